#include "analyzer/KernelEvaluator.h"
#include "analyzer/DeviceArith.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cal {

QualType KernelEvaluator::pointee(QualType T) {
  if (const auto *PT = T->getAs<PointerType>())
    return PT->getPointeeType();
  return QualType();
}

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
  Facts.truncate(0); // a guard's facts of a run before
  EdgeBranches.clear();
  Trips.clear();
  LoopStack.clear();
  Around.clear();
  Occurrences.clear();
  LastOwn.reset();
  Forwarded.clear();
  ConditionalNest = 0;
  SymbolShifts.clear();
  // A run's budget is its own; the kernel's total, once spent, stays spent.
  Steps = 0;
  OutOfBudget = !Skimming && TotalSteps > Limits.MaxTotalSteps;
  Diverged = false;
  Parted.clear();
  LanesDecided = DecidedLanes();
  Closures.clear();
  for (int Axis = 0; Axis < 3; ++Axis) {
    Tid[Axis] = Value::integer(
        Set->Index[Axis].empty()
            ? AffineExpr::constant(Set->Alike[Axis])
            : AffineExpr::symbol(Syms.laneSymbol(Set->Index[Axis])));
    // An axis the block does not extend (threadIdx.z of a 256x1x1 block) is
    // the same in every lane, as the lanes together and each lane alone
    // must both see (a fuzzer finding: `threadIdx.z ^ blockIdx.x`).
    Tid[Axis].LaneVarying = S.Block.get(Axis) > 1;
  }
  Frames.push_back(Frame{Kernel, {}, {}, {}, LaneMask(N), {}});
  for (const ParmVarDecl *P : Kernel->parameters()) {
    QualType PT = P->getType();
    Value V;
    if (PT->isPointerType()) {
      auto Off = S.ParamOffsets.find(P->getName().str());
      V = Value::pointer(P, MemSpace::Global,
                         AffineExpr::constant(Off == S.ParamOffsets.end()
                                                  ? 0
                                                  : Off->second.first));
    } else if (PT->isIntegralOrEnumerationType())
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

Value KernelEvaluator::integerParameter(std::string Name) {
  // A parameter given the same variable as another is that one.
  std::string Param = Name.substr(0, Name.find('.'));
  if (auto It = Shape->ParamSame.find(Param); It != Shape->ParamSame.end())
    Name = It->second + Name.substr(Param.size());
  if (auto It = Shape->ParamValues.find(Name); It != Shape->ParamValues.end())
    return Value::invariant(AffineExpr::constant(It->second));
  // The launch's block, or an axis of its grid, is this parameter.
  for (const auto &[Axis, Param] : Shape->BlockParams)
    if (Param == Name)
      return Value::invariant(AffineExpr::constant(Shape->Block.get(Axis)));
  SymbolId Sym = Syms.get(Name);
  for (const auto &[Axis, Param] : Shape->GridParams)
    if (Param == Name) {
      Syms.setNonNegative(Sym);
      GridAxisOf[Sym] = Axis;
    }
  for (const auto &[Axis, Ceil] : Shape->GridCeil)
    if (Ceil.first == Name) {
      Syms.setNonNegative(Sym);
      CoveredBy[Sym] = {Axis, Ceil.second};
    }
  if (auto D = Shape->ParamDivisors.find(Name); D != Shape->ParamDivisors.end())
    Syms.setDivisor(Sym, D->second);
  if (auto R = Shape->ParamRanges.find(Name); R != Shape->ParamRanges.end()) {
    Syms.setRange(Sym, R->second.first, R->second.second);
    if (R->second.first >= 0)
      Syms.setNonNegative(Sym);
  }
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
  if (DRE && DRE->refersToEnclosingVariableOrCapture())
    return capturePath(DRE);
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

std::optional<KernelEvaluator::ParamPath>
KernelEvaluator::capturePath(const DeclRefExpr *DRE) {
  // A lambda a kernel takes by value (`for_each_kernel<<<...>>>(n, f)`,
  // `[a = d_a] __device__ (size_t i) { ... }`): what it captured by copy
  // is a field of the kernel's parameter.
  const Frame &F = Frames.back();
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(F.Function);
  if (!F.This || !MD || !MD->getParent()->isLambda())
    return std::nullopt;
  llvm::DenseMap<const ValueDecl *, FieldDecl *> Fields;
  FieldDecl *ThisField = nullptr;
  MD->getParent()->getCaptureFields(Fields, ThisField);
  auto It = Fields.find(DRE->getDecl());
  if (It == Fields.end() || It->second->getType()->isReferenceType())
    return std::nullopt;
  ParamPath Path = *F.This;
  Path.Fields.push_back(It->second);
  return Path;
}

std::optional<Value> KernelEvaluator::parameterField(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParens());
  if (!isa<MemberExpr>(E->IgnoreParens()) &&
      !(DRE && DRE->refersToEnclosingVariableOrCapture()))
    return std::nullopt;
  std::optional<ParamPath> Path = paramPath(E);
  if (!Path || Path->Fields.empty())
    return std::nullopt;
  return parameterValue(*Path);
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

void KernelEvaluator::notePaddingEscape(const Value &L, const Value &R) {
  auto Moves = [](const Value &V) {
    // What the lanes that know a value held apart hold.
    const Value &P = V.Apart ? V.Apart->Known : V;
    return P.K == Value::Pointer && P.PaddingMoves;
  };
  PaddingEscaped |= Moves(L) || Moves(R);
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

} // namespace cal
