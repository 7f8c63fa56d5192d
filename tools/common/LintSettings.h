//===- LintSettings.h - A file's settings: its config, the front end's over
//-===//
//
// The driver and the clang-tidy plugin read the same .cuda-access-lint.yaml
// through this, each putting its own options on top (the command line, or
// clang-tidy's -checks and CheckOptions).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_LINTSETTINGS_H
#define CUDA_ACCESS_LINT_LINTSETTINGS_H

#include "analyzer/Analyzer.h"
#include "rules/Check.h"
#include "tools/common/Config.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cal {

struct LintSettings {
  AnalyzerOptions Opts;
  /// The enabled checks, in the order they run.
  std::vector<std::unique_ptr<Check>> Checks;
  CheckOptions CheckOpts;
  std::string WarningsAsErrors;
};

/// What a front end sets over the configuration file.
struct SettingOverrides {
  std::optional<std::string> Checks, WarningsAsErrors;
  std::optional<int64_t> MaxSteps, MaxLoopTrips;
  /// Over the file's CheckOptions, key by key.
  CheckOptions CheckOpts;
};

/// "" where the evaluation budget's values are in range, else the problem.
std::string budgetProblem(std::optional<int64_t> MaxSteps,
                          std::optional<int64_t> MaxLoopTrips);

/// Base's analyzer options with Config's block shapes and parameter values
/// added (Base's own values win), Config's checks and check options with
/// Over on top; "" or the problem in Config, naming its file.
std::string settingsFor(const FileConfig &Config, const AnalyzerOptions &Base,
                        const SettingOverrides &Over, LintSettings &S);

} // namespace cal

#endif
