"""The table `Model.summary()` prints, laid out as the `rich` library lays out Keras's table
(rich.table.Table with fixed column widths, `show_lines=True`, the HEAVY_HEAD box) when it
prints without a terminal's colours: the same column widths (rich's `ratio_reduce` of the
columns to the table's width), word wrapping, and `…` for a word longer than its cell."""
import re

_WORDS = re.compile(r"\s*\S+\s*")


def _ratio_reduce(total, widths):
    # rich._ratio.ratio_reduce with equal ratios: take `total` off the columns, evenly.
    out, remaining, ratio_left = [], total, len(widths)
    for width in widths:
        taken = min(width, round(remaining / ratio_left))
        out.append(width - taken)
        remaining -= taken
        ratio_left -= 1
    return out


def column_widths(requested):
    """The content widths rich gives columns of `requested` widths in a table as wide as their sum."""
    line_length = sum(requested)
    padded = [w + 2 for w in requested]
    available = line_length - (len(requested) + 1)  # the borders
    if sum(padded) > available:
        padded = _ratio_reduce(sum(padded) - available, padded)
    return [w - 2 for w in padded]


def _wrap(text, width):
    """rich's Text.wrap with overflow "ellipsis": greedy word wrap; a word wider than the cell
    takes a line of its own, cut to the width with "…"."""
    lines = []
    for paragraph in text.split("\n"):
        breaks, offset = [], 0
        for match in _WORDS.finditer(paragraph):
            word = match.group()
            length = len(word.rstrip())
            if width - offset >= length:
                offset += len(word)
            else:
                if match.start():
                    breaks.append(match.start())
                offset = len(word)
        starts = [0] + breaks
        ends = breaks + [len(paragraph)]
        for start, end in zip(starts, ends):
            line = paragraph[start:end].rstrip()
            if len(line) > width:
                line = line[:width - 1] + "…"
            lines.append(line)
    return lines or [""]


def _cell_lines(text, width, justify):
    lines = _wrap(text, width)
    if justify == "right":
        return [line.rjust(width) for line in lines]
    if justify == "center":
        return [line.center(width) for line in lines]
    return [line.ljust(width) for line in lines]


def render(header, rows, widths, justify):
    """The table's lines: a heavy header box, then the rows with lines between them."""
    def border(left, fill, middle, right):
        return left + middle.join(fill * (w + 2) for w in widths) + right

    def row_lines(cells, vertical):
        cells = [_cell_lines(str(c), w, j) for c, w, j in zip(cells, widths, justify)]
        height = max(len(c) for c in cells)
        cells = [c + [" " * w] * (height - len(c)) for c, w in zip(cells, widths)]
        return [vertical + vertical.join(f" {c[i]} " for c in cells) + vertical for i in range(height)]

    out = [border("┏", "━", "┳", "┓")]
    out += row_lines(header, "┃")
    out.append(border("┡", "━", "╇", "┩"))
    for n, row in enumerate(rows):
        if n:
            out.append(border("├", "─", "┼", "┤"))
        out += row_lines(row, "│")
    out.append(border("└", "─", "┴", "┘"))
    return out
