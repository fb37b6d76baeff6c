"""Numbers for people: percentages and decimals in the reader's language (Babel).

German writes ``73,66 %`` (with a no-break space), English ``73.66%`` and
Icelandic ``73,66%``; the patterns come from the CLDR data that Babel ships.
"""

from __future__ import annotations

import copy
from fractions import Fraction
from functools import lru_cache

from babel import Locale
from babel.numbers import NumberPattern, format_decimal, parse_pattern

__all__ = ["chance", "decimal", "percent"]


@lru_cache(maxsize=32)
def _percent_pattern(lang: str, digits: int) -> tuple[Locale, NumberPattern]:
    locale = Locale.parse(lang)
    # parse_pattern shares its result between calls: change a copy only.
    pattern = copy.copy(parse_pattern(locale.percent_formats[None]))
    pattern.frac_prec = (digits, digits)
    return locale, pattern


def percent(p: float | Fraction, lang: str, digits: int = 2) -> str:
    """``p`` (0 to 1) as a percentage with ``digits`` decimals: ``73,66 %``.

    A chance that is not zero never reads as ``0,00 %`` and one short of
    certainty never as ``100,00 %``: they read ``< 0,01 %`` and ``> 99,99 %``.
    """
    locale, pattern = _percent_pattern(lang, digits)
    step = Fraction(1, 100 * 10**digits)
    value = Fraction(p)
    if 0 < value < step:
        return "< " + str(pattern.apply(float(step), locale))
    if 1 - step < value < 1:
        return "> " + str(pattern.apply(float(1 - step), locale))
    return str(pattern.apply(float(value), locale))


def decimal(value: float | Fraction | int, lang: str, digits: int = 2) -> str:
    """A number with at most ``digits`` decimals in the reader's notation."""
    return format_decimal(round(float(value), digits), locale=lang)


def chance(p: float | Fraction, lang: str) -> str:
    """A chance as briefly as it is exact: ``55 %``, or ``12,35 %`` when not whole."""
    whole = abs(float(p) * 100 - round(float(p) * 100)) < 1e-9
    return percent(p, lang, digits=0 if whole else 2)
