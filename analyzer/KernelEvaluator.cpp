#include "analyzer/KernelEvaluator.h"
#include "analyzer/MemoryIntrinsics.h"
#include "analyzer/NameOf.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/SaveAndRestore.h"

using namespace clang;

namespace cal {

namespace {

QualType pointee(QualType T) {
  if (const auto *PT = T->getAs<PointerType>())
    return PT->getPointeeType();
  return QualType();
}

/// The operation of a compound assignment (`+=` is `+`), or Op itself.
BinaryOperatorKind baseOp(BinaryOperatorKind Op) {
  return BinaryOperator::isCompoundAssignmentOp(Op)
             ? BinaryOperator::getOpForCompoundAssignment(Op)
             : Op;
}

/// A Op b, for an index A that is not constant and a constant b, where the
/// result is exactly affine in A's symbols (floor division and remainder
/// need a divisor of every symbolic coefficient).
std::optional<AffineExpr> exactArith(BinaryOperatorKind Op, const AffineExpr &A,
                                     int64_t b) {
  switch (Op) {
  case BO_Div:
    return A.divideBy(b);
  case BO_Rem:
    if (std::optional<int64_t> Rm = A.remainder(b))
      return AffineExpr::constant(*Rm);
    break;
  case BO_Shl:
    if (b >= 0 && b < 63)
      return A * (int64_t(1) << b);
    break;
  case BO_Shr:
    if (b >= 0 && b < 63)
      return A.divideBy(int64_t(1) << b);
    break;
  case BO_And: // x & (2^k - 1) is x mod 2^k
    if (b > 0 && ((b + 1) & b) == 0)
      if (std::optional<int64_t> Rm = A.remainder(b + 1))
        return AffineExpr::constant(*Rm);
    break;
  default:
    break;
  }
  return std::nullopt;
}

/// a / b and a % b, where INT64_MIN / -1 wraps instead of trapping.
int64_t quotient(int64_t a, int64_t b) {
  return b == -1 ? wrapMul(a, -1) : a / b;
}
int64_t remainderOf(int64_t a, int64_t b) { return b == -1 ? 0 : a % b; }

/// Wraps a concrete value to the width and signedness of an integer type.
int64_t wrap(int64_t V, unsigned Width, bool Signed) {
  if (Width >= 64)
    return V;
  uint64_t Mask = (uint64_t(1) << Width) - 1;
  uint64_t U = uint64_t(V) & Mask;
  if (Signed && (U >> (Width - 1)))
    return int64_t(U | ~Mask);
  return int64_t(U);
}
} // namespace

void KernelEvaluator::run(const FunctionDecl *Kernel, const LaunchShape &S,
                          const LaneSet &L, AccessSink &Out) {
  Sink = &Out;
  Shape = &S;
  Set = &L;
  Lanes = L.Lanes;
  Together = Lanes.size() > 1;
  unsigned N = unsigned(Lanes.size());
  Active = LaneMask(N, true);
  MaybeLeft = LaneMask(N);
  Frames.clear();
  Trips.clear();
  LoopStack.clear();
  Around.clear();
  Occurrences.clear();
  LastOwn.reset();
  SymbolShifts.clear();
  // A run's budget is its own; the kernel's total, once spent, stays spent.
  Steps = 0;
  OutOfBudget = !Skimming && TotalSteps > Limits.MaxTotalSteps;
  Diverged = false;
  LanesDecidedBy = WhyUnknown();
  Closures.clear();
  for (int Axis = 0; Axis < 3; ++Axis)
    Tid[Axis] = Value::integer(
        Set->Index[Axis].empty()
            ? AffineExpr::constant(Set->Alike[Axis])
            : AffineExpr::symbol(Syms.laneSymbol(Set->Index[Axis])));
  Frames.push_back(Frame{Kernel, {}, {}, {}, LaneMask(N), {}});
  for (const ParmVarDecl *P : Kernel->parameters()) {
    QualType PT = P->getType();
    Value V;
    if (PT->isPointerType())
      V = Value::pointer(P, MemSpace::Global, AffineExpr::constant(0));
    else if (PT->isIntegralOrEnumerationType())
      V = integerParameter(P->getName().str());
    else
      // Not an integer, but the same in every lane: an argument.
      V = derivedUnknown(
          {UnknownKind::ParameterNotInteger, 0, P->getName().str()}, {});
    locals()[P] = V;
  }
  if (const Stmt *Body = Kernel->getBody())
    exec(Body);
}

void KernelEvaluator::skim(const FunctionDecl *Kernel, const LaunchShape &S,
                           const LaneSet &L, AccessSink &Out) {
  Skimming = true;
  run(Kernel, S, L, Out);
  Skimming = false;
}

Value KernelEvaluator::integerParameter(const std::string &Name) {
  if (auto It = Shape->ParamValues.find(Name); It != Shape->ParamValues.end())
    return Value::invariant(AffineExpr::constant(It->second));
  SymbolId Sym = Syms.get(Name);
  if (auto D = Shape->ParamDivisors.find(Name); D != Shape->ParamDivisors.end())
    Syms.setDivisor(Sym, D->second);
  return Value::invariant(AffineExpr::symbol(Sym));
}

std::optional<KernelEvaluator::ParamPath>
KernelEvaluator::paramPath(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return paramPath(MT->getSubExpr());
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    // A copy of the struct is the struct.
    const CXXConstructorDecl *Ctor = CE->getConstructor();
    if (CE->getNumArgs() == 1 && Ctor->isCopyOrMoveConstructor() &&
        Ctor->isTrivial())
      return paramPath(CE->getArg(0));
    return std::nullopt;
  }
  if (isa<CXXThisExpr>(E))
    return Frames.back().This;
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if ((ME->isArrow() &&
         !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts())) ||
        !FD || FD->isBitField())
      return std::nullopt;
    std::optional<ParamPath> Base = paramPath(ME->getBase());
    if (Base)
      Base->Fields.push_back(FD);
    return Base;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  if (!P)
    return std::nullopt;
  const Frame &F = Frames.back();
  if (auto It = F.Structs.find(P); It != F.Structs.end())
    return It->second;
  // A kernel's own parameter, read in the kernel's own frame: a struct a
  // __device__ function takes by value may differ by lane unless the
  // kernel's own was passed.
  if (Frames.size() != 1 || P->getDeclContext() != F.Function ||
      P->getType()->isReferenceType())
    return std::nullopt;
  return ParamPath{P, {}};
}

std::optional<Value> KernelEvaluator::parameterField(const Expr *E) {
  if (!isa<MemberExpr>(E->IgnoreParens()))
    return std::nullopt;
  std::optional<ParamPath> Path = paramPath(E);
  if (!Path || Path->Fields.empty())
    return std::nullopt;
  std::string Name = Path->Param->getName().str();
  for (const FieldDecl *FD : Path->Fields)
    Name += "." + FD->getName().str();
  const FieldDecl *Last = Path->Fields.back();
  QualType T = Last->getType();
  if (T->isPointerType())
    return Value::pointer(Last, MemSpace::Global, AffineExpr::constant(0));
  if (T->isIntegralOrEnumerationType())
    return convert(integerParameter(Name), T);
  return std::nullopt;
}

bool KernelEvaluator::step() {
  // Nesting deeper than MaxDepth would exhaust the stack: it ends the run
  // as the step budget does.
  if (Depth > Limits.MaxDepth)
    OutOfBudget = BudgetHit = true;
  if (Skimming) {
    OutOfBudget |= ++Steps > Limits.MaxSteps;
    return !OutOfBudget && !Diverged;
  }
  // Lanes together spend the kernel's budget as the lanes one by one would.
  // The count of active lanes, kept until the mask changes: most steps run
  // under the mask of the step before.
  if (Together && CountedMask != Active) {
    CountedMask = Active;
    ActiveCount = int64_t(Active.count());
  }
  if (++Steps > Limits.MaxSteps ||
      (TotalSteps += Together ? ActiveCount : 1) > Limits.MaxTotalSteps)
    OutOfBudget = BudgetHit = true;
  return !OutOfBudget && !Diverged;
}

WhyUnknown KernelEvaluator::at(UnknownKind What, const Stmt *S) {
  auto [It, New] = Reasons.try_emplace({unsigned(What), S});
  if (New)
    It->second = WhyUnknown(What, lineOf(S));
  return It->second;
}

WhyUnknown KernelEvaluator::loaded(MemSpace Space, const Stmt *S) {
  static const UnknownKind From[] = {
      UnknownKind::LoadedGlobal, UnknownKind::LoadedShared,
      UnknownKind::LoadedConstant, UnknownKind::LoadedLocal,
      UnknownKind::LoadedUnknown};
  static_assert(int(MemSpace::Unknown) == 4, "a kind for each space");
  return at(From[int(Space)], S);
}

unsigned KernelEvaluator::lineOf(const Stmt *S) {
  auto [It, New] = LineCache.try_emplace(S, 0);
  if (New)
    It->second =
        Ctx.getSourceManager().getExpansionLineNumber(S->getBeginLoc());
  return It->second;
}

int64_t KernelEvaluator::sizeOf(QualType T) {
  if (T.isNull() || T->isIncompleteType() || T->isDependentType())
    return 0;
  return Ctx.getTypeSizeInChars(T).getQuantity();
}

int64_t KernelEvaluator::paddedSize(QualType T, int64_t Pad) {
  const auto *AT = Ctx.getAsConstantArrayType(T);
  if (!AT)
    return sizeOf(T);
  QualType Elem = AT->getElementType();
  int64_t N = int64_t(AT->getSize().getZExtValue());
  if (Ctx.getAsConstantArrayType(Elem))
    return N * paddedSize(Elem, Pad);
  return (N + Pad) * sizeOf(Elem);
}

