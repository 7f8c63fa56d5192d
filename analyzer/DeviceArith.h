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
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>
#include <optional>

namespace cal {

/// The operation of a compound assignment (`+=` is `+`), or Op itself.
inline clang::BinaryOperatorKind baseOp(clang::BinaryOperatorKind Op) {
  return clang::BinaryOperator::isCompoundAssignmentOp(Op)
             ? clang::BinaryOperator::getOpForCompoundAssignment(Op)
             : Op;
}

/// Whether each symbolic term of A is a multiple of M > 0: its coefficient
/// times the known divisors of its symbols (DivisorOf).
inline bool termsMultipleOf(const AffineExpr &A, uint64_t M,
                            llvm::function_ref<int64_t(SymbolId)> DivisorOf) {
  return llvm::all_of(A.terms(), [&](const auto &T) {
    const auto &[Monomial, Coeff] = T;
    if (Monomial.empty())
      return true;
    uint64_t Magnitude = Coeff < 0 ? 0 - uint64_t(Coeff) : uint64_t(Coeff);
    uint64_t Left = M / std::gcd(M, Magnitude);
    for (SymbolId S : Monomial)
      Left /= std::gcd(Left, uint64_t(DivisorOf(S)));
    return Left == 1;
  });
}

/// A & b, A | b or A ^ b (Op) where b lies below the bits A's symbolic terms
/// can set: each term a multiple of 2^k and b in [0, 2^k). The terms and
/// the constant's bits from 2^k up stay; the operation acts on the
/// constant's low bits alone (`addr ^ 0x2000` flips a double buffer of a
/// 16 KB-aligned array).
inline std::optional<AffineExpr>
bitwiseBelowAlignment(clang::BinaryOperatorKind Op, const AffineExpr &A,
                      int64_t b,
                      llvm::function_ref<int64_t(SymbolId)> DivisorOf) {
  if (b < 0 || b >= (int64_t(1) << 62))
    return std::nullopt;
  uint64_t Below = llvm::bit_ceil(uint64_t(b) + 1); // 2^k, the least > b
  if (!termsMultipleOf(A, Below, DivisorOf))
    return std::nullopt;
  int64_t Low = A.constantTerm() & int64_t(Below - 1);
  if (Op == clang::BO_And)
    return AffineExpr::constant(Low & b);
  return A - AffineExpr::constant(Low) +
         AffineExpr::constant(Op == clang::BO_Or ? Low | b : Low ^ b);
}

/// A Op b, for an index A that is not constant and a constant b, where the
/// result is exactly affine in A's symbols (floor division and remainder
/// need a divisor of every symbolic coefficient; bitwise operations, bits
/// below those the symbols' known divisors, DivisorOf where given, leave
/// clear: `x & (2^k - 1)` is x mod 2^k).
inline std::optional<AffineExpr>
exactArith(clang::BinaryOperatorKind Op, const AffineExpr &A, int64_t b,
           llvm::function_ref<int64_t(SymbolId)> DivisorOf = nullptr) {
  auto NoneKnown = [](SymbolId) { return int64_t(1); };
  if (Op == clang::BO_And || Op == clang::BO_Or || Op == clang::BO_Xor)
    return bitwiseBelowAlignment(Op, A, b, DivisorOf ? DivisorOf : NoneKnown);
  switch (Op) {
  case clang::BO_Div:
    return A.divideBy(b);
  case clang::BO_Rem:
    if (std::optional<int64_t> Rm = A.remainder(b))
      return AffineExpr::constant(*Rm);
    // Symbols with known divisors: `(size_t)p % 16` of an array that
    // starts at a multiple of 256.
    if (b > 0 && A.constantTerm() >= 0 &&
        termsMultipleOf(A, uint64_t(b), DivisorOf ? DivisorOf : NoneKnown))
      return AffineExpr::constant(A.constantTerm() % b);
    break;
  case clang::BO_Shl:
    if (b >= 0 && b < 63)
      return A * (int64_t(1) << b);
    break;
  case clang::BO_Shr:
    if (b >= 0 && b < 63)
      return A.divideBy(int64_t(1) << b);
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
