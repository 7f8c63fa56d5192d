//===- FindingPipeline.h - From the checks' findings to what is shown -----===//
//
// The one path from the checks to the output, shared by the driver and the
// clang-tidy plugin: run the checks on a kernel's reports and keep what each
// finding needs once the reports go; order the findings by place; drop the
// same warning found again under another launch shape and apply the filters
// the front end owns (headers, lines, NOLINT); give each finding's notes in
// the order they are shown. A front end only prints.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_FINDINGPIPELINE_H
#define CUDA_ACCESS_LINT_FINDINGPIPELINE_H

#include "rules/Check.h"
#include "tools/common/SourceFilters.h"
#include "tools/common/Suppressions.h"

#include "llvm/ADT/ArrayRef.h"

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class SourceManager;
}

namespace cal {

/// Runs Checks over C's reports and appends their findings to Out, with the
/// index in Checks of each one's check in CheckOf. Each finding gets its
/// check's name, its kernel, its place and its access's assumptions, and
/// points into the reports no more: they may go once this returns.
void collectFindings(const CheckContext &C,
                     llvm::ArrayRef<std::unique_ptr<Check>> Checks,
                     std::vector<Finding> &Out, std::vector<unsigned> &CheckOf);

/// Findings in the order of their places in the translation unit; at one
/// place, check by check (CheckOf), then in the order found, as runs of
/// each check over the whole file would give them.
void sortByPlace(const clang::SourceManager &SM, std::vector<Finding> &Findings,
                 llvm::ArrayRef<unsigned> CheckOf);

/// What becomes of each finding, in order: shown, or why not.
class FindingFilter {
public:
  enum Verdict { Shown, Repeated, Filtered, Suppressed };
  /// The filters the front end owns, where it does not leave them to its
  /// host (clang-tidy applies its own to the plugin's warnings).
  struct Filters {
    const HeaderFilter *Headers = nullptr;
    const LineFilter *Lines = nullptr;
    bool Nolint = false;
  };
  FindingFilter(const clang::SourceManager &SM, Filters F)
      : SM(SM), F(F), Nolint(SM) {}
  /// Repeated: the same check, place and message as one judged before (the
  /// same warning from another launch shape). Filtered: a header or line
  /// filter hides it. Suppressed: a NOLINT comment covers it.
  Verdict judge(const Finding &Finding);
  /// What judge() tells repeats by: the check, place and message.
  std::string placeOf(const Finding &Finding) const;

private:
  const clang::SourceManager &SM;
  Filters F;
  Suppressions Nolint;
  std::set<std::string> Seen;
};

/// One note of a finding, where it is shown.
struct ShownNote {
  clang::SourceLocation Loc;
  std::string Text;
};
/// F's notes in the order shown: those at the warning's place, then its
/// assumptions ("assumed: ..."), then the ones that point elsewhere (a
/// declaration to pad).
std::vector<ShownNote> shownNotes(const Finding &F);

} // namespace cal

#endif
