// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/step/step_classroom.h"

#include "app/step/step_state.h"
#include "app/common/lessons.h"
#include "views/step/predict_text.h"
#include "views/step/step_view.h"

#include <QAction>
#include <QEvent>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace reducescope::app {
namespace {

QString lessonHtml(const model::Lesson& lesson)
{
    return QStringLiteral("<b>%1</b><br>%2").arg(app::lessonTitle(lesson).toHtmlEscaped(),
                                                 app::lessonNote(lesson).toHtmlEscaped());
}

} // namespace

ClassroomPanel::ClassroomPanel(StepState* state, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
{
    buildLesson();
    buildPredict();
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(0);
    v->addWidget(m_lessonBox);
    v->addWidget(m_predictBox);
}

ClassroomPanel::~ClassroomPanel() = default;

void ClassroomPanel::buildLesson()
{
    m_lessonLabel = new QLabel;
    m_lessonLabel->setWordWrap(true);
    m_lessonLabel->setTextFormat(Qt::RichText);
    m_lessonLabel->installEventFilter(this);
    m_closeLessonButton = new QToolButton;
    m_foldButton = new QToolButton;
    m_lessonBox = new QWidget;
    auto* lh = new QHBoxLayout(m_lessonBox);
    lh->setContentsMargins(8, 4, 8, 4);
    lh->addWidget(m_lessonLabel, 1);
    lh->addWidget(m_foldButton, 0, Qt::AlignTop);
    lh->addWidget(m_closeLessonButton, 0, Qt::AlignTop);
    m_lessonBox->hide();
    connect(m_closeLessonButton, &QToolButton::clicked, this, &ClassroomPanel::closeLesson);
    connect(m_foldButton, &QToolButton::clicked, this, [this] { setLessonFolded(!m_folded); });
}

void ClassroomPanel::buildPredict()
{
    // Words: retranslate().
    m_predictAction = new QAction(this);
    m_predictAction->setCheckable(true);
    m_predictAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    m_revealAction = new QAction(this);
    m_revealAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_nextQuestionAction = new QAction(this);
    m_nextQuestionAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    connect(m_predictAction, &QAction::toggled, m_state, &StepState::setPredictMode);
    connect(m_revealAction, &QAction::triggered, this, [this] {
        if (m_answerEdit->isVisible() && !m_state->setAnswerText(m_answerEdit->text()))
            return;
        m_state->reveal();
    });
    connect(m_nextQuestionAction, &QAction::triggered, m_state, &StepState::nextQuestion);
    m_predictButton = new QToolButton;
    m_predictButton->setDefaultAction(m_predictAction);
    m_predictButton->setToolButtonStyle(Qt::ToolButtonTextOnly);

    m_questionLabel = new QLabel;
    m_questionLabel->setWordWrap(true);
    QFont qf = m_questionLabel->font();
    qf.setBold(true);
    m_questionLabel->setFont(qf);
    m_answerEdit = new QLineEdit;
    m_answerEdit->setMaximumWidth(260);
    m_answerMessage = new QLabel;
    m_answerMessage->setStyleSheet(QStringLiteral("color: #d32f2f; font-weight: bold;"));
    m_answerMessage->hide();
    auto* reveal = new QToolButton;
    reveal->setDefaultAction(m_revealAction);
    auto* another = new QToolButton;
    another->setDefaultAction(m_nextQuestionAction);
    m_verdictLabel = new QLabel;
    m_verdictLabel->setWordWrap(true);
    m_scoreLabel = new QLabel;
    m_predictBox = new QWidget;
    auto* pv = new QVBoxLayout(m_predictBox);
    pv->setContentsMargins(8, 4, 8, 4);
    auto* top = new QHBoxLayout;
    top->addWidget(m_questionLabel, 1);
    top->addWidget(m_answerEdit);
    top->addWidget(reveal);
    top->addWidget(another);
    top->addWidget(m_scoreLabel);
    pv->addLayout(top);
    pv->addWidget(m_answerMessage);
    pv->addWidget(m_verdictLabel);
    m_predictBox->hide();
    connect(m_answerEdit, &QLineEdit::returnPressed, m_revealAction, &QAction::trigger);
    connect(m_state, &StepState::messagesChanged, this, &ClassroomPanel::showAnswerMessage);
}

void ClassroomPanel::showAnswerMessage()
{
    const QString text = m_state->message(QStringLiteral("answer"));
    m_answerMessage->setText(text);
    m_answerMessage->setVisible(!text.isEmpty());
}

void ClassroomPanel::showLesson(const model::Lesson& lesson)
{
    m_lesson = lesson;
    m_lessonBox->show();
    showLessonText();
}

void ClassroomPanel::setLessonFolded(bool on)
{
    if (on == m_folded)
        return;
    m_folded = on;
    retranslate();
    showLessonText();
    emit lessonFoldedChanged(on);
}

void ClassroomPanel::showLessonText()
{
    if (!m_lesson) {
        m_lessonLabel->clear();
        return;
    }
    m_lessonLabel->setWordWrap(!m_folded);
    // Folded, the label's text is elided to its width: it must not ask for the whole line's width
    // (that made the centre as wide as the note and left the sidebar no room).
    m_lessonLabel->setSizePolicy(m_folded ? QSizePolicy::Ignored : QSizePolicy::Preferred, QSizePolicy::Preferred);
    if (!m_folded) {
        m_lessonLabel->setText(lessonHtml(*m_lesson));
        return;
    }
    // One line: the title in bold, then the note elided to what is left of the label's width.
    const QString title = app::lessonTitle(*m_lesson);
    const QString gap = QStringLiteral(" — ");
    QFont bold = m_lessonLabel->font();
    bold.setBold(true);
    const int room = m_lessonLabel->width() - QFontMetrics(bold).horizontalAdvance(title)
                   - QFontMetrics(m_lessonLabel->font()).horizontalAdvance(gap) - 4;
    if (room < QFontMetrics(m_lessonLabel->font()).horizontalAdvance(QStringLiteral("………"))) {
        // Not even the title fits: the title alone, elided.
        m_lessonLabel->setText(QStringLiteral("<b>%1</b>").arg(
            QFontMetrics(bold).elidedText(title, Qt::ElideRight, std::max(0, m_lessonLabel->width() - 4)).toHtmlEscaped()));
        return;
    }
    const QString note = QFontMetrics(m_lessonLabel->font()).elidedText(app::lessonNote(*m_lesson), Qt::ElideRight, room);
    m_lessonLabel->setText(QStringLiteral("<b>%1</b>%2%3").arg(title.toHtmlEscaped(), gap, note.toHtmlEscaped()));
}

bool ClassroomPanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_lessonLabel) {
        if (event->type() == QEvent::MouseButtonPress && m_folded) {
            setLessonFolded(false);
            return true;
        }
        if (event->type() == QEvent::Resize && m_folded)
            showLessonText();
    }
    return QWidget::eventFilter(watched, event);
}

