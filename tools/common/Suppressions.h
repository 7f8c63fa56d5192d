//===- Suppressions.h - NOLINT comments, as clang-tidy reads them ---------===//
#ifndef CUDA_ACCESS_LINT_SUPPRESSIONS_H
#define CUDA_ACCESS_LINT_SUPPRESSIONS_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

namespace clang {
class SourceManager;
}

namespace cal {

/// The NOLINT comments of the files of one translation unit.
class Suppressions {
public:
  explicit Suppressions(const clang::SourceManager &SM) : SM(SM) {}
  /// True when `// NOLINT`, `// NOLINTNEXTLINE` on the line above, or an
  /// open `NOLINTBEGIN` ... `NOLINTEND` region covers Loc for this check. A
  /// list in parentheses names the checks (globs allowed); none means all.
  bool covers(clang::SourceLocation Loc, llvm::StringRef Check);

private:
  const clang::SourceManager &SM;
  /// Per file, where "NOLINT" occurs, found once: a file has thousands of
  /// findings and few markers.
  llvm::DenseMap<clang::FileID, std::vector<size_t>> Markers;
};

/// Whether a comma-separated glob list (`-*,cuda-access-aos`) enables Name;
/// the last matching glob wins.
bool globListMatches(llvm::StringRef Globs, llvm::StringRef Name);

} // namespace cal

#endif
