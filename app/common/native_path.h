// SPDX-License-Identifier: GPL-3.0-or-later
// File names as the system gives them. A Unix file name is bytes; Qt 6 decodes them as UTF-8 and
// replaces every byte that is not (U+FFFD), so a name such as $'\xff\xfe'x.png or t\xe9.json
// (Latin-1) would be written or looked for under another name. These two functions carry such a
// name through a QString unchanged: each byte that is not part of valid UTF-8 becomes the lone
// low surrogate U+DC00 + byte (PEP 383's "surrogateescape"; no valid UTF-8 text decodes to one),
// and is turned back into that byte when the file is opened. echoValue()/echoPath() show it as
// \xNN. Every path from the command line goes through decodeNativePath() (main.cpp) and every
// open, stat and rename of such a path through encodeNativePath() (file_read.cpp, file_write.cpp).
#pragma once

#include <QByteArray>
#include <QString>

namespace reducescope::app {

/// `bytes` (an argv entry, a file name from the system) as a QString: valid UTF-8 decoded (no
/// overlong forms, no encoded surrogates, at most U+10FFFF), every other byte b as U+DC00 + b.
QString decodeNativePath(const QByteArray& bytes);

/// The bytes `path` stands for: the inverse of decodeNativePath() (U+DC80..U+DCFF back to their
/// byte, everything else UTF-8; any other lone surrogate as U+FFFD). For any byte string s,
/// encodeNativePath(decodeNativePath(s)) == s.
QByteArray encodeNativePath(const QString& path);

} // namespace reducescope::app
