// SPDX-License-Identifier: GPL-3.0-or-later
// What the step pane asks the model for (strategy, input text, parameters) and how the answer
// comes back: a trace, or the first problem with the field it belongs to.
#pragma once

#include "model/simulate.h"
#include "model/trace.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace reducescope::app {

/// The step pane's state that determines a trace.
struct TraceRequest {
    QString strategy = QStringLiteral("convergent");
    QString input = QStringLiteral("6,2,7,4,5,8,3,1");
    model::Params params;
};

/// A problem with a request: the field ("input", "block-size", "warp-size", "coarse-factor",
/// "banks", "atomic-order", "strategy") and a one-line message naming the allowed range.
struct RequestError {
    QString field;
    QString message;
};

/// A built trace, or the error that prevented it (then `trace` is null). `inputNotes`: with a
/// trace, the input's values not read as written (model::ParsedInput::notes, in the app's
/// language: "input: value 3 '1e-46' rounds to 0 in float32 ...").
struct TraceOutcome {
    std::shared_ptr<const model::Trace> trace;
    std::optional<RequestError> error;
    QStringList inputNotes;
};

/// Parses the input, validates, and simulates. Never throws: a model exception becomes an error
/// on the "strategy" field.
TraceOutcome buildTrace(const TraceRequest& request);

/// Ids of the strategies that have a step model, in catalogue order.
QStringList modelStrategyIds();

} // namespace reducescope::app
