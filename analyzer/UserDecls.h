//===- UserDecls.h - The top-level declarations outside system headers ----===//
#ifndef CUDA_ACCESS_LINT_USERDECLS_H
#define CUDA_ACCESS_LINT_USERDECLS_H

#include <vector>

namespace clang {
class ASTContext;
class Decl;
class FunctionDecl;
} // namespace clang

namespace cal {

/// The translation unit's top-level declarations that are not in a system
/// header: where kernels and their launches are looked for. The CUDA and
/// C++ headers are most of a translation unit, and walking them cost more
/// than analyzing a small file's kernels.
std::vector<clang::Decl *> userDecls(clang::ASTContext &Ctx);

/// Whether FD runs on the device alone (a kernel, a __device__ function):
/// host calls (launches, cudaMemcpyToSymbol) are not in it.
bool deviceOnly(const clang::FunctionDecl *FD);

} // namespace cal

#endif
