// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/bench_results.h"

#include "app/message_text.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QJsonValue>

#include <cmath>
#include <limits>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace reducescope::app {
using views::BenchDevice;
using views::BenchParams;
using views::BenchResult;
using views::BenchResults;
using views::BenchStatus;
using views::BenchTime;

namespace {

// Thrown inside the parser only; caught at the public entry points and turned into *error.
struct ParseFailure {
    QString message;
};

[[noreturn]] void fail(const QString& path, const QString& what)
{
    throw ParseFailure{path.isEmpty() ? what : path + QStringLiteral(": ") + what};
}

QString join(const QString& path, const QString& key)
{
    return path.isEmpty() ? key : path + QLatin1Char('.') + key;
}

// How a JSON value looks, for messages: a string "x", a number 3, an object, ...
QString describe(const QJsonValue& v)
{
    switch (v.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: return QString::number(v.toDouble(), 'g', 10);
    case QJsonValue::String: {
        return QStringLiteral("the string \"%1\"").arg(echoValue(v.toString()));
    }
    case QJsonValue::Array: return QStringLiteral("an array");
    case QJsonValue::Object: return QStringLiteral("an object");
    case QJsonValue::Undefined: break;
    }
    return QStringLiteral("nothing");
}

enum class Need { Required, Nullable, Optional };  // Nullable: key must exist, value may be null

// Returns the value at key, or an undefined value when absent/null is allowed.
QJsonValue fetch(const QJsonObject& o, const QString& key, const QString& path, Need need,
                 const char* expected)
{
    const auto it = o.constFind(key);
    if (it == o.constEnd()) {
        if (need == Need::Optional)
            return QJsonValue(QJsonValue::Undefined);
        fail(join(path, key), QStringLiteral("missing (expected %1)").arg(QLatin1String(expected)));
    }
    const QJsonValue v = *it;
    if (v.isNull()) {
        if (need != Need::Required)
            return QJsonValue(QJsonValue::Undefined);
        fail(join(path, key), QStringLiteral("null (expected %1)").arg(QLatin1String(expected)));
    }
    return v;
}

std::optional<double> number(const QJsonObject& o, const QString& key, const QString& path, Need need,
                             double min = -std::numeric_limits<double>::infinity())
{
    const bool nonNegative = min == 0;
    const char* expected = nonNegative ? "a number >= 0" : "a number";
    const QJsonValue v = fetch(o, key, path, need, expected);
    if (v.isUndefined())
        return std::nullopt;
    if (!v.isDouble())
        fail(join(path, key), QStringLiteral("expected %1, got %2").arg(QLatin1String(expected), describe(v)));
    const double d = v.toDouble();
    if (!std::isfinite(d) || d < min)
        fail(join(path, key), QStringLiteral("expected %1, got %2").arg(QLatin1String(expected), describe(v)));
    return d;
}

std::optional<qint64> integer(const QJsonObject& o, const QString& key, const QString& path, Need need,
                              qint64 min, qint64 max = std::numeric_limits<qint64>::max() / 2)
{
    const QString expected = max >= std::numeric_limits<qint64>::max() / 2
        ? QStringLiteral("an integer >= %1").arg(min)
        : QStringLiteral("an integer in %1..%2").arg(min).arg(max);
    const QJsonValue v = fetch(o, key, path, need, "an integer");
    if (v.isUndefined())
        return std::nullopt;
    if (!v.isDouble())
        fail(join(path, key), QStringLiteral("expected %1, got %2").arg(expected, describe(v)));
    const double d = v.toDouble();
    if (!std::isfinite(d) || d != std::floor(d) || d < double(min) || d > double(max))
        fail(join(path, key), QStringLiteral("expected %1, got %2").arg(expected, describe(v)));
    return qint64(d);
}

std::optional<QString> string(const QJsonObject& o, const QString& key, const QString& path, Need need)
{
    const QJsonValue v = fetch(o, key, path, need, "a string");
    if (v.isUndefined())
        return std::nullopt;
    if (!v.isString())
        fail(join(path, key), QStringLiteral("expected a string, got %1").arg(describe(v)));
    return v.toString();
}

QString oneOf(const QJsonObject& o, const QString& key, const QString& path, Need need,
              const QStringList& allowed)
{
    const auto s = string(o, key, path, need);
    if (!s)
        return {};
    if (!allowed.contains(*s))
        fail(join(path, key), QStringLiteral("expected one of %1, got \"%2\"")
                                  .arg(allowed.join(QStringLiteral(" | ")), echoValue(*s)));
    return *s;
}

QJsonObject object(const QJsonObject& o, const QString& key, const QString& path, Need need)
{
    const QJsonValue v = fetch(o, key, path, need, "an object");
    if (v.isUndefined())
        return {};
    if (!v.isObject())
        fail(join(path, key), QStringLiteral("expected an object, got %1").arg(describe(v)));
    return v.toObject();
}

const QStringList kModes{QStringLiteral("per-launch"), QStringLiteral("loop"), QStringLiteral("graph")};
const QStringList kCaches{QStringLiteral("hot"), QStringLiteral("cold")};
const QStringList kStatuses{QStringLiteral("ok"), QStringLiteral("wrong"), QStringLiteral("expected_wrong"),
                            QStringLiteral("error"), QStringLiteral("skipped")};
const QStringList kFamilies{QStringLiteral("basics"), QStringLiteral("shared_memory"),
                            QStringLiteral("many_blocks"), QStringLiteral("warp_primitives"),
                            QStringLiteral("dot_product"), QStringLiteral("baseline")};
const QStringList kSweepParams{QStringLiteral("n"), QStringLiteral("block_size"), QStringLiteral("coarse_factor")};

BenchDevice parseDevice(const QJsonObject& o, const QString& path)
{
    BenchDevice d;
    d.index = int(integer(o, QStringLiteral("index"), path, Need::Optional, 0, 1024).value_or(0));
    d.name = *string(o, QStringLiteral("name"), path, Need::Required);
    d.compute_capability = string(o, QStringLiteral("compute_capability"), path, Need::Optional).value_or(QString());
    d.sms = int(*integer(o, QStringLiteral("sms"), path, Need::Required, 0, 100000));
    d.l2_bytes = *integer(o, QStringLiteral("l2_bytes"), path, Need::Required, 0);
    d.memory_bytes = integer(o, QStringLiteral("memory_bytes"), path, Need::Optional, 0).value_or(0);
    integer(o, QStringLiteral("memory_clock_khz"), path, Need::Optional, 0);
    integer(o, QStringLiteral("memory_bus_bits"), path, Need::Optional, 0);
    integer(o, QStringLiteral("sm_clock_khz"), path, Need::Optional, 0);
    d.peak_bandwidth_gbs = *number(o, QStringLiteral("peak_bandwidth_gbs"), path, Need::Required, 0);
    d.driver_version = string(o, QStringLiteral("driver_version"), path, Need::Optional).value_or(QString());
    d.runtime_version = string(o, QStringLiteral("runtime_version"), path, Need::Optional).value_or(QString());
    return d;
}

BenchParams parseParams(const QJsonObject& o, const QString& path)
{
    BenchParams p;
    p.n = *integer(o, QStringLiteral("n"), path, Need::Required, 1);
    p.reps = int(*integer(o, QStringLiteral("reps"), path, Need::Required, 1, 1000000));
    p.warmup = int(integer(o, QStringLiteral("warmup"), path, Need::Optional, 0, 1000000).value_or(0));
    p.mode = oneOf(o, QStringLiteral("mode"), path, Need::Required, kModes);
    p.cache = oneOf(o, QStringLiteral("cache"), path, Need::Required, kCaches);
    p.block_size = int(*integer(o, QStringLiteral("block_size"), path, Need::Required, 0, 1 << 20));
    p.coarse_factor = int(*integer(o, QStringLiteral("coarse_factor"), path, Need::Required, 0, 1 << 20));
    p.seed = integer(o, QStringLiteral("seed"), path, Need::Optional, std::numeric_limits<qint64>::min() / 2).value_or(0);
    const QJsonValue strategies = fetch(o, QStringLiteral("strategies"), path, Need::Optional, "an array of strings");
    if (!strategies.isUndefined()) {
        if (!strategies.isArray())
            fail(join(path, QStringLiteral("strategies")),
                 QStringLiteral("expected an array of strings, got %1").arg(describe(strategies)));
        const QJsonArray a = strategies.toArray();
        for (qsizetype i = 0; i < a.size(); ++i) {
            if (!a.at(i).isString())
                fail(join(path, QStringLiteral("strategies[%1]").arg(i)),
                     QStringLiteral("expected a string, got %1").arg(describe(a.at(i))));
            p.strategies << a.at(i).toString();
        }
    }
    const QJsonObject sweep = object(o, QStringLiteral("sweep"), path, Need::Optional);
    if (!sweep.isEmpty()) {
        const QString sp = join(path, QStringLiteral("sweep"));
        p.sweep_param = oneOf(sweep, QStringLiteral("param"), sp, Need::Required, kSweepParams);
        const QJsonValue values = fetch(sweep, QStringLiteral("values"), sp, Need::Required, "an array of numbers");
        if (!values.isArray())
            fail(join(sp, QStringLiteral("values")), QStringLiteral("expected an array of numbers, got %1").arg(describe(values)));
        const QJsonArray a = values.toArray();
        for (qsizetype i = 0; i < a.size(); ++i) {
            if (!a.at(i).isDouble() || a.at(i).toDouble() <= 0)
                fail(join(sp, QStringLiteral("values[%1]").arg(i)),
                     QStringLiteral("expected a number > 0, got %1").arg(describe(a.at(i))));
            p.sweep_values << a.at(i).toDouble();
        }
    }
    return p;
}

BenchResult parseResult(const QJsonObject& o, const QString& path)
{
    BenchResult r;
    r.strategy = *string(o, QStringLiteral("strategy"), path, Need::Required);
    if (r.strategy.isEmpty())
        fail(join(path, QStringLiteral("strategy")), QStringLiteral("empty (expected a strategy id)"));
    r.family = oneOf(o, QStringLiteral("family"), path, Need::Required, kFamilies);
    r.kernel = string(o, QStringLiteral("kernel"), path, Need::Optional).value_or(QString());
    r.operation = string(o, QStringLiteral("operation"), path, Need::Optional).value_or(QString());
    r.n = *integer(o, QStringLiteral("n"), path, Need::Required, 1);
    r.block_size = int(*integer(o, QStringLiteral("block_size"), path, Need::Required, 0, 1 << 20));
    r.coarse_factor = int(*integer(o, QStringLiteral("coarse_factor"), path, Need::Required, 0, 1 << 20));
    r.grid_size = integer(o, QStringLiteral("grid_size"), path, Need::Optional, 0).value_or(0);
    r.mode = oneOf(o, QStringLiteral("mode"), path, Need::Optional, kModes);
    r.cache = oneOf(o, QStringLiteral("cache"), path, Need::Optional, kCaches);
    const QString status = oneOf(o, QStringLiteral("status"), path, Need::Required, kStatuses);
    r.status = BenchStatus(kStatuses.indexOf(status));
    r.message = string(o, QStringLiteral("message"), path, Need::Optional).value_or(QString());
    r.result = number(o, QStringLiteral("result"), path, Need::Optional);
    r.reference = number(o, QStringLiteral("reference"), path, Need::Optional);
    r.abs_error = number(o, QStringLiteral("abs_error"), path, Need::Optional, 0);
    r.tolerance = number(o, QStringLiteral("tolerance"), path, Need::Optional, 0);

    const QJsonObject time = object(o, QStringLiteral("time_ms"), path, Need::Nullable);
    if (!time.isEmpty()) {
        const QString tp = join(path, QStringLiteral("time_ms"));
        BenchTime t;
        t.median_ms = *number(time, QStringLiteral("median"), tp, Need::Required, 0);
        t.min_ms = *number(time, QStringLiteral("min"), tp, Need::Required, 0);
        t.max_ms = *number(time, QStringLiteral("max"), tp, Need::Required, 0);
        const double slack = 1e-9 * t.max_ms;
        if (t.min_ms > t.median_ms + slack || t.median_ms > t.max_ms + slack)
            fail(tp, QStringLiteral("expected min <= median <= max, got min %1, median %2, max %3")
                         .arg(t.min_ms).arg(t.median_ms).arg(t.max_ms));
        r.time = t;
    } else if (r.status == BenchStatus::Ok) {
        fail(join(path, QStringLiteral("time_ms")), QStringLiteral("null, but status is \"ok\" (a verified run has a time)"));
    }
    r.bytes_read = *integer(o, QStringLiteral("bytes_read"), path, Need::Required, 0);
    r.bandwidth_gbs = number(o, QStringLiteral("bandwidth_gbs"), path, Need::Nullable, 0);
    r.pct_peak = number(o, QStringLiteral("pct_peak"), path, Need::Optional, 0);
    r.pct_ceiling = number(o, QStringLiteral("pct_ceiling"), path, Need::Optional, 0);
    r.ceiling_read_gbs = number(o, QStringLiteral("ceiling_read_gbs"), path, Need::Optional, 0);
    r.speedup_vs_cpu = number(o, QStringLiteral("speedup_vs_cpu"), path, Need::Optional, 0);
    r.speedup_vs_cub = number(o, QStringLiteral("speedup_vs_cub"), path, Need::Optional, 0);
    // Multi-GPU runs (issue 7) tag results with these; absent in single-GPU files.
    r.gpus = int(integer(o, QStringLiteral("gpus"), path, Need::Optional, 1, 4096).value_or(0));
    r.combine = string(o, QStringLiteral("combine"), path, Need::Optional).value_or(QString());
    if (r.status != BenchStatus::Ok) {
        // Contract: speeds are null unless ok. A file that breaks it still never shows them.
        r.bandwidth_gbs.reset();
        r.pct_peak.reset();
        r.pct_ceiling.reset();
        r.speedup_vs_cpu.reset();
        r.speedup_vs_cub.reset();
    }
    return r;
}

void parseCeilings(const QJsonObject& o, const QString& path, BenchResults* out)
{
    out->ceiling_read_gbs = number(o, QStringLiteral("read_gbs"), path, Need::Optional, 0);
    out->ceiling_copy_gbs = number(o, QStringLiteral("copy_gbs"), path, Need::Optional, 0);
}

QJsonObject parseObjectText(const QByteArray& text, const char* what)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &pe);
    if (pe.error != QJsonParseError::NoError)
        fail({}, QStringLiteral("not valid JSON (%1 at byte %2)").arg(pe.errorString()).arg(pe.offset));
    if (!doc.isObject())
        fail({}, QStringLiteral("expected a JSON object (%1), got %2")
                     .arg(QLatin1String(what), doc.isArray() ? QStringLiteral("an array") : QStringLiteral("something else")));
    return doc.object();
}

