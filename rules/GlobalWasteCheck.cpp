#include "rules/GlobalWasteCheck.h"

namespace cal {

/// A request with a few active lanes (a halo load by one column of
/// threads) wastes a sector or two that no rewrite would save.
constexpr size_t MinActiveLanes = 1;

std::vector<int64_t> contiguousRuns(const AccessReport &R) {
  llvm::SmallVector<int64_t, 32> At;
  for (const LaneNote &L : R.WorstLanes)
    At.push_back(L.Delta);
  llvm::sort(At);
  std::vector<int64_t> Runs;
  for (size_t I = 0; I < At.size();) {
    size_t J = I + 1;
    while (J < At.size() && At[J] <= At[J - 1] + R.Bytes)
      ++J;
    Runs.push_back(At[J - 1] - At[I] + R.Bytes);
    I = J;
  }
  return Runs;
}

/// Whether the worst request would need no more than the ideal were each
/// of its runs to start on a sector: its waste is then its alignment's.
/// Four groups of 8 lanes, each reading 16 bytes of its own row
/// (cuda_hgemv), need 4 sectors for 64 bytes however aligned.
static bool alignedRunsIdeal(const AccessReport &R) {
  int64_t Sectors = 0;
  for (int64_t Bytes : contiguousRuns(R))
    Sectors += (Bytes + 31) / 32;
  return Sectors <= R.IdealSectors;
}

GlobalWaste classifyGlobalWaste(const AccessReport &R) {
  if (R.Space != MemSpace::Global || !R.wasteful())
    return GlobalWaste::None;
  if (R.Record && R.RecordBytes > R.Bytes && R.StrideX &&
      *R.StrideX == R.RecordBytes)
    return GlobalWaste::StructStride;
  if (R.StrideX && *R.StrideX == R.Bytes && alignedRunsIdeal(R))
    return GlobalWaste::Misaligned;
  return GlobalWaste::Uncoalesced;
}

bool warnsOn(const CheckContext &C, llvm::StringRef Check, GlobalWaste Kind,
             const AccessReport &R) {
  return classifyGlobalWaste(R) == Kind &&
         (!(R.wasteDependsOnUnknown() || R.leavesOutTheEdge()) ||
          C.flag(Check, WarnOnUnknownAlignment));
}

} // namespace cal
