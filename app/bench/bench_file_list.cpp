// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/bench/bench_file_list.h"

#include "app/bench/bench_results.h"
#include "app/common/data_paths.h"
#include "views/common/model_text.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QHash>
#include <QStringList>

#include <algorithm>

namespace reducescope::app {
namespace {

struct Words {
    Q_DECLARE_TR_FUNCTIONS(BenchFileList)
};

constexpr char kLectureFile[] = "lecture/h200_1m_graph_hot.json";

/// 1048576 -> "1,048,576" (digits grouped by three, as the charts write N).
QString grouped(std::uint64_t v)
{
    QString digits = QString::number(v);
    for (qsizetype i = digits.size() - 3; i > 0; i -= 3)
        digits.insert(i, QLatin1Char(','));
    return digits;
}

QString paramName(const std::string& p)
{
    return p == "n" ? Words::tr("N") : p == "block_size" ? Words::tr("block size") : p == "coarse_factor" ? Words::tr("coarse factor")
                                                                                                       : QString::fromStdString(p);
}

QString cacheWords(const std::string& cache)
{
    return cache == "hot" ? Words::tr("hot cache") : cache == "cold" ? Words::tr("cold cache") : QString::fromStdString(cache);
}

struct Cached {
    QDateTime modified;
    qint64 size = -1;
    std::optional<bench::ResultsFile> file;
};

} // namespace

QString resultsFileSummary(const bench::ResultsFile& f)
{
    QStringList parts;
    parts << (f.device.name.empty() ? Words::tr("unnamed device") : QString::fromStdString(f.device.name));
    if (f.gpus && *f.gpus > 1)
        parts.last() = Words::tr("%1 × %2").arg(*f.gpus).arg(parts.last());
    if (!f.date.empty())
        parts << QString::fromStdString(f.date.substr(0, 10));
    const bench::Params& p = f.params;
    if (p.sweep && p.sweep->second) {
        parts << Words::tr("sweep over %1 × %2 at N = %3")
                     .arg(paramName(p.sweep->param), paramName(p.sweep->second->param), grouped(p.n));
    } else if (p.sweep && p.sweep->param == "n" && !p.sweep->values.empty()) {
        const auto [lo, hi] = std::minmax_element(p.sweep->values.begin(), p.sweep->values.end());
        parts << Words::tr("sweep over N: %1 … %2").arg(grouped(*lo), grouped(*hi));
    } else if (p.sweep) {
        QStringList values;
        for (const std::uint64_t v : p.sweep->values)
            values << QString::number(v);
        parts << Words::tr("N = %1, sweep over %2: %3").arg(grouped(p.n), paramName(p.sweep->param), values.join(QStringLiteral(", ")));
    } else {
        parts << Words::tr("N = %1").arg(grouped(p.n));
    }
    if (!p.mode.empty() || !p.cache.empty()) {
        const QString cache = cacheWords(p.cache);
        parts << (p.mode.empty() ? cache
                  : cache.isEmpty() ? Words::tr("%1 mode").arg(QString::fromStdString(p.mode))
                                    : Words::tr("%1 mode, %2").arg(QString::fromStdString(p.mode), cache));
    }
    if (!p.gpus.empty())
        parts << Words::tr("%1 to %2 GPUs").arg(*std::min_element(p.gpus.begin(), p.gpus.end())).arg(*std::max_element(p.gpus.begin(), p.gpus.end()));
    parts << Words::tr("%n results", nullptr, int(f.results.size()));
    if (f.counters)
        parts << Words::tr("with hardware counters");
    if (f.incomplete)
        parts << Words::tr("incomplete run");
    // "N = 1,048,576 时遍历线程块大小 × 粗化因子": no space left between two Chinese words.
    return views::tidyChineseSpaces(parts.join(QStringLiteral(" · ")));
}

QList<RecordedResults> listRecordedResults(const QString& folder)
{
    static QHash<QString, Cached> cache;
    QList<RecordedResults> out;
    if (folder.isEmpty())
        return out;
    const QString lecture = QDir(folder).filePath(QLatin1String(kLectureFile));
    QDirIterator it(folder, {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QFileInfo info(path);
        Cached& c = cache[path];
        if (c.modified != info.lastModified() || c.size != info.size()) {
            c.modified = info.lastModified();
            c.size = info.size();
            QString why;
            c.file = BenchResultsReader::readDocument(path, &why);
        }
        if (!c.file)
            continue;  // a trace, counters or a file the reader refuses: not a results file to show
        RecordedResults r;
        r.path = path;
        r.relative = QDir(folder).relativeFilePath(path);
        r.lecture = QFileInfo(path) == QFileInfo(lecture);
        r.label = resultsFileSummary(*c.file);
        if (r.lecture)
            r.label = Words::tr("Lecture: %1").arg(r.label);
        r.date = QString::fromStdString(c.file->date);
        out << r;
    }
    std::stable_sort(out.begin(), out.end(), [](const RecordedResults& a, const RecordedResults& b) {
        if (a.lecture != b.lecture)
            return a.lecture;
        if (a.date != b.date)
            return a.date > b.date;
        return a.relative < b.relative;
    });
    return out;
}

QString lectureResultsPath()
{
    const QString folder = shippedResultsFolder();
    if (folder.isEmpty())
        return {};
    const QString path = QDir(folder).filePath(QLatin1String(kLectureFile));
    return QFileInfo::exists(path) ? path : QString();
}

} // namespace reducescope::app
