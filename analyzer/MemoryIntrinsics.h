//===- MemoryIntrinsics.h - CUDA functions that are memory accesses -------===//
//
// Cache-hint loads and stores (`__ldg`, `__stcs`), atomics (`atomicAdd`,
// nvcc's `__nv_atomic_*`): a call of one is an access through its first
// argument.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_MEMORYINTRINSICS_H
#define CUDA_ACCESS_LINT_MEMORYINTRINSICS_H

#include "analyzer/Value.h"

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace cal {

/// The access a CUDA intrinsic of this name makes through its first
/// argument (an atomic load is a plain load on the GPU); std::nullopt for
/// any other name.
std::optional<AccessOp> intrinsicAccess(llvm::StringRef Name);

} // namespace cal

#endif
