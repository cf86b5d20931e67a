// SPDX-License-Identifier: GPL-3.0-or-later
// The window in English and Simplified Chinese: the model's words through Qt's tools
// equal the model's own English, every message has its Chinese, switching the language retranslates
// the open window at once, the choice round-trips through QSettings and the command line wins, and
// a walk over every strategy and step, the table and the benchmark pane in zh_CN finds no English
// left on screen (labels, buttons, actions, tooltips, headers, the step view's painted words,
// the charts' titles, axes and legends), numbers, ids and code excepted.
#include "app/bench/bench_runner.h"
#include "app/bench/benchmark_pane.h"
#include "app/bench/bench_file_list.h"
#include "app/shell/command_line.h"
#include "app/common/language.h"
#include "app/common/lessons.h"
#include "app/shell/main_window.h"
#include "app/step/step_pane.h"
#include "app/step/step_state.h"
#include "reducescope/config.h"
#include "views/step/counters_view.h"
#include "views/common/model_text.h"
#include "views/step/step_view.h"
#include "views/common/text_capture.h"
#include "views/step/transport_bar.h"
#include "views/step/predict_text.h"
#include "views/step/step_words.h"
#include "views/step/warp_map_view.h"

#include "model/catalogue.h"
#include "model/simulate.h"

#include "gui_test_main.h"

#include <QAbstractButton>
#include <QApplication>
#include <QTimer>
#include <QToolButton>
#include <QAbstractItemView>
#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QXmlStreamReader>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTextDocument>
#include <QTranslator>
#include <QXmlStreamReader>

#include <qcustomplot.h>

#include <algorithm>
#include <vector>

using namespace reducescope;

namespace {

// The families of the catalogue's strategies, each once, in catalogue order.
std::vector<model::Family> catalogueFamilies()
{
    std::vector<model::Family> out;
    for (const model::StrategyInfo& s : model::catalogue())
        if (std::find(out.begin(), out.end(), s.family) == out.end())
            out.push_back(s.family);
    return out;
}

// The source texts of the Chinese translation file: a whole visible text equal to one of them is
// English that escaped translation.
QSet<QString> sourceTexts()
{
    QSet<QString> out;
    QFile f(QStringLiteral(REDUCESCOPE_SOURCE_DIR "/resources/translations/reducescope_zh_CN.ts"));
    if (!f.open(QIODevice::ReadOnly))
        return out;
    QXmlStreamReader xml(&f);
    while (!xml.atEnd())
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("source"))
            out.insert(xml.readElementText());
    return out;
}

// Words allowed in a Chinese window: names, units, abbreviations, the CUDA vocabulary the seeds
// themselves keep in English, and the strategy ids.
const QSet<QString>& allowedWords()
{
    static const QSet<QString> words = [] {
        QSet<QString> w{QStringLiteral("English"), QStringLiteral("ReduceScope"), QStringLiteral("CUDA"),
                        QStringLiteral("GPU"), QStringLiteral("GPUs"), QStringLiteral("CUB"), QStringLiteral("NVIDIA"),
                        QStringLiteral("Nsight"), QStringLiteral("Compute"), QStringLiteral("ncu"), QStringLiteral("nvcc"),
                        QStringLiteral("PMPP"), QStringLiteral("lane"), QStringLiteral("lanes"), QStringLiteral("bank"),
                        QStringLiteral("max"), QStringLiteral("min"), QStringLiteral("sum"), QStringLiteral("mask"),
                        QStringLiteral("tid"), QStringLiteral("index"), QStringLiteral("if"), QStringLiteral("release"),
                        QStringLiteral("acquire"), QStringLiteral("graph"), QStringLiteral("loop"), QStringLiteral("hot"),
                        QStringLiteral("cold"), QStringLiteral("bench"), QStringLiteral("trace"), QStringLiteral("list"),
                        QStringLiteral("devices"), QStringLiteral("algbw"), QStringLiteral("busbw"), QStringLiteral("docs"),
                        QStringLiteral("inf"), QStringLiteral("nan"), QStringLiteral("memset"), QStringLiteral("Sum"),
                        QStringLiteral("Max"), QStringLiteral("DeviceReduce"), QStringLiteral("Linux"), QStringLiteral("bcast"),
                        QStringLiteral("GB/s"), QStringLiteral("PTX"), QStringLiteral("Fig"), QStringLiteral("HBM")};
        for (const model::StrategyInfo& s : model::catalogue())
            w.insert(QString::fromUtf8(s.id.data(), qsizetype(s.id.size())));
        return w;
    }();
    return words;
}

// Code and names inside a text: calls, indexing, identifiers with _ . :: or digits, options,
// paths and file names, *output. They stay as they are in every language.
QString withoutCode(QString s)
{
    static const QRegularExpression code(QStringLiteral(
        R"((\S+\.(json|png|svg|pdf|csv|md|cu|cuh|h|cpp)\b)|((?<![\w-])--?[A-Za-z][\w-]*)|(\*\w+)|(\b\w+(-\w+)+\b)|)"
        R"(([A-Za-z_][\w:.]*\([^()]*\))|([A-Za-z_][\w.]*\[[^\]]*\])|(\b\w*[_0-9.:]\w*\b)|(\S+/\S+))"));
    s.remove(code);
    return s;
}

// English left in `text`, or empty: two English words in a row (not both allowed words), or the
// whole text equal to a translation source.
QString englishIn(const QString& raw, const QSet<QString>& sources)
{
    QString text = raw;
    if (text.contains(QLatin1Char('<'))) {  // rich text
        QTextDocument doc;
        doc.setHtml(text);
        text = doc.toPlainText();
    }
    text.remove(QLatin1Char('&'));
    // What a tool or a file said is quoted verbatim (“...”): it is not the window's words.
    static const QRegularExpression quoted(QStringLiteral("“[^”]*”"));
    text.remove(quoted);
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return {};
    if (sources.contains(trimmed) && !allowedWords().contains(trimmed)
        && trimmed.contains(QRegularExpression(QStringLiteral("[A-Za-z]{2,}"))))
        return trimmed;
    static const QRegularExpression pair(QStringLiteral(R"(\b([A-Za-z][a-z]+)[ ]+([A-Za-z][a-z]+)\b)"));
    const QString plain = withoutCode(text);
    for (auto it = pair.globalMatch(plain); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        if (!allowedWords().contains(m.captured(1)) || !allowedWords().contains(m.captured(2)))
            return m.captured(0);
    }
    return {};
}

