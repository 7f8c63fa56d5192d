#include "tools/driver/HtmlReport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <map>
#include <set>
#include <vector>

namespace cal {
namespace {

std::string escape(llvm::StringRef Text) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  llvm::printHTMLEscaped(Text, OS);
  return Out;
}

int64_t floorDiv(int64_t A, int64_t B) {
  return A / B - (A % B != 0 && (A < 0) != (B < 0));
}

std::string str(const llvm::json::Object &O, llvm::StringRef Key) {
  return O.getString(Key).value_or("").str();
}
int64_t num(const llvm::json::Object &O, llvm::StringRef Key) {
  return O.getInteger(Key).value_or(0);
}

/// One line of a source file, read once per file.
class SourceLines {
public:
  std::string line(const std::string &File, int64_t Line) {
    auto [It, New] = Files.try_emplace(File);
    if (New)
      if (auto Buffer = llvm::MemoryBuffer::getFile(File)) {
        (*Buffer)->getBuffer().split(It->second, '\n', -1, true);
        Kept.push_back(std::move(*Buffer));
      }
    if (Line < 1 || Line > int64_t(It->second.size()))
      return "";
    return It->second[size_t(Line - 1)].rtrim().str();
  }

private:
  std::map<std::string, llvm::SmallVector<llvm::StringRef, 0>> Files;
  // The buffers the lines point into.
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> Kept;
};

/// The access a diagnostic is about: same place and kernel; the one that
/// wastes most where several launch shapes give one.
const llvm::json::Object *accessOf(const llvm::json::Object &D,
                                   const llvm::json::Array &Accesses) {
  const llvm::json::Object *Best = nullptr;
  for (const llvm::json::Value &V : Accesses) {
    const llvm::json::Object &A = *V.getAsObject();
    if (str(A, "file") != str(D, "file") || num(A, "line") != num(D, "line") ||
        num(A, "column") != num(D, "column") ||
        str(A, "kernel") != str(D, "kernel"))
      continue;
    if (!Best || num(A, "wasted_bytes") > num(*Best, "wasted_bytes"))
      Best = &A;
  }
  return Best;
}

const char *Style = R"(
body { font: 14px system-ui, sans-serif; margin: 2em; color: #222; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 2em; }
.warning { border-left: 4px solid #d80; padding: .2em 1em; margin: 1.2em 0; }
.warning.error { border-color: #c00; }
.where { font-family: monospace; color: #555; }
pre { background: #f6f6f6; padding: .4em; overflow-x: auto; }
.waste { font-weight: bold; }
table { border-collapse: collapse; font-size: 12px; }
th, td { border: 1px solid #ccc; padding: 2px 6px; text-align: left; }
th { background: #eee; cursor: pointer; user-select: none; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
svg text { font: 9px monospace; }
)";

// Click a column's header to sort by it; again to reverse.
const char *Script = R"(
document.querySelectorAll('table.sortable th').forEach(function (th, col) {
  th.addEventListener('click', function () {
    var body = th.closest('table').tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var down = th.dataset.order !== 'down';
    th.dataset.order = down ? 'down' : 'up';
    rows.sort(function (a, b) {
      var x = a.cells[col].dataset.v, y = b.cells[col].dataset.v;
      var nx = parseFloat(x), ny = parseFloat(y);
      var c = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : x.localeCompare(y);
      return down ? -c : c;
    });
    rows.forEach(function (r) { body.appendChild(r); });
  });
});
)";

std::string bytesText(int64_t B) {
  const char *Units[] = {"B", "KB", "MB", "GB", "TB"};
  double V = double(B);
  int U = 0;
  while (V >= 1024 && U < 4) {
    V /= 1024;
    ++U;
  }
  return U ? llvm::formatv("{0:f1} {1}", V, Units[U]).str()
           : std::to_string(B) + " B";
}

/// One warning: where, the message, the waste, the source line, the warp
/// drawn, its notes and fix-its.
std::string warningHtml(const llvm::json::Object *D,
                        const llvm::json::Object *A, SourceLines &Source) {
  std::string Out;
  Out += llvm::formatv("<div class=\"warning{0}\" data-file=\"{1}\" "
                       "data-line=\"{2}\" data-column=\"{3}\" "
                       "data-kernel=\"{4}\">",
                       str(*D, "level") == "error" ? " error" : "",
                       escape(str(*D, "file")), num(*D, "line"),
                       num(*D, "column"), escape(str(*D, "kernel")));
  Out +=
      llvm::formatv("<div class=\"where\">{0}:{1}:{2} [{3}] in kernel "
                    "'{4}'</div>",
                    escape(str(*D, "file")), num(*D, "line"), num(*D, "column"),
                    escape(str(*D, "check")), escape(str(*D, "kernel")));
  Out += "<p>" + escape(str(*D, "message")) + "</p>";
  if (A && A->get("wasted_bytes"))
    Out += llvm::formatv("<p class=\"waste\">{0} beyond the ideal per "
                         "{1}</p>",
                         bytesText(num(*A, "wasted_bytes")),
                         escape(str(*A, "waste_per")));
  std::string Line = Source.line(str(*D, "file"), num(*D, "line"));
  if (!Line.empty())
    Out += "<pre>" + escape(Line) + "</pre>";
  if (A)
    Out += warpSvg(*A);
  Out += "<ul>";
  if (const llvm::json::Array *Notes = D->getArray("notes"))
    for (const llvm::json::Value &N : *Notes)
      Out += "<li>" + escape(N.getAsString().value_or("")) + "</li>";
  if (const llvm::json::Array *Fixes = D->getArray("fixits"))
    for (const llvm::json::Value &F : *Fixes)
      Out += "<li>fix-it: replace " +
             std::to_string(num(*F.getAsObject(), "length")) +
             " bytes at offset " +
             std::to_string(num(*F.getAsObject(), "offset")) + " with <code>" +
             escape(str(*F.getAsObject(), "text")) + "</code></li>";
  Out += "</ul></div>\n";
  return Out;
}

/// One row of the table of accesses.
std::string accessRow(const llvm::json::Object *A) {
  std::string Out;
  // The measure's keys by space: sectors, constant-cache requests or
  // wavefronts.
  std::string Space = str(*A, "space");
  const char *Unit = Space == "global"     ? "sectors"
                     : Space == "constant" ? "requests"
                                           : "wavefronts";
  Out += "<tr>";
  auto Cell = [&](const std::string &Text, const std::string &Sort,
                  bool Number) {
    Out += std::string(Number ? "<td class=\"n\"" : "<td") + " data-v=\"" +
           escape(Sort) + "\">" + escape(Text) + "</td>";
  };
  auto NumCell = [&](llvm::StringRef Key) {
    const llvm::json::Value *V = A->get(Key);
    std::string T;
    if (V && V->getAsInteger())
      T = std::to_string(*V->getAsInteger());
    else if (V && V->getAsNumber())
      T = llvm::formatv("{0:f2}", *V->getAsNumber()).str();
    Cell(T, T, true);
  };
  std::string Block;
  if (const llvm::json::Array *B = A->getArray("block_dim"))
    for (const llvm::json::Value &X : *B)
      Block += (Block.empty() ? "" : "x") +
               std::to_string(X.getAsInteger().value_or(0));
  Cell(str(*A, "file"), str(*A, "file"), false);
  NumCell("line");
  Cell(str(*A, "kernel"), str(*A, "kernel"), false);
  Cell(str(*A, "space"), str(*A, "space"), false);
  Cell(str(*A, "op"), str(*A, "op"), false);
  NumCell("bytes");
  Cell(Block, Block, false);
  NumCell(Unit);
  NumCell("ideal_" + std::string(Unit));
  NumCell(Unit + std::string("_avg"));
  NumCell("wasted_bytes");
  bool Known = str(*A, "status") == "known";
  Cell(Known ? "known" : "unknown: " + str(*A, "reason"),
       Known ? "known" : "unknown", false);
  std::string Assumed;
  if (const llvm::json::Array *As = A->getArray("assumptions"))
    for (const llvm::json::Value &S : *As)
      Assumed +=
          (Assumed.empty() ? "" : "; ") + S.getAsString().value_or("").str();
  Cell(Assumed, Assumed, false);
  Out += "</tr>\n";
  return Out;
}

} // namespace

std::string warpSvg(const llvm::json::Object &A) {
  const llvm::json::Object *W = A.getObject("worst_request");
  const llvm::json::Array *Lanes = W ? W->getArray("lanes") : nullptr;
  // (A constant read's lanes have no sectors or banks to draw.)
  if (!Lanes || Lanes->empty() || str(A, "space") == "constant")
    return "";
  bool Global = str(A, "space") == "global";
  int64_t First = num(*W, "first_mod128"),
          Bytes = std::max<int64_t>(1, num(A, "bytes"));
  // Each lane's bytes, as 32-byte sectors (global) or 4-byte words in
  // banks (shared).
  struct Lane {
    int64_t Id, Unit;
  };
  std::vector<Lane> Drawn;
  std::set<int64_t> Units;
  std::map<int64_t, std::set<int64_t>> WordsOfBank;
  for (const llvm::json::Value &V : *Lanes) {
    const llvm::json::Array &L = *V.getAsArray();
    int64_t Id = L[0].getAsInteger().value_or(0);
    int64_t Address = First + L[1].getAsInteger().value_or(0);
    int64_t Size = Global ? 32 : 4;
    int64_t Lo = floorDiv(Address, Size),
            Hi = floorDiv(Address + Bytes - 1, Size);
    for (int64_t U = Lo; U <= Hi; ++U) {
      if (Global)
        Units.insert(U);
      else
        WordsOfBank[((U % 32) + 32) % 32].insert(U);
    }
    Drawn.push_back({Id, Global ? Lo : ((Lo % 32) + 32) % 32});
  }
  std::vector<int64_t> Boxes;
  if (Global)
    Boxes.assign(Units.begin(), Units.end());
  else
    for (int64_t B = 0; B < 32; ++B)
      Boxes.push_back(B);
  const int Step = 22, Left = 30;
  int Width = Left + int(std::max<size_t>(32, Boxes.size())) * Step + 10;
  size_t MaxWays = 0;
  for (const auto &[Bank, Words] : WordsOfBank)
    MaxWays = std::max(MaxWays, Words.size());
  std::string Out = llvm::formatv(
      "<svg class=\"warp\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" "
      "height=\"150\" data-kind=\"{1}\" data-count=\"{2}\">",
      Width, Global ? "sectors" : "banks", Global ? Boxes.size() : MaxWays);
  Out += "<text x=\"0\" y=\"24\">lane</text><text x=\"0\" y=\"124\">";
  Out += Global ? "sector" : "bank";
  Out += "</text>";
  auto BoxX = [&](int64_t Unit) {
    size_t I =
        std::lower_bound(Boxes.begin(), Boxes.end(), Unit) - Boxes.begin();
    return Left + int(I) * Step;
  };
  for (const Lane &L : Drawn) {
    int X = Left + int(L.Id) * Step + 8;
    std::string Color = llvm::formatv("hsl({0},70%,45%)", L.Id * 360 / 32);
    Out += llvm::formatv("<line x1=\"{0}\" y1=\"34\" x2=\"{1}\" y2=\"104\" "
                         "stroke=\"{2}\" stroke-width=\"1.2\"/>",
                         X, BoxX(L.Unit) + 8, Color);
    Out += llvm::formatv("<circle class=\"lane\" cx=\"{0}\" cy=\"24\" r=\"7\" "
                         "fill=\"{1}\"/><text x=\"{2}\" y=\"14\">{3}</text>",
                         X, Color, X - 4, L.Id);
  }
  for (int64_t Unit : Boxes) {
    int X = BoxX(Unit);
    if (Global) {
      Out += llvm::formatv(
          "<rect class=\"sector\" x=\"{0}\" y=\"104\" width=\"16\" "
          "height=\"24\" fill=\"#fc9\" stroke=\"#333\"/>",
          X);
      continue;
    }
    size_t Ways = WordsOfBank.count(Unit) ? WordsOfBank[Unit].size() : 0;
    Out += llvm::formatv(
        "<rect class=\"bank\" data-ways=\"{0}\" x=\"{1}\" y=\"104\" "
        "width=\"16\" height=\"24\" fill=\"{2}\" stroke=\"#333\"/>",
        Ways, X,
        Ways > 1 ? "#f88"
        : Ways   ? "#9d9"
                 : "#fff");
    if (Ways)
      Out += llvm::formatv("<text x=\"{0}\" y=\"142\">{1}</text>", X + 5, Ways);
  }
  return Out + "</svg>";
}

std::string htmlReport(const llvm::json::Array &Accesses,
                       const llvm::json::Array &Diagnostics) {
  SourceLines Source;
  std::string Out = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
                    "<title>cuda-access-lint report</title><style>";
  Out += Style;
  Out += "</style></head><body>\n<h1>cuda-access-lint report</h1>\n";
  // Warnings, the most bytes wasted first.
  std::vector<std::pair<const llvm::json::Object *, const llvm::json::Object *>>
      Ranked;
  for (const llvm::json::Value &V : Diagnostics) {
    const llvm::json::Object &D = *V.getAsObject();
    Ranked.push_back({&D, accessOf(D, Accesses)});
  }
  auto Waste = [](const llvm::json::Object *A) {
    return A ? num(*A, "wasted_bytes") : -1;
  };
  std::stable_sort(Ranked.begin(), Ranked.end(),
                   [&](const auto &X, const auto &Y) {
                     return Waste(X.second) > Waste(Y.second);
                   });
  Out += llvm::formatv("<p>{0} warnings, {1} accesses. Warnings are ranked by "
                       "the bytes they move beyond the ideal in one launch "
                       "(the grid and block of the launch, or the block "
                       "assumed).</p>\n",
                       Ranked.size(), Accesses.size());
  Out += "<h2>Warnings</h2>\n";
  for (const auto &[D, A] : Ranked)
    Out += warningHtml(D, A, Source);
  // Every access.
  Out += "<h2>Accesses</h2>\n<table class=\"sortable\"><thead><tr>";
  for (const char *H :
       {"file", "line", "kernel", "space", "op", "bytes", "block", "measure",
        "ideal", "average", "wasted bytes", "status", "assumptions"})
    Out += std::string("<th>") + H + "</th>";
  Out += "</tr></thead><tbody>\n";
  std::vector<const llvm::json::Object *> Rows;
  for (const llvm::json::Value &V : Accesses)
    Rows.push_back(V.getAsObject());
  std::stable_sort(Rows.begin(), Rows.end(), [&](auto *X, auto *Y) {
    return num(*X, "wasted_bytes") > num(*Y, "wasted_bytes");
  });
  for (const llvm::json::Object *A : Rows)
    Out += accessRow(A);
  Out += "</tbody></table>\n<script>";
  Out += Script;
  Out += "</script></body></html>\n";
  return Out;
}

} // namespace cal
