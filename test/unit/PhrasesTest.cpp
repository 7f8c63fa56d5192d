// The words rules/ gives the engine's typed reasons and assumptions: what
// --dump-accesses, JSON and the notes print.
#include "rules/Phrases.h"

#include <gtest/gtest.h>

using namespace cal;

namespace {

TEST(Phrases, ReasonSaysWhereItArose) {
  EXPECT_EQ(phrase(UnknownReason{UnknownKind::LoadedShared, 223}),
            "a value loaded from shared memory at line 223");
  EXPECT_EQ(phrase(UnknownReason{UnknownKind::ConditionNotKnown}),
            "a condition not known");
  EXPECT_EQ(
      phrase(UnknownReason{UnknownKind::DiffersBetweenBranches, 278, "top"}),
      "'top' differs between the branches at line 278");
  EXPECT_EQ(phrase(UnknownReason{UnknownKind::NotCompiled, 40}),
            "clang could not compile the code this kernel runs (error at "
            "line 40)");
  EXPECT_EQ(phrase(UnknownReason{UnknownKind::CallsTooDeep, 0, "", 8}),
            "calls nested deeper than 8");
  EXPECT_EQ(phrase(UnknownReason{}), "");
}

TEST(Phrases, BlockShapeSaysWhereItCameFrom) {
  Assumption FromLaunch{
      AssumptionKind::BlockShape, {"k"}, {1, 40, 0}, {Dim3{32, 8, 1}}};
  EXPECT_EQ(phrase(FromLaunch), "block 32x8x1 from launch at line 40");
  Assumption NoLaunch{
      AssumptionKind::BlockShape, {"k"}, {0, 0, 1}, {Dim3{256, 1, 1}}};
  EXPECT_EQ(phrase(NoLaunch), "no launch of 'k' in this file: assumed a 1-D "
                              "block of 256 threads (use --block-dim)");
  Assumption NotConstant{
      AssumptionKind::BlockShape, {"k"}, {1, 7, 1}, {Dim3{256, 1, 1}}};
  EXPECT_EQ(phrase(NotConstant),
            "the block of the launch at line 7 is not a constant: assumed a "
            "1-D block of 256 threads (use --block-dim)");
  Assumption Option{
      AssumptionKind::BlockShape, {"k"}, {2, 0, 0}, {Dim3{64, 1, 1}}};
  EXPECT_EQ(phrase(Option), "block 64x1x1 from --block-dim");
}

TEST(Phrases, AlignmentNamesTheSymbolsAndTheMultiple) {
  Assumption One{AssumptionKind::AlignmentDecidedBy, {"pitch"}, {4, 6, 8}};
  EXPECT_EQ(phrase(One), "'pitch' decides the alignment: 4 sectors when it "
                         "is a multiple of 8, up to 6 otherwise");
  Assumption Two{AssumptionKind::AlignmentDecidedBy, {"a", "b"}, {1, 2, 0}};
  Two.Shared = true;
  EXPECT_EQ(phrase(Two), "'a', 'b' decide the banks: 1 wavefront, up to 2 "
                         "otherwise");
  // They decide other requests; the worst is the same at every value.
  Assumption Same{AssumptionKind::AlignmentDecidedBy, {"nx"}, {9, 9, 0}};
  EXPECT_EQ(phrase(Same), "'nx' decides the alignment of some requests; the "
                          "worst needs 9 sectors at any value");
}

TEST(Phrases, SampledBlocksListEachBlock) {
  Assumption A{AssumptionKind::SampledBlocks};
  A.Blocks = {Dim3{0, 0, 0}, Dim3{3, 1, 0}};
  A.Grid = Dim3{4, 2, 1};
  EXPECT_EQ(phrase(A), "an index not linear in blockIdx: the requests of "
                       "blocks (0,0,0), (3,1,0) of the grid 4x2x1");
}

} // namespace
