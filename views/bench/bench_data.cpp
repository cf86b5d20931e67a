// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/bench/bench_data.h"

#include <QCoreApplication>

namespace reducescope::views {

QString benchStatusId(BenchStatus s)
{
    switch (s) {
    case BenchStatus::Ok: return QStringLiteral("ok");
    case BenchStatus::Wrong: return QStringLiteral("wrong");
    case BenchStatus::ExpectedWrong: return QStringLiteral("expected_wrong");
    case BenchStatus::Error: return QStringLiteral("error");
    case BenchStatus::Skipped: return QStringLiteral("skipped");
    }
    return {};
}

QString benchStatusLabel(BenchStatus s)
{
    switch (s) {
    case BenchStatus::Ok: return QCoreApplication::translate("BenchStatus", "OK");
    case BenchStatus::Wrong: return QCoreApplication::translate("BenchStatus", "WRONG");
    case BenchStatus::ExpectedWrong: return QCoreApplication::translate("BenchStatus", "expected wrong");
    case BenchStatus::Error: return QCoreApplication::translate("BenchStatus", "error");
    case BenchStatus::Skipped: return QCoreApplication::translate("BenchStatus", "skipped");
    }
    return {};
}

QString BenchResults::label() const
{
    QString name = device.name.isEmpty() ? source : device.name;
    if (!date.isEmpty())
        name += QStringLiteral(" (%1)").arg(date.left(10));
    return name;
}

} // namespace reducescope::views
