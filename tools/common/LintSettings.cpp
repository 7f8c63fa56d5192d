#include "tools/common/LintSettings.h"
#include "tools/common/Suppressions.h"

#include "llvm/ADT/STLExtras.h"

namespace cal {

std::string budgetProblem(std::optional<int64_t> MaxSteps,
                          std::optional<int64_t> MaxLoopTrips) {
  // Below these, nothing but the smallest kernel is evaluated; above, one
  // kernel would take hours.
  if (MaxSteps && (*MaxSteps < 1000 || *MaxSteps > 1000000000))
    return "MaxSteps " + std::to_string(*MaxSteps) +
           " is not between 1000 and 1000000000";
  if (MaxLoopTrips && (*MaxLoopTrips < 1 || *MaxLoopTrips > 65536))
    return "MaxLoopTrips " + std::to_string(*MaxLoopTrips) +
           " is not between 1 and 65536";
  return "";
}

std::string settingsFor(const FileConfig &Config, const AnalyzerOptions &Base,
                        const SettingOverrides &Over, LintSettings &S) {
  S.Opts = Base;
  for (const auto &[Kernel, Text] : Config.BlockDims) {
    std::optional<Dim3> D = Dim3::parse(Text);
    if (!D)
      return "'" + Config.Path + "': BlockDims." + Kernel + " '" + Text +
             "' is not a block shape";
    S.Opts.KernelBlockDims[Kernel] = *D;
  }
  for (const auto &[Name, V] : Config.Assume)
    S.Opts.Assume.try_emplace(Name, V);
  // The front end's budget over the file's.
  if (std::string Problem = budgetProblem(Config.MaxSteps, Config.MaxLoopTrips);
      !Problem.empty())
    return "'" + Config.Path + "': " + Problem;
  if (auto Steps = Over.MaxSteps ? Over.MaxSteps : Config.MaxSteps)
    S.Opts.Limits.setSteps(*Steps);
  if (auto Trips =
          Over.MaxLoopTrips ? Over.MaxLoopTrips : Config.MaxLoopTrips) {
    S.Opts.Limits.MaxLoopTrips = int(*Trips);
    S.Opts.Limits.UnknownLoopTrips =
        std::min(S.Opts.Limits.UnknownLoopTrips, int(*Trips));
  }
  std::vector<std::unique_ptr<Check>> All = createChecks();
  for (const auto &[Key, Value] : Config.CheckOptions) {
    // A misspelt option would silently do nothing: each names a check and
    // one of its options, and is a flag.
    // Not a structured binding: a lambda captures it below (C++20).
    llvm::StringRef Name, Option;
    std::tie(Name, Option) = llvm::StringRef(Key).rsplit('.');
    bool Known = llvm::any_of(All, [&](const std::unique_ptr<Check> &C) {
      return C->name() == Name && llvm::is_contained(C->optionNames(), Option);
    });
    if (!Known)
      return "'" + Config.Path + "': CheckOptions." + Key +
             " is not an option of a check";
    if (Value != "true" && Value != "false" && Value != "1" && Value != "0")
      return "'" + Config.Path + "': CheckOptions." + Key + " '" + Value +
             "' is not true or false";
  }
  S.CheckOpts = Config.CheckOptions;
  for (const auto &[Key, Value] : Over.CheckOpts)
    S.CheckOpts[Key] = Value;
  std::string Globs = Over.Checks     ? *Over.Checks
                      : Config.Checks ? *Config.Checks
                                      : "cuda-access-*";
  for (auto &C : All)
    if (globListMatches(Globs, C->name()))
      S.Checks.push_back(std::move(C));
  S.WarningsAsErrors = Over.WarningsAsErrors     ? *Over.WarningsAsErrors
                       : Config.WarningsAsErrors ? *Config.WarningsAsErrors
                                                 : "";
  return "";
}

} // namespace cal
