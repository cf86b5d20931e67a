// SPDX-License-Identifier: GPL-3.0-or-later
// Classroom mode in the views (docs/classroom.md): every text the step view and the warp map paint
// in presentation mode at 1920×1080 is at least 22 px (measured on the text items the painter
// really draws, through a recording paint engine); zoom and pan; hit-testing of lanes, warps and
// cells; the warp map's divergent cells against the model on the textbook case and its fit at 4096
// values; the lessons compiled into the resources.
//
// Set REDUCESCOPE_SCREENSHOT_DIR to also write the pictures (screenshots()).
#include "gui_test_main.h"

#include "model/simulate.h"
#include "model/predict.h"
#include "app/common/lessons.h"
#include "views/step/predict_text.h"
#include "views/step/step_layout.h"
#include "views/step/step_view.h"
#include "views/step/warp_map_view.h"

#include <QDir>
#include <QImage>
#include <QPaintDevice>
#include <QPaintEngine>
#include <QPainter>
#include <QSignalSpy>
#include <QTest>
#include <QScopeGuard>
#include <QTextItem>
#include <QTranslator>
#include <QWheelEvent>

#include <cmath>
#include <memory>

using namespace reducescope;

namespace {

// A paint engine that only records the size of every text item drawn (in device pixels: the font
// size times the painter's scale), so a test measures what is painted, not what a layout intends.
class TextRecorder : public QPaintEngine {
public:
    TextRecorder() : QPaintEngine(QPaintEngine::AllFeatures) {}
    bool begin(QPaintDevice*) override { return true; }
    bool end() override { return true; }
    void updateState(const QPaintEngineState& state) override
    {
        if (state.state() & QPaintEngine::DirtyTransform)
            m_scale = std::sqrt(std::abs(state.transform().determinant()));
    }
    void drawPixmap(const QRectF&, const QPixmap&, const QRectF&) override {}
    void drawPath(const QPainterPath&) override {}
    void drawPolygon(const QPointF*, int, PolygonDrawMode) override {}
    void drawRects(const QRectF*, int) override {}
    void drawLines(const QLineF*, int) override {}
    void drawEllipse(const QRectF&) override {}
    void drawImage(const QRectF&, const QImage&, const QRectF&, Qt::ImageConversionFlags) override {}
    void drawTiledPixmap(const QRectF&, const QPixmap&, const QPointF&) override {}
    void drawTextItem(const QPointF&, const QTextItem& item) override
    {
        const QFont f = item.font();
        const qreal px = f.pixelSize() > 0 ? f.pixelSize() : f.pointSizeF() * 96.0 / 72.0;
        sizes.push_back(px * m_scale);
        texts.push_back(item.text());
    }
    Type type() const override { return QPaintEngine::User; }

    QVector<qreal> sizes;
    QStringList texts;

private:
    qreal m_scale = 1;
};

class TextDevice : public QPaintDevice {
public:
    explicit TextDevice(QSize size) : m_size(size) {}
    QPaintEngine* paintEngine() const override { return &m_engine; }
    TextRecorder& recorder() { return m_engine; }

protected:
    int metric(PaintDeviceMetric m) const override
    {
        switch (m) {
        case PdmWidth: return m_size.width();
        case PdmHeight: return m_size.height();
        case PdmDpiX: case PdmDpiY: case PdmPhysicalDpiX: case PdmPhysicalDpiY: return 96;
        case PdmDepth: return 32;
        case PdmNumColors: return INT_MAX;
        case PdmDevicePixelRatio: return 1;
        case PdmDevicePixelRatioScaled: return int(QPaintDevice::devicePixelRatioFScale());
        default: return 0;
        }
    }

private:
    QSize m_size;
    mutable TextRecorder m_engine;
};

std::vector<float> iota1(int n)
{
    std::vector<float> v(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        v[std::size_t(i)] = float(i + 1);
    return v;
}

std::shared_ptr<const model::Trace> trace(const QString& id, int n, int block = 0, int warp = 32, int banks = 32)
{
    model::Params p;
    p.block_size = block;
    p.warp_size = warp;
    p.banks = banks;
    return std::make_shared<const model::Trace>(model::simulate(id.toStdString(), iota1(n), p));
}

const QSize kProjector(1920, 1080);

QString screenshotDir()
{
    return qEnvironmentVariable("REDUCESCOPE_SCREENSHOT_DIR");
}

} // namespace

class TestClassroomViews : public QObject {
    Q_OBJECT
private slots:
    void presentationOptions();
    void presentationTextAtLeast22_data();
    void presentationTextAtLeast22();
    void presentationTextNotCut_data();
    void presentationTextNotCut();
    void warpMapTextAtLeast22();
    void zoomKeysAndWheel();
    void hitTesting_data();
    void hitTesting();
    void hitTestingThroughZoomAndClicks();
    void warpMapTextbookDivergence();
    void warpMapFits4096_data();
    void warpMapFits4096();
    void themeSwitch();
    void lessonsFromResources();
    void predictTexts();
    void screenshots();
};

void TestClassroomViews::presentationOptions()
{
    const views::LayoutOptions o = views::presentationOptions(kProjector);
    QCOMPARE(o.minTextPx, 22.0);
    QVERIFY(o.scale > 1.5);
    QCOMPARE(views::presentationOptions(QSize(1280, 720)).minTextPx, 22.0);   // never below 22
    QCOMPARE(views::presentationOptions(QSize(3840, 2160)).minTextPx, 44.0);  // grows with the screen
    QCOMPARE(views::presentationOptions(QSize()).minTextPx, 22.0);
}

void TestClassroomViews::presentationTextAtLeast22_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("block");
    QTest::addColumn<int>("warp");
    QTest::addColumn<int>("banks");
    QTest::addRow("simple PMPP 8") << "simple" << 8 << 0 << 32 << 32;
    QTest::addRow("simple 1024, block 512") << "simple" << 1024 << 512 << 32 << 32;
    QTest::addRow("convergent 16, warp 4") << "convergent" << 16 << 8 << 4 << 32;
    QTest::addRow("interleaved_strided 64") << "interleaved_strided" << 64 << 0 << 32 << 32;
    QTest::addRow("interleaved_strided 2048") << "interleaved_strided" << 2048 << 1024 << 32 << 32;
    QTest::addRow("shared 100, 8 banks") << "shared" << 100 << 0 << 8 << 8;
    QTest::addRow("segmented 300") << "segmented" << 300 << 64 << 32 << 32;
    QTest::addRow("coarsened 4096") << "coarsened" << 4096 << 0 << 32 << 32;
    QTest::addRow("race 64") << "race" << 64 << 32 << 32 << 32;
    QTest::addRow("atomic_naive 16") << "atomic_naive" << 16 << 8 << 4 << 32;
    QTest::addRow("warp_shuffle 256") << "warp_shuffle" << 256 << 256 << 32 << 32;
    QTest::addRow("two_pass 4096") << "two_pass" << 4096 << 256 << 32 << 32;
    QTest::addRow("simple 4096") << "simple" << 4096 << 0 << 32 << 32;
}

