// SPDX-License-Identifier: GPL-3.0-or-later
// Test data shared by the benchmark pane's tests: the fixture results file (tests/benchpane/data,
// a 1M run on the H200 shape) as a path or a JSON object, and a temporary file written from bytes.
#pragma once

#include <QByteArray>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QTemporaryDir>

namespace reducescope::testdata {

/// The path of `name` in the pane tests' data folder.
inline QString dataFile(const char* name) { return QStringLiteral(BENCHPANE_DATA_DIR "/") + QLatin1String(name); }

/// fixture_1m.json as a JSON object (a test that cannot read it stops: qFatal).
inline QJsonObject fixtureObject()
{
    QFile f(dataFile("fixture_1m.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open fixture");
    return QJsonDocument::fromJson(f.readAll()).object();
}

/// Writes `bytes` to `name` in `dir` and returns the path (qFatal when it cannot).
inline QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write temp file");
    f.write(bytes);
    return path;
}

} // namespace reducescope::testdata
