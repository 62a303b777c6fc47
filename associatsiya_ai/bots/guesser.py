"""The embedding guesser: answers the noun closest to the heard chain, with a frequency prior.

>>> import numpy as np
>>> from associatsiya_ai.vocab.vocabulary import Vocabulary
>>> rows = [[1.0, 0.0, 0.0], [0.8, 0.6, 0.0], [0.0, 0.0, 1.0]]  # «свет» is near «лампа»
>>> v = Vocabulary(["лампа", "свет", "кошка"], np.array(rows, dtype=np.float32))
>>> EmbeddingGuesser(v).answer_chain(["лампа"]).word
'свет'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from associatsiya_ai.bots.decision import Candidate, Decision
from associatsiya_ai.bots.levels import level_of
from associatsiya_ai.bots.scoring import GuesserParams, choose, excluded, prior, query
from associatsiya_ai.rules.game import GuesserView
from associatsiya_ai.rules.types import Mode, Utterance
from associatsiya_ai.rules.words import PASS, fold
from associatsiya_ai.vocab.vocabulary import Vocabulary

__all__ = ["EmbeddingGuesser", "heard"]


def heard(
    chain: Sequence[str], *, history: Sequence[str] = (), answers: Sequence[str] = ()
) -> GuesserView:
    """The view of a guesser who heard ``chain`` outside a game, on a first turn.

    ``history`` are earlier hints outside the chain, ``answers`` wrong answers already given.

    >>> heard(["лампа"]).chain
    ('лампа',)
    """
    new = chain[-1] if chain else PASS
    return GuesserView(
        team=2,
        utterance=Utterance(team=2, mode=Mode.SINGLE, new=new, chain=tuple(chain)),
        turns=(),
        hints=(*history, *chain),
        wrong_answers=tuple(answers),
        last_own_was_pass=False,
        turn_number=1,
    )


class EmbeddingGuesser:
    """A guesser bot: ``act(view, rng) -> Decision`` (OpenSpiel style).

    It scores every vocabulary noun by cosine to the heard chain (newest word strongest)
    and, more weakly, to the rest of the public history, plus a frequency prior. It never
    answers a spoken hint, a wrong answer already given, or a word consonant with a real
    hint of this game. Words of a chain it has no vector for are skipped; with none at all
    it falls back on the history, then the prior alone (or ``PASS`` where allowed).

    Parameters
    ----------
    vocab : Vocabulary
        The nouns it may answer.
    level : {"easy", "normal", "hard"}
        ``hard`` always answers its best candidate; lower levels sample.
    candidates : int
        How many best candidates the explanation lists.
    **params
        Overrides of :class:`GuesserParams` fields (``prior``, ``zipf_cap``, ``decay``,
        ``history``).
    """

    def __init__(
        self, vocab: Vocabulary, level: str = "normal", *, candidates: int = 10, **params: Any
    ) -> None:
        self.vocab = vocab
        self.candidates = candidates
        self.level_name = level
        self.level = level_of(level)
        self.params = replace(GuesserParams(), **params)
        self._prior = prior(vocab, self.params).astype(np.float32)
        self._plain = vocab.zipf >= self.level.min_zipf

    def __repr__(self) -> str:
        return f"EmbeddingGuesser(level={self.level_name!r}, {self.params})"

    def act(self, view: GuesserView, rng: np.random.Generator | None = None) -> Decision:
        """Answer the chain heard in ``view``.

        Returns
        -------
        Decision
            ``word`` is a vocabulary noun, or ``PASS`` only when nothing can be said
            (never twice in a row).
        """
        rng = rng if rng is not None else np.random.default_rng(0)
        chain = tuple(view.chain)
        history = [h for h in view.hints if fold(h) not in {fold(c) for c in chain}]
        return self._decide(
            chain, history, view.hints, view.wrong_answers, view.last_own_was_pass, rng
        )

    def answer_chain(
        self,
        chain: Sequence[str],
        rng: np.random.Generator | None = None,
        *,
        history: Sequence[str] = (),
        answers: Sequence[str] = (),
    ) -> Decision:
        """Answer a chain outside a game (CLI ``guess``, evaluation): see :func:`heard`."""
        return self.act(heard(chain, history=history, answers=answers), rng)

    def _decide(
        self,
        chain: tuple[str, ...],
        history: list[str],
        hints: Sequence[str],
        answers: Sequence[str],
        last_was_pass: bool,
        rng: np.random.Generator,
    ) -> Decision:
        vocab, params = self.vocab, self.params
        q, used = query(vocab, chain, history, params)
        if q is None:
            q, used = query(vocab, (), history, replace(params, history=1.0))
        banned = excluded(vocab, hints, answers)
        allowed = ~banned & self._plain
        if not allowed.any():
            allowed = ~banned
        if q is None:
            if not last_was_pass:
                return Decision(PASS, chain=chain, reason="ни одно слово цепочки не знакомо")
            values = self._prior
            reason = "слова цепочки не знакомы: самое частое слово"
        else:
            values = vocab.matrix @ q + self._prior
            heard = ", ".join(f"«{w}»" for w in used)
            to_what = "слову" if len(used) == 1 else "словам"
            reason = f"ближе всего к {to_what} {heard} (косинус + частотность)"
        order = choose(values, allowed, self.level, rng, self.candidates)
        if not order:
            if not last_was_pass:
                return Decision(PASS, chain=chain, reason="все слова исключены")
            order = choose(values, np.ones(len(vocab), dtype=bool), self.level, rng, 1)
            reason = "все слова исключены: ответ наугад"
        cands = tuple(Candidate(vocab.words[i], None, float(values[i])) for i in order)
        return Decision(vocab.words[order[0]], chain=chain, candidates=cands, reason=reason)
