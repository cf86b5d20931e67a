// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/common/lessons.h"

#include <QDir>
#include <QFile>
#include <QSet>

#include <algorithm>

namespace reducescope::app {

LessonsLoad loadLessons(const QString& directory)
{
    LessonsLoad out;
    const QDir dir(directory);
    QSet<QString> ids;
    QSet<int> orders;
    // Messages begin with the file's name, as every reader's (docs/reliability.md).
    for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        const QString path = dir.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            out.errors << QStringLiteral("%1: cannot be read (%2)").arg(name, file.errorString());
            continue;
        }
        const QByteArray bytes = file.read(qint64(model::kMaxLessonBytes) + 1);
        const model::LessonResult r = model::parse_lesson(std::string_view(bytes.constData(), std::size_t(bytes.size())));
        if (!r.lesson) {
            out.errors << QStringLiteral("%1: %2").arg(name, QString::fromStdString(r.error->message));
            continue;
        }
        const QString id = QString::fromStdString(r.lesson->id);
        if (ids.contains(id) || orders.contains(r.lesson->order)) {
            out.errors << QStringLiteral("%1: id '%2' or order %3 is used by another lesson").arg(name, id).arg(r.lesson->order);
            continue;
        }
        ids.insert(id);
        orders.insert(r.lesson->order);
        out.lessons.push_back({path, *r.lesson});
    }
    std::sort(out.lessons.begin(), out.lessons.end(), [](const LessonEntry& a, const LessonEntry& b) {
        return a.lesson.order < b.lesson.order;
    });
    return out;
}

namespace {
bool chinese(const QLocale& locale)
{
    return locale.language() == QLocale::Chinese;
}
} // namespace

QString lessonTitle(const model::Lesson& lesson, const QLocale& locale)
{
    return QString::fromStdString(chinese(locale) ? lesson.title.zh_cn : lesson.title.en);
}

QString lessonNote(const model::Lesson& lesson, const QLocale& locale)
{
    return QString::fromStdString(chinese(locale) ? lesson.note.zh_cn : lesson.note.en);
}

QString exerciseTask(const model::Lesson& lesson, const QLocale& locale)
{
    if (!lesson.exercise)
        return {};
    return QString::fromStdString(chinese(locale) ? lesson.exercise->task.zh_cn : lesson.exercise->task.en);
}

QString lessonInputText(const model::Lesson& lesson)
{
    QStringList parts;
    parts.reserve(qsizetype(lesson.input.size()));
    for (float v : lesson.input)
        parts << QString::number(double(v), 'g', 9);
    return parts.join(QLatin1Char(','));
}

} // namespace reducescope::app