/// An integer of clang's in 64 bits, as the evaluator's own arithmetic
/// keeps it: an unsigned value past INT64_MAX wraps.
static std::optional<int64_t> toInt64(const llvm::APSInt &V) {
  if (V.getSignificantBits() > 64)
    return std::nullopt;
  return V.getExtValue();
}

std::optional<int64_t> KernelEvaluator::constant(const Expr *E) {
  // Operators are folded by the evaluator itself, and so are the parentheses
  // and conversions around them; asking clang's constant evaluator at every
  // level of a long expression would walk it again and again (quadratic on
  // macro-built indexes).
  if (isa<ParenExpr>(E))
    return std::nullopt;
  // A literal is its value, as clang's evaluator would give it.
  auto Literal = [](const IntegerLiteral *IL) {
    return llvm::APSInt(IL->getValue(),
                        IL->getType()->isUnsignedIntegerOrEnumerationType());
  };
  if (const auto *IL = dyn_cast<IntegerLiteral>(E))
    return toInt64(Literal(IL));
  // Nor is it asked where the answer is no: a parameter, a variable neither
  // constexpr, const nor a reference, an element, a builtin variable
  // (threadIdx) or a call of a function neither constexpr nor a builtin is
  // never a constant, and clang would take a while to say so for every such
  // expression of every kernel.
  const Expr *Bare = E->IgnoreParenImpCasts();
  if (isa<BinaryOperator, ConditionalOperator, UnaryOperator,
          ArraySubscriptExpr, PseudoObjectExpr>(Bare))
    return std::nullopt;
  // A literal converted once (`i < 4` with a long i) is converted as
  // clang's evaluator would (HandleIntToIntCast).
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E))
    if (const auto *IL = dyn_cast<IntegerLiteral>(IC->getSubExpr()))
      if (IC->getCastKind() == CK_IntegralCast ||
          IC->getCastKind() == CK_IntegralToBoolean) {
        llvm::APSInt V = Literal(IL);
        if (IC->getCastKind() == CK_IntegralToBoolean)
          return int64_t(!V.isZero());
        V = V.extOrTrunc(Ctx.getIntWidth(E->getType()));
        V.setIsUnsigned(E->getType()->isUnsignedIntegerOrEnumerationType());
        return toInt64(V);
      }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Bare))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (isa<ParmVarDecl>(VD) ||
          (!VD->isConstexpr() && !VD->getType().isConstQualified() &&
           !VD->getType()->isReferenceType()))
        return std::nullopt;
  if (const auto *CE = dyn_cast<CallExpr>(Bare))
    if (const FunctionDecl *FD = CE->getDirectCallee())
      if (!FD->isConstexpr() && !FD->getBuiltinID())
        return std::nullopt;
  auto It = ConstCache.find(E);
  if (It != ConstCache.end())
    return It->second;
  std::optional<int64_t> R;
  Expr::EvalResult Result;
  if (!E->isValueDependent() && E->getType()->isIntegralOrEnumerationType() &&
      E->EvaluateAsInt(Result, Ctx))
    R = toInt64(Result.Val.getInt());
  ConstCache[E] = R;
  return R;
}

KernelEvaluator::IntType KernelEvaluator::intType(QualType T) const {
  return {T->isBooleanType(), T->isUnsignedIntegerOrEnumerationType(),
          T->isSignedIntegerOrEnumerationType(), Ctx.getIntWidth(T)};
}

std::optional<int64_t> KernelEvaluator::constantArith(BinaryOperatorKind Op,
                                                      int64_t a, int64_t b,
                                                      const IntType &T) {
  // arithLane on two constants, where it gives an integer.
  if (T.Bool)
    return std::nullopt;
  int64_t R;
  switch (baseOp(Op)) {
  case BO_Add:
    R = wrapAdd(a, b);
    break;
  case BO_Sub:
    R = wrapSub(a, b);
    break;
  case BO_Mul:
    R = wrapMul(a, b);
    break;
  case BO_Div:
  case BO_Rem:
    if (b == 0)
      return std::nullopt;
    if (Op == BO_Div || Op == BO_DivAssign)
      R = T.Unsigned ? int64_t(uint64_t(a) / uint64_t(b)) : quotient(a, b);
    else
      R = T.Unsigned ? int64_t(uint64_t(a) % uint64_t(b)) : remainderOf(a, b);
    break;
  case BO_Shl:
    if (b < 0 || b >= 63)
      return std::nullopt;
    R = wrapMul(a, int64_t(1) << b);
    break;
  case BO_Shr:
    if (b < 0 || b >= 64)
      return std::nullopt;
    R = T.Unsigned ? int64_t(uint64_t(a) >> b) : a >> b;
    break;
  case BO_And:
    R = a & b;
    break;
  case BO_Or:
    R = a | b;
    break;
  case BO_Xor:
    R = a ^ b;
    break;
  default:
    return std::nullopt;
  }
  return wrap(R, T.Width, T.Signed);
}

//===-- Statements --------------------------------------------------------===//

