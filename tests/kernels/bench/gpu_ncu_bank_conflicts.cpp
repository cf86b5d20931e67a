// SPDX-License-Identifier: GPL-3.0-or-later
// CTest gpu_ncu_bank_conflicts: the real Nsight Compute, through the real
// `reducescope-cli bench --counters` path, on a GPU. At 1024 elements and one block of 512 threads
// (kernels/bench/ncu_counters.h), interleaved_strided has 150 shared-load and 75 shared-store bank
// conflicts (docs/hardware-counters.md, the H200) and the step model counts the same extra
// wavefronts; interleaved_padded, the same tree with one unused word after every 32, must have 0 and
// 0 on both sides. Prints both kernels' figures beside the model's.
// Exit 77 (skipped) without a GPU (the bench exits 77) or without ncu on the PATH; 1 when ncu fails
// (e.g. ERR_NVGPUCTRPERM: no permission for the performance counters) or a figure differs.
// Plain C++ (no Qt): the GPU server runs it. Argument: the reducescope-cli to run.
#include "bench/ncu_counters.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace fs = std::filesystem;
using nlohmann::json;
using namespace reducescope;

namespace {

constexpr const char* kLdConflicts = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum";
constexpr const char* kStConflicts = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum";
constexpr const char* kLdWavefronts = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum";
constexpr const char* kStWavefronts = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum";

int failures = 0;

void check(bool ok, const std::string& what)
{
    if (!ok) {
        std::printf("FAIL: %s\n", what.c_str());
        ++failures;
    }
}

const json* kernel_of(const json& counters, const std::string& strategy)
{
    for (const json& k : counters["kernels"])
        if (k.value("strategy", "") == strategy)
            return &k;
    return nullptr;
}

double hw(const json& k, const char* metric) { return k["hardware"].value(metric, -1.0); }

/// Checks one kernel: hardware ld / st conflicts and the model's extra ld / st wavefronts.
void expect(const json& counters, const std::string& strategy, double ld, double st)
{
    const json* k = kernel_of(counters, strategy);
    check(k != nullptr, strategy + " is in counters.kernels");
    if (!k)
        return;
    const json& m = (*k)["model"];
    std::printf("%-20s ncu: ld conflicts %g, st conflicts %g, ld wavefronts %g, st wavefronts %g | model: extra ld %lld, "
                "extra st %lld, ld wavefronts %lld, st wavefronts %lld\n",
                strategy.c_str(), hw(*k, kLdConflicts), hw(*k, kStConflicts), hw(*k, kLdWavefronts),
                hw(*k, kStWavefronts), m.value("extra_shared_ld_wavefronts", -1LL),
                m.value("extra_shared_st_wavefronts", -1LL), m.value("shared_ld_wavefronts", -1LL),
                m.value("shared_st_wavefronts", -1LL));
    check(hw(*k, kLdConflicts) == ld, strategy + ": ncu shared-load bank conflicts " + std::to_string(ld));
    check(hw(*k, kStConflicts) == st, strategy + ": ncu shared-store bank conflicts " + std::to_string(st));
    check(m.value("extra_shared_ld_wavefronts", -1.0) == ld, strategy + ": model extra load wavefronts");
    check(m.value("extra_shared_st_wavefronts", -1.0) == st, strategy + ": model extra store wavefronts");
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: gpu_ncu_bank_conflicts REDUCESCOPE_CLI\n");
        return 2;
    }
    const std::string cli = argv[1];
    std::string tmpl = (fs::temp_directory_path() / "rs-ncu-banks-XXXXXX").string();
    if (!::mkdtemp(tmpl.data())) {
        std::perror("mkdtemp");
        return 1;
    }
    const fs::path dir = tmpl;
    // A one-kernel benchmark; --counters then profiles every counters strategy at 1024 / 512.
    const bench::ProgramRun run = bench::run_program({cli, "bench", "--n", "1024", "--reps", "1", "--warmup", "0",
                                                      "--strategies", "shared", "--counters", "--json",
                                                      (dir / "counters.json").string()});
    std::ifstream in{dir / "counters.json"};
    std::stringstream text;
    text << in.rdbuf();
    fs::remove_all(dir);
    if (run.exit_code == 77) {
        std::printf("no GPU (bench exited 77): %s", run.err.c_str());
        return 77;
    }
    const json file = json::parse(text.str(), nullptr, false);
    if (!file.is_object() || !file.contains("counters")) {
        std::printf("FAIL: bench --counters wrote no counters (exit %d): %s\n", run.exit_code, run.err.c_str());
        return 1;
    }
    const json& c = file["counters"];
    if (c.value("status", "") == "skipped") {
        std::printf("ncu not found: %s\n", c.value("message", "").c_str());
        return 77;
    }
    if (c.value("status", "") != "ok") {
        std::printf("FAIL: counters.status %s: %s\n", c.value("status", "?").c_str(), c.value("message", "").c_str());
        return 1;
    }
    check(c["n"] == bench::kCounterN && c["block_size"] == bench::kCounterBlock, "counters at n 1024, block 512");
    expect(c, "interleaved_strided", 150, 75);
    expect(c, "interleaved_padded", 0, 0);
    std::printf("%s\n", failures ? "FAILED"
                                 : "ncu: interleaved_padded has no shared-memory bank conflicts where interleaved_strided "
                                   "has 150 (loads) and 75 (stores)");
    return failures ? 1 : 0;
}
