// SPDX-License-Identifier: GPL-3.0-or-later
// The default launch of an own kernel as docs/your-own-kernel.md ("Launch") and
// model::plan_own_launch give it: block min(1024, bit_ceil(ceil(n / E))), grid
// ceil(n / (E x block)). One table for the engine's test (tst_simt_engine default_plan) and the
// CLI's (tst_cli_kernel elementsPerThread).
#pragma once

namespace reducescope::test {

/// One row: {n values, E elements per thread, expected block size, expected grid}.
inline constexpr int kOwnLaunchRows[][4] = {
    {8, 1, 8, 1},       {8, 2, 4, 1},       {8, 4, 2, 1},       {8, 8, 1, 1},
    {1000, 1, 1024, 1}, {1000, 2, 512, 1},  {1000, 4, 256, 1},  {1000, 8, 128, 1},
    {1024, 1, 1024, 1}, {1024, 2, 512, 1},  {1024, 4, 256, 1},  {1024, 8, 128, 1},
    {4096, 1, 1024, 4}, {4096, 2, 1024, 2}, {4096, 4, 1024, 1}, {4096, 8, 512, 1}};

} // namespace reducescope::test
