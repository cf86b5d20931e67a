// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/contract.h"

#include "bench/determinism.h"
#include "model/catalogue.h"

namespace reducescope::bench {

Contract contract_of(std::string_view strategy, unsigned int grid_size)
{
    Contract c;
    if (strategy == "cpu")
        return {"gpu_to_gpu", ""};
    if (strategy == "cub_gpu_to_gpu")
        return {"gpu_to_gpu", ""};
    if (strategy == "cub_run_to_run" || strategy == "cub")
        return {"run_to_run", ""};
    if (strategy == "cub_not_guaranteed")
        return {"not_guaranteed", ""};
    const model::StrategyInfo* info = model::find_strategy(strategy);
    if (!info)
        return {"not_guaranteed", ""};
    c.determinism = sum_order(*info, grid_size) == SumOrder::Fixed ? "run_to_run" : "not_guaranteed";
    const bool one_block = info->single_block && grid_size == 1;
    switch (info->merge) {
    case model::Merge::Atomic:
        if (!one_block)
            c.caller_keeps = "an output reset to 0 before each launch (counted in the time)";
        break;
    case model::Merge::SelfReset: c.caller_keeps = "two counters zeroed once, the same grid every launch"; break;
    case model::Merge::ZeroAhead: c.caller_keeps = "a ring of 3 outputs and the launch number"; break;
    case model::Merge::Store: break;
    }
    return c;
}

bool is_fixed_order_baseline(std::string_view strategy)
{
    return strategy == "cub" || strategy == "cub_run_to_run" || strategy == "cub_gpu_to_gpu";
}

std::string contract_text(const Contract& c)
{
    std::string t = c.determinism == "not_guaranteed" ? "not deterministic" : "deterministic (" + c.determinism + ")";
    if (!c.caller_keeps.empty())
        t += "; caller keeps " + c.caller_keeps;
    return t;
}

} // namespace reducescope::bench
