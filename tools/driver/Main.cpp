//===- Main.cpp - cuda-access-lint: the command line ----------------------===//
//
// Files and compiler arguments in; clang-style warnings, JSON or a dump of
// the access model out. Each file is parsed on its own, so one bad file
// never stops the others.
//
//===----------------------------------------------------------------------===//
#include "analyzer/Analyzer.h"
#include "analyzer/NameOf.h"
#include "rules/Check.h"
#include "rules/Phrases.h"
#include "tools/common/Config.h"
#include "tools/common/FindingPipeline.h"
#include "tools/common/LintSettings.h"
#include "tools/common/PragmaInMacros.h"
#include "tools/common/Suppressions.h"
#include "tools/driver/Baseline.h"
#include "tools/driver/CudaArguments.h"
#include "tools/driver/DiagnosticPrinter.h"
#include "tools/driver/FixItLine.h"
#include "tools/driver/HtmlReport.h"
#include "tools/driver/LateParsedBodies.h"
#include "tools/driver/LostLaunches.h"
#include "tools/driver/NvccCompat.h"
#include "tools/driver/ReportFormat.h"
#include "tools/driver/RuleDocs.h"
#include "tools/driver/Sarif.h"

#include "GitRevision.h"
#include "llvm/Config/llvm-config.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/DiagnosticAST.h"
#include "clang/Basic/DiagnosticLex.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/Core/Replacement.h"
#include "clang/Tooling/ReplacementsYaml.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/Timer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

#include <deque>
#include <set>

#ifdef __GLIBC__
#include <malloc.h>
#endif

using namespace clang;
using namespace clang::tooling;
namespace cl = llvm::cl;

namespace cal {
namespace {

cl::OptionCategory Category("cuda-access-lint options");
cl::opt<std::string> Format("format",
                            cl::desc("Output: text (default), json, sarif, or "
                                     "html (one self-contained page)"),
                            cl::init("text"), cl::cat(Category));
cl::opt<std::string>
    Sort("sort",
         cl::desc("Order of a file's warnings: place (default) or waste (the "
                  "bytes moved beyond the ideal per launch, most first)"),
         cl::init("place"), cl::cat(Category));
cl::opt<bool> DumpAccesses(
    "dump-accesses",
    cl::desc("Print every access with its address, lanes and numbers"),
    cl::cat(Category));
cl::opt<bool>
    TimePhases("time-phases",
               cl::desc("Print the time spent in each phase (analysis, checks, "
                        "output) to stderr; the parse is the rest"),
               cl::Hidden, cl::cat(Category));
cl::opt<bool> LaneByLane(
    "lane-by-lane",
    cl::desc("Evaluate one lane at a time (slow; the reference for tests)"),
    cl::Hidden, cl::cat(Category));
cl::opt<std::string> Checks("checks",
                            cl::desc("Comma-separated globs of checks to run "
                                     "(default: cuda-access-*)"),
                            cl::init("cuda-access-*"), cl::cat(Category));
cl::opt<std::string>
    WarningsAsErrors("warnings-as-errors",
                     cl::desc("Globs of checks whose warnings are errors"),
                     cl::init(""), cl::cat(Category));
cl::opt<std::string> BlockDim("block-dim",
                              cl::desc("Block shape X[,Y[,Z]] for every kernel "
                                       "(overrides launch sites)"),
                              cl::cat(Category));
cl::list<std::string> Assume("assume",
                             cl::desc("NAME=VALUE: value of an integer kernel "
                                      "parameter"),
                             cl::cat(Category));
cl::opt<std::string> CudaPath("cuda-path", cl::desc("CUDA toolkit folder"),
                              cl::cat(Category));
cl::opt<bool> Fix("fix", cl::desc("Apply the fix-its to the files"),
                  cl::cat(Category));
cl::opt<std::string> ExportFixes("export-fixes",
                                 cl::desc("Write the fix-its as YAML for "
                                          "clang-apply-replacements"),
                                 cl::cat(Category));
cl::opt<bool> AllowCompileErrors(
    "allow-compile-errors",
    cl::desc("Exit 0 even where clang could not compile a kernel's code (its "
             "accesses are then unknown), parse a launch or find a header"),
    cl::cat(Category));
cl::opt<bool> UseColor("use-color",
                       cl::desc("Colors in the text output (default: where "
                                "stdout is a terminal that shows them); "
                                "--use-color=false turns them off"),
                       cl::cat(Category));
cl::opt<bool> Quiet("quiet",
                    cl::desc("Print no summary: the warnings and errors alone, "
                             "as clang-tidy's --quiet"),
                    cl::cat(Category));
cl::opt<bool> ListChecks("list-checks", cl::desc("List the enabled checks"),
                         cl::cat(Category));
cl::opt<std::string>
    BaselineFile("baseline",
                 cl::desc("Report only warnings not in this baseline; exit 1 "
                          "when there is one"),
                 cl::cat(Category));
cl::opt<std::string>
    WriteBaseline("write-baseline",
                  cl::desc("Record today's warnings as a baseline"),
                  cl::cat(Category));
cl::opt<unsigned> Jobs("j",
                       cl::desc("Files analyzed in parallel (default: all "
                                "cores)"),
                       cl::init(0), cl::cat(Category));
cl::opt<std::string> Explain("explain", cl::desc("Describe one check"),
                             cl::cat(Category));
// As in clang-tidy 22: the main file is always shown, and every header
// outside the system ones unless these say otherwise.
cl::opt<std::string> HeaderFilterRe(
    "header-filter",
    cl::desc("Regular expression: the headers whose kernels' "
             "warnings and accesses are shown (default: .*, every "
             "header outside the system ones)"),
    cl::init(".*"), cl::cat(Category));
cl::opt<std::string> ExcludeHeaderFilterRe(
    "exclude-header-filter",
    cl::desc("Regular expression: headers not shown, though --header-filter "
             "matches them"),
    cl::init(""), cl::cat(Category));
cl::opt<bool> SystemHeaders(
    "system-headers",
    cl::desc("Analyze the kernels defined in system headers too, and show "
             "their warnings (--header-filter still applies)"),
    cl::cat(Category));
// The evaluation budget: where a warning's note says the evaluation was cut
// short, a larger one evaluates more (and takes longer).
cl::opt<long long> MaxSteps(
    "max-steps",
    cl::desc("Expressions evaluated per lane of a kernel, at most (default "
             "400000; a kernel's lanes together 50 times that; config "
             "MaxSteps)"),
    cl::cat(Category));
cl::opt<long long> MaxLoopTrips(
    "max-loop-trips",
    cl::desc("Iterations evaluated per loop, at most (default 64; config "
             "MaxLoopTrips)"),
    cl::cat(Category));
cl::opt<std::string> DocsUrl(
    "docs-url",
    cl::desc("Base URL of the published docs/ folder, for SARIF's helpUri and "
             "the HTML report's links to each check's page (default: this "
             "version's pages, " CAL_DOCS_URL ")"),
    cl::init(CAL_DOCS_URL), cl::cat(Category));
cl::opt<std::string> ConfigFile(
    "config-file",
    cl::desc("The configuration file for every input, instead of the "
             ".cuda-access-lint.yaml found upward from each"),
    cl::cat(Category));

cl::opt<std::string> LineFilterJson(
    "line-filter",
    cl::desc("JSON list of files and line ranges whose warnings are shown, as "
             "clang-tidy's: [{\"name\":\"k.cu\",\"lines\":[[1,3],[5,7]]},"
             "{\"name\":\"k.cuh\"}]"),
    cl::init(""), cl::cat(Category));
cl::extrahelp Usage(R"(
USAGE: cuda-access-lint [options] FILE... -- [COMPILER ARGS]
       cuda-access-lint [options] -p BUILD_DIR FILE...

Arguments after `--` go to clang for every file (-I, -D, -std=...); with
-p, each file's command comes from BUILD_DIR/compile_commands.json.
Without either, a compile_commands.json found above the first file is
used, else none.

Exit codes: 0 when no warning is an error; 1 when a warning is an error
(--warnings-as-errors, or any with --baseline), or clang could not
compile a kernel's code (unless --allow-compile-errors); 2 for a usage
or input error, with one line saying which.

Each check's page: cuda-access-lint --explain=NAME.
)");

/// The name of the driver's error for code clang could not compile.
constexpr llvm::StringLiteral CompileErrorName =
    "cuda-access-lint-compile-error";

/// The header and line filters of the command line, set once.
HeaderFilter &headerFilter() {
  static HeaderFilter F;
  return F;
}
LineFilter &lineFilter() {
  static LineFilter F;
  return F;
}
bool shown(const SourceManager &SM, SourceLocation Loc) {
  return headerFilter().shows(SM, Loc);
}

/// How one file is analyzed: the command line over its config file.
struct FileSettings : LintSettings {
  const std::set<std::string> *Baseline = nullptr;
  /// The process ends once this file is done: its AST and results are left
  /// for the exit to reclaim, as clang's -disable-free leaves its own,
  /// rather than freed piece by piece.
  bool KeepUntilExit = false;
  /// The text report goes to stdout as it is written (one file, text
  /// format) rather than being kept whole until the end.
  bool StreamText = false;
  /// No other file is in the run: no launch of another file to export or
  /// to take.
  bool Alone = false;
};

/// What one input file produced, printed in input order at the end.
struct FileResult {
  std::string Text;
  /// Clang's errors, as notes printed before Text.
  std::string ParseNotes;
  std::string Dump;
  llvm::json::Array Accesses, Diagnostics;
  std::vector<Replacement> Fixes;
  unsigned Warnings = 0, Errors = 0, Baselined = 0;
  /// Where clang reported its errors, for the analysis to tell which
  /// kernels they reach.
  std::vector<SourceLocation> ErrorLocs;
  /// Kernels whose code clang could not compile, as lines to print.
  std::string KernelErrors;
  /// Clang's errors and the kernels they reach, for SARIF's notifications:
  /// {"level", "message", "file", "line", "column"}.
  llvm::json::Array Notifications;
  /// For the run's summary.
  unsigned Kernels = 0, NotCompiled = 0, Known = 0, Unknown = 0, Suppressed = 0;
  /// Launch statements clang could not parse (LostLaunches.h).
  unsigned LostLaunches = 0;
  /// The launches this file makes of kernels it does not define, and the
  /// kernels it defines and does not launch (by kernelKey).
  ForeignLaunches Foreign;
  std::set<std::string> Unlaunched;
  /// Headers not found: where each was included, and clang's message.
  std::vector<std::pair<SourceLocation, std::string>> MissingHeaderLocs;
  unsigned MissingHeaders = 0;
  std::map<std::string, unsigned> WarningsByCheck;

