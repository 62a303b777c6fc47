"""Statistics over bot-vs-bot game records: win shares with Wilson intervals, the survival
curve, chain-mode usage. Pure: numpy only, no I/O, no models.

The input is one compact *summary* per game (:func:`game_summary` makes it from a logged
game record, read with :func:`associatsiya_ai.arena.readback.replay_turns` like replay reads
it), so a report can be recomputed from a JSONL log, old or new, without replaying anything.

>>> lo, hi = wilson_interval(5, 10)
>>> round(lo, 4), round(hi, 4)
(0.2366, 0.7634)
>>> games = [
...     {"termination": "guessed", "winner": 2, "solved_turn": 1},
...     {"termination": "guessed", "winner": 1, "solved_turn": 4},
...     {"termination": "draw", "winner": None},
... ]
>>> r = summarise(games)
>>> r["wins_team1"], r["wins_team2"], r["draws"], r["first_mover_win_share"]
(1, 1, 1, 0.5)
>>> r["solved_by_turn"][:4]
[0.3333, 0.3333, 0.3333, 0.6667]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from associatsiya_ai.arena.readback import replay_turns
from associatsiya_ai.research.stats import DIGITS, Z_95, ci, share, wilson_interval
from associatsiya_ai.rules.words import PASS

__all__ = [
    "MODES",
    "N_TURNS",
    "Z_95",
    "game_summary",
    "side_figures",
    "summarise",
    "wilson_interval",
]

N_TURNS = 12
"""R1.3: 6 turns per team, 12 in a game."""

MODES = ("single", "own", "all")
"""The chain modes (R2), in the order reports list them."""


# ------------------------------------------------------------------------ per game
def game_summary(record: Mapping[str, Any]) -> dict[str, Any]:
    """The compact summary of one logged game that :func:`summarise` needs.

    Parameters
    ----------
    record : mapping
        A game record as logged (``GameRecord.to_dict()``): ``turns`` (each with
        ``utterance`` {mode, new, chain}, ``answer``, ``correct``), ``outcome``
        (``termination``, ``winner``), ``final`` (the fouling utterance), ``rejected``,
        ``bot_errors``, ``ended_by``, and optionally ``game`` (1-based), ``secret`` and
        ``sides`` ({"1": side of team 1, "2": side of team 2}).

    Returns
    -------
    dict
        ``index`` (0-based), ``secret``, ``termination`` (None if unfinished),
        ``winner``, ``turns`` (turns played), ``solved_turn`` (the turn number of the
        correct answer, else None), ``modes`` ({mode: utterances}), ``hinter_passes``,
        ``guesser_passes``, ``illegal_moves`` (rejected moves), ``bot_errors``, ``error``
        (why the game did not finish normally, else None), ``exceptions`` (messages of
        bot exceptions the arena recovered from) and ``sides``.

    Raises
    ------
    LogError
        When a turn of the record is malformed.
    """
    steps = replay_turns(record)
    turns = [s for s in steps if not s.foul]
    outcome = record.get("outcome") or {}
    termination = outcome.get("termination")
    modes = dict.fromkeys(MODES, 0)
    for step in steps:
        if step.mode in modes:
            modes[step.mode] += 1
    solved = next((s.number for s in turns if s.correct), None)
    first_turn: dict[str, bool] = {}  # each team's own first turn: did its guesser solve it?
    for s in turns:
        first_turn.setdefault(str(s.team), s.correct)
    ended_by = record.get("ended_by")
    error = None if ended_by is None else f"game ended by {ended_by}"
    if ended_by is not None and record.get("bot_errors"):
        error = f"{error}: {record['bot_errors'][-1].get('error')}"
    # The arena keeps every failed bot choice in bot_errors; the rule rejections among
    # them are also in ``rejected``, whose detail their message quotes.
    details = [str(r["detail"]) for r in record.get("rejected") or [] if r.get("detail")]
    exceptions = [
        str(e.get("error"))
        for e in record.get("bot_errors") or []
        if not any(d in str(e.get("error")) for d in details)
    ]
    game_no = record.get("game")
    return {
        "index": int(game_no) - 1 if isinstance(game_no, int) else record.get("index"),
        "secret": record.get("secret"),
        "termination": termination,
        "winner": outcome.get("winner"),
        "turns": len(turns),
        "solved_turn": solved if termination == "guessed" else None,
        "modes": modes,
        "hinter_passes": sum(1 for s in steps if s.new == PASS),
        "guesser_passes": sum(1 for s in turns if s.answer == PASS),
        "illegal_moves": len(record.get("rejected") or []),
        "bot_errors": len(record.get("bot_errors") or []),
        "error": error,
        "exceptions": exceptions,
        "sides": dict(record.get("sides") or {}),
        "first_turn_solved": first_turn,
    }


# ------------------------------------------------------------------------ a run
def _is_completed(game: Mapping[str, Any]) -> bool:
    """A game with a real result: it did not raise and was not abandoned."""
    return not game.get("error") and game.get("termination") in ("guessed", "consonance", "draw")


def _completed(games: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    return [g for g in games if _is_completed(g)]


def summarise(
    games: Iterable[Mapping[str, Any]], *, elapsed_s: float | None = None
) -> dict[str, Any]:
    """The figures of a bot-vs-bot run.

    Shares are over *completed* games (``n``: finished with a result; a game that raised
    or was abandoned is counted in ``errors`` and left out of every share).

    Parameters
    ----------
    games : iterable of mapping
        Per-game summaries (:func:`game_summary`); only ``termination``, ``winner`` and
        ``solved_turn`` are required, the other keys count as 0 when absent.
    elapsed_s : float, optional
        Wall time of the run, for ``games_per_s``.

    Returns
    -------
    dict
        ``games`` (all), ``n`` (completed), ``wins_team1``, ``wins_team2``, ``draws``,
        ``win_share_team1/2``, ``draw_share`` and their 95% Wilson intervals
        ``wins_team1_ci``, ``wins_team2_ci``, ``draws_ci`` ([lo, hi]);
        ``first_mover_win_share``: the share of *decided* games won by team 2, which
        moves first (R1), with ``first_mover_win_share_ci``; ``solved_by_turn``: 12
        cumulative shares, the share of games guessed by turn k = 1..12 (one minus the
        survival curve); ``mean_turns_to_solve`` (over guessed games); ``terminations``;
        ``chain_modes`` ({single, own, all}: utterances); ``passes`` (hinter + guesser,
        also split as ``hinter_passes``, ``guesser_passes``); ``fouls`` (games lost by a
        consonant hint); ``illegal_moves`` (rejected bot moves); ``bot_errors`` (failed
        bot choices, rejected or raised); ``errors``: games in which something raised
        (caught by the arena or not) or that were abandoned, with ``error_messages``
        (distinct, first 10);
        ``games_per_s`` (None without ``elapsed_s``). Shares are None when ``n`` is 0.
    """
    games = list(games)
    done = _completed(games)
    n = len(done)
    terminations = {"guessed": 0, "consonance": 0, "draw": 0}
    for g in done:
        terminations[g["termination"]] += 1
    wins = {1: 0, 2: 0}
    for g in done:
        if g.get("winner") in wins:
            wins[g["winner"]] += 1
    draws = terminations["draw"]
    decided = wins[1] + wins[2]

    solved = np.array(
        [g["solved_turn"] for g in done if g.get("solved_turn") is not None], dtype=np.int64
    )
    per_turn = np.bincount(solved, minlength=N_TURNS + 1)[1 : N_TURNS + 1]
    by_turn = np.cumsum(per_turn) / n if n else np.zeros(N_TURNS)

    modes = dict.fromkeys(MODES, 0)
    for g in games:
        for mode, count in (g.get("modes") or {}).items():
            if mode in modes:
                modes[mode] += int(count)
    hinter_passes = sum(int(g.get("hinter_passes", 0)) for g in games)
    guesser_passes = sum(int(g.get("guesser_passes", 0)) for g in games)
    errored = [g for g in games if not _is_completed(g) or g.get("exceptions")]
    messages: list[str] = []
    for g in errored:
        found = list(g.get("exceptions") or [])
        if not _is_completed(g):
            found.insert(0, str(g.get("error") or f"unfinished game ({g.get('termination')})"))
        messages.extend(m for m in found if m not in messages)

    return {
        "games": len(games),
        "n": n,
        "wins_team1": wins[1],
        "wins_team2": wins[2],
        "draws": draws,
        "win_share_team1": share(wins[1], n),
        "win_share_team2": share(wins[2], n),
        "draw_share": share(draws, n),
        "wins_team1_ci": ci(wins[1], n),
        "wins_team2_ci": ci(wins[2], n),
        "draws_ci": ci(draws, n),
        "first_mover_win_share": share(wins[2], decided),
        "first_mover_win_share_ci": ci(wins[2], decided),
        "solved_by_turn": [round(float(x), DIGITS) for x in by_turn],
        "mean_turns_to_solve": round(float(solved.mean()), DIGITS) if solved.size else None,
        "terminations": terminations,
        "chain_modes": modes,
        "passes": hinter_passes + guesser_passes,
        "hinter_passes": hinter_passes,
        "guesser_passes": guesser_passes,
        "fouls": terminations["consonance"],
        "illegal_moves": sum(int(g.get("illegal_moves", 0)) for g in games),
        "bot_errors": sum(int(g.get("bot_errors", 0)) for g in games),
        "errors": len(errored),
        "error_messages": messages[:10],
        "games_per_s": round(len(games) / elapsed_s, 3) if elapsed_s else None,
    }


def side_figures(games: Iterable[Mapping[str, Any]], side: str) -> dict[str, Any]:
    """Wins, losses, draws and fouls of one side of a match (R8) over completed games.

    Each summary's ``sides`` maps the team numbers ``"1"``/``"2"`` to the side that played
    them in that game (the setter alternates, so a side plays both teams).

    Returns
    -------
    dict
        ``games`` (completed games the side played), ``wins``, ``losses``, ``draws``,
        ``fouls`` (games it lost by a consonant hint), ``win_share`` and ``win_share_ci``,
        ``first_turn_solved`` (the share of its teams' first turns its guesser solved,
        over the games where it had one) and its interval.
    """
    wins = losses = draws = fouls = played = 0
    first_turns = first_solved = 0
    for g in _completed(list(games)):
        sides = g.get("sides") or {}
        team = next((int(t) for t, s in sides.items() if s == side), None)
        if team is None:
            continue
        played += 1
        own_first = (g.get("first_turn_solved") or {}).get(str(team))
        if own_first is not None:
            first_turns += 1
            first_solved += bool(own_first)
        winner = g.get("winner")
        if winner is None:
            draws += 1
        elif winner == team:
            wins += 1
        else:
            losses += 1
            if g.get("termination") == "consonance":
                fouls += 1
    return {
        "games": played,
        "wins": wins,
        "losses": losses,
        "draws": draws,
        "fouls": fouls,
        "win_share": share(wins, played),
        "win_share_ci": ci(wins, played),
        "first_turn_solved": share(first_solved, first_turns),
        "first_turn_solved_ci": ci(first_solved, first_turns),
    }
