//===- KernelEvaluator.h - Runs the lanes of a kernel symbolically -------===//
//
// An interpreter over the Clang AST of a kernel. It runs threads with
// concrete blockDim and symbolic lane-invariant values (blockIdx, integer
// parameters without a known value), follows locals, branches, loops and
// __device__ calls, and reports every global and shared memory access with
// its byte address. Whatever it cannot know becomes an unknown value with the
// reason, never a guess.
//
// It runs either one lane with a concrete threadIdx, or many lanes at once as
// a GPU does: threadIdx is then a lane symbol, anything that is not a sum or
// product is computed lane by lane, and lanes that branch differently run
// under a lane mask. Lanes together give the same events as one lane at a
// time; where they would not (lanes that break out of a loop apart), the run
// says diverged() and the caller runs the lanes one at a time.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_KERNELEVALUATOR_H
#define CUDA_ACCESS_LINT_KERNELEVALUATOR_H

#include "analyzer/AccessSink.h"
#include "analyzer/ConstantTables.h"
#include "analyzer/LaneSet.h"
#include "analyzer/LaunchShape.h"
#include "analyzer/RangeFacts.h"
#include "analyzer/SetLanes.h"
#include "analyzer/SymbolTable.h"
#include "analyzer/Value.h"
#include "analyzer/WarpLayout.h"
#include "analyzer/WhatIf.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <array>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <vector>

namespace cal {

/// Whether evaluating S again reads no memory and calls nothing but the
/// builtins that read threadIdx and its kin.
bool readsNoMemory(const clang::Stmt *S);

struct EvalLimits {
  int MaxLoopTrips = 64;    ///< iterations evaluated per loop, at most
  int UnknownLoopTrips = 8; ///< iterations when the exit is not decidable
  /// Nested __device__ calls followed. CuTe reaches a register of a local
  /// tensor through more than 12 nested accessors (20 follow all of
  /// tiled_copy_if's), and a call cut short that returns a reference is an
  /// access at an address not known.
  int MaxCallDepth = 24;
  int64_t MaxSteps = 400000; ///< expressions evaluated per lane
  /// Expressions evaluated per kernel and launch shape, over all its lanes:
  /// loops nested under MaxLoopTrips each stay under MaxSteps in every lane
  /// and would still take minutes over 256 lanes.
  int64_t MaxTotalSteps = 20000000;
  /// Statements and expressions nested in one another, at most: a 4000-term
  /// macro expansion nests 4000 deep, and each level takes stack.
  int MaxDepth = 10000;

  /// The budget a user sets (--max-steps): PerLane expressions a lane, the
  /// kernel's total in the same proportion as the defaults'.
  void setSteps(int64_t PerLane) {
    MaxSteps = PerLane;
    MaxTotalSteps = PerLane * 50;
  }
};

/// A cooperative group as its type says, or a tile of TileSize threads
/// where that is not 0 (the `thread_group` `tiled_partition(b, n)` makes).
struct GroupOf {
  clang::QualType Type;
  int64_t TileSize = 0;
};

class KernelEvaluator {
public:
  KernelEvaluator(clang::ASTContext &Ctx, SymbolTable &Syms, EvalLimits L,
                  const WhatIf &Change)
      : Ctx(Ctx), Syms(Syms), Facts(Syms), Limits(L), Change(Change) {}

  /// What the file puts in its __constant__ arrays: loads of them at a
  /// known index are that number.
  void useConstants(const ConstantTables &C) { Constants = &C; }
  /// AnalyzerOptions::ReuseLaneAddresses.
  void reuseLaneAddresses(bool Reuse) { ReuseLaneAddresses = Reuse; }
  /// Runs the lanes of Set together (one at a time when there is one).
  void run(const clang::FunctionDecl *Kernel, const LaunchShape &Shape,
           const LaneSet &Set, AccessSink &Sink);
  /// After a run that ran out of steps: walks the kernel once more, each
  /// loop once, and records the accesses no run reached as unknown for the
  /// budget, so that none is lost.
  void skim(const clang::FunctionDecl *Kernel, const LaunchShape &Shape,
            const LaneSet &Set, AccessSink &Sink);
  /// Whether the lanes run together parted in a way the lane mask does not
  /// model; the events are then incomplete.
  bool diverged() const { return Diverged; }

  /// What runs leave to the kernel's later runs: a run whose events are
  /// dropped gives it back, as if it had not run.
  struct Spent {
    int64_t TotalSteps;
    bool BudgetHit, CallsCut, BlockDecidesIndex;
    std::set<const clang::Stmt *> Truncated;
    std::set<unsigned> Indirect;
  };
  Spent spent() const {
    return {TotalSteps,        BudgetHit, CallsCut,
            BlockDecidesIndex, Truncated, Indirect};
  }
  void giveBack(Spent S) {
    TotalSteps = S.TotalSteps;
    BudgetHit = S.BudgetHit;
    CallsCut = S.CallsCut;
    BlockDecidesIndex = S.BlockDecidesIndex;
    Truncated = std::move(S.Truncated);
    Indirect = std::move(S.Indirect);
  }

  /// Loops that were cut short, in any lane so far.
  const std::set<const clang::Stmt *> &truncatedLoops() const {
    return Truncated;
  }
  /// Whether some lane ran out of steps (its accesses after that are lost).
  bool budgetExhausted() const { return BudgetHit; }
  /// Whether some loop ran more trips than UnknownLoopTrips: a run with
  /// MaxLoopTrips cut to those would differ.
  bool loopsPastFewTrips() const { return PastFewTrips; }
  /// Whether a call was not followed, nested deeper than MaxCallDepth (its
  /// accesses are lost).
  bool callsCut() const { return CallsCut; }
  /// The lines of calls through a pointer, whose callees were not followed
  /// (their accesses are lost).
  const std::set<unsigned> &indirectCalls() const { return Indirect; }
  /// Whether an index was not linear in blockIdx alone (the other values
  /// known): evaluated for given blocks, it would be known.
  bool blockDecidesIndex() const { return BlockDecidesIndex; }
  /// Whether two pointers that padding may move (Value::PaddingMoves) were
  /// compared or subtracted: padding would carry into integers and
  /// conditions, where no flag follows it.
  bool paddingEscaped() const { return PaddingEscaped; }
  /// Where the last run's lanes parted because they held pointers into
  /// different arrays (`thread_id < kThreads ? scale : bias`), its lanes
  /// grouped by that array; where they parted because some knew a local
  /// and others did not (`if (uniform_unknown) lane = 0;`), those that knew
  /// and those that did not; the lanes not running there last. Else empty.
  /// Each group may run together as far as its own lanes agree.
  const std::vector<std::vector<LaneInfo>> &parted() const { return Parted; }

private:
  /// How a statement ends; Goto: to GotoTarget, a later statement of an
  /// enclosing block.
  enum class Flow { Normal, Break, Continue, Return, Goto };
  enum class Truth { False, True, Unknown };
  /// A local variable, or one scalar of a local struct or array: Bytes at
  /// Offset in Var, as the lane's registers hold it.
  struct Slot {
    const clang::VarDecl *Var;
    int64_t Offset = -1, Bytes = 0; ///< -1: the variable itself
    Slot(const clang::VarDecl *V) : Var(V) {}
    Slot(const clang::VarDecl *V, int64_t Off, int64_t N)
        : Var(V), Offset(Off), Bytes(N) {}
    bool operator<(const Slot &O) const {
      return std::tie(Var, Offset, Bytes) < std::tie(O.Var, O.Offset, O.Bytes);
    }
  };
  using Env = std::map<Slot, Value>;
  using LaneMask = llvm::BitVector;
  /// A condition's truth in each active lane.
  struct LaneTruth {
    LaneMask T, F, U;
    /// Every active lane has the same truth, known or not: a condition on
    /// values the lanes share.
    bool Uniform = false;
    /// What holds in the lanes where the condition is true, and where it is
    /// false (`x < n`: x < n, and n < x + 1).
    llvm::SmallVector<StrictBound, 1> IfTrue, IfFalse;
    /// Why the truth is not known, where a value not known decides it.
    WhyUnknown Undecided;
    /// Whether one active lane at most may be true (`x == n`, the lanes'
    /// x apart), or false (`x != n`): which one is for n to say.
    bool OneTrue = false, OneFalse = false;
    /// Whether the lanes where it is true (false) are one of several groups
    /// of lanes alike (`x == w - 1` in a 2-D block: one column's lanes),
    /// or one lane of each of two sides: which ones, an unknown decides.
    bool SomeTrue = false, SomeFalse = false;
    /// Why the lanes that go each way are not known: a value not known that
    /// lanes may see apart (none where the lanes share it).
    WhyUnknown picksLanes() const { return Uniform ? WhyUnknown() : Undecided; }
  };

