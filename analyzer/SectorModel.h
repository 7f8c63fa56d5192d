//===- SectorModel.h - 32-byte sectors one warp request touches -----------===//
#ifndef CUDA_ACCESS_LINT_SECTORMODEL_H
#define CUDA_ACCESS_LINT_SECTORMODEL_H

#include <cstdint>
#include <vector>

namespace cal {

/// Division rounding toward minus infinity: which 32-byte sector or 4-byte
/// word a (possibly negative) byte offset falls in.
inline int64_t floorDiv(int64_t A, int64_t B) {
  return A / B - (A % B != 0 && A < 0); // no overflow at INT64_MIN
}

/// The last byte of an access of Bytes at Address (Address itself where
/// that would pass the largest address).
inline int64_t lastByte(int64_t Address, int Bytes) {
  return Address > INT64_MAX - Bytes ? Address : Address + Bytes - 1;
}

/// One active lane's byte address.
struct LaneAddress {
  int Lane;
  int64_t Address;
};

struct SectorCount {
  int Sectors = 0; ///< distinct 32 B sectors touched
  /// Every lane's bytes packed, or the sectors of the lanes' addresses best
  /// aligned where fewer (a broadcast: 1).
  int IdealSectors = 0;
  int Lines128 = 0; ///< distinct 128 B lines (the L1-cached view)
};

/// Sectors are counted on 32-byte boundaries of the address, as the L2 and
/// Nsight Compute's "L2 Theoretical Sectors Global" count them.
SectorCount countSectors(const std::vector<LaneAddress> &Lanes, int Bytes);
/// countSectors(...).Sectors alone, for the many trial counts.
int countSectorsOnly(const std::vector<LaneAddress> &Lanes, int Bytes);
/// Lanes all moved by a multiple of this many bytes touch as many sectors.
constexpr int64_t SectorsRepeatBytes = 32;

} // namespace cal

#endif
