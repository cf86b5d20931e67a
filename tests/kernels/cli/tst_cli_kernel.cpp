// SPDX-License-Identifier: GPL-3.0-or-later
// `reducescope-cli kernel check` and `kernel trace` (docs/your-own-kernel.md), run as a child
// process: exit codes 0 / 1 (a fault) / 2 (bad input, a source that does not compile) / 74 (output
// not written), the stderr lines' FILE:LINE:COL form, the JSON, and the source on stdin.
#include "cli_run.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <QtTest/QtTest>

#include <cstdlib>

namespace {

using reducescope::testing::Run;
using reducescope::testing::run_cli;

const QByteArray kGood = R"(__global__ void convergent(float* input, float* output)
{
    float* segment = input + 2 * blockDim.x * blockIdx.x;
    for (unsigned int stride = blockDim.x; stride >= 1; stride /= 2) {
        if (threadIdx.x < stride)
            segment[threadIdx.x] += segment[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) *output = segment[0];
}
)";

const QByteArray kRace = "__global__ void race(const float* input, float* output, unsigned n)\n{\n"
                         "    if (threadIdx.x < n)\n        *output += input[threadIdx.x];\n}\n";

const QByteArray kBroken = "__global__ void k(float* a, float* b)\n{\n    a[0] = ;\n}\n";

} // namespace

class TstCliKernel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void check();
    void catalogueFilesCheck_data();
    void catalogueFilesCheck();
    void trace();
    void fault();
    void does_not_compile();
    void bad_input();
    void output_not_written();
    void stdin_source();
    void hostile();
    void notUtf8Sources();

private:
    QString file(const char* name, const QByteArray& text)
    {
        const QString path = m_dir.filePath(QString::fromLatin1(name));
        QFile f(path);
        if (f.open(QIODevice::WriteOnly))
            f.write(text);
        return path;
    }
    QTemporaryDir m_dir;
};

void TstCliKernel::check()
{
    const Run r = run_cli({"kernel", "check", "--source", file("good.cu", kGood), "--json"});
    QCOMPARE(r.code, 0);
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    const QJsonArray k = j["kernels"].toArray();
    QCOMPARE(k.size(), 1);
    QCOMPARE(k[0].toObject()["name"].toString(), QString("convergent"));
    QCOMPARE(k[0].toObject()["line"].toInt(), 1);
    QCOMPARE(k[0].toObject()["signature"].toString(), QString("in_place"));
    QVERIFY(j["diagnostics"].toArray().isEmpty());
}

void TstCliKernel::catalogueFilesCheck_data()
{
    // What File ▸ New kernel from a strategy hands the engine: each catalogue file as it is. The
    // kernels it lists, by name, with none refused (the toolkit-only kernels stand behind
    // #ifndef REDUCESCOPE_SIMT, and no default instantiation may name one of them).
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("kernels");
    QTest::addRow("reduce_basic.cu") << "reduce_basic.cu"
                                     << QStringList{"simple_reduce_sum", "convergent_reduce_sum", "convergent_reversed_reduce_sum",
                                                    "interleaved_strided_reduce_sum", "interleaved_padded_reduce_sum",
                                                    "shared_reduce_sum", "warp_unrolled_reduce_sum"};
    QTest::addRow("reduce_multiblock.cu") << "reduce_multiblock.cu"
                                          << QStringList{"segmented_reduce_sum", "atomic_naive_reduce_sum", "race_reduce_sum"};
    QTest::addRow("reduce_warp.cu") << "reduce_warp.cu"
                                    << QStringList{"warp_shuffle_reduce_sum", "block_reduce_reduce_sum", "two_pass_partials",
                                                   "two_pass_final"};
}

void TstCliKernel::catalogueFilesCheck()
{
    QFETCH(QString, file);
    QFETCH(QStringList, kernels);
    const Run r = run_cli({"kernel", "check", "--source", QStringLiteral(REDUCESCOPE_SOURCE_DIR "/kernels/cuda/") + file, "--json"});
    QVERIFY2(r.code == 0, r.err.constData());
    QStringList names;
    for (const QJsonValue& k : QJsonDocument::fromJson(r.out).object()["kernels"].toArray()) {
        names << k.toObject()["name"].toString();
        QVERIFY2(!k.toObject().contains("refusal"), qPrintable(k.toObject()["refusal"].toString()));
    }
    QCOMPARE(names, kernels);
}

void TstCliKernel::trace()
{
    const Run r = run_cli({"kernel", "trace", "--source", file("good.cu", kGood), "--input", "6,2,7,4,5,8,3,1", "--json"});
    QCOMPARE(r.code, 0);
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(j["result"].toDouble(), 36.0);
    QCOMPARE(j["strategy"].toString(), QString("convergent"));
    QCOMPARE(j["steps"].toArray().size(), 4);  // strides 4, 2, 1, then the store
    QVERIFY(j["own_source"].toString().startsWith("__global__"));
    QVERIFY(!j.contains("faults"));
    const Run t = run_cli({"kernel", "trace", "--source", file("good.cu", kGood), "--input", "6,2,7,4,5,8,3,1"});
    QCOMPARE(t.code, 0);
    QVERIFY(t.out.contains("kernel   convergent"));
    QVERIFY(t.out.contains("result   36"));
}

