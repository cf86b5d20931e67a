// SPDX-License-Identifier: GPL-3.0-or-later
// The app's command line: bad arguments give one line naming the field and range (exit 2),
// --screenshot renders offscreen and exits 0, no display gives instructions (exit 1).
#include "gui_test_main.h"

#include "app/kernel/kernel_pane.h"
#include "app/shell/command_line.h"

#include <QColor>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QElapsedTimer>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <QStandardPaths>

#include <algorithm>
#include <cstring>

#ifdef Q_OS_UNIX
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

using namespace reducescope;

namespace {

using Env = QMap<QString, QString>;

struct Run {
    int code = -1;
    QString out, err;
};

Run runApp(const QStringList& args, const QMap<QString, QString>& env = {}, const QStringList& unset = {})
{
    QProcess p;
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    for (auto it = env.begin(); it != env.end(); ++it)
        e.insert(it.key(), it.value());
    for (const QString& name : unset)
        e.remove(name);
    p.setProcessEnvironment(e);
    p.start(QStringLiteral(REDUCESCOPE_APP_BINARY), args);
    Run r;
    if (!p.waitForFinished(60000))  // a hang guard (a sanitizer build starts slower)
        return r;
    r.code = p.exitCode();
    r.out = QString::fromLocal8Bit(p.readAllStandardOutput());
    r.err = QString::fromLocal8Bit(p.readAllStandardError());
    return r;
}

// Files for the bad-results rows, made once for the whole run.
QTemporaryDir& scratch()
{
    static QTemporaryDir dir;
    return dir;
}

QString writeFile(const QString& name, const QByteArray& bytes)
{
    const QString path = scratch().filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

// The benchmark-pane fixture with params.mode replaced.
QString resultsWithMode(const QString& name, const QString& mode)
{
    QFile f(QStringLiteral(REDUCESCOPE_SOURCE_DIR "/tests/app/bench/data/fixture_1m.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open fixture");
    QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    QJsonObject p = o[QStringLiteral("params")].toObject();
    p[QStringLiteral("mode")] = mode;
    o[QStringLiteral("params")] = p;
    return writeFile(name, QJsonDocument(o).toJson(QJsonDocument::Compact));
}

int distinctColours(const QImage& image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2)
            colours.insert(image.pixel(x, y));
    return int(colours.size());
}

} // namespace

class TestAppCli : public QObject {
    Q_OBJECT
private slots:
    void parse_data();
    void parse();
    void badArgumentsExit2_data();
    void badArgumentsExit2();
    void screenshot_data();
    void screenshot();
    void screenshotReplacesExistingFile();
    void screenshotThemeAndTab_data();
    void screenshotThemeAndTab();
    void noDisplay();
    void resultsWithUnusableCountersWarn();
    void displayChecked_data();
    void displayChecked();
    void realXServer();
    void absurdScaleRefused_data();
    void absurdScaleRefused();
    void screenshotWriteFailureIs74();
    void nonUtf8FileNames_data();
    void nonUtf8FileNames();
    void resultsScreenshotsLayOut_data();
    void resultsScreenshotsLayOut();
    void kernelStepThatFailsSaysSo();
    void kernelTakesCommandLineLaunch_data();
    void kernelTakesCommandLineLaunch();
};

void TestAppCli::parse_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("defaults") << QStringList{} << -1 << "";
    QTest::addRow("all options") << QStringList{"--strategy", "simple", "--input", "1 2 3 4", "--block-size", "2", "--warp-size", "8",
                                                "--coarse-factor", "2", "--banks", "16", "--compare", "convergent", "--step", "1"}
                                 << -1 << "";
    QTest::addRow("help") << QStringList{"--help"} << 0 << "";
    QTest::addRow("block size 3") << QStringList{"--block-size", "3"} << 2 << "block-size";
    QTest::addRow("block size text") << QStringList{"--block-size", "big"} << 2 << "1..1024";
    QTest::addRow("warp size 7") << QStringList{"--warp-size", "7"} << 2 << "warp-size";
    QTest::addRow("coarse factor 65") << QStringList{"--coarse-factor", "65"} << 2 << "coarse-factor";
    QTest::addRow("banks 3") << QStringList{"--banks", "3"} << 2 << "banks";
    QTest::addRow("unknown strategy") << QStringList{"--strategy", "fastest"} << 2 << "strategy";
    QTest::addRow("unknown compare") << QStringList{"--compare", "cub"} << 2 << "compare";
    QTest::addRow("bad input") << QStringList{"--input", "1,two"} << 2 << "input";
    QTest::addRow("negative step") << QStringList{"--step", "-1"} << 2 << "step";
    QTest::addRow("step 0") << QStringList{"--step", "0"} << 2 << "step must be a step number in 1..20000";
    QTest::addRow("step 2147483648") << QStringList{"--step", "2147483648"} << 2
                                     << "step must be a step number in 1..20000 (at most the trace's step count) (got \"2147483648\")";
    QTest::addRow("step 20001") << QStringList{"--step", "20001"} << 2 << "in 1..20000";
    QTest::addRow("step 20000") << QStringList{"--step", "20000"} << -1 << "";  // refused later, for this trace
    // Numbers as reducescope-cli takes them: plain decimal digits; 0 is not a block size.
    QTest::addRow("block size 0") << QStringList{"--block-size", "0"} << 2 << "block-size must be a power of two in 1..1024 (got \"0\")";
    QTest::addRow("block size 00") << QStringList{"--block-size", "00"} << 2 << "block-size must be a power of two in 1..1024";
    QTest::addRow("block size +4") << QStringList{"--block-size", "+4"} << 2 << "block-size must be a power of two in 1..1024 (got \"+4\")";
    QTest::addRow("coarse factor with a space") << QStringList{"--coarse-factor", " 4"} << 2 << "coarse-factor must be in 1..64";
    QTest::addRow("step +2") << QStringList{"--step", "+2"} << 2 << "step must be a step number in 1..20000";
    QTest::addRow("unknown option") << QStringList{"--colour", "red"} << 2 << "colour";
    // Repeated options, empty and wrong file names.
    QTest::addRow("strategy twice") << QStringList{"--strategy", "simple", "--strategy", "convergent"} << 2
                                    << "strategy must be given at most once (got it 2 times)";
    QTest::addRow("results twice") << QStringList{"--results", "a.json", "--results", "b.json"} << 2
                                   << "results must be given at most once";
    QTest::addRow("input twice") << QStringList{"--input", "1", "--input", "2"} << 2 << "input must be given at most once";
    QTest::addRow("step twice") << QStringList{"--step", "1", "--step", "2"} << 2 << "step must be given at most once";
    // The kernel editor's launch fields: with --kernel only, in their ranges.
    QTest::addRow("elements per thread without --kernel") << QStringList{"--elements-per-thread", "1"} << 2
        << "elements-per-thread is a launch field of the kernel editor: give it with --kernel FILE.cu";
    QTest::addRow("grid 0") << QStringList{"--kernel", "k.cu", "--grid", "0"} << 2 << "grid must be an integer in 1..65535 (got \"0\")";
    QTest::addRow("elements per thread 4097") << QStringList{"--kernel", "k.cu", "--elements-per-thread", "4097"} << 2
        << "elements-per-thread must be an integer in 1..4096 (got \"4097\")";
    QTest::addRow("shared bytes 49153") << QStringList{"--kernel", "k.cu", "--shared-bytes", "49153"} << 2
        << "shared-bytes must be an integer in 1..49152 (got \"49153\")";
    QTest::addRow("grid twice") << QStringList{"--kernel", "k.cu", "--grid", "1", "--grid", "2"} << 2 << "grid must be given at most once";
    QTest::addRow("empty results") << QStringList{"--results", ""} << 2 << "results must be a results .json file name (got an empty name)";
    QTest::addRow("empty screenshot") << QStringList{"--screenshot", ""} << 2 << "screenshot must be a file name ending in .png";
    QTest::addRow("screenshot jpg") << QStringList{"--screenshot", "out.jpg"} << 2 << "screenshot must be a file name ending in .png (got \"out.jpg\")";
    QTest::addRow("screenshot PNG upper case") << QStringList{"--screenshot", "OUT.PNG"} << -1 << "";
    // Echoed user text: control characters escaped, long values capped.
    QTest::addRow("strategy with newline") << QStringList{"--strategy", "a\nb"} << 2 << "(got \"a\\nb\")";
    QTest::addRow("strategy with escape") << QStringList{"--strategy", "x\x1b[2J"} << 2 << "x\\x1b[2J";
    QTest::addRow("100000-char strategy") << QStringList{"--strategy", QString(100000, QLatin1Char('s'))} << 2
                                          << QString(40, QLatin1Char('s')) + QStringLiteral("…\")");
    QTest::addRow("compare with newline") << QStringList{"--compare", "x\ny"} << 2 << "x\\ny";
    QTest::addRow("block size with newline") << QStringList{"--block-size", "4\n8"} << 2 << "4\\n8";
    QTest::addRow("input with control character") << QStringList{"--input", "1,2\x01"} << 2 << "2\\x01";
    QTest::addRow("100000-char input value") << QStringList{"--input", QString(100000, QLatin1Char('x'))} << 2
                                             << QString(40, QLatin1Char('x')) + QStringLiteral("…'");
    QTest::addRow("unknown option with newline") << QStringList{"--col\nour"} << 2 << "unknown option \"col\\nour\"";
    QTest::addRow("argument with newline") << QStringList{"stray\nargument"} << 2 << "stray\\nargument";
    // --lesson: the ids of resources/lessons, the lesson sets the request itself (--step may choose the step).
    QTest::addRow("theme dark") << QStringList{"--theme", "dark"} << -1 << "";
    QTest::addRow("theme light, tab bench") << QStringList{"--theme", "light", "--tab", "bench"} << -1 << "";
    QTest::addRow("tab table") << QStringList{"--tab", "table"} << -1 << "";
    QTest::addRow("theme high-contrast") << QStringList{"--theme", "high-contrast"} << 2
                                         << "theme must be one of system, light, dark (got \"high-contrast\")";
    QTest::addRow("theme Dark") << QStringList{"--theme", "Dark"} << 2 << "theme must be one of system, light, dark";
    QTest::addRow("empty theme") << QStringList{"--theme", ""} << 2 << "theme must be one of system, light, dark (got \"\")";
    QTest::addRow("theme twice") << QStringList{"--theme", "dark", "--theme", "light"} << 2 << "theme must be given at most once";
    QTest::addRow("tab benchmark") << QStringList{"--tab", "benchmark"} << 2 << "tab must be one of step, table, bench, kernel (got \"benchmark\")";
    QTest::addRow("tab twice") << QStringList{"--tab", "step", "--tab", "bench"} << 2 << "tab must be given at most once";
    QTest::addRow("lesson") << QStringList{"--lesson", "divergence_1024"} << -1 << "";
    QTest::addRow("lesson with step and zh_CN") << QStringList{"--lesson", "small_warp", "--step", "2", "--lang", "zh_CN"} << -1 << "";
    QTest::addRow("unknown lesson") << QStringList{"--lesson", "divergence"} << 2
        << "lesson must be one of pmpp_exercise_6, divergence_1024, small_warp, bank_conflicts, atomics_race, warp_shuffle, "
           "coarsening, two_pass_grid_sync, exercise_convergent, exercise_bank_conflicts, exercise_coarsening, exercise_race "
           "(got \"divergence\")";
    QTest::addRow("empty lesson") << QStringList{"--lesson", ""} << 2 << "lesson must be one of pmpp_exercise_6,";
    QTest::addRow("lesson twice") << QStringList{"--lesson", "coarsening", "--lesson", "warp_shuffle"} << 2
                                  << "lesson must be given at most once";
    QTest::addRow("lesson with strategy") << QStringList{"--lesson", "coarsening", "--strategy", "simple"} << 2
                                          << "lesson: the lesson sets strategy, compare, input and parameters";
    QTest::addRow("lesson with block size") << QStringList{"--lesson", "coarsening", "--block-size", "64"} << 2
                                            << "leave out --strategy, --compare, --input, --block-size";
}

