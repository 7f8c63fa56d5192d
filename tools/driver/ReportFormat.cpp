#include "tools/driver/ReportFormat.h"

#include "rules/Phrases.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace cal {

static double round2(double V) { return double(int64_t(V * 100 + 0.5)) / 100; }

llvm::json::Object accessToJson(const AccessReport &R) {
  llvm::json::Object O{
      {"file", R.File},
      {"line", R.Line},
      {"column", R.Column},
      {"kernel", R.KernelName},
      {"function", R.FunctionName},
      {"base", R.BaseName},
      {"space", spaceName(R.Space)},
      {"op", opName(R.Op)},
      {"bytes", R.Bytes},
      {"status", R.Known ? "known" : "unknown"},
      {"block_dim",
       llvm::json::Array{R.Shape.Block.X, R.Shape.Block.Y, R.Shape.Block.Z}},
      {"instances", R.Instances},
      {"executions", R.Executions},
      // The warps the counts are of: instances / evaluated_warps is an
      // average warp's requests (blocks sampled count each block's).
      {"evaluated_warps", R.EvaluatedWarps},
  };
  if (R.EndLine > R.Line)
    O["end_line"] = R.EndLine;
  // One launch of several, by the call of the function that launches.
  if (R.Shape.CallLine)
    O["launch_call_line"] = R.Shape.CallLine;
  if (R.Pieces > 1)
    O["pieces"] = R.Pieces;
  if (R.Width > 1)
    O["width"] = R.Width;
  if (R.VectorLine)
    O["in_instruction_of_line"] = R.VectorLine;
  if (!R.InlinedAt.empty()) {
    llvm::json::Array Calls;
    for (const auto &[File, Line] : R.InlinedAt)
      Calls.push_back(llvm::json::Object{{"file", File}, {"line", Line}});
    O["inlined_at"] = std::move(Calls);
  }
  if (R.HoistedTo.second)
    O["hoisted_before"] = llvm::json::Object{{"file", R.HoistedTo.first},
                                             {"line", R.HoistedTo.second}};
  if (!R.LanesDecidedBy.empty())
    O["lanes_decided_by"] = phrase(R.LanesDecidedBy);
  if (R.OneLane)
    O["one_lane_at_most"] = true;
  if (R.CountHoldsForAnyLanes)
    O["count_holds_for_any_lanes"] = true;
  if (R.Known && R.AlignmentFromData)
    O["alignment_from_data"] = true;
  // The count is the average over the values a launch's loop passes (its
  // counter decides the alignment); the first launch's, at its first values.
  if (R.Known && R.FirstLaunchAvg) {
    O["count_over_launch_values"] = true;
    O[R.Space == MemSpace::Shared     ? "wavefronts_first_launch"
      : R.Space == MemSpace::Constant ? "requests_first_launch"
                                      : "sectors_first_launch"] =
        round2(*R.FirstLaunchAvg);
  }
  if (R.Known && R.CountByBlock)
    O["count_by_block"] = true;
  if (!R.LoneLaneAddress.empty())
    O["lone_lane_address_unknown"] = phrase(R.LoneLaneAddress);
  if (!R.Known)
    O["reason"] = phrase(R.Reason);
  else if (R.Space == MemSpace::Global) {
    O["sectors"] = R.Sectors;
    O["sectors_best"] = R.SectorsBest;
    O["ideal_sectors"] = R.IdealSectors;
    O["lines128"] = R.Lines128;
    O["sectors_avg"] = round2(R.SectorsAvg);
  } else if (R.Space == MemSpace::Shared) {
    O["wavefronts"] = R.Wavefronts;
    O["wavefronts_best"] = R.WavefrontsBest;
    O["ideal_wavefronts"] = R.IdealWavefronts;
    O["wavefronts_avg"] = round2(R.WavefrontsAvg);
  } else if (R.Space == MemSpace::Constant) {
    O["requests"] = R.ConstantRequests;
    O["requests_best"] = R.ConstantRequestsBest;
    O["ideal_requests"] = 1;
    O["requests_avg"] = round2(R.ConstantRequestsAvg);
  }
  bool PerBlock = false;
  if (std::optional<double> W = R.wastedBytes(&PerBlock)) {
    O["wasted_bytes"] = int64_t(*W + 0.5);
    O["waste_per"] = PerBlock ? "block" : "launch";
  }
  if (R.Known) {
    // The worst request, lane by lane, as the HTML report draws it.
    llvm::json::Array Lanes;
    for (const LaneNote &L : R.WorstLanes)
      Lanes.push_back(llvm::json::Array{L.Lane, L.Delta});
    O["worst_request"] = llvm::json::Object{{"first_mod128", R.FirstLaneMod128},
                                            {"lanes", std::move(Lanes)}};
  }
  llvm::json::Array A;
  for (const Assumption &S : R.Assumptions)
    A.push_back(phrase(S));
  O["assumptions"] = std::move(A);
  return O;
}

