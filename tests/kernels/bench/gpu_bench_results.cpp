// SPDX-License-Identifier: GPL-3.0-or-later
// CTest gpu_bench_results: the results the benchmark run writes (kernels/bench/run.h, through the
// one writer of results_file.h) have the format the CLI wrote before the run moved out of the CLI:
// the same members at every level as the files recorded on the H200 (docs/results/), every
// stdout line reads back with the one reader, and the --json file reads back and writes the very
// same bytes. Three small runs: one GPU, a sweep over block sizes, and --gpus 1.
// Exit 77 (skipped) when the bench finds no GPU. Plain C++ (no Qt): the GPU server runs it.
// Arguments: the reducescope-cli to run, the source folder.
#include "bench/ncu_counters.h"
#include "bench/results_file.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

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

std::string read_file(const fs::path& p)
{
    std::ifstream f{p};
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

std::set<std::string> keys(const json& o)
{
    std::set<std::string> k;
    if (o.is_object())
        for (auto it = o.begin(); it != o.end(); ++it)
            k.insert(it.key());
    return k;
}

std::string text(const std::set<std::string>& k)
{
    std::string s;
    for (const auto& x : k)
        s += (s.empty() ? "" : ",") + x;
    return s;
}

/// `optional`: members the writer leaves out where they do not apply (results_file.cpp), so a file
/// may have them or not: `short_reps_per_sample` only for samples that are the difference of two
/// graph replays (not for the CPU row, nor for a graph run of too few repetitions to split).
void same_keys(const json& made, const json& recorded, const std::string& where, const std::set<std::string>& optional = {})
{
    std::set<std::string> m = keys(made), r = keys(recorded);
    for (const auto& k : optional) {
        m.erase(k);
        r.erase(k);
    }
    check(m == r, where + ": members " + text(keys(made)) + " (recorded: " + text(keys(recorded)) + ")");
}

std::vector<std::string> lines_of(const std::string& out)
{
    std::vector<std::string> lines;
    std::istringstream s{out};
    for (std::string l; std::getline(s, l);)
        if (!l.empty())
            lines.push_back(l);
    return lines;
}

/// Runs the CLI; 77 when it found no GPU; else checks its lines and its file against `recorded`.
/// `device`: the recorded device object to match (the newest engine's, for every run: the device
/// object is one for the single- and multi-GPU commands, and the multi-GPU file on record predates
/// pci_bus_id).
int run_and_check(const std::string& cli, std::vector<std::string> args, const fs::path& file, const json& recorded,
                  const json& device, const std::string& name)
{
    std::vector<std::string> argv{cli, "bench"};
    argv.insert(argv.end(), args.begin(), args.end());
    argv.push_back("--json");
    argv.push_back(file.string());
    const bench::ProgramRun run = bench::run_program(argv);
    if (run.exit_code == 77) {
        std::printf("skipped: %s", run.err.c_str());
        return 77;
    }
    check(run.exit_code == 0, name + ": exit 0 (got " + std::to_string(run.exit_code) + ": " + run.err + ")");
    const auto lines = lines_of(run.out);
    check(lines.size() >= 3, name + ": start, results, done on stdout");
    if (lines.size() < 3)
        return 1;
    std::size_t results = 0;
    for (const std::string& l : lines) {
        try {
            const bench::StreamLine s = bench::read_line(l);
            results += s.type == bench::StreamLine::Type::Result;
        } catch (const std::exception& e) {
            check(false, name + ": line reads (" + e.what() + "): " + l.substr(0, 200));
        }
    }
    const json start = json::parse(lines.front()), done = json::parse(lines.back());
    check(start["type"] == "start" && done["type"] == "done", name + ": the first line starts, the last is done");
    same_keys(start["device"], device, name + " start.device");
    same_keys(start["params"], recorded["params"], name + " start.params");
    same_keys(done, json{{"type", 0}, {"elapsed_s", 0}, {"failures", 0}}, name + " done");
    const std::string saved = read_file(file);
    try {
        const bench::ResultsFile f = bench::read_results(saved);
        check(f.results.size() == results, name + ": the file holds the streamed results");
        check(bench::write_results(f) == saved, name + ": the file reads back and writes the same bytes");
    } catch (const std::exception& e) {
        check(false, name + ": the file reads (" + e.what() + ")");
        return 1;
    }
    const json j = json::parse(saved);
    same_keys(j, recorded, name + " file");
    same_keys(j["device"], device, name + " device");
    same_keys(j["params"], recorded["params"], name + " params");
    for (const json& r : j["results"])
        same_keys(r, recorded["results"][0], name + " result " + r.value("strategy", "?"), {"short_reps_per_sample"});
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 3) {
        std::printf("usage: gpu_bench_results REDUCESCOPE-CLI SOURCE-DIR\n");
        return 2;
    }
    const std::string cli = argv[1];
    const fs::path src = argv[2];
    // One GPU: a file the engine recorded on the H200 with the method fields (noise, stop rule,
    // clocks, cold method, the check after timing, the read-ceiling shape, the other processes on the
    // GPU and the short graph of a difference sample; docs/results-format.md).
    // Files recorded before those members existed lack them; the reader still takes them
    // (tst_results_file).
    const json one = json::parse(read_file(src / "docs/results/h200-2026-12-02/issue27/i27_1m_graph_hot_c.json"));
    const json multi = json::parse(read_file(src / "docs/results/h200x2-2026-11-29-multi-gpu/multi_gpu_h200x2.json"));
    const fs::path dir = fs::temp_directory_path() / ("reducescope-results-check-" + std::to_string(::getpid()));
    fs::create_directories(dir);

    const int first = run_and_check(cli, {"--n", "4096", "--reps", "3", "--warmup", "1", "--mode", "graph", "--strategies",
                                          "shared,coarsened,coarsened_max,grid_sync,race,dot_fma,cub,cpu"},
                                    dir / "one.json", one, one["device"], "one GPU");
    if (first == 77) {
        fs::remove_all(dir);
        return 77;
    }
    run_and_check(cli, {"--n", "4096", "--reps", "3", "--warmup", "1", "--strategies", "shared,cub", "--block-size", "64,128"},
                  dir / "sweep.json", one, one["device"], "block-size sweep");
    const json sweep = json::parse(read_file(dir / "sweep.json"), nullptr, false);
    check(sweep.is_object() && sweep["params"]["sweep"] == json({{"param", "block_size"}, {"values", {64, 128}}}),
          "block-size sweep: params.sweep names it");
    const int multi_rc = run_and_check(cli, {"--gpus", "1", "--n", "4096", "--reps", "3", "--warmup", "1"},
                                       dir / "multi.json", multi, one["device"], "--gpus 1");
    if (multi_rc == 0) {
        const json m = json::parse(read_file(dir / "multi.json"), nullptr, false);
        check(m["results"].size() == 4, "--gpus 1: four combines");
        for (const json& r : m["results"])
            check(r["status"] != "ok" || (r["algbw_gbs"].is_number() && r["busbw_gbs"].is_number()),
                  "--gpus 1: algbw and busbw of " + r.value("combine", "?"));
    }
    fs::remove_all(dir);
    std::printf("%s: %d failure(s)\n", failures ? "FAILED" : "passed", failures);
    return failures ? 1 : 0;
}
