//===- LaunchSites.h - Block shapes from kernel<<<grid, block>>> ----------===//
#ifndef CUDA_ACCESS_LINT_LAUNCHSITES_H
#define CUDA_ACCESS_LINT_LAUNCHSITES_H

#include "analyzer/ConstantTables.h"
#include "analyzer/LaunchShape.h"

#include "clang/AST/ASTContext.h"

#include <map>
#include <set>
#include <vector>

namespace clang {
class CUDAKernelCallExpr;
} // namespace clang

namespace cal {

/// The kernel launches in the user's code, found in one walk for the
/// analysis and the checks.
struct LaunchSites {
  std::vector<const clang::CUDAKernelCallExpr *> Calls;
  /// Every distinct launch of each kernel, keyed by the kernel's canonical
  /// declaration (a template specialization is its own kernel).
  std::map<const clang::FunctionDecl *, std::vector<LaunchShape>> Shapes;
  /// Kernel parameters (canonical) for which some launch passes the same
  /// variable as for another parameter: they may alias.
  std::set<const clang::VarDecl *> Aliased;
  /// What the file puts in its __constant__ arrays before the launches.
  ConstantTables Constants;
};

LaunchSites findLaunches(clang::ASTContext &Ctx);

} // namespace cal

#endif
