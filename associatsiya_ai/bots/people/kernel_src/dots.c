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
#include "kernel.h"

#if defined(__GNUC__) && defined(__x86_64__)
#define DOTS_X86 1
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

PyObject *
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
