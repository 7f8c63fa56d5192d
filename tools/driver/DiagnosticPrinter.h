//===- DiagnosticPrinter.h - Findings printed as clang prints them --------===//
//
// Clang's TextDiagnostic spends some 50k instructions on a warning with its
// source line (the message escaped and the line mapped to columns character
// by character, places looked up again), most of the output's time on a
// file with a thousand findings. A diagnostic at a file location of the
// main file, whose message and source line are printable ASCII and whose
// ranges lie on its own line, is written here instead, byte for byte as
// clang writes it without colors: the location and message, then the
// source line and the caret line, unless it is a note at the place of the
// diagnostic before. Anything else goes to clang's TextDiagnostic, which
// shares what this printer remembers of the diagnostic before.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_DIAGNOSTICPRINTER_H
#define CUDA_ACCESS_LINT_DIAGNOSTICPRINTER_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"

#include <memory>

namespace clang {
class Preprocessor;
} // namespace clang

namespace cal {

class DiagnosticPrinter {
public:
  /// Prints to OS, with colors where OS has them (clang draws those).
  DiagnosticPrinter(llvm::raw_ostream &OS, clang::SourceManager &SM,
                    const clang::LangOptions &LangOpts,
                    const clang::Preprocessor &PP);
  ~DiagnosticPrinter();

  /// One diagnostic of Level (Warning, Error or Note) at Loc.
  void print(clang::SourceLocation Loc, clang::DiagnosticsEngine::Level Level,
             llvm::StringRef Message,
             llvm::ArrayRef<clang::CharSourceRange> Ranges = {},
             llvm::ArrayRef<clang::FixItHint> Hints = {});

private:
  class Renderer;
  class Consumer;
  /// Writes the diagnostic where plain; false where clang must.
  bool printPlain(clang::SourceLocation Loc,
                  clang::DiagnosticsEngine::Level Level,
                  llvm::StringRef Message,
                  llvm::ArrayRef<clang::CharSourceRange> Ranges);

  llvm::raw_ostream &OS;
  clang::SourceManager &SM;
  const clang::LangOptions &LangOpts;
  clang::DiagnosticOptions DiagOpts;
  std::unique_ptr<Renderer> Render;
  std::unique_ptr<Consumer> Client;
  std::unique_ptr<clang::DiagnosticsEngine> Diags;
  /// The place of the plain diagnostic before: a warning's notes are mostly
  /// at its own place.
  clang::SourceLocation PlaceLoc;
  clang::PresumedLoc Place;
};

} // namespace cal

#endif
