#include "tools/driver/HtmlReport.h"
#include "analyzer/BankModel.h"
#include "tools/driver/RuleDocs.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
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

/// Where an access or a diagnostic is: file, line, column and kernel.
std::string placeKey(const llvm::json::Object &O) {
  return llvm::formatv("{0}\x1f{1}\x1f{2}\x1f{3}", str(O, "file"),
                       num(O, "line"), num(O, "column"), str(O, "kernel"))
      .str();
}

/// The access each diagnostic is about: same place and kernel; the one that
/// wastes most where several launch shapes give one (the first of those
/// that tie). Indexed once: a scan per diagnostic made the page quadratic.
class AccessIndex {
public:
  explicit AccessIndex(const llvm::json::Array &Accesses) {
    for (const llvm::json::Value &V : Accesses) {
      const llvm::json::Object &A = *V.getAsObject();
      const llvm::json::Object *&Best = ByPlace[placeKey(A)];
      if (!Best || num(A, "wasted_bytes") > num(*Best, "wasted_bytes"))
        Best = &A;
    }
  }
  const llvm::json::Object *of(const llvm::json::Object &D) const {
    auto It = ByPlace.find(placeKey(D));
    return It == ByPlace.end() ? nullptr : It->second;
  }

private:
  llvm::StringMap<const llvm::json::Object *> ByPlace;
};

/// Each check's page, asked once per check.
class RuleLinks {
public:
  const std::string &url(llvm::StringRef Check) {
    auto [It, New] = Urls.try_emplace(Check);
    if (New)
      It->second = ruleDocUrl(Check);
    return It->second;
  }

private:
  llvm::StringMap<std::string> Urls;
};

