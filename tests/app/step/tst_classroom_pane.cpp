// SPDX-License-Identifier: GPL-3.0-or-later
// Classroom mode wired into the window (docs/classroom.md): the window fits small screens,
// presentation mode, theme persisted, warp map and compare columns scrolling together, lessons set
// the whole state, controls agree with the picture after any refused field, the command line wins
// over saved settings, Reset to defaults, the keyboard-shortcut list, predict mode through clicks,
// and the benchmark comparison's labels. With REDUCESCOPE_SCREENSHOT_DIR set, also writes the
// classroom screenshots of docs/screenshots/.
#include "gui_test_main.h"

#include "app/shell/command_line.h"
#include "app/common/language.h"
#include "app/shell/main_window.h"
#include "app/bench/bench_device_label.h"
#include "app/bench/benchmark_pane.h"
#include "app/step/step_pane.h"
#include "views/bench/bench_chart.h"
#include "app/common/lessons.h"
#include "views/step/predict_text.h"
#include "views/step/source_view.h"
#include "views/step/step_layout.h"
#include "views/step/step_view.h"
#include "views/step/transport_bar.h"
#include "views/step/strategy_picker.h"
#include "views/common/view_colors.h"
#include "views/step/warp_map_view.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFontInfo>
#include <QHash>
#include <QHeaderView>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSpinBox>
#include <QTabBar>
#include <QTabWidget>
#include <QToolButton>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace reducescope;

namespace {

app::TraceRequest request(const QString& strategy, const QString& input, int block = 0, int warp = 32, int banks = 32)
{
    app::TraceRequest r;
    r.strategy = strategy;
    r.input = input;
    r.params.block_size = block;
    r.params.warp_size = warp;
    r.params.banks = banks;
    return r;
}

QString describe(const app::TraceRequest& r)
{
    return QStringLiteral("%1 [%2] block %3 warp %4 coarse %5 banks %6")
        .arg(r.strategy, r.input.left(40)).arg(r.params.block_size).arg(r.params.warp_size).arg(r.params.coarse_factor).arg(r.params.banks);
}

bool sameRequest(const app::TraceRequest& a, const app::TraceRequest& b)
{
    return a.strategy == b.strategy && a.input == b.input && a.params.block_size == b.params.block_size
        && a.params.warp_size == b.params.warp_size && a.params.coarse_factor == b.params.coarse_factor
        && a.params.banks == b.params.banks;
}

QString screenshotDir() { return qEnvironmentVariable("REDUCESCOPE_SCREENSHOT_DIR"); }

void save(QWidget& w, const QString& name)
{
    if (screenshotDir().isEmpty())
        return;
    QApplication::processEvents();
    QApplication::processEvents();
    QVERIFY(w.grab().save(QDir(screenshotDir()).filePath(name)));
}

bench::ResultsFile benchFile(const std::string& mode, double gbs)
{
    bench::ResultsFile r;
    r.date = "2026-11-29T10:15:00Z";
    r.device.name = "NVIDIA H200";
    r.device.peak_bandwidth_gbs = 4800;
    r.params.mode = mode;
    r.params.cache = "cold";
    bench::Result k;
    k.strategy = "convergent";
    k.family = "basics";
    k.operation = "sum";
    k.mode = mode;
    k.status = bench::Status::Ok;
    k.time_ms = bench::Summary{0.01, 0.01, 0.01};
    k.bandwidth_gbs = gbs;
    r.results.push_back(k);
    return r;
}

} // namespace

class TestClassroomPane : public QObject {
    Q_OBJECT
private slots:
    void init();
    void windowFitsSmallScreens_data();
    void windowFitsSmallScreens();
    void presentationMode();
    void presentationScalesWholeWindow_data();
    void presentationScalesWholeWindow();
    void themeIsPersisted();
    void warpMapAndColumnsScrollTogether();
    void lessonsSetWholeState_data();
    void lessonsSetWholeState();
    void controlsAgreeAfterRefusal_data();
    void controlsAgreeAfterRefusal();
    void commandLineWinsOverSettings_data();
    void commandLineWinsOverSettings();
    void resetToDefaults();
    void shortcutList();
    void predictByClicking();
    void benchComparisonLabels();
    void lessonFromCommandLine_data();
    void lessonFromCommandLine();
    void screenshots();

private:
    QTemporaryDir m_settingsDir;
};

void TestClassroomPane::init()
{
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_settingsDir.path());
    QSettings().clear();
}

