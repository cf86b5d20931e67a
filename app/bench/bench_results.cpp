// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/bench/bench_results.h"

#include "app/common/native_path.h"
#include "app/common/file_read.h"
#include "app/common/message_text.h"
#include "views/bench/bench_display.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QHash>

#include <limits>
#include <map>
#include <string>
#include <tuple>

namespace reducescope::app {
using views::hasSpeed;
using views::qs;

namespace {

QString csvField(const QString& s)
{
    if (!s.contains(QLatin1Char(',')) && !s.contains(QLatin1Char('"')) && !s.contains(QLatin1Char('\n')))
        return s;
    QString q = s;
    q.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + q + QLatin1Char('"');
}

QString csvNumber(const std::optional<double>& v) { return v ? QString::number(*v, 'g', 10) : QString(); }

} // namespace

std::optional<bench::ResultsFile> BenchResultsReader::parseDocument(const QByteArray& json, QString* error)
{
    try {
        return bench::read_results(std::string_view(json.constData(), std::size_t(json.size())));
    } catch (const bench::SchemaError& e) {
        if (error)
            *error = readerMessage(e);
        return std::nullopt;
    }
}

std::optional<bench::ResultsFile> BenchResultsReader::readDocument(const QString& path, QString* error)
{
    const std::optional<QByteArray> bytes = readFileBytes(path, kMaxFileBytes, error);
    if (!bytes)
        return std::nullopt;
    QString why;
    auto f = parseDocument(*bytes, &why);
    if (!f && error)
        *error = QStringLiteral("%1: %2").arg(echoPath(QFileInfo(path).fileName()), why);
    return f;
}

bool writeResultsFile(const QString& path, const bench::ResultsFile& f, QString* error)
{
    try {
        bench::write_results_file(encodeNativePath(path).toStdString(), f);
        return true;
    } catch (const std::exception& e) {
        if (error) {
            // "cannot write PATH: why" -> "PATH: cannot write (why)", the pane's form.
            QString why = QString::fromUtf8(e.what());
            why = why.mid(why.indexOf(QStringLiteral(": ")) + 2);
            *error = QCoreApplication::translate("BenchResults", "%1: cannot write (%2)").arg(echoPath(path), why);
        }
        return false;
    }
}

QByteArray benchResultsToCsv(const bench::ResultsFile& r)
{
    QStringList lines;
    lines << QStringLiteral("strategy,family,kernel,n,block_size,coarse_factor,grid_size,mode,cache,status,"
                            "time_median_ms,time_min_ms,time_max_ms,bytes_read,bandwidth_gbs,pct_peak,pct_ceiling,"
                            "speedup_vs_cpu,speedup_vs_cub,result,reference,abs_error,tolerance,message");
    for (const bench::Result& x : r.results) {
        QStringList f;
        f << csvField(qs(x.strategy)) << csvField(qs(x.family)) << csvField(qs(x.kernel)) << QString::number(x.n)
          << QString::number(x.block_size) << QString::number(x.coarse_factor) << QString::number(x.grid_size)
          << csvField(qs(x.mode)) << csvField(qs(x.cache)) << views::statusId(x.status)
          << (x.time_ms ? QString::number(x.time_ms->median, 'g', 10) : QString())
          << (x.time_ms ? QString::number(x.time_ms->min, 'g', 10) : QString())
          << (x.time_ms ? QString::number(x.time_ms->max, 'g', 10) : QString())
          << QString::number(x.bytes_read) << csvNumber(views::shownBandwidth(x)) << csvNumber(views::shownPctPeak(x))
          << csvNumber(views::shownPctCeiling(x)) << csvNumber(views::shownSpeedupVsCpu(x))
          << csvNumber(views::shownSpeedupVsCub(x)) << csvNumber(x.result) << csvNumber(x.reference)
          << csvNumber(x.abs_error) << csvNumber(x.tolerance) << csvField(qs(x.message));
        lines << f.join(QLatin1Char(','));
    }
    return (lines.join(QLatin1Char('\n')) + QLatin1Char('\n')).toUtf8();
}

QByteArray benchResultsToMarkdown(const bench::ResultsFile& r, const QList<std::optional<double>>& speedups,
                                  const QString& baseline)
{
    const auto cell = [](QString s) { return s.replace(QLatin1Char('|'), QStringLiteral("\\|")).replace(QLatin1Char('\n'), QLatin1Char(' ')); };
    const auto num = [](const std::optional<double>& v, int decimals) {
        return v ? QString::number(*v, 'f', decimals) : QStringLiteral("–");
    };
    const auto tr = [](const char* s) { return QCoreApplication::translate("BenchResults", s); };
    QStringList lines;
    lines << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 | %9 | %10 | %11 |")
                 .arg(tr("Strategy"), tr("N"), tr("Block"), tr("C"), tr("Mode"), tr("Cache"), tr("Status"),
                      tr("Median (µs)"), tr("Bandwidth (GB/s)"), tr("% of peak"))
                 .arg(QCoreApplication::translate("BenchResults", "Speed-up vs %1").arg(cell(baseline)));
    lines << QStringLiteral("|---|--:|--:|--:|---|---|---|--:|--:|--:|--:|");
    for (qsizetype i = 0; i < qsizetype(r.results.size()); ++i) {
        const bench::Result& x = r.results[std::size_t(i)];
        // The speed-up read in place: a std::optional<double> copied out of a conditional expression
        // made GCC 12 warn (-Wmaybe-uninitialized) about its value when it is empty.
        const QString speedup = i < speedups.size() && speedups[i]
            ? QString::number(*speedups[i], 'f', 2) + QStringLiteral("×") : QStringLiteral("–");
        lines << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 | %9 | %10 | %11 |")
                     .arg(cell(qs(x.strategy)), QString::number(x.n), QString::number(x.block_size),
                          QString::number(x.coarse_factor), cell(qs(x.mode)), cell(qs(x.cache)), views::statusId(x.status),
                          x.time_ms ? QString::number(x.time_ms->median * 1000, 'f', 3) : QStringLiteral("–"),
                          num(views::shownBandwidth(x), 1))
                     .arg(num(views::shownPctPeak(x), 1), speedup);
    }
    return (lines.join(QLatin1Char('\n')) + QLatin1Char('\n')).toUtf8();
}

QList<std::optional<double>> benchSpeedups(const bench::ResultsFile& r, const QString& baseline)
{
    // The baseline's verified results indexed by n once (comparing every result with
    // every other took 31 s for 20000 results). Per n, the best match for each (operation, block
    // size, coarse factor) is found among the few baseline results of that n.
    const std::string base = baseline.toStdString();
    QHash<qint64, QList<const bench::Result*>> byN;
    for (const bench::Result& b : r.results)
        if (b.strategy == base && hasSpeed(b))
            byN[qint64(b.n)] << &b;
    std::map<std::tuple<std::size_t, std::string, int, int>, const bench::Result*> chosen;
    QList<std::optional<double>> out;
    out.reserve(qsizetype(r.results.size()));
    for (const bench::Result& x : r.results) {
        std::optional<double> s;
        if (hasSpeed(x)) {
            if (base == "cpu" && x.speedup_vs_cpu) {
                s = x.speedup_vs_cpu;
            } else if (base == "cub" && x.speedup_vs_cub) {
                s = x.speedup_vs_cub;
            } else {
                // The baseline at the same n; prefer the same operation, block size and coarse
                // factor. Memoized per (n, operation, block size, coarse factor): a sweep asks the
                // same question for every strategy.
                const auto key = std::make_tuple(x.n, x.operation, x.block_size, x.coarse_factor);
                auto hit = chosen.find(key);
                if (hit == chosen.end()) {
                    const bench::Result* pick = nullptr;
                    int bestScore = -1;
                    for (const bench::Result* b : byN.value(qint64(x.n))) {
                        const int score = (b->operation == x.operation ? 4 : 0) + (b->block_size == x.block_size ? 2 : 0)
                            + (b->coarse_factor == x.coarse_factor ? 1 : 0);
                        if (score > bestScore) {
                            pick = b;
                            bestScore = score;
                            if (score == 7)
                                break;
                        }
                    }
                    hit = chosen.emplace(key, pick).first;
                }
                const bench::Result* best = hit->second;
                if (best && x.time_ms->median > 0)
                    s = best->time_ms->median / x.time_ms->median;
            }
        }
        out << s;
    }
    return out;
}

} // namespace reducescope::app
