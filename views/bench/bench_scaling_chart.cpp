// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/bench/bench_scaling_chart.h"

#include "reducescope/config.h"  // REDUCESCOPE_HAVE_NCCL: this build's CLI runs --gpus K > 1 or not

#include <qcustomplot.h>

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

#include <algorithm>
#include <map>

namespace reducescope::views {
namespace {

const QStringList kCombines{QStringLiteral("nccl_allreduce"), QStringLiteral("nccl_reduce"), QStringLiteral("p2p"),
                            QStringLiteral("collective_baseline")};

// Distinct hues that read on light and dark backgrounds.
QColor combineColor(const QString& combine)
{
    switch (kCombines.indexOf(combine)) {
    case 0: return QColor(0x1f, 0x77, 0xb4);
    case 1: return QColor(0x2c, 0xa0, 0x2c);
    case 2: return QColor(0xd6, 0x27, 0x28);
    case 3: return QColor(0x94, 0x67, 0xbd);
    default: return QColor(0x7f, 0x7f, 0x7f);
    }
}

/// Drawn: verified, with a time, algbw and busbw, on at least one GPU.
bool drawable(const bench::Result& r)
{
    return r.status == bench::Status::Ok && r.time_ms && r.multi_gpu->algbw_gbs && r.multi_gpu->busbw_gbs
        && r.multi_gpu->gpus >= 1;
}

QString sizeText(qint64 n)
{
    for (int p = 10; p <= 40; ++p)
        if (n == (qint64{1} << p))
            return QStringLiteral("N = 2^%1 (%2)").arg(p).arg(QLocale::c().toString(n));
    return QStringLiteral("N = %1").arg(QLocale::c().toString(n));
}

void styleAxes(QCustomPlot* plot, const QPalette& pal)
{
    const QColor text = pal.color(QPalette::WindowText);
    plot->setBackground(pal.color(QPalette::Base));
    for (QCPAxis* axis : {plot->xAxis, plot->yAxis}) {
        axis->setBasePen(QPen(text));
        axis->setTickPen(QPen(text));
        axis->setSubTickPen(QPen(text));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
    }
    plot->legend->setBrush(pal.color(QPalette::Base));
    plot->legend->setTextColor(text);
    plot->legend->setBorderPen(QPen(pal.color(QPalette::Mid)));
}

} // namespace

BenchScalingChart::BenchScalingChart(QWidget* parent) : QWidget(parent)
{
    auto makePlot = [this](const QString& yLabel) {
        auto* plot = new QCustomPlot(this);
        plot->xAxis->setLabel(tr("GPUs (K)"));
        plot->yAxis->setLabel(yLabel);
        QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
        ticker->setTickStep(1.0);
        ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
        plot->xAxis->setTicker(ticker);
        plot->legend->setVisible(true);
        plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
        plot->setMinimumHeight(180);
        return plot;
    };
    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_sizes = new QComboBox(this);
    m_ncclBuilt = REDUCESCOPE_HAVE_NCCL != 0;
    m_time = makePlot(tr("µs (median, log)"));
    m_bandwidth = makePlot(tr("GB/s: algbw —, busbw - -"));
    // The collective baseline can take 20x the reductions' time: a log axis keeps both readable.
    m_time->yAxis->setScaleType(QCPAxis::stLogarithmic);
    m_time->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));

    auto* top = new QHBoxLayout;
    top->addWidget(m_message, 1);
    top->addWidget(m_sizes);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_time, 1);
    layout->addWidget(m_bandwidth, 1);
    connect(m_sizes, &QComboBox::currentIndexChanged, this, [this] { rebuild(); });
    updateMessage();
    rebuild();
}

void BenchScalingChart::setAvailability(int gpuCount, bool ncclBuilt)
{
    m_gpuCount = gpuCount;
    m_ncclBuilt = ncclBuilt;
    updateMessage();
}

void BenchScalingChart::setResults(const bench::ResultsFile& file)
{
    m_results.clear();
    for (const bench::Result& r : file.results)
        if (r.multi_gpu)
            m_results.push_back(r);
    QList<qint64> ns;
    for (const bench::Result& r : m_results)
        if (!ns.contains(qint64(r.n)))
            ns << qint64(r.n);
    std::sort(ns.begin(), ns.end());
    const QSignalBlocker block(m_sizes);
    m_sizes->clear();
    for (const qint64 n : ns)
        m_sizes->addItem(sizeText(n), QVariant::fromValue(n));
    m_sizes->setCurrentIndex(int(ns.size()) - 1);
    m_sizes->setVisible(ns.size() > 1);
    updateMessage();
    rebuild();
}

QString BenchScalingChart::message() const { return m_message->text(); }

QList<qint64> BenchScalingChart::sizes() const
{
    QList<qint64> out;
    for (int i = 0; i < m_sizes->count(); ++i)
        out << m_sizes->itemData(i).toLongLong();
    return out;
}

