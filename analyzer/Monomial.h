//===- Monomial.h - A product of symbols, interned ------------------------===//
//
// The evaluator copies values at every step, and each value holds the terms
// of an AffineExpr: a monomial that is one integer makes those terms plain
// data. Monomials are interned per thread (an analysis runs on one), so
// equal products have equal ids.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_MONOMIAL_H
#define CUDA_ACCESS_LINT_MONOMIAL_H

#include "llvm/ADT/ArrayRef.h"

#include <algorithm>
#include <cstdint>

namespace cal {

using SymbolId = unsigned;

class Monomial {
public:
  /// The empty product: the constant term.
  Monomial() = default;
  /// The product of Symbols, sorted.
  static Monomial of(llvm::ArrayRef<SymbolId> Symbols);

  /// Its symbols, sorted.
  llvm::ArrayRef<SymbolId> symbols() const {
    return Id == 0 ? llvm::ArrayRef<SymbolId>() : listOf(Id);
  }
  const SymbolId *begin() const { return symbols().begin(); }
  const SymbolId *end() const { return symbols().end(); }
  size_t size() const { return symbols().size(); }
  bool empty() const { return Id == 0; }
  /// Equal products have equal ids, within one thread.
  uint32_t id() const { return Id; }
  SymbolId front() const { return symbols().front(); }

  Monomial operator*(Monomial O) const;
  bool operator==(Monomial O) const { return Id == O.Id; }
  bool operator!=(Monomial O) const { return Id != O.Id; }
  /// The order of the symbol lists, whatever order they were interned in,
  /// so that terms sort (and print) the same in every run.
  bool operator<(Monomial O) const {
    if (Id == O.Id)
      return false;
    llvm::ArrayRef<SymbolId> A = symbols(), B = O.symbols();
    return std::lexicographical_compare(A.begin(), A.end(), B.begin(), B.end());
  }

private:
  /// The symbol lists by id, of this thread: read at every look at a
  /// monomial, so inline, through a plain pointer that of() keeps current.
  static thread_local const llvm::ArrayRef<SymbolId> *Lists;
  static llvm::ArrayRef<SymbolId> listOf(uint32_t Id) { return Lists[Id]; }
  uint32_t Id = 0;
};

} // namespace cal

#endif
