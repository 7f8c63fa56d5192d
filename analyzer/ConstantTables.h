//===- ConstantTables.h - What __constant__ arrays hold, from the source --===//
//
// Lookup tables in constant memory (a lattice's direction vectors, a
// stencil's offsets) are filled from host arrays the source spells out:
// `cudaMemcpyToSymbol(C_dirs, dirs, 57)` with `static const char dirs[] =
// {...}`, or the __constant__ array's own initializer. Where the file fixes
// what the array holds, a kernel's load of it at a known index is that
// number, and the addresses computed from it are known.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_CONSTANTTABLES_H
#define CUDA_ACCESS_LINT_CONSTANTTABLES_H

#include "clang/AST/ASTContext.h"

#include <map>
#include <optional>
#include <vector>

namespace cal {

class ConstantTables {
public:
  /// The integer of type T at byte Offset of the __constant__ variable
  /// Symbol; std::nullopt where the file does not fix it.
  std::optional<int64_t> value(const clang::VarDecl *Symbol, int64_t Offset,
                               clang::QualType T) const;

private:
  friend ConstantTables findConstantTables(clang::ASTContext &Ctx);
  /// One copy into a symbol: Bytes bytes of Source to byte At.
  struct Copy {
    const clang::VarDecl *Source;
    int64_t Bytes, At;
  };
  /// Every copy into each symbol (canonical); a copy of what the file does
  /// not fix is a null Source.
  std::map<const clang::VarDecl *, std::vector<Copy>> Copies;
};

ConstantTables findConstantTables(clang::ASTContext &Ctx);

} // namespace cal

#endif
