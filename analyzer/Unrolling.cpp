//===- Unrolling.cpp - Which loops nvcc unrolls fully ---------------------===//
#include "analyzer/Unrolling.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <limits>

using namespace clang;

namespace cal {
namespace {

/// Trips up to which nvcc unrolls a constant loop unasked (the H100 runs
/// showed adv's 16-trip loops unrolled).
constexpr int64_t MaxFullUnroll = 32;

/// Operations of source code (Operations) up to which nvcc copies the body
/// of a loop around another unrolled loop unasked, as nvcc -O3's PTX for
/// sm_90 shows: 8 trips of 8 loads and adds (448) and PaddleJitLab's
/// matmul_tiled (536, measured on the H200: 16 LDS.128 a tile) are copied;
/// 8 trips of 12 loads and adds (672), or of 8 loads, 8 stores and 8 FMAs
/// (960), stay a loop of two copies; SGEMM_CUDA's kernel 5 (4480, measured
/// on the H100) stays a loop.
constexpr int64_t MaxUnrolledSize = 600;

std::optional<int64_t> constantOf(const Expr *E, ASTContext &Ctx) {
  Expr::EvalResult R;
  if (!E || E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

/// The first of Hints that says how to unroll: `#pragma unroll`, with a
/// count or without, or `#pragma nounroll`.
const LoopHintAttr *unrollHint(llvm::ArrayRef<const Attr *> Hints) {
  for (const Attr *A : Hints)
    if (const auto *H = dyn_cast<LoopHintAttr>(A);
        H && (H->getOption() == LoopHintAttr::Unroll ||
              H->getOption() == LoopHintAttr::UnrollCount))
      return H;
  return nullptr;
}

/// Whether Hints unroll Trips trips fully: true, false, or nothing said.
std::optional<bool> fullyByHints(llvm::ArrayRef<const Attr *> Hints,
                                 int64_t Trips, ASTContext &Ctx) {
  const LoopHintAttr *H = unrollHint(Hints);
  if (!H)
    return std::nullopt;
  if (H->getOption() == LoopHintAttr::Unroll)
    return H->getState() != LoopHintAttr::Disable;
  std::optional<int64_t> Count = constantOf(H->getValue(), Ctx);
  return Count && *Count >= Trips;
}

struct LeavesEarly : RecursiveASTVisitor<LeavesEarly> {
  bool Found = false;
  bool VisitStmt(Stmt *S) {
    Found |= isa<BreakStmt, ContinueStmt, ReturnStmt, GotoStmt>(S);
    return !Found;
  }
};

struct OnlyFixed : RecursiveASTVisitor<OnlyFixed> {
  llvm::ArrayRef<const VarDecl *> Counters;
  bool Fixed = true;
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const ValueDecl *D = E->getDecl();
    if (isa<EnumConstantDecl, NonTypeTemplateParmDecl>(D))
      return true;
    if (const auto *V = dyn_cast<VarDecl>(D)) {
      if (llvm::is_contained(Counters, V))
        return true;
      if (V->isUsableInConstantExpressions(V->getASTContext()))
        return true;
    }
    Fixed = false;
    return false;
  }
  bool VisitCallExpr(CallExpr *) { return Fixed = false; }
  bool VisitMemberExpr(MemberExpr *) { return Fixed = false; }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *) { return Fixed = false; }
  bool VisitUnaryOperator(UnaryOperator *E) {
    if (E->getOpcode() == UO_Deref || E->isIncrementDecrementOp())
      Fixed = false;
    return Fixed;
  }
  bool VisitBinaryOperator(BinaryOperator *E) {
    if (E->isAssignmentOp())
      Fixed = false;
    return Fixed;
  }
};

/// Whether Body writes V (`k += 2` inside the loop): then no copy knows k.
struct Writes : RecursiveASTVisitor<Writes> {
  const VarDecl *V;
  bool Found = false;
  bool writesV(const Expr *E) {
    const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return D && D->getDecl() == V;
  }
  bool VisitUnaryOperator(UnaryOperator *E) {
    Found |= (E->isIncrementDecrementOp() || E->getOpcode() == UO_AddrOf) &&
             writesV(E->getSubExpr());
    return !Found;
  }
  bool VisitBinaryOperator(BinaryOperator *E) {
    Found |= E->isAssignmentOp() && writesV(E->getLHS());
    return !Found;
  }
};

/// The trips of a `for` whose counter steps by a constant from a constant
/// to a constant bound, with that counter; std::nullopt for another loop.
std::optional<std::pair<const VarDecl *, int64_t>>
constantTrips(const Stmt *Loop, ASTContext &Ctx) {
  const auto *F = dyn_cast<ForStmt>(Loop);
  if (!F || !F->getCond() || !F->getInc())
    return std::nullopt;
  const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit());
  if (!DS || !DS->isSingleDecl())
    return std::nullopt;
  const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl());
  if (!V || !V->getType()->isIntegerType())
    return std::nullopt;
  std::optional<int64_t> Start = constantOf(V->getInit(), Ctx);
  // `k < N`, `k <= N`, `k > N`, `k >= N` with a constant N.
  const auto *Cmp =
      dyn_cast<BinaryOperator>(F->getCond()->IgnoreParenImpCasts());
  if (!Start || !Cmp || !Cmp->isRelationalOp())
    return std::nullopt;
  const auto *L = dyn_cast<DeclRefExpr>(Cmp->getLHS()->IgnoreParenImpCasts());
  std::optional<int64_t> Bound = constantOf(Cmp->getRHS(), Ctx);
  if (!L || L->getDecl() != V || !Bound)
    return std::nullopt;
  // `++k`, `k++`, `--k`, `k--`, `k += c`, `k -= c`.
  int64_t Step = 0;
  const Expr *Inc = F->getInc()->IgnoreParenImpCasts(), *Counted = nullptr;
  if (const auto *U = dyn_cast<UnaryOperator>(Inc)) {
    Step = U->isIncrementOp() ? 1 : U->isDecrementOp() ? -1 : 0;
    Counted = U->getSubExpr();
  } else if (const auto *C = dyn_cast<CompoundAssignOperator>(Inc)) {
    std::optional<int64_t> By = constantOf(C->getRHS(), Ctx);
    if (By && C->getOpcode() == BO_SubAssign)
      By = llvm::checkedSub(int64_t(0), *By);
    else if (C->getOpcode() != BO_AddAssign)
      By = std::nullopt;
    Step = By.value_or(0);
    Counted = C->getLHS();
  }
  const auto *CountedRef =
      Counted ? dyn_cast<DeclRefExpr>(Counted->IgnoreParenImpCasts()) : nullptr;
  // A step of -2^63 has no size (-Step below).
  if (Step == 0 || Step == std::numeric_limits<int64_t>::min() || !CountedRef ||
      CountedRef->getDecl() != V)
    return std::nullopt;
  BinaryOperatorKind Op = Cmp->getOpcode();
  bool Up = Op == BO_LT || Op == BO_LE;
  // Bounds near the ends of int64_t (a fuzzer's, never a kernel's) overflow
  // the span: no constant loop then.
  std::optional<int64_t> Span =
      Up ? llvm::checkedSub(*Bound, *Start) : llvm::checkedSub(*Start, *Bound);
  if (Span && (Op == BO_LE || Op == BO_GE))
    Span = llvm::checkedAdd(*Span, int64_t(1));
  if (!Span || *Span <= 0 || (Step > 0) != Up)
    return std::nullopt;
  int64_t Size = Step > 0 ? Step : -Step;
  return std::make_pair(V, 1 + (*Span - 1) / Size);
}