  /// Adds R's counts to these, for the run's totals.
  void count(const FileResult &R) {
    Warnings += R.Warnings;
    Errors += R.Errors;
    Baselined += R.Baselined;
    Kernels += R.Kernels;
    NotCompiled += R.NotCompiled;
    LostLaunches += R.LostLaunches;
    MissingHeaders += R.MissingHeaders;
    Known += R.Known;
    Unknown += R.Unknown;
    Suppressed += R.Suppressed;
    for (const auto &[Check, N] : R.WarningsByCheck)
      WarningsByCheck[Check] += N;
  }
};

/// Clang's own errors, kept to be shown as notes: the analysis goes on.
class ParseErrors : public DiagnosticConsumer {
public:
  explicit ParseErrors(FileResult &Out) : Notes(Out.ParseNotes), Out(Out) {}
  void HandleDiagnostic(DiagnosticsEngine::Level L,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(L, Info);
    // An asm string clang rejects (`%lanemask_lt` for `%%lanemask_lt`)
    // nvcc hands to ptxas, which takes it: the kernel around it compiles.
    if (L >= DiagnosticsEngine::Error && Info.getLocation().isValid() &&
        Info.getID() != diag::err_asm_invalid_escape)
      Out.ErrorLocs.push_back(Info.getLocation());
    if (L < DiagnosticsEngine::Error)
      return;
    llvm::SmallString<256> Msg;
    Info.FormatDiagnostic(Msg);
    // What a header held is lost with it: an error of the run's own.
    if (Info.getID() == diag::err_pp_file_not_found &&
        Info.getLocation().isValid()) {
      Out.MissingHeaderLocs.push_back({Info.getLocation(), Msg.str().str()});
      return;
    }
    if (Count >= 20)
      return;
    ++Count;
    std::string Where;
    llvm::json::Object N{
        {"level", "warning"},
        {"message", "clang could not parse this, analysis continues: " +
                        std::string(Msg)}};
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      PresumedLoc P =
          Info.getSourceManager().getPresumedLoc(Info.getLocation());
      if (P.isValid()) {
        Where = std::string(P.getFilename()) + ":" +
                std::to_string(P.getLine()) + ":" +
                std::to_string(P.getColumn()) + ": ";
        N["file"] = std::string(P.getFilename());
        N["line"] = P.getLine();
        N["column"] = P.getColumn();
      }
    }
    Notes += Where + "note: " + N.getString("message")->str() + "\n";
    Out.Notifications.push_back(std::move(N));
  }

private:
  std::string &Notes;
  FileResult &Out;
  unsigned Count = 0;
};

/// The run's one-line summary on stderr, as a hook or CI log shows it:
/// what was analyzed, how much of it is known, what was found.
void printSummary(size_t Files, size_t Bad, const FileResult &T) {
  std::string Line = "cuda-access-lint: " + std::to_string(Files) +
                     (Files == 1 ? " file, " : " files, ") +
                     (Bad ? std::to_string(Bad) + " not analyzed (named "
                                                  "above), "
                          : "") +
                     std::to_string(T.Kernels) +
                     (T.Kernels == 1 ? " kernel" : " kernels");
  if (T.NotCompiled)
    Line += " (" + std::to_string(T.NotCompiled) + " not compiled)";
  if (T.LostLaunches)
    Line += ", " + std::to_string(T.LostLaunches) +
            (T.LostLaunches == 1 ? " launch" : " launches") + " not parsed";
  if (T.MissingHeaders)
    Line += ", " + std::to_string(T.MissingHeaders) +
            (T.MissingHeaders == 1 ? " header" : " headers") + " not found";
  unsigned Accesses = T.Known + T.Unknown;
  Line += ", " + std::to_string(Accesses) +
          (Accesses == 1 ? " access (" : " accesses (") +
          std::to_string(T.Known) + " known, " + std::to_string(T.Unknown) +
          " unknown); ";
  if (T.WarningsByCheck.empty())
    Line += "no warnings";
  const char *Sep = "warnings: ";
  for (const auto &[Check, N] : T.WarningsByCheck) {
    Line += Sep + std::to_string(N) + " " + Check;
    Sep = ", ";
  }
  if (T.Baselined)
    Line += "; " + std::to_string(T.Baselined) + " in the baseline";
  if (T.Suppressed)
    Line += "; " + std::to_string(T.Suppressed) + " suppressed (NOLINT)";
  llvm::errs() << Line << "\n";
}

class LintConsumer : public ASTConsumer {
public:
  LintConsumer(CompilerInstance &CI, const FileSettings &S, FileResult &Out)
      : CI(CI), S(S), Out(Out) {}

