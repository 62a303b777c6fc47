"""``associatsiya check SECRET HINT``: RULES.md R5 examples, JSON shape, exit codes, bad input."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from associatsiya_ai.cli import app
from associatsiya_ai.lexicon import morph

runner = CliRunner()


@pytest.fixture(scope="module", autouse=True)
def _dictionary_loaded() -> None:
    morph()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["check", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def run_json(secret: str, hint: str) -> tuple[int, dict[str, object]]:
    code, out, _ = run(secret, hint, "--json")
    return code, json.loads(out)


# RULES.md, R5 examples: secret, hint, kinds, letters that must be named.
R5_EXAMPLES = [
    ("кошка", "кот", ["first-two"], ["ко"]),
    ("кошка", "котёнок", ["first-two"], ["ко"]),
    ("кошка", "мошка", ["last-two", "three-letters"], ["ка", "ошк", "шка"]),
    ("кошка", "собака", ["last-two"], ["ка"]),
    ("кошка", "окошко", ["three-letters"], ["ошк", "кош"]),
    ("кошка", "мышь", [], []),
    ("кошка", "питомец", [], []),
    ("молоко", "потолок", ["three-letters"], ["оло", "лок"]),
    ("молоко", "корова", [], []),
    ("самолёт", "пулемет", ["last-two"], ["ет"]),
    ("самолет", "пулемёт", ["last-two"], ["ет"]),
    ("самолёт", "крыло", [], []),
    ("рука", "реки", ["last-two"], ["ка"]),  # via the singular «река»
]


@pytest.mark.parametrize(("secret", "hint", "kinds", "letters"), R5_EXAMPLES)
def test_rules_r5_examples_json(
    secret: str, hint: str, kinds: list[str], letters: list[str]
) -> None:
    code, data = run_json(secret, hint)
    violations = data["violations"]
    assert isinstance(violations, list)
    assert [v["kind"] for v in violations] == kinds
    assert all(v["rule"] == "R5" for v in violations)
    details = " ".join(v["detail"] for v in violations)
    for pair in letters:
        assert f"«{pair}»" in details
    assert data["ok"] is (not kinds)
    assert code == (0 if not kinds else 1)


@pytest.mark.parametrize(("secret", "hint", "kinds", "letters"), R5_EXAMPLES)
def test_rules_r5_examples_human(
    secret: str, hint: str, kinds: list[str], letters: list[str]
) -> None:
    code, out, _ = run(secret, hint)
    assert code == (0 if not kinds else 1)
    first = out.splitlines()[0]
    assert first.startswith("✔" if not kinds else "✘")
    for pair in letters:
        assert f"«{pair}»" in out
    assert secret in out and hint in out


def test_human_output_marks_overlapping_letters() -> None:
    _, out, _ = run("кошка", "мошка")
    lines = out.splitlines()
    secret_line = next(i for i, line in enumerate(lines) if line.strip().endswith("кошка"))
    hint_line = next(i for i, line in enumerate(lines) if line.strip().endswith("мошка"))
    for i, word in ((secret_line, "кошка"), (hint_line, "мошка")):
        start = lines[i].index(word)
        carets = lines[i + 1]
        assert carets[start : start + 5] == " ^^^^"  # «ошка» = «ошк» + «шка» + «ка»


def test_plural_hint_shows_singular_form() -> None:
    code, out, _ = run("рука", "реки")
    assert code == 1
    assert "река" in out and "по возможности в единственном числе" in out


def test_json_shape_is_exact() -> None:
    code, out, err = run("Кошка", " Мошка ", "--json")
    data = json.loads(out)
    assert out.count("\n") == 1 and out.endswith("}\n")
    assert set(data) == {"secret", "hint", "ok", "violations"}
    assert data["secret"] == "кошка" and data["hint"] == "мошка"
    for v in data["violations"]:
        assert set(v) == {"rule", "kind", "detail"}
        assert all(isinstance(x, str) for x in v.values())
    assert "«ка»" in out  # ensure_ascii=False
    assert code == 1 and err == ""


def test_legal_hint_json() -> None:
    code, data = run_json("кошка", "мышь")
    assert (code, data) == (0, {"secret": "кошка", "hint": "мышь", "ok": True, "violations": []})


@pytest.mark.parametrize("hint", ["пропускаю", "ПРОПУСКАЮ", " Пропускаю "])
def test_pass_is_always_legal(hint: str) -> None:
    code, data = run_json("пропуск", hint)
    assert (code, data["ok"], data["violations"], data["hint"]) == (0, True, [], "пропускаю")
    code, out, _ = run("кошка", hint)
    assert code == 0 and "пропуск" in out


@pytest.mark.parametrize(
    ("hint", "kind"),
    [
        ("Кошку", "not-nominative-singular"),
        ("кошкой", "not-nominative-singular"),
        ("москва", "proper-noun"),
        ("сoбака", "mixed-script"),
        ("кресло-качалка", "hyphen"),
        ("кот1", "not-cyrillic"),
        ("кот пёс", "not-one-word"),
        ("😀", "not-cyrillic"),
        ("кот\x01", "not-cyrillic"),
        ("", "empty"),
        ("я" * 10_000, "too-long"),
        ("бежать", "not-a-noun"),
    ],
)
def test_r3_problems_on_hint(hint: str, kind: str) -> None:
    code, out, err = run("кошка", hint, "--json")
    data = json.loads(out)
    assert code == 1 and err == ""
    assert data["ok"] is False
    assert [(v["rule"], v["kind"]) for v in data["violations"]] == [("R3", kind)]
    assert len(out) < 500  # the 10,000 letters are not echoed back
    code, out, _ = run("кошка", hint)
    assert code == 1
    assert "R3" in out and len(out) < 500


def test_r3_problem_is_checked_before_consonance() -> None:
    code, data = run_json("кошка", "кошку")  # consonant too, but R3 comes first
    assert code == 1
    assert [v["rule"] for v in data["violations"]] == ["R3"]
    assert "кошка" in str(data["violations"][0]["detail"])


@pytest.mark.parametrize(
    "secret",
    ["", "пропускаю", "кошку", "москва", "кот пёс", "я" * 10_000, "12", "😀", "сoбака", "\x00"],
)
def test_bad_secret_is_a_usage_error(secret: str) -> None:
    code, out, err = run(secret, "мышь", "--json")
    assert code == 2
    assert out.count("\n") == 1 and json.loads(out) == {
        "error": json.loads(out)["error"],
        "code": 2,
    }
    assert err.startswith("Ошибка:") and err.count("\n") == 1
    assert len(err) < 300


def test_secret_must_be_a_noun_of_two_letters() -> None:
    code, _, err = run("я", "мышь")
    assert code == 2 and "я" in err


@pytest.mark.parametrize("args", [[], ["кошка"], ["кошка", "мышь", "кот"]])
def test_missing_or_extra_arguments(args: list[str]) -> None:
    code, out, _ = run(*args)
    assert code == 2
    assert "Traceback" not in out


def test_help_has_examples() -> None:
    result = runner.invoke(app, ["check", "--help"])
    assert result.exit_code == 0
    assert "associatsiya check кошка мошка" in result.stdout
    assert "R5" in result.stdout


def test_strict_rejects_words_the_dictionary_does_not_know() -> None:
    from typer.testing import CliRunner

    from associatsiya_ai.cli import app

    runner = CliRunner()
    lenient = runner.invoke(app, ["check", "кошка", "кракозябра", "--json"])
    strict = runner.invoke(app, ["check", "кошка", "кракозябра", "--json", "--strict"])
    assert lenient.exit_code == 0 and json.loads(lenient.stdout)["ok"] is True
    assert strict.exit_code == 1
    assert [v["kind"] for v in json.loads(strict.stdout)["violations"]] == ["unknown-word"]
