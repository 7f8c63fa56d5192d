#include "analyzer/SectorModel.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>

namespace cal {

namespace {
/// How many distinct values; sorts V. A warp has at most 32 lanes, so a
/// sorted small vector beats a tree.
int distinct(std::vector<int64_t> &V) {
  std::sort(V.begin(), V.end());
  return int(std::unique(V.begin(), V.end()) - V.begin());
}
} // namespace

int countSectorsOnly(const std::vector<LaneAddress> &Lanes, int Bytes) {
  llvm::SmallVector<int64_t, 64> Sectors;
  for (const LaneAddress &L : Lanes)
    for (int64_t S = floorDiv(L.Address, 32),
                 E = floorDiv(lastByte(L.Address, Bytes), 32);
         S <= E; ++S)
      Sectors.push_back(S);
  std::sort(Sectors.begin(), Sectors.end());
  return int(std::unique(Sectors.begin(), Sectors.end()) - Sectors.begin());
}

SectorCount countSectors(const std::vector<LaneAddress> &Lanes, int Bytes) {
  std::vector<int64_t> Sectors, Lines, Starts;
  for (const LaneAddress &L : Lanes) {
    Starts.push_back(L.Address);
    for (int64_t S = floorDiv(L.Address, 32),
                 E = floorDiv(lastByte(L.Address, Bytes), 32);
         S <= E; ++S)
      Sectors.push_back(S);
    for (int64_t S = floorDiv(L.Address, 128),
                 E = floorDiv(lastByte(L.Address, Bytes), 128);
         S <= E; ++S)
      Lines.push_back(S);
  }
  SectorCount C;
  C.Sectors = distinct(Sectors);
  C.Lines128 = distinct(Lines);
  C.IdealSectors = int((int64_t(distinct(Starts)) * Bytes + 31) / 32);
  return C;
}

} // namespace cal
