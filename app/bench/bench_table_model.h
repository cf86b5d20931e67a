// SPDX-License-Identifier: GPL-3.0-or-later
// The benchmark results table: one row per kernel run. Sort through BenchSortProxy (a
// QSortFilterProxyModel on BenchTableModel::SortRole: numbers as numbers, empty cells last).
#pragma once

#include "views/bench/bench_data.h"

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

    /// Replaces all rows (one model reset: opening a file, a new run). `speedups` is aligned with
    /// results.results (may be empty); `baseline` names the baseline strategy for the speed-up
    /// header. Rows are shown in catalogue order, then by N (as the charts).
    void setResults(const views::BenchResults& results, const QList<std::optional<double>>& speedups,
                    const QString& baseline);
    /// Adds the results of a running benchmark without a reset (a reset per refresh
    /// relaid out every row, so streaming grew quadratically). `added` are the results that arrived
    /// since the last call, in arrival order; each goes to its place in the catalogue order (after
    /// the rows of equal rank and N: the order setResults gives), the rows with one place in one
    /// beginInsertRows. `speedups` covers every row, old and new, in arrival order (as
    /// benchSpeedups of all results so far); old rows whose speed-up changed (a baseline that
    /// arrived late) get dataChanged on the speed-up column, see setSpeedups.
    void appendResults(const QList<views::BenchResult>& added, const QList<std::optional<double>>& speedups,
                       const QString& baseline);
    /// Appends one row (a result arriving from a running benchmark) at the end, without reordering.
    void appendResult(const views::BenchResult& result, std::optional<double> speedup = std::nullopt);
    /// New speed-ups (arrival order, one per row; missing entries are empty) against `baseline`:
    /// dataChanged on SpeedupColumn over the rows whose value changed (one signal, the smallest
    /// row range holding them), headerDataChanged when the baseline changed. No reset.
    void setSpeedups(const QList<std::optional<double>>& speedups, const QString& baseline);
    /// Removes all rows.
    void clear();
    /// The result shown in `row`.
    const views::BenchResult& resultAt(int row) const { return m_rows.at(m_order.at(row)); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::optional<double> value(int row, int column) const;

    /// Where a result with this rank and n goes among the shown rows (after the equal ones).
    int placeFor(const views::BenchResult& r) const;

    QList<views::BenchResult> m_rows;          ///< in arrival order (as the pane's results)
    QList<std::optional<double>> m_speedups;   ///< aligned with m_rows
    QList<int> m_order;                        ///< shown row -> index in m_rows
    QList<int> m_rank;                         ///< views::catalogueRank of each of m_rows
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
