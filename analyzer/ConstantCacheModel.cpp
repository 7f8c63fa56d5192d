//===- ConstantCacheModel.cpp - Constant-cache requests of a warp ---------===//
#include "analyzer/ConstantCacheModel.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>

namespace cal {

int countConstantRequests(llvm::ArrayRef<LaneAddress> Lanes) {
  llvm::SmallVector<int64_t, 32> Addresses;
  for (const LaneAddress &L : Lanes)
    Addresses.push_back(L.Address);
  llvm::sort(Addresses);
  return int(std::unique(Addresses.begin(), Addresses.end()) -
             Addresses.begin());
}

} // namespace cal
