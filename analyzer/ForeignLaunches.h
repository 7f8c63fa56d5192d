//===- ForeignLaunches.h - Launches of a kernel made in another file ------===//
//
// A kernel defined in one file and launched from another (`kernels.cu`
// defines, `main.cu` declares and launches) has no launch in its own
// translation unit. A run over both files hands each kernel the launches
// the other files make of it, matched by mangled name, with the
// parameters' values by position: the launching file may name them
// otherwise, or not at all.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_FOREIGNLAUNCHES_H
#define CUDA_ACCESS_LINT_FOREIGNLAUNCHES_H

#include "analyzer/LaunchShape.h"

#include <map>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace cal {

struct LaunchSites;

/// Launches by the mangled name of the kernel they launch. A shape's
/// parameter values are keyed "#0", "#1", ... by position, its File names
/// the launching file.
using ForeignLaunches = std::map<std::string, std::vector<LaunchShape>>;

/// The name that matches a kernel across translation units.
std::string kernelKey(const clang::FunctionDecl *K);

/// How a launch keys the value it passes K's parameter I: by its name, or
/// "#I" where the declaration it launches names none (`void k(float *,
/// int);` before a launch of a kernel another file defines).
std::string paramKey(const clang::FunctionDecl *K, unsigned I);

/// Adds to Out the launches of Launches whose kernel File does not define:
/// their block, grid and parameters' values.
void exportForeignLaunches(const LaunchSites &Launches, const std::string &File,
                           ForeignLaunches &Out);

/// Shapes, as exported, with their parameters named as K names them.
std::vector<LaunchShape> importForeignLaunches(const clang::FunctionDecl *K,
                                               std::vector<LaunchShape> Shapes);

} // namespace cal

#endif