void TestClassroomViews::presentationTextAtLeast22()
{
    QFETCH(QString, strategy);
    QFETCH(int, n);
    QFETCH(int, block);
    QFETCH(int, warp);
    QFETCH(int, banks);
    const auto t = trace(strategy, n, block, warp, banks);
    views::StepView view;
    view.setTrace(t);
    view.setPresentation(true, kProjector);
    view.resize(kProjector.width(), 600);
    QCOMPARE(view.layoutOptions().minTextPx, 22.0);
    for (int k = 0; k < int(t->steps.size()); ++k) {
        view.setStep(k);
        const views::StepLayout l = view.layoutForWidth(kProjector.width());
        TextDevice device(l.size);
        {
            QPainter p(&device);
            view.paintLayout(p, l);
        }
        const TextRecorder& r = device.recorder();
        QVERIFY2(r.sizes.size() > 10, qPrintable(QStringLiteral("step %1: only %2 texts drawn").arg(k + 1).arg(r.sizes.size())));
        for (int i = 0; i < r.sizes.size(); ++i)
            QVERIFY2(r.sizes[i] >= 22.0 - 1e-9,
                     qPrintable(QStringLiteral("step %1: '%2' painted at %3 px").arg(k + 1).arg(r.texts[i]).arg(r.sizes[i])));
    }
    // The desktop layout of the same trace draws smaller type (presentation really differs).
    view.setPresentation(false);
    const views::StepLayout desk = view.layoutForWidth(kProjector.width());
    QVERIFY(desk.smallFont.pixelSize() < 22);
}

// No text of the step view is cut in presentation mode on a 1280x720 or 1920x1080 projector, in
// one column (the whole width) or two (compare): every caption's box holds its wrapped text, as
// QFontMetricsF measures it in the font it is painted in (the "arrows: 1 in 2 drawn" caption of
// long arrays was cut at 1920x1080 before).
void TestClassroomViews::presentationTextNotCut_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("block");
    QTest::addColumn<int>("warp");
    QTest::addColumn<int>("banks");
    QTest::addColumn<QSize>("screen");
    QTest::addColumn<int>("columns");
    QTest::addColumn<QString>("language");
    struct Row {
        const char* name;
        const char* strategy;
        int n, block, warp, banks;
    };
    const Row rows[] = {
        {"simple PMPP 8", "simple", 8, 0, 32, 32},
        {"simple 1024, block 512", "simple", 1024, 512, 32, 32},
        {"convergent 16, warp 4, 8 banks", "convergent", 16, 8, 4, 8},
        {"interleaved_strided 2048", "interleaved_strided", 2048, 1024, 32, 32},
        {"segmented 300", "segmented", 300, 64, 32, 32},
        {"coarsened 4096", "coarsened", 4096, 0, 32, 32},
        {"atomic_naive 16, warp 4", "atomic_naive", 16, 8, 4, 32},
        {"two_pass 4096", "two_pass", 4096, 256, 32, 32},
        {"simple 4096", "simple", 4096, 0, 32, 32},
    };
    for (const char* language : {"en", "zh_CN"})
        for (const QSize screen : {QSize(1280, 720), QSize(1920, 1080)})
            for (int columns : {1, 2})
                for (const Row& r : rows)
                    QTest::addRow("%s, %dx%d, %d column(s), %s", r.name, screen.width(), screen.height(), columns, language)
                        << r.strategy << r.n << r.block << r.warp << r.banks << screen << columns << QString::fromLatin1(language);
}

void TestClassroomViews::presentationTextNotCut()
{
    QFETCH(QString, strategy);
    QFETCH(int, n);
    QFETCH(int, block);
    QFETCH(int, warp);
    QFETCH(int, banks);
    QFETCH(QSize, screen);
    QFETCH(int, columns);
    QFETCH(QString, language);
    // The Chinese words of the build (the app's language switch lives in app/, not here).
    QTranslator zh;
    if (language != QLatin1String("en")) {
        QVERIFY(zh.load(QStringLiteral("reducescope_") + language, QStringLiteral(":/translations")));
        QCoreApplication::installTranslator(&zh);
    }
    const auto cleanup = qScopeGuard([&zh] { QCoreApplication::removeTranslator(&zh); });
    const auto t = trace(strategy, n, block, warp, banks);
    views::StepView view;
    view.setTrace(t);
    view.setPresentation(true, screen);
    const int width = screen.width() / columns;
    view.resize(width, 600);
    int boxes = 0;
    for (int k = 0; k < int(t->steps.size()); ++k) {
        view.setStep(k);
        const views::StepLayout l = view.layoutForWidth(width);
        for (const views::StepLayout::TextBox& b : l.textBoxes()) {
            const QRectF need = QFontMetricsF(b.font).boundingRect(b.rect, b.flags, b.text);
            const QString where = QStringLiteral("step %1: \"%2\" needs %3x%4 px, has %5x%6 at x %7")
                                      .arg(k + 1).arg(b.text).arg(need.width()).arg(need.height())
                                      .arg(b.rect.width()).arg(b.rect.height()).arg(b.rect.left());
            QVERIFY2(need.width() <= b.rect.width() + 0.5 && need.height() <= b.rect.height() + 0.5, qPrintable(where));
            QVERIFY2(b.rect.left() >= 0 && b.rect.right() <= width + 0.5, qPrintable(where));
            ++boxes;
        }
        if (language != QLatin1String("en"))
            QVERIFY2(l.title.contains(QStringLiteral("第")), qPrintable(l.title));  // really in Chinese
    }
    QVERIFY(boxes > 3 * int(t->steps.size()));
}

void TestClassroomViews::warpMapTextAtLeast22()
{
    for (const auto& [a, b] : {std::pair{QStringLiteral("simple"), QStringLiteral("convergent")},
                               std::pair{QStringLiteral("two_pass"), QStringLiteral("grid_sync")}}) {
        const auto ta = trace(a, 1024, 512), tb = trace(b, 1024, 512);
        views::WarpMapView view;
        view.setPresentation(true, kProjector);
        view.setTraces(ta, tb);
        view.resize(kProjector);
        const views::WarpMapLayout& l = view.currentLayout();
        TextDevice device(kProjector);
        {
            QPainter p(&device);
            view.paintLayout(p, l);
        }
        QVERIFY(device.recorder().sizes.size() > 20);
        for (int i = 0; i < device.recorder().sizes.size(); ++i)
            QVERIFY2(device.recorder().sizes[i] >= 22.0,
                     qPrintable(QStringLiteral("%1: '%2' at %3 px").arg(a, device.recorder().texts[i]).arg(device.recorder().sizes[i])));
    }
}

void TestClassroomViews::zoomKeysAndWheel()
{
    views::StepView view;
    view.setTrace(trace(QStringLiteral("simple"), 64));
    view.resize(1000, view.heightForWidth(1000));
    QSignalSpy zoomed(&view, &views::StepView::zoomChanged);
    QCOMPARE(view.zoom(), 1.0);
    QTest::keyClick(&view, Qt::Key_Plus, Qt::ControlModifier);
    QCOMPARE(view.zoom(), 1.25);
    QTest::keyClick(&view, Qt::Key_Equal, Qt::ControlModifier);
    QCOMPARE(view.zoom(), 1.5625);
    QTest::keyClick(&view, Qt::Key_Minus, Qt::ControlModifier);
    QCOMPARE(view.zoom(), 1.25);
    QTest::keyClick(&view, Qt::Key_0, Qt::ControlModifier);
    QCOMPARE(view.zoom(), 1.0);
    QCOMPARE(view.pan(), QPointF());
    QCOMPARE(zoomed.count(), 4);
    // Zoom goes down to kMinZoom (the step laid out wider, drawn smaller) and up to 8×.
    view.setZoom(0.1);
    QCOMPARE(view.zoom(), views::StepView::kMinZoom);
    view.setZoom(100);
    QCOMPARE(view.zoom(), 8.0);
    view.resetZoom();

    // Ctrl+wheel zooms around the cursor: the point under it stays under it.
    const QPointF cursor(300, 200);
    const QPointF before = view.toLayout(cursor);
    QWheelEvent wheel(cursor, view.mapToGlobal(cursor), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::ControlModifier,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(&view, &wheel);
    QCOMPARE(view.zoom(), 1.25);
    QVERIFY((view.toLayout(cursor) - before).manhattanLength() < 1e-6);
    // Zoomed, the plain wheel pans; the arrow keys too; pan stays inside the magnified picture.
    const QPointF pan0 = view.pan();
    QWheelEvent down(cursor, view.mapToGlobal(cursor), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                     Qt::NoScrollPhase, false);
    QApplication::sendEvent(&view, &down);
    QVERIFY(view.pan().y() > pan0.y());
    QTest::keyClick(&view, Qt::Key_Right);
    QVERIFY(view.pan().x() > pan0.x());
    view.setPan(QPointF(1e6, 1e6));
    QCOMPARE(view.pan(), QPointF(view.width() * 0.25, view.height() * 0.25));
    view.setPan(QPointF(-5, -5));
    QCOMPARE(view.pan(), QPointF(0, 0));
    // At 1× the plain wheel is left to the scroll area.
    view.resetZoom();
    QWheelEvent plain(cursor, view.mapToGlobal(cursor), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(&view, &plain);
    QVERIFY(!plain.isAccepted());
}

void TestClassroomViews::hitTesting_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("warp");
    QTest::addColumn<bool>("presentation");
    for (bool present : {false, true}) {
        const char* mode = present ? "presentation" : "desktop";
        QTest::addRow("simple 8, %s", mode) << "simple" << 8 << 32 << present;
        QTest::addRow("convergent 64, warp 8, %s", mode) << "convergent" << 64 << 8 << present;
        QTest::addRow("interleaved_strided 256, %s", mode) << "interleaved_strided" << 256 << 32 << present;
        QTest::addRow("segmented 100, warp 4, %s", mode) << "segmented" << 100 << 4 << present;
        QTest::addRow("two_pass 512, %s", mode) << "two_pass" << 512 << 32 << present;
        QTest::addRow("warp_shuffle 64, warp 8, %s", mode) << "warp_shuffle" << 64 << 8 << present;
    }
}

void TestClassroomViews::hitTesting()
{
    QFETCH(QString, strategy);
    QFETCH(int, n);
    QFETCH(int, warp);
    QFETCH(bool, presentation);
    const auto t = trace(strategy, n, 0, warp);
    const views::LayoutOptions options = presentation ? views::presentationOptions(kProjector) : views::LayoutOptions{};
    QFont font;
    font.setPixelSize(14);
    for (int k = 0; k < int(t->steps.size()); ++k) {
        const model::Step& s = t->steps[std::size_t(k)];
        const views::StepLayout l = views::layoutStep(*t, k, 1400, font, QString(), options);
        for (const views::StepLayout::Lane& lane : l.lanes)
            if (!lane.rect.isNull())  // the overview draws the lanes of one warp, on demand
                QCOMPARE(l.laneAt(lane.rect.center()), lane.thread);
        QCOMPARE(l.warps.size(), qsizetype(s.warps.size()));
        for (int i = 0; i < l.warps.size(); ++i) {
            // The same order as Step::warps, so a clicked warp is the model's warp i.
            QCOMPARE(l.warps[i].block, s.warps[std::size_t(i)].block);
            QCOMPARE(l.warps[i].warp, s.warps[std::size_t(i)].warp);
            QCOMPARE(l.warpAt(l.warps[i].rect.center()), i);
            QCOMPARE(l.warpAt(l.warps[i].captionRect.center()), i);
        }
        for (const views::StepLayout::Cell& c : l.cells)
            QCOMPARE(l.cellAt(c.rect.center()), c.index);
        for (const views::StepLayout::Cell& c : l.inputCells)
            QCOMPARE(l.cellAt(c.rect.center()), -1);  // the input row is not the step's array
        QCOMPARE(l.laneAt(QPointF(1, 1)), -1);
        QCOMPARE(l.warpAt(QPointF(1, 1)), -1);
        QCOMPARE(l.cellAt(QPointF(1, 1)), -1);
    }
}

void TestClassroomViews::hitTestingThroughZoomAndClicks()
{
    views::StepView view;
    view.setTrace(trace(QStringLiteral("simple"), 64, 0, 8));
    view.setStep(1);
    view.resize(1000, view.heightForWidth(1000));
    const views::StepLayout l = view.currentLayout();
    view.setZoom(2.0, QPointF(0, 0));
    view.setPan(QPointF(150, 100));
    QCOMPARE(view.pan(), QPointF(150, 100));
    auto toWidget = [&](QPointF layoutPoint) { return (layoutPoint * view.zoom() - view.pan()).toPoint(); };
    int checked = 0;
    for (const views::StepLayout::Lane& lane : l.lanes) {
        const QPoint p = toWidget(lane.rect.center());
        if (!view.rect().contains(p))
            continue;
        QCOMPARE(view.laneAt(p), lane.thread);
        ++checked;
    }
    QVERIFY(checked > 4);
    // A click (no drag) reports what is under it; a drag pans instead.
    QSignalSpy lanes(&view, &views::StepView::laneClicked);
    QSignalSpy cells(&view, &views::StepView::cellClicked);
    QSignalSpy warps(&view, &views::StepView::warpClicked);
    const QPoint lanePoint = toWidget(l.lanes[3].rect.center());
    QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, lanePoint);
    QCOMPARE(lanes.count(), 1);
    QCOMPARE(lanes.first().first().toInt(), l.lanes[3].thread);
    QCOMPARE(warps.count(), 1);
    QCOMPARE(warps.first().first().toInt(), l.lanes[3].warpIndex);
    const QPoint cellPoint = toWidget(l.cells[2].rect.center());
    QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, cellPoint);
    QCOMPARE(cells.count(), 1);
    QCOMPARE(cells.first().first().toInt(), 2);
    const QPointF panBefore = view.pan();
    QTest::mousePress(&view, Qt::LeftButton, Qt::NoModifier, QPoint(400, 300));
    QMouseEvent move(QEvent::MouseMove, QPointF(360, 280), view.mapToGlobal(QPointF(360, 280)), Qt::NoButton,
                     Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&view, &move);
    QTest::mouseRelease(&view, Qt::LeftButton, Qt::NoModifier, QPoint(360, 280));
    QCOMPARE(view.pan(), panBefore + QPointF(40, 20));
    QCOMPARE(lanes.count() + cells.count(), 2);  // the drag clicked nothing
}

void TestClassroomViews::warpMapTextbookDivergence()
{
    // PMPP: 1024 values, block 512 (16 warps of 32). simple: all 16 warps diverge at strides
    // 2..32; convergent: none until stride 16, then one warp per step.
    const auto simple = trace(QStringLiteral("simple"), 1024, 512);
    const auto convergent = trace(QStringLiteral("convergent"), 1024, 512);
    const views::WarpMapLayout l = views::layoutWarpMap(simple.get(), convergent.get(), 1, kProjector, QFont(),
                                                        views::presentationOptions(kProjector));
    QCOMPARE(l.maps.size(), 2);
    const views::WarpMapLayout::Map& ms = l.maps[0];
    const views::WarpMapLayout::Map& mc = l.maps[1];
    QCOMPARE(ms.rows.size(), 16);
    QCOMPARE(mc.rows.size(), 16);
    QCOMPARE(ms.cells.size(), qsizetype(16 * simple->steps.size()));
    int simpleChecked = 0, convergentChecked = 0;
    for (int k = 0; k < int(simple->steps.size()); ++k) {
        const model::Step& s = simple->steps[std::size_t(k)];
        QCOMPARE(ms.divergentCells(k), s.counters.divergent_warps);
        if (s.stride && *s.stride >= 2 && *s.stride <= 32) {
            QCOMPARE(ms.divergentCells(k), 16);
            ++simpleChecked;
        }
        if (s.stride && *s.stride == 1)
            QCOMPARE(ms.divergentCells(k), 0);
    }
    for (int k = 0; k < int(convergent->steps.size()); ++k) {
        const model::Step& s = convergent->steps[std::size_t(k)];
        QCOMPARE(mc.divergentCells(k), s.counters.divergent_warps);
        if (s.stride) {
            QCOMPARE(mc.divergentCells(k), *s.stride >= 32 ? 0 : 1);
            ++convergentChecked;
        }
    }
    QCOMPARE(simpleChecked, 5);       // strides 2, 4, 8, 16, 32
    QCOMPARE(convergentChecked, 10);  // strides 512 .. 1
    // The totals the titles state (80 + 15 + the final write's warp; 5 + 1).
    QCOMPARE(ms.divergentCells(), int(simple->totals.divergent_warp_steps));
    QCOMPARE(ms.divergentCells(), 96);
    QCOMPARE(mc.divergentCells(), 6);
    QVERIFY(ms.title.contains(QStringLiteral("96")));
    // Each title is read whole (no "…"): wider than half the projector, it gets a second line,
    // and at the labels' size (the smallest the view sets it) it fits its rect word-wrapped.
    for (const views::WarpMapLayout::Map* m : {&ms, &mc}) {
        const QFontMetricsF lm(l.labelFont);
        QVERIFY2(lm.horizontalAdvance(m->title) > m->titleRect.width(), qPrintable(m->title));
        QVERIFY(m->titleRect.height() >= 2 * QFontMetricsF(l.titleFont).height());
        QVERIFY2(lm.boundingRect(m->titleRect, Qt::TextWordWrap, m->title).height() <= m->titleRect.height(),
                 qPrintable(m->title));
        QVERIFY(m->titleRect.bottom() <= m->rect.top() + m->titleRect.height() + 0.5);
    }
    // Side by side, same cell size, no overlap, current step framed in both.
    QVERIFY(!ms.rect.intersects(mc.rect));
    QVERIFY(ms.rect.right() < mc.rect.left());
    QCOMPARE(ms.currentStepRects.size(), ms.bands);
    QCOMPARE(mc.currentStepRects.size(), mc.bands);
    // A click on a cell of the widget asks for that step.
    views::WarpMapView view;
    view.setTraces(simple, convergent);
    view.resize(kProjector);
    QSignalSpy clicked(&view, &views::WarpMapView::stepClicked);
    const auto& target = view.currentLayout().maps[1].cells[5 * 16 + 3];  // convergent, step 6, warp 3
    QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, target.rect.center().toPoint());
    QCOMPARE(clicked.count(), 1);
    QCOMPARE(clicked.first().first().toInt(), target.step);
    QVERIFY(l.showCounts);
    const auto cell = std::find_if(ms.cells.begin(), ms.cells.end(), [](const auto& c) { return c.step == 1; });
    QCOMPARE(cell->active, 16);
    QVERIFY(cell->count.startsWith(QStringLiteral("16")));
}

void TestClassroomViews::warpMapFits4096_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<int>("warp");
    QTest::addColumn<bool>("presentation");
    for (bool present : {false, true}) {
        const char* mode = present ? "presentation" : "desktop";
        QTest::addRow("simple, %s", mode) << "simple" << "" << 32 << present;
        QTest::addRow("simple vs convergent, %s", mode) << "simple" << "convergent" << 32 << present;
        QTest::addRow("atomic_naive vs warp_shuffle (128 warps), %s", mode) << "atomic_naive" << "warp_shuffle" << 32 << present;
        QTest::addRow("simple, warp 4 (512 warps), %s", mode) << "simple" << "" << 4 << present;
        QTest::addRow("race vs atomic_naive, warp 4 (1024 warps), %s", mode) << "race" << "atomic_naive" << 4 << present;
        QTest::addRow("two_pass vs grid_sync, %s", mode) << "two_pass" << "grid_sync" << 32 << present;
    }
}

void TestClassroomViews::warpMapFits4096()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(int, warp);
    QFETCH(bool, presentation);
    const auto ta = trace(a, 4096, 0, warp);
    const auto tb = b.isEmpty() ? nullptr : trace(b, 4096, 0, warp);
    const views::WarpMapLayout l = views::layoutWarpMap(ta.get(), tb.get(), 0, kProjector, QFont(),
                                                        presentation ? views::presentationOptions(kProjector) : views::LayoutOptions{});
    const QRectF screen(QPointF(0, 0), QSizeF(kProjector));
    QVERIFY2(l.cellSize.width() >= 4 && l.cellSize.height() >= 4,
             qPrintable(QStringLiteral("cells %1 x %2").arg(l.cellSize.width()).arg(l.cellSize.height())));
    int expectedCells = 0;
    for (const model::Trace* t : {ta.get(), tb.get()})
        if (t)
            for (const model::Step& s : t->steps)
                expectedCells += int(s.warps.size());
    int cells = 0;
    for (const views::WarpMapLayout::Map& m : l.maps) {
        cells += int(m.cells.size());
        for (const views::WarpMapLayout::Cell& c : m.cells)
            QVERIFY2(screen.contains(c.rect), qPrintable(QStringLiteral("cell outside the screen at %1,%2").arg(c.rect.x()).arg(c.rect.y())));
        QVERIFY(screen.contains(m.rect));
    }
    QCOMPARE(cells, expectedCells);  // every warp of every step, no scrolling
    for (const views::WarpMapLayout::LegendItem& item : l.legend) {
        QVERIFY(screen.contains(item.textRect));
        for (const views::WarpMapLayout::Map& m : l.maps)
            QVERIFY(!m.rect.intersects(item.textRect));
    }
    // Hit-testing a cell gives its step and row.
    const views::WarpMapLayout::Cell& c = l.maps[0].cells.back();
    const views::WarpMapLayout::Hit hit = l.hitTest(c.rect.center());
    QCOMPARE(hit.map, 0);
    QCOMPARE(hit.step, c.step);
    QCOMPARE(hit.row, c.row);
}

void TestClassroomViews::themeSwitch()
{
    views::StepView view;
    view.setTheme(views::Theme::Dark);
    QCOMPARE(view.theme(), views::Theme::Dark);
    QVERIFY(view.colors().dark);
    QCOMPARE(view.colors().background, views::ViewColors::forTheme(views::Theme::Dark).background);
    view.setTheme(views::Theme::Light);
    QVERIFY(!view.colors().dark);
    QCOMPARE(view.colors().background, QColor(Qt::white));
    views::WarpMapView map;
    map.setTheme(views::Theme::Dark);
    QVERIFY(map.colors().dark);
}

void TestClassroomViews::lessonsFromResources()
{
    const app::LessonsLoad load = app::loadLessons();
    QVERIFY2(load.errors.isEmpty(), qPrintable(load.errors.join(QLatin1Char('\n'))));
    QCOMPARE(load.lessons.size(), 12);
    for (int i = 0; i < load.lessons.size(); ++i) {
        const model::Lesson& l = load.lessons[i].lesson;
        QCOMPARE(l.order, i + 1);
        QVERIFY(!app::lessonTitle(l, QLocale(QLocale::English)).isEmpty());
        QVERIFY(!app::lessonNote(l, QLocale(QLocale::Chinese, QLocale::China)).isEmpty());
        QVERIFY(app::lessonTitle(l, QLocale(QLocale::Chinese, QLocale::China)) != app::lessonTitle(l, QLocale(QLocale::English)));
        // The input text is what the model parses back to the same values.
        const model::ParsedInput back = model::parse_input(app::lessonInputText(l).toStdString());
        QVERIFY(!back.error);
        QCOMPARE(back.values, l.input);
    }
    QCOMPARE(QString::fromStdString(load.lessons[0].lesson.id), QStringLiteral("pmpp_exercise_6"));
    QCOMPARE(load.lessons[1].lesson.input.size(), std::size_t(1024));
    // A directory with a bad file reports it by name and field, and keeps the good ones.
    const app::LessonsLoad none = app::loadLessons(QStringLiteral(":/no-such-directory"));
    QVERIFY(none.lessons.isEmpty());
}

void TestClassroomViews::predictTexts()
{
    // PMPP exercise 6, simple, step 2: threads 0 and 2 add; cells 0 and 4 are written; warp 0 diverges.
    const auto t = std::make_shared<const model::Trace>(model::simulate("simple", std::vector<float>{6, 2, 7, 4, 5, 8, 3, 1}));
    const std::vector<model::Question> qs = model::questions_for(*t, 1);
    auto find = [&](model::QuestionKind k) {
        return *std::find_if(qs.begin(), qs.end(), [k](const model::Question& q) { return q.kind == k; });
    };
    const model::Question div = find(model::QuestionKind::DivergentWarps);
    QCOMPARE(views::questionText(div, *t), QStringLiteral("Step 2 of simple: which warps diverge? Click them (no warp is an answer too)."));
    QCOMPARE(views::gradeText(div, model::grade(div, {{0}, {}}), *t), QStringLiteral("Right: warp 0 diverges."));
    QCOMPARE(views::gradeText(div, model::grade(div, {}), *t), QStringLiteral("Not quite (missed warp 0): warp 0 diverges."));
    const model::Question lanes = find(model::QuestionKind::ActiveLanes);
    QCOMPARE(views::gradeText(lanes, model::grade(lanes, {{0, 1, 2}, {}}), *t),
             QStringLiteral("Not quite (not among the right answers: thread 1): threads 0 and 2 are active."));
    QCOMPARE(views::gradeText(lanes, model::grade(lanes, {{1, 3}, {}}), *t),
             QStringLiteral("Not quite (missed threads 0 and 2; not among the right answers: threads 1 and 3): threads 0 and 2 are active."));
    const model::Question cell = find(model::QuestionKind::CellValue);
    QCOMPARE(views::questionText(cell, *t), QStringLiteral("Step 2 of simple: what does cell 0 hold after this step? Type a number."));
    QCOMPARE(views::gradeText(cell, model::grade(cell, {{}, 19.0}), *t), QStringLiteral("Right: cell 0 holds 19."));
    QCOMPARE(views::gradeText(cell, model::grade(cell, {{}, 17.0}), *t), QStringLiteral("Not quite: cell 0 holds 19, not 17."));
    QCOMPARE(views::gradeText(cell, model::grade(cell, {}), *t), QStringLiteral("No answer: cell 0 holds 19."));
    const model::Question written = find(model::QuestionKind::WrittenCells);
    QCOMPARE(views::gradeText(written, model::grade(written, {{0, 4}, {}}), *t), QStringLiteral("Right: cells 0 and 4 are written."));
    // A bank question, and a scoped lane question on a large grid.
    const auto big = std::make_shared<const model::Trace>(model::simulate("interleaved_strided", std::vector<float>(2048, 1.0f)));
    const auto bq = model::questions_for(*big, 5);
    const auto ways = *std::find_if(bq.begin(), bq.end(), [](const auto& q) { return q.kind == model::QuestionKind::WorstConflictWays; });
    QCOMPARE(views::gradeText(ways, model::grade(ways, {{}, 32.0}), *big), QStringLiteral("Right: the worst conflict is 32-way."));
    const auto scoped = *std::find_if(bq.begin(), bq.end(), [](const auto& q) { return q.kind == model::QuestionKind::ActiveLanes; });
    QCOMPARE(views::questionText(scoped, *big), QStringLiteral("Step 6 of interleaved_strided: which lanes of warp 0 are active? Click them."));
    // Long lists are cut, with the rest counted.
    const model::Grade none = model::grade(scoped, {});
    QCOMPARE(views::gradeText(scoped, none, *big), QStringLiteral("Not quite (missed all 32 threads): all 32 threads are active."));
    model::Score score;
    QCOMPARE(views::scoreText(score), QStringLiteral("Score: 0 of 0 right"));
    score.add(model::grade(cell, {{}, 19.0}));
    QCOMPARE(views::scoreText(score), QStringLiteral("Score: 1 of 1 right"));
    score.add(none);
    QCOMPARE(views::scoreText(score), QStringLiteral("Score: 1 of 2 right"));
}

void TestClassroomViews::screenshots()
{
    const QString dir = screenshotDir();
    if (dir.isEmpty())
        QSKIP("set REDUCESCOPE_SCREENSHOT_DIR to write the classroom screenshots");
    QDir().mkpath(dir);
    auto stepShot = [&](const QString& name, std::shared_ptr<const model::Trace> t, int step, views::Theme theme) {
        views::StepView view;
        view.setTheme(theme);
        view.setTrace(t);
        view.setStep(step);
        view.setPresentation(true, kProjector);
        view.resize(kProjector.width(), view.heightForWidth(kProjector.width()));
        QImage image(view.size(), QImage::Format_RGB32);
        view.render(&image);
        QVERIFY(image.save(dir + QLatin1Char('/') + name));
    };
    stepShot(QStringLiteral("present_simple_1024_stride2.png"), trace(QStringLiteral("simple"), 1024, 512), 1, views::Theme::Light);
    stepShot(QStringLiteral("present_simple_1024_stride2_dark.png"), trace(QStringLiteral("simple"), 1024, 512), 1, views::Theme::Dark);
    stepShot(QStringLiteral("present_pmpp_simple.png"), trace(QStringLiteral("simple"), 8), 1, views::Theme::Light);
    stepShot(QStringLiteral("present_pmpp_simple_dark.png"), trace(QStringLiteral("simple"), 8), 1, views::Theme::Dark);
    stepShot(QStringLiteral("present_interleaved_2048_stride16.png"), trace(QStringLiteral("interleaved_strided"), 2048, 1024), 5, views::Theme::Light);
    stepShot(QStringLiteral("present_interleaved_64_step4.png"), trace(QStringLiteral("interleaved_strided"), 64), 3, views::Theme::Light);
    stepShot(QStringLiteral("present_segmented_100_warp8.png"), trace(QStringLiteral("segmented"), 100, 16, 8), 1, views::Theme::Light);
    stepShot(QStringLiteral("present_race_64.png"), trace(QStringLiteral("race"), 64, 32), 1, views::Theme::Dark);
    stepShot(QStringLiteral("present_shared_100_8banks.png"), trace(QStringLiteral("shared"), 100, 0, 8, 8), 2, views::Theme::Light);
    auto mapShot = [&](const QString& name, std::shared_ptr<const model::Trace> a, std::shared_ptr<const model::Trace> b,
                       int step, views::Theme theme) {
        views::WarpMapView view;
        view.setTheme(theme);
        view.setPresentation(true, kProjector);
        view.setTraces(a, b);
        view.setStep(step);
        view.resize(kProjector);
        QImage image(view.size(), QImage::Format_RGB32);
        view.render(&image);
        QVERIFY(image.save(dir + QLatin1Char('/') + name));
    };
    mapShot(QStringLiteral("warp_map_simple_vs_convergent_1024.png"), trace(QStringLiteral("simple"), 1024, 512),
            trace(QStringLiteral("convergent"), 1024, 512), 1, views::Theme::Light);
    mapShot(QStringLiteral("warp_map_simple_vs_convergent_1024_dark.png"), trace(QStringLiteral("simple"), 1024, 512),
            trace(QStringLiteral("convergent"), 1024, 512), 1, views::Theme::Dark);
    mapShot(QStringLiteral("warp_map_simple_4096.png"), trace(QStringLiteral("simple"), 4096), nullptr, 3, views::Theme::Light);
    mapShot(QStringLiteral("warp_map_simple_4096_warp4.png"), trace(QStringLiteral("simple"), 4096, 0, 4), nullptr, 3, views::Theme::Light);

    // The overview of 256-4096 values (issue 24), on a 1920x1080 projector and at desktop size, in
    // both languages: 1024 values with warp 2's lanes open, 4096 values, the 32-way bank strip.
    QTranslator zh;
    QVERIFY(zh.load(QStringLiteral("reducescope_zh_CN"), QStringLiteral(":/translations")));
    for (const bool chinese : {false, true}) {
        if (chinese)
            QCoreApplication::installTranslator(&zh);
        const QString lang = chinese ? QStringLiteral("zh_CN_") : QString();
        auto overviewShot = [&](const QString& name, std::shared_ptr<const model::Trace> t, int step, bool present, int expanded) {
            views::StepView view;
            view.setTheme(views::Theme::Light);
            view.setTrace(t);
            view.setStep(step);
            view.setPresentation(present, kProjector);
            view.setExpandedWarp(expanded);
            view.resize(kProjector.width(), std::max(kProjector.height(), view.heightForWidth(kProjector.width())));
            QImage image(view.size(), QImage::Format_RGB32);
            view.render(&image);
            QVERIFY(image.save(dir + QLatin1Char('/') + lang + name));
        };
        overviewShot(QStringLiteral("overview_simple_1024_stride4_present.png"), trace(QStringLiteral("simple"), 1024, 512), 2, true, 2);
        overviewShot(QStringLiteral("overview_simple_1024_stride4.png"), trace(QStringLiteral("simple"), 1024, 512), 2, false, 2);
        overviewShot(QStringLiteral("overview_simple_4096_stride2_present.png"), trace(QStringLiteral("simple"), 4096), 1, true, -1);
        overviewShot(QStringLiteral("overview_interleaved_2048_32banks_present.png"),
                     trace(QStringLiteral("interleaved_strided"), 2048, 1024), 5, true, 0);
        overviewShot(QStringLiteral("overview_interleaved_2048_32banks.png"),
                     trace(QStringLiteral("interleaved_strided"), 2048, 1024), 5, false, 0);
        if (chinese)
            QCoreApplication::removeTranslator(&zh);
    }
}

REDUCESCOPE_GUI_TEST_MAIN(TestClassroomViews)
#include "tst_classroom_views.moc"
