//===- LostLaunches.h - Launches clang could not parse --------------------===//
//
// A launch statement clang could not parse is gone from the AST: its kernel
// gets no launch shape from it, and a template kernel no instance. The
// error is in host code, which the analysis otherwise only notes; a hook
// must not pass a file whose launch was lost.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_LOSTLAUNCHES_H
#define CUDA_ACCESS_LINT_LOSTLAUNCHES_H

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/ArrayRef.h"

#include <vector>

namespace cal {

/// Of Errors, where clang reported its errors, those on a line of the
/// user's code that holds a launch's `<<<` and no launch clang built.
std::vector<clang::SourceLocation>
lostLaunches(clang::ASTContext &Ctx,
             llvm::ArrayRef<clang::SourceLocation> Errors);

} // namespace cal

#endif
