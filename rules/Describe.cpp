#include "rules/Describe.h"

namespace cal {

std::string accessSubject(const AccessReport &R) {
  return std::string(spaceName(R.Space)) + " " + opName(R.Op) + " of '" +
         R.BaseName + "'";
}

std::string sectorNumbers(const AccessReport &R) {
  int Eff = R.Sectors ? 100 * R.IdealSectors / R.Sectors : 100;
  return "a warp touches " + std::to_string(R.Sectors) + " sectors where " +
         std::to_string(R.IdealSectors) + " would do (" + std::to_string(Eff) +
         "% efficiency)";
}

std::string laneLayout(const AccessReport &R) {
  std::string Out;
  int Shown = 0;
  for (const LaneNote &L : R.WorstLanes) {
    if (Shown == 4) {
      Out += ", ...";
      break;
    }
    if (Shown)
      Out += ", ";
    Out += "lane " + std::to_string(L.Lane) + " (thread " +
           std::to_string(L.Thread.X) + "," + std::to_string(L.Thread.Y) +
           ") -> ";
    if (Shown == 0)
      Out += R.BaseName + " + " + R.FirstLaneAddress + " bytes";
    else
      Out += (L.Delta >= 0 ? "+" : "") + std::to_string(L.Delta);
    ++Shown;
  }
  return Out;
}

} // namespace cal
