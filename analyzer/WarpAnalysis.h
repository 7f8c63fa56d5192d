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

namespace clang {
class ParentMap;
} // namespace clang

namespace cal {

/// Gathers the accesses that every lane of the evaluated warps made and,
/// once all lanes ran, groups them into warp requests (same site, same
/// dynamic instance, same warp) and counts sectors or wavefronts.
class WarpAnalysis : public AccessSink {
public:
  /// Only, where given, is the one base whose accesses are kept.
  explicit WarpAnalysis(const SymbolTable &Syms,
                        const clang::ValueDecl *Only = nullptr)
      : Syms(Syms), Only(Only) {}

  void record(const AccessEvent &E, int Warp, const Value &Shape,
              llvm::ArrayRef<LaneAccess> Lanes) override;
  void reach(const clang::IfStmt *If, const InstanceKey &Trips,
             int Warp) override {
    Reached.insert({If, Warp, Trips});
  }

  /// One report per (site, operation), in source order.
  std::vector<AccessReport> finish(const std::set<const clang::Stmt *> &Cut,
                                   clang::ASTContext &Ctx) const;

private:
  /// Lanes recorded together, and the shape of their addresses.
  struct Chunk {
    Value Shape;
    /// A lane's own, inline: an address that does not split by lane makes
    /// a chunk of each lane.
    llvm::SmallVector<LaneAccess, 1> Lanes;
  };
  /// (warp, instance) -> lanes
  using RequestMap = std::map<std::pair<int, InstanceKey>, std::vector<Chunk>>;
  struct Site {
    AccessEvent First;
    RequestMap Requests;
  };
  /// One lane of a request: its address is Shape->Offset + A->Constant.
  struct LaneView {
    const LaneAccess *A;
    const Value *Shape;
  };
  static std::vector<LaneView> lanesOf(const std::vector<Chunk> &Request);
  /// What decides a request's counts in every trial: each chunk's symbolic
  /// part, and its lanes with their constants relative to the first lane's,
  /// which counts only modulo 128. std::nullopt for constants so large that
  /// a shift could wrap around.
  static std::optional<std::vector<int64_t>>
  requestKey(const std::vector<Chunk> &Request);
  /// Whether Request counts as Before, a request with a key, in every
  /// trial: the same lanes, all moved by a multiple of 128 bytes for any
  /// values of the symbols.
  static bool alike(const std::vector<Chunk> &Before,
                    const std::vector<Chunk> &Request);

  /// Whether A and B, sites of one expression, made the same requests, so
  /// that evaluate() gives them the same numbers.
  static bool sameRequests(const Site &A, const Site &B);
  void evaluate(const Site &S, AccessReport &R) const;
  int executions(const Site &S, const clang::ParentMap &Parents) const;
  std::optional<int64_t>
  strideAcrossWarps(const Site &S, int64_t (*Axis)(const ThreadIndex &)) const;

  const SymbolTable &Syms;
  const clang::ValueDecl *Only;
  std::map<std::pair<const clang::Expr *, AccessOp>, Site> Sites;
  /// The site and request recorded last (std::map keeps them in place).
  Site *LastSite = nullptr;
  RequestMap::value_type *Last = nullptr;
  std::set<std::tuple<const clang::IfStmt *, int, InstanceKey>> Reached;
};

} // namespace cal

#endif