  /// Bodies clang need not parse: those of functions in system headers.
  /// The evaluator never enters one (a call to it is opaque), and the
  /// kernels and launches it reads are in the user's files, or with
  /// --system-headers also in kernels there. Clang keeps constexpr
  /// functions and deduced return types, which it may evaluate.
  bool shouldSkipFunctionBody(Decl *D) override {
    if (SystemHeaders && D->getAsFunction() &&
        D->getAsFunction()->hasAttr<CUDAGlobalAttr>())
      return false;
    return CI.getSourceManager().isInSystemHeader(D->getLocation());
  }

  /// Templates' bodies, kept as tokens (LintAction), are skipped alike.
  bool HandleTopLevelDecl(DeclGroupRef) override {
    skipLateParsedBodies(CI.getSema(), LateParsedSeen,
                         [&](Decl *D) { return shouldSkipFunctionBody(D); });
    return true;
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    parseUninstantiatedLaunchers(CI.getSema());
    // All kernels of this file share its launches.
    struct FileState {
      LaunchSites Launches;
      /// Kernel by kernel, as the checks found them, and the index in
      /// S.Checks of each one's check.
      std::vector<Finding> Findings;
      std::vector<unsigned> CheckOf;
    };
    auto State = std::make_unique<FileState>();
    AnalyzerOptions Opts = S.Opts;
    Opts.Launches = &State->Launches;
    Opts.CompileErrors = Out.ErrorLocs;
    std::vector<KernelError> KernelErrors;
    {
      // The analysis' timer stops while each kernel's checks run.
      std::optional<llvm::NamedRegionTimer> Analysis;
      auto StartAnalysis = [&] {
        Analysis.emplace("analysis", "analysis", "phases",
                         "cuda-access-lint phases", TimePhases);
      };
      StartAnalysis();
      State->Launches = findLaunches(Ctx);
      const SourceManager &SM = Ctx.getSourceManager();
      if (OptionalFileEntryRef Main =
              SM.getFileEntryRefForID(SM.getMainFileID());
          Main && !S.Alone)
        exportForeignLaunches(State->Launches,
                              llvm::sys::path::filename(Main->getName()).str(),
                              Out.Foreign);
      // Each kernel's checks run right after its analysis, while the
      // kernel's AST (which some checks read again) is still in the cache.
      analyzeTranslationUnit(
          Ctx, Opts,
          [&](std::vector<AccessReport> Kernel) {
            ++Out.Kernels;
            // One kernel's reports: with no launch, each has none.
            if (!S.Alone && !Kernel.empty() && Kernel.front().Kernel &&
                Kernel.front().Shape.Source == ShapeSource::None)
              Out.Unlaunched.insert(kernelKey(Kernel.front().Kernel));
            for (const AccessReport &R : Kernel)
              if (!R.Site ||
                  shown(Ctx.getSourceManager(), R.Site->getBeginLoc()))
                ++(R.Known ? Out.Known : Out.Unknown);
            if (!Kernel.empty()) { // the checks read reports alone
              Analysis.reset();
              runChecks(Ctx, Kernel, Opts, State->Findings, State->CheckOf);
              // The formats that print every access take them now: the
              // findings keep what they need, and the reports go.
              if (Format == "json" || Format == "html" || DumpAccesses) {
                llvm::NamedRegionTimer T("output", "output", "phases",
                                         "cuda-access-lint phases", TimePhases);
                for (const AccessReport &R : Kernel) {
                  if (R.Site &&
                      !shown(Ctx.getSourceManager(), R.Site->getBeginLoc()))
                    continue;
                  if (Format == "json" || Format == "html")
                    Out.Accesses.push_back(accessToJson(R));
                  if (DumpAccesses)
                    Out.Dump += dumpAccess(R);
                }
              }
              StartAnalysis();
            }
          },
          &KernelErrors);
    }
    // A kernel clang could not compile is named, as clang-tidy names a file
    // it could not: a hook must not pass code that was not analyzed.
    Out.NotCompiled = unsigned(KernelErrors.size());
    // So is a launch it could not parse: its kernel's shape, or instance,
    // is lost with it.
    std::vector<std::pair<SourceLocation, std::string>> Errors;
    for (const KernelError &E : KernelErrors) {
      Out.Kernels += E.Kernel->isInvalidDecl(); // never analyzed
      Errors.push_back(
          {E.Error, E.NotInstantiated
                        ? "clang stopped at this fatal error before it "
                          "instantiated kernel '" +
                              nameOf(E.Kernel) + "': it was not analyzed"
                        : "clang could not compile the code of kernel '" +
                              nameOf(E.Kernel) +
                              "': its accesses are unknown"});
    }
    for (SourceLocation L : lostLaunches(Ctx, Out.ErrorLocs))
      Errors.push_back({L, "clang could not parse this launch: the block and "
                           "template instance it gives its kernel are lost"});
    Out.LostLaunches = unsigned(Errors.size() - KernelErrors.size());
    for (const auto &[L, Message] : Out.MissingHeaderLocs)
      Errors.push_back({L, Message + ": the kernels and launches it holds are "
                                     "not analyzed"});
    Out.MissingHeaders = unsigned(Out.MissingHeaderLocs.size());
    // Two instances of a kernel template that fail alike are one line.
    std::set<std::pair<SourceLocation, std::string>> Printed;
    for (const auto &[Loc, Message] : Errors) {
      PresumedLoc P = Ctx.getSourceManager().getPresumedLoc(
          Ctx.getSourceManager().getExpansionLoc(Loc));
      if (P.isInvalid() || !Printed.insert({Loc, Message}).second)
        continue;
      Out.KernelErrors +=
          std::string(P.getFilename()) + ":" + std::to_string(P.getLine()) +
          ":" + std::to_string(P.getColumn()) + ": error: " + Message + " [" +
          CompileErrorName.str() + "]\n";
      Out.Notifications.push_back(
          llvm::json::Object{{"level", "error"},
                             {"message", Message},
                             {"file", std::string(P.getFilename())},
                             {"line", P.getLine()},
                             {"column", P.getColumn()}});
    }
    {
      llvm::NamedRegionTimer T("output", "output", "phases",
                               "cuda-access-lint phases", TimePhases);
      emit(Ctx, State->Findings, State->CheckOf);
    }
    if (S.KeepUntilExit)
      llvm::BuryPointer(std::move(State));
  }

private:
  void runChecks(ASTContext &Ctx, const std::vector<AccessReport> &Reports,
                 const AnalyzerOptions &Opts, std::vector<Finding> &Findings,
                 std::vector<unsigned> &CheckOf) {
    llvm::NamedRegionTimer T("checks", "checks", "phases",
                             "cuda-access-lint phases", TimePhases);
    collectFindings(CheckContext{Ctx, Reports, Opts, &S.CheckOpts}, S.Checks,
                    Findings, CheckOf);
  }

