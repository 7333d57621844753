"""The replay of a battle as an animated SVG (`shipyard.render.replay_svg`), read as XML.

A small two-against-two battle is written here by hand, frame by frame; the tests
play the picture's SMIL clock in Python (a discrete animation takes the value of the
last key time passed) and check what shows in each frame: one frame's group at a time,
each token where its frame puts it, wrecks crossed out, hits and misses drawn apart.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shipyard.core.battle import Frame, Replay, Shot, Token
from shipyard.core.visible import visible
from shipyard.render.hexmap import SQRT3, centre
from shipyard.render.replay_clock import FIRE_S, FIRST_S, HOLD_S, MOVE_S
from shipyard.render.replay_svg import replay_svg

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ("Blue 1", "Blue 2", "Red 1", "Red 2")


def craft(k: int, q: int, r: int, heading: int, speed: int, alive: bool = True,
          boxes: str = "") -> Token:
    return Token("craft", f"craft-{k}", k // 2, q, r, heading, speed, NAMES[k], alive,
                 boxes or ("destroyed" if not alive else "10 of 10 boxes"))


def battle(names: tuple[str, ...] = NAMES, sides: tuple[str, str] = ("Blue", "Red")) -> Replay:
    """Two against two, six frames: a laser hit, a laser miss, a missile launched that
    flies and destroys Blue 1, a mine laid, a decoy."""
    def c(k: int, *args: object, **kw: object) -> Token:
        return replace(craft(k, *args, **kw), label=names[k])  # type: ignore[arg-type]

    start = (c(0, 0, 0, 0, 4), c(1, 0, 2, 0, 4), c(2, 10, 0, 3, 4), c(3, 10, 2, 3, 4))
    f1 = (c(0, 4, 0, 0, 4), *start[1:])
    f2 = (f1[0], f1[1], c(2, 7, 0, 3, 3, boxes="7 of 10 boxes"), f1[3],
          Token("missile", "missile-1", 1, 5, 0, 3, 9),
          Token("mine", "mine-1", 1, 10, 0))
    f3 = (*f2[:4], Token("missile", "missile-1", 1, 4, 0, 3, 9, alive=False), f2[5],
          Token("decoy", "decoy-1", 0, 3, 2))
    f3 = (c(0, 4, 0, 0, 4, alive=False), *f3[1:])
    f4 = (f3[0], c(1, 3, 3, 1, 5), *f3[2:4], f3[5])
    f5 = (*f4[:3], c(3, 8, 2, 3, 2), f4[4])
    return Replay("A small battle", sides, (
        Frame(0, "The fighters meet", start),
        Frame(1, "Turn 1: Blue 1 moves 4 hexes, fires at Red 1: hit", f1,
              (Shot("laser", (4, 0), (10, 0), True, "Blue 1 fires at Red 1: hit, 3 boxes"),),
              (("craft-0", ((0, 0), (1, 0), (2, 0), (2, 0), (3, 0), (4, 0))),)),
        Frame(1, "Turn 1: Red 1 moves 3 hexes, misses Blue 2, launches a missile", f2,
              (Shot("laser", (7, 0), (0, 2), False, "Red 1 fires at Blue 2: no hits"),),
              (("craft-2", ((10, 0), (9, 0), (8, 0), (7, 0))),)),
        Frame(2, "Turn 2: the missile strikes Blue 1: destroyed", f3,
              (Shot("missile", (4, 0), (4, 0), True, "a missile strikes Blue 1: destroyed"),),
              (("missile-1", ((5, 0), (4, 0))),)),
        Frame(2, "Turn 2: Blue 2 moves", f4, (), (("craft-1", ((0, 2), (1, 2), (2, 2),
                                                                (3, 2), (3, 3))),)),
        Frame(2, "Turn 2: Red 2 moves and fires twice", f5,
              (Shot("laser", (8, 2), (3, 3), True, "Red 2 fires at Blue 2: hit"),
               Shot("laser", (8, 2), (3, 3), False, "Red 2 fires again: no hits")),
              (("craft-3", ((10, 2), (9, 2), (8, 2))),)),
    ), "Red wins on turn 2")


def parse(text: str) -> ET.Element:
    return ET.fromstring(text.encode("utf-8"))


def texts(root: ET.Element) -> list[str]:
    return ["".join(element.itertext()) for element in root.iter(f"{SVG}text")]


def loop(root: ET.Element) -> float:
    return float(root.get("data-loop", "0"))


def value_at(element: ET.Element, attribute: str, time: float, total: float) -> str:
    """What a SMIL clock shows of `attribute` at `time`: the element's own discrete
    animation of it (the last key time passed), else the attribute as written."""
    for animation in element:
        tag = animation.tag.removeprefix(SVG)
        if (tag == "animate" and animation.get("attributeName") == attribute) or \
                (tag == "animateTransform" and attribute == animation.get("type")):
            assert animation.get("calcMode") == "discrete"
            assert animation.get("repeatCount") == "indefinite"
            assert float(animation.get("dur", "").removesuffix("s")) == pytest.approx(total)
            keys = [float(k) for k in animation.get("keyTimes", "").split(";")]
            values = animation.get("values", "").split(";")
            assert len(keys) == len(values) and keys[0] == 0 and keys == sorted(keys)
            return values[max(i for i, k in enumerate(keys) if k <= time / total + 1e-9)]
    if attribute in ("translate", "rotate"):
        found = re.search(attribute + r"\(([^)]*)\)", element.get("transform", ""))
        return found.group(1) if found else ("0 0" if attribute == "translate" else "0")
    return element.get(attribute, "visible" if attribute == "visibility" else "")


def shown(element: ET.Element, ancestors: list[ET.Element], time: float, total: float) -> bool:
    return all(value_at(e, "visibility", time, total) != "hidden"
               for e in [*ancestors, element])


def frame_groups(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == "frame"]


def tokens(root: ET.Element) -> dict[str, ET.Element]:
    found: dict[str, ET.Element] = {}
    for g in root.iter(f"{SVG}g"):
        if "token" in (g.get("class") or "").split():
            assert g.get("data-key") not in found, "a key drawn twice"
            found[g.get("data-key", "")] = g
    return found


def middle(root: ET.Element, index: int) -> float:
    """A moment in frame `index` when every mover has landed (the end of its frame)."""
    groups = frame_groups(root)
    end = float(groups[index + 1].get("data-start", "")) if index + 1 < len(groups) \
        else loop(root)
    return end - 0.01


def hex_size(root: ET.Element) -> float:
    pattern = next(root.iter(f"{SVG}pattern"))
    return float(pattern.get("width", "")) / SQRT3


# -- the document --------------------------------------------------------------------

def test_the_replay_is_one_xml_document_with_nothing_to_fetch_and_no_script() -> None:
    text = replay_svg(battle())
    root = parse(text)
    assert root.tag == f"{SVG}svg"
    assert not list(root.iter(f"{SVG}script"))
    assert not list(root.iter(f"{SVG}image")) and not list(root.iter(f"{SVG}foreignObject"))
    assert "@import" not in text and "url(http" not in text
    hrefs = [e.get("href") for e in root.iter() if e.get("href") is not None]
    assert hrefs and all(h.startswith("#") for h in hrefs)  # only its own glyphs
    assert re.findall(r"https?://\S*", text) == ['http://www.w3.org/2000/svg"']
    assert " on" not in re.sub(r">[^<]*<", "><", text)  # no event handler attribute
    assert replay_svg(battle()) == text  # the same battle, the same bytes


def test_one_token_group_per_key_and_every_craft_named() -> None:
    root = parse(replay_svg(battle()))
    assert set(tokens(root)) == {"craft-0", "craft-1", "craft-2", "craft-3", "missile-1",
                                 "mine-1", "decoy-1"}
    kinds = {key: (g.get("class") or "").split() for key, g in tokens(root).items()}
    assert kinds["missile-1"][:2] == ["token", "missile"] and "side-1" in kinds["missile-1"]
    assert kinds["decoy-1"][1:] == ["decoy", "side-0"]
    words = texts(root)
    for name in NAMES:  # on the map beside its craft, and in the roster
        assert any(w.startswith(name) for w in words if w != name)
        assert name in words
    assert "Blue" in words and "Red" in words  # the fleets, named in the roster
    assert "Red wins on turn 2" in words


def test_hits_and_misses_are_drawn_apart_not_by_colour_alone() -> None:
    text = replay_svg(battle())
    root = parse(text)
    shots = [g for g in root.iter(f"{SVG}g") if "shot" in (g.get("class") or "").split()]
    hits = [g for g in shots if "hit" in (g.get("class") or "").split()]
    misses = [g for g in shots if "miss" in (g.get("class") or "").split()]
    assert (len(hits), len(misses)) == (3, 2)
    assert all(g.find(f"{SVG}use").get("href") == "#burst" for g in hits)  # type: ignore[union-attr]
    assert all(g.find(f"{SVG}use").get("href") == "#ring" for g in misses)  # type: ignore[union-attr]
    style = "".join(e.text or "" for e in root.iter(f"{SVG}style"))
    assert re.search(r"\.miss line\{[^}]*stroke-dasharray", style)
    assert not re.search(r"\.hit line\{[^}]*dasharray", style)
    missile = next(g for g in hits if "missile" in (g.get("class") or ""))
    assert missile.find(f"{SVG}circle").get("class") == "blast"  # type: ignore[union-attr]
    # the shooter's side is known from what stands in the hex fired from
    assert "side-0" in (hits[0].get("class") or "") and "side-1" in (misses[0].get("class") or "")


# -- the clock -----------------------------------------------------------------------

def test_one_frame_shows_at_a_time_each_for_its_time_and_the_last_is_held() -> None:
    replay = battle()
    root = parse(replay_svg(replay))
    groups = frame_groups(root)
    assert [int(g.get("data-frame", "")) for g in groups] == list(range(len(replay.frames)))
    total = loop(root)
    lengths = [FIRST_S, FIRE_S, FIRE_S, FIRE_S, MOVE_S, max(FIRE_S, HOLD_S)]
    assert total == pytest.approx(sum(lengths))
    starts = [float(g.get("data-start", "")) for g in groups]
    assert starts == pytest.approx([sum(lengths[:k]) for k in range(len(lengths))])
    for index in range(len(groups)):
        for moment in (starts[index] + 0.01, middle(root, index)):
            assert [shown(g, [], moment, total) for g in groups] == \
                [k == index for k in range(len(groups))]
    assert 0.8 <= MOVE_S <= 1.2 and 0.8 <= FIRE_S <= 1.2 and HOLD_S >= 3
    # the bar along the bottom steps once a frame: as many values as frames
    bar = next(e for e in root.iter(f"{SVG}rect") if e.get("class") == "elapsed")
    assert len(bar[0].get("values", "").split(";")) == len(replay.frames)
    assert [value_at(bar, "width", middle(root, k), total) for k in range(6)] == \
        sorted({value_at(bar, "width", middle(root, k), total) for k in range(6)}, key=float)
    # a viewer that does not animate shows the last frame, result included
    assert [g.get("visibility") for g in groups] == ["hidden"] * 5 + [None]


def test_tokens_stand_where_each_frame_puts_them_and_come_and_go_with_it() -> None:
    replay = battle()
    root = parse(replay_svg(replay))
    total, size = loop(root), hex_size(root)
    found = tokens(root)
    for index, frame in enumerate(replay.frames):
        moment = middle(root, index)
        on_map = {t.key: t for t in frame.tokens}
        for key, group in found.items():
            token = on_map.get(key)
            wreck = key == "craft-0" and index >= 3  # Blue 1 stays where it fell
            present = token is not None  # the missile spent too, in the frame it goes off
            assert shown(group, [], moment, total) == (present or wreck), (index, key)
            if token is not None:
                x, y = (float(v) for v in value_at(group, "translate", moment, total).split())
                ex, ey = centre(token.q, token.r, size)
                assert (x, y) == (pytest.approx(ex, abs=0.06), pytest.approx(ey, abs=0.06))


def test_a_mover_flies_hex_by_hex_along_its_path_turning_to_each_step() -> None:
    root = parse(replay_svg(battle()))
    total, size = loop(root), hex_size(root)
    red = tokens(root)["craft-2"]
    body = red.find(f"{SVG}g[@class='live']/{SVG}g")
    assert body is not None
    start = float(frame_groups(root)[2].get("data-start", ""))
    seen = []
    for step in range(60):  # the first half of the frame, in steps of 10 ms
        moment = start + 0.01 * step + 0.005
        seen.append((value_at(red, "translate", moment, total),
                     value_at(body, "rotate", moment, total)))
    hexes = [(10, 0), (9, 0), (8, 0), (7, 0)]
    places = [f"{centre(q, r, size)[0]:.1f} {centre(q, r, size)[1]:.1f}" for q, r in hexes]
    assert [p for k, (p, _) in enumerate(seen) if k == 0 or seen[k - 1][0] != p] == \
        [p.replace(".0 ", " ").removesuffix(".0") for p in places]
    assert {angle for _, angle in seen} == {"-180"}  # heading 3, west


def test_a_destroyed_craft_is_crossed_out_and_greyed_where_it_fell() -> None:
    root = parse(replay_svg(battle()))
    total = loop(root)
    blue = tokens(root)["craft-0"]
    live = blue.find(f"{SVG}g[@class='live']")
    dead = blue.find(f"{SVG}g[@class='dead']")
    assert live is not None and dead is not None
    assert [u.get("href") for u in dead.iter(f"{SVG}use")] == ["#wreck", "#cross"]
    for index, destroyed in enumerate([False, False, False, True, True, True]):
        moment = middle(root, index)
        assert shown(live, [blue], moment, total) is not destroyed
        assert shown(dead, [blue], moment, total) is destroyed
        names = [t for t in blue.iter(f"{SVG}text") if shown(t, [blue], moment, total)]
        assert len(names) == 1 and "".join(names[0].itertext()).startswith("Blue 1")
        assert ("gone" in (names[0].get("class") or "")) is destroyed
    # the survivors never are
    assert tokens(root)["craft-3"].find(f"{SVG}g[@class='dead']") is None


def test_each_craft_shows_its_speed_and_the_turn_counter_its_turn() -> None:
    replay = battle()
    root = parse(replay_svg(replay))
    total = loop(root)
    red = tokens(root)["craft-2"]
    for index, expected in [(0, "4"), (2, "3"), (5, "3")]:
        moment = middle(root, index)
        label = next(t for t in red.iter(f"{SVG}text") if shown(t, [red], moment, total))
        assert "".join(label.itertext()) == f"Red 1 {expected}"
    turns = [t for t in root.iter(f"{SVG}text") if t.get("class") == "turn"]
    for index, frame in enumerate(replay.frames):
        moment = middle(root, index)
        assert ["".join(t.itertext()) for t in turns if shown(t, [], moment, total)] == \
            [str(frame.turn)]


# -- odd battles, hostile names ------------------------------------------------------

HOSTILE = ("<script>alert(1)</script>", "Tom & Jerry", "Esc\x1b[31mRED\nnext",
           "שלום \u202eevil")


def test_hostile_names_stay_text() -> None:
    replay = replace(battle(HOSTILE, sides=("</svg><script>", "A & B \x07")),
                     title="<!-- & -->", result="Won by ]]> & <b>")
    root = parse(replay_svg(replay))
    assert not list(root.iter(f"{SVG}script"))
    words = texts(root)
    assert "<script>alert(1)</script>" in words
    assert "Tom & Jerry" in words
    assert "Esc\\x1b[31mRED\\nnext" in words  # a control shown as its escape, never sent
    assert not any("\x1b" in w or "\n" in w or "\u202e" in w for w in words)
    assert "שלום \\u202eevil" in words  # right-to-left letters as written, the override shown
    assert "</svg><script>" in words and "A & B \\x07" in words
    assert "Won by ]]> & <b>" in words
    assert root.find(f"{SVG}title").text == "<!-- & -->"  # type: ignore[union-attr]


@given(st.text(max_size=30))
def test_any_name_keeps_the_picture_whole(name: str) -> None:
    replay = battle((name, "Blue 2", "Red 1", "Red 2"), sides=(name, "Red"))
    root = parse(replay_svg(replay))
    assert visible(name[:25]) in " ".join(texts(root))  # the roster cuts after 25
    assert len(tokens(root)) == 7


def test_a_single_frame_is_a_still_picture() -> None:
    replay = replace(battle(), frames=battle().frames[:1])
    text = replay_svg(replay)
    root = parse(text)
    assert "<animate" not in text  # nothing to step through
    assert len(frame_groups(root)) == 1 and frame_groups(root)[0].get("visibility") is None
    assert len(tokens(root)) == 4 and set(NAMES) <= set(texts(root))
    assert "Red wins on turn 2" in texts(root)


def test_a_battle_without_frames_is_a_still_picture_saying_so() -> None:
    replay = replace(battle(), frames=())
    root = parse(replay_svg(replay))
    assert not frame_groups(root) and not tokens(root)
    words = texts(root)
    assert "No moves to show: the battle has no frames." in words
    assert "Red wins on turn 2" in words and "Blue" in words and "Red" in words


def test_long_captions_wrap_and_notes_show() -> None:
    long = "Turn 1: " + ", ".join(f"fires Laser-{k} at Red 1: no hits" for k in range(40))
    frames = battle().frames
    replay = replace(battle(), frames=(*frames[:1], replace(frames[1], caption=long)),
                     notes=("draft: the sides were unequal",))
    root = parse(replay_svg(replay))
    captions = [t.text or "" for t in root.iter(f"{SVG}text") if t.get("class") == "caption"]
    assert len(captions) == 1 + 3  # frame 0's one line; frame 1's wrapped to three, cut
    assert captions[-1].endswith("\u2026") and all(len(c) <= 110 for c in captions)
    assert "draft: the sides were unequal" in texts(root)
    width = float(root.get("width", ""))
    assert width >= 960 and math.isfinite(width)


def test_hexes_given_as_lists_draw_the_same_picture() -> None:
    replay = battle()
    listed = replace(replay, frames=tuple(
        replace(frame,
                paths=tuple((key, tuple([q, r] for q, r in hexes))  # type: ignore[misc]
                            for key, hexes in frame.paths),
                shots=tuple(replace(shot, source=list(shot.source),  # type: ignore[arg-type]
                                    target=list(shot.target)) for shot in frame.shots))
        for frame in replay.frames))
    assert replay_svg(listed) == replay_svg(replay)


def test_the_roster_tells_each_craft_s_boxes_and_when_it_fell() -> None:
    root = parse(replay_svg(battle()))
    total = loop(root)
    roster = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "roster")
    crews = [t for t in roster.iter(f"{SVG}text") if t.get("class") == "crew"]
    assert ["".join(t.itertext()) for t in crews] == list(NAMES)  # fleet order, each once

    def states(index: int) -> list[str]:
        moment = middle(root, index)
        return ["".join(t.itertext()) for t in roster.iter(f"{SVG}text")
                if (t.get("class") or "").startswith("state") and shown(t, [], moment, total)]

    assert states(0) == ["10 of 10 boxes"] * 4
    assert states(2) == ["10 of 10 boxes", "10 of 10 boxes", "7 of 10 boxes", "10 of 10 boxes"]
    assert states(5)[0] == "destroyed on turn 2" and states(5)[2] == "7 of 10 boxes"
    assert [value_at(t, "fill", middle(root, 5), total) for t in crews][:2] == \
        ["#7d8493", "#e8ecf3"]  # the fallen greyed
