package tests

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/myia/myia"
	"github.com/myia/myia/backend/cgo"
	"github.com/myia/myia/backend/llvm"
	"github.com/myia/myia/infer"
	"github.com/myia/myia/ir"
	"github.com/myia/myia/vm"
)

// backendOutcome is what the C backend did with one program.
type backendOutcome struct {
	file    string
	refused string // the refusal, or "" when the program ran
}

// TestBackendC compiles main() of every corpus program with the C
// backend, runs it, and compares what it prints (and the error it
// raises, if any) with the VM's. A program the backend refuses must be
// refused with a positioned error that names the construct, never a
// crash. The test logs how many programs were accepted.
func TestBackendC(t *testing.T) { testBackendCorpus(t, "c") }

// TestBackendLLVM is TestBackendC through the LLVM backend (LLVM IR, opt,
// llc, linked with the C runtime), loaded by the same loader.
func TestBackendLLVM(t *testing.T) {
	if _, err := llvm.FindTools(""); err != nil {
		t.Skip(err)
	}
	testBackendCorpus(t, "llvm")
}

func testBackendCorpus(t *testing.T, backend string) {
	if _, err := cgo.FindCC(""); err != nil {
		t.Skip(err)
	}
	files := corpus(t)
	runs, _ := filepath.Glob("errors/run_*.py")
	files = append(files, runs...)
	arrays, _ := filepath.Glob("corpus/arrays/*.py")
	files = append(files, arrays...)
	ad, _ := filepath.Glob("corpus/ad/*.py")
	files = append(files, ad...)
	cache := backendCache(t)
	var mu sync.Mutex
	var outcomes []backendOutcome
	t.Run("programs", func(t *testing.T) {
		for _, file := range files {
			name := strings.TrimSuffix(filepath.Base(file), ".py")
			if strings.Contains(file, "arrays") {
				name = "arrays/" + name
			} else if strings.Contains(file, "/ad/") {
				name = "ad/" + name
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				refused := checkBackend(t, file, cache, backend)
				mu.Lock()
				outcomes = append(outcomes, backendOutcome{file, refused})
				mu.Unlock()
			})
		}
	})
	sort.Slice(outcomes, func(i, j int) bool { return outcomes[i].file < outcomes[j].file })
	accepted, arrAccepted, arrTotal, adAccepted, adTotal := 0, 0, 0, 0, 0
	for _, o := range outcomes {
		isArr := strings.Contains(o.file, "arrays")
		isAD := strings.Contains(o.file, "/ad/")
		switch {
		case isArr:
			arrTotal++
		case isAD:
			adTotal++
		}
		if o.refused == "" {
			switch {
			case isArr:
				arrAccepted++
			case isAD:
				adAccepted++
			default:
				accepted++
			}
		} else {
			t.Logf("refused %s: %s", o.file, o.refused)
		}
	}
	t.Logf("%s backend: %d of %d programs accepted (the corpus and errors/run_*.py); arrays: %d of %d (corpus/arrays); gradients: %d of %d (corpus/ad)", backend, accepted, len(outcomes)-arrTotal-adTotal, arrAccepted, arrTotal, adAccepted, adTotal)
	if t.Failed() || len(outcomes) != len(files) {
		return // a failure, or -run took some programs only
	}
	checkRefusedList(t, backend, outcomes)
}

// checkRefusedList compares the programs the backend refused with
// testdata/refused.txt, the programs both backends are known to refuse:
// a program refused that is not listed is a regression; one listed that
// now compiles is progress, and the list must say so (-update).
func checkRefusedList(t *testing.T, backend string, outcomes []backendOutcome) {
	const list = "testdata/refused.txt"
	var got []string
	for _, o := range outcomes {
		if o.refused != "" {
			got = append(got, filepath.ToSlash(o.file))
		}
	}
	if *update {
		var b strings.Builder
		b.WriteString("# The corpus programs the native backends refuse, with a positioned\n# message (TestBackendC, TestBackendLLVM; rewrite with -update).\n")
		for _, f := range got {
			b.WriteString(f + "\n")
		}
		if err := os.WriteFile(list, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(list)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			want[line] = true
		}
	}
	for _, f := range got {
		if !want[f] {
			t.Errorf("%s backend: %s is refused, but %s says it compiles (a regression)", backend, f, list)
		}
		delete(want, f)
	}
	for f := range want {
		t.Errorf("%s backend: %s compiles now: take it off %s (go test ./tests -run %s -update)", backend, f, list, t.Name())
	}
}

var (
	backendCacheOnce sync.Once
	backendCacheDir  string
)

// backendCache is where the backend tests keep compiled objects: the
// user's cache directory (myia-test), so that a second run compiles only
// what changed (objects are named by the hash of their source and
// checked before loading, as `myia run`'s), else a temporary directory
// shared by the tests of this run.
func backendCache(t *testing.T) string {
	backendCacheOnce.Do(func() {
		if base, err := os.UserCacheDir(); err == nil {
			dir := filepath.Join(base, "myia-test")
			if err := os.MkdirAll(dir, 0o700); err == nil {
				backendCacheDir = dir
				return
			}
		}
		dir, err := os.MkdirTemp("", "myia-backend-test-")
		if err == nil {
			backendCacheDir = dir
		}
	})
	if backendCacheDir == "" {
		return t.TempDir()
	}
	return backendCacheDir
}

