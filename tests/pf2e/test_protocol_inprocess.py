"""PF2e protocol modules answered in this process (the mutation runner sees only what
runs in the test process; the HTTP tests run the server in another): the action
table's examples, turn plans and reactions, refusals in the reader's language, the
request models' fields, and the names of degrees and ranks."""

from __future__ import annotations

from typing import Any

import pytest

from regelwerk import resolve
from regelwerk.dice import ScriptedRandomSource
from regelwerk.errors import NotAllowed, RuleError
from regelwerk.i18n import translator
from regelwerk.protocol.registry import Context
from regelwerk.systems.pf2e import actions
from regelwerk.systems.pf2e.refusals import refusal_text, refusing
from regelwerk.systems.pf2e.turns.economy import Problem
from regelwerk.systems.pf2e.turns.turn_actions import problem_text


def pf2e(action: str, **fields: Any) -> dict[str, Any]:
    return resolve({"system": "pf2e", "action": action, **fields})


# --- the action table's examples (the API documentation shows them) ----------------

def example(name: str) -> dict[str, Any]:
    found = [a.example for a in actions.ACTIONS if a.name == name]
    assert len(found) == 1
    assert found[0] is not None
    return dict(found[0])


def test_an_example_is_a_request_of_its_action() -> None:
    assert actions._example("flat_check", dc=11) == {"system": "pf2e", "action": "flat_check",
                                                     "dc": 11}


def test_every_example_is_answered() -> None:
    for action in actions.ACTIONS:
        assert action.example is not None
        assert action.example["system"] == "pf2e"
        assert action.example["action"] == action.name
        response = resolve({**action.example, "seed": 1})
        assert response["ok"] is True, (action.name, response)
        assert response["text"]


def test_every_map_example_uses_the_one_example_map() -> None:
    maps = [a.example["map"] for a in actions.ACTIONS if a.example and "map" in a.example]
    assert len(maps) == 9
    assert all(m is actions.EXAMPLE_MAP for m in maps)


def test_the_example_map_shows_a_large_ogre_with_reach_next_to_a_fighter() -> None:
    # the ogre (large: 2 × 2 squares from (2, 2)) stands 1 square from the fighter at
    # (4, 4), and its reach of 3 m reaches him
    assert resolve(example("distance")) == {
        "ok": True, "squares": 1, "metres": 1.5, "feet": 5, "reaches": True,
        "text": "ogre to fighter: 1.5 m"}
    assert resolve(example("reach")) == {"ok": True, "reaches": True, "reach": 3.0,
                                         "text": "ogre reaches fighter"}
    moved = resolve(example("movement_triggers"))
    assert [t["square"] for t in moved["triggers"]] == [[4, 4], [5, 4], [5, 5]]
    assert moved["reactors"] == ["ogre"]
    # the two walls at (6, 2) and (6, 3) stand between neither of them
    assert resolve(example("line_of_effect"))["clear"] is True
    assert resolve(example("cover"))["cover"] == "none"
    burst = resolve(example("area"))
    assert len(burst["squares"]) == 44
    assert burst["creatures"] == ["ogre", "fighter"]


def test_the_example_map_is_drawn_12_by_10_with_its_walls_and_tokens() -> None:
    svg = resolve(example("draw_map"))["svg"]
    # squares of 32 px after a margin of 22 px
    assert '<rect x="22" y="22" width="384" height="320"' in svg
    assert '<rect x="214.0" y="86.0" width="32" height="32" fill="#3b3b3b"' in svg
    assert '<rect x="214.0" y="118.0" width="32" height="32" fill="#3b3b3b"' in svg
    assert svg.count('fill="#3b3b3b"') == 2
    assert '<circle cx="118" cy="118" r="29"' in svg  # the ogre over (2..3, 2..3)
    assert '<circle cx="166" cy="166" r="13"' in svg  # the fighter on (4, 4)


# --- turn plans and reactions ------------------------------------------------------

