// SPDX-License-Identifier: GPL-3.0-or-later
// The interpreter: a decoded kernel run warp by warp in lock step (machine.h). Arithmetic is the
// GPU's: IEEE float32 round to nearest, FMA where the compiler contracted, float atomics on global
// memory flushing subnormals (model/gpu_float.h), integers with LLVM's wrap-around semantics.
#include "simt/machine.h"

#include "model/gpu_float.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <span>
#include <cstring>
#include <limits>

#if defined(__x86_64__)
#include <emmintrin.h>
#endif

namespace reducescope::simt::detail {
namespace {

namespace gf = reducescope::model::gpu_float;

/// Warp-wide memory accesses one step may record (each holds a lane vector): past it, a loop that
/// never reaches a barrier is stopped as endless before it fills the memory.
constexpr std::size_t kMaxStepAccesses = 1 << 18;

std::uint64_t width_mask(int bits) { return bits >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << bits) - 1; }

std::int64_t sext(std::uint64_t v, int bits)
{
    if (bits >= 64)
        return static_cast<std::int64_t>(v);
    const std::uint64_t m = std::uint64_t(1) << (bits - 1);
    v &= width_mask(bits);
    return static_cast<std::int64_t>((v ^ m) - m);
}

float f32(std::uint64_t v) { return std::bit_cast<float>(static_cast<std::uint32_t>(v)); }
double f64(std::uint64_t v) { return std::bit_cast<double>(v); }
std::uint64_t bits_of(float f) { return std::bit_cast<std::uint32_t>(f); }
std::uint64_t bits_of(double d) { return std::bit_cast<std::uint64_t>(d); }

bool icmp(int pred, std::uint64_t a, std::uint64_t b, int bits)
{
    const std::int64_t sa = sext(a, bits), sb = sext(b, bits);
    switch (pred) {
    case 32: return a == b;
    case 33: return a != b;
    case 34: return a > b;
    case 35: return a >= b;
    case 36: return a < b;
    case 37: return a <= b;
    case 38: return sa > sb;
    case 39: return sa >= sb;
    case 40: return sa < sb;
    case 41: return sa <= sb;
    default: return false;
    }
}

bool fcmp(int pred, double a, double b)
{
    const bool uno = std::isnan(a) || std::isnan(b);
    bool r = false;
    switch (pred & 7) {
    case 0: r = false; break;
    case 1: r = a == b; break;
    case 2: r = a > b; break;
    case 3: r = a >= b; break;
    case 4: r = a < b; break;
    case 5: r = a <= b; break;
    case 6: r = a != b; break;
    case 7: r = true; break;
    }
    if (pred == 7)
        return !uno;
    if (pred == 8)
        return uno;
    if (pred == 15)
        return true;
    return pred < 8 ? (!uno && r) : (uno || r);  // ordered 1..6, unordered 9..14
}

template <class T>
std::int64_t saturate(double v)
{
    if (std::isnan(v))
        return 0;
    if (v <= static_cast<double>(std::numeric_limits<T>::min()))
        return static_cast<std::int64_t>(std::numeric_limits<T>::min());
    if (v >= static_cast<double>(std::numeric_limits<T>::max()))
        return static_cast<std::int64_t>(std::numeric_limits<T>::max());
    return static_cast<std::int64_t>(static_cast<T>(v));
}

/// One ALU instruction on one lane's operands. `zero` is set for an integer division by zero.
std::uint64_t alu(const Inst& in, std::uint64_t a, std::uint64_t b, std::uint64_t c, bool& zero)
{
    const int w = in.bits;
    const bool f = w == 32;
    switch (in.op) {
    case Op::Add: return (a + b) & width_mask(w);
    case Op::Sub: return (a - b) & width_mask(w);
    case Op::Mul: return (a * b) & width_mask(w);
    case Op::UDiv: if (!(b & width_mask(w))) { zero = true; return 0; } return (a / b) & width_mask(w);
    case Op::URem: if (!(b & width_mask(w))) { zero = true; return 0; } return (a % b) & width_mask(w);
    case Op::SDiv: case Op::SRem: {
        const std::int64_t sa = sext(a, w), sb = sext(b, w);
        if (sb == 0) { zero = true; return 0; }
        if (sb == -1) return static_cast<std::uint64_t>(in.op == Op::SDiv ? -sa : 0) & width_mask(w);
        return static_cast<std::uint64_t>(in.op == Op::SDiv ? sa / sb : sa % sb) & width_mask(w);
    }
    case Op::Shl: return b >= static_cast<std::uint64_t>(w) ? 0 : (a << b) & width_mask(w);
    case Op::LShr: return b >= static_cast<std::uint64_t>(w) ? 0 : (a >> b);
    case Op::AShr: return static_cast<std::uint64_t>(sext(a, w) >> std::min<std::uint64_t>(b, w - 1)) & width_mask(w);
    case Op::And: return a & b;
    case Op::Or: return a | b;
    case Op::Xor: return a ^ b;
    case Op::ICmp: return icmp(in.aux, a & width_mask(w), b & width_mask(w), w);
    case Op::FCmp: return w == 32 ? fcmp(in.aux, f32(a), f32(b)) : fcmp(in.aux, f64(a), f64(b));
    case Op::Select: return (a & 1) ? b : c;
    case Op::Copy: return a & width_mask(w);
    case Op::SExt: return static_cast<std::uint64_t>(sext(a, in.aux)) & width_mask(w);
    case Op::Trunc: return a & width_mask(w);
    case Op::FAdd: return f ? bits_of(gf::add_rn(f32(a), f32(b))) : bits_of(f64(a) + f64(b));
    case Op::FSub: return f ? bits_of(f32(a) - f32(b)) : bits_of(f64(a) - f64(b));
    case Op::FMul: return f ? bits_of(f32(a) * f32(b)) : bits_of(f64(a) * f64(b));
    case Op::FDiv: return f ? bits_of(f32(a) / f32(b)) : bits_of(f64(a) / f64(b));
    case Op::FNeg: return f ? bits_of(-f32(a)) : bits_of(-f64(a));
    case Op::Fma: {
        if (!f)
            return bits_of(std::fma(f64(a), f64(b), f64(c)));
        const float x = (in.flags & kNegA) ? -f32(a) : f32(a);
        const float z = (in.flags & kNegC) ? -f32(c) : f32(c);
        return bits_of(gf::fmaf(x, f32(b), z));
    }
    case Op::FMin: return f ? bits_of(gf::fminf(f32(a), f32(b))) : bits_of(gf::min_num(f64(a), f64(b)));
    case Op::FMax: return f ? bits_of(gf::fmaxf(f32(a), f32(b))) : bits_of(gf::max_num(f64(a), f64(b)));
    case Op::FAbs: return f ? bits_of(std::fabs(f32(a))) : bits_of(std::fabs(f64(a)));
    case Op::FSqrt: return f ? bits_of(std::sqrt(f32(a))) : bits_of(std::sqrt(f64(a)));
    case Op::FPToSI: {
        const double v = in.aux == 32 ? f32(a) : f64(a);
        return static_cast<std::uint64_t>(w == 64 ? saturate<std::int64_t>(v) : saturate<std::int32_t>(v)) & width_mask(w);
    }
    case Op::FPToUI: {
        const double v = in.aux == 32 ? f32(a) : f64(a);
        if (std::isnan(v) || v <= 0) return 0;
        const double top = w == 64 ? 18446744073709551615.0 : 4294967295.0;
        return v >= top ? width_mask(w) : static_cast<std::uint64_t>(v);
    }
    case Op::SIToFP: return f ? bits_of(static_cast<float>(sext(a, in.aux))) : bits_of(static_cast<double>(sext(a, in.aux)));
    case Op::UIToFP: return f ? bits_of(static_cast<float>(a & width_mask(in.aux))) : bits_of(static_cast<double>(a & width_mask(in.aux)));
    case Op::FPExt: return bits_of(static_cast<double>(f32(a)));
    case Op::FPTrunc: return bits_of(static_cast<float>(f64(a)));
    case Op::IMin: return sext(a, w) < sext(b, w) ? a : b;
    case Op::IMax: return sext(a, w) > sext(b, w) ? a : b;
    case Op::UMin: return a < b ? a : b;
    case Op::UMax: return a > b ? a : b;
    case Op::Gep: {
        const std::int64_t index = in.b < 0 ? 1 : sext(b, in.aux ? in.aux : 64);
        return a + static_cast<std::uint64_t>(index * in.imm);
    }
    default: return 0;
    }
}


/// Bit l = bit 0 of c[l], for the 32 lanes of a full warp (a branch's taken mask).
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
std::uint32_t low_bits32(const std::uint64_t* c)
{
    std::uint32_t bits = 0;
    for (int l = 0; l < 32; l += 2) {  // SSE2: two lanes' bit 0 moved to the sign, then collected
        const __m128i v = _mm_slli_epi64(_mm_loadu_si128(reinterpret_cast<const __m128i*>(c + l)), 63);
        bits |= static_cast<std::uint32_t>(_mm_movemask_pd(_mm_castsi128_pd(v))) << l;
    }
    return bits;
}
#else
std::uint32_t low_bits32(const std::uint64_t* c)
{
    std::uint32_t bits = 0;
    for (int l = 0; l < 32; ++l)
        bits |= static_cast<std::uint32_t>(c[l] & 1) << l;
    return bits;
}
#endif

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
/// A full 32-lane warp's float32 FMA with the CPU's FMA instructions (the same single rounding as
/// std::fmaf, which without -mfma is a library call per lane); used only where the CPU has FMA3.
__attribute__((target("fma"))) void fma_warp32(std::uint64_t* d, const std::uint64_t* a, const std::uint64_t* b,
                                               const std::uint64_t* c, float* partial)
{
    for (int l = 0; l < 32; ++l) {
        const float r = __builtin_fmaf(f32(a[l]), f32(b[l]), f32(c[l]));
        d[l] = bits_of(r);
        partial[l] = r;
    }
}
bool cpu_has_fma()
{
    static const bool has = __builtin_cpu_supports("fma");
    return has;
}
#else
void fma_warp32(std::uint64_t*, const std::uint64_t*, const std::uint64_t*, const std::uint64_t*, float*) {}
bool cpu_has_fma() { return false; }
#endif

} // namespace

