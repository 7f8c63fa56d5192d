//===- ReadonlyCheck.cpp - cuda-access-readonly ---------------------------===//
//
// A kernel pointer parameter that the kernel only reads but does not
// declare `const ... __restrict__`, which keeps its loads out of the
// read-only data path. See docs/rules/cuda-access-readonly.md.
//
//===----------------------------------------------------------------------===//
#include "analyzer/LaunchSites.h"
#include "analyzer/NameOf.h"
#include "rules/Check.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <set>

using namespace clang;

namespace cal {
namespace {

class ReadonlyCheck : public Check {
public:
  llvm::StringRef name() const override { return "cuda-access-readonly"; }
  llvm::StringRef summary() const override {
    return "kernel pointer parameter that is only read but not declared "
           "'const ... __restrict__'";
  }

  void find(const CheckContext &C, std::vector<Finding> &Out) override {
    LaunchSites OwnLaunches;
    const std::set<const VarDecl *> &Aliased =
        (C.Options.Launches ? *C.Options.Launches
                            : (OwnLaunches = findLaunches(C.Ctx)))
            .Aliased;
    std::set<const FunctionDecl *> Done;
    for (const AccessReport &R : C.Reports) {
      if (!Done.insert(R.Kernel).second)
        continue;
      llvm::SmallVector<std::pair<const ParmVarDecl *, const AccessReport *>>
          Candidates;
      for (const ParmVarDecl *P : R.Kernel->parameters())
        if (const AccessReport *First = onlyRead(C, R.Kernel, P))
          Candidates.push_back({P, First});
      if (Candidates.empty())
        continue;
      // Every use of the parameter must be an access the evaluator saw: a
      // pointer handed to something else may be written there.
      Uses U;
      for (auto [P, First] : Candidates)
        U.Watched.insert(P);
      U.walk(R.Kernel->getBody());
      // It pays where a thread loads through the pointer more than once
      // or in a loop: a single load per thread gains next to nothing.
      for (auto [P, First] : Candidates)
        if (!U.Escaped.count(P) && (U.Loads[P] > 1 || U.InLoop.count(P)))
          report(C, R.Kernel, P, *First, Aliased, Out);
    }
  }

private:
  /// The first report of P when P is a pointer parameter, not already
  /// `const ... __restrict__`, and every access through it a global load.
  static const AccessReport *
  onlyRead(const CheckContext &C, const FunctionDecl *K, const ParmVarDecl *P) {
    QualType T = P->getType();
    if (!T->isPointerType())
      return nullptr;
    QualType Pointee = T->getPointeeType();
    if ((Pointee.isConstQualified() && T.isRestrictQualified()) ||
        Pointee->isVoidType() || Pointee->isPointerType())
      return nullptr;
    const AccessReport *First = nullptr;
    for (const AccessReport *R : C.reportsOf(K)) {
      if (R->NotCompiled)
        return nullptr; // what clang recovered, not the kernel nvcc builds
      if (R->Base != P)
        continue;
      if (R->Op != AccessOp::Load || R->Space != MemSpace::Global)
        return nullptr; // written, atomic, or not known to be global
      if (!First)
        First = R;
    }
    return First;
  }

  static void report(const CheckContext &C, const FunctionDecl *K,
                     const ParmVarDecl *P, const AccessReport &First,
                     const std::set<const VarDecl *> &Aliased,
                     std::vector<Finding> &Out) {
    QualType Pointee = P->getType()->getPointeeType();
    PrintingPolicy Policy(C.Ctx.getLangOpts());
    std::string Type = "const " +
                       Pointee.getUnqualifiedType().getAsString(Policy) +
                       " *__restrict__";
    Finding F;
    F.Kernel = First.KernelName;
    F.Loc = P->getLocation();
    F.Message = "kernel parameter '" + nameOf(P) +
                "' is only read: declare it '" + Type +
                "' so its loads can take the read-only data path";
    if (Aliased.count(P->getCanonicalDecl())) {
      F.Notes.push_back({{},
                         "no fix-it: a launch passes a pointer into the same "
                         "buffer for another parameter, so it may alias an "
                         "output"});
      Out.push_back(std::move(F));
      return;
    }
    F.Notes.push_back({{},
                       "for scattered read-only loads, __ldg() also "
                       "routes them through that path"});
    unsigned Index = P->getFunctionScopeIndex();
    for (const FunctionDecl *D :
         K->getTemplateInstantiationPattern()
             ? K->getTemplateInstantiationPattern()->redecls()
             : K->redecls()) {
      if (Index >= D->getNumParams())
        continue;
      const ParmVarDecl *DP = D->getParamDecl(Index);
      if (!DP->getTypeSourceInfo() || DP->getBeginLoc().isMacroID())
        continue;
      SourceLocation End = DP->getLocation();
      if (DP->getName().empty())
        End = DP->getTypeSourceInfo()->getTypeLoc().getEndLoc();
      F.Fixes.push_back(FixItHint::CreateReplacement(
          CharSourceRange::getCharRange(DP->getBeginLoc(), End),
          Type + (DP->getName().empty() ? "" : " ")));
    }
    Out.push_back(std::move(F));
  }

