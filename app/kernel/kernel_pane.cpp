// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/kernel/kernel_pane.h"

#include "app/common/file_read.h"
#include "app/common/lessons.h"
#include "app/kernel/exercise_text.h"
#include "app/common/message_text.h"
#include "model/catalogue.h"
#include "model/kernel_sources.h"
#include "model/own_launch.h"
#include "model/simulate.h"
#include "model/warp_summary.h"
#include "views/common/model_text.h"
#include "views/kernel/kernel_editor.h"

#include <QAction>
#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QSplitter>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>
#include <iterator>
#include <utility>

namespace reducescope::app {
namespace {

constexpr qint64 kMaxSourceBytes = 1 << 20;  // a kernel file of 1 MiB is far beyond any exercise
const char* const kRecentKey = "kernel/recent";
const char* const kFields[] = {"input", "block-size", "grid", "elements-per-thread", "shared-bytes", "warp-size", "banks"};

QString qs(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

/// A field's text as a number: empty -> `empty`; not a whole number -> nullopt.
std::optional<int> number(const QLineEdit* edit, int empty)
{
    const QString t = edit->text().trimmed();
    if (t.isEmpty())
        return empty;
    bool ok = false;
    const int v = t.toInt(&ok);
    return ok ? std::optional<int>(v) : std::nullopt;
}

QString severityWord(const views::KernelMark& m)
{
    switch (m.severity) {
    case views::KernelMark::Severity::Warning: return KernelPane::tr("warning");
    case views::KernelMark::Severity::Note: return KernelPane::tr("note", "a compiler's note beside an error");
    case views::KernelMark::Severity::Fault: return KernelPane::tr("fault");
    case views::KernelMark::Severity::Error: break;
    }
    return KernelPane::tr("error");
}

} // namespace

KernelPane::KernelPane(QWidget* parent)
    : QWidget(parent)
    , m_runner(new KernelRunner(this))
    , m_checker(new KernelRunner(this))
    , m_checkTimer(new QTimer(this))
    , m_exerciseRunner(new KernelRunner(this))
{
    m_prompt = [this] {
        const auto b = QMessageBox::question(
            this, tr("Unsaved kernel"), tr("The kernel %1 has changes that are not saved. Save them?").arg(title()),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
        return b == QMessageBox::Save ? Unsaved::Save : b == QMessageBox::Discard ? Unsaved::Discard : Unsaved::Cancel;
    };
    buildActions();
    buildLayout();
    m_checkTimer->setSingleShot(true);
    m_checkTimer->setInterval(800);
    connect(m_checkTimer, &QTimer::timeout, this, &KernelPane::check);
    connect(m_runner, &KernelRunner::finished, this, &KernelPane::onStepped);
    connect(m_checker, &KernelRunner::finished, this, &KernelPane::onChecked);
    connect(m_exerciseRunner, &KernelRunner::finished, this, &KernelPane::onExerciseChecked);
    connect(m_editor->document(), &QTextDocument::modificationChanged, this, &KernelPane::titleChanged);
    connect(m_editor, &QPlainTextEdit::textChanged, this, [this] { m_checkTimer->start(); });
    retranslate();
    setPersistent(true);
    // A first kernel to start from: the textbook's.
    setText(qs(model::kernel_source(model::find_strategy("convergent")->source_file)), QString(),
            qs(model::find_strategy("convergent")->kernels));
}

KernelPane::~KernelPane() = default;

void KernelPane::setCliPath(const QString& path)
{
    m_runner->setCliPath(path);
    m_checker->setCliPath(path);
    m_exerciseRunner->setCliPath(path);
}

void KernelPane::setPersistent(bool on)
{
    m_persistent = on;
    if (on)
        m_recent = QSettings().value(QLatin1String(kRecentKey)).toStringList().mid(0, kMaxRecent);
    rebuildRecentMenu();
}

void KernelPane::buildActions()
{
    m_openAction = new QAction(this);
    m_openAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    connect(m_openAction, &QAction::triggered, this, [this] {
        if (!maybeDiscard())
            return;
        const QString path = QFileDialog::getOpenFileName(this, tr("Open kernel"), QFileInfo(m_path).absolutePath(),
                                                          tr("CUDA sources (*.cu *.cuh);;All files (*)"));
        QString error;
        if (!path.isEmpty() && !openFile(path, &error))
            QMessageBox::warning(this, tr("Open kernel"), error);
    });
    m_saveAction = new QAction(this);
    m_saveAction->setShortcut(QKeySequence::Save);
    connect(m_saveAction, &QAction::triggered, this, &KernelPane::save);
    m_saveAsAction = new QAction(this);
    m_saveAsAction->setShortcut(QKeySequence::SaveAs);
    connect(m_saveAsAction, &QAction::triggered, this, &KernelPane::saveAs);
    m_stepAction = new QAction(this);
    m_stepAction->setShortcut(QKeySequence(Qt::Key_F5));
    connect(m_stepAction, &QAction::triggered, this, &KernelPane::step);
    m_checkAction = new QAction(this);
    m_checkAction->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5));
    connect(m_checkAction, &QAction::triggered, this, &KernelPane::check);
    m_checkExerciseAction = new QAction(this);
    m_checkExerciseAction->setShortcut(QKeySequence(Qt::Key_F6));
    m_checkExerciseAction->setEnabled(false);  // until an exercise is open
    connect(m_checkExerciseAction, &QAction::triggered, this, &KernelPane::checkExercise);
    m_newMenu = new QMenu(this);
    for (const model::StrategyInfo& s : model::catalogue()) {
        if (s.source_file.empty() || model::kernel_source(s.source_file).empty())
            continue;
        QAction* a = m_newMenu->addAction(qs(s.id));
        a->setData(qs(s.id));
        connect(a, &QAction::triggered, this, [this, id = qs(s.id)] { newFromStrategy(id); });
    }
    m_recentMenu = new QMenu(this);
}

void KernelPane::buildLayout()
{
    m_editor = new views::KernelEditor;
    m_marksList = new QListWidget;
    m_marksList->setWordWrap(true);
    connect(m_marksList, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
        m_editor->jumpTo(item->data(Qt::UserRole).toInt(), item->data(Qt::UserRole + 1).toInt());
    });
    connect(m_marksList, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        m_editor->jumpTo(item->data(Qt::UserRole).toInt(), item->data(Qt::UserRole + 1).toInt());
    });

    m_input = new QLineEdit(QStringLiteral("6,2,7,4,5,8,3,1"));
    m_input->setMaxLength(4096 * 32);
    m_blockSize = new QLineEdit;
    m_grid = new QLineEdit;
    m_elements = new QLineEdit;
    m_sharedBytes = new QLineEdit;
    m_warpSize = new QLineEdit(QStringLiteral("32"));
    m_banks = new QLineEdit(QStringLiteral("32"));
    m_kernel = new QComboBox;
    m_kernel->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_kernel->setMinimumContentsLength(18);
    for (QLineEdit* e : {m_blockSize, m_grid, m_elements, m_sharedBytes, m_warpSize, m_banks})
        e->setMaximumWidth(140);
    for (QLineEdit* e : {m_input, m_blockSize, m_grid, m_elements, m_sharedBytes, m_warpSize, m_banks})
        connect(e, &QLineEdit::returnPressed, this, &KernelPane::step);
    connect(m_sharedBytes, &QLineEdit::textEdited, this, [this] {  // typed: the field decides from now on
        if (!m_sharedRule.isEmpty()) {
            m_sharedRule.clear();
            retranslate();
        }
    });

    // Two rows: the input and the kernel; under them the launch's numbers (one row of seven fields
    // did not fit a 1280-pixel window in Chinese at presentation size).
    auto* fields = new QGridLayout;
    auto addField = [&](const char* field, QWidget* widget, int row, int col, int span) {
        auto* label = new QLabel;
        label->setBuddy(widget);
        m_fieldLabels.insert(QLatin1String(field), label);
        fields->addWidget(label, row, col, 1, span);
        fields->addWidget(widget, row + 1, col, 1, span);
    };
    const std::pair<const char*, QWidget*> launch[] = {{"block-size", m_blockSize},
                                                       {"grid", m_grid},
                                                       {"elements-per-thread", m_elements},
                                                       {"shared-bytes", m_sharedBytes},
                                                       {"warp-size", m_warpSize},
                                                       {"banks", m_banks}};
    const int numbers = int(std::size(launch));
    addField("input", m_input, 0, 0, numbers + 1);
    addField("kernel", m_kernel, 0, numbers + 1, 1);
    for (int col = 0; col < numbers; ++col)
        addField(launch[col].first, launch[col].second, 2, col, 1);
    fields->setColumnStretch(numbers, 1);  // the numbers keep their width; the input takes the rest
    // A label wider than its field ("Shared bytes" at presentation size) must not run into the next.
    fields->setHorizontalSpacing(std::max(fields->horizontalSpacing(), 12));
    // One message line under the fields per field (the refused field's name and range).
    auto* messages = new QVBoxLayout;
    for (const char* f : kFields) {
        auto* m = new QLabel;
        m->setWordWrap(true);
        m->setStyleSheet(QStringLiteral("color: #d32f2f; font-weight: bold;"));
        m->hide();
        m_fieldMessages.insert(QLatin1String(f), m);
        messages->addWidget(m);
    }

    m_stepButton = new QPushButton;
    connect(m_stepButton, &QPushButton::clicked, this, &KernelPane::step);
    m_checkButton = new QPushButton;
    connect(m_checkButton, &QPushButton::clicked, this, &KernelPane::check);
    m_cancelButton = new QPushButton;
    m_cancelButton->hide();
    connect(m_cancelButton, &QPushButton::clicked, this, [this] {
        m_runner->cancel();
        m_cancelButton->hide();
        m_statusWords = [] { return tr("Step cancelled"); };
        setStatus(m_statusWords(), false);
        emit runningChanged(false);
    });
    m_status = new QLabel;
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_stepButton);
    buttons->addWidget(m_checkButton);
    buttons->addWidget(m_cancelButton);
    buttons->addWidget(m_status, 1);

    m_marksTitle = new QLabel;
    auto* below = new QWidget;
    auto* belowLayout = new QVBoxLayout(below);
    belowLayout->setContentsMargins(0, 0, 0, 0);
    belowLayout->addWidget(m_marksTitle);
    belowLayout->addWidget(m_marksList);

    m_splitter = new QSplitter(Qt::Vertical);
    m_splitter->addWidget(m_editor);
    m_splitter->addWidget(below);
    m_splitter->setStretchFactor(0, 4);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setSizes({800, 160});  // the code first; the list shows a few lines

    buildExerciseBox();
    auto* v = new QVBoxLayout(this);
    v->addWidget(m_exerciseBox);
    v->addLayout(fields);
    v->addLayout(messages);
    v->addLayout(buttons);
    v->addWidget(m_splitter, 1);
}

