// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/bench/bench_comparison_view.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace reducescope::app {
namespace {

/// At most this many characters of a failed run's message in the table (all of it in the tooltip).
constexpr int kMessageChars = 160;

QString percent(const std::optional<double>& v, bool sign)
{
    return v ? (sign && *v >= 0 ? QStringLiteral("+") : QString()) + QString::number(100 * *v, 'f', 2) + QStringLiteral(" %")
             : QStringLiteral("–");
}

QString statusText(bench::Status s)
{
    switch (s) {
    case bench::Status::Ok: return BenchComparisonView::tr("ok");
    case bench::Status::Wrong: return BenchComparisonView::tr("wrong");
    case bench::Status::ExpectedWrong: return BenchComparisonView::tr("expected wrong");
    case bench::Status::Error: return BenchComparisonView::tr("error");
    case bench::Status::Skipped: return BenchComparisonView::tr("skipped");
    }
    return {};
}

QString modeText(const std::string& mode)
{
    return mode.empty() ? BenchComparisonView::tr("no mode recorded") : QString::fromStdString(mode);
}

} // namespace

BenchComparisonView::BenchComparisonView(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    layout->addWidget(m_summary);
    // The notes (as `reducescope-cli compare` prints them): in the warning colour, hidden when none.
    m_notesLabel = new QLabel(this);
    m_notesLabel->setWordWrap(true);
    m_notesLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_notesLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_notesLabel->setStyleSheet(QStringLiteral("QLabel { color: #b35900; font-weight: bold; }"));
    m_notesLabel->hide();
    layout->addWidget(m_notesLabel);
    m_table = new QTableWidget(this);
    m_table->setColumnCount(ColumnCount);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(m_table, 1);
    fill();
}

void BenchComparisonView::setFiles(const bench::ResultsFile& shown, const bench::ResultsFile* compared,
                                   const QString& comparedName, bool sameFile)
{
    m_rows.clear();
    m_notes.clear();
    m_comparing = compared != nullptr;
    m_comparedName = comparedName;
    if (compared) {
        m_rows = bench::compare_results(shown, *compared);
        m_notes = bench::compare_note_list(shown, *compared, m_rows, sameFile);
    }
    fill();
}

QString BenchComparisonView::noteText(const bench::CompareNote& note)
{
    switch (note.kind) {
    case bench::CompareNoteKind::SameFile:
        return tr("The shown file and the compared file are the same file.");
    case bench::CompareNoteKind::NoResults:
        return note.side == 'A' ? tr("The shown results are empty: nothing to compare.")
                                : tr("The compared file holds no results: nothing to compare.");
    case bench::CompareNoteKind::NoCommonCell:
        return tr("No cell is in both files (a cell is strategy, operation, n, block size, coarse factor, mode and "
                  "cache; shown: %1, compared: %2).")
            .arg(modeText(note.a_mode), modeText(note.b_mode));
    case bench::CompareNoteKind::TwoGpus:
        return tr("The shown file ran on %1, the compared file on %2: the verdicts compare two GPUs, not two versions "
                  "of the code.")
            .arg(QString::fromStdString(note.a_device), QString::fromStdString(note.b_device));
    }
    return {};
}

QString BenchComparisonView::verdictText(const bench::CompareRow& r)
{
    switch (r.verdict) {
    case bench::Verdict::Fast: return tr("FAST");
    case bench::Verdict::Slow: return tr("SLOW");
    case bench::Verdict::Same: return tr("SAME");
    case bench::Verdict::OnlyInA: return tr("only in the shown file");
    case bench::Verdict::OnlyInB: return tr("only in the compared file");
    case bench::Verdict::NotCompared: break;
    }
    if (r.failed_side == '\0')
        return tr("not compared: a median time is missing");
    const QString status = statusText(r.failed_status);
    QString message = QString::fromStdString(r.failed_message).simplified();
    if (message.size() > kMessageChars)
        message = message.left(kMessageChars - 1) + QStringLiteral("…");
    if (r.failed_side == 'A')
        return message.isEmpty() ? tr("not compared: the shown run is %1").arg(status)
                                 : tr("not compared: the shown run is %1: %2").arg(status, message);
    return message.isEmpty() ? tr("not compared: the compared run is %1").arg(status)
                             : tr("not compared: the compared run is %1: %2").arg(status, message);
}

