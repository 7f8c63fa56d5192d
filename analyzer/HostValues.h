//===- HostValues.h - What host code holds where it launches a kernel -----===//
//
// Launch sites compute their shapes and arguments in host code: constants,
// and locals stored before the launch (`dim3 threads; threads.x = 16;
// threads.y = 4;`), often reused for several launches with other values.
// A local's value at a statement is the store that must run before it and
// that nothing can change after; where another store may come between
// (in a branch, a loop, through its address), the value is not known.
// A variable of the file's scope that nothing in the file stores to holds
// its initializer: a program's settings (`int block_size = 64;`). A
// parameter that its function never stores to holds what every call in the
// file passes, where all pass the same (`run(2457)` launching with `n + 1`);
// where a few calls pass their own, each call's (callsWithOwnArguments).
// A local passed by reference to a function of the file holds, after the
// call, what the function leaves in it on every way it returns
// (`get_launch_config(n, block)` storing `block.x = 16`). A call of a
// function of the file gives what each of its returns that may run gives,
// where all give the same, with its parameters bound to that call's
// arguments (`read_arg(argc, argv, 1, 4)` returning its default 4).
// Branches on main's argc go as the program runs with no command-line
// arguments (argc == 1): the defaults it gives its settings (`int blocksize =
// 1024; if (argc > 1) blocksize = atoi(argv[1]);`) hold, and a store in a
// branch that such a run never takes is no store. Values that rest on it say
// so.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_HOSTVALUES_H
#define CUDA_ACCESS_LINT_HOSTVALUES_H

#include "analyzer/LaunchShape.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace cal {

