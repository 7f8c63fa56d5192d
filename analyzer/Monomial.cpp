#include "analyzer/Monomial.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Allocator.h"

#include <algorithm>
#include <vector>

namespace cal {
namespace {
struct MonomialTable {
  llvm::BumpPtrAllocator Storage;
  std::vector<llvm::ArrayRef<SymbolId>> Lists{llvm::ArrayRef<SymbolId>()};
  llvm::DenseMap<llvm::ArrayRef<SymbolId>, uint32_t> Ids;
};

MonomialTable &table() {
  static thread_local MonomialTable Table;
  return Table;
}
} // namespace

Monomial Monomial::of(llvm::ArrayRef<SymbolId> Symbols) {
  Monomial M;
  if (Symbols.empty())
    return M;
  MonomialTable &T = table();
  if (auto It = T.Ids.find(Symbols); It != T.Ids.end()) {
    M.Id = It->second;
    return M;
  }
  // The key outlives the caller's list: it points at a kept copy.
  SymbolId *Kept = T.Storage.Allocate<SymbolId>(Symbols.size());
  std::copy(Symbols.begin(), Symbols.end(), Kept);
  M.Id = uint32_t(T.Lists.size());
  T.Lists.emplace_back(Kept, Symbols.size());
  Lists = T.Lists.data(); // where the lists are now
  T.Ids.try_emplace(T.Lists.back(), M.Id);
  return M;
}

thread_local const llvm::ArrayRef<SymbolId> *Monomial::Lists = nullptr;

Monomial Monomial::operator*(Monomial O) const {
  if (empty())
    return O;
  if (O.empty())
    return *this;
  llvm::SmallVector<SymbolId, 4> Product;
  llvm::ArrayRef<SymbolId> A = symbols(), B = O.symbols();
  std::merge(A.begin(), A.end(), B.begin(), B.end(),
             std::back_inserter(Product));
  return of(Product);
}

} // namespace cal