std::string dumpAccess(const AccessReport &R) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << R.File << ":" << R.Line << ":" << R.Column << ": " << R.FunctionName
     << (R.FunctionName != R.KernelName ? " (from " + R.KernelName + ")" : "")
     << ": " << spaceName(R.Space) << " " << opName(R.Op) << " " << R.Bytes
     << "B" << (R.Pieces > 1 ? " x" + std::to_string(R.Pieces) : "")
     << (R.Width > 1 ? ", " + std::to_string(R.Width) + " per " +
                           std::to_string(R.Width * R.Bytes) + "B instruction"
                     : "")
     << (R.VectorLine ? " (line " + std::to_string(R.VectorLine) + "'s)" : "")
     << " of '" << R.BaseName << "' block " << R.Shape.Block.str() << "\n";
  if (!R.Known) {
    OS << "  unknown: " << phrase(R.Reason) << "\n";
    return Out;
  }
  if (!R.LoneLaneAddress.empty())
    OS << "  address: not known (" << phrase(R.LoneLaneAddress)
       << "); one lane a request, one aligned element\n";
  else {
    OS << "  address: " << R.BaseName << " + " << R.FirstLaneAddress
       << " bytes (first lane of the worst request)\n";
    OS << "  lanes:";
    for (const LaneNote &L : R.WorstLanes)
      OS << " " << L.Delta;
    OS << "\n";
  }
  if (R.StrideX)
    OS << "  stride.x: " << *R.StrideX << "\n";
  if (R.StrideY)
    OS << "  stride.y: " << *R.StrideY << "\n";
  if (R.Space == MemSpace::Global)
    OS << "  sectors: " << R.Sectors << " best " << R.SectorsBest << " ideal "
       << R.IdealSectors << " lines128 " << R.Lines128 << " avg "
       << llvm::format("%.2f", R.SectorsAvg);
  else if (R.Space == MemSpace::Constant)
    OS << "  constant-cache requests: " << R.ConstantRequests << " best "
       << R.ConstantRequestsBest << " ideal 1 avg "
       << llvm::format("%.2f", R.ConstantRequestsAvg);
  else
    OS << "  wavefronts: " << R.Wavefronts << " best " << R.WavefrontsBest
       << " ideal " << R.IdealWavefronts << " avg "
       << llvm::format("%.2f", R.WavefrontsAvg);
  OS << " requests " << R.Instances << " executions " << R.Executions << "\n";
  if (R.HoistedTo.second)
    OS << "  hoisted before the loop at line " << R.HoistedTo.second << "\n";
  if (!R.LanesDecidedBy.empty())
    OS << "  lanes decided by: " << phrase(R.LanesDecidedBy)
       << (R.OneLane ? R.CountHoldsForAnyLanes
                           ? " (one lane at most: the count holds)"
                           : " (one lane at most)"
           : R.CountHoldsForAnyLanes ? " (the count holds whichever lanes)"
                                     : "")
       << "\n";
  for (const Assumption &S : R.Assumptions)
    OS << "  assume: " << phrase(S) << "\n";
  return Out;
}

} // namespace cal
