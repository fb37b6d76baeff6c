"""What ``table_load --probe`` found: where the slowest commands' time went.

Joins the server's timers (``benchmarks.table_probe``) with the client's own
record of each command by (table, sequence number) and prints, for the median
command and for the slowest 1 %, the mean of each part, and which pauses (a
garbage collection, a stall of the server's or the client's event loop, a slow
commit) overlapped the slow ones.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

PARTS = ("before_app", "pool_busy", "pool_wait", "table_lock", "decide", "writer_lock", "commit",
         "append", "in_thread", "hop_back", "announce", "json", "in_app", "after_app")


def _percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]


def _overlaps(spans: list[tuple[float, float]], start: float, end: float) -> float:
    """Seconds of ``spans`` (start, duration) inside [start, end]."""
    return sum(max(0.0, min(end, s + d) - max(start, s)) for s, d in spans)


def explain(prefix: str) -> str:
    """The breakdown as text."""
    server = json.loads(Path(prefix + ".server.json").read_text())
    client = json.loads(Path(prefix + ".client.json").read_text())
    records = {(r["table"], r["sequence"]): r for r in server["commands"] if "table" in r}
    joined: list[dict[str, Any]] = []
    for table_id, sequence, sent, done in client:
        record = records.get((table_id, sequence))
        if record is None or "answered" not in record:
            continue
        row = {key: record.get(key, 0.0) for key in PARTS}
        row.update(latency=done - sent, sent=sent, done=done,
                   before_app=record["arrived"] - sent,
                   in_app=record["answered"] - record["arrived"],
                   after_app=done - record["answered"])
        joined.append(row)
    if not joined:
        return "  probe: no command joined"
    joined.sort(key=lambda r: r["latency"])
    tail = joined[-max(1, len(joined) // 100):]
    middle = joined[len(joined) // 2 - 5: len(joined) // 2 + 5] or joined
    gcs = [(g[0], g[1]) for g in server["gcs"] if g[2] == 2]
    young = [(g[0], g[1]) for g in server["gcs"] if g[2] < 2]
    full = [g for g in server["gcs"] if g[2] == 2]
    stalls = [(t - late, late) for t, late in server["stalls"]]
    slow_commits = [(s, d) for s, d, _, _ in server["commits"] if d > 0.01]
    lines = [f"  probe: {len(joined)} commands joined; mean ms of each part "
             f"(median 10 | slowest {len(tail)}):"]
    for key in ("latency", *PARTS):
        scale = 1.0 if key == "pool_busy" else 1e3  # threads of the pool, not ms
        mid = sum(r[key] for r in middle) / len(middle) * scale
        slow = sum(r[key] for r in tail) / len(tail) * scale
        lines.append(f"    {key:12} {mid:8.2f} | {slow:8.2f}")
    overlap = {name: sum(_overlaps(spans, r["sent"], r["done"]) for r in tail) / len(tail)
               * 1e3 for name, spans in (("gen-2 gc", gcs), ("gen-0/1 gc", young),
                                         ("server loop stall", stalls),
                                         ("commits > 10 ms", slow_commits))}
    lines.append("    slowest: mean ms overlapped by " + ", ".join(
        f"{name} {ms:.1f}" for name, ms in overlap.items()))
    durations = sorted(d for _, d in gcs)
    lines.append(f"  gc: {len(gcs)} gen-2 collections (longest "
                 f"{max(durations, default=0) * 1e3:.0f} ms, together "
                 f"{sum(durations) * 1e3:.0f} ms; objects in generation 2 "
                 f"{', '.join(f'{g[4]:,}' for g in full)}; CPU ms "
                 f"{', '.join(f'{g[5] * 1e3:.0f}' for g in full)}); "
                 f"{len(young)} young ones (longest "
                 f"{max((d for _, d in young), default=0) * 1e3:.1f} ms)")
    heap = server.get("heap", {})
    lines.append(f"  heap at the end: {heap.get('tracked', 0):,} objects tracked by the "
                 f"collector, {heap.get('frozen', 0):,} frozen; a full collection then took "
                 f"{heap.get('full_collection_ms', 0):.0f} ms")
    late = sorted(d for _, d in stalls)
    lines.append(f"  server loop: {sum(d > 0.01 for d in late)} stalls over 10 ms (longest "
                 f"{max(late, default=0) * 1e3:.0f} ms, p99 of the stalls over 1 ms "
                 f"{_percentile(late, 99) * 1e3:.1f} ms)")
    commits = [d for _, d, _, _ in server["commits"]]
    batches = [b for _, _, b, _ in server["commits"]]
    lines.append(f"  commits: {len(commits)}, p50 {_percentile(commits, 50) * 1e3:.1f} ms, "
                 f"p99 {_percentile(commits, 99) * 1e3:.1f} ms, longest "
                 f"{max(commits, default=0) * 1e3:.0f} ms, over 10 ms {len(slow_commits)}; "
                 f"batch mean {sum(batches) / max(len(batches), 1):.2f}, "
                 f"largest {max(batches, default=0)}")
    checkpoints = server.get("checkpoints", [])
    if checkpoints:
        took = sorted(d for _, d, _ in checkpoints)
        lines.append(f"  checkpoints: {len(took)}, p50 {_percentile(took, 50) * 1e3:.1f} ms, "
                     f"longest {took[-1] * 1e3:.0f} ms, most frames copied at once "
                     f"{max((c[2][2] for c in checkpoints if len(c[2]) == 3), default=0)}")
    work = server["stream_work"]
    lines.append(f"  streams on the loop: events_at_hand {work[0]:.2f} s, frames "
                 f"{work[1]:.2f} s, announce {work[2]:.2f} s")
    return "\n".join(lines)


if __name__ == "__main__":
    import sys

    print(explain(sys.argv[1]))
