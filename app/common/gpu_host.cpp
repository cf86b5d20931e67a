// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/common/gpu_host.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>

namespace reducescope::app {
namespace {

GpuHost& current()
{
    static GpuHost host;
    return host;
}

QString tr(const char* text) { return QCoreApplication::translate("reducescope::app::GpuHost", text); }

/// The destination's parts: user, host, port text (empty when absent); false when malformed.
bool split(const QString& dest, QString& user, QString& host, QString& port)
{
    static const QRegularExpression re(
        QStringLiteral(R"(^(?:([A-Za-z0-9._][A-Za-z0-9._-]*)@)?(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9._][A-Za-z0-9._-]*))(?::([0-9]{1,5}))?$)"));
    const QRegularExpressionMatch m = re.match(dest);
    if (!m.hasMatch())
        return false;
    user = m.captured(1);
    host = m.captured(2).isEmpty() ? m.captured(3) : m.captured(2);
    port = m.captured(4);
    return true;
}

QString safeName(QString s)
{
    s.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]+")), QStringLiteral("_"));
    return s.isEmpty() ? QStringLiteral("_") : s.left(80);
}

} // namespace

QStringList GpuHost::arguments() const
{
    if (!isRemote())
        return {};
    QStringList a{QStringLiteral("--gpu-host"), destination};
    if (!hostCli.isEmpty())
        a << QStringLiteral("--gpu-host-cli") << hostCli;
    if (slurm)
        a << QStringLiteral("--srun") << srunOptions;
    return a;
}

QString GpuHost::validate() const
{
    if (!isRemote())
        return {};
    QString user, host, port;
    if (!split(destination, user, host, port))
        return tr("GPU host: expected [user@]host[:port], user and host of letters, digits, '.', '_' and '-', "
                  "port 1..65535 (got \"%1\")")
            .arg(destination.left(100));
    if (!port.isEmpty() && (port.toInt() < 1 || port.toInt() > 65535))
        return tr("GPU host: the port %1 is outside 1..65535").arg(port);
    if (hostCli.contains(QLatin1Char('\n')))
        return tr("host's reducescope-cli: a path on one line");
    return {};
}

QString GpuHost::hostName() const
{
    QString user, host, port;
    return isRemote() && split(destination, user, host, port) ? host : QString();
}

GpuHost currentGpuHost() { return current(); }
void setCurrentGpuHost(const GpuHost& host) { current() = host; }

GpuHost savedGpuHost()
{
    QSettings s;
    s.beginGroup(QStringLiteral("gpuHost"));
    GpuHost h;
    h.destination = s.value(QStringLiteral("destination")).toString();
    h.hostCli = s.value(QStringLiteral("hostCli")).toString();
    h.slurm = s.value(QStringLiteral("slurm"), false).toBool();
    h.srunOptions = s.value(QStringLiteral("srunOptions")).toString();
    if (!h.validate().isEmpty())
        return {};  // a hand-edited setting that the CLI would refuse: this computer
    return h;
}

void saveGpuHost(const GpuHost& h)
{
    QSettings s;
    s.beginGroup(QStringLiteral("gpuHost"));
    s.setValue(QStringLiteral("destination"), h.destination);
    s.setValue(QStringLiteral("hostCli"), h.hostCli);
    s.setValue(QStringLiteral("slurm"), h.slurm);
    s.setValue(QStringLiteral("srunOptions"), h.srunOptions);
}

QString remoteResultsFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/results");
}

QString remoteResultsPath(const QString& host, const QString& device, const QString& isoDate)
{
    QString date = isoDate;
    date.replace(QLatin1Char(':'), QLatin1Char('-'));
    return remoteResultsFolder() + QLatin1Char('/') + safeName(host) + QLatin1Char('/') + safeName(device) +
           QLatin1Char('-') + safeName(date) + QStringLiteral(".json");
}

QStringList recentResults()
{
    QStringList list = QSettings().value(QStringLiteral("recentResults")).toStringList();
    list.removeIf([](const QString& p) { return !QFileInfo::exists(p); });
    return list.mid(0, kMaxRecentResults);
}

void addRecentResult(const QString& path)
{
    QStringList list = QSettings().value(QStringLiteral("recentResults")).toStringList();
    const QString abs = QFileInfo(path).absoluteFilePath();
    list.removeAll(abs);
    list.prepend(abs);
    QSettings().setValue(QStringLiteral("recentResults"), list.mid(0, kMaxRecentResults));
}

} // namespace reducescope::app
