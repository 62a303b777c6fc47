"""The terminal screen of a game: renders the arena's events in Russian with rich.

It shows who sits where, whose turn it is, every utterance (with its chain mode) and every
answer (all four players hear everything), turns left, rejected words with the reason and
the suggested form, the result (a consonance with the overlapping letters highlighted) and
the match score. It keeps the bots' latest explanations for «?» and ``--explain``. The
secret is shown only to a person who is a hinter (both hinters know it) and at the end.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from associatsiya_ai.arena import (
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
from associatsiya_ai.lexicon import shorten
from associatsiya_ai.rules.game import (
    ConsonanceError,
    GuesserView,
    HinterView,
    Mode,
    Outcome,
    Role,
    RuleError,
    Seat,
    Termination,
    Utterance,
)
from associatsiya_ai.rules.words import PASS, Overlap, fold, plural
from associatsiya_ai.terminal.texts import outcome_text

__all__ = [
    "ENDED_BY",
    "MODE_NAMES",
    "RULES_TEXT",
    "Screen",
    "explanation_lines",
    "miss_word",
    "seat_name",
]

MODE_NAMES = {
    Mode.SINGLE: "одно слово",
    Mode.OWN: "своя цепочка",
    Mode.ALL: "общая цепочка",
}

_MODES = frozenset(m.value for m in Mode)
_PREFIX = {"own": "+", "all": "++"}
"""Candidates of a hinter are shown as the person would type them: ``+слово``, ``++слово``."""

RULES_TEXT = """\
[bold]Правила коротко[/bold]
• Две команды: наводящий знает загаданное слово, отгадывающий — нет. Первой ходит команда 2, \
потом по очереди; у каждой команды 6 ходов. Никто не отгадал — ничья.
• Наводка — одно существительное в именительном падеже. Можно сказать одно новое слово \
([bold]слово[/bold]), свою цепочку — все свои наводки и новую ([bold]+слово[/bold]) или общую \
цепочку — все наводки обеих команд и новую ([bold]++слово[/bold]).
• Наводки не повторяются. [bold]пропускаю[/bold] — пропуск хода, но не два хода подряд.
• Созвучие — проигрыш: нельзя, чтобы у наводки и загаданного слова совпадали первые две \
буквы, последние две буквы или любые три буквы подряд.
• Отгадывающий отвечает одним существительным; верный ответ — победа его команды.
Команды: [bold]?[/bold] — почему боты так сходили, [bold]!правила[/bold] — эти правила, \
[bold]!выход[/bold] — выйти."""
"""One line per paragraph: the console wraps them to the terminal's width."""


def seat_name(seat: Seat) -> str:
    """``наводящий команды 1``, ``отгадывающий команды 2``."""
    role = "наводящий" if seat.role is Role.HINTER else "отгадывающий"
    return f"{role} команды {seat.team}"


def _who(player: AnySeat) -> str:
    if player.is_human:
        return "вы"
    level = player.describe().get("level")
    return f"бот ({level})" if level else "бот"


