/*
 * The human-response model's compiled pass: what a guesser's decision does after its one
 * matrix-vector product, the same float operations in the same order as the numpy code it
 * stands for, so the numbers are bit for bit the same (tests/test_kernel.py,
 * tests/test_people_fast.py compare the two). One extension module,
 * associatsiya_ai.bots.people._kernel, from the files of this directory:
 *
 *   alone.c, terms.c  the logits of one vocabulary word heard alone (alone.py, rowterms.py):
 *                 z = ((cos * w1 + w0) * cos + static) + fwd * w2 + rev * w3   (float32)
 *                 plus its sparse terms;
 *   pool.c        a chain's evidence added up (pool.py), and the hinter's pooled queries;
 *   draw.c        prepare: the logits as the guesser draws from them: shifted, the level's
 *                 words (draw.masked_support); largest: the k largest values;
 *   settle.c      settle: the likeliest words, their probabilities and the level's draw
 *                 (draw.likeliest, level_probabilities, draw_at); dense_sum, sparse_sum:
 *                 numpy's pairwise sum;
 *   dots.c        a few vectors' products with the whole matrix, BLAS's very sums (dots.py);
 *   secret.c      a secret's logit in every single-word query (secret.py);
 *   ban.c         the words a guesser may not answer, marked in one call;
 *   module.c      the method table and the module.
 *
 * fwd: ln(rank) of the candidate's cosine among the heard word's neighbours, np.interp in
 * float64 of the heard word's table (numpy's arr_interp: its segment, its slope formula, its
 * special cases), rounded to float32; ln RANKS[-1] below the table.
 * rev: ln(rank) of the cosine among the candidate's own neighbours, in float32:
 * (q[s] - c) / max(q[s] - q[s+1], 1e-6) * (lr[s+1] - lr[s]) + lr[s] in the segment s below
 * the k > 0 entries above the cosine; 0 above every entry; ln RANKS[-1] below the table.
 *
 * Why compiled: the matrix-vector product sweeps the processor's caches, so every array and
 * every Python object touched after it comes from main memory. These passes read few
 * arrays, once (the tables of only the rows whose cosine lies within them), skip blocks
 * that cannot matter, and replace a dozen numpy and Python steps each.
 *
 * This header: what several files share (the includes, the heard word's table and its two
 * rank lookups, the buffer checks) and the module's functions, each defined in one file.
 * Every file is compiled with -O3 -ffp-contract=off -fno-fast-math (setup.py): no fused
 * multiply-add unless written, so the floats are numpy's.
 */
#ifndef ASSOCIATSIYA_KERNEL_H
#define ASSOCIATSIYA_KERNEL_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#if defined(__SSE__)
#include <xmmintrin.h>
#endif
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>
#endif

/* Defined in one file, used in another, but not exported from the module: only
 * PyInit__kernel is (the method table's addresses are bound at link time, and no other
 * library's function of the same name can stand in for one of these). */
#if defined(__GNUC__)
#define KERNEL_INTERNAL __attribute__((visibility("hidden")))
#else
#define KERNEL_INTERNAL
#endif

#define MAX_K 32

static inline int
float_buffer(Py_buffer *b, Py_ssize_t n, const char *name)
{
    if (b->len != n * (Py_ssize_t)sizeof(float)) {
        PyErr_Format(PyExc_ValueError, "%s: %zd bytes, expected %zd float32", name, b->len, n);
        return 0;
    }
    return 1;
}

static inline int
typed_buffer(Py_buffer *b, Py_ssize_t m, Py_ssize_t size, const char *name)
{
    if (b->len != m * size) {
        PyErr_Format(PyExc_ValueError, "%s: %zd bytes, expected %zd items of %zd bytes", name,
                     b->len, m, size);
        return 0;
    }
    return 1;
}

/* Every row within 0..n - 1 (else IndexError naming ``name``). */
static inline int
rows_within(const long long *rows, Py_ssize_t m, Py_ssize_t n, const char *name)
{
    for (Py_ssize_t i = 0; i < m; i++)
        if (rows[i] < 0 || rows[i] >= n) {
            PyErr_Format(PyExc_IndexError, "%s: row %lld outside 0..%zd", name, rows[i], n - 1);
            return 0;
        }
    return 1;
}

/* The heard word's table as np.interp takes it: abscissae ascending, float64, and the
 * slopes numpy precomputes; the rev segments' steps. Past K entries: zeros (the vector
 * pass reads whole registers of them). */
typedef struct {
    Py_ssize_t K;
    double dx[MAX_K], dy[MAX_K], slopes[MAX_K];
    float step[MAX_K], lowest, beyond;
    float ax[MAX_K], lrs[MAX_K]; /* the abscissae in float32; log_ranks */
    const float *lr;
} Tables;

static inline void
tables_init(Tables *t, const float *table, const float *lr, Py_ssize_t K)
{
    memset(t, 0, sizeof *t);
    t->K = K;
    t->lr = lr;
    for (Py_ssize_t j = 0; j < K; j++) {
        t->ax[j] = table[K - 1 - j];
        t->lrs[j] = lr[j];
    }

    for (Py_ssize_t j = 0; j < K; j++) {
        t->dx[j] = (double)table[K - 1 - j];
        t->dy[j] = (double)lr[K - 1 - j];
    }
    for (Py_ssize_t j = 0; j + 1 < K; j++) {
        t->slopes[j] = (t->dy[j + 1] - t->dy[j]) / (t->dx[j + 1] - t->dx[j]);
        t->step[j] = lr[j + 1] - lr[j];
    }
    t->lowest = table[K - 1];
    t->beyond = lr[K - 1];
}

