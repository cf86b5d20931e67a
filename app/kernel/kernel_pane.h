// SPDX-License-Identifier: GPL-3.0-or-later
// The kernel editor pane (issue 25, "Your own kernel"): the student's CUDA C++ in an editor
// (views/kernel/kernel_editor.h), the launch's fields, Step and Check, and the diagnostics and
// faults of the last run in a list under the editor. Step runs the CPU engine in a child
// `reducescope-cli kernel trace --json` (app/kernel/kernel_runner.h) and hands the trace on with
// traceReady(); the main window shows it in the step pane (the panes do not know each other).
#pragma once

#include "app/kernel/kernel_runner.h"
#include "model/lesson.h"

#include <QMap>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <functional>
#include <memory>
#include <optional>

class QAction;
class QComboBox;
class QFrame;
class QLabel;
class QLineEdit;
class QListWidget;
class QMenu;
class QPushButton;
class QSplitter;
class QTimer;
class QToolButton;

namespace reducescope::app {

/// Values for the kernel pane's launch fields, e.g. from the command line (`reducescope --kernel
/// F.cu --input 1,2,3 --warp-size 8`): each one set replaces its field's text (a number in
/// decimal, the input as given); one left unset leaves its field as it is. Nothing is checked
/// here: Step checks the fields as it checks typed text (KernelPane::request()).
struct KernelLaunchFields {
    std::optional<QString> input;          ///< "Input values"
    std::optional<int> blockSize;          ///< "Block size"; 0: empty (the engine plans it)
    std::optional<int> grid;               ///< "Grid"; 0: empty
    std::optional<int> elementsPerThread;  ///< "Elements per thread"; 0: empty (the engine's 2)
    std::optional<int> sharedBytes;        ///< "Shared bytes"; 0: empty (4 × block)
    std::optional<int> warpSize;           ///< "Warp size"
    std::optional<int> banks;              ///< "Banks"
};

class KernelPane : public QWidget {
    Q_OBJECT
public:
    explicit KernelPane(QWidget* parent = nullptr);
    ~KernelPane() override;

    views::KernelEditor* editor() const { return m_editor; }
    QListWidget* marksList() const { return m_marksList; }
    QLineEdit* inputEdit() const { return m_input; }
    QLineEdit* blockSizeEdit() const { return m_blockSize; }
    QLineEdit* gridEdit() const { return m_grid; }
    QLineEdit* elementsPerThreadEdit() const { return m_elements; }
    QLineEdit* sharedBytesEdit() const { return m_sharedBytes; }
    QLineEdit* warpSizeEdit() const { return m_warpSize; }
    QLineEdit* banksEdit() const { return m_banks; }
    QComboBox* kernelPicker() const { return m_kernel; }
    QPushButton* stepButton() const { return m_stepButton; }
    QLabel* statusLabel() const { return m_status; }
    KernelRunner* runner() const { return m_runner; }
    KernelRunner* checker() const { return m_checker; }

    /// The CLI both runners start (tests put the stand-in here); empty: app::locateCli().
    void setCliPath(const QString& path);
    /// With `on` false (tests, screenshots) the recent files are not read from or written to QSettings.
    void setPersistent(bool on);

    // --- files ---------------------------------------------------------------------------------

    /// File ▸ New kernel from strategy `id`: the editor holds that strategy's kernel file exactly as
    /// embedded (model::kernel_source(source_file)), not yet saved anywhere; the kernel picker
    /// prefers its __global__ function. Elements per thread becomes the strategy's
    /// model::elements_per_thread(info, 4) (the engine's coarse factor 4; empty when it is 2, the
    /// engine's default); Shared bytes model::catalogue_shared_bytes() at the block field's size
    /// where that is more than 4 × block (interleaved_padded), else empty (also when the block field
    /// is empty: the engine's default then). False (nothing changes) for an id without a kernel
    /// file, or when the unsaved-changes prompt says Cancel.
    bool newFromStrategy(const QString& id);
    /// Reads a .cu file into the editor (after the unsaved-changes prompt). False with `error` set
    /// (naming the file and why) when it cannot be read; the editor keeps what it had.
    bool openFile(const QString& path, QString* error = nullptr);
    /// Writes the editor's text to `path` (atomically) and makes it the current file. False with
    /// `error` when it cannot be written.
    bool saveTo(const QString& path, QString* error = nullptr);
    /// Saves to the current file, or asks for a name when there is none. False when not saved.
    bool save();
    bool saveAs();
    QString filePath() const { return m_path; }
    /// The tab's words: "Kernel", the file's name, a * while unsaved.
    QString title() const;
    bool isModified() const;
    /// Most recent first, at most kMaxRecent, each an absolute path.
    QStringList recentFiles() const { return m_recent; }
    static constexpr int kMaxRecent = 8;

