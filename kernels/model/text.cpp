// SPDX-License-Identifier: GPL-3.0-or-later
// The model's messages and their English (text.h). The app's table (views/common/model_text.cpp) lists
// the same ids with the `other` form as the source text of the translations; tst_model_text holds
// the two to each other for every step of every strategy.
#include "model/text.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace reducescope::model {

TextArg TextArg::of_count(long long v)
{
    TextArg a;
    a.kind = Kind::Count;
    a.count = v;
    return a;
}

TextArg TextArg::of_number(double v)
{
    TextArg a;
    a.kind = Kind::Number;
    a.number = v;
    return a;
}

TextArg TextArg::of_code(std::string s)
{
    TextArg a;
    a.kind = Kind::Code;
    a.code = std::move(s);
    return a;
}

TextArg TextArg::of_text(Text t)
{
    TextArg a;
    a.kind = Kind::Nested;
    a.nested.push_back(std::move(t));
    return a;
}

namespace {

// id, one, other, plural argument. Where a message has no plural, `one` repeats `other`.
#define SAME(id, text) MessageDef{id, text, text, -1}
constexpr std::array kMessages{
    // --- counted nouns, nested in sentences that count two things ------------------------------
    MessageDef{"count.blocks", "%n block", "%n blocks", 0},
    MessageDef{"count.threads", "%n thread", "%n threads", 0},

    // --- the order the atomics on one address are replayed in (nested) ------------------------
    SAME("order.block", "the model orders them by block"),
    SAME("order.block_warp", "the model orders them by block and warp"),
    SAME("order.block_warp_lane", "the model orders them by block, warp and lane"),
    SAME("order.replayed", "here in replayed order %1"),

    // --- in-place trees in global memory: simple, convergent, convergent_reversed --------------
    SAME("tree.label", "stride %1: %2 adds %3"),
    SAME("simple.first", "Every thread adds its neighbour: input[2*tid] += input[2*tid + 1]."),
    SAME("simple.tree", "Only threads whose index is a multiple of %1 add, so the active lanes are spread out with "
                        "gaps between them."),
    MessageDef{"convergent.tree",
               "The first thread adds the element stride places to its right; the active lanes stay packed.",
               "The first %n threads add the element stride places to their right; the active lanes stay packed.", 0},
    MessageDef{"reversed.tree",
               "The last thread of the block adds the element stride places to its left; the active lanes stay "
               "packed at the right end.",
               "The last %n threads of the block add the element stride places to their left; the active lanes "
               "stay packed at the right end.", 0},
    MessageDef{"grid.note",
               "The textbook kernel is one block; here it runs as a grid of %n block, on a segment of %2 elements.",
               "The textbook kernel is one block; here it runs as a grid of %n blocks, each on its own segment of %2 "
               "elements.", 0},

    // --- divergence and banks: sentences derived from the step's counters ----------------------
    SAME("diverge.none", "No warp diverges: every warp is either wholly busy or wholly idle."),
    MessageDef{"diverge.some", "%n warp diverges: some of its live lanes run the step while the others wait.",
               "%n warps diverge: some of their live lanes run the step while the others wait.", 0},
    SAME("banks.conflict", "A %1-way bank conflict: the worst access puts %1 different words of one warp in the same "
                           "bank, so the step's shared-memory accesses take %2 wavefronts instead of %3."),
    SAME("banks.free", "Every shared-memory access of this step is conflict-free: no bank holds two different words "
                       "of one warp's access."),

    // --- shared-memory trees: interleaved_strided, shared, segmented ---------------------------
    SAME("shared.load.label", "load: %1[t] = input[i] + input[i + %2]"),
    MessageDef{"shared.load",
               "Each thread adds two elements one block apart while loading them, so the tree in shared memory "
               "starts from %n partial sum per block instead of %2.",
               "Each thread adds two elements one block apart while loading them, so the tree in shared memory "
               "starts from %n partial sums per block instead of %2.", 0},
    SAME("strided.label", "stride %1: index = %2*tid < %3 adds sdata[index + %1]"),
    SAME("strided.tree", "The active threads are packed, but neighbouring lanes touch words %1 apart."),
    SAME("padded.label", "stride %1: index = %2*tid < %3 adds sdata[padded(index + %1)]"),
    SAME("padded.tree", "The same packed lanes and words as interleaved_strided, but word index sits at index + "
                        "index/32 (one unused word after every 32), so lanes %1 words apart are spread over the banks."),
    SAME("padded.few_banks", "The padding is laid out for 32 banks; with %1 banks it cannot spread every warp's words."),
    SAME("shared.label", "stride %1: t < %1 adds %2[t + %1]"),
    SAME("shared.few_banks", "A warp of %1 lanes reads more consecutive words than there are banks (%2), so they wrap "
                             "around the banks."),
    MessageDef{"shared.tree",
               "After a barrier, the first thread adds the word stride places to its right; consecutive lanes read "
               "consecutive words.",
               "After a barrier, the first %n threads add the word stride places to their right; consecutive lanes "
               "read consecutive words.", 0},

    // --- coarsening: coarsened, coarsened_max --------------------------------------------------
    SAME("coarsen.label.sum", "coarsen: each thread sums up to %1 elements (stride %2) in a register, then stores it "
                              "to sdata[tid]"),
    SAME("coarsen.label.max", "coarsen: each thread takes the max of up to %1 elements (stride %2) in a register, "
                              "then stores it to sdata[tid]"),
    SAME("coarsen.one", "With COARSE_FACTOR = 1 there is no coarsening: two elements per thread, as in the segmented "
                        "kernel."),
    MessageDef{"coarsen.many",
               "With COARSE_FACTOR = %1, one thread does the work of %2 elements in registers before the tree, so "
               "the input takes %n block (%4 without coarsening).",
               "With COARSE_FACTOR = %1, one thread does the work of %2 elements in registers before the tree, so "
               "the input takes %n blocks (%4 without coarsening).", 2},
    SAME("coarsen.bounds", "Elements past the end are not loaded (the bounds checks of PMPP exercise 5)."),
    SAME("coarsen.tree.label.sum", "stride %1: tid < %1 adds sdata[tid + %1]"),
    SAME("coarsen.tree.label.max", "stride %1: tid < %1 takes fmaxf with sdata[tid + %1]"),
    MessageDef{"coarsen.tree",
               "After a barrier, the first thread combines the word stride places to its right, the same convergent "
               "tree as the shared-memory kernel.",
               "After a barrier, the first %n threads combine the word stride places to their right, the same "
               "convergent tree as the shared-memory kernel.", 0},
    SAME("coarsen.max.tail", "CUDA has no float atomicMax, so the kernel loops on atomicCAS until its fmaxf result "
                             "is stored."),

    // --- the merge into *output ----------------------------------------------------------------
    SAME("write.label", "write: thread %1 stores %2 = %3 to *output"),
    SAME("write.one_block", "One block holds the whole input, so a plain store of its result is enough: no atomic is "
                            "needed."),
    MessageDef{"merge.label.add", "merge: one atomicAdd per block (%n block), *output = %2",
               "merge: one atomicAdd per block (%n blocks), *output = %2", 0},
    MessageDef{"merge.label.max", "merge: one atomic max (compare-and-swap loop) per block (%n block), *output = %2",
               "merge: one atomic max (compare-and-swap loop) per block (%n blocks), *output = %2", 0},
    MessageDef{"merge.label.one_block_kernel",
               "merge: the one-block kernel ran as %n block; thread %2 of it atomicAdds its block's sum",
               "merge: the one-block kernel ran as %n blocks; thread %2 of each atomicAdds its block's sum", 0},
    SAME("merge.add", "Thread %1 of each block merges the block's result into *output with one atomicAdd; the atomics "
                      "to one address are serialised (%2; the hardware's order varies from run to run)."),
    SAME("merge.max", "Thread %1 of each block merges the block's result into *output with one atomic max "
                      "(compare-and-swap loop); the atomics to one address are serialised (%2; the hardware's order "
                      "varies from run to run)."),
    SAME("merge.zero_sign", "The loop's < does not order -0 and +0: the first zero stored stays, so the sign of this "
                            "zero result is the atomic order's."),

    // --- warp primitives: warp_shuffle, block_reduce, two_pass, grid_sync, vectorized, self_reset
    SAME("shuffle.label", "shuffle offset %1: sum += __shfl_down_sync(mask, sum, %1)"),
    SAME("shuffle.label.first_warp", "shuffle offset %1: sum += __shfl_down_sync(mask, sum, %1) in the first warp"),
    SAME("shuffle", "Each lane adds the register of the lane %1 above it in its warp: no shared memory and no "
                    "barrier. Lanes whose partner lies past the warp get their own value back; only lane 0's sum is "
                    "used."),
    SAME("partials.label", "warp partials: lane 0 of each warp stores its sum to warp_sums[warp], then "
                           "__syncthreads()"),
    MessageDef{"partials",
               "Each warp's sum is parked in shared memory (%n word per block) so one warp can combine them after a "
               "single barrier.",
               "Each warp's sum is parked in shared memory (%n words per block) so one warp can combine them after a "
               "single barrier.", 0},
    SAME("final_warp.label", "final warp: lane < %1 of warp 0 loads warp_sums[lane], the others 0"),
    SAME("final_warp", "Only the first warp continues: it gathers the per-warp partials into its registers."),
    SAME("write_partials.label", "write: thread 0 of each block stores its sum to partials[blockIdx.x]"),
    MessageDef{"write_partials",
               "No atomics: the block's sum goes to its own slot in global memory, to be reduced by a second pass.",
               "No atomics: each of the %n block sums goes to its own slot in global memory, to be reduced by a "
               "second pass.", 0},
    MessageDef{"grid_stride.label", "grid-stride loop: each thread sums input[i], i += %1 (up to %n element)",
               "grid-stride loop: each thread sums input[i], i += %1 (up to %n elements)", 1},
    MessageDef{"grid_stride",
               "The grid's only thread walks the whole input and enters the block reduce with one register sum.",
               "The %n threads of the grid walk the input %n elements apart, so each warp's loads are consecutive "
               "(coalesced) and every thread enters the block reduce with one register sum.", 0},
    SAME("load.register.label", "load: sum = input[i] (0 past the end)"),
    SAME("load.register", "One element per thread goes straight into a register; threads past the end start from 0."),
    MessageDef{"warp_atomic.label", "atomic: lane 0 of each warp atomicAdds its warp's sum (%n atomic)",
               "atomic: lane 0 of each warp atomicAdds its warp's sum (%n atomics)", 0},
    SAME("warp_atomic", "A warp's %1 elements cost one atomic instead of %1; the atomics are still serialised on the "
                        "one address (%2; the hardware's order varies from run to run)."),
    MessageDef{"vector.label", "coarsen: %n float4 load per thread (i += %2), sum += (x + y) + (z + w)",
               "coarsen: %n float4 loads per thread (i += %2), sum += (x + y) + (z + w)", 0},
    SAME("vector.loads", "Each load instruction moves 16 bytes per lane, a quarter of the instructions of scalar "
                         "loads."),
    SAME("vector.no_tail", "The input is a whole number of float4s: no element is left over."),
    MessageDef{"vector.tail", "The one element past the last whole float4 is added by block 0 on its own.",
               "The %n elements past the last whole float4 are added by block 0 one by one.", 0},
    MessageDef{"reset.label",
               "reset: thread 0 of each block draws a ticket (%n atomic); the first ticket's block zeroes *output "
               "and publishes it",
               "reset: thread 0 of each block draws a ticket (%n atomics); the first ticket's block zeroes *output "
               "and publishes it", 0},
    SAME("reset", "The 64-bit ticket counter is never reset: a launch of G blocks hands out G consecutive tickets, "
                  "so ticket / G numbers the launch. The block that draws the launch's first ticket sets *output = 0 "
                  "and then publishes the launch number with a release atomic max (it never moves backwards), so no "
                  "reset kernel or memset has to run before the launch. The model gives the tickets out in block order; on the GPU whichever "
                  "block gets there first zeroes. The float4 loads are already in flight meanwhile."),
    SAME("self_reset.tail", "First thread 0 waits (acquire loads) until the launch's zero of *output is published: "
                            "release and acquire order that zero before every atomicAdd."),
    SAME("zero_ahead.reset.label", "reset ahead: thread 0 of block 0 zeroes ring[(e + 1) % 3] for the next launch"),
    SAME("zero_ahead.reset", "The output is a ring of three floats and the caller numbers the launches: launch e adds "
                             "into ring[e % 3], which launch e - 1 zeroed. Its first instruction zeroes the slot of "
                             "launch e + 1, which nothing of this launch touches, and the end of the kernel orders "
                             "that zero before the next launch's atomics: no reset before the launch, no ticket, no "
                             "fence, no wait. The model runs launch e = 0: *output is ring[0], the zero goes to ring[1]."),
    SAME("zero_ahead.tail", "*output is ring[e % 3] (ring[0] here); the result stays there until launch e + 2 zeroes it."),
    MessageDef{"second_pass.label", "second pass: a new kernel, one block of 1024 threads, sums the %n partial",
               "second pass: a new kernel, one block of 1024 threads, sums the %n partials", 0},
    SAME("second_pass", "The end of the first kernel is the barrier between the passes; the second kernel's threads "
                        "each add the partials 1024 apart, then reduce as one block."),
    SAME("second_pass.store.label", "second pass: thread 0 stores the sum to *output"),
    SAME("second_pass.tail", "(The second kernel, two_pass_final.)"),
    MessageDef{"grid_sync.label", "grid.sync(), then block 0 sums the %n partial",
               "grid.sync(), then block 0 sums the %n partials", 0},
    MessageDef{"grid_sync",
               "A barrier across the grid's only block (a cooperative launch) makes its partial visible; block 0 "
               "carries on in the same kernel.",
               "A barrier across all %n blocks of the grid (a cooperative launch) makes every partial visible; the "
               "other blocks are done, block 0 carries on in the same kernel.", 0},
    SAME("grid_sync.store.label", "after grid.sync: thread 0 of block 0 stores the sum to *output"),

    // --- one element per thread: atomic_naive, race --------------------------------------------
    SAME("atomic.load.label", "load: each thread i < %1 reads input[i] into a register"),
    SAME("atomic.load", "One element per thread: %1 of %2; threads past the end do nothing."),
    SAME("race.label", "race: every thread does *output += x, a plain load, add and store"),
    MessageDef{"race",
               "All lanes of a warp read the same old *output, so only one store per warp survives: here %n update "
               "out of %2 is lost. The model lets the highest lane win and runs warps in order; real hardware picks "
               "differently and loses more across warps and blocks.",
               "All lanes of a warp read the same old *output, so only one store per warp survives: here %n updates "
               "out of %2 are lost. The model lets the highest lane win and runs warps in order; real hardware picks "
               "differently and loses more across warps and blocks.", 0},
    MessageDef{"atomic.label", "atomic: every thread atomicAdds its element into *output (%n atomic)",
               "atomic: every thread atomicAdds its element into *output (%n atomics)", 0},
    MessageDef{"atomic",
               "Each atomicAdd is a read-modify-write the memory system performs one at a time on the one address; "
               "here a single thread makes the only one, so nothing waits.",
               "Each atomicAdd is a read-modify-write the memory system performs one at a time on the one address, "
               "so the %n additions run in sequence (%2; the hardware order is unspecified).", 0},
    MessageDef{"atomic.flush",
               "One atomicAdd of this step flushed a subnormal to zero, as atomicAdd on global memory does (PTX "
               "atom.global.add.f32): %2 + %3 gave %4, where IEEE addition gives %5.",
               "%n atomicAdds of this step flushed a subnormal to zero, as atomicAdd on global memory does (PTX "
               "atom.global.add.f32); the first: %2 + %3 gave %4, where IEEE addition gives %5.", 0},

    // --- GPU recordings (kernels/cuda/recorded_trace.cpp) --------------------------------------
    SAME("recorded.label", "recorded on the GPU:%1"),
    SAME("recorded.label.stride", "recorded on the GPU:%1 stride %2"),
    SAME("recorded.label.offset", "recorded on the GPU:%1 offset %2"),
    SAME("recorded", "What the kernel's probe recorded on the GPU: the lanes that ran this step's guarded code, their "
                     "__activemask(), the index each wrote and the value after it."),

    // --- refusals of model::validate() and model::parse_input() --------------------------------
    SAME("error.strategy", "strategy must be one of: %1 (got '%2')"),
    SAME("error.strategy.no_model", "strategy '%1' is benchmark-only and has no step model; modelled: %2"),
    SAME("error.input.count", "input must hold 1..%1 values (got %2)"),
    SAME("error.input.too_many", "input must hold 1..%1 values (got more than %1)"),
    SAME("error.input.empty", "input: empty value at position %1 (expected comma- or space-separated numbers)"),
    SAME("error.input.trailing_comma", "input: empty value after the last comma"),
    SAME("error.input.range", "input: value %1 '%2' is out of float32 range (magnitude at most 3.40282347e38)"),
    SAME("note.input.zero", "input: value %1 '%2' rounds to %3 in float32 (its magnitude is below half the smallest "
                            "subnormal, 1.40129846e-45)"),
    SAME("error.input.syntax", "input: value %1 '%2' is not a float32 number (a decimal such as -1.5e-3 with at most "
                               "one sign, inf, -inf, nan; 1..%3 values)"),
    SAME("error.block_size", "block-size must be a power of two in 1..1024 (got %1)"),
    SAME("error.warp_size", "warp-size must be 32, or 4, 8 or 16 as a teaching aid (got %1)"),
    SAME("error.coarse_factor", "coarse-factor must be in 1..64 (got %1)"),
    SAME("error.banks", "banks must be 32, or 4, 8 or 16 (got %1)"),
    SAME("error.atomic_order", "atomic-order must be in 0..%1 (0: by block, warp and lane) (got %2)"),
};
#undef SAME

std::string render_arg(const TextArg& a)
{
    switch (a.kind) {
    case TextArg::Kind::Count: return std::to_string(a.count);
    case TextArg::Kind::Number: return format_number(a.number);
    case TextArg::Kind::Code: return a.code;
    case TextArg::Kind::Nested: return a.nested.empty() ? std::string() : render_english(a.nested.front());
    }
    return {};
}

} // namespace

