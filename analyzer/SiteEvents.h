//===- SiteEvents.h - The accesses recorded at one site, stored flat ------===//
//
// The first stage after the evaluator: each record of lanes (AccessSink::
// record) is kept in a site's flat storage, runs of lanes that go on from the
// record before joined, so that most records add to it without an
// allocation of their own.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_SITEEVENTS_H
#define CUDA_ACCESS_LINT_SITEEVENTS_H

#include "analyzer/AccessSink.h"

#include <utility>
#include <vector>

namespace cal {

constexpr uint32_t NoRows = ~0u;

/// Lanes of one warp, instance and shape, as record() received them: a
/// range of the site's lanes (each constant plus Shift) and indices into
/// its instances and shapes; where they have rows, the first lane's row
/// in the site's rows and the index of their monomials.
struct Group {
  int Warp;
  uint32_t Instance, Shape, Begin, End;
  uint32_t Rows = NoRows, Own = 0;
  int64_t Shift = 0;
  /// The least and the greatest constant of its lanes, Shift apart.
  int64_t Least = 0, Most = 0;
};

/// Whether G's lanes, rows and shift go on right after Before's (Width:
/// the monomials of their rows).
bool goesOn(const Group &Before, const Group &G, size_t Width);

/// The least and the greatest constant of Lanes.
std::pair<int64_t, int64_t> boundsOf(llvm::ArrayRef<LaneAccess> Lanes);

/// Everything recorded at one site.
struct SiteEvents {
  AccessEvent First;
  std::vector<InstanceKey> Instances;
  std::vector<Value> Shapes;
  std::vector<LaneAccess> Lanes;
  std::vector<Group> Groups;
  std::vector<llvm::SmallVector<Monomial, 2>> Owns; ///< rows' monomials
  std::vector<int64_t> Rows;
  /// Whether padding its array's rows may move an address recorded here.
  bool PaddingMoves = false;

  /// How many sites the evaluator had reached before this one.
  unsigned Order = 0;
  explicit SiteEvents(const AccessEvent &E, unsigned Order = 0)
      : First(E), Order(Order) {}
  /// Adds one record of E (AccessSink::record's arguments).
  void add(const AccessEvent &E, const Value &Shape,
           llvm::ArrayRef<LaneAccess> Recorded, llvm::ArrayRef<LaneSpan> Spans,
           const OwnRows *Own);
};

} // namespace cal

#endif
