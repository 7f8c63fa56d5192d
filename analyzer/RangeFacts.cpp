//===- RangeFacts.cpp - What the guards around a statement establish ------===//
#include "analyzer/RangeFacts.h"

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

bool RangeFacts::less(const AffineExpr &D, const AffineExpr &R) const {
  // D = Below + c < Limit + c <= Limit + r = R, where c <= r.
  for (const StrictBound &B : Bounds) {
    AffineExpr Above = D - B.Below, Room = R - B.Limit;
    if (Above.isConstant() && Room.isConstant() &&
        Above.constantTerm() <= Room.constantTerm())
      return true;
  }
  return false;
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
