"""An affliction's stat block and its whole life, pinned: every field read from the text,
and the whole track with what happened after each exposure, save and span of time."""

from __future__ import annotations

from dataclasses import replace

import pytest

from regelwerk.errors import RuleError
from regelwerk.systems.pf2e.checks.degrees import Degree
from regelwerk.systems.pf2e.effects.affliction_text import (
    StageText,
    parse_affliction,
    parse_duration,
)
from regelwerk.systems.pf2e.effects.affliction_track import (
    Happening,
    Track,
    elapse,
    expose,
    stage_save,
)

CS, S, F, CF = (Degree.CRITICAL_SUCCESS, Degree.SUCCESS, Degree.FAILURE,
                Degree.CRITICAL_FAILURE)
# the text's example: "Arsen (Alchemistisch, Gift, Verzehr); Stufe 1; Rettungswurf ZÄH,
# SG 18; Verzögerung 10 Minuten; Maximale Wirkungsdauer 5 Minuten; Phase 1 1W4
# Giftschaden und Kränkelnd 1 (1 Minute); Phase 2 [...]"
ARSEN = ("Arsen (Alchemistisch, Gift, Verzehr); Stufe 1; Rettungswurf ZÄH, SG 18; "
         "Verzögerung 10 Minuten; Maximale Wirkungsdauer 5 Minuten; Phase 1 1W4 "
         "Giftschaden und Kränkelnd 1 (1 Minute); Phase 2 1W6 Giftschaden und "
         "Kränkelnd 2 (1 Minute); Phase 3 2W6 Giftschaden und Kränkelnd 3 (1 Minute)")
ONE, TWO, THREE = ("1W4 Giftschaden und Kränkelnd 1", "1W6 Giftschaden und Kränkelnd 2",
                   "2W6 Giftschaden und Kränkelnd 3")
# no onset, stages of different lengths, no maximum duration
SPORES = ("Sporen (Krankheit); Rettungswurf REF, SG 20; Phase 1 Kränkelnd 1 (1 Runde); "
          "Phase 2 Kränkelnd 2 (2 Runden); Phase 3 bewusstlos (1 Tag)")
VENOM = ("Nattergift (Gift, Ausgeprägt); Phase 1 Kränkelnd 1 (1 Runde); "
         "Phase 2 Kränkelnd 2 (1 Runde)")


@pytest.mark.parametrize(("text", "seconds"), [
    ("1 Runde", 6), ("2 Runden", 12), ("1 round", 6), ("3 rounds", 18),
    ("1 Minute", 60), ("10 Minuten", 600), ("1 minute", 60), ("5 minutes", 300),
    ("1 Stunde", 3600), ("2 Stunden", 7200), ("1 hour", 3600), ("3 hours", 10800),
    ("1 Tag", 86400), ("2 Tage", 172800), ("3 Tagen", 259200), ("1 day", 86400),
    ("2 days", 172800), ("1 Woche", 604800), ("2 Wochen", 1209600), ("1 week", 604800),
    ("3 weeks", 1814400), (" 4 MINUTEN ", 240)])
def test_durations_in_seconds(text: str, seconds: int) -> None:
    # "Eine Runde [...] entspricht ungefähr 6 Sekunden in der Spielwelt"
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("text", ["10 Jahre", "zehn Minuten", "10", "Minuten", "", "1,5 Tage"])
def test_durations_that_cannot_be_read_are_refused(text: str) -> None:
    with pytest.raises(RuleError, match="cannot read the duration") as refused:
        parse_duration(text)
    assert refused.value.code == "invalid_value"


def test_every_field_of_the_stat_block() -> None:
    # "Der Name des Leidens wird stets zuerst genannt, dahinter in Klammern seine
    # Kategorien"
    block = parse_affliction(ARSEN)
    assert (block.name, block.traits, block.type, block.virulent) == (
        "Arsen", ("Alchemistisch", "Gift", "Verzehr"), "poison", False)
    assert (block.level, block.save, block.dc, block.onset, block.max_duration) == (
        1, "fortitude", 18, 600, 300)
    assert block.stages == (StageText(1, ONE, 60), StageText(2, TWO, 60),
                            StageText(3, THREE, 60))


def test_a_block_without_level_onset_or_maximum_duration() -> None:
    block = parse_affliction(SPORES)
    assert (block.name, block.traits, block.type, block.virulent) == (
        "Sporen", ("Krankheit",), "disease", False)
    assert (block.level, block.save, block.dc, block.onset, block.max_duration) == (
        None, "reflex", 20, None, None)
    assert [s.interval for s in block.stages] == [6, 12, 86400]


def test_a_block_without_traits_and_a_stage_without_interval() -> None:
    block = parse_affliction("Fluch der Mumie; Stufe 7 Zauber; Phase 1 verflucht")
    assert (block.name, block.traits, block.type, block.level) == (
        "Fluch der Mumie", (), "other", 7)
    assert block.stages == (StageText(1, "verflucht", None),)
    assert parse_affliction("Gift X (Gift); Level many; Stage 1 x").level is None


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty affliction text"), (" ; ;\n", "empty affliction text"),
    ("Nichts (Gift); Stufe 1", "no stages found"),
    ("Lücke (Gift); Phase 1 a (1 Runde); Phase 3 c (1 Runde)", "numbered 1, 2, 3"),
    ("Rückwärts (Gift); Phase 2 b (1 Runde); Phase 1 a (1 Runde)", "numbered 1, 2, 3")])
