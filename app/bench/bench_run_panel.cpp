// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/bench/bench_run_panel.h"

#include "app/bench/bench_runner.h"
#include "app/bench/bench_settings.h"
#include "views/bench/bench_display.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QListWidget>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace reducescope::app {
using views::qs;

BenchRunPanel::BenchRunPanel(BenchRunner* runner, QWidget* parent)
    : QWidget(parent)
{
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    m_settings = new BenchSettings(this);
    // The settings scroll when the window is short (1280x720): their captions never raise the
    // window's minimum height.
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(m_settings);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(m_settings->minimumSizeHint().width());
    v->addWidget(scroll, 3);
    auto* buttons = new QHBoxLayout;
    m_run = new QPushButton(this);
    m_cancel = new QPushButton(this);
    m_cancel->setEnabled(false);
    connect(m_run, &QPushButton::clicked, this, &BenchRunPanel::runClicked);
    connect(m_cancel, &QPushButton::clicked, this, &BenchRunPanel::cancelClicked);
    m_ownKernel = new QPushButton(this);
    connect(m_ownKernel, &QPushButton::clicked, this, &BenchRunPanel::ownKernelClicked);
    buttons->addWidget(m_run);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_ownKernel);
    v->addLayout(buttons);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setTextVisible(false);
    v->addWidget(m_progress);
    m_progressTimer = new QTimer(this);
    m_progressTimer->setSingleShot(true);
    m_progressTimer->setInterval(kProgressMs);
    connect(m_progressTimer, &QTimer::timeout, this, &BenchRunPanel::flushProgress);
    m_status = new QListWidget(this);
    m_status->setMinimumHeight(80);
    // One line per kernel run, elided, the whole line in its tooltip: with uniform item sizes a
    // new line costs the list no text layout of the others (with a size per item, the
    // list measured the text of every line again after each turn that added lines).
    m_status->setUniformItemSizes(true);
    m_status->setWordWrap(false);
    m_status->setTextElideMode(Qt::ElideRight);
    v->addWidget(m_status, 1);
    setMinimumWidth(260);
    setMaximumWidth(380);

    connect(runner, &BenchRunner::runStarted, this, [this](const bench::ResultsFile&, int total) {
        m_progress->setTextVisible(true);
        m_progress->setRange(0, std::max(total, 1));
        m_progressTimer->stop();
        m_progressValue = 0;
        m_progress->setValue(0);
    });
    connect(runner, &BenchRunner::progress, this, [this](int index, int total, const QString& id, qint64 n) {
        if (m_progress->maximum() != std::max(total, 1))
            m_progress->setRange(0, std::max(total, 1));
        setProgressValue(index);
        auto* item = new QListWidgetItem(tr("… %1 (N = %2)").arg(id, QLocale(QLocale::English).toString(n)));
        item->setData(Qt::UserRole, id);
        item->setToolTip(item->text());
        m_status->addItem(item);
        ++m_plainLines;
        foldOldLines();
    });
    connect(runner, &BenchRunner::resultReady, this, [this](const bench::Result& r) {
        setProgressValue(m_progressValue + 1);
        const QString strategy = qs(r.strategy);
        const std::optional<double> bandwidth = views::shownBandwidth(r);
        const QString line = views::hasSpeed(r)
            ? tr("✓ %1: %2 µs, %3 GB/s").arg(strategy).arg(r.time_ms->median * 1000, 0, 'g', 4)
                  .arg(bandwidth ? QString::number(*bandwidth, 'f', 1) : QStringLiteral("?"))
            : tr("✗ %1: %2%3").arg(strategy, views::statusLabel(r.status),
                                    r.message.empty() ? QString() : QStringLiteral(" (") + qs(r.message) + QLatin1Char(')'));
        // The "… id" line of this kernel becomes its result line; a second result of one id gets its own.
        QListWidgetItem* item = m_status->count() > 0 ? m_status->item(m_status->count() - 1) : nullptr;
        bool added = false;
        if (!item || item == m_foldItem || item->data(Qt::UserRole).toString() != strategy
            || item->data(Qt::UserRole + 1).toBool()) {
            item = new QListWidgetItem;
            item->setData(Qt::UserRole, strategy);
            m_status->addItem(item);
            added = true;  // a progress line turned into this result line was counted already
        }
        item->setData(Qt::UserRole + 1, true);
        item->setText(line);
        item->setToolTip(line);
        if (!views::hasSpeed(r)) {
            item->setForeground(r.status == bench::Status::Wrong || r.status == bench::Status::Error ? QColor(0xd0, 0x20, 0x20)
                                                                                                     : QColor(0xc0, 0x70, 0x00));
            item->setData(Qt::UserRole + 2, true);  // a failure: never folded
            if (!added)
                --m_plainLines;
        } else if (added) {
            ++m_plainLines;
            foldOldLines();
        }
    });
    retranslate();
}

