// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/step/counters_view.h"

#include <QCoreApplication>

#include "views/common/model_text.h"
#include "views/common/view_colors.h"

#include "model/simulate.h"

#include <QEvent>
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

// Rows a GPU probe cannot see (shared wavefronts, extra wavefronts, sectors, barriers, atomics,
// adds: a record carries the value after a step, not the operations that made it).
void markNotRecorded(QVector<Column>& cols)
{
    for (Column& c : cols)
        for (int r = 3; r <= 8 && r < c.cells.size(); ++r)
            c.cells[r] = CountersView::tr("not recorded");
}

// Three columns per trace (this step, running total, whole trace); two in compare mode.
QVector<Column> columnsFor(const model::Trace& t, int k, const model::StepCounters& r, bool compare)
{
    const model::StepCounters& s = t.steps[std::size_t(k)].counters;
    const model::Totals& tot = t.totals;
    const QString group = compare ? QString::fromStdString(t.strategy) : QString();
    QVector<Column> cols;
    cols.push_back({group, CountersView::tr("step %1").arg(k + 1),
                    cellsOf(s.active_lanes, s.lane_slots, s.divergent_warps, s.shared_wavefronts, s.extra_shared_wavefronts,
                            s.global_sectors, s.barriers, s.atomics, s.adds)});
    if (!compare)
        // The running total; at the first step it is that step alone (not "steps 1–1").
        cols.push_back({group, k == 0 ? CountersView::tr("so far (step 1)") : CountersView::tr("steps 1–%1").arg(k + 1),
                        cellsOf(r.active_lanes, r.lane_slots, r.divergent_warps, r.shared_wavefronts, r.extra_shared_wavefronts,
                                r.global_sectors, r.barriers, r.atomics, r.adds)});
    cols.push_back({group, CountersView::tr("whole trace"),
                    cellsOf(tot.active_lane_slots, tot.issued_lane_slots, tot.divergent_warp_steps, tot.shared_wavefronts,
                            tot.extra_shared_wavefronts, tot.global_sectors, tot.barriers, tot.atomics, tot.adds)});
    return cols;
}

QString resultLine(const model::Trace& t)
{
    QString line = CountersView::tr("<b>%1</b>: result %2, float64 reference %3")
                       .arg(QString::fromStdString(t.strategy).toHtmlEscaped())
                       .arg(numberText(double(t.result)), numberText(t.reference));
    if (!t.faults.empty())  // an own kernel's run that stopped at a fault: no result, what *output held then
        line = CountersView::tr("<b>%1</b>: stopped by a fault, *output %2, float64 reference %3")
                   .arg(QString::fromStdString(t.strategy).toHtmlEscaped())
                   .arg(numberText(double(t.result)), numberText(t.reference));
    if (t.zero_sign_depends_on_order)  // a max of ±0 over blocks (trace.h)
        line = QStringLiteral("<b>%1</b>: %2").arg(QString::fromStdString(t.strategy).toHtmlEscaped(),
                    CountersView::tr("result ±0, float64 reference ±0: the sign of the zero depends on the order of "
                                     "the atomics"));
    if (t.expected_wrong) {
        const model::LostUpdates lost = model::lost_updates(t);
        line += QStringLiteral(" — <span style='color:#c62828'>%1</span>")
                    .arg(CountersView::tr("expected wrong: %n of %1 updates lost, carrying %2", nullptr, lost.lost)
                             .arg(lost.updates)
                             .arg(numberText(t.lost_value)));
    }
    for (const model::Note& n : t.notes)  // an own kernel's run that left input unread (trace.h)
        line += QStringLiteral("<br><span style='color:#8a4b00'>⚠ %1</span>")
                    .arg(noteText(n).toHtmlEscaped());
    return line;
}

} // namespace

CountersView::CountersView(QWidget* parent)
    : QWidget(parent)
    , m_banner(new QLabel(this))
    , m_label(new QLabel(this))
    , m_hardware(new QLabel(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_banner->setWordWrap(true);
    m_banner->setTextFormat(Qt::PlainText);
    QFont bold = m_banner->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.15);
    m_banner->setFont(bold);
    m_banner->setContentsMargins(8, 6, 8, 6);
    m_banner->setAutoFillBackground(true);
    m_banner->hide();
    for (QLabel* l : {m_label, m_hardware}) {
        l->setWordWrap(true);
        l->setTextFormat(Qt::RichText);
        l->setAlignment(Qt::AlignTop | Qt::AlignLeft);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_hardware->hide();
    layout->addWidget(m_banner);
    layout->addWidget(m_label);
    layout->addWidget(m_hardware);
    setTraces({});
}

void CountersView::setRecordedBanner(const QString& banner, bool probeRecording)
{
    m_recordedBanner = banner;
    m_probeRecording = probeRecording && !banner.isEmpty();
    m_banner->setText(banner);
    m_banner->setVisible(!banner.isEmpty());
    QPalette pal = m_banner->palette();
    pal.setColor(QPalette::Window, ViewColors::fromPalette(palette()).recorded);
    pal.setColor(QPalette::WindowText, Qt::white);
    m_banner->setPalette(pal);
    render();
}

void CountersView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        render();  // the hardware section is the app's: it sets it again in the new language
    QWidget::changeEvent(event);
}

