// SPDX-License-Identifier: GPL-3.0-or-later
// The step pane's transport bar: first / previous / play-pause / next / last, playback speed, the
// step label and a slider over the steps. It shows the position it is given and asks for steps
// (stepRequested); whoever owns the step moves it and hands the new position back.
#pragma once

#include "model/simulate.h"

#include <QList>
#include <QWidget>

class QAction;
class QComboBox;
class QLabel;
class QSlider;
class QTimer;
class QToolBar;

namespace reducescope::views {

class TransportBar : public QWidget {
    Q_OBJECT
public:
    explicit TransportBar(QWidget* parent = nullptr);

    /// Step `step` (0-based) of `count` on screen; `note` follows "step k / n" on the label
    /// (e.g. " · recorded on the GPU"). count 0: "no trace".
    void setPosition(int step, int count, const QString& note = {});
    /// What the step on screen is, in the textbook's count (model::step_phase): the label leads with
    /// "stride 3 of 3" or "write the result" before "step k / n". Kept until the next call.
    void setPhase(const model::StepPhase& phase);
    int step() const { return m_step; }
    int count() const { return m_count; }

    /// First, previous, play/pause, next, last, for menus. Shortcuts: Home; Left, Page Up or
    /// Backspace; P; Right, Page Down or Space; End (a presenter's clicker sends Page Down / Page
    /// Up; Space and Backspace step as in slide software).
    QList<QAction*> stepActions() const;
    bool isPlaying() const;
    /// Playback speed: index into 0.5, 1, 2, 4 steps per second (for settings).
    int speedIndex() const;
    void setSpeedIndex(int index);
    /// Milliseconds between two steps at the chosen speed.
    int intervalMs() const;
    QSlider* slider() const { return m_slider; }
    QString label() const;
    /// The colour the transport icons are drawn in (the palette's button text: dark on a light
    /// theme, light on a dark one).
    QColor iconColor() const;

signals:
    /// The user (or playback) asks for step k; not clamped.
    void stepRequested(int k);

public slots:
    void first();
    void previous();
    void next();
    void last();
    /// Starts or stops playback; playing from the last step starts again at the first.
    void setPlaying(bool playing);

protected:
    void changeEvent(QEvent* event) override;

private:
    /// Texts and tooltips in the window's language.
    void retranslate();
    /// Step label and icon sizes from the bar's font (desktop or presentation mode's window font).
    void fitToFont();
    /// The five icons drawn as shapes in iconColor() (the style's own media icons are black on
    /// every theme: unreadable on dark grey).
    void drawIcons();

    QAction* m_firstAction = nullptr;
    QAction* m_prevAction = nullptr;
    QAction* m_playAction = nullptr;
    QAction* m_nextAction = nullptr;
    QAction* m_lastAction = nullptr;
    QComboBox* m_speed = nullptr;
    QSlider* m_slider = nullptr;
    QLabel* m_label = nullptr;
    QToolBar* m_bar = nullptr;
    QTimer* m_timer = nullptr;
    int m_step = 0;
    int m_count = 0;
    QString m_note;  ///< what setPosition() appends to "step k / n"
    model::StepPhase m_phase;
};

} // namespace reducescope::views
