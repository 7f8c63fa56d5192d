//===- EvalStatements.cpp - The evaluator's statements: blocks, ifs, loops ===//
//
// Statements run under the lane mask: ifs split the lanes, loops keep each
// lane's exit, and returns end a lane's call.
//
//===----------------------------------------------------------------------===//
#include "analyzer/AsmAccesses.h"
#include "analyzer/IfConversion.h"
#include "analyzer/KernelEvaluator.h"
#include "analyzer/NameOf.h"
#include "analyzer/Unrolling.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/SaveAndRestore.h"

using namespace clang;

namespace cal {

KernelEvaluator::Flow KernelEvaluator::exec(const Stmt *S) {
  Nesting In(Depth);
  if (!S || !step())
    return OutOfBudget || Diverged ? Flow::Return : Flow::Normal;
  switch (S->getStmtClass()) {
  case Stmt::CompoundStmtClass: {
    // A load of an address loaded before in the same block, with nothing
    // stored since, is the register the compiler kept (its GVN).
    ReuseScope Reuse(*this, /*InvariantOnly=*/true);
    const auto *CS = cast<CompoundStmt>(S);
    Blocks.push_back({CS, 0});
    llvm::scope_exit Pop([&] { Blocks.pop_back(); });
    for (size_t I = 0; I < CS->size(); ++I) {
      Blocks.back().second = I;
      Flow F = exec(CS->body_begin()[I]);
      if (F == Flow::Goto) { // on from the label, where it is this block's
        auto At =
            std::find(CS->body_begin() + I + 1, CS->body_end(), GotoTarget);
        if (At == CS->body_end())
          return F;
        I = size_t(At - CS->body_begin()) - 1;
        continue;
      }
      if (F != Flow::Normal)
        return F;
      if (Active.none()) // every lane returned, some here and some there
        return Flow::Return;
    }
    return Flow::Normal;
  }
  case Stmt::GotoStmtClass: {
    // Forward to a later statement of an enclosing block: the lanes leave
    // what lies between. Any other goto (backward, into a block) is
    // followed no further than its own statement.
    const Stmt *Label = cast<GotoStmt>(S)->getLabel()->getStmt();
    for (auto It = Blocks.rbegin(); It != Blocks.rend(); ++It)
      if (std::find(It->first->body_begin() + It->second + 1,
                    It->first->body_end(), Label) != It->first->body_end()) {
        GotoTarget = Label;
        return Flow::Goto;
      }
    return Flow::Normal;
  }
  case Stmt::DeclStmtClass:
    for (const Decl *D : cast<DeclStmt>(S)->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        declare(VD);
    return Flow::Normal;
  case Stmt::IfStmtClass:
    return execIf(cast<IfStmt>(S));
  case Stmt::ForStmtClass: {
    const auto *F = cast<ForStmt>(S);
    return execLoop(F, F->getInit(), F->getCond(), F->getInc(), F->getBody(),
                    true);
  }
  case Stmt::WhileStmtClass: {
    const auto *W = cast<WhileStmt>(S);
    return execLoop(W, nullptr, W->getCond(), nullptr, W->getBody(), true);
  }
  case Stmt::DoStmtClass: {
    const auto *D = cast<DoStmt>(S);
    return execLoop(D, nullptr, D->getCond(), nullptr, D->getBody(), false);
  }
  case Stmt::CXXForRangeStmtClass:
    return execRangeFor(cast<CXXForRangeStmt>(S));
  case Stmt::ReturnStmtClass:
    return execReturn(cast<ReturnStmt>(S));
  case Stmt::BreakStmtClass:
    return Flow::Break;
  case Stmt::ContinueStmtClass:
    return Flow::Continue;
  case Stmt::AttributedStmtClass: {
    // `#pragma unroll` before a loop: what unrolledCounterOf() reads.
    const auto *AS = cast<AttributedStmt>(S);
    UnrollHints.try_emplace(AS->getSubStmt(), AS->getAttrs());
    return exec(AS->getSubStmt());
  }
  case Stmt::LabelStmtClass:
    return exec(cast<LabelStmt>(S)->getSubStmt());
  case Stmt::CaseStmtClass:
  case Stmt::DefaultStmtClass:
    return exec(cast<SwitchCase>(S)->getSubStmt());
  case Stmt::SwitchStmtClass:
    return execSwitch(cast<SwitchStmt>(S));
  case Stmt::GCCAsmStmtClass:
    return execAsm(cast<GCCAsmStmt>(S));
  case Stmt::NullStmtClass:
  case Stmt::MSAsmStmtClass:
    return Flow::Normal;
  default:
    if (const auto *E = dyn_cast<Expr>(S))
      discard(E);
    return Flow::Normal;
  }
}

KernelEvaluator::Flow KernelEvaluator::execReturn(const ReturnStmt *S) {
  if (const Expr *RV = S->getRetValue()) {
    // A reference returned is the address of what it refers to.
    bool Ref = Frames.back().Function->getReturnType()->isReferenceType();
    Value V;
    if (const std::optional<Value> &At = Frames.back().ResultAt;
        At && !Ref && Frames.back().Function->getReturnType()->isRecordType()) {
      // The object returned is built where the caller keeps it; each group
      // of lanes that returns leaves its own.
      Value Dest = *At; // a copy: a call in RV grows Frames and moves them
      initObject(Dest, Frames.back().Function->getReturnType(), RV);
      Env Object;
      if (auto Local = localAt(Dest))
        moveSlots(Object, envOf(Local->first, true), Local->first);
      Frames.back().ResultObjects.push_back({Active, std::move(Object)});
      V = Value::unknown(UnknownKind::ClassValue);
    } else if (!Ref)
      V = eval(RV);
    else if (LValue L = evalLValue(RV); L.K == LValue::Memory)
      V = L.Address;
    else
      V = Value::unknown(at(UnknownKind::LocalReference, RV));
    // Taken after eval: a call in RV grows Frames and moves them.
    QualType RT = Frames.back().Function->getReturnType();
    if (RT->isIntegralOrEnumerationType())
      V = convert(V, RT);
    Frames.back().Results.push_back({Active, std::move(V)});
  }
  return Flow::Return;
}

KernelEvaluator::Flow KernelEvaluator::execRangeFor(const CXXForRangeStmt *R) {
  // The loop clang reads it as: `auto &&__range = init; auto __begin =
  // ..., __end = ...; for (; __begin != __end; ++__begin) { T x =
  // *__begin; body }`.
  for (const Stmt *Pre :
       {R->getInit(), static_cast<const Stmt *>(R->getRangeStmt()),
        static_cast<const Stmt *>(R->getBeginStmt()),
        static_cast<const Stmt *>(R->getEndStmt())})
    if (Pre)
      exec(Pre);
  return execLoop(R, nullptr, R->getCond(), R->getInc(), R->getBody(), true,
                  R->getLoopVarStmt());
}

KernelEvaluator::Flow KernelEvaluator::execAsm(const GCCAsmStmt *A) {
  // `mov.u32 %0, %laneid;` gives each lane its index in the warp, and
  // `cvta.to.shared` its pointer's address in the shared window; any other
  // output of inline asm is not known.
  std::string Text = A->getAsmString();
  bool LaneId = A->getNumOutputs() == 1 && StringRef(Text).contains("%laneid");
  bool ToShared = A->getNumOutputs() == 1 && A->getNumInputs() == 1 &&
                  StringRef(Text).contains("cvta.to.shared");
  std::vector<Value> In;
  for (unsigned I = 0; I < A->getNumInputs(); ++I)
    In.push_back(eval(A->getInputExpr(I)));
  // Its loads and stores, at the addresses of their bracketed operands.
  unsigned Outs = A->getNumOutputs();
  auto Input = [&](unsigned N) -> const Expr * {
    return N >= Outs && N - Outs < In.size() ? A->getInputExpr(N - Outs)
                                             : nullptr;
  };
  auto AddressOf = [&](unsigned N, int64_t Offset, MemSpace Space) {
    const Expr *Site = Input(N);
    Value Address = In[N - Outs];
    if (Address.K == Value::Pointer)
      Address = Address.plus(Offset);
    else if (std::optional<Value> P = fromSharedWindow(Address))
      Address = P->plus(Offset);
    else if (Address.K == Value::Int) // an address held as an integer
      Address = Value::unknown(at(UnknownKind::PointerToInteger, Site));
    if (Address.Space == MemSpace::Unknown)
      Address.Space = Space;
    return Address;
  };
  for (const AsmAccess &M : asmAccesses(Text)) {
    if (!M.NotModelled.empty()) {
      // Never dropped: an access at its first operand, not known.
      const Expr *Site = In.empty() ? (Outs ? A->getOutputExpr(0) : nullptr)
                                    : A->getInputExpr(0);
      if (!Site)
        continue;
      Value Address = Value::unknown(
          WhyUnknown(UnknownKind::AsmNotModelled, lineOf(A), M.NotModelled));
      Address.Space = M.Space;
      accessPiece(Site, M.Op, M.Bytes, 1, Address, 0, /*Issued=*/true);
      continue;
    }
    const Expr *Site = Input(M.Operand);
    if (!Site || (M.Source && !Input(*M.Source)))
      continue;
    Value Address = AddressOf(M.Operand, M.Offset, M.Space);
    int64_t Bytes = M.Bytes;
    if (M.SizeOperand)
      Bytes = Input(*M.SizeOperand) ? copyBytes(In[*M.SizeOperand - Outs]) : 0;
    if (M.Source) {
      asyncCopy(Site, Address,
                AddressOf(*M.Source, M.SourceOffset, MemSpace::Global), Bytes);
      continue;
    }
    // ldmatrix and stmatrix take rows from the first lanes alone.
    llvm::SaveAndRestore Giving(Active);
    for (unsigned L : SetLanes(Giving.get()))
      if (Lanes[L].Lane >= M.AddressLanes)
        Active.reset(L);
    if (Active.any() && counted(Address))
      accessPiece(Site, M.Op, Bytes, 1, Address, 0, /*Issued=*/true);
  }
  for (unsigned I = 0; I < A->getNumOutputs(); ++I) {
    const Expr *Out = A->getOutputExpr(I);
    Value V = Value::unknown(at(UnknownKind::AsmOutput, Out));
    if (LaneId) {
      std::vector<int64_t> Ids(Lanes.size());
      for (size_t L = 0; L < Lanes.size(); ++L)
        Ids[L] = Lanes[L].Lane;
      V = laneInteger(std::move(Ids), true, false);
    } else if (ToShared) {
      V = convert(sharedWindowAddress(In[0], at(UnknownKind::AsmOutput, Out)),
                  Out->getType());
    }
    store(evalLValue(Out), Out, Out->getType(), V);
  }
  return Flow::Normal;
}

int64_t KernelEvaluator::copyBytes(const Value &Size) {
  int64_t N = Size.K == Value::Int && Size.Offset.isConstant()
                  ? Size.Offset.constantTerm()
                  : 0;
  return N == 4 || N == 8 || N == 16 ? N : 0;
}

void KernelEvaluator::asyncCopy(const Expr *Site, const Value &Dest,
                                const Value &Source, int64_t Bytes) {
  // Both at one site, the write's wavefronts following how the read's data
  // arrive (WarpAnalysis); an address not in a space names that space.
  Value From = Source, To = Dest;
  if (From.Space == MemSpace::Unknown)
    From.Space = MemSpace::Global;
  if (To.Space == MemSpace::Unknown)
    To.Space = MemSpace::Shared;
  if (counted(From))
    accessPiece(Site, AccessOp::Load, Bytes, 1, From, 0, /*Issued=*/true);
  llvm::SaveAndRestore Copying(AsyncCopying, true);
  if (counted(To))
    accessPiece(Site, AccessOp::Store, Bytes, 1, To, 0, /*Issued=*/true);
}

void KernelEvaluator::declare(const VarDecl *VD) {
  if (!VD->isLocalVarDecl() || VD->isStaticLocal() ||
      VD->hasAttr<CUDASharedAttr>())
    return;
  const Expr *Init = VD->getInit();
  QualType T = VD->getType();
  noteGroup(Frames.back(), VD, Init);
  if (T->isReferenceType()) {
    if (Init)
      Frames.back().Refs[VD] = evalLValue(Init);
    return;
  }
  if (heldInSlots(VD)) {
    // A new object: what a loop's last trip left is gone.
    dropSlots(locals(), VD);
    if (!Init || (isa<CXXConstructExpr>(Init) &&
                  cast<CXXConstructExpr>(Init)->getConstructor()->isTrivial()))
      locals()[VD] =
          Value::unknown({UnknownKind::NotInitialized, 0, VD->getName().str()});
    return initObject(
        Value::pointer(VD, MemSpace::Local, AffineExpr::constant(0)), T, Init);
  }
  if (!Init) {
    locals()[VD] =
        Value::unknown({UnknownKind::NotInitialized, 0, VD->getName().str()});
    return;
  }
  if (const auto *LE = dyn_cast<LambdaExpr>(Init->IgnoreImplicit())) {
    // What the lambda copies, it copies now; the rest it reads when called.
    Closure &C = Closures[VD];
    C.Lambda = LE;
    C.ByCopy.clear();
    for (const LambdaCapture &Cap : LE->captures()) {
      const auto *V = Cap.capturesVariable()
                          ? dyn_cast<VarDecl>(Cap.getCapturedVar())
                          : nullptr;
      if (!V || Cap.getCaptureKind() != LCK_ByCopy)
        continue;
      if (V->isInitCapture() && V->getInit())
        C.ByCopy[V] = eval(V->getInit());
      else if (auto It = locals().find(V); It != locals().end())
        C.ByCopy[V] = It->second;
    }
    locals()[VD] = Value::unknown(UnknownKind::Lambda);
    return;
  }
  Naming = {Init->IgnoreParenImpCasts(), VD};
  Value V = eval(Init);
  Naming = {};
  locals()[VD] = held(V, T, VD, false);
}

bool KernelEvaluator::predicated(const IfStmt *If) {
  auto [It, New] = IfConverted.try_emplace(If, false);
  if (New)
    It->second = isIfConverted(If, Frames.back().Function);
  return It->second;
}

void KernelEvaluator::reached(const Stmt *S) {
  // Each warp with an active lane: warp by warp where they are laid out,
  // else lane by lane.
  const auto &WarpBegins = Set->WarpBegins;
  if (!WarpBegins.empty()) {
    for (size_t W = 0; W + 1 < WarpBegins.size(); ++W)
      if (Active.find_first_in(WarpBegins[W], WarpBegins[W + 1]) >= 0)
        Sink->reach(S, Trips, Lanes[WarpBegins[W]].Warp);
    return;
  }
  int LastWarp = -1;
  for (unsigned L : SetLanes(Active))
    if (Lanes[L].Warp != LastWarp)
      Sink->reach(S, Trips, LastWarp = Lanes[L].Warp);
}

KernelEvaluator::Flow KernelEvaluator::execIf(const IfStmt *S) {
  Around.push_back(S);
  llvm::scope_exit PopIf([&] { Around.pop_back(); });
  ConditionalScope Conditional(*this);
  if (S->getInit())
    exec(S->getInit());
  if (const VarDecl *CV = S->getConditionVariable())
    declare(CV);
  ReuseScope Reuse(*this);
  LaneTruth LT = condition(S->getCond());
  Reuse.conditionDone();
  if (!(LT.F == Active && removedWhenUnrolled(S->getCond())))
    reached(S); // else no instruction in this unrolled copy
  if (LT.T == Active) {
    RangeFacts::Scope Guard(Facts, LT.IfTrue);
    return exec(S->getThen());
  }
  if (LT.F == Active) {
    RangeFacts::Scope Guard(Facts, LT.IfFalse);
    return S->getElse() ? exec(S->getElse()) : Flow::Normal;
  }
  if (LT.U == Active)
    return execBothBranches(S, LT);
  return execSplitIf(S, LT);
}

bool KernelEvaluator::removedWhenUnrolled(const Expr *Cond) {
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond);
      BO && BO->getOpcode() == BO_LAnd)
    return removedWhenUnrolled(BO->getLHS()) ||
           removedWhenUnrolled(BO->getRHS());
  llvm::SmallVector<const VarDecl *, 2> Counters;
  for (const Stmt *Loop : LoopStack)
    if (const VarDecl *Counter = unrolledCounterOf(Loop))
      Counters.push_back(Counter);
  if (Counters.empty() || !fixedWhenUnrolled(Cond, Counters))
    return false;
  // Fixed: no load, call or store to evaluate again.
  return condition(Cond).F == Active;
}