def test_stat_blocks_that_cannot_be_read_are_refused(text: str, message: str) -> None:
    with pytest.raises(RuleError, match=message) as refused:
        parse_affliction(text)
    assert refused.value.code == "invalid_value"


@pytest.mark.parametrize("degree", [S, CS])
def test_a_successful_initial_save_leaves_the_creature_unaffected(degree: Degree) -> None:
    # "Wenn dein initialer Rettungswurf ein Erfolg ist, bleibst du bei diesem Kontakt von
    # dem Leiden verschont."
    block = parse_affliction(ARSEN)
    assert expose(block, Track(), degree) == (Track(ended=True), [Happening("unaffected")])


def test_a_failed_initial_save_waits_for_the_onset() -> None:
    # "Ist dein initialer Rettungswurf jedoch ein Fehlschlag, dann gehst du nach Ablauf
    # der Verzögerung des Leidens (sofern es diese gibt) zu Phase 1 des Leidens über"
    block = parse_affliction(ARSEN)
    assert expose(block, Track(), F) == (Track(1, 0, 600, 300, 60),
                                         [Happening("onset", 1, "600")])
    assert expose(block, Track(), CF) == (Track(2, 0, 600, 300, 60),
                                          [Happening("onset", 2, "600")])
    # an affliction that ended earlier begins anew
    assert expose(block, Track(ended=True), F) == (Track(1, 0, 600, 300, 60),
                                                   [Happening("onset", 1, "600")])


def test_without_onset_the_stage_takes_hold_at_once() -> None:
    block = parse_affliction(SPORES)
    assert expose(block, Track(), F) == (Track(1, 0, 0, None, 6),
                                         [Happening("stage", 1, "Kränkelnd 1")])
    # each stage has its own interval
    assert expose(block, Track(), CF) == (Track(2, 0, 0, None, 12),
                                          [Happening("stage", 2, "Kränkelnd 2")])


def test_the_onset_runs_down_and_then_the_stage_and_its_interval_run() -> None:
    block = parse_affliction(ARSEN)
    start = Track(1, 0, 600, 300, 60)
    assert elapse(block, start, 599) == (Track(1, 0, 1, 300, 60), [])
    assert elapse(block, start, 600) == (Track(1, 0, 0, 300, 60), [Happening("stage", 1, ONE)])
    # the time after the onset counts against the interval and the maximum duration
    assert elapse(block, start, 601) == (Track(1, 0, 0, 299, 59), [Happening("stage", 1, ONE)])
    assert elapse(block, start, 610) == (Track(1, 0, 0, 290, 50), [Happening("stage", 1, ONE)])
    # time stops where the save falls due
    assert elapse(block, start, 700) == (Track(1, 0, 0, 240, 0),
                                         [Happening("stage", 1, ONE), Happening("save_due", 1)])


def test_time_without_a_save_interval_runs_to_the_maximum_duration() -> None:
    block = parse_affliction("Schlafgift (Gift); Maximale Wirkungsdauer 1 Stunde; "
                             "Phase 1 müde")
    track, happened = expose(block, Track(), F)
    assert (track, happened) == (Track(1, 0, 0, 3600, None), [Happening("stage", 1, "müde")])
    assert elapse(block, track, 3599) == (Track(1, 0, 0, 1, None), [])
    assert elapse(block, track, 3600) == (Track(ended=True), [Happening("max_duration", 1)])


def test_the_maximum_duration_ends_it_in_any_stage() -> None:
    # "Wenn diese Zeit abgelaufen ist, endet das Leiden."
    block = parse_affliction(ARSEN)
    assert elapse(block, Track(3, 0, 0, 60, 60), 60) == (Track(ended=True),
                                                        [Happening("max_duration", 3)])
    assert elapse(block, Track(3, 0, 0, 61, 60), 60) == (Track(3, 0, 0, 1, 0),
                                                        [Happening("save_due", 3)])


def test_no_time_passes_for_nothing() -> None:
    block = parse_affliction(ARSEN)
    due = Track(2, 0, 0, 100, 0)
    assert elapse(block, due, 0) == (due, [])
    with pytest.raises(RuleError, match="time cannot run backwards") as refused:
        elapse(block, due, -1)
    assert refused.value.code == "out_of_range"
    # not afflicted, or no longer: time changes nothing
    assert elapse(block, Track(), 60) == (Track(), [])
    # a track at stage 0 (as a request may give it) is not afflicted, whatever its clocks
    idle = Track(0, 0, 0, 100, 60)
    assert elapse(block, idle, 30) == (idle, [])
    over = Track(2, 0, 0, 100, 60, ended=True)
    assert elapse(block, over, 60) == (over, [])


