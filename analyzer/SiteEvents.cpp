#include "analyzer/SiteEvents.h"

#include <algorithm>

namespace cal {

std::pair<int64_t, int64_t> boundsOf(llvm::ArrayRef<LaneAccess> Lanes) {
  if (Lanes.empty())
    return {0, 0};
  auto [Lo, Hi] = std::minmax_element(
      Lanes.begin(), Lanes.end(), [](const LaneAccess &X, const LaneAccess &Y) {
        return X.Constant < Y.Constant;
      });
  return {Lo->Constant, Hi->Constant};
}

bool goesOn(const Group &Before, const Group &G, size_t Width) {
  if (Before.End != G.Begin || Before.Shift != G.Shift ||
      (Before.Rows == NoRows) != (G.Rows == NoRows))
    return false;
  return G.Rows == NoRows ||
         (Before.Own == G.Own &&
          Before.Rows + (Before.End - Before.Begin) * Width == G.Rows);
}

void SiteEvents::add(const AccessEvent &E, const Value &Shape,
                     llvm::ArrayRef<LaneAccess> Recorded,
                     llvm::ArrayRef<LaneSpan> Spans, const OwnRows *Own) {
  for (const clang::Expr *Call : E.Calls)
    if (!llvm::is_contained(First.Calls, Call))
      First.Calls.push_back(Call);
  if (First.LanesDecided.empty())
    First.LanesDecided.By = E.LanesDecided.By;
  First.LanesDecided.Predicated |= E.LanesDecided.Predicated;
  PaddingMoves |= E.Address.PaddingMoves || Shape.PaddingMoves;
  if (Shapes.empty() || !Shapes.back().identical(Shape))
    Shapes.push_back(Shape);
  uint32_t ShapeAt = uint32_t(Shapes.size() - 1);
  uint32_t Base = uint32_t(Lanes.size());
  Lanes.insert(Lanes.end(), Recorded.begin(), Recorded.end());
  uint32_t OwnAt = 0, RowsAt = NoRows;
  size_t W = 0;
  if (Own) {
    if (Owns.empty() || llvm::ArrayRef<Monomial>(Owns.back()) != Own->Monomials)
      Owns.emplace_back(Own->Monomials.begin(), Own->Monomials.end());
    OwnAt = uint32_t(Owns.size() - 1);
    W = Own->Monomials.size();
    RowsAt = uint32_t(Rows.size());
    Rows.insert(Rows.end(), Own->Coefficients.begin(), Own->Coefficients.end());
  }
  // E.Instance but for its last entry, the occurrence, which is the span's.
  auto SameInstance = [&](const InstanceKey &K, int64_t Occurrence) {
    return K.back() == Occurrence &&
           std::equal(K.begin(), K.end() - 1, E.Instance.begin(),
                      E.Instance.end() - 1);
  };
  std::pair<int64_t, int64_t> Bounds;
  for (const LaneSpan &Span : Spans) {
    // Spans of warps that share lanes (the span before's) share bounds too.
    const LaneSpan *Before = &Span == Spans.begin() ? nullptr : &Span - 1;
    if (!Before || Before->Begin != Span.Begin || Before->End != Span.End)
      Bounds = boundsOf(Recorded.slice(Span.Begin, Span.End - Span.Begin));
    if (Instances.empty() || !SameInstance(Instances.back(), Span.Occurrence)) {
      Instances.push_back(E.Instance);
      Instances.back().back() = Span.Occurrence;
    }
    Group G{Span.Warp,       uint32_t(Instances.size() - 1),
            ShapeAt,         Base + Span.Begin,
            Base + Span.End, Own ? RowsAt + Span.Begin * uint32_t(W) : NoRows,
            OwnAt,           Span.Shift,
            Bounds.first,    Bounds.second};
    if (!Groups.empty()) {
      // Joined with the group before where its lanes (and rows) go on.
      Group &Before = Groups.back();
      if (Before.Warp == G.Warp && Before.Instance == G.Instance &&
          Before.Shape == G.Shape && goesOn(Before, G, W)) {
        Before.End = G.End;
        Before.Least = std::min(Before.Least, G.Least);
        Before.Most = std::max(Before.Most, G.Most);
        continue;
      }
    }
    Groups.push_back(G);
  }
}

} // namespace cal
