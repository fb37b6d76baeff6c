"""``regelwerk pf2e map``: draw a map file, with an area or a creature's reach, and
answer who is in an area and what one creature makes of another."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from regelwerk.cli.common import call, console, lang_option
from regelwerk.cli.pf2e import pf2e

__all__ = ["map_command"]


def _point(text: str) -> list[int]:
    try:
        x, y = (int(v) for v in text.split(","))
    except ValueError:
        raise click.BadParameter(f"write a square as X,Y (got {text!r})") from None
    return [x, y]


@pf2e.command("map")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--burst", help="CORNER_X,CORNER_Y,RADIUS_M: who is in this burst?")
@click.option("--burst-from", help="CREATURE,RANGE_M: with --burst, who creates it and the "
                                   "effect's range (the corner must lie within it).")
@click.option("--emanation", help="CREATURE,RADIUS_M")
@click.option("--cone", help="CREATURE,DIRECTION,LENGTH_M (direction n, ne, e … nw)")
@click.option("--line", "line_", help="CREATURE,X,Y,LENGTH_M (toward square X,Y)")
@click.option("--reach", help="CREATURE: draw its reach")
@click.option("--detect", nargs=2, help="OBSERVER TARGET: the detection state of B for A")
@click.option("--invisible", is_flag=True, help="With --detect: the target is invisible.")
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the drawing to this SVG file.")
@click.option("--save", "save_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Save the map, checked and in metres, to this JSON file.")
@lang_option
def map_command(path: Path, burst: str | None, burst_from: str | None,
                emanation: str | None, cone: str | None,
                line_: str | None, reach: str | None, detect: tuple[str, str] | None,
                invisible: bool, svg_path: Path | None, save_path: Path | None,
                lang: str) -> None:
    """Draw the map in PATH (JSON, see docs/protocol.md) and answer questions about it."""
    try:
        battle = json.loads(path.read_text("utf-8"))
    except json.JSONDecodeError as error:
        raise click.ClickException(f"{path} is not valid JSON: {error}") from None
    out = console()
    request: dict[str, Any] | None = None
    try:
        if burst:
            x, y, r = burst.split(",")
            request = {"shape": "burst", "corner": [int(x), int(y)], "size": float(r)}
            if burst_from:
                creator, reach_m = burst_from.split(",")
                request.update(source=creator, range=float(reach_m))
        elif emanation:
            name, r = emanation.split(",")
            request = {"shape": "emanation", "source": name, "size": float(r)}
        elif cone:
            name, direction, r = cone.split(",")
            request = {"shape": "cone", "source": name, "direction": direction,
                       "size": float(r)}
        elif line_:
            name, x, y, r = line_.split(",")
            request = {"shape": "line", "source": name, "toward": [int(x), int(y)],
                       "size": float(r)}
        elif reach:
            creatures = {c["name"]: c for c in battle.get("creatures", [])}
            if reach not in creatures:
                raise click.ClickException(f"no creature {reach!r} on the map")
            request = {"shape": "emanation", "source": reach,
                       "size": float(creatures[reach].get("reach", 1.5)),
                       "exclude_source": True}
    except ValueError:
        raise click.UsageError("an area option has the wrong number of parts") from None
    svg = None
    if request is not None:
        answered = call({"system": "pf2e", "action": "area", "map": battle, "svg": True,
                         **request}, seed=None, faces=None, lang=lang, as_json=False)
        assert answered is not None
        out.print(answered[0]["text"])
        if answered[0]["blocked"]:
            out.print("blocked by walls: " + ", ".join(answered[0]["blocked"]))
        svg = answered[0]["svg"]
    if detect:
        seen = call({"system": "pf2e", "action": "detect", "map": battle,
                     "observer": detect[0], "target": detect[1], "invisible": invisible},
                    seed=None, faces=None, lang=lang, as_json=False)
        assert seen is not None
        aim = seen[0]["targeting"]
        out.print(seen[0]["text"])
        out.print(f"flat check DC: {aim['flat_dc'] or '—'}; secret: {aim['secret']}; "
                  f"off-guard: {aim['off_guard']}")
    drawn = call({"system": "pf2e", "action": "draw_map", "map": battle},
                 seed=None, faces=None, lang=lang, as_json=False)
    assert drawn is not None
    svg = svg or drawn[0]["svg"]
    if save_path is not None:
        save_path.write_text(json.dumps(drawn[0]["map"], indent=2) + "\n", "utf-8")
        out.print(f"saved to {save_path}")
    if svg_path is not None:
        svg_path.write_text(svg, "utf-8")
        out.print(f"drawn to {svg_path}")
