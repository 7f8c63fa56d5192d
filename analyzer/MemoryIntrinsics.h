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

/// Bytes each lane's compare-and-swap carries (the expected and the new
/// value) where sm_90 runs this atomic on shared memory as a loop of a load
/// and a compare-and-swap, as it does an atomicAdd of a float, a double or a
/// 64-bit integer (cuda-samples/atomic_kinds.cu); 0 where it runs natively.
int sharedCasLoopBytes(llvm::StringRef Name, bool Floating, int Bytes);

/// Whether this is a call into the device runtime (printf, malloc, assert's
/// __assert_fail): a real call, never inlined, that may read and write
/// any memory.
bool deviceRuntimeCall(llvm::StringRef Name);

} // namespace cal

#endif
