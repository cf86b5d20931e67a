// SPDX-License-Identifier: GPL-3.0-or-later
/* A stand-in for libnvidia-ml.so.1 (tests only): the few NVML functions kernels/bench/clocks.cpp
 * loads, answering from the environment. One device, PCI bus id 0000:AA:00.0 (or NVML index 0);
 * current clocks FAKE_NVML_SM_MHZ / FAKE_NVML_MEM_MHZ (default 1980 / 3201), maximums 1980 / 3201;
 * FAKE_NVML_INIT_FAILS=1 makes nvmlInit_v2 fail. Return codes as NVML's: 0 success,
 * 2 invalid argument, 6 not found, 999 unknown. */
#include <cstdlib>
#include <cstring>

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

} // extern "C"
