// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/step/source_view.h"

#include "model/kernel_sources.h"
#include "views/common/code_gutter.h"
#include "views/common/view_colors.h"

#include <QAbstractTextDocumentLayout>
#include <QMouseEvent>

#include <algorithm>
#include <QScrollBar>
#include <QFontMetricsF>
#include <QPaintEvent>
#include <QPainter>
#include <QTextBlock>
#include <QTextLayout>

#include <cmath>

namespace reducescope::views {
namespace {

// A recording hook: a line whose statement is a probe call (kernels/cuda: `probe.record(...)`).
bool isHookLine(const QString& text) { return text.trimmed().startsWith(QLatin1String("probe.")); }

// `line` without its step tag (`// @simple.tree`) and the spaces before it.
QString withoutTag(const QString& line)
{
    const qsizetype tag = line.indexOf(QLatin1String("// @"));
    if (tag < 0)
        return line;
    QString out = line.left(tag);
    while (!out.isEmpty() && out.back().isSpace())
        out.chop(1);
    return out;
}

// The leading spaces of `line`.
QString indentOf(const QString& line)
{
    qsizetype n = 0;
    while (n < line.size() && (line.at(n) == QLatin1Char(' ') || line.at(n) == QLatin1Char('\t')))
        ++n;
    return line.left(n);
}

// How good a row break is before `line[at]` (after the spaces at `at - 1`), lower is better; -1:
// never. `square` and `paren` are the bracket depths there.
int breakRank(const QString& line, qsizetype at, int square, int paren)
{
    const QChar next = line.at(at);
    qsizetype j = at - 1;
    while (j >= 0 && line.at(j) == QLatin1Char(' '))
        --j;
    if (j < 0)
        return -1;  // the indentation
    const QChar prev = line.at(j);
    if (next == QLatin1Char('/') && at + 1 < line.size() && line.at(at + 1) == QLatin1Char('/'))
        return 0;  // before a comment
    if (square > 0)
        return 60;  // inside an index: "input[i +⏎1]"
    if (next == QLatin1Char('(') && (prev.isLetterOrNumber() || prev == QLatin1Char('_')))
        return 40;  // "for⏎(...)", "if⏎(...)": a keyword and its parenthesis
    const auto isOperator = [](QChar c) { return QStringLiteral("+-*/%<>=!&|^?:").contains(c); };
    if (paren == 0) {
        // Before a brace that ends the line ("... stride *= 2) {"), only where nothing better is in
        // reach: a row of "{" alone takes a row for nothing.
        if (next == QLatin1Char('{') && line.mid(at + 1).trimmed().isEmpty())
            return 20;
        if (next == QLatin1Char('{') || prev == QLatin1Char(',') || prev == QLatin1Char(';'))
            return 0;
        if (prev == QLatin1Char('=')) {
            const QChar before = j > 0 ? line.at(j - 1) : QChar();
            const bool comparison = before == QLatin1Char('=') || before == QLatin1Char('!') ||
                                    ((before == QLatin1Char('<') || before == QLatin1Char('>')) &&
                                     !(j > 1 && line.at(j - 2) == before));
            if (!comparison)
                return 0;  // after an assignment ("x =", "x +=", "x <<=")
        }
        return isOperator(prev) || isOperator(next) ? 5 : 3;
    }
    // An asm statement's operand lists ("... : "=f"(v.x) : "l"(p)"); elsewhere a colon is a
    // conditional expression's, inside it.
    const bool colon = prev == QLatin1Char(':') && !(j > 0 && line.at(j - 1) == QLatin1Char(':')) &&
                       line.left(j).contains(QLatin1String("asm"));
    if (prev == QLatin1Char(',') || prev == QLatin1Char(';') || colon)
        return paren;  // between the arguments of a call, the parts of a for header, an asm's operand lists
    return 10 + paren;  // inside a parenthesised expression
}

} // namespace

QVector<qsizetype> codeRowStarts(const QString& line, const std::function<qreal(const QString&)>& width, qreal maxWidth,
                                 const QString& indent)
{
    QVector<qsizetype> starts;
    if (line.isEmpty() || width(line) <= maxWidth)
        return starts;
    struct Candidate {
        qsizetype at;
        int rank;
    };
    QVector<Candidate> candidates;
    int square = 0, paren = 0;
    bool comment = false;
    QChar quote;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line.at(i);
        if (c == QLatin1Char(' ')) {
            if (i + 1 < line.size() && line.at(i + 1) != QLatin1Char(' ')) {
                // In a comment: between its words (prose), after the place before the comment; in a
                // string (an asm's instruction text) only where nothing else is in reach.
                const int rank = comment ? 2 : !quote.isNull() ? 80 : breakRank(line, i + 1, square, paren);
                if (rank >= 0)
                    candidates.push_back({i + 1, rank});
            }
            continue;
        }
        if (comment)
            continue;
        if (!quote.isNull()) {
            if (c == QLatin1Char('\\'))
                ++i;
            else if (c == quote)
                quote = QChar();
            continue;
        }
        if (c == QLatin1Char('"') || c == QLatin1Char('\''))
            quote = c;
        else if (c == QLatin1Char('/') && i + 1 < line.size() && line.at(i + 1) == QLatin1Char('/'))
            comment = true;
        else if (c == QLatin1Char('['))
            ++square;
        else if (c == QLatin1Char(']'))
            square = std::max(0, square - 1);
        else if (c == QLatin1Char('(')) {
            ++paren;
            // After a call's "(" (the arguments start on the next row), as after its commas.
            if (square == 0 && i + 1 < line.size() && line.at(i + 1) != QLatin1Char(')') && line.at(i + 1) != QLatin1Char(' ') &&
                i > 0 && (line.at(i - 1).isLetterOrNumber() || line.at(i - 1) == QLatin1Char('_') || line.at(i - 1) == QLatin1Char('>')))
                candidates.push_back({i + 1, paren});
        }
        else if (c == QLatin1Char(')'))
            paren = std::max(0, paren - 1);
    }
    // Row by row: of the places that fit, the best (lowest rank), the last of those.
    qsizetype from = 0;
    QString prefix;
    while (width(prefix + line.mid(from)) > maxWidth) {
        qsizetype best = -1;
        int bestRank = 0;
        for (const Candidate& cand : candidates) {
            if (cand.at <= from)
                continue;
            QString row = prefix + line.mid(from, cand.at - from);
            while (row.endsWith(QLatin1Char(' ')))
                row.chop(1);
            if (width(row) > maxWidth)
                break;  // the candidates are in order: the later ones do not fit either
            if (best < 0 || cand.rank <= bestRank) {
                best = cand.at;
                bestRank = cand.rank;
            }
        }
        if (best < 0) {
            // Nothing fits: between characters, as many as the row holds (at least one).
            qsizetype n = 1;
            while (from + n < line.size() && width(prefix + line.mid(from, n + 1)) <= maxWidth)
                ++n;
            best = from + n;
        }
        if (best >= line.size())
            break;
        starts << best;
        from = best;
        prefix = width(indent) <= maxWidth / 2 ? indent : QString();
    }
    return starts;
}

