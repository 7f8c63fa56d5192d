//===- LaneSet.cpp - Lanes run together, laid out once --------------------===//
#include "analyzer/LaneSet.h"

#include <cassert>

namespace cal {

LaneSet::LaneSet(std::vector<LaneInfo> L) : Lanes(std::move(L)) {
  assert(!Lanes.empty() && "a run has a lane");
  for (size_t I = 0; I < Lanes.size(); ++I)
    if (I == 0 || Lanes[I].Warp != Lanes[I - 1].Warp)
      WarpBegins.push_back(uint32_t(I));
  WarpBegins.push_back(uint32_t(Lanes.size()));
  bool Numbered = Lanes.size() % WarpBegins[1] == 0;
  for (size_t I = WarpBegins[1]; I < Lanes.size() && Numbered; ++I)
    Numbered = Lanes[I].Lane == Lanes[I - WarpBegins[1]].Lane;
  if (!Numbered)
    WarpBegins.clear();
  for (int Axis = 0; Axis < 3; ++Axis) {
    auto Of = [&](const LaneInfo &Info) -> int64_t {
      const ThreadIndex &T = Info.Thread;
      return Axis == 0 ? T.X : Axis == 1 ? T.Y : T.Z;
    };
    Alike[Axis] = Of(Lanes.front());
    for (const LaneInfo &Info : Lanes)
      if (Of(Info) != Alike[Axis]) {
        Index[Axis].reserve(Lanes.size());
        for (const LaneInfo &Each : Lanes)
          Index[Axis].push_back(Of(Each));
        break;
      }
  }
}

} // namespace cal
