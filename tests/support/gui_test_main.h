// SPDX-License-Identifier: GPL-3.0-or-later
// main() for the GUI tests: headless (offscreen platform) and a fixed DPI unless the caller chose
// otherwise, so geometry and pixels do not depend on the machine.
#pragma once

#include <QApplication>
#include <QTest>
#include <QTranslator>

#define REDUCESCOPE_GUI_TEST_MAIN(TestClass)                                   \
    int main(int argc, char** argv)                                            \
    {                                                                          \
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))                    \
            qputenv("QT_QPA_PLATFORM", "offscreen");                           \
        if (qEnvironmentVariableIsEmpty("QT_FONT_DPI"))                        \
            qputenv("QT_FONT_DPI", "96");                                      \
        qputenv("QT_SCALE_FACTOR", "1");                                       \
        QApplication app(argc, argv);                                          \
        QApplication::setOrganizationName(QStringLiteral("ReduceScopeTests")); \
        /* English as the app installs it (plural forms), where linked in */   \
        QTranslator english;                                                   \
        if (english.load(QStringLiteral(":/translations/reducescope_en.qm")))  \
            QCoreApplication::installTranslator(&english);                     \
        TestClass test;                                                        \
        return QTest::qExec(&test, argc, argv);                                \
    }
