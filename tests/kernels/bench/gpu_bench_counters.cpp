// SPDX-License-Identifier: GPL-3.0-or-later
// CTest gpu_bench_counters: the whole `reducescope-cli bench --counters` path on a machine with a
// GPU, ncu replaced by the fake of tests/support/fake_ncu.h (first on the PATH), so the figures are
// known: the H200 capture plus made-up store wavefronts and interleaved_padded's expected launches. Three runs of a small benchmark:
//   1. the fake prints the capture: exit 0; the --json file and the done line carry "counters"
//      with the figures under the right strategies and the model's totals beside them; ncu was
//      given this CLI's own path;
//   2. the fake prints ERR_NVGPUCTRPERM and exits 1: exit 1, one line naming ncu and the error,
//      the results still written, counters.status "error";
//   3. no ncu on the PATH: exit 0, one line saying ncu was not found, counters.status "skipped".
// Exit 77 (skipped) when the bench finds no GPU. Plain C++ (no Qt): the GPU server runs it.
// Arguments: the reducescope-cli to run, the H200 capture (.csv).
#include "bench/ncu_counters.h"
#include "fake_ncu.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using nlohmann::json;
using namespace reducescope;

namespace {

int failures = 0;

void check(bool ok, const std::string& what)
{
    if (!ok) {
        std::printf("FAIL: %s\n", what.c_str());
        ++failures;
    }
}

json last_line(const std::string& out)
{
    std::string last;
    std::size_t start = 0;
    while (start < out.size()) {
        std::size_t end = out.find('\n', start);
        if (end == std::string::npos)
            end = out.size();
        if (end > start)
            last = out.substr(start, end - start);
        start = end + 1;
    }
    return json::parse(last, nullptr, false);
}


void check_figures(const json& c)
{
    if (!c.is_object()) {
        check(false, "counters is an object");
        return;
    }
    check(c.value("status", "") == "ok", "counters.status ok (got " + c.value("status", "?") + ": " +
                                             c.value("message", "") + ")");
    check(c["n"] == 1024 && c["block_size"] == 512, "counters at n 1024, block 512");
    if (!c["kernels"].is_array() || c["kernels"].size() != std::size(fake_ncu::kH200Table)) {
        check(false, "every counter strategy (fake_ncu::kH200Table) in counters.kernels");
        return;
    }
    for (std::size_t i = 0; i < std::size(fake_ncu::kH200Table); ++i) {
        const fake_ncu::H200Row& r = fake_ncu::kH200Table[i];
        const json& k = c["kernels"][i];
        const std::string s = r.strategy;
        check(k["strategy"] == s, "kernel " + std::to_string(i) + " is " + s);
        const json& h = k["hardware"];
        const char* names[] = {"smsp__sass_branch_targets_threads_divergent.sum",
                               "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
                               "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
                               "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"};
        for (int m = 0; m < 4; ++m)
            check(h.value(names[m], -1.0) == r.hw[m], s + " " + names[m]);
        check(h.value("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum", -1.0) ==
                  fake_ncu::made_up_st_wavefronts(r.first_launch),
              s + " store wavefronts (made up by the fake)");
        const json& m = k["model"];
        const char* model_names[] = {"divergent_warp_steps", "shared_ld_wavefronts", "shared_st_wavefronts",
                                     "extra_shared_ld_wavefronts", "extra_shared_st_wavefronts"};
        for (int f = 0; f < 5; ++f)
            check(m.value(model_names[f], -1LL) == r.model[f], s + " model " + model_names[f]);
        check(k["launches"] == 2, s + " launches 2");
    }
}

int run(int argc, char** argv);

} // namespace

int main(int argc, char** argv)
{
    try {
        return run(argc, argv);
    } catch (const std::exception& e) {  // e.g. a JSON field of the wrong type
        std::printf("FAIL: %s\n", e.what());
        return 1;
    }
}

