/*
 * The level's words before the guesser's draw (draw.py): largest, the k largest of a float64
 * vector; prepare, the logits as the guesser draws from them (draw.masked_support): their
 * largest, shifted by it, the rows of the level's words and of the near ones, reading only
 * the blocks of 16 rows that can hold one.
 */
#include "kernel.h"

PyObject *
largest(PyObject *self, PyObject *args)
{
    Py_buffer out_b, x_b;
    PyObject *result = NULL;
    if (!PyArg_ParseTuple(args, "w*y*", &out_b, &x_b))
        return NULL;
    Py_ssize_t K = out_b.len / (Py_ssize_t)sizeof(double);
    Py_ssize_t n = x_b.len / (Py_ssize_t)sizeof(double);
    if (K < 1 || K > n) {
        PyErr_Format(PyExc_ValueError, "out: %zd values, expected 1 to %zd", K, n);
        goto done;
    }
    {
        double *top = (double *)out_b.buf; /* descending */
        const double *x = (const double *)x_b.buf;
        for (Py_ssize_t j = 0; j < K; j++)
            top[j] = -INFINITY;
        Py_ssize_t seen = 0;
        for (Py_ssize_t i = 0; i < n; i++) {
            const double v = x[i];
            if (seen >= K && !(v > top[K - 1]))
                continue;
            Py_ssize_t j = seen < K ? seen++ : K - 1; /* drop the smallest kept */
            while (j > 0 && top[j - 1] < v) {
                top[j] = top[j - 1];
                j--;
            }
            top[j] = v;
        }
        result = Py_None;
        Py_INCREF(result);
    }
done:
    PyBuffer_Release(&out_b);
    PyBuffer_Release(&x_b);
    return result;
}

#define BLOCK 16

/* The largest allowed logit of the m <= BLOCK rows from ``start`` (-inf if none); only
 * compared with what a row must exceed to be kept, so any NaN is of no concern. */
static inline float
block_most(const float *z, const unsigned char *banned, Py_ssize_t start, Py_ssize_t m)
{
#if defined(__SSE2__)
    if (m == BLOCK) { /* four by four: allowed rows' logits, the others -inf */
        const float *zs = z + start;
        const __m128i ok8 = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(banned + start)),
                                           _mm_setzero_si128());
        const __m128i lo = _mm_unpacklo_epi8(ok8, ok8), hi = _mm_unpackhi_epi8(ok8, ok8);
        const __m128i ok[4] = {_mm_unpacklo_epi16(lo, lo), _mm_unpackhi_epi16(lo, lo),
                               _mm_unpacklo_epi16(hi, hi), _mm_unpackhi_epi16(hi, hi)};
        const __m128 none = _mm_set1_ps(-INFINITY);
        __m128 v[4];
        for (int k = 0; k < 4; k++) {
            const __m128 mask = _mm_castsi128_ps(ok[k]);
            v[k] = _mm_or_ps(_mm_and_ps(mask, _mm_loadu_ps(zs + 4 * k)),
                             _mm_andnot_ps(mask, none));
        }
        __m128 a = _mm_max_ps(_mm_max_ps(v[0], v[1]), _mm_max_ps(v[2], v[3]));
        a = _mm_max_ps(a, _mm_shuffle_ps(a, a, _MM_SHUFFLE(1, 0, 3, 2)));
        a = _mm_max_ps(a, _mm_shuffle_ps(a, a, _MM_SHUFFLE(2, 3, 0, 1)));
        return _mm_cvtss_f32(a);
    }
#endif
    float most = -INFINITY;
    for (Py_ssize_t j = 0; j < m; j++)
        if (!banned[start + j] && z[start + j] > most)
            most = z[start + j];
    return most;
}

/* The allowed rows whose logit is at least ``floor``, ascending, written to out; how many.
 * Only the blocks whose largest reaches it are read. (-inf floor: every row.) */
static Py_ssize_t
rows_at_least(long long *out, const float *z, const unsigned char *banned,
              const float *most_of, Py_ssize_t blocks, Py_ssize_t n, double floor)
{
    Py_ssize_t m = 0;
    for (Py_ssize_t b = 0; b < blocks; b++) {
        if (!((double)most_of[b] >= floor))
            if (floor != -INFINITY)
                continue;
        const Py_ssize_t end = b + 1 < blocks ? (b + 1) * BLOCK : n;
        for (Py_ssize_t i = b * BLOCK; i < end; i++) {
            const double v = banned[i] ? -INFINITY : (double)z[i];
            out[m] = i;
            m += v >= floor;
        }
    }
    return m;
}

/* shifted = (z as float64, -inf where banned) - first: without a branch, vectorised (and
 * compiled twice where the compiler can: for AVX2 and for any x86-64, picked at load). */