    /// What the user answers when unsaved text would be lost.
    enum class Unsaved { Save, Discard, Cancel };
    /// Replaces the question (a modal QMessageBox by default): tests answer without a dialog.
    void setUnsavedPrompt(std::function<Unsaved()> prompt) { m_prompt = std::move(prompt); }
    /// True when the editor's text may go: nothing unsaved, or the prompt said Discard, or Save
    /// and it was saved. Used before New, Open and closing the window.
    bool maybeDiscard();

    // --- running -------------------------------------------------------------------------------

    /// The fields as a request (the source from the editor). A field out of range: nothing, and
    /// its message at the field (fieldMessage()).
    std::optional<KernelRunRequest> request(KernelRunRequest::Mode mode);
    /// Step: validates the fields and starts the engine (a run still going is dropped). False
    /// when a field is refused (nothing starts).
    bool step();
    /// Puts `fields` into the launch fields (KernelLaunchFields: the unset ones stay), so that the
    /// next Step runs on them; the message under the fields is cleared.
    void setLaunchFields(const KernelLaunchFields& fields);
    /// Check: asks `kernel check` which kernels the source holds (the picker follows).
    void check();
    /// The message at "input", "block-size", "grid", "elements-per-thread", "shared-bytes",
    /// "warp-size", "banks"; empty when none.
    QString fieldMessage(const QString& field) const;
    /// The last Step's outcome (its kind; run 0 before any).
    const KernelRunOutcome& lastOutcome() const { return m_last; }

    /// Actions for the main window's menus.
    QAction* openAction() const { return m_openAction; }
    QAction* saveAction() const { return m_saveAction; }
    QAction* saveAsAction() const { return m_saveAsAction; }
    QAction* stepAction() const { return m_stepAction; }
    QAction* checkAction() const { return m_checkAction; }
    /// File ▸ New kernel from strategy ▸ (one action per catalogue strategy with a kernel file).
    QMenu* newMenu() const { return m_newMenu; }
    QMenu* recentMenu() const { return m_recentMenu; }

    // --- exercises (an exercise lesson, kernels/model/lesson.h; docs/kernel-editor.md) ---------

    /// Opens the exercise of `lesson` (one with an "exercise"): after the unsaved-changes prompt the
    /// editor holds its starting source (unsaved), the fields the lesson's input, block size, grid,
    /// warp size and banks (elements per thread and shared bytes empty: the engine's defaults, as
    /// the check runs it), and the exercise box above them the lesson's title and task in the
    /// current language. False (nothing changes) for a lesson without an exercise or on Cancel.
    bool openExercise(const model::Lesson& lesson);
    /// Leaves the exercise: the box goes, the editor keeps its text.
    void closeExercise();
    /// The exercise open, if any.
    const std::optional<model::Lesson>& exercise() const { return m_exercise; }
    /// Check the exercise (F6): runs the engine on the editor's text at the lesson's settings (not
    /// the fields') through a child `reducescope-cli kernel trace --json`; when that run gives a
    /// trace (no compile error, refusal or failed run), runs the same text at the same settings a
    /// second time on the held-back input (model::held_back_input, not shown to the student), then
    /// shows the verdict of model::check_exercise on both traces, each check with its numbers
    /// (ExerciseText); exerciseChecked() follows. Both runs go through exerciseRunner(), one after
    /// the other; the window never waits. False when no exercise is open (nothing starts). A check
    /// still running (either run) is dropped, as on closing or opening an exercise.
    bool checkExercise();
    /// The last verdict (nothing before the first check, or when the last check could not run).
    const std::optional<model::ExerciseVerdict>& lastVerdict() const { return m_verdict; }
    /// The second run's trace, on the held-back input, of the last verdict (null before one, or when
    /// that run did not give a trace). The step pane never shows it.
    const std::shared_ptr<const model::Trace>& heldBackTrace() const { return m_verdictHeldBack; }
    /// The box's lines as shown: the summary, then one line per check ("✓ ..." or "✗ ..."); or the
    /// summary and why the check could not run.
    QStringList verdictLines() const { return m_verdictLines; }
    QFrame* exerciseBox() const { return m_exerciseBox; }
    QLabel* exerciseTaskLabel() const { return m_exerciseTask; }
    QLabel* exerciseTitleLabel() const { return m_exerciseTitle; }
    QLabel* verdictLabel() const { return m_verdictLabel; }
    QPushButton* checkExerciseButton() const { return m_checkExerciseButton; }
    KernelRunner* exerciseRunner() const { return m_exerciseRunner; }
    QAction* checkExerciseAction() const { return m_checkExerciseAction; }