void TestAppCli::parse()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, mentions);
    const app::CommandLineResult r = app::parseCommandLine(QStringList{QStringLiteral("reducescope")} + args);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(r.error.contains(mentions), qPrintable(r.error));
    if (exitCode == 0) {
        QVERIFY(r.output.startsWith(QStringLiteral("Usage: ")) && !r.output.contains(QStringLiteral("<executable_name>")));
        for (const QString& option : {QStringLiteral("--theme <NAME>"), QStringLiteral("--tab <TAB>")})
            QVERIFY2(r.output.contains(option), qPrintable(option));
    }
    if (exitCode == -1) {
        const qsizetype theme = args.indexOf(QStringLiteral("--theme"));
        const qsizetype tab = args.indexOf(QStringLiteral("--tab"));
        QCOMPARE(r.options.theme, theme < 0 ? QString() : args.at(theme + 1));
        QCOMPARE(r.options.tab, tab < 0 ? QString() : args.at(tab + 1));
    }
    if (exitCode == 2) {
        QVERIFY(!r.error.contains(QLatin1Char('\n')));
        QVERIFY(!r.error.contains(QLatin1Char('\r')));
        QVERIFY2(r.error.size() < 400, qPrintable(r.error.left(400)));
    }
}

void TestAppCli::badArgumentsExit2_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("block size") << QStringList{"--block-size", "3"} << "block-size must be a power of two in 1..1024";
    QTest::addRow("step past the end") << QStringList{"--strategy", "simple", "--step", "99"} << "step must be in 1..";
    QTest::addRow("missing results") << QStringList{"--results", "/nonexistent/results.json"}
                                     << "reducescope: results: /nonexistent/results.json: cannot open (";
    QTest::addRow("results /dev/zero") << QStringList{"--results", "/dev/zero", "--screenshot", scratch().filePath("s.png")}
                                       << "results: /dev/zero: not a regular file (a device)";
    QTest::addRow("results directory") << QStringList{"--results", scratch().path()} << "not a regular file (a directory)";