// The lane loops of the hot instructions, compiled twice: for AVX2 (four 64-bit lanes per vector
// instruction) and for the baseline x86-64 (two); the loader picks one for the CPU it runs on.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__SANITIZE_ADDRESS__) && !defined(__clang__)
#define RS_HOT_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define RS_HOT_CLONES
#endif

Machine::Machine(const Function& fn, const Geometry& g, std::vector<Buffer> buffers, std::vector<std::uint64_t> args,
                 bool full, long long limit)
    : m_fn(fn), m_g(g), m_buffers(std::move(buffers)), m_full(full), m_limit(limit)
{
    const int wpb = g.warps_per_block();
    m_warps.resize(static_cast<std::size_t>(g.grid * wpb));
    m_regs.assign(m_warps.size() * static_cast<std::size_t>(fn.slots) * static_cast<std::size_t>(g.warp), 0);
    m_barrier_count.assign(static_cast<std::size_t>(g.grid), 0);
    m_partial.assign(static_cast<std::size_t>(g.threads()), 0.0f);
    m_loc_seen.assign(fn.locs.size(), 0);
    m_full_mask = g.warp >= 32 ? 0xffffffffu : (1u << g.warp) - 1;
    for (int b = 0; b < g.grid; ++b)
        for (int k = 0; k < wpb; ++k) {
            Warp& w = m_warps[static_cast<std::size_t>(b * wpb + k)];
            w.block = b;
            w.index = k;
            w.first_thread = b * g.block + k * g.warp;
            const int lanes = std::min(g.warp, g.block - k * g.warp);
            w.live = lanes >= 32 ? 0xffffffffu : (1u << lanes) - 1;
            w.stack.push_back({0, fn.blocks.empty() ? 0 : fn.blocks[0].first, -1, w.live});
            w.regs = m_regs.data() + static_cast<std::size_t>(b * wpb + k) * static_cast<std::size_t>(fn.slots) *
                                         static_cast<std::size_t>(g.warp);
            auto set = [&](std::int32_t slot, std::uint64_t v) {
                std::uint64_t* r = reg(w, slot);
                for (int l = 0; l < g.warp; ++l)
                    r[l] = v;
            };
            for (const auto& [slot, v] : fn.constants)
                set(slot, v);
            for (std::size_t a = 0; a < fn.param_slots.size() && a < args.size(); ++a)
                set(fn.param_slots[a], args[a]);
        }
}

