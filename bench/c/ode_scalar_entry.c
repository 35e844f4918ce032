/* ode_scalar.c behind the entry point of myia's native backends, so that
   tests/backend_test.go (TestBackendSpeed) loads it with the same loader
   and times it interleaved with the generated code, the same call path:

     cc -O2 -fPIC -shared -DNO_MAIN -DENTRY_EULER -I backend/cgo -o euler.so bench/c/ode_scalar_entry.c -lm */
#include <string.h>
#include "rt.h"
#include "ode_scalar.c"

int myia_abi(void) { return MYIA_ABI; }
int64_t myia_ctx_size(void) { return (int64_t)sizeof(myia_ctx); }

int myia_entry(myia_ctx *ctx, const uint64_t *in, uint64_t *out) {
	double a[5];
	int64_t n;
#ifdef ENTRY_EULER
	memcpy(a, in, 5 * 8);
	memcpy(&n, &in[5], 8);
	double r = euler(a[0], a[1], a[2], a[3], a[4], n);
#else
	memcpy(a, in, 8);
	memcpy(&n, &in[1], 8);
	double r = recur(a[0], n);
#endif
	memcpy(out, &r, 8);
	(void)ctx;
	return 0;
}
