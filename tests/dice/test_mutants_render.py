"""Rendering a roll (plain text, Markdown, JSON) and the result tree it reads, with
faces given in rolling order and each whole text written out here from the
renderers' documented marks: plain ``~`` dropped or rerolled, ``!`` exploded, ``*``
a counted success; Markdown struck through, the lowest and highest faces in bold
(a d1 has no highest or lowest face to show), successes underlined, the total in
bold; JSON every die's state."""

from __future__ import annotations

import pytest

from regelwerk.dice import ScriptedRandomSource, roll, to_json, to_markdown, to_plain
from regelwerk.dice.results import Die, RollResult


def rolled(text: str, *faces: int) -> RollResult:
    source = ScriptedRandomSource(faces)
    result = roll(text, source)
    assert source.remaining == 0
    return result


@pytest.mark.parametrize(("text", "faces", "plain", "markdown"), [
    ("2d6!", (6, 3, 2), "2d6e6 (6!, 3, 2) = 11", "2d6e6 (**6**!, 3, 2) = `11`"),
    ("3d6cs>=5", (5, 1, 6), "3d6cs>=5 (5*, 1, 6*) = 2",
     "3d6cs>=5 (__5__, **1**, __**6**__) = `2`"),
    ("4d6kh3", (1, 6, 2, 4), "4d6kh3 (~1, 6, 2, 4) = 12", "4d6kh3 (~~**1**~~, **6**, 2, 4) = `12`"),
    ("2d6ro1", (1, 4, 5), "2d6ro1 (~1, 5, 4) = 9", "2d6ro1 (~~**1**~~, 5, 4) = `9`"),
    ("3d1", (1, 1, 1), "3d1 (1, 1, 1) = 3", "3d1 (1, 1, 1) = `3`"),
    ("1d2+1d2", (1, 2), "1d2 (1) + 1d2 (2) = 3", "1d2 (**1**) + 1d2 (**2**) = `3`"),
    ("2d6!cs6", (6, 2, 6, 1), "2d6e6cs6 (6!*, 2, 6!*, 1) = 2",
     "2d6e6cs6 (__**6**!__, 2, __**6**!__, **1**) = `2`"),
    ("2d6!kl1", (6, 3, 2), "2d6e6kl1 (~6!, ~3, 2) = 2", "2d6e6kl1 (~~**6**!~~, ~~3~~, 2) = `2`"),
    ("3d6pl1cs>=5", (5, 6, 2), "3d6pl1cs>=5 (5*, 6*, ~2) = 2",
     "3d6pl1cs>=5 (__5__, __**6**__, ~~2~~) = `2`"),
])
def test_each_die_is_marked(text: str, faces: tuple[int, ...], plain: str,
                            markdown: str) -> None:
    result = rolled(text, *faces)
    assert to_plain(result) == plain
    assert to_markdown(result) == markdown


def test_every_kind_of_term_renders() -> None:
    result = rolled("-(1d4+2) * 3 [fire]", 3)
    assert to_plain(result) == "-(1d4 (3) + 2) * 3 [fire] = -15"
    assert to_markdown(result) == "-(1d4 (3) + 2) * 3 [fire] = `-15`"
    result = rolled("2d6 [cold] + 1", 2, 6)
    assert to_plain(result) == "2d6 (2, 6) [cold] + 1 = 9"
    result = rolled("(1d6, 1d6, 3)kh2", 1, 5)
    assert to_plain(result) == "(~1d6 (1), 1d6 (5), 3)kh2 = 8"
    assert to_markdown(result) == "(~1d6 (**1**), 1d6 (5), 3)kh2 = `8`"
    assert to_plain(rolled("(1d6,)", 4)) == "(1d6 (4),) = 4"
    assert to_plain(rolled("(1d6+1)kh1", 4)) == "(1d6 (4) + 1)kh1 = 5"
    assert to_plain(rolled("3#1d6", 1, 2, 3)) == "1d6 (1) = 1; 1d6 (2) = 2; 1d6 (3) = 3 = 6"
    assert to_plain(rolled("7/2")) == "7 / 2 = 3"
    assert to_plain(rolled("1d6 to hit", 4)) == "1d6 (4) = 4"


