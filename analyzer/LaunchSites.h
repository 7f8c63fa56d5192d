//===- LaunchSites.h - Block shapes from kernel<<<grid, block>>> ----------===//
#ifndef CUDA_ACCESS_LINT_LAUNCHSITES_H
#define CUDA_ACCESS_LINT_LAUNCHSITES_H

#include "analyzer/LaunchShape.h"

#include "clang/AST/ASTContext.h"

#include <map>
#include <vector>

namespace cal {

/// Every distinct launch of each kernel in the translation unit, keyed by
/// the kernel's canonical declaration (a template specialization is its own
/// kernel).
std::map<const clang::FunctionDecl *, std::vector<LaunchShape>>
findLaunchShapes(clang::ASTContext &Ctx);

} // namespace cal

#endif
