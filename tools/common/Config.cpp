#include "tools/common/Config.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLTraits.h"

namespace llvm::yaml {
template <> struct MappingTraits<cal::FileConfig> {
  static void mapping(IO &IO, cal::FileConfig &C) {
    IO.mapOptional("Checks", C.Checks);
    IO.mapOptional("WarningsAsErrors", C.WarningsAsErrors);
    IO.mapOptional("BlockDims", C.BlockDims);
    IO.mapOptional("Assume", C.Assume);
    IO.mapOptional("CheckOptions", C.CheckOptions);
    IO.mapOptional("MaxSteps", C.MaxSteps);
    IO.mapOptional("MaxLoopTrips", C.MaxLoopTrips);
  }
};
template <typename T> struct CustomMappingTraits<std::map<std::string, T>> {
  static void inputOne(IO &IO, StringRef Key, std::map<std::string, T> &M) {
    IO.mapRequired(Key.str().c_str(), M[Key.str()]);
  }
  static void output(IO &IO, std::map<std::string, T> &M) {
    for (auto &[K, V] : M)
      IO.mapRequired(K.c_str(), V);
  }
};
} // namespace llvm::yaml

namespace cal {

std::optional<FileConfig> loadConfig(const std::string &Path,
                                     std::string &Error) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer) {
    Error = "cannot read '" + Path + "': " + Buffer.getError().message();
    return std::nullopt;
  }
  FileConfig C;
  std::string Diag;
  llvm::yaml::Input In((*Buffer)->getBuffer(), nullptr,
                       [](const llvm::SMDiagnostic &D, void *Ctx) {
                         auto &Out = *static_cast<std::string *>(Ctx);
                         if (Out.empty())
                           Out = std::to_string(D.getLineNo()) + ":" +
                                 std::to_string(D.getColumnNo() + 1) + ": " +
                                 D.getMessage().str();
                       },
                       &Diag);
  if (!(*Buffer)->getBuffer().trim().empty())
    In >> C;
  if (In.error()) {
    // As a compiler says where: FILE:LINE:COLUMN: what.
    Error = Diag.empty() ? "'" + Path + "' is not a valid config"
                         : Path + ":" + Diag + " (not a valid config)";
    return std::nullopt;
  }
  C.Path = Path;
  return C;
}

std::optional<FileConfig> findConfig(const std::string &File,
                                     std::string &Error) {
  llvm::SmallString<256> Dir(File);
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_filename(Dir);
  while (!Dir.empty()) {
    llvm::SmallString<256> Candidate(Dir);
    llvm::sys::path::append(Candidate, ".cuda-access-lint.yaml");
    if (llvm::sys::fs::exists(Candidate))
      return loadConfig(std::string(Candidate), Error);
    // The parent is a prefix of Dir: cut Dir to it rather than assign a
    // view of Dir's own storage to Dir.
    size_t Parent = llvm::sys::path::parent_path(Dir).size();
    if (Parent == Dir.size())
      break;
    Dir.truncate(Parent);
  }
  return FileConfig();
}

} // namespace cal
