//===- KernelEvaluator.h - Runs one lane of a kernel symbolically ---------===//
//
// An interpreter over the Clang AST of a kernel. It runs one thread with
// concrete threadIdx/blockDim and symbolic lane-invariant values (blockIdx,
// integer parameters without a known value), follows locals, branches, loops
// and __device__ calls, and reports every global and shared memory access
// with its byte address. Whatever it cannot know becomes an unknown value
// with the reason, never a guess.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_KERNELEVALUATOR_H
#define CUDA_ACCESS_LINT_KERNELEVALUATOR_H

#include "analyzer/LaunchShape.h"
#include "analyzer/SymbolTable.h"
#include "analyzer/Value.h"
#include "analyzer/WarpLayout.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"

#include <map>
#include <optional>
#include <set>
#include <vector>

namespace cal {

struct EvalLimits {
  int MaxLoopTrips = 64;     ///< iterations evaluated per loop, at most
  int UnknownLoopTrips = 8;  ///< iterations when the exit is not decidable
  int MaxCallDepth = 8;      ///< nested __device__ calls followed
  int64_t MaxSteps = 400000; ///< expressions evaluated per lane
  /// Expressions evaluated per kernel and launch shape, over all its lanes:
  /// loops nested under MaxLoopTrips each stay under MaxSteps in every lane
  /// and would still take minutes over 256 lanes.
  int64_t MaxTotalSteps = 20000000;
};

struct AccessEvent {
  const clang::Expr *Site = nullptr;
  const clang::FunctionDecl *Function = nullptr;
  AccessOp Op = AccessOp::Load;
  int Bytes = 0;
  Value Address;
  /// Identifies the dynamic execution across lanes: the trip counts of the
  /// enclosing loops and the occurrence of this site within them.
  std::vector<int64_t> Instance;
  std::vector<const clang::Stmt *> Loops;
};

class AccessSink {
public:
  virtual ~AccessSink() = default;
  virtual void record(AccessEvent E) = 0;
  /// A lane evaluated the condition of If in the loop iteration Trips.
  virtual void reach(const clang::IfStmt *If,
                     const std::vector<int64_t> &Trips) = 0;
};

class KernelEvaluator {
public:
  KernelEvaluator(clang::ASTContext &Ctx, SymbolTable &Syms, EvalLimits L,
                  const std::map<const clang::VarDecl *, int64_t> &Padding)
      : Ctx(Ctx), Syms(Syms), Limits(L), Padding(Padding) {}

  void run(const clang::FunctionDecl *Kernel, const LaunchShape &Shape,
           ThreadIndex Tid, AccessSink &Sink);

  /// Loops that were cut short, in any lane so far.
  const std::set<const clang::Stmt *> &truncatedLoops() const {
    return Truncated;
  }
  /// Whether some lane ran out of steps (its accesses after that are lost).
  bool budgetExhausted() const { return BudgetHit; }

private:
  enum class Flow { Normal, Break, Continue, Return };
  enum class Truth { False, True, Unknown };
  using Env = std::map<const clang::VarDecl *, Value>;

  struct Frame {
    const clang::FunctionDecl *Function;
    Env Locals;
    std::map<const clang::VarDecl *, LValue> Refs;
    Value Result = Value::unknown("function returned no value");
    bool HasResult = false;
  };

  Flow exec(const clang::Stmt *S);
  Flow execIf(const clang::IfStmt *S);
  Flow execLoop(const clang::Stmt *Loop, const clang::Stmt *Init,
                const clang::Expr *Cond, const clang::Expr *Inc,
                const clang::Stmt *Body, bool CondFirst);
  void declare(const clang::VarDecl *VD);

  Value eval(const clang::Expr *E);
  LValue evalLValue(const clang::Expr *E);
  void discard(const clang::Expr *E);
  Value evalCast(const clang::CastExpr *E);
  Value evalUnary(const clang::UnaryOperator *E);
  Value evalBinary(const clang::BinaryOperator *E);
  Value evalCall(const clang::CallExpr *E);
  Value evalBuiltinVar(const clang::PseudoObjectExpr *E);
  Value load(const LValue &LV, const clang::Expr *Site, clang::QualType T);
  void store(const LValue &LV, const clang::Expr *Site, clang::QualType T,
             Value V);
  void access(const clang::Expr *Site, AccessOp Op, clang::QualType T,
              const Value &Address);

  Value arith(clang::BinaryOperatorKind Op, const Value &L, const Value &R,
              clang::QualType T, const clang::Expr *E);
  Value pointerOffset(const Value &P, const Value &Index,
                      clang::QualType PointeeType, bool Subtract);
  Value convert(const Value &V, clang::QualType To);
  Truth truth(const Value &V);
  Truth compare(clang::BinaryOperatorKind Op, const Value &L, const Value &R);
  std::optional<int64_t> constant(const clang::Expr *E);
  int64_t sizeOf(clang::QualType T);
  int64_t paddedSize(clang::QualType T, int64_t Pad);
  std::string where(const clang::Stmt *S);
  Env &locals() { return Frames.back().Locals; }
  bool step();

  clang::ASTContext &Ctx;
  SymbolTable &Syms;
  EvalLimits Limits;
  const std::map<const clang::VarDecl *, int64_t> &Padding;
  AccessSink *Sink = nullptr;
  const LaunchShape *Shape = nullptr;
  ThreadIndex Tid{0, 0, 0};
  std::vector<Frame> Frames;
  std::vector<int64_t> Trips;
  std::vector<const clang::Stmt *> LoopStack;
  std::map<std::vector<int64_t>, int64_t> Occurrences;
  int64_t Steps = 0, TotalSteps = 0;
  bool OutOfBudget = false; ///< this lane must stop
  bool BudgetHit = false;
  /// The innermost loop's body may have left it (a break or return under a
  /// condition not known): its exit is not decidable.
  bool MaybeLeft = false;
  std::set<const clang::Stmt *> Truncated;
  llvm::DenseMap<const clang::Expr *, std::optional<int64_t>> ConstCache;
};

} // namespace cal

#endif
