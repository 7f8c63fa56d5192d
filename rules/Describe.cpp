#include "rules/Describe.h"

namespace cal {

std::string accessSubject(const AccessReport &R) {
  return std::string(spaceName(R.Space)) + " " + opName(R.Op) + " of '" +
         R.BaseName + "'";
}

std::string isOrMayBe(const AccessReport &R, llvm::StringRef What) {
  return (R.wasteDependsOnUnknown() ? "may be " : "is ") + What.str();
}

std::string sectorNumbers(const AccessReport &R) {
  // Where an unknown decides the alignment, the worst count is no fact.
  if (R.SectorsBest < R.Sectors)
    return "a warp touches " + std::to_string(R.SectorsBest) + " to " +
           std::to_string(R.Sectors) + " sectors where " +
           std::to_string(R.IdealSectors) +
           " would do, as a value not known here decides its alignment";
  int Eff = R.Sectors ? 100 * R.IdealSectors / R.Sectors : 100;
  return "a warp touches " + std::to_string(R.Sectors) + " sectors where " +
         std::to_string(R.IdealSectors) + " would do (" + std::to_string(Eff) +
         "% efficiency)";
}

std::string laneLayout(const AccessReport &R) {
  // The first two lanes, then the first lane of each further row of the
  // block that the warp spans (where a 16-wide block starts its next row).
  std::string Out;
  int Shown = 0;
  for (size_t I = 0; I < R.WorstLanes.size(); ++I) {
    const LaneNote &L = R.WorstLanes[I];
    bool NewRow = I > 0 && (L.Thread.Y != R.WorstLanes[I - 1].Thread.Y ||
                            L.Thread.Z != R.WorstLanes[I - 1].Thread.Z);
    if (I >= 2 && !NewRow)
      continue;
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
  if (Shown < 4 && R.WorstLanes.size() > 2) {
    const LaneNote &L = R.WorstLanes.back();
    Out += ", ..., lane " + std::to_string(L.Lane) + " -> " +
           (L.Delta >= 0 ? "+" : "") + std::to_string(L.Delta);
  }
  return Out;
}

} // namespace cal