llvm::ArrayRef<const Attr *> KernelEvaluator::hintsOf(const Stmt *Loop) const {
  auto Found = UnrollHints.find(Loop);
  return Found != UnrollHints.end() ? Found->second
                                    : llvm::ArrayRef<const Attr *>();
}

KernelEvaluator::LoopUnrolling &KernelEvaluator::unrollingOf(const Stmt *Loop) {
  auto [It, New] = Unrolled.try_emplace(Loop);
  if (New) {
    LoopUnrolling &U = It->second;
    U.Counter = unrolledCounter(Loop, hintsOf(Loop), Ctx);
    // A loop nvcc unrolls fully is a `for` (unrolledCounter).
    U.WholeTrips = U.Counter && runsWholeTrips(cast<ForStmt>(Loop)->getBody());
  }
  return It->second;
}

bool KernelEvaluator::copiesEachTripOf(const Stmt *Loop) {
  LoopUnrolling &U = unrollingOf(Loop);
  if (!U.Copies)
    U.Copies = U.Counter && copiesEachTrip(Loop, hintsOf(Loop), Ctx);
  return *U.Copies;
}

KernelEvaluator::Flow KernelEvaluator::execBothBranches(const IfStmt *S,
                                                        const LaneTruth &LT) {
  // Undecidable here (it depends on a symbol): run both branches and keep
  // only what they agree on. A branch that returns leaves the lane running
  // the other one, as a bounds guard does.
  bool Uniform = LT.Uniform;
  LaneMask Group = Active;
  // `if (c) x ^= m[j];`: only x changes, so only x is saved and merged,
  // not the whole frame (randomAccess runs 64 of these per trip per lane).
  const VarDecl *Only = onlyStoredLocal(S);
  Frame Before = Only ? Frame() : Frames.back();
  // Lanes that may take either way, as an unknown value says: which of
  // them run each branch is not known. Where one side runs only at the
  // grid's edge, the other runs in every lane but a few: it and what
  // follows are evaluated as no lane took the edge side, and say so.
  std::optional<EdgeSide> Edge = edgeOnly(S->getCond());
  DecidedLanes Outside = LanesDecided;
  // Lanes decided around the `if` already say which lanes run either side.
  std::optional<bool> Past =
      Uniform || Edge || !Outside.empty() ? std::nullopt : pastTheBound(LT);
  auto Side = [&](bool Then) {
    if (Edge && Edge->Then != Then)
      for (const auto &[Width, Lanes] : Edge->ByWidth)
        EdgeBranches.push_back(
            {lineOf(S), Width, Lanes, AssumptionKind::EdgeBranch});
    LanesDecided = Outside;
    if (Outside.empty() && (!Edge || Edge->Then == Then))
      if (WhyUnknown By = LT.picksLanes(); !By.empty())
        LanesDecided = {std::move(By), predicated(S)};
    // A guard's other side (`else s[t] = 0;` of `if (i < n)`): the guard is
    // taken as passed, and the lanes past its bound, at the grid's end,
    // are not known.
    if (LanesDecided.empty() && !Edge && Past == Then)
      LanesDecided = {at(UnknownKind::PastTheBound, S->getCond()),
                      predicated(S)};
    // An edge one lane wide, the lanes apart in it (`id < n - 1` under `id
    // < n`: a vectorized loop's scalar tail), is one lane of a warp at
    // most, where every lane would have been counted.
    if (Edge && Edge->Then == Then && Edge->LanesApart &&
        LanesDecided.empty()) {
      LanesDecided = {at(UnknownKind::ConditionNotKnown, S->getCond()),
                      predicated(S)};
      LanesDecided.OneLane = true;
    }
    // Not the whole warp, as under a bound, but one lane of it at most, or
    // some lanes, which ones not known.
    bool One = Then ? LT.OneTrue : LT.OneFalse;
    if ((One || (Then ? LT.SomeTrue : LT.SomeFalse)) && LanesDecided.empty())
      LanesDecided = {at(UnknownKind::ConditionNotKnown, S->getCond()),
                      predicated(S)};
    if (One)
      LanesDecided.OneLane = true;
  };
  if (Only) {
    Value Old = locals().find(Slot(Only))->second;
    Flow ThenFlow;
    {
      RangeFacts::Scope Guard(Facts, LT.IfTrue);
      Side(true);
      ThenFlow = exec(S->getThen());
    }
    Value &After = locals().find(Slot(Only))->second;
    Value Then = std::move(After);
    After = std::move(Old);
    bool Parted = Active != Group;
    Active = Group;
    Side(false);
    if (OutOfBudget)
      return Flow::Return;
    if (Parted || ThenFlow != Flow::Normal)
      Diverged = true;
    if (Diverged)
      return Flow::Return;
    LanesDecided = Outside;
    // As the merge below: a local held apart parts a whole warp's branch.
    if (Uniform && (Then.Apart || llvm::any_of(locals(), [](const auto &KV) {
                      return bool(KV.second.Apart);
                    }))) {
      Diverged = true;
      return Flow::Return;
    }
    mergeBranch(Slot(Only), S, Uniform, Edge, Then, After);
    return Flow::Normal;
  }
  Flow ThenFlow;
  {
    RangeFacts::Scope Guard(Facts, LT.IfTrue);
    Side(true);
    ThenFlow = exec(S->getThen());
  }
  Frame AfterThen = std::move(Frames.back());
  bool Parted = Active != Group;
  Frames.back() = std::move(Before);
  Active = Group;
  Flow ElseFlow = Flow::Normal;
  {
    RangeFacts::Scope Guard(Facts, LT.IfFalse);
    Side(false);
    // An edge side run second: its accesses are the edge's own, not as the
    // other lanes make them.
    llvm::SmallVector<EdgeBranch, 2> Hidden;
    if (Edge && !Edge->Then)
      llvm::erase_if(EdgeBranches, [&](EdgeBranch &B) {
        if (B.Line != lineOf(S))
          return false;
        Hidden.push_back(std::move(B));
        return true;
      });
    if (S->getElse())
      ElseFlow = exec(S->getElse());
    EdgeBranches.append(Hidden.begin(), Hidden.end());
  }
  // A branch the budget stopped leaves its lanes as they were then: the run
  // ends there, which is no parting of lanes.
  if (OutOfBudget)
    return Flow::Return;
  if (Parted || Active != Group)
    Diverged = true; // lanes returned apart inside: not modeled here
  if (Diverged)
    return Flow::Return;
  auto Leaves = [](Flow F) {
    return F == Flow::Break || F == Flow::Return || F == Flow::Goto;
  };
  // Past the `if`, the lanes are those that came in, unless some may have
  // left by one branch (at the edge: a few, taken as none).
  if (Leaves(ThenFlow) == Leaves(ElseFlow) || Edge) {
    LanesDecided = Outside;
  } else {
    MaybeLeft |= Group;
    // The lanes that left are gone: a warp none of whose lanes stayed
    // runs nothing more, however the branch compiled.
    if (Outside.empty())
      LanesDecided.Predicated = false;
  }
  // A guard's lanes that go on past it (`if (x >= n) return;`) are those
  // of the other side, to the end of the scope around.
  if (ThenFlow != Flow::Normal && ElseFlow == Flow::Normal)
    Facts.add(LT.IfFalse);
  else if (ElseFlow != Flow::Normal && ThenFlow == Flow::Normal)
    Facts.add(LT.IfTrue);
  if (ThenFlow == Flow::Return && ElseFlow == Flow::Return)
    return Flow::Return;
  if (ThenFlow == Flow::Return)
    return ElseFlow;
  if (ElseFlow == Flow::Return) {
    Frames.back() = AfterThen;
    return ThenFlow;
  }
  Env &Merged = locals();
  for (auto &[Key, V] : AfterThen.Locals) {
    auto It = Merged.find(Key);
    // Held apart: each lane's own values meet in agree() (at()), but a
    // whole warp's branch makes a symbol of what lanes know alike, which
    // lanes held apart do not show: they part.
    if (Uniform && (V.Apart || (It != Merged.end() && It->second.Apart))) {
      Diverged = true;
      return Flow::Return;
    }
    if (It == Merged.end())
      Merged[Key] = Value::unknown({UnknownKind::DiffersBetweenBranches,
                                    lineOf(S), Key.Var->getName().str()});
    else
      mergeBranch(Key, S, Uniform, Edge, V, It->second);
  }
  return ThenFlow == ElseFlow ? ThenFlow : Flow::Normal;
}

