// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/bench/bench_settings.h"

#include "app/common/message_text.h"
#include "bench/plan.h"
#include "model/catalogue.h"
#include "views/common/model_text.h"

#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <limits>
#include <optional>

namespace reducescope::app {
namespace {
constexpr int kIdRole = Qt::UserRole + 1;
constexpr int kFamilyRole = Qt::UserRole + 2;

QString qs(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }
} // namespace

BenchSettings::BenchSettings(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    m_kernels = new QTreeWidget(this);
    m_kernels->setHeaderHidden(true);
    m_kernels->setRootIsDecorated(true);
    m_kernels->setMinimumHeight(180);
    QTreeWidgetItem* familyItem = nullptr;
    bool haveFamily = false;
    model::Family current{};
    for (const model::StrategyInfo& s : model::catalogue()) {
        if (!haveFamily || s.family != current) {
            familyItem = new QTreeWidgetItem(m_kernels, {QString()});
            familyItem->setData(0, kFamilyRole, int(s.family));
            familyItem->setFlags(familyItem->flags() | Qt::ItemIsUserCheckable | Qt::ItemIsAutoTristate);
            familyItem->setCheckState(0, Qt::Checked);
            current = s.family;
            haveFamily = true;
        }
        auto* item = new QTreeWidgetItem(familyItem, {qs(s.id)});
        item->setData(0, kIdRole, qs(s.id));
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(0, Qt::Checked);
    }
    m_kernels->expandAll();
    m_kernelsLabel = new QLabel(this);
    layout->addWidget(m_kernelsLabel);
    layout->addWidget(m_kernels, 1);

    auto* form = new QFormLayout;
    m_n = new QLineEdit(QStringLiteral("1048576"), this);
    auto label = [this](const QString& key) {
        auto* l = new QLabel(this);
        m_formLabels.insert(key, l);
        return l;
    };
    form->addRow(label(QStringLiteral("n")), m_n);
    m_reps = new QSpinBox(this);
    m_reps->setRange(1, 100000);
    m_reps->setValue(100);
    form->addRow(label(QStringLiteral("reps")), m_reps);
    m_mode = new QComboBox(this);
    m_mode->addItems({QStringLiteral("graph"), QStringLiteral("loop"), QStringLiteral("per-launch")});
    form->addRow(label(QStringLiteral("mode")), m_mode);
    auto caption = [this] {
        auto* c = new QLabel(this);
        c->setWordWrap(true);
        c->setTextInteractionFlags(Qt::TextSelectableByMouse);
        return c;
    };
    m_modeCaption = caption();
    form->addRow(m_modeCaption);
    m_cache = new QComboBox(this);
    m_cache->addItems({QStringLiteral("hot"), QStringLiteral("cold")});
    form->addRow(label(QStringLiteral("cache")), m_cache);
    m_cacheCaption = caption();
    form->addRow(m_cacheCaption);
    m_blockSize = new QComboBox(this);
    for (int b = 32; b <= 1024; b *= 2)
        m_blockSize->addItem(QString::number(b));
    m_blockSize->setCurrentText(QStringLiteral("256"));
    form->addRow(label(QStringLiteral("block")), m_blockSize);
    m_coarse = new QComboBox(this);
    for (int c = 1; c <= 64; c *= 2)
        m_coarse->addItem(QString::number(c));
    m_coarse->setCurrentText(QStringLiteral("4"));
    form->addRow(label(QStringLiteral("coarse")), m_coarse);
    m_sweep = new QComboBox(this);
    for (const char* key : {"", "n", "block_size", "coarse_factor"})
        m_sweep->addItem(QString(), QLatin1String(key));
    form->addRow(label(QStringLiteral("sweep")), m_sweep);
    m_sweepValues = new QLineEdit(this);
    form->addRow(label(QStringLiteral("sweepValues")), m_sweepValues);
    layout->addLayout(form);
    retranslate();

    connect(m_sweep, &QComboBox::currentIndexChanged, this, [this] { updateSweepHint(); });
    connect(m_mode, &QComboBox::currentTextChanged, this, [this] { updateCaptions(); });
    connect(m_cache, &QComboBox::currentTextChanged, this, [this] { updateCaptions(); });
    updateSweepHint();
}

void BenchSettings::retranslate()
{
    for (int f = 0; f < m_kernels->topLevelItemCount(); ++f) {
        QTreeWidgetItem* family = m_kernels->topLevelItem(f);
        family->setText(0, views::familyName(model::Family(family->data(0, kFamilyRole).toInt())));
        for (int i = 0; i < family->childCount(); ++i)
            if (const model::StrategyInfo* s = model::find_strategy(family->child(i)->data(0, kIdRole).toString().toStdString()))
                family->child(i)->setToolTip(0, views::strategySummary(*s));
    }
    m_kernelsLabel->setText(tr("Kernels"));
    const std::initializer_list<std::pair<const char*, QString>> labels{
        {"n", tr("N")},           {"reps", tr("Repetitions")},     {"mode", tr("Timing mode")},
        {"cache", tr("Cache")},   {"block", tr("Block size")},     {"coarse", tr("Coarse factor")},
        {"sweep", tr("Sweep")},   {"sweepValues", tr("Sweep values")}};
    for (const auto& [key, text] : labels)
        if (QLabel* l = m_formLabels.value(QLatin1String(key)))
            l->setText(text);
    m_n->setToolTip(tr("Elements (float32): an integer, 1M = 1,048,576, or 2^20. Up to 2^31 (the kernels' limit) and what the device memory allows."));
    m_mode->setToolTip(tr("graph: CUDA graph replay; loop: back-to-back launches; per-launch: events around each launch"));
    m_cache->setToolTip(tr("cold flushes L2 between repetitions"));
    m_coarse->setToolTip(tr("COARSE_FACTOR: elements each thread adds in registers before the tree (power of two)"));
    const QString sweeps[] = {tr("none"), tr("over N"), tr("over block size"), tr("over coarse factor")};
    for (int i = 0; i < m_sweep->count() && i < 4; ++i)
        m_sweep->setItemText(i, sweeps[i]);
    updateCaptions();
}

void BenchSettings::updateCaptions()
{
    // Italic captions, upright in Chinese (views::italicNotes); set again when the language changes.
    for (QLabel* c : {m_modeCaption, m_cacheCaption})
        if (c) {
            QFont f = c->font();
            f.setItalic(views::italicNotes());
            c->setFont(f);
        }
    if (m_modeCaption)
        m_modeCaption->setText(modeCaption(m_mode->currentText()));
    if (m_cacheCaption)
        m_cacheCaption->setText(cacheCaption(m_cache->currentText()));
}

QString BenchSettings::modeCaptionText() const { return m_modeCaption ? m_modeCaption->text() : QString(); }
QString BenchSettings::cacheCaptionText() const { return m_cacheCaption ? m_cacheCaption->text() : QString(); }

QString BenchSettings::modeCaption(const QString& mode)
{
    if (mode == QLatin1String("graph"))
        return tr("graph: the launches are recorded once into a CUDA graph and replayed together. The CPU's cost "
                  "of launching is almost gone, so this is closest to the time the kernel itself takes.");
    if (mode == QLatin1String("loop"))
        return tr("loop: many launches back to back, timed together and divided by their number. The GPU never "
                  "waits for the CPU, but every launch still pays its launch cost.");
    if (mode == QLatin1String("per-launch"))
        return tr("per-launch: a timer around every single launch, launch cost included: what a program that "
                  "reduces once and waits for the answer sees.");
    return {};
}

QString BenchSettings::cacheCaption(const QString& cache)
{
    if (cache == QLatin1String("hot"))
        return tr("hot cache: the input stays in the GPU's L2 cache from one repetition to the next when it fits "
                  "(60 MiB on an H200), so a small input is read from L2, faster than from memory.");
    if (cache == QLatin1String("cold"))
        return tr("cold cache: L2 is emptied before every repetition, so each one reads the input from device "
                  "memory, as a program does the first time it touches the data.");
    return {};
}

void BenchSettings::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange && m_kernelsLabel)
        retranslate();
    QWidget::changeEvent(event);
}

