"""The replay's parts for a map where velocity and facing are apart (a craft's `vector`),
weapons fire in arcs (a shot's `arcs`), explosions reach (a shot's `reach`), and drones
and liquid metal bolts fly: a synthetic battle of that kind, written here by hand, read
as XML with the SMIL clock played in Python (`test_replay_svg`'s helpers).

Known answers, worked by hand on the axial map (x = s√3(q + r/2), y = 1.5 s r):
- a velocity of (2.25, -0.5) hexes a turn is 2.25 hexes a turn (the hex distance
  (|dq| + |dr| + |dq + dr|) / 2 = (2.25 + 0.5 + 1.75) / 2), its arrow ends at
  (s√3 · 2, -0.75 s); (-1.5, 0.75) is 1.5 hexes a turn; (-2, 0) is 2;
- the hexes within 2 of a centre are 1 + 6 + 12 = 19, within 1, 7;
- arc sectors 0 and 1 lie between headings 0 and 1 (east to north-east: 0 to -60
  degrees on the screen, y down) and 1 and 2 (-60 to -120).
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shipyard.core.battle import EXPLOSION, Frame, Replay, Shot, Token
from shipyard.render.hexmap import SQRT3
from shipyard.render.replay_map import figure, hex_distance, within
from shipyard.render.replay_svg import replay_svg
from tests.test_replay_svg import (
    SVG,
    frame_groups,
    hex_size,
    loop,
    middle,
    parse,
    shown,
    texts,
    tokens,
    value_at,
)

V_HULK = (2.25, -0.5)
V_JACKAL_1 = (-1.5, 0.75)
V_JACKAL_2 = (-2.0, 0.0)


def hulk(q: int, r: int, vector: tuple[float, float] | None = V_HULK) -> Token:
    # faces north-east (heading 1) but flies east-north-east: velocity apart from facing
    return Token("craft", "hulk", 0, q, r, 1, 2, "Behemoth", True, "333 of 333 boxes",
                 vector)


def jackal(k: int, q: int, r: int, vector: tuple[float, float], alive: bool = True) -> Token:
    return Token("craft", f"jackal-{k}", 1, q, r, 3, 2, f"Jackal {k}", alive,
                 "30 of 30 boxes" if alive else "destroyed", vector)


def map_battle(vectors: bool = True) -> Replay:
    """A superhulk and its drone against two gunships over five frames: the hulk flies two
    hexes east facing north-east and fires a laser in arcs 0 and 1; a Jackal fires a
    liquid metal bolt and launches a missile; the missile explodes beside the hulk with a
    reach of 2, striking the hulk and the drone (destroyed); the second Jackal moves."""
    def v(value: tuple[float, float]) -> tuple[float, float] | None:
        return value if vectors else None

    drone = Token("drone", "drone-1", 0, 1, 1, 0, 3, "", True, "", v((3.0, 0.0)))
    start = (hulk(0, 0, v(V_HULK)), drone, jackal(1, 8, -2, V_JACKAL_1),
             jackal(2, 8, 1, V_JACKAL_2))
    f1 = (hulk(2, 0, v(V_HULK)), *start[1:])
    bolt = Token("bolt", "bolt-1", 1, 6, -1, 3, 4, vector=v((-4.0, 1.0)))
    missile = Token("missile", "missile-1", 1, 6, -2, 4, 6)
    f2 = (*f1, bolt, missile)
    f3 = (f2[0], replace(drone, alive=False), *f2[2:5],
          replace(missile, q=3, r=0, alive=False))
    f4 = (f3[0], f3[2], jackal(2, 6, 1, V_JACKAL_2), f3[4])
    laser = Shot("laser", (2, 0), (8, -2), True, "Behemoth: laser at 6 hexes, hit", (0, 1))
    gun = Shot("liquid_metal_gun", (8, -2), (2, 0), False, "Jackal 1: liquid metal bolt",
               (3,))
    blast = Shot(EXPLOSION, (3, 0), (2, 0), True, "the missile explodes: Behemoth 8 points",
                 reach=2)
    blast_drone = Shot(EXPLOSION, (3, 0), (1, 1), True, "the missile explodes: drone lost",
                       reach=2)
    return Replay("Behemoth against the Jackals", ("Superhulk", "Gunships"), (
        Frame(0, "The fleets meet", start),
        Frame(1, "Turn 1: Behemoth moves 2 hexes, fires a laser at Jackal 1: hit", f1,
              (laser,), (("hulk", ((0, 0), (1, 0), (2, 0))),)),
        Frame(1, "Turn 1: Jackal 1 fires a bolt, launches a missile", f2, (gun,)),
        Frame(2, "Turn 2: the missile explodes beside Behemoth", f3, (blast, blast_drone),
              (("missile-1", ((6, -2), (5, -1), (4, -1), (3, 0))),)),
        Frame(2, "Turn 2: Jackal 2 moves", f4, (), (("jackal-2", ((8, 1), (7, 1), (6, 1))),)),
    ), "Nothing decided by turn 2")


def classes(element: ET.Element) -> list[str]:
    return (element.get("class") or "").split()


def groups(root: ET.Element, name: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if name in classes(g)]


def test_the_map_battle_is_one_document_with_nothing_to_fetch() -> None:
    text = replay_svg(map_battle())
    root = parse(text)
    assert not list(root.iter(f"{SVG}script"))
    hrefs = [e.get("href") for e in root.iter() if e.get("href") is not None]
    assert all(h.startswith("#") for h in hrefs)
    ids = {e.get("id") for e in root.iter() if e.get("id")}
    assert {h[1:] for h in hrefs} <= ids  # every glyph used is defined
    assert {"drone-0", "drone-1", "bolt-0", "bolt-1", "head-0", "head-1"} <= ids
    assert replay_svg(map_battle()) == text


def test_each_velocity_is_an_arrow_to_where_it_carries_in_a_turn() -> None:
    root = parse(replay_svg(map_battle()))
    size = hex_size(root)
    found = tokens(root)
    for key, vector in (("hulk", V_HULK), ("jackal-1", V_JACKAL_1), ("jackal-2", V_JACKAL_2),
                        ("drone-1", (3.0, 0.0)), ("bolt-1", (-4.0, 1.0))):
        arrows = groups(found[key], "vector")
        assert len(arrows) == 1, key
        assert arrows[0].get("data-vector") == f"{figure(vector[0])},{figure(vector[1])}"
        line = arrows[0].find(f"{SVG}line")
        assert line is not None and line.get("marker-end", "").startswith("url(#head-")
        assert (line.get("x1"), line.get("y1")) == ("0", "0")  # from the craft's hex
        x = size * SQRT3 * (vector[0] + vector[1] / 2)
        y = size * 1.5 * vector[1]
        at = middle(root, 1)
        assert float(value_at(line, "x2", at, loop(root))) == pytest.approx(x, abs=0.06)
        assert float(value_at(line, "y2", at, loop(root))) == pytest.approx(y, abs=0.06)
    # worked by hand: the hulk's arrow ends at (2 s√3, -0.75 s)
    hulk_line = groups(found["hulk"], "vector")[0].find(f"{SVG}line")
    assert hulk_line is not None
    assert float(hulk_line.get("x2", "")) == pytest.approx(2 * SQRT3 * size, abs=0.06)
    assert float(hulk_line.get("y2", "")) == pytest.approx(-0.75 * size, abs=0.06)
    # an arrow is not the dotted line of a craft flying where it faces
    assert not [e for e in found["hulk"].iter() if "vector" in classes(e) and
                e.tag == f"{SVG}line"]


def test_the_speed_written_is_the_vector_s_hex_distance() -> None:
    assert hex_distance(*V_HULK) == 2.25 and hex_distance(*V_JACKAL_1) == 1.5
    assert hex_distance(*V_JACKAL_2) == 2.0 and hex_distance(0.5, 0.5) == 1.0
    assert [figure(v) for v in (2.25, 2.0, -0.5, 1 / 3, -0.001)] == ["2.25", "2", "-0.5",
                                                                     "0.33", "0"]
    words = texts(parse(replay_svg(map_battle())))
    assert "Behemoth 2.25" in words and "Jackal 1 1.5" in words and "Jackal 2 2" in words


def test_a_craft_keeps_its_facing_while_its_velocity_carries_it() -> None:
    root = parse(replay_svg(map_battle()))
    total = loop(root)
    start = float(frame_groups(root)[1].get("data-start", ""))
    body = next(g for g in tokens(root)["hulk"].iter(f"{SVG}g")
                if "rotate" in (g.get("transform") or ""))
    # it flies east, hex by hex, facing north-east (heading 1: -60 degrees) throughout
    for t in (start + 0.05, start + 0.2, middle(root, 1), middle(root, 4)):
        assert value_at(body, "rotate", t, total) == "-60"
    # without a vector (a craft that flies where it faces) it turns to each hex it enters
    plain = parse(replay_svg(map_battle(vectors=False)))
    body = next(g for g in tokens(plain)["hulk"].iter(f"{SVG}g")
                if "rotate" in (g.get("transform") or ""))
    assert value_at(body, "rotate", start + 0.1, loop(plain)) == "0"
    assert not groups(tokens(plain)["hulk"], "vector")


def test_the_firing_weapon_s_arcs_are_wedges_at_the_shooter() -> None:
    root = parse(replay_svg(map_battle()))
    size = hex_size(root)
    frames = frame_groups(root)
    (laser,) = [g for g in groups(frames[1], "shot")]
    assert classes(laser)[:3] == ["shot", "hit", "laser"] and "side-0" in classes(laser)
    (arcs,) = groups(laser, "arcs")
    assert arcs.get("data-arcs") == "0,1"
    wedges = [p for p in arcs.iter(f"{SVG}path") if "arc" in classes(p)]
    assert [w.get("data-arc") for w in wedges] == ["0", "1"]
    sx, sy = 2 * SQRT3 * size, 0.0  # the shooter's hex, (2, 0)
    for wedge, (first, second) in zip(wedges, ((-60, 0), (-120, -60)), strict=True):
        numbers = [float(v) for v in re.findall(r"-?[\d.]+", wedge.get("d", ""))]
        assert numbers[:2] == pytest.approx([sx, sy], abs=0.06)
        ends = [(numbers[2], numbers[3]), (numbers[-2], numbers[-1])]
        for (x, y), degrees in zip(ends, (first, second), strict=True):
            assert math.degrees(math.atan2(y - sy, x - sx)) == pytest.approx(degrees, abs=0.5)
            # out past the target, 6 hexes away
            assert math.hypot(x - sx, y - sy) == pytest.approx(6.5 * SQRT3 * size, abs=0.1)
    (gun,) = groups(frames[2], "shot")
    assert "miss" in classes(gun) and "side-1" in classes(gun)
    for fired in (gun, laser):  # a gun goes off nowhere: no ring at the shooter
        assert not [e for e in fired.iter() if "blast" in classes(e)]
    (blast,) = [c for c in groups(frames[3], "shot")[0] if "blast" in classes(c)]
    assert blast.tag == f"{SVG}circle"  # an explosion rings its centre
    assert groups(gun, "arcs")[0].get("data-arcs") == "3"
    # a shot with no arcs draws none
    assert not [g for f in frames for g in groups(f, "arcs") if f is not frames[1]
                and f is not frames[2]]


def test_an_explosion_shades_every_hex_in_its_reach_once_in_its_frame() -> None:
    root = parse(replay_svg(map_battle()))
    size = hex_size(root)
    total = loop(root)
    frames = frame_groups(root)
    reaches = [(k, g) for k, frame in enumerate(frames) for g in groups(frame, "reach")]
    assert len(reaches) == 1  # two shots of one explosion: its hexes drawn once
    k, reach = reaches[0]
    assert k == 3 and reach.get("data-reach") == "2" and reach.get("data-hexes") == "19"
    assert "explosion" in classes(reach) and reach.get("data-centre") == "3,0"
    cells = list(reach.iter(f"{SVG}use"))
    assert len(cells) == 19
    found = set()
    for cell in cells:  # back from the picture to hexes: each within 2 of (3, 0)
        x, y = float(cell.get("x", "")), float(cell.get("y", ""))
        r = round(y / (1.5 * size))
        q = round(x / (SQRT3 * size) - r / 2)
        found.add((q, r))
        assert hex_distance(q - 3, r) == float(cell.get("data-ring", ""))
        assert hex_distance(q - 3, r) <= 2
    assert len(found) == 19
    shades = {cell.get("data-ring"): float(cell.get("fill-opacity", "")) for cell in cells}
    assert shades["0"] > shades["1"] > shades["2"] > 0  # darker nearer the centre
    # shown in its frame only
    assert shown(reach, [frames[3]], middle(root, 3), total)
    assert not shown(reach, [frames[3]], middle(root, 2), total)
    assert not shown(reach, [frames[3]], middle(root, 4), total)


def test_drones_and_bolts_have_glyphs_a_roster_row_and_key_entries() -> None:
    root = parse(replay_svg(map_battle()))
    total = loop(root)
    found = tokens(root)
    assert classes(found["drone-1"])[:3] == ["token", "drone", "side-0"]
    assert classes(found["bolt-1"])[:3] == ["token", "bolt", "side-1"]
    uses = {key: [u.get("href") for u in g.iter(f"{SVG}use")] for key, g in found.items()}
    assert "#drone-0" in uses["drone-1"] and "#bolt-1" in uses["bolt-1"]
    # a drone is no named craft: no wreck, gone after the frame it is destroyed in
    assert "#wreck" not in uses["drone-1"]
    assert shown(found["drone-1"], [], middle(root, 3), total)
    assert not shown(found["drone-1"], [], middle(root, 4), total)
    (panel,) = groups(root, "roster")
    words = texts(panel)
    assert "Drones" in words
    states = [t for t in panel.iter(f"{SVG}text") if "state" in classes(t)
              and "flying" in "".join(t.itertext())]
    at = {k: ["".join(t.itertext()) for t in states if shown(t, [], middle(root, k), total)]
          for k in (0, 3, 4)}
    assert at == {0: ["1 flying"], 3: ["none flying"], 4: ["none flying"]}
    for entry in ("drone", "liquid metal bolt", "arcs of the weapon that fired",
                  "hexes an explosion reaches", "speed, and velocity: a turn's flight"):
        assert entry in words
    assert "speed, and where it carries" not in words  # no craft here flies without a vector


def test_the_map_holds_every_arrow_and_every_hex_of_a_blast() -> None:
    far = replace(map_battle(), frames=(Frame(0, "Far", (hulk(0, 0, (30.0, 0.0)),),
                                              (Shot(EXPLOSION, (0, 0), (0, 0), True,
                                                    reach=12),)),))
    root = parse(replay_svg(far))
    size = hex_size(root)
    width = float(root.get("width", ""))
    assert width > 30 * SQRT3 * size  # the arrow's 30 hexes fit across


def test_a_replay_without_the_map_s_fields_draws_none_of_its_parts() -> None:
    from tests.test_replay_svg import battle

    text = replay_svg(battle())
    for mark in ('class="vector" data-vector', 'class="arcs"', 'class="reach',
                 'id="drone-', 'id="bolt-', 'id="head-', "Drones<"):
        assert mark not in text


@given(st.integers(-20, 20), st.integers(-20, 20), st.integers(0, 6))
def test_the_hexes_within_a_reach_are_every_one_and_each_once(q: int, r: int,
                                                              reach: int) -> None:
    found = within((q, r), reach)
    hexes = [h for h, _ in found]
    assert len(set(hexes)) == len(hexes) == 1 + 3 * reach * (reach + 1)
    for (hq, hr), ring in found:
        assert hex_distance(hq - q, hr - r) == ring <= reach


@given(st.tuples(st.floats(allow_nan=True, allow_infinity=True),
                 st.floats(allow_nan=True, allow_infinity=True)))
def test_any_vector_keeps_the_picture_whole_and_the_map_bounded(
        vector: tuple[float, float]) -> None:
    replay = replace(map_battle(), frames=(Frame(0, "One", (hulk(0, 0, vector),)),))
    root = parse(replay_svg(replay))
    (arrow,) = groups(tokens(root)["hulk"], "vector")
    drawn = ET.tostring(arrow, "unicode")
    assert "nan" not in drawn and "inf" not in drawn
    assert float(root.get("width", "")) < 24 * SQRT3 * 220  # 100 hexes each way at most
