package cgo

// `myia compile`: the entry of a Unit as a C library with a public
// interface (a header, a wrapper around myia_entry, an example program),
// or as an executable that runs it and prints its result.
//
// The ABI (libNAME.h):
//
//	int SYM(T1 a1, ..., Tn an, R *out);   // 0: done, *out set; 1: a run-time error
//	const char *SYM_error(void);          // the last error of this thread, as the VM prints it
//
// Scalars are C scalars: int is int64_t, float double, bool bool; None
// and strings known at compile time take no argument. An array is a
// myia_ndarray (a data pointer, the number of dimensions and the shape):
// an argument is passed as a const pointer and read during the call
// only; a result's data is allocated with malloc and the caller frees
// it. A tuple argument is passed flattened, one C argument per element
// (p: tuple[float, int] is p_0, p_1, nested tuples p_1_0...); a tuple
// result is one out-parameter per element (out_0, out_1...), a None
// result none. What
// the program prints goes to stdout. Calls may run on any thread; each
// call has its own context (the depth limit is the VM's, 200,000 calls,
// and running out of the thread's stack is an error, not a crash).

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/myia/myia/ir"
)

// leaf is one C value of a flattened argument or result.
type leaf struct {
	name string // C identifier
	t    *ctype // kInt, kFloat, kBool or kArray
	slot int    // its 64-bit word in myia_entry's in or out array
}

func leaves(name string, t *ctype, slot *int, out []leaf) []leaf {
	switch t.kind {
	case kInt, kFloat, kBool, kArray:
		out = append(out, leaf{name: name, t: t, slot: *slot})
		*slot++
	case kTuple:
		for i, e := range t.elems {
			out = append(out, leaves(fmt.Sprintf("%s_%d", name, i), e, slot, nil)...)
		}
	}
	return out
}

func cScalar(t *ctype) string {
	switch t.kind {
	case kInt:
		return "int64_t"
	case kFloat:
		return "double"
	case kArray:
		return "myia_ndarray"
	}
	return "bool"
}

// cParam is the C declaration of an argument leaf.
func cParam(l leaf) string {
	if l.t.kind == kArray {
		return "const myia_ndarray *" + l.name
	}
	return cScalar(l.t) + " " + l.name
}

// cElem is the C type of the elements of an array of t's dtype (bools
// are 0 and 1 in int64_t, as the runtime keeps them).
func cElem(t *ctype) string {
	if t.dtype == 2 {
		return "double"
	}
	return "int64_t"
}

// arrayDims is a readable array type: float64 (2, ?).
func arrayDims(t *ctype) string {
	parts := make([]string, t.rank)
	for i := range parts {
		parts[i] = "?"
		if i < len(t.shape) && t.shape[i] >= 0 {
			parts[i] = fmt.Sprint(t.shape[i])
		}
	}
	sh := "(" + strings.Join(parts, ", ")
	if t.rank == 1 {
		sh += ","
	}
	return dtypeNames[t.dtype] + " " + sh + ")"
}

// ndarrayDecl is the header's array type.
const ndarrayDecl = `/* An array: row-major data (double * for float arrays, int64_t * for
   int arrays and bool arrays, whose elements are 0 or 1), its number of
   dimensions and its shape. An argument's data is read during the call
   only: not copied, not kept, not written. A result's data is allocated
   with malloc: free it with free(). */
#ifndef MYIA_NDARRAY
#define MYIA_NDARRAY
typedef struct myia_ndarray {
	void *data;
	int64_t ndim;
	int64_t shape[32];
} myia_ndarray;
#endif
`

// Interface is the public C interface of a Unit's entry.
type Interface struct {
	Symbol string // the exported function
	params [][]leaf
	pnames []string
	result []leaf
	unit   *Unit
}

var cKeywords = map[string]bool{"auto": true, "break": true, "case": true, "char": true, "const": true, "continue": true,
	"default": true, "do": true, "double": true, "else": true, "enum": true, "extern": true, "float": true, "for": true,
	"goto": true, "if": true, "inline": true, "int": true, "long": true, "register": true, "restrict": true, "return": true,
	"short": true, "signed": true, "sizeof": true, "static": true, "struct": true, "switch": true, "typedef": true,
	"union": true, "unsigned": true, "void": true, "volatile": true, "while": true, "bool": true, "true": true, "false": true,
	"main": true, "out": true, "ctx": true}

