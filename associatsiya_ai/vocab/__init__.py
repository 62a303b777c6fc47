"""The bots' vocabulary: the words a bot may say, their vectors and priors, build and cache.

Modules: :mod:`~.vocabulary` (the :class:`Vocabulary` class), :mod:`~.build` (building it
from a model; progress through a callback) and :mod:`~.cache` (the ``.npz`` cache and
:func:`load_vocabulary`). Nothing here prints.
"""

from associatsiya_ai.vocab.build import VOCAB_VERSION, build_vocabulary
from associatsiya_ai.vocab.cache import LoadReport, load_vocabulary, open_vocabulary
from associatsiya_ai.vocab.vocabulary import Vocabulary

__all__ = [
    "VOCAB_VERSION",
    "LoadReport",
    "Vocabulary",
    "build_vocabulary",
    "load_vocabulary",
    "open_vocabulary",
]
