#include "analyzer/SectorModel.h"

#include <set>

namespace cal {

SectorCount countSectors(const std::vector<LaneAddress> &Lanes, int Bytes) {
  std::set<int64_t> Sectors, Lines, Starts;
  for (const LaneAddress &L : Lanes) {
    Starts.insert(L.Address);
    for (int64_t S = floorDiv(L.Address, 32),
                 E = floorDiv(L.Address + Bytes - 1, 32);
         S <= E; ++S)
      Sectors.insert(S);
    for (int64_t S = floorDiv(L.Address, 128),
                 E = floorDiv(L.Address + Bytes - 1, 128);
         S <= E; ++S)
      Lines.insert(S);
  }
  SectorCount C;
  C.Sectors = int(Sectors.size());
  C.Lines128 = int(Lines.size());
  C.IdealSectors = int((int64_t(Starts.size()) * Bytes + 31) / 32);
  return C;
}

} // namespace cal
