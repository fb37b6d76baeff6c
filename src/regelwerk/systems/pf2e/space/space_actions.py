"""Protocol handlers for the battle map: distance, reach, areas, line of effect and
sight, light, detection and targeting, movement."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StrictBool, StrictStr

from regelwerk.errors import RequestError
from regelwerk.i18n import Translator
from regelwerk.protocol.fields import MODEL_CONFIG
from regelwerk.protocol.registry import Context
from regelwerk.systems.pf2e.space.areas import (
    Area,
    burst,
    cone,
    corner_in_range,
    emanation,
    line,
    still_affected,
)
from regelwerk.systems.pf2e.space.detection import Observer, Seen, Situation, detect, targeting
from regelwerk.systems.pf2e.space.grid import (
    SQUARE_METRES,
    BattleMap,
    Creature,
    distance,
    reaches,
    space_distance,
)
from regelwerk.systems.pf2e.space.map_draw import Drawing, to_svg
from regelwerk.systems.pf2e.space.map_model import (
    MapFields,
    Metres,
    SquareFields,
    map_json,
    metres,
    square,
)
from regelwerk.systems.pf2e.space.sight import centre, has_line_of_effect, light_at

__all__ = ["legend", "observer_of", "shape_label", "state_label"]

Name = Annotated[StrictStr, Field(min_length=1, max_length=40)]


class MapRequest(BaseModel):
    """Anything asked of a map."""

    model_config = MODEL_CONFIG
    map: MapFields


class DistanceRequest(MapRequest):
    """The distance between two creatures."""

    a: Name
    b: Name


def distance_action(request: DistanceRequest, context: Context) -> dict[str, Any]:
    """Squares and metres between two spaces (every second diagonal counts double)."""
    battle = request.map.battle_map()
    a, b = battle.creature(request.a), battle.creature(request.b)
    dx, dy = space_distance(a.space, b.space)
    squares = distance(dx, dy)
    shown = context.t.number(float(squares * SQUARE_METRES))
    return {"squares": squares, "metres": float(squares * SQUARE_METRES),
            "feet": squares * 5, "reaches": reaches(a, b),
            "text": context.t("{a} to {b}: {m} m", a=a.name, b=b.name, m=shown)}


class AreaRequest(MapRequest):
    """An area on the map."""

    shape: Literal["burst", "emanation", "cone", "line"]
    size: Metres
    corner: SquareFields | None = None
    source: Name | None = None
    direction: Literal["n", "ne", "e", "se", "s", "sw", "w", "nw"] | None = None
    from_square: SquareFields | None = None
    toward: SquareFields | None = None
    width: Metres | None = None
    exclude_source: StrictBool = False
    svg: StrictBool = False
    range: Metres | None = None
    affected_before: list[Name] = Field(default_factory=list, max_length=200)


def _area(request: AreaRequest, battle: BattleMap, t: Translator) -> tuple[Area, Creature | None]:
    size = metres(request.size, request.map.unit)
    if request.shape == "burst":
        if request.corner is None:
            raise RequestError("a burst needs 'corner': the grid corner it starts from",
                               code="missing_field")
        corner = square(request.corner)
        if request.range is not None and request.source is None:
            raise RequestError(t("a burst's range is measured from its 'source': name the "
                                 "creature that creates it"), code="missing_field")
        if request.range is not None and request.source is not None and not corner_in_range(
                battle.creature(request.source), corner, metres(request.range,
                                                                 request.map.unit)):
            return burst(corner, size, in_range=False), None
        return burst(corner, size), None
    if request.source is None:
        raise RequestError("a {shape} needs 'source': the creature it comes from",
                           code="missing_field", shape=request.shape)
    source = battle.creature(request.source)
    if request.shape == "emanation":
        return emanation(source, size), source
    if request.shape == "cone":
        if request.direction is None:
            raise RequestError("a cone needs 'direction' (n, ne, e, se, s, sw, w, nw)",
                               code="missing_field")
        start = None if request.from_square is None else square(request.from_square)
        return cone(source, request.direction, size, start), source
    if request.toward is None:
        raise RequestError("a line needs 'toward': a square it points at",
                           code="missing_field")
    width = metres(request.width, request.map.unit) if request.width else SQUARE_METRES
    x, y = request.toward
    return line(source, (Fraction(2 * x + 1, 2), Fraction(2 * y + 1, 2)), size, width), source


def area_action(request: AreaRequest, context: Context) -> dict[str, Any]:
    """The squares of the area, the creatures it affects (any square inside and line of
    effect to its origin), and those inside but behind a solid barrier."""
    battle = request.map.battle_map()
    area, source = _area(request, battle, context.t)
    affected, blocked = [], []
    for creature in battle.creatures:
        if not creature.space & area.squares:
            continue
        if source is not None and creature.name == source.name and (
                request.shape != "emanation" or request.exclude_source):
            continue
        own = source is not None and creature.name == source.name
        if own or has_line_of_effect(area.origin, creature, battle):
            affected.append(creature.name)
        else:
            blocked.append(creature.name)
    on_map = sorted(s for s in area.squares if battle.inside(s))
    if not area.in_range:
        affected, blocked = [], []
    staying, left = still_affected(request.affected_before, affected)
    response: dict[str, Any] = {
        "valid": area.in_range, "problems": [] if area.in_range else ["corner_out_of_range"],
        "still_affected": list(staying), "ended_for": list(left),
        "shape": area.shape, "squares": [list(s) for s in on_map],
        "origin": [float(area.origin[0]), float(area.origin[1])],
        "creatures": affected, "blocked": blocked,
        "text": context.t("{shape}: {n} squares; affects {names}",
                          shape=shape_label(context.t, area.shape),
                          n=len(on_map), names=", ".join(affected) or "—"),
    }
    if not area.in_range:
        response["text"] = context.t(
            "The burst's corner lies beyond the effect's range: „Eine Explosion dehnt "
            "sich von einer einzelnen Ecke eines Feldes innerhalb der Reichweite des "
            "Effektes [...] aus“")
    if left:
        response["text"] += "; " + context.t("the effect ends for {names}: „Verlässt "
                                             "eine Kreatur den Wirkungsbereich, so wirkt der "
                                             "Effekt nicht mehr weiter auf diese Kreatur.“",
                                             names=", ".join(left))
    if request.svg:
        title = context.t("{shape} {size} {unit}", shape=shape_label(context.t, area.shape),
                          size=context.t.number(float(request.size)), unit=request.map.unit)
        title = title[:1].upper() + title[1:]
        response["svg"] = to_svg(battle, drawing=Drawing(
            area=frozenset(on_map), origin=area.origin, affected=frozenset(affected),
            blocked=frozenset(blocked), title=title, legend=legend(context.t)))
    return response


def legend(t: Translator) -> dict[str, str]:
    """The legend of a map drawing in the reader's language."""
    return {"area": t("area"), "origin": t("origin of the area"), "affected": t("affected"),
            "blocked": t("no line of effect"), "creature": t("creature"), "wall": t("wall"),
            "grate": t("grate"), "darkness": t("darkness"), "dim": t("dim light"),
            "light": t("light source")}


