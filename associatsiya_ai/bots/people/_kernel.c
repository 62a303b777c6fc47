/*
 * The human-response model's compiled pass: what a guesser's decision does after its one
 * matrix-vector product, the same float operations in the same order as the numpy code it
 * stands for, so the numbers are bit for bit the same (tests/test_kernel.py,
 * tests/test_people_fast.py compare the two):
 *
 *   alone, terms  the logits of one vocabulary word heard alone (alone.py, rowterms.py):
 *                 z = ((cos * w1 + w0) * cos + static) + fwd * w2 + rev * w3   (float32)
 *                 plus its sparse terms;
 *   pool          a chain's evidence added up (pool.py);
 *   prepare       the logits as the guesser draws from them: shifted, the level's words
 *                 (draw.masked_support);
 *   settle        the likeliest words, their probabilities and the level's draw
 *                 (draw.likeliest, level_probabilities, draw_at);
 *   dense_sum, sparse_sum  numpy's pairwise sum; largest  the k largest values.
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
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>
#define ALONE_X86 1
#endif

#define MAX_K 32

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
 * slopes numpy precomputes; the rev segments' steps. Past K entries: zeros (the vector
 * pass reads whole registers of them). */
typedef struct {
    Py_ssize_t K;
    double dx[MAX_K], dy[MAX_K], slopes[MAX_K];
    float step[MAX_K], lowest, beyond;
    float ax[MAX_K], lrs[MAX_K]; /* the abscissae in float32; log_ranks */
    const float *lr;
} Tables;

static void
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

static int
typed_buffer(Py_buffer *b, Py_ssize_t m, Py_ssize_t size, const char *name)
{
    if (b->len != m * size) {
        PyErr_Format(PyExc_ValueError, "%s: %zd bytes, expected %zd items of %zd bytes", name,
                     b->len, m, size);
        return 0;
    }
    return 1;
}

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

static int
rows_within(const long long *rows, Py_ssize_t m, Py_ssize_t n, const char *name)
{
    for (Py_ssize_t i = 0; i < m; i++)
        if (rows[i] < 0 || rows[i] >= n) {
            PyErr_Format(PyExc_IndexError, "%s: row %lld outside 0..%zd", name, rows[i], n - 1);
            return 0;
        }
    return 1;
}

static PyObject *
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

static PyObject *
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

#define MAX_POOLED 64

/* One query's added-up logits, as pool.pooled adds them in numpy (float32, in this order):
 * out = ((0 + (z_0 - static) * s_0) + (z_1 - static) * s_1 + ...) + static. */
static PyObject *
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
static PyObject *
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
static PyObject *
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
static PyObject *
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
static PyObject *
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

/*
 * dots: the dot products of a few vectors with every row of the vocabulary's matrix, in one
 * pass over it, each vector's numbers summed in the order of the BLAS call they replace
 * (OpenBLAS 0.3 on x86-64, SkylakeX kernels, for the default model's 11 520 x 300 matrix:
 * bots/people/dots.py checks that on the matrix itself before using them):
 *
 * - "gemv" (matrix @ v, the column kernel of a Fortran-ordered matrix): the columns in
 *   groups of eight, then a group of four (group size 8: a contiguous v) or all in groups of
 *   four (group size 4: a strided v, such as a row of that matrix); each group's products
 *   summed from the first by fused multiply-adds, y += the group's sum; any last columns
 *   fused into y one by one;
 * - "chain" (group size 0: a row of a single-precision matrix product): one fused
 *   multiply-add chain over all the columns, from zero.
 *
 * The matrix is read a block of rows at a time (both sums run down the columns), so the few
 * vectors' sums stay in the first-level cache while the 14 MB matrix streams by once.
 */
#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>
#define DOTS_X86 1
#endif
#ifdef __SSE__
#include <xmmintrin.h>
#endif

#define DOTS_BLOCK 256 /* rows per block: 8 columns and the sums of a block in L1 */
#define DOTS_FETCH 4   /* vectors from which a pass fetches the next columns ahead */

typedef struct {
    float *out;             /* (V, n) */
    const float *mt;        /* the matrix transposed, (d, n): column k at mt + k * n */
    const float *x;         /* (V, d) */
    const unsigned char *gemv; /* per vector: 8, 4 (group sizes) or 0 (one chain) */
    Py_ssize_t n, d, V;
    int backwards; /* the row blocks from the last */
} Dots;

