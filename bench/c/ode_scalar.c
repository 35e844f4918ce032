/* bench/ode_scalar.py written by hand in C, timed by itself: the
   reference for the native backends (docs/backends.md).

     gcc -O2 -o ode_scalar bench/c/ode_scalar.c -lm && ./ode_scalar 21

   prints the results, then the median time of each workload over N runs
   in nanoseconds: "euler NS" and "recur NS". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static void rhs(double x, double v, double k, double c, double *dx, double *dv) {
	*dx = v;
	*dv = -k * x - c * v;
}

__attribute__((noinline)) double euler(double x0, double v0, double k, double c, double h, long n) {
	double x = x0, v = v0;
	for (long i = 0; i < n; i++) {
		double dx, dv;
		rhs(x, v, k, c, &dx, &dv);
		x = x + h * dx;
		v = v + h * dv;
	}
	return x;
}

__attribute__((noinline)) double recur(double x, long d) {
	if (d == 0) return x;
	return 0.5 * x + 0.5 * tanh(recur(x + 0.001, d - 1));
}

#ifndef NO_MAIN
static double now(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int cmp(const void *a, const void *b) {
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

volatile double sink;
volatile double one = 1.0, half = 0.5; /* inputs the compiler cannot fold */

/* median ns per call of f over runs, each run repeating it reps times */
#define TIME(expr, reps, runs, out) do { \
	double ts[1000]; \
	for (int r = 0; r < (runs); r++) { \
		double t0 = now(); \
		for (int k = 0; k < (reps); k++) sink = (expr); \
		ts[r] = (now() - t0) / (reps); \
	} \
	qsort(ts, (runs), sizeof ts[0], cmp); \
	out = ts[(runs) / 2]; } while (0)

int main(int argc, char **argv) {
	int runs = argc > 1 ? atoi(argv[1]) : 21;
	if (runs < 1 || runs > 1000) runs = 21;
	printf("%.17g\n%.17g\n", euler(1.0, 0.0, 4.0, 0.1, 0.001, 10000), recur(0.5, 200));
	double te, tr;
	TIME(euler(one, 0.0, 4.0, 0.1, 0.001, 10000), 100, runs, te);
	TIME(recur(half, 200), 1000, runs, tr);
	printf("euler %.0f\nrecur %.0f\n", te, tr);
	return 0;
}
#endif
