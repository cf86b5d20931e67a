// SPDX-License-Identifier: GPL-3.0-or-later
// reducescope-cli: list | trace | bench | devices | selftest
#include "cli/commands.h"
#include "cli/output.h"

#include <csignal>

int main(int argc, char** argv)
{
    using namespace reducescope::cli;
    // A file size limit (`ulimit -f`) would kill the process with SIGXFSZ in the middle of a write;
    // ignored, the write fails with EFBIG and is reported as any failed write (exit 74, the old
    // file kept: output.h).
    std::signal(SIGXFSZ, SIG_IGN);
    guard_standard_streams();  // `reducescope-cli list >&-`: the closed stdout fails, not a file opened later
    // The command line lives in cli_run.cpp (callable by tests and the fuzz target); stdout is
    // checked once the command is done: lost output is an error (exit 74), not silence.
    return finish_output(run_command_line(argc, argv));
}