  /// A kernel parameter passed by value, or a field of one (`p.in`).
  struct ParamPath {
    const clang::ParmVarDecl *Param;
    llvm::SmallVector<const clang::FieldDecl *, 4> Fields;
  };

  struct Frame {
    const clang::FunctionDecl *Function;
    Env Locals;
    std::map<const clang::VarDecl *, LValue> Refs;
    /// Struct parameters given a kernel parameter's struct unchanged: their
    /// fields are the kernel's, the same in every lane.
    std::map<const clang::VarDecl *, ParamPath> Structs;
    LaneMask Returned; ///< lanes that left this call
    /// What the lanes that returned returned.
    std::vector<std::pair<LaneMask, Value>> Results;
    /// A method's object, where it is a kernel's struct parameter (or a
    /// struct in one): `this->data` is that parameter's field.
    std::optional<ParamPath> This;
    /// A method's object elsewhere: its address (a local, global or shared
    /// object).
    std::optional<Value> Object;
    /// The local whose slots a returned struct initializes, and what each
    /// group of lanes that returned left there.
    std::optional<Value> ResultAt;
    std::vector<std::pair<LaneMask, Env>> ResultObjects;
    /// Locals of the frames below that this call writes: moved here at the
    /// first write, so that its branches merge them as its own, and moved
    /// back when it returns.
    llvm::SmallVector<const clang::VarDecl *, 2> Borrowed;
    /// Function pointer parameters given a function by name: what a call
    /// through them calls.
    std::map<const clang::VarDecl *, const clang::FunctionDecl *> Functions;
    /// The call or construction that made this frame; none for the kernel.
    const clang::Expr *Call = nullptr;
    /// `thread_group` parameters and locals given a group of a known kind
    /// (`reduce_sum(this_thread_block(), ...)`, `tiled_partition(b, 32)`).
    std::map<const clang::VarDecl *, GroupOf> Groups;
  };

  Flow exec(const clang::Stmt *S);
  Flow execIf(const clang::IfStmt *S);
  /// Both branches of S, its condition LT unknown in every active lane (the
  /// same in all where LT.Uniform).
  Flow execBothBranches(const clang::IfStmt *S, const LaneTruth &LT);
  /// The local that S, an `if` with no else, stores to and nothing else:
  /// one assignment of a scalar of this frame from an expression that
  /// stores nothing and calls nothing.
  const clang::VarDecl *onlyStoredLocal(const clang::IfStmt *S);
  /// What a local holds after an `if` whose condition, the same in every
  /// lane, is not known: Then or Else. Where they differ by an amount the
  /// lanes share, the lanes' part and a new symbol for the rest; else
  /// std::nullopt.
  std::optional<Value> eitherBranch(const Slot &Key, const clang::IfStmt *S,
                                    const Value &Then, const Value &Else);
  /// A pointer to A's or B's array at one offset, named VD, where the two
  /// are kernel arrays that give the same addresses.
  std::optional<Value> eitherArray(const clang::VarDecl *VD, const Value &A,
                                   const Value &B);
  /// `c ? a : b` where c is not known in any lane, the sides' values A and
  /// B: where they agree, their value; else unknown.
  Value eitherSide(const LaneTruth &LT, const clang::ConditionalOperator *CO,
                   const Value &A, const Value &B);
  Flow execSplitIf(const clang::IfStmt *S, const LaneTruth &LT);
  /// Where lanes ran their own ways from Before (a split `if`, a switch):
  /// the frame they meet in after, with the lanes that returned and what,
  /// and the lanes that go on.
  void meet(Frame Before, const LaneMask &Returned,
            std::vector<std::pair<LaneMask, Value>> Results,
            const LaneMask &Running);
  /// EachTrip runs before Body on every trip (a range-for's loop variable).
  Flow execLoop(const clang::Stmt *Loop, const clang::Stmt *Init,
                const clang::Expr *Cond, const clang::Expr *Inc,
                const clang::Stmt *Body, bool CondFirst,
                const clang::Stmt *EachTrip = nullptr);
  void declare(const clang::VarDecl *VD);

