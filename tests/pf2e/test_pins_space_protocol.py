"""The battle map's protocol pinned through ``resolve``: whole answers of movement,
distance, reach, areas, detection, cover, triggers and falls, and the map's JSON
form (senses, conditions, units, names, edges)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from regelwerk import resolve
from regelwerk.errors import RequestError
from regelwerk.systems.pf2e.space.grid import BattleMap, Creature, LightSource
from regelwerk.systems.pf2e.space.map_model import (
    MapFields,
    map_condition,
    map_json,
    metres,
    sense,
)

M = Fraction


def pf2e(action: str, **fields: Any) -> dict[str, Any]:
    return resolve({"system": "pf2e", "action": action, **fields})


# --- movement ----------------------------------------------------------------------

def test_movement_in_feet_with_every_problem() -> None:
    # "Mali können deine Bewegungsrate aber nicht unter 1,50 m reduzieren": 25 ft − 30 ft
    # stops at 5 ft; the swim speed of 10 ft − 30 ft too
    answer = pf2e("movement", unit="ft", speeds={"land": 25, "swim": 10},
                  modifiers=[{"value": -30, "type": "status"}],
                  moves=[{"action": "stride", "distance": 5},
                         {"action": "stride", "distance": 10, "terrain": "difficult"},
                         {"action": "step", "distance": 10},
                         {"action": "fly", "distance": 5}])
    assert answer["speeds"] == {"land": 1.5, "swim": 1.5}
    assert answer["speeds_in_unit"] == {"land": 5, "swim": 5}
    assert answer["unit"] == "ft"
    assert answer["valid"] is False
    assert answer["problems"] == [
        {"move": 1, "code": "too_far",
         "text": "move 2 (Stride): 10 ft cost 20 ft of a speed of 5 ft"},
        {"move": 2, "code": "step",
         "text": "move 3 (Step): a Step moves only 1,50 m and never into difficult terrain"},
        {"move": 3, "code": "no_speed",
         "text": "move 4 (Fly): no speed for this kind of movement"}]
    assert answer["text"] == "; ".join(p["text"] for p in answer["problems"])
    assert answer["athletics"] == {
        "climb": {"automatic_success": False, "bonus": 0, "off_guard": True},
        "swim": {"automatic_success": True, "bonus": 4, "off_guard": False}}


def test_movement_in_metres_in_german() -> None:
    answer = pf2e("movement", lang="de", speeds={"land": 7.5, "climb": 4.5},
                  modifiers=[{"value": 1.5, "type": "item"}],
                  moves=[{"action": "climb", "distance": 4.5},
                         {"action": "burrow", "distance": 1.5},
                         {"action": "stride", "distance": 10.5}])
    assert answer["speeds"] == {"land": 9, "climb": 6}
    assert answer["speeds_in_unit"] == {"land": 9, "climb": 6}
    assert [p["text"] for p in answer["problems"]] == [
        "Bewegung 2 (Graben): keine Bewegungsrate für diese Bewegungsart",
        "Bewegung 3 (Laufen): 10,5 m kosten 10,5 m bei einer Bewegungsrate von 9 m"]
    assert answer["athletics"]["climb"] == {"automatic_success": True, "bonus": 4,
                                            "off_guard": False}
    fits = pf2e("movement", lang="de", speeds={"land": 6},
                moves=[{"action": "swim", "distance": 3, "vertical": "up"}])
    assert fits["problems"][0]["text"] == \
        "Bewegung 1 (Schwimmen): keine Bewegungsrate für diese Bewegungsart"
    ok = pf2e("movement", speeds={"land": 6}, moves=[{"action": "stride", "distance": 6}])
    assert (ok["valid"], ok["problems"], ok["text"]) == (True, [], "Movement fits the speeds")


@pytest.mark.parametrize(("value", "fine"), [(1.5, True), (-0.1, True), (2, True),
                                             (1.55, False), (0.05, False)])
def test_speed_modifiers_to_a_tenth(value: float, fine: bool) -> None:
    answer = pf2e("movement", speeds={"land": 9}, modifiers=[{"value": value}])
    if fine:
        assert answer["speeds"]["land"] == float(M(9) + M(str(value)))
    else:
        assert answer["error"]["code"] == "invalid_value"
        assert "a tenth of the unit" in answer["error"]["message"]


# --- distance, reach -----------------------------------------------------------------

GAME: dict[str, Any] = {
    "width": 12, "height": 10, "walls": [[5, 0], [5, 1], [5, 2]],
    "creatures": [{"name": "wizard", "at": [1, 1]}, {"name": "ogre", "at": [3, 4],
                                                     "size": "large", "reach": 3},
                  {"name": "orc", "at": [7, 1]}, {"name": "rat", "at": [3, 7],
                                                  "size": "tiny"}]}


def test_distance_in_squares_metres_and_feet() -> None:
    far = pf2e("distance", map=GAME, a="wizard", b="orc")
    # squares (1, 1) and (7, 1): 6 squares along x (adjacent spaces are 1 apart)
    assert far == {"ok": True, "squares": 6, "metres": 9.0, "feet": 30, "reaches": False,
                   "text": "wizard to orc: 9 m"}
    # from the ogre's space (3..4, 4..5) to the wizard's (1, 1): 2 along x, 3 along y:
    # two diagonals (1 + 2) and one straight, 4 squares, 6 m: beyond 3 m of reach
    apart = pf2e("distance", map=GAME, a="ogre", b="wizard", lang="de")
    assert apart == {"ok": True, "squares": 4, "metres": 6.0, "feet": 20, "reaches": False,
                     "text": "ogre bis wizard: 6 m"}
    near = pf2e("distance", map=GAME, a="ogre", b="rat")
    assert (near["squares"], near["metres"], near["feet"], near["reaches"]) == (2, 3.0, 10,
                                                                                True)


def test_whom_a_creature_reaches() -> None:
    one = pf2e("reach", map=GAME, attacker="ogre", target="rat")
    assert one == {"ok": True, "reaches": True, "reach": 3.0, "text": "ogre reaches rat"}
    # the tiny rat has no reach (a tiny creature's reach is 0 m on the map)
    assert pf2e("reach", map=GAME, attacker="rat", target="ogre") == {
        "ok": True, "reaches": False, "reach": 0.0, "text": "rat does not reach ogre"}
    every = pf2e("reach", map=GAME, attacker="wizard")
    assert every["reach"] == 1.5
    assert every["squares"] == [[x, y] for x in range(0, 3) for y in range(0, 3)
                                if (x, y) != (1, 1)]
    assert every["origin"] == [1.5, 1.5]
    assert (every["creatures"], every["blocked"]) == ([], [])
    assert every["text"] == "Reach of wizard (1.5 m): 8 squares; reaches —"
    ogre = pf2e("reach", map=GAME, attacker="ogre", svg=True)
    assert (ogre["creatures"], ogre["blocked"]) == (["rat"], [])
    # 3 m: two squares out on every side of the 2 x 2 space, diagonals too, on the map
    assert len(ogre["squares"]) == 6 * 6 - 4
    assert ogre["svg"].startswith("<svg")
    assert "Reach of ogre (3 m)" in ogre["svg"]
    walled = {**GAME, "walls": [[2, 6], [3, 6], [4, 6], [5, 6]]}
    behind = pf2e("reach", map=walled, attacker="ogre")
    assert (behind["creatures"], behind["blocked"]) == ([], ["rat"])


# --- areas ---------------------------------------------------------------------------

ROOM: dict[str, Any] = {
    "width": 10, "height": 8, "walls": [[6, 2], [6, 3], [6, 4]],
    "creatures": [{"name": "cleric", "at": [2, 3]}, {"name": "ally", "at": [3, 3]},
                  {"name": "orc", "at": [7, 3]}, {"name": "imp", "at": [4, 6]}]}


def test_an_emanation_includes_its_source_unless_excluded() -> None:
    # "Ein Ausstrahlungseffekt umfasst auch das Ziel der Ausstrahlung, die Kreatur, welche
    # den Effekt erzeugt, kann das Ziel aber ggf. von der Wirkung ausnehmen."
    bless = pf2e("area", map=ROOM, shape="emanation", source="cleric", size=3)
    assert bless["creatures"] == ["cleric", "ally"]
    assert bless["squares"] == [[x, y] for x in range(0, 5) for y in range(1, 6)
                                if (abs(x - 2), abs(y - 3)) != (2, 2)]
    assert bless["origin"] == [2.5, 3.5]
    assert bless["shape"] == "emanation"
    assert (bless["valid"], bless["problems"]) == (True, [])
    assert bless["text"] == "emanation: 21 squares; affects cleric, ally"
    alone = pf2e("area", map=ROOM, shape="emanation", source="cleric", size=3,
                 exclude_source=True)
    assert alone["creatures"] == ["ally"]


def test_a_cone_and_a_line_leave_out_their_source() -> None:
    cone = pf2e("area", map=ROOM, shape="cone", source="cleric", direction="e", size=9)
    assert cone["creatures"] == ["ally"]
    assert cone["blocked"] == ["orc"]  # behind the wall from the cone's origin
    assert cone["origin"] == [3.0, 3.5]
    bolt = pf2e("area", map=ROOM, shape="line", source="cleric", toward=[9, 3], size=18)
    assert bolt["squares"] == [[x, 3] for x in range(3, 10)]
    assert (bolt["creatures"], bolt["blocked"]) == (["ally"], ["orc"])
    # aimed at a square, the line points at its centre: diagonally (5, 6) gives the
    # staircase, (8, 6) the 2:1 line of the drawing in docs/rulings.md
    stairs = pf2e("area", map=ROOM, shape="line", source="cleric", toward=[5, 6], size=9)
    assert stairs["squares"] == [[3, 4], [4, 5], [5, 6], [6, 7]]
    slant = pf2e("area", map=ROOM, shape="line", source="cleric", toward=[8, 6], size=9)
    assert slant["squares"] == [[3, 3], [3, 4], [4, 4], [5, 4], [5, 5], [6, 5], [7, 5],
                                [7, 6]]
    assert slant["origin"] == [3.0, 3.75]
    wide = pf2e("area", map=ROOM, shape="line", source="cleric", toward=[9, 3], size=6,
                width=4.5)
    assert wide["squares"] == [[x, y] for x in range(3, 7) for y in (2, 3, 4)]
    big = {**ROOM, "creatures": [{"name": "giant", "at": [0, 0], "size": "large"},
                                 {"name": "orc", "at": [3, 1]}]}
    from_corner = pf2e("area", map=big, shape="cone", source="giant", direction="e", size=3,
                       from_square=[1, 1])
    assert from_corner["squares"] == [[2, 1], [3, 0], [3, 1], [3, 2]]
    assert from_corner["creatures"] == ["orc"]


def test_a_burst_on_the_map_its_range_and_its_drawing() -> None:
    # "explodiert dieser an der Ecke eines Feldes innerhalb von 150 m Entfernung zu dir"
    ball = pf2e("area", map=ROOM, shape="burst", corner=[4, 4], size=3, source="cleric",
                range=3, svg=True, affected_before=["imp", "ally", "orc"])
    assert ball["valid"] is True
    assert ball["origin"] == [4.0, 4.0]
    assert ball["creatures"] == ["cleric", "ally"]
    assert ball["still_affected"] == ["ally"]
    assert ball["ended_for"] == ["imp", "orc"]
    assert ball["text"].startswith("burst: 12 squares; affects cleric, ally; the effect "
                                   "ends for imp, orc: „Verlässt")
    assert "Burst 3 m" in ball["svg"]
    # the corner (8, 4) is 5 squares (7,5 m) from the cleric: the orc inside is spared
    out = pf2e("area", map=ROOM, shape="burst", corner=[8, 4], size=3, source="cleric",
               range=6)
    assert (out["valid"], out["problems"], out["creatures"], out["blocked"]) == (
        False, ["corner_out_of_range"], [], [])
    assert out["text"].startswith("The burst's corner lies beyond the effect's range")
    # the squares beyond the map's edge are not listed
    edge = pf2e("area", map=ROOM, shape="burst", corner=[0, 0], size=3)
    assert edge["squares"] == [[0, 0], [0, 1], [1, 0]]
    assert edge["text"] == "burst: 3 squares; affects —"
    feet = pf2e("area", map={**ROOM, "unit": "ft"}, shape="burst", corner=[0, 0], size=10,
                lang="de", svg=True)
    assert "Explosion 10 ft" in feet["svg"]


@pytest.mark.parametrize(("fields", "message"), [
    ({"shape": "burst"}, "a burst needs 'corner'"),
    ({"shape": "burst", "corner": [1, 1], "range": 9}, "measured from its 'source'"),
    ({"shape": "cone"}, "a cone needs 'source'"),
    ({"shape": "cone", "source": "cleric"}, "a cone needs 'direction'"),
    ({"shape": "line", "source": "cleric"}, "a line needs 'toward'")])
def test_what_an_area_needs(fields: dict[str, Any], message: str) -> None:
    answer = pf2e("area", map=ROOM, size=3, **fields)
    assert answer["error"]["code"] == "missing_field"
    assert message in answer["error"]["message"]


# --- detection, sight ---------------------------------------------------------------

DARK: dict[str, Any] = {
    "width": 12, "height": 8, "ambient": "darkness",
    "lights": [{"at": [8, 1], "radius": 3}],
    "creatures": [{"name": "human", "at": [1, 1]},
                  {"name": "dwarf", "at": [1, 2], "senses": ["darkvision"]},
                  {"name": "wolf", "at": [1, 3], "senses": ["scent 9"]},
                  {"name": "bat", "at": [1, 4], "senses": ["echolocation"]},
                  {"name": "lit", "at": [8, 1]}, {"name": "shadow", "at": [8, 6]},
                  {"name": "bird", "at": [4, 3], "flying": True},
                  {"name": "worm", "at": [0, 7], "senses": ["tremorsense 30 ft"]},
                  {"name": "deaf worm", "at": [5, 6], "senses": ["tremorsense 30 ft"],
                   "conditions": ["deafened"]},
                  {"name": "deaf", "at": [1, 5], "conditions": ["Taub"]},
                  {"name": "hound", "at": [0, 6], "senses": ["scent 7.5"]}]}


@pytest.mark.parametrize(("observer", "target", "extra", "state", "sense", "light"), [
    ("human", "lit", {}, "observed", "vision", "bright"),
    ("human", "shadow", {}, "hidden", "hearing", "darkness"),
    ("dwarf", "shadow", {}, "observed", "vision", "darkness"),
    # 9 m of scent reaches the shadow 7 squares away (10,5 m) only with the wind
    ("wolf", "shadow", {"noticed": False}, "unnoticed", "", "darkness"),
    ("wolf", "shadow", {"noticed": False, "wind": "from_target"}, "undetected", "scent",
     "darkness"),
    ("wolf", "bird", {"noticed": False}, "undetected", "scent", "darkness"),
    ("wolf", "bird", {"noticed": False, "scentless": True}, "unnoticed", "", "darkness"),
    ("bat", "shadow", {"invisible": True}, "observed", "echolocation", "darkness"),
    # tremorsense of 30 ft: 9 m; not through the air to a flyer, not to one standing still
    ("worm", "shadow", {}, "hidden", "hearing", "darkness"),
    ("worm", "bird", {"sneaking": True}, "undetected", "", "darkness"),
    ("worm", "shadow", {"sneaking": True, "moving": False}, "undetected", "", "darkness"),
    ("deaf worm", "shadow", {}, "hidden", "tremorsense", "darkness"),
    ("deaf worm", "bird", {}, "undetected", "", "darkness"),
    # deafened, in the dark: nothing to sense it with
    ("deaf", "shadow", {}, "undetected", "", "darkness"),
    # 7,5 m of scent: the shadow 7 squares away (10,5 m) only downwind doubled (15 m)
    ("hound", "shadow", {"noticed": False}, "unnoticed", "", "darkness"),
    ("hound", "shadow", {"noticed": False, "wind": "from_target"}, "undetected", "scent",
     "darkness"),
])
def test_detection_on_the_map(observer: str, target: str, extra: dict[str, Any], state: str,
                              sense: str, light: str) -> None:
    answer = pf2e("detect", map=DARK, observer=observer, target=target, **extra)
    assert (answer["state"], answer["sense"], answer["light"]) == (state, sense, light)


def test_dim_light_conceals_but_not_from_low_light_vision() -> None:
    # "Kreaturen und Gegenstände in Dämmerlicht erhalten den Zustand Verborgen, sofern
    # ein Beobachter nicht Dunkelsicht oder Dämmersicht [...] hat."
    dusk = {"width": 6, "height": 3, "ambient": "dim",
            "creatures": [{"name": "human", "at": [0, 0]},
                          {"name": "elf", "at": [0, 1], "senses": ["Dämmersicht"]},
                          {"name": "orc", "at": [4, 1]}]}
    human = pf2e("detect", map=dusk, observer="human", target="orc")
    assert (human["state"], human["concealed"], human["light"]) == ("observed", True, "dim")
    assert human["text"] == "orc is observed + concealed to human"
    elf = pf2e("detect", map=dusk, observer="elf", target="orc")
    assert (elf["state"], elf["concealed"]) == ("observed", False)


def test_detection_answers_in_full() -> None:
    answer = pf2e("detect", map=DARK, observer="human", target="lit", fog=True)
    assert answer == {
        "ok": True, "state": "observed", "concealed": True, "sense": "vision", "light": "bright",
        "line_of_sight": True, "observer_blinded": True,
        "targeting": {"flat_dc": 5, "secret": False, "guess_square": False,
                      "possible": True, "off_guard": False},
        "text": "lit is observed + concealed to human"}
    dwarf = pf2e("detect", map=DARK, observer="dwarf", target="human", hiding=True)
    assert (dwarf["state"], dwarf["observer_blinded"]) == ("hidden", False)
    deep = {**DARK, "darkness": [[1, 2], [1, 1]], "darkness_rank": 4}
    blind_dwarf = pf2e("detect", map=deep, observer="dwarf", target="human")
    assert (blind_dwarf["state"], blind_dwarf["observer_blinded"]) == ("hidden", True)
    shallow = {**DARK, "darkness": [[1, 2], [1, 1]], "darkness_rank": 3}
    sees = pf2e("detect", map=shallow, observer="dwarf", target="human")
    assert (sees["state"], sees["observer_blinded"]) == ("observed", False)
    walled = pf2e("detect", map={**DARK, "walls": [[3, 1], [3, 0], [3, 2]], "ambient": "bright"},
                  observer="human", target="lit")
    assert (walled["line_of_sight"], walled["state"], walled["sense"]) == (False, "hidden",
                                                                           "hearing")


def test_line_of_sight_and_targeting() -> None:
    def sight(source: str, target: str, game: dict[str, Any] = DARK) -> dict[str, Any]:
        return pf2e("line_of_sight", map=game, source=source, target=target)

    assert sight("human", "lit") == {"ok": True, "clear": True, "barrier": False, "light": "bright",
                                     "text": "line of sight: clear"}
    assert sight("human", "shadow") == {"ok": True, "clear": False, "barrier": False,
                                        "light": "darkness", "text": "line of sight: blocked"}
    assert sight("dwarf", "shadow")["clear"] is True
    assert sight("bat", "shadow")["clear"] is True  # a precise sense besides vision
    deep = {**DARK, "darkness": [[8, 6]], "darkness_rank": 4}
    assert sight("dwarf", "shadow", deep)["clear"] is False
    assert sight("dwarf", "shadow", {**deep, "darkness_rank": 0})["clear"] is True
    assert sight("dwarf", "shadow", {**deep, "darkness_rank": 3})["clear"] is True
    # the rank belongs to the areas of darkness: ordinary darkness elsewhere stays so
    elsewhere = {**DARK, "darkness": [[0, 0]], "darkness_rank": 4}
    assert sight("dwarf", "shadow", elsewhere)["clear"] is True
    behind = {**DARK, "ambient": "bright", "walls": [[0, 0], [1, 0], [2, 0], [2, 1], [2, 2],
                                                     [0, 2], [1, 3], [0, 3]]}
    boxed = sight("human", "lit", behind)
    assert (boxed["clear"], boxed["barrier"]) == (False, True)
    effect = pf2e("line_of_effect", map=behind, source="human", target="lit")
    assert effect == {"ok": True, "clear": False, "text": "line of effect: blocked"}
    assert pf2e("targeting", state="observed", concealed=True) == {
        "ok": True, "flat_dc": 5, "secret": False, "guess_square": False, "possible": True,
        "off_guard": False, "text": "flat check DC 5"}
    assert pf2e("targeting", state="unnoticed")["text"] == "flat check DC —"


def test_cover_and_triggers_on_the_map() -> None:
    game: dict[str, Any] = {
        "width": 10, "height": 10, "walls": [[4, 3]],
        "creatures": [{"name": "archer", "at": [0, 2]}, {"name": "orc", "at": [6, 3]},
                      {"name": "ogre", "at": [3, 6], "size": "large", "reach": 3}]}
    cover = pf2e("cover", map=game, attacker="archer", target="orc", lang="de")
    standard = {"value": 2, "type": "circumstance", "label": "standard cover"}
    assert cover == {"ok": True, "cover": "standard", "by": ["wall"],
                     "bonuses": {"ac": standard, "reflex": standard, "stealth": standard},
                     "text": "orc: Deckung"}
    crowd = {**game, "walls": [], "creatures": [*game["creatures"],
                                                {"name": "goblin", "at": [3, 3]}]}
    lesser = pf2e("cover", map=crowd, attacker="archer", target="orc")
    assert (lesser["cover"], lesser["by"], lesser["text"]) == ("lesser", ["goblin"],
                                                               "orc: lesser cover")
    assert lesser["bonuses"] == {"ac": {"value": 1, "type": "circumstance",
                                        "label": "lesser cover"}}
    from_corner = pf2e("cover", map=game, origin=[0, 4], target="orc")
    assert from_corner["text"] == "orc: standard cover"
    none = pf2e("cover", map=game, origin=[9, 0], target="orc")
    assert (none["cover"], none["bonuses"], none["text"]) == ("none", {}, "orc: no cover")
    needs = pf2e("cover", map=game, target="orc")
    assert needs["error"]["code"] == "missing_field"
    moves = pf2e("movement_triggers", map=game, creature="orc", path=[[5, 4], [4, 5]])
    assert moves["triggers"] == [{"index": 0, "square": [6, 3], "reactors": []},
                                 {"index": 1, "square": [5, 4], "reactors": ["ogre"]},
                                 {"index": 2, "square": [4, 5], "reactors": ["ogre"]}]
    assert moves["reactors"] == ["ogre"]
    assert moves["text"] == "Can trigger reactions of ogre"
    step = pf2e("movement_triggers", map=game, creature="orc", path=[[5, 4]],
                movement="step")
    assert (step["triggers"], step["reactors"], step["text"]) == (
        [], [], "A Step triggers no reactions")
    free = pf2e("movement_triggers", map=game, creature="archer", path=[[0, 1]])
    assert free["text"] == "No creature's reach covers this movement"
    far = pf2e("movement_triggers", map=game, creature="orc", path=[[5, 4], [6, 5]],
               movement="step")
    assert far["error"]["code"] == "invalid_value"
    assert "a Step moves only 1,50 m" in far["error"]["message"]
    jump = pf2e("movement_triggers", map=game, creature="orc", path=[[6, 4], [6, 6]])
    assert jump["error"]["message"] == ("the path moves one square at a time: [6, 4] to "
                                        "[6, 6] is not one square")


# --- falls -----------------------------------------------------------------------------

def test_falls_through_the_protocol() -> None:
    # "Wenn du mehr als 1,50 m stürzt, nimmst du beim Aufprall 1 Punkt Wuchtschaden für je
    # 0,60 m, die du gestürzt bist." — 30 ft (9 m): 15
    assert pf2e("falling_damage", distance=30, unit="ft") == {
        "ok": True, "damage": 15, "type": "bludgeoning", "prone": True, "rounds": 1,
        "text": "Falling damage: 15 bludgeoning"}
    assert pf2e("falling_damage", distance=1.5)["prone"] is False
    soft = pf2e("falling_damage", distance=9, soft_surface=True)
    assert soft["damage"] == 5  # counted 6 m shorter: 3 m, 10 ft, half of it
    caught = pf2e("falling_damage", distance=30, grab_edge={"at": 12, "degree": "success"})
    assert caught == {"ok": True, "damage": 10, "type": "bludgeoning", "prone": False,
                      "grabbed": True, "rounds": 1, "text": "Caught the edge: 10 bludgeoning"}
    slipped = pf2e("falling_damage", distance=30,
                   grab_edge={"at": 12, "degree": "failure"})
    assert (slipped["grabbed"], slipped["prone"], slipped["rounds"]) == (False, True, 1)
    assert slipped["text"] == f"Falling damage: {slipped['damage']} bludgeoning"
    beyond = pf2e("falling_damage", distance=3, grab_edge={"at": 4, "degree": "success"})
    assert beyond["error"] == {"code": "out_of_range", "message": (
        "the edge is grabbed along the fall: grab_edge.at lies between 0 and the distance")}
    # the edge at the very end of the fall can still be grabbed: 3 m counted 6 m shorter
    end = pf2e("falling_damage", distance=3, grab_edge={"at": 3, "degree": "success"})
    assert (end["grabbed"], end["damage"], end["prone"]) == (True, 0, False)
    # a slip from 1,50 m hurts no one, so the faller does not land prone
    low = pf2e("falling_damage", distance=1.5, grab_edge={"at": 1, "degree": "failure"})
    assert (low["grabbed"], low["damage"], low["prone"]) == (False, 0, False)
    landed = pf2e("fall_on_creature", falling_damage=40, degree="failure")
    assert landed == {"ok": True, "damage": 20, "type": "bludgeoning",
                      "text": "The creature takes 20 bludgeoning"}


# --- the map's JSON form ----------------------------------------------------------------

@pytest.mark.parametrize(("text", "unit", "expected"), [
    ("scent", "m", "scent"), ("scent 9", "m", "scent 9"), ("Geruchssinn 9 m", "ft", "scent 9"),
    ("tremorsense 30 ft", "m", "tremorsense 9"), ("tremorsense 30", "ft", "tremorsense 9"),
    ("scent 2,5", "m", "scent 2.5"), ("scent 7.5 m", "m", "scent 7.5"),
    ("low-light vision", "m", "low_light_vision"), ("Erschütterungssinn (Genau) 3", "m",
                                                    "precise_tremorsense 3"),
    ("Dunkelsicht", "m", "darkvision")])
def test_senses_on_the_map(text: str, unit: str, expected: str) -> None:
    assert sense(text, unit) == expected


def test_unknown_senses_and_conditions() -> None:
    for text in ("x-ray vision 9", "scent 1.2.3", "scent 1,2,3"):
        with pytest.raises(RequestError, match="unknown") as unknown:
            sense(text)
        assert unknown.value.code == "unknown_name"
    # the first number is the range, the first unit word its unit
    assert sense("scent 9 12") == "scent 9"
    assert sense("scent 30 ft m") == "scent 9"
    assert map_condition("Taub") == "deafened"
    assert map_condition("blinded") == "blinded"
    with pytest.raises(RequestError, match="allowed are deafened") as bad:
        map_condition("sleepy")
    assert bad.value.code == "unknown_name"


def test_lengths_in_the_map_unit() -> None:
    assert metres(1.5, "m") == M(3, 2)
    assert metres(0.1, "m") == M(1, 10)
    assert metres(10, "ft") == M(3)
    assert metres(2.5, "ft") == M(3, 4)
    assert metres(7, "m") == M(7)


def test_the_map_from_json_and_back() -> None:
    fields = MapFields.model_validate({
        "width": 6, "height": 5, "unit": "ft", "ambient": "dim", "darkness_rank": 2,
        "walls": [[2, 2], [1, 0]], "grates": [[3, 3]], "dim": [[0, 4]], "darkness": [[5, 4]],
        "lights": [{"at": [1, 1], "radius": 20}],
        "creatures": [{"name": "rat", "at": [0, 0], "size": "tiny"},
                      {"name": "ogre", "at": [4, 3], "size": "large", "reach": 10,
                       "senses": ["darkvision", "scent 30"], "conditions": ["Taub"],
                       "flying": True},
                      {"name": "elf", "at": [5, 0]}]})
    battle = fields.battle_map()
    assert battle == BattleMap(
        6, 5,
        (Creature("rat", (0, 0), "tiny", M(0)),
         Creature("ogre", (4, 3), "large", M(3), ("darkvision", "scent 9"), ("deafened",),
                  True),
         Creature("elf", (5, 0), "medium", M(3, 2))),
        frozenset({(2, 2), (1, 0)}), frozenset({(3, 3)}), "dim",
        (LightSource((1, 1), M(6)),), frozenset({(5, 4)}), 2, frozenset({(0, 4)}))
    assert map_json(battle) == {
        "width": 6, "height": 5, "unit": "m",
        "creatures": [
            {"name": "rat", "at": [0, 0], "size": "tiny", "reach": 0.0, "senses": [],
             "conditions": [], "flying": False},
            {"name": "ogre", "at": [4, 3], "size": "large", "reach": 3.0,
             "senses": ["darkvision", "scent 9"], "conditions": ["deafened"],
             "flying": True},
            {"name": "elf", "at": [5, 0], "size": "medium", "reach": 1.5, "senses": [],
             "conditions": [], "flying": False}],
        "walls": [[1, 0], [2, 2]], "grates": [[3, 3]], "ambient": "dim",
        "lights": [{"at": [1, 1], "radius": 6.0}], "dim": [[0, 4]], "darkness": [[5, 4]],
        "darkness_rank": 2}


@pytest.mark.parametrize(("creatures", "code", "message"), [
    ([{"name": "a", "at": [0, 0]}, {"name": "a", "at": [1, 1]}], "invalid_value",
     "its own name"),
    ([{"name": "ogre", "at": [5, 0], "size": "large"}], "out_of_range", "stands off the map"),
    ([{"name": "ogre", "at": [0, 4], "size": "large"}], "out_of_range", "stands off the map")])
def test_a_map_refuses_what_cannot_stand_on_it(creatures: list[dict[str, Any]], code: str,
                                               message: str) -> None:
    fields = MapFields.model_validate({"width": 6, "height": 5, "creatures": creatures})
    with pytest.raises(RequestError, match=message) as refused:
        fields.battle_map()
    assert refused.value.code == code
    fine = MapFields.model_validate({"width": 6, "height": 5, "creatures": [
        {"name": "ogre", "at": [4, 3], "size": "large"}]})
    assert fine.battle_map().creature("ogre").space == {(4, 3), (5, 3), (4, 4), (5, 4)}


def test_drawing_the_map() -> None:
    answer = pf2e("draw_map", map={"width": 3, "height": 2, "walls": [[1, 1]]}, area=[[0, 0]],
                  title="Room")
    assert answer["text"] == "Map 3×2"
    assert answer["map"]["walls"] == [[1, 1]]
    assert answer["svg"].startswith("<svg")
    assert ">Room</text>" in answer["svg"]