BenchResults parseDocument(const QJsonObject& root)
{
    const QJsonValue schema = root.value(QStringLiteral("schema"));
    if (schema.isUndefined())
        fail(QStringLiteral("schema"), QStringLiteral("missing: not a ReduceScope results file (expected \"%1\")")
                                           .arg(BenchResultsReader::schemaId()));
    if (schema.toString() != BenchResultsReader::schemaId())
        fail(QStringLiteral("schema"), QStringLiteral("expected \"%1\", got %2: not a ReduceScope results file")
                                           .arg(BenchResultsReader::schemaId(), describe(schema)));
    const QJsonValue version = root.value(QStringLiteral("version"));
    if (!version.isDouble() || version.toDouble() != std::floor(version.toDouble()))
        fail(QStringLiteral("version"), QStringLiteral("expected the integer %1, got %2")
                                            .arg(BenchResultsReader::kVersion).arg(describe(version)));
    if (version.toInt() != BenchResultsReader::kVersion)
        fail(QStringLiteral("version"), QStringLiteral("this app reads version %1, the file is version %2")
                                            .arg(BenchResultsReader::kVersion).arg(version.toInt()));
    BenchResults r;
    const QJsonObject tool = object(root, QStringLiteral("tool"), {}, Need::Optional);
    r.tool_version = string(tool, QStringLiteral("version"), QStringLiteral("tool"), Need::Optional).value_or(QString());
    r.tool_commit = string(tool, QStringLiteral("commit"), QStringLiteral("tool"), Need::Optional).value_or(QString());
    r.date = string(root, QStringLiteral("date"), {}, Need::Optional).value_or(QString());
    r.command = string(root, QStringLiteral("command"), {}, Need::Optional).value_or(QString());
    r.device = parseDevice(object(root, QStringLiteral("device"), {}, Need::Required), QStringLiteral("device"));
    r.params = parseParams(object(root, QStringLiteral("params"), {}, Need::Required), QStringLiteral("params"));
    parseCeilings(object(root, QStringLiteral("ceilings"), {}, Need::Optional), QStringLiteral("ceilings"), &r);
    const QJsonValue results = fetch(root, QStringLiteral("results"), {}, Need::Required, "an array of result objects");
    if (!results.isArray())
        fail(QStringLiteral("results"), QStringLiteral("expected an array of result objects, got %1").arg(describe(results)));
    const QJsonArray a = results.toArray();
    if (a.size() > BenchResultsReader::kMaxResults)
        fail(QStringLiteral("results"), QStringLiteral("%1 results, over the limit of %2 per file")
                                            .arg(a.size()).arg(BenchResultsReader::kMaxResults));
    r.results.reserve(a.size());
    for (qsizetype i = 0; i < a.size(); ++i) {
        const QString path = QStringLiteral("results[%1]").arg(i);
        if (!a.at(i).isObject())
            fail(path, QStringLiteral("expected an object, got %1").arg(describe(a.at(i))));
        r.results << parseResult(a.at(i).toObject(), path);
    }
    return r;
}

