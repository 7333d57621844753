"""A monkey at the keyboard: seeded random keys over every screen of the designer.

One run opens the designer on a copy of a sample of one game (in its own
folder, which is also the working folder, so that whatever it saves or
exports lands there), then for each screen in `OPENERS` opens that screen and
sends random keys, mostly in bursts with no pause between them (a held key,
fast fingers), sometimes one at a time. After each screen it goes back to the
designer, saves, and checks that:

- nothing raised (Textual keeps the first exception; `run_test` raises it);
- no key had to wait `SETTLE_LIMIT` for the screen (`late_settles`);
- the saved file is the design being edited, and the screen shows that
  design: the sheet panel's text, the issues, the name field, one entry box
  per list entry, every field at a path the design has, no unsaved mark.

The keys come from `random.Random(seed)`: a run is replayed by its game and
seed. The duel engines are replaced by a coin (`CoinLineup`) so that a
monkey's Ctrl+R costs nothing; what is tested is the designer, not the dice.
"""

from __future__ import annotations

import asyncio
import io
import os
import random
import shutil
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from textual import events
from textual.widgets import Input

from shipyard.core.battle import BattleResult, Fate, Replay
from shipyard.core.catalog_files import catalog_root
from shipyard.core.outcome import Result
from shipyard.services import warming
from shipyard.services.registry import evaluate, read_design, rulesets
from shipyard.services.session import open_session
from shipyard.tui.app import ShipyardApp
from shipyard.tui.screens import optimize as optimize_screen
from shipyard.tui.screens.designer import DesignerScreen
from shipyard.tui.screens.dialogs import ChoiceDialog, TextDialog
from shipyard.tui.widgets.editor import Editor, EntryBox
from shipyard.tui.widgets.fields import Field
from shipyard.tui.widgets.issues import IssuesPanel
from shipyard.tui.widgets.name import NameInput
from shipyard.tui.widgets.radar import NumberedTrack
from shipyard.tui.widgets.sheet import SheetPanel, sheet_view

SIZES = ((140, 45), (80, 24))
GAMES = {"pentagon-war": "lancer", "tacship": "valkyrie"}

# The keys that open each screen (the palette's "Optimize…" is typed into it).
OPENERS: dict[str, tuple[str, ...]] = {
    "designer": (), "help": ("f1",), "preview": ("f2",), "catalog": ("f3",),
    "duel": ("f4",), "fleet": ("f8",), "fleet battle": ("f8", "d", "b"),
    "compare": ("f9",), "export": ("ctrl+e",),
    "budget": ("ctrl+b",), "save as": ("f12",), "open": ("ctrl+o",), "new": ("ctrl+n",),
    "palette": ("ctrl+p",),
    "optimize": ("ctrl+p", "o", "p", "t", "i", "m", "i", "z", "e", "enter"),
}

# (key, character, weight): what a demanding player presses, most often the everyday keys.
KEYS: tuple[tuple[str, str | None, int], ...] = (
    ("up", None, 6), ("down", None, 8), ("left", None, 5), ("right", None, 5),
    ("tab", None, 2), ("shift+tab", None, 1), ("home", None, 1), ("end", None, 1),
    ("pageup", None, 1), ("pagedown", None, 1),
    ("plus", "+", 6), ("minus", "-", 5), ("space", " ", 2), ("enter", "\r", 4),
    ("delete", None, 3), ("backspace", None, 2), ("insert", None, 1), ("escape", None, 3),
    *((str(d), str(d), 1) for d in range(10)),
    ("a", "a", 2), ("d", "d", 2), ("n", "n", 1), ("c", "c", 1), ("x", "x", 1),
    *((f"f{n}", None, 1) for n in range(1, 13)),
    ("ctrl+n", None, 1), ("ctrl+s", None, 2), ("ctrl+o", None, 1), ("ctrl+z", None, 2),
    ("ctrl+y", None, 1), ("ctrl+b", None, 1), ("ctrl+e", None, 1), ("ctrl+r", None, 1),
    ("ctrl+g", None, 1), ("ctrl+l", None, 1), ("ctrl+p", None, 1), ("ctrl+f", None, 1),
)
BACK = 8  # Escapes to get back to the designer (a running duel takes two)


