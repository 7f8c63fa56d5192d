//===- ParseCuda.h - CUDA source parsed for the engine's unit tests -------===//
#ifndef CUDA_ACCESS_LINT_TEST_PARSECUDA_H
#define CUDA_ACCESS_LINT_TEST_PARSECUDA_H

#include "analyzer/Analyzer.h"

#include "clang/AST/ASTContext.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace cal {

/// Source parsed as the tool parses a .cu file for the device (sm_90), with
/// the toolkit of $CUDA_PATH or /usr/local/cuda; null where it fails.
inline std::unique_ptr<clang::ASTUnit> parseCuda(const char *Source,
                                                 const char *FileName) {
  const char *Env = std::getenv("CUDA_PATH");
  std::string Cuda = Env && *Env ? Env : "/usr/local/cuda";
  std::vector<std::string> Args = {"--cuda-device-only",
                                   "--cuda-path=" + Cuda,
                                   "-resource-dir=" CLANG_RESOURCE_DIR,
                                   "-isystem",
                                   Cuda + "/include/cccl",
                                   "--cuda-gpu-arch=sm_90",
                                   "-Wno-unknown-cuda-version",
                                   "-w"};
  return clang::tooling::buildASTFromCodeWithArgs(Source, Args, FileName);
}

/// A test suite (Suite, its own fixture) over one source, parsed and
/// analyzed once for all its tests: the reports point into the AST, which
/// lives as long. Suite's SetUpTestSuite calls analyze().
template <typename Suite> class AnalyzedSuite : public ::testing::Test {
protected:
  static void analyze(const char *Source, const char *FileName) {
    Unit = parseCuda(Source, FileName).release();
    ASSERT_NE(Unit, nullptr);
    Reports = new std::vector<AccessReport>(
        analyzeTranslationUnit(Unit->getASTContext(), AnalyzerOptions()));
  }
  static void TearDownTestSuite() {
    delete Reports;
    delete Unit;
  }

  static inline clang::ASTUnit *Unit = nullptr;
  static inline std::vector<AccessReport> *Reports = nullptr;
};

} // namespace cal

#endif
