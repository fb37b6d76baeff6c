"""An independent review of issue 14: the cases the review sent through ``resolve``, the
command line and the real HTTP server, each with the sentence it rests on.  Several of
them failed before the fixes named in the test."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from regelwerk.systems.pf2e.damage.iwr import (
    DamageInstance,
    Defence,
    Target,
    apply_damage,
    apply_instance,
)
from regelwerk.systems.pf2e.space.detection import Observer, Situation, detect
from tests.pf2e.transports import everywhere


def pf2e(url: str, action: str, **fields: Any) -> dict[str, Any]:
    return everywhere(url, {"system": "pf2e", "action": action, **fields})


def creature(**fields: Any) -> dict[str, Any]:
    return {"hp": 10, "max_hp": 20, **fields}


# --- Schaden -------------------------------------------------------------------------

def test_one_effect_is_one_amount_whatever_traits_its_parts_name(server: str) -> None:
    # "Immer wenn du Schaden dieser Art nimmst [...]" — "jede Schadensart einzeln": a
    # named effect's fire is one amount even when only one part names a trait (failed
    # before: the parts stayed apart and the resistance applied twice)
    parts = [DamageInstance(3, "fire", traits=frozenset({"magical"}), effect="Feuerball"),
             DamageInstance(3, "fire", effect="Feuerball")]
    (applied,) = apply_damage(parts, Target(resistances=()))
    assert (applied.amount, applied.parts) == (6, 2)
    answer = pf2e(server, "apply_damage",
                  damage=[{"amount": 3, "type": "fire", "effect": "Feuerball",
                           "traits": ["magical"]},
                          {"amount": 3, "type": "Feuer", "effect": "Feuerball"}],
                  target={"resistances": [{"type": "fire", "value": 5}]})
    assert answer["total"] == 1
    # two effects: each is taken on its own
    two = pf2e(server, "apply_damage",
               damage=[{"amount": 3, "type": "fire", "effect": "a"},
                       {"amount": 3, "type": "fire", "effect": "b"}],
               target={"weaknesses": [{"type": "fire", "value": 5}]})
    assert two["total"] == 16


def test_types_never_match_traits_and_alignment_is_a_type(server: str) -> None:
    # "Immunität, Schwäche oder Resistenz gegen eine bestimmte Gesinnung betrifft nur
    # Schaden des entsprechenden Typs"
    cases = [
        ([{"amount": 10, "type": "negative", "traits": ["evil"]}],
         {"resistances": [{"type": "evil", "value": 5}]}, 10),
        ([{"amount": 10, "type": "evil"}],
         {"traits": ["Gut"], "resistances": [{"type": "Böse", "value": 5}]}, 5),
        ([{"amount": 10, "type": "good"}], {"traits": ["chaotic"]}, 0),
        ([{"amount": 8, "type": "slashing", "traits": ["fire", "magical"]},
          {"amount": 3, "type": "fire", "traits": ["fire", "magical"]}],
         {"resistances": [{"type": "fire", "value": 5}]}, 8),
        ([{"amount": 12, "type": "slashing", "traits": ["Silber"]}],
         {"resistances": [{"type": "physical", "value": 10, "except": ["silver"]}]}, 12),
        ([{"amount": 12, "type": "poison"}],
         {"resistances": [{"type": "Körperlich", "value": 10, "except": ["silver"]}]}, 2),
        # precision damage is of the attack's type: a ghost's resistance covers it
        ([{"amount": 10, "type": "piercing", "precision": 4}],
         {"resistances": [{"type": "physical", "value": 5, "except": ["magical"]}]}, 5),
    ]
    for damage, target, total in cases:
        assert pf2e(server, "apply_damage", damage=damage, target=target)["total"] == total


def test_crit_immune_target_takes_a_hit_without_deadly_dice(server: str) -> None:
    # "nimmt sie anstelle des doppelten Schadens den normalen Schaden des Angriffs" —
    # "Vorteile, die du speziell durch einen Kritischen Treffer erlangst"
    answer = pf2e(server, "strike_damage", modifier=30, ac=10,
                  damage={"dice": "1d8", "modifiers": [{"value": 3}],
                          "critical_extra": "1d10", "type": "slashing"},
                  target={"immunities": ["critical_hits"]})
    assert answer["mean"] == pytest.approx(7.5)
    assert [v for v, _ in answer["distribution"]] == list(range(4, 12))


# --- Trefferpunkte, Heilung und Sterben ----------------------------------------------

def test_undead_and_constructs_by_their_german_trait(server: str) -> None:
    # "Untote und Konstruktkreaturen sind bei 0 Trefferpunkten zerstört." (failed before:
    # "Konstrukt" was not read as the construct trait)
    for trait in ("Konstrukt", "Untot", "construct"):
        answer = pf2e(server, "damage_creature", creature=creature(traits=[trait]),
                      amount=10, nonlethal=True)
        assert answer["events"][-2:] == ["destroyed", "dead"]
    # "Daher hat er keine Auswirkung auf nichtlebende Kreaturen"
    bleed = pf2e(server, "apply_damage", damage=[{"amount": 5, "type": "Blutung"}],
                 target={"traits": ["Konstrukt"]})
    assert bleed["total"] == 0


def test_a_dead_creature_gains_no_conditions(server: str) -> None:
    # "Nach dem Tod [...] wirst von Zaubern nicht mehr betroffen" (failed before: answered
    # "no change" instead of refusing); nothing changes
    for lang, word in (("en", "dead"), ("de", "tot"), ("is", "Dauð")):
        answer = pf2e(server, "creature_conditions", creature=creature(hp=0, dead=True),
                      gain=[{"name": "dying", "value": 1}], lang=lang)
        assert answer["ok"] is False
        assert answer["error"]["code"] == "not_allowed"
        assert word.lower() in answer["error"]["message"].lower()
    # a creature given as doomed 4 is answered as dead, not refused
    doomed = pf2e(server, "creature_conditions", creature=creature(doomed=4),
                  gain=[{"name": "wounded", "value": 1}])
    assert doomed["creature"]["dead"] is True


def test_dying_and_wounded_through_every_action(server: str) -> None:
    # "Solltest du den Zustand Verwundet besitzen und dann den Zustand Sterbend erhalten,
    # so steigt dein Zustandswert für Sterbend um deinen Zustandswert für Verwundet."
    hit = pf2e(server, "damage_creature", creature=creature(wounded=2), amount=10)
    assert hit["creature"]["dying"] == 3
    gained = pf2e(server, "conditions", conditions=[{"name": "Verwundet", "value": 1}],
                  gain=[{"name": "Sterbend", "value": 1}])
    assert gained["conditions"]["dying"] == 2
    burn = pf2e(server, "persistent_damage", dice="2d6", type="fire",
                creature=creature(hp=5, wounded=1), faces=[6, 6, 10])
    assert burn["creature"]["dying"] == 2
    # "Wenn du den Zustand Sterbend verlierst, erhältst du den Zustand Verwundet 1"
    dying = creature(hp=0, dying=1, wounded=1, unconscious=True)
    recovered = pf2e(server, "recovery_check", creature=dying, faces=[20])
    assert recovered["creature"]["wounded"] == 2
    lost = pf2e(server, "conditions", conditions=[{"name": "dying", "value": 2}],
                lose=["dying"])
    assert lost["conditions"] == {"wounded": 1}
    # "Wenn du eine heldenhafte Erholung durchführst, erhältst du nicht den Zustand
    # Verwundet"
    heroic = pf2e(server, "heroic_recovery", creature={**dying, "hero_points": 1})
    assert (heroic["creature"]["wounded"], heroic["creature"]["unconscious"]) == (1, True)


def test_doomed_lowers_the_limit_and_doomed_4_kills(server: str) -> None:
    # "Sollte dein maximaler Zustandswert für Sterbend auf 0 reduziert werden, stirbst du
    # augenblicklich."
    gained = pf2e(server, "conditions", conditions=[], gain=[{"name": "doomed", "value": 4}])
    assert gained["dead"] is True
    failed = pf2e(server, "recovery_check",
                  creature=creature(hp=0, dying=2, doomed=1, unconscious=True), faces=[5])
    assert failed["creature"]["dead"] is True
    assert "dying_limit" in failed["events"]


# --- Raum und Sinne --------------------------------------------------------------------

def test_a_step_through_the_protocol_triggers_nothing(server: str) -> None:
    # "Die Aktion Schritt dagegen kannst du benutzen, um dich fortzubewegen, ohne
    # Reaktionen auszulösen, allerdings nur 1,50 m weit." (failed before: the field was
    # called ``action``, the protocol's own name, so a Step could not be asked for)
    game = {"width": 8, "height": 8,
            "creatures": [{"name": "rogue", "at": [0, 0]}, {"name": "guard", "at": [1, 1]}]}
    stride = pf2e(server, "movement_triggers", map=game, creature="rogue", path=[[1, 0]])
    assert stride["reactors"] == ["guard"]
    step = pf2e(server, "movement_triggers", map=game, creature="rogue", path=[[1, 0]],
                movement="step")
    assert (step["triggers"], step["reactors"]) == ([], [])
    far = pf2e(server, "movement_triggers", map=game, creature="rogue",
               path=[[1, 0], [2, 0]], movement="step", lang="de")
    assert far["error"]["code"] == "invalid_value"


def test_a_precise_sense_does_not_observe_a_sneaking_creature(server: str) -> None:
    # "Mit einem Genauen Sinn kannst du eine Kreatur normalerweise automatisch entdecken,
    # sofern sie sich nicht versteckt" — Schleichen, "um zu vermeiden, dass man gehört
    # und gesehen wird" (failed before: echolocation observed a sneaking creature)
    bat = Observer(vision=False, precise=("echolocation",))
    assert detect(bat, Situation()).state == "observed"
    assert detect(bat, Situation(sneaking=True)).state == "undetected"
    game: dict[str, Any] = {"width": 10, "height": 10,
                            "creatures": [{"name": "bat", "at": [1, 1], "senses": ["Echoortung"],
                                           "conditions": ["Blind"]},
                                          {"name": "thief", "at": [5, 1]}]}
    seen = pf2e(server, "detect", map=game, observer="bat", target="thief", invisible=True)
    assert (seen["state"], seen["sense"]) == ("observed", "echolocation")
    sneaking = pf2e(server, "detect", map=game, observer="bat", target="thief",
                    sneaking=True)
    assert sneaking["state"] == "undetected"
    # "Eine Kreatur mit Echoortung [...] kann Gehör als Genauen Sinn behandeln": deafened,
    # it has none
    game["creatures"][0]["conditions"] = ["Blind", "Taub"]
    deaf = pf2e(server, "detect", map=game, observer="bat", target="thief")
    assert deaf["state"] == "undetected"


def test_senses_on_the_map_are_checked_and_ranged_in_the_maps_unit(server: str) -> None:
    # a sense the map names must be one regelwerk knows (failed before: ignored silently)
    game: dict[str, Any] = {"width": 10, "height": 10, "unit": "ft",
                            "creatures": [{"name": "wolf", "at": [1, 1],
                                           "senses": ["Geruchssinn 30"]},
                                          {"name": "thief", "at": [6, 1]}]}
    # 25 feet between them (5 squares): inside a 30-foot scent, beyond a 10-foot one
    smelled = pf2e(server, "detect", map=game, observer="wolf", target="thief",
                   noticed=False)
    assert (smelled["state"], smelled["sense"]) == ("undetected", "scent")
    game["creatures"][0]["senses"] = ["scent 10"]
    assert pf2e(server, "detect", map=game, observer="wolf", target="thief",
                noticed=False)["state"] == "unnoticed"
    game["creatures"][0]["senses"] = ["x-ray vision"]
    bad = pf2e(server, "detect", map=game, observer="wolf", target="thief")
    assert bad["error"]["code"] == "unknown_name"
    assert "darkvision" in bad["error"]["message"]


def test_a_movement_that_breaks_a_rule_answers_in_the_readers_language_and_unit(
        server: str) -> None:
    # a question, not a refusal: "valid: false" with the reason (failed before: the
    # reasons were English and in metres whatever the request's language and unit).
    # "Die Aktion Schritt [...] allerdings nur 1,50 m weit"
    answer = pf2e(server, "movement", unit="ft", speeds={"land": 25},
                  modifiers=[{"value": 10, "type": "status"}], lang="de",
                  moves=[{"action": "stride", "distance": 40},
                         {"action": "fly", "distance": 5},
                         {"action": "step", "distance": 10}])
    assert answer["ok"] is True
    assert answer["valid"] is False
    assert [(p["move"], p["code"]) for p in answer["problems"]] == [
        (0, "too_far"), (1, "no_speed"), (2, "step")]
    assert answer["problems"][0]["text"] == (
        "Bewegung 1 (Laufen): 40 ft kosten 40 ft bei einer Bewegungsrate von 35 ft")
    metres = pf2e(server, "movement", speeds={"land": 7.5}, lang="is",
                  moves=[{"action": "stride", "distance": 9}])
    assert "7,5 m" in metres["problems"][0]["text"]


def test_a_turn_that_breaks_a_rule_says_why_in_the_readers_language(server: str) -> None:
    # "Du musst alle Aktionen einer Aktivität auf einmal aufwenden" — "In einer
    # Begegnung erhältst du jede Runde 1 Reaktion" (failed before: the reasons were the
    # codes only, the reactions left went below 0, and a Strike without an action left
    # counted toward the multiple attack penalty)
    answer = pf2e(server, "turn", lang="de",
                  steps=[{"name": "Strike"}, {"name": "Strike", "cost": 3},
                         {"name": "Strike"},
                         {"name": "Shield Block", "cost": "reaction", "trigger": "hit"},
                         {"name": "Nimble Dodge", "cost": "reaction", "trigger": "attack"}])
    assert answer["valid"] is False
    assert [(p["code"], p["step"]) for p in answer["problems"]] == [
        ("activity_needs_all_actions_at_once", 1), ("no_reaction_left", 4)]
    assert answer["problems"][0]["text"] == (
        "Schritt 2 (Strike): die Aktivität braucht ihre 3 Aktionen auf einmal, übrig sind 2")
    assert answer["attack_penalties"] == [0, None, -5, None, None]
    assert answer["reactions_left"] == 0
    # "du darfst keine Aktionen einsetzen und nicht einmal sprechen": no free action
    frozen = pf2e(server, "turn", cannot_act=True, lang="is",
                  steps=[{"name": "Release", "cost": "free"}])
    assert frozen["problems"][0]["code"] == "cannot_act"
    assert frozen["text"].startswith("Skref 1 (Release)")


def test_a_defence_may_name_the_effect_itself(server: str) -> None:
    # "Wenn du eine Schwäche gegen eine bestimmte Schadensart oder gegen Schaden aus einer
    # bestimmten Quelle besitzt" — traits match "a spell's or effect's own name" (failed
    # before: the effect's name was not among the terms a defence could match)
    missile = [{"amount": 10, "type": "force", "effect": "Magic Missile"}]
    resisted = pf2e(server, "apply_damage", damage=missile,
                    target={"resistances": [{"type": "magic missile", "value": 5}]})
    assert resisted["total"] == 5
    weak = pf2e(server, "apply_damage",
                damage=[{"amount": 10, "type": "fire", "effect": "Feuerball"}],
                target={"weaknesses": [{"type": "Feuerball", "value": 5}],
                        "resistances": [{"type": "force", "value": 5}]})
    assert weak["total"] == 15


def test_taking_cover_behind_lesser_cover_gives_standard_cover(server: str) -> None:
    # "Wenn du dich in Deckung befindest, erhältst du einen Situationsbonus von +2 auf
    # deine RK"; Take Cover as players know it: standard becomes greater, otherwise
    # standard (failed before: lesser cover stayed lesser)
    game = {"width": 10, "height": 10,
            "creatures": [{"name": "archer", "at": [1, 1]}, {"name": "goblin", "at": [3, 1]},
                          {"name": "orc", "at": [5, 1]}]}
    plain = pf2e(server, "cover", map=game, attacker="archer", target="orc")
    assert plain["cover"] == "lesser"
    taken = pf2e(server, "cover", map=game, attacker="archer", target="orc",
                 taking_cover=True)
    assert taken["cover"] == "standard"
    assert taken["bonuses"]["ac"]["value"] == 2


parts = st.lists(st.tuples(st.integers(0, 30),
                           st.frozensets(st.sampled_from(["magical", "silver", "nonlethal"]),
                                         max_size=2)),
                 min_size=1, max_size=4)
defence = st.builds(Defence, type=st.sampled_from(["fire", "energy", "all", "magical"]),
                    value=st.integers(0, 15),
                    exceptions=st.frozensets(st.sampled_from(["magical", "silver"]),
                                             max_size=1))


@given(parts, st.lists(defence, max_size=2), st.lists(defence, max_size=2),
       st.frozensets(st.sampled_from(["nonlethal", "silver", "precision"]), max_size=1))
def test_one_effect_of_one_type_is_taken_as_one_amount(
        split: list[tuple[int, frozenset[str]]], weaknesses: list[Defence],
        resistances: list[Defence], immunities: frozenset[str]) -> None:
    # "Immer wenn du Schaden dieser Art nimmst, musst du den Schaden um den Wert der
    # Schwäche erhöhen" — an effect's fire split into parts is taken as the whole
    target = Target(immunities, tuple(weaknesses), tuple(resistances))
    pieces = [DamageInstance(a, "fire", traits=t, effect="Flammenwand") for a, t in split]
    whole = DamageInstance(sum(a for a, _ in split), "fire",
                           traits=frozenset().union(*(t for _, t in split)),
                           effect="Flammenwand")
    (taken,) = apply_damage(pieces, target)
    assert taken.amount == apply_instance(whole, target, False).amount
    assert taken.parts == len(split)


def test_a_sense_written_as_the_book_writes_it() -> None:
    # „Echoortung (Genau)“, „Geruchssinn (Ungenau) 9 m“ — the ranges in metres
    from regelwerk.systems.pf2e.space.map_model import sense

    assert sense("Echoortung (Genau)") == "echolocation"
    assert sense("Geruchssinn (Ungenau) 9 m", "ft") == "imprecise_scent 9"
    assert sense("tremorsense 30 ft") == "tremorsense 9"
    assert sense("scent 25", "ft") == "scent 7.5"


def test_immunity_to_an_effect_by_its_name(server: str) -> None:
    # "Wenn du Immunität gegen einen bestimmten Zustand oder eine Art von Effekt hast,
    # dann kannst du von dem Zustand bzw. von Effekten dieser Art nicht betroffen werden."
    # (failed before: an immunity naming the effect itself was not checked)
    answer = pf2e(server, "conditions", conditions=[],
                  gain=[{"name": "blinded", "effect": "Blindheit verursachen"}],
                  immunities=["Blindheit verursachen"])
    assert answer["conditions"] == {}
    assert answer["unaffected"] == [{"name": "blinded", "immunity": "blindheit_verursachen"}]
