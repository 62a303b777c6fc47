"""The hinter's fast paths give the very numbers of the plain computations."""

from __future__ import annotations

import numpy as np
from fakes import FakeLexicon, tiny_vocabulary

from associatsiya_ai.bots import EmbeddingHinter
from associatsiya_ai.bots.hinter_chains import secret_chances, weigh_chains
from associatsiya_ai.bots.people import PeopleModel, PeopleWeights, softmax_at
from associatsiya_ai.bots.people.features import Heard
from associatsiya_ai.bots.people.pool import key_of, pooled
from associatsiya_ai.bots.people.tables import precompute
from associatsiya_ai.bots.scoring import excluded
from associatsiya_ai.rules.game import Game, Mode
from associatsiya_ai.rules.words import fold

WEIGHTS = {"cos": 6.0, "cos2": -2.0, "fwd": -0.4, "rev": -0.3, "zipf": 0.5, "length": -0.1}
LEX = FakeLexicon()


def model() -> PeopleModel:
    vocab = tiny_vocabulary()
    weights = PeopleWeights(WEIGHTS, 0.9, sharpness=0.4, bot_discount=0.6)
    return PeopleModel(vocab, precompute(vocab, wordnet=False), weights)


def plain_add_up(
    m: PeopleModel, heard: list[Heard], alone: dict[int | str, np.ndarray]
) -> np.ndarray:
    """One query's logits added up on its own, term by term, in float32."""
    static = m.static.astype(np.float32)
    total = sum(h.weight for h in heard)
    person, bot = total ** (m.weights.sharpness - 1.0), 1.0 / total
    z = np.zeros_like(static)
    for h in heard:
        scale = (bot if h.by_bot else person) * h.weight * h.strength
        z += (alone[key_of(h)] - static) * np.float32(scale)
    z += static
    return z


def test_pooled_queries_are_each_added_up_on_its_own_bit_for_bit() -> None:
    """Queries of different lengths, person's and bot's words, a word outside the
    vocabulary: every row is the query's own plain sum."""
    m = model()
    queries = [
        (["хвост", "кошка"], ("дом",), ()),
        (["вода", "кошка"], ("дом", "хвост"), {"вода"}),
        (["рыба"], (), {"рыба"}),
        (["кошка", "хвост", "рыба", "вода"], ("небо",), ()),
        (["кошка"], ("дом", "вода")),
    ]
    heards = [m.heard(*query) for query in queries]
    alone = m._alone_of([h for heard in heards for h in heard])
    got = pooled(heards, alone, m.static.astype(np.float32), m.weights)
    assert got.shape == (len(queries), len(m.vocab.words)) and got.dtype == np.float32
    for heard, row in zip(heards, got, strict=True):
        assert row.tobytes() == plain_add_up(m, heard, alone).tobytes()
    many = m.logits_many(queries)
    assert all(z is not None and z.tobytes() == r.tobytes() for z, r in zip(many, got, strict=True))


def test_secret_chances_are_softmax_at_of_the_dense_masks() -> None:
    rng = np.random.default_rng(5)
    z = rng.normal(0, 3, (6, 50)).astype(np.float32)
    banned = [rng.choice(50, int(rng.integers(0, 20))) for _ in range(6)]
    banned = [b[b != 7] for b in banned]
    masks = np.zeros(z.shape, bool)
    for r, rows in enumerate(banned):
        masks[r, rows] = True
    got = secret_chances(z, banned, 7)
    assert got.tobytes() == softmax_at(z, masks, 7).tobytes()


def plain_weighing(hinter: EmbeddingHinter, view, cand, modes, secret):  # type: ignore[no-untyped-def]
    """The chain modes weighed query by query, with dense masks (the former code)."""
    vocab, people = hinter.vocab, hinter.people
    banned0 = excluded(vocab, view.all_hints, [turn.answer for turn in view.turns])
    said = [(h, fold(h)) for h in view.all_hints]
    out = []
    for c in cand:
        for mode, earlier in modes:
            in_chain = {fold(w) for w in earlier} | {vocab.folded[c]}
            history = [h for h, key in said if key not in in_chain]
            z = people.logits((*earlier, vocab.words[c]), history)
            banned = banned0 | vocab.consonant_mask(vocab.words[c])
            banned[c] = True
            if z is not None and not banned[secret]:
                p = float(softmax_at(z[None], banned[None], secret)[0])
                out.append((c, mode, float(np.log(max(p, 1e-300)))))
    return out


def test_weighed_chains_are_the_plain_weighing() -> None:
    """Mid-game, after wrong answers: every candidate in every chain mode gets the very
    ln P of its own query and softmax."""
    vocab = tiny_vocabulary()
    hinter = EmbeddingHinter(vocab, "hard", checker=LEX)
    game = Game("кошка", LEX)
    for hint, mode, answer in (("хвост", Mode.SINGLE, "рыба"), ("мышь", Mode.ALL, "сыр")):
        game.say(hint, mode)
        game.answer(answer)
    view = game.hinter_view()
    secret = vocab.index["кошка"]
    modes = [(m, tuple(w)) for m, w in view.chains_for(None).items()]
    cand = np.array([vocab.index[w] for w in ("усы", "молоко", "дом", "вода")])
    got = weigh_chains(hinter.people, view, cand, modes, secret)
    assert len(got) >= 6
    assert got == plain_weighing(hinter, view, cand, modes, secret)


