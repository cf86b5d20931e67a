// SPDX-License-Identifier: GPL-3.0-or-later
// `bench`, `devices`, `selftest`: the real kernels on the GPU (docs/results-format.md).
#include "cli/commands.h"
#include "model/message.h"
#include "cli/multi_gpu_command.h"
#include "cli/output.h"

#include "bench/multi_gpu_metrics.h"
#include "bench/plan.h"
#include "bench/reference.h"
#include "bench/results_json.h"
#include "bench/stopping.h"
#include "bench/table.h"
#include "reducescope/config.h"

#if defined(REDUCESCOPE_WITH_CUDA_KERNELS)
#include "bench/run.h"
#include "cli/gpu_errors.h"
#endif

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <iostream>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include <unistd.h>

#ifndef REDUCESCOPE_GIT_COMMIT
#define REDUCESCOPE_GIT_COMMIT ""
#endif

namespace reducescope::cli {
namespace {
namespace b = reducescope::bench;
using nlohmann::json;

/// Parsed and validated `bench` arguments.
struct BenchArgs {
    std::string n_text = "1048576";
    std::string sweep_n;
    std::string strategies = "all";
    int reps = 100;
    int warmup = 10;
    int batches = 5;
    std::string mode = "loop";
    std::string cache = "hot";
    std::string block_sizes = "256";
    std::string coarse_factors = "4";
    std::uint64_t seed = b::kDefaultSeed;
    int device = 0;
    std::string json_file;
    int gpus = 1;  ///< --gpus K (kernels/cli/cli_multi_gpu.cpp); used only when given
    bool counters = false;  ///< --counters: ncu's counters of the single-block kernels (ncu_counters.h)
    int repeat = 0;         ///< --repeat K: K more launches per cell, results kept bit for bit (bench/determinism.h)
    std::string repeat_text;
    bool repeat_given = false;
    bool table = false;     ///< --table: a text table on stdout instead of JSON lines (bench/table.h)
    /// The stopping rule (bench/stopping.h): --min-samples, --min-time, --max-noise (in %),
    /// --timeout; used when --reps is not given. With --reps, exactly that many samples.
    b::StopCriteria stop;
    std::string min_samples_text, min_time_text, max_noise_text, timeout_text;
    /// Whether each was given at all: `--timeout ''` is a value to refuse, not an absent option.
    bool min_samples_given = false, min_time_given = false, max_noise_given = false, timeout_given = false;
    bool reps_given = false;
    // as typed (strict decimal, parsed in resolve); whether --sweep-n / --json were given at all
    std::string reps_text = "100", warmup_text = "10", batches_text = "5", seed_text, device_text = "0", gpus_text;
    bool n_given = false, sweep_given = false, json_given = false, seed_given = false, gpus_given = false;
    // resolved
    std::vector<std::size_t> sizes;
    std::vector<unsigned int> blocks, coarse;
    std::vector<std::string> ids;
};

struct SelftestArgs {
    std::size_t max_n = (std::size_t{1} << 24) + 3;
    std::string max_n_text;
    std::string strategies = "all";
    std::string block_sizes = "32,128,256,1024";
    std::string coarse_factors = "1,4,16";
    std::uint64_t seed = b::kDefaultSeed;
    int device = 0;
    std::string seed_text, device_text = "0";
};

std::string range_text(std::size_t lo, std::size_t hi) { return std::to_string(lo) + ".." + std::to_string(hi); }

std::size_t parse_n(const std::string& flag, const std::string& text)
{
    const auto v = b::parse_size(text);
    if (!v || *v < 1 || *v > b::kMaxN)
        throw BadInput{flag + " must be in " + range_text(1, b::kMaxN) + " (got " + model::echo(text) + ")"};
    return *v;
}

/// A strict decimal integer option (no sign, hex, octal or exponent) in lo..hi.
std::uint64_t parse_int_option(const std::string& flag, const std::string& text, std::uint64_t lo, std::uint64_t hi,
                               const std::string& note = {})
{
    const auto v = model::parse_decimal_in(text, lo, hi);
    if (!v)
        throw BadInput{flag + " must be in " + std::to_string(lo) + ".." + std::to_string(hi) + note + " (got " +
                       (text.empty() ? std::string{"''"} : model::echo(text)) + ")"};
    return *v;
}

/// Throws BadInput when `values` lists a value twice ("--block-size lists 64 twice").
template <class T>
void refuse_duplicates(const std::string& flag, const std::vector<T>& values)
{
    std::set<T> seen;
    for (const T v : values)
        if (!seen.insert(v).second)
            throw BadInput{flag + " lists " + std::to_string(v) + " twice (each sweep value once)"};
}

std::vector<unsigned int> parse_pow2_list(const std::string& flag, const std::string& text, unsigned int lo,
                                          unsigned int hi)
{
    std::vector<unsigned int> v;
    try {
        v = b::parse_uint_list(text);
    } catch (const std::invalid_argument&) {
        throw BadInput{flag + " must be a power of two in " + range_text(lo, hi) + " (got " +
                       (text.empty() ? std::string{"''"} : model::echo(text)) + ")"};
    }
    for (const unsigned int x : v)
        if (x < lo || x > hi || !b::is_power_of_two(x))
            throw BadInput{flag + " must be a power of two in " + range_text(lo, hi) + " (got " + std::to_string(x) + ")"};
    return v;
}

/// Every strategy id of the catalogue, "simple, convergent, ...".
std::string all_ids()
{
    std::string s;
    for (const auto& st : model::catalogue())
        s += (s.empty() ? "" : ", ") + std::string(st.id);
    return s;
}

std::vector<std::string> parse_ids(const std::string& text)
{
    try {
        return b::parse_strategies(text);
    } catch (const std::invalid_argument& e) {
        // e.what() echoes through echo()
        throw BadInput{std::string{"--strategies: "} + e.what() + "; allowed: all, or a comma list of " + all_ids()};
    }
}

std::string number_text(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

/// A decimal number option in lo..hi (parse_real's syntax, as compare --noise-factor reads its k:
/// "1e-400" is 0, inside 0..600; "1e400" is infinite, outside every range).
double parse_real_option(const std::string& flag, const std::string& text, double lo, double hi, const char* unit)
{
    const std::optional<double> v = parse_real(text);
    if (!v || !(*v >= lo && *v <= hi))
        throw BadInput{flag + " must be a number in " + number_text(lo) + ".." + number_text(hi) + unit + " (got " +
                       (text.empty() ? std::string{"''"} : model::echo(text)) + ")"};
    return *v == 0 ? 0.0 : *v;  // -0 is 0
}

/// The stopping options (docs/benchmarks.md, "How many samples"). `--reps` keeps its old meaning, a
/// fixed count; the adaptive rule's options cannot be combined with it (one line says so).
void resolve_stopping(BenchArgs& a)
{
    const bool any = a.min_samples_given || a.min_time_given || a.max_noise_given || a.timeout_given;
    if (any && a.reps_given)
        throw BadInput{"--reps fixes the number of samples; --min-samples, --min-time, --max-noise and --timeout "
                       "apply only without it"};
    if (a.min_samples_given)
        a.stop.min_samples = static_cast<int>(parse_int_option("--min-samples", a.min_samples_text, 3, 100000));
    if (a.min_time_given)
        a.stop.min_time_s = parse_real_option("--min-time", a.min_time_text, 0.0, 600.0, " s");
    if (a.max_noise_given)
        a.stop.max_noise = parse_real_option("--max-noise", a.max_noise_text, 0.0, 100.0, " %") / 100.0;
    if (a.timeout_given)
        a.stop.timeout_s = parse_real_option("--timeout", a.timeout_text, 0.001, 3600.0, " s");
}

void resolve(BenchArgs& a)
{
    // The output file first: a bad path fails before anything else is checked or run.
    if (a.json_given)
        check_json_path(a.json_file);
    if (a.n_given && a.sweep_given)
        throw BadInput{"--n and --sweep-n cannot be combined (got --n " + model::echo(a.n_text) + " and --sweep-n " +
                       (a.sweep_n.empty() ? std::string{"''"} : model::echo(a.sweep_n)) +
                       "): --n is the one size of a run, --sweep-n the sizes of a sweep; give one of them"};
    if (a.sweep_given) {
        if (a.sweep_n.empty())
            throw BadInput{"--sweep-n must be sizes in " + range_text(1, b::kMaxN) +
                           ", e.g. 1K..1G (powers of two) or 1000,4096 (got '')"};
        try {
            a.sizes = b::parse_sizes(a.sweep_n);
        } catch (const std::invalid_argument& e) {
            throw BadInput{std::string{"--sweep-n: "} + e.what()};
        }
        for (const std::size_t n : a.sizes)
            if (n < 1 || n > b::kMaxN)
                throw BadInput{"--sweep-n sizes must be in " + range_text(1, b::kMaxN) + " (got " + std::to_string(n) + ")"};
    } else {
        a.sizes = {parse_n("--n", a.n_text)};
    }
    a.blocks = parse_pow2_list("--block-size", a.block_sizes, 32, 1024);
    a.coarse = parse_pow2_list("--coarse-factor", a.coarse_factors, 1, 64);
    // One swept parameter, or block size × coarse factor (the pane's heat map); N only alone.
    try {
        b::swept_parameters(a.sizes.size(), a.blocks.size(), a.coarse.size());
    } catch (const std::invalid_argument& e) {
        throw BadInput{e.what()};
    }
    a.reps = static_cast<int>(parse_int_option("--reps", a.reps_text, 1, 100000));
    a.warmup = static_cast<int>(parse_int_option("--warmup", a.warmup_text, 0, 10000));
    a.batches = static_cast<int>(parse_int_option("--batches", a.batches_text, 1, 1000));
    if (a.mode != "per-launch" && a.mode != "loop" && a.mode != "graph")
        throw BadInput{"--mode must be per-launch, loop or graph (got " + model::echo(a.mode) + ")"};
    if (a.cache != "hot" && a.cache != "cold")
        throw BadInput{"--cache must be hot or cold (got " + model::echo(a.cache) + ")"};
    a.device = static_cast<int>(parse_int_option("--device", a.device_text, 0, 63));
    if (!a.seed_text.empty() || a.seed_given)
        a.seed = parse_int_option("--seed", a.seed_text, 0, std::numeric_limits<std::uint64_t>::max());
    if (a.gpus_given)
        a.gpus = static_cast<int>(parse_int_option("--gpus", a.gpus_text, 1, 64, " (at most the number of CUDA devices)"));
    if (a.repeat_given)
        a.repeat = static_cast<int>(parse_int_option("--repeat", a.repeat_text, 1, b::kMaxRepeat));
    if (a.repeat_given && a.gpus_given)
        throw BadInput{"--repeat cannot be combined with --gpus (the determinism view is of one GPU's kernels)"};
    if (a.counters && a.gpus_given)
        throw BadInput{"--counters cannot be combined with --gpus (the counters are taken on one GPU: --device)"};
    a.ids = parse_ids(a.strategies);
    resolve_stopping(a);
    refuse_duplicates("--sweep-n", a.sizes);
    refuse_duplicates("--block-size", a.blocks);
    refuse_duplicates("--coarse-factor", a.coarse);
    // A run whose file the app could not open is refused before it starts (results_file.h
    // kMaxResults). The count is what the run writes: one result per point of the run's own plan
    // (plan_runs, which run_benchmark follows; "cub" runs sum and max with coarsened_max), or for
    // --gpus each GPU count × N × combine (multi_gpu_result_count, which run_multi_gpu follows).
    if (a.gpus_given) {
        const std::size_t results = b::multi_gpu_result_count(a.gpus, a.sizes.size());
        if (results > b::kMaxResults)
            throw BadInput{"the run would write " + std::to_string(results) + " results (" + std::to_string(a.gpus) +
                           " GPU counts × " + std::to_string(a.sizes.size()) + " N × " +
                           std::to_string(std::size(b::kAllCombines)) + " combines), over the limit of " +
                           std::to_string(b::kMaxResults) + " per results file"};
        return;
    }
    const std::size_t points = a.sizes.size() * a.blocks.size() * a.coarse.size();
    const std::size_t results = b::plan_runs(a.ids, a.sizes, a.blocks, a.coarse).size();
    if (results > b::kMaxResults)
        throw BadInput{"the sweep would write " + std::to_string(results) + " results (" +
                       std::to_string(points == 0 ? 0 : results / points) + " runs per point × " +
                       std::to_string(a.sizes.size()) + " N × " + std::to_string(a.blocks.size()) + " block sizes × " +
                       std::to_string(a.coarse.size()) + " coarse factors), over the limit of " +
                       std::to_string(b::kMaxResults) + " per results file"};
}

int no_cuda_build()
{
    std::cerr << "reducescope-cli: this build has no CUDA kernels (nvcc was not found when it was configured)\n";
    return kNoDevice;
}

#if defined(REDUCESCOPE_WITH_CUDA_KERNELS)
namespace g = reducescope::cuda;

int run_bench(const BenchArgs& a, const std::string& command)
{
    b::RunOptions o;
    o.strategies = a.ids;
    o.sizes = a.sizes;
    o.block_sizes = a.blocks;
    o.coarse_factors = a.coarse;
    o.reps = a.reps;
    o.warmup = a.warmup;
    o.batches = a.batches;
    o.adaptive = !a.reps_given;
    o.stop = a.stop;
    o.mode = a.mode;
    o.cache = a.cache;
    o.seed = a.seed;
    o.device = a.device;
    o.counters = a.counters;
    o.repeat = a.repeat;
    o.json_file = a.json_file;
    o.tool = cli_tool();
    o.command = command;
    b::RunSink sink;
    // --table: the table after the run instead of the JSON lines (the --json file as usual).
    sink.line = a.table ? std::function<void(const std::string&)>{[](const std::string&) {}}
                        : std::function<void(const std::string&)>{emit_line};
    sink.warning = [](const std::string& m) { std::cerr << "reducescope-cli: " << m << '\n'; };
    const b::RunReport report = b::run_benchmark(o, sink);
    if (a.table)
        std::cout << b::format_table(report.file) << std::flush;
    // A counters run asked for and not obtained is a failure; a missing ncu is only skipped.
    return report.failures || report.counters == b::CountersStatus::Error ? kFailure : kOk;
}

int run_selftest(const SelftestArgs& a)
{
    b::SelftestOptions o;
    o.max_n = a.max_n;
    o.strategies = parse_ids(a.strategies);
    o.block_sizes = parse_pow2_list("--block-sizes", a.block_sizes, 32, 1024);
    o.coarse_factors = parse_pow2_list("--coarse-factors", a.coarse_factors, 1, 64);
    o.seed = a.seed;
    o.device = a.device;
    const b::SelftestReport r = b::run_selftest(o, [](const std::string& line) { std::cout << line << '\n'; });
    std::cout << "selftest on " << r.device_name << ": " << r.runs << " runs, " << r.ok << " ok, " << r.wrong
              << " wrong, " << r.errors << " errors, " << r.skipped << " skipped; race "
              << "(expected wrong) lost updates in " << r.race_lost << " of " << r.race_runs << " runs\n";
    return r.wrong || r.errors ? kFailure : kOk;
}
#endif

std::string join_args(int argc, char** argv)
{
    std::string s = "reducescope-cli";
    for (int i = 1; i < argc; ++i)
        s += std::string{" "} + argv[i];
    return s;
}

} // namespace

/// --json: a file that can be written, checked before anything runs and without creating it
/// (an existing file is left as it is until the whole result set replaces it: the writer writes a
/// temporary file in the same folder and renames it, results_file.h write_results_file). Refused
/// up front (docs/reliability.md, "Files are replaced"): a directory, a FIFO, a device (/dev/full),
/// a socket, a dangling symbolic link, a symbolic link loop, a file or folder that cannot be
/// written.
void check_json_path(const std::string& path)
{
    namespace fs = std::filesystem;
    const std::string head = "--json must be a writable file path (got ";
    if (path.empty())
        throw BadInput{head + "'')"};
    const auto refuse = [&](const std::string& why) { throw BadInput{head + model::echo(path) + ": " + why + ")"}; };
    std::error_code ec;
    const fs::file_status link = fs::symlink_status(path, ec);
    fs::path target = path;
    if (fs::is_symlink(link)) {
        std::error_code ec2;
        const fs::file_status to = fs::status(path, ec2);
        if (ec2.value() == ELOOP)
            refuse("a loop of symbolic links");
        if (ec2 && ec2.value() != ENOENT)
            refuse(ec2.message());
        if (!fs::exists(to))
            refuse("a symbolic link to nothing (dangling)");
        target = fs::canonical(path, ec2);
        if (ec2)
            refuse(ec2.message());
    } else if (ec && ec.value() != ENOENT) {
        refuse(ec.value() == ELOOP ? std::string{"a loop of symbolic links"} : ec.message());
    }
    const fs::file_status st = fs::status(target, ec);
    if (fs::exists(st)) {
        if (fs::is_directory(st))
            refuse("a directory");
        if (fs::is_fifo(st))
            refuse("a FIFO; results are written to a regular file");
        if (fs::is_character_file(st) || fs::is_block_file(st))
            refuse("a device; results are written to a regular file");
        if (fs::is_socket(st))
            refuse("a socket; results are written to a regular file");
        if (!fs::is_regular_file(st))
            refuse("not a regular file");
        if (::access(target.c_str(), W_OK) != 0)
            refuse(std::strerror(errno));
    }
    // The file is replaced by a rename from its folder: the folder must be writable too.
    fs::path dir = target.parent_path();
    if (dir.empty())
        dir = ".";
    if (!fs::is_directory(dir, ec))
        refuse("no such directory");
    if (::access(dir.c_str(), W_OK | X_OK) != 0)
        refuse(std::string{"its folder: "} + std::strerror(errno));
}

std::vector<std::string> parse_strategy_ids(const std::string& text) { return parse_ids(text); }

bench::Tool cli_tool()
{
    bench::Tool t;
    t.name = "reducescope-cli";
    t.version = REDUCESCOPE_VERSION;
    const char* env = std::getenv("REDUCESCOPE_COMMIT");
    t.commit = env && *env ? env : REDUCESCOPE_GIT_COMMIT[0] ? REDUCESCOPE_GIT_COMMIT : "unknown";
    return t;
}

void emit_line(const std::string& line)
{
    std::cout << line << '\n';
    std::cout.flush();
}

void register_bench_commands(CLI::App& app, int& exit_code)
{
    // ---- bench ----
    auto args = std::make_shared<BenchArgs>();
    CLI::App* bench = app.add_subcommand("bench", "Time the CUDA kernels against a float64 reference (JSON lines)");
    CLI::Option* n_opt = bench->add_option("--n", args->n_text, "Elements (1.." + std::to_string(b::kMaxN) + "; 1K, 4M, 1G, 2^20 accepted)");
    CLI::Option* sweep_opt = bench->add_option("--sweep-n", args->sweep_n, "Sizes to sweep, each in 1.." + std::to_string(b::kMaxN) + ": e.g. 1K..1G (powers of two) or 1000,4096");
    bench->add_option("--strategies", args->strategies, "all, or a comma list of strategy ids: " + all_ids());
    CLI::Option* reps_opt = bench->add_option("--reps", args->reps_text,
        "Timed repetitions (1..100000): a fixed count of samples (per-launch) or of repetitions in --batches "
        "batches (loop, graph). Without it, each cell samples until --min-samples, --min-time and --max-noise "
        "are met or --timeout passes")->type_name("UINT");
    CLI::Option* min_samples_opt = bench->add_option("--min-samples", args->min_samples_text, "Without --reps: at least this many samples per cell (3..100000; default 10)")->type_name("UINT");
    CLI::Option* min_time_opt = bench->add_option("--min-time", args->min_time_text, "Without --reps: at least this much GPU time per cell, seconds (0..600; default 0.5)")->type_name("SECONDS");
    CLI::Option* max_noise_opt = bench->add_option("--max-noise", args->max_noise_text, "Without --reps: stop once the noise (standard deviation / mean of the samples, nvbench's) is at most this, % (0..100; default 0.5); cells above it are flagged")->type_name("PERCENT");
    CLI::Option* timeout_opt = bench->add_option("--timeout", args->timeout_text, "Without --reps: stop a cell after this much wall-clock time even if noisy, seconds (0.001..3600; default 5)")->type_name("SECONDS");
    CLI::Option* repeat_opt = bench->add_option("--repeat", args->repeat_text, "Determinism: after timing, launch each kernel K more times (1.." + std::to_string(b::kMaxRepeat) + ") and keep every result bit for bit, with the distinct results and their spread in ulps")->type_name("K");
    bench->add_flag("--table", args->table, "Print a text table on stdout instead of JSON lines (noise, stop rule, cache state and flags in every row)");
    bench->add_option("--warmup", args->warmup_text, "Untimed repetitions first (0..10000)")->type_name("UINT");
    bench->add_option("--batches", args->batches_text, "loop/graph: the reps run as this many timed batches (1..1000)")->type_name("UINT");
    bench->add_option("--mode", args->mode, "per-launch | loop | graph");
    bench->add_option("--cache", args->cache, "hot | cold (loop, graph: input copies > 2x L2 take turns; per-launch, in-place kernels, small N: the L2 flushed by reading before each repetition)");
    bench->add_option("--block-size", args->block_sizes, "Threads per block, power of two 32..1024 (a list sweeps; with a --coarse-factor list, block size × coarse factor)");
    bench->add_option("--coarse-factor", args->coarse_factors, "Coarse factor, power of two 1..64 (a list sweeps; with a --block-size list, block size × coarse factor)");
    CLI::Option* seed_opt = bench->add_option("--seed", args->seed_text, "Seed of the random input (0..18446744073709551615)")->type_name("UINT");
    bench->add_option("--device", args->device_text, "CUDA device index (0..63)")->type_name("UINT");
    CLI::Option* json_opt = bench->add_option("--json", args->json_file, "Write the whole result set to this file (a file path in an existing, writable directory; an old file is replaced only once the new one is complete)");
    CLI::Option* gpus = bench->add_option("--gpus", args->gpus_text, "Multi-GPU: reduce over 1..K GPUs through NCCL and p2p, K in 1..64 (at most the number of CUDA devices)")->type_name("UINT");
    bench->add_flag("--counters", args->counters,
                    "Also run Nsight Compute (ncu, from the PATH) on the single-block kernels at 1024 elements and "
                    "put its counters beside the model's into the results (docs/hardware-counters.md)");
    bench->callback([args, gpus, n_opt, sweep_opt, seed_opt, json_opt, reps_opt, repeat_opt, min_samples_opt, min_time_opt,
                     max_noise_opt, timeout_opt, &exit_code] {
        args->min_samples_given = min_samples_opt->count() > 0;
        args->min_time_given = min_time_opt->count() > 0;
        args->max_noise_given = max_noise_opt->count() > 0;
        args->timeout_given = timeout_opt->count() > 0;
        args->repeat_given = repeat_opt->count() > 0;
        args->sweep_given = sweep_opt->count() > 0;
        args->n_given = n_opt->count() > 0;
        args->reps_given = reps_opt->count() > 0;
        args->seed_given = seed_opt->count() > 0;
        args->json_given = json_opt->count() > 0;
        args->gpus_given = gpus->count() > 0;
        resolve(*args);
        if (gpus->count() > 0) {
            try {
                exit_code = run_multi_gpu_bench({args->gpus, args->sizes, args->blocks, args->coarse,
                                                 args->strategies, args->reps, args->warmup, args->batches,
                                                 args->mode, args->cache, args->seed, args->json_file});
            } catch (const OutputError& e) {
                emit_line(json{{"type", "error"}, {"message", e.what()}}.dump());
                std::cerr << "reducescope-cli: " << e.what() << '\n';
                exit_code = kOutputError;
            }
            return;
        }
#if defined(REDUCESCOPE_WITH_CUDA_KERNELS)
        // The command line as typed is not available here; rebuild it from the parsed options.
        std::string cmd = "reducescope-cli bench";
        if (!args->sweep_n.empty())
            cmd += " --sweep-n " + args->sweep_n;
        else
            cmd += " --n " + args->n_text;
        cmd += " --strategies " + args->strategies;
        if (args->reps_given)
            cmd += " --reps " + std::to_string(args->reps);
        else
            cmd += " --min-samples " + std::to_string(args->stop.min_samples) + " --min-time " +
                   number_text(args->stop.min_time_s) + " --max-noise " + number_text(100.0 * args->stop.max_noise) +
                   " --timeout " + number_text(args->stop.timeout_s);
        cmd += " --warmup " + std::to_string(args->warmup) + " --batches " + std::to_string(args->batches) + " --mode " +
               args->mode + " --cache " + args->cache + " --block-size " + args->block_sizes + " --coarse-factor " +
               args->coarse_factors + " --seed " + std::to_string(args->seed);
        if (!args->json_file.empty())
            cmd += " --json " + args->json_file;
        if (args->repeat > 0)
            cmd += " --repeat " + std::to_string(args->repeat);
        if (args->counters)
            cmd += " --counters";
        if (args->table)
            cmd += " --table";
        try {
            exit_code = map_gpu_errors([&] { return run_bench(*args, cmd); },
                                       [](const std::string& m) { emit_line(b::error_line(m)); });
        } catch (const std::bad_alloc&) {
            std::cerr << "reducescope-cli: not enough host memory for the input of " << args->sizes.back()
                      << " floats\n";
            exit_code = kBadInput;
        } catch (const std::runtime_error& e) {
            // CUDA errors are mapped inside map_gpu_errors; what arrives here is the --json file
            // that could not be written (bench::write_results_file): lost output, exit 74.
            emit_line(b::error_line(e.what()));
            std::cerr << "reducescope-cli: " << e.what() << '\n';
            exit_code = kOutputError;
        }
#else
        exit_code = no_cuda_build();
#endif
    });

    register_compare_command(app, exit_code);

    // ---- devices ----
    auto devices_json = std::make_shared<bool>(false);
    CLI::App* devices = app.add_subcommand("devices", "List the CUDA devices");
    devices->add_flag("--json", *devices_json, "One JSON array instead of text");
    devices->callback([devices_json, &exit_code] {
#if defined(REDUCESCOPE_WITH_CUDA_KERNELS)
        exit_code = map_gpu_errors([&] {
            const auto list = g::list_devices();
            if (*devices_json) {
                json a = json::array();
                for (const auto& d : list)
                    a.push_back(b::to_json(b::device_record(d)));
                std::cout << a.dump(1) << '\n';
            } else {
                for (const auto& d : list)
                    std::cout << d.index << ": " << d.name << ", compute capability " << d.cc_major << '.'
                              << d.cc_minor << ", " << d.sms << " SMs, " << (d.memory_bytes >> 20) << " MiB ("
                              << (d.free_bytes >> 20) << " free), L2 " << (d.l2_bytes >> 20) << " MiB, peak "
                              << d.peak_bandwidth_gbs << " GB/s, driver " << d.driver_version << ", runtime "
                              << d.runtime_version << (d.cooperative_launch ? ", cooperative launch" : "") << '\n';
            }
            return int(kOk);
        });
#else
        exit_code = no_cuda_build();
#endif
    });

    // ---- selftest ----
    auto st = std::make_shared<SelftestArgs>();
    CLI::App* selftest = app.add_subcommand(
        "selftest", "Run every kernel at N in {1,2,3,31,32,33,1000,1023,1024,1025,2^20,2^20+7,2^24+3} and several "
                    "block sizes against the float64 reference; exit 0 or 1");
    selftest->add_option("--strategies", st->strategies, "all, or a comma list of strategy ids: " + all_ids());
    selftest->add_option("--block-sizes", st->block_sizes, "Block sizes, powers of two 32..1024");
    selftest->add_option("--coarse-factors", st->coarse_factors, "Coarse factors, powers of two 1..64");
    CLI::Option* st_seed = selftest->add_option("--seed", st->seed_text, "Seed of the random input (0..18446744073709551615)")->type_name("UINT");
    selftest->add_option("--device", st->device_text, "CUDA device index (0..63)")->type_name("UINT");
    CLI::Option* st_max_n = selftest->add_option("--max-n", st->max_n_text, "Skip the sizes above this, 1.." + std::to_string(b::kMaxN) + " (e.g. under compute-sanitizer)");
    selftest->callback([st, st_seed, st_max_n, &exit_code] {
        if (st_max_n->count() > 0)
            st->max_n = parse_n("--max-n", st->max_n_text);
        if (st_seed->count() > 0)
            st->seed = parse_int_option("--seed", st->seed_text, 0, std::numeric_limits<std::uint64_t>::max());
        st->device = static_cast<int>(parse_int_option("--device", st->device_text, 0, 63));
        parse_ids(st->strategies);
        parse_pow2_list("--block-sizes", st->block_sizes, 32, 1024);
        parse_pow2_list("--coarse-factors", st->coarse_factors, 1, 64);
#if defined(REDUCESCOPE_WITH_CUDA_KERNELS)
        exit_code = map_gpu_errors([&] { return run_selftest(*st); });
#else
        exit_code = no_cuda_build();
#endif
    });
    (void)&join_args;
}

} // namespace reducescope::cli
