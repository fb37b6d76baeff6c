"""5e answers pinned whole with their text: a check without a DC, contests won and tied,
passive checks at DC − 1, DC and DC + 1 (docs/rulings.md, "5e: contests and passive
checks")."""

from __future__ import annotations

import pytest

from regelwerk import resolve


def test_a_check_without_a_dc_tells_the_total_and_how_it_came() -> None:
    # "Til að gera hæfileikakast skaltu kasta d20 og bæta við viðeigandi hæfileikabreytu."
    answer = resolve({"system": "dnd5e", "action": "check", "modifier": 3, "faces": [12]})
    assert answer == {
        "ok": True, "mode": "normal", "d20": [12], "lucky_reroll": False,
        "rerolled_index": None, "kept_index": 0, "natural": 12, "modifier": 3, "total": 15,
        "modifiers": [{"label": "ability", "value": 3}], "ignored": [],
        "kind": "ability_check", "text": "Ability check: 15 (d20 [12], natural 12, +3)"}


@pytest.mark.parametrize(("faces", "winner", "summary"), [
    ([12, 11], "tie", "Contest (14 to 14): a tie: the situation stays as it was"),
    ([12, 12], "b", "Contest (14 to 15): B wins"),
    ([13, 11], "a", "Contest (15 to 14): A wins"),
])
def test_a_contest_names_the_winner_or_the_tie(faces: list[int], winner: str,
                                               summary: str) -> None:
    answer = resolve({"system": "dnd5e", "action": "contest", "a": {"modifier": 2},
                      "b": {"modifier": 3}, "faces": faces})
    assert (answer["a"]["total"], answer["b"]["total"]) == (faces[0] + 2, faces[1] + 3)
    assert answer["winner"] == winner
    assert answer["text"] == summary


@pytest.mark.parametrize(("dc", "success"), [(12, True), (13, True), (14, False)])
def test_a_passive_check_meets_or_beats_the_dc(dc: int, success: bool) -> None:
    # "Ef niðurstaðan er jöfn eða hærri en erfiðleikastigið er kastinu náð": 10 + 3 = 13
    answer = resolve({"system": "dnd5e", "action": "passive", "modifier": 3, "dc": dc})
    verdict = "success" if success else "failure"
    assert answer == {
        "ok": True, "passive": 13, "mode": "normal", "modifier": 3,
        "modifiers": [{"label": "ability", "value": 3}], "ignored": [], "dc": dc,
        "success": success, "probability": 1.0 if success else 0.0,
        "text": f"Passive check 13 against DC {dc}: {verdict}"}


def test_a_passive_check_without_a_dc_is_its_score() -> None:
    # 10 + 3, and 5 more with advantage
    assert resolve({"system": "dnd5e", "action": "passive", "modifier": 3})["text"] == \
        "Passive check: 13"
    assert resolve({"system": "dnd5e", "action": "passive", "modifier": 3,
                    "advantage": 1})["text"] == "Passive check: 18"
