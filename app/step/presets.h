// SPDX-License-Identifier: GPL-3.0-or-later
// Input presets of the step pane, read from resources/presets/presets.json.
#pragma once

#include <QString>
#include <QVector>

namespace reducescope::app {

/// A named input, already expanded to the text the input field takes.
struct Preset {
    QString name;     ///< English
    QString nameZh;   ///< Simplified Chinese ("name_zh_CN" in the JSON), empty when the file has none
    QString text;

    /// The name in language `code` ("en", "zh_CN"); English where there is no such name.
    QString displayName(const QString& code) const
    {
        return code == QLatin1String("zh_CN") && !nameZh.isEmpty() ? nameZh : name;
    }
};

/// The presets from the embedded JSON (PMPP exercise 6 first). Empty if the resource is missing.
QVector<Preset> loadPresets();

/// Text for n values of a kind: "ones", "iota" (1..n), "random" (integers 0..9, seeded).
QString presetText(const QString& kind, int n, unsigned seed = 1);

} // namespace reducescope::app
