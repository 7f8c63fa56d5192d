//===- WmmaFragments.cpp - wmma::load_matrix_sync and store_matrix_sync ---===//
//
// nvcuda::wmma's loads and stores are templates of crt/mma.hpp over
// builtins (__hmma_m16n16k16_ld_a...) that are not followed. They are the
// instructions nvcc emits for them instead. For an m16n16k16 fragment
// these are (sm_90, cuda-samples/wmma_fragments.cu):
// - a 16-bit matrix_a or matrix_b from shared memory: one ldmatrix .x4,
//   lane l giving the 16-byte row l % 16 at column chunk l / 16 of the
//   stored 16x16 tile (each 8x8 matrix 8 rows of one chunk);
// - one from global memory, stored as the mma reads it (matrix_a row
//   major, matrix_b column major): four 4-byte loads, lane l = 4g + t
//   reading two elements at rows g and g + 8, columns 2t and 2t + 8;
// - a 32-bit accumulator, row major: four 8-byte moves at rows g and
//   g + 8, columns 2t and 2t + 8; column major: eight 4-byte moves, the
//   element at row r, column c stored at c * ldm + r.
// Any other kind, shape or layout is an access not known, with its reason.
//
//===----------------------------------------------------------------------===//
#include "analyzer/KernelEvaluator.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"

#include <array>

using namespace clang;

namespace cal {

namespace {

enum class Use { A, B, Accumulator };

/// What a fragment's type says: fragment<Use, M, N, K, T[, Layout]>.
struct FragmentKind {
  Use U;
  int64_t M, N, K;
  int64_t ElementBytes;
  bool RowMajor; ///< the Layout argument; an accumulator's comes with the call
  std::string Text; ///< "matrix_a 16x16x16 row_major", for the reason
};

std::optional<FragmentKind> fragmentKind(QualType T, ASTContext &Ctx) {
  const auto *TS = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsRecordDecl());
  if (!TS || TS->getName() != "fragment")
    return std::nullopt;
  const TemplateArgumentList &Args = TS->getTemplateArgs();
  if (Args.size() < 5 || Args[0].getKind() != TemplateArgument::Type ||
      Args[4].getKind() != TemplateArgument::Type)
    return std::nullopt;
  FragmentKind F;
  const auto *UseDecl = Args[0].getAsType()->getAsRecordDecl();
  StringRef UseName = UseDecl ? UseDecl->getName() : "";
  if (UseName == "matrix_a")
    F.U = Use::A;
  else if (UseName == "matrix_b")
    F.U = Use::B;
  else if (UseName == "accumulator")
    F.U = Use::Accumulator;
  else
    return std::nullopt;
  int64_t *Dims[] = {&F.M, &F.N, &F.K};
  for (int I = 0; I < 3; ++I) {
    if (Args[1 + I].getKind() != TemplateArgument::Integral)
      return std::nullopt;
    *Dims[I] = Args[1 + I].getAsIntegral().getExtValue();
  }
  // A precision tag (wmma::precision::tf32) is an incomplete type: of no
  // size, not modelled.
  QualType Element = Args[4].getAsType();
  F.ElementBytes = Element->isIncompleteType() || Element->isDependentType()
                       ? 0
                       : int64_t(Ctx.getTypeSizeInChars(Element).getQuantity());
  F.RowMajor = true;
  std::string Layout;
  if (Args.size() > 5 && Args[5].getKind() == TemplateArgument::Type)
    if (const auto *L = Args[5].getAsType()->getAsRecordDecl()) {
      Layout = L->getName().str();
      F.RowMajor = Layout == "row_major";
    }
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressTagKeyword = true;
  Policy.SuppressScope = true;
  F.Text = UseName.str() + " " + std::to_string(F.M) + "x" +
           std::to_string(F.N) + "x" + std::to_string(F.K) + " of " +
           Element.getAsString(Policy) + (Layout.empty() ? "" : " " + Layout);
  return F;
}

/// One instruction of a fragment's move: each warp lane's element (row,
/// column) of the stored tile, and the bytes it moves.
struct FragmentMove {
  int64_t Bytes;
  std::array<std::pair<int64_t, int64_t>, 32> At;
};

/// The moves of an m16n16k16 fragment of kind F (accumulator: RowMajor as
/// the call says) in Space, or none where not modelled. At is of the
/// stored tile: a column-major tile's row is the fragment's column.
std::vector<FragmentMove> fragmentMoves(const FragmentKind &F, MemSpace Space) {
  std::vector<FragmentMove> Out;
  if (F.M != 16 || F.N != 16 || F.K != 16)
    return Out;
  auto Grid = [&](int64_t Bytes, llvm::ArrayRef<int64_t> Rows,
                  llvm::ArrayRef<int64_t> Cols, bool Stored) {
    // Lane 4g + t at row g + R, column 2t + C, for each (R, C) in turn.
    for (int64_t R : Rows)
      for (int64_t C : Cols) {
        FragmentMove &M = Out.emplace_back();
        M.Bytes = Bytes;
        for (int64_t L = 0; L < 32; ++L) {
          int64_t Row = L / 4 + R, Col = 2 * (L % 4) + C;
          M.At[size_t(L)] = Stored ? std::pair{Row, Col} : std::pair{Col, Row};
        }
      }
  };
  if (F.U != Use::Accumulator) {
    if (F.ElementBytes != 2)
      return Out;
    if (Space == MemSpace::Shared) {
      FragmentMove &M = Out.emplace_back();
      M.Bytes = 16;
      for (int64_t L = 0; L < 32; ++L)
        M.At[size_t(L)] = {L % 16, 8 * (L / 16)};
      return Out;
    }
    // Pairs of elements lie side by side where the tile is stored as the
    // mma reads it.
    if (Space == MemSpace::Global && F.RowMajor == (F.U == Use::A))
      Grid(4, {0, 8}, {0, 8}, true);
    return Out;
  }
  if (F.ElementBytes != 4)
    return Out;
  if (F.RowMajor)
    Grid(8, {0, 8}, {0, 8}, true);
  else
    Grid(4, {0, 8}, {0, 1, 8, 9}, false);
  return Out;
}

} // namespace

