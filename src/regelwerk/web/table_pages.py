"""The table's pages: create a table, join by link, invite, the table itself.

Handlers call the table service on the server (in the thread pool) with the
viewer of the browser's cookie; the service decides and filters per viewer, so
a page and its stream hold only what that member may see.  After a command the
table's streams are woken (the same feed as the HTTP API's).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import (
    HTMLResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.concurrency import run_in_threadpool

from regelwerk.api.table_feed import EventFeed
from regelwerk.api.table_http import said
from regelwerk.api.table_room import room, room_of
from regelwerk.errors import RegelwerkError
from regelwerk.i18n import LANGUAGES, translator
from regelwerk.table.service import TableService, Viewer
from regelwerk.web.dice_view import RollView
from regelwerk.web.dice_view import view_of as roll_view_of
from regelwerk.web.event_text import HIDDEN_KINDS, labels
from regelwerk.web.forms import FormError, FormField, command_from_form, fields_of
from regelwerk.web.log_view import entry
from regelwerk.web.qr import qr_svg
from regelwerk.web.render import choose_language, fragment, is_htmx, page
from regelwerk.web.table_session import remember, same_origin, table_ids, viewer_of
from regelwerk.web.table_stream import LIFETIME, RETRY_MS, html_stream, start_after
from regelwerk.web.table_view import TableView, names_of, table_view

__all__ = ["PageProblem", "Room", "command_of", "guard", "handle", "member_of", "router",
           "table_lang", "view_of"]

Room = Annotated[tuple[TableService, EventFeed], Depends(room)]
SYSTEMS = ("pf2e", "dnd5e", "w6")

router = APIRouter(include_in_schema=False)


class PageProblem(Exception):
    """A page that cannot be shown: its status and a message for the reader (a
    refusal's ``error`` is said again in the page's language)."""

    def __init__(self, status: int, message: str, error: RegelwerkError | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.error = error


def _problem(request: Request, lang: str, status: int, message: str) -> HTMLResponse:
    template = "_refusal.html" if is_htmx(request) else "problem.html"
    # htmx swaps error statuses only when told to (see app.js); the status stays honest.
    return page(request, template, {"message": message, "status": status}, lang=lang,
                status=status)


async def member_of(request: Request, service: TableService, table_id: str) -> Viewer:
    t = translator(choose_language(request))
    try:
        viewer = await viewer_of(request, service, table_id)
    except RegelwerkError:
        raise PageProblem(404, t("There is no table here.")) from None
    if viewer is None:
        raise PageProblem(403, t(
            "You are not at this table in this browser. Ask the game master for an "
            "invitation link."))
    return viewer


async def view_of(request: Request, service: TableService, viewer: Viewer) -> TableView:
    state = await run_in_threadpool(service.state, viewer)
    events = await run_in_threadpool(service.events, viewer, 0)
    lang = choose_language(request, state.get("lang"))
    return table_view(viewer, state, events, translator(lang), request.query_params)


async def table_lang(request: Request, service: TableService, viewer: Viewer) -> str:
    """The page language at this table (the table's own unless the reader chose)."""
    state = await run_in_threadpool(service.state, viewer)
    return choose_language(request, state.get("lang"))


def guard(request: Request) -> None:
    if not same_origin(request):
        t = translator(choose_language(request))
        raise PageProblem(403, t("This form was sent from another site and is refused."))


def console(service: TableService) -> list[tuple[str, list[FormField]]]:
    """Every command of the table with its form fields (the "more commands" forms)."""
    return [(name, fields_of(model)) for name, model in service.command_types().items()]


def command_of(service: TableService, command_type: str, form: dict[str, str]) -> dict[str, Any]:
    """The command a form describes (its fields typed by the command's model)."""
    models = service.command_types()
    if command_type not in models:
        raise FormError("type", ", ".join(sorted(models)))
    return command_from_form(command_type, models[command_type], form)


async def handle(request: Request, work: Any) -> Response:
    try:
        result: Response = await work
    except PageProblem as problem:
        lang = _page_language(request)
        message = (problem.message if problem.error is None
                   else said(problem.error, translator(lang)))
        return _problem(request, lang, problem.status, message)
    return result


def _page_language(request: Request) -> str:
    """The language of a page about the table in the path (without asking the store)."""
    table_id = request.path_params.get("table_id")
    opened = room_of(request.app).opened()
    known = (opened[0].language_of(table_id)
             if opened is not None and isinstance(table_id, str) else None)
    return choose_language(request, known)


# ---- start, create, join -------------------------------------------------------------

@router.get("/", response_class=HTMLResponse)
async def start(request: Request, parts: Room) -> HTMLResponse:
    """The start page: create a table, the tables of this browser, the dice."""
    service = parts[0]
    mine = []
    for table_id in table_ids(request):
        try:
            viewer = await viewer_of(request, service, table_id)
        except RegelwerkError:
            continue
        if viewer is not None:
            state = await run_in_threadpool(service.state, viewer)
            mine.append({"id": table_id, "name": state.get("name", table_id),
                         "role": viewer.role, "system": state.get("system", "")})
    return page(request, "start.html", {"mine": mine, "systems": SYSTEMS,
                                        "table_languages": LANGUAGES},
                lang=choose_language(request))


@router.post("/tables")
async def create(request: Request, parts: Room,
                 name: Annotated[str, Form()] = "", system: Annotated[str, Form()] = "",
                 lang: Annotated[str, Form()] = "", gm_name: Annotated[str, Form()] = "",
                 ) -> Response:
    """Create a table; this browser becomes its game master."""
    async def work() -> Response:
        guard(request)
        try:
            credentials = await run_in_threadpool(
                lambda: parts[0].create_table(name=name.strip(), system=system, lang=lang,
                                              gm_name=gm_name.strip()))
        except RegelwerkError as error:
            raise PageProblem(400, str(error), error) from None
        response = RedirectResponse(f"/t/{credentials.table_id}", status_code=303)
        remember(response, credentials.table_id, credentials.token)
        return response
    return await handle(request, work())


@router.get("/t/{table_id}/join", response_class=HTMLResponse)
async def join_form(request: Request, table_id: str, code: str = "") -> HTMLResponse:
    """The page an invitation link opens: the player's name, then join."""
    return page(request, "join.html", {"table_id": table_id, "code": code},
                lang=choose_language(request))


@router.post("/t/{table_id}/join")
async def join(request: Request, table_id: str, parts: Room,
               code: Annotated[str, Form()] = "", name: Annotated[str, Form()] = "",
               ) -> Response:
    """Join with an invitation; this browser becomes that player."""
    async def work() -> Response:
        guard(request)
        try:
            credentials = await run_in_threadpool(parts[0].join, table_id, code.strip(),
                                                  name.strip())
        except RegelwerkError as error:
            if error.code == "not_authorized":
                t = translator(choose_language(request))
                raise PageProblem(403, t("This invitation is not valid: it is unknown or "
                                         "was revoked. Ask the game master for a new "
                                         "link.")) from None
            raise PageProblem(400, str(error), error) from None
        response = RedirectResponse(f"/t/{table_id}", status_code=303)
        remember(response, table_id, credentials.token)
        return response
    return await handle(request, work())


# ---- the table ---------------------------------------------------------------------

@router.get("/t/{table_id}", response_class=HTMLResponse)
async def table(request: Request, table_id: str, parts: Room) -> Response:
    """The table as this member sees it."""
    async def work() -> Response:
        viewer = await member_of(request, parts[0], table_id)
        view = await view_of(request, parts[0], viewer)
        return page(request, "table.html", {"view": view, "commands": console(parts[0])},
                    lang=view.lang)
    return await handle(request, work())


@router.get("/t/{table_id}/panels", response_class=HTMLResponse)
async def panels(request: Request, table_id: str, parts: Room) -> Response:
    """The state panels alone (reloaded when the stream says the table changed)."""
    async def work() -> Response:
        viewer = await member_of(request, parts[0], table_id)
        view = await view_of(request, parts[0], viewer)
        return page(request, "_panels.html", {"view": view}, lang=view.lang)
    return await handle(request, work())


@router.get("/t/{table_id}/log", response_class=HTMLResponse)
async def log(request: Request, table_id: str, parts: Room) -> Response:
    """The log, filtered by ``kind``, ``actor`` and ``q`` (words)."""
    async def work() -> Response:
        viewer = await member_of(request, parts[0], table_id)
        view = await view_of(request, parts[0], viewer)
        template = "_log.html" if is_htmx(request) else "table.html"
        return page(request, template, {"view": view, "commands": console(parts[0])},
                    lang=view.lang)
    return await handle(request, work())


@router.get("/t/{table_id}/export")
async def export(request: Request, table_id: str, parts: Room) -> Response:
    """The whole log as JSON Lines (game master only), as a download."""
    async def work() -> Response:
        viewer = await member_of(request, parts[0], table_id)
        try:
            lines = await run_in_threadpool(parts[0].export, viewer)
        except RegelwerkError as error:
            raise PageProblem(403, str(error), error) from None
        return PlainTextResponse(lines, media_type="application/x-ndjson", headers={
            "Content-Disposition": f'attachment; filename="{table_id}.jsonl"'})
    return await handle(request, work())


# ---- the game master's invitations -------------------------------------------------

@router.post("/t/{table_id}/invitations", response_class=HTMLResponse)
async def invite(request: Request, table_id: str, parts: Room) -> Response:
    """A new invitation: its link and QR code (shown once)."""
    async def work() -> Response:
        guard(request)
        viewer = await member_of(request, parts[0], table_id)
        lang = await table_lang(request, parts[0], viewer)
        try:
            invitation = await run_in_threadpool(parts[0].invite, viewer)
        except RegelwerkError as error:
            raise PageProblem(403, str(error), error) from None
        link = str(request.url_for("join_form", table_id=table_id)) + f"?code={invitation.token}"
        t = translator(lang)
        return page(request, "_invitation.html", {
            "link": link, "invitation_id": invitation.invitation_id, "table_id": table_id,
            "qr": qr_svg(link, t("Invitation link to this table")),
        }, lang=lang)
    return await handle(request, work())


@router.post("/t/{table_id}/invitations/{invitation_id}/revoke", response_class=HTMLResponse)
async def revoke(request: Request, table_id: str, invitation_id: str, parts: Room) -> Response:
    """Revoke an invitation: its link no longer admits anyone."""
    async def work() -> Response:
        guard(request)
        viewer = await member_of(request, parts[0], table_id)
        try:
            await run_in_threadpool(parts[0].revoke, viewer, invitation_id)
        except RegelwerkError as error:
            raise PageProblem(403, str(error), error) from None
        parts[1].announce(table_id)
        if not is_htmx(request):
            return RedirectResponse(f"/t/{table_id}", status_code=303)
        lang = await table_lang(request, parts[0], viewer)
        t = translator(lang)
        return page(request, "_notice.html", {"message": t("The invitation is revoked.")},
                    lang=lang)
    return await handle(request, work())


# ---- commands and the live stream --------------------------------------------------

@router.post("/t/{table_id}/do/{command_type}", response_class=HTMLResponse)
async def do(request: Request, table_id: str, command_type: str, parts: Room) -> Response:
    """Send one command from a form; the answer shows its events as this member sees
    them, or the rule's reason for a refusal.  The stream brings it to everyone."""
    async def work() -> Response:
        guard(request)
        service, feed = parts
        viewer = await member_of(request, service, table_id)
        form = {key: str(value) for key, value in (await request.form()).items()}
        lang = await table_lang(request, service, viewer)
        t = translator(lang)
        try:
            command = command_of(service, command_type, form)
            result = await run_in_threadpool(service.execute, viewer, command)
        except FormError as error:
            raise PageProblem(400, t("The field {field} needs {what}.", field=error.field,
                                     what=t(str(error)))) from None
        except RegelwerkError as error:
            raise PageProblem(422 if error.code == "not_allowed" else 400, str(error),
                              error) from None
        feed.announce(table_id)
        if not is_htmx(request):
            return RedirectResponse(f"/t/{table_id}", status_code=303)
        rolled = _dice_roll(result) if command_type == "roll" else None
        if rolled is not None:
            return page(request, "_roll.html", {"roll": rolled}, lang=lang)
        state = await run_in_threadpool(service.state, viewer)
        names = names_of(state)
        done = [entry(e, names, t, labels(t)) for e in result.get("events", [])
                if e.get("kind") not in HIDDEN_KINDS]
        return page(request, "_done.html", {"entries": done}, lang=lang)
    return await handle(request, work())


def _dice_roll(result: dict[str, Any]) -> RollView | None:
    """The dice, total and odds chart of a ``roll`` command as its roller sees it."""
    for event in result.get("events", []):
        rolls = (event.get("payload") or {}).get("rolls") or []
        if event.get("kind") == "dice_rolled" and rolls:
            return roll_view_of(rolls[0]["result"])
    return None


@router.get("/t/{table_id}/stream")
async def stream(request: Request, table_id: str, parts: Room, after: int = 0) -> Response:
    """The member's live log (Server-Sent Events of rendered entries)."""
    async def work() -> Response:
        service, feed = parts
        viewer = await member_of(request, service, table_id)
        state = await run_in_threadpool(service.state, viewer)
        lang = choose_language(request, state.get("lang"))
        t = translator(lang)
        kind_labels = labels(t)

        def render(events: list[dict[str, Any]]) -> list[tuple[int, str]]:
            # Names as of now: a character or member may be new since the page loaded.
            names = names_of(service.state(viewer))
            return [(item.sequence, fragment("_log_entry.html", {"item": item}, lang))
                    for item in (entry(e, names, t, kind_labels) for e in events
                                 if e.get("kind") not in HIDDEN_KINDS)]

        start = start_after(request, max(after, 0))
        lifetime = float(getattr(request.app.state, "web_stream_lifetime", LIFETIME))
        retry = int(getattr(request.app.state, "web_stream_retry_ms", RETRY_MS))
        return StreamingResponse(
            html_stream(request, service, feed, viewer, start, render, lifetime=lifetime,
                        retry_ms=retry),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
    return await handle(request, work())


SECTIONS = ("combat", "check", "map", "add", "notes", "tools")


@router.get("/t/{table_id}/section/{name}", response_class=HTMLResponse)
async def section(request: Request, table_id: str, name: str, parts: Room) -> Response:
    """One form section of the table page, drawn anew (its inputs reset)."""
    async def work() -> Response:
        if name not in SECTIONS:
            t = translator(choose_language(request))
            raise PageProblem(404, t("There is no such part of the page."))
        viewer = await member_of(request, parts[0], table_id)
        view = await view_of(request, parts[0], viewer)
        return page(request, "_actions_one.html", {"view": view, "name": name,
                                                   "commands": console(parts[0])},
                    lang=view.lang)
    return await handle(request, work())
