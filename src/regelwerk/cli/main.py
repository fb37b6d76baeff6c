"""``regelwerk``: the command group, ``resolve`` and ``serve``."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from dataclasses import replace
from typing import IO, Any, ClassVar

import click

from regelwerk.cli.common import lang_option, localize
from regelwerk.cli.dice import odds_command, roll_command
from regelwerk.cli.running import ToolGroup, run
from regelwerk.cli.shell import MANUAL_EPILOG, completion_command, manual_command
from regelwerk.errors import RegelwerkError
from regelwerk.protocol import resolve
from regelwerk.protocol.resolve import error_response
from regelwerk.protocol.wire import decode, encode

__all__ = ["cli", "load_commands", "main"]


class _LazyGroup(ToolGroup):
    """Loads a game system's commands (and so its rules) on first use, so that
    ``regelwerk roll`` starts without importing every system."""

    lazy: ClassVar[dict[str, tuple[str, ...]]] = {
        # command name: its attribute, then the modules to import (the pf2e_* modules
        # register their commands on the pf2e group)
        "w6": ("w6", "regelwerk.cli.w6"),
        "5e": ("dnd5e", "regelwerk.cli.dnd5e"),
        "pf2e": ("pf2e", "regelwerk.cli.pf2e", "regelwerk.cli.pf2e_damage",
                 "regelwerk.cli.pf2e_map", "regelwerk.cli.pf2e_play", "regelwerk.cli.pf2e_table"),
        "table": ("table", "regelwerk.cli.table"),
    }

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy and cmd_name not in self.commands:
            attribute, *names = self.lazy[cmd_name]
            # a system's rules load here, on first use
            modules = [importlib.import_module(name) for name in names]
            command: click.Command = getattr(modules[0], attribute)
            if self.translator is not None:
                localize(command, self.translator)
            self.add_command(command, cmd_name)
        return super().get_command(ctx, cmd_name)


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]},
             epilog=MANUAL_EPILOG)
@click.version_option(package_name="regelwerk", prog_name="regelwerk")
@lang_option
def cli(lang: str) -> None:
    """regelwerk: rules for W6 Proben, D&D 5e and Pathfinder 2e, with exact odds.

    Every command answers in the language of --lang, else REGELWERK_LANG, else the
    locale (de, en or is), and prints the protocol's JSON with --json.
    """


def _answer(line: bytes) -> dict[str, Any]:
    """The response to one line: every line is answered, a blank one included."""
    if not line.strip():
        return error_response("invalid_request",
                              "the line is empty: each line must hold one JSON request object")
    try:
        request = decode(line)
    except RegelwerkError as error:
        return error_response(error.code, error.message)
    return resolve(request)


def _lines(stream: IO[bytes]) -> Iterator[bytes]:
    for line in stream:
        yield line.rstrip(b"\r\n")


@cli.command("resolve")
@click.option("--file", "path", type=click.File("rb"),
              help="Read requests from this file instead of standard input.")
def resolve_command(path: IO[bytes] | None) -> None:
    """Answer JSON Lines requests of the rules protocol, one response line each.

    Every line gets exactly one answer line, in order (a blank line is answered with
    invalid_request). Exit status 0 when every request succeeded, 1 when any failed.
    """
    stream = path or sys.stdin.buffer
    out = sys.stdout.buffer
    failed = False
    for line in _lines(stream):
        try:
            response = _answer(line)
        except Exception as error:  # the contract: a bad line never stops the batch
            response = error_response(
                "internal_error", f"regelwerk could not answer this line "
                f"({type(error).__name__}); please report it with the request")
        failed = failed or not response["ok"]
        out.write(encode(response) + b"\n")
        out.flush()
    sys.exit(1 if failed else 0)


@cli.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535),
              help="Port to listen on.")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64),
              help="Server processes.")
@click.option("--allow-host", "allow_hosts", multiple=True,
              help="Host name requests may be addressed to (repeatable; default localhost).")
@click.option("--cors-origin", "cors_origins", multiple=True,
              help="Origin allowed to call the API from a browser (repeatable; default none).")
@click.option("--max-body", type=click.IntRange(1, 1 << 30), default=None,
              help="Largest request body in bytes (default 1 MiB).")
@click.option("--access-log/--no-access-log", default=False, show_default=True,
              help="Log every request.")
def serve_command(host: str, port: int, workers: int, allow_hosts: tuple[str, ...],
                  cors_origins: tuple[str, ...], max_body: int | None,
                  access_log: bool) -> None:
    """Serve the rules protocol over HTTP (POST /api/v1/resolve, docs at /docs)."""
    try:
        from regelwerk.api.server import serve
        from regelwerk.api.settings import HttpSettings
    except ImportError:
        raise click.ClickException(
            "the web server needs the 'web' extra: pip install 'regelwerk[web]'"
        ) from None
    settings = HttpSettings.from_env()
    changes: dict[str, Any] = {}
    if allow_hosts:
        changes["allowed_hosts"] = allow_hosts
    if cors_origins:
        changes["cors_origins"] = cors_origins
    if max_body is not None:
        changes["max_body"] = max_body
    serve(host, port, workers, replace(settings, **changes), access_log=access_log)


cli.add_command(roll_command)
cli.add_command(odds_command)
cli.add_command(completion_command)
cli.add_command(manual_command)


def load_commands() -> None:
    """Load every lazily registered command (for tools that walk the whole tree)."""
    context = click.Context(cli)
    for name in cli.list_commands(context):
        cli.get_command(context, name)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``regelwerk`` command, in the language of ``--lang``,
    ``REGELWERK_LANG`` or the locale; see ``regelwerk.cli.running``."""
    run(cli, argv)
