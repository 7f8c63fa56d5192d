#include "tools/common/FindingPipeline.h"

#include "rules/Phrases.h"

#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"

#include <tuple>

using namespace clang;

namespace cal {

void collectFindings(const CheckContext &C,
                     llvm::ArrayRef<std::unique_ptr<Check>> Checks,
                     std::vector<Finding> &Out,
                     std::vector<unsigned> &CheckOf) {
  for (size_t I = 0; I < Checks.size(); ++I) {
    std::vector<Finding> Found;
    Checks[I]->run(C, Found);
    for (Finding &F : Found) {
      F.Check = Checks[I]->name().str();
      if (F.Report) {
        if (F.Kernel.empty())
          F.Kernel = F.Report->KernelName;
        if (F.Loc.isInvalid())
          F.Loc = F.Report->Site->getBeginLoc();
        F.Site = F.Report->Site;
        F.Assumptions = phrases(F.Report->Assumptions);
        F.WastedBytes = F.Report->wastedBytes();
        F.Report = nullptr;
      }
      Out.push_back(std::move(F));
      CheckOf.push_back(unsigned(I));
    }
  }
}

void sortByPlace(const SourceManager &SM, std::vector<Finding> &Findings,
                 llvm::ArrayRef<unsigned> CheckOf) {
  // Each place is looked up once, and places in one file compare by offset,
  // as isBeforeInTranslationUnit would; the findings themselves move once.
  struct Place {
    SourceLocation Loc;
    FileID File;
    unsigned Offset;
    unsigned Check;
    uint32_t Index;
  };
  std::vector<Place> Places;
  Places.reserve(Findings.size());
  for (uint32_t I = 0; I < Findings.size(); ++I) {
    SourceLocation L = SM.getExpansionLoc(Findings[I].Loc);
    auto [File, Offset] = SM.getDecomposedLoc(L);
    Places.push_back({L, File, Offset, CheckOf[I], I});
  }
  llvm::sort(Places, [&](const Place &A, const Place &B) {
    if (A.File != B.File)
      return SM.isBeforeInTranslationUnit(A.Loc, B.Loc);
    return std::tie(A.Offset, A.Check, A.Index) <
           std::tie(B.Offset, B.Check, B.Index);
  });
  std::vector<Finding> Sorted;
  Sorted.reserve(Findings.size());
  for (const Place &P : Places)
    Sorted.push_back(std::move(Findings[P.Index]));
  Findings = std::move(Sorted);
}

std::string FindingFilter::placeOf(const Finding &Finding) const {
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Finding.Loc));
  return Finding.Check + P.getFilename() + ":" + std::to_string(P.getLine()) +
         ":" + std::to_string(P.getColumn()) + Finding.Message;
}

FindingFilter::Verdict FindingFilter::judge(const Finding &Finding) {
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Finding.Loc));
  if (!Seen.insert(placeOf(Finding)).second)
    return Repeated;
  if ((F.Headers && !F.Headers->shows(SM, Finding.Loc)) ||
      (F.Lines && !F.Lines->shows(P.getFilename(), P.getLine())))
    return Filtered;
  if (F.Nolint && Nolint.covers(Finding.Loc, Finding.Check))
    return Suppressed;
  return Shown;
}

std::vector<ShownNote> shownNotes(const Finding &F) {
  std::vector<ShownNote> Out;
  for (const auto &[Loc, Text] : F.Notes)
    if (Loc.isInvalid())
      Out.push_back({F.Loc, Text});
  for (const std::string &A : F.Assumptions)
    Out.push_back({F.Loc, "assumed: " + A});
  for (const auto &[Loc, Text] : F.Notes)
    if (Loc.isValid())
      Out.push_back({Loc, Text});
  return Out;
}

} // namespace cal
