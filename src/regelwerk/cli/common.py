"""Shared options and helpers of the command line."""

from __future__ import annotations

import errno
import json
import os
import sys
from collections.abc import Callable, Iterator
from typing import IO, TYPE_CHECKING, Any, TypeVar

import click

from regelwerk.errors import translatable
from regelwerk.i18n import LANGUAGES, Translator, translator
from regelwerk.protocol.resolve import resolve

if TYPE_CHECKING:  # rich loads when something is shown through it (not `roll | cat`)
    from rich.console import Console
    from rich.table import Table

__all__ = ["LANG_OPTIONS", "call", "cli_language", "cli_t", "console", "faces_option",
           "help_texts", "json_option", "lang_option", "localize", "rolling_options",
           "seed_option", "system_language", "table"]

LANG_OPTIONS = ("--lang", "--sprache", "--tungumal", "--tungumál")
"""The spellings of the language option."""

F = TypeVar("F", bound=Callable[..., Any])


def console(file: IO[str] | None = None) -> Console:
    """A console on ``file``, by default the current standard output (so that test
    runners capture it); a reader that goes away (``| head``) is no failure: the
    command ends with status 0 (rich would exit with 1)."""
    from rich.console import Console

    class _Console(Console):
        def on_broken_pipe(self) -> None:
            self.quiet = True
            raise BrokenPipeError(errno.EPIPE, "the reader of the output went away")

    return _Console(file=sys.stdout if file is None else file, highlight=False,
                    soft_wrap=True)


def table(**options: Any) -> Table:
    """A rich table for standard output: with box lines on a terminal, as plain columns
    (no box-drawing characters, no colours) in a pipe or a file, so that ``grep``,
    ``cut`` and ``awk`` read it."""
    from rich.table import Table

    from regelwerk.cli.lines import terminal

    if not terminal(sys.stdout):
        options.update(box=None, pad_edge=False)
    return Table(**options)


def _faces(_ctx: click.Context, _param: click.Parameter, value: str | None) -> list[int] | None:
    if value is None:
        return None
    try:
        return [int(part) for part in value.replace(",", " ").split()]
    except ValueError:
        t = cli_t()
        raise click.BadParameter(
            t("give whole numbers separated by commas or spaces, e.g. 6,2,5")
        ) from None


def lang_option(f: F) -> F:
    return click.option(
        *LANG_OPTIONS, "lang",
        type=click.Choice(LANGUAGES), default=_default_language,
        show_default="REGELWERK_LANG",
        help="Language of every text: en, de or is (default: REGELWERK_LANG, else the "
             "locale, else en).",
    )(f)


def seed_option(f: F) -> F:
    return click.option("--seed", type=int, help="Seed for reproducible dice.")(f)


def faces_option(f: F) -> F:
    return click.option(
        "--faces", "--wuerfe", "--würfe", "faces", callback=_faces,
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
        from rich.console import Console
        from rich.text import Text

        error = response["error"]
        label = t("Error")
        line = Text(f"{label} ({error['code']}): ", style="bold red")
        line.append(error["message"], style="")
        Console(file=sys.stderr, highlight=False, soft_wrap=True).print(line)
        raise SystemExit(1)
    return response, t


def system_language() -> str:
    """The language from the environment: ``REGELWERK_LANG``, else the locale
    (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English."""
    for name in ("REGELWERK_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")[:2].lower()
        if value in LANGUAGES:
            return value
    return "en"


def _default_language() -> str:
    """``--lang`` given to an enclosing command (``regelwerk --lang de w6 probe``),
    else ``system_language()``."""
    context = click.get_current_context(silent=True)
    parent = context.parent if context is not None else None
    while parent is not None:
        lang = parent.params.get("lang")
        if isinstance(lang, str) and lang in LANGUAGES:
            return lang
        parent = parent.parent
    return system_language()


def cli_language(argv: list[str] | None = None) -> str:
    """The language of this command line: ``--lang`` (or its other spellings) on
    the command line, else ``system_language()``; for texts written before the
    options are parsed (help, option errors)."""
    words = sys.argv[1:] if argv is None else argv
    for i, word in enumerate(words):
        name, eq, value = word.partition("=")
        if name in LANG_OPTIONS:
            value = value if eq else (words[i + 1] if i + 1 < len(words) else "")
            if value in LANGUAGES:
                return value
    return system_language()


def cli_t() -> Translator:
    """The translator in the language of the current command line."""
    context = click.get_current_context(silent=True)
    lang = context.params.get("lang") if context is not None else None
    while context is not None and not isinstance(lang, str):
        context = context.parent
        lang = context.params.get("lang") if context is not None else None
    if isinstance(lang, str) and lang in LANGUAGES:
        return translator(lang)
    return translator(cli_language())


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
        if command.epilog:
            yield command.epilog
        for param in command.params:
            if isinstance(param, click.Option) and param.help:
                yield param.help
            if isinstance(param, click.Argument):
                yield _placeholder(param)


def _placeholder(argument: click.Argument) -> str:
    """The placeholder of an argument in the help and in errors (``EXPRESSION``)."""
    return argument.metavar or (argument.name or "").upper()


_METAVARS = {
    click.types.IntRange: translatable("INTEGER RANGE"),
    click.types.FloatRange: translatable("FLOAT RANGE"),
    click.types.IntParamType: translatable("INTEGER"),
    click.types.FloatParamType: translatable("FLOAT"),
    click.types.StringParamType: translatable("TEXT"),
    click.types.Path: translatable("PATH"),
    click.types.File: translatable("FILENAME"),
}


def _metavar(t: Translator, param: click.Parameter) -> str | None:
    """The placeholder of a value in the help (``ZAHL`` for ``INTEGER``)."""
    for kind, name in _METAVARS.items():
        if isinstance(param.type, kind):
            return t(name)
    return None


def localize(root: click.Command, t: Translator) -> None:
    """Put the help texts of the command tree, and the placeholders of values,
    into ``t``'s language."""
    if t.lang == "en":
        return
    for command in _commands(root):
        command.options_metavar = t(translatable("[OPTIONS]"))
        if isinstance(command, click.Group):
            command.subcommand_metavar = t(translatable("COMMAND [ARGS]..."))
        for param in command.params:
            if isinstance(param, click.Option) and param.metavar is None and \
                    not param.is_flag and not param.count:
                param.metavar = _metavar(t, param)
            elif isinstance(param, click.Argument):
                param.metavar = t(_placeholder(param))
        if command.help:
            command.help = t(command.help)
        if command.epilog:
            command.epilog = t(command.epilog)
        if command.short_help:
            command.short_help = t(command.short_help)
        for param in command.params:
            if isinstance(param, click.Option) and param.help:
                param.help = t(param.help)
