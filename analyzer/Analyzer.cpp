#include "analyzer/Analyzer.h"
#include "analyzer/CompileErrors.h"
#include "analyzer/DeferredSink.h"
#include "analyzer/LaunchSites.h"
#include "analyzer/NameOf.h"
#include "analyzer/UserDecls.h"
#include "analyzer/WarpAnalysis.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/thread.h"

#include <cassert>
#include <map>
#include <set>

using namespace clang;

namespace cal {
namespace {

class KernelFinder : public RecursiveASTVisitor<KernelFinder> {
public:
  KernelFinder(const SourceManager &SM, bool SystemHeaders)
      : SM(SM), SystemHeaders(SystemHeaders) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  // A kernel is declared at namespace scope, never within a body or a type.
  bool TraverseStmt(Stmt *) { return true; }
  bool TraverseTypeLoc(TypeLoc, bool = true) { return true; }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->hasAttr<CUDAGlobalAttr>() ||
        (!SystemHeaders &&
         SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation()))))
      return true;
    if (FD->isDependentContext()) {
      if (const FunctionTemplateDecl *T = FD->getDescribedFunctionTemplate();
          T && T->specializations().empty() &&
          FD->doesThisDeclarationHaveABody())
        Uninstantiated.push_back(FD);
      return true;
    }
    if (FD->doesThisDeclarationHaveABody())
      (FD->isInvalidDecl() ? Invalid : Kernels).push_back(FD);
    else if (const FunctionDecl *Pattern =
                 FD->getTemplateInstantiationPattern();
             Pattern && Pattern->doesThisDeclarationHaveABody() &&
             FD->isTemplateInstantiation())
      // An instantiation clang did not build, its template holding an
      // error (`__shared__ cuda::barrier`, which nvcc accepts): named.
      Unbuilt.push_back(FD);
    return true;
  }
  const SourceManager &SM;
  bool SystemHeaders;
  std::vector<const FunctionDecl *> Kernels;
  /// Kernels whose declaration clang rejected: named, not evaluated.
  std::vector<const FunctionDecl *> Invalid;
  /// Instantiations of a kernel template with no body: named where the
  /// template holds an error.
  std::vector<const FunctionDecl *> Unbuilt;
  /// Kernel templates nothing instantiates: named where a fatal error (too
  /// many errors) stopped clang, which may have lost their launches.
  std::vector<const FunctionDecl *> Uninstantiated;
};

/// A lambda's closure type as the demangled symbol names it, and Nsight
/// Compute with it: `Stream<double>::copy()::[lambda(unsigned long)
/// (instance 1)]`. Clang's `(lambda at k.cu:240:24)` is the same in every
/// instantiation of the class template around it.
static void printLambda(llvm::raw_ostream &OS, const CXXRecordDecl *RD,
                        const PrintingPolicy &Policy) {
  auto Params = [&](const FunctionDecl *F) {
    OS << '(';
    llvm::interleave(
        F->parameters(), OS,
        [&](const ParmVarDecl *P) { P->getType().print(OS, Policy); }, ", ");
    OS << ')';
  };
  if (const auto *Outer = dyn_cast<FunctionDecl>(RD->getDeclContext())) {
    Outer->getNameForDiagnostic(OS, Policy, /*Qualified=*/true);
    Params(Outer);
    OS << "::";
  }
  OS << "[lambda";
  if (const CXXMethodDecl *Call = RD->getLambdaCallOperator())
    Params(Call);
  OS << " (instance " << std::max(1u, RD->getLambdaManglingNumber()) << ")]";
}

std::string kernelName(const FunctionDecl *FD) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  PrintingPolicy Policy(FD->getASTContext().getLangOpts());
  Policy.SuppressScope = true;
  // Template arguments as the compiled kernel's symbol has them, and as
  // Nsight Compute names it: `__half`, not the `half` it was written as;
  // `(Algorithm)0`, not `Algorithm::kSoftmax`; the kernel with its
  // namespaces, `satdetail::naiveRow`.
  Policy.PrintAsCanonical = true;
  Policy.UseEnumerators = false;
  const TemplateArgumentList *Args = FD->getTemplateSpecializationArgs();
  auto Lambda = [](const TemplateArgument &A) {
    const auto *RD = A.getKind() == TemplateArgument::Type
                         ? A.getAsType()->getAsCXXRecordDecl()
                         : nullptr;
    return RD && RD->isLambda() ? RD : nullptr;
  };
  if (!Args || llvm::none_of(Args->asArray(), Lambda)) {
    FD->getNameForDiagnostic(OS, Policy, /*Qualified=*/true);
    return Name;
  }
  Policy.SuppressScope = false;
  FD->printQualifiedName(OS, Policy);
  OS << '<';
  llvm::interleave(
      Args->asArray(), OS,
      [&](const TemplateArgument &A) {
        if (const CXXRecordDecl *RD = Lambda(A))
          printLambda(OS, RD, Policy);
        else
          A.print(Policy, OS, /*IncludeType=*/true);
      },
      ", ");
  OS << '>';
  return Name;
}

