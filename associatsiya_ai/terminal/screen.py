"""The terminal screen of a game: renders the arena's events in Russian with rich.

It shows who sits where, whose turn it is, every utterance (with its chain mode) and every
answer (all four players hear everything), turns left, rejected words with the reason and
the suggested form, the result (a consonance with the overlapping letters highlighted) and
the match score. It keeps the bots' latest decisions for «?» and ``--explain``. The secret is
shown only to a person who is a hinter (both hinters know it) and at the end; a person who
guesses sees the bots' decisions redacted (:func:`~associatsiya_ai.terminal.explain.for_guesser`).
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Console
from rich.markup import escape

from associatsiya_ai.arena.events import (
    Answered,
    AnySeat,
    Event,
    GameOver,
    GameStarted,
    MatchScore,
    Rejected,
    Spoken,
    ToAct,
)
from associatsiya_ai.bots.decision import Decision
from associatsiya_ai.rules.types import ConsonanceError, Role, Seat, Termination
from associatsiya_ai.rules.words import is_consonant
from associatsiya_ai.terminal import panels
from associatsiya_ai.terminal.errors import rule_reason, suggestion_line
from associatsiya_ai.terminal.explain import decision_lines, for_guesser
from associatsiya_ai.terminal.labels import COMMANDS_LINE, ENDED_BY, miss_word, seat_name
from associatsiya_ai.terminal.texts import outcome_text

__all__ = ["Screen"]


def _who(player: AnySeat) -> str:
    if player.is_human:
        return "вы"
    level = player.describe().get("level")
    return f"бот ({level})" if level else "бот"


class Screen:
    """Render arena events to a rich console (Russian).

    Parameters
    ----------
    console : rich.console.Console
        Where to print.
    explain : bool
        Print the bots' explanations after each of their moves (``--explain``).
    human_side : {"A", "B"} or None
        The person's side in a match (for the score lines).
    n_games : int
        How many games the match has (for the headings).
    given : str or None
        The secret the person gave (``--word``, the first game's): the person knows it.
    """

    def __init__(
        self,
        console: Console,
        *,
        explain: bool = False,
        human_side: str | None = "A",
        n_games: int = 1,
        given: str | None = None,
    ) -> None:
        self.console = console
        self.explain = explain
        self.human_side = human_side
        self.n_games = n_games
        self.given = given
        self.secret = ""
        self.human: Seat | None = None
        self.seats: Mapping[Seat, AnySeat] = {}
        self.playing = False
        self.last_bot: dict[Seat, tuple[str, Decision | None]] = {}
        self._titled: int | None = None
        self.games_started = 0

    # -------------------------------------------------------------- helpers
    def title(self, index: int, practice: bool = False) -> None:
        """Print the heading of game ``index`` (0-based), once per game."""
        self._titled = index
        title = f"Игра {index + 1}" + (f" из {self.n_games}" if self.n_games > 1 else "")
        self.say("")
        self.console.rule(title + (" · тренировка" if practice else ""))

    def say(self, markup: str = "") -> None:
        """Print rich markup (user words must be escaped by the caller)."""
        panels.say(self.console, markup)

    def _shown(self, seat: Seat, decision: Decision | None) -> list[str]:
        """A bot's decision as this person may see it now (redacted mid-game for a guesser)."""
        guessing = self.playing and self.human is not None and self.human.role is Role.GUESSER
        if decision is None or not guessing:
            return decision_lines(decision)
        return decision_lines(*for_guesser(decision, self.secret, hinter=seat.role is Role.HINTER))

    def _label(self, seat: Seat) -> str:
        player = self.seats.get(seat)
        who = "" if player is None else (" (вы)" if player.is_human else " (бот)")
        return f"{seat_name(seat)}{who}"

    # -------------------------------------------------------------- events
    def __call__(self, event: Event) -> None:
        """Render one arena event."""
        if isinstance(event, GameStarted):
            self._started(event)
        elif isinstance(event, ToAct):
            self._to_act(event)
        elif isinstance(event, Spoken):
            self._spoken(event)
        elif isinstance(event, Answered):
            self._answered(event)
        elif isinstance(event, Rejected):
            self._rejected(event)
        elif isinstance(event, GameOver):
            self._over(event)
        elif isinstance(event, MatchScore) and event.n_games > 1:
            panels.match_score(
                self.console, event.score, event.index, event.n_games, self.human_side
            )

    def _started(self, event: GameStarted) -> None:
        self.games_started += 1
        self.seats = event.seats
        self.secret = event.secret
        self.playing = True
        self.last_bot = {}
        self.human = next((s for s, p in event.seats.items() if p.is_human), None)
        if self._titled != event.index:
            self.title(event.index, event.practice)
        if self.human is None:
            for seat, player in event.seats.items():
                self.say(f"{seat_name(seat)}: {_who(player)}")
            self.say("Загадывает команда 1, первой ходит команда 2.")
            return
        hinting = self.human.role is Role.HINTER
        partner_seat = Seat(self.human.team, Role.GUESSER if hinting else Role.HINTER)
        partner_role = "отгадывающий" if hinting else "наводящий"
        self.say(
            f"[bold]Вы — {seat_name(self.human)}[/bold]; ваш {partner_role} — "
            f"{_who(event.seats[partner_seat])}."
        )
        self.say(f"Команда {3 - self.human.team} — соперники: наводящий и отгадывающий — боты.")
        self.say("Загадывает команда 1, первой ходит команда 2.")
        secret = escape(self.secret)
        if self.given is not None and event.index == 0:  # the person knows it: --word
            self.say(f"Загаданное слово вы задали сами (--word): [bold]«{secret}»[/bold].")
        elif hinting and self.human.team == 1:
            self.say(f"Загаданное слово: [bold]«{secret}»[/bold].")
        elif hinting:
            self.say(f"Наводящий команды 1 сообщил вам загаданное слово: [bold]«{secret}»[/bold].")
        else:
            self.say("Загаданное слово знают только наводящие.")
        self.say(f"[dim]{COMMANDS_LINE}[/dim]")

    def _to_act(self, event: ToAct) -> None:
        if event.seat.role is Role.HINTER:
            left = event.turns_left
            self.say(
                f"\n[bold]Ход {event.turn_number} из 12[/bold] — команда {event.seat.team} "
                f"[dim](осталось ходов: команда 1 — {left[1]}, команда 2 — {left[2]})[/dim]"
            )

    def _remember(self, seat: Seat, word: str, decision: Decision | None) -> None:
        if not self.seats[seat].is_human:
            self.last_bot[seat] = (word, decision)
            if self.explain:
                for line in self._shown(seat, decision):
                    self.say(f"   [dim]↳ {escape(line)}[/dim]")

    def _notices(self, notices: tuple[str, ...]) -> None:
        for notice in notices:
            self.say(f"   [dim]({escape(notice)})[/dim]")

    def _spoken(self, event: Spoken) -> None:
        style = "red" if event.foul else "cyan"
        chain = panels.chain_text(event.utterance)
        self.say(f"  {self._label(event.seat).capitalize()}: [{style}]{chain}[/{style}]")
        self._notices(event.notices)
        self._remember(event.seat, event.utterance.new, event.decision)

    def _answered(self, event: Answered) -> None:
        turn = event.turn
        verdict = "[bold green]верно![/bold green]" if turn.correct else miss_word(turn.answer)
        self.say(f"  {self._label(event.seat).capitalize()}: «{escape(turn.answer)}» — {verdict}")
        self._notices(event.notices)
        self._remember(event.seat, turn.answer, event.decision)

    def _rejected(self, event: Rejected) -> None:
        error = event.error
        if not event.player.is_human:
            self.say(
                f"   [dim]({self._label(event.seat)} ошибся: {escape(str(error))} — "
                f"это ошибка бота)[/dim]"
            )
            return
        if isinstance(error, ConsonanceError):
            self.say(
                "[yellow]Тренировка: созвучие![/yellow] В настоящей игре ваша команда проиграла бы."
            )
            panels.overlaps(self.console, self.secret, error.word, error.overlaps)
            self.say("Назовите другое слово.")
            return
        reason = rule_reason(error, 300)
        self.say(f"[red]Не принято:[/red] {escape(reason)}")
        fix = suggestion_line(error)
        named = error.suggestion
        if named and event.seat.role is Role.HINTER and is_consonant(self.secret, named):
            self.say(  # «пивo» with a Latin «o» for «пиво»: the fix itself would lose
                f"[yellow]Осторожно:[/yellow] «{escape(named)}» созвучно загаданному слову — "
                "такая наводка проиграет игру. Скажите другое слово."
            )
        elif fix:
            self.say(f"Правильная форма: [bold]«{escape(fix)}»[/bold] — скажите её.")
        elif not error.suggestion and "другое слово" not in reason:  # said once
            self.say("Скажите другое слово.")

    def _over(self, event: GameOver) -> None:
        record = event.record
        outcome = record.outcome
        self.playing = False
        self.say("")
        if record.ended_by is not None:
            self.say(f"[bold yellow]Игра прервана:[/bold yellow] {ENDED_BY[record.ended_by]}.")
        elif outcome is not None:
            self.say(f"[bold]{escape(outcome_text(outcome, self.secret))}[/bold]")
            if outcome.termination is Termination.CONSONANCE and outcome.word:
                panels.overlaps(self.console, self.secret, outcome.word, outcome.overlaps)
            if self.human is not None and outcome.winner is not None:  # a draw said «Ничья»
                if outcome.winner == self.human.team:
                    self.say("[bold green]Ваша команда победила![/bold green]")
                else:
                    self.say("[bold red]Ваша команда проиграла.[/bold red]")
        if outcome is None or outcome.termination is not Termination.GUESSED:
            self.say(f"Загаданное слово: [bold]«{escape(self.secret)}»[/bold].")

    # -------------------------------------------------------------- for the person
    def explain_last(self) -> None:
        """Print why each bot made its latest move in this game («?»)."""
        if not self.last_bot:
            self.say("[dim]Боты ещё не ходили в этой игре.[/dim]")
            return
        for seat, (word, decision) in self.last_bot.items():
            self.say(f"[bold]{seat_name(seat).capitalize()} (бот)[/bold] — «{escape(word)}»:")
            for line in self._shown(seat, decision):
                self.say(f"   {escape(line)}")

    def rules(self) -> None:
        """Print the short rules."""
        panels.rules(self.console)