void TestClassroomPane::windowFitsSmallScreens_data()
{
    QTest::addColumn<QSize>("screen");
    QTest::addColumn<bool>("present");
    QTest::addRow("1280x720") << QSize(1280, 720) << false;
    QTest::addRow("1280x720 presentation") << QSize(1280, 720) << true;
    // 1920x1080 at QT_SCALE_FACTOR=1.5 is 1280x720 logical pixels: the row above.
    QTest::addRow("1366x768") << QSize(1366, 768) << false;
    QTest::addRow("1920x1080 presentation") << QSize(1920, 1080) << true;
}

void TestClassroomPane::windowFitsSmallScreens()
{
    QFETCH(QSize, screen);
    QFETCH(bool, present);
    app::MainWindow w(false);
    QVERIFY(w.stepPane()->setRequest(request(QStringLiteral("simple"), QStringLiteral("6,2,7,4,5,8,3,1"))));
    QVERIFY(w.stepPane()->setCompareStrategy(QStringLiteral("convergent")));
    w.stepPane()->setPresentation(present, screen);
    w.show();
    const QSize initial = app::MainWindow::initialSize(screen);
    QVERIFY2(initial.width() <= screen.width() && initial.height() <= screen.height(),
             qPrintable(QStringLiteral("initial %1x%2").arg(initial.width()).arg(initial.height())));
    const QSize minimum = w.minimumSizeHint().expandedTo(w.minimumSize());
    QVERIFY2(minimum.width() <= screen.width() && minimum.height() <= screen.height(),
             qPrintable(QStringLiteral("minimum %1x%2 on %3x%4 (step pane %5x%6, benchmark pane %7x%8)")
                            .arg(minimum.width()).arg(minimum.height()).arg(screen.width()).arg(screen.height())
                            .arg(w.stepPane()->minimumSizeHint().width()).arg(w.stepPane()->minimumSizeHint().height())
                            .arg(w.benchmarkPane()->minimumSizeHint().width()).arg(w.benchmarkPane()->minimumSizeHint().height())));
    w.resize(screen);
    QApplication::processEvents();
    QCOMPARE(w.size(), screen);
}

void TestClassroomPane::presentationMode()
{
    app::MainWindow w(false);
    w.show();
    app::StepPane* pane = w.stepPane();
    QVERIFY(pane->sidebarVisible());
    QCOMPARE(w.presentationAction()->shortcut(), QKeySequence(Qt::Key_F11));
    w.presentationAction()->trigger();
    QVERIFY(w.presentation());
    QVERIFY(pane->presentation());
    QVERIFY(pane->stepView(0)->presentation());
    QVERIFY(pane->warpMapView()->presentation());
    QVERIFY(!pane->sidebarVisible());   // folded away for the class
    pane->setPresentation(true, QSize(1920, 1080));
    QVERIFY(pane->stepView(0)->layoutOptions().minTextPx >= views::kPresentationTextPx);
    QVERIFY(pane->questionLabel()->font().pixelSize() >= views::kPresentationTextPx);
    // The sidebar can be unfolded during the lesson.
    pane->setSidebarVisible(true);
    QVERIFY(pane->sidebarVisible());
    pane->setSidebarVisible(false);
    w.presentationAction()->trigger();
    QVERIFY(!w.presentation());
    QVERIFY(!pane->stepView(0)->presentation());
    QVERIFY(pane->sidebarVisible());    // back as it was
    // Zoom from the View menu zooms both columns.
    QVERIFY(pane->setCompareStrategy(QStringLiteral("simple")));
    pane->zoomIn();
    QVERIFY(pane->stepView(0)->zoom() > 1.0);
    QCOMPARE(pane->stepView(1)->zoom(), pane->stepView(0)->zoom());
    pane->resetZoom();
    QCOMPARE(pane->stepView(0)->zoom(), 1.0);
    QCOMPARE(pane->stepView(1)->zoom(), 1.0);
}

void TestClassroomPane::presentationScalesWholeWindow_data()
{
    QTest::addColumn<QSize>("screen");
    QTest::addColumn<int>("textPx");  // views::presentationOptions(screen).minTextPx
    QTest::addRow("1920x1080") << QSize(1920, 1080) << 22;
    QTest::addRow("1280x720") << QSize(1280, 720) << 22;      // never below 22
    QTest::addRow("2560x1440") << QSize(2560, 1440) << 30;    // ceil(22 * 1440 / 1080)
    QTest::addRow("3840x2160") << QSize(3840, 2160) << 44;
}

