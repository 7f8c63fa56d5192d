#include "tools/driver/DiagnosticPrinter.h"
#include "tools/driver/FixItLine.h"

#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Frontend/TextDiagnostic.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallString.h"

#include <algorithm>

using namespace clang;

namespace cal {

/// Clang's renderer, with what it remembers of the diagnostic before set by
/// the plain path too.
class DiagnosticPrinter::Renderer : public TextDiagnostic {
public:
  using TextDiagnostic::TextDiagnostic;
  SourceLocation lastLoc() const { return LastLoc; }
  DiagnosticsEngine::Level lastLevel() const { return LastLevel; }
  /// What clang's emitDiagnostic leaves for a diagnostic at Loc, a file
  /// location of the main file.
  void printed(SourceLocation Loc, DiagnosticsEngine::Level Level) {
    LastLoc = Loc;
    LastLevel = Level;
    LastIncludeLoc = SourceLocation();
  }
};

/// What TextDiagnosticPrinter does with a diagnostic, through Renderer.
class DiagnosticPrinter::Consumer : public DiagnosticConsumer {
public:
  Consumer(llvm::raw_ostream &OS, Renderer &R, const DiagnosticOptions &Opts)
      : OS(OS), R(R), Opts(Opts) {}
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    llvm::SmallString<100> Message;
    Info.FormatDiagnostic(Message);
    if (Info.getLocation().isInvalid()) {
      TextDiagnostic::printDiagnosticLevel(OS, Level, Opts.ShowColors);
      TextDiagnostic::printDiagnosticMessage(
          OS, Level == DiagnosticsEngine::Note, Message, 0, Opts.MessageLength,
          Opts.ShowColors);
      return;
    }
    R.emitDiagnostic(FullSourceLoc(Info.getLocation(), Info.getSourceManager()),
                     Level, Message, Info.getRanges(), Info.getFixItHints());
  }

private:
  llvm::raw_ostream &OS;
  Renderer &R;
  const DiagnosticOptions &Opts;
};

DiagnosticPrinter::DiagnosticPrinter(llvm::raw_ostream &OS, SourceManager &SM,
                                     const LangOptions &LangOpts,
                                     const Preprocessor &PP)
    : OS(OS), SM(SM), LangOpts(LangOpts) {
  DiagOpts.ShowColors = OS.colors_enabled();
  Render = std::make_unique<Renderer>(OS, LangOpts, DiagOpts, &PP);
  Client = std::make_unique<Consumer>(OS, *Render, DiagOpts);
  Diags = std::make_unique<DiagnosticsEngine>(DiagnosticIDs::create(), DiagOpts,
                                              Client.get(),
                                              /*ShouldOwnClient=*/false);
  Diags->setSourceManager(&SM);
}

DiagnosticPrinter::~DiagnosticPrinter() = default;

void DiagnosticPrinter::print(SourceLocation Loc,
                              DiagnosticsEngine::Level Level,
                              llvm::StringRef Message,
                              llvm::ArrayRef<CharSourceRange> Ranges,
                              llvm::ArrayRef<FixItHint> Hints) {
  if (Hints.empty() && printPlain(Loc, Level, Message, Ranges))
    return;
  DiagnosticIDs::Level As =
      Level == DiagnosticsEngine::Error  ? DiagnosticIDs::Error
      : Level == DiagnosticsEngine::Note ? DiagnosticIDs::Note
                                         : DiagnosticIDs::Warning;
  // The engine drops a note whose diagnostic it did not see itself.
  Diags->setLastDiagnosticIgnored(false);
  auto D =
      Diags->Report(Loc, Diags->getDiagnosticIDs()->getCustomDiagID(As, "%0"));
  D << Message;
  for (const CharSourceRange &R : Ranges)
    D << R;
  for (const FixItHint &H : Hints)
    D << H;
}

namespace {
unsigned digits(unsigned N) {
  unsigned D = 1;
  for (; N >= 10; N /= 10)
    ++D;
  return D;
}
} // namespace

