"""Handlungen (issue 14): a creature that cannot act uses no free actions, with or
without a trigger; a reaction already spent is refused, a turn plan is a question."""

from __future__ import annotations

import json
from typing import Any

from click.testing import CliRunner

from regelwerk.cli.main import cli
from regelwerk.systems.pf2e.turns.economy import Step, budget_for, plan_turn
from tests.pf2e.transports import everywhere


def pf2e(url: str, action: str, **fields: Any) -> dict[str, Any]:
    return everywhere(url, {"system": "pf2e", "action": action, **fields})


def test_a_creature_that_cannot_act_uses_no_free_actions(server: str) -> None:
    # "Die am stärksten einschränkenden Effekte besagen, dass du gar nicht handeln darfst.
    # Dies heißt, du darfst keine Aktionen einsetzen und nicht einmal sprechen."
    plan = plan_turn([Step("Release", "free"), Step("Reactive Shield", "free",
                                                    trigger="hit")],
                     budget_for(cannot_act=True))
    assert [p.code for p in plan.problems] == ["cannot_act", "cannot_act"]
    answer = pf2e(server, "turn", cannot_act=True,
                  steps=[{"name": "Release", "cost": "free"},
                         {"name": "Shield", "cost": "free", "trigger": "an attack"}])
    assert answer["valid"] is False  # a question, answered
    assert [p["code"] for p in answer["problems"]] == ["cannot_act", "cannot_act"]
    done = CliRunner().invoke(cli, ["pf2e", "turn", "--step", "Release:free", "--cannot-act",
                                    "--json"])
    assert [p["code"] for p in json.loads(done.output)["problems"]] == ["cannot_act"]
    refused = pf2e(server, "reaction", trigger="turn starts", cost="free", cannot_act=True)
    assert refused["error"]["code"] == "not_allowed"
    # free actions stay free for a creature that can act
    assert plan_turn([Step("Release", "free")], budget_for()).valid


def test_a_spent_reaction_is_refused(server: str) -> None:
    # "In einer Begegnung erhältst du jede Runde 1 Reaktion" — "Als Antwort auf einen
    # bestimmten Auslöser kannst du jedoch immer nur eine solche Handlung einsetzen."
    used = pf2e(server, "reaction", trigger="leaves a square")
    assert (used["reactions_left"], used["answered"]) == (0, ["leaves a square"])
    again = pf2e(server, "reaction", trigger="casts a spell", reactions_left=0, lang="de")
    assert again["error"]["code"] == "not_allowed"
    assert "jede Runde 1 Reaktion" in again["error"]["message"]
    twice = pf2e(server, "reaction", trigger="turn starts", cost="free",
                 answered=["turn starts"], lang="is")
    assert twice["error"]["code"] == "not_allowed"
    assert "turn starts" in twice["error"]["message"]
    free = pf2e(server, "reaction", trigger="turn starts", cost="free", reactions_left=0)
    assert free["reactions_left"] == 0
