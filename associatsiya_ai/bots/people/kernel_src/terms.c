/*
 * terms: a heard word's sparse terms added to the logits alone() wrote (rowterms.py,
 * RowTerms.add_to), the few words linked to it: each relation's link weights (np.add.at:
 * one add per link, in order), the dictionary interactions (const + by_fwd * fwd + by_rev *
 * rev at their rows, the ranks kept by alone() or looked up) and said_weight * cos at the
 * said rows; an indexed += as numpy makes it (every sum read before any is written).
 */
#include "kernel.h"

/* out[idx] += add, as numpy does it: every sum read before any is written (a repeated
 * index keeps its last sum). */
static int
add_at_index(float *out, const float *add, const long long *idx, Py_ssize_t m, Py_ssize_t n)
{
    float *sums = PyMem_Malloc((size_t)(m > 0 ? m : 1) * sizeof(float));
    if (sums == NULL) {
        PyErr_NoMemory();
        return 0;
    }
    for (Py_ssize_t i = 0; i < m; i++)
        sums[i] = out[idx[i]] + add[i];
    for (Py_ssize_t i = 0; i < m; i++)
        out[idx[i]] = sums[i];
    PyMem_Free(sums);
    return 1;
}

PyObject *
terms(PyObject *self, PyObject *args)
{
    Py_buffer out_b, cos_b, last_b, q_b, table_b, lr_b, linked_b, weights_b, rows_b, const_b,
        fwd_b, rev_b, said_b, kept_fwd_b = {0}, kept_rev_b = {0};
    float said_weight;
    PyObject *result = NULL;
    float *add = NULL;
    long long *idx = NULL;
    Tables t;
    if (!PyArg_ParseTuple(args, "w*y*y*y*y*y*y*y*y*y*y*y*y*f|y*y*", &out_b, &cos_b, &last_b,
                          &q_b, &table_b, &lr_b, &linked_b, &weights_b, &rows_b, &const_b,
                          &fwd_b, &rev_b, &said_b, &said_weight, &kept_fwd_b, &kept_rev_b))
        return NULL;
    Py_ssize_t n = cos_b.len / (Py_ssize_t)sizeof(float);
    Py_ssize_t nl = linked_b.len / 4, m = rows_b.len / 8, ns = said_b.len / 4;
    if (!parse_tables(&t, &table_b, &lr_b) || !float_buffer(&out_b, n, "out")
        || !float_buffer(&last_b, n, "last") || !float_buffer(&q_b, n * t.K, "quantiles")
        || !typed_buffer(&weights_b, nl, 4, "weights") || !typed_buffer(&const_b, m, 4, "const")
        || !typed_buffer(&fwd_b, m, 4, "by_fwd") || !typed_buffer(&rev_b, m, 4, "by_rev"))
        goto done;
    const int kept = kept_fwd_b.buf != NULL && kept_rev_b.buf != NULL;
    if (kept && (!float_buffer(&kept_fwd_b, n, "fwd") || !float_buffer(&kept_rev_b, n, "rev")))
        goto done;
    {
        float *out = (float *)out_b.buf;
        const float *cos = (const float *)cos_b.buf;
        const float *last = (const float *)last_b.buf;
        const float *q = (const float *)q_b.buf;
        const int *linked = (const int *)linked_b.buf;
        const float *weights = (const float *)weights_b.buf;
        const long long *rows = (const long long *)rows_b.buf;
        const float *cst = (const float *)const_b.buf;
        const float *by_fwd = (const float *)fwd_b.buf, *by_rev = (const float *)rev_b.buf;
        const int *said = (const int *)said_b.buf;
        Py_ssize_t most = m > ns ? m : ns;
        add = PyMem_Malloc((size_t)(most > 0 ? most : 1) * sizeof(float));
        idx = PyMem_Malloc((size_t)(most > 0 ? most : 1) * sizeof(long long));
        if (add == NULL || idx == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        for (Py_ssize_t i = 0; i < nl; i++)
            if (linked[i] < 0 || linked[i] >= n) {
                PyErr_Format(PyExc_IndexError, "linked: row %d outside 0..%zd", linked[i], n - 1);
                goto done;
            }
        if (!rows_within(rows, m, n, "rows"))
            goto done;
        for (Py_ssize_t i = 0; i < nl; i++) /* np.add.at: one add per link, in order */
            out[linked[i]] = out[linked[i]] + weights[i];
        const float *kf = (const float *)kept_fwd_b.buf, *kr = (const float *)kept_rev_b.buf;
        for (Py_ssize_t i = 0; i < m; i++) { /* const + by_fwd * fwd + by_rev * rev */
            const long long r = rows[i];
            const float c = cos[r];
            float f, rv;
            if (kept) { /* alone() kept the ranks of the rows within a table */
                const int within = (c >= t.lowest) | (c >= last[r]);
                f = within ? kf[r] : t.beyond;
                rv = within ? kr[r] : t.beyond;
            } else {
                if (i + 16 < m) /* as in alone() */
                    __builtin_prefetch(q + rows[i + 16] * t.K);
                f = fwd_rank(&t, c);
                rv = rev_rank(&t, c, last[r], q + r * t.K);
            }
            float v = by_fwd[i] * f;
            v = cst[i] + v;
            add[i] = v + by_rev[i] * rv;
        }
        if (!add_at_index(out, add, rows, m, n))
            goto done;
        for (Py_ssize_t i = 0; i < ns; i++) { /* said_weight * cos[said] */
            if (said[i] < 0 || said[i] >= n) {
                PyErr_Format(PyExc_IndexError, "said: row %d outside 0..%zd", said[i], n - 1);
                goto done;
            }
            idx[i] = said[i];
            add[i] = said_weight * cos[said[i]];
        }
        if (!add_at_index(out, add, idx, ns, n))
            goto done;
        result = Py_None;
        Py_INCREF(result);
    }
done:
    PyMem_Free(add);
    PyMem_Free(idx);
    PyBuffer_Release(&out_b);
    PyBuffer_Release(&cos_b);
    PyBuffer_Release(&last_b);
    PyBuffer_Release(&q_b);
    PyBuffer_Release(&table_b);
    PyBuffer_Release(&lr_b);
    PyBuffer_Release(&linked_b);
    PyBuffer_Release(&weights_b);
    PyBuffer_Release(&rows_b);
    PyBuffer_Release(&const_b);
    PyBuffer_Release(&fwd_b);
    PyBuffer_Release(&rev_b);
    PyBuffer_Release(&said_b);
    if (kept_fwd_b.buf != NULL)
        PyBuffer_Release(&kept_fwd_b);
    if (kept_rev_b.buf != NULL)
        PyBuffer_Release(&kept_rev_b);
    return result;
}
