"""Every command in the README runs as written, in a copy of ``examples/``: the
Python block, and each ``$ `` line of the console blocks (through bash, so pipes
and environment variables work as a reader's shell would). ``regelwerk serve``
starts cold; the other commands' ``regelwerk`` is the warm one of
``tests/warm_cli.py`` (the same command line, its imports done once)."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.warm_cli import warm_regelwerk

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text("utf-8")
BIN = Path(sys.executable).parent


def _blocks(kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", README, flags=re.DOTALL)


COMMANDS = [line[2:] for block in _blocks("console") for line in block.splitlines()
            if line.startswith("$ ")]


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("readme")
    shutil.copytree(ROOT / "examples", path / "examples")
    return path


@pytest.fixture(scope="module")
def warm_bin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    with warm_regelwerk(tmp_path_factory.mktemp("warm")) as folder:
        yield folder


def _env(*first: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k != "REGELWERK_LANG" and not k.startswith("LC_")}
    path = os.pathsep.join([*map(str, first), str(BIN), env.get("PATH", "")])
    return {**env, "PATH": path, "LANG": "C.UTF-8"}


def test_the_readme_shows_commands_of_every_system() -> None:
    assert len(COMMANDS) >= 30
    for words in ("regelwerk roll", "regelwerk odds", "regelwerk w6", "regelwerk 5e",
                  "regelwerk pf2e", "regelwerk resolve", "regelwerk serve",
                  "regelwerk completion"):
        assert any(words in c for c in COMMANDS), words


@pytest.mark.parametrize("code", _blocks("python"))
def test_python_block_runs(code: str, workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(workdir)
    namespace: dict[str, object] = {}
    exec(compile(code, "README.md", "exec"), namespace)  # the README's own example


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(command: str, workdir: Path) -> None:
    """``regelwerk serve`` runs until stopped: start it, ask it one question, stop it."""
    port = _free_port()
    shown = re.search(r"--port (\d+)", command)
    assert shown is not None
    server = subprocess.Popen(["bash", "-c", command.replace(shown.group(0), f"--port {port}")],
                              cwd=workdir, env=_env(), stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        body = json.dumps({"system": "dice", "action": "roll", "expression": "1d6",
                           "faces": [4]}).encode()
        deadline = time.monotonic() + 90  # readiness on a loaded machine, not a timing
        while True:
            try:
                request = urllib.request.Request(f"http://127.0.0.1:{port}/api/v1/resolve",
                                                 data=body,
                                                 headers={"Content-Type": "application/json"})
                with urllib.request.urlopen(request, timeout=5) as answer:
                    assert json.loads(answer.read())["total"] == 4
                break
            except OSError:
                assert server.poll() is None, "the server stopped"
                assert time.monotonic() < deadline, "the server did not answer in 90 s"
                time.sleep(0.2)
    finally:
        os.killpg(server.pid, 15)
        server.wait(timeout=30)


def _run_as_written(command: str, workdir: Path, warm_bin: Path) -> str | None:
    """None if the command ran as written, else what went wrong."""
    if " serve" in command:
        _serve(command, workdir)
        return None
    done = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=workdir,
                          env=_env(warm_bin),
                          capture_output=True, text=True, timeout=120, check=False)
    if done.returncode != 0:
        return f"exit {done.returncode}: {done.stdout}{done.stderr}"
    if "Traceback" in done.stderr:
        return f"a traceback: {done.stderr}"
    if not (done.stdout.strip() or " > " in command):
        return "no output"
    return None


def test_every_command_runs_as_written_in_order(workdir: Path, warm_bin: Path) -> None:
    # one test, in the README's order: a command may use a file an earlier one made
    failures = {}
    for command in COMMANDS:
        problem = _run_as_written(command, workdir, warm_bin)
        if problem is not None:
            failures[command] = problem
    assert not failures, failures
