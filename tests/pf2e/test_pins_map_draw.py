"""The map drawing read back as SVG: every drawn fact at its place, worked out by hand
from the drawing's layout (squares of 32 px after a margin of 22 px for the
coordinates; legend entries 26 px plus 6,5 px a letter wide, wrapped past 406 px)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

from regelwerk.systems.pf2e.space.grid import BattleMap, Creature, LightSource
from regelwerk.systems.pf2e.space.map_draw import LEGEND_KEYS, Drawing, to_svg

M = Fraction
NS = "{http://www.w3.org/2000/svg}"
LEGEND = {"area": "Area", "origin": "Origin", "affected": "Hit", "blocked": "Blocked",
          "creature": "Creature", "wall": "Walls", "grate": "Grate", "darkness": "Dark",
          "dim": "Dim", "light": "Light"}


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def elements(root: ET.Element, tag: str) -> list[dict[str, str]]:
    """The attributes of every element with this tag (and its text as ``text``), in
    document order, legend groups' children left out."""
    out = []
    for child in root:
        if child.tag == NS + tag:
            out.append({**child.attrib, "text": child.text or ""})
    return out


def number(value: str) -> float:
    return float(value)


def at(item: dict[str, str], *names: str) -> tuple[float, ...]:
    return tuple(number(item.get(n, "0")) for n in names)


def rects(root: ET.Element, fill: str) -> list[tuple[float, ...]]:
    return [at(r, "x", "y", "width", "height") for r in elements(root, "rect")
            if r.get("fill") == fill]


def texts(root: ET.Element) -> dict[str, list[tuple[float, float]]]:
    found: dict[str, list[tuple[float, float]]] = {}
    for t in elements(root, "text"):
        found.setdefault(t["text"], []).append((number(t["x"]), number(t["y"])))
    return found


BATTLE = BattleMap(
    4, 3,
    creatures=(Creature("Goblin Warrior", (0, 0)), Creature("ogre", (2, 1), "large"),
               Creature("Valeros", (3, 0)), Creature("the big wolf", (0, 1))),
    walls=frozenset({(1, 2)}), grates=frozenset({(1, 1)}), darkness=frozenset({(0, 2)}),
    dim=frozenset({(3, 0)}), lights=(LightSource((1, 0), M(3)),))
DRAWING = Drawing(area=frozenset({(0, 0), (1, 0)}), origin=(M(1), M(1)),
                  affected=frozenset({"Goblin Warrior"}), blocked=frozenset({"Valeros"}),
                  title="Burst <3 m>", legend=LEGEND)


def test_the_canvas_and_the_grid() -> None:
    root = parse(to_svg(BATTLE, drawing=DRAWING))
    # 22 + 4 x 32 + 4 wide; below the grid (22 + 3 x 32 + 14 = 132) the title (20) and
    # two legend rows of 18
    assert (root.get("width"), root.get("height")) == ("154", "192")
    assert root.get("viewBox") == "0 0 154 192"
    assert rects(root, "white") == [(0.0, 0.0, 154.0, 192.0)]
    assert rects(root, "#f4f1e8") == [(22.0, 22.0, 128.0, 96.0)]
    lines = [at(line, "x1", "y1", "x2", "y2") for line in elements(root, "line")]
    assert lines == ([(22.0 + 32 * i, 22.0, 22.0 + 32 * i, 118.0) for i in range(5)]
                     + [(22.0, 22.0 + 32 * j, 150.0, 22.0 + 32 * j) for j in range(4)])
    labels = texts(root)
    for i in range(4):  # column numbers above the middle of each column
        assert (38.0 + 32 * i, 15.0) in labels[str(i)]
    for j in range(3):  # row numbers left of each row, right-aligned at 17
        assert (17.0, 42.0 + 32 * j) in labels[str(j)]
    assert "4" not in labels
    assert len(labels["3"]) == 1


def test_the_squares_at_their_places() -> None:
    root = parse(to_svg(BATTLE, drawing=DRAWING))
    assert rects(root, "#222") == [(22.0, 86.0, 32.0, 32.0)]  # darkness at (0, 2)
    assert rects(root, "#555") == [(118.0, 22.0, 32.0, 32.0)]  # dim at (3, 0)
    assert rects(root, "#d9534f") == [(22.0, 22.0, 32.0, 32.0), (54.0, 22.0, 32.0, 32.0)]
    assert rects(root, "#3b3b3b") == [(54.0, 86.0, 32.0, 32.0)]  # the wall at (1, 2)
    grates = [at(r, "x", "y", "width", "height") for r in elements(root, "rect")
              if r.get("stroke") == "#3b3b3b"]
    assert grates == [(58.0, 58.0, 24.0, 24.0)]  # (1, 1), 4 px inside
    lights = [at(c, "cx", "cy", "r") for c in elements(root, "circle")
              if c.get("fill") == "#f0c419"]
    assert lights == [(70.0, 38.0, 6.0)]  # the middle of (1, 0)


