/*
 * alone: the logits of one vocabulary word heard alone (alone.py), without its sparse terms
 * (terms.c adds them):
 *
 *   z = ((cos * w1 + w0) * cos + static) + fwd * w2 + rev * w3   (float32)
 *
 * every row first as below both tables (three rows in four: the same operations for every
 * row, which the compiler vectorises), then only the rows whose cosine lies within a table,
 * listed without a branch, with fwd_rank and rev_rank (kernel.h). Where the processor has
 * AVX-512, the same pass 16 rows at a time (alone_avx512); vectorised() switches that off
 * for the tests, which compare both passes with numpy.
 */
#include "kernel.h"

#if defined(__GNUC__) && defined(__x86_64__)
#define ALONE_X86 1
#endif

#if defined(__SSE2__)
/* For each pattern of four comparisons, the offsets of the true ones, first (then zeros). */
static const int PICKED[16][4] = {
    {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0}, {2, 0, 0, 0}, {0, 2, 0, 0},
    {1, 2, 0, 0}, {0, 1, 2, 0}, {3, 0, 0, 0}, {0, 3, 0, 0}, {1, 3, 0, 0}, {0, 1, 3, 0},
    {2, 3, 0, 0}, {0, 2, 3, 0}, {1, 2, 3, 0}, {0, 1, 2, 3},
};
/* How many of them (__builtin_popcount calls libgcc without the popcnt instruction). */
static const unsigned char PICKS[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
#endif

#ifdef ALONE_X86
/* The same pass 16 rows at a time with AVX-512, where the processor has it (alone_wide) and
 * a table fits a register (K <= 16): the same float operations lane by lane, so the same
 * floats. The rows within a table are listed a chunk at a time by compressing each block's
 * lanes (with their cosines, logits so far and lowest entries, read in a row afterwards);
 * then 16 listed rows at a time, the binary searches of fwd_rank and rev_rank step by step
 * in every lane (the heard word's table from a register, the rows' from gathers), the
 * segment's entries picked the same way, np.interp's special cases as blends; products and
 * sums apart, as in the scalar code (never a fused multiply-add), float64 to float32 rounded
 * to nearest as the cast. After the matrix-vector product it takes 27 µs where the pass
 * below takes 40 (most of it reading static, last and the table rows from L3). */
#define WIDE __attribute__((target("avx512f,avx512vl,avx512bw,avx512dq,popcnt")))
#define CHUNK 1024 /* rows listed, then scored, at a time: the lists stay in L1 */
#define AHEAD 2    /* groups of 16 listed rows whose table rows are asked for ahead */

typedef struct {
    int row[CHUNK + 16]; /* + the last 16-wide store */
    float cos[CHUNK + 16], z[CHUNK + 16], last[CHUNK + 16];
} Listed;

/* Entry j % 16 of the 16 doubles v[0], v[1], lane by lane. */
WIDE static inline __m512d
pick_pd(const __m512d v[2], __m512i j)
{
    return _mm512_permutex2var_pd(v[0], j, v[1]);
}

/* fwd_rank in 8 lanes (x: the cosines in float64, j: their binary searches' results) before
 * the choice of ln RANKS[-1] below the table: every branch's value, the right one kept. */
WIDE static inline __m256
fwd_rank8(const Tables *t, const __m512d dx[2], const __m512d dy[2], const __m512d slopes[2],
          __m512d x, __m512i j)
{
    const __m512i j1 = _mm512_add_epi64(j, _mm512_set1_epi64(1)); /* K or 16: not kept */
    const __m512d dxj = pick_pd(dx, j), dyj = pick_pd(dy, j), dyj1 = pick_pd(dy, j1);
    const __m512d sj = pick_pd(slopes, j);
    __m512d r = _mm512_add_pd(_mm512_mul_pd(sj, _mm512_sub_pd(x, dxj)), dyj);
    const __mmask8 nan = _mm512_cmp_pd_mask(r, r, _CMP_UNORD_Q);
    const __m512d r1 = _mm512_add_pd(_mm512_mul_pd(sj, _mm512_sub_pd(x, pick_pd(dx, j1))), dyj1);
    r = _mm512_mask_blend_pd(nan, r, r1);
    const __mmask8 flat = nan & _mm512_cmp_pd_mask(r1, r1, _CMP_UNORD_Q)
                          & _mm512_cmp_pd_mask(dyj, dyj1, _CMP_EQ_OQ);
    r = _mm512_mask_blend_pd(flat, r, dyj);
    const __mmask8 top = _mm512_cmpeq_epi64_mask(j, _mm512_set1_epi64(t->K - 1));
    r = _mm512_mask_blend_pd(top, r, _mm512_setzero_pd()); /* np.interp's right=0.0 */
    r = _mm512_mask_blend_pd(_mm512_cmp_pd_mask(dxj, x, _CMP_EQ_OQ), r, dyj);
    return _mm512_cvtpd_ps(r);
}

/* The first pass over the 16 rows from i (the lanes of ``live``): every row's logit as below
 * both tables; the rows within one appended to the list, which has m. Returns the new m. */
WIDE static inline Py_ssize_t
list16(Listed *L, Py_ssize_t m, Py_ssize_t i, __mmask16 live, float *out, const float *cos,
       const float *st, const float *last, __m512 w0, __m512 w1, __m512 fb, __m512 rb,
       __m512 lowest)
{
    const __m512 c = _mm512_maskz_loadu_ps(live, cos + i);
    const __m512 lc = _mm512_maskz_loadu_ps(live, last + i);
    __m512 z = _mm512_mul_ps(c, w1);
    z = _mm512_add_ps(z, w0);
    z = _mm512_mul_ps(z, c);
    z = _mm512_add_ps(z, _mm512_maskz_loadu_ps(live, st + i));
    _mm512_mask_storeu_ps(out + i, live, _mm512_add_ps(_mm512_add_ps(z, fb), rb));
    const __mmask16 in = _mm512_mask_cmp_ps_mask(live, c, lowest, _CMP_GE_OQ)
                         | _mm512_mask_cmp_ps_mask(live, c, lc, _CMP_GE_OQ);
    const __m512i rows = _mm512_add_epi32(
        _mm512_set1_epi32((int)i),
        _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    /* (compressed in registers, stored whole: a compressing store is slower) */
    _mm512_storeu_si512(L->row + m, _mm512_maskz_compress_epi32(in, rows));
    _mm512_storeu_ps(L->cos + m, _mm512_maskz_compress_ps(in, c));
    _mm512_storeu_ps(L->z + m, _mm512_maskz_compress_ps(in, z));
    _mm512_storeu_ps(L->last + m, _mm512_maskz_compress_ps(in, lc));
    return m + _mm_popcnt_u32(in);
}

/* A table row's lines, asked for (K floats: across two lines in most rows). */
static inline void
prefetch_row(const float *q, int row, Py_ssize_t K)
{
    __builtin_prefetch(q + (Py_ssize_t)row * K);
    __builtin_prefetch(q + (Py_ssize_t)row * K + K - 1);
}

WIDE static void
alone_avx512(const Tables *t, float *out, const float *cos, const float *st, const float *last,
             const float *q, Py_ssize_t n, float w0, float w1, float w2, float w3, float *fwd,
             float *rev)
{
    const Py_ssize_t K = t->K;
    const __m512 vw0 = _mm512_set1_ps(w0), vw1 = _mm512_set1_ps(w1), vw2 = _mm512_set1_ps(w2),
                 vw3 = _mm512_set1_ps(w3), lowest = _mm512_set1_ps(t->lowest),
                 beyond = _mm512_set1_ps(t->beyond), fb = _mm512_set1_ps(t->beyond * w2),
                 rb = _mm512_set1_ps(t->beyond * w3), tiny = _mm512_set1_ps(1e-6f),
                 zero = _mm512_setzero_ps();
    __m512d dx[2], dy[2], slopes[2];
    for (int v = 0; v < 2; v++) {
        dx[v] = _mm512_loadu_pd(t->dx + 8 * v);
        dy[v] = _mm512_loadu_pd(t->dy + 8 * v);
        slopes[v] = _mm512_loadu_pd(t->slopes + 8 * v);
    }
    const __m512 ax = _mm512_loadu_ps(t->ax), step = _mm512_loadu_ps(t->step),
                 lr = _mm512_loadu_ps(t->lrs);
    const __m512i vK = _mm512_set1_epi32((int)K), one = _mm512_set1_epi32(1);
    Listed L;
    for (Py_ssize_t c0 = 0; c0 < n; c0 += CHUNK) {
        const Py_ssize_t c1 = c0 + CHUNK < n ? c0 + CHUNK : n;
        Py_ssize_t m = 0, i = c0;
        for (; i + 16 <= c1; i += 16)
            m = list16(&L, m, i, 0xFFFF, out, cos, st, last, vw0, vw1, fb, rb, lowest);
        if (i < c1)
            m = list16(&L, m, i, (__mmask16)((1u << (c1 - i)) - 1), out, cos, st, last, vw0,
                       vw1, fb, rb, lowest);
        for (Py_ssize_t l = 0; l < 16 * AHEAD && l < m; l++)
            prefetch_row(q, L.row[l], K);
        for (Py_ssize_t g = 0; g < m; g += 16) {
            const __mmask16 live = m - g >= 16 ? 0xFFFF : (__mmask16)((1u << (m - g)) - 1);
            /* the table rows of the group AHEAD groups from now, asked for now */
            for (Py_ssize_t l = g + 16 * AHEAD; l < g + 16 * (AHEAD + 1) && l < m; l++)
                prefetch_row(q, L.row[l], K);
            const __m512 c = _mm512_loadu_ps(L.cos + g);
            const __m512i rows = _mm512_maskz_loadu_epi32(live, L.row + g);
            const __m512i at = _mm512_mullo_epi32(rows, vK); /* each row's first entry */
            /* both binary searches (from MAX_K / 2, whose steps cannot succeed: K <= 16) */
            __m512i j = _mm512_setzero_si512(), k = _mm512_setzero_si512();
            for (int step_ = 8; step_ > 0; step_ >>= 1) {
                const __m512i by = _mm512_set1_epi32(step_);
                const __m512i next = _mm512_add_epi32(j, by), up = _mm512_add_epi32(k, by);
                const __mmask16 fits = _mm512_cmplt_epi32_mask(next, vK);
                const __m512 abscissa = _mm512_permutexvar_ps(next, ax);
                j = _mm512_mask_mov_epi32(
                    j, _mm512_mask_cmp_ps_mask(fits, abscissa, c, _CMP_LE_OQ), next);
                const __mmask16 ok = live & _mm512_cmplt_epi32_mask(up, vK); /* up <= K - 1 */
                const __m512 entry = _mm512_mask_i32gather_ps(
                    zero, ok, _mm512_add_epi32(at, _mm512_sub_epi32(up, one)), q, 4);
                k = _mm512_mask_mov_epi32(k, _mm512_mask_cmp_ps_mask(ok, entry, c, _CMP_GT_OQ),
                                          up);
            }
            /* fwd, in float64 8 lanes at a time */
            const __m256 f_lo = fwd_rank8(t, dx, dy, slopes,
                                          _mm512_cvtps_pd(_mm512_castps512_ps256(c)),
                                          _mm512_cvtepi32_epi64(_mm512_castsi512_si256(j)));
            const __m256 f_hi = fwd_rank8(t, dx, dy, slopes,
                                          _mm512_cvtps_pd(_mm512_extractf32x8_ps(c, 1)),
                                          _mm512_cvtepi32_epi64(_mm512_extracti64x4_epi64(j, 1)));
            __m512 f = _mm512_insertf32x8(_mm512_castps256_ps512(f_lo), f_hi, 1);
            f = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(c, lowest, _CMP_GE_OQ), beyond, f);
            /* rev */
            const __m512i s = _mm512_max_epi32(_mm512_sub_epi32(k, one), _mm512_setzero_si512());
            const __m512i as = _mm512_add_epi32(at, s);
            const __m512 qs = _mm512_mask_i32gather_ps(zero, live, as, q, 4);
            const __m512 qs1 = _mm512_mask_i32gather_ps(zero, live, _mm512_add_epi32(as, one), q,
                                                        4);
            __m512 span = _mm512_sub_ps(qs, qs1);
            span = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(span, tiny, _CMP_LT_OQ), span, tiny);
            __m512 r = _mm512_sub_ps(qs, c);
            r = _mm512_div_ps(r, span);
            r = _mm512_mul_ps(r, _mm512_permutexvar_ps(s, step));
            r = _mm512_add_ps(r, _mm512_permutexvar_ps(s, lr));
            r = _mm512_mask_blend_ps(_mm512_cmpeq_epi32_mask(k, _mm512_setzero_si512()), r, zero);
            r = _mm512_mask_blend_ps(
                _mm512_cmp_ps_mask(c, _mm512_loadu_ps(L.last + g), _CMP_GE_OQ), beyond, r);
            __m512 z = _mm512_add_ps(_mm512_loadu_ps(L.z + g), _mm512_mul_ps(f, vw2));
            z = _mm512_add_ps(z, _mm512_mul_ps(r, vw3));
            _mm512_mask_i32scatter_ps(out, live, rows, z, 4);
            if (fwd != NULL) {
                _mm512_mask_i32scatter_ps(fwd, live, rows, f, 4);
                _mm512_mask_i32scatter_ps(rev, live, rows, r, 4);
            }
        }
    }
}

