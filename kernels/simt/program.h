// SPDX-License-Identifier: GPL-3.0-or-later
// Internal to the SIMT engine: the decoded form of a kernel. decode.cpp turns LLVM IR into it once;
// interpreter.cpp executes it. No LLVM types here, so only the decoder's TU sees LLVM's headers.
//
// Every SSA value (argument, constant, instruction result) has a register slot; a warp holds
// slots x warp_size 64-bit registers. Integers are kept zero-extended to their width; floats as
// their bit pattern; pointers as (buffer << 48) | byte offset (buffer 0 = no buffer).
#pragma once

#include "simt/engine.h"

#include <cstdint>
#include <string>
#include <vector>

namespace reducescope::simt::detail {

enum class Op : std::uint8_t {
    // integers (bits = width): LLVM semantics, wrap-around, udiv/sdiv, shifts masked by LLVM rule
    Add, Sub, Mul, UDiv, SDiv, URem, SRem, Shl, LShr, AShr, And, Or, Xor,
    ICmp, Select, ZExt, SExt, Trunc, Copy,
    // float32 (and float64 where bits = 64): IEEE round to nearest
    FAdd, FSub, FMul, FDiv, FNeg, Fma, FMin, FMax, FAbs, FSqrt, FCmp,
    FPToSI, FPToUI, SIToFP, UIToFP, FPExt, FPTrunc,
    IMin, IMax, UMin, UMax,
    // memory: a = pointer; Gep: dst = a + b * imm (b < 0: dst = a + imm)
    Load, Store, Gep, Memcpy, Memset,
    // a whole aggregate (a struct such as float4, or an array) in consecutive slots, one per scalar
    // leaf: LoadAgg dst = first leaf, StoreAgg b = first leaf; imm = index into Function::aggregates
    LoadAgg, StoreAgg,
    // the CUDA parts
    Sreg, Barrier, SyncWarp, Shfl, Ballot, ActiveMask, Atomic,
};

/// ICmp / FCmp predicates (aux), in LLVM's numbering (llvm::CmpInst::Predicate).
/// Sreg (aux): which special register.
enum Sreg : std::uint8_t { kTidX, kTidY, kTidZ, kNtidX, kNtidY, kNtidZ, kCtaidX, kCtaidY, kCtaidZ,
                           kNctaidX, kNctaidY, kNctaidZ, kWarpSize, kLaneId };
/// Shfl (aux): the mode of __shfl*_sync.
enum ShflMode : std::uint8_t { kShflIdx, kShflUp, kShflDown, kShflXor };
/// Atomic (aux): the operation; flags kFloat marks a float operand.
enum AtomicOp : std::uint8_t { kAtomicAdd, kAtomicMax, kAtomicMin, kAtomicExch, kAtomicCas, kAtomicSub,
                               kAtomicAnd, kAtomicOr, kAtomicXor, kAtomicInc };

inline constexpr std::uint8_t kFloat = 1;      ///< flags: float operand (Atomic, Load/Store value)
inline constexpr std::uint8_t kVolatile = 2;   ///< flags: a volatile access
inline constexpr std::uint8_t kNegC = 4;       ///< flags (Fma): c negated (a*b - c)
inline constexpr std::uint8_t kNegA = 8;       ///< flags (Fma): a*b negated (c - a*b)
inline constexpr std::uint8_t kReduction = 16; ///< flags: counts as one of the reduction's adds
inline constexpr std::uint8_t kUnsigned = 32;  ///< flags (Atomic): unsigned operand
/// flags (Load, Store, LoadAgg, StoreAgg, Atomic, Memcpy, Memset): the first memory instruction of a statement that
/// merges into the result (an atomic, or an access through the kernel's result pointer): a warp
/// that did other work in the step stops before it, so the merge is a step of its own.
inline constexpr std::uint8_t kPhaseStart = 64;
/// flags (Barrier): the __syncthreads() opens a loop iteration (no work between the loop's header
/// and it): it is counted in the step that follows it, the iteration's own.
inline constexpr std::uint8_t kOpensIteration = 128;

/// A source place: line and column in the student's file (0 = none).
struct Loc {
    int line = 0;
    int column = 0;
};

struct Inst {
    Op op = Op::Copy;
    std::uint8_t bits = 32;   ///< width of the result (integers, floats) or of the access (Load/Store)
    std::uint8_t aux = 0;     ///< predicate, Sreg, ShflMode, AtomicOp; Load/Store/LoadAgg/StoreAgg: log2 of the alignment
    std::uint8_t flags = 0;
    std::int32_t dst = -1;
    std::int32_t a = -1, b = -1, c = -1, d = -1;
    std::int64_t imm = 0;     ///< Gep scale / offset, Memcpy/Memset byte count
    std::int32_t loc = 0;     ///< index into Function::locs
    std::int32_t expr = -1;   ///< index into Function::exprs: the source text of a memory access
};

/// A parallel copy done when control moves along an edge (the phis of the target).
struct Move {
    std::int32_t dst = -1;
    std::int32_t src = -1;
};

struct Edge {
    std::int32_t target = -1;
    std::vector<Move> moves;
    /// Some move reads a slot another move of the edge writes: the copies go through a buffer.
    bool hazard = false;
};

enum class Term : std::uint8_t { Br, CondBr, Switch, Ret, Unreachable };

struct Block {
    std::int32_t first = 0, last = 0;  ///< instruction range [first, last)
    Term term = Term::Ret;
    std::int32_t cond = -1;            ///< CondBr: i1 slot; Switch: value slot
    std::vector<Edge> edges;           ///< Br: 1; CondBr: taken, not taken; Switch: default, then cases
    std::vector<std::uint64_t> cases;  ///< Switch: case values (edges[k + 1])
    std::int32_t ipdom = -1;           ///< immediate post-dominator (reconvergence point), -1: exit
    /// CondBr of a conditional expression (`i < n ? input[i] : 0.0f`) with work on a path: nvcc
    /// predicates it, so every lane of the branch counts as active (none skipped the statement).
    bool predicated = false;
    std::int32_t loc = 0;              ///< the terminator's place
};

/// A pointer argument or shared variable: what the engine allocates.
enum class Space : std::uint8_t { Global, Shared, Local };

struct BufferDecl {
    Space space = Space::Shared;
    std::string name;          ///< source name ("sdata")
    std::int64_t bytes = 0;    ///< extent; -1 = extern shared (sized at launch)
    bool is_float = true;      ///< element type float (for the trace's values)
};

enum class ParamKind : std::uint8_t { FloatPtr, ConstFloatPtr, Int, Other };

/// The memory layout of an aggregate value (LoadAgg, StoreAgg): its size and, per scalar leaf in
/// slot order, the leaf's byte offset and size (1, 2, 4 or 8).
struct Aggregate {
    std::int32_t bytes = 0;
    std::vector<std::pair<std::int32_t, std::uint8_t>> leaves;
};

struct Function {
    std::string name, symbol;
    Loc where;
    std::vector<ParamKind> params;
    std::vector<std::int32_t> param_slots;
    std::vector<Inst> insts;
    std::vector<Block> blocks;
    std::vector<Loc> locs;
    std::vector<std::string> exprs;
    /// Slots holding constants or buffer base pointers: (slot, value) set before the kernel runs.
    std::vector<std::pair<std::int32_t, std::uint64_t>> constants;
    /// Buffers this kernel uses besides its arguments; index k has buffer id kFirstDeclared + k.
    std::vector<BufferDecl> buffers;
    std::vector<Aggregate> aggregates;  ///< layouts of the aggregate loads and stores (Inst::imm)
    std::int32_t slots = 0;
    bool warp_wide = false;  ///< a Shfl, Ballot or ActiveMask instruction (KernelInfo::warp_wide)
};

/// Buffer ids: 1..3 the launch's global buffers (input, output, partial), then Function::buffers.
inline constexpr int kInputBuffer = 1, kOutputBuffer = 2, kPartialBuffer = 3, kFirstDeclared = 4;

inline constexpr std::uint64_t make_pointer(std::uint64_t buffer, std::uint64_t offset)
{
    return (buffer << 48) | (offset & ((std::uint64_t(1) << 48) - 1));
}

} // namespace reducescope::simt::detail

namespace reducescope::simt {

class Program {
public:
    std::vector<detail::Function> functions;  ///< the runnable kernels, in source order
    std::vector<KernelInfo> kernels;          ///< all kernels (runnable or refused)
    std::string source;
    std::string file_name;
    int warp_size = 32;                 ///< REDUCESCOPE_WARP_SIZE as compiled
    bool names_warp_size_macro = false; ///< the source or a header names it: run() only at warp_size
};

} // namespace reducescope::simt
