"""Shared options and helpers of the command line."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click
from rich.console import Console

from regelwerk.i18n import LANGUAGES, Translator, translator
from regelwerk.protocol import resolve

__all__ = ["call", "console", "faces_option", "json_option", "lang_option", "seed_option"]

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
