// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/common/gpu_host_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRadioButton>
#include <QVBoxLayout>

namespace reducescope::app {

GpuHostDialog::GpuHostDialog(const GpuHost& host, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("GPU host"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Benchmarks, GPU recordings and hardware counters run on this computer's GPU, or on a "
                                "GPU host reached with ssh (your keys and ~/.ssh/config; no password is ever asked). "
                                "The host runs its own reducescope-cli of the same version."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_local = new QRadioButton(tr("This computer"), this);
    m_remote = new QRadioButton(tr("GPU host:"), this);
    layout->addWidget(m_local);
    auto* form = new QFormLayout;
    m_destination = new QLineEdit(host.destination, this);
    m_destination->setPlaceholderText(tr("[user@]host[:port], e.g. alice@gpu1.example.edu"));
    form->addRow(m_remote, m_destination);
    m_hostCli = new QLineEdit(host.hostCli, this);
    m_hostCli->setPlaceholderText(tr("reducescope-cli on the host's PATH"));
    form->addRow(tr("Host's reducescope-cli:"), m_hostCli);
    m_slurm = new QCheckBox(tr("through Slurm, srun options:"), this);
    m_slurm->setChecked(host.slurm);
    m_srun = new QLineEdit(host.srunOptions, this);
    m_srun->setPlaceholderText(tr("e.g. --partition gpu --gres gpu:1 --time 10"));
    form->addRow(m_slurm, m_srun);
    layout->addLayout(form);
    m_error = new QLabel(this);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c0392b"));
    m_error->hide();
    layout->addWidget(m_error);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &GpuHostDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    (host.isRemote() ? m_remote : m_local)->setChecked(true);
    connect(m_remote, &QRadioButton::toggled, this, &GpuHostDialog::updateEnabled);
    connect(m_slurm, &QCheckBox::toggled, this, &GpuHostDialog::updateEnabled);
    updateEnabled();
    resize(560, sizeHint().height());
}

GpuHost GpuHostDialog::host() const
{
    if (!m_remote->isChecked())
        return {};
    GpuHost h;
    h.destination = m_destination->text().trimmed();
    h.hostCli = m_hostCli->text().trimmed();
    h.slurm = m_slurm->isChecked();
    h.srunOptions = h.slurm ? m_srun->text().trimmed() : QString();
    return h;
}

void GpuHostDialog::updateEnabled()
{
    const bool remote = m_remote->isChecked();
    m_destination->setEnabled(remote);
    m_hostCli->setEnabled(remote);
    m_slurm->setEnabled(remote);
    m_srun->setEnabled(remote && m_slurm->isChecked());
}

void GpuHostDialog::accept()
{
    const GpuHost h = host();
    QString why = h.validate();
    if (why.isEmpty() && m_remote->isChecked() && h.destination.isEmpty())
        why = tr("GPU host: give [user@]host[:port], or choose This computer");
    if (!why.isEmpty()) {
        m_error->setText(why);
        m_error->show();
        m_destination->setFocus();
        return;  // the previous choice stays
    }
    QDialog::accept();
}

bool GpuHostDialog::edit(QWidget* parent)
{
    GpuHostDialog d(currentGpuHost(), parent);
    if (d.exec() != QDialog::Accepted || d.host() == currentGpuHost())
        return false;
    setCurrentGpuHost(d.host());
    saveGpuHost(d.host());
    return true;
}

} // namespace reducescope::app
