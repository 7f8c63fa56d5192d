#include "tools/driver/Baseline.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

namespace cal {

std::string fingerprint(const std::string &Check, const std::string &File,
                        const std::string &Kernel, const std::string &Text,
                        unsigned Occurrence) {
  std::string Key = Check + '\0' + llvm::sys::path::filename(File).str() +
                    '\0' + Kernel + '\0' + Text + '\0' +
                    std::to_string(Occurrence);
  return llvm::utohexstr(llvm::xxh3_64bits(Key), /*LowerCase=*/true, 16);
}

std::optional<std::set<std::string>> readBaseline(const std::string &Path,
                                                  std::string &Error) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer) {
    Error =
        "cannot read baseline '" + Path + "': " + Buffer.getError().message();
    return std::nullopt;
  }
  auto Doc = llvm::json::parse((*Buffer)->getBuffer());
  const llvm::json::Array *Entries = nullptr;
  if (Doc)
    if (const llvm::json::Object *O = Doc->getAsObject())
      Entries = O->getArray("warnings");
  if (!Entries) {
    if (!Doc)
      llvm::consumeError(Doc.takeError());
    Error = "'" + Path + "' is not a cuda-access-lint baseline";
    return std::nullopt;
  }
  std::set<std::string> Out;
  for (const llvm::json::Value &E : *Entries)
    if (const llvm::json::Object *O = E.getAsObject())
      if (auto F = O->getString("fingerprint"))
        Out.insert(F->str());
  return Out;
}

llvm::json::Value baselineDocument(const llvm::json::Array &Diagnostics) {
  llvm::json::Array Warnings;
  for (const llvm::json::Value &D : Diagnostics) {
    const llvm::json::Object *O = D.getAsObject();
    llvm::json::Object W;
    for (const char *Key : {"fingerprint", "check", "kernel", "message"})
      if (const llvm::json::Value *V = O->get(Key))
        W[Key] = *V;
    // For the reader; matching uses the fingerprint, which holds the name.
    if (auto File = O->getString("file"))
      W["file"] = llvm::sys::path::filename(*File).str();
    Warnings.push_back(std::move(W));
  }
  return llvm::json::Object{{"version", 1}, {"warnings", std::move(Warnings)}};
}

} // namespace cal
