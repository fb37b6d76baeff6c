"""Load on the table's HTTP API: many tables, each with a game master and players
on event streams, sending commands at the same time (loopback only, bounded).

    python -m benchmarks.table_load                  # 60 s on SQLite and PostgreSQL
    python -m benchmarks.table_load --seconds 10 --store sqlite

The server is ``regelwerk serve`` in its own process (on a SQLite file in a
temporary folder, or on a throwaway PostgreSQL cluster this script starts and
removes).  Every member opens its stream; once every stream has delivered its
table's set-up (250 streams replaying their history at once is a reconnection
storm, not the steady play measured here), each member sends commands at a steady
pace for the given time.  Measured: acknowledged commands per second, p50/p99
command latency (request sent to response read), and the stream delivery delay
(response read to the event arriving on each stream of the table; 0 when the
stream was first).  Checked: every stream received each event of its table
exactly once, in order, and every acknowledged command's events are in the log.
The section "Table API under load" of docs/benchmarks.md is rewritten.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from benchmarks.pg import throwaway_postgres
from benchmarks.report import write_section
from benchmarks.wire import Connection
from regelwerk.api.sse import SseParser

SECTION = "Table API under load"
PROBE_OUT: str | None = None
"""With ``--probe``: where the server's timers and the client's commands go."""
STORM = False
"""With ``--storm``: the load starts as soon as every stream is connected, while the
250 streams still replay their tables' set-up (a reconnection storm)."""


@dataclass
class Member:
    """One member of a table: the token and what their stream received."""

    table_id: str
    member_id: str
    token: str
    role: str
    character: str | None = None
    received: list[int] = field(default_factory=list)
    arrival: dict[int, float] = field(default_factory=dict)
    backlog: int = 0
    """The table's last sequence number after its set-up: the stream is caught up
    (``ready``) once it has delivered that one."""
    ready: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass
class Table:
    """A table and its members; ``acked`` maps each acknowledged command's
    last sequence number to the time its response was read."""

    table_id: str
    members: list[Member]
    acked: dict[int, float] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)
    sent: list[tuple[int, float, float]] = field(default_factory=list)
    """Each acknowledged command: its sequence number, when sent, when answered."""
    sequences: set[int] = field(default_factory=set)
    conflicts: int = 0


async def _call(connection: Connection, method: str, path: str, token: str | None = None,
                payload: Any = None, status: int = 200) -> dict[str, Any]:
    code, data = await connection.request(method, path, token, payload)
    if code != status:
        raise RuntimeError(f"{method} {path}: {code} {data}")
    result: dict[str, Any] = data
    return result


async def set_up_table(connection: Connection, number: int, players: int) -> Table:
    """A pf2e table with a game master and ``players`` players, each with a character."""
    base = "/api/v1/tables"
    gm = await _call(connection, "POST", base, payload={
        "name": f"Last {number}", "system": "pf2e", "lang": "en", "gm_name": "GM"},
        status=201)
    table_id = gm["table_id"]
    members = [Member(table_id, gm["member_id"], gm["token"], "gm")]
    for p in range(players):
        invitation = await _call(connection, "POST", f"{base}/{table_id}/invitations",
                                 gm["token"], status=201)
        joined = await _call(connection, "POST", f"{base}/{table_id}/join", payload={
            "invitation": invitation["token"], "name": f"Player {p}"}, status=201)
        members.append(Member(table_id, joined["member_id"], joined["token"], "player"))
    last = 0
    for member in members:
        result = await _call(connection, "POST", f"{base}/{table_id}/commands",
                             member.token, character_command(member))
        member.character = str(result["events"][0]["payload"]["character"]["id"])
        last = int(result["sequence"])
    for member in members:
        member.backlog = last
    return Table(table_id, members)


SHEET = {"level": 3, "perception": 9, "ac": 19, "hp": 40, "max_hp": 40,
         "saves": {"fortitude": 8, "reflex": 11, "will": 9},
         "skills": {"Arcana": 9, "Stealth": 11, "Athletics": 6}}


