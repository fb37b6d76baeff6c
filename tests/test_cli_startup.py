"""The quick start of ``regelwerk roll`` (issue 15): the plain output is the bytes
rich prints, the plain check of a dice request is the model's answer, and the roll
command loads neither pydantic nor rich."""

from __future__ import annotations

import io
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from regelwerk.cli.common import console
from regelwerk.cli.dice import dice_legend, dice_text
from regelwerk.cli.lines import Line, show, to_rich
from regelwerk.i18n import translator
from regelwerk.protocol import resolve
from regelwerk.protocol.registry import system_actions

EXPRESSIONS = ["4d6kh3", "8d6!", "2d20kh1+5", "10d6cs>=5", "4d6rr1", "3d6 [fire] + 2",
               "1d20+5 to hit the goblin", "6#4d6kh3", "d%"]


class _Pipe(io.StringIO):
    def isatty(self) -> bool:
        return False


def _lines(expression: str, lang: str) -> list[Line]:
    response = resolve({"system": "dice", "action": "roll", "expression": expression,
                        "seed": 11, "lang": lang})
    t = translator(lang)
    lines: list[Line] = []
    for term in response["terms"]:
        lines.append([(f"{term['term']}: ", "cyan"), *dice_text(term["dice"])])
        legend = dice_legend(t, term["dice"])
        if legend:
            lines.append([(legend, "dim")])
    lines.append(t("Chance of {total} or more: {chance}", total=t.number(17),
                   chance=t.percent(0.4875, 2)))
    return lines


@pytest.mark.parametrize("lang", ["en", "de", "is"])
@pytest.mark.parametrize("expression", EXPRESSIONS)
def test_plain_lines_are_what_rich_prints(expression: str, lang: str,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    lines = _lines(expression, lang)
    ours, theirs = _Pipe(), _Pipe()
    show(lines, ours)
    printer = console(theirs)
    for line in lines:
        printer.print(to_rich(line))
    assert ours.getvalue() == theirs.getvalue()


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=12), st.sampled_from(["", "bold", "dim strike"]))
def test_any_text_prints_as_rich_prints_it(text: str, style: str) -> None:
    """Control characters, markup and emoji codes: rich's rendering either way."""
    for line in ([(text, style)], text):
        ours, theirs = _Pipe(), _Pipe()
        show([line], ours)
        console(theirs).print(to_rich(line))
        assert ours.getvalue() == theirs.getvalue()


FIELDS = st.dictionaries(st.sampled_from(["expression", "expresion", "seed", "x"]),
                         st.one_of(st.text(max_size=8), st.integers(), st.none(),
                                   st.lists(st.integers(), max_size=2)), max_size=3)


@settings(max_examples=80, deadline=None)
@given(FIELDS)
def test_plain_check_accepts_only_what_the_model_accepts(fields: dict[str, Any]) -> None:
    for action in system_actions("dice").values():
        assert action.plain is not None
        checked = action.plain(fields)
        if checked is None:
            continue
        model = action.model.model_validate(fields)
        assert model.expression == checked.expression  # type: ignore[attr-defined]


def test_a_roll_loads_neither_pydantic_nor_rich() -> None:
    code = ("import sys\n"
            "from regelwerk.cli.main import main\n"
            "try:\n    main(['roll', '4d6kh3', '--seed', '3'])\n"
            "except SystemExit as end:\n    assert end.code == 0, end.code\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'pydantic', 'rich'}))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.splitlines()[-1] == "[]"


def test_a_bad_dice_request_is_still_explained_by_the_model() -> None:
    response = resolve({"system": "dice", "action": "roll", "expression": 5})
    assert response["error"]["code"] == "wrong_type"
    response = resolve({"system": "dice", "action": "roll", "expression": "1d6", "x": 1})
    assert response["error"]["code"] == "unknown_field"