bool DiagnosticPrinter::printPlain(SourceLocation Loc,
                                   DiagnosticsEngine::Level Level,
                                   llvm::StringRef Message,
                                   llvm::ArrayRef<CharSourceRange> Ranges) {
  if (DiagOpts.ShowColors || !Loc.isFileID() || !plainAscii(Message))
    return false;
  if (Loc != PlaceLoc) {
    Place = SM.getPresumedLoc(Loc, DiagOpts.ShowPresumedLoc);
    PlaceLoc = Loc;
  }
  const PresumedLoc &P = Place;
  if (P.isInvalid() || P.getIncludeLoc().isValid() || P.getColumn() == 0)
    return false;
  // Clang skips the snippet of a diagnostic at the place of the one before
  // without ranges, unless a note is followed by a warning or error.
  bool Snippet = !(Loc == Render->lastLoc() && Ranges.empty() &&
                   (Render->lastLevel() != DiagnosticsEngine::Note ||
                    Level == Render->lastLevel()));
  std::string Text;
  Text.reserve(512 + Message.size()); // the header and a snippet, mostly
  {
    llvm::raw_string_ostream Header(Text);
    Header << P.getFilename() << ':' << P.getLine() << ':' << P.getColumn()
           << ": ";
    TextDiagnostic::printDiagnosticLevel(Header, Level, /*ShowColors=*/false);
    Header << Message << '\n';
  }
  if (Snippet) {
    // The caret's line, and the ranges on it with ~ under them.
    auto [File, Offset] = SM.getDecomposedLoc(Loc);
    bool Invalid = false;
    llvm::StringRef Buffer = SM.getBufferData(File, &Invalid);
    if (Invalid || Offset >= Buffer.size())
      return false;
    size_t Start = Offset == 0 ? 0 : Buffer.find_last_of("\n\r", Offset - 1);
    Start = Offset == 0 || Start == llvm::StringRef::npos ? 0 : Start + 1;
    size_t End = std::min(Buffer.find_first_of("\n\r", Offset), Buffer.size());
    llvm::StringRef Line = Buffer.slice(Start, End);
    // Clang shows no snippet for a caret or a line past 4096 bytes.
    constexpr size_t MaxLineLengthToPrint = 4096;
    if (Line.size() > MaxLineLengthToPrint ||
        Offset - Start + 1 > MaxLineLengthToPrint || !plainAscii(Line))
      return false;
    std::string Caret;
    for (const CharSourceRange &R : Ranges) {
      SourceLocation B = R.getBegin(), E = R.getEnd();
      if (!B.isFileID() || !E.isFileID())
        return false;
      auto [BFile, BOff] = SM.getDecomposedLoc(B);
      auto [EFile, EOff] = SM.getDecomposedLoc(E);
      if (BFile != File || EFile != File || BOff < Start || BOff > End ||
          EOff < Start || EOff > End)
        return false;
      size_t From = BOff - Start, To = EOff - Start;
      if (R.isTokenRange())
        To += Lexer::MeasureTokenLength(E, SM, LangOpts);
      // Clang's highlightRange: blanks at either end are not underlined.
      while (From < Line.size() && Line[From] == ' ')
        ++From;
      To = std::min(To, Line.size());
      while (To != 0 && Line[To - 1] == ' ')
        --To;
      if (From > To)
        continue;
      if (Caret.size() < To)
        Caret.resize(To, ' ');
      std::fill(Caret.begin() + From, Caret.begin() + To, '~');
    }
    size_t Column = Offset - Start;
    Caret.resize(std::max(Column + 1, Caret.size()), ' ');
    Caret[Column] = '^';
    // The gutter holds the largest line number a snippet could show.
    unsigned LineNo = SM.getPresumedLoc(Loc).getLine();
    unsigned Width = std::max(4u, digits(LineNo + DiagOpts.SnippetLineLimit));
    Text.append(Width - digits(LineNo) + 1, ' ');
    Text += std::to_string(LineNo);
    Text += " | ";
    Text += Line;
    Text += '\n';
    Text.append(Width + 2, ' ');
    Text += "| ";
    Text += Caret;
    Text += '\n';
  }
  OS << Text;
  Render->printed(Loc, Level);
  return true;
}

} // namespace cal
