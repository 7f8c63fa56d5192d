//===- Suppressions.h - NOLINT comments, as clang-tidy reads them ---------===//
#ifndef CUDA_ACCESS_LINT_SUPPRESSIONS_H
#define CUDA_ACCESS_LINT_SUPPRESSIONS_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

namespace clang {
class SourceManager;
}

namespace cal {

/// True when `// NOLINT`, `// NOLINTNEXTLINE` on the line above, or an open
/// `NOLINTBEGIN` ... `NOLINTEND` region covers Loc for this check. A list in
/// parentheses names the checks (globs allowed); none means all.
bool isSuppressed(const clang::SourceManager &SM, clang::SourceLocation Loc,
                  llvm::StringRef Check);

/// Whether a comma-separated glob list (`-*,cuda-access-aos`) enables Name;
/// the last matching glob wins.
bool globListMatches(llvm::StringRef Globs, llvm::StringRef Name);

} // namespace cal

#endif