class CoinLineup:
    """A duel decided by the seed alone: the screens get real results at no cost.

    A batch lineup that is always ready, so batches stay in this process (a pool of
    worker processes would rebuild the real engines there)."""

    def ready(self) -> bool:
        return True

    def fight_many(self, seeds: Sequence[int], workers: int = 1) -> list[Result]:
        return [self.fight(seed) for seed in seeds]

    def fight(self, seed: int, log: bool = False) -> Result:
        winner = (None, 0, 1)[seed % 3]
        lines = (f"Turn 1: seed {seed}",) if log else ()
        return Result(winner, 1 + seed % 7, (seed % 5, seed % 4),
                      "" if winner is None else "hull", lines)


class CoinBattles:
    """A battle decided by the seed alone, as `CoinLineup` decides a duel: the loser's
    craft all destroyed, a draw leaving every craft flying; always ready."""

    def __init__(self, a: int, b: int) -> None:
        self.sizes = (a, b)

    def ready(self) -> bool:
        return True

    def fight_many(self, seeds: Sequence[int], workers: int = 1) -> list[BattleResult]:
        return [self.fight(seed) for seed in seeds]

    def fight(self, seed: int, log: bool = False) -> BattleResult:
        winner = (None, 0, 1)[seed % 3]
        turns = 1 + seed % 7
        fates = tuple(Fate(side, index, 0 if winner in (None, side) else turns,
                           "" if winner in (None, side) else "laser", seed % 4)
                      for side in (0, 1) for index in range(self.sizes[side]))
        return BattleResult(winner, turns, fates, 0,
                            (f"Turn 1: seed {seed}",) if log else ())

    def replay(self, seed: int) -> Replay:
        return Replay(f"Battle of seed {seed}", ("A", "B"), (), "decided by a coin")


@contextmanager
def cheap_engines() -> Iterator[None]:
    """For as long as the block runs: every game's duels fought by `CoinLineup` (and its
    battles by `CoinBattles`), and the optimize screen's search one generation of few
    runs."""
    saved: list[tuple[type, Any]] = []
    for ruleset in rulesets().values():
        if ruleset.battles is not None:
            fleets = type(ruleset.battles)
            saved.append((fleets, fleets.lineup))
            fleets.lineup = lambda self, a, b, *args, **kwargs: (  # type: ignore[method-assign]
                CoinBattles(len(a), len(b)))
        if ruleset.duels is None:
            continue
        kind = type(ruleset.duels)
        saved.append((kind, kind.lineup))
        kind.lineup = lambda self, *args, **kwargs: CoinLineup()  # type: ignore[method-assign]
    search = (optimize_screen.GENERATIONS, optimize_screen.RUNS)
    optimize_screen.GENERATIONS, optimize_screen.RUNS = 1, 4
    warming._PROBES.clear()  # the engine each game is warmed with: the coin's, meanwhile
    try:
        yield
    finally:
        for kind, original in saved:
            kind.lineup = original  # type: ignore[method-assign]
        warming._PROBES.clear()
        optimize_screen.GENERATIONS, optimize_screen.RUNS = search


@dataclass(frozen=True)
class Burst:
    """Keys sent together (`burst`) or one at a time with a pause after each."""

    keys: tuple[tuple[str, str | None], ...]
    burst: bool


def monkey_keys(rng: random.Random, count: int) -> list[Burst]:
    """`count` random keys, in bursts of 1 to 12, three bursts in four sent at once."""
    keys = [(key, character) for key, character, _ in KEYS]
    weights = [weight for _, _, weight in KEYS]
    chunks: list[Burst] = []
    while count > 0:
        size = min(count, rng.randint(1, 12))
        chunks.append(Burst(tuple(rng.choices(keys, weights, k=size)), rng.random() < 0.75))
        count -= size
    return chunks


@dataclass
class Run:
    """What one monkey run did: keys sent per screen, and the checks made."""

    game: str
    seed: int
    keys: int = 0
    checks: int = 0
    seconds: dict[str, float] = field(default_factory=dict)  # time spent on each screen


def character_of(key: str) -> str | None:
    return {"plus": "+", "minus": "-", "space": " ", "enter": "\r"}.get(
        key, key if len(key) == 1 else None)


async def handled(app: ShipyardApp) -> None:
    """Until the app has handled every message posted so far (the keys, to the end), and
    the screen has settled as it does before each key."""
    try:
        async with asyncio.timeout(30):
            while app.is_running:
                done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
                app.call_later(done.set_result, None)
                while not done.done() and app.is_running:
                    await asyncio.wait([done], timeout=0.1)
                if not app.keys_waiting:
                    break
    except TimeoutError:
        raise AssertionError(f"the designer stopped taking keys: {stuck(app)}") from None
    if app.is_running:
        await app.settle()


