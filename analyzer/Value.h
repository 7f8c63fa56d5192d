//===- Value.h - What the evaluator knows about one value in one lane -----===//
#ifndef CUDA_ACCESS_LINT_VALUE_H
#define CUDA_ACCESS_LINT_VALUE_H

#include "analyzer/AffineExpr.h"
#include "analyzer/WhyUnknown.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"

namespace clang {
class ValueDecl;
class VarDecl;
} // namespace clang

namespace cal {

enum class MemSpace { Global, Shared, Constant, Local, Unknown };
enum class AccessOp { Load, Store, Atomic };

const char *spaceName(MemSpace S);
const char *opName(AccessOp O);

/// An integer, a pointer (a base object plus a byte offset) or unknown with
/// the reason, like SCEVUnknown: never a guess. An unknown pointer may still
/// know its base and space (`p[data[i]]`).
struct Value {
  enum Kind { Unknown, Int, Pointer } K = Unknown;
  AffineExpr Offset; ///< the integer, or the pointer's byte offset
  const clang::ValueDecl *Base = nullptr;
  MemSpace Space = MemSpace::Unknown;
  WhyUnknown Reason;
  /// Whether lanes may hold different values (anything derived from
  /// threadIdx, and whatever is not known to be otherwise). Only values that
  /// every lane shares can stand for an opaque symbol.
  bool LaneVarying = true;
  /// Lanes evaluated together disagree on LaneVarying (a value merged from
  /// a lane-varying and a lane-invariant one): LaneVarying says true, and
  /// whatever would depend on the difference is not computed together.
  bool MixedVarying = false;
  /// Whether padding the rows of Base (an array of arrays, a fix being
  /// tested) may move this pointer: it stepped over a row other than row 0
  /// (`&t[ty][tx]`), or came from what does not say. A pointer to an object
  /// as made, and element arithmetic on it (`&t[0][0] + k`), stay put.
  bool PaddingMoves = true;
  /// Held in a local after lanes that know it and lanes that do not met
  /// (ways of an `if`, a loop's exits): what the lanes that know it hold.
  /// Elsewhere it is this unknown (KernelEvaluator::readSlot, at()).
  llvm::IntrusiveRefCntPtr<const struct HeldApart> Apart;

  /// Unknown because it was read from memory: the data's.
  bool readFromMemory() const {
    return K == Unknown && cal::readFromMemory(Reason.get().Kind);
  }
  static Value unknown(WhyUnknown Why) {
    Value V;
    V.Reason = std::move(Why);
    return V;
  }
  static Value integer(AffineExpr E) {
    Value V;
    V.K = Int;
    V.Offset = std::move(E);
    return V;
  }
  /// An integer that every lane of the warp holds alike.
  static Value invariant(AffineExpr E) {
    Value V = integer(std::move(E));
    V.LaneVarying = false;
    return V;
  }
  /// A pointer into Base at Off: lane-invariant as made, as an object's
  /// address is; offsets added later say otherwise.
  static Value pointer(const clang::ValueDecl *Base, MemSpace S,
                       AffineExpr Off) {
    Value V;
    V.K = Pointer;
    V.LaneVarying = false;
    V.Base = Base;
    V.Space = S;
    V.Offset = std::move(Off);
    V.PaddingMoves = false;
    return V;
  }
  /// This value at another offset: the rest copied, the offset not.
  Value withOffset(AffineExpr E) const {
    Value V;
    V.K = K;
    V.Offset = std::move(E);
    V.Base = Base;
    V.Space = Space;
    V.Reason = Reason;
    V.LaneVarying = LaneVarying;
    V.MixedVarying = MixedVarying;
    V.PaddingMoves = PaddingMoves;
    V.Apart = Apart;
    return V;
  }
  /// This pointer Bytes further on.
  Value plus(int64_t Bytes) const {
    return withOffset(Offset + AffineExpr::constant(Bytes));
  }
  bool isConstInt() const { return K == Int && Offset.isConstant(); }
  bool sameAs(const Value &O) const {
    return K == O.K && Offset == O.Offset && Base == O.Base &&
           Space == O.Space && Apart == O.Apart;
  }
  /// Takes O's lane-varying flags (an operation on O alone).
  void varyLike(const Value &O) {
    LaneVarying = O.LaneVarying;
    MixedVarying = O.MixedVarying;
  }
  /// sameAs, and alike in everything else too.
  bool identical(const Value &O) const {
    return sameAs(O) && Reason == O.Reason && LaneVarying == O.LaneVarying &&
           MixedVarying == O.MixedVarying;
  }
};

/// The lanes that know a value held apart (Value::Apart), and what they
/// hold: Known in each of them, as the lanes evaluated together hold it.
struct HeldApart : llvm::RefCountedBase<HeldApart> {
  HeldApart(llvm::BitVector KnownIn, Value Known)
      : KnownIn(std::move(KnownIn)), Known(std::move(Known)) {}
  llvm::BitVector KnownIn;
  Value Known;
};

/// Where an lvalue lives: a local variable of the lane, or memory.
struct LValue {
  enum Kind { None, Local, Memory } K = None;
  const clang::VarDecl *Var = nullptr;
  /// A field of Var, a struct not held in slots (a kernel's parameter):
  /// reads give Var's value (never a known one), stores leave it unknown.
  bool Field = false;
  Value Address; ///< for Memory: a Pointer value (or unknown)
  WhyUnknown Reason;
};

} // namespace cal

#endif
