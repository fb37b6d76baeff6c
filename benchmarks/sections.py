"""Write one section of docs/benchmarks.md, keeping the others."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"


def update(title: str, body: str, path: Path = DOC) -> None:
    """Replace the section ``## title`` (up to the next ``## `` heading) with ``body``,
    or add it at the end."""
    text = path.read_text("utf-8") if path.exists() else "# Benchmarks\n"
    section = f"## {title}\n\n{body.strip()}\n"
    pattern = re.compile(rf"^## {re.escape(title)}\n.*?(?=^## |\Z)", re.S | re.M)
    if pattern.search(text):
        text = pattern.sub(lambda _: section + "\n", text, count=1).rstrip() + "\n"
    else:
        text = text.rstrip() + "\n\n" + section
    path.write_text(text, "utf-8")