def stuck(app: ShipyardApp) -> str:
    """Where the app's message loop waits (what a key is stuck on), innermost last."""
    found = []
    for task in asyncio.all_tasks():
        frames = []
        coroutine: Any = task.get_coro()
        while coroutine is not None:
            frame = getattr(coroutine, "cr_frame", None) or getattr(coroutine, "gi_frame", None)
            if frame is not None:
                frames.append(f"{frame.f_code.co_name}:{frame.f_lineno}")
            coroutine = getattr(coroutine, "cr_await", None) or \
                getattr(coroutine, "gi_yieldfrom", None)
        if any(name.startswith("on_event:") for name in frames):
            found.append(" > ".join(frames[-9:]))
    return "; ".join(found) + f" on {app.screen!r}"


async def send(app: ShipyardApp, pilot: Any, burst: Burst) -> None:
    for key, character in burst.keys:
        app.post_message(events.Key(key, character))
        if not burst.burst:
            await handled(app)
    await handled(app)


async def back_to_designer(app: ShipyardApp, pilot: Any) -> None:
    for _ in range(BACK):
        if isinstance(app.screen, DesignerScreen):
            return
        await send(app, pilot, Burst((("escape", None),), False))
        await pilot.pause()
    assert isinstance(app.screen, DesignerScreen), f"Escape leaves {app.screen!r} open"


async def save(app: ShipyardApp, pilot: Any, folder: Path) -> Path:
    """Ctrl+S, answering a save-as dialog with a file in the run's folder."""
    await send(app, pilot, Burst((("ctrl+s", None),), False))
    if isinstance(app.screen, TextDialog):
        app.screen.query_one("#text", Input).value = str(folder / "monkey.ship.json")
        await send(app, pilot, Burst((("enter", "\r"),), False))
    if isinstance(app.screen, ChoiceDialog):  # replace the file saved last time (Cancel is
        # the answer Enter gives: Left to Replace first)
        await send(app, pilot, Burst((("left", None), ("enter", "\r")), False))
    assert isinstance(app.screen, DesignerScreen), f"saving leaves {app.screen!r} open"
    assert app.session.path is not None
    return app.session.path


def check_screen_shows(app: ShipyardApp, saved: Path) -> None:
    """The saved file is the design edited, and every panel shows that design."""
    designer = app.designer
    session = app.session
    design = read_design(saved)
    assert design == session.design, "the file saved is not the design being edited"
    assert not session.workbench.changed
    assert not designer.sub_title.endswith("●"), "saved, yet marked unsaved"
    evaluation = evaluate(design, session.workbench.scenario, session.workbench.catalog_root)
    panel = designer.query_one(SheetPanel)
    width = panel.content_size.width or 44
    shown = _plain(panel.shown)
    assert shown == _plain(sheet_view(evaluation, session.workbench.scenario.budget, width,
                                      panel.compact))
    issues = designer.query_one(IssuesPanel)
    assert issues.issues == tuple(sorted(evaluation.issues, key=lambda i: i.severity != "error"))
    data = design.to_data()
    for name in designer.query(NameInput):
        assert name.value == str(data.get(name.path) or ""), "the name field shows another name"
    editor_form = evaluation.ruleset.form(evaluation.catalog)
    for group in editor_form.groups():
        boxes = [box for box in designer.query(EntryBox)
                 if box.group.path == group.path and not box.leaving]
        assert len(boxes) == len(group.entries(data)), f"{group.path}: entries shown"
    editor = designer.query_one(Editor)
    for shown in designer.query(Field):
        if shown.is_attached and not any(getattr(a, "leaving", False) for a in shown.ancestors):
            assert editor.shows(shown), f"a field for {shown.path}"


def _plain(text: Any) -> str:
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(text)
    return console.export_text()


def game_folder(tmp: Path, game: str) -> Path:
    """A folder holding a copy of the game's sample, the run's working folder."""
    folder = tmp / game
    folder.mkdir(parents=True, exist_ok=True)
    sample = catalog_root() / game / "designs" / f"{GAMES[game]}.ship.json"
    shutil.copy(sample, folder / "design.ship.json")
    return folder