#ifdef Q_OS_UNIX
    const QString fifo = scratch().filePath(QStringLiteral("results.fifo"));
    QFile::remove(fifo);
    if (::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0)
        QTest::addRow("results FIFO") << QStringList{"--results", fifo, "--screenshot", scratch().filePath("s.png")}
                                      << "not a regular file (a FIFO)";
#endif
    {
        const QString big = scratch().filePath(QStringLiteral("big.json"));
        QFile f(big);
        if (!f.open(QIODevice::WriteOnly) || !f.resize((qint64(64) << 20) + 1))  // sparse: no real disk use
            qFatal("cannot make %s", qPrintable(big));
        QTest::addRow("results over 64 MiB") << QStringList{"--results", big} << "big.json: 64.0 MiB, over the limit of 64 MiB";
    }
    QTest::addRow("--version extra") << QStringList{"--version", "extra"} << "version takes no other arguments (got \"extra\"";
    {
        // Accepted though wrong (issue 28): verified, yet 1e30 against 524288 with its error matching.
        QFile f(QStringLiteral(REDUCESCOPE_SOURCE_DIR "/tests/app/bench/data/fixture_1m.json"));
        if (!f.open(QIODevice::ReadOnly))
            qFatal("cannot open fixture");
        QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        QJsonArray results = o[QStringLiteral("results")].toArray();
        QJsonObject r0 = results[0].toObject();
        r0[QStringLiteral("result")] = 1e30;
        r0[QStringLiteral("abs_error")] = 1e30;
        results[0] = r0;
        o[QStringLiteral("results")] = results;
        QTest::addRow("results: ok, value far from its reference")
            << QStringList{"--results", writeFile(QStringLiteral("far.json"), QJsonDocument(o).toJson())}
            << "results: far.json: results[0].status: \"ok\" (verified), but result 1e+30 is 1e+30 from the reference 524288";
    }
    QTest::addRow("results mode with newline")
        << QStringList{"--results", resultsWithMode(QStringLiteral("nl.json"), QStringLiteral("loop\nSECOND LINE"))}
        << "results: nl.json: params.mode: expected one of per-launch | loop | graph, got \"loop\\nSECOND LINE\"";
    QTest::addRow("results 100000-char mode")
        << QStringList{"--results", resultsWithMode(QStringLiteral("long.json"), QString(100000, QLatin1Char('m')))}
        << QString(40, QLatin1Char('m')) + QStringLiteral("…\"");
    QTest::addRow("strategy with newline") << QStringList{"--strategy", "a\nb"} << "(got \"a\\nb\")";
    QTest::addRow("strategy twice") << QStringList{"--strategy", "simple", "--strategy", "convergent"}
                                    << "strategy must be given at most once";
    QTest::addRow("results twice") << QStringList{"--results", "a.json", "--results", "b.json"} << "results must be given at most once";
    QTest::addRow("empty results") << QStringList{"--results", ""} << "results must be a results .json file name";
    QTest::addRow("screenshot jpg") << QStringList{"--screenshot", "out.jpg"} << "ending in .png";
    QTest::addRow("unknown theme") << QStringList{"--theme", "solarized", "--screenshot", scratch().filePath("s.png")}
                                   << "theme must be one of system, light, dark (got \"solarized\")";
    QTest::addRow("unknown tab") << QStringList{"--tab", "warp", "--screenshot", scratch().filePath("s.png")}
                                 << "tab must be one of step, table, bench, kernel (got \"warp\")";
    QTest::addRow("unknown lesson") << QStringList{"--lesson", "lesson_9", "--lang", "zh_CN"}
                                    << "reducescope: lesson must be one of pmpp_exercise_6, divergence_1024,";
    // --screenshot refuses what is not a regular file, before anything is drawn.
    const QString dirPng = scratch().filePath(QStringLiteral("dir.png"));
    QDir().mkpath(dirPng);
    QTest::addRow("screenshot onto a directory") << QStringList{"--screenshot", dirPng}
        << "screenshot must be a new .png file or an existing regular one, which is replaced (got \"" + dirPng + "\": a directory)";
