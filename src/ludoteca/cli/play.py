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
from ludoteca.bots.ismcts import AdvisorBot, IsmctsBot
from ludoteca.core.errors import LudotecaError
from ludoteca.core.events import Event
from ludoteca.core.game import AnyGameDefinition
from ludoteca.present import Translator, notation

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


class _Undo(Exception):
    """The human to act asked to undo their last step (``undo``), and may."""


@dataclass(frozen=True)
class _Before:
    """The table before a step that may be undone (the rules' ``can_undo``): who made it, and the state."""

    seat: int
    state: Any


RECAP_LINES = 18
MAX_ROWS = 16
HINT_LEVEL = "normal"
"""The search budget behind ``hint`` (300 iterations, a second at most); the search is the advisor's (the reader's,
judged by the game's learned judge)."""


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
        self.tr = self.renderer.tr
        """The reader's translator: the loop's own sentences speak the same catalogues as the presenter."""
        self.commands = _commands(self.tr)
        """The loop's commands (help, hint, log…) by their English word, in the reader's language: both are typed."""
        self.words = notation.words_of(self.renderer.presenter, self.tr)
        """The notation's keywords in the reader's language: options are shown with them, and a player may
        type an action with them or in English (:mod:`ludoteca.present.notation`)."""
        self.humans = [p for p, s in enumerate(seats) if s.bot is None]
        self.delay = delay if self.humans else 0.0
        self.verbose = verbose
        self.decided = [0] * len(seats)
        """Per seat: the length of that seat's visible log at its last decision (for the recap)."""
        self.streamed = 0
        """How many events of the streamed log (see :meth:`_stream`) have been printed."""
        self.last_human = -1
        self.undoable: list[_Before] = []
        """Before each human step at the end of the record that may be undone, the last one last: the turn
        passed, something hidden shown or a card drawn empties it (the same rule as the web's, said by
        the core's ``can_undo``). An undone step leaves the record as if it had never been made."""

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
                    try:
                        action = self._human_turn(p)
                    except _Undo:
                        self._undo()
                        continue
                else:
                    action = seat.bot.choose(self.state.view(p), self.state.legal_actions())
                self._note(p, action, human=seat.bot is None)
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

    def _note(self, p: int, action: Any, *, human: bool) -> None:
        """Before ``p`` plays ``action``: keep the table if a person's step may be undone, else forget every
        earlier one (a bot never undoes; the rules say which steps may be)."""
        can_undo = self.definition.can_undo
        if human and can_undo is not None and can_undo(self.state, action):
            self.undoable.append(_Before(p, self.state.clone()))
        else:
            self.undoable.clear()

    def _may_undo(self, p: int) -> bool:
        return bool(self.undoable) and self.undoable[-1].seat == p

    def _undo(self) -> None:
        """Take the last step back: the table as it was before it, and the record without it."""
        before = self.undoable.pop()
        self.state = before.state
        self.recorder.undo(self.console)
        viewer = self.humans[0] if len(self.humans) == 1 else -1
        self.streamed = min(self.streamed, len(self.state.view(viewer).log))
        self.console.print(Text("↶ " + self.tr("Step undone."), style="bold"))

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
            self.console.rule(Text(self.tr("%(name)s's turn") % {"name": name}, style="bold"))
            self._ask(
                self.tr("Pass the keyboard to %(name)s and press Enter when only %(name)s can see the screen.")
                % {"name": name}
                + " "
            )
        self.last_human = p
        view = self.state.view(p)
        legal = self.state.legal_actions()
        self._show_board(p, view, legal)
        if not self.hot_seat:
            self.streamed = len(view.log)  # the recap has just shown them
        while True:
            text = self._ask(f"{name}> ").strip()
            word = self._command(text.lower())
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
            elif word == "undo":
                if self._may_undo(p):
                    raise _Undo
                self._error(
                    self.tr("Nothing to undo: only your own steps of this turn, while nothing hidden has been shown.")
                )
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
        title = self.names[p] if self.hot_seat else self.tr("Your turn, %(name)s") % {"name": self.names[p]}
        self.console.rule(Text(title, style="bold"))
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
        heading = self.tr("Since your last turn:") if self.decided[p] else self.tr("So far:")
        self.console.print(Text(heading, style="bold"))
        if len(new) > room:
            hidden = len(new) - room + 1
            more = "  … " + self.tr.ngettext(
                "%(n)d earlier event (type log to see them all)",
                "%(n)d earlier events (type log to see them all)",
                hidden,
            ) % {"n": hidden}
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
            shown = ("hint", "undo") if self._may_undo(self.state.current_player()) else ("hint",)
            words = " · ".join(self.commands[c] for c in (*shown, "help", "log", "rules", "board", "quit"))
            commands = self.tr("a number or an action · %(commands)s") % {"commands": words}
            hint = " — " + self.tr("type %(commands)s:") % {"commands": commands}
            out.append(Text.assemble((self.tr("Your options"), "bold"), (hint, "dim")))
        items = []
        for k, action in options:
            note = self.renderer.annotate(action, view)
            text = self._notation(action)
            items.append((k, f"{text} ({note})" if note else text))
        room = _columns(items, len(legal), self.console.width) * MAX_ROWS
        if len(items) > room and not prefix:
            groups: dict[str, int] = {}
            for _, action in options:
                verb = self._notation(action).split()[0]
                groups[verb] = groups.get(verb, 0) + 1
            out.append(
                Text(
                    self.tr.ngettext(
                        "%(n)d option; type the start of an action to list those that match:",
                        "%(n)d options; type the start of an action to list those that match:",
                        len(options),
                    )
                    % {"n": len(options)}
                )
            )
            out.append(Text("  " + " · ".join(f"{verb} ({n})" for verb, n in groups.items())))
            return out
        out.append(_options_grid(items[:room], len(legal), self.console.width))
        if len(items) > room:
            more = len(items) - room
            out.append(
                Text(
                    "… "
                    + self.tr.ngettext(
                        "and %(n)d more starting with %(prefix)s: type more of the action to narrow them down.",
                        "and %(n)d more starting with %(prefix)s: type more of the action to narrow them down.",
                        more,
                    )
                    % {"n": more, "prefix": repr(prefix)}
                )
            )
        return out

    def _parse(self, text: str, view: Any, legal: Sequence[Any]) -> Any:
        """The legal action ``text`` names (a number or notation), or None after printing why not
        (or, for the start of an action, the options that match)."""
        if text.isdigit():
            k = int(text)
            if 1 <= k <= len(legal):
                return legal[k - 1]
            return self._error(
                self.tr("there is no option %(k)d: choose 1–%(n)d, or type an action") % {"k": k, "n": len(legal)}
            )
        try:
            action = self.definition.parse_action(notation.read(text, self.words))
        except LudotecaError as e:
            prefix = " ".join(text.lower().split())
            matches = [
                (k, a)
                for k, a in enumerate(legal, 1)
                if self._notation(a).lower().startswith(prefix) or a.to_text().lower().startswith(prefix)
            ]
            if matches:
                for part in self._options(view, legal, matches, prefix):
                    self.console.print(part)
                return None
            if self.tr.lang != "en":  # the rules core explains in English only: say it in the reader's words
                return self._error(
                    self.tr("%(action)s is not an action: type a number, or an action such as %(example)s")
                    % {"action": repr(text), "example": repr(self._notation(legal[0]))}
                )
            return self._error(str(e))
        if action in legal:
            return action
        try:
            self.state.clone().apply(action)  # not legal: let the rules say why, on a copy
        except LudotecaError as e:
            if self.tr.lang == "en":
                return self._error(str(e))
        return self._error(self.tr("%(action)s is not possible now") % {"action": repr(text)})

    def _command(self, word: str) -> str:
        """The English word of the loop's command ``word`` (typed in the reader's language or in English)."""
        for english, said in self.commands.items():
            if word == said.lower():
                return english
        return word

    def _notation(self, action: Any) -> str:
        """The action's notation with its keywords in the reader's language (what a player may type)."""
        return notation.localize(action.to_text(), self.words)

    def _error(self, message: str) -> None:
        self.console.print(Text("✗ " + " ".join(message.split()), style="bold red"))

    def _help(self, view: Any) -> None:
        self.console.print(Text(self.renderer.explain(view)))
        self.console.print(
            Text(
                self.tr(
                    "Commands: a number picks that option; an action can also be typed in full (e.g. as listed);\n"
                    "  hint  what the search bot would play, with its estimated win chance and two alternatives\n"
                    "  help  this text · log  everything that happened so far · rules  a summary of the rules\n"
                    "  board  draw the table again · quit  leave the game (it stays saved with --record)"
                ),
                style="dim",
            )
        )

    def _hint(self, view: Any, legal: Sequence[Any]) -> None:
        """The search bot's preferred action with its estimated win chance, and the next two."""
        if len(legal) == 1:
            only = self.tr("Only one option: %(action)s") % {"action": self._notation(legal[0])}
            self.console.print(Text(only, style="cyan"))
            return
        advisor = AdvisorBot(len(view.log) * 0x9E3779B1 + 0x41D, IsmctsBot.levels[HINT_LEVEL])
        with self.console.status(self.tr("Thinking…")):
            estimates = advisor.analyse(view, legal)
        number = {a: k for k, a in enumerate(legal, 1)}
        lines = Text.assemble(
            (self.tr("Hint"), "bold cyan"),
            (
                " ("
                + self.tr.ngettext(
                    "%(n)d simulated game in %(seconds).1f s", "%(n)d simulated games in %(seconds).1f s",
                    advisor.last_iterations,
                )
                % {"n": advisor.last_iterations, "seconds": advisor.last_seconds}
                + "):\n",
                "dim",
            ),
        )
        for rank, e in enumerate(estimates[:3]):
            label = self.tr("best") if rank == 0 else self.tr("then")
            lines.append(f"  {label} ", style="dim")
            lines.append(f"{number[e.action]}. {self._notation(e.action)}", style="bold" if rank == 0 else "")
            chance = self.tr.ngettext(
                "estimated win chance %(chance)s (%(n)d try)", "estimated win chance %(chance)s (%(n)d tries)", e.visits
            ) % {"chance": self.tr.percent(e.win_chance), "n": e.visits}
            lines.append(f" — {chance}\n", style="dim")
        self.console.print(lines, end="")

    def _confirm_quit(self) -> bool:
        where = (
            self.tr("The game so far is saved in %(path)s.") % {"path": self.recorder.path}
            if self.recorder.path
            else self.tr("This game is not being recorded (use --record FILE to keep one).")
        )
        self.console.print(where, soft_wrap=True)
        answer = self._ask(self.tr("Quit? [y/N]") + " ").strip().lower()
        # TRANSLATORS: the answers that mean yes to "Quit?", separated by "|" (y and yes are always accepted).
        yes = {"y", "yes", *(w.strip().lower() for w in self.tr("y|yes").split("|"))}
        return answer in yes

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
                self.tr.ngettext(
                    "Game left unfinished after %(n)d action; the record is in %(path)s "
                    "(see it with: ludoteca replay %(path)s).",
                    "Game left unfinished after %(n)d actions; the record is in %(path)s "
                    "(see it with: ludoteca replay %(path)s).",
                    n,
                )
                % {"n": n, "path": self.recorder.path},
                soft_wrap=True,
            )
        else:
            self.console.print(
                self.tr.ngettext(
                    "Game left unfinished after %(n)d action.", "Game left unfinished after %(n)d actions.", n
                )
                % {"n": n}
            )

    def _finish(self) -> None:
        self._stream()
        if self.humans:
            viewer = self.humans[0] if len(self.humans) == 1 else -1
            self.console.print()
            self.console.print(self.renderer.render(self.state.view(viewer), self.names))
        labels = self.renderer.breakdown_labels()
        for part in result_renderables(self.definition, self.state.result(), self.names, True, self.tr, labels):
            self.console.print(part)
        if self.recorder.path is not None:
            self.console.print(
                self.tr("Record saved to %(path)s.") % {"path": self.recorder.path}, style="dim", soft_wrap=True
            )


def _commands(tr: Translator) -> dict[str, str]:
    """The loop's commands in the reader's language, by their English word."""
    return {
        "hint": tr.pgettext("terminal command", "hint"),
        "undo": tr.pgettext("terminal command", "undo"),
        "help": tr.pgettext("terminal command", "help"),
        "log": tr.pgettext("terminal command", "log"),
        "rules": tr.pgettext("terminal command", "rules"),
        "board": tr.pgettext("terminal command", "board"),
        "quit": tr.pgettext("terminal command", "quit"),
    }


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