  void emit(ASTContext &Ctx, std::vector<Finding> &Findings,
            llvm::ArrayRef<unsigned> CheckOf) {
    SourceManager &SM = Ctx.getSourceManager();
    // The diagnostics as JSON, for the formats and the baseline that use it.
    bool WantJson = Format != "text" || !WriteBaseline.empty();
    sortByPlace(SM, Findings, CheckOf);
    if (Sort == "waste")
      std::stable_sort(Findings.begin(), Findings.end(),
                       [](const Finding &A, const Finding &B) {
                         return A.WastedBytes.value_or(-1) >
                                B.WastedBytes.value_or(-1);
                       });
    // Room for about a kilobyte a finding (its lines and notes), taken at
    // once rather than by doubling: a long report copies itself less, and
    // what is not used is never touched. Streamed, the text is written out
    // (clang's errors first) every 64 KB or so.
    const size_t Chunk = 1 << 16;
    Out.Text.reserve(Out.Text.size() +
                     (S.StreamText ? 2 * Chunk : Findings.size() * 1024));
    auto Flush = [&](size_t AtLeast) {
      if (!S.StreamText || Out.Text.size() < AtLeast)
        return;
      llvm::outs() << Out.ParseNotes << Out.Text;
      Out.ParseNotes.clear();
      Out.Text.clear();
    };
    llvm::raw_string_ostream OS(Out.Text);
    bool Colors = UseColor.getNumOccurrences() ? bool(UseColor)
                                               : llvm::outs().has_colors();
    if (Format == "text" && Colors)
      OS.enable_colors(true);
    DiagnosticPrinter Printer(OS, SM, Ctx.getLangOpts(), CI.getPreprocessor());
    std::map<std::string, unsigned> Occurrences;
    FindingFilter Filter(SM, {&headerFilter(), &lineFilter(), /*Nolint=*/true});
    // Each shown warning's JSON entry, by its place and message: a warning
    // that other instantiations repeat names their kernels too.
    std::map<std::string, size_t> ShownAt;
    for (const Finding &F : Findings) {
      Flush(Chunk); // between findings: a fix-it line reads its own
      FindingFilter::Verdict V = Filter.judge(F);
      Out.Suppressed += V == FindingFilter::Suppressed;
      if (V == FindingFilter::Repeated && WantJson)
        if (auto It = ShownAt.find(Filter.placeOf(F)); It != ShownAt.end()) {
          llvm::json::Array &Kernels =
              *Out.Diagnostics[It->second].getAsObject()->getArray("kernels");
          if (llvm::none_of(Kernels, [&](const llvm::json::Value &K) {
                return K.getAsString() == F.Kernel;
              }))
            Kernels.push_back(F.Kernel);
        }
      if (V != FindingFilter::Shown)
        continue;
      PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(F.Loc));
      // The fingerprint, for the baseline and the JSON that read it.
      std::string Print;
      if (S.Baseline || WantJson) {
        std::string Text = anchorText(Ctx, F);
        Print = fingerprint(F.Check, P.getFilename(), F.Kernel, Text,
                            Occurrences[F.Check + F.Kernel + Text]++);
      }
      if (S.Baseline && S.Baseline->count(Print)) {
        ++Out.Baselined;
        // SARIF keeps it, as unchanged: a code-scanning upload that lacked
        // it would close the alert.
        if (Format == "sarif") {
          llvm::json::Object D = diagnosticJson(F, P, false, Print, {});
          D["baseline_state"] = "unchanged";
          Out.Diagnostics.push_back(std::move(D));
        }
        continue;
      }
      bool AsError = globListMatches(S.WarningsAsErrors, F.Check);
      ++(AsError ? Out.Errors : Out.Warnings);
      ++Out.WarningsByCheck[F.Check];
      printFinding(Printer, OS.colors_enabled(), SM, F, AsError);
      std::vector<Replacement> Reps;
      for (const FixItHint &H : F.Fixes)
        Reps.emplace_back(SM, H.RemoveRange, H.CodeToInsert, Ctx.getLangOpts());
      llvm::append_range(Out.Fixes, Reps);
      if (WantJson) {
        ShownAt[Filter.placeOf(F)] = Out.Diagnostics.size();
        Out.Diagnostics.push_back(diagnosticJson(F, P, AsError, Print, Reps));
        if (S.Baseline && Format == "sarif")
          (*Out.Diagnostics.back().getAsObject())["baseline_state"] = "new";
      }
    }
    Flush(0);
  }

  /// Prints F as clang-tidy does: the warning, then its notes, each fix-it
  /// under the first of them on the line it changes (the padding of a
  /// declaration goes with the note that points at it).
  void printFinding(DiagnosticPrinter &Printer, bool Colors,
                    const SourceManager &SM, const Finding &F, bool AsError) {
    auto SameLine = [&](SourceLocation A, SourceLocation B) {
      return SM.getExpansionLineNumber(A) == SM.getExpansionLineNumber(B) &&
             SM.getFileID(SM.getExpansionLoc(A)) ==
                 SM.getFileID(SM.getExpansionLoc(B));
    };
    std::vector<bool> Shown(F.Fixes.size(), false);
    auto Show = [&](SourceLocation At, DiagnosticsEngine::Level Level,
                    llvm::StringRef Text) {
      std::vector<const FixItHint *> Here;
      for (size_t I = 0; I < F.Fixes.size(); ++I)
        if (!Shown[I] && SameLine(F.Fixes[I].RemoveRange.getBegin(), At)) {
          Here.push_back(&F.Fixes[I]);
          Shown[I] = true;
        }
      // A lone plain fix-it is drawn by fixItLine once its diagnostic is
      // printed (FixItLine.h says why); clang gets only its range.
      std::optional<unsigned> Column;
      if (Here.size() == 1 && At.isFileID() && !Colors)
        Column = plainFixItColumn(*Here.front(), SM);
      llvm::SmallVector<CharSourceRange, 1> Ranges;
      llvm::SmallVector<FixItHint, 1> Hints;
      if (Column)
        Ranges.push_back(Here.front()->RemoveRange);
      else
        for (const FixItHint *H : Here)
          Hints.push_back(*H);
      Printer.print(At, Level, Text, Ranges, Hints);
      if (Column)
        Out.Text += fixItLine(Out.Text, *Column, Here.front()->CodeToInsert);
    };
    Show(F.Loc, AsError ? DiagnosticsEngine::Error : DiagnosticsEngine::Warning,
         F.Message + " [" + F.Check + "]");
    for (const ShownNote &N : shownNotes(F))
      Show(N.Loc, DiagnosticsEngine::Note, N.Text);
  }