// Everything a student can read in `root`: labels, buttons, group boxes, tabs, combo box items,
// placeholders, tooltips, menus and actions, item views' headers and cells (first rows).
QStringList visibleTexts(QWidget* root)
{
    QStringList out;
    out << root->windowTitle();
    QList<QWidget*> widgets = root->findChildren<QWidget*>();
    widgets.prepend(root);
    auto actions = [&out](const QList<QAction*>& list, auto&& self) -> void {
        for (QAction* a : list) {
            if (!a->isVisible() || a->isSeparator())
                continue;
            out << a->text() << a->toolTip();
            if (QMenu* m = a->menu()) {
                out << m->title();
                self(m->actions(), self);
            }
        }
    };
    for (QWidget* w : widgets) {
        if (w != root && !w->isVisibleTo(root))
            continue;
        out << w->toolTip() << w->accessibleName();
        if (auto* l = qobject_cast<QLabel*>(w))
            out << l->text();
        if (auto* b = qobject_cast<QAbstractButton*>(w))
            out << b->text();
        if (auto* g = qobject_cast<QGroupBox*>(w))
            out << g->title();
        if (auto* t = qobject_cast<QTabWidget*>(w))
            for (int i = 0; i < t->count(); ++i)
                out << t->tabText(i) << t->tabToolTip(i);
        if (auto* c = qobject_cast<QComboBox*>(w))
            for (int i = 0; i < c->count(); ++i)
                out << c->itemText(i) << c->itemData(i, Qt::ToolTipRole).toString();
        if (auto* e = qobject_cast<QLineEdit*>(w))
            out << e->placeholderText();
        if (auto* v = qobject_cast<QAbstractItemView*>(w); v && v->model()) {
            const QAbstractItemModel* m = v->model();
            for (int c = 0; c < m->columnCount(); ++c)
                out << m->headerData(c, Qt::Horizontal).toString() << m->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString();
            for (int r = 0; r < std::min(m->rowCount(), 40); ++r)
                for (int c = 0; c < m->columnCount(); ++c)
                    out << m->index(r, c).data().toString() << m->index(r, c).data(Qt::ToolTipRole).toString();
        }
        if (auto* bar = qobject_cast<QMenuBar*>(w))
            actions(bar->actions(), actions);
        actions(w->actions(), actions);
    }
    return out;
}

// Titles, axis labels, legends and text items a chart paints.
QStringList chartTexts(QCustomPlot* plot)
{
    views::TextCapture capture(QSize(std::max(plot->width(), 640), std::max(plot->height(), 400)));
    QCPPainter painter(&capture);
    plot->toPainter(&painter, capture.width(), capture.height());
    painter.end();
    return capture.strings();
}

// "where: text" for each English text found.
QStringList englishLeft(const QStringList& texts, const QString& where, const QSet<QString>& sources)
{
    QStringList bad;
    for (const QString& t : texts) {
        const QString e = englishIn(t, sources);
        if (!e.isEmpty())
            bad << QStringLiteral("%1: \"%2\" in \"%3\"").arg(where, e, t.left(160));
    }
    return bad;
}

// The status bar's message again, without a timeout (QStatusBar::showMessage with 0 stops the
// timer): the same text, so the window still rewords it on a language switch.
void pinStatus(QMainWindow& w)
{
    const QString shown = w.statusBar()->currentMessage();
    QVERIFY2(!shown.isEmpty(), "the status bar message went away before it was pinned");
    w.statusBar()->showMessage(shown);
}

bool hasCjk(const QString& s)
{
    for (const QChar c : s)
        if (c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff)
            return true;
    return false;
}

} // namespace

class TestLanguage : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanupTestCase();
    void everyModelWordHasItsEntry();
    void everyMessageHasChinese();
    void chineseAsTheCourseSpeaks();
    void chineseSentences_data();
    void chineseSentences();
    void chineseScreenshots();
    void englishIsTheModels_data();
    void englishIsTheModels();
    void switchingRetranslatesAtOnce();
    void liveSwitchRewordsEveryVisibleWidget();
    void settingRoundTrip();
    void commandLineLanguage_data();
    void commandLineLanguage();
    void noEnglishLeftInChinese_data();
    void noEnglishLeftInChinese();
    void noEnglishLeftInBenchmarkPane();
    void noEnglishLeftInClassroom();
    void englishPlurals_data();
    void englishPlurals();

private:
    QSet<QString> m_sources = sourceTexts();
};

void TestLanguage::init()
{
    QSettings().remove(QLatin1String(app::kLanguageSettingKey));
    app::setLanguage(QStringLiteral("en"));
}

void TestLanguage::cleanupTestCase()
{
    QSettings().remove(QLatin1String(app::kLanguageSettingKey));
}

// Every word of the model (kernels/model: the messages, the catalogue's summaries and seeds, the
// family names) has its entry in the Chinese translation under the (context, English,
// disambiguation) the app looks it up by (views/common/model_text.cpp): lupdate found its mark in
// kernels/model, and the mark's disambiguation is the message's or the strategy's id. (A Chinese
// text equal to the English, such as the cpu seed "-", counts: the entry is there.)
void TestLanguage::everyModelWordHasItsEntry()
{
    QVERIFY(app::setLanguage(QStringLiteral("zh_CN")));
    QTranslator zh;
    QVERIFY2(zh.load(app::loadedTranslation()), qPrintable(app::loadedTranslation()));
    const auto has = [&](const char* context, std::string_view source, std::string_view id, int n = -1) {
        const std::string s(source), d(id);
        return !zh.translate(context, s.c_str(), d.empty() ? nullptr : d.c_str(), n).isEmpty();
    };
    for (const model::MessageDef& m : model::message_catalogue())
        QVERIFY2(has("ModelText", m.other, m.id, m.plural >= 0 ? 2 : -1), m.id.data());
    for (const model::StrategyInfo& s : model::catalogue()) {
        QVERIFY2(has("StrategySummary", s.summary, s.id), s.id.data());
        QVERIFY2(has("StrategySeed", s.seed, s.id), s.id.data());
    }
    for (model::Family f : catalogueFamilies())
        QVERIFY2(has("Family", model::family_name(f), {}), model::family_name(f).data());
}