# "Du erhältst zu Beginn jedes deiner Züge 3 Aktionen und 1 Reaktion"; an activity of
# two actions needs both at once; one response per trigger.
def test_a_turn_breaking_every_rule_of_the_action_economy_is_answered_whole() -> None:
    response = pf2e("turn", steps=[
        {"name": "Strike", "traits": ["attack"]},
        {"name": "Strike", "traits": ["attack", "agile"]},
        {"name": "Sudden Charge", "cost": 2},
        {"name": "Stride"},
        {"name": "Step"},
        {"name": "Attack of Opportunity", "cost": "reaction", "trigger": "moves"},
        {"name": "Shield Block", "cost": "reaction"},
        {"name": "Reactive Strike", "cost": "free", "trigger": "moves"},
        {"name": "Ready", "cost": "free", "requires_next": "Strike"},
    ])
    texts = [
        "step 3 (Sudden Charge): the activity needs its 2 actions at once, 1 left",
        "step 5 (Step): no action left",
        "step 7 (Shield Block): a reaction needs a trigger",
        "step 7 (Shield Block): no reaction left this round",
        "step 8 (Reactive Strike): only one response to the trigger moves",
        "step 9 (Ready): the next action must be Strike",
    ]
    assert response == {
        "ok": True, "valid": False,
        "problems": [
            {"code": "activity_needs_all_actions_at_once", "step": 2,
             "detail": "needs 2, 1 left", "needed": 2, "left": 1, "text": texts[0]},
            {"code": "no_action_left", "step": 4, "detail": "needs 1, 0 left", "needed": 1,
             "left": 0, "text": texts[1]},
            {"code": "reaction_needs_trigger", "step": 6, "detail": "", "needed": 0,
             "left": 0, "text": texts[2]},
            {"code": "no_reaction_left", "step": 6, "detail": "", "needed": 0, "left": 0,
             "text": texts[3]},
            {"code": "one_response_per_trigger", "step": 7, "detail": "moves", "needed": 0,
             "left": 0, "text": texts[4]},
            {"code": "next_action_mismatch", "step": 8, "detail": "Strike", "needed": 0,
             "left": 0, "text": texts[5]},
        ],
        "spent": ["1 action", "1 action", "none", "1 action", "none", "reaction", "none",
                  "free", "free"],
        "attack_penalties": [0, -4, None, None, None, None, None, None, None],
        "actions": 3, "quickened": 0, "reactions": 1, "actions_left": 0,
        "quickened_left": 0, "reactions_left": 0, "effects_lost": [], "minutes": 0,
        "minutes_lost": 0, "text": "; ".join(texts)}


def test_a_valid_turn_with_quickened_is_answered_whole() -> None:
    assert resolve(example("turn")) == {
        "ok": True, "valid": True, "problems": [], "spent": ["2 actions", "quickened"],
        "attack_penalties": [0, -5], "actions": 3, "quickened": 1, "reactions": 1,
        "actions_left": 1, "quickened_left": 0, "reactions_left": 1, "effects_lost": [],
        "minutes": 0, "minutes_lost": 0, "text": "The turn is valid"}


# "Dies heißt, du darfst keine Aktionen einsetzen und nicht einmal sprechen."
def test_a_creature_that_cannot_act_plans_no_actions_in_german() -> None:
    text = ("Schritt 1 (Stride): eine Kreatur, die nicht handeln darf, setzt weder Aktionen "
            "noch Reaktionen noch Freie Aktionen ein")
    assert pf2e("turn", cannot_act=True, lang="de", steps=[
        {"name": "Stride"}, {"name": "Search", "cost": "exploration", "minutes": 10}]) == {
        "ok": True, "valid": False,
        "problems": [{"code": "cannot_act", "step": 0, "detail": "", "needed": 0, "left": 0,
                      "text": text}],
        "spent": ["none", "10 min"], "attack_penalties": [None, None], "actions": 0,
        "quickened": 0, "reactions": 0, "actions_left": 0, "quickened_left": 0,
        "reactions_left": 0, "effects_lost": [], "minutes": 10, "minutes_lost": 0,
        "text": text}


def test_a_problem_without_words_names_its_step_and_code() -> None:
    assert problem_text(Problem("unknown_cost", 2), "Leap", translator("en")) == (
        "3 (Leap): unknown_cost")


def test_a_reaction_is_spent_and_its_trigger_answered() -> None:
    assert pf2e("reaction", trigger="a creature leaves a square in reach", reactions_left=1,
                answered=["b", "a"]) == {
        "ok": True, "reactions_left": 0,
        "answered": ["a", "a creature leaves a square in reach", "b"],
        "text": "Used in answer to a creature leaves a square in reach; reactions left this "
                "round: 0"}
    # a triggered free action spends no reaction
    assert pf2e("reaction", trigger="t", cost="free", reactions_left=0) == {
        "ok": True, "reactions_left": 0, "answered": ["t"],
        "text": "Used in answer to t; reactions left this round: 0"}


@pytest.mark.parametrize(("fields", "message"), [
    ({"reactions_left": 0}, "The reaction of this round is already spent: „In einer "
                            "Begegnung erhältst du jede Runde 1 Reaktion“"),
    ({"cannot_act": True}, "A creature that cannot act uses no actions, reactions or free "
                           "actions: „Dies heißt, du darfst keine Aktionen einsetzen und "
                           "nicht einmal sprechen.“"),
    ({"answered": ["t"]}, "This creature already answered the trigger t: „Als Antwort auf "
                          "einen bestimmten Auslöser kannst du jedoch immer nur eine solche "
                          "Handlung einsetzen.“"),
])
def test_a_reaction_the_rules_forbid_is_refused_with_the_rule(fields: dict[str, Any],
                                                               message: str) -> None:
    assert pf2e("reaction", trigger="t", **fields) == {
        "ok": False, "error": {"code": "not_allowed", "message": message}}