#if defined(__linux__) && defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
static void
shift(double *shifted, const float *z, const unsigned char *banned, Py_ssize_t n, double first)
{
    const uint64_t none = 0xFFF0000000000000ull; /* -inf */
    for (Py_ssize_t i = 0; i < n; i++) {
        const double v = (double)z[i];
        uint64_t bits, mask = (uint64_t)0 - (uint64_t)(banned[i] != 0);
        memcpy(&bits, &v, sizeof bits);
        bits = (bits & ~mask) | (none & mask);
        double x;
        memcpy(&x, &bits, sizeof x);
        shifted[i] = x - first;
    }
}

/* The logits z as the guesser draws from them, in two passes (numpy: draw.masked_support):
 * x = z as float64, -inf where banned; top = the len(top) largest of x, descending, with
 * their repeats (as largest() below); shifted = x - top[0]; the rows whose x is at least
 * top[level_k - 1], ascending, in support (level_k > 0), and at least top[near_k - 1] in near
 * (near_k > 0). Returns (np.argmax(x), how many in support, how many in near). */
PyObject *
prepare(PyObject *self, PyObject *args)
{
    Py_buffer shifted_b, z_b, banned_b, top_b, support_b, near_b;
    Py_ssize_t level_k, near_k;
    PyObject *result = NULL;
    if (!PyArg_ParseTuple(args, "w*y*y*w*w*w*nn", &shifted_b, &z_b, &banned_b, &top_b,
                          &support_b, &near_b, &level_k, &near_k))
        return NULL;
    Py_ssize_t n = z_b.len / (Py_ssize_t)sizeof(float);
    Py_ssize_t K = top_b.len / (Py_ssize_t)sizeof(double);
    if (shifted_b.len != n * (Py_ssize_t)sizeof(double) || banned_b.len != n
        || support_b.len != n * (Py_ssize_t)sizeof(long long)
        || near_b.len != (near_k > 0 ? n : 0) * (Py_ssize_t)sizeof(long long)) {
        PyErr_Format(PyExc_ValueError,
                     "shifted, banned, support, near: %zd float64, bools, int64, int64 (near: "
                     "none when near_k is 0) expected",
                     n);
        goto done;
    }
    if (K < 1 || K > n || level_k > K || near_k > K) {
        PyErr_Format(PyExc_ValueError, "top: %zd values, expected 1 to %zd and the ranks asked",
                     K, n);
        goto done;
    }
    {
        double *shifted = (double *)shifted_b.buf, *top = (double *)top_b.buf;
        const float *z = (const float *)z_b.buf;
        const unsigned char *banned = (const unsigned char *)banned_b.buf;
        long long *support = (long long *)support_b.buf, *near = (long long *)near_b.buf;
        float *most_of = PyMem_Malloc((size_t)((n + BLOCK - 1) / BLOCK) * sizeof(float));
        if (most_of == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        const Py_ssize_t blocks = (n + BLOCK - 1) / BLOCK;
        for (Py_ssize_t b = 0; b < blocks; b++) /* each block's largest allowed logit */
            most_of[b] = block_most(z, banned, b * BLOCK, b + 1 < blocks ? BLOCK : n - b * BLOCK);
        for (Py_ssize_t j = 0; j < K; j++)
            top[j] = -INFINITY;
        Py_ssize_t seen = 0, best = 0;
        double most = banned[0] ? -INFINITY : (double)z[0];
        for (Py_ssize_t b = 0; b < blocks; b++) {
            /* a block whose largest would be dropped is skipped whole */
            if (seen >= K && !((double)most_of[b] > top[K - 1]))
                continue;
            const Py_ssize_t end = b + 1 < blocks ? (b + 1) * BLOCK : n;
            for (Py_ssize_t i = b * BLOCK; i < end; i++) {
                const double v = banned[i] ? -INFINITY : (double)z[i];
                if (seen >= K && !(v > top[K - 1]))
                    continue;
                if (v > most) {
                    most = v;
                    best = i;
                }
                Py_ssize_t j = seen < K ? seen++ : K - 1; /* drop the smallest kept */
                while (j > 0 && top[j - 1] < v) {
                    top[j] = top[j - 1];
                    j--;
                }
                top[j] = v;
            }
        }
        shift(shifted, z, banned, n, top[0]);
        const Py_ssize_t ns = level_k > 0 ? rows_at_least(support, z, banned, most_of, blocks, n,
                                                          top[level_k - 1])
                                          : 0;
        const Py_ssize_t nn = near_k > 0 ? rows_at_least(near, z, banned, most_of, blocks, n,
                                                         top[near_k - 1])
                                         : 0;
        PyMem_Free(most_of);
        result = Py_BuildValue("nnn", best, ns, nn);
    }
done:
    PyBuffer_Release(&shifted_b);
    PyBuffer_Release(&z_b);
    PyBuffer_Release(&banned_b);
    PyBuffer_Release(&top_b);
    PyBuffer_Release(&support_b);
    PyBuffer_Release(&near_b);
    return result;
}
