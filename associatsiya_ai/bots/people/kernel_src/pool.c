/*
 * Queries' evidence added up as pool.py adds it in numpy (float32, in the same order): pool,
 * one query's added-up logits (the guesser's chain); pooled_chances, many queries at once,
 * widened and shifted by their largest (the hinter's weighing of chains, hinter_chains.py).
 */
#include "kernel.h"

#define MAX_POOLED 64

/* One query's added-up logits, as pool.pooled adds them in numpy (float32, in this order):
 * out = ((0 + (z_0 - static) * s_0) + (z_1 - static) * s_1 + ...) + static. */
PyObject *
pool(PyObject *self, PyObject *args)
{
    Py_buffer out_b, static_b, scales_b, rows_b[MAX_POOLED];
    PyObject *rows, *result = NULL;
    Py_ssize_t got = 0;
    if (!PyArg_ParseTuple(args, "w*y*Oy*", &out_b, &static_b, &rows, &scales_b))
        return NULL;
    Py_ssize_t n = out_b.len / (Py_ssize_t)sizeof(float);
    Py_ssize_t m = scales_b.len / (Py_ssize_t)sizeof(float);
    if (!PyTuple_Check(rows) || PyTuple_GET_SIZE(rows) != m || m < 1 || m > MAX_POOLED) {
        PyErr_Format(PyExc_ValueError, "rows: a tuple of 1 to %d arrays, one per scale",
                     MAX_POOLED);
        goto done;
    }
    if (!float_buffer(&static_b, n, "static"))
        goto done;
    const float *z[MAX_POOLED];
    for (Py_ssize_t j = 0; j < m; j++) {
        if (PyObject_GetBuffer(PyTuple_GET_ITEM(rows, j), &rows_b[j], PyBUF_SIMPLE) < 0)
            goto done;
        got = j + 1;
        if (!float_buffer(&rows_b[j], n, "rows"))
            goto done;
        z[j] = (const float *)rows_b[j].buf;
    }
    {
        float *out = (float *)out_b.buf;
        const float *st = (const float *)static_b.buf;
        const float *s = (const float *)scales_b.buf;
        /* out is the sum so far: term by term over all rows, which the compiler vectorises */
        for (Py_ssize_t j = 0; j < m; j++) {
            const float *zj = z[j], sj = s[j];
            if (j == 0)
                for (Py_ssize_t i = 0; i < n; i++) {
                    float e = zj[i] - st[i];
                    e = e * sj;
                    out[i] = 0.0f + e;
                }
            else
                for (Py_ssize_t i = 0; i < n; i++) {
                    float e = zj[i] - st[i];
                    e = e * sj;
                    out[i] = out[i] + e;
                }
        }
        for (Py_ssize_t i = 0; i < n; i++)
            out[i] = out[i] + st[i];
        result = Py_None;
        Py_INCREF(result);
    }
done:
    for (Py_ssize_t j = 0; j < got; j++)
        PyBuffer_Release(&rows_b[j]);
    PyBuffer_Release(&out_b);
    PyBuffer_Release(&static_b);
    PyBuffer_Release(&scales_b);
    return result;
}

/* Four float32 or float64 lanes: each lane's operations are the scalar ones (the
 * compiler's vectors, whatever the processor's width). */
typedef float f32x4 __attribute__((vector_size(16)));
typedef double f64x4 __attribute__((vector_size(32)));

#define POOL_MAX_WORDS 64 /* heard words in one query (pooled_chances checks) */

/* One query of pooled_chances into the row x (n), z a float32 scratch row. */
static void
pool_row(double *x, float *z, const float *alone, const float *st, const int *sl,
         const float *sc, Py_ssize_t J, int lone, Py_ssize_t n, const long long *common,
         Py_ssize_t nc, const long long *own, Py_ssize_t no)
{
    Py_ssize_t m = 0; /* the query's heard words */
    while (m < J && sl[m] >= 0)
        m++;
    if (lone)
        memcpy(z, alone + (Py_ssize_t)sl[0] * n, (size_t)n * sizeof(float));
    else { /* ((0 + (a_0 - static) * s_0) + ...) + static, four candidates at a time */
        const float *a[POOL_MAX_WORDS];
        f32x4 s4[POOL_MAX_WORDS];
        for (Py_ssize_t j = 0; j < m; j++) {
            a[j] = alone + (Py_ssize_t)sl[j] * n;
            const float s = sc[j];
            const f32x4 sj = {s, s, s, s};
            s4[j] = sj;
        }
        Py_ssize_t i = 0;
        for (; i + 4 <= n; i += 4) {
            f32x4 sv, zv = {0, 0, 0, 0};
            memcpy(&sv, st + i, sizeof sv);
            for (Py_ssize_t j = 0; j < m; j++) {
                f32x4 av;
                memcpy(&av, a[j] + i, sizeof av);
                zv = zv + (av - sv) * s4[j];
            }
            zv = zv + sv;
            memcpy(z + i, &zv, sizeof zv);
        }
        for (; i < n; i++) {
            float zi = 0.0f;
            for (Py_ssize_t j = 0; j < m; j++)
                zi = zi + (a[j][i] - st[i]) * sc[j];
            z[i] = zi + st[i];
        }
    }
    for (Py_ssize_t b = 0; b < nc; b++)
        z[common[b]] = -INFINITY;
    for (Py_ssize_t b = 0; b < no; b++)
        z[own[b]] = -INFINITY;
    /* the largest (the same in float32: widening keeps the order) */
    float top = z[0];
    Py_ssize_t i = 0;
#ifdef __SSE__
    __m128 t4 = _mm_set1_ps(top);
    for (; i + 4 <= n; i += 4) /* maxps: the larger of each pair (no NaN here) */
        t4 = _mm_max_ps(_mm_loadu_ps(z + i), t4);
    float t[4];
    _mm_storeu_ps(t, t4);
    for (int k = 0; k < 4; k++)
        top = t[k] > top ? t[k] : top;
#endif
    for (; i < n; i++)
        top = z[i] > top ? z[i] : top;
    const double mx = (double)top;
    const f64x4 mx4 = {mx, mx, mx, mx};
    for (i = 0; i + 4 <= n; i += 4) {
        f32x4 zv;
        memcpy(&zv, z + i, sizeof zv);
        const f64x4 xv = __builtin_convertvector(zv, f64x4) - mx4;
        memcpy(x + i, &xv, sizeof xv);
    }
    for (; i < n; i++)
        x[i] = (double)z[i] - mx;
    for (Py_ssize_t b = 0; b < nc; b++) /* exp(-inf) is 0; exp(0) is quick to make */
        x[common[b]] = 0.0;
    for (Py_ssize_t b = 0; b < no; b++)
        x[own[b]] = 0.0;
}

