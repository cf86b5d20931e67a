// SPDX-License-Identifier: GPL-3.0-or-later
// The picture work of docs/screenshots/make.sh, with Qt alone (no ImageMagick or PIL needed):
//
//   screenshot_png_tool deuteranopia IN.png OUT.png   how a deuteranope sees IN: Machado, Oliveira
//                                                     and Fernandes (2009), severity 1.0, applied
//                                                     to linear RGB (sRGB decoded, matrix, encoded)
//   screenshot_png_tool shrink FILE.png MAX_BYTES     rewrites FILE at zlib's best compression; if
//                                                     still larger than MAX_BYTES, with a palette of
//                                                     at most 256 colours (the most frequent ones,
//                                                     each pixel mapped to the nearest, no dither)
//   screenshot_png_tool scale IN.png OUT.png PERCENT  smooth scaling (the "back row" view)
//   screenshot_png_tool selftest                      checks the three on made-up pictures
//
// Exit 0 on success, 1 on failure (with a line on stderr), 2 on a usage error.
#include <QColor>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHash>
#include <QImage>
#include <QTemporaryDir>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <vector>

namespace {

double toLinear(double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); }

double toSrgb(double v)
{
    v = std::clamp(v, 0.0, 1.0);
    return v <= 0.0031308 ? 12.92 * v : 1.055 * std::pow(v, 1 / 2.4) - 0.055;
}

// Machado, Oliveira & Fernandes (2009), deuteranomaly at severity 1.0 (their table's last row).
constexpr double kDeuteranopia[3][3] = {{0.367322, 0.860646, -0.227968},
                                        {0.280085, 0.672501, 0.047413},
                                        {-0.011820, 0.042940, 0.968881}};

QRgb deuteranope(QRgb c)
{
    const double in[3] = {toLinear(qRed(c) / 255.0), toLinear(qGreen(c) / 255.0), toLinear(qBlue(c) / 255.0)};
    int out[3];
    for (int i = 0; i < 3; ++i) {
        const double v = kDeuteranopia[i][0] * in[0] + kDeuteranopia[i][1] * in[1] + kDeuteranopia[i][2] * in[2];
        out[i] = int(std::lround(255 * toSrgb(v)));
    }
    return qRgba(out[0], out[1], out[2], qAlpha(c));
}

QImage simulate(const QImage& in)
{
    // 256^3 colours would be a large table; screenshots have few distinct ones: cache them.
    QImage img = in.convertToFormat(QImage::Format_ARGB32);
    QHash<QRgb, QRgb> seen;
    for (int y = 0; y < img.height(); ++y) {
        auto* line = reinterpret_cast<QRgb*>(img.scanLine(y));
        for (int x = 0; x < img.width(); ++x) {
            auto it = seen.constFind(line[x]);
            if (it == seen.constEnd())
                it = seen.insert(line[x], deuteranope(line[x]));
            line[x] = *it;
        }
    }
    return img;
}