def test_the_creatures_their_states_and_names() -> None:
    root = parse(to_svg(BATTLE, drawing=DRAWING))
    tokens = {c.get("fill"): at(c, "cx", "cy", "r") for c in elements(root, "circle")
              if c.get("fill") in ("#c62828", "#757575")}
    assert tokens == {"#c62828": (38.0, 38.0, 13.0),  # affected, in (0, 0)
                      "#757575": (134.0, 38.0, 13.0)}  # out of line of effect, (3, 0)
    plain = [at(c, "cx", "cy", "r") for c in elements(root, "circle")
             if c.get("fill") == "#2e6da4"]
    # the Large ogre fills (2..3, 1..2): its middle is the corner (3, 2)
    assert plain == [(118.0, 86.0, 29.0), (38.0, 70.0, 13.0)]
    blocked = next(c for c in elements(root, "circle") if c.get("fill") == "#757575")
    assert blocked["stroke-dasharray"] == "4 3"
    crosses = [p["d"] for p in elements(root, "path") if p.get("stroke") == "white"]
    assert crosses == ["M126,30 L142,46 M142,30 L126,46"]  # a quarter of a square out
    labels = texts(root)
    # initials in the token, 4 px below its middle; the whole name 9 px below the space
    assert labels["GW"] == [(38.0, 42.0)]
    assert labels["O"] == [(118.0, 90.0)]
    assert labels["V"] == [(134.0, 42.0)]
    assert labels["TB"] == [(38.0, 74.0)]  # two words at most
    assert labels["Goblin Warrior"] == [(38.0, 63.0)]
    assert labels["ogre"] == [(118.0, 127.0)]
    assert labels["Valeros"] == [(134.0, 63.0)]
    assert labels["the big wolf"] == [(38.0, 95.0)]
    sizes = {t["text"]: t["font-size"] for t in elements(root, "text")}
    assert (sizes["ogre"], sizes["O"], sizes["0"], sizes["Burst <3 m>"], sizes["Area"]) == (
        "10", "11", "10", "13", "11")


def test_the_origin_title_and_legend() -> None:
    root = parse(to_svg(BATTLE, drawing=DRAWING))
    marks = [at(c, "cx", "cy", "r") for c in elements(root, "circle")
             if c.get("fill") == "white"]
    assert marks == [(54.0, 54.0, 7.0)]  # the corner (1, 1)
    cross = [p["d"] for p in elements(root, "path") if p.get("stroke") == "#000"]
    assert cross == ["M48,48 L60,60 M60,48 L48,60"]
    labels = texts(root)
    assert labels["Burst <3 m>"] == [(4.0, 144.0)]
    # the legend from 152: Area 52 px wide, Origin 65, Hit 45,5, Blocked 71,5, Creature
    # 78, Walls 58,5 ends at 374,5; Grate (58,5) would end past 406: a new row at 170
    places = {"Area": (4, 152), "Origin": (56, 152), "Hit": (121, 152),
              "Blocked": (166.5, 152), "Creature": (238, 152), "Walls": (316, 152),
              "Grate": (4, 170), "Dark": (62.5, 170), "Dim": (114.5, 170),
              "Light": (160, 170)}
    for name, (x, y) in places.items():
        assert labels[name] == [(x + 18, y + 11)], name
    groups = [g.get("transform") for g in root if g.tag == NS + "g"]
    assert groups == [f"translate({x:g},{y:g})" for x, y in places.values()]
    assert list(LEGEND_KEYS) == list(LEGEND)


def test_a_legend_shows_only_what_is_drawn() -> None:
    lone = BattleMap(2, 2, (Creature("a", (0, 0)),))
    root = parse(to_svg(lone, drawing=Drawing(legend=LEGEND)))
    assert [t["text"] for t in elements(root, "text") if t["text"] in LEGEND.values()] == \
        ["Creature"]
    # 22 + 64 + 14 below the grid, one legend row of 18, 4 to spare
    assert root.get("height") == f"{100 + 18 + 4}"
    everyone = parse(to_svg(lone, drawing=Drawing(affected=frozenset({"a"}), legend=LEGEND)))
    assert [t["text"] for t in elements(everyone, "text") if t["text"] in LEGEND.values()] \
        == ["Hit"]
    # a legend name missing or empty is left out; without a legend no room is kept
    partial = parse(to_svg(lone, drawing=Drawing(legend={"creature": "", "wall": "Wall"})))
    assert not [t for t in elements(partial, "text") if t["text"] in ("Wall", "")]
    assert partial.get("height") == "104"
    assert not [g for g in partial if g.tag == NS + "g"]


def test_the_plain_call_shades_an_area_under_a_title() -> None:
    empty = BattleMap(3, 1)
    root = parse(to_svg(empty, area=[(2, 0), (0, 0)], title="Cone"))
    assert rects(root, "#d9534f") == [(22.0, 22.0, 32.0, 32.0), (86.0, 22.0, 32.0, 32.0)]
    assert texts(root)["Cone"] == [(4.0, 12.0 + 22 + 32 + 14)]
    assert (root.get("width"), root.get("height")) == ("122", f"{22 + 32 + 14 + 20 + 4}")
    assert not elements(root, "circle")
    assert not elements(root, "path")


def test_a_long_legend_name_starts_its_own_row_only_after_another() -> None:
    lone = BattleMap(2, 2, (Creature("a", (0, 0)),), walls=frozenset({(1, 1)}))
    long = "x" * 60  # 416 px: wider than the row, yet the first entry stays in it
    root = parse(to_svg(lone, drawing=Drawing(legend={"creature": long, "wall": "W"})))
    groups = [g.get("transform") for g in root if g.tag == NS + "g"]
    # below the grid: 22 + 64 + 14 = 100; the long name first, "W" on the next row
    assert groups == ["translate(4,100)", "translate(4,118)"]