KernelEvaluator::Flow KernelEvaluator::exec(const Stmt *S) {
  Nesting In(Depth);
  if (!S || !step())
    return OutOfBudget || Diverged ? Flow::Return : Flow::Normal;
  switch (S->getStmtClass()) {
  case Stmt::CompoundStmtClass:
    for (const Stmt *Child : cast<CompoundStmt>(S)->body()) {
      Flow F = exec(Child);
      if (F != Flow::Normal)
        return F;
      if (Active.none()) // every lane returned, some here and some there
        return Flow::Return;
    }
    return Flow::Normal;
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
  case Stmt::AttributedStmtClass:
    return exec(cast<AttributedStmt>(S)->getSubStmt());
  case Stmt::LabelStmtClass:
    return exec(cast<LabelStmt>(S)->getSubStmt());
  case Stmt::CaseStmtClass:
  case Stmt::DefaultStmtClass:
    return exec(cast<SwitchCase>(S)->getSubStmt());
  case Stmt::SwitchStmtClass: {
    // Every case is taken as reachable: the accesses are what matter.
    const auto *Sw = cast<SwitchStmt>(S);
    discard(Sw->getCond());
    Flow F = exec(Sw->getBody());
    return F == Flow::Break ? Flow::Normal : F;
  }
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
    if (!Ref)
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
  // `mov.u32 %0, %laneid;` gives each lane its index in the warp; any
  // other output of inline asm is not known.
  bool LaneId = A->getNumOutputs() == 1 &&
                StringRef(A->getAsmString()).contains("%laneid");
  for (unsigned I = 0; I < A->getNumInputs(); ++I)
    discard(A->getInputExpr(I));
  for (unsigned I = 0; I < A->getNumOutputs(); ++I) {
    const Expr *Out = A->getOutputExpr(I);
    Value V = Value::unknown(at(UnknownKind::AsmOutput, Out));
    if (LaneId) {
      std::vector<int64_t> Ids(Lanes.size());
      for (size_t L = 0; L < Lanes.size(); ++L)
        Ids[L] = Lanes[L].Lane;
      V = laneInteger(std::move(Ids), true, false);
    }
    store(evalLValue(Out), Out, Out->getType(), V);
  }
  return Flow::Normal;
}

void KernelEvaluator::declare(const VarDecl *VD) {
  if (!VD->isLocalVarDecl() || VD->isStaticLocal() ||
      VD->hasAttr<CUDASharedAttr>())
    return;
  const Expr *Init = VD->getInit();
  QualType T = VD->getType();
  if (T->isReferenceType()) {
    if (Init)
      Frames.back().Refs[VD] = evalLValue(Init);
    return;
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

KernelEvaluator::Flow KernelEvaluator::execIf(const IfStmt *S) {
  Around.push_back(S);
  llvm::scope_exit PopIf([&] { Around.pop_back(); });
  if (S->getInit())
    exec(S->getInit());
  if (const VarDecl *CV = S->getConditionVariable())
    declare(CV);
  // Each warp with an active lane reached S: warp by warp where they are
  // laid out, else lane by lane.
  const auto &WarpBegins = Set->WarpBegins;
  if (!WarpBegins.empty()) {
    for (size_t W = 0; W + 1 < WarpBegins.size(); ++W)
      if (Active.find_first_in(WarpBegins[W], WarpBegins[W + 1]) >= 0)
        Sink->reach(S, Trips, Lanes[WarpBegins[W]].Warp);
  } else {
    int LastWarp = -1;
    for (unsigned L : SetLanes(Active))
      if (Lanes[L].Warp != LastWarp)
        Sink->reach(S, Trips, LastWarp = Lanes[L].Warp);
  }
  LaneTruth LT = condition(S->getCond());
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

KernelEvaluator::Flow KernelEvaluator::execBothBranches(const IfStmt *S,
                                                        const LaneTruth &LT) {
  // Undecidable here (it depends on a symbol): run both branches and keep
  // only what they agree on. A branch that returns leaves the lane running
  // the other one, as a bounds guard does.
  bool Uniform = LT.Uniform;
  LaneMask Group = Active;
  Frame Before = Frames.back();
  // Lanes that may take either way, as an unknown value says: which of
  // them run each branch is not known.
  WhyUnknown Outside = LanesDecidedBy;
  if (Outside.empty())
    LanesDecidedBy = LT.picksLanes();
  Flow ThenFlow;
  {
    RangeFacts::Scope Guard(Facts, LT.IfTrue);
    ThenFlow = exec(S->getThen());
  }
  Frame AfterThen = std::move(Frames.back());
  bool Parted = Active != Group;
  Frames.back() = std::move(Before);
  Active = Group;
  Flow ElseFlow = Flow::Normal;
  if (S->getElse()) {
    RangeFacts::Scope Guard(Facts, LT.IfFalse);
    ElseFlow = exec(S->getElse());
  }
  if (Parted || Active != Group)
    Diverged = true; // lanes returned apart inside: not modeled here
  if (OutOfBudget || Diverged)
    return Flow::Return;
  auto Leaves = [](Flow F) { return F == Flow::Break || F == Flow::Return; };
  // Past the `if`, the lanes are those that came in, unless some may have
  // left by one branch.
  if (Leaves(ThenFlow) == Leaves(ElseFlow))
    LanesDecidedBy = Outside;
  else
    MaybeLeft |= Group;
  if (ThenFlow == Flow::Return && ElseFlow == Flow::Return)
    return Flow::Return;
  if (ThenFlow == Flow::Return)
    return ElseFlow;
  if (ElseFlow == Flow::Return) {
    Frames.back() = AfterThen;
    return ThenFlow;
  }
  Env &Merged = locals();
  for (auto &[VD, V] : AfterThen.Locals) {
    auto It = Merged.find(VD);
    if (It != Merged.end() && It->second.sameAs(V))
      continue; // what agree() gives: the reason below is not needed
    if (Uniform && It != Merged.end())
      if (std::optional<Value> Either = eitherBranch(VD, S, V, It->second)) {
        It->second = std::move(*Either);
        continue;
      }
    Value Differ = Value::unknown(
        {UnknownKind::DiffersBetweenBranches, lineOf(S), VD->getName().str()});
    if (It == Merged.end())
      Merged[VD] = Differ;
    else
      It->second = agree(It->second, V, Differ);
  }
  return ThenFlow == ElseFlow ? ThenFlow : Flow::Normal;
}

std::optional<Value> KernelEvaluator::eitherBranch(const VarDecl *VD,
                                                   const IfStmt *S,
                                                   const Value &Then,
                                                   const Value &Else) {
  // The whole warp takes one branch, so the value is Then's or Else's in
  // every lane alike; what the lanes do not share must be the same in both.
  if (std::optional<Value> Either = eitherArray(VD, Then, Else))
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
  std::string Name = nameOf(VD) + "@" + std::to_string(lineOf(S));
  for (int64_t T : Trips)
    Name += "." + std::to_string(T);
  Value V = Then.withOffset(Lanes + AffineExpr::symbol(Syms.get(Name)));
  V.LaneVarying = !Shared;
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
  Value Unknown = Value::unknown(at(UnknownKind::ConditionNotKnown, CO));
  // One side or the other in every lane alike, where they share all.
  Unknown.LaneVarying =
      !LT.Uniform || A.LaneVarying || B.LaneVarying || varies(A) || varies(B);
  return agree(A, B, Unknown);
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
  Frames.back() = std::move(Before);
  Frames.back().Returned = Returned;
  Frames.back().Results = std::move(Results);
  Active = Running;
  if (OutOfBudget || Diverged)
    return Flow::Return;
  Flow Common = Flows.front();
  bool Uniform = llvm::all_equal(Flows);
  if (!Uniform && llvm::any_of(Flows, [](Flow F) {
        return F == Flow::Break || F == Flow::Continue;
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
                                      const Stmt *Loop) {
  // Lost lane by lane, as each lane alone would lose it: a lane whose value
  // the loop left as it was keeps it (s += k, k's step 0 in lane 0). Only a
  // change of lane symbols alone can be nothing in a lane.
  for (auto &[VD, V] : E) {
    auto It = Before.find(VD);
    if (It == Before.end() || It->second.sameAs(V))
      continue;
    Value Lost = Value::unknown(
        {UnknownKind::AfterLoop, lineOf(Loop), VD->getName().str()});
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
  if (Init)
    exec(Init);
  Env Before = locals();
  Trips.push_back(0);
  LoopStack.push_back(Loop);
  unsigned N = unsigned(Lanes.size());
  // Lanes leave the loop at their own trip: each keeps its locals as they
  // were then. Lanes cut short lose what the loop changed.
  std::vector<std::pair<LaneMask, Env>> Exits;
  LaneMask CutLanes(N), Left(N);
  auto Leave = [&](const LaneMask &M, bool Cut) {
    if (M.none())
      return;
    Env E = locals();
    if (Cut) {
      CutLanes |= M;
      loseLoopChanges(E, Before, Loop);
    }
    Exits.push_back({M, std::move(E)});
    Left |= M;
    Active.reset(M);
  };
  LaneMask OuterMaybeLeft = MaybeLeft;
  MaybeLeft.reset();
  WhyUnknown Outside = LanesDecidedBy; // lanes leave the loop apart
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
    llvm::SmallVector<StrictBound, 1> Guard; // what the lanes going on know
    if (Cond && (CondFirst || Trip > 0)) {
      LaneTruth T = condition(Cond);
      Leave(T.F, false);
      if (Trip >= Limits.UnknownLoopTrips)
        Leave(T.U, true);
      Guard = std::move(T.IfTrue);
      if (T.U.any() && LanesDecidedBy.empty())
        LanesDecidedBy = T.picksLanes();
    }
    if (Active.none())
      break;
    if (Trip >= (Skimming ? 1 : Limits.MaxLoopTrips)) {
      Leave(LaneMask(Active), true);
      break;
    }
    Trips.back() = Trip;
    RangeFacts::Scope InGuard(Facts, Guard);
    if (EachTrip)
      exec(EachTrip);
    Flow F = exec(Body);
    if (F == Flow::Return) {
      Frames.back().Returned |= Active;
      Active.reset();
      break;
    }
    if (F == Flow::Break) {
      Leave(LaneMask(Active), false);
      break;
    }
    if (Inc)
      discard(Inc);
    Active.reset(Frames.back().Returned);
  }
  MaybeLeft = OuterMaybeLeft;
  LanesDecidedBy = Outside;
  Trips.pop_back();
  LoopStack.pop_back();
  if (CutLanes.any() && !Skimming)
    Truncated.insert(Loop);
  Left.reset(Frames.back().Returned);
  Active = Left;
  if (OutOfBudget || Diverged || Active.none())
    return Flow::Return;
  if (Exits.size() == 1)
    locals() = std::move(Exits.front().second);
  else
    mergeLocals(Exits);
  return Flow::Normal;
}

//===-- Expressions -------------------------------------------------------===//

void KernelEvaluator::discard(const Expr *E) {
  if (E->isGLValue())
    evalLValue(E);
  else
    eval(E);
}

AccessEvent KernelEvaluator::eventOf(const Expr *Site, AccessOp Op, QualType T,
                                     const Value &Address, int LaneBytes) {
  AccessEvent E;
  E.Site = Site;
  E.Function = Frames.back().Function;
  E.Op = Op;
  E.Bytes = int(sizeOf(T));
  E.LaneBytes = LaneBytes;
  E.Address = Address; // its base, space and reason; lanes have offsets
  E.Instance = Trips;
  E.Instance.push_back(int64_t(reinterpret_cast<uintptr_t>(Site)));
  E.Instance.push_back(int64_t(Op));
  E.Loops = LoopStack;
  E.LanesDecidedBy = LanesDecidedBy;
  for (auto It = Around.rbegin(); It != Around.rend(); ++It) {
    const auto *If = dyn_cast_or_null<IfStmt>(*It);
    if (!If) // a loop, or the call's body began
      break;
    E.Ifs.push_back(If);
  }
  return E;
}

void KernelEvaluator::access(const Expr *Site, AccessOp Op, QualType T,
                             const Value &Address, int LaneBytes) {
  if (Address.Space == MemSpace::Local || Address.Space == MemSpace::Constant)
    return;
  if (Address.K == Value::Int || !Sink->wants(Address.Base))
    return;
  if (Skimming) {
    if (Sink->has(Site, Op))
      return;
    // Where it is in memory, not which addresses: those the budget lost.
    Value Lost = Value::unknown(UnknownKind::BudgetExhausted);
    Lost.Base = Address.Base;
    Lost.Space = Address.Space;
    llvm::SaveAndRestore Recording(Skimming, false); // as a run records
    return access(Site, Op, T, Lost, LaneBytes);
  }
  AccessEvent E = eventOf(Site, Op, T, Address, LaneBytes);
  Counts &Seen = Occurrences[E.Instance];
  E.Instance.push_back(0); // the occurrence: each span's own
  // An address that splits by lane is the same shape in every lane plus a
  // constant of the lane: one record for all lanes. Otherwise each lane has
  // a row of coefficients of its own, and the shape no offset.
  auto Split = splitByLane(Address.Offset);
  Value Shape = Address;
  const std::vector<int64_t> *Constants = &LaneConstants;
  if (Split) {
    Shape.Offset = Split->first;
  } else {
    // Kept for the next access to the same address by the same lanes: the
    // store of `a[x * w + y] += v`.
    if (!LastOwn || !LastOwn->Address.identical(Address) ||
        LastOwn->Active != Active)
      LastOwn = KeptRows{Address, Active, ownRows(Address.Offset)};
    Shape.Offset = AffineExpr();
    Constants = &LastOwn->Rows.Constants;
  }
  Spans.clear();
  Group.resize(Active.count());
  // Every lane reaches a site as often as the others until some reach it
  // apart: their counts are then kept lane by lane. Until then, where every
  // warp has the same lanes active or none (all of them, in most accesses;
  // every other lane, in a reduction's step) and each warp's lanes are the
  // first's moved by one amount (the next 32 threads of a row at a[i]), the
  // first such warp's lanes alone stand for all.
  std::optional<unsigned> Ref;
  std::optional<llvm::SmallVector<int64_t, 8>> Shifts;
  if (Split && Seen.PerLane.empty() &&
      (Ref = Active.all() ? 0 : warpWithMaskOfAll()) &&
      (Shifts = warpShifts(Split->second)))
    return recordAlike(E, Shape, Split->second, Seen, *Ref, *Shifts);
  if (Split)
    inLanes(Split->second, LaneConstants);
  recordEachLane(E, Shape, Split ? 0 : LastOwn->Rows.Monomials.size(),
                 *Constants, Seen);
}

void KernelEvaluator::recordAlike(const AccessEvent &E, const Value &Shape,
                                  const AffineExpr &LanePart, Counts &Seen,
                                  unsigned Ref,
                                  llvm::ArrayRef<int64_t> Shifts) {
  bool All = Active.all();
  uint32_t N = 0;
  int64_t Occurrence = Seen.Alike;
  if (All)
    ++Seen.Alike;
  else {
    Seen.PerLane.assign(Lanes.size(), Seen.Alike);
    for (unsigned L : SetLanes(Active))
      ++Seen.PerLane[L];
  }
  auto Lane = [&](uint32_t L) -> LaneAccess {
    return {Lanes[L].Lane, LanePart.evaluate([&](SymbolId S) {
              return Syms.laneValues(S)[L];
            })};
  };
  // The reference warp's active lanes (no warp before it has any); all
  // of them, most often, in a plain loop.
  const auto &WarpBegins = Set->WarpBegins;
  uint32_t End = WarpBegins[Ref + 1];
  if (All)
    for (uint32_t L = 0; L < End; ++L)
      Group[N++] = Lane(L);
  else
    for (unsigned L : SetLanes(Active)) {
      if (L >= End)
        break;
      Group[N++] = Lane(L);
    }
  for (size_t W = 0; W + 1 < WarpBegins.size(); ++W)
    if (All || Active.find_first_in(WarpBegins[W], WarpBegins[W + 1]) >= 0)
      Spans.push_back({Lanes[WarpBegins[W]].Warp, Occurrence, 0, N,
                       wrapSub(Shifts[W], Shifts[Ref])});
  Sink->record(E, Shape, llvm::ArrayRef(Group).take_front(N), Spans, nullptr);
}

void KernelEvaluator::recordEachLane(const AccessEvent &E, const Value &Shape,
                                     size_t W,
                                     const std::vector<int64_t> &Constants,
                                     Counts &Seen) {
  uint32_t N = 0;
  if (Seen.PerLane.empty())
    Seen.PerLane.assign(Lanes.size(), Seen.Alike);
  std::vector<uint32_t> &Count = Seen.PerLane;
  OwnCoefficients.clear();
  // Lanes come in warp order: a span per warp and occurrence.
  LaneSpan Span{-1, -1, 0, 0};
  for (unsigned L : SetLanes(Active)) {
    int64_t Occurrence = Count[L]++;
    if (Lanes[L].Warp != Span.Warp || Occurrence != Span.Occurrence) {
      if (N)
        Spans.push_back(Span);
      Span = {Lanes[L].Warp, Occurrence, N, N};
    }
    Group[N++] = {Lanes[L].Lane, Constants[L]};
    if (W) {
      const int64_t *Row = LastOwn->Rows.Coefficients.data() + size_t(L) * W;
      OwnCoefficients.insert(OwnCoefficients.end(), Row, Row + W);
    }
    Span.End = N;
  }
  if (!N)
    return;
  Spans.push_back(Span);
  OwnRows Own;
  if (W)
    Own = {LastOwn->Rows.Monomials, OwnCoefficients};
  Sink->record(E, Shape, Group, Spans, W ? &Own : nullptr);
}

Value KernelEvaluator::held(const Value &V, QualType T, const ValueDecl *Var,
                            bool Parameter) {
  if (T->isIntegralOrEnumerationType())
    return convert(V, T);
  if (T->isPointerType())
    return V;
  // A float is not followed, but where it comes from and whether lanes
  // share it are.
  if (V.K == Value::Unknown && !V.Reason.empty())
    return V;
  return derivedUnknown({Parameter ? UnknownKind::ParameterNotInteger
                                   : UnknownKind::NotIntegerOrPointer,
                         0, Var->getName().str()},
                        {&V});
}

Value KernelEvaluator::load(const LValue &LV, const Expr *Site, QualType T) {
  switch (LV.K) {
  case LValue::Local: {
    auto It = locals().find(LV.Var);
    if (It != locals().end())
      return It->second;
    return Value::unknown({UnknownKind::NotKnown, 0, LV.Var->getName().str()});
  }
  case LValue::Memory: {
    const Value &A = LV.Address;
    access(Site, AccessOp::Load, T, A);
    if (A.Space == MemSpace::Local)
      return Value::unknown(UnknownKind::LocalArrayValue);
    Value V = Value::unknown(loaded(A.Space, Site));
    // Lanes that read one address read one value.
    V.LaneVarying = A.K != Value::Pointer || A.LaneVarying || varies(A);
    return V;
  }
  case LValue::None:
    break;
  }
  return Value::unknown(LV.Reason);
}

void KernelEvaluator::store(const LValue &LV, const Expr *Site, QualType T,
                            Value V) {
  if (LV.K == LValue::Local && LV.Field) {
    Value &Whole = locals()[LV.Var];
    Whole = derivedUnknown(
        {UnknownKind::FieldStored, lineOf(Site), LV.Var->getName().str()},
        {&Whole, &V});
    return;
  }
  if (LV.K == LValue::Local) {
    locals()[LV.Var] = held(V, LV.Var->getType(), LV.Var, false);
  } else if (LV.K == LValue::Memory)
    access(Site, AccessOp::Store, T, LV.Address);
}

LValue KernelEvaluator::evalLValue(const Expr *E) {
  LValue R = lvalue(E);
  // The reason is written only where it is needed: most lvalues are known.
  if (R.K == LValue::None && R.Reason.empty())
    R.Reason = at(UnknownKind::UnsupportedLValue, E);
  return R;
}

LValue KernelEvaluator::declLValue(const DeclRefExpr *DRE) {
  LValue R;
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  if (!VD)
    return R;
  auto &Refs = Frames.back().Refs;
  if (auto It = Refs.find(VD); It != Refs.end())
    return It->second;
  if (VD->hasAttr<CUDASharedAttr>()) {
    R.K = LValue::Memory;
    R.Address = Value::pointer(VD, MemSpace::Shared, AffineExpr::constant(0));
    return R;
  }
  if (VD->hasGlobalStorage() && !VD->isStaticLocal()) {
    R.K = LValue::Memory;
    MemSpace S = VD->hasAttr<CUDAConstantAttr>() ? MemSpace::Constant
                 : VD->hasAttr<CUDADeviceAttr>() ? MemSpace::Global
                                                 : MemSpace::Constant;
    R.Address = Value::pointer(VD, S, AffineExpr::constant(0));
    return R;
  }
  R.K = LValue::Local;
  R.Var = VD;
  if (VD->getType()->isArrayType()) {
    // A local array lives in registers or local memory: not modeled.
    R.K = LValue::Memory;
    R.Address = Value::pointer(VD, MemSpace::Local, AffineExpr::constant(0));
  }
  return R;
}

LValue KernelEvaluator::memberLValue(const MemberExpr *ME) {
  LValue R;
  const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
  Value BasePtr;
  if (ME->isArrow())
    BasePtr = eval(ME->getBase());
  else {
    LValue Base = evalLValue(ME->getBase());
    if (Base.K == LValue::Local) {
      Base.Field = true; // where its value came from, not which field
      return Base;
    }
    if (Base.K != LValue::Memory)
      return R;
    BasePtr = Base.Address;
  }
  if (!FD || FD->isBitField())
    return R;
  const ASTRecordLayout &Layout = Ctx.getASTRecordLayout(FD->getParent());
  int64_t Off = int64_t(Layout.getFieldOffset(FD->getFieldIndex()) / 8);
  R.K = LValue::Memory;
  R.Address = BasePtr;
  if (BasePtr.K == Value::Pointer)
    R.Address.Offset = BasePtr.Offset + AffineExpr::constant(Off);
  return R;
}

LValue KernelEvaluator::lvalue(const Expr *E) {
  Nesting In(Depth);
  LValue R;
  if (!step()) {
    R.Reason = UnknownKind::BudgetExhausted;
    return R;
  }
  E = E->IgnoreParens();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return declLValue(DRE);
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    Value Base = eval(AS->getBase());
    Value Index = eval(AS->getIdx());
    R.K = LValue::Memory;
    R.Address = pointerOffset(Base, Index, AS->getType(), false);
    return R;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Deref) {
      R.K = LValue::Memory;
      R.Address = eval(UO->getSubExpr());
      return R;
    }
    if (UO->isIncrementDecrementOp()) {
      eval(UO);
      return evalLValue(UO->getSubExpr());
    }
    return R;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return memberLValue(ME);
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    if (CE->getCastKind() == CK_LValueToRValue)
      return R;
    return evalLValue(CE->getSubExpr());
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Comma) {
      discard(BO->getLHS());
      return evalLValue(BO->getRHS());
    }
    if (BO->isAssignmentOp()) {
      eval(BO);
      return evalLValue(BO->getLHS());
    }
    return R;
  }
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
      OC && OC->isAssignmentOp()) {
    eval(OC);
    if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2)
      return evalLValue(OC->getArg(0));
    return R;
  }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    // A call that returns a reference (`T &at(T *p, int i)`, a tensor's
    // operator()): the memory its result refers to, where the callee was
    // followed; else an access at an address not known, never none.
    Value V = evalCall(CE);
    if (!CE->getCallReturnType(Ctx)->isReferenceType())
      return R;
    R.K = LValue::Memory;
    R.Address = V;
    return R;
  }
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E)) {
    eval(MT->getSubExpr());
    return R;
  }
  if (const auto *Cl = dyn_cast<ExprWithCleanups>(E))
    return evalLValue(Cl->getSubExpr());
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    LaneTruth LT = condition(CO->getCond());
    if (LT.T == Active)
      return evalLValue(CO->getTrueExpr());
    if (LT.F == Active)
      return evalLValue(CO->getFalseExpr());
    if (LT.U != Active)
      Diverged = true; // lanes pick different lvalues: not modeled
    return R;
  }
  eval(E);
  return R;
}

