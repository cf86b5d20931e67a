// SPDX-License-Identifier: GPL-3.0-or-later
// Colours of the trace views: a colour-blind-safe light and dark theme, plus the shape or pattern
// that tells each state apart without colour.
//
// The state colours start from the Okabe–Ito palette (Okabe & Ito, "Color Universal Design",
// 2008: blue, vermillion, reddish purple, bluish green, sky blue, yellow) and were moved in lightness
// and chroma until (a) every pair of the nine states below differs by CIEDE2000 ΔE00 >= 12 in
// normal vision and under the Machado, Oliveira & Fernandes (2009) simulations of protanopia,
// deuteranopia and tritanopia at severity 1.0, and (b) every state colour, text colour and lane fill
// reaches WCAG 2.x contrast >= 3:1 against the theme's background (body and muted text >= 4.5:1).
// tests/views/common/tst_view_colors.cpp holds the themes to both rules.
#pragma once

#include <QColor>
#include <QPalette>
#include <QVector>

namespace reducescope::views {

/// Which colour set a view paints with. System follows the widget palette (dark when the base
/// colour is darker than the text colour) and keeps the palette's background; Light and Dark use
/// their own background, the one the contrast test checks.
enum class Theme { System, Light, Dark };

/// The states every picture must tell apart by colour AND by shape or pattern (docs/classroom.md,
/// "Colours and marks").
enum class VisualState {
    ActiveLane,    ///< solid fill
    IdleLane,      ///< fill with horizontal lines
    ExitedLane,    ///< fill with an X
    PaddingLane,   ///< fill with a diagonal hatch (also identity-padding cells)
    DivergentWarp, ///< thick outline with a corner triangle, bold caption
    BankConflict,  ///< cross-hatched word boxes, "n-way" under the bank
    Broadcast,     ///< dotted word boxes, "×k" / "bcast" under the bank
    Barrier,       ///< thick dash-dot line with bars at both ends
    WrittenCell,   ///< double outline with a corner triangle
};

/// The shape or pattern that marks a state besides its colour (one per state, all different).
enum class StateMark {
    SolidFill, HorizontalLines, Cross, DiagonalHatch, ThickOutlineTriangle, CrossHatch, Dots,
    DashDotLineWithBars, DoubleOutlineTriangle,
};

/// All nine states in declaration order (for tests and legends).
QVector<VisualState> allVisualStates();

/// The mark of `state` (see VisualState).
StateMark stateMark(VisualState state);

/// The colour set every trace view paints with. Rebuilt on PaletteChange when the theme is System.
struct ViewColors {
    bool dark = false;
    QColor background, text, mutedText, gridLine;
    QColor active, activeText, idle, exited, padding, paddingHatch;
    QColor divergent, idleWarp, written, arrow, conflict, broadcast, barrier, atomic, lost;
    /// Text drawn on a lane fill or a word box (thread numbers): the background's lightness, so it
    /// keeps >= 3:1 on every fill.
    QColor laneText;
    /// Band behind the "Recorded on the GPU" banner (white text on it in both palettes).
    QColor recorded;
    /// Band behind a fault's banner in the step view (an own kernel's model::Fault; white text on
    /// it in both palettes, >= 4.5:1). Its "⚠ FAULT" says what it is without the colour.
    QColor fault;

    /// Colour of a state (the fill of a lane or word box, the line of an outline or barrier).
    QColor state(VisualState s) const;

    /// Colours for `palette` (dark when the base colour is darker than the text colour); the
    /// background and text come from the palette. Same as forTheme(Theme::System, palette).
    static ViewColors fromPalette(const QPalette& palette);
    /// Colours of `theme`; `palette` is used only for Theme::System.
    static ViewColors forTheme(Theme theme, const QPalette& palette = QPalette());
};

/// A whole-window palette for `theme` (Light or Dark; System: `fallback`): base, window, text,
/// buttons, highlight, tool tips. Setting it on the application (View ▸ Theme) makes every view in
/// Theme::System follow, with the background the contrast test checks.
QPalette paletteForTheme(Theme theme, const QPalette& fallback = QPalette());

/// WCAG 2.x relative luminance of an sRGB colour (0 black .. 1 white).
double relativeLuminance(const QColor& c);
/// WCAG 2.x contrast ratio (1..21) between two colours.
double contrastRatio(const QColor& a, const QColor& b);

} // namespace reducescope::views
