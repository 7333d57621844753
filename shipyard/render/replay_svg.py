"""A battle's replay as one self-contained animated SVG a player can open in any browser.

`replay_svg(replay)` draws the hex map of everything the battle touched, each craft
with its name, facing, speed and velocity vector, the hexes each mover flew, every
shot (solid to a burst for a hit, dashed to an open ring for a miss), missiles, mines
and decoys, wrecks, a turn counter with each frame's caption and shots in words, a
roster of both fleets that doubles as the legend, and the result once the battle is
over. It plays by itself with SMIL animation (no script, nothing fetched), one frame
about a second, holds the last frame four seconds and starts again; a viewer that
does not animate shows the last frame. Names are text, whatever they hold.

Each frame is a `<g class="frame" data-frame="i" data-start="seconds">`; each token a
`<g class="token KIND side-S" data-key="KEY">`; each shot a `<g class="shot hit|miss">`.
"""

from __future__ import annotations

from collections.abc import Mapping

from shipyard.core.battle import EXPLOSION, Frame, Replay, Shot
from shipyard.render.hexmap import Hex, bounds, centre, grid_pattern, n
from shipyard.render.replay_clock import Clock
from shipyard.render.replay_footer import Footer, progress
from shipyard.render.replay_labels import place
from shipyard.render.replay_look import (
    BACKGROUND,
    FONT,
    GRID,
    LIGHT,
    SEA,
    SIDES,
    defs,
    glyph_size,
    side_of,
    style,
    text,
)
from shipyard.render.replay_map import arcs, blasts, extras, glyph_defs, map_hexes, style_rules
from shipyard.render.replay_roster import roster
from shipyard.render.replay_tokens import Track, draw, hexes_flown, name_chars, tracks

__all__ = ["replay_svg"]

HEADER_H = 66.0
NOTE_H = 16.0
PANEL_W = 270.0
MAP_MIN = (690.0, 440.0)  # the map's area at least (px), so header and footer fit
MAP_FIT = (1000.0, 660.0)  # a battle is scaled to fit about this
SIZES = (10.0, 24.0)  # a hex's size (centre to corner, px), at least and at most
PAD = 4.0  # hex sizes of map around everything the battle touched
LABEL_W = 70.0  # px more on the left and right, for the names written beside the craft
KINDS = ("mine", "decoy", "craft", "drone", "missile", "bolt")  # drawn bottom to top
GOES_OFF = ("missile", "mine", EXPLOSION)  # shots that ring the hex they go off in


