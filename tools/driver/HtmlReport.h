//===- HtmlReport.h - One self-contained page: the warp, drawn ------------===//
//
// --format=html: the run's warnings ranked by the bytes they waste per
// launch, each linked to its check's page and with a drawing of its worst
// warp request (the 32 lanes and the 32-byte sectors or the shared-memory
// banks they touch, a row of banks per phase), a legend, then every access
// in a table that sorts by any column, each column with its unit. No
// network is needed to view it: the styles, the script and the drawings
// are in the page.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_HTMLREPORT_H
#define CUDA_ACCESS_LINT_HTMLREPORT_H

#include "llvm/Support/JSON.h"

#include <string>

namespace cal {

/// The page for the accesses and diagnostics of the JSON format.
std::string htmlReport(const llvm::json::Array &Accesses,
                       const llvm::json::Array &Diagnostics);

/// The drawing of one access's worst request, as an SVG element; "" where
/// the access is not known. A shared access of 8 bytes is drawn as 2
/// phases of 16 lanes, of 16 bytes as 4 phases of 8.
std::string warpSvg(const llvm::json::Object &Access);

} // namespace cal

#endif
