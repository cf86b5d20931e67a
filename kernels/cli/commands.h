// SPDX-License-Identifier: GPL-3.0-or-later
// reducescope-cli subcommands. Each family registers its subcommands on the CLI11 app and
// returns the exit code through `exit_code` when its callback ran.
#pragma once

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

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
/// `kernel bench` (kernels/cli/cli_kernel_bench.cpp): an own kernel compiled with NVRTC, checked and
/// timed on the GPU beside the catalogue; registered on `kernel` by register_kernel_commands.
void add_kernel_bench(CLI::App& kernel, int& exit_code);
/// `compare A.json B.json` (kernels/cli/cli_compare.cpp); registered by register_bench_commands.
void register_compare_command(CLI::App& app, int& exit_code);

/// A decimal number as every real-valued option reads it (`bench --min-time`, `--max-noise`,
/// `--timeout`, `compare --noise-factor`): std::from_chars' general syntax ("0.5", ".5", "5e-1",
/// "-0"), the whole text, no "inf" or "nan". A value too small for a double ("1e-400") is rounded
/// as any decimal is, to 0 or a subnormal; one too large ("1e400") is +-infinity, which no range
/// holds. nullopt when `text` is not such a number.
std::optional<double> parse_real(const std::string& text);

/// `--json FILE` of bench and kernel bench: a file that can be written, checked before anything
/// runs and without creating it. BadInput "--json must be a writable file path (got ...: why)".
void check_json_path(const std::string& path);

/// `--strategies`: "all" or a comma list of catalogue ids, in catalogue order. BadInput naming
/// the bad id and the allowed ones.
std::vector<std::string> parse_strategy_ids(const std::string& text);

/// The whole command line of reducescope-cli (kernels/cli/cli_run.cpp): parses argv (argv[0] is
/// the program), runs the subcommand, prints errors as one line on stderr and returns the exit
/// code. Does not check stdout afterwards (finish_output(), output.h) and never exits the
/// process, so tests and the fuzz target (tests/fuzz) can call it.
int run_command_line(int argc, const char* const* argv);

} // namespace reducescope::cli
