<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>BenchFileList</name>
    <message numerus="yes">
        <source>%n results</source>
        <translation>
            <numerusform>%n result</numerusform>
            <numerusform>%n results</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExerciseText</name>
    <message numerus="yes">
        <source>%1: %2 in each of the %n step(s) (%3)</source>
        <translation>
            <numerusform>%1: %2 in each of the %n step (%3)</numerusform>
            <numerusform>%1: %2 in each of the %n steps (%3)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: as wanted in each of the %n step(s) (%2 in every step)</source>
        <translation>
            <numerusform>%1: as wanted in each of the %n step (%2 in every step)</numerusform>
            <numerusform>%1: as wanted in each of the %n steps (%2 in every step)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 in all %n step(s) together (%3)</source>
        <translation>
            <numerusform>%1: %2 in all %n step together (%3)</numerusform>
            <numerusform>%1: %2 in all %n steps together (%3)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: largest %2 in %n step(s) (%3)</source>
        <translation>
            <numerusform>%1: largest %2 in %n step (%3)</numerusform>
            <numerusform>%1: largest %2 in %n steps (%3)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: smallest %2 in %n step(s) (%3)</source>
        <translation>
            <numerusform>%1: smallest %2 in %n step (%3)</numerusform>
            <numerusform>%1: smallest %2 in %n steps (%3)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: not zero in %2 of %n step(s) (%3)</source>
        <translation>
            <numerusform>%1: not zero in %2 of %n step (%3)</numerusform>
            <numerusform>%1: not zero in %2 of %n steps (%3)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Solved: all %n check(s) hold</source>
        <translation>
            <numerusform>Solved: all %n check holds</numerusform>
            <numerusform>Solved: all %n checks hold</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Not yet: %1 of %n check(s) hold</source>
        <translation>
            <numerusform>Not yet: %1 of %n check holds</numerusform>
            <numerusform>Not yet: %1 of %n checks hold</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GpuRecorder</name>
    <message numerus="yes">
        <source>Recorded on the GPU: %1 — %n probe record(s)</source>
        <translation>
            <numerusform>Recorded on the GPU: %1 — %n probe record</numerusform>
            <numerusform>Recorded on the GPU: %1 — %n probe records</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ModelText</name>
    <message numerus="yes">
        <source>%n blocks</source>
        <comment>count.blocks</comment>
        <translation>
            <numerusform>%n block</numerusform>
            <numerusform>%n blocks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n threads</source>
        <comment>count.threads</comment>
        <translation>
            <numerusform>%n thread</numerusform>
            <numerusform>%n threads</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The first %n threads add the element stride places to their right; the active lanes stay packed.</source>
        <comment>convergent.tree</comment>
        <translation>
            <numerusform>The first thread adds the element stride places to its right; the active lanes stay packed.</numerusform>
            <numerusform>The first %n threads add the element stride places to their right; the active lanes stay packed.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The last %n threads of the block add the element stride places to their left; the active lanes stay packed at the right end.</source>
        <comment>reversed.tree</comment>
        <translation>
            <numerusform>The last thread of the block adds the element stride places to its left; the active lanes stay packed at the right end.</numerusform>
            <numerusform>The last %n threads of the block add the element stride places to their left; the active lanes stay packed at the right end.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The textbook kernel is one block; here it runs as a grid of %n blocks, each on its own segment of %2 elements.</source>
        <comment>grid.note</comment>
        <translation>
            <numerusform>The textbook kernel is one block; here it runs as a grid of %n block, on a segment of %2 elements.</numerusform>
            <numerusform>The textbook kernel is one block; here it runs as a grid of %n blocks, each on its own segment of %2 elements.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warps diverge: some of their live lanes run the step while the others wait.</source>
        <comment>diverge.some</comment>
        <translation>
            <numerusform>%n warp diverges: some of its live lanes run the step while the others wait.</numerusform>
            <numerusform>%n warps diverge: some of their live lanes run the step while the others wait.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Each thread adds two elements one block apart while loading them, so the tree in shared memory starts from %n partial sums per block instead of %2.</source>
        <comment>shared.load</comment>
        <translation>
            <numerusform>Each thread adds two elements one block apart while loading them, so the tree in shared memory starts from %n partial sum per block instead of %2.</numerusform>
            <numerusform>Each thread adds two elements one block apart while loading them, so the tree in shared memory starts from %n partial sums per block instead of %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>After a barrier, the first %n threads add the word stride places to their right; consecutive lanes read consecutive words.</source>
        <comment>shared.tree</comment>
        <translation>
            <numerusform>After a barrier, the first thread adds the word stride places to its right; consecutive lanes read consecutive words.</numerusform>
            <numerusform>After a barrier, the first %n threads add the word stride places to their right; consecutive lanes read consecutive words.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>With COARSE_FACTOR = %1, one thread does the work of %2 elements in registers before the tree, so the input takes %n blocks (%4 without coarsening).</source>
        <comment>coarsen.many</comment>
        <translation>
            <numerusform>With COARSE_FACTOR = %1, one thread does the work of %2 elements in registers before the tree, so the input takes %n block (%4 without coarsening).</numerusform>
            <numerusform>With COARSE_FACTOR = %1, one thread does the work of %2 elements in registers before the tree, so the input takes %n blocks (%4 without coarsening).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>After a barrier, the first %n threads combine the word stride places to their right, the same convergent tree as the shared-memory kernel.</source>
        <comment>coarsen.tree</comment>
        <translation>
            <numerusform>After a barrier, the first thread combines the word stride places to its right, the same convergent tree as the shared-memory kernel.</numerusform>
            <numerusform>After a barrier, the first %n threads combine the word stride places to their right, the same convergent tree as the shared-memory kernel.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>merge: one atomicAdd per block (%n blocks), *output = %2</source>
        <comment>merge.label.add</comment>
        <translation>
            <numerusform>merge: one atomicAdd per block (%n block), *output = %2</numerusform>
            <numerusform>merge: one atomicAdd per block (%n blocks), *output = %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>merge: one atomic max (compare-and-swap loop) per block (%n blocks), *output = %2</source>
        <comment>merge.label.max</comment>
        <translation>
            <numerusform>merge: one atomic max (compare-and-swap loop) per block (%n block), *output = %2</numerusform>
            <numerusform>merge: one atomic max (compare-and-swap loop) per block (%n blocks), *output = %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>merge: the one-block kernel ran as %n blocks; thread %2 of each atomicAdds its block&apos;s sum</source>
        <comment>merge.label.one_block_kernel</comment>
        <translation>
            <numerusform>merge: the one-block kernel ran as %n block; thread %2 of it atomicAdds its block&apos;s sum</numerusform>
            <numerusform>merge: the one-block kernel ran as %n blocks; thread %2 of each atomicAdds its block&apos;s sum</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Each warp&apos;s sum is parked in shared memory (%n words per block) so one warp can combine them after a single barrier.</source>
        <comment>partials</comment>
        <translation>
            <numerusform>Each warp&apos;s sum is parked in shared memory (%n word per block) so one warp can combine them after a single barrier.</numerusform>
            <numerusform>Each warp&apos;s sum is parked in shared memory (%n words per block) so one warp can combine them after a single barrier.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No atomics: each of the %n block sums goes to its own slot in global memory, to be reduced by a second pass.</source>
        <comment>write_partials</comment>
        <translation>
            <numerusform>No atomics: the block&apos;s sum goes to its own slot in global memory, to be reduced by a second pass.</numerusform>
            <numerusform>No atomics: each of the %n block sums goes to its own slot in global memory, to be reduced by a second pass.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>grid-stride loop: each thread sums input[i], i += %1 (up to %n elements)</source>
        <comment>grid_stride.label</comment>
        <translation>
            <numerusform>grid-stride loop: each thread sums input[i], i += %1 (up to %n element)</numerusform>
            <numerusform>grid-stride loop: each thread sums input[i], i += %1 (up to %n elements)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The %n threads of the grid walk the input %n elements apart, so each warp&apos;s loads are consecutive (coalesced) and every thread enters the block reduce with one register sum.</source>
        <comment>grid_stride</comment>
        <translation>
            <numerusform>The grid&apos;s only thread walks the whole input and enters the block reduce with one register sum.</numerusform>
            <numerusform>The %n threads of the grid walk the input %n elements apart, so each warp&apos;s loads are consecutive (coalesced) and every thread enters the block reduce with one register sum.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>atomic: lane 0 of each warp atomicAdds its warp&apos;s sum (%n atomics)</source>
        <comment>warp_atomic.label</comment>
        <translation>
            <numerusform>atomic: lane 0 of each warp atomicAdds its warp&apos;s sum (%n atomic)</numerusform>
            <numerusform>atomic: lane 0 of each warp atomicAdds its warp&apos;s sum (%n atomics)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>coarsen: %n float4 loads per thread (i += %2), sum += (x + y) + (z + w)</source>
        <comment>vector.label</comment>
        <translation>
            <numerusform>coarsen: %n float4 load per thread (i += %2), sum += (x + y) + (z + w)</numerusform>
            <numerusform>coarsen: %n float4 loads per thread (i += %2), sum += (x + y) + (z + w)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The %n elements past the last whole float4 are added by block 0 one by one.</source>
        <comment>vector.tail</comment>
        <translation>
            <numerusform>The one element past the last whole float4 is added by block 0 on its own.</numerusform>
            <numerusform>The %n elements past the last whole float4 are added by block 0 one by one.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>reset: thread 0 of each block draws a ticket (%n atomics); the first ticket&apos;s block zeroes *output and publishes it</source>
        <comment>reset.label</comment>
        <translation>
            <numerusform>reset: thread 0 of each block draws a ticket (%n atomic); the first ticket&apos;s block zeroes *output and publishes it</numerusform>
            <numerusform>reset: thread 0 of each block draws a ticket (%n atomics); the first ticket&apos;s block zeroes *output and publishes it</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>second pass: a new kernel, one block of 1024 threads, sums the %n partials</source>
        <comment>second_pass.label</comment>
        <translation>
            <numerusform>second pass: a new kernel, one block of 1024 threads, sums the %n partial</numerusform>
            <numerusform>second pass: a new kernel, one block of 1024 threads, sums the %n partials</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>grid.sync(), then block 0 sums the %n partials</source>
        <comment>grid_sync.label</comment>
        <translation>
            <numerusform>grid.sync(), then block 0 sums the %n partial</numerusform>
            <numerusform>grid.sync(), then block 0 sums the %n partials</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>A barrier across all %n blocks of the grid (a cooperative launch) makes every partial visible; the other blocks are done, block 0 carries on in the same kernel.</source>
        <comment>grid_sync</comment>
        <translation>
            <numerusform>A barrier across the grid&apos;s only block (a cooperative launch) makes its partial visible; block 0 carries on in the same kernel.</numerusform>
            <numerusform>A barrier across all %n blocks of the grid (a cooperative launch) makes every partial visible; the other blocks are done, block 0 carries on in the same kernel.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All lanes of a warp read the same old *output, so only one store per warp survives: here %n updates out of %2 are lost. The model lets the highest lane win and runs warps in order; real hardware picks differently and loses more across warps and blocks.</source>
        <comment>race</comment>
        <translation>
            <numerusform>All lanes of a warp read the same old *output, so only one store per warp survives: here %n update out of %2 is lost. The model lets the highest lane win and runs warps in order; real hardware picks differently and loses more across warps and blocks.</numerusform>
            <numerusform>All lanes of a warp read the same old *output, so only one store per warp survives: here %n updates out of %2 are lost. The model lets the highest lane win and runs warps in order; real hardware picks differently and loses more across warps and blocks.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>atomic: every thread atomicAdds its element into *output (%n atomics)</source>
        <comment>atomic.label</comment>
        <translation>
            <numerusform>atomic: every thread atomicAdds its element into *output (%n atomic)</numerusform>
            <numerusform>atomic: every thread atomicAdds its element into *output (%n atomics)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Each atomicAdd is a read-modify-write the memory system performs one at a time on the one address, so the %n additions run in sequence (%2; the hardware order is unspecified).</source>
        <comment>atomic</comment>
        <translation>
            <numerusform>Each atomicAdd is a read-modify-write the memory system performs one at a time on the one address; here a single thread makes the only one, so nothing waits.</numerusform>
            <numerusform>Each atomicAdd is a read-modify-write the memory system performs one at a time on the one address, so the %n additions run in sequence (%2; the hardware order is unspecified).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n atomicAdds of this step flushed a subnormal to zero, as atomicAdd on global memory does (PTX atom.global.add.f32); the first: %2 + %3 gave %4, where IEEE addition gives %5.</source>
        <comment>atomic.flush</comment>
        <translation>
            <numerusform>One atomicAdd of this step flushed a subnormal to zero, as atomicAdd on global memory does (PTX atom.global.add.f32): %2 + %3 gave %4, where IEEE addition gives %5.</numerusform>
            <numerusform>%n atomicAdds of this step flushed a subnormal to zero, as atomicAdd on global memory does (PTX atom.global.add.f32); the first: %2 + %3 gave %4, where IEEE addition gives %5.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Only the first warp is left: its first %n lanes finish the tree without a block barrier. They read shared memory through a volatile pointer and call __syncwarp() between the read and the write and after the write: the lanes of a warp need not run in step (independent thread scheduling, Volta and later), so without it a lane could overwrite a word another lane has not read yet.</source>
        <comment>warp_unrolled.tree</comment>
        <translation>
            <numerusform>Only the first warp is left: its first lane finishes the tree without a block barrier, reading shared memory through a volatile pointer, with __syncwarp() between its read and its write and after the write.</numerusform>
            <numerusform>Only the first warp is left: its first %n lanes finish the tree without a block barrier. They read shared memory through a volatile pointer and call __syncwarp() between the read and the write and after the write: the lanes of a warp need not run in step (independent thread scheduling, Volta and later), so without it a lane could overwrite a word another lane has not read yet.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The %n lanes at or past the stride add too: their sums land in words no later step reads, and a guard would save no instruction, since the warp issues each add once for all its lanes.</source>
        <comment>warp_unrolled.spare</comment>
        <translation>
            <numerusform>The lane at or past the stride adds too: its sum lands in a word no later step reads, and a guard would save no instruction, since the warp issues each add once for all its lanes.</numerusform>
            <numerusform>The %n lanes at or past the stride add too: their sums land in words no later step reads, and a guard would save no instruction, since the warp issues each add once for all its lanes.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Interleaving %3: the warps run in a shuffled order, and a warp that loads *output before the warps just before it have stored reads the same old value, so of such a group only the last store survives: here %n updates out of %2 are lost. Another seed is another interleaving; real hardware picks its own on every run.</source>
        <comment>race.replayed</comment>
        <translation>
            <numerusform>Interleaving %3: the warps run in a shuffled order, and a warp that loads *output before the warps just before it have stored reads the same old value, so of such a group only the last store survives: here %n update out of %2 is lost. Another seed is another interleaving; real hardware picks its own on every run.</numerusform>
            <numerusform>Interleaving %3: the warps run in a shuffled order, and a warp that loads *output before the warps just before it have stored reads the same old value, so of such a group only the last store survives: here %n updates out of %2 are lost. Another seed is another interleaving; real hardware picks its own on every run.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>access to %1[%2] (byte %3) outside its %n floats</source>
        <comment>simt.fault.out_of_bounds.floats</comment>
        <translation>
            <numerusform>access to %1[%2] (byte %3) outside its %n float</numerusform>
            <numerusform>access to %1[%2] (byte %3) outside its %n floats</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>access to %1[%2] (byte %3) outside its %n bytes</source>
        <comment>simt.fault.out_of_bounds.bytes</comment>
        <translation>
            <numerusform>access to %1[%2] (byte %3) outside its %n byte</numerusform>
            <numerusform>access to %1[%2] (byte %3) outside its %n bytes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>access to %1[%2] (byte %3) outside its %n floats (an extern __shared__ array holds the launch&apos;s dynamic shared memory: 4 x block size bytes unless --shared-bytes says more)</source>
        <comment>simt.fault.out_of_bounds.floats.extern</comment>
        <translation>
            <numerusform>access to %1[%2] (byte %3) outside its %n float (an extern __shared__ array holds the launch&apos;s dynamic shared memory: 4 x block size bytes unless --shared-bytes says more)</numerusform>
            <numerusform>access to %1[%2] (byte %3) outside its %n floats (an extern __shared__ array holds the launch&apos;s dynamic shared memory: 4 x block size bytes unless --shared-bytes says more)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>access to %1[%2] (byte %3) outside its %n bytes (an extern __shared__ array holds the launch&apos;s dynamic shared memory: 4 x block size bytes unless --shared-bytes says more)</source>
        <comment>simt.fault.out_of_bounds.bytes.extern</comment>
        <translation>
            <numerusform>access to %1[%2] (byte %3) outside its %n byte (an extern __shared__ array holds the launch&apos;s dynamic shared memory: 4 x block size bytes unless --shared-bytes says more)</numerusform>
            <numerusform>access to %1[%2] (byte %3) outside its %n bytes (an extern __shared__ array holds the launch&apos;s dynamic shared memory: 4 x block size bytes unless --shared-bytes says more)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>one step made more than %n warp-wide memory accesses without reaching a barrier (the engine&apos;s endless-loop limit)</source>
        <comment>simt.fault.endless_loop.accesses</comment>
        <translation>
            <numerusform>one step made more than %n warp-wide memory access without reaching a barrier (the engine&apos;s endless-loop limit)</numerusform>
            <numerusform>one step made more than %n warp-wide memory accesses without reaching a barrier (the engine&apos;s endless-loop limit)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the kernel ran more than %n warp instructions (the engine&apos;s endless-loop limit)</source>
        <comment>simt.fault.endless_loop.instructions</comment>
        <translation>
            <numerusform>the kernel ran more than %n warp instruction (the engine&apos;s endless-loop limit)</numerusform>
            <numerusform>the kernel ran more than %n warp instructions (the engine&apos;s endless-loop limit)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the kernel took more than %n steps (the trace format&apos;s step limit): a loop that does not end runs its barrier step again and again</source>
        <comment>simt.fault.endless_loop.steps</comment>
        <translation>
            <numerusform>the kernel took more than %n step (the trace format&apos;s step limit): a loop that does not end runs its barrier step again and again</numerusform>
            <numerusform>the kernel took more than %n steps (the trace format&apos;s step limit): a loop that does not end runs its barrier step again and again</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1; %n threads do this (%3-%4)</source>
        <comment>simt.fault.lanes.run</comment>
        <translation>
            <numerusform>%1; %n thread does this (%3-%4)</numerusform>
            <numerusform>%1; %n threads do this (%3-%4)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1; %n threads do this (first %3, last %4)</source>
        <comment>simt.fault.lanes.spread</comment>
        <translation>
            <numerusform>%1; %n thread does this (first %3, last %4)</numerusform>
            <numerusform>%1; %n threads do this (first %3, last %4)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of the %2 input values were never read (first input[%3], last input[%4]): the launch&apos;s %5 (grid %6 × block %7, elements per thread %8) read %9; a kernel that reads fewer values per thread needs a smaller elements per thread (1 for one value each)</source>
        <comment>simt.note.unread_input</comment>
        <translation>
            <numerusform>%n of the %2 input values was never read (input[%3]): the launch&apos;s %5 (grid %6 × block %7, elements per thread %8) read %9; a kernel that reads fewer values per thread needs a smaller elements per thread (1 for one value each)</numerusform>
            <numerusform>%n of the %2 input values were never read (first input[%3], last input[%4]): the launch&apos;s %5 (grid %6 × block %7, elements per thread %8) read %9; a kernel that reads fewer values per thread needs a smaller elements per thread (1 for one value each)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of the %2 input values were never read (first input[%3], last input[%4]): the launch&apos;s %5 (grid %6 × block %7, elements per thread %8) cover fewer values than the input holds; a larger grid or block size reaches them</source>
        <comment>simt.note.unread_input.launch</comment>
        <translation>
            <numerusform>%n of the %2 input values was never read (input[%3]): the launch&apos;s %5 (grid %6 × block %7, elements per thread %8) cover fewer values than the input holds; a larger grid or block size reaches it</numerusform>
            <numerusform>%n of the %2 input values were never read (first input[%3], last input[%4]): the launch&apos;s %5 (grid %6 × block %7, elements per thread %8) cover fewer values than the input holds; a larger grid or block size reaches them</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of the %2 input values were never read (first input[%3], last input[%4]): the launch&apos;s %5 (grid %6 × block %7, elements per thread %8) would cover them all, so the kernel&apos;s own indexing or bounds skip these</source>
        <comment>simt.note.unread_input.indexing</comment>
        <translation>
            <numerusform>%n of the %2 input values was never read (input[%3]): the launch&apos;s %5 (grid %6 × block %7, elements per thread %8) would cover them all, so the kernel&apos;s own indexing or bounds skip it</numerusform>
            <numerusform>%n of the %2 input values were never read (first input[%3], last input[%4]): the launch&apos;s %5 (grid %6 × block %7, elements per thread %8) would cover them all, so the kernel&apos;s own indexing or bounds skip these</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PredictText</name>
    <message numerus="yes">
        <source>%n more</source>
        <translation>
            <numerusform>%n more</numerusform>
            <numerusform>%n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Score: %1 of %n right</source>
        <translation>
            <numerusform>Score: %1 of %n right</numerusform>
            <numerusform>Score: %1 of %n right</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>all %n warps</source>
        <translation>
            <numerusform>all %n warps</numerusform>
            <numerusform>all %n warps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>all %n threads</source>
        <translation>
            <numerusform>all %n threads</numerusform>
            <numerusform>all %n threads</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>all %n cells</source>
        <translation>
            <numerusform>all %n cells</numerusform>
            <numerusform>all %n cells</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warps: %1 (%2 apart)</source>
        <translation>
            <numerusform>%n warp: %1 (%2 apart)</numerusform>
            <numerusform>%n warps: %1 (%2 apart)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n threads: %1 (%2 apart)</source>
        <translation>
            <numerusform>%n thread: %1 (%2 apart)</numerusform>
            <numerusform>%n threads: %1 (%2 apart)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cells: %1 (%2 apart)</source>
        <translation>
            <numerusform>%n cell: %1 (%2 apart)</numerusform>
            <numerusform>%n cells: %1 (%2 apart)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>reducescope::app::BenchRunPanel</name>
    <message numerus="yes">
        <source>… %n earlier line(s) folded (failures are kept)</source>
        <translation>
            <numerusform>… %n earlier line folded (failures are kept)</numerusform>
            <numerusform>… %n earlier lines folded (failures are kept)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>reducescope::app::BenchmarkPane</name>
    <message numerus="yes">
        <source>1 distinct in %n run(s) (order not fixed)</source>
        <translation>
            <numerusform>1 distinct in %n run (order not fixed)</numerusform>
            <numerusform>1 distinct in %n runs (order not fixed)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n launch(es) left the output unwritten)</source>
        <translation>
            <numerusform>(%n launch left the output unwritten)</numerusform>
            <numerusform>(%n launches left the output unwritten)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n result(s) repeated, each over up to %1 launches on the same input.</source>
        <translation>
            <numerusform>%n result repeated, each over up to %1 launches on the same input.</numerusform>
            <numerusform>%n results repeated, each over up to %1 launches on the same input.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> %n stdout line(s) could not be read; the last: %1</source>
        <translation>
            <numerusform> %n stdout line could not be read; the last: %1</numerusform>
            <numerusform> %n stdout lines could not be read; the last: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>reducescope::app::KernelPane</name>
    <message numerus="yes">
        <source>%n diagnostic(s) or fault(s): click one to go to its line</source>
        <translation>
            <numerusform>%n diagnostic or fault: click it to go to its line</numerusform>
            <numerusform>%n diagnostics or faults: click one to go to its line</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n step(s)</source>
        <translation>
            <numerusform>%n step</numerusform>
            <numerusform>%n steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n value(s)</source>
        <translation>
            <numerusform>%n value</numerusform>
            <numerusform>%n values</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Check: it compiles; %n kernel(s) the engine can run</source>
        <translation>
            <numerusform>Check: it compiles; %n kernel the engine can run</numerusform>
            <numerusform>Check: it compiles; %n kernels the engine can run</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; ⚠ %n input value(s) never read (the warning below)</source>
        <translation>
            <numerusform>; ⚠ %n input value never read (the warning below)</numerusform>
            <numerusform>; ⚠ %n input values never read (the warning below)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>reducescope::app::StepSidebar</name>
    <message numerus="yes">
        <source>&lt;br&gt;%n warp(s) ran a step in several groups (split __activemask())</source>
        <translation>
            <numerusform>&lt;br&gt;%n warp ran a step in several groups (split __activemask())</numerusform>
            <numerusform>&lt;br&gt;%n warps ran a step in several groups (split __activemask())</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Result of this interleaving: %1 · exact sum (float64): %2 · %n of %3 updates lost</source>
        <translation>
            <numerusform>Result of this interleaving: %1 · exact sum (float64): %2 · %n of %3 updates lost</numerusform>
            <numerusform>Result of this interleaving: %1 · exact sum (float64): %2 · %n of %3 updates lost</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>reducescope::views::CountersView</name>
    <message numerus="yes">
        <source>expected wrong: %n of %1 updates lost, carrying %2</source>
        <translation>
            <numerusform>expected wrong: %n of %1 updates lost, carrying %2</numerusform>
            <numerusform>expected wrong: %n of %1 updates lost, carrying %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>reducescope::views::StepTableModel</name>
    <message numerus="yes">
        <source>, … (%n value(s))</source>
        <translation>
            <numerusform>, … (%n value)</numerusform>
            <numerusform>, … (%n values)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>reducescope::views::WarpMapView</name>
    <message numerus="yes">
        <source>%1: %n divergent warp-steps</source>
        <translation>
            <numerusform>%1: %n divergent warp-step</numerusform>
            <numerusform>%1: %n divergent warp-steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n in the strides</source>
        <translation>
            <numerusform>%n in the strides</numerusform>
            <numerusform>%n in the strides</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n in the final write</source>
        <translation>
            <numerusform>%n in the final write</numerusform>
            <numerusform>%n in the final write</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n in the other steps</source>
        <translation>
            <numerusform>%n in the other steps</numerusform>
            <numerusform>%n in the other steps</numerusform>
        </translation>
    </message>
</context>
</TS>
