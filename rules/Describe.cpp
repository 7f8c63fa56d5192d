#include "rules/Describe.h"

#include "llvm/Support/FormatVariadic.h"

namespace cal {

std::string accessSubject(const AccessReport &R) {
  return std::string(spaceName(R.Space)) + " " + opName(R.Op) + " of '" +
         R.BaseName + "'";
}

std::string isOrMayBe(const AccessReport &R, llvm::StringRef What) {
  return (R.wasteDependsOnUnknown() ? "may be " : "is ") + What.str();
}

/// "a warp Verb Worst Unit where Ideal would do (E% efficiency)"; where
/// an unknown decides the count (Best below Worst), the worst is no fact:
/// "Best to Worst ..., as a value not known here decides its Decides".
static std::string counts(llvm::StringRef Verb, int Best, int Worst, int Ideal,
                          llvm::StringRef Unit, llvm::StringRef Decides,
                          std::optional<double> ByBlock, double IdealByBlock) {
  std::string Head = "a warp " + Verb.str() + " ";
  std::string Tail =
      " " + Unit.str() + " where " + std::to_string(Ideal) + " would do";
  // Blocks apart: what they cost on average, the worst block's beside it,
  // against the average ideal (fewer lanes at a row's edge need less).
  if (ByBlock) {
    int Eff = *ByBlock > 0 ? int(100 * IdealByBlock / *ByBlock) : 100;
    if (IdealByBlock != Ideal)
      Tail = " " + Unit.str() + " where " +
             llvm::formatv("{0:F1}", IdealByBlock).str() + " would do";
    return Head + llvm::formatv("{0:F1}", *ByBlock).str() + Tail +
           ", on average over the blocks (" + std::to_string(Worst) +
           " in the worst; " + std::to_string(Eff) + "% efficiency)";
  }
  if (Best < Worst)
    return Head + std::to_string(Best) + " to " + std::to_string(Worst) + Tail +
           ", as a value not known here decides its " + Decides.str();
  int Eff = Worst ? 100 * Ideal / Worst : 100;
  return Head + std::to_string(Worst) + Tail + " (" + std::to_string(Eff) +
         "% efficiency)";
}

std::string sectorNumbers(const AccessReport &R) {
  return counts("touches", R.SectorsBest, R.Sectors, R.IdealSectors, "sectors",
                "alignment",
                R.CountByBlock ? std::optional(R.SectorsAvg) : std::nullopt,
                R.idealByBlock());
}

std::string wavefrontNumbers(const AccessReport &R) {
  return counts("needs", R.WavefrontsBest, R.Wavefronts, R.IdealWavefronts,
                "wavefronts", "banks",
                R.CountByBlock ? std::optional(R.WavefrontsAvg) : std::nullopt,
                R.idealByBlock());
}

std::string constantRequestNumbers(const AccessReport &R) {
  return counts(
      "makes", R.ConstantRequestsBest, R.ConstantRequests, 1,
      "constant-cache requests", "addresses",
      R.CountByBlock ? std::optional(R.ConstantRequestsAvg) : std::nullopt, 1);
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
