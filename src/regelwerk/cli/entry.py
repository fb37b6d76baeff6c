"""The ``regelwerk`` command's entry point.

Ctrl-C while the command is still loading its modules ends it as Ctrl-C does
later (``regelwerk.cli.running``): "Interrupted." in the user's language on
standard error, status 130, no traceback.
"""

from __future__ import annotations

import signal
import sys

__all__ = ["main"]

INTERRUPTED = 130


def main() -> None:
    """Load the command line, then run it."""
    try:
        from regelwerk.cli.main import main as command
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C changes nothing
        sys.stderr.write(_interrupted() + "\n")
        sys.exit(INTERRUPTED)
    command()


def _interrupted() -> str:
    """"Interrupted." in the user's language (English if even that cannot load)."""
    try:
        from regelwerk.cli.common import cli_language
        from regelwerk.i18n import translator

        return translator(cli_language(sys.argv[1:]))("Interrupted.")
    except Exception:  # the message must come out whatever failed
        return "Interrupted."
