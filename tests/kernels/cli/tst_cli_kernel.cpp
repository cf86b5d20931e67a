// SPDX-License-Identifier: GPL-3.0-or-later
// `reducescope-cli kernel check` and `kernel trace` (docs/your-own-kernel.md), run as a child
// process: exit codes 0 / 1 (a fault) / 2 (bad input, a source that does not compile) / 74 (output
// not written), the stderr lines' FILE:LINE:COL form, the JSON, and the source on stdin.
#include "../../support/own_launch_rows.h"
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

/// "1,2,...,n" (--input takes values, not ranges).
QString one_to(int n)
{
    QStringList v;
    for (int k = 1; k <= n; ++k)
        v << QString::number(k);
    return v.join(',');
}

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
    void catalogueStarters_data();
    void catalogueStarters();
    void sharedBytes();
    void maxStartsAtMinusInfinity();
    void warningsShown();
    void messagesAsTraceSaysThem();
    void instancesInDisabledText();
    void elementsPerThread_data();
    void elementsPerThread();
    void wholeWarps();
    void badElementsPerThread();

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
                                          << QStringList{"segmented_reduce_sum", "coarsened_reduce_sum", "coarsened_reduce_max",
                                                         "atomic_naive_reduce_sum", "race_reduce_sum"};
    QTest::addRow("reduce_warp.cu") << "reduce_warp.cu"
                                    << QStringList{"warp_shuffle_reduce_sum", "block_reduce_reduce_sum", "two_pass_partials",
                                                   "two_pass_final", "vectorized_reduce_sum"};
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
    // The table: no result of a run that stopped, the fault's threads on its line.
    const Run t = run_cli({"kernel", "trace", "--source", path, "--input", "1,2,3,4"});
    QCOMPARE(t.code, 1);
    QVERIFY2(t.out.contains("\nresult   none: the run stopped at a fault; *output held "), t.out.constData());
    QVERIFY2(t.out.contains(QByteArray("\nfault    data_race at line 4, column ")) && !t.out.contains("(threads "),
             t.out.constData());  // a race names its two threads in its sentence
    // A barrier only part of the block reaches: the threads of the warps that had returned, listed.
    const QString partial = file("partial.cu", "__global__ void partial(const float* input, float* output, unsigned n)\n{\n"
                                               "    if (threadIdx.x >= 32) return;\n    __syncthreads();\n"
                                               "    if (threadIdx.x == 0) *output = input[0];\n}\n");
    const Run p = run_cli({"kernel", "trace", "--source", partial, "--input", one_to(256), "--elements-per-thread", "1"});
    QCOMPARE(p.code, 1);
    QVERIFY2(p.out.contains("\nfault    partial_barrier at line 4, column ") && p.out.contains(" (threads 32, 64, 96, 128, 160, 192, 224)\n"),
             p.out.constData());
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
    // A misspelt CUDA builtin: the error with Clang's suggestion, without the note "'__syncthreads'
    // declared here" at the same place (the builtin's implicit declaration is the typo itself).
    const Run typo = run_cli({"kernel", "check", "--source", QStringLiteral(REDUCESCOPE_SOURCE_DIR "/tests/app/kernel/data/convergent_typo.cu"),
                              "--json"});
    QCOMPARE(typo.code, 2);
    const QJsonArray d = QJsonDocument::fromJson(typo.out).object()["diagnostics"].toArray();
    QCOMPARE(d.size(), 1);
    QCOMPARE(d[0].toObject()["message"].toString(),
             QStringLiteral("use of undeclared identifier '__syncthreds'; did you mean '__syncthreads'?"));
    QVERIFY2(!typo.err.contains("declared here"), typo.err.constData());
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
    QVERIFY2(d.err.contains("kernel must name a kernel of the source (got \"nope\"; it has: convergent)"),
             d.err.constData());  // the kernels it could name
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