void BenchSettings::updateSweepHint()
{
    const QString p = m_sweep->currentData().toString();
    m_sweepValues->setEnabled(!p.isEmpty());
    if (p == QLatin1String("n")) {
        m_sweepValues->setPlaceholderText(QStringLiteral("1K..1G"));
        if (m_sweepValues->text().isEmpty() || m_sweepValues->text().contains(QLatin1Char(',')))
            m_sweepValues->setText(QStringLiteral("1K..1G"));
    } else if (p == QLatin1String("block_size")) {
        m_sweepValues->setPlaceholderText(QStringLiteral("64,128,256,512,1024"));
        m_sweepValues->setText(QStringLiteral("64,128,256,512,1024"));
    } else if (p == QLatin1String("coarse_factor")) {
        m_sweepValues->setPlaceholderText(QStringLiteral("1,2,4,8,16,32"));
        m_sweepValues->setText(QStringLiteral("1,2,4,8,16,32"));
    }
}

qint64 BenchSettings::parseCount(const QString& text)
{
    // Digit groups ("1,048,576", "1_048_576") are a convenience of the field; the rest is the
    // CLI's own size parser (bench::parse_size: 1000, 1K, 4M, 1G, 2^20).
    QString t = text.trimmed();
    t.remove(QLatin1Char(',')).remove(QLatin1Char('_'));
    const std::optional<std::size_t> v = bench::parse_size(t.toStdString());
    if (!v)
        return 0;
    return *v > std::size_t(std::numeric_limits<qint64>::max()) ? std::numeric_limits<qint64>::max() : qint64(*v);
}

