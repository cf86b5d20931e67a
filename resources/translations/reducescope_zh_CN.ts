<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>BenchFileList</name>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>block size</source>
        <translation>线程块大小</translation>
    </message>
    <message>
        <source>coarse factor</source>
        <translation>粗化因子</translation>
    </message>
    <message>
        <source>hot cache</source>
        <translation>热缓存</translation>
    </message>
    <message>
        <source>cold cache</source>
        <translation>冷缓存</translation>
    </message>
    <message>
        <source>unnamed device</source>
        <translation>未命名设备</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>sweep over %1 × %2 at N = %3</source>
        <translation>N = %3 时遍历 %1 × %2</translation>
    </message>
    <message>
        <source>sweep over N: %1 … %2</source>
        <translation>遍历 N：%1 … %2</translation>
    </message>
    <message>
        <source>N = %1, sweep over %2: %3</source>
        <translation>N = %1，遍历%2：%3</translation>
    </message>
    <message>
        <source>N = %1</source>
        <translation>N = %1</translation>
    </message>
    <message>
        <source>%1 mode</source>
        <translation>%1 模式</translation>
    </message>
    <message>
        <source>%1 mode, %2</source>
        <translation>%1 模式，%2</translation>
    </message>
    <message>
        <source>%1 to %2 GPUs</source>
        <translation>%1 至 %2 块 GPU</translation>
    </message>
    <message numerus="yes">
        <source>%n results</source>
        <translation>
            <numerusform>%n 个结果</numerusform>
        </translation>
    </message>
    <message>
        <source>with hardware counters</source>
        <translation>含硬件计数器</translation>
    </message>
    <message>
        <source>incomplete run</source>
        <translation>未完成的运行</translation>
    </message>
    <message>
        <source>Lecture: %1</source>
        <translation>课堂用：%1</translation>
    </message>
</context>
<context>
    <name>BenchRequest</name>
    <message>
        <source>N: expected 1 .. %1, got %2</source>
        <translation>N：应在 1 .. %1 之间，实际为 %2</translation>
    </message>
    <message>
        <source>repetitions: expected 1 .. 100000, got %1</source>
        <translation>重复次数：应在 1 .. 100000 之间，实际为 %1</translation>
    </message>
    <message>
        <source>mode: expected per-launch | loop | graph, got &quot;%1&quot;</source>
        <translation>计时模式：应为 per-launch | loop | graph，实际为“%1”</translation>
    </message>
    <message>
        <source>cache: expected hot | cold, got &quot;%1&quot;</source>
        <translation>缓存：应为 hot | cold，实际为“%1”</translation>
    </message>
    <message>
        <source>block size: expected a power of two in 32 .. 1024, got %1</source>
        <translation>线程块大小：应为 32 .. 1024 中 2 的幂，实际为 %1</translation>
    </message>
    <message>
        <source>coarse factor: expected a power of two in 1 .. 64, got %1</source>
        <translation>粗化因子：应为 1 .. 64 中 2 的幂，实际为 %1</translation>
    </message>
    <message>
        <source>sweep: expected none | n | block_size | coarse_factor, got &quot;%1&quot;</source>
        <translation>遍历：应为 none | n | block_size | coarse_factor，实际为“%1”</translation>
    </message>
    <message>
        <source>sweep values: empty (e.g. 1K..1G for N, 64,128,256 for block size)</source>
        <translation>遍历取值：为空（例如 N 用 1K..1G，线程块大小用 64,128,256）</translation>
    </message>
    <message>
        <source>sweep values: %1</source>
        <translation>遍历取值：%1</translation>
    </message>
    <message>
        <source>sweep values: expected a list of powers of two in %1 .. %2, got &quot;%3&quot;</source>
        <translation>遍历取值：应为 %1 .. %2 中 2 的幂组成的列表，实际为“%3”</translation>
    </message>
    <message>
        <source>my kernel: runs at one N; set the sweep to none</source>
        <translation>我的核函数：只在一个 N 上运行；请把遍历设为无</translation>
    </message>
</context>
<context>
    <name>BenchResult</name>
    <message>
        <source>my kernel (%1)</source>
        <translation>我的核函数（%1）</translation>
    </message>
</context>
<context>
    <name>BenchResults</name>
    <message>
        <source>%1: cannot write (%2)</source>
        <translation>%1：无法写入（%2）</translation>
    </message>
    <message>
        <source>a directory</source>
        <translation>一个目录</translation>
    </message>
    <message>
        <source>a FIFO</source>
        <translation>一个 FIFO</translation>
    </message>
    <message>
        <source>a device</source>
        <translation>一个设备</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>一个套接字</translation>
    </message>
    <message>
        <source>not a plain file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <source>not a regular file (%1); the app reads only regular files of at most %2 MiB</source>
        <translation>不是普通文件（%1）；本程序只读取至多 %2 MiB 的普通文件</translation>
    </message>
    <message>
        <source>%1 MiB, over the limit of %2 MiB for a file the app reads</source>
        <translation>%1 MiB，超过本程序读取文件的上限 %2 MiB</translation>
    </message>
    <message>
        <source>no file name given (expected a results .json file)</source>
        <translation>没有给出文件名（需要一个结果 .json 文件）</translation>
    </message>
    <message>
        <source>cannot open (%1)</source>
        <translation>无法打开（%1）</translation>
    </message>
    <message>
        <source>cannot open (stat failed)</source>
        <translation>无法打开（stat 失败）</translation>
    </message>
    <message>
        <source>cannot open (No such file or directory)</source>
        <translation>无法打开（没有那个文件或目录）</translation>
    </message>
    <message>
        <source>cannot read (%1)</source>
        <translation>无法读取（%1）</translation>
    </message>
    <message>
        <source>Speed-up vs %1</source>
        <translation>相对 %1 的加速比</translation>
    </message>
    <message>
        <source>no file name given (expected a results .json file with counters)</source>
        <translation>未给出文件名（应为带硬件计数器的结果 .json 文件）</translation>
    </message>
</context>
<context>
    <name>BenchRunner</name>
    <message>
        <source>1 result</source>
        <translation>1 个结果</translation>
    </message>
    <message>
        <source>%1 results</source>
        <translation>%1 个结果</translation>
    </message>
</context>
<context>
    <name>BenchStatus</name>
    <message>
        <source>OK</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>WRONG</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>expected wrong</source>
        <translation>预期错误</translation>
    </message>
    <message>
        <source>error</source>
        <translation>出错</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>已跳过</translation>
    </message>
</context>
<context>
    <name>ExerciseText</name>
    <message>
        <source>Divergent warps</source>
        <translation>发散的线程束</translation>
    </message>
    <message>
        <source>Active lanes</source>
        <translation>活跃 lane</translation>
    </message>
    <message>
        <source>Worst bank conflict (ways)</source>
        <translation>最严重的 bank 冲突（路数）</translation>
    </message>
    <message>
        <source>Shared-memory wavefronts</source>
        <translation>共享内存波前</translation>
    </message>
    <message>
        <source>Extra shared-memory wavefronts (from bank conflicts)</source>
        <translation>额外的共享内存波前（来自 bank 冲突）</translation>
    </message>
    <message>
        <source>Global-memory sectors</source>
        <translation>全局内存扇区</translation>
    </message>
    <message>
        <source>Barriers</source>
        <translation>屏障</translation>
    </message>
    <message>
        <source>Atomic operations</source>
        <translation>原子操作</translation>
    </message>
    <message>
        <source>Additions</source>
        <translation>加法</translation>
    </message>
    <message>
        <source>Lost updates</source>
        <translation>丢失的更新</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Blocks launched</source>
        <translation>启动的线程块</translation>
    </message>
    <message>
        <source>Threads per block</source>
        <translation>每个线程块的线程数</translation>
    </message>
    <message>
        <source>Error of the result</source>
        <translation>结果的误差</translation>
    </message>
    <message>
        <source>Faults</source>
        <translation>故障</translation>
    </message>
    <message>
        <source>want %1</source>
        <translation>应为 %1</translation>
    </message>
    <message>
        <source>want anything but %1</source>
        <translation>应不为 %1</translation>
    </message>
    <message>
        <source>want less than %1</source>
        <translation>应小于 %1</translation>
    </message>
    <message>
        <source>want at most %1</source>
        <translation>应不超过 %1</translation>
    </message>
    <message>
        <source>want more than %1</source>
        <translation>应大于 %1</translation>
    </message>
    <message>
        <source>want at least %1</source>
        <translation>应不少于 %1</translation>
    </message>
    <message>
        <source>Lines changed from the starting source: %1 (%2)</source>
        <translation>相对起始源码改动的行数：%1（%2）</translation>
    </message>
    <message>
        <source>Faults: none (%1)</source>
        <translation>故障：无（%1）</translation>
    </message>
    <message>
        <source>Faults: %1, the first a %2 at line %3 (%4)</source>
        <translation>故障：%1 个，第一个是第 %3 行的%2（%4）</translation>
    </message>
    <message>
        <source>Result %1, exact sum %2: off by %3 (%4)</source>
        <translation>结果 %1，精确和 %2：相差 %3（%4）</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1：%2（%3）</translation>
    </message>
    <message>
        <source>%1 in steps %2–%3</source>
        <translation>%1（第 %2–%3 步）</translation>
    </message>
    <message>
        <source>%1 at strides %2–%3</source>
        <translation>%1（步长 %2–%3）</translation>
    </message>
    <message>
        <source>%1: no step selected (%2)</source>
        <translation>%1：没有选中任何一步（%2）</translation>
    </message>
    <message>
        <source>%1: %2 at step %3 (%4 in every step)</source>
        <translation>%1：第 %3 步为 %2（每一步都%4）</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 in each of the %n step(s) (%3)</source>
        <translation>
            <numerusform>%1：%n 步中每一步都为 %2（%3）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: as wanted in each of the %n step(s) (%2 in every step)</source>
        <translation>
            <numerusform>%1：%n 步中每一步都符合要求（每一步都%2）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 in all %n step(s) together (%3)</source>
        <translation>
            <numerusform>%1：%n 步合计 %2（%3）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: largest %2 in %n step(s) (%3)</source>
        <translation>
            <numerusform>%1：%n 步中最大为 %2（%3）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: smallest %2 in %n step(s) (%3)</source>
        <translation>
            <numerusform>%1：%n 步中最小为 %2（%3）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: not zero in %2 of %n step(s) (%3)</source>
        <translation>
            <numerusform>%1：%n 步中有 %2 步不为零（%3）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Solved: all %n check(s) hold</source>
        <translation>
            <numerusform>已完成：%n 项检查全部通过</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Not yet: %1 of %n check(s) hold</source>
        <translation>
            <numerusform>尚未完成：%n 项检查中 %1 项通过</numerusform>
        </translation>
    </message>
    <message>
        <source>Result on a second input: not run</source>
        <translation>第二组输入上的结果：未运行</translation>
    </message>
    <message>
        <source>Result on a second input %1, exact sum %2: off by %3, with a %4 at line %5 (%6, no fault)</source>
        <translation>第二组输入上的结果 %1，精确和 %2：相差 %3，且第 %5 行有%4（%6，且应无故障）</translation>
    </message>
    <message>
        <source>Result on a second input %1, exact sum %2: off by %3 (%4)</source>
        <translation>第二组输入上的结果 %1，精确和 %2：相差 %3（%4）</translation>
    </message>
</context>
<context>
    <name>Family</name>
    <message>
        <source>Basics and divergence</source>
        <translation>基础与分支发散</translation>
    </message>
    <message>
        <source>Shared memory and banks</source>
        <translation>共享内存与 bank</translation>
    </message>
    <message>
        <source>Many blocks and atomics</source>
        <translation>多线程块与原子操作</translation>
    </message>
    <message>
        <source>Warp primitives</source>
        <translation>线程束原语</translation>
    </message>
    <message>
        <source>Dot product</source>
        <translation>点积</translation>
    </message>
    <message>
        <source>Baselines</source>
        <translation>基线</translation>
    </message>
</context>
<context>
    <name>FaultKind</name>
    <message>
        <source>data race</source>
        <translation>数据竞争</translation>
    </message>
    <message>
        <source>barrier reached by part of the block</source>
        <translation>只有部分线程到达的屏障</translation>
    </message>
    <message>
        <source>out-of-bounds access</source>
        <translation>越界访问</translation>
    </message>
    <message>
        <source>misaligned access</source>
        <translation>未对齐的访问</translation>
    </message>
    <message>
        <source>shuffle from an inactive lane</source>
        <translation>读取不活跃 lane 的洗牌</translation>
    </message>
    <message>
        <source>endless loop</source>
        <translation>死循环</translation>
    </message>
    <message>
        <source>division by zero</source>
        <translation>除以零</translation>
    </message>
    <message>
        <source>unreachable code reached</source>
        <translation>执行到了不可达代码</translation>
    </message>
</context>
<context>
    <name>GpuRecorder</name>
    <message>
        <source>no file name given (expected a trace .json file)</source>
        <translation>没有给出文件名（需要一个轨迹 .json 文件）</translation>
    </message>
    <message>
        <source>from %1</source>
        <translation>来自 %1</translation>
    </message>
    <message>
        <source>Step model</source>
        <translation>分步模型</translation>
    </message>
    <message numerus="yes">
        <source>Recorded on the GPU: %1 — %n probe record(s)</source>
        <translation>
            <numerusform>在 GPU 上记录：%1 — %n 条探针记录</numerusform>
        </translation>
    </message>
    <message>
        <source>Your kernel %1 on the CPU engine</source>
        <translation>你的核函数 %1，在 CPU 引擎上运行</translation>
    </message>
</context>
<context>
    <name>HardwareCounters</name>
    <message>
        <source>divergent branches</source>
        <translation>发散分支</translation>
    </message>
    <message>
        <source>divergent warp-steps</source>
        <translation>发散的线程束步</translation>
    </message>
    <message>
        <source>bank conflicts, shared loads</source>
        <translation>bank 冲突，共享内存载入</translation>
    </message>
    <message>
        <source>extra load wavefronts</source>
        <translation>额外的载入波前</translation>
    </message>
    <message>
        <source>bank conflicts, shared stores</source>
        <translation>bank 冲突，共享内存存储</translation>
    </message>
    <message>
        <source>extra store wavefronts</source>
        <translation>额外的存储波前</translation>
    </message>
    <message>
        <source>wavefronts, shared loads</source>
        <translation>波前，共享内存载入</translation>
    </message>
    <message>
        <source>load wavefronts</source>
        <translation>载入波前</translation>
    </message>
    <message>
        <source>wavefronts, shared stores</source>
        <translation>波前，共享内存存储</translation>
    </message>
    <message>
        <source>store wavefronts</source>
        <translation>存储波前</translation>
    </message>
    <message>
        <source>Not collected in this run (the metric is not in the file).</source>
        <translation>本次运行没有采集（文件中没有这个指标）。</translation>
    </message>
    <message>
        <source>No model figure to compare with.</source>
        <translation>没有可以比较的模型数值。</translation>
    </message>
    <message>
        <source>Same: every divergent step of the model is a real branch in the machine code.</source>
        <translation>相同：模型中每个发散的步骤在机器码中都是真正的分支。</translation>
    </message>
    <message>
        <source>The tree&apos;s guarded body is a real branch and agrees; the extra 1 is the final write: if (tid == 0) makes the other threads EXIT, and an exit is not a branch.</source>
        <translation>归约树中受条件保护的代码是真正的分支，两者一致；多出的 1 来自写出结果这一步：if (tid == 0) 让其他线程 EXIT，而退出不算分支。</translation>
    </message>
    <message>
        <source>The compiler predicated the guarded loads, add and store (@P LDS/FADD/STS) instead of branching: masked lanes sit idle but no branch splits the warp, so ncu counts none.</source>
        <translation>编译器把受条件保护的载入、加法和存储改成了谓词执行（@P LDS/FADD/STS），而不是分支：被屏蔽的 lane 空闲，但没有分支拆分线程束，所以 ncu 计数为零。</translation>
    </message>
    <message>
        <source>They count different things: the model, warps in which some lanes skip the guarded work; ncu, branch instructions whose lanes split (predicated code and EXIT are not branches).</source>
        <translation>两者统计的东西不同：模型统计有部分 lane 跳过受保护代码的线程束；ncu 统计 lane 发生分裂的分支指令（谓词执行和 EXIT 不算分支）。</translation>
    </message>
    <message>
        <source>Both 0: every shared access of this kind is conflict-free (one wavefront per instruction), or there is none.</source>
        <translation>都是 0：这类共享内存访问都无冲突（每条指令一个波前），或者根本没有。</translation>
    </message>
    <message>
        <source>Both 0: no shared-memory traffic of this kind in this kernel.</source>
        <translation>都是 0：这个核函数中没有这类共享内存访问。</translation>
    </message>
    <message>
        <source>Same: the model&apos;s bank of each lane&apos;s word (word mod 32) gives exactly the extra wavefronts the hardware needed.</source>
        <translation>相同：模型按每个 lane 所访问字的 bank（字号 mod 32）算出的额外波前，正好等于硬件所需。</translation>
    </message>
    <message>
        <source>Same: one shared-memory instruction per source expression (the stride is known only at run time, so no fused 64-bit loads; the loop is not unrolled).</source>
        <translation>相同：每个源代码表达式一条共享内存指令（步长在运行时才知道，所以没有合并成 64 位载入；循环也没有展开）。</translation>
    </message>
    <message>
        <source>Differ: the machine code does not make one shared access per source expression here (fused or unrolled accesses); see docs/hardware-counters.md.</source>
        <translation>不同：这里机器码并不是每个源代码表达式一次共享内存访问（访问被合并或循环被展开）；见 docs/hardware-counters.md。</translation>
    </message>