// The line-number gutter: views/common/code_gutter.h's, under the name the header declares.
class SourceView::Gutter : public CodeGutter {
public:
    using CodeGutter::CodeGutter;
};

SourceView::SourceView(QWidget* parent)
    : QPlainTextEdit(parent)
    , m_gutter(new Gutter(this, [this] { return gutterWidth(); }, [this](QPaintEvent* e) { paintGutter(e); }))
{
    setReadOnly(true);
    // Long lines wrap at the view's width: nothing is cut off and no horizontal scroll bar comes
    // and goes with the column's width (the counters layout showed one). Qt's own wrapping breaks
    // at any space ("input[i +⏎1]"): the rows are made here (codeRowStarts) and put in as line
    // separators, so the document itself does not wrap.
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    fitToFont();
    connect(this, &QPlainTextEdit::blockCountChanged, this, &SourceView::fitMargins);
    fitMargins();
}

void SourceView::fitMargins()
{
    // The gutter grows with the font (presentation mode): the text starts after it, never under it.
    setViewportMargins(gutterWidth(), 0, 0, 0);
    const QRect cr = contentsRect();
    m_gutter->setGeometry(QRect(cr.left(), cr.top(), gutterWidth(), cr.height()));
}

void SourceView::showText(const QString& name, const QString& text)
{
    if (name == m_file && !text.isEmpty() && text == m_ownText && !document()->isEmpty())
        return;
    m_file = name;
    m_ownText = text;
    m_text = text;
    fillText();
}

