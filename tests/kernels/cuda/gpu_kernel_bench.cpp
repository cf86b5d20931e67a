// SPDX-License-Identifier: GPL-3.0-or-later
// `reducescope-cli kernel bench` on the GPU (docs/your-own-kernel.md, "On the GPU"), self-checking:
//  1. a copy of the catalogue's reduce_basic.cu, convergent at n = 2048 (one block: a fixed order):
//     exit 0, the row "my_kernel" ok with the file's name as label, every check at 1, 31, 33 and
//     2^20 + 3 (random and exact input) ok, and the engine's value bit for bit the GPU's at every
//     size up to 2048; CUB timed beside it;
//  2. interleaved_strided of the same file at n = 65536, block 256 (128 blocks, atomics): ok, the
//     engine's order "atomic", its value the GPU's within the tolerance;
//  3. a deliberately wrong kernel (block 0's partial is never added): exit 1, the row wrong, a
//     failed check, and the engine agreeing with the GPU (both compute the same wrong sum);
//  4. a kernel using 2 floats of extern shared memory per thread, --shared-bytes 8 x block: ok on
//     the GPU, the file's command says it, the engine agreeing.
// Exit 77 without a GPU (the CLI's `devices` says so). A plain program: runs where the GUI is off.
#include "bench/results_file.h"
#include "run_child.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace {

namespace b = reducescope::bench;
using reducescope::test::ChildRun;
using reducescope::test::run_child;

int failures = 0;

void expect(bool ok, const std::string& what)
{
    std::cout << (ok ? "ok   " : "FAIL ") << what << "\n";
    failures += !ok;
}

std::string write(const std::string& path, const std::string& text)
{
    std::ofstream f(path, std::ios::binary);
    f << text;
    return path;
}

const char* kWrong = R"(// Forgets block 0: its partial is never added to the output.
__global__ void loses_block_zero(const float* input, float* output, unsigned n)
{
    extern __shared__ float s[];
    const unsigned i = blockIdx.x * blockDim.x * 2 + threadIdx.x;
    s[threadIdx.x] = (i < n ? input[i] : 0.0f) + (i + blockDim.x < n ? input[i + blockDim.x] : 0.0f);
    __syncthreads();
    for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (threadIdx.x < stride)
            s[threadIdx.x] += s[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0 && blockIdx.x > 0)
        atomicAdd(output, s[0]);
}
)";

// Two floats of extern shared memory per thread: launched with --shared-bytes 8 x block (the
// default, 4 x block, is too small for it).
const char* kTwoPerThreadShared = R"(__global__ void two_per_thread_shared(const float* input, float* output, unsigned n)
{
    extern __shared__ float s[];
    const unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x * 2 + t;
    s[t] = i < n ? input[i] : 0.0f;
    s[t + blockDim.x] = i + blockDim.x < n ? input[i + blockDim.x] : 0.0f;
    __syncthreads();
    for (unsigned stride = blockDim.x; stride > 0; stride /= 2) {
        if (t < stride)
            s[t] += s[t + stride];
        __syncthreads();
    }
    if (t == 0)
        atomicAdd(output, s[0]);
}
)";

/// Runs kernel bench with `args`, reads its --json file; the my_kernel result (null when absent).
struct Bench {
    ChildRun run;
    std::optional<b::ResultsFile> file;
    const b::Result* own = nullptr;
    const b::Result* cub = nullptr;
};

Bench bench(const std::string& dir, const std::string& tag, std::vector<std::string> args)
{
    Bench out;
    const std::string json = dir + "/" + tag + ".json";
    args.insert(args.begin(), {REDUCESCOPE_CLI_PATH, "kernel", "bench"});
    args.insert(args.end(), {"--json", json, "--reps", "10", "--mode", "loop"});
    out.run = run_child(args);
    std::cout << "---- " << tag << ": exit " << out.run.code << "\n" << out.run.err;
    try {
        out.file = b::read_results(reducescope::test::slurp(json));
    } catch (const std::exception& e) {
        std::cout << tag << ": no results file (" << e.what() << ")\n";
        return out;
    }
    for (const b::Result& r : out.file->results) {
        if (r.strategy == "my_kernel")
            out.own = &r;
        if (r.strategy == "cub")
            out.cub = &r;
    }
    if (out.own)
        std::cout << tag << ": my_kernel " << b::status_name(out.own->status) << " " << out.own->message << "\n";
    return out;
}

bool all_checks_ok(const b::Result& r)
{
    if (!r.own_kernel || r.own_kernel->checks.size() != 8)
        return false;
    for (const b::OwnCheck& c : r.own_kernel->checks)
        if (!c.ok) {
            std::cout << "  check n=" << c.n << " " << c.input << ": " << c.message << "\n";
            return false;
        }
    return true;
}

} // namespace

