// SPDX-License-Identifier: GPL-3.0-or-later
// The only way into the CUDA kernels from the rest of the project: plain C++, no CUDA types.
// Implemented in kernels/cuda/runner.cu; built only when CUDA is enabled
// (REDUCESCOPE_WITH_CUDA_KERNELS is defined for targets that link reducescope_cuda).
#pragma once

#include "bench/stopping.h"

#include <cstddef>
#include <functional>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace reducescope::cuda {

/// No CUDA driver, or no CUDA device: the message says which (CLI: exit 77).
struct NoDevice : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// A CUDA call failed. what() = "<call>: <CUDA error string>".
struct CudaError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// The buffers for n elements do not fit in the device's free memory (CLI: exit 2).
struct OutOfMemory : std::runtime_error {
    OutOfMemory(std::size_t n_, std::size_t needed, std::size_t free_);
    std::size_t n;             ///< elements asked for
    std::size_t bytes_needed;  ///< device bytes the run needs
    std::size_t bytes_free;    ///< device bytes free when asked
};

/// One GPU, from the device attributes (results-format.md, "device").
struct DeviceInfo {
    int index = 0;
    std::string name;
    int cc_major = 0;
    int cc_minor = 0;
    int sms = 0;
    long long l2_bytes = 0;
    long long memory_bytes = 0;      ///< total global memory
    long long free_bytes = 0;        ///< free when asked
    int memory_clock_khz = 0;
    int memory_bus_bits = 0;
    int sm_clock_khz = 0;
    double peak_bandwidth_gbs = 0;   ///< 2 * memory clock * bus width / 8, in 10^9 B/s
    std::string driver_version;      ///< e.g. "13.0"
    std::string runtime_version;
    bool cooperative_launch = false;
    std::string pci_bus_id;          ///< e.g. "0000:3B:00.0" (cudaDeviceGetPCIBusId), for NVML
};

/// Largest N a Runner takes: the kernels index with 32-bit unsigned integers and the largest
/// grid formula needs room for a last partial segment.
inline constexpr std::size_t kMaxElements = std::size_t{1} << 31;

/// Empty when a Runner can take `n` elements; otherwise the one-line reason (library callers
/// with N >= 2^32 get this instead of a silently truncated N).
inline std::string element_count_error(std::size_t n)
{
    if (n > kMaxElements)
        return "N=" + std::to_string(n) + " is above the largest N the kernels take (" + std::to_string(kMaxElements) +
               " = 2^31: they index with 32-bit unsigned integers)";
    return {};
}

/// Every CUDA device. Throws NoDevice (no driver, or zero devices) or CudaError.
std::vector<DeviceInfo> list_devices();

/// Timing mode (results-format.md `params.mode`).
enum class Mode { PerLaunch, Loop, Graph };
/// Cache state before each repetition: hot (whatever the last repetition left in L2) or cold.
/// Cold (docs/benchmarks.md): in loop and graph mode the repetitions take turns over copies of the
/// input whose total is at least twice the L2 ("rotate"); where that would take more than
/// kMaxColdBuffers copies (small N), and for the in-place kernels and in per-launch mode, a
/// scratch buffer of twice the L2 is read before each repetition instead ("flush_read", untimed).
enum class Cache { Hot, Cold };

/// Most input copies a cold run rotates through (above it: flush_read).
inline constexpr int kMaxColdBuffers = 512;

/// One reading of the GPU's clocks and what limits them (NVML, kernels/bench/clocks.h); -1 = not read.
struct ClockReading {
    int sm_mhz = -1;
    int mem_mhz = -1;
    /// NVML's clock event reasons (nvmlDeviceGetCurrentClocksEventReasons, a bit mask); -1 = not read.
    long long event_reasons = -1;
    int temperature_c = -1;  ///< GPU temperature, degrees Celsius
    int power_mw = -1;       ///< board power draw, milliwatts
};

/// What the clock watch saw during one measurement (Timing::read_clocks, read every
/// Timing::clock_interval_ms of wall time between samples, and before the first and after the
/// last). A reading that Timing::throttled calls throttled drops the samples taken since the
/// previous reading (nvbench's rule: samples under throttling are not kept).
struct ClockWatch {
    int readings = 0;
    int sm_mhz_min = -1, sm_mhz_max = -1;
    int temperature_c_max = -1;
    int power_mw_max = -1;
    long long event_reasons = 0;  ///< OR of every reading's reasons (0: none seen or none read)
    int throttled_readings = 0;
    int dropped_samples = 0;      ///< samples dropped because a reading after them was throttled
};