// cIdent makes a Python name a C identifier that cannot clash with the
// generated code (f123, n123, myia_*) or C's keywords.
func cIdent(s string) string {
	clash := cKeywords[s] || strings.HasPrefix(s, "myia_") || strings.HasPrefix(s, "_")
	if len(s) > 1 && (s[0] == 'f' || s[0] == 'n' || s[0] == 'a' || s[0] == 't' || s[0] == 'r') && strings.Trim(s[1:], "0123456789") == "" {
		clash = true
	}
	if clash {
		return "py_" + s
	}
	return s
}

// ArrayABI reports whether the entry takes or returns arrays: its C
// interface then declares myia_ndarray.
func (u *Unit) ArrayABI() bool {
	for _, t := range append(append([]*ctype(nil), u.params...), u.result) {
		if !abiDescribes(t, false) {
			return true
		}
	}
	return false
}

// ABIUnsupported names a parameter or result type of the entry that the
// C interface cannot describe (a function, a list of unknown length...),
// or is "".
func (u *Unit) ABIUnsupported() string {
	for _, t := range append(append([]*ctype(nil), u.params...), u.result) {
		if !abiDescribes(t, true) {
			return t.String()
		}
	}
	return ""
}

// abiDescribes reports whether t is numbers, None, known strings,
// arrays if arrays is set, and tuples of these: what the C interface
// describes.
func abiDescribes(t *ctype, arrays bool) bool {
	switch t.kind {
	case kInt, kFloat, kBool, kUnit:
		return true
	case kArray:
		return arrays
	case kTuple:
		for _, e := range t.elems {
			if !abiDescribes(e, arrays) {
				return false
			}
		}
		return true
	}
	return false
}

// Interface describes the entry as a C function; params names the
// entry's parameters (their Python names).
func (u *Unit) Interface(params []string) *Interface {
	it := &Interface{Symbol: cIdent(u.Entry), unit: u}
	slot := 0
	for i, t := range u.params {
		name := fmt.Sprintf("a%d", i)
		if i < len(params) {
			name = cIdent(params[i])
		}
		it.pnames = append(it.pnames, name)
		it.params = append(it.params, leaves(name, t, &slot, nil))
	}
	slot = 0
	it.result = leaves("out", u.result, &slot, nil)
	return it
}

// proto is the C prototype of the exported function.
func (it *Interface) proto() string {
	var args []string
	for _, ls := range it.params {
		for _, l := range ls {
			args = append(args, cParam(l))
		}
	}
	for _, l := range it.result {
		args = append(args, cScalar(l.t)+" *"+l.name)
	}
	if len(args) == 0 {
		args = []string{"void"}
	}
	return fmt.Sprintf("int %s(%s)", it.Symbol, strings.Join(args, ", "))
}

// Header is libNAME.h.
func (it *Interface) Header(lib, source string) string {
	guard := strings.ToUpper(cIdent(lib)) + "_H"
	var b strings.Builder
	fmt.Fprintf(&b, "/* %s.h: made by `myia compile` from %s (entry %s). */\n", lib, source, it.unit.Entry)
	fmt.Fprintf(&b, "#ifndef %s\n#define %s\n#include <stdbool.h>\n#include <stdint.h>\n\n", guard, guard)
	if it.unit.ArrayABI() {
		b.WriteString(ndarrayDecl + "\n")
	}
	var all []leaf
	for _, ls := range it.params {
		all = append(all, ls...)
	}
	for _, l := range append(all, it.result...) {
		if l.t.kind == kArray {
			fmt.Fprintf(&b, "/* %s: an array of %s */\n", l.name, arrayDims(l.t))
		}
	}
	b.WriteString(`/* Calls the entry. Scalars are C scalars (int: int64_t, float: double,
   bool: bool), arrays myia_ndarray; a tuple argument is flattened into one argument per
   element (p_0, p_1...), a tuple result into one out-parameter per
   element (out_0, out_1...); None takes no argument. Returns 0 and sets
   the out-parameters, or 1 on a run-time error (the out-parameters are
   untouched): then ` + it.Symbol + `_error() is the message as myia prints it
   ("FILE:LINE:COL: error: MESSAGE", after a traceback). What the
   program prints goes to stdout. Thread-safe. */
`)
	fmt.Fprintf(&b, "%s;\n", it.proto())
	fmt.Fprintf(&b, "const char *%s_error(void);\n\n#endif\n", it.Symbol)
	return b.String()
}

