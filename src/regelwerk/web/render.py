"""Templates and language for the pages.

Every page is rendered on the server by Jinja2 with autoescaping.  Texts go
through the same gettext catalogues as the engine: a template writes
``t("Roll")`` or ``plural("one die", "{n} dice", n)`` (the catalogue tool
extracts both), numbers go through ``percent`` and ``number`` (Babel).

The language of a page is, in order: ``?lang=`` (remembered in a cookie), the
``lang`` cookie, the table's language, the browser's ``Accept-Language``, English.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse
from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

from regelwerk import __version__
from regelwerk.i18n import LANGUAGES, accepted, translator
from regelwerk.web.numbers import chance, decimal, percent

__all__ = ["LANGUAGE_NAMES", "choose_language", "fragment", "is_htmx", "page"]

LANGUAGE_NAMES = {"de": "Deutsch", "en": "English", "is": "Íslenska"}
"""Each language in its own words, for the language switcher."""

SYSTEM_NAMES = {"pf2e": "Pathfinder 2e", "dnd5e": "D&D 5e", "w6": "W6"}
"""The game systems by their published names."""

_COOKIE = "lang"

_environment = Environment(
    loader=PackageLoader("regelwerk.web", "templates"),
    autoescape=select_autoescape(default=True, default_for_string=True),
    undefined=StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)


def choose_language(request: Request, table_lang: str | None = None) -> str:
    """The language to show ``request`` its page in (see the module text)."""
    for candidate in (request.query_params.get("lang"), request.cookies.get(_COOKIE), table_lang):
        if candidate in LANGUAGES:
            return candidate
    for tag in accepted(request.headers.get("accept-language", "")):
        if tag in LANGUAGES:
            return tag
    return "en"


def is_htmx(request: Request) -> bool:
    """Whether htmx asked (it wants a fragment, not a whole page)."""
    return request.headers.get("hx-request") == "true"


def condition_name(name: str, lang: str) -> str:
    """A PF2e condition's name in the page's language (the rulebook's term; a table's
    own condition keeps its name)."""
    from regelwerk.systems.pf2e.effects.conditions import CONDITIONS

    found = CONDITIONS.get(name)
    if found is None:
        return name.replace("_", " ")
    return {"de": found.de, "is": found.is_}.get(lang, name.replace("_", " "))


def _helpers(lang: str) -> dict[str, Any]:
    t = translator(lang)
    return {
        "lang": lang,
        "t": t,
        "plural": t.plural,
        "percent": partial(percent, lang=lang),
        "chance": partial(chance, lang=lang),
        "number": partial(decimal, lang=lang),
        "condition_name": partial(condition_name, lang=lang),
        "languages": LANGUAGE_NAMES,
        "system_names": SYSTEM_NAMES,
        "version": __version__,
    }


def page(
    request: Request,
    template: str,
    context: Mapping[str, Any],
    *,
    lang: str,
    status: int = 200,
    headers: Mapping[str, str] | None = None,
) -> HTMLResponse:
    """``template`` rendered for ``request`` in ``lang``.

    A ``?lang=`` choice is remembered in a cookie for the next pages.
    """
    values = {**_helpers(lang), "request": request, "path": request.url.path, **context}
    html = _environment.get_template(template).render(values)
    response = HTMLResponse(html, status_code=status, headers=dict(headers or {}))
    if request.query_params.get("lang") in LANGUAGES:
        response.set_cookie(_COOKIE, lang, max_age=365 * 24 * 3600, samesite="lax")
    return response


def fragment(template: str, context: Mapping[str, Any], lang: str) -> str:
    """``template`` rendered without a request (for a stream's messages)."""
    values = {**_helpers(lang), "path": "", **context}
    return _environment.get_template(template).render(values)
