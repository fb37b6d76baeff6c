"""Characters on the table page: added by the system's form, or from a Pathbuilder
2e JSON export uploaded from the page (the table service reads it; a pasted stat
block goes through ``/do``); and the odds of a check before it is rolled."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from regelwerk.errors import RegelwerkError
from regelwerk.i18n import translator
from regelwerk.web.forms import FormError
from regelwerk.web.odds_preview import check_preview
from regelwerk.web.render import choose_language, is_htmx, page
from regelwerk.web.sheet_form import SheetFormError, sheet_from_form
from regelwerk.web.table_pages import (
    PageProblem,
    Room,
    command_of,
    guard,
    handle,
    member_of,
    table_lang,
)

__all__ = ["MAX_UPLOAD", "router"]

MAX_UPLOAD = 1024 * 1024
"""The largest export read (Pathbuilder's are a few kilobytes)."""

router = APIRouter(include_in_schema=False)


@router.post("/t/{table_id}/pathbuilder", response_class=HTMLResponse)
async def pathbuilder(request: Request, table_id: str, parts: Room,
                      export: Annotated[UploadFile, File()],
                      owner: Annotated[str, Form()] = "") -> Response:
    """Add a PF2e character from a Pathbuilder 2e JSON export."""
    async def work() -> Response:
        guard(request)
        service, feed = parts
        viewer = await member_of(request, service, table_id)
        t = translator(await table_lang(request, service, viewer))
        raw = await export.read(MAX_UPLOAD + 1)
        if len(raw) > MAX_UPLOAD:
            raise PageProblem(413, t("The file may have at most {limit} bytes.",
                                     limit=MAX_UPLOAD))
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise PageProblem(400, t("This is not a JSON file: export the character "
                                     "from Pathbuilder 2e as JSON.")) from None
        if not isinstance(data, dict):
            raise PageProblem(400, t("This is not a JSON file: export the character "
                                     "from Pathbuilder 2e as JSON."))
        command: dict[str, Any] = {"type": "import_pathbuilder", "export": data}
        if owner and viewer.role == "gm":
            command["owner"] = owner
        try:
            result = await run_in_threadpool(service.execute, viewer, command)
        except RegelwerkError as error:
            raise PageProblem(422 if error.code == "not_allowed" else 400, str(error),
                              error) from None
        feed.announce(table_id)
        if not is_htmx(request):
            return RedirectResponse(f"/t/{table_id}", status_code=303)
        added = next((e["payload"]["character"]["name"] for e in result.get("events", [])
                      if e.get("kind") == "character_added"
                      and "character" in e.get("payload", {})), "")
        return page(request, "_notice.html", {"message": t("{name} is at the table.",
                                                             name=added)}, lang=t.lang)
    return await handle(request, work())


@router.post("/t/{table_id}/characters", response_class=HTMLResponse)
async def add_character(request: Request, table_id: str, parts: Room) -> Response:
    """Add a character from the system's form (a player's own; the game master's
    may be a creature, a hazard, hidden, or a player's)."""
    async def work() -> Response:
        guard(request)
        service, feed = parts
        viewer = await member_of(request, service, table_id)
        form = {key: str(value) for key, value in (await request.form()).items()}
        state = await run_in_threadpool(service.state, viewer)
        t = translator(choose_language(request, state.get("lang")))
        try:
            sheet = sheet_from_form(str(state.get("system")), form)
        except SheetFormError as error:
            raise PageProblem(400, error.said(t)) from None
        command: dict[str, Any] = {"type": "add_character", "name": form.get("name", "").strip(),
                                   "sheet": sheet}
        if viewer.role == "gm":
            command.update(kind=form.get("kind", "creature"),
                           hidden=form.get("hidden") == "true")
            if form.get("owner"):
                command["owner"] = form["owner"]
        try:
            await run_in_threadpool(service.execute, viewer, command)
        except RegelwerkError as error:
            raise PageProblem(422 if error.code == "not_allowed" else 400, str(error),
                              error) from None
        feed.announce(table_id)
        if not is_htmx(request):
            return RedirectResponse(f"/t/{table_id}", status_code=303)
        return page(request, "_notice.html", {"message": t("{name} is at the table.",
                                                             name=command["name"])},
                    lang=t.lang)
    return await handle(request, work())


@router.get("/t/{table_id}/preview", response_class=HTMLResponse)
async def preview(request: Request, table_id: str, parts: Room) -> Response:
    """The odds of the check the form describes, before it is rolled."""
    async def work() -> Response:
        service = parts[0]
        viewer = await member_of(request, service, table_id)
        state = await run_in_threadpool(service.state, viewer)
        lang = choose_language(request, state.get("lang"))
        query = dict(request.query_params)
        if not query.get("statistic"):
            return page(request, "_preview.html", {"preview": None}, lang=lang)
        try:
            command = command_of(service, "check", query)
        except FormError:
            return page(request, "_preview.html", {"preview": None}, lang=lang)
        shown = await run_in_threadpool(check_preview, state, viewer, command)
        return page(request, "_preview.html", {"preview": shown}, lang=lang)
    return await handle(request, work())
