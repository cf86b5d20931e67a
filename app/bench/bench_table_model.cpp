// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/bench/bench_table_model.h"

#include "app/common/message_text.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include "views/bench/bench_chart.h"

#include <algorithm>
#include <numeric>

namespace reducescope::app {
using views::BenchResult;
using views::BenchStatus;

BenchTableModel::BenchTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void BenchTableModel::setResults(const views::BenchResults& results,
                                 const QList<std::optional<double>>& speedups, const QString& baseline)
{
    beginResetModel();
    m_rows = results.results;
    m_speedups.clear();
    m_rank.clear();
    m_speedups.reserve(m_rows.size());
    m_rank.reserve(m_rows.size());
    for (int i = 0; i < m_rows.size(); ++i) {
        m_speedups << speedups.value(i);
        m_rank << views::catalogueRank(m_rows.at(i).label());
    }
    // Rows in catalogue order (as the charts), then by N; the proxy sorts by any column on demand.
    m_order.resize(m_rows.size());
    std::iota(m_order.begin(), m_order.end(), 0);
    std::stable_sort(m_order.begin(), m_order.end(), [this](int a, int b) {
        return m_rank.at(a) != m_rank.at(b) ? m_rank.at(a) < m_rank.at(b) : m_rows.at(a).n < m_rows.at(b).n;
    });
    m_baseline = baseline;
    endResetModel();
    emit headerDataChanged(Qt::Horizontal, SpeedupColumn, SpeedupColumn);
}

int BenchTableModel::placeFor(const views::BenchResult& r) const
{
    const int rank = views::catalogueRank(r.label());
    const auto it = std::upper_bound(m_order.begin(), m_order.end(), std::pair(rank, r.n), [this](const auto& key, int i) {
        return key.first != m_rank.at(i) ? key.first < m_rank.at(i) : key.second < m_rows.at(i).n;
    });
    return int(it - m_order.begin());
}

void BenchTableModel::appendResults(const QList<views::BenchResult>& added,
                                    const QList<std::optional<double>>& speedups, const QString& baseline)
{
    // Each new row's place among the rows shown before this call (after the rows of equal key),
    // then the new rows sorted by (place, key), arrival order among equals: inserted as one block
    // per place, the order is the one setResults gives. A sweep that arrives strategy by strategy
    // is one block at the end; one that arrives n by n, one block per strategy.
    struct Pending {
        int place;
        int index;  ///< in m_rows
    };
    QList<Pending> pending;
    pending.reserve(added.size());
    for (const views::BenchResult& r : added) {
        pending << Pending{placeFor(r), int(m_rows.size())};
        m_rows << r;
        m_speedups << std::nullopt;
        m_rank << views::catalogueRank(r.label());
    }
    std::stable_sort(pending.begin(), pending.end(), [this](const Pending& a, const Pending& b) {
        if (a.place != b.place)
            return a.place < b.place;
        return m_rank.at(a.index) != m_rank.at(b.index) ? m_rank.at(a.index) < m_rank.at(b.index)
                                                        : m_rows.at(a.index).n < m_rows.at(b.index).n;
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

void BenchTableModel::appendResult(const views::BenchResult& result, std::optional<double> speedup)
{
    const int row = int(m_rows.size());
    beginInsertRows({}, row, row);
    m_order << int(m_rows.size());
    m_rows << result;
    m_speedups << speedup;
    m_rank << views::catalogueRank(result.label());
    endInsertRows();
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
    m_rows.clear();
    m_speedups.clear();
    m_order.clear();
    m_rank.clear();
    endResetModel();
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
    const BenchResult& r = m_rows.at(i);
    switch (column) {
    case NColumn: return double(r.n);
    case BlockColumn: return double(r.block_size);
    case CoarseColumn: return double(r.coarse_factor);
    case MedianColumn: return r.time ? std::optional(r.time->median_ms * 1000) : std::nullopt;
    case MinColumn: return r.time ? std::optional(r.time->min_ms * 1000) : std::nullopt;
    case MaxColumn: return r.time ? std::optional(r.time->max_ms * 1000) : std::nullopt;
    case NoiseColumn: return r.time && r.noise ? std::optional(*r.noise * 100) : std::nullopt;  // %
    case BandwidthColumn: return r.hasSpeed() ? r.bandwidth_gbs : std::nullopt;
    case PctPeakColumn: return r.hasSpeed() ? r.pct_peak : std::nullopt;
    case PctCeilingColumn: return r.hasSpeed() ? r.pct_ceiling : std::nullopt;
    case SpeedupColumn: return r.hasSpeed() ? m_speedups.value(i) : std::nullopt;
    case ErrorColumn: return r.abs_error;
    default: return std::nullopt;
    }
}

QVariant BenchTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_order.size() || index.column() >= ColumnCount)
        return {};
    const BenchResult& r = m_rows.at(m_order.at(index.row()));
    const int col = index.column();
    switch (role) {
    case Qt::DisplayRole: {
        if (col == KernelColumn)
            return r.label();
        if (col == StatusColumn)
            return views::benchStatusLabel(r.status);
        const auto v = value(index.row(), col);
        if (!v)
            return (col == MedianColumn && !r.time) ? QStringLiteral("—") : QString();
        switch (col) {
        case NColumn: return QString::number(r.n);
        case BlockColumn: return QString::number(r.block_size);
        case CoarseColumn: return QString::number(r.coarse_factor);
        case MedianColumn:
        case MinColumn:
        case MaxColumn: return QString::number(*v, 'g', 4);  // µs
        case NoiseColumn: {
            // "0.41 %" (recorded MAD) or "~9.5 %" (half the min–max spread), then the flags.
            QString t = (r.noise_recorded ? QString() : QStringLiteral("~")) + QString::number(*v, 'f', *v < 10 ? 2 : 1)
                + QStringLiteral(" %");
            if (r.noisy)
                t += QLatin1Char(' ') + tr("NOISY");
            if (r.low_clock)
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
            return r.label();
        if (col == StatusColumn)
            return int(r.status);
        const auto v = value(index.row(), col);
        return v ? QVariant(*v) : QVariant();
    }
    case Qt::ToolTipRole: {
        QString tip = tr("%1 (%2), n = %3, block %4, coarse %5: %6")
                          .arg(r.strategy, r.kernel.isEmpty() ? r.family : r.kernel)
                          .arg(r.n).arg(r.block_size).arg(r.coarse_factor)
                          .arg(views::benchStatusLabel(r.status));
        if (r.abs_error && r.tolerance)
            tip += tr("\n|error| %1, tolerance %2").arg(*r.abs_error, 0, 'g', 4).arg(*r.tolerance, 0, 'g', 4);
        if (!r.message.isEmpty())
            tip += QLatin1Char('\n') + toolSaid(r.message);  // the file's words, as written
        if (col == NoiseColumn && r.noise)
            tip += QLatin1Char('\n')
                + (r.noise_recorded ? tr("Noise: relative median absolute deviation of the samples, as recorded")
                                    : tr("Noise: half the min–max spread of the times (this file records no noise)"))
                + (r.noisy ? tr("; above the run's noise limit") : QString())
                + (r.low_clock ? tr("; a clock read below 75 % of its maximum during the run") : QString());
        if (col == KernelColumn)
            tip += tr("\nDouble-click to open this strategy in the step pane.");
        return tip;
    }
    case Qt::ForegroundRole:
        if (col == NoiseColumn && (r.noisy || r.low_clock))
            return QBrush(QColor(0xc0, 0x70, 0x00));
        if (col == StatusColumn || col == ErrorColumn) {
            if (r.status == BenchStatus::Wrong || r.status == BenchStatus::Error)
                return QBrush(QColor(0xd0, 0x20, 0x20));
            if (r.status == BenchStatus::ExpectedWrong || r.status == BenchStatus::Skipped)
                return QBrush(QColor(0xc0, 0x70, 0x00));
        }
        return {};
    case Qt::FontRole:
        if (col == StatusColumn && r.status == BenchStatus::Wrong) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (col == KernelColumn || col == StatusColumn)
            return int(Qt::AlignLeft | Qt::AlignVCenter);
        return int(Qt::AlignRight | Qt::AlignVCenter);
    case StrategyRole: return r.strategy;
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