// Every message, summary and family reads in Chinese once zh_CN is installed.
void TestLanguage::everyMessageHasChinese()
{
    QVERIFY(app::setLanguage(QStringLiteral("zh_CN")));
    QVERIFY2(!app::loadedTranslation().isEmpty(), "no reducescope_zh_CN.qm found");
    for (const model::MessageDef& m : model::message_catalogue()) {
        model::Text t;
        t.id = std::string(m.id);
        for (int k = 0; k < 4; ++k)
            t.args.push_back(model::TextArg::of_count(2));
        const QString zh = views::modelText(t);
        QVERIFY2(hasCjk(zh), qPrintable(QString::fromUtf8(m.id.data()) + QStringLiteral(": ") + zh));
    }
    for (const model::StrategyInfo& s : model::catalogue())
        QVERIFY2(hasCjk(views::strategySummary(s)), s.id.data());
    for (model::Family f : catalogueFamilies())
        QVERIFY(hasCjk(views::familyName(f)));
    // Qt's own dialogs speak Chinese too (qt6-translations-l10n).
    QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), QStringLiteral("取消"));
}

// The Chinese of a Chinese-taught course (docs/glossary.md): the seeds' 归约, one word per concept,
// and generated sentences with Chinese number order.
void TestLanguage::chineseAsTheCourseSpeaks()
{
    QVERIFY(app::setLanguage(QStringLiteral("zh_CN")));
    model::Score score;
    score.asked = 2;
    score.right = 1;
    QCOMPARE(views::scoreText(score), QStringLiteral("得分：2 题中答对 1 题"));
    QCOMPARE(views::stepPhaseText({model::StepKind::Stride, 3, 3}), QStringLiteral("第 3 轮步长（共 3 轮）"));
    QCOMPARE(views::stepPhaseText({model::StepKind::Write, 0, 0}), QStringLiteral("写出结果"));
    // The race's count, as the counters panel and the sidebar say it.
    model::Params p;
    p.atomic_order = 0;
    const model::Trace race = model::simulate("race", std::vector<float>(64, 1.0f), p);
    QCOMPARE(views::modelText(race.steps.back().explanation_text.front()),
             QStringLiteral("一个线程束的所有 lane 读到同一个旧的 *output，所以每个线程束只有一次存储保留下来：这里 64 次更新中丢失了 "
                            "62 次。模型让编号最大的 lane 胜出，并按顺序运行各线程束；真实硬件的选择不同，在线程束之间和线程块之间会丢失更多。"));
    // No word the glossary ruled out, in any translation or lesson note.
    const QStringList banned{QStringLiteral("规约"), QStringLiteral("内核"), QStringLiteral("通道"), QStringLiteral("扫描"),
                             QStringLiteral("hot 缓存"), QStringLiteral("cold 缓存"), QStringLiteral("存活")};
    QStringList files{QStringLiteral(REDUCESCOPE_SOURCE_DIR "/resources/translations/reducescope_zh_CN.ts")};
    for (const QFileInfo& f : QDir(QStringLiteral(REDUCESCOPE_SOURCE_DIR "/resources/lessons")).entryInfoList({QStringLiteral("*.json")}))
        files << f.filePath();
    QCOMPARE(files.size(), 13);  // the .ts and the twelve lessons
    for (const QString& path : files) {
        QFile f(path);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(path));
        const QString text = QString::fromUtf8(f.readAll());
        for (const QString& word : banned)
            QVERIFY2(!text.contains(word), qPrintable(path + QStringLiteral(": ") + word));
        QVERIFY2(path.endsWith(QLatin1String(".ts")) || text.contains(QStringLiteral("\"zh_CN\"")), qPrintable(path));
    }
}