def test_json_gives_every_die_and_term() -> None:
    result = rolled("2d6!ro1kh2 [fire] + (1d4) to hit", 6, 1, 5, 3, 2)
    assert to_json(result) == {
        "expression": "2d6e6ro1kh2 [fire]+(1d4) to hit",
        "total": 6 + 5 + 2,
        "faces": [6, 1, 5, 3, 2],
        "comment": "to hit",
        "terms": [
            {"term": "2d6e6ro1kh2 [fire]", "label": "fire", "total": 11, "dice": [
                {"sides": 6, "natural": 6, "value": 6, "kept": True, "dropped": False,
                 "rerolled": False, "exploded": True, "from_explosion": False,
                 "success": None},
                {"sides": 6, "natural": 1, "value": 1, "kept": False, "dropped": False,
                 "rerolled": True, "exploded": False, "from_explosion": False,
                 "success": None},
                {"sides": 6, "natural": 3, "value": 3, "kept": False, "dropped": True,
                 "rerolled": False, "exploded": False, "from_explosion": False,
                 "success": None},
                {"sides": 6, "natural": 5, "value": 5, "kept": True, "dropped": False,
                 "rerolled": False, "exploded": False, "from_explosion": True,
                 "success": None},
            ]},
            {"term": "1d4", "label": None, "total": 2, "dice": [
                {"sides": 4, "natural": 2, "value": 2, "kept": True, "dropped": False,
                 "rerolled": False, "exploded": False, "from_explosion": False,
                 "success": None}]},
        ],
    }


def test_json_of_a_repeat_gives_each_total() -> None:
    data = to_json(rolled("2#1d6+1", 3, 5))
    assert data["totals"] == [4, 6]
    assert data["total"] == 10
    assert "comment" not in data
    assert [t["total"] for t in data["terms"]] == [3, 5]
    assert "totals" not in to_json(rolled("1d6", 3))


def test_json_of_counted_successes() -> None:
    data = to_json(rolled("2d6cs>=5", 5, 2))
    assert [d["success"] for d in data["terms"][0]["dice"]] == [True, False]
    assert data["total"] == 1


# -- the result tree --------------------------------------------------------------------

@pytest.mark.parametrize(("kept", "rerolled", "dropped"), [
    (True, False, False), (False, False, True), (False, True, False), (True, True, False),
])
def test_a_die_is_dropped_only_when_neither_kept_nor_rerolled(
        kept: bool, rerolled: bool, dropped: bool) -> None:
    assert Die(6, 3, 3, kept, rerolled).dropped is dropped


def test_dice_terms_are_found_inside_every_node_left_to_right() -> None:
    faces = (1, 2, 3, 4, 5, 4, 6, 7, 8, 9)
    result = rolled("2#-(1d4 [a]) + (1d6, 2d8)kh1 * 1d10 [b]", *faces)
    assert [str(t.node) for t in result.dice_terms()] == \
        ["1d4 [a]", "1d6", "2d8", "1d10 [b]"] * 2
    assert result.faces == faces
    assert result.total == (-1 + (3 + 4) * 5) + (-4 + (7 + 8) * 9)
    assert result.expression == "2#-(1d4 [a])+(1d6, 2d8)kh1*1d10 [b]"
    assert result.comment is None


def test_faces_follow_the_rolling_order_within_a_term() -> None:
    """2d6ro1!: the first die's 1 is rerolled (a 6, which explodes: a 3)."""
    result = rolled("2d6ro1!", 1, 4, 6, 3)
    assert result.faces == (1, 4, 6, 3)
    (term,) = result.dice_terms()
    assert [(d.natural, d.order) for d in term.dice] == [(1, 0), (6, 2), (4, 1), (3, 3)]


def test_fractions_are_cut_toward_zero() -> None:
    assert rolled("-7/2").total == -3
    assert rolled("7/2").tree.value * 2 == 7
    assert rolled("1d6/4", 6).total == 1