std::vector<LaunchShape> shapesFor(const FunctionDecl *K,
                                   const std::vector<LaunchShape> *Found,
                                   const AnalyzerOptions &Opts) {
  std::vector<LaunchShape> Shapes;
  auto It = Opts.KernelBlockDims.find(nameOf(K));
  // --block-dim wins over launch sites; a configured block fills in where
  // no launch gives a constant one.
  if (Opts.BlockDim ||
      (It != Opts.KernelBlockDims.end() && (!Found || Found->empty()))) {
    LaunchShape S;
    S.Block = Opts.BlockDim ? *Opts.BlockDim : It->second;
    S.Source = Opts.BlockDim ? ShapeSource::BlockDimOption
                             : ShapeSource::Configuration;
    if (Found && !Found->empty()) {
      S.ParamValues = Found->front().ParamValues;
      S.ParamDivisors = Found->front().ParamDivisors;
      S.ParamOffsets = Found->front().ParamOffsets;
      S.ParamSame = Found->front().ParamSame;
      S.GridAxes = Found->front().GridAxes;
      S.GridParams = Found->front().GridParams;
      S.GridCeil = Found->front().GridCeil;
      S.BlockParams = Found->front().BlockParams;
    }
    Shapes.push_back(S);
  } else if (Found && !Found->empty()) {
    Shapes = *Found;
    if (It != Opts.KernelBlockDims.end())
      for (LaunchShape &S : Shapes)
        if (S.Assumed) {
          S.Block = It->second;
          S.Assumed = false;
          S.Source = ShapeSource::Configuration;
        }
  } else {
    LaunchShape S;
    S.Block = Dim3{256, 1, 1};
    S.Assumed = true;
    Shapes.push_back(S);
  }
  for (LaunchShape &S : Shapes)
    for (const auto &[Param, V] : Opts.Assume)
      S.ParamValues[Param] = V;
  return Shapes;
}

/// The lanes of the representative warps of Block. Kept for the next kernel:
/// the kernels of a file mostly share their block.
const LaneSet &representativeLanes(const Dim3 &Block, int MaxWarps) {
  struct Kept {
    Dim3 Block;
    int MaxWarps = -1;
    std::optional<LaneSet> Lanes;
  };
  thread_local Kept Last;
  if (Last.Lanes && Last.MaxWarps == MaxWarps && Last.Block == Block)
    return *Last.Lanes;
  WarpLayout Layout(Block);
  std::vector<LaneInfo> Lanes;
  for (int W : Layout.representativeWarps(MaxWarps)) {
    std::vector<ThreadIndex> Threads = Layout.lanes(W);
    for (size_t L = 0; L < Threads.size(); ++L)
      Lanes.push_back({W, int(L), Threads[L]});
  }
  Last.Block = Block;
  Last.MaxWarps = MaxWarps;
  Last.Lanes.emplace(std::move(Lanes));
  return *Last.Lanes;
}

struct LaneRun {
  std::vector<AccessReport> Reports;
  bool StoppedAtBudget;
  bool CallsCut;
  std::set<unsigned> IndirectCalls;
  bool BlockDecidesIndex;
  /// Whether a run of all lanes together with every loop cut at
  /// UnknownLoopTrips would not be this one again.
  bool TripsMatter;
};

/// Where the runs that made Reports compared or subtracted pointers that
/// padding moves (Escaped), padding may change any of them.
void markPaddingEscaped(std::vector<AccessReport> &Reports, bool Escaped) {
  if (Escaped)
    for (AccessReport &R : Reports)
      R.PaddingMoves = true;
}

