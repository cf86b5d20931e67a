// SPDX-License-Identifier: GPL-3.0-or-later
// Runs reducescope-cli as a child process, for the tests of this folder (tst_cli_kernel,
// tst_cli_trace, tst_cli_options, tst_cli_output): its exit code and what it printed.
// REDUCESCOPE_CLI_PATH names the CLI (CMake sets it per test).
#pragma once

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QStringList>

#ifndef REDUCESCOPE_CLI_PATH
#error "REDUCESCOPE_CLI_PATH must name reducescope-cli (CMake sets it)"
#endif

namespace reducescope::testing {

/// A child process that finished: its exit code (-1: it crashed, or was killed by the hang guard)
/// and its stdout and stderr (both empty after the hang guard).
struct Run {
    int code = -1;
    QByteArray out, err;
};

/// Runs `program` with `args`, writes `stdin_text` to its stdin and closes it (so a child that
/// reads stdin sees its end), and waits up to `timeout_ms` milliseconds; a child still running
/// then is killed (the hang guard) and gives code -1 and no output.
inline Run run_program(const QString& program, const QStringList& args, const QByteArray& stdin_text, int timeout_ms)
{
    QProcess p;
    p.start(program, args);
    if (!stdin_text.isEmpty())
        p.write(stdin_text);
    p.closeWriteChannel();
    Run r;
    if (!p.waitForFinished(timeout_ms)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

/// `reducescope-cli ARGS`, as run_program(): `stdin_text` on its stdin, killed after `timeout_ms`.
inline Run run_cli(const QStringList& args, const QByteArray& stdin_text = {}, int timeout_ms = 60000)
{
    return run_program(QStringLiteral(REDUCESCOPE_CLI_PATH), args, stdin_text, timeout_ms);
}

} // namespace reducescope::testing