class ReachRequest(MapRequest):
    """Whether an attacker reaches a target; without a target, whom it reaches."""

    attacker: Name
    target: Name | None = None
    svg: StrictBool = False


def _reach_all(request: ReachRequest, context: Context) -> dict[str, Any]:
    """Every creature the attacker reaches, and the squares of its reach, reported
    like an area's creatures (``creatures``, ``blocked``)."""
    battle = request.map.battle_map()
    a = battle.creature(request.attacker)
    squares = sorted(
        (x, y) for x in range(battle.width) for y in range(battle.height)
        if (x, y) not in a.space and reaches(a, Creature("·", (x, y)))
    )
    affected, blocked = [], []
    for creature in battle.creatures:
        if creature.name == a.name or not reaches(a, creature):
            continue
        if has_line_of_effect(centre(a), creature, battle):
            affected.append(creature.name)
        else:
            blocked.append(creature.name)
    t = context.t
    response: dict[str, Any] = {
        "reach": float(a.reach), "squares": [list(s) for s in squares],
        "origin": [float(c) for c in centre(a)], "creatures": affected, "blocked": blocked,
        "text": t("Reach of {name} ({size} {unit}): {n} squares; reaches {names}",
                  name=a.name, size=t.number(float(a.reach)), unit="m", n=len(squares),
                  names=", ".join(affected) or "—"),
    }
    if request.svg:
        title = t("Reach of {name} ({size} {unit})", name=a.name,
                  size=t.number(float(a.reach)), unit="m")
        response["svg"] = to_svg(battle, drawing=Drawing(
            area=frozenset(squares), origin=centre(a), affected=frozenset(affected),
            blocked=frozenset(blocked), title=title, legend=legend(t)))
    return response


