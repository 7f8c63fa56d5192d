#include "analyzer/SectorModel.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>

namespace cal {

namespace {
using Units = llvm::SmallVector<int64_t, 64>;

/// The Unit-byte blocks (sectors, lines) each lane's access touches.
Units blocks(const std::vector<LaneAddress> &Lanes, int Bytes, int64_t Unit) {
  Units Out;
  for (const LaneAddress &L : Lanes)
    for (int64_t S = floorDiv(L.Address, Unit),
                 E = floorDiv(lastByte(L.Address, Bytes), Unit);
         S <= E; ++S)
      Out.push_back(S);
  return Out;
}

/// How many distinct values. A warp has at most 32 lanes, so a sorted small
/// vector beats a tree.
int distinct(Units V) {
  std::sort(V.begin(), V.end());
  return int(std::unique(V.begin(), V.end()) - V.begin());
}
} // namespace

int countSectorsOnly(const std::vector<LaneAddress> &Lanes, int Bytes) {
  return distinct(blocks(Lanes, Bytes, 32));
}

SectorCount countSectors(const std::vector<LaneAddress> &Lanes, int Bytes) {
  Units Starts;
  for (const LaneAddress &L : Lanes)
    Starts.push_back(L.Address);
  SectorCount C;
  C.Sectors = countSectorsOnly(Lanes, Bytes);
  C.Lines128 = distinct(blocks(Lanes, Bytes, 128));
  C.IdealSectors = int((int64_t(distinct(Starts)) * Bytes + 31) / 32);
  return C;
}

} // namespace cal
