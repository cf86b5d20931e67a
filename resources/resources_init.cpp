// SPDX-License-Identifier: GPL-3.0-or-later
// The resource library's one source file. qt_add_resources() links the compiled .qrc as an object
// library that registers itself at start-up; this function lets callers check that it did.
#include <QFile>

namespace reducescope::resources {

/// True when the embedded presets are reachable (the resource object was linked in).
bool available()
{
    return QFile::exists(QStringLiteral(":/presets/presets.json"));
}

} // namespace reducescope::resources
