// SPDX-License-Identifier: GPL-3.0-or-later
// Installs the build into a temporary prefix with `cmake --install`, then checks what a
// desktop gets from the prefix alone: the installed programs run (the app's screenshot of the
// default input and of a shipped results file, the CLI's list and trace), find reducescope-cli and
// the shipped data beside themselves (not in the build tree), and carry the one version number;
// the menu entry and the AppStream metainfo pass their validators; the icons have their sizes; the
// shipped results and traces are complete; every option of each --help is in the man page.
#include "app/bench/benchmark_pane.h"
#include "reducescope/config.h"

#include "gui_test_main.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run {
    int exitCode = -1;
    QString out;
    QString err;
};

// The folder of the first file in docs/results with the recorded 1M graph-mode results.
const QString kResultsFile = QStringLiteral("h200-2026-11-29/final-b0b23a5/bench_1m_graph_hot.json");

QByteArray sha256(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

int distinctColours(const QImage& image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 4)
        for (int x = 0; x < image.width(); x += 4)
            colours.insert(image.pixel(x, y));
    return int(colours.size());
}

} // namespace

class TestInstall : public QObject {
    Q_OBJECT

    QTemporaryDir m_prefix;
    QTemporaryDir m_home;  // HOME, XDG folders and working folder of the installed programs
    QTemporaryDir m_packageDir;  // cpack's output
    QString m_deb;               // the .deb, once built

    QString prefixed(const QString& relative) const { return m_prefix.filePath(relative); }
    QString bin(const QString& program) const { return prefixed(QStringLiteral(RS_BINDIR "/") + program); }
    QString share(const QString& relative) const { return prefixed(QStringLiteral(RS_DATADIR "/") + relative); }