def linked_model() -> PeopleModel:
    """The tiny model with dictionary links, glosses and association lists."""
    from fakes import linked_tiny_tables

    tiny, tables = linked_tiny_tables()
    weights = {**WEIGHTS, "syn": 0.7, "hyper": 0.5, "gloss": 1.2, "glossed": 0.8,
               "gloss_fwd": 0.4, "glossed_rev": 0.3, "mutual": -0.9, "said1": 2.0,
               "said_cos": -1.3, "hinted1": 0.9}  # fmt: skip
    return PeopleModel(tiny, tables, PeopleWeights(weights, 0.9))


def plain_secret_given_hints(m: PeopleModel, secret: int) -> np.ndarray:
    """The dense formula and the secret's links read back, relation by relation."""
    from associatsiya_ai.bots.people.features import LINKED, SAID_COS, log_rank
    from associatsiya_ai.bots.people.mix import said_rows, single_terms
    from associatsiya_ai.bots.people.tables import CONVERSE

    w, tables, matrix = m.w, m.tables, m.vocab.matrix
    c = np.float32(0) + matrix @ matrix[secret]
    fwd = log_rank(c, tables.quantiles)
    rev = log_rank(c, tables.quantiles[secret])
    z = c * (w[0] + w[1] * c) + m.static[secret] + w[2] * fwd + w[3] * rev
    for k, back in enumerate(CONVERSE):
        z[tables.linked(back, secret)] += w[LINKED.start + k]
    at, const, by_fwd, by_rev = single_terms(tables, secret, w, converse=True)
    z[at] += const + by_fwd * fwd[at] + by_rev * rev[at]
    said = said_rows(tables, secret, converse=True)
    z[said] += w[SAID_COS] * c[said]
    out: np.ndarray = z.astype(np.float64) - m.log_partitions()
    return out


def test_secret_given_hints_with_kept_terms_are_the_plain_formula_bit_for_bit() -> None:
    """The secret's links and lists, gathered once per secret and kept across
    :meth:`PeopleModel.forget`, give the very floats of the plain formula."""
    m = linked_model()
    linked = 0
    for secret in range(len(m.vocab.words)):
        expected = plain_secret_given_hints(m, secret)
        for _ in range(2):  # gathered, then kept
            m.forget()
            assert m.secret_given_hints(secret).tobytes() == expected.tobytes()
        linked += len(m._secret_terms[secret].linked)
    assert linked > 0 and len(m._secret_terms) == len(m.vocab.words)


def plain_ranking_terms(m: PeopleModel, secret: int) -> np.ndarray:
    """The ranking terms column by column, as first written."""
    from associatsiya_ai.bots.hinter_terms import _HINTED, _SAID, HINTER_TERMS, secret_sense

    vocab, tables = m.vocab, m.tables
    n = len(vocab.words)
    out = np.zeros((n, len(HINTER_TERMS)))
    out[:, 0] = vocab.zipf
    sense = secret_sense(m, secret)
    c = np.zeros(n) if sense is None else (vocab.matrix @ sense).astype(np.float64)
    out[:, 1] = c
    out[:, 2] = -np.clip(np.asarray(vocab.news, np.float64), 0.0, None) * (1.0 - np.clip(c, 0, 1))
    for k, relation in enumerate(_HINTED):
        out[tables.linked(relation, secret), 3 + k] = 1.0
    for relation in _SAID:
        out[tables.linked(relation, secret), 6] = 1.0
    return out


def test_kept_ranking_terms_are_the_plain_terms_bit_for_bit() -> None:
    """Made again for the same secret (its sense and lists kept) or another, with a sense
    or without: the very floats of the plain columns."""
    from associatsiya_ai.bots.hinter_terms import RankingTerms, ranking_terms

    m = linked_model()
    m.vocab.news = np.linspace(-1.0, 1.0, len(m.vocab.words)).astype(np.float32)
    maker = RankingTerms(m)
    for secret in [*range(len(m.vocab.words)), 0, 3]:
        expected = plain_ranking_terms(m, secret)
        assert maker.terms(secret).tobytes() == expected.tobytes()
        assert ranking_terms(m, secret).tobytes() == expected.tobytes()


def test_padded_cosines_are_the_plain_product_bit_for_bit() -> None:
    """The product padded to a multiple of four rows gives each row the very floats of the
    plain product (OpenBLAS computes every number alike whatever the other rows)."""
    from associatsiya_ai.bots.people.pool import cosines

    rng = np.random.default_rng(4)
    matrix = np.asfortranarray(rng.normal(0, 1, (1500, 300)).astype(np.float32))
    for k in range(2, 11):
        vectors = [matrix[i] for i in rng.choice(1500, k, replace=False)]
        got = cosines(matrix, vectors)
        assert got.shape == (k, 1500) and got.flags.c_contiguous
        assert got.tobytes() == (np.stack(vectors) @ matrix.T).tobytes()
