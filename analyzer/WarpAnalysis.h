//===- WarpAnalysis.h - From lane events to per-access warp numbers -------===//
#ifndef CUDA_ACCESS_LINT_WARPANALYSIS_H
#define CUDA_ACCESS_LINT_WARPANALYSIS_H

#include "analyzer/AccessReport.h"
#include "analyzer/AccessSink.h"
#include "analyzer/RequestCost.h"
#include "analyzer/SymbolTable.h"
#include "analyzer/WarpLayout.h"
#include "analyzer/WarpRequests.h"

#include "llvm/ADT/DenseMap.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class IfStmt;
class ParentMap;
class SourceManager;
class Stmt;
} // namespace clang

namespace cal {

/// The evaluator's sink and the last stage: keeps each site's records
/// (SiteEvents) and, once all lanes ran, groups them into warp requests
/// (WarpRequests: same site, same dynamic instance, same warp), counts them
/// (RequestCost) and assembles one report per site.
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
    // Global is the first space: the site's first entry of any space.
    auto It = Sites.lower_bound({Site, Op, MemSpace::Global});
    return It != Sites.end() && std::get<0>(It->first) == Site &&
           std::get<1>(It->first) == Op;
  }
  void reach(const clang::Stmt *If, const InstanceKey &Trips,
             int Warp) override {
    Reached.push_back({If, Warp, Trips});
  }
  void edgeBranch(const clang::Expr *Site, unsigned Line, int64_t Width,
                  AssumptionKind Kind) override {
    int64_t &Widest = EdgeBranches[Site][{Line, Kind}];
    Widest = std::max(Widest, Width);
  }
  void hoisted(const clang::Expr *Site, const clang::Stmt *Loop) override {
    auto &Loops = HoistedOut[Site];
    if (!llvm::is_contained(Loops, Loop))
      Loops.push_back(Loop);
  }
  void edgeWrap(const clang::ArraySubscriptExpr *Subscript, std::string Divisor,
                unsigned Line) override {
    auto &Names = EdgeWraps[Subscript][Line];
    if (!llvm::is_contained(Names, Divisor))
      Names.push_back(std::move(Divisor));
  }

  /// One report per (site, operation), in source order. Cut: the loops
  /// cut short; StoppedAtBudget: whether the evaluation stopped midway.
  std::vector<AccessReport> finish(const std::set<const clang::Stmt *> &Cut,
                                   clang::ASTContext &Ctx,
                                   bool StoppedAtBudget) const;

private:
  /// The numbers of S's requests Rs, into R.
  void evaluate(const SiteEvents &S, const Requests &Rs, AccessReport &R) const;
  /// The addresses of the read of Write, a cp.async's shared write, for each
  /// of its requests Rs (RequestCost's copySources); std::nullopt where
  /// the read is not known or its requests are not Rs's.
  std::optional<std::vector<CopySources>> readSources(const SiteEvents &Write,
                                                      const Requests &Rs) const;
  /// The worst request's counts and the layout of its lanes.
  /// Sources: the read's addresses where it is a cp.async's write.
  void describeWorst(const Request &Req, const RequestCosts &Costs,
                     const CostQuestion &Asked, const CopySources *Sources,
                     AccessReport &R) const;
  /// The symbols that decide the alignment, and the multiple that is best.
  Assumption alignmentDecidedBy(const RequestCosts &Costs,
                                const AccessReport &R) const;
  /// What the symbols of S's addresses rest on (SymbolTable::Premise), as
  /// R's assumptions.
  void notePremises(const SiteEvents &S, AccessReport &R) const;
  /// S's requests where ptxas merges an unrolled loop's consecutive copies
  /// into one instruction (WarpVectors.cpp): how many each, and the first
  /// copy of each, in views into S's requests. Where the evaluation stopped
  /// midway, the last may have fewer copies than the others.
  struct Merged {
    int Width;
    Requests Firsts;
  };
  std::optional<Merged> merged(const SiteEvents &S, const Requests &Rs,
                               bool StoppedAtBudget) const;
  /// The same for the copies of one loop's trips, Trip its place in the
  /// instances; At finds a request by its warp and instance.
  std::optional<Merged> mergedAcross(
      size_t Trip, const AccessEvent &E, const Requests &Rs,
      const std::map<std::pair<int, llvm::ArrayRef<int64_t>>, size_t> &At,
      bool StoppedAtBudget) const;
  /// Where ptxas merges the accesses of Width sites to consecutive elements
  /// into one instruction (SiteVectors.cpp): the site of the first element,
  /// whose requests are the instruction's, and the site nvcc puts it at.
  struct SiteVector {
    const SiteEvents *Start, *At;
    int Width;
  };
  /// Each merged site's SiteVector; Rs: the requests of the sites looked
  /// at, computed as needed.
  std::map<const SiteEvents *, SiteVector> siteVectors(
      std::map<const SiteEvents *, Requests> &Rs,
      llvm::function_ref<const clang::ParentMap &(const clang::FunctionDecl *)>
          ParentsOf,
      const clang::SourceManager &SM, bool StoppedAtBudget) const;
  /// Whether the body of If, an `if` or `?:`, loads a global array that it
  /// also stores to, besides a store's own load (a reduction in place,
  /// `x[tid] += x[tid + offset]`): nvcc branches around such a body.
  /// Measured on the H200: brucefan1983's reduce_global and CUDA_Freshman's
  /// in-place reductions ran only in warps with an active lane, where the
  /// same statement on a shared array ran in every warp, predicated, and
  /// so did pathfinder's load of one array and store to another.
  bool updatesGlobalInPlace(const clang::Stmt *If) const;
  /// The warp-level executions of S's instruction (WarpExecutions.cpp).
  int executions(const SiteEvents &S, const Requests &Rs) const;
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
  /// By site, operation and space: a helper's `*p` that the kernel calls
  /// on a global and on a shared pointer is two accesses.
  std::map<std::tuple<const clang::Expr *, AccessOp, MemSpace>, SiteEvents>
      Sites;
  /// The site recorded last (std::map keeps it in place).
  SiteEvents *LastSite = nullptr;
  /// Each (if, warp, trips) that some lane reached, repeats included:
  /// executions() counts them apart for the one if it asks about.
  std::vector<std::tuple<const clang::Stmt *, int, InstanceKey>> Reached;
  /// The divisors of each subscript's index taken as wrapping only at the
  /// edge, by line (edgeWrap()).
  std::map<const clang::ArraySubscriptExpr *,
           std::map<unsigned, std::vector<std::string>>>
      EdgeWraps;
  /// The `if`s and `min`/`max`s whose edge side each site's accesses were
  /// made without, and the size clamps, by line and kind, with their widest
  /// edge (edgeBranch()).
  std::map<const clang::Expr *,
           std::map<std::pair<unsigned, AssumptionKind>, int64_t>>
      EdgeBranches;
  /// The loops each load site is reused on later trips of (hoisted()).
  std::map<const clang::Expr *, llvm::SmallVector<const clang::Stmt *, 1>>
      HoistedOut;
  /// Whether each if asked about is if-converted (executions()).
  mutable llvm::DenseMap<const clang::Stmt *, bool> Predicated;
};

} // namespace cal

#endif
