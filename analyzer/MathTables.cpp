//===- MathTables.cpp - What CUDA's math library reads from memory --------===//
//
// The double-precision sine and cosine (sin, cos, sinpi, cospi) evaluate a
// polynomial whose six coefficients the library reads from a table of 16
// doubles in global memory (__cudart_sin_cos_coeffs): the first half or
// the second, as the parity of the argument's quadrant says. nvcc reads
// them in three 16-byte loads at the call's line, which the H200 measured
// (cuda-samples/trig_tables.cu): 1 sector each where the warp's lanes read
// one half, 2 where they read both. The slow path that reduces huge
// arguments reads another table; ordinary arguments never take it.
//
//===----------------------------------------------------------------------===//
#include "analyzer/KernelEvaluator.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace cal {

const VarDecl *KernelEvaluator::coefficientTable() {
  if (!CoefficientTable) {
    QualType T =
        Ctx.getConstantArrayType(Ctx.DoubleTy.withConst(), llvm::APInt(64, 16),
                                 nullptr, ArraySizeModifier::Normal, 0);
    VarDecl *VD = VarDecl::Create(
        Ctx, Ctx.getTranslationUnitDecl(), SourceLocation(), SourceLocation(),
        &Ctx.Idents.get("__cudart_sin_cos_coeffs"), T, nullptr, SC_Static);
    VD->setImplicit();
    CoefficientTable = VD;
  }
  return CoefficientTable;
}

std::optional<Value> KernelEvaluator::trigTableCall(const CallExpr *E,
                                                    StringRef Name) {
  const FunctionDecl *FD = E->getDirectCallee();
  if (E->getNumArgs() != 1 || !FD || FD->getNumParams() != 1 ||
      !FD->getParamDecl(0)->getType()->isSpecificBuiltinType(
          BuiltinType::Double) ||
      !llvm::is_contained({"sin", "cos", "sinpi", "cospi"}, Name) ||
      E->getArg(0)->isValueDependent() || E->getArg(0)->isEvaluatable(Ctx))
    return std::nullopt;
  Value X = eval(E->getArg(0));
  bool Alike = !X.LaneVarying && !X.MixedVarying && !varies(X);
  // Every lane's angle alike: one half, which one not known, 64 bytes in.
  // Else each lane's quadrant decides, and nothing here computes it.
  Value Table = Value::unknown({UnknownKind::AngleQuadrant, 0, Name.str()});
  if (Alike) {
    // One symbol for one function of one value: the same address, a load
    // to reuse. A value computed apart has a reason of its own, even where
    // its words are another's; one with none is this call's alone.
    const void *Identity = X.Reason.empty() ? E : X.Reason.identity();
    std::string Key =
        Name.str() + "|" +
        (X.K == Value::Unknown
             ? std::to_string(uintptr_t(Identity))
             : X.Offset.print([&](SymbolId S) { return Syms.name(S); }));
    auto [It, New] = Quadrants.try_emplace(Key);
    if (New)
      It->second = {Syms.get("(quadrant(" + textName(E, Name) + ") % 2)"),
                    X.Reason};
    Table = Value::pointer(coefficientTable(), MemSpace::Global,
                           AffineExpr::symbol(It->second.first) * 64);
  }
  Table.Base = coefficientTable();
  Table.Space = MemSpace::Global;
  if (counted(Table))
    for (int64_t At = 0; At < 48; At += 16)
      accessPiece(E, AccessOp::Load, 16, 3, Alike ? Table.plus(At) : Table, 0);
  Value Result = Value::unknown({UnknownKind::ResultOf, 0, Name.str()});
  Result.LaneVarying = !Alike;
  return Result;
}

} // namespace cal
