"""The screen of the default model, shipped prebuilt: a first game need not screen 250K words.

Screening every word of navec ``news_v1`` with pymorphy3, the wordnet and wordfreq
(:func:`~associatsiya_ai.vocab.screen.screen_model`) takes about half a minute; its result
— which words are kept (display spelling, lemma, effective Zipf, adult flag), the drop
counts and the audited drops — is a small text file the package carries,
``data/vocabulary/screen-<model fingerprint>.txt``. ``python scripts/prebuild_screen.py``
regenerates it bit for bit (a ``model`` test checks that it does). The file names what it
was made under (the model's fingerprint, :data:`~associatsiya_ai.vocab.build.VOCAB_VERSION`,
the digest of the word lists the screen reads); when any differs — another model, new
vocabulary rules — the screen is run instead, as before.

Format: ``# key: value`` header lines, then one tab-separated line per word:
``kept  folded  display  lemma  zipf  adult(0/1)  general-zipf`` in model order, then
``dropped  word  reason`` for the audited drops.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from associatsiya_ai.vocab.reading import general_zipf
from associatsiya_ai.vocab.screen import Screened

__all__ = ["ShippedScreen", "screen_text", "shipped_screen", "word_lists_digest"]


@dataclass
class ShippedScreen(Screened):
    """A :class:`~associatsiya_ai.vocab.screen.Screened` read from the shipped file: its
    ``dropped`` holds the audited drops only, and the drop counts come from the file."""

    counts: dict[str, int] = field(default_factory=dict)

    def report(self) -> dict[str, int]:
        """Dropped words per reason, as the screen counted them."""
        return dict(self.counts)


def _data_dir() -> Path:
    return Path(str(resources.files("associatsiya_ai").joinpath("data")))


def word_lists_digest() -> str:
    """A digest of the package's word lists (``data/words/*.txt``) the screen reads."""
    h = hashlib.sha256()
    for path in sorted((_data_dir() / "words").glob("*.txt")):
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def screen_path(fingerprint: str) -> Path:
    """Where the package keeps the screen of the model with ``fingerprint``."""
    return _data_dir() / "vocabulary" / f"screen-{fingerprint}.txt"


def screen_text(screened: Screened, fingerprint: str, version: int) -> str:
    """The shipped file's text of a screen (deterministic: same screen, same text).

    Parameters
    ----------
    screened : Screened
        From :func:`~associatsiya_ai.vocab.screen.screen_model`.
    fingerprint : str
        The model's :meth:`~associatsiya_ai.vectors.store.Embeddings.fingerprint`.
    version : int
        :data:`~associatsiya_ai.vocab.build.VOCAB_VERSION`.
    """
    report = ",".join(f"{k}={v}" for k, v in screened.report().items())
    lines = [
        f"# fingerprint: {fingerprint}",
        f"# version: {version}",
        f"# lists: {word_lists_digest()}",
        f"# report: {report}",
    ]
    for w, (display, lemma, zipf) in screened.kept.items():
        general = screened.general.get(w)
        general = general_zipf(display, w) if general is None else general
        adult = int(w in screened.adult)
        lines.append(f"kept\t{w}\t{display}\t{lemma}\t{float(zipf)!r}\t{adult}\t{general!r}")
    lines.extend(f"dropped\t{w}\t{reason}" for w, reason in screened.audit())
    return "\n".join(lines) + "\n"


def shipped_screen(fingerprint: str, version: int) -> ShippedScreen | None:
    """The shipped screen of a model, or None when the package has none that fits.

    None too when the file names another rules version or other word lists, or cannot
    be read (the caller screens the model itself).
    """
    path = screen_path(fingerprint)
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    header: dict[str, str] = {}
    out = ShippedScreen()
    try:
        for line in text.splitlines():
            if line.startswith("# "):
                key, _, value = line[2:].partition(": ")
                header[key] = value
                continue
            kind, *parts = line.split("\t")
            if kind == "kept":
                w, display, lemma, zipf, adult, general = parts
                out.kept[w] = (display, lemma, float(zipf))
                out.general[w] = float(general)
                if adult == "1":
                    out.adult.add(w)
            elif kind == "dropped":
                w, reason = parts
                out.dropped[w] = reason
        out.counts = {
            k: int(v) for k, v in (kv.split("=") for kv in header["report"].split(",") if kv)
        }
    except (ValueError, KeyError):
        return None
    fits = header.get("fingerprint") == fingerprint and header.get("version") == str(version)
    if not fits or header.get("lists") != word_lists_digest() or not out.kept:
        return None
    return out
