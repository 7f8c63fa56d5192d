//===- DeviceArith.h - Integer arithmetic as the device does it -----------===//
//
// What the evaluator's files share: concrete arithmetic that wraps as C++
// on the device does, and symbolic division that stays exact.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_DEVICEARITH_H
#define CUDA_ACCESS_LINT_DEVICEARITH_H

#include "analyzer/AffineExpr.h"

#include "clang/AST/Expr.h"

#include <optional>

namespace cal {

/// The operation of a compound assignment (`+=` is `+`), or Op itself.
inline clang::BinaryOperatorKind baseOp(clang::BinaryOperatorKind Op) {
  return clang::BinaryOperator::isCompoundAssignmentOp(Op)
             ? clang::BinaryOperator::getOpForCompoundAssignment(Op)
             : Op;
}

/// A Op b, for an index A that is not constant and a constant b, where the
/// result is exactly affine in A's symbols (floor division and remainder
/// need a divisor of every symbolic coefficient).
inline std::optional<AffineExpr> exactArith(clang::BinaryOperatorKind Op,
                                            const AffineExpr &A, int64_t b) {
  switch (Op) {
  case clang::BO_Div:
    return A.divideBy(b);
  case clang::BO_Rem:
    if (std::optional<int64_t> Rm = A.remainder(b))
      return AffineExpr::constant(*Rm);
    break;
  case clang::BO_Shl:
    if (b >= 0 && b < 63)
      return A * (int64_t(1) << b);
    break;
  case clang::BO_Shr:
    if (b >= 0 && b < 63)
      return A.divideBy(int64_t(1) << b);
    break;
  case clang::BO_And: // x & (2^k - 1) is x mod 2^k
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
inline int64_t quotient(int64_t a, int64_t b) {
  return b == -1 ? wrapMul(a, -1) : a / b;
}
inline int64_t remainderOf(int64_t a, int64_t b) { return b == -1 ? 0 : a % b; }

/// Wraps a concrete value to the width and signedness of an integer type.
inline int64_t wrap(int64_t V, unsigned Width, bool Signed) {
  if (Width >= 64)
    return V;
  uint64_t Mask = (uint64_t(1) << Width) - 1;
  uint64_t U = uint64_t(V) & Mask;
  if (Signed && (U >> (Width - 1)))
    return int64_t(U | ~Mask);
  return int64_t(U);
}

} // namespace cal

#endif