/// How to time one kernel. reps = 0: verification run only.
struct Timing {
    Mode mode = Mode::PerLaunch;
    Cache cache = Cache::Hot;
    int reps = 100;
    int warmup = 10;
    int batches = 5;  ///< loop and graph: the reps run as this many batches (one sample each)
    /// false (the `--reps` behaviour): per-launch takes `reps` samples; loop and graph take
    /// `batches` samples of reps / batches repetitions each. true: samples are taken until `stop`
    /// says so (bench/stopping.h: minimum samples and GPU time, noise limit, time-out); loop and
    /// graph batches then hold at least reps / batches repetitions and at least `min_batch_us` of
    /// GPU time (estimated from the eager warm-up; in graph mode from a timed warm-up replay, the
    /// graph captured again, longer, when it was short), at most 1000 (in cold rotation rounded up
    /// to whole rotations, for zero_ahead to a multiple of three). A per-launch sample is always
    /// one repetition. The rules: bench/batch.h.
    bool adaptive = false;
    bench::StopCriteria stop;
    double min_batch_us = 400.0;
    /// Called right before the first and right after the last timed sample, and between samples
    /// every clock_interval_ms of wall time (NVML, kernels/bench/clocks.h); unset: no clock readings.
    std::function<ClockReading()> read_clocks;
    double clock_interval_ms = 10.0;
    /// Whether a reading is throttled (bench/clocks.h clock_throttled); unset: never.
    std::function<bool(const ClockReading&)> throttled;
    /// Loop and graph: each sample's work is queued behind nvbench's blocking kernel (launch.cuh
    /// enqueue_blocking), so that the start event is recorded by a busy GPU, not an idle one that
    /// has to wake up and fetch the first launch (that fixed cost would be in every sample).
    /// Per-launch mode never blocks: one launch's latency is what it measures.
    bool block_start = true;
    /// Graph mode: each sample is the difference of a replay of the batch and a replay of a short
    /// graph of about a quarter of it (bench/batch.h graph_difference), divided by the difference
    /// of their repetitions, so that a replay's fixed cost is not in the sample. false: the plain
    /// replay divided by its repetitions (REDUCESCOPE_GRAPH_DIFFERENCE=0, a diagnostic).
    bool graph_difference = true;
    /// The short graph holds 1 / graph_short_part of the batch (bench::graph_difference; 4 by
    /// default, REDUCESCOPE_GRAPH_SHORT_PART=2..8 as a diagnostic).
    int graph_short_part = 4;
    /// After the timed samples: one untimed replay of a batch (graph: the same captured
    /// repetitions) that copies every launch's output out (zero_ahead's ring slots included), in
    /// RunResult::launch_values. Per-launch: kPerLaunchChecked launches.
    bool check_every_launch = true;
};

/// Launches the validation replay checks in per-launch mode (Timing::check_every_launch).
inline constexpr int kPerLaunchChecked = 16;

/// A student's own kernel (`reducescope-cli kernel bench`, docs/your-own-kernel.md), compiled by
/// NVRTC for this device, launched under the engine's contract: `input_output` (input, output, n)
/// with *output zeroed before each launch; `in_place` (input, output) on a copy of the input padded
/// with zeros to max(2, E) × block × grid floats (model::own_in_place_values; restored before each launch, untimed like the catalogue's
/// in-place kernels); `two_pass` (input, partials, n) with the grid's partials zeroed, then the
/// second kernel <<<1, 1024>>> on (partials, output, grid). Every launch gets `shared_bytes` of
/// dynamic shared memory, by default 4 × its block bytes (a float per thread, the engine's
/// `extern __shared__` default; `--shared-bytes`, as the engine's LaunchOptions::shared_bytes); a trailing
/// parameter of another type (the catalogue's Probe) is passed zeroed. The zeroing of the output
/// (and of the partials) is timed, as the catalogue's resets are. No CUDA types: the image is
/// bytes and the kernels are named by their symbols.
struct OwnKernel {
    enum class Signature { InputOutput, InPlace, TwoPass };
    std::string image;           ///< NVRTC's CUBIN (or PTX) for this device (cudaLibraryLoadData)
    std::string symbol;          ///< the (first) kernel's lowered (mangled) name
    std::string second_symbol;   ///< TwoPass: the second kernel's
    std::string name;            ///< the kernel as written ("tree<256>"), the result's `kernel`
    Signature signature = Signature::InputOutput;
    unsigned int block_size = 0; ///< 1..1024, a power of two; 0: per n, the engine's plan (own_launch)
    unsigned int grid = 0;       ///< 1..65535; 0: per n, the engine's plan (own_launch)
    unsigned int elements_per_thread = 2;  ///< E of the plan, 1..4096 (`--elements-per-thread`)
    unsigned int min_block = 1;  ///< the planned block's least size: 32 for a kernel with a warp-wide intrinsic
    unsigned int shared_bytes = 0;  ///< dynamic shared memory of each launch, 1..49152 bytes; 0: 4 × its block
};

