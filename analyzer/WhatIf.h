//===- WhatIf.h - A change tried on a kernel before a fix proposes it -----===//
#ifndef CUDA_ACCESS_LINT_WHATIF_H
#define CUDA_ACCESS_LINT_WHATIF_H

#include <cstdint>

namespace clang {
class VarDecl;
} // namespace clang

namespace cal {

/// The kernel as it would be with a shared array padded by Pad elements in
/// its innermost dimension; no change where Padded is null.
struct WhatIf {
  const clang::VarDecl *Padded = nullptr;
  int64_t Pad = 0;
};

} // namespace cal

#endif
