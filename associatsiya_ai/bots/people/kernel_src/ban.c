/*
 * ban: mask[rows] = 1 for each int32 array of ``arrays`` and each int of ``extra``; returns how
 * many of the n entries are set afterwards (n: none is left). One call where numpy's indexed
 * assignments cost a few microseconds each after a matrix product swept the caches.
 */
#include "kernel.h"

/* Whether a buffer holds C ints of 4 bytes (numpy's int32: format "i", "<i", "=i" or "l"
 * where a long is 4 bytes). */
static int
int32_format(const Py_buffer *b)
{
    if (b->itemsize != 4 || b->format == NULL)
        return 0;
    const char *f = b->format;
    if (*f == '<' || *f == '=' || *f == '@')
        f++;
    return (f[0] == 'i' || f[0] == 'l') && f[1] == '\0';
}

PyObject *
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
        if (PyObject_GetBuffer(PyTuple_GET_ITEM(arrays, a), &rows_b,
                               PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0)
            goto done;
        if (!int32_format(&rows_b)) { /* an int64 array would be read as pairs of rows */
            PyBuffer_Release(&rows_b);
            PyErr_SetString(PyExc_TypeError, "ban: the arrays must hold int32 rows");
            goto done;
        }
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
