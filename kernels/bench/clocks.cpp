// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/clocks.h"

#include <dlfcn.h>

#include <cstdlib>

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