void TstCliKernel::fault()
{
    const QString path = file("race.cu", kRace);
    const Run r = run_cli({"kernel", "trace", "--source", path, "--input", "1,2,3,4", "--json"});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.startsWith((path + ":4:").toUtf8()), r.err.constData());
    QVERIFY(r.err.contains(": fault: data_race: "));
    QVERIFY2(r.err.contains("(lanes 0, 1, step 1)"), r.err.constData());  // block 2: threads 0 and 1
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    const QJsonArray f = j["faults"].toArray();
    QCOMPARE(f.size(), 1);
    QCOMPARE(f[0].toObject()["kind"].toString(), QString("data_race"));
    QCOMPARE(f[0].toObject()["line"].toInt(), 4);
    QCOMPARE(f[0].toObject()["step"].toInt(), j["steps"].toArray().size() - 1);
}

void TstCliKernel::does_not_compile()
{
    const QString path = file("broken.cu", kBroken);
    for (const char* cmd : {"check", "trace"}) {
        QStringList args{"kernel", cmd, "--source", path, "--json"};
        if (QByteArray(cmd) == "trace")
            args << "--input" << "1,2";
        const Run r = run_cli(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.startsWith((path + ":3:12: error: expected expression").toUtf8()), r.err.constData());
        const QJsonArray d = QJsonDocument::fromJson(r.out).object()["diagnostics"].toArray();
        QVERIFY(!d.isEmpty());
        QCOMPARE(d[0].toObject()["line"].toInt(), 3);
        QCOMPARE(d[0].toObject()["column"].toInt(), 12);
        QCOMPARE(d[0].toObject()["severity"].toString(), QString("error"));
    }
}

void TstCliKernel::bad_input()
{
    const QString good = file("good.cu", kGood);
    const Run a = run_cli({"kernel", "trace", "--source", good, "--input", "1,,2"});
    QCOMPARE(a.code, 2);
    QVERIFY(a.err.contains("input"));
    QVERIFY(a.out.isEmpty());
    const Run b = run_cli({"kernel", "trace", "--source", good, "--input", "1,2", "--block-size", "3"});
    QCOMPARE(b.code, 2);
    QVERIFY2(b.err.contains("block-size must be a power of two in 1..1024 (got 3)"), b.err.constData());
    const Run c = run_cli({"kernel", "trace", "--source", m_dir.filePath("missing.cu"), "--input", "1"});
    QCOMPARE(c.code, 2);
    QVERIFY(c.err.contains("source: cannot read"));
    const Run d = run_cli({"kernel", "trace", "--source", good, "--input", "1,2", "--kernel", "nope"});
    QCOMPARE(d.code, 2);
    QVERIFY(d.err.contains("kernel must name a kernel of the source"));
}

void TstCliKernel::output_not_written()
{
    const Run r = run_cli({"kernel", "trace", "--source", file("good.cu", kGood), "--input", "1,2", "--json", "--output",
                           m_dir.filePath("no/such/dir/out.json")});
    QCOMPARE(r.code, 74);
    QVERIFY(r.err.contains("cannot write"));
}

void TstCliKernel::stdin_source()
{
    const Run r = run_cli({"kernel", "trace", "--source", "-", "--input", "6,2,7,4,5,8,3,1", "--json"}, kGood);
    QCOMPARE(r.code, 0);
    QCOMPARE(QJsonDocument::fromJson(r.out).object()["result"].toDouble(), 36.0);
    const Run e = run_cli({"kernel", "check", "--source", "-"}, kBroken);
    QCOMPARE(e.code, 2);
    QVERIFY(e.err.startsWith("<stdin>:3:12: error:"));
}

