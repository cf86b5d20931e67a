// SPDX-License-Identifier: GPL-3.0-or-later
// The app's command line: bad arguments give one line naming the field and range (exit 2),
// --screenshot renders offscreen and exits 0, no display gives instructions (exit 1).
#include "../views/gui_test_main.h"

#include "app/command_line.h"

#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace reducescope;

namespace {

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
    if (!p.waitForFinished(20000))
        return r;
    r.code = p.exitCode();
    r.out = QString::fromLocal8Bit(p.readAllStandardOutput());
    r.err = QString::fromLocal8Bit(p.readAllStandardError());
    return r;
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
    void noDisplay();
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
    QTest::addRow("step 0") << QStringList{"--step", "0"} << 2 << "1 or more";
    QTest::addRow("unknown option") << QStringList{"--colour", "red"} << 2 << "colour";
}

void TestAppCli::parse()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, mentions);
    const app::CommandLineResult r = app::parseCommandLine(QStringList{QStringLiteral("reducescope")} + args);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(r.error.contains(mentions), qPrintable(r.error));
    if (exitCode == 0)
        QVERIFY(r.output.startsWith(QStringLiteral("Usage: ")) && !r.output.contains(QStringLiteral("<executable_name>")));
    if (exitCode == 2)
        QVERIFY(!r.error.contains(QLatin1Char('\n')));
}

void TestAppCli::badArgumentsExit2_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("block size") << QStringList{"--block-size", "3"} << "block-size must be a power of two in 1..1024";
    QTest::addRow("step past the end") << QStringList{"--strategy", "simple", "--step", "99"} << "step must be in 1..";
    QTest::addRow("missing results") << QStringList{"--results", "/nonexistent/results.json"} << "results.json";
}

void TestAppCli::badArgumentsExit2()
{
    QFETCH(QStringList, args);
    QFETCH(QString, mentions);
    const Run r = runApp(args);
    QCOMPARE(r.code, 2);
    QVERIFY(r.out.isEmpty());
    const QStringList lines = r.err.split(QLatin1Char('\n'), Qt::SkipEmptyParts).filter(QStringLiteral("reducescope:"));
    QCOMPARE(lines.size(), 1);
    QVERIFY2(lines.front().contains(mentions), qPrintable(r.err));
}

void TestAppCli::screenshot_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addRow("default") << QStringList{};
    QTest::addRow("simple step 2") << QStringList{"--strategy", "simple", "--step", "2"};
    QTest::addRow("compare") << QStringList{"--strategy", "simple", "--compare", "convergent", "--step", "1"};
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

REDUCESCOPE_GUI_TEST_MAIN(TestAppCli)
#include "tst_app_cli.moc"