</context>
<context>
    <name>ModelText</name>
    <message numerus="yes">
        <source>%n blocks</source>
        <comment>count.blocks</comment>
        <translation>
            <numerusform>%n 个线程块</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n threads</source>
        <comment>count.threads</comment>
        <translation>
            <numerusform>%n 个线程</numerusform>
        </translation>
    </message>
    <message>
        <source>the model orders them by block</source>
        <comment>order.block</comment>
        <translation>模型按线程块排序</translation>
    </message>
    <message>
        <source>the model orders them by block and warp</source>
        <comment>order.block_warp</comment>
        <translation>模型按线程块、线程束排序</translation>
    </message>
    <message>
        <source>the model orders them by block, warp and lane</source>
        <comment>order.block_warp_lane</comment>
        <translation>模型按线程块、线程束、lane 排序</translation>
    </message>
    <message>
        <source>here in replayed order %1</source>
        <comment>order.replayed</comment>
        <translation>此处按重放顺序 %1</translation>
    </message>
    <message>
        <source>stride %1: %2 adds %3</source>
        <comment>tree.label</comment>
        <translation>步长 %1：满足 %2 的线程加上 %3</translation>
    </message>
    <message>
        <source>Every thread adds its neighbour: input[2*tid] += input[2*tid + 1].</source>
        <comment>simple.first</comment>
        <translation>每个线程加上相邻元素：input[2*tid] += input[2*tid + 1]。</translation>
    </message>
    <message>
        <source>Only threads whose index is a multiple of %1 add, so the active lanes are spread out with gaps between them.</source>
        <comment>simple.tree</comment>
        <translation>只有编号是 %1 的倍数的线程做加法，活跃 lane 彼此之间隔着空位。</translation>
    </message>
    <message numerus="yes">
        <source>The first %n threads add the element stride places to their right; the active lanes stay packed.</source>
        <comment>convergent.tree</comment>
        <translation>
            <numerusform>前 %n 个线程各自加上右侧相隔一个步长的元素；活跃 lane 保持连续。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The last %n threads of the block add the element stride places to their left; the active lanes stay packed at the right end.</source>
        <comment>reversed.tree</comment>
        <translation>
            <numerusform>线程块的最后 %n 个线程各自加上左侧相隔一个步长的元素；活跃 lane 在右端保持连续。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The textbook kernel is one block; here it runs as a grid of %n blocks, each on its own segment of %2 elements.</source>
        <comment>grid.note</comment>
        <translation>
            <numerusform>教材中的核函数只有一个线程块；这里以 %n 个线程块的网格运行，每块处理自己的一段（%2 个元素）。</numerusform>
        </translation>
    </message>
    <message>
        <source>No warp diverges: every warp is either wholly busy or wholly idle.</source>
        <comment>diverge.none</comment>
        <translation>没有线程束发生分支发散：每个线程束要么全部工作，要么全部空闲。</translation>
    </message>
    <message numerus="yes">
        <source>%n warps diverge: some of their live lanes run the step while the others wait.</source>
        <comment>diverge.some</comment>
        <translation>
            <numerusform>%n 个线程束发生分支发散：其中一部分有效 lane 执行这一步，其余 lane 等待。</numerusform>
        </translation>
    </message>
    <message>
        <source>Every shared-memory access of this step is conflict-free: no bank holds two different words of one warp&apos;s access.</source>
        <comment>banks.free</comment>
        <translation>这一步的所有共享内存访问都无冲突：同一线程束的一次访问中，没有哪个 bank 含有两个不同的字。</translation>
    </message>
    <message>
        <source>load: %1[t] = input[i] + input[i + %2]</source>
        <comment>shared.load.label</comment>
        <translation>载入：%1[t] = input[i] + input[i + %2]</translation>
    </message>
    <message numerus="yes">
        <source>Each thread adds two elements one block apart while loading them, so the tree in shared memory starts from %n partial sums per block instead of %2.</source>
        <comment>shared.load</comment>
        <translation>
            <numerusform>每个线程在载入时把相隔一个线程块的两个元素相加，所以共享内存中的归约树每块从 %n 个部分和开始，而不是 %2 个。</numerusform>
        </translation>
    </message>
    <message>
        <source>stride %1: index = %2*tid &lt; %3 adds sdata[index + %1]</source>
        <comment>strided.label</comment>
        <translation>步长 %1：满足 index = %2*tid &lt; %3 的线程加上 sdata[index + %1]</translation>
    </message>
    <message>
        <source>The active threads are packed, but neighbouring lanes touch words %1 apart.</source>
        <comment>strided.tree</comment>
        <translation>活跃线程是连续的，但相邻 lane 访问的字相隔 %1。</translation>
    </message>
    <message>
        <source>stride %1: t &lt; %1 adds %2[t + %1]</source>
        <comment>shared.label</comment>
        <translation>步长 %1：满足 t &lt; %1 的线程加上 %2[t + %1]</translation>
    </message>
    <message numerus="yes">
        <source>After a barrier, the first %n threads add the word stride places to their right; consecutive lanes read consecutive words.</source>
        <comment>shared.tree</comment>
        <translation>
            <numerusform>屏障之后，前 %n 个线程各自加上右侧相隔一个步长的字；相邻 lane 读取相邻的字。</numerusform>
        </translation>
    </message>
    <message>
        <source>coarsen: each thread sums up to %1 elements (stride %2) in a register, then stores it to sdata[tid]</source>
        <comment>coarsen.label.sum</comment>
        <translation>粗化：每个线程在寄存器中累加至多 %1 个元素（步长 %2），再存入 sdata[tid]</translation>
    </message>
    <message>
        <source>coarsen: each thread takes the max of up to %1 elements (stride %2) in a register, then stores it to sdata[tid]</source>
        <comment>coarsen.label.max</comment>
        <translation>粗化：每个线程在寄存器中求至多 %1 个元素（步长 %2）的最大值，再存入 sdata[tid]</translation>
    </message>
    <message>
        <source>With COARSE_FACTOR = 1 there is no coarsening: two elements per thread, as in the segmented kernel.</source>
        <comment>coarsen.one</comment>
        <translation>COARSE_FACTOR = 1 时没有粗化：每个线程两个元素，与 segmented 核函数相同。</translation>
    </message>
    <message numerus="yes">
        <source>With COARSE_FACTOR = %1, one thread does the work of %2 elements in registers before the tree, so the input takes %n blocks (%4 without coarsening).</source>
        <comment>coarsen.many</comment>
        <translation>
            <numerusform>COARSE_FACTOR = %1 时，一个线程在进入归约树之前先在寄存器中处理 %2 个元素，所以输入只需要 %n 个线程块（不粗化时需要 %4 个）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Elements past the end are not loaded (the bounds checks of PMPP exercise 5).</source>
        <comment>coarsen.bounds</comment>
        <translation>超出末尾的元素不会被载入（PMPP 练习 5 的边界检查）。</translation>
    </message>
    <message>
        <source>stride %1: tid &lt; %1 adds sdata[tid + %1]</source>
        <comment>coarsen.tree.label.sum</comment>
        <translation>步长 %1：满足 tid &lt; %1 的线程加上 sdata[tid + %1]</translation>
    </message>
    <message>
        <source>stride %1: tid &lt; %1 takes fmaxf with sdata[tid + %1]</source>
        <comment>coarsen.tree.label.max</comment>
        <translation>步长 %1：满足 tid &lt; %1 的线程与 sdata[tid + %1] 取 fmaxf</translation>
    </message>
    <message numerus="yes">
        <source>After a barrier, the first %n threads combine the word stride places to their right, the same convergent tree as the shared-memory kernel.</source>
        <comment>coarsen.tree</comment>
        <translation>
            <numerusform>屏障之后，前 %n 个线程各自合并右侧相隔一个步长的字；这与共享内存核函数的收敛树相同。</numerusform>
        </translation>
    </message>
    <message>
        <source>CUDA has no float atomicMax, so the kernel loops on atomicCAS until its fmaxf result is stored.</source>
        <comment>coarsen.max.tail</comment>
        <translation>CUDA 没有浮点 atomicMax，所以核函数循环执行 atomicCAS，直到存入它的 fmaxf 结果。</translation>
    </message>
    <message>
        <source>write: thread %1 stores %2 = %3 to *output</source>
        <comment>write.label</comment>
        <translation>写出：线程 %1 把 %2 = %3 存入 *output</translation>
    </message>
    <message>
        <source>One block holds the whole input, so a plain store of its result is enough: no atomic is needed.</source>
        <comment>write.one_block</comment>
        <translation>一个线程块就包含全部输入，直接存储它的结果即可：不需要原子操作。</translation>
    </message>
    <message numerus="yes">
        <source>merge: one atomicAdd per block (%n blocks), *output = %2</source>
        <comment>merge.label.add</comment>
        <translation>
            <numerusform>合并：每块一次 atomicAdd（%n 个线程块），*output = %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>merge: one atomic max (compare-and-swap loop) per block (%n blocks), *output = %2</source>
        <comment>merge.label.max</comment>
        <translation>
            <numerusform>合并：每块一次原子取大（比较并交换循环）（%n 个线程块），*output = %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>merge: the one-block kernel ran as %n blocks; thread %2 of each atomicAdds its block&apos;s sum</source>
        <comment>merge.label.one_block_kernel</comment>
        <translation>
            <numerusform>合并：单线程块核函数以 %n 个线程块运行；每块的线程 %2 把本块的和 atomicAdd 到输出</numerusform>
        </translation>
    </message>
    <message>
        <source>Thread %1 of each block merges the block&apos;s result into *output with one atomicAdd; the atomics to one address are serialised (%2; the hardware&apos;s order varies from run to run).</source>
        <comment>merge.add</comment>
        <translation>每个线程块的线程 %1 用一次 atomicAdd 把本块结果合并进 *output；对同一地址的原子操作是串行执行的（%2；硬件上的顺序每次运行都可能不同）。</translation>
    </message>
    <message>
        <source>Thread %1 of each block merges the block&apos;s result into *output with one atomic max (compare-and-swap loop); the atomics to one address are serialised (%2; the hardware&apos;s order varies from run to run).</source>
        <comment>merge.max</comment>
        <translation>每个线程块的线程 %1 用一次原子取大（比较并交换循环）把本块结果合并进 *output；对同一地址的原子操作是串行执行的（%2；硬件上的顺序每次运行都可能不同）。</translation>
    </message>
    <message>
        <source>The loop&apos;s &lt; does not order -0 and +0: the first zero stored stays, so the sign of this zero result is the atomic order&apos;s.</source>
        <comment>merge.zero_sign</comment>
        <translation>循环中的 &lt; 不区分 -0 和 +0：先存入的零会保留下来，所以这个零结果的符号由原子操作的顺序决定。</translation>
    </message>
    <message>
        <source>shuffle offset %1: sum += __shfl_down_sync(mask, sum, %1)</source>
        <comment>shuffle.label</comment>
        <translation>洗牌偏移 %1：sum += __shfl_down_sync(mask, sum, %1)</translation>
    </message>
    <message>
        <source>shuffle offset %1: sum += __shfl_down_sync(mask, sum, %1) in the first warp</source>
        <comment>shuffle.label.first_warp</comment>
        <translation>洗牌偏移 %1：第一个线程束中 sum += __shfl_down_sync(mask, sum, %1)</translation>
    </message>
    <message>
        <source>Each lane adds the register of the lane %1 above it in its warp: no shared memory and no barrier. Lanes whose partner lies past the warp get their own value back; only lane 0&apos;s sum is used.</source>
        <comment>shuffle</comment>
        <translation>每个 lane 加上同一线程束中编号比它大 %1 的 lane 的寄存器：不用共享内存，也没有屏障。伙伴超出线程束的 lane 取回自己的值；只有 lane 0 的和会被使用。</translation>
    </message>
    <message>
        <source>warp partials: lane 0 of each warp stores its sum to warp_sums[warp], then __syncthreads()</source>
        <comment>partials.label</comment>
        <translation>线程束部分和：每个线程束的 lane 0 把它的和存入 warp_sums[warp]，然后 __syncthreads()</translation>
    </message>
    <message numerus="yes">
        <source>Each warp&apos;s sum is parked in shared memory (%n words per block) so one warp can combine them after a single barrier.</source>
        <comment>partials</comment>
        <translation>
            <numerusform>每个线程束的和暂存在共享内存中（每块 %n 个字），这样一次屏障之后由一个线程束把它们合并。</numerusform>
        </translation>
    </message>
    <message>
        <source>final warp: lane &lt; %1 of warp 0 loads warp_sums[lane], the others 0</source>
        <comment>final_warp.label</comment>
        <translation>最后一个线程束：线程束 0 中 lane &lt; %1 的 lane 载入 warp_sums[lane]，其余取 0</translation>
    </message>
    <message>
        <source>Only the first warp continues: it gathers the per-warp partials into its registers.</source>
        <comment>final_warp</comment>
        <translation>只有第一个线程束继续：它把各线程束的部分和收集到自己的寄存器中。</translation>
    </message>
    <message>
        <source>write: thread 0 of each block stores its sum to partials[blockIdx.x]</source>
        <comment>write_partials.label</comment>
        <translation>写出：每块的线程 0 把本块的和存入 partials[blockIdx.x]</translation>
    </message>
    <message numerus="yes">
        <source>No atomics: each of the %n block sums goes to its own slot in global memory, to be reduced by a second pass.</source>
        <comment>write_partials</comment>
        <translation>
            <numerusform>没有原子操作：%n 个线程块的和各自写入全局内存中自己的位置，留给第二遍归约。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>grid-stride loop: each thread sums input[i], i += %1 (up to %n elements)</source>
        <comment>grid_stride.label</comment>
        <translation>
            <numerusform>网格跨步循环：每个线程累加 input[i]，i += %1（至多 %n 个元素）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The %n threads of the grid walk the input %n elements apart, so each warp&apos;s loads are consecutive (coalesced) and every thread enters the block reduce with one register sum.</source>
        <comment>grid_stride</comment>
        <translation>
            <numerusform>网格中的 %n 个线程以 %n 个元素为间隔依次读取输入，因此每个线程束的载入是连续的（合并访问），每个线程带着寄存器中的一个和进入块内归约。</numerusform>
        </translation>
    </message>
    <message>
        <source>load: sum = input[i] (0 past the end)</source>
        <comment>load.register.label</comment>
        <translation>载入：sum = input[i]（超出末尾取 0）</translation>
    </message>
    <message>
        <source>One element per thread goes straight into a register; threads past the end start from 0.</source>
        <comment>load.register</comment>
        <translation>每个线程一个元素，直接载入寄存器；超出末尾的线程从 0 开始。</translation>
    </message>
    <message numerus="yes">
        <source>atomic: lane 0 of each warp atomicAdds its warp&apos;s sum (%n atomics)</source>
        <comment>warp_atomic.label</comment>
        <translation>
            <numerusform>原子操作：每个线程束的 lane 0 把本线程束的和 atomicAdd 到输出（%n 次原子操作）</numerusform>
        </translation>
    </message>
    <message>
        <source>A warp&apos;s %1 elements cost one atomic instead of %1; the atomics are still serialised on the one address (%2; the hardware&apos;s order varies from run to run).</source>
        <comment>warp_atomic</comment>
        <translation>一个线程束的 %1 个元素只需一次原子操作，而不是 %1 次；对同一地址的原子操作仍然串行执行（%2；硬件上的顺序每次运行都可能不同）。</translation>
    </message>
    <message numerus="yes">
        <source>coarsen: %n float4 loads per thread (i += %2), sum += (x + y) + (z + w)</source>
        <comment>vector.label</comment>
        <translation>
            <numerusform>粗化：每个线程 %n 次 float4 载入（i += %2），sum += (x + y) + (z + w)</numerusform>
        </translation>
    </message>
    <message>
        <source>Each load instruction moves 16 bytes per lane, a quarter of the instructions of scalar loads.</source>
        <comment>vector.loads</comment>
        <translation>每条载入指令每个 lane 搬运 16 字节，指令数只有标量载入的四分之一。</translation>
    </message>
    <message>
        <source>The input is a whole number of float4s: no element is left over.</source>
        <comment>vector.no_tail</comment>
        <translation>输入正好是整数个 float4：没有剩余元素。</translation>
    </message>
    <message numerus="yes">
        <source>The %n elements past the last whole float4 are added by block 0 one by one.</source>
        <comment>vector.tail</comment>
        <translation>
            <numerusform>最后一个完整 float4 之后的 %n 个元素由线程块 0 逐个相加。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>reset: thread 0 of each block draws a ticket (%n atomics); the first ticket&apos;s block zeroes *output and publishes it</source>
        <comment>reset.label</comment>
        <translation>
            <numerusform>重置：每块的线程 0 领取一张票（%n 次原子操作）；拿到第一张票的线程块把 *output 清零并发布</numerusform>
        </translation>
    </message>
    <message>
        <source>The 64-bit ticket counter is never reset: a launch of G blocks hands out G consecutive tickets, so ticket / G numbers the launch. The block that draws the launch&apos;s first ticket sets *output = 0 and then publishes the launch number with a release atomic max (it never moves backwards), so no reset kernel or memset has to run before the launch. The model gives the tickets out in block order; on the GPU whichever block gets there first zeroes. The float4 loads are already in flight meanwhile.</source>
        <comment>reset</comment>
        <translation>64 位票号计数器从不重置：一次启动 G 个线程块会发出 G 张连续的票，所以“票号 / G”就是启动的编号。领到本次启动第一张票的线程块设置 *output = 0，然后用 release 语义的原子取大发布启动编号（编号从不回退），因此启动之前不需要运行重置核函数或 memset。模型按线程块顺序发票；在 GPU 上哪个线程块先到就由它清零。与此同时 float4 载入已经在进行中。</translation>
    </message>
    <message>
        <source>First thread 0 waits (acquire loads) until the launch&apos;s zero of *output is published: release and acquire order that zero before every atomicAdd.</source>
        <comment>self_reset.tail</comment>
        <translation>线程 0 先等待（acquire 载入），直到本次启动对 *output 的清零已发布：release 与 acquire 保证清零发生在每次 atomicAdd 之前。</translation>
    </message>
    <message numerus="yes">
        <source>second pass: a new kernel, one block of 1024 threads, sums the %n partials</source>
        <comment>second_pass.label</comment>
        <translation>
            <numerusform>第二遍：新的核函数，一个 1024 线程的线程块，累加 %n 个部分和</numerusform>
        </translation>
    </message>
    <message>
        <source>The end of the first kernel is the barrier between the passes; the second kernel&apos;s threads each add the partials 1024 apart, then reduce as one block.</source>
        <comment>second_pass</comment>
        <translation>第一个核函数结束就是两遍之间的屏障；第二个核函数的线程各自累加相隔 1024 的部分和，再作为一个线程块归约。</translation>
    </message>
    <message>
        <source>second pass: thread 0 stores the sum to *output</source>
        <comment>second_pass.store.label</comment>
        <translation>第二遍：线程 0 把和存入 *output</translation>
    </message>
    <message>
        <source>(The second kernel, two_pass_final.)</source>
        <comment>second_pass.tail</comment>
        <translation>（第二个核函数 two_pass_final。）</translation>
    </message>
    <message numerus="yes">
        <source>grid.sync(), then block 0 sums the %n partials</source>
        <comment>grid_sync.label</comment>
        <translation>
            <numerusform>grid.sync()，然后线程块 0 累加 %n 个部分和</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>A barrier across all %n blocks of the grid (a cooperative launch) makes every partial visible; the other blocks are done, block 0 carries on in the same kernel.</source>
        <comment>grid_sync</comment>
        <translation>
            <numerusform>跨越网格中全部 %n 个线程块的屏障（协作式启动）让所有部分和可见；其他线程块结束，线程块 0 在同一个核函数中继续。</numerusform>
        </translation>
    </message>
    <message>
        <source>after grid.sync: thread 0 of block 0 stores the sum to *output</source>
        <comment>grid_sync.store.label</comment>
        <translation>grid.sync 之后：线程块 0 的线程 0 把和存入 *output</translation>
    </message>
    <message>
        <source>load: each thread i &lt; %1 reads input[i] into a register</source>
        <comment>atomic.load.label</comment>
        <translation>载入：每个 i &lt; %1 的线程把 input[i] 读入寄存器</translation>
    </message>
    <message>
        <source>One element per thread: %1 of %2; threads past the end do nothing.</source>
        <comment>atomic.load</comment>
        <translation>每个线程一个元素：%1，每块 %2；超出末尾的线程什么也不做。</translation>
    </message>
    <message>
        <source>race: every thread does *output += x, a plain load, add and store</source>
        <comment>race.label</comment>
        <translation>数据竞争：每个线程执行 *output += x，即普通的载入、相加和存储</translation>
    </message>
    <message numerus="yes">
        <source>All lanes of a warp read the same old *output, so only one store per warp survives: here %n updates out of %2 are lost. The model lets the highest lane win and runs warps in order; real hardware picks differently and loses more across warps and blocks.</source>
        <comment>race</comment>
        <translation>
            <numerusform>一个线程束的所有 lane 读到同一个旧的 *output，所以每个线程束只有一次存储保留下来：这里 %2 次更新中丢失了 %n 次。模型让编号最大的 lane 胜出，并按顺序运行各线程束；真实硬件的选择不同，在线程束之间和线程块之间会丢失更多。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>atomic: every thread atomicAdds its element into *output (%n atomics)</source>
        <comment>atomic.label</comment>
        <translation>
            <numerusform>原子操作：每个线程把自己的元素 atomicAdd 到 *output（%n 次原子操作）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Each atomicAdd is a read-modify-write the memory system performs one at a time on the one address, so the %n additions run in sequence (%2; the hardware order is unspecified).</source>
        <comment>atomic</comment>
        <translation>
            <numerusform>每次 atomicAdd 都是内存系统在同一地址上逐个执行的读-改-写，所以 %n 次加法依次执行（%2；硬件上的顺序未作规定）。</numerusform>
        </translation>
    </message>
    <message>
        <source>recorded on the GPU:%1</source>
        <comment>recorded.label</comment>
        <translation>GPU 记录%1</translation>
    </message>
    <message>
        <source>recorded on the GPU:%1 stride %2</source>
        <comment>recorded.label.stride</comment>
        <translation>GPU 记录%1 · 步长 %2</translation>
    </message>
    <message>
        <source>recorded on the GPU:%1 offset %2</source>
        <comment>recorded.label.offset</comment>
        <translation>GPU 记录%1 · 偏移 %2</translation>
    </message>
    <message>
        <source>What the kernel&apos;s probe recorded on the GPU: the lanes that ran this step&apos;s guarded code, their __activemask(), the index each wrote and the value after it.</source>
        <comment>recorded</comment>
        <translation>核函数的探针在 GPU 上记录的内容：执行了这一步受条件保护代码的 lane、它们的 __activemask()、各自写入的下标以及写入后的值。</translation>
    </message>
    <message>
        <source>strategy must be one of: %1 (got &apos;%2&apos;)</source>
        <comment>error.strategy</comment>
        <translation>strategy 必须是以下之一：%1（实际为“%2”）</translation>
    </message>
    <message>
        <source>strategy &apos;%1&apos; is benchmark-only and has no step model; modelled: %2</source>
        <comment>error.strategy.no_model</comment>
        <translation>策略 &apos;%1&apos; 只用于基准测试，没有分步模型；有模型的策略：%2</translation>
    </message>
    <message>
        <source>input must hold 1..%1 values (got %2)</source>
        <comment>error.input.count</comment>
        <translation>input 必须包含 1..%1 个值（实际为 %2 个）</translation>
    </message>
    <message>
        <source>input must hold 1..%1 values (got more than %1)</source>
        <comment>error.input.too_many</comment>
        <translation>input 必须包含 1..%1 个值（实际超过 %1 个）</translation>
    </message>
    <message>
        <source>input: empty value at position %1 (expected comma- or space-separated numbers)</source>
        <comment>error.input.empty</comment>
        <translation>input：第 %1 个位置为空值（应为以逗号或空格分隔的数）</translation>
    </message>
    <message>
        <source>input: empty value after the last comma</source>
        <comment>error.input.trailing_comma</comment>
        <translation>input：最后一个逗号之后为空值</translation>
    </message>
    <message>
        <source>input: value %1 &apos;%2&apos; is out of float32 range (magnitude at most 3.40282347e38)</source>
        <comment>error.input.range</comment>
        <translation>input：第 %1 个值 &apos;%2&apos; 超出 float32 范围（绝对值至多 3.40282347e38）</translation>
    </message>
    <message>
        <source>input: value %1 &apos;%2&apos; is not a float32 number (a decimal such as -1.5e-3 with at most one sign, inf, -inf, nan; 1..%3 values)</source>
        <comment>error.input.syntax</comment>
        <translation>input：第 %1 个值 &apos;%2&apos; 不是 float32 数（应为 -1.5e-3 这样至多带一个符号的十进制数，或 inf、-inf、nan；共 1..%3 个值）</translation>
    </message>
    <message>
        <source>block-size must be a power of two in 1..1024 (got %1)</source>
        <comment>error.block_size</comment>
        <translation>block-size 必须是 1..1024 中 2 的幂（实际为 %1）</translation>
    </message>
    <message>
        <source>warp-size must be 32, or 4, 8 or 16 as a teaching aid (got %1)</source>
        <comment>error.warp_size</comment>
        <translation>warp-size 必须是 32，或作为教学辅助的 4、8、16（实际为 %1）</translation>
    </message>
    <message>
        <source>coarse-factor must be in 1..64 (got %1)</source>
        <comment>error.coarse_factor</comment>
        <translation>coarse-factor 必须在 1..64 之间（实际为 %1）</translation>
    </message>
    <message>
        <source>banks must be 32, or 4, 8 or 16 (got %1)</source>
        <comment>error.banks</comment>
        <translation>banks 必须是 32，或 4、8、16（实际为 %1）</translation>
    </message>
    <message>
        <source>atomic-order must be in 0..%1 (0: by block, warp and lane) (got %2)</source>
        <comment>error.atomic_order</comment>
        <translation>atomic-order 必须在 0..%1 之间（0：按线程块、线程束、lane 排序）（实际为 %2）</translation>
    </message>
    <message>
        <source>A %1-way bank conflict: the worst access puts %1 different words of one warp in the same bank, so the step&apos;s shared-memory accesses take %2 wavefronts instead of %3.</source>
        <comment>banks.conflict</comment>
        <translation>%1 路 bank 冲突：最差的一次访问把同一线程束的 %1 个不同的字放进同一个 bank，因此这一步的共享内存访问需要 %2 个波前，而不是 %3 个。</translation>
    </message>
    <message>
        <source>stride %1: index = %2*tid &lt; %3 adds sdata[padded(index + %1)]</source>
        <comment>padded.label</comment>
        <translation>步长 %1：满足 index = %2*tid &lt; %3 的线程加上 sdata[padded(index + %1)]</translation>
    </message>
    <message>
        <source>The same packed lanes and words as interleaved_strided, but word index sits at index + index/32 (one unused word after every 32), so lanes %1 words apart are spread over the banks.</source>
        <comment>padded.tree</comment>
        <translation>活跃 lane 和访问的字都与 interleaved_strided 相同，但第 index 个字存放在 index + index/32 处（每 32 个字后空出一个字），所以相隔 %1 个字的 lane 被分散到不同的 bank 上。</translation>
    </message>
    <message>
        <source>The padding is laid out for 32 banks; with %1 banks it cannot spread every warp&apos;s words.</source>
        <comment>padded.few_banks</comment>
        <translation>填充是按 32 个 bank 设计的；只有 %1 个 bank 时，无法把每个线程束访问的字都分散开。</translation>
    </message>
    <message>
        <source>A warp of %1 lanes reads more consecutive words than there are banks (%2), so they wrap around the banks.</source>
        <comment>shared.few_banks</comment>
        <translation>一个线程束的 %1 个 lane 读取的连续字比 bank 数（%2）还多，所以这些字会绕回到同样的 bank 上。</translation>
    </message>
    <message>
        <source>reset ahead: thread 0 of block 0 zeroes ring[(e + 1) % 3] for the next launch</source>
        <comment>zero_ahead.reset.label</comment>
        <translation>提前清零：线程块 0 的线程 0 为下一次启动把 ring[(e + 1) % 3] 清零</translation>
    </message>
    <message>
        <source>The output is a ring of three floats and the caller numbers the launches: launch e adds into ring[e % 3], which launch e - 1 zeroed. Its first instruction zeroes the slot of launch e + 1, which nothing of this launch touches, and the end of the kernel orders that zero before the next launch&apos;s atomics: no reset before the launch, no ticket, no fence, no wait. The model runs launch e = 0: *output is ring[0], the zero goes to ring[1].</source>
        <comment>zero_ahead.reset</comment>
        <translation>输出是由三个 float 组成的环，调用方为每次启动编号：第 e 次启动累加到 ring[e % 3]，该槽已由第 e - 1 次启动清零。它的第一条指令把第 e + 1 次启动的槽清零，本次启动不会触及该槽；核函数结束保证这次清零先于下一次启动的原子操作：启动前无需重置，没有票号，没有内存栅栏，也无需等待。模型运行第 e = 0 次启动：*output 即 ring[0]，清零写到 ring[1]。</translation>
    </message>
    <message>
        <source>*output is ring[e % 3] (ring[0] here); the result stays there until launch e + 2 zeroes it.</source>
        <comment>zero_ahead.tail</comment>
        <translation>*output 即 ring[e % 3]（此处为 ring[0]）；结果一直保留到第 e + 2 次启动将其清零。</translation>
    </message>
    <message numerus="yes">
        <source>%n atomicAdds of this step flushed a subnormal to zero, as atomicAdd on global memory does (PTX atom.global.add.f32); the first: %2 + %3 gave %4, where IEEE addition gives %5.</source>
        <comment>atomic.flush</comment>
        <translation>
            <numerusform>本步有 %n 次 atomicAdd 把次正规数冲刷为零，全局内存上的 atomicAdd 就是这样做的（PTX atom.global.add.f32）；第一次：%2 + %3 得到 %4，而 IEEE 加法得到 %5。</numerusform>
        </translation>
    </message>
    <message>
        <source>input: value %1 &apos;%2&apos; rounds to %3 in float32 (its magnitude is below half the smallest subnormal, 1.40129846e-45)</source>
        <comment>note.input.zero</comment>
        <translation>input：第 %1 个值 &apos;%2&apos; 在 float32 中舍入为 %3（其绝对值小于最小次正规数 1.40129846e-45 的一半）</translation>
    </message>
    <message>
        <source>stride %1: tid &lt; %2 of warp 0 adds vdata[tid + %1], with __syncwarp()</source>
        <comment>warp_unrolled.label</comment>
        <translation>步长 %1：线程束 0 中满足 tid &lt; %2 的 lane 加上 vdata[tid + %1]，配合 __syncwarp()</translation>
    </message>
    <message numerus="yes">
        <source>Only the first warp is left: its first %n lanes finish the tree without a block barrier. They read shared memory through a volatile pointer and call __syncwarp() between the read and the write and after the write: the lanes of a warp need not run in step (independent thread scheduling, Volta and later), so without it a lane could overwrite a word another lane has not read yet.</source>
        <comment>warp_unrolled.tree</comment>
        <translation>
            <numerusform>只剩第一个线程束：它的前 %n 个 lane 在没有线程块屏障的情况下完成这棵树。它们通过 volatile 指针读写共享内存，并在读与写之间、写之后调用 __syncwarp()：同一线程束的 lane 不一定步调一致（独立线程调度，Volta 及以后），没有它，一个 lane 可能覆盖另一个 lane 尚未读取的字。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The %n lanes at or past the stride add too: their sums land in words no later step reads, and a guard would save no instruction, since the warp issues each add once for all its lanes.</source>
        <comment>warp_unrolled.spare</comment>
        <translation>
            <numerusform>位于步长处及其后的 %n 个 lane 也做加法：它们的和落在之后不再被读取的字里；加条件判断也省不下指令，因为线程束为所有 lane 只发出一次加法。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Interleaving %3: the warps run in a shuffled order, and a warp that loads *output before the warps just before it have stored reads the same old value, so of such a group only the last store survives: here %n updates out of %2 are lost. Another seed is another interleaving; real hardware picks its own on every run.</source>
        <comment>race.replayed</comment>
        <translation>
            <numerusform>交错顺序 %3：各线程束按打乱的顺序运行；一个线程束如果在它前面的线程束写回之前就读取 *output，读到的是同一个旧值，所以这样的一组线程束里只有最后一次写入保留下来：%2 次更新中丢失 %n 次。换一个种子就是另一种交错顺序；真实硬件每次运行都自行决定。</numerusform>
        </translation>
    </message>
    <message>
        <source>lines %1, up to __syncthreads()</source>
        <comment>engine.label.barrier</comment>
        <translation>第 %1 行，直到 __syncthreads()</translation>
    </message>
    <message>
        <source>lines %1: shuffle, offset %2</source>
        <comment>engine.label.shuffle</comment>
        <translation>第 %1 行：线程束洗牌，洗牌偏移 %2</translation>
    </message>
    <message>
        <source>lines %1: atomics</source>
        <comment>engine.label.atomic</comment>
        <translation>第 %1 行：原子操作</translation>
    </message>
    <message>
        <source>lines %1</source>
        <comment>engine.label.step</comment>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>lines %1, to the end of the kernel</source>
        <comment>engine.label.end</comment>
        <translation>第 %1 行，直到核函数结束</translation>
    </message>
    <message>
        <source>lines %1: stopped by a fault</source>
        <comment>engine.label.fault</comment>
        <translation>第 %1 行：因故障而停止</translation>
    </message>
    <message>
        <source>%1 of %2 threads did work in this step (a memory access, a float operation of the reduction, a shuffle or an atomic).</source>
        <comment>engine.active</comment>
        <translation>%2 个线程中有 %1 个在这一步中做了工作（一次内存访问、一次归约的浮点运算、一次洗牌或一次原子操作）。</translation>
    </message>
    <message>
        <source>Fault: %1</source>
        <comment>engine.fault</comment>
        <translation>故障：%1</translation>
    </message>
    <message>
        <source>Fault, a barrier only part of the block reaches: %1</source>
        <comment>engine.fault.partial_barrier</comment>
        <translation>故障（只有线程块的一部分到达的屏障）：%1</translation>
    </message>
    <message>
        <source>Fault, an access out of bounds: %1</source>
        <comment>engine.fault.out_of_bounds</comment>
        <translation>故障（越界访问）：%1</translation>
    </message>
    <message>
        <source>Fault, a shuffle that reads a lane taking no part: %1</source>
        <comment>engine.fault.shuffle_inactive_lane</comment>
        <translation>故障（洗牌读取了未参与的 lane）：%1</translation>
    </message>
    <message>
        <source>Fault, an endless loop: %1</source>
        <comment>engine.fault.endless_loop</comment>
        <translation>故障（死循环）：%1</translation>
    </message>
    <message>
        <source>Fault, an integer division by zero: %1</source>
        <comment>engine.fault.division_by_zero</comment>
        <translation>故障（整数除以零）：%1</translation>
    </message>
    <message>
        <source>Fault, unreachable code reached: %1</source>
        <comment>engine.fault.unreachable</comment>
        <translation>故障（到达了不可达代码）：%1</translation>
    </message>
    <message>
        <source>data race on %1[%2]: thread %3 writes the word that thread %4 wrote at line %5, with no barrier between</source>
        <comment>simt.fault.data_race.writes_wrote</comment>
        <translation>%1[%2] 上的数据竞争：线程 %3 写入了线程 %4 在第 %5 行写入的字，二者之间没有屏障</translation>
    </message>
    <message>
        <source>data race on %1[%2]: thread %3 writes the word that thread %4 read at line %5, with no barrier between</source>
        <comment>simt.fault.data_race.writes_read</comment>
        <translation>%1[%2] 上的数据竞争：线程 %3 写入了线程 %4 在第 %5 行读取的字，二者之间没有屏障</translation>
    </message>
    <message>
        <source>data race on %1[%2]: thread %3 reads the word that thread %4 wrote at line %5, with no barrier between</source>
        <comment>simt.fault.data_race.reads_wrote</comment>
        <translation>%1[%2] 上的数据竞争：线程 %3 读取了线程 %4 在第 %5 行写入的字，二者之间没有屏障</translation>
    </message>
    <message>
        <source>data race on %1[%2]: thread %3 writes the word that thread %4 wrote at line %5, in another block (no barrier orders blocks)</source>
        <comment>simt.fault.data_race.writes_wrote.block</comment>
        <translation>%1[%2] 上的数据竞争：线程 %3 写入了另一个线程块中的线程 %4 在第 %5 行写入的字（没有屏障能为不同线程块排定先后）</translation>
    </message>
    <message>
        <source>data race on %1[%2]: thread %3 writes the word that thread %4 read at line %5, in another block (no barrier orders blocks)</source>
        <comment>simt.fault.data_race.writes_read.block</comment>
        <translation>%1[%2] 上的数据竞争：线程 %3 写入了另一个线程块中的线程 %4 在第 %5 行读取的字（没有屏障能为不同线程块排定先后）</translation>
    </message>
    <message>
        <source>data race on %1[%2]: thread %3 reads the word that thread %4 wrote at line %5, in another block (no barrier orders blocks)</source>
        <comment>simt.fault.data_race.reads_wrote.block</comment>
        <translation>%1[%2] 上的数据竞争：线程 %3 读取了另一个线程块中的线程 %4 在第 %5 行写入的字（没有屏障能为不同线程块排定先后）</translation>
    </message>
    <message>
        <source>__syncthreads() reached by part of block %1: the warps starting at the threads listed had already returned</source>
        <comment>simt.fault.partial_barrier.returned</comment>
        <translation>只有线程块 %1 的一部分到达了 __syncthreads()：从所列线程开始的各个 warp 已经返回</translation>
    </message>
    <message>
        <source>__syncthreads() inside a branch that part of warp %1 of block %2 did not take; the threads listed do not reach it</source>
        <comment>simt.fault.partial_barrier.branch</comment>
        <translation>__syncthreads() 位于一个分支内，而线程块 %2 的 warp %1 有一部分没有进入这个分支；所列线程到达不了它</translation>
    </message>
    <message>
        <source>access through a pointer that points into no array</source>
        <comment>simt.fault.out_of_bounds.no_array</comment>
        <translation>访问越界：所用的指针不指向任何数组</translation>
    </message>
    <message numerus="yes">
        <source>access to %1[%2] (byte %3) outside its %n floats</source>
        <comment>simt.fault.out_of_bounds.floats</comment>
        <translation>
            <numerusform>访问 %1[%2]（第 %3 字节）越界：超出其 %n 个 float 的范围</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>access to %1[%2] (byte %3) outside its %n bytes</source>
        <comment>simt.fault.out_of_bounds.bytes</comment>
        <translation>
            <numerusform>访问 %1[%2]（第 %3 字节）越界：超出其 %n 字节的范围</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>access to %1[%2] (byte %3) outside its %n floats (an extern __shared__ array holds the launch&apos;s dynamic shared memory: 4 x block size bytes unless --shared-bytes says more)</source>
        <comment>simt.fault.out_of_bounds.floats.extern</comment>
        <translation>
            <numerusform>访问 %1[%2]（第 %3 字节）越界：超出其 %n 个 float 的范围（extern __shared__ 数组存放这次启动的动态共享内存：除非 --shared-bytes 另行指定，大小为 4 × 线程块大小字节）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>access to %1[%2] (byte %3) outside its %n bytes (an extern __shared__ array holds the launch&apos;s dynamic shared memory: 4 x block size bytes unless --shared-bytes says more)</source>
        <comment>simt.fault.out_of_bounds.bytes.extern</comment>
        <translation>
            <numerusform>访问 %1[%2]（第 %3 字节）越界：超出其 %n 字节的范围（extern __shared__ 数组存放这次启动的动态共享内存：除非 --shared-bytes 另行指定，大小为 4 × 线程块大小字节）</numerusform>
        </translation>
    </message>
    <message>
        <source>access to %1 at byte %2, not a multiple of its %3-byte alignment (a GPU stops with a misaligned address)</source>
        <comment>simt.fault.misaligned</comment>
        <translation>对 %1 第 %2 字节处的访问未对齐：该地址不是 %3 字节的倍数（GPU 会因地址未对齐而停止）</translation>
    </message>
    <message>
        <source>the shuffle&apos;s mask leaves out the calling lane %1 of warp %2</source>
        <comment>simt.fault.shuffle_inactive_lane.self</comment>
        <translation>洗牌的掩码没有包含调用它的 lane：warp %2 的 lane %1</translation>
    </message>
    <message>
        <source>lane %1 reads lane %2 of warp %3, which is not active here (it skipped this shuffle)</source>
        <comment>simt.fault.shuffle_inactive_lane.inactive</comment>
        <translation>warp %3 的 lane %1 读取 lane %2，而后者在这里不活跃（它跳过了这次洗牌）</translation>
    </message>
    <message>
        <source>lane %1 reads lane %2 of warp %3, which is excluded by the mask</source>
        <comment>simt.fault.shuffle_inactive_lane.excluded</comment>
        <translation>warp %3 的 lane %1 读取 lane %2，而后者被掩码排除在外</translation>
    </message>
    <message numerus="yes">
        <source>one step made more than %n warp-wide memory accesses without reaching a barrier (the engine&apos;s endless-loop limit)</source>
        <comment>simt.fault.endless_loop.accesses</comment>
        <translation>
            <numerusform>一步中进行了超过 %n 次 warp 范围的内存访问却没有到达屏障（引擎的死循环上限）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the kernel ran more than %n warp instructions (the engine&apos;s endless-loop limit)</source>
        <comment>simt.fault.endless_loop.instructions</comment>
        <translation>
            <numerusform>核函数执行了超过 %n 条 warp 指令（引擎的死循环上限）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the kernel took more than %n steps (the trace format&apos;s step limit): a loop that does not end runs its barrier step again and again</source>
        <comment>simt.fault.endless_loop.steps</comment>
        <translation>
            <numerusform>核函数超过了 %n 步（轨迹格式的步数上限）：不会结束的循环一遍又一遍地运行它的屏障步</numerusform>
        </translation>
    </message>
    <message>
        <source>integer division by zero</source>
        <comment>simt.fault.division_by_zero</comment>
        <translation>整数除以零</translation>
    </message>
    <message>
        <source>integer remainder by zero (x % 0)</source>
        <comment>simt.fault.division_by_zero.remainder</comment>
        <translation>整数对零取余（x % 0）</translation>
    </message>
    <message>
        <source>the kernel reached code marked unreachable</source>
        <comment>simt.fault.unreachable</comment>
        <translation>核函数到达了标记为不可达的代码</translation>
    </message>
    <message numerus="yes">
        <source>%1; %n threads do this (%3-%4)</source>
        <comment>simt.fault.lanes.run</comment>
        <translation>
            <numerusform>%1；共 %n 个线程这样做（%3-%4）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1; %n threads do this (first %3, last %4)</source>
        <comment>simt.fault.lanes.spread</comment>
        <translation>
            <numerusform>%1；共 %n 个线程这样做（第一个 %3，最后一个 %4）</numerusform>
        </translation>
    </message>
    <message>
        <source>after step %1 the kernel&apos;s whole state (registers, memory, where each warp stands) is the same as after step %2: it repeats those steps forever and never ends</source>
        <comment>simt.fault.endless_loop.repeat</comment>
        <translation>第 %1 步之后核函数的全部状态（寄存器、内存、每个 warp 所在的位置）与第 %2 步之后相同：它会永远重复这些步，不会结束</translation>
    </message>
    <message>
        <source>the trace passed %1 lane records (%2 steps of %3 threads; the engine&apos;s endless-loop limit): a loop that does not end runs its barrier step again and again; a kernel that really needs more steps: fewer values or threads</source>
        <comment>simt.fault.endless_loop.records</comment>
        <translation>轨迹超过了 %1 条线程记录（%2 步 × %3 个线程；引擎的死循环上限）：不会结束的循环一遍又一遍地运行它的屏障步；确实需要更多步的核函数：请减少数值或线程</translation>
    </message>
    <message numerus="yes">
        <source>%n of the %2 input values were never read (first input[%3], last input[%4]): the launch&apos;s %5 (grid %6 × block %7, elements per thread %8) read %9; a kernel that reads fewer values per thread needs a smaller elements per thread (1 for one value each)</source>
        <comment>simt.note.unread_input</comment>
        <translation>
            <numerusform>%2 个输入值中有 %n 个从未被读取（第一个 input[%3]，最后一个 input[%4]）：这次启动的 %5（网格 %6 × 线程块 %7，每线程元素数 %8）读取了 %9 个；每个线程读取更少数值的核函数需要更小的每线程元素数（每个线程读一个值时为 1）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of the %2 input values were never read (first input[%3], last input[%4]): the launch&apos;s %5 (grid %6 × block %7, elements per thread %8) cover fewer values than the input holds; a larger grid or block size reaches them</source>
        <comment>simt.note.unread_input.launch</comment>
        <translation>
            <numerusform>%2 个输入值中有 %n 个从未被读取（第一个 input[%3]，最后一个 input[%4]）：这次启动的 %5（网格 %6 × 线程块 %7，每线程元素数 %8）覆盖的数值少于输入的数值；更大的网格或线程块大小才能覆盖它们</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of the %2 input values were never read (first input[%3], last input[%4]): the launch&apos;s %5 (grid %6 × block %7, elements per thread %8) would cover them all, so the kernel&apos;s own indexing or bounds skip these</source>
        <comment>simt.note.unread_input.indexing</comment>
        <translation>
            <numerusform>%2 个输入值中有 %n 个从未被读取（第一个 input[%3]，最后一个 input[%4]）：这次启动的 %5（网格 %6 × 线程块 %7，每线程元素数 %8）本可覆盖全部数值，所以是核函数自己的下标或边界跳过了它们</numerusform>
        </translation>
    </message>
    <message>
        <source>Fault: %1</source>
        <comment>engine.fault.data_race</comment>
        <translation>故障：%1</translation>
    </message>
    <message>
        <source>%1; both are lanes of one warp with no barrier between (__syncwarp() orders the lanes of a warp, __syncthreads() every thread of the block): lock step hides this here, but from Volta on a warp&apos;s lanes are not guaranteed to run together (racecheck reports it)</source>
        <comment>simt.fault.data_race.lock_step</comment>
        <translation>%1；二者是同一线程束的两个 lane，之间没有屏障（__syncwarp() 让一个线程束的各 lane 有序，__syncthreads() 让线程块的所有线程有序）：这里的锁步执行掩盖了它，但从 Volta 起，一个线程束的各 lane 不保证一起运行（racecheck 会报告它）</translation>
    </message>
