#include "tools/common/LintSettings.h"
#include "tools/common/Suppressions.h"

#include "llvm/ADT/STLExtras.h"

namespace cal {

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
