//===- CooperativeGroups.cpp - What a thread block's groups say -----------===//
//
// Cooperative groups name the thread's place in its block through methods
// the CUDA headers define, whose bodies the evaluator does not follow
// (system headers): `block.thread_rank()`, `block.thread_index().x`,
// `tile.meta_group_rank()`. Each is threadIdx and blockDim arithmetic, given
// here by the object's type: a `thread_block` is the block; a
// `thread_block_tile<N>` (from `tiled_partition<N>`) is the N consecutive
// threads of the block, by rank, that hold the lane; a `grid_group` (from
// `this_grid()`) is the grid, blocks ranked x fastest. `sync()` and the
// shuffles are no memory access; what they return is not known.
//
//===----------------------------------------------------------------------===//

#include "analyzer/KernelEvaluator.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace cal {

namespace {

/// A cooperative-groups object's kind, by its type: the block, or a tile of
/// a size known when compiling.
struct GroupKind {
  enum { Block, Tile, Grid } Of;
  int64_t TileSize = 0;
};

/// T's class where it is one of cooperative_groups'.
const CXXRecordDecl *groupClass(QualType T) {
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier())
    return nullptr;
  for (const DeclContext *NS = RD->getEnclosingNamespaceContext();
       NS && !NS->isTranslationUnit(); NS = NS->getParent())
    if (const auto *N = dyn_cast<NamespaceDecl>(NS);
        N && N->getName() == "cooperative_groups")
      return RD;
  return nullptr;
}

std::optional<GroupKind> groupKind(QualType T) {
  const CXXRecordDecl *RD = groupClass(T);
  if (!RD)
    return std::nullopt;
  StringRef Name = RD->getName();
  if (Name == "thread_block")
    return GroupKind{GroupKind::Block};
  if (Name == "grid_group")
    return GroupKind{GroupKind::Grid};
  // thread_block_tile<N, Parent> and the bases the headers give it.
  if (!Name.contains("thread_block_tile"))
    return std::nullopt;
  const auto *TS = dyn_cast<ClassTemplateSpecializationDecl>(RD);
  if (!TS || TS->getTemplateArgs().size() < 1 ||
      TS->getTemplateArgs()[0].getKind() != TemplateArgument::Integral)
    return std::nullopt;
  int64_t N = TS->getTemplateArgs()[0].getAsIntegral().getExtValue();
  if (N <= 0)
    return std::nullopt;
  return GroupKind{GroupKind::Tile, N};
}

std::optional<GroupKind> groupKind(const GroupOf &G) {
  if (G.TileSize > 0)
    return GroupKind{GroupKind::Tile, G.TileSize};
  return groupKind(G.Type);
}

} // namespace

void KernelEvaluator::noteGroup(Frame &F, const VarDecl *VD, const Expr *From) {
  const CXXRecordDecl *RD = groupClass(VD->getType().getNonReferenceType());
  if (!From || !RD || RD->getName() != "thread_group")
    return;
  // Through the copy that converts a block or a tile to its base.
  const Expr *E = From->IgnoreImplicit();
  while (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getNumArgs() != 1)
      return;
    E = CE->getArg(0)->IgnoreImplicit();
  }
  GroupOf G = groupOf(E); // a thread_group passed on, or a group
  // The tile of a size given at run time that `tiled_partition(b, n)`
  // returns, where n is a constant.
  const auto *CE = dyn_cast<CallExpr>(E);
  const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
  Expr::EvalResult Size;
  if (FD && FD->getIdentifier() && FD->getName() == "tiled_partition" &&
      CE->getNumArgs() == 2 &&
      CE->getArg(1)->EvaluateAsInt(Size, FD->getASTContext()) &&
      Size.Val.getInt().isStrictlyPositive())
    G.TileSize = Size.Val.getInt().getExtValue();
  if (groupKind(G))
    F.Groups[VD] = G;
}

std::array<Value, 3> KernelEvaluator::builtinDim3(StringRef Var) {
  // A braced list runs its elements in order.
  return {builtinIndex(Var, 0), builtinIndex(Var, 1), builtinIndex(Var, 2)};
}

Value KernelEvaluator::linearRank(llvm::ArrayRef<Value> Index,
                                  llvm::ArrayRef<Value> Extent, const Expr *E) {
  QualType U = Ctx.UnsignedIntTy;
  Value Plane = arith(BO_Mul, Extent[0], Extent[1], U, E);
  Value R =
      arith(BO_Add, Index[0], arith(BO_Mul, Index[1], Extent[0], U, E), U, E);
  return arith(BO_Add, R, arith(BO_Mul, Index[2], Plane, U, E), U, E);
}

