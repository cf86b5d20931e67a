// SPDX-License-Identifier: GPL-3.0-or-later
// The benchmark results table: one row per kernel run. Sort through BenchSortProxy (a
// QSortFilterProxyModel on BenchTableModel::SortRole: numbers as numbers, empty cells last).
#pragma once

#include "views/bench_data.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

#include <optional>

namespace reducescope::app {

class BenchTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    /// Columns, left to right. Times in µs (the files keep ms), bandwidth in 10^9 bytes/s.
    enum Column {
        KernelColumn, NColumn, BlockColumn, CoarseColumn, MedianColumn, MinColumn, MaxColumn, NoiseColumn, BandwidthColumn,
        PctPeakColumn, PctCeilingColumn, SpeedupColumn, ErrorColumn, StatusColumn, ColumnCount
    };
    /// Custom roles.
    enum Role {
        SortRole = Qt::UserRole + 1,   ///< raw value for sorting (double, or QVariant() when empty)
        StrategyRole,                  ///< the strategy id of the row (QString)
        StatusRole,                    ///< views::BenchStatus as int
    };

    explicit BenchTableModel(QObject* parent = nullptr);

    /// Replaces all rows. `speedups` is aligned with results.results (may be empty); `baseline`
    /// names the baseline strategy for the speed-up header.
    void setResults(const views::BenchResults& results, const QList<std::optional<double>>& speedups,
                    const QString& baseline);
    /// Appends one row (a result arriving from a running benchmark).
    void appendResult(const views::BenchResult& result, std::optional<double> speedup = std::nullopt);
    /// Removes all rows.
    void clear();
    /// The result shown in `row`.
    const views::BenchResult& resultAt(int row) const { return m_rows.at(row); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::optional<double> value(int row, int column) const;

    QList<views::BenchResult> m_rows;
    QList<std::optional<double>> m_speedups;
    QString m_baseline;
};

/// Sorts a BenchTableModel by SortRole, numbers as numbers, keeping empty cells (no verified
/// figure) at the bottom in both orders.
class BenchSortProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit BenchSortProxy(QObject* parent = nullptr);

protected:
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;
};

} // namespace reducescope::app
