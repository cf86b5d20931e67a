// SPDX-License-Identifier: GPL-3.0-or-later
// JSON of one multi-GPU result (docs/results-format.md, "Multi-GPU"): a version-1 result object
// plus `gpus`, `combine`, `size_bytes`, `algbw_gbs`, `busbw_gbs`. Header-only; needs
// reducescope_bench (bench::to_json).
#pragma once

#include "bench/multi_gpu_metrics.h"
#include "bench/results.h"

#include <nlohmann/json.hpp>

namespace reducescope::bench {

/// `r` as results-format.md JSON, plus the multi-GPU fields. S (`size_bytes`) = r.bytes_read,
/// the nccl-tests data size: 4·n for a sum of n floats and for the all-reduce of n floats.
/// algbw_gbs = S / median time and busbw_gbs = algbw × busbw_factor(c, gpus), in 10^9 B/s; both
/// are null unless r.status is Ok and a time exists (as every speed field).
inline nlohmann::json multi_gpu_result_json(const Result& r, Combine c, int gpus)
{
    nlohmann::json j = to_json(r);
    j["gpus"] = gpus;
    j["combine"] = std::string{combine_name(c)};
    j["size_bytes"] = r.bytes_read;
    j["algbw_gbs"] = nullptr;
    j["busbw_gbs"] = nullptr;
    if (r.status == Status::Ok && r.time_ms && r.time_ms->median > 0) {
        const double s = static_cast<double>(r.bytes_read);
        j["algbw_gbs"] = algbw_gbs(s, r.time_ms->median);
        j["busbw_gbs"] = busbw_gbs(c, gpus, s, r.time_ms->median);
    }
    return j;
}

} // namespace reducescope::bench
