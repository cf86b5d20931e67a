// SPDX-License-Identifier: GPL-3.0-or-later
// Where the GPU work runs (docs/remote.md): this computer, or a GPU host reached over ssh,
// optionally through Slurm. The app does not talk ssh itself: every child-process client
// (DeviceProbe, BenchRunner, GpuRecorder) adds arguments() to the reducescope-cli command it
// starts here, and the local CLI runs it on the host (kernels/cli/remote.h).
#pragma once

#include <QString>
#include <QStringList>

namespace reducescope::app {

/// The choice: an empty destination is this computer.
struct GpuHost {
    QString destination;   ///< `[user@]host[:port]`; empty: this computer
    QString hostCli;       ///< the host's reducescope-cli; empty: the one on the host's PATH
    bool slurm = false;    ///< through Slurm: `srun srunOptions ...` on the host
    QString srunOptions;   ///< e.g. "--partition gpu --gres gpu:1 --time 10" (split on spaces, no shell)

    bool isRemote() const { return !destination.isEmpty(); }
    /// `--gpu-host D [--gpu-host-cli P] [--srun O]`; empty for this computer.
    QStringList arguments() const;
    /// Empty when valid; else one line naming the field and what it allows (the CLI's rules:
    /// user and host of letters, digits, '.', '_', '-', the host not starting with '-'; port 1..65535).
    QString validate() const;
    /// The host's name in the destination ("gpu1" of "alice@gpu1:2222"); empty for this computer.
    QString hostName() const;
    bool operator==(const GpuHost&) const = default;
};

/// The choice the clients use now (process-wide; this computer until set).
GpuHost currentGpuHost();
void setCurrentGpuHost(const GpuHost& host);

/// The saved choice (QSettings group "gpuHost"), and saving one.
GpuHost savedGpuHost();
void saveGpuHost(const GpuHost& host);

/// The folder where every remote run is saved (the app's data folder, "results"), and the path of
/// one run's file in it: HOST/DEVICE-DATE.json (each part made safe for a file name).
QString remoteResultsFolder();
QString remoteResultsPath(const QString& host, const QString& device, const QString& isoDate);

/// File ▸ Recent results: the newest first, at most kMaxRecentResults, kept in QSettings.
inline constexpr int kMaxRecentResults = 10;
QStringList recentResults();
void addRecentResult(const QString& path);

} // namespace reducescope::app
