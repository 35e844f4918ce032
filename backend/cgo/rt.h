/* The context of one call into code made by myia's native backends:
   shared by the loader (loader.c, compiled by cgo) and the generated code
   (which starts with this file). Keep both in step: the loader checks
   size and version. */
#ifndef MYIA_RT_H
#define MYIA_RT_H
#include <stdint.h>
#include <stddef.h>

#define MYIA_ABI 1
#define MYIA_MAXTRACE 32

typedef struct myia_ctx {
	int64_t size;          /* sizeof(myia_ctx) */
	int32_t err;           /* 0, or 1 + the site where the error was raised */
	int32_t ntrace;        /* call sites the error unwound through, innermost first */
	int32_t trace[MYIA_MAXTRACE];
	int64_t depth;         /* active calls */
	int64_t maxdepth;      /* "recursion too deep" beyond this */
	int64_t faildepth;     /* the depth at which that error was raised */
	char *stack_limit;     /* "recursion too deep" below this stack address */
	char *out;             /* what print wrote, not yet flushed */
	size_t outlen, outcap;
	void (*flush)(struct myia_ctx *);  /* hands out[0:outlen] to the host */
	uintptr_t handle;      /* the host's, for flush */
	char msg[512];
} myia_ctx;

/* An array argument as the loader passes it to myia_entry (its address
   in the argument's 64-bit word): dtype 0 bool, 1 int64, 2 float64;
   row-major data, double for float64, int64_t (0 or 1 for bool)
   otherwise. An array result is a myia_array * (rtarray/rtarray.h),
   a reference the caller releases with myia_array_free. */
typedef struct myia_xarray {
	int64_t dtype, ndim;
	const int64_t *shape;
	const void *data;
} myia_xarray;

typedef int (*myia_entry_fn)(myia_ctx *, const uint64_t *, uint64_t *);

#endif