// Presentation mode sizes the whole window, not only the step view: menu bar, menus, tab bars,
// transport bar (buttons, icons, speed, step label), source, the benchmark pane's pickers; and
// everything goes back to its desktop size when it ends.
void TestClassroomPane::presentationScalesWholeWindow()
{
    QFETCH(QSize, screen);
    QFETCH(int, textPx);
    QCOMPARE(int(std::ceil(views::presentationOptions(screen).minTextPx)), textPx);
    app::MainWindow w(false);
    w.show();
    auto* tabs = qobject_cast<QTabWidget*>(w.centralWidget());
    QVERIFY(tabs);
    views::TransportBar* transport = w.stepPane()->transportBar();
    QList<QToolButton*> buttons = transport->findChildren<QToolButton*>();
    buttons.removeIf([](const QToolButton* b) { return !b->defaultAction(); });  // the tool bar's own extension arrow
    QVERIFY(buttons.size() >= 5);  // first, previous, play, next, last
    const QList<QComboBox*> benchCombos = w.benchmarkPane()->findChildren<QComboBox*>();
    QVERIFY(!benchCombos.isEmpty());
    const QList<QMenu*> menus = w.menuBar()->findChildren<QMenu*>();
    QVERIFY(menus.size() >= 5);  // File, View, Step, Lessons, Help
    // Every widget whose size is checked, with its desktop text size.
    QVector<QPair<QWidget*, QString>> widgets{{w.menuBar(), "menu bar"}, {tabs->tabBar(), "tab bar"},
                                               {transport->findChild<QComboBox*>(), "speed"},
                                               {w.stepPane()->sourceView(0), "source"}};
    for (QToolButton* b : buttons)
        widgets.append({b, "transport button " + b->toolTip()});
    widgets.append({w.benchmarkPane()->findChild<app::BenchDeviceLabel*>(), "bench device label"});
    for (QHeaderView* h : w.benchmarkPane()->findChildren<QHeaderView*>())
        if (h->orientation() == Qt::Horizontal)
            widgets.append({h, "bench table header"});
    for (QComboBox* c : benchCombos)
        widgets.append({c, "bench combo " + c->objectName()});
    for (QMenu* m : menus)
        widgets.append({m, "menu " + m->title()});
    auto px = [](QWidget* wd) { return QFontInfo(wd->font()).pixelSize(); };
    QHash<QWidget*, int> desktop;
    for (const auto& [wd, name] : widgets) {
        desktop[wd] = px(wd);
        QVERIFY2(desktop[wd] < textPx, qPrintable(name));
    }
    const int desktopIcon = buttons.front()->iconSize().height();

    w.setPresentation(true, screen);
    QVERIFY(w.presentation());
    for (const auto& [wd, name] : widgets)
        QVERIFY2(px(wd) >= textPx, qPrintable(QStringLiteral("%1: %2 px").arg(name).arg(px(wd))));
    QCOMPARE(px(w.menuBar()), textPx);
    QCOMPARE(px(tabs->tabBar()), textPx);
    for (QToolButton* b : buttons)
        QCOMPARE(b->iconSize(), QSize(2 * textPx, 2 * textPx));  // icons grow with the text
    // The step label stays larger than the rest of the bar.
    const QLabel* stepLabel = transport->findChild<QLabel*>();
    QVERIFY(stepLabel && px(const_cast<QLabel*>(stepLabel)) > textPx);
    // The step view's own text is at least as large.
    QVERIFY(w.stepPane()->stepView(0)->layoutOptions().minTextPx >= textPx);

    w.setPresentation(false);
    QVERIFY(!w.presentation());
    for (const auto& [wd, name] : widgets)
        QVERIFY2(px(wd) == desktop[wd], qPrintable(QStringLiteral("%1: %2 px, was %3").arg(name).arg(px(wd)).arg(desktop[wd])));
    QCOMPARE(buttons.front()->iconSize().height(), desktopIcon);
}

void TestClassroomPane::themeIsPersisted()
{
    {
        app::MainWindow w(true);
        w.setTheme(views::Theme::Dark);
        QCOMPARE(w.stepPane()->stepView(0)->colors().background, views::ViewColors::forTheme(views::Theme::Dark).background);
        QCOMPARE(w.stepPane()->warpMapView()->colors().background, views::ViewColors::forTheme(views::Theme::Dark).background);
        w.saveSettings();
    }
    app::MainWindow second(true);
    second.restoreSettings();
    QCOMPARE(int(second.theme()), int(views::Theme::Dark));
    QCOMPARE(second.stepPane()->stepView(0)->theme(), views::Theme::Dark);
    second.setTheme(views::Theme::Light);
    QCOMPARE(second.stepPane()->stepView(0)->colors().background, views::ViewColors::forTheme(views::Theme::Light).background);
    second.setTheme(views::Theme::System);
}

