// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/bench/bench_table_model.h"

#include "app/common/message_text.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include "views/bench/bench_chart.h"
#include "views/bench/bench_display.h"

#include <algorithm>
#include <numeric>

namespace reducescope::app {
using views::hasSpeed;
using views::qs;

BenchTableModel::BenchTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

BenchTableModel::Row BenchTableModel::rowOf(std::size_t i) const
{
    const bench::Result& r = m_file->results[i];
    Row row;
    row.label = views::resultLabel(r);
    row.rank = views::catalogueRank(row.label);
    row.engine = bench::engine_fields(r);
    return row;
}

void BenchTableModel::setResults(const bench::ResultsFile& results, const QList<std::optional<double>>& speedups,
                                 const QString& baseline)
{
    beginResetModel();
    m_file = &results;
    m_rows.clear();
    m_speedups.clear();
    const std::size_t count = results.results.size();
    m_rows.reserve(qsizetype(count));
    m_speedups.reserve(qsizetype(count));
    for (std::size_t i = 0; i < count; ++i) {
        m_rows << rowOf(i);
        m_speedups << speedups.value(qsizetype(i));
    }
    // Rows in catalogue order (as the charts), then by N; the proxy sorts by any column on demand.
    m_order.resize(m_rows.size());
    std::iota(m_order.begin(), m_order.end(), 0);
    std::stable_sort(m_order.begin(), m_order.end(), [this](int a, int b) {
        return m_rows.at(a).rank != m_rows.at(b).rank ? m_rows.at(a).rank < m_rows.at(b).rank
                                                      : m_file->results[std::size_t(a)].n < m_file->results[std::size_t(b)].n;
    });
    m_baseline = baseline;
    endResetModel();
    emit headerDataChanged(Qt::Horizontal, SpeedupColumn, SpeedupColumn);
}

int BenchTableModel::placeFor(int rank, std::size_t n) const
{
    const auto it = std::upper_bound(m_order.begin(), m_order.end(), std::pair(rank, n), [this](const auto& key, int i) {
        return key.first != m_rows.at(i).rank ? key.first < m_rows.at(i).rank : key.second < m_file->results[std::size_t(i)].n;
    });
    return int(it - m_order.begin());
}

void BenchTableModel::appendResults(const bench::ResultsFile& results, const QList<std::optional<double>>& speedups,
                                    const QString& baseline)
{
    if (&results != m_file || results.results.size() < std::size_t(m_rows.size())) {
        setResults(results, speedups, baseline);
        return;
    }
    // Each new row's place among the rows shown before this call (after the rows of equal key),
    // then the new rows sorted by (place, key), arrival order among equals: inserted as one block
    // per place, the order is the one setResults gives. A sweep that arrives strategy by strategy
    // is one block at the end; one that arrives n by n, one block per strategy.
    struct Pending {
        int place;
        int index;  ///< in m_rows
    };
    QList<Pending> pending;
    pending.reserve(qsizetype(results.results.size()) - m_rows.size());
    for (std::size_t i = std::size_t(m_rows.size()); i < results.results.size(); ++i) {
        const Row row = rowOf(i);
        pending << Pending{placeFor(row.rank, results.results[i].n), int(m_rows.size())};
        m_rows << row;
        m_speedups << std::nullopt;
    }
    const auto key = [this](int i) { return std::pair(m_rows.at(i).rank, m_file->results[std::size_t(i)].n); };
    std::stable_sort(pending.begin(), pending.end(), [&](const Pending& a, const Pending& b) {
        if (a.place != b.place)
            return a.place < b.place;
        return key(a.index) < key(b.index);
    });
    // The last place first, so that the places before it stay where they were.
    for (qsizetype end = pending.size(); end > 0;) {
        const int place = pending.at(end - 1).place;
        qsizetype begin = end - 1;
        while (begin > 0 && pending.at(begin - 1).place == place)
            --begin;
        beginInsertRows({}, place, place + int(end - begin) - 1);
        m_order.insert(place, end - begin, 0);
        for (qsizetype k = begin; k < end; ++k)
            m_order[place + int(k - begin)] = pending.at(k).index;
        endInsertRows();
        end = begin;
    }
    setSpeedups(speedups, baseline);
}

void BenchTableModel::setSpeedups(const QList<std::optional<double>>& speedups, const QString& baseline)
{
    int first = int(m_order.size()), last = -1;
    for (int row = 0; row < m_order.size(); ++row) {
        const int i = m_order.at(row);
        const std::optional<double> s = speedups.value(i);
        if (s != m_speedups.at(i)) {
            m_speedups[i] = s;
            first = std::min(first, row);
            last = row;
        }
    }
    if (last >= 0)
        emit dataChanged(index(first, SpeedupColumn), index(last, SpeedupColumn));
    if (baseline != m_baseline) {
        m_baseline = baseline;
        emit headerDataChanged(Qt::Horizontal, SpeedupColumn, SpeedupColumn);
    }
}

void BenchTableModel::clear()
{
    beginResetModel();
    m_file = nullptr;
    m_rows.clear();
    m_speedups.clear();
    m_order.clear();
    endResetModel();
}

const bench::Result* BenchTableModel::at(int row) const
{
    const std::size_t i = std::size_t(m_order.at(row));
    return m_file && i < m_file->results.size() ? &m_file->results[i] : nullptr;
}

int BenchTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_order.size());
}

int BenchTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

std::optional<double> BenchTableModel::value(int row, int column) const
{
    const int i = m_order.at(row);
    const bench::Result* p = at(row);
    if (!p)
        return std::nullopt;
    const bench::Result& r = *p;
    const std::optional<double>& noise = m_rows.at(i).engine.noise;
    switch (column) {
    case NColumn: return double(r.n);
    case BlockColumn: return double(r.block_size);
    case CoarseColumn: return double(r.coarse_factor);
    case MedianColumn: return r.time_ms ? std::optional(r.time_ms->median * 1000) : std::nullopt;
    case MinColumn: return r.time_ms ? std::optional(r.time_ms->min * 1000) : std::nullopt;
    case MaxColumn: return r.time_ms ? std::optional(r.time_ms->max * 1000) : std::nullopt;
    case NoiseColumn: return r.time_ms && noise ? std::optional(*noise * 100) : std::nullopt;  // %
    case BandwidthColumn: return hasSpeed(r) ? views::shownBandwidth(r) : std::nullopt;
    case PctPeakColumn: return hasSpeed(r) ? views::shownPctPeak(r) : std::nullopt;
    case PctCeilingColumn: return hasSpeed(r) ? views::shownPctCeiling(r) : std::nullopt;
    case SpeedupColumn: return hasSpeed(r) ? m_speedups.value(i) : std::nullopt;
    case ErrorColumn: return r.abs_error;
    default: return std::nullopt;
    }
}

