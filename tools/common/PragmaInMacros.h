//===- PragmaInMacros.h - nvcc's `#define UNROLL #pragma unroll` ----------===//
//
// nvcc takes a `#pragma` that a macro expands to (moderngpu's and CUTLASS's
// `#define PRAGMA_UNROLL #pragma unroll` outside clang); clang reads the `#`
// as a stray token and the kernel around it fails to compile. Such a macro
// is defined again as `_Pragma("unroll")`, which clang takes, in the driver
// and the plugin alike.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_PRAGMAINMACROS_H
#define CUDA_ACCESS_LINT_PRAGMAINMACROS_H

#include "clang/Lex/PPCallbacks.h"

namespace clang {
class Preprocessor;
}

namespace cal {

class PragmaInMacros : public clang::PPCallbacks {
public:
  explicit PragmaInMacros(clang::Preprocessor &PP) : PP(PP) {}
  void MacroDefined(const clang::Token &Name,
                    const clang::MacroDirective *MD) override;

private:
  clang::Preprocessor &PP;
};

} // namespace cal

#endif
