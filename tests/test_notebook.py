"""The evaluation notebook runs top to bottom (headless, a small run) so it cannot rot."""

from __future__ import annotations

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

pytestmark = pytest.mark.slow

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "evaluation.ipynb"


def test_notebook_executes(monkeypatch) -> None:
    monkeypatch.setenv("ASSOCIATSIYA_NB_GAMES", "6")
    monkeypatch.setenv("ASSOCIATSIYA_NB_EVAL_ROWS", "12")
    monkeypatch.setenv("ASSOCIATSIYA_NB_SEED", "3")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    client = nbclient.NotebookClient(
        nb,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(NOTEBOOK.parent)}},
    )
    client.execute()
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    images = [o for o in outputs if "image/png" in o.get("data", {})]
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert '"games": 6' in text
    eval_dir = Path(__file__).resolve().parents[2] / "shared" / "eval"
    if (eval_dir / "guesser-dev.jsonl").is_file() and (eval_dir / "hinter-dev.jsonl").is_file():
        assert len(images) == 6  # survival, win shares, chain modes, evaluate, calibration, levels
        assert '"hit@1"' in text
    else:
        assert len(images) == 4
        assert "skipped" in text