#ifdef Q_OS_UNIX
    const QString fifoPng = scratch().filePath(QStringLiteral("fifo.png"));
    if (!QFileInfo::exists(fifoPng) && ::mkfifo(QFile::encodeName(fifoPng).constData(), 0600) != 0)
        qFatal("mkfifo failed");
    QTest::addRow("screenshot onto a FIFO") << QStringList{"--screenshot", fifoPng} << "fifo.png\": a FIFO)";
    const QString devicePng = scratch().filePath(QStringLiteral("null.png"));
    QFile::link(QStringLiteral("/dev/null"), devicePng);
    QTest::addRow("screenshot onto a device") << QStringList{"--screenshot", devicePng} << "null.png\": a device)";
#endif
    const QString danglingPng = scratch().filePath(QStringLiteral("dangling.png"));
    QFile::link(scratch().filePath(QStringLiteral("nowhere.png")), danglingPng);
    QTest::addRow("screenshot onto a dangling link") << QStringList{"--screenshot", danglingPng}
                                                     << "dangling.png\": a symbolic link to nothing)";
    // (A missing folder is found when the file is written: lost output, exit 74,
    // screenshotWriteFailureIs74.)
}

void TestAppCli::badArgumentsExit2()
{
    QFETCH(QStringList, args);
    QFETCH(QString, mentions);
    QElapsedTimer clock;
    clock.start();
    const Run r = runApp(args);
    QVERIFY2(r.code == 2, qPrintable(QStringLiteral("exit %1 after %2 ms: %3").arg(r.code).arg(clock.elapsed()).arg(r.err.left(500))));
    QVERIFY(r.out.isEmpty());
    // Exactly one line on stderr: ours (Qt's harmless offscreen warnings are dropped).
    const QStringList lines = r.err.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(lines.size() == 1, qPrintable(r.err.left(2000)));
    QVERIFY(lines.front().startsWith(QStringLiteral("reducescope: ")));
    QVERIFY2(lines.front().contains(mentions), qPrintable(r.err.left(2000)));
    QVERIFY2(lines.front().size() < 400, qPrintable(r.err.left(500)));
}

void TestAppCli::screenshot_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addRow("default") << QStringList{};
    QTest::addRow("simple step 2") << QStringList{"--strategy", "simple", "--step", "2"};
    QTest::addRow("compare") << QStringList{"--strategy", "simple", "--compare", "convergent", "--step", "1"};
    QTest::addRow("lesson in Chinese, presentation") << QStringList{"--lesson", "divergence_1024", "--lang", "zh_CN", "--present"};
    QTest::addRow("interleaved 64 warp 8") << QStringList{"--strategy", "interleaved_strided", "--input", "1 2 3 4 5 6 7 8 1 2 3 4 5 6 7 8 1 2 3 4 5 6 7 8 1 2 3 4 5 6 7 8", "--warp-size", "8", "--banks", "8", "--step", "3"};
}

void TestAppCli::screenshot()
{
    QFETCH(QStringList, args);
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("shot.png"));
    const Run r = runApp(args + QStringList{QStringLiteral("--screenshot"), png});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= 800);
    QVERIFY2(distinctColours(image) > 50, "screenshot looks blank");
}

// --theme and --tab in a screenshot (which reads no saved settings): the dark theme is dark, the
// light one light, at desktop size and in presentation mode, on the step and benchmark tabs.
void TestAppCli::screenshotThemeAndTab_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<bool>("dark");
    QTest::addRow("dark step") << QStringList{"--theme", "dark"} << true;
    QTest::addRow("light step") << QStringList{"--theme", "light"} << false;
    QTest::addRow("dark bench") << QStringList{"--theme", "dark", "--tab", "bench"} << true;
    QTest::addRow("light bench") << QStringList{"--theme", "light", "--tab", "bench"} << false;
    QTest::addRow("dark bench, presentation") << QStringList{"--theme", "dark", "--tab", "bench", "--present"} << true;
    QTest::addRow("dark table, zh_CN") << QStringList{"--theme", "dark", "--tab", "table", "--lang", "zh_CN"} << true;
}

void TestAppCli::screenshotThemeAndTab()
{
    QFETCH(QStringList, args);
    QFETCH(bool, dark);
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("shot.png"));
    const Run r = runApp(args + QStringList{QStringLiteral("--screenshot"), png});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QImage image = QImage(png).convertToFormat(QImage::Format_RGB32);
    QVERIFY(!image.isNull());
    // Mean lightness over a grid of pixels: the themes' backgrounds dominate every tab.
    double sum = 0;
    int n = 0;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7, ++n)
            sum += QColor(image.pixel(x, y)).lightnessF();
    const double mean = sum / n;
    QVERIFY2(dark ? mean < 0.35 : mean > 0.65, qPrintable(QString::number(mean)));
}

