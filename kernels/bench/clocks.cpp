// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/clocks.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <utility>

namespace reducescope::bench {
namespace {

// The few NVML declarations used, after NVIDIA's nvml.h (driver API, stable ABI): every function
// returns nvmlReturn_t (an enum; NVML_SUCCESS = 0), devices are opaque handles, and the clock
// types are NVML_CLOCK_SM = 1 and NVML_CLOCK_MEM = 2.
using NvmlReturn = int;
using NvmlDevice = void*;
constexpr int kNvmlSuccess = 0;
constexpr int kClockSm = 1;
constexpr int kClockMem = 2;
using InitFn = NvmlReturn (*)();
using ShutdownFn = NvmlReturn (*)();
using ByPciFn = NvmlReturn (*)(const char*, NvmlDevice*);
using ByIndexFn = NvmlReturn (*)(unsigned int, NvmlDevice*);
using ClockFn = NvmlReturn (*)(NvmlDevice, int, unsigned int*);
using ErrorStringFn = const char* (*)(NvmlReturn);
using ReasonsFn = NvmlReturn (*)(NvmlDevice, unsigned long long*);
using TemperatureFn = NvmlReturn (*)(NvmlDevice, int, unsigned int*);
using PowerFn = NvmlReturn (*)(NvmlDevice, unsigned int*);
// nvmlProcessInfo_v1_t {pid, usedGpuMemory} and nvmlProcessInfo_t (v2, what _v2 and _v3 fill):
// the same with the MIG GPU and compute instance ids after it.
struct ProcessInfoV1 {
    unsigned int pid;
    unsigned long long used_gpu_memory;
};
struct ProcessInfoV2 {
    unsigned int pid;
    unsigned long long used_gpu_memory;
    unsigned int gpu_instance_id;
    unsigned int compute_instance_id;
};
using ProcessesV1Fn = NvmlReturn (*)(NvmlDevice, unsigned int*, ProcessInfoV1*);
using ProcessesV2Fn = NvmlReturn (*)(NvmlDevice, unsigned int*, ProcessInfoV2*);
using ProcessNameFn = NvmlReturn (*)(unsigned int, char*, unsigned int);
constexpr int kNvmlInsufficientSize = 7;
// NVML_VALUE_NOT_AVAILABLE: "no reading" in an unsigned long long field.
constexpr unsigned long long kValueNotAvailable = ~0ULL;
constexpr unsigned int kMaxListedProcesses = 4096;

template <class F>
F symbol(void* lib, const char* name)
{
    return reinterpret_cast<F>(dlsym(lib, name));
}

int read_clock(void* fn, void* device, int type)
{
    unsigned int mhz = 0;
    if (!fn || !device || reinterpret_cast<ClockFn>(fn)(device, type, &mhz) != kNvmlSuccess)
        return -1;
    return static_cast<int>(mhz);
}

} // namespace

Nvml::Nvml(const std::string& pci_bus_id, int index_fallback)
{
    const char* env = std::getenv("REDUCESCOPE_NVML_LIBRARY");
    const std::string name = env && *env ? env : "libnvidia-ml.so.1";
    m_lib = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!m_lib) {
        const char* e = dlerror();
        m_why = "NVML not loaded (" + name + ": " + (e ? e : "not found") + ")";
        return;
    }
    const auto init = symbol<InitFn>(m_lib, "nvmlInit_v2");
    const auto by_pci = symbol<ByPciFn>(m_lib, "nvmlDeviceGetHandleByPciBusId_v2");
    const auto by_index = symbol<ByIndexFn>(m_lib, "nvmlDeviceGetHandleByIndex_v2");
    const auto error_string = symbol<ErrorStringFn>(m_lib, "nvmlErrorString");
    m_clock_info = dlsym(m_lib, "nvmlDeviceGetClockInfo");
    m_max_clock_info = dlsym(m_lib, "nvmlDeviceGetMaxClockInfo");
    m_reasons = dlsym(m_lib, "nvmlDeviceGetCurrentClocksEventReasons");
    if (!m_reasons)
        m_reasons = dlsym(m_lib, "nvmlDeviceGetCurrentClocksThrottleReasons");  // the name before driver 535
    m_temperature = dlsym(m_lib, "nvmlDeviceGetTemperature");
    m_power = dlsym(m_lib, "nvmlDeviceGetPowerUsage");
    for (const auto& [fn, version] : {std::pair{"nvmlDeviceGetComputeRunningProcesses_v3", 2},
                                      std::pair{"nvmlDeviceGetComputeRunningProcesses_v2", 2},
                                      std::pair{"nvmlDeviceGetComputeRunningProcesses", 1}}) {
        if ((m_processes = dlsym(m_lib, fn))) {
            m_processes_version = version;
            break;
        }
    }
    m_process_name = dlsym(m_lib, "nvmlSystemGetProcessName");
    void* const shutdown = dlsym(m_lib, "nvmlShutdown");
    if (!init || !by_pci || !m_clock_info || !m_max_clock_info) {
        m_why = "NVML (" + name + ") lacks nvmlInit_v2, nvmlDeviceGetHandleByPciBusId_v2 or the clock functions";
        return;
    }
    auto text = [&](NvmlReturn r) {
        const char* s = error_string ? error_string(r) : nullptr;
        return std::string{s ? s : "error"} + " (" + std::to_string(r) + ")";
    };
    if (const NvmlReturn r = init(); r != kNvmlSuccess) {
        m_why = "nvmlInit_v2: " + text(r);
        return;
    }
    m_shutdown = shutdown;  // initialised: shut down in the destructor
    NvmlDevice device = nullptr;
    NvmlReturn r = by_pci(pci_bus_id.c_str(), &device);
    if (r != kNvmlSuccess && index_fallback >= 0 && by_index)
        r = by_index(static_cast<unsigned int>(index_fallback), &device);
    if (r != kNvmlSuccess || !device) {
        m_why = "NVML has no device with PCI bus id " + pci_bus_id + ": " + text(r);
        return;
    }
    m_device = device;
}

