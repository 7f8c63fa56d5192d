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

TEST(AsmAccesses, MatrixRows) {
  // Each lane gives one 16-byte row: .x4's 32 lanes, .x2's 16, .x1's 8.
  auto A = asmAccesses(
      "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];\n"
      "ldmatrix.sync.aligned.m8n8.x2.shared::cta.b16 {%0,%1}, [%2];\n"
      "stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};");
  ASSERT_EQ(A.size(), 3u);
  EXPECT_EQ(A[0].Op, AccessOp::Load);
  EXPECT_EQ(A[0].Space, MemSpace::Shared);
  EXPECT_EQ(A[0].Bytes, 16);
  EXPECT_EQ(A[0].Operand, 4u);
  EXPECT_EQ(A[0].AddressLanes, 32);
  EXPECT_EQ(A[1].AddressLanes, 16);
  EXPECT_EQ(A[2].Op, AccessOp::Store);
  EXPECT_EQ(A[2].Operand, 0u);
  EXPECT_EQ(A[2].AddressLanes, 8);
  EXPECT_TRUE(A[2].NotModelled.empty());
}

TEST(AsmAccesses, AsyncCopies) {
  auto A = asmAccesses("cp.async.cg.shared.global.L2::128B [%0], [%1], 16;\n"
                       "cp.async.ca.shared.global [%0+8], [%1+4], %2, %3;\n"
                       "cp.async.commit_group;\n cp.async.wait_group 0;");
  ASSERT_EQ(A.size(), 2u);
  EXPECT_EQ(A[0].Op, AccessOp::Store); // the shared write; Source the read
  EXPECT_EQ(A[0].Space, MemSpace::Shared);
  EXPECT_EQ(A[0].Bytes, 16);
  EXPECT_EQ(A[0].Operand, 0u);
  EXPECT_EQ(A[0].Source, 1u);
  EXPECT_FALSE(A[0].SizeOperand);
  EXPECT_EQ(A[1].Bytes, 0); // "n"(size): the operand gives it
  EXPECT_EQ(A[1].SizeOperand, 2u);
  EXPECT_EQ(A[1].Offset, 8);
  EXPECT_EQ(A[1].SourceOffset, 4);
}

TEST(AsmAccesses, NotModelledIsKept) {
  // Never dropped: each is an access, its opcode the reason's.
  auto A = asmAccesses(
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes "
      "[%0], [%1], %2, [%3];\n"
      "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0}, %1, %2, 1, "
      "1, 1, 0, 0;\n"
      "ld.global.f32 %0, [ptr];\n"
      "st.async.shared::cluster.mbarrier::complete_tx::bytes.b32 [%0], %1, "
      "[%2];");
  ASSERT_EQ(A.size(), 4u);
  EXPECT_EQ(A[0].NotModelled, "cp.async.bulk");
  EXPECT_EQ(A[1].NotModelled, "wgmma");
  EXPECT_EQ(A[1].Space, MemSpace::Shared);
  EXPECT_EQ(A[2].NotModelled, "ld");
  EXPECT_EQ(A[2].Space, MemSpace::Global);
  EXPECT_EQ(A[3].NotModelled, "st.async");
}

TEST(AsmAccesses, NumbersNoPtxHas) {
  // Out of range: no instruction, and no exception out of the parser.
  EXPECT_TRUE(
      asmAccesses("ld.global.f32 %0, [%1+99999999999999999999];").empty());
  EXPECT_TRUE(asmAccesses("ld.global.f99999999999 %0, [%1];").empty());
  EXPECT_TRUE(asmAccesses("ld.global.f32 %0, [%99999999999];").empty());
}

} // namespace
