/*
 * numpy's sums, bit for bit (dense_sum, sparse_sum: settle.py, draw.level_probabilities), and
 * what the guesser answers (settle: draw.likeliest, level_probabilities, draw_at), which
 * adds up with the same pairwise sum.
 */
#include "kernel.h"

/* numpy's pairwise sum of n contiguous doubles (numpy/_core/src/umath/loops_utils.h.src,
 * DOUBLE_pairwise_sum), the very additions in the very order. */
static double
pairwise(const double *a, Py_ssize_t n)
{
    if (n < 8) {
        double res = 0.;
        for (Py_ssize_t i = 0; i < n; i++)
            res += a[i];
        return res;
    }
    if (n <= 128) {
        double r[8], res;
        Py_ssize_t i;
        for (int j = 0; j < 8; j++)
            r[j] = a[j];
        for (i = 8; i < n - (n % 8); i += 8)
            for (int j = 0; j < 8; j++)
                r[j] += a[i + j];
        res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for (; i < n; i++)
            res += a[i];
        return res;
    }
    Py_ssize_t n2 = n / 2;
    n2 -= n2 % 8;
    return pairwise(a, n2) + pairwise(a + n2, n - n2);
}

/* pairwise() of the n doubles from ``start`` of a vector that is zero except v[j] at
 * idx[j] (k of them, ascending, all in the span): a span without any is 0 exactly, and
 * x + 0 is x, so only the blocks that hold one are added up. */
static double
sparse_pairwise(const double *v, const long long *idx, Py_ssize_t k, Py_ssize_t start,
                Py_ssize_t n)
{
    if (k == 0)
        return 0.0;
    if (n <= 128) {
        double block[128] = {0.0};
        for (Py_ssize_t j = 0; j < k; j++)
            block[idx[j] - start] = v[j];
        return pairwise(block, n);
    }
    Py_ssize_t n2 = n / 2;
    n2 -= n2 % 8;
    Py_ssize_t split = 0;
    while (split < k && idx[split] < start + n2)
        split++;
    return sparse_pairwise(v, idx, split, start, n2)
           + sparse_pairwise(v + split, idx + split, k - split, start + n2, n - n2);
}

/* np.sum of a float64 vector: numpy's add.reduce, from its identity, pairwise. */
PyObject *
dense_sum(PyObject *self, PyObject *args)
{
    Py_buffer x_b;
    if (!PyArg_ParseTuple(args, "y*", &x_b))
        return NULL;
    const double total =
        0.0 + pairwise((const double *)x_b.buf, x_b.len / (Py_ssize_t)sizeof(double));
    PyBuffer_Release(&x_b);
    return PyFloat_FromDouble(total);
}

/* The sum numpy gives of a (n,) float64 vector of zeros with values at rows idx. */
PyObject *
sparse_sum(PyObject *self, PyObject *args)
{
    Py_buffer v_b, idx_b;
    Py_ssize_t n;
    PyObject *result = NULL;
    if (!PyArg_ParseTuple(args, "y*y*n", &v_b, &idx_b, &n))
        return NULL;
    Py_ssize_t k = v_b.len / (Py_ssize_t)sizeof(double);
    if (idx_b.len != k * (Py_ssize_t)sizeof(long long)) {
        PyErr_Format(PyExc_ValueError, "idx: %zd bytes, expected %zd int64", idx_b.len, k);
        goto done;
    }
    {
        const long long *idx = (const long long *)idx_b.buf;
        for (Py_ssize_t j = 0; j < k; j++)
            if (idx[j] < 0 || idx[j] >= n || (j > 0 && idx[j] <= idx[j - 1])) {
                PyErr_Format(PyExc_ValueError,
                             "idx: rows must ascend, distinct, within 0..%zd", n - 1);
                goto done;
            }
        /* numpy's add.reduce starts from its identity, 0 */
        result = PyFloat_FromDouble(0.0 + sparse_pairwise((const double *)v_b.buf, idx, k, 0, n));
    }
done:
    PyBuffer_Release(&v_b);
    PyBuffer_Release(&idx_b);
    return result;
}

#define MAX_SETTLED 64