void KernelPane::retranslate()
{
    const std::pair<const char*, QString> names[] = {
        {"input", tr("&Input values")}, {"block-size", tr("&Block size")}, {"grid", tr("&Grid")},
        {"elements-per-thread", tr("E&lements per thread")}, {"shared-bytes", tr("Shared b&ytes")},
        {"warp-size", tr("&Warp size")}, {"banks", tr("B&anks")}, {"kernel", tr("&Kernel")}};
    for (const auto& [field, name] : names)
        m_fieldLabels.value(QLatin1String(field))->setText(name);
    m_input->setToolTip(tr("1..4096 values, separated by commas or spaces (nan, inf accepted)"));
    m_blockSize->setPlaceholderText(tr("auto"));
    m_blockSize->setToolTip(tr("Threads per block: a power of two in 1..1024; empty: the engine plans it"));
    m_grid->setPlaceholderText(tr("auto"));
    m_grid->setToolTip(tr("Blocks: 1..65535; empty: the engine plans it (in-place kernels run one block)"));
    m_elements->setPlaceholderText(tr("2"));
    m_elements->setToolTip(tr("Values one thread reads, E: 1..4096; empty: 2. The engine plans the launch from it: block n / E "
                              "rounded up to a power of two (at most 1024; at least a warp for a kernel that shuffles), "
                              "grid n / (E × block) rounded up"));
    m_sharedBytes->setPlaceholderText(m_sharedRule.isEmpty() ? tr("auto") : tr("auto: as %1's launcher").arg(m_sharedRule));
    m_sharedBytes->setToolTip(tr("Bytes of each extern __shared__ array, the third launch parameter: 1..49152; "
                                 "empty: 4 × block size (a float per thread)"));
    m_warpSize->setToolTip(tr("32, or 4, 8 or 16 as a teaching aid"));
    m_banks->setToolTip(tr("Shared-memory banks: 32, or 4, 8 or 16"));
    m_stepButton->setText(tr("&Step the kernel"));
    m_stepButton->setToolTip(tr("Runs the kernel on the CPU engine and opens its trace in the step pane"));
    m_checkButton->setText(tr("C&heck"));
    m_checkButton->setToolTip(tr("Compiles the kernel and lists the kernels the engine can run"));
    m_cancelButton->setText(tr("Cancel"));
    m_openAction->setText(tr("Open &kernel…"));
    m_saveAction->setText(tr("&Save kernel"));
    m_saveAsAction->setText(tr("Save kernel &as…"));
    m_stepAction->setText(tr("Step the &kernel"));
    m_checkAction->setText(tr("C&heck the kernel"));
    m_newMenu->setTitle(tr("&New kernel from strategy"));
    m_checkExerciseAction->setText(tr("Check the &exercise"));
    m_checkExerciseAction->setToolTip(tr("Runs the kernel at the exercise's settings, then on a second input it does not show, and says which of its checks hold"));
    m_checkExerciseButton->setText(tr("Check the &exercise (F6)"));
    m_checkExerciseButton->setToolTip(m_checkExerciseAction->toolTip());
    m_closeExerciseButton->setToolTip(tr("Leave the exercise (the kernel stays in the editor)"));
    if (m_exercise) {
        m_exerciseTitle->setText(lessonTitle(*m_exercise));
        m_exerciseTask->setText(exerciseTask(*m_exercise));
    }
    showVerdict();
    m_recentMenu->setTitle(tr("&Recent kernels"));
    if (m_kernel->count() > 0 && m_kernel->itemData(0).toString().isEmpty())
        m_kernel->setItemText(0, tr("(the engine's choice)"));
    showMarks(m_editor->marks());
    if (m_statusWords)
        setStatus(m_statusWords(), m_statusError);
    rebuildRecentMenu();
    emit titleChanged();
}

