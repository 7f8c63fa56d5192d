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
  if (Bounds.empty())
    return std::nullopt;
  for (int64_t K : {0, 1}) {
    AffineExpr D = A - B * K;
    if (nonNegative(D) && less(D, B))
      return K;
  }
  return std::nullopt;
}

} // namespace cal