</context>
<context>
    <name>PredictText</name>
    <message>
        <source>%1 and %2</source>
        <translation>%1 和 %2</translation>
    </message>
    <message>
        <source>warp #%1</source>
        <translation>线程束 #%1</translation>
    </message>
    <message>
        <source>block %1 · warp %2</source>
        <translation>线程块 %1 · 线程束 %2</translation>
    </message>
    <message>
        <source>warp %1</source>
        <translation>线程束 %1</translation>
    </message>
    <message>
        <source>thread %1</source>
        <translation>线程 %1</translation>
    </message>
    <message>
        <source>cell %1</source>
        <translation>单元 %1</translation>
    </message>
    <message>
        <source>%1: which warps diverge? Click them (no warp is an answer too).</source>
        <translation>%1：哪些线程束发生分支发散？请点击它们（“没有”也是一种答案）。</translation>
    </message>
    <message>
        <source>%1: which lanes of %2 are active? Click them.</source>
        <translation>%1：%2 中哪些 lane 是活跃的？请点击它们。</translation>
    </message>
    <message>
        <source>%1: which lanes are active? Click them.</source>
        <translation>%1：哪些 lane 是活跃的？请点击它们。</translation>
    </message>
    <message>
        <source>%1: what does cell %2 hold after this step? Type a number.</source>
        <translation>%1：这一步之后单元 %2 的值是多少？请输入一个数。</translation>
    </message>
    <message>
        <source>%1: which cells does this step write? Click them.</source>
        <translation>%1：这一步写入了哪些单元？请点击它们。</translation>
    </message>
    <message>
        <source>%1: how many ways has the worst bank conflict of this step? Type a number (1 = conflict-free).</source>
        <translation>%1：这一步最差的 bank 冲突是几路？请输入一个数（1 = 无冲突）。</translation>
    </message>
    <message>
        <source>%1: what does *output hold after this step? Type a number.</source>
        <translation>%1：这一步之后 *output 的值是多少？请输入一个数。</translation>
    </message>
    <message>
        <source>cell %1 holds</source>
        <translation>单元 %1 的值是</translation>
    </message>
    <message>
        <source>*output holds</source>
        <translation>*output 的值是</translation>
    </message>
    <message>
        <source>the worst conflict is</source>
        <translation>最差的冲突是</translation>
    </message>
    <message>
        <source>1-way (conflict-free)</source>
        <translation>1 路（无冲突）</translation>
    </message>
    <message>
        <source>%1-way</source>
        <translation>%1 路</translation>
    </message>
    <message>
        <source>Right: %1 %2.</source>
        <translation>正确：%1 %2。</translation>
    </message>
    <message>
        <source>No answer: %1 %2.</source>
        <translation>没有作答：%1 %2。</translation>
    </message>
    <message>
        <source>Not quite: %1 %2, not %3.</source>
        <translation>不太对：%1 %2，而不是 %3。</translation>
    </message>
    <message>
        <source>no warp diverges</source>
        <translation>没有线程束发生分支发散</translation>
    </message>
    <message>
        <source>%1 diverges</source>
        <translation>%1 发生分支发散</translation>
    </message>
    <message>
        <source>%1 diverge</source>
        <translation>%1 发生分支发散</translation>
    </message>
    <message>
        <source>no lane is active</source>
        <translation>没有活跃的 lane</translation>
    </message>
    <message>
        <source>%1 is active</source>
        <translation>%1 是活跃的</translation>
    </message>
    <message>
        <source>%1 are active</source>
        <translation>%1 是活跃的</translation>
    </message>
    <message>
        <source>no cell is written</source>
        <translation>没有单元被写入</translation>
    </message>
    <message>
        <source>%1 is written</source>
        <translation>%1 被写入</translation>
    </message>
    <message>
        <source>%1 are written</source>
        <translation>%1 被写入</translation>
    </message>
    <message>
        <source>Right: %1.</source>
        <translation>正确：%1。</translation>
    </message>
    <message>
        <source>missed %1</source>
        <translation>漏选：%1</translation>
    </message>
    <message>
        <source>Not quite (%1): %2.</source>
        <translation>不太对（%1）：%2。</translation>
    </message>
    <message numerus="yes">
        <source>%n more</source>
        <translation>
            <numerusform>另外 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>not among the right answers: %1</source>
        <translation>多选：%1</translation>
    </message>
    <message numerus="yes">
        <source>Score: %1 of %n right</source>
        <translation>
            <numerusform>得分：%n 题中答对 %1 题</numerusform>
        </translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>%2 的第 %1 步</translation>
    </message>
    <message>
        <source>Step %1 of %2 (the left column, not %3)</source>
        <translation>%2 的第 %1 步（左栏，不是 %3）</translation>
    </message>
    <message numerus="yes">
        <source>all %n warps</source>
        <translation>
            <numerusform>全部 %n 个线程束</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>all %n threads</source>
        <translation>
            <numerusform>全部 %n 个线程</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>all %n cells</source>
        <translation>
            <numerusform>全部 %n 个单元</numerusform>
        </translation>
    </message>
    <message>
        <source>warps %1</source>
        <translation>线程束 %1</translation>
    </message>
    <message>
        <source>threads %1</source>
        <translation>线程 %1</translation>
    </message>
    <message>
        <source>cells %1</source>
        <translation>单元 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n warps: %1 (%2 apart)</source>
        <translation>
            <numerusform>%n 个线程束：%1（相隔 %2）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n threads: %1 (%2 apart)</source>
        <translation>
            <numerusform>%n 个线程：%1（相隔 %2）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cells: %1 (%2 apart)</source>
        <translation>
            <numerusform>%n 个单元：%1（相隔 %2）</numerusform>
        </translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the items of a list: a, b and c</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <comment>the first items of a long list and how many more: a, b and 5 more</comment>
        <translation>%1，以及%2</translation>
    </message>
    <message>
        <source>; </source>
        <comment>between the two parts of a verdict: missed …; not among …</comment>
        <translation>；</translation>
    </message>
</context>
<context>
    <name>StepExport</name>
    <message>
        <source>no trace to export</source>
        <translation>没有可以导出的轨迹</translation>
    </message>
    <message>
        <source>%1: could not write the PNG file</source>
        <translation>%1：无法写入 PNG 文件</translation>
    </message>
    <message>
        <source>%1: could not write the SVG file</source>
        <translation>%1：无法写入 SVG 文件</translation>
    </message>
    <message>
        <source>%1: could not create the folder</source>
        <translation>%1：无法创建文件夹</translation>
    </message>
