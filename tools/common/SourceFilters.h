//===- SourceFilters.h - Which places' findings are shown -----------------===//
//
// clang-tidy's --header-filter, --exclude-header-filter, --system-headers and
// --line-filter, for the driver: clang-tidy applies its own to the plugin.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_SOURCEFILTERS_H
#define CUDA_ACCESS_LINT_SOURCEFILTERS_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Regex.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class SourceManager;
}

namespace cal {

/// Which headers are shown: the main file always, a system header only
/// with SystemHeaders, another header as the regular expressions say.
class HeaderFilter {
public:
  /// "" or the problem with a regular expression. Include ".*" and Exclude
  /// "" (the defaults, as clang-tidy 22's) pass every header.
  std::string set(llvm::StringRef Include, llvm::StringRef Exclude,
                  bool SystemHeaders);
  bool shows(const clang::SourceManager &SM, clang::SourceLocation Loc) const;

private:
  std::optional<llvm::Regex> Include, Exclude;
  bool SystemHeaders = false;
};

/// --line-filter: files by the end of their name, each with its ranges of
/// lines (none: all of them). Without entries every line is shown.
class LineFilter {
public:
  /// "" or why Json is not a list of {"name": FILE, "lines": [[A, B]...]}.
  std::string parse(llvm::StringRef Json);
  bool shows(llvm::StringRef File, unsigned Line) const;

private:
  struct Entry {
    std::string Name;
    std::vector<std::pair<int64_t, int64_t>> Lines;
  };
  std::vector<Entry> Entries;
};

} // namespace cal

#endif