std::optional<Value> KernelEvaluator::fragmentCall(const CallExpr *E,
                                                   StringRef Name) {
  bool Load = Name == "load_matrix_sync", Store = Name == "store_matrix_sync";
  const FunctionDecl *FD = E->getDirectCallee();
  if ((!Load && !Store) || !FD || E->getNumArgs() < 3 ||
      FD->getQualifiedNameAsString().find("wmma::") == std::string::npos)
    return std::nullopt;
  const Expr *Fragment = E->getArg(Load ? 0 : 1);
  const Expr *Pointer = E->getArg(Load ? 1 : 0);
  std::optional<FragmentKind> F = fragmentKind(Fragment->getType(), Ctx);
  Value Address = eval(Pointer);
  Value Ldm = eval(E->getArg(2));
  if (F && F->U == Use::Accumulator) {
    // The layout is the call's: mem_row_major (0) or mem_col_major (1).
    Value Layout = E->getNumArgs() > 3 ? eval(E->getArg(3)) : Value();
    if (Layout.K == Value::Int && Layout.Offset.isConstant())
      F->RowMajor = Layout.Offset.constantTerm() == 0;
    else
      F.reset();
  }
  AccessOp Op = Load ? AccessOp::Load : AccessOp::Store;
  std::vector<FragmentMove> Moves;
  if (F && Address.K == Value::Pointer && Ldm.K == Value::Int && !varies(Ldm))
    Moves = fragmentMoves(*F, Address.Space);
  if (Moves.empty()) {
    // Never dropped: one access of the fragment, not known.
    Value Unknown = Value::unknown(
        WhyUnknown(UnknownKind::FragmentNotModelled, lineOf(E),
                   F ? F->Text + (Address.K == Value::Pointer
                                      ? std::string(" in ") +
                                            spaceName(Address.Space) + " memory"
                                      : "")
                     : std::string(Name)));
    if (Address.K == Value::Pointer) {
      Unknown.Space = Address.Space;
      Unknown.Base = Address.Base;
    }
    if (Address.K != Value::Pointer || counted(Address))
      accessPiece(E, Op, 0, 1, Unknown, 0, /*Issued=*/true);
  } else if (counted(Address)) {
    // Row r, column c of the stored tile at (r * ldm + c) elements.
    AffineExpr RowBytes = Ldm.Offset * F->ElementBytes;
    for (const FragmentMove &M : Moves) {
      std::vector<int64_t> Rows(Lanes.size()), Cols(Lanes.size());
      for (size_t L = 0; L < Lanes.size(); ++L) {
        auto [R, C] = M.At[size_t(Lanes[L].Lane)];
        Rows[L] = R;
        Cols[L] = C * F->ElementBytes;
      }
      Value At = Address.withOffset(Address.Offset + byLane(Rows) * RowBytes +
                                    byLane(Cols));
      At.LaneVarying = true;
      accessPiece(E, Op, M.Bytes, int(Moves.size()), At, 0, /*Issued=*/true);
    }
  }
  if (Store)
    forgetLoads();
  else if (const VarDecl *VD = slotsVar(evalLValue(Fragment).Address))
    forgetAll(VD, {UnknownKind::ResultOf, 0, Name.str()});
  for (unsigned I = 4; I < E->getNumArgs(); ++I)
    discard(E->getArg(I));
  return Value::unknown(WhyUnknown(UnknownKind::ResultOf, 0, Name.str()));
}

} // namespace cal