void SourceView::showFile(const QString& file)
{
    if (file == m_file && m_ownText.isEmpty() && !document()->isEmpty())
        return;
    m_file = file;
    m_ownText.clear();
    const std::string name = file.toStdString();
    const std::string_view text = model::kernel_source(name);
    if (text.empty())
        m_text = tr("// %1 is not embedded in this build: kernels/cuda has no such file yet.")
                     .arg(file.isEmpty() ? tr("(no kernel file)") : file);
    else
        m_text = QString::fromUtf8(text.data(), qsizetype(text.size()));
    fillText();
}

qreal SourceView::wrapWidth() const
{
    // The vertical scroll bar's room is kept whether or not it shows, so that wrapping never makes
    // it come and go.
    const QScrollBar* bar = verticalScrollBar();
    const qreal barRoom = bar->isVisible() ? 0 : bar->sizeHint().width();
    return viewport()->width() - barRoom - 2 * document()->documentMargin() - 4;
}

void SourceView::rewrapIfNeeded()
{
    if (!m_filling && !m_text.isEmpty() && std::abs(wrapWidth() - m_wrappedFor) > 0.5)
        fillText();
}

void SourceView::fillText()
{
    if (m_filling)
        return;
    m_filling = true;
    QStringList lines = m_text.split(QLatin1Char('\n'));
    // A student's own text (the kernel editor's) is shown as written: nothing in it is a hook or
    // tag of the catalogue's recording, even when it began as a copy of a catalogue file.
    const bool own = !m_ownText.isEmpty();
    if (!m_instrumented && !own)
        for (QString& line : lines)
            line = withoutTag(line);
    m_shown = lines;
    // Each line that is wider than the view continues on rows of its own, indented one step past
    // the line (folded too: the step's line is shown whole, on its rows).
    m_wrappedFor = wrapWidth();
    if (m_wrappedFor > 0) {
        const QFontMetricsF fm(font());
        const auto width = [&fm](const QString& s) { return fm.horizontalAdvance(s); };
        for (QString& line : lines) {
            QString indent = indentOf(line) + QStringLiteral("    ");
            if (width(indent) > m_wrappedFor / 2)
                indent.clear();  // as codeRowStarts() does: a narrow view keeps its room for the code
            const QVector<qsizetype> starts = codeRowStarts(line, width, m_wrappedFor, indent);
            if (starts.isEmpty())
                continue;
            QString wrapped;
            qsizetype from = 0;
            for (qsizetype at : starts) {
                QString row = line.mid(from, at - from);
                while (row.endsWith(QLatin1Char(' ')))
                    row.chop(1);
                wrapped += (from == 0 ? QString() : indent) + row + QChar(QChar::LineSeparator);
                from = at;
            }
            line = wrapped + indent + line.mid(from);
        }
    }
    setPlainText(lines.join(QLatin1Char('\n')));
    // One block per line of the file: hidden hook lines keep the numbering of the rest.
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next())
        block.setVisible(m_instrumented || own || !isHookLine(block.text()));
    document()->markContentsDirty(0, document()->characterCount());
    fitMargins();
    applyHighlight();
    m_filling = false;
    // The gutter grows with the line count (a file of 1000 lines or more): the rows are made again
    // for the narrower text (once: the line count stays).
    if (m_wrappedFor > 0 && std::abs(wrapWidth() - m_wrappedFor) > 0.5)
        fillText();
    else if (m_folded)
        setMaximumHeight(foldedHeight());
}

