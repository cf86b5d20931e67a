// SPDX-License-Identifier: GPL-3.0-or-later
// The benchmark results schema (docs/results-format.md, version 1): the whole results file as one
// plain C++ type, its one reader (which validates every field, json_fields.h) and its one writer,
// and the JSON lines `reducescope-cli bench` streams. The CLI writes through it; the app reads and
// exports through it (app/bench/bench_results.h, a thin Qt adapter). No Qt, no CUDA, and no
// nlohmann/json.hpp: the JSON forms of these types (to_json, read_results_json, ...) are declared
// in results_json.h.
//
// Adding a field: a member of the struct below (std::optional when older files lack it), one line
// in its reader and one in its writer (results_file.cpp; a result's in read_result() and
// to_json(const Result&)), and a line in docs/results-format.md. A member a reader does not know is
// kept in `extra` and written back, so a file from a newer tool survives a load and an export.
#pragma once

#include "bench/clocks.h"
#include "bench/json_value.h"
#include "bench/multi_gpu_metrics.h"
#include "bench/ncu_counters.h"
#include "bench/results.h"
#include "bench/schema_error.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace reducescope::bench {

/// The `schema` of a results file.
inline constexpr std::string_view kResultsSchema = "reducescope-results";
/// The version this code writes (2: the samples' spread in time_ms, the clock watch, the contract,
/// the validation replay's counts, the CCCL baselines; docs/results-format.md).
inline constexpr int kResultsVersion = 2;
/// The oldest version this code reads (1: without those fields; cub_single_pass is read as
/// cub_block_one_pass).
inline constexpr int kOldestResultsVersion = 1;
/// Most results in one file; a file with more is refused (the charts take seconds per 10^4).
inline constexpr std::size_t kMaxResults = 20000;
/// Largest results file a reader takes, in bytes (the app refuses larger ones before reading).
inline constexpr std::size_t kMaxResultsFileBytes = std::size_t{64} << 20;

/// `tool`: what wrote the file.
struct Tool {
    std::string name = "reducescope-cli";
    std::string version;  ///< e.g. "0.1.0"
    std::string commit;   ///< short git hash, or "unknown"
    JsonValue extra;

    bool operator==(const Tool&) const = default;
};

/// `device`: one GPU, from its attributes.
struct Device {
    int index = 0;
    std::string name;                ///< e.g. "NVIDIA H200"
    std::string compute_capability;  ///< e.g. "9.0"
    int sms = 0;
    long long l2_bytes = 0;
    long long memory_bytes = 0;
    int memory_clock_khz = 0;
    int memory_bus_bits = 0;
    int sm_clock_khz = 0;
    double peak_bandwidth_gbs = 0;   ///< 2 × memory clock × bus width / 8, 10^9 B/s
    std::string driver_version;
    std::string runtime_version;
    std::optional<bool> cooperative_launch;  ///< added by the engine; older files lack it
    std::optional<std::string> pci_bus_id;   ///< e.g. "0000:3B:00.0", for NVML; older files lack it
    JsonValue extra;

    bool operator==(const Device&) const = default;
};

/// One swept parameter: its name and the values it takes, in run order.
struct SweepAxis {
    std::string param;                  ///< "n" | "block_size" | "coarse_factor"
    std::vector<std::uint64_t> values;  ///< each >= 1, each once

    bool operator==(const SweepAxis&) const = default;
};

/// `params.sweep`: one parameter (`param`, `values`), or two: block size × coarse factor, with
/// `param` "block_size" and `second` the coarse factors (docs/results-format.md, "Two-
/// parameter sweeps"). A reader that does not know `second` sees a sweep over block size, which
/// is true of the file too. Every value of either list matches a result, every result's value is
/// listed, and in two dimensions every (block size, coarse factor) pair has a result (check_file).
struct Sweep {
    std::string param;                  ///< "n" | "block_size" | "coarse_factor"
    std::vector<std::uint64_t> values;  ///< each >= 1
    std::optional<SweepAxis> second = std::nullopt;  ///< the second parameter, "coarse_factor"; absent in a one-parameter sweep

    bool operator==(const Sweep&) const = default;
};

