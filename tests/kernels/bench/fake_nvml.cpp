// SPDX-License-Identifier: GPL-3.0-or-later
/* A stand-in for libnvidia-ml.so.1 (tests only): the few NVML functions kernels/bench/clocks.cpp
 * loads, answering from the environment. One device, PCI bus id 0000:AA:00.0 (or NVML index 0);
 * current clocks FAKE_NVML_SM_MHZ / FAKE_NVML_MEM_MHZ (default 1980 / 3201), maximums 1980 / 3201;
 * FAKE_NVML_INIT_FAILS=1 makes nvmlInit_v2 fail. Compute processes (nvmlDeviceGetComputeRunningProcesses_v3)
 * from FAKE_NVML_PROCESSES, "PID:NAME:BYTES" items separated by ',' (NAME may be empty: no name;
 * BYTES empty: NVML_VALUE_NOT_AVAILABLE); FAKE_NVML_PROCESSES_FAIL=1 makes the call fail. Return codes as NVML's: 0 success,
 * 2 invalid argument, 6 not found, 999 unknown. */
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

extern "C" {
struct fake_device {
    int unused;
};
static fake_device the_device;

static int env_int(const char* name, int fallback)
{
    const char* v = std::getenv(name);
    return v && *v ? std::atoi(v) : fallback;
}

int nvmlInit_v2(void) { return env_int("FAKE_NVML_INIT_FAILS", 0) ? 999 : 0; }
int nvmlShutdown(void) { return 0; }
const char* nvmlErrorString(int r) { return r == 6 ? "Not Found" : r == 999 ? "Unknown Error" : "Invalid Argument"; }

int nvmlDeviceGetHandleByPciBusId_v2(const char* bus, void** device)
{
    if (!bus || !device)
        return 2;
    if (std::strcmp(bus, "0000:AA:00.0") != 0)
        return 6;
    *device = &the_device;
    return 0;
}

int nvmlDeviceGetHandleByIndex_v2(unsigned int index, void** device)
{
    if (!device)
        return 2;
    if (index != 0)
        return 6;
    *device = &the_device;
    return 0;
}

int nvmlDeviceGetClockInfo(void* device, int type, unsigned int* mhz)
{
    if (device != &the_device || !mhz)
        return 2;
    if (type == 1)
        *mhz = static_cast<unsigned int>(env_int("FAKE_NVML_SM_MHZ", 1980));
    else if (type == 2)
        *mhz = static_cast<unsigned int>(env_int("FAKE_NVML_MEM_MHZ", 3201));
    else
        return 2;
    return 0;
}

int nvmlDeviceGetMaxClockInfo(void* device, int type, unsigned int* mhz)
{
    if (device != &the_device || !mhz)
        return 2;
    if (type == 1)
        *mhz = 1980;
    else if (type == 2)
        *mhz = 3201;
    else
        return 2;
    return 0;
}

struct fake_process_info {  // nvmlProcessInfo_t (v2)
    unsigned int pid;
    unsigned long long used_gpu_memory;
    unsigned int gpu_instance_id;
    unsigned int compute_instance_id;
};

struct fake_process {
    unsigned int pid;
    std::string name;
    unsigned long long bytes;
};

static std::vector<fake_process> fake_processes()
{
    std::vector<fake_process> out;
    const char* v = std::getenv("FAKE_NVML_PROCESSES");
    std::string text = v ? v : "";
    std::size_t at = 0;
    while (at < text.size()) {
        std::size_t end = text.find(',', at);
        if (end == std::string::npos)
            end = text.size();
        const std::string item = text.substr(at, end - at);
        const std::size_t c1 = item.find(':');
        const std::size_t c2 = item.find(':', c1 + 1);
        fake_process p{static_cast<unsigned int>(std::strtoul(item.substr(0, c1).c_str(), nullptr, 10)),
                       item.substr(c1 + 1, c2 - c1 - 1), ~0ULL};
        if (c2 + 1 < item.size())
            p.bytes = std::strtoull(item.substr(c2 + 1).c_str(), nullptr, 10);
        out.push_back(p);
        at = end + 1;
    }
    return out;
}

int nvmlDeviceGetComputeRunningProcesses_v3(void* device, unsigned int* count, fake_process_info* infos)
{
    if (device != &the_device || !count)
        return 2;
    if (env_int("FAKE_NVML_PROCESSES_FAIL", 0))
        return 999;
    const std::vector<fake_process> all = fake_processes();
    if (*count < all.size()) {
        *count = static_cast<unsigned int>(all.size());
        return 7;  // NVML_ERROR_INSUFFICIENT_SIZE
    }
    for (std::size_t i = 0; i < all.size(); ++i)
        infos[i] = {all[i].pid, all[i].bytes, ~0U, ~0U};
    *count = static_cast<unsigned int>(all.size());
    return 0;
}

int nvmlSystemGetProcessName(unsigned int pid, char* name, unsigned int length)
{
    for (const fake_process& p : fake_processes())
        if (p.pid == pid && !p.name.empty() && length > 0) {
            std::strncpy(name, p.name.c_str(), length - 1);
            name[length - 1] = '\0';
            return 0;
        }
    return 6;
}

} // extern "C"
