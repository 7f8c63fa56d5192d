//===- FuzzEvaluator.cpp - libFuzzer target for the kernel evaluator ------===//
//
// The fuzzer's bytes choose a kernel from a small grammar: index expressions
// over threadIdx/blockIdx/blockDim/parameters/literals, casts, loops with
// random bounds and steps, if/else, shared arrays of 1 to 3 dimensions,
// struct members and __device__ helper calls (recursive ones too). The
// kernel is parsed with a tiny prelude instead of the CUDA headers (a parse
// takes milliseconds, not seconds), analyzed, and the reports are checked:
// no crash, no hang, the numbers keep their invariants, and the lanes run
// together give the same reports as the lanes run one at a time.
//
// Run it with tools/fuzz/run.sh SECONDS. CAL_FUZZ_PRINT=1 in the environment
// prints each generated kernel (to replay a crash: the binary, then the
// crash-* file).
//
//===----------------------------------------------------------------------===//
#include "analyzer/Analyzer.h"
#include "tools/driver/ReportFormat.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/STLExtras.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

const char *Prelude = R"(#include "__clang_cuda_builtin_vars.h"
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
struct dim3 {
  unsigned x, y, z;
  __host__ __device__ constexpr dim3(unsigned x = 1, unsigned y = 1,
                                     unsigned z = 1) : x(x), y(y), z(z) {}
};
typedef __SIZE_TYPE__ size_t;
extern "C" int __cudaPushCallConfiguration(dim3 grid, dim3 block,
                                           size_t shmem = 0, void *stream = 0);
// A launch from device code, with relocatable device code.
extern "C" __device__ void *cudaGetParameterBuffer(size_t align, size_t size);
extern "C" __device__ int cudaLaunchDevice(void *f, void *params, dim3 grid,
                                           dim3 block, unsigned shmem,
                                           void *stream);
struct Rec { float a; int b; double c; char d[3]; short e[4]; };
struct Outer { int tag; Rec in[2]; float tail; };
__constant__ int table[16];
__device__ float gbuf[4096];
struct float2 { float x, y; };
__device__ inline int min(int a, int b) { return a < b ? a : b; }
__device__ inline int max(int a, int b) { return a < b ? b : a; }
template <class T, class U = int> __device__ T atomicAdd(T *p, U v = U());
template <class T> __device__ T __ldg(const T *p, int = 0);
)";

/// Builds the source of one kernel from the fuzzer's bytes.
class Generator {
public:
  explicit Generator(FuzzedDataProvider &In) : In(In) {}

  std::string source() {
    std::string S = Prelude;
    int Helpers = In.ConsumeIntegralInRange(0, 3);
    for (int H = 0; H < Helpers; ++H)
      S += helper(H);
    NumHelpers = Helpers;
    S += "__global__ void kern(float *out, const float *in, Rec *recs, "
         "Outer *outer, double *dbl, char *bytes, int n, int m, "
         "unsigned u) {\n";
    Shared1 = In.ConsumeIntegralInRange(1, 300);
    Shared2a = In.ConsumeIntegralInRange(1, 40);
    Shared2b = In.ConsumeIntegralInRange(1, 40);
    Shared3 = In.ConsumeIntegralInRange(1, 9);
    S += "  __shared__ float s1[" + std::to_string(Shared1) + "];\n";
    S += "  __shared__ int s2[" + std::to_string(Shared2a) + "][" +
         std::to_string(Shared2b) + "];\n";
    S += "  __shared__ double s3[" + std::to_string(Shared3) + "][" +
         std::to_string(Shared3 + 1) + "][" + std::to_string(Shared3 + 2) +
         "];\n";
    Vars = 0;
    Depth = 1;
    int Stmts = In.ConsumeIntegralInRange(1, 12);
    for (int I = 0; I < Stmts && In.remaining_bytes(); ++I)
      S += stmt();
    S += "}\n";
    if (In.ConsumeBool()) {
      // A launch: the analyzer takes the block shape from it. From host
      // code, or from another kernel (relocatable device code).
      auto D = [&] {
        return std::to_string(In.ConsumeIntegralInRange(0, 1100));
      };
      FromDevice = In.ConsumeBool();
      S += std::string(FromDevice ? "__global__ void parent" : "void host") +
           "(float *p) {\n  kern<<<dim3(" + D() + "), dim3(" + D() + ", " +
           D() + ", " + D() + ")>>>(p, p, 0, 0, 0, 0, " + D() + ", " + D() +
           ", 7u);\n}\n";
    }
    return S;
  }
  /// Whether source() launched the kernel from device code.
  bool FromDevice = false;

private:
  std::string helper(int H) {
    std::string N = "h" + std::to_string(H);
    switch (In.ConsumeIntegralInRange(0, 3)) {
    case 0: // arithmetic on its arguments
      return "__device__ int " + N + "(int a, int b) { return " +
             pick({"a * 32 + b", "a + b", "a / (b + 1)", "a % 33 + b * 2",
                   "a << 2", "(a & 31) | b"}) +
             "; }\n";
    case 1: // recursion, bounded or not
      return "__device__ int " + N +
             "(int a, int b) { return a <= 0 ? b : " + N + "(a - " +
             pick({"1", "0", "-1", "b"}) + ", b + 1); }\n";
    case 2: // an access through a pointer argument
      return "__device__ int " + N + "(int a, int b) { return int(gbuf[a * " +
             lit() + " + b]); }\n";
    default: // a loop inside
      return "__device__ int " + N +
             "(int a, int b) { int s = 0; for (int k = 0; k < a; k += " +
             pick({"1", "2", "b", "0"}) + ") s += k; return s + b; }\n";
    }
  }