</context>
<context>
    <name>StepLayout</name>
    <message>
        <source>global memory</source>
        <translation>全局内存</translation>
    </message>
    <message>
        <source>shared memory</source>
        <translation>共享内存</translation>
    </message>
    <message>
        <source>registers (one per lane)</source>
        <translation>各 lane 寄存器</translation>
    </message>
    <message>
        <source>%1 · step %2 / %3</source>
        <translation>%1 · 第 %2 / %3 步</translation>
    </message>
    <message>
        <source>result ±0, sign by atomic order (float64 ±0)</source>
        <translation>结果 ±0，符号由原子操作顺序决定（float64 参考值 ±0）</translation>
    </message>
    <message>
        <source>warp size %1</source>
        <translation>线程束大小 %1</translation>
    </message>
    <message>
        <source>%1 banks</source>
        <translation>%1 个 bank</translation>
    </message>
    <message>
        <source>%1 — teaching aid: real GPUs use 32</source>
        <translation>%1（教学辅助：真实 GPU 使用 32）</translation>
    </message>
    <message>
        <source>exited</source>
        <translation>已退出</translation>
    </message>
    <message>
        <source>divergent: %1/%2 active</source>
        <translation>发散：%1/%2 活跃</translation>
    </message>
    <message>
        <source>idle: 0/%1 active</source>
        <translation>空闲：0/%1 活跃</translation>
    </message>
    <message>
        <source>block %1 · warp %2</source>
        <translation>线程块 %1 · 线程束 %2</translation>
    </message>
    <message>
        <source>warp %1</source>
        <translation>线程束 %1</translation>
    </message>
    <message>
        <source>grid.sync(): every thread of the grid waits here</source>
        <translation>grid.sync()：网格中的每个线程都在这里等待</translation>
    </message>
    <message>
        <source>__syncthreads(): every thread of the block waits here</source>
        <translation>__syncthreads()：线程块中的每个线程都在这里等待</translation>
    </message>
    <message>
        <source>read</source>
        <translation>读</translation>
    </message>
    <message>
        <source>write</source>
        <translation>写</translation>
    </message>
    <message>
        <source>broadcast</source>
        <translation>广播</translation>
    </message>
    <message>
        <source>1 value</source>
        <translation>1 个值</translation>
    </message>
    <message>
        <source>%1 values</source>
        <translation>%1 个值</translation>
    </message>
    <message>
        <source>1 lane</source>
        <translation>1 个 lane</translation>
    </message>
    <message>
        <source>%1 lanes</source>
        <translation>%1 个 lane</translation>
    </message>
    <message>
        <source>1 warp</source>
        <translation>1 个线程束</translation>
    </message>
    <message>
        <source>%1 warps</source>
        <translation>%1 个线程束</translation>
    </message>
    <message>
        <source>1 block</source>
        <translation>1 个线程块</translation>
    </message>
    <message>
        <source>%1 blocks</source>
        <translation>%1 个线程块</translation>
    </message>
    <message>
        <source>1 read</source>
        <translation>1 次读取</translation>
    </message>
    <message>
        <source>%1 reads</source>
        <translation>%1 次读取</translation>
    </message>
    <message>
        <source>1 barrier</source>
        <translation>1 个屏障</translation>
    </message>
    <message>
        <source>%1 barriers</source>
        <translation>%1 个屏障</translation>
    </message>
    <message>
        <source>1 wavefront</source>
        <translation>1 个波前</translation>
    </message>
    <message>
        <source>%1 wavefronts</source>
        <translation>%1 个波前</translation>
    </message>
    <message>
        <source>1 access instruction</source>
        <translation>1 条访问指令</translation>
    </message>
    <message>
        <source>%1 access instructions</source>
        <translation>%1 条访问指令</translation>
    </message>
    <message>
        <source>  ·  result %1 (float64 reference %2)</source>
        <translation>  ·  结果 %1（float64 参考值 %2）</translation>
    </message>
    <message>
        <source>global input (%1 + %2 padding), read by this step</source>
        <translation>全局输入（%1 + %2 个填充），由这一步读取</translation>
    </message>
    <message>
        <source>global input (%1), read by this step</source>
        <translation>全局输入（%1），由这一步读取</translation>
    </message>
    <message>
        <source>%1 after the step (%2)</source>
        <translation>这一步之后的%1（%2）</translation>
    </message>
    <message>
        <source> · offset %1</source>
        <translation> · 偏移 %1</translation>
    </message>
    <message>
        <source> · stride %1</source>
        <translation> · 步长 %1</translation>
    </message>
    <message>
        <source> · arrows: 1 in %1 drawn (%2)</source>
        <translation> · 箭头：每 %1 个画一个（共 %2）</translation>
    </message>
    <message>
        <source>*output = %1</source>
        <translation>*output = %1</translation>
    </message>
    <message>
        <source>all %1 active</source>
        <translation>全部 %1 个 lane 活跃</translation>
    </message>
    <message>
        <source>threads: %1 in %2 of %3 (warp size %4)</source>
        <translation>线程：%3，%2，%1（线程束大小 %4）</translation>
    </message>
    <message>
        <source> (%1, one per block)</source>
        <translation>（%1，每块一个）</translation>
    </message>
    <message>
        <source>%1-way bank conflict: %2 (%3 extra)</source>
        <translation>%1 路 bank 冲突：%2（额外 %3 个）</translation>
    </message>
    <message>
        <source>conflict-free: %1</source>
        <translation>无冲突：%1</translation>
    </message>
    <message>
        <source>shared-memory banks · block %1 warp %2 %3 %4 → %5%6 · step: %7, %8, %9 extra</source>
        <translation>共享内存 bank · 线程块 %1 · 线程束 %2 · %3 %4 → %5%6 · 本步：%7，%8，其中额外 %9 个</translation>
    </message>
    <message>
        <source> · broadcast</source>
        <translation> · 广播</translation>
    </message>
    <message>
        <source>%1 of %2, in the order the model runs them (block, warp, lane; hardware order is unspecified)</source>
        <translation>对 %2 的 %1，按模型运行的顺序排列（线程块、线程束、lane；硬件上的顺序未作规定）</translation>
    </message>
    <message>
        <source>1 plain (not atomic) read-modify-write</source>
        <translation>1 次普通（非原子）读-改-写</translation>
    </message>
    <message>
        <source>%1 plain (not atomic) read-modify-writes</source>
        <translation>%1 次普通（非原子）读-改-写</translation>
    </message>
    <message>
        <source>%1 on %2, in the order they serialise (model order: block, warp, lane; hardware order is unspecified)</source>
        <translation>对 %2 的 %1，按串行执行的顺序排列（模型顺序：线程块、线程束、lane；硬件上的顺序未作规定）</translation>
    </message>
    <message>
        <source>1 atomic operation</source>
        <translation>1 次原子操作</translation>
    </message>
    <message>
        <source>%1 atomic operations</source>
        <translation>%1 次原子操作</translation>
    </message>
    <message>
        <source> · 1 lost update</source>
        <translation> · 丢失 1 次更新</translation>
    </message>
    <message>
        <source> · %1 lost updates</source>
        <translation> · 丢失 %1 次更新</translation>
    </message>
    <message>
        <source>#%1 t%2: %3 %4 %5 → %6%7</source>
        <translation>#%1 t%2：%3 %4 %5 → %6%7</translation>
    </message>
    <message>
        <source>max</source>
        <translation>max</translation>
    </message>
    <message>
        <source>  lost</source>
        <translation>  丢失</translation>
    </message>
    <message>
        <source>active lane</source>
        <translation>活跃 lane</translation>
    </message>
    <message>
        <source>idle lane</source>
        <translation>空闲 lane</translation>
    </message>
    <message>
        <source>exited lane</source>
        <translation>已退出 lane</translation>
    </message>
    <message>
        <source>padding (identity)</source>
        <translation>填充（单位元）</translation>
    </message>
    <message>
        <source>divergent warp</source>
        <translation>发散的线程束</translation>
    </message>
    <message>
        <source>idle warp</source>
        <translation>空闲线程束</translation>
    </message>
    <message>
        <source>written this step</source>
        <translation>本步写入</translation>
    </message>
    <message>
        <source>read → added into</source>
        <translation>读取 → 加到</translation>
    </message>
    <message>
        <source>bank conflict</source>
        <translation>bank 冲突</translation>
    </message>
    <message>
        <source>barrier</source>
        <translation>屏障</translation>
    </message>
    <message>
        <source>__syncwarp(): the lanes that run this step wait for each other, before their write and after it; no other warp waits</source>
        <translation>__syncwarp()：运行这一步的 lane 在各自写入之前和之后互相等待；其他线程束不等待</translation>
    </message>
    <message>
        <source>%1 · %2 (step %3 / %4)</source>
        <comment>strategy, the step&apos;s phase (stride 3 of 3), step k / n</comment>
        <translation>%1 · %2 · 第 %3 / %4 步</translation>
    </message>
    <message>
        <source>%1 of %2, in the order their stores land under interleaving %3 (hardware order is unspecified)</source>
        <translation>对 %2 的 %1，按交错顺序 %3 中各次存储生效的先后排列（硬件上的顺序未作规定）</translation>
    </message>
    <message>
        <source> · active region: cell %1</source>
        <translation> · 活跃区域：单元 %1</translation>
    </message>
    <message>
        <source> · active region: cells %1–%2</source>
        <translation> · 活跃区域：单元 %1–%2</translation>
    </message>
    <message>
        <source>%1.%2</source>
        <translation>%1.%2</translation>
    </message>
    <message>
        <source>%1/%2</source>
        <translation>%1/%2</translation>
    </message>
    <message>
        <source>lanes of %1 (threads %2–%3): %4</source>
        <translation>%1 的 lane（线程 %2–%3）：%4</translation>
    </message>
    <message>
        <source> · one box per warp, named block.warp, with its active lanes; click a warp for its lanes</source>
        <translation> · 每个线程束一个方框，名为“线程块.线程束”，框内是活跃 lane 数；点击线程束查看它的 lane</translation>
    </message>
    <message>
        <source> · one box per warp with its active lanes; click a warp for its lanes</source>
        <translation> · 每个线程束一个方框，框内是活跃 lane 数；点击线程束查看它的 lane</translation>
    </message>
    <message>
        <source>bank</source>
        <translation>bank</translation>
    </message>
    <message>
        <source>word</source>
        <translation>字</translation>
    </message>
    <message>
        <source>b%1</source>
        <translation>b%1</translation>
    </message>
    <message>
        <source>word %1 in bank %2: lane %3</source>
        <translation>字 %1 位于 bank %2：lane %3</translation>
    </message>
    <message>
        <source>word %1 in bank %2: lanes %3 (one broadcast)</source>
        <translation>字 %1 位于 bank %2：lane %3（一次广播）</translation>
    </message>
    <message>
        <source>%1 ×%2</source>
        <translation>%1 ×%2</translation>
    </message>
    <message>
        <source>value: %1 … %2</source>
        <translation>数值：%1 … %2</translation>
    </message>
    <message>
        <source>active region</source>
        <translation>活跃区域</translation>
    </message>
    <message>
        <source>a warp&apos;s writes</source>
        <translation>线程束写入的单元</translation>
    </message>
    <message>
        <source>a warp&apos;s reads</source>
        <translation>线程束读取的单元</translation>
    </message>
    <message>
        <source>input %1: %2</source>
        <translation>输入 %1：%2</translation>
    </message>
    <message>
        <source>cell %1: %2</source>
        <translation>单元 %1：%2</translation>
    </message>
    <message>
        <source> (was %1)</source>
        <translation>（原为 %1）</translation>
    </message>
    <message>
        <source> · padding (identity)</source>
        <translation> · 填充（单位元）</translation>
    </message>
    <message>
        <source>thread %1: active</source>
        <translation>线程 %1：活跃</translation>
    </message>
    <message>
        <source>thread %1: idle</source>
        <translation>线程 %1：空闲</translation>
    </message>
    <message>
        <source>thread %1: exited</source>
        <translation>线程 %1：已退出</translation>
    </message>
    <message>
        <source>%1 (threads %2–%3): %4</source>
        <translation>%1（线程 %2–%3）：%4</translation>
    </message>
    <message>
        <source>; reads element %1</source>
        <translation>；读取元素 %1</translation>
    </message>
    <message>
        <source>; reads elements %1–%2 (%3)</source>
        <translation>；读取元素 %1–%2（%3）</translation>
    </message>
    <message>
        <source>; writes cell %1</source>
        <translation>；写入单元 %1</translation>
    </message>
    <message>
        <source>; writes cells %1–%2</source>
        <translation>；写入单元 %1–%2</translation>
    </message>
    <message>
        <source> · click for its lanes</source>
        <translation> · 点击查看它的 lane</translation>
    </message>
    <message>
        <source>… 1 more</source>
        <translation>… 另有 1 个</translation>
    </message>
    <message>
        <source>… %1 more</source>
        <translation>… 另有 %1 个</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the teaching-aid settings: warp size 4, 8 banks</comment>
        <translation>，</translation>
    </message>
    <message>
        <source>was %1</source>
        <translation>原为 %1</translation>
    </message>
    <message>
        <source> at line %1:%2</source>
        <comment>a fault&apos;s place in the kernel&apos;s source</comment>
        <translation>（第 %1 行第 %2 列）</translation>
    </message>
    <message>
        <source> at line %1</source>
        <comment>a fault&apos;s place in the kernel&apos;s source</comment>
        <translation>（第 %1 行）</translation>
    </message>
    <message>
        <source>, lane %1</source>
        <translation>，lane %1</translation>
    </message>
    <message>
        <source>, lanes %1</source>
        <translation>，lane %1</translation>
    </message>
    <message>
        <source>⚠ FAULT: %1%2%3</source>
        <comment>the fault&apos;s kind, its place (&quot; at line 7:12&quot;), its lanes (&quot;, lanes 0–31&quot;)</comment>
        <translation>⚠ 故障：%1%2%3</translation>
    </message>
    <message>
        <source>  ·  stopped by a fault: *output %1 (float64 reference %2)</source>
        <translation>  ·  因故障而停止：*output 为 %1（float64 参考值 %2）</translation>
    </message>
</context>
<context>
    <name>StepWords</name>
    <message>
        <source>stride %1 of %2</source>
        <translation>第 %1 轮步长（共 %2 轮）</translation>
    </message>
    <message>
        <source>write the result</source>
        <translation>写出结果</translation>
    </message>
    <message>
        <source>load</source>
        <translation>载入</translation>
    </message>
    <message>
        <source>merge into *output</source>
        <translation>合并到 *output</translation>
    </message>
</context>
<context>
    <name>StrategySeed</name>
    <message>
        <source>seeds 000, 002 (PMPP Fig 10.6, exercises 1 and 6a)</source>
        <comment>simple</comment>
        <translation>讲义 000、002（PMPP 图 10.6，练习 1 和 6a）</translation>
    </message>
    <message>
        <source>seeds 000, 002 (PMPP Fig 10.9, exercises 2 and 6b)</source>
        <comment>convergent</comment>
        <translation>讲义 000、002（PMPP 图 10.9，练习 2 和 6b）</translation>
    </message>
    <message>
        <source>seed 002 (PMPP exercise 3)</source>
        <comment>convergent_reversed</comment>
        <translation>讲义 002（PMPP 练习 3）</translation>
    </message>
    <message>
        <source>seed 003 (bank conflicts)</source>
        <comment>interleaved_strided</comment>
        <translation>讲义 003（bank 冲突）</translation>
    </message>
    <message>
        <source>seeds 000, 002 (PMPP Fig 10.11)</source>
        <comment>shared</comment>
        <translation>讲义 000、002（PMPP 图 10.11）</translation>
    </message>
    <message>
        <source>seeds 000, 002</source>
        <comment>segmented</comment>
        <translation>讲义 000、002</translation>
    </message>
    <message>
        <source>seeds 000, 002 (PMPP Fig 10.15, exercise 5)</source>
        <comment>coarsened</comment>
        <translation>讲义 000、002（PMPP 图 10.15，练习 5）</translation>
    </message>
    <message>
        <source>seeds 000, 002 (PMPP exercise 4)</source>
        <comment>coarsened_max</comment>
        <translation>讲义 000、002（PMPP 练习 4）</translation>
    </message>
    <message>
        <source>seed 003</source>
        <comment>atomic_naive</comment>
        <translation>讲义 003</translation>
    </message>
    <message>
        <source>seed 003</source>
        <comment>race</comment>
        <translation>讲义 003</translation>
    </message>
    <message>
        <source>seeds 001, 003</source>
        <comment>warp_shuffle</comment>
        <translation>讲义 001、003</translation>
    </message>
    <message>
        <source>seed 001</source>
        <comment>block_reduce</comment>
        <translation>讲义 001</translation>
    </message>
    <message>
        <source>seed 003</source>
        <comment>two_pass</comment>
        <translation>讲义 003</translation>
    </message>
    <message>
        <source>seed 003</source>
        <comment>grid_sync</comment>
        <translation>讲义 003</translation>
    </message>
    <message>
        <source>seed 001</source>
        <comment>vectorized</comment>
        <translation>讲义 001</translation>
    </message>
    <message>
        <source>beyond the seeds: PTX memory model (release/acquire)</source>
        <comment>self_reset</comment>
        <translation>讲义之外：PTX 内存模型（release/acquire）</translation>
    </message>
    <message>
        <source>seed 000</source>
        <comment>dot_shared</comment>
        <translation>讲义 000</translation>
    </message>
    <message>
        <source>seed 000</source>
        <comment>dot_coarsened</comment>
        <translation>讲义 000</translation>
    </message>
    <message>
        <source>seed 000</source>
        <comment>dot_fma</comment>
        <translation>讲义 000</translation>
    </message>
    <message>
        <source>CUB (CCCL)</source>
        <comment>cub</comment>
        <translation>CUB（CCCL）</translation>
    </message>
    <message>
        <source>-</source>
        <comment>cpu</comment>
        <translation>-</translation>
    </message>
    <message>
        <source>seed 003 (bank conflicts: padding)</source>
        <comment>interleaved_padded</comment>
        <translation>讲义 003（bank 冲突：填充）</translation>
    </message>
    <message>
        <source>beyond the seeds: the one-kernel experiments of docs/benchmarks.md</source>
        <comment>zero_ahead</comment>
        <translation>讲义之外：docs/benchmarks.md 中的单核函数实验</translation>
    </message>
    <message>
        <source>seed 001 (warpReduce with __syncwarp, Volta and later)</source>
        <comment>warp_unrolled</comment>
        <translation>讲义 001（warpReduce 配合 __syncwarp，Volta 及以后）</translation>
    </message>
    <message>
        <source>CUB (CCCL)</source>
        <comment>cub_block_one_pass</comment>
        <translation>CUB（CCCL）</translation>
    </message>
    <message>
        <source>CUB (CCCL)</source>
        <comment>cub_block_ring</comment>
        <translation>CUB（CCCL）</translation>
    </message>
    <message>
        <source>CUB (CCCL)</source>
        <comment>cub_not_guaranteed</comment>
        <translation>CUB（CCCL）</translation>
    </message>
    <message>
        <source>CUB (CCCL)</source>
        <comment>cub_run_to_run</comment>
        <translation>CUB（CCCL）</translation>
    </message>
    <message>
        <source>CUB (CCCL)</source>
        <comment>cub_gpu_to_gpu</comment>
        <translation>CUB（CCCL）</translation>
    </message>
</context>
<context>
    <name>StrategySummary</name>
    <message>
        <source>stride doubles from 1, tid % stride == 0 adds: active lanes thin out inside every warp (divergence)</source>
        <comment>simple</comment>
        <translation>步长从 1 开始倍增，满足 tid % stride == 0 的线程做加法：每个线程束内的活跃 lane 越来越稀疏（分支发散）</translation>
    </message>
    <message>
        <source>stride halves from blockDim, tid &lt; stride adds: active lanes stay packed, no divergence until one warp is left</source>
        <comment>convergent</comment>
        <translation>步长从 blockDim 开始减半，满足 tid &lt; stride 的线程做加法：活跃 lane 保持连续，在只剩一个线程束之前没有分支发散</translation>
    </message>
    <message>
        <source>the convergent tree folded toward the right end; the result lands in the last element</source>
        <comment>convergent_reversed</comment>
        <translation>向右端折叠的收敛树：结果落在最后一个元素</translation>
    </message>
    <message>
        <source>shared-memory tree with index = 2*stride*tid: packed lanes, but strided words collide in banks</source>
        <comment>interleaved_strided</comment>
        <translation>用 index = 2*stride*tid 的共享内存归约树：活跃 lane 连续，但跨步访问的字落在同一 bank 上发生冲突</translation>
    </message>
    <message>
        <source>first add while loading into shared memory, then the convergent tree on chip</source>
        <comment>shared</comment>
        <translation>载入共享内存时先做一次加法，再在片上做收敛树归约</translation>
    </message>
    <message>
        <source>many blocks, each reduces 2*blockDim elements in shared memory, one atomicAdd per block</source>
        <comment>segmented</comment>
        <translation>多个线程块，每块在共享内存中归约 2*blockDim 个元素，每块一次 atomicAdd</translation>
    </message>
    <message>
        <source>each thread first sums COARSE_FACTOR*2 elements in a register: fewer blocks, barriers and atomics</source>
        <comment>coarsened</comment>
        <translation>每个线程先在寄存器中累加 COARSE_FACTOR*2 个元素：线程块、屏障和原子操作都更少</translation>
    </message>
    <message>
        <source>the coarsened kernel as a max reduction; float atomic max by a compare-and-swap loop</source>
        <comment>coarsened_max</comment>
        <translation>线程粗化核函数做最大值归约；浮点原子取大用比较并交换（CAS）循环实现</translation>
    </message>
    <message>
        <source>every thread atomicAdds its element into one address: correct but fully serialised</source>
        <comment>atomic_naive</comment>
        <translation>每个线程把自己的元素 atomicAdd 到同一个地址：结果正确，但完全串行</translation>
    </message>
    <message>
        <source>every thread does a plain *output += x: read-modify-write races lose updates (expected wrong)</source>
        <comment>race</comment>
        <translation>每个线程执行普通的 *output += x：读-改-写的数据竞争会丢失更新（预期错误）</translation>
    </message>
    <message>
        <source>__shfl_down_sync tree in registers, then one atomicAdd per warp</source>
        <comment>warp_shuffle</comment>
        <translation>在寄存器中用 __shfl_down_sync 做归约树，然后每个线程束一次 atomicAdd</translation>
    </message>
    <message>
        <source>two levels: shuffle within each warp, one warp reduces the per-warp partials, one atomic per block</source>
        <comment>block_reduce</comment>
        <translation>两级：先在每个线程束内洗牌归约，再由一个线程束归约各线程束的部分和，每块一次原子操作</translation>
    </message>
    <message>
        <source>block partials written to global memory, a second kernel reduces them: no atomics</source>
        <comment>two_pass</comment>
        <translation>各线程块的部分和写入全局内存，由第二个核函数归约：没有原子操作</translation>
    </message>
    <message>
        <source>one cooperative kernel: block partials, grid.sync(), then block 0 reduces them</source>
        <comment>grid_sync</comment>
        <translation>一个协作式核函数：各块部分和，grid.sync()，再由线程块 0 归约</translation>
    </message>
    <message>
        <source>float4 (packed) loads in a grid-stride loop, then the two-level block reduce</source>
        <comment>vectorized</comment>
        <translation>在网格跨步循环中用 float4（向量化）载入，再做两级块内归约</translation>
    </message>
    <message>
        <source>vectorized, but the kernel zeroes its own output: the block with the first ticket zeroes it (release), the others wait for that (acquire) before their atomicAdd</source>
        <comment>self_reset</comment>
        <translation>与 vectorized 相同，但核函数自己把输出清零：拿到第一张票的线程块清零（release），其他线程块在 atomicAdd 之前等待它完成（acquire）</translation>
    </message>
    <message>
        <source>dot product: multiply pairs, then the shared-memory tree and one atomicAdd per block</source>
        <comment>dot_shared</comment>
        <translation>点积：逐对相乘，再做共享内存归约树，每块一次 atomicAdd</translation>
    </message>
    <message>
        <source>dot product with thread coarsening in registers</source>
        <comment>dot_coarsened</comment>
        <translation>在寄存器中做线程粗化的点积</translation>
    </message>
    <message>
        <source>coarsened dot product accumulating with fmaf</source>
        <comment>dot_fma</comment>
        <translation>用 fmaf 累加的线程粗化点积</translation>
    </message>
    <message>
        <source>CUB DeviceReduce::Sum / Max: the library baseline</source>
        <comment>cub</comment>
        <translation>CUB DeviceReduce::Sum / Max：库函数基线</translation>
    </message>
    <message>
        <source>sequential float64 reduction on the CPU: the reference and the CPU baseline</source>
        <comment>cpu</comment>
        <translation>CPU 上的顺序 float64 归约：参考值与 CPU 基线</translation>
    </message>
    <message>
        <source>interleaved_strided with one unused word after every 32 in shared memory: the strided words spread over all banks, no conflicts</source>
        <comment>interleaved_padded</comment>
        <translation>在共享内存中每 32 个字后空出一个字的 interleaved_strided：跨步访问的字分散到所有 bank 上，没有冲突</translation>
    </message>
    <message>
        <source>vectorized into a ring of three outputs: launch e adds into ring[e % 3], which launch e - 1 zeroed, and zeroes ring[(e + 1) % 3]; no reset, no fence, no wait</source>
        <comment>zero_ahead</comment>
        <translation>vectorized 写入三个输出组成的环：第 e 次启动累加到已由第 e - 1 次启动清零的 ring[e % 3]，并清零 ring[(e + 1) % 3]；无需重置、无内存栅栏、无需等待</translation>
    </message>
    <message>
        <source>shared, but the last warp finishes alone: no __syncthreads() for the last strides, __syncwarp() between each read and write of volatile shared memory</source>
        <comment>warp_unrolled</comment>
        <translation>与 shared 相同，但最后一个线程束独自收尾：最后几个步长不用 __syncthreads()，对 volatile 共享内存的每次读与写之间调用 __syncwarp()</translation>
    </message>
    <message>
        <source>one pass built from CUB&apos;s block primitives (BlockLoad, BlockReduce) with one atomicAdd per block; the caller resets the output before each launch; not deterministic</source>
        <comment>cub_block_one_pass</comment>
        <translation>用 CUB 的块级原语（BlockLoad、BlockReduce）构成的单遍归约，每个线程块一次 atomicAdd；调用方在每次启动前把输出清零；结果不确定</translation>
    </message>
    <message>
        <source>cub_block_one_pass with zero_ahead&apos;s contract: the caller numbers launches and keeps a ring of three outputs, each launch zeroes the next slot; no reset; not deterministic</source>
        <comment>cub_block_ring</comment>
        <translation>采用 zero_ahead 约定的 cub_block_one_pass：调用方为启动编号并保留三个输出的环，每次启动把下一个槽清零；无需清零步骤；结果不确定</translation>
    </message>
    <message>
        <source>CCCL 3.1&apos;s DeviceReduce::Sum requiring determinism::not_guaranteed (one pass, atomics; it zeroes the output itself); built only with REDUCESCOPE_CCCL_DIR</source>
        <comment>cub_not_guaranteed</comment>
        <translation>CCCL 3.1 的 DeviceReduce::Sum，要求 determinism::not_guaranteed（单遍、原子操作；自己把输出清零）；仅在设置 REDUCESCOPE_CCCL_DIR 时构建</translation>
    </message>
    <message>
        <source>CCCL 3.1&apos;s DeviceReduce::Sum requiring determinism::run_to_run (the same bits every run on one GPU); built only with REDUCESCOPE_CCCL_DIR</source>
        <comment>cub_run_to_run</comment>
        <translation>CCCL 3.1 的 DeviceReduce::Sum，要求 determinism::run_to_run（同一 GPU 上每次运行结果逐位相同）；仅在设置 REDUCESCOPE_CCCL_DIR 时构建</translation>
    </message>
    <message>
        <source>CCCL 3.1&apos;s DeviceReduce::Sum requiring determinism::gpu_to_gpu (the same bits on every GPU: a reproducible accumulator); built only with REDUCESCOPE_CCCL_DIR</source>
        <comment>cub_gpu_to_gpu</comment>
        <translation>CCCL 3.1 的 DeviceReduce::Sum，要求 determinism::gpu_to_gpu（任何 GPU 上结果逐位相同：可复现累加器）；仅在设置 REDUCESCOPE_CCCL_DIR 时构建</translation>
    </message>
</context>
<context>
    <name>TraceRequest</name>
    <message>
        <source>strategy must be one of %1 (got &quot;%2&quot;)</source>
        <translation>strategy 必须是以下之一：%1（实际为“%2”）</translation>
    </message>
    <message>
        <source>%1: the step model failed: %2</source>
        <translation>%1：分步模型出错：%2</translation>
    </message>