// checkBackend runs one program on the VM and a native backend and
// returns the refusal, if any.
func checkBackend(t *testing.T, file, cache, backend string) string {
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	// -O2, as `myia run`: the native backends compile the optimized
	// graphs, typed again (Program.NativeGraph).
	p, err := myia.Compile(file, src, myia.Config{Verify: true, Opt: 2})
	failInternal(t, err)
	if err != nil {
		if strings.HasPrefix(filepath.Base(file), "run_") {
			return "compile-time error: " + err.Error()
		}
		t.Fatalf("compile:\n%s", p.Module.Sources.Format(err))
	}
	if p.Typed == nil {
		return "no typed entry (inference did not run)"
	}
	// The native backend first: the VM's run does not touch the typed graphs.
	var cOut bytes.Buffer
	var lib *cgo.Library
	nat, err := p.CompileNative(backend, "main", myia.RunOptions{Stdout: &cOut}, myia.NativeOptions{CacheDir: cache})
	if err == nil {
		lib = nat.Lib
	}
	failInternal(t, err)
	if err != nil {
		var e *ir.Error
		if !errors.As(err, &e) || !e.Pos.IsValid() || !strings.Contains(e.Msg, "backend cannot compile") {
			t.Fatalf("refused without a positioned message: %v", err)
		}
		return p.Module.Sources.Format(err)
	}
	defer lib.Close()
	var vmOut bytes.Buffer
	vmErr := myia.Protect("vm", func() error {
		_, err := p.Run("main", nil, myia.RunOptions{Stdout: &vmOut, Untyped: true})
		return err
	})
	failInternal(t, vmErr)
	_, cErr := lib.Call()
	if got, want := cOut.String(), vmOut.String(); got != want {
		// Array and gradient programs: matrix products (OpenBLAS against
		// the VM's gonum) and the C library's pow and transcendental
		// functions may differ from the VM's in the last bits; printed
		// floats agree to 1e-12.
		tolerant := strings.Contains(file, "arrays") || strings.Contains(file, "/ad/")
		if msg := adCompareOutput(want, got, 1e-12); !tolerant || msg != "" {
			t.Errorf("output differs from the VM's (-vm +c):\n%s", cmp.Diff(want, got))
		}
	}
	switch {
	case vmErr == nil && cErr == nil:
	case vmErr == nil || cErr == nil:
		t.Errorf("error: vm %v, c %v", vmErr, cErr)
	default:
		var ve, ce *ir.Error
		if !errors.As(vmErr, &ve) || !errors.As(cErr, &ce) {
			t.Fatalf("errors without positions: vm %v, c %v", vmErr, cErr)
		}
		vmMsg, cMsg := ve.Msg, ce.Msg
		if strings.HasPrefix(vmMsg, "recursion too deep") {
			vmMsg, cMsg = "recursion too deep", cMsg[:min(len(cMsg), len("recursion too deep"))]
		}
		if ve.Pos != ce.Pos || vmMsg != cMsg {
			t.Errorf("error differs:\nvm: %s: %s\nc:  %s: %s", ve.Pos, ve.Msg, ce.Pos, ce.Msg)
		}
	}
	return ""
}

// compileC compiles src's entry (with the given signature) for the C
// backend.
func compileC(t *testing.T, src, entry, sig string, opts cgo.Options) *cgo.Library {
	t.Helper()
	return compileWith(t, "c", src, entry, sig, opts)
}

// compileWith compiles src's entry with backend "c" or "llvm".
func compileWith(t *testing.T, backend, src, entry, sig string, opts cgo.Options) *cgo.Library {
	t.Helper()
	if backend == "llvm" {
		if _, err := llvm.FindTools(""); err != nil {
			t.Skip(err)
		}
	}
	if _, err := cgo.FindCC(""); err != nil {
		t.Skip(err)
	}
	cfg := myia.Config{Verify: true, Entry: entry}
	if sig != "" {
		types, err := myia.ParseSig(sig)
		if err != nil {
			t.Fatal(err)
		}
		cfg.ArgTypes = types
	}
	p, err := myia.Compile("prog.py", []byte(src), cfg)
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	if opts.CacheDir == "" {
		opts.CacheDir = backendCache(t)
	}
	compile := cgo.Compile
	if backend == "llvm" {
		compile = cgo.CompileLLVM
	}
	lib, err := compile(p.Module, p.Typed, opts)
	if err != nil {
		t.Fatalf("%s: %v", backend, err)
	}
	t.Cleanup(func() { lib.Close() })
	return lib
}

// TestBackendCLoop: a loop of ten million iterations is a cycle of
// gotos, not ten million C frames.
func TestBackendCLoop(t *testing.T) {
	lib := compileC(t, `
def count(n):
    i = 0
    s = 0
    while i < n:
        if i % 3 == 0:
            s = s + 1
        i = i + 1
    return s
`, "count", "int", cgo.Options{})
	got, err := lib.Call(int64(10_000_000))
	if err != nil || got != int64(3333334) {
		t.Errorf("count(10000000) = %v, %v; want 3333334", got, err)
	}
}