std::optional<Value> KernelEvaluator::before(const Expr *E) {
  if (!step())
    return Value::unknown(UnknownKind::BudgetExhausted);
  if (std::optional<int64_t> C = constant(E))
    return Value::invariant(AffineExpr::constant(*C));
  return std::nullopt;
}

Value KernelEvaluator::eval(const Expr *E) {
  Nesting In(Depth);
  E = E->IgnoreParens(); // before() folds no parentheses: `(0)` is its 0
  if (std::optional<Value> V = before(E))
    return std::move(*V);

  switch (E->getStmtClass()) {
  case Stmt::ImplicitCastExprClass:
  case Stmt::CStyleCastExprClass:
  case Stmt::CXXStaticCastExprClass:
  case Stmt::CXXReinterpretCastExprClass:
  case Stmt::CXXConstCastExprClass:
  case Stmt::CXXFunctionalCastExprClass:
    return evalCast(cast<CastExpr>(E));
  case Stmt::UnaryOperatorClass:
    return evalUnary(cast<UnaryOperator>(E));
  case Stmt::BinaryOperatorClass:
  case Stmt::CompoundAssignOperatorClass:
    return evalBinary(cast<BinaryOperator>(E));
  case Stmt::ConditionalOperatorClass: {
    const auto *CO = cast<ConditionalOperator>(E);
    LaneTruth LT = condition(CO->getCond());
    // Each group of lanes evaluates its side only.
    return eachWay(LT, [&](Truth T) {
      if (T == Truth::True)
        return eval(CO->getTrueExpr());
      if (T == Truth::False)
        return eval(CO->getFalseExpr());
      return eitherSide(LT, CO, eval(CO->getTrueExpr()),
                        eval(CO->getFalseExpr()));
    });
  }
  case Stmt::FloatingLiteralClass:
    return derivedUnknown(at(UnknownKind::NonInteger, E), {});
  case Stmt::CallExprClass:
  case Stmt::CXXMemberCallExprClass:
  case Stmt::CXXOperatorCallExprClass:
    return evalCall(cast<CallExpr>(E));
  case Stmt::PseudoObjectExprClass:
    return evalBuiltinVar(cast<PseudoObjectExpr>(E));
  case Stmt::ExprWithCleanupsClass:
    return eval(cast<ExprWithCleanups>(E)->getSubExpr());
  case Stmt::ConstantExprClass:
    return eval(cast<ConstantExpr>(E)->getSubExpr());
  case Stmt::CXXDefaultArgExprClass:
    return eval(cast<CXXDefaultArgExpr>(E)->getExpr());
  case Stmt::MaterializeTemporaryExprClass:
    return eval(cast<MaterializeTemporaryExpr>(E)->getSubExpr());
  case Stmt::CXXBindTemporaryExprClass:
    return eval(cast<CXXBindTemporaryExpr>(E)->getSubExpr());
  case Stmt::CXXConstructExprClass: {
    const auto *CE = cast<CXXConstructExpr>(E);
    const CXXConstructorDecl *Ctor = CE->getConstructor();
    if (CE->getNumArgs() == 1 && Ctor &&
        (Ctor->isCopyConstructor() || Ctor->isMoveConstructor())) {
      // A copy: what the source holds, alike in lanes where its address is.
      const Expr *Src = CE->getArg(0);
      Value Copy =
          load(evalLValue(Src), Src->IgnoreParenImpCasts(), Src->getType());
      return Copy.K == Value::Unknown ? Copy
                                      : Value::unknown(UnknownKind::ClassValue);
    }
    std::vector<Value> Args;
    for (const Expr *A : CE->arguments())
      Args.push_back(eval(A));
    std::vector<const Value *> From;
    for (const Value &A : Args)
      From.push_back(&A);
    return derivedUnknown(UnknownKind::ClassValue, From);
  }
  default:
    break;
  }
  if (E->isGLValue()) {
    evalLValue(E);
    return Value::unknown(at(UnknownKind::UnsupportedExpression, E));
  }
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      discard(CE);
  return Value::unknown(at(UnknownKind::UnsupportedExpression, E));
}

