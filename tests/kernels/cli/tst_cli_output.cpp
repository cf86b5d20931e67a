// SPDX-License-Identifier: GPL-3.0-or-later
// Output failures: every reducescope-cli command whose stdout is closed (`>&-`) or full
// (/dev/full) says so in one line on stderr and exits 74 instead of 0; an output file is written
// to a temporary file and renamed (cli::write_output_file), so an old file survives a failure.
#include "cli/commands.h"
#include "cli/output.h"
#include "cli_run.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <csignal>

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

using reducescope::testing::Run;

// Runs the CLI through sh so that stdout can be closed or sent to a device: `redirect` is a
// shell redirection of descriptor 1 (">&-", ">/dev/full") or empty.
Run runCli(const QStringList& args, const QString& redirect = {})
{
    return reducescope::testing::run_program(
        QStringLiteral("sh"),
        QStringList{QStringLiteral("-c"), QStringLiteral("exec \"$0\" \"$@\" ") + redirect, QStringLiteral(REDUCESCOPE_CLI_PATH)} + args,
        {}, 120000);  // a hang guard
}

bool haveGpu()
{
    static const bool gpu = runCli({QStringLiteral("devices")}).code == 0;
    return gpu;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

} // namespace

class TestCliOutput : public QObject {
    Q_OBJECT
private slots:
    void stdoutFailure_data();
    void stdoutFailure();
    void jsonFileOnFullDevice_data();
    void jsonFileOnFullDevice();
    void writeOutputFile_data();
    void writeOutputFile();
    void writeOutputFileKeepsModeAndLink();
    void writeOutputFileRefusals_data();
    void writeOutputFileRefusals();
    void failedWriteKeepsOldFile();
    void fileSizeLimit_data();
    void fileSizeLimit();
};

// `ulimit -f`: SIGXFSZ is ignored (main.cpp), so the short write is reported, exit 74, instead of
// the process being killed by the signal (issue 28).
void TestCliOutput::fileSizeLimit_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addRow("list --json") << QStringList{"list", "--json"};
    QTest::addRow("trace --json") << QStringList{"trace", "--strategy", "shared", "--input", "1,2,3,4,5,6,7,8", "--json"};
    QTest::addRow("--help") << QStringList{"--help"};
}

void TestCliOutput::fileSizeLimit()
{
    QFETCH(QStringList, args);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("out.txt"));
    QProcess p;
    // 1 block of 512 bytes (dash's ulimit -f counts 512-byte blocks; bash's too in POSIX mode).
    p.setProgram(QStringLiteral("sh"));
    p.setArguments(QStringList{QStringLiteral("-c"), QStringLiteral("ulimit -f 1 && exec \"$0\" \"$@\" >\"$OUT\""),
                               QStringLiteral(REDUCESCOPE_CLI_PATH)} + args);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("OUT"), out);
    p.setProcessEnvironment(env);
    p.start();
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);  // not killed by SIGXFSZ
    QCOMPARE(p.exitCode(), int(reducescope::cli::kOutputError));
    QCOMPARE(QString::fromUtf8(p.readAllStandardError()), QStringLiteral("reducescope-cli: cannot write stdout: File too large\n"));
    QCOMPARE(QFileInfo(out).size(), qint64(512));
}

void TestCliOutput::stdoutFailure_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<bool>("needsGpu");   // without a GPU the command writes nothing and exits 77
    QTest::addColumn<QString>("redirect");
    QTest::addColumn<QString>("reason");
    const QList<QPair<QString, QStringList>> commands{
        {QStringLiteral("list"), {QStringLiteral("list")}},
        {QStringLiteral("trace table"), {"trace", "--strategy", "simple", "--input", "1,2"}},
        {QStringLiteral("trace json"), {"trace", "--strategy", "simple", "--input", "1,2", "--json"}},
        {QStringLiteral("help"), {QStringLiteral("--help")}},
        {QStringLiteral("trace help"), {QStringLiteral("trace"), QStringLiteral("--help")}},
        {QStringLiteral("devices"), {QStringLiteral("devices")}},
        {QStringLiteral("devices json"), {QStringLiteral("devices"), QStringLiteral("--json")}},
        {QStringLiteral("bench"), {"bench", "--n", "1024", "--reps", "1", "--warmup", "0", "--strategies", "simple"}},
        {QStringLiteral("selftest"), {"selftest", "--max-n", "1", "--strategies", "simple", "--block-sizes", "32",
                                      "--coarse-factors", "1"}},
        {QStringLiteral("trace on GPU"), {"trace", "--strategy", "shared", "--input", "1,2", "--on-gpu"}},
    };
    for (const auto& [name, args] : commands) {
        const bool gpu = args.front() == QStringLiteral("devices") || args.front() == QStringLiteral("bench")
            || args.front() == QStringLiteral("selftest") || args.contains(QStringLiteral("--on-gpu"));
        QTest::addRow("%s, stdout closed", qPrintable(name)) << args << gpu << ">&-" << "Bad file descriptor";
        QTest::addRow("%s, /dev/full", qPrintable(name)) << args << gpu << ">/dev/full" << "No space left on device";
    }
}