  Value eval(const clang::Expr *E);
  /// What eval() gives E before looking at its kind: the budget's unknown,
  /// or its value as a constant expression; std::nullopt to go on.
  std::optional<Value> before(const clang::Expr *E);
  LValue evalLValue(const clang::Expr *E);
  /// Whether E is an object of the lane's own (a local, a part of one, or
  /// what a method of one returns, ownObjectCall) that holds no pointer.
  bool ownObject(const clang::Expr *E) const;
  /// Whether CE is a method of such an object with no pointer argument: a
  /// reference it returns can only be into the object.
  bool ownObjectCall(const clang::CallExpr *CE) const;
  /// What Address points to, of type T: memory, or a scalar local whose
  /// address was taken.
  LValue pointedTo(Value Address, clang::QualType T);
  /// evalLValue() before it gives an unsupported lvalue its reason.
  LValue lvalue(const clang::Expr *E);
  void discard(const clang::Expr *E);
  Value evalCast(const clang::CastExpr *E);
  /// The value of a field of a kernel parameter passed by value (`p.n`,
  /// `p.in.ptr`, also through __device__ functions it is passed to), the
  /// same in every lane; std::nullopt for any other expression.
  std::optional<Value> parameterField(const clang::Expr *E);
  /// E as a kernel parameter passed by value or a field of one.
  std::optional<ParamPath> paramPath(const clang::Expr *E);
  std::optional<ParamPath> capturePath(const clang::DeclRefExpr *DRE);
  /// An integer kernel parameter (or field of one) named Name: its value at
  /// the launch site or from --assume, else a symbol of that name.
  Value integerParameter(std::string Name);
  Value evalUnary(const clang::UnaryOperator *E);
  Value evalBinary(const clang::BinaryOperator *E);
  Value evalCall(const clang::CallExpr *E);
  /// T's pointee type; null where T is not a pointer.
  static clang::QualType pointee(clang::QualType T);
  /// __popc, __clz, __ffs, __brev (and their ll kin) of E's argument, lane
  /// by lane; std::nullopt for other names.
  std::optional<Value> bitIntrinsic(const clang::CallExpr *E,
                                    llvm::StringRef Name);
  Value evalBuiltinVar(const clang::PseudoObjectExpr *E);
  /// threadIdx, blockIdx, blockDim or gridDim (Var) along Axis (0 to 2).
  Value builtinIndex(llvm::StringRef Var, int Axis);
  // CooperativeGroups.cpp: a thread block's groups, by their types.
  /// Var's x, y and z (builtinIndex), made in that order: a symbol's
  /// number, and so the order an address prints in, follows its first use.
  std::array<Value, 3> builtinDim3(llvm::StringRef Var);
  /// The rank of Index among Extent's indices, x fastest.
  Value linearRank(llvm::ArrayRef<Value> Index, llvm::ArrayRef<Value> Extent,
                   const clang::Expr *E);
  /// The thread's rank in its block.
  Value rankInBlock(const clang::Expr *E) {
    return linearRank(Tid, builtinDim3("blockDim"), E);
  }
  /// A method of a cooperative group (`tile.thread_rank()`); std::nullopt
  /// where E is no such call.
  std::optional<Value> groupCall(const clang::CallExpr *E);
  /// `block.thread_index().x` and kin.
  std::optional<Value> groupDim3(const clang::MemberExpr *ME);
  /// The group Object is: of its own type, or a `thread_group`'s noted one.
  GroupOf groupOf(const clang::Expr *Object);
  /// Where VD is a `thread_group` that From gives a group of a known kind,
  /// notes that group in F.
  void noteGroup(Frame &F, const clang::VarDecl *VD, const clang::Expr *From);
  /// V as Var, of type T (a Parameter of a call or kernel), holds it.
  Value held(const Value &V, clang::QualType T, const clang::ValueDecl *Var,
             bool Parameter);
  Value load(const LValue &LV, const clang::Expr *Site, clang::QualType T);
  /// An integer that every lane computes alike from a float not followed
  /// (`(int)sqrtf(size)`): a symbol of the warp named by its text and line;
  /// from data where the float was read from memory.
  Value alikeInteger(const clang::Expr *E, const Value &Float);
  /// E's source text, then Part, then its line, as a symbol's name
  /// ("sqrtf((float)n)@38", "blocks[blockid].start@124"); Long stands for
  /// a text too long to read.
  std::string textName(const clang::Expr *E, llvm::StringRef Long,
                       llvm::StringRef Part = "");
  /// What Site's load of a T at Address (global, shared or constant) gives;
  /// Part names the scalar where Site loads a whole object (".start").
  Value loadedValue(const Value &Address, clang::QualType T,
                    const clang::Expr *Site, llvm::StringRef Part = "");
  void store(const LValue &LV, const clang::Expr *Site, clang::QualType T,
             Value V);
  /// Records an access of a T at Address: a struct that no one instruction
  /// moves (a float3, 12 bytes aligned to 4) as the pieces nvcc moves it
  /// in, each of its alignment.
  void access(const clang::Expr *Site, AccessOp Op, clang::QualType T,
              const Value &Address, int LaneBytes = 0);
  /// The bytes of each instruction that moves a whole T.
  int64_t pieceBytes(clang::QualType T);
  /// Records one instruction's access; an Issued load (inline asm's) is
  /// made each time, never a load the compiler reuses.
  void accessPiece(const clang::Expr *Site, AccessOp Op, int64_t Bytes,
                   int Pieces, const Value &Address, int LaneBytes,
                   bool Issued = false);
  /// Whether an access at Address is one of the memory the analyzer counts.
  bool counted(const Value &Address) const;

  Value arith(clang::BinaryOperatorKind Op, const Value &L, const Value &R,
              clang::QualType T, const clang::Expr *E);
  Value pointerOffset(const Value &P, const Value &Index,
                      clang::QualType PointeeType, bool Subtract);
  Value convert(const Value &V, clang::QualType To);
  Truth truth(const Value &V);
  Truth compare(clang::BinaryOperatorKind Op, const Value &L, const Value &R);
  /// Op on L - R, from the signs of its symbolic terms (all positive, all
  /// negative) and its constant term C.
  static Truth decide(clang::BinaryOperatorKind Op, bool AllPos, bool AllNeg,
                      int64_t C);

