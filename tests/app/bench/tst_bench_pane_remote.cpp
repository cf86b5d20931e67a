// SPDX-License-Identifier: GPL-3.0-or-later
// The benchmark pane through a GPU host over a real sshd (started by tests/remote/tst_remote_pane.sh,
// which sets RS_DEST, the host CLIs RS_HOST_OK / RS_HOST_SLEEP and REDUCESCOPE_CLI): a whole run
// fills the pane and is saved under the host's name; Cancel leaves nothing on the host within 5 s
// and keeps the rows received, the saved file marked incomplete. Skips (77) when not started by
// that script.
#include "app/bench/bench_runner.h"
#include "app/bench/bench_table_model.h"
#include "app/bench/benchmark_pane.h"
#include "app/common/gpu_host.h"
#include "bench/results_file.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QtTest/QtTest>

using namespace reducescope;
using app::BenchmarkPane;
using app::BenchOutcome;

namespace {

BenchOutcome waitForFinish(QSignalSpy& finished)
{
    if (finished.isEmpty() && !finished.wait(60000))
        return {};
    return finished.takeFirst().at(0).value<BenchOutcome>();
}

/// Whether a process whose command line holds `mark` runs on the "host" (this machine).
bool running(const QString& mark)
{
    QProcess p;
    p.start(QStringLiteral("pgrep"), {QStringLiteral("-f"), mark});
    p.waitForFinished(5000);
    return p.exitCode() == 0;
}

app::GpuHost host(const char* cliVariable)
{
    app::GpuHost h;
    h.destination = qEnvironmentVariable("RS_DEST");
    h.hostCli = qEnvironmentVariable(cliVariable);
    return h;
}

} // namespace

class TestBenchPaneRemote : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void wholeRunThroughTheHost();
    void cancelLeavesNothingOnTheHost();
};

void TestBenchPaneRemote::initTestCase()
{
    if (qEnvironmentVariableIsEmpty("RS_DEST"))
        QSKIP("needs the sshd of tests/remote/tst_remote_pane.sh (ctest runs it)");
}

void TestBenchPaneRemote::wholeRunThroughTheHost()
{
    app::setCurrentGpuHost(host("RS_HOST_OK"));
    BenchmarkPane pane;
    QSignalSpy finished(&pane, &BenchmarkPane::runFinished);
    QSignalSpy results(pane.runner(), &app::BenchRunner::resultReady);
    QVERIFY(pane.run());
    const BenchOutcome o = waitForFinish(finished);
    QVERIFY2(o.kind == BenchOutcome::Kind::Completed, qPrintable(o.message));
    QCOMPARE(results.count(), 4);  // the fake run's four results, streamed through ssh
    QCOMPARE(pane.tableModel()->rowCount(), 4);
    QCOMPARE(QString::fromStdString(pane.shownDocument().gpu_host.value_or("")), qEnvironmentVariable("RS_DEST"));
    QVERIFY2(pane.deviceText().contains(QStringLiteral("from GPU host ") + qEnvironmentVariable("RS_DEST")),
             qPrintable(pane.deviceText()));
    // Saved here under the host's name, and it reads back with the same results.
    const QString saved = pane.runner()->savedPath();
    QVERIFY2(saved.startsWith(app::remoteResultsFolder() + QStringLiteral("/127.0.0.1/")), qPrintable(saved));
    QFile f(saved);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const bench::ResultsFile file = bench::read_results(f.readAll().toStdString());
    QCOMPARE(file.results.size(), std::size_t(4));
    QCOMPARE(file.gpu_host.value_or(""), qEnvironmentVariable("RS_DEST").toStdString());
    QVERIFY(!file.incomplete);
    QCOMPARE(app::recentResults().value(0), saved);
}

void TestBenchPaneRemote::cancelLeavesNothingOnTheHost()
{
    const QString mark = qEnvironmentVariable("RS_SLEEP_MARK");
    app::setCurrentGpuHost(host("RS_HOST_SLEEP"));
    BenchmarkPane pane;
    QSignalSpy finished(&pane, &BenchmarkPane::runFinished);
    QSignalSpy results(pane.runner(), &app::BenchRunner::resultReady);
    QVERIFY(pane.run());
    QTRY_COMPARE_WITH_TIMEOUT(results.count(), 2, 20000);  // two results before the host waits
    QTRY_VERIFY_WITH_TIMEOUT(running(mark), 5000);
    pane.cancel();
    const BenchOutcome o = waitForFinish(finished);
    QCOMPARE(o.kind, BenchOutcome::Kind::Cancelled);
    QCOMPARE(pane.tableModel()->rowCount(), 2);
    QElapsedTimer gone;
    gone.start();
    // Within 5 s of the end: neither the run's child nor the host's remote-serve of it is left.
    const QString serve = QStringLiteral("remote-serve --lock-dir ") + qEnvironmentVariable("RS_HOST_SLEEP").section(QLatin1Char('/'), 0, -2);
    QTRY_VERIFY_WITH_TIMEOUT(!running(mark) && !running(serve), 5000);
    qInfo("the host's processes were gone %lld ms after the run ended", gone.elapsed());
    const QString saved = pane.runner()->savedPath();
    QVERIFY(!saved.isEmpty());
    QFile f(saved);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const bench::ResultsFile file = bench::read_results(f.readAll().toStdString());
    QCOMPARE(file.results.size(), std::size_t(2));
    QVERIFY2(file.incomplete && file.incomplete->find("cancel") != std::string::npos, file.incomplete.value_or("").c_str());
}

QTEST_MAIN(TestBenchPaneRemote)
#include "tst_bench_pane_remote.moc"
