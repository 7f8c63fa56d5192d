//===- FieldVectors.h - Fields of one struct loaded as one vector ---------===//
//
// nvcc loads the fields of one struct element that a block of code reads,
// with no store between them, as one vector instruction where they lie in
// an aligned piece of 8 or 16 bytes: n-body's `p[i].x`, `p[i].y`,
// `p[i].z` of a float4 are one LDG.128 (measured on the H200), not three
// 4-byte loads each wasting three quarters of its sectors.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_FIELDVECTORS_H
#define CUDA_ACCESS_LINT_FIELDVECTORS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMap.h"

namespace cal {

/// The vector a field load belongs to: its bytes, and the byte of the
/// struct element where it starts.
struct FieldVector {
  int64_t Bytes = 0;
  int64_t Start = 0;
};

/// Where Load reads a field of a struct element (`e.f`) among reads of
/// other fields of the same `e` in its block (Parents of its function's
/// body), no store to memory between the first and the last of those
/// reads but to the element's own fields, and together they lie in an
/// aligned 8- or 16-byte piece the element's alignment allows: that piece.
std::optional<FieldVector> fieldVector(const clang::MemberExpr *Load,
                                       const clang::ParentMap &Parents,
                                       const clang::ASTContext &Ctx);

} // namespace cal

#endif
