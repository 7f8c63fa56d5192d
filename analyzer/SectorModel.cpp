#include "analyzer/SectorModel.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>

namespace cal {

namespace {
using Units = llvm::SmallVector<int64_t, 64>;

/// The blocks of 2^Log2Unit bytes (sectors, lines) each lane's access
/// touches. A right shift is floor division (arithmetic in clang and GCC,
/// and by definition since C++20), far cheaper than a divide in the many
/// trial counts.
Units blocks(const std::vector<LaneAddress> &Lanes, int Bytes, int Log2Unit) {
  Units Out;
  for (const LaneAddress &L : Lanes)
    for (int64_t S = L.Address >> Log2Unit,
                 E = lastByte(L.Address, Bytes) >> Log2Unit;
         S <= E; ++S)
      Out.push_back(S);
  return Out;
}

/// How many distinct values. A warp has at most 32 lanes, so a sorted small
/// vector beats a tree; lanes usually come in address order already.
int distinct(Units &&V) {
  if (!std::is_sorted(V.begin(), V.end()))
    std::sort(V.begin(), V.end());
  return int(std::unique(V.begin(), V.end()) - V.begin());
}
} // namespace

int countSectorsOnly(const std::vector<LaneAddress> &Lanes, int Bytes) {
  // Lanes mostly come in address order: then the sectors are counted as they
  // come, each new one past the last counted, without a list to sort.
  // A sector index is at least INT64_MIN >> 5, above Last's start.
  int N = 0;
  int64_t Last = INT64_MIN;
  for (const LaneAddress &L : Lanes) {
    int64_t S = L.Address >> 5, E = lastByte(L.Address, Bytes) >> 5;
    if (S < Last)
      return distinct(blocks(Lanes, Bytes, 5));
    N += int(E - S) + (S > Last);
    Last = E;
  }
  return N;
}

SectorCount countSectors(const std::vector<LaneAddress> &Lanes, int Bytes) {
  SectorCount C;
  C.Sectors = countSectorsOnly(Lanes, Bytes);
  C.Lines128 = distinct(blocks(Lanes, Bytes, 7));
  // As Nsight Compute counts it: every active lane's bytes packed, but no
  // more than the lanes' addresses touch where best aligned. Lanes that
  // share an address need no sector of their own, and lanes far apart (two
  // rows, each read by half a warp) one each, whatever the layout.
  int Packed = int((int64_t(Lanes.size()) * Bytes + 31) / 32);
  int Best = C.Sectors;
  std::vector<LaneAddress> Moved = Lanes;
  for (int Shift = Bytes; Shift < 32 && Best > 1; Shift += Bytes) {
    for (size_t I = 0; I < Lanes.size(); ++I)
      Moved[I].Address = Lanes[I].Address + Shift;
    Best = std::min(Best, countSectorsOnly(Moved, Bytes));
  }
  C.IdealSectors = std::min(Packed, Best);
  return C;
}

} // namespace cal
