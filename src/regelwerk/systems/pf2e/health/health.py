"""Trefferpunkte, Heilung und Sterben: a creature's hit points and the conditions of
death and dying, as pure functions from a state to a new state and its events."""

from __future__ import annotations

from dataclasses import dataclass, replace

from regelwerk.errors import NotAllowed

__all__ = ["DEFAULT_RULES", "DESTROYED_AT_ZERO", "DYING_MAX", "Creature", "HealthRules",
           "Outcome", "damage", "die", "doomed_check", "end_turn", "gain_temp_hp", "heal",
           "heroic_recovery", "lose_dying", "raise_dying", "recover", "settle", "stabilise",
           "start_turn"]

DYING_MAX = 4
""""Solltest du jemals Sterbend 4 erreichen, stirbst du." """
REGENERATION_DYING_CAP = 3
DESTROYED_AT_ZERO = frozenset({"undead", "construct"})
""""Untote und Konstruktkreaturen sind bei 0 Trefferpunkten zerstört." """


@dataclass(frozen=True, slots=True)
class HealthRules:
    """Variants where tables differ (docs/rulings.md, "PF2e: wounded and further
    damage while dying")."""

    wounded_on_further_damage: bool = True


DEFAULT_RULES = HealthRules()


@dataclass(frozen=True, slots=True)
class Creature:
    """The health of a creature.  ``dies_at_zero``: most foes die (undead and
    constructs are destroyed) at 0 HP instead of dying; ``regeneration`` and
    ``fast_healing`` heal at the start of its turn; ``regeneration_off`` says the
    regeneration was switched off by damage of a type it names."""

    hp: int
    max_hp: int
    temp_hp: int = 0
    dying: int = 0
    wounded: int = 0
    doomed: int = 0
    unconscious: bool = False
    dead: bool = False
    hero_points: int = 0
    regeneration: bool = False
    regeneration_amount: int = 0
    regeneration_off: int = 0
    """Turn ends until switched-off regeneration works again (0: it works)."""
    regeneration_off_by: frozenset[str] = frozenset()
    fast_healing: int = 0
    dies_at_zero: bool = False
    traits: frozenset[str] = frozenset()
    """``undead`` and ``construct`` are destroyed at 0 HP."""
    wakes_in: int | None = None
    """Minutes until an unconscious creature at 0 HP that is not dying returns to 1 HP
    and wakes ("Der SL bestimmt die Dauer deiner Bewusstlosigkeit")."""

    @property
    def death_at(self) -> int:
        """The dying value at which it dies: 4 reduced by doomed."""
        return DYING_MAX - self.doomed

    @property
    def regenerating(self) -> bool:
        """Regeneration is active."""
        return self.regeneration and not self.regeneration_off


@dataclass(frozen=True, slots=True)
class Outcome:
    """The new state and what happened, in order (e.g. ``knocked_out``, ``dying``)."""

    creature: Creature
    events: tuple[str, ...]


def die(c: Creature, events: list[str], reason: str) -> Creature:
    events.extend([reason, "dead"] if reason != "dead" else ["dead"])
    # "Wenn du stirbst, verlierst du den Zustand Todgeweiht."
    return replace(c, hp=0, temp_hp=0, dying=0, doomed=0, unconscious=False, dead=True,
                   wakes_in=None)


def stabilise(c: Creature, events: list[str]) -> Creature:
    """Heroic recovery: "alle deine verbleibenden Heldenpunkte ausgeben, um dich bei 0 TP
    zu stabilisieren. Du verlierst den Zustand Sterbend. [...] erhältst du nicht den
    Zustand Verwundet" — still knocked out: unconscious at 0 HP, stable."""
    events.extend(["hero_points_spent", "stabilized"])
    return replace(c, dying=0, hero_points=0, unconscious=True)


def settle(c: Creature) -> Outcome:
    """Death by the conditions alone: doomed lowering the dying value of death to 0
    ("Sollte dein maximaler Zustandswert für Sterbend auf 0 reduziert werden, stirbst du
    augenblicklich") or dying at that value ("Solltest du jemals Sterbend 4 erreichen,
    stirbst du")."""
    events: list[str] = []
    if c.dead:
        return Outcome(c, ())
    if c.death_at <= 0:
        return Outcome(die(c, events, "doomed"), tuple(events))
    if c.dying >= c.death_at:
        return Outcome(die(c, events, "dying_limit"), tuple(events))
    return Outcome(c, ())


