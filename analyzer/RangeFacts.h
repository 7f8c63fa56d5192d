//===- RangeFacts.h - What the guards around a statement establish --------===//
//
// A loop or `if` guard such as `x < nx` holds in every lane that runs its
// body. Those facts, with what is known to be non-negative (blockIdx,
// gridDim, threadIdx), decide divisions that are not affine otherwise: in
// `(x + nx) % nx` under `x < nx` with x >= 0, the quotient is 1 and the
// remainder x, whatever nx is; in `(x + 1 + nx) % nx`, x + 1 but at the
// edge, where it wraps.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_RANGEFACTS_H
#define CUDA_ACCESS_LINT_RANGEFACTS_H

#include "analyzer/AffineExpr.h"
#include "analyzer/SymbolTable.h"

#include "llvm/ADT/ArrayRef.h"

#include <algorithm>
#include <optional>
#include <vector>

namespace cal {

/// Below < Limit in each lane that passed the guard, lane symbols taking
/// the lane's values.
struct StrictBound {
  AffineExpr Below, Limit;
};

class RangeFacts {
public:
  explicit RangeFacts(const SymbolTable &Syms) : Syms(Syms) {}

  /// The facts of a guard, until the matching pop().
  void push(llvm::ArrayRef<StrictBound> Facts) {
    Sizes.push_back(Bounds.size());
    Bounds.append(Facts.begin(), Facts.end());
  }
  void pop() {
    Bounds.resize(Sizes.back());
    Sizes.pop_back();
  }
  /// Facts that hold until the end of the scope around (a guard's other
  /// side left: `if (x >= n) return;`), or until truncate().
  void add(llvm::ArrayRef<StrictBound> Facts) {
    Bounds.append(Facts.begin(), Facts.end());
  }
  size_t size() const { return Bounds.size(); }
  llvm::ArrayRef<StrictBound> bounds() const { return Bounds; }
  void truncate(size_t N) { Bounds.resize(std::min(N, Bounds.size())); }
  /// The facts of a guard over a C++ scope: a branch or a loop's trip.
  struct Scope {
    RangeFacts &Facts;
    Scope(RangeFacts &F, llvm::ArrayRef<StrictBound> B) : Facts(F) {
      Facts.push(B);
    }
    ~Scope() { Facts.pop(); }
  };

  /// Whether E >= 0 in every lane: from the signs of its terms.
  bool nonNegative(const AffineExpr &E) const;
  /// Whether D < R in every lane: a fact X < L with D - X and R - L
  /// constants, the first no greater.
  bool less(const AffineExpr &D, const AffineExpr &R) const;
  /// The least W >= 0 with D - W < R in every lane, by a fact as less()
  /// finds it; std::nullopt where no fact bounds D against R.
  std::optional<int64_t> margin(const AffineExpr &D, const AffineExpr &R) const;
  /// The least W >= 0 with D - W < 0 in every lane by the signs of D's
  /// terms alone (each negative, over symbols never negative);
  /// std::nullopt where they do not show it.
  std::optional<int64_t> signsMargin(const AffineExpr &D) const;
  /// The quotient of A by B, 0 or 1, where A - quotient * B is known to lie
  /// in [0, B); std::nullopt where that is not known.
  std::optional<int64_t> quotient(const AffineExpr &A,
                                  const AffineExpr &B) const;
  /// Where quotient() finds none, the quotient that holds in every lane but
  /// those within Edge (at most MostEdge) of the guard's bounds: under
  /// x < nx, `(x + 1 + nx) % nx` is x + 1 except where x + 1 is nx.
  struct EdgeQuotient {
    int64_t K, Edge;
  };
  static constexpr int64_t MaxEdge = 2;
  std::optional<EdgeQuotient> quotientButEdge(const AffineExpr &A,
                                              const AffineExpr &B,
                                              int64_t MostEdge = MaxEdge) const;

private:
  const SymbolTable &Syms;
  llvm::SmallVector<StrictBound, 4> Bounds;
  llvm::SmallVector<size_t, 4> Sizes;
};

} // namespace cal

#endif