// Every catalogue strategy's file, as File ▸ New kernel from strategy copies it, steps with the
// kernel(s) the editor names (catalogue's `kernels`, a two-pass pair as FIRST,SECOND, a template
// without its arguments), on the textbook input.
void TstCliKernel::catalogueStarters_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<int>("code");
    QTest::addColumn<double>("result");
    const char* basic[] = {"simple", "convergent", "convergent_reversed", "interleaved_strided", "interleaved_padded",
                           "shared", "warp_unrolled"};
    for (const char* k : basic)
        QTest::addRow("%s", k) << "reduce_basic.cu" << QString("%1_reduce_sum").arg(k) << 0 << 36.0;
    for (const char* k : {"segmented", "coarsened", "atomic_naive"})
        QTest::addRow("%s", k) << "reduce_multiblock.cu" << QString("%1_reduce_sum").arg(k) << 0 << 36.0;
    QTest::addRow("coarsened_max") << "reduce_multiblock.cu" << "coarsened_reduce_max" << 0 << 8.0;
    QTest::addRow("race") << "reduce_multiblock.cu" << "race_reduce_sum" << 1 << 0.0;  // its data race, a fault
    for (const char* k : {"warp_shuffle", "block_reduce", "vectorized"})
        QTest::addRow("%s", k) << "reduce_warp.cu" << QString("%1_reduce_sum").arg(k) << 0 << 36.0;
    QTest::addRow("two_pass") << "reduce_warp.cu" << "two_pass_partials,two_pass_final" << 0 << 36.0;
}

void TstCliKernel::catalogueStarters()
{
    QFETCH(QString, file);
    QFETCH(QString, kernel);
    QFETCH(int, code);
    QFETCH(double, result);
    const Run r = run_cli({"kernel", "trace", "--source", QStringLiteral(REDUCESCOPE_SOURCE_DIR "/kernels/cuda/") + file,
                           "--kernel", kernel, "--input", "6,2,7,4,5,8,3,1", "--block-size", "32", "--json"});
    QVERIFY2(r.code == code, r.err.constData());  // a whole warp: the shuffles read lanes that exist
    if (code == 0)
        QCOMPARE(QJsonDocument::fromJson(r.out).object()["result"].toDouble(), result);
}

// --shared-bytes: the extern shared array's bytes (a padded layout needs more than 4 x block).
void TstCliKernel::sharedBytes()
{
    QStringList ones;
    for (int k = 0; k < 128; ++k)
        ones << "1";
    const QString src = QStringLiteral(REDUCESCOPE_SOURCE_DIR "/kernels/cuda/reduce_basic.cu");
    Run r = run_cli({"kernel", "trace", "--source", src, "--kernel", "interleaved_padded_reduce_sum", "--input", ones.join(',')});
    QCOMPARE(r.code, 1);  // 64 + 2 words in 64 floats
    QVERIFY2(r.err.contains("out_of_bounds") && r.err.contains("--shared-bytes"), r.err.constData());
    r = run_cli({"kernel", "trace", "--source", src, "--kernel", "interleaved_padded_reduce_sum", "--input", ones.join(','),
                 "--shared-bytes", "264", "--json"});
    QVERIFY2(r.code == 0, r.err.constData());
    QCOMPARE(QJsonDocument::fromJson(r.out).object()["result"].toDouble(), 128.0);
    for (const char* bad : {"0", "49153", "-4", "1k"}) {
        r = run_cli({"kernel", "trace", "--source", src, "--kernel", "interleaved_padded_reduce_sum", "--input", "1,2",
                     "--shared-bytes", bad});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("shared-bytes must be an integer in 1..49152"), r.err.constData());
    }
}

// A max kernel's output starts at -infinity (the launcher's fill), so an all-negative input gives
// its max, as the model does (tryout: coarsened_max gave 0).
void TstCliKernel::maxStartsAtMinusInfinity()
{
    const Run r = run_cli({"kernel", "trace", "--source", QStringLiteral(REDUCESCOPE_SOURCE_DIR "/kernels/cuda/reduce_multiblock.cu"),
                           "--kernel", "coarsened_reduce_max", "--input=-6,-2,-7,-4,-5,-8,-3,-1", "--json"});
    QVERIFY2(r.code == 0, r.err.constData());
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(j["result"].toDouble(), -1.0);
    QCOMPARE(j["operation"].toString(), QString("max"));
}