void KernelPane::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void KernelPane::setPresentation(bool on)
{
    Q_UNUSED(on);
    m_editor->fitToFont();  // the application font has changed size: the code follows
}

// --- files ---------------------------------------------------------------------------------------

QString KernelPane::title() const
{
    const QString name = m_path.isEmpty() ? tr("untitled.cu") : QFileInfo(m_path).fileName();
    return tr("Kernel — %1%2").arg(name, isModified() ? QStringLiteral("*") : QString());
}

bool KernelPane::isModified() const { return m_editor->document()->isModified(); }

bool KernelPane::maybeDiscard()
{
    if (!isModified())
        return true;
    switch (m_prompt()) {
    case Unsaved::Discard: return true;
    case Unsaved::Save: return save();
    case Unsaved::Cancel: break;
    }
    return false;
}

void KernelPane::setText(const QString& text, const QString& path, const QString& preferredKernel)
{
    m_runner->cancel();
    m_editor->setPlainText(text);
    m_editor->document()->setModified(false);
    m_path = path;
    m_sharedRule.clear();  // (New kernel from strategy sets it again after this)
    retranslate();
    m_preferredKernel = preferredKernel;
    m_kernel->clear();
    m_kernel->addItem(tr("(the engine's choice)"), QString());
    if (!preferredKernel.isEmpty()) {
        m_kernel->addItem(preferredKernel, preferredKernel);
        m_kernel->setCurrentIndex(1);
    }
    showMarks({});
    m_checkTimer->stop();
    emit titleChanged();
}

