// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/common/cli_client.h"

#include "app/common/cli_exit.h"
#include "app/common/gpu_host.h"

#include "app/common/file_read.h"
#include "app/common/message_text.h"

#include <QTimer>

#include <string_view>
#include <utility>
#include <vector>

namespace reducescope::app {

DeviceProbe::DeviceProbe(QObject* parent)
    : QObject(parent)
    , m_timer(new QTimer(this))
{
    qRegisterMetaType<DeviceProbeResult>();
    m_timer->setSingleShot(true);
}

DeviceProbe::~DeviceProbe()
{
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->disconnect(this);
        m_process->kill();
        m_process->waitForFinished(2000);
    }
}

bool DeviceProbe::isRunning() const { return m_process && m_process->state() != QProcess::NotRunning; }

void DeviceProbe::finish(const DeviceProbeResult& result)
{
    m_timer->stop();
    m_timer->disconnect(this);
    m_process->disconnect(this);
    emit finished(result);
}

void DeviceProbe::start(const QString& cli, int timeoutMs)
{
    if (isRunning())
        return;
    if (m_process)
        m_process->deleteLater();
    m_process = new QProcess(this);
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            finish({std::nullopt, false, tr("cannot start %1: %2").arg(m_process->program(), m_process->errorString()), -2});
    });
    connect(m_timer, &QTimer::timeout, this, [this, timeoutMs] {
        finish({std::nullopt, false, tr("reducescope-cli devices did not answer within %1 s").arg(timeoutMs / 1000.0), -1});
        // Killed and left to die on its own: nothing waits for it.
        QProcess* p = std::exchange(m_process, nullptr);
        connect(p, &QProcess::finished, p, &QObject::deleteLater);
        p->kill();
    });
    connect(m_process, &QProcess::finished, this, [this](int code, QProcess::ExitStatus status) {
        const QByteArray out = m_process->readAllStandardOutput();
        QString err = QString::fromUtf8(m_process->readAllStandardError()).trimmed();
        if (err.contains(QLatin1Char('\n')))
            err = err.section(QLatin1Char('\n'), -1);
        if (err.startsWith(QLatin1String("reducescope-cli: ")))
            err = err.mid(17);
        if (status == QProcess::CrashExit) {
            finish({std::nullopt, false, tr("reducescope-cli devices crashed"), -1});
        } else if (code == kNoDeviceExit) {
            // The CLI's own line, unquoted: who shows it quotes it (toolSaid) in the language of
            // the moment, so a language switch after the answer words it again (tst_language).
            finish({std::nullopt, true, err.isEmpty() ? tr("no CUDA device or driver") : err, 0});
        } else if (code != 0) {
            finish({std::nullopt, false, tr("reducescope-cli devices failed (exit %1)%2")
                                             .arg(code).arg(err.isEmpty() ? QString() : QStringLiteral(": ") + toolSaid(err)), -1});
        } else {
            QString why;
            std::vector<bench::Device> devices;
            bool read = true;
            try {
                devices = bench::read_device_list(std::string_view(out.constData(), std::size_t(out.size())));
            } catch (const bench::SchemaError& e) {
                why = readerMessage(e);
                read = false;
            }
            const int count = read ? int(devices.size()) : -1;
            if (devices.empty())
                finish({std::nullopt, false, tr("cannot read the device list: %1").arg(why.isEmpty() ? tr("empty") : why), count});
            else
                finish({devices.front(), false, QString(), count});
        }
    });
    m_timer->start(timeoutMs);
    // On the chosen GPU host when there is one (app/common/gpu_host.h): the local CLI goes there.
    m_process->start(cli, QStringList{QStringLiteral("devices"), QStringLiteral("--json")} + currentGpuHost().arguments());
}

} // namespace reducescope::app