// TestBackendCArgs: arguments and results marshalled from and to Go
// values, tuples included; errors positioned.
func TestBackendCArgs(t *testing.T) {
	lib := compileC(t, `
def f(x, p, n):
    a, b = p
    return (x * a + b, n // 2, x > 0.0, None)
`, "f", "float, tuple[float, int], int", cgo.Options{})
	got, err := lib.Call(1.5, []any{2.0, int64(1)}, int64(7))
	want := []any{4.0, int64(3), true, nil}
	if err != nil || !cmp.Equal(got, want) {
		t.Errorf("f(1.5, (2.0, 1), 7) = %v, %v; want %v", got, err, want)
	}
	if _, err := lib.Call(1.5, []any{2.0}, int64(7)); err == nil {
		t.Errorf("f with a tuple of the wrong length: no error")
	}
	lib = compileC(t, "def g(a, b):\n    return a // b\n", "g", "int, int", cgo.Options{})
	_, err = lib.Call(int64(1), int64(0))
	var e *ir.Error
	if !errors.As(err, &e) || e.Pos.Line != 2 || e.Pos.Col != 12 || e.Msg != "integer division or modulo by zero" {
		t.Errorf("g(1, 0): error %v, want 2:12: integer division or modulo by zero", err)
	}
}

// TestBackendCDeepRecursion: recursion as deep as the VM allows runs
// natively; deeper is a positioned error, not a crash.
func TestBackendCDeepRecursion(t *testing.T) {
	lib := compileC(t, `
def depth(n):
    if n == 0:
        return 0
    return 1 + depth(n - 1)
`, "depth", "int", cgo.Options{})
	if got, err := lib.Call(int64(100_000)); err != nil || got != int64(100_000) {
		t.Errorf("depth(100000) = %v, %v", got, err)
	}
	_, err := lib.Call(int64(10_000_000))
	var e *ir.Error
	if !errors.As(err, &e) || !strings.HasPrefix(e.Msg, "recursion too deep") || e.Pos.Line != 5 {
		t.Errorf("depth(10000000): error %v, want recursion too deep at 5:16", err)
	}
}

// TestBackendCCache: a second compilation loads the cached object; a
// truncated or corrupted one is detected and rebuilt.
func TestBackendCCache(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache")
	src := "def sq(x):\n    return x * x\n"
	lib := compileC(t, src, "sq", "float", cgo.Options{CacheDir: dir})
	if lib.Cached {
		t.Fatalf("first compilation found in an empty cache")
	}
	path := lib.Path
	if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("cache directory mode %v, %v; want 0700", fi.Mode().Perm(), err)
	}
	lib2 := compileC(t, src, "sq", "float", cgo.Options{CacheDir: dir})
	if !lib2.Cached || lib2.Path != path {
		t.Errorf("second compilation: cached %v at %s, want the cached %s", lib2.Cached, lib2.Path, path)
	}
	// Unmapped before the file is changed under them.
	lib.Close()
	lib2.Close()
	for _, corrupt := range []func([]byte) []byte{
		func(b []byte) []byte { return b[:len(b)/2] },
		func(b []byte) []byte { b[len(b)/2] ^= 0xff; return b },
	} {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, corrupt(data), 0o600); err != nil {
			t.Fatal(err)
		}
		lib3 := compileC(t, src, "sq", "float", cgo.Options{CacheDir: dir})
		if lib3.Cached {
			t.Errorf("a corrupted cache entry was loaded")
		}
		if got, err := lib3.Call(3.0); err != nil || got != 9.0 {
			t.Errorf("sq(3.0) after a rebuild = %v, %v", got, err)
		}
		lib3.Close()
	}
}

// TestBackendCPrintFlush: output larger than the print buffer reaches
// the writer whole and in order.
func TestBackendCPrintFlush(t *testing.T) {
	var out bytes.Buffer
	lib := compileC(t, `
def lines(n):
    for i in range(n):
        print("line", i, i * 0.5)
    return n
`, "lines", "int", cgo.Options{Stdout: &out})
	if _, err := lib.Call(int64(20000)); err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(got) != 20000 || got[0] != "line 0 0.0" || got[19999] != "line 19999 9999.5" {
		t.Errorf("%d lines, first %q, last %q", len(got), got[0], got[len(got)-1])
	}
}

var backendSpeed = flag.Int("backend-speed", 0, "with N > 0, TestBackendSpeed times bench/ode_scalar.py on the VM, the C backend, the LLVM backend and bench/c/ode_scalar.c (gcc -O2): medians of N runs")