QJsonValue opt(const std::optional<double>& v) { return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null); }

QJsonObject toJsonObject(const BenchResult& r)
{
    QJsonObject o;
    o[QStringLiteral("strategy")] = r.strategy;
    o[QStringLiteral("family")] = r.family;
    o[QStringLiteral("kernel")] = r.kernel;
    o[QStringLiteral("operation")] = r.operation;
    o[QStringLiteral("n")] = double(r.n);
    o[QStringLiteral("block_size")] = r.block_size;
    o[QStringLiteral("coarse_factor")] = r.coarse_factor;
    o[QStringLiteral("grid_size")] = double(r.grid_size);
    o[QStringLiteral("mode")] = r.mode;
    o[QStringLiteral("cache")] = r.cache;
    o[QStringLiteral("status")] = views::benchStatusId(r.status);
    o[QStringLiteral("message")] = r.message;
    o[QStringLiteral("result")] = opt(r.result);
    o[QStringLiteral("reference")] = opt(r.reference);
    o[QStringLiteral("abs_error")] = opt(r.abs_error);
    o[QStringLiteral("tolerance")] = opt(r.tolerance);
    if (r.time) {
        o[QStringLiteral("time_ms")] = QJsonObject{{QStringLiteral("median"), r.time->median_ms},
                                                   {QStringLiteral("min"), r.time->min_ms},
                                                   {QStringLiteral("max"), r.time->max_ms}};
    } else {
        o[QStringLiteral("time_ms")] = QJsonValue(QJsonValue::Null);
    }
    o[QStringLiteral("bytes_read")] = double(r.bytes_read);
    o[QStringLiteral("bandwidth_gbs")] = opt(r.bandwidth_gbs);
    o[QStringLiteral("pct_peak")] = opt(r.pct_peak);
    o[QStringLiteral("pct_ceiling")] = opt(r.pct_ceiling);
    o[QStringLiteral("ceiling_read_gbs")] = opt(r.ceiling_read_gbs);
    o[QStringLiteral("speedup_vs_cpu")] = opt(r.speedup_vs_cpu);
    o[QStringLiteral("speedup_vs_cub")] = opt(r.speedup_vs_cub);
    if (r.gpus > 0)
        o[QStringLiteral("gpus")] = r.gpus;
    if (!r.combine.isEmpty())
        o[QStringLiteral("combine")] = r.combine;
    return o;
}

