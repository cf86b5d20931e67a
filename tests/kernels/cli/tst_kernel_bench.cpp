// SPDX-License-Identifier: GPL-3.0-or-later
// `reducescope-cli kernel bench` without a GPU (docs/your-own-kernel.md, "On the GPU"), run as a
// child process with the GPUs hidden (CUDA_VISIBLE_DEVICES=""): every bad option refused in one
// line naming it and its range (exit 2); a source the engine refuses (exit 2, FILE:LINE:COL); a
// good kernel and a catalogue file compiled by NVRTC and then exit 77 with the one-line reason;
// NVRTC missing (REDUCESCOPE_NVRTC pointing at no file): exit 72 and the line naming what to
// install; and `--gpu-host`: the request carries the source's text and its label, not a path.
// Qt-free (tests/support/run_child.h), so a build without the GUI runs it too.
#include "bench/results_file.h"
#include "run_child.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <sys/stat.h>

namespace {

using reducescope::test::ChildRun;
using reducescope::test::run_child;

int failures = 0;

void expect(bool ok, const std::string& what, const ChildRun& r)
{
    if (ok)
        return;
    ++failures;
    std::cerr << "FAIL: " << what << "\n  exit " << r.code << "\n  stdout: " << r.out.substr(0, 2000)
              << "\n  stderr: " << r.err.substr(0, 2000) << "\n";
}

bool contains(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

int lines(const std::string& s)
{
    int n = 0;
    for (char c : s)
        n += c == '\n';
    return n;
}

const std::vector<std::pair<std::string, std::string>> kNoGpu{{"CUDA_VISIBLE_DEVICES", ""}};

ChildRun cli(std::vector<std::string> args, std::vector<std::pair<std::string, std::string>> env = kNoGpu,
             const std::string& input = {})
{
    args.insert(args.begin(), REDUCESCOPE_CLI_PATH);
    return run_child(args, env, input);
}

const char* kGood = R"(#include <cuda_runtime.h>
__global__ void tree(const float* input, float* output, unsigned n)
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
    if (threadIdx.x == 0)
        atomicAdd(output, s[0]);
}
)";

std::string write(const std::string& dir, const std::string& name, const std::string& text)
{
    const std::string path = dir + "/" + name;
    std::ofstream f(path, std::ios::binary);
    f << text;
    return path;
}

} // namespace