bool Machine::done() const
{
    for (const Warp& w : m_warps)
        if (w.state != WarpState::Exited)
            return false;
    return true;
}

FaultRecord Machine::make_fault(std::string kind, model::Text text, std::int32_t loc, std::vector<int> lanes) const
{
    FaultRecord f;
    f.kind = std::move(kind);
    f.loc = loc >= 0 && loc < static_cast<std::int32_t>(m_fn.locs.size()) ? m_fn.locs[static_cast<std::size_t>(loc)] : Loc{};
    f.message = model::render_english(text);
    f.text = std::move(text);
    f.lanes = std::move(lanes);
    return f;
}

void Machine::set_fault(std::string kind, model::Text text, std::int32_t loc, std::vector<int> lanes)
{
    if (m_fault)
        return;
    if (m_pending_race) {  // found first: it stands (a race across warps clears it before calling)
        m_fault = std::move(m_pending_race);
        m_pending_race.reset();
        return;
    }
    m_fault = make_fault(std::move(kind), std::move(text), loc, std::move(lanes));
}

std::vector<int> Machine::live_threads() const
{
    std::vector<int> out;
    for (const Warp& w : m_warps)
        for (int l : lanes_of(w, w.live))
            out.push_back(l);
    return out;
}

namespace {

/// One step of a 64-bit hash (splitmix64's finaliser over the running value and the next word).
std::uint64_t mix(std::uint64_t h, std::uint64_t v)
{
    std::uint64_t z = h ^ (v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2));
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

} // namespace

std::uint64_t Machine::state_hash() const
{
    std::uint64_t h = 0x2545f4914f6cdd1dull;
    for (const Warp& w : m_warps) {
        h = mix(h, (static_cast<std::uint64_t>(w.state) << 32) | w.live);
        h = mix(h, static_cast<std::uint64_t>(static_cast<std::uint32_t>(w.barrier_loc)) | (std::uint64_t{w.barrier_opens} << 32));
        h = mix(h, w.stack.size());
        for (const Frame& f : w.stack) {
            h = mix(h, (static_cast<std::uint64_t>(static_cast<std::uint32_t>(f.block)) << 32) |
                           static_cast<std::uint32_t>(f.inst));
            h = mix(h, (static_cast<std::uint64_t>(static_cast<std::uint32_t>(f.reconv)) << 32) | f.mask);
        }
    }
    for (std::uint64_t r : m_regs)
        h = mix(h, r);
    for (const Buffer& b : m_buffers) {
        const std::size_t words = b.data.size() / 8;
        const std::uint8_t* d = b.data.data();
        for (std::size_t k = 0; k < words; ++k) {
            std::uint64_t v;
            std::memcpy(&v, d + k * 8, 8);
            h = mix(h, v);
        }
        for (std::size_t k = words * 8; k < b.data.size(); ++k)
            h = mix(h, d[k]);
    }
    return h;
}

Loc Machine::waiting_loc() const
{
    for (const Warp& w : m_warps) {
        if (w.state == WarpState::Exited || w.stack.empty())
            continue;
        std::int32_t loc = -1;
        if (w.state == WarpState::AtBarrier) {
            loc = w.barrier_loc;
        } else {
            const Frame& f = w.stack.back();
            if (f.block >= 0 && f.block < static_cast<std::int32_t>(m_fn.blocks.size())) {
                const Block& b = m_fn.blocks[static_cast<std::size_t>(f.block)];
                // at a loop's back edge (the `}` of a for loop): the loop's barrier, where it last waited
                loc = f.inst >= 0 && f.inst < b.last ? m_fn.insts[static_cast<std::size_t>(f.inst)].loc
                      : w.barrier_loc > 0           ? w.barrier_loc
                                                    : b.loc;
            }
        }
        if (loc >= 0 && loc < static_cast<std::int32_t>(m_fn.locs.size()))
            return m_fn.locs[static_cast<std::size_t>(loc)];
    }
    return Loc{};
}