static int alone_narrow = 0; /* vectorised(False): the SSE2 and scalar pass even here (tests) */

/* Whether this processor runs alone_avx512 (asked once). */
static int
alone_wide(void)
{
    static int wide = -1;
    if (wide < 0)
        wide = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl")
               && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq")
               && __builtin_cpu_supports("popcnt");
    return wide;
}
#endif

PyObject *
alone(PyObject *self, PyObject *args)
{
    Py_buffer out_b, cos_b, static_b, last_b, q_b, table_b, lr_b, fwd_b = {0}, rev_b = {0};
    float w0, w1, w2, w3;
    PyObject *result = NULL;
    Tables t;
    if (!PyArg_ParseTuple(args, "w*y*y*y*y*y*y*ffff|w*w*", &out_b, &cos_b, &static_b, &last_b,
                          &q_b, &table_b, &lr_b, &w0, &w1, &w2, &w3, &fwd_b, &rev_b))
        return NULL;
    Py_ssize_t n = cos_b.len / (Py_ssize_t)sizeof(float);
    const int keep = fwd_b.buf != NULL && rev_b.buf != NULL;
    if (!parse_tables(&t, &table_b, &lr_b) || !float_buffer(&out_b, n, "out")
        || !float_buffer(&static_b, n, "static") || !float_buffer(&last_b, n, "last")
        || !float_buffer(&q_b, n * t.K, "quantiles")
        || (keep && (!float_buffer(&fwd_b, n, "fwd") || !float_buffer(&rev_b, n, "rev"))))
        goto done;
#ifdef ALONE_X86
    /* (a table in one register; rows * K as int32) */
    if (t.K <= 16 && n * t.K <= INT32_MAX && !alone_narrow && alone_wide()) {
        Py_BEGIN_ALLOW_THREADS
        alone_avx512(&t, (float *)out_b.buf, (const float *)cos_b.buf,
                     (const float *)static_b.buf, (const float *)last_b.buf,
                     (const float *)q_b.buf, n, w0, w1, w2, w3,
                     keep ? (float *)fwd_b.buf : NULL, keep ? (float *)rev_b.buf : NULL);
        Py_END_ALLOW_THREADS
        result = Py_None;
        Py_INCREF(result);
        goto done;
    }
#endif
    {
        float *out = (float *)out_b.buf;
        const float *cos = (const float *)cos_b.buf;
        const float *st = (const float *)static_b.buf;
        const float *last = (const float *)last_b.buf;
        const float *q = (const float *)q_b.buf;
        const Py_ssize_t K = t.K;
        int *within = PyMem_Malloc((size_t)(n + 4) * sizeof(int)); /* + a 4-wide store */
        if (within == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        Py_BEGIN_ALLOW_THREADS
        /* below both tables (three rows in four): fwd and rev are ln RANKS[-1]; the same
         * operations for every row, which the compiler vectorises */
        const float fb = t.beyond * w2, rb = t.beyond * w3, lowest = t.lowest;
        for (Py_ssize_t i = 0; i < n; i++) {
            const float c = cos[i];
            float z = c * w1;
            z = z + w0;
            z = z * c;
            z = z + st[i];
            z = z + fb;
            out[i] = z + rb;
        }
        /* the rows whose cosine lies within a table, listed without a branch */
        Py_ssize_t m = 0, i0 = 0;
#if defined(__SSE2__)
        { /* four at a time: the rows of each pattern of four comparisons */
            const __m128 low = _mm_set1_ps(lowest);
            for (; i0 + 4 <= n; i0 += 4) {
                const __m128 c = _mm_loadu_ps(cos + i0);
                const int bits = _mm_movemask_ps(
                    _mm_or_ps(_mm_cmpge_ps(c, low), _mm_cmpge_ps(c, _mm_loadu_ps(last + i0))));
                const __m128i rows = _mm_add_epi32(_mm_set1_epi32((int)i0),
                                                   _mm_loadu_si128((const __m128i *)PICKED[bits]));
                _mm_storeu_si128((__m128i *)(within + m), rows);
                m += PICKS[bits];
            }
        }
#endif
        for (Py_ssize_t i = i0; i < n; i++) {
            const float c = cos[i];
            within[m] = (int)i;
            m += (c >= lowest) | (c >= last[i]);
        }
        for (Py_ssize_t j = 0; j < m; j++) {
            const Py_ssize_t i = within[j];
            if (j + 16 < m) { /* a table row read a few rows from now, asked for now */
                __builtin_prefetch(q + (Py_ssize_t)within[j + 16] * K);
                __builtin_prefetch(q + (Py_ssize_t)within[j + 16] * K + K - 1); /* its end */
            }
            const float c = cos[i];
            float z = c * w1;
            z = z + w0;
            z = z * c;
            z = z + st[i];
            const float f = fwd_rank(&t, c);
            z = z + f * w2;
            /* only the quarter of the rows whose cosine lies within them are read */
            const float r = rev_rank(&t, c, last[i], q + i * K);
            out[i] = z + r * w3;
            if (keep) { /* for terms(): the ranks of the rows within a table */
                ((float *)fwd_b.buf)[i] = f;
                ((float *)rev_b.buf)[i] = r;
            }
        }
        Py_END_ALLOW_THREADS
        PyMem_Free(within);
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
    if (fwd_b.buf != NULL)
        PyBuffer_Release(&fwd_b);
    if (rev_b.buf != NULL)
        PyBuffer_Release(&rev_b);
    return result;
}

/* vectorised(on=True): let alone take its AVX-512 pass where the processor has one (False:
 * the SSE2 and scalar pass, so that tests run both here); whether the AVX-512 one is taken. */
PyObject *
vectorised(PyObject *self, PyObject *args)
{
    int on = 1;
    if (!PyArg_ParseTuple(args, "|p", &on))
        return NULL;
#ifdef ALONE_X86
    alone_narrow = !on;
    return PyBool_FromLong(on && alone_wide());
#else
    return PyBool_FromLong(0);
#endif
}
