// SPDX-License-Identifier: GPL-3.0-or-later
// What main() checks before it constructs QApplication, which aborts the process (qFatal) when
// its platform plugin cannot start: an unknown QT_QPA_PLATFORM, an X display that does not answer
// (a stale DISPLAY after ssh without X forwarding), a Wayland socket that is not there; and
// screen scale factors that would make a window of gigabytes (QT_SCALE_FACTOR=1000).
#pragma once

#include <QString>
#include <QStringList>

namespace reducescope::app {

/// What to do about the display before Qt starts.
struct DisplayDecision {
    enum class Action {
        Start,      ///< the platform Qt will pick can start
        Offscreen,  ///< --screenshot without a usable display: render offscreen (`note` says why)
        Refuse,     ///< print `message` (one line) and exit
    };
    Action action = Action::Start;
    QString message;  ///< Refuse: one line naming the variable and what is wrong; Offscreen: the note
    int exitCode = 1; ///< Refuse: 1 (no display), 2 (a bad setting)
    /// Start: the entry of QT_QPA_PLATFORM's fallback list to set instead of the whole list when a
    /// plugin before it does not exist (Qt would print a line for each); empty: leave it.
    QString platformEntry;
};

/// Decides for a start with (`screenshot`) or without --screenshot, from the environment:
/// QT_QPA_PLATFORM (its ';'-separated fallbacks; the plugin must exist in Qt's plugin folders,
/// QT_PLUGIN_PATH or beside the executable), else what Qt 6 picks (xcb, or wayland where
/// XDG_SESSION_TYPE=wayland and WAYLAND_DISPLAY are set). For xcb the X server is probed
/// (DISPLAY parsed as [host]:N[.S]: the Unix socket /tmp/.X11-unix/XN, abstract or not, or TCP
/// port 6000+N of host, 2 s at most), then libxcb's own xcb_connect() checks the authorisation.
/// For wayland the socket $XDG_RUNTIME_DIR/$WAYLAND_DISPLAY is probed. No display at all is
/// Offscreen with --screenshot, else Refuse (exit 1, noDisplayMessage's how-to).
DisplayDecision decideDisplay(bool screenshot);

/// The platform plugins found ("eglfs", "offscreen", "xcb", ...), sorted; empty when no plugin
/// folder was found.
QStringList platformPlugins();

/// Refusal of an absurd scale setting, before any window exists: QT_SCALE_FACTOR and each value of
/// QT_SCREEN_SCALE_FACTORS must be in kMinScale..kMaxScale (values Qt ignores, not numbers or
/// <= 0, are ignored here too), QT_FONT_DPI in 24..960. One line naming the variable, or empty.
QString scaleProblem();
inline constexpr double kMinScale = 0.1;
inline constexpr double kMaxScale = 10.0;

/// Most pixels a screenshot may have (2^28: 1 GiB as 32-bit pixels; 1600×1000 at scale 10 is
/// 1.6·10^8) and its longest side (32767, the most a QImage painter takes).
inline constexpr qint64 kMaxScreenshotPixels = qint64(1) << 28;
inline constexpr int kMaxScreenshotSide = 32767;

/// One line when an image of `width` × `height` device-independent pixels at `ratio` device
/// pixels each is beyond those limits (it is refused before it is drawn), else empty.
QString screenshotSizeProblem(int width, int height, double ratio);

} // namespace reducescope::app
