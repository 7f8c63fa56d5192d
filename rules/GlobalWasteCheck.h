//===- GlobalWasteCheck.h - Which global-access check owns a waste --------===//
#ifndef CUDA_ACCESS_LINT_GLOBALWASTECHECK_H
#define CUDA_ACCESS_LINT_GLOBALWASTECHECK_H

#include "analyzer/AccessReport.h"
#include "rules/Check.h"

namespace cal {

/// The three global checks split wasteful accesses by cause, so one access
/// gets one warning: a struct field strided by its struct (AoS), contiguous
/// lanes off a sector boundary (misaligned), anything else (uncoalesced).
enum class GlobalWaste { None, Uncoalesced, Misaligned, StructStride };

GlobalWaste classifyGlobalWaste(const AccessReport &R);

/// The bytes of each run of the worst request's elements that lie next to
/// one another, in address order.
std::vector<int64_t> contiguousRuns(const AccessReport &R);

/// Whether Check, which owns the waste Kind, warns on R: the waste is Kind's
/// and holds, or may hold and the check's WarnOnUnknownAlignment is set.
bool warnsOn(const CheckContext &C, llvm::StringRef Check, GlobalWaste Kind,
             const AccessReport &R);

} // namespace cal

#endif
