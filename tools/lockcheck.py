"""Check that ``requirements.lock`` pins every dependency ``pyproject.toml`` names
(core and every extra); exit 1 with the missing names otherwise.

    python tools/lockcheck.py    # run by the Makefile before installing the lock
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _name(requirement: str) -> str:
    found = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", requirement.strip())
    return re.sub(r"[-_.]+", "-", found.group(0)).lower() if found else ""


def wanted() -> set[str]:
    """Every distribution pyproject.toml depends on, in any extra."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    names = {_name(r) for r in project.get("dependencies", [])}
    for extra in project.get("optional-dependencies", {}).values():
        names |= {_name(r) for r in extra}
    return names - {_name(project["name"])}


def pinned(lock: Path) -> set[str]:
    """Every distribution the lock file pins (``name==version``)."""
    return {_name(line) for line in lock.read_text("utf-8").splitlines()
            if "==" in line and not line.lstrip().startswith("#")}


def main() -> int:
    lock = ROOT / "requirements.lock"
    if not lock.exists():
        print("requirements.lock is missing: run 'make lock'")
        return 1
    missing = sorted(wanted() - pinned(lock))
    if missing:
        print(f"requirements.lock lacks {', '.join(missing)} (named in pyproject.toml): "
              "run 'make lock' and commit requirements.lock")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
