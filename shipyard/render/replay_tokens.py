"""The things on a replay's map: each one group that lives through the whole battle.

A craft, missile, mine or decoy keeps its key from frame to frame, so it is drawn once
and moved by the clock: it shows while it is on the map, hops from hex to hex along
the path it flew in a frame, turns to each hex it enters, and a craft destroyed stays
where it fell, greyed and crossed out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from shipyard.core.battle import Replay, Token
from shipyard.core.visible import visible
from shipyard.render.hexmap import SQRT3, Hex, angle, centre, heading_of, n
from shipyard.render.replay_clock import Clock
from shipyard.render.replay_labels import Spot, spots
from shipyard.render.replay_look import attr, glyph, glyph_size, side_of, text
from shipyard.render.replay_map import NEW_KINDS, has_vector, speed_words, vector_arrow

LABEL_LIMIT = 18  # characters of a name written on the map (the roster has more)
NOT_CRAFT = ("missile", "mine", "decoy", *NEW_KINDS)  # no name, no roster row, no wreck
V = TypeVar("V")
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
        return self.kind not in NOT_CRAFT

    def last_known(self) -> Token:
        return next(token for token in reversed(self.seen) if token is not None)


def tracks(replay: Replay) -> list[Track]:
    """Every key of the replay, in the order it first shows. A craft's wreck stays where it
    fell for the rest of the battle; a missile, mine or decoy spent shows in the frame it
    is spent in (where it went off) and is gone from the next."""
    on_map = [{token.key: token for token in frame.tokens} for frame in replay.frames]
    order: dict[str, Token] = {}
    for tokens in on_map:
        for key, token in tokens.items():
            order.setdefault(key, token)
    found = []
    for key, first in order.items():
        seen: list[Token | None] = []
        craft = first.kind not in NOT_CRAFT
        for tokens in on_map:
            here = tokens.get(key)
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
        flown = hexes_flown(paths[index].get(track.key, ()))
        if at is None:
            at = flown[0] if flown else (token.q, token.r)
            heading = token.heading
        if flown and flown[0] == at:
            flown = flown[1:]
        places.append((start, at))
        turns.append((start, heading))
        hops = clock.hops(index, len(flown))
        for when, hexagon in zip(hops, flown, strict=True):
            # a craft with a velocity of its own keeps its facing as it flies
            heading = _turned(at, hexagon, heading) if token.vector is None else heading
            at = hexagon
            places.append((when, at))
            turns.append((when, heading))
        done = hops[-1] if hops else start
        at, heading = (token.q, token.r), token.heading
        places.append((done, at))
        turns.append((done, heading))
    return ([(t, _xy(h, size)) for t, h in places],
            [(t, str(angle(h))) for t, h in turns])


def hexes_flown(path: Sequence[Hex]) -> list[Hex]:
    """The hexes of a path, each once where it stayed (a turn made in a hex)."""
    return [hexagon for k, hexagon in enumerate(path) if k == 0 or path[k - 1] != hexagon]


def _turned(start: Hex, end: Hex, heading: int) -> int:
    step = heading_of(start, end)
    return heading if step is None else step


def _xy(hexagon: Hex, size: float) -> str:
    x, y = centre(hexagon[0], hexagon[1], size)
    return f"{n(x)} {n(y)}"


def _at_frames(clock: Clock, values: Sequence[str]) -> list[tuple[float, str]]:
    return list(zip(clock.starts, values, strict=True))


def _carried(track: Track) -> list[Token]:
    """The track's token in each frame; a frame where it is off the map keeps the one
    before (or, before it first shows, the first)."""
    out: list[Token] = []
    last = track.last_known() if track.seen[-1] is None else track.seen[-1]
    first = next(token for token in track.seen if token is not None)
    for token in track.seen:
        last = token if token is not None else (out[-1] if out else first)
        out.append(last)
    return out


def _shown(shown: bool) -> str:
    return "visible" if shown else "hidden"


def runs(values: Sequence[V]) -> list[tuple[V, int, int]]:
    """(value, first frame, last frame) of each run of equal values."""
    found: list[tuple[V, int, int]] = []
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


def name_chars(track: Track, token: Token) -> int:
    """About how many characters wide a craft's name (and speed) is written on the map."""
    name = len(visible(track.label[:LABEL_LIMIT]))
    return name + 1 + len(speed_words(token)) if token.alive else int(name * 0.87) + 1


def draw(track: Track, clock: Clock, paths: Paths, size: float,
         places_of_names: Sequence[Spot | None] = ()) -> str:
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
    states = _carried(track)
    arrow = vector_arrow(states, clock, side, size) if has_vector(track.seen) else ""
    if not track.craft:
        out.append(f'{arrow}{body}<use href="#{glyph(track.kind, side)}"/></g></g>')
        return "".join(out)
    places_of_names = list(places_of_names) or [None] * len(states)
    up = [token.alive for token in states]
    off = ' visibility="hidden"'
    big = glyph_size(size)
    reach = _at_frames(clock, [n(max(0.9 * big, token.speed * SQRT3 * size))
                               for token in states])
    dotted = "" if arrow else (
        f'<line class="vector" x1="{n(0.9 * big)}" y1="0" x2="{reach[-1][1]}" y2="0">'
        f'{clock.animate("x2", reach)}</line>')
    cell = '<use class="cell" href="#hex"/>'
    out.append(f'<g class="live"{"" if final.alive else off}>'
               f'{clock.animate("visibility", _at_frames(clock, [_shown(a) for a in up]))}'
               f'{f"{cell}{arrow}" if arrow else ""}{body}{"" if arrow else cell}{dotted}'
               f'<use href="#{glyph(track.kind, side)}"/></g></g>')
    if not all(up):
        out.append(f'<g class="dead"{off if final.alive else ""}>'
                   f'{clock.animate("visibility", _at_frames(clock, [_shown(not a) for a in up]))}'
                   f'<use href="#wreck" transform="rotate({angle(final.heading)})"/>'
                   f'<use href="#cross"/></g>')
    name = text(track.label, LABEL_LIMIT)
    labels = [(token.alive, speed_words(token) if token.alive else "",
               spot or spots(token, big)[0])
              for token, spot in zip(states, places_of_names, strict=True)]
    for (alive, speed, spot), first, last in runs(labels):
        base, animation = shown_in(clock, first, last)
        told = f'<tspan class="v"> {speed}</tspan>' if alive else ""
        gone = "" if alive else " gone"
        out.append(f'<text class="name{gone}" x="{n(spot.x)}" y="{n(spot.y)}" '
                   f'text-anchor="{spot.anchor}"{base}>{animation}'
                   f'<tspan class="who">{name}</tspan>{told}</text>')
    out.append("</g>")
    return "".join(out)