</context>
<context>
    <name>Words</name>
    <message>
        <source>%1: model vs hardware (Nsight Compute%2)</source>
        <translation>%1：模型与硬件对比（Nsight Compute%2）</translation>
    </message>
    <message>
        <source>This file has no hardware counters for %1; it has %2 (single-block kernels at n = %3).</source>
        <translation>这个文件没有 %1 的硬件计数器；它有 %2（n = %3 时的单线程块核函数）。</translation>
    </message>
    <message>
        <source>1 launch</source>
        <translation>1 次启动</translation>
    </message>
    <message>
        <source>%1 launches</source>
        <translation>%1 次启动</translation>
    </message>
    <message>
        <source>, all with the same figures</source>
        <translation>，数值全部相同</translation>
    </message>
    <message>
        <source>, figures of the first (the launches differed)</source>
        <translation>，取第一次的数值（各次启动不同）</translation>
    </message>
    <message>
        <source>Measured at n = %1, block size %2 (grid %3), %4%5.</source>
        <translation>测量条件：n = %1，线程块大小 %2（网格 %3），%4%5。</translation>
    </message>
    <message>
        <source>The trace on screen is n = %1, block size %2; the model column is the step model at the measured n = %3, block size %4, not the trace on screen.</source>
        <translation>屏幕上的轨迹是 n = %1，线程块大小 %2；模型一列是按测量时的 n = %3、线程块大小 %4 计算的分步模型，而不是屏幕上的轨迹。</translation>
    </message>
    <message>
        <source> (warp size 32, 32 banks, as on the GPU)</source>
        <translation>（线程束大小 32，32 个 bank，与 GPU 相同）</translation>
    </message>
    <message>
        <source>not collected</source>
        <translation>未采集</translation>
    </message>
    <message>
        <source>The step model cannot run n = %1 here (at most 4096 values): the model figures are the ones written into the file.</source>
        <translation>分步模型无法在这里运行 n = %1（至多 4096 个值）：模型数值取自文件中写入的值。</translation>
    </message>
    <message>
        <source>The model figures written into the file differ from today&apos;s step model; the model column is today&apos;s.</source>
        <translation>文件中写入的模型数值与当前的分步模型不同；模型一列使用当前的模型。</translation>
    </message>
    <message>
        <source>The run reported an ncu error: %1</source>
        <translation>这次运行报告了 ncu 错误：%1</translation>
    </message>
</context>
<context>
    <name>reducescope::app</name>
    <message>
        <source>Strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>线程块</translation>
    </message>
    <message>
        <source>C</source>
        <translation>粗化</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Cache</source>
        <translation>缓存</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Median (µs)</source>
        <translation>中位数（µs）</translation>
    </message>
    <message>
        <source>Bandwidth (GB/s)</source>
        <translation>带宽（GB/s）</translation>
    </message>
    <message>
        <source>% of peak</source>
        <translation>占峰值 %</translation>
    </message>
</context>
<context>
    <name>reducescope::app::BenchComparisonView</name>
    <message>
        <source>ok</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>wrong</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>expected wrong</source>
        <translation>预期错误</translation>
    </message>
    <message>
        <source>error</source>
        <translation>出错</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>no mode recorded</source>
        <translation>未记录计时模式</translation>
    </message>
    <message>
        <source>The shown file and the compared file are the same file.</source>
        <translation>当前文件与对比文件是同一个文件。</translation>
    </message>
    <message>
        <source>The shown results are empty: nothing to compare.</source>
        <translation>当前结果为空：无可比较。</translation>
    </message>
    <message>
        <source>The compared file holds no results: nothing to compare.</source>
        <translation>对比文件没有结果：无可比较。</translation>
    </message>
    <message>
        <source>No cell is in both files (a cell is strategy, operation, n, block size, coarse factor, mode and cache; shown: %1, compared: %2).</source>
        <translation>没有两个文件共有的单元（单元由策略、运算、n、线程块大小、粗化因子、计时模式和缓存确定；当前：%1，对比：%2）。</translation>
    </message>
    <message>
        <source>The shown file ran on %1, the compared file on %2: the verdicts compare two GPUs, not two versions of the code.</source>
        <translation>当前文件在 %1 上运行，对比文件在 %2 上：这些判定比较的是两块 GPU，而不是代码的两个版本。</translation>
    </message>
    <message>
        <source>FAST</source>
        <translation>更快</translation>
    </message>
    <message>
        <source>SLOW</source>
        <translation>更慢</translation>
    </message>
    <message>
        <source>SAME</source>
        <translation>相同</translation>
    </message>
    <message>
        <source>only in the shown file</source>
        <translation>仅在当前文件中</translation>
    </message>
    <message>
        <source>only in the compared file</source>
        <translation>仅在对比文件中</translation>
    </message>
    <message>
        <source>not compared: a median time is missing</source>
        <translation>未比较：缺少中位时间</translation>
    </message>
    <message>
        <source>not compared: the shown run is %1</source>
        <translation>未比较：当前运行的状态是“%1”</translation>
    </message>
    <message>
        <source>not compared: the shown run is %1: %2</source>
        <translation>未比较：当前运行的状态是“%1”：%2</translation>
    </message>
    <message>
        <source>not compared: the compared run is %1</source>
        <translation>未比较：对比运行的状态是“%1”</translation>
    </message>
    <message>
        <source>not compared: the compared run is %1: %2</source>
        <translation>未比较：对比运行的状态是“%1”：%2</translation>
    </message>
    <message>
        <source>Cell</source>
        <translation>单元</translation>
    </message>
    <message>
        <source>Shown (µs)</source>
        <translation>当前（µs）</translation>
    </message>
    <message>
        <source>Compared (µs)</source>
        <translation>对比（µs）</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>Noise shown</source>
        <translation>当前噪声</translation>
    </message>
    <message>
        <source>Noise compared</source>
        <translation>对比噪声</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>%1 (MAD)</source>
        <translation>%1（中位数绝对偏差）</translation>
    </message>
    <message>
        <source>%1 (spread)</source>
        <translation>%1（范围）</translation>
    </message>
    <message>
        <source>Shown file against %1: %2 FAST, %3 SLOW, %4 SAME. Rule (after nvbench&apos;s compare script): a change of the median time beyond the sum of both cells&apos; relative noise, and beyond %5 %, is FAST or SLOW; the noise is the recorded median absolute deviation, or half the min–max spread where a file has none.</source>
        <translation>当前文件对比 %1：%2 个更快，%3 个更慢，%4 个相同。规则（参照 nvbench 的比较脚本）：中位时间的变化既超过两个单元相对噪声之和、又超过 %5 %，即为更快或更慢；噪声取记录的中位数绝对偏差，文件未记录时取最小–最大范围的一半。</translation>
    </message>
    <message>
        <source>Load a second results file with &quot;Compare with…&quot; to see, per cell, whether it is FAST, SLOW or the SAME within both files&apos; noise.</source>
        <translation>用“对比…”载入第二个结果文件，即可逐个单元查看它在两个文件的噪声范围内是更快、更慢还是相同。</translation>
    </message>
</context>
<context>
    <name>reducescope::app::BenchDeviceLabel</name>
    <message>
        <source>%1 SMs</source>
        <translation>%1 个 SM</translation>
    </message>
    <message>
        <source>L2 %1</source>
        <translation>L2 %1</translation>
    </message>
    <message>
        <source>peak %1 GB/s</source>
        <translation>峰值 %1 GB/s</translation>
    </message>
    <message>
        <source>driver %1</source>
        <translation>驱动 %1</translation>
    </message>
    <message>
        <source>%1 mode</source>
        <translation>%1 模式</translation>
    </message>
    <message>
        <source>%1 cache</source>
        <translation>%1 缓存</translation>
    </message>
    <message>
        <source>%1 reps</source>
        <translation>%1 次重复</translation>
    </message>
    <message>
        <source>sweep over %1</source>
        <translation>遍历 %1</translation>
    </message>
    <message>
        <source>Showing %1: %2</source>
        <translation>正在显示 %1：%2</translation>
    </message>
    <message>
        <source>this run</source>
        <translation>本次运行</translation>
    </message>
    <message>
        <source>Compared with %1: %2</source>
        <translation>对比 %1：%2</translation>
    </message>
    <message>
        <source>No results yet: run a benchmark, or open a results file (docs/results/ has some recorded on an H200).</source>
        <translation>还没有结果：运行一次基准测试，或打开一个结果文件（docs/results/ 中有在 H200 上记录的结果）。</translation>
    </message>
    <message>
        <source>This machine: %1</source>
        <translation>本机：%1</translation>
    </message>
    <message>
        <source>This machine: &lt;b&gt;no CUDA device&lt;/b&gt; (%1). Benchmarks need an NVIDIA GPU; open a results file recorded on one (docs/results/ has some).</source>
        <translation>本机：&lt;b&gt;没有 CUDA 设备&lt;/b&gt;（%1）。基准测试需要 NVIDIA GPU；可以打开在 GPU 上记录的结果文件（docs/results/ 中有一些）。</translation>
    </message>
    <message>
        <source>This machine: GPU unknown (%1).</source>
        <translation>本机：GPU 未知（%1）。</translation>
    </message>
    <message>
        <source>This machine: &lt;b&gt;no CUDA device&lt;/b&gt; (%1). Open a results file recorded on a GPU (docs/results/ has some).</source>
        <translation>本机：&lt;b&gt;没有 CUDA 设备&lt;/b&gt;（%1）。可以打开在 GPU 上记录的结果文件（docs/results/ 中有一些）。</translation>
    </message>
    <message>
        <source>This build has &lt;b&gt;no CUDA kernels&lt;/b&gt; (it was built without nvcc), so benchmarks cannot run here. Open results recorded on a GPU elsewhere: Open results… (the arrow lists the H200 recordings shipped with ReduceScope).</source>
        <translation>这个构建&lt;b&gt;没有 CUDA 核函数&lt;/b&gt;（构建时没有 nvcc），所以这里不能运行基准测试。可以打开在别处 GPU 上记录的结果：打开结果…（箭头菜单列出 ReduceScope 附带的 H200 记录）。</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>block size</source>
        <translation>线程块大小</translation>
    </message>
    <message>
        <source>coarse factor</source>
        <translation>粗化因子</translation>
    </message>
    <message>
        <source>sweep over %1 × %2</source>
        <comment>two swept parameters: every pair is run</comment>
        <translation>遍历 %1 × %2</translation>
    </message>
    <message>
        <source>incomplete run (%1)</source>
        <comment>the results file&apos;s reason, quoted as the file writes it (English)</comment>
        <translation>运行未完成（%1）</translation>
    </message>
    <message>
        <source>hot cache</source>
        <translation>热缓存</translation>
    </message>
    <message>
        <source>cold cache</source>
        <translation>冷缓存</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the parts of a run summary</comment>
        <translation>，</translation>
    </message>
    <message>
        <source>from GPU host %1</source>
        <translation>来自 GPU 主机 %1</translation>
    </message>
    <message>
        <source>GPU %1 of GPU host %2: %3</source>
        <translation>GPU 主机 %2 的 GPU %1：%3</translation>
    </message>
    <message>
        <source>GPU host %1: &lt;b&gt;no GPU to use&lt;/b&gt; (%2). Check the host in File ▸ GPU host….</source>
        <translation>GPU 主机 %1：&lt;b&gt;没有可用的 GPU&lt;/b&gt;（%2）。请在“文件 ▸ GPU 主机…”中检查该主机。</translation>
    </message>
    <message>
        <source>GPU host %1: GPU unknown (%2).</source>
        <translation>GPU 主机 %1：GPU 未知（%2）。</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <comment>a process&apos;s name, its GPU memory</comment>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>pid %1</source>
        <translation>进程 %1</translation>
    </message>
    <message>
        <source>pid %1 (%2)</source>
        <translation>进程 %1（%2）</translation>
    </message>
    <message>
        <source>also on this GPU: %1</source>
        <comment>NVML&apos;s list of the other processes on the GPU during the run</comment>
        <translation>同时使用此 GPU 的其他进程：%1</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the items of a list</comment>
        <translation>、</translation>
    </message>
</context>
<context>
    <name>reducescope::app::BenchRunPanel</name>
    <message>
        <source>… %1 (N = %2)</source>
        <translation>… %1（N = %2）</translation>
    </message>
    <message>
        <source>✓ %1: %2 µs, %3 GB/s</source>
        <translation>✓ %1：%2 µs，%3 GB/s</translation>
    </message>
    <message>
        <source>✗ %1: %2%3</source>
        <translation>✗ %1：%2%3</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Runs reducescope-cli bench with these settings in a child process</source>
        <translation>在子进程中以这些设置运行 reducescope-cli bench</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>%v / %m kernel runs</source>
        <translation>%v / %m 次核函数运行</translation>
    </message>
    <message numerus="yes">
        <source>… %n earlier line(s) folded (failures are kept)</source>
        <translation>
            <numerusform>… 已折叠较早的 %n 行（失败的行都保留）</numerusform>
        </translation>
    </message>
    <message>
        <source>This build has no CUDA kernels: pressing Run says why nothing can run here</source>
        <translation>此构建不含 CUDA 核函数：按“运行”会说明这里为什么无法运行</translation>
    </message>
    <message>
        <source>My kernel…</source>
        <translation>我的核函数…</translation>
    </message>
    <message>
        <source>Choose your own .cu file and time it on the GPU beside the chosen strategies, CUB and the read ceiling (reducescope-cli kernel bench)</source>
        <translation>选择你自己的 .cu 文件，在 GPU 上与所选策略、CUB 和实测读取上限一起计时</translation>
    </message>
</context>
<context>
    <name>reducescope::app::BenchRunner</name>
    <message>
        <source>a benchmark is already running</source>
        <translation>已有一个基准测试在运行</translation>
    </message>
    <message>
        <source>reducescope-cli not found next to the app, in the build tree or on PATH (set REDUCESCOPE_CLI)</source>
        <translation>在程序旁边、构建目录和 PATH 中都没有找到 reducescope-cli（请设置 REDUCESCOPE_CLI）</translation>
    </message>
    <message>
        <source>reducescope-cli printed a line this app cannot read: %1</source>
        <translation>reducescope-cli 输出了一行本程序无法读取的内容：%1</translation>
    </message>
    <message>
        <source>Cancelled; %1 kept.</source>
        <translation>已取消；保留了 %1。</translation>
    </message>
    <message>
        <source>1 finished result</source>
        <translation>1 个已完成的结果</translation>
    </message>
    <message>
        <source>%1 finished results</source>
        <translation>%1 个已完成的结果</translation>
    </message>
    <message>
        <source>reducescope-cli crashed after %1</source>
        <translation>reducescope-cli 在得到 %1 后崩溃</translation>
    </message>
    <message>
        <source>Done: %1.</source>
        <translation>完成：%1。</translation>
    </message>
    <message>
        <source>reducescope-cli: %1</source>
        <translation>reducescope-cli：%1</translation>
    </message>
    <message>
        <source>reducescope-cli rejected the arguments (exit 2)</source>
        <translation>reducescope-cli 拒绝了这些参数（退出码 2）</translation>
    </message>
    <message>
        <source>No CUDA device (reducescope-cli exit 77): %1</source>
        <translation>没有 CUDA 设备（reducescope-cli 退出码 77）：%1</translation>
    </message>
    <message>
        <source>no GPU or driver found</source>
        <translation>没有找到 GPU 或驱动</translation>
    </message>
    <message>
        <source>reducescope-cli failed (exit %1) after %2</source>
        <translation>reducescope-cli 在得到 %2 后失败（退出码 %1）</translation>
    </message>
    <message>
        <source>cannot start %1: %2</source>
        <translation>无法启动 %1：%2</translation>
    </message>
    <message>
        <source>reducescope-cli not found: benchmarks cannot run from this build</source>
        <translation>没有找到 reducescope-cli：这个构建无法运行基准测试</translation>
    </message>
    <message>
        <source>reducescope-cli reported an error after %1 (exit %2): %3</source>
        <translation>reducescope-cli 在得到 %1 后报告错误（退出码 %2）：%3</translation>
    </message>
    <message>
        <source>No results: reducescope-cli exited (code 0) and printed nothing%1</source>
        <translation>没有结果：reducescope-cli 已退出（退出码 0），但没有输出任何内容%1</translation>
    </message>
    <message>
        <source>Incomplete: reducescope-cli exited (code 0) after %1 without its &quot;done&quot; line; the rows received are kept</source>
        <translation>不完整：reducescope-cli 在得到 %1 后退出（退出码 0），没有输出 “done” 行；已收到的行保留</translation>
    </message>
    <message>
        <source>Done, but 1 result is wrong or failed (see Status).</source>
        <translation>完成，但有 1 个结果错误或失败（见“状态”列）。</translation>
    </message>
    <message>
        <source>Done, but %1 results are wrong or failed (see Status).</source>
        <translation>完成，但有 %1 个结果错误或失败（见“状态”列）。</translation>
    </message>
    <message>
        <source>reducescope-cli failed (exit 1) after %1 without saying why%2</source>
        <translation>reducescope-cli 在得到 %1 后失败（退出码 1），未说明原因%2</translation>
    </message>
    <message>
        <source>; the run is incomplete (no &quot;done&quot; line)</source>
        <translation>；运行不完整（没有 “done” 行）</translation>
    </message>
    <message>
        <source>the GPU host %1 could not be reached (exit 69)</source>
        <translation>无法连接 GPU 主机 %1（退出码 69）</translation>
    </message>
    <message>
        <source>(not saved: %1)</source>
        <translation>（未保存：%1）</translation>
    </message>
</context>
<context>
    <name>reducescope::app::BenchSettings</name>
    <message>
        <source>Kernels</source>
        <translation>核函数</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>Repetitions</source>
        <translation>重复次数</translation>
    </message>
    <message>
        <source>graph: CUDA graph replay; loop: back-to-back launches; per-launch: events around each launch</source>
        <translation>graph：CUDA 图重放；loop：连续启动；per-launch：每次启动前后记录事件</translation>
    </message>
    <message>
        <source>Timing mode</source>
        <translation>计时模式</translation>
    </message>
    <message>
        <source>cold flushes L2 between repetitions</source>
        <translation>cold：每次重复之间清空 L2</translation>
    </message>
    <message>
        <source>Cache</source>
        <translation>缓存</translation>
    </message>
    <message>
        <source>Block size</source>
        <translation>线程块大小</translation>
    </message>
    <message>
        <source>COARSE_FACTOR: elements each thread adds in registers before the tree (power of two)</source>
        <translation>COARSE_FACTOR：每个线程在进入归约树之前在寄存器中累加的元素个数（2 的幂）</translation>
    </message>
    <message>
        <source>Coarse factor</source>
        <translation>粗化因子</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>over N</source>
        <translation>遍历 N</translation>
    </message>
    <message>
        <source>over block size</source>
        <translation>遍历线程块大小</translation>
    </message>
    <message>
        <source>over coarse factor</source>
        <translation>遍历粗化因子</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>遍历</translation>
    </message>
    <message>
        <source>Sweep values</source>
        <translation>遍历取值</translation>
    </message>
    <message>
        <source>kernels: check at least one kernel to run</source>
        <translation>核函数：请至少勾选一个要运行的核函数</translation>
    </message>
    <message>
        <source>Elements (float32): an integer, 1M = 1,048,576, or 2^20. Up to 2^31 (the kernels&apos; limit) and what the device memory allows.</source>
        <translation>元素个数（float32）：整数，1M = 1,048,576，或 2^20。至多 2^31（核函数的上限），且不超过设备内存所能容纳的数量。</translation>
    </message>
    <message>
        <source>N: expected an integer 1 .. 2^31 (e.g. 1048576, 1M, 2^20), got &quot;%1&quot;</source>
        <translation>N：应为 1 .. 2^31 之间的整数（例如 1048576、1M、2^20），实际为“%1”</translation>
    </message>
    <message>
        <source>graph: the launches are recorded once into a CUDA graph and replayed together. The CPU&apos;s cost of launching is almost gone, so this is closest to the time the kernel itself takes.</source>
        <translation>graph：把多次启动一次性录制成 CUDA 图再整体重放。CPU 发起启动的开销几乎消失，所以这最接近核函数本身的耗时。</translation>
    </message>
    <message>
        <source>loop: many launches back to back, timed together and divided by their number. The GPU never waits for the CPU, but every launch still pays its launch cost.</source>
        <translation>loop：连续发起多次启动，一起计时再除以次数。GPU 不必等待 CPU，但每次启动仍要付出启动开销。</translation>
    </message>
    <message>
        <source>per-launch: a timer around every single launch, launch cost included: what a program that reduces once and waits for the answer sees.</source>
        <translation>per-launch：为每一次启动单独计时，包含启动开销：这就是只做一次归约并等待结果的程序所看到的时间。</translation>
    </message>
    <message>
        <source>hot cache: the input stays in the GPU&apos;s L2 cache from one repetition to the next when it fits (60 MiB on an H200), so a small input is read from L2, faster than from memory.</source>
        <translation>热缓存：输入放得下时（H200 的 L2 为 60 MiB），会在两次重复之间一直留在 GPU 的 L2 缓存中，所以较小的输入是从 L2 读取的，比从显存读取更快。</translation>
    </message>
    <message>
        <source>cold cache: L2 is emptied before every repetition, so each one reads the input from device memory, as a program does the first time it touches the data.</source>
        <translation>冷缓存：每次重复之前都清空 L2，所以每次都从显存读取输入，就像程序第一次访问这些数据时一样。</translation>
    </message>
</context>
<context>
    <name>reducescope::app::BenchTableModel</name>
    <message>
        <source>
Double-click to open this strategy in the step pane.</source>
        <translation>
双击在分步面板中打开这个策略。</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>核函数</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>线程块</translation>
    </message>
    <message>
        <source>Coarse</source>
        <translation>粗化</translation>
    </message>
    <message>
        <source>Median (µs)</source>
        <translation>中位数（µs）</translation>
    </message>
    <message>
        <source>Min (µs)</source>
        <translation>最小（µs）</translation>
    </message>
    <message>
        <source>Max (µs)</source>
        <translation>最大（µs）</translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
    <message>
        <source>% peak</source>
        <translation>占峰值 %</translation>
    </message>
    <message>
        <source>% ceiling</source>
        <translation>占上限 %</translation>
    </message>
    <message>
        <source>Speed-up</source>
        <translation>加速比</translation>
    </message>
    <message>
        <source>Speed-up vs %1</source>
        <translation>相对 %1 的加速比</translation>
    </message>
    <message>
        <source>|Error|</source>
        <translation>|误差|</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Threads per block</source>
        <translation>每个线程块的线程数</translation>
    </message>
    <message>
        <source>Coarse factor (COARSE_FACTOR)</source>
        <translation>粗化因子（COARSE_FACTOR）</translation>
    </message>
    <message>
        <source>Effective bandwidth: bytes read / median time, 10^9 bytes per second</source>
        <translation>有效带宽：读取的字节数 / 中位时间，单位 10^9 字节每秒</translation>
    </message>
    <message>
        <source>Bandwidth as % of the datasheet peak</source>
        <translation>带宽占规格书峰值的百分比</translation>
    </message>
    <message>
        <source>Bandwidth as % of the measured read-only ceiling at this N</source>
        <translation>带宽占此 N 下实测只读带宽上限的百分比</translation>
    </message>
    <message>
        <source>|result - float64 reference|</source>
        <translation>|结果 - float64 参考值|</translation>
    </message>
    <message>
        <source>%1 (%2), n = %3, block %4, coarse %5: %6</source>
        <translation>%1（%2），n = %3，线程块 %4，粗化 %5：%6</translation>
    </message>
    <message>
        <source>
|error| %1, tolerance %2</source>
        <translation>
|误差| %1，容差 %2</translation>
    </message>
    <message>
        <source>NOISY</source>
        <translation>噪声大</translation>
    </message>
    <message>
        <source>LOW CLOCK</source>
        <translation>时钟偏低</translation>
    </message>
    <message>
        <source>Noise: relative median absolute deviation of the samples, as recorded</source>
        <translation>噪声：样本的相对中位数绝对偏差（文件中记录的值）</translation>
    </message>
    <message>
        <source>Noise: half the min–max spread of the times (this file records no noise)</source>
        <translation>噪声：时间最小–最大范围的一半（此文件未记录噪声）</translation>
    </message>
    <message>
        <source>; above the run&apos;s noise limit</source>
        <translation>；高于本次运行的噪声上限</translation>
    </message>
    <message>
        <source>; a clock read below 75 % of its maximum during the run</source>
        <translation>；运行期间读到的时钟低于其最大值的 75 %</translation>
    </message>
    <message>
        <source>Noise</source>
        <translation>噪声</translation>
    </message>
    <message>
        <source>Relative noise of the time: the recorded median absolute deviation, or ~ half the min–max spread; NOISY above the run&apos;s noise limit, LOW CLOCK below 75 % of the maximum clock</source>
        <translation>时间的相对噪声：记录的中位数绝对偏差，或约为最小–最大范围的一半；高于本次运行噪声上限时标为“噪声大”，低于最大时钟 75 % 时标为“时钟偏低”</translation>
    </message>
