"""The battle map: the map model's JSON drawn as SVG by the existing drawing, and an
area (burst, cone, line, emanation) picked on it with the creatures it affects.

Everything goes through the rules protocol's ``pf2e`` actions ``draw_map`` and
``area``; a click on a square fills the area's corner or target (``app.js``).
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse
from markupsafe import Markup

from regelwerk import resolve
from regelwerk.i18n import translator
from regelwerk.web.render import choose_language, is_htmx, page

__all__ = ["DIRECTIONS", "EXAMPLE", "SHAPES", "map_answer", "router"]

router = APIRouter(include_in_schema=False)

EXAMPLE: dict[str, Any] = {
    "width": 12, "height": 8,
    "creatures": [{"name": "Amiri", "at": [2, 3]}, {"name": "Kyra", "at": [3, 5]},
                  {"name": "Goblin", "at": [7, 3]}, {"name": "Troll", "at": [9, 1],
                                                     "size": "large"}],
    "walls": [[5, 0], [5, 1], [5, 2], [5, 6], [5, 7]],
    "lights": [{"at": [1, 1], "radius": 9}], "ambient": "dim",
}
SHAPES = ("burst", "emanation", "cone", "line")
DIRECTIONS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")


def _square(text: str) -> list[int] | None:
    parts = [p.strip() for p in text.replace(";", ",").split(",")]
    if len(parts) == 2 and all(p.isdigit() for p in parts):
        return [int(parts[0]), int(parts[1])]
    return None


def _request(battle: dict[str, Any], form: dict[str, str]) -> dict[str, Any]:
    shape = form.get("shape", "burst")
    request: dict[str, Any] = {"system": "pf2e", "action": "area", "map": battle,
                               "shape": shape, "svg": True}
    try:
        request["size"] = float(form.get("size", "0").replace(",", "."))
    except ValueError:
        request["size"] = form.get("size")
    if shape == "burst":
        request["corner"] = _square(form.get("corner", ""))
    else:
        request["source"] = form.get("source") or None
    if shape == "cone":
        request["direction"] = form.get("direction") or None
    if shape == "line":
        request["toward"] = _square(form.get("toward", ""))
    return {k: v for k, v in request.items() if v is not None}


def _answer(lang: str, text: str, form: dict[str, str] | None) -> dict[str, Any]:
    t = translator(lang)
    try:
        battle = json.loads(text)
    except json.JSONDecodeError as error:
        return {"error": t("The map is not valid JSON: {error}", error=str(error))}
    return map_answer(battle, lang, form)


def map_answer(battle: Any, lang: str, form: dict[str, str] | None) -> dict[str, Any]:
    """The map drawn (``form`` None) or an area picked on it as the form describes:
    ``svg``, the rules' ``answer`` and the creatures' ``names``, or an ``error``."""
    if form is None:
        answer = resolve({"system": "pf2e", "action": "draw_map", "map": battle, "lang": lang})
    else:
        answer = resolve({**_request(battle, form), "lang": lang})
    if not answer.get("ok"):
        return {"error": answer["error"]["message"]}
    names = [c.get("name", "") for c in battle.get("creatures", []) if isinstance(c, dict)]
    # The SVG is the map drawing's own output, which escapes every name it writes.
    return {"svg": Markup(answer["svg"]), "answer": answer, "names": names}


@router.get("/map", response_class=HTMLResponse)
def map_page(request: Request) -> HTMLResponse:
    """The battle map with the example map, ready to pick an area on."""
    lang = choose_language(request)
    text = json.dumps(EXAMPLE, indent=1)
    return page(request, "map.html", {"text": text, "result": _answer(lang, text, None),
                                      "form": {}, "shapes": SHAPES,
                                      "directions": DIRECTIONS}, lang=lang)


@router.post("/map", response_class=HTMLResponse)
def map_area(request: Request, map_json: Annotated[str, Form(alias="map")] = "",
             shape: Annotated[str, Form()] = "burst", size: Annotated[str, Form()] = "3",
             corner: Annotated[str, Form()] = "", source: Annotated[str, Form()] = "",
             direction: Annotated[str, Form()] = "", toward: Annotated[str, Form()] = "",
             ) -> HTMLResponse:
    """The map with the area drawn on it and who is in it."""
    lang = choose_language(request)
    form = {"shape": shape, "size": size, "corner": corner, "source": source,
            "direction": direction, "toward": toward}
    result = _answer(lang, map_json[:200_000], form)
    context = {"text": map_json, "result": result, "form": form, "shapes": SHAPES,
               "directions": DIRECTIONS}
    status = 422 if "error" in result else 200
    if is_htmx(request):
        return page(request, "_map_result.html", context, lang=lang, status=status)
    return page(request, "map.html", context, lang=lang, status=status)
