// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/shell/display_check.h"

#include "app/common/message_text.h"
#include "app/shell/command_line.h"

#include <QDir>
#include <QFileInfo>
#include <QLibraryInfo>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <optional>
#include <string>

#include <dlfcn.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace reducescope::app {
namespace {

constexpr int kProbeMs = 2000;

QString errnoText(int err) { return QString::fromLocal8Bit(std::strerror(err)); }

/// Connects `fd` to `addr` within kProbeMs. 0 or an errno.
int connectWithin(int fd, const sockaddr* addr, socklen_t len)
{
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
    if (::connect(fd, addr, len) == 0)
        return 0;
    if (errno != EINPROGRESS)
        return errno;
    pollfd p{fd, POLLOUT, 0};
    const int ready = ::poll(&p, 1, kProbeMs);
    if (ready == 0)
        return ETIMEDOUT;
    if (ready < 0)
        return errno;
    int err = 0;
    socklen_t errLen = sizeof err;
    ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &errLen);
    return err;
}

/// Connects to the Unix socket `path` (abstract: a leading '\0'). 0 or an errno.
int probeUnix(const std::string& path)
{
    sockaddr_un a{};
    a.sun_family = AF_UNIX;
    if (path.size() >= sizeof a.sun_path)
        return ENAMETOOLONG;
    std::memcpy(a.sun_path, path.data(), path.size());
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return errno;
    const int err = connectWithin(fd, reinterpret_cast<const sockaddr*>(&a),
                                  socklen_t(offsetof(sockaddr_un, sun_path) + path.size() + (path[0] ? 1 : 0)));
    ::close(fd);
    return err;
}

/// Connects to TCP `host`:`port`. Empty on success, else why.
QString probeTcp(const std::string& host, int port)
{
    addrinfo hints{};
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* list = nullptr;
    if (const int rc = ::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &list); rc != 0)
        return QStringLiteral("host %1 not found: %2").arg(echoValue(QString::fromStdString(host)), QString::fromLocal8Bit(::gai_strerror(rc)));
    int err = ECONNREFUSED;
    for (const addrinfo* a = list; a; a = a->ai_next) {
        const int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
        if (fd < 0) {
            err = errno;
            continue;
        }
        err = connectWithin(fd, a->ai_addr, a->ai_addrlen);
        ::close(fd);
        if (err == 0)
            break;
    }
    ::freeaddrinfo(list);
    return err == 0 ? QString() : QStringLiteral("TCP port %1 of %2: %3").arg(port).arg(echoValue(QString::fromStdString(host)), errnoText(err));
}

/// Why the X display `display` (DISPLAY's value) cannot be opened, or empty when it can.
QString xProblem(const QByteArray& display)
{
    // [protocol/][host]:N[.S] (libxcb's xcb_parse_display); "unix" or no host: the local socket.
    QByteArray rest = display;
    QByteArray protocol;
    if (const qsizetype slash = rest.indexOf('/'); slash >= 0 && slash < rest.lastIndexOf(':')) {
        protocol = rest.left(slash);
        rest = rest.mid(slash + 1);
    }
    const qsizetype colon = rest.lastIndexOf(':');
    if (colon < 0)
        return QStringLiteral("not of the form [host]:N[.S]");
    const QByteArray host = rest.left(colon);
    QByteArray number = rest.mid(colon + 1);
    if (const qsizetype dot = number.indexOf('.'); dot >= 0)
        number.truncate(dot);
    bool ok = false;
    const int n = number.toInt(&ok);
    if (!ok || n < 0 || n > 59535)
        return QStringLiteral("not of the form [host]:N[.S]");
    if (host.isEmpty() || host == "unix" || protocol == "unix") {
        const std::string path = "/tmp/.X11-unix/X" + std::to_string(n);
        const int abstractErr = probeUnix(std::string(1, '\0') + path);
        if (abstractErr == 0)
            return {};
        const int err = probeUnix(path);
        if (err == 0)
            return {};
        return QStringLiteral("no X server answers on %1: %2").arg(QString::fromStdString(path), errnoText(err));
    }
    if (const QString why = probeTcp(host.toStdString(), 6000 + n); !why.isEmpty())
        return QStringLiteral("no X server answers on %1").arg(why);
    return {};
}

