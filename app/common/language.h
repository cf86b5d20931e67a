// SPDX-License-Identifier: GPL-3.0-or-later
// The window's language: English or Simplified Chinese, chosen by --lang, then the saved
// setting, then the system locale. Switching installs Qt translators, so every widget gets a
// QEvent::LanguageChange and retranslates itself at once; nothing restarts.
#pragma once

#include <QString>
#include <QStringList>

namespace reducescope::app {

/// The languages the window speaks, as --lang takes them: "en", "zh_CN".
QStringList languageCodes();

/// The name of language `code` in that language ("English", "简体中文"), for the View ▸ Language
/// menu (a reader finds their language by its own name).
QString languageName(const QString& code);

/// "zh_CN" when the system locale's language is Chinese, else "en".
QString systemLanguage();

/// QSettings key of the saved choice.
inline constexpr const char* kLanguageSettingKey = "ui/language";

/// The language to start in: `fromCommandLine` (--lang, already checked) when given, else the
/// saved setting when `readSettings` and it names a known language, else systemLanguage().
QString startupLanguage(const QString& fromCommandLine, bool readSettings);

/// Installs the translations of `code` (ReduceScope's own, from translationsFolder() and then the
/// ones embedded in the binary; Qt's own dialogs from qtbase_<code> in QLibraryInfo's
/// TranslationsPath), replacing the previous language's, and makes it QLocale's default. Qt sends
/// every widget a LanguageChange event. False for a code not in languageCodes() (nothing changes).
/// A missing Qt translation is not an error: Qt's dialogs then stay in English.
bool setLanguage(const QString& code);

/// The language installed by setLanguage() ("en" before any call).
QString currentLanguage();

/// Where the ReduceScope translation of the current language was loaded from (a file path or a
/// ":/translations/..." resource), empty for English without a file, for --version and tests.
QString loadedTranslation();

} // namespace reducescope::app
