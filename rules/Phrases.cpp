#include "rules/Phrases.h"

#include "llvm/ADT/STLExtras.h"

namespace cal {

namespace {

std::string quoted(const std::string &Name) { return "'" + Name + "'"; }

std::string sentence(const UnknownReason &R) {
  const std::string &N = R.Name;
  switch (R.Kind) {
  case UnknownKind::None:
    return "";
  case UnknownKind::LoadedGlobal:
    return "a value loaded from global memory";
  case UnknownKind::LoadedShared:
    return "a value loaded from shared memory";
  case UnknownKind::LoadedConstant:
    return "a value loaded from constant memory";
  case UnknownKind::LoadedLocal:
    return "a value loaded from local memory";
  case UnknownKind::LoadedUnknown:
    return "a value loaded from unknown memory";
  case UnknownKind::LocalArrayValue:
    return "a value from a local array";
  case UnknownKind::LocalReference:
    return "a reference to a local";
  case UnknownKind::AsmOutput:
    return "an output of inline asm";
  case UnknownKind::Lambda:
    return "a lambda";
  case UnknownKind::ParameterNotInteger:
    return "parameter " + quoted(N) + " is not an integer or pointer";
  case UnknownKind::NotIntegerOrPointer:
    return quoted(N) + " is not an integer or pointer";
  case UnknownKind::NotInitialized:
    return quoted(N) + " is not initialized";
  case UnknownKind::NotKnown:
    return quoted(N) + " is not known";
  case UnknownKind::DiffersBetweenBranches:
    return quoted(N) + " differs between the branches";
  case UnknownKind::AfterLoop:
    return quoted(N) + " after the loop";
  case UnknownKind::FieldStored:
    return "a field of " + quoted(N) + " stored";
  case UnknownKind::ConditionNotKnown:
    return "a condition not known";
  case UnknownKind::PastTheBound:
    return "the lanes past the guard's bound";
  case UnknownKind::BudgetExhausted:
    return "evaluation budget exhausted";
  case UnknownKind::UnsupportedLValue:
    return "unsupported lvalue";
  case UnknownKind::UnsupportedExpression:
    return "unsupported expression";
  case UnknownKind::UnsupportedOperator:
    return "unsupported operator";
  case UnknownKind::NonInteger:
    return "a non-integer value";
  case UnknownKind::ClassValue:
    return "a value of class type";
  case UnknownKind::NullPointer:
    return "a null pointer";
  case UnknownKind::FunctionPointer:
    return "a function pointer";
  case UnknownKind::PointerToInteger:
    return "a pointer converted to an integer";
  case UnknownKind::NonIntegerIndex:
    return "an index that is not an integer";
  case UnknownKind::ComplementNotKnown:
    return "'~' of a value not known";
  case UnknownKind::PointerArithmetic:
    return "pointer arithmetic";
  case UnknownKind::NonLinearIndex:
    return "an index non-linear in a runtime value";
  case UnknownKind::DivisionByZero:
    return "a division by zero";
  case UnknownKind::PointerDifference:
    return "a pointer difference";
  case UnknownKind::MinMaxNotKnown:
    return "min/max of values not known";
  case UnknownKind::UnsupportedBuiltin:
    return "unsupported builtin " + quoted(N);
  case UnknownKind::ResultOf:
    return "the result of " + quoted(N);
  case UnknownKind::IndirectCall:
    return "an indirect call";
  case UnknownKind::AngleQuadrant:
    return "each lane's argument of " + quoted(N) +
           " picks the half of the coefficient table it reads";
  case UnknownKind::CallsTooDeep:
    return "calls nested deeper than " + std::to_string(R.Number);
  case UnknownKind::LanesDiverge:
    return "lanes diverge";
  case UnknownKind::NoLaneValue:
    return "no lane value";
  case UnknownKind::NoSize:
    return "the accessed type has no size";
  case UnknownKind::DifferentArrays:
    return "lanes access different arrays";
  case UnknownKind::NoRequest:
    return "no warp request was evaluated";
  case UnknownKind::UnknownOrigin:
    return "a pointer of unknown origin";
  case UnknownKind::NotCompiled:
    return "clang could not compile the code this kernel runs (error at "
           "line " +
           std::to_string(R.Line) + ")";
  case UnknownKind::AsmNotModelled:
    return "inline PTX " + quoted(N) +
           " moves memory in a way the analyzer does not model";
  case UnknownKind::CopySourceApart:
    return "the cp.async's global read, whose data its shared write follows, "
           "is not known";
  case UnknownKind::FragmentNotModelled:
    return "the wmma fragment move of " + N +
           ", which the analyzer does not model";
  }
  return "";
}

std::string dims(const Dim3 &D) {
  return "(" + std::to_string(D.X) + "," + std::to_string(D.Y) + "," +
         std::to_string(D.Z) + ")";
}

std::string blockShape(const Assumption &A) {
  auto Source = ShapeSource(A.Numbers[0]);
  std::string Line = std::to_string(A.Numbers[1]);
  std::string From = Source == ShapeSource::Launch ? "launch at line " + Line
                     : Source == ShapeSource::OtherFile
                         ? "launch at " + A.Names[1] + ":" + Line
                     : Source == ShapeSource::BlockDimOption
                         ? "--block-dim"
                         : "the configuration file";
  if (A.Numbers.size() > 3 && A.Numbers[3])
    From += ", through the call at line " + std::to_string(A.Numbers[3]);
  if (!A.Numbers[2])
    return "block " + A.Blocks[0].str() + " from " + From;
  return (Source == ShapeSource::None
              ? "no launch of " + quoted(A.Names[0]) + " in this file"
              : "the block of the " + From + " is not a constant") +
         ": assumed a 1-D block of 256 threads (use --block-dim)";
}

std::string alignmentDecidedBy(const Assumption &A) {
  std::string Names;
  for (const std::string &N : A.Names)
    Names += (Names.empty() ? "" : ", ") + quoted(N);
  // A shared access's count turns on its lanes' banks, a global one's on
  // the sectors its alignment spans.
  auto Count = [&](int64_t N) {
    return std::to_string(N) + (A.Shared ? " wavefront" : " sector") +
           (N == 1 ? "" : "s");
  };
  // A loop's counter passed at the launch: its values are known, and move
  // the lanes' addresses, not only their alignment.
  bool Counter = A.Numbers.size() == 5;
  if (Counter)
    Names += " (" + std::to_string(A.Numbers[3]) + " to " +
             std::to_string(A.Numbers[4]) + " at the launch)";
  std::string Decide = Names + (A.Names.size() == 1 ? " decides" : " decide") +
                       (A.Shared  ? " the banks"
                        : Counter ? " the addresses"
                                  : " the alignment");
  // They decide other requests of the site; its worst needs the same at
  // every value.
  if (A.Numbers[0] == A.Numbers[1])
    return Decide + " of some requests; the worst needs " +
           Count(A.Numbers[1]) + " at any value";
  std::string When;
  if (A.Numbers[2])
    When = " when it is a multiple of " + std::to_string(A.Numbers[2]);
  return Decide + ": " + Count(A.Numbers[0]) + When + ", up to " +
         std::to_string(A.Numbers[1]) + " otherwise";
}

} // namespace

std::string phrase(const UnknownReason &R) {
  std::string S = sentence(R);
  // A reason that names where it arose, but for the one that says it in
  // its own words.
  if (R.Line && R.Kind != UnknownKind::NotCompiled)
    S += " at line " + std::to_string(R.Line);
  return S;
}

std::string phrase(const Assumption &A) {
  switch (A.Kind) {
  case AssumptionKind::BlockShape:
    return blockShape(A);
  case AssumptionKind::SampledBlocks: {
    std::string Blocks;
    for (const Dim3 &B : A.Blocks)
      Blocks += (Blocks.empty() ? "" : ", ") + dims(B);
    return "an index not linear in blockIdx: the requests of blocks " + Blocks +
           " of the grid " + A.Grid.str();
  }
  case AssumptionKind::OneWarp:
    return "evaluated for warp " + std::to_string(A.Numbers[0]) +
           " alone: the budget ran out before the " +
           std::to_string(A.Numbers[1]) +
           " warps evaluated together reached it";
  case AssumptionKind::SizeClamp:
    return "the index clamped to a runtime size at line " +
           std::to_string(A.Numbers[0]) +
           " was taken as unclamped: only lanes past the size are clamped";
  case AssumptionKind::EdgeBranch:
    return "the branch at line " + std::to_string(A.Numbers[0]) +
           " that only lanes within " + std::to_string(A.Numbers[1]) +
           " of the grid's edge take was taken by none: the access is as "
           "the other lanes make it";
  case AssumptionKind::EdgeClamp:
    return "at line " + std::to_string(A.Numbers[0]) +
           ", the side of the min/max that only lanes within " +
           std::to_string(A.Numbers[1]) +
           " of the grid's edge take was taken by none: the access is as "
           "the other lanes make it";
  case AssumptionKind::FewerTrips:
    return "evaluated with every loop cut at " + std::to_string(A.Numbers[0]) +
           " trips: the budget ran out before the full run reached it";
  case AssumptionKind::AlignedParameter:
    return quoted(A.Names[0]) +
           " assumed 256-byte aligned, as cudaMalloc returns";
  case AssumptionKind::OffsetParameter:
    return quoted(A.Names[0]) + " is " + std::to_string(A.Numbers[0]) +
           " bytes past a 256-byte boundary: the launch" +
           (A.Numbers[1] ? " at line " + std::to_string(A.Numbers[1]) : "") +
           " passes " + quoted(A.Names[1]) +
           ", its variable taken as cudaMalloc returns it";
  case AssumptionKind::AlignedEither:
    return quoted(A.Names[0]) + " is one of the kernel's arrays, each assumed "
                                "256-byte aligned, as cudaMalloc returns";
  case AssumptionKind::PitchMultiple:
    return quoted(A.Names[0]) +
           " comes from cudaMallocPitch: assumed a multiple of " +
           std::to_string(A.Numbers[0]) + " bytes";
  case AssumptionKind::BlockParameter:
    return quoted(A.Names[0]) + " is " + std::to_string(A.Numbers[0]) +
           ", the block's " + std::string(1, "xyz"[A.Numbers[1]]) +
           ": the launch" +
           (A.Numbers[2] ? " at line " + std::to_string(A.Numbers[2]) : "") +
           " passes it as the block";
  case AssumptionKind::DeviceLimits:
    return "the launch's values take the device's limits "
           "(cudaDeviceProp's maxGridSize, maxThreadsPerBlock) as an sm_90 "
           "device reports them";
  case AssumptionKind::NoArguments:
    return "the launch's values as the program runs with no command-line "
           "arguments (argc == 1)";
  case AssumptionKind::StoppedAtBudget:
    return "evaluation stopped at its budget";
  case AssumptionKind::CallsCut:
    return "calls nested deeper than " + std::to_string(A.Numbers[0]) +
           " levels were not followed: the accesses they make are not counted";
  case AssumptionKind::IndirectCall:
    return "the call through a pointer at line " +
           std::to_string(A.Numbers[0]) +
           " was not followed: the accesses its callee makes are not counted";
  case AssumptionKind::LoopCut:
    return "evaluated the first iterations of the loop at line " +
           std::to_string(A.Numbers[0]);
  case AssumptionKind::AlignmentDecidedBy:
    return alignmentDecidedBy(A);
  case AssumptionKind::LoopExit:
    return "after the loop at line " + std::to_string(A.Numbers[0]) +
           ", values its first trips moved by the same step each taken as "
           "moved so on all of its trips";
  case AssumptionKind::EdgeWrap: {
    std::string Names;
    for (const std::string &N : A.Names)
      Names += (Names.empty() ? "" : ", ") + quoted(N);
    return "at line " + std::to_string(A.Numbers[0]) +
           ", the indices divided by " + Names +
           " taken as the guards bound them: the lanes at the edge, where an "
           "index wraps around, are not counted";
  }
  case AssumptionKind::WarpQuotient: {
    std::string Names;
    for (const std::string &N : A.Names)
      Names += (Names.empty() ? "" : ", ") + quoted(N);
    return Names + " taken as a multiple of 32: each warp's 32 consecutive "
                   "indices divided by it share one quotient";
  }
  }
  return "";
}

std::string listOf(llvm::ArrayRef<std::string> Items, llvm::StringRef Last) {
  std::string Out;
  for (size_t I = 0; I < Items.size(); ++I)
    Out += (I == 0                  ? ""
            : I + 1 == Items.size() ? " " + Last.str() + " "
                                    : ", ") +
           Items[I];
  return Out;
}

std::vector<std::string> phrases(const std::vector<Assumption> &All) {
  std::vector<std::string> Out, Cut, Loops;
  bool Budget = false; // the step budget, which MaxSteps raises, ran out
  for (const Assumption &A : All) {
    Budget |= A.Kind == AssumptionKind::OneWarp ||
              A.Kind == AssumptionKind::FewerTrips ||
              A.Kind == AssumptionKind::StoppedAtBudget;
    switch (A.Kind) {
    case AssumptionKind::LoopCut:
      if (std::string Line = std::to_string(A.Numbers[0]);
          !llvm::is_contained(Loops, Line))
        Loops.push_back(Line);
      break;
    case AssumptionKind::OneWarp:
      Cut.push_back("warp " + std::to_string(A.Numbers[0]) +
                    " evaluated alone, not the " +
                    std::to_string(A.Numbers[1]) + " together");
      break;
    case AssumptionKind::FewerTrips:
      Cut.push_back("every loop cut at " + std::to_string(A.Numbers[0]) +
                    " trips");
      break;
    case AssumptionKind::StoppedAtBudget:
      Cut.push_back("stopped at its budget");
      break;
    case AssumptionKind::CallsCut:
      Cut.push_back("calls nested deeper than " + std::to_string(A.Numbers[0]) +
                    " levels not followed (their accesses not counted)");
      break;
    default:
      Out.push_back(phrase(A));
    }
  }
  if (!Loops.empty())
    Cut.insert(Cut.begin(), Loops.size() == 1
                                ? "the loop at line " + Loops[0] +
                                      " evaluated for its first iterations"
                                : "the loops at lines " + listOf(Loops, "and") +
                                      " evaluated for their first iterations");
  if (Cut.size() == 1 && Loops.size() == 1)
    Out.push_back("evaluated the first iterations of the loop at line " +
                  Loops[0]);
  else if (!Cut.empty()) {
    std::string Note = "the evaluation was cut short: ";
    for (size_t I = 0; I < Cut.size(); ++I)
      Note += (I ? "; " : "") + Cut[I];
    if (Budget)
      Note += " (a larger MaxSteps, --max-steps, evaluates further)";
    Out.push_back(Note);
  }
  return Out;
}

} // namespace cal
