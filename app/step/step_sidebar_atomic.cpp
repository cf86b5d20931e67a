// SPDX-License-Identifier: GPL-3.0-or-later
// The sidebar's "atomic order seed" (determinism of atomics): the model replays the float atomics
// of one address in another order (model::Params::atomic_order), and a line shows the float result
// of that order beside the exact float64 sum. On [1e8, 1, -1e8, 1, ...] the float sum changes with
// the seed while the exact sum does not: why atomic kernels give a different sum on each GPU run.
// Kept in a file of its own: it came later than the rest of the sidebar.
#include "app/step/step_sidebar.h"

#include "model/simulate.h"
#include "views/common/model_text.h"

#include <QLabel>
#include <QSpinBox>

namespace reducescope::app {

void StepSidebar::buildAtomicOrder()
{
    m_atomicOrder = new QSpinBox;
    m_atomicOrder->setRange(0, model::kMaxAtomicOrder);
    m_atomicOrder->setKeyboardTracking(false);
    m_atomicSum = new QLabel;
    m_atomicSum->setWordWrap(true);
    m_atomicSum->setTextInteractionFlags(Qt::TextSelectableByMouse);
}

void StepSidebar::refreshAtomicOrder()
{
    m_atomicOrder->setSpecialValueText(tr("0 (block, warp, lane)"));
    const bool applies = m_state->atomicOrderApplies();
    m_atomicOrder->setEnabled(applies);
    m_atomicOrder->setToolTip(
        applies ? tr("Replays the float atomics on one address in another order (0: by block, warp and lane; "
                     "1..%1: a pseudo-random order). The GPU picks its own order on every run.")
                      .arg(model::kMaxAtomicOrder)
                : tr("This strategy merges in a fixed order (no float atomics on one address): every order gives "
                     "the same result."));
    const auto trace = m_state->trace();
    if (!trace) {
        m_atomicSum->clear();
        return;
    }
    if (trace->expected_wrong) {
        // race: the exact count of lost updates under this interleaving, from the trace's records.
        const model::LostUpdates l = model::lost_updates(*trace);
        m_atomicOrder->setToolTip(tr("Picks how the warps of the race interleave (0: one warp after another, the "
                                     "highest lane's store winning; 1..%1: a pseudo-random schedule in which warps "
                                     "overlap). The GPU picks its own on every run.")
                                      .arg(model::kMaxAtomicOrder));
        m_atomicSum->setText(tr("Result of this interleaving: %1 · exact sum (float64): %2 · %n of %3 updates lost",
                                nullptr, l.lost)
                                 .arg(QString::number(double(trace->result), 'g', 9),
                                      QString::number(trace->reference, 'g', 17), QString::number(l.updates)));
        return;
    }
    const bool max = trace->operation == model::Operation::Max;
    const QString value = views::numberText(double(trace->result), 9);
    const QString exact = views::numberText(trace->reference, 17);
    m_atomicSum->setText(applies ? (max ? tr("Result in this atomic order: %1 · float64 max: %2")
                                        : tr("Float sum in this atomic order: %1 · exact sum (float64): %2"))
                                       .arg(value, exact)
                                 : (max ? tr("Result: %1 · float64 max: %2") : tr("Float sum: %1 · exact sum (float64): %2"))
                                       .arg(value, exact));
}

} // namespace reducescope::app
