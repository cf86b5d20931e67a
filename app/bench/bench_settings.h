// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark settings: kernels by family (CUB and CPU baselines included), N, repetitions, timing
// mode, cache, block size, coarse factor and an optional sweep. Produces a BenchRequest.
#pragma once

#include "app/bench/bench_runner.h"

#include <QMap>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTreeWidget;

namespace reducescope::app {

class BenchSettings : public QWidget {
    Q_OBJECT
public:
    explicit BenchSettings(QWidget* parent = nullptr);

    /// The request for the current settings; *error (one line naming the field) when invalid.
    std::optional<BenchRequest> request(QString* error) const;
    /// Shows `r` in the widgets (strategies not in the catalogue are ignored).
    void setRequest(const BenchRequest& r);
    /// The checked strategy ids, catalogue order.
    QStringList checkedStrategies() const;
    /// Checks exactly these strategy ids.
    void setCheckedStrategies(const QStringList& ids);

    /// Parses N as the CLI does (bench::parse_size: an integer, a binary suffix K, M, G, "1M" =
    /// 1048576, or "2^20"; digit groups "1,048,576" are accepted). Returns 0 when it cannot be
    /// read; a value too large for the kernels is returned as is (request() refuses it).
    static qint64 parseCount(const QString& text);

    /// What a timing mode ("graph", "loop", "per-launch") measures, in plain words for a class
    /// (shown under the picker, not only as a tooltip); empty for another value.
    static QString modeCaption(const QString& mode);
    /// What a cache state ("hot", "cold") means for the time measured, in plain words.
    static QString cacheCaption(const QString& cache);
    /// The captions under the mode and cache pickers (empty before they are built).
    QString modeCaptionText() const;
    QString cacheCaptionText() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void updateCaptions();
    /// Labels, tooltips, family names and sweep choices in the window's language.
    void retranslate();
    void updateSweepHint();

    QTreeWidget* m_kernels = nullptr;
    QLineEdit* m_n = nullptr;
    QSpinBox* m_reps = nullptr;
    QComboBox* m_mode = nullptr;
    QComboBox* m_cache = nullptr;
    QComboBox* m_blockSize = nullptr;
    QComboBox* m_coarse = nullptr;
    QComboBox* m_sweep = nullptr;
    QLineEdit* m_sweepValues = nullptr;
    QLabel* m_kernelsLabel = nullptr;
    QLabel* m_modeCaption = nullptr;   ///< modeCaption() of the chosen timing mode
    QLabel* m_cacheCaption = nullptr;  ///< cacheCaption() of the chosen cache state
    QMap<QString, QLabel*> m_formLabels;
};

} // namespace reducescope::app