std::vector<int> Machine::lanes_of(const Warp& w, std::uint32_t mask) const
{
    std::vector<int> lanes;
    for (int l = 0; l < m_g.warp; ++l)
        if ((mask >> l) & 1)
            lanes.push_back(w.first_thread + l);
    return lanes;
}

bool Machine::step(StepLog& log)
{
    if (done())
        return false;
    m_log = &log;
    const std::size_t threads = static_cast<std::size_t>(m_g.threads());
    log.accesses.clear();
    log.atomics.clear();
    log.lines.clear();
    log.warp_barrier = false;
    log.adds = 0;
    log.barriers = m_carried_barriers;  // the barriers that opened this step's loop iteration
    m_carried_barriers = 0;
    log.shuffled = false;
    log.memory_ops = 0;
    log.stride.reset();
    log.active.assign(threads, 0);
    log.shuffle_in.assign(threads, 0);
    log.shuffle_in_set.assign(threads, 0);
    log.exited_at_start.assign(threads, 0);
    if (m_full)
        log.lanes.assign(threads, {});
    // A thread that returned is shown exited once its whole block has returned; while any thread
    // of its block still runs it is idle (the block is still in this phase of the kernel, as the
    // trace format defines exited: docs/trace-format.md).
    const int wpb = m_g.warps_per_block();
    for (int b = 0; b < m_g.grid; ++b) {
        bool done = true;
        for (int k = 0; k < wpb && done; ++k)
            done = m_warps[static_cast<std::size_t>(b * wpb + k)].state == WarpState::Exited;
        if (done)
            std::memset(&log.exited_at_start[static_cast<std::size_t>(b) * static_cast<std::size_t>(m_g.block)], 1,
                        static_cast<std::size_t>(m_g.block));
    }
    for (Warp& w : m_warps) {
        w.worked = w.evented = w.merging = w.wrote = w.shuffled = w.shuffle_wait = false;
        if (w.state == WarpState::Stopped)
            w.state = WarpState::Ready;
    }
    std::fill(m_loc_seen.begin(), m_loc_seen.end(), 0);
    run_ready();
    if (!m_fault)
        release_barriers();
    // A step in which nothing but index arithmetic ran before the warps' shuffles (every warp
    // stopped before one having done no work) is no step of its own: the shuffles run in it.
    for (bool again = true; again && !m_fault;) {
        again = false;
        if (log.adds > 0 || log.barriers > 0 || m_carried_barriers > 0 || !log.accesses.empty() || !log.atomics.empty() ||
            std::find(log.active.begin(), log.active.end(), 1) != log.active.end())
            break;
        for (Warp& w : m_warps)
            if (w.state == WarpState::Stopped && w.shuffle_wait) {
                w.state = WarpState::Ready;
                w.shuffle_wait = false;
                again = true;
            }
        if (again) {
            run_ready();
            if (!m_fault)
                release_barriers();
        }
    }
    if (!m_fault && m_pending_race) {  // no race across warps in this step: the in-warp one stands
        m_fault = std::move(m_pending_race);
        m_pending_race.reset();
    }
    for (std::size_t k = 0; k < m_loc_seen.size(); ++k)
        if (m_loc_seen[k] && m_fn.locs[k].line > 0)
            log.lines.insert(m_fn.locs[k].line);
    return true;
}

/// Every block whose live warps all wait at a barrier goes on; a block where some wait and the rest
/// have exited is a barrier reached by part of the block.
void Machine::release_barriers()
{
    const int wpb = m_g.warps_per_block();
    for (int b = 0; b < m_g.grid && !m_fault; ++b) {
        int waiting = 0, exited = 0, running = 0;
        std::int32_t loc = 0;
        bool opens = false;
        std::vector<int> missing;
        for (int k = 0; k < wpb; ++k) {
            const Warp& w = m_warps[static_cast<std::size_t>(b * wpb + k)];
            waiting += w.state == WarpState::AtBarrier;
            exited += w.state == WarpState::Exited;
            running += w.state == WarpState::Stopped || w.state == WarpState::Ready;
            if (w.state == WarpState::AtBarrier) {
                loc = w.barrier_loc;
                opens = w.barrier_opens;
            }
            else if (w.state == WarpState::Exited)
                missing.push_back(w.first_thread);
        }
        if (waiting == 0 || running > 0)
            continue;
        if (exited > 0) {
            set_fault("partial_barrier", model::make_text("simt.fault.partial_barrier.returned", b), loc, missing);
            return;
        }
        for (int k = 0; k < wpb; ++k)
            m_warps[static_cast<std::size_t>(b * wpb + k)].state = WarpState::Ready;
        ++m_barrier_count[static_cast<std::size_t>(b)];
        ++(opens ? m_carried_barriers : m_log->barriers);
    }
}

void Machine::run_ready()
{
    for (Warp& w : m_warps) {
        if (w.state == WarpState::Ready) {
            if (!w.stack.empty()) {
                w.start_block = w.stack.back().block;
                w.start_inst = w.stack.back().inst;
                w.start_depth = w.stack.size();
            }
            run_warp(w);
        }
        if (m_fault)
            break;
    }
}