  /// F as one entry of the JSON's "diagnostics" (and of SARIF and the
  /// baseline, which are made from it).
  static llvm::json::Object diagnosticJson(const Finding &F, PresumedLoc P,
                                           bool AsError,
                                           const std::string &Print,
                                           llvm::ArrayRef<Replacement> Reps) {
    llvm::json::Array Notes, Fixits;
    for (ShownNote &N : shownNotes(F))
      Notes.push_back(std::move(N.Text));
    for (const Replacement &Rep : Reps)
      Fixits.push_back(
          llvm::json::Object{{"file", Rep.getFilePath().str()},
                             {"offset", Rep.getOffset()},
                             {"length", Rep.getLength()},
                             {"text", Rep.getReplacementText().str()}});
    return llvm::json::Object{{"check", F.Check},
                              {"file", std::string(P.getFilename())},
                              {"line", P.getLine()},
                              {"column", P.getColumn()},
                              {"level", AsError ? "error" : "warning"},
                              {"message", F.Message},
                              {"kernel", F.Kernel},
                              {"kernels", llvm::json::Array{F.Kernel}},
                              {"fingerprint", Print},
                              {"notes", std::move(Notes)},
                              {"fixits", std::move(Fixits)}};
  }

  /// The text a warning is about, without spaces: the access expression,
  /// or the message for a finding that is not about one access.
  static std::string anchorText(ASTContext &Ctx, const Finding &F) {
    std::string Text = F.Message;
    if (F.Site)
      Text = Lexer::getSourceText(
                 CharSourceRange::getTokenRange(F.Site->getSourceRange()),
                 Ctx.getSourceManager(), Ctx.getLangOpts())
                 .str();
    llvm::erase_if(Text, [](char C) { return std::isspace((unsigned char)C); });
    return Text;
  }

  CompilerInstance &CI;
  const FileSettings &S;
  FileResult &Out;
  /// The late-parsed templates skipLateParsedBodies has looked at.
  size_t LateParsedSeen = 0;
};

class LintAction : public ASTFrontendAction {
public:
  LintAction(const FileSettings &S, FileResult &Out) : S(S), Out(Out) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    // The parser asks the consumer which bodies it may skip, and keeps the
    // bodies of templates as tokens until an instantiation needs them:
    // most templates of a header-heavy file are never instantiated.
    CI.getFrontendOpts().SkipFunctionBodies = true;
    CI.getLangOpts().DelayedTemplateParsing = true;
    // A header not found is a fatal error, after which clang instantiates
    // no template: kernels that never needed the header would go unseen.
    // As an error it is still reported, and the rest is parsed (as clangd
    // does); what needed the header fails to compile and is named so.
    CI.getDiagnostics().setSeverity(diag::err_pp_file_not_found,
                                    diag::Severity::Error, SourceLocation());
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<PragmaInMacros>(CI.getPreprocessor()));
    return std::make_unique<LintConsumer>(CI, S, Out);
  }

private:
  const FileSettings &S;
  FileResult &Out;
};

class LintActionFactory : public FrontendActionFactory {
public:
  LintActionFactory(const FileSettings &S, FileResult &Out) : S(S), Out(Out) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<LintAction>(S, Out);
  }
  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                     FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCH,
                     DiagnosticConsumer *Diags) override {
    Invocation->getFrontendOpts().DisableFree = S.KeepUntilExit;
    return FrontendActionFactory::runInvocation(std::move(Invocation), Files,
                                                std::move(PCH), Diags);
  }

private:
  const FileSettings &S;
  FileResult &Out;
};

int inputError(const llvm::Twine &Msg) {
  llvm::WithColor::error(llvm::errs(), "cuda-access-lint") << Msg << "\n";
  return 2;
}

/// Why a path cannot be analyzed, or "" when it can.
std::string checkInput(const std::string &Path) {
  if (llvm::sys::fs::is_directory(Path))
    return "'" + Path + "' is a directory, not a source file";
  if (!llvm::sys::fs::exists(Path))
    return "no such file: '" + Path + "'";
  llvm::StringRef Ext = llvm::sys::path::extension(Path);
  static const std::set<std::string> Sources = {".cu",  ".cuh", ".cpp", ".cc",
                                                ".cxx", ".c++", ".h",   ".hpp",
                                                ".hh",  ".hxx", ".inl"};
  if (!Sources.count(Ext.lower()))
    return "'" + Path + "' is not a CUDA or C++ source file";
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return "cannot read '" + Path + "': " + Buffer.getError().message();
  if ((*Buffer)->getBuffer().contains('\0'))
    return "'" + Path + "' is not a text file";
  return "";
}

/// The analyzer's settings from the command line; "" or the problem.
std::string analyzerOptions(AnalyzerOptions &Opts) {
  Opts.LaneByLane = LaneByLane;
  Opts.SystemHeaderKernels = SystemHeaders;
  if (!BlockDim.empty()) {
    Opts.BlockDim = Dim3::parse(BlockDim);
    if (!Opts.BlockDim)
      return "--block-dim='" + BlockDim +
             "' is not a block shape (X[,Y[,Z]], at most 1024 threads)";
  }
  for (const std::string &A : Assume) {
    size_t Eq = A.find('=');
    long long V = 0;
    if (Eq == std::string::npos || Eq == 0 ||
        llvm::StringRef(A).substr(Eq + 1).getAsInteger(0, V))
      return "--assume='" + A + "' is not NAME=INTEGER";
    Opts.Assume[A.substr(0, Eq)] = V;
  }
  if (Format != "text" && Format != "json" && Format != "sarif" &&
      Format != "html")
    return "--format='" + Format + "' is not one of: text, json, sarif, html";
  if (Sort != "place" && Sort != "waste")
    return "--sort='" + Sort + "' is not one of: place, waste";
  std::optional<int64_t> Steps, Trips;
  if (MaxSteps.getNumOccurrences())
    Steps = MaxSteps;
  if (MaxLoopTrips.getNumOccurrences())
    Trips = MaxLoopTrips;
  if (std::string Problem = budgetProblem(Steps, Trips); !Problem.empty())
    return "--max-steps/--max-loop-trips: " + Problem;
  if (!llvm::StringRef(DocsUrl).contains("://"))
    return "--docs-url='" + DocsUrl +
           "' is not a URL (https://HOST/PATH/ or file:///PATH/)";
  docsUrl() = DocsUrl;
  if (docsUrl().back() != '/')
    docsUrl() += '/';
  if (std::string Error = headerFilter().set(
          HeaderFilterRe, ExcludeHeaderFilterRe, SystemHeaders);
      !Error.empty())
    return Error;
  return lineFilter().parse(LineFilterJson);
}