// The kinds the hostile pass found (tests/hostile/new_features.sh), one row each.
void TstCliKernel::hostile()
{
    const QString good = file("good.cu", kGood);
    // --source a directory, a FIFO nobody writes (it used to wait for ever), a device.
    const Run dir = run_cli({"kernel", "check", "--source", m_dir.path()});
    QCOMPARE(dir.code, 2);
    QVERIFY2(dir.err.contains("is not a regular file (a directory, FIFO or device)"), dir.err.constData());
    const QString fifo = m_dir.filePath("fifo.cu");
    QCOMPARE(::system(("mkfifo '" + fifo + "'").toLocal8Bit().constData()), 0);
    const Run f = run_cli({"kernel", "trace", "--source", fifo, "--input", "1,2"});
    QCOMPARE(f.code, 2);
    QVERIFY(f.err.contains("is not a regular file"));
    QCOMPARE(run_cli({"kernel", "check", "--source", "/dev/zero"}).code, 2);
    // An explicit 0 is outside the documented ranges (left out, the default launch).
    const Run b0 = run_cli({"kernel", "trace", "--source", good, "--input", "1,2", "--block-size", "0"});
    QCOMPARE(b0.code, 2);
    QVERIFY2(b0.err.contains("block-size must be an integer in 1..1024 (got 0)"), b0.err.constData());
    const Run g0 = run_cli({"kernel", "trace", "--source", good, "--input", "1,2", "--grid", "0"});
    QCOMPARE(g0.code, 2);
    QVERIFY(g0.err.contains("grid must be an integer in 1..65535 (got 0)"));
    // check's exit 2 says why on stderr: no kernel; a signature it cannot run, at its line.
    const Run none = run_cli({"kernel", "check", "--source", file("none.cu", "// nothing\n")});
    QCOMPARE(none.code, 2);
    QVERIFY2(none.err.endsWith("none.cu:0:0: error: no __global__ kernel in the source\n"), none.err.constData());
    const Run dbl = run_cli({"kernel", "check", "--source", file("dbl.cu", "\n__global__ void d(const double* i, double* o, unsigned n) {}\n")});
    QCOMPARE(dbl.code, 2);
    QVERIFY2(dbl.err.contains("dbl.cu:2:1: error: d: the parameters are not one of the accepted signatures"), dbl.err.constData());
    // trace shows a decode-time refusal at its line, then the launch's message.
    const Run big = run_cli({"kernel", "trace", "--input", "1,2", "--source",
                             file("big.cu", "__global__ void k(float* a, float* b)\n{\n    __shared__ float s[1 << 28];\n"
                                            "    s[threadIdx.x] = a[0];\n    b[0] = s[0];\n}\n")});
    QCOMPARE(big.code, 2);
    QVERIFY2(big.err.contains("big.cu:4:") && big.err.contains("a block holds at most 49152"), big.err.constData());
    // The kernel family's errors name the subcommand; a flag with a value, an option twice.
    const Run bogus = run_cli({"kernel", "bogus"});
    QCOMPARE(bogus.code, 2);
    QVERIFY2(bogus.err.contains("kernel: unknown subcommand 'bogus': its subcommands are check, trace"), bogus.err.constData());
    QVERIFY(run_cli({"kernel"}).err.contains("kernel needs a subcommand: one of check, trace"));
    const Run flag = run_cli({"kernel", "check", "--source", good, "--json=yes"});
    QCOMPARE(flag.code, 2);
    QVERIFY(flag.err.contains("--json is a flag"));
    const Run twice = run_cli({"kernel", "trace", "--source", good, "--input", "1,2", "--grid", "1", "--grid", "2"});
    QCOMPARE(twice.code, 2);
    QVERIFY2(twice.err.contains("--grid is given 2 times"), twice.err.constData());
}

// Issue 28's third hostile pass: a source with bytes that are not UTF-8 (a Latin-1 comment, a
// string literal, a #warning) aborted `kernel trace --json` (nlohmann's dump threw on own_source);
// the JSON is UTF-8 now, the bytes as U+FFFD, and the trace reads back.
void TstCliKernel::notUtf8Sources()
{
    const QByteArray latin1 = QByteArray("// caf\xe9 \xff\xfe\n") + kGood;
    const QString path = file("latin1.cu", latin1);
    for (const QStringList& args : {QStringList{"kernel", "trace", "--source", path, "--input", "1,2,3,4", "--json"},
                                    QStringList{"kernel", "trace", "--source", "-", "--input", "1,2,3,4", "--json"}}) {
        const Run r = run_cli(args, args.contains("-") ? latin1 : QByteArray());
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        QVERIFY(QString::fromUtf8(r.out).toUtf8() == r.out);  // well-formed UTF-8
        const QJsonDocument d = QJsonDocument::fromJson(r.out);
        QVERIFY(d.isObject());
        QVERIFY(d.object().value("own_source").toString().startsWith(QString::fromUtf8("// caf\xEF\xBF\xBD")));
    }
    const Run w = run_cli({"kernel", "check", "--json", "--source",
                           file("warn.cu", QByteArray("#warning odd \xc3 byte\n") + kGood)});
    QCOMPARE(w.code, 0);
    QVERIFY(QString::fromUtf8(w.out).toUtf8() == w.out);
    const Run w2 = run_cli({"kernel", "check", "--source", m_dir.filePath("warn.cu")});
    QVERIFY2(w2.err.contains("warn.cu:1:2: warning: odd "), w2.err.constData());
    QVERIFY(QString::fromUtf8(w2.err).toUtf8() == w2.err);  // Clang drops the byte from its message
}

QTEST_APPLESS_MAIN(TstCliKernel)
#include "tst_cli_kernel.moc"
