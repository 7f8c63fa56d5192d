//===- ReadonlyCheck.cpp - cuda-access-readonly ---------------------------===//
//
// A kernel pointer parameter that the kernel only reads but does not
// declare `const ... __restrict__`, which keeps its loads out of the
// read-only data path. See docs/rules/cuda-access-readonly.md.
//
//===----------------------------------------------------------------------===//
#include "analyzer/LaunchSites.h"
#include "rules/Check.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

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

  void run(const CheckContext &C, std::vector<Finding> &Out) override {
    LaunchSites OwnLaunches;
    const std::set<const VarDecl *> &Aliased =
        (C.Options.Launches ? *C.Options.Launches
                            : (OwnLaunches = findLaunches(C.Ctx)))
            .Aliased;
    std::set<const FunctionDecl *> Done;
    for (const AccessReport &R : C.Reports) {
      if (!Done.insert(R.Kernel).second)
        continue;
      for (const ParmVarDecl *P : R.Kernel->parameters())
        check(C, R.Kernel, P, Aliased, Out);
    }
  }

private:
  static void check(const CheckContext &C, const FunctionDecl *K,
                    const ParmVarDecl *P,
                    const std::set<const VarDecl *> &Aliased,
                    std::vector<Finding> &Out) {
    QualType T = P->getType();
    if (!T->isPointerType())
      return;
    QualType Pointee = T->getPointeeType();
    bool IsConst = Pointee.isConstQualified();
    bool IsRestrict = T.isRestrictQualified();
    if ((IsConst && IsRestrict) || Pointee->isVoidType() ||
        Pointee->isPointerType())
      return;
    bool Read = false;
    const AccessReport *First = nullptr;
    for (const AccessReport *R : C.reportsOf(K)) {
      if (R->Base != P)
        continue;
      if (R->Op != AccessOp::Load || R->Space != MemSpace::Global)
        return; // written, atomic, or not known to be global
      Read = true;
      if (!First)
        First = R;
    }
    if (!Read || !First)
      return;
    // Every use of the parameter must be an access the evaluator saw: a
    // pointer handed to something else may be written there.
    if (!onlyIndexed(K, P))
      return;
    PrintingPolicy Policy(C.Ctx.getLangOpts());
    std::string Type = "const " +
                       Pointee.getUnqualifiedType().getAsString(Policy) +
                       " *__restrict__";
    Finding F;
    F.Kernel = First->KernelName;
    F.Loc = P->getLocation();
    F.Message = "kernel parameter '" + P->getNameAsString() +
                "' is only read: declare it '" + Type +
                "' so its loads can take the read-only data path";
    if (Aliased.count(P->getCanonicalDecl())) {
      F.Notes.push_back({{},
                         "no fix-it: a launch passes the same pointer for "
                         "another parameter, so it may alias an output"});
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

  /// True when every reference to P is the base of a subscript, a deref or
  /// pointer arithmetic that ends in one (what the evaluator reports).
  static bool onlyIndexed(const FunctionDecl *K, const ParmVarDecl *P) {
    // The statements from the body down to the one visited: their parents,
    // without a parent map of the whole body.
    struct Uses : RecursiveASTVisitor<Uses> {
      const ParmVarDecl *P;
      llvm::SmallVector<const Stmt *, 32> Path;
      bool Ok = true;
      explicit Uses(const ParmVarDecl *P) : P(P) {}
      // Not the queued traversal: a statement's children are visited while
      // it is on the path.
      bool TraverseStmt(Stmt *S) {
        if (!S)
          return true;
        Path.push_back(S);
        bool More = RecursiveASTVisitor::TraverseStmt(S);
        Path.pop_back();
        return More;
      }
      bool VisitDeclRefExpr(DeclRefExpr *E) {
        if (E->getDecl() != P)
          return true;
        // Walk up through casts and pointer arithmetic.
        size_t At = Path.size() - 1; // E
        auto Parent = [&](size_t I) {
          return I > 0 ? dyn_cast<Expr>(Path[I - 1]) : nullptr;
        };
        while (true) {
          const Expr *Up = Parent(At);
          if (!Up) {
            // A local pointer initialized from it, e.g. `float *row = p + y`.
            Ok = false;
            return false;
          }
          --At;
          if (isa<ImplicitCastExpr>(Up) || isa<ParenExpr>(Up))
            continue;
          if (const auto *BO = dyn_cast<BinaryOperator>(Up))
            if (BO->isAdditiveOp() && BO->getType()->isPointerType())
              continue;
          // An element: fine, unless its address is taken again (`&p[i]`
          // handed to a call the evaluator did not follow).
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
          Ok = false;
          return false;
        }
      }
    } U(P);
    U.TraverseStmt(K->getBody());
    return U.Ok;
  }
};

} // namespace

std::unique_ptr<Check> createReadonlyCheck() {
  return std::make_unique<ReadonlyCheck>();
}

} // namespace cal
