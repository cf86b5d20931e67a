// SPDX-License-Identifier: GPL-3.0-or-later
// Exports of the step pane for slides: the current step as PNG or SVG, every step as a numbered
// PNG series. In compare mode both step views are placed side by side.
#pragma once

#include <QImage>
#include <QString>

namespace reducescope::app {

class StepPane;

/// The current step of the pane's visible step views, `width` logical pixels per view, rendered
/// at device pixel ratio `dpr` (2 = sharp on slides and high-DPI screens).
QImage renderCurrentStep(const StepPane& pane, int width = 1280, qreal dpr = 2.0);

/// Writes the current step as PNG. On failure returns false and sets *error (one line).
bool exportStepPng(const StepPane& pane, const QString& path, QString* error);

/// Writes the current step as SVG (vector, via QSvgGenerator).
bool exportStepSvg(const StepPane& pane, const QString& path, QString* error);

/// Writes every step as `<dir>/<strategy>_step_001.png` (steps numbered from 1), ... and restores the current step.
/// Returns the number of files written, or -1 with *error set.
int exportStepSeries(StepPane& pane, const QString& dir, QString* error);

} // namespace reducescope::app