namespace {

/// The plain ALU instructions of fast_alu(): no step cut, no fault (run_warp() runs them without
/// exec()'s dispatch).
constexpr std::uint64_t kFastOps = (1ull << int(Op::Add)) | (1ull << int(Op::Sub)) | (1ull << int(Op::Mul)) |
                                   (1ull << int(Op::And)) | (1ull << int(Op::Or)) | (1ull << int(Op::Xor)) |
                                   (1ull << int(Op::Copy)) | (1ull << int(Op::Trunc)) | (1ull << int(Op::Gep)) |
                                   (1ull << int(Op::ICmp)) | (1ull << int(Op::Select)) | (1ull << int(Op::UIToFP)) |
                                   (1ull << int(Op::Fma)) | (1ull << int(Op::FAdd)) | (1ull << int(Op::FMul));
static_assert(int(Op::Atomic) < 64);

bool is_fast_op(const Inst& in) { return ((kFastOps >> int(in.op)) & 1) && in.dst >= 0 && in.a >= 0; }

} // namespace

void Machine::run_warp(Warp& w)
{
    while (!w.stack.empty() && !m_fault) {
        Frame& f = w.stack.back();
        if (f.mask == 0 || f.block < 0) {
            exit_lanes(w, f.mask);
            w.stack.pop_back();
            continue;
        }
        const Block& b = m_fn.blocks[static_cast<std::size_t>(f.block)];
        const std::int32_t last = b.last;
        const Inst* insts = m_fn.insts.data();
        while (f.inst < last) {
            const Inst& in = insts[f.inst];
            if (is_fast_op(in)) {  // most of what a kernel executes: no step cut, no fault but x / 0
                ++m_instructions;
                note(w, in, f.mask, (in.flags & kReduction) != 0);
                if (!fast_alu(w, in, f.mask) && !slow_alu(w, in, f.mask))
                    return;  // faulted
            } else if (!exec(w, f, in)) {
                return;  // waits (barrier, next step) or faulted
            }
            ++f.inst;
        }
        if (m_fault)
            return;
        m_loc_seen[static_cast<std::size_t>(b.loc)] = 1;
        const std::uint32_t ran = f.mask;  // the lanes that ran the block (f may move in terminate)
        terminate(w, f, b);
        if (m_log->accesses.size() > kMaxStepAccesses) {
            set_fault("endless_loop", model::make_text("simt.fault.endless_loop.accesses", kMaxStepAccesses), b.loc,
                      lanes_of(w, ran));
            return;
        }
        if (++m_instructions > m_limit) {
            set_fault("endless_loop", model::make_text("simt.fault.endless_loop.instructions", m_limit), b.loc,
                      lanes_of(w, ran));
            return;
        }
    }
    if (w.stack.empty())
        w.state = WarpState::Exited;
}

void Machine::note(Warp& w, const Inst& in, std::uint32_t mask, bool work)
{
    m_loc_seen[static_cast<std::size_t>(in.loc)] = 1;
    if (!work)
        return;
    w.worked = true;
    std::uint8_t* active = &m_log->active[static_cast<std::size_t>(w.first_thread)];
    if (mask == m_full_mask)
        std::memset(active, 1, static_cast<std::size_t>(m_g.warp));
    else
        for_lanes(mask, [&](int l) { active[l] = 1; });
}

/// The common ALU instructions, one tight loop per operation over the lanes; false when `in` is
/// not one of them (alu() then does it lane by lane).
RS_HOT_CLONES bool Machine::fast_alu(Warp& w, const Inst& in, std::uint32_t mask)
{
    std::uint64_t* d = reg(w, in.dst);
    const std::uint64_t* a = reg(w, in.a);
    const std::uint64_t* b = in.b >= 0 ? reg(w, in.b) : nullptr;
    const std::uint64_t wm = width_mask(in.bits);
    switch (in.op) {
    case Op::Add: for_lanes(mask, [&](int l) { d[l] = (a[l] + b[l]) & wm; }); return true;
    case Op::Sub: for_lanes(mask, [&](int l) { d[l] = (a[l] - b[l]) & wm; }); return true;
    case Op::Mul: for_lanes(mask, [&](int l) { d[l] = (a[l] * b[l]) & wm; }); return true;
    case Op::And: for_lanes(mask, [&](int l) { d[l] = a[l] & b[l]; }); return true;
    case Op::Or: for_lanes(mask, [&](int l) { d[l] = a[l] | b[l]; }); return true;
    case Op::Xor: for_lanes(mask, [&](int l) { d[l] = a[l] ^ b[l]; }); return true;
    case Op::Copy: for_lanes(mask, [&](int l) { d[l] = a[l] & wm; }); return true;
    case Op::Trunc: for_lanes(mask, [&](int l) { d[l] = a[l] & wm; }); return true;
    case Op::Gep:
        if (in.b < 0)
            for_lanes(mask, [&](int l) { d[l] = a[l] + static_cast<std::uint64_t>(in.imm); });
        else
            for_lanes(mask, [&](int l) { d[l] = a[l] + static_cast<std::uint64_t>(sext(b[l], in.aux ? in.aux : 64) * in.imm); });
        return true;
    case Op::ICmp:
        if (in.aux == 32)
            for_lanes(mask, [&](int l) { d[l] = (a[l] & wm) == (b[l] & wm); });
        else if (in.aux == 36)
            for_lanes(mask, [&](int l) { d[l] = (a[l] & wm) < (b[l] & wm); });
        else
            for_lanes(mask, [&](int l) { d[l] = icmp(in.aux, a[l] & wm, b[l] & wm, in.bits); });
        return true;
    case Op::Select: {
        const std::uint64_t* c = reg(w, in.c);
        for_lanes(mask, [&](int l) { d[l] = (a[l] & 1) ? b[l] : c[l]; });
        return true;
    }
    case Op::UIToFP:
        if (in.bits != 32)
            return false;
        if (in.aux <= 32) {
            // Exact in double (from a signed 32-bit value and 2^31), then rounded once to float: the
            // same as rounding the integer directly, and vector instructions all the way.
            const std::uint64_t am = width_mask(in.aux);
            for_lanes(mask, [&](int l) {
                const auto x = static_cast<std::int32_t>(static_cast<std::uint32_t>(a[l] & am) ^ 0x80000000u);
                d[l] = bits_of(static_cast<float>(static_cast<double>(x) + 2147483648.0));
            });
        } else if (in.aux < 64) {  // the value fits int64: the signed conversion rounds it the same, and is one instruction
            const std::uint64_t am = width_mask(in.aux);
            for_lanes(mask, [&](int l) { d[l] = bits_of(static_cast<float>(static_cast<std::int64_t>(a[l] & am))); });
        } else {
            for_lanes(mask, [&](int l) { d[l] = bits_of(static_cast<float>(a[l])); });
        }
        return true;
    case Op::Fma: {
        if (in.bits != 32 || (in.flags & (kNegA | kNegC)))
            return false;
        const std::uint64_t* c = reg(w, in.c);
        if (mask == 0xffffffffu && m_g.warp == 32 && cpu_has_fma()) {
            fma_warp32(d, a, b, c, &m_partial[static_cast<std::size_t>(w.first_thread)]);
            m_log->adds += 32;
            return true;
        }
        for_lanes(mask, [&](int l) {
            const float r = gf::fmaf(f32(a[l]), f32(b[l]), f32(c[l]));
            d[l] = bits_of(r);
            m_partial[static_cast<std::size_t>(w.first_thread + l)] = r;
        });
        m_log->adds += std::popcount(mask);
        return true;
    }
    case Op::FAdd: case Op::FMul:
        if (in.bits != 32)
            return false;
        if (in.op == Op::FMul)
            for_lanes(mask, [&](int l) { d[l] = bits_of(f32(a[l]) * f32(b[l])); });
        else
            for_lanes(mask, [&](int l) {
                const float r = gf::add_rn(f32(a[l]), f32(b[l]));
                d[l] = bits_of(r);
                m_partial[static_cast<std::size_t>(w.first_thread + l)] = r;
            });
        if (in.flags & kReduction)
            m_log->adds += std::popcount(mask);
        return true;
    default:
        return false;
    }
}

