"""The replay's parts on their own, with answers worked by hand: the hex map's geometry,
the clock, where names go, the footer's wrapping."""

from __future__ import annotations

import math
import re

import pytest

from shipyard.core.battle import Token
from shipyard.render.hexmap import SQRT3, angle, centre, grid_pattern, heading_of
from shipyard.render.replay_clock import Clock
from shipyard.render.replay_footer import wrapped
from shipyard.render.replay_labels import CHAR_W, place
from shipyard.render.replay_tokens import hexes_flown, runs


def test_headings_point_as_the_map_says() -> None:
    # heading 0 is +q, east; heading 1 is (1, -1), north-east (up on the screen, y down)
    assert centre(1, 0, 10) == pytest.approx((10 * SQRT3, 0))
    assert centre(1, -1, 10) == pytest.approx((5 * SQRT3, -15))
    assert centre(0, 1, 10) == pytest.approx((5 * SQRT3, 15))
    for heading, step in enumerate([(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]):
        assert heading_of((3, 4), (3 + step[0], 4 + step[1])) == heading
        x, y = centre(*step, 1)
        # the glyph, drawn facing east, turned by angle(heading) points along the step
        a = math.radians(angle(heading))
        assert (math.cos(a), math.sin(a)) == pytest.approx((x / SQRT3, y / SQRT3))
    assert heading_of((0, 0), (2, 0)) is None and heading_of((0, 0), (0, 0)) is None
    assert angle(7) == angle(1) == -60


def test_the_grid_tile_repeats_with_the_hexes() -> None:
    pattern = grid_pattern("grid", 12.0, "#000", 1.0)
    width = float(re.search(r'width="([\d.]+)"', pattern).group(1))  # type: ignore[union-attr]
    height = float(re.search(r'height="([\d.]+)"', pattern).group(1))  # type: ignore[union-attr]
    # one tile is one hex across and two rows down: the hexes (2, 0) and (-1, 2) are
    # (0, 0) moved by a whole number of tiles
    assert (width, height) == pytest.approx((12 * SQRT3, 36), abs=0.001)
    assert centre(1, 0, 12) == pytest.approx((width, 0), abs=0.001)
    assert centre(-1, 2, 12) == pytest.approx((0, height), abs=0.001)


def test_the_clock_gives_each_frame_its_time_and_holds_the_last() -> None:
    clock = Clock.of([False, True, False, True])
    # the opening 1.6 s, a frame with shots 1.2 s, one without 0.9 s, the last held 4 s
    assert clock.starts == (0.0, 1.6, 2.8, 3.7) and clock.total == pytest.approx(7.7)
    assert clock.end(3) == clock.total and clock.end(1) == 2.8
    # 20 hops in a 1.2 s frame: done in its first half, 0.03 s each; 3 hops: 0.09 s each
    assert clock.hops(1, 20) == pytest.approx([1.6 + 0.03 * k for k in range(1, 21)])
    assert clock.hops(2, 3) == pytest.approx([2.89, 2.98, 3.07])
    assert clock.hops(0, 0) == []
    # a value that changes: its steps; changes at one key time: the later one holds
    assert clock.steps([(0, "a"), (1.6, "b"), (1.6, "c"), (3.7, "c")]) == \
        ("a;c", "0;0.208")  # to 10 ms of the 7.7 s loop
    assert clock.steps([(0, "a"), (2.8, "a")]) is None  # never changes: no animation
    assert clock.animate("x", [(0, "1")]) == ""
    assert Clock.of([]).frames == 0 and Clock.of([True]).total == 4.0


def test_a_path_keeps_each_hex_once_and_runs_group_equal_values() -> None:
    assert hexes_flown([(0, 0), (1, 0), (1, 0), (2, -1), (2, -1)]) == [(0, 0), (1, 0), (2, -1)]
    assert runs(["a", "a", "b", "a"]) == [("a", 0, 1), ("b", 2, 2), ("a", 3, 3)]
    assert runs([]) == []


def fighter(key: str, q: int, r: int, heading: int, alive: bool = True) -> tuple[str, Token, int]:
    return key, Token("craft", key, 0, q, r, heading, 4, key, alive), 8


AREA = (-1000.0, -1000.0, 1000.0, 1000.0)


def test_a_name_goes_behind_its_craft_unless_something_is_there() -> None:
    size, glyph = 12.0, 13.0
    # two craft heading east on one row, one hex apart: the one behind has the space
    # behind it; the name of the one ahead would cover the other craft, so goes below
    spots = place([[fighter("rear", 0, 0, 0), fighter("front", 1, 0, 0)]], size, glyph, AREA)
    assert (spots["rear"][0].name, spots["rear"][0].anchor) == ("behind", "end")  # type: ignore[union-attr]
    assert spots["front"][0].name == "below"  # type: ignore[union-attr]
    # heading west, behind is on the right
    alone = place([[fighter("west", 0, 0, 3)]], size, glyph, AREA)["west"][0]
    assert alone is not None and (alone.name, alone.anchor) == ("behind", "start")
    # at the map's left edge a craft heading east has no room behind, nor below (a name
    # centred on it sticks out too): ahead of it
    edge = (-2 * glyph, -500.0, 500.0, 500.0)
    assert 2 * glyph < CHAR_W * 8 / 2  # half the name is wider than the room left
    assert place([[fighter("edge", 0, 0, 0)]], size, glyph, edge)["edge"][0].name == "ahead"  # type: ignore[union-attr]


def test_a_name_keeps_its_spot_while_it_is_free_and_wrecks_yield() -> None:
    size, glyph = 12.0, 13.0
    frames = [[fighter("a", 0, 0, 0), fighter("b", 1, 0, 0)],
              [fighter("a", 0, 0, 0), fighter("b", 1, 3, 0)],  # b has moved away
              [fighter("a", 0, 0, 0), fighter("b", 1, 3, 0)]]
    b = [s.name for s in place(frames, size, glyph, AREA)["b"] if s]
    assert b == ["below", "below", "below"]  # free behind too, yet it stays below
    absent = place([[fighter("a", 0, 0, 0)], [fighter("b", 5, 5, 0)]], size, glyph, AREA)
    assert absent["a"][1] is None and absent["b"][0] is None  # off the map: no spot
    # a wreck is placed after those still flying: the living craft's name goes behind
    crowd = place([[fighter("wreck", 1, 0, 0, alive=False), fighter("live", 1, 0, 0)]],
                  size, glyph, AREA)
    assert crowd["live"][0].name == "behind"  # type: ignore[union-attr]
    assert crowd["wreck"][0].name != "behind"  # type: ignore[union-attr]


def test_long_words_wrap_then_are_cut_and_controls_show() -> None:
    words = "one two three four five six seven eight nine ten"
    assert wrapped(words, 14, 5) == ["one two three", "four five six", "seven eight", "nine ten"]
    assert wrapped(words, 14, 2) == ["one two three", "four five six\u2026"]
    assert wrapped("a\x1bb & <c>", 40, 1) == ["a\\x1bb &amp; &lt;c&gt;"]
    assert wrapped("", 40, 3) == [""]
