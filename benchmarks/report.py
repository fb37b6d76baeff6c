"""docs/benchmarks.md is written by several benchmarks: each owns its ``## `` sections."""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["DOCUMENT", "sections", "write_document", "write_section"]

DOCUMENT = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"


def sections(text: str) -> dict[str, str]:
    """The ``## `` sections of a Markdown text by title, each with its heading."""
    parts = re.split(r"(?m)^(?=## )", text)
    return {part.splitlines()[0][3:].strip(): part for part in parts if part.startswith("## ")}


def write_section(title: str, body: str) -> None:
    """Put ``body`` under ``## title`` (replacing that section, or appended)."""
    text = DOCUMENT.read_text(encoding="utf-8") if DOCUMENT.exists() else "# Benchmarks\n"
    section = f"## {title}\n\n{body.strip()}\n\n"
    old = sections(text).get(title)
    text = text.replace(old, section) if old else text.rstrip("\n") + "\n\n" + section
    DOCUMENT.write_text(text.rstrip("\n") + "\n", encoding="utf-8")


def write_document(text: str, kept: tuple[str, ...]) -> None:
    """Write ``text`` as the whole document, keeping the sections titled ``kept``
    that other benchmarks wrote."""
    old = sections(DOCUMENT.read_text(encoding="utf-8")) if DOCUMENT.exists() else {}
    extra = "".join(old[title] for title in kept if title in old)
    DOCUMENT.write_text(text.rstrip("\n") + "\n\n" + extra if extra else text,
                        encoding="utf-8")