/// Runs Lanes together into Warps where they do not part (and then keeps
/// their events); where they part, gives back what the run spent.
bool runTogether(KernelEvaluator &Eval, const FunctionDecl *K,
                 const LaunchShape &Shape, const std::vector<LaneInfo> &Lanes,
                 WarpAnalysis &Warps) {
  KernelEvaluator::Spent Before = Eval.spent();
  DeferredSink Kept(Warps);
  Eval.run(K, Shape, LaneSet(Lanes), Kept);
  if (!Eval.diverged()) {
    Kept.commit();
    return true;
  }
  Eval.giveBack(std::move(Before));
  return false;
}

/// How the lanes of a run are evaluated: all at once, each warp's at once,
/// or each alone.
enum class LaneGrouping { AllTogether, WarpByWarp, OneByOne };

/// The reports of Lanes run as Grouping says; std::nullopt when all lanes
/// together part beyond what the lane mask models.
std::optional<LaneRun>
evaluateLanes(ASTContext &Ctx, const FunctionDecl *K, const LaunchShape &Shape,
              const LaneSet &Lanes, const AnalyzerOptions &Opts,
              const WhatIf &Change, LaneGrouping Grouping) {
  SymbolTable Syms;
  KernelEvaluator Eval(Ctx, Syms, Opts.Limits, Change);
  Eval.reuseLaneAddresses(Opts.ReuseLaneAddresses);
  if (Opts.Launches)
    Eval.useConstants(Opts.Launches->Constants);
  WarpAnalysis Warps(Syms, Shape.Block, Change.Padded);
  switch (Grouping) {
  case LaneGrouping::AllTogether:
    Eval.run(K, Shape, Lanes, Warps);
    if (Eval.diverged())
      return std::nullopt;
    break;
  case LaneGrouping::WarpByWarp:
    // Lanes part within some warps only (lane 0 returning early): each
    // warp's lanes together; in a warp where they part on pointers into
    // different arrays, or on a local some know, each array's lanes, or
    // the knowing and the others, together; else, or where those part,
    // lane by lane. The lanes of a warp spend the kernel's budget
    // alike either way; where it runs out, lanes together stop at one
    // statement in all of them, where lanes one by one would leave the
    // first lanes whole and the others out (requests of a few lanes,
    // counted as the warp's).
    for (size_t Begin = 0, End; Begin < Lanes.Lanes.size(); Begin = End) {
      End = Begin + 1;
      while (End < Lanes.Lanes.size() &&
             Lanes.Lanes[End].Warp == Lanes.Lanes[Begin].Warp)
        ++End;
      std::vector<LaneInfo> Warp(Lanes.Lanes.begin() + Begin,
                                 Lanes.Lanes.begin() + End);
      auto OneByOne = [&](const std::vector<LaneInfo> &Some) {
        for (const LaneInfo &L : Some)
          Eval.run(K, Shape, LaneSet({L}), Warps);
      };
      if (Warp.size() < 2) {
        OneByOne(Warp);
        continue;
      }
      if (runTogether(Eval, K, Shape, Warp, Warps))
        continue;
      // The groups of the warp's run, which parted.
      std::vector<std::vector<LaneInfo>> Groups = Eval.parted();
      if (Groups.size() < 2) {
        OneByOne(Warp);
        continue;
      }
      for (const std::vector<LaneInfo> &G : Groups)
        if (G.size() < 2 || !runTogether(Eval, K, Shape, G, Warps))
          OneByOne(G);
    }
    break;
  case LaneGrouping::OneByOne:
    for (const LaneInfo &L : Lanes.Lanes)
      Eval.run(K, Shape, LaneSet({L}), Warps);
    break;
  }
  if (Eval.budgetExhausted())
    Eval.skim(K, Shape, LaneSet({Lanes.Lanes.front()}), Warps);
  bool Stopped = Eval.budgetExhausted();
  LaneRun Run{Warps.finish(Eval.truncatedLoops(), Ctx, Stopped),
              Stopped,
              Eval.callsCut(),
              Eval.indirectCalls(),
              Eval.blockDecidesIndex(),
              Grouping != LaneGrouping::AllTogether ||
                  Eval.loopsPastFewTrips()};
  markPaddingEscaped(Run.Reports, Eval.paddingEscaped());
  return Run;
}

/// Reports by their access, for a second run to stand in for a first's.
using ReportsBySite =
    std::map<std::pair<const Expr *, AccessOp>, AccessReport *>;