Value KernelEvaluator::evalCast(const CastExpr *E) {
  const Expr *Sub = E->getSubExpr();
  QualType To = E->getType();
  switch (E->getCastKind()) {
  case CK_LValueToRValue: {
    if (std::optional<Value> Field = parameterField(Sub))
      return *Field;
    if (const auto *CO = dyn_cast<ConditionalOperator>(Sub->IgnoreParens()))
      if (Together)
        return loadChoice(Sub, CO);
    LValue LV = evalLValue(Sub);
    return load(LV, Sub->IgnoreParens(), Sub->getType());
  }
  case CK_ArrayToPointerDecay: {
    LValue LV = evalLValue(Sub);
    if (LV.K == LValue::Memory)
      return LV.Address;
    return Value::unknown(LV.Reason);
  }
  case CK_NullToPointer: {
    Value Null = Value::unknown(UnknownKind::NullPointer);
    Null.LaneVarying = false; // the same in every lane
    return Null;
  }
  case CK_FunctionToPointerDecay:
    return Value::unknown(UnknownKind::FunctionPointer);
  default:
    break;
  }
  Value V = eval(Sub);
  if (To->isIntegralOrEnumerationType())
    return convert(V, To);
  if (To->isPointerType() && (V.K == Value::Pointer || V.Base))
    return V; // a pointer cast keeps the address; the access type changes
  if (To->isVoidType() || To->isPointerType())
    return V;
  if (V.K == Value::Int || V.K == Value::Pointer)
    return derivedUnknown(at(UnknownKind::NonInteger, E), {&V});
  return V;
}

Value KernelEvaluator::loadChoice(const Expr *Sub,
                                  const ConditionalOperator *CO) {
  // `c ? x : y` read as a value: lanes that disagree on c each load their
  // side, as evalLValue then load would one lane at a time.
  if (!step())
    return Value::unknown(UnknownKind::BudgetExhausted);
  LaneTruth LT = condition(CO->getCond());
  return eachWay(LT, [&](Truth T) {
    if (T == Truth::Unknown) {
      // Two locals: either value, as for an rvalue. Memory is read on one
      // side only, which is not known.
      LValue A = evalLValue(CO->getTrueExpr()),
             B = evalLValue(CO->getFalseExpr());
      if (A.K != LValue::Local || B.K != LValue::Local)
        return Value::unknown(at(UnknownKind::UnsupportedLValue, Sub));
      return eitherSide(LT, CO, load(A, CO, CO->getType()),
                        load(B, CO, CO->getType()));
    }
    const Expr *Side =
        T == Truth::True ? CO->getTrueExpr() : CO->getFalseExpr();
    return load(evalLValue(Side), CO, CO->getType());
  });
}

Value KernelEvaluator::convert(const Value &V, QualType To) {
  if (varies(V)) {
    // Wrapping changes nothing where every lane's value fits the type.
    if (!To->isBooleanType() &&
        fitsEveryLane(V.Offset, Ctx.getIntWidth(To),
                      To->isSignedIntegerOrEnumerationType()))
      return V;
    if (std::optional<std::vector<int64_t>> Ints = laneInts(V)) {
      for (unsigned L : SetLanes(Active))
        (*Ints)[L] = To->isBooleanType()
                         ? (*Ints)[L] != 0
                         : wrap((*Ints)[L], Ctx.getIntWidth(To),
                                To->isSignedIntegerOrEnumerationType());
      return laneInteger(std::move(*Ints), V.LaneVarying, V.MixedVarying);
    }
    return perLane(true, [&](unsigned L) { return convertLane(at(V, L), To); });
  }
  return convertLane(V, To);
}

Value KernelEvaluator::convertLane(const Value &V, QualType To) {
  if (V.K != Value::Int) {
    if (V.K == Value::Pointer)
      return Value::unknown(UnknownKind::PointerToInteger);
    return V;
  }
  if (To->isBooleanType()) {
    Truth T = truth(V);
    if (T == Truth::Unknown) {
      Value U = Value::unknown(UnknownKind::ConditionNotKnown);
      U.varyLike(V); // `if (n)`: alike where n is
      return U;
    }
    Value B = Value::integer(AffineExpr::constant(T == Truth::True));
    B.varyLike(V);
    return B;
  }
  if (!V.Offset.isConstant())
    return V; // symbols are assumed not to overflow
  unsigned Width = Ctx.getIntWidth(To);
  Value W = Value::integer(AffineExpr::constant(wrap(
      V.Offset.constantTerm(), Width, To->isSignedIntegerOrEnumerationType())));
  W.varyLike(V);
  return W;
}

KernelEvaluator::Truth KernelEvaluator::truth(const Value &V) {
  if (V.K == Value::Pointer)
    return Truth::True;
  if (V.K != Value::Int)
    return Truth::Unknown;
  if (V.Offset.isConstant())
    return V.Offset.constantTerm() != 0 ? Truth::True : Truth::False;
  return compare(BO_NE, V, Value::integer(AffineExpr::constant(0)));
}