  // Lanes together (LanesTogether.cpp).
  LaneTruth noTruth() const;
  LaneTruth condition(const clang::Expr *E);
  LaneTruth logical(const clang::BinaryOperator *E);
  /// LT with the bounds that the comparison L Op R gives its branches, and
  /// the reason of an operand not known.
  static LaneTruth withBounds(LaneTruth LT, clang::BinaryOperatorKind Op,
                              const Value &L, const Value &R);
  LaneTruth truths(const Value &V);
  /// RangeFacts::margin(D, R) in each active lane, its lane symbols taking
  /// the lane's values in D, R and the facts alike, as a lane run alone
  /// finds it (indexed by lane; std::nullopt where no fact bounds it).
  std::vector<std::optional<int64_t>> laneMargins(const AffineExpr &D,
                                                  const AffineExpr &R) const;
  /// LT with its undecided lanes decided where a guard's fact settles the
  /// comparison L Op R, lane by lane.
  LaneTruth byGuards(LaneTruth LT, clang::BinaryOperatorKind Op, const Value &L,
                     const Value &R);
  Value fromTruths(const LaneTruth &LT, const clang::Expr *E);
  /// Each group of active lanes (condition true, false, unknown) computes
  /// its value with Way under its own mask; the values meet lane by lane.
  Value eachWay(const LaneTruth &LT, llvm::function_ref<Value(Truth)> Way);
  bool varies(const Value &V) const;
  /// Whether each warp's active lanes hold V alike: its lane symbols each
  /// take one value per warp.
  bool sharedByWarp(const Value &V) const;
  /// Unknown for Why, and alike in every lane where all of From are (a
  /// float computed from a kernel's arguments).
  Value derivedUnknown(WhyUnknown Why,
                       llvm::ArrayRef<const Value *> From) const;
  Value at(const Value &V, unsigned Lane) const;
  Value gather(const std::vector<Value> &PerLane);
  /// A local's value as the active lanes read it: where it is held apart
  /// (Value::Apart), what they all know, or unknown where none knows it;
  /// where some know it, they part (Diverged).
  Value readSlot(const Value &V);
  /// gather's answer within a merge where lanes that know a local and
  /// lanes that do not meet (Value::Apart); std::nullopt where the lanes
  /// that do not know differ in why.
  std::optional<Value> heldApart(const std::vector<Value> &PerLane);
  /// F(lane) for every active lane, gathered; once when !Varies.
  template <class Fn> Value perLane(bool Varies, Fn F);
  /// A or B per active lane, each taken where its mask is set.
  Value select(const std::vector<std::pair<const LaneMask *, Value>> &Parts);
  /// A where A and B agree, per lane, else Differ.
  Value agree(const Value &A, const Value &B, const Value &Differ);
  bool fitsEveryLane(const AffineExpr &E, unsigned Width, bool Signed) const;
  /// E as its terms free of lane symbols (no constant) and its terms of lane
  /// symbols alone (with the constant); std::nullopt when a term mixes them.
  std::optional<std::pair<AffineExpr, AffineExpr>>
  splitByLane(const AffineExpr &E) const;
  /// E in each active lane, its lane symbols bound as at() binds them: the
  /// monomials left (sorted, none empty), and each lane's coefficients of
  /// them and its constant.
  struct LaneRows {
    llvm::SmallVector<Monomial, 2> Monomials;
    std::vector<int64_t> Coefficients; ///< Monomials.size() per lane
    std::vector<int64_t> Constants;
  };
  LaneRows ownRows(const AffineExpr &E) const;
  /// A sum of lane symbols alone, in each active lane (0 in the others).
  std::vector<int64_t> inLanes(const AffineExpr &LanePart) const {
    std::vector<int64_t> Out;
    inLanes(LanePart, Out);
    return Out;
  }
  /// The same into Out, whose storage is kept.
  void inLanes(const AffineExpr &LanePart, std::vector<int64_t> &Out) const;
  /// Where LanePart in each warp is its value in the first warp, lane by
  /// lane, moved by one amount: those amounts, warp by warp (the first's 0).
  /// Known from its lane symbols alone: each a sum of lane symbols that are
  /// themselves the first warp's values moved (threadIdx.x, threadIdx.x /
  /// 32 in a 1-D block).
  std::optional<llvm::SmallVector<int64_t, 8>>
  warpShifts(const AffineExpr &LanePart);
  /// Where every warp of 32 lanes has the same lanes active or none: the
  /// first warp with some.
  std::optional<unsigned> warpWithMaskOfAll();
  /// The constant where Table is alike in every active lane, else a new
  /// lane symbol.
  AffineExpr byLane(std::vector<int64_t> Table);
  std::optional<std::vector<int64_t>> laneInts(const Value &V) const;
  /// L Op R decided in each active lane where L - R splits by lane.
  std::optional<LaneTruth> compareLanes(clang::BinaryOperatorKind Op,
                                        const Value &L, const Value &R);
  /// How many values L - R takes in the lanes of Mask, by its lane part
  /// (the terms every lane shares aside); 0 where it does not split so.
  /// As many as the lanes: one lane at most can have L and R equal.
  size_t differencesInLanes(const Value &L, const Value &R,
                            const LaneMask &Mask) const;
  /// compareLanes as a value: 0 or 1 in each lane, or unknown in all;
  /// std::nullopt where some lanes know and some do not.
  std::optional<Value> compareByLane(clang::BinaryOperatorKind Op,
                                     const Value &L, const Value &R,
                                     const clang::Expr *E);
  /// The comparison E of the values L and R.
  Value comparison(const clang::BinaryOperator *E, const Value &L,
                   const Value &R);
  Value laneInteger(std::vector<int64_t> Table, bool Varying, bool Mixed);
  /// What integer arithmetic in a type needs to know of it.
  struct IntType {
    bool Bool, Unsigned, Signed;
    unsigned Width;
  };
  IntType intType(clang::QualType T) const;
  std::optional<int64_t> constantArith(clang::BinaryOperatorKind Op, int64_t a,
                                       int64_t b, const IntType &T);
  /// Locals of Out merged lane by lane into the current frame.
  void mergeLocals(const std::vector<std::pair<LaneMask, Env>> &Out);
  Value resultOf(const Frame &Done, const clang::FunctionDecl *FD);
  /// Whether D is declared in a system header (CUDA's own, or the C++
  /// library's): a call into one is modelled, not followed.
  bool inSystemHeader(const clang::Decl *D) const;
  /// __umulhi and its kin: the high half of the product, lane by lane.
  Value mulHigh(const clang::CallExpr *E, llvm::StringRef Name);
  /// A warp shuffle of an integer whose source lane every lane knows: the
  /// source lane's value (WarpShuffles.cpp); std::nullopt for another call.
  std::optional<Value> shuffleCall(const clang::CallExpr *E,
                                   llvm::StringRef Name);
  /// wmma::load_matrix_sync or store_matrix_sync: the instructions nvcc
  /// makes of the fragment's move (WmmaFragments.cpp); std::nullopt for
  /// another call.
  std::optional<Value> fragmentCall(const clang::CallExpr *E,
                                    llvm::StringRef Name);
  /// A cp.async of Bytes a lane at Site: the global read of Source, then
  /// the shared write of Dest (AccessEvent::AsyncCopy).
  void asyncCopy(const clang::Expr *Site, const Value &Dest,
                 const Value &Source, int64_t Bytes);
  /// A cp.async's size operand: 4, 8 or 16 bytes, else 0 (not known).
  static int64_t copyBytes(const Value &Size);
  /// A symbol's known divisor, as exactArith asks for it.
  auto divisorOf() const {
    return [this](SymbolId S) { return Syms.divisor(S); };
  }
  /// Whether X holds no symbol but lane values, blockIdx and what is computed
  /// from blockIdx alone.
  bool onlyBlockSymbols(const AffineExpr &X) const;
  /// Whether S is a blockIdx of the kernel's.
  bool blockSymbol(SymbolId S) const {
    return llvm::any_of(BlockSymbols[0], [&](auto &B) { return B && *B == S; });
  }
  /// Whether X holds a blockIdx: it runs over the grid.
  bool overBlocks(const AffineExpr &X) const {
    return llvm::any_of(X.symbols(),
                        [&](SymbolId S) { return blockSymbol(S); });
  }
  /// Whether V is an integer the lanes hold apart: by its lane symbols where
  /// they run together, by its flag where one runs alone.
  bool apartByLane(const Value &V) const {
    return V.K == Value::Int && (varies(V) || V.LaneVarying);
  }
  /// Whether Index, clamped to Size at E, is taken as unclamped: an index
  /// of the lanes, and a runtime size. Noted for the accesses made past E.
  bool clampsToSize(const Value &Index, const Value &Size,
                    const clang::Expr *E);
  /// Whether arithLane(Op) gives every lane the same non-affine answer: L
  /// lane-varying, R a constant.
  bool notAffineInAnyLane(clang::BinaryOperatorKind Op, const Value &L,
                          const Value &R) const;
  /// A quotient by B at E taken as the guards give it in all but the lanes
  /// at the edge: noted on the access of the innermost subscript.
  void noteEdgeWrap(const AffineExpr &B, const clang::Expr *E);
  /// `i / n` or `i % n`, n a runtime size and i a warp's consecutive
  /// indices: one quotient per warp, where n is a multiple of 32
  /// (QuotientPerWarp.cpp).
  std::optional<Value> quotientPerWarp(clang::BinaryOperatorKind Base,
                                       const Value &L, const Value &R,
                                       clang::QualType T);
  /// Op in one lane, or in the lanes of a warp at once where Shared says
  /// that they hold L and R alike: a non-affine answer is then a symbol.
  Value arithLane(clang::BinaryOperatorKind Op, const Value &L, const Value &R,
                  clang::QualType T, const clang::Expr *E, bool Shared = false);
  /// Pointer V as an integer: its array's start, a symbol, plus its offset.
  Value addressAsInteger(const Value &V);
  Value convertLane(const Value &V, clang::QualType To);
  /// Where nothing around decides the lanes running what follows, those
  /// that LT's undecided value picks: sets LanesDecided to its reason and
  /// returns what to restore after.
  DecidedLanes pickLanes(const LaneTruth &LT, bool Predicated);
  /// Both sides of CO, run by the lanes that may take each (their lanes
  /// decided by LT's condition, where nothing around decides them), as
  /// either value.
  Value bothSides(const LaneTruth &LT, const clang::ConditionalOperator *CO,
                  llvm::function_ref<Value()> True,
                  llvm::function_ref<Value()> False);
  Value loadChoice(const clang::Expr *Sub,
                   const clang::ConditionalOperator *CO);
  std::optional<int64_t> constant(const clang::Expr *E);
  int64_t sizeOf(clang::QualType T);
  /// The byte offset of a field (or a member of an anonymous struct or
  /// union) in its record.
  int64_t fieldBytes(const clang::ValueDecl *FD) const {
    return Ctx.toCharUnitsFromBits(int64_t(Ctx.getFieldOffset(FD)))
        .getQuantity();
  }
  int64_t paddedSize(clang::QualType T, int64_t Pad);
  unsigned lineOf(const clang::Stmt *S);
  /// What, at S's line, made once per What and S: a step that runs again
  /// (a load in a loop) gives the reason it gave before.
  WhyUnknown at(UnknownKind What, const clang::Stmt *S);
  /// The reason of a value loaded from Space at S.
  WhyUnknown loaded(MemSpace Space, const clang::Stmt *S);
  Env &locals() { return Frames.back().Locals; }
  bool step();

