//===- AosCheck.cpp - cuda-access-aos -------------------------------------===//
//
// One field of a struct read or written across lanes, so the struct's size
// strides the warp (array of structures). See docs/rules/cuda-access-aos.md.
//
//===----------------------------------------------------------------------===//
#include "analyzer/NameOf.h"
#include "rules/Check.h"
#include "rules/Describe.h"
#include "rules/GlobalWasteCheck.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

namespace cal {
namespace {

class AosCheck : public Check {
public:
  llvm::StringRef name() const override { return "cuda-access-aos"; }
  std::vector<llvm::StringRef> optionNames() const override {
    return {WarnOnUnknownAlignment};
  }
  llvm::StringRef summary() const override {
    return "struct field accessed across lanes with the struct as stride "
           "(array of structures)";
  }
  void find(const CheckContext &C, std::vector<Finding> &Out) override {
    for (const AccessReport &R : C.Reports) {
      if (!warnsOn(C, name(), GlobalWaste::StructStride, R))
        continue;
      const clang::RecordDecl *RD = R.Record;
      Finding F;
      F.Report = &R;
      F.Message = accessSubject(R) + " reads field '" + nameOf(R.Field) +
                  "' of a " + std::to_string(R.RecordBytes) +
                  "-byte struct per lane: " + sectorNumbers(R);
      if (F.Message.find(" reads ") != std::string::npos &&
          R.Op != AccessOp::Load)
        F.Message.replace(F.Message.find(" reads "), 7, " writes ");
      std::string Fields;
      for (const clang::FieldDecl *FD : RD->fields())
        Fields += (Fields.empty() ? "" : ", ") + nameOf(FD);
      F.Notes.push_back(
          {{},
           "store the fields of '" + nameOf(RD) +
               "' as separate arrays (structure of arrays: " + Fields +
               "), so lanes access consecutive elements"});
      int64_t Align = C.Ctx.getTypeAlignInChars(C.Ctx.getCanonicalTagType(RD))
                          .getQuantity();
      if ((R.RecordBytes == 8 || R.RecordBytes == 16) && Align >= R.RecordBytes)
        F.Notes.push_back(
            {{},
             "or, where all fields are used, load the whole struct at once "
             "(it is " +
                 std::to_string(R.RecordBytes) +
                 " bytes and aligned: one vector load per lane)"});
      else if (R.RecordBytes == 8 || R.RecordBytes == 16)
        F.Notes.push_back(
            {{},
             "or, where all fields are used, give it __align__(" +
                 std::to_string(R.RecordBytes) +
                 ") and load the whole struct as " +
                 (R.RecordBytes == 16 ? "a float4" : "a float2")});
      F.Notes.push_back({{}, laneLayout(R)});
      Out.push_back(std::move(F));
    }
  }
};

} // namespace

std::unique_ptr<Check> createAosCheck() { return std::make_unique<AosCheck>(); }

} // namespace cal