/* Rows [i0, i1) one by one. */
static void
dots_rows_scalar(const Dots *a, Py_ssize_t i0, Py_ssize_t i1)
{
    const Py_ssize_t n = a->n, d = a->d;
    for (Py_ssize_t v = 0; v < a->V; v++) {
        const float *x = a->x + v * d;
        for (Py_ssize_t i = i0; i < i1; i++) {
            const float *m = a->mt + i;
            float y = 0.0f;
            Py_ssize_t k = 0;
            if (a->gemv[v]) { /* groups of 8 (for a group size of 8), then of 4 */
                for (Py_ssize_t g = a->gemv[v]; g >= 4; g -= 4)
                    for (; k + g <= d; k += g) {
                        float t = m[k * n] * x[k];
                        for (Py_ssize_t j = 1; j < g; j++)
                            t = fmaf(m[(k + j) * n], x[k + j], t);
                        y = y + t;
                    }
            }
            for (; k < d; k++)
                y = fmaf(m[k * n], x[k], y);
            a->out[v * n + i] = y;
        }
    }
}

#ifdef DOTS_X86
/* A group of G columns from column k (G a constant: the vector's entries stay in
 * registers) for the rows [i0, i1), W rows at a time, one vector after the other (the
 * block's columns stay in L1; consecutive rows' sums are independent chains); VEC the
 * register type. A vector summed in groups of 4 takes a group of 8 as two. */
#define DOTS_GROUP(NAME, TARGET, VEC, W, LOAD, STORE, MUL, FMA, ADD, SET1, G)                 \
    __attribute__((target(TARGET))) static inline void NAME(const Dots *a, Py_ssize_t i0,      \
                                                            Py_ssize_t i1, Py_ssize_t k)       \
    {                                                                                          \
        const Py_ssize_t n = a->n, d = a->d;                                                   \
        const float *col = a->mt + k * n;                                                      \
        /* the next group's lines, fetched a few at a time while this one is summed (where   \
         * there are sums enough to hide them: with few vectors the processor's own fetching \
         * does better) */                                                                     \
        const Py_ssize_t per_col = (i1 - i0) / 16;                                             \
        const Py_ssize_t next = a->V >= DOTS_FETCH && k + G + G <= d ? G : 0;                  \
        const Py_ssize_t lines = per_col * next;                                               \
        const Py_ssize_t steps = a->V * ((i1 - i0) / (4 * W) + 1);                             \
        const Py_ssize_t rate = lines / steps + 1;                                             \
        Py_ssize_t line = 0;                                                                   \
        for (Py_ssize_t v = 0; v < a->V; v++) {                                                \
            VEC x[G];                                                                          \
            for (int j = 0; j < G; j++)                                                        \
                x[j] = SET1(a->x[v * d + k + j]);                                              \
            float *y = a->out + v * n;                                                         \
            const int g = a->gemv[v] < G ? a->gemv[v] : G; /* 0: one chain */                 \
            if (g == 0) {                                                                      \
                Py_ssize_t i = i0;                                                             \
                for (; i + 4 * W <= i1; i += 4 * W) { /* four rows' chains side by side */     \
                    for (Py_ssize_t p = 0; p < rate && line < lines; p++, line++)              \
                        __builtin_prefetch(col + (G + line / per_col) * n + i0                 \
                                           + (line % per_col) * 16);                           \
                    VEC s0 = LOAD(y + i), s1 = LOAD(y + i + W);                                \
                    VEC s2 = LOAD(y + i + 2 * W), s3 = LOAD(y + i + 3 * W);                    \
                    for (int j = 0; j < G; j++) {                                              \
                        const float *c = col + j * n + i;                                      \
                        s0 = FMA(LOAD(c), x[j], s0);                                           \
                        s1 = FMA(LOAD(c + W), x[j], s1);                                       \
                        s2 = FMA(LOAD(c + 2 * W), x[j], s2);                                   \
                        s3 = FMA(LOAD(c + 3 * W), x[j], s3);                                   \
                    }                                                                          \
                    STORE(y + i, s0);                                                          \
                    STORE(y + i + W, s1);                                                      \
                    STORE(y + i + 2 * W, s2);                                                  \
                    STORE(y + i + 3 * W, s3);                                                  \
                }                                                                              \
                for (; i < i1; i += W) {                                                       \
                    VEC s = LOAD(y + i);                                                       \
                    for (int j = 0; j < G; j++)                                                \
                        s = FMA(LOAD(col + j * n + i), x[j], s);                               \
                    STORE(y + i, s);                                                           \
                }                                                                              \
            }                                                                                  \
            else                                                                               \
                for (Py_ssize_t i = i0; i < i1; i += W) {                                      \
                    if ((i - i0) % (4 * W) == 0)                                               \
                        for (Py_ssize_t p = 0; p < rate && line < lines; p++, line++)          \
                            __builtin_prefetch(col + (G + line / per_col) * n + i0             \
                                               + (line % per_col) * 16);                       \
                    VEC t = LOAD(y + i);                                                       \
                    for (int j0 = 0; j0 < G; j0 += g) {                                        \
                        VEC s = MUL(LOAD(col + j0 * n + i), x[j0]);                            \
                        for (int j = j0 + 1; j < j0 + g; j++)                                  \
                            s = FMA(LOAD(col + j * n + i), x[j], s);                           \
                        t = ADD(t, s);                                                         \
                    }                                                                          \
                    STORE(y + i, t);                                                           \
                }                                                                              \
        }                                                                                      \
    }

