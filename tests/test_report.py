"""Report arithmetic on hand-made game records: Wilson intervals, survival curve, shares."""

from __future__ import annotations

import itertools
import math

import pytest

from associatsiya_ai.research.report import (
    N_TURNS,
    game_summary,
    side_figures,
    summarise,
    wilson_interval,
)
from associatsiya_ai.rules.words import PASS


# ------------------------------------------------------------------------ Wilson
@pytest.mark.parametrize(
    ("k", "n", "lo", "hi"),
    [
        # Known values (Newcombe 1998, method 3; the same as statsmodels
        # proportion_confint(method="wilson")).
        (0, 10, 0.0, 0.27753),
        (5, 10, 0.23659, 0.76341),
        (10, 10, 0.72247, 1.0),
        (1, 10, 0.01788, 0.40415),
        (81, 263, 0.25529, 0.36621),
    ],
)
def test_wilson_known_values(k: int, n: int, lo: float, hi: float) -> None:
    got = wilson_interval(k, n)
    assert got[0] == pytest.approx(lo, abs=5e-5)
    assert got[1] == pytest.approx(hi, abs=5e-5)


def test_wilson_matches_scipy() -> None:
    stats = pytest.importorskip("scipy.stats")
    for k, n in [(0, 3), (2, 3), (7, 40), (199, 200), (123, 457)]:
        ci = stats.binomtest(k, n).proportion_ci(method="wilson")
        assert wilson_interval(k, n) == pytest.approx((ci.low, ci.high), abs=1e-12)


