// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/step/presets.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <random>

namespace reducescope::app {

QString presetText(const QString& kind, int n, unsigned seed)
{
    QStringList parts;
    parts.reserve(n);
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> digit(0, 9);
    for (int i = 0; i < n; ++i) {
        if (kind == QLatin1String("ones"))
            parts << QStringLiteral("1");
        else if (kind == QLatin1String("iota"))
            parts << QString::number(i + 1);
        else
            parts << QString::number(digit(rng));
    }
    return parts.join(QLatin1Char(','));
}

QVector<Preset> loadPresets()
{
    QVector<Preset> presets;
    QFile file(QStringLiteral(":/presets/presets.json"));
    if (!file.open(QIODevice::ReadOnly))
        return presets;
    const QJsonArray list = QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("presets")).toArray();
    for (const QJsonValue& v : list) {
        const QJsonObject o = v.toObject();
        const QString kind = o.value(QStringLiteral("kind")).toString();
        Preset p;
        p.name = o.value(QStringLiteral("name")).toString();
        p.nameZh = o.value(QStringLiteral("name_zh_CN")).toString();
        if (kind == QLatin1String("values")) {
            QStringList parts;
            for (const QJsonValue& x : o.value(QStringLiteral("values")).toArray())
                parts << QString::number(x.toDouble(), 'g', 9);
            p.text = parts.join(QLatin1Char(','));
        } else {
            p.text = presetText(kind, o.value(QStringLiteral("length")).toInt(8),
                                unsigned(o.value(QStringLiteral("seed")).toInt(1)));
        }
        presets.push_back(p);
    }
    return presets;
}

} // namespace reducescope::app