def raise_dying(c: Creature, by: int, events: list[str], avoid_death: bool,
                 rules: HealthRules, gaining: bool) -> Creature:
    """Dying rises by ``by`` (plus wounded when gained or, by the text, on further
    damage); at the threshold the creature dies unless it spends its hero points."""
    if avoid_death and c.hero_points >= 1:
        return stabilise(c, events)
    if gaining or rules.wounded_on_further_damage:
        by += c.wounded
    dying = c.dying + by
    if c.regenerating:
        dying = min(dying, REGENERATION_DYING_CAP)
    c = replace(c, dying=dying, unconscious=True)
    events.append("dying")
    if dying >= c.death_at:
        return die(c, events, "dying_limit")
    return c


def damage(c: Creature, amount: int, *, critical: bool = False, nonlethal: bool = False,
           death_effect: bool = False, types: frozenset[str] = frozenset(),
           avoid_death: bool = False, on_own_turn: bool = False,
           rules: HealthRules = HealthRules()) -> Outcome:
    """Take ``amount`` damage (after immunities, weaknesses and resistances).

    ``critical``: the attacker's critical success or one's own critical failure.
    ``avoid_death``: spend all hero points when dying would rise.  ``types``: the
    damage types, for regeneration; ``on_own_turn``: taken during its own turn.
    """
    events: list[str] = []
    if c.dead:
        return Outcome(c, ("already_dead",))
    if types & c.regeneration_off_by and c.regeneration:
        # switched off "bis zum Ende ihres nächsten Zuges"
        c = replace(c, regeneration_off=2 if on_own_turn else 1)
        events.append("regeneration_off")
    if amount > 2 * c.max_hp:
        # "Du stirbst augenblicklich, wenn du jemals mehr Schaden auf einmal nimmst als das
        # Doppelte deiner maximalen Trefferpunkte."
        return Outcome(die(c, events, "massive_damage"), tuple(events))
    absorbed = min(c.temp_hp, amount)
    if absorbed:
        events.append("temp_hp_absorbed")
    was_at_zero = c.hp == 0
    c = replace(c, temp_hp=c.temp_hp - absorbed, hp=max(0, c.hp - (amount - absorbed)))
    if amount <= 0:
        return Outcome(c, tuple(events))
    if c.hp > 0:
        if c.unconscious:
            # "Du erleidest Schaden, sofern dieser dich nicht auf 0 Trefferpunkte reduziert."
            c = replace(c, unconscious=False)
            events.append("woke_up")
        return Outcome(c, tuple(events))
    if death_effect:
        # "Wenn du durch einen Todeseffekt auf 0 Trefferpunkte gebracht wirst, bist du auf
        # der Stelle tot"
        return Outcome(die(c, events, "death_effect"), tuple(events))
    if c.traits & DESTROYED_AT_ZERO:
        # "Untote und Konstruktkreaturen sind bei 0 Trefferpunkten zerstört." — the
        # sentence names no exception for nonlethal attacks
        return Outcome(die(c, events, "destroyed"), tuple(events))
    if c.dies_at_zero and not nonlethal:
        return Outcome(die(c, events, "killed"), tuple(events))
    if not was_at_zero:
        # "stürzt du zu Boden, erhältst den Zustand Liegend und lässt alle gehaltenen
        # Gegenstände fallen"
        events.extend(["knocked_out", "prone", "dropped_items"])
        if not c.dies_at_zero:
            # "Deine Initiative verschiebt sich direkt vor den Initiativewert, zu dem du auf
            # 0 TP reduziert wurdest."
            events.append("initiative_moves")
    if nonlethal and c.dying == 0:
        # "so erhältst du bei 0 Trefferpunkten nicht den Zustand Sterbend, sondern nur den
        # Zustand Bewusstlos."
        if not c.unconscious:
            c = replace(c, unconscious=True)
            events.append("unconscious")
        return Outcome(c, tuple(events))
    step = 2 if critical else 1
    c = raise_dying(c, step, events, avoid_death, rules, gaining=c.dying == 0)
    return Outcome(c, tuple(events))


def lose_dying(c: Creature, events: list[str]) -> Creature:
    """"Wenn du den Zustand Sterbend verlierst, erhältst du den Zustand Verwundet 1
    (solltest du bereits den Zustand Verwundet besitzen, steigt dein Zustandswert für
    Verwundet um 1)." """
    events.extend(["no_longer_dying", "wounded"])
    return replace(c, dying=0, wounded=c.wounded + 1, wakes_in=None)


