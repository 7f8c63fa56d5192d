//===- IfConversion.h - Which branches nvcc turns into predication --------===//
//
// nvcc compiles a small `if` body into predicated instructions: every warp
// that reaches the `if` executes them, its lanes switched off where the
// condition fails, and the profiler counts those executions. A larger body,
// or one with a costly operation, becomes a jump that warps without an
// active lane skip.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_IFCONVERSION_H
#define CUDA_ACCESS_LINT_IFCONVERSION_H

namespace clang {
class FunctionDecl;
class Stmt;
} // namespace clang

namespace cal {

/// Whether nvcc would if-convert If, an `if` or a `?:` of F. A `?:` is a
/// select by the same rule: `c ? s[lane] : 0` of a block reduction runs in
/// every warp that reaches it.
bool isIfConverted(const clang::Stmt *If, const clang::FunctionDecl *F);

} // namespace cal

#endif
