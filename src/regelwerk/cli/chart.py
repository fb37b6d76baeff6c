"""Bar charts of distributions as SVG or PNG files (``regelwerk odds --plot``).

One chart shows one or more distributions side by side over their values; the
numbers on it are in the reader's notation.  PNG needs Pillow (the ``plot``
extra); SVG needs nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from regelwerk.errors import RequestError
from regelwerk.i18n import Translator

__all__ = ["Series", "write_chart"]

COLOURS = ("#2e7d32", "#1565c0", "#c62828", "#ef6c00")
WIDTH, HEIGHT = 720, 360
LEFT, RIGHT, TOP, BOTTOM = 72, 16, 48, 48


@dataclass(frozen=True, slots=True)
class Series:
    """One distribution: its name (the expression) and ``(value, probability)`` rows."""

    name: str
    rows: tuple[tuple[int, float], ...]


@dataclass(frozen=True, slots=True)
class _Bar:
    x: float
    y: float
    width: float
    height: float
    colour: str


def _layout(series: Sequence[Series], t: Translator) -> tuple[list[_Bar], list[tuple[float, str]],
                                                list[tuple[float, float]], float, int, int]:
    values = sorted({v for s in series for v, _ in s.rows})
    low, high = values[0], values[-1]
    peak = max(p for s in series for _, p in s.rows) or 1.0
    span = high - low + 1
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    slot = plot_w / span
    bar_w = max(slot * 0.8 / len(series), 0.5)
    bars = []
    for i, s in enumerate(series):
        for v, p in s.rows:
            h = plot_h * p / peak
            x = LEFT + (v - low) * slot + slot * 0.1 + i * bar_w
            bars.append(_Bar(x, TOP + plot_h - h, bar_w, h, COLOURS[i % len(COLOURS)]))
    step = max(1, round(span / 12))
    ticks = [(LEFT + (v - low) * slot + slot / 2, t.number(v))
             for v in range(low, high + 1, step)]
    grid = [(TOP + plot_h - plot_h * f, peak * f) for f in (0.0, 0.25, 0.5, 0.75, 1.0)]
    return bars, ticks, grid, peak, plot_w, plot_h


def _svg(series: Sequence[Series], t: Translator, title: str) -> str:
    bars, ticks, grid, _, plot_w, plot_h = _layout(series, t)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
           f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
           f'<text x="{LEFT}" y="22" font-size="15" font-weight="bold">{escape(title)}</text>']
    for y, p in grid:
        out.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}" '
                   'stroke="#ddd"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">'
                   f'{escape(t.percent(p, 1))}</text>')
    for b in bars:
        out.append(f'<rect x="{b.x:.2f}" y="{b.y:.2f}" width="{b.width:.2f}" '
                   f'height="{b.height:.2f}" fill="{b.colour}"/>')
    for x, label in ticks:
        out.append(f'<text x="{x:.1f}" y="{TOP + plot_h + 16}" text-anchor="middle">'
                   f'{escape(label)}</text>')
    out.append(f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 8}" text-anchor="middle">'
               f'{escape(t("Value"))}</text>')
    for i, s in enumerate(series):
        x = WIDTH - RIGHT - 200
        y = 16 + 16 * i
        out.append(f'<rect x="{x}" y="{y - 10}" width="12" height="12" '
                   f'fill="{COLOURS[i % len(COLOURS)]}"/>')
        out.append(f'<text x="{x + 18}" y="{y}">{escape(s.name)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _png(series: Sequence[Series], t: Translator, title: str, path: Path) -> None:
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:
        raise RequestError("a PNG chart needs Pillow: pip install 'regelwerk[plot]' "
                           "(or write an .svg file)", code="missing_dependency") from None
    bars, ticks, grid, _, plot_w, plot_h = _layout(series, t)
    image = Image.new("RGB", (WIDTH, HEIGHT), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=12)
    bold = ImageFont.load_default(size=15)
    draw.text((LEFT, 10), title, fill="black", font=bold)
    for y, p in grid:
        draw.line([(LEFT, y), (LEFT + plot_w, y)], fill="#dddddd")
        # the bundled font has no no-break space: draw a plain one
        label = t.percent(p, 1).replace("\u00a0", " ").replace("\u202f", " ")
        draw.text((LEFT - 6, y), label, fill="black", font=font, anchor="rm")
    for b in bars:
        draw.rectangle([b.x, b.y, b.x + b.width, TOP + plot_h], fill=b.colour)
    for x, label in ticks:
        draw.text((x, TOP + plot_h + 10), label, fill="black", font=font, anchor="mm")
    draw.text((LEFT + plot_w / 2, HEIGHT - 12), t("Value"), fill="black", font=font,
              anchor="mm")
    for i, s in enumerate(series):
        x, y = WIDTH - RIGHT - 200, 16 + 16 * i
        draw.rectangle([x, y - 10, x + 12, y + 2], fill=COLOURS[i % len(COLOURS)])
        draw.text((x + 18, y - 4), s.name, fill="black", font=font, anchor="lm")
    image.save(path, format="PNG")


def write_chart(path: Path, series: Sequence[Series], t: Translator, title: str) -> None:
    """Write the bar chart of ``series`` to ``path``: SVG or PNG by its suffix."""
    suffix = path.suffix.lower()
    if suffix == ".svg":
        path.write_text(_svg(series, t, title), "utf-8")
    elif suffix == ".png":
        _png(series, t, title, path)
    else:
        raise RequestError("the chart file must end in .svg or .png (got {name!r})",
                           code="invalid_value", name=path.name)
