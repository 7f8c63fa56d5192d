//===- Check.h - One rule: access reports in, warnings out ----------------===//
#ifndef CUDA_ACCESS_LINT_CHECK_H
#define CUDA_ACCESS_LINT_CHECK_H

#include "analyzer/AccessReport.h"
#include "analyzer/Analyzer.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace cal {

struct Finding {
  std::string Check;
  clang::SourceLocation Loc;
  std::string Message;
  std::vector<std::pair<clang::SourceLocation, std::string>> Notes;
  std::vector<clang::FixItHint> Fixes;
  /// The access this finding is about: its assumptions become notes.
  const AccessReport *Report = nullptr;
  std::string Kernel;
  /// What the driver keeps of Report once the kernel's checks are done,
  /// when the reports themselves go: the access, and its assumptions.
  const clang::Expr *Site = nullptr;
  std::vector<std::string> Assumptions;
  /// The access's bytes beyond the ideal per launch (AccessReport::
  /// wastedBytes), where known.
  std::optional<double> WastedBytes;
};

/// Check options as clang-tidy keys them: "cuda-access-misaligned.Name".
using CheckOptions = std::map<std::string, std::string>;

class CheckContext {
public:
  CheckContext(clang::ASTContext &Ctx, const std::vector<AccessReport> &Reports,
               const AnalyzerOptions &Options,
               const CheckOptions *CheckOpts = nullptr)
      : Ctx(Ctx), Reports(Reports), Options(Options), CheckOpts(CheckOpts) {
    for (const AccessReport &R : Reports)
      ByKernel[R.Kernel].push_back(&R);
  }
  clang::ASTContext &Ctx;
  const std::vector<AccessReport> &Reports;
  const AnalyzerOptions &Options;
  /// Whether the option Name of Check is set to true (clang-tidy's spellings
  /// of true: "true", "1").
  bool flag(llvm::StringRef Check, llvm::StringRef Name) const {
    if (!CheckOpts)
      return false;
    auto It = CheckOpts->find((Check + "." + Name).str());
    return It != CheckOpts->end() &&
           (It->second == "true" || It->second == "1");
  }
  /// The reports of kernel K, in order: a check that compares an access
  /// with the others of its kernel stays linear in the number of kernels.
  llvm::ArrayRef<const AccessReport *>
  reportsOf(const clang::FunctionDecl *K) const {
    auto It = ByKernel.find(K);
    if (It == ByKernel.end())
      return {};
    return It->second;
  }

private:
  const CheckOptions *CheckOpts;
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<const AccessReport *>>
      ByKernel;
};

/// The option of each check that claims waste which turns accesses whose
/// waste depends on an unknown value (their alignment, their lanes' banks)
/// into warnings that say "may".
inline constexpr llvm::StringLiteral WarnOnUnknownAlignment =
    "WarnOnUnknownAlignment";

class Check {
public:
  virtual ~Check() = default;
  virtual llvm::StringRef name() const = 0;
  /// One sentence: what the check finds (for --list-checks and SARIF).
  virtual llvm::StringRef summary() const = 0;
  /// The options the check reads (flags, "true" or "false").
  virtual std::vector<llvm::StringRef> optionNames() const { return {}; }
  /// The check's findings, each saying which kernel it was evaluated for
  /// where the access is in a function the kernel calls.
  void run(const CheckContext &C, std::vector<Finding> &Out);

protected:
  virtual void find(const CheckContext &C, std::vector<Finding> &Out) = 0;
};

/// All checks, in the order they run.
std::vector<std::unique_ptr<Check>> createChecks();

} // namespace cal

#endif