void TestClassroomPane::warpMapAndColumnsScrollTogether()
{
    app::MainWindow w(false);
    app::StepPane* pane = w.stepPane();
    QVERIFY(pane->setRequest(request(QStringLiteral("simple"), QStringLiteral("1,").repeated(1023) + QStringLiteral("1"), 512)));
    QVERIFY(pane->setCompareStrategy(QStringLiteral("convergent")));
    w.resize(1280, 720);
    w.show();
    QApplication::processEvents();
    // The warp map shows both traces side by side and frames the step.
    QCOMPARE(pane->warpMapView()->trace(), pane->trace());
    QCOMPARE(pane->warpMapView()->compareTrace(), pane->compareTrace());
    pane->setStep(2);
    QCOMPARE(pane->warpMapView()->step(), 2);
    QCOMPARE(pane->warpMapView()->currentLayout().maps.size(), 2);
    // A click on the map's step column moves the pane.
    emit pane->warpMapView()->stepClicked(4);
    QCOMPARE(pane->step(), 4);
    // Both columns scroll together, either way.
    QScrollBar* a = pane->columnScroll(0)->verticalScrollBar();
    QScrollBar* b = pane->columnScroll(1)->verticalScrollBar();
    // (1024 values are drawn as the overview, about one screen tall: at 720 lines it still scrolls.)
    QVERIFY2(a->maximum() > 100 && b->maximum() > 100, qPrintable(QStringLiteral("%1 %2").arg(a->maximum()).arg(b->maximum())));
    a->setValue(90);
    QCOMPARE(b->value(), 90);
    b->setValue(60);
    QCOMPARE(a->value(), 60);
    pane->setWarpMapShown(true);
    QVERIFY(pane->warpMapShown());
    pane->setWarpMapShown(false);
}

void TestClassroomPane::lessonsSetWholeState_data()
{
    QTest::addColumn<int>("index");
    const app::LessonsLoad load = app::loadLessons();
    QVERIFY2(load.errors.isEmpty(), qPrintable(load.errors.join(QLatin1Char('\n'))));
    QCOMPARE(load.lessons.size(), 12);
    for (int i = 0; i < load.lessons.size(); ++i)
        QTest::addRow("%s", load.lessons[i].lesson.id.c_str()) << i;
}

void TestClassroomPane::lessonsSetWholeState()
{
    QFETCH(int, index);
    app::MainWindow w(false);
    QCOMPARE(w.lessonActions().size(), 12);
    const app::LessonEntry entry = app::loadLessons().lessons[index];
    const model::Lesson& l = entry.lesson;
    // Start from somewhere else: another strategy, compare on, another step, small warps.
    QVERIFY(w.stepPane()->setRequest(request(QStringLiteral("race"), QStringLiteral("1,2,3,4,5,6,7,8"), 0, 4, 4)));
    QVERIFY(w.stepPane()->setCompareStrategy(QStringLiteral("atomic_naive")));
    w.stepPane()->setStep(2);
    w.lessonActions()[index]->trigger();
    app::StepPane* pane = w.stepPane();
    const app::TraceRequest r = pane->request();
    QCOMPARE(r.strategy, QString::fromStdString(l.strategy));
    QCOMPARE(r.input, app::lessonInputText(l));
    QCOMPARE(r.params.block_size, l.params.block_size);
    QCOMPARE(r.params.warp_size, l.params.warp_size);
    QCOMPARE(r.params.banks, l.params.banks);
    QCOMPARE(r.params.coarse_factor, l.params.coarse_factor);
    QCOMPARE(pane->compareStrategy(), l.compare ? QString::fromStdString(*l.compare) : QString());
    QCOMPARE(pane->step(), l.step - 1);
    QCOMPARE(pane->stepView(0)->step(), l.step - 1);
    QCOMPARE(pane->trace()->n, int(l.input.size()));
    QVERIFY2(sameRequest(pane->controlsRequest(), r), qPrintable(describe(pane->controlsRequest()) + QStringLiteral(" vs ") + describe(r)));
    // Title and note, in the current language.
    QVERIFY(pane->lessonText().contains(app::lessonTitle(l).toHtmlEscaped()));
    QVERIFY(pane->lessonText().contains(app::lessonNote(l).left(30).toHtmlEscaped()));
    QVERIFY(!pane->lessonLabel()->isHidden());
}