/* Rows [i0, i1), a multiple of W, all columns. */
#define DOTS_ROWS(NAME, G8, G4, TARGET, VEC, W, LOAD, STORE, FMA, SET1)                       \
    __attribute__((target(TARGET))) static void NAME(const Dots *a, Py_ssize_t i0,             \
                                                     Py_ssize_t i1)                            \
    {                                                                                          \
        const Py_ssize_t n = a->n, d = a->d;                                                   \
        for (Py_ssize_t v = 0; v < a->V; v++)                                                  \
            memset(a->out + v * n + i0, 0, (size_t)(i1 - i0) * sizeof(float));                \
        Py_ssize_t k = 0;                                                                      \
        for (; k + 8 <= d; k += 8)                                                             \
            G8(a, i0, i1, k);                                                                  \
        if (k + 4 <= d) {                                                                      \
            G4(a, i0, i1, k);                                                                  \
            k += 4;                                                                            \
        }                                                                                      \
        for (; k < d; k++) { /* the last columns, one by one, into every sum */                \
            const float *col = a->mt + k * n;                                                  \
            for (Py_ssize_t v = 0; v < a->V; v++) {                                            \
                const VEC xk = SET1(a->x[v * d + k]);                                          \
                float *y = a->out + v * n;                                                     \
                for (Py_ssize_t i = i0; i < i1; i += W)                                        \
                    STORE(y + i, FMA(LOAD(col + i), xk, LOAD(y + i)));                         \
            }                                                                                  \
        }                                                                                      \
    }

#define AVX2_ARGS "avx2,fma", __m256, 8, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_mul_ps,     \
                  _mm256_fmadd_ps, _mm256_add_ps, _mm256_set1_ps
#define AVX512_ARGS "avx512f", __m512, 16, _mm512_loadu_ps, _mm512_storeu_ps, _mm512_mul_ps,  \
                    _mm512_fmadd_ps, _mm512_add_ps, _mm512_set1_ps
#define EXPAND(M, ...) M(__VA_ARGS__)
EXPAND(DOTS_GROUP, dots8_avx2, AVX2_ARGS, 8)
EXPAND(DOTS_GROUP, dots4_avx2, AVX2_ARGS, 4)
EXPAND(DOTS_GROUP, dots8_avx512, AVX512_ARGS, 8)
EXPAND(DOTS_GROUP, dots4_avx512, AVX512_ARGS, 4)
DOTS_ROWS(dots_rows_avx2, dots8_avx2, dots4_avx2, "avx2,fma", __m256, 8, _mm256_loadu_ps,
          _mm256_storeu_ps, _mm256_fmadd_ps, _mm256_set1_ps)
DOTS_ROWS(dots_rows_avx512, dots8_avx512, dots4_avx512, "avx512f", __m512, 16,
          _mm512_loadu_ps, _mm512_storeu_ps, _mm512_fmadd_ps, _mm512_set1_ps)
#endif

/* Which way the last pass went: each pass goes the other way, so it starts on the rows the
 * last one read last, still in the processor's caches (the rows' sums do not depend on it). */
static int dots_backwards = 0;

