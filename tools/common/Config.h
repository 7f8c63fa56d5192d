//===- Config.h - .cuda-access-lint.yaml, searched upward from a file -----===//
#ifndef CUDA_ACCESS_LINT_CONFIG_H
#define CUDA_ACCESS_LINT_CONFIG_H

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace cal {

/// What a configuration file may set; the command line wins over it.
///
///   Checks: '-*,cuda-access-bank-conflict'
///   WarningsAsErrors: 'cuda-access-uncoalesced'
///   BlockDims:            # per kernel, where no launch site gives a
///     transpose: 32,8     # constant block (--block-dim wins over both)
///   Assume:               # integer kernel parameters
///     width: 1024
///   CheckOptions:         # as clang-tidy's
///     cuda-access-misaligned.WarnOnUnknownAlignment: true
///   MaxSteps: 400000      # the evaluation budget (--max-steps)
///   MaxLoopTrips: 64      # (--max-loop-trips)
struct FileConfig {
  std::optional<std::string> Checks;
  std::optional<std::string> WarningsAsErrors;
  std::map<std::string, std::string> BlockDims;
  std::map<std::string, int64_t> Assume;
  std::map<std::string, std::string> CheckOptions;
  std::optional<int64_t> MaxSteps, MaxLoopTrips;
  std::string Path; ///< the file it came from, "" when none was found
};

/// The nearest .cuda-access-lint.yaml in the folder of File or above it;
/// an empty config when there is none. On a file that cannot be read or
/// parsed, returns std::nullopt and sets Error to one line.
std::optional<FileConfig> findConfig(const std::string &File,
                                     std::string &Error);
/// The config in the file at Path (--config-file); errors as findConfig's,
/// with the line and column of a YAML error.
std::optional<FileConfig> loadConfig(const std::string &Path,
                                     std::string &Error);

} // namespace cal

#endif