// An existing PNG (or a link to one) is replaced by the new image; the link stays a link.
void TestAppCli::screenshotReplacesExistingFile()
{
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("old.png"));
    const QString link = dir.filePath(QStringLiteral("link.png"));
    QFile f(png);
    QVERIFY(f.open(QIODevice::WriteOnly) && f.write("not a png") == 9);
    f.close();
    QVERIFY(QFile::link(png, link));
    for (const QString& path : {png, link}) {
        const Run r = runApp({QStringLiteral("--screenshot"), path});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QImage image(png);
        QVERIFY2(!image.isNull() && image.width() >= 800, qPrintable(path));
    }
    QVERIFY(QFileInfo(link).isSymLink());
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::System).size(), 2);  // no temporary file left
}

void TestAppCli::noDisplay()
{
    const Run r = runApp({}, {}, {QStringLiteral("DISPLAY"), QStringLiteral("WAYLAND_DISPLAY"), QStringLiteral("QT_QPA_PLATFORM")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("xvfb-run")), qPrintable(r.err));
    QVERIFY(r.err.contains(QStringLiteral("--screenshot")));
    // --screenshot still works without any display variable (offscreen by itself).
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("x.png"));
    const Run shot = runApp({QStringLiteral("--screenshot"), png}, {},
                            {QStringLiteral("DISPLAY"), QStringLiteral("WAYLAND_DISPLAY"), QStringLiteral("QT_QPA_PLATFORM")});
    QCOMPARE(shot.code, 0);
    QVERIFY(QFile::exists(png));
}

// A results file whose counters were skipped (ncu missing): the results load (exit 0, screenshot
// written) and stderr says why the counters are not shown; with good counters, no such line.
void TestAppCli::resultsWithUnusableCountersWarn()
{
    QFile f(QStringLiteral(REDUCESCOPE_SOURCE_DIR "/tests/app/bench/data/fixture_1m.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    QVERIFY(!o.isEmpty());
    o.insert(QStringLiteral("counters"), QJsonObject{{QStringLiteral("status"), QStringLiteral("skipped")},
                                                     {QStringLiteral("message"), QStringLiteral("ncu was not found on the PATH")},
                                                     {QStringLiteral("n"), 1024},
                                                     {QStringLiteral("kernels"), QJsonArray{}}});
    const QString path = writeFile(QStringLiteral("skipped_counters.json"), QJsonDocument(o).toJson());
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("shot.png"));
    Run r = runApp({QStringLiteral("--results"), path, QStringLiteral("--screenshot"), png});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(QFile::exists(png));
    QVERIFY2(r.err.contains(QStringLiteral("reducescope: results: hardware counters not shown: ")) &&
                 r.err.contains(QStringLiteral("counters were skipped (ncu was not found on the PATH)")),
             qPrintable(r.err));
    r = runApp({QStringLiteral("--results"),
                QStringLiteral(REDUCESCOPE_SOURCE_DIR "/docs/results/h200-2026-11-29/final-b0b23a5/bench_counters.json"),
                QStringLiteral("--screenshot"), png});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(!r.err.contains(QStringLiteral("hardware counters not shown")), qPrintable(r.err));
}

// Before QApplication exists (display_check.h): a display that cannot be opened or a platform
// plugin that does not exist is one line, never Qt's abort; --screenshot renders offscreen.
void TestAppCli::displayChecked_data()
{
    QTest::addColumn<QStringList>("args");          // "--screenshot" is followed by a file of the test
    QTest::addColumn<Env>("env");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("mentions");
    const QStringList shot{QStringLiteral("--screenshot")};
    // :97 and TCP 6058 have no server here (a test on a machine that has one picks others).
    QTest::addRow("stale DISPLAY, screenshot") << shot << Env{{"DISPLAY", ":97"}} << 0
                                               << "reducescope: DISPLAY=:97: no X server answers on /tmp/.X11-unix/X97";
    QTest::addRow("stale DISPLAY, window") << QStringList{} << Env{{"DISPLAY", ":97"}} << 1
                                           << "reducescope: cannot open a window: DISPLAY=:97: no X server answers";
    QTest::addRow("ssh without X forwarding, window") << QStringList{} << Env{{"DISPLAY", "localhost:58.0"}} << 1
                                                      << "no X server answers on TCP port 6058 of localhost";
    QTest::addRow("ssh without X forwarding, screenshot") << shot << Env{{"DISPLAY", "localhost:58.0"}} << 0
                                                          << "the screenshot is rendered offscreen";
    QTest::addRow("DISPLAY not a display") << QStringList{} << Env{{"DISPLAY", "nonsense"}} << 1
                                           << "DISPLAY=nonsense: not of the form [host]:N[.S]";
    QTest::addRow("unknown platform, screenshot") << shot << Env{{"QT_QPA_PLATFORM", "bogus"}} << 2
                                                  << "reducescope: QT_QPA_PLATFORM must name a Qt platform plugin, one of ";
    QTest::addRow("unknown platform, window") << QStringList{} << Env{{"QT_QPA_PLATFORM", "bogus"}} << 2
                                              << "(got \"bogus\"; offscreen renders a --screenshot without a display)";
    QTest::addRow("fallback list, the second exists") << shot << Env{{"QT_QPA_PLATFORM", "bogus;offscreen"}} << 0 << "";
    QTest::addRow("xcb named, stale DISPLAY, screenshot") << shot << Env{{"QT_QPA_PLATFORM", "xcb"}, {"DISPLAY", ":97"}} << 0
                                                          << "rendered offscreen";
}

void TestAppCli::displayChecked()
{
    QFETCH(QStringList, args);
    QFETCH(Env, env);
    QFETCH(int, code);
    QFETCH(QString, mentions);
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("shot.png"));
    if (args.contains(QStringLiteral("--screenshot")))
        args << png;
    QStringList unset{QStringLiteral("WAYLAND_DISPLAY"), QStringLiteral("XDG_SESSION_TYPE")};
    if (!env.contains(QStringLiteral("QT_QPA_PLATFORM")))
        unset << QStringLiteral("QT_QPA_PLATFORM");
    QElapsedTimer clock;
    clock.start();
    const Run r = runApp(args, env, unset);
    QVERIFY2(r.code == code, qPrintable(QStringLiteral("exit %1: %2").arg(r.code).arg(r.err)));
    QVERIFY2(clock.elapsed() < 30000, "no hang");
    const QStringList lines = r.err.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(lines.size() == (mentions.isEmpty() ? 0 : 1), qPrintable(r.err));
    if (!mentions.isEmpty())
        QVERIFY2(lines.front().contains(mentions), qPrintable(r.err));
    if (code == 0) {
        const QImage image(png);
        QVERIFY2(image.width() == 1600 && image.height() == 1000, "rendered offscreen at the docs' size");
    }
}

