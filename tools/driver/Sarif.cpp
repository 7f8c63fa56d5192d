#include "tools/driver/Sarif.h"

#include "llvm/Support/Path.h"

namespace cal {

static const char *Version = "0.1.0";

llvm::json::Value sarifLog(const std::vector<std::unique_ptr<Check>> &Checks,
                           const llvm::json::Array &Diagnostics) {
  llvm::json::Array Rules;
  for (const auto &C : Checks)
    Rules.push_back(llvm::json::Object{
        {"id", C->name().str()},
        {"shortDescription", llvm::json::Object{{"text", C->summary().str()}}},
        {"helpUri", "docs/rules/" + C->name().str() + ".md"},
        {"help",
         llvm::json::Object{{"text", C->summary().str() + ". See docs/rules/" +
                                         C->name().str() + ".md."}}}});
  llvm::json::Array Results;
  for (const llvm::json::Value &V : Diagnostics) {
    const llvm::json::Object &D = *V.getAsObject();
    std::string Message = D.getString("message").value_or("").str();
    if (const llvm::json::Array *Notes = D.getArray("notes"))
      for (const llvm::json::Value &N : *Notes)
        if (auto S = N.getAsString())
          Message += "\n" + S->str();
    Results.push_back(llvm::json::Object{
        {"ruleId", D.getString("check").value_or("").str()},
        {"level", D.getString("level").value_or("warning").str()},
        {"message", llvm::json::Object{{"text", Message}}},
        {"locations",
         llvm::json::Array{llvm::json::Object{
             {"physicalLocation",
              llvm::json::Object{
                  {"artifactLocation",
                   llvm::json::Object{
                       {"uri",
                        "file://" + D.getString("file").value_or("").str()}}},
                  {"region",
                   llvm::json::Object{
                       {"startLine", D.getInteger("line").value_or(1)},
                       {"startColumn",
                        D.getInteger("column").value_or(1)}}}}}}}},
        {"partialFingerprints",
         llvm::json::Object{{"cudaAccessLint/v1",
                             D.getString("fingerprint").value_or("").str()}}}});
  }
  return llvm::json::Object{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs",
       llvm::json::Array{llvm::json::Object{
           {"tool",
            llvm::json::Object{
                {"driver", llvm::json::Object{{"name", "cuda-access-lint"},
                                              {"version", Version},
                                              {"informationUri", "docs/rules"},
                                              {"rules", std::move(Rules)}}}}},
           {"results", std::move(Results)}}}}};
}

} // namespace cal
