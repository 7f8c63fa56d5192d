//===- AsmAccesses.cpp - Loads and stores written in inline PTX -----------===//
#include "analyzer/AsmAccesses.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"

namespace cal {

namespace {

/// A bracketed operand `[%N]` or `[%N+K]`: N and K.
struct Bracket {
  unsigned Operand;
  int64_t Offset;
};

/// The bracketed operands of an instruction, in order. Readable is false
/// where one is of another form (a named register, `[%1+%2]`); Overflows
/// where one has a number no PTX has (`[%1+99999999999999999999]`), which
/// ptxas rejects.
struct Brackets {
  llvm::SmallVector<Bracket, 2> List;
  bool Readable = true, Overflows = false;
};

Brackets brackets(llvm::StringRef Operands) {
  static const llvm::Regex Address(
      "^\\[[ \t]*%([0-9]+)[ \t]*(\\+[ \t]*(-?[0-9]+))?[ \t]*\\]");
  Brackets Out;
  for (size_t At = Operands.find('['); At != llvm::StringRef::npos;
       At = Operands.find('[', At + 1)) {
    llvm::SmallVector<llvm::StringRef, 4> A;
    Bracket B{0, 0};
    if (!Address.match(Operands.substr(At), &A))
      Out.Readable = false;
    else if (A[1].getAsInteger(10, B.Operand) ||
             (A.size() > 3 && !A[3].empty() && A[3].getAsInteger(10, B.Offset)))
      Out.Overflows = true;
    else
      Out.List.push_back(B);
  }
  return Out;
}

/// The instruction of Opcode and its qualifiers (`ld` and `.global.f32`)
/// with these operands, where it touches memory the analyzer counts.
std::optional<AsmAccess> instruction(llvm::StringRef Opcode,
                                     llvm::StringRef Qualifiers,
                                     llvm::StringRef Operands) {
  llvm::SmallVector<llvm::StringRef, 8> Quals;
  Qualifiers.drop_front().split(Quals, '.');
  bool Matrix = Opcode == "ldmatrix" || Opcode == "stmatrix";
  bool Copy = Opcode == "cp" && !Quals.empty() && Quals[0] == "async";
  bool Plain =
      Opcode == "ld" || Opcode == "st" || Opcode == "atom" || Opcode == "red";
  AsmAccess Acc{Opcode == "ld" || Opcode == "ldmatrix" ? AccessOp::Load
                : Opcode == "st" || Opcode == "stmatrix" || Copy
                    ? AccessOp::Store
                    : AccessOp::Atomic,
                MemSpace::Unknown, 0, 0};
  int Vector = 1, Bits = 0, Matrices = 0;
  bool Counted = true, Unmodelled = false, Async = false;
  for (llvm::StringRef Q : Quals) {
    if (Q == "global")
      Acc.Space = Acc.Space == MemSpace::Unknown ? MemSpace::Global : Acc.Space;
    else if (Q == "shared" || Q == "shared::cta")
      Acc.Space = MemSpace::Shared;
    else if (Q == "local" || Q == "param" || Q == "const")
      Counted = false;
    else if (Q == "shared::cluster" || Q == "bulk" || Q == "async")
      Async = true; // another block's shared memory, or the copy engine
    else if (Q == "v2" || Q == "v4" || Q == "v8")
      Vector = Q[1] - '0';
    else if (Q == "x1" || Q == "x2" || Q == "x4")
      Matrices = Q[1] - '0';
    else if (Matrix && Q.starts_with("m") && Q != "m8n8")
      Unmodelled = true; // sm_100's m16n16 and m8n16 rows of bytes
    else if (Q.size() >= 2 && llvm::StringRef("bsuf").contains(Q[0]) &&
             llvm::all_of(Q.drop_front(), llvm::isDigit)) {
      // The type (.f32, .b128); more digits than an int holds are none.
      if (Q.drop_front().getAsInteger(10, Bits))
        Bits = 0;
    }
  }
  if (!Counted)
    return std::nullopt;
  Brackets Addresses = brackets(Operands);
  if (Addresses.Overflows)
    return std::nullopt;
  bool One = Addresses.Readable && Addresses.List.size() == 1;
  if (Copy) {
    // cp.async.{ca,cg}: a global read and a shared write; the rest of the
    // family (commit_group, wait_group, mbarrier.arrive) moves no data.
    bool Bulk = llvm::is_contained(Quals, "bulk");
    if (!Bulk && Quals.size() > 1 && Quals[1] != "ca" && Quals[1] != "cg")
      return std::nullopt;
    Acc.Space = MemSpace::Shared;
    if (Bulk || !Addresses.Readable || Addresses.List.size() != 2) {
      Acc.NotModelled = Bulk ? "cp.async.bulk" : "cp.async";
      return Acc;
    }
    Acc.Operand = Addresses.List[0].Operand;
    Acc.Offset = Addresses.List[0].Offset;
    Acc.Source = Addresses.List[1].Operand;
    Acc.SourceOffset = Addresses.List[1].Offset;
    // The copy's size, after the two addresses: 4, 8 or 16, or "n"(16).
    llvm::StringRef Size =
        Operands.substr(Operands.rfind(']') + 1).ltrim(" \t,").split(',').first;
    Size = Size.trim();
    unsigned N = 0;
    if (Size.consume_front("%") && !Size.getAsInteger(10, N))
      Acc.SizeOperand = N;
    else if (Size.getAsInteger(10, Acc.Bytes) ||
             (Acc.Bytes != 4 && Acc.Bytes != 8 && Acc.Bytes != 16))
      Acc.NotModelled = "cp.async";
    return Acc;
  }
  if (!Matrix && !Plain)
    return std::nullopt;
  std::string Name = Opcode.str();
  if (Async)
    Name += "." + Quals[0].str(); // st.async, red.async, ld.shared::cluster
  if (!One || Async || Unmodelled ||
      (Matrix && (!Matrices || Acc.Space != MemSpace::Shared))) {
    Acc.NotModelled = Name;
    return Acc;
  }
  Acc.Operand = Addresses.List[0].Operand;
  Acc.Offset = Addresses.List[0].Offset;
  if (Matrix) {
    // Each lane's row: eight 16-bit elements.
    Acc.Bytes = 16;
    Acc.AddressLanes = 8 * Matrices;
    return Acc;
  }
  // A type no PTX has (`.f99999999999`) leaves the instruction out.
  if (Bits < 8 || Bits > 128)
    return std::nullopt;
  Acc.Bytes = Vector * Bits / 8;
  return Acc;
}

} // namespace

std::vector<AsmAccess> asmAccesses(llvm::StringRef Asm) {
  std::vector<AsmAccess> Out;
  // An instruction: an optional guard, the opcode with its dotted
  // qualifiers, then operands.
  static const llvm::Regex Instr("^(@!?[%A-Za-z0-9_]+[ \t]+)?([a-z]+)"
                                 "((\\.[A-Za-z0-9_:]+)+)([ \t]+(.*))?$");
  llvm::SmallVector<llvm::StringRef, 8> Lines;
  Asm.split(Lines, ';');
  for (llvm::StringRef Line : Lines) {
    // Braces open and close scopes of their own; the last line of one
    // may hold an instruction.
    Line = Line.trim().ltrim("{").trim();
    llvm::SmallVector<llvm::StringRef, 7> M;
    if (!Instr.match(Line, &M))
      continue;
    llvm::StringRef Operands = M.size() > 6 ? M[6] : "";
    if (M[2] == "wgmma") {
      // Its operands in shared memory come as descriptors: 64-bit values
      // that pack an address and a layout, which no bracket shows.
      AsmAccess Acc{AccessOp::Load, MemSpace::Shared, 0, 0};
      Acc.NotModelled = "wgmma";
      Out.push_back(std::move(Acc));
      continue;
    }
    if (std::optional<AsmAccess> Acc = instruction(M[2], M[3], Operands))
      Out.push_back(std::move(*Acc));
  }
  return Out;
}

} // namespace cal