void TestCliOutput::stdoutFailure()
{
    QFETCH(QStringList, args);
    QFETCH(bool, needsGpu);
    QFETCH(QString, redirect);
    QFETCH(QString, reason);
    if (redirect.contains(QStringLiteral("/dev/full")) && !QFileInfo::exists(QStringLiteral("/dev/full")))
        QSKIP("this system has no /dev/full");
    const Run r = runCli(args, redirect);
    if (needsGpu && !haveGpu()) {
        // Nothing reaches stdout: the refusal is about the GPU, not about the output.
        QCOMPARE(r.code, int(reducescope::cli::kNoDevice));
        QVERIFY2(!r.err.contains("stdout"), r.err.constData());
        return;
    }
    QCOMPARE(r.code, int(reducescope::cli::kOutputError));
    const QList<QByteArray> lines = r.err.trimmed().split('\n');
    QVERIFY2(lines.size() == 1 || needsGpu, r.err.constData());  // bench on a GPU may add its own lines
    QVERIFY2(r.err.contains("reducescope-cli: cannot write stdout: " + reason.toUtf8() + "\n"), r.err.constData());
}

// bench --json /dev/full: refused before anything runs (a device is not a results
// file; the writer's own failure path, exit 74, is writeOutputFile's), with or without a GPU, in
// the single-GPU bench and in the multi-GPU one (--gpus, cli_multi_gpu.cpp), which shares the
// up-front check (cli_bench.cpp resolve -> check_json_path).
void TestCliOutput::jsonFileOnFullDevice_data()
{
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("why");
    const QString device = QStringLiteral("a device; results are written to a regular file");
    QTest::addRow("one GPU, /dev/full") << QStringList{} << "/dev/full" << device;
    // /dev/null too (docs/reliability.md): results are renamed into place, never written into a
    // device; to keep only the JSON lines on stdout, leave out --json.
    QTest::addRow("one GPU, /dev/null") << QStringList{} << "/dev/null" << device;
    QTest::addRow("--gpus 1, /dev/full") << QStringList{"--gpus", "1"} << "/dev/full" << device;
    QTest::addRow("--gpus 2, /dev/full") << QStringList{"--gpus", "2"} << "/dev/full" << device;
    QTest::addRow("--gpus 2, a directory") << QStringList{"--gpus", "2"} << "/" << "a directory";
    QTest::addRow("--gpus 2, no such directory") << QStringList{"--gpus", "2"} << "/nonexistent/dir/x.json"
                                                 << "no such directory";
}

void TestCliOutput::jsonFileOnFullDevice()
{
    QFETCH(QStringList, extra);
    QFETCH(QString, path);
    QFETCH(QString, why);
    if (path == QStringLiteral("/dev/full") && !QFileInfo::exists(path))
        QSKIP("this system has no /dev/full");
    const Run r = runCli(QStringList{"bench", "--n", "1024", "--reps", "1", "--warmup", "0", "--strategies", "vectorized"} +
                         extra + QStringList{"--json", path});
    QCOMPARE(r.code, int(reducescope::cli::kBadInput));
    const QByteArray message = ("reducescope-cli: --json must be a writable file path (got " + path + ": " + why + ")\n").toUtf8();
    QVERIFY2(r.err == message, r.err.constData());  // one line, nothing ran
    QVERIFY(r.out.isEmpty());
}

void TestCliOutput::writeOutputFile_data()
{
    QTest::addColumn<QByteArray>("old");  // "" = no file there before
    QTest::addColumn<QByteArray>("text");
    QTest::addRow("new file") << QByteArray() << QByteArray("{\"results\":[]}\n");
    QTest::addRow("replaces a longer file") << QByteArray(100000, 'x') << QByteArray("short\n");
    QTest::addRow("replaces a shorter file") << QByteArray("old\n") << QByteArray(300000, 'y');
    QTest::addRow("empty text") << QByteArray("old\n") << QByteArray();
}

