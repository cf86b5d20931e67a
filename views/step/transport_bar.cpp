// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/step/transport_bar.h"

#include "views/step/step_words.h"

#include <QAction>
#include <QComboBox>
#include <QEvent>
#include <QFontInfo>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSlider>
#include <QStyle>
#include <QTimer>
#include <QToolBar>

#include <algorithm>
#include <cmath>

namespace reducescope::views {

TransportBar::TransportBar(QWidget* parent)
    : QWidget(parent)
    , m_timer(new QTimer(this))
{
    auto make = [this](QStyle::StandardPixmap icon, QKeySequence key, void (TransportBar::*slot)()) {
        auto* a = new QAction(style()->standardIcon(icon), QString(), this);
        a->setShortcut(key);
        connect(a, &QAction::triggered, this, slot);
        return a;
    };
    m_firstAction = make(QStyle::SP_MediaSkipBackward, QKeySequence(Qt::Key_Home), &TransportBar::first);
    m_prevAction = make(QStyle::SP_MediaSeekBackward, QKeySequence(Qt::Key_Left), &TransportBar::previous);
    m_playAction = new QAction(style()->standardIcon(QStyle::SP_MediaPlay), QString(), this);
    m_playAction->setCheckable(true);
    m_playAction->setShortcut(QKeySequence(Qt::Key_Space));
    connect(m_playAction, &QAction::toggled, this, &TransportBar::setPlaying);
    m_nextAction = make(QStyle::SP_MediaSeekForward, QKeySequence(Qt::Key_Right), &TransportBar::next);
    m_lastAction = make(QStyle::SP_MediaSkipForward, QKeySequence(Qt::Key_End), &TransportBar::last);

    m_speed = new QComboBox;
    for (double s : {0.5, 1.0, 2.0, 4.0})
        m_speed->addItem(QString(), s);
    m_speed->setCurrentIndex(1);
    m_slider = new QSlider(Qt::Horizontal);
    m_slider->setRange(0, 0);
    m_slider->setPageStep(1);
    m_label = new QLabel;

    m_bar = new QToolBar;
    m_bar->addActions(stepActions());
    m_bar->addWidget(m_speed);
    fitToFont();
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(4, 2, 4, 2);
    row->addWidget(m_bar);
    row->addWidget(m_label);
    row->addWidget(m_slider, 1);

    connect(m_slider, &QSlider::valueChanged, this, &TransportBar::stepRequested);
    connect(m_timer, &QTimer::timeout, this, [this] {
        if (m_step + 1 >= m_count)
            setPlaying(false);
        else
            next();
    });
    connect(m_speed, &QComboBox::currentIndexChanged, this, [this] { m_timer->setInterval(intervalMs()); });
    retranslate();
    setPosition(0, 0);
}

void TransportBar::retranslate()
{
    auto name = [](QAction* a, const QString& text) {
        a->setText(text);
        a->setToolTip(QStringLiteral("%1 (%2)").arg(text, a->shortcut().toString(QKeySequence::NativeText)));
    };
    name(m_firstAction, tr("First step"));
    name(m_prevAction, tr("Previous step"));
    name(m_nextAction, tr("Next step"));
    name(m_lastAction, tr("Last step"));
    m_playAction->setText(isPlaying() ? tr("Pause") : tr("Play"));
    m_playAction->setToolTip(tr("Play / pause (Space)"));
    for (int i = 0; i < m_speed->count(); ++i) {
        const double speed = m_speed->itemData(i).toDouble();
        m_speed->setItemText(i, speed == 1.0 ? tr("1 step/s") : tr("%1 steps/s").arg(QLocale().toString(speed)));
    }
    m_speed->setToolTip(tr("Playback speed"));
    m_slider->setToolTip(tr("Scrub through the steps"));
}

void TransportBar::fitToFont()
{
    // The step label 1.3 times the bar's text, bold; icons twice its pixel size, at least 24 px
    // (the desktop size at a 12 px font): presentation mode's larger window font grows them too.
    const QFont base = font();
    QFont big = base;
    if (base.pixelSize() > 0)
        big.setPixelSize(int(std::lround(base.pixelSize() * 1.3)));
    else
        big.setPointSizeF(base.pointSizeF() * 1.3);
    big.setBold(true);
    m_label->setFont(big);
    m_label->setMinimumWidth(QFontMetrics(big).horizontalAdvance(QLatin1Char('0')) * 14);
    const int icon = std::max(24, 2 * QFontInfo(base).pixelSize());
    m_bar->setIconSize(QSize(icon, icon));
}

void TransportBar::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        setPosition(m_step, m_count, m_note);
    } else if (event->type() == QEvent::FontChange) {
        fitToFont();
    }
    QWidget::changeEvent(event);
}

void TransportBar::setPhase(const model::StepPhase& phase)
{
    m_phase = phase;
    setPosition(m_step, m_count, m_note);
}

void TransportBar::setPosition(int step, int count, const QString& note)
{
    m_step = step;
    m_count = count;
    m_note = note;
    const int last = std::max(0, count - 1);
    {
        const QSignalBlocker block(m_slider);
        m_slider->setRange(0, last);
        m_slider->setValue(step);
    }
    QString position = count ? tr("step %1 / %2").arg(step + 1).arg(count) : tr("no trace");
    if (const QString phase = stepPhaseText(m_phase); count && !phase.isEmpty())
        position = tr("%1 · %2", "the step's phase (stride 3 of 3), then step k / n").arg(phase, position);
    m_label->setText(position + note);
    m_firstAction->setEnabled(step > 0);
    m_prevAction->setEnabled(step > 0);
    m_nextAction->setEnabled(step < last);
    m_lastAction->setEnabled(step < last);
}

QString TransportBar::label() const { return m_label->text(); }

QList<QAction*> TransportBar::stepActions() const
{
    return {m_firstAction, m_prevAction, m_playAction, m_nextAction, m_lastAction};
}

void TransportBar::first() { emit stepRequested(0); }
void TransportBar::previous() { emit stepRequested(m_step - 1); }
void TransportBar::next() { emit stepRequested(m_step + 1); }
void TransportBar::last() { emit stepRequested(m_count - 1); }

bool TransportBar::isPlaying() const { return m_timer->isActive(); }

int TransportBar::speedIndex() const { return m_speed->currentIndex(); }

void TransportBar::setSpeedIndex(int index)
{
    if (index >= 0 && index < m_speed->count())
        m_speed->setCurrentIndex(index);
}

int TransportBar::intervalMs() const
{
    const double speed = m_speed->currentData().toDouble();
    return int(1000.0 / (speed > 0 ? speed : 1.0));
}

void TransportBar::setPlaying(bool playing)
{
    if (playing && m_step + 1 >= m_count)
        first();  // play from the start when parked at the end
    if (playing)
        m_timer->start(intervalMs());
    else
        m_timer->stop();
    const QSignalBlocker block(m_playAction);
    m_playAction->setChecked(playing);
    m_playAction->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    m_playAction->setText(playing ? tr("Pause") : tr("Play"));
}

} // namespace reducescope::views