// Clang's warnings: on stderr and in the JSON, as `kernel check` shows them (exit 0).
void TstCliKernel::warningsShown()
{
    const QString src = file("warn.cu", "__global__ void warn(const float* input, float* output, unsigned n)\n{\n"
                                        "    int unused_int = 1.5;\n    if (threadIdx.x < n) atomicAdd(output, input[threadIdx.x]);\n}\n");
    // (one value per thread: --elements-per-thread 1, else the engine's unread_input warning joins in)
    Run r = run_cli({"kernel", "trace", "--source", src, "--input", "1,2,3,4", "--elements-per-thread", "1"});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.err.contains("warn.cu:3:") && r.err.contains(": warning: "), r.err.constData());
    r = run_cli({"kernel", "trace", "--source", src, "--input", "1,2,3,4", "--elements-per-thread", "1", "--json"});
    QCOMPARE(r.code, 0);
    const QJsonArray d = QJsonDocument::fromJson(r.out).object()["diagnostics"].toArray();
    QCOMPARE(d.size(), 1);
    QCOMPARE(d[0].toObject()["severity"].toString(), QString("warning"));
    QCOMPARE(d[0].toObject()["line"].toInt(), 3);
    QCOMPARE(r.err.count(": warning: "), 1);  // once, not again with the JSON
}

// The words `trace` uses for --banks / --warp-size; a kernel of a wrong signature named with its
// reason before the launch error; the launch line without the model's coarse factor; the
// fault's lanes as ranges; the exit codes of --help as the docs' table says them.
void TstCliKernel::messagesAsTraceSaysThem()
{
    const QString good = file("good.cu", kGood);
    for (const char* option : {"--banks", "--warp-size"}) {
        const Run k = run_cli({"kernel", "trace", "--source", good, "--input", "1,2", option, "64"});
        const Run t = run_cli({"trace", "--strategy", "simple", "--input", "1,2", option, "64"});
        QCOMPARE(k.code, 2);
        QCOMPARE(k.err, t.err);
    }
    Run r = run_cli({"kernel", "trace", "--source", file("sig.cu", "__global__ void weird(int* data, double* out) { *out = data[0]; }\n"),
                     "--input", "1,2"});
    QCOMPARE(r.code, 2);
    const qsizetype reason = r.err.indexOf("sig.cu:1:1: error: weird: the parameters are not");
    QVERIFY2(reason >= 0, r.err.constData());
    QVERIFY2(r.err.indexOf("no kernel the engine can run") > reason, r.err.constData());
    r = run_cli({"kernel", "trace", "--source", good, "--input", "6,2,7,4,5,8,3,1"});
    QCOMPARE(r.code, 0);
    QVERIFY2(!r.out.contains("coarse factor") && !r.out.contains("strides"), r.out.constData());
    // 64 threads each read past a 4-float shared array: lanes 4-63, every one counted.
    r = run_cli({"kernel", "trace", "--source",
                 file("oob.cu", "__global__ void oob(const float* input, float* output, unsigned n)\n{\n    __shared__ float s[4];\n"
                                "    s[threadIdx.x] = input[threadIdx.x];\n}\n"),
                 "--input", "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1", "--block-size", "64"});
    QCOMPARE(r.code, 1);  // the first warp's access: lanes 4-31 (the second warp never runs it)
    QVERIFY2(r.err.contains("(lanes 4-31, step 1)") && r.err.contains("28 threads do this"), r.err.constData());
    r = run_cli({"kernel", "trace", "--help"});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains("1 the kernel has a fault"), r.out.constData());
}