/// The first memory instruction of a statement that merges into the result (kPhaseStart): the
/// warp stops before it when it did other work in this step, or ran a shuffle or atomic, so the
/// merge is a step of its own; else the warp is in the merge phase from here on (true).
bool Machine::enter_merge(Warp& w)
{
    if (w.evented || (w.worked && !w.merging)) {
        --m_instructions;
        w.state = WarpState::Stopped;
        return false;
    }
    w.merging = true;
    return true;
}

/// Whether a load or store goes to a thread's local memory (an array or a spilled variable), by
/// its first lane's pointer: no memory work a step shows.
bool Machine::local_access(Warp& w, const Inst& in, std::uint32_t mask)
{
    const std::uint64_t id = reg(w, in.a)[std::countr_zero(mask)] >> 48;
    return id > 0 && id <= m_buffers.size() && m_buffers[static_cast<std::size_t>(id - 1)].space == Space::Local;
}


/// Executes `in` for the lanes of `f`; false when the warp must stop before or after it. The plain
/// ALU instructions (is_fast_op) never come here: run_warp() runs them itself.
bool Machine::exec(Warp& w, Frame& f, const Inst& in)
{
    const std::uint32_t mask = f.mask;
    ++m_instructions;
    switch (in.op) {
    case Op::Load: case Op::Store: case Op::LoadAgg: case Op::StoreAgg:
        if ((in.flags & kPhaseStart) && !enter_merge(w))
            return false;
        if (w.shuffled && mask && !local_access(w, in, mask)) {  // a shuffle step holds the shuffle and its add
            --m_instructions;
            w.state = WarpState::Stopped;
            return false;
        }
        note(w, in, mask, true);
        if (in.op == Op::Load || in.op == Op::Store)
            memory(w, in, mask);
        else
            aggregate(w, in, mask);
        return !m_fault;
    case Op::Memcpy: case Op::Memset:
        if ((in.flags & kPhaseStart) && !enter_merge(w))
            return false;
        note(w, in, mask, true);
        memcopy(w, in, mask);
        return !m_fault;
    case Op::Barrier:
        note(w, in, mask, false);
        if (mask != w.live) {
            set_fault("partial_barrier", model::make_text("simt.fault.partial_barrier.branch", w.index, w.block), in.loc,
                      lanes_of(w, w.live & ~mask));
            return false;
        }
        ++f.inst;
        w.state = WarpState::AtBarrier;
        w.barrier_loc = in.loc;
        w.barrier_opens = (in.flags & kOpensIteration) != 0;
        return false;
    case Op::Shfl: case Op::Atomic:
        if (in.op == Op::Shfl ? w.worked : w.evented) {
            --m_instructions;
            w.state = WarpState::Stopped;
            return false;
        }
        if (in.op == Op::Shfl && !w.evented &&
            (w.stack.size() != w.start_depth || f.block != w.start_block || f.inst != w.start_inst)) {
            // Only index arithmetic before it in this step: the shuffle still starts a step of its
            // own (a warp without elements shuffles with the others, in the next step).
            --m_instructions;
            w.state = WarpState::Stopped;
            w.shuffle_wait = true;
            return false;
        }
        if ((in.flags & kPhaseStart) && !enter_merge(w))
            return false;
        note(w, in, mask, true);
        w.evented = true;
        if (in.op == Op::Shfl && !w.shuffled) {  // the registers as the warp's first shuffle of the step finds them
            const std::uint64_t* v = reg(w, in.b);
            for_lanes(mask, [&](int l) {
                const auto t = static_cast<std::size_t>(w.first_thread + l);
                m_log->shuffle_in[t] = static_cast<std::uint32_t>(v[l]);
                m_log->shuffle_in_set[t] = 1;
            });
        }
        w.shuffled = w.shuffled || in.op == Op::Shfl;
        in.op == Op::Shfl ? shuffle(w, in, mask) : atomic(w, in, mask);
        return !m_fault;
    case Op::SyncWarp: {
        note(w, in, mask, false);
        ++w.syncs;
        if (!w.wrote)
            return true;
        // A __syncwarp() after the warp's writes closes a warp-synchronous phase: the step ends.
        m_log->warp_barrier = true;
        ++f.inst;
        w.state = WarpState::Stopped;
        return false;
    }
    default: break;
    }
    note(w, in, mask, (in.flags & kReduction) != 0);
    if (in.op == Op::Sreg || in.op == Op::ActiveMask || in.op == Op::Ballot)
        return special(w, in, mask);
    if (in.dst >= 0 && in.a >= 0 && fast_alu(w, in, mask))
        return true;
    return slow_alu(w, in, mask);
}

