"""The encounter on the table page: start it, reorder the initiative (buttons for
the keyboard, dragging for the mouse), and the previews shown before a Strike is
rolled or damage is dealt.  Every other encounter command goes through the
table page's generic ``/do/{command}``."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from regelwerk.errors import RegelwerkError
from regelwerk.i18n import translator
from regelwerk.web.odds_preview import damage_preview, strike_preview
from regelwerk.web.render import choose_language, is_htmx, page
from regelwerk.web.table_pages import PageProblem, Room, guard, handle, member_of, table_lang

__all__ = ["moved", "router", "send"]

router = APIRouter(include_in_schema=False)


def moved(order: list[str], character_id: str, direction: str) -> list[str]:
    """The order with ``character_id`` one place earlier (``up``) or later (``down``)."""
    if character_id not in order:
        return order
    at = order.index(character_id)
    to = at - 1 if direction == "up" else at + 1
    if not 0 <= to < len(order):
        return order
    changed = list(order)
    changed[at], changed[to] = changed[to], changed[at]
    return changed


async def _send(request: Request, parts: Room, table_id: str,
                command: dict[str, Any]) -> Response:
    guard(request)
    service, feed = parts
    viewer = await member_of(request, service, table_id)
    try:
        await run_in_threadpool(service.execute, viewer, command)
    except RegelwerkError as error:
        raise PageProblem(422 if error.code == "not_allowed" else 400, str(error), error) from None
    feed.announce(table_id)
    if not is_htmx(request):
        return RedirectResponse(f"/t/{table_id}", status_code=303)
    lang = await table_lang(request, service, viewer)
    t = translator(lang)
    return page(request, "_notice.html", {"message": t("Done.")}, lang=lang)


@router.post("/t/{table_id}/encounter/start", response_class=HTMLResponse)
async def start_encounter(request: Request, table_id: str, parts: Room) -> Response:
    """Start an encounter with the ticked characters; each rolls initiative with the
    statistic chosen beside it (Perception unless another is named)."""
    async def work() -> Response:
        form = {key: str(value) for key, value in (await request.form()).items()}
        chosen = [key[2:] for key in form if key.startswith("p_")]
        if not chosen:
            t = translator(choose_language(request))
            raise PageProblem(400, t("Tick at least one participant."))
        participants = [{"character_id": cid,
                         "statistic": form.get(f"s_{cid}", "").strip() or "perception"}
                        for cid in chosen]
        command: dict[str, Any] = {"type": "start_encounter", "participants": participants}
        if form.get("order"):
            command["order"] = [c for c in form["order"].split(",") if c in chosen]
        return await _send(request, parts, table_id, command)
    return await handle(request, work())


@router.post("/t/{table_id}/order/{character_id}/{direction}", response_class=HTMLResponse)
async def reorder(request: Request, table_id: str, character_id: str, direction: str,
                  parts: Room) -> Response:
    """Move a participant one place up or down the initiative order (game master)."""
    async def work() -> Response:
        viewer = await member_of(request, parts[0], table_id)
        state = await run_in_threadpool(parts[0].state, viewer)
        order = list((state.get("encounter") or {}).get("order", []))
        return await _send(request, parts, table_id, {
            "type": "set_order", "order": moved(order, character_id, direction)})
    return await handle(request, work())


@router.post("/t/{table_id}/order", response_class=HTMLResponse)
async def set_order(request: Request, table_id: str, parts: Room) -> Response:
    """A whole new initiative order (from dragging the rows): ids separated by commas."""
    async def work() -> Response:
        form = await request.form()
        order = [c for c in str(form.get("order", "")).split(",") if c]
        return await _send(request, parts, table_id, {"type": "set_order", "order": order})
    return await handle(request, work())


@router.get("/t/{table_id}/preview/strike", response_class=HTMLResponse)
async def preview_strike(request: Request, table_id: str, parts: Room,
                         character_id: str = "", strike: str = "",
                         target_id: str = "") -> Response:
    """The odds per degree of the Strike the form describes, before it is rolled."""
    async def work() -> Response:
        viewer = await member_of(request, parts[0], table_id)
        state = await run_in_threadpool(parts[0].state, viewer)
        lang = choose_language(request, state.get("lang"))
        if not (character_id and strike and target_id):
            return page(request, "_preview.html", {"preview": None}, lang=lang)
        shown = await run_in_threadpool(strike_preview, parts[0], viewer, character_id,
                                        strike, target_id)
        return page(request, "_preview.html", {"preview": shown}, lang=lang)
    return await handle(request, work())


@router.get("/t/{table_id}/preview/damage", response_class=HTMLResponse)
async def preview_damage(request: Request, table_id: str, parts: Room,
                         character_id: str = "", amount: str = "",
                         damage_type: str = "", critical: str = "") -> Response:
    """What the damage the form describes would do after immunities, weaknesses and
    resistances (game master)."""
    async def work() -> Response:
        viewer = await member_of(request, parts[0], table_id)
        state = await run_in_threadpool(parts[0].state, viewer)
        lang = choose_language(request, state.get("lang"))
        if not (character_id and amount.strip().isdigit() and damage_type.strip()):
            return page(request, "_damage_preview.html", {"preview": None}, lang=lang)
        shown = await run_in_threadpool(damage_preview, state, viewer, character_id,
                                        int(amount), damage_type.strip(), critical == "true")
        return page(request, "_damage_preview.html", {"preview": shown}, lang=lang)
    return await handle(request, work())


send = _send
"""Send a command from a form: the refusal's reason, or "Done." (other page modules)."""