void SourceView::setInstrumentationShown(bool on)
{
    if (on == m_instrumented)
        return;
    m_instrumented = on;
    fillText();
}

int SourceView::foldedHeight() const
{
    // The step's lines as they wrap (from its first highlighted line to its last, the hidden hook
    // lines left out), at least kMinFoldedRows rows (a one-line step keeps the lines after it in
    // view: a compare column at 1920×1080 showed one line of the kernel) and at most
    // kMaxFoldedRows (presentation mode gives the picture the room); it starts one document margin
    // down; below it, no room for a sliver of the next line.
    int rows = 0;
    if (!m_lines.isEmpty()) {
        const auto [lo, hi] = std::minmax_element(m_lines.begin(), m_lines.end());
        for (QTextBlock block = document()->findBlockByNumber(*lo - 1); block.isValid() && block.blockNumber() < *hi;
             block = block.next())
            if (block.isVisible())
                rows += int(block.text().count(QChar(QChar::LineSeparator))) + 1;
    }
    rows = std::clamp(rows, kMinFoldedRows, kMaxFoldedRows);
    return rows * fontMetrics().lineSpacing() + 2 * frameWidth() + int(std::ceil(document()->documentMargin())) + 1;
}

void SourceView::setFolded(bool on)
{
    if (on == m_folded)
        return;
    m_folded = on;
    // Folded: the step's line, on its rows; unfolded: as tall as the splitter says.
    setMaximumHeight(on ? foldedHeight() : QWIDGETSIZE_MAX);
    setVerticalScrollBarPolicy(on ? Qt::ScrollBarAlwaysOff : Qt::ScrollBarAsNeeded);
    setToolTip(on ? tr("The kernel source, folded to the step's line: click to unfold it (S)") : QString());
    applyHighlight();
    emit foldedChanged(on);
}

void SourceView::mousePressEvent(QMouseEvent* event)
{
    if (m_folded && event->button() == Qt::LeftButton) {
        setFolded(false);
        event->accept();
        return;
    }
    QPlainTextEdit::mousePressEvent(event);
}

QStringList SourceView::displayedLines() const
{
    QStringList out;
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next())
        if (block.isVisible())
            out << m_shown.value(block.blockNumber(), block.text());
    return out;
}

QVector<QStringList> SourceView::displayedRows() const
{
    QVector<QStringList> out;
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next()) {
        if (!block.isVisible())
            continue;
        document()->documentLayout()->blockBoundingRect(block);  // lays the block out
        const QTextLayout* layout = block.layout();
        QStringList rows;
        for (int i = 0; layout && i < layout->lineCount(); ++i) {
            const QTextLine line = layout->lineAt(i);
            QString row = block.text().mid(line.textStart(), line.textLength());
            row.remove(QChar(QChar::LineSeparator));
            rows << row;
        }
        out << rows;
    }
    return out;
}

QVector<int> SourceView::displayedLineNumbers() const
{
    QVector<int> out;
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next())
        if (block.isVisible())
            out << block.blockNumber() + 1;
    return out;
}

void SourceView::highlightLines(const QVector<int>& lines)
{
    m_lines = lines;
    if (m_folded)
        setMaximumHeight(foldedHeight());  // the step's line may take another number of rows
    applyHighlight();
}

