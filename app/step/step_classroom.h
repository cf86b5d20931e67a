// SPDX-License-Identifier: GPL-3.0-or-later
// Classroom mode's panels above the step views (docs/classroom.md): the lesson's title and note,
// and predict mode's question, answer field, Reveal / Another question, verdict and score. They
// show a StepState's predict mode and send the answers into it; the state grades them.
#pragma once

#include "model/lesson.h"

#include <QWidget>

#include <optional>

class QAction;
class QLabel;
class QLineEdit;
class QToolButton;

namespace reducescope::views {
struct PredictMarks;
}

namespace reducescope::app {

class StepState;

class ClassroomPanel : public QWidget {
    Q_OBJECT
public:
    /// The panels of `state` (not owned; it must outlive them). Both start hidden.
    explicit ClassroomPanel(StepState* state, QWidget* parent = nullptr);
    ~ClassroomPanel() override;

    /// Predict mode on / off (Ctrl+Shift+P), reveal (Ctrl+R), another question (Ctrl+Shift+R).
    QAction* predictAction() const { return m_predictAction; }
    QAction* revealAction() const { return m_revealAction; }
    QAction* nextQuestionAction() const { return m_nextQuestionAction; }
    /// The Predict mode button (the pane puts it beside the transport bar).
    QToolButton* predictButton() const { return m_predictButton; }
    QLabel* questionLabel() const { return m_questionLabel; }
    QLabel* verdictLabel() const { return m_verdictLabel; }
    QLabel* scoreLabel() const { return m_scoreLabel; }
    QLineEdit* answerEdit() const { return m_answerEdit; }
    QLabel* lessonLabel() const { return m_lessonLabel; }

    /// Shows `lesson`'s title and note (current language, re-worded on retranslate()).
    void showLesson(const model::Lesson& lesson);
    void closeLesson();
    /// The title and note shown; empty when closed.
    QString lessonText() const;
    /// Folded: the lesson on one line (its title, then as much of the note as fits, "…"); a click
    /// on it or the Show note button unfolds it. Presentation mode starts folded.
    void setLessonFolded(bool on);
    bool lessonFolded() const { return m_folded; }

    /// Shows the state's predict mode: the panel, question, answer field, verdict and score.
    /// Returns the marks of the main step view (what is asked, chosen, expected, covered).
    views::PredictMarks showPredict();
    /// Presentation sizes: question, verdict, score, lesson and answer at the smallest text size of
    /// views::presentationOptions(screen); off: the pane's font.
    void setPresentation(bool on, QSize screen);
    void retranslate();

signals:
    /// setLessonFolded() or a click changed the fold.
    void lessonFoldedChanged(bool folded);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// The lesson label's text: the whole note, or folded to the label's width.
    void showLessonText();
    void buildLesson();
    void buildPredict();
    void showAnswerMessage();

    StepState* m_state;
    QWidget* m_lessonBox = nullptr;
    QLabel* m_lessonLabel = nullptr;
    QToolButton* m_closeLessonButton = nullptr;
    QToolButton* m_foldButton = nullptr;
    bool m_folded = false;
    std::optional<model::Lesson> m_lesson;  ///< the lesson shown, re-worded on a language switch
    QWidget* m_predictBox = nullptr;
    QLabel* m_questionLabel = nullptr;
    QLineEdit* m_answerEdit = nullptr;
    QLabel* m_answerMessage = nullptr;
    QLabel* m_verdictLabel = nullptr;
    QLabel* m_scoreLabel = nullptr;
    QToolButton* m_predictButton = nullptr;
    QAction* m_predictAction = nullptr;
    QAction* m_revealAction = nullptr;
    QAction* m_nextQuestionAction = nullptr;
};

} // namespace reducescope::app
