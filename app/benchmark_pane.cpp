// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchmark_pane.h"

#include <QLabel>
#include <QVBoxLayout>

namespace reducescope::app {

BenchmarkPane::BenchmarkPane(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("Benchmark pane: not built yet."), this));
}

BenchmarkPane::~BenchmarkPane() = default;

bool BenchmarkPane::loadResults(const QString& path, QString* error)
{
    if (error)
        *error = tr("%1: loading results is not implemented yet").arg(path);
    return false;
}

} // namespace reducescope::app