// TestBackendSpeed prints, side by side, the time of the scalar
// workloads of bench/ode_scalar.py on the VM, through the C and LLVM
// backends (called from Go) and written by hand in C (docs/backends.md). It
// asserts nothing about time; it runs only with -backend-speed=N.
func TestBackendSpeed(t *testing.T) {
	runs := *backendSpeed
	if runs <= 0 {
		t.Skip("run with -backend-speed=N")
	}
	cc, err := cgo.FindCC("")
	if err != nil {
		t.Skip(err)
	}
	src, err := os.ReadFile("../bench/ode_scalar.py")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	hand := func(entry string, u *cgo.Unit) *cgo.Library {
		so := filepath.Join(tmp, entry+".so")
		args := []string{"-O2", "-fPIC", "-shared", "-DNO_MAIN", "-DENTRY_" + strings.ToUpper(entry), "-I", "../backend/cgo", "-o", so, "../bench/c/ode_scalar_entry.c", "-lm"}
		if out, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		lib, err := cgo.Load(so, u, cgo.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return lib
	}
	median := func(reps int, f func()) float64 {
		ts := make([]float64, runs)
		for r := range ts {
			t0 := time.Now()
			for k := 0; k < reps; k++ {
				f()
			}
			ts[r] = float64(time.Since(t0).Nanoseconds()) / float64(reps)
		}
		sort.Float64s(ts)
		return ts[len(ts)/2]
	}
	fmt.Printf("%-34s %12s %12s %12s %12s %8s %8s %8s\n", "workload (median of "+strconv.Itoa(runs)+")", "VM", "C backend", "LLVM", "hand C -O2", "VM/C", "C/hand", "LLVM/hand")
	primals := map[string][2]float64{} // C and LLVM times of the primals
	for _, w := range []struct {
		entry, args string
		goArgs      []any
		reps        int
	}{
		{"euler", "[1.0, 0.0, 4.0, 0.1, 0.001, 10000]", []any{1.0, 0.0, 4.0, 0.1, 0.001, int64(10000)}, 20},
		{"euler_grad", "[1.0, 0.0, 4.0, 0.1, 0.001, 10000]", []any{1.0, 0.0, 4.0, 0.1, 0.001, int64(10000)}, 5},
		{"recur", "[0.5, 200]", []any{0.5, int64(200)}, 200},
		{"recur_grad", "[0.5, 200]", []any{0.5, int64(200)}, 100},
		{"euler_jvp", "[1.0, 0.0, 4.0, 0.1, 0.001, 10000]", []any{1.0, 0.0, 4.0, 0.1, 0.001, int64(10000)}, 20},
		{"recur_jvp", "[0.5, 200]", []any{0.5, int64(200)}, 200},
	} {
		// A derivative (grad, or forward mode's jvp) has no hand-written
		// version; it is timed against its primal.
		grad := strings.HasSuffix(w.entry, "_grad") || strings.HasSuffix(w.entry, "_jvp")
		p, err := myia.Compile("bench/ode_scalar.py", src, myia.Config{Entry: w.entry, Opt: 2})
		if err != nil {
			t.Fatal(err)
		}
		vmArgs, err := myia.ParseArgs(w.args)
		if err != nil {
			t.Fatal(err)
		}
		lib, err := cgo.Compile(p.Module, p.Typed, cgo.Options{})
		if err != nil {
			t.Fatal(err)
		}
		vmRes, err := p.Run(w.entry, vmArgs, myia.RunOptions{Untyped: true})
		if err != nil {
			t.Fatal(err)
		}
		cRes, err := lib.Call(w.goArgs...)
		if err != nil {
			t.Fatal(err)
		}
		llib, err := cgo.CompileLLVM(p.Module, p.Typed, cgo.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if lRes, err := llib.Call(w.goArgs...); err != nil || fmt.Sprint(lRes) != fmt.Sprint(cRes) {
			t.Errorf("%s: the LLVM backend gives %v, %v; the C backend %v", w.entry, lRes, err, cRes)
		}
		if r, ok := cRes.(float64); !ok || fmt.Sprint(vmRes) != ir.FloatRepr(r) {
			if !grad || fmt.Sprint(vmRes) != tupleRepr(cRes) {
				t.Errorf("%s: vm %v, c %v", w.entry, vmRes, cRes)
			}
		}
		tvm := median(1, func() { p.Run(w.entry, vmArgs, myia.RunOptions{}) })
		var hlib *cgo.Library
		if !grad {
			hlib = hand(w.entry, lib.Unit)
			if hRes, err := hlib.Call(w.goArgs...); err != nil || hRes != cRes {
				t.Errorf("%s: hand-written C gives %v, %v; the C backend %v", w.entry, hRes, err, cRes)
			}
		}
		// Interleaved, so that all see the same load.
		var tc, tl, th float64
		for i := 0; i < 3; i++ {
			tc += median(w.reps, func() { lib.Call(w.goArgs...) }) / 3
			tl += median(w.reps, func() { llib.Call(w.goArgs...) }) / 3
			if hlib != nil {
				th += median(w.reps, func() { hlib.Call(w.goArgs...) }) / 3
			}
		}
		if hlib != nil {
			hlib.Close()
		}
		name := fmt.Sprintf("%s%s", w.entry, strings.ReplaceAll(w.args, " ", ""))
		if grad {
			// The gradient against its primal, measured just before.
			primal := primals[strings.TrimSuffix(strings.TrimSuffix(w.entry, "_grad"), "_jvp")]
			fmt.Printf("%-34s %10.1fus %10.1fus %10.1fus %12s %7.1fx   derivative/primal: C %.2f, LLVM %.2f\n", name, tvm/1e3, tc/1e3, tl/1e3, "-", tvm/tc, tc/primal[0], tl/primal[1])
		} else {
			primals[w.entry] = [2]float64{tc, tl}
			fmt.Printf("%-34s %10.1fus %10.1fus %10.1fus %10.1fus %7.1fx %7.2fx %7.2fx\n", name, tvm/1e3, tc/1e3, tl/1e3, th/1e3, tvm/tc, tc/th, tl/th)
		}
		lib.Close()
		llib.Close()
	}
}

// TestCompileLibraryGradient builds a shared library from a program with
// a gradient, through `myia compile`'s code path (Program.CompileOutput),
// compiles a C program against its header with cc, runs it, and checks
// the printed gradient against the VM's.
func TestCompileLibraryGradient(t *testing.T) {
	cc, err := cgo.FindCC("")
	if err != nil {
		t.Skip(err)
	}
	src := `from myia import grad


def f(x, y):
    return x * x * y + 3.0 * math.sin(y)


def df(x: float, y: float) -> float:
    return grad(f, 1)(x, y)
`
	src = "import math\n" + src
	p, err := myia.Compile("grad.py", []byte(src), myia.Config{Verify: true, Entry: "df", Opt: 2})
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	dir := t.TempDir()
	files, err := p.CompileOutput("df", filepath.Join(dir, "libdf.so"))
	if err != nil {
		t.Fatalf("myia compile: %v", err)
	}
	for _, f := range []string{"libdf.so", "libdf.h", "df_example.c"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("myia compile wrote %v, not %s", files, f)
		}
	}
	prog := `#include <stdio.h>
#include "libdf.h"

int main(void) {
	double g;
	if (df(1.5, 0.25, &g) != 0) {
		fprintf(stderr, "%s\n", df_error());
		return 1;
	}
	printf("%.17g\n", g);
	return 0;
}
`
	out := runCProgram(t, cc, dir, "df", prog)
	got, err := strconv.ParseFloat(strings.TrimSpace(string(out)), 64)
	if err != nil {
		t.Fatalf("the C program printed %q", out)
	}
	want, err := p.Run("df", []vm.Value{vm.Float(1.5), vm.Float(0.25)}, myia.RunOptions{Untyped: true})
	if err != nil {
		t.Fatal(err)
	}
	if got != want.AsFloat() {
		t.Errorf("df(1.5, 0.25): C program %v, VM %v", got, want.AsFloat())
	}
	if out, err := exec.Command(filepath.Join(dir, "example")).CombinedOutput(); err != nil || !strings.HasPrefix(string(out), "out = ") {
		t.Errorf("df_example: %v\n%s", err, out)
	}
}

// runCProgram writes prog as DIR/main.c, builds it and NAME_example.c
// (which myia compile wrote) against libNAME.so with warnings as errors,
// and returns what main prints.
func runCProgram(t *testing.T, cc, dir, name, prog string) []byte {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, "main.c"), []byte(prog), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, build := range [][]string{
		{"main.c", "-Wall", "-Werror", "-L.", "-l" + name, "-Wl,-rpath,$ORIGIN", "-o", "main"},
		{name + "_example.c", "-Wall", "-Werror", "-L.", "-l" + name, "-Wl,-rpath,$ORIGIN", "-o", "example"},
	} {
		cmd := exec.Command(cc, build...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("cc %v: %v\n%s", build, err, out)
		}
	}
	out, err := exec.Command(filepath.Join(dir, "main")).CombinedOutput()
	if err != nil {
		t.Fatalf("running the C program: %v\n%s", err, out)
	}
	return out
}

