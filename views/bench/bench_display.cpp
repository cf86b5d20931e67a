// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/bench/bench_display.h"

#include <QCoreApplication>

namespace reducescope::views {

QString statusId(bench::Status s)
{
    const std::string_view id = bench::status_name(s);
    return QString::fromUtf8(id.data(), qsizetype(id.size()));
}

QString statusLabel(bench::Status s)
{
    switch (s) {
    case bench::Status::Ok: return QCoreApplication::translate("BenchStatus", "OK");
    case bench::Status::Wrong: return QCoreApplication::translate("BenchStatus", "WRONG");
    case bench::Status::ExpectedWrong: return QCoreApplication::translate("BenchStatus", "expected wrong");
    case bench::Status::Error: return QCoreApplication::translate("BenchStatus", "error");
    case bench::Status::Skipped: return QCoreApplication::translate("BenchStatus", "skipped");
    }
    return {};
}

QString resultLabel(const bench::Result& r)
{
    // `kernel bench`'s row: the student's own kernel, named by its file.
    if (r.strategy == "my_kernel")
        return QCoreApplication::translate("BenchResult", "my kernel (%1)")
            .arg(r.own_kernel && !r.own_kernel->label.empty() ? qs(r.own_kernel->label) : QStringLiteral("?"));
    QString l = qs(r.strategy);
    if (r.operation == "max" && !r.strategy.ends_with("_max"))
        l += QStringLiteral(" max");
    if (r.multi_gpu) {
        const std::string& combine = r.multi_gpu->combine;
        if (!combine.empty() && combine != r.strategy && combine != "collective_baseline")
            l += QStringLiteral(" + ") + qs(combine);
        if (r.multi_gpu->gpus > 0)
            l += QStringLiteral(" ×%1").arg(r.multi_gpu->gpus);
    }
    return l;
}

QString sweepParam(const bench::Params& p) { return p.sweep ? qs(p.sweep->param) : QString(); }

QString secondSweepParam(const bench::Params& p)
{
    return p.sweep && p.sweep->second ? qs(p.sweep->second->param) : QString();
}

QString resultsLabel(const bench::ResultsFile& f, const QString& source)
{
    QString name = f.device.name.empty() ? source : qs(f.device.name);
    if (!f.date.empty())
        name += QStringLiteral(" (%1)").arg(qs(f.date).left(10));
    return name;
}

} // namespace reducescope::views
