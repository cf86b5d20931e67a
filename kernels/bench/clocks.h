// SPDX-License-Identifier: GPL-3.0-or-later
// The GPU's SM and memory clocks through NVML (docs/benchmarks.md, "Clocks"). NVML ships with the
// NVIDIA driver as libnvidia-ml.so.1; it is loaded at run time with dlopen, with our own
// declarations of the few functions used (no NVML header is needed to build, and a machine without
// the driver simply has no clock readings). Plain C++: no CUDA, no Qt.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace reducescope::bench {

/// Clocks in MHz; -1 = not read.
struct Clocks {
    int sm_mhz = -1;
    int mem_mhz = -1;
};

/// One reading of what governs the clocks (NVML); -1 = not read.
struct ClockState {
    Clocks clocks;
    long long event_reasons = -1;  ///< nvmlDeviceGetCurrentClocksEventReasons (or ...ThrottleReasons), a bit mask
    int temperature_c = -1;        ///< nvmlDeviceGetTemperature(NVML_TEMPERATURE_GPU)
    int power_mw = -1;             ///< nvmlDeviceGetPowerUsage
};

/// A process with a CUDA context on the GPU (nvmlDeviceGetComputeRunningProcesses): its process id
/// as NVML gives it (the host's numbering: inside a container it may not be the container's),
/// its name (nvmlSystemGetProcessName; empty when NVML cannot tell) and the GPU memory it holds in
/// bytes (-1 when NVML does not say, e.g. under MIG without privileges).
struct GpuProcess {
    unsigned pid = 0;
    std::string name;
    long long used_memory_bytes = -1;

    bool operator==(const GpuProcess&) const = default;
};

/// NVML's clock event reason bits (nvml.h, nvmlClocksEventReason*) that mean the GPU is slowed
/// against its will: SW power cap 0x4, HW slowdown 0x8, SW thermal 0x20, HW thermal 0x40, HW power
/// brake 0x80. (GPU idle 0x1, application clocks 0x2, sync boost 0x10 and display clocks 0x100 do not.)
inline constexpr long long kThrottleReasons = 0x4 | 0x8 | 0x20 | 0x40 | 0x80;

/// nvbench's rule, with NVML's reasons beside it: a reading is throttled when any reason of
/// kThrottleReasons is set, or the SM clock is below `fraction` (nvbench: 75 %) of its maximum.
/// Unknown readings (-1) never flag.
bool clock_throttled(const ClockState& s, Clocks max, double fraction = 0.75);

/// One device's clocks through NVML. Never throws: when the library, a function or the device
/// cannot be found, available() is false and why_not() says why in one line.
class Nvml {
public:
    /// Loads the library (REDUCESCOPE_NVML_LIBRARY overrides the name "libnvidia-ml.so.1"; the
    /// tests point it at a fake), initialises NVML and finds the device by its PCI bus id (as
    /// cudaDeviceGetPCIBusId gives it, e.g. "0000:3B:00.0"); when that fails and `index_fallback`
    /// >= 0, by NVML's index (which may not be CUDA's: NVML numbers by PCI bus).
    explicit Nvml(const std::string& pci_bus_id, int index_fallback = -1);
    ~Nvml();
    Nvml(const Nvml&) = delete;
    Nvml& operator=(const Nvml&) = delete;

    bool available() const { return m_device != nullptr; }
    const std::string& why_not() const { return m_why; }
    /// The current SM and memory clocks (nvmlDeviceGetClockInfo); -1 for a failed read.
    Clocks current() const;
    /// The maximum clocks (nvmlDeviceGetMaxClockInfo); -1 for a failed read.
    Clocks max() const;
    /// current() with the clock event reasons, temperature and power (each -1 where the driver
    /// lacks the function or the read fails).
    ClockState state() const;
    /// The processes with a CUDA context on this GPU (nvmlDeviceGetComputeRunningProcesses_v3, or
    /// _v2, or the first version, whichever the driver has), at most 4096; std::nullopt when NVML
    /// cannot list them (no such function, or the call fails: say so rather than "none").
    std::optional<std::vector<GpuProcess>> compute_processes() const;

private:
    void* m_lib = nullptr;
    void* m_device = nullptr;
    void* m_clock_info = nullptr;
    void* m_max_clock_info = nullptr;
    void* m_shutdown = nullptr;
    void* m_reasons = nullptr;
    void* m_temperature = nullptr;
    void* m_power = nullptr;
    void* m_processes = nullptr;       ///< nvmlDeviceGetComputeRunningProcesses{_v3,_v2,}
    int m_processes_version = 0;       ///< 1: the first struct (pid, memory); 2: with the MIG ids
    void* m_process_name = nullptr;    ///< nvmlSystemGetProcessName
    std::string m_why;
};

/// The processes of `seen` other than `self` (this process's id), each once (by pid; the largest
/// memory reading kept), in order of pid: who else used the GPU while we timed it.
std::vector<GpuProcess> other_processes(const std::vector<GpuProcess>& seen, unsigned self);

/// One line for stderr naming them: "GPU 0 is also used by pid 4242 (python3, 2048 MiB),
/// pid 77 (1 MiB): its timings share the GPU". `others` not empty.
std::string other_processes_text(const std::vector<GpuProcess>& others, int device_index);

/// The rule (docs/benchmarks.md, "Clocks"): a cell's clocks are low when any reading (SM or memory,
/// before or after) is below `fraction` of that clock's maximum. Unknown readings (-1) or maximums
/// never flag.
bool clocks_low(Clocks before, Clocks after, Clocks max, double fraction = 0.75);

} // namespace reducescope::bench