static void
dots_run(const Dots *a)
{
    Py_ssize_t whole = 0;
#ifdef DOTS_X86
    const int w = __builtin_cpu_supports("avx512f")                                 ? 16
                  : __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") ? 8
                                                                                    : 0;
    if (w) {
        whole = a->n - a->n % w;
        const Py_ssize_t blocks = (whole + DOTS_BLOCK - 1) / DOTS_BLOCK;
        for (Py_ssize_t b = 0; b < blocks; b++) {
            const Py_ssize_t start = (a->backwards ? blocks - 1 - b : b) * DOTS_BLOCK;
            const Py_ssize_t end = start + DOTS_BLOCK < whole ? start + DOTS_BLOCK : whole;
            if (w == 16)
                dots_rows_avx512(a, start, end);
            else
                dots_rows_avx2(a, start, end);
        }
    }
#endif
    dots_rows_scalar(a, whole, a->n);
}

static PyObject *
dots(PyObject *self, PyObject *args)
{
    Py_buffer out_b, mt_b, x_b, gemv_b;
    PyObject *result = NULL;
    if (!PyArg_ParseTuple(args, "w*y*y*y*", &out_b, &mt_b, &x_b, &gemv_b))
        return NULL;
    Py_ssize_t V = gemv_b.len;
    Py_ssize_t n = V > 0 ? out_b.len / (Py_ssize_t)sizeof(float) / V : 0;
    Py_ssize_t d = n > 0 ? mt_b.len / (Py_ssize_t)sizeof(float) / n : 0;
    if (V < 1 || n < 1 || d < 1) {
        PyErr_SetString(PyExc_ValueError, "dots: no vector, row or column");
        goto done;
    }
    if (!float_buffer(&out_b, V * n, "out") || !float_buffer(&mt_b, d * n, "matrix")
        || !float_buffer(&x_b, V * d, "vectors"))
        goto done;
    for (Py_ssize_t v = 0; v < V; v++) {
        const unsigned char g = ((const unsigned char *)gemv_b.buf)[v];
        if (g != 0 && g != 4 && g != 8) {
            PyErr_Format(PyExc_ValueError, "groups: %d, expected 0, 4 or 8", (int)g);
            goto done;
        }
    }
    {
        Dots a = {(float *)out_b.buf, (const float *)mt_b.buf, (const float *)x_b.buf,
                  (const unsigned char *)gemv_b.buf, n, d, V, dots_backwards};
        dots_backwards = !dots_backwards; /* with the GIL held */
        Py_BEGIN_ALLOW_THREADS
        dots_run(&a);
        Py_END_ALLOW_THREADS
        result = Py_None;
        Py_INCREF(result);
    }
done:
    PyBuffer_Release(&out_b);
    PyBuffer_Release(&mt_b);
    PyBuffer_Release(&x_b);
    PyBuffer_Release(&gemv_b);
    return result;
}

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
static PyObject *
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
static PyObject *
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

/* mask[rows] = 1 for each int32 array of ``arrays`` and each int of ``extra``; returns how
 * many of the n entries are set afterwards (n: none is left). One call where numpy's indexed
 * assignments cost a few microseconds each after a matrix product swept the caches. */
static PyObject *
ban(PyObject *self, PyObject *args)
{
    Py_buffer mask_b;
    PyObject *arrays, *extra, *fast = NULL, *result = NULL;
    if (!PyArg_ParseTuple(args, "w*O!O", &mask_b, &PyTuple_Type, &arrays, &extra))
        return NULL;
    unsigned char *mask = (unsigned char *)mask_b.buf;
    const Py_ssize_t n = mask_b.len;
    for (Py_ssize_t a = 0; a < PyTuple_GET_SIZE(arrays); a++) {
        Py_buffer rows_b;
        if (PyObject_GetBuffer(PyTuple_GET_ITEM(arrays, a), &rows_b, PyBUF_SIMPLE) < 0)
            goto done;
        const int *rows = (const int *)rows_b.buf;
        const Py_ssize_t m = rows_b.len / (Py_ssize_t)sizeof(int);
        int bad = rows_b.len % (Py_ssize_t)sizeof(int) != 0;
        for (Py_ssize_t j = 0; j < m && !bad; j++)
            bad = rows[j] < 0 || rows[j] >= n;
        for (Py_ssize_t j = 0; j < m && !bad; j++)
            mask[rows[j]] = 1;
        PyBuffer_Release(&rows_b);
        if (bad) {
            PyErr_Format(PyExc_IndexError, "ban: int32 rows within 0..%zd expected", n - 1);
            goto done;
        }
    }
    fast = PySequence_Fast(extra, "ban: extra must be a sequence of ints");
    if (fast == NULL)
        goto done;
    for (Py_ssize_t j = 0; j < PySequence_Fast_GET_SIZE(fast); j++) {
        const Py_ssize_t i = PyLong_AsSsize_t(PySequence_Fast_GET_ITEM(fast, j));
        if (i == -1 && PyErr_Occurred())
            goto done;
        if (i < 0 || i >= n) {
            PyErr_Format(PyExc_IndexError, "ban: row %zd outside 0..%zd", i, n - 1);
            goto done;
        }
        mask[i] = 1;
    }
    Py_ssize_t count = 0;
    for (Py_ssize_t i = 0; i < n; i++)
        count += mask[i] != 0;
    result = PyLong_FromSsize_t(count);
done:
    Py_XDECREF(fast);
    PyBuffer_Release(&mask_b);
    return result;
}

