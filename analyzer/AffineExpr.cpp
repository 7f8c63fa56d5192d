#include "analyzer/AffineExpr.h"

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
  E.add({S}, 1);
  return E;
}

void AffineExpr::add(const Monomial &M, int64_t C) {
  if (C == 0)
    return;
  int64_t &Slot = Terms[M];
  Slot += C;
  if (Slot == 0)
    Terms.erase(M);
}

bool AffineExpr::isConstant() const {
  return Terms.empty() || (Terms.size() == 1 && Terms.begin()->first.empty());
}

int64_t AffineExpr::constantTerm() const {
  auto It = Terms.find({});
  return It == Terms.end() ? 0 : It->second;
}

bool AffineExpr::sameSymbolicPart(const AffineExpr &O) const {
  auto A = Terms.begin(), B = O.Terms.begin();
  // The constant term, the empty monomial, sorts first.
  if (A != Terms.end() && A->first.empty())
    ++A;
  if (B != O.Terms.end() && B->first.empty())
    ++B;
  return std::equal(A, Terms.end(), B, O.Terms.end());
}

std::vector<SymbolId> AffineExpr::symbols() const {
  std::vector<SymbolId> Out;
  for (const auto &[M, C] : Terms)
    Out.insert(Out.end(), M.begin(), M.end());
  std::sort(Out.begin(), Out.end());
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

AffineExpr AffineExpr::operator+(const AffineExpr &O) const {
  AffineExpr R = *this;
  for (const auto &[M, C] : O.Terms)
    R.add(M, C);
  return R;
}

AffineExpr AffineExpr::operator-(const AffineExpr &O) const {
  return *this + O * -1;
}

AffineExpr AffineExpr::operator*(int64_t K) const {
  AffineExpr R;
  for (const auto &[M, C] : Terms)
    R.add(M, C * K);
  return R;
}

AffineExpr AffineExpr::operator*(const AffineExpr &O) const {
  AffineExpr R;
  for (const auto &[M1, C1] : Terms)
    for (const auto &[M2, C2] : O.Terms) {
      Monomial M = M1;
      M.insert(M.end(), M2.begin(), M2.end());
      std::sort(M.begin(), M.end());
      R.add(M, C1 * C2);
    }
  return R;
}

int64_t AffineExpr::symbolicGcd() const {
  int64_t G = 0;
  for (const auto &[M, C] : Terms)
    if (!M.empty())
      G = std::gcd(G, C < 0 ? -C : C);
  return G;
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
  for (const auto &[M, K] : Terms)
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

int64_t
AffineExpr::evaluate(const std::function<int64_t(SymbolId)> &ValueOf) const {
  int64_t Sum = 0;
  for (const auto &[M, C] : Terms) {
    int64_t P = C;
    for (SymbolId S : M)
      P *= ValueOf(S);
    Sum += P;
  }
  return Sum;
}

AffineExpr AffineExpr::bind(
    llvm::function_ref<std::optional<int64_t>(SymbolId)> ValueOf) const {
  AffineExpr R;
  Monomial Rest;
  for (const auto &[M, C] : Terms) {
    int64_t K = C;
    Rest.clear();
    for (SymbolId S : M)
      if (std::optional<int64_t> V = ValueOf(S))
        K *= *V;
      else
        Rest.push_back(S);
    R.add(Rest, K);
  }
  return R;
}

std::string
AffineExpr::print(const std::function<std::string(SymbolId)> &NameOf) const {
  if (Terms.empty())
    return "0";
  std::string Out;
  // Print symbolic terms first, the constant last: "4*tid.x + 1024*bid.x + 4".
  auto Emit = [&](const Monomial &M, int64_t C) {
    bool Neg = C < 0;
    int64_t A = Neg ? -C : C;
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
  for (const auto &[M, C] : Terms)
    if (!M.empty())
      Emit(M, C);
  if (int64_t C = constantTerm())
    Emit({}, C);
  return Out;
}

} // namespace cal
