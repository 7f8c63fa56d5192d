//===- SharedWindow.cpp - Shared addresses held as 32-bit integers --------===//
//
// Hand-tuned kernels keep shared addresses in registers of their own:
// `cvta.to.shared` in inline PTX or __cvta_generic_to_shared() turns a
// pointer into its address in the shared window, integer arithmetic moves
// it (`addr ^= 0x2000` switches a double buffer), and `ld.shared [%0]`
// reads through it. The window address of an object is a symbol, a
// multiple of the object's alignment, so that the arithmetic stays exact
// and the address turns back into the pointer it came from.
//
//===----------------------------------------------------------------------===//
#include "analyzer/KernelEvaluator.h"

using namespace clang;

namespace cal {

Value KernelEvaluator::sharedWindowAddress(const Value &P, WhyUnknown Why) {
  if (P.K == Value::Unknown)
    return P;
  if (P.K != Value::Pointer || P.Space != MemSpace::Shared || !P.Base)
    return Value::unknown(std::move(Why));
  SymbolId S = windowOf(P.Base);
  Value V = Value::integer(AffineExpr::symbol(S) + P.Offset);
  V.varyLike(P);
  return V;
}

SymbolId KernelEvaluator::windowOf(const ValueDecl *Object) {
  for (const auto &[S, D] : SharedWindows)
    if (D == Object)
      return S;
  // Two objects of one name (a `__shared__ float s[]` in each of two
  // helpers) are two symbols.
  std::string Name = Object->getNameAsString();
  unsigned Same = llvm::count_if(SharedWindows, [&](const auto &W) {
    return W.second->getNameAsString() == Name;
  });
  if (Same)
    Name += "#" + std::to_string(Same + 1);
  SymbolId S = Syms.get("__cvta_generic_to_shared(" + Name + ")");
  Syms.setNonNegative(S);
  Syms.setDivisor(S, Ctx.getDeclAlign(Object).getQuantity());
  SharedWindows[S] = Object;
  return S;
}

std::optional<Value> KernelEvaluator::fromSharedWindow(const Value &A) {
  if (A.K != Value::Int)
    return std::nullopt;
  std::optional<SymbolId> Window;
  for (const auto &[M, Coeff] : A.Offset.terms())
    for (SymbolId S : M) {
      if (!SharedWindows.count(S))
        continue;
      // One object's address, once: anything else is no address in it.
      if (Window || M.size() != 1 || Coeff != 1)
        return std::nullopt;
      Window = S;
    }
  if (!Window)
    return std::nullopt;
  Value P = Value::pointer(SharedWindows[*Window], MemSpace::Shared,
                           A.Offset - AffineExpr::symbol(*Window));
  P.varyLike(A);
  P.PaddingMoves = true; // integer arithmetic says nothing of rows
  return P;
}

} // namespace cal
