"""The things on a replay's map: each one group that lives through the whole battle.

A craft, missile, mine or decoy keeps its key from frame to frame, so it is drawn once
and moved by the clock: it shows while it is on the map, hops from hex to hex along
the path it flew in a frame, turns to each hex it enters, and a craft destroyed stays
where it fell, greyed and crossed out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from shipyard.core.battle import Replay, Token
from shipyard.render.hexmap import SQRT3, Hex, angle, centre, heading_of, n
from shipyard.render.replay_clock import Clock
from shipyard.render.replay_look import SIDES, WRECK, attr, glyph, glyph_size, side_of, text

LABEL_LIMIT = 18  # characters of a name written on the map (the roster has more)
Paths = Sequence[Mapping[str, tuple[Hex, ...]]]  # each frame's hexes flown, by key


@dataclass(frozen=True, slots=True)
class Track:
    """One key through every frame: its token in each, or None where it is not on the map."""

    key: str
    kind: str
    side: int
    label: str
    seen: tuple[Token | None, ...]

    @property
    def craft(self) -> bool:
        return self.kind not in ("missile", "mine", "decoy")

    def last_known(self) -> Token:
        return next(token for token in reversed(self.seen) if token is not None)


def tracks(replay: Replay) -> list[Track]:
    """Every key of the replay, in the order it first shows. A craft's wreck stays where it
    fell for the rest of the battle; a missile, mine or decoy that is spent is gone."""
    on_map = [{token.key: token for token in frame.tokens} for frame in replay.frames]
    order: dict[str, Token] = {}
    for tokens in on_map:
        for key, token in tokens.items():
            order.setdefault(key, token)
    found = []
    for key, first in order.items():
        seen: list[Token | None] = []
        craft = first.kind not in ("missile", "mine", "decoy")
        for tokens in on_map:
            here = tokens.get(key)
            if here is not None and not here.alive and not craft:
                here = None
            if here is None and craft and seen and seen[-1] is not None \
                    and not seen[-1].alive:
                here = seen[-1]
            seen.append(here)
        label = next((t.label for t in seen if t is not None and t.label), "")
        found.append(Track(key, first.kind, first.side, label, tuple(seen)))
    return found


def _motion(track: Track, clock: Clock, paths: Paths,
            size: float) -> tuple[list[tuple[float, str]], list[tuple[float, str]]]:
    """(time, "x y") and (time, angle) changes: hex by hex along each path flown."""
    places: list[tuple[float, Hex]] = []
    turns: list[tuple[float, int]] = []
    at: Hex | None = None
    heading = 0
    for index, token in enumerate(track.seen):
        if token is None:
            at = None
            continue
        start = clock.starts[index]
        flown = list(paths[index].get(track.key, ()))
        if at is None:
            at = flown[0] if flown else (token.q, token.r)
            heading = token.heading
        if flown and flown[0] == at:
            flown = flown[1:]
        places.append((start, at))
        turns.append((start, heading))
        hops = clock.hops(index, len(flown))
        for when, hexagon in zip(hops, flown, strict=True):
            heading = _turned(at, hexagon, heading)
            at = hexagon
            places.append((when, at))
            turns.append((when, heading))
        done = hops[-1] if hops else start
        at, heading = (token.q, token.r), token.heading
        places.append((done, at))
        turns.append((done, heading))
    return ([(t, _xy(h, size)) for t, h in places],
            [(t, str(angle(h))) for t, h in turns])


def _turned(start: Hex, end: Hex, heading: int) -> int:
    step = heading_of(start, end)
    return heading if step is None else step


def _xy(hexagon: Hex, size: float) -> str:
    x, y = centre(hexagon[0], hexagon[1], size)
    return f"{n(x)} {n(y)}"


def _at_frames(clock: Clock, values: Sequence[str]) -> list[tuple[float, str]]:
    return list(zip(clock.starts, values, strict=True))


def _carried(track: Track, value: str, default: str) -> list[str]:
    """A per-frame attribute of the track, each frame off the map keeping the last one."""
    out, last = [], default
    for token in track.seen:
        if token is not None:
            last = value.format(alive=token.alive, speed=token.speed)
        out.append(last)
    return out


def runs(values: Sequence[str]) -> list[tuple[str, int, int]]:
    """(value, first frame, last frame) of each run of equal values."""
    found: list[tuple[str, int, int]] = []
    for index, value in enumerate(values):
        if found and found[-1][0] == value:
            found[-1] = (value, found[-1][1], index)
        else:
            found.append((value, index, index))
    return found


def shown_in(clock: Clock, first: int, last: int) -> tuple[str, str]:
    """The base visibility (as in the last frame) and animation of a thing shown in
    frames `first` to `last`."""
    until = clock.starts[last + 1] if last + 1 < clock.frames else None
    base = "" if until is None else ' visibility="hidden"'
    return base, clock.shown(clock.starts[first], until)


def draw(track: Track, clock: Clock, paths: Paths, size: float) -> str:
    """The group of one track: its glyph, and for a craft its name, speed and wreck."""
    places, turns = _motion(track, clock, paths, size)
    final = track.last_known()
    x, y = centre(final.q, final.r, size)
    side = side_of(track.side)
    hidden = ' visibility="hidden"' if track.seen[-1] is None else ""
    kind = track.kind if not track.craft else "craft"
    out = [f'<g class="token {kind} side-{side}" data-key={attr(track.key)} '
           f'transform="translate({n(x)} {n(y)})"{hidden}>',
           f"<title>{text(track.label or track.key)}</title>",
           clock.animate("transform", places, "translate"),
           clock.animate("visibility", _at_frames(clock, [
               "hidden" if token is None else "visible" for token in track.seen]))]
    turning = clock.animate("transform", turns, "rotate")
    body = f'<g transform="rotate({angle(final.heading)})">{turning}'
    if not track.craft:
        out.append(f'{body}<use href="#{glyph(track.kind, side)}"/></g></g>')
        return "".join(out)
    alive = _carried(track, "{alive}", "True")
    living = _at_frames(clock, ["visible" if a == "True" else "hidden" for a in alive])
    speeds = _carried(track, "{speed}", "0")
    reach = _at_frames(clock, [n(max(0.9 * glyph_size(size), int(v) * SQRT3 * size))
                               for v in speeds])
    off = ' visibility="hidden"'
    big = glyph_size(size)
    out.append(f'<g class="live"{"" if final.alive else off}>{clock.animate("visibility", living)}'
               f'{body}<use class="cell" href="#hex"/><line class="vector" x1="{n(0.9 * big)}" '
               f'y1="0" x2="{reach[-1][1]}" y2="0">{clock.animate("x2", reach)}</line>'
               f'<use href="#{glyph(track.kind, side)}"/></g></g>')
    if "False" in alive:
        dead = _at_frames(clock, ["hidden" if a == "True" else "visible" for a in alive])
        out.append(f'<g class="dead"{off if final.alive else ""}>'
                   f'{clock.animate("visibility", dead)}'
                   f'<use href="#wreck" transform="rotate({angle(final.heading)})"/>'
                   f'<use href="#cross"/></g>')
    tint = _at_frames(clock, [SIDES[side] if a == "True" else WRECK for a in alive])
    out.append(f'<text class="name" y="{n(big * 1.05 + 11)}" fill="{tint[-1][1]}">'
               f'{clock.animate("fill", tint)}{text(track.label, LABEL_LIMIT)}</text>')
    moving = [speed if a == "True" else "" for speed, a in zip(speeds, alive, strict=True)]
    for speed, first, last in runs(moving):
        if not speed:
            continue
        base, animation = shown_in(clock, first, last)
        out.append(f'<text class="speed" x="{n(big * 0.8)}" y="{n(-big * 0.72)}"{base}>'
                   f'{animation}{speed}</text>')
    out.append("</g>")
    return "".join(out)