  clang::ASTContext &Ctx;
  SymbolTable &Syms;
  /// What the guards around the statement at hand establish.
  RangeFacts Facts;
  /// A lambda held by a local: its captures by copy, as they were made.
  struct Closure {
    const clang::LambdaExpr *Lambda = nullptr;
    Env ByCopy;
  };
  std::map<const clang::VarDecl *, Closure> Closures;
  // exec()'s parts.
  /// What a loop changed in E since Before, lost where lanes were cut
  /// short of its end. Where the lanes share an exit that none knows and
  /// were cut after Done trips, Second holding the locals after the first,
  /// a local that each trip moved by one step is its value before the
  /// loop plus that step times the loop's trips, a symbol.
  void loseLoopChanges(Env &E, const Env &Before, const clang::Stmt *Loop,
                       const Env *Second = nullptr, int64_t Done = 0);
  Flow execReturn(const clang::ReturnStmt *S);
  Flow execRangeFor(const clang::CXXForRangeStmt *R);
  Flow execSwitch(const clang::SwitchStmt *Sw);
  Flow execAsm(const clang::GCCAsmStmt *A);
  // lvalue()'s parts.
  LValue declLValue(const clang::DeclRefExpr *DRE);
  LValue temporary(const clang::MaterializeTemporaryExpr *MT);
  /// The local that stands for each temporary materialized.
  llvm::DenseMap<const clang::MaterializeTemporaryExpr *, clang::VarDecl *>
      Temporaries;
  LValue memberLValue(const clang::MemberExpr *ME);
  // Calls (evalCall's parts).
  /// `a[i] = v` through an element's trivial or CUDA-defined operator.
  std::optional<Value> elementAssignment(const clang::CXXOperatorCallExpr *OC);
  /// A call not followed: its arguments evaluated, its result unknown.
  Value opaqueCall(const clang::CallExpr *E, WhyUnknown Why,
                   bool ObjectDone = false);
  /// An intrinsic that accesses memory through its first argument, or
  /// computes a product's high half.
  std::optional<Value> intrinsicCall(const clang::CallExpr *E,
                                     llvm::StringRef Name);
  // MathTables.cpp: what CUDA's math library reads from memory.
  /// sin, cos, sinpi or cospi of a double: the coefficients the library
  /// reads from its table in global memory, recorded as the call's loads.
  std::optional<Value> trigTableCall(const clang::CallExpr *E,
                                     llvm::StringRef Name);
  /// The math library's table of sine and cosine coefficients, made once
  /// per run: it has no declaration in the source.
  const clang::VarDecl *coefficientTable();
  /// Whether A points into that table, which nothing writes.
  bool inCoefficientTable(const Value &A) const {
    return CoefficientTable && A.Base == CoefficientTable;
  }
  // SharedWindow.cpp: shared addresses held as integers.
  /// P's address in the shared window: the symbol of P's object plus P's
  /// offset; Why where P points to no shared object.
  Value sharedWindowAddress(const Value &P, WhyUnknown Why);
  /// The pointer an integer from sharedWindowAddress stands for, moved as
  /// the integer was; std::nullopt for any other integer.
  std::optional<Value> fromSharedWindow(const Value &A);
  /// The symbol of Object's window address.
  SymbolId windowOf(const clang::ValueDecl *Object);
  /// The objects whose window addresses the symbols stand for.
  std::map<SymbolId, const clang::ValueDecl *> SharedWindows;
  /// E's two arguments, as E's type, evaluated first to last.
  std::pair<Value, Value> twoArguments(const clang::CallExpr *E);
  /// The lesser (Min) or greater of A0 and B0, E's arguments.
  Value minMax(const clang::CallExpr *E, bool Min, Value A0, Value B0);
  /// `std::min(a, b)` and `std::max` read as a value: they return a
  /// reference to one of their arguments, so both are loaded and one is
  /// picked, as for `min(a, b)`. std::nullopt for other calls.
  std::optional<Value> chosenArgument(const clang::CallExpr *E);
  const clang::FunctionDecl *namedFunction(const clang::Expr *E);
  const Closure *calledLambda(const clang::CallExpr *E,
                              const clang::FunctionDecl *FD);
  /// The object of a member call, where it is a kernel's struct parameter.
  std::optional<ParamPath> objectOf(const clang::CallExpr *E);
  /// The address of a member call's object, where it is known.
  std::optional<Value> objectAddress(const clang::CallExpr *E);
  /// Runs Def's body in a frame of its own, with E's arguments.
  Value followCall(const clang::CallExpr *E, const clang::FunctionDecl *FD,
                   const clang::FunctionDecl *Def, const Closure *Lambda,
                   std::optional<ParamPath> This, std::optional<Value> Object,
                   std::optional<Value> ResultAt);
  /// Def's parameters in Callee bound to Args.
  void bindArguments(Frame &Callee, const clang::FunctionDecl *Def,
                     llvm::ArrayRef<const clang::Expr *> Args);
  /// Runs Body in Callee, a frame of its own: the locals that its object
  /// and arguments refer to go in with it and come back changed, and an
  /// object it returns lands in ResultAt. The frame as it ended.
  Frame runFrame(Frame Callee, llvm::function_ref<void()> Body);

