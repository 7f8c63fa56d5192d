//===- RuleDocs.cpp - Where the checks' documentation pages are -----------===//
#include "tools/driver/RuleDocs.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace cal {

std::string docsDir() {
  std::string Exe = llvm::sys::fs::getMainExecutable(
      nullptr, reinterpret_cast<void *>(&docsDir));
  llvm::SmallString<256> Installed(
      llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe)));
  llvm::sys::path::append(Installed, "share", "doc", "cuda-access-lint");
  if (llvm::sys::fs::is_directory(Installed))
    return std::string(Installed);
  if (llvm::sys::fs::is_directory(CAL_SOURCE_DOCS))
    return CAL_SOURCE_DOCS;
  return "";
}

std::string ruleDocPath(llvm::StringRef Check) {
  std::string Dir = docsDir();
  if (Dir.empty())
    return "";
  llvm::SmallString<256> Page(Dir);
  llvm::sys::path::append(Page, "rules", Check + ".md");
  return llvm::sys::fs::exists(Page) ? std::string(Page) : "";
}

std::string &docsUrl() {
  static std::string Url = CAL_DOCS_URL;
  return Url;
}

std::string ruleDocUrl(llvm::StringRef Check) {
  if (ruleDocPath(Check).empty())
    return "";
  return docsUrl() + "rules/" + Check.str() + ".md";
}

} // namespace cal
