// SPDX-License-Identifier: GPL-3.0-or-later
// Memory of the SIMT engine: loads, stores, copies, atomics and shuffles of a warp, with the checks
// a GPU tool would make: every access inside its array's extent (memcheck), no two threads touching
// one word with a write between barriers (racecheck's rule), shuffles reading only lanes that take
// part.
#include "simt/machine.h"

#include "model/gpu_float.h"

#include <bit>
#include <cstring>

namespace reducescope::simt::detail {
namespace {

namespace gf = reducescope::model::gpu_float;

constexpr std::uint64_t kOffsetMask = (std::uint64_t(1) << 48) - 1;

float as_float(std::uint32_t v) { return std::bit_cast<float>(v); }

} // namespace

Machine::Place Machine::address(Warp& w, int lane, std::uint64_t pointer, int bytes, const Inst& in)
{
    const std::uint64_t id = pointer >> 48;
    const int thread = w.first_thread + lane;
    if (id == 0 || id > m_buffers.size()) {
        set_fault("out_of_bounds", model::make_text("simt.fault.out_of_bounds.no_array"), in.loc, {thread});
        return {};
    }
    Place p;
    Buffer* const buf = p.buf = &m_buffers[static_cast<std::size_t>(id - 1)];
    std::int64_t offset = static_cast<std::int64_t>(pointer & kOffsetMask);
    if (offset >= (std::int64_t(1) << 47))
        offset -= std::int64_t(1) << 48;  // a negative offset
    p.offset = offset;
    if (offset < 0 || offset + bytes > buf->bytes) {
        // Its extent in floats or in bytes; an extern __shared__ array's adds where that comes from.
        const bool floats = buf->is_float || buf->space == Space::Local;
        const std::string id = std::string("simt.fault.out_of_bounds.") + (floats ? "floats" : "bytes") +
                               (buf->extern_sized ? ".extern" : "");
        set_fault("out_of_bounds", model::make_text(id, buf->name, offset / 4, offset, floats ? buf->bytes / 4 : buf->bytes),
                  in.loc, {thread});
        return p;
    }
    // A GPU stops a load or store whose address is not a multiple of its alignment (cuda-memcheck:
    // "misaligned address"): a float4 read at input + 1, a float through a char pointer + 1. Every
    // array starts aligned (cudaMalloc, shared and local arrays at their type's alignment), so the
    // offset decides.
    if ((in.op == Op::Load || in.op == Op::Store || in.op == Op::LoadAgg || in.op == Op::StoreAgg) && in.aux > 0 &&
        offset % (std::int64_t(1) << in.aux) != 0) {
        set_fault("misaligned", model::make_text("simt.fault.misaligned", buf->name, offset, 1 << in.aux), in.loc, {thread});
        return p;
    }
    p.copy = buf->space == Space::Global ? 0 : buf->space == Space::Shared ? w.block : thread;
    p.at = buf->data.data() + static_cast<std::size_t>(p.copy) * static_cast<std::size_t>(buf->bytes) +
           static_cast<std::size_t>(offset);
    return p;
}

void Machine::more_out_of_bounds_lanes(const Warp& w, int from, std::uint32_t mask, const std::uint64_t* p, int bytes)
{
    if (!m_fault || m_fault->kind != "out_of_bounds")
        return;
    for (int l = from + 1; l < m_g.warp; ++l) {
        if (!((mask >> l) & 1))
            continue;
        const std::uint64_t id = p[l] >> 48;
        std::int64_t offset = static_cast<std::int64_t>(p[l] & kOffsetMask);
        if (offset >= (std::int64_t(1) << 47))
            offset -= std::int64_t(1) << 48;
        if (id == 0 || id > m_buffers.size() || offset < 0 || offset + bytes > m_buffers[static_cast<std::size_t>(id - 1)].bytes)
            m_fault->lanes.push_back(w.first_thread + l);
    }
    count_fault_lanes();
}

void Machine::count_fault_lanes()
{
    // (a data race names its two threads in its sentence: set_fault() may have recorded one held
    // from earlier in the step instead of the fault being counted)
    if (!m_fault || m_fault->lanes.size() < 2 || m_fault->kind == "data_race")
        return;
    const std::vector<int>& ls = m_fault->lanes;
    const bool run = ls.back() - ls.front() + 1 == static_cast<int>(ls.size());
    // Counted once: a fault counted again replaces its count (the sentence it counts stays).
    model::Text& t = m_fault->text;
    const bool counted = t.id == "simt.fault.lanes.run" || t.id == "simt.fault.lanes.spread";
    model::Text what = counted ? t.args.front().nested.front() : std::move(t);
    t = model::make_text(run ? "simt.fault.lanes.run" : "simt.fault.lanes.spread", std::move(what), ls.size(), ls.front(),
                         ls.back());
    m_fault->message = model::render_english(t);
}

void Machine::race(Warp& w, int lane, Buffer& b, std::int32_t copy, std::int64_t offset, bool write, const Inst& in)
{
    if (b.space == Space::Local || b.words.empty())
        return;
    const int thread = w.first_thread + lane;
    const std::int32_t epoch = (w.block << 16) | (m_barrier_count[static_cast<std::size_t>(w.block)] & 0xffff);
    Buffer::Word& word = b.words[static_cast<std::size_t>(copy) * static_cast<std::size_t>(b.bytes / 4) +
                                 static_cast<std::size_t>(offset / 4)];
    const bool other_block = word.epoch >= 0 && (word.epoch >> 16) != w.block;
    if (!other_block && word.epoch != epoch) {
        word = Buffer::Word{};
        word.epoch = epoch;
    }
    const int warp_first = w.first_thread;
    auto ordered = [&](std::int32_t other, std::uint32_t other_sync) {
        // Same thread, or lanes of this warp separated by a __syncwarp(): no race.
        if (other == thread)
            return true;
        return !other_block && other >= warp_first && other < warp_first + m_g.warp && other_sync != w.syncs;
    };
    // `what`: the other thread's access, "wrote" or "read" (two reads do not race).
    auto report = [&](std::int32_t other, std::int32_t other_loc, const char* what) {
        const Loc& l = m_fn.locs[static_cast<std::size_t>(other_loc)];
        const bool same_warp = !other_block && other >= warp_first && other < warp_first + m_g.warp;
        const std::string id = std::string("simt.fault.data_race.") + (write ? "writes_" : "reads_") + what +
                               (other_block ? ".block" : "");
        model::Text text = model::make_text(id, b.name, offset / 4, thread, other, l.line);
        std::vector<int> lanes{std::min(thread, other), std::max(thread, other)};
        if (same_warp) {
            // Held to the step's end: a race across warps in this step is the one to show.
            if (!m_pending_race)
                m_pending_race = make_fault("data_race", model::make_text("simt.fault.data_race.lock_step", std::move(text)),
                                            in.loc, std::move(lanes));
            return;
        }
        m_pending_race.reset();
        set_fault("data_race", std::move(text), in.loc, std::move(lanes));
    };
    if (word.writer >= 0 && !ordered(word.writer, word.writer_sync))
        return report(word.writer, word.writer_loc, "wrote");
    if (write) {
        if (word.reader >= 0 && !ordered(word.reader, word.reader_sync))
            return report(word.reader, word.reader_loc, "read");
        if (word.reader2 >= 0 && !ordered(word.reader2, word.reader2_sync))
            return report(word.reader2, word.reader2_loc, "read");
        word.epoch = epoch;
        word.writer = thread;
        word.writer_sync = w.syncs;
        word.writer_loc = in.loc;
        word.reader = word.reader2 = -1;
    } else if (word.reader < 0 || word.reader == thread) {
        word.epoch = epoch;
        word.reader = thread;
        word.reader_sync = w.syncs;
        word.reader_loc = in.loc;
    } else {
        // A second reader: kept (the latest other than the first), so that a writer other than both is caught.
        word.epoch = epoch;
        word.reader2 = thread;
        word.reader2_sync = w.syncs;
        word.reader2_loc = in.loc;
    }
}

void Machine::memory(Warp& w, const Inst& in, std::uint32_t mask)
{
    const bool write = in.op == Op::Store;
    const int bytes = in.bits / 8;
    const std::uint64_t* p = reg(w, in.a);
    std::uint64_t* d = write ? nullptr : reg(w, in.dst);
    const std::uint64_t* v = write ? reg(w, in.b) : nullptr;
    WarpAccess rec;
    for (int l = 0; l < m_g.warp; ++l) {
        if (!((mask >> l) & 1))
            continue;
        const auto [buf, off, copy, at] = address(w, l, p[l], bytes, in);
        if (!at) {
            more_out_of_bounds_lanes(w, l, mask, p, bytes);
            return;
        }
        race(w, l, *buf, copy, off, write, in);
        if (m_fault)
            return;
        mark(*buf, off, 4, write);
        if (write) {
            std::memcpy(at, &v[l], static_cast<std::size_t>(bytes));
        } else {
            std::uint64_t x = 0;
            std::memcpy(&x, at, static_cast<std::size_t>(bytes));
            d[l] = x;
        }
        if (!m_full || buf->space == Space::Local)
            continue;
        const std::int32_t id = static_cast<std::int32_t>(p[l] >> 48);
        if (rec.elements.empty()) {
            rec = {id, w.block, w.index, write, bytes, in.expr, std::vector<std::int64_t>(static_cast<std::size_t>(m_g.warp), -1)};
        }
        rec.elements[static_cast<std::size_t>(l)] = off / 4;
        m_log->lanes[static_cast<std::size_t>(w.first_thread + l)].push_back({id, copy, off / 4, write});
    }
    end_access(w, p, mask, write, rec);
}

void Machine::mark(Buffer& buf, std::int64_t off, int bytes, bool write)
{
    if (!buf.touched.empty())  // shared buffers, and the launch's input
        for (std::int64_t k = 0; k < bytes; k += 4)
            buf.touched[static_cast<std::size_t>((off + k) / 4)] = 1;
    if (write)
        buf.written = true;
}

void Machine::end_access(Warp& w, const std::uint64_t* p, std::uint32_t mask, bool write, WarpAccess& rec)
{
    if (mask && m_buffers[static_cast<std::size_t>((p[std::countr_zero(mask)] >> 48) - 1)].space != Space::Local) {
        ++m_log->memory_ops;
        if (write)
            w.wrote = true;
    }
    if (!rec.elements.empty())
        m_log->accesses.push_back(std::move(rec));
}

void Machine::memcopy(Warp& w, const Inst& in, std::uint32_t mask)
{
    const std::uint64_t* dst = reg(w, in.a);
    const std::uint64_t* src = reg(w, in.b);
    const std::uint64_t* len = reg(w, in.c);
    for (int l = 0; l < m_g.warp && !m_fault; ++l) {
        if (!((mask >> l) & 1))
            continue;
        const int bytes = static_cast<int>(len[l]);
        // A copy of a float4 (Clang copies a whole struct with llvm.memcpy) at an address that is
        // not a multiple of its alignment: a GPU stops there, as for a load (address()).
        auto aligned = [&](std::int64_t offset, int log2, const Buffer* b) {
            if (log2 == 0 || offset % (std::int64_t(1) << log2) == 0)
                return true;
            set_fault("misaligned", model::make_text("simt.fault.misaligned", b->name, offset, 1 << log2), in.loc,
                      {w.first_thread + l});
            return false;
        };
        const auto [db, doff, dcopy, d] = address(w, l, dst[l], bytes, in);
        if (!d || !aligned(doff, in.aux & 15, db))
            return;
        if (in.op == Op::Memset) {
            std::memset(d, static_cast<int>(src[l] & 0xff), static_cast<std::size_t>(bytes));
            mark(*db, doff, bytes, true);
            continue;
        }
        const auto [sb, soff, scopy, s] = address(w, l, src[l], bytes, in);
        if (!s || !aligned(soff, in.aux >> 4, sb))
            return;
        for (int k = 0; k < bytes; k += 4) {
            race(w, l, *sb, scopy, soff + k, false, in);
            race(w, l, *db, dcopy, doff + k, true, in);
        }
        std::memmove(d, s, static_cast<std::size_t>(bytes));
        mark(*sb, soff, bytes, false);
        mark(*db, doff, bytes, true);
        if (sb->space != Space::Local || db->space != Space::Local)
            ++m_log->memory_ops;
        // The access the step counts: the copy's source or destination outside the thread's locals,
        // one instruction of `bytes` per lane (a float4 load is one 16-byte access).
        for (auto [b, off, copy, write] : {std::tuple{sb, soff, scopy, false}, std::tuple{db, doff, dcopy, true}}) {
            if (!m_full || b->space == Space::Local)
                continue;
            const auto id = static_cast<std::int32_t>(b - m_buffers.data()) + 1;
            WarpAccess* rec = nullptr;
            if (!m_log->accesses.empty() && m_log->accesses.back().expr == in.expr && m_log->accesses.back().buffer == id &&
                m_log->accesses.back().warp == w.index && m_log->accesses.back().block == w.block &&
                m_log->accesses.back().elements[static_cast<std::size_t>(l)] < 0)
                rec = &m_log->accesses.back();
            if (!rec) {
                m_log->accesses.push_back({id, w.block, w.index, write, bytes, in.expr,
                                           std::vector<std::int64_t>(static_cast<std::size_t>(m_g.warp), -1)});
                rec = &m_log->accesses.back();
            }
            rec->elements[static_cast<std::size_t>(l)] = off / 4;
            for (int k = 0; k < bytes / 4; ++k)
                m_log->lanes[static_cast<std::size_t>(w.first_thread + l)].push_back({id, copy, off / 4 + k, write});
        }
    }
}

/// A whole aggregate (float4, a struct, an array) loaded into or stored from its leaf slots: one
/// access of the aggregate's size per lane (a float4 is one 16-byte access, as nvcc's ld.v4.f32),
/// checked word by word for races.
void Machine::aggregate(Warp& w, const Inst& in, std::uint32_t mask)
{
    const bool write = in.op == Op::StoreAgg;
    const Aggregate& agg = m_fn.aggregates[static_cast<std::size_t>(in.imm)];
    const int bytes = agg.bytes;
    const std::uint64_t* p = reg(w, in.a);
    const std::int32_t first = write ? in.b : in.dst;
    WarpAccess rec;
    for (int l = 0; l < m_g.warp; ++l) {
        if (!((mask >> l) & 1))
            continue;
        const auto [buf, off, copy, at] = address(w, l, p[l], bytes, in);
        if (!at) {
            more_out_of_bounds_lanes(w, l, mask, p, bytes);
            return;
        }
        for (int k = 0; k < bytes; k += 4) {
            race(w, l, *buf, copy, off + k, write, in);
            if (m_fault)
                return;
        }
        mark(*buf, off, bytes, write);
        for (std::size_t k = 0; k < agg.leaves.size(); ++k) {
            const auto [offset, size] = agg.leaves[k];
            std::uint64_t* r = reg(w, first + static_cast<std::int32_t>(k)) + l;
            if (write) {
                std::memcpy(at + offset, r, size);
            } else {
                std::uint64_t x = 0;
                std::memcpy(&x, at + offset, size);
                *r = x;
            }
        }
        if (!m_full || buf->space == Space::Local)
            continue;
        const std::int32_t id = static_cast<std::int32_t>(p[l] >> 48);
        if (rec.elements.empty())
            rec = {id, w.block, w.index, write, bytes, in.expr, std::vector<std::int64_t>(static_cast<std::size_t>(m_g.warp), -1)};
        rec.elements[static_cast<std::size_t>(l)] = off / 4;
        for (int k = 0; k < (bytes + 3) / 4; ++k)
            m_log->lanes[static_cast<std::size_t>(w.first_thread + l)].push_back({id, copy, off / 4 + k, write});
    }
    end_access(w, p, mask, write, rec);
}

void Machine::atomic(Warp& w, const Inst& in, std::uint32_t mask)
{
    const std::uint64_t* p = reg(w, in.a);
    const std::uint64_t* v = reg(w, in.b);
    const std::uint64_t* c = in.c >= 0 ? reg(w, in.c) : nullptr;
    std::uint64_t* d = in.dst >= 0 ? reg(w, in.dst) : nullptr;
    const int bytes = in.bits / 8;
    for (int l = 0; l < m_g.warp; ++l) {  // lane order: the model's serialisation (block, warp, lane)
        if (!((mask >> l) & 1))
            continue;
        const auto [buf, off, copy, at] = address(w, l, p[l], bytes, in);
        if (!at) {
            more_out_of_bounds_lanes(w, l, mask, p, bytes);
            return;
        }
        mark(*buf, off, 4, false);  // an atomic's write is logged as an atomic record
        std::uint64_t old = 0;
        std::memcpy(&old, at, static_cast<std::size_t>(bytes));
        const std::uint64_t x = v[l];
        std::uint64_t nv = old;
        const bool is_float = in.flags & kFloat;
        const auto s32 = [](std::uint64_t u) { return static_cast<std::int32_t>(static_cast<std::uint32_t>(u)); };
        switch (in.aux) {
        case kAtomicAdd:
            if (is_float) {
                const float a = as_float(static_cast<std::uint32_t>(old)), b = as_float(static_cast<std::uint32_t>(x));
                const float r = buf->space == Space::Shared ? gf::atomic_add_shared_f32(a, b) : gf::atomic_add_global_f32(a, b);
                nv = std::bit_cast<std::uint32_t>(r);
            } else {
                nv = old + x;
            }
            break;
        case kAtomicSub: nv = old - x; break;
        case kAtomicExch: nv = x; break;
        case kAtomicAnd: nv = old & x; break;
        case kAtomicOr: nv = old | x; break;
        case kAtomicXor: nv = old ^ x; break;
        case kAtomicCas: nv = (old == x) ? c[l] : old; break;
        case kAtomicMax: nv = (in.flags & kUnsigned) ? std::max(old, x) : (s32(x) > s32(old) ? x : old); break;
        case kAtomicMin: nv = (in.flags & kUnsigned) ? std::min(old, x) : (s32(x) < s32(old) ? x : old); break;
        default: break;
        }
        if (bytes == 4)
            nv &= 0xffffffffull;
        std::memcpy(at, &nv, static_cast<std::size_t>(bytes));
        if (d)
            d[l] = old & (bytes == 8 ? ~std::uint64_t(0) : 0xffffffffull);
        AtomicRecord r;
        r.block = w.block;
        r.thread = w.first_thread + l;
        r.buffer = static_cast<std::int32_t>(p[l] >> 48);
        r.element = off / 4;
        r.expr = in.expr;
        r.is_float = is_float;
        r.float_add = is_float && in.aux == kAtomicAdd;
        // The values in the buffer's type: an integer compare-and-swap or exchange on a word of a
        // float array (the atomicCAS loop of a float max) shows floats, not their bits.
        const bool shown_float = is_float || (bytes == 4 && buf->is_float && buf->space != Space::Local &&
                                              (in.aux == kAtomicCas || in.aux == kAtomicExch));
        r.shown_float = shown_float;
        r.before = shown_float ? as_float(static_cast<std::uint32_t>(old)) : static_cast<double>(s32(old));
        // A compare-and-swap's operand is the value it offers (as the model's merge records it),
        // not the one it compares with.
        const std::uint64_t offered = in.aux == kAtomicCas && c ? c[l] : x;
        r.operand = shown_float ? as_float(static_cast<std::uint32_t>(offered)) : static_cast<double>(s32(offered));
        r.after = shown_float ? as_float(static_cast<std::uint32_t>(nv)) : static_cast<double>(s32(nv));
        if (r.float_add)
            ++m_log->adds;
        m_log->atomics.push_back(r);
        if (m_full && buf->space != Space::Local)
            m_log->lanes[static_cast<std::size_t>(r.thread)].push_back({r.buffer, copy, off / 4, true});
    }
}

void Machine::shuffle(Warp& w, const Inst& in, std::uint32_t mask)
{
    const std::uint64_t* m = reg(w, in.a);
    const std::uint64_t* v = reg(w, in.b);
    const std::uint64_t* arg = reg(w, in.c);
    const std::uint64_t* wid = reg(w, in.d);
    std::uint64_t* d = reg(w, in.dst);
    const int W = m_g.warp;
    m_tmp.assign(static_cast<std::size_t>(W), 0);
    m_log->shuffled = true;
    std::optional<std::int64_t> offset;
    bool same = true;
    bool faulted = false;  // a lane read a lane that takes no part: every such lane is named
    for (int l = 0; l < W; ++l) {
        if (!((mask >> l) & 1))
            continue;
        const auto member = static_cast<std::uint32_t>(m[l]);
        const int width = static_cast<int>(wid[l]) <= 0 || static_cast<int>(wid[l]) > W ? W : static_cast<int>(wid[l]);
        const int a = static_cast<int>(static_cast<std::int32_t>(arg[l]));
        const int base = l - l % width;
        int src = l;
        switch (in.aux) {
        case kShflIdx: src = base + ((a % width) + width) % width; break;
        // delta is unsigned in CUDA (__shfl_up_sync / __shfl_down_sync): -1 is 2^32 - 1, past the
        // segment, so the lane keeps its own value (found by fuzz_simt_kernel: a negative delta).
        case kShflUp: {
            const std::uint32_t delta = static_cast<std::uint32_t>(arg[l]);
            src = delta <= static_cast<std::uint32_t>(l - base) ? l - static_cast<int>(delta) : l;
            break;
        }
        case kShflDown: {
            const std::uint32_t delta = static_cast<std::uint32_t>(arg[l]);
            src = delta < static_cast<std::uint32_t>(base + width - l) ? l + static_cast<int>(delta) : l;
            break;
        }
        case kShflXor: src = (l ^ a) < base + width && (l ^ a) >= 0 ? (l ^ a) : l; break;
        }
        if (offset && *offset != a)
            same = false;
        offset = a;
        if (!((member >> l) & 1) || !((member >> src) & 1) || !((mask >> src) & 1)) {
            const bool self = !((member >> l) & 1);
            set_fault("shuffle_inactive_lane",
                      self ? model::make_text("simt.fault.shuffle_inactive_lane.self", l, w.index)
                           : model::make_text(((member >> src) & 1) ? "simt.fault.shuffle_inactive_lane.inactive"
                                                                     : "simt.fault.shuffle_inactive_lane.excluded",
                                              l, src, w.index),
                      in.loc, {w.first_thread + l});
            if (m_fault && m_fault->kind == "shuffle_inactive_lane" && m_fault->lanes.back() != w.first_thread + l)
                m_fault->lanes.push_back(w.first_thread + l);  // a later lane of the same shuffle
            faulted = true;
            continue;
        }
        m_tmp[static_cast<std::size_t>(l)] = v[src];
        if (m_full) {
            m_log->lanes[static_cast<std::size_t>(w.first_thread + l)].push_back({-1, 0, w.first_thread + src, false});
            m_log->lanes[static_cast<std::size_t>(w.first_thread + l)].push_back({-1, 0, w.first_thread + l, true});
        }
    }
    if (faulted) {
        count_fault_lanes();
        return;
    }
    for (int l = 0; l < W; ++l)
        if ((mask >> l) & 1)
            d[l] = m_tmp[static_cast<std::size_t>(l)] & 0xffffffffull;
    if (same && offset)
        m_log->stride = *offset;
}

} // namespace reducescope::simt::detail
