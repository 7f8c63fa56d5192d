//===- CudaAccessTidyModule.cpp - The checks as a clang-tidy plugin -------===//
//
// clang-tidy -load=cuda-access-tidy.so -checks='-*,cuda-access-*' file.cu --
//   --cuda-device-only --cuda-gpu-arch=sm_90 ...
//
// One clang-tidy check per cal::Check, under the same name, on the same
// engine: the translation unit is analyzed once (the first check to run
// analyzes, the others reuse its reports) and each check phrases its own
// findings, as the driver does.
//
//===----------------------------------------------------------------------===//
#include "analyzer/Analyzer.h"
#include "rules/Check.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/ASTMatchers/ASTMatchers.h"

#include <set>

using namespace clang;
using namespace clang::ast_matchers;
using namespace clang::tidy;

namespace cal {
namespace {

/// The reports and launches of the translation unit being checked, shared
/// by the checks.
struct SharedAnalysis {
  const ASTContext *Ctx = nullptr;
  AnalyzerOptions Options;
  LaunchSites Launches;
  std::vector<AccessReport> Reports;

  const std::vector<AccessReport> &get(ASTContext &C) {
    if (Ctx != &C) {
      Launches = findLaunches(C);
      Options.Launches = &Launches;
      Reports = analyzeTranslationUnit(C, Options);
      Ctx = &C;
    }
    return Reports;
  }
  void clear() {
    Ctx = nullptr;
    Options.Launches = nullptr;
    Launches = {};
    Reports.clear();
  }
};

SharedAnalysis &sharedAnalysis() {
  static SharedAnalysis S;
  return S;
}

class CudaAccessCheck : public ClangTidyCheck {
public:
  CudaAccessCheck(StringRef Name, ClangTidyContext *Context,
                  std::unique_ptr<Check> Impl)
      : ClangTidyCheck(Name, Context), Impl(std::move(Impl)) {
    // clang-tidy's CheckOptions, keyed as the driver's config file keys them.
    for (StringRef Option : this->Impl->optionNames())
      if (std::optional<StringRef> V = Options.get(Option))
        CheckOpts[(Name + "." + Option).str()] = V->str();
  }

  // Every option, set or at its default, as clang-tidy's -dump-config lists
  // its own checks'.
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override {
    for (StringRef Option : Impl->optionNames()) {
      auto It = CheckOpts.find((getID() + "." + Option).str());
      Options.store(Opts, Option,
                    It == CheckOpts.end() ? StringRef("false")
                                          : StringRef(It->second));
    }
  }

  bool isLanguageVersionSupported(const LangOptions &LO) const override {
    return LO.CUDA;
  }

  void registerMatchers(MatchFinder *Finder) override {
    Finder->addMatcher(translationUnitDecl().bind("tu"), this);
  }

  void onEndOfTranslationUnit() override { sharedAnalysis().clear(); }

  void check(const MatchFinder::MatchResult &Result) override {
    ASTContext &Ctx = *Result.Context;
    SharedAnalysis &Shared = sharedAnalysis();
    const std::vector<AccessReport> &Reports = Shared.get(Ctx);
    CheckContext C{Ctx, Reports, Shared.Options, &CheckOpts};
    std::vector<Finding> Found;
    Impl->run(C, Found);
    SourceManager &SM = Ctx.getSourceManager();
    std::set<std::string> Seen;
    for (Finding &F : Found) {
      if (F.Loc.isInvalid() && F.Report)
        F.Loc = F.Report->Site->getBeginLoc();
      PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(F.Loc));
      std::string Key = std::to_string(P.getLine()) + ":" +
                        std::to_string(P.getColumn()) + F.Message;
      if (!Seen.insert(Key).second)
        continue; // the same warning from another launch shape
      {
        // clang-tidy applies the fix-its of the warning itself, so all of
        // them go there (the padding of a declaration included).
        DiagnosticBuilder D = diag(F.Loc, "%0") << F.Message;
        for (const FixItHint &H : F.Fixes)
          D << H;
      }
      for (const auto &[Loc, Text] : F.Notes)
        if (Loc.isInvalid())
          diag(F.Loc, "%0", DiagnosticIDs::Note) << Text;
      if (F.Report)
        for (const std::string &A : F.Report->Assumptions)
          diag(F.Loc, "%0", DiagnosticIDs::Note) << ("assumed: " + A);
      for (const auto &[Loc, Text] : F.Notes)
        if (Loc.isValid())
          diag(Loc, "%0", DiagnosticIDs::Note) << Text;
    }
  }

private:
  std::unique_ptr<Check> Impl;
  CheckOptions CheckOpts;
};

class CudaAccessModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    std::vector<std::unique_ptr<Check>> Checks = createChecks();
    for (size_t I = 0; I < Checks.size(); ++I)
      Factories.registerCheckFactory(
          Checks[I]->name(), [I](StringRef Name, ClangTidyContext *Context) {
            std::vector<std::unique_ptr<Check>> Fresh = createChecks();
            return std::make_unique<CudaAccessCheck>(Name, Context,
                                                     std::move(Fresh[I]));
          });
  }
};

} // namespace
} // namespace cal

namespace clang::tidy {
static ClangTidyModuleRegistry::Add<cal::CudaAccessModule>
    X("cuda-access-module",
      "CUDA memory access checks: uncoalesced and misaligned global "
      "accesses, bank conflicts, array-of-structs fields, read-only loads.");

// The anchor clang-tidy's in-tree modules export; a plugin loaded with
// -load needs no reference to it, but a static link could use it.
volatile int CudaAccessModuleAnchorSource = 0;
} // namespace clang::tidy