  std::string pick(std::initializer_list<const char *> L) {
    size_t I = In.ConsumeIntegralInRange<size_t>(0, L.size() - 1);
    return *(L.begin() + I);
  }

  std::string lit() {
    switch (In.ConsumeIntegralInRange(0, 5)) {
    case 0:
      return std::to_string(In.ConsumeIntegralInRange(0, 4));
    case 1:
      return std::to_string(In.ConsumeIntegralInRange(0, 64));
    case 2:
      return std::to_string(In.ConsumeIntegralInRange(-64, 1100));
    case 3:
      return std::to_string(In.ConsumeIntegral<int32_t>());
    case 4:
      return std::to_string(In.ConsumeIntegral<int64_t>()) + "LL";
    default:
      return pick({"0", "1", "2", "31", "32", "33", "1024"});
    }
  }

  std::string atom() {
    switch (In.ConsumeIntegralInRange(0, 7)) {
    case 0:
      return std::string("threadIdx.") + pick({"x", "y", "z"});
    case 1:
      return std::string("blockIdx.") + pick({"x", "y", "z"});
    case 2:
      return std::string("blockDim.") + pick({"x", "y", "z"});
    case 3:
      return std::string("gridDim.") + pick({"x", "y"});
    case 4:
      return pick({"n", "m", "u"});
    case 5:
      if (!LoopVars.empty() && In.ConsumeBool())
        return LoopVars[In.ConsumeIntegralInRange<size_t>(0,
                                                          LoopVars.size() - 1)];
      if (Vars)
        return "v" + std::to_string(In.ConsumeIntegralInRange(0, Vars - 1));
      return lit();
    case 6:
      return "table[" + std::to_string(In.ConsumeIntegralInRange(0, 15)) + "]";
    default:
      return lit();
    }
  }

  std::string expr(int D = 0) {
    if (D > 4 || In.remaining_bytes() == 0)
      return atom();
    switch (In.ConsumeIntegralInRange(0, 9)) {
    case 0:
    case 1:
    case 2:
      return "(" + expr(D + 1) + " " +
             pick({"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^"}) + " " +
             expr(D + 1) + ")";
    case 3:
      return "(" +
             pick({"(int)", "(unsigned)", "(short)", "(char)", "(long long)",
                   "(unsigned char)", "(size_t)", "(bool)"}) +
             expr(D + 1) + ")";
    case 4:
      return "(" + expr(D + 1) + " " + pick({"<", ">", "==", "!=", "&&"}) +
             " " + expr(D + 1) + " ? " + expr(D + 1) + " : " + expr(D + 1) +
             ")";
    case 5:
      if (NumHelpers)
        return "h" +
               std::to_string(In.ConsumeIntegralInRange(0, NumHelpers - 1)) +
               "(" + expr(D + 1) + ", " + expr(D + 1) + ")";
      return atom();
    case 6:
      return "(" + pick({"-", "~", "!", "+"}) + expr(D + 1) + ")";
    case 7:
      return std::string(pick({"min", "max"})) + "(" + expr(D + 1) + ", " +
             expr(D + 1) + ")";
    default:
      return atom();
    }
  }

  std::string access() {
    std::string I = expr();
    switch (In.ConsumeIntegralInRange(0, 10)) {
    case 0:
      return "out[" + I + "]";
    case 1:
      return "in[" + I + "]";
    case 2:
      return std::string("recs[") + I + "]." +
             pick({"a", "b", "c", "d[1]", "e[3]"});
    case 3:
      return "outer[" + I + "].in[" + expr() + " & 1]." + pick({"a", "c"});
    case 4:
      return "s1[" + I + "]";
    case 5:
      return "s2[" + I + "][" + expr() + "]";
    case 6:
      return "s3[" + I + "][" + expr() + "][" + expr() + "]";
    case 7:
      return "dbl[" + I + "]";
    case 8:
      return "bytes[" + I + "]";
    case 9:
      return "((float2 *)out)[" + I + "].y";
    default:
      return "(recs + " + I + ")->" + pick({"a", "b", "c"});
    }
  }

