"""D&D 5e protocol answers in this process that the other files leave out: the action
table's example helper, and two sources of disadvantage."""

from __future__ import annotations

from regelwerk import resolve
from regelwerk.systems.dnd5e import actions


def test_an_example_is_a_request_of_its_action() -> None:
    assert actions._example("dc", name="hard") == {"system": "dnd5e", "action": "dc",
                                                   "name": "hard"}


# "Til dæmis, ef skilyrðin eru svo hagstæð að tvö atriði veiti þér mótbyr kastarðu
# samt bara einum d20 til viðbótar."
def test_two_sources_of_disadvantage_roll_one_extra_d20_and_say_so() -> None:
    one_extra = [{"label": "extra sources", "reason_code": "one_extra_d20",
                  "reason": "at most one extra d20, however many sources"}]
    for sources, ignored in ((1, []), (2, one_extra)):
        response = resolve({"system": "dnd5e", "action": "check", "score": 14,
                            "disadvantage": sources, "faces": [15, 4]})
        assert response == {
            "ok": True, "mode": "disadvantage", "d20": [15, 4], "lucky_reroll": False,
            "rerolled_index": None, "kept_index": 1, "natural": 4, "modifier": 2,
            "total": 6, "modifiers": [{"label": "ability", "value": 2}], "ignored": ignored,
            "kind": "ability_check",
            "text": "Ability check: 6 (d20 [15, 4] disadvantage, natural 4, +2)"}
