//===- BankConflictCheck.cpp - cuda-access-bank-conflict ------------------===//
//
// A shared access that needs more wavefronts than its size requires. The
// padding fix-it is offered only after every access to the array has been
// re-evaluated with the padded shape. See docs/rules/
// cuda-access-bank-conflict.md.
//
//===----------------------------------------------------------------------===//
#include "analyzer/NameOf.h"
#include "rules/Check.h"
#include "rules/Describe.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Lex/Lexer.h"

#include <map>
#include <tuple>

using namespace clang;

namespace cal {
namespace {

/// The size expression of the innermost dimension of a shared array.
const Expr *innermostSize(const VarDecl *VD) {
  if (!VD->getTypeSourceInfo())
    return nullptr;
  TypeLoc TL = VD->getTypeSourceInfo()->getTypeLoc();
  const Expr *Size = nullptr;
  int Dims = 0;
  while (auto AL = TL.getAs<ConstantArrayTypeLoc>()) {
    Size = AL.getSizeExpr();
    TL = AL.getElementLoc();
    ++Dims;
  }
  return Dims >= 2 ? Size : nullptr;
}

/// Elements in the innermost dimension of an array type.
int64_t innermostCount(ASTContext &Ctx, QualType T) {
  int64_t N = 1;
  while (const auto *AT = Ctx.getAsConstantArrayType(T)) {
    N = int64_t(AT->getSize().getZExtValue());
    T = AT->getElementType();
  }
  return std::max<int64_t>(N, 1);
}

class BankConflictCheck : public Check {
public:
  llvm::StringRef name() const override { return "cuda-access-bank-conflict"; }
  std::vector<llvm::StringRef> optionNames() const override {
    return {WarnOnUnknownAlignment};
  }
  llvm::StringRef summary() const override {
    return "shared-memory access that needs more wavefronts than its size "
           "requires (bank conflict)";
  }

  void find(const CheckContext &C, std::vector<Finding> &Out) override {
    PaddedRuns Runs;
    for (const AccessReport &R : C.Reports) {
      // Which lanes conflict depends on which run it: where the data pick
      // them, the degree is not known. Where an unknown decides the banks
      // (`t[threadIdx.y * w + threadIdx.x]`), the conflict holds for some
      // of its values only: a warning only when asked, saying "may".
      bool May = R.wasteDependsOnUnknown();
      if (R.Space != MemSpace::Shared || !R.wasteful() ||
          !R.LanesDecidedBy.empty() ||
          (May && !C.flag(name(), WarnOnUnknownAlignment)))
        continue;
      Finding F;
      F.Report = &R;
      std::string Needs = wavefrontNumbers(R);
      if (R.AsyncCopy && R.WorstWays <= 1) {
        // The destination is free of conflicts: the read's arrival costs.
        F.Message = accessSubject(R) + (May ? " may be" : " is") +
                    " written as its global read arrives: " + Needs;
        F.Notes.push_back(
            {{},
             "a cp.async writes shared memory as each 128-byte line of its "
             "read arrives, one wavefront for the lanes whose sources lie "
             "as their destinations do: read each line whole, the lanes' "
             "sources in the order of their destinations"});
      } else if (R.WorstWays > 1) {
        F.Message = accessSubject(R) + (May ? " may have" : " has") + " a " +
                    std::to_string(R.WorstWays) +
                    "-way bank conflict: " + Needs;
        F.Notes.push_back({{}, cause(R)});
      } else {
        // No bank serves two words: the phases of a wide access are served
        // one after the other.
        F.Message = accessSubject(R) + (May ? " may be" : " is") +
                    " served in separate phases: " + Needs;
        F.Notes.push_back({{}, phasesApart(R)});
      }
      F.Notes.push_back({{}, laneLayout(R)});
      // Padding moves words to other banks: it cures no phases that read
      // the same words.
      if (auto Fix = R.WorstWays > 1 ? padding(C, R, Runs) : std::nullopt) {
        F.Fixes.push_back(Fix->first);
        F.Notes.push_back({Fix->first.RemoveRange.getBegin(), Fix->second});
      }
      Out.push_back(std::move(F));
    }
  }

private:
  static std::string phasesApart(const AccessReport &R) {
    std::string Phases = R.Bytes > 8 ? "its quarter-warps" : "its half-warps";
    std::string Rule = "; a load's share one only where every lane reads one "
                       "address, or where their banks differ and each "
                       "address is read by two lanes or more";
    switch (R.Apart) {
    case PhasesApart::Store:
      return Phases + " are stored one after the other: a store's phases "
                      "never share a wavefront";
    case PhasesApart::TwoValues:
      return "each lane's compare-and-swap carries two values: " + Phases +
             " take a wavefront each";
    case PhasesApart::LoneLane:
      return Phases +
             " use different banks, but some address is read by "
             "one lane alone, so each takes its own wavefront" +
             Rule;
    case PhasesApart::SameBanks:
    case PhasesApart::No:
      break;
    }
    return Phases + " read the same banks, so each takes its own wavefront" +
           Rule;
  }

