// SPDX-License-Identifier: GPL-3.0-or-later
// The decoder: the kernels' LLVM IR, cleaned up (every function inlined into the kernels, scalars
// promoted to registers; both keep the debug lines), turned once into the compact instruction
// array of program.h. Anything the interpreter would not run exactly is refused here, by name,
// at its line and column. The only translation unit besides frontend.cpp that includes LLVM.
#include "simt/frontend.h"
#include "simt/program.h"
#include "simt/source_text.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/PostDominators.h>
#include <llvm/IR/Dominators.h>
#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/GetElementPtrTypeIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/IPO/AlwaysInliner.h>
#include <llvm/Transforms/Scalar.h>
#include <llvm/Transforms/Utils.h>

#include <algorithm>
#include <map>
#include <unordered_map>

namespace reducescope::simt::detail {
namespace {

/// An access's alignment as its log2 (Inst::aux of Load, Store, LoadAgg, StoreAgg), at most 16 bytes.
std::uint8_t align_log2(llvm::Align a)
{
    return static_cast<std::uint8_t>(std::min<unsigned>(llvm::Log2(a), 4));
}

struct Refusal {
    Loc loc;
    std::string message;
};

/// The place of an instruction in the student's file: its debug location, or the call site it
/// was inlined at when it comes from the prelude.
Loc place_of(const llvm::DebugLoc& dl)
{
    const llvm::DILocation* l = dl.get();
    while (l && l->getFilename() != kMainFile && l->getInlinedAt())
        l = l->getInlinedAt();
    if (!l || l->getFilename() != kMainFile)
        return {};
    return {static_cast<int>(l->getLine()), static_cast<int>(l->getColumn())};
}

/// The statement of the kernel's own body an instruction belongs to: the outermost place of its
/// inlining chain (a __device__ function's or the prelude's code belongs to the call's statement).
std::pair<const llvm::DIScope*, unsigned> statement_of(const llvm::DebugLoc& dl)
{
    const llvm::DILocation* l = dl.get();
    while (l && l->getInlinedAt())
        l = l->getInlinedAt();
    if (!l)
        return {nullptr, 0};
    return {l->getScope() ? l->getScope()->getFile() : nullptr, l->getLine()};
}

std::string demangled(llvm::StringRef symbol)
{
    return llvm::demangle(symbol.str());
}

/// The kernel's parameters as the engine sees them, from the debug types (IR pointers have no const).
ParamKind param_kind(const llvm::Argument& arg, const llvm::DISubroutineType* type)
{
    llvm::Type* t = arg.getType();
    if (t->isIntegerTy(32) || t->isIntegerTy(64))
        return ParamKind::Int;
    if (!t->isPointerTy() || arg.hasByValAttr())
        return ParamKind::Other;  // a struct passed by value (the catalogue's Probe) is a byval pointer
    bool is_const = false, is_float = false;
    if (type && arg.getArgNo() + 1 < type->getTypeArray().size()) {
        const llvm::DIType* p = type->getTypeArray()[arg.getArgNo() + 1];
        const auto* ptr = llvm::dyn_cast_or_null<llvm::DIDerivedType>(p);
        const llvm::DIType* base = ptr ? ptr->getBaseType() : nullptr;
        while (const auto* d = llvm::dyn_cast_or_null<llvm::DIDerivedType>(base)) {
            if (d->getTag() == llvm::dwarf::DW_TAG_const_type)
                is_const = true;
            else if (d->getTag() != llvm::dwarf::DW_TAG_volatile_type && d->getTag() != llvm::dwarf::DW_TAG_typedef)
                break;
            base = d->getBaseType();
        }
        const auto* b = llvm::dyn_cast_or_null<llvm::DIBasicType>(base);
        is_float = b && b->getName() == "float";
    } else {
        // No debug type (line tables only): the IR's pointee type, so a double* or int* kernel is
        // not run on float data.
        is_float = t->isOpaquePointerTy() || t->getPointerElementType()->isFloatTy();
    }
    if (!is_float)
        return ParamKind::Other;
    return is_const ? ParamKind::ConstFloatPtr : ParamKind::FloatPtr;
}

Signature classify(const std::vector<ParamKind>& p)
{
    std::size_t n = p.size();
    while (n > 0 && p[n - 1] == ParamKind::Other)
        --n;  // a trailing Probe (the catalogue's NoProbe) is passed zeroed
    const bool in_ptr = n >= 1 && (p[0] == ParamKind::ConstFloatPtr || p[0] == ParamKind::FloatPtr);
    if (n == 3 && in_ptr && p[1] == ParamKind::FloatPtr && p[2] == ParamKind::Int)
        return Signature::InputOutput;
    if (n == 2 && p[0] == ParamKind::FloatPtr && p[1] == ParamKind::FloatPtr)
        return Signature::InPlace;
    return Signature::Unsupported;
}

class Decoder {
public:
    Decoder(llvm::Function& f, const std::string& source, std::span<const Header> headers)
        : m_f(f), m_source(source), m_headers(headers), m_dl(f.getParent()->getDataLayout()) {}

    /// Decodes the kernel; a refusal on the first construct the engine cannot run.
    std::optional<Refusal> run(Function& out);

private:
    std::int32_t slot(llvm::Value* v);
    std::uint64_t constant(llvm::Constant* c);
    std::int32_t buffer_of(llvm::GlobalVariable* g);
    std::int32_t loc(const llvm::Instruction& i);
    std::int32_t expr(const llvm::Instruction& i);
    void emit(const llvm::Instruction& src, Inst in);
    bool from_output(const llvm::Value* pointer, int depth = 0) const;
    bool opens_iteration(const llvm::Instruction& barrier) const;
    void mark_result_statements(std::int32_t first, std::int32_t last);
    void instruction(llvm::Instruction& i);
    void binary(llvm::BinaryOperator& b);
    void cast(llvm::CastInst& c);
    void gep(llvm::GetElementPtrInst& g);
    void call(llvm::CallInst& c);
    bool intrinsic(llvm::CallInst& c, llvm::StringRef name);
    bool prelude_call(llvm::CallInst& c, llvm::StringRef name);
    void terminator(llvm::Instruction& t, Block& b);
    bool predicated(const llvm::BranchInst& br, const llvm::BasicBlock* ipdom) const;
    [[noreturn]] void refuse(const llvm::Instruction* at, std::string message);

    /// An aggregate value's slots: `count` consecutive slots from `first`, one per scalar leaf.
    struct Leaves {
        std::int32_t first = 0;
        std::int32_t count = 0;
    };
    static bool is_aggregate(const llvm::Type* t) { return t->isStructTy() || t->isArrayTy(); }
    std::int32_t leaf_count(llvm::Type* t);
    /// The first leaf slot of the member that `indices` name inside an aggregate of type `t`
    /// (extractvalue / insertvalue), counted from the aggregate's first leaf; `t` becomes that
    /// member's type.
    std::int32_t leaf_offset(llvm::Type*& t, llvm::ArrayRef<unsigned> indices);
    void leaf_layout(llvm::Type* t, std::int32_t base, Aggregate& out);
    std::int32_t layout(llvm::Type* t);
    Leaves leaves(llvm::Value* v);
    void constant_leaves(llvm::Constant* c, std::int32_t slot);
    bool aggregate(llvm::Instruction& i);
    void copy_leaves(const llvm::Instruction& at, Leaves to, Leaves from);