// With a real X server (Xvfb, started here on a free display) the window's platform is used as
// before: no note, a screenshot of the screen's window.
void TestAppCli::realXServer()
{
#ifdef REDUCESCOPE_SANITIZED
    QSKIP("sanitizer build: Qt's xcb plugin and the X libraries are outside the LeakSanitizer suppressions");
#endif
    const QString xvfb = QStandardPaths::findExecutable(QStringLiteral("Xvfb"));
    if (xvfb.isEmpty())
        QSKIP("Xvfb is not installed");
    int n = 0;
    for (int d = 90; d < 100 && !n; ++d)
        if (!QFileInfo::exists(QStringLiteral("/tmp/.X11-unix/X%1").arg(d)) && !QFileInfo::exists(QStringLiteral("/tmp/.X%1-lock").arg(d)))
            n = d;
    if (!n)
        QSKIP("no free display in :90..:99");
    QProcess server;
    server.start(xvfb, {QStringLiteral(":%1").arg(n), QStringLiteral("-screen"), QStringLiteral("0"), QStringLiteral("1600x1000x24"),
                        QStringLiteral("-nolisten"), QStringLiteral("tcp")});
    QVERIFY(server.waitForStarted());
    for (int i = 0; i < 100 && !QFileInfo::exists(QStringLiteral("/tmp/.X11-unix/X%1").arg(n)); ++i)
        QTest::qWait(50);
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("x.png"));
    // The socket appears before the server answers on a loaded machine: a few tries.
    Run r;
    for (int attempt = 0; attempt < 10; ++attempt) {
        r = runApp({QStringLiteral("--screenshot"), png}, {{QStringLiteral("DISPLAY"), QStringLiteral(":%1").arg(n)}},
                   {QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("WAYLAND_DISPLAY")});
        if (!r.err.contains(QStringLiteral("offscreen")))
            break;
        QTest::qWait(500);
    }
    server.terminate();
    server.waitForFinished();
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(!r.err.contains(QStringLiteral("offscreen")), qPrintable(r.err));
    QVERIFY(!QImage(png).isNull());
}

// QT_SCALE_FACTOR=1000 took 5 GB and never finished: refused before any window exists.
void TestAppCli::absurdScaleRefused_data()
{
    QTest::addColumn<QString>("variable");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("mentions");  // empty: accepted
    QTest::addRow("QT_SCALE_FACTOR 1000") << "QT_SCALE_FACTOR" << "1000" << "QT_SCALE_FACTOR must be a number in 0.1..10 (got \"1000\"";
    QTest::addRow("QT_SCALE_FACTOR 1e-5") << "QT_SCALE_FACTOR" << "1e-5" << "QT_SCALE_FACTOR must be a number in 0.1..10 (got \"1e-5\"";
    QTest::addRow("QT_SCREEN_SCALE_FACTORS 1000") << "QT_SCREEN_SCALE_FACTORS" << "1000"
                                                  << "QT_SCREEN_SCALE_FACTORS: each factor must be a number in 0.1..10";
    QTest::addRow("QT_SCREEN_SCALE_FACTORS named") << "QT_SCREEN_SCALE_FACTORS" << "DP-1=2;HDMI-1=500" << "(got \"HDMI-1=500\"";
    QTest::addRow("QT_FONT_DPI 100000") << "QT_FONT_DPI" << "100000" << "QT_FONT_DPI must be a number in 24..960";
    QTest::addRow("QT_SCALE_FACTOR 2, accepted") << "QT_SCALE_FACTOR" << "2" << "";
    QTest::addRow("QT_SCALE_FACTOR not a number, ignored as Qt does") << "QT_SCALE_FACTOR" << "big" << "";
}

void TestAppCli::absurdScaleRefused()
{
    QFETCH(QString, variable);
    QFETCH(QString, value);
    QFETCH(QString, mentions);
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("s.png"));
    const Run r = runApp({QStringLiteral("--screenshot"), png}, {{variable, value}});
    if (mentions.isEmpty()) {
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QImage image(png);
        QCOMPARE(image.width(), value == QStringLiteral("2") ? 3200 : 1600);  // 1600 × 1000 at the ratio
        return;
    }
    QCOMPARE(r.code, 2);
    const QStringList lines = r.err.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(lines.size() == 1 && lines.front().startsWith(QStringLiteral("reducescope: ")) && lines.front().contains(mentions),
             qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(png));
}

