// SPDX-License-Identifier: GPL-3.0-or-later
// Writing a file that people name (the --screenshot PNG) so that the old file is never lost.
#pragma once

#include <QByteArray>
#include <QString>

namespace reducescope::app {

/// Writes `data` to `path` (a QString from decodeNativePath(): its bytes are the name,
/// native_path.h) as a whole or not at all: a temporary file in the same folder, written, fsync'ed
/// and renamed over `path`; a symbolic link is followed (its target replaced, the link kept); an
/// existing file's mode is kept, a new one gets 0666 less the umask. On failure the temporary
/// file is removed, what was at `path` is left as it was, and the reason is returned as the
/// system's text ("No space left on device", "File too large" under `ulimit -f`: the app ignores
/// SIGXFSZ, main.cpp); empty on success. As kernels/cli/cli_output.cpp write_output_file (the CLI
/// cannot be linked into the app), minus its writing into devices: the screenshot path is checked
/// to be a regular file or nothing beforehand (command_line.h screenshotTargetProblem).
QString writeFileAtomically(const QString& path, const QByteArray& data);

} // namespace reducescope::app
