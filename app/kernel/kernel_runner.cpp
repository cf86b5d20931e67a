// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/kernel/kernel_runner.h"

#include "app/common/data_paths.h"
#include "app/common/message_text.h"
#include "model/own_launch.h"
#include "model/simulate.h"
#include "model/trace_json.h"
#include "views/common/model_text.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryFile>
#include <QTimer>

#include <string_view>
#include <utility>

namespace reducescope::app {
namespace {

constexpr int kFaultExit = 1;
constexpr int kRefusedExit = 2;
constexpr int kOutputExit = 74;

bool teachingSize(int v) { return v == 4 || v == 8 || v == 16 || v == 32; }

// The CLI's ranges (`kernel trace --elements-per-thread`, `--shared-bytes`: model/own_launch.h,
// simt::kMaxSharedBytes; the app does not link the engine).
constexpr int kMaxElementsPerThread = model::kMaxElementsPerThread;
constexpr int kMaxSharedBytes = 48 * 1024;

QString lastLine(const QByteArray& err)
{
    QString e = QString::fromUtf8(err).trimmed();
    if (e.contains(QLatin1Char('\n')))
        e = e.section(QLatin1Char('\n'), -1);
    if (e.startsWith(QLatin1String("reducescope-cli: ")))
        e = e.mid(17);
    return e;
}

views::KernelMark::Severity severityOf(const QString& s)
{
    if (s == QLatin1String("warning"))
        return views::KernelMark::Severity::Warning;
    if (s == QLatin1String("note") || s == QLatin1String("remark"))
        return views::KernelMark::Severity::Note;
    return views::KernelMark::Severity::Error;
}

/// Marks from a JSON array of {"line", "column", "severity"|"kind", "message", "step", "lanes"}.
QVector<views::KernelMark> marksOf(const QJsonArray& list, bool faults)
{
    QVector<views::KernelMark> out;
    for (const QJsonValue& v : list) {
        const QJsonObject o = v.toObject();
        views::KernelMark m;
        m.severity = faults ? views::KernelMark::Severity::Fault : severityOf(o.value(QLatin1String("severity")).toString());
        m.line = std::max(0, o.value(QLatin1String("line")).toInt());
        m.column = std::max(0, o.value(QLatin1String("column")).toInt());
        m.kind = o.value(QLatin1String("kind")).toString();
        m.message = oneLineMessage(o.value(QLatin1String("message")).toString(), 200);
        m.step = o.value(QLatin1String("step")).toInt(-1);
        for (const QJsonValue& lane : o.value(QLatin1String("lanes")).toArray())
            m.lanes << lane.toInt();
        if (!m.message.isEmpty() || m.line > 0)
            out << m;
    }
    return out;
}

/// Clang-style lines on stderr: `FILE:LINE:COL: error: MESSAGE` and the engine's
/// `FILE:LINE:COL: fault: KIND: MESSAGE (lanes ..., step N)` (N 1-based).
QVector<views::KernelMark> marksOfStderr(const QByteArray& err)
{
    static const QRegularExpression diag(QStringLiteral("^.*?:(\\d+):(\\d+): (error|warning|note|fault): (.*)$"));
    static const QRegularExpression tail(QStringLiteral("\\((?:lanes? ([0-9, ]+))?,? ?(?:step (\\d+))?\\)$"));
    QVector<views::KernelMark> out;
    for (const QString& raw : QString::fromUtf8(err).split(QLatin1Char('\n'))) {
        const QRegularExpressionMatch m = diag.match(raw.trimmed());
        if (!m.hasMatch())
            continue;
        views::KernelMark k;
        k.line = m.captured(1).toInt();
        k.column = m.captured(2).toInt();
        QString text = m.captured(4);
        if (m.captured(3) == QLatin1String("fault")) {
            k.severity = views::KernelMark::Severity::Fault;
            k.kind = text.section(QLatin1String(": "), 0, 0);
            text = text.section(QLatin1String(": "), 1);
            if (const QRegularExpressionMatch t = tail.match(text); t.hasMatch()) {
                for (const QString& lane : t.captured(1).split(QLatin1Char(','), Qt::SkipEmptyParts))
                    if (!lane.trimmed().isEmpty())
                        k.lanes << lane.trimmed().toInt();
                // stderr counts steps from 1, as people do; the mark keeps the JSON's 0-based index.
                k.step = t.captured(2).isEmpty() ? -1 : t.captured(2).toInt() - 1;
                text = text.left(t.capturedStart()).trimmed();
            }
        } else {
            k.severity = severityOf(m.captured(3));
        }
        k.message = oneLineMessage(text, 200);
        out << k;
    }
    return out;
}

/// A mark of something the engine found (a fault, a note) at its place: its kind, its sentence as a
/// message of the model (shown in the window's language) and its English cut to `chars`.
views::KernelMark engineMark(views::KernelMark::Severity severity, int line, int column, const std::string& kind,
                             const std::string& message, const model::Text& text, int chars)
{
    views::KernelMark m;
    m.severity = severity;
    m.line = line;
    m.column = column;
    m.kind = QString::fromStdString(kind);
    m.message = oneLineMessage(QString::fromStdString(message), chars);
    m.text = text;
    return m;
}

/// Marks of the faults of a trace read by the strict reader: a fault's text (shown in the window's
/// language) with its English.
QVector<views::KernelMark> marksOf(const std::vector<model::Fault>& faults)
{
    QVector<views::KernelMark> out;
    for (const model::Fault& f : faults) {
        views::KernelMark m =
            engineMark(views::KernelMark::Severity::Fault, f.line, f.column, f.kind, f.message, f.text, 200);
        m.step = f.step;
        for (int lane : f.lanes)
            m.lanes << lane;
        out << m;
    }
    return out;
}

/// A mark in a sentence of the window: a fault's text in the window's language as it is, the
/// engine's English quoted as what the tool said.
QString markLine(const views::KernelMark& m)
{
    const QString said = m.text.empty() ? toolSaid(m.message) : views::markMessage(m);
    return m.line > 0 ? KernelRunner::tr("line %1: %2").arg(m.line).arg(said) : said;
}

} // namespace

QString KernelRunRequest::rangeMessage(const QString& field, const QString& got)
{
    if (field == QLatin1String("block-size"))
        return KernelRunner::tr("block size must be a power of two in 1..1024, or empty for the engine's plan (got %1)").arg(got);
    if (field == QLatin1String("grid"))
        return KernelRunner::tr("grid must be a number of blocks in 1..65535, or empty for the engine's plan (got %1)").arg(got);
    if (field == QLatin1String("elements-per-thread"))
        return KernelRunner::tr("elements per thread must be a whole number in 1..%1, or empty for the engine's default 2 (got %2)")
            .arg(kMaxElementsPerThread)
            .arg(got);
    if (field == QLatin1String("shared-bytes"))
        return KernelRunner::tr("shared bytes must be a whole number in 1..%1, or empty for the engine's default 4 × block size (got %2)")
            .arg(kMaxSharedBytes)
            .arg(got);
    return {};
}

std::optional<KernelFieldError> KernelRunRequest::validate() const
{
    if (mode == Mode::Trace) {
        const model::ParsedInput parsed = model::parse_input(input.toStdString());
        if (parsed.error)
            return KernelFieldError{QString::fromStdString(parsed.error->field), oneLineMessage(views::refusalText(*parsed.error))};
    }
    if (blockSize != 0 && (blockSize < 1 || blockSize > 1024 || (blockSize & (blockSize - 1)) != 0))
        return KernelFieldError{QStringLiteral("block-size"), rangeMessage(QStringLiteral("block-size"), QString::number(blockSize))};
    if (grid < 0 || grid > 65535)
        return KernelFieldError{QStringLiteral("grid"), rangeMessage(QStringLiteral("grid"), QString::number(grid))};
    if (elementsPerThread < 0 || elementsPerThread > kMaxElementsPerThread)
        return KernelFieldError{QStringLiteral("elements-per-thread"),
                                rangeMessage(QStringLiteral("elements-per-thread"), QString::number(elementsPerThread))};
    if (sharedBytes < 0 || sharedBytes > kMaxSharedBytes)
        return KernelFieldError{QStringLiteral("shared-bytes"), rangeMessage(QStringLiteral("shared-bytes"), QString::number(sharedBytes))};
    if (!teachingSize(warpSize))
        return KernelFieldError{QStringLiteral("warp-size"),
                                KernelRunner::tr("warp size must be 32, or 4, 8 or 16 as a teaching aid (got %1)").arg(warpSize)};
    if (!teachingSize(banks))
        return KernelFieldError{QStringLiteral("banks"),
                                KernelRunner::tr("banks must be 32, or 4, 8 or 16 (got %1)").arg(banks)};
    return std::nullopt;
}

QStringList KernelRunRequest::arguments(const QString& sourcePath) const
{
    QStringList a{QStringLiteral("kernel"), mode == Mode::Check ? QStringLiteral("check") : QStringLiteral("trace"),
                  QStringLiteral("--source"), sourcePath};
    if (mode == Mode::Trace) {
        // --input=LIST: a list that starts with a minus sign is not taken for an option.
        a << QStringLiteral("--input=") + input;
        if (!kernel.isEmpty())
            a << QStringLiteral("--kernel") << kernel;
        if (blockSize > 0)
            a << QStringLiteral("--block-size") << QString::number(blockSize);
        if (grid > 0)
            a << QStringLiteral("--grid") << QString::number(grid);
        if (elementsPerThread > 0)
            a << QStringLiteral("--elements-per-thread") << QString::number(elementsPerThread);
        if (sharedBytes > 0)
            a << QStringLiteral("--shared-bytes") << QString::number(sharedBytes);
        a << QStringLiteral("--warp-size") << QString::number(warpSize) << QStringLiteral("--banks") << QString::number(banks);
    }
    a << QStringLiteral("--json");
    return a;
}

KernelRunner::KernelRunner(QObject* parent)
    : QObject(parent)
    , m_timer(new QTimer(this))
{
    qRegisterMetaType<KernelRunOutcome>();
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, [this] {
        KernelRunOutcome o;
        o.mode = m_mode;
        o.run = m_run;
        o.message = tr("reducescope-cli kernel did not answer within %1 s").arg(m_timeoutMs / 1000.0);
        drop();
        --m_dropped;  // not dropped for a newer run: it ended, with this outcome
        finish(o);
    });
}

