// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/step/strategy_picker.h"

#include <QAbstractItemView>
#include <QPainter>
#include <QStandardItemModel>
#include <QStyle>
#include <QStyledItemDelegate>

namespace reducescope::views {
namespace {

constexpr int kIdRole = Qt::UserRole + 1;
constexpr int kSummaryRole = Qt::UserRole + 2;
constexpr int kPopupWidth = 720;

// Entries: the id in bold and its one-line explanation under it; family headers in bold, muted.
class StrategyDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* p, const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        QStyleOptionViewItem opt(option);
        initStyleOption(&opt, index);
        const QString summary = index.data(kSummaryRole).toString();
        const bool header = index.data(kIdRole).toString().isEmpty();
        opt.text.clear();
        opt.widget->style()->drawControl(QStyle::CE_ItemViewItem, &opt, p, opt.widget);
        const QRect r = option.rect.adjusted(header ? 6 : 18, 2, -6, -2);
        const bool selected = option.state & QStyle::State_Selected;
        const QPalette& pal = option.palette;
        p->save();
        QFont bold = option.font;
        bold.setBold(true);
        p->setFont(bold);
        p->setPen(selected ? pal.color(QPalette::HighlightedText) : pal.color(header ? QPalette::PlaceholderText : QPalette::Text));
        const QFontMetrics fm(bold);
        p->drawText(QRect(r.left(), r.top(), r.width(), fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                    index.data(Qt::DisplayRole).toString());
        if (!summary.isEmpty()) {
            p->setFont(option.font);
            p->setPen(selected ? pal.color(QPalette::HighlightedText) : pal.color(QPalette::PlaceholderText));
            const QFontMetrics sm(option.font);
            p->drawText(QRect(r.left(), r.top() + fm.height(), r.width(), sm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                        sm.elidedText(summary, Qt::ElideRight, r.width()));
        }
        p->restore();
    }

    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        const QFontMetrics fm(option.font);
        const bool twoLines = !index.data(kSummaryRole).toString().isEmpty();
        return QSize(kPopupWidth, fm.height() * (twoLines ? 2 : 1) + 8);
    }
};

} // namespace

StrategyPicker::StrategyPicker(QWidget* parent)
    : QComboBox(parent)
{
    setItemDelegate(new StrategyDelegate(this));
}

void StrategyPicker::setStrategies(const QVector<StrategyEntry>& strategies)
{
    m_entries = strategies;
    auto* model = new QStandardItemModel(this);
    QString family;
    bool first = true;
    for (const StrategyEntry& s : strategies) {
        if (first || family != s.family) {
            first = false;
            family = s.family;
            auto* header = new QStandardItem(s.family);
            header->setFlags(Qt::NoItemFlags);
            model->appendRow(header);
        }
        auto* item = new QStandardItem(s.id);
        item->setData(s.id, kIdRole);
        item->setData(s.summary, kSummaryRole);
        item->setData(s.summary + QStringLiteral("\n") + s.seed, Qt::ToolTipRole);
        model->appendRow(item);
    }
    setModel(model);  // deletes the previous model, which this box owns
    view()->setMinimumWidth(kPopupWidth);
}

QString StrategyPicker::currentId() const
{
    return currentData(kIdRole).toString();
}

bool StrategyPicker::setCurrentId(const QString& id)
{
    const int i = id.isEmpty() ? -1 : findData(id, kIdRole);
    if (i < 0)
        return false;
    setCurrentIndex(i);
    return true;
}

const StrategyEntry* StrategyPicker::entry(const QString& id) const
{
    for (const StrategyEntry& s : m_entries)
        if (s.id == id)
            return &s;
    return nullptr;
}

} // namespace reducescope::views