ReportsBySite bySite(std::vector<AccessReport> &Reports) {
  ReportsBySite Out;
  for (AccessReport &R : Reports)
    Out[{R.Site, R.Op}] = &R;
  return Out;
}

/// At most N blocks spread evenly over Grid, the first one first.
std::vector<Dim3> spreadBlocks(const Dim3 &Grid, int64_t N) {
  std::vector<Dim3> Out;
  int64_t G = Grid.count(), Last = -1;
  for (int64_t I = 0; I < N; ++I) {
    int64_t L = G * I / N;
    if (L == Last)
      continue;
    Last = L;
    Out.push_back({L % Grid.X, L / Grid.X % Grid.Y, L / (Grid.X * Grid.Y)});
  }
  return Out;
}

/// Where an index is not linear in blockIdx (`i % W`, `i / W` with W
/// known), the reports the symbolic run left unknown for it, evaluated
/// instead for blocks spread over the grid, their requests taken together.
/// A report the blocks do not make known keeps its place, with the reason
/// that is left once blocks are known.
void sampleBlocks(ASTContext &Ctx, const FunctionDecl *K,
                  const LaunchShape &Shape, const LaneSet &Lanes,
                  const AnalyzerOptions &Opts, const WhatIf &Change,
                  std::vector<AccessReport> &Reports) {
  std::vector<Dim3> Blocks = spreadBlocks(*Shape.Grid, 4);
  SymbolTable Syms;
  WarpAnalysis Warps(Syms, Shape.Block, Change.Padded);
  std::set<const Stmt *> Truncated;
  bool Escaped = false;
  int PerBlock = WarpLayout(Shape.Block).warpCount();
  for (size_t B = 0; B < Blocks.size(); ++B) {
    LaunchShape S = Shape;
    S.BlockIndex = Blocks[B];
    // Each block's warps are warps of their own to the requests, and each
    // block has the budget of a kernel.
    std::vector<LaneInfo> Shifted = Lanes.Lanes;
    for (LaneInfo &L : Shifted)
      L.Warp += int(B) * PerBlock;
    KernelEvaluator Eval(Ctx, Syms, Opts.Limits, Change);
    Eval.reuseLaneAddresses(Opts.ReuseLaneAddresses);
    Eval.run(K, S, LaneSet(std::move(Shifted)), Warps);
    if (Eval.diverged() || Eval.budgetExhausted())
      return;
    Truncated.insert(Eval.truncatedLoops().begin(),
                     Eval.truncatedLoops().end());
    Escaped |= Eval.paddingEscaped();
  }
  std::vector<AccessReport> Sampled = Warps.finish(Truncated, Ctx, false);
  markPaddingEscaped(Sampled, Escaped);
  ReportsBySite BySite = bySite(Sampled);
  for (AccessReport &R : Reports) {
    auto It = BySite.find({R.Site, R.Op});
    if (R.Known || It == BySite.end())
      continue;
    if (!It->second->Known) { // what is left unknown once blocks are known
      R.Reason = It->second->Reason;
      continue;
    }
    int Evaluated = R.EvaluatedWarps * int(Blocks.size());
    R = std::move(*It->second);
    R.EvaluatedWarps = Evaluated;
    Assumption A{AssumptionKind::SampledBlocks};
    A.Blocks = Blocks;
    A.Grid = *Shape.Grid;
    R.Assumptions.push_back(std::move(A));
  }
}

/// Whether two runs' reports of one site give its requests the same
/// counts: worst, best and ideal.
bool sameCounts(const AccessReport &A, const AccessReport &B) {
  return std::tie(A.Sectors, A.SectorsBest, A.IdealSectors, A.Wavefronts,
                  A.WavefrontsBest, A.IdealWavefronts) ==
         std::tie(B.Sectors, B.SectorsBest, B.IdealSectors, B.Wavefronts,
                  B.WavefrontsBest, B.IdealWavefronts);
}

