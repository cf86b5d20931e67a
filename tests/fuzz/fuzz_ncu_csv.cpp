// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the counters reader, bench::parse_ncu_csv() (kernels/bench/ncu_counters.h), on any
// text, then counters_json() over what it read (the step model's side left out). Property: the
// only exception is std::runtime_error (documented: no header or a needed column missing); the
// JSON it builds serialises.
#include "bench/ncu_counters.h"
#include "bench/ncu_counters_json.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    namespace b = reducescope::bench;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::vector<b::ProfiledLaunch> launches;
    try {
        launches = b::parse_ncu_csv(text);
    } catch (const std::runtime_error&) {
        return 0;
    }
    const nlohmann::json j = b::counters_json(launches, {});
    (void)j.dump();  // throws (and so fails the run) on text that is not UTF-8
    return 0;
}
