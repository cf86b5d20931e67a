// SPDX-License-Identifier: GPL-3.0-or-later
// Settings ▸ GPU host: "This computer" or "GPU host: [user@]host[:port]", optionally through
// Slurm with srun options, and the host's reducescope-cli (docs/remote.md). Opened from the File
// menu and from the benchmark pane's device line; the caller saves and applies the choice.
#pragma once

#include "app/common/gpu_host.h"

#include <QDialog>

class QCheckBox;
class QLabel;
class QLineEdit;
class QRadioButton;

namespace reducescope::app {

class GpuHostDialog : public QDialog {
    Q_OBJECT
public:
    explicit GpuHostDialog(const GpuHost& host, QWidget* parent = nullptr);
    /// The choice in the fields (valid once accepted: OK refuses an invalid one, naming the field).
    GpuHost host() const;

    /// Opens the dialog on currentGpuHost(); on OK saves and applies the choice (setCurrentGpuHost,
    /// saveGpuHost). True when it changed.
    static bool edit(QWidget* parent);

private:
    void updateEnabled();
    void accept() override;

    QRadioButton* m_local = nullptr;
    QRadioButton* m_remote = nullptr;
    QLineEdit* m_destination = nullptr;
    QLineEdit* m_hostCli = nullptr;
    QCheckBox* m_slurm = nullptr;
    QLineEdit* m_srun = nullptr;
    QLabel* m_error = nullptr;
};

} // namespace reducescope::app