KernelRunner::~KernelRunner()
{
    // The window closes or the pane goes: the child goes too (it is a child object of this one).
    m_timer->stop();
    for (QProcess* p : findChildren<QProcess*>()) {  // the running one and those dropped, still dying
        p->disconnect();
        p->kill();
        p->waitForFinished(2000);
    }
}

void KernelRunner::drop()
{
    m_timer->stop();
    if (QProcess* p = std::exchange(m_process, nullptr)) {
        ++m_dropped;
        // Killed and left to die on its own (the GUI thread does not wait); its temporary source
        // goes with it.
        p->disconnect(this);
        if (QTemporaryFile* f = std::exchange(m_sourceFile, nullptr))
            f->setParent(p);
        connect(p, &QProcess::finished, p, &QObject::deleteLater);
        connect(p, &QProcess::errorOccurred, p, &QObject::deleteLater);
        p->kill();
    }
    delete std::exchange(m_sourceFile, nullptr);
}

void KernelRunner::cancel() { drop(); }

void KernelRunner::finish(KernelRunOutcome outcome)
{
    outcome.elapsedMs = m_clock.elapsed();
    emit finished(outcome);
}

quint64 KernelRunner::start(const KernelRunRequest& request)
{
    drop();
    ++m_run;
    ++m_started;
    m_mode = request.mode;
    m_clock.start();
    const quint64 run = m_run;
    auto fail = [this, run, mode = request.mode](const QString& message) {
        KernelRunOutcome o;
        o.mode = mode;
        o.run = run;
        o.message = message;
        // Delivered from the event loop, like every other outcome: the caller has its run number first.
        QTimer::singleShot(0, this, [this, o, run] {
            if (run == m_run)
                finish(o);
        });
    };
    const QString cli = m_cli.isEmpty() ? locateCli() : m_cli;
    if (cli.isEmpty()) {
        fail(tr("reducescope-cli was not found next to the app or in the build tree (set REDUCESCOPE_CLI)"));
        return run;
    }
    // The source goes to the child as a file: `--source FILE.cu` is what every version of the
    // contract reads (Clang names it in its diagnostics; the editor uses only line and column).
    m_sourceFile = new QTemporaryFile(QDir::tempPath() + QStringLiteral("/reducescope-kernel-XXXXXX.cu"), this);
    if (!m_sourceFile->open() || m_sourceFile->write(request.source.toUtf8()) < 0 || !m_sourceFile->flush()) {
        const QString why = m_sourceFile->errorString();
        delete std::exchange(m_sourceFile, nullptr);
        fail(tr("cannot write the source for the engine: %1").arg(why));
        return run;
    }
    m_sourceFile->close();
    m_process = new QProcess(this);
    QProcess* p = m_process;
    connect(p, &QProcess::errorOccurred, this, [this, p, run](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart || p != m_process)
            return;
        KernelRunOutcome o;
        o.mode = m_mode;
        o.run = run;
        o.message = tr("cannot start %1: %2").arg(echoPath(p->program()), p->errorString());
        m_process = nullptr;
        p->deleteLater();
        delete std::exchange(m_sourceFile, nullptr);
        m_timer->stop();
        finish(o);
    });
    connect(p, &QProcess::finished, this, [this, p, run](int code, QProcess::ExitStatus status) {
        if (p != m_process)
            return;
        m_timer->stop();
        const QByteArray out = p->readAllStandardOutput();
        const QByteArray err = p->readAllStandardError();
        m_process = nullptr;
        p->deleteLater();
        delete std::exchange(m_sourceFile, nullptr);
        KernelRunOutcome o;
        if (status == QProcess::CrashExit) {
            o.mode = m_mode;
            o.message = tr("reducescope-cli kernel crashed");
        } else {
            o = read(m_mode, code, out, err);
        }
        o.run = run;
        finish(o);
    });
    m_timer->start(m_timeoutMs);
    p->start(cli, request.arguments(m_sourceFile->fileName()));
    return run;
}