Nvml::~Nvml()
{
    if (m_shutdown)
        reinterpret_cast<ShutdownFn>(m_shutdown)();
    if (m_lib)
        dlclose(m_lib);
}

Clocks Nvml::current() const
{
    return {read_clock(m_clock_info, m_device, kClockSm), read_clock(m_clock_info, m_device, kClockMem)};
}

Clocks Nvml::max() const
{
    return {read_clock(m_max_clock_info, m_device, kClockSm), read_clock(m_max_clock_info, m_device, kClockMem)};
}

ClockState Nvml::state() const
{
    ClockState s;
    s.clocks = current();
    if (!m_device)
        return s;
    unsigned long long reasons = 0;
    if (m_reasons && reinterpret_cast<ReasonsFn>(m_reasons)(m_device, &reasons) == kNvmlSuccess)
        s.event_reasons = static_cast<long long>(reasons);
    unsigned int t = 0;
    if (m_temperature && reinterpret_cast<TemperatureFn>(m_temperature)(m_device, 0 /* NVML_TEMPERATURE_GPU */, &t) ==
                             kNvmlSuccess)
        s.temperature_c = static_cast<int>(t);
    unsigned int mw = 0;
    if (m_power && reinterpret_cast<PowerFn>(m_power)(m_device, &mw) == kNvmlSuccess)
        s.power_mw = static_cast<int>(mw);
    return s;
}

namespace {

template <class Info, class Fn>
std::optional<std::vector<GpuProcess>> list_processes(void* fn, void* device)
{
    // NVML answers INSUFFICIENT_SIZE, with the count it needs and nothing filled, when the array
    // is too small (processes may start between two calls): ask again with room to spare.
    unsigned int room = 64;
    for (int attempt = 0; attempt < 4; ++attempt) {
        std::vector<Info> infos(room);
        unsigned int count = room;
        const NvmlReturn r = reinterpret_cast<Fn>(fn)(device, &count, infos.data());
        if (r == kNvmlInsufficientSize && count > room && count <= kMaxListedProcesses) {
            room = count + 16;
            continue;
        }
        if (r != kNvmlSuccess || count > room)
            return std::nullopt;
        std::vector<GpuProcess> out;
        for (unsigned int i = 0; i < count; ++i) {
            GpuProcess p;
            p.pid = infos[i].pid;
            if (infos[i].used_gpu_memory != kValueNotAvailable)
                p.used_memory_bytes = static_cast<long long>(infos[i].used_gpu_memory);
            out.push_back(std::move(p));
        }
        return out;
    }
    return std::nullopt;
}

} // namespace

std::optional<std::vector<GpuProcess>> Nvml::compute_processes() const
{
    if (!m_device || !m_processes)
        return std::nullopt;
    auto list = m_processes_version == 2 ? list_processes<ProcessInfoV2, ProcessesV2Fn>(m_processes, m_device)
                                         : list_processes<ProcessInfoV1, ProcessesV1Fn>(m_processes, m_device);
    if (list && m_process_name) {
        for (GpuProcess& p : *list) {
            char name[256] = {};
            if (reinterpret_cast<ProcessNameFn>(m_process_name)(p.pid, name, sizeof name) == kNvmlSuccess) {
                name[sizeof name - 1] = '\0';
                p.name = name;
            }
        }
    }
    return list;
}

std::vector<GpuProcess> other_processes(const std::vector<GpuProcess>& seen, unsigned self)
{
    std::map<unsigned, GpuProcess> by_pid;
    for (const GpuProcess& p : seen) {
        if (p.pid == self)
            continue;
        auto [it, fresh] = by_pid.emplace(p.pid, p);
        if (!fresh) {
            it->second.used_memory_bytes = std::max(it->second.used_memory_bytes, p.used_memory_bytes);
            if (it->second.name.empty())
                it->second.name = p.name;
        }
    }
    std::vector<GpuProcess> out;
    for (auto& [pid, p] : by_pid)
        out.push_back(std::move(p));
    return out;
}

std::string other_processes_text(const std::vector<GpuProcess>& others, int device_index)
{
    std::string text = "GPU " + std::to_string(device_index) + " is also used by ";
    for (std::size_t i = 0; i < others.size(); ++i) {
        const GpuProcess& p = others[i];
        std::string what = p.name;
        if (p.used_memory_bytes >= 0)
            what += (what.empty() ? "" : ", ") + std::to_string((p.used_memory_bytes + (1 << 20) - 1) >> 20) + " MiB";
        text += (i ? ", pid " : "pid ") + std::to_string(p.pid) + (what.empty() ? "" : " (" + what + ")");
    }
    return text + ": its kernels share the GPU with the ones timed here";
}

bool clock_throttled(const ClockState& s, Clocks max, double fraction)
{
    if (s.event_reasons > 0 && (s.event_reasons & kThrottleReasons) != 0)
        return true;
    return s.clocks.sm_mhz >= 0 && max.sm_mhz > 0 && s.clocks.sm_mhz < fraction * max.sm_mhz;
}

bool clocks_low(Clocks before, Clocks after, Clocks max, double fraction)
{
    auto low = [fraction](int v, int limit) { return v >= 0 && limit > 0 && v < fraction * limit; };
    return low(before.sm_mhz, max.sm_mhz) || low(after.sm_mhz, max.sm_mhz) || low(before.mem_mhz, max.mem_mhz) ||
           low(after.mem_mhz, max.mem_mhz);
}

} // namespace reducescope::bench
