#include "rules/GlobalWasteCheck.h"

namespace cal {

/// A request with a few active lanes (a halo load by one column of
/// threads) wastes a sector or two that no rewrite would save.
constexpr size_t MinActiveLanes = 1;

GlobalWaste classifyGlobalWaste(const AccessReport &R) {
  if (R.Space != MemSpace::Global || !R.wasteful())
    return GlobalWaste::None;
  if (R.Record && R.RecordBytes > R.Bytes && R.StrideX &&
      *R.StrideX == R.RecordBytes)
    return GlobalWaste::StructStride;
  if (R.StrideX && *R.StrideX == R.Bytes)
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
