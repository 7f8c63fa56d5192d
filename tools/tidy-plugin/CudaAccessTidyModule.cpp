//===- CudaAccessTidyModule.cpp - The checks as a clang-tidy plugin -------===//
//
// clang-tidy -load=cuda-access-tidy.so -checks='-*,cuda-access-*' file.cu --
//   --cuda-device-only --cuda-gpu-arch=sm_90 ...
//
// One clang-tidy check per cal::Check, under the same name, on the same
// engine and settings as the driver: the translation unit is analyzed once
// (the first check to run analyzes, the others reuse its reports) and each
// check's findings take the driver's path (tools/common/FindingPipeline.h)
// to clang-tidy, which filters and prints them.
//
//===----------------------------------------------------------------------===//
#include "analyzer/Analyzer.h"
#include "rules/Check.h"
#include "tools/common/FindingPipeline.h"
#include "tools/common/LintSettings.h"
#include "tools/common/PragmaInMacros.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace clang::tidy;

namespace cal {
namespace {

/// The translation unit being checked, shared by the checks: its settings
/// (the .cuda-access-lint.yaml above the main file, as the driver reads
/// it; its WarningsAsErrors is left to clang-tidy's own), launches and
/// reports.
struct SharedAnalysis {
  const ASTContext *Ctx = nullptr;
  LintSettings Settings;
  std::string ConfigError;
  bool ConfigErrorShown = false;
  LaunchSites Launches;
  std::vector<AccessReport> Reports;

  void analyze(ASTContext &C, bool SystemHeaders) {
    if (Ctx == &C)
      return;
    Ctx = &C;
    Settings = LintSettings();
    ConfigError.clear();
    ConfigErrorShown = false;
    Reports.clear();
    const SourceManager &SM = C.getSourceManager();
    OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
    std::optional<FileConfig> Config =
        findConfig(Main ? Main->getName().str() : "", ConfigError);
    if (Config)
      ConfigError = settingsFor(*Config, AnalyzerOptions(), {}, Settings);
    if (!ConfigError.empty())
      return; // named once, nothing analyzed
    Launches = findLaunches(C);
    Settings.Opts.Launches = &Launches;
    Settings.Opts.SystemHeaderKernels = SystemHeaders;
    Reports = analyzeTranslationUnit(C, Settings.Opts);
  }
  void clear() {
    Ctx = nullptr;
    Settings = LintSettings();
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
      : ClangTidyCheck(Name, Context), Context(*Context) {
    // clang-tidy's CheckOptions, keyed as the config file keys them; they
    // win over the file's.
    for (StringRef Option : Impl->optionNames())
      if (std::optional<StringRef> V = Options.get(Option))
        CheckOpts[(Name + "." + Option).str()] = V->str();
    Checks.push_back(std::move(Impl));
  }

  // Every option, set or at its default, as clang-tidy's -dump-config lists
  // its own checks'.
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override {
    for (StringRef Option : Checks.front()->optionNames()) {
      auto It = CheckOpts.find((getID() + "." + Option).str());
      Options.store(Opts, Option,
                    It == CheckOpts.end() ? StringRef("false")
                                          : StringRef(It->second));
    }
  }

  bool isLanguageVersionSupported(const LangOptions &LO) const override {
    return LO.CUDA;
  }

  // Each check's: the first to see a macro defines it again, the rest
  // find it done.
  void registerPPCallbacks(const SourceManager &, Preprocessor *PP,
                           Preprocessor *) override {
    PP->addPPCallbacks(std::make_unique<PragmaInMacros>(*PP));
  }

  void registerMatchers(MatchFinder *Finder) override {
    Finder->addMatcher(translationUnitDecl().bind("tu"), this);
  }

  void onEndOfTranslationUnit() override { sharedAnalysis().clear(); }

  void check(const MatchFinder::MatchResult &Result) override {
    ASTContext &Ctx = *Result.Context;
    SharedAnalysis &Shared = sharedAnalysis();
    Shared.analyze(Ctx, Context.getOptions().SystemHeaders.value_or(false));
    if (!Shared.ConfigError.empty()) {
      if (!std::exchange(Shared.ConfigErrorShown, true))
        configurationDiag("%0", DiagnosticIDs::Error) << Shared.ConfigError;
      return;
    }
    const LintSettings &S = Shared.Settings;
    // The file's Checks narrow clang-tidy's -checks, as in the driver.
    if (llvm::none_of(S.Checks, [&](const std::unique_ptr<Check> &C) {
          return C->name() == getID();
        }))
      return;
    CheckOptions Opts = S.CheckOpts;
    for (const auto &[Key, Value] : CheckOpts)
      Opts[Key] = Value;
    std::vector<Finding> Found;
    std::vector<unsigned> CheckOf;
    collectFindings(CheckContext{Ctx, Shared.Reports, S.Opts, &Opts}, Checks,
                    Found, CheckOf);
    SourceManager &SM = Ctx.getSourceManager();
    sortByPlace(SM, Found, CheckOf);
    // clang-tidy applies its own header, line and NOLINT filters.
    FindingFilter Filter(SM, {});
    for (const Finding &F : Found) {
      if (Filter.judge(F) != FindingFilter::Shown)
        continue;
      {
        // clang-tidy applies the fix-its of the warning itself, so all of
        // them go there (the padding of a declaration included).
        DiagnosticBuilder D = diag(F.Loc, "%0") << F.Message;
        for (const FixItHint &H : F.Fixes)
          D << H;
      }
      for (const ShownNote &N : shownNotes(F))
        diag(N.Loc, "%0", DiagnosticIDs::Note) << N.Text;
    }
  }

private:
  ClangTidyContext &Context;
  /// This check alone, as the pipeline takes a list.
  std::vector<std::unique_ptr<Check>> Checks;
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
