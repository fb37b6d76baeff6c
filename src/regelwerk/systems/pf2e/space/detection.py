"""Wahrnehmung: what an observer's senses make of a target.

Precise senses (vision) can observe; "Mit einem Ungenauen Sinn kannst du eine Kreatur
im Normalfall spüren, sie erhält dir gegenüber allerdings den Zustand Versteckt" and
never better; a vague sense can at best make an unnoticed creature undetected.
"Wenn eine Kreatur eine andere bemerken kann, verwendet der SL immer den genauesten
Sinn, der zur Verfügung steht."  Dim light conceals unless low-light vision or
darkvision; darkness hides or keeps undetected unless darkvision (magical darkness of
rank 4 or more: greater darkvision); invisibility makes a creature undetected to
sight.  The four states are ordered observed > hidden > undetected > unnoticed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

__all__ = ["HEARING_SENSES", "STATES", "Observer", "Seen", "Situation", "detect", "targeting"]

State = Literal["observed", "hidden", "undetected", "unnoticed"]
STATES: tuple[State, ...] = ("unnoticed", "undetected", "hidden", "observed")
HEARING_SENSES = frozenset({"echolocation"})
""""Eine Kreatur mit Echoortung [...] kann Gehör als Genauen Sinn behandeln": senses that
are hearing, and so fail a deafened creature."""


@dataclass(frozen=True, slots=True)
class Observer:
    """The observer's senses: ``precise``, ``imprecise`` and ``vague`` name senses
    besides vision (precise) and hearing (imprecise), which every creature has unless
    blinded or deafened; ranges in metres are not modelled here (a sense named is in
    range)."""

    vision: bool = True
    low_light_vision: bool = False
    darkvision: bool = False
    greater_darkvision: bool = False
    hearing: bool = True
    precise: tuple[str, ...] = ()
    imprecise: tuple[str, ...] = ()
    vague: tuple[str, ...] = ()
    ranges: Mapping[str, Fraction] = field(default_factory=dict)
    """Ranges in metres of senses that have one (a sense without a range reaches any
    distance)."""


@dataclass(frozen=True, slots=True)
class Situation:
    """The target as the observer would sense it: the light where it stands (and if
    the darkness is magical, of which rank), line of sight, and the target's own
    state: invisible, hiding or sneaking with success, aware of, found by Seek,
    seen turning invisible, leaving tracks (snow) or under a net, in fog."""

    light: Literal["bright", "dim", "darkness"] = "bright"
    magical_darkness_rank: int = 0
    line_of_sight: bool = True
    invisible: bool = False
    hiding: bool = False
    sneaking: bool = False
    noticed: bool = True
    sought: bool = False
    seen_turning_invisible: bool = False
    tracks: bool = False
    netted: bool = False
    fog: bool = False
    distance: Fraction | None = None
    """Metres between observer and target (None: ranges are not checked)."""
    wind: Literal["none", "from_target", "toward_target"] = "none"
    same_surface: bool = True
    moving: bool = True
    scentless: bool = False


@dataclass(frozen=True, slots=True)
class Seen:
    """The detection state, whether concealed, and the sense that decided it."""

    state: State
    concealed: bool
    sense: str


def _sees(o: Observer, s: Situation) -> tuple[bool, bool]:
    """(vision works, the target is concealed to it)."""
    if not o.vision or not s.line_of_sight:
        return False, False
    if s.light == "darkness":
        if s.magical_darkness_rank >= 4:
            ok = o.greater_darkvision
        else:
            ok = o.darkvision or o.greater_darkvision
        return ok, s.fog
    if s.light == "dim":
        sharp = o.low_light_vision or o.darkvision or o.greater_darkvision
        return True, (not sharp) or s.fog
    return True, s.fog


def _in_range(o: Observer, s: Situation, sense: str) -> bool:
    """Whether ``sense`` reaches the target.  Scent: doubled when the wind blows from the
    target, halved downwind, nothing from a creature without a scent; tremorsense: only
    a target moving along the same surface (docs/rulings.md, "PF2e: detection")."""
    if sense.endswith("scent") and s.scentless:
        return False
    if sense.endswith("tremorsense") and not (s.same_surface and s.moving):
        return False
    limit = o.ranges.get(sense)
    if limit is None or s.distance is None:
        return True
    if sense.endswith("scent"):
        limit = limit * 2 if s.wind == "from_target" else (
            limit / 2 if s.wind == "toward_target" else limit)
    return s.distance <= limit


def _best(a: State, b: State) -> State:
    return a if STATES.index(a) >= STATES.index(b) else b


def detect(o: Observer, s: Situation) -> Seen:
    """The state the rules give, using the most precise sense available."""
    precise = [x for x in o.precise if _in_range(o, s, x)
               and (o.hearing or x not in HEARING_SENSES)]
    vague = [x for x in o.vague if _in_range(o, s, x)]
    if not s.noticed and not s.sought:
        found = vague and not s.sneaking
        return Seen("undetected" if found else "unnoticed", False, vague[0] if found else "")
    sees, concealed = _sees(o, s)
    if precise and s.line_of_sight:
        return Seen("observed", False, precise[0])
    if s.netted and sees:
        # "Ein Netz über eine Unsichtbare Kreatur zu werfen würde ihr die Zustände
        # Beobachtet und zugleich Verborgen verleihen"
        return Seen("observed", True, "vision")
    if sees and not s.invisible and not s.hiding and not s.sneaking:
        return Seen("observed", concealed, "vision")
    state: State = "undetected"
    sense = ""
    if sees and s.hiding and not s.invisible:
        state, sense = "hidden", "vision"
    elif s.invisible and sees and s.tracks:
        # footprints in the snow
        state, sense = "hidden", "vision"
    elif s.invisible and s.seen_turning_invisible and not s.sneaking:
        # "Wenn du eine Kreatur bereits beobachtest, wenn sie unsichtbar wird, beginnt sie
        # als Versteckt, da du weißt, wo sie sich befand [...] Sie kann aber dann
        # Schleichen, um Unentdeckt zu werden."
        state, sense = "hidden", "vision"
    imprecise = [name for name in ("hearing",) if o.hearing] + [
        x for x in o.imprecise if _in_range(o, s, x)]
    # an invisible creature is "automatisch Unentdeckt" to sight until it is sought
    if imprecise and not s.sneaking and not s.hiding and not s.invisible:
        state, sense = _best(state, "hidden"), sense or imprecise[0]
    if s.sought and (imprecise or sees):
        # Seek: "Dadurch erhält sie dir gegenüber den Zustand Versteckt statt Unentdeckt."
        state = _best(state, "hidden")
        sense = sense or (imprecise[0] if imprecise else "vision")
    return Seen(state, False, sense or (vague[0] if vague else ""))


@dataclass(frozen=True, slots=True)
class Targeting:
    """What targeting the creature takes: a flat check DC (or none), whether the checks
    are secret and a square must be guessed, whether it can be targeted at all, and
    whether the observer is off-guard to it."""

    flat_dc: int | None
    secret: bool
    guess_square: bool
    possible: bool
    off_guard: bool


def targeting(seen: Seen) -> Targeting:
    """Concealed: flat check DC 5; hidden: DC 11 and off-guard; undetected: guess a
    square, DC 11, rolled in secret, off-guard; unnoticed: cannot be targeted (area
    effects affect all of them normally)."""
    if seen.state == "observed":
        return Targeting(5 if seen.concealed else None, False, False, True, False)
    if seen.state == "hidden":
        return Targeting(11, False, False, True, True)
    if seen.state == "undetected":
        return Targeting(11, True, True, True, True)
    return Targeting(None, False, False, False, True)