std::span<const MessageDef> message_catalogue() { return kMessages; }

const MessageDef* find_message(std::string_view id)
{
    for (const MessageDef& m : kMessages)
        if (m.id == id)
            return &m;
    return nullptr;
}

std::string substitute(std::string_view pattern, std::span<const std::string> args, std::string_view plural)
{
    std::string out;
    out.reserve(pattern.size() + 32);
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const char c = pattern[i];
        if (c == '%' && i + 1 < pattern.size()) {
            const char d = pattern[i + 1];
            if (d == 'n') {
                out += plural;
                ++i;
                continue;
            }
            if (d >= '1' && d <= '9') {
                const auto k = static_cast<std::size_t>(d - '1');
                if (k < args.size())
                    out += args[k];
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

std::string render_english(const Text& t)
{
    const MessageDef* m = find_message(t.id);
    if (!m)
        return t.id;
    std::vector<std::string> args;
    args.reserve(t.args.size());
    for (const TextArg& a : t.args)
        args.push_back(render_arg(a));
    std::string plural;
    std::string_view pattern = m->other;
    if (m->plural >= 0 && static_cast<std::size_t>(m->plural) < t.args.size()) {
        const TextArg& p = t.args[static_cast<std::size_t>(m->plural)];
        plural = args[static_cast<std::size_t>(m->plural)];
        if (p.kind == TextArg::Kind::Count && p.count == 1)
            pattern = m->one;
    }
    return substitute(pattern, args, plural);
}

std::string render_english(std::span<const Text> sentences)
{
    std::string out;
    for (const Text& t : sentences) {
        if (!out.empty())
            out += ' ';
        out += render_english(t);
    }
    return out;
}

std::string format_number(double v)
{
    if (std::isnan(v))
        return "nan";
    if (std::isinf(v))
        return v > 0 ? "inf" : "-inf";
    char buf[32];
    if (v == std::floor(v) && std::fabs(v) < 1e15)
        std::snprintf(buf, sizeof buf, "%.0f", v);
    else
        std::snprintf(buf, sizeof buf, "%.7g", v);
    return buf;
}

} // namespace reducescope::model