/// The own kernel's launch at n values, block and grid as the engine plans them
/// (docs/your-own-kernel.md, "Launch"; model::plan_own_launch with the kernel's E and min_block),
/// k.block_size and k.grid where set.
std::pair<unsigned int, unsigned int> own_launch(const OwnKernel& k, std::size_t n);

/// Which kernel: a catalogue id with a GPU kernel (not "cpu"); `max` picks CUB's Max for "cub".
/// With `own` set the strategy is the own kernel's id ("my_kernel") and block_size, coarse_factor
/// and max are not used (the launch is own->block_size and own->grid).
struct KernelSpec {
    std::string strategy;
    bool max = false;
    unsigned int block_size = 256;   ///< power of two, 1..1024 (warp kernels: 32..1024)
    unsigned int coarse_factor = 4;  ///< power of two, 1..64
    std::shared_ptr<const OwnKernel> own = nullptr;
};

/// What the runner must allocate besides the input and one working copy of it (the in-place
/// kernels' input, and the destination of the copy ceiling).
struct Needs {
    bool dot = false;        ///< a second input vector (dot_*)
    bool partials = false;   ///< one float per block (two_pass, grid_sync)
    bool cold = false;       ///< the L2 flush buffer
};

/// One kernel's outcome.
struct RunResult {
    enum class Status { Ran, Skipped, Failed };
    Status status = Status::Failed;
    std::string message;             ///< Skipped: why; Failed: "<call>: <error string>"
    std::string kernel;              ///< the __global__ function, e.g. "coarsened_reduce_sum"
    unsigned int grid = 0;           ///< blocks of the (first) kernel
    unsigned int block = 0;          ///< threads per block of the (first) kernel
    double value = 0;                ///< result of the verification run (output poisoned before)
    bool output_written = false;     ///< the verification run overwrote the poison
    std::vector<double> samples_ms;  ///< per-launch: one per rep; loop/graph: one per batch (mean)
    double subtracted_ms = 0;        ///< loop/graph: restore/flush time per rep taken out
    bool in_place = false;           ///< the kernel overwrites its input (restored before each rep)
    // How the samples were taken (bench/stopping.h):
    std::string stop_rule;           ///< bench::stop_rule_name: "reps", "noise" or "timeout"
    double noise = 0;                ///< bench::relative_stdev of samples_ms (nvbench's noise)
    double gpu_time_s = 0;           ///< GPU time of all samples (sample time x reps per sample)
    double wall_s = 0;               ///< wall clock of the timed part
    int reps_per_sample = 0;         ///< 1 per launch; the batch size in loop and graph
    int short_reps_per_sample = 0;   ///< graph difference: the short graph's repetitions (0: none)
    double host_enqueue_us = 0;      ///< median host time to enqueue one repetition (warm-up, eager)
    ClockReading clocks_before, clocks_after;  ///< Timing::read_clocks around the timed samples
    std::string cold_method;         ///< "" (hot), "rotate" or "flush_read" (Cache)
    int cold_buffers = 0;            ///< rotate: input copies taking turns
    /// The output read back after the timed work (the last repetition's result: timed launches,
    /// graph-captured resets and self_reset's later epochs are checked too). checked_after is
    /// false when there was no timed work or the reset was left out (REDUCESCOPE_RESET=none).
    bool checked_after = false;
    bool after_written = false;      ///< the output was written (not the poison) after timing
    double value_after = 0;
    /// self_reset: its counters after the timed work broke an invariant (tickets a whole number of
    /// launches, the published launch equal to that number, the grid word, the error word); empty
    /// when they hold; zero_ahead: the slot of its next launch is not 0 after the timed work.
    /// The CLI turns a non-empty text into a wrong result.
    std::string counters_error;
    // The method of the samples (Timing::block_start, Timing::read_clocks):
    bool blocked_start = false;      ///< loop/graph samples queued behind the blocking kernel
    int block_timeouts = 0;          ///< samples whose blocking kernel timed out (dropped)
    ClockWatch clocks;               ///< the clock watch of the timed samples
    /// The validation replay (Timing::check_every_launch): every launch's output, in launch order,
    /// and whether each overwrote the poison.
    std::vector<double> launch_values;
    std::vector<bool> launch_written;
};

