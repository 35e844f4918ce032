// The loader: dlopen/dlsym of a shared object made by a native backend,
// and the call of its entry on the calling thread's stack.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <stdio.h>
#include <string.h>
#include "loader.h"
#include "rtarray/rtarray.h"
#include "_cgo_export.h"

void myia_call_free(void *fn, uint64_t a) { ((void (*)(void *))fn)((void *)(uintptr_t)a); }

int64_t myia_call_live(void *fn) { return ((int64_t (*)(void))fn)(); }

void myia_array_info(uint64_t p, int64_t *dtype, int64_t *ndim, int64_t *shape, int64_t *size, void **data) {
	myia_array *a = (myia_array *)(uintptr_t)p;
	*dtype = a->dtype;
	*ndim = a->ndim;
	for (int k = 0; k < a->ndim && k < MYIA_MAXDIM; k++) shape[k] = a->shape[k];
	*size = a->size;
	*data = a->data;
}

void *myia_dlopen(const char *path, char *err, size_t errlen) {
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!h) snprintf(err, errlen, "%s", dlerror());
	return h;
}

void *myia_dlsym(void *h, const char *name) { return dlsym(h, name); }

int myia_dlclose(void *h) { return dlclose(h); }

int myia_call_int(void *fn) { return ((int (*)(void))fn)(); }

int64_t myia_call_i64(void *fn) { return ((int64_t (*)(void))fn)(); }

static void flush(myia_ctx *ctx) {
	myiaFlush(ctx->handle, ctx->out, ctx->outlen);
	ctx->outlen = 0;
}

void myia_ctx_init(myia_ctx *ctx, uintptr_t handle, int64_t maxdepth) {
	memset(ctx, 0, sizeof *ctx);
	ctx->size = sizeof *ctx;
	ctx->depth = 1;
	ctx->maxdepth = maxdepth;
	ctx->flush = flush;
	ctx->handle = handle;
}

// Native code runs on a stack of its own, so that recursion as deep as
// the VM allows (200,000 calls) fits: 512 MiB of address space per OS
// thread, reserved once and committed as it is touched, entered with
// swapcontext. A flush of print's buffer switches back to the thread's
// stack to call into Go, then returns to the native code (a coroutine).
#define ALT_STACK ((size_t)512 << 20)
#define ALT_MARGIN ((size_t)256 << 10)

static __thread char *alt_stack;
static __thread ucontext_t alt_uc, alt_back, alt_self;
static __thread int alt_state; // 0 running, 1 wants a flush, 2 done
static __thread struct {
	void *fn;
	myia_ctx *ctx;
	const uint64_t *in;
	uint64_t *out;
	int rc;
} alt_call;

static void trampoline(void) {
	alt_call.rc = ((myia_entry_fn)alt_call.fn)(alt_call.ctx, alt_call.in, alt_call.out);
	alt_state = 2;
}

static void alt_flush(myia_ctx *ctx) {
	alt_state = 1;
	swapcontext(&alt_self, &alt_back);
}

// stack_low is the lowest address native code may use on this thread's
// own stack, when no stack of its own could be made.
static char *stack_low(void) {
	pthread_attr_t a;
	void *addr;
	size_t size;
	char *low = (char *)1;
	if (pthread_getattr_np(pthread_self(), &a) == 0) {
		if (pthread_attr_getstack(&a, &addr, &size) == 0) low = (char *)addr + ALT_MARGIN;
		pthread_attr_destroy(&a);
	}
	return low;
}

int myia_call(void *fn, myia_ctx *ctx, const uint64_t *in, uint64_t *out) {
	if (!alt_stack) {
		void *p = mmap(NULL, ALT_STACK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		if (p == MAP_FAILED) {
			ctx->stack_limit = stack_low();
			return ((myia_entry_fn)fn)(ctx, in, out);
		}
		mprotect(p, 4096, PROT_NONE); // a guard page
		alt_stack = p;
	}
	alt_call.fn = fn;
	alt_call.ctx = ctx;
	alt_call.in = in;
	alt_call.out = out;
	alt_call.rc = 0;
	alt_state = 0;
	ctx->stack_limit = alt_stack + ALT_MARGIN;
	ctx->flush = alt_flush;
	getcontext(&alt_uc);
	alt_uc.uc_stack.ss_sp = alt_stack;
	alt_uc.uc_stack.ss_size = ALT_STACK;
	alt_uc.uc_link = &alt_back;
	makecontext(&alt_uc, trampoline, 0);
	swapcontext(&alt_back, &alt_uc);
	while (alt_state == 1) {
		flush(ctx);
		alt_state = 0;
		swapcontext(&alt_back, &alt_self);
	}
	return alt_call.rc;
}