QString csvField(const QString& s)
{
    if (!s.contains(QLatin1Char(',')) && !s.contains(QLatin1Char('"')) && !s.contains(QLatin1Char('\n')))
        return s;
    QString q = s;
    q.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + q + QLatin1Char('"');
}

QString csvNumber(const std::optional<double>& v) { return v ? QString::number(*v, 'g', 10) : QString(); }

} // namespace

namespace {

QString notRegularWhy(bool dir, bool fifo, bool device, bool socket)
{
    const QString what = dir ? QStringLiteral("a directory")
        : fifo             ? QStringLiteral("a FIFO")
        : device           ? QStringLiteral("a device")
        : socket           ? QStringLiteral("a socket")
                           : QStringLiteral("not a plain file");
    return QStringLiteral("not a regular file (%1); the app reads only regular files of at most %2 MiB")
        .arg(what).arg(BenchResultsReader::kMaxFileBytes >> 20);
}

QString tooBigWhy(qint64 bytes)
{
    return QStringLiteral("%1 MiB, over the limit of %2 MiB for a file the app reads")
        .arg(double(bytes) / (1 << 20), 0, 'f', 1).arg(BenchResultsReader::kMaxFileBytes >> 20);
}

} // namespace

std::optional<QByteArray> BenchResultsReader::readBytes(const QString& path, QString* error)
{
    const auto refuse = [&](const QString& why) -> std::optional<QByteArray> {
        if (error)
            *error = QStringLiteral("%1: %2").arg(echoPath(path), why);
        return std::nullopt;
    };
    if (path.isEmpty()) {
        if (error)
            *error = QStringLiteral("no file name given (expected a results .json file)");
        return std::nullopt;
    }
    QFile f;
#ifdef Q_OS_UNIX
    // Refuse FIFOs, devices and directories before opening them (opening a FIFO blocks, reading
    // /dev/zero never ends), then check again on the opened descriptor.
    const QByteArray native = QFile::encodeName(path);
    struct stat st {};
    if (::stat(native.constData(), &st) != 0)
        return refuse(QStringLiteral("cannot open (%1)").arg(qt_error_string(errno)));
    auto checkStat = [&](const struct stat& s) -> QString {
        if (!S_ISREG(s.st_mode))
            return notRegularWhy(S_ISDIR(s.st_mode), S_ISFIFO(s.st_mode), S_ISCHR(s.st_mode) || S_ISBLK(s.st_mode),
                                 S_ISSOCK(s.st_mode));
        if (qint64(s.st_size) > kMaxFileBytes)
            return tooBigWhy(qint64(s.st_size));
        return {};
    };
    if (const QString why = checkStat(st); !why.isEmpty())
        return refuse(why);
    const int fd = ::open(native.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return refuse(QStringLiteral("cannot open (%1)").arg(qt_error_string(errno)));
    if (::fstat(fd, &st) != 0 || !checkStat(st).isEmpty()) {
        const QString why = checkStat(st);
        ::close(fd);
        return refuse(why.isEmpty() ? QStringLiteral("cannot open (stat failed)") : why);
    }
    if (!f.open(fd, QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        return refuse(QStringLiteral("cannot open (%1)").arg(f.errorString()));
    }
#else
    const QFileInfo info(path);
    if (!info.exists())
        return refuse(QStringLiteral("cannot open (No such file or directory)"));
    if (!info.isFile())
        return refuse(notRegularWhy(info.isDir(), false, false, false));
    if (info.size() > kMaxFileBytes)
        return refuse(tooBigWhy(info.size()));
    f.setFileName(path);
    if (!f.open(QIODevice::ReadOnly))
        return refuse(QStringLiteral("cannot open (%1)").arg(f.errorString()));
#endif
    // Read in chunks up to the limit, so that a file that grows meanwhile still cannot exhaust memory.
    QByteArray data;
    char chunk[1 << 16];
    for (;;) {
        const qint64 n = f.read(chunk, sizeof chunk);
        if (n < 0)
            return refuse(QStringLiteral("cannot read (%1)").arg(f.errorString()));
        if (n == 0)
            break;
        data.append(chunk, qsizetype(n));
        if (data.size() > kMaxFileBytes)
            return refuse(tooBigWhy(data.size()));
    }
    return data;
}

std::optional<BenchResults> BenchResultsReader::readFile(const QString& path, QString* error)
{
    const std::optional<QByteArray> bytes = readBytes(path, error);
    if (!bytes)
        return std::nullopt;
    QString why;
    auto r = parse(*bytes, &why);
    if (!r) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(echoPath(QFileInfo(path).fileName()), why);
        return std::nullopt;
    }
    r->source = QFileInfo(path).fileName();
    return r;
}

std::optional<BenchResults> BenchResultsReader::parse(const QByteArray& json, QString* error)
{
    try {
        return parseDocument(parseObjectText(json, "a results file"));
    } catch (const ParseFailure& f) {
        if (error)
            *error = f.message;
        return std::nullopt;
    }
}

std::optional<BenchLine> BenchResultsReader::parseLine(const QByteArray& line, QString* error)
{
    try {
        const QJsonObject o = parseObjectText(line, "one JSON object per line");
        BenchLine l;
        const QString type = *string(o, QStringLiteral("type"), {}, Need::Required);
        if (type == QLatin1String("start")) {
            l.type = BenchLine::Type::Start;
            l.total = int(*integer(o, QStringLiteral("total"), {}, Need::Required, 0, 1 << 24));
            l.header.device = parseDevice(object(o, QStringLiteral("device"), {}, Need::Required), QStringLiteral("device"));
            l.header.params = parseParams(object(o, QStringLiteral("params"), {}, Need::Required), QStringLiteral("params"));
            parseCeilings(object(o, QStringLiteral("ceilings"), {}, Need::Optional), QStringLiteral("ceilings"), &l.header);
        } else if (type == QLatin1String("progress")) {
            l.type = BenchLine::Type::Progress;
            l.index = int(*integer(o, QStringLiteral("index"), {}, Need::Required, 0, 1 << 24));
            l.total = int(*integer(o, QStringLiteral("total"), {}, Need::Required, 0, 1 << 24));
            l.strategy = *string(o, QStringLiteral("strategy"), {}, Need::Required);
            l.n = integer(o, QStringLiteral("n"), {}, Need::Optional, 1).value_or(0);
        } else if (type == QLatin1String("result")) {
            l.type = BenchLine::Type::Result;
            l.result = parseResult(o, {});
        } else if (type == QLatin1String("done")) {
            l.type = BenchLine::Type::Done;
            l.elapsed_s = number(o, QStringLiteral("elapsed_s"), {}, Need::Optional, 0).value_or(0);
        } else if (type == QLatin1String("error")) {
            l.type = BenchLine::Type::Error;
            l.message = string(o, QStringLiteral("message"), {}, Need::Optional).value_or(QString());
        } else {
            fail(QStringLiteral("type"), QStringLiteral("expected start | progress | result | done | error, got \"%1\"").arg(echoValue(type)));
        }
        return l;
    } catch (const ParseFailure& f) {
        if (error)
            *error = f.message;
        return std::nullopt;
    }
}

std::optional<QList<BenchDevice>> BenchResultsReader::parseDevices(const QByteArray& text, QString* error)
{
    try {
        QList<BenchDevice> out;
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(text, &pe);
        auto addArray = [&](const QJsonArray& a, const QString& path) {
            for (qsizetype i = 0; i < a.size(); ++i) {
                const QString p = QStringLiteral("%1[%2]").arg(path).arg(i);
                if (!a.at(i).isObject())
                    fail(p, QStringLiteral("expected an object, got %1").arg(describe(a.at(i))));
                out << parseDevice(a.at(i).toObject(), p);
            }
        };
        if (pe.error == QJsonParseError::NoError && doc.isArray()) {
            addArray(doc.array(), QStringLiteral("devices"));
        } else if (pe.error == QJsonParseError::NoError && doc.isObject()) {
            const QJsonObject o = doc.object();
            if (o.contains(QStringLiteral("devices"))) {
                if (!o.value(QStringLiteral("devices")).isArray())
                    fail(QStringLiteral("devices"), QStringLiteral("expected an array of device objects"));
                addArray(o.value(QStringLiteral("devices")).toArray(), QStringLiteral("devices"));
            } else {
                out << parseDevice(o, QStringLiteral("device"));
            }
        } else {
            const QList<QByteArray> lines = text.split('\n');
            for (qsizetype i = 0; i < lines.size(); ++i) {
                if (lines.at(i).trimmed().isEmpty())
                    continue;
                QJsonObject o = parseObjectText(lines.at(i), "one device object per line");
                if (o.contains(QStringLiteral("device")) && o.value(QStringLiteral("device")).isObject())
                    o = o.value(QStringLiteral("device")).toObject();
                out << parseDevice(o, QStringLiteral("line %1").arg(i + 1));
            }
        }
        return out;
    } catch (const ParseFailure& f) {
        if (error)
            *error = f.message;
        return std::nullopt;
    }
}

QByteArray benchResultsToJson(const BenchResults& r)
{
    QJsonObject root;
    root[QStringLiteral("schema")] = BenchResultsReader::schemaId();
    root[QStringLiteral("version")] = BenchResultsReader::kVersion;
    root[QStringLiteral("tool")] = QJsonObject{{QStringLiteral("name"), QStringLiteral("reducescope-cli")},
                                               {QStringLiteral("version"), r.tool_version},
                                               {QStringLiteral("commit"), r.tool_commit}};
    root[QStringLiteral("date")] = r.date;
    root[QStringLiteral("command")] = r.command;
    const BenchDevice& d = r.device;
    root[QStringLiteral("device")] = QJsonObject{
        {QStringLiteral("index"), d.index},
        {QStringLiteral("name"), d.name},
        {QStringLiteral("compute_capability"), d.compute_capability},
        {QStringLiteral("sms"), d.sms},
        {QStringLiteral("l2_bytes"), double(d.l2_bytes)},
        {QStringLiteral("memory_bytes"), double(d.memory_bytes)},
        {QStringLiteral("peak_bandwidth_gbs"), d.peak_bandwidth_gbs},
        {QStringLiteral("driver_version"), d.driver_version},
        {QStringLiteral("runtime_version"), d.runtime_version}};
    const BenchParams& p = r.params;
    QJsonObject params{{QStringLiteral("n"), double(p.n)},
                       {QStringLiteral("reps"), p.reps},
                       {QStringLiteral("warmup"), p.warmup},
                       {QStringLiteral("mode"), p.mode},
                       {QStringLiteral("cache"), p.cache},
                       {QStringLiteral("block_size"), p.block_size},
                       {QStringLiteral("coarse_factor"), p.coarse_factor},
                       {QStringLiteral("seed"), double(p.seed)},
                       {QStringLiteral("strategies"), QJsonArray::fromStringList(p.strategies)}};
    if (p.sweep_param.isEmpty()) {
        params[QStringLiteral("sweep")] = QJsonValue(QJsonValue::Null);
    } else {
        QJsonArray values;
        for (double v : p.sweep_values)
            values.append(v);
        params[QStringLiteral("sweep")] = QJsonObject{{QStringLiteral("param"), p.sweep_param},
                                                      {QStringLiteral("values"), values}};
    }
    root[QStringLiteral("params")] = params;
    root[QStringLiteral("ceilings")] = QJsonObject{{QStringLiteral("read_gbs"), opt(r.ceiling_read_gbs)},
                                                   {QStringLiteral("copy_gbs"), opt(r.ceiling_copy_gbs)}};
    QJsonArray results;
    for (const BenchResult& res : r.results)
        results.append(toJsonObject(res));
    root[QStringLiteral("results")] = results;
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

QByteArray benchResultsToCsv(const BenchResults& r)
{
    QStringList lines;
    lines << QStringLiteral("strategy,family,kernel,n,block_size,coarse_factor,grid_size,mode,cache,status,"
                            "time_median_ms,time_min_ms,time_max_ms,bytes_read,bandwidth_gbs,pct_peak,pct_ceiling,"
                            "speedup_vs_cpu,speedup_vs_cub,result,reference,abs_error,tolerance,message");
    for (const BenchResult& x : r.results) {
        QStringList f;
        f << csvField(x.strategy) << csvField(x.family) << csvField(x.kernel) << QString::number(x.n)
          << QString::number(x.block_size) << QString::number(x.coarse_factor) << QString::number(x.grid_size)
          << csvField(x.mode) << csvField(x.cache) << views::benchStatusId(x.status)
          << (x.time ? QString::number(x.time->median_ms, 'g', 10) : QString())
          << (x.time ? QString::number(x.time->min_ms, 'g', 10) : QString())
          << (x.time ? QString::number(x.time->max_ms, 'g', 10) : QString())
          << QString::number(x.bytes_read) << csvNumber(x.bandwidth_gbs) << csvNumber(x.pct_peak)
          << csvNumber(x.pct_ceiling) << csvNumber(x.speedup_vs_cpu) << csvNumber(x.speedup_vs_cub)
          << csvNumber(x.result) << csvNumber(x.reference) << csvNumber(x.abs_error) << csvNumber(x.tolerance)
          << csvField(x.message);
        lines << f.join(QLatin1Char(','));
    }
    return (lines.join(QLatin1Char('\n')) + QLatin1Char('\n')).toUtf8();
}

QList<std::optional<double>> benchSpeedups(const BenchResults& r, const QString& baseline)
{
    QList<std::optional<double>> out;
    out.reserve(r.results.size());
    for (const BenchResult& x : r.results) {
        std::optional<double> s;
        if (x.hasSpeed()) {
            if (baseline == QLatin1String("cpu") && x.speedup_vs_cpu) {
                s = x.speedup_vs_cpu;
            } else if (baseline == QLatin1String("cub") && x.speedup_vs_cub) {
                s = x.speedup_vs_cub;
            } else {
                // The baseline at the same n; prefer the same operation, block size and coarse factor.
                const BenchResult* best = nullptr;
                int bestScore = -1;
                for (const BenchResult& b : r.results) {
                    if (b.strategy != baseline || b.n != x.n || !b.hasSpeed())
                        continue;
                    const int score = (b.operation == x.operation ? 4 : 0) + (b.block_size == x.block_size ? 2 : 0)
                        + (b.coarse_factor == x.coarse_factor ? 1 : 0);
                    if (score > bestScore) {
                        best = &b;
                        bestScore = score;
                    }
                }
                if (best && x.time->median_ms > 0)
                    s = best->time->median_ms / x.time->median_ms;
            }
        }
        out << s;
    }
    return out;
}

} // namespace reducescope::app