KernelEvaluator::Truth KernelEvaluator::compare(BinaryOperatorKind Op,
                                                const Value &L,
                                                const Value &R) {
  if (L.K != Value::Int || R.K != Value::Int)
    return Truth::Unknown;
  // Bound L - R: symbols are non-negative, so with all symbolic
  // coefficients >= 0 the constant term is its least value, with all <= 0
  // its greatest.
  AffineExpr D = L.Offset - R.Offset;
  bool AllPos = true, AllNeg = true;
  for (const auto &[M, K] : D.terms())
    if (!M.empty()) {
      AllPos &= K > 0;
      AllNeg &= K < 0;
    }
  return decide(Op, AllPos, AllNeg, D.constantTerm());
}

KernelEvaluator::Truth KernelEvaluator::decide(BinaryOperatorKind Op,
                                               bool AllPos, bool AllNeg,
                                               int64_t C) {
  std::optional<int64_t> Min, Max;
  if (AllPos)
    Min = C;
  if (AllNeg)
    Max = C;
  auto Decide = [](bool IsTrue, bool IsFalse) {
    return IsTrue ? Truth::True : IsFalse ? Truth::False : Truth::Unknown;
  };
  switch (Op) {
  case BO_LT:
    return Decide(Max && *Max < 0, Min && *Min >= 0);
  case BO_LE:
    return Decide(Max && *Max <= 0, Min && *Min > 0);
  case BO_GT:
    return Decide(Min && *Min > 0, Max && *Max <= 0);
  case BO_GE:
    return Decide(Min && *Min >= 0, Max && *Max < 0);
  case BO_EQ:
    return Decide(Min && Max && *Min == 0 && *Max == 0,
                  (Min && *Min > 0) || (Max && *Max < 0));
  case BO_NE:
    return Decide((Min && *Min > 0) || (Max && *Max < 0),
                  Min && Max && *Min == 0 && *Max == 0);
  default:
    return Truth::Unknown;
  }
}

Value KernelEvaluator::pointerOffset(const Value &P, const Value &Index,
                                     QualType PointeeType, bool Subtract) {
  int64_t Size = sizeOf(PointeeType);
  // A padded shared array (a fix being tested) has longer rows.
  if (Change.Padded && P.Base == Change.Padded)
    Size = paddedSize(PointeeType, Change.Pad);
  if (P.K == Value::Pointer && Index.K == Value::Int && Size > 0) {
    AffineExpr Delta = Index.Offset * Size;
    Value R = P;
    R.Offset = Subtract ? P.Offset - Delta : P.Offset + Delta;
    R.LaneVarying |= Index.LaneVarying;
    R.MixedVarying |= Index.MixedVarying;
    return R;
  }
  Value R = P.K == Value::Pointer ? Index : P;
  if (R.K != Value::Unknown)
    R = Value::unknown(UnknownKind::NonIntegerIndex);
  R.Base = P.Base;
  R.Space = P.Space;
  return R;
}

Value KernelEvaluator::evalUnary(const UnaryOperator *E) {
  const Expr *Sub = E->getSubExpr();
  switch (E->getOpcode()) {
  case UO_AddrOf: {
    LValue LV = evalLValue(Sub);
    if (LV.K == LValue::Memory)
      return LV.Address;
    if (LV.K == LValue::Local)
      return Value::pointer(LV.Var, MemSpace::Local, AffineExpr::constant(0));
    return Value::unknown(LV.Reason);
  }
  case UO_Deref:
    return load(evalLValue(E), E, E->getType());
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec: {
    LValue LV = evalLValue(Sub);
    Value Old = load(LV, Sub->IgnoreParens(), Sub->getType());
    Value One = Value::invariant(AffineExpr::constant(1));
    Value New;
    if (Sub->getType()->isPointerType())
      New =
          pointerOffset(Old, One, pointee(Sub->getType()), E->isDecrementOp());
    else
      New = arith(E->isIncrementOp() ? BO_Add : BO_Sub, Old, One,
                  Sub->getType(), E);
    store(LV, Sub->IgnoreParens(), Sub->getType(), New);
    return E->isPrefix() ? New : Old;
  }
  case UO_Plus:
    return eval(Sub);
  case UO_Minus: {
    Value V = eval(Sub);
    if (V.K != Value::Int)
      return V;
    Value N = Value::integer(V.Offset * -1);
    N.varyLike(V);
    return convert(N, E->getType());
  }
  case UO_Not: {
    Value V = eval(Sub);
    return perLane(varies(V), [&](unsigned L) {
      Value X = at(V, L);
      if (!X.isConstInt())
        return Value::unknown(UnknownKind::ComplementNotKnown);
      return convertLane(
          Value::integer(AffineExpr::constant(~X.Offset.constantTerm())),
          E->getType());
    });
  }
  case UO_LNot: {
    LaneTruth LT = condition(Sub);
    std::swap(LT.T, LT.F);
    return fromTruths(LT, E);
  }
  default:
    discard(Sub);
    return Value::unknown(at(UnknownKind::UnsupportedOperator, E));
  }
}

Value KernelEvaluator::arith(BinaryOperatorKind Op, const Value &L,
                             const Value &R, QualType T, const Expr *E) {
  // A quotient the guards decide: `(x + nx) % nx` under `x < nx`.
  BinaryOperatorKind Base = baseOp(Op);
  if ((Base == BO_Div || Base == BO_Rem) && L.K == Value::Int &&
      R.K == Value::Int)
    if (std::optional<int64_t> K = Facts.quotient(L.Offset, R.Offset)) {
      if (Base == BO_Div)
        return convert(Value::invariant(AffineExpr::constant(*K)), T);
      Value V = L.withOffset(L.Offset - R.Offset * *K);
      if (*K) {
        V.LaneVarying |= R.LaneVarying;
        V.MixedVarying |= R.MixedVarying;
      }
      return convert(V, T);
    }
  // Sums and products hold lane symbols as they are; the rest is computed
  // lane by lane.
  bool Ring = Op == BO_Add || Op == BO_AddAssign || Op == BO_Sub ||
              Op == BO_SubAssign || Op == BO_Mul || Op == BO_MulAssign;
  if (!Ring && (varies(L) || varies(R))) {
    auto A = laneInts(L);
    IntType Type = intType(T); // once, not in every lane
    // A divisor alike in every lane and a power of two (threadIdx.x % 32,
    // / (2 * stride)): non-negative lanes take a mask or a shift, as
    // constantArith's division gives them, without a division each.
    int64_t D = R.isConstInt() ? R.Offset.constantTerm() : 0;
    bool Rem = baseOp(Op) == BO_Rem;
    bool Pow2 = (Rem || baseOp(Op) == BO_Div) && !Type.Bool && D > 0 &&
                (D & (D - 1)) == 0;
    unsigned Shift = Pow2 ? unsigned(llvm::countr_zero(uint64_t(D))) : 0;
    auto ByPow2 = [&](int64_t X) { // X non-negative
      return wrap(Rem ? X & (D - 1) : X >> Shift, Type.Width, Type.Signed);
    };
    // Every lane active and none negative (threadIdx.x % 32): a plain loop.
    if (A && Pow2 && Active.all() &&
        llvm::all_of(*A, [](int64_t X) { return X >= 0; })) {
      std::vector<int64_t> Out(Lanes.size());
      for (size_t I = 0; I < Out.size(); ++I)
        Out[I] = ByPow2((*A)[I]);
      return laneInteger(std::move(Out), L.LaneVarying || R.LaneVarying,
                         L.MixedVarying || R.MixedVarying);
    }
    auto B = A ? laneInts(R) : std::nullopt;
    if (A && B) {
      std::vector<int64_t> Out(Lanes.size(), 0);
      bool Fits = true;
      for (unsigned I : SetLanes(Active)) {
        int64_t X = (*A)[I];
        if (Pow2 && X >= 0) {
          Out[I] = ByPow2(X);
          continue;
        }
        std::optional<int64_t> V = constantArith(Op, X, (*B)[I], Type);
        if (!V) {
          Fits = false;
          break;
        }
        Out[I] = *V;
      }
      if (Fits)
        return laneInteger(std::move(Out), L.LaneVarying || R.LaneVarying,
                           L.MixedVarying || R.MixedVarying);
    }
    if (notAffineInAnyLane(Op, L, R))
      return arithLane(Op, L, R, T, E); // the one answer of every lane
    return perLane(true, [&](unsigned I) {
      return arithLane(Op, at(L, I), at(R, I), T, E);
    });
  }
  return arithLane(Op, L, R, T, E);
}

bool KernelEvaluator::inSystemHeader(const Decl *D) const {
  return Ctx.getSourceManager().isInSystemHeader(D->getLocation());
}

bool KernelEvaluator::onlyBlockSymbols(const AffineExpr &X) const {
  return llvm::all_of(X.symbols(), [&](SymbolId S) {
    return Syms.isLane(S) ||
           llvm::any_of(BlockSymbols[0], [&](auto &B) { return B && *B == S; });
  });
}

bool KernelEvaluator::notAffineInAnyLane(BinaryOperatorKind Op, const Value &L,
                                         const Value &R) const {
  // L is lane-invariant terms plus a constant of each lane, R a constant.
  // Where exactArith fails on those terms alone, it fails in every lane
  // (only a divisor of their gcd divides, and the lanes add no symbolic
  // term) and on L as it is (the gcd of all its terms divides theirs):
  // arithLane's answer is the same unknown. L must be lane-varying: else
  // the answer is an opaque symbol named by each lane's value.
  if (L.K != Value::Int || R.K != Value::Int || !L.LaneVarying || varies(R) ||
      !R.Offset.isConstant())
    return false;
  auto Parts = splitByLane(L.Offset);
  return Parts && !Parts->first.terms().empty() &&
         !exactArith(baseOp(Op), Parts->first, R.Offset.constantTerm());
}

