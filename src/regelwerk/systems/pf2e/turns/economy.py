"""Handlungen: actions, activities, reactions and free actions, and a planner that
checks a turn against the rules of the text.

"Während einer Begegnung erhältst du zu Beginn deines Zuges 3 Aktionen" — "In einer
Begegnung erhältst du jede Runde 1 Reaktion" — "Du musst alle Aktionen einer Aktivität
auf einmal aufwenden" — "Als Antwort auf einen bestimmten Auslöser kannst du jedoch
immer nur eine solche Handlung einsetzen." — "Wenn du nicht handeln darfst, erhältst
du zu Beginn deines Zuges keine Aktionen oder Reaktionen zurück." — "Eine Aktivität zu
benutzen, ist nicht das gleiche, wie ihre Untergeordneten Aktionen zu verwenden."
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from regelwerk.errors import NotAllowed

__all__ = ["ACTIONS_PER_TURN", "Budget", "Plan", "Problem", "Responded", "Step", "budget_for",
           "plan_turn", "respond"]

ACTIONS_PER_TURN = 3
REACTIONS_PER_ROUND = 1

Cost = Literal[1, 2, 3, "reaction", "free", "exploration", "downtime"]
SYMBOLS = {1: "(A)", 2: "(A2)", 3: "(A3)", "reaction": "(R)", "free": "(F)",
           "exploration": "", "downtime": ""}
"""The book's action symbols (exploration and downtime activities take time instead)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One thing the creature does: its ``name``, ``cost`` (1–3 actions, a reaction
    or a free action), ``trigger`` (for reactions and triggered free actions),
    ``traits``, the ``subordinate`` actions of an activity, ``requires_next`` (an
    action that must come next, e.g. "if your next action is a Strike") and
    ``disrupted`` (interrupted: its actions are spent, its effect lost)."""

    name: str
    cost: Cost = 1
    trigger: str | None = None
    traits: frozenset[str] = frozenset()
    subordinate: tuple[str, ...] = ()
    requires_next: str | None = None
    disrupted: bool = False
    minutes: int = 0
    """For exploration and downtime activities: the time it takes."""

    @property
    def actions(self) -> int:
        """Actions it costs from the turn."""
        return self.cost if isinstance(self.cost, int) else 0


@dataclass(frozen=True, slots=True)
class Budget:
    """What a creature has this turn: plain actions, quickened actions (limited to
    ``quickened_for``), and reactions."""

    actions: int = ACTIONS_PER_TURN
    quickened: int = 0
    quickened_for: frozenset[str] = frozenset()
    reactions: int = REACTIONS_PER_ROUND
    can_act: bool = True
    """False when the creature may not act at all: "du darfst keine Aktionen einsetzen
    und nicht einmal sprechen" — no free actions either, with or without a trigger."""


def budget_for(*, quickened_for: Sequence[str] = (), slowed: int = 0, stunned: int = 0,
               cannot_act: bool = False, lose_quickened_first: bool = True) -> Budget:
    """The turn's actions: 3, plus one quickened action limited to what grants it, less
    slowed; the player chooses which to lose (the quickened one first, as in the haste
    example, unless ``lose_quickened_first`` is false).  A creature that cannot act
    gets no actions and no reactions."""
    if cannot_act:
        return Budget(0, 0, frozenset(), 0, can_act=False)
    quick = 1 if quickened_for else 0
    lose = slowed + stunned
    if lose_quickened_first:
        lost_quick = min(quick, lose)
        quick -= lost_quick
        plain = max(0, ACTIONS_PER_TURN - (lose - lost_quick))
    else:
        plain = max(0, ACTIONS_PER_TURN - lose)
        quick = max(0, quick - max(0, lose - ACTIONS_PER_TURN))
    return Budget(plain, quick, frozenset(quickened_for) if quick else frozenset())


@dataclass(frozen=True, slots=True)
class Problem:
    """A rule the plan breaks: a code and the index of the step; ``needed`` and
    ``left`` the actions an activity needs and those left."""

    code: str
    step: int
    detail: str = ""
    needed: int = 0
    left: int = 0


@dataclass(frozen=True, slots=True)
class Plan:
    """The checked plan: problems (empty if valid), what each step spent, the multiple
    attack penalty of each attack, and what is left."""

    problems: tuple[Problem, ...]
    spent: tuple[str, ...]
    attack_penalties: tuple[int | None, ...]
    actions_left: int
    quickened_left: int
    reactions_left: int
    effects_lost: tuple[int, ...] = field(default_factory=tuple)
    minutes: int = 0
    """Time the exploration or downtime activities take."""
    minutes_lost: int = 0
    """Time spent on interrupted ones: "verlierst du normalerweise die Zeit, die du bereits
    dafür aufgewendet hast, aber keine Zeit darüber hinaus"."""

    @property
    def valid(self) -> bool:
        """No rule is broken."""
        return not self.problems


