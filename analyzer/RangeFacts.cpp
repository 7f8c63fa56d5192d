//===- RangeFacts.cpp - What the guards around a statement establish ------===//
#include "analyzer/RangeFacts.h"

#include <algorithm>

namespace cal {

bool RangeFacts::nonNegative(const AffineExpr &E) const {
  for (const auto &[M, C] : E.terms()) {
    if (M.empty()) {
      if (C < 0)
        return false;
      continue;
    }
    if (C <= 0)
      return false;
    for (SymbolId S : M)
      if (!Syms.nonNegative(S))
        return false;
  }
  return true;
}

std::optional<int64_t> RangeFacts::signsMargin(const AffineExpr &D) const {
  if (!nonNegative(AffineExpr::constant(D.constantTerm()) - D))
    return std::nullopt;
  return std::max<int64_t>(0, D.constantTerm() + 1);
}

bool RangeFacts::less(const AffineExpr &D, const AffineExpr &R) const {
  std::optional<int64_t> W = margin(D, R);
  return W && *W == 0;
}

std::optional<int64_t> RangeFacts::margin(const AffineExpr &D,
                                          const AffineExpr &R) const {
  // D - W = Below + c - W < Limit + r wherever c - W <= r.
  std::optional<int64_t> Least;
  for (const StrictBound &B : Bounds) {
    AffineExpr Above = D - B.Below, Room = R - B.Limit;
    if (!Above.isConstant() || !Room.isConstant())
      continue;
    int64_t W =
        std::max<int64_t>(0, Above.constantTerm() - Room.constantTerm());
    if (!Least || W < *Least)
      Least = W;
  }
  return Least;
}

std::optional<int64_t> RangeFacts::quotient(const AffineExpr &A,
                                            const AffineExpr &B) const {
  std::optional<EdgeQuotient> Q = quotientButEdge(A, B, 0);
  return Q && Q->Edge == 0 ? std::optional<int64_t>(Q->K) : std::nullopt;
}

std::optional<RangeFacts::EdgeQuotient>
RangeFacts::quotientButEdge(const AffineExpr &A, const AffineExpr &B,
                            int64_t MostEdge) const {
  if (Bounds.empty())
    return std::nullopt;
  // The least slack first: an exact quotient where there is one.
  for (int64_t Edge = 0; Edge <= MostEdge; ++Edge)
    for (int64_t K : {0, 1}) {
      AffineExpr D = A - B * K, E = AffineExpr::constant(Edge);
      if (nonNegative(D + E) && less(D - E, B))
        return EdgeQuotient{K, Edge};
    }
  return std::nullopt;
}

} // namespace cal