def test_wilson_properties() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    for n in (1, 7, 50, 1000):
        for k in range(0, n + 1, max(1, n // 7)):
            lo, hi = wilson_interval(k, n)
            assert 0.0 <= lo <= k / n <= hi <= 1.0
            # symmetric: k of n and n-k of n mirror each other
            lo2, hi2 = wilson_interval(n - k, n)
            assert lo == pytest.approx(1 - hi2) and hi == pytest.approx(1 - lo2)
    # narrower with more data
    assert (lambda a, b: a[1] - a[0] > b[1] - b[0])(
        wilson_interval(5, 10), wilson_interval(50, 100)
    )
    # wider at 99% than at 95%
    assert wilson_interval(5, 10, z=2.5758)[0] < wilson_interval(5, 10)[0]


@pytest.mark.parametrize(("k", "n"), [(-1, 5), (6, 5), (0, -1)])
def test_wilson_rejects_bad_counts(k: int, n: int) -> None:
    with pytest.raises(ValueError):
        wilson_interval(k, n)


# ------------------------------------------------------------------------ summaries
def _g(termination: str | None, winner: int | None, solved: int | None = None, **kw):
    return {"termination": termination, "winner": winner, "solved_turn": solved, **kw}


GAMES = [
    _g("guessed", 2, 1, modes={"single": 1, "own": 0, "all": 0}),
    _g("guessed", 1, 2, modes={"single": 1, "own": 0, "all": 1}),
    _g("guessed", 2, 3, modes={"single": 2, "own": 1, "all": 0}, hinter_passes=1),
    _g("guessed", 2, 3, guesser_passes=2),
    _g("consonance", 1, None),  # team 2 fouled
    _g("draw", None, None, illegal_moves=1),
    _g("guessed", 1, 12),
    _g(None, None, None, error="RuntimeError: boom"),
]


def test_counts_and_shares() -> None:
    r = summarise(GAMES, elapsed_s=2.0)
    assert r["games"] == 8 and r["n"] == 7 and r["errors"] == 1
    assert r["error_messages"] == ["RuntimeError: boom"]
    assert (r["wins_team1"], r["wins_team2"], r["draws"]) == (3, 3, 1)
    assert r["win_share_team1"] == pytest.approx(3 / 7, abs=1e-4)
    assert r["draw_share"] == pytest.approx(1 / 7, abs=1e-4)
    assert r["wins_team1_ci"] == [round(x, 4) for x in wilson_interval(3, 7)]
    assert r["draws_ci"] == [round(x, 4) for x in wilson_interval(1, 7)]
    # first mover = team 2 (R1); share of decided games
    assert r["first_mover_win_share"] == 0.5
    assert r["first_mover_win_share_ci"] == [round(x, 4) for x in wilson_interval(3, 6)]
    assert r["fouls"] == 1 and r["illegal_moves"] == 1
    assert r["terminations"] == {"guessed": 5, "consonance": 1, "draw": 1}
    assert r["chain_modes"] == {"single": 4, "own": 1, "all": 1}
    assert (r["passes"], r["hinter_passes"], r["guesser_passes"]) == (3, 1, 2)
    assert r["games_per_s"] == 4.0


def test_survival_curve_and_mean_turns() -> None:
    r = summarise(GAMES)
    curve = r["solved_by_turn"]
    assert len(curve) == N_TURNS == 12
    expected = [1, 2, 4, 4, 4, 4, 4, 4, 4, 4, 4, 5]
    assert curve == [round(k / 7, 4) for k in expected]
    assert all(a <= b for a, b in itertools.pairwise(curve))
    assert r["mean_turns_to_solve"] == pytest.approx((1 + 2 + 3 + 3 + 12) / 5)
    assert r["games_per_s"] is None


def test_empty_and_all_draws() -> None:
    r = summarise([])
    assert r["games"] == 0 and r["n"] == 0
    assert r["first_mover_win_share"] is None and r["mean_turns_to_solve"] is None
    assert r["wins_team1_ci"] == [0.0, 1.0]
    assert r["solved_by_turn"] == [0.0] * 12
    draws = summarise([_g("draw", None)] * 10)
    assert draws["draws"] == 10 and draws["draw_share"] == 1.0
    assert draws["wins_team1_ci"] == [0.0, round(wilson_interval(0, 10)[1], 4)]
    assert draws["first_mover_win_share"] is None


def test_side_figures_follow_the_alternating_setter() -> None:
    games = [
        _g("guessed", 1, 2, sides={"1": "A", "2": "B"}),  # A wins
        _g("guessed", 1, 3, sides={"1": "B", "2": "A"}),  # B wins
        _g("consonance", 2, None, sides={"1": "A", "2": "B"}),  # A fouled: B wins
        _g("draw", None, None, sides={"1": "B", "2": "A"}),
        _g(None, None, None, error="x", sides={"1": "A", "2": "B"}),  # not counted
    ]
    a, b = side_figures(games, "A"), side_figures(games, "B")
    assert (a["games"], a["wins"], a["losses"], a["draws"], a["fouls"]) == (4, 1, 2, 1, 1)
    assert (b["games"], b["wins"], b["losses"], b["draws"], b["fouls"]) == (4, 2, 1, 1, 0)
    assert b["win_share"] == 0.5
    assert b["win_share_ci"] == [round(x, 4) for x in wilson_interval(2, 4)]


# ------------------------------------------------------------------------ from a log record
def _record() -> dict:
    def turn(n: int, team: int, mode: str, new: str, answer: str, correct: bool = False):
        chain = [] if new == PASS else [new]
        return {
            "number": n,
            "team": team,
            "utterance": {"team": team, "mode": mode, "new": new, "chain": chain},
            "answer": answer,
            "correct": correct,
        }

    return {
        "game": 3,
        "secret": "кошка",
        "sides": {"1": "A", "2": "B"},
        "turns": [
            turn(1, 2, "single", "мышь", "сыр"),
            turn(2, 1, "all", PASS, PASS),
            turn(3, 2, "own", "хвост", "кошка", correct=True),
        ],
        "outcome": {"termination": "guessed", "winner": 2, "loser": 1},
        "final": None,
        "rejected": [{"seat": "1-hinter", "rule": "R4", "detail": "наводка «мышь» уже звучала"}],
        "bot_errors": [{"seat": "1-hinter", "error": "«мышь»: R4: наводка «мышь» уже звучала"}],
        "ended_by": None,
    }


def test_game_summary_of_a_logged_record() -> None:
    s = game_summary(_record())
    assert s["index"] == 2 and s["secret"] == "кошка"
    assert (s["termination"], s["winner"], s["turns"], s["solved_turn"]) == ("guessed", 2, 3, 3)
    assert s["modes"] == {"single": 1, "own": 1, "all": 1}
    assert (s["hinter_passes"], s["guesser_passes"]) == (1, 1)
    assert (s["illegal_moves"], s["bot_errors"], s["error"]) == (1, 1, None)
    assert s["exceptions"] == []
    rec = _record()
    rec["bot_errors"].append({"seat": "2-guesser", "error": "RuntimeError: boom"})
    s = game_summary(rec)
    assert s["exceptions"] == ["RuntimeError: boom"]
    r = summarise([s, s])
    assert (r["n"], r["errors"], r["error_messages"]) == (2, 2, ["RuntimeError: boom"])
    assert s["sides"] == {"1": "A", "2": "B"}


def test_game_summary_of_a_foul_and_an_abandoned_game() -> None:
    foul = _record()
    foul["turns"] = foul["turns"][:1]
    foul["outcome"] = {"termination": "consonance", "winner": 2, "loser": 1}
    foul["final"] = {"utterance": {"team": 1, "mode": "all", "new": "мошка", "chain": []}}
    s = game_summary(foul)
    assert s["solved_turn"] is None and s["modes"] == {"single": 1, "own": 0, "all": 1}
    abandoned = _record()
    abandoned["outcome"] = {"termination": "abandoned", "winner": None, "loser": None}
    abandoned["ended_by"] = "bot-error"
    s = game_summary(abandoned)
    assert s["error"] is not None and s["error"].startswith("game ended by bot-error")
    r = summarise([s])
    assert r["errors"] == 1 and r["n"] == 0
    assert not math.isnan(r["solved_by_turn"][0])
