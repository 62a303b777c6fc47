/*
 * The module associatsiya_ai.bots.people._kernel: its functions (each in its own file,
 * declared in kernel.h) with their docstrings, and its initialisation.
 */
#include "kernel.h"

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
