// SPDX-License-Identifier: GPL-3.0-or-later
// The exit codes of reducescope-cli that the app's child-process clients tell apart
// (app/common/cli_client.cpp, app/bench/bench_runner.cpp). The CLI's own list is
// kernels/cli/commands.h's ExitCode; the app does not link the CLI, so the one it needs is here.
#pragma once

namespace reducescope::app {

/// "No CUDA device or driver here" (ExitCode::kNoDevice): the command was valid but cannot run on
/// this machine.
inline constexpr int kNoDeviceExit = 77;

} // namespace reducescope::app
