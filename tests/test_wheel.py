"""The wheel builds from the source and works outside the repository:
``pip install 'regelwerk[web]'`` from it, then ``regelwerk roll``.

Offline: the wheel is built without build isolation, and installed with
``--no-index`` into a fresh virtual environment that sees this environment's
installed dependencies (all but regelwerk itself) through a ``.pth`` file."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "REGELWERK_LANG")}
    return subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300, check=False)


def test_wheel_installs_with_the_web_extra_and_rolls(tmp_path: Path) -> None:
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "docs/protocol.md"):
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(ROOT / "src", source / "src",
                    ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    wheels = tmp_path / "wheels"
    built = _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                 "--wheel-dir", wheels, source, cwd=tmp_path)
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = wheels.glob("regelwerk-*.whl")

    venv = tmp_path / "venv"
    made = _run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    python = venv / "bin" / "python"
    # the dependencies, without regelwerk: links to this environment's packages
    deps = tmp_path / "deps"
    deps.mkdir()
    ours = Path(sysconfig.get_paths()["purelib"])
    for entry in ours.iterdir():
        if not entry.name.lower().startswith(("regelwerk", "__editable__")):
            (deps / entry.name).symlink_to(entry)
    site = _run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])",
                cwd=tmp_path).stdout.strip()
    Path(site, "deps.pth").write_text(f"{deps}\n", "utf-8")

    # --no-compile: the modules are byte-compiled on first import, as `make` installs them
    installed = _run(sys.executable, "-m", "pip", "--python", python, "install", "--no-index",
                     "--no-compile", "--find-links", wheels, "regelwerk[web]", cwd=tmp_path)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    assert wheel.name.split("-")[1] in installed.stdout

    where = _run(python, "-c", "import regelwerk, regelwerk.api; print(regelwerk.__file__)",
                 cwd=tmp_path)
    assert where.returncode == 0, where.stderr
    assert where.stdout.startswith(str(venv)), where.stdout  # the wheel, not the checkout

    rolled = _run(venv / "bin" / "regelwerk", "roll", "2d6+3", "--faces", "4,5", "--lang",
                  "de", cwd=tmp_path)
    assert rolled.returncode == 0, rolled.stdout + rolled.stderr
    assert "Summe: 12" in rolled.stdout  # the German catalogue came with the wheel
    mapped = _run(venv / "bin" / "regelwerk", "pf2e", "conditions", "--has", "frightened=2",
                  cwd=tmp_path)
    assert mapped.returncode == 0, mapped.stderr  # the data files came with the wheel
    assert (venv / "share" / "regelwerk" / "protocol.md").is_file()
