// SPDX-License-Identifier: GPL-3.0-or-later
// The strategy picker of the step pane: a combo box of the strategies it is given, grouped under
// their family, each entry its id in bold with its one-line summary under it.
#pragma once

#include <QComboBox>
#include <QString>
#include <QVector>

namespace reducescope::views {

/// One strategy as the picker lists it (the app fills these from the catalogue).
struct StrategyEntry {
    QString id;       ///< catalogue id, e.g. "convergent"
    QString family;   ///< header it is listed under, e.g. "PMPP chapter 10"
    QString summary;  ///< one line under the id
    QString seed;     ///< where it comes from, e.g. "seed 000, 002 (PMPP Fig 10.9)" (tooltip)
};

/// A combo box of strategies: a header row (not selectable) opens each run of entries of one
/// family; the closed box shows the id.
class StrategyPicker : public QComboBox {
    Q_OBJECT
public:
    explicit StrategyPicker(QWidget* parent = nullptr);

    /// Replaces the list (entries in the order given; a header wherever the family changes).
    void setStrategies(const QVector<StrategyEntry>& strategies);
    /// The id of the chosen entry, empty when none.
    QString currentId() const;
    /// Chooses `id`; false (and nothing changes) when it is not listed.
    bool setCurrentId(const QString& id);
    /// The entry of `id`, or nullptr.
    const StrategyEntry* entry(const QString& id) const;

private:
    QVector<StrategyEntry> m_entries;
};

} // namespace reducescope::views
