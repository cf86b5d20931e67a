// SPDX-License-Identifier: GPL-3.0-or-later
// A fixture for tst_house_rules_catches: Qt in the Qt-free core.
#include <QString>