def heal(c: Creature, amount: int, *, natural_rest: bool = False,
         treat_wounds: bool = False) -> Outcome:
    """Regain ``amount`` HP, never above the maximum; 1 HP or more ends dying and
    unconscious; temporary HP are not healed.  Treat Wounds also ends wounded.  The
    dead cannot be healed: "Du kannst nicht auf mehr als 0 Trefferpunkte gebracht
    werden, solange du tot bist." """
    if c.dead:
        raise NotAllowed("heal_dead", "a dead creature cannot be healed")
    events: list[str] = []
    hp = min(c.max_hp, c.hp + amount)
    c = replace(c, hp=hp, wakes_in=None if hp >= 1 else c.wakes_in)
    if amount > 0:
        events.append("healed")
    if hp >= 1 and c.dying:
        c = lose_dying(c, events)
    if hp >= 1 and c.unconscious and not natural_rest:
        c = replace(c, unconscious=False)
        events.append("woke_up")
    if treat_wounds and c.wounded:
        c = replace(c, wounded=0)
        events.append("wounded_ended")
    return Outcome(c, tuple(events))


def recover(c: Creature, degree: int, *, avoid_death: bool = False,
            rules: HealthRules = HealthRules()) -> Outcome:
    """The result of a recovery check (0 critical failure … 3 critical success):
    dying −2, −1, +1, +2.  Only the dying attempt it: "Wenn du den Zustand Sterbend
    hast, musst du jeweils zu Beginn deines Zuges einen Einfachen Wurf ablegen"."""
    events: list[str] = []
    _must_be_dying(c, "recovery_not_dying")
    change = {3: -2, 2: -1, 1: 1, 0: 2}[degree]
    if change < 0:
        dying = max(0, c.dying + change)
        c = replace(c, dying=dying)
        events.append("dying_reduced")
        if dying == 0:
            c = lose_dying(c, events)
        return Outcome(c, tuple(events))
    if avoid_death and c.hero_points >= 1:
        return Outcome(stabilise(c, events), tuple(events))
    dying = c.dying + change
    if c.regenerating:
        dying = min(dying, REGENERATION_DYING_CAP)
    c = replace(c, dying=dying)
    events.append("dying_increased")
    if dying >= c.death_at:
        c = die(c, events, "dying_limit")
    return Outcome(c, tuple(events))


def _must_be_dying(c: Creature, reason: str) -> None:
    if c.dead:
        raise NotAllowed("dead_cannot_act", "a dead creature can take no more actions")
    if c.dying == 0:
        raise NotAllowed(reason, "the creature is not dying")


def heroic_recovery(c: Creature) -> Outcome:
    """"Wenn du mindestens einen Heldenpunkt hast [...], kannst du [...] alle deine
    verbleibenden Heldenpunkte ausgeben, um dich bei 0 TP zu stabilisieren. Du verlierst
    den Zustand Sterbend. [...] erhältst du nicht den Zustand Verwundet" """
    _must_be_dying(c, "heroic_recovery_not_dying")
    if c.hero_points < 1:
        raise NotAllowed("heroic_recovery_no_hero_point",
                         "heroic recovery needs at least one hero point")
    events: list[str] = []
    return Outcome(stabilise(c, events), tuple(events))


def gain_temp_hp(c: Creature, amount: int, *, keep: bool = False) -> Outcome:
    """"Du kannst aber Temporäre Trefferpunkte immer nur aus einer Quelle gleichzeitig
    haben [...] musst du wählen, ob du jene behältst, die du schon hast [...] oder ob du
    die neuen Temporären Trefferpunkte [...] erlangst."  The dead gain none: "wirst von
    Zaubern nicht mehr betroffen, die auf Kreaturen zielen"."""
    if c.dead:
        raise NotAllowed("dead_not_affected", "a dead creature is not affected")
    if keep and c.temp_hp:
        return Outcome(c, ("temp_hp_kept",))
    return Outcome(replace(c, temp_hp=amount), ("temp_hp_gained",))


def start_turn(c: Creature) -> Outcome:
    """Fast healing and active regeneration restore HP at the start of the turn."""
    amount = c.fast_healing + (c.regeneration_amount if c.regenerating else 0)
    if c.dead or amount == 0:
        return Outcome(c, ())
    return heal(c, amount)


def end_turn(c: Creature) -> Outcome:
    """Regeneration switched off "bis zum Ende ihres nächsten Zuges" counts down."""
    if c.regeneration_off:
        left = c.regeneration_off - 1
        events = () if left else ("regeneration_on",)
        return Outcome(replace(c, regeneration_off=left), events)
    return Outcome(c, ())


def doomed_check(c: Creature) -> Outcome:
    """"Sollte dein maximaler Zustandswert für Sterbend auf 0 reduziert werden, stirbst
    du augenblicklich." """
    return settle(c)