/// A file's settings: its config file, with the command line on top.
std::string settingsFor(const FileConfig &Config, const AnalyzerOptions &Base,
                        FileSettings &S) {
  SettingOverrides Over;
  if (Checks.getNumOccurrences())
    Over.Checks = Checks;
  if (WarningsAsErrors.getNumOccurrences())
    Over.WarningsAsErrors = WarningsAsErrors;
  if (MaxSteps.getNumOccurrences())
    Over.MaxSteps = MaxSteps;
  if (MaxLoopTrips.getNumOccurrences())
    Over.MaxLoopTrips = MaxLoopTrips;
  return cal::settingsFor(Config, Base, Over, S);
}

/// The first option before `--` that the command line does not define, or
/// "". LLVM would take `--hx` or `--header-filte=x` for `-h` and print the
/// help with exit 0: a CI line with a misspelt option would pass silently.
std::string unknownOption(int argc, const char **argv) {
  const auto &Known = cl::getRegisteredOptions();
  for (int I = 1; I < argc; ++I) {
    llvm::StringRef A(argv[I]);
    if (A == "--")
      break;
    if (A.size() < 2 || A[0] != '-')
      continue;
    llvm::StringRef Name = A.drop_front(A[1] == '-' ? 2 : 1).split('=').first;
    if (A == "-h") // LLVM's --help
      continue;
    // CommonOptionsParser's own, defined when it first runs, each with a
    // value.
    bool Tooling =
        llvm::is_contained({"p", "extra-arg", "extra-arg-before"}, Name);
    auto It = Known.find(Name);
    if (!Tooling && It == Known.end())
      return A.split('=').first.str();
    bool TakesValue =
        Tooling || It->second->getValueExpectedFlag() == cl::ValueRequired;
    // A value given as the next argument is not an option (-p build,
    // --extra-arg -DX).
    if (TakesValue && !A.contains('='))
      ++I;
  }
  return "";
}

/// The arguments CommonOptionsParser gets: argv, with `--` added where
/// neither it nor -p is given and no compile_commands.json is found above a
/// file (no flags then, quietly, where clang-tidy prints a warning). Returns
/// the exit code of an input error, or 0.
int compilerArguments(int argc, const char **argv,
                      std::vector<const char *> &Args) {
  Args.assign(argv, argv + argc);
  // `-j4` as make and clang-tidy users type it: `-j=4` to the parser.
  static std::deque<std::string> Spelled;
  for (const char *&A : Args) {
    llvm::StringRef S(A);
    if (S == "--")
      break;
    if (S.size() > 2 && S.starts_with("-j") &&
        llvm::all_of(S.drop_front(2), llvm::isDigit))
      A = Spelled.emplace_back("-j=" + S.drop_front(2).str()).c_str();
  }
  bool HasSeparator = false;
  std::optional<std::string> BuildPath;
  for (int I = 1; I < argc && !HasSeparator; ++I) {
    llvm::StringRef A(argv[I]);
    HasSeparator |= A == "--";
    if (A == "-p" && I + 1 < argc)
      BuildPath = argv[I + 1];
    else if (A.consume_front("-p=") || (A.starts_with("-p") && A.size() > 2 &&
                                        A[2] != '-' && A.consume_front("-p")))
      BuildPath = A.str();
  }
  // A database that -p names but that cannot be read is an input error,
  // not a silent run without flags.
  if (BuildPath) {
    std::string Err;
    if (!CompilationDatabase::loadFromDirectory(*BuildPath, Err)) {
      // The two ways a CMake build gets none: the export is off, or the
      // project uses FindCUDA's cuda_add_*, which writes none.
      llvm::SmallString<256> Json(*BuildPath);
      llvm::sys::path::append(Json, "compile_commands.json");
      if (!llvm::sys::fs::exists(Json))
        return inputError("no compile_commands.json in '" + *BuildPath +
                          "' (CMake: configure with "
                          "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON; FindCUDA's "
                          "cuda_add_* write none: tools/compile-db.py " +
                          *BuildPath + " writes it)");
      return inputError(
          "cannot load the compilation database in '" + *BuildPath +
          "': " + llvm::StringRef(Err).trim().rsplit('\n').second);
    }
  }
  if (!HasSeparator && !BuildPath) {
    bool Found = false;
    for (int I = 1; I < argc && !Found; ++I) {
      if (argv[I][0] == '-')
        continue;
      std::string Err;
      Found = llvm::sys::fs::exists(argv[I]) &&
              CompilationDatabase::autoDetectFromSource(argv[I], Err);
    }
    if (!Found)
      Args.push_back("--");
  }
  if (std::string Unknown = unknownOption(int(Args.size()), Args.data());
      !Unknown.empty())
    return inputError("unknown option '" + Unknown +
                      "' (cuda-access-lint --help lists them)");
  return 0;
}

/// "cuda-access-aos, ... or cuda-access-uncoalesced"; with the driver's
/// error too, every name --explain knows.
std::string checkNames(const std::vector<std::unique_ptr<Check>> &All,
                       bool WithDriver) {
  std::vector<std::string> Names;
  for (const auto &C : All)
    Names.push_back(C->name().str());
  if (WithDriver)
    Names.push_back(CompileErrorName.str());
  return listOf(Names, "or");
}

/// --list-checks and --explain, which analyze nothing: their exit code, or
/// none when neither was given.
std::optional<int> informationRequest() {
  // A --checks that names no check (a typo) runs nothing: an error, as
  // clang-tidy's "no checks enabled", also where a list is asked for.
  std::vector<std::unique_ptr<Check>> All = createChecks();
  if (Checks.getNumOccurrences() && !DumpAccesses &&
      llvm::none_of(All, [](const std::unique_ptr<Check> &C) {
        return globListMatches(Checks, C->name());
      }))
    return inputError("no checks enabled: --checks='" + Checks +
                      "' matches none of " + checkNames(All, false));
  if (ListChecks) {
    llvm::outs() << "Enabled checks:\n";
    for (const auto &C : All)
      if (globListMatches(Checks, C->name()))
        llvm::outs() << "    " << C->name() << "\n";
    return 0;
  }
  if (Explain.empty() && !Explain.getNumOccurrences())
    return std::nullopt;
  // A check's page, or the driver's own error's; the page itself where it
  // is at hand, else the check's summary.
  const Check *Named = nullptr;
  for (const auto &C : All)
    if (C->name() == Explain)
      Named = C.get();
  if (Named || Explain == CompileErrorName) {
    std::string Page = ruleDocPath(Explain);
    auto Text = Page.empty() ? nullptr : llvm::MemoryBuffer::getFile(Page);
    if (Text && *Text)
      llvm::outs() << (*Text)->getBuffer();
    else if (Named)
      llvm::outs() << Named->name() << ": " << Named->summary() << ".\n";
    else
      return inputError("--explain: the page of '" + Explain +
                        "' is not installed");
    return 0;
  }
  return inputError("--explain: no check named '" + Explain + "'; one of " +
                    checkNames(All, true));
}

