"""The R3 verdict on a word: the form (:mod:`.form`), then pymorphy3's readings (:mod:`.parses`).

:func:`verdict` is memoised per input text and strictness. A rejected word gets one
violation, with the form to say instead when there is one that itself passes R3 («кошку»
→ «кошка»); an accepted word gets its display spelling, lemma(s) and notices (a plural
where a singular exists, an unknown word taken as a noun, a reading chosen over a likelier
one).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from associatsiya_ai.lexicon.form import form_problem, shorten
from associatsiya_ai.lexicon.parses import (
    is_accepted_parse,
    is_common_noun,
    is_noun,
    is_proper,
    morph,
    nominative,
)
from associatsiya_ai.rules.words import Violation, WordVerdict, fold

__all__ = ["verdict"]

# Singular forms the dictionary marks as non-standard: «деньга» is not the singular of «деньги».
_MARGINAL = frozenset({"Infr", "Arch", "Dist", "Erro", "Slng"})


def _passing_nominative(common: list[Any], word: str, strict: bool) -> str | None:
    """The first nominative form of a common-noun parse that itself passes R3 and is known.

    A suggestion must be accepted when the player types it back: «света» → «свет», never a
    proper name, an adjective or a form the dictionary does not know.
    """
    for p in common:
        form = nominative(p)
        if form is None or fold(form.word) == fold(word):
            continue
        judged = verdict(form.word, strict, False)
        if judged.ok and judged.known:
            return str(form.word)
    return None


def _mixed_script_fix(problem: Violation, fixed: str, strict: bool) -> Violation:
    """Keep a look-alike letters' fix only when it passes R3 (or suggest its nominative)."""
    judged = verdict(fixed, strict)
    if judged.ok:
        return problem
    then = judged.problems[0].suggestion
    head = problem.detail.rsplit("; нужно «", 1)[0]
    if then is not None:
        detail = f"{head}; русскими буквами «{fixed}», а нужно «{then}»"
        return Violation("R3", "mixed-script", detail, suggestion=then)
    detail = f"{head}; русскими буквами «{fixed}»: {judged.problems[0].detail}"
    return Violation("R3", "mixed-script", detail)


@lru_cache(maxsize=65536)
def verdict(raw: str, strict: bool, suggest: bool = True) -> WordVerdict:
    """The R3 verdict on ``raw`` (trimmed and normalised by the caller), memoised.

    Parameters
    ----------
    raw : str
        The word as typed, NFC, without stress marks (lower-cased here).
    strict : bool
        Reject a word the dictionary does not know (``unknown-word``).
    suggest : bool
        Look for the nominative to say instead (off while checking a suggestion itself).
    """
    word = raw.lower()
    problem = form_problem(raw, word)
    if problem is not None and problem.kind == "mixed-script" and problem.suggestion:
        problem = _mixed_script_fix(problem, problem.suggestion, strict)
    if problem is not None:
        return _rejected(word, False, problem)
    parses = morph().parse(word)
    known = any(p.is_known for p in parses)
    shown = shorten(word)
    unknown = Violation("R3", "unknown-word", f"слова «{shown}» нет в словаре")
    if strict and not known:
        return _rejected(word, known, unknown)
    nouns = [p for p in parses if is_noun(p)]
    nominative = [p for p in nouns if "nomn" in p.tag]
    accepted = [p for p in parses if is_accepted_parse(p)]
    if not accepted:
        common = [p for p in nouns if not is_proper(p)]
        fix = _passing_nominative(common, word, strict) if suggest and known else None
        if fix is not None:
            detail = f"«{shown}» — не в именительном падеже: скажите «{fix}»"
            violation = Violation("R3", "not-nominative-singular", detail, suggestion=fix)
            return _rejected(word, known, violation)
        if not known:  # a guess at a word nobody knows: say so, suggest nothing
            return _rejected(word, known, unknown)
        if nominative or (nouns and all(is_proper(p) for p in nouns)):
            detail = f"«{shown}» — имя собственное, нужно нарицательное существительное"
            return _rejected(word, known, Violation("R3", "proper-noun", detail))
        if common:
            detail = f"«{shown}» — не в именительном падеже"
            return _rejected(word, known, Violation("R3", "not-nominative-singular", detail))
        detail = f"«{shown}» — не существительное"
        return _rejected(word, known, Violation("R3", "not-a-noun", detail))
    singular_parses = [p for p in accepted if "plur" not in p.tag]
    plural_only = [p for p in accepted if "Pltm" in p.tag]
    preferred = (singular_parses or plural_only or accepted)[0]
    notices: list[str] = []
    singular = None
    if not singular_parses and not plural_only:
        form = preferred.inflect({"nomn", "sing"})
        if form is not None and _MARGINAL.isdisjoint(form.tag.grammemes):
            singular = fold(form.word) if fold(form.word) != fold(word) else None
            if singular:
                notices.append(f"по возможности в единственном числе: {form.word}")
    if not known:
        notices.append(f"слова «{shown}» нет в словаре: принято как существительное")
    elif preferred.word != word:  # «лет» → «лёт»: say which reading was taken, and why
        likelier = next(
            (
                p
                for p in parses
                if p.score > preferred.score
                and is_common_noun(p)
                and fold(p.normal_form) != fold(preferred.normal_form)
            ),
            None,
        )
        if likelier is not None:
            notices.append(
                f"«{shown}» принято как «{preferred.word}» в именительном падеже "
                f"(не как форма слова «{likelier.normal_form}»)"
            )
    return WordVerdict(
        word=word,
        display=preferred.word if known else word,
        lemma=fold(preferred.normal_form),
        lemmas=frozenset(fold(p.normal_form) for p in accepted),
        singular=singular,
        notices=tuple(notices),
        known=known,
    )


def _rejected(word: str, known: bool, violation: Violation) -> WordVerdict:
    return WordVerdict(word=word, display=word, lemma="", problems=(violation,), known=known)