  // Local objects, scalar by scalar (EvalObjects.cpp).
  /// Whether VD lives in the lane's registers as slots: a local struct or
  /// array.
  static bool heldInSlots(const clang::VarDecl *VD);
  /// The local held in slots that V points into, at any offset.
  static const clang::VarDecl *slotsVar(const Value &V);
  /// Where V points into a local held in slots: that local and the offset,
  /// the same in every lane.
  std::optional<std::pair<const clang::VarDecl *, int64_t>>
  localAt(const Value &V) const;
  /// The slots of Var that [Off, Off + N) overlaps, unknown for Why.
  void forget(Env &E, const clang::VarDecl *Var, int64_t Off, int64_t N,
              const WhyUnknown &Why);
  /// Every slot of Var, and the object as a whole, unknown for Why.
  void forgetAll(const clang::VarDecl *Var, const WhyUnknown &Why);
  /// The value in slot (Var, Off) of T, where one was stored there.
  Value loadSlot(const clang::VarDecl *Var, int64_t Off, clang::QualType T);
  void storeSlot(const clang::VarDecl *Var, int64_t Off, clang::QualType T,
                 const Value &V);
  /// The object of type T at Dest (a local's address) initialized by Init:
  /// field by field, by a constructor followed, copied, or returned.
  void initObject(const Value &Dest, clang::QualType T,
                  const clang::Expr *Init);
  /// The object of type T at Dest a copy of the object Src refers to.
  void copyFrom(const Value &Dest, clang::QualType T, const clang::Expr *Src);
  /// Each scalar of the object of type T at Dest is V (Budget scalars at
  /// most); with From, the object was loaded whole from From by Site, and
  /// each scalar is what its own load would give (loadedValue).
  void fill(const Value &Dest, clang::QualType T, const Value &V, int &Budget,
            const Value *From = nullptr, const clang::Expr *Site = nullptr,
            const std::string &Part = "");
  static constexpr int MaxFilledScalars = 64;
  /// The object at Dest a copy of the one at Src (T's bytes).
  void copyObject(const Value &Dest, const Value &Src, clang::QualType T);
  /// A kernel struct parameter's scalar fields, in Dest's slots.
  void copyParameter(const Value &Dest, const ParamPath &Path,
                     const clang::RecordDecl *RD);
  /// The value of a kernel parameter's scalar field at the end of Path.
  std::optional<Value> parameterValue(const ParamPath &Path);
  void construct(const Value &Dest, const clang::CXXConstructExpr *CE);
  /// The locals that hold Var (a local of this call or of one below it, as
  /// a reference or `this` reaches it); to Write, this call's own.
  Env &envOf(const clang::VarDecl *Var, bool Write);
  /// The caller's locals that Callee may write: its object, unless the
  /// method is const, and what its non-const references and pointers reach.
  llvm::SmallVector<const clang::VarDecl *, 4>
  writtenLocals(const Frame &Callee);
  /// Whether FD may write memory other than its own locals (through this,
  /// a reference, a pointer, or a call that does).
  bool mayWrite(const clang::FunctionDecl *FD);
  llvm::DenseMap<const clang::FunctionDecl *, bool> WritesOutside;
  /// Whether nvcc if-converts If (IfConversion.h), asked once per if.
  bool predicated(const clang::IfStmt *If);
  /// The assignment whose store is being made, for AccessEvent::Assignment.
  const clang::Expr *Assigning = nullptr;
  /// Tells the sink that the warps of the active lanes reached S, an `if`
  /// or a `?:`: a predicated one runs in each of them.
  void reached(const clang::Stmt *S);
  llvm::DenseMap<const clang::IfStmt *, bool> IfConverted;
  /// Every slot of Var moved from From to To (none of Var's kept there
  /// before).
  static void moveSlots(Env &To, Env &From, const clang::VarDecl *Var);
  static void dropSlots(Env &E, const clang::VarDecl *Var) {
    Env None;
    moveSlots(E, None, Var);
  }
  /// The widest scalar a slot holds (a long double).
  static constexpr int64_t MaxScalarBytes = 16;
  /// An object returned by value lands here: the slots of the local that
  /// the call being set up initializes.
  std::optional<Value> ResultFor;
  /// Why the lanes running the statement at hand are not known: a value
  /// not known decided a branch they took apart, or one some lanes left by.
  DecidedLanes LanesDecided;
  EvalLimits Limits;
  WhatIf Change;
  AccessSink *Sink = nullptr;
  const LaunchShape *Shape = nullptr;
  const LaneSet *Set = nullptr;   ///< the caller's, for the run
  llvm::ArrayRef<LaneInfo> Lanes; ///< its lanes
  bool Together = false;          ///< several lanes, threadIdx symbolic
  bool ReuseLaneAddresses = true; ///< AnalyzerOptions::ReuseLaneAddresses
  Value Tid[3];                   ///< threadIdx.x, .y, .z
  /// The symbols of blockIdx and gridDim by axis, once named in Syms.
  std::optional<SymbolId> BlockSymbols[2][3];
  /// Symbols that are an axis of the grid: gridDim's own, and parameters
  /// the launch passes as one (`dim3(1, d.ny, d.nz)` launching with `d`).
  llvm::DenseMap<SymbolId, int> GridAxisOf;
  /// Parameters the grid's axis covers in blocks of a constant size
  /// (`(n + 255) / 256` blocks): the axis and the size.
  llvm::DenseMap<SymbolId, std::pair<int, int64_t>> CoveredBy;
  /// D with what the grid is written in symbols never negative: each
  /// covered parameter as size * gridDim - (a remainder), then each axis
  /// of the grid as blockIdx + 1 + (the blocks after this one). Signs then
  /// decide `blockIdx.z < nz` and a grid-stride loop's exit. std::nullopt
  /// where D holds none of them.
  std::optional<AffineExpr> inGridTerms(const AffineExpr &D);
  LaneMask Active; ///< the lanes running the current statement
  std::vector<Frame> Frames;
  InstanceKey Trips;
  llvm::SmallVector<const clang::Stmt *, 2> LoopStack;
  /// What the lanes at the grid's edge were taken not to do at Line, until
  /// the end of the loop trip it was met in: an `if`'s side or a
  /// `min`/`max`'s, Width wide, a clamp to a size, or a quotient by Divisor
  /// taken as the guards give it (EdgeWrap, in an index computed apart).
  /// The accesses the same Lanes make meanwhile say so.
  struct EdgeBranch {
    unsigned Line;
    int64_t Width;
    LaneMask Lanes;
    AssumptionKind Kind;
    std::string Divisor = {};
  };
  llvm::SmallVector<EdgeBranch, 2> EdgeBranches;
  /// How nvcc unrolls a loop, asked once per loop.
  struct LoopUnrolling {
    /// Its counter where nvcc unrolls it fully, else nullptr
    /// (unrolledCounter).
    const clang::VarDecl *Counter = nullptr;
    /// Unrolled fully into a copy of its body a trip (copiesEachTrip), a
    /// walk of the loop's body: asked only where an access may merge.
    std::optional<bool> Copies;
    /// Unrolled fully, each trip running the body whole (runsWholeTrips).
    bool WholeTrips = false;
  };
  llvm::DenseMap<const clang::Stmt *, LoopUnrolling> Unrolled;
  /// The `#pragma unroll` attributes seen before loops.
  llvm::DenseMap<const clang::Stmt *, llvm::ArrayRef<const clang::Attr *>>
      UnrollHints;
  llvm::ArrayRef<const clang::Attr *> hintsOf(const clang::Stmt *Loop) const;
  LoopUnrolling &unrollingOf(const clang::Stmt *Loop);
  const clang::VarDecl *unrolledCounterOf(const clang::Stmt *Loop) {
    return unrollingOf(Loop).Counter;
  }
  bool copiesEachTripOf(const clang::Stmt *Loop);
  /// Whether Cond, all lanes false, is so in this unrolled copy whatever
  /// the lanes: a conjunct only constants and unrolled counters decide.
  bool removedWhenUnrolled(const clang::Expr *Cond);
  /// The side of an `if` that runs only in lanes at the edge of a guard's
  /// range, the grid's edge (`if (plus >= n)` under `tid < n` with plus =
  /// tid + 1), where the guards leave the condition undecided in every
  /// lane: Then or Else, and in how many consecutive values of the index at
  /// most.
  struct EdgeSide {
    bool Then;
    /// The widths, each with the lanes it is theirs.
    llvm::SmallVector<std::pair<int64_t, LaneMask>, 1> ByWidth;
    /// Where the edge is one index wide: whether the lanes' distances to it
    /// differ by lane (`x < n - 1` with the lanes' x apart, not `y < n - 1`
    /// with a row's y alike), so that it is one lane of a warp at most.
    bool LanesApart = false;
  };
  std::optional<EdgeSide> edgeOnly(const clang::Expr *Cond);
  /// The same for A >= B.
  std::optional<EdgeSide> edgeOnly(const AffineExpr &A, const AffineExpr &B);
  /// `min(P, Q)` or `max(P, Q)` in each lane where its guards, or the
  /// grid's edge (noted on the accesses after), decide it; std::nullopt
  /// where neither does.
  std::optional<Value> edgeClamp(const clang::CallExpr *E, bool Min,
                                 const Value &P, const Value &Q);
  /// The side of a guard (`i < n`, i running over the blocks and n not
  /// known, as LT's facts give it) that the lanes past its bound take: true
  /// for the `then` side.
  std::optional<bool> pastTheBound(const LaneTruth &LT) const;
  /// Key's value past an `if` both ways: Then's, merged into Else's.
  void mergeBranch(const Slot &Key, const clang::IfStmt *S, bool Uniform,
                   const std::optional<EdgeSide> &Edge, const Value &Then,
                   Value &Else);
  /// The ifs and loops that the statement at hand is in, outermost first,
  /// with nullptr where a call's body begins: the ifs around an access.
  llvm::SmallVector<const clang::Stmt *, 8> Around;
  /// The lanes' rows of the last address that does not split by lane, and
  /// the lanes they were computed for.
  struct KeptRows {
    Value Address;
    LaneMask Active;
    LaneRows Rows;
  };
  std::optional<KeptRows> LastOwn;
  /// The loads of a `?:`'s or an `if`'s condition (address, bytes), noted
  /// while it runs: a side or branch that loads one again (`MAX(a[i], m)`,
  /// `if (m[k] != 0) t += m[k] * x[j]`) reuses it, as the compiler does,
  /// until a store, an atomic or a call that may write memory. A block's
  /// loads likewise serve the rest of the block (InvariantOnly). Null
  /// outside any.
  struct ConditionLoads {
    struct Noted {
      Value Address;
      uint64_t Bytes;
      const clang::Expr *Site; ///< the load made, which later ones reuse
      int64_t Trip = -1;       ///< a loop's: its trip then
    };
    std::vector<Noted> Loads;
    bool Noting = true;
    /// A block's: only loads whose address every lane shares, known, which
    /// the compiler computes alike wherever the block loads it again
    /// (lanes one by one see coincidences of lane-varying addresses, `d[t]`
    /// and `d[t % 8]` in lane 3, that no compiler sees).
    bool InvariantOnly = false;
    /// A loop's: the conditional nesting of its body's statements. A load
    /// made there runs on every trip, and where nothing may store to it
    /// the compiler hoists it (its LICM): later trips reuse it. -1
    /// elsewhere.
    int LoopNest = -1;
    /// A loop's: nvcc unrolls it fully and each trip runs the body whole,
    /// so its trips' loads are straight-line code in the enclosing loop's
    /// body, which hoists them too (Tongkaio's sgemm_v4 loads each
    /// `Bs[tx + l + i * BN]` of its unrolled `l` loop once for all `j`).
    bool Unrolled = false;
    const clang::Stmt *Loop = nullptr; ///< a loop's: the loop
    ConditionLoads *Outer = nullptr;   ///< the enclosing condition's
  };
  ConditionLoads *Reusable = nullptr;
  /// A store, which the compiler forwards to a later load of the same
  /// bytes from its register (its GVN: `t[i] = 0; for (...) t[i] += a[j]`
  /// loads t[i] never), until memory may have changed or the `if`, loop or
  /// switch the store is in ends (a store not made on every way there).
  struct ForwardedStore {
    Value Address;
    uint64_t Bytes;
    LaneMask Lanes; ///< the lanes that stored it
    int Nest;       ///< the conditional statements around it
  };
  std::vector<ForwardedStore> Forwarded;
  /// Loads that reused a register where the runs reached them: no
  /// instruction that the budget lost.
  llvm::DenseSet<std::pair<const clang::Expr *, AccessOp>> Elided;
  int ConditionalNest = 0;
  /// An `if`, loop, switch or `?:` while it runs: the stores it makes are
  /// forwarded within it alone.
  class ConditionalScope {
  public:
    explicit ConditionalScope(KernelEvaluator &E) : E(E) {
      ++E.ConditionalNest;
    }
    ConditionalScope(const ConditionalScope &) = delete;
    ConditionalScope &operator=(const ConditionalScope &) = delete;
    ~ConditionalScope() {
      int Nest = --E.ConditionalNest;
      llvm::erase_if(E.Forwarded,
                     [&](const ForwardedStore &F) { return F.Nest > Nest; });
    }