  static std::string cause(const AccessReport &R) {
    std::string Bank = "bank " + std::to_string(R.WorstBank) + " serves " +
                       std::to_string(R.WorstWays) + " distinct words";
    if (R.StrideX && *R.StrideX % 128 == 0 && *R.StrideX != 0)
      return "threads adjacent in threadIdx.x are " +
             std::to_string(*R.StrideX) +
             " bytes apart, a multiple of 32 banks x 4 bytes: " + Bank;
    if (R.StrideY && R.Shape.Block.X < 32 && *R.StrideY % 128 == 0)
      return "the block is " + std::to_string(R.Shape.Block.X) +
             " threads wide, so a warp spans " +
             std::to_string(32 / R.Shape.Block.X) + " rows " +
             std::to_string(*R.StrideY) +
             " bytes apart (a multiple of 128): the rows hit the same banks; " +
             Bank;
    if (R.StrideX && R.Bytes >= 8)
      return "threads adjacent in threadIdx.x are " +
             std::to_string(*R.StrideX) + " bytes apart with " +
             std::to_string(R.Bytes) + "-byte accesses: " + Bank;
    return Bank;
  }

  /// The kernel re-evaluated with an array padded, by (array, kernel, launch,
  /// padding): every conflicting access to the array asks the same question.
  using PaddedRuns = std::map<std::tuple<const VarDecl *, const FunctionDecl *,
                                         ShapeSource, unsigned, Dim3, int64_t>,
                              std::vector<AccessReport>>;

  /// Whether no padding can change R's numbers, so none cures it: neither R
  /// nor another report of its access in the same launch moves with the
  /// array's rows (`&C[0][0] + k` does not), and none is cured already.
  /// The padded runs would repeat them.
  static bool paddingCannotMove(const CheckContext &C, const AccessReport &R) {
    for (const AccessReport *B : C.reportsOf(R.Kernel))
      if (B->Site == R.Site && B->Op == R.Op &&
          B->Shape.Source == R.Shape.Source && B->Shape.Line == R.Shape.Line &&
          B->Shape.Block == R.Shape.Block &&
          (B->PaddingMoves ||
           (B->Base == R.Base && B->Space == MemSpace::Shared && B->Known &&
            B->Wavefronts <= B->IdealWavefronts)))
        return false;
    return true;
  }

