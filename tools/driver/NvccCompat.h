//===- NvccCompat.h - What nvcc has built in and Clang's headers lack -----===//
#ifndef CUDA_ACCESS_LINT_NVCCCOMPAT_H
#define CUDA_ACCESS_LINT_NVCCCOMPAT_H

#include "llvm/Support/VirtualFileSystem.h"

namespace cal {

/// Where the compatibility header is, in the file system withNvccCompat()
/// gives: a path no real file has.
inline constexpr const char *NvccCompatPath =
    "/cuda-access-lint-builtin/nvcc-compat.h";

/// Base with the compatibility header laid over it, at NvccCompatPath. The
/// header declares the cache-hint intrinsics (`__stcs`, `__ldlu`, ...) and
/// `__nv_atomic_*` builtins nvcc accepts and Clang 22's CUDA headers lack,
/// so code using them parses; the analyzer knows the calls by name.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
withNvccCompat(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base);

} // namespace cal

#endif
