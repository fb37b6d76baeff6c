"""The battle map at a table: pick an area on the member's own map and see who is in
it; place and move tokens (the game master any, a player their own); the game
master sets the map.  Areas are computed from the member's filtered state, so a
player's answer never counts a hidden creature."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from starlette.concurrency import run_in_threadpool

from regelwerk.i18n import translator
from regelwerk.web.battle_view import battle_of, tokens_of
from regelwerk.web.encounter_pages import send
from regelwerk.web.render import choose_language, page
from regelwerk.web.table_pages import PageProblem, Room, guard, handle, member_of
from regelwerk.web.table_view import drawn

__all__ = ["router", "square_of"]

router = APIRouter(include_in_schema=False)

AREA_FIELDS = ("shape", "size", "corner", "source", "direction", "toward")


def square_of(text: str) -> list[int] | None:
    """``"3, 4"`` (or ``3;4``, ``3 4``) as a square, None when it is not one."""
    parts = text.replace(";", ",").replace(" ", ",").split(",")
    numbers = [p for p in parts if p]
    if len(numbers) == 2 and all(p.isdigit() for p in numbers):
        return [int(numbers[0]), int(numbers[1])]
    return None


@router.post("/t/{table_id}/map/area", response_class=HTMLResponse)
async def area(request: Request, table_id: str, parts: Room) -> Response:
    """The member's map with the area the form describes and who is in it."""
    async def work() -> Response:
        guard(request)
        viewer = await member_of(request, parts[0], table_id)
        state = await run_in_threadpool(parts[0].state, viewer)
        lang = choose_language(request, state.get("lang"))
        battle = battle_of(state)
        if battle is None:
            raise PageProblem(422, translator(lang)(
                "There is no battle map yet: the game master sets one first."))
        form = {key: str(value)[:200] for key, value in (await request.form()).items()
                if key in AREA_FIELDS}
        result = await run_in_threadpool(drawn, battle, tokens_of(state), translator(lang),
                                         form)
        return page(request, "_map_result.html", {"result": result}, lang=lang,
                    status=422 if "error" in result else 200)
    return await handle(request, work())


@router.post("/t/{table_id}/map/place", response_class=HTMLResponse)
async def place(request: Request, table_id: str, parts: Room) -> Response:
    """Put a token on the square ``at`` (``x, y``), or take it off the map."""
    async def work() -> Response:
        form = {key: str(value) for key, value in (await request.form()).items()}
        t = translator(choose_language(request))
        at = None if form.get("remove") == "true" else square_of(form.get("at", ""))
        if at is None and form.get("remove") != "true":
            raise PageProblem(400, t("The field {field} needs {what}.", field="at",
                                     what=t("a square as x, y (for example 3, 4)")))
        command: dict[str, Any] = {"type": "place", "character_id": form.get("character_id", ""),
                                   "at": at, "size": form.get("size") or "medium"}
        return await send(request, parts, table_id, command)
    return await handle(request, work())


@router.post("/t/{table_id}/map/set", response_class=HTMLResponse)
async def set_map(request: Request, table_id: str, parts: Room) -> Response:
    """The game master sets the map from its JSON (walls, light …; no creatures)."""
    async def work() -> Response:
        form = {key: str(value) for key, value in (await request.form()).items()}
        t = translator(choose_language(request))
        try:
            battle = json.loads(form.get("map", "")[:200_000])
        except json.JSONDecodeError as error:
            raise PageProblem(400, t("The map is not valid JSON: {error}",
                                     error=str(error))) from None
        if not isinstance(battle, dict):
            raise PageProblem(400, t("The map is not valid JSON: {error}",
                                     error=t("an object is needed")))
        return await send(request, parts, table_id, {"type": "set_map", "map": battle})
    return await handle(request, work())
