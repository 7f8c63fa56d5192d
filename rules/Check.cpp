//===- Check.cpp - What every check's findings say ------------------------===//
#include "rules/Check.h"

namespace cal {

void Check::run(const CheckContext &C, std::vector<Finding> &Out) {
  size_t Begin = Out.size();
  find(C, Out);
  // A helper's line is shown for the kernel that runs it: name that kernel
  // (its launch is among the assumptions).
  for (size_t I = Begin; I < Out.size(); ++I) {
    const AccessReport *R = Out[I].Report;
    if (R && R->Function && R->Function != R->Kernel)
      Out[I].Notes.insert(
          Out[I].Notes.begin(),
          {clang::SourceLocation(), "in '" + R->FunctionName +
                                        "', evaluated for kernel '" +
                                        R->KernelName + "'"});
    // The profiler shows such a load on the loop's line, not its own.
    if (R && R->HoistedTo.second)
      Out[I].Notes.push_back({clang::SourceLocation(),
                              "loaded once, before the loop at line " +
                                  std::to_string(R->HoistedTo.second) +
                                  ": Nsight Compute counts it on that line"});
  }
}

} // namespace cal
