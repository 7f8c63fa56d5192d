#include "rules/GlobalWasteCheck.h"

namespace cal {

GlobalWaste classifyGlobalWaste(const AccessReport &R) {
  if (R.Space != MemSpace::Global || !R.wasteful())
    return GlobalWaste::None;
  if (R.Field && R.RecordBytes > R.Bytes && R.StrideX &&
      *R.StrideX == R.RecordBytes)
    return GlobalWaste::StructStride;
  if (R.StrideX && *R.StrideX == R.Bytes)
    return GlobalWaste::Misaligned;
  return GlobalWaste::Uncoalesced;
}

} // namespace cal