// Wrapper is the C of the exported function, appended to the Unit's
// source: it marshals the arguments for myia_entry and the result back.
func (it *Interface) Wrapper() string {
	u := it.unit
	s := it.Symbol
	var b strings.Builder
	b.WriteString("\n/* The public interface (myia compile). */\n#include <pthread.h>\n#include <stdbool.h>\n")
	if u.ArrayABI() {
		b.WriteString(ndarrayDecl)
		b.WriteString(`/* myia_ndarray_bad: a negative dimension, or more elements than an
   array may have. */
static int myia_ndarray_bad(const myia_ndarray *a) {
	if (a->ndim < 0 || a->ndim > 32) return 1;
	int64_t n = 1;
	for (int64_t k = 0; k < a->ndim; k++) {
		if (a->shape[k] < 0 || a->shape[k] > ((int64_t)1 << 31)) return 1;
		n *= a->shape[k];
		if (n > ((int64_t)1 << 31)) return 1;
	}
	return !a->data && n > 0;
}
`)
	}
	fmt.Fprintf(&b, "static __thread char %s_errbuf[4096];\n", s)
	b.WriteString("static const char *const myia_site_pos[] = {")
	for _, st := range u.Sites {
		fmt.Fprintf(&b, "%s, ", cstr(st.Pos.String()))
	}
	b.WriteString("0};\nstatic const char *const myia_site_func[] = {")
	for _, st := range u.Sites {
		fmt.Fprintf(&b, "%s, ", cstr(st.Func))
	}
	b.WriteString("0};\n")
	b.WriteString(`static void myia_stdout_flush(myia_ctx *ctx) {
	fwrite(ctx->out, 1, ctx->outlen, stdout);
	fflush(stdout);
	ctx->outlen = 0;
}

static void myia_ctx_start(myia_ctx *ctx) {
	memset(ctx, 0, sizeof *ctx);
	ctx->size = sizeof *ctx;
	ctx->depth = 1;
	ctx->maxdepth = 200000;
	ctx->flush = myia_stdout_flush;
	pthread_attr_t a;
	void *addr;
	size_t size;
	if (pthread_getattr_np(pthread_self(), &a) == 0) {
		if (pthread_attr_getstack(&a, &addr, &size) == 0) ctx->stack_limit = (char *)addr + ((size_t)256 << 10);
		pthread_attr_destroy(&a);
	}
}

/* myia_format_error writes the error of ctx as the VM reports it. */
static void myia_format_error(myia_ctx *ctx, char *buf, size_t n) {
	size_t k = 0;
	int site = ctx->err - 1;
	buf[0] = 0;
	k += snprintf(buf + k, n - k, "Traceback (most recent call last):\n");
	for (int i = ctx->ntrace - 1; i >= 0 && k < n; i--)
		k += snprintf(buf + k, n - k, "  %s, in %s\n", myia_site_pos[ctx->trace[i]], myia_site_func[ctx->trace[i]]);
	if (k < n) k += snprintf(buf + k, n - k, "  %s, in %s\n", myia_site_pos[site], myia_site_func[site]);
	if (k < n) snprintf(buf + k, n - k, "%s: error: %s", myia_site_pos[site], ctx->msg);
}
`)
	fmt.Fprintf(&b, "\n%s {\n", it.proto())
	in, out := 0, 0
	for _, ls := range it.params {
		in += len(ls)
	}
	out = len(it.result)
	fmt.Fprintf(&b, "\tmyia_ctx ctx;\n\tuint64_t in[%d], res[%d];\n", in+1, out+1)
	for _, ls := range it.params {
		for _, l := range ls {
			if l.t.kind == kArray {
				it.checkArray(&b, l)
			}
		}
	}
	b.WriteString("\tmyia_ctx_start(&ctx);\n")
	for _, ls := range it.params {
		for _, l := range ls {
			if l.t.kind == kArray {
				fmt.Fprintf(&b, "\tmyia_xarray x_%s = {%d, %s->ndim, %s->shape, %s->data};\n", l.name, l.t.dtype, l.name, l.name, l.name)
				fmt.Fprintf(&b, "\tin[%d] = (uint64_t)(uintptr_t)&x_%s;\n", l.slot, l.name)
			} else if l.t.kind == kBool {
				fmt.Fprintf(&b, "\tin[%d] = %s;\n", l.slot, l.name)
			} else {
				fmt.Fprintf(&b, "\tmemcpy(&in[%d], &%s, 8);\n", l.slot, l.name)
			}
		}
	}
	b.WriteString("\tmyia_entry(&ctx, in, res);\n\tif (ctx.outlen > 0) myia_stdout_flush(&ctx);\n\tfree(ctx.out);\n")
	fmt.Fprintf(&b, "\tif (ctx.err) {\n\t\tmyia_format_error(&ctx, %s_errbuf, sizeof %s_errbuf);\n\t\treturn 1;\n\t}\n", s, s)
	for _, l := range it.result {
		if l.t.kind == kArray {
			fmt.Fprintf(&b, "\t{\n\t\tmyia_array *r = (myia_array *)(uintptr_t)res[%d];\n", l.slot)
			fmt.Fprintf(&b, "\t\t%s->ndim = r->ndim;\n\t\tfor (int k = 0; k < r->ndim; k++) %s->shape[k] = r->shape[k];\n", l.name, l.name)
			fmt.Fprintf(&b, "\t\t%s->data = malloc(r->size ? (size_t)r->size * 8 : 1);\n", l.name)
			fmt.Fprintf(&b, "\t\tif (%s->data && r->size) memcpy(%s->data, r->data, (size_t)r->size * 8);\n\t\tmyia_release(r);\n", l.name, l.name)
			fmt.Fprintf(&b, "\t\tif (!%s->data) {\n\t\t\tsnprintf(%s_errbuf, sizeof %s_errbuf, \"out of memory\");\n\t\t\treturn 1;\n\t\t}\n\t}\n", l.name, s, s)
		} else if l.t.kind == kBool {
			fmt.Fprintf(&b, "\t*%s = res[%d] != 0;\n", l.name, l.slot)
		} else {
			fmt.Fprintf(&b, "\tmemcpy(%s, &res[%d], 8);\n", l.name, l.slot)
		}
	}
	b.WriteString("\t(void)in; (void)res;\n\treturn 0;\n}\n")
	fmt.Fprintf(&b, "\nconst char *%s_error(void) { return %s_errbuf; }\n", s, s)
	return b.String()
}

