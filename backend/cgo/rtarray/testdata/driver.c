/* A test driver for the array runtime: reads one operation a line from
   stdin, runs it through the runtime and prints the result on one line,
   in the encoding rtarray_test.go also gives the VM's results:

	value  := N | f XBITS | i INT | b 0|1 | A DT ND DIMS... ELEMS... | T N VALUE... | S BOUND BOUND BOUND
	result := value | E message | s escaped-string

   (XBITS: x followed by the 16 hex digits of the float's bits; a 0-d
   array prints as its scalar). Built with rt.h, rtarray.h and
   rtarray.inc as the code generator would prepend them. Every result is
   released (or the arena ended) before the next line: run under
   MYIA_LEAKCHECK=1 the driver checks that no array memory is left. */
#include "../rtarray.h"
#include "../rtarray.inc"

enum { V_NONE, V_ARR, V_TUP, V_SLICE, V_ERR };
typedef struct val {
	int kind;
	myia_array *a;
	int n;
	struct val *items;
	myia_index sl; /* a slice */
} val;

static char tok[1 << 16];
static int next(void) { return scanf("%65535s", tok) == 1; }
static int64_t next_i(void) { next(); return strtoll(tok, NULL, 10); }

static myia_ctx ctx;

static double bits2f(const char *s) {
	uint64_t u = strtoull(s + 1, NULL, 16);
	double f;
	memcpy(&f, &u, 8);
	return f;
}

static val parse(void) {
	val v = {0};
	next();
	switch (tok[0]) {
	case 'N': v.kind = V_NONE; break;
	case 'f': next(); v.kind = V_ARR; v.a = myia_new_scalar_f(&ctx, bits2f(tok), 0); break;
	case 'i': v.kind = V_ARR; v.a = myia_new_scalar_i(&ctx, next_i(), 0); break;
	case 'b': v.kind = V_ARR; v.a = myia_new_scalar_b(&ctx, (int)next_i(), 0); break;
	case 'A': {
		next();
		int dt = tok[0] == 'f' ? MYIA_FLOAT : tok[0] == 'i' ? MYIA_INT : MYIA_BOOL;
		int nd = (int)next_i();
		int64_t shape[MYIA_MAXDIM];
		int64_t n = 1;
		for (int k = 0; k < nd; k++) { shape[k] = next_i(); n *= shape[k]; }
		int64_t *data = malloc((size_t)(n ? n : 1) * 8);
		for (int64_t k = 0; k < n; k++) {
			next();
			if (dt == MYIA_FLOAT) { double f = bits2f(tok); memcpy(&data[k], &f, 8); }
			else data[k] = strtoll(tok, NULL, 10);
		}
		v.kind = V_ARR;
		if (dt == MYIA_FLOAT) v.a = myia_from_f(&ctx, nd, shape, (double *)data, 0);
		else if (dt == MYIA_INT) v.a = myia_from_i(&ctx, nd, shape, data, 0);
		else v.a = myia_from_b(&ctx, nd, shape, data, 0);
		free(data);
		break;
	}
	case 'T':
		v.kind = V_TUP;
		v.n = (int)next_i();
		v.items = calloc((size_t)v.n + 1, sizeof(val));
		for (int k = 0; k < v.n; k++) v.items[k] = parse();
		break;
	case 'S':
		v.kind = V_SLICE;
		v.sl.kind = MYIA_IDX_SLICE;
		for (int w = 0; w < 3; w++) {
			next();
			int64_t x = 0;
			if (tok[0] == 'N') v.sl.none |= (w == 0 ? MYIA_LO_NONE : w == 1 ? MYIA_HI_NONE : MYIA_STEP_NONE);
			else { next(); x = strtoll(tok, NULL, 10); }
			if (w == 0) v.sl.lo = x; else if (w == 1) v.sl.hi = x; else v.sl.step = x;
		}
		break;
	default:
		fprintf(stderr, "driver: bad token %s\n", tok);
		exit(2);
	}
	return v;
}

