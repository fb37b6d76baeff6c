"""Integer polynomials as ``{exponent: coefficient}`` dicts: the weights of exact
distributions (exponent = value).  Sums of independent values multiply
polynomials; a pool of identical dice raises one to a power.

``power`` uses J. C. P. Miller's recurrence for the coefficients of ``p(x)**n``
(a handful of small-by-big multiplications per coefficient, no squaring of huge
numbers); ``multiply`` packs both polynomials into one integer each (Kronecker
substitution) so that CPython's big-integer product does the convolution.
"""

from __future__ import annotations

__all__ = ["Poly", "add_into", "binomial", "miller_steps", "mix", "multiply", "power",
           "power_steps", "scale", "squaring_steps"]

Poly = dict[int, int]

_DIRECT = 64


def multiply(a: Poly, b: Poly) -> Poly:
    """The product (the weights of ``X + Y`` for independent ``X``, ``Y``)."""
    if len(a) * len(b) <= _DIRECT or min(len(a), len(b)) <= 4:
        out: Poly = {}
        for x, wx in a.items():
            for y, wy in b.items():
                out[x + y] = out.get(x + y, 0) + wx * wy
        return {k: out[k] for k in sorted(out) if out[k]}
    low_a, low_b = min(a), min(b)
    span_a, span_b = max(a) - low_a + 1, max(b) - low_b + 1
    bound = sum(a.values()) * sum(b.values())
    width = (bound.bit_length() + 7) // 8
    packed_a = _pack(a, low_a, span_a, width)
    packed_b = _pack(b, low_b, span_b, width)
    span = span_a + span_b - 1
    raw = (packed_a * packed_b).to_bytes(span * width, "little")
    low = low_a + low_b
    result: Poly = {}
    from_bytes = int.from_bytes
    for i in range(span):
        weight = from_bytes(raw[i * width : (i + 1) * width], "little")
        if weight:
            result[low + i] = weight
    return result


def _pack(weights: Poly, low: int, span: int, width: int) -> int:
    zero = bytes(width)
    slots = [zero] * span
    for value, weight in weights.items():
        slots[value - low] = weight.to_bytes(width, "little")
    return int.from_bytes(b"".join(slots), "little")


def miller_steps(n: int, span: int, terms: int, bits: int) -> int:
    """Steps (about 5 ns each) of ``p ** n`` by Miller's recurrence: one small-by-big
    product per coefficient and term of ``p``, the coefficients ``n * bits`` bits."""
    return (n * span + 1) * terms * (14 + (n * bits) // 60 + 1)


def squaring_steps(n: int, span: int, bits: int) -> int:
    """Steps of ``p ** n`` by repeated squaring, each product one big-integer product
    of the packed polynomials (Karatsuba: words ** 1.6) plus packing each value."""
    steps = 0
    have, base, k = 0, 1, n
    while k:
        if k & 1:
            if have:
                steps += _product_steps(have + base, span, bits)
            have += base
        k >>= 1
        if k:
            steps += _product_steps(2 * base, span, bits)
            base *= 2
    return steps


def _product_steps(power_of: int, span: int, bits: int) -> int:
    slots = power_of * span + 1
    words = slots * power_of * bits // 64 + 1
    return int(3 * words**1.6) + 200 * slots


def power_steps(n: int, span: int, terms: int, bits: int) -> tuple[int, bool]:
    """``(steps, by squaring)``: the cheaper way to ``p ** n`` and its steps, for ``p``
    of ``terms`` weights over ``span + 1`` values whose total has ``bits`` bits."""
    miller = miller_steps(n, span, terms, bits)
    if terms <= 8 or n <= 1:
        return miller, False
    squaring = squaring_steps(n, span, bits)
    return (squaring, True) if squaring < miller else (miller, False)


def power(p: Poly, n: int, upto: int | None = None) -> Poly:
    """``p ** n`` (``n >= 0``) by Miller's recurrence over the dense coefficients, or
    by repeated squaring where that is cheaper (``power_steps``: few dice of many
    faces); with ``upto``, only the exponents up to it by Miller's recurrence (each
    coefficient needs only the ones below it, so they are exact)."""
    if n == 0:
        return {0: 1}
    if len(p) == 1:
        return {k * n: v**n for k, v in p.items()}
    if n == 1 and upto is None:
        return dict(p)
    if upto is None and power_steps(n, max(p) - min(p), len(p),
                                    sum(p.values()).bit_length())[1]:
        return _squared(p, n)
    low = min(p)
    span = max(p) - low
    terms = [(j - low, w) for j, w in sorted(p.items()) if j != low]
    p0 = p[low]
    size = n * span + 1
    if upto is not None:
        size = max(0, min(size, upto - n * low + 1))
        if not size:  # every exponent is above upto
            return {}
    q = [0] * size
    q[0] = p0**n
    n1 = n + 1
    for k in range(1, size):
        acc = 0
        for j, pj in terms:
            if j > k:
                break
            acc += (j * n1 - k) * pj * q[k - j]
        q[k] = acc // (k * p0)
    base = low * n
    return {base + k: c for k, c in enumerate(q) if c}


def _squared(p: Poly, n: int) -> Poly:
    result: Poly | None = None
    base = p
    while n:
        if n & 1:
            result = base if result is None else multiply(result, base)
        n >>= 1
        if n:
            base = multiply(base, base)
    assert result is not None
    return result


def binomial(n: int, hit: int, miss: int) -> Poly:
    """Successes among ``n`` trials of weight ``hit`` against ``miss``."""
    misses = [1] * (n + 1)
    for i in range(1, n + 1):
        misses[i] = misses[i - 1] * miss
    out: Poly = {}
    hp = 1
    ways = 1  # comb(n, k), step by step
    for k in range(n + 1):
        c = ways * hp * misses[n - k]
        if c:
            out[k] = c
        hp *= hit
        ways = ways * (n - k) // (k + 1)
    return out


def scale(p: Poly, factor: int) -> Poly:
    """Every weight times ``factor``."""
    return {k: v * factor for k, v in p.items()}


def add_into(target: Poly, p: Poly, factor: int = 1) -> None:
    """``target += factor * p`` in place."""
    for k, v in p.items():
        target[k] = target.get(k, 0) + v * factor


def mix(parts: list[tuple[Poly, int]]) -> tuple[Poly, int]:
    """The mixture of sub-distributions ``(weights, denominator)`` as one
    ``(weights, denominator)`` over their least common denominator."""
    from math import lcm

    common = lcm(*(d for _, d in parts)) if parts else 1
    out: Poly = {}
    for weights, den in parts:
        add_into(out, weights, common // den)
    return {k: out[k] for k in sorted(out) if out[k]}, common
