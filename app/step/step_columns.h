// SPDX-License-Identifier: GPL-3.0-or-later
// The step pane's compare area: two columns, each a step view (in a scroll area) over its kernel
// source. Column 0 shows the main trace, column 1 the compared one (hidden without compare mode).
// Both scroll and zoom together; clicks in column 0 go out for predict mode. It renders the step
// it is told to (StepState::stepOf) and decides nothing itself.
#pragma once

#include <QSplitter>

#include <array>
#include <memory>

class QScrollArea;

namespace reducescope::views {
class SourceView;
class StepView;
struct PredictMarks;
struct TraceAtStep;
enum class Theme;
} // namespace reducescope::views

namespace reducescope::model {
struct Trace;
}

namespace reducescope::app {

class StepState;

class StepColumns : public QSplitter {
    Q_OBJECT
public:
    explicit StepColumns(QWidget* parent = nullptr);
    ~StepColumns() override;

    /// Widgets of column 0 (main) or 1 (compared); any other number means 1.
    views::StepView* view(int column) const;
    views::SourceView* source(int column) const;
    QScrollArea* scroll(int column) const;

    /// The main and compared traces (either may be null).
    void setTraces(std::shared_ptr<const model::Trace> trace, std::shared_ptr<const model::Trace> compare);
    /// Shows the state's step in both columns (each clamped to its trace: StepState::stepOf) and
    /// highlights its kernel source lines. Returns what each column shows, for the counters panel.
    std::array<views::TraceAtStep, 2> showStep(const StepState& state);
    /// Shows or hides column 1 (compare mode); shown, the two columns get half the width each.
    void setCompareShown(bool on);
    bool compareShown() const { return m_compareShown; }
    /// The banner over column 0 ("Recorded on the GPU: ..."), empty for the model.
    void setBanner(const QString& banner);
    /// Predict-mode marks of column 0; column 1 only takes their cover.
    void setPredictMarks(const views::PredictMarks& marks);

    /// Presentation sizes of both step views (views::presentationOptions(screen)).
    void setPresentation(bool on, QSize screen);
    void setTheme(views::Theme theme);
    /// Zoom of both views (they zoom together). Each ends fit-step mode.
    void zoomIn();
    void zoomOut();
    void resetZoom();
    /// Fit-step mode: both views zoomed (below 1× where needed, views::StepView::fitZoom) so the
    /// step fits column 0's scroll area: the whole picture when that keeps at least kWholeFitZoom,
    /// else the picture down to the lane/warp row. Kept on resizes and step changes until a zoom
    /// of the user's (zoomIn, Ctrl+wheel, ...) ends it.
    void setFitStep(bool on);
    bool fitStep() const { return m_fitStep; }
    /// Fit-step mode's smallest zoom for the whole picture.
    static constexpr double kWholeFitZoom = 0.85;
    /// Both columns scrolled to their top-left (a lesson opens at its top).
    void scrollToTop();
    /// What K does: scrolls the columns so the step's bank strip, else its atomics row, is in view
    /// (the first column that has one decides; at 4096 values in presentation mode they lie under
    /// the fold). When it is in view already, back to the top. Returns false when neither column's
    /// step has a bank strip or atomics (nothing moves).
    bool toggleDetailInView();
    /// The part of column `column`'s viewport the bank strip or atomics row takes, in viewport
    /// coordinates (empty when its step has none): what toggleDetailInView() brings into view.
    QRectF detailOnViewport(int column) const;
    /// The kernel source under the views.
    void setSourceVisible(bool on);
    bool sourceVisible() const;
    /// The kernel source folded to one line (views::SourceView::setFolded) in both columns.
    void setSourceFolded(bool on);
    bool sourceFolded() const;
    /// Recording hooks and step tags shown in the kernel source (views::SourceView).
    void setInstrumentationShown(bool on);
    bool instrumentationShown() const;
    /// Each column's view / source split back to its default.
    void resetColumnSizes();

    /// The columns' splitter sizes (this splitter and each column's), for QSettings; restoreColumns
    /// takes the three blobs back (a bad blob leaves that splitter as it is).
    QList<QByteArray> saveColumns() const;
    void restoreColumns(const QByteArray& columns, const QByteArray& column0, const QByteArray& column1);

signals:
    /// A warp, lane or shared-memory cell `id` was clicked in column 0.
    void warpClicked(int id);
    void laneClicked(int id);
    void cellClicked(int id);
    /// The source folded or unfolded (a click on the folded source unfolds it).
    void sourceFoldedChanged(bool folded);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct Column;
    std::unique_ptr<Column> m_columns[2];
    bool m_scrollSyncing = false;
    bool m_compareShown = true;
    bool m_fitStep = false;
    bool m_fitting = false;
    bool m_foldSyncing = false;  ///< refit() is setting the zoom (not the user)
    /// Sets the fit zoom now (fit-step mode on).
    void refit();
};

} // namespace reducescope::app