void KernelEvaluator::mergeBranch(const Slot &Key, const IfStmt *S,
                                  bool Uniform,
                                  const std::optional<EdgeSide> &Edge,
                                  const Value &Then, Value &Else) {
  // What agree() gives: the reason below is not needed.
  if (Else.sameAs(Then)) {
    Else.PaddingMoves |= Then.PaddingMoves;
    return;
  }
  // The side run off the grid's edge.
  if (Edge) {
    if (!Edge->Then)
      Else = Then;
    return;
  }
  if (Uniform)
    if (std::optional<Value> Either = eitherBranch(Key, S, Then, Else)) {
      Else = std::move(*Either);
      return;
    }
  Value Differ = Value::unknown({UnknownKind::DiffersBetweenBranches, lineOf(S),
                                 Key.Var->getName().str()});
  llvm::SaveAndRestore<bool> InMerge(Merging, true);
  Else = agree(Else, Then, Differ);
}

namespace {

/// Whether E computes a value and stores nothing, calls nothing.
bool storesNothing(const Stmt *E) {
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->isIncrementDecrementOp())
    return false;
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isAssignmentOp())
    return false;
  if (!isa<DeclRefExpr, IntegerLiteral, FloatingLiteral, CharacterLiteral,
           CXXBoolLiteralExpr, ImplicitCastExpr, CStyleCastExpr, ParenExpr,
           UnaryOperator, BinaryOperator, ConditionalOperator,
           ArraySubscriptExpr, UnaryExprOrTypeTraitExpr>(E))
    return false;
  return llvm::all_of(E->children(),
                      [](const Stmt *C) { return C && storesNothing(C); });
}

} // namespace