void TestCliOutput::writeOutputFile()
{
    QFETCH(QByteArray, old);
    QFETCH(QByteArray, text);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("out.json"));
    if (!old.isEmpty()) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(old) == old.size());
    }
    reducescope::cli::write_output_file(path.toStdString(), std::string_view(text.constData(), size_t(text.size())));
    QCOMPARE(readAll(path), text);
    // No temporary file is left beside it.
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("out.json")});
}

void TestCliOutput::writeOutputFileKeepsModeAndLink()
{
    QTemporaryDir dir;
    const QString target = dir.filePath(QStringLiteral("target.json"));
    const QString link = dir.filePath(QStringLiteral("link.json"));
    QFile f(target);
    QVERIFY(f.open(QIODevice::WriteOnly) && f.write("old") == 3);
    f.close();
    QVERIFY(::chmod(target.toLocal8Bit().constData(), 0640) == 0);
    QVERIFY(QFile::link(target, link));
    reducescope::cli::write_output_file(link.toStdString(), "new\n");
    QCOMPARE(readAll(target), QByteArray("new\n"));
    QVERIFY(QFileInfo(link).isSymLink());  // the link stays a link: its target was replaced
    struct stat st {};
    QVERIFY(::stat(target.toLocal8Bit().constData(), &st) == 0);
    QCOMPARE(int(st.st_mode & 0777), 0640);
    // A device is written as it is, never renamed over.
    reducescope::cli::write_output_file("/dev/null", "discarded\n");
    QVERIFY(QFileInfo(QStringLiteral("/dev/null")).exists() && !QFileInfo(QStringLiteral("/dev/null")).isFile());
}

void TestCliOutput::writeOutputFileRefusals_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("reason");
    QTest::addRow("directory") << "dir" << "a directory";
    QTest::addRow("missing directory") << "missing" << "No such file or directory";
    QTest::addRow("dangling link") << "dangling" << "a symbolic link whose target cannot be reached";
    QTest::addRow("FIFO without a reader") << "fifo" << "a FIFO with no reader";
    QTest::addRow("/dev/full") << "full" << "No space left on device";
}

void TestCliOutput::writeOutputFileRefusals()
{
    QFETCH(QString, kind);
    QFETCH(QString, reason);
    QTemporaryDir dir;
    QString path = dir.filePath(QStringLiteral("x.json"));
    if (kind == QStringLiteral("dir"))
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("x.json")));
    else if (kind == QStringLiteral("missing"))
        path = dir.filePath(QStringLiteral("no/such/x.json"));
    else if (kind == QStringLiteral("dangling"))
        QVERIFY(QFile::link(dir.filePath(QStringLiteral("nowhere.json")), path));
    else if (kind == QStringLiteral("fifo"))
        QVERIFY(::mkfifo(path.toLocal8Bit().constData(), 0600) == 0);
    else if (kind == QStringLiteral("full")) {
        if (!QFileInfo::exists(QStringLiteral("/dev/full")))
            QSKIP("this system has no /dev/full");
        path = QStringLiteral("/dev/full");
    }
    try {
        reducescope::cli::write_output_file(path.toStdString(), "text\n");
        QFAIL("written");
    } catch (const reducescope::cli::OutputError& e) {
        const QString what = QString::fromUtf8(e.what());
        QVERIFY2(what.startsWith(QStringLiteral("cannot write ")) && what.contains(reason), qPrintable(what));
    }
    if (kind != QStringLiteral("full") && kind != QStringLiteral("missing"))  // no temporary file left beside it
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot).size(), 1);
}

// A write that fails half-way (here: over the file size limit, EFBIG) leaves the old file as it
// was and no temporary file.
void TestCliOutput::failedWriteKeepsOldFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("results.json"));
    const QByteArray old("{\"old\": true}\n");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly) && f.write(old) == old.size());
    f.close();
    const auto previous = ::signal(SIGXFSZ, SIG_IGN);
    rlimit saved {};
    QVERIFY(::getrlimit(RLIMIT_FSIZE, &saved) == 0);
    rlimit small = saved;
    small.rlim_cur = 4096;
    QVERIFY(::setrlimit(RLIMIT_FSIZE, &small) == 0);
    QString what;
    try {
        reducescope::cli::write_output_file(path.toStdString(), std::string(100000, 'n'));
    } catch (const reducescope::cli::OutputError& e) {
        what = QString::fromUtf8(e.what());
    }
    ::setrlimit(RLIMIT_FSIZE, &saved);
    ::signal(SIGXFSZ, previous);
    QVERIFY2(what.contains(QStringLiteral("File too large")), qPrintable(what));
    QCOMPARE(readAll(path), old);
    QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
             QStringList{QStringLiteral("results.json")});
}

QTEST_APPLESS_MAIN(TestCliOutput)
#include "tst_cli_output.moc"
