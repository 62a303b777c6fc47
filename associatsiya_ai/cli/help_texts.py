"""The commands' help texts, said by ``--help``.

They are strings, not the commands' docstrings: ``python -OO`` (``PYTHONOPTIMIZE=2``) drops
docstrings, and ``--help`` would lose its texts. ``check`` keeps its own (``cli/check.py``).
"""

from __future__ import annotations

__all__ = [
    "BENCH_HELP",
    "BOT_VS_BOT_HELP",
    "DOWNLOAD_HELP",
    "EVALUATE_HELP",
    "GUESS_HELP",
    "HINT_HELP",
    "INDEX_HELP",
    "LIST_HELP",
    "REPLAY_HELP",
    "VS_BOT_HELP",
]

EVALUATE_HELP = """\
Качество игры бота по нормам ассоциаций людей.

См. docs/DESIGN.md, «Measuring play quality». Отгадывающий: hit@1, hit@10, agreement,
log-likelihood, calibration error, sampled_agreement, coverage. Наводящий: attested@1,
p_target, partner_success, coverage. Цепочки: как часто отгадывающий называет загаданное
на цепочку наводок человека (target_rate) против человека (person_floor, person_upper,
ratio), hit@1, log-likelihood, coverage — всего и по длине цепочки. Строка со словом вне
словаря модели считается промахом.
"""
"""``evaluate`` (:mod:`associatsiya_ai.cli.evaluate`)."""

HINT_HELP = """\
Лучшие наводки бота для загаданного слова, с режимом цепочки и оценками.

«шанс» — вероятность, что человек назовёт загаданное слово по этой наводке (модель ответов
людей); «оценка» — по ней бот выбирает: ln шанса плюс небольшие поправки (частотность
наводки, её близость к словарному смыслу загаданного, газетный жаргон, списки лучших
наводок и ассоциаций лексикона проекта).
"""
"""``hint`` (:mod:`associatsiya_ai.cli.bots`)."""

GUESS_HELP = """\
Ответы бота на цепочку наводок, с оценками.

«шанс» — вероятность, что человек ответит этим словом на цепочку (модель ответов людей);
«оценка» — её логарифм с точностью до общего слагаемого (по ней ответы упорядочены).
Каждая наводка проверяется, как сказанная в игре (R3, R4); «пропускаю» не учитывается.
"""
"""``guess`` (:mod:`associatsiya_ai.cli.bots`)."""

VS_BOT_HELP = """\
Сыграть в «Ассоциацию» в терминале: вы и бот — одна команда, против вас — два бота.
"""
"""``vs-bot`` (:mod:`associatsiya_ai.cli.play`)."""

REPLAY_HELP = """\
Разобрать записанную игру по ходам, с объяснениями ботов.

Пауза между ходами (Enter — дальше, q — выход) только в терминале; в канал или в файл
печатаются все ходы сразу.
"""
"""``replay`` (:mod:`associatsiya_ai.cli.replay`)."""

BOT_VS_BOT_HELP = """\
Сыграть игры бот против бота и показать статистику.

Сторона 1 играет против стороны 2, загадывающая сторона чередуется, как в матче (R8).
Отчёт: победы и ничьи с 95% доверительными интервалами, доля побед первого хода, кривая
выживания (доля отгаданных к ходу k), режимы цепочек, созвучия и ошибки.
"""
"""``bot-vs-bot`` (:mod:`associatsiya_ai.cli.research`)."""

BENCH_HELP = """\
Замерить скорость и память ботов (медианы повторов).

Показатели: load_s, guess_ms, hint_ms, games_per_s, peak_rss_mb и для сравнения
gensim most_similar по тем же векторам (gensim_most_similar_ms).

Отгадывающий и gensim замеряются двумя способами. В парах: решение бота и most_similar
того же слова одно за другим (кто первый — по очереди): guess_ms,
gensim_most_similar_ms и их отношение guess_ratio. Блоками: все решения бота подряд,
потом все вызовы most_similar подряд, --repeat раундов (порядок блоков чередуется):
guess_ms_blocks, gensim_ms_blocks — медианы по раундам, guess_ratio_blocks — медиана
отношений раундов. Блоками ближе к тому, как их замерил бы пользователь, но зависит от
того, остались ли векторы в кэше процессора; в парах — устойчивее.
"""
"""``bench`` (:mod:`associatsiya_ai.cli.speed`)."""

LIST_HELP = """\
Показать модель по умолчанию, известные модели для скачивания и файлы в папке моделей.

Пример: associatsiya models list --json
"""
"""``list`` (:mod:`associatsiya_ai.cli.models`)."""

DOWNLOAD_HELP = """\
Скачать модель в папку моделей, проверить её и сохранить атомарно.

Файл скачивается в FILE.part с индикатором прогресса, проверяются его размер
(Content-Length, реестр, --size) и SHA-256 (реестр, --sha256), и только потом он
переименовывается в FILE. При ошибке или Ctrl-C ничего не остаётся.

Примеры:

  associatsiya models download hudlit_v1

  associatsiya models download https://example.org/m.bin --name m.bin --size 1234

  ASSOCIATSIYA_MODELS_DIR=~/emb associatsiya models download hudlit_v1 --force
"""
"""``download`` (:mod:`associatsiya_ai.cli.models`)."""

INDEX_HELP = """\
Построить (или загрузить) словарь существительных ботов для модели и показать его кэш.

Словарь строится один раз для каждой модели (около минуты, с индикатором прогресса),
потом загружается быстрее чем за секунду; любая команда с ботами делает это при первом
запуске. Отчёт считает отброшенные слова модели по причинам (README: «The bots' words»).
"""
"""``index`` (:mod:`associatsiya_ai.cli.vocab_index`)."""