</context>
<context>
    <name>reducescope::app::BenchmarkPane</name>
    <message>
        <source>Open results…</source>
        <translation>打开结果…</translation>
    </message>
    <message>
        <source>Load a results .json written by reducescope-cli bench --json; the arrow lists the recordings shipped in docs/results/</source>
        <translation>载入 reducescope-cli bench --json 写出的结果 .json；箭头菜单列出 docs/results/ 中附带的记录</translation>
    </message>
    <message>
        <source>(no docs/results/ folder found near the app)</source>
        <translation>（程序附近没有找到 docs/results/ 文件夹）</translation>
    </message>
    <message>
        <source>Compare with…</source>
        <translation>对比…</translation>
    </message>
    <message>
        <source>Overlay a second results file (another GPU or commit)</source>
        <translation>叠加第二个结果文件（另一块 GPU 或另一次提交）</translation>
    </message>
    <message>
        <source>Clear comparison</source>
        <translation>清除对比</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Chart as PNG, PDF or SVG…</source>
        <translation>图表导出为 PNG、PDF 或 SVG…</translation>
    </message>
    <message>
        <source>Data as CSV or JSON…</source>
        <translation>数据导出为 CSV 或 JSON…</translation>
    </message>
    <message>
        <source>Speed-up baseline:</source>
        <translation>加速比基线：</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>对数坐标</translation>
    </message>
    <message>
        <source>Hover a bar for exact figures; click it (or a table row) to open the strategy in the step pane.</source>
        <translation>鼠标悬停在柱上可看到精确数值；单击柱（或表格中的一行）在分步面板中打开该策略。</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>Speed-up</source>
        <translation>加速比</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>遍历</translation>
    </message>
    <message>
        <source>Multi-GPU</source>
        <translation>多 GPU</translation>
    </message>
    <message>
        <source>Not loaded: %1</source>
        <translation>载入失败：%1</translation>
    </message>
    <message>
        <source>Loaded %1: %2.</source>
        <translation>已载入 %1：%2。</translation>
    </message>
    <message>
        <source>1 result</source>
        <translation>1 个结果</translation>
    </message>
    <message>
        <source>%1 results</source>
        <translation>%1 个结果</translation>
    </message>
    <message>
        <source>Not loaded for comparison: %1</source>
        <translation>对比文件载入失败：%1</translation>
    </message>
    <message>
        <source>Comparing with %1.</source>
        <translation>正在与 %1 对比。</translation>
    </message>
    <message>
        <source>Not started: %1</source>
        <translation>未启动：%1</translation>
    </message>
    <message>
        <source>Running %1…</source>
        <translation>正在运行 %1…</translation>
    </message>
    <message>
        <source>%1: cannot write (%2)</source>
        <translation>%1：无法写入（%2）</translation>
    </message>
    <message>
        <source>Open benchmark results</source>
        <translation>打开基准测试结果</translation>
    </message>
    <message>
        <source>Results (*.json)</source>
        <translation>结果 (*.json)</translation>
    </message>
    <message>
        <source>Compare with results</source>
        <translation>与结果对比</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>PNG (*.png);;PDF (*.pdf);;SVG (*.svg)</source>
        <translation>PNG (*.png);;PDF (*.pdf);;SVG (*.svg)</translation>
    </message>
    <message>
        <source>Chart written to %1.</source>
        <translation>图表已写入 %1。</translation>
    </message>
    <message>
        <source>Export data</source>
        <translation>导出数据</translation>
    </message>
    <message>
        <source>Data written to %1.</source>
        <translation>数据已写入 %1。</translation>
    </message>
    <message>
        <source>Determinism</source>
        <translation>确定性</translation>
    </message>
    <message>
        <source>Heat map</source>
        <translation>热力图</translation>
    </message>
    <message>
        <source>Cell</source>
        <translation>单元</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行次数</translation>
    </message>
    <message>
        <source>Distinct results</source>
        <translation>不同结果数</translation>
    </message>
    <message>
        <source>Spread (ulp)</source>
        <translation>范围（ulp）</translation>
    </message>
    <message>
        <source>Error vs float64 (ulp)</source>
        <translation>相对 float64 的误差（ulp）</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>deterministic</source>
        <translation>结果确定</translation>
    </message>
    <message numerus="yes">
        <source>1 distinct in %n run(s) (order not fixed)</source>
        <translation>
            <numerusform>%n 次运行只得到 1 种结果（顺序不固定）</numerusform>
        </translation>
    </message>
    <message>
        <source>varies from run to run</source>
        <translation>每次运行结果不同</translation>
    </message>
    <message>
        <source>NOT deterministic although the order is fixed</source>
        <translation>顺序固定，但结果不确定</translation>
    </message>
    <message>
        <source>atomic order: partial results meet in one word through float atomics, in the order the hardware picks on each launch</source>
        <translation>原子操作顺序：部分结果通过浮点原子操作汇入同一个字，顺序由硬件在每次启动时自行决定</translation>
    </message>
    <message>
        <source>fixed tree order: partial results are stored and added in the same order on every launch</source>
        <translation>固定的树形顺序：部分结果先存储，每次启动都按相同顺序相加</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 至 %2</translation>
    </message>
    <message numerus="yes">
        <source>(%n launch(es) left the output unwritten)</source>
        <translation>
            <numerusform>（%n 次启动没有写入输出）</numerusform>
        </translation>
    </message>
    <message>
        <source>Each launch&apos;s result, bit for bit: %1</source>
        <translation>每次启动的结果（逐位）：%1</translation>
    </message>
    <message>
        <source>These results have no repeat data. Record it with &lt;code&gt;reducescope-cli bench --repeat 5 --n 1048576 --json FILE&lt;/code&gt;: each kernel then runs five more times on the same input and every result is kept bit for bit. Kernels that merge through float atomics may give a different sum on each run; kernels with a fixed tree order give the same bits.</source>
        <translation>这些结果没有重复运行数据。可用 &lt;code&gt;reducescope-cli bench --repeat 5 --n 1048576 --json FILE&lt;/code&gt; 记录：每个核函数会在同一输入上再运行五次，每个结果都逐位保留。通过浮点原子操作合并的核函数每次运行可能得到不同的和；树形顺序固定的核函数每次得到逐位相同的结果。</translation>
    </message>
    <message numerus="yes">
        <source>%n result(s) repeated, each over up to %1 launches on the same input.</source>
        <translation>
            <numerusform>%n 个结果做了重复运行，每个在同一输入上最多启动 %1 次。</numerusform>
        </translation>
    </message>
    <message>
        <source>Deterministic (fixed tree order): %1. Varying with the atomic order: %2. One result but atomic order, so not guaranteed: %3.</source>
        <translation>确定（固定的树形顺序）：%1。随原子操作顺序变化：%2。只得到一种结果，但属于原子操作顺序，因此没有保证：%3。</translation>
    </message>
    <message>
        <source>Fixed order yet varying (look into these): %1.</source>
        <translation>顺序固定却有变化（需要检查）：%1。</translation>
    </message>
    <message>
        <source>Spread = (largest − smallest result) in ulps of a float at the float64 reference.</source>
        <translation>范围 =（最大结果 − 最小结果），以 float 在 float64 参考值处的 ulp 为单位。</translation>
    </message>
    <message>
        <source>%1: unknown data format &quot;%2&quot; (allowed: csv, md, json)</source>
        <translation>%1：未知的数据格式 &quot;%2&quot;（可用：csv、md、json）</translation>
    </message>
    <message>
        <source>CSV (*.csv);;Markdown table (*.md);;Results JSON (*.json)</source>
        <translation>CSV (*.csv);;Markdown 表格 (*.md);;结果 JSON (*.json)</translation>
    </message>
    <message>
        <source>atomic order</source>
        <translation>原子操作顺序</translation>
    </message>
    <message>
        <source>fixed tree order</source>
        <translation>固定的树形顺序</translation>
    </message>
    <message numerus="yes">
        <source> %n stdout line(s) could not be read; the last: %1</source>
        <translation>
            <numerusform> 有 %n 行标准输出无法读取；最后一行：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Each bar is the median time of one reduction of N floats; shorter is faster. The timing mode says whether the launch&apos;s own cost is in it. The whiskers show how much the repetitions varied.</source>
        <translation>每根柱子是对 N 个 float 做一次归约的中位时间，越短越快。计时模式决定其中是否包含启动本身的开销。误差线表示各次重复之间的波动。</translation>
    </message>
    <message>
        <source>Effective bandwidth: the bytes a kernel has to read (4 per float; 8 for a dot product, which reads x and y) divided by its median time. The datasheet peak is the memory&apos;s rated speed, which no kernel reaches. The measured read ceiling is the fastest kernel that only reads the input, timed in the same run at the same N, mode and cache: about the most a reduction can reach on this GPU.</source>
        <translation>有效带宽：核函数必须读取的字节数（每个 float 4 字节；点积要读 x 和 y，每个元素 8 字节）除以中位时间。规格书峰值带宽是显存的标称速度，任何核函数都达不到。实测读取上限是同一次运行中、相同 N、计时模式和缓存状态下只读取输入的最快核函数：大致就是这块 GPU 上归约所能达到的上限。</translation>
    </message>
    <message>
        <source>How many times faster than the baseline at the same N: the baseline&apos;s median time divided by this kernel&apos;s. Above 1 is faster.</source>
        <translation>在相同 N 下比基线快多少倍：基线的中位时间除以该核函数的中位时间。大于 1 表示更快。</translation>
    </message>
    <message>
        <source>No GPU on this machine: showing the lecture results shipped with ReduceScope (%1). Open results… lists the other recordings.</source>
        <translation>本机没有 GPU：正在显示 ReduceScope 自带的课堂用结果（%1）。“打开结果…”列出了其他记录。</translation>
    </message>
    <message>
        <source>Cannot run here: this build of ReduceScope has no CUDA kernels (it was built without nvcc). Benchmarks run on an NVIDIA GPU; the results shown were recorded on one.</source>
        <translation>无法在这里运行：这个 ReduceScope 构建不含 CUDA 核函数（构建时没有 nvcc）。基准测试要在 NVIDIA GPU 上运行；当前显示的结果就是在 GPU 上记录的。</translation>
    </message>
    <message>
        <source>Cannot run here: this machine has no CUDA device (%1). Benchmarks run on an NVIDIA GPU; the results shown were recorded on one, and Open results… lists more.</source>
        <translation>无法在这里运行：本机没有 CUDA 设备（%1）。基准测试要在 NVIDIA GPU 上运行；当前显示的结果是在 GPU 上记录的，“打开结果…”还列出了更多记录。</translation>
    </message>
    <message>
        <source>no NVIDIA driver or GPU found</source>
        <translation>未找到 NVIDIA 驱动或 GPU</translation>
    </message>
    <message>
        <source>Waiting on the GPU host: %1</source>
        <translation>正在等待 GPU 主机：%1</translation>
    </message>
    <message>
        <source>GPU host: %1 (Slurm)…</source>
        <translation>GPU 主机：%1（Slurm）…</translation>
    </message>
    <message>
        <source>GPU host: %1…</source>
        <translation>GPU 主机：%1…</translation>
    </message>
    <message>
        <source>GPU: this computer…</source>
        <translation>GPU：本机…</translation>
    </message>
    <message>
        <source>Run on this computer&apos;s GPU or on a GPU host over ssh, optionally through Slurm</source>
        <translation>在本机的 GPU 上运行，或通过 ssh 在 GPU 主机上运行（可经由 Slurm）</translation>
    </message>
    <message>
        <source>To run them on a GPU server over ssh, choose File ▸ GPU host… (or the GPU host button on the device line).</source>
        <translation>要通过 ssh 在 GPU 服务器上运行，请选择“文件 ▸ GPU 主机…”（或设备信息行上的 GPU 主机按钮）。</translation>
    </message>
    <message>
        <source>Time your own kernel</source>
        <translation>为你自己的核函数计时</translation>
    </message>
    <message>
        <source>CUDA sources (*.cu *.cuh);;All files (*)</source>
        <translation>CUDA 源文件 (*.cu *.cuh);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>reducescope::app::ClassroomPanel</name>
    <message>
        <source>Nothing to predict in this step: step on.</source>
        <translation>这一步没有可预测的内容：请继续下一步。</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Hide the lesson&apos;s note</source>
        <translation>隐藏课程说明</translation>
    </message>
    <message>
        <source>&amp;Predict mode</source>
        <translation>预测模式(&amp;P)</translation>
    </message>
    <message>
        <source>Predict mode: answer a question about each step before it is revealed</source>
        <translation>预测模式：每一步揭晓之前，先回答一个关于这一步的问题</translation>
    </message>
    <message>
        <source>&amp;Reveal the step</source>
        <translation>揭晓这一步(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Another question</source>
        <translation>换一个问题(&amp;A)</translation>
    </message>
    <message>
        <source>your answer</source>
        <translation>你的答案</translation>
    </message>
    <message>
        <source>Show note</source>
        <translation>展开说明</translation>
    </message>
    <message>
        <source>Fold note</source>
        <translation>折叠说明</translation>
    </message>
    <message>
        <source>Show the lesson&apos;s whole note (N)</source>
        <translation>显示课程的完整说明（N）</translation>
    </message>
    <message>
        <source>Fold the lesson&apos;s note to one line (N)</source>
        <translation>把课程说明折叠为一行（N）</translation>
    </message>
    <message>
        <source>Click to read the whole note (N)</source>
        <translation>点击阅读完整说明（N）</translation>
    </message>
</context>
<context>
    <name>reducescope::app::DeviceProbe</name>
    <message>
        <source>cannot start %1: %2</source>
        <translation>无法启动 %1：%2</translation>
    </message>
    <message>
        <source>reducescope-cli devices did not answer within %1 s</source>
        <translation>reducescope-cli devices 在 %1 秒内没有响应</translation>
    </message>
    <message>
        <source>reducescope-cli devices crashed</source>
        <translation>reducescope-cli devices 崩溃</translation>
    </message>
    <message>
        <source>no CUDA device or driver</source>
        <translation>没有 CUDA 设备或驱动</translation>
    </message>
    <message>
        <source>reducescope-cli devices failed (exit %1)%2</source>
        <translation>reducescope-cli devices 失败（退出码 %1）%2</translation>
    </message>
    <message>
        <source>cannot read the device list: %1</source>
        <translation>无法读取设备列表：%1</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>空</translation>
    </message>
</context>
<context>
    <name>reducescope::app::GpuHost</name>
    <message>
        <source>GPU host: expected [user@]host[:port], user and host of letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;, port 1..65535 (got &quot;%1&quot;)</source>
        <translation>GPU 主机：应为 [user@]host[:port]，用户名和主机名由字母、数字、“.”、“_”和“-”组成，端口为 1..65535（实际为“%1”）</translation>
    </message>
    <message>
        <source>GPU host: the port %1 is outside 1..65535</source>
        <translation>GPU 主机：端口 %1 不在 1..65535 范围内</translation>
    </message>
    <message>
        <source>host&apos;s reducescope-cli: a path on one line</source>
        <translation>主机上的 reducescope-cli：路径须写在一行内</translation>
    </message>
</context>
<context>
    <name>reducescope::app::GpuHostDialog</name>
    <message>
        <source>GPU host</source>
        <translation>GPU 主机</translation>
    </message>
    <message>
        <source>Benchmarks, GPU recordings and hardware counters run on this computer&apos;s GPU, or on a GPU host reached with ssh (your keys and ~/.ssh/config; no password is ever asked). The host runs its own reducescope-cli of the same version.</source>
        <translation>基准测试、GPU 录制和硬件计数器在本机的 GPU 上运行，或在通过 ssh 连接的 GPU 主机上运行（使用你的密钥和 ~/.ssh/config；从不询问密码）。主机运行它自己安装的同版本 reducescope-cli。</translation>
    </message>
    <message>
        <source>This computer</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>GPU host:</source>
        <translation>GPU 主机：</translation>
    </message>
    <message>
        <source>[user@]host[:port], e.g. alice@gpu1.example.edu</source>
        <translation>[user@]host[:port]，例如 alice@gpu1.example.edu</translation>
    </message>
    <message>
        <source>reducescope-cli on the host&apos;s PATH</source>
        <translation>主机 PATH 中的 reducescope-cli</translation>
    </message>
    <message>
        <source>Host&apos;s reducescope-cli:</source>
        <translation>主机上的 reducescope-cli：</translation>
    </message>
    <message>
        <source>through Slurm, srun options:</source>
        <translation>经由 Slurm，srun 选项：</translation>
    </message>
    <message>
        <source>e.g. --partition gpu --gres gpu:1 --time 10</source>
        <translation>例如 --partition gpu --gres gpu:1 --time 10</translation>
    </message>
    <message>
        <source>GPU host: give [user@]host[:port], or choose This computer</source>
        <translation>GPU 主机：请填写 [user@]host[:port]，或选择“本机”</translation>
    </message>
</context>
<context>
    <name>reducescope::app::GpuRecorder</name>
    <message>
        <source>a GPU records warps of 32 lanes and 32 banks (this request has warp size %1, %2 banks): the step model is shown</source>
        <translation>GPU 只能记录 32 个 lane 的线程束和 32 个 bank（这个请求的线程束大小为 %1，%2 个 bank）：显示分步模型</translation>
    </message>
    <message>
        <source>no CUDA device: reducescope-cli was not found next to the app or in the build tree (set REDUCESCOPE_CLI)</source>
        <translation>没有 CUDA 设备：在程序旁边和构建目录中都没有找到 reducescope-cli（请设置 REDUCESCOPE_CLI）</translation>
    </message>
    <message>
        <source>no CUDA device: cannot start %1: %2</source>
        <translation>没有 CUDA 设备：无法启动 %1：%2</translation>
    </message>
    <message>
        <source>recording cancelled: the step model is shown</source>
        <translation>记录已取消：显示分步模型</translation>
    </message>
    <message>
        <source>recording failed: reducescope-cli crashed%1; the step model is shown</source>
        <translation>记录失败：reducescope-cli 崩溃%1；显示分步模型</translation>
    </message>
    <message>
        <source>no CUDA device: %1</source>
        <translation>没有 CUDA 设备：%1</translation>
    </message>
    <message>
        <source>reducescope-cli found no GPU or driver</source>
        <translation>reducescope-cli 没有找到 GPU 或驱动</translation>
    </message>
    <message>
        <source>the recording refused these parameters: %1; the step model is shown</source>
        <translation>记录拒绝了这些参数：%1；显示分步模型</translation>
    </message>
    <message>
        <source>recording failed (reducescope-cli exit %1)%2; the step model is shown</source>
        <translation>记录失败（reducescope-cli 退出码 %1）%2；显示分步模型</translation>
    </message>
    <message>
        <source>the recording of reducescope-cli</source>
        <translation>reducescope-cli 的记录</translation>
    </message>
    <message>
        <source>reducescope-cli printed a step-model trace, not a recording</source>
        <translation>reducescope-cli 输出的是分步模型轨迹，而不是 GPU 记录</translation>
    </message>
    <message>
        <source>recording failed: %1; the step model is shown</source>
        <translation>记录失败：%1；显示分步模型</translation>
    </message>
</context>
<context>
    <name>reducescope::app::KernelPane</name>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>fault</source>
        <translation>故障</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Unsaved kernel</source>
        <translation>未保存的核函数</translation>
    </message>
    <message>
        <source>The kernel %1 has changes that are not saved. Save them?</source>
        <translation>核函数 %1 有尚未保存的修改。要保存吗？</translation>
    </message>
    <message>
        <source>Open kernel</source>
        <translation>打开核函数</translation>
    </message>
    <message>
        <source>CUDA sources (*.cu *.cuh);;All files (*)</source>
        <translation>CUDA 源文件 (*.cu *.cuh);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Step cancelled</source>
        <translation>已取消分步运行</translation>
    </message>
    <message>
        <source>&amp;Input values</source>
        <translation>输入值(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Block size</source>
        <translation>线程块大小(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Grid</source>
        <translation>网格(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Warp size</source>
        <translation>线程束大小(&amp;W)</translation>
    </message>
    <message>
        <source>B&amp;anks</source>
        <translation>bank 数(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Kernel</source>
        <translation>核函数(&amp;K)</translation>
    </message>
    <message>
        <source>1..4096 values, separated by commas or spaces (nan, inf accepted)</source>
        <translation>1..4096 个值，用逗号或空格分隔（接受 nan、inf）</translation>
    </message>
    <message>
        <source>Threads per block: a power of two in 1..1024; empty: the engine plans it</source>
        <translation>每个线程块的线程数：1..1024 中的 2 的幂；留空：由引擎规划</translation>
    </message>
    <message>
        <source>Blocks: 1..65535; empty: the engine plans it (in-place kernels run one block)</source>
        <translation>线程块数：1..65535；留空：由引擎规划（原地核函数运行一个线程块）</translation>
    </message>
    <message>
        <source>32, or 4, 8 or 16 as a teaching aid</source>
        <translation>32，或作为教学辅助的 4、8、16</translation>
    </message>
    <message>
        <source>Shared-memory banks: 32, or 4, 8 or 16</source>
        <translation>共享内存 bank 数：32，或 4、8、16</translation>
    </message>
    <message>
        <source>&amp;Step the kernel</source>
        <translation>分步运行核函数(&amp;S)</translation>
    </message>
    <message>
        <source>Runs the kernel on the CPU engine and opens its trace in the step pane</source>
        <translation>在 CPU 引擎上运行核函数，并在分步面板中打开它的轨迹</translation>
    </message>
    <message>
        <source>C&amp;heck</source>
        <translation>检查(&amp;H)</translation>
    </message>
    <message>
        <source>Compiles the kernel and lists the kernels the engine can run</source>
        <translation>编译核函数，并列出引擎能运行的核函数</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Open &amp;kernel…</source>
        <translation>打开核函数(&amp;K)…</translation>
    </message>
    <message>
        <source>&amp;Save kernel</source>
        <translation>保存核函数(&amp;S)</translation>
    </message>
    <message>
        <source>Save kernel &amp;as…</source>
        <translation>核函数另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Step the &amp;kernel</source>
        <translation>分步运行核函数(&amp;K)</translation>
    </message>
    <message>
        <source>C&amp;heck the kernel</source>
        <translation>检查核函数(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;New kernel from strategy</source>
        <translation>从策略新建核函数(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Recent kernels</source>
        <translation>最近的核函数(&amp;R)</translation>
    </message>
    <message>
        <source>(the engine&apos;s choice)</source>
        <translation>（由引擎选择）</translation>
    </message>
    <message>
        <source>untitled.cu</source>
        <translation>untitled.cu</translation>
    </message>
    <message>
        <source>Kernel — %1%2</source>
        <translation>核函数 — %1%2</translation>
    </message>
    <message>
        <source>New kernel from %1 (a copy of %2): edit it and Step</source>
        <translation>从 %1 新建的核函数（%2 的副本）：修改后分步运行</translation>
    </message>
    <message>
        <source>%1: not opened (the unsaved kernel stays)</source>
        <translation>%1：未打开（未保存的核函数保留）</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Save kernel</source>
        <translation>保存核函数</translation>
    </message>
    <message>
        <source>my_kernel.cu</source>
        <translation>my_kernel.cu</translation>
    </message>
    <message>
        <source>CUDA sources (*.cu)</source>
        <translation>CUDA 源文件 (*.cu)</translation>
    </message>
    <message>
        <source>%1 must be a whole number (got &quot;%2&quot;)</source>
        <translation>%1 必须是整数（实际为“%2”）</translation>
    </message>
    <message>
        <source>Not started: a field is out of range (see the message above)</source>
        <translation>未启动：有一个字段超出范围（见上方消息）</translation>
    </message>
    <message>
        <source>Running the kernel on the CPU engine…</source>
        <translation>正在 CPU 引擎上运行核函数…</translation>
    </message>
    <message>
        <source>%1 (line %2)</source>
        <translation>%1（第 %2 行）</translation>
    </message>
    <message>
        <source>line %1:%2</source>
        <translation>第 %1 行第 %2 列</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>whole kernel</source>
        <translation>整个核函数</translation>
    </message>
    <message>
        <source>%1 — %2: %3</source>
        <translation>%1 — %2：%3</translation>
    </message>
    <message>
        <source>%1 — %2 (%3): %4</source>
        <translation>%1 — %2（%3）：%4</translation>
    </message>
    <message>
        <source>(lanes %1)</source>
        <translation>（lane %1）</translation>
    </message>
    <message>
        <source>(step %1)</source>
        <translation>（第 %1 步）</translation>
    </message>
    <message>
        <source>No diagnostics or faults</source>
        <translation>没有诊断或故障</translation>
    </message>
    <message numerus="yes">
        <source>%n diagnostic(s) or fault(s): click one to go to its line</source>
        <translation>
            <numerusform>%n 条诊断或故障：点击一条可跳到它所在的行</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 on %2, result %3, in %4 ms: shown in the step pane</source>
        <translation>%2，%1，结果 %3，用时 %4 ms：已在分步面板中显示</translation>
    </message>
    <message numerus="yes">
        <source>%n step(s)</source>
        <translation>
            <numerusform>%n 步</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n value(s)</source>
        <translation>
            <numerusform>%n 个值</numerusform>
        </translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message numerus="yes">
        <source>Check: it compiles; %n kernel(s) the engine can run</source>
        <translation>
            <numerusform>检查：可以编译；引擎能运行 %n 个核函数</numerusform>
        </translation>
    </message>
    <message>
        <source>Check the &amp;exercise</source>
        <translation>检查练习(&amp;E)</translation>
    </message>
    <message>
        <source>Check the &amp;exercise (F6)</source>
        <translation>检查练习（F6）(&amp;E)</translation>
    </message>
    <message>
        <source>Leave the exercise (the kernel stays in the editor)</source>
        <translation>离开练习（核函数留在编辑器中）</translation>
    </message>
    <message>
        <source>Exercise: change the kernel, then Check the exercise (F6)</source>
        <translation>练习：修改核函数，然后检查练习（F6）</translation>
    </message>
    <message>
        <source>Checking the exercise on the CPU engine…</source>
        <translation>正在 CPU 引擎上检查练习…</translation>
    </message>
    <message>
        <source>Not checked: %1</source>
        <translation>未检查：%1</translation>
    </message>
    <message>
        <source>%1, then %2 (two passes)</source>
        <translation>%1，然后 %2（两遍）</translation>
    </message>
    <message>
        <source>Checking the exercise on a second input…</source>
        <translation>正在第二组输入上检查练习…</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Runs the kernel at the exercise&apos;s settings, then on a second input it does not show, and says which of its checks hold</source>
        <translation>按练习的设置运行核函数，再在一组不显示的输入上运行一次，并说明哪些检查通过</translation>
    </message>
    <message>
        <source>E&amp;lements per thread</source>
        <translation>每线程元素数(&amp;L)</translation>
    </message>
    <message>
        <source>Shared b&amp;ytes</source>
        <translation>共享内存字节数(&amp;Y)</translation>
    </message>
    <message>
        <source>2</source>
        <translation>2</translation>
    </message>
    <message>
        <source>Bytes of each extern __shared__ array, the third launch parameter: 1..49152; empty: 4 × block size (a float per thread)</source>
        <translation>每个 extern __shared__ 数组的字节数，即启动配置的第三个参数：1..49152；留空：4 × 线程块大小（每个线程一个 float）</translation>
    </message>
    <message>
        <source>Values one thread reads, E: 1..4096; empty: 2. The engine plans the launch from it: block n / E rounded up to a power of two (at most 1024; at least a warp for a kernel that shuffles), grid n / (E × block) rounded up</source>
        <translation>每个线程读取的值的个数 E：1..4096；留空：2。引擎据此规划启动配置：线程块大小为 n / E 向上取整到 2 的幂（至多 1024；使用 shuffle 的核函数至少一个 warp），网格为 n / (E × 线程块大小) 向上取整</translation>
    </message>
    <message>
        <source>auto: as %1&apos;s launcher</source>
        <translation>自动：与 %1 的启动代码相同</translation>
    </message>
    <message>
        <source>note</source>
        <comment>a compiler&apos;s note beside an error</comment>
        <translation>附注</translation>
    </message>
    <message numerus="yes">
        <source>; ⚠ %n input value(s) never read (the warning below)</source>
        <translation>
            <numerusform>；⚠ %n 个输入值从未被读取（见下方的警告）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>reducescope::app::KernelRunner</name>
    <message>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <source>block size must be a power of two in 1..1024, or empty for the engine&apos;s plan (got %1)</source>
        <translation>线程块大小必须是 1..1024 中的 2 的幂，或留空由引擎规划（实际为 %1）</translation>
    </message>
    <message>
        <source>grid must be a number of blocks in 1..65535, or empty for the engine&apos;s plan (got %1)</source>
        <translation>网格必须是 1..65535 个线程块，或留空由引擎规划（实际为 %1）</translation>
    </message>
    <message>
        <source>warp size must be 32, or 4, 8 or 16 as a teaching aid (got %1)</source>
        <translation>线程束大小必须是 32，或作为教学辅助的 4、8、16（实际为 %1）</translation>
    </message>
    <message>
        <source>banks must be 32, or 4, 8 or 16 (got %1)</source>
        <translation>bank 数必须是 32，或 4、8、16（实际为 %1）</translation>
    </message>
    <message>
        <source>reducescope-cli kernel did not answer within %1 s</source>
        <translation>reducescope-cli kernel 在 %1 秒内没有响应</translation>
    </message>
    <message>
        <source>reducescope-cli was not found next to the app or in the build tree (set REDUCESCOPE_CLI)</source>
        <translation>在程序旁边和构建目录中都没有找到 reducescope-cli（请设置 REDUCESCOPE_CLI）</translation>
    </message>
    <message>
        <source>cannot write the source for the engine: %1</source>
        <translation>无法为引擎写出源代码：%1</translation>
    </message>
    <message>
        <source>cannot start %1: %2</source>
        <translation>无法启动 %1：%2</translation>
    </message>
    <message>
        <source>reducescope-cli kernel crashed</source>
        <translation>reducescope-cli kernel 崩溃了</translation>
    </message>
    <message>
        <source>reducescope-cli kernel could not write its output%1</source>
        <translation>reducescope-cli kernel 无法写出输出%1</translation>
    </message>
    <message>
        <source>the engine refused the kernel (exit 2)</source>
        <translation>引擎拒绝了这个核函数（退出码 2）</translation>
    </message>
    <message>
        <source>the engine refused the kernel: %1</source>
        <translation>引擎拒绝了这个核函数：%1</translation>
    </message>
    <message>
        <source>reducescope-cli kernel failed (exit %1)%2</source>
        <translation>reducescope-cli kernel 失败（退出码 %1）%2</translation>
    </message>
    <message>
        <source>cannot read what reducescope-cli kernel check printed</source>
        <translation>无法读取 reducescope-cli kernel check 的输出</translation>
    </message>
    <message>
        <source>the kernel has a fault (exit 1)</source>
        <translation>核函数有故障（退出码 1）</translation>
    </message>
    <message>
        <source>the kernel has a fault: %1</source>
        <translation>核函数有故障：%1</translation>
    </message>
    <message>
        <source>cannot read the engine&apos;s trace: %1</source>
        <translation>无法读取引擎的轨迹：%1</translation>
    </message>
    <message>
        <source>elements per thread must be a whole number in 1..%1, or empty for the engine&apos;s default 2 (got %2)</source>
        <translation>每线程元素数必须是 1..%1 中的整数，或留空使用引擎的默认值 2（实际为 %2）</translation>
    </message>
    <message>
        <source>shared bytes must be a whole number in 1..%1, or empty for the engine&apos;s default 4 × block size (got %2)</source>
        <translation>共享内存字节数必须是 1..%1 中的整数，或留空使用引擎的默认值 4 × 线程块大小（实际为 %2）</translation>
    </message>
</context>
<context>
    <name>reducescope::app::MainWindow</name>
    <message>
        <source>About ReduceScope</source>
        <translation>关于 ReduceScope</translation>
    </message>
    <message>
        <source>&lt;b&gt;ReduceScope %1&lt;/b&gt;&lt;br&gt;Teach and measure CUDA parallel reduction.&lt;br&gt;Licence: GPL-3.0-or-later.&lt;br&gt;Kernels available in this build: %2.&lt;br&gt;Command line: %3&lt;br&gt;Recorded results: %4</source>
        <translation>&lt;b&gt;ReduceScope %1&lt;/b&gt;&lt;br&gt;讲解并测量 CUDA 并行归约。&lt;br&gt;许可证：GPL-3.0-or-later。&lt;br&gt;本构建包含 CUDA 核函数：%2。&lt;br&gt;命令行程序：%3&lt;br&gt;已记录的结果：%4</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no (built without nvcc)</source>
        <translation>否（构建时没有 nvcc）</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>ReduceScope</source>
        <translation>ReduceScope</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>分步</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>表格</translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation>基准测试</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Load benchmark results…</source>
        <translation>载入基准测试结果(&amp;L)…</translation>
    </message>
    <message>
        <source>Export step as &amp;PNG…</source>
        <translation>将当前步导出为 PNG(&amp;P)…</translation>
    </message>
    <message>
        <source>Export step as &amp;SVG…</source>
        <translation>将当前步导出为 SVG(&amp;S)…</translation>
    </message>
    <message>
        <source>Export &amp;every step as PNG series…</source>
        <translation>将每一步导出为 PNG 序列(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Step pane</source>
        <translation>分步面板(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Table of steps</source>
        <translation>步骤表格(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Benchmark pane</source>
        <translation>基准测试面板(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>S&amp;tep</source>
        <translation>步骤(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About ReduceScope</source>
        <translation>关于 ReduceScope(&amp;A)</translation>
    </message>
    <message>
        <source>%1 has no step model (benchmark only)</source>
        <translation>%1 没有分步模型（只用于基准测试）</translation>
    </message>
    <message>
        <source>Export step as PNG</source>
        <translation>将当前步导出为 PNG</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Export step as SVG</source>
        <translation>将当前步导出为 SVG</translation>
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation>SVG 图像 (*.svg)</translation>
    </message>
    <message>
        <source>Folder for the numbered PNG series</source>
        <translation>保存带编号 PNG 序列的文件夹</translation>
    </message>
    <message>
        <source>%1 PNG files written to %2</source>
        <translation>已将 %1 个 PNG 文件写入 %2</translation>
    </message>
    <message>
        <source>Load benchmark results</source>
        <translation>载入基准测试结果</translation>
    </message>
    <message>
        <source>Results (*.json)</source>
        <translation>结果 (*.json)</translation>
    </message>
    <message>
        <source>Load results</source>
        <translation>载入结果</translation>
    </message>
    <message>
        <source>Hardware counters of %1 are in the step pane&apos;s counters panel</source>
        <translation>%1 的硬件计数器已显示在分步面板的计数器区</translation>
    </message>
    <message>
        <source>Hardware counters not shown: %1</source>
        <translation>未显示硬件计数器：%1</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Warp map</source>
        <translation>线程束图(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>Full screen, text readable from the back row, sidebar folded away</source>
        <translation>全屏显示，字大到最后一排也看得清，侧栏收起</translation>
    </message>
    <message>
        <source>Si&amp;debar</source>
        <translation>侧栏(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Kernel source</source>
        <translation>核函数源代码(&amp;K)</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>T&amp;heme</source>
        <translation>主题(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Reset to defaults</source>
        <translation>恢复默认设置(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Lessons</source>
        <translation>课程(&amp;L)</translation>
    </message>
    <message>
        <source>Lesson %1 could not be set up; see the message in the sidebar</source>
        <translation>无法设置课程 %1；请看侧栏中的提示</translation>
    </message>
    <message>
        <source>No lessons found</source>
        <translation>未找到课程</translation>
    </message>
    <message>
        <source>Step pane, theme and panels are back to their defaults</source>
        <translation>分步面板、主题和各面板已恢复为默认设置</translation>
    </message>
    <message>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>菜单</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>In the step view: Ctrl+wheel zooms around the pointer; drag, the wheel or the arrow keys pan a zoomed picture.</source>
        <translation>在分步视图中：Ctrl+滚轮以指针为中心缩放；放大后可用拖动、滚轮或方向键平移画面。</translation>
    </message>
    <message>
        <source>&amp;Blank the screen</source>
        <translation>黑屏(&amp;B)</translation>
    </message>
    <message>
        <source>Hide the window behind a plain screen while the class looks at you (B)</source>
        <translation>用空白画面遮住窗口，让学生把注意力放在讲解上（B）</translation>
    </message>
    <message>
        <source>&amp;Actual size (fit width)</source>
        <translation>实际大小（适合宽度）(&amp;A)</translation>
    </message>
    <message>
        <source>Blank screen</source>
        <translation>空白画面</translation>
    </message>
    <message>
        <source>&amp;Kernel editor</source>
        <translation>核函数编辑器(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Recent results</source>
        <translation>最近的结果(&amp;R)</translation>
    </message>
    <message>
        <source>Recent results</source>
        <translation>最近的结果</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>（暂无）</translation>
    </message>
    <message>
        <source>&amp;GPU host…</source>
        <translation>GPU 主机(&amp;G)…</translation>
    </message>
    <message>
        <source>Run on this computer&apos;s GPU or on a GPU host over ssh, optionally through Slurm</source>
        <translation>在本机的 GPU 上运行，或通过 ssh 在 GPU 主机上运行（可经由 Slurm）</translation>
    </message>
    <message>
        <source>Warp &amp;row only</source>
        <translation>只看线程束行(&amp;R)</translation>
    </message>
</context>
<context>
    <name>reducescope::app::StepPane</name>
    <message>
        <source> · recorded on the GPU</source>
        <translation> · 在 GPU 上记录</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Warp map</source>
        <translation>线程束图</translation>
    </message>
    <message>
        <source>New interleaving</source>
        <translation>换一种交错顺序</translation>
    </message>
    <message>
        <source>Run the race again under another pseudo-random schedule of its warps (a new atomic-order seed): other stores overwrite each other, so another number of updates is lost.</source>
        <translation>按另一种伪随机的线程束调度（新的原子顺序种子）重新运行 race：被覆盖的写入不同，丢失的更新数也不同。</translation>
    </message>
    <message>
        <source>&amp;Fit step to the window</source>
        <translation>使这一步适合窗口(&amp;F)</translation>
    </message>
    <message>
        <source>Zoom (below 1× where needed) so the step fits the window: the whole picture, or at least the title, the values and the lane/warp row</source>
        <translation>缩放（必要时小于 1×），使这一步适合窗口：整幅图，或至少标题、数值和 lane/线程束一行</translation>
    </message>
    <message>
        <source>Lesson &amp;note in full</source>
        <translation>完整的课程说明(&amp;N)</translation>
    </message>
    <message>
        <source>Show the lesson&apos;s whole note, or fold it to one line</source>
        <translation>显示课程的完整说明，或把它折叠为一行</translation>
    </message>
    <message>
        <source>Kernel source in f&amp;ull</source>
        <translation>完整的核函数源代码(&amp;U)</translation>
    </message>
    <message>
        <source>Show the kernel source under the step, or fold it to the step&apos;s line</source>
        <translation>在这一步下方显示核函数源代码，或把它折叠为这一步所在的一行</translation>
    </message>
    <message>
        <source>&amp;Instrumented lines in the source</source>
        <translation>源代码中的插桩行(&amp;I)</translation>
    </message>
    <message>
        <source>Show the recording calls (probe.record) and step tags (// @…) that the kernel file carries for ReduceScope; off, the kernel reads as in PMPP</source>
        <translation>显示核函数文件中为 ReduceScope 加入的记录调用（probe.record）和步骤标记（// @…）；关闭时，核函数与 PMPP 书中印的一样</translation>
    </message>
    <message>
        <source>Bank s&amp;trip or atomics into view</source>
        <translation>显示存储体条带或原子操作(&amp;T)</translation>
    </message>
    <message>
        <source>Scroll the step to its bank strip (or, without one, its atomics), which a large step in presentation mode keeps under the fold; again: back to the top</source>
        <translation>把这一步滚动到它的存储体条带（没有条带时滚动到原子操作）；演示模式下大的一步会把它们放在屏幕下方。再按一次：回到顶部</translation>
    </message>
</context>
<context>
    <name>reducescope::app::StepSidebar</name>
    <message>
        <source>Strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Block size</source>
        <translation>线程块大小</translation>
    </message>
    <message>
        <source>Warp size</source>
        <translation>线程束大小</translation>
    </message>
    <message>
        <source>Coarse factor</source>
        <translation>粗化因子</translation>
    </message>
    <message>
        <source>Banks</source>
        <translation>bank 数</translation>
    </message>
    <message>
        <source>Atomic order seed</source>
        <translation>原子顺序种子</translation>
    </message>
    <message>
        <source>Strategy: grouped the way the seeds teach them</source>
        <translation>策略：按讲义的讲授顺序分组</translation>
    </message>
    <message>
        <source>Compare with</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Compare mode</source>
        <translation>对比模式</translation>
    </message>
    <message>
        <source>1..4096 values, separated by commas or spaces (nan, inf, -inf accepted)</source>
        <translation>1..4096 个值，用逗号或空格分隔（接受 nan、inf、-inf）</translation>
    </message>
    <message>
        <source>Presets…</source>
        <translation>预设…</translation>
    </message>
    <message>
        <source>strategy default</source>
        <translation>策略默认值</translation>
    </message>
    <message>
        <source>Block size: a power of two in 1..1024 (0 = the strategy&apos;s default)</source>
        <translation>线程块大小：1..1024 中 2 的幂（0 = 策略的默认值）</translation>
    </message>
    <message>
        <source>%1 (teaching aid: real GPUs use 32)</source>
        <translation>%1（教学辅助：真实 GPU 使用 32）</translation>
    </message>
    <message>
        <source>Warp size: 32 on every NVIDIA GPU; 4, 8 or 16 make small examples show warps</source>
        <translation>线程束大小：所有 NVIDIA GPU 都是 32；4、8、16 让小例子也能看到多个线程束</translation>
    </message>
    <message>
        <source>COARSE_FACTOR: 1..64 elements pairs summed per thread in registers</source>
        <translation>COARSE_FACTOR：每个线程在寄存器中累加 1..64 对元素</translation>
    </message>
    <message>
        <source>Shared-memory banks: 32 on every current GPU; 4, 8 or 16 as a teaching aid</source>
        <translation>共享内存 bank 数：当前所有 GPU 都是 32；4、8、16 作为教学辅助</translation>
    </message>
    <message>
        <source>Recorded on the GPU</source>
        <translation>在 GPU 上记录</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the recording; the step model stays</source>
        <translation>停止记录；保留分步模型</translation>
    </message>
    <message>
        <source>Recording on the GPU…</source>
        <translation>正在 GPU 上记录…</translation>
    </message>
    <message>
        <source>Open trace…</source>
        <translation>打开轨迹…</translation>
    </message>
    <message>
        <source>Show a trace saved by reducescope-cli trace --json, or a GPU recording saved by reducescope-cli trace --on-gpu --json (made on another machine)</source>
        <translation>显示 reducescope-cli trace --json 保存的轨迹，或 reducescope-cli trace --on-gpu --json 保存的 GPU 记录（可以在另一台机器上生成）</translation>
    </message>
    <message>
        <source>Back to the model</source>
        <translation>回到模型</translation>
    </message>
    <message>
        <source>Load hardware counters…</source>
        <translation>载入硬件计数器…</translation>
    </message>
    <message>
        <source>A results file of reducescope-cli bench --counters: Nsight Compute&apos;s figures beside the model&apos;s (docs/hardware-counters.md)</source>
        <translation>reducescope-cli bench --counters 生成的结果文件：Nsight Compute 的数值与模型的数值并列显示（docs/hardware-counters.md）</translation>
    </message>
    <message>
        <source>Hide</source>
        <translation>隐藏</translation>
    </message>
    <message>
        <source>Open &amp;trace (JSON)…</source>
        <translation>打开轨迹（JSON）(&amp;T)…</translation>
    </message>
    <message>
        <source>Load &amp;hardware counters…</source>
        <translation>载入硬件计数器(&amp;H)…</translation>
    </message>
    <message>
        <source>input may hold at most %1 characters (the text reached the limit and may have been cut; last valid input kept)</source>
        <translation>input 至多 %1 个字符（文本已达上限，可能被截断；保留上一个有效输入）</translation>
    </message>
    <message>
        <source>Checking for a CUDA device…</source>
        <translation>正在检查 CUDA 设备…</translation>
    </message>
    <message>
        <source>Show what the kernel&apos;s recording probe records on %1 for this strategy, input and parameters</source>
        <translation>显示核函数的记录探针在 %1 上对这个策略、输入和参数记录的内容</translation>
    </message>
    <message>
        <source>Showing: the step model</source>
        <translation>正在显示：分步模型</translation>
    </message>
    <message>
        <source>Showing: a step-model trace from %1</source>
        <translation>正在显示：来自 %1 的分步模型轨迹</translation>
    </message>
    <message>
        <source>Showing: &lt;b&gt;recorded on the GPU&lt;/b&gt; (%1)</source>
        <translation>正在显示：&lt;b&gt;在 GPU 上记录&lt;/b&gt;（%1）</translation>
    </message>
    <message numerus="yes">
        <source>&lt;br&gt;%n warp(s) ran a step in several groups (split __activemask())</source>
        <translation>
            <numerusform>&lt;br&gt;%n 个线程束分几组执行了同一步（__activemask() 被拆分）</numerusform>
        </translation>
    </message>
    <message>
        <source>Not recorded by a probe:
• %1</source>
        <translation>探针不记录的内容：
• %1</translation>
    </message>
    <message>
        <source>Open a trace</source>
        <translation>打开轨迹</translation>
    </message>
    <message>
        <source>Trace JSON (*.json)</source>
        <translation>轨迹 JSON (*.json)</translation>
    </message>
    <message>
        <source>Load hardware counters</source>
        <translation>载入硬件计数器</translation>
    </message>
    <message>
        <source>Results with counters (*.json)</source>
        <translation>带计数器的结果 (*.json)</translation>
    </message>
    <message>
        <source>0 (block, warp, lane)</source>
        <translation>0（按线程块、线程束、lane）</translation>
    </message>
    <message>
        <source>Replays the float atomics on one address in another order (0: by block, warp and lane; 1..%1: a pseudo-random order). The GPU picks its own order on every run.</source>
        <translation>按另一种顺序重放同一地址上的浮点原子操作（0：按线程块、线程束和 lane；1..%1：伪随机顺序）。GPU 每次运行都自行选择顺序。</translation>
    </message>
    <message>
        <source>This strategy merges in a fixed order (no float atomics on one address): every order gives the same result.</source>
        <translation>此策略按固定顺序合并（同一地址上没有浮点原子操作）：任何顺序结果都相同。</translation>
    </message>
    <message>
        <source>Result in this atomic order: %1 · float64 max: %2</source>
        <translation>此原子顺序下的结果：%1 · float64 最大值：%2</translation>
    </message>
    <message>
        <source>Float sum in this atomic order: %1 · exact sum (float64): %2</source>
        <translation>此原子顺序下的浮点和：%1 · 精确和（float64）：%2</translation>
    </message>
    <message>
        <source>Result: %1 · float64 max: %2</source>
        <translation>结果：%1 · float64 最大值：%2</translation>
    </message>
    <message>
        <source>Float sum: %1 · exact sum (float64): %2</source>
        <translation>浮点和：%1 · 精确和（float64）：%2</translation>
    </message>
    <message>
        <source>Picks how the warps of the race interleave (0: one warp after another, the highest lane&apos;s store winning; 1..%1: a pseudo-random schedule in which warps overlap). The GPU picks its own on every run.</source>
        <translation>决定 race 中各线程束如何交错（0：线程束依次运行，编号最大的 lane 的写入保留；1..%1：线程束相互重叠的伪随机调度）。GPU 每次运行都自行决定。</translation>
    </message>
    <message numerus="yes">
        <source>Result of this interleaving: %1 · exact sum (float64): %2 · %n of %3 updates lost</source>
        <translation>
            <numerusform>这种交错顺序的结果：%1 · 精确和（float64）：%2 · %3 次更新中丢失 %n 次</numerusform>
        </translation>
    </message>
    <message>
        <source>Showing: the CPU engine&apos;s trace of your kernel &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>正在显示：CPU 引擎运行你的核函数 &lt;b&gt;%1&lt;/b&gt; 得到的轨迹</translation>
    </message>
    <message>
        <source>Showing: the CPU engine&apos;s trace of your kernel &lt;b&gt;%1&lt;/b&gt; from %2</source>
        <translation>正在显示：CPU 引擎运行你的核函数 &lt;b&gt;%1&lt;/b&gt;（来自 %2）得到的轨迹</translation>
    </message>
    <message>
        <source>your kernel %1</source>
        <translation>你的核函数 %1</translation>
    </message>
    <message>
        <source>your kernel %1 (%2)</source>
        <translation>你的核函数 %1（%2）</translation>
    </message>
    <message>
        <source>%1, run on the CPU engine: not a catalogue strategy. Choose a strategy to step its model.</source>
        <translation>%1，在 CPU 引擎上运行：不是目录中的策略。选择一个策略即可逐步查看它的模型。</translation>
    </message>
</context>
<context>
    <name>reducescope::app::StepState</name>
    <message>
        <source>input may hold at most %1 characters (got %2; last valid input kept)</source>
        <translation>input 至多 %1 个字符（实际为 %2 个；保留上一个有效输入）</translation>
    </message>
    <message>
        <source>compare must be one of %1 (got &quot;%2&quot;)</source>
        <translation>compare 必须是以下之一：%1（实际为“%2”）</translation>
    </message>
    <message>
        <source>no CUDA device: reducescope-cli was not found next to the app or in the build tree (set REDUCESCOPE_CLI); open a trace recorded elsewhere instead</source>
        <translation>没有 CUDA 设备：在程序旁边和构建目录中都没有找到 reducescope-cli（请设置 REDUCESCOPE_CLI）；可以改为打开在别处记录的轨迹</translation>
    </message>
    <message>
        <source>no CUDA device: %1</source>
        <translation>没有 CUDA 设备：%1</translation>
    </message>
    <message>
        <source>no usable CUDA device: %1</source>
        <translation>没有可用的 CUDA 设备：%1</translation>
    </message>
    <message>
        <source>no CUDA device</source>
        <translation>没有 CUDA 设备</translation>
    </message>
    <message>
        <source>answer must be one number, nan, inf or -inf (got &quot;%1&quot;)</source>
        <translation>答案必须是一个数、nan、inf 或 -inf（实际为“%1”）</translation>
    </message>
</context>
<context>
    <name>reducescope::views::BenchChart</name>
    <message>
        <source>time: median %1 (min %2, max %3)</source>
        <translation>时间：中位数 %1（最小 %2，最大 %3）</translation>
    </message>
    <message>
        <source>bandwidth: %1 GB/s = %2% of peak, %3% of ceiling</source>
        <translation>带宽：%1 GB/s = 峰值的 %2%，上限的 %3%</translation>
    </message>
    <message>
        <source>speed-up vs %1: %2×</source>
        <translation>相对 %1 的加速比：%2×</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: not verified, no speed shown</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：未通过校验，不显示速度</translation>
    </message>
    <message>
        <source>|error| %1 (tolerance %2)</source>
        <translation>|误差| %1（容差 %2）</translation>
    </message>
    <message>
        <source>Effective bandwidth (bytes read / median time)</source>
        <translation>有效带宽（读取字节数 / 中位时间）</translation>
    </message>
    <message>
        <source>Speed-up against %1 (higher is faster)</source>
        <translation>相对 %1 的加速比（越高越快）</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source> — N = %1</source>
        <translation> — N = %1</translation>
    </message>
    <message>
        <source>, block %1, coarse %2</source>
        <translation>，线程块 %1，粗化 %2</translation>
    </message>
    <message>
        <source>median time (µs)%1</source>
        <translation>中位时间（µs）%1</translation>
    </message>
    <message>
        <source>, log scale</source>
        <translation>，对数坐标</translation>
    </message>
    <message>
        <source>GB/s (10⁹ bytes/s)</source>
        <translation>GB/s（10⁹ 字节/秒）</translation>
    </message>
    <message>
        <source>speed-up (×)%1</source>
        <translation>加速比（×）%1</translation>
    </message>
    <message>
        <source>No results: run a benchmark or open a results file</source>
        <translation>没有结果：运行基准测试或打开结果文件</translation>
    </message>
    <message>
        <source>no %1</source>
        <translation>没有 %1</translation>
    </message>
    <message>
        <source>datasheet peak %1 GB/s</source>
        <translation>规格书峰值 %1 GB/s</translation>
    </message>
    <message>
        <source>measured read ceiling %1 GB/s</source>
        <translation>实测读取上限 %1 GB/s</translation>
    </message>
    <message>
        <source>N (elements), log₂ scale</source>
        <translation>N（元素个数），log₂ 坐标</translation>
    </message>
    <message>
        <source>block size (threads), log₂ scale</source>
        <translation>线程块大小（线程数），log₂ 坐标</translation>
    </message>
    <message>
        <source>coarse factor, log₂ scale</source>
        <translation>粗化因子，log₂ 坐标</translation>
    </message>
    <message>
        <source>Bandwidth against N (sweep)</source>
        <translation>带宽随 N 的变化（遍历）</translation>
    </message>
    <message>
        <source>Effective bandwidth against %1</source>
        <translation>有效带宽随%1的变化</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>block size</source>
        <translation>线程块大小</translation>
    </message>
    <message>
        <source>coarse factor</source>
        <translation>粗化因子</translation>
    </message>
    <message>
        <source>Not a sweep: open a sweep results file or run a sweep over N</source>
        <translation>不是遍历结果：请打开遍历结果文件，或对 N 运行遍历</translation>
    </message>
    <message>
        <source>No sweep: run a sweep over N or open a sweep results file</source>
        <translation>没有遍历：对 N 运行遍历，或打开遍历结果文件</translation>
    </message>
    <message>
        <source>read ceiling</source>
        <translation>读取上限</translation>
    </message>
    <message>
        <source>L2 = %1 MiB (%2 floats) 
← fits in L2: hot reads can beat HBM peak </source>
        <translation>L2 = %1 MiB（%2 个 float）
← 装得进 L2：热缓存读取可以超过 HBM 峰值 </translation>
    </message>
    <message>
        <source>1 result not verified: not drawn (see table)</source>
        <translation>1 个结果未通过校验：不绘制（见表格）</translation>
    </message>
    <message>
        <source>%1 results not verified: not drawn (see table)</source>
        <translation>%1 个结果未通过校验：不绘制（见表格）</translation>
    </message>
    <message>
        <source>%1: unknown chart format &quot;%2&quot; (allowed: png, pdf, svg)</source>
        <translation>%1：未知的图表格式 &quot;%2&quot;（可用：png、pdf、svg）</translation>
    </message>
    <message>
        <source>%1: could not write the chart</source>
        <translation>%1：无法写入图表</translation>
    </message>
    <message>
        <source>basics</source>
        <translation>基础</translation>
    </message>
    <message>
        <source>shared memory</source>
        <translation>共享内存</translation>
    </message>
    <message>
        <source>many blocks</source>
        <translation>多线程块</translation>
    </message>
    <message>
        <source>warp primitives</source>
        <translation>线程束原语</translation>
    </message>
    <message>
        <source>dot product</source>
        <translation>点积</translation>
    </message>
    <message>
        <source>baselines</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>%1 at %2: %3</source>
        <translation>%1（%2）：%3</translation>
    </message>
    <message>
        <source>this run</source>
        <translation>本次运行</translation>
    </message>
    <message>
        <source>%1: datasheet peak %2 GB/s</source>
        <translation>%1：规格书峰值 %2 GB/s</translation>
    </message>
    <message>
        <source>%1: %2 datasheet peak %3 GB/s</source>
        <translation>%1：%2 规格书峰值 %3 GB/s</translation>
    </message>
    <message>
        <source>cold cache</source>
        <translation>冷缓存</translation>
    </message>
    <message>
        <source>hot cache</source>
        <translation>热缓存</translation>
    </message>
    <message>
        <source>cache %1</source>
        <translation>缓存 %1</translation>
    </message>
    <message>
        <source>, %1</source>
        <translation>，%1</translation>
    </message>
    <message>
        <source>, %1 mode, %2</source>
        <translation>，%1 模式，%2</translation>
    </message>
    <message>
        <source>, coarse factor %1 (the Heat map tab shows every pair)</source>
        <translation>，粗化因子 %1（热力图页显示每一对）</translation>
    </message>
    <message>
        <source>noise: %1 % (relative median absolute deviation)</source>
        <translation>噪声：%1 %（相对中位数绝对偏差）</translation>
    </message>
    <message>
        <source>noise: %1 % (half the min–max spread; no noise recorded)</source>
        <translation>噪声：%1 %（最小–最大范围的一半；未记录噪声）</translation>
    </message>
    <message>
        <source>above the run&apos;s limit of %1 %</source>
        <translation>高于本次运行的上限 %1 %</translation>
    </message>
    <message>
        <source>above the run&apos;s limit</source>
        <translation>高于本次运行的上限</translation>
    </message>
    <message>
        <source>hatched: noise above the run&apos;s limit of %1 %</source>
        <translation>斜线填充：噪声高于本次运行的上限 %1 %</translation>
    </message>
    <message>
        <source>hatched: noise above the run&apos;s limit</source>
        <translation>斜线填充：噪声高于本次运行的上限</translation>
    </message>
    <message>
        <source>no room for the figures on the bars: hover a bar or read the table</source>
        <translation>柱上放不下数值：将鼠标悬停在柱上或查看表格</translation>
    </message>
    <message>
        <source>N = %1, block %2, coarse factor %3, %4 mode, %5</source>
        <translation>N = %1，线程块 %2，粗化因子 %3，%4 模式，%5</translation>
    </message>
    <message>
        <source>Kernel time (median)</source>
        <translation>核函数时间（中位数）</translation>
    </message>
    <message>
        <source>read ceiling over two vectors (x and y, the dot products&apos; ceiling) %1 GB/s</source>
        <translation>双向量读取上限（读 x 和 y，点积用）%1 GB/s</translation>
    </message>
    <message>
        <source>%1 at %2 % of it</source>
        <translation>%1（上限的 %2 %）</translation>
    </message>
    <message>
        <source>Above the read ceiling: %1.</source>
        <translation>超过读取上限：%1。</translation>
    </message>
    <message>
        <source>This file&apos;s ceiling was measured reading one vector of N floats (%1 MB); a dot product reads two (x and y, %2 MB) in one launch, so the launch&apos;s fixed cost is spread over twice the bytes and its bandwidth can pass the one-vector ceiling. Files recorded since 2026-11-30 also measure a two-vector ceiling for the dot products.</source>
        <translation>这个文件的上限是读取一个含 N 个 float 的向量（%1 MB）测得的；点积在一次启动中读取两个向量（x 和 y，%2 MB），启动的固定开销分摊到两倍的字节上，所以它的带宽可以超过单向量的上限。2026-11-30 以后记录的文件还为点积测量了双向量上限。</translation>
    </message>
    <message>
        <source>The ceiling is the fastest read-only kernel the run found; a kernel above it read faster than every shape the search tried.</source>
        <translation>上限是这次运行找到的最快的只读核函数；超过它的核函数比搜索试过的每一种读取方式都快。</translation>
    </message>
    <message>
        <source>middle half of the samples: q1 %1 … q3 %2 (p95 %3)</source>
        <translation>样本的中间一半：q1 %1 … q3 %2（p95 %3）</translation>
    </message>
    <message>
        <source>noise: %1 % (standard deviation / mean)</source>
        <translation>噪声：%1 %（标准差 / 均值）</translation>
    </message>
    <message>
        <source>no quartiles recorded, no whiskers</source>
        <translation>未记录四分位数，无误差线</translation>
    </message>
    <message>
        <source>whiskers: q1–q3</source>
        <translation>误差线：q1–q3</translation>
    </message>
    <message>
        <source>whiskers: q1–q3 on %1 of %2 bars</source>
        <translation>误差线：q1–q3（%2 根柱子中的 %1 根）</translation>
    </message>
    <message>
        <source>Kernel time (median; %1)</source>
        <translation>核函数时间（中位数；%1）</translation>
    </message>
    <message>
        <source>Effective bandwidth (bytes read / median time; %1)</source>
        <translation>有效带宽（读取字节数 / 中位时间；%1）</translation>
    </message>
    <message>
        <source>%1, the middle half of the timing samples (interquartile range)</source>
        <translation>%1，即计时样本的中间一半（四分位距）</translation>
    </message>
    <message>
        <source>%1, the bandwidth at the q3 and q1 times (interquartile range)</source>
        <translation>%1，即按 q3 与 q1 时间算出的带宽（四分位距）</translation>
    </message>
    <message>
        <source>%1 (this file has median, min and max only: results format 1)</source>
        <translation>%1（此文件只有中位数、最小值和最大值：结果格式 1）</translation>
    </message>
    <message>
        <source>your own kernel</source>
        <translation>你自己的核函数</translation>
    </message>
    <message>
        <source>hot</source>
        <comment>cache state in a series label: graph, hot</comment>
        <translation>热缓存</translation>
    </message>
    <message>
        <source>cold</source>
        <comment>cache state in a series label: graph, cold</comment>
        <translation>冷缓存</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the mode and the cache state in a series label</comment>
        <translation>，</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the kernels above the read ceiling</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>noise: stdev / mean</source>
        <translation>噪声：标准差 / 均值</translation>
    </message>
    <message>
        <source>noise: MAD / median</source>
        <translation>噪声：MAD / 中位数</translation>
    </message>
    <message>
        <source>no noise recorded</source>
        <translation>未记录噪声</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <source>%1 of the samples (results format 2)</source>
        <translation>%1（按样本计算，结果格式 2）</translation>
    </message>
    <message>
        <source>%1 of the samples (results format 1)</source>
        <translation>%1（按样本计算，结果格式 1）</translation>
    </message>
    <message>
        <source>%1 in this file</source>
        <translation>%1（本文件中）</translation>
    </message>
    <message>
        <source>stdev / mean</source>
        <translation>标准差 / 均值</translation>
    </message>
    <message>
        <source>MAD / median</source>
        <translation>MAD / 中位数</translation>
    </message>
    <message>
        <source>none recorded</source>
        <translation>未记录</translation>
    </message>
    <message>
        <source>%1 of %2 bars: %3</source>
        <translation>%2 个条形中 %1 个：%3</translation>
    </message>
    <message>
        <source>noise: %1 (%2)</source>
        <translation>噪声：%1（%2）</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
</context>
<context>
    <name>reducescope::views::BenchHeatMap</name>
    <message>
        <source>&amp;Strategy:</source>
        <translation>策略(&amp;S)：</translation>
    </message>
    <message>
        <source>S&amp;how:</source>
        <translation>显示(&amp;H)：</translation>
    </message>
    <message>
        <source>Effective bandwidth (GB/s)</source>
        <translation>有效带宽（GB/s）</translation>
    </message>
    <message>
        <source>Median time (µs)</source>
        <translation>中位时间（µs）</translation>
    </message>
    <message>
        <source>The strategy whose block size × coarse factor grid is shown</source>
        <translation>显示其线程块大小 × 粗化因子网格的策略</translation>
    </message>
    <message>
        <source>block size (threads)</source>
        <translation>线程块大小（线程数）</translation>
    </message>
    <message>
        <source>coarse factor</source>
        <translation>粗化因子</translation>
    </message>
    <message>
        <source>Heat map: needs a sweep of block size × coarse factor
reducescope-cli bench --strategies coarsened,shared
--block-size 64,128,256 --coarse-factor 1,2,4,8
--json heatmap.json, then open heatmap.json</source>
        <translation>热力图：需要对线程块大小 × 粗化因子做遍历
reducescope-cli bench --strategies coarsened,shared
--block-size 64,128,256 --coarse-factor 1,2,4,8
--json heatmap.json，然后打开 heatmap.json</translation>
    </message>
    <message>
        <source>cold cache</source>
        <translation>冷缓存</translation>
    </message>
    <message>
        <source>hot cache</source>
        <translation>热缓存</translation>
    </message>
    <message>
        <source>%1 mode, %2</source>
        <translation>%1 模式，%2</translation>
    </message>
    <message>
        <source>Median time of %1 at N = %2
block size × coarse factor (µs), %3</source>
        <translation>%1 在 N = %2 时的中位时间
线程块大小 × 粗化因子（µs），%3</translation>
    </message>
    <message>
        <source>Effective bandwidth of %1 at N = %2
block size × coarse factor (GB/s), %3</source>
        <translation>%1 在 N = %2 时的有效带宽
线程块大小 × 粗化因子（GB/s），%3</translation>
    </message>
    <message>
        <source>µs, median (brighter: faster)</source>
        <translation>µs，中位数（越亮越快）</translation>
    </message>
    <message>
        <source>GB/s (brighter: faster)</source>
        <translation>GB/s（越亮越快）</translation>
    </message>
</context>
<context>
    <name>reducescope::views::BenchScalingChart</name>
    <message>
        <source>GPUs (K)</source>
        <translation>GPU 数（K）</translation>
    </message>
    <message>
        <source>µs (median, log)</source>
        <translation>µs（中位数，对数）</translation>
    </message>
    <message>
        <source>GB/s: algbw —, busbw - -</source>
        <translation>GB/s：algbw —，busbw - -</translation>
    </message>
    <message>
        <source>Built without NCCL: only one GPU can be measured (reconfigure with NCCL for --gpus K &gt; 1).</source>
        <translation>构建时没有 NCCL：只能测量一块 GPU（要用 --gpus K &gt; 1，请带 NCCL 重新配置）。</translation>
    </message>
    <message>
        <source>No CUDA device here; results files recorded elsewhere can still be shown.</source>
        <translation>这里没有 CUDA 设备；仍可显示在别处记录的结果文件。</translation>
    </message>
    <message>
        <source>Only one GPU here: scaling needs 2 or more (reducescope-cli bench --gpus K on a multi-GPU machine).</source>
        <translation>这里只有一块 GPU：扩展性测试需要 2 块或更多（在多 GPU 机器上运行 reducescope-cli bench --gpus K）。</translation>
    </message>
    <message>
        <source>%1 GPUs here.</source>
        <translation>这里有 %1 块 GPU。</translation>
    </message>
    <message>
        <source>No multi-GPU results loaded (reducescope-cli bench --gpus K --json FILE).</source>
        <translation>没有载入多 GPU 结果（reducescope-cli bench --gpus K --json FILE）。</translation>
    </message>
    <message>
        <source>Only one GPU in these results (K = 1): nothing to scale yet; run bench --gpus K with K &gt; 1 on a multi-GPU machine.</source>
        <translation>这些结果中只有一块 GPU（K = 1）：还谈不上扩展；请在多 GPU 机器上运行 K &gt; 1 的 bench --gpus K。</translation>
    </message>
    <message>
        <source>Results for K = 1..%1 GPUs.</source>
        <translation>K = 1..%1 块 GPU 的结果。</translation>
    </message>
    <message>
        <source>K=%1 %2: %3</source>
        <translation>K=%1 %2：%3</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
</context>
<context>
    <name>reducescope::views::CountersView</name>
    <message>
        <source>not recorded</source>
        <translation>未记录</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>steps 1–%1</source>
        <translation>第 1–%1 步</translation>
    </message>
    <message>
        <source>whole trace</source>
        <translation>整个轨迹</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: result %2, float64 reference %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：结果 %2，float64 参考值 %3</translation>
    </message>
    <message>
        <source>result ±0, float64 reference ±0: the sign of the zero depends on the order of the atomics</source>
        <translation>结果 ±0，float64 参考值 ±0：零的符号取决于原子操作的顺序</translation>
    </message>
    <message>
        <source>No trace yet.</source>
        <translation>还没有轨迹。</translation>
    </message>
    <message>
        <source>active lanes / slots</source>
        <translation>活跃 lane / 槽位</translation>
    </message>
    <message>
        <source>lane utilisation</source>
        <translation>lane 利用率</translation>
    </message>
    <message>
        <source>divergent warps</source>
        <translation>发散的线程束</translation>
    </message>
    <message>
        <source>shared wavefronts</source>
        <translation>共享内存波前</translation>
    </message>
    <message>
        <source>extra wavefronts (conflicts)</source>
        <translation>额外波前（冲突）</translation>
    </message>
    <message>
        <source>global sectors</source>
        <translation>全局内存扇区</translation>
    </message>
    <message>
        <source>barriers</source>
        <translation>屏障</translation>
    </message>
    <message>
        <source>atomics</source>
        <translation>原子操作</translation>
    </message>
    <message>
        <source>adds</source>
        <translation>加法</translation>
    </message>
    <message>
        <source>A probe records which lanes ran each step, what they wrote and the values after it; memory traffic, barriers, atomics and the number of adds are not recorded (Nsight Compute measures the traffic).</source>
        <translation>探针记录每一步有哪些 lane 执行、写了什么以及之后的值；内存流量、屏障、原子操作和加法次数不在记录之内（内存流量由 Nsight Compute 测量）。</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>hardware</source>
        <translation>硬件</translation>
    </message>
    <message>
        <source>%1 vs %2: %3</source>
        <translation>%1 对比 %2：%3</translation>
    </message>
    <message>
        <source>From %1</source>
        <translation>来自 %1</translation>
    </message>
    <message numerus="yes">
        <source>expected wrong: %n of %1 updates lost, carrying %2</source>
        <translation>
            <numerusform>预期错误：%1 次更新中丢失 %n 次，丢失的值共 %2</numerusform>
        </translation>
    </message>
    <message>
        <source>so far (step 1)</source>
        <translation>累计（第 1 步）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: stopped by a fault, *output %2, float64 reference %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：因故障而停止，*output 为 %2，float64 参考值 %3</translation>
    </message>
</context>
<context>
    <name>reducescope::views::SourceView</name>
    <message>
        <source>// %1 is not embedded in this build: kernels/cuda has no such file yet.</source>
        <translation>// 本构建没有嵌入 %1：kernels/cuda 中还没有这个文件。</translation>
    </message>
    <message>
        <source>(no kernel file)</source>
        <translation>（没有核函数文件）</translation>
    </message>
    <message>
        <source>The kernel source, folded to the step&apos;s line: click to unfold it (S)</source>
        <translation>核函数源代码已折叠为这一步所在的一行：点击展开（S）</translation>
    </message>
</context>
<context>
    <name>reducescope::views::StepTableModel</name>
    <message numerus="yes">
        <source>, … (%n value(s))</source>
        <translation>
            <numerusform>, …（共 %n 个值）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (%2 extra)</source>
        <translation>%1（额外 %2）</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>label</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>stride / offset</source>
        <translation>步长 / 偏移</translation>
    </message>
    <message>
        <source>values after the step</source>
        <translation>这一步之后的值</translation>
    </message>
    <message>
        <source>active lanes / slots</source>
        <translation>活跃 lane / 槽位</translation>
    </message>
    <message>
        <source>divergent warps</source>
        <translation>发散的线程束</translation>
    </message>
    <message>
        <source>worst n-way conflict</source>
        <translation>最差的 n 路冲突</translation>
    </message>
    <message>
        <source>shared wavefronts</source>
        <translation>共享内存波前</translation>
    </message>
    <message>
        <source>barriers</source>
        <translation>屏障</translation>
    </message>
    <message>
        <source>atomics</source>
        <translation>原子操作</translation>
    </message>
</context>
<context>
    <name>reducescope::views::StepView</name>
    <message>
        <source>%1-way</source>
        <translation>%1 路</translation>
    </message>
    <message>
        <source>Step view</source>
        <translation>分步视图</translation>
    </message>
    <message>
        <source>No trace: choose a strategy and an input.</source>
        <translation>没有轨迹：请选择策略并给出输入。</translation>
    </message>
    <message>
        <source>bcast</source>
        <translation>广播</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>%1%2 step %3 of %4: %5</source>
        <translation>%1%2 第 %3 步（共 %4 步）：%5</translation>
    </message>
    <message>
        <source>Predict this step, then reveal it.</source>
        <translation>先预测这一步，再揭晓。</translation>
    </message>
</context>
<context>
    <name>reducescope::views::TransportBar</name>
    <message>
        <source>First step</source>
        <translation>第一步</translation>
    </message>
    <message>
        <source>Previous step</source>
        <translation>上一步</translation>
    </message>
    <message>
        <source>Next step</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Last step</source>
        <translation>最后一步</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>%1 steps/s</source>
        <translation>每秒 %1 步</translation>
    </message>
    <message>
        <source>Playback speed</source>
        <translation>播放速度</translation>
    </message>
    <message>
        <source>Scrub through the steps</source>
        <translation>拖动以浏览各步</translation>
    </message>
    <message>
        <source>step %1 / %2</source>
        <translation>第 %1 / %2 步</translation>
    </message>
    <message>
        <source>no trace</source>
        <translation>没有轨迹</translation>
    </message>
    <message>
        <source>1 step/s</source>
        <translation>每秒 1 步</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <comment>the step&apos;s phase (stride 3 of 3), then step k / n</comment>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Play / pause (P)</source>
        <translation>播放 / 暂停（P）</translation>
    </message>
</context>
<context>
    <name>reducescope::views::WarpMapView</name>
    <message>
        <source>all lanes active</source>
        <translation>全部 lane 活跃</translation>
    </message>
    <message>
        <source>divergent warp (bar: active lanes)</source>
        <translation>发散的线程束（条：活跃 lane）</translation>
    </message>
    <message>
        <source>idle warp</source>
        <translation>空闲线程束</translation>
    </message>
    <message>
        <source>exited warp</source>
        <translation>已退出的线程束</translation>
    </message>
    <message>
        <source>No trace: choose a strategy and an input.</source>
        <translation>没有轨迹：请选择策略并给出输入。</translation>
    </message>
    <message>
        <source>%1/%2</source>
        <translation>%1/%2</translation>
    </message>
    <message>
        <source>Warp map</source>
        <translation>线程束图</translation>
    </message>
    <message>
        <source>Warp map of %1%2, step %3</source>
        <translation>%1%2 的线程束图，第 %3 步</translation>
    </message>
    <message>
        <source> and %1</source>
        <translation> 和 %1</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n divergent warp-steps</source>
        <translation>
            <numerusform>%1：%n 个发散的线程束步</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n in the strides</source>
        <translation>
            <numerusform>其中各轮步长 %n 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n in the final write</source>
        <translation>
            <numerusform>写出结果 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>all in the final write</source>
        <translation>全部在写出结果这一步</translation>
    </message>
    <message numerus="yes">
        <source>%n in the other steps</source>
        <translation>
            <numerusform>其他步 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>%1.%2</source>
        <translation>%1.%2</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>stride</source>
        <translation>步长</translation>
    </message>
    <message>
        <source> · rows: block.warp</source>
        <translation> · 行：线程块.线程束</translation>
    </message>
    <message>
        <source> · rows: warps</source>
        <translation> · 行：线程束</translation>
    </message>
</context>
</TS>
