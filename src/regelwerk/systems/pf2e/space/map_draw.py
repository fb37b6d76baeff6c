"""Drawing a battle map as SVG: squares with coordinates, walls, grates, darkness,
lights, an area with its origin, creatures (affected, out of line of effect, or
neither) with their names, and a legend."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from xml.sax.saxutils import escape

from regelwerk.systems.pf2e.space.grid import BattleMap, Creature, Square

__all__ = ["LEGEND_KEYS", "Drawing", "to_svg"]

CELL = 32
MARGIN = 22
"""Room for the coordinates above and left of the grid."""

LEGEND_KEYS = ("area", "origin", "affected", "blocked", "creature", "wall", "grate",
               "darkness", "dim", "light")
"""The entries a legend may show; the caller names them in the reader's language."""

_AREA, _AFFECTED, _BLOCKED, _CREATURE = "#d9534f", "#c62828", "#757575", "#2e6da4"


@dataclass(frozen=True, slots=True)
class Drawing:
    """What to draw over the map besides its squares and creatures."""

    area: frozenset[Square] = frozenset()
    origin: tuple[Fraction, Fraction] | None = None
    affected: frozenset[str] = frozenset()
    blocked: frozenset[str] = frozenset()
    title: str = ""
    legend: Mapping[str, str] = field(default_factory=dict)


def _xy(x: float | Fraction, y: float | Fraction) -> tuple[float, float]:
    return MARGIN + float(x) * CELL, MARGIN + float(y) * CELL


def _rect(square: Square, fill: str, opacity: str = "1") -> str:
    x, y = _xy(*square)
    return (f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
            f'fill="{fill}" fill-opacity="{opacity}"/>')


def _label(x: float, y: float, text: str, size: int = 11, anchor: str = "middle") -> str:
    """Text with a white halo, readable on any background."""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" text-anchor="{anchor}" '
            'font-family="sans-serif" fill="#111" stroke="white" stroke-width="3" '
            f'paint-order="stroke" stroke-linejoin="round">{escape(text)}</text>')


def _token(creature: Creature, drawing: Drawing) -> list[str]:
    xs = [x for x, _ in creature.space]
    ys = [y for _, y in creature.space]
    side = (max(xs) - min(xs) + 1) * CELL
    left, top = _xy(min(xs), min(ys))
    cx, cy = left + side / 2, top + side / 2
    if creature.name in drawing.affected:
        style = f'fill="{_AFFECTED}" stroke="#7f0000" stroke-width="2"'
    elif creature.name in drawing.blocked:
        style = (f'fill="{_BLOCKED}" fill-opacity="0.6" stroke="#212121" stroke-width="2" '
                 'stroke-dasharray="4 3"')
    else:
        style = f'fill="{_CREATURE}" fill-opacity="0.85"'
    parts = [f'<circle cx="{cx:g}" cy="{cy:g}" r="{side / 2 - 3:g}" {style}/>']
    if creature.name in drawing.blocked:
        d = side / 4
        parts.append(f'<path d="M{cx - d:g},{cy - d:g} L{cx + d:g},{cy + d:g} '
                     f'M{cx + d:g},{cy - d:g} L{cx - d:g},{cy + d:g}" stroke="white" '
                     'stroke-width="2"/>')
    initials = "".join(w[0] for w in creature.name.split()[:2]).upper()
    parts.append(f'<text x="{cx:g}" y="{cy + 4:g}" font-size="11" text-anchor="middle" '
                 f'font-weight="bold" fill="white" font-family="sans-serif">'
                 f'{escape(initials)}</text>')
    parts.append(_label(cx, top + side + 9, creature.name, 10))
    return parts


def _shown(battle: BattleMap, drawing: Drawing) -> set[str]:
    """The legend entries for what this drawing shows."""
    present = {"area": bool(drawing.area), "origin": drawing.origin is not None,
               "affected": bool(drawing.affected), "blocked": bool(drawing.blocked),
               "creature": any(c.name not in drawing.affected | drawing.blocked
                               for c in battle.creatures),
               "wall": bool(battle.walls), "grate": bool(battle.grates),
               "darkness": bool(battle.darkness), "dim": bool(battle.dim),
               "light": bool(battle.lights)}
    return {key for key, shown in present.items() if shown}


