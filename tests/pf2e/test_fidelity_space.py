"""Space and senses, falling and secret checks (issue 14): each rule through the rules,
``resolve``, the command line where a command exists, and the real HTTP server."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from regelwerk.cli.main import cli
from regelwerk.systems.pf2e.checks.checks import Check, unknown_secret
from regelwerk.systems.pf2e.checks.degrees import Degree
from regelwerk.systems.pf2e.space.areas import corner_in_range, line, still_affected
from regelwerk.systems.pf2e.space.cover import cover_between, cover_modifiers
from regelwerk.systems.pf2e.space.detection import Observer, Situation, detect
from regelwerk.systems.pf2e.space.falling import fall_rounds, fallen_after, grab_an_edge
from regelwerk.systems.pf2e.space.grid import BattleMap, Creature, distance
from regelwerk.systems.pf2e.space.reactions import movement_triggers
from regelwerk.systems.pf2e.space.sight import centre
from tests.pf2e.transports import everywhere

M = Fraction


def pf2e(url: str, action: str, **fields: Any) -> dict[str, Any]:
    return everywhere(url, {"system": "pf2e", "action": action, **fields})


def test_lines_are_measured_like_movement(server: str) -> None:
    # "werden Wirkungsbereiche genauso abgemessen wie Bewegungen" — a 12 m line along the
    # diagonal covers the squares no farther than 12 m: 5, not 6
    caster = Creature("caster", (0, 0))
    diagonal = line(caster, (M(20), M(20)), M(12))
    assert sorted(diagonal.squares) == [(k, k) for k in range(1, 6)]
    # at another angle the line stops at the same measured length
    slant = line(caster, (M(21, 2), M(11, 2)), M(12))
    assert max(distance(x, y) for x, y in slant.squares) * M(3, 2) <= 12
    assert max(distance(x, y) for x, y in slant.squares) == 8
    answer = pf2e(server, "area", shape="line", source="caster", size=12, toward=[10, 10],
                  map={"width": 12, "height": 12,
                       "creatures": [{"name": "caster", "at": [0, 0]},
                                     {"name": "far", "at": [6, 6]},
                                     {"name": "near", "at": [5, 5]}]})
    assert answer["creatures"] == ["near"]


def test_a_burst_corner_must_lie_in_range(server: str, tmp_path: Path) -> None:
    # "Eine Explosion dehnt sich von einer einzelnen Ecke eines Feldes innerhalb der
    # Reichweite des Effektes in alle Richtungen aus"
    caster = Creature("caster", (0, 0))
    assert corner_in_range(caster, (5, 1), M(6))  # 4 squares east of the space
    assert not corner_in_range(caster, (6, 1), M(6))
    game = {"width": 20, "height": 20, "creatures": [{"name": "caster", "at": [0, 0]},
                                                     {"name": "orc", "at": [10, 10]}]}
    far = pf2e(server, "area", shape="burst", corner=[10, 10], size=3, range=9,
               source="caster", map=game, lang="de")
    assert far["valid"] is False
    assert far["creatures"] == []
    assert "Reichweite des Effektes" in far["text"]
    near = pf2e(server, "area", shape="burst", corner=[10, 10], size=3, range=30,
                source="caster", map=game)
    assert (near["valid"], near["creatures"]) == (True, ["orc"])
    path = tmp_path / "map.json"
    path.write_text(json.dumps(game), "utf-8")
    done = CliRunner().invoke(cli, ["pf2e", "map", str(path), "--burst", "10,10,3",
                                    "--burst-from", "caster,9", "--lang", "de"])
    assert done.exit_code == 0
    assert "Reichweite des Effektes" in done.output


def test_a_lasting_area_ends_for_a_creature_that_leaves(server: str) -> None:
    # "Verlässt eine Kreatur den Wirkungsbereich, so wirkt der Effekt nicht mehr weiter
    # auf diese Kreatur."
    assert still_affected(["a", "b"], ["b", "c"]) == (("b",), ("a",))
    answer = pf2e(server, "area", shape="burst", corner=[5, 5], size=3,
                  affected_before=["orc", "elf"],
                  map={"width": 12, "height": 12,
                       "creatures": [{"name": "orc", "at": [5, 5]},
                                     {"name": "elf", "at": [10, 10]}]})
    assert (answer["still_affected"], answer["ended_for"]) == (["orc"], ["elf"])


def test_cover_on_the_map(server: str) -> None:
    # "Wenn du dich in Deckung befindest, erhältst du einen Situationsbonus von +2 auf
    # deine RK." — areas are "nie von [...] Schwacher Deckung beeinflusst"
    battle = BattleMap(10, 10, (Creature("archer", (0, 2)), Creature("orc", (6, 2)),
                                Creature("ally", (3, 2))), walls=frozenset({(5, 3)}))
    archer, orc = battle.creature("archer"), battle.creature("orc")
    assert cover_between(battle, centre(archer), orc, exclude=("archer",)).level == "lesser"
    assert cover_modifiers("standard")["ac"].value == 2
    assert cover_modifiers("lesser", against_area=True) == {}
    assert cover_modifiers("greater")["reflex"].value == 4
    game = {"width": 10, "height": 10, "walls": [[4, 3]],
            "creatures": [{"name": "archer", "at": [0, 2]}, {"name": "orc", "at": [6, 3]}]}
    answer = pf2e(server, "cover", map=game, attacker="archer", target="orc")
    assert answer["cover"] == "standard"
    assert answer["bonuses"]["ac"] == {"value": 2, "type": "circumstance",
                                       "label": "standard cover"}
    taking = pf2e(server, "cover", map=game, attacker="archer", target="orc",
                  taking_cover=True)
    assert taking["bonuses"]["stealth"]["value"] == 4


def test_each_square_moved_through_can_trigger_reactions(server: str) -> None:
    # "kann eine Bewegungsaktion nicht nur dann eine Reaktion auslösen, wenn du sie
    # beginnst, sondern auch in jedem 1,50-m-Feld, durch das dich deine Bewegung während
    # der Aktion führt" — "Die Aktion Schritt dagegen [...] ohne Reaktionen auszulösen"
    battle = BattleMap(12, 12, (Creature("rogue", (0, 0)),
                                Creature("ogre", (4, 0), "large", M(3))))
    triggers = movement_triggers(battle, "rogue", [(1, 0), (2, 0), (3, 1)])
    assert [t.reactors for t in triggers] == [(), (), ("ogre",), ("ogre",)]
    assert movement_triggers(battle, "rogue", [(1, 0)], "step") == ()
    game = {"width": 12, "height": 12,
            "creatures": [{"name": "rogue", "at": [0, 0]},
                          {"name": "ogre", "at": [4, 0], "size": "large", "reach": 3},
                          {"name": "guard", "at": [0, 2]}]}
    answer = pf2e(server, "movement_triggers", map=game, creature="rogue",
                  path=[[1, 1], [2, 2]])
    assert [t["reactors"] for t in answer["triggers"]] == [[], ["guard"], ["ogre"]]


def test_invisible_creatures_and_deafened_echolocation(server: str) -> None:
    # "Wenn du eine Kreatur bereits beobachtest, wenn sie unsichtbar wird, beginnt sie als
    # Versteckt [...] Sie kann aber dann Schleichen, um Unentdeckt zu werden."
    seen = Situation(invisible=True, seen_turning_invisible=True)
    assert detect(Observer(), seen).state == "hidden"
    sneaking = Situation(invisible=True, seen_turning_invisible=True, sneaking=True)
    assert detect(Observer(), sneaking).state == "undetected"
    # "Eine Kreatur mit Echoortung [...] kann Gehör als Genauen Sinn behandeln" — a
    # deafened creature hears nothing, so echolocation fails
    bat = Observer(vision=False, precise=("echolocation",))
    assert detect(bat, Situation()).state == "observed"
    deaf_bat = Observer(vision=False, hearing=False, precise=("echolocation",))
    assert detect(deaf_bat, Situation()).state != "observed"
    game = {"width": 8, "height": 8,
            "creatures": [{"name": "bat", "at": [0, 0], "senses": ["echolocation"],
                           "conditions": ["blinded", "deafened"]},
                          {"name": "mouse", "at": [3, 3]}]}
    answer = pf2e(server, "detect", map=game, observer="bat", target="mouse")
    assert answer["state"] != "observed"


def test_speed_modifiers_in_the_request_unit(server: str) -> None:
    # "Bewegungsraten sind zwar keine Würfe, aber dennoch kannst du auf deine
    # Bewegungsrate Situations-, Zustands- oder Gegenstandsboni oder -mali haben."
    feet = pf2e(server, "movement", unit="ft", speeds={"land": 25},
                modifiers=[{"value": 10, "type": "status"}])
    assert feet["speeds_in_unit"]["land"] == 35
    assert feet["speeds"]["land"] == 10.5
    metres = pf2e(server, "movement", speeds={"land": 7.5},
                  modifiers=[{"value": 1.5, "type": "item"}, {"value": -3, "type": "status"}])
    assert metres["speeds"]["land"] == 6
    bad = pf2e(server, "movement", speeds={"land": 9}, modifiers=[{"value": 1.55}])
    assert bad["error"]["code"] == "invalid_value"


def test_falling_over_time_and_grabbing_an_edge(server: str) -> None:
    # "In der ersten Runde stürzt du etwa 150 m und etwa 450 m in jeder weiteren Runde" —
    # "Du kannst als Reaktion die Aktion Halt ergreifen durchführen, um den Schaden durch
    # einen Sturz zu verringern."
    assert [fall_rounds(M(d)) for d in (9, 150, 151, 600, 601)] == [1, 1, 2, 2, 3]
    assert fallen_after(2) == 600
    assert fallen_after(1, "ft") == 500
    caught = grab_an_edge(M(30), M(12), Degree.SUCCESS)
    assert (caught.stopped, caught.damage) == (True, 10)  # 12 m counted 6 m shorter
    slipped = grab_an_edge(M(30), M(12), Degree.CRITICAL_FAILURE)
    assert (slipped.stopped, slipped.damage) == (False, 50 + 20)
    no_hand = grab_an_edge(M(30), M(12), Degree.SUCCESS, free_hand=False)
    assert no_hand.stopped is False
    answer = pf2e(server, "falling_damage", distance=600)
    assert (answer["damage"], answer["rounds"]) == (750, 2)
    grabbed = pf2e(server, "falling_damage", distance=30,
                   grab_edge={"at": 12, "degree": "Kritischer Erfolg"})
    assert (grabbed["grabbed"], grabbed["damage"]) == (True, 5)  # 12 m - 9 m = 3 m


def test_secret_checks_the_player_does_not_know_about(server: str) -> None:
    # "Wenn du nicht einmal weißt, dass der SL einen Verdeckten Wurf durchführt [...],
    # dann kannst du keine Glücks- oder Unglückseffekte [...] auf den Wurf anwenden.
    # Ausnahme: Wenn du über Glücks- oder Unglückseffekte verfügst, die automatisch
    # angewendet werden, wendet der SL sie auch auf den verdeckten Wurf an."
    check, left_out = unknown_secret(Check(5, 15, fortune=True, misfortune=True),
                                     automatic_misfortune=True)
    assert (check.mode, left_out) == ("misfortune", ("fortune",))
    unaware = pf2e(server, "check", modifier=5, dc=15, fortune=True, secret=True,
                   player_knows=False, faces=[3])
    assert unaware["mode"] == "normal"
    assert unaware["left_out"] == ["fortune"]
    assert unaware["d20"] == [3]
    aware = pf2e(server, "check", modifier=5, dc=15, fortune=True, secret=True,
                 faces=[3, 17])
    assert aware["mode"] == "fortune"
    automatic = pf2e(server, "check", modifier=5, dc=15, fortune=True, secret=True,
                     player_knows=False, automatic=["fortune"], faces=[3, 17])
    assert automatic["natural"] == 17
    done = CliRunner().invoke(cli, ["pf2e", "check", "--dc", "15", "--fortune", "--secret",
                                    "--unknown-to-player", "--faces", "3", "--json"])
    assert json.loads(done.output)["left_out"] == ["fortune"]


def test_area_cover_and_bad_paths(server: str) -> None:
    # lesser cover does not count against an area: "nie von [...] Schwacher Deckung
    # beeinflusst"
    game = {"width": 10, "height": 10,
            "creatures": [{"name": "orc", "at": [6, 2]}, {"name": "goblin", "at": [4, 2]}]}
    lesser = pf2e(server, "cover", map=game, origin=[2, 3], target="orc", against_area=True)
    assert (lesser["cover"], lesser["bonuses"]) == ("lesser", {})
    bad = pf2e(server, "movement_triggers", map=game, creature="orc", path=[[8, 2]],
               lang="de")
    assert bad["error"]["code"] == "invalid_value"
    assert "Feld für Feld" in bad["error"]["message"]
