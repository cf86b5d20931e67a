// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/common/model_text.h"

#include <QCoreApplication>

#include <cmath>

namespace reducescope::views {
namespace {

struct Listed {
    const char* source;
    const char* id;  ///< the disambiguation: the message id, or the strategy id
};

// Every message of model::message_catalogue(): its English `other` form, for lupdate. Keep in the
// catalogue's order; tst_model_words fails when the two differ.
constexpr Listed kModelTexts[] = {
    QT_TRANSLATE_N_NOOP3("ModelText", "%n blocks", "count.blocks"),
    QT_TRANSLATE_N_NOOP3("ModelText", "%n threads", "count.threads"),
    QT_TRANSLATE_NOOP3("ModelText", "the model orders them by block", "order.block"),
    QT_TRANSLATE_NOOP3("ModelText", "the model orders them by block and warp", "order.block_warp"),
    QT_TRANSLATE_NOOP3("ModelText", "the model orders them by block, warp and lane", "order.block_warp_lane"),
    QT_TRANSLATE_NOOP3("ModelText", "here in replayed order %1", "order.replayed"),
    QT_TRANSLATE_NOOP3("ModelText", "stride %1: %2 adds %3", "tree.label"),
    QT_TRANSLATE_NOOP3("ModelText", "Every thread adds its neighbour: input[2*tid] += input[2*tid + 1].", "simple.first"),
    QT_TRANSLATE_NOOP3("ModelText", "Only threads whose index is a multiple of %1 add, so the active lanes are spread out with gaps between them.", "simple.tree"),
    QT_TRANSLATE_N_NOOP3("ModelText", "The first %n threads add the element stride places to their right; the active lanes stay packed.", "convergent.tree"),
    QT_TRANSLATE_N_NOOP3("ModelText", "The last %n threads of the block add the element stride places to their left; the active lanes stay packed at the right end.", "reversed.tree"),
    QT_TRANSLATE_N_NOOP3("ModelText", "The textbook kernel is one block; here it runs as a grid of %n blocks, each on its own segment of %2 elements.", "grid.note"),
    QT_TRANSLATE_NOOP3("ModelText", "No warp diverges: every warp is either wholly busy or wholly idle.", "diverge.none"),
    QT_TRANSLATE_N_NOOP3("ModelText", "%n warps diverge: some of their live lanes run the step while the others wait.", "diverge.some"),
    QT_TRANSLATE_NOOP3("ModelText", "A %1-way bank conflict: the worst access puts %1 different words of one warp in the same bank, so the step's shared-memory accesses take %2 wavefronts instead of %3.", "banks.conflict"),
    QT_TRANSLATE_NOOP3("ModelText", "Every shared-memory access of this step is conflict-free: no bank holds two different words of one warp's access.", "banks.free"),
    QT_TRANSLATE_NOOP3("ModelText", "load: %1[t] = input[i] + input[i + %2]", "shared.load.label"),
    QT_TRANSLATE_N_NOOP3("ModelText", "Each thread adds two elements one block apart while loading them, so the tree in shared memory starts from %n partial sums per block instead of %2.", "shared.load"),
    QT_TRANSLATE_NOOP3("ModelText", "stride %1: index = %2*tid < %3 adds sdata[index + %1]", "strided.label"),
    QT_TRANSLATE_NOOP3("ModelText", "The active threads are packed, but neighbouring lanes touch words %1 apart.", "strided.tree"),
    QT_TRANSLATE_NOOP3("ModelText", "stride %1: index = %2*tid < %3 adds sdata[padded(index + %1)]", "padded.label"),
    QT_TRANSLATE_NOOP3("ModelText", "The same packed lanes and words as interleaved_strided, but word index sits at index + index/32 (one unused word after every 32), so lanes %1 words apart are spread over the banks.", "padded.tree"),
    QT_TRANSLATE_NOOP3("ModelText", "The padding is laid out for 32 banks; with %1 banks it cannot spread every warp's words.", "padded.few_banks"),
    QT_TRANSLATE_NOOP3("ModelText", "stride %1: t < %1 adds %2[t + %1]", "shared.label"),
    QT_TRANSLATE_NOOP3("ModelText", "A warp of %1 lanes reads more consecutive words than there are banks (%2), so they wrap around the banks.", "shared.few_banks"),
    QT_TRANSLATE_N_NOOP3("ModelText", "After a barrier, the first %n threads add the word stride places to their right; consecutive lanes read consecutive words.", "shared.tree"),
    QT_TRANSLATE_NOOP3("ModelText", "coarsen: each thread sums up to %1 elements (stride %2) in a register, then stores it to sdata[tid]", "coarsen.label.sum"),
    QT_TRANSLATE_NOOP3("ModelText", "coarsen: each thread takes the max of up to %1 elements (stride %2) in a register, then stores it to sdata[tid]", "coarsen.label.max"),
    QT_TRANSLATE_NOOP3("ModelText", "With COARSE_FACTOR = 1 there is no coarsening: two elements per thread, as in the segmented kernel.", "coarsen.one"),
    QT_TRANSLATE_N_NOOP3("ModelText", "With COARSE_FACTOR = %1, one thread does the work of %2 elements in registers before the tree, so the input takes %n blocks (%4 without coarsening).", "coarsen.many"),
    QT_TRANSLATE_NOOP3("ModelText", "Elements past the end are not loaded (the bounds checks of PMPP exercise 5).", "coarsen.bounds"),
    QT_TRANSLATE_NOOP3("ModelText", "stride %1: tid < %1 adds sdata[tid + %1]", "coarsen.tree.label.sum"),
    QT_TRANSLATE_NOOP3("ModelText", "stride %1: tid < %1 takes fmaxf with sdata[tid + %1]", "coarsen.tree.label.max"),
    QT_TRANSLATE_N_NOOP3("ModelText", "After a barrier, the first %n threads combine the word stride places to their right, the same convergent tree as the shared-memory kernel.", "coarsen.tree"),
    QT_TRANSLATE_NOOP3("ModelText", "CUDA has no float atomicMax, so the kernel loops on atomicCAS until its fmaxf result is stored.", "coarsen.max.tail"),
    QT_TRANSLATE_NOOP3("ModelText", "write: thread %1 stores %2 = %3 to *output", "write.label"),
    QT_TRANSLATE_NOOP3("ModelText", "One block holds the whole input, so a plain store of its result is enough: no atomic is needed.", "write.one_block"),
    QT_TRANSLATE_N_NOOP3("ModelText", "merge: one atomicAdd per block (%n blocks), *output = %2", "merge.label.add"),
    QT_TRANSLATE_N_NOOP3("ModelText", "merge: one atomic max (compare-and-swap loop) per block (%n blocks), *output = %2", "merge.label.max"),
    QT_TRANSLATE_N_NOOP3("ModelText", "merge: the one-block kernel ran as %n blocks; thread %2 of each atomicAdds its block's sum", "merge.label.one_block_kernel"),
    QT_TRANSLATE_NOOP3("ModelText", "Thread %1 of each block merges the block's result into *output with one atomicAdd; the atomics to one address are serialised (%2; the hardware's order varies from run to run).", "merge.add"),
    QT_TRANSLATE_NOOP3("ModelText", "Thread %1 of each block merges the block's result into *output with one atomic max (compare-and-swap loop); the atomics to one address are serialised (%2; the hardware's order varies from run to run).", "merge.max"),
    QT_TRANSLATE_NOOP3("ModelText", "The loop's < does not order -0 and +0: the first zero stored stays, so the sign of this zero result is the atomic order's.", "merge.zero_sign"),
    QT_TRANSLATE_NOOP3("ModelText", "shuffle offset %1: sum += __shfl_down_sync(mask, sum, %1)", "shuffle.label"),
    QT_TRANSLATE_NOOP3("ModelText", "shuffle offset %1: sum += __shfl_down_sync(mask, sum, %1) in the first warp", "shuffle.label.first_warp"),
    QT_TRANSLATE_NOOP3("ModelText", "Each lane adds the register of the lane %1 above it in its warp: no shared memory and no barrier. Lanes whose partner lies past the warp get their own value back; only lane 0's sum is used.", "shuffle"),
    QT_TRANSLATE_NOOP3("ModelText", "warp partials: lane 0 of each warp stores its sum to warp_sums[warp], then __syncthreads()", "partials.label"),
    QT_TRANSLATE_N_NOOP3("ModelText", "Each warp's sum is parked in shared memory (%n words per block) so one warp can combine them after a single barrier.", "partials"),
    QT_TRANSLATE_NOOP3("ModelText", "final warp: lane < %1 of warp 0 loads warp_sums[lane], the others 0", "final_warp.label"),
    QT_TRANSLATE_NOOP3("ModelText", "Only the first warp continues: it gathers the per-warp partials into its registers.", "final_warp"),
    QT_TRANSLATE_NOOP3("ModelText", "write: thread 0 of each block stores its sum to partials[blockIdx.x]", "write_partials.label"),
    QT_TRANSLATE_N_NOOP3("ModelText", "No atomics: each of the %n block sums goes to its own slot in global memory, to be reduced by a second pass.", "write_partials"),
    QT_TRANSLATE_N_NOOP3("ModelText", "grid-stride loop: each thread sums input[i], i += %1 (up to %n elements)", "grid_stride.label"),
    QT_TRANSLATE_N_NOOP3("ModelText", "The %n threads of the grid walk the input %n elements apart, so each warp's loads are consecutive (coalesced) and every thread enters the block reduce with one register sum.", "grid_stride"),
    QT_TRANSLATE_NOOP3("ModelText", "load: sum = input[i] (0 past the end)", "load.register.label"),
    QT_TRANSLATE_NOOP3("ModelText", "One element per thread goes straight into a register; threads past the end start from 0.", "load.register"),
    QT_TRANSLATE_N_NOOP3("ModelText", "atomic: lane 0 of each warp atomicAdds its warp's sum (%n atomics)", "warp_atomic.label"),
    QT_TRANSLATE_NOOP3("ModelText", "A warp's %1 elements cost one atomic instead of %1; the atomics are still serialised on the one address (%2; the hardware's order varies from run to run).", "warp_atomic"),
    QT_TRANSLATE_N_NOOP3("ModelText", "coarsen: %n float4 loads per thread (i += %2), sum += (x + y) + (z + w)", "vector.label"),
    QT_TRANSLATE_NOOP3("ModelText", "Each load instruction moves 16 bytes per lane, a quarter of the instructions of scalar loads.", "vector.loads"),
    QT_TRANSLATE_NOOP3("ModelText", "The input is a whole number of float4s: no element is left over.", "vector.no_tail"),
    QT_TRANSLATE_N_NOOP3("ModelText", "The %n elements past the last whole float4 are added by block 0 one by one.", "vector.tail"),
    QT_TRANSLATE_N_NOOP3("ModelText", "reset: thread 0 of each block draws a ticket (%n atomics); the first ticket's block zeroes *output and publishes it", "reset.label"),
    QT_TRANSLATE_NOOP3("ModelText", "The 64-bit ticket counter is never reset: a launch of G blocks hands out G consecutive tickets, so ticket / G numbers the launch. The block that draws the launch's first ticket sets *output = 0 and then publishes the launch number with a release atomic max (it never moves backwards), so no reset kernel or memset has to run before the launch. The model gives the tickets out in block order; on the GPU whichever block gets there first zeroes. The float4 loads are already in flight meanwhile.", "reset"),
    QT_TRANSLATE_NOOP3("ModelText", "First thread 0 waits (acquire loads) until the launch's zero of *output is published: release and acquire order that zero before every atomicAdd.", "self_reset.tail"),
    QT_TRANSLATE_NOOP3("ModelText", "reset ahead: thread 0 of block 0 zeroes ring[(e + 1) % 3] for the next launch", "zero_ahead.reset.label"),
    QT_TRANSLATE_NOOP3("ModelText", "The output is a ring of three floats and the caller numbers the launches: launch e adds into ring[e % 3], which launch e - 1 zeroed. Its first instruction zeroes the slot of launch e + 1, which nothing of this launch touches, and the end of the kernel orders that zero before the next launch's atomics: no reset before the launch, no ticket, no fence, no wait. The model runs launch e = 0: *output is ring[0], the zero goes to ring[1].", "zero_ahead.reset"),
    QT_TRANSLATE_NOOP3("ModelText", "*output is ring[e % 3] (ring[0] here); the result stays there until launch e + 2 zeroes it.", "zero_ahead.tail"),
    QT_TRANSLATE_N_NOOP3("ModelText", "second pass: a new kernel, one block of 1024 threads, sums the %n partials", "second_pass.label"),
    QT_TRANSLATE_NOOP3("ModelText", "The end of the first kernel is the barrier between the passes; the second kernel's threads each add the partials 1024 apart, then reduce as one block.", "second_pass"),
    QT_TRANSLATE_NOOP3("ModelText", "second pass: thread 0 stores the sum to *output", "second_pass.store.label"),
    QT_TRANSLATE_NOOP3("ModelText", "(The second kernel, two_pass_final.)", "second_pass.tail"),
    QT_TRANSLATE_N_NOOP3("ModelText", "grid.sync(), then block 0 sums the %n partials", "grid_sync.label"),
    QT_TRANSLATE_N_NOOP3("ModelText", "A barrier across all %n blocks of the grid (a cooperative launch) makes every partial visible; the other blocks are done, block 0 carries on in the same kernel.", "grid_sync"),
    QT_TRANSLATE_NOOP3("ModelText", "after grid.sync: thread 0 of block 0 stores the sum to *output", "grid_sync.store.label"),
    QT_TRANSLATE_NOOP3("ModelText", "load: each thread i < %1 reads input[i] into a register", "atomic.load.label"),
    QT_TRANSLATE_NOOP3("ModelText", "One element per thread: %1 of %2; threads past the end do nothing.", "atomic.load"),
    QT_TRANSLATE_NOOP3("ModelText", "race: every thread does *output += x, a plain load, add and store", "race.label"),
    QT_TRANSLATE_N_NOOP3("ModelText", "All lanes of a warp read the same old *output, so only one store per warp survives: here %n updates out of %2 are lost. The model lets the highest lane win and runs warps in order; real hardware picks differently and loses more across warps and blocks.", "race"),
    QT_TRANSLATE_N_NOOP3("ModelText", "atomic: every thread atomicAdds its element into *output (%n atomics)", "atomic.label"),
    QT_TRANSLATE_N_NOOP3("ModelText", "Each atomicAdd is a read-modify-write the memory system performs one at a time on the one address, so the %n additions run in sequence (%2; the hardware order is unspecified).", "atomic"),
    QT_TRANSLATE_N_NOOP3("ModelText", "%n atomicAdds of this step flushed a subnormal to zero, as atomicAdd on global memory does (PTX atom.global.add.f32); the first: %2 + %3 gave %4, where IEEE addition gives %5.", "atomic.flush"),
    QT_TRANSLATE_NOOP3("ModelText", "recorded on the GPU:%1", "recorded.label"),
    QT_TRANSLATE_NOOP3("ModelText", "recorded on the GPU:%1 stride %2", "recorded.label.stride"),
    QT_TRANSLATE_NOOP3("ModelText", "recorded on the GPU:%1 offset %2", "recorded.label.offset"),
    QT_TRANSLATE_NOOP3("ModelText", "What the kernel's probe recorded on the GPU: the lanes that ran this step's guarded code, their __activemask(), the index each wrote and the value after it.", "recorded"),
    QT_TRANSLATE_NOOP3("ModelText", "strategy must be one of: %1 (got '%2')", "error.strategy"),
    QT_TRANSLATE_NOOP3("ModelText", "strategy '%1' is benchmark-only and has no step model; modelled: %2", "error.strategy.no_model"),
    QT_TRANSLATE_NOOP3("ModelText", "input must hold 1..%1 values (got %2)", "error.input.count"),
    QT_TRANSLATE_NOOP3("ModelText", "input must hold 1..%1 values (got more than %1)", "error.input.too_many"),
    QT_TRANSLATE_NOOP3("ModelText", "input: empty value at position %1 (expected comma- or space-separated numbers)", "error.input.empty"),
    QT_TRANSLATE_NOOP3("ModelText", "input: empty value after the last comma", "error.input.trailing_comma"),
    QT_TRANSLATE_NOOP3("ModelText", "input: value %1 '%2' is out of float32 range (magnitude at most 3.40282347e38)", "error.input.range"),
    QT_TRANSLATE_NOOP3("ModelText", "input: value %1 '%2' rounds to %3 in float32 (its magnitude is below half the smallest subnormal, 1.40129846e-45)", "note.input.zero"),
    QT_TRANSLATE_NOOP3("ModelText", "input: value %1 '%2' is not a float32 number (a decimal such as -1.5e-3 with at most one sign, inf, -inf, nan; 1..%3 values)", "error.input.syntax"),
    QT_TRANSLATE_NOOP3("ModelText", "block-size must be a power of two in 1..1024 (got %1)", "error.block_size"),
    QT_TRANSLATE_NOOP3("ModelText", "warp-size must be 32, or 4, 8 or 16 as a teaching aid (got %1)", "error.warp_size"),
    QT_TRANSLATE_NOOP3("ModelText", "coarse-factor must be in 1..64 (got %1)", "error.coarse_factor"),
    QT_TRANSLATE_NOOP3("ModelText", "banks must be 32, or 4, 8 or 16 (got %1)", "error.banks"),
    QT_TRANSLATE_NOOP3("ModelText", "atomic-order must be in 0..%1 (0: by block, warp and lane) (got %2)", "error.atomic_order"),
};

// The strategies' summaries (model::StrategyInfo::summary), by id.
constexpr Listed kSummaries[] = {
    QT_TRANSLATE_NOOP3("StrategySummary", "stride doubles from 1, tid % stride == 0 adds: active lanes thin out inside every warp (divergence)", "simple"),
    QT_TRANSLATE_NOOP3("StrategySummary", "stride halves from blockDim, tid < stride adds: active lanes stay packed, no divergence until one warp is left", "convergent"),
    QT_TRANSLATE_NOOP3("StrategySummary", "the convergent tree folded toward the right end; the result lands in the last element", "convergent_reversed"),
    QT_TRANSLATE_NOOP3("StrategySummary", "shared-memory tree with index = 2*stride*tid: packed lanes, but strided words collide in banks", "interleaved_strided"),
    QT_TRANSLATE_NOOP3("StrategySummary", "interleaved_strided with one unused word after every 32 in shared memory: the strided words spread over all banks, no conflicts", "interleaved_padded"),
    QT_TRANSLATE_NOOP3("StrategySummary", "first add while loading into shared memory, then the convergent tree on chip", "shared"),
    QT_TRANSLATE_NOOP3("StrategySummary", "many blocks, each reduces 2*blockDim elements in shared memory, one atomicAdd per block", "segmented"),
    QT_TRANSLATE_NOOP3("StrategySummary", "each thread first sums COARSE_FACTOR*2 elements in a register: fewer blocks, barriers and atomics", "coarsened"),
    QT_TRANSLATE_NOOP3("StrategySummary", "the coarsened kernel as a max reduction; float atomic max by a compare-and-swap loop", "coarsened_max"),
    QT_TRANSLATE_NOOP3("StrategySummary", "every thread atomicAdds its element into one address: correct but fully serialised", "atomic_naive"),
    QT_TRANSLATE_NOOP3("StrategySummary", "every thread does a plain *output += x: read-modify-write races lose updates (expected wrong)", "race"),
    QT_TRANSLATE_NOOP3("StrategySummary", "__shfl_down_sync tree in registers, then one atomicAdd per warp", "warp_shuffle"),
    QT_TRANSLATE_NOOP3("StrategySummary", "two levels: shuffle within each warp, one warp reduces the per-warp partials, one atomic per block", "block_reduce"),
    QT_TRANSLATE_NOOP3("StrategySummary", "block partials written to global memory, a second kernel reduces them: no atomics", "two_pass"),
    QT_TRANSLATE_NOOP3("StrategySummary", "one cooperative kernel: block partials, grid.sync(), then block 0 reduces them", "grid_sync"),
    QT_TRANSLATE_NOOP3("StrategySummary", "float4 (packed) loads in a grid-stride loop, then the two-level block reduce", "vectorized"),
    QT_TRANSLATE_NOOP3("StrategySummary", "vectorized, but the kernel zeroes its own output: the block with the first ticket zeroes it (release), the others wait for that (acquire) before their atomicAdd", "self_reset"),
    QT_TRANSLATE_NOOP3("StrategySummary", "vectorized into a ring of three outputs: launch e adds into ring[e % 3], which launch e - 1 zeroed, and zeroes ring[(e + 1) % 3]; no reset, no fence, no wait", "zero_ahead"),
    QT_TRANSLATE_NOOP3("StrategySummary", "dot product: multiply pairs, then the shared-memory tree and one atomicAdd per block", "dot_shared"),
    QT_TRANSLATE_NOOP3("StrategySummary", "dot product with thread coarsening in registers", "dot_coarsened"),
    QT_TRANSLATE_NOOP3("StrategySummary", "coarsened dot product accumulating with fmaf", "dot_fma"),
    QT_TRANSLATE_NOOP3("StrategySummary", "CUB DeviceReduce::Sum / Max: the library baseline", "cub"),
    QT_TRANSLATE_NOOP3("StrategySummary", "CUB's single-pass sum: one kernel, one atomicAdd per block (CCCL 3.1's not_guaranteed DeviceReduce, or the same design from CUB's BlockLoad and BlockReduce)", "cub_single_pass"),
    QT_TRANSLATE_NOOP3("StrategySummary", "sequential float64 reduction on the CPU: the reference and the CPU baseline", "cpu"),
};

// Where each strategy comes from (model::StrategyInfo::seed), by id.
constexpr Listed kSeeds[] = {
    QT_TRANSLATE_NOOP3("StrategySeed", "seeds 000, 002 (PMPP Fig 10.6, exercises 1 and 6a)", "simple"),
    QT_TRANSLATE_NOOP3("StrategySeed", "seeds 000, 002 (PMPP Fig 10.9, exercises 2 and 6b)", "convergent"),
    QT_TRANSLATE_NOOP3("StrategySeed", "seed 002 (PMPP exercise 3)", "convergent_reversed"),
    QT_TRANSLATE_NOOP3("StrategySeed", "seed 003 (bank conflicts)", "interleaved_strided"),
    QT_TRANSLATE_NOOP3("StrategySeed", "seed 003 (bank conflicts: padding)", "interleaved_padded"),
    QT_TRANSLATE_NOOP3("StrategySeed", "seeds 000, 002 (PMPP Fig 10.11)", "shared"),
    QT_TRANSLATE_NOOP3("StrategySeed", "seeds 000, 002", "segmented"),
    QT_TRANSLATE_NOOP3("StrategySeed", "seeds 000, 002 (PMPP Fig 10.15, exercise 5)", "coarsened"),
    QT_TRANSLATE_NOOP3("StrategySeed", "seeds 000, 002 (PMPP exercise 4)", "coarsened_max"),
    QT_TRANSLATE_NOOP3("StrategySeed", "seed 003", "atomic_naive"),
    QT_TRANSLATE_NOOP3("StrategySeed", "seed 003", "race"),
    QT_TRANSLATE_NOOP3("StrategySeed", "seeds 001, 003", "warp_shuffle"),
    QT_TRANSLATE_NOOP3("StrategySeed", "seed 001", "block_reduce"),
    QT_TRANSLATE_NOOP3("StrategySeed", "seed 003", "two_pass"),
    QT_TRANSLATE_NOOP3("StrategySeed", "seed 003", "grid_sync"),
    QT_TRANSLATE_NOOP3("StrategySeed", "seed 001", "vectorized"),
    QT_TRANSLATE_NOOP3("StrategySeed", "beyond the seeds: PTX memory model (release/acquire)", "self_reset"),
    QT_TRANSLATE_NOOP3("StrategySeed", "beyond the seeds: issue 16's moonshot (docs/benchmarks.md)", "zero_ahead"),
    QT_TRANSLATE_NOOP3("StrategySeed", "seed 000", "dot_shared"),
    QT_TRANSLATE_NOOP3("StrategySeed", "seed 000", "dot_coarsened"),
    QT_TRANSLATE_NOOP3("StrategySeed", "seed 000", "dot_fma"),
    QT_TRANSLATE_NOOP3("StrategySeed", "CUB (CCCL)", "cub"),
    QT_TRANSLATE_NOOP3("StrategySeed", "CUB (CCCL)", "cub_single_pass"),
    QT_TRANSLATE_NOOP3("StrategySeed", "-", "cpu"),
};

// The families (model::family_name()).
[[maybe_unused]] constexpr const char* kFamilies[] = {
    QT_TRANSLATE_NOOP("Family", "Basics and divergence"),
    QT_TRANSLATE_NOOP("Family", "Shared memory and banks"),
    QT_TRANSLATE_NOOP("Family", "Many blocks and atomics"),
    QT_TRANSLATE_NOOP("Family", "Warp primitives"),
    QT_TRANSLATE_NOOP("Family", "Dot product"),
    QT_TRANSLATE_NOOP("Family", "Baselines"),
};

QString fromUtf8(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

QString argText(const model::TextArg& a)
{
    switch (a.kind) {
    case model::TextArg::Kind::Count: return QString::number(a.count);
    case model::TextArg::Kind::Number: return QString::fromStdString(model::format_number(a.number));
    case model::TextArg::Kind::Code: return QString::fromStdString(a.code);
    case model::TextArg::Kind::Nested: return a.nested.empty() ? QString() : modelText(a.nested.front());
    }
    return {};
}

// %1..%9 replaced in one pass (text put in is never scanned again: code such as "tid % 4" is safe).
QString substitute(const QString& pattern, const QStringList& args)
{
    QString out;
    out.reserve(pattern.size() + 32);
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        const QChar c = pattern.at(i);
        if (c == QLatin1Char('%') && i + 1 < pattern.size()) {
            const QChar d = pattern.at(i + 1);
            if (d >= QLatin1Char('1') && d <= QLatin1Char('9')) {
                const int k = d.unicode() - '1';
                if (k < args.size())
                    out += args.at(k);
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

bool endsSentenceWithoutSpace(const QString& s)
{
    if (s.isEmpty())
        return false;
    const QChar last = s.back();
    return last == QChar(0x3002) || last == QChar(0xFF01) || last == QChar(0xFF1F) || last == QChar(0xFF09)
        || last == QChar(0xFF1B) || last == QChar(0x300D);
}

} // namespace

QString modelText(const model::Text& t)
{
    const model::MessageDef* def = model::find_message(t.id);
    if (!def)
        return QString::fromStdString(t.id);
    QStringList args;
    args.reserve(qsizetype(t.args.size()));
    for (const model::TextArg& a : t.args)
        args << argText(a);
    const std::string source(def->other);
    const std::string id(def->id);
    QString pattern;
    if (def->plural >= 0 && std::size_t(def->plural) < t.args.size()) {
        const model::TextArg& p = t.args[std::size_t(def->plural)];
        const int n = p.kind == model::TextArg::Kind::Count ? int(p.count) : 0;
        pattern = QCoreApplication::translate("ModelText", source.c_str(), id.c_str(), n);
        // Untranslated (English, or a language without this message): the model's own forms,
        // whose singular the source text (the plural form) does not have.
        if (pattern == QString::fromUtf8(source.c_str()).replace(QStringLiteral("%n"), QString::number(n)))
            pattern = fromUtf8(n == 1 ? def->one : def->other).replace(QStringLiteral("%n"), QString::number(n));
    } else {
        pattern = QCoreApplication::translate("ModelText", source.c_str(), id.c_str());
    }
    return substitute(pattern, args);
}

QString modelSentences(std::span<const model::Text> sentences)
{
    QString out;
    for (const model::Text& t : sentences) {
        const QString s = modelText(t);
        if (!out.isEmpty() && !endsSentenceWithoutSpace(out))
            out += QLatin1Char(' ');
        out += s;
    }
    return out;
}

QString stepLabel(const model::Step& step)
{
    return step.label_text.empty() ? QString::fromStdString(step.label) : modelText(step.label_text);
}

QString stepExplanation(const model::Step& step)
{
    return step.explanation_text.empty() ? QString::fromStdString(step.explanation)
                                         : modelSentences(step.explanation_text);
}

QString refusalText(const model::ParamError& error)
{
    return error.text.empty() ? QString::fromStdString(error.message) : modelText(error.text);
}

QString strategySummary(const model::StrategyInfo& info)
{
    const std::string source(info.summary);
    const std::string id(info.id);
    return QCoreApplication::translate("StrategySummary", source.c_str(), id.c_str());
}

QString strategySeed(const model::StrategyInfo& info)
{
    const std::string source(info.seed);
    const std::string id(info.id);
    return QCoreApplication::translate("StrategySeed", source.c_str(), id.c_str());
}

QString familyName(model::Family family)
{
    const std::string name(model::family_name(family));
    return QCoreApplication::translate("Family", name.c_str());
}

QString floatText(float value, int significant)
{
    if (std::isnan(value))
        return QStringLiteral("NaN");
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("∞") : QStringLiteral("−∞");
    QString text = QString::number(double(value), 'g', significant);
    if (value == 0.0f && std::signbit(value))
        text = QStringLiteral("-0");
    return text;
}

QList<QPair<QString, QString>> listedModelTexts()
{
    QList<QPair<QString, QString>> out;
    for (const Listed& l : kModelTexts)
        out.append({QString::fromUtf8(l.id), QString::fromUtf8(l.source)});
    return out;
}

QList<QPair<QString, QString>> listedStrategySummaries()
{
    QList<QPair<QString, QString>> out;
    for (const Listed& l : kSummaries)
        out.append({QString::fromUtf8(l.id), QString::fromUtf8(l.source)});
    return out;
}

QList<QPair<QString, QString>> listedStrategySeeds()
{
    QList<QPair<QString, QString>> out;
    for (const Listed& l : kSeeds)
        out.append({QString::fromUtf8(l.id), QString::fromUtf8(l.source)});
    return out;
}

} // namespace reducescope::views
