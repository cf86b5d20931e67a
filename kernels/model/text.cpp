// SPDX-License-Identifier: GPL-3.0-or-later
// The model's messages and their English (text.h). Each row is the one home of a message's words:
// the CLI renders its English from here, and lupdate reads the same row (model/words.h) as the
// source text of its translations, context "ModelText", disambiguation its id.
#include "model/text.h"
#include "model/words.h"

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

constexpr std::array kMessages{
    // --- counted nouns, nested in sentences that count two things ------------------------------
    REDUCESCOPE_PLURAL_MESSAGE("ModelText", "%n blocks", "count.blocks").with_one("%n block", 0),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText", "%n threads", "count.threads").with_one("%n thread", 0),

    // --- the order the atomics on one address are replayed in (nested) ------------------------
    REDUCESCOPE_MESSAGE("ModelText", "the model orders them by block", "order.block"),
    REDUCESCOPE_MESSAGE("ModelText", "the model orders them by block and warp", "order.block_warp"),
    REDUCESCOPE_MESSAGE("ModelText", "the model orders them by block, warp and lane", "order.block_warp_lane"),
    REDUCESCOPE_MESSAGE("ModelText", "here in replayed order %1", "order.replayed"),

    // --- in-place trees in global memory: simple, convergent, convergent_reversed --------------
    REDUCESCOPE_MESSAGE("ModelText", "stride %1: %2 adds %3", "tree.label"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "Every thread adds its neighbour: input[2*tid] += input[2*tid + 1].",
                        "simple.first"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "Only threads whose index is a multiple of %1 add, so the active lanes are spread out with "
                        "gaps between them.",
                        "simple.tree"),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "The first %n threads add the element stride places to their right; the active lanes "
                               "stay packed.",
                               "convergent.tree")
        .with_one("The first thread adds the element stride places to its right; the active lanes stay packed.", 0),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "The last %n threads of the block add the element stride places to their left; the "
                               "active lanes stay packed at the right end.",
                               "reversed.tree")
        .with_one("The last thread of the block adds the element stride places to its left; the active lanes "
                  "stay packed at the right end.", 0),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "The textbook kernel is one block; here it runs as a grid of %n blocks, each on its "
                               "own segment of %2 elements.",
                               "grid.note")
        .with_one("The textbook kernel is one block; here it runs as a grid of %n block, on a segment of %2 "
                  "elements.", 0),

    // --- own kernels (the SIMT engine, kernels/simt): %1 is the list of source lines the step ran ---
    REDUCESCOPE_MESSAGE("ModelText", "lines %1, up to __syncthreads()", "engine.label.barrier"),
    REDUCESCOPE_MESSAGE("ModelText", "lines %1: shuffle, offset %2", "engine.label.shuffle"),
    REDUCESCOPE_MESSAGE("ModelText", "lines %1: atomics", "engine.label.atomic"),
    REDUCESCOPE_MESSAGE("ModelText", "lines %1", "engine.label.step"),
    REDUCESCOPE_MESSAGE("ModelText", "lines %1, to the end of the kernel", "engine.label.end"),
    REDUCESCOPE_MESSAGE("ModelText", "lines %1: stopped by a fault", "engine.label.fault"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "%1 of %2 threads did work in this step (a memory access, a float operation of the "
                        "reduction, a shuffle or an atomic).",
                        "engine.active"),
    REDUCESCOPE_MESSAGE("ModelText", "Fault: %1", "engine.fault"),
    // A fault of a kind the engine names (model::Fault::kind): the kind in the reader's language,
    // %1 the engine's own (English) account of it.
    // (the race's sentence itself begins "data race on ...")
    REDUCESCOPE_MESSAGE("ModelText", "Fault: %1", "engine.fault.data_race"),
    REDUCESCOPE_MESSAGE("ModelText", "Fault, a barrier only part of the block reaches: %1", "engine.fault.partial_barrier"),
    REDUCESCOPE_MESSAGE("ModelText", "Fault, an access out of bounds: %1", "engine.fault.out_of_bounds"),
    REDUCESCOPE_MESSAGE("ModelText", "Fault, a shuffle that reads a lane taking no part: %1",
                        "engine.fault.shuffle_inactive_lane"),
    REDUCESCOPE_MESSAGE("ModelText", "Fault, an endless loop: %1", "engine.fault.endless_loop"),
    REDUCESCOPE_MESSAGE("ModelText", "Fault, an integer division by zero: %1", "engine.fault.division_by_zero"),
    REDUCESCOPE_MESSAGE("ModelText", "Fault, unreachable code reached: %1", "engine.fault.unreachable"),

    // --- the engine's account of a fault (model::Fault::text, kernels/simt) ---------------------
    // %1 is an array's name as the kernel spells it; thread and lane numbers are global thread
    // indices and lanes within a warp, as model::Fault::lanes.
    REDUCESCOPE_MESSAGE("ModelText",
                        "data race on %1[%2]: thread %3 writes the word that thread %4 wrote at line %5, with no "
                        "barrier between",
                        "simt.fault.data_race.writes_wrote"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "data race on %1[%2]: thread %3 writes the word that thread %4 read at line %5, with no "
                        "barrier between",
                        "simt.fault.data_race.writes_read"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "data race on %1[%2]: thread %3 reads the word that thread %4 wrote at line %5, with no "
                        "barrier between",
                        "simt.fault.data_race.reads_wrote"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "data race on %1[%2]: thread %3 writes the word that thread %4 wrote at line %5, in another "
                        "block (no barrier orders blocks)",
                        "simt.fault.data_race.writes_wrote.block"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "data race on %1[%2]: thread %3 writes the word that thread %4 read at line %5, in another "
                        "block (no barrier orders blocks)",
                        "simt.fault.data_race.writes_read.block"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "data race on %1[%2]: thread %3 reads the word that thread %4 wrote at line %5, in another "
                        "block (no barrier orders blocks)",
                        "simt.fault.data_race.reads_wrote.block"),
    // %1: one of the data_race sentences above, about two lanes of one warp.
    REDUCESCOPE_MESSAGE("ModelText",
                        "%1; both are lanes of one warp with no barrier between (__syncwarp() orders the lanes of a "
                        "warp, __syncthreads() every thread of the block): lock step hides this here, but from Volta on "
                        "a warp's lanes are not guaranteed to run together (racecheck reports it)",
                        "simt.fault.data_race.lock_step"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "__syncthreads() reached by part of block %1: the warps starting at the threads listed had "
                        "already returned",
                        "simt.fault.partial_barrier.returned"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "__syncthreads() inside a branch that part of warp %1 of block %2 did not take; the threads "
                        "listed do not reach it",
                        "simt.fault.partial_barrier.branch"),
    REDUCESCOPE_MESSAGE("ModelText", "access through a pointer that points into no array",
                        "simt.fault.out_of_bounds.no_array"),
    // %1[%2]: the array and the float index, %3 the byte offset, %n the array's extent.
    REDUCESCOPE_PLURAL_MESSAGE("ModelText", "access to %1[%2] (byte %3) outside its %n floats",
                               "simt.fault.out_of_bounds.floats")
        .with_one("access to %1[%2] (byte %3) outside its %n float", 3),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText", "access to %1[%2] (byte %3) outside its %n bytes",
                               "simt.fault.out_of_bounds.bytes")
        .with_one("access to %1[%2] (byte %3) outside its %n byte", 3),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "access to %1[%2] (byte %3) outside its %n floats (an extern __shared__ array holds the "
                               "launch's dynamic shared memory: 4 x block size bytes unless --shared-bytes says more)",
                               "simt.fault.out_of_bounds.floats.extern")
        .with_one("access to %1[%2] (byte %3) outside its %n float (an extern __shared__ array holds the launch's "
                  "dynamic shared memory: 4 x block size bytes unless --shared-bytes says more)", 3),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "access to %1[%2] (byte %3) outside its %n bytes (an extern __shared__ array holds the "
                               "launch's dynamic shared memory: 4 x block size bytes unless --shared-bytes says more)",
                               "simt.fault.out_of_bounds.bytes.extern")
        .with_one("access to %1[%2] (byte %3) outside its %n byte (an extern __shared__ array holds the launch's "
                  "dynamic shared memory: 4 x block size bytes unless --shared-bytes says more)", 3),
    REDUCESCOPE_MESSAGE("ModelText",
                        "access to %1 at byte %2, not a multiple of its %3-byte alignment (a GPU stops with a "
                        "misaligned address)",
                        "simt.fault.misaligned"),
    REDUCESCOPE_MESSAGE("ModelText", "the shuffle's mask leaves out the calling lane %1 of warp %2",
                        "simt.fault.shuffle_inactive_lane.self"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "lane %1 reads lane %2 of warp %3, which is not active here (it skipped this shuffle)",
                        "simt.fault.shuffle_inactive_lane.inactive"),
    REDUCESCOPE_MESSAGE("ModelText", "lane %1 reads lane %2 of warp %3, which is excluded by the mask",
                        "simt.fault.shuffle_inactive_lane.excluded"),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "one step made more than %n warp-wide memory accesses without reaching a barrier (the "
                               "engine's endless-loop limit)",
                               "simt.fault.endless_loop.accesses")
        .with_one("one step made more than %n warp-wide memory access without reaching a barrier (the engine's "
                  "endless-loop limit)", 0),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "the kernel ran more than %n warp instructions (the engine's endless-loop limit)",
                               "simt.fault.endless_loop.instructions")
        .with_one("the kernel ran more than %n warp instruction (the engine's endless-loop limit)", 0),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "the kernel took more than %n steps (the trace format's step limit): a loop that does "
                               "not end runs its barrier step again and again",
                               "simt.fault.endless_loop.steps")
        .with_one("the kernel took more than %n step (the trace format's step limit): a loop that does not end "
                  "runs its barrier step again and again", 0),
    // %1 this step, %2 the earlier step whose state it repeats (1-based)
    REDUCESCOPE_MESSAGE("ModelText",
                        "after step %1 the kernel's whole state (registers, memory, where each warp stands) is "
                        "the same as after step %2: it repeats those steps forever and never ends",
                        "simt.fault.endless_loop.repeat"),
    // %1 the limit (simt::kMaxTraceLaneRecords), %2 the step reached, %3 the launch's threads
    REDUCESCOPE_MESSAGE("ModelText",
                        "the trace passed %1 lane records (%2 steps of %3 threads; the engine's endless-loop "
                        "limit): a loop that does not end runs its barrier step again and again; a kernel that "
                        "really needs more steps: fewer values or threads",
                        "simt.fault.endless_loop.records"),
    REDUCESCOPE_MESSAGE("ModelText", "integer division by zero", "simt.fault.division_by_zero"),
    REDUCESCOPE_MESSAGE("ModelText", "integer remainder by zero (x % 0)", "simt.fault.division_by_zero.remainder"),
    REDUCESCOPE_MESSAGE("ModelText", "the kernel reached code marked unreachable", "simt.fault.unreachable"),
    // A fault of more than one lane, counted: %1 the sentence above, %n the lanes (model::Fault::
    // lanes), %3..%4 the first and the last (.run: every thread between them).
    REDUCESCOPE_PLURAL_MESSAGE("ModelText", "%1; %n threads do this (%3-%4)", "simt.fault.lanes.run")
        .with_one("%1; %n thread does this (%3-%4)", 1),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText", "%1; %n threads do this (first %3, last %4)", "simt.fault.lanes.spread")
        .with_one("%1; %n thread does this (first %3, last %4)", 1),

    // An own kernel's note (model::Note "unread_input"): %n input values no thread read of %2, the
    // first %3 and the last %4 (0-based indices), the launch's threads %5 (count.threads: grid %6 x
    // block %7) at %8 elements per thread, which read %9 of them; the advice after the colon
    // follows the counts (simt::run, note_unread_input): a smaller E; a larger launch; the
    // kernel's own indexing.
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "%n of the %2 input values were never read (first input[%3], last input[%4]): the "
                               "launch's %5 (grid %6 × block %7, elements per thread %8) read %9; a kernel that "
                               "reads fewer values per thread needs a smaller elements per thread (1 for one value "
                               "each)",
                               "simt.note.unread_input")
        .with_one("%n of the %2 input values was never read (input[%3]): the launch's %5 (grid %6 × block %7, "
                  "elements per thread %8) read %9; a kernel that reads fewer values per thread needs a smaller "
                  "elements per thread (1 for one value each)", 0),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "%n of the %2 input values were never read (first input[%3], last input[%4]): the "
                               "launch's %5 (grid %6 × block %7, elements per thread %8) cover fewer values than "
                               "the input holds; a larger grid or block size reaches them",
                               "simt.note.unread_input.launch")
        .with_one("%n of the %2 input values was never read (input[%3]): the launch's %5 (grid %6 × block %7, "
                  "elements per thread %8) cover fewer values than the input holds; a larger grid or block size "
                  "reaches it", 0),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "%n of the %2 input values were never read (first input[%3], last input[%4]): the "
                               "launch's %5 (grid %6 × block %7, elements per thread %8) would cover them all, so "
                               "the kernel's own indexing or bounds skip these",
                               "simt.note.unread_input.indexing")
        .with_one("%n of the %2 input values was never read (input[%3]): the launch's %5 (grid %6 × block %7, "
                  "elements per thread %8) would cover them all, so the kernel's own indexing or bounds skip it", 0),

    // --- divergence and banks: sentences derived from the step's counters ----------------------
    REDUCESCOPE_MESSAGE("ModelText",
                        "No warp diverges: every warp is either wholly busy or wholly idle.",
                        "diverge.none"),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "%n warps diverge: some of their live lanes run the step while the others wait.",
                               "diverge.some")
        .with_one("%n warp diverges: some of its live lanes run the step while the others wait.", 0),
    REDUCESCOPE_MESSAGE("ModelText",
                        "A %1-way bank conflict: the worst access puts %1 different words of one warp in the same "
                        "bank, so the step's shared-memory accesses take %2 wavefronts instead of %3.",
                        "banks.conflict"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "Every shared-memory access of this step is conflict-free: no bank holds two different "
                        "words of one warp's access.",
                        "banks.free"),

    // --- shared-memory trees: interleaved_strided, shared, segmented ---------------------------
    REDUCESCOPE_MESSAGE("ModelText", "load: %1[t] = input[i] + input[i + %2]", "shared.load.label"),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "Each thread adds two elements one block apart while loading them, so the tree in "
                               "shared memory starts from %n partial sums per block instead of %2.",
                               "shared.load")
        .with_one("Each thread adds two elements one block apart while loading them, so the tree in shared "
                  "memory starts from %n partial sum per block instead of %2.", 0),
    REDUCESCOPE_MESSAGE("ModelText", "stride %1: index = %2*tid < %3 adds sdata[index + %1]", "strided.label"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "The active threads are packed, but neighbouring lanes touch words %1 apart.",
                        "strided.tree"),
    REDUCESCOPE_MESSAGE("ModelText", "stride %1: index = %2*tid < %3 adds sdata[padded(index + %1)]", "padded.label"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "The same packed lanes and words as interleaved_strided, but word index sits at index + "
                        "index/32 (one unused word after every 32), so lanes %1 words apart are spread over the "
                        "banks.",
                        "padded.tree"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "The padding is laid out for 32 banks; with %1 banks it cannot spread every warp's words.",
                        "padded.few_banks"),
    REDUCESCOPE_MESSAGE("ModelText", "stride %1: t < %1 adds %2[t + %1]", "shared.label"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "A warp of %1 lanes reads more consecutive words than there are banks (%2), so they wrap "
                        "around the banks.",
                        "shared.few_banks"),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "After a barrier, the first %n threads add the word stride places to their right; "
                               "consecutive lanes read consecutive words.",
                               "shared.tree")
        .with_one("After a barrier, the first thread adds the word stride places to its right; consecutive "
                  "lanes read consecutive words.", 0),

    // --- the warp-synchronous last warp: warp_unrolled -------------------------------------------
    REDUCESCOPE_MESSAGE("ModelText", "stride %1: tid < %2 of warp 0 adds vdata[tid + %1], with __syncwarp()",
                        "warp_unrolled.label"),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "Only the first warp is left: its first %n lanes finish the tree without a block "
                               "barrier. They read shared memory through a volatile pointer and call __syncwarp() "
                               "between the read and the write and after the write: the lanes of a warp need not run "
                               "in step (independent thread scheduling, Volta and later), so without it a lane could "
                               "overwrite a word another lane has not read yet.",
                               "warp_unrolled.tree")
        .with_one("Only the first warp is left: its first lane finishes the tree without a block barrier, "
                  "reading shared memory through a volatile pointer, with __syncwarp() between its read and its "
                  "write and after the write.", 0),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "The %n lanes at or past the stride add too: their sums land in words no later step "
                               "reads, and a guard would save no instruction, since the warp issues each add once "
                               "for all its lanes.",
                               "warp_unrolled.spare")
        .with_one("The lane at or past the stride adds too: its sum lands in a word no later step reads, and a "
                  "guard would save no instruction, since the warp issues each add once for all its lanes.", 0),

    // --- coarsening: coarsened, coarsened_max --------------------------------------------------
    REDUCESCOPE_MESSAGE("ModelText",
                        "coarsen: each thread sums up to %1 elements (stride %2) in a register, then stores it to "
                        "sdata[tid]",
                        "coarsen.label.sum"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "coarsen: each thread takes the max of up to %1 elements (stride %2) in a register, then "
                        "stores it to sdata[tid]",
                        "coarsen.label.max"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "With COARSE_FACTOR = 1 there is no coarsening: two elements per thread, as in the "
                        "segmented kernel.",
                        "coarsen.one"),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "With COARSE_FACTOR = %1, one thread does the work of %2 elements in registers "
                               "before the tree, so the input takes %n blocks (%4 without coarsening).",
                               "coarsen.many")
        .with_one("With COARSE_FACTOR = %1, one thread does the work of %2 elements in registers before the "
                  "tree, so the input takes %n block (%4 without coarsening).", 2),
    REDUCESCOPE_MESSAGE("ModelText",
                        "Elements past the end are not loaded (the bounds checks of PMPP exercise 5).",
                        "coarsen.bounds"),
    REDUCESCOPE_MESSAGE("ModelText", "stride %1: tid < %1 adds sdata[tid + %1]", "coarsen.tree.label.sum"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "stride %1: tid < %1 takes fmaxf with sdata[tid + %1]",
                        "coarsen.tree.label.max"),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "After a barrier, the first %n threads combine the word stride places to their "
                               "right, the same convergent tree as the shared-memory kernel.",
                               "coarsen.tree")
        .with_one("After a barrier, the first thread combines the word stride places to its right, the same "
                  "convergent tree as the shared-memory kernel.", 0),
    REDUCESCOPE_MESSAGE("ModelText",
                        "CUDA has no float atomicMax, so the kernel loops on atomicCAS until its fmaxf result is "
                        "stored.",
                        "coarsen.max.tail"),

    // --- the merge into *output ----------------------------------------------------------------
    REDUCESCOPE_MESSAGE("ModelText", "write: thread %1 stores %2 = %3 to *output", "write.label"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "One block holds the whole input, so a plain store of its result is enough: no atomic is "
                        "needed.",
                        "write.one_block"),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "merge: one atomicAdd per block (%n blocks), *output = %2",
                               "merge.label.add")
        .with_one("merge: one atomicAdd per block (%n block), *output = %2", 0),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "merge: one atomic max (compare-and-swap loop) per block (%n blocks), *output = %2",
                               "merge.label.max")
        .with_one("merge: one atomic max (compare-and-swap loop) per block (%n block), *output = %2", 0),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "merge: the one-block kernel ran as %n blocks; thread %2 of each atomicAdds its "
                               "block's sum",
                               "merge.label.one_block_kernel")
        .with_one("merge: the one-block kernel ran as %n block; thread %2 of it atomicAdds its block's sum", 0),
    REDUCESCOPE_MESSAGE("ModelText",
                        "Thread %1 of each block merges the block's result into *output with one atomicAdd; the "
                        "atomics to one address are serialised (%2; the hardware's order varies from run to run).",
                        "merge.add"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "Thread %1 of each block merges the block's result into *output with one atomic max "
                        "(compare-and-swap loop); the atomics to one address are serialised (%2; the hardware's "
                        "order varies from run to run).",
                        "merge.max"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "The loop's < does not order -0 and +0: the first zero stored stays, so the sign of this "
                        "zero result is the atomic order's.",
                        "merge.zero_sign"),

    // --- warp primitives: warp_shuffle, block_reduce, two_pass, grid_sync, vectorized, self_reset
    REDUCESCOPE_MESSAGE("ModelText", "shuffle offset %1: sum += __shfl_down_sync(mask, sum, %1)", "shuffle.label"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "shuffle offset %1: sum += __shfl_down_sync(mask, sum, %1) in the first warp",
                        "shuffle.label.first_warp"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "Each lane adds the register of the lane %1 above it in its warp: no shared memory and no "
                        "barrier. Lanes whose partner lies past the warp get their own value back; only lane 0's "
                        "sum is used.",
                        "shuffle"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "warp partials: lane 0 of each warp stores its sum to warp_sums[warp], then __syncthreads()",
                        "partials.label"),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "Each warp's sum is parked in shared memory (%n words per block) so one warp can "
                               "combine them after a single barrier.",
                               "partials")
        .with_one("Each warp's sum is parked in shared memory (%n word per block) so one warp can combine them "
                  "after a single barrier.", 0),
    REDUCESCOPE_MESSAGE("ModelText",
                        "final warp: lane < %1 of warp 0 loads warp_sums[lane], the others 0",
                        "final_warp.label"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "Only the first warp continues: it gathers the per-warp partials into its registers.",
                        "final_warp"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "write: thread 0 of each block stores its sum to partials[blockIdx.x]",
                        "write_partials.label"),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "No atomics: each of the %n block sums goes to its own slot in global memory, to be "
                               "reduced by a second pass.",
                               "write_partials")
        .with_one("No atomics: the block's sum goes to its own slot in global memory, to be reduced by a second "
                  "pass.", 0),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "grid-stride loop: each thread sums input[i], i += %1 (up to %n elements)",
                               "grid_stride.label")
        .with_one("grid-stride loop: each thread sums input[i], i += %1 (up to %n element)", 1),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "The %n threads of the grid walk the input %n elements apart, so each warp's loads "
                               "are consecutive (coalesced) and every thread enters the block reduce with one "
                               "register sum.",
                               "grid_stride")
        .with_one("The grid's only thread walks the whole input and enters the block reduce with one register "
                  "sum.", 0),
    REDUCESCOPE_MESSAGE("ModelText", "load: sum = input[i] (0 past the end)", "load.register.label"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "One element per thread goes straight into a register; threads past the end start from 0.",
                        "load.register"),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "atomic: lane 0 of each warp atomicAdds its warp's sum (%n atomics)",
                               "warp_atomic.label")
        .with_one("atomic: lane 0 of each warp atomicAdds its warp's sum (%n atomic)", 0),
    REDUCESCOPE_MESSAGE("ModelText",
                        "A warp's %1 elements cost one atomic instead of %1; the atomics are still serialised on "
                        "the one address (%2; the hardware's order varies from run to run).",
                        "warp_atomic"),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "coarsen: %n float4 loads per thread (i += %2), sum += (x + y) + (z + w)",
                               "vector.label")
        .with_one("coarsen: %n float4 load per thread (i += %2), sum += (x + y) + (z + w)", 0),
    REDUCESCOPE_MESSAGE("ModelText",
                        "Each load instruction moves 16 bytes per lane, a quarter of the instructions of scalar "
                        "loads.",
                        "vector.loads"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "The input is a whole number of float4s: no element is left over.",
                        "vector.no_tail"),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "The %n elements past the last whole float4 are added by block 0 one by one.",
                               "vector.tail")
        .with_one("The one element past the last whole float4 is added by block 0 on its own.", 0),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "reset: thread 0 of each block draws a ticket (%n atomics); the first ticket's block "
                               "zeroes *output and publishes it",
                               "reset.label")
        .with_one("reset: thread 0 of each block draws a ticket (%n atomic); the first ticket's block zeroes "
                  "*output and publishes it", 0),
    REDUCESCOPE_MESSAGE("ModelText",
                        "The 64-bit ticket counter is never reset: a launch of G blocks hands out G consecutive "
                        "tickets, so ticket / G numbers the launch. The block that draws the launch's first ticket "
                        "sets *output = 0 and then publishes the launch number with a release atomic max (it never "
                        "moves backwards), so no reset kernel or memset has to run before the launch. The model "
                        "gives the tickets out in block order; on the GPU whichever block gets there first zeroes. "
                        "The float4 loads are already in flight meanwhile.",
                        "reset"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "First thread 0 waits (acquire loads) until the launch's zero of *output is published: "
                        "release and acquire order that zero before every atomicAdd.",
                        "self_reset.tail"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "reset ahead: thread 0 of block 0 zeroes ring[(e + 1) % 3] for the next launch",
                        "zero_ahead.reset.label"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "The output is a ring of three floats and the caller numbers the launches: launch e adds "
                        "into ring[e % 3], which launch e - 1 zeroed. Its first instruction zeroes the slot of "
                        "launch e + 1, which nothing of this launch touches, and the end of the kernel orders that "
                        "zero before the next launch's atomics: no reset before the launch, no ticket, no fence, no "
                        "wait. The model runs launch e = 0: *output is ring[0], the zero goes to ring[1].",
                        "zero_ahead.reset"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "*output is ring[e % 3] (ring[0] here); the result stays there until launch e + 2 zeroes it.",
                        "zero_ahead.tail"),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "second pass: a new kernel, one block of 1024 threads, sums the %n partials",
                               "second_pass.label")
        .with_one("second pass: a new kernel, one block of 1024 threads, sums the %n partial", 0),
    REDUCESCOPE_MESSAGE("ModelText",
                        "The end of the first kernel is the barrier between the passes; the second kernel's threads "
                        "each add the partials 1024 apart, then reduce as one block.",
                        "second_pass"),
    REDUCESCOPE_MESSAGE("ModelText", "second pass: thread 0 stores the sum to *output", "second_pass.store.label"),
    REDUCESCOPE_MESSAGE("ModelText", "(The second kernel, two_pass_final.)", "second_pass.tail"),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText", "grid.sync(), then block 0 sums the %n partials", "grid_sync.label")
        .with_one("grid.sync(), then block 0 sums the %n partial", 0),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "A barrier across all %n blocks of the grid (a cooperative launch) makes every "
                               "partial visible; the other blocks are done, block 0 carries on in the same kernel.",
                               "grid_sync")
        .with_one("A barrier across the grid's only block (a cooperative launch) makes its partial visible; "
                  "block 0 carries on in the same kernel.", 0),
    REDUCESCOPE_MESSAGE("ModelText",
                        "after grid.sync: thread 0 of block 0 stores the sum to *output",
                        "grid_sync.store.label"),

    // --- one element per thread: atomic_naive, race --------------------------------------------
    REDUCESCOPE_MESSAGE("ModelText", "load: each thread i < %1 reads input[i] into a register", "atomic.load.label"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "One element per thread: %1 of %2; threads past the end do nothing.",
                        "atomic.load"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "race: every thread does *output += x, a plain load, add and store",
                        "race.label"),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "All lanes of a warp read the same old *output, so only one store per warp survives: "
                               "here %n updates out of %2 are lost. The model lets the highest lane win and runs "
                               "warps in order; real hardware picks differently and loses more across warps and "
                               "blocks.",
                               "race")
        .with_one("All lanes of a warp read the same old *output, so only one store per warp survives: here %n "
                  "update out of %2 is lost. The model lets the highest lane win and runs warps in order; real "
                  "hardware picks differently and loses more across warps and blocks.", 0),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "Interleaving %3: the warps run in a shuffled order, and a warp that loads *output "
                               "before the warps just before it have stored reads the same old value, so of such a "
                               "group only the last store survives: here %n updates out of %2 are lost. Another seed "
                               "is another interleaving; real hardware picks its own on every run.",
                               "race.replayed")
        .with_one("Interleaving %3: the warps run in a shuffled order, and a warp that loads *output before the "
                  "warps just before it have stored reads the same old value, so of such a group only the last "
                  "store survives: here %n update out of %2 is lost. Another seed is another interleaving; real "
                  "hardware picks its own on every run.", 0),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "atomic: every thread atomicAdds its element into *output (%n atomics)",
                               "atomic.label")
        .with_one("atomic: every thread atomicAdds its element into *output (%n atomic)", 0),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "Each atomicAdd is a read-modify-write the memory system performs one at a time on "
                               "the one address, so the %n additions run in sequence (%2; the hardware order is "
                               "unspecified).",
                               "atomic")
        .with_one("Each atomicAdd is a read-modify-write the memory system performs one at a time on the one "
                  "address; here a single thread makes the only one, so nothing waits.", 0),
    REDUCESCOPE_PLURAL_MESSAGE("ModelText",
                               "%n atomicAdds of this step flushed a subnormal to zero, as atomicAdd on global "
                               "memory does (PTX atom.global.add.f32); the first: %2 + %3 gave %4, where IEEE "
                               "addition gives %5.",
                               "atomic.flush")
        .with_one("One atomicAdd of this step flushed a subnormal to zero, as atomicAdd on global memory does "
                  "(PTX atom.global.add.f32): %2 + %3 gave %4, where IEEE addition gives %5.", 0),

    // --- GPU recordings (kernels/cuda/recorded_trace.cpp) --------------------------------------
    REDUCESCOPE_MESSAGE("ModelText", "recorded on the GPU:%1", "recorded.label"),
    REDUCESCOPE_MESSAGE("ModelText", "recorded on the GPU:%1 stride %2", "recorded.label.stride"),
    REDUCESCOPE_MESSAGE("ModelText", "recorded on the GPU:%1 offset %2", "recorded.label.offset"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "What the kernel's probe recorded on the GPU: the lanes that ran this step's guarded code, "
                        "their __activemask(), the index each wrote and the value after it.",
                        "recorded"),

    // --- refusals of model::validate() and model::parse_input() --------------------------------
    REDUCESCOPE_MESSAGE("ModelText", "strategy must be one of: %1 (got '%2')", "error.strategy"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "strategy '%1' is benchmark-only and has no step model; modelled: %2",
                        "error.strategy.no_model"),
    REDUCESCOPE_MESSAGE("ModelText", "input must hold 1..%1 values (got %2)", "error.input.count"),
    REDUCESCOPE_MESSAGE("ModelText", "input must hold 1..%1 values (got more than %1)", "error.input.too_many"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "input: empty value at position %1 (expected comma- or space-separated numbers)",
                        "error.input.empty"),
    REDUCESCOPE_MESSAGE("ModelText", "input: empty value after the last comma", "error.input.trailing_comma"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "input: value %1 '%2' is out of float32 range (magnitude at most 3.40282347e38)",
                        "error.input.range"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "input: value %1 '%2' rounds to %3 in float32 (its magnitude is below half the smallest "
                        "subnormal, 1.40129846e-45)",
                        "note.input.zero"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "input: value %1 '%2' is not a float32 number (a decimal such as -1.5e-3 with at most one "
                        "sign, inf, -inf, nan; 1..%3 values)",
                        "error.input.syntax"),
    REDUCESCOPE_MESSAGE("ModelText", "block-size must be a power of two in 1..1024 (got %1)", "error.block_size"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "warp-size must be 32, or 4, 8 or 16 as a teaching aid (got %1)",
                        "error.warp_size"),
    REDUCESCOPE_MESSAGE("ModelText", "coarse-factor must be in 1..64 (got %1)", "error.coarse_factor"),
    REDUCESCOPE_MESSAGE("ModelText", "banks must be 32, or 4, 8 or 16 (got %1)", "error.banks"),
    REDUCESCOPE_MESSAGE("ModelText",
                        "atomic-order must be in 0..%1 (0: by block, warp and lane) (got %2)",
                        "error.atomic_order"),
};

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