def _legend(drawing: Drawing, top: float, shown: set[str]) -> tuple[list[str], float]:
    swatches = {
        "area": f'<rect width="14" height="14" fill="{_AREA}" fill-opacity="0.45"/>',
        "origin": '<path d="M2,2 L12,12 M12,2 L2,12" stroke="#000" stroke-width="2"/>',
        "affected": f'<circle cx="7" cy="7" r="6" fill="{_AFFECTED}"/>',
        "blocked": f'<circle cx="7" cy="7" r="6" fill="{_BLOCKED}" stroke="#212121" '
                   'stroke-dasharray="3 2"/>',
        "creature": f'<circle cx="7" cy="7" r="6" fill="{_CREATURE}"/>',
        "wall": '<rect width="14" height="14" fill="#3b3b3b"/>',
        "grate": '<rect x="1" y="1" width="12" height="12" fill="none" stroke="#3b3b3b" '
                 'stroke-dasharray="3"/>',
        "darkness": '<rect width="14" height="14" fill="#222" fill-opacity="0.55"/>',
        "dim": '<rect width="14" height="14" fill="#555" fill-opacity="0.25"/>',
        "light": '<circle cx="7" cy="7" r="6" fill="#f0c419"/>',
    }
    parts, x, y = [], 4.0, top
    for key in LEGEND_KEYS:
        name = drawing.legend.get(key)
        if not name or key not in shown:
            continue
        width = 26 + 6.5 * len(name)
        if x + width > MARGIN + 12 * CELL and x > 4:
            x, y = 4.0, y + 18
        parts.append(f'<g transform="translate({x:g},{y:g})">{swatches[key]}</g>')
        parts.append(f'<text x="{x + 18:g}" y="{y + 11:g}" font-size="11" '
                     f'font-family="sans-serif">{escape(name)}</text>')
        x += width
    return parts, y + 18 - top if parts else 0.0


def to_svg(battle: BattleMap, area: Iterable[Square] = (), title: str = "",
           drawing: Drawing | None = None) -> str:
    """The map as an SVG document; ``area`` squares (or ``drawing.area``) are shaded
    red, ``drawing`` adds the origin, the creatures' states and a legend."""
    drawing = drawing or Drawing(area=frozenset(area), title=title)
    grid_w, grid_h = battle.width * CELL, battle.height * CELL
    body = []
    body += [_rect(s, "#222", "0.55") for s in sorted(battle.darkness)]
    body += [_rect(s, "#555", "0.25") for s in sorted(battle.dim)]
    body += [_rect(s, _AREA, "0.45") for s in sorted(drawing.area)]
    body += [_rect(s, "#3b3b3b") for s in sorted(battle.walls)]
    for square in sorted(battle.grates):
        x, y = _xy(*square)
        body.append(f'<rect x="{x + 4}" y="{y + 4}" width="{CELL - 8}" height="{CELL - 8}" '
                    'fill="none" stroke="#3b3b3b" stroke-dasharray="3"/>')
    for i in range(battle.width + 1):
        x, _ = _xy(i, 0)
        body.append(f'<line x1="{x}" y1="{MARGIN}" x2="{x}" y2="{MARGIN + grid_h}" '
                    'stroke="#bbb" stroke-width="1"/>')
    for j in range(battle.height + 1):
        _, y = _xy(0, j)
        body.append(f'<line x1="{MARGIN}" y1="{y}" x2="{MARGIN + grid_w}" y2="{y}" '
                    'stroke="#bbb" stroke-width="1"/>')
    for i in range(battle.width):
        body.append(f'<text x="{MARGIN + i * CELL + CELL / 2:g}" y="{MARGIN - 7}" '
                    'font-size="10" text-anchor="middle" font-family="sans-serif" '
                    f'fill="#555">{i}</text>')
    for j in range(battle.height):
        body.append(f'<text x="{MARGIN - 5}" y="{MARGIN + j * CELL + CELL / 2 + 4:g}" '
                    'font-size="10" text-anchor="end" font-family="sans-serif" '
                    f'fill="#555">{j}</text>')
    for light in battle.lights:
        x, y = _xy(light.at[0] + Fraction(1, 2), light.at[1] + Fraction(1, 2))
        body.append(f'<circle cx="{x:g}" cy="{y:g}" r="6" fill="#f0c419"/>')
    for creature in battle.creatures:
        body += _token(creature, drawing)
    if drawing.origin is not None:
        x, y = _xy(*drawing.origin)
        body.append(f'<circle cx="{x:g}" cy="{y:g}" r="7" fill="white" fill-opacity="0.8"/>')
        body.append(f'<path d="M{x - 6:g},{y - 6:g} L{x + 6:g},{y + 6:g} M{x + 6:g},{y - 6:g} '
                    f'L{x - 6:g},{y + 6:g}" stroke="#000" stroke-width="2.5"/>')
    below = MARGIN + grid_h + 14
    if drawing.title:
        body.append(f'<text x="4" y="{below + 12}" font-size="13" font-weight="bold" '
                    f'font-family="sans-serif">{escape(drawing.title)}</text>')
        below += 20
    legend, legend_h = _legend(drawing, below, _shown(battle, drawing))
    body += legend
    width, height = MARGIN + grid_w + 4, below + legend_h + 4
    head = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {width:g} {height:g}">',
            f'<rect width="{width:g}" height="{height:g}" fill="white"/>',
            f'<rect x="{MARGIN}" y="{MARGIN}" width="{grid_w}" height="{grid_h}" '
            'fill="#f4f1e8"/>']
    return "\n".join([*head, *body, "</svg>"])
