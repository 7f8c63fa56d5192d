#include "tools/driver/Sarif.h"
#include "tools/driver/RuleDocs.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace cal {
namespace {

/// A path as a URI path: what a URI cannot hold as it is, percent-encoded.
std::string uriPath(llvm::StringRef Path) {
  std::string Uri;
  for (char C : Path) {
    if (llvm::isAlnum(C) || llvm::StringRef("/-._~").contains(C))
      Uri += C;
    else
      Uri += "%" + llvm::utohexstr(uint8_t(C), /*LowerCase=*/false, 2);
  }
  return Uri;
}

std::string fileUri(llvm::StringRef AbsolutePath) {
  return "file://" + uriPath(AbsolutePath);
}

/// The working directory, ending in '/': %SRCROOT%.
std::string sourceRoot() {
  llvm::SmallString<256> Dir;
  if (llvm::sys::fs::current_path(Dir))
    return "/";
  std::string Root(Dir);
  if (Root.empty() || Root.back() != '/')
    Root += '/';
  return Root;
}

/// An artifactLocation: relative to %SRCROOT% under it, else absolute.
llvm::json::Object artifact(llvm::StringRef File, const std::string &Root) {
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  llvm::StringRef Path(Abs);
  if (Path.consume_front(Root))
    return llvm::json::Object{{"uri", uriPath(Path)},
                              {"uriBaseId", "%SRCROOT%"}};
  return llvm::json::Object{{"uri", fileUri(Abs)}};
}

llvm::json::Object location(const llvm::json::Object &D,
                            const std::string &Root) {
  return llvm::json::Object{
      {"physicalLocation",
       llvm::json::Object{
           {"artifactLocation",
            artifact(D.getString("file").value_or(""), Root)},
           {"region",
            llvm::json::Object{
                {"startLine", D.getInteger("line").value_or(1)},
                {"startColumn", D.getInteger("column").value_or(1)}}}}}};
}

} // namespace

llvm::json::Value sarifLog(const std::vector<std::unique_ptr<Check>> &Checks,
                           const llvm::json::Array &Diagnostics,
                           const llvm::json::Array &Notifications) {
  std::string Root = sourceRoot();
  llvm::json::Array Rules;
  for (const auto &C : Checks) {
    llvm::json::Object Rule{
        {"id", C->name().str()},
        {"shortDescription", llvm::json::Object{{"text", C->summary().str()}}},
        {"help", llvm::json::Object{{"text", C->summary().str() + "."}}}};
    if (std::string Url = ruleDocUrl(C->name()); !Url.empty())
      Rule["helpUri"] = Url;
    Rules.push_back(std::move(Rule));
  }
  llvm::json::Array Results;
  for (const llvm::json::Value &V : Diagnostics) {
    const llvm::json::Object &D = *V.getAsObject();
    std::string Message = D.getString("message").value_or("").str();
    if (const llvm::json::Array *Notes = D.getArray("notes"))
      for (const llvm::json::Value &N : *Notes)
        if (auto S = N.getAsString())
          Message += "\n" + S->str();
    llvm::json::Object Result{
        {"ruleId", D.getString("check").value_or("").str()},
        {"level", D.getString("level").value_or("warning").str()},
        {"message", llvm::json::Object{{"text", Message}}},
        {"locations", llvm::json::Array{location(D, Root)}},
        {"partialFingerprints",
         llvm::json::Object{{"cudaAccessLint/v1",
                             D.getString("fingerprint").value_or("").str()}}}};
    // Against a baseline: "new", or "unchanged" for one it holds.
    if (std::optional<llvm::StringRef> State = D.getString("baseline_state"))
      Result["baselineState"] = State->str();
    Results.push_back(std::move(Result));
  }
  llvm::json::Array Told;
  bool Failed = false;
  for (const llvm::json::Value &V : Notifications) {
    const llvm::json::Object &N = *V.getAsObject();
    std::string Level = N.getString("level").value_or("warning").str();
    Failed |= Level == "error";
    llvm::json::Object Out{
        {"level", Level},
        {"message", llvm::json::Object{
                        {"text", N.getString("message").value_or("").str()}}}};
    if (N.getString("file"))
      Out["locations"] = llvm::json::Array{location(N, Root)};
    Told.push_back(std::move(Out));
  }
  llvm::json::Object Driver{{"name", "cuda-access-lint"},
                            {"version", CAL_VERSION},
                            {"rules", std::move(Rules)}};
  if (!docsUrl().empty())
    Driver["informationUri"] = docsUrl();
  return llvm::json::Object{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs",
       llvm::json::Array{llvm::json::Object{
           {"tool", llvm::json::Object{{"driver", std::move(Driver)}}},
           {"originalUriBaseIds",
            llvm::json::Object{
                {"%SRCROOT%", llvm::json::Object{{"uri", fileUri(Root)}}}}},
           {"invocations",
            llvm::json::Array{llvm::json::Object{
                {"executionSuccessful", !Failed},
                {"toolExecutionNotifications", std::move(Told)}}}},
           {"results", std::move(Results)}}}}};
}

} // namespace cal