QVariant BenchTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_order.size() || index.column() >= ColumnCount)
        return {};
    const bench::Result* p = at(index.row());
    if (!p)
        return {};
    const bench::Result& r = *p;
    const Row& shown = m_rows.at(m_order.at(index.row()));
    const bool noiseRecorded = shown.engine.source == bench::NoiseSource::Recorded;
    const bool noisy = shown.engine.noisy;
    const bool lowClock = shown.engine.low_clock;
    const int col = index.column();
    switch (role) {
    case Qt::DisplayRole: {
        if (col == KernelColumn)
            return shown.label;
        if (col == StatusColumn)
            return views::statusLabel(r.status);
        const auto v = value(index.row(), col);
        if (!v)
            return (col == MedianColumn && !r.time_ms) ? QStringLiteral("—") : QString();
        switch (col) {
        case NColumn: return QString::number(r.n);
        case BlockColumn: return QString::number(r.block_size);
        case CoarseColumn: return QString::number(r.coarse_factor);
        case MedianColumn:
        case MinColumn:
        case MaxColumn: return QString::number(*v, 'g', 4);  // µs
        case NoiseColumn: {
            // "0.41 %" (recorded MAD) or "~9.5 %" (half the min–max spread), then the flags.
            QString t = (noiseRecorded ? QString() : QStringLiteral("~")) + QString::number(*v, 'f', *v < 10 ? 2 : 1)
                + QStringLiteral(" %");
            if (noisy)
                t += QLatin1Char(' ') + tr("NOISY");
            if (lowClock)
                t += QLatin1Char(' ') + tr("LOW CLOCK");
            return t;
        }
        case BandwidthColumn: return QString::number(*v, 'f', 1);
        case PctPeakColumn:
        case PctCeilingColumn: return QString::number(*v, 'f', 1);
        case SpeedupColumn: return QStringLiteral("%1×").arg(QString::number(*v, 'g', 4));
        case ErrorColumn: return QString::number(*v, 'g', 3);
        }
        return {};
    }
    case SortRole: {
        if (col == KernelColumn)
            return shown.label;
        if (col == StatusColumn)
            return int(r.status);
        const auto v = value(index.row(), col);
        return v ? QVariant(*v) : QVariant();
    }
    case Qt::ToolTipRole: {
        QString tip = tr("%1 (%2), n = %3, block %4, coarse %5: %6")
                          .arg(qs(r.strategy), qs(r.kernel.empty() ? r.family : r.kernel))
                          .arg(qint64(r.n)).arg(r.block_size).arg(r.coarse_factor)
                          .arg(views::statusLabel(r.status));
        if (r.abs_error && r.tolerance)
            tip += tr("\n|error| %1, tolerance %2").arg(*r.abs_error, 0, 'g', 4).arg(*r.tolerance, 0, 'g', 4);
        if (!r.message.empty())
            tip += QLatin1Char('\n') + toolSaid(qs(r.message));  // the file's words, as written
        if (col == NoiseColumn && shown.engine.noise)
            tip += QLatin1Char('\n')
                + (noiseRecorded ? tr("Noise: relative median absolute deviation of the samples, as recorded")
                                 : tr("Noise: half the min–max spread of the times (this file records no noise)"))
                + (noisy ? tr("; above the run's noise limit") : QString())
                + (lowClock ? tr("; a clock read below 75 % of its maximum during the run") : QString());
        if (col == KernelColumn)
            tip += tr("\nDouble-click to open this strategy in the step pane.");
        return tip;
    }
    case Qt::ForegroundRole:
        if (col == NoiseColumn && (noisy || lowClock))
            return QBrush(QColor(0xc0, 0x70, 0x00));
        if (col == StatusColumn || col == ErrorColumn) {
            if (r.status == bench::Status::Wrong || r.status == bench::Status::Error)
                return QBrush(QColor(0xd0, 0x20, 0x20));
            if (r.status == bench::Status::ExpectedWrong || r.status == bench::Status::Skipped)
                return QBrush(QColor(0xc0, 0x70, 0x00));
        }
        return {};
    case Qt::FontRole:
        if (col == StatusColumn && r.status == bench::Status::Wrong) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (col == KernelColumn || col == StatusColumn)
            return int(Qt::AlignLeft | Qt::AlignVCenter);
        return int(Qt::AlignRight | Qt::AlignVCenter);
    case StrategyRole: return qs(r.strategy);
    case StatusRole: return int(r.status);
    default: return {};
    }
}

QVariant BenchTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case KernelColumn: return tr("Kernel");
        case NColumn: return tr("N");
        case BlockColumn: return tr("Block");
        case CoarseColumn: return tr("Coarse");
        case MedianColumn: return tr("Median (µs)");
        case MinColumn: return tr("Min (µs)");
        case MaxColumn: return tr("Max (µs)");
        case NoiseColumn: return tr("Noise");
        case BandwidthColumn: return tr("GB/s");
        case PctPeakColumn: return tr("% peak");
        case PctCeilingColumn: return tr("% ceiling");
        case SpeedupColumn:
            return m_baseline.isEmpty() ? tr("Speed-up") : tr("Speed-up vs %1").arg(m_baseline);
        case ErrorColumn: return tr("|Error|");
        case StatusColumn: return tr("Status");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case BlockColumn: return tr("Threads per block");
        case CoarseColumn: return tr("Coarse factor (COARSE_FACTOR)");
        case NoiseColumn:
            return tr("Relative noise of the time: the recorded median absolute deviation, or ~ half the min–max "
                      "spread; NOISY above the run's noise limit, LOW CLOCK below 75 % of the maximum clock");
        case BandwidthColumn: return tr("Effective bandwidth: bytes read / median time, 10^9 bytes per second");
        case PctPeakColumn: return tr("Bandwidth as % of the datasheet peak");
        case PctCeilingColumn: return tr("Bandwidth as % of the measured read-only ceiling at this N");
        case ErrorColumn: return tr("|result - float64 reference|");
        }
    }
    return {};
}

BenchSortProxy::BenchSortProxy(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(BenchTableModel::SortRole);
}

bool BenchSortProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    const QVariant l = left.data(sortRole());
    const QVariant r = right.data(sortRole());
    if (!l.isValid() || !r.isValid()) {
        if (l.isValid() == r.isValid())
            return left.row() < right.row();
        // The empty one goes last whatever the order.
        return l.isValid() == (sortOrder() == Qt::AscendingOrder);
    }
    if (l.typeId() == QMetaType::QString || r.typeId() == QMetaType::QString)
        return QString::compare(l.toString(), r.toString(), Qt::CaseInsensitive) < 0;
    return l.toDouble() < r.toDouble();
}

} // namespace reducescope::app
