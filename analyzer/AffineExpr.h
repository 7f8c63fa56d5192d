//===- AffineExpr.h - Integer polynomials over lane-invariant symbols -----===//
//
// An index as the evaluator sees it for one lane: a constant plus integer
// multiples of products of symbols whose value is the same for every lane of
// a warp (blockIdx.x, a kernel parameter, gridDim.x). Values are built only
// through the operators below, which fold as they go, so equal expressions
// compare equal and the model never sees `x + 0`.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_AFFINEEXPR_H
#define CUDA_ACCESS_LINT_AFFINEEXPR_H

#include "analyzer/Monomial.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace cal {

/// Index arithmetic wraps around at 64 bits, as two's complement hardware
/// does, and stays defined where C++'s signed overflow is not.
inline int64_t wrapAdd(int64_t A, int64_t B) {
  return int64_t(uint64_t(A) + uint64_t(B));
}
inline int64_t wrapSub(int64_t A, int64_t B) {
  return int64_t(uint64_t(A) - uint64_t(B));
}
inline int64_t wrapMul(int64_t A, int64_t B) {
  return int64_t(uint64_t(A) * uint64_t(B));
}

/// Terms sorted by monomial, no zero coefficients. Small and inline: an
/// index has a few terms, and the evaluator copies them at every step.
using Terms = llvm::SmallVector<std::pair<Monomial, int64_t>, 4>;

class AffineExpr {
public:
  AffineExpr() = default;
  static AffineExpr constant(int64_t C);
  static AffineExpr symbol(SymbolId S);
  /// The sum of T, terms already sorted by monomial, none zero.
  static AffineExpr fromTerms(cal::Terms T) {
    AffineExpr E;
    E.Sum = std::move(T);
    return E;
  }

  bool isConstant() const;
  int64_t constantTerm() const;
  const cal::Terms &terms() const { return Sum; }
  /// Every symbol that appears in some term.
  std::vector<SymbolId> symbols() const;

  AffineExpr operator+(const AffineExpr &O) const;
  AffineExpr operator-(const AffineExpr &O) const;
  AffineExpr operator*(const AffineExpr &O) const;
  AffineExpr operator*(int64_t K) const;
  bool operator==(const AffineExpr &O) const { return Sum == O.Sum; }
  bool operator!=(const AffineExpr &O) const { return !(*this == O); }

  /// gcd of the coefficients of the non-constant terms (0 when constant).
  int64_t symbolicGcd() const;
  /// Floor division by a positive constant that divides every symbolic
  /// coefficient; symbols are non-negative, so a non-negative constant term
  /// divides on its own. std::nullopt when that does not hold.
  std::optional<AffineExpr> divideBy(int64_t D) const;
  /// The remainder modulo D when D divides every symbolic coefficient.
  std::optional<int64_t> remainder(int64_t D) const;

  /// The value when each symbol S is ValueOf(S). Inline: the warp model
  /// evaluates addresses in every lane under dozens of trial values.
  template <class Fn> int64_t evaluate(Fn ValueOf) const {
    int64_t Total = 0;
    for (const auto &[M, C] : Sum) {
      int64_t P = C;
      for (SymbolId S : M)
        P = wrapMul(P, ValueOf(S));
      Total = wrapAdd(Total, P);
    }
    return Total;
  }
  /// The terms whose monomial Keep accepts.
  AffineExpr filter(llvm::function_ref<bool(const Monomial &)> Keep) const;
  /// Replaces the symbols that ValueOf knows by their values.
  AffineExpr
  bind(llvm::function_ref<std::optional<int64_t>(SymbolId)> ValueOf) const;
  std::string print(const std::function<std::string(SymbolId)> &NameOf) const;
  /// print(), as the left (Right false) or right operand of / or %: in
  /// parentheses where it is a sum, or on the right a product.
  std::string printOperand(const std::function<std::string(SymbolId)> &NameOf,
                           bool Right = false) const {
    bool Product = Sum.size() == 1 && !Sum[0].first.empty() &&
                   (Sum[0].second != 1 || Sum[0].first.size() > 1);
    bool Bare = Sum.size() <= 1 && !(Right && Product);
    return Bare ? print(NameOf) : "(" + print(NameOf) + ")";
  }

private:
  void add(Monomial M, int64_t C);
  cal::Terms Sum;
};

} // namespace cal

#endif
