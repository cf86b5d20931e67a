// SPDX-License-Identifier: GPL-3.0-or-later
// CTest gpu_bench_modes_agree: the three timing modes hold each other to account.
// `reducescope-cli bench --sweep-n 1048576,67108864 --strategies zero_ahead,vectorized --reps 100
// --warmup 10 --mode M --json FILE` for M = per-launch, loop, graph; every result must be ok, and:
//  - per-launch: one repetition per sample (reps_per_sample 1); graph: zero_ahead's batches a
//    multiple of three (its ring of three outputs);
//  - at both sizes, per-launch median >= 0.5 × the loop and the graph median (a per-launch sample
//    holds one launch and its latency on an idle GPU: slower than or as fast as a batch's share,
//    never a third of it);
//  - at 2^20 (launch-bound: a kernel lasts about as long as launching it), per-launch >= 0.75 ×
//    loop (the H200's 1M table of 2026-11-29 in docs/benchmarks.md: per-launch 1.0–1.8 × loop
//    for every GPU kernel) and loop >= 0.5 × graph; loop and graph are not held to each other
//    there, loop is bound by the host's launch rate (up to 3.9 × graph in that table);
//  - at 2^26 (256 MiB, bandwidth-bound: tens of µs per launch), loop and graph within a factor 2
//    of each other, and per-launch at most 2 × graph.
// Times in µs are printed. Exit 77 (skipped) when the bench finds no GPU. Plain C++ (no Qt): the
// GPU server runs it. Argument: the reducescope-cli to run.
#include "bench/ncu_counters.h"
#include "bench/results_file.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <utility>

#include <unistd.h>

namespace fs = std::filesystem;
using namespace reducescope;

namespace {

constexpr std::size_t kSmall = std::size_t{1} << 20;
constexpr std::size_t kLarge = std::size_t{1} << 26;
const char* const kModes[] = {"per-launch", "loop", "graph"};

int failures = 0;

void check(bool ok, const std::string& what)
{
    if (!ok) {
        std::printf("FAIL: %s\n", what.c_str());
        ++failures;
    }
}

std::string us(double ms)
{
    char b[32];
    std::snprintf(b, sizeof b, "%.3f us", 1e3 * ms);
    return b;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: gpu_bench_modes_agree REDUCESCOPE_CLI\n");
        return 2;
    }
    // Median ms per repetition of (mode, strategy, n).
    std::map<std::pair<std::string, std::string>, std::map<std::size_t, double>> median;
    for (const char* mode : kModes) {
        const fs::path file =
            fs::temp_directory_path() / ("rs_modes_" + std::string{mode} + "_" + std::to_string(::getpid()) + ".json");
        const bench::ProgramRun run = bench::run_program(
            {argv[1], "bench", "--sweep-n", std::to_string(kSmall) + "," + std::to_string(kLarge), "--strategies",
             "zero_ahead,vectorized", "--reps", "100", "--warmup", "10", "--mode", mode, "--json", file.string()});
        if (run.exit_code == 77) {
            std::printf("skipped: %s", run.err.c_str());
            return 77;
        }
        check(run.exit_code == 0, std::string{mode} + ": exit 0 (got " + std::to_string(run.exit_code) + ": " + run.err + ")");
        std::ifstream in{file};
        std::stringstream text;
        text << in.rdbuf();
        fs::remove(file);
        bench::ResultsFile f;
        try {
            f = bench::read_results(text.str());
        } catch (const std::exception& e) {
            std::printf("FAIL: %s: the file reads (%s)\n", mode, e.what());
            ++failures;
            continue;
        }
        for (const bench::Result& r : f.results) {
            const std::string where = std::string{mode} + " " + r.strategy + " n=" + std::to_string(r.n);
            check(r.status == bench::Status::Ok, where + ": status ok (" + r.message + ")");
            if (r.status != bench::Status::Ok || !r.time_ms)
                continue;
            if (std::string{mode} == "per-launch")
                check(r.reps_per_sample == 1, where + ": one repetition per sample (got " +
                                                  std::to_string(r.reps_per_sample) + ")");
            if (std::string{mode} == "graph" && r.strategy == "zero_ahead")
                check(r.reps_per_sample % 3 == 0, where + ": a multiple of 3 repetitions per graph (got " +
                                                      std::to_string(r.reps_per_sample) + ")");
            median[{mode, r.strategy}][r.n] = r.time_ms->median;
            std::printf("%s: %s (%d samples x %d)\n", where.c_str(), us(r.time_ms->median).c_str(), r.samples,
                        r.reps_per_sample);
        }
    }
    for (const char* strategy : {"zero_ahead", "vectorized"})
        for (const std::size_t n : {kSmall, kLarge}) {
            const std::string where = std::string{strategy} + " n=" + std::to_string(n);
            auto get = [&](const char* mode) -> double {
                const auto by_n = median.find({mode, strategy});
                if (by_n == median.end() || !by_n->second.count(n))
                    return 0;
                return by_n->second.at(n);
            };
            const double per_launch = get("per-launch"), loop = get("loop"), graph = get("graph");
            check(per_launch > 0 && loop > 0 && graph > 0, where + ": a time in every mode");
            if (!(per_launch > 0 && loop > 0 && graph > 0))
                continue;
            const std::string times =
                " (per-launch " + us(per_launch) + ", loop " + us(loop) + ", graph " + us(graph) + ")";
            check(per_launch >= 0.5 * loop, where + ": per-launch >= 0.5 x loop" + times);
            check(per_launch >= 0.5 * graph, where + ": per-launch >= 0.5 x graph" + times);
            if (n == kSmall) {
                check(per_launch >= 0.75 * loop, where + ": launch-bound, per-launch >= 0.75 x loop" + times);
                check(loop >= 0.5 * graph, where + ": loop >= 0.5 x graph" + times);
            } else {
                check(loop <= 2 * graph && graph <= 2 * loop, where + ": loop and graph within a factor 2" + times);
                check(per_launch <= 2 * graph, where + ": bandwidth-bound, per-launch <= 2 x graph" + times);
            }
        }
    std::printf(failures ? "%d failure(s)\n" : "ok\n", failures);
    return failures ? 1 : 0;
}
