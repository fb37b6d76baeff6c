"""Wahrnehmung pinned case by case: the whole answer (state, concealed, deciding sense)
for each sentence of the text and each ruling of docs/rulings.md ("PF2e:
detection"), and the edges of every sense's range."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from regelwerk.systems.pf2e.space.detection import Observer, Seen, Situation, detect, targeting

M = Fraction

HUMAN: dict[str, Any] = {}
ELF: dict[str, Any] = {"low_light_vision": True}
DWARF: dict[str, Any] = {"darkvision": True}
DEEP: dict[str, Any] = {"greater_darkvision": True}
BLIND: dict[str, Any] = {"vision": False}
NOTHING: dict[str, Any] = {"vision": False, "hearing": False}

CASES: list[tuple[str, dict[str, Any], dict[str, Any], tuple[str, bool, str]]] = [
    # vision in bright light observes; fog conceals ("in einer dichten Nebelbank")
    ("bright", HUMAN, {}, ("observed", False, "vision")),
    ("fog", HUMAN, {"fog": True}, ("observed", True, "vision")),
    # "Kreaturen und Gegenstände in Dämmerlicht erhalten den Zustand Verborgen, sofern ein
    # Beobachter nicht Dunkelsicht oder Dämmersicht [...] hat."
    ("dim", HUMAN, {"light": "dim"}, ("observed", True, "vision")),
    ("dim elf", ELF, {"light": "dim"}, ("observed", False, "vision")),
    ("dim dwarf", DWARF, {"light": "dim"}, ("observed", False, "vision")),
    ("dim deep", DEEP, {"light": "dim"}, ("observed", False, "vision")),
    ("dim elf fog", ELF, {"light": "dim", "fog": True}, ("observed", True, "vision")),
    # "Eine Kreatur [...] in Dunkelheit hat den Zustand Versteckt oder Unentdeckt, sofern
    # ein Beobachter nicht Dunkelsicht [...] hat": heard, so hidden
    ("dark", HUMAN, {"light": "darkness"}, ("hidden", False, "hearing")),
    ("dark elf", ELF, {"light": "darkness"}, ("hidden", False, "hearing")),
    ("dark dwarf", DWARF, {"light": "darkness"}, ("observed", False, "vision")),
    ("dark dwarf fog", DWARF, {"light": "darkness", "fog": True}, ("observed", True, "vision")),
    ("dark deep", DEEP, {"light": "darkness"}, ("observed", False, "vision")),
    # "Bestimmte Arten magischer Dunkelheit, wie z.B. solche, die durch den Zauber
    # Dunkelheit auf dem 4. Grad erzeugt wird, blockieren normale Dunkelsicht."
    ("rank 3", DWARF, {"light": "darkness", "magical_darkness_rank": 3},
     ("observed", False, "vision")),
    ("rank 4", DWARF, {"light": "darkness", "magical_darkness_rank": 4},
     ("hidden", False, "hearing")),
    ("rank 4 deep", DEEP, {"light": "darkness", "magical_darkness_rank": 4},
     ("observed", False, "vision")),
    ("rank 5 deep fog", DEEP, {"light": "darkness", "magical_darkness_rank": 5, "fog": True},
     ("observed", True, "vision")),
    # without line of sight (or blind) only hearing is left
    ("no line", HUMAN, {"line_of_sight": False}, ("hidden", False, "hearing")),
    ("blind", BLIND, {}, ("hidden", False, "hearing")),
    ("blind and deaf", NOTHING, {}, ("undetected", False, "")),
    ("blind sought", BLIND, {"sought": True}, ("hidden", False, "hearing")),
    ("blind and deaf sought", NOTHING, {"sought": True}, ("undetected", False, "")),
    # Verstecken, "um Entdeckung durch Sicht zu entgehen": hidden to sight
    ("hiding", HUMAN, {"hiding": True}, ("hidden", False, "vision")),
    ("hiding blind", BLIND, {"hiding": True}, ("undetected", False, "")),
    ("hiding sought", BLIND, {"hiding": True, "sought": True}, ("hidden", False, "hearing")),
    # Schleichen, "um zu vermeiden, dass man gehört und gesehen wird"
    ("sneaking", HUMAN, {"sneaking": True}, ("undetected", False, "")),
    ("sneaking sought", HUMAN, {"sneaking": True, "sought": True},
     ("hidden", False, "hearing")),
    # "ist automatisch Unentdeckt gegenüber allen Kreaturen, die sich auf Sicht als ihren
    # einzigen Genauen Sinn verlassen" — Suchen: "nur noch den Zustand Versteckt"
    ("invisible", HUMAN, {"invisible": True}, ("undetected", False, "")),
    ("invisible sought", HUMAN, {"invisible": True, "sought": True},
     ("hidden", False, "hearing")),
    ("invisible sought deaf", {"hearing": False}, {"invisible": True, "sought": True},
     ("hidden", False, "vision")),
    ("invisible sought in the dark, deaf", {"hearing": False},
     {"invisible": True, "sought": True, "light": "darkness"}, ("undetected", False, "")),
    # "Wenn du eine Kreatur bereits beobachtest, wenn sie unsichtbar wird, beginnt sie als
    # Versteckt [...] Sie kann aber dann Schleichen, um Unentdeckt zu werden."
    ("seen turning", HUMAN, {"invisible": True, "seen_turning_invisible": True},
     ("hidden", False, "vision")),
    ("seen turning, sneaks", HUMAN,
     {"invisible": True, "seen_turning_invisible": True, "sneaking": True},
     ("undetected", False, "")),
    # the footprints in the snow; the net: "Beobachtet und zugleich Verborgen"
    ("tracks", HUMAN, {"invisible": True, "tracks": True}, ("hidden", False, "vision")),
    ("tracks in the dark", HUMAN, {"invisible": True, "tracks": True, "light": "darkness"},
     ("undetected", False, "")),
    ("netted", HUMAN, {"invisible": True, "netted": True}, ("observed", True, "vision")),
    ("netted visible", HUMAN, {"netted": True}, ("observed", True, "vision")),
    ("netted in the dark", HUMAN, {"invisible": True, "netted": True, "light": "darkness"},
     ("undetected", False, "")),
    # "Andere Genaue Sinne als Sicht können den Zustand Unsichtbar ignorieren" — unless
    # the target Sneaks ("verwendet Schleichen"); a precise sense needs the line
    ("precise", {"vision": False, "precise": ("tremorsense",)}, {"invisible": True},
     ("observed", False, "tremorsense")),
    ("precise hiding", {"vision": False, "precise": ("tremorsense",)}, {"hiding": True},
     ("observed", False, "tremorsense")),
    ("precise sneaking", {"vision": False, "precise": ("tremorsense",)}, {"sneaking": True},
     ("undetected", False, "")),
    ("precise no line", {"vision": False, "precise": ("tremorsense",)},
     {"line_of_sight": False}, ("hidden", False, "hearing")),
    ("two precise", {"precise": ("blindsight", "tremorsense")}, {"light": "darkness"},
     ("observed", False, "blindsight")),
    # "Eine Kreatur mit Echoortung [...] kann Gehör als Genauen Sinn behandeln": deafened,
    # it has none
    ("echolocation", {"vision": False, "precise": ("echolocation",)}, {"invisible": True},
     ("observed", False, "echolocation")),
    ("echolocation deaf", {"vision": False, "hearing": False, "precise": ("echolocation",)},
     {"invisible": True}, ("undetected", False, "")),
    ("precise deaf", {"vision": False, "hearing": False, "precise": ("blindsight",)},
     {}, ("observed", False, "blindsight")),
    # "Im besten Fall kann ein Ungenauer Sinn den Zustand [...] von Unentdeckt auf
    # Versteckt verbessern, nicht jedoch auf Beobachtet."
    ("imprecise", {"vision": False, "hearing": False, "imprecise": ("tremorsense",)}, {},
     ("hidden", False, "tremorsense")),
    ("imprecise after hearing", {"vision": False, "imprecise": ("tremorsense",)}, {},
     ("hidden", False, "hearing")),
    # "Im besten Fall kann ein Vager Sinn dafür benutzt werden, die Gegenwart einer
    # Unbemerkten Kreatur festzustellen, sodass sie dann nur noch Unentdeckt ist."
    ("unnoticed", HUMAN, {"noticed": False}, ("unnoticed", False, "")),
    ("unnoticed, smelled", {"vague": ("scent", "heartbeat")}, {"noticed": False},
     ("undetected", False, "scent")),
    ("unnoticed, sneaking", {"vague": ("scent",)}, {"noticed": False, "sneaking": True},
     ("unnoticed", False, "")),
    ("unnoticed, sought", HUMAN, {"noticed": False, "sought": True},
     ("observed", False, "vision")),
    ("vague only", {"vision": False, "hearing": False, "vague": ("scent",)}, {},
     ("undetected", False, "scent")),
    ("vague, sneaking", {"vision": False, "hearing": False, "vague": ("scent",)},
     {"sneaking": True}, ("undetected", False, "scent")),
    # of several senses of a kind, the first named decides
    ("two vague", {"vision": False, "hearing": False, "vague": ("scent", "heartbeat")}, {},
     ("undetected", False, "scent")),
    ("two imprecise, sought", {"vision": False, "hearing": False,
                               "imprecise": ("lifesense", "tremorsense")},
     {"sneaking": True, "sought": True}, ("hidden", False, "lifesense")),
]


@pytest.mark.parametrize(("observer", "situation", "expected"),
                         [pytest.param(o, s, e, id=name) for name, o, s, e in CASES])
def test_detection_case_by_case(observer: dict[str, Any], situation: dict[str, Any],
                                expected: tuple[str, bool, str]) -> None:
    assert detect(Observer(**observer), Situation(**situation)) == Seen(*expected)  # type: ignore[arg-type]


WOLF = Observer(vision=False, hearing=False, vague=("scent",), ranges={"scent": M(9)})


# "Die Reichweite wird bei der Fähigkeit angegeben und kann nur eingesetzt werden, um
# Kreaturen zu spüren, die auch ein Aroma verbreiten. [...] aus deren Richtung der Wind
# weht, kann der SL festlegen, dass sich die Reichweite des Geruchssinns verdoppelt
# [...] verringern, wenn eine Kreatur sich windabgewandt befindet."
@pytest.mark.parametrize(("distance", "wind", "smelled"), [
    (M(9), "none", True), (M(9) + M(1, 100), "none", False),
    (M(18), "from_target", True), (M(18) + M(1, 100), "from_target", False),
    (M(9, 2), "toward_target", True), (M(9, 2) + M(1, 100), "toward_target", False),
    (M(0), "none", True)])
def test_scent_range_at_its_edge(distance: Fraction, wind: str, smelled: bool) -> None:
    seen = detect(WOLF, Situation(noticed=False, distance=distance, wind=wind))  # type: ignore[arg-type]
    assert seen == (Seen("undetected", False, "scent") if smelled
                    else Seen("unnoticed", False, ""))


def test_scent_names_and_ranges() -> None:
    # a sense named "...scent" is scent; without a range it reaches any distance, and a
    # situation without a distance checks no range
    keen = Observer(vision=False, hearing=False, vague=("keen_scent",),
                    ranges={"keen_scent": M(3)})
    assert detect(keen, Situation(noticed=False, distance=M(6), wind="from_target")) == \
        Seen("undetected", False, "keen_scent")
    assert detect(keen, Situation(noticed=False, distance=M(601, 100),
                                  wind="from_target")) == Seen("unnoticed", False, "")
    assert detect(keen, Situation(noticed=False, distance=M(6), scentless=True)) == \
        Seen("unnoticed", False, "")
    assert detect(keen, Situation(noticed=False)) == Seen("undetected", False, "keen_scent")
    unlimited = Observer(vision=False, hearing=False, vague=("scent",))
    assert detect(unlimited, Situation(noticed=False, distance=M(900))).state == "undetected"
    assert detect(unlimited, Situation(noticed=False, scentless=True)).state == "unnoticed"
    # the wind changes scent only, not tremorsense
    worm = Observer(vision=False, hearing=False, imprecise=("tremorsense",),
                    ranges={"tremorsense": M(9)})
    assert detect(worm, Situation(distance=M(12), wind="from_target")) == \
        Seen("undetected", False, "")
    assert detect(worm, Situation(distance=M(9), wind="toward_target")) == \
        Seen("hidden", False, "tremorsense")


# "Der Erschütterungssinn funktioniert nur, wenn sich die spürende Kreatur auf der
# gleichen Oberfläche befindet wie das Ziel - und auch dann nur, wenn dieses sich
# entlang der Oberfläche bewegt"
@pytest.mark.parametrize(("same_surface", "moving", "felt"), [
    (True, True, True), (True, False, False), (False, True, False), (False, False, False)])
def test_tremorsense_needs_the_same_surface_and_movement(same_surface: bool, moving: bool,
                                                         felt: bool) -> None:
    worm = Observer(vision=False, hearing=False, precise=("tremorsense",),
                    ranges={"tremorsense": M(9)})
    seen = detect(worm, Situation(same_surface=same_surface, moving=moving, distance=M(9)))
    assert seen == (Seen("observed", False, "tremorsense") if felt
                    else Seen("undetected", False, ""))
    # a scent sense is not held back by a target that stands still
    nose = Observer(vision=False, hearing=False, vague=("scent",))
    assert detect(nose, Situation(noticed=False, same_surface=same_surface,
                                  moving=moving)).state == "undetected"


# Verborgen: "einen Einfachen Wurf gegen SG 5"; Versteckt: "SG 11" and "Auf dem Falschen
# Fuß"; Unentdeckt: a guessed square, "sowohl der Einfache Wurf als auch der Angriff
# werden vom SL verdeckt abgelegt"; Unbemerkt: no target
@pytest.mark.parametrize(("seen", "expected"), [
    (Seen("observed", False, "vision"), (None, False, False, True, False)),
    (Seen("observed", True, "vision"), (5, False, False, True, False)),
    (Seen("hidden", False, "hearing"), (11, False, False, True, True)),
    (Seen("undetected", False, ""), (11, True, True, True, True)),
    (Seen("unnoticed", False, ""), (None, False, False, False, True))])
def test_targeting_each_state(seen: Seen, expected: tuple[object, ...]) -> None:
    aim = targeting(seen)
    assert (aim.flat_dc, aim.secret, aim.guess_square, aim.possible, aim.off_guard) == expected
