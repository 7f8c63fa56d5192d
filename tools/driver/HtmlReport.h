//===- HtmlReport.h - One self-contained page: the warp, drawn ------------===//
//
// --format=html: the run's warnings ranked by the bytes they waste per
// launch, each with a drawing of its worst warp request (the 32 lanes and
// the 32-byte sectors or the shared-memory banks they touch), then every
// access in a table that sorts by any column. No network is needed to view
// it: the styles, the script and the drawings are in the page.
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
/// the access is not known.
std::string warpSvg(const llvm::json::Object &Access);

} // namespace cal

#endif
