"""Running the command line as a well-behaved Unix tool: the user's language for
every word (ours and click's), quiet exit on a closed pipe (``| head``) and on
Ctrl-C, no tracebacks."""

from __future__ import annotations

import errno
import os
import sys

import click

from regelwerk.cli.click_words import speak
from regelwerk.cli.common import cli_language, localize
from regelwerk.i18n import Translator, translator

__all__ = ["INTERRUPTED", "ToolGroup", "run"]

INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT), as shells report it."""

HELP_OPTIONS = {"en": ["-h", "--help"], "de": ["-h", "--help", "--hilfe"],
                "is": ["-h", "--help", "--hjálp", "--hjalp"]}
"""The help option in each language (error hints name the longest)."""


def _silence_stdout() -> None:
    """After the reader went away, send what is left to nowhere (no second error
    when Python flushes standard output at exit)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # pragma: no cover - stdout without a file descriptor
        pass


class ToolGroup(click.Group):
    """The root group: a reader that goes away (``| head``) ends the command
    quietly with status 0 (click itself would answer 1)."""

    translator: Translator | None = None
    """The language of this run (set by ``run``), for commands loaded later."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            _silence_stdout()
            raise click.exceptions.Exit(0) from None
        except OSError as error:
            if error.errno != errno.EPIPE:
                raise
            _silence_stdout()
            raise click.exceptions.Exit(0) from None


def run(root: click.Command, argv: list[str] | None = None) -> None:
    """Run ``root`` on ``argv`` (default: the process's arguments) and exit."""
    t = translator(cli_language(argv))
    localize(root, t)
    if isinstance(root, ToolGroup):
        root.translator = t
    speak(t)
    root.context_settings["help_option_names"] = HELP_OPTIONS[t.lang]
    try:
        code = root.main(argv, prog_name="regelwerk", standalone_mode=False)
    except click.ClickException as error:
        error.show()
        code = error.exit_code
    except (click.Abort, KeyboardInterrupt):
        click.echo(t("Interrupted."), err=True)
        code = INTERRUPTED
    except BrokenPipeError:
        _silence_stdout()
        code = 0
    except OSError as error:
        if error.errno != errno.EPIPE:
            raise
        _silence_stdout()
        code = 0
    except Exception as error:  # a bug: say so without a traceback (REGELWERK_DEBUG shows it)
        if os.environ.get("REGELWERK_DEBUG"):
            raise
        click.echo(t("regelwerk could not finish this command ({kind}); please report it "
                     "with the command line (REGELWERK_DEBUG=1 shows the details)",
                     kind=type(error).__name__), err=True)
        code = 1
    sys.exit(code if isinstance(code, int) else 0)
