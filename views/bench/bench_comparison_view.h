// SPDX-License-Identifier: GPL-3.0-or-later
// The benchmark pane's Comparison tab: per cell FAST, SLOW or SAME of the shown results
// against a second file, by the rule of `reducescope-cli compare` (kernels/bench/compare.h), with
// the CLI's notes (the same file, a file without results, no cell in common, two GPUs) and, for a
// cell not compared because one run failed, that run's own message. Every figure and note comes
// from kernels/bench/compare.h; this widget only words them in the window's language.
#pragma once

#include "bench/compare.h"

#include <QString>
#include <QStringList>
#include <QWidget>

#include <vector>

class QLabel;
class QTableWidget;

namespace reducescope::app {

class BenchComparisonView : public QWidget {
    Q_OBJECT
public:
    /// The table's columns.
    enum Column { CellColumn, ShownColumn, ComparedColumn, ChangeColumn, ShownNoiseColumn, ComparedNoiseColumn,
                  VerdictColumn, ColumnCount };

    explicit BenchComparisonView(QWidget* parent = nullptr);

    /// Compares `shown` (A of the rule) with `compared` (B); null `compared` clears the comparison.
    /// `comparedName` names B in the summary (its file name); `sameFile`: A and B are one file on
    /// disk (bench::is_same_file of their paths), which adds that note. The view keeps the verdicts
    /// and notes as data and words them again on a language change.
    void setFiles(const bench::ResultsFile& shown, const bench::ResultsFile* compared, const QString& comparedName,
                  bool sameFile);

    /// The verdicts (bench::compare_results(shown, compared)); empty without a comparison.
    const std::vector<bench::CompareRow>& rows() const { return m_rows; }
    /// The notes (bench::compare_note_list), as data; empty without a comparison or when none.
    const std::vector<bench::CompareNote>& notes() const { return m_notes; }
    /// The notes as shown, one line each, in the window's language.
    QStringList noteLines() const;
    /// The table (cell, shown µs, compared µs, change, noises, verdict).
    QTableWidget* table() const { return m_table; }
    /// The line above the table (counts and the rule, or how to start a comparison).
    QString summary() const;

    /// One note worded for the pane: A is "the shown file", B "the compared file".
    static QString noteText(const bench::CompareNote& note);
    /// The verdict column's text of a row ("FAST", "not compared: …" with the failed run's message).
    static QString verdictText(const bench::CompareRow& row);

protected:
    void changeEvent(QEvent* event) override;

private:
    void fill();

    bool m_comparing = false;
    QString m_comparedName;
    std::vector<bench::CompareRow> m_rows;
    std::vector<bench::CompareNote> m_notes;
    QLabel* m_summary = nullptr;
    QLabel* m_notesLabel = nullptr;
    QTableWidget* m_table = nullptr;
};

} // namespace reducescope::app