  private:
    KernelEvaluator &E;
  };
  /// Whether a load of Bytes at Address takes a forwarded store's value.
  bool forwardedLoad(const Value &Address, uint64_t Bytes) const {
    return llvm::any_of(Forwarded, [&](const ForwardedStore &F) {
      return F.Bytes == Bytes && F.Address.identical(Address) &&
             !Active.test(F.Lanes);
    });
  }
  const ConstantTables *Constants = nullptr;
  /// A condition's loads while it lives, within the enclosing one's.
  class ReuseScope {
  public:
    explicit ReuseScope(KernelEvaluator &E, bool InvariantOnly = false,
                        int LoopNest = -1, bool Unrolled = false,
                        const clang::Stmt *Loop = nullptr)
        : E(E) {
      Own.Outer = E.Reusable;
      Own.InvariantOnly = InvariantOnly;
      Own.LoopNest = LoopNest;
      Own.Unrolled = Unrolled;
      Own.Loop = Loop;
      E.Reusable = &Own;
    }
    ReuseScope(const ReuseScope &) = delete;
    ReuseScope &operator=(const ReuseScope &) = delete;
    ~ReuseScope() { E.Reusable = Own.Outer; }
    /// The condition is done: what runs next reuses its loads.
    void conditionDone() { Own.Noting = false; }