  /// A padded declaration that cures this access and makes no access to the
  /// same array worse, with the note that explains it.
  static std::optional<std::pair<FixItHint, std::string>>
  padding(const CheckContext &C, const AccessReport &R, PaddedRuns &Runs) {
    const auto *VD = dyn_cast_or_null<VarDecl>(R.Base);
    if (!VD || !VD->hasAttr<CUDASharedAttr>())
      return std::nullopt;
    const Expr *Size = innermostSize(VD);
    if (!Size || Size->getBeginLoc().isMacroID() || paddingCannotMove(C, R))
      return std::nullopt;
    const SourceManager &SM = C.Ctx.getSourceManager();
    // The smallest padding that cures it: one element shifts rows by one
    // bank; two rows per warp need half the banks.
    int64_t MaxPad = 128 / std::max(1, R.Bytes);
    // A padded row must keep every access aligned to its width: a 16-byte
    // ldmatrix row or cp.async of a half tile faults at a row of 130 bytes.
    QualType Elem = VD->getType();
    while (const auto *AT = C.Ctx.getAsArrayType(Elem))
      Elem = AT->getElementType();
    int64_t ElemBytes =
        std::max<int64_t>(1, C.Ctx.getTypeSizeInChars(Elem).getQuantity());
    int64_t Widest = ElemBytes;
    for (const AccessReport *B : C.reportsOf(R.Kernel))
      if (B->Base == VD)
        Widest = std::max<int64_t>(Widest, int64_t(B->Bytes) * B->Width);
    for (int64_t Pad = 1; Pad <= MaxPad; ++Pad) {
      if (Pad * ElemBytes % Widest != 0)
        continue;
      auto Key = std::make_tuple(VD, R.Kernel, R.Shape.Source, R.Shape.Line,
                                 R.Shape.Block, Pad);
      auto It = Runs.find(Key);
      if (It == Runs.end()) {
        It = Runs.emplace(Key, analyzeWhatIf(C.Ctx, R.Kernel, R.Shape,
                                             C.Options, WhatIf{VD, Pad}))
                 .first;
      }
      const std::vector<AccessReport> &After = It->second;
      bool Cured = false, Worse = false;
      for (const AccessReport &A : After) {
        if (A.Base != VD || A.Space != MemSpace::Shared)
          continue;
        for (const AccessReport *B : C.reportsOf(R.Kernel))
          if (B->Site == A.Site && B->Op == A.Op &&
              B->Shape.Block == R.Shape.Block && A.Known && B->Known &&
              A.Wavefronts > B->Wavefronts)
            Worse = true;
        if (A.Site == R.Site && A.Op == R.Op && A.Known &&
            A.Wavefronts <= A.IdealWavefronts)
          Cured = true;
      }
      if (!Cured || Worse)
        continue;
      // Edit the literal where there is one: `[32]` -> `[33]`,
      // `[B + 2]` -> `[B + 3]`; else append: `[TILE]` -> `[TILE + 1]`.
      const Expr *Lit = Size->IgnoreParens();
      if (const auto *BO = dyn_cast<BinaryOperator>(Lit);
          BO && BO->getOpcode() == BO_Add)
        Lit = BO->getRHS()->IgnoreParens();
      FixItHint Hint;
      if (const auto *IL = dyn_cast<IntegerLiteral>(Lit))
        Hint = FixItHint::CreateReplacement(
            CharSourceRange::getTokenRange(IL->getSourceRange()),
            std::to_string(IL->getValue().getZExtValue() + Pad));
      else
        Hint = FixItHint::CreateInsertion(
            Lexer::getLocForEndOfToken(Size->getEndLoc(), 0, SM,
                                       C.Ctx.getLangOpts()),
            " + " + std::to_string(Pad));
      // Each row grows by Pad elements: Before / Inner bytes per element.
      int64_t Before = C.Ctx.getTypeSizeInChars(VD->getType()).getQuantity();
      int64_t Grown = Before / innermostCount(C.Ctx, VD->getType()) * Pad;
      return std::make_pair(
          Hint,
          "padding each row of '" + nameOf(VD) + "' by " + std::to_string(Pad) +
              (Pad == 1 ? " element" : " elements") + " (" +
              std::to_string(Before) + " to " + std::to_string(Before + Grown) +
              " bytes) removes the conflict; every access to it was "
              "re-evaluated and none gets worse");
    }
    return std::nullopt;
  }
};

} // namespace

std::unique_ptr<Check> createBankConflictCheck() {
  return std::make_unique<BankConflictCheck>();
}

} // namespace cal
