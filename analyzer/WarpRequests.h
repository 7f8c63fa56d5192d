//===- WarpRequests.h - A site's events as warp requests ------------------===//
//
// The second stage: a site's events grouped into warp requests (same warp,
// same dynamic instance), each a list of chunks of lanes that share the
// shape of their addresses; and the comparisons that let the cost stage
// count a request once for all that are alike.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_WARPREQUESTS_H
#define CUDA_ACCESS_LINT_WARPREQUESTS_H

#include "analyzer/SiteEvents.h"

#include <optional>
#include <vector>

namespace cal {

/// Lanes recorded together, and the shape of their addresses: a view into
/// a site's storage. Where Rows is given, the shape has no offset and lane
/// K's is the sum of the Monomials times row K of Rows.
struct Chunk {
  const Value *Shape;
  llvm::ArrayRef<LaneAccess> Lanes;
  const int64_t *Rows = nullptr;
  llvm::ArrayRef<Monomial> Monomials = {};
  int64_t Shift = 0; ///< added to every lane's constant
  /// The least and the greatest of the Lanes' constants, Shift apart.
  int64_t Least = 0, Most = 0;
};

/// The constant of lane K of C.
inline int64_t constantOf(const Chunk &C, size_t K) {
  return wrapAdd(C.Lanes[K].Constant, C.Shift);
}
/// The offset of lane K of C, without its constant.
AffineExpr laneShape(const Chunk &C, size_t K);
/// Whether lane I of A and lane J of B have the same offset but for their
/// constants.
bool sameLaneShape(const Chunk &A, size_t I, const Chunk &B, size_t J);
/// Whether every lane of C (one shape, no rows) is at a multiple of Size,
/// whatever its symbols: a vector of Size bytes may start there.
bool alignedTo(const Chunk &C, int64_t Size);
/// Whether B is A (one shape, no rows) with each lane Bytes further: the
/// next element of a vector that starts at A.
bool nextTo(const Chunk &A, const Chunk &B, int64_t Bytes);

/// One warp request: its lanes, in chunks.
struct Request {
  int Warp;
  const InstanceKey *Instance;
  llvm::ArrayRef<Chunk> Chunks;
};

/// A site's requests in the order of (warp, instance), each request's
/// chunks in the order recorded, alike shapes in a row joined.
struct Requests {
  Requests() = default;
  Requests(Requests &&) = default;
  Requests &operator=(Requests &&) = default;
  Requests(const Requests &) = delete; // its views point into itself
  std::vector<Request> All;
  std::vector<Chunk> Chunks;
  std::vector<LaneAccess> Joined; ///< lanes of chunks recorded apart
};
Requests requestsOf(const SiteEvents &S);
/// Each of Rs's requests with its first lane alone, as where one lane of a
/// warp at most runs the access: views into Rs's storage.
Requests firstLanes(const Requests &Rs);
/// Rs with every lane's address moved by Bytes: views into Rs's storage.
Requests movedBy(const Requests &Rs, int64_t Bytes);

/// One lane of a request: lane K of chunk C, its address laneShape(*C, K) +
/// constantOf(*C, K).
struct LaneView {
  const Chunk *C;
  size_t K;
  int lane() const { return C->Lanes[K].Lane; }
  int64_t constant() const { return constantOf(*C, K); }
};
std::vector<LaneView> lanesOf(llvm::ArrayRef<Chunk> Request);

/// What decides a request's counts in every trial: each chunk's symbolic
/// part, and its lanes with their constants relative to the first lane's,
/// which counts only modulo Period (the bytes after which the counts
/// repeat, a power of two). std::nullopt for constants so large that a shift
/// could wrap around.
std::optional<std::vector<int64_t>> requestKey(llvm::ArrayRef<Chunk> Request,
                                               int64_t Period);
/// Whether Request is Before with the same lanes, all moved by one amount
/// for any values of the symbols, a multiple of Period bytes (a power of
/// two): with the period of the counts, it counts as Before in every trial;
/// with 1, it is any move.
bool moved(llvm::ArrayRef<Chunk> Before, llvm::ArrayRef<Chunk> Request,
           int64_t Period);
/// Whether A and B, sites of one expression, made the same requests, so
/// that they count the same.
bool sameRequests(const SiteEvents &A, const Requests &RA, const SiteEvents &B,
                  const Requests &RB);

/// The coefficient of M in E (0 when absent).
int64_t termOf(const AffineExpr &E, const Monomial &M);

} // namespace cal

#endif
