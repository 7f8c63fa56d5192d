//===- SectorModel.h - 32-byte sectors one warp request touches -----------===//
#ifndef CUDA_ACCESS_LINT_SECTORMODEL_H
#define CUDA_ACCESS_LINT_SECTORMODEL_H

#include <cstdint>
#include <vector>

namespace cal {

/// One active lane's byte address.
struct LaneAddress {
  int Lane;
  int64_t Address;
};

struct SectorCount {
  int Sectors = 0;      ///< distinct 32 B sectors touched
  int IdealSectors = 0; ///< distinct addresses x size, packed
  int Lines128 = 0;     ///< distinct 128 B lines (the L1-cached view)
};

/// Sectors are counted on 32-byte boundaries of the address, as the L2 and
/// Nsight Compute's "L2 Theoretical Sectors Global" count them.
SectorCount countSectors(const std::vector<LaneAddress> &Lanes, int Bytes);

} // namespace cal

#endif