/* What the guesser answers, from the exponentiated shifted logits e (n,) float64, its
 * logits z (n,) float32 and the level's words ``support`` (ascending int64, at most
 * MAX_SETTLED): the k likeliest words, largest first (draw.likeliest), their logits and
 * probabilities e / total (total: numpy's e.sum()), the index in support of the word drawn
 * with the uniform ``u`` (draw.draw_at) from the level's probabilities -- ``level`` (the
 * level's terms, float64, as support) over their dense sum (draw.level_probabilities), or
 * e at support when ``level`` is None; u < 0: no draw, index 0 -- total, and the drawn
 * word's probability. None where the words' order would depend on how ties are broken, or
 * fewer than k are positive: numpy decides. */
PyObject *
settle(PyObject *self, PyObject *args)
{
    Py_buffer e_b, z_b, support_b, level_b = {0};
    PyObject *level_o, *result = NULL;
    double u;
    Py_ssize_t k;
    if (!PyArg_ParseTuple(args, "y*y*y*nOd", &e_b, &z_b, &support_b, &k, &level_o, &u))
        return NULL;
    const Py_ssize_t n = e_b.len / (Py_ssize_t)sizeof(double);
    const Py_ssize_t m = support_b.len / (Py_ssize_t)sizeof(long long);
    const int has_level = level_o != Py_None;
    if (has_level && PyObject_GetBuffer(level_o, &level_b, PyBUF_SIMPLE) < 0)
        goto done;
    if (z_b.len != n * (Py_ssize_t)sizeof(float)
        || (has_level && level_b.len != m * (Py_ssize_t)sizeof(double))) {
        PyErr_SetString(PyExc_ValueError, "z and level: as e and support");
        goto done;
    }
    if (m > MAX_SETTLED || k < 1 || k > m) {
        result = Py_None;
        Py_INCREF(result);
        goto done;
    }
    {
        const double *e = (const double *)e_b.buf;
        const float *z = (const float *)z_b.buf;
        const long long *support = (const long long *)support_b.buf;
        double at[MAX_SETTLED];
        Py_ssize_t order[MAX_SETTLED], positive = 0;
        for (Py_ssize_t i = 0; i < m; i++) {
            if (support[i] < 0 || support[i] >= n || (i > 0 && support[i] <= support[i - 1])) {
                PyErr_SetString(PyExc_ValueError, "support: rows must ascend, within e");
                goto done;
            }
            at[i] = e[support[i]];
            positive += at[i] > 0;
            Py_ssize_t j = i; /* insertion, largest first */
            while (j > 0 && at[order[j - 1]] < at[i]) {
                order[j] = order[j - 1];
                j--;
            }
            order[j] = i;
        }
        int distinct = positive >= k;
        for (Py_ssize_t i = 1; i < m && distinct; i++)
            distinct = at[order[i - 1]] != at[order[i]];
        if (!distinct) {
            result = Py_None;
            Py_INCREF(result);
            goto done;
        }
        const double total = 0.0 + pairwise(e, n); /* np.sum(e) */
        Py_ssize_t drawn = 0;
        if (u >= 0) { /* numpy's cumulative sum, normalised, searched (bisect_right) */
            const double *lev = has_level ? (const double *)level_b.buf : at;
            const double sum = 0.0 + sparse_pairwise(lev, support, m, 0, n);
            double cdf[MAX_SETTLED], acc = 0.0;
            for (Py_ssize_t i = 0; i < m; i++) {
                acc = i == 0 ? lev[0] / sum : acc + lev[i] / sum;
                cdf[i] = acc;
            }
            while (drawn < m && !(u < cdf[drawn] / cdf[m - 1]))
                drawn++;
        }
        PyObject *rows = PyList_New(k), *scores = PyList_New(k), *probs = PyList_New(k);
        if (rows == NULL || scores == NULL || probs == NULL) {
            Py_XDECREF(rows);
            Py_XDECREF(scores);
            Py_XDECREF(probs);
            goto done;
        }
        for (Py_ssize_t i = 0; i < k; i++) {
            const long long r = support[order[i]];
            PyList_SET_ITEM(rows, i, PyLong_FromLongLong(r));
            PyList_SET_ITEM(scores, i, PyFloat_FromDouble((double)z[r]));
            PyList_SET_ITEM(probs, i, PyFloat_FromDouble(at[order[i]] / total));
        }
        result = Py_BuildValue("NNNndd", rows, scores, probs, drawn, total, at[drawn] / total);
    }
done:
    PyBuffer_Release(&e_b);
    PyBuffer_Release(&z_b);
    PyBuffer_Release(&support_b);
    if (has_level && level_b.buf != NULL)
        PyBuffer_Release(&level_b);
    return result;
}
