"""``regelwerk``: the command group, ``resolve`` and ``serve``."""

from __future__ import annotations

import json
import sys
from typing import IO, Any

import click

from regelwerk import __version__
from regelwerk.cli import (  # noqa: F401  (they register their commands on pf2e)
    pf2e_damage,
    pf2e_map,
    pf2e_play,
    pf2e_table,
)
from regelwerk.cli.common import lang_option
from regelwerk.cli.dice import odds_command, roll_command
from regelwerk.cli.dnd5e import dnd5e
from regelwerk.cli.pf2e import pf2e
from regelwerk.cli.running import ToolGroup, run
from regelwerk.cli.shell import MANUAL_EPILOG, completion_command, manual_command
from regelwerk.cli.table import table
from regelwerk.cli.w6 import w6
from regelwerk.protocol import resolve
from regelwerk.protocol.resolve import error_response

__all__ = ["cli", "main"]


@click.group(cls=ToolGroup, context_settings={"help_option_names": ["-h", "--help"]},
             epilog=MANUAL_EPILOG)
@click.version_option(__version__, prog_name="regelwerk")
@lang_option
def cli(lang: str) -> None:
    """regelwerk: rules for W6 Proben, D&D 5e and Pathfinder 2e, with exact odds.

    Every command answers in the language of --lang, else REGELWERK_LANG, else the
    locale (de, en or is), and prints the protocol's JSON with --json.
    """


def _answer(line: str) -> dict[str, Any]:
    try:
        request = json.loads(line)
    except (json.JSONDecodeError, RecursionError) as error:
        return error_response("invalid_json", f"the line is not valid JSON: {error}")
    return resolve(request)


@cli.command("resolve")
@click.option("--file", "path", type=click.File("r", encoding="utf-8"),
              help="Read requests from this file instead of standard input.")
def resolve_command(path: IO[str] | None) -> None:
    """Answer JSON Lines requests of the rules protocol, one response line each.

    Exit status 0 when every request succeeded, 1 when any failed.
    """
    stream = path or sys.stdin
    failed = False
    for line in stream:
        if not line.strip():
            continue
        response = _answer(line)
        failed = failed or not response["ok"]
        click.echo(json.dumps(response, ensure_ascii=False))
    sys.exit(1 if failed else 0)


@cli.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535),
              help="Port to listen on.")
def serve_command(host: str, port: int) -> None:
    """Serve the rules protocol over HTTP (POST /api/v1/resolve, docs at /docs)."""
    try:
        import uvicorn

        from regelwerk.api import create_app
    except ImportError:
        raise click.ClickException(
            "the web server needs the 'web' extra: pip install 'regelwerk[web]'"
        ) from None
    uvicorn.run(create_app(), host=host, port=port)


cli.add_command(roll_command)
cli.add_command(odds_command)
cli.add_command(w6)
cli.add_command(dnd5e)
cli.add_command(pf2e)
cli.add_command(completion_command)
cli.add_command(manual_command)
cli.add_command(table)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``regelwerk`` command, in the language of ``--lang``,
    ``REGELWERK_LANG`` or the locale; see ``regelwerk.cli.running``."""
    run(cli, argv)
