"""The guesser: answers as a person would, drawing from the human-response model.

The model (:mod:`associatsiya_ai.bots.people`) gives P(answer | chain, history) for every
vocabulary noun; the level sets how sharply the guesser draws from it (``hard``: the
likeliest answer; ``normal``: about as often right as a person; ``easy``: weaker).

>>> import numpy as np
>>> from associatsiya_ai.vocab.vocabulary import Vocabulary
>>> rows = [[1.0, 0.0, 0.0], [0.8, 0.6, 0.0], [0.0, 0.0, 1.0]]  # «свет» is near «лампа»
>>> v = Vocabulary(["лампа", "свет", "кошка"], np.array(rows, dtype=np.float32))
>>> EmbeddingGuesser(v, "hard").answer_chain(["лампа"]).word
'свет'
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from associatsiya_ai.bots.decision import Candidate, Decision, percent
from associatsiya_ai.bots.levels import level_of
from associatsiya_ai.bots.people import PeopleModel, softmax
from associatsiya_ai.bots.people.draw import (
    draw_at,
    level_logits,
    level_probabilities,
    masked_support,
)
from associatsiya_ai.bots.people.settle import likeliest, settle, total_of
from associatsiya_ai.bots.scoring import excluded, exclusions
from associatsiya_ai.rules.game import GuesserView
from associatsiya_ai.rules.types import Mode, Utterance
from associatsiya_ai.rules.words import PASS, WordChecker, fold
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

    It reads P(answer | chain, history) off the human-response model and draws its answer
    at the level's sharpness. It never answers a spoken hint, a wrong answer already given,
    or a word consonant with a real hint of this game (those get probability 0). Words it
    has no vector for are skipped (the earlier hints outside the chain are heard too); with
    none at all it falls back on the words' own prior (or ``PASS`` where allowed).

    Parameters
    ----------
    vocab : Vocabulary
        The nouns it may answer.
    level : {"easy", "normal", "hard"}
        ``hard`` answers the likeliest word; lower levels draw (``people/weights.json``).
    candidates : int
        How many likeliest answers the explanation lists.
    people : PeopleModel, optional
        The human-response model (made once per vocabulary when omitted).
    partner_is_bot, opponents_are_bots : bool
        Whether its own team's hinter, and the other team's, is a bot of the same model. The
        words such a hinter chose are heard discounted (the optimizer's curse: they were
        picked where the model is most optimistic); a person's words at full strength.
    checker : WordChecker, optional
        The word checker of the game (R3). A hint said in the plural («иголки», accepted
        under R3 where a singular exists) is heard as its singular when only that is in the
        vocabulary: the embedding of a rare plural form is far from what people hear in it.
        Without a checker, words are heard as said.
    """

    def __init__(
        self,
        vocab: Vocabulary,
        level: str = "normal",
        *,
        candidates: int = 10,
        people: PeopleModel | None = None,
        partner_is_bot: bool = False,
        opponents_are_bots: bool = False,
        checker: WordChecker | None = None,
    ) -> None:
        from associatsiya_ai.bots.people.cache import people_model

        level_of(level)  # a ValueError naming the choices
        self.vocab = vocab
        self.candidates = candidates
        self.level_name = level
        self.people = people if people is not None else people_model(vocab)
        self.partner_is_bot = partner_is_bot
        self.opponents_are_bots = opponents_are_bots
        self.checker = checker
        self._heard_as: dict[str, str] = {}

    def heard_as(self, word: str) -> str:
        """The word the model hears for ``word``: itself, or the singular of a plural said
        (see ``checker``) when the plural is not in the vocabulary and the singular is."""
        index = self.vocab.index
        if self.checker is None or fold(word) in index:
            return word
        hit = self._heard_as.get(word)
        if hit is None:
            singular = self.checker.analyse(word).singular
            hit = singular if singular is not None and fold(singular) in index else word
            self._heard_as[word] = hit
        return hit

    def __repr__(self) -> str:
        return f"EmbeddingGuesser(level={self.level_name!r})"

    def bot_words(self, view: GuesserView) -> set[str]:
        """The folded hints of ``view`` chosen by a bot of this model: each hint's author
        is the team whose utterance first said it (the game's record)."""
        out: set[str] = set()
        said: set[str] = set()
        for u in (*(t.utterance for t in view.turns), view.utterance):
            key = fold(u.new)
            if u.is_pass or key in said:
                continue
            said.add(key)
            own = u.team == view.team
            if (self.partner_is_bot and own) or (self.opponents_are_bots and not own):
                out.add(key)
        return out

    def act(self, view: GuesserView, rng: np.random.Generator | None = None) -> Decision:
        """Answer the chain heard in ``view``.

        Returns
        -------
        Decision
            ``word`` is a vocabulary noun, or ``PASS`` only when nothing can be said
            (never twice in a row); ``candidates`` are the likeliest answers of a person,
            most likely first, with their probabilities.
        """
        return self._act(view, self.bot_words(view), rng)

    def _act(self, view: GuesserView, bot: set[str], rng: np.random.Generator | None) -> Decision:
        """:meth:`act` with the folded words chosen by a bot of this model given."""
        rng = rng if rng is not None else np.random.default_rng(0)
        chain = tuple(view.chain)
        in_chain = {fold(c) for c in chain}
        history = [h for h in view.hints if fold(h) not in in_chain]
        banned, none_left = exclusions(self.vocab, view.hints, view.wrong_answers)
        return self._decide(chain, history, bot, banned, none_left, view.last_own_was_pass, rng)

    def answer_chain(
        self,
        chain: Sequence[str],
        rng: np.random.Generator | None = None,
        *,
        history: Sequence[str] = (),
        answers: Sequence[str] = (),
        by_bot: bool = False,
    ) -> Decision:
        """Answer a chain outside a game (CLI ``guess``, evaluation): see :func:`heard`.

        The words are a person's unless ``by_bot`` (all chosen by a bot of this model),
        whatever this guesser's seat.
        """
        bot = {fold(w) for w in (*history, *chain)} if by_bot else set()
        return self._act(heard(chain, history=history, answers=answers), bot, rng)

    def distribution(
        self,
        chain: Sequence[str],
        history: Sequence[str] = (),
        answers: Sequence[str] = (),
        *,
        fallback: bool = False,
        by_bot: bool = False,
    ) -> tuple[np.ndarray, np.ndarray] | None:
        """(P, q the guesser draws from) over the vocabulary for a heard chain.

        Both shape (n,) float64 summing to 1, 0 on excluded words; P is a person's when the
        words are a person's. ``by_bot``: every heard word was chosen by a bot of this model
        (heard discounted, as in :meth:`act`). When no heard word has a vector: None, or
        with ``fallback`` the words' own prior (what :meth:`act` answers from). Used by
        ``evaluate`` (calibration, sampled agreement, partner success, chains).
        """
        banned = excluded(self.vocab, [*history, *chain], answers)
        chain = [self.heard_as(w) for w in chain]
        history = [self.heard_as(w) for w in history]
        bot = {fold(w) for w in (*history, *chain)} if by_bot else set()
        z = self.people.logits(chain, history, bot)
        if z is None and fallback:
            z = self.people.static.astype(np.float32)
        if z is None or banned.all():
            return None
        return softmax(z, banned), self.people.level_distribution(z, banned, self.level_name)

    def _decide(
        self,
        chain: tuple[str, ...],
        history: list[str],
        bot: set[str],
        banned: np.ndarray,
        none_left: bool,
        last_was_pass: bool,
        rng: np.random.Generator,
    ) -> Decision:
        people = self.people
        # what it hears (a plural as its singular); bans and the record keep what was said
        heard, earlier = [self.heard_as(w) for w in chain], [self.heard_as(w) for w in history]
        if bot:
            bot = bot | {
                fold(h)
                for h, w in zip((*heard, *earlier), (*chain, *history), strict=True)
                if fold(w) in bot
            }
        muted = [w for w in (*chain, *history) if fold(w) in bot]
        z = people.logits(heard, earlier, bot)  # None: no chain word nor earlier hint is known
        if z is None:
            if not last_was_pass:
                why = "ни одно слово цепочки не знакомо" if chain else "наводок ещё не было"
                return Decision(PASS, chain=chain, reason=why)
            z = people.static.astype(np.float32)
        if none_left:
            if not last_was_pass:
                return Decision(PASS, chain=chain, reason="все слова исключены")
            banned = np.zeros_like(banned)
        draw = people.level_draw(self.level_name)
        e, support, near = masked_support(z, banned, draw, self.candidates)
        np.exp(e, out=e)  # softmax(z, banned) = e / e.sum(), the same floats, in place
        # hard: the likeliest word, no draw; else rng.choice(n, p=level_distribution(...)),
        # from the level's words (one: its likeliest, drawn)
        k, n, temperature = self.candidates, len(e), draw.temperature
        u = None if self.level_name == "hard" else rng.random()
        drawn = u is not None and not (temperature <= 0 or draw.top_k == 1)
        terms = None
        if drawn and temperature != 1.0:
            x = level_logits(z, banned, support) / temperature
            terms = np.exp(x - x.max())
        settled = settle(e, z, support, k, terms, u if drawn else None)
        if settled is not None:
            rows, scores, probs, j, total, chance = settled
        else:  # ties, or without the compiled pass
            total = total_of(e)
            at_support = e[support]
            top = likeliest(e, support, k, near, at_support)
            rows = top.tolist()
            scores = z[top].tolist()  # float32 to float: exact
            probs = (e[top] / total).tolist()
            j = 0
            if drawn and u is not None:
                level = level_logits(z, banned, support)
                q = level_probabilities(level, support, n, temperature, e, at_support)
                j = draw_at(q, u)  # (e was the sum's buffer)
            chance = float(at_support[j] / total)
        pick = int(support[j])
        words = self.vocab.words
        cands = tuple(
            Candidate(words[i], None, s, p) for i, s, p in zip(rows, scores, probs, strict=True)
        )
        reason = "ответ по модели того, что отвечают люди на эту цепочку"
        if pick != rows[0]:
            reason += f" (шанс ответа «{words[pick]}» — {percent(chance)})"
        if muted:  # why its chances are lower than the bot hinter's for the same chain
            reason += (
                f"; к словам бота ({', '.join(muted)}) бот-отгадывающий относится осторожнее: "
                "бот-наводящий берёт те, в которых модель уверена больше, чем люди"
            )
        return Decision(words[pick], chain=chain, candidates=cands, reason=reason)