// Generated sentences read whole in Chinese (issue 24, deliverable 10): what C++ puts together
// (predict mode's verdicts and lists, the warp map's totals, the step view's captions, the
// teaching-aid note) is one Chinese sentence with Chinese separators (、，；), no ASCII comma or
// semicolon between Chinese words, no space between two Chinese characters.
void TestLanguage::chineseSentences_data()
{
    QTest::addColumn<QString>("got");
    QTest::addColumn<QString>("want");
    QVERIFY(app::setLanguage(QStringLiteral("zh_CN")));
    const auto iota = [](int n, int block = 0, int warp = 32, int banks = 32, const char* id = "simple") {
        std::vector<float> v(static_cast<std::size_t>(n));
        for (int i = 0; i < n; ++i)
            v[std::size_t(i)] = float(i + 1);
        model::Params p;
        p.block_size = block;
        p.warp_size = warp;
        p.banks = banks;
        return model::simulate(id, v, p);
    };
    const auto question = [](const model::Trace& t, int step, model::QuestionKind kind) {
        for (const model::Question& q : model::questions_for(t, step))
            if (q.kind == kind)
                return q;
        return model::Question{};
    };
    // PMPP exercise 6, simple, step 2: threads 0 and 2 add; warp 0 diverges.
    const model::Trace pmpp = model::simulate("simple", std::vector<float>{6, 2, 7, 4, 5, 8, 3, 1});
    const model::Question div = question(pmpp, 1, model::QuestionKind::DivergentWarps);
    const model::Question lanes = question(pmpp, 1, model::QuestionKind::ActiveLanes);
    QTest::addRow("question names its kernel") << views::questionText(div, pmpp)
        << QStringLiteral("simple 的第 2 步：哪些线程束发生分支发散？请点击它们（“没有”也是一种答案）。");
    QTest::addRow("missed one warp") << views::gradeText(div, model::grade(div, {}), pmpp)
        << QStringLiteral("不太对（漏选：线程束 0）：线程束 0 发生分支发散。");
    QTest::addRow("missed and extra, joined by ；") << views::gradeText(lanes, model::grade(lanes, {{1, 3}, {}}), pmpp)
        << QStringLiteral("不太对（漏选：线程 0 和 2；多选：线程 1 和 3）：线程 0 和 2 是活跃的。");
    // 1024 values in blocks of 512, stride 4: the lanes of warp 0 that add, every 4th, listed with 、.
    const model::Trace big = iota(1024, 512);
    const model::Question scoped = question(big, 2, model::QuestionKind::ActiveLanes);
    QTest::addRow("evenly spaced with 、") << views::gradeText(scoped, model::grade(scoped, {scoped.expected_set, {}}), big)
        << QStringLiteral("正确：8 个线程：0、4、8、…、28（相隔 4）是活跃的。");
    // 4096 values, blocks of 1024: 128 warps in 4 blocks all diverge at stride 2; one clicked, the
    // rest named by block and warp, the first eight and then how many more.
    const model::Trace grid = iota(4096, 1024);
    const model::Question all = question(grid, 1, model::QuestionKind::DivergentWarps);
    QTest::addRow("a long list, then how many more")
        << views::gradeText(all, model::grade(all, {{all.expected_set.front()}, {}}), grid)
        << QStringLiteral("不太对（漏选：线程块 0 · 线程束 1、线程块 0 · 线程束 2、线程块 0 · 线程束 3、线程块 0 · 线程束 4、"
                          "线程块 0 · 线程束 5、线程块 0 · 线程束 6、线程块 0 · 线程束 7、线程块 0 · 线程束 8，以及另外 %1 个）："
                          "全部 %2 个线程束发生分支发散。")
               .arg(all.expected_set.size() - 9).arg(all.expected_set.size());
    model::Score score;
    score.asked = 3;
    QTest::addRow("score, none right") << views::scoreText(score) << QStringLiteral("得分：3 题中答对 0 题");
    // The warp map's title: what the total includes.
    const model::Trace divergence = iota(1024, 512);
    const QString title = views::layoutWarpMap(&divergence, nullptr, 0, QSize(1920, 1080), QFont()).maps.front().title;
    QTest::addRow("warp map total") << title
        << QStringLiteral("simple：96 个发散的线程束步（其中各轮步长 95 个，写出结果 1 个） · 行：线程束");
    // The step view: the teaching-aid note, a warp whose lanes are all active, the registers'
    // caption and the order of race's stores.
    const auto painted = [](const model::Trace& t, int step) {
        views::StepView view;
        view.setTrace(std::make_shared<const model::Trace>(t));
        view.setStep(step);
        view.resize(1920, 1080);
        return view.paintedStrings();
    };
    const auto find = [](const QStringList& strings, const QString& start) {
        for (const QString& s : strings)
            if (s.startsWith(start))
                return s;
        return QStringLiteral("(nothing starts with %1)").arg(start);
    };
    const model::Trace small = iota(16, 0, 4, 8);
    QTest::addRow("teaching aid, joined by ，") << find(painted(small, 0), QStringLiteral("线程束大小 4"))
        << QStringLiteral("线程束大小 4，8 个 bank（教学辅助：真实 GPU 使用 32）");
    QTest::addRow("all lanes active") << find(painted(small, 0), QStringLiteral("全部"))
        << QStringLiteral("全部 4 个 lane 活跃");
    const model::Trace shuffle = iota(256, 0, 32, 32, "warp_shuffle");
    QTest::addRow("registers' caption") << find(painted(shuffle, 1), QStringLiteral("这一步之后"))
        << QStringLiteral("这一步之后的各 lane 寄存器（256 个值） · 偏移 16 · 活跃区域：单元 0–255");
    model::Params raceParams;
    const model::Trace race = model::simulate("race", std::vector<float>(64, 1.0f), raceParams);
    QTest::addRow("race's order") << find(painted(race, int(race.steps.size()) - 1), QStringLiteral("对 *output"))
        << QStringLiteral("对 *output 的 64 次普通（非原子）读-改-写，按模型运行的顺序排列（线程块、线程束、lane；"
                          "硬件上的顺序未作规定） · 丢失 62 次更新");
    // Open results… lists a file by what it holds: a sweep of block size × coarse factor.
    bench::ResultsFile heat;
    heat.device.name = "NVIDIA H200";
    heat.date = "2026-12-01T10:00:00Z";
    heat.params.n = 1048576;
    heat.params.mode = "graph";
    heat.params.cache = "hot";
    heat.params.sweep = bench::Sweep{"block_size", {256, 512}, bench::SweepAxis{"coarse_factor", {4, 8}}};
    heat.results.resize(4);
    QTest::addRow("open results label") << app::resultsFileSummary(heat)
        << QStringLiteral("NVIDIA H200 · 2026-12-01 · N = 1,048,576 时遍历线程块大小 × 粗化因子 · graph 模式，热缓存 · 4 个结果");
    // Notes set apart (a strategy's seed, the benchmark captions) are upright in Chinese: no italics.
    QTest::addRow("seed note upright") << views::noteHtml(views::strategySeed(model::catalogue().front()))
        << QStringLiteral("讲义 000、002（PMPP 图 10.6，练习 1 和 6a）");
    // Help ▸ Keyboard shortcuts names the menu and the action without their mnemonics ("视图(&V)").
    const app::MainWindow window(/*persistent=*/false);
    for (const app::MainWindow::ShortcutRow& row : window.shortcutRows())
        if (row.keys == QStringLiteral("F11"))
            QTest::addRow("shortcuts dialog") << row.menu + QStringLiteral(" ▸ ") + row.action << QStringLiteral("视图 ▸ 演示模式");
}