/// The reports still unknown for want of budget, taken from those of a
/// cheaper run (From) where it makes them known, each with Notes. A
/// helper's site the budget stopped before some of its calls, which the
/// cheaper run reached with the same counts, is made through those calls
/// too (BBuf's SGEMM calls its `lds128` once more after its main loop).
void takeTheRest(std::vector<AccessReport> &Reports,
                 std::vector<AccessReport> &From, int EvaluatedWarps,
                 const std::vector<Assumption> &Notes) {
  ReportsBySite BySite = bySite(From);
  for (AccessReport &R : Reports) {
    auto It = BySite.find({R.Site, R.Op});
    if (It == BySite.end() || !It->second->Known)
      continue;
    if (R.Known && sameCounts(R, *It->second)) {
      for (const auto &Call : It->second->InlinedAt)
        if (!llvm::is_contained(R.InlinedAt, Call))
          R.InlinedAt.push_back(Call);
      if (!R.HoistedTo.second)
        R.HoistedTo = It->second->HoistedTo;
    }
    if (R.Known || R.Reason.Kind != UnknownKind::BudgetExhausted)
      continue;
    R = std::move(*It->second);
    R.EvaluatedWarps = EvaluatedWarps;
    R.Assumptions.insert(R.Assumptions.end(), Notes.begin(), Notes.end());
  }
}

bool budgetLeftSomeOut(const std::vector<AccessReport> &Reports) {
  return llvm::any_of(Reports, [](const AccessReport &R) {
    return !R.Known && R.Reason.Kind == UnknownKind::BudgetExhausted;
  });
}

/// Where the budget ran out before the block's warps reached some
/// accesses, those accesses from cheaper runs: every loop cut at the trips
/// of one whose exit is not known; then, where those trips still spend it
/// all, one warp alone (the middle one of Warps, those of Lanes) with every
/// loop cut at two trips, the fewest that show how a loop's addresses move
/// (each cut loop is named among the report's assumptions). A report those
/// runs do not make known stays as it was. One warp with every trip, once
/// tried first, cost the most (8 times the steps of a run of 8 warps, as
/// the budget counts lanes) and made no report of the corpus known that
/// these do not.
void cheaperForTheRest(ASTContext &Ctx, const FunctionDecl *K,
                       const LaunchShape &Shape, const LaneSet &Lanes,
                       const std::set<int> &Warps, bool TripsMatter,
                       const AnalyzerOptions &Opts, const WhatIf &Change,
                       std::vector<AccessReport> &Reports) {
  int Middle = *std::next(Warps.begin(), Warps.size() / 2);
  std::vector<LaneInfo> One;
  for (const LaneInfo &L : Lanes.Lanes)
    if (L.Warp == Middle)
      One.push_back(L);
  LaneSet OneWarp(std::move(One));
  // A block of one warp is that warp: nothing to say of it.
  std::vector<Assumption> Alone;
  if (Warps.size() >= 2)
    Alone.push_back(
        {AssumptionKind::OneWarp, {}, {Middle, int64_t(Warps.size())}});
  auto Run = [&](const LaneSet &These, int TheseWarps, int Trips,
                 std::vector<Assumption> Notes) {
    if (!budgetLeftSomeOut(Reports) || Trips >= Opts.Limits.MaxLoopTrips)
      return;
    AnalyzerOptions Fewer = Opts;
    Fewer.Limits.MaxLoopTrips = Trips;
    Notes.push_back({AssumptionKind::FewerTrips, {}, {Trips}});
    std::optional<LaneRun> Cheaper = evaluateLanes(
        Ctx, K, Shape, These, Fewer, Change, LaneGrouping::AllTogether);
    if (Cheaper)
      takeTheRest(Reports, Cheaper->Reports, TheseWarps, Notes);
  };
  if (TripsMatter) // else that run is the first again
    Run(Lanes, int(Warps.size()), Opts.Limits.UnknownLoopTrips, {});
  Run(OneWarp, 1, 2, Alone);
}

