// SPDX-License-Identifier: GPL-3.0-or-later
// A fixture for tst_house_rules_catches: a step-pane file that includes the benchmark pane.
#include "app/bench/benchmark_pane.h"
