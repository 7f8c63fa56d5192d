//===- EvalSwitch.cpp - A `switch` as its lanes run it --------------------===//
//
// A switch jumps each lane to the label its value matches (or `default`),
// and the lane runs on from there, through the labels below, until a
// `break`. Lanes that know their value take their own label, as the lanes
// of an `if` take their own branch, and meet after the switch. Where the
// value is not known, every label is a way some lanes may take: each runs,
// and what they leave apart in the locals is not known after the switch.
//
//===----------------------------------------------------------------------===//

#include "analyzer/KernelEvaluator.h"

#include "clang/AST/Stmt.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/SaveAndRestore.h"

#include <map>

using namespace clang;

namespace cal {

namespace {

/// The statements of a switch's body, in order, and at which of them each
/// case label lets lanes in.
struct SwitchBody {
  llvm::SmallVector<const Stmt *, 8> Stmts;
  struct Label {
    llvm::APSInt Low, High;
    size_t At;
  };
  llvm::SmallVector<Label, 8> Cases;
  std::optional<size_t> Default;
  /// Whether some label is not among Stmts (inside a nested statement):
  /// those lanes' way is not known.
  bool Hidden = false;

  SwitchBody(const SwitchStmt *Sw, const ASTContext &Ctx) {
    const Stmt *Body = Sw->getBody();
    if (const auto *CS = dyn_cast<CompoundStmt>(Body))
      Stmts.append(CS->body_begin(), CS->body_end());
    else
      Stmts.push_back(Body);
    unsigned Found = 0;
    for (size_t I = 0; I < Stmts.size(); ++I)
      for (const Stmt *S = Stmts[I]; const auto *SC = dyn_cast<SwitchCase>(S);
           S = SC->getSubStmt(), ++Found) {
        const auto *C = dyn_cast<CaseStmt>(SC);
        if (!C) {
          Default = I;
          continue;
        }
        llvm::APSInt Low = C->getLHS()->EvaluateKnownConstInt(Ctx);
        llvm::APSInt High =
            C->getRHS() ? C->getRHS()->EvaluateKnownConstInt(Ctx) : Low;
        Cases.push_back({Low, High, I});
      }
    unsigned All = 0;
    for (const SwitchCase *SC = Sw->getSwitchCaseList(); SC;
         SC = SC->getNextSwitchCase())
      ++All;
    Hidden = Found != All;
  }

  /// Where a lane with value V goes in: a statement's index, Stmts.size()
  /// past the switch, or std::nullopt where a hidden label may take it.
  std::optional<size_t> entry(int64_t V) const {
    for (const Label &L : Cases)
      if (llvm::APSInt::compareValues(L.Low, llvm::APSInt::get(V)) <= 0 &&
          llvm::APSInt::compareValues(llvm::APSInt::get(V), L.High) <= 0)
        return L.At;
    if (Default)
      return *Default;
    if (Hidden)
      return std::nullopt;
    return Stmts.size();
  }

