//===- LateParsedBodies.h - function templates parsed only when needed ---===//
//
// The driver parses with delayed template parsing: the body of a function
// template (or of a member of a class template) is kept as tokens and
// parsed when an instantiation needs it. Most templates of a header-heavy
// file are never instantiated, so their bodies are never parsed.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_TOOLS_DRIVER_LATEPARSEDBODIES_H
#define CAL_TOOLS_DRIVER_LATEPARSEDBODIES_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstddef>

namespace clang {
class Decl;
class Sema;
} // namespace clang

namespace cal {

/// Turns the late-parsed bodies that Sema recorded since \p Seen, and that
/// \p Skip says are not needed, into skipped bodies: clang then never
/// parses them, instantiated or not, as it never parses the bodies the
/// consumer's shouldSkipFunctionBody skips.
void skipLateParsedBodies(clang::Sema &S, size_t &Seen,
                          llvm::function_ref<bool(clang::Decl *)> Skip);

/// Parses the bodies still unparsed at the end of the file whose tokens hold
/// a kernel launch (`<<<`): a host function template never instantiated
/// still names the launches it makes. To be called once parsing is over,
/// while the parser lives (from HandleTranslationUnit).
void parseUninstantiatedLaunchers(clang::Sema &S);

} // namespace cal

#endif