def _map(count: int, agile: bool) -> int:
    if count <= 1:
        return 0
    return (-4 if agile else -5) if count == 2 else (-8 if agile else -10)


def plan_turn(steps: Sequence[Step], budget: Budget = Budget()) -> Plan:
    """Check a planned turn, step by step, in order."""
    problems: list[Problem] = []
    spent: list[str] = []
    penalties: list[int | None] = []
    lost: list[int] = []
    actions, quick, reactions = budget.actions, budget.quickened, budget.reactions
    triggers: set[str] = set()
    attacks = 0
    for i, step in enumerate(steps):
        if step.cost not in SYMBOLS:
            problems.append(Problem("unknown_cost", i))
            spent.append("none")
            penalties.append(None)
            continue
        if not budget.can_act and step.cost not in ("exploration", "downtime"):
            # "Dies heißt, du darfst keine Aktionen einsetzen und nicht einmal sprechen."
            problems.append(Problem("cannot_act", i))
            spent.append("none")
            penalties.append(None)
            continue
        if step.trigger is not None:
            if step.trigger in triggers:
                problems.append(Problem("one_response_per_trigger", i, step.trigger))
            triggers.add(step.trigger)
        if step.cost == "reaction":
            if step.trigger is None:
                problems.append(Problem("reaction_needs_trigger", i))
            if reactions < 1:
                problems.append(Problem("no_reaction_left", i))
                spent.append("none")
            else:
                reactions -= 1
                spent.append("reaction")
        elif step.cost == "free":
            spent.append("free")
        elif step.cost in ("exploration", "downtime"):
            spent.append(f"{step.minutes} min")
        else:
            needed = step.actions
            quick_ok = quick > 0 and needed == 1 and step.name in budget.quickened_for
            if quick_ok:
                quick -= 1
                spent.append("quickened")
            elif needed <= actions:
                actions -= needed
                spent.append(f"{needed} action" + ("s" if needed > 1 else ""))
            else:
                code = "activity_needs_all_actions_at_once" if needed > 1 else "no_action_left"
                problems.append(Problem(code, i, f"needs {needed}, {actions} left", needed,
                                        actions))
                spent.append("none")
        if step.disrupted:
            lost.append(i)
        is_attack = "attack" in step.traits or any(
            s.lower() in ("strike", "angriff") for s in step.subordinate) or (
            step.name.lower() in ("strike", "angriff"))
        if is_attack and step.cost != "reaction" and spent[-1] != "none":
            # a Strike the turn has no action for does not happen: it does not count
            # toward the multiple attack penalty
            attacks += 1
            penalties.append(_map(attacks, "agile" in step.traits))
        else:
            penalties.append(0 if is_attack and spent[-1] != "none" else None)
        if step.requires_next is not None:
            following = steps[i + 1] if i + 1 < len(steps) else None
            if following is None or following.subordinate or (
                    following.name.lower() != step.requires_next.lower()):
                problems.append(Problem("next_action_mismatch", i, step.requires_next))
    minutes = sum(s.minutes for s in steps)
    minutes_lost = sum(s.minutes for s in steps if s.disrupted)
    return Plan(tuple(problems), tuple(spent), tuple(penalties), actions, quick, reactions,
                tuple(lost), minutes, minutes_lost)


@dataclass(frozen=True, slots=True)
class Responded:
    """After a reaction or triggered free action: the reactions left this round and
    the triggers the creature has answered."""

    reactions_left: int
    answered: frozenset[str]


def respond(trigger: str, cost: Literal["reaction", "free"] = "reaction", *,
            reactions_left: int = REACTIONS_PER_ROUND,
            answered: frozenset[str] = frozenset(), can_act: bool = True) -> Responded:
    """Use a reaction or a triggered free action, or be refused: one reaction a round
    ("In einer Begegnung erhältst du jede Runde 1 Reaktion"), one response per trigger
    ("Als Antwort auf einen bestimmten Auslöser kannst du jedoch immer nur eine solche
    Handlung einsetzen"), none at all for a creature that cannot act."""
    if not can_act:
        raise NotAllowed("cannot_act", "a creature that cannot act uses no reactions or "
                         "free actions")
    if trigger in answered:
        raise NotAllowed("trigger_answered", "the trigger {quoted} was already answered",
                         trigger=trigger, quoted=repr(trigger))
    if cost == "reaction" and reactions_left < 1:
        raise NotAllowed("reaction_spent", "the reaction of this round is already spent")
    left = reactions_left - 1 if cost == "reaction" else reactions_left
    return Responded(left, answered | {trigger})
