//===- EvalExpressions.cpp - The evaluator's values: casts and arithmetic -===//
//
// Expressions as affine values where they can be, lane by lane where they
// cannot, and unknown with the reason otherwise.
//
//===----------------------------------------------------------------------===//
#include "analyzer/DeviceArith.h"
#include "analyzer/KernelEvaluator.h"
#include "analyzer/NameOf.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/SaveAndRestore.h"

using namespace clang;

namespace cal {

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
    Around.push_back(CO);
    llvm::scope_exit PopChoice([&] { Around.pop_back(); });
    ConditionalScope Conditional(*this);
    ReuseScope Reuse(*this);
    LaneTruth LT = condition(CO->getCond());
    Reuse.conditionDone();
    reached(CO);
    // Each group of lanes evaluates its side only.
    return eachWay(LT, [&](Truth T) {
      if (T == Truth::True)
        return eval(CO->getTrueExpr());
      if (T == Truth::False)
        return eval(CO->getFalseExpr());
      return bothSides(
          LT, CO, [&] { return eval(CO->getTrueExpr()); },
          [&] { return eval(CO->getFalseExpr()); });
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
  case Stmt::InitListExprClass: {
    // A scalar in braces (`size_t const row{blockIdx.x * blockDim.x}`): its
    // one value, or zero where there is none (`int n{}`).
    const auto *IL = cast<InitListExpr>(E);
    if (IL->getNumInits() == 1 && IL->getType()->isScalarType())
      return eval(IL->getInit(0));
    if (IL->getNumInits() == 0 && IL->getType()->isIntegralOrEnumerationType())
      return Value::invariant(AffineExpr::constant(0));
    break;
  }
  case Stmt::CXXDefaultArgExprClass:
    return eval(cast<CXXDefaultArgExpr>(E)->getExpr());
  case Stmt::MaterializeTemporaryExprClass:
    return eval(cast<MaterializeTemporaryExpr>(E)->getSubExpr());
  case Stmt::CXXBindTemporaryExprClass:
    return eval(cast<CXXBindTemporaryExpr>(E)->getSubExpr());
  case Stmt::CXXThisExprClass: {
    const Frame &F = Frames.back();
    if (F.Object)
      return *F.Object;
    if (F.This) {
      // A kernel's parameter lives in the constant bank: reading it is no
      // global access.
      int64_t Off = 0;
      for (const FieldDecl *FD : F.This->Fields)
        Off += fieldBytes(FD);
      return Value::pointer(F.This->Param, MemSpace::Constant,
                            AffineExpr::constant(Off));
    }
    return Value::unknown(at(UnknownKind::UnsupportedExpression, E));
  }
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
    if (const auto *ME = dyn_cast<MemberExpr>(Sub->IgnoreParens()))
      if (std::optional<Value> V = groupDim3(ME))
        return *V;
    if (const auto *CO = dyn_cast<ConditionalOperator>(Sub->IgnoreParens()))
      return loadChoice(Sub, CO);
    if (const auto *CE = dyn_cast<CallExpr>(Sub->IgnoreParens()))
      if (std::optional<Value> V = chosenArgument(CE))
        return *V;
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
  if (To->isIntegralOrEnumerationType() && V.K == Value::Unknown &&
      Sub->getType()->isRealFloatingType() && !V.LaneVarying && !V.MixedVarying)
    return alikeInteger(E, V);
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

DecidedLanes KernelEvaluator::pickLanes(const LaneTruth &LT, bool Predicated) {
  DecidedLanes Outside = LanesDecided;
  if (Outside.empty())
    if (WhyUnknown By = LT.picksLanes(); !By.empty())
      LanesDecided = {std::move(By), Predicated};
  return Outside;
}

Value KernelEvaluator::bothSides(const LaneTruth &LT,
                                 const ConditionalOperator *CO,
                                 llvm::function_ref<Value()> True,
                                 llvm::function_ref<Value()> False) {
  // Lanes that may take either side, as an `if` runs them: which run each
  // side's accesses is not known. A select: every warp runs both sides.
  DecidedLanes Outside = pickLanes(LT, /*Predicated=*/true);
  Value A = True();
  Value B = False();
  LanesDecided = Outside;
  return eitherSide(LT, CO, A, B);
}

Value KernelEvaluator::loadChoice(const Expr *Sub,
                                  const ConditionalOperator *CO) {
  // `c ? x : y` read as a value: lanes that disagree on c each load their
  // side, as evalLValue then load would one lane at a time.
  if (!step())
    return Value::unknown(UnknownKind::BudgetExhausted);
  Around.push_back(CO);
  llvm::scope_exit PopChoice([&] { Around.pop_back(); });
  ConditionalScope Conditional(*this);
  ReuseScope Reuse(*this); // a side reads what the condition loaded
  LaneTruth LT = condition(CO->getCond());
  Reuse.conditionDone();
  reached(CO);
  return eachWay(LT, [&](Truth T) {
    if (T == Truth::Unknown) {
      LValue A = evalLValue(CO->getTrueExpr()),
             B = evalLValue(CO->getFalseExpr());
      // Two locals: either value, as for an rvalue.
      if (A.K == LValue::Local && B.K == LValue::Local)
        return eitherSide(LT, CO, load(A, CO, CO->getType()),
                          load(B, CO, CO->getType()));
      // Memory on both sides: one load from the address each lane's side
      // gives (clang joins the two addresses), known where they agree.
      if (A.K == LValue::Memory && B.K == LValue::Memory) {
        LValue Either = A;
        Either.Address = eitherSide(LT, CO, A.Address, B.Address);
        if (A.Address.Space == B.Address.Space)
          Either.Address.Space = A.Address.Space;
        if (A.Address.Base == B.Address.Base)
          Either.Address.Base = A.Address.Base; // named as one array
        return load(Either, CO, CO->getType());
      }
      if (A.K != LValue::Memory && B.K != LValue::Memory)
        return Value::unknown(at(UnknownKind::UnsupportedLValue, Sub));
      // Memory on one side: read by the lanes that take it, as under an
      // `if`.
      return bothSides(
          LT, CO,
          [&] {
            return load(A, CO->getTrueExpr()->IgnoreParens(), CO->getType());
          },
          [&] {
            return load(B, CO->getFalseExpr()->IgnoreParens(), CO->getType());
          });
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

Value KernelEvaluator::addressAsInteger(const Value &V) {
  // A kernel parameter's array starts at a multiple of 256 bytes, as
  // cudaMalloc returns it and as the sector counts assume: an alignment
  // test (`(size_t)p % 16`, a vectorized accessor's misalignment) and a
  // comparison of two addresses in the array then evaluate.
  if (V.Space != MemSpace::Global || !isa_and_nonnull<ParmVarDecl>(V.Base))
    return Value::unknown(UnknownKind::PointerToInteger);
  SymbolId Start = Syms.get("&" + nameOf(V.Base));
  Syms.setDivisor(Start, 256);
  Syms.setNonNegative(Start);
  Value I = V.withOffset(AffineExpr::symbol(Start) + V.Offset);
  I.K = Value::Int;
  I.Base = nullptr;
  I.Space = MemSpace::Unknown;
  I.PaddingMoves = true;
  return I;
}

Value KernelEvaluator::convertLane(const Value &V, QualType To) {
  if (V.K != Value::Int) {
    if (V.K == Value::Pointer)
      return addressAsInteger(V);
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
  auto BySigns = [&](const AffineExpr &D) {
    bool AllPos = true, AllNeg = true;
    for (const auto &[M, K] : D.terms())
      if (!M.empty()) {
        AllPos &= K > 0;
        AllNeg &= K < 0;
      }
    return decide(Op, AllPos, AllNeg, D.constantTerm());
  };
  AffineExpr D = L.Offset - R.Offset;
  Truth T = BySigns(D);
  if (T != Truth::Unknown || (GridAxisOf.empty() && CoveredBy.empty()))
    return T;
  std::optional<AffineExpr> InGrid = inGridTerms(D);
  return InGrid ? BySigns(*InGrid) : T;
}

std::optional<AffineExpr> KernelEvaluator::inGridTerms(const AffineExpr &D) {
  auto Substitute = [&](const AffineExpr &X, auto &&With) {
    AffineExpr Out;
    for (const auto &[M, K] : X.terms()) {
      AffineExpr Term = AffineExpr::constant(K);
      for (SymbolId S : M)
        Term = Term * With(S);
      Out = Out + Term;
    }
    return Out;
  };
  auto Named = [&](std::string Name) {
    SymbolId S = Syms.get(Name);
    Syms.setNonNegative(S);
    return AffineExpr::symbol(S);
  };
  if (llvm::none_of(D.symbols(), [&](SymbolId S) {
        return GridAxisOf.count(S) || CoveredBy.count(S);
      }))
    return std::nullopt;
  AffineExpr Covered = Substitute(D, [&](SymbolId S) {
    auto It = CoveredBy.find(S);
    if (It == CoveredBy.end())
      return AffineExpr::symbol(S);
    auto [Axis, Size] = It->second;
    return builtinIndex("gridDim", Axis).Offset * Size -
           Named(std::to_string(Size) + " * gridDim." + "xyz"[Axis] + " - " +
                 Syms.name(S));
  });
  return Substitute(Covered, [&](SymbolId S) {
    auto It = GridAxisOf.find(S);
    if (It == GridAxisOf.end())
      return AffineExpr::symbol(S);
    std::string Axis(1, "xyz"[It->second]);
    return builtinIndex("blockIdx", It->second).Offset +
           AffineExpr::constant(1) +
           Named("gridDim." + Axis + " - blockIdx." + Axis + " - 1");
  });
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
    // A step over whole rows of an array: padding the rows moves it, unless
    // the step is row 0.
    if (Ctx.getAsConstantArrayType(PointeeType) &&
        !(Index.isConstInt() && Index.Offset.constantTerm() == 0))
      R.PaddingMoves = true;
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
  // Outside a subscript, only a grid index has the grid's edge (a loop's
  // counter wraps in whole trips).
  // (Two numbers divide exactly: a lane alone, `126 % 32`, has no edge.)
  if ((Base == BO_Div || Base == BO_Rem) && L.K == Value::Int &&
      R.K == Value::Int && !(L.Offset.isConstant() && R.Offset.isConstant()))
    if (auto Q = Facts.quotientButEdge(
            L.Offset, R.Offset,
            !Subscripts.empty() || overBlocks(L.Offset) ? RangeFacts::MaxEdge
                                                        : 0)) {
      int64_t K = Q->K;
      Value V = Base == BO_Div ? Value::invariant(AffineExpr::constant(K))
                               : L.withOffset(L.Offset - R.Offset * K);
      if (K && Base == BO_Rem) {
        V.LaneVarying |= R.LaneVarying;
        V.MixedVarying |= R.MixedVarying;
      }
      // A stencil's neighbour, `f[(x + 1 + nx) % nx]`: the lanes where it
      // wraps are the edge of the grid, a warp or two of many; the rest
      // are as the guard says, and the access's report says so (an index
      // computed apart: the accesses made after it).
      if (Q->Edge)
        noteEdgeWrap(R.Offset, E);
      return convert(V, T);
    }
  if (Base == BO_Div || Base == BO_Rem)
    if (std::optional<Value> V = quotientPerWarp(Base, L, R, T))
      return *V;
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
    // Operands alike within each warp (a quotient per warp): one answer
    // per warp, an opaque symbol where it is not affine.
    bool Shared = sharedByWarp(L) && sharedByWarp(R);
    if (!Shared && notAffineInAnyLane(Op, L, R))
      return arithLane(Op, L, R, T, E); // the one answer of every lane
    return perLane(true, [&](unsigned I) {
      return arithLane(Op, at(L, I), at(R, I), T, E, Shared);
    });
  }
  // No lane symbol: alike in every lane only where the flags say so, as a
  // lane alone sees it; lane symbols that cancel (`(c - threadIdx.x) +
  // threadIdx.x`) leave a value that a lane alone still calls lane-varying
  // (a fuzzer finding: together it was an opaque symbol).
  return arithLane(Op, L, R, T, E);
}

void KernelEvaluator::noteEdgeWrap(const AffineExpr &B, const Expr *E) {
  auto Name = [&](SymbolId S) { return Syms.name(S); };
  unsigned Line = E ? lineOf(E) : 0;
  if (!Subscripts.empty())
    return Sink->edgeWrap(Subscripts.back(), B.print(Name), Line);
  EdgeBranches.push_back(
      {Line, 0, Active, AssumptionKind::EdgeWrap, B.print(Name)});
}

bool KernelEvaluator::inSystemHeader(const Decl *D) const {
  return Ctx.getSourceManager().isInSystemHeader(D->getLocation());
}

bool KernelEvaluator::onlyBlockSymbols(const AffineExpr &X) const {
  return llvm::all_of(X.symbols(), [&](SymbolId S) {
    return Syms.isLane(S) || blockSymbol(S) || Syms.fromBlocks(S);
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
         !exactArith(baseOp(Op), Parts->first, R.Offset.constantTerm(),
                     divisorOf());
}

Value KernelEvaluator::arithLane(BinaryOperatorKind Op, const Value &L,
                                 const Value &R, QualType T, const Expr *E,
                                 bool Shared) {
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
    if (!Shared && Mixed && !(L.LaneVarying && !L.MixedVarying) &&
        !(R.LaneVarying && !R.MixedVarying))
      Diverged = true;
    if (Varying && !Shared) {
      BlockDecidesIndex |= onlyBlockSymbols(A) && onlyBlockSymbols(B);
      return Value::unknown(at(UnknownKind::NonLinearIndex, E));
    }
    // Every lane computes the same value: an opaque symbol stands for it,
    // named by what it computes, so all lanes share it.
    auto Name = [&](SymbolId S) { return Syms.name(S); };
    SymbolId Opaque = Syms.get("(" + A.printOperand(Name) + " " +
                               BinaryOperator::getOpcodeStr(Base).str() + " " +
                               B.printOperand(Name, true) + ")");
    Syms.inheritPremises(Opaque, A);
    Syms.inheritPremises(Opaque, B);
    if (onlyBlockSymbols(A) && onlyBlockSymbols(B))
      Syms.setFromBlocks(Opaque);
    return Value::invariant(AffineExpr::symbol(Opaque));
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
    // By zero whatever the dividend: no opaque quotient stands for it.
    if (B.isConstant() && b == 0)
      return Value::unknown(at(UnknownKind::DivisionByZero, E));
    if (Const) {
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
    if (std::optional<AffineExpr> X = exactArith(Base, A, b, divisorOf()))
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
    // A value only stored where nothing reads it back: lanes that know a
    // local apart would store known values, and no outcome shows which.
    llvm::SaveAndRestore<bool> Free(
        SlotReadsFree, RHS == StoredOnly && LV.K == LValue::Memory &&
                           (LV.Address.Space == MemSpace::Global ||
                            LV.Address.Space == MemSpace::Shared) &&
                           readsNoMemory(RHS));
    StoredOnly = nullptr;
    Value V = eval(RHS);
    Naming = {};
    llvm::SaveAndRestore<const Expr *> InAssignment(Assigning, E);
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
    llvm::SaveAndRestore<const Expr *> InAssignment(Assigning, E);
    store(LV, LHS->IgnoreParens(), LHS->getType(), New);
    return New;
  }
  Value L = eval(LHS), R = eval(RHS);
  if (E->isComparisonOp())
    return comparison(E, L, R);
  QualType LT = LHS->getType(), RT = RHS->getType();
  if (Op == BO_Add || Op == BO_Sub) {
    if (LT->isPointerType() && RT->isPointerType()) {
      notePaddingEscape(L, R);
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
  if (E->getLHS()->getType()->isPointerType() ||
      E->getRHS()->getType()->isPointerType())
    notePaddingEscape(L, R);
  bool Varies = varies(L) || varies(R);
  if (Varies)
    if (std::optional<Value> V = compareByLane(Op, L, R, E))
      return *V;
  auto NotKnown = [&] {
    // Not known, but alike in every lane where both sides are.
    Value U = Value::unknown(at(UnknownKind::ConditionNotKnown, E));
    U.LaneVarying = Varies || L.LaneVarying || R.LaneVarying;
    U.MixedVarying = L.MixedVarying || R.MixedVarying;
    return U;
  };
  if (Varies && L.K == Value::Int && R.K == Value::Int) {
    // compare() in each lane from L - R's rows (a lane symbol times a
    // launch value: `w_out * stride_w`), without binding each lane's copy.
    LaneRows Rows = ownRows(L.Offset - R.Offset);
    size_t W = Rows.Monomials.size();
    Value U = NotKnown();
    return perLane(true, [&](unsigned I) {
      bool AllPos = true, AllNeg = true;
      for (int64_t K : llvm::ArrayRef(Rows.Coefficients).slice(I * W, W))
        if (K != 0) {
          AllPos &= K > 0;
          AllNeg &= K < 0;
        }
      Truth T = decide(Op, AllPos, AllNeg, Rows.Constants[I]);
      return T == Truth::Unknown
                 ? U
                 : Value::integer(AffineExpr::constant(T == Truth::True));
    });
  }
  return perLane(Varies, [&](unsigned I) {
    Value A = at(L, I), B = at(R, I);
    if (A.K == Value::Pointer && B.K == Value::Pointer && A.Base == B.Base)
      return Value::integer(AffineExpr::constant(
          compare(Op, Value::integer(A.Offset), Value::integer(B.Offset)) ==
          Truth::True));
    Truth T = compare(Op, A, B);
    if (T == Truth::Unknown)
      return NotKnown(); // A and B keep L's and R's flags
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
  StringRef Field = PR->getPropertyDecl()->getName();
  return builtinIndex(DRE->getDecl()->getName(), Field == "x"   ? 0
                                                 : Field == "y" ? 1
                                                                : 2);
}

Value KernelEvaluator::builtinIndex(StringRef Var, int Axis) {
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
  // An axis of the grid the launch gives as a constant, or as a value it
  // passes the kernel too; blockIdx is 0 on an axis of one block.
  int64_t Blocks = Shape->Grid ? Shape->Grid->get(Axis) : Shape->GridAxes[Axis];
  if (Var == "blockIdx" && Blocks == 1)
    return Value::invariant(AffineExpr::constant(0));
  if (Var == "gridDim" && Blocks)
    return Value::invariant(AffineExpr::constant(Blocks));
  if (auto It = Shape->GridParams.find(Axis);
      Var == "gridDim" && It != Shape->GridParams.end())
    return integerParameter(It->second);
  if (Var == "blockIdx" || Var == "gridDim") {
    std::optional<SymbolId> &Sym = BlockSymbols[Var == "gridDim"][Axis];
    if (!Sym) {
      Sym = Syms.get((Var + "." + StringRef("xyz" + Axis, 1)).str());
      Syms.setNonNegative(*Sym);
      if (Var == "gridDim")
        GridAxisOf[*Sym] = Axis;
      else
        Syms.setEveryValue(*Sym);
    }
    return Value::invariant(AffineExpr::symbol(*Sym));
  }
  return Value::unknown({UnknownKind::UnsupportedBuiltin, 0, Var.str()});
}

} // namespace cal
