// The loads and stores of inline PTX: operation, space, bytes a lane moves
// and the operand that holds the address.
#include "analyzer/AsmAccesses.h"

#include <gtest/gtest.h>

using namespace cal;

namespace {

TEST(AsmAccesses, GuardedGlobalLoad) {
  // YHs' ldg32_nc: a predicate set, then the guarded load.
  auto A = asmAccesses("{.reg .pred p;\n setp.ne.b32 p, %2, 0;\n"
                       " @p ld.global.nc.L2::128B.f32 %0, [%1];}\n");
  ASSERT_EQ(A.size(), 1u);
  EXPECT_EQ(A[0].Op, AccessOp::Load);
  EXPECT_EQ(A[0].Space, MemSpace::Global);
  EXPECT_EQ(A[0].Bytes, 4);
  EXPECT_EQ(A[0].Operand, 1u);
  EXPECT_EQ(A[0].Offset, 0);
}

TEST(AsmAccesses, VectorsAndOffsets) {
  auto A = asmAccesses("st.shared.v4.f32 [%0+16], {%1, %2, %3, %4};\n"
                       "ld.global.cs.v2.u64 {%0, %1}, [%5];\n"
                       "ld.b128 %0, [%1];");
  ASSERT_EQ(A.size(), 3u);
  EXPECT_EQ(A[0].Op, AccessOp::Store);
  EXPECT_EQ(A[0].Space, MemSpace::Shared);
  EXPECT_EQ(A[0].Bytes, 16);
  EXPECT_EQ(A[0].Offset, 16);
  EXPECT_EQ(A[1].Bytes, 16);
  EXPECT_EQ(A[1].Operand, 5u);
  EXPECT_EQ(A[2].Space, MemSpace::Unknown); // a generic address
  EXPECT_EQ(A[2].Bytes, 16);
}

TEST(AsmAccesses, OnlyMemoryTheAnalyzerCounts) {
  EXPECT_TRUE(asmAccesses("mov.u32 %0, %laneid;").empty());
  EXPECT_TRUE(asmAccesses("cvta.to.shared.u64 %0, %1;").empty());
  EXPECT_TRUE(asmAccesses("ld.local.f32 %0, [%1];").empty());
  EXPECT_TRUE(asmAccesses("ld.param.u64 %0, [%1];").empty());
  auto A = asmAccesses("atom.global.add.u32 %0, [%1], %2;");
  ASSERT_EQ(A.size(), 1u);
  EXPECT_EQ(A[0].Op, AccessOp::Atomic);
  EXPECT_EQ(A[0].Bytes, 4);
}

TEST(AsmAccesses, NumbersNoPtxHas) {
  // Out of range: no instruction, and no exception out of the parser.
  EXPECT_TRUE(
      asmAccesses("ld.global.f32 %0, [%1+99999999999999999999];").empty());
  EXPECT_TRUE(asmAccesses("ld.global.f99999999999 %0, [%1];").empty());
  EXPECT_TRUE(asmAccesses("ld.global.f32 %0, [%99999999999];").empty());
}

} // namespace
