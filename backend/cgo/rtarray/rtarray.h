/* myia's C runtime for arrays: numpy's ndarray restricted to what the
   language needs, with the VM's semantics (docs/arrays.md, vm/array.go
   and its neighbours) and its error messages.

   Layout: the code generator prepends rt.h, rt.inc, this header and
   rtarray.inc to a generated file (or compiles rtarray.inc once with
   -DMYIA_RT= into an object it links). Only rt.h's myia_ctx is used:
   errors are reported as rt.inc's myia_fail does (ctx->err = site + 1,
   ctx->msg), so MYIA_FAIL's `goto fail` convention works unchanged:

	n5 = myia_add(ctx, n3, n4, 7);
	if (!n5) goto fail;

   Ownership (reference counting mode, the default):
   - every function that returns a myia_array * returns a NEW reference,
     owned by the caller, who releases it (myia_release) after its last
     use; NULL means an error was recorded in ctx;
   - array arguments are BORROWED: a callee never releases them, and
     retains whatever it keeps (a view retains the array that owns its
     data, so the caller may release the array a view was made from);
   - arrays are immutable once returned: no function writes into an
     argument, so results may share data (x[i], reshape, split_like of a
     stack, +x, sum_to_like of a same-shaped d return views or the
     argument itself, retained).
   In arena mode (myia_arena_begin/end around one call), every array
   made during the call lives until myia_arena_end, which frees them all
   at once; retain and release are no-ops on them, so the same code runs
   in both modes.

   Scalars: a result whose shape is () is a 0-d array (ndim 0). The
   generator knows from the types when a result is a scalar and takes its
   value with myia_take_f/_i/_b (which also release). Scalar operands are
   0-d arrays too, best made on the C stack without allocation:
	myia_array s; myia_scalar_f(&s, 2.0);
   Bool arrays hold int64 0 or 1, as in the VM. Every array is
   contiguous and row-major. One call runs on one thread: reference
   counts are not atomic. */
#ifndef MYIA_RTARRAY_H
#define MYIA_RTARRAY_H
#ifndef MYIA_RT_H
#include "../rt.h"
#endif
#include <stdint.h>
#include <stddef.h>

/* MYIA_ARR marks the runtime's functions: static when prepended to
   generated C (as rt.inc's MYIA_RT), or whatever MYIA_RT says. */
#ifndef MYIA_ARR
#ifdef MYIA_RT
#define MYIA_ARR MYIA_RT
#else
#define MYIA_ARR static
#endif
#endif

/* dtypes, in numpy's promotion order (the VM's dBool, dInt, dFloat). */
enum { MYIA_BOOL = 0, MYIA_INT = 1, MYIA_FLOAT = 2 };

#define MYIA_MAXDIM 32
/* rc of an array that is never freed by release: made on the stack
   (myia_scalar_*), or in an arena. */
#define MYIA_RC_PINNED (-1)
/* flags */
#define MYIA_ZERO 1 /* known to hold zeros only (zeros_like): gadd skips it */

typedef struct myia_array {
	int64_t rc;              /* references, or MYIA_RC_PINNED */
	int32_t dtype;           /* MYIA_BOOL, MYIA_INT or MYIA_FLOAT */
	int32_t ndim;            /* 0 .. MYIA_MAXDIM */
	int64_t size;            /* product of shape */
	void *data;              /* double * for float64, int64_t * otherwise */
	struct myia_array *base; /* the array that owns data (retained), or NULL */
	int32_t flags;
	int32_t _pad;
	union { double f; int64_t i; } inl; /* the element of a stack scalar */
	int64_t shape[MYIA_MAXDIM];
} myia_array;

#define MYIA_F(a) ((double *)(a)->data)
#define MYIA_I(a) ((int64_t *)(a)->data)

/* An index item of getitem, slice and tuple_setitem: an int (negative
   allowed), or a slice whose bounds may be None (flags). */
typedef struct myia_index {
	int32_t kind;  /* MYIA_IDX_INT or MYIA_IDX_SLICE */
	int32_t none;  /* MYIA_LO_NONE | MYIA_HI_NONE | MYIA_STEP_NONE */
	int64_t i;     /* the int */
	int64_t lo, hi, step;
} myia_index;
enum { MYIA_IDX_INT = 0, MYIA_IDX_SLICE = 1 };
enum { MYIA_LO_NONE = 1, MYIA_HI_NONE = 2, MYIA_STEP_NONE = 4 };

/* Operators of myia_binary and myia_unary (names as ir/prim.go). */
enum {
	MYIA_OP_ADD, MYIA_OP_SUB, MYIA_OP_MUL, MYIA_OP_TRUEDIV, MYIA_OP_FLOORDIV,
	MYIA_OP_MOD, MYIA_OP_POW, MYIA_OP_EQ, MYIA_OP_NE, MYIA_OP_LT, MYIA_OP_LE,
	MYIA_OP_GT, MYIA_OP_GE, MYIA_OP_MAXIMUM, MYIA_OP_MINIMUM
};
enum {
	MYIA_OP_NEG, MYIA_OP_POS, MYIA_OP_ABS, MYIA_OP_EXP, MYIA_OP_LOG,
	MYIA_OP_SQRT, MYIA_OP_SIN, MYIA_OP_COS, MYIA_OP_TAN, MYIA_OP_TANH,
	MYIA_OP_LOG1P, MYIA_OP_EXPM1
};
enum { MYIA_RED_SUM, MYIA_RED_MEAN, MYIA_RED_MAX, MYIA_RED_MIN, MYIA_RED_PROD };

/* A growable output buffer for printing (p is realloc'ed). */
typedef struct myia_buf {
	char *p;
	size_t len, cap;
} myia_buf;

/* Memory statistics of the calling thread (bytes of array memory). */
typedef struct myia_mem_stats {
	int64_t live, peak, allocs;
} myia_mem_stats;

#endif