def character_command(member: Member) -> dict[str, Any]:
    """A player's character, or the game master's creature."""
    if member.role == "gm":
        return {"type": "add_character", "name": "Wolf", "kind": "creature", "sheet": SHEET}
    return {"type": "add_character", "name": f"Held {member.member_id}", "sheet": SHEET}


def load_command(member: Member, rng: random.Random) -> dict[str, Any]:
    """A check of the member's character against a DC; one in ten is secret."""
    return {"type": "check", "character_id": member.character,
            "statistic": rng.choice(["Arcana", "Stealth", "Athletics", "will", "perception"]),
            "dc": rng.randint(10, 25), "secret": rng.random() < 0.1}


async def follow(host: str, port: int, member: Member) -> None:
    """Read the member's stream until cancelled; note every event's arrival."""
    parser = SseParser()
    connection = Connection(host, port)
    try:
        lines = connection.lines(f"/api/v1/tables/{member.table_id}/stream", member.token)
        async for line in lines:
            message = parser.feed(line)
            if STORM and line.startswith(": connected"):
                member.ready.set()
            if message is not None and message.event == "message":
                sequence = int(json.loads(message.data)["sequence"])
                member.arrival[sequence] = time.perf_counter()
                member.received.append(sequence)
                if sequence >= member.backlog:
                    member.ready.set()
    finally:
        await connection.close()


async def send_commands(connection: Connection, table: Table, member: Member,
                        until: float, interval: float, rng: random.Random) -> None:
    """Send a command every ``interval`` seconds (with jitter) until ``until``."""
    path = f"/api/v1/tables/{table.table_id}/commands"
    await asyncio.sleep(rng.uniform(0, interval))
    while time.perf_counter() < until - 0.01:
        command = load_command(member, rng)
        started = time.perf_counter()
        code, result = await connection.request("POST", path, member.token, command)
        done = time.perf_counter()
        if code == 409:
            table.conflicts += 1
            continue
        if code != 200:
            raise RuntimeError(f"command: {code} {result}")
        table.latencies.append(done - started)
        table.acked[int(result["sequence"])] = done
        table.sent.append((int(result["sequence"]), started, done))
        table.sequences.update(int(e["sequence"]) for e in result["events"])
        pause = interval * rng.uniform(0.5, 1.5) - (done - started)
        await asyncio.sleep(max(0.0, min(pause, until - time.perf_counter())))


def percentile(values: list[float], p: float) -> float:
    """The ``p`` percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, math.ceil(p / 100 * len(ordered)) - 1))
    return ordered[index]


@dataclass
class Result:
    """One store's figures."""

    store: str
    interval: float
    seconds: float
    commands: int
    latencies: list[float]
    delays: list[float]
    conflicts: int
    problems: list[str]
    server_cpu: float
    client_cpu: float = 0.0
    stalls: list[float] = field(default_factory=list)
    """How late the client's own event loop woke from a 2 ms sleep (each above 1 ms)."""

    def row(self) -> str:
        ms = [percentile(self.latencies, 50) * 1e3, percentile(self.latencies, 99) * 1e3,
              percentile(self.delays, 99) * 1e3]
        verdict = "none" if not self.problems else f"{len(self.problems)} problems"
        return (f"| {self.store} | {self.interval:g} s | {self.commands} | "
                f"{self.commands / self.seconds:,.1f} | "
                f"{ms[0]:.1f} ms | {ms[1]:.1f} ms | {ms[2]:.1f} ms | "
                f"{self.server_cpu / max(self.commands, 1) * 1e3:.1f} ms | {self.conflicts} | "
                f"{verdict} |")