// A template kernel under #if 0 gets no instantiation, and the CLI never reports an error in text
// the student did not write (tryout: w_tp.cu).
void TstCliKernel::instancesInDisabledText()
{
    QFile f(QStringLiteral(REDUCESCOPE_SOURCE_DIR "/kernels/cuda/reduce_warp.cu"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QList<QByteArray> lines = f.readAll().split('\n');
    QVERIFY(lines.size() > 124);
    lines[83] = "#if 0";
    lines[123] = "#endif";
    const QString src = file("w_tp.cu", lines.join('\n'));
    const Run r = run_cli({"kernel", "check", "--source", src});
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(!r.err.contains("error"), r.err.constData());
    QVERIFY(!r.out.contains("warp_shuffle_reduce_sum"));  // inside #if 0
    // A file that instantiates a kernel itself (as the docs once asked for COARSE_FACTOR) gets no
    // second instance of it (tryout: mb_coarse.cu, "duplicate explicit instantiation").
    QFile mb(QStringLiteral(REDUCESCOPE_SOURCE_DIR "/kernels/cuda/reduce_multiblock.cu"));
    QVERIFY(mb.open(QIODevice::ReadOnly));
    const QString own = file("mb_coarse.cu", mb.readAll() + "\ntemplate __global__ void reducescope::cuda::coarsened_reduce_sum<4, "
                                                       "reducescope::cuda::NoProbe>(const float*, float*, unsigned, reducescope::cuda::NoProbe);\n");
    const Run c = run_cli({"kernel", "trace", "--source", own, "--kernel", "coarsened_reduce_sum", "--input", "6,2,7,4,5,8,3,1"});
    QVERIFY2(c.code == 0, c.err.constData());
    QVERIFY2(!c.err.contains("error") && !c.err.contains("note"), c.err.constData());
}

// --elements-per-thread E: the default launch is block min(1024, bit_ceil(ceil(n / E))), grid
// ceil(n / (E x block)) (docs/your-own-kernel.md, "Launch"); a kernel that reads E values per thread
// gets the exact sum. Without the option E is 2, as before.
void TstCliKernel::elementsPerThread_data()
{
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("e");
    QTest::addColumn<int>("block");
    QTest::addColumn<int>("grid");
    for (const auto& r : reducescope::test::kOwnLaunchRows)
        QTest::addRow("n=%d E=%d", r[0], r[1]) << r[0] << r[1] << r[2] << r[3];
}

void TstCliKernel::elementsPerThread()
{
    QFETCH(int, n);
    QFETCH(int, e);
    QFETCH(int, block);
    QFETCH(int, grid);
    const QString src = file(qPrintable(QStringLiteral("per_thread_%1.cu").arg(e)),
                             "#define E " + QByteArray::number(e) +
                                 "\n__global__ void per_thread(const float* input, float* output, unsigned n)\n{\n"
                                 "    const unsigned first = (blockIdx.x * blockDim.x + threadIdx.x) * E;\n"
                                 "    float s = 0.0f;\n"
                                 "    for (unsigned k = 0; k < E; ++k)\n        if (first + k < n) s += input[first + k];\n"
                                 "    atomicAdd(output, s);\n}\n");
    QStringList args{"kernel", "trace", "--source", src, "--input", one_to(n), "--json"};
    if (e != 2)
        args << "--elements-per-thread" << QString::number(e);
    const Run r = run_cli(args);
    QVERIFY2(r.code == 0, r.err.constData());
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(j["params"].toObject()["block_size"].toInt(), block);
    QCOMPARE(j["grid_size"].toInt(), grid);
    QCOMPARE(j["result"].toDouble(), double(n) * (n + 1) / 2);
    QCOMPARE(j["reference"].toDouble(), double(n) * (n + 1) / 2);
}

// A kernel with a warp-wide intrinsic runs whole warps by default: the catalogue's warp_shuffle
// on the textbook input is one block of 32 threads and the exact sum 36 (it faulted with 4).
void TstCliKernel::wholeWarps()
{
    const QString warp = QStringLiteral(REDUCESCOPE_SOURCE_DIR "/kernels/cuda/reduce_warp.cu");
    for (const QStringList& extra : {QStringList{}, QStringList{"--elements-per-thread", "1"}}) {
        const Run r = run_cli(QStringList{"kernel", "trace", "--source", warp, "--kernel", "warp_shuffle_reduce_sum", "--input",
                                          "6,2,7,4,5,8,3,1", "--json"} + extra);
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(j["params"].toObject()["block_size"].toInt(), 32);
        QCOMPARE(j["grid_size"].toInt(), 1);
        QCOMPARE(j["result"].toDouble(), 36.0);
    }
    // 1024 values: E = 1 (its catalogue E) gives the sum; the default E = 2 launches half the threads.
    const Run one = run_cli({"kernel", "trace", "--source", warp, "--kernel", "warp_shuffle_reduce_sum", "--input", one_to(1024),
                             "--elements-per-thread", "1", "--json"});
    QVERIFY2(one.code == 0, one.err.constData());
    QCOMPARE(QJsonDocument::fromJson(one.out).object()["params"].toObject()["block_size"].toInt(), 1024);
    QCOMPARE(QJsonDocument::fromJson(one.out).object()["result"].toDouble(), 524800.0);
    const Run two = run_cli({"kernel", "trace", "--source", warp, "--kernel", "warp_shuffle_reduce_sum", "--input", one_to(1024), "--json"});
    QVERIFY2(two.code == 0, two.err.constData());
    QCOMPARE(QJsonDocument::fromJson(two.out).object()["params"].toObject()["block_size"].toInt(), 512);
    QVERIFY(QJsonDocument::fromJson(two.out).object()["result"].toDouble() < 524800.0);
    // ... and says so: exit 0, a warning at the kernel's line on stderr, the note in the JSON, none at E = 1
    QVERIFY(!QJsonDocument::fromJson(one.out).object().contains("notes"));
    QVERIFY2(!one.err.contains("warning"), one.err.constData());
    const QJsonArray notes = QJsonDocument::fromJson(two.out).object()["notes"].toArray();
    QCOMPARE(notes.size(), 1);
    QCOMPARE(notes[0].toObject()["kind"].toString(), QStringLiteral("unread_input"));
    const QString said = notes[0].toObject()["message"].toString();
    QVERIFY2(said.startsWith(QStringLiteral("512 of the 1024 input values were never read (first input[512], last input[1023]): "
                                            "the launch's 512 threads (grid 1 × block 512, elements per thread 2) read 512")),
             qPrintable(said));
    QVERIFY2(two.err.contains(": warning: " + said.toUtf8()), two.err.constData());
    QVERIFY2(two.err.contains("reduce_warp.cu:" + QByteArray::number(notes[0].toObject()["line"].toInt()) + ":"), two.err.constData());
    const Run table = run_cli({"kernel", "trace", "--source", warp, "--kernel", "warp_shuffle_reduce_sum", "--input", one_to(1024)});
    QCOMPARE(table.code, 0);
    QVERIFY2(table.out.contains("\nnote     unread_input: 512 of the 1024 input values were never read"), table.out.constData());
    // --block-size still decides: 4 threads of a full-mask shuffle is the engine's fault.
    const Run small = run_cli({"kernel", "trace", "--source", warp, "--kernel", "warp_shuffle_reduce_sum", "--input",
                               "6,2,7,4,5,8,3,1", "--block-size", "4"});
    QCOMPARE(small.code, 1);
}

void TstCliKernel::badElementsPerThread()
{
    const QString good = file("good.cu", kGood);
    for (const char* bad : {"0", "-1", "4097", "x", "", "2.5", "1e3"}) {
        const Run r = run_cli({"kernel", "trace", "--source", good, "--input", "1,2", "--elements-per-thread", bad});
        QCOMPARE(r.code, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.contains("reducescope-cli: elements-per-thread must be an integer in 1..4096 (got " +
                                QByteArray(*bad ? bad : "''") + ")"),
                 r.err.constData());
    }
    const Run r = run_cli({"kernel", "trace", "--source", good, "--input", "1,2", "--elements-per-thread", "4096"});
    QVERIFY2(r.code == 0, r.err.constData());
}

QTEST_APPLESS_MAIN(TstCliKernel)
#include "tst_cli_kernel.moc"
