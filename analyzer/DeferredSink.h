//===- DeferredSink.h - A run's events, kept until the run is known good --===//
//
// A warp's lanes run together may part in a way the lane mask does not
// model, and then run one at a time. What the together run reported is
// kept here meanwhile, and given to the real sink only where it did not
// part: the real sink sees each warp's events once, from one kind of run.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_DEFERREDSINK_H
#define CUDA_ACCESS_LINT_DEFERREDSINK_H

#include "analyzer/AccessSink.h"

#include <functional>
#include <vector>

namespace cal {

class DeferredSink : public AccessSink {
public:
  explicit DeferredSink(AccessSink &Real) : Real(Real) {}

  void record(const AccessEvent &E, const Value &Shape,
              llvm::ArrayRef<LaneAccess> Lanes, llvm::ArrayRef<LaneSpan> Spans,
              const OwnRows *Own) override {
    // The evaluator reuses the buffers behind the ArrayRefs: copies.
    std::vector<LaneAccess> L(Lanes.begin(), Lanes.end());
    std::vector<LaneSpan> S(Spans.begin(), Spans.end());
    bool HasRows = Own != nullptr;
    std::vector<Monomial> M;
    std::vector<int64_t> C;
    if (Own) {
      M.assign(Own->Monomials.begin(), Own->Monomials.end());
      C.assign(Own->Coefficients.begin(), Own->Coefficients.end());
    }
    Events.push_back([=, L = std::move(L), S = std::move(S), M = std::move(M),
                      C = std::move(C)](AccessSink &To) {
      OwnRows Rows{M, C};
      To.record(E, Shape, L, S, HasRows ? &Rows : nullptr);
    });
  }
  bool wants(const clang::ValueDecl *Base) const override {
    return Real.wants(Base);
  }
  /// Asked only while skimming, which reports to the real sink itself.
  bool has(const clang::Expr *Site, AccessOp Op) const override {
    return Real.has(Site, Op);
  }
  void reach(const clang::Stmt *If, const InstanceKey &Trips,
             int Warp) override {
    Events.push_back([=](AccessSink &To) { To.reach(If, Trips, Warp); });
  }
  void edgeWrap(const clang::ArraySubscriptExpr *Subscript, std::string Divisor,
                unsigned Line) override {
    Events.push_back(
        [=](AccessSink &To) { To.edgeWrap(Subscript, Divisor, Line); });
  }
  void edgeBranch(const clang::Expr *Site, unsigned Line, int64_t Width,
                  AssumptionKind Kind) override {
    Events.push_back(
        [=](AccessSink &To) { To.edgeBranch(Site, Line, Width, Kind); });
  }
  void hoisted(const clang::Expr *Site, const clang::Stmt *Loop) override {
    Events.push_back([=](AccessSink &To) { To.hoisted(Site, Loop); });
  }

  /// Gives the events kept to the real sink, in their order; those of a
  /// sink never committed are dropped with it.
  void commit() {
    for (auto &Event : Events)
      Event(Real);
    Events.clear();
  }

private:
  AccessSink &Real;
  std::vector<std::function<void(AccessSink &)>> Events;
};

} // namespace cal

#endif