// After any refused field, every control shows what the picture shows (docs/classroom.md).
void TestClassroomPane::controlsAgreeAfterRefusal_data()
{
    QTest::addColumn<QString>("refused");     // which field gets the refused value
    QTest::addColumn<QString>("then");        // the change made afterwards
    QTest::addRow("input 6,2,x,4, then simple") << "input" << "strategy";
    QTest::addRow("input empty, then simple") << "input-empty" << "strategy";
    QTest::addRow("input 6,2,x,4, then banks 16") << "input" << "banks";
    QTest::addRow("input 6,2,x,4, then block 4") << "input" << "block";
    QTest::addRow("block 6, then simple") << "block" << "strategy";
    QTest::addRow("block 6, then nothing") << "block" << "";
    QTest::addRow("input 6,2,x,4, then nothing") << "input" << "";
    QTest::addRow("too long input, then warp 8") << "input-long" << "warp";
}

void TestClassroomPane::controlsAgreeAfterRefusal()
{
    QFETCH(QString, refused);
    QFETCH(QString, then);
    app::MainWindow w(false);
    app::StepPane* pane = w.stepPane();
    QVERIFY(pane->setRequest(request(QStringLiteral("convergent"), QStringLiteral("6,2,7,4,5,8,3,1"))));
    const auto before = pane->trace();
    if (refused.startsWith(QLatin1String("input"))) {
        QLineEdit* edit = pane->inputEdit();
        edit->selectAll();
        if (refused == QLatin1String("input-long")) {
            edit->setText(QString(app::StepPane::kInputMaxLength, QLatin1Char('1')));
            emit edit->textEdited(edit->text());
        } else {
            QTest::keyClicks(edit, refused == QLatin1String("input") ? QStringLiteral("6,2,x,4") : QString());
            if (refused == QLatin1String("input-empty"))
                QTest::keyClick(edit, Qt::Key_Delete);
            QTest::keyClick(edit, Qt::Key_Return);
        }
        QVERIFY(!pane->fieldMessage(QStringLiteral("input")).isEmpty());
    } else {
        pane->blockSizeEdit()->setValue(6);
        QVERIFY2(!pane->fieldMessage(QStringLiteral("block-size")).isEmpty(), "block 6 not refused");
    }
    QCOMPARE(pane->trace(), before);
    if (then == QLatin1String("strategy"))
        pane->strategyPicker()->setCurrentId(QStringLiteral("simple"));
    else if (then == QLatin1String("banks"))
        pane->banksEdit()->setCurrentIndex(pane->banksEdit()->findData(16));
    else if (then == QLatin1String("block"))
        pane->blockSizeEdit()->setValue(4);
    else if (then == QLatin1String("warp"))
        pane->warpSizeEdit()->setCurrentIndex(pane->warpSizeEdit()->findData(8));
    QTest::qWait(350);  // past the input field's edit timer
    const app::TraceRequest shown = pane->request();
    QVERIFY2(sameRequest(pane->controlsRequest(), shown),
             qPrintable(describe(pane->controlsRequest()) + QStringLiteral(" vs ") + describe(shown)));
    QCOMPARE(QString::fromStdString(pane->stepView(0)->trace()->strategy), pane->strategyPicker()->currentId());
    QCOMPARE(pane->stepView(0)->trace(), pane->trace());
    if (then == QLatin1String("strategy"))
        QCOMPARE(shown.strategy, QStringLiteral("simple"));  // the pick was applied, not refused
    if (then == QLatin1String("banks"))
        QCOMPARE(shown.params.banks, 16);
    QCOMPARE(pane->trace()->n, 8);  // the valid input stayed
}

void TestClassroomPane::commandLineWinsOverSettings_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("compare");
    QTest::addColumn<QString>("strategy");
    QTest::addRow("--strategy") << QStringList{QStringLiteral("--strategy"), QStringLiteral("interleaved_strided")} << QString()
                                << "interleaved_strided";
    QTest::addRow("--input") << QStringList{QStringLiteral("--input"), QStringLiteral("1,2,3,4")} << QString() << "convergent";
    QTest::addRow("--compare") << QStringList{QStringLiteral("--compare"), QStringLiteral("shared")} << "shared" << "convergent";
    QTest::addRow("nothing: settings") << QStringList{} << "convergent" << "simple";
}

void TestClassroomPane::commandLineWinsOverSettings()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, compare);
    QFETCH(QString, strategy);
    {
        // A session that quit in compare mode.
        app::MainWindow first(true);
        QVERIFY(first.stepPane()->setRequest(request(QStringLiteral("simple"), QStringLiteral("1,2,3,4,5,6,7,8"))));
        QVERIFY(first.stepPane()->setCompareStrategy(QStringLiteral("convergent")));
        first.saveSettings();
    }
    const app::CommandLineResult parsed = app::parseCommandLine(QStringList{QStringLiteral("reducescope")} + arguments);
    QCOMPARE(parsed.exitCode, -1);
    const app::CommandLineOptions& o = parsed.options;
    app::MainWindow w(true);
    w.restoreSettings(!o.namesStepState());  // as main() does
    app::StepPane* pane = w.stepPane();
    app::TraceRequest r = pane->request();
    if (o.strategyGiven)
        r.strategy = o.request.strategy;
    if (o.inputGiven)
        r.input = o.request.input;
    QVERIFY(pane->setRequest(r));
    if (!o.compare.isEmpty())
        QVERIFY(pane->setCompareStrategy(o.compare));
    QCOMPARE(pane->compareStrategy(), compare);
    QCOMPARE(pane->request().strategy, strategy);
}

