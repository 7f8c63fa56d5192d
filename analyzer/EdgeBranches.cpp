//===- EdgeBranches.cpp - An `if` only the grid's edge takes --------------===//
//
// Stencils clamp a neighbour's index at the array's end: `if (plus >= n)
// plus = n - 1;` under `tid < n` with plus = tid + 1. The guards leave such
// a condition undecided, so both sides ran and the index was unknown; but
// it holds only in the lanes whose index is within a few of the guard's
// bound, one warp or two of the grid's many, and every other lane goes the
// other way. The evaluator takes that way for all lanes and says so on the
// accesses made meanwhile (EdgeBranches, AssumptionKind::EdgeBranch). A
// bound that only signs give (a mirror at 0, `if (k < 0) k = -k`: block 0
// alone) depends on each lane's own part of the index, so each lane is
// asked alone there, as a lane run alone is. A `min` or `max` that clamps
// so (`max(x - 1, 0)`) is taken alike (edgeClamp).
//
//===----------------------------------------------------------------------===//
#include "analyzer/KernelEvaluator.h"
#include "analyzer/SetLanes.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseSet.h"

#include <map>

using namespace clang;

namespace cal {
namespace {

/// The widest edge taken as the grid's edge: a warp's lanes.
constexpr int64_t MaxEdgeWidth = 32;

} // namespace

bool readsNoMemory(const Stmt *S) {
  if (!S)
    return true;
  if (isa<PseudoObjectExpr>(S)) // threadIdx.x
    return true;
  if (isa<CallExpr, ArraySubscriptExpr, CXXThisExpr>(S))
    return false;
  if (const auto *U = dyn_cast<UnaryOperator>(S);
      U && (U->getOpcode() == UO_Deref || U->isIncrementDecrementOp()))
    return false;
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
    return false;
  if (const auto *M = dyn_cast<MemberExpr>(S); M && M->isArrow())
    return false;
  for (const Stmt *Child : S->children())
    if (!readsNoMemory(Child))
      return false;
  return true;
}

bool KernelEvaluator::clampsToSize(const Value &Index, const Value &Size,
                                   const Expr *E) {
  // An index clamped to a size no lane knows (`min(i, n - 1)`, miniBUDE's
  // `ix < n ? ix : n - 4`) is clamped only in lanes past the size: at round
  // sizes, in the last block alone. It is taken as the index, as a guard
  // `if (i < n)` is taken as passed, and the accesses made past it say so.
  // Index differs by lane however the lanes run (a fuzzer finding: a lane
  // alone took `n < t ? n : t` as not known).
  if (!apartByLane(Index) || Size.K != Value::Int || Size.Offset.isConstant() ||
      varies(Size) || Size.LaneVarying || Size.MixedVarying ||
      overBlocks(Size.Offset))
    return false;
  EdgeBranches.push_back({lineOf(E), 0, Active, AssumptionKind::SizeClamp});
  return true;
}

std::optional<bool> KernelEvaluator::pastTheBound(const LaneTruth &LT) const {
  // A grid index: blocks, lanes and a constant, growing with the block on
  // every axis.
  auto GridIndex = [&](const AffineExpr &X) {
    bool Block = false;
    for (const auto &[M, C] : X.terms()) {
      if (M.empty()) // the constant
        continue;
      bool OfBlock =
          llvm::any_of(M, [&](SymbolId S) { return blockSymbol(S); });
      if (OfBlock ? C < 0 : !(M.size() == 1 && Syms.isLane(M.front())))
        return false;
      Block |= OfBlock;
    }
    return Block;
  };
  // A bound no lane or block decides.
  auto Bound = [&](const AffineExpr &X) {
    return llvm::none_of(X.symbols(), [&](SymbolId S) {
      return Syms.isLane(S) || blockSymbol(S);
    });
  };
  // The bound is the grid's end: all blocks but the last run below it, the
  // launch's values say (a constant bound in the last block of a known
  // grid, or the size the grid is rounded up from, `(n + 255) / 256`).
  auto GridEnd = [&](const AffineExpr &End, const AffineExpr &Index) {
    for (const auto &[M, C] : Index.terms()) {
      if (M.size() != 1)
        continue;
      for (int Axis = 0; Axis < 3; ++Axis) {
        if (BlockSymbols[0][Axis] != M.front())
          continue;
        if (End.isConstant())
          return Shape->Grid &&
                 End.constantTerm() >= C * (Shape->Grid->get(Axis) - 1);
        const auto &Terms = End.terms();
        if (End.constantTerm() != 0 || Terms.size() != 1 ||
            Terms.front().second != 1 || Terms.front().first.size() != 1)
          return false;
        auto Covered = CoveredBy.find(Terms.front().first.front());
        return Covered != CoveredBy.end() &&
               Covered->second == std::make_pair(Axis, C);
      }
    }
    return false;
  };
  // Lanes of one warp on both sides of the bound: a warp-uniform index
  // (a tile's row by warp) leaves whole warps on each side, and those that
  // run the other side run it with every lane.
  auto SplitsAWarp = [&](const AffineExpr &Index) {
    auto Parts = splitByLane(Index);
    if (!Parts)
      return false;
    std::vector<int64_t> Own = inLanes(Parts->second);
    std::map<int, int64_t> First; // by warp
    for (unsigned I : SetLanes(Active))
      if (First.try_emplace(Lanes[I].Warp, Own[I]).first->second != Own[I])
        return true;
    return false;
  };
  // Past the bound, the index is above it: the side whose fact is `bound <
  // index`.
  auto Past = [&](llvm::ArrayRef<StrictBound> Facts) {
    return Facts.size() == 1 && Bound(Facts[0].Below) &&
           GridIndex(Facts[0].Limit) &&
           GridEnd(Facts[0].Below, Facts[0].Limit) &&
           SplitsAWarp(Facts[0].Limit);
  };
  if (Past(LT.IfTrue))
    return true;
  if (Past(LT.IfFalse))
    return false;
  return std::nullopt;
}

std::optional<KernelEvaluator::EdgeSide>
KernelEvaluator::edgeOnly(const Expr *Cond) {
  const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!BO || !BO->isRelationalOp() || !readsNoMemory(BO))
    return std::nullopt;
  Value L = eval(BO->getLHS()), R = eval(BO->getRHS());
  if (L.K != Value::Int || R.K != Value::Int)
    return std::nullopt;
  // The condition as A >= B.
  AffineExpr One = AffineExpr::constant(1);
  AffineExpr A = L.Offset, B = R.Offset;
  switch (BO->getOpcode()) {
  case BO_GT:
    B = B + One;
    break;
  case BO_LE:
    std::swap(A, B);
    break;
  case BO_LT:
    std::swap(A, B);
    B = B + One;
    break;
  default:
    break;
  }
  return edgeOnly(A, B);
}