// A screenshot that cannot be written is lost output (exit 74, as the CLI's), in one line of ours
// (the PNG is made in memory: no libpng line), and the old file stays as it was.
void TestAppCli::screenshotWriteFailureIs74()
{
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("old.png"));
    QFile f(png);
    QVERIFY(f.open(QIODevice::WriteOnly) && f.write("old contents") == 12);
    f.close();
    QProcess p;
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    e.insert(QStringLiteral("SHOT"), png);
    p.setProcessEnvironment(e);
    p.start(QStringLiteral("sh"), {QStringLiteral("-c"), QStringLiteral("ulimit -f 8 && exec \"$0\" --screenshot \"$SHOT\""),
                                   QStringLiteral(REDUCESCOPE_APP_BINARY)});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);  // not killed by SIGXFSZ
    const QString err = QString::fromLocal8Bit(p.readAllStandardError());
    QCOMPARE(p.exitCode(), 74);
    QCOMPARE(err, QStringLiteral("reducescope: screenshot: could not write %1: File too large\n").arg(png));
    QFile old(png);
    QVERIFY(old.open(QIODevice::ReadOnly));
    QCOMPARE(old.readAll(), QByteArray("old contents"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);  // no temporary file left
    // A folder that does not exist: nothing to write into, exit 74 as well.
    const Run r = runApp({QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("missing/x.png"))});
    QCOMPARE(r.code, 74);
    QCOMPARE(r.err, QStringLiteral("reducescope: screenshot: could not write %1: No such file or directory\n")
                        .arg(dir.filePath(QStringLiteral("missing/x.png"))));
}

// File names that are not UTF-8 stay bytes from argv to open() and rename() (native_path.h),
// under the C locale and under C.UTF-8 alike.
void TestAppCli::nonUtf8FileNames_data()
{
    QTest::addColumn<QString>("locale");
    QTest::addRow("C") << "C";
    QTest::addRow("C.UTF-8") << "C.UTF-8";
}

void TestAppCli::nonUtf8FileNames()
{
    QFETCH(QString, locale);
    QTemporaryDir dir;
    const QByteArray folder = QFile::encodeName(dir.path());
    // An existing trace named t\xe9.json (Latin-1 é), the model's own trace of shared.
    QProcess cli;
    cli.start(QStringLiteral(REDUCESCOPE_SOURCE_BUILD_CLI), {"trace", "--strategy", "shared", "--input", "6,2,7,4,5,8,3,1", "--json"});
    QVERIFY(cli.waitForFinished(30000) && cli.exitCode() == 0);
    const QByteArray trace = cli.readAllStandardOutput();
    {
        const QByteArray name = folder + "/t\xe9.json";
        const int fd = ::open(name.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        QVERIFY(fd >= 0);
        QCOMPARE(::write(fd, trace.constData(), size_t(trace.size())), ssize_t(trace.size()));
        ::close(fd);
    }
    const auto run = [&](const QString& script) {
        QProcess p;
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        e.insert(QStringLiteral("LC_ALL"), locale);
        e.insert(QStringLiteral("APP"), QStringLiteral(REDUCESCOPE_APP_BINARY));
        p.setProcessEnvironment(e);
        p.setWorkingDirectory(dir.path());
        p.start(QStringLiteral("sh"), {QStringLiteral("-c"), script});
        p.waitForFinished(60000);
        return std::pair{p.exitCode(), QString::fromUtf8(p.readAllStandardError())};
    };
    const auto [code, err] = run(QStringLiteral("exec \"$APP\" --trace \"$(printf 't\\351.json')\" --screenshot \"$(printf '\\377\\376x.png')\""));
    QVERIFY2(code == 0, qPrintable(err));
    struct stat st {};
    QVERIFY2(::stat((folder + "/\xff\xfex.png").constData(), &st) == 0 && st.st_size > 1000, "written under its own name");
    // Nothing else was written (no file under a name with U+FFFD in it).
    // (readdir, not QDir: Qt 6.4 leaves out names that are not UTF-8.)
    QList<QByteArray> names;
    if (DIR* d = ::opendir(folder.constData())) {
        while (const dirent* e = ::readdir(d))
            if (std::strcmp(e->d_name, ".") != 0 && std::strcmp(e->d_name, "..") != 0)
                names << QByteArray(e->d_name);
        ::closedir(d);
    }
    std::sort(names.begin(), names.end());
    QCOMPARE(names, (QList<QByteArray>{"t\xe9.json", "\xff\xfex.png"}));
    // A name that does not exist is shown with its bytes escaped.
    const auto [missing, why] = run(QStringLiteral("exec \"$APP\" --trace \"$(printf 't\\351\\351.json')\" --screenshot x.png"));
    QCOMPARE(missing, 2);
    QCOMPARE(why, QStringLiteral("reducescope: trace: t\\xe9\\xe9.json: cannot open (No such file or directory)\n"));
    // A results file under such a name loads too.
    const auto [results, said] = run(QStringLiteral("cp \"%1\" \"$(printf 'r\\351.json')\" && exec \"$APP\" --results \"$(printf 'r\\351.json')\" --screenshot r.png")
                                         .arg(QStringLiteral(REDUCESCOPE_SOURCE_DIR "/tests/app/bench/data/fixture_1m.json")));
    QVERIFY2(results == 0, qPrintable(said));
}

// Every --results screenshot printed 7-35 "QCPLayout ... layouting aborted" lines: the two legends
// shared a grid column that the empty one capped below the other's width (bench_chart.cpp).
void TestAppCli::resultsScreenshotsLayOut_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("tab");
    QTest::addRow("one GPU, bars") << "docs/results/h200-2026-11-29/bench_1m_graph_hot.json" << "bench";
    QTest::addRow("sweep over coarse factor") << "docs/results/h200-2026-11-29/goal_1m_loop.json" << "bench";
    QTest::addRow("two-parameter heat map") << "docs/results/h200-2026-12-01/heatmap/heatmap_1m_graph_hot.json" << "bench";
    QTest::addRow("multi-GPU") << "docs/results/h200x2-2026-11-29-multi-gpu/multi_gpu_h200x2.json" << "bench";
    QTest::addRow("fixture, presentation") << "tests/app/bench/data/fixture_1m.json" << "bench";
}