void TestClassroomPane::resetToDefaults()
{
    app::MainWindow w(true);
    app::StepPane* pane = w.stepPane();
    QVERIFY(pane->setRequest(request(QStringLiteral("simple"), QStringLiteral("1,2,3,4"), 0, 4, 4)));
    QVERIFY(pane->setCompareStrategy(QStringLiteral("convergent")));
    pane->setStep(1);
    w.setTheme(views::Theme::Dark);
    pane->setSidebarVisible(false);
    pane->setSourceVisible(false);
    pane->predictAction()->setChecked(true);
    w.show();
    pane->zoomIn();
    w.saveSettings();
    w.resetToDefaults();
    const app::TraceRequest d;
    QVERIFY(sameRequest(pane->request(), d));
    QVERIFY(sameRequest(pane->controlsRequest(), d));
    QVERIFY(pane->compareStrategy().isEmpty());
    QCOMPARE(pane->step(), 0);
    QCOMPARE(int(w.theme()), int(views::Theme::System));
    QVERIFY(pane->sidebarVisible());
    QVERIFY(pane->sourceVisible());
    QVERIFY(!pane->state()->predictMode());
    QVERIFY(!pane->predictAction()->isChecked());
    QCOMPARE(pane->stepView(0)->zoom(), 1.0);
    // The saved step pane is forgotten too.
    app::MainWindow next(true);
    next.restoreSettings();
    QVERIFY(next.stepPane()->compareStrategy().isEmpty());
    QCOMPARE(int(next.theme()), int(views::Theme::System));
}

void TestClassroomPane::shortcutList()
{
    app::MainWindow w(false);
    const QVector<app::MainWindow::ShortcutRow> rows = w.shortcutRows();
    // Every action of the menu bar with a shortcut is listed, and no key does two things.
    QStringList listed;
    for (const auto& row : rows)
        listed << row.action;
    QMap<QString, QString> keyOwner;
    std::function<void(const QMenu*)> walk = [&](const QMenu* menu) {
        for (QAction* a : menu->actions()) {
            if (a->menu()) {
                walk(a->menu());
                continue;
            }
            for (const QKeySequence& k : a->shortcuts()) {
                const QString name = a->text().remove(QLatin1Char('&'));
                QVERIFY2(listed.contains(name), qPrintable(name));
                const QString key = k.toString();
                QVERIFY2(!keyOwner.contains(key) || keyOwner.value(key) == name,
                         qPrintable(QStringLiteral("%1: %2 and %3").arg(key, keyOwner.value(key), name)));
                keyOwner.insert(key, name);
            }
        }
    };
    for (QAction* top : w.menuBar()->actions())
        if (top->menu())
            walk(top->menu());
    for (const QString& key : {QStringLiteral("F11"), QStringLiteral("F1"), QStringLiteral("Ctrl+Shift+P"), QStringLiteral("Ctrl+R"),
                               QStringLiteral("Ctrl++"), QStringLiteral("Ctrl+0"), QStringLiteral("Space"), QStringLiteral("Ctrl+M")})
        QVERIFY2(keyOwner.contains(key), qPrintable(key));
    // One row per action (an action may have several keys: Right, Page Down, Space).
    const QList<QString> owners = keyOwner.values();
    QVERIFY(rows.size() >= QSet<QString>(owners.begin(), owners.end()).size() - 1);
    // The menu path names where the action is.
    bool presentationRow = false;
    for (const auto& row : rows)
        presentationRow |= row.menu == QLatin1String("View") && row.action == QLatin1String("Presentation mode") && row.keys == QLatin1String("F11");
    QVERIFY(presentationRow);
}