def replay_svg(replay: Replay) -> str:
    """The replay as an SVG document (a still picture when it has no frames)."""
    frames = replay.frames
    clock = Clock.of([bool(frame.shots) for frame in frames])
    found = tracks(replay)
    more = extras(replay)
    left, top, right, bottom = bounds(_hexes(replay) + map_hexes(replay), PAD)
    size = min(MAP_FIT[0] / (right - left), MAP_FIT[1] / (bottom - top))
    size = round(max(SIZES[0], min(SIZES[1], size)) * 2) / 2
    panel, panel_h = roster(replay, found, clock, size, more)
    notes = replay.notes[:3]
    head = HEADER_H + NOTE_H * len(notes)
    map_w = max((right - left) * size + 2 * LABEL_W, MAP_MIN[0])
    map_h = max((bottom - top) * size, MAP_MIN[1], panel_h)
    width = map_w + PANEL_W
    footer = Footer.of(frames, head + map_h, width)
    height = footer.top + footer.height
    origin = (map_w - (right - left) * size) / 2 - left * size, \
        head + (map_h - (bottom - top) * size) / 2 - top * size
    # the map's own groups: clipped to its area, hex (0, 0) at `origin`
    where = f'<g clip-path="url(#map)"><g transform="translate({n(origin[0])} {n(origin[1])})">'
    clip = (f'<clipPath id="map"><rect y="{n(head)}" width="{n(map_w)}" height="{n(map_h)}"/>'
            "</clipPath>")
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{n(width)}" height="{n(height)}" '
        f'viewBox="0 0 {n(width)} {n(height)}" font-family="{FONT}" '
        f'data-frames="{len(frames)}" data-loop="{clock.total:g}">',
        f"<title>{text(replay.title)}</title>",
        f"{style(style_rules(more))}<defs>{grid_pattern('grid', size, GRID, 1.0)}{defs(size)}"
        f"{_markers()}{glyph_defs(more, size)}{clip}</defs>",
        f'<rect width="{n(width)}" height="{n(height)}" fill="{BACKGROUND}"/>',
        f'<rect y="{n(head)}" width="{n(map_w)}" height="{n(map_h)}" fill="{SEA}"/>',
        f'<rect x="{n(-origin[0])}" y="{n(head - origin[1])}" width="{n(map_w)}" '
        f'height="{n(map_h)}" fill="url(#grid)" '
        f'transform="translate({n(origin[0])} {n(origin[1])})"/>',
        f'<line x1="{n(map_w)}" y1="{n(head)}" x2="{n(map_w)}" y2="{n(head + map_h)}" '
        f'stroke="{GRID}"/>',
        _header(replay, notes, width),
    ]
    positions = _positions(found)
    scale = 6 / glyph_size(size)
    for index, frame in enumerate(frames):
        out.append(_frame(index, frame, frames[index - 1] if index else None, clock, found,
                          positions, size, where, footer, scale, replay.result))
    if frames:
        out.append(footer.turns(clock, frames))
    else:
        out.append(f'<text class="caption" x="30" y="{n(footer.top + 30)}">'
                   "No moves to show: the battle has no frames.</text>"
                   + footer.result(replay.result))
    out.append(where.replace("<g ", '<g class="tokens" ', 1))
    names = place([[(t.key, token, name_chars(t, token)) for t in found if t.craft
                    and (token := t.seen[k]) is not None] for k in range(len(frames))],
                  size, glyph_size(size),
                  (-origin[0], head - origin[1], map_w - origin[0], head + map_h - origin[1]))
    flown = [_paths(frame) for frame in frames]
    out.extend(draw(track, clock, flown, size, names.get(track.key, ()))
               for kind in KINDS for track in sorted(found, key=_fell)
               if (track.kind if track.kind in KINDS else "craft") == kind)
    out.append("</g></g>")
    out.append(f'<g class="roster" transform="translate({n(map_w)} {n(head)})">{panel}</g>')
    out.append(progress(clock, frames, width, height))
    out.append("</svg>")
    return "\n".join(part for part in out if part) + "\n"


def _fell(track: Track) -> int:
    """The frame a craft is destroyed in (one past the last if never): the wrecks of the
    battle are drawn first, below what still flies."""
    return next((k for k, t in enumerate(track.seen) if t is not None and not t.alive),
                len(track.seen))


def _hexes(replay: Replay) -> list[Hex]:
    found: list[Hex] = []
    for frame in replay.frames:
        found.extend((t.q, t.r) for t in frame.tokens)
        for shot in frame.shots:
            found.extend((shot.source, shot.target))
        for _, hexes in frame.paths:
            found.extend(hexes)
    return found


def _paths(frame: Frame) -> dict[str, tuple[Hex, ...]]:
    """A frame's paths by key, every hex a pair (whatever sequence the engine gave)."""
    return {key: tuple((hexagon[0], hexagon[1]) for hexagon in hexes)
            for key, hexes in frame.paths}


def _positions(found: list[Track]) -> dict[str, list[Hex | None]]:
    return {track.key: [None if t is None else (t.q, t.r) for t in track.seen]
            for track in found}


def _markers() -> str:
    return "".join(f'<marker id="dot-{side}" viewBox="-2 -2 4 4" markerWidth="4" '
                   f'markerHeight="4" markerUnits="userSpaceOnUse"><circle r="2" '
                   f'fill="{LIGHT[side]}"/></marker>' for side in (0, 1))


def _header(replay: Replay, notes: tuple[str, ...], width: float) -> str:
    sides = [f'<tspan fill="{SIDES[s]}" font-weight="bold">{text(replay.sides[s], 40)}</tspan>'
             for s in (0, 1)]
    title = int((width - 190) / 11.5)  # characters that leave room for the frame number
    out = [f'<text class="title" x="24" y="30">{text(replay.title, title)}</text>',
           f'<text class="fleets" x="24" y="54">{sides[0]}<tspan> against </tspan>{sides[1]}'
           "</text>"]
    out += [f'<text class="note" x="24" y="{n(HEADER_H + 8 + NOTE_H * k)}">{text(note, 140)}'
            "</text>" for k, note in enumerate(notes)]
    return "".join(out)


