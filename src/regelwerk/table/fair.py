"""Provably fair dice: a committed server seed, players' seeds, and the check.

Per table the server draws a secret seed and publishes its SHA-256 before any
roll (``seed_committed``).  A roll in the event with sequence number ``n`` takes
its faces from ``CommittedRandomSource(seed, player_seeds, n)``.  When the game
master rotates the seed or a session ends, the seed is revealed
(``seed_revealed``) and everyone can recompute every face (``verify``).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from regelwerk.dice.random_sources import CommittedRandomSource, ScriptedRandomSource
from regelwerk.errors import RegelwerkError
from regelwerk.i18n import LANGUAGES
from regelwerk.table.rules import RecordingSource, run

__all__ = ["PROBLEMS", "Problem", "commitment", "new_seed", "source", "verify"]

SOURCE_KIND = "hmac_sha256"


def new_seed() -> str:
    """A fresh secret server seed: 32 random bytes as hex."""
    return secrets.token_hex(32)


def commitment(seed: str) -> str:
    """What the server publishes before rolling: SHA-256 of the seed's bytes, hex."""
    return hashlib.sha256(bytes.fromhex(seed)).hexdigest()


def source(seed: str, player_seeds: Iterable[str], sequence: int) -> CommittedRandomSource:
    """The dice of the event numbered ``sequence``."""
    return CommittedRandomSource(bytes.fromhex(seed), tuple(player_seeds), sequence)


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing in a log that does not check out: its event, a code and the number
    it concerns (an epoch or a roll); ``detail`` says it in English."""

    sequence: int
    code: str
    number: int = 0

    @property
    def detail(self) -> str:
        """The problem in English (the command line translates the code)."""
        return PROBLEMS[self.code].format(n=self.number)


PROBLEMS = {
    "other_event": "a roll names another event's dice",
    "not_committed": "roll made before seed epoch {n} was committed",
    "after_reveal": "roll made with the seed of epoch {n} after it was revealed",
    "player_seeds": "the roll does not use the players' seeds added before it",
    "result": "roll {n}: the recorded result does not follow from its faces",
    "seed_mismatch": "the revealed seed of epoch {n} does not match its commitment",
    "faces": "the faces differ from the committed dice",
    "malformed": "the event lacks what the check needs (a damaged log)",
}


def _faces_match(seed: str, record_source: Mapping[str, Any],
                 dice: list[list[dict[str, int]]]) -> bool:
    recorder = RecordingSource(source(seed, record_source["player_seeds"],
                                      record_source["sequence"]))
    for roll in dice:
        for die in roll:
            recorder.roll(int(die["sides"]))
    recorded = [die for roll in dice for die in roll]
    return recorder.dice == [{"sides": int(d["sides"]), "face": int(d["face"])}
                             for d in recorded]


def _result_matches(roll: Mapping[str, Any], lang: str) -> bool:
    """The rules give the recorded result again from the recorded faces."""
    request = dict(roll["request"])
    system, action = request.pop("system"), request.pop("action")
    faces = [int(d["face"]) for d in roll["dice"]]
    try:
        again = run(system, action, request, lang, ScriptedRandomSource(faces))
    except RegelwerkError:
        return False
    return json.dumps(again, sort_keys=True) == json.dumps(roll["result"], sort_keys=True)


def _check_roll(event: Mapping[str, Any], lang: str, commitments: dict[int, str],
                revealed: dict[int, str], seeds: dict[int, list[str]],
                problems: list[Problem]) -> Mapping[str, Any]:
    """The source of an event's rolls, after checking what can be checked now."""
    sequence = int(event["sequence"])
    rolls = event["payload"]["rolls"]
    first: Mapping[str, Any] = rolls[0]["source"]
    if first.get("sequence") != sequence or first.get("kind") != SOURCE_KIND \
            or any(r["source"] != first for r in rolls):
        problems.append(Problem(sequence, "other_event"))
    epoch = int(first["epoch"])
    if commitments.get(epoch) != first.get("seed_hash"):
        problems.append(Problem(sequence, "not_committed", epoch))
    if epoch in revealed:
        problems.append(Problem(sequence, "after_reveal", epoch))
    if list(first.get("player_seeds", [])) != seeds.get(epoch, []):
        problems.append(Problem(sequence, "player_seeds"))
    for number, roll in enumerate(rolls, 1):
        if not _result_matches(roll, lang):
            problems.append(Problem(sequence, "result", number))
    return first


def _hex(value: object) -> bool:
    """Whether a revealed seed is hex text, as the server writes it."""
    if not isinstance(value, str):
        return False
    try:
        bytes.fromhex(value)
    except ValueError:
        return False
    return True


def verify(events: Iterable[Mapping[str, Any]]) -> tuple[int, int, list[Problem]]:
    """Check every roll of a log: its result follows from its faces by the rules; it
    used the seed committed and not yet revealed, with every player seed added
    before it; and, once its seed is revealed, its faces are the committed dice.
    Gives ``(rolls checked against a seed, rolls whose seed is not revealed yet,
    problems)``; a revealed seed must hash to the commitment made before."""
    lang = "en"
    commitments: dict[int, str] = {}
    revealed: dict[int, str] = {}
    seeds: dict[int, list[str]] = {}
    epoch = 0
    by_event: list[tuple[int, Mapping[str, Any], list[list[dict[str, int]]]]] = []
    problems: list[Problem] = []
    for event in events:
        payload = event["payload"]
        sequence = int(event["sequence"])
        if event["kind"] == "table_created":
            lang = str(payload.get("lang", "en"))
            lang = lang if lang in LANGUAGES else "en"
        elif event["kind"] == "seed_committed":
            if not isinstance(payload.get("epoch"), int):
                problems.append(Problem(sequence, "malformed"))
                continue
            epoch = int(payload["epoch"])
            commitments[epoch] = str(payload.get("seed_hash"))
            seeds[epoch] = []
        elif event["kind"] == "player_seed_added":
            seeds.setdefault(epoch, []).append(str(payload["seed"]))
        elif event["kind"] == "seed_revealed" and not _hex(payload.get("seed")):
            problems.append(Problem(sequence, "malformed"))
            continue
        if payload.get("rolls"):
            try:
                source = _check_roll(event, lang, commitments, revealed, seeds, problems)
                by_event.append((sequence, source, [list(r["dice"]) for r in
                                                    payload["rolls"]]))
            except (KeyError, TypeError, ValueError, IndexError, AttributeError):
                problems.append(Problem(sequence, "malformed"))
        if event["kind"] == "seed_revealed":
            found_epoch = payload.get("epoch")
            revealed_epoch = found_epoch if isinstance(found_epoch, int) else -1
            seed = str(payload["seed"])
            if commitments.get(revealed_epoch) != commitment(seed):
                problems.append(Problem(sequence, "seed_mismatch", revealed_epoch))
            revealed[revealed_epoch] = seed
    checked = pending = 0
    for sequence, record_source, dice in by_event:
        found = revealed.get(int(record_source["epoch"]))
        if found is None:
            pending += len(dice)
            continue
        checked += len(dice)
        try:
            matches = _faces_match(found, record_source, dice)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            problems.append(Problem(sequence, "malformed"))
            continue
        if not matches:
            problems.append(Problem(sequence, "faces"))
    return checked, pending, problems


def same(a: str, b: str) -> bool:
    """Constant-time comparison of two hex digests."""
    return hmac.compare_digest(a.encode(), b.encode())
