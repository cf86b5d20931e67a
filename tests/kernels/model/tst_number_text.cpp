// SPDX-License-Identifier: GPL-3.0-or-later
// Numbers as people write them (kernels/model/number_text.h; issue 24): exact integers with all
// their digits, other values in fixed notation, a compact form only where space forces it.
#include "model/message.h"
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
    void echoIsUtf8_data();
    void echoIsUtf8();
    void printableNames();
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

// Echoed values and one-line messages (model/message.h) are well-formed UTF-8 whatever they quote
// (issue 28's third hostile pass: a lone lead byte, 0xFF, a cut sequence passed through raw, and
// one_line() escaped no byte that is not UTF-8).
void TestNumberText::echoIsUtf8_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("echoed");
    QTest::addRow("plain") << QByteArray("cub") << QByteArray("cub");
    QTest::addRow("UTF-8 kept") << QByteArray("caf\xC3\xA9 \xE4\xB8\xAD") << QByteArray("caf\xC3\xA9 \xE4\xB8\xAD");
    QTest::addRow("0xFF") << QByteArray("x\xFF") << QByteArray("x\\xff");
    QTest::addRow("a lone lead byte") << QByteArray("x\xC3 y") << QByteArray("x\\xc3 y");
    QTest::addRow("a cut sequence at the end") << QByteArray("x\xE2\x82") << QByteArray("x\\xe2\\x82");
    QTest::addRow("an overlong slash") << QByteArray("\xC0\xAF") << QByteArray("\\xc0\\xaf");
    QTest::addRow("a surrogate") << QByteArray("\xED\xA0\x80") << QByteArray("\\xed\\xa0\\x80");
    QTest::addRow("past U+10FFFF") << QByteArray("\xF4\x90\x80\x80") << QByteArray("\\xf4\\x90\\x80\\x80");
    QTest::addRow("a C1 control") << QByteArray("a\xC2\x85z") << QByteArray("a\\xc2\\x85z");
    QTest::addRow("escape and newline") << QByteArray("a\x1B[2J\nb") << QByteArray("a\\x1b[2J\\nb");
}

void TestNumberText::echoIsUtf8()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, echoed);
    const std::string_view t(text.constData(), std::size_t(text.size()));
    QCOMPARE(QByteArray::fromStdString(model::echo(t)), echoed);
    QCOMPARE(QByteArray::fromStdString(model::one_line(t)), echoed);
    QVERIFY(model::is_utf8(model::one_line(t)));
}

void TestNumberText::printableNames()
{
    QVERIFY(model::printable_name(std::string(41, 'M'), 200));
    QVERIFY(model::printable_name(std::string(200, 'M'), 200));
    QVERIFY(!model::printable_name(std::string(201, 'M'), 200));
    std::string cjk;
    for (int i = 0; i < 200; ++i)
        cjk += "\xE4\xB8\xAD";
    QVERIFY(model::printable_name(cjk, 200));  // characters, not bytes
    QVERIFY(!model::printable_name("", 200));
    QVERIFY(!model::printable_name("x\xFF", 200));
    QVERIFY(!model::printable_name("a\tb", 200));
    QVERIFY(!model::printable_name("a\xC2\x85z", 200));
    QVERIFY(model::printable_name("my kernel (v2)", 200));
}

QTEST_APPLESS_MAIN(TestNumberText)
#include "tst_number_text.moc"