def _shooter(frame: Frame, before: Frame | None, shot: Shot,
             found: Mapping[str, Track]) -> int | None:
    """The side that fired a shot: the mover's, if it fired from a hex of its path, else
    that of what stands in the hex fired from (None if not one side's)."""
    fired_from = (shot.source[0], shot.source[1])
    movers = {side_of(found[key].side) for key, hexes in _paths(frame).items()
              if key in found and fired_from in hexes}
    if len(movers) == 1:
        return movers.pop()
    for seen in (frame, before):
        for kind in ("craft", "drone", "missile", "mine", "decoy", "bolt"):
            sides = {t.side for t in (seen.tokens if seen else ())
                     if (t.q, t.r) == fired_from and t.kind == kind and t.alive}
            if len(sides) == 1:
                return side_of(sides.pop())
    return None


def _shot(shot: Shot, side: int | None, size: float) -> str:
    sx, sy = centre(*shot.source, size)
    tx, ty = centre(*shot.target, size)
    kind = "".join(c for c in shot.kind if c.isalnum()) or "shot"
    whose = "" if side is None else f" side-{side}"
    blast = arcs(shot, size) + ("" if shot.kind not in GOES_OFF else
        f'<circle class="blast" cx="{n(sx)}" cy="{n(sy)}" r="{n(glyph_size(size) * 1.7)}"/>')
    if shot.hit:
        return (f'<g class="shot hit {kind}{whose}">{blast}<line x1="{n(sx)}" y1="{n(sy)}" '
                f'x2="{n(tx)}" y2="{n(ty)}"/><use href="#burst" x="{n(tx)}" y="{n(ty)}"/></g>')
    dx, dy = tx - sx, ty - sy
    length = (dx * dx + dy * dy) ** 0.5
    short = min(0.95 * glyph_size(size) / length, 1.0) if length else 0.0
    ex, ey = tx - dx * short, ty - dy * short  # the line stops at the ring
    return (f'<g class="shot miss {kind}{whose}">{blast}<line x1="{n(sx)}" y1="{n(sy)}" '
            f'x2="{n(ex)}" y2="{n(ey)}"/><use href="#ring" x="{n(tx)}" y="{n(ty)}"/></g>')


def _trail(key: str, hexes: tuple[Hex, ...], index: int, found: dict[str, Track],
           positions: dict[str, list[Hex | None]], size: float) -> str:
    track = found.get(key)
    side = side_of(track.side if track else 0)
    before = positions.get(key, [])
    start = before[index - 1] if index > 0 and len(before) >= index else None
    points = hexes_flown(hexes)
    if start is not None and (not points or points[0] != start):
        points.insert(0, start)
    if len(points) < 2:
        return ""
    xy = " ".join(f"{n(x)},{n(y)}" for x, y in (centre(q, r, size) for q, r in points))
    ordnance = " ordnance" if track and not track.craft else ""
    return f'<polyline class="path side-{side}{ordnance}" points="{xy}"/>'


def _frame(index: int, frame: Frame, before: Frame | None, clock: Clock, found: list[Track],
           positions: dict[str, list[Hex | None]], size: float, where: str, footer: Footer,
           scale: float, result: str) -> str:
    """One frame's group: the hexes flown and the shots on the map, its words below, the
    frame's number above; the last frame also the result."""
    by_key = {track.key: track for track in found}
    last = index == clock.frames - 1
    until = None if last else clock.starts[index + 1]
    hidden = "" if last else ' visibility="hidden"'
    out = [f'<g class="frame" data-frame="{index}" data-turn="{frame.turn}" '
           f'data-start="{clock.starts[index]:g}"{hidden}>',
           clock.shown(clock.starts[index], until)]
    drawn = [blasts(frame, size)]
    drawn += [_trail(key, tuple(hexes), index, by_key, positions, size)
              for key, hexes in _paths(frame).items()]
    drawn += [_shot(shot, _shooter(frame, before, shot, by_key), size) for shot in frame.shots]
    if any(drawn):
        out.append(f"{where}{''.join(drawn)}</g></g>")
    out.append(f'<text class="count" x="{n(footer.width - 24)}" y="30">'
               f"frame {index + 1} of {clock.frames}</text>")
    out.append(footer.frame(frame, scale))
    if last:
        out.append(footer.result(result))
    out.append("</g>")
    return "".join(out)