/* vectorised(on=True): let alone take its AVX-512 pass where the processor has one (False:
 * the SSE2 and scalar pass, so that tests run both here); whether the AVX-512 one is taken. */
static PyObject *
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

static PyMethodDef methods[] = {
    {"alone", alone, METH_VARARGS,
     "alone(out, cos, static, last, quantiles, table, log_ranks, w0, w1, w2, w3[, fwd, rev]): "
     "the logits of one vocabulary word heard alone, without its sparse terms, written to "
     "out (fwd, rev: the ranks of the rows within a table kept there, for terms)."},
    {"vectorised", vectorised, METH_VARARGS,
     "vectorised(on=True): whether alone may run 16 rows at a time (AVX-512) where the "
     "processor can (for the tests: False, the other pass); returns whether it does."},
    {"terms", terms, METH_VARARGS,
     "terms(out, cos, last, quantiles, table, log_ranks, linked, weights, rows, const, "
     "by_fwd, by_rev, said, said_weight[, fwd, rev]): add a heard word's sparse terms to out "
     "(as RowTerms.add_to), its fwd and rev features read at their rows (kept by alone)."},
    {"largest", largest, METH_VARARGS,
     "largest(out, x): the len(out) largest of the float64 x, descending, written to out "
     "(with their repeats: out[k - 1] is np.partition(x, n - k)[n - k])."},
    {"pool", pool, METH_VARARGS,
     "pool(out, static, rows, scales): one query's added-up logits, (0 + sum of (rows[j] - "
     "static) * scales[j], in order) + static, float32, written to out."},
    {"prepare", prepare, METH_VARARGS,
     "prepare(shifted, z, banned, top, support, near, level_k, near_k): the logits as the "
     "guesser draws from them (draw.masked_support); returns (argmax, len support, len near)."},
    {"dense_sum", dense_sum, METH_VARARGS,
     "dense_sum(x): np.sum of the float64 x, numpy's pairwise order, bit for bit."},
    {"sparse_sum", sparse_sum, METH_VARARGS,
     "sparse_sum(values, idx, n): np.sum of the (n,) float64 vector of zeros with values at "
     "the ascending, distinct rows idx (numpy's pairwise order, bit for bit)."},
    {"settle", settle, METH_VARARGS,
     "settle(e, z, support, k, level, u): the guesser's k likeliest words, their logits and "
     "probabilities, the index drawn with u, e's sum and the drawn word's probability "
     "(None: numpy decides)."},
    {"dots", dots, METH_VARARGS,
     "dots(out, matrix_t, vectors, groups): each vector's dot products with every column of "
     "the float32 (d, n) matrix_t into the (V, n) out, summed as BLAS's matrix-vector "
     "product (groups[v] 8 or 4: its group size) or matrix product (0) sums them."},
    {"secret_pass", secret_pass, METH_VARARGS,
     "secret_pass(z, fwd, rev, cos, last, quantiles, table, log_ranks, st, w0, w1, w2, w3): "
     "the dense part of a secret's logit in every single-word query, and its two rank "
     "features, written to z, fwd and rev."},
    {"pooled_chances", pooled_chances, METH_VARARGS,
     "pooled_chances(x, alone, static, slots, scales, lone, common, banned, starts): "
     "queries' logits added up into the float64 x, each row's largest value over the rows "
     "not banned (common, and banned[starts[q]:starts[q + 1]]) subtracted, those at 0."},
    {"ban", ban, METH_VARARGS,
     "ban(mask, arrays, extra): mask[rows] = 1 for each int32 array of the tuple arrays and "
     "each int of extra (the bool or uint8 mask written in place); how many are set after."},
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
