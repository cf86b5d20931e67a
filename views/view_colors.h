// SPDX-License-Identifier: GPL-3.0-or-later
// Colours of the step views, derived from the widget palette so light and dark themes both read.
#pragma once

#include <QColor>
#include <QPalette>

namespace reducescope::views {

/// The colour set every trace view paints with. Built from a palette; rebuilt on PaletteChange.
struct ViewColors {
    bool dark = false;
    QColor background, text, mutedText, gridLine;
    QColor active, activeText, idle, exited, padding, paddingHatch;
    QColor divergent, idleWarp, written, arrow, conflict, broadcast, barrier, atomic, lost;
    /// Band behind the "Recorded on the GPU" banner (white text on it in both palettes).
    QColor recorded;

    /// Colours for `palette` (dark when the window colour is darker than the text colour).
    static ViewColors fromPalette(const QPalette& palette);
};

} // namespace reducescope::views