/// `params.stopping`: the stopping rule every cell used (docs/benchmarks.md, "How many
/// samples"; bench/stopping.h).
struct Stopping {
    std::string rule;                ///< "fixed" (--reps was given) | "adaptive"
    std::optional<int> fixed_reps;   ///< the --reps count; null when adaptive
    int min_samples = 0;             ///< at least this many samples per cell
    double min_time_s = 0;           ///< at least this much GPU time per cell
    double max_noise = 0;            ///< stop once the relative MAD is at most this (a fraction: 0.005 = 0.5 %)
    double timeout_s = 0;            ///< stop a cell after this much wall-clock time
    double min_batch_us = 0;         ///< loop / graph: GPU time one batch holds at least
    JsonValue extra;

    bool operator==(const Stopping&) const = default;
};

/// `params`: how the run was made.
struct Params {
    std::uint64_t n = 0;              ///< elements (the largest N of a sweep)
    int reps = 0;
    int warmup = 0;
    std::optional<int> batches;       ///< loop / graph: timed batches
    std::string mode;                 ///< "per-launch" | "loop" | "graph"
    std::string cache;                ///< "hot" | "cold"
    int block_size = 0;
    int coarse_factor = 0;
    std::uint64_t seed = 0;
    std::vector<std::string> strategies;
    std::optional<Sweep> sweep;       ///< written as null when absent
    std::optional<double> tolerance_c;
    std::optional<std::string> output_reset;      ///< "kernel" | "memset" | "none"
    std::vector<int> gpus;                        ///< multi-GPU: the GPU counts run, [1..K]
    std::optional<std::string> nccl_version;      ///< multi-GPU
    std::optional<std::string> nccl_nvls_enable;  ///< multi-GPU
    std::optional<Stopping> stopping;             ///< older files lack it
    std::optional<std::string> clocks;            ///< "nvml" or "unavailable: <why>"
    std::optional<std::string> cold;              ///< how cold repetitions were made ("" when hot)
    JsonValue extra;

    bool operator==(const Params&) const = default;
};

/// `ceilings`: measured in the same run, 10^9 B/s. The members after copy_gbs came later
/// (the strongest read-only kernel, docs/benchmarks.md "Ceilings"); older files lack them.
struct Ceilings {
    std::optional<double> read_gbs;
    std::optional<double> copy_gbs;
    std::optional<std::string> read_kernel;     ///< the winning read-only shape, e.g. "one pass, 1 float4/thread, ..."
    std::optional<int> read_shapes_tried;       ///< shapes screened
    std::optional<double> read_us;              ///< the read ceiling's median time, microseconds
    std::optional<double> read_noise;           ///< its relative MAD (fraction)
    std::optional<double> empty_kernel_us;      ///< an empty <<<1,32>>> kernel, hot, microseconds
    /// bytes / (read time - empty kernel time); written (null when unknown) whenever read_kernel is.
    std::optional<double> read_net_gbs;
    std::optional<double> read_dot_gbs;         ///< the same search over x and y (8 bytes per element)
    std::optional<std::string> read_dot_kernel; ///< its winning shape
    JsonValue extra;

    bool operator==(const Ceilings&) const = default;
};

/// A whole results file. Also the header of a run being streamed (device, params, ceilings).
struct ResultsFile {
    int version = kResultsVersion;    ///< as read (a version-1 file writes back as version 1)
    std::optional<Tool> tool;
    std::string date;                 ///< ISO 8601 UTC
    std::string command;              ///< the command line that made it
    Device device;                    ///< GPU 0 of a multi-GPU run
    Params params;
    std::optional<Ceilings> ceilings; ///< absent in multi-GPU files
    std::vector<Result> results;
    std::optional<int> gpus;          ///< multi-GPU: K
    std::vector<Device> devices;      ///< multi-GPU: each GPU used
    std::optional<std::vector<std::vector<bool>>> peer_access;  ///< multi-GPU: K × K
    std::optional<Counters> counters; ///< `bench --counters`
    /// Why the file's "counters" could not be read (the results still load; the raw value is kept
    /// in `extra` and written back). Empty when there are none or they were read.
    std::string counters_problem;
    /// `incomplete`: why the run stopped before its last cell ("cancelled after 5 of 12 results");
    /// absent (written as nothing) for a finished run. Only the app writes it, for a run that
    /// ended without the CLI's `done` line (cancelled, crashed, stopped early); the CLI writes a
    /// file only after its last cell. With it, `params.sweep` is the plan and the reader accepts
    /// listed values and (block size, coarse factor) cells that no result matches; each result's
    /// value must still be listed (docs/results-format.md, "Incomplete runs").
    std::optional<std::string> incomplete;
    /// `gpu_host`: the GPU host the run came from over ssh (`--gpu-host`, docs/remote.md): the
    /// destination as given (`[user@]host[:port]`), and the name the host gave itself. Absent for
    /// a run on this computer and in older files.
    std::optional<std::string> gpu_host;
    std::optional<std::string> gpu_hostname;
    /// `gpu_processes`: the other processes NVML saw with a CUDA context on the GPU before or
    /// after the run (bench/clocks.h GpuProcess; this run's own process left out): their timings
    /// share the GPU with ours. An empty list: NVML saw none. Absent: not recorded (NVML could not
    /// list them, a run on the CPU, an older file).
    std::optional<std::vector<GpuProcess>> gpu_processes;
    JsonValue extra;