void ClassroomPanel::closeLesson()
{
    m_lesson.reset();
    m_lessonLabel->clear();
    m_lessonLabel->setToolTip(QString());
    m_lessonBox->hide();
}

QString ClassroomPanel::lessonText() const
{
    return m_lessonBox->isHidden() ? QString() : m_lessonLabel->text();
}

views::PredictMarks ClassroomPanel::showPredict()
{
    m_predictAction->setChecked(m_state->predictMode());
    const bool on = m_state->predictMode();
    m_predictBox->setVisible(on);
    const model::Question* q = m_state->question();
    const auto trace = m_state->trace();
    views::PredictMarks marks;
    if (on && q && trace) {
        using Kind = model::QuestionKind;
        marks.covered = m_state->covered();
        marks.revealed = m_state->revealed();
        if (q->form == model::AnswerForm::Set) {
            marks.target = q->kind == Kind::DivergentWarps ? views::PredictMarks::Target::Warps
                         : q->kind == Kind::ActiveLanes    ? views::PredictMarks::Target::Lanes
                                                           : views::PredictMarks::Target::Cells;
            marks.chosen = QVector<int>(m_state->answerSet().begin(), m_state->answerSet().end());
            marks.expected = QVector<int>(q->expected_set.begin(), q->expected_set.end());
            marks.laneWarp = q->kind == Kind::ActiveLanes ? q->scope_warp : -1;
        } else if (q->kind == Kind::CellValue) {
            marks.askedCell = q->cell;
        }
        const auto compared = m_state->compareTrace();
        m_questionLabel->setText(views::questionText(*q, *trace, compared ? QString::fromStdString(compared->strategy) : QString()));
    } else if (on) {
        m_questionLabel->setText(tr("Nothing to predict in this step: step on."));
    }
    const bool number = on && q && q->form == model::AnswerForm::Number;
    m_answerEdit->setVisible(number);
    m_answerEdit->setEnabled(number && !m_state->revealed());
    if (number && !m_state->revealed() && !m_state->answerNumber() && m_state->message(QStringLiteral("answer")).isEmpty())
        m_answerEdit->clear();
    m_revealAction->setEnabled(on && q && !m_state->revealed());
    m_nextQuestionAction->setEnabled(on);
    const model::Grade* g = m_state->grade();
    m_verdictLabel->setText(g && q && trace ? views::gradeText(*q, *g, *trace) : QString());
    m_verdictLabel->setVisible(g != nullptr);
    m_scoreLabel->setText(views::scoreText(m_state->score()));
    return marks;
}

void ClassroomPanel::setPresentation(bool on, QSize screen)
{
    // The question and verdict are read from the back row too.
    const qreal px = on ? views::presentationOptions(screen).minTextPx : 0;
    for (QLabel* l : {m_questionLabel, m_verdictLabel, m_scoreLabel, m_lessonLabel}) {
        QFont f = l->font();
        if (px > 0)
            f.setPixelSize(int(std::ceil(px)));
        else
            f = QFont(font().family(), font().pointSize(), l->font().weight());
        l->setFont(f);
    }
    QFont af = m_answerEdit->font();
    if (px > 0)
        af.setPixelSize(int(std::ceil(px)));
    else
        af = font();
    m_answerEdit->setFont(af);
}

void ClassroomPanel::retranslate()
{
    m_closeLessonButton->setText(tr("Close"));
    m_closeLessonButton->setToolTip(tr("Hide the lesson's note"));
    m_foldButton->setText(m_folded ? tr("Show note") : tr("Fold note"));
    m_foldButton->setToolTip(m_folded ? tr("Show the lesson's whole note (N)") : tr("Fold the lesson's note to one line (N)"));
    m_lessonLabel->setToolTip(m_folded ? tr("Click to read the whole note (N)") : QString());
    showLessonText();
    m_predictAction->setText(tr("&Predict mode"));
    m_predictAction->setToolTip(tr("Predict mode: answer a question about each step before it is revealed"));
    m_revealAction->setText(tr("&Reveal the step"));
    m_nextQuestionAction->setText(tr("&Another question"));
    m_answerEdit->setPlaceholderText(tr("your answer"));
    // The Reveal and Another question buttons show their actions' words (QToolButton::setDefaultAction).
}

} // namespace reducescope::app
