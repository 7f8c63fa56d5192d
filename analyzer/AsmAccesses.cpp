//===- AsmAccesses.cpp - Loads and stores written in inline PTX -----------===//
#include "analyzer/AsmAccesses.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"

namespace cal {

std::vector<AsmAccess> asmAccesses(llvm::StringRef Asm) {
  std::vector<AsmAccess> Out;
  // An instruction: an optional guard, the opcode with its dotted
  // qualifiers, then operands; the address is the operand in brackets.
  static const llvm::Regex Instr(
      "^(@!?[%A-Za-z0-9_]+[ \t]+)?(ld|st|atom|red)((\\.[A-Za-z0-9_:]+)+)"
      "[ \t]+(.*)$");
  static const llvm::Regex Address(
      "\\[[ \t]*%([0-9]+)[ \t]*(\\+[ \t]*(-?[0-9]+))?[ \t]*\\]");
  llvm::SmallVector<llvm::StringRef, 8> Lines;
  Asm.split(Lines, ';');
  for (llvm::StringRef Line : Lines) {
    // Braces open and close scopes of their own; the last line of one
    // may hold an instruction.
    Line = Line.trim().ltrim("{").trim();
    llvm::SmallVector<llvm::StringRef, 6> M, A;
    if (!Instr.match(Line, &M) || !Address.match(M[5], &A))
      continue;
    llvm::SmallVector<llvm::StringRef, 6> Quals;
    M[3].drop_front().split(Quals, '.');
    AsmAccess Acc{M[2] == "ld"   ? AccessOp::Load
                  : M[2] == "st" ? AccessOp::Store
                                 : AccessOp::Atomic,
                  MemSpace::Unknown, 0, 0};
    int Vector = 1, Bits = 0;
    bool Counted = true;
    for (llvm::StringRef Q : Quals) {
      if (Q == "global")
        Acc.Space = MemSpace::Global;
      else if (Q == "shared" || Q == "shared::cta")
        Acc.Space = MemSpace::Shared;
      else if (Q == "local" || Q == "param" || Q == "const" ||
               Q == "shared::cluster")
        Counted = false;
      else if (Q == "v2" || Q == "v4" || Q == "v8")
        Vector = Q[1] - '0';
      else if (Q.size() >= 2 && llvm::StringRef("bsuf").contains(Q[0]) &&
               llvm::all_of(Q.drop_front(), llvm::isDigit)) {
        // The type (.f32, .b128); more digits than an int holds are none.
        if (Q.drop_front().getAsInteger(10, Bits))
          Bits = 0;
      }
    }
    // Numbers no PTX has (`[%1+99999999999999999999]`) leave the instruction
    // out, as ptxas rejects it.
    if (!Counted || Bits < 8 || Bits > 128 ||
        A[1].getAsInteger(10, Acc.Operand) ||
        (A.size() > 3 && !A[3].empty() && A[3].getAsInteger(10, Acc.Offset)))
      continue;
    Acc.Bytes = Vector * Bits / 8;
    Out.push_back(Acc);
  }
  return Out;
}

} // namespace cal
