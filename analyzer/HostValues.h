//===- HostValues.h - What host code holds where it launches a kernel -----===//
//
// Launch sites compute their shapes and arguments in host code: constants,
// and locals stored before the launch (`dim3 threads; threads.x = 16;
// threads.y = 4;`), often reused for several launches with other values.
// A local's value at a statement is the store that must run before it and
// that nothing can change after; where another store may come between
// (in a branch, a loop, through its address), the value is not known.
// A variable of the file's scope that nothing in the file stores to holds
// its initializer: a program's settings (`int block_size = 64;`).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_HOSTVALUES_H
#define CUDA_ACCESS_LINT_HOSTVALUES_H

#include "analyzer/LaunchShape.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/DenseSet.h"

#include <map>
#include <memory>
#include <optional>
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
  /// A dim3 (or an integer, as dim3 converts it) where At runs.
  std::optional<Dim3> dim3(const clang::Expr *E, const clang::Stmt *At,
                           int Depth = 0);

private:
  /// A store to a local: its initialization, an assignment of the whole or
  /// of one field (Value null where it is not a plain `=`), or a use through
  /// which anything may store (its address, a non-const reference).
  struct Store {
    enum Kind { Whole, Field, Escape } K;
    const clang::Stmt *S; ///< the statement that stores
    int FieldIndex = -1;  ///< the field's place (x, y, z: 0, 1, 2)
    const clang::Expr *Value = nullptr;
  };
  struct Stores {
    const clang::FunctionDecl *Function = nullptr;
    const clang::Stmt *Decl = nullptr; ///< the DeclStmt
    std::vector<Store> List;           ///< in source order
  };

  const Stores &storesOf(const clang::VarDecl *VD);
  const clang::ParentMap &parents(const clang::FunctionDecl *FD);
  /// The store that gives VD's field (-1: the whole of it) its value where
  /// At runs; null where that is not one known store.
  const Store *reaching(const clang::VarDecl *VD, int FieldIndex,
                        const clang::Stmt *At);
  bool before(const clang::Stmt *A, const clang::Stmt *B) const;
  /// Whether something in the file's own code may store to VD, a variable
  /// of static storage: assigns it, increments it, takes its address or
  /// binds a non-const reference to it.
  bool storedInFile(const clang::VarDecl *VD);

  clang::ASTContext &Ctx;
  std::map<const clang::FunctionDecl *, std::unique_ptr<clang::ParentMap>>
      Parents;
  std::map<const clang::VarDecl *, Stores> StoresOf;
  std::optional<llvm::DenseSet<const clang::VarDecl *>> StoredGlobals;
};

} // namespace cal

#endif
