"""The cost budget's refusals and ``odds_omitted``, and the notation's limits, in the
reader's language with the reader's numbers, through every door: ``resolve``, the
command line, the real HTTP server and the table.

The brief: "Every human-facing text, number and error [is] in the user's language
(de/en/is), through the gettext catalogues and Babel number formatting."  The costs
are taken from the estimates (they move when an algorithm gets better); the digits
are grouped here by hand, as each language writes them (``2,929,089,192`` in
English, ``2.929.089.192`` in German and Icelandic)."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest
from click.testing import CliRunner
from tools.catalogues import built, built_messages

from regelwerk import resolve
from regelwerk.budget import BUDGET, FIXED, Cost
from regelwerk.cli.main import cli
from regelwerk.dice import parse
from regelwerk.dice.cost import ROLL_COST, STEPS_PER_UNIT, roll_cost
from regelwerk.errors import Message, Number
from regelwerk.i18n import translator
from regelwerk.protocol import registry
from regelwerk.table.errors import TableError
from tests.table.conftest import make_table
from tests.table_api.flows import EZREN

LANGS = ("en", "de", "is")


def grouped(n: int, lang: str) -> str:
    """``n`` with its thousands grouped as ``lang`` writes them."""
    return f"{n:,}".replace(",", "," if lang == "en" else ".")


def over_budget(what: dict[str, str], units: int, lang: str) -> str:
    """The refusal of work over the budget: ``what`` is the work in each language."""
    cost, budget = grouped(units, lang), grouped(BUDGET, lang)
    if lang == "de":
        return (f"für {what['de']} wären {cost} Arbeitseinheiten nötig; das Budget beträgt "
                f"{budget} Arbeitseinheiten je Anfrage (docs/limits.md)")
    if lang == "is":
        return (f"{what['is']}: kostnaðurinn væri {cost} vinnueiningar en hámarkið er "
                f"{budget} vinnueiningar á hverja beiðni (docs/limits.md)")
    return (f"{what['en']} would cost {cost} units of work; the budget is {budget} units "
            "per request (docs/limits.md)")


def odds_of(expression: str) -> dict[str, str]:
    return {"en": f"the exact odds of {expression}", "de": f"die exakten Chancen von {expression}",
            "is": f"nákvæmar líkur fyrir {expression}"}


def too_costly_for_a_roll(expression: str, units: int, lang: str) -> str:
    """A roll's own odds beyond its share of the budget."""
    cost, limit = grouped(units, lang), grouped(ROLL_COST // STEPS_PER_UNIT, lang)
    return {
        "en": f"the exact odds of '{expression}' are too costly to compute (about {cost} "
              f"units of work, at most {limit}); use fewer or smaller dice",
        "de": f"die exakten Chancen für '{expression}' sind zu aufwendig zu berechnen (etwa "
              f"{cost} Arbeitseinheiten, höchstens {limit}); weniger oder kleinere Würfel "
              "verwenden",
        "is": f"nákvæmar líkur fyrir '{expression}' eru of dýrar í útreikningi (um {cost} "
              f"vinnueiningar, í mesta lagi {limit}); notaðu færri eða minni teninga",
    }[lang]


ADVICE = {"system": "w6", "action": "complex_advice", "attribute": 1000,
          "required": [50] * 10}
ADVICE_WORK = {"en": "advice for 1,000 dice over 10 rolls with 5 candidates",
               "de": "den Rat für 1.000 Würfel auf 10 Würfe mit 5 Vorschlägen",
               "is": "ráð fyrir 1.000 teninga í 10 köstum með 5 tillögum"}
AREA = {"system": "pf2e", "action": "area", "map": {"width": 200, "height": 200},
        "shape": "burst", "size": 1000, "corner": [100, 100]}


def _units(request: dict[str, Any]) -> int:
    action = registry()[request["system"]][request["action"]]
    fields = {k: v for k, v in request.items() if k not in ("system", "action", "lang")}
    return action.estimate(action.model.model_validate(fields)).units


DISTRIBUTION_100000D6 = _units({"system": "dice", "action": "distribution",
                                "expression": "100000d6"})


def _area_work(lang: str) -> dict[str, str]:
    squares = grouped(1_779_556, lang)  # (2 × (⌊1000 / 1.5⌋ + 1))², docs/limits.md
    return {"en": f"a burst of 1,000 m ({squares} squares examined)",
            "de": f"eine Fläche (Explosion) von 1.000 m ({squares} Felder untersucht)",
            "is": f"sprenging upp á 1.000 m ({squares} reitir skoðaðir)"}


# -- resolve ---------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_odds_over_the_budget_are_refused_in_the_readers_language(lang: str) -> None:
    answer = resolve({"system": "dice", "action": "distribution", "expression": "100000d6",
                      "lang": lang})
    assert answer["error"] == {"code": "limit_exceeded", "message": over_budget(
        odds_of("100000d6"), DISTRIBUTION_100000D6, lang)}


@pytest.mark.parametrize("lang", LANGS)
def test_a_roll_over_the_budget_says_why_in_the_readers_language(lang: str) -> None:
    rolled = resolve({"system": "dice", "action": "roll", "expression": "1000d1000kh500",
                      "seed": 1, "lang": lang})
    assert rolled["odds_omitted"] == over_budget(
        odds_of("1000d1000kh500"), roll_cost(parse("1000d1000kh500")).units, lang)
    # one roll's two reasons for leaving its odds out speak the same language
    share = resolve({"system": "dice", "action": "roll", "expression": "100d20kh50",
                     "seed": 1, "lang": lang})
    assert share["odds_omitted"] == too_costly_for_a_roll(
        "100d20kh50", roll_cost(parse("100d20kh50")).units, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_w6_advice_and_a_pf2e_area_over_the_budget(lang: str) -> None:
    advice = resolve({**ADVICE, "lang": lang})
    assert advice["error"]["message"] == over_budget(ADVICE_WORK, _units(ADVICE), lang)
    area = resolve({**AREA, "lang": lang})
    assert area["error"]["message"] == over_budget(_area_work(lang), _units(AREA), lang)


LIMITS = {
    # the number quoted whole and grouped, never cut to another number (audit G6)
    "1d1000000000000": {
        "en": "number of faces 1,000,000,000,000 is too large: at most 10,000",
        "de": "Seitenzahl 1.000.000.000.000 ist zu groß: höchstens 10.000",
        "is": "fjöldi hliða 1.000.000.000.000 er of stór: í mesta lagi 10.000"},
    "9999999999999999999999": {
        "en": "number with 22 digits is too large: at most 1,000,000",
        "de": "Zahl mit 22 Ziffern ist zu groß: höchstens 1.000.000",
        "is": "tala með 22 tölustöfum er of stór: í mesta lagi 1.000.000"},
    "1001d6": {
        "en": "too many dice: at most 1,000 dice may be rolled for one expression, rerolls "
              "and explosions included",
        "de": "zu viele Würfel: höchstens 1.000 Würfel pro Ausdruck, Neuwürfe und "
              "Explosionen eingeschlossen",
        "is": "of margir teningar: í mesta lagi 1.000 teningum má kasta fyrir eina segð, "
              "endurköst og sprengingar meðtalin"},
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("expression", sorted(LIMITS))
def test_a_limit_quotes_the_number_faithfully_in_the_readers_notation(expression: str,
                                                                      lang: str) -> None:
    answer = resolve({"system": "dice", "action": "roll", "expression": expression,
                      "seed": 1, "lang": lang})
    assert answer["error"] == {"code": "limit_exceeded", "message": LIMITS[expression][lang]}


@pytest.mark.parametrize(("lang", "message"), [
    ("en", "too many faces: at most 10,000 may be given"),
    ("de", "zu viele Würfelergebnisse: höchstens 10.000 dürfen angegeben werden"),
    ("is", "of margar hliðar: í mesta lagi má gefa 10.000"),
])
def test_the_limit_of_given_faces_is_grouped_for_the_reader(lang: str, message: str) -> None:
    answer = resolve({"system": "dice", "action": "roll", "expression": "1d6",
                      "faces": [1] * 10_001, "lang": lang})
    assert answer["error"] == {"code": "limit_exceeded", "message": message}


def test_a_huge_digit_string_is_refused_without_becoming_an_integer() -> None:
    """Kept from the hardening issue: the parser counts the digits first (CPython
    refuses to convert more than 4,300 digits, and the work grows with their square)."""
    answer = resolve({"system": "dice", "action": "roll", "expression": "1d" + "7" * 990})
    assert answer["error"]["message"] == (
        "number of faces with 990 digits is too large: at most 10,000")


# -- every refusal path of the budget ------------------------------------------------

ENGLISH = re.compile(r"\b(would|cost|units?|work|budget|request|odds|exact|dice|advice|"
                     r"rolls?|candidates|damage|map|squares?|examined|pool|parts|contest|"
                     r"outcomes|each|with|of|the|a|and|this|Strikes?)\b")
"""Words of the English templates; none may remain in a German or Icelandic text."""


def _costs() -> list[tuple[str, Cost]]:
    """The cost of every action's example that has an estimate, and ``FIXED``."""
    found = [("FIXED", FIXED)]
    for system, actions in sorted(registry().items()):
        for name, action in sorted(actions.items()):
            if action.cost is None or action.example is None:
                continue
            fields = {k: v for k, v in action.example.items()
                      if k not in ("system", "action", "lang", "seed", "faces")}
            found.append((f"{system} {name}", action.estimate(
                action.model.model_validate(fields))))
    return found


@pytest.mark.parametrize("lang", ["de", "is"])
def test_every_action_says_its_cost_in_the_readers_language(lang: str) -> None:
    """Each estimate's words (``Cost.what``) and the refusal around them are messages of
    the catalogues: rendered in German or Icelandic, no English word and no placeholder
    is left, and every number is grouped as the language writes it."""
    costs = _costs()
    assert len(costs) > 10  # dice, w6 and pf2e estimates
    t = translator(lang)
    for name, cost in costs:
        said = Cost(BUDGET * 3, cost.what).reason().render(t)
        assert not ENGLISH.search(said.replace("docs/limits.md", "")), (name, said)
        assert "{" not in said, (name, said)
        assert grouped(BUDGET * 3, lang) in said
        assert grouped(BUDGET, lang) in said
    joined = (costs[1][1] + costs[2][1]).reason().render(t)  # two works in one refusal
    assert costs[1][1].what.render(t) in joined
    assert costs[2][1].what.render(t) in joined


def test_a_cost_is_a_template_with_its_values() -> None:
    cost = Cost(12_345_678, Message("the odds of a pool of {dice} dice", dice=Number(1000)))
    assert str(cost.reason()) == ("the odds of a pool of 1000 dice would cost 12345678 units "
                                  "of work; the budget is 5000000 units per request "
                                  "(docs/limits.md)")
    assert cost.reason().render(translator("de")) == (
        "für die Chancen eines Pools von 1.000 Würfeln wären 12.345.678 Arbeitseinheiten "
        "nötig; das Budget beträgt 5.000.000 Arbeitseinheiten je Anfrage (docs/limits.md)")


def test_the_catalogue_check_refuses_a_message_built_at_run_time() -> None:
    """What left the budget English: a text built by an f-string never reaches the
    catalogues (``Cost.what`` is a ``Message`` now, so mypy refuses a plain string)."""
    source = ('raise LimitExceeded(f"{what} would cost {units:,} units")\n'
              't("%s dice" % n)\n'
              'Message("{n} dice".format(n=n))\n'
              'plural("one die", f"{n} dice", n)\n'
              't("{n} dice", n=n)\n'
              'Message(f"plain")\n')
    assert built_messages(source, "x.py") == [
        "x.py:1: LimitExceeded(…) of a text built at run time",
        "x.py:2: t(…) of a text built at run time",
        "x.py:3: Message(…) of a text built at run time",
        "x.py:4: plural(…) of a text built at run time",
    ]
    assert built() == []


# -- the command line --------------------------------------------------------------

def _cli(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


@pytest.mark.parametrize("lang", LANGS)
def test_the_command_line_says_the_budget_in_the_readers_language(lang: str) -> None:
    prefix = {"en": "Error", "de": "Fehler", "is": "Villa"}[lang]
    code, out = _cli("odds", "--lang", lang, "100000d6")
    assert code != 0
    assert out.strip() == f"{prefix} (limit_exceeded): " + over_budget(
        odds_of("100000d6"), DISTRIBUTION_100000D6, lang)
    code, out = _cli("roll", "--lang", lang, "--seed", "1", "1000d1000kh500")
    assert code == 0
    no_odds = {"en": "No odds", "de": "Keine Chancen", "is": "Engar líkur"}[lang]
    assert out.strip().splitlines()[-1] == f"{no_odds}: " + over_budget(
        odds_of("1000d1000kh500"), roll_cost(parse("1000d1000kh500")).units, lang)
    code, out = _cli("roll", "--lang", lang, "--seed", "1", "--json", "100d20kh50")
    assert json.loads(out)["odds_omitted"] == too_costly_for_a_roll(
        "100d20kh50", roll_cost(parse("100d20kh50")).units, lang)
    code, out = _cli("w6", "advice", "--attribute", "1000", "--required", ",".join(["50"] * 10),
                     "--lang", lang)
    assert out.strip() == f"{prefix} (limit_exceeded): " + over_budget(
        ADVICE_WORK, _units(ADVICE), lang)
    code, out = _cli("roll", "--lang", lang, "1d1000000000000")
    assert out.strip() == f"{prefix} (limit_exceeded): " + LIMITS["1d1000000000000"][lang]


def test_a_damage_roll_over_the_budget_rolls_and_says_why() -> None:
    """It crashed (``KeyError: 'distribution'``) before: the chart needs the odds."""
    code, out = _cli("pf2e", "damage", "100d1000", "--type", "fire", "--seed", "1",
                     "--lang", "is")
    assert code == 0
    assert "Engar líkur: " + over_budget(
        {"is": "nákvæmur skaði af 100d1000"},
        _units({"system": "pf2e", "action": "damage_roll", "dice": "100d1000",
                "type": "fire"}), "is") in out.splitlines()


# -- HTTP ---------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_http_says_the_budget_in_the_readers_language(server: str, lang: str) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        refused = client.post("/api/v1/resolve", json={
            "system": "dice", "action": "distribution",
            "expression": "1d100*1d100*1d100*1d100", "lang": lang})
        rolled = client.post("/api/v1/resolve", json={
            "system": "dice", "action": "roll", "expression": "1000d1000kh500", "seed": 1,
            "lang": lang})
        advice = client.post("/api/v1/resolve", json={**ADVICE, "lang": lang})
        faces = client.post("/api/v1/resolve", json={
            "system": "dice", "action": "roll", "expression": "1d1000000000000", "lang": lang})
    assert refused.status_code == 413
    assert refused.json()["error"]["message"] == over_budget(
        odds_of("1d100*1d100*1d100*1d100"),
        _units({"system": "dice", "action": "distribution",
                "expression": "1d100*1d100*1d100*1d100"}), lang)
    assert rolled.json()["odds_omitted"] == over_budget(
        odds_of("1000d1000kh500"), roll_cost(parse("1000d1000kh500")).units, lang)
    assert advice.json()["error"]["message"] == over_budget(ADVICE_WORK, _units(ADVICE), lang)
    assert faces.json()["error"]["message"] == LIMITS["1d1000000000000"][lang]


# -- the table ----------------------------------------------------------------------

def test_the_tables_budget_refusal_is_said_in_each_readers_language() -> None:
    """Persistent damage asks for the mean of its dice: over the budget the command is
    refused in the table's language, and said again in any reader's."""
    table = make_table("pf2e", "de", fixed="roll")
    table.service.execute(table.gm, {"type": "add_character", "name": "Ezren",
                                     "sheet": EZREN})
    with pytest.raises(TableError) as refused:
        table.service.execute(table.gm, {"type": "damage", "character_id": "c1",
                                         "dice": "100000d6", "damage_type": "fire",
                                         "persistent": True})
    units = DISTRIBUTION_100000D6
    assert refused.value.code == "not_allowed"
    assert str(refused.value) == over_budget(odds_of("100000d6"), units, "de")
    for lang in LANGS:
        assert refused.value.to_dict(translator(lang))["message"] == over_budget(
            odds_of("100000d6"), units, lang)


def test_a_table_roll_over_the_budget_says_why_in_the_tables_language() -> None:
    table = make_table("dnd5e", "is", fixed="roll")
    result = table.service.execute(table.player, {"type": "roll",
                                                  "expression": "1000d1000kh500"})
    (record,) = result["events"][0]["payload"]["rolls"]
    assert record["result"]["odds_omitted"] == over_budget(
        odds_of("1000d1000kh500"), roll_cost(parse("1000d1000kh500")).units, "is")
