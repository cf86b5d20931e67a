// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/step/step_table_model.h"

#include "views/common/model_text.h"

#include <cmath>

namespace reducescope::views {
namespace {

// Values shown in a cell: the first 32, then an ellipsis (the tooltip has them all).
QString joinValues(const std::vector<float>& values, std::size_t limit)
{
    QStringList parts;
    for (std::size_t i = 0; i < values.size() && i < limit; ++i)
        parts << floatText(values[i], 6);
    QString s = parts.join(QStringLiteral(", "));
    if (values.size() > limit)
        s += StepTableModel::tr(", … (%n value(s))", nullptr, int(values.size()));
    return s;
}

} // namespace

StepTableModel::StepTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void StepTableModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void StepTableModel::setTrace(std::shared_ptr<const model::Trace> trace)
{
    beginResetModel();
    m_trace = std::move(trace);
    endResetModel();
}

int StepTableModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_trace)
        return 0;
    return int(m_trace->steps.size());
}

int StepTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant StepTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) || !m_trace)
        return {};
    const model::Step& s = m_trace->steps[std::size_t(index.row())];
    if (role == Qt::ToolTipRole && index.column() == Values)
        return joinValues(s.values, s.values.size());
    if (role == Qt::ToolTipRole && index.column() == Label)
        return stepExplanation(s);
    if (role == Qt::TextAlignmentRole)
        return index.column() == Label || index.column() == Values ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                                   : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (Column(index.column())) {
    case Step: return index.row() + 1;
    case Label: return stepLabel(s);
    case Stride: return s.stride ? QVariant(*s.stride) : QVariant(QStringLiteral("–"));
    case Values: return joinValues(s.values, 32);
    case ActiveLanes: return QStringLiteral("%1 / %2").arg(s.counters.active_lanes).arg(s.counters.lane_slots);
    case DivergentWarps: return s.counters.divergent_warps;
    case ConflictWays: return s.max_conflict_ways > 0 ? QVariant(s.max_conflict_ways) : QVariant(QStringLiteral("–"));
    case Wavefronts: return tr("%1 (%2 extra)").arg(s.counters.shared_wavefronts).arg(s.counters.extra_shared_wavefronts);
    case Barriers: return s.counters.barriers;
    case Atomics: return s.counters.atomics;
    case ColumnCount: break;
    }
    return {};
}

QVariant StepTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Step: return tr("step");
    case Label: return tr("label");
    case Stride: return tr("stride / offset");
    case Values: return tr("values after the step");
    case ActiveLanes: return tr("active lanes / slots");
    case DivergentWarps: return tr("divergent warps");
    case ConflictWays: return tr("worst n-way conflict");
    case Wavefronts: return tr("shared wavefronts");
    case Barriers: return tr("barriers");
    case Atomics: return tr("atomics");
    case ColumnCount: break;
    }
    return {};
}

} // namespace reducescope::views
