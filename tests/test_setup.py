"""The set-up: the lock file pins every dependency exactly, and ``make run`` takes
HOST and PORT."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from tools.lockcheck import main as lockcheck
from tools.lockcheck import pinned, wanted

ROOT = Path(__file__).resolve().parent.parent


def test_the_lock_pins_every_dependency_of_pyproject() -> None:
    assert lockcheck() == 0
    assert wanted() <= pinned(ROOT / "requirements.lock")


def test_the_lock_holds_exact_versions_only() -> None:
    for line in (ROOT / "requirements.lock").read_text("utf-8").splitlines():
        if line and not line.startswith((" ", "#")):
            assert re.fullmatch(r"[A-Za-z0-9._-]+==[A-Za-z0-9.+!-]+", line), line


def test_make_run_takes_host_and_port() -> None:
    done = subprocess.run(["make", "-n", "run", "HOST=0.0.0.0", "PORT=8123"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert "regelwerk serve --host 0.0.0.0 --port 8123" in done.stdout


def test_the_makefile_installs_the_lock_then_the_project_without_dependencies() -> None:
    done = subprocess.run(["make", "-n", "-B", ".venv/.installed-stamp"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=False)
    steps = done.stdout.splitlines()
    lock = next(i for i, s in enumerate(steps) if "-r requirements.lock" in s)
    project = next(i for i, s in enumerate(steps) if "--no-deps" in s and "-e ." in s)
    assert lock < project