async def check(connection: Connection, table: Table) -> tuple[list[float], list[str]]:
    """Compare every stream with the log; the delivery delays of the table."""
    gm = table.members[0]
    log = await _call(connection, "GET", f"/api/v1/tables/{table.table_id}/events", gm.token)
    numbers = [int(e["sequence"]) for e in log["events"]]
    problems = []
    if numbers != list(range(1, len(numbers) + 1)):
        problems.append(f"{table.table_id}: the log has gaps or repeats")
    missing = table.sequences - set(numbers)
    if missing:
        problems.append(f"{table.table_id}: acknowledged events missing: {sorted(missing)[:5]}")
    delays = []
    for member in table.members:
        if member.received != numbers:
            problems.append(f"{table.table_id}/{member.member_id}: the stream lost or repeated "
                            f"events ({len(member.received)} received, {len(numbers)} logged)")
        for sequence, acked in table.acked.items():
            if sequence in member.arrival:
                delays.append(max(0.0, member.arrival[sequence] - acked))
    return delays, problems


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _watch_loop(stalls: list[float]) -> None:
    """Note how late a 2 ms sleep wakes: the client's own stalls, which count as
    server latency in the figures."""
    while True:
        before = time.perf_counter()
        await asyncio.sleep(0.002)
        late = time.perf_counter() - before - 0.002
        if late > 0.001:
            stalls.append(late)


async def run_load(url: str, tables: int, players: int, seconds: float,
                   interval: float, store: str, pid: int) -> Result:
    """Set up the tables, run the load, check the streams against the log."""
    rng = random.Random(1)
    host, port = url.removeprefix("http://").split(":")
    setup = Connection(host, int(port))
    made = [await set_up_table(setup, n, players) for n in range(tables)]
    streams = [asyncio.create_task(follow(host, int(port), m))
               for t in made for m in t.members]
    await asyncio.wait_for(asyncio.gather(*(m.ready.wait() for t in made
                                            for m in t.members)), 60)
    connections = {(t.table_id, m.member_id): Connection(host, int(port))
                   for t in made for m in t.members}
    stalls: list[float] = []
    watcher = asyncio.create_task(_watch_loop(stalls))
    started = time.perf_counter()
    cpu_before = cpu_seconds(pid)
    client_before = cpu_seconds(os.getpid())
    until = started + seconds
    await asyncio.gather(*(send_commands(connections[t.table_id, m.member_id], t, m, until,
                                         interval, rng) for t in made for m in t.members))
    elapsed = time.perf_counter() - started
    await asyncio.sleep(1.0)
    cpu = cpu_seconds(pid) - cpu_before  # the last events reach the streams
    client_cpu = cpu_seconds(os.getpid()) - client_before
    watcher.cancel()
    for task in streams:
        task.cancel()
    await asyncio.gather(*streams, return_exceptions=True)
    for connection in connections.values():
        await connection.close()
    delays: list[float] = []
    problems: list[str] = []
    for table in made:
        table_delays, table_problems = await check(setup, table)
        delays += table_delays
        problems += table_problems
    await setup.close()
    latencies = [x for t in made for x in t.latencies]
    if PROBE_OUT:
        Path(PROBE_OUT + ".client.json").write_text(json.dumps(
            [[t.table_id, *sent] for t in made for sent in t.sent]))
    return Result(store, interval, elapsed, len(latencies), latencies, delays,
                  sum(t.conflicts for t in made), problems, cpu, client_cpu, stalls)