Value KernelEvaluator::arithLane(BinaryOperatorKind Op, const Value &L,
                                 const Value &R, QualType T, const Expr *E) {
  if (L.K != Value::Int || R.K != Value::Int) {
    const Value &U = L.K != Value::Int ? L : R;
    return U.K == Value::Unknown
               ? U
               : Value::unknown(at(UnknownKind::PointerArithmetic, E));
  }
  BinaryOperatorKind Base = baseOp(Op);
  const AffineExpr &A = L.Offset, &B = R.Offset;
  bool Const = A.isConstant() && B.isConstant();
  int64_t a = A.constantTerm(), b = B.constantTerm();
  bool Unsigned = T->isUnsignedIntegerOrEnumerationType();
  bool Varying = L.LaneVarying || R.LaneVarying;
  bool Mixed = L.MixedVarying || R.MixedVarying;
  auto Int = [&](AffineExpr X) {
    Value V = Value::integer(X);
    V.LaneVarying = Varying;
    V.MixedVarying = Mixed;
    return convert(V, T);
  };
  auto Num = [&](int64_t X) { return Int(AffineExpr::constant(X)); };
  auto NotAffine = [&]() {
    // Some lanes would take the opaque symbol below and some not.
    if (Mixed && !(L.LaneVarying && !L.MixedVarying) &&
        !(R.LaneVarying && !R.MixedVarying))
      Diverged = true;
    if (Varying) {
      BlockDecidesIndex |= onlyBlockSymbols(A) && onlyBlockSymbols(B);
      return Value::unknown(at(UnknownKind::NonLinearIndex, E));
    }
    // Every lane computes the same value: an opaque symbol stands for it,
    // named by what it computes, so all lanes share it.
    auto Name = [&](SymbolId S) { return Syms.name(S); };
    return Value::invariant(AffineExpr::symbol(Syms.get(
        "(" + A.print(Name) + " " + BinaryOperator::getOpcodeStr(Base).str() +
        " " + B.print(Name) + ")")));
  };
  switch (Base) {
  case BO_Add:
    return Int(A + B);
  case BO_Sub:
    return Int(A - B);
  case BO_Mul:
    return Int(A * B);
  case BO_Div:
  case BO_Rem:
    if (Const) {
      if (b == 0)
        return Value::unknown(at(UnknownKind::DivisionByZero, E));
      if (Base == BO_Div)
        return Num(Unsigned ? int64_t(uint64_t(a) / uint64_t(b))
                            : quotient(a, b));
      return Num(Unsigned ? int64_t(uint64_t(a) % uint64_t(b))
                          : remainderOf(a, b));
    }
    break;
  case BO_Shl:
    break;
  case BO_Shr:
    if (Const && b >= 0 && b < 64)
      return Num(Unsigned ? int64_t(uint64_t(a) >> b) : a >> b);
    break;
  case BO_And:
    if (Const)
      return Num(a & b);
    break;
  case BO_Or:
    if (Const)
      return Num(a | b);
    break;
  case BO_Xor:
    if (Const)
      return Num(a ^ b);
    break;
  default:
    return Value::unknown(at(UnknownKind::UnsupportedOperator, E));
  }
  if (B.isConstant())
    if (std::optional<AffineExpr> X = exactArith(Base, A, b))
      return Int(*X);
  return NotAffine();
}

Value KernelEvaluator::evalBinary(const BinaryOperator *E) {
  BinaryOperatorKind Op = E->getOpcode();
  const Expr *LHS = E->getLHS(), *RHS = E->getRHS();
  if (Op == BO_Comma) {
    discard(LHS);
    return eval(RHS);
  }
  if (Op == BO_LAnd || Op == BO_LOr)
    return fromTruths(logical(E), E);
  if (Op == BO_Assign) {
    LValue LV = evalLValue(LHS);
    if (LV.K == LValue::Local && !LV.Field)
      Naming = {RHS->IgnoreParenImpCasts(), LV.Var};
    Value V = eval(RHS);
    Naming = {};
    store(LV, LHS->IgnoreParens(), LHS->getType(), V);
    return V;
  }
  if (E->isCompoundAssignmentOp()) {
    LValue LV = evalLValue(LHS);
    Value R = eval(RHS);
    Value Old = load(LV, LHS->IgnoreParens(), LHS->getType());
    Value New;
    if (LHS->getType()->isPointerType())
      New = pointerOffset(Old, R, pointee(LHS->getType()), Op == BO_SubAssign);
    else {
      const auto *CAO = cast<CompoundAssignOperator>(E);
      QualType CT = CAO->getComputationResultType();
      if (CT->isIntegralOrEnumerationType())
        New = arith(Op, convert(Old, CAO->getComputationLHSType()),
                    convert(R, CT), CT, E);
      else
        New = derivedUnknown(at(UnknownKind::NonInteger, E), {&Old, &R});
    }
    store(LV, LHS->IgnoreParens(), LHS->getType(), New);
    return New;
  }
  Value L = eval(LHS), R = eval(RHS);
  if (E->isComparisonOp())
    return comparison(E, L, R);
  QualType LT = LHS->getType(), RT = RHS->getType();
  if (Op == BO_Add || Op == BO_Sub) {
    if (LT->isPointerType() && RT->isPointerType()) {
      int64_t Size = sizeOf(pointee(LT));
      return perLane(varies(L) || varies(R), [&](unsigned I) {
        Value A = at(L, I), B = at(R, I);
        if (A.K == Value::Pointer && B.K == Value::Pointer &&
            A.Base == B.Base && Size > 0)
          if (std::optional<AffineExpr> Q =
                  (A.Offset - B.Offset).divideBy(Size))
            return Value::integer(*Q);
        return Value::unknown(at(UnknownKind::PointerDifference, E));
      });
    }
    if (LT->isPointerType())
      return pointerOffset(L, R, pointee(LT), Op == BO_Sub);
    if (RT->isPointerType())
      return pointerOffset(R, L, pointee(RT), false);
  }
  if (!E->getType()->isIntegralOrEnumerationType())
    return derivedUnknown(at(UnknownKind::NonInteger, E), {&L, &R});
  return arith(Op, L, R, E->getType(), E);
}

Value KernelEvaluator::comparison(const BinaryOperator *E, const Value &L,
                                  const Value &R) {
  BinaryOperatorKind Op = E->getOpcode();
  bool Varies = varies(L) || varies(R);
  if (Varies)
    if (std::optional<Value> V = compareByLane(Op, L, R, E))
      return *V;
  return perLane(Varies, [&](unsigned I) {
    Value A = at(L, I), B = at(R, I);
    if (A.K == Value::Pointer && B.K == Value::Pointer && A.Base == B.Base)
      return Value::integer(AffineExpr::constant(
          compare(Op, Value::integer(A.Offset), Value::integer(B.Offset)) ==
          Truth::True));
    Truth T = compare(Op, A, B);
    if (T == Truth::Unknown) {
      // Not known, but alike in every lane where both sides are.
      Value U = Value::unknown(at(UnknownKind::ConditionNotKnown, E));
      U.LaneVarying = Varies || A.LaneVarying || B.LaneVarying;
      U.MixedVarying = A.MixedVarying || B.MixedVarying;
      return U;
    }
    return Value::integer(AffineExpr::constant(T == Truth::True));
  });
}

Value KernelEvaluator::evalBuiltinVar(const PseudoObjectExpr *E) {
  const auto *PR =
      dyn_cast<MSPropertyRefExpr>(E->getSyntacticForm()->IgnoreParens());
  if (!PR)
    return Value::unknown(at(UnknownKind::UnsupportedExpression, E));
  const Expr *Base = PR->getBaseExpr()->IgnoreParenImpCasts();
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(Base))
    Base = OVE->getSourceExpr()->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(Base);
  if (!DRE)
    return Value::unknown(at(UnknownKind::UnsupportedExpression, E));
  StringRef Var = DRE->getDecl()->getName();
  StringRef Field = PR->getPropertyDecl()->getName();
  int Axis = Field == "x" ? 0 : Field == "y" ? 1 : 2;
  auto Pick = [&](const Dim3 &D) {
    return Value::invariant(AffineExpr::constant(Axis == 0   ? D.X
                                                 : Axis == 1 ? D.Y
                                                             : D.Z));
  };
  if (Var == "threadIdx")
    return Tid[Axis];
  if (Var == "blockDim")
    return Pick(Shape->Block);
  if (Var == "gridDim" && Shape->Grid)
    return Pick(*Shape->Grid);
  if (Var == "blockIdx" && Shape->BlockIndex)
    return Pick(*Shape->BlockIndex);
  if (Var == "blockIdx" || Var == "gridDim") {
    std::optional<SymbolId> &Sym = BlockSymbols[Var == "gridDim"][Axis];
    if (!Sym) {
      Sym = Syms.get((Var + "." + Field).str());
      Syms.setNonNegative(*Sym);
    }
    return Value::invariant(AffineExpr::symbol(*Sym));
  }
  return Value::unknown({UnknownKind::UnsupportedBuiltin, 0, Var.str()});
}