void TestClassroomPane::predictByClicking()
{
    app::MainWindow w(false);
    app::StepPane* pane = w.stepPane();
    QVERIFY(pane->setRequest(request(QStringLiteral("simple"), QStringLiteral("1,").repeated(63) + QStringLiteral("1"), 0, 8)));
    w.resize(1280, 720);
    w.show();
    pane->predictAction()->trigger();
    app::StepState* state = pane->state();
    QVERIFY(state->predictMode());
    QVERIFY(!pane->questionLabel()->isHidden());
    // Find a step whose question is "which warps diverge?" and answer by clicking the warp boxes.
    bool asked = false;
    for (int k = 0; k < pane->stepCount() && !asked; ++k) {
        pane->setStep(k);
        for (int tries = 0; tries < 8 && !asked; ++tries) {
            const model::Question* q = state->question();
            QVERIFY(q);
            if (q->kind != model::QuestionKind::DivergentWarps || q->expected_set.empty()) {
                state->nextQuestion();
                continue;
            }
            asked = true;
            QVERIFY(state->covered());
            QVERIFY(pane->stepView(0)->predictMarks().covered);
            QCOMPARE(pane->questionLabel()->text(), views::questionText(*q, *pane->trace()));
            QVERIFY(pane->countersView()->isHidden());  // its counts would tell
            const views::StepLayout& l = pane->stepView(0)->currentLayout();
            for (int id : q->expected_set) {
                const QPoint centre = l.warps[id].rect.center().toPoint() - QPoint(int(l.warps[id].rect.width() / 2) - 2, 0);
                QTest::mouseClick(pane->stepView(0), Qt::LeftButton, {}, centre);
            }
            QCOMPARE(state->answerSet(), q->expected_set);
            QCOMPARE(pane->stepView(0)->predictMarks().chosen.size(), int(q->expected_set.size()));
            pane->revealAction()->trigger();
            QVERIFY(state->revealed());
            QVERIFY(state->grade()->right);
            QVERIFY(!pane->stepView(0)->predictMarks().covered);
            QVERIFY(pane->stepView(0)->predictMarks().revealed);
            QCOMPARE(pane->verdictLabel()->text(), views::gradeText(*q, *state->grade(), *pane->trace()));
            QCOMPARE(pane->scoreLabel()->text(), views::scoreText(state->score()));
            QCOMPARE(state->score().right, 1);
        }
    }
    QVERIFY2(asked, "no step asked which warps diverge");
    // A number question answered by typing.
    for (int k = 0; k < pane->stepCount(); ++k) {
        pane->setStep(k);
        for (int tries = 0; tries < 8; ++tries) {
            const model::Question* q = state->question();
            if (q && q->form == model::AnswerForm::Number && !state->revealed()) {
                QVERIFY(!pane->answerEdit()->isHidden());
                pane->answerEdit()->setText(QStringLiteral("banana"));
                pane->revealAction()->trigger();
                QVERIFY(!state->revealed());  // refused, with a message at the answer
                QVERIFY(!pane->fieldMessage(QStringLiteral("answer")).isEmpty());
                pane->answerEdit()->setText(QString::number(q->expected_number, 'g', 9));
                QTest::keyClick(pane->answerEdit(), Qt::Key_Return);
                QVERIFY(state->revealed());
                QVERIFY(state->grade()->right);
                return;
            }
            state->nextQuestion();
        }
    }
    QFAIL("no number question");
}

void TestClassroomPane::benchComparisonLabels()
{
    views::BenchChart chart(views::BenchChart::Kind::Bandwidth);
    chart.resize(1200, 700);
    const bench::ResultsFile loop = benchFile("loop", 3000);
    const bench::ResultsFile graph = benchFile("graph", 3500);
    views::BenchSeries a{&loop, QStringLiteral("/data/h200_loop.json"), {}};
    views::BenchSeries b{&graph, QStringLiteral("/data/h200_graph.json"), {}};
    chart.setSeries({a, b}, QStringLiteral("cub"));
    chart.replot();
    const QStringList names = chart.seriesNames();
    QVERIFY2(names.contains(QStringLiteral("h200_loop.json · loop, cold · 2026-11-29 10:15")), qPrintable(names.join(QLatin1Char('|'))));
    QVERIFY2(names.contains(QStringLiteral("h200_graph.json · graph, cold · 2026-11-29 10:15")), qPrintable(names.join(QLatin1Char('|'))));
    // The two datasheet peaks are at the same height; their labels do not overlap.
    const QList<QRectF> rects = chart.referenceLabelRects();
    QCOMPARE(rects.size(), 2);
    QVERIFY(!rects[0].isEmpty() && !rects[1].isEmpty());
    QVERIFY2(!rects[0].intersects(rects[1]), "reference labels overlap");
}

// --lesson ID: every lesson of resources/lessons by its id, in English and Chinese; the window's
// step pane takes the lesson's strategy and shows its title and note in the UI language.
void TestClassroomPane::lessonFromCommandLine_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("language");
    const QStringList ids = app::lessonIds();
    QCOMPARE(ids.size(), 12);
    for (const QString& id : ids)
        for (const char* lang : {"en", "zh_CN"})
            QTest::addRow("%s %s", qPrintable(id), lang) << id << QString::fromLatin1(lang);
}

