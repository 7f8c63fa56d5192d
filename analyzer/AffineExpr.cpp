#include "analyzer/AffineExpr.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <numeric>

namespace cal {

AffineExpr AffineExpr::constant(int64_t C) {
  AffineExpr E;
  E.add({}, C);
  return E;
}

AffineExpr AffineExpr::symbol(SymbolId S) {
  AffineExpr E;
  E.add(Monomial::of(S), 1);
  return E;
}

void AffineExpr::add(Monomial M, int64_t C) {
  if (C == 0)
    return;
  auto It = std::lower_bound(Sum.begin(), Sum.end(), M,
                             [](const std::pair<Monomial, int64_t> &T,
                                Monomial K) { return T.first < K; });
  if (It == Sum.end() || It->first != M) {
    Sum.insert(It, {M, C});
    return;
  }
  It->second = wrapAdd(It->second, C);
  if (It->second == 0)
    Sum.erase(It);
}

bool AffineExpr::isConstant() const {
  return Sum.empty() || (Sum.size() == 1 && Sum.front().first.empty());
}

int64_t AffineExpr::constantTerm() const {
  // The empty monomial sorts first.
  return !Sum.empty() && Sum.front().first.empty() ? Sum.front().second : 0;
}

std::vector<SymbolId> AffineExpr::symbols() const {
  std::vector<SymbolId> Out;
  for (const auto &[M, C] : Sum)
    Out.insert(Out.end(), M.begin(), M.end());
  std::sort(Out.begin(), Out.end());
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

AffineExpr AffineExpr::operator+(const AffineExpr &O) const {
  // A merge of two sorted lists.
  AffineExpr R;
  auto A = Sum.begin(), B = O.Sum.begin();
  while (A != Sum.end() || B != O.Sum.end()) {
    if (B == O.Sum.end() || (A != Sum.end() && A->first < B->first))
      R.Sum.push_back(*A++);
    else if (A == Sum.end() || B->first < A->first)
      R.Sum.push_back(*B++);
    else {
      if (int64_t C = wrapAdd(A->second, B->second))
        R.Sum.push_back({A->first, C});
      ++A;
      ++B;
    }
  }
  return R;
}

AffineExpr AffineExpr::operator-(const AffineExpr &O) const {
  return *this + O * -1;
}

AffineExpr AffineExpr::operator*(int64_t K) const {
  AffineExpr R;
  for (const auto &[M, C] : Sum)
    if (int64_t P = wrapMul(C, K)) // 2^32 * 2^32 wraps to 0
      R.Sum.push_back({M, P});
  return R;
}

AffineExpr AffineExpr::operator*(const AffineExpr &O) const {
  AffineExpr R;
  for (const auto &[M1, C1] : Sum)
    for (const auto &[M2, C2] : O.Sum) {
      R.add(M1 * M2, wrapMul(C1, C2));
    }
  return R;
}

int64_t AffineExpr::symbolicGcd() const {
  uint64_t G = 0; // unsigned: |INT64_MIN| fits
  for (const auto &[M, C] : Sum)
    if (!M.empty())
      G = std::gcd(G, C < 0 ? 0 - uint64_t(C) : uint64_t(C));
  return int64_t(G);
}

std::optional<AffineExpr> AffineExpr::divideBy(int64_t D) const {
  if (D <= 0)
    return std::nullopt;
  if (isConstant())
    return constant(constantTerm() / D);
  int64_t C = constantTerm();
  if (symbolicGcd() % D != 0 || C < 0)
    return std::nullopt;
  AffineExpr R;
  for (const auto &[M, K] : Sum)
    R.add(M, M.empty() ? C / D : K / D);
  return R;
}

std::optional<int64_t> AffineExpr::remainder(int64_t D) const {
  if (D <= 0)
    return std::nullopt;
  if (isConstant())
    return constantTerm() % D;
  if (symbolicGcd() % D != 0 || constantTerm() < 0)
    return std::nullopt;
  return constantTerm() % D;
}

AffineExpr
AffineExpr::filter(llvm::function_ref<bool(const Monomial &)> Keep) const {
  AffineExpr R;
  for (const auto &T : Sum)
    if (Keep(T.first))
      R.Sum.push_back(T);
  return R;
}

AffineExpr AffineExpr::bind(
    llvm::function_ref<std::optional<int64_t>(SymbolId)> ValueOf) const {
  // Terms with no known symbol keep their order and are copied as they
  // are; the others are added in after them, merged where they meet one.
  AffineExpr R;
  llvm::SmallVector<bool, 4> Known;
  for (const auto &[M, C] : Sum) {
    Known.push_back(
        llvm::any_of(M, [&](SymbolId S) { return ValueOf(S).has_value(); }));
    if (!Known.back())
      R.Sum.push_back({M, C});
  }
  llvm::SmallVector<SymbolId, 4> Rest;
  for (size_t I = 0; I < Sum.size(); ++I) {
    if (!Known[I])
      continue;
    int64_t K = Sum[I].second;
    Rest.clear();
    for (SymbolId S : Sum[I].first)
      if (std::optional<int64_t> V = ValueOf(S))
        K = wrapMul(K, *V);
      else
        Rest.push_back(S);
    R.add(Monomial::of(Rest), K);
  }
  return R;
}

std::string
AffineExpr::print(const std::function<std::string(SymbolId)> &NameOf) const {
  if (Sum.empty())
    return "0";
  std::string Out;
  // Print symbolic terms first, the constant last: "4*tid.x + 1024*bid.x + 4".
  auto Emit = [&](const Monomial &M, int64_t C) {
    bool Neg = C < 0;
    uint64_t A = Neg ? 0 - uint64_t(C) : uint64_t(C); // |INT64_MIN| fits
    if (Out.empty())
      Out += Neg ? "-" : "";
    else
      Out += Neg ? " - " : " + ";
    std::string Body;
    for (SymbolId S : M)
      Body += (Body.empty() ? "" : "*") + NameOf(S);
    if (Body.empty())
      Out += std::to_string(A);
    else
      Out += (A == 1 ? "" : std::to_string(A) + "*") + Body;
  };
  for (const auto &[M, C] : Sum)
    if (!M.empty())
      Emit(M, C);
  if (int64_t C = constantTerm())
    Emit(Monomial(), C);
  return Out;
}

} // namespace cal
