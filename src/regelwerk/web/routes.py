"""The dice roller and the vendored assets (the table pages are in ``table_pages``).

Each page works without JavaScript (plain forms and links); with htmx a form
swaps in just the fragment it changed (``HX-Request`` gets the fragment).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from regelwerk.i18n import translator
from regelwerk.web.dice_view import RollError, RollView, roll_view
from regelwerk.web.render import choose_language, is_htmx, page

__all__ = ["router"]

MAX_EXPRESSION = 200
"""The longest dice expression the form accepts (the engine has its own limits)."""

_STATIC = Path(str(resources.files("regelwerk.web").joinpath("static")))

router = APIRouter(include_in_schema=False)
router.mount("/static/web", StaticFiles(directory=_STATIC), name="web-static")


def _roll(expression: str, lang: str) -> RollView | RollError:
    if len(expression) > MAX_EXPRESSION:
        t = translator(lang)
        return RollError(expression[:MAX_EXPRESSION] + "…", "limit_exceeded",
                         t("The expression is too long: at most {count} characters are allowed.",
                           count=MAX_EXPRESSION))
    return roll_view(expression, lang)


@router.get("/dice", response_class=HTMLResponse)
def dice(request: Request, expression: str = "") -> HTMLResponse:
    """The dice roller; ``?expression=`` rolls at once (a link to a roll)."""
    lang = choose_language(request)
    rolled = _roll(expression, lang) if expression.strip() else None
    return page(request, "dice.html", {"expression": expression, "roll": rolled}, lang=lang)


@router.post("/dice", response_class=HTMLResponse)
def dice_roll(request: Request, expression: Annotated[str, Form()] = "") -> HTMLResponse:
    """Roll openly: a fragment for htmx, the whole page otherwise."""
    lang = choose_language(request)
    rolled = _roll(expression, lang)
    status = 422 if isinstance(rolled, RollError) else 200
    if is_htmx(request):
        # htmx swaps only successful answers by default; an error is a 200 fragment too.
        return page(request, "_roll.html", {"roll": rolled}, lang=lang)
    return page(request, "dice.html", {"expression": expression, "roll": rolled}, lang=lang,
                status=status)
