"""A command's output as lines of styled spans: written as they are to a standard
output that is no terminal (a pipe, a file: rich would add nothing there), through
rich on a terminal (colours), so that ``regelwerk roll … | cat`` starts without
loading rich.  Anything rich would change (control characters, markup or emoji
codes in a plain line) goes through rich too, so both ways print the same bytes."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Sequence
from typing import IO

__all__ = ["Line", "Span", "show", "terminal", "to_rich"]

Span = tuple[str, str]
"""A piece of text and its rich style (``""`` for none)."""

Line = Sequence[Span] | str
"""Spans shown as they are, or one string that rich reads as console markup."""

_MARKUP = re.compile(r"\[|:\S*:")
"""What rich's console reads in a string: markup tags and emoji codes."""


def terminal(file: IO[str]) -> bool:
    """Whether rich would treat ``file`` as a terminal (or might: then rich decides)."""
    if os.environ.get("TTY_COMPATIBLE", "") != "" or os.environ.get("FORCE_COLOR") is not None:
        return True
    try:
        return file.isatty()
    except ValueError:  # a closed file: rich treats it as no terminal
        return False


def _unchanged(line: Line) -> bool:
    """Whether rich would print ``line`` without styles exactly as written."""
    if isinstance(line, str):
        return line.isprintable() and _MARKUP.search(line) is None
    return all(text.isprintable() for text, _ in line)


def to_rich(line: Line) -> object:
    """``line`` as a rich renderable (a ``Text``, or the markup string)."""
    if isinstance(line, str):
        return line
    from rich.text import Text

    text = Text()
    for piece, style in line:
        text.append(piece, style=style)
    return text


def show(lines: Sequence[Line], file: IO[str] | None = None) -> None:
    """Print ``lines`` to ``file`` (standard output) as rich's console would."""
    out = sys.stdout if file is None else file
    if not terminal(out) and all(_unchanged(line) for line in lines):
        out.write("".join((line if isinstance(line, str) else "".join(t for t, _ in line))
                          + "\n" for line in lines))
        out.flush()
        return
    from regelwerk.cli.common import console

    shown = console(out)
    for line in lines:
        shown.print(to_rich(line))
