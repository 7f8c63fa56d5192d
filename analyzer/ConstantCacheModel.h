//===- ConstantCacheModel.h - Constant-cache requests of a warp -----------===//
//
// A warp's read of __constant__ memory is served one address at a time:
// lanes that read one address share a request, each other address costs
// one more, one after the other (measured on the H100: idc__requests per
// LDC, cuda-samples/measured/h100-constant-requests.csv).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_ACCESS_LINT_CONSTANTCACHEMODEL_H
#define CUDA_ACCESS_LINT_CONSTANTCACHEMODEL_H

#include "analyzer/SectorModel.h"

#include "llvm/ADT/ArrayRef.h"

namespace cal {

/// The constant-cache requests of one warp request: its lanes' distinct
/// addresses.
int countConstantRequests(llvm::ArrayRef<LaneAddress> Lanes);

} // namespace cal

#endif