def _fmt_score(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def _candidates(raw: Any) -> list[str]:
    shown: list[str] = []
    if isinstance(raw, Mapping):
        raw = list(raw.items())
    if not isinstance(raw, list):
        return shown
    for item in raw[:6]:
        if isinstance(item, Mapping):
            word = item.get("word") or item.get("hint") or item.get("answer")
            score = item.get("score", item.get("similarity"))
            mode = item.get("mode")
            text = f"{_PREFIX.get(mode, '') if isinstance(mode, str) else ''}{word}"
            if score is not None:
                text += f" {_fmt_score(score)}"
            shown.append(text)
        elif isinstance(item, (list, tuple)) and item:
            name, _, mode = str(item[0]).partition("/")
            name = _PREFIX.get(mode, "") + name
            shown.append(" ".join([name, *(_fmt_score(x) for x in item[1:2])]))
        else:
            shown.append(str(item))
    return shown


ENDED_BY = {
    "quit": "вы вышли из игры",
    "eof": "ввод закончился",
    "interrupt": "нажато Ctrl-C",
    "bot-error": "бот не смог сделать допустимый ход",
}
"""Why an abandoned game ended (``GameRecord.ended_by``), in Russian."""


def miss_word(answer: str) -> str:
    """How a wrong answer is announced: «мимо», or «пропуск» for «пропускаю»."""
    return "пропуск" if answer == PASS else "мимо"


def explanation_lines(
    explanation: Mapping[str, Any] | None,
    mask: str | None = None,
    *,
    hidden: str | None = None,
) -> list[str]:
    """Render a bot's explanation as short Russian lines; ``mask`` hides a word (the secret).

    ``hidden`` (``"наводок"`` or ``"ответов"``) leaves the candidate list out with a note:
    mid-game, a person who guesses must not get the bots' unsaid hints or answers as extra
    clues (``associatsiya replay`` shows them after the game). With ``mask`` it defaults
    to ``"наводок"``.

    Known keys: ``reason``/``text``/``summary`` (a sentence), ``mode`` (the chosen chain
    mode), ``candidates`` (a list of ``{"word", "score"}`` or ``[word, score]``, a hinter's
    word as ``word/mode``, shown ``+word`` for own and ``++word`` for all); any other scalar
    key is shown as ``key: value``.
    """
    if not explanation:
        return ["(объяснения нет)"]
    lines: list[str] = []
    for key in ("reason", "summary", "text"):
        if isinstance(explanation.get(key), str):
            lines.append(explanation[key])
    mode = explanation.get("mode")
    if isinstance(mode, str) and mode in _MODES:
        lines.append(f"режим: {MODE_NAMES[Mode(mode)]}")
    cands = _candidates(explanation.get("candidates"))
    hidden = hidden or ("наводок" if mask else None)
    if cands and hidden:
        lines.append(f"другие варианты {hidden} — после игры (associatsiya replay)")
    elif cands:
        lines.append("лучшие варианты (+ своя цепочка, ++ общая): " + ", ".join(cands))
        if not any(c.startswith("+") for c in cands):
            lines[-1] = "лучшие варианты: " + ", ".join(cands)
    for key, value in explanation.items():
        if key in ("reason", "summary", "text", "mode", "candidates", "chain"):
            continue
        if isinstance(value, (str, int, float, bool)) and value is not None:
            lines.append(f"{key}: {_fmt_score(value)}")
    if mask:
        folded = fold(mask)
        lines = [_mask(line, folded) for line in lines]
    return lines or ["(объяснения нет)"]


_WORD = re.compile(r"[А-Яа-яЁё]+")


def _mask(line: str, folded_secret: str) -> str:
    # Hide every word that starts with the secret's stem (its other forms too).
    stem = folded_secret[: max(3, len(folded_secret) - 2)]

    def hide(match: re.Match[str]) -> str:
        word = fold(match.group())
        return "***" if word == folded_secret or word.startswith(stem) else match.group()

    return _WORD.sub(hide, line)


def highlight(word: str, spans: tuple[tuple[int, int], ...]) -> Text:
    """``word`` with the letters in ``spans`` (folded positions) highlighted."""
    text = Text(word)
    for start, end in spans:
        text.stylize("bold black on yellow", start, end)
    return text


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
    """

    def __init__(
        self, console: Console, *, explain: bool = False, human_side: str | None = "A"
    ) -> None:
        self.console = console
        self.explain = explain
        self.human_side = human_side
        self.n_games = 1
        self.secret = ""
        self.human: Seat | None = None
        self.seats: Mapping[Seat, AnySeat] = {}
        self.playing = False
        self.last_bot: dict[Seat, tuple[str, Mapping[str, Any] | None]] = {}
        self._titled: int | None = None
        self.games_started = 0

    # -------------------------------------------------------------- helpers
    def title(self, index: int, practice: bool = False) -> None:
        """Print the heading of game ``index`` (0-based), once per game."""
        self._titled = index
        title = f"Игра {index + 1}" + (f" из {self.n_games}" if self.n_games > 1 else "")
        self.say("")
        self.console.rule(title + (" · тренировка" if practice else ""))

    def say(self, markup: str = "", **kwargs: Any) -> None:
        """Print rich markup (user words must be escaped by the caller)."""
        self.console.print(markup, highlight=False, **kwargs)

    def _mask(self, seat: Seat) -> str | None:
        """Hide the secret in a hinter bot's reasons from a person who guesses."""
        return self.secret if self._guessing() and seat.role is Role.HINTER else None

    def _hidden(self, seat: Seat) -> str | None:
        """Which candidate list to keep from a person who guesses, mid-game."""
        if not self._guessing():
            return None
        return "наводок" if seat.role is Role.HINTER else "ответов"

    def _guessing(self) -> bool:
        return self.playing and self.human is not None and self.human.role is Role.GUESSER

    def _label(self, seat: Seat) -> str:
        player = self.seats.get(seat)
        who = "" if player is None else (" (вы)" if player.is_human else " (бот)")
        return f"{seat_name(seat)}{who}"

    @staticmethod
    def chain_text(utterance: Utterance) -> str:
        """``«река, мост» (своя цепочка)`` or ``пропускаю``."""
        chain = ", ".join(utterance.chain)
        mode = MODE_NAMES[utterance.mode]
        if utterance.is_pass:
            return f"«{PASS}»" + (f" — цепочка «{escape(chain)}» ({mode})" if chain else "")
        return f"«{escape(chain)}» ({mode})"

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
        elif isinstance(event, MatchScore):
            self._score(event)

    def _started(self, event: GameStarted) -> None:
        self.games_started += 1
        self.seats = event.seats
        self.secret = event.secret
        self.playing = True
        self.last_bot = {}
        self.human = next((s for s, p in event.seats.items() if p.is_human), None)
        if self._titled != event.index:
            self.title(event.index, event.practice)
        if self.human is not None:
            partner_seat = Seat(
                self.human.team,
                Role.GUESSER if self.human.role is Role.HINTER else Role.HINTER,
            )
            partner = event.seats[partner_seat]
            partner_role = "отгадывающий" if partner_seat.role is Role.GUESSER else "наводящий"
            self.say(
                f"[bold]Вы — {seat_name(self.human)}[/bold]; ваш {partner_role} — {_who(partner)}."
            )
            rival = 3 - self.human.team
            self.say(f"Команда {rival} — соперники: наводящий и отгадывающий — боты.")
        else:
            for seat, player in event.seats.items():
                self.say(f"{seat_name(seat)}: {_who(player)}")
        self.say("Загадывает команда 1, первой ходит команда 2.")
        if self.human is not None and self.human.role is Role.HINTER:
            if self.human.team == 1:
                self.say(f"Загаданное слово: [bold]«{escape(self.secret)}»[/bold].")
            else:
                self.say(
                    f"Наводящий команды 1 сообщил вам загаданное слово: "
                    f"[bold]«{escape(self.secret)}»[/bold]."
                )
        elif self.human is not None:
            self.say("Загаданное слово знают только наводящие.")
        if self.human is not None:
            self.say("[dim]Команды: ? — почему боты так сходили · !правила · !выход[/dim]")

    def _to_act(self, event: ToAct) -> None:
        if event.seat.role is Role.HINTER:
            left = event.turns_left
            self.say(
                f"\n[bold]Ход {event.turn_number} из 12[/bold] — команда {event.seat.team} "
                f"[dim](осталось ходов: команда 1 — {left[1]}, команда 2 — {left[2]})[/dim]"
            )

    def _remember(self, seat: Seat, word: str, explanation: Mapping[str, Any] | None) -> None:
        if not self.seats[seat].is_human:
            self.last_bot[seat] = (word, explanation)
            if self.explain:
                for line in explanation_lines(
                    explanation, self._mask(seat), hidden=self._hidden(seat)
                ):
                    self.say(f"   [dim]↳ {escape(line)}[/dim]")

    def _spoken(self, event: Spoken) -> None:
        style = "red" if event.foul else "cyan"
        self.say(
            f"  {self._label(event.seat).capitalize()}: [{style}]{self.chain_text(event.utterance)}"
            f"[/{style}]"
        )
        for notice in event.notices:
            self.say(f"   [dim]({escape(notice)})[/dim]")
        self._remember(event.seat, event.utterance.new, event.explanation)

    def _answered(self, event: Answered) -> None:
        turn = event.turn
        verdict = "[bold green]верно![/bold green]" if turn.correct else miss_word(turn.answer)
        self.say(f"  {self._label(event.seat).capitalize()}: «{escape(turn.answer)}» — {verdict}")
        for notice in event.notices:
            self.say(f"   [dim]({escape(notice)})[/dim]")
        self._remember(event.seat, turn.answer, event.explanation)

    def _rejected(self, event: Rejected) -> None:
        error = event.error
        if not event.player.is_human:
            self.say(
                f"   [dim]({self._label(event.seat)} ошибся: {escape(str(error))} — "
                f"это ошибка бота, ход повторяется)[/dim]"
            )
            return
        if isinstance(error, ConsonanceError):
            self.say(
                "[yellow]Тренировка: созвучие![/yellow] В настоящей игре ваша команда проиграла бы."
            )
            self.show_overlaps(error.word, error.overlaps)
            self.say("Назовите другое слово.")
            return
        self.say(f"[red]Не принято:[/red] {escape(self._reason(error))}")
        if error.suggestion:
            self.say(f"Правильная форма: [bold]«{escape(error.suggestion)}»[/bold] — скажите её.")
        else:
            self.say("Скажите другое слово.")

    @staticmethod
    def _reason(error: RuleError) -> str:
        v = error.violations[0]
        return shorten(f"{v.detail} ({v.rule})", 300)  # the detail may quote raw input

    def show_overlaps(self, hint: str, overlaps: tuple[Overlap, ...]) -> None:
        """Print the secret and the hint with the consonant letters highlighted."""
        secret_spans = tuple(sp for o in overlaps for sp in o.secret_spans)
        hint_spans = tuple(sp for o in overlaps for sp in o.hint_spans)
        line = Text("   загадано: ")
        line.append_text(highlight(self.secret, secret_spans))
        line.append("   наводка: ")
        line.append_text(highlight(hint, hint_spans))
        self.console.print(line, highlight=False)
        self.say("   совпадает: " + escape("; ".join(o.describe() for o in overlaps)))

    def _over(self, event: GameOver) -> None:
        record = event.record
        outcome = record.outcome
        self.playing = False
        reasons = ENDED_BY
        self.say("")
        if record.ended_by is not None:
            self.say(f"[bold yellow]Игра прервана:[/bold yellow] {reasons[record.ended_by]}.")
        elif outcome is not None:
            self.say(f"[bold]{escape(outcome_text(outcome))}[/bold]")
            if outcome.termination is Termination.CONSONANCE and outcome.word:
                self.show_overlaps(outcome.word, outcome.overlaps)
            verdict = self._verdict(outcome)
            if verdict:
                self.say(verdict)
        self.say(f"Загаданное слово: [bold]«{escape(self.secret)}»[/bold].")

    def _verdict(self, outcome: Outcome) -> str:
        if self.human is None:
            return ""
        if outcome.winner is None:  # the outcome's line has said «Ничья: …»
            return ""
        if outcome.winner == self.human.team:
            return "[bold green]Ваша команда победила![/bold green]"
        return "[bold red]Ваша команда проиграла.[/bold red]"

    def _score(self, event: MatchScore) -> None:
        if event.n_games <= 1:
            return
        score = event.score
        names = {
            "A": "ваша сторона" if self.human_side == "A" else "сторона A",
            "B": "ваша сторона" if self.human_side == "B" else "сторона B",
        }
        if self.human_side in ("A", "B"):
            names["B" if self.human_side == "A" else "A"] = "боты"
        self.say(f"[bold]Счёт после игры {event.index + 1} из {event.n_games}:[/bold]")
        for side in ("A", "B"):
            s = score[side]
            self.say(
                f"  {names[side]} ({side}): победы {s['wins']} · ничьи {s['draws']} · "
                f"поражения {s['losses']} · из них созвучий {s['fouls']}"
            )
        if score["total"]["abandoned"]:
            self.say(f"  прервано: {plural(score['total']['abandoned'], 'игра', 'игры', 'игр')}")

    # -------------------------------------------------------------- for the person
    def explain_last(self) -> None:
        """Print why each bot made its latest move in this game («?»)."""
        if not self.last_bot:
            self.say("[dim]Боты ещё не ходили в этой игре.[/dim]")
            return
        for seat, (word, explanation) in self.last_bot.items():
            self.say(f"[bold]{seat_name(seat).capitalize()} (бот)[/bold] — «{escape(word)}»:")
            for line in explanation_lines(explanation, self._mask(seat), hidden=self._hidden(seat)):
                self.say(f"   {escape(line)}")

    def rules(self) -> None:
        """Print the short rules, a bullet's wrapped lines indented under its text."""
        width = max(self.console.width - 2, 20)
        for line in RULES_TEXT.splitlines():
            if not line.startswith("• "):
                self.say(line)
                continue
            lines = Text.from_markup(line[2:]).wrap(self.console, width)
            for i, part in enumerate(lines):
                part.rstrip()
                self.console.print(Text("• " if i == 0 else "  ") + part, highlight=False)

    def hinter_prompt(self, view: HinterView) -> None:
        """Show the person what each input would speak now."""
        self.say(f"[bold]Ваш ход — {seat_name(Seat(view.team, Role.HINTER))}.[/bold]")
        if view.last_own_was_pass:
            self.say("[dim](в прошлый раз вы пропустили: «пропускаю» сейчас нельзя)[/dim]")
        self.say("  [bold]слово[/bold]      → одно новое слово: «слово»")
        chains = view.chains_for("слово")
        if view.own_hints:
            self.say(
                f"  [bold]+слово[/bold]     → своя цепочка: «{escape(', '.join(chains[Mode.OWN]))}»"
            )
        if view.all_hints and view.all_hints != view.own_hints:
            chain = escape(", ".join(chains[Mode.ALL]))
            self.say(f"  [bold]++слово[/bold]    → общая цепочка: «{chain}»")
        if not view.last_own_was_pass:
            self.say("  [bold]пропускаю[/bold]  → пропустить ход")

    def guesser_prompt(self, view: GuesserView) -> None:
        """Show the person the chain to answer and the history."""
        said = [a for a in view.wrong_answers]
        self.say(
            f"[bold]Ваш ход — {seat_name(Seat(view.team, Role.GUESSER))}.[/bold] "
            f"Вы слышите: [cyan]{self.chain_text(view.utterance)}[/cyan]"
        )
        if view.hints:
            self.say(f"[dim]Наводки в игре: {escape(', '.join(view.hints))}[/dim]")
        if said:
            self.say(f"[dim]Неверные ответы: {escape(', '.join(said))}[/dim]")
        if view.last_own_was_pass:
            self.say("[dim](в прошлый раз вы пропустили: «пропускаю» сейчас нельзя)[/dim]")