std::vector<AccessReport> analyzeOneKernel(ASTContext &Ctx,
                                           const FunctionDecl *K,
                                           const LaunchShape &Shape,
                                           const AnalyzerOptions &Opts,
                                           const WhatIf &Change = {}) {
  const LaneSet &Lanes = representativeLanes(Shape.Block, Opts.MaxWarps);
  // All lanes at once; warp by warp where they part beyond the lane mask;
  // one at a time when asked, as the reference the others are tested
  // against.
  std::optional<LaneRun> Run;
  if (!Opts.LaneByLane)
    Run = evaluateLanes(Ctx, K, Shape, Lanes, Opts, Change,
                        LaneGrouping::AllTogether);
  if (!Run)
    Run = evaluateLanes(Ctx, K, Shape, Lanes, Opts, Change,
                        Opts.LaneByLane ? LaneGrouping::OneByOne
                                        : LaneGrouping::WarpByWarp);
  assert(Run && "a lane on its own cannot part from itself");
  std::vector<AccessReport> &Reports = Run->Reports;
  std::set<int> Warps;
  for (const LaneInfo &L : Lanes.Lanes)
    Warps.insert(L.Warp);
  for (AccessReport &R : Reports)
    R.EvaluatedWarps = int(Warps.size());
  if (Run->BlockDecidesIndex && Shape.Grid && !Opts.LaneByLane)
    sampleBlocks(Ctx, K, Shape, Lanes, Opts, Change, Reports);
  if (Run->StoppedAtBudget && !Opts.LaneByLane)
    cheaperForTheRest(Ctx, K, Shape, Lanes, Warps, Run->TripsMatter, Opts,
                      Change, Reports);
  if (Reports.empty())
    return std::move(Reports);
  // What every report of the kernel shares, written once.
  std::string Name = kernelName(K);
  Assumption ShapeNote{
      AssumptionKind::BlockShape,
      {nameOf(K), Shape.File},
      {int64_t(Shape.Source), Shape.Line, Shape.Assumed, Shape.CallLine},
      {Shape.Block}};
  for (AccessReport &R : Reports) {
    R.Kernel = K;
    R.KernelName = Name;
    R.FunctionName = R.Function == K ? Name : nameOf(R.Function);
    R.Shape = Shape;
    R.Assumptions.insert(R.Assumptions.begin(), ShapeNote);
    if (Shape.NoArguments)
      R.Assumptions.insert(R.Assumptions.begin() + 1,
                           {AssumptionKind::NoArguments});
    if (Shape.DeviceLimits)
      R.Assumptions.insert(R.Assumptions.begin() + 1 + Shape.NoArguments,
                           {AssumptionKind::DeviceLimits});
    if (R.Space == MemSpace::Global && R.Known && R.Base &&
        isa<ParmVarDecl>(R.Base)) {
      auto Offset = Shape.ParamOffsets.find(R.BaseName);
      if (Offset != Shape.ParamOffsets.end())
        R.Assumptions.push_back({AssumptionKind::OffsetParameter,
                                 {R.BaseName, Offset->second.second},
                                 {Offset->second.first, Shape.Line}});
      else
        R.Assumptions.push_back(
            {AssumptionKind::AlignedParameter, {R.BaseName}});
    } else if (R.Space == MemSpace::Global && R.Known &&
               isa_and_nonnull<FieldDecl>(R.Base)) {
      // A pointer in a struct or lambda the kernel takes (`p.in`, `[a =
      // d_a]`) is assumed aligned as its own pointers are.
      R.Assumptions.push_back({AssumptionKind::AlignedParameter, {R.BaseName}});
    } else if (const auto *Either = dyn_cast_or_null<VarDecl>(R.Base);
               R.Space == MemSpace::Global && R.Known && Either &&
               Either->isLocalVarDecl()) // a pointer to either of two arrays
      R.Assumptions.push_back({AssumptionKind::AlignedEither, {R.BaseName}});
    for (const auto &[Param, D] : Shape.ParamDivisors)
      R.Assumptions.push_back({AssumptionKind::PitchMultiple, {Param}, {D}});
    for (const auto &[Axis, Param] : Shape.BlockParams)
      R.Assumptions.push_back({AssumptionKind::BlockParameter,
                               {Param},
                               {Shape.Block.get(Axis), Axis, Shape.Line}});
    if (Run->StoppedAtBudget)
      R.Assumptions.push_back({AssumptionKind::StoppedAtBudget});
    if (Run->CallsCut)
      R.Assumptions.push_back(
          {AssumptionKind::CallsCut, {}, {Opts.Limits.MaxCallDepth}});
    for (unsigned Line : Run->IndirectCalls)
      R.Assumptions.push_back({AssumptionKind::IndirectCall, {}, {Line}});
  }
  return std::move(Reports);
}