/// Special registers, __activemask(), __ballot_sync(): one value per lane or per warp.
bool Machine::special(Warp& w, const Inst& in, std::uint32_t mask)
{
    std::uint64_t* d = in.dst >= 0 ? reg(w, in.dst) : nullptr;
    const std::uint64_t* b = in.b >= 0 ? reg(w, in.b) : nullptr;
    {
        if (!d)
            return true;
        // Per lane only threadIdx.x and the lane id; the rest is one value for the warp.
        if (in.op == Op::Sreg && in.aux == kTidX) {
            const std::uint64_t first = static_cast<std::uint64_t>(w.index) * static_cast<std::uint64_t>(m_g.warp);
            for_lanes(mask, [&](int l) { d[l] = first + static_cast<std::uint64_t>(l); });
            return true;
        }
        if (in.op == Op::Sreg && in.aux == kLaneId) {
            for_lanes(mask, [&](int l) { d[l] = static_cast<std::uint64_t>(l); });
            return true;
        }
        std::uint64_t v = 0;
        if (in.op == Op::Ballot) {
            std::uint32_t ballot = 0;
            for_lanes(mask, [&](int l) { ballot |= static_cast<std::uint32_t>(b[l] & 1) << l; });
            v = ballot;
        } else if (in.op == Op::ActiveMask) {
            v = mask;
        } else {
            switch (in.aux) {
            case kNtidX: v = static_cast<std::uint64_t>(m_g.block); break;
            case kCtaidX: v = static_cast<std::uint64_t>(w.block); break;
            case kNctaidX: v = static_cast<std::uint64_t>(m_g.grid); break;
            case kNtidY: case kNtidZ: case kNctaidY: case kNctaidZ: v = 1; break;
            case kWarpSize: v = static_cast<std::uint64_t>(m_g.warp); break;
            default: v = 0;
            }
        }
        for_lanes(mask, [&](int l) { d[l] = v; });
        return true;
    }
    return true;
}

/// Any ALU instruction, lane by lane through alu(); false after a fault (division by zero).
bool Machine::slow_alu(Warp& w, const Inst& in, std::uint32_t mask)
{
    std::uint64_t* d = in.dst >= 0 ? reg(w, in.dst) : nullptr;
    const std::uint64_t* a = in.a >= 0 ? reg(w, in.a) : nullptr;
    const std::uint64_t* b = in.b >= 0 ? reg(w, in.b) : nullptr;
    const std::uint64_t* c = in.c >= 0 ? reg(w, in.c) : nullptr;
    bool zero = false;
    for (int l = 0; l < m_g.warp; ++l) {
        if (!((mask >> l) & 1))
            continue;
        const std::uint64_t r = alu(in, a ? a[l] : 0, b ? b[l] : 0, c ? c[l] : 0, zero);
        if (zero) {
            // every lane of the warp that divides by zero here, counted in the message
            std::vector<int> lanes{w.first_thread + l};
            for (int k = l + 1; k < m_g.warp; ++k) {
                bool z = false;
                if ((mask >> k) & 1) {
                    (void)alu(in, a ? a[k] : 0, b ? b[k] : 0, c ? c[k] : 0, z);
                    if (z)
                        lanes.push_back(w.first_thread + k);
                }
            }
            set_fault("division_by_zero",
                      model::make_text(in.op == Op::URem || in.op == Op::SRem ? "simt.fault.division_by_zero.remainder"
                                                                                : "simt.fault.division_by_zero"),
                      in.loc, std::move(lanes));
            count_fault_lanes();
            return false;
        }
        if (d)
            d[l] = r;
        if ((in.flags & kReduction) && in.bits == 32 && in.op != Op::FCmp)
            m_partial[static_cast<std::size_t>(w.first_thread + l)] = std::bit_cast<float>(static_cast<std::uint32_t>(r));
    }
    if (in.flags & kReduction)
        m_log->adds += std::popcount(mask);
    return true;
}