void TestLanguage::chineseSentences()
{
    QFETCH(QString, got);
    QFETCH(QString, want);
    // The painter draws no-break spaces where a number meets a Chinese character; compare the words.
    got.replace(QChar(0x00A0), QLatin1Char(' '));
    QVERIFY2(got == want, qPrintable(QStringLiteral("\n got: %1\nwant: %2").arg(got, want)));
    // No ASCII comma or semicolon beside a Chinese character; no space between two Chinese
    // characters or full-width punctuation marks.
    static const QRegularExpression asciiBetweenHan(QStringLiteral(
        "\\p{Han}[,;]|[,;] ?\\p{Han}|[\\p{Han}\\x{3001}\\x{3002}\\x{FF08}\\x{FF09}\\x{FF0C}\\x{FF1A}\\x{FF1B}] "
        "[\\p{Han}\\x{3001}\\x{3002}\\x{FF08}\\x{FF09}\\x{FF0C}\\x{FF1A}\\x{FF1B}]"));
    QVERIFY2(!got.contains(asciiBetweenHan), qPrintable(got));
}

// For a reviewer reading the window in Chinese (docs/glossary.md): with REDUCESCOPE_SCREENSHOT_DIR
// set, writes what the command line's --screenshot cannot reach, in zh_CN at 1920×1080 in
// presentation mode: the warp map of the divergence lesson, predict mode at 1024 values (asked,
// then revealed after one right and one wrong click), the Keyboard shortcuts and About dialogs and
// the Open results list.
void TestLanguage::chineseScreenshots()
{
    const QString dir = qEnvironmentVariable("REDUCESCOPE_SCREENSHOT_DIR");
    if (dir.isEmpty())
        QSKIP("set REDUCESCOPE_SCREENSHOT_DIR to write the Chinese screenshots");
    QVERIFY(app::setLanguage(QStringLiteral("zh_CN")));
    const auto save = [&](QWidget* w, const QString& name) {
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
        QVERIFY(w->grab().save(QDir(dir).filePath(name)));
    };
    app::MainWindow w(/*persistent=*/false);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.setPresentation(true, QSize(1920, 1080));
    w.setWindowState(Qt::WindowNoState);  // a bare X server grants no full screen
    w.setGeometry(0, 0, 1920, 1080);
    const app::LessonsLoad load = app::loadLessons();
    for (const app::LessonEntry& e : load.lessons)
        if (e.lesson.id == "divergence_1024")
            QVERIFY(w.stepPane()->applyLesson(e));
    w.stepPane()->setWarpMapShown(true);
    save(&w, QStringLiteral("zh_CN_warp_map.png"));
    w.stepPane()->setWarpMapShown(false);
    app::TraceRequest r;
    r.strategy = QStringLiteral("simple");
    r.input = QStringLiteral("1,").repeated(1023) + QStringLiteral("1");
    r.params.block_size = 512;
    QVERIFY(w.stepPane()->setRequest(r));
    w.stepPane()->setStep(2);
    w.stepPane()->predictAction()->setChecked(true);
    app::StepState* state = w.stepPane()->state();
    for (int i = 0; i < 8 && state->question()->kind != model::QuestionKind::DivergentWarps; ++i)
        state->nextQuestion();
    const model::Question* q = state->question();
    QVERIFY(q && q->kind == model::QuestionKind::DivergentWarps);
    state->toggleAnswer(q->expected_set.front());
    save(&w, QStringLiteral("zh_CN_predict_question.png"));
    w.stepPane()->revealAction()->trigger();
    save(&w, QStringLiteral("zh_CN_predict_revealed.png"));
    w.stepPane()->predictAction()->setChecked(false);
    w.setPresentation(false);
    w.setGeometry(0, 0, 1920, 1080);
    // The dialogs are modal: grab the one on screen, then close it.
    const auto grabModal = [&](const QString& name) {
        QTimer::singleShot(300, [&, name] {
            QWidget* m = QApplication::activeModalWidget();
            if (!m)
                return;
            m->grab().save(QDir(dir).filePath(name));
            m->close();
        });
    };
    grabModal(QStringLiteral("zh_CN_dialog_shortcuts.png"));
    w.showShortcuts();
    for (QAction* menu : w.menuBar()->actions())
        for (QAction* a : menu->menu() ? menu->menu()->actions() : QList<QAction*>{})
            if (a->text().startsWith(QStringLiteral("关于"))) {
                grabModal(QStringLiteral("zh_CN_dialog_about.png"));
                a->trigger();
            }
    w.showBenchmarkPane();
    for (QToolButton* b : w.benchmarkPane()->findChildren<QToolButton*>())
        if (b->menu() && b->text().startsWith(QStringLiteral("打开结果"))) {
            QMenu* m = b->menu();
            QTimer::singleShot(300, [&, m] {
                m->grab().save(QDir(dir).filePath(QStringLiteral("zh_CN_open_results.png")));
                m->close();
            });
            m->exec(b->mapToGlobal(QPoint(0, b->height())));
        }
}

void TestLanguage::englishIsTheModels_data()
{
    QTest::addColumn<QString>("strategy");
    for (const model::StrategyInfo& s : model::catalogue())
        if (s.has_model)
            QTest::addRow("%s", s.id.data()) << QString::fromUtf8(s.id.data(), qsizetype(s.id.size()));
}

// In English, the words on screen are the model's English, singular and plural forms included.
void TestLanguage::englishIsTheModels()
{
    QFETCH(QString, strategy);
    QVERIFY(app::setLanguage(QStringLiteral("en")));
    for (const int n : {1, 8, 1000}) {
        std::vector<float> input(std::size_t(n), 1.0f);
        for (const int block : {0, 1, 32}) {
            model::Params p;
            p.block_size = block;
            const model::Trace t = model::simulate(strategy.toStdString(), input, p);
            for (const model::Step& s : t.steps) {
                QCOMPARE(views::stepLabel(s), QString::fromStdString(s.label));
                QCOMPARE(views::stepExplanation(s), QString::fromStdString(s.explanation));
            }
        }
    }
    const model::ParsedInput bad = model::parse_input("1,x");
    QVERIFY(bad.error);
    QCOMPARE(views::refusalText(*bad.error), QString::fromStdString(bad.error->message));
}

