//===- BankModel.h - Shared-memory wavefronts one warp request needs ------===//
#ifndef CUDA_ACCESS_LINT_BANKMODEL_H
#define CUDA_ACCESS_LINT_BANKMODEL_H

#include "analyzer/SectorModel.h"

namespace cal {

/// Why two conflict-free phases of a pair took a wavefront each.
enum class PhasesApart {
  No,
  SameBanks, ///< they use some bank both, for other words or many
             ///< addresses
  LoneLane,  ///< some address is read by one lane alone
  Store,     ///< a store's phases never share one
  TwoValues, ///< a compare-and-swap's lanes carry two values each
};

struct WavefrontCount {
  int Wavefronts = 0;
  int IdealWavefronts = 1;
  /// The bank with the most distinct words in the worst phase, and how many.
  int WorstBank = 0;
  int WorstWays = 0;
  /// The first pair's reason, where some pair's phases went apart.
  PhasesApart Apart = PhasesApart::No;
};

/// The phases a warp request of Bytes a lane is served in: the whole warp
/// up to 4 bytes, each half-warp at 8, each quarter-warp at 16.
constexpr int bankPhases(int64_t Bytes) {
  return Bytes > 8 ? 4 : Bytes > 4 ? 2 : 1;
}

/// 32 banks of 4 bytes. Accesses of 8 bytes are served in two half-warp
/// phases and of 16 bytes in four quarter-warp phases; in each phase a bank
/// serves one distinct 4-byte word per wavefront (lanes that read the same
/// word share it). The phases go in pairs (the two half-warps of an 8-byte
/// access, the two quarter-warps of each half-warp of a 16-byte one), and
/// two conflict-free phases of a load's pair share a wavefront where the
/// pair reads one address, or where each of its addresses is read by two
/// lanes or more and their banks are disjoint or each phase reads at most
/// two addresses whose words the other reads too where it uses their
/// banks, as the H100 measured; a store's phases never share one. LaneBytes,
/// where not 0, is what each lane's request carries to its Bytes-wide element
/// and sets the phases: a compare-and-swap sends two values.
WavefrontCount countWavefronts(const std::vector<LaneAddress> &Lanes, int Bytes,
                               int LaneBytes = 0, bool Store = false);
/// Lanes all moved by a multiple of this many bytes need as many
/// wavefronts: whole words turn the banks round, each keeping its words.
constexpr int64_t WavefrontsRepeatBytes = 4;

} // namespace cal

#endif
