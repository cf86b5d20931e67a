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
#include <sys/types.h>

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
        {{"--elements-per-thread", "0"}, "--elements-per-thread must be an integer in 1..4096 (got 0)"},
        {{"--elements-per-thread", "4097"}, "--elements-per-thread must be an integer in 1..4096 (got 4097)"},
        {{"--elements-per-thread", "x"}, "--elements-per-thread must be an integer in 1..4096 (got x)"},
        {{"--elements-per-thread", ""}, "--elements-per-thread must be an integer in 1..4096 (got '')"},
        {{"--shared-bytes", "0"}, "--shared-bytes must be an integer in 1..49152 (got 0)"},
        {{"--shared-bytes", "49153"}, "--shared-bytes must be an integer in 1..49152 (got 49153)"},
        {{"--shared-bytes", "4k"}, "--shared-bytes must be an integer in 1..49152 (got 4k)"},
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

    // Issue 28's third hostile pass (tests/hostile/round_end.sh), one row per kind it found.
    auto clean = [](const std::string& err) {  // well-formed UTF-8, no control byte but newlines
        for (std::size_t i = 0; i < err.size(); ++i) {
            const auto c = static_cast<unsigned char>(err[i]);
            if ((c < 0x20 && c != '\n') || c == 0x7f)
                return false;
            if (c >= 0x80) {
                const std::size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
                if (len == 0 || i + len > err.size())
                    return false;
                for (std::size_t k = 1; k < len; ++k)
                    if ((static_cast<unsigned char>(err[i + k]) & 0xC0) != 0x80)
                        return false;
                i += len - 1;
            }
        }
        return true;
    };
    {
        // --kernel '' is refused as in kernel trace (it was "the engine's choice").
        const ChildRun r = cli({"kernel", "bench", "--source", good, "--kernel", ""});
        expect(r.code == 2 && lines(r.err) == 1 && contains(r.err, "--kernel must name a kernel of the source (got '')"),
               "kernel bench --kernel '' is refused", r);
        // An empty --mode is quoted as ''.
        const ChildRun m = cli({"kernel", "bench", "--source", good, "--mode", ""});
        expect(m.code == 2 && contains(m.err, "--mode must be per-launch, loop or graph (got '')"), "--mode '' quoted", m);
    }
    // --label: 1..200 printable characters, counted as characters (41 ASCII and 200 Chinese ones
    // were refused: the check compared with echo(), which stops at 40); a byte that is not UTF-8,
    // a C1 control or a surrogate is not printable (they were accepted).
    for (const std::string& label : {std::string(41, 'M'), std::string(200, 'N'), [] {
             std::string z;
             for (int i = 0; i < 200; ++i)
                 z += "\xE4\xB8\xAD";
             return z;
         }()}) {
        const ChildRun r = cli({"kernel", "bench", "--source", good, "--label", label});
        expect(r.code == 77, "--label of " + std::to_string(label.size()) + " bytes of printable characters is accepted", r);
    }
    for (const std::string& label : {std::string("x\xFF"), std::string("x\xC3"), std::string("x\xC2\x85y"),
                                     std::string("x\xED\xA0\x80"), std::string("\xC0\xAF"), std::string(201, 'L')}) {
        const ChildRun r = cli({"kernel", "bench", "--source", good, "--label", label});
        expect(r.code == 2 && lines(r.err) == 1 && contains(r.err, "--label must be a name of 1..200 printable characters") &&
                   clean(r.err),
               "--label that is not printable UTF-8 is refused in a clean line", r);
    }
    // What NVRTC compiles: REDUCESCOPE_WARP_SIZE is 32 (the engine defines it; NVRTC did not), a
    // byte order mark is dropped (NVRTC took it for a token), the toolkit's include folders are
    // given (reduce_warp.cu's <cooperative_groups.h> was not found).
    {
        const std::string ws = write(dir, "ws.cu",
                                     "__global__ void k(const float* input, float* output, unsigned n)\n{\n"
                                     "#if REDUCESCOPE_WARP_SIZE != 32\n#error not 32\n#endif\n"
                                     "    float v = input[threadIdx.x % n];\n"
                                     "    for (int o = REDUCESCOPE_WARP_SIZE / 2; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);\n"
                                     "    if (threadIdx.x % REDUCESCOPE_WARP_SIZE == 0) atomicAdd(output, v);\n}\n");
        const ChildRun r = cli({"kernel", "bench", "--source", ws});
        expect(r.code == 77 && contains(r.err, "ws.cu compiled with NVRTC"), "REDUCESCOPE_WARP_SIZE compiles with NVRTC (32)", r);
        const ChildRun b = cli({"kernel", "bench", "--source", write(dir, "bom.cu", std::string("\xEF\xBB\xBF") + kGood)});
        expect(b.code == 77 && contains(b.err, "bom.cu compiled with NVRTC"), "a source with a BOM compiles with NVRTC", b);
        for (const char* kernel : {"warp_shuffle_reduce_sum", "block_reduce_reduce_sum"}) {
            const ChildRun c = cli({"kernel", "bench", "--source", REDUCESCOPE_SOURCE_DIR "/kernels/cuda/reduce_warp.cu",
                                    "--kernel", kernel});
            expect(c.code == 77 && contains(c.err, "reduce_warp.cu compiled with NVRTC"),
                   std::string{"the catalogue's reduce_warp.cu, "} + kernel + ", compiles with NVRTC", c);
        }
    }
    // A 0xFF byte: NVRTC reads it as the end of the file and drops the kernel without a word; it is
    // refused at its place (it was exit 1, "NVRTC's output has no kernel").
    {
        const std::string ff = write(dir, "ff.cu", std::string("// caf\xE9 \xFF\n") + kGood);
        const ChildRun r = cli({"kernel", "bench", "--source", ff});
        expect(r.code == 2 && lines(r.err) == 1 && contains(r.err, ff + ":1:9: error: a byte 0xFF"),
               "a 0xFF byte is refused at its line and column", r);
        const ChildRun e = cli({"kernel", "bench", "--source", write(dir, "e9.cu", std::string("// caf\xE9\n") + kGood)});
        expect(e.code == 77, "a Latin-1 comment without 0xFF compiles with NVRTC", e);
    }
    // $REDUCESCOPE_NVRTC with a newline, an escape or bytes that are not UTF-8: one clean line.
    for (const std::string& path : {dir + "/a\nb.so", dir + "/\xFF\xFE.so", dir + "/\x1B[31mred.so"}) {
        auto env = kNoGpu;
        env.emplace_back("REDUCESCOPE_NVRTC", path);
        const ChildRun r = cli({"kernel", "bench", "--source", good}, env);
        expect(r.code == 72 && lines(r.err) == 1 && clean(r.err) && contains(r.err, "$REDUCESCOPE_NVRTC"),
               "a hostile $REDUCESCOPE_NVRTC is named in one clean line", r);
    }
    // A file name with a newline: one line, the name escaped.
    {
        const std::string nl = write(dir, "a\nb.cu", kGood);
        const ChildRun r = cli({"kernel", "bench", "--source", nl});
        expect(r.code == 77 && lines(r.err) == 1 && contains(r.err, "a\\nb.cu compiled with NVRTC"), "a newline in the name, escaped", r);
    }
    // --gpu-host's local checks: the source read as here (a folder crashed, a FIFO and /dev/zero
    // hung), the --json target checked before the host runs (it was found missing after).
    {
        const std::string loop = write(dir, "loop_ssh.sh", "#!/bin/sh\nfor a; do last=$a; done\nexec sh -c \"$last\"\n");
        ::chmod(loop.c_str(), 0755);
        auto env = kNoGpu;
        env.emplace_back("REDUCESCOPE_SSH", loop);
        env.emplace_back("REDUCESCOPE_SSH_CONTROL_DIR", dir + "/control2");
        const std::vector<std::string> host{"--gpu-host", "fake", "--gpu-host-cli", REDUCESCOPE_CLI_PATH};
        const std::string fifo = dir + "/fifo.cu";
        ::mkfifo(fifo.c_str(), 0600);
        ::mkdir((dir + "/folder.cu").c_str(), 0700);
        for (const std::string& source : {dir + "/folder.cu", fifo, std::string("/dev/zero")}) {
            std::vector<std::string> args{"/usr/bin/timeout", "-s", "KILL", "20", REDUCESCOPE_CLI_PATH, "kernel", "bench", "--source", source};
            args.insert(args.end(), host.begin(), host.end());
            const ChildRun r = run_child(args, env);
            expect(r.code == 2 && lines(r.err) == 1 && contains(r.err, "source"), "--gpu-host --source " + source + ": refused here", r);
        }
        for (const std::vector<std::string>& sub : {std::vector<std::string>{"bench", "--n", "1K"},
                                                    std::vector<std::string>{"kernel", "bench", "--source", good}}) {
            std::vector<std::string> args = sub;
            args.insert(args.end(), host.begin(), host.end());
            args.insert(args.end(), {"--json", dir + "/no/such/x.json"});
            const ChildRun r = cli(args, env);
            expect(r.code == 2 && lines(r.err) == 1 && contains(r.err, "--json"), sub[0] + " --gpu-host --json into a missing folder: refused here", r);
        }
        // The host's messages name the file as it is named here, not the host's private copy.
        std::vector<std::string> args{"kernel", "bench", "--source", good};
        args.insert(args.end(), host.begin(), host.end());
        const ChildRun r = cli(args, env);
        expect(r.code == 77 && contains(r.err, "fake: no CUDA driver found: " + good + " compiled") &&
                   !contains(r.err, "reducescope-remote-"),
               "--gpu-host: the host's line names the source as here", r);
        // The label made from a file name of 213 characters (no --label given) is not refused.
        const std::string longname = write(dir, std::string(210, 'x') + ".cu", kGood);
        std::vector<std::string> largs{"kernel", "bench", "--source", longname};
        largs.insert(largs.end(), host.begin(), host.end());
        const ChildRun l = cli(largs, env);
        expect(l.code == 77, "--gpu-host, a file name of 213 characters: its label is cut, not refused", l);
    }
    // A hostile host: answers of the wrong types, exit codes out of range, outputs missing, escape
    // sequences on stderr: exit 69 (or the command's code) and clean lines, never a crash.
    {
        const std::string hostile = write(dir, "hostile_ssh.sh",
            "#!/bin/sh\nread -r req\n"
            "v=$(\"$RS_CLI\" --version | sed 's/.* //')\n"
            "sch=$(printf '%s' \"$req\" | sed 's/.*\"schema\":\\([0-9]*\\).*/\\1/')\n"
            "case $RS_MODE in\n"
            "  types) echo '{\"type\":\"remote_hello\",\"protocol\":\"1\",\"version\":5,\"schema\":\"x\",\"hostname\":7,\"ok\":\"yes\"}'; exit 0 ;;\n"
            "esac\n"
            "echo \"{\\\"type\\\":\\\"remote_hello\\\",\\\"protocol\\\":1,\\\"version\\\":\\\"$v\\\",\\\"schema\\\":$sch,\\\"hostname\\\":\\\"h\\\",\\\"ok\\\":true}\"\n"
            "case $RS_MODE in\n"
            "  exitstr) echo '{\"type\":\"remote_end\",\"exit\":\"x\",\"signal\":\"y\",\"outputs\":[]}' ;;\n"
            "  exit300) echo '{\"type\":\"remote_end\",\"exit\":300,\"signal\":0,\"outputs\":[]}' ;;\n"
            "  outputs) echo '{\"type\":\"remote_end\",\"exit\":0,\"signal\":0,\"outputs\":[5]}' ;;\n"
            "  ctrl) sleep 0.3; printf 'reducescope-cli: \\033[31mred \\377\\n' >&2; echo '{\"type\":\"remote_end\",\"exit\":1,\"signal\":0,\"outputs\":[]}' ;;\n"
            "esac\n");
        ::chmod(hostile.c_str(), 0755);
        for (const char* mode : {"types", "exitstr", "exit300", "outputs", "ctrl"}) {
            auto env = kNoGpu;
            env.emplace_back("REDUCESCOPE_SSH", hostile);
            env.emplace_back("REDUCESCOPE_SSH_CONTROL_DIR", dir + "/control3");
            env.emplace_back("RS_CLI", REDUCESCOPE_CLI_PATH);
            env.emplace_back("RS_MODE", mode);
            std::vector<std::string> args{"bench", "--n", "1K", "--gpu-host", "fake"};
            if (std::string{mode} == "outputs")
                args.insert(args.end(), {"--json", dir + "/host.json"});
            const ChildRun r = cli(args, env);
            const int want = std::string{mode} == "ctrl" ? 1 : 69;
            expect(r.code == want && lines(r.err) == 1 && clean(r.err) && contains(r.err, "fake"),
                   std::string{"a host that answers '"} + mode + "': exit " + std::to_string(want) + ", one clean line", r);
        }
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
