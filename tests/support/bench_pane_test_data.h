// SPDX-License-Identifier: GPL-3.0-or-later
// Test data shared by the benchmark pane's tests: the fixture results file (tests/app/bench/data,
// a 1M run on the H200 shape) as a path or a JSON object, a temporary file written from bytes, and
// large synthetic sweeps (the scaling tests' sizes) as a results file or as the CLI's stream of
// lines.
#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QStringList>
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

/// A valid sweep file of `count` results (as many as the scaling tests need): strategies `ids` over
/// `count / ids.size()` values of n (n = 1024·(i+1)), median time 1 µs + n/4 ns · (1 + index of the
/// id in `ids`) and bandwidth = bytes/time, so the reader's consistency checks pass and every
/// result has a baseline at its n. Results are ordered by id, then n.
inline QByteArray sweepWithResults(int count, const QStringList& ids)
{
    QJsonObject o = fixtureObject();
    const int perId = count / int(ids.size());
    QJsonArray values, results;
    for (int i = 0; i < perId; ++i)
        values.append(qint64(1024) * (i + 1));
    QFile f(dataFile("fixture_sweep.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open the sweep fixture");
    const QJsonObject sweep = QJsonDocument::fromJson(f.readAll()).object();
    QJsonObject params = sweep[QStringLiteral("params")].toObject();
    params[QStringLiteral("strategies")] = QJsonArray::fromStringList(ids);
    params[QStringLiteral("sweep")] = QJsonObject{{QStringLiteral("param"), QStringLiteral("n")}, {QStringLiteral("values"), values}};
    o[QStringLiteral("params")] = params;
    const QJsonObject base = sweep[QStringLiteral("results")].toArray().at(0).toObject();
    for (const QString& id : ids)
        for (int i = 0; i < perId; ++i) {
            const qint64 n = qint64(1024) * (i + 1);
            const double median = 0.001 + double(n) * 0.25e-6 * (1 + ids.indexOf(id));
            QJsonObject r = base;
            r[QStringLiteral("strategy")] = id;
            r[QStringLiteral("family")] = id == QLatin1String("cub") ? QStringLiteral("baseline") : QStringLiteral("many_blocks");
            r[QStringLiteral("n")] = n;
            r[QStringLiteral("bytes_read")] = 4 * n;
            r[QStringLiteral("time_ms")] = QJsonObject{{QStringLiteral("median"), median}, {QStringLiteral("min"), median * 0.98},
                                                       {QStringLiteral("max"), median * 1.05}};
            r[QStringLiteral("bandwidth_gbs")] = double(4 * n) / (median * 1e6);
            for (const char* k : {"pct_peak", "pct_ceiling", "ceiling_ratio", "speedup_vs_cpu", "speedup_vs_cub"})  // derived from the old time: left out (results_checks.h)
            r.remove(QLatin1String(k));
            results.append(r);
        }
    o[QStringLiteral("results")] = results;
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

/// The stdout of `reducescope-cli bench` for the results file `file` (sweepWithResults): a start
/// line (device, params, ceilings, total), one result line per result in the file's order, and
/// the done line. For the fake CLI's `stream` mode (FAKE_CLI_LINES).
inline QByteArray streamLines(const QByteArray& file)
{
    const QJsonObject o = QJsonDocument::fromJson(file).object();
    const QJsonArray results = o[QStringLiteral("results")].toArray();
    QByteArray out = QJsonDocument(QJsonObject{{QStringLiteral("type"), QStringLiteral("start")},
                                               {QStringLiteral("total"), results.size()},
                                               {QStringLiteral("device"), o[QStringLiteral("device")]},
                                               {QStringLiteral("params"), o[QStringLiteral("params")]},
                                               {QStringLiteral("ceilings"), o[QStringLiteral("ceilings")]}})
                         .toJson(QJsonDocument::Compact)
        + '\n';
    for (const QJsonValue& v : results) {
        QJsonObject r = v.toObject();
        r[QStringLiteral("type")] = QStringLiteral("result");
        out += QJsonDocument(r).toJson(QJsonDocument::Compact) + '\n';
    }
    return out + R"({"type":"done","elapsed_s":1.0})" "\n";
}

} // namespace reducescope::testdata
