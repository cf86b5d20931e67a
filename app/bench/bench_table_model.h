// SPDX-License-Identifier: GPL-3.0-or-later
// The benchmark results table: one row per kernel run of a bench::ResultsFile. Sort through
// BenchSortProxy (a QSortFilterProxyModel on BenchTableModel::SortRole: numbers as numbers, empty
// cells last).
#pragma once

#include "bench/compare.h"
#include "bench/results_file.h"

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
        StatusRole,                    ///< bench::Status as int
    };

    explicit BenchTableModel(QObject* parent = nullptr);

    /// Replaces all rows (one model reset: opening a file, a new run) by one per result of
    /// `results`. The model keeps a pointer to `results`, not a copy: it must stay where it is
    /// until the next setResults() or clear() (it may grow: appendResults()). `speedups` is aligned
    /// with results.results (may be empty); `baseline` names the baseline strategy for the
    /// speed-up header. Rows are shown in catalogue order, then by N (as the charts).
    void setResults(const bench::ResultsFile& results, const QList<std::optional<double>>& speedups,
                    const QString& baseline);
    /// Adds the results of a running benchmark without a reset (a reset per refresh relaid out
    /// every row, so streaming grew quadratically): `results` is the file of setResults() grown at
    /// its end, and its results after the rows the model holds become rows. Each goes to its place
    /// in the catalogue order (after the rows of equal rank and N: the order setResults gives), the
    /// rows with one place in one beginInsertRows. `speedups` covers every result, old and new, in
    /// file order (as benchSpeedups of the file); old rows whose speed-up changed (a baseline that
    /// arrived late) get dataChanged on the speed-up column, see setSpeedups. Another file, or one
    /// with fewer results than rows, is a setResults() instead.
    void appendResults(const bench::ResultsFile& results, const QList<std::optional<double>>& speedups,
                       const QString& baseline);
    /// New speed-ups (file order, one per row; missing entries are empty) against `baseline`:
    /// dataChanged on SpeedupColumn over the rows whose value changed (one signal, the smallest
    /// row range holding them), headerDataChanged when the baseline changed. No reset.
    void setSpeedups(const QList<std::optional<double>>& speedups, const QString& baseline);
    /// Removes all rows.
    void clear();
    /// The result shown in `row` (0 <= row < rowCount()).
    const bench::Result& resultAt(int row) const { return m_file->results.at(std::size_t(m_order.at(row))); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    /// What the table shows of each result, worked out once when its row is added.
    struct Row {
        QString label;                 ///< views::resultLabel
        int rank = 0;                  ///< views::catalogueRank of the label
        bench::EngineFields engine;    ///< noise and its flags (bench::engine_fields)
    };
    std::optional<double> value(int row, int column) const;
    /// The result of shown row `row`, or null when the file no longer holds it.
    const bench::Result* at(int row) const;
    /// Row data of the file's result `i`.
    Row rowOf(std::size_t i) const;

    /// Where a result with this rank and n goes among the shown rows (after the equal ones).
    int placeFor(int rank, std::size_t n) const;

    const bench::ResultsFile* m_file = nullptr;  ///< the rows' file (setResults); not owned
    QList<Row> m_rows;                         ///< in file order: m_rows[i] is m_file->results[i]
    QList<std::optional<double>> m_speedups;   ///< aligned with m_rows
    QList<int> m_order;                        ///< shown row -> index in m_rows
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
