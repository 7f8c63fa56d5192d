//===- ForeignLaunches.cpp - Launches of a kernel made in another file ----===//
#include "analyzer/ForeignLaunches.h"
#include "analyzer/LaunchSites.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Mangle.h"

namespace cal {

std::string kernelKey(const clang::FunctionDecl *K) {
  clang::ASTNameGenerator Names(K->getASTContext());
  return Names.getName(K);
}

std::string paramKey(const clang::FunctionDecl *K, unsigned I) {
  llvm::StringRef Name = K->getParamDecl(I)->getName();
  return Name.empty() ? "#" + std::to_string(I) : Name.str();
}

void exportForeignLaunches(const LaunchSites &Launches, const std::string &File,
                           ForeignLaunches &Out) {
  for (const auto &[FD, Shapes] : Launches.Shapes) {
    if (FD->isDefined())
      continue;
    std::vector<LaunchShape> &Into = Out[kernelKey(FD)];
    for (const LaunchShape &S : Shapes) {
      // The block, the grid and the integers passed: what is named by the
      // launching file's parameter names beyond those is left behind.
      LaunchShape Plain;
      Plain.Block = S.Block;
      Plain.Grid = S.Grid;
      Plain.GridAxes = S.GridAxes;
      Plain.Assumed = S.Assumed;
      Plain.NoArguments = S.NoArguments;
      Plain.DeviceLimits = S.DeviceLimits;
      Plain.Source = ShapeSource::OtherFile;
      Plain.Line = S.Line;
      Plain.File = File;
      for (unsigned I = 0; I < FD->getNumParams(); ++I)
        if (auto V = S.ParamValues.find(paramKey(FD, I));
            V != S.ParamValues.end())
          Plain.ParamValues["#" + std::to_string(I)] = V->second;
      Into.push_back(std::move(Plain));
    }
  }
}

std::vector<LaunchShape>
importForeignLaunches(const clang::FunctionDecl *K,
                      std::vector<LaunchShape> Shapes) {
  for (LaunchShape &S : Shapes) {
    std::map<std::string, int64_t> Named;
    for (unsigned I = 0; I < K->getNumParams(); ++I)
      if (auto V = S.ParamValues.find("#" + std::to_string(I));
          V != S.ParamValues.end())
        Named[K->getParamDecl(I)->getName().str()] = V->second;
    S.ParamValues = std::move(Named);
  }
  return Shapes;
}

} // namespace cal