bool KernelPane::newFromStrategy(const QString& id)
{
    const model::StrategyInfo* info = model::find_strategy(id.toStdString());
    if (!info || info->source_file.empty() || model::kernel_source(info->source_file).empty())
        return false;
    if (!maybeDiscard())
        return false;
    closeExercise();
    // Two kernels ("two_pass_partials+two_pass_final"): the pair, as `kernel trace --kernel A,B`
    // names it (the file has other kernels); one: that one.
    QString kernels = qs(info->kernels);
    kernels.replace(QLatin1Char('+'), QLatin1Char(','));
    setText(qs(model::kernel_source(info->source_file)), QString(), kernels);
    // The strategy's launch: its elements per thread at the engine's coarse factor 4 (empty: the
    // engine's 2), and, where 4 × block is too few, the shared bytes its launcher passes: worked out
    // at each Step from the block that runs, while the field stays empty (docs/kernel-editor.md).
    const std::size_t e = model::elements_per_thread(*info, 4);
    m_elements->setText(e > 0 && e != std::size_t(model::kDefaultElementsPerThread) ? QString::number(e) : QString());
    m_sharedBytes->clear();
    m_sharedRule = model::catalogue_shared_bytes(*info, 1024) > 4LL * 1024 ? id : QString();
    retranslate();
    m_statusWords = [id, file = qs(info->source_file)] {
        return tr("New kernel from %1 (a copy of %2): edit it and Step").arg(id, file);
    };
    setStatus(m_statusWords(), false);
    check();
    return true;
}

bool KernelPane::openFile(const QString& path, QString* error)
{
    const std::optional<QByteArray> bytes = readFileBytes(path, kMaxSourceBytes, error);
    if (!bytes)
        return false;
    if (!maybeDiscard()) {
        if (error)
            *error = tr("%1: not opened (the unsaved kernel stays)").arg(echoPath(path));
        return false;
    }
    setText(QString::fromUtf8(*bytes), QFileInfo(path).absoluteFilePath(), QString());
    addRecent(m_path);
    m_statusWords = [name = QFileInfo(path).fileName()] { return tr("Opened %1").arg(name); };
    setStatus(m_statusWords(), false);
    check();
    return true;
}

bool KernelPane::saveTo(const QString& path, QString* error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(m_editor->toPlainText().toUtf8()) < 0 || !f.commit()) {
        if (error)
            *error = tr("%1: cannot write: %2").arg(echoPath(path), f.errorString());
        return false;
    }
    m_path = QFileInfo(path).absoluteFilePath();
    m_editor->document()->setModified(false);
    addRecent(m_path);
    m_statusWords = [name = QFileInfo(path).fileName()] { return tr("Saved %1").arg(name); };
    setStatus(m_statusWords(), false);
    emit titleChanged();
    return true;
}

bool KernelPane::save()
{
    if (m_path.isEmpty())
        return saveAs();
    QString error;
    if (saveTo(m_path, &error))
        return true;
    QMessageBox::warning(this, tr("Save kernel"), error);
    return false;
}

bool KernelPane::saveAs()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save kernel"), m_path.isEmpty() ? tr("my_kernel.cu") : m_path,
                                                      tr("CUDA sources (*.cu)"));
    if (path.isEmpty())
        return false;
    QString error;
    if (saveTo(path, &error))
        return true;
    QMessageBox::warning(this, tr("Save kernel"), error);
    return false;
}

void KernelPane::addRecent(const QString& path)
{
    m_recent.removeAll(path);
    m_recent.prepend(path);
    while (m_recent.size() > kMaxRecent)
        m_recent.removeLast();
    if (m_persistent)
        QSettings().setValue(QLatin1String(kRecentKey), m_recent);
    rebuildRecentMenu();
}

