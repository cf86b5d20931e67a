// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/bench/bench_device_label.h"

#include "app/common/message_text.h"
#include "views/bench/bench_display.h"
#include "views/common/model_text.h"

#include <QApplication>
#include <QEvent>
#include <QFontMetrics>
#include <QTextDocument>

namespace reducescope::app {
using views::qs;

namespace {

QString mib(qint64 bytes) { return QString::number(double(bytes) / (1 << 20), 'g', 4) + QStringLiteral(" MiB"); }

QString deviceSummary(const bench::Device& d)
{
    QStringList parts{QStringLiteral("<b>%1</b>").arg(qs(d.name).toHtmlEscaped())};
    if (d.sms > 0)
        parts << BenchDeviceLabel::tr("%1 SMs").arg(d.sms);
    if (d.l2_bytes > 0)
        parts << BenchDeviceLabel::tr("L2 %1").arg(mib(d.l2_bytes));
    if (d.peak_bandwidth_gbs > 0)
        parts << BenchDeviceLabel::tr("peak %1 GB/s").arg(d.peak_bandwidth_gbs, 0, 'f', 0);
    if (!d.driver_version.empty())
        parts << BenchDeviceLabel::tr("driver %1").arg(qs(d.driver_version).toHtmlEscaped());
    return parts.join(QStringLiteral(" · "));
}

} // namespace

BenchDeviceLabel::BenchDeviceLabel(QWidget* parent)
    : QLabel(parent)
{
    setWordWrap(true);
    setTextFormat(Qt::RichText);
    fitToFont();
    reword();
}

void BenchDeviceLabel::fitToFont()
{
    // 1.15 times the window's text on the desktop; in presentation mode (its application font is
    // in pixels) the window's text, already large.
    QFont f = parentWidget() ? parentWidget()->font() : QApplication::font();
    const bool presentation = f.pixelSize() > 0;
    if (!presentation)
        f.setPointSizeF(f.pointSizeF() * 1.15);
    setFont(f);
    // Room for three lines (shown file, comparison, this machine) so the layout does not jump; in
    // presentation mode one more, for the first line wrapped (the pane's splitter does not ask
    // heightForWidth: the Chinese header at 1920×1080 wrapped and lost its last line).
    setMinimumHeight(QFontMetrics(f).lineSpacing() * (presentation ? 4 : 3) + 4);
}

std::optional<BenchDeviceLabel::Header> BenchDeviceLabel::header(const bench::ResultsFile* r, const QString& source)
{
    if (!r)
        return std::nullopt;
    return Header{source,
                  qs(r->date),
                  r->device,
                  qs(r->params.mode),
                  qs(r->params.cache),
                  r->params.reps,
                  views::sweepParam(r->params),
                  views::secondSweepParam(r->params),
                  r->incomplete ? qs(*r->incomplete) : QString(),
                  r->gpu_host ? qs(*r->gpu_host) : QString(),
                  r->gpu_processes.value_or(std::vector<bench::GpuProcess>{})};
}

void BenchDeviceLabel::setResults(const bench::ResultsFile* shown, const QString& shownSource,
                                  const bench::ResultsFile* compared, const QString& comparedSource)
{
    m_shown = header(shown, shownSource);
    m_compared = header(compared, comparedSource);
    reword();
}

void BenchDeviceLabel::setLocalDevice(const std::optional<bench::Device>& device, bool noDevice, const QString& why)
{
    m_local = device ? Local::Device : noDevice ? Local::NoDevice : Local::Unknown;
    m_device = device.value_or(bench::Device{});
    m_why = why;
    reword();
}

void BenchDeviceLabel::setGpuHost(const QString& destination)
{
    m_gpuHost = destination;
    m_local = Local::NotAsked;  // the device of the new place is asked again
    reword();
}

void BenchDeviceLabel::setNoDeviceAfterRun(const QString& message)
{
    m_local = Local::NoDeviceAfterRun;
    m_why = message;
    reword();
}

void BenchDeviceLabel::setNoCudaBuild()
{
    m_local = Local::NoCudaBuild;
    reword();
}

QString BenchDeviceLabel::plainText() const
{
    QTextDocument doc;
    doc.setHtml(text());
    return doc.toPlainText();
}

void BenchDeviceLabel::reword()
{
    const auto runSummary = [](const Header& h) {
        QStringList parts;
        if (!h.gpuHost.isEmpty())
            parts << tr("from GPU host %1").arg(h.gpuHost);
        if (!h.date.isEmpty())
            parts << h.date.left(10);
        if (!h.mode.isEmpty())
            parts << tr("%1 mode").arg(h.mode);
        if (h.cache == QLatin1String("hot"))
            parts << tr("hot cache");
        else if (h.cache == QLatin1String("cold"))
            parts << tr("cold cache");
        else if (!h.cache.isEmpty())
            parts << tr("%1 cache").arg(h.cache);
        if (h.reps > 0)
            parts << tr("%1 reps").arg(h.reps);
        // A swept parameter by its name ("block size"), not its id in the file ("block_size").
        const auto name = [](const QString& param) {
            return param == QLatin1String("n")            ? tr("N")
                   : param == QLatin1String("block_size") ? tr("block size")
                   : param == QLatin1String("coarse_factor") ? tr("coarse factor")
                                                           : param;
        };
        if (!h.sweep.isEmpty() && !h.sweep2.isEmpty())
            parts << tr("sweep over %1 × %2", "two swept parameters: every pair is run")
                         .arg(name(h.sweep), name(h.sweep2));
        else if (!h.sweep.isEmpty())
            parts << tr("sweep over %1").arg(name(h.sweep));
        // A run stopped early: fewer results than its plan (docs/results-format.md, "Incomplete runs").
        if (!h.incomplete.isEmpty())
            parts << tr("incomplete run (%1)", "the results file's reason, quoted as the file writes it (English)")
                         .arg(echoValue(h.incomplete, 80));
        // Other processes NVML saw on the GPU around the run: their kernels shared it with ours.
        if (!h.otherProcesses.empty()) {
            QStringList who;
            for (const bench::GpuProcess& p : h.otherProcesses) {
                QString what = echoValue(qs(p.name), 40);
                if (p.used_memory_bytes >= 0) {
                    const QString memory = tr("%1 MiB").arg((p.used_memory_bytes + (1 << 20) - 1) >> 20);
                    what = what.isEmpty() ? memory : tr("%1, %2", "a process's name, its GPU memory").arg(what, memory);
                }
                who << (what.isEmpty() ? tr("pid %1").arg(p.pid) : tr("pid %1 (%2)").arg(p.pid).arg(what));
            }
            parts << tr("also on this GPU: %1", "NVML's list of the other processes on the GPU during the run")
                         .arg(who.join(tr(", ", "between the items of a list")));
        }
        return views::tidyChineseSpaces(parts.join(tr(", ", "between the parts of a run summary")));
    };
    QStringList lines;
    if (m_shown && !m_shown->device.name.empty()) {
        const QString how = runSummary(*m_shown);
        lines << tr("Showing %1: %2").arg(m_shown->source == QLatin1String("run") ? tr("this run") : m_shown->source.toHtmlEscaped(),
                                          deviceSummary(m_shown->device))
                     + (how.isEmpty() ? QString() : QStringLiteral(" — ") + how.toHtmlEscaped());
    }
    if (m_compared)
        lines << tr("Compared with %1: %2").arg(m_compared->source.toHtmlEscaped(), deviceSummary(m_compared->device))
                     + QStringLiteral(" — ") + runSummary(*m_compared).toHtmlEscaped();
    switch (m_local) {
    case Local::NotAsked:
        if (lines.isEmpty())
            lines << tr("No results yet: run a benchmark, or open a results file (docs/results/ has some recorded on an H200).");
        break;
    case Local::Device:
        if (!m_gpuHost.isEmpty())
            lines << tr("GPU %1 of GPU host %2: %3").arg(m_device.index).arg(m_gpuHost.toHtmlEscaped(), deviceSummary(m_device));
        else
            lines << tr("This machine: %1").arg(deviceSummary(m_device));
        break;
    case Local::NoDevice:
        if (!m_gpuHost.isEmpty()) {
            lines << tr("GPU host %1: <b>no GPU to use</b> (%2). Check the host in File ▸ GPU host….")
                         .arg(m_gpuHost.toHtmlEscaped(), toolSaid(m_why).toHtmlEscaped());
            break;
        }
        // The CLI's words (English), quoted in another language when worded (not when received).
        lines << tr("This machine: <b>no CUDA device</b> (%1). Benchmarks need an NVIDIA GPU; "
                    "open a results file recorded on one (docs/results/ has some).").arg(toolSaid(m_why).toHtmlEscaped());
        break;
    case Local::Unknown:
        if (!m_gpuHost.isEmpty())
            lines << tr("GPU host %1: GPU unknown (%2).").arg(m_gpuHost.toHtmlEscaped(), m_why.toHtmlEscaped());
        else
            lines << tr("This machine: GPU unknown (%1).").arg(m_why.toHtmlEscaped());
        break;
    case Local::NoDeviceAfterRun:
        lines << tr("This machine: <b>no CUDA device</b> (%1). Open a results file recorded on a GPU "
                    "(docs/results/ has some).").arg(m_why.toHtmlEscaped());
        break;
    case Local::NoCudaBuild:
        lines << tr("This build has <b>no CUDA kernels</b> (it was built without nvcc), so benchmarks cannot "
                    "run here. Open results recorded on a GPU elsewhere: Open results… (the arrow lists the "
                    "H200 recordings shipped with ReduceScope).");
        break;
    }
    setText(lines.join(QStringLiteral("<br>")));
}

void BenchDeviceLabel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        reword();
    QLabel::changeEvent(event);
}

} // namespace reducescope::app
