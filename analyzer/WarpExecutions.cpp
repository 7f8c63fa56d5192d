#include "analyzer/IfConversion.h"
#include "analyzer/WarpAnalysis.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <algorithm>

using namespace clang;

namespace cal {

bool WarpAnalysis::updatesGlobalInPlace(const Stmt *If) const {
  // The global arrays stored to under If, and those loaded by another
  // expression than the store's own (`x[tid] += x[tid + offset]`).
  llvm::SmallPtrSet<const ValueDecl *, 4> Stored;
  llvm::SmallVector<std::pair<const Expr *, const ValueDecl *>, 4> Loaded;
  for (const auto &[Key, S] : Sites) {
    const AccessEvent &E = S.First;
    if (E.Address.Space != MemSpace::Global || !E.Address.Base ||
        !llvm::is_contained(E.Ifs, If))
      continue;
    if (E.Op == AccessOp::Store)
      Stored.insert(E.Address.Base);
    else if (E.Op == AccessOp::Load)
      Loaded.push_back({E.Site, E.Address.Base});
  }
  return llvm::any_of(Loaded, [&](const auto &L) {
    return Stored.count(L.second) &&
           !Sites.count({L.first, AccessOp::Store, MemSpace::Global});
  });
}

int WarpAnalysis::executions(const SiteEvents &S, const Requests &Rs) const {
  // The outermost predicated `if` or `?:` around the site within its loop
  // body or function, below any real branch. Where no lane reached an if,
  // none counts.
  const Stmt *Anchor = nullptr;
  for (const Stmt *If : S.First.Ifs) {
    if (Reached.empty())
      break;
    auto [It, New] = Predicated.try_emplace(If, false);
    if (New) // once per if: the sites under it ask again
      It->second =
          isIfConverted(If, S.First.Function) && !updatesGlobalInPlace(If);
    if (!It->second)
      break;
    Anchor = If;
  }
  // Distinct (warp, trips, occurrence): an instance is its trips, then the
  // site, the operation and the occurrence (a helper inlined twice runs
  // twice). Compared in place, not copied.
  struct WarpTrips {
    int Warp;
    llvm::ArrayRef<int64_t> Trips;
    int64_t Occurrence = 0;
  };
  std::vector<WarpTrips> All;
  All.reserve(Rs.All.size());
  for (const Request &R : Rs.All)
    All.push_back(
        {R.Warp, llvm::ArrayRef(*R.Instance).drop_back(3), R.Instance->back()});
  auto TripsLess = [](const WarpTrips &A, const WarpTrips &B) {
    if (std::lexicographical_compare(A.Trips.begin(), A.Trips.end(),
                                     B.Trips.begin(), B.Trips.end()))
      return true;
    return A.Trips == B.Trips && A.Occurrence < B.Occurrence;
  };
  auto WarpFirst = [&](const WarpTrips &A, const WarpTrips &B) {
    return A.Warp != B.Warp ? A.Warp < B.Warp : TripsLess(A, B);
  };
  auto TripsFirst = [&](const WarpTrips &A, const WarpTrips &B) {
    return TripsLess(A, B) || (!TripsLess(B, A) && A.Warp < B.Warp);
  };
  auto Distinct = [&](std::vector<WarpTrips> &V) {
    // Requests come sorted already, by warp, then by instance (trips
    // first); the ifs that lanes together reached, by trips, then by warp.
    // Sorted either way, equal ones are adjacent.
    auto Count = [&](auto Less) {
      int N = 0;
      for (size_t I = 0; I < V.size(); ++I)
        N += I == 0 || Less(V[I - 1], V[I]);
      return N;
    };
    if (std::is_sorted(V.begin(), V.end(), WarpFirst))
      return Count(WarpFirst);
    if (std::is_sorted(V.begin(), V.end(), TripsFirst))
      return Count(TripsFirst);
    llvm::sort(V, WarpFirst);
    return Count(WarpFirst);
  };
  int Warps = Distinct(All);
  if (!Anchor)
    return Warps;
  std::vector<WarpTrips> AtAnchor;
  for (const auto &[If, Warp, Trips] : Reached)
    if (If == Anchor)
      AtAnchor.push_back({Warp, Trips});
  return std::max(Distinct(AtAnchor), Warps);
}

} // namespace cal