    // Runs an installed program as a desktop would: no build tree on PATH, no REDUCESCOPE_CLI, no
    // XDG data folder holding another ReduceScope, a fresh HOME, headless.
    Run runInstalled(const QString& program, const QStringList& args) const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("REDUCESCOPE_CLI"));
        env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
        env.insert(QStringLiteral("HOME"), m_home.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.filePath(QStringLiteral("data")));
        env.insert(QStringLiteral("XDG_DATA_DIRS"), m_home.filePath(QStringLiteral("nowhere")));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("QT_FONT_DPI"), QStringLiteral("96"));
        env.insert(QStringLiteral("QT_SCALE_FACTOR"), QStringLiteral("1"));
        return run(program, args, env, m_home.path());
    }

    static Run run(const QString& program, const QStringList& args,
                   const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment(),
                   const QString& workingDir = QString())
    {
        QProcess p;
        p.setProcessEnvironment(env);
        if (!workingDir.isEmpty())
            p.setWorkingDirectory(workingDir);
        p.start(program, args);
        Run r;
        if (!p.waitForStarted(10000)) {
            r.err = QStringLiteral("%1 did not start: %2").arg(program, p.errorString());
            return r;
        }
        if (!p.waitForFinished(120000)) {
            p.kill();
            p.waitForFinished();
            r.err = QStringLiteral("%1 timed out").arg(program);
            return r;
        }
        r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = QString::fromUtf8(p.readAllStandardOutput());
        r.err = QString::fromUtf8(p.readAllStandardError());
        return r;
    }

    // A man page as text with roff's escapes for hyphens and fonts removed ("\-\-json" -> "--json").
    static QString manText(const QString& gzPath)
    {
        const Run r = run(QStringLiteral("gzip"), {QStringLiteral("-dc"), gzPath});
        QString text = r.out;
        text.remove(QRegularExpression(QStringLiteral(R"(\\f(\(..|\[[^]]*\]|.))")));
        text.replace(QStringLiteral("\\-"), QStringLiteral("-"));
        text.remove(QStringLiteral("\\&"));
        return text;
    }

    // The text of a man page's section: from the line `.SH NAME` / `.SS NAME` to the next heading
    // of that level or above. Empty when there is no such section.
    static QString manSection(const QString& text, const QString& heading)
    {
        const QStringList lines = text.split(QLatin1Char('\n'));
        const bool sub = heading.startsWith(QLatin1String(".SS"));
        QStringList out;
        bool inside = false;
        for (const QString& line : lines) {
            if (line.trimmed() == heading) {
                inside = true;
                continue;
            }
            if (inside && (line.startsWith(QLatin1String(".SH")) || (sub && line.startsWith(QLatin1String(".SS")))))
                break;
            if (inside)
                out << line;
        }
        return out.join(QLatin1Char('\n'));
    }

    // The options a --help text lists, indented by two spaces (deeper lines continue a
    // description): Qt's "  -h, --help" and "  --strategy <ID>", CLI11's "  -h,--help" and
    // "  --strategy TEXT REQUIRED".
    static QStringList helpOptions(const QString& help)
    {
        QStringList options;
        static const QRegularExpression line(QStringLiteral(R"(^  (?:(-[A-Za-z]),\s?)?(--[A-Za-z][A-Za-z0-9-]*))"),
                                             QRegularExpression::MultilineOption);
        for (auto it = line.globalMatch(help); it.hasNext();) {
            const auto m = it.next();
            if (!m.captured(1).isEmpty())
                options << m.captured(1);
            options << m.captured(2);
        }
        return options;
    }

    // CLI11's "Subcommands:" block: the first word of each indented line after it.
    static QStringList cliSubcommands(const QString& help)
    {
        const qsizetype at = help.indexOf(QLatin1String("Subcommands:"));
        if (at < 0)
            return {};
        QStringList names;
        static const QRegularExpression line(QStringLiteral(R"(^  ([a-z][a-z0-9_-]*)\s)"), QRegularExpression::MultilineOption);
        for (auto it = line.globalMatch(help.mid(at)); it.hasNext();)
            names << it.next().captured(1);
        return names;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_prefix.isValid());
        QVERIFY(m_home.isValid());
        const Run r = run(QStringLiteral(RS_CMAKE_COMMAND),
                          {QStringLiteral("--install"), QStringLiteral(RS_BUILD_DIR), QStringLiteral("--prefix"), m_prefix.path()});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out.right(2000) + r.err.right(2000)));
    }

    void installedFiles_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("pngSize");  // 0: not a PNG, only present and not empty
        QTest::addRow("app") << bin(QStringLiteral("reducescope")) << 0;
        QTest::addRow("cli") << bin(QStringLiteral("reducescope-cli")) << 0;
        QTest::addRow("desktop") << share(QStringLiteral("applications/" RS_APP_ID ".desktop")) << 0;
        QTest::addRow("metainfo") << share(QStringLiteral("metainfo/" RS_APP_ID ".metainfo.xml")) << 0;
        QTest::addRow("svg icon") << share(QStringLiteral("icons/hicolor/scalable/apps/" RS_APP_ID ".svg")) << 0;
        for (const QString& size : QStringLiteral(RS_ICON_SIZES).split(QLatin1Char(','))) {
            QTest::addRow("%spx icon", qPrintable(size))
                << share(QStringLiteral("icons/hicolor/%1x%1/apps/" RS_APP_ID ".png").arg(size)) << size.toInt();
        }
        QTest::addRow("man reducescope") << prefixed(QStringLiteral(RS_MANDIR "/man1/reducescope.1.gz")) << 0;
        QTest::addRow("man reducescope-cli") << prefixed(QStringLiteral(RS_MANDIR "/man1/reducescope-cli.1.gz")) << 0;
        QTest::addRow("README") << share(QStringLiteral("doc/reducescope/README.md")) << 0;
        QTest::addRow("docs") << share(QStringLiteral("doc/reducescope/results-format.md")) << 0;
    }

    void installedFiles()
    {
        QFETCH(QString, path);
        QFETCH(int, pngSize);
        const QFileInfo info(path);
        QVERIFY2(info.isFile() && info.size() > 0, qPrintable(path + QStringLiteral(" is missing or empty")));
        if (path.contains(QLatin1String("/" RS_BINDIR "/")))
            QVERIFY2(info.isExecutable(), qPrintable(path + QStringLiteral(" is not executable")));
        if (pngSize > 0) {
            const QImage image(path);
            QCOMPARE(image.size(), QSize(pngSize, pngSize));
            QVERIFY(image.hasAlphaChannel());
            QVERIFY2(distinctColours(image) >= (pngSize >= 32 ? 4 : 2), "the icon is blank");
        }
    }

    // Every file of docs/results and docs/traces is installed, byte for byte.
    void shippedData_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("installed");
        QTest::addColumn<int>("minimumJson");  // the recordings the benchmark pane lists
        QTest::addRow("results") << QStringLiteral(RS_SOURCE_DIR "/docs/results") << share(QStringLiteral("reducescope/results")) << 20;
        QTest::addRow("traces") << QStringLiteral(RS_SOURCE_DIR "/docs/traces") << share(QStringLiteral("reducescope/traces")) << 3;
    }

    void shippedData()
    {
        QFETCH(QString, source);
        QFETCH(QString, installed);
        QFETCH(int, minimumJson);
        int files = 0, json = 0;
        for (QDirIterator it(source, QDir::Files, QDirIterator::Subdirectories); it.hasNext();) {
            const QString file = it.next();
            const QString copy = installed + QLatin1Char('/') + QDir(source).relativeFilePath(file);
            QVERIFY2(QFileInfo::exists(copy), qPrintable(copy + QStringLiteral(" is not installed")));
            QCOMPARE(sha256(copy), sha256(file));
            ++files;
            json += file.endsWith(QLatin1String(".json"));
        }
        QVERIFY(files > 0);
        QVERIFY2(json >= minimumJson, qPrintable(QStringLiteral("%1 JSON files").arg(json)));
    }

    void validators_data()
    {
        QTest::addColumn<QString>("tool");
        QTest::addColumn<QStringList>("args");
        QTest::addRow("desktop-file-validate")
            << QStringLiteral("desktop-file-validate") << QStringList{share(QStringLiteral("applications/" RS_APP_ID ".desktop"))};
        QTest::addRow("appstreamcli validate")
            << QStringLiteral("appstreamcli")
            << QStringList{QStringLiteral("validate"), QStringLiteral("--no-net"), QStringLiteral("--explain"),
                           share(QStringLiteral("metainfo/" RS_APP_ID ".metainfo.xml"))};
        // The metainfo, the .desktop file and the icon together, as a software centre reads them.
        QTest::addRow("appstreamcli validate-tree")
            << QStringLiteral("appstreamcli")
            << QStringList{QStringLiteral("validate-tree"), QStringLiteral("--no-net"), QStringLiteral("--explain"), m_prefix.path()};
    }

    void validators()
    {
        QFETCH(QString, tool);
        QFETCH(QStringList, args);
        const QString path = QStandardPaths::findExecutable(tool);
        if (path.isEmpty())
            QSKIP(qPrintable(tool + QStringLiteral(" is not installed (Debian: desktop-file-utils, appstream)")));
        const Run r = run(path, args);
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        // Warnings fail the validators already; errors must not hide in an exit status of 0 either.
        QVERIFY2(!r.out.contains(QLatin1String("E: ")) && !r.out.contains(QLatin1String("W: ")), qPrintable(r.out));
    }

    // The one version number of project(VERSION) everywhere it shows.
    void version_data()
    {
        QTest::addColumn<QString>("program");
        QTest::addColumn<QString>("firstLine");
        QTest::addRow("reducescope") << QStringLiteral("reducescope") << QStringLiteral("reducescope " REDUCESCOPE_VERSION);
        QTest::addRow("reducescope-cli") << QStringLiteral("reducescope-cli") << QStringLiteral("reducescope-cli " REDUCESCOPE_VERSION);
    }

    void version()
    {
        QFETCH(QString, program);
        QFETCH(QString, firstLine);
        const Run r = runInstalled(bin(program), {QStringLiteral("--version")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out.split(QLatin1Char('\n')).front(), firstLine);
    }

    void versionInMetadata()
    {
        QFile metainfo(share(QStringLiteral("metainfo/" RS_APP_ID ".metainfo.xml")));
        QVERIFY(metainfo.open(QIODevice::ReadOnly));
        QVERIFY(QString::fromUtf8(metainfo.readAll()).contains(QStringLiteral("<release version=\"" REDUCESCOPE_VERSION "\"")));
        for (const QString& page : {QStringLiteral("reducescope"), QStringLiteral("reducescope-cli")}) {
            const QString text = manText(prefixed(QStringLiteral(RS_MANDIR "/man1/%1.1.gz").arg(page)));
            QVERIFY2(text.contains(QStringLiteral("\"ReduceScope " REDUCESCOPE_VERSION "\"")), qPrintable(page));
        }
    }

    // The installed app finds the CLI and the shipped folders in the prefix, from any working folder.
    void appFindsItsFiles()
    {
        const Run r = runInstalled(bin(QStringLiteral("reducescope")), {QStringLiteral("--version")});
        QCOMPARE(r.exitCode, 0);
        const QDir prefix(QFileInfo(m_prefix.path()).canonicalFilePath());
        auto line = [&](const QString& key) {
            static const QRegularExpression re(QStringLiteral("^([^:\\n]+): (.*)$"), QRegularExpression::MultilineOption);
            for (auto it = re.globalMatch(r.out); it.hasNext();) {
                const auto m = it.next();
                if (m.captured(1) == key)
                    return m.captured(2);
            }
            return QString();
        };
        QCOMPARE(line(QStringLiteral("reducescope-cli")), prefix.filePath(QStringLiteral(RS_BINDIR "/reducescope-cli")));
        QCOMPARE(line(QStringLiteral("recorded results")), prefix.filePath(QStringLiteral(RS_DATADIR "/reducescope/results")));
        QCOMPARE(line(QStringLiteral("example traces")), prefix.filePath(QStringLiteral(RS_DATADIR "/reducescope/traces")));
        QCOMPARE(line(QStringLiteral("CUDA kernels")).startsWith(QLatin1String("yes")), bool(REDUCESCOPE_HAVE_CUDA));
    }

    void cli_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("pattern");  // a line of stdout must match
        QTest::addRow("list: simple") << QStringList{QStringLiteral("list")} << QStringLiteral(R"(^simple\s+stride doubles)");
        QTest::addRow("list: cub") << QStringList{QStringLiteral("list")} << QStringLiteral(R"(^cub\s)");
        QTest::addRow("trace: convergent sums to 36")
            << QStringList{QStringLiteral("trace"), QStringLiteral("--strategy"), QStringLiteral("convergent"),
                           QStringLiteral("--input"), QStringLiteral("6,2,7,4,5,8,3,1")}
            << QStringLiteral(R"(^result\s+36\s+\(float64 reference 36\))");
    }

    void cli()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, pattern);
        const Run r = runInstalled(bin(QStringLiteral("reducescope-cli")), args);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(QRegularExpression(pattern, QRegularExpression::MultilineOption).match(r.out).hasMatch(),
                 qPrintable(r.out.left(3000)));
    }

    void cliTraceJson()
    {
        const Run r = runInstalled(bin(QStringLiteral("reducescope-cli")),
                                   {QStringLiteral("trace"), QStringLiteral("--strategy"), QStringLiteral("simple"),
                                    QStringLiteral("--input"), QStringLiteral("6,2,7,4,5,8,3,1"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject trace = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(trace.value(QStringLiteral("strategy")).toString(), QStringLiteral("simple"));
        QCOMPARE(trace.value(QStringLiteral("result")).toDouble(), 36.0);
        QCOMPARE(trace.value(QStringLiteral("reference")).toDouble(), 36.0);
    }

    void appScreenshot_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addRow("default input") << QStringList{};
        QTest::addRow("shipped results") << QStringList{QStringLiteral("--results"), share(QStringLiteral("reducescope/results/")) + kResultsFile};
        QTest::addRow("shipped trace")
            << QStringList{QStringLiteral("--trace"),
                           share(QStringLiteral("reducescope/traces/h200-2026-11-29/trace_shared_seed_recorded.json"))};
    }

    // The installed app renders exactly what the app in the build tree renders (same window size,
    // same pixels): it found everything it needs in the prefix.
    void appScreenshot()
    {
        QFETCH(QStringList, args);
        const QString installedPng = m_home.filePath(QStringLiteral("installed.png"));
        const QString builtPng = m_home.filePath(QStringLiteral("built.png"));
        QFile::remove(installedPng);
        QFile::remove(builtPng);
        const Run installed = runInstalled(bin(QStringLiteral("reducescope")), args + QStringList{QStringLiteral("--screenshot"), installedPng});
        QVERIFY2(installed.exitCode == 0, qPrintable(installed.err));
        QVERIFY2(!installed.err.contains(QLatin1String("reducescope:")), qPrintable(installed.err));
        const QImage image(installedPng);
        QCOMPARE(image.size(), QSize(1600, 1000));  // MainWindow's first size
        QVERIFY2(distinctColours(image) > 20, "the screenshot is nearly blank");
        const Run built = runInstalled(QStringLiteral(RS_APP_BINARY), args + QStringList{QStringLiteral("--screenshot"), builtPng});
        QVERIFY2(built.exitCode == 0, qPrintable(built.err));
        QCOMPARE(image, QImage(builtPng));
    }

    // Every option each --help lists is described in its man page, in the right section.
    void manPages_data()
    {
        QTest::addColumn<QString>("program");
        QTest::addColumn<QStringList>("helpArgs");
        QTest::addColumn<QString>("section");
        QTest::addRow("reducescope") << QStringLiteral("reducescope") << QStringList{QStringLiteral("--help")} << QStringLiteral(".SH OPTIONS");
        QTest::addRow("reducescope-cli") << QStringLiteral("reducescope-cli") << QStringList{QStringLiteral("--help")} << QStringLiteral(".SH OPTIONS");
        const Run top = runInstalled(bin(QStringLiteral("reducescope-cli")), {QStringLiteral("--help")});
        const QStringList subcommands = cliSubcommands(top.out);
        QVERIFY2(subcommands.contains(QStringLiteral("trace")), qPrintable(top.out));
        for (const QString& sub : subcommands)
            QTest::addRow("reducescope-cli %s", qPrintable(sub))
                << QStringLiteral("reducescope-cli") << QStringList{sub, QStringLiteral("--help")} << QStringLiteral(".SS ") + sub;
    }

    void manPages()
    {
        QFETCH(QString, program);
        QFETCH(QStringList, helpArgs);
        QFETCH(QString, section);
        const Run help = runInstalled(bin(program), helpArgs);
        QCOMPARE(help.exitCode, 0);
        const QStringList options = helpOptions(help.out);
        QVERIFY2(options.contains(QStringLiteral("--help")), qPrintable(help.out));
        const QString text = manSection(manText(prefixed(QStringLiteral(RS_MANDIR "/man1/%1.1.gz").arg(program))), section);
        QVERIFY2(!text.isEmpty(), qPrintable(QStringLiteral("%1(1) has no section \"%2\"").arg(program, section)));
        // -h/--help of a subcommand is described once, under OPTIONS ("... or of the subcommand it follows").
        const QString common = manSection(manText(prefixed(QStringLiteral(RS_MANDIR "/man1/%1.1.gz").arg(program))),
                                          QStringLiteral(".SH OPTIONS"));
        for (const QString& option : options) {
            const QRegularExpression word(QStringLiteral("(^|[^A-Za-z0-9-])%1($|[^A-Za-z0-9-])").arg(QRegularExpression::escape(option)));
            const bool helpOption = option == QLatin1String("-h") || option == QLatin1String("--help");
            QVERIFY2(word.match(text).hasMatch() || (helpOption && word.match(common).hasMatch()),
                     qPrintable(QStringLiteral("%1 %2 is not in %3(1), section \"%4\"").arg(program, option, program, section)));
        }
    }

    // The man pages format without a warning (groff checks the macros).
    void manPagesFormat_data()
    {
        QTest::addColumn<QString>("page");
        QTest::addRow("reducescope") << QStringLiteral("reducescope");
        QTest::addRow("reducescope-cli") << QStringLiteral("reducescope-cli");
    }

    void manPagesFormat()
    {
        QFETCH(QString, page);
        const QString man = QStandardPaths::findExecutable(QStringLiteral("man"));
        if (man.isEmpty())
            QSKIP("man is not installed (Debian: man-db)");
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("MANWIDTH"), QStringLiteral("100"));
        env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
        const Run r = run(man, {QStringLiteral("--warnings"), QStringLiteral("-l"),
                                prefixed(QStringLiteral(RS_MANDIR "/man1/%1.1.gz").arg(page))}, env);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.trimmed().isEmpty(), qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("EXIT STATUS")), qPrintable(r.out.left(500)));
    }

    // `cpack -G DEB` (once, for every row): the package's control fields and files. Depends come
    // from dpkg-shlibdeps (the libraries actually linked): Qt 6 and QCustomPlot, and no CUDA or
    // NCCL package, since the CUDA runtime is linked statically.
    void debPackage_data()
    {
        QTest::addColumn<QString>("check");  // "field NAME" or "file PATH" (in dpkg-deb -c)
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<bool>("present");
        QTest::addRow("Package") << QStringLiteral("field Package") << QStringLiteral("^reducescope$") << true;
        QTest::addRow("Version") << QStringLiteral("field Version") << QStringLiteral("^" REDUCESCOPE_VERSION "$") << true;
        QTest::addRow("Depends: Qt 6 widgets") << QStringLiteral("field Depends") << QStringLiteral(R"(\blibqt6widgets6\b)") << true;
        QTest::addRow("Depends: Qt 6 SVG") << QStringLiteral("field Depends") << QStringLiteral(R"(\blibqt6svg6\b)") << true;
        QTest::addRow("Depends: QCustomPlot") << QStringLiteral("field Depends") << QStringLiteral(R"(\blibqcustomplot)") << true;
        QTest::addRow("Depends: no CUDA") << QStringLiteral("field Depends") << QStringLiteral("(?i)cuda|nvidia|nccl") << false;
        for (const QString& file : {QStringLiteral("bin/reducescope"), QStringLiteral("bin/reducescope-cli"),
                                    QStringLiteral("share/applications/" RS_APP_ID ".desktop"),
                                    QStringLiteral("share/metainfo/" RS_APP_ID ".metainfo.xml"),
                                    QStringLiteral("share/icons/hicolor/256x256/apps/" RS_APP_ID ".png"),
                                    QStringLiteral("share/man/man1/reducescope-cli.1.gz"),
                                    QStringLiteral("share/reducescope/results/") + kResultsFile,
                                    QStringLiteral("share/reducescope/traces/h200-2026-11-29/trace_shared_seed_recorded.json")})
            QTest::addRow("/usr/%s", qPrintable(file))
                << QStringLiteral("file") << QStringLiteral("^\\S+\\s.*\\./usr/%1$").arg(QRegularExpression::escape(file)) << true;
    }

    void debPackage()
    {
        QFETCH(QString, check);
        QFETCH(QString, pattern);
        QFETCH(bool, present);
        if (QStandardPaths::findExecutable(QStringLiteral("dpkg-shlibdeps")).isEmpty()
            || QStandardPaths::findExecutable(QStringLiteral("dpkg-deb")).isEmpty())
            QSKIP("dpkg-dev is not installed (cpack -G DEB runs dpkg-shlibdeps)");
        if (RS_NCCL_OUTSIDE_DPKG)
            QSKIP("this build links an NCCL that no Debian package provides: cpack refuses it (configure with -DREDUCESCOPE_NCCL=OFF)");
        if (m_deb.isEmpty()) {
            QVERIFY(m_packageDir.isValid());
            const Run r = run(QStringLiteral(RS_CPACK_COMMAND),
                              {QStringLiteral("-G"), QStringLiteral("DEB"), QStringLiteral("--config"),
                               QStringLiteral(RS_BUILD_DIR "/CPackConfig.cmake"), QStringLiteral("-B"), m_packageDir.path()});
            QVERIFY2(r.exitCode == 0, qPrintable(r.out.right(2000) + r.err.right(2000)));
            const QStringList debs = QDir(m_packageDir.path()).entryList({QStringLiteral("reducescope_" REDUCESCOPE_VERSION "_*.deb")});
            QCOMPARE(debs.size(), 1);
            m_deb = m_packageDir.filePath(debs.front());
        }
        const QStringList words = check.split(QLatin1Char(' '));
        const Run r = words.front() == QLatin1String("field")
            ? run(QStringLiteral("dpkg-deb"), {QStringLiteral("-f"), m_deb, words.at(1)})
            : run(QStringLiteral("dpkg-deb"), {QStringLiteral("-c"), m_deb});
        QCOMPARE(r.exitCode, 0);
        const bool found = QRegularExpression(pattern, QRegularExpression::MultilineOption).match(r.out.trimmed()).hasMatch();
        QVERIFY2(found == present, qPrintable(QStringLiteral("%1 %2 /%3/:\n%4").arg(check, present ? QStringLiteral("lacks") : QStringLiteral("has"), pattern, r.out.left(3000))));
    }

    // A build without nvcc says so in the benchmark pane and points at recorded results; a build
    // with the kernels does not.
    void benchmarkPaneWithoutKernels()
    {
        reducescope::app::BenchmarkPane pane;
        pane.show();
        QCoreApplication::processEvents();
        const QString text = pane.deviceText();
        QCOMPARE(text.contains(QLatin1String("no CUDA kernels")), !REDUCESCOPE_HAVE_CUDA);
        if (!REDUCESCOPE_HAVE_CUDA)
            QVERIFY2(text.contains(QLatin1String("Open results")), qPrintable(text));
    }
};

REDUCESCOPE_GUI_TEST_MAIN(TestInstall)
#include "tst_install.moc"
