#include "tools/common/SourceFilters.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/Support/JSON.h"

namespace cal {

std::string HeaderFilter::set(llvm::StringRef IncludeRe,
                              llvm::StringRef ExcludeRe, bool System) {
  SystemHeaders = System;
  // A regular expression, or none where it is Everything.
  auto Compile = [](llvm::StringRef Option, llvm::StringRef Text,
                    llvm::StringRef Everything,
                    std::optional<llvm::Regex> &R) -> std::string {
    R.reset();
    if (Text == Everything)
      return "";
    R.emplace(Text);
    std::string Error;
    if (!R->isValid(Error))
      return ("--" + Option + "='" + Text +
              "' is not a regular expression: " + Error)
          .str();
    return "";
  };
  std::string Error = Compile("header-filter", IncludeRe, ".*", Include);
  if (Error.empty())
    Error = Compile("exclude-header-filter", ExcludeRe, "", Exclude);
  return Error;
}

bool HeaderFilter::shows(const clang::SourceManager &SM,
                         clang::SourceLocation Loc) const {
  Loc = SM.getExpansionLoc(Loc);
  if (SM.isInMainFile(Loc))
    return true;
  if (!SystemHeaders && SM.isInSystemHeader(Loc))
    return false;
  if (!Include && !Exclude)
    return true;
  llvm::StringRef Name = SM.getFilename(Loc);
  return (!Include || Include->match(Name)) &&
         !(Exclude && Exclude->match(Name));
}

std::string LineFilter::parse(llvm::StringRef Json) {
  Entries.clear();
  if (Json.empty())
    return "";
  std::string Bad = "--line-filter is not a JSON list of "
                    "{\"name\": FILE, \"lines\": [[FIRST, LAST], ...]}";
  llvm::Expected<llvm::json::Value> Doc = llvm::json::parse(Json);
  if (!Doc) {
    llvm::consumeError(Doc.takeError());
    return Bad;
  }
  const llvm::json::Array *List = Doc->getAsArray();
  if (!List)
    return Bad;
  for (const llvm::json::Value &Item : *List) {
    const llvm::json::Object *O = Item.getAsObject();
    std::optional<llvm::StringRef> Name =
        O ? O->getString("name") : std::nullopt;
    if (!Name)
      return Bad;
    Entry E{Name->str(), {}};
    if (const llvm::json::Value *Lines = O->get("lines")) {
      const llvm::json::Array *Ranges = Lines->getAsArray();
      if (!Ranges)
        return Bad;
      for (const llvm::json::Value &Range : *Ranges) {
        const llvm::json::Array *Pair = Range.getAsArray();
        if (!Pair || Pair->size() != 2 || !(*Pair)[0].getAsInteger() ||
            !(*Pair)[1].getAsInteger())
          return Bad;
        E.Lines.push_back(
            {*(*Pair)[0].getAsInteger(), *(*Pair)[1].getAsInteger()});
      }
    }
    Entries.push_back(std::move(E));
  }
  return "";
}

bool LineFilter::shows(llvm::StringRef File, unsigned Line) const {
  if (Entries.empty())
    return true;
  for (const Entry &E : Entries)
    if (File.ends_with(E.Name)) {
      if (E.Lines.empty())
        return true;
      for (const auto &[First, Last] : E.Lines)
        if (First <= Line && Line <= Last)
          return true;
    }
  return false;
}

} // namespace cal