static void free_val(val *v) {
	if (v->kind == V_ARR) myia_release(v->a);
	if (v->kind == V_TUP) {
		for (int k = 0; k < v->n; k++) free_val(&v->items[k]);
		free(v->items);
	}
}

static void put_array(const myia_array *a) {
	if (a->ndim == 0) {
		if (a->dtype == MYIA_FLOAT) { uint64_t u; memcpy(&u, a->data, 8); printf("f x%016llx", (unsigned long long)u); }
		else printf("%c %lld", a->dtype == MYIA_INT ? 'i' : 'b', (long long)MYIA_I(a)[0]);
		return;
	}
	printf("A %c %d", "bif"[a->dtype], a->ndim);
	for (int k = 0; k < a->ndim; k++) printf(" %lld", (long long)a->shape[k]);
	for (int64_t k = 0; k < a->size; k++) {
		if (a->dtype == MYIA_FLOAT) { uint64_t u; memcpy(&u, (double *)a->data + k, 8); printf(" x%016llx", (unsigned long long)u); }
		else printf(" %lld", (long long)MYIA_I(a)[k]);
	}
}

static void put_str(const char *s, size_t n) {
	printf("s ");
	for (size_t k = 0; k < n; k++) {
		if (s[k] == '\n') printf("\\n");
		else if (s[k] == '\\') printf("\\\\");
		else putchar(s[k]);
	}
}

/* the int list of a shape or axis argument: an int or a tuple of ints;
   -1 for None */
static int ints(val *v, int64_t *out) {
	if (v->kind == V_NONE) return -1;
	if (v->kind == V_ARR) { out[0] = MYIA_I(v->a)[0]; return 1; }
	for (int k = 0; k < v->n; k++) out[k] = MYIA_I(v->items[k].a)[0];
	return v->n;
}

static int index_items(val *v, myia_index *out) {
	if (v->kind != V_TUP) {
		val t = {V_TUP};
		t.n = 1;
		t.items = v;
		return index_items(&t, out);
	}
	for (int k = 0; k < v->n; k++) {
		val *it = &v->items[k];
		if (it->kind == V_SLICE) out[k] = it->sl;
		else { memset(&out[k], 0, sizeof out[k]); out[k].kind = MYIA_IDX_INT; out[k].i = MYIA_I(it->a)[0]; }
	}
	return v->n;
}

static const myia_array **arrays(val *v) {
	const myia_array **out = calloc((size_t)v->n + 1, sizeof *out);
	for (int k = 0; k < v->n; k++) out[k] = v->items[k].a;
	return out;
}

static int is_float(val *v) { return v->kind == V_ARR && v->a->dtype == MYIA_FLOAT; }
static double as_f(val *v) { return myia_getf(v->a, 0); }