  std::string indent() { return std::string(2 * Depth, ' '); }

  std::string stmt() {
    if (In.remaining_bytes() == 0)
      return "";
    std::string S = indent();
    int Kind = In.ConsumeIntegralInRange(0, Depth > 4 ? 3 : 9);
    switch (Kind) {
    case 0:
      return S + access() + " = " + pick({"", "(float)"}) + access() + ";\n";
    case 1:
      // Locals are declared at the top level only, so that every later
      // statement sees them.
      if (Depth == 1)
        return S + "int v" + std::to_string(Vars++) + " = " + expr() + ";\n";
      [[fallthrough]];
    case 2:
      if (Vars)
        return S + "v" +
               std::to_string(In.ConsumeIntegralInRange(0, Vars - 1)) + " " +
               pick({"=", "+=", "-=", "*=", "<<=", ">>=", "/=", "%="}) + " " +
               expr() + ";\n";
      return S + access() + " += 1;\n";
    case 3:
      return S + std::string(pick({"atomicAdd(&", "__ldg(&"})) + access() +
             (In.ConsumeBool() ? ", 1)" : ")") + ";\n";
    case 4:
    case 5: { // a loop
      std::string V = "i" + std::to_string(Depth);
      std::string Head;
      switch (In.ConsumeIntegralInRange(0, 3)) {
      case 0:
        Head = "for (int " + V + " = " + expr() + "; " + V + " < " + expr() +
               "; " + V + " += " + lit() + ")";
        break;
      case 1:
        Head = "for (int " + V + " = " + lit() + "; " + V + " " +
               pick({"<", ">", "!=", "<="}) + " " + lit() + "; " + V +
               pick({"++", "--", " *= 2", " >>= 1"}) + ")";
        break;
      case 2:
        Head = "for (int " + V + " = 0; " + V + " < 1000000000; ++" + V + ")";
        break;
      default:
        Head = "for (int " + V + " = 0;; ++" + V + ")";
        break;
      }
      ++Depth;
      LoopVars.push_back(V);
      std::string Body;
      int N = In.ConsumeIntegralInRange(1, 3);
      for (int I = 0; I < N; ++I)
        Body += stmt();
      if (In.ConsumeBool())
        Body += indent() + "if (" + expr() + " " + pick({">", "==", "<"}) +
                " " + V + ") " + pick({"break;", "continue;", "return;"}) +
                "\n";
      LoopVars.pop_back();
      --Depth;
      return S + Head + " {\n" + Body + indent() + "}\n";
    }
    case 6:
    case 7: { // if/else
      std::string R = S + "if (" + expr() + " " +
                      pick({"<", ">", "==", "!=", "<=", ">="}) + " " + expr() +
                      ") {\n";
      ++Depth;
      R += stmt();
      --Depth;
      R += indent() + "}";
      if (In.ConsumeBool()) {
        R += " else {\n";
        ++Depth;
        R += stmt();
        --Depth;
        R += indent() + "}";
      }
      return R + "\n";
    }
    case 8:
      return S + "__syncthreads();\n";
    default: { // a while loop broken on data
      ++Depth;
      std::string Body = stmt();
      --Depth;
      return S + "while (" + pick({"1", "n", "u > 3"}) + ") {\n" + Body +
             indent() + "if (" + access() + " > 0) break;\n" + indent() + "}\n";
    }
    }
  }

  FuzzedDataProvider &In;
  std::vector<std::string> LoopVars; ///< in scope, for index expressions
  int Vars = 0, Depth = 1, NumHelpers = 0;
  int Shared1 = 1, Shared2a = 1, Shared2b = 1, Shared3 = 1;
};

[[noreturn]] void fail(const char *What, const cal::AccessReport &R,
                       const std::string &Code) {
  std::fprintf(stderr,
               "invariant broken: %s at line %u: sectors %d ideal %d "
               "best %d wavefronts %d ideal %d\n%s\n",
               What, R.Line, R.Sectors, R.IdealSectors, R.SectorsBest,
               R.Wavefronts, R.IdealWavefronts, Code.c_str());
  std::abort();
}

bool budgetHit(const cal::AccessReport &R) {
  return llvm::any_of(R.Assumptions, [](const cal::Assumption &A) {
    return A.Kind == cal::AssumptionKind::StoppedAtBudget;
  });
}