QStringList BenchRunPanel::statusLines() const
{
    QStringList out;
    for (int i = 0; i < m_status->count(); ++i)
        out << m_status->item(i)->text();
    return out;
}

void BenchRunPanel::setProgressValue(int value)
{
    m_progressValue = value;
    if (!m_progressTimer->isActive())
        m_progressTimer->start();
}

void BenchRunPanel::flushProgress()
{
    m_progressTimer->stop();
    // A CLI that sends more results than its start line announced fills the bar (setValue
    // ignores a value beyond the maximum).
    const int value = std::clamp(m_progressValue, 0, m_progress->maximum());
    if (m_progress->value() != value && m_progress->maximum() > 0)
        m_progress->setValue(value);
}

void BenchRunPanel::resetStatus()
{
    m_status->clear();
    m_plainLines = 0;
    m_folded = 0;
    m_oldestPlain = 0;
    m_foldItem = nullptr;
}

void BenchRunPanel::foldOldLines()
{
    if (m_plainLines <= kKeptLines)
        return;
    if (!m_foldItem) {
        m_foldItem = new QListWidgetItem;
        m_foldItem->setData(Qt::UserRole + 2, true);
        m_status->insertItem(0, m_foldItem);
        ++m_oldestPlain;
    }
    while (m_plainLines > kKeptLines) {
        // Failures above the oldest plain line stay; the pointer only moves down.
        int row = std::max(m_oldestPlain, 1);
        while (row < m_status->count() && m_status->item(row)->data(Qt::UserRole + 2).toBool())
            ++row;
        if (row >= m_status->count() - 1)
            break;  // never the newest line (a progress line waiting for its result)
        delete m_status->takeItem(row);
        m_oldestPlain = row;
        --m_plainLines;
        ++m_folded;
    }
    retranslateFold();
}

void BenchRunPanel::retranslateFold()
{
    if (!m_foldItem)
        return;
    m_foldItem->setText(tr("… %n earlier line(s) folded (failures are kept)", nullptr, m_folded));
    m_foldItem->setToolTip(m_foldItem->text());
}

void BenchRunPanel::begin()
{
    m_progressTimer->stop();
    m_progressValue = 0;
    resetStatus();
    m_progress->setRange(0, 0);  // busy until the start line gives the total
}

void BenchRunPanel::clearStatus() { resetStatus(); }

void BenchRunPanel::setRunning(bool running)
{
    m_run->setEnabled(!running);  // without CUDA it stays pressable: the pane says why nothing runs
    m_ownKernel->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_settings->setEnabled(!running);
    if (!running && m_progress->maximum() == 0)
        m_progress->setRange(0, 1);
    if (!running)
        flushProgress();
}

void BenchRunPanel::setNoCuda()
{
    m_noCuda = true;
    retranslate();
}

void BenchRunPanel::scrollStatusToBottom() { m_status->scrollToBottom(); }

void BenchRunPanel::retranslate()
{
    m_run->setText(tr("Run"));
    m_run->setToolTip(m_noCuda ? tr("This build has no CUDA kernels: pressing Run says why nothing can run here")
                               : tr("Runs reducescope-cli bench with these settings in a child process"));
    m_cancel->setText(tr("Cancel"));
    m_ownKernel->setText(tr("My kernel…"));
    m_ownKernel->setToolTip(tr("Choose your own .cu file and time it on the GPU beside the chosen strategies, CUB "
                               "and the read ceiling (reducescope-cli kernel bench)"));
    m_progress->setFormat(tr("%v / %m kernel runs"));
    retranslateFold();
}

void BenchRunPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange && m_run)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace reducescope::app
