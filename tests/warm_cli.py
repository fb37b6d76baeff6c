"""A warm ``regelwerk`` for tests that run many command lines through the shell.

Each cold ``regelwerk`` start imports click, rich, pydantic and a game system again
(0.3–1 s of CPU), which the README's thirty-odd commands paid once each. Here one
process (``python -m tests.warm_cli SOCKET``) imports them once; the ``regelwerk``
that ``bin`` puts first on the PATH is a small client that hands that process its
arguments, environment, working folder and its standard input, output and error
(the descriptors themselves), and exits with the status of a child forked for the
command, which runs ``regelwerk.cli.entry.main`` exactly as the console script does.
So the shell still runs every line as written (pipes, redirections, ``$(…)``,
``VAR=… regelwerk``); only the imports are shared. The cold start itself is tested
by ``tests/test_cli_startup.py`` and ``tests/test_wheel.py``.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import select
import socket
import subprocess
import sys
import traceback
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLIENT = """#!{python} -IS
# regelwerk through the warm process of tests/warm_cli.py
import json, os, socket, sys
connection = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
connection.connect({socket!r})
request = {{"argv": sys.argv, "env": dict(os.environ), "cwd": os.getcwd()}}
socket.send_fds(connection, [json.dumps(request).encode()], [0, 1, 2])
status = connection.recv(16)
sys.exit(int(status) if status else 1)
"""


def _exit_status(error: SystemExit) -> int:
    """The status a Python process would end with after this ``SystemExit``."""
    if error.code is None:
        return 0
    if isinstance(error.code, int):
        return error.code
    print(error.code, file=sys.stderr)
    return 1


def _run_command(request: dict[str, object], status: socket.socket) -> None:
    """In the forked child: become the command the client stands for, run it, report."""
    from regelwerk.cli.entry import main

    argv, env, cwd = request["argv"], request["env"], request["cwd"]
    assert isinstance(argv, list)
    assert isinstance(env, dict)
    assert isinstance(cwd, str)
    os.chdir(cwd)
    os.environ.clear()
    os.environ.update(env)
    sys.argv = [str(a) for a in argv]
    # fresh standard streams on the client's descriptors, as a new interpreter has them
    sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False), encoding="utf-8",
                                 errors="strict")
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(io.FileIO(1, "w", closefd=False)),
                                  encoding="utf-8", errors="strict",
                                  line_buffering=os.isatty(1))
    sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False), encoding="utf-8",
                                  errors="backslashreplace", write_through=True)
    code = 0
    try:
        main()
    except SystemExit as error:
        code = _exit_status(error)
    except BaseException:
        traceback.print_exc()
        code = 1
    try:
        sys.stdout.flush()
    except OSError as error:  # what the interpreter reports when it cannot flush at exit
        sys.stderr.write(f"Exception ignored on flushing sys.stdout:\n{error!r}\n")
        code = code or 120
    status.send(str(code).encode())


def serve(path: str) -> None:
    """Import the command line, then fork a child per client until stdin closes."""
    import regelwerk.cli.main as cli_main

    for _, *modules in cli_main._LazyGroup.lazy.values():
        for module in modules:
            __import__(module)  # the systems' rules, as their first command loads them
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    listener.bind(path)
    listener.listen(16)
    print("ready", flush=True)
    children: set[int] = set()
    while True:
        readable, _, _ = select.select([listener, sys.stdin], [], [], 0.5)
        for pid in list(children):  # reaped here, so their CPU time counts for the tests
            if os.waitpid(pid, os.WNOHANG)[0]:
                children.discard(pid)
        if sys.stdin in readable and not sys.stdin.readline():
            break
        if listener not in readable:
            continue
        connection, _ = listener.accept()
        message, fds, _, _ = socket.recv_fds(connection, 1 << 20, 3)
        pid = os.fork()
        if pid == 0:
            listener.close()
            for number, fd in enumerate(fds):
                os.dup2(fd, number)
                os.close(fd)
            try:
                _run_command(json.loads(message), connection)
            finally:
                os._exit(0)
        children.add(pid)
        connection.close()
        for fd in fds:
            os.close(fd)
    for pid in children:
        os.waitpid(pid, 0)


@contextlib.contextmanager
def warm_regelwerk(folder: Path) -> Iterator[Path]:
    """A folder holding a ``regelwerk`` served by one warm process, while in use."""
    bin_folder = folder / "bin"
    bin_folder.mkdir()
    path = str(folder / "regelwerk.socket")
    client = bin_folder / "regelwerk"
    client.write_text(CLIENT.format(python=sys.executable, socket=path), "utf-8")
    client.chmod(0o755)
    process = subprocess.Popen([sys.executable, "-m", "tests.warm_cli", path], cwd=ROOT,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert process.stdin is not None
    assert process.stdout is not None
    try:
        assert process.stdout.readline().strip() == "ready", "the warm regelwerk did not start"
        yield bin_folder
    finally:
        process.stdin.close()
        process.wait(timeout=60)
        process.stdout.close()


if __name__ == "__main__":
    serve(sys.argv[1])