int main()
{
    if (run_child({REDUCESCOPE_CLI_PATH, "devices"}).code == 77) {
        std::cout << "no GPU: skipped\n";
        return 77;
    }
    char dir_template[] = "/tmp/gpu_kernel_bench-XXXXXX";
    const std::string dir = ::mkdtemp(dir_template);
    // A copy of the catalogue file, as the editor's New kernel from strategy makes it.
    {
        std::ifstream in(REDUCESCOPE_SOURCE_DIR "/kernels/cuda/reduce_basic.cu", std::ios::binary);
        write(dir + "/reduce_basic.cu", std::string(std::istreambuf_iterator<char>(in), {}));
    }
    const std::string copy = dir + "/reduce_basic.cu";

    // 1. convergent, one block at 2048: a fixed order, the engine bit for bit.
    {
        const Bench r = bench(dir, "convergent", {"--source", copy, "--kernel", "convergent_reduce_sum",
                                                  "--n", "2048", "--strategies", "cub"});
        expect(r.run.code == 0, "convergent: exit 0");
        expect(r.own && r.own->status == b::Status::Ok, "convergent: my_kernel ok");
        expect(r.own && r.own->own_kernel && r.own->own_kernel->label == "reduce_basic.cu", "convergent: label is the file's name");
        expect(r.own && r.own->time_ms && r.own->time_ms->median > 0 && r.own->samples > 0, "convergent: timed");
        expect(r.own && r.own->exact_launches_checked > 0 && r.own->exact_launches_wrong == 0,
               "convergent: every launch on the exact input exact");
        expect(r.own && all_checks_ok(*r.own), "convergent: 1, 31, 33, 2^20+3 on both inputs ok");
        bool engine = r.own && r.own->own_kernel && r.own->own_kernel->engine.size() == 4;
        if (engine)
            for (const b::EngineCheck& e : r.own->own_kernel->engine) {
                std::cout << "  engine n=" << e.n << " " << e.order << " " << e.verdict << " " << e.message << "\n";
                engine = engine && e.order == "fixed" && e.verdict == "bitwise" && e.engine && e.gpu &&
                         static_cast<float>(*e.engine) == static_cast<float>(*e.gpu);
            }
        expect(engine, "convergent: the engine's value bit for bit the GPU's at 1, 31, 33, 2048");
        expect(r.cub && r.cub->status == b::Status::Ok, "convergent: CUB beside it");
        expect(r.own && r.own->speedup_vs_cub.has_value(), "convergent: a speed-up against CUB");
        expect(r.file && r.file->ceilings && r.file->ceilings->read_gbs, "convergent: the read ceiling measured");
    }
    // 2. interleaved_strided, 128 blocks merged by atomics: the engine within the tolerance.
    {
        const Bench r = bench(dir, "interleaved", {"--source", copy, "--kernel",
                                                   "interleaved_strided_reduce_sum", "--n",
                                                   "65536", "--block-size", "256", "--strategies", "none"});
        expect(r.run.code == 0, "interleaved_strided: exit 0");
        expect(r.own && r.own->status == b::Status::Ok && r.own->grid_size == 128 && r.own->block_size == 256,
               "interleaved_strided: ok, grid 128 of 256");
        expect(r.own && all_checks_ok(*r.own), "interleaved_strided: every check ok");
        bool engine = r.own && r.own->own_kernel && !r.own->own_kernel->engine.empty();
        bool atomic = false;
        if (engine)
            for (const b::EngineCheck& e : r.own->own_kernel->engine) {
                std::cout << "  engine n=" << e.n << " " << e.order << " " << e.verdict << " " << e.message << "\n";
                engine = engine && (e.verdict == "bitwise" || e.verdict == "within_tolerance") && e.engine && e.gpu &&
                         std::fabs(*e.engine - *e.gpu) <= e.tolerance;
                atomic = atomic || (e.n == 65536 && e.order == "atomic");
            }
        expect(engine && atomic, "interleaved_strided: the engine's order atomic at 65536, its value the GPU's within tolerance");
    }
    // 3. The wrong kernel: reported wrong, by a failed check, and the engine agrees with the GPU.
    {
        const std::string wrong = write(dir + "/loses_block_zero.cu", kWrong);
        const Bench r = bench(dir, "wrong", {"--source", wrong, "--n", "4096", "--strategies", "none"});
        expect(r.run.code == 1, "wrong kernel: exit 1");
        expect(r.own && r.own->status == b::Status::Wrong, "wrong kernel: my_kernel wrong");
        bool failed = false;
        if (r.own && r.own->own_kernel)
            for (const b::OwnCheck& c : r.own->own_kernel->checks)
                failed = failed || !c.ok;
        expect(failed, "wrong kernel: a check at the adversarial sizes failed");
        bool agree = r.own && r.own->own_kernel && !r.own->own_kernel->engine.empty();
        if (agree)
            for (const b::EngineCheck& e : r.own->own_kernel->engine)
                agree = agree && e.engine && e.gpu && std::fabs(*e.engine - *e.gpu) <= e.tolerance;
        expect(agree, "wrong kernel: the engine computes the same wrong sum as the GPU");
    }
    // 4. --shared-bytes: the launch's dynamic shared memory on the GPU and in the engine alike.
    {
        const std::string two = write(dir + "/two_per_thread_shared.cu", kTwoPerThreadShared);
        const Bench r = bench(dir, "shared_bytes", {"--source", two, "--n", "65536", "--block-size", "256",
                                                    "--shared-bytes", "2048", "--strategies", "none"});
        expect(r.run.code == 0, "--shared-bytes 2048: exit 0");
        expect(r.own && r.own->status == b::Status::Ok && all_checks_ok(*r.own), "--shared-bytes 2048: ok, every check ok");
        expect(r.file && r.file->command.find("--shared-bytes 2048") != std::string::npos,
               "--shared-bytes 2048: in the file's command");
        bool agree = r.own && r.own->own_kernel && !r.own->own_kernel->engine.empty();
        if (agree)
            for (const b::EngineCheck& e : r.own->own_kernel->engine)
                agree = agree && e.engine && e.gpu && std::fabs(*e.engine - *e.gpu) <= e.tolerance;
        expect(agree, "--shared-bytes 2048: the engine (same shared bytes) agrees with the GPU");
    }
    std::cout << (failures ? "FAILED: " : "passed: ") << failures << " failure(s)\n";
    return failures ? 1 : 0;
}