void KernelPane::rebuildRecentMenu()
{
    m_recentMenu->clear();
    for (const QString& path : m_recent) {
        QAction* a = m_recentMenu->addAction(QFileInfo(path).fileName());
        a->setToolTip(path);
        a->setData(path);
        connect(a, &QAction::triggered, this, [this, path] {
            QString error;
            if (!openFile(path, &error) && !error.isEmpty())
                QMessageBox::warning(this, tr("Open kernel"), error);
        });
    }
    m_recentMenu->setEnabled(!m_recent.isEmpty());
}

// --- running -------------------------------------------------------------------------------------

QString KernelPane::fieldMessage(const QString& field) const
{
    const QLabel* l = m_fieldMessages.value(field);
    return l ? l->text() : QString();
}

void KernelPane::setFieldMessage(const QString& field, const QString& message)
{
    QLabel* l = m_fieldMessages.value(field, m_fieldMessages.value(QStringLiteral("input")));
    l->setText(message);
    l->setVisible(!message.isEmpty());
}

std::optional<KernelRunRequest> KernelPane::request(KernelRunRequest::Mode mode)
{
    for (const char* f : kFields)
        setFieldMessage(QLatin1String(f), QString());
    KernelRunRequest r;
    r.mode = mode;
    r.source = m_editor->toPlainText();
    r.input = m_input->text();
    r.kernel = m_kernel->currentData().toString();
    const std::pair<const char*, QLineEdit*> numbers[] = {{"block-size", m_blockSize},  {"grid", m_grid},
                                                          {"elements-per-thread", m_elements},
                                                          {"shared-bytes", m_sharedBytes},
                                                          {"warp-size", m_warpSize}, {"banks", m_banks}};
    int values[6] = {};
    const int empty[6] = {0, 0, 0, 0, 32, 32};
    for (int i = 0; i < 6; ++i) {
        const std::optional<int> v = number(numbers[i].second, empty[i]);
        if (!v) {
            const QString name = m_fieldLabels.value(QLatin1String(numbers[i].first))->text().remove(QLatin1Char('&'));
            setFieldMessage(QLatin1String(numbers[i].first),
                            tr("%1 must be a whole number (got \"%2\")").arg(name, echoValue(numbers[i].second->text())));
            return std::nullopt;
        }
        // Empty is the engine's plan; a typed 0 is not (1..1024, 1..65535), as `kernel trace
        // --block-size 0` is refused (issue 28's third hostile pass: "0" ran the plan).
        // Likewise a typed 0 elements per thread or shared bytes (empty: the engine's default).
        if (i < 4 && *v == 0 && !numbers[i].second->text().trimmed().isEmpty()) {
            const QString got = echoValue(numbers[i].second->text().trimmed());
            setFieldMessage(QLatin1String(numbers[i].first), KernelRunRequest::rangeMessage(QLatin1String(numbers[i].first), got));
            return std::nullopt;
        }
        values[i] = *v;
    }
    r.blockSize = values[0];
    r.grid = values[1];
    r.elementsPerThread = values[2];
    r.sharedBytes = values[3];
    r.warpSize = values[4];
    r.banks = values[5];
    if (r.sharedBytes == 0 && !m_sharedRule.isEmpty())
        r.sharedBytes = sharedBytesByRule(r);
    if (const std::optional<KernelFieldError> e = r.validate()) {
        setFieldMessage(e->field, e->message);
        return std::nullopt;
    }
    return r;
}

int KernelPane::sharedBytesByRule(const KernelRunRequest& r) const
{
    const model::StrategyInfo* info = model::find_strategy(m_sharedRule.toStdString());
    if (!info)
        return 0;
    unsigned int block = r.blockSize > 0 ? unsigned(r.blockSize) : 0;
    if (block == 0 || block > 1024) {
        const model::ParsedInput in = model::parse_input(r.input.toStdString());
        if (in.error || in.values.empty())
            return 0;  // the engine names the input's fault
        const unsigned int e = r.elementsPerThread > 0 ? unsigned(r.elementsPerThread) : unsigned(model::kDefaultElementsPerThread);
        block = model::plan_own_launch(in.values.size(), e, 1, 0, r.grid > 0 ? unsigned(r.grid) : 0).block;
    }
    const long long bytes = model::catalogue_shared_bytes(*info, block);
    return bytes > 4LL * block ? int(bytes) : 0;  // (at most 4 x (1024 + 32): request() checks the range)
}

bool KernelPane::step()
{
    const std::optional<KernelRunRequest> r = request(KernelRunRequest::Mode::Trace);
    if (!r) {
        m_statusWords = [] { return tr("Not started: a field is out of range (see the message above)"); };
        setStatus(m_statusWords(), true);
        return false;
    }
    m_lastRequest = *r;
    m_runner->start(*r);
    m_cancelButton->show();
    m_statusWords = [] { return tr("Running the kernel on the CPU engine…"); };
    setStatus(m_statusWords(), false);
    emit runningChanged(true);
    return true;
}