  private:
    KernelEvaluator &E;
    ConditionLoads Own;
  };
  /// Loop's trip now (-1: not running).
  int64_t tripOf(const clang::Stmt *Loop) const {
    for (size_t I = LoopStack.size(); I-- > 0;)
      if (LoopStack[I] == Loop)
        return Trips[I];
    return -1;
  }
  /// The load of Bytes at Address made before that this one reuses, and
  /// whose it is (a condition's, a block's, a loop's), if any.
  std::pair<const ConditionLoads *, const ConditionLoads::Noted *>
  reusedLoad(const Value &Address, uint64_t Bytes) const {
    bool Invariant = invariantAddress(Address);
    for (const ConditionLoads *C = Reusable; C; C = C->Outer)
      if (Invariant || !C->InvariantOnly || C->LoopNest >= 0)
        for (const ConditionLoads::Noted &L : C->Loads)
          if (L.Address.identical(Address) && L.Bytes == Bytes)
            return {C, &L};
    return {nullptr, nullptr};
  }
  static bool invariantAddress(const Value &Address) {
    return Address.K == Value::Pointer && !Address.LaneVarying;
  }
  /// Memory may have changed: no load is reused. A store through Stored,
  /// where given, changes nothing in another space (shared, global), nor
  /// what another kernel parameter reaches where either is `__restrict__`:
  /// loads of those stay.
  void forgetLoads(const Value *Stored = nullptr);
  /// Per dynamic instance of a site, how often each lane reached it.
  struct Counts {
    uint32_t Alike = 0; ///< every lane's count, while PerLane is empty
    std::vector<uint32_t> PerLane;
  };
  std::map<InstanceKey, Counts> Occurrences;
  // access()'s parts.
  AccessEvent eventOf(const clang::Expr *Site, AccessOp Op, int64_t Bytes,
                      int Pieces, const Value &Address, int LaneBytes);
  /// Records the lanes of the reference warp Ref for every warp whose lanes
  /// are its own moved by Shifts.
  void recordAlike(const AccessEvent &E, const Value &Shape,
                   const AffineExpr &LanePart, Counts &Seen, unsigned Ref,
                   llvm::ArrayRef<int64_t> Shifts);
  /// Records each active lane at its constant (and W coefficients of its
  /// own, in LastOwn's rows), a span per warp and occurrence.
  void recordEachLane(const AccessEvent &E, const Value &Shape, size_t W,
                      const std::vector<int64_t> &Constants, Counts &Seen);
  /// Buffers of access() and compareLanes(), kept for their storage.
  std::vector<int64_t> LaneConstants;
  std::vector<LaneAccess> Group;
  std::vector<LaneSpan> Spans;
  std::vector<int64_t> OwnCoefficients;
  /// Per lane symbol, its warpShifts(), where computed.
  llvm::DenseMap<SymbolId, std::optional<llvm::SmallVector<int64_t, 8>>>
      SymbolShifts;
  int64_t Steps = 0, TotalSteps = 0;
  LaneMask CountedMask; ///< the mask that ActiveCount counts
  int64_t ActiveCount = 0;
  int Depth = 0;
  struct Nesting {
    int &D;
    explicit Nesting(int &Counter) : D(++Counter) {}
    ~Nesting() { --D; }
  };
  bool OutOfBudget = false; ///< this run must stop
  bool BudgetHit = false;
  bool Skimming = false; ///< in skim(): addresses are not computed
  /// Recording a cp.async's shared write (AccessEvent::AsyncCopy).
  bool AsyncCopying = false;
  /// The `c ? a : b` a local pointer is set to, and that local: a pointer
  /// to either of two arrays is named as the code names it.
  std::pair<const clang::Expr *, const clang::VarDecl *> Naming;
  bool CallsCut = false;
  std::set<unsigned> Indirect;
  const clang::VarDecl *CoefficientTable = nullptr;
  /// Per function and lane-invariant argument, the symbol of the half of
  /// CoefficientTable it reads, and the argument's reason: held, so that no
  /// other reason takes the address its key names.
  std::map<std::string, std::pair<SymbolId, WhyUnknown>> Quadrants;
  bool BlockDecidesIndex = false;
  bool PaddingEscaped = false;
  bool PastFewTrips = false;
  /// The blocks being run, innermost last, with the statement of each at
  /// hand: where a forward `goto` finds its label.
  std::vector<std::pair<const clang::CompoundStmt *, size_t>> Blocks;
  const clang::Stmt *GotoTarget = nullptr;
  std::vector<std::vector<LaneInfo>> Parted;
  /// Fills Parted where the lanes of PerLane (gather's) hold pointers into
  /// different arrays.
  void notePartedByArray(const std::vector<Value> &PerLane);
  /// Fills Parted with the active lanes that know a local and those that
  /// do not (readSlot's).
  void notePartedByKnowledge(const LaneMask &Knowing);
  /// Parted's last group: the lanes not running where the warp parted.
  void partElsewhere();
  /// Notes PaddingEscaped where L or R is such a pointer.
  void notePaddingEscape(const Value &L, const Value &R);
  /// The subscripts whose index is being evaluated, innermost last: their
  /// accesses take the note of a quotient taken as the guards give it but
  /// at the edge (noteEdgeWrap); outside one, the accesses made after it.
  llvm::SmallVector<const clang::ArraySubscriptExpr *, 2> Subscripts;
  bool Diverged = false;
  /// Within a merge of locals (mergeLocals, an `if` both ways): a local
  /// that some lanes know and others do not is held apart (Value::Apart)
  /// rather than parting the run.
  bool Merging = false;
  /// The right side of an assignment made as a statement, whose value is
  /// only stored: to global or shared memory, where no load reads it back
  /// (loadedValue), it may read a local held apart (SlotReadsFree).
  const clang::Expr *StoredOnly = nullptr;
  bool SlotReadsFree = false;
  /// Lanes whose innermost loop body may have left it (a break or return
  /// under a condition not known): their exit is not decidable.
  LaneMask MaybeLeft;
  llvm::DenseMap<const clang::Stmt *, unsigned> LineCache;
  /// The addresses loaded under each name of a loaded value's symbol: the
  /// first keeps the name, the others add "#2", "#3", ...
  std::map<std::string, std::vector<std::string>> LoadedAt;
  llvm::DenseMap<std::pair<unsigned, const clang::Stmt *>, WhyUnknown> Reasons;
  std::set<const clang::Stmt *> Truncated;
  llvm::DenseMap<const clang::Expr *, std::optional<int64_t>> ConstCache;
};

template <class Fn> inline Value KernelEvaluator::perLane(bool Varies, Fn F) {
  // Values alike in every lane need one lane's answer.
  if (!Varies) {
    int First = Active.find_first();
    return F(unsigned(First < 0 ? 0 : First));
  }
  std::vector<Value> Values;
  Values.reserve(Active.count());
  for (unsigned L : SetLanes(Active))
    Values.push_back(F(L));
  return gather(Values);
}

} // namespace cal

#endif
