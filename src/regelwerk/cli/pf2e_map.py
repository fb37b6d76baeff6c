"""``regelwerk pf2e map``: draw a map file, with an area or a creature's reach, and
answer who is in an area and what one creature makes of another."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from regelwerk.cli.common import call, cli_t, console, json_option, lang_option
from regelwerk.cli.pf2e import pf2e

__all__ = ["map_command"]


def _area_request(burst: str | None, burst_from: str | None, emanation: str | None,
                  cone: str | None, line_: str | None) -> dict[str, Any] | None:
    if burst:
        x, y, r = burst.split(",")
        request: dict[str, Any] = {"shape": "burst", "corner": [int(x), int(y)],
                                   "size": float(r)}
        if burst_from:
            creator, reach_m = burst_from.split(",")
            request.update(source=creator, range=float(reach_m))
        return request
    if emanation:
        name, r = emanation.split(",")
        return {"shape": "emanation", "source": name, "size": float(r)}
    if cone:
        name, direction, r = cone.split(",")
        return {"shape": "cone", "source": name, "direction": direction, "size": float(r)}
    if line_:
        name, x, y, r = line_.split(",")
        return {"shape": "line", "source": name, "toward": [int(x), int(y)], "size": float(r)}
    return None


@pf2e.command("map")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--burst", "--explosion", help="CORNER_X,CORNER_Y,RADIUS_M: who is in this burst?")
@click.option("--burst-from", "--explosion-von",
              help="CREATURE,RANGE_M: with --burst, who creates it and the effect's range (the "
                   "corner must lie within it).")
@click.option("--emanation", "--ausstrahlung", help="CREATURE,RADIUS_M")
@click.option("--cone", "--kegel", help="CREATURE,DIRECTION,LENGTH_M (direction n, ne, e … nw)")
@click.option("--line", "--linie", "line_", help="CREATURE,X,Y,LENGTH_M (toward square X,Y)")
@click.option("--reach", "--reichweite", help="CREATURE: whom it reaches, drawn on the map")
@click.option("--detect", "--wahrnehmen", nargs=2,
              help="OBSERVER TARGET: the detection state of B for A")
@click.option("--invisible", "--unsichtbar", is_flag=True,
              help="With --detect: the target is invisible.")
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the drawing to this SVG file.")
@click.option("--save", "--speichern", "save_path",
              type=click.Path(dir_okay=False, path_type=Path),
              help="Save the map, checked and in metres, to this JSON file.")
@lang_option
@json_option
def map_command(path: Path, burst: str | None, burst_from: str | None,
                emanation: str | None, cone: str | None,
                line_: str | None, reach: str | None, detect: tuple[str, str] | None,
                invisible: bool, svg_path: Path | None, save_path: Path | None,
                lang: str, as_json: bool) -> None:
    """Draw the map in PATH (JSON, see docs/protocol.md) and answer questions about it.
    With --json, one JSON response per question, one a line."""
    t = cli_t()
    try:
        battle = json.loads(path.read_text("utf-8"))
    except json.JSONDecodeError as error:
        raise click.ClickException(t("{path} is not valid JSON: {error}", path=str(path),
                                     error=str(error))) from None
    try:
        area = _area_request(burst, burst_from, emanation, cone, line_)
    except ValueError:
        raise click.UsageError(t("an area option has the wrong number of parts")) from None
    requests: list[dict[str, Any]] = []
    if area is not None:
        requests.append({"system": "pf2e", "action": "area", "map": battle, "svg": True,
                         **area})
    if reach:
        requests.append({"system": "pf2e", "action": "reach", "map": battle,
                         "attacker": reach, "svg": True})
    if detect:
        requests.append({"system": "pf2e", "action": "detect", "map": battle,
                         "observer": detect[0], "target": detect[1], "invisible": invisible})
    requests.append({"system": "pf2e", "action": "draw_map", "map": battle})
    out = console()
    svg = None
    for request in requests:
        answered = call(request, seed=None, faces=None, lang=lang, as_json=as_json)
        if answered is None:
            continue
        response, t = answered
        if request["action"] in ("area", "reach"):
            out.print(response["text"])
            if response["blocked"]:
                out.print(t("inside, but no line of effect: {names}",
                            names=", ".join(response["blocked"])))
            svg = svg or response["svg"]
        elif request["action"] == "detect":
            aim = response["targeting"]
            out.print(response["text"])
            out.print(t("flat check DC: {dc}; secret: {secret}; off-guard: {off_guard}",
                        dc=aim["flat_dc"] or "—", secret=t.yes_no(aim["secret"]),
                        off_guard=t.yes_no(aim["off_guard"])))
        else:
            svg = svg or response["svg"]
            if save_path is not None:
                save_path.write_text(json.dumps(response["map"], indent=2) + "\n", "utf-8")
                out.print(t("saved to {path}", path=str(save_path)))
    if as_json:
        return
    if svg_path is not None and svg is not None:
        svg_path.write_text(svg, "utf-8")
        out.print(t("drawn to {path}", path=str(svg_path)))