qint64 BenchScalingChart::currentN() const
{
    return m_sizes->currentIndex() >= 0 ? m_sizes->currentData().toLongLong() : 0;
}

void BenchScalingChart::setCurrentN(qint64 n)
{
    const int i = m_sizes->findData(QVariant::fromValue(n));
    if (i >= 0)
        m_sizes->setCurrentIndex(i);
}

QStringList BenchScalingChart::drawnCombines() const
{
    QStringList out;
    for (int i = 0; i < m_time->graphCount(); ++i)
        out << m_time->graph(i)->name();
    return out;
}

void BenchScalingChart::updateMessage()
{
    int maxK = 0;
    for (const bench::Result& r : m_results)
        maxK = std::max(maxK, r.multi_gpu->gpus);
    QStringList parts;
    if (!m_ncclBuilt)
        parts << tr("Built without NCCL: only one GPU can be measured (reconfigure with NCCL for --gpus K > 1).");
    if (m_gpuCount == 0)
        parts << tr("No CUDA device here; results files recorded elsewhere can still be shown.");
    else if (m_gpuCount == 1)
        parts << tr("Only one GPU here: scaling needs 2 or more (reducescope-cli bench --gpus K on a multi-GPU machine).");
    else if (m_gpuCount > 1)
        parts << tr("%1 GPUs here.").arg(m_gpuCount);
    if (m_results.empty())
        parts << tr("No multi-GPU results loaded (reducescope-cli bench --gpus K --json FILE).");
    else if (maxK == 1)
        parts << tr("Only one GPU in these results (K = 1): nothing to scale yet; run bench --gpus K with K > 1 on a multi-GPU machine.");
    else
        parts << tr("Results for K = 1..%1 GPUs.").arg(maxK);
    m_message->setText(parts.join(QLatin1Char(' ')));
}

void BenchScalingChart::rebuild()
{
    m_time->clearGraphs();
    m_bandwidth->clearGraphs();
    m_flags.clear();
    const qint64 n = currentN();
    std::map<int, std::map<int, const bench::Result*>> byCombine;  // combine index -> K -> result
    int maxK = 1;
    for (const bench::Result& r : m_results) {
        if (qint64(r.n) != n)
            continue;
        const bench::MultiGpuFields& m = *r.multi_gpu;
        if (!drawable(r)) {
            m_flags << tr("K=%1 %2: %3").arg(m.gpus).arg(qs(m.combine), statusId(r.status));
            continue;
        }
        const int c = kCombines.indexOf(qs(m.combine));
        byCombine[c < 0 ? int(kCombines.size()) : c][m.gpus] = &r;
        maxK = std::max(maxK, m.gpus);
    }
    double minTime = 0, maxTime = 0, maxBw = 0;
    for (const auto& [c, points] : byCombine) {
        const QString name = c < int(kCombines.size()) ? kCombines[c] : tr("other");
        const QColor color = combineColor(name);
        QCPGraph* time = m_time->addGraph();
        QCPGraph* alg = m_bandwidth->addGraph();
        QCPGraph* bus = m_bandwidth->addGraph();
        time->setName(name);
        alg->setName(name);
        bus->removeFromLegend();
        for (QCPGraph* g : {time, alg, bus}) {
            g->setPen(QPen(color, 2, g == bus ? Qt::DashLine : Qt::SolidLine));
            g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 6));
        }
        for (const auto& [k, r] : points) {
            const double medianMs = r->time_ms->median;
            const double algbw = *r->multi_gpu->algbw_gbs;
            const double busbw = *r->multi_gpu->busbw_gbs;
            time->addData(k, medianMs * 1e3);
            alg->addData(k, algbw);
            bus->addData(k, busbw);
            maxTime = std::max(maxTime, medianMs * 1e3);
            if (medianMs > 0)
                minTime = minTime > 0 ? std::min(minTime, medianMs * 1e3) : medianMs * 1e3;
            maxBw = std::max({maxBw, algbw, busbw});
        }
    }
    for (QCustomPlot* plot : {m_time, m_bandwidth})
        plot->xAxis->setRange(0.5, maxK + 0.5);
    m_time->yAxis->setRange(minTime > 0 ? minTime / 2 : 1, maxTime > 0 ? maxTime * 2 : 10);
    m_bandwidth->yAxis->setRange(0, maxBw > 0 ? maxBw * 1.15 : 1);
    styleAxes(m_time, palette());
    styleAxes(m_bandwidth, palette());
    m_time->replot();
    m_bandwidth->replot();
}

void BenchScalingChart::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange && m_time) {
        for (QCustomPlot* plot : {m_time, m_bandwidth})
            plot->xAxis->setLabel(tr("GPUs (K)"));
        m_time->yAxis->setLabel(tr("µs (median, log)"));
        m_bandwidth->yAxis->setLabel(tr("GB/s: algbw —, busbw - -"));
        updateMessage();
        rebuild();
    }
    if (event->type() == QEvent::PaletteChange)
        rebuild();
}

} // namespace reducescope::views
