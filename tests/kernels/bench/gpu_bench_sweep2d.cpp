// SPDX-License-Identifier: GPL-3.0-or-later
// CTest gpu_bench_sweep2d: a two-parameter sweep on the GPU, what the benchmark pane's
// heat map shows. `reducescope-cli bench --n 2^20 --strategies coarsened,shared --block-size
// 128,256 --coarse-factor 1,2 --mode graph --reps 20 --json FILE` must exit 0 and write a file that
// the one reader takes, whose params.sweep is block_size [128, 256] with second coarse_factor
// [1, 2], and which holds exactly one verified (status ok, checked again after the timed work)
// result per strategy and cell, in the plan's order (block size outer, coarse factor inner). The
// cells' times are printed. Exit 77 (skipped) when the bench finds no GPU. Plain C++ (no Qt): the
// GPU server runs it. Argument: the reducescope-cli to run.
#include "bench/ncu_counters.h"
#include "bench/results_file.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <tuple>

#include <unistd.h>

namespace fs = std::filesystem;
using namespace reducescope;

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: gpu_bench_sweep2d REDUCESCOPE_CLI\n");
        return 2;
    }
    const fs::path file = fs::temp_directory_path() / ("rs_sweep2d_" + std::to_string(::getpid()) + ".json");
    const bench::ProgramRun run = bench::run_program({argv[1], "bench", "--n", "2^20", "--strategies", "coarsened,shared",
                                                      "--block-size", "128,256", "--coarse-factor", "1,2", "--mode",
                                                      "graph", "--reps", "20", "--json", file.string()});
    if (run.exit_code == 77) {
        std::printf("skipped: %s", run.err.c_str());
        return 77;
    }
    int failures = 0;
    auto check = [&failures](bool ok, const std::string& what) {
        if (!ok) {
            std::printf("FAIL: %s\n", what.c_str());
            ++failures;
        }
    };
    check(run.exit_code == 0, "exit 0 (got " + std::to_string(run.exit_code) + ": " + run.err + ")");
    std::ifstream in{file};
    std::stringstream text;
    text << in.rdbuf();
    fs::remove(file);
    bench::ResultsFile f;
    try {
        f = bench::read_results(text.str());
    } catch (const std::exception& e) {
        std::printf("FAIL: the file reads (%s)\n", e.what());
        return 1;
    }
    check(f.params.sweep.has_value(), "params.sweep is written");
    if (f.params.sweep) {
        const bench::Sweep& s = *f.params.sweep;
        check(s.param == "block_size" && s.values == std::vector<std::uint64_t>{128, 256},
              "params.sweep is block_size [128, 256] (got " + s.param + ")");
        check(s.second && s.second->param == "coarse_factor" && s.second->values == std::vector<std::uint64_t>{1, 2},
              "params.sweep.second is coarse_factor [1, 2]");
    }
    // One verified result per (strategy, block size, coarse factor), in plan order.
    std::map<std::tuple<std::string, int, int>, int> cells;
    std::vector<std::pair<int, int>> order;
    for (const bench::Result& r : f.results) {
        const std::string where = r.strategy + " at block " + std::to_string(r.block_size) + ", C " +
                                  std::to_string(r.coarse_factor);
        check(r.n == (std::size_t{1} << 20), where + ": n 2^20");
        check(r.status == bench::Status::Ok, where + ": status ok (" + std::string{bench::status_name(r.status)} +
                                                 ": " + r.message + ")");
        check(r.checked_after_timing, where + ": the output checked again after the timed work");
        ++cells[{r.strategy, r.block_size, r.coarse_factor}];
        if (order.empty() || order.back() != std::pair{r.block_size, r.coarse_factor})
            order.emplace_back(r.block_size, r.coarse_factor);
        std::printf("%-10s block %4d  C %d  %8.2f us  %7.1f GB/s\n", r.strategy.c_str(), r.block_size,
                    r.coarse_factor, r.time_ms ? r.time_ms->median * 1e3 : -1.0, r.bandwidth_gbs.value_or(-1.0));
    }
    for (const char* s : {"coarsened", "shared"})
        for (const int b : {128, 256})
            for (const int c : {1, 2}) {
                const auto it = cells.find({s, b, c});
                check(it != cells.end() && it->second == 1, std::string{s} + " has one result at block " +
                                                                std::to_string(b) + ", C " + std::to_string(c));
            }
    check(f.results.size() == 8, "8 results (2 strategies × 2 block sizes × 2 coarse factors), got " +
                                     std::to_string(f.results.size()));
    check(order == std::vector<std::pair<int, int>>{{128, 1}, {128, 2}, {256, 1}, {256, 2}},
          "cells in plan order: block size outer, coarse factor inner");
    std::printf(failures ? "%d failure(s)\n" : "ok\n", failures);
    return failures ? 1 : 0;
}
