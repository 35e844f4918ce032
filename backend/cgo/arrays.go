package cgo

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// The array runtime (rtarray/) is compiled once per compiler and flags
// into a cached object that every library using arrays links, with
// OpenBLAS: generated code sees rtarray.h and the prototypes of its
// functions (hidden visibility), not its 2,000 lines.

// ArrayRuntimeSource is rtarray.inc as one C file whose functions are
// external with hidden visibility.
func ArrayRuntimeSource() string {
	return "/* myia's array runtime */\n" + rtHeader +
		"#define MYIA_ARR __attribute__((visibility(\"hidden\")))\n" + rtArrayHeader + rtArrayRuntime + arrayShims
}

// arrayShims are the helpers the generated code of both backends calls
// beyond rtarray.inc's functions (one line each: arrayPrototypes
// declares them).
const arrayShims = `
/* ---- helpers of the code generators ---- */
/* myia_unpin: r, or a copy of it if it is (a view of) a 0-d array on the
   stack (an operand made with myia_scalar_*), which must not outlive the
   call that made it. */
MYIA_ARR myia_array *myia_unpin(myia_ctx *ctx, myia_array *r, int site) { if (r->rc != MYIA_RC_PINNED && !(r->base && r->base->rc == MYIA_RC_PINNED)) return r; myia_array *c = myia_copy(ctx, r, site); myia_release(r); return c; }
MYIA_ARR int64_t myia_a_dim(const myia_array *a, int k) { return a->shape[k]; }
MYIA_ARR int64_t myia_a_ndim(const myia_array *a) { return a->ndim; }
MYIA_ARR double myia_a_elem_f(const myia_array *a) { return myia_getf(a, 0); }
MYIA_ARR int64_t myia_a_elem_i(const myia_array *a) { return a->dtype == MYIA_FLOAT ? (int64_t)MYIA_F(a)[0] : MYIA_I(a)[0]; }
MYIA_ARR int myia_a_isfloat(const myia_array *a) { return a->dtype == MYIA_FLOAT; }
/* zeros of a's dtype and shape (fix_sens of an int or bool array) */
MYIA_ARR myia_array *myia_zeros_of(myia_ctx *ctx, const myia_array *a, int site) { return myia_new(ctx, a->dtype, a->ndim, a->shape, 1, site); }
/* an argument from the loader (rt.h's myia_xarray): numbers read in
   place (the loader keeps them until the call returns), bools copied as
   0 and 1 */
MYIA_ARR myia_array *myia_import(myia_ctx *ctx, const myia_xarray *x, int site) { return x->dtype == MYIA_BOOL ? myia_from_b(ctx, (int)x->ndim, x->shape, (const int64_t *)x->data, site) : myia_wrap(ctx, (int)x->dtype, (int)x->ndim, x->shape, x->data, site); }
`

// arrayExports are the functions of a library using arrays that the
// loader calls (default visibility), and the allocator's setup.
const arrayExports = `
void myia_array_free(void *a) { myia_release((myia_array *)a); }
int64_t myia_array_live(void) { return myia_mem_get().live; }
int64_t myia_array_peak(void) { int64_t p = myia_mem_get().peak; myia_mem_reset_peak(); return p; }
/* Arrays of a call are allocated and freed again and again: keep freed
   memory in the heap (glibc would give large blocks back to the system
   with munmap, and every new one would fault its pages in again). */
#include <malloc.h>
__attribute__((constructor)) static void myia_malloc_setup(void) {
	mallopt(M_MMAP_THRESHOLD, 64 << 20);
	mallopt(M_TRIM_THRESHOLD, 256 << 20);
}
`

// LLVMArrayRuntime is what the LLVM backend's runtime object adds when
// the code uses arrays (after rt.h and rt.inc, MYIA_RT defined).
func LLVMArrayRuntime() string {
	return rtArrayHeader + rtArrayRuntime + arrayShims + arrayExports
}

var (
	protoOnce sync.Once
	protos    string
)

// arrayPrototypes declares every MYIA_ARR function of rtarray.inc (each
// is defined on one line: the prototype is the text before its "{").
func arrayPrototypes() string {
	protoOnce.Do(func() {
		var b strings.Builder
		for _, line := range strings.Split(rtArrayRuntime+arrayShims, "\n") {
			if !strings.HasPrefix(line, "MYIA_ARR ") {
				continue
			}
			i := strings.Index(line, "{")
			if i < 0 {
				panic("rtarray.inc: a MYIA_ARR definition on several lines: " + line)
			}
			b.WriteString(strings.TrimSpace(line[:i]) + ";\n")
		}
		protos = b.String()
	})
	return protos
}

// arrayPrelude follows rt.h and rt.inc in a generated file that uses
// arrays.
func arrayPrelude() string {
	return "#define MYIA_ARR extern __attribute__((visibility(\"hidden\")))\n" + rtArrayHeader + arrayPrototypes() + `
` + arrayExports
}

var arrayObjMu sync.Mutex

// ArrayRuntimeFlags compile the array runtime. -O3 vectorizes its
// elementwise loops (about 25% off the GMM gradient); it does not
// reassociate floating-point sums (no -ffast-math), so results are the
// same as at -O2.
var ArrayRuntimeFlags = []string{"-O3", "-fPIC", "-c", "-w", "-ffp-contract=off", "-fno-strict-aliasing"}

// arrayRuntimeObject returns the compiled array runtime, from the cache
// (checked by its hash) or compiled now; with NoCache, in dir.
func arrayRuntimeObject(cc, version string, opts Options, dir string) (string, error) {
	src := ArrayRuntimeSource()
	flags := ArrayRuntimeFlags
	h := sha256.New()
	for _, s := range []string{src, cc, version, strings.Join(flags, "\x00")} {
		io.WriteString(h, s)
		h.Write([]byte{0})
	}
	key := hex.EncodeToString(h.Sum(nil))
	compileTo := func(work string) (string, error) {
		in := filepath.Join(work, "rtarray.c")
		out := filepath.Join(work, "rtarray.o")
		if err := os.WriteFile(in, []byte(src), 0o600); err != nil {
			return "", err
		}
		if err := run(cc, append(flags, "-o", out, in), work); err != nil {
			return "", err
		}
		return out, nil
	}
	if opts.NoCache {
		return compileTo(dir)
	}
	cache, err := CacheDir(opts.CacheDir)
	if err != nil {
		return "", err
	}
	obj := filepath.Join(cache, "rtarray-"+key+".o")
	arrayObjMu.Lock()
	defer arrayObjMu.Unlock()
	if verify(obj, obj+".sha256") {
		return obj, nil
	}
	work, err := os.MkdirTemp("", "myia-cc-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(work)
	built, err := compileTo(work)
	if err != nil {
		return "", err
	}
	data, err := os.ReadFile(built)
	if err != nil {
		return "", err
	}
	digest := sha256.Sum256(data)
	if err := writeAtomic(obj, data); err != nil {
		return "", err
	}
	if err := writeAtomic(obj+".sha256", []byte(hex.EncodeToString(digest[:])+"\n")); err != nil {
		return "", err
	}
	return obj, nil
}

// arrayLibs are the libraries code using arrays links with.
var arrayLibs = []string{"-lopenblas"}

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }
