// SPDX-License-Identifier: GPL-3.0-or-later
// Numbers as people write them (kernels/model/number_text.h; issue 24): exact integers with all
// their digits, other values in fixed notation, a compact form only where space forces it.
#include "model/number_text.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace reducescope;

class TestNumberText : public QObject {
    Q_OBJECT
private slots:
    void full_data();
    void full();
    void compact_data();
    void compact();
    void shortened();
};

void TestNumberText::full_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<int>("significant");
    QTest::addColumn<QString>("text");
    // Integers: every digit, never exponent form (the Table tab printed 2.09818e+06).
    QTest::addRow("two-pass partial") << 2098176.0 << 6 << "2098176";
    QTest::addRow("sum 1..4096") << 8390656.0 << 6 << "8390656";
    QTest::addRow("float32 2^24 + 2") << double(16777218.0f) << 6 << "16777218";
    QTest::addRow("negative integer") << -524800.0 << 5 << "-524800";
    QTest::addRow("one") << 1.0 << 6 << "1";
    QTest::addRow("zero") << 0.0 << 6 << "0";
    QTest::addRow("negative zero") << -0.0 << 6 << "-0";
    QTest::addRow("10^14") << 1e14 << 6 << "100000000000000";
    QTest::addRow("10^15: exponent") << 1e15 << 6 << "1e+15";
    // Other values: fixed notation, significant digits, at least one decimal.
    QTest::addRow("0.1f") << double(0.1f) << 6 << "0.1";
    QTest::addRow("pi") << 3.14159265 << 6 << "3.14159";
    QTest::addRow("123456.7: a decimal kept") << 123456.7 << 6 << "123456.7";
    QTest::addRow("0.000125") << 0.000125 << 6 << "0.000125";
    QTest::addRow("tiny: exponent") << 1.5e-7 << 6 << "1.5e-07";
    QTest::addRow("-2.5") << -2.5 << 6 << "-2.5";
    QTest::addRow("NaN") << std::numeric_limits<double>::quiet_NaN() << 6 << "NaN";
    QTest::addRow("inf") << std::numeric_limits<double>::infinity() << 6 << "∞";
    QTest::addRow("-inf") << -std::numeric_limits<double>::infinity() << 6 << "−∞";
}

void TestNumberText::full()
{
    QFETCH(double, value);
    QFETCH(int, significant);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(model::number_text(value, significant)), text);
}

void TestNumberText::compact_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<int>("maxChars");
    QTest::addColumn<QString>("text");
    QTest::addRow("fits: unchanged") << 2098176.0 << 7 << "2098176";
    QTest::addRow("2.1M in 4") << 2098176.0 << 4 << "2.1M";
    QTest::addRow("2.1M in 5") << 2098176.0 << 5 << "2.1M";
    QTest::addRow("2M in 2") << 2098176.0 << 2 << "2M";
    QTest::addRow("4096 in 4") << 4096.0 << 4 << "4096";
    QTest::addRow("41k in 4") << 40970.0 << 4 << "41k";
    QTest::addRow("4097 fits in 4") << 4097.0 << 4 << "4097";
    QTest::addRow("524800 in 4") << 524800.0 << 4 << "525k";
    QTest::addRow("8390656 in 3") << 8390656.0 << 3 << "8M";
    QTest::addRow("1/3 in 4") << 1.0 / 3.0 << 4 << "0.33";
    QTest::addRow("123456.7 in 6") << 123456.7 << 6 << "123457";
    QTest::addRow("NaN stays") << std::numeric_limits<double>::quiet_NaN() << 2 << "NaN";
}

void TestNumberText::compact()
{
    QFETCH(double, value);
    QFETCH(int, maxChars);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(model::compact_number(value, maxChars)), text);
}

void TestNumberText::shortened()
{
    // The view shows the exact text on hover exactly when the compact form differs from it.
    QVERIFY(model::is_shortened(2098176.0, 4));
    QVERIFY(!model::is_shortened(2098176.0, 7));
    QVERIFY(!model::is_shortened(36.0, 2));
    QCOMPARE(model::text_length("−∞"), 2);
}

QTEST_APPLESS_MAIN(TestNumberText)
#include "tst_number_text.moc"
