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

#include <memory>
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
};

class CheckContext {
public:
  CheckContext(clang::ASTContext &Ctx, const std::vector<AccessReport> &Reports,
               const AnalyzerOptions &Options)
      : Ctx(Ctx), Reports(Reports), Options(Options) {
    for (const AccessReport &R : Reports)
      ByKernel[R.Kernel].push_back(&R);
  }
  clang::ASTContext &Ctx;
  const std::vector<AccessReport> &Reports;
  const AnalyzerOptions &Options;
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
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<const AccessReport *>>
      ByKernel;
};

class Check {
public:
  virtual ~Check() = default;
  virtual llvm::StringRef name() const = 0;
  /// One sentence: what the check finds (for --list-checks and SARIF).
  virtual llvm::StringRef summary() const = 0;
  virtual void run(const CheckContext &C, std::vector<Finding> &Out) = 0;
};

/// All checks, in the order they run.
std::vector<std::unique_ptr<Check>> createChecks();

} // namespace cal

#endif
