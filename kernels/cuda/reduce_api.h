// SPDX-License-Identifier: GPL-3.0-or-later
// The only way into the CUDA kernels from the rest of the project: plain C++, no CUDA types.
// Implemented in kernels/cuda/runner.cu; built only when CUDA is enabled
// (REDUCESCOPE_WITH_CUDA_KERNELS is defined for targets that link reducescope_cuda).
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace reducescope::gpu {

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
};

/// Every CUDA device. Throws NoDevice (no driver, or zero devices) or CudaError.
std::vector<DeviceInfo> list_devices();

/// Timing mode (results-format.md `params.mode`).
enum class Mode { PerLaunch, Loop, Graph };
/// Cache state before each repetition: hot (whatever the last repetition left in L2) or cold
/// (L2 flushed by writing a scratch buffer of 2x the L2 size).
enum class Cache { Hot, Cold };

/// How to time one kernel. reps = 0: verification run only.
struct Timing {
    Mode mode = Mode::PerLaunch;
    Cache cache = Cache::Hot;
    int reps = 100;
    int warmup = 10;
    int batches = 5;  ///< loop and graph: the reps run as this many batches (one sample each)
};

/// Which kernel: a catalogue id with a GPU kernel (not "cpu"); `max` picks CUB's Max for "cub".
struct KernelSpec {
    std::string strategy;
    bool max = false;
    unsigned int block_size = 256;   ///< power of two, 1..1024 (warp kernels: 32..1024)
    unsigned int coarse_factor = 4;  ///< power of two, 1..64
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
    double value = 0;                ///< result of the verification run (output poisoned before)
    bool output_written = false;     ///< the verification run overwrote the poison
    std::vector<double> samples_ms;  ///< per-launch: one per rep; loop/graph: one per batch (mean)
    double subtracted_ms = 0;        ///< loop/graph: restore/flush time per rep taken out
    bool in_place = false;           ///< the kernel overwrites its input (restored before each rep)
};

/// Device bytes a Runner needs for `capacity` elements.
std::size_t bytes_needed(std::size_t capacity, const Needs& needs, long long l2_bytes);

/// Owns the device buffers for one input (and its prefixes) on one device.
class Runner {
public:
    /// Uploads x (and y when needs.dot; then y.size() == x.size()). x.size() is the capacity:
    /// runs take any n in 1..capacity (a prefix). Throws NoDevice, OutOfMemory, CudaError.
    Runner(int device, std::span<const float> x, std::span<const float> y, const Needs& needs);
    ~Runner();
    Runner(const Runner&) = delete;
    Runner& operator=(const Runner&) = delete;

    const DeviceInfo& device() const;

    /// Verifies once (output poisoned), then times per `timing`. Never throws for CUDA errors
    /// of the kernel: they come back as Status::Failed.
    RunResult run(const KernelSpec& spec, std::size_t n, const Timing& timing);

    /// The read-only streaming kernel over n floats: samples in ms (as RunResult::samples_ms).
    std::vector<double> read_ceiling_ms(std::size_t n, const Timing& timing);
    /// cudaMemcpy device to device of n floats: samples in ms.
    std::vector<double> copy_ceiling_ms(std::size_t n, const Timing& timing);

private:
    struct Impl;
    std::unique_ptr<Impl> m;
};

/// True for the kernels that reduce in place in global memory (catalogue `in_place`).
bool is_in_place(const std::string& strategy);

/// The CUDA registry: every catalogue id the benchmark has a GPU launcher for (the kernel files'
/// tables and CUB), in registry order. Needs no GPU. A strategy has one exactly when its catalogue
/// entry says `has_kernel` (tests/model/tst_catalogue.cpp).
std::vector<std::string> kernel_ids();

} // namespace reducescope::gpu