void KernelPane::setLaunchFields(const KernelLaunchFields& f)
{
    if (f.input) {
        m_input->setText(*f.input);
        m_input->setCursorPosition(0);  // the list's start, not its end
    }
    const std::pair<const std::optional<int>*, QLineEdit*> numbers[] = {
        {&f.blockSize, m_blockSize}, {&f.grid, m_grid},         {&f.elementsPerThread, m_elements},
        {&f.sharedBytes, m_sharedBytes}, {&f.warpSize, m_warpSize}, {&f.banks, m_banks}};
    for (const auto& [value, edit] : numbers)
        if (*value)
            edit->setText(**value > 0 ? QString::number(**value) : QString());
    for (const char* field : kFields)
        setFieldMessage(QLatin1String(field), QString());
}

void KernelPane::check()
{
    m_checkTimer->stop();
    if (const std::optional<KernelRunRequest> r = request(KernelRunRequest::Mode::Check))
        m_checker->start(*r);
}

void KernelPane::onStepped(const KernelRunOutcome& o)
{
    m_last = o;
    m_cancelButton->hide();
    emit runningChanged(false);
    using Kind = KernelRunOutcome::Kind;
    if (o.kind == Kind::Traced || o.kind == Kind::Faulted)
        showMarks(o.marks);
    else if (o.kind == Kind::Refused)
        showMarks(o.marks);
    if (o.kind == Kind::Traced && o.trace) {
        const int steps = int(o.trace->steps.size());
        const double result = double(o.trace->result);
        const int n = o.trace->n;
        const qint64 ms = o.elapsedMs;
        // The engine's note that input values were never read (model::Note "unread_input"): its count.
        long long unread = 0;
        for (const model::Note& note : o.trace->notes)
            if (note.kind == "unread_input" && !note.text.args.empty())
                unread += note.text.args.front().count;
        m_statusWords = [steps, result, n, ms, unread] {
            QString s = tr("%1 on %2, result %3, in %4 ms: shown in the step pane")
                            .arg(tr("%n step(s)", nullptr, steps), tr("%n value(s)", nullptr, n), QString::number(result, 'g', 9))
                            .arg(ms);
            if (unread > 0)
                s += tr("; ⚠ %n input value(s) never read (the warning below)", nullptr, int(unread));
            return s;
        };
        setStatus(m_statusWords(), unread > 0);
    } else {
        m_statusWords = [message = o.message] { return message; };
        setStatus(o.message, true);
    }
    if (o.trace)
        emit traceReady(o.trace, m_lastRequest.kernel, m_path, m_lastRequest.source);
}

void KernelPane::onChecked(const KernelRunOutcome& o)
{
    if (o.kind == KernelRunOutcome::Kind::Refused) {
        showMarks(o.marks);  // the compile error at its line, as Step would show it
        m_statusWords = [message = o.message] { return message; };
        setStatus(o.message, true);
        m_checkFailed = true;
        return;
    }
    if (o.kind != KernelRunOutcome::Kind::Traced)
        return;  // a check that could not run says nothing: Step will say why
    const QString current = m_kernel->currentData().toString();
    const QString want = current.isEmpty() ? m_preferredKernel : current;
    m_kernel->clear();
    m_kernel->addItem(tr("(the engine's choice)"), QString());
    for (const KernelEntry& k : o.kernels)
        m_kernel->addItem(tr("%1 (line %2)").arg(k.name).arg(k.line), k.name);
    // A kernel named as the catalogue names it: a template without its arguments is its instance;
    // "FIRST,SECOND" (a two-pass pair, kernel trace --kernel FIRST,SECOND) is an entry of its own.
    auto instanceOf = [&](const QString& name) {
        for (const KernelEntry& k : o.kernels)
            if (k.name == name || k.name.startsWith(name + QLatin1Char('<')))
                return k.name;
        return QString();
    };
    QString pick = want;
    if (const QStringList pair = want.split(QLatin1Char(',')); pair.size() == 2) {
        const QString first = instanceOf(pair[0]), second = instanceOf(pair[1]);
        if (!first.isEmpty() && !second.isEmpty()) {
            pick = first + QLatin1Char(',') + second;
            m_kernel->addItem(tr("%1, then %2 (two passes)").arg(first, second), pick);
        }
    } else if (!want.isEmpty() && m_kernel->findData(want) < 0) {
        pick = instanceOf(want);
    }
    const int at = pick.isEmpty() ? -1 : m_kernel->findData(pick);
    m_kernel->setCurrentIndex(at >= 0 ? at : 0);
    if (m_checkFailed) {  // the error the last check put in the status line is gone
        const int n = int(o.kernels.size());
        m_statusWords = [n] { return tr("Check: it compiles; %n kernel(s) the engine can run", nullptr, n); };
        setStatus(m_statusWords(), false);
    }
    m_checkFailed = false;
    if (!m_last.marks.isEmpty() && m_last.kind == KernelRunOutcome::Kind::Faulted)
        return;  // the last Step's faults stay until the next Step
    showMarks(o.marks);
}

