// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/common/data_paths.h"

#include "reducescope/config.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

// Set by CMake from GNUInstallDirs (bin -> share/reducescope); the default is the usual layout.
#ifndef REDUCESCOPE_DATA_FROM_BIN
#define REDUCESCOPE_DATA_FROM_BIN "../share/reducescope"
#endif

namespace reducescope::app {
namespace {

bool isExecutable(const QString& path)
{
    const QFileInfo info(path);
    return info.isFile() && info.isExecutable();
}

QString installedDataFolder()
{
    return QDir::cleanPath(QCoreApplication::applicationDirPath() + QLatin1Char('/')
                           + QStringLiteral(REDUCESCOPE_DATA_FROM_BIN));
}

} // namespace

QString shippedFolder(const QString& name)
{
    const QString installed = installedDataFolder() + QLatin1Char('/') + name;
    if (QFileInfo(installed).isDir())
        return installed;
    // Up from the program's folder to the source tree: <build>/app/reducescope is two levels
    // below it, a test (<build>/tests/<room>/<part>/tst_x) four.
    QDir dir(QCoreApplication::applicationDirPath());
    for (int up = 0; up <= 4; ++up) {
        // docs/results alone could be anything; the source tree also has the top-level CMakeLists.txt.
        if (dir.exists(QStringLiteral("docs/") + name) && dir.exists(QStringLiteral("CMakeLists.txt")))
            return QDir::cleanPath(dir.filePath(QStringLiteral("docs/") + name));
        if (!dir.cdUp())
            break;
    }
    return QDir::cleanPath(QStandardPaths::locate(QStandardPaths::GenericDataLocation,
                                                  QStringLiteral("reducescope/") + name, QStandardPaths::LocateDirectory));
}

QString translationsFolder()
{
    const QString installed = installedDataFolder() + QStringLiteral("/translations");
    if (QFileInfo(installed).isDir())
        return installed;
    // Build tree: the app is <build>/app/reducescope.
    const QString built = QDir::cleanPath(QCoreApplication::applicationDirPath() + QStringLiteral("/../translations"));
    if (QFileInfo(built).isDir())
        return built;
    return QDir::cleanPath(QStandardPaths::locate(QStandardPaths::GenericDataLocation,
                                                  QStringLiteral("reducescope/translations"), QStandardPaths::LocateDirectory));
}

QString locateCli()
{
    const QString env = qEnvironmentVariable("REDUCESCOPE_CLI");
    if (!env.isEmpty())
        return env;
    const QString appDir = QCoreApplication::applicationDirPath();
    const QStringList candidates{
        appDir + QStringLiteral("/reducescope-cli"),                       // installed: both in bin/
        appDir + QStringLiteral("/../kernels/cli/reducescope-cli"),        // <build>/app/reducescope
        appDir + QStringLiteral("/../../kernels/cli/reducescope-cli"),     // <build>/tests/i18n/tst_x
        appDir + QStringLiteral("/../../../kernels/cli/reducescope-cli"),  // <build>/tests/app/step/tst_x
        appDir + QStringLiteral("/../build/kernels/cli/reducescope-cli"),  // a copy in the source root
    };
    for (const QString& c : candidates)
        if (isExecutable(c))
            return QDir::cleanPath(c);
    return QStandardPaths::findExecutable(QStringLiteral("reducescope-cli"));
}

QString locationReport()
{
    auto found = [](const QString& path) { return path.isEmpty() ? QStringLiteral("not found") : path; };
    QString text;
    text += QStringLiteral("CUDA kernels: %1\n")
                .arg(REDUCESCOPE_HAVE_CUDA ? QStringLiteral("yes") : QStringLiteral("no (built without nvcc)"));
    text += QStringLiteral("reducescope-cli: %1\n").arg(found(locateCli()));
    text += QStringLiteral("recorded results: %1\n").arg(found(shippedResultsFolder()));
    text += QStringLiteral("example traces: %1\n").arg(found(shippedTracesFolder()));
    return text;
}

} // namespace reducescope::app