const char *Style = R"(
body { font: 14px system-ui, sans-serif; margin: 2em; color: #222; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 2em; }
.warning { border-left: 4px solid #d80; padding: .2em 1em; margin: 1.2em 0; }
.warning.error { border-color: #c00; }
.where { font-family: monospace; color: #555; }
a.check { color: #036; }
pre { background: #f6f6f6; padding: .4em; overflow-x: auto; }
.waste { font-weight: bold; }
.legend { background: #fafafa; border: 1px solid #ddd; padding: .2em 1em; }
.legend li { margin: .3em 0; list-style: none; }
.legend svg { vertical-align: middle; margin-right: .4em; }
table { border-collapse: collapse; font-size: 12px; }
th, td { border: 1px solid #ccc; padding: 2px 6px; text-align: left; }
th { background: #eee; cursor: pointer; user-select: none; }
th .unit { font-weight: normal; color: #555; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
svg text { font: 9px monospace; }
)";

// What the drawings' marks and the table's units are. The swatches repeat
// the drawings' colors.
const char *Legend = R"html(<div class="legend" id="legend"><h2>Legend</h2><ul>
<li><svg width="16" height="16"><circle cx="8" cy="8" r="6" fill="hsl(0,70%,45%)"/></svg>a lane of the warp, its number above it; its line goes to the sector or bank of its first byte</li>
<li><svg width="18" height="16"><rect class="swatch-sector" x="1" y="1" width="16" height="14" fill="#fc9" stroke="#333"/></svg>global: a 32-byte sector the warp request touches; the boxes drawn are the sectors it moves</li>
<li><svg width="18" height="16"><rect class="swatch-bank" x="1" y="1" width="16" height="14" fill="#9d9" stroke="#333"/></svg>shared: a bank serving one 4-byte word (lanes reading the same word share it)</li>
<li><svg width="18" height="16"><rect class="swatch-conflict" x="1" y="1" width="16" height="14" fill="#f88" stroke="#333"/></svg>shared: a bank asked for N distinct words, N under it: an N-way conflict, N wavefronts for that phase</li>
<li><svg width="18" height="16"><rect class="swatch-unused" x="1" y="1" width="16" height="14" fill="#fff" stroke="#333"/></svg>shared: a bank the phase does not use</li>
<li>phases: a shared access of 4 bytes or less is served to the 32 lanes at once; of 8 bytes in 2 phases of 16 lanes, of 16 bytes in 4 phases of 8 lanes, each drawn as its own row of 32 banks. Two conflict-free phases of a pair can share a wavefront, so a request needs at most the sum of its phases' worst banks.</li>
<li>units: worst request, ideal and average count the row's unit per warp request: sectors (global), wavefronts (shared) or requests (constant); wasted is the bytes moved beyond the ideal per launch (per block where the grid is not known).</li>
</ul></div>
)html";

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

/// One warning: where, the message with its check's page, the waste, the
/// source line, the warp drawn, its notes and fix-its.
std::string warningHtml(const llvm::json::Object *D,
                        const llvm::json::Object *A, SourceLines &Source,
                        RuleLinks &Links) {
  std::string Out;
  Out +=
      llvm::formatv("<div class=\"warning{0}\" data-file=\"{1}\" "
                    "data-line=\"{2}\" data-column=\"{3}\" "
                    "data-kernel=\"{4}\" data-check=\"{5}\">",
                    str(*D, "level") == "error" ? " error" : "",
                    escape(str(*D, "file")), num(*D, "line"), num(*D, "column"),
                    escape(str(*D, "kernel")), escape(str(*D, "check")));
  std::string Check = escape(str(*D, "check"));
  const std::string &Url = Links.url(str(*D, "check"));
  if (!Url.empty())
    Check = "<a class=\"check\" href=\"" + escape(Url) + "\">" + Check + "</a>";
  Out += llvm::formatv("<div class=\"where\">{0}:{1}:{2} [{3}] in kernel "
                       "'{4}'</div>",
                       escape(str(*D, "file")), num(*D, "line"),
                       num(*D, "column"), Check, escape(str(*D, "kernel")));
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

/// The table's columns, each with its unit ("" where it has none). The
/// counts' unit depends on the row's space, so their cells name it too.
const std::pair<const char *, const char *> Columns[] = {
    {"file", ""},
    {"line", ""},
    {"kernel", ""},
    {"space", ""},
    {"op", ""},
    {"size", "bytes"},
    {"block", "threads"},
    {"worst request", "sectors / wavefronts / requests"},
    {"ideal", "sectors / wavefronts / requests"},
    {"average", "sectors / wavefronts / requests"},
    {"wasted", "bytes"},
    {"status", ""},
    {"assumptions", ""},
};

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
  // A number, with Suffix after it where there is one.
  auto NumCell = [&](llvm::StringRef Key, llvm::StringRef Suffix = "") {
    const llvm::json::Value *V = A->get(Key);
    std::string T;
    if (V && V->getAsInteger())
      T = std::to_string(*V->getAsInteger());
    else if (V && V->getAsNumber())
      T = llvm::formatv("{0:f2}", *V->getAsNumber()).str();
    Cell(T.empty() || Suffix.empty() ? T : T + " " + Suffix.str(), T, true);
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
  NumCell(Unit, Unit);
  NumCell("ideal_" + std::string(Unit), Unit);
  NumCell(Unit + std::string("_avg"), Unit);
  NumCell("wasted_bytes", "per " + str(*A, "waste_per"));
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

/// A lane of the worst request: its id and its first byte's address.
struct Lane {
  int64_t Id, Address;
};

constexpr int Step = 22, Left = 56, Width = Left + 32 * Step + 10;

std::string laneColor(int64_t Id) {
  return llvm::formatv("hsl({0},70%,45%)", Id * 360 / 32);
}

/// A lane's circle at X, its number above, and its line down to ToX; Top is
/// the row's first pixel.
std::string laneMarks(int64_t Id, int X, int ToX, int Top) {
  std::string Color = laneColor(Id);
  return llvm::formatv(
      "<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{3}\" stroke=\"{4}\" "
      "stroke-width=\"1.2\"/><circle class=\"lane\" cx=\"{0}\" cy=\"{5}\" "
      "r=\"7\" fill=\"{4}\"/><text x=\"{6}\" y=\"{7}\">{8}</text>",
      X, Top + 34, ToX, Top + 104, Color, Top + 24, X - 4, Top + 14, Id);
}

/// The sectors the lanes touch, one box each, in address order.
std::string sectorSvg(const std::vector<Lane> &Lanes, int64_t Bytes) {
  std::vector<int64_t> Boxes;
  for (const Lane &L : Lanes)
    for (int64_t U = floorDiv(L.Address, 32),
                 E = floorDiv(L.Address + Bytes - 1, 32);
         U <= E; ++U)
      Boxes.push_back(U);
  llvm::sort(Boxes);
  Boxes.erase(std::unique(Boxes.begin(), Boxes.end()), Boxes.end());
  auto BoxX = [&](int64_t Unit) {
    size_t I =
        std::lower_bound(Boxes.begin(), Boxes.end(), Unit) - Boxes.begin();
    return Left + int(I) * Step;
  };
  int W = Left + int(std::max<size_t>(32, Boxes.size())) * Step + 10;
  std::string Out = llvm::formatv(
      "<svg class=\"warp\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" "
      "height=\"150\" data-kind=\"sectors\" data-count=\"{1}\">"
      "<text x=\"0\" y=\"24\">lane</text><text x=\"0\" y=\"120\">sector</text>",
      W, Boxes.size());
  for (const Lane &L : Lanes)
    Out += laneMarks(L.Id, Left + int(L.Id) * Step + 8,
                     BoxX(floorDiv(L.Address, 32)) + 8, 0);
  for (int64_t Unit : Boxes)
    Out +=
        llvm::formatv("<rect class=\"sector\" x=\"{0}\" y=\"104\" width=\"16\" "
                      "height=\"24\" fill=\"#fc9\" stroke=\"#333\"/>",
                      BoxX(Unit));
  return Out + "</svg>";
}

/// The banks, one row per phase (bankPhases): a bank conflicts only with
/// itself within a phase (a warp of float4 reads covers each bank 4 times
/// without any conflict).
std::string bankSvg(const std::vector<Lane> &Lanes, int64_t Bytes) {
  int Phases = bankPhases(Bytes);
  int LanesPerPhase = 32 / Phases;
  // The rows of several phases start with a title.
  int Title = Phases > 1 ? 16 : 0, RowHeight = Title + 150;
  std::string Body;
  size_t MaxWays = 0;
  for (int P = 0; P < Phases; ++P) {
    std::map<int64_t, std::set<int64_t>> WordsOfBank;
    std::string Marks;
    int Top = P * RowHeight + Title;
    for (const Lane &L : Lanes) {
      if (L.Id / LanesPerPhase != P)
        continue;
      for (int64_t W = floorDiv(L.Address, 4),
                   E = floorDiv(L.Address + Bytes - 1, 4);
           W <= E; ++W)
        WordsOfBank[((W % 32) + 32) % 32].insert(W);
      // The phase's lanes spread over the row's width.
      int X = Left + int(L.Id % LanesPerPhase) * Phases * Step + 8;
      int64_t Bank = ((floorDiv(L.Address, 4) % 32) + 32) % 32;
      Marks += laneMarks(L.Id, X, Left + int(Bank) * Step + 8, Top);
    }
    size_t Ways = 0;
    for (const auto &[Bank, Words] : WordsOfBank)
      Ways = std::max(Ways, Words.size());
    MaxWays = std::max(MaxWays, Ways);
    int FirstLane = P * LanesPerPhase, LastLane = FirstLane + LanesPerPhase - 1;
    Body += llvm::formatv("<g class=\"phase\" data-phase=\"{0}\" "
                          "data-first-lane=\"{1}\" data-last-lane=\"{2}\" "
                          "data-ways=\"{3}\">",
                          P, FirstLane, LastLane, Ways);
    if (Title)
      Body += llvm::formatv("<text x=\"0\" y=\"{0}\">phase {1}: lanes "
                            "{2}-{3}, {4}</text>",
                            Top - 4, P, FirstLane, LastLane,
                            Ways > 1   ? std::to_string(Ways) + "-way conflict"
                            : Ways > 0 ? std::string("conflict-free")
                                       : std::string("no lane"));
    Body += llvm::formatv("<text x=\"0\" y=\"{0}\">lane</text><text x=\"0\" "
                          "y=\"{1}\">bank</text>",
                          Top + 24, Top + 120);
    Body += Marks;
    for (int64_t Bank = 0; Bank < 32; ++Bank) {
      int X = Left + int(Bank) * Step;
      auto It = WordsOfBank.find(Bank);
      size_t N = It == WordsOfBank.end() ? 0 : It->second.size();
      Body += llvm::formatv(
          "<rect class=\"bank\" data-bank=\"{0}\" data-ways=\"{1}\" x=\"{2}\" "
          "y=\"{3}\" width=\"16\" height=\"24\" fill=\"{4}\" stroke=\"#333\"/>",
          Bank, N, X, Top + 104,
          N > 1 ? "#f88"
          : N   ? "#9d9"
                : "#fff");
      if (N)
        Body += llvm::formatv("<text x=\"{0}\" y=\"{1}\">{2}</text>", X + 5,
                              Top + 142, N);
    }
    Body += "</g>";
  }
  return llvm::formatv(
             "<svg class=\"warp\" xmlns=\"http://www.w3.org/2000/svg\" "
             "width=\"{0}\" height=\"{1}\" data-kind=\"banks\" "
             "data-count=\"{2}\" data-phases=\"{3}\">",
             Width, Phases * RowHeight, MaxWays, Phases)
             .str() +
         Body + "</svg>";
}

} // namespace

std::string warpSvg(const llvm::json::Object &A) {
  const llvm::json::Object *W = A.getObject("worst_request");
  const llvm::json::Array *Lanes = W ? W->getArray("lanes") : nullptr;
  // (A constant read's lanes have no sectors or banks to draw.)
  if (!Lanes || Lanes->empty() || str(A, "space") == "constant")
    return "";
  int64_t First = num(*W, "first_mod128"),
          Bytes = std::max<int64_t>(1, num(A, "bytes"));
  std::vector<Lane> Drawn;
  for (const llvm::json::Value &V : *Lanes) {
    const llvm::json::Array &L = *V.getAsArray();
    int64_t Id = L[0].getAsInteger().value_or(0);
    if (Id >= 0 && Id < 32)
      Drawn.push_back({Id, First + L[1].getAsInteger().value_or(0)});
  }
  return str(A, "space") == "global" ? sectorSvg(Drawn, Bytes)
                                     : bankSvg(Drawn, Bytes);
}

std::string htmlReport(const llvm::json::Array &Accesses,
                       const llvm::json::Array &Diagnostics) {
  SourceLines Source;
  RuleLinks Links;
  AccessIndex Index(Accesses);
  std::string Out = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
                    "<title>cuda-access-lint report</title><style>";
  Out += Style;
  Out += "</style></head><body>\n<h1>cuda-access-lint report</h1>\n";
  // Warnings, the most bytes wasted first.
  std::vector<std::pair<const llvm::json::Object *, const llvm::json::Object *>>
      Ranked;
  Ranked.reserve(Diagnostics.size());
  for (const llvm::json::Value &V : Diagnostics) {
    const llvm::json::Object &D = *V.getAsObject();
    Ranked.push_back({&D, Index.of(D)});
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
  Out += Legend;
  Out += "<h2>Warnings</h2>\n";
  for (const auto &[D, A] : Ranked)
    Out += warningHtml(D, A, Source, Links);
  // Every access.
  Out += "<h2>Accesses</h2>\n<table class=\"sortable\"><thead><tr>";
  for (const auto &[Name, Unit] : Columns)
    Out += *Unit ? llvm::formatv("<th data-unit=\"{1}\">{0} <span "
                                 "class=\"unit\">({1})</span></th>",
                                 Name, Unit)
                       .str()
                 : std::string("<th>") + Name + "</th>";
  Out += "</tr></thead><tbody>\n";
  std::vector<std::pair<int64_t, const llvm::json::Object *>> Rows;
  Rows.reserve(Accesses.size());
  for (const llvm::json::Value &V : Accesses)
    Rows.push_back({num(*V.getAsObject(), "wasted_bytes"), V.getAsObject()});
  std::stable_sort(Rows.begin(), Rows.end(), [](const auto &X, const auto &Y) {
    return X.first > Y.first;
  });
  for (const auto &Row : Rows)
    Out += accessRow(Row.second);
  Out += "</tbody></table>\n<script>";
  Out += Script;
  Out += "</script></body></html>\n";
  return Out;
}

} // namespace cal
