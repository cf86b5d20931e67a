// SPDX-License-Identifier: GPL-3.0-or-later
// User text inside one-line messages: control characters escaped, long values capped, so that a
// value with a newline or 100 000 characters never breaks the "one line on stderr" rule.
#pragma once

#include <QString>

namespace reducescope::app {

/// `text` for a message: control and line/paragraph-separator characters escaped (\n, \r, \t,
/// \xNN, \uNNNN); longer than `max` characters: the first `max` and "…".
QString echoValue(const QString& text, int max = 40);

/// A file path for a message: escaped as echoValue; longer than `max`: "…" and the last `max`
/// characters (the file name stays readable).
QString echoPath(const QString& path, int max = 120);

/// A whole message (e.g. from the step model) made one line: control characters escaped, and the
/// value it quotes (first to last ' or ") capped at `maxValue` characters.
QString oneLineMessage(const QString& message, int maxValue = 40);

/// What another program or a file said (reducescope-cli's English on stderr, a results file's
/// message), put into a sentence of the window: as it is in English, in “quotes” in another
/// language, so the reader sees it is quoted and not the window's own words.
QString toolSaid(const QString& text);

} // namespace reducescope::app