  /// Every way in: each statement a label is on, and past the switch where
  /// no `default` catches the rest.
  llvm::SmallVector<size_t, 8> entries() const {
    llvm::SmallVector<size_t, 8> Out;
    for (const Label &L : Cases)
      Out.push_back(L.At);
    if (Default)
      Out.push_back(*Default);
    else
      Out.push_back(Stmts.size());
    llvm::sort(Out);
    Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
    return Out;
  }
};

} // namespace

KernelEvaluator::Flow KernelEvaluator::execSwitch(const SwitchStmt *Sw) {
  ConditionalScope Conditional(*this);
  if (Sw->getInit())
    exec(Sw->getInit());
  if (const VarDecl *CV = Sw->getConditionVariable())
    declare(CV);
  Value V = eval(Sw->getCond());
  SwitchBody Body(Sw, Ctx);
  // Lanes that broke out of the switch apart come back after it, as
  // after a loop.
  LaneMask OuterMaybeLeft = MaybeLeft;
  MaybeLeft.reset();
  llvm::scope_exit Restore([&] { MaybeLeft = OuterMaybeLeft; });
  auto RunFrom = [&](size_t At) {
    for (size_t I = At; I < Body.Stmts.size(); ++I) {
      Flow F = exec(Body.Stmts[I]);
      if (F == Flow::Break)
        return Flow::Normal;
      if (F != Flow::Normal)
        return F;
      if (OutOfBudget || Diverged)
        return Flow::Return;
    }
    return Flow::Normal;
  };

  // Each active lane's label, where every lane knows its value.
  std::map<size_t, LaneMask> Ways;
  bool Known = V.isConstInt();
  if (Known) {
    if (std::optional<size_t> At = Body.entry(V.Offset.constantTerm()))
      Ways[*At] = Active;
    else
      Known = false;
  } else if (std::optional<std::vector<int64_t>> Ints = laneInts(V)) {
    Known = true;
    for (unsigned L : SetLanes(Active)) {
      std::optional<size_t> At = Body.entry((*Ints)[L]);
      if (!At) {
        Known = false;
        break;
      }
      auto [It, New] = Ways.try_emplace(*At, unsigned(Lanes.size()));
      It->second.set(L);
    }
  }
  if (Known && Ways.size() == 1)
    return RunFrom(Ways.begin()->first);

  // Several ways, as the lanes of a split `if` (execSplitIf) or, where the
  // value is not known, each way in by all lanes, as both branches of an
  // `if` whose condition is not known (execBothBranches).
  LaneMask Group = Active;
  Frame Before = Frames.back();
  LaneMask Returned = Before.Returned, Running(unsigned(Lanes.size()));
  std::vector<std::pair<LaneMask, Value>> Results = Before.Results;
  std::vector<std::pair<LaneMask, Env>> Ends;
  std::vector<Flow> Flows;
  DecidedLanes Outside = LanesDecided;
  if (!Known) {
    for (size_t At : Body.entries())
      Ways[At] = Group;
    // A value the lanes may hold apart picks which lanes run each way.
    if (Outside.empty() && (V.LaneVarying || varies(V)))
      LanesDecided = {at(UnknownKind::ConditionNotKnown, Sw->getCond()), false};
  }
  for (const auto &[At, M] : Ways) {
    Frames.back() = Before;
    Active = M;
    Flow F = RunFrom(At);
    if (OutOfBudget || Diverged)
      break;
    Frame &After = Frames.back();
    Returned |= After.Returned;
    Results.insert(Results.end(), After.Results.begin() + Before.Results.size(),
                   After.Results.end());
    // Lanes that leave by one way of an unknown value, and not by another,
    // part: not modeled here.
    if (!Known && (F != Flow::Normal || Active != M)) {
      Diverged = true;
      break;
    }
    (F == Flow::Return ? Returned : Running) |= Active;
    Flows.push_back(F);
    if (F != Flow::Return)
      Ends.push_back({Active, std::move(After.Locals)});
  }
  LanesDecided = Outside;
  meet(std::move(Before), Returned, std::move(Results), Running);
  if (OutOfBudget || Diverged)
    return Flow::Return;
  if (!llvm::all_equal(Flows) && llvm::any_of(Flows, [](Flow F) {
        return F == Flow::Continue || F == Flow::Goto;
      })) {
    Diverged = true; // lanes leave a loop apart: not modeled
    return Flow::Return;
  }
  if (Running.none())
    return Flow::Return;
  if (Known) {
    mergeLocals(Ends);
    return llvm::all_equal(Flows) ? Flows.front() : Flow::Normal;
  }
  // The same lanes each way: a local left apart is not known.
  Env &Merged = locals();
  llvm::SaveAndRestore<bool> InMerge(Merging, true);
  for (auto &[Key, W] : Merged) {
    Value Differ = Value::unknown({UnknownKind::DiffersBetweenBranches,
                                   lineOf(Sw), Key.Var->getName().str()});
    for (const auto &[M, E] : Ends) {
      auto It = E.find(Key);
      if (It == E.end())
        W = Differ;
      else if (!W.sameAs(It->second))
        W = agree(W, It->second, Differ);
    }
  }
  return Flow::Normal;
}

} // namespace cal