QStringList BenchComparisonView::noteLines() const
{
    QStringList lines;
    for (const bench::CompareNote& n : m_notes)
        lines << noteText(n);
    return lines;
}

QString BenchComparisonView::summary() const { return m_summary->text(); }

void BenchComparisonView::fill()
{
    m_table->setHorizontalHeaderLabels({tr("Cell"), tr("Shown (µs)"), tr("Compared (µs)"), tr("Change"), tr("Noise shown"),
                                        tr("Noise compared"), tr("Verdict")});
    m_table->setRowCount(int(m_rows.size()));
    int fast = 0, slow = 0, same = 0;
    const auto noise = [](const std::optional<double>& v, bench::NoiseSource src) {
        if (!v)
            return QStringLiteral("–");
        return src == bench::NoiseSource::Recorded ? tr("%1 (MAD)").arg(percent(v, false))
                                                   : tr("%1 (spread)").arg(percent(v, false));
    };
    for (int i = 0; i < int(m_rows.size()); ++i) {
        const bench::CompareRow& r = m_rows[std::size_t(i)];
        QColor colour;
        fast += r.verdict == bench::Verdict::Fast;
        slow += r.verdict == bench::Verdict::Slow;
        same += r.verdict == bench::Verdict::Same;
        if (r.verdict == bench::Verdict::Fast)
            colour = QColor(0x00, 0x72, 0xb2);
        else if (r.verdict == bench::Verdict::Slow)
            colour = QColor(0xd5, 0x5e, 0x00);
        else if (r.verdict == bench::Verdict::NotCompared && r.failed_side != '\0')
            colour = QColor(0xc6, 0x28, 0x28);
        const QStringList cells{QString::fromStdString(r.cell),
                                r.a_ms ? QString::number(*r.a_ms * 1000, 'f', 3) : QStringLiteral("–"),
                                r.b_ms ? QString::number(*r.b_ms * 1000, 'f', 3) : QStringLiteral("–"),
                                percent(r.change, true), noise(r.a_noise, r.a_source), noise(r.b_noise, r.b_source),
                                verdictText(r)};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c == VerdictColumn && colour.isValid()) {
                item->setForeground(colour);
                QFont f = item->font();
                f.setBold(r.verdict != bench::Verdict::NotCompared);
                item->setFont(f);
            }
            if (c == VerdictColumn && !r.failed_message.empty())
                item->setToolTip(QString::fromStdString(r.failed_message));
            m_table->setItem(i, c, item);
        }
    }
    m_summary->setText(
        m_comparing
            ? tr("Shown file against %1: %2 FAST, %3 SLOW, %4 SAME. Rule (after nvbench's compare script): a change of "
                 "the median time beyond the sum of both cells' relative noise, and beyond %5 %, is FAST or SLOW; the "
                 "noise is the recorded median absolute deviation, or half the min–max spread where a file has none.")
                  .arg(m_comparedName).arg(fast).arg(slow).arg(same).arg(100 * bench::kCompareMinChange)
            : tr("Load a second results file with \"Compare with…\" to see, per cell, whether it is FAST, SLOW or "
                 "the SAME within both files' noise."));
    const QStringList notes = noteLines();
    QStringList bullets;
    for (const QString& n : notes)
        bullets << QStringLiteral("⚠ ") + n;
    m_notesLabel->setText(bullets.join(QLatin1Char('\n')));
    m_notesLabel->setVisible(!notes.isEmpty());
}

void BenchComparisonView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange && m_table)
        fill();
    QWidget::changeEvent(event);
}

} // namespace reducescope::app