const VarDecl *KernelEvaluator::onlyStoredLocal(const IfStmt *S) {
  if (S->getElse())
    return nullptr;
  const Stmt *Then = S->getThen();
  if (const auto *CS = dyn_cast<CompoundStmt>(Then)) {
    if (CS->size() != 1)
      return nullptr;
    Then = CS->body_front();
  }
  const auto *BO = dyn_cast<BinaryOperator>(Then);
  if (!BO || !BO->isAssignmentOp() || !storesNothing(BO->getRHS()))
    return nullptr;
  const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->hasLocalStorage() || VD->getType()->isReferenceType() ||
      !VD->getType()->isScalarType())
    return nullptr;
  // A local of this frame, with a value: the store changes that slot alone.
  auto It = locals().find(Slot(VD));
  return It != locals().end() && VD->getDeclContext() == Frames.back().Function
             ? VD
             : nullptr;
}

std::optional<Value> KernelEvaluator::eitherBranch(const Slot &Key,
                                                   const IfStmt *S,
                                                   const Value &Then,
                                                   const Value &Else) {
  // The whole warp takes one branch, so the value is Then's or Else's in
  // every lane alike; what the lanes do not share must be the same in both.
  if (Key.Offset < 0)
    if (std::optional<Value> Either = eitherArray(Key.Var, Then, Else))
      return Either;
  if (Then.K != Else.K || Then.K == Value::Unknown || Then.Base != Else.Base ||
      Then.Space != Else.Space || Then.MixedVarying || Else.MixedVarying)
    return std::nullopt;
  bool Shared = !Then.LaneVarying && !Else.LaneVarying;
  AffineExpr Lanes;
  if (!Shared) {
    // Lanes run one at a time hold a lane's own value, not its shape.
    if (!Together)
      return std::nullopt;
    auto OfLanes = [&](const Monomial &M) {
      return llvm::any_of(M, [&](SymbolId Sym) { return Syms.isLane(Sym); });
    };
    Lanes = Then.Offset.filter(OfLanes);
    if (Else.Offset.filter(OfLanes) != Lanes)
      return std::nullopt;
  }
  // One symbol per variable, `if` and loop iteration: lanes run apart name
  // the same dynamic value alike.
  std::string Name = nameOf(Key.Var) + "@" + std::to_string(lineOf(S));
  if (Key.Offset >= 0) // a scalar of a local struct or array
    Name += "+" + std::to_string(Key.Offset);
  for (int64_t T : Trips)
    Name += "." + std::to_string(T);
  SymbolId Sym = Syms.get(Name);
  Syms.inheritPremises(Sym, Then.Offset);
  Syms.inheritPremises(Sym, Else.Offset);
  // Which side ran decides where the value lies in a sector, unless both
  // sides lie alike (they differ by whole sectors): no pitch nor width
  // makes it a multiple of anything.
  if (llvm::any_of((Then.Offset - Else.Offset).terms(),
                   [](const auto &T) { return T.second % 32 != 0; }))
    Syms.setFromData(Sym);
  Value V = Then.withOffset(Lanes + AffineExpr::symbol(Sym));
  V.LaneVarying = !Shared;
  V.PaddingMoves |= Else.PaddingMoves;
  return V;
}