static const char *binops[] = {"add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "eq", "ne", "lt", "le", "gt", "ge", "np_maximum", "np_minimum", 0};
static const char *unops[] = {"neg", "pos", "abs", "exp", "log", "sqrt", "sin", "cos", "tan", "tanh", "np_log1p", "np_expm1", 0};
static const char *redops[] = {"np_sum", "np_mean", "np_max", "np_min", "np_prod", 0};

static int find(const char **names, const char *s) {
	for (int k = 0; names[k]; k++)
		if (!strcmp(names[k], s)) return k;
	return -1;
}

int main(int argc, char **argv) {
	char op[256];
	int arena = argc > 1 && !strcmp(argv[1], "arena");
	ctx.size = sizeof ctx;
	while (scanf("%255s", op) == 1) {
		int nargs = (int)next_i();
		val args[8];
		for (int k = 0; k < nargs; k++) args[k] = parse();
		if (arena) myia_arena_begin();
		ctx.err = 0;
		myia_array *r = NULL;
		myia_array *pieces[64];
		int npieces = -1;
		int64_t ints1[MYIA_MAXDIM + 8], ints2[MYIA_MAXDIM + 8];
		myia_index idx[MYIA_MAXDIM + 8];
		myia_buf sb = {0};
		int k, done = 0;
		if ((k = find(binops, op)) >= 0) r = myia_binary(&ctx, k, args[0].a, args[1].a, 1);
		else if ((k = find(unops, op)) >= 0) r = myia_unary(&ctx, k, args[0].a, 1);
		else if ((k = find(redops, op)) >= 0) {
			int n = ints(&args[1], ints1);
			r = myia_reduce(&ctx, k, args[0].a, n, ints1, (int)MYIA_I(args[2].a)[0], 1);
		} else if (!strcmp(op, "np_where")) r = myia_where(&ctx, args[0].a, args[1].a, args[2].a, 1);
		else if (!strcmp(op, "np_dot")) r = myia_dot(&ctx, args[0].a, args[1].a, 1);
		else if (!strcmp(op, "dot_t")) r = myia_dot_t(&ctx, args[0].a, args[1].a, (int)MYIA_I(args[2].a)[0], (int)MYIA_I(args[3].a)[0], 1);
		else if (!strcmp(op, "np_outer")) r = myia_outer(&ctx, args[0].a, args[1].a, 1);
		else if (!strcmp(op, "np_reshape")) { int n = ints(&args[1], ints1); r = myia_reshape(&ctx, args[0].a, n, ints1, 1); }
		else if (!strcmp(op, "np_transpose")) { int n = ints(&args[1], ints1); r = myia_transpose(&ctx, args[0].a, n, ints1, 1); }
		else if (!strcmp(op, "np_concatenate") || !strcmp(op, "np_stack")) {
			const myia_array **as = arrays(&args[0]);
			int none = args[1].kind == V_NONE;
			int64_t ax = none ? 0 : MYIA_I(args[1].a)[0];
			if (op[3] == 'c') r = myia_concatenate(&ctx, args[0].n, as, ax, none, 1);
			else r = myia_stack(&ctx, args[0].n, as, ax, 1);
			free(as);
		} else if (!strcmp(op, "np_broadcast_to")) { int n = ints(&args[1], ints1); r = myia_broadcast_to(&ctx, args[0].a, n, ints1, 1); }
		else if (!strcmp(op, "np_split_like")) {
			const myia_array **as = arrays(&args[1]);
			int none = args[2].kind == V_NONE;
			int64_t ax = none ? 0 : MYIA_I(args[2].a)[0];
			if (myia_split_like(&ctx, args[0].a, args[1].n, as, ax, none, pieces, 1) == 0) npieces = args[1].n;
			free(as);
			done = 1;
		} else if (!strcmp(op, "sum_to_like")) r = myia_sum_to_like(&ctx, args[0].a, args[1].a, 1);
		else if (!strcmp(op, "getitem")) { int n = index_items(&args[1], idx); r = myia_getitem(&ctx, args[0].a, n, idx, 1); }
		else if (!strcmp(op, "slice")) {
			int none = 0;
			int64_t b[3] = {0, 0, 0};
			for (int w = 0; w < 3; w++) {
				if (args[1 + w].kind == V_NONE) none |= 1 << w;
				else b[w] = MYIA_I(args[1 + w].a)[0];
			}
			r = myia_slice(&ctx, args[0].a, b[0], b[1], b[2], none, 1);
		} else if (!strcmp(op, "tuple_setitem")) { int n = index_items(&args[1], idx); r = myia_setitem(&ctx, args[0].a, n, idx, args[2].a, 1); }
		else if (!strcmp(op, "zeros_like")) r = myia_zeros_like(&ctx, args[0].a, 1);
		else if (!strcmp(op, "ones_like")) r = myia_ones_like(&ctx, args[0].a, 1);
		else if (!strcmp(op, "gadd")) r = myia_gadd(&ctx, args[0].a, args[1].a, 1);
		else if (!strcmp(op, "len")) {
			int64_t n = myia_len(&ctx, args[0].a, 1);
			if (!ctx.err) r = myia_new_scalar_i(&ctx, n, 1);
		} else if (!strcmp(op, "np_array")) r = myia_copy(&ctx, args[0].a, 1);
		else if (!strcmp(op, "np_zeros") || !strcmp(op, "np_ones")) {
			int n = ints(&args[0], ints1);
			r = op[3] == 'z' ? myia_zeros(&ctx, n, ints1, 1) : myia_ones(&ctx, n, ints1, 1);
		} else if (!strcmp(op, "np_full")) {
			int n = ints(&args[0], ints1);
			myia_array *v = args[1].a;
			if (v->ndim > 0) r = myia_full_a(&ctx, n, ints1, v, 1);
			else if (v->dtype == MYIA_FLOAT) r = myia_full_f(&ctx, n, ints1, MYIA_F(v)[0], 1);
			else if (v->dtype == MYIA_INT) r = myia_full_i(&ctx, n, ints1, MYIA_I(v)[0], 1);
			else r = myia_full_b(&ctx, n, ints1, (int)MYIA_I(v)[0], 1);
		} else if (!strcmp(op, "np_arange")) {
			val *s = &args[0], *e = &args[1], *st = &args[2];
			val zero = {V_ARR}, one = {V_ARR};
			zero.a = myia_new_scalar_i(&ctx, 0, 0);
			one.a = myia_new_scalar_i(&ctx, 1, 0);
			if (e->kind == V_NONE) { e = s; s = &zero; }
			if (st->kind == V_NONE) st = &one;
			if (is_float(s) || is_float(e) || is_float(st)) r = myia_arange_f(&ctx, as_f(s), as_f(e), as_f(st), 1);
			else r = myia_arange_i(&ctx, MYIA_I(s->a)[0], MYIA_I(e->a)[0], MYIA_I(st->a)[0], 1);
			myia_release(zero.a);
			myia_release(one.a);
		} else if (!strcmp(op, "np_eye")) {
			int64_t n = MYIA_I(args[0].a)[0];
			r = myia_eye(&ctx, n, args[1].kind == V_NONE ? n : MYIA_I(args[1].a)[0], MYIA_I(args[2].a)[0], 1);
		}
		else if (!strcmp(op, "str") || !strcmp(op, "repr")) {
			if (op[0] == 's') myia_array_str(&sb, args[0].a);
			else myia_array_repr(&sb, args[0].a);
			done = 2;
		} else if (!strcmp(op, "np_shape")) {
			printf("T %d", args[0].a->ndim);
			for (int d = 0; d < args[0].a->ndim; d++) printf(" i %lld", (long long)args[0].a->shape[d]);
			done = 3;
		} else if (!strcmp(op, "np_ndim")) { printf("i %d", args[0].a->ndim); done = 3; }
		else { fprintf(stderr, "driver: unknown op %s\n", op); return 2; }
		(void)ints2;
		if (ctx.err) {
			printf("E %s", ctx.msg);
			if (r || (done == 1 && npieces >= 0)) printf(" (and a result)");
		} else if (done == 1) {
			printf("T %d", npieces);
			for (int j = 0; j < npieces; j++) { printf(" "); put_array(pieces[j]); myia_release(pieces[j]); }
		} else if (done == 2) {
			put_str(sb.p ? sb.p : "", sb.len);
		} else if (done == 0) {
			if (!r) printf("E (no result and no error)");
			else put_array(r);
		}
		myia_release(r);
		free(sb.p);
		printf("\n");
		fflush(stdout);
		for (int j = 0; j < nargs; j++) free_val(&args[j]);
		if (arena) myia_arena_end();
		if (getenv("MYIA_LEAKCHECK") && !arena && myia_mem_get().live != 0) {
			printf("LEAK %lld bytes after %s\n", (long long)myia_mem_get().live, op);
			return 3;
		}
	}
	return 0;
}