void TestAppCli::resultsScreenshotsLayOut()
{
    QFETCH(QString, path);
    QFETCH(QString, tab);
    QTemporaryDir dir;
    QStringList args{QStringLiteral("--results"), QStringLiteral(REDUCESCOPE_SOURCE_DIR "/") + path, QStringLiteral("--tab"), tab,
                     QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("r.png"))};
    if (QString::fromLatin1(QTest::currentDataTag()).contains(QStringLiteral("presentation")))
        args << QStringLiteral("--present");
    const Run r = runApp(args);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(!r.err.contains(QStringLiteral("QCPLayout")) && !r.err.contains(QStringLiteral("layouting aborted")),
             qPrintable(r.err.left(600)));
    QCOMPARE(r.err, QString());
}

// --kernel FILE --tab step with a kernel the engine refuses: the Step's failure is said (stderr,
// and the kernel editor in front), not the catalogue's model shown in its place (tryout 25).
void TestAppCli::kernelStepThatFailsSaysSo()
{
    QTemporaryDir dir;
    QFile f(dir.filePath(QStringLiteral("sig.cu")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("__global__ void weird(int* data, double* out) { if (threadIdx.x == 0) *out = data[0]; }\n");
    f.close();
    const Run r = runApp({QStringLiteral("--kernel"), f.fileName(), QStringLiteral("--tab"), QStringLiteral("step"),
                          QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("s.png"))});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("kernel: Step made no trace: ")), qPrintable(r.err));
}

void TestAppCli::kernelTakesCommandLineLaunch_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("blockSize");
    QTest::addColumn<QString>("warpSize");
    QTest::addColumn<QString>("banks");
    QTest::addColumn<QString>("grid");
    QTest::addColumn<QString>("elements");
    QTest::addColumn<QString>("shared");
    // Unnamed options leave the pane's fields (the textbook input, an empty block, 32 and 32).
    QTest::addRow("kernel alone") << QStringList{} << "6,2,7,4,5,8,3,1" << "" << "32" << "32" << "" << "" << "";
    QTest::addRow("input") << QStringList{"--input", "1,2,3"} << "1,2,3" << "" << "32" << "32" << "" << "" << "";
    QTest::addRow("input, warp size, banks")
        << QStringList{"--input", "1 2 3 4 5 6 7 8", "--warp-size", "8", "--banks", "16"} << "1 2 3 4 5 6 7 8" << "" << "8" << "16"
        << "" << "" << "";
    QTest::addRow("block size") << QStringList{"--input", "1,2,3,4", "--block-size", "4", "--banks", "4"} << "1,2,3,4" << "4"
                                << "32" << "4" << "" << "" << "";
    // The editor's other launch fields (a one-value-per-thread kernel needs E = 1; new user's try).
    QTest::addRow("grid, elements per thread, shared bytes")
        << QStringList{"--elements-per-thread", "1", "--grid", "3", "--shared-bytes", "2112"} << "6,2,7,4,5,8,3,1" << "" << "32"
        << "32" << "3" << "1" << "2112";
}

// --kernel F.cu with --input, --block-size, --warp-size, --banks: the kernel pane's fields take
// them (tryout: its Step ran on the textbook input instead), and its Step's child gets them.
void TestAppCli::kernelTakesCommandLineLaunch()
{
    QFETCH(QStringList, args);
    QFETCH(QString, input);
    QFETCH(QString, blockSize);
    QFETCH(QString, warpSize);
    QFETCH(QString, banks);
    QFETCH(QString, grid);
    QFETCH(QString, elements);
    QFETCH(QString, shared);
    const app::CommandLineResult r =
        app::parseCommandLine(QStringList{QStringLiteral("reducescope"), QStringLiteral("--kernel"), QStringLiteral("my.cu")} + args);
    QVERIFY2(r.exitCode == -1, qPrintable(r.error));
    app::KernelPane pane;
    pane.setPersistent(false);
    app::applyKernelLaunch(r.options, pane);
    QCOMPARE(pane.inputEdit()->text(), input);
    QCOMPARE(pane.blockSizeEdit()->text(), blockSize);
    QCOMPARE(pane.warpSizeEdit()->text(), warpSize);
    QCOMPARE(pane.banksEdit()->text(), banks);
    QCOMPARE(pane.gridEdit()->text(), grid);
    QCOMPARE(pane.elementsPerThreadEdit()->text(), elements);
    QCOMPARE(pane.sharedBytesEdit()->text(), shared);
    const std::optional<app::KernelRunRequest> request = pane.request(app::KernelRunRequest::Mode::Trace);
    QVERIFY(request);
    const QStringList cli = request->arguments(QStringLiteral("k.cu"));
    QVERIFY2(cli.contains(QStringLiteral("--input=") + input), qPrintable(cli.join(QLatin1Char(' '))));
    QCOMPARE(cli.at(cli.indexOf(QStringLiteral("--warp-size")) + 1), warpSize);
    QCOMPARE(cli.at(cli.indexOf(QStringLiteral("--banks")) + 1), banks);
    QCOMPARE(cli.contains(QStringLiteral("--block-size")), !blockSize.isEmpty());
    if (!blockSize.isEmpty())
        QCOMPARE(cli.at(cli.indexOf(QStringLiteral("--block-size")) + 1), blockSize);
}

REDUCESCOPE_GUI_TEST_MAIN(TestAppCli)
#include "tst_app_cli.moc"