std::optional<KernelEvaluator::EdgeSide>
KernelEvaluator::edgeOnly(const AffineExpr &A, const AffineExpr &B) {
  // The grid's edge: the index runs over the blocks.
  AffineExpr One = AffineExpr::constant(1);
  AffineExpr D = A - B;
  if (!overBlocks(D))
    return std::nullopt;
  // A >= B holds only where A lies in [B, B + W): A - W < B in every lane,
  // by a guard's bound (margin), else by signs alone (a mirror at 0: `if (k
  // < 0)` with k = blockIdx.x * blockDim.x + threadIdx.x - 2 holds only in
  // block 0, for lanes 0 and 1). Its negation, A < B, likewise: B - 1 - W <
  // A. Each lane is asked with its own values, as a lane run alone is;
  // where the lanes differ in the side, they part (Diverged), as they
  // would one by one.
  auto Fits = [](std::optional<int64_t> W) {
    return W && *W >= 1 && *W <= MaxEdgeWidth;
  };
  using Side = std::pair<bool, int64_t>; // the Then side?, its width
  auto Pick = [&](std::optional<int64_t> Then,
                  std::optional<int64_t> Else) -> std::optional<Side> {
    if (Fits(Then) && (!Fits(Else) || *Then <= *Else))
      return Side{true, *Then};
    if (Fits(Else))
      return Side{false, *Else};
    return std::nullopt;
  };
  std::vector<std::optional<int64_t>> ThenBy = laneMargins(A, B),
                                      ElseBy = laneMargins(B - One, A);
  std::optional<EdgeSide> Out;
  bool SomeNot = false;
  for (unsigned L : SetLanes(Active)) {
    std::optional<Side> Own = Pick(ThenBy[L], ElseBy[L]);
    if (!Own) {
      AffineExpr DL = at(Value::integer(D), L).Offset;
      Own = Pick(Facts.signsMargin(DL),
                 Facts.signsMargin(AffineExpr() - DL - One));
    }
    if (!Own) {
      SomeNot = true;
      continue;
    }
    if (!Out)
      Out = EdgeSide{Own->first, {}};
    if (Out->Then != Own->first)
      SomeNot = true;
    auto Same = llvm::find_if(
        Out->ByWidth, [&](auto &WM) { return WM.first == Own->second; });
    if (Same == Out->ByWidth.end())
      Same = Out->ByWidth.insert(
          Out->ByWidth.end(), {Own->second, LaneMask(unsigned(Lanes.size()))});
    Same->second.set(L);
  }
  if (Out && SomeNot) {
    Diverged = true;
    return std::nullopt;
  }
  if (Out && llvm::all_of(Out->ByWidth,
                          [](const auto &WM) { return WM.first == 1; })) {
    std::optional<AffineExpr> First;
    llvm::SmallDenseSet<int64_t, 32> Apart;
    Out->LanesApart = true;
    for (unsigned L : SetLanes(Active)) {
      AffineExpr DL = at(Value::integer(D), L).Offset;
      if (!First)
        First = DL;
      AffineExpr Diff = DL - *First;
      if (!Diff.isConstant() || !Apart.insert(Diff.constantTerm()).second) {
        Out->LanesApart = false;
        break;
      }
    }
  }
  return Out;
}

