"""Zustände, Wirkungsdauer, Ziele, Leiden, Entgegenwirken and Handlungen, cited."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from regelwerk import resolve
from regelwerk.cli.main import cli
from regelwerk.errors import RuleError
from regelwerk.systems.pf2e.actions import ARSEN
from regelwerk.systems.pf2e.checks.degrees import Degree
from regelwerk.systems.pf2e.checks.modifiers import stack
from regelwerk.systems.pf2e.effects.affliction import Affliction, Stage, save
from regelwerk.systems.pf2e.effects.affliction_text import parse_affliction
from regelwerk.systems.pf2e.effects.affliction_track import Track, elapse, expose, stage_save
from regelwerk.systems.pf2e.effects.conditions import CONDITIONS, gain, implied, modifiers_for
from regelwerk.systems.pf2e.effects.counteract import counteract_level, counteracts
from regelwerk.systems.pf2e.effects.durations import Effect, Event, run
from regelwerk.systems.pf2e.effects.targets import can_target
from regelwerk.systems.pf2e.turns.economy import Step, budget_for, plan_turn

CS, S, F, CF = (Degree.CRITICAL_SUCCESS, Degree.SUCCESS, Degree.FAILURE,
                Degree.CRITICAL_FAILURE)
ARSENIC_EN = ("Arsenic (alchemical, ingested, poison); Level 1; Saving Throw DC 18 Fortitude; "
              "Onset 10 minutes; Maximum Duration 5 minutes; Stage 1 1d4 poison damage and "
              "sickened 1 (1 minute); Stage 2 1d6 poison damage and sickened 2 (1 minute); "
              "Stage 3 2d6 poison damage and sickened 3 (1 minute)")


@pytest.mark.parametrize("name", ["dying", "unconscious", "wounded", "doomed", "blinded",
                                  "off_guard", "prone", "sickened", "frightened", "quickened",
                                  "slowed", "drained", "dazzled", "persistent_damage", "broken",
                                  "observed", "concealed", "hidden", "undetected", "unnoticed",
                                  "invisible", "clumsy", "enfeebled"])
def test_every_condition_of_the_chapter_is_data(name: str) -> None:
    assert name in CONDITIONS
    assert CONDITIONS[name].de


def test_dying_implies_unconscious_which_implies_blinded_off_guard_prone() -> None:
    # "Während du diesen Zustand hast, besitzt du zugleich den Zustand Bewusstlos." —
    # "Du erhältst die Zustände Blind und Auf dem Falschen Fuß. [...] erhältst den Zustand
    # Liegend"
    assert set(implied({"dying": 1})) == {"dying", "unconscious", "blinded", "off_guard", "prone"}


def test_unconscious_penalties() -> None:
    # "Du erleidest einen Zustandsmalus von –4 auf RK, Wahrnehmung und Reflexwürfe."
    for statistic in ("perception", "reflex"):
        assert stack(modifiers_for({"unconscious": 1}, statistic)).total == -4
    assert stack(modifiers_for({"unconscious": 1}, "ac")).total == -4 - 2  # and off-guard


def test_the_higher_value_wins_and_status_penalties_do_not_stack() -> None:
    conditions = gain(gain({}, "frightened", 2), "frightened", 1)
    assert conditions == {"frightened": 2}
    both = gain(conditions, "sickened", 1)
    assert stack(modifiers_for(both, "will")).total == -2


def test_durations_in_rounds_count_at_the_start_of_the_creator_s_turn() -> None:
    # "wird die verbleibende Wirkungsdauer zu Beginn des Zuges der Kreatur, die den Effekt
    # erzeugt hat, um 1 reduziert."
    effect = Effect("bless", "rounds", "cleric", "fighter", remaining=2)
    ticks, _ = run([effect], [Event("start", "fighter"), Event("start", "cleric"),
                              Event("end", "cleric"), Event("start", "cleric")])
    assert [t.expired for t in ticks] == [(), (), (), ("bless",)]


def test_until_the_end_of_the_target_s_next_turn_and_next_n_turns() -> None:
    # "Schädliche Effekte wirken oft „bis zum Ende des nächsten Zuges des Zieles“ oder
    # „während“ einer bestimmten Anzahl von Zügen [...] am Ende des Zuges einer Kreatur
    # reduziert wird statt zu Beginn."
    next_turn = Effect("frightened", "target_turns", "ogre", "fighter", remaining=1)
    three = Effect("three turns", "target_turns", "ogre", "fighter", remaining=3,
                   applied_on_target_turn=True)
    ends = [Event("end", "fighter")] * 4
    ticks, _ = run([next_turn, three], [Event("start", "fighter"), *ends])
    assert [t.expired for t in ticks] == [(), ("frightened",), (), (), ("three turns",)]


def test_until_a_condition_sustained_and_unlimited() -> None:
    # "Manche Effekte enden statt nach einer festen Wirkungsdauer erst, wenn eine
    # bestimmte Bedingung erfüllt (oder auch nicht mehr erfüllt) ist."
    effects = [Effect("light", "until", "a", "b", condition="dawn"),
               Effect("wall", "sustained", "wizard", "area"),
               Effect("ward", "unlimited", "a", "b")]
    events = [Event("start", "wizard"), Event("sustain", "wall"), Event("end", "wizard"),
              Event("start", "wizard"), Event("end", "wizard"), Event("met", "dawn")]
    ticks, left = run(effects, events)
    assert [t.expired for t in ticks] == [(), (), (), (), ("wall",), ("light",)]
    assert [e.name for e in left] == ["ward"]


def test_targets() -> None:
    # "Du selbst bist nicht dein eigener Verbündeter." — "Nur du kannst entscheiden, ob
    # dein SC bereitwillig ist." — "eine Kreatur, die für dich den Zustand Unentdeckt
    # besitzt [...] als Ziel auszuwählen" is impossible
    assert can_target("Kyra", "Kyra", "ally").reason == "not_own_ally"
    assert can_target("Kyra", "Ezren", "ally", ally=True).allowed
    assert can_target("Kyra", "Ezren", "willing").reason == "not_willing"
    assert can_target("Kyra", "Ezren", "willing", willing=True).allowed
    assert can_target("Kyra", "goblin", undetected=True).reason == "undetected"
    assert can_target("Kyra", "goblin", untargetable=True).reason == "untargetable"


def test_affliction_format_german_and_english() -> None:
    # "Der Name des Leidens wird stets zuerst genannt, dahinter in Klammern seine
    # Kategorien [...] Falls es nötig ist, dass eine Stufe angegeben wird"
    for text in (ARSEN, ARSENIC_EN):
        block = parse_affliction(text)
        assert (block.type, block.level, block.save, block.dc) == ("poison", 1, "fortitude", 18)
        assert (block.onset, block.max_duration) == (600, 300)
        assert [s.interval for s in block.stages] == [60, 60, 60]
    with pytest.raises(RuleError, match="no stages"):
        parse_affliction("Nothing (poison); Level 1")


def test_arsenic_step_by_step() -> None:
    # "Ist dieser ein Fehlschlag, gehst du zu Phase 1 über. Wegen der Verzögerung passiert
    # zunächst 10 Minuten lang nichts, doch wenn diese Zeit abgelaufen ist, nimmst du 1W4
    # Punkte Giftschaden und erhältst den Zustand Kränkelnd 1. [...] Ist dieser ein Erfolg,
    # kannst du um eine Phase zurückgehen und erholst dich von der Vergiftung."
    block = parse_affliction(ARSEN)
    track, events = expose(block, Track(), F)
    assert (track.stage, [e.kind for e in events]) == (1, ["onset"])
    track, events = elapse(block, track, 599)
    assert events == []
    track, events = elapse(block, track, 1)
    assert events[0].detail == "1W4 Giftschaden und Kränkelnd 1"
    track, events = elapse(block, track, 60)
    assert [e.kind for e in events] == ["save_due"]
    done, events = stage_save(block, track, S)
    assert done.ended
    # "Ist er jedoch ein weiterer Fehlschlag, gehst du zu Phase 2 über."
    worse, events = stage_save(block, track, F)
    assert (worse.stage, events[0].detail) == (2, "1W6 Giftschaden und Kränkelnd 2")


def test_arsenic_critical_failure_path() -> None:
    # "Falls dein initialer Rettungswurf gegen das Arsen ein Kritischer Fehlschlag war,
    # gehst du direkt zu Phase 2 über. [...] Ist dann dein zweiter Rettungswurf ein
    # Erfolg, kehrst du zu Phase 1 zurück [...] Bei einem Fehlschlag jedoch gehst du zu
    # Phase 3 über. [...] Wenn ein weiterer Rettungswurf in Phase 3 ein Fehlschlag oder
    # Kritischer Fehlschlag ist, wiederholst du die Effekte von Phase 3."
    block = parse_affliction(ARSEN)
    track, _ = expose(block, Track(), CF)
    track, events = elapse(block, track, 600)
    assert (track.stage, events[0].kind) == (2, "stage")
    track, _ = elapse(block, track, 60)
    back, _ = stage_save(block, track, S)
    assert back.stage == 1
    track, _ = stage_save(block, track, F)
    assert track.stage == 3
    track, _ = elapse(block, track, 60)
    track, events = stage_save(block, track, CF)
    assert (track.stage, events[0].kind) == (3, "repeated")
    # "Da das Gift eine maximale Wirkungsdauer von 5 Minuten hat, erholst du dich davon,
    # sobald 5 Minuten vergangen sind, unabhängig davon, in welcher Phase du dich
    # befindest"
    for _ in range(3):
        track, events = elapse(block, track, 60)
        if track.ended:
            break
        track, _ = stage_save(block, track, F)
    assert track.ended
    assert events[-1].kind == "max_duration"


def test_stage_rules() -> None:
    poison = Affliction(3)
    # "Wenn dein initialer Rettungswurf ein Erfolg ist, bleibst du bei diesem Kontakt von
    # dem Leiden verschont."
    assert save(poison, Stage(0), S, True).ended
    # "Ist dieser ein Erfolg, kannst du um eine Phase zurückgehen (bzw. um zwei Phasen bei
    # einem Kritischen Erfolg). Wenn du dabei jemals weiter zurückgehst als Phase 1, endet
    # das Leiden"
    assert save(poison, Stage(3), CS, False).state.stage == 1
    assert save(poison, Stage(2), CS, False).ended
    # "Bei einem Kritischen Fehlschlag gehst du gleich zwei Phasen weiter."
    assert save(poison, Stage(1), CF, False).state.stage == 3


def test_repeated_exposure() -> None:
    # "Wenn du dem gleichen Fluch oder der gleichen Krankheit mehrfach ausgesetzt bist,
    # hat dies keinen Effekt. Wenn du dem gleichen Gift erneut ausgesetzt bist, führt ein
    # Fehlschlag bei einem weiteren initialen Rettungswurf jedoch [...] dazu, dass du zur
    # nächsthöheren Phase übergehst. [...] Dabei verändert sich die maximale
    # Wirkungsdauer der Vergiftung nicht. [...] Die Verzögerungsdauer wird dadurch nicht
    # verändert."
    assert save(Affliction(3, type="disease"), Stage(1), CF, True).no_effect
    assert save(Affliction(3, type="curse"), Stage(1), F, True).no_effect
    assert save(Affliction(3), Stage(1), CF, True).state.stage == 3
    block = parse_affliction(ARSEN)
    track, _ = expose(block, Track(), F)
    track, _ = elapse(block, track, 300)
    again, _ = expose(block, track, F)
    assert (again.stage, again.onset_left, again.duration_left) == (2, 300, 300)


def test_virulent_afflictions() -> None:
    # "Bei einem solchen Leiden musst du zwei aufeinanderfolgende Erfolge bei
    # Rettungswürfen erzielen, damit du die Phase des Ausgeprägten Leidens reduzieren
    # darfst. Ein Kritischer Erfolg reduziert die Phase eines Ausgeprägten Leidens nur um
    # 1 statt um 2."
    virulent = Affliction(3, virulent=True, type="disease")
    first = save(virulent, Stage(2), S, False)
    assert first.state == Stage(2, 1)
    assert save(virulent, first.state, S, False).state == Stage(1, 0)
    assert save(virulent, first.state, F, False).state == Stage(3, 0)
    assert save(virulent, Stage(3), CS, False).state.stage == 2


def test_counteract_levels_and_results() -> None:
    # "Wenn der Effekt ein Zauber ist, dann ist die Stufe des Zaubers die
    # Entgegenwirkungsstufe. Ansonsten halbiere die Stufe des Effektes und runde auf"
    assert counteract_level(spell_rank=3) == 3
    assert counteract_level(level=7) == 4
    assert counteract_level(level=8) == 4
    # "Kritischer Erfolg [...] nicht mehr als 3 Stufen über [...] Erfolg [...] nicht mehr
    # als 1 Stufe über [...] Fehlschlag [...] niedriger [...] Kritischer Fehlschlag: Du
    # kannst dem Effekt nicht entgegenwirken."
    assert counteracts(CS, 2, 5)
    assert not counteracts(CS, 2, 6)
    assert counteracts(S, 2, 3)
    assert not counteracts(S, 2, 4)
    assert counteracts(F, 3, 2)
    assert not counteracts(F, 3, 3)
    assert not counteracts(CF, 9, 1)


def test_counteract_modifier_for_spells() -> None:
    # "Für Zauber ist dein Modifikator für den Entgegenwirkungswurf gleich deinem
    # Attributsmodifikator für deine Zauberei plus deinem Kompetenzmodifikator für deine
    # Zauberei plus alle Boni und Mali, die speziell für Entgegenwirkungswürfe gelten."
    response = resolve({"system": "pf2e", "action": "counteract", "dc": 20, "faces": [10],
                        "counteract_level": 3, "target_level": 3, "modifiers": [
                            {"value": 4, "type": "ability"}, {"value": 7, "type": "proficiency"},
                            {"value": 1, "type": "status", "label": "counteract bonus"}]})
    assert (response["total"], response["degree"], response["counteracted"]) == (
        22, "success", True)


def test_three_actions_and_a_reaction() -> None:
    # "Während einer Begegnung erhältst du zu Beginn deines Zuges 3 Aktionen" — "In einer
    # Begegnung erhältst du jede Runde 1 Reaktion"
    plan = plan_turn([Step("Stride"), Step("Stride"), Step("Stride"), Step("Stride")])
    assert [p.code for p in plan.problems] == ["no_action_left"]
    reactions = plan_turn([Step("Shield Block", "reaction", trigger="hit"),
                           Step("Attack of Opportunity", "reaction", trigger="move")])
    assert [p.code for p in reactions.problems] == ["no_reaction_left"]


def test_haste_and_slowed() -> None:
    # "verleiht dir der Zauber Hast den Zustand Beschleunigt, schränkt aber ein, wie du
    # die zusätzliche Aktion einsetzen kannst. Wenn du nun während der Wirkungsdauer von
    # Hast, eine Aktion verlierst, kannst du aussuchen, die von Hast verliehene
    # zusätzliche Aktion zuerst zu verlieren"
    hasted = budget_for(quickened_for=["Stride", "Strike"])
    assert (hasted.actions, hasted.quickened) == (3, 1)
    slowed = budget_for(quickened_for=["Stride", "Strike"], slowed=1)
    assert (slowed.actions, slowed.quickened) == (3, 0)
    other_choice = budget_for(quickened_for=["Stride", "Strike"], slowed=1,
                              lose_quickened_first=False)
    assert (other_choice.actions, other_choice.quickened) == (2, 1)
    plan = plan_turn([Step("Interact")] * 3 + [Step("Interact")], hasted)
    assert [p.code for p in plan.problems] == ["no_action_left"]


def test_cannot_act() -> None:
    # "Wenn du nicht handeln darfst, erhältst du zu Beginn deines Zuges keine Aktionen
    # oder Reaktionen zurück."
    budget = budget_for(cannot_act=True)
    assert (budget.actions, budget.reactions) == (0, 0)


def test_sudden_charge() -> None:
    # "Plötzlicher Sturmangriff dagegen ist eine Aktivität, bei der du die beiden Aktionen
    # Laufen und Angriff benutzt" — "du könntest diese zusätzliche Aktion nicht für eine
    # Aktivität aufwenden, die Laufen oder Angriff als Untergeordnete Aktion beinhaltet."
    charge = Step("Sudden Charge", 2, subordinate=("Stride", "Stride", "Strike"))
    hasted = budget_for(quickened_for=["Stride", "Strike"])
    plan = plan_turn([charge, Step("Strike", traits=frozenset({"attack"})),
                      Step("Strike", traits=frozenset({"attack"}))], hasted)
    assert plan.valid
    assert plan.spent == ("2 actions", "quickened", "1 action")
    # the Strike inside keeps its attack trait: it counts for the multiple attack penalty
    assert plan.attack_penalties == (0, -5, -10)
    short = plan_turn([Step("Stride"), Step("Stride"), charge])
    assert [p.code for p in short.problems] == ["activity_needs_all_actions_at_once"]


def test_if_your_next_action_is_a_strike() -> None:
    # "dann erfüllt eine Aktivität, die Angriff als Untergeordnete Aktion beinhaltet, diese
    # Bedingung nicht"
    setup = Step("Hunt Prey", requires_next="Strike")
    charge = Step("Sudden Charge", 2, subordinate=("Stride", "Stride", "Strike"))
    assert [p.code for p in plan_turn([setup, charge]).problems] == ["next_action_mismatch"]
    assert plan_turn([setup, Step("Strike")]).valid


def test_one_response_per_trigger_and_disrupted_activities() -> None:
    # "Als Antwort auf einen bestimmten Auslöser kannst du jedoch immer nur eine solche
    # Handlung einsetzen." — "Bei einer Aktivität verlierst du alle Aktionen, die du für
    # diese Aktivität aufwenden musst"
    plan = plan_turn([Step("Reactive Strike", "reaction", trigger="your turn begins"),
                      Step("Quick Draw", "free", trigger="your turn begins")])
    assert [p.code for p in plan.problems] == ["one_response_per_trigger"]
    spell = plan_turn([Step("Cast a Spell", 3, disrupted=True)])
    assert (spell.actions_left, spell.effects_lost) == (0, (0,))


def test_protocol_and_cli() -> None:
    conditions = resolve({"system": "pf2e", "action": "conditions", "lang": "de",
                          "conditions": [{"name": "Verängstigt", "value": 2}],
                          "gain": [{"name": "Sterbend"}], "statistic": "ac"})
    assert conditions["total"] == -6
    assert "Bewusstlos" in conditions["text"]
    runner = CliRunner()
    result = runner.invoke(cli, ["pf2e", "affliction", ARSEN, "--saves", "failure,success"])
    assert result.exit_code == 0
    assert "recovered" in result.output
    turn = runner.invoke(cli, ["pf2e", "turn", "--step", "Sudden Charge:2:Stride+Stride+Strike",
                               "--step", "Strike", "--quickened", "Stride,Strike"])
    assert "multiple attack penalty -5" in turn.output
    assert "valid" in turn.output
    counter = runner.invoke(cli, ["pf2e", "counteract", "--degree", "success", "--level", "2",
                                  "--target-level", "3"])
    assert "counteracted" in counter.output


def test_exploration_activities_and_companions() -> None:
    # "Wenn eine Aktivität außerhalb einer Begegnung unterbrochen oder gestört wird [...]
    # verlierst du normalerweise die Zeit, die du bereits dafür aufgewendet hast"
    plan = plan_turn([Step("Repair", "downtime", minutes=10, disrupted=True),
                      Step("Search", "exploration", minutes=30)])
    assert plan.valid
    assert (plan.minutes, plan.minutes_lost) == (40, 10)
    # "Du kannst deine Heldenpunkte auch zugunsten deines Tiergefährten oder Vertrauten
    # ausgeben."
    spent = resolve({"system": "pf2e", "action": "hero_points", "points": 2, "event": "reroll",
                     "on_behalf_of": "wolf"})
    assert (spent["points"], spent["on_behalf_of"]) == (1, "wolf")


degrees = st.sampled_from(list(Degree))


@given(st.integers(1, 6), st.booleans(), st.sampled_from(["poison", "disease", "curse"]),
       st.lists(st.tuples(degrees, st.booleans()), max_size=20))
def test_affliction_stage_stays_in_range(stages: int, virulent: bool, kind: str,
                                         saves: list[tuple[Degree, bool]]) -> None:
    affliction = Affliction(stages, virulent, kind)
    state = Stage()
    for degree, exposure in saves:
        if state.stage == 0:
            exposure = True
        result = save(affliction, state, degree, exposure)
        state = result.state
        assert 0 <= state.stage <= stages
        assert result.ended == (state.stage == 0) or result.no_effect


@given(st.lists(st.sampled_from(["Stride", "Strike", "Interact", "Sudden Charge",
                                 "Shield Block"]), max_size=8),
       st.integers(0, 3), st.booleans())
def test_turn_plan_never_spends_more_than_it_has(names: list[str], slowed: int,
                                                 hasted: bool) -> None:
    kinds = {"Sudden Charge": Step("Sudden Charge", 2, subordinate=("Stride", "Stride",
                                                                    "Strike")),
             "Shield Block": Step("Shield Block", "reaction", trigger="hit")}
    steps = [kinds.get(n, Step(n)) for n in names]
    budget = budget_for(quickened_for=["Stride", "Strike"] if hasted else [], slowed=slowed)
    plan = plan_turn(steps, budget)
    assert plan.actions_left >= 0
    assert plan.quickened_left >= 0
    used = sum(s.actions for s, spent in zip(steps, plan.spent, strict=True)
               if spent not in ("none", "quickened"))
    assert used <= budget.actions


@given(st.lists(st.tuples(st.sampled_from(["start", "end"]), st.sampled_from(["a", "b"])),
                max_size=30))
def test_expired_effects_stay_expired(events: list[tuple[str, str]]) -> None:
    effects = [Effect("r", "rounds", "a", "b", remaining=2),
               Effect("t", "target_turns", "a", "b", remaining=2)]
    ticks, left = run(effects, [Event(k, c) for k, c in events])  # type: ignore[arg-type]
    expired = [name for tick in ticks for name in tick.expired]
    assert len(expired) == len(set(expired))
    assert not set(expired) & {e.name for e in left}