/* The table ``table_b`` (K <= MAX_K descending float32 cosines) and its log_ranks ``lr_b``
 * (K float32) into t; 0 with a Python error if they are not that. A copy in each file that
 * reads a table (alone, terms, secret_pass), called, never inlined: so the machine code of
 * those passes is the very one of the single-file build (its registers, its stack). */
#if defined(__GNUC__)
#define TABLES_CALL static __attribute__((noinline, unused))
#else
#define TABLES_CALL static
#endif
TABLES_CALL int
parse_tables(Tables *t, Py_buffer *table_b, Py_buffer *lr_b)
{
    Py_ssize_t K = table_b->len / (Py_ssize_t)sizeof(float);
    if (K < 2 || K > MAX_K) {
        PyErr_Format(PyExc_ValueError, "table: %zd entries, expected 2 to %d", K, MAX_K);
        return 0;
    }
    if (!float_buffer(lr_b, K, "log_ranks"))
        return 0;
    tables_init(t, (const float *)table_b->buf, (const float *)lr_b->buf, K);
    return 1;
}

/* fwd: np.interp(c, dx, dy, right=0.0) as float32 where c >= the table's lowest entry, else
 * ln RANKS[-1]. The segment is found by a binary search without branches (the abscissae
 * ascend: PeopleTables' rows descend), and both outcomes are computed, one kept: the
 * outcome of a comparison is as good as random here, and a mispredicted branch costs more
 * than the arithmetic. */
static inline float
fwd_rank(const Tables *t, float c)
{
    const Py_ssize_t K = t->K;
    const double x = (double)c;
    Py_ssize_t j = 0; /* the last abscissa <= x (when x >= dx[0]) */
    for (Py_ssize_t step = MAX_K / 2; step > 0; step >>= 1) { /* unrolled: a constant count */
        const Py_ssize_t next = j + step;
        j = (next < K && t->dx[next] <= x) ? next : j;
    }
    double r;
    if (j == K - 1)
        r = (x == t->dx[j]) ? t->dy[j] : 0.0; /* np.interp's right=0.0 */
    else if (t->dx[j] == x)
        r = t->dy[j];
    else {
        r = t->slopes[j] * (x - t->dx[j]) + t->dy[j];
        if (isnan(r)) {
            r = t->slopes[j] * (x - t->dx[j + 1]) + t->dy[j + 1];
            if (isnan(r) && t->dy[j] == t->dy[j + 1])
                r = t->dy[j];
        }
    }
    return c >= t->lowest ? (float)r : t->beyond;
}

/* rev: c's ln(rank) in a candidate's own descending table ``row`` (lowest entry ``last``);
 * as fwd_rank, without branches. */
static inline float
rev_rank(const Tables *t, float c, float last, const float *row)
{
    Py_ssize_t k = 0; /* entries above the cosine among the first K - 1: a prefix */
    for (Py_ssize_t step = MAX_K / 2; step > 0; step >>= 1) { /* unrolled: a constant count */
        const Py_ssize_t next = k + step;
        k = (next <= t->K - 1 && row[next - 1] > c) ? next : k;
    }
    const Py_ssize_t s = k > 0 ? k - 1 : 0;
    float span = row[s] - row[s + 1];
    span = span < 1e-6f ? 1e-6f : span; /* np.maximum(span, 1e-6) */
    float rev = row[s] - c;
    rev = rev / span;
    rev = rev * t->step[s];
    rev = rev + t->lr[s];
    rev = k == 0 ? 0.0f : rev; /* nearer than the nearest neighbour: ln 1 */
    return c >= last ? rev : t->beyond;
}

/* The module's functions (module.c lists them with their docstrings), by file. */
/* alone.c */
KERNEL_INTERNAL PyObject *alone(PyObject *self, PyObject *args);
KERNEL_INTERNAL PyObject *vectorised(PyObject *self, PyObject *args);
/* terms.c */
KERNEL_INTERNAL PyObject *terms(PyObject *self, PyObject *args);
/* draw.c */
KERNEL_INTERNAL PyObject *largest(PyObject *self, PyObject *args);
KERNEL_INTERNAL PyObject *prepare(PyObject *self, PyObject *args);
/* pool.c */
KERNEL_INTERNAL PyObject *pool(PyObject *self, PyObject *args);
KERNEL_INTERNAL PyObject *pooled_chances(PyObject *self, PyObject *args);
/* settle.c */
KERNEL_INTERNAL PyObject *dense_sum(PyObject *self, PyObject *args);
KERNEL_INTERNAL PyObject *sparse_sum(PyObject *self, PyObject *args);
KERNEL_INTERNAL PyObject *settle(PyObject *self, PyObject *args);
/* dots.c */
KERNEL_INTERNAL PyObject *dots(PyObject *self, PyObject *args);
/* secret.c */
KERNEL_INTERNAL PyObject *secret_pass(PyObject *self, PyObject *args);
/* ban.c */
KERNEL_INTERNAL PyObject *ban(PyObject *self, PyObject *args);

#endif
