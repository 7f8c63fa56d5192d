//===- Unrolling.h - Which loops nvcc unrolls fully ------------*- C++ -*-===//
//
// nvcc unrolls a loop with a constant trip count fully where the count is
// small or `#pragma unroll` asks for it. Each copy of the body then knows
// its counter, and a branch that only the counter and constants decide is
// gone from the copies where it fails: adv's `if (k < 8 && i < 8)` in a
// loop over k < 16 is no instruction at all for k >= 8.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_UNROLLING_H
#define CUDA_ACCESS_LINT_UNROLLING_H

#include "llvm/ADT/ArrayRef.h"

namespace clang {
class ASTContext;
class Attr;
class Expr;
class Stmt;
class VarDecl;
} // namespace clang

namespace cal {

/// The counter of Loop where nvcc unrolls it fully: a `for` whose counter
/// steps by a constant from a constant to a constant bound, in at most
/// MaxFullUnroll trips unless Hints (the loop's `#pragma unroll` attributes)
/// say otherwise (`#pragma unroll`, `#pragma unroll 1`, `#pragma nounroll`,
/// a count); else nullptr.
const clang::VarDecl *unrolledCounter(const clang::Stmt *Loop,
                                      llvm::ArrayRef<const clang::Attr *> Hints,
                                      clang::ASTContext &Ctx);

/// Whether nvcc makes a copy of the body of Loop, a loop it unrolls fully
/// (unrolledCounter), for each trip: where Hints ask for it (`#pragma
/// unroll`), or where the copies stay small. A loop unrolled unasked whose
/// copies would be large stays a loop around the copies of the loops in it.
bool copiesEachTrip(const clang::Stmt *Loop,
                    llvm::ArrayRef<const clang::Attr *> Hints,
                    clang::ASTContext &Ctx);

/// Whether each trip of a loop with this Body runs it whole: no `break`,
/// `continue`, `return` or `goto` in it can end a trip or the loop early.
bool runsWholeTrips(const clang::Stmt *Body);

/// Whether E's value is fixed in each unrolled copy: it refers only to
/// Counters and to constants.
bool fixedWhenUnrolled(const clang::Expr *E,
                       llvm::ArrayRef<const clang::VarDecl *> Counters);

} // namespace cal

#endif
