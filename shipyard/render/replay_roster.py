"""The replay's side panel: both fleets craft by craft (the legend of the sides), each
craft's damage as the battle goes (its speed is on the map, beside its name), and the key
to the map's marks."""

from __future__ import annotations

from shipyard.core.battle import Replay
from shipyard.render.hexmap import n
from shipyard.render.replay_clock import Clock
from shipyard.render.replay_look import DIM, INK, LIGHT, SIDES, WRECK, glyph_size, side_of, text
from shipyard.render.replay_map import DRONE, Extras, extras, key_rows
from shipyard.render.replay_tokens import Track, runs, shown_in

ROW_H = 36.0
NAME_LIMIT = 26


def _status(track: Track, replay: Replay) -> list[str]:
    """What the roster says of a craft in each frame."""
    out: list[str] = []
    fell = 0
    for index, token in enumerate(track.seen):
        if token is None:
            out.append(out[-1] if out else "not on the map")
        elif token.alive:
            out.append(token.boxes or "flying")
        else:
            fell = fell or replay.frames[index].turn
            out.append(f"destroyed on turn {fell}")
    return out


def _icon(href: str, x: float, y: float, size: float, scale: float = 12.0,
          turn: int = 0) -> str:
    rotate = f" rotate({turn})" if turn else ""
    return (f'<use href="#{href}" transform="translate({n(x)} {n(y)}) '
            f'scale({n(scale / glyph_size(size), 3)}){rotate}"/>')


def roster(replay: Replay, found: list[Track], clock: Clock, size: float,
           more: Extras | None = None) -> tuple[str, float]:
    """The panel (drawn from its top left corner) and its height. A side's drones (craft of
    their own, but nameless and often many) share one row: how many fly in each frame."""
    more = more or extras(replay)
    out: list[str] = []
    y = 10.0
    for side in (0, 1):
        crafts = [t for t in found if t.craft and side_of(t.side) == side]
        y += 24
        out.append(_icon(f"craft-{side}", 28, y - 5, size, 14, -90))
        out.append(f'<text class="fleet" x="44" y="{n(y)}" font-size="15" font-weight="bold" '
                   f'fill="{SIDES[side]}">{text(replay.sides[side], NAME_LIMIT)}</text>')
        y += 8
        for track in crafts:
            y += ROW_H
            states = _status(track, replay)
            down = [s.startswith("destroyed") for s in states]
            tint = clock.animate("fill", list(zip(clock.starts, [
                WRECK if d else INK for d in down], strict=True)))
            fill = WRECK if down and down[-1] else INK
            out.append(f'<text class="crew" x="44" y="{n(y - 16)}" font-size="13" '
                       f'fill="{fill}">{tint}{text(track.label or track.key, NAME_LIMIT)}</text>')
            for words, first, last in runs(states):
                base, animation = shown_in(clock, first, last)
                gone = " gone" if words.startswith("destroyed") else ""
                out.append(f'<text class="state{gone}" x="44" y="{n(y - 1)}"{base}>{animation}'
                           f"{text(words, 40)}</text>")
        drones = [t for t in found if t.kind == DRONE and side_of(t.side) == side]
        if drones:
            y += ROW_H
            y = _drones(out, drones, clock, y, size)
        if not crafts and not drones:
            y += 20
            out.append(f'<text x="44" y="{n(y)}" font-size="12" fill="{DIM}">no craft</text>')
        y += 10
    y = _key(out, y + 18, size, more)
    return "".join(out), y + 12


def _drones(out: list[str], drones: list[Track], clock: Clock, y: float, size: float) -> float:
    """The row of a side's drones: how many fly, frame by frame."""
    flying = [sum(1 for t in drones if (token := t.seen[k]) is not None and token.alive)
              for k in range(clock.frames)]
    out.append(_icon(f"drone-{side_of(drones[0].side)}", 28, y - 21, size, 14))
    out.append(f'<text class="crew" x="44" y="{n(y - 16)}" font-size="13" fill="{INK}">'
               "Drones</text>")
    for count, first, last in runs(flying):
        base, animation = shown_in(clock, first, last)
        words = f"{count} flying" if count else "none flying"
        out.append(f'<text class="state" x="44" y="{n(y - 1)}"{base}>{animation}{words}</text>')
    return y


def _key(out: list[str], y: float, size: float, more: Extras) -> float:
    """The key to the marks on the map; returns where it ends."""
    out.append(f'<text class="small" x="22" y="{n(y)}">KEY</text>')
    marks = [  # each drawn about its row's middle, y = 0
        (f'<polyline points="12,3 21,-3 32,-3" fill="none" stroke="{LIGHT[0]}" '
         f'stroke-opacity="0.55" stroke-width="2.6" marker-start="url(#dot-0)" '
         f'marker-mid="url(#dot-0)"/>', "hexes flown this move"),
        (f'<line x1="8" y1="0" x2="28" y2="0" stroke="{INK}" stroke-width="2.4"/>'
         + _icon("burst", 28, 0, size, 8), "fire that hit"),
        (f'<line x1="8" y1="0" x2="28" y2="0" stroke="{INK}" stroke-width="1.6" '
         f'stroke-dasharray="6 4"/>' + _icon("ring", 28, 0, size, 6.5), "fire that missed"),
        (_icon("missile-0", 22, 0, size, 14), "missile"),
        (_icon("mine-0", 22, 0, size, 12), "mine"),
        (_icon("decoy-0", 22, 0, size, 14), "decoy"),
        (_icon("wreck", 22, 0, size, 12) + _icon("cross", 22, 0, size, 12), "destroyed craft"),
    ]
    if more.plain:
        marks.append((f'<text x="10" y="4" font-size="10.5" font-weight="bold" '
                      f'fill="{LIGHT[0]}">6</text><line x1="20" y1="0" x2="36" y2="0" '
                      f'stroke="{LIGHT[0]}" stroke-width="1.3" stroke-dasharray="1.5 3"/>',
                      "speed, and where it carries"))
    marks += key_rows(more, _icon, size)
    for mark, words in marks:
        y += 22
        out.append(f'<g transform="translate(0 {n(y)})">{mark}<text class="key" x="44" y="4">'
                   f"{words}</text></g>")
    return y