namespace {

int run(int argc, char** argv)
{
    if (argc < 3) {
        std::fprintf(stderr, "usage: gpu_bench_counters REDUCESCOPE_CLI CAPTURE.csv\n");
        return 2;
    }
    const std::string cli = argv[1];
    const std::string capture = fake_ncu::read_file(argv[2]);
    std::string tmpl = (fs::temp_directory_path() / "rs-counters-XXXXXX").string();
    if (!::mkdtemp(tmpl.data())) {
        std::perror("mkdtemp");
        return 1;
    }
    const fs::path dir = tmpl;
    const fs::path fake_dir = dir / "bin", empty_dir = dir / "empty";
    fs::create_directories(fake_dir);
    fs::create_directories(empty_dir);
    fake_ncu::write_script(fake_dir);
    std::ofstream{dir / "complete.csv"} << fake_ncu::complete_csv(capture);
    std::ofstream{dir / "perm.txt"} << "==PROF== Connected to process 1\n==ERROR== ERR_NVGPUCTRPERM - The user does "
                                       "not have permission to access NVIDIA GPU Performance Counters on the target "
                                       "device 0.\n";
    const std::string old_path = std::getenv("PATH") ? std::getenv("PATH") : "/usr/bin:/bin";
    auto bench = [&](const std::string& json_name) {
        return bench::run_program({cli, "bench", "--n", "1024", "--reps", "2", "--warmup", "0", "--strategies", "shared",
                                   "--counters", "--json", (dir / json_name).string()});
    };

    // 1. the capture
    ::setenv("PATH", (fake_dir.string() + ":" + old_path).c_str(), 1);
    ::setenv("FAKE_NCU_STDOUT", (dir / "complete.csv").c_str(), 1);
    ::setenv("FAKE_NCU_ARGS", (dir / "args.txt").c_str(), 1);
    const bench::ProgramRun ok = bench("ok.json");
    if (ok.exit_code == 77) {
        std::printf("no GPU (bench exited 77): %s", ok.err.c_str());
        fs::remove_all(dir);
        return 77;
    }
    check(ok.spawn_error.empty(), "the CLI started: " + ok.spawn_error);
    check(ok.exit_code == 0, "run 1 exit 0 (got " + std::to_string(ok.exit_code) + "; stderr: " + ok.err + ")");
    const json file = json::parse(fake_ncu::read_file(dir / "ok.json"), nullptr, false);
    check(file.is_object() && file.contains("counters"), "run 1: the --json file has counters");
    if (file.is_object() && file.contains("counters")) {
        check_figures(file["counters"]);
        check(file["results"].size() == 1 && file["results"][0]["status"] == "ok", "run 1: the benchmark's result");
        const json done = last_line(ok.out);
        check(done.is_object() && done.value("type", "") == "done", "run 1: the last stdout line is done");
        check(done.is_object() && done.contains("counters") && done["counters"] == file["counters"],
              "run 1: the done line carries the same counters as the file");
        std::error_code ec;
        const std::string args = fake_ncu::read_file(dir / "args.txt");
        check(args.find("\n" + fs::canonical(cli, ec).string() + "\nbench\n--n\n1024\n--block-size\n512\n") !=
                  std::string::npos,
              "run 1: ncu was given this CLI, bench --n 1024 --block-size 512 (args: " + args + ")");
        check(args.rfind("--clock-control\nnone\n--csv\n--print-units\nbase\n", 0) == 0,
              "run 1: ncu --clock-control none --csv --print-units base");
    }

    // 2. ncu fails
    ::setenv("FAKE_NCU_STDOUT", (dir / "perm.txt").c_str(), 1);
    ::setenv("FAKE_NCU_EXIT", "1", 1);
    const bench::ProgramRun bad = bench("bad.json");
    check(bad.exit_code == 1, "run 2 exit 1 (got " + std::to_string(bad.exit_code) + ")");
    check(bad.err == "reducescope-cli: --counters: ncu exited with code 1: ==ERROR== ERR_NVGPUCTRPERM - The user "
                     "does not have permission to access NVIDIA GPU Performance Counters on the target device 0.\n",
          "run 2: one line naming ncu and its error (got: " + bad.err + ")");
    const json bad_file = json::parse(fake_ncu::read_file(dir / "bad.json"), nullptr, false);
    check(bad_file.is_object() && bad_file["results"].size() == 1, "run 2: the results are still written");
    check(bad_file.is_object() && bad_file["counters"]["status"] == "error" && bad_file["counters"]["exit_code"] == 1,
          "run 2: counters.status error, exit_code 1");
    ::unsetenv("FAKE_NCU_EXIT");

    // 3. no ncu
    ::setenv("PATH", empty_dir.c_str(), 1);
    const bench::ProgramRun none = bench("none.json");
    ::setenv("PATH", old_path.c_str(), 1);
    check(none.exit_code == 0, "run 3 exit 0 (got " + std::to_string(none.exit_code) + ")");
    check(none.err == "reducescope-cli: --counters: ncu (Nsight Compute) was not found on the PATH: hardware counters "
                      "skipped\n",
          "run 3: one line (got: " + none.err + ")");
    const json none_file = json::parse(fake_ncu::read_file(dir / "none.json"), nullptr, false);
    check(none_file.is_object() && none_file["counters"]["status"] == "skipped", "run 3: counters.status skipped");

    fs::remove_all(dir);
    std::printf("%s\n", failures ? "FAILED" : "bench --counters: figures, ncu failure and missing ncu as documented");
    return failures ? 1 : 0;
}

} // namespace