Value KernelEvaluator::mulHigh(const CallExpr *E, StringRef Name) {
  // The high half of the full product, as the fast divisions of real code
  // use it (`__umulhi(i, magic) >> shift` for i / d).
  Value A0 = eval(E->getArg(0)), B0 = eval(E->getArg(1));
  bool Wide = Name.contains("64"), Signed = !Name.starts_with("__u");
  return perLane(varies(A0) || varies(B0), [&](unsigned I) {
    Value A = at(A0, I), B = at(B0, I);
    if (!A.isConstInt() || !B.isConstInt()) {
      BlockDecidesIndex |= A.K == Value::Int && B.K == Value::Int &&
                           onlyBlockSymbols(A.Offset) &&
                           onlyBlockSymbols(B.Offset);
      return Value::unknown({UnknownKind::ResultOf, 0, Name.str()});
    }
    int64_t a = A.Offset.constantTerm(), b = B.Offset.constantTerm();
    int64_t High;
    if (Wide)
      High =
          Signed
              ? int64_t((__int128(a) * __int128(b)) >> 64)
              : int64_t((unsigned __int128)(uint64_t(a)) * uint64_t(b) >> 64);
    else
      High = Signed
                 ? int64_t(int32_t(
                       (int64_t(int32_t(a)) * int64_t(int32_t(b))) >> 32))
                 : int64_t(uint32_t(
                       (uint64_t(uint32_t(a)) * uint64_t(uint32_t(b))) >> 32));
    return Value::integer(AffineExpr::constant(High));
  });
}

std::optional<Value>
KernelEvaluator::elementAssignment(const CXXOperatorCallExpr *OC) {
  const FunctionDecl *Op = OC->getDirectCallee();
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Op);
  // An element's assignment is one store of the element: a trivial one,
  // or one of CUDA's own types (`half2`, `__nv_bfloat16 = float`, `+=`),
  // whose bodies move the bits as a whole.
  bool Whole = Op && (Op->isTrivial() || inSystemHeader(Op));
  if (!OC->isAssignmentOp() || OC->getNumArgs() != 2 || !Whole)
    return std::nullopt;
  const Expr *To = OC->getArg(0)->IgnoreParens(), *Src = OC->getArg(1);
  LValue Dst = evalLValue(To);
  if (OC->getOperator() != OO_Equal) // `b[i] += x`: read, then written
    load(Dst, To, To->getType());
  if (MD && (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator()))
    load(evalLValue(Src), Src->IgnoreParenImpCasts(), Src->getType());
  else
    eval(Src);
  store(Dst, To, To->getType(), Value::unknown(UnknownKind::ClassValue));
  return Value::unknown(UnknownKind::ClassValue);
}

Value KernelEvaluator::opaqueCall(const CallExpr *E, WhyUnknown Why) {
  // CUDA's own functions and operators read an element passed to them by
  // reference (`__hmul(a[i], b[i])`, `float x = h[i]` through the
  // conversion operator) as a whole.
  const FunctionDecl *FD = E->getDirectCallee();
  bool System = FD && inSystemHeader(FD);
  auto Consume = [&](const Expr *A) {
    if (System && A->isGLValue() && A->getType()->isRecordType())
      load(evalLValue(A), A->IgnoreParenImpCasts(), A->getType());
    else
      discard(A);
  };
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    Consume(MC->getImplicitObjectArgument());
  for (const Expr *A : E->arguments())
    Consume(A);
  return Value::unknown(std::move(Why));
}

std::optional<Value> KernelEvaluator::intrinsicCall(const CallExpr *E,
                                                    StringRef Name) {
  if (E->getNumArgs() >= 1)
    if (std::optional<AccessOp> Op = intrinsicAccess(Name)) {
      const Expr *Ptr = E->getArg(0);
      QualType PT = pointee(Ptr->getType());
      Value Address = eval(Ptr);
      for (unsigned I = 1; I < E->getNumArgs(); ++I)
        discard(E->getArg(I));
      int Cas = *Op == AccessOp::Atomic && Address.Space == MemSpace::Shared
                    ? sharedCasLoopBytes(Name, PT->isRealFloatingType(),
                                         int(sizeOf(PT)))
                    : 0;
      if (Cas) // the loop's first load; one trip where lanes do not collide
        access(E, AccessOp::Load, PT, Address);
      access(E, *Op, PT, Address, Cas);
      return Value::unknown(loaded(Address.Space, E));
    }
  if (E->getNumArgs() == 2 &&
      llvm::is_contained({"__umulhi", "__mulhi", "__umul64hi", "__mul64hi"},
                         Name))
    return mulHigh(E, Name);
  return std::nullopt;
}

Value KernelEvaluator::minMax(const CallExpr *E, bool Min) {
  Value A0 = convert(eval(E->getArg(0)), E->getType());
  Value B0 = convert(eval(E->getArg(1)), E->getType());
  return perLane(varies(A0) || varies(B0), [&](unsigned I) {
    Value A = at(A0, I), B = at(B0, I);
    if (A.isConstInt() && B.isConstInt()) {
      int64_t a = A.Offset.constantTerm(), b = B.Offset.constantTerm();
      return Value::integer(
          AffineExpr::constant(Min ? std::min(a, b) : std::max(a, b)));
    }
    if (A.sameAs(B))
      return A;
    return Value::unknown(at(UnknownKind::MinMaxNotKnown, E));
  });
}

const KernelEvaluator::Closure *
KernelEvaluator::calledLambda(const CallExpr *E, const FunctionDecl *FD) {
  // A lambda declared in the kernel, called: its body with what it
  // captured.
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      MD && MD->getParent()->isLambda() && isa<CXXOperatorCallExpr>(E))
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(E->getArg(0)->IgnoreParenImpCasts()))
      if (auto It = Closures.find(dyn_cast<VarDecl>(DRE->getDecl()));
          It != Closures.end())
        return &It->second;
  return nullptr;
}

std::optional<KernelEvaluator::ParamPath>
KernelEvaluator::objectOf(const CallExpr *E) {
  // A method is followed where its object is a kernel's struct parameter
  // (a tensor or accessor passed by value): its fields are known there.
  const Expr *Obj = nullptr;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    Obj = MC->getImplicitObjectArgument();
  else if (isa<CXXOperatorCallExpr>(E))
    Obj = E->getArg(0);
  if (!Obj)
    return std::nullopt;
  return paramPath(Obj);
}

Value KernelEvaluator::evalCall(const CallExpr *E) {
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E))
    if (std::optional<Value> V = elementAssignment(OC))
      return *V;
  const FunctionDecl *FD = E->getDirectCallee();
  if (!FD)
    return opaqueCall(E, at(UnknownKind::IndirectCall, E));
  // A user's own function of an intrinsic's name (atomicMax for doubles) is
  // followed as any other.
  const FunctionDecl *Def = nullptr;
  bool UserDefined = FD->hasBody(Def) && !inSystemHeader(Def);
  if (FD->getIdentifier()) {
    StringRef Name = FD->getName();
    if (!UserDefined)
      if (std::optional<Value> V = intrinsicCall(E, Name))
        return *V;
    if (E->getNumArgs() == 2 && E->getType()->isIntegralOrEnumerationType() &&
        (Name.ends_with("min") || Name.ends_with("max")))
      return minMax(E, Name.ends_with("min"));
  }
  const Closure *Lambda = calledLambda(E, FD);
  std::optional<ParamPath> This;
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Def);
  bool Member = Method && !Method->isStatic() && !Lambda;
  if (Member)
    This = objectOf(E);
  if (!UserDefined || (Member && !This))
    return opaqueCall(E, {UnknownKind::ResultOf, 0, nameOf(FD)});
  if (int(Frames.size()) > Limits.MaxCallDepth) {
    CallsCut = true;
    return opaqueCall(E,
                      {UnknownKind::CallsTooDeep, 0, {}, Limits.MaxCallDepth});
  }
  return followCall(E, FD, Def, Lambda, std::move(This));
}

Value KernelEvaluator::followCall(const CallExpr *E, const FunctionDecl *FD,
                                  const FunctionDecl *Def,
                                  const Closure *Lambda,
                                  std::optional<ParamPath> This) {
  Frame Callee{Def, {}, {}, {}, LaneMask(unsigned(Lanes.size())), {}};
  std::vector<const VarDecl *> ByRef;
  if (Lambda) {
    Callee.Locals = Lambda->ByCopy;
    for (const LambdaCapture &Cap : Lambda->Lambda->captures())
      if (Cap.capturesVariable() && Cap.getCaptureKind() == LCK_ByRef)
        if (const auto *V = dyn_cast<VarDecl>(Cap.getCapturedVar()))
          if (auto It = locals().find(V); It != locals().end()) {
            Callee.Locals[V] = It->second;
            ByRef.push_back(V);
          }
  }
  Callee.This = std::move(This);
  // An operator's object is its first argument, not a parameter.
  unsigned Skip =
      Lambda || (Callee.This && isa<CXXOperatorCallExpr>(E)) ? 1 : 0;
  for (unsigned I = 0; I + Skip < E->getNumArgs() && I < Def->getNumParams();
       ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    const Expr *A = E->getArg(I + Skip);
    QualType PT = P->getType();
    if (PT.getNonReferenceType()->isRecordType() &&
        (!PT->isReferenceType() || PT.getNonReferenceType().isConstQualified()))
      if (std::optional<ParamPath> Path = paramPath(A))
        Callee.Structs[P] = std::move(*Path);
    if (PT->isReferenceType())
      Callee.Refs[P] = evalLValue(A);
    else
      Callee.Locals[P] = held(eval(A), PT, P, true);
  }
  LaneMask Caller = Active;
  WhyUnknown CallerLanes = LanesDecidedBy; // lanes that returned go on
  Frames.push_back(std::move(Callee));
  Around.push_back(nullptr);
  exec(Def->getBody());
  Around.pop_back();
  LanesDecidedBy = CallerLanes;
  Frame Done = std::move(Frames.back());
  Frames.pop_back();
  Active = Caller;               // lanes that returned go on in the caller
  for (const VarDecl *V : ByRef) // what the lambda wrote, the caller sees
    locals()[V] = Done.Locals[V];
  return resultOf(Done, FD);
}

} // namespace cal
