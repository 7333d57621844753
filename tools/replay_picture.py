"""The README's picture of a replay: one frame of a real battle, drawn by Chromium.

    .venv/bin/python tools/replay_picture.py            # writes docs/images/replay.png
    .venv/bin/python tools/replay_picture.py --svg b.svg --seed 7 --frame 20

Fights Blue Flight against Night Watch (the bundled sample fleets) on the reference
engine, draws the battle's replay (`shipyard.render.replay_svg`), opens it in
Debian's Chromium (never a downloaded browser), stops the animation's clock in the
middle of one frame and takes a picture of the page (in 256 colours). The frame is the battle's
busiest moment around its middle unless `--frame` picks one. The same seed draws the
same battle, so the picture changes only when the rules, the pilots or the replay do.
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import shutil
import sys
import tempfile
from pathlib import Path

from shipyard.core.battle import Replay
from shipyard.core.protocol import battles_of, duels_of
from shipyard.render.replay_svg import replay_svg
from shipyard.services.fleet import judge, read_fleet

ROOT = Path(__file__).resolve().parents[1]
FLEETS = ROOT / "catalog" / "tacship" / "fleets"
PICTURE = ROOT / "docs" / "images" / "replay.png"
CHROMIUM = "/usr/bin/chromium"
SEED = 17  # a battle with a bit of everything: hits, misses, a missile, a mine, wrecks

# The animation's clock stopped in the middle of frame `index` (data-start of each frame).
STOP = """(index) => {
  const svg = document.documentElement; svg.pauseAnimations();
  const frames = document.querySelectorAll("g.frame");
  const start = parseFloat(frames[index].dataset.start);
  const end = index + 1 < frames.length ? parseFloat(frames[index + 1].dataset.start)
                                        : parseFloat(svg.dataset.loop);
  svg.setCurrentTime((start + end) / 2);
  return svg.getCurrentTime();
}"""


def battle_replay(fleet_a: Path, fleet_b: Path, seed: int,
                  policies: tuple[str, str] = ("default", "default")) -> Replay:
    """The replay of the battle of `seed` between two fleet files, sides named."""
    reports = [judge(read_fleet(path)) for path in (fleet_a, fleet_b)]
    ruleset = reports[0].fleet.ruleset
    scenario = duels_of(ruleset).duel_defaults(reports[0].ships[0].evaluation.catalog)
    sides = [[(ship.evaluation, ship.name) for ship in report.ships] for report in reports]
    # the reference engine: the fast one tells a battle's replay through it anyway
    lineup = battles_of(ruleset).lineup(sides[0], sides[1], policies, scenario, "reference")
    replay = lineup.replay(seed)
    names = (reports[0].fleet.name, reports[1].fleet.name)
    return dataclasses.replace(replay, sides=names,
                               title=f"{names[0]} against {names[1]}, seed {seed}")


def busiest(replay: Replay) -> int:
    """The frame of the middle half of the battle that shows the most at once: a hit, a
    miss, a missile, a mine, a decoy and a wreck count 2 or 3 each, every craft flying 1
    (ties: the earlier frame)."""
    def shows(index: int) -> int:
        frame = replay.frames[index]
        kinds = [t.kind for t in frame.tokens if t.alive]
        wrecks = any(t.kind == "craft" and not t.alive for t in frame.tokens)
        hits = sum(shot.hit for shot in frame.shots)
        return (3 * (hits > 0) + 2 * (len(frame.shots) > hits) + 2 * wrecks
                + sum(2 * (kind in kinds) for kind in ("missile", "mine", "decoy"))
                + kinds.count("craft"))

    count = len(replay.frames)
    middle = range(count // 4, max(count // 4 + 1, 3 * count // 4))
    return max(middle, key=lambda index: (shows(index), -index))


def picture(svg: Path, png: Path, frame: int) -> None:
    """Chromium's picture of frame `frame` of the replay in `svg`."""
    from PIL import Image
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=["--no-sandbox"])
        try:
            page = browser.new_page()
            page.goto(svg.resolve().as_uri())
            size = page.evaluate("() => [document.documentElement.width.baseVal.value,"
                                 " document.documentElement.height.baseVal.value]")
            page.set_viewport_size({"width": int(size[0] + 0.99),
                                    "height": int(size[1] + 0.99)})
            page.evaluate(STOP, frame)
            shot = page.screenshot(animations="allow")
        finally:
            browser.close()
    # 256 colours, no dithering: the picture's flat colours kept to a few levels each,
    # in a sixth of the bytes
    image = Image.open(io.BytesIO(shot)).convert("RGB")
    image.quantize(256, Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        png, optimize=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--frame", type=int, default=None, help="frame (from 0) to picture")
    parser.add_argument("--svg", type=Path, default=None, help="also keep the replay here")
    parser.add_argument("--out", type=Path, default=PICTURE)
    args = parser.parse_args(argv)
    replay = battle_replay(FLEETS / "blue-flight.fleet.json",
                           FLEETS / "night-watch.fleet.json", args.seed)
    text = replay_svg(replay)
    frame = busiest(replay) if args.frame is None else args.frame
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        svg = args.svg or Path(folder) / "replay.svg"
        svg.write_text(text, encoding="utf-8")
        made = Path(folder) / "replay.png"
        picture(svg, made, frame)
        shutil.move(made, args.out)  # whole or not at all
    print(f"{args.out}: frame {frame + 1} of {len(replay.frames)} "
          f"(turn {replay.frames[frame].turn}); the replay is {len(text.encode()):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
