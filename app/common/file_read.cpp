// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/common/file_read.h"

#include "app/common/native_path.h"

#include "app/common/message_text.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <limits>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace reducescope::app {
namespace {

QString notRegularWhy(bool dir, bool fifo, bool device, bool socket, qint64 maxBytes)
{
    const QString what = dir ? QCoreApplication::translate("BenchResults", "a directory")
        : fifo             ? QCoreApplication::translate("BenchResults", "a FIFO")
        : device           ? QCoreApplication::translate("BenchResults", "a device")
        : socket           ? QCoreApplication::translate("BenchResults", "a socket")
                           : QCoreApplication::translate("BenchResults", "not a plain file");
    return QCoreApplication::translate("BenchResults", "not a regular file (%1); the app reads only regular files of at most %2 MiB")
        .arg(what).arg(maxBytes >> 20);
}

QString tooBigWhy(qint64 bytes, qint64 maxBytes)
{
    return QCoreApplication::translate("BenchResults", "%1 MiB, over the limit of %2 MiB for a file the app reads")
        .arg(double(bytes) / (1 << 20), 0, 'f', 1).arg(maxBytes >> 20);
}

} // namespace

std::optional<QByteArray> readFileBytes(const QString& path, qint64 maxBytes, QString* error)
{
    // A file that cannot be read is named by its path as given (its name alone would hide a wrong
    // folder, and /dev/zero would read "zero"); once read, the readers name it by its file name.
    const auto refuse = [&](const QString& why) -> std::optional<QByteArray> {
        if (error)
            *error = QStringLiteral("%1: %2").arg(echoPath(path), why);
        return std::nullopt;
    };
    if (path.isEmpty()) {
        if (error)
            *error = QCoreApplication::translate("BenchResults", "no file name given (expected a results .json file)");
        return std::nullopt;
    }
    QFile f;
#ifdef Q_OS_UNIX
    // Refuse FIFOs, devices and directories before opening them (opening a FIFO blocks, reading
    // /dev/zero never ends), then check again on the opened descriptor.
    const QByteArray native = encodeNativePath(path);
    struct stat st {};
    if (::stat(native.constData(), &st) != 0)
        return refuse(QCoreApplication::translate("BenchResults", "cannot open (%1)").arg(qt_error_string(errno)));
    auto checkStat = [&](const struct stat& s) -> QString {
        if (!S_ISREG(s.st_mode))
            return notRegularWhy(S_ISDIR(s.st_mode), S_ISFIFO(s.st_mode), S_ISCHR(s.st_mode) || S_ISBLK(s.st_mode),
                                 S_ISSOCK(s.st_mode), maxBytes);
        if (qint64(s.st_size) > maxBytes)
            return tooBigWhy(qint64(s.st_size), maxBytes);
        return {};
    };
    if (const QString why = checkStat(st); !why.isEmpty())
        return refuse(why);
    const int fd = ::open(native.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return refuse(QCoreApplication::translate("BenchResults", "cannot open (%1)").arg(qt_error_string(errno)));
    if (::fstat(fd, &st) != 0 || !checkStat(st).isEmpty()) {
        const QString why = checkStat(st);
        ::close(fd);
        return refuse(why.isEmpty() ? QCoreApplication::translate("BenchResults", "cannot open (stat failed)") : why);
    }
    if (!f.open(fd, QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        return refuse(QCoreApplication::translate("BenchResults", "cannot open (%1)").arg(f.errorString()));
    }
#else
    const QFileInfo info(path);
    if (!info.exists())
        return refuse(QCoreApplication::translate("BenchResults", "cannot open (No such file or directory)"));
    if (!info.isFile())
        return refuse(notRegularWhy(info.isDir(), false, false, false, maxBytes));
    if (info.size() > maxBytes)
        return refuse(tooBigWhy(info.size(), maxBytes));
    f.setFileName(path);
    if (!f.open(QIODevice::ReadOnly))
        return refuse(QCoreApplication::translate("BenchResults", "cannot open (%1)").arg(f.errorString()));
#endif
    // Read in chunks up to the limit, so that a file that grows meanwhile still cannot exhaust memory.
    QByteArray data;
    char chunk[1 << 16];
    for (;;) {
        const qint64 n = f.read(chunk, sizeof chunk);
        if (n < 0)
            return refuse(QCoreApplication::translate("BenchResults", "cannot read (%1)").arg(f.errorString()));
        if (n == 0)
            break;
        data.append(chunk, qsizetype(n));
        if (data.size() > maxBytes)
            return refuse(tooBigWhy(data.size(), maxBytes));
    }
    return data;
}

QString readerMessage(const std::exception& e)
{
    // Already one line with its quoted values capped; escaped once more for the characters that
    // can reorder or hide text on screen (bidi controls and the like).
    return echoValue(QString::fromUtf8(e.what()), std::numeric_limits<int>::max());
}

} // namespace reducescope::app