# --- refusals ----------------------------------------------------------------------

def test_a_dead_creature_is_not_healed_in_the_readers_language() -> None:
    request = {"creature": {"hp": 0, "max_hp": 20, "dead": True}, "amount": 5}
    quote = "„Du kannst nicht auf mehr als 0 Trefferpunkte gebracht werden, solange du tot bist.“"
    assert pf2e("heal_creature", **request) == {"ok": False, "error": {
        "code": "not_allowed", "message": f"A dead creature cannot be healed: {quote}"}}
    assert pf2e("heal_creature", lang="de", **request) == {"ok": False, "error": {
        "code": "not_allowed", "message": f"Eine tote Kreatur kann nicht geheilt werden: {quote}"}}


def test_a_refusal_without_words_says_the_rules_message() -> None:
    refusal = NotAllowed("some_new_reason", "the rules' own message")
    assert refusal_text(translator("en"), refusal) == "the rules' own message"


def test_refusing_passes_an_answer_through_and_turns_a_refusal_into_not_allowed() -> None:
    def answers(request: int, context: Context) -> dict[str, Any]:
        if request < 0:
            raise NotAllowed("reaction_spent", "spent")
        return {"request": request}

    wrapped = refusing(answers)
    context = Context(ScriptedRandomSource([1]), translator("de"))
    assert wrapped(3, context) == {"request": 3}
    with pytest.raises(RuleError) as refused:
        wrapped(-1, context)
    assert not isinstance(refused.value, NotAllowed)
    assert refused.value.to_dict(translator("de")) == {
        "code": "not_allowed",
        "message": "Die Reaktion dieser Runde ist schon verbraucht: „In einer Begegnung "
                   "erhältst du jede Runde 1 Reaktion“"}


# --- request models ----------------------------------------------------------------

def test_a_plain_modifier_of_0_adds_nothing() -> None:
    response = pf2e("check", modifier=0, dc=10, faces=[10])
    assert (response["total"], response["degree"]) == (10, "success")


def test_an_adjustment_to_a_degree_when_another_is_rolled() -> None:
    # Evasion-like: a success becomes a critical success
    response = pf2e("check", modifier=5, dc=15, faces=[12], adjustments=[
        {"reason": "Evasion", "to": "critical_success", "when": "success"}])
    assert response["unadjusted_degree"] == "success"
    assert response["degree"] == "critical_success"
    assert response["adjustments"] == [{"degree": "critical_success", "reason": "Evasion"}]


def test_an_adjustment_needs_steps_or_a_degree() -> None:
    assert pf2e("check", modifier=5, dc=15, faces=[12], adjustments=[{"reason": "x"}]) == {
        "ok": False, "error": {"code": "invalid_value",
                               "message": "an adjustment needs either 'steps' or 'to'"}}


# "Wenn du mehrere Modifikatoren derselben Art hast, wendest du nur den höchsten Bonus
# und den schlechtesten Malus an"; only one ability modifier counts.
def test_why_a_modifier_did_not_count() -> None:
    response = pf2e("total_modifier", modifiers=[
        {"value": 3, "type": "ability", "label": "Str"}, {"value": 2, "type": "ability"},
        {"value": -1, "type": "status"}, {"value": -2, "type": "status", "label": "frightened 2"},
        {"value": -1, "type": "item"}, {"value": -3, "type": "item"}])
    assert response["total"] == -2
    assert [(e["reason_code"], e["reason"]) for e in response["ignored"]] == [
        ("one_ability", "only one ability modifier counts: Str is used"),
        ("worst_penalty", "only the worst status penalty counts: frightened 2 applies"),
        ("worst_penalty", "only the worst item penalty counts: -3 applies")]


def test_the_winner_without_a_label_is_named_by_its_value_in_german() -> None:
    response = pf2e("total_modifier", lang="de", modifiers=[
        {"value": 3, "type": "ability"}, {"value": 2, "type": "ability", "label": "Dex"}])
    assert response["ignored"][0]["reason"] == (
        "nur ein Attributsmodifikator zählt: +3 wird verwendet")


# --- names -------------------------------------------------------------------------

# "Kritischer Erfolg: Du erleidest keinen Schaden. Erfolg: Du erleidest den halben Schaden."
@pytest.mark.parametrize(("degree", "damage"), [
    ("critical_success", 0), ("Kritischer Erfolg", 0), ("crit", 0), ("success", 4),
    ("Erfolg", 4), ("failure", 9), ("critical_failure", 18), ("Patzer", 18)])
def test_every_name_of_a_degree_means_its_degree(degree: str, damage: int) -> None:
    assert pf2e("basic_save", damage=9, degree=degree)["damage"] == damage
