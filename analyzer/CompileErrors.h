//===- CompileErrors.h - Where clang could not compile a kernel's code ----===//
//
// Clang recovers from errors and goes on: an unknown type becomes `int`, an
// undeclared name an expression that holds an error. Numbers computed from
// such code describe a program nvcc never builds, so a kernel whose code
// (its own or that of a function it calls) holds an error is named, and its
// accesses are not known.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_COMPILEERRORS_H
#define CUDA_ACCESS_LINT_COMPILEERRORS_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"

#include <optional>

namespace clang {
class FunctionDecl;
} // namespace clang

namespace cal {

/// The first place in Kernel, or in a function of the user's it calls,
/// that clang reported an error at (one of Reported) or marked as holding
/// one; std::nullopt where none. Reported errors count: a statement clang
/// could not build leaves no trace in the AST.
std::optional<clang::SourceLocation>
compileErrorIn(const clang::FunctionDecl *Kernel,
               llvm::ArrayRef<clang::SourceLocation> Reported);

} // namespace cal

#endif