    llvm::Function& m_f;
    const std::string& m_source;
    std::span<const Header> m_headers;
    const llvm::DataLayout& m_dl;
    Function* m_out = nullptr;
    std::unordered_map<const llvm::Value*, std::int32_t> m_slots;
    std::unordered_map<const llvm::BasicBlock*, std::int32_t> m_blocks;
    std::unordered_map<const llvm::GlobalVariable*, std::int32_t> m_buffers;
    std::unordered_map<const llvm::Value*, Leaves> m_aggs;   // aggregate values (float4, arrays)
    std::unordered_map<const llvm::Type*, std::int32_t> m_layouts;  // index into Function::aggregates
    std::map<std::pair<int, int>, std::int32_t> m_locs;
    std::vector<const llvm::Instruction*> m_fused;  // fmuls folded into an fma
    const llvm::Instruction* m_at = nullptr;        // the instruction being decoded (refusals' place)
    const llvm::Argument* m_output = nullptr;       // the kernel's result pointer (its second), if any
    const llvm::LoopInfo* m_loops = nullptr;        // the kernel's loops (opens_iteration)
    /// Per emitted instruction (parallel to Function::insts): its statement (statement_of) and
    /// whether it writes the result (an atomic, or a load or store through m_output).
    std::vector<std::pair<const llvm::DIScope*, unsigned>> m_statement;
    std::vector<std::uint8_t> m_result;
};

/// The GPU's limits a kernel must keep (CUDA C++ Programming Guide, compute capability 8.0):
/// static shared memory per block, local memory per thread. Past them nvcc/ptxas refuse the kernel.
constexpr std::int64_t kMostStaticSharedBytes = 48 * 1024;
constexpr std::int64_t kMostLocalBytes = 512 * 1024;

struct RefusalThrown {
    Refusal r;
};

void Decoder::refuse(const llvm::Instruction* at, std::string message)
{
    if (!at)
        at = m_at;
    throw RefusalThrown{{at ? place_of(at->getDebugLoc()) : Loc{}, std::move(message)}};
}

std::int32_t Decoder::buffer_of(llvm::GlobalVariable* g)
{
    if (auto it = m_buffers.find(g); it != m_buffers.end())
        return it->second;
    BufferDecl b;
    b.space = Space::Shared;
    const std::string name = demangled(g->getName());
    b.name = name.substr(name.rfind(':') == std::string::npos ? 0 : name.rfind(':') + 1);
    llvm::Type* t = g->getValueType();
    b.bytes = g->hasExternalLinkage() && t->isArrayTy() && t->getArrayNumElements() == 0
                  ? -1 : static_cast<std::int64_t>(m_dl.getTypeAllocSize(t));
    while (t->isArrayTy())
        t = t->getArrayElementType();
    b.is_float = t->isFloatTy();
    std::int64_t static_bytes = std::max<std::int64_t>(b.bytes, 0);
    for (const BufferDecl& d : m_out->buffers)
        if (d.space == Space::Shared && d.bytes > 0)
            static_bytes += d.bytes;
    if (static_bytes > kMostStaticSharedBytes)
        refuse(nullptr, "the static __shared__ arrays hold " + std::to_string(static_bytes) +
                            " bytes; a block holds at most 49152 (48 KiB, the GPU's static limit)");
    m_out->buffers.push_back(b);
    const auto id = static_cast<std::int32_t>(kFirstDeclared + m_out->buffers.size() - 1);
    m_buffers.emplace(g, id);
    return id;
}

std::uint64_t Decoder::constant(llvm::Constant* c)
{
    if (auto* i = llvm::dyn_cast<llvm::ConstantInt>(c)) {
        if (i->getBitWidth() > 64)
            refuse(nullptr, "integers wider than 64 bits are not supported");
        return i->getZExtValue();
    }
    if (auto* f = llvm::dyn_cast<llvm::ConstantFP>(c))
        return f->getValueAPF().bitcastToAPInt().getZExtValue();
    if (llvm::isa<llvm::ConstantPointerNull>(c) || llvm::isa<llvm::UndefValue>(c))
        return 0;
    if (auto* g = llvm::dyn_cast<llvm::GlobalVariable>(c)) {
        if (g->getAddressSpace() == 3)
            return make_pointer(static_cast<std::uint64_t>(buffer_of(g)), 0);
        const llvm::StringRef n = g->getName();
        if (n == "threadIdx" || n == "blockIdx" || n == "blockDim" || n == "gridDim")
            return 0;  // only `this` of the inlined getters, never read
        refuse(nullptr, "the __device__/__constant__ variable `" + demangled(n) + "` is not supported");
    }
    if (auto* e = llvm::dyn_cast<llvm::ConstantExpr>(c)) {
        if (e->getOpcode() == llvm::Instruction::GetElementPtr) {
            llvm::APInt off(64, 0);
            auto* gep = llvm::cast<llvm::GEPOperator>(e);
            if (!gep->accumulateConstantOffset(m_dl, off))
                refuse(nullptr, "a constant address the engine cannot compute");
            return constant(llvm::cast<llvm::Constant>(gep->getPointerOperand())) + off.getZExtValue();
        }
        if (e->isCast())
            return constant(e->getOperand(0));
    }
    refuse(nullptr, "a constant of a kind the engine does not support");
}

std::int32_t Decoder::slot(llvm::Value* v)
{
    if (auto it = m_slots.find(v); it != m_slots.end())
        return it->second;
    const std::int32_t s = m_out->slots++;
    m_slots.emplace(v, s);
    if (auto* c = llvm::dyn_cast<llvm::Constant>(v))
        m_out->constants.emplace_back(s, constant(c));
    return s;
}

std::int32_t Decoder::loc(const llvm::Instruction& i)
{
    const Loc l = place_of(i.getDebugLoc());
    auto [it, added] = m_locs.emplace(std::make_pair(l.line, l.column), static_cast<std::int32_t>(m_out->locs.size()));
    if (added)
        m_out->locs.push_back(l);
    return it->second;
}

std::int32_t Decoder::expr(const llvm::Instruction& i)
{
    const Loc l = place_of(i.getDebugLoc());
    m_out->exprs.push_back(access_expression(m_source, l.line, l.column, llvm::isa<llvm::StoreInst>(i)));
    return static_cast<std::int32_t>(m_out->exprs.size() - 1);
}

void Decoder::emit(const llvm::Instruction& src, Inst in)
{
    in.loc = loc(src);
    m_out->insts.push_back(in);
    m_statement.push_back(statement_of(src.getDebugLoc()));
    bool result = in.op == Op::Atomic;
    if (const auto* l = llvm::dyn_cast<llvm::LoadInst>(&src))
        result = from_output(l->getPointerOperand());
    else if (const auto* st = llvm::dyn_cast<llvm::StoreInst>(&src))
        result = from_output(st->getPointerOperand());
    m_result.push_back(result);
}

/// Whether `pointer` is the kernel's result pointer or an address computed from it.
bool Decoder::from_output(const llvm::Value* pointer, int depth) const
{
    if (!m_output || depth > 16)
        return false;
    const llvm::Value* v = pointer->stripPointerCasts();
    if (v == m_output)
        return true;
    if (const auto* g = llvm::dyn_cast<llvm::GEPOperator>(v))
        return from_output(g->getPointerOperand(), depth + 1);
    if (const auto* s = llvm::dyn_cast<llvm::SelectInst>(v))
        return from_output(s->getTrueValue(), depth + 1) || from_output(s->getFalseValue(), depth + 1);
    if (const auto* p = llvm::dyn_cast<llvm::PHINode>(v))
        for (const llvm::Value* in : p->incoming_values())
            if (in != p && from_output(in, depth + 1))
                return true;
    return false;
}

/// Whether `i` does work a step shows: a memory access, an atomic, a call that is not a special
/// register read, or float arithmetic.
bool does_work(const llvm::Instruction& i)
{
    if (llvm::isa<llvm::LoadInst>(i) || llvm::isa<llvm::StoreInst>(i) || llvm::isa<llvm::AtomicRMWInst>(i) ||
        llvm::isa<llvm::AtomicCmpXchgInst>(i))
        return true;
    if (const auto* c = llvm::dyn_cast<llvm::CallInst>(&i)) {
        const llvm::Function* f = c->getCalledFunction();
        const llvm::StringRef n = f ? f->getName() : llvm::StringRef();
        return !(n.startswith("llvm.nvvm.read.ptx.sreg.") || n.startswith("llvm.dbg.") || n.startswith("llvm.lifetime.") ||
                 n == "__rs_warpsize" || n == "__rs_as_f32" || n == "__rs_as_u32");
    }
    return i.getType()->isFloatingPointTy() && !llvm::isa<llvm::PHINode>(i) && !llvm::isa<llvm::SelectInst>(i);
}

/// Whether a __syncthreads() opens a loop iteration: every path from the loop's header to it
/// does no work (Fig 10.11's `for (...) { __syncthreads(); ... }`). Such a barrier belongs to the
/// iteration it opens, so the step of that iteration counts it (docs/architecture.md).
bool Decoder::opens_iteration(const llvm::Instruction& barrier) const
{
    const llvm::Loop* loop = m_loops ? m_loops->getLoopFor(barrier.getParent()) : nullptr;
    if (!loop)
        return false;
    const llvm::BasicBlock* b = barrier.getParent();
    const llvm::Instruction* stop = &barrier;
    for (int depth = 0; depth < 16; ++depth) {
        for (const llvm::Instruction& i : *b) {
            if (&i == stop)
                break;
            if (does_work(i))
                return false;
        }
        if (b == loop->getHeader())
            return true;
        const llvm::BasicBlock* p = b->getSinglePredecessor();
        if (!p || !loop->contains(p))
            return false;
        b = p;
        stop = p->getTerminator();
    }
    return false;
}

/// The step cut of the result (docs/architecture.md, "Where a step ends"): a statement that merges
/// into the result — an atomic, or a load or store of the kernel's result pointer — starts an
/// atomic phase. Its first memory instruction within the block [first, last) gets kPhaseStart:
/// the statement's own reads (`sdata[0]` of `atomicAdd(output, sdata[0])`) belong to the phase.
void Decoder::mark_result_statements(std::int32_t first, std::int32_t last)
{
    auto memory = [](Op op) {
        return op == Op::Load || op == Op::Store || op == Op::LoadAgg || op == Op::StoreAgg || op == Op::Atomic ||
               op == Op::Memcpy || op == Op::Memset;
    };
    for (std::int32_t k = first; k < last; ++k) {
        if (!m_result[static_cast<std::size_t>(k)])
            continue;
        std::int32_t head = k;
        while (head > first && m_statement[static_cast<std::size_t>(head - 1)] == m_statement[static_cast<std::size_t>(k)])
            --head;
        while (!memory(m_out->insts[static_cast<std::size_t>(head)].op))
            ++head;
        m_out->insts[static_cast<std::size_t>(head)].flags |= kPhaseStart;
    }
}

std::optional<Refusal> Decoder::run(Function& out)
{
    m_out = &out;
    try {
        for (llvm::Argument& a : m_f.args())
            out.param_slots.push_back(slot(&a));
        if (m_f.arg_size() >= 2 && out.params.size() >= 2 && out.params[1] == ParamKind::FloatPtr)
            m_output = m_f.getArg(1);
        std::int32_t k = 0;
        for (llvm::BasicBlock& bb : m_f)
            m_blocks.emplace(&bb, k++);
        out.blocks.resize(m_f.size());
        llvm::PostDominatorTree pdt(m_f);
        llvm::DominatorTree dt(m_f);
        llvm::LoopInfo loops(dt);
        m_loops = &loops;
        for (llvm::BasicBlock& bb : m_f) {
            Block& b = out.blocks[static_cast<std::size_t>(m_blocks.at(&bb))];
            b.first = static_cast<std::int32_t>(out.insts.size());
            for (llvm::Instruction& i : bb)
                if (!i.isTerminator() && !llvm::isa<llvm::PHINode>(i)) {
                    m_at = &i;
                    instruction(i);
                }
            m_at = bb.getTerminator();
            b.last = static_cast<std::int32_t>(out.insts.size());
            mark_result_statements(b.first, b.last);
            terminator(*bb.getTerminator(), b);
            const llvm::DomTreeNode* node = pdt.getNode(&bb);
            const llvm::DomTreeNode* idom = node ? node->getIDom() : nullptr;
            b.ipdom = idom && idom->getBlock() ? m_blocks.at(idom->getBlock()) : -1;
            if (const auto* br = llvm::dyn_cast<llvm::BranchInst>(bb.getTerminator());
                br && br->isConditional() && b.ipdom >= 0)
                b.predicated = predicated(*br, idom->getBlock());
        }
    } catch (const RefusalThrown& r) {
        m_loops = nullptr;
        return r.r;
    }
    m_loops = nullptr;
    // A float comparison in a statement that merges into the result is the reduction's operation
    // of that merge (the `old < value` of a compare-and-swap max loop): it counts as one of the adds.
    std::vector<std::pair<const llvm::DIScope*, unsigned>> merges;
    for (std::size_t k = 0; k < out.insts.size(); ++k)
        if (m_result[k] && m_statement[k].second > 0)
            merges.push_back(m_statement[k]);
    for (std::size_t k = 0; k < out.insts.size(); ++k)
        if (out.insts[k].op == Op::FCmp && std::find(merges.begin(), merges.end(), m_statement[k]) != merges.end())
            out.insts[k].flags |= kReduction;
    return std::nullopt;
}

/// Scalar leaves of an aggregate type (a struct's fields, an array's elements, nested).
std::int32_t Decoder::leaf_count(llvm::Type* t)
{
    if (auto* st = llvm::dyn_cast<llvm::StructType>(t)) {
        std::int32_t n = 0;
        for (llvm::Type* e : st->elements())
            n += leaf_count(e);
        return n;
    }
    if (auto* at = llvm::dyn_cast<llvm::ArrayType>(t)) {
        const std::uint64_t n = at->getNumElements() * static_cast<std::uint64_t>(leaf_count(at->getElementType()));
        if (n > 64)
            refuse(nullptr, "a whole aggregate value of more than 64 scalars is not supported (copy it element by element)");
        return static_cast<std::int32_t>(n);
    }
    if (t->isVectorTy())
        refuse(nullptr, "a value of an LLVM vector type is not supported");
    if (!t->isIntegerTy() && !t->isFloatTy() && !t->isDoubleTy() && !t->isPointerTy())
        refuse(nullptr, "an aggregate holding a value of this type is not supported");
    if (t->isIntegerTy() && t->getIntegerBitWidth() > 64)
        refuse(nullptr, "integers wider than 64 bits are not supported");
    return 1;
}

void Decoder::leaf_layout(llvm::Type* t, std::int32_t base, Aggregate& out)
{
    if (auto* st = llvm::dyn_cast<llvm::StructType>(t)) {
        const llvm::StructLayout* sl = m_dl.getStructLayout(st);
        for (unsigned k = 0; k < st->getNumElements(); ++k)
            leaf_layout(st->getElementType(k), base + static_cast<std::int32_t>(sl->getElementOffset(k)), out);
        return;
    }
    if (auto* at = llvm::dyn_cast<llvm::ArrayType>(t)) {
        const auto size = static_cast<std::int32_t>(m_dl.getTypeAllocSize(at->getElementType()));
        for (std::uint64_t k = 0; k < at->getNumElements(); ++k)
            leaf_layout(at->getElementType(), base + static_cast<std::int32_t>(k) * size, out);
        return;
    }
    out.leaves.emplace_back(base, static_cast<std::uint8_t>(m_dl.getTypeStoreSize(t)));
}

/// The layout of an aggregate type in Function::aggregates (one entry per type).
std::int32_t Decoder::layout(llvm::Type* t)
{
    if (auto it = m_layouts.find(t); it != m_layouts.end())
        return it->second;
    leaf_count(t);  // refuses what has no scalar leaves
    Aggregate a;
    a.bytes = static_cast<std::int32_t>(m_dl.getTypeStoreSize(t));
    leaf_layout(t, 0, a);
    m_out->aggregates.push_back(std::move(a));
    const auto id = static_cast<std::int32_t>(m_out->aggregates.size() - 1);
    m_layouts.emplace(t, id);
    return id;
}

void Decoder::constant_leaves(llvm::Constant* c, std::int32_t slot)
{
    llvm::Type* t = c->getType();
    if (!is_aggregate(t)) {
        m_out->constants.emplace_back(slot, constant(c));
        return;
    }
    const unsigned n = t->isStructTy() ? t->getStructNumElements() : static_cast<unsigned>(t->getArrayNumElements());
    for (unsigned k = 0; k < n; ++k) {
        llvm::Constant* e = c->getAggregateElement(k);
        if (!e)
            refuse(nullptr, "a constant aggregate the engine cannot take apart");
        constant_leaves(e, slot);
        slot += leaf_count(e->getType());
    }
}

/// The slots of an aggregate value, allocated at its first mention (a phi may name a value defined
/// later); a constant's leaves are set before the kernel runs.
Decoder::Leaves Decoder::leaves(llvm::Value* v)
{
    if (auto it = m_aggs.find(v); it != m_aggs.end())
        return it->second;
    Leaves l{m_out->slots, leaf_count(v->getType())};
    m_out->slots += l.count;
    m_aggs.emplace(v, l);
    if (auto* c = llvm::dyn_cast<llvm::Constant>(v))
        constant_leaves(c, l.first);
    return l;
}

void Decoder::copy_leaves(const llvm::Instruction& at, Leaves to, Leaves from)
{
    for (std::int32_t k = 0; k < to.count && k < from.count; ++k) {
        Inst in{Op::Copy, 64};
        in.a = from.first + k;
        in.dst = to.first + k;
        emit(at, in);
    }
}

std::int32_t Decoder::leaf_offset(llvm::Type*& t, llvm::ArrayRef<unsigned> indices)
{
    std::int32_t at = 0;
    for (const unsigned idx : indices) {
        if (auto* st = llvm::dyn_cast<llvm::StructType>(t)) {
            for (unsigned k = 0; k < idx; ++k)
                at += leaf_count(st->getElementType(k));
            t = st->getElementType(idx);
        } else {
            t = t->getArrayElementType();
            at += static_cast<std::int32_t>(idx) * leaf_count(t);
        }
    }
    return at;
}

/// Whole aggregate values (float4 and other structs, arrays): loads and stores of the whole value,
/// extractvalue, insertvalue and select. False when `i` is none of them.
bool Decoder::aggregate(llvm::Instruction& i)
{
    if (auto* ev = llvm::dyn_cast<llvm::ExtractValueInst>(&i)) {
        llvm::Value* whole = ev->getAggregateOperand();
        const Leaves src = leaves(whole);
        llvm::Type* t = whole->getType();
        const std::int32_t at = src.first + leaf_offset(t, ev->getIndices());
        if (is_aggregate(t)) {
            copy_leaves(i, leaves(&i), {at, leaf_count(t)});
            return true;
        }
        if (m_slots.find(&i) == m_slots.end()) {
            m_slots.emplace(&i, at);  // the leaf itself: an SSA value is never written again
            return true;
        }
        Inst in{Op::Copy, 64};
        in.a = at;
        in.dst = slot(&i);
        emit(i, in);
        return true;
    }
    if (auto* iv = llvm::dyn_cast<llvm::InsertValueInst>(&i)) {
        const Leaves dst = leaves(&i);
        if (!llvm::isa<llvm::UndefValue>(iv->getAggregateOperand()))
            copy_leaves(i, dst, leaves(iv->getAggregateOperand()));
        llvm::Type* t = iv->getAggregateOperand()->getType();
        const std::int32_t at = dst.first + leaf_offset(t, iv->getIndices());
        llvm::Value* part = iv->getInsertedValueOperand();
        if (is_aggregate(part->getType())) {
            copy_leaves(i, {at, leaf_count(part->getType())}, leaves(part));
        } else {
            Inst in{Op::Copy, 64};
            in.a = slot(part);
            in.dst = at;
            emit(i, in);
        }
        return true;
    }
    if (auto* l = llvm::dyn_cast<llvm::LoadInst>(&i); l && is_aggregate(l->getType())) {
        Inst in{Op::LoadAgg, 0, align_log2(l->getAlign())};
        in.imm = layout(l->getType());
        in.flags = l->isVolatile() ? kVolatile : 0;
        in.a = slot(l->getPointerOperand());
        in.dst = leaves(&i).first;
        in.expr = expr(i);
        emit(i, in);
        return true;
    }
    if (auto* st = llvm::dyn_cast<llvm::StoreInst>(&i); st && is_aggregate(st->getValueOperand()->getType())) {
        Inst in{Op::StoreAgg, 0, align_log2(st->getAlign())};
        in.imm = layout(st->getValueOperand()->getType());
        in.flags = st->isVolatile() ? kVolatile : 0;
        in.a = slot(st->getPointerOperand());
        in.b = leaves(st->getValueOperand()).first;
        in.expr = expr(i);
        emit(i, in);
        return true;
    }
    if (auto* sel = llvm::dyn_cast<llvm::SelectInst>(&i); sel && is_aggregate(sel->getType())) {
        const Leaves dst = leaves(&i), a = leaves(sel->getTrueValue()), b = leaves(sel->getFalseValue());
        for (std::int32_t k = 0; k < dst.count; ++k) {
            Inst in{Op::Select, 64};
            in.a = slot(sel->getCondition());
            in.b = a.first + k;
            in.c = b.first + k;
            in.dst = dst.first + k;
            emit(i, in);
        }
        return true;
    }
    return false;
}

/// Whether a conditional branch is a conditional expression's (the text at its own place, in the
/// kernel's file, a header or the prelude, is `c ? a : b`) with work (does_work) on a path before
/// the paths meet at `ipdom`.
bool Decoder::predicated(const llvm::BranchInst& br, const llvm::BasicBlock* ipdom) const
{
    const llvm::DILocation* l = br.getDebugLoc().get();
    if (!l)
        return false;
    const std::string file = l->getFilename().str();
    auto ends_with = [&](std::string_view name) {
        return file == name || (file.size() > name.size() && file.compare(file.size() - name.size(), name.size(), name) == 0 &&
                                file[file.size() - name.size() - 1] == '/');
    };
    std::string_view text;
    if (file == kMainFile)
        text = m_source;
    else if (ends_with("prelude.cuh"))
        text = prelude();
    else
        for (const Header& h : m_headers)
            if (ends_with(h.name))
                text = h.text;
    if (text.empty() || !conditional_expression_at(text, static_cast<int>(l->getLine()), static_cast<int>(l->getColumn())))
        return false;
    std::vector<const llvm::BasicBlock*> todo{br.getSuccessor(0), br.getSuccessor(1)}, seen;
    while (!todo.empty() && seen.size() < 64) {
        const llvm::BasicBlock* b = todo.back();
        todo.pop_back();
        if (b == ipdom || std::find(seen.begin(), seen.end(), b) != seen.end())
            continue;
        seen.push_back(b);
        for (const llvm::Instruction& i : *b)
            if (does_work(i))
                return true;
        for (const llvm::BasicBlock* n : llvm::successors(b))
            todo.push_back(n);
    }
    return false;
}

void Decoder::terminator(llvm::Instruction& t, Block& b)
{
    b.loc = loc(t);
    auto edge = [&](llvm::BasicBlock* to) {
        Edge e;
        e.target = m_blocks.at(to);
        for (llvm::PHINode& phi : to->phis()) {
            llvm::Value* in = phi.getIncomingValueForBlock(t.getParent());
            if (is_aggregate(phi.getType())) {  // one move per leaf
                const Leaves d = leaves(&phi), src = leaves(in);
                for (std::int32_t k = 0; k < d.count; ++k)
                    e.moves.push_back({d.first + k, src.first + k});
                continue;
            }
            e.moves.push_back({slot(&phi), slot(in)});
        }
        for (std::size_t i = 0; i < e.moves.size() && !e.hazard; ++i)
            for (std::size_t k = 0; k < e.moves.size(); ++k)
                if (k != i && e.moves[k].dst == e.moves[i].src) {
                    e.hazard = true;
                    break;
                }
        return e;
    };
    if (auto* br = llvm::dyn_cast<llvm::BranchInst>(&t)) {
        b.term = br->isConditional() ? Term::CondBr : Term::Br;
        if (br->isConditional())
            b.cond = slot(br->getCondition());
        for (unsigned k = 0; k < br->getNumSuccessors(); ++k)
            b.edges.push_back(edge(br->getSuccessor(k)));
    } else if (auto* sw = llvm::dyn_cast<llvm::SwitchInst>(&t)) {
        b.term = Term::Switch;
        b.cond = slot(sw->getCondition());
        b.edges.push_back(edge(sw->getDefaultDest()));
        for (auto& c : sw->cases()) {
            b.cases.push_back(c.getCaseValue()->getZExtValue());
            b.edges.push_back(edge(c.getCaseSuccessor()));
        }
    } else if (llvm::isa<llvm::ReturnInst>(t)) {
        b.term = Term::Ret;
    } else if (llvm::isa<llvm::UnreachableInst>(t)) {
        b.term = Term::Unreachable;
    } else {
        refuse(&t, std::string("the control flow `") + t.getOpcodeName() + "` is not supported");
    }
}

int bits_of(llvm::Type* t, const llvm::DataLayout& dl)
{
    if (t->isPointerTy())
        return 64;
    return static_cast<int>(dl.getTypeSizeInBits(t).getFixedSize());
}

void Decoder::instruction(llvm::Instruction& i)
{
    if (std::find(m_fused.begin(), m_fused.end(), &i) != m_fused.end())
        return;
    if (auto* b = llvm::dyn_cast<llvm::BinaryOperator>(&i))
        return binary(*b);
    if (auto* c = llvm::dyn_cast<llvm::CastInst>(&i))
        return cast(*c);
    if (auto* g = llvm::dyn_cast<llvm::GetElementPtrInst>(&i))
        return gep(*g);
    if (auto* c = llvm::dyn_cast<llvm::CallInst>(&i))
        return call(*c);
    if (aggregate(i))
        return;
    Inst in;
    if (auto* a = llvm::dyn_cast<llvm::AllocaInst>(&i)) {
        if (!a->isStaticAlloca())
            refuse(&i, "a variable-length array is not supported");
        BufferDecl b{Space::Local, "local", static_cast<std::int64_t>(*a->getAllocationSizeInBits(m_dl) / 8), false};
        if (b.bytes > kMostLocalBytes) {
            // An alloca has no line of its own: its first use with one places the message.
            const llvm::Instruction* at = &i;
            for (const llvm::User* u : a->users())
                if (const auto* ui = llvm::dyn_cast<llvm::Instruction>(u); ui && place_of(ui->getDebugLoc()).line > 0)
                    at = ui;
            refuse(at, "a local array of " + std::to_string(b.bytes) +
                           " bytes; a thread holds at most 524288 (512 KiB, the GPU's local memory)");
        }
        m_out->buffers.push_back(b);
        const auto id = static_cast<std::uint64_t>(kFirstDeclared + m_out->buffers.size() - 1);
        const std::int32_t s = m_out->slots++;
        m_slots.emplace(&i, s);
        m_out->constants.emplace_back(s, make_pointer(id, 0));
        return;
    }
    if (auto* l = llvm::dyn_cast<llvm::LoadInst>(&i)) {
        llvm::Type* t = l->getType();
        if (!t->isIntegerTy() && !t->isFloatTy() && !t->isDoubleTy() && !t->isPointerTy())
            refuse(&i, "a load of a value of an LLVM vector type is not supported");
        in = {Op::Load, static_cast<std::uint8_t>(bits_of(t, m_dl)), align_log2(l->getAlign())};
        in.flags = static_cast<std::uint8_t>((t->isFloatTy() ? kFloat : 0) | (l->isVolatile() ? kVolatile : 0));
        in.a = slot(l->getPointerOperand());
        in.dst = slot(&i);
        in.expr = expr(i);
        return emit(i, in);
    }
    if (auto* s = llvm::dyn_cast<llvm::StoreInst>(&i)) {
        llvm::Type* t = s->getValueOperand()->getType();
        if (!t->isIntegerTy() && !t->isFloatTy() && !t->isDoubleTy() && !t->isPointerTy())
            refuse(&i, "a store of a value of an LLVM vector type is not supported");
        in = {Op::Store, static_cast<std::uint8_t>(bits_of(t, m_dl)), align_log2(s->getAlign())};
        in.flags = static_cast<std::uint8_t>((t->isFloatTy() ? kFloat : 0) | (s->isVolatile() ? kVolatile : 0));
        in.a = slot(s->getPointerOperand());
        in.b = slot(s->getValueOperand());
        in.expr = expr(i);
        return emit(i, in);
    }
    if (auto* c = llvm::dyn_cast<llvm::CmpInst>(&i)) {
        in = {llvm::isa<llvm::FCmpInst>(c) ? Op::FCmp : Op::ICmp,
              static_cast<std::uint8_t>(bits_of(c->getOperand(0)->getType(), m_dl)),
              static_cast<std::uint8_t>(c->getPredicate())};
        in.a = slot(c->getOperand(0));
        in.b = slot(c->getOperand(1));
        in.dst = slot(&i);
        return emit(i, in);
    }
    if (auto* s = llvm::dyn_cast<llvm::SelectInst>(&i)) {
        if (s->getType()->isVectorTy())
            refuse(&i, "a vector select is not supported");
        in = {Op::Select, static_cast<std::uint8_t>(bits_of(s->getType(), m_dl))};
        in.a = slot(s->getCondition());
        in.b = slot(s->getTrueValue());
        in.c = slot(s->getFalseValue());
        in.dst = slot(&i);
        return emit(i, in);
    }
    if (auto* f = llvm::dyn_cast<llvm::FreezeInst>(&i)) {
        in = {Op::Copy, 64};
        in.a = slot(f->getOperand(0));
        in.dst = slot(&i);
        return emit(i, in);
    }
    if (auto* n = llvm::dyn_cast<llvm::UnaryOperator>(&i); n && n->getOpcode() == llvm::Instruction::FNeg) {
        in = {Op::FNeg, static_cast<std::uint8_t>(bits_of(n->getType(), m_dl))};
        in.a = slot(n->getOperand(0));
        in.dst = slot(&i);
        return emit(i, in);
    }
    refuse(&i, std::string("the instruction `") + i.getOpcodeName() + "` is not supported by the engine");
}

/// An fmul that can be contracted into the fadd/fsub using it (nvcc's default, -fmad=true).
llvm::BinaryOperator* contractible_fmul(llvm::Value* v, const llvm::BasicBlock* block)
{
    auto* m = llvm::dyn_cast<llvm::BinaryOperator>(v);
    if (!m || m->getParent() != block || m->getOpcode() != llvm::Instruction::FMul || !m->hasAllowContract() || !m->hasOneUse() ||
        !m->getType()->isFloatTy())
        return nullptr;
    return m;
}

void Decoder::binary(llvm::BinaryOperator& b)
{
    using I = llvm::Instruction;
    const auto opc = b.getOpcode();
    Inst in{Op::Add, static_cast<std::uint8_t>(bits_of(b.getType(), m_dl))};
    if (b.getType()->isVectorTy())
        refuse(&b, "vector arithmetic is not supported");
    if ((opc == I::FAdd || opc == I::FSub) && b.hasAllowContract()) {
        llvm::BinaryOperator* m0 = contractible_fmul(b.getOperand(0), b.getParent());
        llvm::BinaryOperator* m1 = contractible_fmul(b.getOperand(1), b.getParent());
        if (m0 || m1) {
            llvm::BinaryOperator* m = m0 ? m0 : m1;
            in.op = Op::Fma;
            in.flags = kReduction;
            if (opc == I::FSub)
                in.flags |= m0 ? kNegC : kNegA;  // a*b - c, or c - a*b
            in.a = slot(m->getOperand(0));
            in.b = slot(m->getOperand(1));
            in.c = slot(b.getOperand(m0 ? 1 : 0));
            in.dst = slot(&b);
            m_fused.push_back(m);
            // the fmul comes before its user; it was emitted already: drop it
            for (std::size_t k = m_out->insts.size(); k-- > 0;)
                if (m_out->insts[k].op == Op::FMul && m_out->insts[k].dst == m_slots.at(m)) {
                    m_out->insts.erase(m_out->insts.begin() + static_cast<std::ptrdiff_t>(k));
                    m_statement.erase(m_statement.begin() + static_cast<std::ptrdiff_t>(k));
                    m_result.erase(m_result.begin() + static_cast<std::ptrdiff_t>(k));
                    break;
                }
            return emit(b, in);
        }
    }
    switch (opc) {
    case I::Add: in.op = Op::Add; break;
    case I::Sub: in.op = Op::Sub; break;
    case I::Mul: in.op = Op::Mul; break;
    case I::UDiv: in.op = Op::UDiv; break;
    case I::SDiv: in.op = Op::SDiv; break;
    case I::URem: in.op = Op::URem; break;
    case I::SRem: in.op = Op::SRem; break;
    case I::Shl: in.op = Op::Shl; break;
    case I::LShr: in.op = Op::LShr; break;
    case I::AShr: in.op = Op::AShr; break;
    case I::And: in.op = Op::And; break;
    case I::Or: in.op = Op::Or; break;
    case I::Xor: in.op = Op::Xor; break;
    case I::FAdd: in.op = Op::FAdd; in.flags = kReduction; break;
    case I::FSub: in.op = Op::FSub; break;
    case I::FMul: in.op = Op::FMul; break;
    case I::FDiv: in.op = Op::FDiv; break;
    default: refuse(&b, std::string("the operation `") + b.getOpcodeName() + "` is not supported");
    }
    if (in.bits > 64)
        refuse(&b, "integers wider than 64 bits are not supported");
    in.a = slot(b.getOperand(0));
    in.b = slot(b.getOperand(1));
    in.dst = slot(&b);
    emit(b, in);
}

void Decoder::cast(llvm::CastInst& c)
{
    using I = llvm::Instruction;
    Inst in{Op::Copy, static_cast<std::uint8_t>(bits_of(c.getType(), m_dl))};
    in.aux = static_cast<std::uint8_t>(bits_of(c.getOperand(0)->getType(), m_dl));
    switch (c.getOpcode()) {
    case I::ZExt: case I::BitCast: case I::AddrSpaceCast: case I::PtrToInt: case I::IntToPtr: in.op = Op::Copy; break;
    case I::SExt: in.op = Op::SExt; break;
    case I::Trunc: in.op = Op::Trunc; break;
    case I::FPToSI: in.op = Op::FPToSI; break;
    case I::FPToUI: in.op = Op::FPToUI; break;
    case I::SIToFP: in.op = Op::SIToFP; break;
    case I::UIToFP: in.op = Op::UIToFP; break;
    case I::FPExt: in.op = Op::FPExt; break;
    case I::FPTrunc: in.op = Op::FPTrunc; break;
    default: refuse(&c, std::string("the conversion `") + c.getOpcodeName() + "` is not supported");
    }
    if (c.getType()->isVectorTy())
        refuse(&c, "vector conversions are not supported");
    in.a = slot(c.getOperand(0));
    in.dst = slot(&c);
    emit(c, in);
}

void Decoder::gep(llvm::GetElementPtrInst& g)
{
    std::int32_t cur = slot(g.getPointerOperand());
    std::int64_t offset = 0;
    auto step = [&](std::int32_t index, std::int64_t scale, int index_bits) {
        Inst in{Op::Gep, 64, static_cast<std::uint8_t>(index_bits)};
        in.a = cur;
        in.b = index;
        in.imm = scale;
        in.dst = m_out->slots++;
        emit(g, in);
        cur = in.dst;
    };
    for (auto it = llvm::gep_type_begin(g); it != llvm::gep_type_end(g); ++it) {
        llvm::Value* idx = it.getOperand();
        if (llvm::StructType* st = it.getStructTypeOrNull()) {
            const auto field = llvm::cast<llvm::ConstantInt>(idx)->getZExtValue();
            offset += static_cast<std::int64_t>(m_dl.getStructLayout(st)->getElementOffset(static_cast<unsigned>(field)));
            continue;
        }
        const auto scale = static_cast<std::int64_t>(m_dl.getTypeAllocSize(it.getIndexedType()));
        if (auto* ci = llvm::dyn_cast<llvm::ConstantInt>(idx))
            offset += ci->getSExtValue() * scale;
        else
            step(slot(idx), scale, bits_of(idx->getType(), m_dl));
    }
    Inst in{Op::Gep, 64};
    in.a = cur;
    in.b = -1;
    in.imm = offset;
    in.dst = slot(&g);
    emit(g, in);
}

void Decoder::call(llvm::CallInst& c)
{
    llvm::Function* callee = c.getCalledFunction();
    if (!callee)
        refuse(&c, "a call through a function pointer is not supported");
    const llvm::StringRef name = callee->getName();
    if (intrinsic(c, name) || prelude_call(c, name))
        return;
    if (name == "printf" || name == "vprintf")
        refuse(&c, "`printf` is not supported by the engine: the step pane shows every lane's values and "
                   "accesses, step by step (remove the call)");
    if (!callee->isDeclaration())
        refuse(&c, "the call to `" + demangled(name) + "` could not be inlined (recursion is not supported)");
    refuse(&c, "the function `" + demangled(name) + "` is not supported by the engine (docs/your-own-kernel.md lists "
               "what it runs)");
}

bool Decoder::intrinsic(llvm::CallInst& c, llvm::StringRef name)
{
    if (name.startswith("llvm.dbg.") || name.startswith("llvm.lifetime.") || name == "llvm.assume" ||
        name.startswith("llvm.experimental.noalias"))
        return true;
    Inst in{Op::Sreg, 32};
    auto args = [&](int count) {
        if (count > 0) in.a = slot(c.getArgOperand(0));
        if (count > 1) in.b = slot(c.getArgOperand(1));
        if (count > 2) in.c = slot(c.getArgOperand(2));
        if (!c.getType()->isVoidTy()) in.dst = slot(&c);
        in.bits = c.getType()->isVoidTy() ? 32 : static_cast<std::uint8_t>(bits_of(c.getType(), m_dl));
    };
    if (name.startswith("llvm.nvvm.read.ptx.sreg.")) {
        static const std::map<std::string, Sreg, std::less<>> regs{
            {"tid.x", kTidX}, {"tid.y", kTidY}, {"tid.z", kTidZ}, {"ntid.x", kNtidX}, {"ntid.y", kNtidY},
            {"ntid.z", kNtidZ}, {"ctaid.x", kCtaidX}, {"ctaid.y", kCtaidY}, {"ctaid.z", kCtaidZ},
            {"nctaid.x", kNctaidX}, {"nctaid.y", kNctaidY}, {"nctaid.z", kNctaidZ}, {"warpsize", kWarpSize},
            {"laneid", kLaneId}};
        const auto it = regs.find(name.substr(24));
        if (it == regs.end())
            refuse(&c, "the special register `" + name.substr(24).str() + "` is not supported");
        in.aux = it->second;
        args(0);
        return emit(c, in), true;
    }
    if (name == "llvm.nvvm.barrier0") {
        in.op = Op::Barrier;
        args(0);
        if (opens_iteration(c))
            in.flags |= kOpensIteration;
        return emit(c, in), true;
    }
    const std::pair<const char*, Op> table[] = {{"llvm.fma.", Op::Fma}, {"llvm.fmuladd.", Op::Fma},
                                                {"llvm.minnum.", Op::FMin}, {"llvm.maxnum.", Op::FMax},
                                                {"llvm.fabs.", Op::FAbs}, {"llvm.sqrt.", Op::FSqrt},
                                                {"llvm.smin.", Op::IMin}, {"llvm.smax.", Op::IMax},
                                                {"llvm.umin.", Op::UMin}, {"llvm.umax.", Op::UMax},
                                                {"llvm.memcpy.", Op::Memcpy}, {"llvm.memmove.", Op::Memcpy},
                                                {"llvm.memset.", Op::Memset}};
    for (const auto& [prefix, op] : table) {
        if (!name.startswith(prefix))
            continue;
        in.op = op;
        args(op == Op::Fma || op == Op::Memcpy || op == Op::Memset ? 3 : op == Op::FAbs || op == Op::FSqrt ? 1 : 2);
        if (op == Op::Fma || op == Op::FMin || op == Op::FMax)
            in.flags = kReduction;
        if (op == Op::Memcpy || op == Op::Memset)
            in.expr = expr(c);
        // aux: log2 of the destination's alignment, and of the source's in the high nibble.
        if (auto* mi = llvm::dyn_cast<llvm::MemIntrinsic>(&c)) {
            in.aux = mi->getDestAlign() ? align_log2(*mi->getDestAlign()) : 0;
            if (auto* mt = llvm::dyn_cast<llvm::MemTransferInst>(&c); mt && mt->getSourceAlign())
                in.aux = static_cast<std::uint8_t>(in.aux | (align_log2(*mt->getSourceAlign()) << 4));
        }
        return emit(c, in), true;
    }
    if (name.startswith("llvm."))
        refuse(&c, "the intrinsic `" + name.str() + "` is not supported");
    return false;
}

bool Decoder::prelude_call(llvm::CallInst& c, llvm::StringRef name)
{
    Inst in{Op::Sreg, 32};
    auto arg = [&](unsigned k) { return slot(c.getArgOperand(k)); };
    if (!c.getType()->isVoidTy())
        in.dst = slot(&c);
    if (name == "__rs_warpsize") {
        in.aux = kWarpSize;
    } else if (name == "__rs_syncwarp") {
        in.op = Op::SyncWarp;
        in.a = arg(0);
    } else if (name == "__rs_as_f32" || name == "__rs_as_u32") {
        in.op = Op::Copy;
        in.a = arg(0);
    } else if (name == "__rs_shfl" || name == "__rs_shfl_f32") {
        auto* mode = llvm::dyn_cast<llvm::ConstantInt>(c.getArgOperand(0));
        if (!mode)
            refuse(&c, "__rs_shfl's mode must be a constant");
        in.op = Op::Shfl;
        in.aux = static_cast<std::uint8_t>(mode->getZExtValue());
        in.a = arg(1), in.b = arg(2), in.c = arg(3), in.d = arg(4);
    } else if (name == "__rs_ballot") {
        in.op = Op::Ballot;
        in.a = arg(0), in.b = arg(1);
    } else if (name == "__rs_activemask") {
        in.op = Op::ActiveMask;
    } else if (name.startswith("__rs_atomic_")) {
        static const std::map<std::string, AtomicOp, std::less<>> ops{
            {"Add", kAtomicAdd}, {"Sub", kAtomicSub}, {"Max", kAtomicMax}, {"Min", kAtomicMin}, {"Exch", kAtomicExch},
            {"CAS", kAtomicCas}, {"And", kAtomicAnd}, {"Or", kAtomicOr}, {"Xor", kAtomicXor}};
        const llvm::StringRef rest = name.substr(12);
        const auto it = ops.find(rest.substr(0, rest.find('_')));
        if (it == ops.end())
            refuse(&c, "the atomic `" + name.str() + "` is not supported");
        const llvm::StringRef type = rest.substr(rest.find('_') + 1);
        in.op = Op::Atomic;
        in.aux = it->second;
        in.bits = type == "u64" ? 64 : 32;
        in.flags = type == "f32" ? kFloat | kReduction : type[0] == 'u' ? kUnsigned : 0;
        if (it->second != kAtomicAdd || type != "f32")
            in.flags &= static_cast<std::uint8_t>(~kReduction);
        in.a = arg(0), in.b = arg(1);
        if (it->second == kAtomicCas)
            in.c = arg(2);
        in.expr = expr(c);
    } else {
        return false;
    }
    emit(c, in);
    return true;
}

/// Every function but the kernels is inlined into them (the prelude's and the student's
/// __device__ functions); then scalar locals become SSA registers (mem2reg keeps debug lines) and
/// instructions whose results nothing uses are removed (dead code elimination).
void inline_and_promote(llvm::Module& m, const std::vector<llvm::Function*>& kernels)
{
    for (llvm::Function& f : m) {
        if (f.isDeclaration() || std::find(kernels.begin(), kernels.end(), &f) != kernels.end())
            continue;
        f.removeFnAttr(llvm::Attribute::NoInline);
        f.removeFnAttr(llvm::Attribute::OptimizeNone);
        f.addFnAttr(llvm::Attribute::AlwaysInline);
    }
    for (llvm::Function* k : kernels)
        k->removeFnAttr(llvm::Attribute::OptimizeNone);
    llvm::legacy::PassManager pm;
    pm.add(llvm::createAlwaysInlinerLegacyPass());
    pm.add(llvm::createPromoteMemoryToRegisterPass());
    // Loads whose value nothing uses go, as nvcc drops them: the arguments of an empty inline call
    // (the catalogue's probe.record(..., sdata[tid])) would otherwise count as accesses. Volatile
    // loads stay.
    pm.add(llvm::createDeadCodeEliminationPass());
    pm.run(m);
}

std::vector<llvm::Function*> kernels_of(llvm::Module& m)
{
    std::vector<llvm::Function*> out;
    if (llvm::NamedMDNode* md = m.getNamedMetadata("nvvm.annotations"))
        for (llvm::MDNode* node : md->operands()) {
            if (node->getNumOperands() < 2)
                continue;
            auto* kind = llvm::dyn_cast<llvm::MDString>(node->getOperand(1));
            auto* fn = llvm::mdconst::dyn_extract_or_null<llvm::Function>(node->getOperand(0));
            if (kind && kind->getString() == "kernel" && fn && !fn->isDeclaration())
                out.push_back(fn);
        }
    std::sort(out.begin(), out.end(), [](llvm::Function* a, llvm::Function* b) {
        const auto la = a->getSubprogram() ? a->getSubprogram()->getLine() : 0;
        const auto lb = b->getSubprogram() ? b->getSubprogram()->getLine() : 0;
        return la < lb;
    });
    return out;
}

} // namespace

void decode_module(llvm::Module& module, const std::string& source, Program& program,
                   std::vector<Diagnostic>& diagnostics, std::span<const Header> headers)
{
    const std::vector<llvm::Function*> kernels = kernels_of(module);
    inline_and_promote(module, kernels);
    for (llvm::Function* k : kernels) {
        KernelInfo info;
        info.symbol = k->getName().str();
        const llvm::DISubprogram* sp = k->getSubprogram();
        const std::string full = demangled(k->getName());
        info.name = sp && !sp->getName().empty() ? sp->getName().str() : full.substr(0, full.find('('));
        // A template kernel is named as written (`tree`, not `tree<256>`): --kernel and the editor
        // use the source's name; the symbol tells two instantiations apart.
        if (const std::size_t lt = info.name.find('<'); lt != std::string::npos)
            info.name.erase(lt);
        info.line = sp ? static_cast<int>(sp->getLine()) : 0;
        info.column = 1;
        Function fn;
        fn.name = info.name;
        fn.symbol = info.symbol;
        fn.where = {info.line, info.column};
        const llvm::DISubroutineType* type = sp ? sp->getType() : nullptr;
        for (const llvm::Argument& a : k->args())
            fn.params.push_back(param_kind(a, type));
        info.signature = classify(fn.params);
        if (info.signature == Signature::InputOutput && k->arg_size() >= 2 &&
            k->getArg(1)->getName().startswith_insensitive("partial"))
            info.signature = Signature::TwoPassFirst;  // its second pointer is the per-block partials
        if (info.signature == Signature::Unsupported)
            info.refusal = "the parameters are not one of the accepted signatures: (const float* input, float* output, "
                           "unsigned n) or (float* input, float* output) (docs/your-own-kernel.md)";
        Decoder decoder(*k, source, headers);
        if (std::optional<Refusal> r = decoder.run(fn)) {
            info.refusal = r->message;
            diagnostics.push_back({r->loc.line ? r->loc.line : info.line, r->loc.line ? r->loc.column : 1, "error",
                                   "kernel `" + info.name + "`: " + r->message});
        }
        // A warp-wide intrinsic (after inlining: also one a __device__ function calls).
        fn.warp_wide = std::any_of(fn.insts.begin(), fn.insts.end(), [](const Inst& in) {
            return in.op == Op::Shfl || in.op == Op::Ballot || in.op == Op::ActiveMask;
        });
        info.warp_wide = fn.warp_wide;
        if (info.refusal.empty())
            program.functions.push_back(std::move(fn));
        program.kernels.push_back(std::move(info));
    }
}

} // namespace reducescope::simt::detail
