// SPDX-License-Identifier: GPL-3.0-or-later
// GPU-recorded traces for the step pane (issue 6): whether this build and machine can record,
// recording the current request in-process (kernels/cuda/recording_api.h through
// recorded_trace.h), and reading a saved trace file (model::read_trace_file). No CUDA types here;
// without the recording library (REDUCESCOPE_CUDA OFF or no nvcc) the recording says why it cannot.
#pragma once

#include "app/trace_request.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

namespace reducescope::app {

/// Whether the step pane can record on a GPU here, and why not.
struct GpuStatus {
    bool available = false;
    QString device;   ///< e.g. "NVIDIA H200 (sm_90)" when available
    QString reason;   ///< when not available, e.g. "no CUDA device: ..." (the switch's tooltip)
};

/// Asks the CUDA runtime for a device (only in a build with the recording library; otherwise the
/// reason says the build has no CUDA kernels). May take a moment the first time (driver start-up).
GpuStatus probeGpu();

/// A trace that did not come from the step model of this request, and where it came from.
struct TraceOrigin {
    bool recordedOnGpu = false;   ///< recorded by the kernel's probe (else a model trace from a file)
    QString device;               ///< the GPU that recorded it
    qint64 records = 0;           ///< probe records behind it
    QStringList notRecorded;      ///< what a probe cannot see
    QStringList splitWarps;       ///< warps whose records carried different __activemask() values
    QString file;                 ///< the file it was read from; empty when recorded here just now
    QString description;          ///< the file's "description", if any
};

/// A recorded (or file) trace with its origin, or the one-line reason there is none.
struct OriginTrace {
    std::shared_ptr<const model::Trace> trace;
    TraceOrigin origin;
    QString error;                ///< set when trace is null
    bool noDevice = false;        ///< the error is "no CUDA device" (the switch gets disabled)
};

/// Records `request` on GPU 0 with the kernel's recording variant. Refusals come back as error
/// text: a strategy without a recording variant, warp size or banks other than 32, sizes the
/// recording cannot run (the recording's own std::invalid_argument message), no device.
OriginTrace recordOnGpu(const TraceRequest& request);

/// Function the step pane calls to record (tests put a stand-in here).
using GpuRecorder = std::function<OriginTrace(const TraceRequest&)>;

/// Reads a trace file written by `reducescope-cli trace --json` (model) or `--on-gpu --json`
/// (recorded). On failure: null trace and error "FILE: field: what is allowed".
OriginTrace readTraceFile(const QString& path);

/// The text that marks a recorded trace, e.g. "Recorded on the GPU: NVIDIA H200 (sm_90) — 8 probe
/// records", with " · from shared.json" for a file; "Step model · from FILE" for a model trace
/// read from a file.
QString originBanner(const TraceOrigin& origin);

/// The request that reproduces `trace` in the editors (strategy, its n input values, params).
TraceRequest requestOf(const model::Trace& trace);

} // namespace reducescope::app
