//===- ParentMaps.h - Parent maps of function bodies, built once ----------===//
#ifndef CUDA_ACCESS_LINT_PARENTMAPS_H
#define CUDA_ACCESS_LINT_PARENTMAPS_H

#include "clang/AST/Decl.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/DenseMap.h"

#include <memory>

namespace cal {

/// The parents of the statements of each function body asked for, kept
/// while a kernel is analyzed and checked: each analysis of it (the padding
/// test's too) walks up from an access to the ifs around it. Within a body
/// only: ASTContext's parent map would first index the whole translation
/// unit, headers included.
class ParentMaps {
public:
  const clang::ParentMap &of(const clang::FunctionDecl *F) {
    std::unique_ptr<clang::ParentMap> &M = Maps[F];
    if (!M)
      M = std::make_unique<clang::ParentMap>(F->getBody());
    return *M;
  }
  /// Done with a kernel: its maps are not kept for the rest of the file.
  void clear() { Maps.clear(); }

private:
  llvm::DenseMap<const clang::FunctionDecl *, std::unique_ptr<clang::ParentMap>>
      Maps;
};

} // namespace cal

#endif