@contextmanager
def server(database_url: str) -> Iterator[tuple[str, int]]:
    """``regelwerk serve`` on a free loopback port with the given store."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "REGELWERK_DATABASE_URL": database_url}
    command = [str(Path(sys.executable).parent / "regelwerk"), "serve", "--port", str(port)]
    if PROBE_OUT:  # the server with timers (benchmarks.table_probe)
        env["REGELWERK_PROBE_OUT"] = PROBE_OUT + ".server.json"
        command = [sys.executable, "-m", "benchmarks.table_probe", "--port", str(port)]
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{url}/api/v1/actions", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start: {process.stderr!r}")
            time.sleep(0.1)
        yield url, process.pid
    finally:
        process.terminate()
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def measure(store: str, interval: float, args: argparse.Namespace) -> Result:
    """Run the load against one store at one pace."""
    with tempfile.TemporaryDirectory(prefix="regelwerk-load-") as folder:
        if store == "sqlite":
            url_cm: Any = _constant(f"sqlite:///{Path(folder) / 'tables.db'}")
        else:
            url_cm = throwaway_postgres()
        with url_cm as database_url, server(database_url) as (url, pid):
            print(f"{store}: {args.tables} tables × {args.players + 1} members, a command "
                  f"every {interval:g} s each, {args.seconds:g} s …", flush=True)
            result = asyncio.run(run_load(url, args.tables, args.players, args.seconds,
                                          interval, store, pid))
    print("  " + result.row(), flush=True)
    stalls = sum(s > 0.01 for s in result.stalls)
    longest = max(result.stalls, default=0) * 1e3
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"  client: {result.client_cpu / max(result.commands, 1) * 1e3:.1f} ms CPU per "
          f"command; its event loop late by more than 10 ms {stalls} times (longest "
          f"{longest:.0f} ms); load average {load}", flush=True)
    if PROBE_OUT:
        from benchmarks.table_probe_report import explain

        print(explain(PROBE_OUT), flush=True)
    for problem in result.problems[:10]:
        print("  PROBLEM:", problem)
    return result


@contextmanager
def _constant(value: str) -> Iterator[str]:
    yield value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--interval", default="10,5",
                        help="mean seconds between two commands of one member; several "
                             "(comma-separated) run one after another")
    parser.add_argument("--store", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--no-write", action="store_true", help="leave docs/benchmarks.md")
    parser.add_argument("--storm", action="store_true",
                        help="start the load once the streams are connected, while they "
                        "still replay the set-up (implies --no-write)")
    parser.add_argument("--probe", metavar="PREFIX",
                        help="serve with timers (benchmarks.table_probe), write PREFIX.*.json "
                             "and print where the time went (implies --no-write)")
    args = parser.parse_args(argv)
    global PROBE_OUT, STORM
    PROBE_OUT = args.probe
    STORM = args.storm
    args.no_write = args.no_write or args.storm
    args.no_write = args.no_write or bool(args.probe)
    try:
        intervals = [float(part) for part in args.interval.split(",")]
    except ValueError:
        parser.error("--interval: seconds, e.g. 10 or 10,5")
    if not 0 < args.seconds <= 600 or not 0 < args.tables <= 200 or not 0 <= args.players <= 10 \
            or not all(0.1 <= i <= 60 for i in intervals):
        parser.error("bounded: seconds 0–600, tables 1–200, players 0–10, interval 0.1–60")
    stores = ["sqlite", "postgresql"] if args.store == "both" else [args.store]
    results = [measure(store, interval, args) for store in stores for interval in intervals]
    if not args.no_write:
        write_section(SECTION, report(results, args))
        print("written to docs/benchmarks.md")
    return 0 if all(not r.problems for r in results) else 1


def report(results: list[Result], args: argparse.Namespace) -> str:
    """The section's Markdown."""
    from benchmarks.__main__ import machine

    lines = [
        f"Measured by `python -m benchmarks.table_load` ({args.seconds:g} s per row): "
        f"{args.tables} tables, each with a game master and {args.players} players on "
        "their event streams; every member sends a command (a PF2e check of their "
        "character, one in ten secret) every *pace* seconds on average (0.5–1.5×, "
        f"{args.tables * (args.players + 1)} clients at once), against `regelwerk serve` "
        "in its own process on loopback. The load starts once every stream has "
        "delivered its table's set-up (`--storm` starts it while the 250 streams still "
        "replay it; `docs/api.md`, Under load, has that figure). "
        "Latency: request sent to response read. Delivery delay: response read to the "
        "event arriving on each stream of the table (0 when the stream was first). "
        "Lost or duplicated events: every stream compared with the table's log. "
        "Target: p99 latency under 50 ms on SQLite; `docs/api.md` (Under load) says "
        "where the time goes.",
        "",
        f"- date: {time.strftime('%Y-%m-%d %H:%M')}",
        f"- machine: {machine()}; load average when written "
        f"{', '.join(f'{x:.1f}' for x in os.getloadavg())} (1, 5, 15 min: the machine is "
        "shared, and the load generator runs on it too)",
        "",
        "| store | pace | commands | commands/s | p50 latency | p99 latency "
        "| p99 delivery delay | server CPU per command | 409 conflicts | lost or duplicated |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
        *(r.row() for r in results),
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