// TestCompileLibraryArrays: an entry that takes arrays and returns a
// tuple of a number and an array (a loss and its gradient) is a C
// function of myia_ndarray pointers; a C program calls it, gets the VM's
// numbers, frees the result, and a wrong shape is an error of the call.
func TestCompileLibraryArrays(t *testing.T) {
	cc, err := cgo.FindCC("")
	if err != nil {
		t.Skip(err)
	}
	src := `import numpy as np
from myia import value_and_grad


def loss(w, x, y):
    return np.sum((np.tanh(x @ w) - y) ** 2)


def step(w, x, y):
    return value_and_grad(loss)(w, x, y)
`
	sig, err := infer.ParseSig("ndarray[float, (3, 2)], ndarray[float, (?, 3)], ndarray[float, (?, 2)]")
	if err != nil {
		t.Fatal(err)
	}
	p, err := myia.Compile("step.py", []byte(src), myia.Config{Verify: true, Entry: "step", Opt: 2, ArgTypes: sig})
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	dir := t.TempDir()
	if _, err := p.CompileOutput("step", filepath.Join(dir, "libstep.so")); err != nil {
		t.Fatalf("myia compile: %v", err)
	}
	header, err := os.ReadFile(filepath.Join(dir, "libstep.h"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(header), "int step(const myia_ndarray *w, const myia_ndarray *x, const myia_ndarray *y, double *out_0, myia_ndarray *out_1)") {
		t.Errorf("libstep.h:\n%s", header)
	}
	prog := `#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include "libstep.h"

int main(void) {
	double wd[6] = {0.1, -0.2, 0.3, 0.4, -0.5, 0.6};
	double xd[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
	double yd[8] = {0.5, -0.5, 0.25, 0.75, 1, 0, -1, 0.5};
	for (int i = 0; i < 12; i++) xd[i] *= 0.1;
	myia_ndarray w = {wd, 2, {3, 2}}, x = {xd, 2, {4, 3}}, y = {yd, 2, {4, 2}};
	double l;
	myia_ndarray g;
	for (int rep = 0; rep < 3; rep++) {
		if (step(&w, &x, &y, &l, &g) != 0) {
			fprintf(stderr, "%s\n", step_error());
			return 1;
		}
		if (rep < 2) free(g.data);
	}
	printf("%.17g\n%" PRId64 " %" PRId64 " %" PRId64 "\n", l, g.ndim, g.shape[0], g.shape[1]);
	for (int i = 0; i < 6; i++) printf("%.17g\n", ((double *)g.data)[i]);
	free(g.data);
	myia_ndarray bad = {xd, 2, {3, 4}};
	if (step(&w, &bad, &y, &l, &g) == 0) {
		printf("no error\n");
		return 1;
	}
	printf("%s\n", step_error());
	return 0;
}
`
	out := runCProgram(t, cc, dir, "step", prog)
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != 9 {
		t.Fatalf("the C program printed %q", out)
	}
	var got []float64
	for _, i := range []int{0, 2, 3, 4, 5, 6, 7} {
		v, err := strconv.ParseFloat(lines[i], 64)
		if err != nil {
			t.Fatalf("line %d: %q", i, lines[i])
		}
		got = append(got, v)
	}
	if lines[1] != "2 3 2" {
		t.Errorf("the gradient's ndim and shape: %q, want 2 3 2", lines[1])
	}
	if want := "argument x: want an array of float64 (?, 3)"; lines[8] != want {
		t.Errorf("a (3, 4) x: %q, want %q", lines[8], want)
	}
	x := make([]float64, 12)
	for i := range x {
		x[i] = float64(i+1) * 0.1
	}
	want, err := p.Run("step", []vm.Value{
		vm.NewFloatArray([]int{3, 2}, []float64{0.1, -0.2, 0.3, 0.4, -0.5, 0.6}),
		vm.NewFloatArray([]int{4, 3}, x),
		vm.NewFloatArray([]int{4, 2}, []float64{0.5, -0.5, 0.25, 0.75, 1, 0, -1, 0.5}),
	}, myia.RunOptions{Untyped: true})
	if err != nil {
		t.Fatal(err)
	}
	wantF := []float64{want.Elems()[0].AsFloat()}
	_, gd, ok := want.Elems()[1].ArrayShape()
	if !ok {
		t.Fatalf("the VM's gradient: %s", want.Repr())
	}
	wantF = append(wantF, gd...)
	if d := cmp.Diff(wantF, got, cmpopts.EquateApprox(1e-12, 0)); d != "" {
		t.Errorf("step: the C program and the VM (-VM +C):\n%s", d)
	}
	if out, err := exec.Command(filepath.Join(dir, "example")).CombinedOutput(); err != nil || !strings.Contains(string(out), "out_1 = an array of shape (3, 2):") {
		t.Errorf("step_example: %v\n%s", err, out)
	}
}

// TestCompileExecutable: -o NAME makes an executable that prints what
// ` + "`myia run`" + ` prints.
func TestCompileExecutable(t *testing.T) {
	if _, err := cgo.FindCC(""); err != nil {
		t.Skip(err)
	}
	src := "def main():\n    print('x', 0.1 + 0.2)\n    return (1, 2.5, None, True)\n"
	p, err := myia.Compile("exe.py", []byte(src), myia.Config{Verify: true, Opt: 2})
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(t.TempDir(), "prog")
	if _, err := p.CompileOutput("main", exe); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(exe).CombinedOutput()
	if want := "x 0.30000000000000004\n(1, 2.5, None, True)\n"; err != nil || string(out) != want {
		t.Errorf("prog: %v, printed %q, want %q", err, out, want)
	}
}

// TestBackendCArrays: arrays cross the loader (arguments, tuples of
// them as results), a loop that makes arrays on every iteration frees
// them (reference counting: nothing is live after the call, and the peak
// does not grow with the number of iterations), and so does an error.
func TestBackendCArrays(t *testing.T) {
	for _, b := range []string{"c", "llvm"} {
		t.Run(b, func(t *testing.T) { testBackendArrays(t, b) })
	}
}

func testBackendArrays(t *testing.T, backend string) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	lib := compileWith(t, backend, `
import numpy as np


def f(x, w, n):
    s = np.zeros(3)
    h = x
    for i in range(n):
        h = np.tanh(h @ w) + x[0]
        s = s + np.sum(h, axis=0) * 0.5
    return (s, h[0, 1], (np.arange(3) * n, n > 2))


def g(x, i):
    return x[i] * 2.0
`, "f", "ndarray[float, (2, 3)], ndarray[float, (3, 3)], int", cgo.Options{})
	if !lib.Unit.Arrays {
		t.Errorf("the unit does not say it uses arrays")
	}
	x := cgo.Array{DType: "float64", Shape: []int{2, 3}, F: []float64{0.1, 0.2, 0.3, -0.4, 0.5, -0.6}}
	w := cgo.Array{DType: "float64", Shape: []int{3, 3}, F: []float64{1, 0.5, 0, 0, 1, 0.5, 0.25, 0, 1}}
	got, err := lib.Call(x, w, int64(3))
	if err != nil {
		t.Fatal(err)
	}
	res := got.([]any)
	s := res[0].(cgo.Array)
	if len(s.Shape) != 1 || s.Shape[0] != 3 || len(s.F) != 3 {
		t.Errorf("f: s = %+v", s)
	}
	if r2 := res[2].([]any); !cmp.Equal(r2[0], cgo.Array{DType: "int64", Shape: []int{3}, I: []int64{0, 3, 6}}) || r2[1] != true {
		t.Errorf("f: %v", r2)
	}
	if live := lib.LiveArrayBytes(); live != 0 {
		t.Errorf("%d bytes of arrays live after a call", live)
	}
	// The VM's result, printed the same (8 digits).
	p, err := myia.Compile("prog.py", []byte("import numpy as np\n\ndef main():\n    x = np.array([[0.1, 0.2, 0.3], [-0.4, 0.5, -0.6]])\n    w = np.array([[1.0, 0.5, 0.0], [0.0, 1.0, 0.5], [0.25, 0.0, 1.0]])\n    s = np.zeros(3)\n    h = x\n    for i in range(3):\n        h = np.tanh(h @ w) + x[0]\n        s = s + np.sum(h, axis=0) * 0.5\n    return s\n"), myia.Config{})
	if err != nil {
		t.Fatal(err)
	}
	want, err := p.Run("main", nil, myia.RunOptions{Untyped: true})
	if err != nil {
		t.Fatal(err)
	}
	if gotV := vm.NewFloatArray(s.Shape, s.F); gotV.Repr() != want.Repr() {
		t.Errorf("f: %s, VM %s", gotV.Repr(), want.Repr())
	}
	// A long loop: memory stays bounded and is all freed.
	lib.PeakArrayBytes()
	if _, err := lib.Call(x, w, int64(10)); err != nil {
		t.Fatal(err)
	}
	peak10 := lib.PeakArrayBytes()
	if _, err := lib.Call(x, w, int64(200000)); err != nil {
		t.Fatal(err)
	}
	if peak := lib.PeakArrayBytes(); peak > peak10 || peak10 == 0 {
		t.Errorf("peak of live arrays: %d bytes after 10 iterations, %d after 200000", peak10, peak)
	}
	if live := lib.LiveArrayBytes(); live != 0 {
		t.Errorf("%d bytes of arrays live after 200000 iterations", live)
	}
	// Wrong arguments are refused before the call.
	if _, err := lib.Call(cgo.Array{DType: "int64", Shape: []int{2, 3}, I: make([]int64, 6)}, w, int64(1)); err == nil {
		t.Errorf("an int array for a float parameter: no error")
	}
	if _, err := lib.Call(cgo.Array{DType: "float64", Shape: []int{3, 3}, F: make([]float64, 9)}, w, int64(1)); err == nil {
		t.Errorf("a (3, 3) array for a (2, 3) parameter: no error")
	}
	// An error inside: positioned, and nothing leaks.
	lib2 := compileWith(t, backend, `
import numpy as np


def g(x, i):
    y = x * 2.0
    z = y + 1.0
    return z[i] + y[0]
`, "g", "ndarray[float, (?,)], int", cgo.Options{})
	v := cgo.Array{DType: "float64", Shape: []int{4}, F: []float64{1, 2, 3, 4}}
	if got, err := lib2.Call(v, int64(1)); err != nil || got != 7.0 {
		t.Errorf("g(v, 1) = %v, %v; want 7.0", got, err)
	}
	_, err = lib2.Call(v, int64(7))
	var e *ir.Error
	if !errors.As(err, &e) || e.Msg != "index 7 is out of bounds for axis 0 with size 4" || e.Pos.Line != 8 {
		t.Errorf("g(v, 7): %v", err)
	}
	if live := lib2.LiveArrayBytes(); live != 0 {
		t.Errorf("%d bytes of arrays live after an error", live)
	}
	// Arguments are read where the caller keeps them, not copied: results
	// that are the argument or a view of it come back intact, the caller's
	// data is not written, and a prepared call runs again and again
	// without leaking.
	lib3 := compileWith(t, backend, `
import numpy as np


def h(x, k):
    return (x, x[1:], x.T, x * k, np.reshape(x, (6,)))
`, "h", "ndarray[float, (2, 3)], float", cgo.Options{})
	x3 := cgo.Array{DType: "float64", Shape: []int{2, 3}, F: []float64{1, 2, 3, 4, 5, 6}}
	orig := append([]float64(nil), x3.F...)
	got3, err := lib3.Call(x3, 2.0)
	if err != nil {
		t.Fatal(err)
	}
	want3 := []any{
		x3,
		cgo.Array{DType: "float64", Shape: []int{1, 3}, F: []float64{4, 5, 6}},
		cgo.Array{DType: "float64", Shape: []int{3, 2}, F: []float64{1, 4, 2, 5, 3, 6}},
		cgo.Array{DType: "float64", Shape: []int{2, 3}, F: []float64{2, 4, 6, 8, 10, 12}},
		cgo.Array{DType: "float64", Shape: []int{6}, F: []float64{1, 2, 3, 4, 5, 6}},
	}
	if d := cmp.Diff(want3, got3); d != "" {
		t.Errorf("h(x, 2.0) (-want +got):\n%s", d)
	}
	if d := cmp.Diff(orig, x3.F); d != "" {
		t.Errorf("the argument changed (-before +after):\n%s", d)
	}
	call, err := lib3.Prepare(x3, 2.0)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 100; i++ {
		if err := call.Run(); err != nil {
			t.Fatal(err)
		}
	}
	call.Free()
	if live := lib3.LiveArrayBytes(); live != 0 {
		t.Errorf("%d bytes of arrays live after 100 prepared calls", live)
	}
}