    /// Presentation mode: the code at the window's larger text size.
    void setPresentation(bool on);

signals:
    /// A trace from the engine (complete, or the partial one of a kernel with a fault): the step
    /// pane shows it. `kernel`: the function it ran; `file`: the source's file, empty when unsaved.
    /// `source`: the text it ran (the step pane's source view shows it).
    void traceReady(std::shared_ptr<const reducescope::model::Trace> trace, const QString& kernel, const QString& file,
                    const QString& source);
    /// title() changed (file name or modified state).
    void titleChanged();
    /// A Step run started (true) or ended (false).
    void runningChanged(bool running);
    /// An exercise check ended: `verdict` is lastVerdict() (nothing when the check could not run).
    void exerciseChecked(const std::optional<reducescope::model::ExerciseVerdict>& verdict);

protected:
    void changeEvent(QEvent* event) override;

private:
    void buildActions();
    void buildLayout();
    void retranslate();
    /// The shared bytes of m_sharedRule's launcher at the block `r` runs (its block field, else the
    /// engine's plan for its input): model::catalogue_shared_bytes() when more than 4 × block, else 0.
    int sharedBytesByRule(const KernelRunRequest& r) const;
    void onStepped(const KernelRunOutcome& outcome);
    void onChecked(const KernelRunOutcome& outcome);
    void onExerciseChecked(const KernelRunOutcome& outcome);
    void resetExerciseRuns();
    void showVerdict();
    void buildExerciseBox();
    void showMarks(const QVector<views::KernelMark>& marks);
    void setFieldMessage(const QString& field, const QString& message);
    void setText(const QString& text, const QString& path, const QString& preferredKernel);
    void addRecent(const QString& path);
    void rebuildRecentMenu();
    void setStatus(const QString& text, bool error);

    views::KernelEditor* m_editor = nullptr;
    QListWidget* m_marksList = nullptr;
    QLineEdit* m_input = nullptr;
    QLineEdit* m_blockSize = nullptr;
    QLineEdit* m_grid = nullptr;
    QLineEdit* m_elements = nullptr;
    QLineEdit* m_sharedBytes = nullptr;
    QLineEdit* m_warpSize = nullptr;
    QLineEdit* m_banks = nullptr;
    QComboBox* m_kernel = nullptr;
    QPushButton* m_stepButton = nullptr;
    QPushButton* m_checkButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_marksTitle = nullptr;
    QSplitter* m_splitter = nullptr;
    QMap<QString, QLabel*> m_fieldLabels;    ///< field -> its name label
    QMap<QString, QLabel*> m_fieldMessages;  ///< field -> its message line
    KernelRunner* m_runner = nullptr;
    KernelRunner* m_checker = nullptr;
    QTimer* m_checkTimer = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_saveAction = nullptr;
    QAction* m_saveAsAction = nullptr;
    QAction* m_stepAction = nullptr;
    QAction* m_checkAction = nullptr;
    QMenu* m_newMenu = nullptr;
    QMenu* m_recentMenu = nullptr;
    QString m_path;
    QString m_preferredKernel;
    /// The catalogue strategy whose launcher's extern shared bytes the Shared bytes field follows
    /// while empty (New kernel from interleaved_padded: block + block / 32 words at whatever block
    /// runs); empty when none. Cleared by another source and by typing in the field.
    QString m_sharedRule;
    QStringList m_recent;
    bool m_persistent = true;
    std::function<Unsaved()> m_prompt;
    KernelRunOutcome m_last;
    KernelRunRequest m_lastRequest;
    std::function<QString()> m_statusWords;  ///< the status line, worded again on a language change
    bool m_statusError = false;
    bool m_checkFailed = false;  ///< the status line holds the last check's compile error
    // The exercise (openExercise()).
    std::optional<model::Lesson> m_exercise;
    std::optional<model::ExerciseVerdict> m_verdict;
    std::shared_ptr<const model::Trace> m_verdictTrace;  ///< the trace m_verdict was computed from
    std::function<QString()> m_verdictProblem;          ///< why the last check could not run; empty: none
    QString m_exerciseSource;                            ///< the text the running check was started on
    KernelRunRequest m_exerciseRequest;                  ///< the running check's first run (the second: its input replaced)
    quint64 m_visibleRun = 0;                            ///< run number of the check's run on the lesson's input; 0: none
    quint64 m_heldBackRun = 0;                           ///< ... of its second run, on the held-back input; 0: none
    std::shared_ptr<const model::Trace> m_pendingTrace;  ///< the first run's trace while the second runs
    std::shared_ptr<const model::Trace> m_verdictHeldBack;  ///< the second run's trace of m_verdict; null: not run
    QString m_heldBackProblem;                           ///< why the second run gave no trace; empty: it did
    QStringList m_verdictLines;
    KernelRunner* m_exerciseRunner = nullptr;
    QAction* m_checkExerciseAction = nullptr;
    QFrame* m_exerciseBox = nullptr;
    QLabel* m_exerciseTitle = nullptr;
    QLabel* m_exerciseTask = nullptr;
    QLabel* m_verdictLabel = nullptr;
    QPushButton* m_checkExerciseButton = nullptr;
    QToolButton* m_closeExerciseButton = nullptr;
};

} // namespace reducescope::app