/// Each file's settings; the bad inputs (a missing file, a bad config) are
/// reported in order, and the indices of the others returned in Good.
/// Returns the exit code of the last input error, or 0.
int fileSettings(const std::vector<std::string> &Files,
                 const CompilationDatabase &Compilations,
                 const AnalyzerOptions &Opts,
                 const std::set<std::string> *Baseline,
                 std::vector<FileSettings> &Settings,
                 std::vector<size_t> &Good) {
  int Exit = 0;
  Settings.resize(Files.size());
  for (size_t I = 0; I < Files.size(); ++I) {
    if (std::string Problem = checkInput(Files[I]); !Problem.empty()) {
      Exit = inputError(Problem);
      continue;
    }
    // A database that lacks the file would run it with no command: named,
    // not a quiet "0 kernels".
    if (Compilations.getCompileCommands(Files[I]).empty()) {
      Exit = inputError("'" + Files[I] +
                        "' is not in the compilation database (give its "
                        "flags after --, or build it in the database's "
                        "project)");
      continue;
    }
    std::string Error;
    std::optional<FileConfig> Config = ConfigFile.empty()
                                           ? findConfig(Files[I], Error)
                                           : loadConfig(ConfigFile, Error);
    if (!Config) {
      Exit = inputError(Error);
      continue;
    }
    if (std::string Problem = settingsFor(*Config, Opts, Settings[I]);
        !Problem.empty()) {
      Exit = inputError(Problem);
      continue;
    }
    Settings[I].Baseline = Baseline;
    Good.push_back(I);
  }
  if (Good.size() == 1) {
    Settings[Good.front()].KeepUntilExit = true;
    Settings[Good.front()].Alone = true;
    Settings[Good.front()].StreamText = Format == "text" && !DumpAccesses;
  }
  return Exit;
}

/// Parses and analyzes the Good files, in parallel, each into its result.
void analyzeFiles(const CompilationDatabase &Compilations,
                  const std::vector<std::string> &Files,
                  llvm::ArrayRef<size_t> Good,
                  const std::vector<FileSettings> &Settings,
                  std::vector<FileResult> &Results) {
  std::string Cuda = findCudaPath(CudaPath);
  auto RunOne = [&](size_t I) {
    // A file system of its own, whose working directory the compile
    // command's directory sets: the process's one is shared by the threads,
    // and another file's tool could move it while this one reads a relative
    // path ("error reading 'e.cu'").
    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS =
        withNvccCompat(llvm::vfs::createPhysicalFileSystem());
    ClangTool Tool(Compilations, {Files[I]},
                   std::make_shared<PCHContainerOperations>(), FS);
    Tool.appendArgumentsAdjuster(cudaArgumentsAdjuster(Cuda, FS));
    ParseErrors Errors(Results[I]);
    Tool.setDiagnosticConsumer(&Errors);
    Tool.setPrintErrorMessage(false);
    LintActionFactory Factory(Settings[I], Results[I]);
    Tool.run(&Factory);
  };
  // The phase timers are shared: with --time-phases, one file at a time.
  unsigned Threads = TimePhases ? 1
                     : Jobs
                         ? unsigned(Jobs)
                         : llvm::hardware_concurrency().compute_thread_count();
  if (Threads <= 1 || Good.size() <= 1) {
    for (size_t I : Good)
      RunOne(I);
    return;
  }
  llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Threads));
  for (size_t I : Good)
    Pool.async([&RunOne, I] { RunOne(I); });
  Pool.wait();
}

/// What the run writes once every file is done: the fix-its of all files
/// (each once), and the documents of the JSON formats.
struct RunOutput {
  std::map<std::string, Replacements> FixesByFile;
  std::vector<Replacement> AllFixes;
  std::set<Replacement> Added;
  llvm::json::Array Accesses, Diagnostics, Notifications;

  /// Takes R's fix-its and JSON, adds its counts to Total, and prints its
  /// text, in input order.
  void add(FileResult &R, FileResult &Total) {
    Total.count(R);
    for (const Replacement &Rep : R.Fixes) {
      if (Added.count(Rep))
        continue; // one fix for several warnings (a padded declaration)
      if (llvm::Error E = FixesByFile[Rep.getFilePath().str()].add(Rep))
        llvm::consumeError(std::move(E)); // clashes with an earlier fix
      else {
        AllFixes.push_back(Rep);
        Added.insert(Rep);
      }
    }
    for (auto &A : R.Accesses)
      Accesses.push_back(std::move(A));
    for (auto &D : R.Diagnostics)
      Diagnostics.push_back(std::move(D));
    for (auto &N : R.Notifications)
      Notifications.push_back(std::move(N));
    if (DumpAccesses)
      llvm::outs() << R.Dump;
    else if (Format == "text")
      llvm::outs() << R.ParseNotes << R.Text;
    llvm::errs() << R.KernelErrors;
  }

  /// The baseline, the JSON or SARIF document, the exported and applied
  /// fix-its; the exit code of the last file that could not be written, or
  /// 0. Incomplete: some kernel's code did not compile, so a baseline
  /// would lack its warnings and fail every later run.
  int write(const std::string &MainFile, bool Incomplete) {
    int Exit = 0;
    if (!WriteBaseline.empty() && Incomplete && !AllowCompileErrors)
      Exit = inputError("not writing the baseline '" + WriteBaseline +
                        "': clang could not compile some kernels' code, "
                        "whose warnings it would miss (fix the flags, or "
                        "pass --allow-compile-errors)");
    else if (!WriteBaseline.empty())
      if (int E = writeFile(WriteBaseline, llvm::sys::fs::OF_Text,
                            [&](llvm::raw_ostream &OS) {
                              OS << llvm::formatv(
                                  "{0:2}\n", baselineDocument(Diagnostics));
                            }))
        return E;
    if (Format == "sarif" && !DumpAccesses)
      llvm::outs() << llvm::formatv(
          "{0:2}\n", sarifLog(createChecks(), Diagnostics, Notifications));
    if (Format == "html" && !DumpAccesses)
      llvm::outs() << htmlReport(Accesses, Diagnostics);
    if (Format == "json" && !DumpAccesses)
      llvm::outs() << llvm::formatv(
          "{0:2}\n", llvm::json::Value(llvm::json::Object{
                         {"version", 1},
                         {"accesses", std::move(Accesses)},
                         {"diagnostics", std::move(Diagnostics)}}));
    llvm::outs().flush();
    if (!ExportFixes.empty())
      if (int E = writeFile(ExportFixes, llvm::sys::fs::OF_Text,
                            [&](llvm::raw_ostream &OS) {
                              TranslationUnitReplacements TUR;
                              TUR.MainSourceFile = MainFile;
                              TUR.Replacements = AllFixes;
                              llvm::yaml::Output YAML(OS);
                              YAML << TUR;
                            }))
        return E;
    if (Fix)
      for (auto &[Path, Reps] : FixesByFile)
        if (int E = applyFixes(Path, Reps))
          Exit = E;
    return Exit;
  }

