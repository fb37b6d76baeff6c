"""An exact discrete distribution over integers, with integer weights.

Weights are integers over a common ``denominator``; probabilities come out as
``Fraction``.  Every operation returns a new value (the type is immutable).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from math import comb, lcm

from regelwerk.budget import MAX_SUPPORT, MAX_WORK
from regelwerk.errors import LimitExceeded, Number

__all__ = ["Distribution"]

_DIRECT_LIMIT = 64
"""Below this many value pairs a convolution multiplies weights pair by pair."""


def _convolve(a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
    """The weights of ``X + Y``: by Kronecker substitution, packing each weight list
    into one integer (one fixed-width slot per value), so that CPython's big-integer
    multiplication does the convolution; small cases go pair by pair."""
    if len(a) * len(b) <= _DIRECT_LIMIT:
        direct: dict[int, int] = {}
        for x, wx in a.items():
            for y, wy in b.items():
                direct[x + y] = direct.get(x + y, 0) + wx * wy
        return dict(sorted((k, v) for k, v in direct.items() if v))
    low_a, low_b = min(a), min(b)
    span_a, span_b = max(a) - low_a + 1, max(b) - low_b + 1
    if span_a * span_b > 4 * MAX_SUPPORT * MAX_SUPPORT:
        raise LimitExceeded("distribution too large to compute exactly")
    bound = sum(a.values()) * sum(b.values())
    width = (bound.bit_length() + 7) // 8  # bytes per slot; no slot can overflow
    packed_a = _pack(a, low_a, span_a, width)
    packed_b = _pack(b, low_b, span_b, width)
    span = span_a + span_b - 1
    raw = (packed_a * packed_b).to_bytes(span * width, "little")
    low = low_a + low_b
    out: dict[int, int] = {}
    from_bytes = int.from_bytes
    for i in range(span):
        weight = from_bytes(raw[i * width : (i + 1) * width], "little")
        if weight:
            out[low + i] = weight
    return out


def _pack(weights: dict[int, int], low: int, span: int, width: int) -> int:
    zero = bytes(width)
    slots = [zero] * span
    for value, weight in weights.items():
        slots[value - low] = weight.to_bytes(width, "little")
    return int.from_bytes(b"".join(slots), "little")


class Distribution:
    """``P(value) = weight / denominator`` for each value with a positive weight."""

    __slots__ = ("_denominator", "_weights")

    def __init__(self, weights: Mapping[int, int], denominator: int | None = None) -> None:
        cleaned = {v: w for v, w in weights.items() if w}
        total = sum(cleaned.values())
        if denominator is None:
            denominator = total
        if denominator <= 0 or total > denominator or any(w < 0 for w in cleaned.values()):
            raise ValueError("weights must be non-negative and sum to at most the denominator")
        self._weights = dict(sorted(cleaned.items()))
        self._denominator = denominator

    # -- construction -----------------------------------------------------------------
    @classmethod
    def constant(cls, value: int) -> Distribution:
        """Always ``value``."""
        return cls({value: 1}, 1)

    @classmethod
    def uniform(cls, values: Iterable[int]) -> Distribution:
        """Each of ``values`` (with repetition counting twice) equally likely."""
        weights: dict[int, int] = {}
        for v in values:
            weights[v] = weights.get(v, 0) + 1
        return cls(weights)

    @classmethod
    def die(cls, sides: int) -> Distribution:
        """A fair die with faces 1 to ``sides``."""
        return cls(dict.fromkeys(range(1, sides + 1), 1), sides)

    @classmethod
    def binomial(cls, n: int, hits: int, denominator: int) -> Distribution:
        """Successes among ``n`` trials that each succeed with ``hits/denominator``."""
        misses = denominator - hits
        return cls(
            {k: comb(n, k) * hits**k * misses ** (n - k) for k in range(n + 1)},
            denominator**n,
        )

    # -- reading ----------------------------------------------------------------------
    @property
    def weights(self) -> dict[int, int]:
        """A copy of the weights by value, sorted by value."""
        return dict(self._weights)

    @property
    def denominator(self) -> int:
        """The common denominator of the weights."""
        return self._denominator

    @property
    def mass(self) -> Fraction:
        """Total probability (1 unless the distribution was cut off)."""
        return Fraction(sum(self._weights.values()), self._denominator)

    def items(self) -> list[tuple[int, Fraction]]:
        """``(value, probability)`` pairs sorted by value."""
        d = self._denominator
        return [(v, Fraction(w, d)) for v, w in self._weights.items()]

    def probability(self, value: int) -> Fraction:
        """``P(X = value)``."""
        return Fraction(self._weights.get(value, 0), self._denominator)

    def probability_where(self, test: Callable[[int], bool]) -> Fraction:
        """``P(test(X))``."""
        return Fraction(sum(w for v, w in self._weights.items() if test(v)), self._denominator)

    def at_least(self, value: int) -> Fraction:
        """``P(X >= value)``."""
        return self.probability_where(lambda v: v >= value)

    def mean(self) -> Fraction:
        """The expected value."""
        total = sum(self._weights.values())
        return Fraction(sum(v * w for v, w in self._weights.items()), total)

    def median(self) -> int:
        """The smallest value with ``P(X <= value) >= 1/2``."""
        half = sum(self._weights.values())
        running = 0
        for v, w in self._weights.items():
            running += w
            if 2 * running >= half:
                return v
        raise ValueError("empty distribution")  # pragma: no cover - never empty

    @property
    def support(self) -> tuple[int, ...]:
        """The values with a positive probability, ascending."""
        return tuple(self._weights)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Distribution):
            return NotImplemented
        return self.items() == other.items()

    def __hash__(self) -> int:
        return hash(tuple(self.items()))

    def __repr__(self) -> str:
        body = ", ".join(f"{v}: {p}" for v, p in self.items())
        return f"Distribution({{{body}}})"

    # -- combination ------------------------------------------------------------------
    def map(self, function: Callable[[int], int]) -> Distribution:
        """The distribution of ``function(X)``."""
        weights: dict[int, int] = {}
        for v, w in self._weights.items():
            key = function(v)
            weights[key] = weights.get(key, 0) + w
        return Distribution(weights, self._denominator)

    def combine(
        self, other: Distribution, function: Callable[[int, int], int]
    ) -> Distribution:
        """The distribution of ``function(X, Y)`` for independent ``X`` and ``Y``."""
        if len(self._weights) * len(other._weights) > MAX_SUPPORT * 5:
            raise LimitExceeded(
                "distribution too large to compute exactly: at most {value} value pairs may be "
                "combined", value=Number(MAX_SUPPORT * 5)
            )
        weights: dict[int, int] = {}
        for a, wa in self._weights.items():
            for b, wb in other._weights.items():
                key = function(a, b)
                weights[key] = weights.get(key, 0) + wa * wb
        return Distribution(weights, self._denominator * other._denominator)

    def __add__(self, other: Distribution) -> Distribution:
        """The distribution of ``X + Y`` for independent ``X`` and ``Y``."""
        weights = _convolve(self._weights, other._weights)
        return Distribution._trusted(weights, self._denominator * other._denominator)

    @classmethod
    def _trusted(cls, weights: dict[int, int], denominator: int) -> Distribution:
        """Build from sorted, positive weights without checking them again."""
        new = cls.__new__(cls)
        new._weights = weights
        new._denominator = denominator
        return new

    def mixed(self, other: Distribution) -> Distribution:
        """The sum of the two (sub-)distributions' probabilities, value by value."""
        common = lcm(self._denominator, other._denominator)
        f1, f2 = common // self._denominator, common // other._denominator
        weights = {v: w * f1 for v, w in self._weights.items()}
        for v, w in other._weights.items():
            weights[v] = weights.get(v, 0) + w * f2
        return Distribution(weights, common)

    def repeat(self, times: int, work: int = MAX_WORK) -> Distribution:
        """The sum of ``times`` independent copies (``times`` >= 0).

        ``work`` bounds the bits of the result's weights (values × bits per weight);
        beyond it ``LimitExceeded`` is raised before any work is done.
        """
        if times > 1:
            span = self.support[-1] - self.support[0]
            bits = times * max(1, self._denominator.bit_length())
            if (times * span + 1) * bits > work:
                raise LimitExceeded(
                    "distribution too large to compute exactly: {times} dice of this kind need "
                    "too much exact arithmetic (use fewer dice or smaller dice)",
                    times=Number(times),
                )
        result = Distribution.constant(0)
        base: Distribution = self
        while times:
            if times & 1:
                result = result + base
            times >>= 1
            if times:
                base = base + base
        return result