// checkArray writes the wrapper's check of array argument l against the
// entry's type: its number of dimensions and the dimensions the type
// knows. A mismatch is an error of the call, as the loader reports it.
func (it *Interface) checkArray(b *strings.Builder, l leaf) {
	s := it.Symbol
	want := arrayDims(l.t)
	fmt.Fprintf(b, "\tif (!%s || %s->ndim != %d", l.name, l.name, l.t.rank)
	for i, d := range l.t.shape {
		if d >= 0 {
			fmt.Fprintf(b, " || %s->shape[%d] != %d", l.name, i, d)
		}
	}
	b.WriteString(" || myia_ndarray_bad(" + l.name + ")) {\n")
	fmt.Fprintf(b, "\t\tsnprintf(%s_errbuf, sizeof %s_errbuf, \"argument %s: want an array of %s\");\n\t\treturn 1;\n\t}\n", s, s, l.name, want)
}

// Example is a C program that calls the library with sample arguments
// and prints the result.
func (it *Interface) Example(lib string) string {
	var b strings.Builder
	name := strings.TrimPrefix(lib, "lib")
	fmt.Fprintf(&b, `/* An example of calling %s from C. Build and run it with:
     cc %s_example.c -L. -l%s -Wl,-rpath,'$ORIGIN' -o %s_example && ./%s_example */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include "%s.h"

int main(void) {
`, it.Symbol, name, name, name, name, lib)
	var args []string
	k := 0
	for _, ls := range it.params {
		for _, l := range ls {
			k++
			switch l.t.kind {
			case kArray:
				dims, n := make([]string, l.t.rank), 1
				for i := range dims {
					d := 2
					if i < len(l.t.shape) && l.t.shape[i] >= 0 {
						d = l.t.shape[i]
					}
					dims[i] = fmt.Sprint(d)
					n *= d
				}
				fmt.Fprintf(&b, "\t%s %s_data[%d];\n", cElem(l.t), l.name, max(n, 1))
				fmt.Fprintf(&b, "\tfor (int i = 0; i < %d; i++) %s_data[i] = ", max(n, 1), l.name)
				switch l.t.dtype {
				case 2:
					fmt.Fprintf(&b, "0.5 * (i %% 7) - 1.0;\n")
				case 1:
					fmt.Fprintf(&b, "i %% 5;\n")
				default:
					fmt.Fprintf(&b, "i %% 2;\n")
				}
				fmt.Fprintf(&b, "\tmyia_ndarray %s = {%s_data, %d, {%s}};\n", l.name, l.name, l.t.rank, strings.Join(dims, ", "))
				args = append(args, "&"+l.name)
			case kInt:
				args = append(args, fmt.Sprintf("%d", k))
			case kFloat:
				args = append(args, fmt.Sprintf("%d.5", k))
			default:
				args = append(args, "true")
			}
		}
	}
	for _, l := range it.result {
		fmt.Fprintf(&b, "\t%s %s;\n", cScalar(l.t), l.name)
		args = append(args, "&"+l.name)
	}
	fmt.Fprintf(&b, "\tif (%s(%s) != 0) {\n\t\tfprintf(stderr, \"%%s\\n\", %s_error());\n\t\treturn 1;\n\t}\n", it.Symbol, strings.Join(args, ", "), it.Symbol)
	for _, l := range it.result {
		switch l.t.kind {
		case kArray:
			fmt.Fprintf(&b, "\tprintf(\"%s = an array of shape (\");\n", l.name)
			fmt.Fprintf(&b, "\tfor (int64_t k = 0; k < %s.ndim; k++) printf(k ? \", %%\" PRId64 : \"%%\" PRId64, %s.shape[k]);\n", l.name, l.name)
			fmt.Fprintf(&b, "\tint64_t %s_n = 1;\n\tfor (int64_t k = 0; k < %s.ndim; k++) %s_n *= %s.shape[k];\n", l.name, l.name, l.name, l.name)
			fmt.Fprintf(&b, "\tprintf(\"):\");\n\tfor (int64_t i = 0; i < %s_n; i++) ", l.name)
			if l.t.dtype == 2 {
				fmt.Fprintf(&b, "printf(\" %%.17g\", ((double *)%s.data)[i]);\n", l.name)
			} else {
				fmt.Fprintf(&b, "printf(\" %%\" PRId64, ((int64_t *)%s.data)[i]);\n", l.name)
			}
			fmt.Fprintf(&b, "\tprintf(\"\\n\");\n\tfree(%s.data);\n", l.name)
		case kInt:
			fmt.Fprintf(&b, "\tprintf(\"%s = %%\" PRId64 \"\\n\", %s);\n", l.name, l.name)
		case kFloat:
			fmt.Fprintf(&b, "\tprintf(\"%s = %%.17g\\n\", %s);\n", l.name, l.name)
		default:
			fmt.Fprintf(&b, "\tprintf(\"%s = %%s\\n\", %s ? \"True\" : \"False\");\n", l.name, l.name)
		}
	}
	b.WriteString("\treturn 0;\n}\n")
	return b.String()
}

