"""Types of the compiled pass (``kernel_src/*.c``; see :mod:`associatsiya_ai.bots.people.alone`)."""

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
    fwd: np.ndarray = ...,
    rev: np.ndarray = ...,
    /,
) -> None: ...
def vectorised(on: bool = ..., /) -> bool: ...
def terms(
    out: np.ndarray,
    cos: np.ndarray,
    last: np.ndarray,
    quantiles: np.ndarray,
    table: np.ndarray,
    log_ranks: np.ndarray,
    linked: np.ndarray,
    weights: np.ndarray,
    rows: np.ndarray,
    const: np.ndarray,
    by_fwd: np.ndarray,
    by_rev: np.ndarray,
    said: np.ndarray,
    said_weight: float,
    fwd: np.ndarray = ...,
    rev: np.ndarray = ...,
    /,
) -> None: ...
def largest(out: np.ndarray, x: np.ndarray, /) -> None: ...
def pool(
    out: np.ndarray, static: np.ndarray, rows: tuple[np.ndarray, ...], scales: np.ndarray, /
) -> None: ...
def prepare(
    shifted: np.ndarray,
    z: np.ndarray,
    banned: np.ndarray,
    top: np.ndarray,
    support: np.ndarray,
    near: np.ndarray,
    level_k: int,
    near_k: int,
    /,
) -> tuple[int, int, int]: ...
def sparse_sum(values: np.ndarray, idx: np.ndarray, n: int, /) -> float: ...
def settle(
    e: np.ndarray,
    z: np.ndarray,
    support: np.ndarray,
    k: int,
    level: np.ndarray | None,
    u: float,
    /,
) -> tuple[list[int], list[float], list[float], int, float, float] | None: ...
def dense_sum(x: np.ndarray, /) -> float: ...
def dots(out: np.ndarray, matrix_t: np.ndarray, vectors: np.ndarray, groups: bytes, /) -> None: ...
def secret_pass(
    z: np.ndarray,
    fwd: np.ndarray,
    rev: np.ndarray,
    cos: np.ndarray,
    last: np.ndarray,
    quantiles: np.ndarray,
    table: np.ndarray,
    log_ranks: np.ndarray,
    st: float,
    w0: float,
    w1: float,
    w2: float,
    w3: float,
    /,
) -> None: ...
def pooled_chances(
    x: np.ndarray,
    alone: np.ndarray,
    static: np.ndarray,
    slots: np.ndarray,
    scales: np.ndarray,
    lone: bytes,
    common: np.ndarray,
    banned: np.ndarray,
    starts: np.ndarray,
    /,
) -> None: ...
def ban(mask: np.ndarray, arrays: tuple[np.ndarray, ...], extra: list[int], /) -> int: ...