// At most 256 colours: the most frequent colours of the picture (counted on 6 bits per channel,
// so the shades of one anti-aliased edge count together), each pixel mapped to the nearest.
QImage quantise(const QImage& in)
{
    const QImage img = in.convertToFormat(QImage::Format_RGB32);
    QHash<QRgb, qint64> count;
    for (int y = 0; y < img.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(img.constScanLine(y));
        for (int x = 0; x < img.width(); ++x)
            ++count[line[x] & 0xFCFCFC];
    }
    std::vector<std::pair<qint64, QRgb>> byCount;
    byCount.reserve(std::size_t(count.size()));
    for (auto it = count.constBegin(); it != count.constEnd(); ++it)
        byCount.emplace_back(it.value(), it.key());
    std::sort(byCount.begin(), byCount.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    QVector<QRgb> palette;
    for (const auto& [n, c] : byCount) {
        if (palette.size() >= 256)
            break;
        palette << (0xFF000000u | c | ((c >> 6) & 0x030303));  // back to 8 bits per channel
    }
    QImage out(img.size(), QImage::Format_Indexed8);
    out.setColorTable(palette);
    QHash<QRgb, uchar> nearest;
    for (int y = 0; y < img.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(img.constScanLine(y));
        uchar* dst = out.scanLine(y);
        for (int x = 0; x < img.width(); ++x) {
            const QRgb c = line[x] & 0xFFFFFF;
            auto it = nearest.constFind(c);
            if (it == nearest.constEnd()) {
                int best = 0;
                long bestD = -1;
                for (int i = 0; i < palette.size(); ++i) {
                    const long dr = qRed(c) - qRed(palette[i]), dg = qGreen(c) - qGreen(palette[i]), db = qBlue(c) - qBlue(palette[i]);
                    const long d = 3 * dr * dr + 4 * dg * dg + 2 * db * db;  // green weighs most
                    if (bestD < 0 || d < bestD) {
                        bestD = d;
                        best = i;
                    }
                }
                it = nearest.insert(c, uchar(best));
            }
            dst[x] = *it;
        }
    }
    return out;
}

bool save(const QImage& img, const QString& path)
{
    // Quality 0 is zlib's best compression for Qt's PNG writer.
    const QString tmp = path + QStringLiteral(".tmp.png");
    if (!img.save(tmp, "PNG", 0))
        return false;
    QFile::remove(path);
    return QFile::rename(tmp, path);
}

int shrink(const QString& path, qint64 maxBytes)
{
    const QImage img(path);
    if (img.isNull()) {
        std::fprintf(stderr, "shrink: cannot read %s\n", qPrintable(path));
        return 1;
    }
    if (!save(img, path))
        return 1;
    if (QFileInfo(path).size() > maxBytes && !save(quantise(img), path))
        return 1;
    const qint64 size = QFileInfo(path).size();
    std::printf("%s: %lld bytes%s\n", qPrintable(path), static_cast<long long>(size), size > maxBytes ? " (over the limit)" : "");
    return size > maxBytes ? 1 : 0;
}

int selftest()
{
    int failures = 0;
    const auto check = [&failures](bool ok, const char* what) {
        std::printf("%s: %s\n", ok ? "ok" : "FAILED", what);
        failures += !ok;
    };
    // Grey stays grey (each row of the matrix sums to 1); pure red and pure green, far apart in
    // normal vision, come out as two yellowish colours of about the same hue.
    const QRgb grey = deuteranope(qRgb(128, 128, 128));
    check(std::abs(qRed(grey) - 128) <= 1 && std::abs(qGreen(grey) - 128) <= 1 && std::abs(qBlue(grey) - 128) <= 1,
          "deuteranopia keeps grey");
    const QRgb red = deuteranope(qRgb(255, 0, 0)), green = deuteranope(qRgb(0, 255, 0));
    check(qRed(red) > qBlue(red) && qRed(green) > qBlue(green) && qGreen(green) > qBlue(green),
          "deuteranopia: red and green both turn yellow-brown (more red and green than blue)");
    // By hand: linear red 1.0 -> (0.367322, 0.280085, -0.011820) -> sRGB (163, 144, 0).
    check(std::abs(qRed(red) - 163) <= 1 && std::abs(qGreen(red) - 144) <= 1 && qBlue(red) == 0,
          "deuteranopia of pure red is (163, 144, 0)");
    // Quantising: a picture of 300 colours keeps 256, each pixel near its own colour.
    QImage many(300, 10, QImage::Format_RGB32);
    for (int x = 0; x < 300; ++x)
        for (int y = 0; y < 10; ++y)
            many.setPixel(x, y, qRgb(x % 256, x / 2, 200));
    const QImage q = quantise(many);
    check(q.colorCount() <= 256, "at most 256 colours");
    int worst = 0;
    for (int x = 0; x < 300; ++x) {
        const QRgb a = many.pixel(x, 0), b = q.pixel(x, 0);
        worst = std::max({worst, std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)), std::abs(qBlue(a) - qBlue(b))});
    }
    check(worst <= 8, "every pixel within 8 levels of its colour");
    QImage few(40, 40, QImage::Format_RGB32);
    few.fill(qRgb(24, 26, 31));
    few.setPixel(3, 3, qRgb(151, 184, 244));
    const QImage fq = quantise(few);
    check(fq.pixel(3, 3) == qRgb(151, 184, 244) || std::abs(qBlue(fq.pixel(3, 3)) - 244) <= 3, "a rare colour survives");
    check(QImage(many).scaled(75, 3, Qt::IgnoreAspectRatio, Qt::SmoothTransformation).width() == 75, "scale");
    return failures == 0 ? 0 : 1;
}

} // namespace

int main(int argc, char** argv)
{
    QGuiApplication app(argc, argv);  // QImage's PNG plugin
    const QStringList a = app.arguments().mid(1);
    const QString cmd = a.value(0);
    if (cmd == QLatin1String("selftest") && a.size() == 1)
        return selftest();
    if (cmd == QLatin1String("deuteranopia") && a.size() == 3) {
        const QImage in(a[1]);
        if (in.isNull())
            return std::fprintf(stderr, "deuteranopia: cannot read %s\n", qPrintable(a[1])), 1;
        return save(simulate(in), a[2]) ? 0 : 1;
    }
    if (cmd == QLatin1String("shrink") && a.size() == 3)
        return shrink(a[1], a[2].toLongLong());
    if (cmd == QLatin1String("scale") && a.size() == 4) {
        const QImage in(a[1]);
        const double f = a[3].toDouble() / 100;
        if (in.isNull() || f <= 0)
            return 1;
        return in.scaled(QSize(int(in.width() * f), int(in.height() * f)), Qt::IgnoreAspectRatio, Qt::SmoothTransformation)
                       .save(a[2])
                   ? 0
                   : 1;
    }
    std::fprintf(stderr, "usage: screenshot_png_tool deuteranopia IN OUT | shrink FILE MAX_BYTES | scale IN OUT PERCENT | selftest\n");
    return 2;
}