  /// Path written by Write; 0, or the input error that says why not.
  static int writeFile(const std::string &Path, llvm::sys::fs::OpenFlags Flags,
                       llvm::function_ref<void(llvm::raw_ostream &)> Write) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC, Flags);
    if (EC)
      return inputError("cannot write '" + Path + "': " + EC.message());
    Write(OS);
    return 0;
  }

  static int applyFixes(const std::string &Path, const Replacements &Reps) {
    auto Buffer = llvm::MemoryBuffer::getFile(Path);
    if (!Buffer)
      return inputError("cannot read '" + Path + "' to fix it");
    auto Fixed = applyAllReplacements((*Buffer)->getBuffer(), Reps);
    if (!Fixed)
      return inputError("cannot apply fixes to '" + Path +
                        "': " + llvm::toString(Fixed.takeError()));
    if (int E = writeFile(Path, llvm::sys::fs::OF_None,
                          [&](llvm::raw_ostream &OS) { OS << *Fixed; }))
      return E;
    llvm::errs() << "cuda-access-lint: applied " << Reps.size()
                 << " fix(es) to " << Path << "\n";
    return 0;
  }
};

/// clang-tidy's "N warnings generated." line of the text format.
void printGenerated(const FileResult &Total) {
  unsigned Warnings = Total.Warnings, ErrorCount = Total.Errors;
  if (Format != "text" || DumpAccesses || Quiet || !(Warnings || ErrorCount))
    return;
  llvm::errs() << Warnings + ErrorCount << " warning"
               << (Warnings + ErrorCount == 1 ? "" : "s")
               << (ErrorCount ? " (" + std::to_string(ErrorCount) +
                                    " treated as errors)"
                              : std::string())
               << " generated"
               << (Total.Baselined ? " (" + std::to_string(Total.Baselined) +
                                         " more in the baseline)"
                                   : std::string())
               << ".\n";
}

int main(int argc, const char **argv) {
  llvm::sys::PrintStackTraceOnErrorSignal(argv[0]);
#ifdef __GLIBC__
  // Each kernel's analysis allocates and frees a few hundred KB: glibc would
  // give the top of the heap back after each and fault it in again. (Where
  // tcmalloc is linked in, as in release builds, mallopt does nothing.)
  mallopt(M_TOP_PAD, 64 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
  std::vector<const char *> Args;
  if (int Exit = compilerArguments(argc, argv, Args))
    return Exit;
  int N = int(Args.size());
  cl::SetVersionPrinter([](llvm::raw_ostream &OS) {
    OS << "cuda-access-lint " CAL_VERSION " (" CAL_GIT_REVISION ")\n"
       << "  built with LLVM " LLVM_VERSION_STRING "\n";
  });
  auto Parsed = CommonOptionsParser::create(
      N, Args.data(), Category, cl::ZeroOrMore, "CUDA memory access analyzer");
  if (!Parsed) {
    std::string Msg = llvm::toString(Parsed.takeError());
    llvm::StringRef First = llvm::StringRef(Msg).trim().split('\n').first;
    First.consume_front("Error: ");
    First = First.trim();
    // Where the option parser wrote its one line itself (an option that
    // needs a value), none more.
    if (First.empty())
      return 2;
    return inputError(First.rtrim('!'));
  }
  if (std::optional<int> Exit = informationRequest())
    return *Exit;

  AnalyzerOptions Opts;
  if (std::string Problem = analyzerOptions(Opts); !Problem.empty())
    return inputError(Problem);
  const std::vector<std::string> &Files = Parsed->getSourcePathList();
  if (Files.empty())
    return inputError("no input files (usage: cuda-access-lint FILE... -- "
                      "COMPILER-ARGS, or -p BUILD_DIR FILE...)");
  std::optional<std::set<std::string>> Baseline;
  if (!BaselineFile.empty()) {
    std::string Error;
    Baseline = readBaseline(BaselineFile, Error);
    if (!Baseline)
      return inputError(Error);
  }
  std::vector<size_t> Good;
  std::vector<FileSettings> Settings;
  int Exit = fileSettings(Files, Parsed->getCompilations(), Opts,
                          Baseline ? &*Baseline : nullptr, Settings, Good);
  std::vector<FileResult> Results(Files.size());
  analyzeFiles(Parsed->getCompilations(), Files, Good, Settings, Results);
  // A kernel one file defines and another launches: the files that analyzed
  // it with no launch run again with the other files' launches of it.
  ForeignLaunches Foreign;
  for (size_t I : Good)
    for (auto &[Key, Shapes] : Results[I].Foreign)
      llvm::append_range(Foreign[Key], Shapes);
  std::vector<size_t> Again;
  for (size_t I : Good)
    if (llvm::any_of(Results[I].Unlaunched,
                     [&](const std::string &K) { return Foreign.count(K); }))
      Again.push_back(I);
  for (size_t I : Again) {
    Settings[I].Opts.Foreign = &Foreign;
    Results[I] = FileResult();
  }
  if (!Again.empty())
    analyzeFiles(Parsed->getCompilations(), Files, Again, Settings, Results);

  FileResult Total; // the run's counts
  RunOutput Run;
  for (FileResult &R : Results)
    Run.add(R, Total);
  if (int Error =
          Run.write(Files.front(), Total.NotCompiled || Total.LostLaunches ||
                                       Total.MissingHeaders))
    Exit = Error;
  printGenerated(Total);
  // Where every input was bad, its error is the run's one line.
  if (!Quiet && !Good.empty())
    printSummary(Good.size(), Files.size() - Good.size(), Total);
  if (TimePhases)
    llvm::TimerGroup::printAll(llvm::errs());
  if (Exit)
    return Exit;
  if ((Total.NotCompiled || Total.LostLaunches || Total.MissingHeaders) &&
      !AllowCompileErrors)
    return 1;
  // With a baseline, CI fails on new warnings only, and on every one of them.
  if (Baseline && (Total.Warnings || Total.Errors))
    return 1;
  return Total.Errors ? 1 : 0;
}

} // namespace
} // namespace cal

int main(int argc, const char **argv) { return cal::main(argc, argv); }