/// libxcb's own verdict (authorisation included), when libxcb can be loaded; empty when the
/// connection opens (or libxcb is not there: Qt's xcb plugin, which needs it, then says so).
QString xcbProblem()
{
    void* lib = ::dlopen("libxcb.so.1", RTLD_LAZY | RTLD_LOCAL);
    if (!lib)
        return {};
    using Connect = void* (*)(const char*, int*);
    using HasError = int (*)(void*);
    using Disconnect = void (*)(void*);
    const auto connect = reinterpret_cast<Connect>(::dlsym(lib, "xcb_connect"));
    const auto hasError = reinterpret_cast<HasError>(::dlsym(lib, "xcb_connection_has_error"));
    const auto disconnect = reinterpret_cast<Disconnect>(::dlsym(lib, "xcb_disconnect"));
    QString why;
    if (connect && hasError && disconnect) {
        void* c = connect(nullptr, nullptr);
        if (const int e = hasError(c); e != 0)
            why = e == 1 ? QStringLiteral("the X server closed the connection (not authorised? check XAUTHORITY)")
                         : QStringLiteral("libxcb could not connect (error %1)").arg(e);
        disconnect(c);
    }
    ::dlclose(lib);
    return why;
}

/// Why the Wayland display cannot be opened, or empty when its socket answers.
QString waylandProblem()
{
    QByteArray name = qgetenv("WAYLAND_DISPLAY");
    if (name.isEmpty())
        name = "wayland-0";
    std::string path = name.toStdString();
    if (path[0] != '/') {
        const QByteArray runtime = qgetenv("XDG_RUNTIME_DIR");
        if (runtime.isEmpty())
            return QStringLiteral("XDG_RUNTIME_DIR is not set, so the socket of WAYLAND_DISPLAY=%1 cannot be found")
                .arg(echoValue(QString::fromLocal8Bit(name)));
        path = runtime.toStdString() + "/" + path;
    }
    if (const int err = probeUnix(path); err != 0)
        return QStringLiteral("no Wayland compositor answers on %1: %2").arg(echoPath(QString::fromStdString(path)), errnoText(err));
    return {};
}

QStringList pluginFolders()
{
    QStringList dirs;
    for (const QString& d : qEnvironmentVariable("QT_PLUGIN_PATH").split(QLatin1Char(':'), Qt::SkipEmptyParts))
        dirs << d + QStringLiteral("/platforms");
    dirs << QLibraryInfo::path(QLibraryInfo::PluginsPath) + QStringLiteral("/platforms");
    char exe[4096];
    if (const ssize_t n = ::readlink("/proc/self/exe", exe, sizeof exe - 1); n > 0) {
        exe[n] = '\0';
        const QString dir = QFileInfo(QString::fromLocal8Bit(exe)).absolutePath();
        dirs << dir + QStringLiteral("/platforms") << dir + QStringLiteral("/plugins/platforms");
    }
    return dirs;
}

/// The plugin key of a plugin file name: libqxcb.so -> xcb, libqwayland-generic.so -> wayland.
QString pluginKey(const QString& file)
{
    QString k = file.mid(4, file.size() - 7);  // "libq" ... ".so"
    if (k == QLatin1String("wayland-generic"))
        return QStringLiteral("wayland");
    return k;
}

std::optional<double> envNumber(const char* name, QString* text)
{
    if (!qEnvironmentVariableIsSet(name))
        return std::nullopt;
    *text = qEnvironmentVariable(name);
    bool ok = false;
    const double v = text->trimmed().toDouble(&ok);
    if (!ok)
        return std::nullopt;
    return v;
}

QString number(double v) { return QString::number(v, 'g', 6); }

} // namespace

QStringList platformPlugins()
{
    QStringList keys;
    for (const QString& dir : pluginFolders())
        for (const QString& f : QDir(dir).entryList({QStringLiteral("libq*.so")}, QDir::Files))
            if (!keys.contains(pluginKey(f)))
                keys << pluginKey(f);
    keys.sort();
    return keys;
}

