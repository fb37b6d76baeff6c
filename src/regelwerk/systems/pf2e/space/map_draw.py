"""Drawing a battle map as SVG: squares, walls, grates, darkness, an area, creatures."""

from __future__ import annotations

from collections.abc import Iterable
from xml.sax.saxutils import escape

from regelwerk.systems.pf2e.space.grid import BattleMap, Square

__all__ = ["to_svg"]

CELL = 32


def _rect(square: Square, fill: str, opacity: str = "1") -> str:
    x, y = square
    return (f'<rect x="{x * CELL}" y="{y * CELL}" width="{CELL}" height="{CELL}" '
            f'fill="{fill}" fill-opacity="{opacity}"/>')


def to_svg(battle: BattleMap, area: Iterable[Square] = (), title: str = "") -> str:
    """The map as an SVG document; ``area`` squares are shaded red."""
    width, height = battle.width * CELL, battle.height * CELL
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + 20}" '
             f'viewBox="0 0 {width} {height + 20}">',
             f'<rect width="{width}" height="{height}" fill="#f4f1e8"/>']
    parts += [_rect(s, "#222", "0.55") for s in sorted(battle.darkness)]
    parts += [_rect(s, "#555", "0.25") for s in sorted(battle.dim)]
    parts += [_rect(s, "#d9534f", "0.45") for s in sorted(area)]
    parts += [_rect(s, "#3b3b3b") for s in sorted(battle.walls)]
    for x, y in sorted(battle.grates):
        parts.append(f'<rect x="{x * CELL + 4}" y="{y * CELL + 4}" width="{CELL - 8}" '
                     f'height="{CELL - 8}" fill="none" stroke="#3b3b3b" stroke-dasharray="3"/>')
    for i in range(battle.width + 1):
        parts.append(f'<line x1="{i * CELL}" y1="0" x2="{i * CELL}" y2="{height}" '
                     'stroke="#bbb" stroke-width="1"/>')
    for j in range(battle.height + 1):
        parts.append(f'<line x1="0" y1="{j * CELL}" x2="{width}" y2="{j * CELL}" '
                     'stroke="#bbb" stroke-width="1"/>')
    for light in battle.lights:
        x, y = light.at
        parts.append(f'<circle cx="{x * CELL + CELL / 2}" cy="{y * CELL + CELL / 2}" r="6" '
                     'fill="#f0c419"/>')
    for creature in battle.creatures:
        xs = [x for x, _ in creature.space]
        ys = [y for _, y in creature.space]
        side = (max(xs) - min(xs) + 1) * CELL
        cx, cy = min(xs) * CELL + side / 2, min(ys) * CELL + side / 2
        parts.append(f'<circle cx="{cx}" cy="{cy}" r="{side / 2 - 3}" fill="#2e6da4" '
                     'fill-opacity="0.85"/>')
        parts.append(f'<text x="{cx}" y="{cy + 4}" font-size="11" text-anchor="middle" '
                     f'fill="white" font-family="sans-serif">{escape(creature.name[:6])}</text>')
    if title:
        parts.append(f'<text x="4" y="{height + 15}" font-size="12" '
                     f'font-family="sans-serif">{escape(title)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)