    bool operator==(const ResultsFile&) const = default;
};

/// Parses and validates the text of a results file. Throws SchemaError with one line naming the
/// first bad field and what it must be ("results[2].n: expected an integer >= 1, got the string
/// "1M""; "not JSON: line 1, column 12: ..."; "results: 20001 results, over the limit of 20000 per file").
/// Bad counters do not refuse the file: see ResultsFile::counters_problem.
ResultsFile read_results(std::string_view text);

/// Reads the output of `reducescope-cli devices --json` (a JSON array of device objects) and the
/// forms older tools printed: {"devices": [...]}, one device object, or one device object (or
/// {"device": {...}}) per line. Throws SchemaError naming the bad field ("devices[1].sms: ...").
std::vector<Device> read_device_list(std::string_view text);

/// The text of the file: JSON indented by one space, then a newline (what `--json FILE` holds).
std::string write_results(const ResultsFile& f);
/// Writes the file atomically: a temporary file in the same folder, flushed, then renamed over
/// `path` (a reader never sees half a file; a failure leaves what was there). A new file gets
/// 0666 less the umask; an existing one keeps its mode; a symbolic link is followed. Throws
/// std::runtime_error("cannot write PATH: reason").
void write_results_file(const std::string& path, const ResultsFile& f);

/// The multi-GPU fields of `r` for combine `c` on `gpus` GPUs: size_bytes = bytes_read, algbw and
/// busbw from the median time (null unless r.status is Ok and a time exists).
void set_multi_gpu(Result& r, Combine c, int gpus);

// ---- JSON lines (docs/results-format.md, "JSON lines on stdout") ------------------------------

/// A `progress` line's fields.
struct Progress {
    std::size_t index = 0;
    std::size_t total = 0;
    std::string strategy;
    std::size_t n = 0;                  ///< 0: not given
    std::optional<std::string> combine; ///< multi-GPU
    std::optional<int> gpus;            ///< multi-GPU
};

/// One parsed line of `reducescope-cli bench` stdout.
struct StreamLine {
    enum class Type { Start, Progress, Result, Done, Error };
    Type type = Type::Error;
    std::size_t total = 0;            ///< start: kernel runs to come
    ResultsFile header;               ///< start: device, params, ceilings, devices (no results)
    bench::Progress progress;         ///< progress
    Result result;                    ///< result
    double elapsed_s = 0;             ///< done
    int failures = 0;                 ///< done
    std::optional<Counters> counters; ///< done, with --counters
    std::string message;              ///< error
};

/// `{"type":"start","total":K,"device":...,"params":...,"ceilings":...}` (+ "devices" for
/// multi-GPU; "ceilings" only when the header has them). One line, no newline.
std::string start_line(const ResultsFile& header, std::size_t total);
/// `{"type":"progress","index":i,"total":K,"strategy":"...","n":N}` (+ combine, gpus).
std::string progress_line(const Progress& p);
/// `{"type":"result", ...the result object...}`.
std::string result_line(const Result& r);
/// `{"type":"done","elapsed_s":S,"failures":F}` (+ "counters").
std::string done_line(double elapsed_s, int failures, const Counters* counters = nullptr);
/// `{"type":"error","message":"..."}`.
std::string error_line(const std::string& message);
/// Parses and validates one line. Throws SchemaError (unknown type, bad field).
StreamLine read_line(std::string_view text);

} // namespace reducescope::bench
