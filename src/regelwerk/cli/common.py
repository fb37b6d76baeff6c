"""Shared options and helpers of the command line."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import click
from rich.console import Console

from regelwerk.i18n import LANGUAGES, Translator, translator
from regelwerk.protocol import resolve

__all__ = ["call", "console", "faces_option", "help_texts", "json_option", "lang_option",
           "localize", "rolling_options", "seed_option", "system_language"]

F = TypeVar("F", bound=Callable[..., Any])


def console() -> Console:
    """A console on the current standard output (so that test runners capture it)."""
    return Console(file=sys.stdout, highlight=False, soft_wrap=True)


def _faces(_ctx: click.Context, _param: click.Parameter, value: str | None) -> list[int] | None:
    if value is None:
        return None
    try:
        return [int(part) for part in value.replace(",", " ").split()]
    except ValueError:
        raise click.BadParameter(
            "give whole numbers separated by commas or spaces, e.g. 6,2,5"
        ) from None


def lang_option(f: F) -> F:
    return click.option(
        "--lang", "--sprache", "--tungumal", "lang",
        type=click.Choice(LANGUAGES), default="en", show_default=True,
        help="Language of the texts: en, de or is.",
    )(f)


def seed_option(f: F) -> F:
    return click.option("--seed", type=int, help="Seed for reproducible dice.")(f)


def faces_option(f: F) -> F:
    return click.option(
        "--faces", "--wuerfe", "faces", callback=_faces,
        help="Faces you rolled with real dice, in rolling order (e.g. 6,2,5).",
    )(f)


def json_option(f: F) -> F:
    return click.option("--json", "as_json", is_flag=True, help="Print the JSON response.")(f)


def rolling_options(f: F) -> F:
    """``--seed``, ``--faces``, ``--lang`` and ``--json``, for commands that roll."""
    return seed_option(faces_option(lang_option(json_option(f))))


def call(request: dict[str, Any], *, seed: int | None, faces: list[int] | None,
         lang: str, as_json: bool) -> tuple[dict[str, Any], Translator] | None:
    """Resolve ``request``; print JSON and return ``None`` when ``as_json``.

    An error is printed in the chosen language and ends the command with status 1.
    """
    if seed is not None:
        request["seed"] = seed
    if faces is not None:
        request["faces"] = faces
    request["lang"] = lang
    response = resolve(request)
    if as_json:
        click.echo(json.dumps(response, ensure_ascii=False))
        if not response["ok"]:
            raise SystemExit(1)
        return None
    t = translator(lang)
    if not response["ok"]:
        error = response["error"]
        label = t("Error")
        console().print(f"[bold red]{label}[/] ({error['code']}): {error['message']}", markup=True)
        raise SystemExit(1)
    return response, t


def system_language() -> str:
    """The language for help texts: ``REGELWERK_LANG``, else the locale (``LANG``),
    else English."""
    for name in ("REGELWERK_LANG", "LC_ALL", "LANG"):
        value = os.environ.get(name, "")[:2].lower()
        if value in LANGUAGES:
            return value
    return "en"


def _commands(command: click.Command) -> Iterator[click.Command]:
    yield command
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            yield from _commands(sub)


def help_texts(root: click.Command) -> Iterator[str]:
    """Every help text of the command tree (for the catalogues)."""
    for command in _commands(root):
        if command.help:
            yield command.help
        for param in command.params:
            if isinstance(param, click.Option) and param.help:
                yield param.help


def localize(root: click.Command, t: Translator) -> None:
    """Put the help texts of the command tree into ``t``'s language."""
    if t.lang == "en":
        return
    for command in _commands(root):
        if command.help:
            command.help = t(command.help)
        for param in command.params:
            if isinstance(param, click.Option) and param.help:
                param.help = t(param.help)