/// Runs F on a thread with the stack the evaluator needs, or right here
/// when already on one: the checks' what-if runs, made while the kernel's
/// reports are checked, share that thread instead of one each.
thread_local bool OnLargeStack = false;
void runOnLargeStack(llvm::function_ref<void()> F) {
  // Room for EvalLimits::MaxDepth levels of nesting (a few KB each),
  // whatever stack the caller has (clang-tidy's main thread has 8 MB). On
  // one already, a thread per call would map and fault in a fresh stack.
  if (OnLargeStack)
    return F();
  llvm::thread T(std::optional<unsigned>(128u << 20), [&] {
    OnLargeStack = true;
    F();
  });
  T.join();
}

} // namespace

std::vector<AccessReport> analyzeWhatIf(ASTContext &Ctx, const FunctionDecl *K,
                                        const LaunchShape &Shape,
                                        const AnalyzerOptions &Opts,
                                        const WhatIf &Change) {
  std::vector<AccessReport> Out;
  runOnLargeStack([&] { Out = analyzeOneKernel(Ctx, K, Shape, Opts, Change); });
  return Out;
}

void analyzeTranslationUnit(
    ASTContext &Ctx, const AnalyzerOptions &Opts,
    llvm::function_ref<void(std::vector<AccessReport>)> Done,
    std::vector<KernelError> *Errors) {
  KernelFinder Finder(Ctx.getSourceManager(), Opts.SystemHeaderKernels);
  if (Opts.SystemHeaderKernels)
    Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  else
    for (Decl *D : userDecls(Ctx))
      Finder.TraverseDecl(D);
  LaunchSites Own;
  AnalyzerOptions WithLaunches = Opts;
  if (!Opts.Launches)
    WithLaunches.Launches = &(Own = findLaunches(Ctx));
  const LaunchSites &Launches = *WithLaunches.Launches;
  if (Errors) {
    for (const FunctionDecl *K : Finder.Invalid)
      Errors->push_back({K, K->getLocation()});
    // After a fatal error clang instantiates no template: an instantiation
    // without a body, or a kernel template without one, is lost to it.
    std::optional<SourceLocation> Fatal;
    if (Ctx.getDiagnostics().hasFatalErrorOccurred() &&
        !Opts.CompileErrors.empty())
      Fatal = Opts.CompileErrors.front();
    for (const FunctionDecl *K : Finder.Unbuilt)
      if (std::optional<SourceLocation> Error = compileErrorIn(
              K->getTemplateInstantiationPattern(), Opts.CompileErrors))
        Errors->push_back({K, *Error});
      else if (Fatal)
        Errors->push_back({K, *Fatal, true});
    if (Fatal)
      for (const FunctionDecl *K : Finder.Uninstantiated)
        Errors->push_back({K, *Fatal, true});
  }
  runOnLargeStack([&] {
    for (const FunctionDecl *K : Finder.Kernels) {
      auto It = Launches.Shapes.find(K->getCanonicalDecl());
      const std::vector<LaunchShape> *Found =
          It == Launches.Shapes.end() ? nullptr : &It->second;
      std::vector<LaunchShape> Imported;
      if (!Found && Opts.Foreign)
        if (auto F = Opts.Foreign->find(kernelKey(K));
            F != Opts.Foreign->end()) {
          Imported = importForeignLaunches(K, F->second);
          Found = &Imported;
        }
      std::vector<AccessReport> Out;
      for (const LaunchShape &Shape : shapesFor(K, Found, Opts))
        for (AccessReport &R : analyzeOneKernel(Ctx, K, Shape, WithLaunches))
          Out.push_back(std::move(R));
      std::optional<SourceLocation> Error;
      if (Ctx.getDiagnostics().hasErrorOccurred())
        Error = compileErrorIn(K, Opts.CompileErrors);
      if (Error) {
        UnknownReason Reason{
            UnknownKind::NotCompiled,
            Ctx.getSourceManager().getExpansionLineNumber(*Error)};
        for (AccessReport &R : Out) {
          R.Known = false;
          R.Reason = Reason;
          R.NotCompiled = true;
        }
        if (Errors)
          Errors->push_back({K, *Error});
      }
      Done(std::move(Out));
    }
  });
}

std::vector<AccessReport> analyzeTranslationUnit(ASTContext &Ctx,
                                                 const AnalyzerOptions &Opts) {
  std::vector<AccessReport> Out;
  analyzeTranslationUnit(Ctx, Opts, [&](std::vector<AccessReport> Kernel) {
    for (AccessReport &R : Kernel)
      Out.push_back(std::move(R));
  });
  return Out;
}

} // namespace cal
