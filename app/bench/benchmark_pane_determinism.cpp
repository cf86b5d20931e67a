// SPDX-License-Identifier: GPL-3.0-or-later
// The benchmark pane's Determinism tab: per result of a `bench --repeat K` file, the
// runs, the distinct results, their spread in ulps against the float64 reference, and whether the
// kernel is run-to-run deterministic and why. Every figure comes from kernels/bench/determinism.h
// (the results file's one reader has already checked them); this file only words them.
#include "app/bench/benchmark_pane.h"

#include "bench/determinism.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace reducescope::app {

QWidget* BenchmarkPane::buildDeterminismTab(QWidget* parent)
{
    auto* page = new QWidget(parent);
    auto* layout = new QVBoxLayout(page);
    m_determinismSummary = new QLabel(page);
    m_determinismSummary->setWordWrap(true);
    m_determinismSummary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_determinismSummary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    layout->addWidget(m_determinismSummary);
    m_determinismTable = new QTableWidget(page);
    m_determinismTable->setColumnCount(7);
    m_determinismTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_determinismTable->verticalHeader()->hide();
    m_determinismTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_determinismTable->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(m_determinismTable, 1);
    return page;
}

void BenchmarkPane::refreshDeterminism()
{
    m_determinismTable->setHorizontalHeaderLabels({tr("Cell"), tr("Runs"), tr("Distinct results"), tr("Spread (ulp)"),
                                                   tr("Error vs float64 (ulp)"), tr("Verdict"), tr("Why")});
    const bench::ResultsFile& doc = shownDocument();
    std::vector<const bench::Result*> rows;
    for (const bench::Result& r : doc.results)
        if (r.repeat)
            rows.push_back(&r);
    m_determinismTable->setRowCount(int(rows.size()));
    int deterministic = 0, notFixed = 0, varies = 0, faulty = 0;
    int runs = 0;
    const auto ulps = [](const std::optional<double>& v) {
        return v ? QString::number(*v, 'g', 4) : QStringLiteral("–");
    };
    for (int i = 0; i < int(rows.size()); ++i) {
        const bench::Result& r = *rows[std::size_t(i)];
        const bench::RepeatSummary s = bench::summarize_repeat(*r.repeat, r.reference);
        runs = std::max(runs, s.runs);
        QString verdict;
        QColor colour;
        switch (s.verdict) {
        case bench::RepeatVerdict::Deterministic:
            verdict = tr("deterministic");
            ++deterministic;
            break;
        case bench::RepeatVerdict::OrderNotFixed:
            verdict = tr("1 distinct in %n run(s) (order not fixed)", nullptr, s.runs);
            ++notFixed;
            break;
        case bench::RepeatVerdict::VariesWithOrder:
            verdict = tr("varies from run to run");
            colour = QColor(0xd5, 0x5e, 0x00);
            ++varies;
            break;
        case bench::RepeatVerdict::VariesFixedOrder:
            verdict = tr("NOT deterministic although the order is fixed");
            colour = QColor(0xcc, 0x00, 0x00);
            ++faulty;
            break;
        }
        const bool atomic = r.repeat->order == bench::SumOrder::Atomic;
        const QString why = atomic ? tr("atomic order") : tr("fixed tree order");
        const QString whyLong = atomic ? tr("atomic order: partial results meet in one word through float atomics, in "
                                            "the order the hardware picks on each launch")
                                       : tr("fixed tree order: partial results are stored and added in the same order "
                                            "on every launch");
        QString cell = QStringLiteral("%1 n=%2 block=%3 C=%4")
                           .arg(QString::fromStdString(r.strategy))
                           .arg(qulonglong(r.n))
                           .arg(r.block_size)
                           .arg(r.coarse_factor);
        if (r.operation != "sum")
            cell += QLatin1Char(' ') + QString::fromStdString(r.operation);
        QString error = QStringLiteral("–");
        if (s.error_ulp_min)
            error = *s.error_ulp_min == *s.error_ulp_max
                        ? ulps(s.error_ulp_min)
                        : tr("%1 to %2").arg(ulps(s.error_ulp_min), ulps(s.error_ulp_max));
        QString distinct = QString::number(s.distinct);
        if (s.unwritten > 0)
            distinct += QLatin1Char(' ') + tr("(%n launch(es) left the output unwritten)", nullptr, s.unwritten);
        const QStringList cells{cell, QString::number(s.runs), distinct, ulps(s.spread_ulp), error, verdict, why};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c >= 1 && c <= 4)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (c == 5 && colour.isValid()) {
                item->setForeground(colour);
                QFont f = item->font();
                f.setBold(true);
                item->setFont(f);
            }
            if (c >= 5)
                item->setToolTip(whyLong);
            if (c == 2) {  // the exact values, for whoever wants the bits
                QStringList bits;
                for (const bench::RepeatValue& v : r.repeat->values)
                    bits << QString::fromStdString(bench::float_bits_text(v.value, v.written));
                item->setToolTip(tr("Each launch's result, bit for bit: %1").arg(bits.join(QStringLiteral(", "))));
            }
            m_determinismTable->setItem(i, c, item);
        }
    }
    if (rows.empty()) {
        m_determinismSummary->setText(
            tr("These results have no repeat data. Record it with <code>reducescope-cli bench --repeat 5 --n 1048576 "
               "--json FILE</code>: each kernel then runs five more times on the same input and every result is "
               "kept bit for bit. Kernels that merge through float atomics may give a different sum on each run; "
               "kernels with a fixed tree order give the same bits."));
        return;
    }
    m_determinismSummary->setText(
        tr("%n result(s) repeated, each over up to %1 launches on the same input.", nullptr, int(rows.size())).arg(runs)
        + QLatin1Char(' ') + tr("Deterministic (fixed tree order): %1. Varying with the atomic order: %2. One "
                                "result but atomic order, so not guaranteed: %3.")
                                 .arg(deterministic).arg(varies).arg(notFixed)
        + (faulty ? QLatin1Char(' ') + tr("Fixed order yet varying (look into these): %1.").arg(faulty) : QString())
        + QLatin1Char(' ') + tr("Spread = (largest − smallest result) in ulps of a float at the float64 reference."));
}

} // namespace reducescope::app