// TestBackendListResults: a list of known length comes back as a list
// (cgo.List), not a tuple; an entry returning a list of unknown length is
// refused at its position rather than returned wrong.
func TestBackendListResults(t *testing.T) {
	for _, b := range []string{"c", "llvm"} {
		t.Run(b, func(t *testing.T) {
			lib := compileWith(t, b, "def f(x):\n    return ([x, x + 1], x)\n", "f", "int", cgo.Options{})
			got, err := lib.Call(int64(3))
			if want := []any{cgo.List{int64(3), int64(4)}, int64(3)}; err != nil || !cmp.Equal(got, want) {
				t.Errorf("f(3) = %#v, %v; want %#v", got, err, want)
			}
			p, err := myia.Compile("prog.py", []byte("def g(n):\n    xs = [0]\n    for i in range(n):\n        xs = xs + [i]\n    return xs\n"), myia.Config{Entry: "g", ArgTypes: mustSig(t, "int")})
			if err != nil {
				t.Fatal(err)
			}
			compile := cgo.Compile
			if b == "llvm" {
				compile = cgo.CompileLLVM
			}
			_, err = compile(p.Module, p.Typed, cgo.Options{CacheDir: backendCache(t)})
			var e *ir.Error
			if !errors.As(err, &e) || e.Pos.Line != 1 || !strings.Contains(e.Msg, "an entry that takes or returns") {
				t.Errorf("g returning a list of unknown length: %v", err)
			}
		})
	}
}