def test_stage_saves_whole() -> None:
    # "Ist dieser ein Erfolg, kannst du um eine Phase zurückgehen (bzw. um zwei Phasen bei
    # einem Kritischen Erfolg). [...] Bei einem Kritischen Fehlschlag gehst du gleich zwei
    # Phasen weiter."
    block = parse_affliction(SPORES)
    due = Track(2, 0, 0, None, 0)
    assert stage_save(block, due, S) == (Track(1, 0, 0, None, 6),
                                         [Happening("stage", 1, "Kränkelnd 1")])
    assert stage_save(block, due, CS) == (Track(ended=True), [Happening("recovered")])
    assert stage_save(block, due, F) == (Track(3, 0, 0, None, 86400),
                                         [Happening("stage", 3, "bewusstlos")])
    assert stage_save(block, due, CF) == (Track(3, 0, 0, None, 86400),
                                          [Happening("repeated", 3, "bewusstlos")])


def test_stage_saves_need_an_affliction_past_its_onset() -> None:
    block = parse_affliction(ARSEN)
    for track in (Track(), Track(ended=True), Track(2, 0, 0, 100, 0, ended=True)):
        with pytest.raises(RuleError, match="begin with an initial save") as refused:
            stage_save(block, track, S)
        assert refused.value.code == "invalid_value"
    with pytest.raises(RuleError, match="the onset has not ended") as early:
        stage_save(block, Track(1, 0, 1, 300, 60), S)
    assert early.value.code == "invalid_value"


def test_repeated_exposure_to_a_poison() -> None:
    # "Wenn du dem gleichen Gift erneut ausgesetzt bist, führt ein Fehlschlag bei einem
    # weiteren initialen Rettungswurf jedoch [...] dazu, dass du zur nächsthöheren Phase
    # übergehst. [...] Dabei verändert sich die maximale Wirkungsdauer der Vergiftung
    # nicht. [...] Die Verzögerungsdauer wird dadurch nicht verändert."
    block = parse_affliction(ARSEN)
    waiting = Track(1, 0, 300, 300, 60)
    assert expose(block, waiting, F) == (Track(2, 0, 300, 300, 60), [])
    assert expose(block, waiting, S) == (waiting, [])
    active = Track(1, 0, 0, 200, 30)
    assert expose(block, active, F) == (Track(2, 0, 0, 200, 30), [Happening("stage", 2, TWO)])
    assert expose(block, active, CF) == (Track(3, 0, 0, 200, 30),
                                         [Happening("stage", 3, THREE)])
    assert expose(block, active, S) == (active, [])
    assert expose(block, active, CS) == (active, [])
    # beyond the last stage the last stage repeats
    last = Track(3, 0, 0, 200, 30)
    assert expose(block, last, F) == (last, [Happening("repeated", 3, THREE)])


def test_a_virulent_poison_s_successes_in_a_row_start_over_on_a_new_exposure() -> None:
    # "zwei aufeinanderfolgende Erfolge bei Rettungswürfen" — a failed initial save in
    # between breaks the row
    block = parse_affliction(VENOM)
    assert block.virulent
    assert expose(block, Track(1, 1, 0, None, 6), F) == (Track(2, 0, 0, None, 6),
                                                         [Happening("stage", 2,
                                                                    "Kränkelnd 2")])


def test_repeated_exposure_to_a_disease_or_curse_has_no_effect() -> None:
    # "Wenn du dem gleichen Fluch oder der gleichen Krankheit mehrfach ausgesetzt bist,
    # hat dies keinen Effekt."
    block = parse_affliction(SPORES)
    sick = Track(2, 0, 0, None, 4)
    for degree in (CS, S, F, CF):
        assert expose(block, sick, degree) == (sick, [Happening("no_effect", 2)])


@pytest.mark.parametrize("trait", ["Ausgeprägt", "ausgepraegt", "AUSGEPRÄGT", "virulent"])
def test_the_virulent_trait_in_german_and_english(trait: str) -> None:
    # "Leiden der Kategorie Ausgeprägt sind schwieriger loszuwerden."
    assert parse_affliction(f"Nattergift (Gift, {trait}); Phase 1 a (1 Runde)").virulent
    assert not parse_affliction("Nattergift (Gift); Phase 1 a (1 Runde)").virulent


def test_a_virulent_affliction_needs_two_successes_in_a_row() -> None:
    # "Bei einem solchen Leiden musst du zwei aufeinanderfolgende Erfolge bei
    # Rettungswürfen erzielen, damit du die Phase des Ausgeprägten Leidens reduzieren
    # darfst. Ein Kritischer Erfolg reduziert die Phase eines Ausgeprägten Leidens nur um
    # 1 statt um 2."
    block = parse_affliction(VENOM)
    due = Track(2, 0, 0, None, 0)
    once, happened = stage_save(block, due, S)
    assert (once, happened) == (Track(2, 1, 0, None, 6), [Happening("stage", 2, "Kränkelnd 2")])
    assert stage_save(block, replace(once, next_save_in=0), S) == (
        Track(1, 0, 0, None, 6), [Happening("stage", 1, "Kränkelnd 1")])
    assert stage_save(block, due, CS) == (Track(1, 0, 0, None, 6),
                                          [Happening("stage", 1, "Kränkelnd 1")])
