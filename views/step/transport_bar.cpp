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
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>
#include <QSlider>
#include <QStyle>
#include <QTimer>
#include <QToolBar>

#include <algorithm>
#include <cmath>

namespace reducescope::views {
namespace {

enum class Glyph { First, Previous, Play, Pause, Next, Last };

// One transport glyph, `size` pixels square, filled with `colour`: triangles and bars as on a
// media player (shape, not colour, says what it does).
QPixmap glyphPixmap(Glyph g, int size, const QColor& colour)
{
    QPixmap pm(size, size);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Qt::NoPen);
    p.setBrush(colour);
    const qreal s = size;
    const qreal top = s * 0.2, bottom = s * 0.8, mid = s / 2;
    auto triangle = [&](qreal x0, qreal x1) {  // points from x0 (base) to x1 (tip)
        QPainterPath path;
        path.moveTo(x0, top);
        path.lineTo(x1, mid);
        path.lineTo(x0, bottom);
        path.closeSubpath();
        p.drawPath(path);
    };
    const qreal bar = s * 0.12;
    switch (g) {
    case Glyph::First:
        p.drawRect(QRectF(s * 0.18, top, bar, bottom - top));
        triangle(s * 0.82, s * 0.3);
        break;
    case Glyph::Previous:
        triangle(s * 0.5, s * 0.1);
        triangle(s * 0.9, s * 0.5);
        break;
    case Glyph::Play: triangle(s * 0.25, s * 0.8); break;
    case Glyph::Pause:
        p.drawRect(QRectF(s * 0.27, top, s * 0.16, bottom - top));
        p.drawRect(QRectF(s * 0.57, top, s * 0.16, bottom - top));
        break;
    case Glyph::Next:
        triangle(s * 0.1, s * 0.5);
        triangle(s * 0.5, s * 0.9);
        break;
    case Glyph::Last:
        triangle(s * 0.18, s * 0.7);
        p.drawRect(QRectF(s * 0.82 - bar, top, bar, bottom - top));
        break;
    }
    return pm;
}

QIcon glyphIcon(Glyph g, const QPalette& palette)
{
    QIcon icon;
    for (int size : {16, 24, 32, 48, 64, 96}) {
        icon.addPixmap(glyphPixmap(g, size, palette.color(QPalette::Active, QPalette::ButtonText)), QIcon::Normal);
        icon.addPixmap(glyphPixmap(g, size, palette.color(QPalette::Disabled, QPalette::ButtonText)), QIcon::Disabled);
    }
    return icon;
}

} // namespace

TransportBar::TransportBar(QWidget* parent)
    : QWidget(parent)
    , m_timer(new QTimer(this))
{
    auto make = [this](QList<QKeySequence> keys, void (TransportBar::*slot)()) {
        auto* a = new QAction(QString(), this);
        a->setShortcuts(keys);
        connect(a, &QAction::triggered, this, slot);
        return a;
    };
    // A presenter's clicker sends Page Down / Page Up; Space and Backspace step as in slides.
    m_firstAction = make({QKeySequence(Qt::Key_Home)}, &TransportBar::first);
    m_prevAction = make({QKeySequence(Qt::Key_Left), QKeySequence(Qt::Key_PageUp), QKeySequence(Qt::Key_Backspace)},
                        &TransportBar::previous);
    m_playAction = new QAction(QString(), this);
    m_playAction->setCheckable(true);
    m_playAction->setShortcut(QKeySequence(Qt::Key_P));
    connect(m_playAction, &QAction::toggled, this, &TransportBar::setPlaying);
    m_nextAction = make({QKeySequence(Qt::Key_Right), QKeySequence(Qt::Key_PageDown), QKeySequence(Qt::Key_Space)},
                        &TransportBar::next);
    m_lastAction = make({QKeySequence(Qt::Key_End)}, &TransportBar::last);
    drawIcons();

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
        QStringList keys;
        for (const QKeySequence& k : a->shortcuts())
            keys << k.toString(QKeySequence::NativeText);
        a->setToolTip(QStringLiteral("%1 (%2)").arg(text, keys.join(QStringLiteral(", "))));
    };
    name(m_firstAction, tr("First step"));
    name(m_prevAction, tr("Previous step"));
    name(m_nextAction, tr("Next step"));
    name(m_lastAction, tr("Last step"));
    m_playAction->setText(isPlaying() ? tr("Pause") : tr("Play"));
    m_playAction->setToolTip(tr("Play / pause (P)"));
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
    } else if (event->type() == QEvent::PaletteChange) {
        drawIcons();
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

QColor TransportBar::iconColor() const { return palette().color(QPalette::Active, QPalette::ButtonText); }

void TransportBar::drawIcons()
{
    const QPalette pal = palette();
    m_firstAction->setIcon(glyphIcon(Glyph::First, pal));
    m_prevAction->setIcon(glyphIcon(Glyph::Previous, pal));
    m_playAction->setIcon(glyphIcon(isPlaying() ? Glyph::Pause : Glyph::Play, pal));
    m_nextAction->setIcon(glyphIcon(Glyph::Next, pal));
    m_lastAction->setIcon(glyphIcon(Glyph::Last, pal));
}

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
    m_playAction->setIcon(glyphIcon(playing ? Glyph::Pause : Glyph::Play, palette()));
    m_playAction->setText(playing ? tr("Pause") : tr("Play"));
}

} // namespace reducescope::views