RS_HOT_CLONES void Machine::apply_moves(Warp& w, const Edge& e, std::uint32_t mask)
{
    const std::size_t n = e.moves.size();
    if (n == 0)
        return;
    const std::size_t W = static_cast<std::size_t>(m_g.warp);
    // No move reads a slot another move of the edge writes (the decoder's Edge::hazard): the copies
    // can go one by one.
    if (!e.hazard) {
        for (const Move& mv : e.moves) {
            std::uint64_t* d = reg(w, mv.dst);
            const std::uint64_t* src = reg(w, mv.src);
            for_lanes(mask, [&](int l) { d[l] = src[l]; });  // a full warp of 32: a fixed-length copy, inlined
        }
        return;
    }
    if (m_tmp.size() < n * W)
        m_tmp.resize(n * W);
    for (std::size_t k = 0; k < n; ++k)
        std::memcpy(&m_tmp[k * W], reg(w, e.moves[k].src), W * sizeof(std::uint64_t));
    for (std::size_t k = 0; k < n; ++k) {
        std::uint64_t* d = reg(w, e.moves[k].dst);
        const std::uint64_t* src = &m_tmp[k * W];
        for_lanes(mask, [&](int l) { d[l] = src[l]; });
    }
}

void Machine::exit_lanes(Warp& w, std::uint32_t mask)
{
    w.live &= ~mask;
    for (Frame& f : w.stack)
        f.mask &= ~mask;
}

RS_HOT_CLONES void Machine::terminate(Warp& w, Frame& f, const Block& b)
{
    const std::uint32_t mask = f.mask;
    if (b.term == Term::Ret || b.term == Term::Unreachable) {
        if (b.term == Term::Unreachable)
        {
            // the lanes that reached it, not the warp's first
            set_fault("unreachable", model::make_text("simt.fault.unreachable"), b.loc, lanes_of(w, mask));
            count_fault_lanes();
        }
        exit_lanes(w, mask);
        w.stack.pop_back();
        return;
    }
    if (b.term == Term::Br) {
        const Path only{0, mask};
        apply_moves(w, b.edges[0], mask);
        branch(w, b, mask, std::span<const Path>(&only, 1));
        return;
    }
    Path path_store[64];  // (edge, lanes); no allocation per branch, left uninitialised (only `count` are used)
    std::size_t count = 0;
    if (b.term == Term::CondBr) {
        if (b.predicated && mask) {  // a conditional expression: every lane takes part in its statement
            w.worked = true;
            std::uint8_t* active = &m_log->active[static_cast<std::size_t>(w.first_thread)];
            for_lanes(mask, [&](int l) { active[l] = 1; });
        }
        const std::uint64_t* c = reg(w, b.cond);
        std::uint32_t taken = 0;
        if (m_g.warp == 32)
            taken = low_bits32(c);
        else
            for_lanes(mask, [&](int l) { taken |= static_cast<std::uint32_t>(c[l] & 1) << l; });
        taken &= mask;
        if (taken)
            path_store[count++] = {0, taken};
        if (mask & ~taken)
            path_store[count++] = {1, mask & ~taken};
    } else {
        const std::uint64_t* c = reg(w, b.cond);
        std::uint32_t lanes_of[64] = {};
        const std::size_t edges = b.edges.size() > 64 ? 64 : b.edges.size();
        for (int l = 0; l < m_g.warp && b.term == Term::Switch; ++l) {
            if (!((mask >> l) & 1))
                continue;
            std::size_t e = 0;
            {
                for (std::size_t k = 0; k < b.cases.size(); ++k)
                    if (b.cases[k] == c[l])
                        e = k + 1;
            }
            lanes_of[std::min(e, edges - 1)] |= 1u << l;
        }
        for (std::size_t e = 0; e < edges; ++e)
            if (lanes_of[e])
                path_store[count++] = {static_cast<int>(e), lanes_of[e]};
    }
    const std::span<const Path> paths(path_store, count);
    for (const auto& [e, lanes] : paths)
        apply_moves(w, b.edges[static_cast<std::size_t>(e)], lanes);
    branch(w, b, mask, paths);
}

/// The reconvergence stack: one path continues in the frame; several become frames that meet at
/// the branch's immediate post-dominator. A frame arriving at its reconvergence point is popped.
void Machine::branch(Warp& w, const Block& b, std::uint32_t mask, std::span<const Path> paths)
{
    auto start = [&](Frame& f, int block) {
        f.block = block;
        f.inst = m_fn.blocks[static_cast<std::size_t>(block)].first;
    };
    Frame& top = w.stack.back();
    if (paths.size() == 1) {
        start(top, b.edges[static_cast<std::size_t>(paths[0].edge)].target);
        if (top.block == top.reconv)
            w.stack.pop_back();
        return;
    }
    const std::int32_t r = b.ipdom;
    const std::int32_t outer = top.reconv;
    if (r == outer) {
        w.stack.pop_back();
    } else if (r >= 0) {
        start(top, r);
    } else {
        top.block = -1;  // no reconvergence before the end: the lanes exit on their paths
        top.inst = 0;
    }
    (void)mask;
    for (auto it = paths.rbegin(); it != paths.rend(); ++it) {
        const int target = b.edges[static_cast<std::size_t>(it->edge)].target;
        if (target == r)
            continue;  // these lanes wait at the reconvergence point
        Frame f;
        f.reconv = r;
        f.mask = it->lanes;
        start(f, target);
        w.stack.push_back(f);
    }
    while (!w.stack.empty() && w.stack.back().block == -1 && w.stack.back().mask == 0)
        w.stack.pop_back();
}

} // namespace reducescope::simt::detail