QStringList BenchSettings::checkedStrategies() const
{
    QStringList ids;
    for (int f = 0; f < m_kernels->topLevelItemCount(); ++f) {
        const QTreeWidgetItem* family = m_kernels->topLevelItem(f);
        for (int i = 0; i < family->childCount(); ++i)
            if (family->child(i)->checkState(0) == Qt::Checked)
                ids << family->child(i)->data(0, kIdRole).toString();
    }
    return ids;
}

void BenchSettings::setCheckedStrategies(const QStringList& ids)
{
    for (int f = 0; f < m_kernels->topLevelItemCount(); ++f) {
        QTreeWidgetItem* family = m_kernels->topLevelItem(f);
        for (int i = 0; i < family->childCount(); ++i)
            family->child(i)->setCheckState(0, ids.contains(family->child(i)->data(0, kIdRole).toString()) ? Qt::Checked : Qt::Unchecked);
    }
}

std::optional<BenchRequest> BenchSettings::request(QString* error) const
{
    BenchRequest r;
    r.strategies = checkedStrategies();
    if (r.strategies.isEmpty()) {
        if (error)
            *error = tr("kernels: check at least one kernel to run");
        return std::nullopt;
    }
    r.n = parseCount(m_n->text());
    if (r.n < 1 || r.n > BenchRequest::kMaxN) {
        if (error)
            *error = tr("N: expected an integer 1 .. 2^31 (e.g. 1048576, 1M, 2^20), got \"%1\"").arg(echoValue(m_n->text()));
        return std::nullopt;
    }
    r.reps = m_reps->value();
    r.mode = m_mode->currentText();
    r.cache = m_cache->currentText();
    r.block_size = m_blockSize->currentText().toInt();
    r.coarse_factor = m_coarse->currentText().toInt();
    r.sweep = m_sweep->currentData().toString();
    r.sweep_values = r.sweep.isEmpty() ? QString() : m_sweepValues->text();
    if (const QString why = r.validate(); !why.isEmpty()) {
        if (error)
            *error = why;
        return std::nullopt;
    }
    return r;
}

void BenchSettings::setRequest(const BenchRequest& r)
{
    if (!r.strategies.isEmpty())
        setCheckedStrategies(r.strategies);
    m_n->setText(QString::number(r.n));
    m_reps->setValue(r.reps);
    m_mode->setCurrentText(r.mode);
    m_cache->setCurrentText(r.cache);
    m_blockSize->setCurrentText(QString::number(r.block_size));
    m_coarse->setCurrentText(QString::number(r.coarse_factor));
    m_sweep->setCurrentIndex(std::max(0, m_sweep->findData(r.sweep)));
    if (!r.sweep.isEmpty())
        m_sweepValues->setText(r.sweep_values);
}

} // namespace reducescope::app