std::optional<Value> KernelEvaluator::eitherArray(const VarDecl *VD,
                                                  const Value &A,
                                                  const Value &B) {
  // Two of the kernel's global arrays at one offset (`s = dir ? d : dn`):
  // the same addresses from either base, both allocated aligned.
  if (VD && A.K == Value::Pointer && B.K == Value::Pointer &&
      A.Base != B.Base && isa_and_nonnull<ParmVarDecl>(A.Base) &&
      isa_and_nonnull<ParmVarDecl>(B.Base) && A.Space == MemSpace::Global &&
      B.Space == MemSpace::Global && A.Offset == B.Offset && !A.MixedVarying &&
      !B.MixedVarying && A.LaneVarying == B.LaneVarying) {
    Value V = A;
    V.Base = VD; // named as the code names it
    V.PaddingMoves |= B.PaddingMoves;
    return V;
  }
  return std::nullopt;
}

Value KernelEvaluator::eitherSide(const LaneTruth &LT,
                                  const ConditionalOperator *CO, const Value &A,
                                  const Value &B) {
  if (LT.Uniform && Naming.first == CO)
    if (std::optional<Value> Either = eitherArray(Naming.second, A, B))
      return *Either;
  // `c ? p : nullptr`: memory is reached only through p.
  auto Null = [&](const Expr *X) {
    return X->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull) !=
           Expr::NPCK_NotNull;
  };
  if (Null(CO->getFalseExpr()) && A.K == Value::Pointer)
    return A;
  if (Null(CO->getTrueExpr()) && B.K == Value::Pointer)
    return B;
  // `i < n ? i : n - 1`, `i >= n ? n - 1 : i`: an index clamped to a size.
  // The comparison is evaluated again only where a side is an index: its
  // steps count against the budget.
  const auto *BO =
      dyn_cast<BinaryOperator>(CO->getCond()->IgnoreParenImpCasts());
  if (BO && BO->isRelationalOp() && (apartByLane(A) || apartByLane(B)) &&
      readsNoMemory(BO)) {
    Value L = eval(BO->getLHS()), R = eval(BO->getRHS());
    bool Less = BO->getOpcode() == BO_LT || BO->getOpcode() == BO_LE;
    const Value &Below = Less ? L : R, &Above = Less ? R : L;
    // The side is the compared index as written: values alone coincide in
    // a lane run alone (a fuzzer finding: `c < 4 * t ? t : t`, lane 0).
    const Expr *BelowE = Less ? BO->getLHS() : BO->getRHS(),
               *AboveE = Less ? BO->getRHS() : BO->getLHS();
    auto Same = [](const Expr *X, const Expr *Y) {
      return Expr::isSameComparisonOperand(X->IgnoreParenImpCasts(),
                                           Y->IgnoreParenImpCasts());
    };
    if (Same(CO->getTrueExpr(), BelowE) && clampsToSize(Below, Above, CO))
      return A;
    if (Same(CO->getFalseExpr(), AboveE) && clampsToSize(Above, Below, CO))
      return B;
  }
  Value Unknown = Value::unknown(at(UnknownKind::ConditionNotKnown, CO));
  // One side or the other in every lane alike, where they share all.
  Unknown.LaneVarying =
      !LT.Uniform || A.LaneVarying || B.LaneVarying || varies(A) || varies(B);
  return agree(A, B, Unknown);
}