def run_monkey(tmp: Path, game: str, seed: int, keys_per_screen: int,
               size: tuple[int, int] = SIZES[0]) -> Run:
    """One seeded run over every screen; raises on the first fault found."""
    folder = game_folder(tmp, game)
    rng = random.Random(f"{game}/{seed}")
    run = Run(game, seed)
    here = Path.cwd()
    os.chdir(folder)
    try:
        with cheap_engines():
            app = ShipyardApp(open_session(folder / "design.ship.json",
                                           recovery_dir=folder / "state"))

            async def main() -> None:
                async with app.run_test(size=size) as pilot:
                    await pilot.pause()
                    for screen, opener in OPENERS.items():
                        began = time.perf_counter()
                        await send(app, pilot, Burst(tuple((k, character_of(k))
                                                           for k in opener), True))
                        for number, burst in enumerate(monkey_keys(rng, keys_per_screen)):
                            await send(app, pilot, burst)
                            run.keys += len(burst.keys)
                            if number % 4 == 3:
                                await pilot.pause()  # now and then the screen is drawn
                            if not app.is_running:
                                raise AssertionError(f"the designer stopped on {screen}")
                        await back_to_designer(app, pilot)
                        saved = await save(app, pilot, folder)
                        check_screen_shows(app, saved)
                        assert app.late_settles == 0, f"keys waited for the screen ({screen})"
                        run.checks += 1
                        run.seconds[screen] = time.perf_counter() - began
            asyncio.run(main())
    finally:
        os.chdir(here)
    return run


# Switching game on every field ---------------------------------------------------------

OTHER = {"pentagon-war": "tacship", "tacship": "pentagon-war"}
NEW_GAME = {"pentagon-war": ("ctrl+n", "enter"), "tacship": ("ctrl+n", "right", "enter")}


def open_keys(sample: str) -> tuple[tuple[str, str | None], ...]:
    """Ctrl+O and a sample's name typed, Enter."""
    return (("ctrl+o", None), *((c, c) for c in f"sample:{sample}"), ("enter", "\r"))


def check_one_design(app: ShipyardApp, game: str) -> None:
    """After a switch: the designer runs and every panel shows the new design only."""
    designer = app.designer
    assert app.is_running and isinstance(app.screen, DesignerScreen), f"{app.screen!r}"
    design = app.session.design
    assert design.ruleset == game, f"the design is {design.ruleset}'s, not {game}'s"
    assert list(designer.query(Editor)) == [designer.editor], "an old editor is left"
    assert designer.query_one(NameInput).value == design.name
    assert designer.query_one(SheetPanel).shown.plain.startswith(design.name)
    focused = app.focused
    assert isinstance(focused, Field) and designer.editor.shows(focused)
    assert designer.current is focused, "the hint is not the focused field's"
    assert app.late_settles == 0


async def switch_from(app: ShipyardApp, pilot: Any, path: str, cursor: int,
                      keys: tuple[tuple[str, str | None], ...], game: str) -> None:
    """Put the cursor on the field at `path` (and its part `cursor`), then the keys that
    switch to a design of `game`, in one burst."""
    field = next(f for f in app.designer.editor.fields() if f.path == path)
    if isinstance(field, NumberedTrack):
        field.cursor = cursor % (len(field.track) + 1)  # a box, or the free one
    elif hasattr(field, "cursor"):
        field.cursor = cursor  # an arc, a side
    app.designer.set_focus(field, scroll_visible=False)
    await handled(app)
    await send(app, pilot, Burst(keys, True))
    check_one_design(app, game)


def run_switches(tmp: Path, game: str, seed: int, size: tuple[int, int] = SIZES[0]) -> int:
    """From every field of a new design of each game in turn, a switch to the other game:
    Ctrl+N (three times in four) or Ctrl+O of a sample, the designer walking both games'
    fields side by side; the number of switches made. The cursor of a field with parts
    lands on a seeded part. Nothing is drawn meanwhile: what is checked is read."""
    folder = game_folder(tmp, game)
    rng = random.Random(f"switch/{game}/{seed}")
    switches = 0
    with cheap_engines():
        app = ShipyardApp(open_session(None, recovery_dir=folder / "state"))

        async def main() -> None:
            nonlocal switches
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                await send(app, pilot, Burst(tuple((k, character_of(k))
                                                   for k in NEW_GAME[game]), True))
                walked = {name: 0 for name in OTHER}
                counts = {name: 0 for name in OTHER}
                with app.batch_update():
                    while True:
                        here = app.session.design.ruleset
                        paths = [field.path for field in app.designer.editor.fields()]
                        counts[here] = len(paths)
                        if all(walked[g] >= counts[g] > 0 for g in OTHER):
                            break
                        there = OTHER[here]
                        keys = open_keys(GAMES[there]) if switches % 4 == 3 else \
                            tuple((k, character_of(k)) for k in NEW_GAME[there])
                        path = paths[walked[here] % len(paths)]
                        await switch_from(app, pilot, path, rng.randrange(6), keys, there)
                        walked[here] += 1
                        switches += 1
        asyncio.run(main())
    return switches
