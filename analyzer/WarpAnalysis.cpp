#include "analyzer/WarpAnalysis.h"
#include "analyzer/BankModel.h"
#include "analyzer/ConstantCacheModel.h"
#include "analyzer/FieldVectors.h"
#include "analyzer/IfConversion.h"
#include "analyzer/NameOf.h"
#include "analyzer/SectorModel.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>
#include <set>

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <array>
#include <memory>
#include <numeric>
#include <set>

using namespace clang;

namespace cal {

void WarpAnalysis::record(const AccessEvent &E, const Value &Shape,
                          llvm::ArrayRef<LaneAccess> Lanes,
                          llvm::ArrayRef<LaneSpan> Spans, const OwnRows *Own) {
  // Records come one after another, mostly of the site, instance and shape
  // of the record before.
  if (!LastSite || LastSite->First.Site != E.Site ||
      LastSite->First.Op != E.Op ||
      LastSite->First.Address.Space != E.Address.Space) {
    auto Key = std::make_tuple(E.Site, E.Op, E.Address.Space);
    auto It = Sites.find(Key);
    if (It == Sites.end())
      It = Sites.emplace(Key, SiteEvents(E, unsigned(Sites.size()))).first;
    LastSite = &It->second;
  }
  LastSite->add(E, Shape, Lanes, Spans, Own);
}

std::optional<int64_t>
WarpAnalysis::strideAcrossWarps(const Requests &Rs,
                                int64_t (*Axis)(const ThreadIndex &)) const {
  // A warp holds one row of a wide block: compare the same request in two
  // warps, at lanes with the same threadIdx.x. The requests are grouped by
  // instance first, so the pairs come in the order of a walk over all pairs
  // of requests, without its quadratic cost (minutes for a 64x64 loop nest).
  // A block one thread deep along Axis has no such pair.
  if (Rs.All.empty())
    return std::nullopt;
  // The block's first and last threads span every value of Axis.
  if (Axis(Layout.thread(0)) == Axis(Layout.thread(Layout.block().count() - 1)))
    return std::nullopt;
  const Request &R0 = Rs.All.front();
  int64_t A0 = Axis(threadOf(R0.Warp, R0.Chunks.front().Lanes.front().Lane));
  bool Deep = false;
  for (const Request &R : Rs.All)
    for (const Chunk &C : R.Chunks)
      for (const LaneAccess &L : C.Lanes)
        Deep |= Axis(threadOf(R.Warp, L.Lane)) != A0;
  if (!Deep)
    return std::nullopt;
  // Requests by instance, each list in the order of (warp, instance).
  auto Less = [](const InstanceKey *X, const InstanceKey *Y) {
    return *X < *Y;
  };
  std::map<const InstanceKey *, std::vector<size_t>, decltype(Less)> ByInstance(
      Less);
  for (size_t I = 0; I < Rs.All.size(); ++I)
    ByInstance[Rs.All[I].Instance].push_back(I);
  for (size_t A = 0; A < Rs.All.size(); ++A) {
    const std::vector<size_t> &Same = ByInstance[Rs.All[A].Instance];
    for (auto BI = std::upper_bound(Same.begin(), Same.end(), A);
         BI != Same.end(); ++BI) {
      int WA = Rs.All[A].Warp, WB = Rs.All[*BI].Warp;
      for (const LaneView &P : lanesOf(Rs.All[A].Chunks))
        for (const LaneView &Q : lanesOf(Rs.All[*BI].Chunks)) {
          ThreadIndex TP = threadOf(WA, P.lane()), TQ = threadOf(WB, Q.lane());
          int64_t D = Axis(TQ) - Axis(TP);
          if (D == 0 || TQ.X != TP.X || P.C->Shape->K != Value::Pointer ||
              Q.C->Shape->K != Value::Pointer)
            continue;
          int64_t Diff = wrapSub(Q.constant(), P.constant());
          if (!sameLaneShape(*Q.C, Q.K, *P.C, P.K) || Diff % D != 0)
            return std::nullopt;
          return Diff / D;
        }
    }
  }
  return std::nullopt;
}

void WarpAnalysis::evaluate(const SiteEvents &S, const Requests &Rs,
                            AccessReport &R) const {
  const AccessEvent &E = S.First;
  bool Global = R.Space == MemSpace::Global;
  R.Known = E.Bytes > 0;
  if (!R.Known) {
    // An instruction of no size known, as inline PTX the analyzer does not
    // model: its own reason.
    R.Reason = E.Address.K != Value::Pointer && !E.Address.Reason.empty()
                   ? E.Address.Reason.get()
                   : UnknownReason{UnknownKind::NoSize};
    return;
  }
  Counting What = Global                          ? Counting::Sectors
                  : R.Space == MemSpace::Constant ? Counting::ConstantRequests
                                                  : Counting::Wavefronts;
  // Merged copies (merged()) are one access of their joint size.
  CostQuestion Q{What, E.Bytes * R.Width, E.LaneBytes, R.Op == AccessOp::Store};
  std::optional<std::vector<CopySources>> Arrivals;
  if (E.AsyncCopy && !Global) {
    if (!(Arrivals = readSources(S, Rs))) {
      R.Known = false;
      R.Reason = {UnknownKind::CopySourceApart};
      return;
    }
    Q.Arrivals = &*Arrivals;
  }
  RequestCosts Costs = costOf(Rs, Q, Syms);
  R.Instances = Costs.Instances;
  if (Costs.Worst)
    describeWorst(
        *Costs.Worst, Costs, Q,
        Q.Arrivals ? &(*Q.Arrivals)[Costs.Worst - Rs.All.data()] : nullptr, R);
  else if (Costs.LoneLaneAddress) {
    // Every request one lane's element: 1 sector, wavefront or constant
    // request, the ideal.
    R.Sectors = R.SectorsBest = R.IdealSectors = R.Lines128 =
        What == Counting::Sectors;
    R.Wavefronts = R.WavefrontsBest = R.IdealWavefronts =
        What == Counting::Wavefronts;
    R.ConstantRequests = R.ConstantRequestsBest =
        What == Counting::ConstantRequests;
    R.LoneLaneAddress = *Costs.LoneLaneAddress;
  }
  if (!Costs.Reason.empty()) {
    R.Known = false;
    R.Reason = Costs.Reason;
    return;
  }
  if (!R.StrideY)
    R.StrideY = strideAcrossWarps(
        Rs, [](const ThreadIndex &T) -> int64_t { return T.Y; });
  if (R.Instances == 0) {
    R.Known = false;
    R.Reason = {UnknownKind::NoRequest};
    return;
  }
  // (An unknown that moves a constant read's lanes apart is no alignment:
  // the best count says what holds.)
  if (!Costs.Deciding.empty() && What != Counting::ConstantRequests)
    R.Assumptions.push_back(alignmentDecidedBy(Costs, R));
  R.AlignmentFromData = llvm::any_of(
      Costs.Deciding, [&](SymbolId Sym) { return Syms.fromData(Sym); });
  // Where unknown sizes decide the count, the average is the one at round
  // sizes (a row width of 4096, not 4097); a value read from memory is no
  // size, and nothing makes it round.
  (What == Counting::Sectors            ? R.SectorsAvg
   : What == Counting::ConstantRequests ? R.ConstantRequestsAvg
                                        : R.WavefrontsAvg) =
      (R.AlignmentFromData ? Costs.Sum : Costs.AlignedSum) / R.Instances;
  R.IdealAvg = Costs.IdealSum / R.Instances;
  if (llvm::any_of(Costs.Deciding,
                   [&](SymbolId Sym) { return Syms.range(Sym).has_value(); }))
    R.FirstLaunchAvg = Costs.FirstSum / R.Instances;
  notePremises(S, R);
}

std::optional<std::vector<CopySources>>
WarpAnalysis::readSources(const SiteEvents &Write, const Requests &Rs) const {
  const AccessEvent &E = Write.First;
  auto It = Sites.find({E.Site, AccessOp::Load, MemSpace::Global});
  if (It == Sites.end())
    return std::nullopt;
  Requests Read = requestsOf(It->second);
  if (Read.All.size() != Rs.All.size())
    return std::nullopt;
  // Request by request the same warp and instance, but for the operation.
  for (size_t I = 0; I < Rs.All.size(); ++I) {
    const InstanceKey &A = *Read.All[I].Instance, &B = *Rs.All[I].Instance;
    if (Read.All[I].Warp != Rs.All[I].Warp || A.size() != B.size() ||
        A.size() < 2 || !std::equal(A.begin(), A.end() - 2, B.begin()) ||
        A.back() != B.back())
      return std::nullopt;
  }
  return copySources(Read, It->second.First.Bytes, Syms);
}

const ArraySubscriptExpr *subscriptOf(const Expr *Site) {
  Site = Site->IgnoreParenImpCasts();
  while (const auto *ME = dyn_cast<MemberExpr>(Site)) {
    if (ME->isArrow())
      break;
    Site = ME->getBase()->IgnoreParenImpCasts();
  }
  return dyn_cast<ArraySubscriptExpr>(Site);
}

void WarpAnalysis::notePremises(const SiteEvents &S, AccessReport &R) const {
  if (const ArraySubscriptExpr *AS = subscriptOf(S.First.Site))
    if (auto It = EdgeWraps.find(AS); It != EdgeWraps.end())
      for (const auto &[Line, Names] : It->second)
        R.Assumptions.push_back({AssumptionKind::EdgeWrap, Names, {Line}});
  if (auto It = EdgeBranches.find(S.First.Site); It != EdgeBranches.end())
    for (const auto &[At, Width] : It->second)
      R.Assumptions.push_back(
          At.second == AssumptionKind::SizeClamp
              ? Assumption{At.second, {}, {int64_t(At.first)}}
              : Assumption{At.second, {}, {int64_t(At.first), Width}});
  if (!Syms.hasPremises())
    return;
  std::set<SymbolTable::Premise> All;
  auto Note = [&](const Monomial &M) {
    for (SymbolId Sym : M)
      if (const std::set<SymbolTable::Premise> *P = Syms.premisesOf(Sym))
        All.insert(P->begin(), P->end());
  };
  for (const Value &Shape : S.Shapes)
    for (const auto &[M, C] : Shape.Offset.terms())
      Note(M);
  for (const auto &Monomials : S.Owns)
    for (const Monomial &M : Monomials)
      Note(M);
  Assumption Divisors{AssumptionKind::WarpQuotient};
  for (const SymbolTable::Premise &P : All)
    if (P.K == SymbolTable::Premise::Divisor)
      Divisors.Names.push_back(P.Name);
    else
      R.Assumptions.push_back(
          {AssumptionKind::LoopExit, {}, {std::stoll(P.Name)}});
  if (!Divisors.Names.empty())
    R.Assumptions.push_back(std::move(Divisors));
}

Assumption WarpAnalysis::alignmentDecidedBy(const RequestCosts &Costs,
                                            const AccessReport &R) const {
  bool Global = R.Space == MemSpace::Global;
  Assumption A{AssumptionKind::AlignmentDecidedBy};
  for (SymbolId Sym : Costs.Deciding)
    A.Names.push_back(Syms.name(Sym));
  int WorstV = Global ? R.Sectors : R.Wavefronts;
  int BestV = Global ? R.SectorsBest : R.WavefrontsBest;
  // The least multiple whose trials are exactly the best ones; else, where
  // natural alignment rounds a value down (a float4 at a multiple of 16),
  // the least whose trials are all among the best.
  auto Least = [&](bool Exactly) {
    for (int M : {2, 4, 8, 16, 32}) {
      bool Fits = true;
      for (int K = 0; K < Candidates && Fits; ++K) {
        bool Best = llvm::is_contained(Costs.BestKs, K);
        Fits = Exactly ? Best == (K % M == 0) : Best || K % M != 0;
      }
      if (Fits)
        return M;
    }
    return 0;
  };
  // A symbol of known values (a loop's counter) took them in its trials,
  // not residues: no multiple follows, its values are the numbers to say.
  std::optional<std::pair<int64_t, int64_t>> Values;
  for (SymbolId Sym : Costs.Deciding)
    if (!Values)
      Values = Syms.range(Sym);
  int Multiple = Values ? 0 : Least(true);
  if (!Multiple && !Values)
    Multiple = Least(false);
  A.Numbers = {BestV, WorstV, Multiple};
  if (Values)
    A.Numbers.insert(A.Numbers.end(), {Values->first, Values->second});
  A.Shared = !Global;
  return A;
}

void WarpAnalysis::describeWorst(const Request &Req, const RequestCosts &Costs,
                                 const CostQuestion &Asked,
                                 const CopySources *Sources,
                                 AccessReport &R) const {
  const std::vector<LaneAddress> &A = Costs.WorstAddresses;
  if (Asked.What == Counting::ConstantRequests) {
    R.ConstantRequests = countConstantRequests(A);
    R.ConstantRequestsBest = Costs.BestCount;
    R.CountByBlock = Costs.WorstByBlock;
  } else if (Asked.What == Counting::Sectors) {
    SectorCount C = countSectors(A, Asked.Bytes);
    R.Sectors = C.Sectors;
    R.SectorsBest = Costs.BestCount;
    R.CountByBlock = Costs.WorstByBlock;
    R.IdealSectors = C.IdealSectors;
    R.Lines128 = C.Lines128;
  } else {
    WavefrontCount C =
        Sources ? countArrivals(A, *Sources, Asked.Bytes)
                : countWavefronts(A, Asked.Bytes, Asked.LaneBytes, Asked.Store);
    R.AsyncCopy = Sources != nullptr;
    R.Wavefronts = C.Wavefronts;
    R.WavefrontsBest = Costs.BestCount;
    R.CountByBlock = Costs.WorstByBlock;
    R.IdealWavefronts = C.IdealWavefronts;
    R.WorstBank = C.WorstBank;
    R.WorstWays = C.WorstWays;
    R.Apart = C.Apart;
  }
  // The worst request's lanes in lane order, whichever runs recorded
  // them (lanes together that parted arrive group by group).
  std::vector<LaneView> Unordered = lanesOf(Req.Chunks);
  std::vector<size_t> Order(Unordered.size());
  std::iota(Order.begin(), Order.end(), size_t(0));
  llvm::stable_sort(Order, [&](size_t X, size_t Y) {
    return Unordered[X].lane() < Unordered[Y].lane();
  });
  std::vector<LaneView> Lanes;
  std::vector<int64_t> Addresses;
  for (size_t I : Order) {
    Lanes.push_back(Unordered[I]);
    Addresses.push_back(A[I].Address);
  }
  // The lane layout of the worst request, relative to its first lane.
  int64_t First = Addresses.front();
  R.FirstLaneMod128 = ((First % 128) + 128) % 128;
  R.FirstLaneAddress = (laneShape(*Lanes.front().C, Lanes.front().K) +
                        AffineExpr::constant(Lanes.front().constant()))
                           .print([&](SymbolId Sym) { return Syms.name(Sym); });
  std::vector<ThreadIndex> Threads;
  Threads.reserve(Lanes.size());
  for (const LaneView &L : Lanes)
    Threads.push_back(threadOf(Req.Warp, L.lane()));
  R.WorstLanes.reserve(Lanes.size());
  for (size_t I = 0; I < Lanes.size(); ++I)
    R.WorstLanes.push_back(
        {Lanes[I].lane(), Threads[I], wrapSub(Addresses[I], First)});
  // The first pair, in the order of (I, J < I), of lanes adjacent in x
  // (in y) with an offset that does not depend on a symbol's trial value.
  // Lanes of a warp are its threads in order: the lane before a thread in
  // x is the lane before it, in y the lane a row of the block before.
  std::array<int, WarpSize> At;
  At.fill(-1);
  bool Once = true;
  for (size_t I = 0; I < Lanes.size() && Once; ++I) {
    int L = Lanes[I].lane();
    Once = L >= 0 && L < WarpSize && At[size_t(L)] < 0;
    if (Once)
      At[size_t(L)] = int(I);
  }
  auto SameLane = [&](size_t I, size_t J) { // but for their constants
    return sameLaneShape(*Lanes[I].C, Lanes[I].K, *Lanes[J].C, Lanes[J].K);
  };
  auto Stride = [&](size_t I, int64_t Back) -> std::optional<int64_t> {
    int L = Lanes[I].lane() - int(Back);
    if (L < 0 || At[size_t(L)] < 0 || size_t(At[size_t(L)]) >= I)
      return std::nullopt;
    size_t J = size_t(At[size_t(L)]);
    if (!SameLane(I, J))
      return std::nullopt;
    return wrapSub(Lanes[I].constant(), Lanes[J].constant());
  };
  for (size_t I = 0; I < Lanes.size(); ++I) {
    if (!Once) { // a lane twice: every pair, as the order asks
      for (size_t J = 0; J < I; ++J) {
        const ThreadIndex &P = Threads[J], &Q = Threads[I];
        bool X = !R.StrideX && Q.X == P.X + 1 && Q.Y == P.Y && Q.Z == P.Z;
        bool Y = !R.StrideY && Q.Y == P.Y + 1 && Q.X == P.X && Q.Z == P.Z;
        if ((!X && !Y) || !SameLane(I, J))
          continue;
        int64_t D = wrapSub(Lanes[I].constant(), Lanes[J].constant());
        if (X)
          R.StrideX = D;
        if (Y)
          R.StrideY = D;
      }
      continue;
    }
    const ThreadIndex &Q = Threads[I];
    if (!R.StrideX && Q.X > 0)
      R.StrideX = Stride(I, 1);
    if (!R.StrideY && Q.Y > 0)
      R.StrideY = Stride(I, Layout.block().X);
  }
}

/// Whether each request needs one sector or wavefront (at the alignment the
/// checks take): one lane alone needs one, so any few of its lanes need
/// that one too.
static bool oneEach(const AccessReport &R) {
  if (!R.Known)
    return false;
  bool Best = R.wasteDependsOnUnknown();
  if (R.Space == MemSpace::Global)
    return (Best ? R.SectorsBest : R.Sectors) == 1;
  if (R.Space == MemSpace::Constant)
    return R.ConstantRequests == 1;
  return (Best ? R.WavefrontsBest : R.Wavefronts) == 1;
}

std::vector<AccessReport>
WarpAnalysis::finish(const std::set<const Stmt *> &Cut, ASTContext &Ctx,
                     bool StoppedAtBudget) const {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<AccessReport> Out;
  std::vector<unsigned> Orders; // each report's site's Order
  // The site's requests and report as evaluate() left it, where another
  // operation of the same expression follows (the load and store of
  // `a[i] += v`).
  struct Evaluated {
    const SiteEvents *S;
    Requests Rs;
    AccessReport R;
  };
  std::optional<Evaluated> Twin;
  std::map<const FunctionDecl *, std::unique_ptr<ParentMap>> Parents;
  auto parentsOf = [&](const FunctionDecl *F) -> const ParentMap & {
    std::unique_ptr<ParentMap> &PM = Parents[F];
    if (!PM)
      PM = std::make_unique<ParentMap>(F->getBody());
    return *PM;
  };
  std::map<const SiteEvents *, Requests> Computed;
  std::map<const SiteEvents *, SiteVector> Vectors =
      siteVectors(Computed, parentsOf, SM, StoppedAtBudget);
  for (auto It = Sites.begin(); It != Sites.end(); ++It) {
    const SiteEvents &S = It->second;
    auto V = Vectors.find(&S);
    const SiteVector *SV = V != Vectors.end() ? &V->second : nullptr;
    AccessReport R;
    const AccessEvent &E = S.First;
    R.Site = E.Site;
    R.Function = E.Function;
    R.Op = E.Op;
    R.Bytes = E.Bytes;
    R.Pieces = E.Pieces;
    R.Space = E.Address.Space;
    R.Base = E.Address.Base;
    R.PaddingMoves = S.PaddingMoves;
    R.BaseName = R.Base ? nameOf(R.Base) : "<unknown>";
    SourceLocation Loc = SM.getExpansionLoc(E.Site->getBeginLoc());
    PresumedLoc P = SM.getPresumedLoc(Loc);
    if (P.isValid()) {
      R.File = P.getFilename();
      R.Line = P.getLine();
      R.Column = P.getColumn();
      const Expr *Spans = E.Assignment ? E.Assignment : E.Site;
      PresumedLoc End =
          SM.getPresumedLoc(SM.getExpansionLoc(Spans->getEndLoc()));
      R.EndLine = End.isValid() && End.getFileID() == P.getFileID()
                      ? std::max(End.getLine(), R.Line)
                      : R.Line;
    }
    if (E.Pieces > 1) {
      R.Record = E.Site->getType()->getAsRecordDecl();
      R.RecordBytes = int64_t(E.Bytes) * E.Pieces;
    } else if (const auto *ME =
                   dyn_cast<MemberExpr>(E.Site->IgnoreParenImpCasts()))
      if (const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl())) {
        // In `p[i].pos.x` the struct that strides the lanes is p's.
        const MemberExpr *Outer = ME;
        while (const auto *Up = dyn_cast<MemberExpr>(
                   Outer->getBase()->IgnoreParenImpCasts()))
          if (!Outer->isArrow())
            Outer = Up;
          else
            break;
        R.Field = FD;
        if (const auto *OF = dyn_cast<FieldDecl>(Outer->getMemberDecl())) {
          R.Record = OF->getParent();
          R.RecordBytes =
              Ctx.getASTRecordLayout(R.Record).getSize().getQuantity();
        }
      }
    for (const Expr *Call : E.Calls) {
      PresumedLoc At =
          SM.getPresumedLoc(SM.getExpansionLoc(Call->getExprLoc()));
      if (!At.isValid())
        continue;
      std::pair<std::string, unsigned> Where{At.getFilename(), At.getLine()};
      if (!llvm::is_contained(R.InlinedAt, Where))
        R.InlinedAt.push_back(std::move(Where));
    }
    // Hoisted before the outermost loop it is reused in.
    if (auto H = HoistedOut.find(E.Site); H != HoistedOut.end()) {
      const Stmt *Outermost = *llvm::min_element(H->second, [&](const Stmt *A,
                                                                const Stmt *B) {
        return SM.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
      });
      PresumedLoc At =
          SM.getPresumedLoc(SM.getExpansionLoc(Outermost->getBeginLoc()));
      if (At.isValid())
        R.HoistedTo = {At.getFilename(), At.getLine()};
    }
    // A merged site's requests are its start's (Computed); another's were
    // computed where siteVectors() looked at it, or are now.
    Requests All;
    if (!SV) {
      auto C = Computed.find(&S);
      All = C != Computed.end() ? std::move(C->second) : requestsOf(S);
    }
    std::optional<Merged> M;
    if (!SV)
      M = merged(S, All, StoppedAtBudget);
    R.Width = SV ? SV->Width : M ? M->Width : 1;
    if (SV && SV->At != &S)
      R.VectorLine = SM.getPresumedLoc(SM.getExpansionLoc(
                                           SV->At->First.Site->getBeginLoc()))
                         .getLine();
    const Requests *Start = SV ? &Computed.at(SV->Start) : nullptr;
    int Executions = SV  ? executions(*SV->Start, *Start)
                     : M ? executions(S, M->Firsts)
                         : executions(S, All);
    // A field loaded with its neighbours in one vector: that vector's
    // requests, from the piece's start.
    Requests Vector;
    std::optional<FieldVector> FV;
    if (const auto *ME = dyn_cast<MemberExpr>(E.Site->IgnoreParenImpCasts());
        ME && R.Field && !M && !SV && E.Op == AccessOp::Load && E.Pieces == 1 &&
        E.Function && E.Function->getBody() &&
        (FV = fieldVector(ME, parentsOf(E.Function), Ctx)) &&
        FV->Bytes % E.Bytes == 0) {
      R.Width = int(FV->Bytes / E.Bytes);
      Vector =
          movedBy(All, FV->Start - int64_t(Ctx.getFieldOffset(R.Field) / 8));
    }
    const Requests &Whole = SV ? *Start : M ? M->Firsts : FV ? Vector : All;
    // Where one lane at most runs it, any lane's request is what one costs.
    Requests Lone;
    if (E.LanesDecided.OneLane)
      Lone = firstLanes(Whole);
    const Requests &Rs = E.LanesDecided.OneLane ? Lone : Whole;
    if (R.Space == MemSpace::Unknown) {
      R.Known = false;
      R.Reason = E.Address.Reason.empty()
                     ? UnknownReason{UnknownKind::UnknownOrigin}
                     : E.Address.Reason.get();
    } else if (!M && !SV && Twin && Twin->S->First.Site == E.Site &&
               sameRequests(*Twin->S, Twin->Rs, S, Rs)) {
      // The same requests count the same: evaluated once.
      AccessOp Op = R.Op;
      unsigned EndLine = R.EndLine;
      R = Twin->R;
      R.Op = Op;
      R.EndLine = EndLine; // the store's assignment spans more
    } else {
      evaluate(S, Rs, R);
      auto Next = std::next(It);
      Twin.reset();
      // Not Lone or Vector: their views may be into All.
      if (Next != Sites.end() && std::get<0>(Next->first) == E.Site && !M &&
          !FV && !SV && !E.LanesDecided.OneLane)
        Twin = Evaluated{&S, std::move(All), R};
    }
    R.Executions = Executions;
    R.LanesDecidedBy = E.LanesDecided.By.get();
    R.OneLane = E.LanesDecided.OneLane;
    R.CountHoldsForAnyLanes =
        !E.LanesDecided.empty() && oneEach(R) && !E.LanesDecided.Predicated &&
        Executions == R.Instances &&
        !(R.Space == MemSpace::Shared && R.Op == AccessOp::Atomic);
    for (const Stmt *Loop : E.Loops)
      if (Cut.count(Loop))
        R.Assumptions.push_back(
            {AssumptionKind::LoopCut,
             {},
             {SM.getExpansionLineNumber(Loop->getBeginLoc())}});
    Out.push_back(std::move(R));
    Orders.push_back(S.Order);
  }
  // By place; sites at one place (instantiations of a template, a macro's
  // expansions) in the order the evaluator reached them, which, unlike the
  // addresses that key Sites, is the same in every run.
  std::vector<size_t> Index(Out.size());
  std::iota(Index.begin(), Index.end(), 0);
  std::sort(Index.begin(), Index.end(), [&](size_t A, size_t B) {
    return std::tie(Out[A].Line, Out[A].Column, Out[A].Op, Orders[A]) <
           std::tie(Out[B].Line, Out[B].Column, Out[B].Op, Orders[B]);
  });
  std::vector<AccessReport> Sorted;
  Sorted.reserve(Out.size());
  for (size_t I : Index)
    Sorted.push_back(std::move(Out[I]));
  return Sorted;
}

} // namespace cal
