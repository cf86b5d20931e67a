// SPDX-License-Identifier: GPL-3.0-or-later
// The "Table" view: every step of a trace as one row (values, active lanes, divergence, conflicts).
#pragma once

#include "model/trace.h"

#include <QAbstractTableModel>

#include <memory>

namespace reducescope::views {

/// Table model over Trace::steps. Read-only.
class StepTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    /// Columns, in display order.
    enum Column { Step, Label, Stride, Values, ActiveLanes, DivergentWarps, ConflictWays, Wavefronts,
                  Barriers, Atomics, ColumnCount };

    explicit StepTableModel(QObject* parent = nullptr);

    /// Replaces the shown trace (null: empty table).
    void setTrace(std::shared_ptr<const model::Trace> trace);
    /// Tells the views that headers and texts changed (the window's language did).
    void retranslate();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const model::Trace> m_trace;
};

} // namespace reducescope::views
