"""Types of the compiled pass (``_kernel.c``; see :mod:`associatsiya_ai.bots.people.alone`)."""

import numpy as np

def alone(
    out: np.ndarray,
    cos: np.ndarray,
    static: np.ndarray,
    last: np.ndarray,
    quantiles: np.ndarray,
    table: np.ndarray,
    log_ranks: np.ndarray,
    w0: float,
    w1: float,
    w2: float,
    w3: float,
    /,
) -> None: ...
def ranks_at(
    fwd: np.ndarray,
    rev: np.ndarray,
    rows: np.ndarray,
    cos: np.ndarray,
    last: np.ndarray,
    quantiles: np.ndarray,
    table: np.ndarray,
    log_ranks: np.ndarray,
    /,
) -> None: ...