DisplayDecision decideDisplay(bool screenshot)
{
    DisplayDecision d;
    const auto offscreenOr = [&](const QString& why, const QString& variable) {
        if (screenshot) {
            d.action = DisplayDecision::Action::Offscreen;
            d.message = QStringLiteral("reducescope: %1: %2; the screenshot is rendered offscreen\n").arg(variable, why);
        } else {
            d.action = DisplayDecision::Action::Refuse;
            d.message = QStringLiteral("reducescope: cannot open a window: %1: %2. Start it on a virtual display "
                                       "(xvfb-run -a reducescope [options]) or render a screenshot "
                                       "(reducescope --screenshot shot.png [options])\n").arg(variable, why);
        }
    };
    QString platform;
    const QString requested = qEnvironmentVariable("QT_QPA_PLATFORM");
    if (!requested.trimmed().isEmpty()) {
        const QStringList available = platformPlugins();
        const QStringList entries = requested.split(QLatin1Char(';'), Qt::SkipEmptyParts);
        for (qsizetype i = 0; i < entries.size(); ++i) {
            const QString name = entries.at(i).section(QLatin1Char(':'), 0, 0).trimmed();
            if (available.isEmpty() || available.contains(name)) {
                platform = name;
                if (i > 0)
                    d.platformEntry = entries.at(i).trimmed();
                break;
            }
        }
        if (platform.isEmpty()) {
            d.action = DisplayDecision::Action::Refuse;
            d.exitCode = 2;
            d.message = QStringLiteral("reducescope: QT_QPA_PLATFORM must name a Qt platform plugin, one of %1 "
                                       "(got \"%2\"; offscreen renders a --screenshot without a display)\n")
                            .arg(available.join(QStringLiteral(", ")), echoValue(requested));
            return d;
        }
    } else if (qgetenv("XDG_SESSION_TYPE") == "wayland" && !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")) {
        platform = QStringLiteral("wayland");
    } else {
        platform = QStringLiteral("xcb");
    }
    if (platform == QLatin1String("xcb")) {
        const QByteArray display = qgetenv("DISPLAY");
        if (display.isEmpty()) {
            if (!requested.isEmpty() || qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")) {
                if (screenshot) {
                    d.action = DisplayDecision::Action::Offscreen;  // as before: no display, no note
                } else {
                    d.action = DisplayDecision::Action::Refuse;
                    d.message = noDisplayMessage(QStringLiteral("reducescope"));
                }
            }
            return d;  // WAYLAND_DISPLAY without XDG_SESSION_TYPE: Qt's own choice
        }
        QString why = xProblem(display);
        if (why.isEmpty())
            why = xcbProblem();
        if (!why.isEmpty())
            offscreenOr(why, QStringLiteral("DISPLAY=%1").arg(echoValue(QString::fromLocal8Bit(display))));
    } else if (platform.startsWith(QLatin1String("wayland"))) {
        if (const QString why = waylandProblem(); !why.isEmpty())
            offscreenOr(why, QStringLiteral("QT_QPA_PLATFORM=%1").arg(echoValue(requested.isEmpty() ? platform : requested)));
    }
    return d;
}

QString scaleProblem()
{
    const QString range = QStringLiteral("%1..%2").arg(number(kMinScale), number(kMaxScale));
    QString text;
    if (const auto v = envNumber("QT_SCALE_FACTOR", &text); v && *v > 0 && !(*v >= kMinScale && *v <= kMaxScale))
        return QStringLiteral("QT_SCALE_FACTOR must be a number in %1 (got \"%2\": every pixel of the window would be "
                              "%3 × %3 pixels)").arg(range, echoValue(text), number(*v));
    if (qEnvironmentVariableIsSet("QT_SCREEN_SCALE_FACTORS")) {
        text = qEnvironmentVariable("QT_SCREEN_SCALE_FACTORS");
        for (const QString& entry : text.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
            bool ok = false;
            const double v = entry.section(QLatin1Char('='), -1).trimmed().toDouble(&ok);
            if (ok && v > 0 && !(v >= kMinScale && v <= kMaxScale))
                return QStringLiteral("QT_SCREEN_SCALE_FACTORS: each factor must be a number in %1 (got \"%2\" in \"%3\")")
                    .arg(range, echoValue(entry), echoValue(text));
        }
    }
    if (const auto v = envNumber("QT_FONT_DPI", &text); v && *v > 0 && !(*v >= 24 && *v <= 960))
        return QStringLiteral("QT_FONT_DPI must be a number in 24..960 (got \"%1\")").arg(echoValue(text));
    return {};
}

QString screenshotSizeProblem(int width, int height, double ratio)
{
    const double w = std::ceil(width * ratio), h = std::ceil(height * ratio);
    if (w <= kMaxScreenshotSide && h <= kMaxScreenshotSide && w * h <= double(kMaxScreenshotPixels))
        return {};
    return QStringLiteral("screenshot: %1 × %2 pixels at a device pixel ratio of %3 would be %4 × %5, over the "
                          "limit of %6 pixels a side and %7 megapixels (check QT_SCALE_FACTOR and the screen's scale)")
        .arg(width).arg(height).arg(number(ratio)).arg(qint64(w)).arg(qint64(h)).arg(kMaxScreenshotSide)
        .arg(kMaxScreenshotPixels / 1000000);
}

} // namespace reducescope::app