  /// One walk over a kernel body for the watched parameters: which have a
  /// reference that is not the base of a subscript, a deref or pointer
  /// arithmetic that ends in one (what the evaluator reports). Uses in types
  /// (`decltype(p)`) read nothing and are not walked.
  struct Uses {
    llvm::SmallPtrSet<const ParmVarDecl *, 4> Watched, Escaped, InLoop;
    /// Indexed references of each watched parameter, in the source.
    llvm::DenseMap<const ParmVarDecl *, unsigned> Loads;
    /// The statements from the body down to the one walked: their parents,
    /// without a parent map of the whole body.
    llvm::SmallVector<const Stmt *, 32> Path;

    void walk(const Stmt *S) {
      if (!S || Escaped.size() == Watched.size())
        return;
      Path.push_back(S);
      if (const auto *E = dyn_cast<DeclRefExpr>(S)) {
        const auto *P = dyn_cast<ParmVarDecl>(E->getDecl());
        if (P && Watched.count(P)) {
          if (!indexed())
            Escaped.insert(P);
          ++Loads[P];
          if (llvm::any_of(Path, [](const Stmt *S) {
                return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
              }))
            InLoop.insert(P);
        }
      } else if (const auto *L = dyn_cast<LambdaExpr>(S)) {
        // The body and what init-captures copy; an implicit or plain
        // capture's copy is not a use of its own.
        for (const LambdaCapture &Cap : L->explicit_captures())
          if (L->isInitCapture(&Cap))
            walk(cast<VarDecl>(Cap.getCapturedVar())->getInit());
        walk(L->getBody());
      } else {
        for (const Stmt *Child : S->children())
          walk(Child);
      }
      Path.pop_back();
    }

    /// Whether the reference at the end of Path is indexed: up through
    /// casts and pointer arithmetic to an element that is not addressed
    /// again (`&p[i]` handed to a call the evaluator did not follow).
    bool indexed() const {
      size_t At = Path.size() - 1;
      auto Parent = [&](size_t I) {
        return I > 0 ? dyn_cast<Expr>(Path[I - 1]) : nullptr;
      };
      while (true) {
        const Expr *Up = Parent(At);
        if (!Up)
          return false; // e.g. `float *row = p + y`
        --At;
        if (isa<ImplicitCastExpr>(Up) || isa<ParenExpr>(Up))
          continue;
        if (const auto *BO = dyn_cast<BinaryOperator>(Up))
          if (BO->isAdditiveOp() && BO->getType()->isPointerType())
            continue;
        bool Element = isa<ArraySubscriptExpr>(Up);
        if (const auto *UO = dyn_cast<UnaryOperator>(Up))
          Element |= UO->getOpcode() == UO_Deref;
        if (const auto *ME = dyn_cast<MemberExpr>(Up))
          Element |= ME->isArrow();
        if (Element) {
          const auto *Addr = dyn_cast_or_null<UnaryOperator>(Parent(At));
          if (Addr && Addr->getOpcode() == UO_AddrOf) {
            --At;
            continue;
          }
          return true;
        }
        if (const auto *CE = dyn_cast<CallExpr>(Up))
          if (const FunctionDecl *FD = CE->getDirectCallee())
            if (FD->getName() == "__ldg")
              return true;
        return false;
      }
    }
  };
};

} // namespace

std::unique_ptr<Check> createReadonlyCheck() {
  return std::make_unique<ReadonlyCheck>();
}

} // namespace cal
