// SPDX-License-Identifier: GPL-3.0-or-later
// The lessons compiled into the binary (resources/lessons/*.json, read by model::parse_lesson), for
// the Lessons menu: loaded, validated, sorted by their "order".
#pragma once

#include "model/lesson.h"

#include <QLocale>
#include <QString>
#include <QStringList>
#include <QVector>

namespace reducescope::app {

/// One lesson and the resource it came from.
struct LessonEntry {
    QString path;          ///< e.g. ":/lessons/divergence_1024.json"
    model::Lesson lesson;
};

/// Every lesson of `directory`, sorted by order (then id), and one line per file that could not be
/// used ("<file name>: <field message>"; duplicate ids and orders count as errors too).
struct LessonsLoad {
    QVector<LessonEntry> lessons;
    QStringList errors;
};
LessonsLoad loadLessons(const QString& directory = QStringLiteral(":/lessons"));

/// The lesson's title / note in the language of `locale` (Simplified Chinese for any Chinese
/// locale, English otherwise).
QString lessonTitle(const model::Lesson& lesson, const QLocale& locale = QLocale());
QString lessonNote(const model::Lesson& lesson, const QLocale& locale = QLocale());
/// An exercise lesson's task (what the student is to write or fix) in the language of `locale`;
/// empty for a lesson without an exercise.
QString exerciseTask(const model::Lesson& lesson, const QLocale& locale = QLocale());

/// The lesson's input as the text the step pane's input field takes ("1,2,3,...": a range is
/// written out).
QString lessonInputText(const model::Lesson& lesson);

} // namespace reducescope::app
