/* The loss and gradient of a 784-256-10 tanh MLP on a batch of 128 (the
   workload of vm/arraybench_test.go's BenchmarkMLP and of
   bench_mlp.py), composed of array-runtime calls as the code generator
   would emit them: every result released after its last use.

	bench_mlp [refcount|arena] [iterations]

   prints the median time of one forward+backward, the peak of live array
   bytes, the process's peak RSS, and a checksum of the results. */
#include "../rtarray.h"
#include "../rtarray.inc"
#include <time.h>
#include <sys/resource.h>

static myia_ctx ctx;

static myia_array *rnd(int nd, int64_t d0, int64_t d1) {
	int64_t sh[2] = {d0, d1};
	myia_array *a = myia_new(&ctx, MYIA_FLOAT, nd, sh, 0, 0);
	for (int64_t k = 0; k < a->size; k++) MYIA_F(a)[k] = (double)((k * 7919) % 1000) / 1000 - 0.5;
	return a;
}

static double now(void) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b) {
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double sum_all(const myia_array *a) {
	double s = 0;
	for (int64_t k = 0; k < a->size; k++) s += MYIA_F(a)[k];
	return s;
}

#define CHECK(x) do { if (!(x)) { fprintf(stderr, "error: %s\n", ctx.msg); exit(1); } } while (0)

int main(int argc, char **argv) {
	int arena = argc > 1 && !strcmp(argv[1], "arena");
	int iters = argc > 2 ? atoi(argv[2]) : 100;
	ctx.size = sizeof ctx;
	myia_array *x = rnd(2, 128, 784), *w1 = rnd(2, 784, 256), *b1 = rnd(1, 256, 0);
	myia_array *w2 = rnd(2, 256, 10), *b2 = rnd(1, 10, 0), *y = rnd(2, 128, 10);
	myia_array two, one;
	myia_scalar_f(&two, 2.0 / (128 * 10));
	myia_scalar_f(&one, 1.0);
	double *times = malloc(sizeof(double) * (size_t)iters);
	double check = 0, loss = 0;
	int64_t base = myia_mem_get().live;
	myia_mem_reset_peak();
	for (int it = 0; it < iters; it++) {
		double t0 = now();
		if (arena) myia_arena_begin();
		myia_array *t1, *z1, *h, *t2, *out, *diff, *sq, *l, *dout, *dw2, *db2, *dh, *hh, *omh, *dz1, *dw1, *db1;
		CHECK(t1 = myia_dot(&ctx, x, w1, 1));
		CHECK(z1 = myia_add(&ctx, t1, b1, 2)); myia_release(t1);
		CHECK(h = myia_tanh(&ctx, z1, 3)); myia_release(z1);
		CHECK(t2 = myia_dot(&ctx, h, w2, 4));
		CHECK(out = myia_add(&ctx, t2, b2, 5)); myia_release(t2);
		CHECK(diff = myia_sub(&ctx, out, y, 6)); myia_release(out);
		CHECK(sq = myia_mul(&ctx, diff, diff, 7));
		CHECK(l = myia_mean(&ctx, sq, -1, NULL, 0, 8)); myia_release(sq);
		loss = myia_take_f(l);
		/* backward */
		CHECK(dout = myia_mul(&ctx, diff, &two, 9)); myia_release(diff);
		CHECK(dw2 = myia_dot_t(&ctx, h, dout, 1, 0, 10));
		CHECK(db2 = myia_sum_to_like(&ctx, dout, b2, 11));
		CHECK(dh = myia_dot_t(&ctx, dout, w2, 0, 1, 12)); myia_release(dout);
		CHECK(hh = myia_mul(&ctx, h, h, 13)); myia_release(h);
		CHECK(omh = myia_sub(&ctx, &one, hh, 14)); myia_release(hh);
		CHECK(dz1 = myia_mul(&ctx, dh, omh, 15)); myia_release(dh); myia_release(omh);
		CHECK(dw1 = myia_dot_t(&ctx, x, dz1, 1, 0, 16));
		CHECK(db1 = myia_sum_to_like(&ctx, dz1, b1, 17)); myia_release(dz1);
		if (it == 0) check = sum_all(dw1) + sum_all(db1) + sum_all(dw2) + sum_all(db2);
		myia_release(dw1); myia_release(db1); myia_release(dw2); myia_release(db2);
		if (arena) myia_arena_end();
		times[it] = now() - t0;
	}
	myia_mem_stats st = myia_mem_get();
	qsort(times, (size_t)iters, sizeof(double), cmp);
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	printf("mode %s: median %.3f ms, min %.3f ms over %d iterations; peak array bytes %.2f MiB (beyond the %.2f MiB of inputs)%s",
		arena ? "arena" : "refcount", times[iters / 2] * 1e3, times[0] * 1e3, iters,
		(double)(st.peak - base) / (1 << 20), (double)base / (1 << 20),
		arena ? "" : "\n");
	if (arena) printf(", arena chunks %.2f MiB\n", (double)myia_arena_capacity() / (1 << 20));
	printf("peak RSS %.1f MiB; loss %.17g; gradient checksum %.17g; allocations per iteration %lld\n",
		ru.ru_maxrss / 1024.0, loss, check, (long long)(st.allocs / iters));
	return 0;
}