/*
 * pooled_chances: several queries' logits added up (bots/people/pool.py: pooled), widened
 * to float64, the row's largest value over the words not banned subtracted (the steps of
 * bots/hinter_chains.py: secret_chances before the exponential), with numpy's float
 * operations in numpy's order; the banned words are left at 0, not -inf (numpy's vector
 * exponential makes exp(-inf) = 0 lane by lane, slowly: the caller zeroes them after it):
 *
 *   z = ((0 + (a_0 - static) * s_0) + (a_1 - static) * s_1 + ...) + static     (float32)
 *
 * a_j the logits of the query's j-th heard word heard alone (a row of alone), s_j its
 * scale; a query marked lone takes its only word's logits as they are.
 */
PyObject *
pooled_chances(PyObject *self, PyObject *args)
{
    Py_buffer x_b, alone_b, static_b, slots_b, scales_b, lone_b, common_b, banned_b, starts_b;
    PyObject *result = NULL;
    if (!PyArg_ParseTuple(args, "w*y*y*y*y*y*y*y*y*", &x_b, &alone_b, &static_b, &slots_b,
                          &scales_b, &lone_b, &common_b, &banned_b, &starts_b))
        return NULL;
    Py_ssize_t n = static_b.len / (Py_ssize_t)sizeof(float);
    Py_ssize_t Q = lone_b.len, H = n > 0 ? alone_b.len / (Py_ssize_t)sizeof(float) / n : 0;
    Py_ssize_t J = Q > 0 ? slots_b.len / 4 / Q : 0, nb = banned_b.len / 8;
    Py_ssize_t nc = common_b.len / 8;
    if (n < 1 || Q < 1 || J < 1 || J > POOL_MAX_WORDS) {
        PyErr_SetString(PyExc_ValueError, "pooled_chances: no word or query, or not 1 to 64 "
                                          "heard words");
        goto done;
    }
    if (!typed_buffer(&x_b, Q * n, 8, "x") || !float_buffer(&alone_b, H * n, "alone")
        || !typed_buffer(&slots_b, Q * J, 4, "slots") || !float_buffer(&scales_b, Q * J, "scales")
        || !typed_buffer(&starts_b, Q + 1, 8, "starts"))
        goto done;
    {
        double *x = (double *)x_b.buf;
        const float *alone = (const float *)alone_b.buf, *st = (const float *)static_b.buf;
        const int *slots = (const int *)slots_b.buf;
        const float *scales = (const float *)scales_b.buf;
        const unsigned char *lone = (const unsigned char *)lone_b.buf;
        const long long *common = (const long long *)common_b.buf;
        const long long *banned = (const long long *)banned_b.buf;
        const long long *starts = (const long long *)starts_b.buf;
        if (starts[0] != 0 || starts[Q] != nb) {
            PyErr_SetString(PyExc_ValueError, "starts: not the banned rows' bounds");
            goto done;
        }
        for (Py_ssize_t q = 0; q < Q; q++) {
            if (starts[q + 1] < starts[q]) {
                PyErr_SetString(PyExc_ValueError, "starts: not ascending");
                goto done;
            }
            for (Py_ssize_t j = 0; j < J; j++)
                if (slots[q * J + j] >= H || (j == 0 && slots[q * J] < 0)) {
                    PyErr_Format(PyExc_IndexError, "slots: %d outside 0..%zd",
                                 slots[q * J + j], H - 1);
                    goto done;
                }
        }
        if (!rows_within(banned, nb, n, "banned") || !rows_within(common, nc, n, "common"))
            goto done;
        float *z = PyMem_Malloc((size_t)n * sizeof(float));
        if (z == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        Py_BEGIN_ALLOW_THREADS
        for (Py_ssize_t q = 0; q < Q; q++)
            pool_row(x + q * n, z, alone, st, slots + q * J, scales + q * J, J, lone[q], n,
                     common, nc, banned + starts[q], starts[q + 1] - starts[q]);
        Py_END_ALLOW_THREADS
        PyMem_Free(z);
        result = Py_None;
        Py_INCREF(result);
    }
done:
    PyBuffer_Release(&x_b);
    PyBuffer_Release(&alone_b);
    PyBuffer_Release(&static_b);
    PyBuffer_Release(&slots_b);
    PyBuffer_Release(&scales_b);
    PyBuffer_Release(&lone_b);
    PyBuffer_Release(&common_b);
    PyBuffer_Release(&banned_b);
    PyBuffer_Release(&starts_b);
    return result;
}