class HostValues {
public:
  explicit HostValues(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  /// E's value where At runs; std::nullopt where it is not known.
  std::optional<int64_t> integer(const clang::Expr *E, const clang::Stmt *At,
                                 int Depth = 0);
  /// Field Index (its place in the struct) of the struct E where At runs.
  std::optional<int64_t> field(const clang::Expr *E, int Index,
                               const clang::Stmt *At, int Depth = 0);
  /// The values E takes where At runs, where E is the counter of a loop
  /// around At that counts up by one from a constant to a constant bound
  /// (`for (int i = 1; i <= 32; i++) k<<<g, b>>>(a, i)`): the first and
  /// the last.
  std::optional<std::pair<int64_t, int64_t>> range(const clang::Expr *E,
                                                   const clang::Stmt *At);
  /// A dim3 (or an integer, as dim3 converts it) where At runs.
  std::optional<Dim3> dim3(const clang::Expr *E, const clang::Stmt *At,
                           int Depth = 0);
  /// The host expression that gives axis Axis (0 to 2) of E, a dim3 or an
  /// integer dim3 converts, where At runs: `d.ny` of `dim3(1, d.ny)`, or of
  /// a local dim3 so initialized whose axis's variable nothing else stores
  /// to. Null where it is not one expression, or an axis left at 1.
  const clang::Expr *dim3Part(const clang::Expr *E, int Axis,
                              const clang::Stmt *At, int Depth = 0);
  /// The variable E copies as it is (`n`, `domain` through its trivial
  /// copy constructor), or null.
  static const clang::VarDecl *copiedVariable(const clang::Expr *E);
  /// Whether a value given since the last call took main's argc as 1; the
  /// call clears it.
  bool tookNoArguments() { return std::exchange(ReadArgc, false); }
  /// Whether a value given since the last call read a limit of the device
  /// from a cudaDeviceProp, taken as an sm_90 device's; the call clears it.
  bool tookDeviceLimits() { return std::exchange(ReadDevice, false); }
  /// The calls of F, a function of the file that stores to none of its
  /// parameters, called from 2 to Max places: each call's arguments are
  /// what its parameters hold while that call runs. Empty otherwise.
  std::vector<const clang::CallExpr *>
  callsWithOwnArguments(const clang::FunctionDecl *F, size_t Max);
  /// While it lives, the parameters of C's callee hold C's arguments.
  class InCall {
  public:
    InCall(HostValues &H, const clang::CallExpr *C) : H(H) {
      H.Bound.push_back(C);
    }
    ~InCall() { H.Bound.pop_back(); }

  private:
    HostValues &H;
  };

private:
  /// A store to a local: its initialization, an assignment of the whole or
  /// of one field (Value null where it is not a plain `=`), a call that
  /// takes it by reference as Param, or a use through which anything may
  /// store (its address, a reference the walk does not follow).
  struct Store {
    enum Kind { Whole, Field, Call, Escape } K;
    const clang::Stmt *S; ///< the statement that stores
    int FieldIndex = -1;  ///< the field's place (x, y, z: 0, 1, 2)
    const clang::Expr *Value = nullptr;
    const clang::ParmVarDecl *Param = nullptr; ///< a Call's parameter
  };
  struct Stores {
    const clang::FunctionDecl *Function = nullptr;
    const clang::Stmt *Decl = nullptr; ///< the DeclStmt
    std::vector<Store> List;           ///< in source order
  };

  const Stores &storesOf(const clang::VarDecl *VD);
  const clang::ParentMap &parents(const clang::FunctionDecl *FD);
  /// The store that gives VD's field (-1: the whole of it) its value where
  /// At runs; null where that is not one known store. Depth: of the
  /// evaluation that asks, which the branches' conditions continue.
  const Store *reaching(const clang::VarDecl *VD, int FieldIndex,
                        const clang::Stmt *At, int Depth);
  bool before(const clang::Stmt *A, const clang::Stmt *B) const;
  /// Field Index (-1: the whole) of VD, a local or a reference parameter,
  /// where At runs.
  std::optional<int64_t> valueOf(const clang::VarDecl *VD, int Index,
                                 const clang::Stmt *At, int Depth);
  /// Field Index (-1: the whole) of VD after W, one of its stores.
  std::optional<int64_t> valueAfter(const clang::VarDecl *VD, const Store &W,
                                    int Index, int Depth);
  /// Field Index (-1: the whole) of VD after W, a call that takes VD by
  /// reference: what the callee leaves there on every way it returns.
  std::optional<int64_t> leftByCall(const clang::VarDecl *VD, const Store &W,
                                    int Index, int Depth);
  /// The initializer list that E, a local array, a row of one or a pointer
  /// into one that is only read through, holds where At runs, and where its
  /// elements are to be evaluated.
  std::pair<const clang::InitListExpr *, const clang::Stmt *>
  listOf(const clang::Expr *E, const clang::Stmt *At, int Depth);
  /// Whether P, an `if` or `?:`, runs S, one of its sides, where its
  /// condition is known.
  std::optional<bool> branchTaken(const clang::Stmt *P, const clang::Stmt *S,
                                  int Depth);
  /// Whether S, in Function, lies in a branch that never runs: the side of
  /// an `if` or `?:` whose condition is known to choose the other. Only the
  /// branches below Shared count, where it is given: a store in the branch
  /// of the launch it serves runs whenever that launch does.
  bool neverRuns(const clang::Stmt *S, const clang::FunctionDecl *Function,
                 int Depth, const clang::Stmt *Shared = nullptr);
  /// Whether PV is main's argc, which the file never stores to.
  bool isArgc(const clang::ParmVarDecl *PV);
  bool ReadArgc = false;
  bool ReadDevice = false;
  /// Evaluating the condition of a branch of host code: argc is 1 there,
  /// where it chooses what runs, not where it is a value passed on.
  bool DecidingBranch = false;
  /// neverRuns' answers, and whether each took argc as 1, by the call
  /// whose parameters were bound.
  llvm::DenseMap<std::tuple<const clang::Stmt *, const clang::Stmt *,
                            const clang::CallExpr *>,
                 std::pair<bool, bool>>
      NeverRuns;
  /// The calls whose return value is being evaluated, innermost last: their
  /// callees' parameters hold these calls' arguments.
  llvm::SmallVector<const clang::CallExpr *, 2> Bound;
  /// What the call C of a function of the file returns: the value of each
  /// return that may run, where all agree.
  std::optional<int64_t> returned(const clang::CallExpr *C, int Depth);
  /// Whether P, a local pointer, is only read through (`p[i]`).
  bool onlyReadThrough(const clang::VarDecl *P);
  /// What the file's own code does with its variables and functions.
  struct FileUses {
    /// Variables of static storage and parameters that something may store
    /// to: assigns, increments, takes the address of or binds a non-const
    /// reference to.
    llvm::DenseSet<const clang::VarDecl *> Stored;
    /// Each function's calls, where it is named only to be called.
    llvm::DenseMap<const clang::FunctionDecl *,
                   std::vector<const clang::CallExpr *>>
        Calls;
    /// Function templates that a template names in a dependent call: their
    /// instantiations may be called where fileUses does not look.
    llvm::DenseSet<const clang::FunctionTemplateDecl *> NamedDependently;
  };
  const FileUses &fileUses();
  /// PV's value, where every call of its function passes the same known
  /// value and the function never stores to it.
  std::optional<int64_t> argument(const clang::ParmVarDecl *PV, int Depth);

  clang::ASTContext &Ctx;
  std::map<const clang::FunctionDecl *, std::unique_ptr<clang::ParentMap>>
      Parents;
  std::map<const clang::VarDecl *, Stores> StoresOf;
  std::optional<FileUses> Uses;
  /// What each function template instantiation's own body may store to
  /// (fileUses visits no instantiation), counted once for all its
  /// parameters.
  llvm::DenseMap<const clang::FunctionDecl *,
                 llvm::DenseSet<const clang::VarDecl *>>
      StoredInInstance;
};

} // namespace cal

#endif
