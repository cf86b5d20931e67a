// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/step/trace_request.h"

#include "app/common/message_text.h"

#include "model/catalogue.h"
#include "views/common/model_text.h"

#include <QCoreApplication>

#include <exception>

namespace reducescope::app {

TraceOutcome buildTrace(const TraceRequest& request)
{
    TraceOutcome out;
    const std::string id = request.strategy.toStdString();
    const model::StrategyInfo* info = model::find_strategy(id);
    if (!info || !info->has_model) {
        out.error = RequestError{QStringLiteral("strategy"),
                                 QCoreApplication::translate("TraceRequest", "strategy must be one of %1 (got \"%2\")")
                                     .arg(modelStrategyIds().join(QStringLiteral(", ")), echoValue(request.strategy))};
        return out;
    }
    const std::string text = request.input.toStdString();
    model::ParsedInput parsed = model::parse_input(text);
    if (parsed.error) {
        out.error = RequestError{QString::fromStdString(parsed.error->field), oneLineMessage(views::refusalText(*parsed.error))};
        return out;
    }
    if (auto problem = model::validate(id, parsed.values.size(), request.params)) {
        out.error = RequestError{QString::fromStdString(problem->field), oneLineMessage(views::refusalText(*problem))};
        return out;
    }
    try {
        out.trace = std::make_shared<const model::Trace>(model::simulate(id, parsed.values, request.params));
        for (const model::Text& note : parsed.notes)
            out.inputNotes << oneLineMessage(views::modelText(note));
    } catch (const std::exception& e) {
        out.error = RequestError{QStringLiteral("strategy"),
                                 QCoreApplication::translate("TraceRequest", "%1: the step model failed: %2").arg(echoValue(request.strategy), echoValue(QString::fromUtf8(e.what()), 200))};
    }
    return out;
}

QStringList modelStrategyIds()
{
    QStringList ids;
    for (const model::StrategyInfo& s : model::catalogue())
        if (s.has_model)
            ids << QString::fromUtf8(s.id.data(), qsizetype(s.id.size()));
    return ids;
}

} // namespace reducescope::app