def reach_action(request: ReachRequest, context: Context) -> dict[str, Any]:
    """Reach: 3 m reaches two squares diagonally; larger reach is measured normally."""
    if request.target is None:
        return _reach_all(request, context)
    battle = request.map.battle_map()
    a, b = battle.creature(request.attacker), battle.creature(request.target)
    ok = reaches(a, b)
    return {"reaches": ok, "reach": float(a.reach),
            "text": context.t("{a} reaches {b}", a=a.name, b=b.name) if ok
            else context.t("{a} does not reach {b}", a=a.name, b=b.name)}


def shape_label(t: Translator, shape: str) -> str:
    """An area's shape in the reader's language."""
    return {"burst": t("burst"), "emanation": t("emanation"), "cone": t("cone"),
            "line": t("line")}[shape]


def state_label(t: Translator, state: str) -> str:
    """A detection state in the reader's language."""
    return {"observed": t("observed"), "hidden": t("hidden"), "undetected": t("undetected"),
            "unnoticed": t("unnoticed")}[state]


def observer_of(creature: Creature) -> Observer:
    """The senses of a creature on the map; a sense may carry its range in metres
    (``"scent 9"``, ``"tremorsense 18"``)."""
    senses: set[str] = set()
    ranges: dict[str, Fraction] = {}
    for text in creature.senses:
        words = text.lower().replace("-", "_").split()
        number = [w for w in words if w.replace(".", "", 1).isdigit()]
        name = "_".join(w for w in words if w not in number and w != "m")
        senses.add(name)
        if number:
            ranges[name] = Fraction(number[0])
    conditions = {c.lower() for c in creature.conditions}
    precise = tuple(sorted(senses & {"echolocation", "precise_tremorsense", "precise_scent",
                                     "blindsight"}))
    imprecise = tuple(sorted(senses & {"tremorsense", "imprecise_scent", "lifesense"}))
    vague = tuple(sorted(senses & {"scent"}))
    return Observer("blinded" not in conditions, "low_light_vision" in senses,
                    "darkvision" in senses, "greater_darkvision" in senses,
                    "deafened" not in conditions, precise, imprecise, vague, ranges)


class DetectRequest(MapRequest):
    """The detection state of a target for an observer on the map."""

    observer: Name
    target: Name
    invisible: StrictBool = False
    hiding: StrictBool = False
    sneaking: StrictBool = False
    noticed: StrictBool = True
    sought: StrictBool = False
    seen_turning_invisible: StrictBool = False
    tracks: StrictBool = False
    netted: StrictBool = False
    fog: StrictBool = False
    moving: StrictBool = True
    scentless: StrictBool = False
    wind: Literal["none", "from_target", "toward_target"] = "none"