void KernelEvaluator::meet(Frame Before, const LaneMask &Returned,
                           std::vector<std::pair<LaneMask, Value>> Results,
                           const LaneMask &Running) {
  Frames.back() = std::move(Before);
  Frames.back().Returned = Returned;
  Frames.back().Results = std::move(Results);
  Active = Running;
}

KernelEvaluator::Flow KernelEvaluator::execSplitIf(const IfStmt *S,
                                                   const LaneTruth &LT) {
  // Lanes disagree on the condition: each group runs its own way under the
  // lane mask, as a warp does, and the groups meet after the `if`.
  Frame Before = Frames.back();
  std::vector<std::pair<LaneMask, Env>> Ways;
  std::vector<Flow> Flows;
  LaneMask Returned = Before.Returned, Running(unsigned(Lanes.size()));
  std::vector<std::pair<LaneMask, Value>> Results = Before.Results;
  auto Run = [&](const LaneMask &M, auto Body) {
    if (M.none())
      return;
    Frames.back() = Before;
    Active = M;
    Flow F = Body();
    Frame &After = Frames.back();
    Returned |= After.Returned;
    Results.insert(Results.end(), After.Results.begin() + Before.Results.size(),
                   After.Results.end());
    if (F == Flow::Return)
      Returned |= Active;
    else
      Running |= Active;
    Flows.push_back(F);
    if (F != Flow::Return)
      Ways.push_back({Active, std::move(After.Locals)});
  };
  Run(LT.T, [&] {
    RangeFacts::Scope Guard(Facts, LT.IfTrue);
    return exec(S->getThen());
  });
  Run(LT.F, [&] {
    RangeFacts::Scope Guard(Facts, LT.IfFalse);
    return S->getElse() ? exec(S->getElse()) : Flow::Normal;
  });
  Run(LT.U, [&] {
    LaneTruth Lanewise = LT; // lanes that do not know may disagree
    Lanewise.Uniform = false;
    return execBothBranches(S, Lanewise);
  });
  meet(std::move(Before), Returned, std::move(Results), Running);
  if (OutOfBudget || Diverged)
    return Flow::Return;
  Flow Common = Flows.front();
  bool Uniform = llvm::all_equal(Flows);
  if (!Uniform && llvm::any_of(Flows, [](Flow F) {
        return F == Flow::Break || F == Flow::Continue || F == Flow::Goto;
      })) {
    Diverged = true; // lanes leave a loop apart: not modeled
    return Flow::Return;
  }
  if (Running.none())
    return Flow::Return;
  mergeLocals(Ways);
  return Uniform ? Common : Flow::Normal;
}

