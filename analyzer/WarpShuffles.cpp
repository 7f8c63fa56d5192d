//===- WarpShuffles.cpp - A lane's value read by another lane -------------===//
//
// `__shfl_sync(mask, v, 0)` gives every lane lane 0's v: where the source
// lane is known in each lane, the result is that lane's value, as the
// index it often becomes (a broadcast of one row's start) is known too.
//
//===----------------------------------------------------------------------===//
#include "analyzer/KernelEvaluator.h"

#include "clang/AST/Expr.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cal {

namespace {

enum class Shuffle { Index, Up, Down, Xor };

std::optional<Shuffle> shuffleOf(StringRef Name) {
  return llvm::StringSwitch<std::optional<Shuffle>>(Name)
      .Case("__shfl_sync", Shuffle::Index)
      .Case("__shfl_up_sync", Shuffle::Up)
      .Case("__shfl_down_sync", Shuffle::Down)
      .Case("__shfl_xor_sync", Shuffle::Xor)
      .Default(std::nullopt);
}

/// The lane whose value Lane reads, in segments of Width lanes, for the
/// operand N; Lane itself where the source leaves its segment.
int64_t sourceLane(Shuffle S, int64_t Lane, int64_t N, int64_t Width) {
  int64_t Base = Lane & ~(Width - 1), From = Lane;
  switch (S) {
  case Shuffle::Index:
    return Base + (N & (Width - 1));
  case Shuffle::Up:
    From = Lane - N;
    break;
  case Shuffle::Down:
    From = Lane + N;
    break;
  case Shuffle::Xor:
    From = Lane ^ N;
    break;
  }
  return From >= Base && From < Base + Width ? From : Lane;
}

} // namespace

std::optional<Value> KernelEvaluator::shuffleCall(const CallExpr *E,
                                                  StringRef Name) {
  std::optional<Shuffle> S = shuffleOf(Name);
  if (!S || E->getNumArgs() < 3 ||
      !E->getArg(1)->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  discard(E->getArg(0));
  Value V = eval(E->getArg(1));
  Value N = eval(E->getArg(2));
  Value W = E->getNumArgs() > 3 ? eval(E->getArg(3))
                                : Value::integer(AffineExpr::constant(32));
  WhyUnknown Why{UnknownKind::ResultOf, 0, Name.str()};
  int64_t Width =
      W.K == Value::Int && W.Offset.isConstant() ? W.Offset.constantTerm() : 0;
  if (Width < 1 || Width > 32 || (Width & (Width - 1)))
    return Value::unknown(Why);
  // Each active lane's source, among the active lanes of its own warp.
  std::vector<Value> PerLane;
  for (unsigned L : SetLanes(Active)) {
    Value Here = at(N, L);
    int64_t Lane = Lanes[L].Lane;
    if (Here.K != Value::Int || !Here.Offset.isConstant())
      return Value::unknown(Why);
    int64_t From = sourceLane(*S, Lane, Here.Offset.constantTerm(), Width);
    int64_t At = int64_t(L) - Lane + From;
    if (At < 0 || size_t(At) >= Lanes.size() ||
        Lanes[size_t(At)].Warp != Lanes[L].Warp ||
        Lanes[size_t(At)].Lane != From || !Active.test(unsigned(At)))
      return Value::unknown(Why); // a lane not run, or not here
    PerLane.push_back(at(V, unsigned(At)));
  }
  if (PerLane.empty())
    return Value::unknown(Why);
  return convert(gather(PerLane), E->getType());
}

} // namespace cal
