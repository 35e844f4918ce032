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

typedef int (*myia_entry_fn)(myia_ctx *, const uint64_t *, uint64_t *);

#endif