void KernelEvaluator::loseLoopChanges(Env &E, const Env &Before,
                                      const Stmt *Loop, const Env *Second,
                                      int64_t Done) {
  std::optional<AffineExpr> AllTrips; // the loop's trips, made when needed
  auto TripsSymbol = [&] {
    if (!AllTrips) {
      int64_t Line = lineOf(Loop);
      std::string Name = "trips@" + std::to_string(Line);
      for (size_t I = 0; I + 1 < Trips.size(); ++I) // the enclosing loops'
        Name += "." + std::to_string(Trips[I]);
      SymbolId T = Syms.get(Name);
      Syms.setNonNegative(T);
      Syms.restsOn(T, {SymbolTable::Premise::LoopExit, std::to_string(Line)});
      AllTrips = AffineExpr::symbol(T);
    }
    return *AllTrips;
  };
  // Lost lane by lane, as each lane alone would lose it: a lane whose value
  // the loop left as it was keeps it (s += k, k's step 0 in lane 0). Only a
  // change of lane symbols alone can be nothing in a lane.
  for (auto &[S, V] : E) {
    auto It = Before.find(S);
    if (It == Before.end() || It->second.sameAs(V))
      continue;
    Value Lost = Value::unknown(
        {UnknownKind::AfterLoop, lineOf(Loop), S.Var->getName().str()});
    if (V.Apart || It->second.Apart) {
      // Held apart: each lane keeps it where the loop left it as it was,
      // else loses it, as alone (its change a constant, no step symbol).
      if (Second && Done >= 2) {
        Diverged = true;
        return;
      }
      llvm::SaveAndRestore<bool> InMerge(Merging, true);
      Value After = V, Entry = It->second;
      V = perLane(true, [&](unsigned L) {
        Value X = at(After, L);
        return X.sameAs(at(Entry, L)) ? X : Lost;
      });
      continue;
    }
    if (Second && Done >= 2) {
      const Value &W = It->second;
      auto Next = Second->find(S);
      if (Next != Second->end() && V.K != Value::Unknown && V.K == W.K &&
          Next->second.K == W.K && V.Base == W.Base &&
          Next->second.Base == W.Base && V.Space == W.Space &&
          Next->second.Space == W.Space) {
        AffineExpr Step = Next->second.Offset - W.Offset;
        if (V.Offset - W.Offset == Step * Done) {
          V.Offset = W.Offset + TripsSymbol() * Step;
          continue;
        }
      }
    }
    const Value &W = It->second;
    std::optional<std::pair<AffineExpr, AffineExpr>> Change;
    if (V.K != Value::Unknown && V.K == W.K && V.Base == W.Base &&
        V.Space == W.Space)
      Change = splitByLane(V.Offset - W.Offset);
    V = Change && Change->first.terms().empty() && !Change->second.isConstant()
            ? agree(V, W, Lost)
            : Lost;
  }
}

