// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/counters_view.h"

#include <QLabel>
#include <QTextDocument>
#include <QVBoxLayout>

#include <algorithm>

namespace reducescope::views {
namespace {

QString percent(long long part, long long whole)
{
    if (whole <= 0)
        return QStringLiteral("–");
    return QStringLiteral("%1 %").arg(100.0 * double(part) / double(whole), 0, 'f', 0);
}

struct Column {
    QString group;   ///< strategy name in compare mode (spans its columns), else empty
    QString title;
    QStringList cells;
};

QStringList cellsOf(long long active, long long laneSlots, long long divergent, long long wavefronts, long long extra,
                    long long sectors, long long barriers, long long atomics, long long adds)
{
    return {QStringLiteral("%1 / %2").arg(active).arg(laneSlots), percent(active, laneSlots), QString::number(divergent),
            QString::number(wavefronts), QString::number(extra), QString::number(sectors), QString::number(barriers),
            QString::number(atomics), QString::number(adds)};
}

// Three columns per trace (this step, running total, whole trace); two in compare mode.
QVector<Column> columnsFor(const model::Trace& t, int k, bool compare)
{
    const model::StepCounters& s = t.steps[std::size_t(k)].counters;
    const model::StepCounters r = runningTotals(t, k);
    const model::Totals& tot = t.totals;
    const QString group = compare ? QString::fromStdString(t.strategy) : QString();
    QVector<Column> cols;
    cols.push_back({group, QStringLiteral("step %1").arg(k + 1),
                    cellsOf(s.active_lanes, s.lane_slots, s.divergent_warps, s.shared_wavefronts, s.extra_shared_wavefronts,
                            s.global_sectors, s.barriers, s.atomics, s.adds)});
    if (!compare)
        cols.push_back({group, QStringLiteral("steps 1–%1").arg(k + 1),
                        cellsOf(r.active_lanes, r.lane_slots, r.divergent_warps, r.shared_wavefronts, r.extra_shared_wavefronts,
                                r.global_sectors, r.barriers, r.atomics, r.adds)});
    cols.push_back({group, QStringLiteral("whole trace"),
                    cellsOf(tot.active_lane_slots, tot.issued_lane_slots, tot.divergent_warp_steps, tot.shared_wavefronts,
                            tot.extra_shared_wavefronts, tot.global_sectors, tot.barriers, tot.atomics, tot.adds)});
    return cols;
}

QString resultLine(const model::Trace& t)
{
    QString line = QStringLiteral("<b>%1</b>: result %2, float64 reference %3")
                       .arg(QString::fromStdString(t.strategy).toHtmlEscaped())
                       .arg(double(t.result), 0, 'g', 7).arg(t.reference, 0, 'g', 7);
    if (t.expected_wrong)
        line += QStringLiteral(" — <span style='color:#c62828'>expected wrong: lost updates carried %1</span>")
                    .arg(t.lost_value, 0, 'g', 7);
    return line;
}

} // namespace

model::StepCounters runningTotals(const model::Trace& trace, int k)
{
    model::StepCounters sum;
    for (int i = 0; i <= k && i < int(trace.steps.size()); ++i) {
        const model::StepCounters& c = trace.steps[std::size_t(i)].counters;
        sum.active_lanes += c.active_lanes;
        sum.lane_slots += c.lane_slots;
        sum.divergent_warps += c.divergent_warps;
        sum.shared_wavefronts += c.shared_wavefronts;
        sum.extra_shared_wavefronts += c.extra_shared_wavefronts;
        sum.global_sectors += c.global_sectors;
        sum.barriers += c.barriers;
        sum.atomics += c.atomics;
        sum.adds += c.adds;
    }
    return sum;
}

CountersView::CountersView(QWidget* parent)
    : QWidget(parent)
    , m_label(new QLabel(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::RichText);
    m_label->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_label);
    setTraces(nullptr, 0);
}

void CountersView::setTraces(std::shared_ptr<const model::Trace> a, int stepA,
                             std::shared_ptr<const model::Trace> b, int stepB)
{
    if (!a || a->steps.empty()) {
        m_label->setText(tr("No trace yet."));
        return;
    }
    stepA = std::clamp(stepA, 0, int(a->steps.size()) - 1);
    const bool compare = b && !b->steps.empty();
    QVector<Column> cols = columnsFor(*a, stepA, compare);
    if (compare) {
        stepB = std::clamp(stepB, 0, int(b->steps.size()) - 1);
        cols += columnsFor(*b, stepB, true);
    }
    const QStringList rows{tr("active lanes / slots"), tr("lane utilisation"), tr("divergent warps"),
                           tr("shared wavefronts"), tr("extra wavefronts (conflicts)"), tr("global sectors"),
                           tr("barriers"), tr("atomics"), tr("adds")};
    QString html = QStringLiteral("<table cellspacing='0' cellpadding='3'>");
    if (compare) {
        html += QStringLiteral("<tr><th></th><th colspan='2' align='center'>%1</th><th colspan='2' align='center'>%2</th></tr>")
                    .arg(cols[0].group.toHtmlEscaped(), cols[2].group.toHtmlEscaped());
    }
    html += QStringLiteral("<tr><th></th>");
    for (const Column& c : cols)
        html += QStringLiteral("<th align='right'>%1</th>").arg(c.title.toHtmlEscaped());
    html += QStringLiteral("</tr>");
    for (int r = 0; r < rows.size(); ++r) {
        html += QStringLiteral("<tr><td>%1</td>").arg(rows[r]);
        for (const Column& c : cols)
            html += QStringLiteral("<td align='right'>%1</td>").arg(c.cells[r]);
        html += QStringLiteral("</tr>");
    }
    html += QStringLiteral("</table>");
    auto explain = [](const model::Trace& t, int k) {
        const model::Step& s = t.steps[std::size_t(k)];
        return QStringLiteral("<p><b>%1</b><br>%2</p>")
            .arg(QString::fromStdString(s.label).toHtmlEscaped(), QString::fromStdString(s.explanation).toHtmlEscaped());
    };
    html += explain(*a, stepA);
    if (b && !b->steps.empty())
        html += explain(*b, stepB);
    html += QStringLiteral("<p>") + resultLine(*a);
    if (b)
        html += QStringLiteral("<br>") + resultLine(*b);
    html += QStringLiteral("</p>");
    m_label->setText(html);
}

QString CountersView::plainText() const
{
    QTextDocument doc;
    doc.setHtml(m_label->text());
    return doc.toPlainText();
}

} // namespace reducescope::views
