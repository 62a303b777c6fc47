/*
 * secret_pass: the dense part of a secret's logit in every single-word query h (the hinter's
 * side, bots/people/secret.py), the same float operations in the same order as numpy's:
 *
 *   c = 0 + cos;  z = ((c * w1 + w0) * c + st) + fwd * w2 + rev * w3      (float32)
 *
 * fwd: ln(rank) of the secret among h's neighbours (h's own table, as rev_rank);
 * rev: ln(rank) of h among the secret's neighbours (the secret's table, as fwd_rank).
 * fwd and rev are written out too (the secret's sparse terms read them).
 */
#include "kernel.h"

PyObject *
secret_pass(PyObject *self, PyObject *args)
{
    Py_buffer z_b, fwd_b, rev_b, cos_b, last_b, q_b, table_b, lr_b;
    float st, w0, w1, w2, w3;
    PyObject *result = NULL;
    Tables t;
    if (!PyArg_ParseTuple(args, "w*w*w*y*y*y*y*y*fffff", &z_b, &fwd_b, &rev_b, &cos_b, &last_b,
                          &q_b, &table_b, &lr_b, &st, &w0, &w1, &w2, &w3))
        return NULL;
    Py_ssize_t n = cos_b.len / (Py_ssize_t)sizeof(float);
    if (!parse_tables(&t, &table_b, &lr_b) || !float_buffer(&z_b, n, "z")
        || !float_buffer(&fwd_b, n, "fwd") || !float_buffer(&rev_b, n, "rev")
        || !float_buffer(&last_b, n, "last") || !float_buffer(&q_b, n * t.K, "quantiles"))
        goto done;
    {
        float *z = (float *)z_b.buf, *fwd = (float *)fwd_b.buf, *rev = (float *)rev_b.buf;
        const float *cos = (const float *)cos_b.buf;
        const float *last = (const float *)last_b.buf;
        const float *q = (const float *)q_b.buf;
        const Py_ssize_t K = t.K;
        Py_BEGIN_ALLOW_THREADS
        for (Py_ssize_t i = 0; i < n; i++) {
            const float c = 0.0f + cos[i];
            const float f = rev_rank(&t, c, last[i], q + i * K);
            const float r = fwd_rank(&t, c);
            float v = w1 * c;
            v = v + w0;
            v = v * c;
            v = v + st;
            v = v + w2 * f;
            z[i] = v + r * w3;
            fwd[i] = f;
            rev[i] = r;
        }
        Py_END_ALLOW_THREADS
        result = Py_None;
        Py_INCREF(result);
    }
done:
    PyBuffer_Release(&z_b);
    PyBuffer_Release(&fwd_b);
    PyBuffer_Release(&rev_b);
    PyBuffer_Release(&cos_b);
    PyBuffer_Release(&last_b);
    PyBuffer_Release(&q_b);
    PyBuffer_Release(&table_b);
    PyBuffer_Release(&lr_b);
    return result;
}