/// The read ceiling at one N: the strongest of the read-only kernel shapes (fastest median),
/// measured again like a kernel.
struct CeilingResult {
    std::vector<double> samples_ms;  ///< the winning shape's samples (as RunResult::samples_ms)
    std::string shape;               ///< e.g. "one pass, 1 float4/thread, block 256, ld.global.nc, grid 1024"
    int shape_index = -1;            ///< which shape (Runner::read_ceiling_shape measures it again)
    int shapes_tried = 0;
    std::string stop_rule;
    double noise = 0;
};

/// Device bytes a Runner needs for `capacity` elements.
std::size_t bytes_needed(std::size_t capacity, const Needs& needs, long long l2_bytes);

struct ReadShape;  // a read-only kernel's shape (launch.cuh; internal to kernels/cuda)

/// Owns the device buffers for one input (and its prefixes) on one device.
class Runner {
public:
    /// Uploads x (and y when needs.dot; then y.size() == x.size()). x.size() is the capacity:
    /// runs take any n in 1..capacity (a prefix). Throws std::invalid_argument when x.size() is
    /// above kMaxElements (element_count_error), NoDevice, OutOfMemory, CudaError.
    Runner(int device, std::span<const float> x, std::span<const float> y, const Needs& needs);
    ~Runner();
    Runner(const Runner&) = delete;
    Runner& operator=(const Runner&) = delete;

    const DeviceInfo& device() const;

    /// Verifies once (output poisoned), then times per `timing`. Never throws for CUDA errors
    /// of the kernel: they come back as Status::Failed.
    RunResult run(const KernelSpec& spec, std::size_t n, const Timing& timing);

    /// The strongest read-only kernel over n floats (and n more of y when `two_arrays`, the dot
    /// products' ceiling): every shape of docs/benchmarks.md ("Ceilings") is screened with a few
    /// samples, the fastest is measured again with `timing`.
    CeilingResult read_ceiling(std::size_t n, const Timing& timing, bool two_arrays = false);
    /// The read ceiling's shape number `shape` (CeilingResult::shape_index) measured again with
    /// `timing`: the ceiling interleaved beside each kernel (no screening).
    CeilingResult read_ceiling_shape(std::size_t n, const Timing& timing, bool two_arrays, int shape);
    /// read_ceiling(n, timing).samples_ms.
    std::vector<double> read_ceiling_ms(std::size_t n, const Timing& timing);
    /// cudaMemcpy device to device of n floats: samples in ms.
    std::vector<double> copy_ceiling_ms(std::size_t n, const Timing& timing);
    /// An empty kernel <<<1, 32>>>, timed like the kernels (hot): what a launch alone costs here.
    std::vector<double> empty_kernel_ms(const Timing& timing);

private:
    std::vector<double> read_shape_samples(std::size_t n, const Timing& t, const bench::StopCriteria& rule,
                                           const ReadShape& s);
    struct Impl;
    std::unique_ptr<Impl> m;
};

/// True for the kernels that reduce in place in global memory (catalogue `in_place`).
bool is_in_place(const std::string& strategy);

/// The CUDA registry: every catalogue id the benchmark has a GPU launcher for (the kernel files'
/// tables and CUB), in registry order. Needs no GPU. A strategy has one exactly when its catalogue
/// entry says `has_kernel` (tests/kernels/model/tst_catalogue.cpp).
std::vector<std::string> kernel_ids();

} // namespace reducescope::cuda
