"""A refusal is decided in the table's language and said again in any reader's
(``Said``): the text, its numbers and the rules' own words."""

from __future__ import annotations

import copy
import pickle

import pytest

from regelwerk.errors import Number
from regelwerk.i18n import translator
from regelwerk.store import MemoryStore, UnknownTable
from regelwerk.table.errors import InvalidCommand, NotAllowed, Said, TableError
from regelwerk.table.service import TableService
from tests.table_api.flows import EZREN


def _gm(lang: str = "de") -> tuple[TableService, object]:
    tables = TableService(MemoryStore())
    made = tables.create_table(name="Runde", system="pf2e", lang=lang, gm_name="Ute")
    return tables, tables.authenticate(made.table_id, made.token)


def _refusal(tables: TableService, gm: object, command: dict[str, object]) -> TableError:
    with pytest.raises(TableError) as refused:
        tables.execute(gm, command)  # type: ignore[arg-type]
    return refused.value


def test_a_fourth_action_is_refused_with_the_rule_in_each_language() -> None:
    # "Du erhältst zu Beginn deines Zuges 3 Aktionen" — a fourth Step has none left
    tables, gm = _gm("de")
    tables.execute(gm, {"type": "add_character", "name": "Ezren", "sheet": EZREN})  # type: ignore[arg-type]
    tables.execute(gm, {"type": "start_encounter",  # type: ignore[arg-type]
                        "participants": [{"character_id": "c1"}]})
    for _ in range(3):
        tables.execute(gm, {"type": "act", "character_id": "c1", "name": "Step"})  # type: ignore[arg-type]
    refused = _refusal(tables, gm, {"type": "act", "character_id": "c1", "name": "Step"})
    assert isinstance(refused, NotAllowed)
    assert refused.code == "not_allowed"
    assert str(refused) == ("Ezren kann das jetzt nicht tun: Schritt 4 (Step): keine Aktion "
                            "mehr übrig")
    assert refused.to_dict(translator("en"))["message"] == (
        "Ezren cannot do this now: step 4 (Step): no action left")
    assert refused.to_dict(translator("is"))["message"] == (
        "Ezren getur ekki gert þetta núna: Skref 4 (Step): engin aðgerð eftir")


def test_numbers_in_a_refusal_are_in_the_readers_notation() -> None:
    tables, gm = _gm("en")
    refused = _refusal(tables, gm, {"type": "import_statblock", "text": "x" * 20_001})
    assert isinstance(refused, InvalidCommand)
    assert refused.to_dict(translator("en"))["message"].startswith(
        "import_statblock: field 'text': may have at most 20,000 characters; allowed fields "
        "are text")
    assert refused.to_dict(translator("de"))["message"].startswith(
        "import_statblock: Feld 'text': darf höchstens 20.000 Zeichen haben; erlaubte Felder")
    line = _refusal(tables, gm, {"type": "import_statblock", "text": "Goblin\n" + "x" * 601})
    assert line.to_dict(translator("is"))["message"] == (
        "lína í tölfræðiblokk hefur í mesta lagi 600 stafi")
    assert Number(20_000).render(translator("de")) == "20.000"


def test_a_service_refusal_is_said_in_any_language() -> None:
    tables, gm = _gm("is")
    with pytest.raises(TableError) as refused:
        tables.authenticate(gm.table_id, "token")  # type: ignore[attr-defined]
    assert refused.value.code == "not_authorized"
    assert refused.value.to_dict(translator("de"))["message"] == (
        "unbekannter Tisch oder unbekanntes Token")
    with pytest.raises(UnknownTable) as nowhere:  # HTTP 404, whatever the token
        tables.authenticate("no-such-table", "token")
    assert nowhere.value.code == "unknown_table"
    assert nowhere.value.to_dict(translator("is"))["message"] == "Hér er ekkert borð."
    with pytest.raises(TableError) as bad:
        tables.create_table(name="R", system="gurps", lang="de", gm_name="U")
    assert bad.value.to_dict(translator("is"))["message"] == (
        "óþekkt spilakerfi 'gurps': leyfð eru w6, dnd5e, pf2e")


def test_said_texts_copy_as_plain_strings() -> None:
    said = Said(translator("de"), "There is no character {id}.", id="c9")
    assert said == "Es gibt keinen Charakter c9."
    assert Said(translator("is"), said.template, **said.values) == "Það er engin persóna c9."
    for copied in (copy.deepcopy(said), pickle.loads(pickle.dumps(said)),
                   copy.deepcopy(Number(3))):
        assert type(copied) is str


def test_no_refusal_of_the_table_is_an_f_string() -> None:
    """An f-string cannot be looked up in the catalogues: every refusal of the table
    and its service is a template with values (or an already said ``Said``)."""
    import ast
    from pathlib import Path

    import regelwerk.table

    classes = {"InvalidCommand", "NotAllowed", "NotAuthorized", "TableError", "ConflictError"}
    found = []
    for path in Path(regelwerk.table.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in classes and node.args
                    and isinstance(node.args[0], ast.JoinedStr)):
                found.append(f"{path.name}:{node.lineno}")
    assert found == []
