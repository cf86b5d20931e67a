// SPDX-License-Identifier: GPL-3.0-or-later
// Reading the files that people name (results, counters, traces) without trusting them: only
// regular files, never more than a limit, every failure one line that names the file.
#pragma once

#include <QByteArray>
#include <QString>

#include <exception>
#include <optional>

namespace reducescope::app {

/// The bytes of the file at `path`: only a regular file of at most `maxBytes` bytes (FIFOs,
/// devices, sockets and directories are refused without reading; a file that grows while it is
/// read stops at the limit). On failure: nullopt and *error = "PATH: why" (path as given, echoed
/// safely), in the app's language.
std::optional<QByteArray> readFileBytes(const QString& path, qint64 maxBytes, QString* error);

/// The one-line message of a reader's exception (bench::SchemaError, model::TraceError, ...) for
/// the screen: the reader's own line, with characters that could reorder or hide text escaped.
QString readerMessage(const std::exception& e);

} // namespace reducescope::app
