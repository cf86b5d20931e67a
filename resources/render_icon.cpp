// SPDX-License-Identifier: GPL-3.0-or-later
// reducescope-render-icon: renders the SVG icon to one square PNG at build time, for the hicolor
// icon theme (share/icons/hicolor/NxN/apps). Qt's own SVG renderer, so the build needs no rsvg.
// No QGuiApplication (so no platform plugin at build time): the icon is shapes only, no text.
// Usage: reducescope-render-icon IN.svg SIZE OUT.png   (SIZE in 1..1024 pixels; exit 2 on bad input)
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

#include <cstdio>

int main(int argc, char** argv)
{
    if (argc != 4) {
        std::fprintf(stderr, "usage: reducescope-render-icon IN.svg SIZE OUT.png\n");
        return 2;
    }
    const QString in = QString::fromLocal8Bit(argv[1]);
    bool ok = false;
    const int size = QString::fromLatin1(argv[2]).toInt(&ok);
    if (!ok || size < 1 || size > 1024) {
        std::fprintf(stderr, "reducescope-render-icon: SIZE must be in 1..1024 (got \"%s\")\n", argv[2]);
        return 2;
    }
    QSvgRenderer svg(in);
    if (!svg.isValid()) {
        std::fprintf(stderr, "reducescope-render-icon: %s: not a readable SVG\n", argv[1]);
        return 2;
    }
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    svg.render(&painter, QRectF(0, 0, size, size));
    painter.end();
    if (!image.save(QString::fromLocal8Bit(argv[3]), "PNG")) {
        std::fprintf(stderr, "reducescope-render-icon: %s: cannot write\n", argv[3]);
        return 1;
    }
    return 0;
}
