//===- BankModel.h - Shared-memory wavefronts one warp request needs ------===//
#ifndef CUDA_ACCESS_LINT_BANKMODEL_H
#define CUDA_ACCESS_LINT_BANKMODEL_H

#include "analyzer/SectorModel.h"

namespace cal {

struct WavefrontCount {
  int Wavefronts = 0;
  int IdealWavefronts = 1;
  /// The bank with the most distinct words in the worst phase, and how many.
  int WorstBank = 0;
  int WorstWays = 0;
};

/// 32 banks of 4 bytes. Accesses of 8 bytes are served in two half-warp
/// phases and of 16 bytes in four quarter-warp phases; in each phase a bank
/// serves one distinct 4-byte word per wavefront (lanes that read the same
/// word share it). The phases go in pairs (the two half-warps of an 8-byte
/// access, the two quarter-warps of each half-warp of a 16-byte one), and
/// two conflict-free phases of a pair share a wavefront where their banks
/// are disjoint or the pair reads one address, as the H100 measured.
/// LaneBytes, where not 0, is what each lane's request carries to its
/// Bytes-wide element and sets the phases: a compare-and-swap sends two
/// values.
WavefrontCount countWavefronts(const std::vector<LaneAddress> &Lanes, int Bytes,
                               int LaneBytes = 0);
/// Lanes all moved by a multiple of this many bytes need as many
/// wavefronts: whole words turn the banks round, each keeping its words.
constexpr int64_t WavefrontsRepeatBytes = 4;

} // namespace cal

#endif
