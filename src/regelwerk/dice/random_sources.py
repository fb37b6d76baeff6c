"""Where dice faces come from: the only door for randomness into regelwerk.

``RandomSource`` is a protocol; three sources ship with the library:
``SystemRandomSource`` (secure, the default), ``SeededRandomSource`` (the same
seed gives the same faces on every run, machine and Python version) and
``ScriptedRandomSource`` (faces a player rolled with real dice); the table's
``CommittedRandomSource`` makes provably fair faces from a committed seed.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import struct
from collections.abc import Iterable
from typing import Protocol, runtime_checkable

from regelwerk.errors import FaceError

__all__ = [
    "CommittedRandomSource",
    "RandomSource",
    "ScriptedRandomSource",
    "SeededRandomSource",
    "SystemRandomSource",
]


@runtime_checkable
class RandomSource(Protocol):
    """Gives one face of a die with ``sides`` faces, from 1 to ``sides``."""

    def roll(self, sides: int) -> int:
        """One face, 1 to ``sides``."""
        ...


class SystemRandomSource:
    """Faces from the operating system's secure random generator."""

    def roll(self, sides: int) -> int:
        """One face, 1 to ``sides`` (rejection sampling, no modulo bias)."""
        bits = sides.bit_length()
        size = (bits + 7) // 8
        while True:
            value = int.from_bytes(os.urandom(size), "big") >> (size * 8 - bits)
            if value < sides:
                return value + 1


_WORDS = struct.Struct(">4Q")
_SPAN = 1 << 64


class _CounterModeSource:
    """Faces from a 256-bit digest per counter value, four 64-bit words each, with
    rejection sampling (no modulo bias); subclasses say how a block is digested."""

    __slots__ = ("_buffer", "_counter")

    def __init__(self) -> None:
        self._counter = 0
        self._buffer: list[int] = []

    def _block(self, counter: int) -> bytes:
        raise NotImplementedError

    def _next64(self) -> int:
        if not self._buffer:
            digest = self._block(self._counter)
            self._counter += 1
            # the four big-endian words, the first last (taken from the end)
            self._buffer = list(_WORDS.unpack(digest))[::-1]
        return self._buffer.pop()

    def roll(self, sides: int) -> int:
        """One face, 1 to ``sides``, without modulo bias."""
        limit = _SPAN - _SPAN % sides
        while True:
            buffer = self._buffer
            value = buffer.pop() if buffer else self._next64()
            if value < limit:
                return value % sides + 1


class SeededRandomSource(_CounterModeSource):
    """Deterministic faces from a seed: SHA-256 in counter mode with rejection
    sampling, so the faces never depend on the machine or Python version."""

    __slots__ = ("_seed",)

    def __init__(self, seed: int) -> None:
        super().__init__()
        self._seed = str(int(seed)).encode()

    def _block(self, counter: int) -> bytes:
        return hashlib.sha256(self._seed + b":" + str(counter).encode()).digest()


class ScriptedRandomSource:
    """Faces given in advance, consumed in rolling order (real dice typed in)."""

    __slots__ = ("_faces", "_position")

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = tuple(faces)
        self._position = 0

    @property
    def remaining(self) -> int:
        """How many given faces have not been used."""
        return len(self._faces) - self._position

    def roll(self, sides: int) -> int:
        """The next given face; an error if there is none or it does not fit the die."""
        if self._position >= len(self._faces):
            raise FaceError(
                "not enough faces: {count} were given, but more dice must be rolled",
                code="not_enough_faces", count=len(self._faces),
            )
        face = self._faces[self._position]
        if not 1 <= face <= sides:
            raise FaceError(
                "face {face} (number {value} of the given faces) is not on a d{sides}: allowed "
                "are 1 to {sides}",
                face=face, value=self._position + 1, sides=sides
            )
        self._position += 1
        return face


class CommittedRandomSource(_CounterModeSource):
    """Provably fair faces for one event of a table's log: HMAC-SHA256 keyed with the
    server's secret seed over the players' seeds and the event's sequence number, in
    counter mode with rejection sampling.

    The server publishes ``sha256(server_seed)`` before the first roll and reveals
    the seed later; anyone can then recompute every face (``regelwerk table verify``).
    """

    __slots__ = ("_key", "_prefix")

    VERSION = "regelwerk-fair-v1"

    def __init__(self, server_seed: bytes, player_seeds: Iterable[str], sequence: int) -> None:
        super().__init__()
        self._key = bytes(server_seed)
        seeds = "\x1f".join(player_seeds)
        self._prefix = f"{self.VERSION}\x1e{seeds}\x1e{int(sequence)}\x1e".encode()

    def _block(self, counter: int) -> bytes:
        return hmac.new(self._key, self._prefix + str(counter).encode(),
                        hashlib.sha256).digest()
