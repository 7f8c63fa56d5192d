//===- AccessSink.h - What the evaluator observes: lanes' accesses --------===//
//
// The evaluator's output: every access the lanes of a warp made, with the
// dynamic instance it belongs to, and the ifs lanes reached. WarpAnalysis
// consumes it.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_ACCESSSINK_H
#define CUDA_ACCESS_LINT_ACCESSSINK_H

#include "analyzer/Assumption.h"
#include "analyzer/Value.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace clang {
class ArraySubscriptExpr;
class Expr;
class FunctionDecl;
class IfStmt;
class Stmt;
class ValueDecl;
} // namespace clang

namespace cal {

/// Where a value not known here decides which lanes run an access (`if
/// (flag[i])` around it): that value's reason, whether warps none of whose
/// lanes run it execute it all the same (a predicated branch, a select),
/// which a jump lets them skip, and whether one lane of a warp at most runs
/// it (`if (x == n)`).
struct DecidedLanes {
  WhyUnknown By;
  bool Predicated = false;
  bool OneLane = false;
  bool empty() const { return By.empty(); }
};

/// The subscript an access's site is: `p[i]`, or `p[i]` of `p[i].x`; null
/// for another site (`*p`).
const clang::ArraySubscriptExpr *subscriptOf(const clang::Expr *Site);

/// Loop trip counts, then the site, the operation and the occurrence: inline,
/// as most accesses sit in a loop nest a few deep.
using InstanceKey = llvm::SmallVector<int64_t, 6>;

struct AccessEvent {
  const clang::Expr *Site = nullptr;
  const clang::FunctionDecl *Function = nullptr;
  /// The calls, outermost first, through which the kernel reached Site:
  /// nvcc inlines them, and Nsight Compute counts an inlined call's
  /// instructions on the call's line too.
  llvm::SmallVector<const clang::Expr *, 2> Calls;
  AccessOp Op = AccessOp::Load;
  int Bytes = 0;
  /// Bytes each lane's request carries where not Bytes: a compare-and-swap
  /// sends the expected value and the new one.
  int LaneBytes = 0;
  /// The instructions that move one lane's value: a float3 (12 bytes
  /// aligned to 4) is three of 4 bytes, each an event of its own.
  int Pieces = 1;
  Value Address;
  /// A store's assignment (`p[i] =\n    v;`): nvcc may put the instruction
  /// on any of its lines, the value's last among them.
  const clang::Expr *Assignment = nullptr;
  /// Identifies the dynamic execution across lanes: the trip counts of the
  /// enclosing loops and the occurrence of this site within them.
  InstanceKey Instance;
  llvm::SmallVector<const clang::Stmt *, 2> Loops;
  /// Whether nvcc unrolls the innermost of Loops fully (Unrolling.h).
  bool InnermostUnrolled = false;
  /// The loops of Loops around the innermost one that `#pragma unroll`
  /// unrolls fully too, each straight around the next (no `if` or call
  /// between): their copies are one run of code as well.
  int UnrolledAround = 0;
  /// The ifs and `?:`s around Site within its function and innermost
  /// loop, innermost first (its condition's if among them).
  llvm::SmallVector<const clang::Stmt *, 2> Ifs;
  DecidedLanes LanesDecided;
  /// A cp.async's shared write, whose global read is the same site's load:
  /// the data are written as they arrive, one 128-byte line of the read at
  /// a time.
  bool AsyncCopy = false;
};

/// One lane's part in a warp request: which lane of the warp (its thread
/// follows from the warp and the block), and the constant its address adds
/// to the shape that lanes recorded together share.
struct LaneAccess {
  int Lane;
  int64_t Constant;
};

/// Lanes of one warp that made an access in its Occurrence-th execution
/// within the loop iteration: in a record, Lanes[Begin] to Lanes[End], each
/// with Shift added to its constant. A warp whose lanes are those of a warp
/// before, all moved by one amount (the next 32 threads of a row), shares
/// them.
struct LaneSpan {
  int Warp;
  int64_t Occurrence;
  uint32_t Begin, End;
  int64_t Shift = 0;
};

/// Offsets that do not split by lane (threadIdx times a parameter, as in
/// `a[x * w + y]`): each lane's is the sum of the Monomials, each times the
/// lane's coefficient of it, plus the lane's constant. Rows of coefficients
/// come lane by lane, Monomials.size() each.
struct OwnRows {
  llvm::ArrayRef<Monomial> Monomials;
  llvm::ArrayRef<int64_t> Coefficients;
};

class AccessSink {
public:
  virtual ~AccessSink() = default;
  /// Lanes made the access E, each at the address Shape (no constant term)
  /// plus its Constant; where Own is given, Shape has no offset and lane I's
  /// offset is row I of Own. Spans take them, in order, by warp and
  /// occurrence: each span is one dynamic instance, E.Instance with its last
  /// entry (the occurrence) the span's.
  virtual void record(const AccessEvent &E, const Value &Shape,
                      llvm::ArrayRef<LaneAccess> Lanes,
                      llvm::ArrayRef<LaneSpan> Spans, const OwnRows *Own) = 0;
  /// Whether accesses to Base are recorded at all: the lanes of the others
  /// need not be laid out.
  virtual bool wants(const clang::ValueDecl *Base) const { return true; }
  /// Whether an access at Site with Op was recorded already.
  virtual bool has(const clang::Expr *Site, AccessOp Op) const = 0;
  /// A lane of Warp evaluated the condition of If (an `if` or a `?:`) in
  /// the loop iteration Trips.
  virtual void reach(const clang::Stmt *If, const InstanceKey &Trips,
                     int Warp) = 0;
  /// In the index of Subscript, a division at Line by Divisor was taken as
  /// the guards give it in every lane but those at the edge, where the index
  /// wraps around (`f[(x + 1 + nx) % nx]`).
  virtual void edgeWrap(const clang::ArraySubscriptExpr *Subscript,
                        std::string Divisor, unsigned Line) {}
  /// The access at Site was made past (or in the other side of) the `if`
  /// or the `min`/`max` at Line whose side that only lanes within Width of
  /// the grid's edge take was taken by none (Kind EdgeBranch, EdgeClamp),
  /// or past the clamp of an index to a size at Line, taken as clamping no
  /// lane (SizeClamp, Width 0; clampsToSize()).
  virtual void edgeBranch(const clang::Expr *Site, unsigned Line, int64_t Width,
                          AssumptionKind Kind) {}
  /// The load at Site is reused on later trips of Loop: made before it.
  virtual void hoisted(const clang::Expr *Site, const clang::Stmt *Loop) {}
};

} // namespace cal

#endif
