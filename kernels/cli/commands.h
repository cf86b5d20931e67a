// SPDX-License-Identifier: GPL-3.0-or-later
// reducescope-cli subcommands. Each family registers its subcommands on the CLI11 app and
// returns the exit code through `exit_code` when its callback ran.
#pragma once

#include <CLI/CLI.hpp>

namespace reducescope::cli {

/// Exit codes shared by every subcommand (docs/reliability.md, "What is promised"). kOutputError:
/// stdout or an output file could not be written (sysexits.h EX_IOERR), kernels/cli/output.h.
enum ExitCode : int { kOk = 0, kFailure = 1, kBadInput = 2, kOutputError = 74, kNoDevice = 77 };

/// A bad argument: printed as one line on stderr ("reducescope-cli: <message>"), exit 2.
struct BadInput {
    std::string message;
};

/// `list`, `trace` (kernels/cli/cli_trace.cpp).
void register_model_commands(CLI::App& app, int& exit_code);
/// `bench`, `devices`, `selftest` (kernels/cli/cli_bench.cpp).
void register_bench_commands(CLI::App& app, int& exit_code);
/// `kernel check`, `kernel trace` (kernels/cli/cli_kernel.cpp): own kernels through the SIMT engine.
void register_kernel_commands(CLI::App& app, int& exit_code);
/// `compare A.json B.json` (kernels/cli/cli_compare.cpp); registered by register_bench_commands.
void register_compare_command(CLI::App& app, int& exit_code);

/// The whole command line of reducescope-cli (kernels/cli/cli_run.cpp): parses argv (argv[0] is
/// the program), runs the subcommand, prints errors as one line on stderr and returns the exit
/// code. Does not check stdout afterwards (finish_output(), output.h) and never exits the
/// process, so tests and the fuzz target (tests/fuzz) can call it.
int run_command_line(int argc, const char* const* argv);

} // namespace reducescope::cli