int main()
{
    char dir_template[] = "/tmp/tst_kernel_bench-XXXXXX";
    const std::string dir = ::mkdtemp(dir_template);
    const std::string good = write(dir, "tree.cu", kGood);

    // Bad options: one line naming the option and what it allows, exit 2, nothing on stdout.
    struct Bad {
        std::vector<std::string> args;
        std::string says;
    };
    const std::vector<Bad> bad{
        {{"--block-size", "3"}, "--block-size must be a power of two in 1..1024 (got 3)"},
        {{"--block-size", "2048"}, "--block-size must be a power of two in 1..1024 (got 2048)"},
        {{"--grid", "0"}, "--grid must be an integer in 1..65535 (got 0)"},
        {{"--grid", "70000"}, "--grid must be an integer in 1..65535 (got 70000)"},
        {{"--n", "0"}, "--n must be in 1..2147483648 (got 0)"},
        {{"--n", "lots"}, "--n must be in 1..2147483648 (got lots)"},
        {{"--reps", "0"}, "--reps must be in 1..100000 (got 0)"},
        {{"--mode", "fast"}, "--mode must be per-launch, loop or graph (got fast)"},
        {{"--cache", "warm"}, "--cache must be hot or cold (got warm)"},
        {{"--device", "64"}, "--device must be in 0..63 (got 64)"},
        {{"--strategies", "bogus"}, "--strategies: "},
        {{"--json", "/"}, "--json must be a writable file path"},
        {{"--label", ""}, "--label must be a name of 1..200 printable characters"},
    };
    for (const Bad& b : bad) {
        std::vector<std::string> args{"kernel", "bench", "--source", good};
        args.insert(args.end(), b.args.begin(), b.args.end());
        const ChildRun r = cli(args);
        expect(r.code == 2 && r.out.empty() && lines(r.err) == 1 && contains(r.err, "reducescope-cli: " + b.says),
               "kernel bench " + b.args[0] + " " + b.args[1] + " is refused with \"" + b.says + "\"", r);
    }
    {
        const ChildRun r = cli({"kernel", "bench"});
        expect(r.code == 2 && contains(r.err, "--source"), "kernel bench without --source names --source", r);
    }
    {
        const ChildRun r = cli({"kernel", "bench", "--source", dir + "/missing.cu"});
        expect(r.code == 2 && contains(r.err, "source: cannot read"), "a missing source: exit 2, cannot read", r);
    }

    // A source the engine refuses: its diagnostics at FILE:LINE:COL, exit 2, before NVRTC or a GPU.
    {
        const std::string broken = write(dir, "broken.cu", "__global__ void k(float* a, float* b)\n{\n    a[0] = ;\n}\n");
        const ChildRun r = cli({"kernel", "bench", "--source", broken});
        expect(r.code == 2 && contains(r.err, broken + ":3:12: error:"), "a source that does not compile: exit 2", r);
    }
    {
        const ChildRun r = cli({"kernel", "bench", "--source", good, "--kernel", "nope"});
        expect(r.code == 2 && contains(r.err, "--kernel must name a kernel of the source, one of tree (got nope)"),
               "--kernel naming no kernel lists the kernels", r);
    }

    // No GPU: NVRTC compiled it, then exit 77 with one line saying why.
    {
        const ChildRun r = cli({"kernel", "bench", "--source", good});
        expect(r.code == 77 && r.out.empty() && lines(r.err) == 1 && contains(r.err, "no CUDA") &&
                   contains(r.err, "tree.cu compiled with NVRTC") && contains(r.err, "runs it only on a GPU"),
               "no GPU: exit 77, the reason in one line", r);
    }
    // The source on stdin, the same.
    {
        const ChildRun r = cli({"kernel", "bench", "--source", "-"}, kNoGpu, kGood);
        expect(r.code == 77 && contains(r.err, "<stdin> compiled with NVRTC"), "the source on stdin: exit 77", r);
    }
    // A catalogue file as it is (reduce_common.cuh handed to NVRTC in memory, the host side
    // blanked, the templates instantiated): NVRTC compiles it and names the kernel as the engine.
    for (const char* kernel : {"convergent_reduce_sum", "interleaved_strided_reduce_sum", "shared_reduce_sum"}) {
        const ChildRun r = cli({"kernel", "bench", "--source", REDUCESCOPE_SOURCE_DIR "/kernels/cuda/reduce_basic.cu",
                                "--kernel", kernel});
        expect(r.code == 77 && contains(r.err, "reduce_basic.cu compiled with NVRTC"),
               std::string{"the catalogue's reduce_basic.cu, "} + kernel + ", compiles with NVRTC", r);
    }
    // NVRTC missing: exit 72 and one line naming the library and what to install.
    {
        auto env = kNoGpu;
        env.emplace_back("REDUCESCOPE_NVRTC", dir + "/no-such/libnvrtc.so.13");
        const ChildRun r = cli({"kernel", "bench", "--source", good}, env);
        expect(r.code == 72 && lines(r.err) == 1 && contains(r.err, "NVRTC") &&
                   contains(r.err, dir + "/no-such/libnvrtc.so.13") && contains(r.err, "install") &&
                   contains(r.err, "cuda-nvrtc"),
               "NVRTC missing: exit 72, what to install", r);
    }

    // --gpu-host: the request carries the source's text (not a path of this computer) and the
    // file's name as --label. A fake ssh records the request line and refuses the connection.
    {
        const std::string capture = dir + "/request.json";
        const std::string fake = write(dir, "fake_ssh.sh",
                                       "#!/bin/sh\nhead -n 1 > \"$RS_CAPTURE\"\n"
                                       "echo 'ssh: connect to host gpu1 port 22: Connection refused' >&2\nexit 255\n");
        ::chmod(fake.c_str(), 0755);
        auto env = kNoGpu;
        env.emplace_back("REDUCESCOPE_SSH", fake);
        env.emplace_back("RS_CAPTURE", capture);
        env.emplace_back("REDUCESCOPE_SSH_CONTROL_DIR", dir + "/control");
        const ChildRun r = cli({"kernel", "bench", "--source", good, "--n", "4096", "--gpu-host", "gpu1"}, env);
        expect(r.code == 69 && contains(r.err, "gpu1"), "through --gpu-host: the host's refusal, exit 69", r);
        const std::string line = reducescope::test::slurp(capture);
        const nlohmann::json req = nlohmann::json::parse(line, nullptr, false);
        bool ok = req.is_object() && req.contains("args") && req.contains("inputs");
        if (ok) {
            const auto args = req["args"].get<std::vector<std::string>>();
            ok = args.size() >= 6 && args[0] == "kernel" && args[1] == "bench" && args[2] == "--source" &&
                 args[args.size() - 2] == "--label" && args.back() == "tree.cu";
            ok = ok && std::find(args.begin(), args.end(), "--gpu-host") == args.end();
            ok = ok && req["inputs"].size() == 1 && req["inputs"][0]["arg"] == 3 && req["inputs"][0]["text"] == kGood;
        }
        ChildRun shown = r;
        shown.out = line;
        expect(ok, "the request holds kernel bench, the source's text at --source and --label tree.cu", shown);
    }

    // The results format: a my_kernel result with its own_kernel part survives a write and a read.
    {
        namespace b = reducescope::bench;
        b::ResultsFile f;
        f.date = "2026-12-02T04:00:00Z";
        f.command = "reducescope-cli kernel bench --source tree.cu";
        f.device.name = "test";
        f.params.n = 4096;
        f.params.mode = "loop";
        f.params.cache = "hot";
        f.params.reps = 10;
        f.params.warmup = 1;
        f.params.block_size = 256;
        f.params.coarse_factor = 4;
        b::Result r;
        r.strategy = "my_kernel";
        r.family = "own";
        r.kernel = "tree";
        r.n = 4096;
        r.block_size = 1024;
        r.grid_size = 2;
        r.status = b::Status::Wrong;
        r.message = "n=1, exact input: got 0, expected 1 exactly";
        r.bytes_read = 4 * 4096;
        b::OwnKernelReport k;
        k.label = "tree.cu";
        k.signature = "input_output";
        k.nvrtc = "NVRTC 13.0, sm_90";
        k.checks.push_back({1, "exact", false, 0.0, 1.0, 0.0, "got 0, expected 1 exactly"});
        k.checks.push_back({31, "random", true, 2.5, 2.5, 1e-6, ""});
        k.engine.push_back({1, "fixed", "bitwise", 0.0, 0.0, 1e-7, ""});
        k.engine.push_back({31, "", "not_run", std::nullopt, 2.5, 1e-6, "this build has no SIMT engine"});
        r.own_kernel = k;
        f.results.push_back(r);
        bool same = false;
        std::string why;
        try {
            const b::ResultsFile back = b::read_results(b::write_results(f));
            same = back.results.size() == 1 && back.results[0].own_kernel == f.results[0].own_kernel &&
                   back.results[0].family == "own";
        } catch (const std::exception& e) {
            why = e.what();
        }
        ChildRun shown;
        shown.err = why;
        expect(same, "a my_kernel result with own_kernel reads back as written", shown);
    }

    std::cout << (failures ? "FAILED: " : "passed: ") << failures << " failure(s)\n";
    return failures ? 1 : 0;
}