// --- exercises -----------------------------------------------------------------------------------

void KernelPane::buildExerciseBox()
{
    m_exerciseBox = new QFrame;
    m_exerciseBox->setObjectName(QStringLiteral("exerciseBox"));
    m_exerciseBox->setFrameShape(QFrame::StyledPanel);
    m_exerciseTitle = new QLabel;
    QFont bold = m_exerciseTitle->font();
    bold.setBold(true);
    m_exerciseTitle->setFont(bold);
    m_exerciseTitle->setWordWrap(true);
    m_exerciseTask = new QLabel;
    m_exerciseTask->setWordWrap(true);
    m_exerciseTask->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdictLabel = new QLabel;
    m_verdictLabel->setWordWrap(true);
    m_verdictLabel->setTextFormat(Qt::RichText);
    m_verdictLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdictLabel->hide();
    m_checkExerciseButton = new QPushButton;
    connect(m_checkExerciseButton, &QPushButton::clicked, this, &KernelPane::checkExercise);
    m_closeExerciseButton = new QToolButton;
    m_closeExerciseButton->setText(QStringLiteral("×"));
    m_closeExerciseButton->setAutoRaise(true);
    connect(m_closeExerciseButton, &QToolButton::clicked, this, &KernelPane::closeExercise);
    auto* head = new QHBoxLayout;
    head->addWidget(m_exerciseTitle, 1);
    head->addWidget(m_checkExerciseButton);
    head->addWidget(m_closeExerciseButton);
    auto* box = new QVBoxLayout(m_exerciseBox);
    box->addLayout(head);
    box->addWidget(m_exerciseTask);
    box->addWidget(m_verdictLabel);
    m_exerciseBox->hide();
}

bool KernelPane::openExercise(const model::Lesson& lesson)
{
    if (!lesson.exercise || !maybeDiscard())
        return false;
    const model::LessonExercise& e = *lesson.exercise;
    setText(QString::fromStdString(e.source), QString(), QString());
    m_exerciseRunner->cancel();
    m_exercise = lesson;
    resetExerciseRuns();
    // The fields: the lesson's launch, so that Step shows what Check counts.
    m_input->setText(lessonInputText(lesson));
    m_input->setCursorPosition(0);  // the list's start, not its end
    m_blockSize->setText(lesson.params.block_size > 0 ? QString::number(lesson.params.block_size) : QString());
    m_grid->setText(e.grid > 0 ? QString::number(e.grid) : QString());
    m_elements->clear();     // the engine's defaults: the check runs at them
    m_sharedBytes->clear();
    m_warpSize->setText(QString::number(lesson.params.warp_size));
    m_banks->setText(QString::number(lesson.params.banks));
    m_exerciseTitle->setText(lessonTitle(lesson));
    m_exerciseTask->setText(exerciseTask(lesson));
    m_exerciseBox->show();
    m_checkExerciseAction->setEnabled(true);
    showVerdict();
    m_statusWords = [] { return tr("Exercise: change the kernel, then Check the exercise (F6)"); };
    setStatus(m_statusWords(), false);
    check();
    return true;
}

void KernelPane::closeExercise()
{
    m_exerciseRunner->cancel();
    m_exercise.reset();
    resetExerciseRuns();
    m_verdictLines.clear();
    m_exerciseBox->hide();
    m_checkExerciseAction->setEnabled(false);
}

bool KernelPane::checkExercise()
{
    if (!m_exercise)
        return false;
    KernelRunRequest r;
    r.mode = KernelRunRequest::Mode::Trace;
    r.source = m_editor->toPlainText();
    r.input = lessonInputText(*m_exercise);
    r.kernel = m_kernel->currentData().toString();
    r.blockSize = m_exercise->params.block_size;
    r.grid = m_exercise->exercise->grid;
    r.warpSize = m_exercise->params.warp_size;
    r.banks = m_exercise->params.banks;
    resetExerciseRuns();
    m_exerciseSource = r.source;
    m_exerciseRequest = r;
    m_visibleRun = m_exerciseRunner->start(r);  // drops a check still running, either of its runs
    m_verdictProblem = [] { return tr("Checking the exercise on the CPU engine…"); };
    showVerdict();
    return true;
}

void KernelPane::resetExerciseRuns()
{
    m_visibleRun = 0;
    m_heldBackRun = 0;
    m_pendingTrace.reset();
    m_verdict.reset();
    m_verdictTrace.reset();
    m_verdictHeldBack.reset();
    m_heldBackProblem.clear();
    m_verdictProblem = {};
}