def detect_action(request: DetectRequest, context: Context) -> dict[str, Any]:
    """Observed, hidden, undetected or unnoticed (and concealed), with what targeting
    then takes."""
    battle = request.map.battle_map()
    observer, target = battle.creature(request.observer), battle.creature(request.target)
    light, magical = light_at(battle, target.at)
    sight_line = has_line_of_effect(centre(observer), target, battle)
    apart = distance(*space_distance(observer.space, target.space)) * SQUARE_METRES
    situation = Situation(
        light, battle.darkness_rank if magical else 0, sight_line, request.invisible,
        request.hiding, request.sneaking, request.noticed, request.sought,
        request.seen_turning_invisible, request.tracks, request.netted, request.fog,
        apart, request.wind, not (observer.flying or target.flying), request.moving,
        request.scentless)
    senses = observer_of(observer)
    seen = detect(senses, situation)
    aim = targeting(seen)
    # "Kreaturen ohne Dunkelsicht [...] erhalten den Zustand Blind, solange sie sich in
    # Dunkelheit befinden, können aber in der Lage sein, beleuchtete Bereiche außerhalb
    # der Dunkelheit wahrzunehmen."
    own_light, own_magic = light_at(battle, observer.at)
    observer_blinded = own_light == "darkness" and not (
        senses.greater_darkvision or (senses.darkvision and not (
            own_magic and battle.darkness_rank >= 4)))
    t = context.t
    state = state_label(t, seen.state)
    if seen.concealed:
        state += " + " + t("concealed")
    return {
        "state": seen.state, "concealed": seen.concealed, "sense": seen.sense,
        "light": light, "line_of_sight": sight_line, "observer_blinded": observer_blinded,
        "targeting": {"flat_dc": aim.flat_dc, "secret": aim.secret,
                      "guess_square": aim.guess_square, "possible": aim.possible,
                      "off_guard": aim.off_guard},
        "text": t("{target} is {state} to {observer}", target=target.name, state=state,
                  observer=observer.name),
    }


class DrawRequest(MapRequest):
    """Draw the map."""

    area: list[SquareFields] = Field(default_factory=list, max_length=40_000)
    title: Annotated[StrictStr, Field(max_length=80)] = ""


def draw_action(request: DrawRequest, context: Context) -> dict[str, Any]:
    """The map as SVG."""
    battle = request.map.battle_map()
    return {"svg": to_svg(battle, [square(s) for s in request.area], request.title),
            "map": map_json(battle),
            "text": context.t("Map {w}×{h}", w=battle.width, h=battle.height)}




class LineRequest(MapRequest):
    """Line of effect or of sight between two creatures."""

    source: Name
    target: Name


def line_of_effect_action(request: LineRequest, context: Context) -> dict[str, Any]:
    """A clear line from the source's centre to some point of the target's space: only
    solid walls block, grates do not."""
    battle = request.map.battle_map()
    source, target = battle.creature(request.source), battle.creature(request.target)
    clear = has_line_of_effect(centre(source), target, battle)
    return {"clear": clear,
            "text": context.t("line of effect: {clear}",
                              clear=context.t("clear") if clear else context.t("blocked"))}


def line_of_sight_action(request: LineRequest, context: Context) -> dict[str, Any]:
    """Line of sight: a precise sense, no solid barrier, and no darkness unless the
    observer has darkvision (greater darkvision in magical darkness of rank 4+)."""
    battle = request.map.battle_map()
    observer, target = battle.creature(request.source), battle.creature(request.target)
    senses = observer_of(observer)
    clear = has_line_of_effect(centre(observer), target, battle)
    light, magical = light_at(battle, target.at)
    dark_ok = light != "darkness" or (
        senses.greater_darkvision or (senses.darkvision and not (
            magical and battle.darkness_rank >= 4)))
    sees = (senses.vision and dark_ok) or bool(senses.precise)
    ok = clear and sees
    return {"clear": ok, "barrier": not clear, "light": light,
            "text": context.t("line of sight: {clear}",
                              clear=context.t("clear") if ok else context.t("blocked"))}


class TargetingRequest(BaseModel):
    """What targeting a creature in a detection state takes."""

    model_config = MODEL_CONFIG
    state: Literal["observed", "hidden", "undetected", "unnoticed"]
    concealed: StrictBool = False


def targeting_action(request: TargetingRequest, context: Context) -> dict[str, Any]:
    """Concealed DC 5; hidden DC 11 and off-guard; undetected: guess a square, secret
    rolls; unnoticed: no target (area effects work normally)."""
    aim = targeting(Seen(request.state, request.concealed, ""))
    return {"flat_dc": aim.flat_dc, "secret": aim.secret, "guess_square": aim.guess_square,
            "possible": aim.possible, "off_guard": aim.off_guard,
            "text": context.t("flat check DC {dc}", dc=aim.flat_dc or "—")}
