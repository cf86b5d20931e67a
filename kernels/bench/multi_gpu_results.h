// SPDX-License-Identifier: GPL-3.0-or-later
// JSON of one multi-GPU result (docs/results-format.md, "Multi-GPU"): a version-1 result object
// plus `gpus`, `combine`, `size_bytes`, `algbw_gbs`, `busbw_gbs`. Header-only; needs
// reducescope_bench (set_multi_gpu, results_file.h, and the one writer, results_json.h, which
// brings nlohmann/json.hpp).
#pragma once

#include "bench/multi_gpu_metrics.h"
#include "bench/results_file.h"
#include "bench/results_json.h"

namespace reducescope::bench {

/// `r` as results-format.md JSON, plus the multi-GPU fields (set_multi_gpu(r, c, gpus)). S
/// (`size_bytes`) = r.bytes_read, the nccl-tests data size: 4·n for a sum of n floats and for the
/// all-reduce of n floats. algbw_gbs = S / median time and busbw_gbs = algbw × busbw_factor(c,
/// gpus), in 10^9 B/s; both are null unless r.status is Ok and a time exists (as every speed field).
inline nlohmann::json multi_gpu_result_json(Result r, Combine c, int gpus)
{
    set_multi_gpu(r, c, gpus);
    return to_json(r);
}

} // namespace reducescope::bench