void SourceView::applyHighlight()
{
    const ViewColors colors = ViewColors::fromPalette(palette());
    QColor band = colors.written;
    band.setAlphaF(colors.dark ? 0.35 : 0.18);
    QList<QTextEdit::ExtraSelection> selections;
    for (int line : m_lines) {
        const QTextBlock block = document()->findBlockByNumber(line - 1);
        if (!block.isValid())
            continue;
        QTextEdit::ExtraSelection sel;
        sel.format.setBackground(band);
        sel.format.setProperty(QTextFormat::FullWidthSelection, true);
        sel.cursor = QTextCursor(block);
        selections.push_back(sel);
    }
    if (m_instrumented)
        selections += quietSelections();  // after the bands, so the quiet colour wins on highlighted lines
    setExtraSelections(selections);
    if (!m_lines.isEmpty()) {
        const QTextBlock first = document()->findBlockByNumber(m_lines.front() - 1);
        if (first.isValid()) {
            // Centre the step's first line, so a little context shows above it; folded, that line
            // is the one line shown.
            QTextCursor cursor(first);
            setTextCursor(cursor);
            if (m_folded)
                verticalScrollBar()->setValue(first.firstLineNumber());
            else
                centerCursor();
        }
    }
    m_gutter->update();
}

QList<QTextEdit::ExtraSelection> SourceView::quietSelections() const
{
    QColor quiet = palette().color(QPalette::Text);
    quiet.setAlphaF(0.38);
    QList<QTextEdit::ExtraSelection> out;
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next()) {
        const QString text = block.text();
        int from = -1;
        if (text.trimmed().startsWith(QLatin1String("probe.")))
            from = int(text.indexOf(QLatin1String("probe.")));
        else if (const int tag = int(text.indexOf(QLatin1String("// @"))); tag >= 0)
            from = tag;
        if (from < 0)
            continue;
        QTextEdit::ExtraSelection sel;
        sel.format.setForeground(quiet);
        sel.cursor = QTextCursor(block);
        sel.cursor.setPosition(block.position() + from);
        sel.cursor.setPosition(block.position() + int(text.size()), QTextCursor::KeepAnchor);
        out.push_back(sel);
    }
    return out;
}

int SourceView::gutterWidth() const { return codeGutterWidth(*this, 12); }

void SourceView::resizeEvent(QResizeEvent* event)
{
    QPlainTextEdit::resizeEvent(event);
    fitMargins();
    rewrapIfNeeded();
}

void SourceView::fitToFont()
{
    setFont(codeFont());
    fitMargins();
    if (m_folded)
        setMaximumHeight(foldedHeight());
}

void SourceView::changeEvent(QEvent* event)
{
    QPlainTextEdit::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyHighlight();
    else if (event->type() == QEvent::FontChange) {
        fitMargins();
        m_wrappedFor = -1;  // the same width holds other rows now
        if (!m_text.isEmpty())
            fillText();
    }
}

void SourceView::paintGutter(QPaintEvent* event)
{
    const ViewColors colors = ViewColors::fromPalette(palette());
    QPainter p(m_gutter);
    p.fillRect(event->rect(), palette().color(QPalette::AlternateBase));
    p.setFont(font());
    const qreal lineHeight = QFontMetricsF(font()).lineSpacing();
    const QTextBlock first = firstVisibleBlock();
    forEachGutterLine(*this, first, blockBoundingGeometry(first).translated(contentOffset()).top(), event->rect(),
                      [&](int number, qreal top, qreal h) {
        const bool marked = m_lines.contains(number + 1);
        QFont f = font();
        f.setBold(marked);
        p.setFont(f);
        p.setPen(marked ? colors.written : colors.mutedText);
        // A wrapped line: its number beside its first row.
        p.drawText(QRectF(0, top, m_gutter->width() - 6, std::min(h, lineHeight)), Qt::AlignRight | Qt::AlignVCenter,
                   QString::number(number + 1));
    });
}

} // namespace reducescope::views
