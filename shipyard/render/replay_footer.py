"""The replay's footer: the turn counter, each frame's caption and shots in words, the
result once the battle is over, and a bar that fills frame by frame.

Text is wrapped and cut by an estimate of its width (no font is measured: the replay
names none that must be installed), generously, so that a line fits in any sans-serif.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from shipyard.core.battle import Frame, Shot
from shipyard.core.visible import visible
from shipyard.render.hexmap import n
from shipyard.render.replay_clock import Clock
from shipyard.render.replay_look import BURST, DIM, GRID
from shipyard.render.replay_tokens import runs, shown_in

TEXT_X = 120.0  # where the caption and the shots start (the turn counter is left of it)
CAPTION_LINES = 3  # the caption wraps to this many lines at most, then is cut
SHOT_LINES = 4  # shots told in words under the caption, a line each; the rest counted
CAPTION_EM, WORDS_EM = 8.6, 7.4  # px a character of the caption, of the shots (estimates)
CAPTION_STEP, WORDS_STEP = 19.0, 18.0  # px from line to line
RESULT_H = 50.0  # the result's band, and the bar below it


def wrapped(value: str, chars: int, most: int) -> list[str]:
    """User text as lines of XML text at most `chars` long, `most` lines at most (the last
    one cut with an ellipsis if there is more); controls shown as their escapes."""
    lines = textwrap.wrap(visible(value), max(chars, 8), break_on_hyphens=False) or [""]
    if len(lines) > most:
        lines = lines[:most]
        lines[-1] = lines[-1][: max(chars - 1, 1)].rstrip() + "\u2026"
    return [escape(line) for line in lines]


def cut(value: str, chars: int) -> str:
    return wrapped(value, chars, 1)[0]


@dataclass(frozen=True, slots=True)
class Footer:
    """Where the footer sits and how many lines it has room for."""

    top: float
    width: float
    captions: int  # caption lines of the wordiest frame

    @classmethod
    def of(cls, frames: Sequence[Frame], top: float, width: float) -> Footer:
        chars = cls.caption_chars(width)
        most = max((len(wrapped(f.caption, chars, CAPTION_LINES)) for f in frames), default=1)
        return cls(top, width, most)

    @staticmethod
    def caption_chars(width: float) -> int:
        return int((width - TEXT_X - 24) / CAPTION_EM)

    @property
    def shots_top(self) -> float:
        return self.top + 30 + CAPTION_STEP * self.captions + 6

    @property
    def height(self) -> float:
        return self.shots_top - self.top + WORDS_STEP * (SHOT_LINES + 1) + RESULT_H

    def frame(self, frame: Frame, mark_scale: float) -> str:
        """The caption and the shots of one frame, in words."""
        out = [f'<text class="caption" x="{n(TEXT_X)}" y="{n(self.top + 30 + CAPTION_STEP * k)}">'
               f"{line}</text>" for k, line in enumerate(
                   wrapped(frame.caption, self.caption_chars(self.width), CAPTION_LINES))]
        chars = int((self.width - TEXT_X - 40) / WORDS_EM)
        for line, shot in enumerate(frame.shots[:SHOT_LINES]):
            y = self.shots_top + WORDS_STEP * line
            mark = "burst" if shot.hit else "ring"
            out.append(f'<use href="#{mark}" transform="translate({n(TEXT_X + 8)} {n(y - 4.5)}) '
                       f'scale({n(mark_scale, 3)})"/><text class="words" x="{n(TEXT_X + 22)}" '
                       f'y="{n(y)}">{cut(_words(shot), chars)}</text>')
        extra = len(frame.shots) - SHOT_LINES
        if extra > 0:
            out.append(f'<text class="words" x="{n(TEXT_X + 22)}" '
                       f'y="{n(self.shots_top + WORDS_STEP * SHOT_LINES)}">'
                       f"and {extra} more</text>")
        return "".join(out)

    def turns(self, clock: Clock, frames: Sequence[Frame]) -> str:
        """The turn counter: one number a turn, shown through that turn's frames."""
        out = [f'<text class="small" x="30" y="{n(self.top + 30)}">TURN</text>']
        for turn, first, last in runs([frame.turn for frame in frames]):
            base, animation = shown_in(clock, first, last)
            out.append(f'<text class="turn" x="30" y="{n(self.top + 72)}"{base}>{animation}'
                       f"{turn}</text>")
        return "".join(out)

    def result(self, result: str) -> str:
        y = self.top + self.height - RESULT_H + 4
        chars = int((self.width - 72) / CAPTION_EM)
        return (f'<g class="result"><rect x="20" y="{n(y)}" width="{n(self.width - 40)}" '
                f'height="32" rx="6" fill="#1c2740" stroke="{BURST}" stroke-width="1.2"/>'
                f'<text class="outcome" x="36" y="{n(y + 21)}">{cut(result, chars)}</text></g>')


def _words(shot: Shot) -> str:
    return shot.words or f"{shot.kind}: {'hit' if shot.hit else 'miss'}"


def progress(clock: Clock, frames: Sequence[Frame], width: float, height: float) -> str:
    """A bar along the bottom that fills frame by frame (one step a frame, every frame
    listed), with a tick where each turn starts."""
    if not frames:
        return ""
    steps = ";".join(n(width * (i + 1) / len(frames)) for i in range(len(frames)))
    keys = ";".join(f"{start / clock.total:.5f}" for start in clock.starts)
    animation = "" if len(frames) < 2 else (
        f'<animate attributeName="width" values="{steps}" keyTimes="{keys}" '
        f'calcMode="discrete" dur="{clock.total:g}s" repeatCount="indefinite"/>')
    ticks = "".join(f'<rect x="{n(width * i / len(frames))}" y="{n(height - 9)}" width="1.5" '
                    f'height="9" fill="{DIM}"/>' for i in range(1, len(frames))
                    if frames[i].turn != frames[i - 1].turn)
    return (f'<g class="progress"><rect y="{n(height - 5)}" width="{n(width)}" height="5" '
            f'fill="{GRID}"/><rect class="elapsed" y="{n(height - 5)}" width="{n(width)}" '
            f'height="5" fill="{BURST}" fill-opacity="0.8">{animation}</rect>{ticks}</g>')
