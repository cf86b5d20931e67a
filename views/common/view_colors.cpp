// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/common/view_colors.h"

#include <algorithm>
#include <cmath>

namespace reducescope::views {
namespace {

// The nine state colours of each theme. Okabe–Ito hues (blue, grey, black, ochre, vermillion,
// reddish purple, bluish green, purple, sky blue / yellow), moved in lightness and chroma by a
// search that maximised the smallest CIEDE2000 difference over normal vision and the three
// Machado 2009 simulations (smallest found: 14.6 light, 13.5 dark; the test asks for 12) under a
// WCAG 3:1 floor against the background (view_colors.h). Issue 24: idle lanes at 4.5:1 (a grey on
// white, a warm grey on dark), the light conflict colour moved with them to keep them apart under
// deuteranopia (smallest now 13.2 light, 13.5 dark).
void setStates(ViewColors& c, bool dark)
{
    if (!dark) {
        c.active = QColor(0x24, 0x5b, 0xd8);    // blue
        c.idle = QColor(0x76, 0x76, 0x76);      // grey (4.5:1 on white)
        c.exited = QColor(0x1a, 0x0a, 0x12);    // near black
        c.padding = QColor(0x62, 0x4e, 0x00);   // dark ochre
        c.divergent = QColor(0xd7, 0x6e, 0x20); // vermillion
        c.conflict = QColor(0x90, 0x42, 0x7e);  // reddish purple
        c.broadcast = QColor(0x2c, 0x5a, 0x47); // bluish green, dark
        c.barrier = QColor(0x46, 0x0b, 0x77);   // purple
        c.written = QColor(0x3c, 0x94, 0xd0);   // sky blue
    } else {
        c.active = QColor(0x97, 0xb8, 0xf4);
        c.idle = QColor(0x8a, 0x84, 0x78);      // warm grey (4.5:1 on the dark background)
        c.exited = QColor(0xe0, 0xf0, 0xfe);
        c.padding = QColor(0xa7, 0x67, 0x05);
        c.divergent = QColor(0xeb, 0x8d, 0x48);
        c.conflict = QColor(0xc4, 0xa1, 0xb0);
        c.broadcast = QColor(0x00, 0xe0, 0xa0);
        c.barrier = QColor(0x8c, 0x75, 0xed);
        c.written = QColor(0xf6, 0xeb, 0x28);   // yellow
    }
}

double linear(double v)
{
    return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
}

} // namespace

QVector<VisualState> allVisualStates()
{
    return {VisualState::ActiveLane, VisualState::IdleLane, VisualState::ExitedLane, VisualState::PaddingLane,
            VisualState::DivergentWarp, VisualState::BankConflict, VisualState::Broadcast, VisualState::Barrier,
            VisualState::WrittenCell};
}

StateMark stateMark(VisualState s)
{
    switch (s) {
    case VisualState::ActiveLane: return StateMark::SolidFill;
    case VisualState::IdleLane: return StateMark::HorizontalLines;
    case VisualState::ExitedLane: return StateMark::Cross;
    case VisualState::PaddingLane: return StateMark::DiagonalHatch;
    case VisualState::DivergentWarp: return StateMark::ThickOutlineTriangle;
    case VisualState::BankConflict: return StateMark::CrossHatch;
    case VisualState::Broadcast: return StateMark::Dots;
    case VisualState::Barrier: return StateMark::DashDotLineWithBars;
    case VisualState::WrittenCell: return StateMark::DoubleOutlineTriangle;
    }
    return StateMark::SolidFill;
}

QColor ViewColors::state(VisualState s) const
{
    switch (s) {
    case VisualState::ActiveLane: return active;
    case VisualState::IdleLane: return idle;
    case VisualState::ExitedLane: return exited;
    case VisualState::PaddingLane: return padding;
    case VisualState::DivergentWarp: return divergent;
    case VisualState::BankConflict: return conflict;
    case VisualState::Broadcast: return broadcast;
    case VisualState::Barrier: return barrier;
    case VisualState::WrittenCell: return written;
    }
    return text;
}

ViewColors ViewColors::fromPalette(const QPalette& palette)
{
    return forTheme(Theme::System, palette);
}

ViewColors ViewColors::forTheme(Theme theme, const QPalette& palette)
{
    ViewColors c;
    if (theme == Theme::System) {
        c.background = palette.color(QPalette::Base);
        c.text = palette.color(QPalette::Text);
        c.dark = c.background.lightnessF() < c.text.lightnessF();
    } else {
        c.dark = theme == Theme::Dark;
        c.background = c.dark ? QColor(0x18, 0x1a, 0x1f) : QColor(Qt::white);
        c.text = c.dark ? QColor(0xec, 0xef, 0xf4) : QColor(0x1a, 0x1a, 0x1a);
    }
    setStates(c, c.dark);
    // Muted text >= 7:1, grid lines and outlines >= 4:1 on the theme's background.
    c.mutedText = c.dark ? QColor(0xae, 0xb4, 0xbd) : QColor(0x59, 0x59, 0x59);
    c.gridLine = c.dark ? QColor(0x7d, 0x84, 0x8c) : QColor(0x7a, 0x7f, 0x85);
    c.laneText = c.dark ? QColor(0x18, 0x1a, 0x1f) : QColor(Qt::white);
    c.activeText = c.laneText;
    c.paddingHatch = c.laneText;
    c.idleWarp = c.idle;
    c.arrow = c.dark ? QColor(0xb8, 0xc0, 0xc8) : QColor(0x4a, 0x4f, 0x55);
    c.atomic = c.dark ? QColor(0x4d, 0xd0, 0xe1) : QColor(0x00, 0x72, 0x7a);
    c.lost = c.divergent;
    c.recorded = c.dark ? QColor(0x39, 0x49, 0xab) : QColor(0x28, 0x35, 0x93);
    c.fault = c.dark ? QColor(0xc6, 0x28, 0x28) : QColor(0xb7, 0x1c, 0x1c);
    return c;
}

QPalette paletteForTheme(Theme theme, const QPalette& fallback)
{
    if (theme == Theme::System)
        return fallback;
    const ViewColors c = ViewColors::forTheme(theme);
    const bool dark = theme == Theme::Dark;
    QPalette p;
    const QColor window = dark ? QColor(0x23, 0x26, 0x2c) : QColor(0xef, 0xf0, 0xf1);
    const QColor button = dark ? QColor(0x2e, 0x32, 0x39) : QColor(0xe3, 0xe5, 0xe8);
    const QColor highlight = dark ? QColor(0x3d, 0x6f, 0xd6) : QColor(0x1f, 0x5b, 0xc9);
    for (QPalette::ColorGroup g : {QPalette::Active, QPalette::Inactive}) {
        p.setColor(g, QPalette::Window, window);
        p.setColor(g, QPalette::WindowText, c.text);
        p.setColor(g, QPalette::Base, c.background);
        p.setColor(g, QPalette::AlternateBase, dark ? QColor(0x20, 0x23, 0x29) : QColor(0xf4, 0xf5, 0xf6));
        p.setColor(g, QPalette::Text, c.text);
        p.setColor(g, QPalette::Button, button);
        p.setColor(g, QPalette::ButtonText, c.text);
        p.setColor(g, QPalette::BrightText, dark ? QColor(Qt::white) : QColor(Qt::black));
        p.setColor(g, QPalette::Highlight, highlight);
        p.setColor(g, QPalette::HighlightedText, Qt::white);
        p.setColor(g, QPalette::ToolTipBase, window);
        p.setColor(g, QPalette::ToolTipText, c.text);
        p.setColor(g, QPalette::PlaceholderText, c.mutedText);
        p.setColor(g, QPalette::Link, dark ? QColor(0x8a, 0xb4, 0xf8) : QColor(0x1a, 0x4f, 0xb0));
        p.setColor(g, QPalette::Light, dark ? QColor(0x4a, 0x4f, 0x58) : QColor(Qt::white));
        p.setColor(g, QPalette::Midlight, dark ? QColor(0x3a, 0x3f, 0x47) : QColor(0xd8, 0xdb, 0xdf));
        p.setColor(g, QPalette::Mid, dark ? QColor(0x2b, 0x2f, 0x35) : QColor(0xb8, 0xbc, 0xc2));
        p.setColor(g, QPalette::Dark, dark ? QColor(0x14, 0x16, 0x1a) : QColor(0x8a, 0x8f, 0x96));
        p.setColor(g, QPalette::Shadow, Qt::black);
    }
    p.setColor(QPalette::Disabled, QPalette::WindowText, c.mutedText);
    p.setColor(QPalette::Disabled, QPalette::Text, c.mutedText);
    p.setColor(QPalette::Disabled, QPalette::ButtonText, c.mutedText);
    p.setColor(QPalette::Disabled, QPalette::Base, c.background);
    p.setColor(QPalette::Disabled, QPalette::Window, window);
    p.setColor(QPalette::Disabled, QPalette::Button, button);
    return p;
}

double relativeLuminance(const QColor& c)
{
    const QColor s = c.toRgb();
    return 0.2126 * linear(s.redF()) + 0.7152 * linear(s.greenF()) + 0.0722 * linear(s.blueF());
}

double contrastRatio(const QColor& a, const QColor& b)
{
    const double la = relativeLuminance(a), lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

} // namespace reducescope::views
