"""``regelwerk table``: check and replay an exported table log (JSON Lines)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import IO, Any

import click

from regelwerk.cli.common import lang_option
from regelwerk.i18n import Translator, translator
from regelwerk.table.errors import TableError
from regelwerk.table.export import event_json, parse_lines
from regelwerk.table.fair import Problem, verify
from regelwerk.table.state import apply, canonical, initial, kinds

__all__ = ["table"]


@click.group("table")
def table() -> None:
    """Exported table logs: verify the dice, replay the state."""


class _Refused(click.ClickException):
    """A refusal in the reader's language, without click's English "Error:" prefix."""

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(self.format_message(), err=True, file=file)


def _read(path: Path, t: Translator) -> list[dict[str, object]]:
    try:
        return [event_json(e) for e in parse_lines(_text(path, t), t)]
    except TableError as error:
        raise _Refused(error.to_dict(t)["message"]) from None


def _text(path: Path, t: Translator) -> str:
    """The file's text (``-``: standard input); a file that cannot be read is a wrong
    command line (status 2), with the reason in the reader's language."""
    try:
        if str(path) == "-":
            return sys.stdin.buffer.read().decode("utf-8")
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise _Refused(t("the file is not UTF-8 text: an exported log is "
                         "JSON Lines in UTF-8")) from None
    except FileNotFoundError:
        reason = t("there is no such file")
    except IsADirectoryError:
        reason = t("it is a folder, not a file")
    except PermissionError:
        reason = t("it may not be read (permissions)")
    except OSError as error:
        reason = t("it cannot be read ({error})", error=error.strerror or type(error).__name__)
    raise click.BadParameter(t("{path}: {reason}", path=str(path), reason=reason),
                             param_hint=t("FILE"))


def _problem(t: Translator, problem: Problem) -> str:
    n = problem.number
    text = {
        "other_event": t("a roll names another event's dice"),
        "not_committed": t("roll made before seed epoch {n} was committed", n=n),
        "after_reveal": t("roll made with the seed of epoch {n} after it was revealed", n=n),
        "player_seeds": t("the roll does not use the players' seeds added before it"),
        "result": t("roll {n}: the recorded result does not follow from its faces", n=n),
        "seed_mismatch": t("the revealed seed of epoch {n} does not match its commitment",
                           n=n),
        "faces": t("the faces differ from the committed dice"),
        "malformed": t("the event lacks what the check needs (a damaged log)"),
    }[problem.code]
    return t("event {sequence}: {problem}", sequence=problem.sequence, problem=text)


FILE = click.Path(dir_okay=True, allow_dash=True, path_type=Path)
"""An exported log (``-`` reads standard input); read by ``_text``, whose refusals are
in the reader's language (click's own would quote the system's English)."""


@table.command("verify")
@click.argument("path", metavar="FILE", type=FILE)
@lang_option
def verify_command(path: Path, lang: str) -> None:
    """Check every roll of an exported log against the revealed dice seeds.

    Exit status 0 when every roll checks out, 1 when any does not.
    """
    t = translator(lang)
    events = _read(path, t)
    checked, pending, problems = verify(events)
    for problem in problems:
        click.echo(_problem(t, problem))
    click.echo(t("{checked}, {pending}, {problems}", checked=t.plural(
        "{count} roll checked against revealed seeds",
        "{count} rolls checked against revealed seeds", checked, count=t.number(checked)),
        pending=t.plural("{count} roll waits for its seed to be revealed",
                         "{count} rolls wait for their seed to be revealed", pending,
                         count=t.number(pending)),
        problems=t.plural("{count} problem", "{count} problems", len(problems),
                          count=t.number(len(problems)))))
    sys.exit(1 if problems else 0)


@table.command("replay")
@click.argument("path", metavar="FILE", type=FILE)
@lang_option
def replay_command(path: Path, lang: str) -> None:
    """Replay an exported log and print the table's state as JSON."""
    t = translator(lang)
    try:
        events = parse_lines(_text(path, t), t)
    except TableError as error:
        raise _Refused(error.to_dict(t)["message"]) from None
    state = initial()
    for event in events:
        if event.kind not in kinds():
            raise _Refused(t(
                "event {sequence} has the unknown kind {kind}: the log is not a table's "
                "log, or comes from a newer version", sequence=event.sequence,
                kind=event.kind[:60]))
        try:
            apply(state, event)
        except (KeyError, ValueError, TypeError, IndexError, AttributeError):
            raise _Refused(t(
                "event {sequence} ({kind}) does not replay: its payload is not what a "
                "table writes (a damaged log?)", sequence=event.sequence,
                kind=event.kind)) from None
    for secret in ("credentials", "undo"):
        state.pop(secret, None)
    state["fair"].pop("seed", None)
    click.echo(json.dumps(json.loads(canonical(state)), indent=2, ensure_ascii=False))