/// A quotient one per warp (`threadIdx.x % n`, n a runtime size): only
/// lanes together see that a warp's 32 indices share it (125fb7b); a lane
/// alone finds the index non-linear, by design.
bool warpQuotient(const cal::AccessReport &R) {
  return llvm::any_of(R.Assumptions, [](const cal::Assumption &A) {
    return A.Kind == cal::AssumptionKind::WarpQuotient;
  });
}

/// Where lanes together and one at a time part, both sides; empty where
/// they agree.
std::string difference(const std::vector<cal::AccessReport> &Together,
                       const std::vector<cal::AccessReport> &OneByOne) {
  if (Together.size() != OneByOne.size())
    return "lanes together: " + std::to_string(Together.size()) +
           " reports, one at a time: " + std::to_string(OneByOne.size()) + "\n";
  for (size_t I = 0; I < Together.size(); ++I) {
    std::string A = cal::dumpAccess(Together[I]),
                B = cal::dumpAccess(OneByOne[I]);
    if (A != B)
      return "lanes together:\n" + A + "one at a time:\n" + B;
  }
  return "";
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  FuzzedDataProvider In(Data, Size);
  Generator G(In);
  std::string Code = G.source();
  static const bool Print = std::getenv("CAL_FUZZ_PRINT") != nullptr;
  if (Print)
    std::fprintf(stderr, "%s\n", Code.c_str());
  std::vector<std::string> Args = {"-xcuda",
                                   "-nocudainc",
                                   "-nocudalib",
                                   "--cuda-device-only",
                                   "--cuda-gpu-arch=sm_90",
                                   "-resource-dir=" CLANG_RESOURCE_DIR,
                                   "-w",
                                   "-ferror-limit=0",
                                   "-Wno-unknown-cuda-version"};
  if (G.FromDevice)
    Args.push_back("-fgpu-rdc");
  clang::IgnoringDiagConsumer Quiet;
  std::unique_ptr<clang::ASTUnit> AST =
      clang::tooling::buildASTFromCodeWithArgs(
          Code, Args, "fuzz.cu", "cal-fuzz",
          std::make_shared<clang::PCHContainerOperations>(),
          clang::tooling::getClangStripDependencyFileAdjuster(), {}, &Quiet);
  if (!AST)
    return 0;
  cal::AnalyzerOptions Opts;
  Opts.MaxWarps = 2; // speed: two warps show every lane pattern we generate
  // A fortieth of the usual budget: the lanes one at a time cost some
  // 0.75 us a step in the release build and ten times that under ASan (three
  // nested unbounded loops took 39 s at 2M steps), and libFuzzer's timeout
  // is for hangs, not for loops the budget is there to stop.
  Opts.Limits.MaxSteps = 10000;
  Opts.Limits.MaxTotalSteps = 500000;
  std::vector<cal::AccessReport> Reports =
      cal::analyzeTranslationUnit(AST->getASTContext(), Opts);
  cal::AnalyzerOptions OneByOne = Opts;
  OneByOne.LaneByLane = true;
  std::vector<cal::AccessReport> Reference =
      cal::analyzeTranslationUnit(AST->getASTContext(), OneByOne);
  // Budgets cut lanes together at one point and lanes one at a time at
  // another: only runs within budget must agree, and without a quotient
  // per warp or one lane at most where lanes apart equal an unknown
  // (`threadIdx.x == n`), which only lanes together see: a lane alone
  // cannot tell that the others' sides differ by other amounts.
  bool Cut = false;
  for (const auto *List : {&Reports, &Reference})
    for (const cal::AccessReport &R : *List)
      Cut |= budgetHit(R) || warpQuotient(R) || R.OneLane;
  // Only lanes together reuse a lane's own address (a store's, a loop's
  // earlier trip's): where that is all that differs, they agree without.
  if (!Cut) {
    std::string Differs = difference(Reports, Reference);
    if (!Differs.empty()) {
      cal::AnalyzerOptions Comparable = Opts;
      Comparable.ReuseLaneAddresses = false;
      Differs = difference(
          cal::analyzeTranslationUnit(AST->getASTContext(), Comparable),
          Reference);
    }
    if (!Differs.empty()) {
      std::fprintf(stderr, "%s%s\n", Differs.c_str(), Code.c_str());
      std::abort();
    }
  }
  for (const cal::AccessReport &R : Reports) {
    if (!R.Known)
      continue;
    if (R.Space == cal::MemSpace::Global) {
      if (R.IdealSectors < 1)
        fail("ideal sectors < 1", R, Code);
      if (R.Sectors < R.IdealSectors)
        fail("sectors < ideal", R, Code);
    }
    if (R.Space == cal::MemSpace::Shared && R.Wavefronts < 1)
      fail("wavefronts < 1", R, Code);
  }
  return 0;
}