std::optional<Value> KernelEvaluator::edgeClamp(const CallExpr *E, bool Min,
                                                const Value &P,
                                                const Value &Q) {
  // `max(x - 1, 0)`, `min(x + 1, n - 1)` under `x < n`: each lane takes the
  // side an `if` on the comparison would give it, and where the guards
  // leave it undecided, only the lanes at the grid's edge take the clamp
  // (edgeOnly, as for `if (l < 0) l = 0`): the others keep their argument.
  if (P.K != Value::Int || Q.K != Value::Int)
    return std::nullopt;
  // Q wins where X > Y: Q > P for max, P > Q for min.
  const Value &X = Min ? P : Q, &Y = Min ? Q : P;
  LaneTruth LT = noTruth();
  if (auto ByLane =
          varies(X) || varies(Y) ? compareLanes(BO_GT, X, Y) : std::nullopt)
    LT = std::move(*ByLane);
  else
    for (unsigned L : SetLanes(Active)) {
      Truth T = compare(BO_GT, at(X, L), at(Y, L));
      (T == Truth::True ? LT.T : T == Truth::False ? LT.F : LT.U).set(L);
    }
  LT = byGuards(std::move(LT), BO_GT, X, Y);
  if (LT.U.any()) {
    LaneMask Running = Active;
    Active = LT.U;
    std::optional<EdgeSide> Edge =
        edgeOnly(X.Offset, Y.Offset + AffineExpr::constant(1));
    Active = Running;
    if (!Edge)
      return std::nullopt;
    for (const auto &[Width, Lanes] : Edge->ByWidth)
      EdgeBranches.push_back(
          {lineOf(E), Width, Lanes, AssumptionKind::EdgeClamp});
    (Edge->Then ? LT.F : LT.T) |= LT.U;
  }
  return select({{&LT.F, P}, {&LT.T, Q}});
}

} // namespace cal
