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

/// RD's fields as the code names them: an anonymous union by its first
/// member (glm's `union { T x, r, s; }`), an anonymous struct by its own.
void addFieldNames(const clang::RecordDecl *RD, std::string &Out) {
  for (const clang::FieldDecl *FD : RD->fields()) {
    const clang::RecordDecl *Inner = FD->isAnonymousStructOrUnion()
                                         ? FD->getType()->getAsRecordDecl()
                                         : nullptr;
    if (Inner && !Inner->isUnion()) {
      addFieldNames(Inner, Out);
      continue;
    }
    if (Inner && !Inner->field_empty())
      FD = *Inner->field_begin();
    if (!nameOf(FD).empty())
      Out += (Out.empty() ? "" : ", ") + nameOf(FD);
  }
}

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
      std::string Verb = R.Op == AccessOp::Load ? " reads " : " writes ";
      std::string Struct = std::to_string(R.RecordBytes) + "-byte struct";
      F.Message =
          accessSubject(R) + Verb +
          (R.Field ? "field '" + nameOf(R.Field) + "' of a " + Struct +
                         " per lane: "
                   : "a " + Struct + " '" + nameOf(RD) + "' per lane as " +
                         std::to_string(R.Pieces) + " accesses of " +
                         std::to_string(R.Bytes) +
                         (R.Bytes == 1 ? " byte" : " bytes") + "; each: ") +
          sectorNumbers(R);
      std::string Fields;
      addFieldNames(RD, Fields);
      F.Notes.push_back({{},
                         "store the fields of '" + nameOf(RD) +
                             "' as separate arrays (structure of arrays" +
                             (Fields.empty() ? "" : ": " + Fields) +
                             "), so lanes access consecutive elements"});
      int64_t Align = C.Ctx.getTypeAlignInChars(C.Ctx.getCanonicalTagType(RD))
                          .getQuantity();
      std::string Vector = std::to_string(llvm::PowerOf2Ceil(R.RecordBytes));
      if (!R.Field && R.RecordBytes <= 16)
        F.Notes.push_back(
            {{},
             "or, where a lane uses all of it, " +
                 (Vector == std::to_string(R.RecordBytes)
                      ? "give it __align__(" + Vector + ")"
                      : "pad it to " + Vector + " bytes with __align__(" +
                            Vector + "), as float4 pads a float3") +
                 ": one vector access per lane"});
      else if ((R.RecordBytes == 8 || R.RecordBytes == 16) &&
               Align >= R.RecordBytes)
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
