/*
 * The logits of one vocabulary word heard alone, in one pass over the candidates.
 *
 * The same float operations, in the same order, as the numpy computation in
 * associatsiya_ai/bots/people/model.py (PeopleModel._scores_numpy), so the numbers are bit
 * for bit the same (tests/test_kernel.py):
 *
 *   z = ((cos * w1 + w0) * cos + static) + fwd * w2 + rev * w3      (float32)
 *
 * fwd: ln(rank) of the candidate's cosine among the heard word's neighbours, np.interp in
 * float64 of the heard word's table (numpy's arr_interp: its segment, its slope formula, its
 * special cases), rounded to float32; ln RANKS[-1] below the table.
 * rev: ln(rank) of the cosine among the candidate's own neighbours, in float32:
 * (q[s] - c) / max(q[s] - q[s+1], 1e-6) * (lr[s+1] - lr[s]) + lr[s] in the segment s below
 * the k > 0 entries above the cosine; 0 above every entry; ln RANKS[-1] below the table.
 *
 * The numpy computation reads and writes a dozen arrays of the vocabulary's size after the
 * matrix-vector product has swept the processor's caches; this pass reads four (cos, static,
 * each row's last table entry, the output) and the tables of the quarter of the rows whose
 * cosine lies within them.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>

#define MAX_K 32

static int
float_buffer(Py_buffer *b, Py_ssize_t n, const char *name)
{
    if (b->len != n * (Py_ssize_t)sizeof(float)) {
        PyErr_Format(PyExc_ValueError, "%s: %zd bytes, expected %zd float32", name, b->len, n);
        return 0;
    }
    return 1;
}

/* The heard word's table as np.interp takes it: abscissae ascending, float64, and the
 * slopes numpy precomputes; the rev segments' steps. */
typedef struct {
    Py_ssize_t K;
    double dx[MAX_K], dy[MAX_K], slopes[MAX_K];
    float step[MAX_K], lowest, beyond;
    const float *lr;
} Tables;

