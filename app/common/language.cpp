// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/common/language.h"

#include "app/common/data_paths.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

#include <memory>

namespace reducescope::app {
namespace {

struct Installed {
    QString code = QStringLiteral("en");
    QString from;
    std::unique_ptr<QTranslator> own;
    std::unique_ptr<QTranslator> embedded;  ///< the binary's own, under `own` when that is a file
    std::unique_ptr<QTranslator> qt;
};

Installed& installed()
{
    static Installed i;
    return i;
}

} // namespace

QStringList languageCodes() { return {QStringLiteral("en"), QStringLiteral("zh_CN")}; }

QString languageName(const QString& code)
{
    if (code == QLatin1String("zh_CN"))
        return QStringLiteral("简体中文");
    return QStringLiteral("English");
}

QString systemLanguage()
{
    return QLocale::system().language() == QLocale::Chinese ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

QString startupLanguage(const QString& fromCommandLine, bool readSettings)
{
    if (!fromCommandLine.isEmpty())
        return fromCommandLine;
    if (readSettings) {
        const QString saved = QSettings().value(QLatin1String(kLanguageSettingKey)).toString();
        if (languageCodes().contains(saved))
            return saved;
    }
    return systemLanguage();
}

bool setLanguage(const QString& code)
{
    if (!languageCodes().contains(code))
        return false;
    Installed& i = installed();
    for (const auto& t : {i.own.get(), i.embedded.get(), i.qt.get()})
        if (t)
            QCoreApplication::removeTranslator(t);
    i.own.reset();
    i.embedded.reset();
    i.qt.reset();
    i.from.clear();
    i.code = code;
    const QLocale locale(code);
    QLocale::setDefault(locale);

    // Our own words: an installed or built .qm first (a translator can drop a newer file there),
    // over the one embedded in the binary, which answers what the file lacks: an installed file
    // older than the binary (a package left behind) lacked the new plurals, and English showed
    // "result(s)". Qt asks the translator installed last first.
    auto embedded = std::make_unique<QTranslator>();
    if (embedded->load(QStringLiteral("reducescope_") + code, QStringLiteral(":/translations"))) {
        QCoreApplication::installTranslator(embedded.get());
        i.from = QStringLiteral(":/translations/reducescope_") + code + QStringLiteral(".qm");
        i.embedded = std::move(embedded);
    }
    auto own = std::make_unique<QTranslator>();
    const QString name = QStringLiteral("reducescope_") + code;
    const QString folder = translationsFolder();
    if (!folder.isEmpty() && own->load(name, folder)) {
        QCoreApplication::installTranslator(own.get());
        i.from = folder + QLatin1Char('/') + name + QStringLiteral(".qm");
        i.own = std::move(own);
    }
    // Qt's own dialogs and buttons (qt6-translations-l10n).
    if (code != QLatin1String("en")) {
        auto qt = std::make_unique<QTranslator>();
        if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                     QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
            QCoreApplication::installTranslator(qt.get());
            i.qt = std::move(qt);
        }
    }
    if (!i.own && !i.embedded) {
        // No translator changed, but the locale did: tell the widgets all the same.
        QEvent change(QEvent::LanguageChange);
        QCoreApplication::sendEvent(QCoreApplication::instance(), &change);
    }
    return true;
}

QString currentLanguage() { return installed().code; }

QString loadedTranslation() { return installed().from; }

} // namespace reducescope::app
