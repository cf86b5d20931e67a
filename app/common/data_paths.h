// SPDX-License-Identifier: GPL-3.0-or-later
// Where the app finds what ships beside it (docs/install.md): reducescope-cli, the recorded
// benchmark results, the example traces and the translations, from a build tree and from an install
// (`cmake --install`, the .deb) alike. Every function needs a QCoreApplication
// (QCoreApplication::applicationDirPath) and returns a clean absolute path, or "" when nothing is found.
#pragma once

#include <QString>

namespace reducescope::app {

/// A folder shipped in `share/reducescope/<name>` when installed and in `docs/<name>` of the source
/// tree. First found wins:
///  1. the install this executable belongs to: `<bin>/../share/reducescope/<name>` (the relative
///     path is CMake's, from GNUInstallDirs: REDUCESCOPE_DATA_FROM_BIN);
///  2. `docs/<name>` of the source tree holding the build (the executable's folder and up to four
///     folders above it: build/app/../.. for the app, build/tests/<room>/<part>/../../../.. for a test);
///  3. `reducescope/<name>` in the XDG data folders (QStandardPaths::GenericDataLocation:
///     ~/.local/share, /usr/local/share, /usr/share).
/// `name`: "results" (benchmark results recorded on a GPU) or "traces" (example traces).
QString shippedFolder(const QString& name);

/// Benchmark results recorded on a GPU (docs/results, share/reducescope/results).
inline QString shippedResultsFolder() { return shippedFolder(QStringLiteral("results")); }
/// Example traces, GPU recordings included (docs/traces, share/reducescope/traces).
inline QString shippedTracesFolder() { return shippedFolder(QStringLiteral("traces")); }
/// Compiled translations (.qm) installed in share/reducescope/translations; in a build tree, the
/// folder `translations` under the build folder when the build made one.
QString translationsFolder();

/// reducescope-cli for the benchmark pane: $REDUCESCOPE_CLI (taken as given: a wrong path is
/// reported when a run starts), then beside this executable (an install puts both in bin/), then
/// the build tree (`<build>/kernels/cli/`), then PATH.
QString locateCli();

/// What `reducescope --version` prints after its first line: where the CLI, the results, the
/// traces were found (or that they were not), and whether this build has the CUDA kernels. English
/// (a diagnostic for scripts and bug reports), one fact a line, ending in a newline.
QString locationReport();

} // namespace reducescope::app