// MainProgram is a C main() that calls the entry (which takes no
// arguments) and prints the repr of its result unless it is None, as
// `myia run` does; an error is printed on stderr, exit status 1.
func (it *Interface) MainProgram() (string, error) {
	if len(it.unit.params) > 0 {
		return "", fmt.Errorf("an executable runs an entry without parameters; %s takes %d (make a library with -o lib%s.so)", it.unit.Entry, len(it.unit.params), it.unit.Entry)
	}
	g := &gen{printers: map[string]bool{}}
	var b strings.Builder
	b.WriteString("\nint main(void) {\n\tmyia_ctx ctx;\n\tuint64_t in[1], res[" + fmt.Sprint(it.unit.result.slots()+1) + "];\n")
	b.WriteString("\tmyia_ctx_start(&ctx);\n\tmyia_entry(&ctx, in, res);\n")
	b.WriteString("\tif (ctx.err) {\n\t\tif (ctx.outlen > 0) myia_stdout_flush(&ctx);\n\t\tstatic char buf[4096];\n\t\tmyia_format_error(&ctx, buf, sizeof buf);\n\t\tfprintf(stderr, \"%s\\n\", buf);\n\t\treturn 1;\n\t}\n")
	r := it.unit.result
	if !(r.kind == kUnit && r.none) {
		slot := 0
		fmt.Fprintf(&b, "\t%s r;\n", r.name)
		unpackOut(&b, "r", r, &slot)
		fmt.Fprintf(&b, "\t%s\n\tmyia_endline(&ctx);\n", strings.ReplaceAll(g.printStmt(ir.Pos{}, "r", r, true), "(ctx,", "(&ctx,"))
	}
	b.WriteString("\tif (ctx.outlen > 0) myia_stdout_flush(&ctx);\n\treturn 0;\n}\n")
	// Tuple printers of their own: the program's may exist already.
	src := g.printDefs.String() + b.String()
	src = strings.ReplaceAll(src, "myia_lprint_", "myia_lrepr_")
	return strings.ReplaceAll(src, "myia_print_myia_t", "myia_repr_myia_t"), nil
}

