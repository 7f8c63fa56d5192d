//===- WhyUnknown.h - The reason a value is not known, typed --------------===//
//
// An unknown value carries why: a kind and its arguments, which rules/
// phrases. The evaluator copies values at every step, so a value shares its
// reason (WhyUnknown); a report holds its own copy (UnknownReason), as
// reports leave the thread that analyses their kernel and the count of the
// shared one is not atomic.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_WHYUNKNOWN_H
#define CUDA_ACCESS_LINT_WHYUNKNOWN_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"

#include <cstdint>
#include <string>
#include <tuple>

namespace cal {

/// What made a value unknown. Where a kind takes arguments, its comment
/// names them; any kind may also carry the Line where it arose.
enum class UnknownKind : uint8_t {
  None,
  LoadedGlobal, ///< a value read from memory of a space
  LoadedShared,
  LoadedConstant,
  LoadedLocal,
  LoadedUnknown, ///< the last of the Loaded kinds, in MemSpace's order
  LocalArrayValue,
  LocalReference,
  AsmOutput,
  Lambda,
  ParameterNotInteger,    ///< Name: a parameter of another type
  NotIntegerOrPointer,    ///< Name: a variable of another type
  NotInitialized,         ///< Name
  NotKnown,               ///< Name
  DiffersBetweenBranches, ///< Name, Line of the if
  AfterLoop,              ///< Name, Line of the loop
  FieldStored,            ///< Name: a field of this local was stored
  ConditionNotKnown,
  PastTheBound, ///< Line: of the guard whose bound the lanes are past
  BudgetExhausted,
  UnsupportedLValue,
  UnsupportedExpression,
  UnsupportedOperator,
  NonInteger,
  ClassValue,
  NullPointer,
  FunctionPointer,
  PointerToInteger,
  NonIntegerIndex,
  ComplementNotKnown,
  PointerArithmetic,
  NonLinearIndex,
  DivisionByZero,
  PointerDifference,
  MinMaxNotKnown,
  UnsupportedBuiltin, ///< Name
  ResultOf,           ///< Name: of a call not followed
  IndirectCall,
  AngleQuadrant, ///< Name: sin, cos, sinpi or cospi, of lane-varying angles
  CallsTooDeep,  ///< Number: the depth of calls followed
  LanesDiverge,
  NoLaneValue,
  NoSize,
  DifferentArrays,
  NoRequest,
  UnknownOrigin,
  NotCompiled,         ///< Line: of clang's first error in the kernel's code
  AsmNotModelled,      ///< Name: an inline PTX instruction's opcode
  CopySourceApart,     ///< a cp.async's read, whose requests its write follows,
                       ///< is not known or not made by the same lanes
  FragmentNotModelled, ///< Name: a wmma fragment's kind, shape and space
};

/// A reason, by value; its fields in the order WhyUnknown takes them.
struct UnknownReason {
  UnknownKind Kind = UnknownKind::None;
  unsigned Line = 0; ///< where it arose; 0 where not said
  std::string Name;
  int64_t Number = 0;

  bool empty() const { return Kind == UnknownKind::None; }
  bool operator==(const UnknownReason &O) const {
    return std::tie(Kind, Line, Name, Number) ==
           std::tie(O.Kind, O.Line, O.Name, O.Number);
  }
};

/// Whether K is a value read from memory (of any space).
inline bool readFromMemory(UnknownKind K) {
  return K >= UnknownKind::LoadedGlobal && K <= UnknownKind::LoadedUnknown;
}

/// A reason shared on copy.
class WhyUnknown {
public:
  WhyUnknown() = default;
  WhyUnknown(UnknownKind Kind, unsigned Line = 0, std::string Name = {},
             int64_t Number = 0)
      : Shared(Kind == UnknownKind::None
                   ? nullptr
                   : new Held({Kind, Line, std::move(Name), Number})) {}
  WhyUnknown(const UnknownReason &R)
      : Shared(R.empty() ? nullptr : new Held(R)) {}

  bool empty() const { return !Shared; }
  /// The reason this value shares with its copies, and with no value
  /// computed apart.
  const void *identity() const { return Shared.get(); }
  /// The reason; an empty one where none was given.
  const UnknownReason &get() const { return Shared ? Shared->R : none(); }
  bool operator==(const WhyUnknown &O) const {
    return Shared == O.Shared || get() == O.get();
  }

private:
  struct Held : llvm::RefCountedBase<Held> {
    explicit Held(UnknownReason R) : R(std::move(R)) {}
    UnknownReason R;
  };
  static const UnknownReason &none() {
    static const UnknownReason Empty;
    return Empty;
  }
  llvm::IntrusiveRefCntPtr<Held> Shared;
};

} // namespace cal

#endif
