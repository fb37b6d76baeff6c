"""Reichweite, Wirkungsbereiche, Schuss- und Sichtlinie, Bewegung and Wahrnehmung."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from regelwerk import resolve
from regelwerk.cli.main import cli
from regelwerk.systems.pf2e.checks.modifiers import Modifier
from regelwerk.systems.pf2e.space.areas import burst, cone, emanation, line, touched_creatures
from regelwerk.systems.pf2e.space.detection import Observer, Situation, detect, targeting
from regelwerk.systems.pf2e.space.grid import BattleMap, Creature, LightSource, distance, reaches
from regelwerk.systems.pf2e.space.movement import Move, athletics, check_move, speed
from regelwerk.systems.pf2e.space.sight import has_line_of_effect, light_at

M = Fraction


def test_every_second_diagonal_counts_double() -> None:
    assert [distance(k, k) for k in range(1, 5)] == [1, 3, 4, 6]
    assert distance(4, 1) == 4


def test_the_ogre_reaches_two_squares_diagonally() -> None:
    # "Ein Oger z.B. hat einen Angriffsradius von 3 m. Im Gegensatz dazu, wie Entfernungen
    # normalerweise bestimmt werden, reicht ein Angriffsradius von 3 m auch diagonal zwei
    # Felder weit."
    ogre = Creature("ogre", (0, 0), "large", M(3))  # occupies (0..1, 0..1)
    assert reaches(ogre, Creature("a", (3, 3)))
    assert not reaches(ogre, Creature("b", (4, 3)))
    # "Angriffsradien größer als 3 m werden normal gemessen: ein Angriffsradius von 6 m
    # reicht diagonal 3 Felder weit" (docs/rulings.md, "PF2e: reach beyond 3 m")
    giant = Creature("giant", (0, 0), reach=M(6))
    assert reaches(giant, Creature("c", (3, 3)))
    assert not reaches(giant, Creature("d", (4, 4)))
    # the usual 1,50 m reach covers the adjacent squares
    assert reaches(Creature("e", (0, 0)), Creature("f", (1, 1)))


def test_fireball_burst() -> None:
    # "explodiert dieser an der Ecke eines Feldes [...] und erzeugt eine Explosion mit 6 m
    # Radius [...] und betrifft jede Kreatur, die sich innerhalb der Explosion befindet –
    # selbst wenn sie sich nur mit einem Feld ihrer Angriffsfläche darin befindet."
    area = burst((10, 10), M(6))
    assert len(area.squares) == 4 * (4 + 3 + 3 + 1)
    giant = Creature("giant", (10, 5), "large")  # only square (10, 6) lies inside
    assert giant.space & area.squares == {(10, 6)}
    battle = BattleMap(20, 20, (giant, Creature("far", (15, 15))))
    assert touched_creatures(area, battle) == ("giant",)


def test_emanation_includes_the_source_and_grows_with_size() -> None:
    # "Da die Seiten der Angriffsfläche des Zieles des Effektes als Ausgangspunkt zählen,
    # betrifft eine Ausstrahlung bei einer Großen oder größeren Kreatur insgesamt einen
    # größeren Bereich" — "Ein Ausstrahlungseffekt umfasst auch das Ziel der Ausstrahlung"
    small = emanation(Creature("a", (5, 5)), M("1.5"))
    large = emanation(Creature("b", (5, 5), "large"), M("1.5"))
    assert len(small.squares) == 9
    assert len(large.squares) == 16
    assert (5, 5) in small.squares


def test_cones() -> None:
    # "muss das erste Feld des Kegels eine Seite mit deiner Angriffsfläche teilen, falls der
    # Kegel geradeaus ausgerichtet ist, oder eine Ecke deiner Angriffsfläche berühren, falls
    # er diagonal ausgerichtet ist." — "Du kannst einen Kegel nie so ausrichten, dass er
    # einen Teil deiner Angriffsfläche beinhaltet."
    me = Creature("me", (5, 5))
    straight = cone(me, "e", M("4.5"))
    assert straight.squares == {(6, 5), (7, 4), (7, 5), (7, 6), (8, 4), (8, 5), (8, 6)}
    diagonal = cone(me, "se", M("4.5"))
    assert (6, 6) in diagonal.squares
    assert not diagonal.squares & me.space


def test_green_dragon_cone() -> None:
    # "Wenn beispielsweise ein Grüner Drache seine Odemwaffe einsetzt, atmet er einen Kegel
    # mit Giftgas aus, der seinen Ursprung am Rand eines Feldes seiner Angriffsfläche hat
    # und einen Viertelkreis mit einer Seitenlänge von 9 m betrifft." — a Large or larger
    # creature may start the cone at any square of its space
    dragon = Creature("dragon", (0, 0), "huge")
    breath = cone(dragon, "e", M(9), from_square=(2, 0))
    assert min(x for x, _ in breath.squares) == 3
    assert max(x for x, _ in breath.squares) == 8
    assert not breath.squares & dragon.space
    from regelwerk.errors import RuleError

    with pytest.raises(RuleError, match="never include"):
        cone(dragon, "w", M(9), from_square=(2, 1))


def test_lightning_bolt_line() -> None:
    # "Der Zauber Blitzstrahl z.B. ist eine Linie von 18 m Länge und 1,50 m Breite." — "Die
    # Linie betrifft jede Kreatur, deren Angriffsfläche ganz oder teilweise von ihr
    # eingenommen wird."
    caster = Creature("caster", (0, 5))
    bolt = line(caster, (M(40), M(11, 2)), M(18))
    assert bolt.squares == {(x, 5) for x in range(1, 13)}
    ogre = Creature("ogre", (12, 4), "large")
    battle = BattleMap(30, 12, (caster, ogre, Creature("beyond", (13, 5))))
    assert touched_creatures(bolt, battle, exclude=["caster"]) == ("ogre",)


def test_a_wall_stops_a_fireball_a_portcullis_does_not() -> None:
    # "Befindet sich z.B. eine massive Wand zwischen dem Ausgangspunkt eines Feuerballs und
    # einer Kreatur innerhalb des Explosionsradius, dann hält die Wand den Effekt ab" —
    # "ebenso wenig Fallgitter oder andere Barrieren, sofern sie nicht völlig
    # undurchlässig sind"
    target = Creature("behind", (12, 10))
    walled = BattleMap(20, 20, (target,), walls=frozenset({(11, 9), (11, 10), (11, 11)}))
    grated = BattleMap(20, 20, (target,), grates=frozenset({(11, 9), (11, 10), (11, 11)}))
    origin = (M(10), M(10))
    assert not has_line_of_effect(origin, target, walled)
    assert has_line_of_effect(origin, target, grated)


def test_light_sources() -> None:
    # "Für Lichtquellen wird immer ein Radius angegeben, innerhalb dessen sie Helles Licht
    # abstrahlen. Sie strahlen weiterhin Dämmerlicht in einem doppelt so großen Radius ab."
    battle = BattleMap(30, 30, ambient="darkness", lights=(LightSource((10, 10), M(6)),))
    assert light_at(battle, (14, 10))[0] == "bright"
    assert light_at(battle, (17, 10))[0] == "dim"
    assert light_at(battle, (19, 10))[0] == "darkness"


HUMAN = Observer()
ELF = Observer(low_light_vision=True)
DWARF = Observer(darkvision=True)


@pytest.mark.parametrize(("observer", "light", "state", "concealed"), [
    (HUMAN, "bright", "observed", False),
    (HUMAN, "dim", "observed", True),
    (ELF, "dim", "observed", False),
    (HUMAN, "darkness", "hidden", False),
    (DWARF, "darkness", "observed", False),
])
def test_light_and_vision(observer: Observer, light: str, state: str, concealed: bool) -> None:
    # "Kreaturen und Gegenstände in Dämmerlicht erhalten den Zustand Verborgen, sofern ein
    # Beobachter nicht Dunkelsicht oder Dämmersicht [...] hat." — "Eine Kreatur [...] in
    # Dunkelheit hat den Zustand Versteckt oder Unentdeckt, sofern ein Beobachter nicht
    # Dunkelsicht [...] hat."
    seen = detect(observer, Situation(light=light))  # type: ignore[arg-type]
    assert (seen.state, seen.concealed) == (state, concealed)


def test_magical_darkness_of_rank_4_needs_greater_darkvision() -> None:
    # "Bestimmte Arten magischer Dunkelheit, wie z.B. solche, die durch den Zauber Dunkelheit
    # auf dem 4. Grad erzeugt wird, blockieren normale Dunkelsicht."
    deep = Situation(light="darkness", magical_darkness_rank=4)
    assert detect(DWARF, deep).state == "hidden"
    assert detect(Observer(greater_darkvision=True), deep).state == "observed"


def test_imprecise_and_vague_senses() -> None:
    # "Im besten Fall kann ein Ungenauer Sinn den Zustand eine Kreatur dir gegenüber von
    # Unentdeckt auf Versteckt verbessern, nicht jedoch auf Beobachtet." — "Im besten Fall
    # kann ein Vager Sinn dafür benutzt werden, die Gegenwart einer Unbemerkten Kreatur
    # festzustellen, sodass sie dann nur noch Unentdeckt ist."
    blind = Observer(vision=False, imprecise=("tremorsense",))
    assert detect(blind, Situation()).state == "hidden"
    nose = Observer(vision=False, hearing=False, vague=("scent",))
    assert detect(nose, Situation(noticed=False)).state == "undetected"
    assert detect(Observer(vision=False, hearing=False), Situation(noticed=False)).state == \
        "unnoticed"
    # "Wenn eine Kreatur eine andere bemerken kann, verwendet der SL immer den genauesten
    # Sinn, der zur Verfügung steht."
    bat = Observer(vision=False, precise=("echolocation",))
    assert detect(bat, Situation(invisible=True)).state == "observed"


def test_invisible_creatures() -> None:
    # "ist automatisch Unentdeckt gegenüber allen Kreaturen, die sich auf Sicht als ihren
    # einzigen Genauen Sinn verlassen. [...] Du kannst die Einfache Aktion Suchen ausführen
    # [...] Dadurch hat sie dir gegenüber nur noch den Zustand Versteckt." — "Wenn du eine
    # Kreatur bereits beobachtest, wenn sie unsichtbar wird, beginnt sie als Versteckt"
    assert detect(HUMAN, Situation(invisible=True)).state == "undetected"
    assert detect(HUMAN, Situation(invisible=True, sought=True)).state == "hidden"
    assert detect(HUMAN, Situation(invisible=True, seen_turning_invisible=True)).state == "hidden"


def test_the_invisible_creature_in_the_snow_and_under_a_net() -> None:
    # "Wenn du beispielsweise eine Unsichtbare Kreatur anhand ihrer Spuren im Schnee
    # verfolgst, sorgen die Fußabdrücke dafür, dass die Kreatur nur Versteckt ist. Ein Netz
    # über eine Unsichtbare Kreatur zu werfen würde ihr die Zustände Beobachtet und zugleich
    # Verborgen verleihen"
    assert detect(HUMAN, Situation(invisible=True, tracks=True)).state == "hidden"
    netted = detect(HUMAN, Situation(invisible=True, netted=True))
    assert (netted.state, netted.concealed) == ("observed", True)


def test_the_invisible_elf_who_moved_toward_the_door() -> None:
    # "Du vermutest, dass der Elf [...] sich 4,50 m weit zu einer offenen Tür hin
    # fortbewegt hat. [...] Der SL legt verdeckt einen Angriffswurf und einen Einfachen Wurf
    # ab" — an undetected creature: guess a square, the flat check (DC 11) and the attack
    # are rolled in secret
    aim = targeting(detect(HUMAN, Situation(invisible=True, sneaking=True)))
    assert (aim.guess_square, aim.secret, aim.flat_dc, aim.off_guard) == (True, True, 11, True)


def test_targeting_flat_checks() -> None:
    # Verborgen: "einen Einfachen Wurf gegen SG 5"; Versteckt: "einen Einfachen Wurf gegen
    # SG 11" and "Auf dem Falschen Fuß"
    assert targeting(detect(HUMAN, Situation(light="dim"))).flat_dc == 5
    hidden = targeting(detect(HUMAN, Situation(hiding=True)))
    assert (hidden.flat_dc, hidden.off_guard) == (11, True)


def test_speed_penalties_stop_at_one_square() -> None:
    # "Mali können deine Bewegungsrate aber nicht unter 1,50 m reduzieren"
    assert speed(M(6), [Modifier(-10, "status")]) == M("1.5")
    assert speed(M(6), [Modifier(3, "status"), Modifier(2, "status")]) == M(9)


def test_movement_actions() -> None:
    # "Da du die Aktion Laufen nur mit deiner normalen Bewegungsrate am Boden einsetzen
    # kannst [...] Die Aktion Schritt kannst du mit diesen Bewegungsarten ebenfalls nicht
    # durchführen." — "Nach oben oder unten zu schwimmen zählt als Bewegung durch
    # Schwieriges Gelände." — "Mit dem Wind zu fliegen erlaubt dir für jeweils 1,50 m, die
    # du von deiner Bewegungsrate ausgibst, 3 m weit zu fliegen."
    speeds = {"land": M(6), "swim": M(3), "fly": M(6)}
    assert check_move([Move("stride", M(6)), Move("swim", M(3))], speeds) == []
    assert check_move([Move("swim", M(3), vertical="down")], speeds)
    assert check_move([Move("fly", M(12), wind="with")], speeds) == []
    assert check_move([Move("fly", M(6), wind="against")], speeds)
    assert check_move([Move("step", M(3))], speeds)
    assert check_move([Move("burrow", M(1))], speeds)


def test_climb_and_swim_speeds() -> None:
    # "Du musst dafür keinen Fertigkeitswurf für Athletik zum Klettern ablegen [...] Deine
    # Bewegungsrate für Klettern verleiht dir einen Situationsbonus von +4 [...] erhältst du
    # beim Klettern nicht den Zustand Auf dem Falschen Fuß."
    auto, bonus, off_guard = athletics("climb", {"climb": M(6)})
    assert (auto, bonus, off_guard) == (True, Modifier(4, "circumstance", "climb speed"), False)
    assert athletics("climb", {}) == (False, None, True)
    assert athletics("swim", {"swim": M(3)})[0]


MAP: dict[str, Any] = {
    "width": 16, "height": 12, "walls": [[9, 3], [9, 4], [9, 5], [9, 6]],
    "creatures": [{"name": "wizard", "at": [1, 5]}, {"name": "goblin", "at": [7, 4]},
                  {"name": "hobgoblin", "at": [11, 5]},
                  {"name": "ogre", "at": [3, 8], "size": "large", "reach": 3}]}


def test_protocol_area_detect_distance() -> None:
    area = resolve({"system": "pf2e", "action": "area", "map": MAP, "shape": "burst",
                    "size": 6, "corner": [9, 5]})
    assert (area["creatures"], area["blocked"]) == (["goblin"], ["hobgoblin"])
    seen = resolve({"system": "pf2e", "action": "detect", "map": MAP, "observer": "wizard",
                    "target": "goblin", "invisible": True})
    assert seen["state"] == "undetected"
    far = resolve({"system": "pf2e", "action": "distance", "map": MAP, "a": "wizard",
                   "b": "hobgoblin"})
    assert far["squares"] == 10  # adjacent creatures are 1 square (1,50 m) apart
    bad = resolve({"system": "pf2e", "action": "distance", "map": MAP, "a": "wizard",
                   "b": "dragon"})
    assert bad["error"]["code"] == "unknown_name"


def test_cli_map(tmp_path: Path) -> None:
    import json

    path = tmp_path / "map.json"
    path.write_text(json.dumps(MAP))
    svg = tmp_path / "map.svg"
    result = CliRunner().invoke(cli, ["pf2e", "map", str(path), "--burst", "9,5,6", "--svg",
                                      str(svg)])
    assert result.exit_code == 0
    assert "goblin" in result.output
    assert svg.read_text().startswith("<svg")
    detect_result = CliRunner().invoke(cli, ["pf2e", "map", str(path), "--detect", "wizard",
                                             "goblin", "--invisible"])
    assert "undetected" in detect_result.output


def test_scent_and_tremorsense_ranges() -> None:
    # "Die Reichweite wird bei der Fähigkeit angegeben und kann nur eingesetzt werden, um
    # Kreaturen zu spüren, die auch ein Aroma verbreiten. [...] aus deren Richtung der Wind
    # weht, kann der SL festlegen, dass sich die Reichweite des Geruchssinns verdoppelt
    # [...] verringern, wenn eine Kreatur sich windabgewandt befindet."
    wolf = Observer(vision=False, hearing=False, vague=("scent",), ranges={"scent": M(9)})
    unnoticed = Situation(noticed=False, distance=M(12))
    assert detect(wolf, unnoticed).state == "unnoticed"
    assert detect(wolf, Situation(noticed=False, distance=M(12), wind="from_target")).state \
        == "undetected"
    assert detect(wolf, Situation(noticed=False, distance=M(6), wind="toward_target")).state \
        == "unnoticed"
    assert detect(wolf, Situation(noticed=False, distance=M(3), scentless=True)).state \
        == "unnoticed"
    # "Der Erschütterungssinn funktioniert nur, wenn sich die spürende Kreatur auf der
    # gleichen Oberfläche befindet wie das Ziel - und auch dann nur, wenn dieses sich
    # entlang der Oberfläche bewegt"
    worm = Observer(vision=False, hearing=False, imprecise=("tremorsense",),
                    ranges={"tremorsense": M(18)})
    assert detect(worm, Situation(distance=M(9))).state == "hidden"
    assert detect(worm, Situation(distance=M(9), moving=False)).state == "undetected"
    assert detect(worm, Situation(distance=M(9), same_surface=False)).state == "undetected"
    assert detect(worm, Situation(distance=M(24))).state == "undetected"


def test_line_of_sight_and_effect_actions(tmp_path: Path) -> None:
    dark: dict[str, Any] = {**MAP, "ambient": "darkness",
                            "creatures": [*MAP["creatures"],
                                          {"name": "dwarf", "at": [1, 8],
                                           "senses": ["darkvision"]}]}
    def ask(action: str, **fields: Any) -> dict[str, Any]:
        return resolve({"system": "pf2e", "action": action, "map": dark, **fields})

    # "Dunkelheit verhindert, dass du eine Sichtlinie hast, sofern du keine Dunkelsicht
    # hast."
    assert ask("line_of_sight", source="wizard", target="goblin")["clear"] is False
    assert ask("line_of_sight", source="dwarf", target="goblin")["clear"] is True
    assert ask("line_of_effect", source="wizard", target="goblin")["clear"] is True
    assert ask("line_of_effect", source="wizard", target="hobgoblin")["clear"] is False
    hidden = resolve({"system": "pf2e", "action": "targeting", "state": "hidden"})
    assert (hidden["flat_dc"], hidden["off_guard"]) == (11, True)
    import json

    source = tmp_path / "in.json"
    source.write_text(json.dumps({**MAP, "unit": "ft",
                                  "creatures": [{"name": "ogre", "at": [0, 0],
                                                 "size": "large", "reach": 10}]}))
    saved = tmp_path / "out.json"
    result = CliRunner().invoke(cli, ["pf2e", "map", str(source), "--save", str(saved)])
    assert result.exit_code == 0
    written = json.loads(saved.read_text())
    assert written["unit"] == "m"
    assert written["creatures"][0]["reach"] == 3.0


def test_observers_in_darkness_are_blinded_but_see_lit_areas() -> None:
    lit: dict[str, Any] = {**MAP, "ambient": "darkness", "lights": [{"at": [7, 4], "radius": 3}]}
    seen = resolve({"system": "pf2e", "action": "detect", "map": lit, "observer": "wizard",
                    "target": "goblin"})
    assert seen["observer_blinded"] is True
    assert seen["state"] == "observed"  # the goblin stands in the light


def test_the_damage_type_gives_the_attack_its_trait() -> None:
    # "dann erhält der Angriff auch die entsprechende Kategorie" — a flaming rune's fire
    response = resolve({"system": "pf2e", "action": "apply_damage", "target": {},
                        "damage": [{"amount": 6, "type": "slashing", "traits": ["magical"]},
                                   {"amount": 3, "type": "fire"}]})
    assert response["attack_traits"] == ["fire", "magical", "slashing"]