KernelEvaluator::Flow
KernelEvaluator::execLoop(const Stmt *Loop, const Stmt *Init, const Expr *Cond,
                          const Expr *Inc, const Stmt *Body, bool CondFirst,
                          const Stmt *EachTrip) {
  Around.push_back(Loop);
  llvm::scope_exit PopLoop([&] { Around.pop_back(); });
  ConditionalScope Conditional(*this);
  ReuseScope Hoisted(*this, /*InvariantOnly=*/true, ConditionalNest,
                     unrollingOf(Loop).WholeTrips, Loop);
  if (Init)
    exec(Init);
  Env Before = locals();
  Trips.push_back(0);
  LoopStack.push_back(Loop);
  unsigned N = unsigned(Lanes.size());
  // Lanes leave the loop at their own trip: each keeps its locals as they
  // were then. Lanes cut short lose what the loop changed.
  std::vector<std::pair<LaneMask, Env>> Exits;
  LaneMask CutLanes(N), Left(N), GotoLanes(N);
  // The locals after the first trip, where the lanes share an exit that
  // none knows: the steps of what the loop moves.
  std::optional<Env> Second;
  bool SharedUnknownExit = false;
  auto Leave = [&](const LaneMask &M, bool Cut, int64_t Done = 0) {
    if (M.none())
      return;
    Env E = locals();
    if (Cut) {
      CutLanes |= M;
      loseLoopChanges(E, Before, Loop, Done && Second ? &*Second : nullptr,
                      Done);
    }
    Exits.push_back({M, std::move(E)});
    Left |= M;
    Active.reset(M);
  };
  LaneMask OuterMaybeLeft = MaybeLeft;
  MaybeLeft.reset();
  DecidedLanes Outside = LanesDecided; // lanes leave the loop apart
  for (int64_t Trip = 0;; ++Trip) {
    if (OutOfBudget || Diverged)
      break;
    // `while (1) { ... if (data[k]) break; }`: as many trips as a loop whose
    // condition is not known.
    if (Trip >= Limits.UnknownLoopTrips) {
      LaneMask M = MaybeLeft;
      M &= Active;
      Leave(M, true);
    }
    if (Active.none())
      break;
    if (Trip == 1 && SharedUnknownExit)
      Second = locals();
    llvm::SmallVector<StrictBound, 1> Guard; // what the lanes going on know
    if (Cond && (CondFirst || Trip > 0)) {
      LaneTruth T = condition(Cond);
      if (Trip == 0)
        SharedUnknownExit = T.Uniform && T.U == Active;
      Leave(T.F, false);
      if (Trip >= Limits.UnknownLoopTrips)
        Leave(T.U, true, SharedUnknownExit && T.Uniform ? Trip : 0);
      Guard = std::move(T.IfTrue);
      if (T.U.any() && LanesDecided.empty())
        LanesDecided = {T.picksLanes(), false};
    }
    if (Active.none())
      break;
    if (Trip >= (Skimming ? 1 : Limits.MaxLoopTrips)) {
      Leave(LaneMask(Active), true);
      break;
    }
    PastFewTrips |= Trip >= Limits.UnknownLoopTrips;
    Trips.back() = Trip;
    RangeFacts::Scope InGuard(Facts, Guard);
    llvm::scope_exit EndOfTrip(
        [&, Edges = EdgeBranches.size()] { EdgeBranches.resize(Edges); });
    if (EachTrip)
      exec(EachTrip);
    Flow F = exec(Body);
    if (F == Flow::Return) {
      Frames.back().Returned |= Active;
      Active.reset();
      break;
    }
    if (F == Flow::Break || F == Flow::Goto) {
      if (F == Flow::Goto)
        GotoLanes |= Active;
      Leave(LaneMask(Active), false);
      break;
    }
    if (Inc)
      discard(Inc);
    Active.reset(Frames.back().Returned);
  }
  MaybeLeft = OuterMaybeLeft;
  LanesDecided = Outside;
  Trips.pop_back();
  LoopStack.pop_back();
  if (CutLanes.any() && !Skimming)
    Truncated.insert(Loop);
  Left.reset(Frames.back().Returned);
  Active = Left;
  if (OutOfBudget || Diverged || Active.none())
    return Flow::Return;
  // Lanes that left by a goto and lanes that left otherwise go on apart.
  if (GotoLanes.any() && GotoLanes != Active) {
    Diverged = true;
    return Flow::Return;
  }
  if (Exits.size() == 1)
    locals() = std::move(Exits.front().second);
  else
    mergeLocals(Exits);
  return GotoLanes.any() ? Flow::Goto : Flow::Normal;
}

} // namespace cal