/// The operations of a statement as its source writes them (operators,
/// subscripts, calls), a loop of a few constant trips counted once a trip:
/// what unrolling a loop around it copies.
struct Operations : RecursiveASTVisitor<Operations> {
  ASTContext &Ctx;
  int64_t Count = 0;
  explicit Operations(ASTContext &Ctx) : Ctx(Ctx) {}
  bool TraverseForStmt(ForStmt *F) {
    auto Trips = constantTrips(F, Ctx);
    Operations Body(Ctx);
    Body.TraverseStmt(F->getBody());
    Count += (Trips && Trips->second <= MaxFullUnroll ? Trips->second : 1) *
             Body.Count;
    // Past the bound only "over it" matters; deep nests would overflow.
    Count = std::min(Count, MaxUnrolledSize + 1);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *E) {
    Count += E->getOpcode() != BO_Comma;
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *E) {
    Count += E->getOpcode() != UO_Plus && E->getOpcode() != UO_Extension;
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *) {
    ++Count;
    return true;
  }
  bool VisitCallExpr(CallExpr *) {
    ++Count;
    return true;
  }
  bool VisitConditionalOperator(ConditionalOperator *) {
    ++Count;
    return true;
  }
};

} // namespace

const VarDecl *unrolledCounter(const Stmt *Loop,
                               llvm::ArrayRef<const Attr *> Hints,
                               ASTContext &Ctx) {
  auto Found = constantTrips(Loop, Ctx);
  if (!Found)
    return nullptr;
  auto [V, Trips] = *Found;
  if (!fullyByHints(Hints, Trips, Ctx).value_or(Trips <= MaxFullUnroll))
    return nullptr;
  Writes W;
  W.V = V;
  W.TraverseStmt(const_cast<Stmt *>(cast<ForStmt>(Loop)->getBody()));
  return W.Found ? nullptr : V;
}

bool copiesEachTrip(const Stmt *Loop, llvm::ArrayRef<const Attr *> Hints,
                    ASTContext &Ctx) {
  if (unrollHint(Hints))
    return true;
  Operations Ops(Ctx);
  Ops.TraverseStmt(const_cast<Stmt *>(Loop));
  return Ops.Count <= MaxUnrolledSize;
}

bool runsWholeTrips(const Stmt *Body) {
  LeavesEarly V;
  V.TraverseStmt(const_cast<Stmt *>(Body));
  return !V.Found;
}

bool fixedWhenUnrolled(const Expr *E,
                       llvm::ArrayRef<const VarDecl *> Counters) {
  OnlyFixed V;
  V.Counters = Counters;
  V.TraverseStmt(const_cast<Expr *>(E));
  return V.Fixed;
}

} // namespace cal
