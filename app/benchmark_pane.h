// SPDX-License-Identifier: GPL-3.0-or-later
// The benchmark pane: runs `reducescope-cli bench` as a child process, or loads a results file,
// and shows charts and a table. (Stub interface: the benchmark-pane work fills it in.)
#pragma once

#include <QString>
#include <QWidget>

namespace reducescope::app {

class BenchmarkPane : public QWidget {
    Q_OBJECT
public:
    explicit BenchmarkPane(QWidget* parent = nullptr);
    ~BenchmarkPane() override;

    /// Loads a results JSON (docs/results-format.md). On failure returns false, sets *error to a
    /// one-line message naming what is wrong, and keeps what was shown before.
    bool loadResults(const QString& path, QString* error);

signals:
    /// The user asked to open this strategy id in the step pane.
    void openStrategyRequested(const QString& strategyId);
};

} // namespace reducescope::app
