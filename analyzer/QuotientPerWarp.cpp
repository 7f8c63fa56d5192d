//===- QuotientPerWarp.cpp - `i / n` and `i % n` for a warp, n a runtime size
//=//
//
// Flattened indices split by a size the source does not fix (`idx / cols`,
// `idx % hidden`): no affine answer holds for every n. Sizes are multiples
// of the warp in nearly all real launches, and then a warp's 32 consecutive
// indices, starting at a multiple of 32, share one quotient: a symbol of
// that warp. The report notes that it rests on n being such a multiple.
//
//===----------------------------------------------------------------------===//
#include "analyzer/KernelEvaluator.h"
#include "analyzer/SetLanes.h"

#include "clang/AST/OperationKinds.h"

#include <map>
#include <numeric>

using namespace clang;

namespace cal {

static constexpr int64_t WarpWidth = 32;

std::optional<Value> KernelEvaluator::quotientPerWarp(BinaryOperatorKind Base,
                                                      const Value &L,
                                                      const Value &R,
                                                      QualType T) {
  // A constant divisor that is a multiple of 32 (`idx / (160 * 160)` with
  // the sizes the launch passes) needs no assumption; any other constant is
  // left to the lanes.
  bool Constant = R.K == Value::Int && R.Offset.isConstant();
  if (!Together || L.K != Value::Int || R.K != Value::Int || !varies(L) ||
      varies(R) ||
      (Constant && (R.Offset.constantTerm() <= 0 ||
                    R.Offset.constantTerm() % WarpWidth != 0)))
    return std::nullopt;
  auto Parts = splitByLane(L.Offset);
  // Lanes with no symbol to share divide by a constant one by one, exactly.
  if (!Parts || (Constant && Parts->first.isConstant()))
    return std::nullopt;
  // What the lanes share must be a multiple of 32 and not negative, so that
  // the warp's window of 32 indices starts at a multiple of 32.
  for (const auto &[M, C] : Parts->first.terms())
    if (C < 0 || C % WarpWidth != 0 ||
        !llvm::all_of(M, [&](SymbolId S) { return Syms.nonNegative(S); }))
      return std::nullopt;
  std::vector<int64_t> Own = inLanes(Parts->second);
  std::map<int, int64_t> Window; // by warp
  for (unsigned I : SetLanes(Active)) {
    if (Own[I] < 0)
      return std::nullopt;
    int64_t Start = Own[I] - Own[I] % WarpWidth;
    if (Window.try_emplace(Lanes[I].Warp, Start).first->second != Start)
      return std::nullopt; // the warp's indices straddle a multiple of 32
  }
  auto Name = [&](SymbolId S) { return Syms.name(S); };
  std::string Divisor = R.Offset.printOperand(Name, true);
  // The divisor's own alignment follows from the same assumption, and is
  // noted wherever it reaches an address.
  const auto &Terms = R.Offset.terms();
  if (Terms.size() == 1 && Terms.front().first.size() == 1) {
    SymbolId S = Terms.front().first.front();
    int64_t Need = WarpWidth / std::gcd(WarpWidth, Terms.front().second);
    Syms.setDivisor(S, std::lcm(Syms.divisor(S), Need));
    Syms.restsOn(S, {SymbolTable::Premise::Divisor, Divisor});
  }
  // A symbol even where the quotient is 0 (`threadIdx.x % n`): it carries
  // the assumption to the accesses it reaches.
  std::map<int, SymbolId> Quotients;
  for (auto &[Warp, Start] : Window) {
    SymbolId Q = Syms.get(
        "(" + (Parts->first + AffineExpr::constant(Start)).printOperand(Name) +
        " / " + Divisor + ")");
    Syms.setNonNegative(Q);
    if (Constant && onlyBlockSymbols(Parts->first))
      Syms.setFromBlocks(Q);
    if (!Constant)
      Syms.restsOn(Q, {SymbolTable::Premise::Divisor, Divisor});
    Quotients[Warp] = Q;
  }
  bool Div = Base == BO_Div;
  return perLane(true, [&](unsigned I) {
    AffineExpr Q = AffineExpr::symbol(Quotients.at(Lanes[I].Warp));
    Value V = Value::integer(Div ? Q : at(L, I).Offset - R.Offset * Q);
    return convert(V, T);
  });
}

} // namespace cal
