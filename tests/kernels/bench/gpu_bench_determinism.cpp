// SPDX-License-Identifier: GPL-3.0-or-later
// CTest gpu_bench_determinism: `reducescope-cli bench --repeat 5` at 1M on two_pass,
// grid_sync, cub (fixed tree order) and segmented (atomics across blocks). Every result that ran
// must carry 5 values; the fixed-order ones must give 1 distinct sum (else FAIL); the atomic ones
// are only reported (the H200 gave 4-5 distinct sums for segmented in five runs, but one is
// allowed: their order is just not fixed). The --table output must carry one determinism line per
// repeated result. Exit 77 (skipped) when the bench finds no GPU. Plain C++ (no Qt): the GPU
// server runs it. Argument: the reducescope-cli to run.
#include "bench/determinism.h"
#include "bench/ncu_counters.h"
#include "bench/results_file.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

namespace fs = std::filesystem;
using namespace reducescope;

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: gpu_bench_determinism REDUCESCOPE_CLI\n");
        return 2;
    }
    const fs::path file = fs::temp_directory_path() / ("rs_determinism_" + std::to_string(::getpid()) + ".json");
    const bench::ProgramRun run = bench::run_program({argv[1], "bench", "--n", "1048576", "--strategies",
                                                      "two_pass,grid_sync,cub,segmented", "--reps", "20", "--repeat",
                                                      "5", "--table", "--json", file.string()});
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
    std::printf("%s", run.out.c_str());
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
    int fixed = 0;
    for (const bench::Result& r : f.results) {
        const std::string where = r.strategy + " (" + r.operation + ")";
        if (r.status == bench::Status::Skipped) {
            std::printf("%s: skipped (%s)\n", where.c_str(), r.message.c_str());
            continue;
        }
        check(r.status == bench::Status::Ok, where + ": status ok (" + r.message + ")");
        check(r.repeat.has_value(), where + ": has repeat data");
        if (!r.repeat)
            continue;
        const bench::RepeatSummary s = bench::summarize_repeat(*r.repeat, r.reference);
        check(s.runs == 5, where + ": 5 runs (got " + std::to_string(s.runs) + ")");
        std::printf("%s: %s order, %s\n", where.c_str(), std::string{bench::sum_order_name(r.repeat->order)}.c_str(),
                    bench::verdict_text(s, r.operation).c_str());
        if (r.repeat->order == bench::SumOrder::Fixed) {
            ++fixed;
            check(s.distinct == 1, where + ": a fixed tree order gives 1 distinct sum (got " + std::to_string(s.distinct) + ")");
        }
        check(run.out.find("  " + r.strategy + " (") != std::string::npos, where + ": a determinism line in --table");
    }
    check(fixed >= 2, "at least two fixed-order results ran (two_pass, cub; grid_sync where cooperative launch works)");
    std::printf(failures ? "%d failure(s)\n" : "ok\n", failures);
    return failures ? 1 : 0;
}
