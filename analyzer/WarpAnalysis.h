//===- WarpAnalysis.h - From lane events to per-access warp numbers -------===//
#ifndef CUDA_ACCESS_LINT_WARPANALYSIS_H
#define CUDA_ACCESS_LINT_WARPANALYSIS_H

#include "analyzer/AccessReport.h"
#include "analyzer/KernelEvaluator.h"
#include "analyzer/SymbolTable.h"

#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <vector>

namespace cal {

/// Gathers the accesses that every lane of the evaluated warps made and,
/// once all lanes ran, groups them into warp requests (same site, same
/// dynamic instance, same warp) and counts sectors or wavefronts.
class WarpAnalysis : public AccessSink {
public:
  /// Only, where given, is the one base whose accesses are kept.
  WarpAnalysis(const SymbolTable &Syms, Dim3 Block,
               const clang::ValueDecl *Only = nullptr)
      : Syms(Syms), Layout(Block), Only(Only) {}

  void record(const AccessEvent &E, const Value &Shape,
              llvm::ArrayRef<LaneAccess> Lanes, llvm::ArrayRef<LaneSpan> Spans,
              const OwnRows *Own) override;
  bool wants(const clang::ValueDecl *Base) const override {
    return !Only || Base == Only;
  }
  bool has(const clang::Expr *Site, AccessOp Op) const override {
    return Sites.count({Site, Op});
  }
  void reach(const clang::IfStmt *If, const InstanceKey &Trips,
             int Warp) override {
    Reached.push_back({If, Warp, Trips});
  }

  /// One report per (site, operation), in source order.
  std::vector<AccessReport> finish(const std::set<const clang::Stmt *> &Cut,
                                   clang::ASTContext &Ctx) const;

private:
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
  static int64_t constantOf(const Chunk &C, size_t K) {
    return wrapAdd(C.Lanes[K].Constant, C.Shift);
  }
  /// The offset of lane K of C, without its constant.
  static AffineExpr laneShape(const Chunk &C, size_t K);
  /// Whether lane I of A and lane J of B have the same offset but for
  /// their constants.
  static bool sameLaneShape(const Chunk &A, size_t I, const Chunk &B, size_t J);
  /// One warp request: its lanes, in chunks.
  struct Request {
    int Warp;
    const InstanceKey *Instance;
    llvm::ArrayRef<Chunk> Chunks;
  };
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
  static constexpr uint32_t NoRows = ~0u;
  /// Whether G's lanes, rows and shift go on right after Before's (Width:
  /// the monomials of their rows).
  static bool goesOn(const Group &Before, const Group &G, size_t Width);
  /// Everything recorded at one site, in flat storage: most records add to
  /// it without an allocation of their own.
  struct Site {
    AccessEvent First;
    std::vector<InstanceKey> Instances;
    std::vector<Value> Shapes;
    std::vector<LaneAccess> Lanes;
    std::vector<Group> Groups;
    std::vector<llvm::SmallVector<Monomial, 2>> Owns; ///< rows' monomials
    std::vector<int64_t> Rows;
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
  static Requests requestsOf(const Site &S);
  /// One lane of a request: lane K of chunk C, its address
  /// laneShape(*C, K) + constantOf(*C, K).
  struct LaneView {
    const Chunk *C;
    size_t K;
    int lane() const { return C->Lanes[K].Lane; }
    int64_t constant() const { return constantOf(*C, K); }
  };
  static std::vector<LaneView> lanesOf(llvm::ArrayRef<Chunk> Request);
  /// What decides a request's counts in every trial: each chunk's symbolic
  /// part, and its lanes with their constants relative to the first lane's,
  /// which counts only modulo Period (the bytes after which the counts
  /// repeat, a power of two). std::nullopt for constants so large that a shift
  /// could wrap around.
  static std::optional<std::vector<int64_t>>
  requestKey(llvm::ArrayRef<Chunk> Request, int64_t Period);
  /// Whether Request is Before with the same lanes, all moved by one amount
  /// for any values of the symbols, a multiple of Period bytes (a power of
  /// two): with the
  /// period of the counts, it counts as Before in every trial; with 1, it
  /// is any move.
  static bool moved(llvm::ArrayRef<Chunk> Before, llvm::ArrayRef<Chunk> Request,
                    int64_t Period);

  /// Whether A and B, sites of one expression, made the same requests, so
  /// that evaluate() gives them the same numbers.
  static bool sameRequests(const Site &A, const Requests &RA, const Site &B,
                           const Requests &RB);
  void evaluate(const Site &S, const Requests &Rs, AccessReport &R) const;
  int executions(const Site &S, const Requests &Rs) const;
  std::optional<int64_t>
  strideAcrossWarps(const Requests &Rs,
                    int64_t (*Axis)(const ThreadIndex &)) const;

  ThreadIndex threadOf(int Warp, int Lane) const {
    // Warps of sampled blocks are numbered past the block's own.
    return Layout.thread(int64_t(Warp % Layout.warpCount()) * WarpSize + Lane);
  }

  const SymbolTable &Syms;
  WarpLayout Layout;
  const clang::ValueDecl *Only;
  std::map<std::pair<const clang::Expr *, AccessOp>, Site> Sites;
  /// The site recorded last (std::map keeps it in place).
  Site *LastSite = nullptr;
  /// Each (if, warp, trips) that some lane reached, repeats included:
  /// executions() counts them apart for the one if it asks about.
  std::vector<std::tuple<const clang::IfStmt *, int, InstanceKey>> Reached;
  /// Whether each if asked about is if-converted (executions()).
  mutable llvm::DenseMap<const clang::IfStmt *, bool> Predicated;
};

} // namespace cal

#endif