// View ▸ Language changes menus, tabs, editors, the step view's words and the counters at once.
void TestLanguage::switchingRetranslatesAtOnce()
{
    app::MainWindow w(/*persistent=*/false);
    w.resize(1280, 720);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QCOMPARE(w.menuBar()->actions().front()->text(), QStringLiteral("&File"));
    // No-break spaces keep "1 / 4" on one line (views::keepExpressionsWhole); read them as spaces.
    const QString englishTitle = QString(w.stepPane()->stepView()->currentLayout().title).replace(QChar(0x00A0), QLatin1Char(' '));
    QVERIFY2(englishTitle.contains(QStringLiteral("step 1 / ")), qPrintable(englishTitle));

    QVERIFY(w.chooseLanguage(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents();
    QCOMPARE(app::currentLanguage(), QStringLiteral("zh_CN"));
    QCOMPARE(w.menuBar()->actions().front()->text(), QStringLiteral("文件(&F)"));
    const auto* tabs = w.findChild<QTabWidget*>();
    QVERIFY(tabs);
    QCOMPARE(tabs->tabText(0), QStringLiteral("分步"));
    const QString zhTitle = QString(w.stepPane()->stepView()->currentLayout().title).replace(QChar(0x00A0), QLatin1Char(' '));
    QVERIFY2(zhTitle.contains(QStringLiteral("第 1 / ")), qPrintable(zhTitle));
    QVERIFY(hasCjk(w.stepPane()->stepView()->currentLayout().explanation));
    QVERIFY(hasCjk(w.stepPane()->countersView()->plainText()));
    QVERIFY(hasCjk(w.stepPane()->transportBar()->label()));
    for (QAction* a : w.languageActions())
        QCOMPARE(a->isChecked(), a->data().toString() == QLatin1String("zh_CN"));

    QVERIFY(w.chooseLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
    QCOMPARE(w.menuBar()->actions().front()->text(), QStringLiteral("&File"));
    QCOMPARE(QString(w.stepPane()->stepView()->currentLayout().title).replace(QChar(0x00A0), QLatin1Char(' ')), englishTitle);
    QVERIFY(!w.chooseLanguage(QStringLiteral("fr")));
}

// A live switch (View > Language) re-words every visible widget at once, the classroom
// widgets included: lesson note and its buttons, predict panel, warp map tab, presentation mode,
// the benchmark pane's tabs and headers, the status bar, menus. Switched to zh_CN no English is left
// (except the allowed technical terms of docs/glossary.md); switched back every text is the
// English one again.
void TestLanguage::liveSwitchRewordsEveryVisibleWidget()
{
    // The classroom state: results loaded, a lesson with its note, the warp map, predict mode and
    // a status bar message.
    // Nothing the walks compare may change by the clock (under load, 2 cores busy, a walk takes
    // seconds): each window's two device probes (child processes whose answers reword the
    // recorder's tooltip and the benchmark pane's device line) are awaited before anything is
    // read, and the status bar message is pinned (its 5 s timeout would clear it between the walks).
    const auto setUp = [](app::MainWindow& w) {
        QSignalSpy probed(w.benchmarkPane()->runner(), &app::BenchRunner::deviceProbed);
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QString error;
        QVERIFY2(w.benchmarkPane()->loadResults(QStringLiteral(REDUCESCOPE_SOURCE_DIR "/tests/app/bench/data/fixture_1m.json"), &error),
                 qPrintable(error));
        w.showBenchmarkPane();  // its probe starts once it is shown (none in a build without CUDA)
        if (REDUCESCOPE_HAVE_CUDA)
            QTRY_VERIFY_WITH_TIMEOUT(probed.count() > 0, 120000);
        QTRY_VERIFY_WITH_TIMEOUT(w.stepPane()->state()->recorderState() != app::RecorderState::Probing, 120000);
        w.showStepPane();
        QVERIFY(!w.lessonActions().isEmpty());
        w.resetToDefaults();  // its status bar message
        pinStatus(w);
        w.lessonActions().front()->trigger();
        w.stepPane()->setWarpMapShown(true);
        w.stepPane()->predictAction()->setChecked(true);
        QCoreApplication::processEvents();
    };
    const auto walk = [](app::MainWindow& w) {
        QStringList texts = visibleTexts(&w);
        texts << w.statusBar()->currentMessage();
        w.showBenchmarkPane();
        QCoreApplication::processEvents();
        texts += visibleTexts(&w);
        w.showStepPane();
        QCoreApplication::processEvents();
        return texts;
    };
    // What a window started in Chinese leaves in English (strings not translated yet: the business
    // of tst_translations_complete and noEnglishLeftIn*); a live switch must leave nothing more.
    QVERIFY(app::setLanguage(QStringLiteral("zh_CN")));
    QSet<QString> untranslated;
    {
        app::MainWindow fresh(/*persistent=*/false);
        setUp(fresh);
        for (const QString& e : englishLeft(walk(fresh), QStringLiteral("after the switch"), m_sources))
            untranslated.insert(e);
    }

    QVERIFY(app::setLanguage(QStringLiteral("en")));
    app::MainWindow w(/*persistent=*/false);
    setUp(w);
    const QStringList english = walk(w);
    QVERIFY(english.contains(w.stepPane()->lessonLabel()->text()));
    QVERIFY(english.contains(QStringLiteral("Step pane, theme and panels are back to their defaults")));

    QVERIFY(w.chooseLanguage(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents();
    pinStatus(w);  // reworded with its timeout again
    QStringList bad;
    for (const QString& e : englishLeft(walk(w), QStringLiteral("after the switch"), m_sources))
        if (!untranslated.contains(e))
            bad << e;
    bad.removeDuplicates();
    QVERIFY2(bad.isEmpty(), qPrintable(bad.mid(0, 30).join(QLatin1Char('\n'))));
    QVERIFY(hasCjk(w.stepPane()->lessonLabel()->text()));
    QVERIFY(hasCjk(w.statusBar()->currentMessage()));

    QVERIFY(w.chooseLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
    pinStatus(w);
    const QStringList back = walk(w);
    QStringList differ;
    for (qsizetype i = 0; i < std::min(english.size(), back.size()); ++i)
        if (english[i] != back[i])
            differ << QStringLiteral("\"%1\" -> \"%2\"").arg(english[i].left(120), back[i].left(120));
    QVERIFY2(differ.isEmpty(), qPrintable(differ.mid(0, 20).join(QLatin1Char('\n'))));
    QCOMPARE(back.size(), english.size());
}

// The choice is saved by a persistent window and read back at the next start; a stale value falls
// back to the system's language.
void TestLanguage::settingRoundTrip()
{
    {
        app::MainWindow w(/*persistent=*/true);
        QVERIFY(w.chooseLanguage(QStringLiteral("zh_CN")));
    }
    QCOMPARE(QSettings().value(QLatin1String(app::kLanguageSettingKey)).toString(), QStringLiteral("zh_CN"));
    QCOMPARE(app::startupLanguage(QString(), /*readSettings=*/true), QStringLiteral("zh_CN"));
    // The command line wins and does not change the saved choice.
    QCOMPARE(app::startupLanguage(QStringLiteral("en"), true), QStringLiteral("en"));
    QCOMPARE(QSettings().value(QLatin1String(app::kLanguageSettingKey)).toString(), QStringLiteral("zh_CN"));
    // Screenshots read no settings.
    QCOMPARE(app::startupLanguage(QString(), /*readSettings=*/false), app::systemLanguage());
    {
        app::MainWindow w(/*persistent=*/true);
        QVERIFY(w.chooseLanguage(QStringLiteral("en")));
    }
    QCOMPARE(app::startupLanguage(QString(), true), QStringLiteral("en"));
    QSettings().setValue(QLatin1String(app::kLanguageSettingKey), QStringLiteral("fr"));
    QCOMPARE(app::startupLanguage(QString(), true), app::systemLanguage());
    // A window made while another language is saved still starts in the one installed.
    {
        app::MainWindow w(/*persistent=*/false);
        QCOMPARE(w.menuBar()->actions().front()->text(), QStringLiteral("&File"));
    }
}

void TestLanguage::commandLineLanguage_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("error");
    QTest::addRow("zh_CN") << QStringList{QStringLiteral("--lang"), QStringLiteral("zh_CN")} << -1 << "zh_CN" << "";
    QTest::addRow("en") << QStringList{QStringLiteral("--lang=en")} << -1 << "en" << "";
    QTest::addRow("none") << QStringList{} << -1 << "" << "";
    QTest::addRow("bad") << QStringList{QStringLiteral("--lang"), QStringLiteral("zh")} << 2 << "zh"
                         << "lang must be one of en, zh_CN (got \"zh\")";
    QTest::addRow("twice") << QStringList{QStringLiteral("--lang"), QStringLiteral("en"), QStringLiteral("--lang"),
                                          QStringLiteral("zh_CN")}
                           << 2 << "" << "lang must be given at most once (got it 2 times)";
}

void TestLanguage::commandLineLanguage()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, language);
    QFETCH(QString, error);
    const app::CommandLineResult r = app::parseCommandLine(QStringList{QStringLiteral("reducescope")} + args);
    QCOMPARE(r.exitCode, exitCode);
    QCOMPARE(r.options.language, language);
    QCOMPARE(r.error, error);
}

void TestLanguage::noEnglishLeftInChinese_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QString>("input");
    QTest::addColumn<int>("block");
    QTest::addColumn<int>("warp");
    QTest::addColumn<QString>("compare");
    QString sixtyFour;
    for (int i = 1; i <= 64; ++i)
        sixtyFour += QString::number(i % 7) + (i < 64 ? QStringLiteral(",") : QString());
    for (const model::StrategyInfo& s : model::catalogue()) {
        if (!s.has_model)
            continue;
        const QString id = QString::fromUtf8(s.id.data(), qsizetype(s.id.size()));
        QTest::addRow("%s/8", s.id.data()) << id << QStringLiteral("6,2,7,4,5,8,3,1") << 0 << 32 << QString();
        QTest::addRow("%s/64 block 16 warp 8", s.id.data()) << id << sixtyFour << 16 << 8 << QString();
    }
    QTest::addRow("compare simple convergent") << "simple" << "6,2,7,4,5,8,3,1" << 0 << 32 << "convergent";
}

// Every step of every strategy, with the pane, the table and the counters around it.
void TestLanguage::noEnglishLeftInChinese()
{
    QFETCH(QString, strategy);
    QFETCH(QString, input);
    QFETCH(int, block);
    QFETCH(int, warp);
    QFETCH(QString, compare);
    QVERIFY(app::setLanguage(QStringLiteral("zh_CN")));
    app::MainWindow w(/*persistent=*/false);
    w.resize(1280, 720);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    app::TraceRequest r;
    r.strategy = strategy;
    r.input = input;
    r.params.block_size = block;
    r.params.warp_size = warp;
    QVERIFY2(w.stepPane()->setRequest(r), qPrintable(w.stepPane()->fieldMessage(QStringLiteral("input"))));
    if (!compare.isEmpty())
        QVERIFY(w.stepPane()->setCompareStrategy(compare));
    QCoreApplication::processEvents();
    QStringList bad = englishLeft(visibleTexts(&w), QStringLiteral("window"), m_sources);
    for (int k = 0; k < w.stepPane()->stepCount(); ++k) {
        w.stepPane()->setStep(k);
        const QString where = QStringLiteral("step %1").arg(k + 1);
        bad += englishLeft(w.stepPane()->stepView(0)->paintedStrings(), where, m_sources);
        if (!compare.isEmpty())
            bad += englishLeft(w.stepPane()->stepView(1)->paintedStrings(), where + QStringLiteral(" (compare)"), m_sources);
        bad += englishLeft({w.stepPane()->countersView()->plainText(), w.stepPane()->transportBar()->label()},
                           where + QStringLiteral(" counters"), m_sources);
    }
    w.showTable();
    QCoreApplication::processEvents();
    bad += englishLeft(visibleTexts(&w), QStringLiteral("table"), m_sources);
    bad.removeDuplicates();
    QVERIFY2(bad.isEmpty(), qPrintable(bad.mid(0, 25).join(QLatin1Char('\n'))));
}

// The benchmark pane with recorded results: settings, table, status lines and every chart.
void TestLanguage::noEnglishLeftInBenchmarkPane()
{
    QVERIFY(app::setLanguage(QStringLiteral("zh_CN")));
    app::MainWindow w(/*persistent=*/false);
    w.resize(1280, 720);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QStringList bad;
    for (const char* file : {"fixture_1m.json", "fixture_sweep.json"}) {
        QString error;
        QVERIFY2(w.benchmarkPane()->loadResults(QStringLiteral(REDUCESCOPE_SOURCE_DIR "/tests/app/bench/data/") + QLatin1String(file), &error),
                 qPrintable(error));
        w.showBenchmarkPane();
        QCoreApplication::processEvents();
        bad += englishLeft(visibleTexts(&w), QLatin1String(file), m_sources);
        for (QCustomPlot* plot : w.benchmarkPane()->findChildren<QCustomPlot*>())
            bad += englishLeft(chartTexts(plot), QStringLiteral("%1 chart %2").arg(QLatin1String(file), plot->objectName()), m_sources);
    }
    // The Determinism tab with repeat data, and without (the line saying how to record it).
    for (const char* file : {"fixture_repeat.json", "fixture_1m.json"}) {
        QString error;
        QVERIFY2(w.benchmarkPane()->loadResults(QStringLiteral(REDUCESCOPE_SOURCE_DIR "/tests/app/bench/data/") + QLatin1String(file), &error),
                 qPrintable(error));
        auto* tabs = w.benchmarkPane()->findChild<QTabWidget*>();
        QVERIFY(tabs);
        tabs->setCurrentWidget(w.benchmarkPane()->determinismTable()->parentWidget());
        QCoreApplication::processEvents();
        bad += englishLeft(visibleTexts(&w), QStringLiteral("%1 determinism").arg(QLatin1String(file)), m_sources);
        tabs->setCurrentIndex(0);
    }
    bad.removeDuplicates();
    QVERIFY2(bad.isEmpty(), qPrintable(bad.mid(0, 30).join(QLatin1Char('\n'))));
}

// Classroom mode in zh_CN: presentation mode, the warp map tab, predict mode's panel and every
// lesson (its title and note), walked over the lesson's steps.
void TestLanguage::noEnglishLeftInClassroom()
{
    QVERIFY(app::setLanguage(QStringLiteral("zh_CN")));
    app::MainWindow w(/*persistent=*/false);
    w.resize(1280, 720);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(!w.lessonActions().isEmpty());
    QStringList bad;
    w.setPresentation(true);
    w.stepPane()->setWarpMapShown(true);
    w.stepPane()->predictAction()->setChecked(true);
    for (QAction* lesson : w.lessonActions()) {
        lesson->trigger();
        QCoreApplication::processEvents();
        const QString where = QStringLiteral("lesson ") + lesson->text();
        for (int k = 0; k < w.stepPane()->stepCount(); ++k) {
            w.stepPane()->setStep(k);
            QCoreApplication::processEvents();
            bad += englishLeft(visibleTexts(&w), where + QStringLiteral(" step %1").arg(k + 1), m_sources);
            bad += englishLeft(w.stepPane()->stepView(0)->paintedStrings(), where + QStringLiteral(" step %1 view").arg(k + 1), m_sources);
        }
    }
    w.stepPane()->predictAction()->setChecked(false);
    w.setPresentation(false);
    bad.removeDuplicates();
    QVERIFY2(bad.isEmpty(), qPrintable(bad.mid(0, 30).join(QLatin1Char('\n'))));
}

REDUCESCOPE_GUI_TEST_MAIN(TestLanguage)
// Every message written with "(s)" in the sources is a plural (tr(..., n) with %n) whose English
// forms are in reducescope_en.ts and loaded: the window never shows "result(s)" (the Determinism
// tab did). Rows: the messages of reducescope_en.ts whose source has "(s)".
void TestLanguage::englishPlurals_data()
{
    QTest::addColumn<QString>("context");
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("comment");
    QTest::addColumn<bool>("numerus");
    QFile ts(QStringLiteral(REDUCESCOPE_SOURCE_DIR "/resources/translations/reducescope_en.ts"));
    QVERIFY(ts.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&ts);
    QString context, source, comment;
    bool numerus = false;
    int rows = 0;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            if (xml.name() == QLatin1String("message")) {
                numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
                source.clear();
                comment.clear();
            } else if (xml.name() == QLatin1String("name")) {
                context = xml.readElementText();
            } else if (xml.name() == QLatin1String("source")) {
                source = xml.readElementText();
            } else if (xml.name() == QLatin1String("comment")) {
                comment = xml.readElementText();
            }
        } else if (xml.isEndElement() && xml.name() == QLatin1String("message") && source.contains(QLatin1String("(s)"))) {
            QTest::addRow("%s: %s", qPrintable(context.section(QLatin1String("::"), -1)), qPrintable(source.left(50)))
                << context << source << comment << numerus;
            ++rows;
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(rows >= 6);  // the six "(s)" messages of app/ and views/ at the time of writing
}

void TestLanguage::englishPlurals()
{
    QFETCH(QString, context);
    QFETCH(QString, source);
    QFETCH(QString, comment);
    QFETCH(bool, numerus);
    QVERIFY2(numerus, "a \"(s)\" message must be tr(..., n) with %n");
    QVERIFY(source.contains(QLatin1String("%n")));
    QVERIFY(app::setLanguage(QStringLiteral("en")));
    const QByteArray c = context.toUtf8(), s = source.toUtf8(), k = comment.toUtf8();
    const char* disambiguation = comment.isEmpty() ? nullptr : k.constData();
    for (const int n : {0, 1, 2, 11}) {
        const QString text = QCoreApplication::translate(c.constData(), s.constData(), disambiguation, n);
        QVERIFY2(!text.contains(QLatin1String("(s)")), qPrintable(text));
        QVERIFY2(text.contains(QString::number(n)), qPrintable(text));
    }
    QVERIFY(QCoreApplication::translate(c.constData(), s.constData(), disambiguation, 1)
            != QCoreApplication::translate(c.constData(), s.constData(), disambiguation, 2));
}

#include "tst_language.moc"