static void
tables_init(Tables *t, const float *table, const float *lr, Py_ssize_t K)
{
    t->K = K;
    t->lr = lr;
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

/* fwd: np.interp(c, dx, dy, right=0.0) as float32 where c >= the table's lowest entry. */
static inline float
fwd_rank(const Tables *t, float c)
{
    if (!(c >= t->lowest))
        return t->beyond;
    const Py_ssize_t K = t->K;
    const double x = (double)c;
    Py_ssize_t j = 0; /* the last abscissa <= x (x >= dx[0] here) */
    while (j + 1 < K && t->dx[j + 1] <= x)
        j++;
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
    return (float)r;
}

/* rev: c's ln(rank) in a candidate's own descending table ``row`` (lowest entry ``last``). */
static inline float
rev_rank(const Tables *t, float c, float last, const float *row)
{
    if (!(c >= last))
        return t->beyond;
    Py_ssize_t k = t->K - 1; /* entries above the cosine: a prefix of the row */
    while (k > 0 && row[k - 1] <= c)
        k--;
    if (k == 0)
        return 0.0f; /* nearer than the nearest neighbour: ln 1 */
    const Py_ssize_t s = k - 1;
    float span = row[s] - row[s + 1];
    if (span < 1e-6f)
        span = 1e-6f; /* np.maximum(span, 1e-6) */
    float rev = row[s] - c;
    rev = rev / span;
    rev = rev * t->step[s];
    return rev + t->lr[s];
}

static int
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

static PyObject *
alone(PyObject *self, PyObject *args)
{
    Py_buffer out_b, cos_b, static_b, last_b, q_b, table_b, lr_b;
    float w0, w1, w2, w3;
    PyObject *result = NULL;
    Tables t;
    if (!PyArg_ParseTuple(args, "w*y*y*y*y*y*y*ffff", &out_b, &cos_b, &static_b, &last_b,
                          &q_b, &table_b, &lr_b, &w0, &w1, &w2, &w3))
        return NULL;
    Py_ssize_t n = cos_b.len / (Py_ssize_t)sizeof(float);
    if (!parse_tables(&t, &table_b, &lr_b) || !float_buffer(&out_b, n, "out")
        || !float_buffer(&static_b, n, "static") || !float_buffer(&last_b, n, "last")
        || !float_buffer(&q_b, n * t.K, "quantiles"))
        goto done;
    {
        float *out = (float *)out_b.buf;
        const float *cos = (const float *)cos_b.buf;
        const float *st = (const float *)static_b.buf;
        const float *last = (const float *)last_b.buf;
        const float *q = (const float *)q_b.buf;
        const Py_ssize_t K = t.K;
        Py_BEGIN_ALLOW_THREADS
        for (Py_ssize_t i = 0; i < n; i++) {
            const float c = cos[i];
            float z = c * w1;
            z = z + w0;
            z = z * c;
            z = z + st[i];
            z = z + fwd_rank(&t, c) * w2;
            /* only the quarter of the rows whose cosine lies within them are read */
            out[i] = z + rev_rank(&t, c, last[i], q + i * K) * w3;
        }
        Py_END_ALLOW_THREADS
        result = Py_None;
        Py_INCREF(result);
    }
done:
    PyBuffer_Release(&out_b);
    PyBuffer_Release(&cos_b);
    PyBuffer_Release(&static_b);
    PyBuffer_Release(&last_b);
    PyBuffer_Release(&q_b);
    PyBuffer_Release(&table_b);
    PyBuffer_Release(&lr_b);
    return result;
}

static PyObject *
ranks_at(PyObject *self, PyObject *args)
{
    Py_buffer fwd_b, rev_b, rows_b, cos_b, last_b, q_b, table_b, lr_b;
    PyObject *result = NULL;
    Tables t;
    if (!PyArg_ParseTuple(args, "w*w*y*y*y*y*y*y*", &fwd_b, &rev_b, &rows_b, &cos_b, &last_b,
                          &q_b, &table_b, &lr_b))
        return NULL;
    Py_ssize_t n = cos_b.len / (Py_ssize_t)sizeof(float);
    Py_ssize_t m = rows_b.len / (Py_ssize_t)sizeof(long long);
    if (!parse_tables(&t, &table_b, &lr_b) || !float_buffer(&fwd_b, m, "fwd")
        || !float_buffer(&rev_b, m, "rev") || !float_buffer(&last_b, n, "last")
        || !float_buffer(&q_b, n * t.K, "quantiles"))
        goto done;
    {
        const long long *rows = (const long long *)rows_b.buf;
        const float *cos = (const float *)cos_b.buf;
        const float *last = (const float *)last_b.buf;
        const float *q = (const float *)q_b.buf;
        float *fwd = (float *)fwd_b.buf, *rev = (float *)rev_b.buf;
        for (Py_ssize_t i = 0; i < m; i++) {
            const long long r = rows[i];
            if (r < 0 || r >= n) {
                PyErr_Format(PyExc_IndexError, "row %lld outside 0..%zd", r, n - 1);
                goto done;
            }
            fwd[i] = fwd_rank(&t, cos[r]);
            rev[i] = rev_rank(&t, cos[r], last[r], q + r * t.K);
        }
        result = Py_None;
        Py_INCREF(result);
    }
done:
    PyBuffer_Release(&fwd_b);
    PyBuffer_Release(&rev_b);
    PyBuffer_Release(&rows_b);
    PyBuffer_Release(&cos_b);
    PyBuffer_Release(&last_b);
    PyBuffer_Release(&q_b);
    PyBuffer_Release(&table_b);
    PyBuffer_Release(&lr_b);
    return result;
}

static PyMethodDef methods[] = {
    {"alone", alone, METH_VARARGS,
     "alone(out, cos, static, last, quantiles, table, log_ranks, w0, w1, w2, w3): the logits "
     "of one vocabulary word heard alone, without its sparse terms, written to out."},
    {"ranks_at", ranks_at, METH_VARARGS,
     "ranks_at(fwd, rev, rows, cos, last, quantiles, table, log_ranks): the fwd and rev "
     "features at the int64 rows, written to fwd and rev."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_kernel", "The human-response model's compiled pass.", -1, methods,
};

PyMODINIT_FUNC
PyInit__kernel(void)
{
    return PyModule_Create(&module);
}