// TestBackendGradientTape: the gradient of a loop over arrays keeps
// each iteration's backpropagator, a closure of the previous one, in a
// boxed record (the loop's backpropagator is one of the body's or the
// exit's) and the sensitivities of its free variables in environments.
// On both backends it agrees with the VM, and after the call no record
// and no array is live, however long the tape (records are released
// without recursion).
func TestBackendGradientTape(t *testing.T) {
	for _, b := range []string{"c", "llvm"} {
		t.Run(b, func(t *testing.T) { testBackendGradientTape(t, b) })
	}
}

func testBackendGradientTape(t *testing.T, backend string) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	src := `
import numpy as np
from myia import grad


def f(w, x, n):
    h = x
    for i in range(n):
        h = np.tanh(h @ w) + 0.01 * x
    return np.sum(h * h)


def g(w, x, n):
    return grad(f)(w, x, n)
`
	lib := compileWith(t, backend, src, "g", "ndarray[float, (2, 2)], ndarray[float, (1, 2)], int", cgo.Options{})
	w := cgo.Array{DType: "float64", Shape: []int{2, 2}, F: []float64{0.5, 0.1, -0.3, 0.8}}
	x := cgo.Array{DType: "float64", Shape: []int{1, 2}, F: []float64{1, 2}}
	p, err := myia.Compile("prog.py", []byte(src+`

def main():
    w = np.array([[0.5, 0.1], [-0.3, 0.8]])
    x = np.array([[1.0, 2.0]])
    return g(w, x, 7)
`), myia.Config{})
	if err != nil {
		t.Fatal(err)
	}
	want, err := p.Run("main", nil, myia.RunOptions{Untyped: true})
	if err != nil {
		t.Fatal(err)
	}
	got, err := lib.Call(w, x, int64(7))
	if err != nil {
		t.Fatal(err)
	}
	ga := got.(cgo.Array)
	if gotV := vm.NewFloatArray(ga.Shape, ga.F); gotV.Repr() != want.Repr() {
		t.Errorf("g(w, x, 7) = %s, VM %s", gotV.Repr(), want.Repr())
	}
	if n, live := lib.LiveBoxes(), lib.LiveArrayBytes(); n != 0 || live != 0 {
		t.Errorf("after a call: %d records and %d bytes of arrays live", n, live)
	}
	// Tapes of 900 and 60,000 records (as deep as the backward pass may
	// recurse) are freed without recursion.
	for _, n := range []int64{900, 60000} {
		if _, err := lib.Call(w, x, n); err != nil {
			t.Fatal(err)
		}
		if boxes, live := lib.LiveBoxes(), lib.LiveArrayBytes(); boxes != 0 || live != 0 {
			t.Errorf("after %d iterations: %d records and %d bytes of arrays live", n, boxes, live)
		}
	}
}

// tupleRepr is Python's repr of a tuple of floats returned by a
// compiled entry (cgo's []any).
func tupleRepr(v any) string {
	xs, ok := v.([]any)
	if !ok {
		return fmt.Sprint(v)
	}
	parts := make([]string, len(xs))
	for i, x := range xs {
		f, ok := x.(float64)
		if !ok {
			return fmt.Sprint(v)
		}
		parts[i] = ir.FloatRepr(f)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}