// unpackOut reads x of ctype t from res, as unpack reads in.
func unpackOut(b *strings.Builder, x string, t *ctype, slot *int) {
	switch t.kind {
	case kUnit:
		fmt.Fprintf(b, "\t%s = 0;\n", x)
	case kBool:
		fmt.Fprintf(b, "\t%s = res[%d] != 0;\n", x, *slot)
		*slot++
	case kInt, kFloat, kArray:
		fmt.Fprintf(b, "\tmemcpy(&%s, &res[%d], 8);\n", x, *slot)
		*slot++
	case kTuple:
		for i, el := range t.elems {
			unpackOut(b, fmt.Sprintf("%s.f%d", x, i), el, slot)
		}
	}
}

// BuildShared compiles src (a Unit's source and a wrapper) into a shared
// object or, with exe, an executable at path, without a shell, in a
// private temporary directory.
func BuildShared(src, path string, exe bool, opts Options) error {
	cc, err := FindCC(opts.CC)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "myia-compile-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	var link []string
	if opts.Arrays {
		version, err := ccVersion(cc)
		if err != nil {
			return err
		}
		obj, err := arrayRuntimeObject(cc, version, opts, dir)
		if err != nil {
			return err
		}
		link = append([]string{obj}, arrayLibs...)
	}
	flags := []string{"-O2", "-fPIC", "-shared", "-w", "-ffp-contract=off", "-fno-strict-aliasing", "-D_GNU_SOURCE", "-pthread"}
	if exe {
		flags = []string{"-O2", "-w", "-ffp-contract=off", "-fno-strict-aliasing", "-D_GNU_SOURCE", "-pthread"}
	}
	if opts.Flags != nil {
		flags = opts.Flags
	}
	built, err := compile(cc, flags, src, dir, link...)
	if err != nil {
		return err
	}
	data, err := os.ReadFile(built)
	if err != nil {
		return err
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	if err := writeAtomic(abs, data); err != nil {
		return err
	}
	return os.Chmod(abs, 0o755)
}
