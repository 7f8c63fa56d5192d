//===- SymbolTable.h - Names of the lane-invariant symbols ----------------===//
#ifndef CUDA_ACCESS_LINT_SYMBOLTABLE_H
#define CUDA_ACCESS_LINT_SYMBOLTABLE_H

#include "analyzer/AffineExpr.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace cal {

/// Symbols stand for values that every lane of a warp shares but that the
/// source does not fix: blockIdx.x, gridDim.x, an integer kernel parameter.
/// Lane symbols are the exception: when the lanes are evaluated together,
/// threadIdx and what is computed from it lane by lane are symbols with one
/// known value per lane.
class SymbolTable {
public:
  SymbolId get(const std::string &Name) {
    auto [It, New] = Ids.try_emplace(Name, SymbolId(Names.size()));
    if (New)
      Names.push_back(Name);
    return It->second;
  }
  std::string name(SymbolId S) const {
    return isLane(S) ? "<lane value " + std::to_string(S) + ">" : Names[S];
  }
  /// How many symbols there are: their ids are 0 to size() - 1.
  size_t size() const { return Names.size(); }
  /// A known factor of the symbol's value (a cudaMallocPitch pitch is a
  /// multiple of 128 bytes); 1 when nothing is known.
  void setDivisor(SymbolId S, int64_t D) { Divisors[S] = D; }
  int64_t divisor(SymbolId S) const {
    auto It = Divisors.find(S);
    return It == Divisors.end() ? 1 : It->second;
  }
  /// The values the symbol takes, first to last (a launch passing a loop's
  /// counter): trials take them rather than large ones.
  void setRange(SymbolId S, int64_t First, int64_t Last) {
    Ranges[S] = {First, Last};
  }
  std::optional<std::pair<int64_t, int64_t>> range(SymbolId S) const {
    auto It = Ranges.find(S);
    if (It == Ranges.end())
      return std::nullopt;
    return It->second;
  }
  /// The symbol is never negative (blockIdx.x, gridDim.x).
  void setNonNegative(SymbolId S) { NonNegative.insert(S); }
  bool nonNegative(SymbolId S) const {
    return isLane(S) ? Bounds[S].first >= 0 : NonNegative.count(S) != 0;
  }

  /// The symbol is a value read from memory, or computed from one, or
  /// either of two values unlike in alignment: nothing makes it a multiple
  /// of anything, so each alignment it gives is as likely as another
  /// (unlike a width passed as an argument).
  void setFromData(SymbolId S) { FromData.insert(S); }
  bool fromData(SymbolId S) const { return FromData.count(S) != 0; }

  /// The symbol takes each value of its trials in one launch (blockIdx.x
  /// over the blocks of a grid): every count its trials give is some
  /// block's, none a case of a value not known.
  void setEveryValue(SymbolId S) { EveryValue.insert(S); }
  bool everyValue(SymbolId S) const { return EveryValue.count(S) != 0; }

  /// The symbol is computed from blockIdx and constants alone (an opaque
  /// `(256*blockIdx.x / 786432)`): known once the block is.
  void setFromBlocks(SymbolId S) { FromBlocks.insert(S); }
  bool fromBlocks(SymbolId S) const { return FromBlocks.count(S) != 0; }

  /// What a value holding a symbol assumes: a divisor (printed) taken as a
  /// multiple of 32, so that a warp's lanes share a quotient, or that a
  /// loop (its line) went on moving values as its first trips did.
  struct Premise {
    enum Kind { Divisor, LoopExit } K;
    std::string Name;
    bool operator<(const Premise &O) const {
      return K != O.K ? K < O.K : Name < O.Name;
    }
  };
  void restsOn(SymbolId S, Premise P) { Premises[S].insert(std::move(P)); }
  /// S's premises, where it has some.
  const std::set<Premise> *premisesOf(SymbolId S) const {
    auto It = Premises.find(S);
    return It == Premises.end() ? nullptr : &It->second;
  }
  bool hasPremises() const { return !Premises.empty(); }
  /// A symbol computed from others (an opaque `(q % H)`) rests on theirs,
  /// and comes from data where one of them does.
  void inheritPremises(SymbolId S, const AffineExpr &From) {
    for (SymbolId F : From.symbols())
      if (fromData(F))
        setFromData(S);
    if (Premises.empty())
      return;
    for (SymbolId F : From.symbols())
      if (const std::set<Premise> *P = premisesOf(F))
        for (const Premise &X : std::set<Premise>(*P))
          restsOn(S, X);
  }

  /// A new lane symbol, Values[L] in lane L.
  SymbolId laneSymbol(std::vector<int64_t> Values) {
    SymbolId S = SymbolId(Names.size());
    Names.emplace_back(); // named by name(), where printed
    Lane.resize(Names.size());
    Bounds.resize(Names.size());
    auto [Min, Max] = std::minmax_element(Values.begin(), Values.end());
    Bounds[S] = {*Min, *Max};
    Lane[S] = std::move(Values);
    return S;
  }
  bool isLane(SymbolId S) const { return S < Lane.size() && !Lane[S].empty(); }
  const std::vector<int64_t> &laneValues(SymbolId S) const { return Lane[S]; }
  /// The least and the greatest of a lane symbol's values.
  std::pair<int64_t, int64_t> laneBounds(SymbolId S) const { return Bounds[S]; }

private:
  std::map<std::string, SymbolId> Ids;
  std::vector<std::string> Names;
  std::map<SymbolId, int64_t> Divisors;
  std::map<SymbolId, std::pair<int64_t, int64_t>> Ranges;
  std::set<SymbolId> NonNegative, FromData, EveryValue, FromBlocks;
  std::map<SymbolId, std::set<Premise>> Premises;
  std::vector<std::vector<int64_t>> Lane; ///< empty for other symbols
  std::vector<std::pair<int64_t, int64_t>> Bounds;
};

} // namespace cal

#endif
