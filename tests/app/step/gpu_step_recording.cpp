// SPDX-License-Identifier: GPL-3.0-or-later
// The step pane's GPU recorder with the real CLI of this build (label gpu): the start-up probe
// (`reducescope-cli devices --json`) finds the GPU, and for a few strategies the child
// `reducescope-cli trace --on-gpu --json` comes back as a recording on screen whose result is the
// model's (integer input: every order of adds gives the same float sum). Without a GPU: one line,
// exit 77. No widgets: StepState on QCoreApplication.
#include "app/step/step_state.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <cstdio>

using namespace reducescope;

namespace {

// Runs the event loop until `done` or `ms` pass; false on the timeout.
template <class Done>
bool waitFor(Done done, int ms)
{
    QElapsedTimer clock;
    clock.start();
    while (!done()) {
        if (clock.elapsed() > ms)
            return false;
        QEventLoop loop;
        QTimer::singleShot(20, &loop, &QEventLoop::quit);
        loop.exec();
    }
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    app::StepState state;
    state.setCliPath(QStringLiteral(REDUCESCOPE_BUILD_CLI));
    state.probeGpu(QStringLiteral(REDUCESCOPE_BUILD_CLI));
    if (!waitFor([&] { return state.recorderState() != app::RecorderState::Probing; }, 30000)) {
        std::printf("FAIL: reducescope-cli devices did not answer in 30 s\n");
        return 1;
    }
    if (!state.gpuStatus().available) {
        std::printf("skipped: %s\n", qPrintable(state.gpuStatus().reason));
        return 77;
    }
    std::printf("device: %s\n", qPrintable(state.gpuStatus().device));
    QStringList values;
    for (int i = 1; i <= 64; ++i)
        values << QString::number(i);
    int failures = 0;
    for (const char* id : {"shared", "simple", "interleaved_strided", "warp_shuffle", "vectorized"}) {
        app::TraceRequest r;
        r.strategy = QString::fromLatin1(id);
        r.input = values.join(QLatin1Char(','));
        r.params.block_size = 32;
        if (!state.setRequest(r)) {
            std::printf("FAIL %s: request refused: %s\n", id, qPrintable(state.message(QStringLiteral("strategy"))));
            ++failures;
            continue;
        }
        const float model = state.trace()->result;
        bool finished = false, shown = false;
        const auto c = QObject::connect(&state, &app::StepState::recordingFinished, [&](bool s) {
            finished = true;
            shown = s;
        });
        if (!state.setShowRecorded(true) || !waitFor([&] { return finished; }, 60000)) {
            std::printf("FAIL %s: no recording (%s)\n", id, qPrintable(state.message(QStringLiteral("trace"))));
            ++failures;
        } else if (!shown || state.source() != app::TraceSource::RecordedHere || state.trace()->result != model
                   || state.origin().records <= 0) {
            std::printf("FAIL %s: shown %d, result %g (model %g), %lld records, message: %s\n", id, int(shown),
                        double(state.trace()->result), double(model), static_cast<long long>(state.origin().records),
                        qPrintable(state.message(QStringLiteral("trace"))));
            ++failures;
        } else {
            std::printf("ok %s: %s, %lld probe records, result %g\n", id, qPrintable(state.traceBanner()),
                        static_cast<long long>(state.origin().records), double(model));
        }
        QObject::disconnect(c);
        state.setShowRecorded(false);
    }
    return failures == 0 ? 0 : 1;
}