KernelRunOutcome KernelRunner::read(KernelRunRequest::Mode mode, int code, const QByteArray& out, const QByteArray& err)
{
    KernelRunOutcome o;
    o.mode = mode;
    o.exitCode = code;
    const QString said = lastLine(err);
    if (code == kOutputExit) {
        o.message = tr("reducescope-cli kernel could not write its output%1").arg(said.isEmpty() ? QString() : QStringLiteral(": ") + toolSaid(said));
        return o;
    }
    if (code == kRefusedExit) {
        o.kind = KernelRunOutcome::Kind::Refused;
        const QJsonObject j = QJsonDocument::fromJson(out).object();
        o.marks = marksOf(j.value(QLatin1String("diagnostics")).toArray(), false);
        if (o.marks.isEmpty())
            o.marks = marksOfStderr(err);
        if (o.marks.isEmpty() && !said.isEmpty()) {  // bad input: no line to mark, the CLI's words
            views::KernelMark m;
            m.message = oneLineMessage(said, 200);
            o.marks << m;
        }
        o.message = o.marks.isEmpty() ? tr("the engine refused the kernel (exit 2)")
                                      : tr("the engine refused the kernel: %1").arg(markLine(o.marks.front()));
        return o;
    }
    if (code != 0 && code != kFaultExit) {
        o.message = tr("reducescope-cli kernel failed (exit %1)%2").arg(code).arg(said.isEmpty() ? QString() : QStringLiteral(": ") + toolSaid(said));
        return o;
    }
    if (mode == KernelRunRequest::Mode::Check) {
        const QJsonDocument doc = QJsonDocument::fromJson(out);
        if (!doc.isObject() || !doc.object().value(QLatin1String("kernels")).isArray()) {
            o.message = tr("cannot read what reducescope-cli kernel check printed");
            return o;
        }
        for (const QJsonValue& v : doc.object().value(QLatin1String("kernels")).toArray()) {
            const QJsonObject k = v.toObject();
            o.kernels.push_back({k.value(QLatin1String("name")).toString(), k.value(QLatin1String("line")).toInt(),
                                 k.value(QLatin1String("signature")).toString()});
        }
        o.marks = marksOf(doc.object().value(QLatin1String("diagnostics")).toArray(), false);
        o.kind = code == 0 ? KernelRunOutcome::Kind::Traced : KernelRunOutcome::Kind::Faulted;
        return o;
    }
    // The one reader of trace files (strict: every count checked against the steps).
    const model::TraceFileResult r = model::read_trace_file(std::string_view(out.constData(), std::size_t(out.size())));
    if (r.file)
        o.trace = std::make_shared<const model::Trace>(r.file->trace);
    // Faults: the trace's (with their text, shown in the window's language); when the strict
    // reader refused the trace, the JSON's top-level "faults" read leniently; else stderr's lines.
    if (r.file) {
        o.marks = marksOf(r.file->trace.faults);
        for (const model::Note& n : r.file->trace.notes)  // a run that went to its end but left input unread
            o.marks << engineMark(views::KernelMark::Severity::Warning, n.line, n.column, n.kind, n.message, n.text, 400);
    } else if (out.contains("\"faults\"")) {
        const QJsonObject j = QJsonDocument::fromJson(out).object();
        o.marks = marksOf(j.value(QLatin1String("faults")).toArray(), true);
    }
    if (code == kFaultExit && o.marks.isEmpty())
        o.marks = marksOfStderr(err);
    if (code == kFaultExit) {
        o.kind = KernelRunOutcome::Kind::Faulted;
        if (o.marks.isEmpty()) {
            views::KernelMark m;
            m.severity = views::KernelMark::Severity::Fault;
            m.message = said.isEmpty() ? tr("the kernel has a fault (exit 1)") : oneLineMessage(said, 200);
            o.marks << m;
        }
        o.message = tr("the kernel has a fault: %1").arg(markLine(o.marks.front()));
        return o;
    }
    if (!o.trace) {
        o.message = tr("cannot read the engine's trace: %1").arg(toolSaid(QString::fromStdString(r.error)));
        return o;
    }
    o.kind = KernelRunOutcome::Kind::Traced;
    return o;
}

} // namespace reducescope::app