/// The object of `g.f()`, a method static or not: its type as declared,
/// before a conversion to a base class.
static const Expr *groupObject(const CallExpr *E) {
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    return MC->getImplicitObjectArgument()->IgnoreImpCasts();
  if (const auto *ME = dyn_cast<MemberExpr>(E->getCallee()->IgnoreImpCasts()))
    return ME->getBase()->IgnoreImpCasts();
  return nullptr;
}

GroupOf KernelEvaluator::groupOf(const Expr *Object) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Object))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      if (auto It = Frames.back().Groups.find(V);
          It != Frames.back().Groups.end())
        return It->second;
  return {Object->getType()};
}

std::optional<Value> KernelEvaluator::groupCall(const CallExpr *E) {
  const Expr *Object = groupObject(E);
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(E->getDirectCallee());
  if (!Object || !MD || !MD->getIdentifier())
    return std::nullopt;
  std::optional<GroupKind> G = groupKind(groupOf(Object));
  if (!G)
    return std::nullopt;
  StringRef Name = MD->getName();
  int64_t BlockSize = Shape->Block.count();
  QualType U = Ctx.UnsignedIntTy;
  auto Int = [](int64_t C) {
    return Value::invariant(AffineExpr::constant(C));
  };
  // The grid's blocks, and the block's rank in it.
  auto Blocks = [&] {
    auto [Gx, Gy, Gz] = builtinDim3("gridDim");
    return arith(BO_Mul, arith(BO_Mul, Gx, Gy, U, E), Gz, U, E);
  };
  auto BlockRank = [&] {
    std::array<Value, 3> Block = builtinDim3("blockIdx");
    return linearRank(Block, builtinDim3("gridDim"), E);
  };
  Value V;
  switch (G->Of) {
  case GroupKind::Block:
    if (Name == "size" || Name == "num_threads")
      V = Int(BlockSize);
    else if (Name == "thread_rank")
      V = rankInBlock(E);
    else
      return std::nullopt;
    break;
  case GroupKind::Tile:
    if (Name == "size" || Name == "num_threads")
      V = Int(G->TileSize);
    else if (Name == "meta_group_size")
      V = Int((BlockSize + G->TileSize - 1) / G->TileSize);
    else if (Name == "thread_rank")
      V = arith(BO_Rem, rankInBlock(E), Int(G->TileSize), U, E);
    else if (Name == "meta_group_rank")
      V = arith(BO_Div, rankInBlock(E), Int(G->TileSize), U, E);
    else
      return std::nullopt;
    break;
  case GroupKind::Grid:
    if (Name == "size" || Name == "num_threads")
      V = arith(BO_Mul, Blocks(), Int(BlockSize), U, E);
    else if (Name == "num_blocks")
      V = Blocks();
    else if (Name == "block_rank")
      V = BlockRank();
    else if (Name == "thread_rank")
      V = arith(BO_Add, arith(BO_Mul, BlockRank(), Int(BlockSize), U, E),
                rankInBlock(E), U, E);
    else
      return std::nullopt;
    break;
  }
  QualType T = E->getType();
  return T->isIntegralOrEnumerationType() ? convert(V, T) : V;
}

std::optional<Value> KernelEvaluator::groupDim3(const MemberExpr *ME) {
  // `block.thread_index().x`: a field of the dim3 a method returns.
  const Expr *Base = ME->getBase()->IgnoreImplicit();
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(Base))
    Base = MT->getSubExpr()->IgnoreImplicit();
  const auto *CE = dyn_cast<CallExpr>(Base);
  const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
  const Expr *Object = CE ? groupObject(CE) : nullptr;
  const auto *MD =
      CE ? dyn_cast_or_null<CXXMethodDecl>(CE->getDirectCallee()) : nullptr;
  if (!Object || !FD || !MD || !MD->getIdentifier())
    return std::nullopt;
  std::optional<GroupKind> G = groupKind(groupOf(Object));
  if (!G || G->Of == GroupKind::Tile)
    return std::nullopt;
  StringRef Field = FD->getName();
  int Axis = Field == "x" ? 0 : Field == "y" ? 1 : Field == "z" ? 2 : -1;
  if (Axis < 0)
    return std::nullopt;
  StringRef Name = MD->getName();
  const char *Var = nullptr;
  if (G->Of == GroupKind::Block)
    Var = Name == "thread_index"                         ? "threadIdx"
          : Name == "group_index"                        ? "blockIdx"
          : Name == "group_dim" || Name == "dim_threads" ? "blockDim"
                                                         : nullptr;
  else
    Var = Name == "block_index"  ? "blockIdx"
          : Name == "dim_blocks" ? "gridDim"
                                 : nullptr;
  if (!Var)
    return std::nullopt;
  return convert(builtinIndex(Var, Axis), ME->getType());
}

} // namespace cal
