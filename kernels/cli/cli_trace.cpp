// SPDX-License-Identifier: GPL-3.0-or-later
// `list` and `trace` (placeholder until the step model lands).
#include "cli/commands.h"

namespace reducescope::cli {
void register_model_commands(CLI::App& app, int& exit_code)
{
    (void)app;
    (void)exit_code;
}
} // namespace reducescope::cli
