"""The interactive game loop, the same for every game: humans at the keyboard, bots in the other seats.

The loop only ever shows a human their own view (drawn by the game's presenter, found through its
plug-in, in the reader's language: see :mod:`.renderers`), and it saves the game record after every action, so quitting,
Ctrl-C, Ctrl-D or a crash never loses a move. With several humans at one keyboard (hot-seat) it
clears the screen and waits for the next player before showing a hand.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from ludoteca.bots import Bot
from ludoteca.bots.ismcts import IsmctsBot
from ludoteca.core.errors import LudotecaError
from ludoteca.core.events import Event
from ludoteca.core.game import AnyGameDefinition

from .recording import Recorder
from .renderers import Renderer
from .results import result_renderables


@dataclass
class Seat:
    """Who plays a seat: a human (``bot is None``) or a bot, under a display name."""

    name: str
    kind: str
    bot: Bot | None = None


class _Quit(Exception):
    """A human asked to stop (quit, Ctrl-D)."""


RECAP_LINES = 18
MAX_ROWS = 16
COMMANDS = "a number or an action · hint · help · log · rules · board · quit"
HINT_LEVEL = "normal"
"""The search budget behind ``hint`` (about a second of thinking)."""


class Session:
    """One game played at this terminal."""

    def __init__(
        self,
        definition: AnyGameDefinition,
        state: Any,
        seats: Sequence[Seat],
        recorder: Recorder,
        console: Console,
        delay: float = 0.3,
        verbose: bool = False,
        lang: str | None = None,
    ) -> None:
        self.definition = definition
        self.state = state
        self.seats = list(seats)
        self.names = [s.name for s in seats]
        self.recorder = recorder
        self.console = console
        self.renderer = Renderer(definition.name, lang)
        """The game's presenter in the reader's language (``--lang``)."""
        self.humans = [p for p, s in enumerate(seats) if s.bot is None]
        self.delay = delay if self.humans else 0.0
        self.verbose = verbose
        self.decided = [0] * len(seats)
        """Per seat: the length of that seat's visible log at its last decision (for the recap)."""
        self.streamed = 0
        """How many events of the streamed log (see :meth:`_stream`) have been printed."""
        self.last_human = -1

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    # ------------------------------------------------------------ the loop

    def run(self) -> int:
        """Play until the game ends or a human quits; the exit status (0, or 130 after Ctrl-C)."""
        try:
            while not self.state.is_terminal():
                p = self.state.current_player()
                seat = self.seats[p]
                if seat.bot is None:
                    action = self._human_turn(p)
                else:
                    action = seat.bot.choose(self.state.view(p), self.state.legal_actions())
                self.state.apply(action)
                self.recorder.add(action.to_text(), self.console)
                if seat.bot is None and self.hot_seat:
                    self.console.clear()
                self._stream()
                if seat.bot is not None and self.delay:
                    time.sleep(self.delay)
        except _Quit:
            self._farewell()
            return 0
        except KeyboardInterrupt:
            self.console.print()
            self._farewell()
            return 130
        self._finish()
        return 0

    def _stream(self) -> None:
        """Print what just happened, as it happens: the single human's own log; with several humans
        (or none, when asked for) only public events, since anyone may be looking at the screen."""
        viewer = self.humans[0] if len(self.humans) == 1 else -1
        if viewer < 0 and not self.humans and not self.verbose:
            return
        view = self.state.view(viewer)
        self._print_events(view, view.log[self.streamed :])
        self.streamed = len(view.log)

    def _print_events(self, view: Any, events: Sequence[Event]) -> None:
        for event in events:
            self.console.print("  " + self.renderer.describe(view, event, self.names), highlight=False)

    # ------------------------------------------------------------ a human's decision

    def _human_turn(self, p: int) -> Any:
        name = self.names[p]
        if self.hot_seat and p != self.last_human:
            if self.last_human >= 0:  # nothing secret has been shown before the first turn
                self.console.clear()
            self.console.rule(f"[bold]{name}'s turn")
            self._ask(f"Pass the keyboard to {name} and press Enter when only {name} can see the screen. ")
        self.last_human = p
        view = self.state.view(p)
        legal = self.state.legal_actions()
        self._show_board(p, view, legal)
        if not self.hot_seat:
            self.streamed = len(view.log)  # the recap has just shown them
        while True:
            text = self._ask(f"{name}> ").strip()
            word = text.lower()
            if not text:
                continue
            if word in ("help", "h", "?"):
                self._help(view)
                self._show_options(view, legal)
            elif word == "log":
                self._print_events(view, view.log)
                self._show_options(view, legal)
            elif word == "rules":
                self.console.print(self.renderer.rules())
                self._show_options(view, legal)
            elif word in ("board", "b"):
                self._show_board(p, view, legal)
            elif word == "hint":
                self._hint(view, legal)
            elif word in ("quit", "exit", "q"):
                if self._confirm_quit():
                    raise _Quit
            else:
                action = self._parse(text, view, legal)
                if action is not None:
                    self.decided[p] = len(view.log)
                    return action

    def _show_board(self, p: int, view: Any, legal: Sequence[Any]) -> None:
        """The view, what happened since this human's last decision, and the options — sized so that
        in a terminal all of it fits on one screen, the recap giving way first."""
        board = self.renderer.render(view, self.names)
        options = self._options(view, legal, list(enumerate(legal, 1)), "")
        room = RECAP_LINES
        if self.console.is_terminal:
            used = sum(self._height(r) for r in (board, *options)) + 4  # rule, heading, prompt, spare
            room = max(4, self.console.height - used)
        self.console.rule(f"[bold]Your turn, {self.names[p]}" if not self.hot_seat else f"[bold]{self.names[p]}")
        self.console.print(board)
        self._recap(p, view, room)
        for part in options:
            self.console.print(part)

    def _height(self, renderable: RenderableType) -> int:
        return len(self.console.render_lines(renderable, self.console.options, pad=False))

    def _recap(self, p: int, view: Any, room: int) -> None:
        """The events since this human's last decision, the latest ``room`` of them (the live lines
        printed as they happened may have scrolled away behind the board)."""
        new = view.log[self.decided[p] :]
        if not new:
            return
        self.console.print(Text("Since your last turn:" if self.decided[p] else "So far:", style="bold"))
        if len(new) > room:
            hidden = len(new) - room + 1
            more = f"  … {hidden} earlier event{'s' if hidden > 1 else ''} (type log to see them all)"
            self.console.print(more, style="dim")
            new = new[-(room - 1) :]
        self._print_events(view, new)

    def _show_options(self, view: Any, legal: Sequence[Any]) -> None:
        for part in self._options(view, legal, list(enumerate(legal, 1)), ""):
            self.console.print(part)

    def _options(
        self, view: Any, legal: Sequence[Any], options: list[tuple[int, Any]], prefix: str
    ) -> list[RenderableType]:
        """Numbered options in a grid. When they need more than ``MAX_ROWS`` rows (Kreta can offer
        thousands), a count per first word, or the first screenful of those matching ``prefix``:
        typing the start of an action narrows the list down."""
        out: list[RenderableType] = []
        if not prefix:
            out.append(Text.assemble(("Your options", "bold"), (f" — type {COMMANDS}:", "dim")))
        items = []
        for k, action in options:
            note = self.renderer.annotate(action, view)
            items.append((k, f"{action.to_text()} ({note})" if note else action.to_text()))
        room = _columns(items, len(legal), self.console.width) * MAX_ROWS
        if len(items) > room and not prefix:
            groups: dict[str, int] = {}
            for _, action in options:
                verb = action.to_text().split()[0]
                groups[verb] = groups.get(verb, 0) + 1
            out.append(Text(f"{len(options)} options; type the start of an action to list those that match:"))
            out.append(Text("  " + " · ".join(f"{verb} ({n})" for verb, n in groups.items())))
            return out
        out.append(_options_grid(items[:room], len(legal), self.console.width))
        if len(items) > room:
            more = len(items) - room
            out.append(
                Text(f"… and {more} more starting with {prefix!r}: type more of the action to narrow them down.")
            )
        return out

    def _parse(self, text: str, view: Any, legal: Sequence[Any]) -> Any:
        """The legal action ``text`` names (a number or notation), or None after printing why not
        (or, for the start of an action, the options that match)."""
        if text.isdigit():
            k = int(text)
            if 1 <= k <= len(legal):
                return legal[k - 1]
            return self._error(f"there is no option {k}: choose 1–{len(legal)}, or type an action")
        try:
            action = self.definition.parse_action(text)
        except LudotecaError as e:
            prefix = " ".join(text.lower().split())
            matches = [(k, a) for k, a in enumerate(legal, 1) if a.to_text().lower().startswith(prefix)]
            if matches:
                for part in self._options(view, legal, matches, prefix):
                    self.console.print(part)
                return None
            return self._error(str(e))
        if action in legal:
            return action
        try:
            self.state.clone().apply(action)  # not legal: let the rules say why, on a copy
        except LudotecaError as e:
            return self._error(str(e))
        return self._error(f"{text!r} is not possible now")

    def _error(self, message: str) -> None:
        self.console.print(Text("✗ " + " ".join(message.split()), style="bold red"))

    def _help(self, view: Any) -> None:
        self.console.print(Text(self.renderer.explain(view)))
        self.console.print(
            Text(
                "Commands: a number picks that option; an action can also be typed in full (e.g. as listed);\n"
                "  hint  what the search bot would play, with its estimated win chance and two alternatives\n"
                "  help  this text · log  everything that happened so far · rules  a summary of the rules\n"
                "  board  draw the table again · quit  leave the game (it stays saved with --record)",
                style="dim",
            )
        )

    def _hint(self, view: Any, legal: Sequence[Any]) -> None:
        """The search bot's preferred action with its estimated win chance, and the next two."""
        if len(legal) == 1:
            self.console.print(Text(f"Only one option: {legal[0].to_text()}", style="cyan"))
            return
        advisor = IsmctsBot(len(view.log) * 0x9E3779B1 + 0x41D, IsmctsBot.levels[HINT_LEVEL])
        with self.console.status("Thinking…"):
            estimates = advisor.analyse(view, legal)
        number = {a: k for k, a in enumerate(legal, 1)}
        lines = Text.assemble(
            ("Hint", "bold cyan"),
            (f" ({advisor.last_iterations} simulated games in {advisor.last_seconds:.1f} s):\n", "dim"),
        )
        for rank, e in enumerate(estimates[:3]):
            label = "  best " if rank == 0 else "  then "
            lines.append(label, style="dim")
            lines.append(f"{number[e.action]}. {e.action.to_text()}", style="bold" if rank == 0 else "")
            lines.append(f" — estimated win chance {e.win_chance:.0%} ({e.visits} tries)\n", style="dim")
        self.console.print(lines, end="")

    def _confirm_quit(self) -> bool:
        where = (
            f"The game so far is saved in {self.recorder.path}."
            if self.recorder.path
            else "This game is not being recorded (use --record FILE to keep one)."
        )
        self.console.print(where, soft_wrap=True)
        answer = self._ask("Quit? [y/N] ").strip().lower()
        return answer in ("y", "yes")

    def _ask(self, prompt: str) -> str:
        try:
            return self.console.input(Text(prompt, style="bold"))
        except EOFError:
            self.console.print()
            raise _Quit from None

    # ------------------------------------------------------------ the end

    def _farewell(self) -> None:
        n = len(self.recorder.record.actions)
        if self.recorder.path is not None:
            self.console.print(
                f"Game left unfinished after {n} action{'' if n == 1 else 's'}; the record is in {self.recorder.path} "
                f"(see it with: ludoteca replay {self.recorder.path}).",
                soft_wrap=True,
            )
        else:
            self.console.print(f"Game left unfinished after {n} action{'' if n == 1 else 's'}.")

    def _finish(self) -> None:
        self._stream()
        if self.humans:
            viewer = self.humans[0] if len(self.humans) == 1 else -1
            self.console.print()
            self.console.print(self.renderer.render(self.state.view(viewer), self.names))
        for part in result_renderables(self.definition, self.state.result(), self.names):
            self.console.print(part)
        if self.recorder.path is not None:
            self.console.print(f"Record saved to {self.recorder.path}.", style="dim", soft_wrap=True)


def _cells(items: Sequence[tuple[int, str]], total: int) -> list[str]:
    digits = len(str(total))
    return [f"{k:>{digits}}) {t}" for k, t in items]


def _columns(items: Sequence[tuple[int, str]], total: int, width: int) -> int:
    """How many columns of these options fit in ``width``."""
    cells = _cells(items, total)
    return max(1, min(len(cells), width // (max(map(len, cells), default=0) + 3)))


def _options_grid(items: Sequence[tuple[int, str]], total: int, width: int) -> Table:
    """Numbered options in columns, numbered down each column like a phone book."""
    cells = _cells(items, total)
    cols = _columns(items, total, width)
    rows = -(-len(cells) // cols)
    grid = Table.grid(padding=(0, 3, 0, 0))
    for _ in range(cols):
        grid.add_column(no_wrap=True)
    for r in range(rows):
        grid.add_row(*(cells[c * rows + r] if c * rows + r < len(cells) else "" for c in range(cols)))
    return grid