void KernelPane::onExerciseChecked(const KernelRunOutcome& o)
{
    if (!m_exercise || o.run == 0)
        return;
    using Kind = KernelRunOutcome::Kind;
    const bool traced = (o.kind == Kind::Traced || o.kind == Kind::Faulted) && o.trace;
    if (o.run == m_visibleRun) {
        // The first run, on the lesson's input: its marks go to the editor (the compile error or
        // the fault at its line); with a trace, the second run starts on the held-back input.
        m_visibleRun = 0;
        if (o.kind == Kind::Refused || o.kind == Kind::Faulted)
            showMarks(o.marks);
        if (traced) {
            m_pendingTrace = o.trace;
            KernelRunRequest second = m_exerciseRequest;
            QStringList values;
            for (float v : model::held_back_input(*m_exercise))
                values << QString::number(double(v), 'g', 9);
            second.input = values.join(QLatin1Char(','));
            m_heldBackRun = m_exerciseRunner->start(second);
            m_verdictProblem = [] { return tr("Checking the exercise on a second input…"); };
            showVerdict();
            return;
        }
        m_verdictProblem = [message = o.message] { return tr("Not checked: %1").arg(message); };
    } else if (o.run == m_heldBackRun && m_pendingTrace) {
        // The second run: its trace (or none, when it did not give one) completes the verdict.
        m_heldBackRun = 0;
        m_verdictTrace = std::exchange(m_pendingTrace, nullptr);
        m_verdictHeldBack = traced ? o.trace : nullptr;
        m_heldBackProblem = traced ? QString() : o.message;
        m_verdict = model::check_exercise(*m_exercise->exercise, *m_verdictTrace, m_exerciseSource.toStdString(),
                                          m_verdictHeldBack.get());
        m_verdictProblem = {};
    } else {
        return;  // a run of a check since dropped
    }
    showVerdict();
    emit exerciseChecked(m_verdict);
}

void KernelPane::showVerdict()
{
    m_verdictLines.clear();
    if (!m_exercise || (!m_verdict && !m_verdictProblem)) {
        m_verdictLabel->clear();
        m_verdictLabel->hide();
        return;
    }
    QStringList html;
    if (m_verdict && m_verdictTrace) {
        const QString summary = ExerciseText::summary(*m_verdict);
        m_verdictLines << summary;
        html << QStringLiteral("<b style=\"color:%1\">%2</b>")
                    .arg(m_verdict->passed ? QStringLiteral("#2e7d32") : QStringLiteral("#d32f2f"), summary.toHtmlEscaped());
        const QStringList checks = ExerciseText::checks(*m_exercise->exercise, *m_verdict, *m_verdictTrace, m_verdictHeldBack.get());
        const int heldBack = model::held_back_check_index(*m_exercise->exercise);
        for (int i = 0; i < checks.size(); ++i) {
            const bool holds = m_verdict->checks[std::size_t(i)].holds;
            QString line = (holds ? QStringLiteral("✓ ") : QStringLiteral("✗ ")) + checks[i];
            if (i == heldBack && !m_verdictHeldBack && !m_heldBackProblem.isEmpty())
                line = tr("%1: %2").arg(line, m_heldBackProblem);  // why the second run gave no trace
            m_verdictLines << line;
            html << QStringLiteral("<span style=\"color:%1\">%2</span>")
                        .arg(holds ? QStringLiteral("#2e7d32") : QStringLiteral("#d32f2f"), line.toHtmlEscaped());
        }
    } else {
        const QString line = m_verdictProblem();
        m_verdictLines << line;
        html << line.toHtmlEscaped();
    }
    m_verdictLabel->setText(html.join(QStringLiteral("<br>")));
    m_verdictLabel->show();
}

void KernelPane::showMarks(const QVector<views::KernelMark>& marks)
{
    m_editor->setMarks(marks);
    m_marksList->clear();
    for (const views::KernelMark& m : marks) {
        QString where = m.line > 0 ? (m.column > 0 ? tr("line %1:%2").arg(m.line).arg(m.column) : tr("line %1").arg(m.line))
                                   : tr("whole kernel");
        const QString said = views::markMessage(m);  // a fault's text in the window's language
        QString text = tr("%1 — %2: %3").arg(where, severityWord(m), said);
        if (!m.kind.isEmpty())  // the fault's kind in words ("data race", 数据竞争), not its id
            text = tr("%1 — %2 (%3): %4").arg(where, severityWord(m), ExerciseText::faultKind(m.kind), said);
        if (!m.lanes.isEmpty())
            text += QLatin1Char(' ') + tr("(lanes %1)").arg(views::laneRangesText(std::vector<int>(m.lanes.begin(), m.lanes.end())));
        if (m.step >= 0)
            text += QLatin1Char(' ') + tr("(step %1)").arg(m.step + 1);
        auto* item = new QListWidgetItem(text, m_marksList);
        item->setData(Qt::UserRole, m.line);
        item->setData(Qt::UserRole + 1, m.column);
        item->setToolTip(said);
    }
    m_marksTitle->setText(marks.isEmpty() ? tr("No diagnostics or faults")
                                          : tr("%n diagnostic(s) or fault(s): click one to go to its line", nullptr, int(marks.size())));
}

void KernelPane::setStatus(const QString& text, bool error)
{
    m_statusError = error;
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #d32f2f; font-weight: bold;") : QString());
}

} // namespace reducescope::app