void CountersView::setTraces(const TraceAtStep& a, const TraceAtStep& b)
{
    m_a = a;
    m_b = b;
    render();
}

void CountersView::render()
{
    const std::shared_ptr<const model::Trace>& a = m_a.trace;
    const std::shared_ptr<const model::Trace>& b = m_b.trace;
    if (!a || a->steps.empty()) {
        m_label->setText(tr("No trace yet."));
        return;
    }
    const int stepA = std::clamp(m_a.step, 0, int(a->steps.size()) - 1);
    const bool compare = b && !b->steps.empty();
    QVector<Column> cols = columnsFor(*a, stepA, m_a.throughStep, compare);
    if (m_probeRecording)
        markNotRecorded(cols);
    int stepB = 0;
    if (compare) {
        stepB = std::clamp(m_b.step, 0, int(b->steps.size()) - 1);
        cols += columnsFor(*b, stepB, m_b.throughStep, true);
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
        return QStringLiteral("<p><b>%1</b><br>%2</p>").arg(stepLabel(s).toHtmlEscaped(), stepExplanation(s).toHtmlEscaped());
    };
    html += explain(*a, stepA);
    if (b && !b->steps.empty())
        html += explain(*b, stepB);
    html += QStringLiteral("<p>") + resultLine(*a);
    if (b)
        html += QStringLiteral("<br>") + resultLine(*b);
    html += QStringLiteral("</p>");
    if (m_probeRecording)
        html += QStringLiteral("<p>%1</p>")
                    .arg(noteHtml(tr("A probe records which lanes ran each step, what they wrote and the values after it; "
                            "memory traffic, barriers, atomics and the number of adds are not recorded (Nsight Compute "
                            "measures the traffic).")));
    m_label->setText(html);
}

void CountersView::setHardwareComparison(const std::optional<HardwareComparison>& c)
{
    if (!c) {
        m_hardware->clear();
        m_hardware->hide();
        return;
    }
    const ViewColors colors = ViewColors::fromPalette(palette());
    QString html = QStringLiteral("<hr><p style='font-size:large'><b>%1</b></p>").arg(c->title.toHtmlEscaped());
    html += QStringLiteral("<p>%1</p>").arg(c->config.toHtmlEscaped());
    if (!c->configNote.isEmpty())
        html += QStringLiteral("<p style='color:%1'><b>%2</b></p>").arg(colors.divergent.name(), c->configNote.toHtmlEscaped());
    if (!c->rows.isEmpty()) {
        html += QStringLiteral("<table cellspacing='0' cellpadding='3' width='100%'>"
                               "<tr><th align='left'></th><th align='right'>%1</th><th align='right'>%2</th></tr>")
                    .arg(tr("model"), tr("hardware"));
        for (const HardwareComparison::Row& r : c->rows) {
            const QString mark = !r.measured ? QString() : r.agree ? QStringLiteral("=") : QStringLiteral("≠");
            // Break opportunities inside the long metric names, so the narrow sidebar wraps them.
            QString metric = r.metric.toHtmlEscaped();
            metric.replace(QLatin1Char('_'), QStringLiteral("_\u200b")).replace(QLatin1Char('.'), QStringLiteral(".\u200b"));
            html += QStringLiteral("<tr><td><b>%1</b> <span style='color:%2'>%3</span></td>"
                                   "<td align='right'><b>%4</b></td><td align='right'><b>%5</b></td></tr>")
                        .arg(r.quantity.toHtmlEscaped(), (r.agree ? colors.active : colors.divergent).name(), mark,
                             r.model.toHtmlEscaped(), r.hardware.toHtmlEscaped());
            html += QStringLiteral("<tr><td colspan='3' style='color:%1'>%2</td></tr>")
                        .arg(colors.mutedText.name(),
                             tr("%1 vs %2: %3").arg(r.modelName.toHtmlEscaped(), QStringLiteral("<tt>%1</tt>").arg(metric),
                                                    r.why.toHtmlEscaped()));
        }
        html += QStringLiteral("</table>");
    }
    if (!c->note.isEmpty())
        html += QStringLiteral("<p>%1</p>").arg(c->note.toHtmlEscaped());
    if (!c->file.isEmpty())
        html += QStringLiteral("<p style='color:%1'>%2</p>").arg(colors.mutedText.name(), tr("From %1").arg(c->file.toHtmlEscaped()));
    m_hardware->setText(html);
    m_hardware->show();
}

QString CountersView::hardwareText() const
{
    if (m_hardware->isHidden())
        return {};
    QTextDocument doc;
    doc.setHtml(m_hardware->text());
    return doc.toPlainText().remove(QChar(0x200b));
}

QString CountersView::plainText() const
{
    QTextDocument doc;
    doc.setHtml(m_label->text());
    QString text = doc.toPlainText();
    if (!m_recordedBanner.isEmpty())
        text.prepend(m_recordedBanner + QLatin1Char('\n'));
    const QString hw = hardwareText();
    if (!hw.isEmpty())
        text += QLatin1Char('\n') + hw;
    return text;
}

} // namespace reducescope::views
