// SPDX-License-Identifier: GPL-3.0-or-later
// Output that is known to have arrived: stdout checked after the command, output files written
// to a temporary file and renamed, so that no output is lost silently (docs/reliability.md).
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace reducescope::cli {

/// An output file that could not be written; the CLI exits kOutputError (74) for it.
struct OutputError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// Standard descriptors 0, 1, 2 that are closed at start (`reducescope-cli list >&-`) are
/// reopened on /dev/null in the opposite direction (stdin write-only, stdout and stderr
/// read-only), as gnulib's stdopen does: every read or write on them then fails with EBADF and
/// is reported, and no file the command opens later can take descriptor 1 and receive stdout.
void guard_standard_streams();

/// Flushes std::cout and C's stdout and checks both for an error. nullopt when everything written
/// reached the descriptor; else the reason (strerror text of the failing write, e.g. "No space
/// left on device", or "write error" when the system gave none).
std::optional<std::string> stdout_failure();

/// The exit code after a command that returned `code`: when stdout failed, one line on stderr
/// ("reducescope-cli: cannot write stdout: REASON") and kOutputError (74) if `code` was kOk; a
/// command that had already failed keeps its own code (the line is printed all the same).
int finish_output(int code);

/// Writes `text` to `path` so that the old file is never lost: a temporary file in the same
/// directory (mode of the old file, or 0666 less the umask), written, flushed, fsync'ed, closed,
/// then renamed over `path`. A symbolic link is followed (its target is replaced; a dangling link
/// is an error); so is a device or a FIFO (written as it is: /dev/null works, /dev/full fails, a
/// FIFO without a reader fails at once). Where no temporary file can be made in that directory
/// (no write permission), an existing file is written in place and checked. Throws
/// OutputError("cannot write PATH: REASON") on any failure, PATH as echo() shows it; the
/// temporary file is removed then.
void write_output_file(const std::string& path, std::string_view text);

} // namespace reducescope::cli
