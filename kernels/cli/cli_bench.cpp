// SPDX-License-Identifier: GPL-3.0-or-later
// `bench`, `devices`, `selftest` (placeholder until the benchmark engine lands).
#include "cli/commands.h"

namespace reducescope::cli {
void register_bench_commands(CLI::App& app, int& exit_code)
{
    (void)app;
    (void)exit_code;
}
} // namespace reducescope::cli