void TestClassroomPane::lessonFromCommandLine()
{
    QFETCH(QString, id);
    QFETCH(QString, language);
    const app::CommandLineResult r = app::parseCommandLine({QStringLiteral("reducescope"), QStringLiteral("--lesson"), id,
                                                           QStringLiteral("--lang"), language});
    QCOMPARE(r.exitCode, -1);
    QCOMPARE(r.options.lesson, id);
    QVERIFY(r.options.namesStepState());  // saved step settings do not override the lesson
    const std::optional<app::LessonEntry> lesson = app::lessonById(id);
    QVERIFY(lesson);
    QCOMPARE(QString::fromStdString(lesson->lesson.id), id);
    QVERIFY(app::setLanguage(language));
    app::MainWindow w(false);
    w.resize(1280, 720);
    w.show();
    QVERIFY(w.stepPane()->applyLesson(*lesson));
    QCOMPARE(w.stepPane()->request().strategy, QString::fromStdString(lesson->lesson.strategy));
    const QString text = w.stepPane()->lessonText();
    const QString title = QString::fromStdString(language == QLatin1String("en") ? lesson->lesson.title.en : lesson->lesson.title.zh_cn);
    QVERIFY2(text.contains(title), qPrintable(text));
    QVERIFY(app::setLanguage(QStringLiteral("en")));
    // A wrong id: exit 2 naming every allowed id; nothing else is read or changed.
    const app::CommandLineResult bad = app::parseCommandLine({QStringLiteral("reducescope"), QStringLiteral("--lesson"), id + QStringLiteral("x")});
    QCOMPARE(bad.exitCode, 2);
    QCOMPARE(bad.error, QStringLiteral("lesson must be one of %1 (got \"%2x\")").arg(app::lessonIds().join(QStringLiteral(", ")), id));
}

// What docs/screenshots/make.sh cannot get from the app's command line, at a 1920×1080 projector
// in presentation mode: the warp map of the divergence lesson (light, dark) and predict mode at
// 1024 values (simple, block 512: a question on the divergent warps, answered with one right and
// one wrong click, then revealed).
void TestClassroomPane::screenshots()
{
    if (screenshotDir().isEmpty())
        QSKIP("set REDUCESCOPE_SCREENSHOT_DIR to write the classroom screenshots");
    const app::LessonsLoad load = app::loadLessons();
    auto lesson = [&](const char* id) {
        for (const auto& e : load.lessons)
            if (e.lesson.id == id)
                return e;
        return load.lessons.front();
    };
    const auto present = [](app::MainWindow& w) {
        w.setPresentation(true, QSize(1920, 1080));
        w.setWindowState(Qt::WindowNoState);  // a bare X server grants no full screen
        w.setGeometry(0, 0, 1920, 1080);
    };
    {
        app::MainWindow w(false);
        w.show();
        QVERIFY(w.stepPane()->applyLesson(lesson("divergence_1024")));
        present(w);
        w.stepPane()->setWarpMapShown(true);
        save(w, QStringLiteral("classroom_warp_map.png"));
        w.setTheme(views::Theme::Dark);
        save(w, QStringLiteral("classroom_warp_map_dark.png"));
        w.setTheme(views::Theme::System);
    }
    {
        app::MainWindow w(false);
        w.show();
        app::StepPane* pane = w.stepPane();
        QVERIFY(pane->setRequest(request(QStringLiteral("simple"), QStringLiteral("1,").repeated(1023) + QStringLiteral("1"), 512)));
        present(w);
        pane->setStep(2);
        pane->predictAction()->trigger();
        app::StepState* state = pane->state();
        for (int i = 0; i < 8 && state->question()->kind != model::QuestionKind::DivergentWarps; ++i)
            state->nextQuestion();
        const model::Question* q = state->question();
        QVERIFY(q && q->kind == model::QuestionKind::DivergentWarps);
        if (!q->expected_set.empty())
            state->toggleAnswer(q->expected_set.front());
        for (int c : q->choices)
            if (std::find(q->expected_set.begin(), q->expected_set.end(), c) == q->expected_set.end()) {
                state->toggleAnswer(c);
                break;
            }
        save(w, QStringLiteral("classroom_predict_question.png"));
        pane->revealAction()->trigger();
        save(w, QStringLiteral("classroom_predict_revealed.png"));
    }
}

REDUCESCOPE_GUI_TEST_MAIN(TestClassroomPane)
#include "tst_classroom_pane.moc"
