package tests

// The differentiation corpus (corpus/ad/*.py) and its checks:
//
//   - TestADCorpus: main() on the VM prints what the .out file says, floats
//     within a tolerance (the .out files come from CPython, whose myia
//     module computes derivatives by finite differences: see regen.sh).
//   - TestADFiniteDifferences: for each `# fd: FUNC ARGS` header line,
//     myia's gradient of FUNC at ARGS agrees with central finite
//     differences of FUNC run on the VM (gonum's diff/fd).
//   - TestADCPython: CPython prints what the .out file says, within the
//     same tolerance, so that the .out files cannot drift.
//   - TestRandomPrograms: gradients (grad) and tangents (jvp) of random
//     scalar programs against finite differences.
//
// Header lines (comment lines at the top of a corpus/ad file):
//
//	# fd: FUNC [ARGS...]       FUNC is a top-level function of floats, ints or
//	                           tuples returning a float; ARGS a JSON array
//	# tol: 1e-3                float tolerance of the output (default 1e-5;
//	                           1e-4 for order2_*, 1e-3 for order3_* files)
//	# xfail: REASON            a known myia bug: its failures are skips; a
//	                           pass is an error (remove the line then)
//	# out: by hand: REASON     the .out file is written by hand, because
//	                           CPython cannot compute it; TestADCPython skips it

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/myia/myia"
	"github.com/myia/myia/vm"
	"gonum.org/v1/gonum/diff/fd"
)

// fdTol is the relative tolerance of gradients against finite differences.
const fdTol = 1e-5

// fdSettings: central differences, step 1e-6.
var fdSettings = &fd.Settings{Formula: fd.Central, Step: 1e-6}

// adRunTimeout bounds one program's run on the VM, so that a bug that
// makes the VM loop forever fails its test instead of hanging them all.
const adRunTimeout = 2 * time.Minute

// adFile is a corpus/ad program and its header.
type adFile struct {
	path, name string
	src        []byte
	tol        float64
	fds        []fdCase
	xfail      string
	byHand     string
}

// fdCase is a `# fd: FUNC ARGS` line.
type fdCase struct {
	line int
	fn   string
	text string // ARGS as written
	args []vm.Value
}

// adCorpus lists the programs checked with a tolerance: the
// differentiation corpus and the array corpus (whose sums numpy computes
// pairwise, so their last digits may differ from myia's).
func adCorpus(t *testing.T) []string {
	files, err := filepath.Glob("corpus/ad/*.py")
	if err != nil {
		t.Fatal(err)
	}
	arrays, err := filepath.Glob("corpus/arrays/*.py")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, arrays...)
	if len(files) == 0 {
		t.Skip("no corpus/ad/*.py yet")
	}
	return files
}

var (
	fdHeader     = regexp.MustCompile(`^# fd: ([A-Za-z_][A-Za-z_0-9]*) (\[.*\])\s*$`)
	tolHeader    = regexp.MustCompile(`^# tol: (\S+)\s*$`)
	xfailHeader  = regexp.MustCompile(`^# xfail: (.+)$`)
	byHandHeader = regexp.MustCompile(`^# out: by hand: (.+)$`)
)

// readADFile reads a corpus/ad program and the header lines of its
// leading comment block.
func readADFile(t *testing.T, path string) *adFile {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	name := strings.TrimSuffix(filepath.Base(path), ".py")
	af := &adFile{path: path, name: name, src: src, tol: 1e-5}
	switch {
	case strings.HasPrefix(name, "order2_"):
		af.tol = 1e-4
	case strings.HasPrefix(name, "order3_"):
		af.tol = 1e-3
	}
	for i, line := range strings.Split(string(src), "\n") {
		line = strings.TrimRight(line, "\r")
		if !strings.HasPrefix(line, "#") {
			break
		}
		if m := fdHeader.FindStringSubmatch(line); m != nil {
			args, err := myia.ParseArgs(m[2])
			if err != nil {
				t.Fatalf("%s:%d: bad fd line: %v", path, i+1, err)
			}
			af.fds = append(af.fds, fdCase{line: i + 1, fn: m[1], text: m[2], args: args})
		} else if strings.HasPrefix(line, "# fd:") {
			t.Fatalf("%s:%d: want `# fd: FUNC [ARGS...]`, got %q", path, i+1, line)
		}
		if m := tolHeader.FindStringSubmatch(line); m != nil {
			tol, err := strconv.ParseFloat(m[1], 64)
			if err != nil || tol <= 0 {
				t.Fatalf("%s:%d: bad tolerance %q", path, i+1, m[1])
			}
			af.tol = tol
		}
		if m := xfailHeader.FindStringSubmatch(line); m != nil {
			af.xfail = m[1]
		}
		if m := byHandHeader.FindStringSubmatch(line); m != nil {
			af.byHand = m[1]
		}
	}
	return af
}

// adReport turns the outcome of a check of af into the test's result: an
// error, or for a file marked xfail a skip (and an error if it passes).
func adReport(t *testing.T, af *adFile, err error) {
	t.Helper()
	switch {
	case af.xfail != "" && err != nil:
		t.Skipf("xfail: %s\n%v", af.xfail, err)
	case af.xfail != "":
		t.Errorf("%s is marked `# xfail: %s` but passes: remove that line", af.path, af.xfail)
	case err != nil:
		t.Error(err)
	}
}

// errADTimeout is adWithTimeout's error when f takes too long.
var errADTimeout = errors.New("timed out")

// adWithTimeout runs f, giving up after d (f keeps running then, so what
// it writes must not be read after a timeout).
func adWithTimeout(d time.Duration, f func() error) error {
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-time.After(d):
		return fmt.Errorf("%w after %v", errADTimeout, d)
	}
}

// adDescribe renders a compile or run error of p for a failure message; an
// internal compiler error comes with its stack.
func adDescribe(p *myia.Program, err error) string {
	var ie *myia.InternalError
	if errors.As(err, &ie) {
		return fmt.Sprintf("%v\n%s", ie, ie.Stack)
	}
	if p != nil && p.Module != nil {
		return p.Module.Sources.Format(err)
	}
	return err.Error()
}

// compileAD compiles src as file, with the verifier on.
func compileAD(file string, src []byte, cfg myia.Config) (*myia.Program, error) {
	cfg.Verify = true
	p, err := myia.Compile(file, src, cfg)
	if err != nil {
		return p, fmt.Errorf("compile:\n%s", adDescribe(p, err))
	}
	return p, nil
}

// TestADCorpus runs main() of every corpus/ad program on the VM and
// compares what it prints with the .out file, floats within the file's
// tolerance.
func TestADCorpus(t *testing.T) { eachADProgram(t, checkADOutput) }

// eachADProgram runs check on every corpus/ad program and its .out, in
// parallel subtests.
func eachADProgram(t *testing.T, check func(af *adFile, want string) error) {
	for _, file := range adCorpus(t) {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".py"), func(t *testing.T) {
			t.Parallel()
			af := readADFile(t, file)
			want := readOut(t, file)
			adReport(t, af, check(af, want))
		})
	}
}

func checkADOutput(af *adFile, want string) error {
	p, err := compileAD(af.path, af.src, myia.Config{})
	if err != nil {
		return err
	}
	var out bytes.Buffer
	err = adWithTimeout(adRunTimeout, func() error {
		return myia.Protect("vm", func() error {
			_, err := p.Run("main", nil, myia.RunOptions{Stdout: &out})
			return err
		})
	})
	if errors.Is(err, errADTimeout) {
		return fmt.Errorf("run: %v", err)
	}
	if err != nil {
		return fmt.Errorf("run:\n%s\noutput before the error:\n%s", adDescribe(p, err), out.String())
	}
	if msg := adCompareOutput(want, out.String(), af.tol); msg != "" {
		return fmt.Errorf("%s: output differs from %s.out: %s\n--- want\n%s--- got\n%s", af.path, af.name, msg, want, out.String())
	}
	return nil
}

// adNumber matches the numbers Python prints: ints, floats in repr form
// (2.0, 1e-05, -1.5e+20), inf and nan.
var adNumber = regexp.MustCompile(`-?(?:inf|nan|\d+(?:\.\d*)?(?:[eE][-+]?\d+)?)`)

// adCompareOutput compares two outputs line by line and token by token:
// numbers that are floats in both compare within tol (relative, or
// absolute below 1), everything else exactly (so an int 0 is not a 0.0).
// It returns "" if they agree, else where they first differ.
func adCompareOutput(want, got string, tol float64) string {
	wl := strings.Split(want, "\n")
	gl := strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		if i >= len(wl) {
			return fmt.Sprintf("line %d: extra line %q", i+1, gl[i])
		}
		if i >= len(gl) {
			return fmt.Sprintf("line %d: missing line %q", i+1, wl[i])
		}
		if msg := adCompareLine(wl[i], gl[i], tol); msg != "" {
			return fmt.Sprintf("line %d: %s\n  want %s\n  got  %s", i+1, msg, wl[i], gl[i])
		}
	}
	return ""
}

func adCompareLine(want, got string, tol float64) string {
	if want == got {
		return ""
	}
	ws, gs := outTokens(want), outTokens(got)
	for i := 0; i < len(ws) || i < len(gs); i++ {
		if i >= len(ws) || i >= len(gs) {
			return "different tokens"
		}
		w, g := ws[i], gs[i]
		if w.text == g.text {
			continue
		}
		if !w.num || !g.num {
			return fmt.Sprintf("%q != %q", w.text, g.text)
		}
		if !adIsFloatToken(w.text) || !adIsFloatToken(g.text) {
			return fmt.Sprintf("%s != %s (an int and a different int, or an int and a float)", w.text, g.text)
		}
		a, errA := strconv.ParseFloat(w.text, 64)
		b, errB := strconv.ParseFloat(g.text, 64)
		if errA != nil || errB != nil || !adNear(a, b, tol) {
			return fmt.Sprintf("%s != %s (tolerance %g)", w.text, g.text, tol)
		}
	}
	return ""
}

type outToken struct {
	text string
	num  bool
}

// outTokens splits a line into numbers and the text between them.
func outTokens(s string) []outToken {
	var out []outToken
	last := 0
	for _, m := range adNumber.FindAllStringIndex(s, -1) {
		if m[0] > last {
			out = append(out, outToken{text: s[last:m[0]]})
		}
		out = append(out, outToken{text: s[m[0]:m[1]], num: true})
		last = m[1]
	}
	if last < len(s) {
		out = append(out, outToken{text: s[last:]})
	}
	return out
}

func adIsFloatToken(s string) bool {
	return strings.ContainsAny(s, ".eE") || strings.Contains(s, "inf") || strings.Contains(s, "nan")
}

// adNear reports whether |a-b| <= tol * max(1, |a|, |b|).
func adNear(a, b, tol float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return false
	}
	if a == b {
		return true
	}
	return math.Abs(a-b) <= tol*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// TestADCPython runs every corpus/ad program with CPython and the
// reference myia module (../python) and checks that it prints what the
// .out file says, within the file's tolerance.
func TestADCPython(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not found")
	}
	npython := pythonWithNumpy()
	pypath, err := filepath.Abs("../python")
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range adCorpus(t) {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".py"), func(t *testing.T) {
			t.Parallel()
			af := readADFile(t, file)
			if af.byHand != "" {
				t.Skipf("the .out file is written by hand: %s", af.byHand)
			}
			want := readOut(t, file)
			py := python
			if usesNumpy(t, file) {
				if npython == "" {
					t.Skip("no python3 with numpy (apt install python3-numpy)")
				}
				py = npython
			}
			got, err := runCPython(py, pypath, file)
			if err != nil {
				t.Fatal(err)
			}
			if msg := adCompareOutput(want, got, af.tol); msg != "" {
				t.Errorf("%s: CPython's output differs from %s.out (rerun tests/corpus/ad/regen.sh?): %s", file, af.name, msg)
			}
		})
	}
}

// runCPython runs main() of file with CPython, the reference myia module
// on the path, and returns what it prints.
func runCPython(python, pypath, file string) (string, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	code := "import sys, runpy; sys.path.insert(0, sys.argv[1]); runpy.run_path(sys.argv[2])['main']()"
	cmd := exec.CommandContext(ctx, python, "-c", code, pypath, abs)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Env = append(os.Environ(), "PYTHONHASHSEED=0", "PYTHONDONTWRITEBYTECODE=1")
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("python3 %s: %v\n%s", file, err, stderr.String())
	}
	return stdout.String(), nil
}

// TestADFiniteDifferences checks, for every `# fd: FUNC ARGS` line of the
// corpus, myia's gradient of FUNC with respect to its float and tuple
// arguments against central finite differences of FUNC on the VM.
func TestADFiniteDifferences(t *testing.T) { eachFDProgram(t, compileAD) }

// eachFDProgram checks the `# fd:` lines of every corpus/ad and
// corpus/arrays program, compiled by compile, in parallel subtests.
func eachFDProgram(t *testing.T, compile func(file string, src []byte, cfg myia.Config) (*myia.Program, error)) {
	for _, file := range adCorpus(t) {
		name := strings.TrimSuffix(filepath.Base(file), ".py")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			af := readADFile(t, file)
			if len(af.fds) == 0 {
				t.Fatalf("%s has no `# fd: FUNC ARGS` line", file)
			}
			if errs := checkFDs(af, compile); len(errs) > 0 {
				adReport(t, af, errors.New(strings.Join(errs, "\n")))
			} else {
				adReport(t, af, nil)
			}
		})
	}
}

var importsGrad = regexp.MustCompile(`(?m)^from myia import .*\bgrad\b`)

// checkFDs compares the gradient of each fd line's function at its
// arguments, computed by myia through a wrapper appended to the
// program (__fd_grad<i>), with finite differences, and returns the
// mismatches. The wrappers are compiled at once, with inference started
// from __fd_main, which calls each at its arguments: as `myia run
// --entry`, inference sees the code that runs (and may have Compile
// build a gradient again in reverse mode, docs/ad.md).
func checkFDs(af *adFile, compile func(file string, src []byte, cfg myia.Config) (*myia.Program, error)) []string {
	var b strings.Builder
	b.Write(af.src)
	b.WriteString("\n\n")
	if !importsGrad.Match(af.src) {
		b.WriteString("from myia import grad\n\n\n")
	}
	var errs, calls []string
	diffs := make([][]int, len(af.fds))
	for i, c := range af.fds {
		// The arguments differentiated: floats and tuples with floats.
		var params, idx []string
		for j, a := range c.args {
			params = append(params, fmt.Sprintf("a%d", j))
			if len(fdLeaves(a, nil)) > 0 {
				diffs[i] = append(diffs[i], j)
				idx = append(idx, strconv.Itoa(j))
			}
		}
		if len(diffs[i]) == 0 {
			errs = append(errs, fmt.Sprintf("%s:%d: %s%s has no float argument to differentiate", af.path, c.line, c.fn, c.text))
			continue
		}
		ps := strings.Join(params, ", ")
		fmt.Fprintf(&b, "def __fd_grad%d(%s):\n    return grad(%s, (%s,))(%s)\n\n\n", i, ps, c.fn, strings.Join(idx, ", "), ps)
		args, err := pyArgs(c.text)
		if err != nil {
			errs = append(errs, fmt.Sprintf("%s:%d: %v", af.path, c.line, err))
			continue
		}
		calls = append(calls, fmt.Sprintf("__fd_grad%d(%s)", i, args))
	}
	if len(errs) > 0 {
		return errs
	}
	fmt.Fprintf(&b, "def __fd_main():\n    return (%s,)\n", strings.Join(calls, ", "))
	p, err := compile(af.path, []byte(b.String()), myia.Config{Entry: "__fd_main"})
	if err != nil {
		return []string{fmt.Sprintf("%s: %v", af.path, err)}
	}
	for i, c := range af.fds {
		err := func() error {
			f := p.Func(c.fn)
			if f == nil {
				return fmt.Errorf("no top-level function %s", c.fn)
			}
			if len(f.Params) != len(c.args) {
				return fmt.Errorf("%s takes %d arguments, the fd line gives %d", c.fn, len(f.Params), len(c.args))
			}
			return fdCompare(p, c.fn, fmt.Sprintf("__fd_grad%d", i), c.args, diffs[i])
		}()
		if err != nil {
			errs = append(errs, fmt.Sprintf("%s:%d: %v", af.path, c.line, err))
		}
	}
	return errs
}

// pyArgs is the Python source of the arguments text gives, a JSON array
// as ParseArgs reads it: arrays are tuples, null None.
func pyArgs(text string) (string, error) {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var args []any
	if err := dec.Decode(&args); err != nil {
		return "", err
	}
	var lit func(x any) string
	lit = func(x any) string {
		switch x := x.(type) {
		case nil:
			return "None"
		case bool:
			if x {
				return "True"
			}
			return "False"
		case json.Number:
			return x.String()
		case string:
			return strconv.Quote(x)
		case []any:
			parts := make([]string, len(x))
			for i, e := range x {
				parts[i] = lit(e)
			}
			if len(parts) == 1 {
				return "(" + parts[0] + ",)"
			}
			return "(" + strings.Join(parts, ", ") + ")"
		}
		panic(fmt.Sprintf("pyArgs: %T", x))
	}
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = lit(a)
	}
	return strings.Join(parts, ", "), nil
}

// fdCompare calls the gradient function gradFn of fn (which returns the
// tuple of the gradients with respect to the arguments diff) and
// compares each float component with finite differences of fn.
func fdCompare(p *myia.Program, fn, gradFn string, args []vm.Value, diff []int) error {
	machine := vm.New(p.Module, vm.Options{Stdout: io.Discard, AD: p.AD})
	call := func(name string, args []vm.Value) (v vm.Value, err error) {
		err = myia.Protect("vm", func() error {
			v, err = machine.Call(p.Func(name), args)
			return err
		})
		return v, err
	}
	var argText []string
	for _, a := range args {
		argText = append(argText, a.Repr())
	}
	where := fmt.Sprintf("%s(%s)", fn, strings.Join(argText, ", "))

	// myia's gradient.
	var g vm.Value
	err := adWithTimeout(adRunTimeout, func() error {
		var err error
		g, err = call(gradFn, args)
		return err
	})
	if err != nil {
		return fmt.Errorf("grad %s: %s", where, adDescribe(p, err))
	}
	if g.Kind() != vm.KTuple || len(g.Elems()) != len(diff) {
		return fmt.Errorf("grad %s = %s, want a tuple of %d gradients", where, g.Repr(), len(diff))
	}

	// The float components of the differentiated arguments, where they
	// are, and myia's gradient of each.
	var x []float64
	var paths []string
	var got []float64
	var errs []string
	for k, i := range diff {
		for _, l := range fdLeaves(args[i], []int{i}) {
			gl, ok := fdAt(g.Elems()[k], l.path[1:])
			path := fdPath(l.path)
			switch {
			case !ok:
				errs = append(errs, fmt.Sprintf("grad %s = %s: no component %s", where, g.Elems()[k].Repr(), path))
				continue
			case !l.float:
				if gl.Kind() != l.v.Kind() || gl.Repr() != fdZeroRepr(l.v) {
					errs = append(errs, fmt.Sprintf("grad %s%s = %s, want %s (the zero of a %s)", where, path, gl.Repr(), fdZeroRepr(l.v), l.v.Kind()))
				}
				continue
			case gl.Kind() != vm.KFloat:
				errs = append(errs, fmt.Sprintf("grad %s%s = %s, want a float", where, path, gl.Repr()))
				continue
			}
			x = append(x, l.v.AsFloat())
			paths = append(paths, path)
			got = append(got, gl.AsFloat())
		}
	}

	// Finite differences of fn on the VM.
	var callErr error
	eval := func(v []float64) float64 {
		it := 0
		a := make([]vm.Value, len(args))
		copy(a, args)
		for _, i := range diff {
			a[i] = fdRefill(args[i], v, &it)
		}
		r, err := call(fn, a)
		if err == nil && r.Kind() != vm.KFloat {
			err = fmt.Errorf("%s returned %s, want a float", fn, r.Repr())
		}
		if err != nil {
			if callErr == nil {
				callErr = fmt.Errorf("%s: %s", where, adDescribe(p, err))
			}
			return math.NaN()
		}
		return r.AsFloat()
	}
	var want []float64
	err = adWithTimeout(adRunTimeout, func() error {
		want = fd.Gradient(nil, eval, x, fdSettings)
		return callErr
	})
	if err != nil {
		return fmt.Errorf("finite differences: %v", err)
	}
	for j := range x {
		if !adNear(got[j], want[j], fdTol) {
			errs = append(errs, fmt.Sprintf("grad %s%s = %s, want %s (finite differences)", where, paths[j], vm.Float(got[j]).Repr(), vm.Float(want[j]).Repr()))
		}
	}
	if len(errs) > 0 {
		return errors.New(strings.Join(errs, "\n"))
	}
	return nil
}

// fdLeaf is a scalar component of an argument.
type fdLeaf struct {
	path  []int // argument index, then tuple indices
	v     vm.Value
	float bool
}

// fdLeaves returns the scalar components of v (floats and others); nil if
// none is a float.
func fdLeaves(v vm.Value, path []int) []fdLeaf {
	var out []fdLeaf
	var walk func(v vm.Value, path []int)
	floats := 0
	walk = func(v vm.Value, path []int) {
		if v.Kind() == vm.KTuple {
			for i, e := range v.Elems() {
				walk(e, append(append([]int(nil), path...), i))
			}
			return
		}
		isFloat := v.Kind() == vm.KFloat
		if isFloat {
			floats++
		}
		out = append(out, fdLeaf{path: path, v: v, float: isFloat})
	}
	walk(v, path)
	if floats == 0 {
		return nil
	}
	return out
}

// fdAt returns the component of v at path.
func fdAt(v vm.Value, path []int) (vm.Value, bool) {
	for _, i := range path {
		if v.Kind() != vm.KTuple || i >= len(v.Elems()) {
			return v, false
		}
		v = v.Elems()[i]
	}
	return v, true
}

// fdRefill returns v with its floats replaced by xs[*it:], in order.
func fdRefill(v vm.Value, xs []float64, it *int) vm.Value {
	switch v.Kind() {
	case vm.KTuple:
		elems := make([]vm.Value, len(v.Elems()))
		for i, e := range v.Elems() {
			elems[i] = fdRefill(e, xs, it)
		}
		return vm.Tuple(elems)
	case vm.KFloat:
		x := xs[*it]
		*it++
		return vm.Float(x)
	}
	return v
}

func fdPath(path []int) string {
	var b strings.Builder
	for _, i := range path {
		fmt.Fprintf(&b, "[%d]", i)
	}
	return b.String()
}

// fdZeroRepr is how the zero of v's type prints.
func fdZeroRepr(v vm.Value) string {
	switch v.Kind() {
	case vm.KInt:
		return "0"
	case vm.KBool:
		return "False"
	case vm.KNone:
		return "None"
	}
	return "0"
}

// TestRandomPrograms differentiates random scalar programs (lets, a
// branch, a closure, arithmetic and math functions) and checks the
// gradient with respect to both arguments against finite differences.
func TestRandomPrograms(t *testing.T) {
	const programs = 200
	for seed := int64(1); seed <= programs; seed++ {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			t.Parallel()
			checkRandomProgram(t, seed)
		})
	}
}

func checkRandomProgram(t *testing.T, seed int64) {
	r := rand.New(rand.NewSource(seed))
	for attempt := 0; attempt < 20; attempt++ {
		src := genProgram(r)
		file := fmt.Sprintf("random%d.py", seed)
		p, err := compileAD(file, []byte(src), myia.Config{})
		if err != nil {
			t.Fatalf("%v\nprogram:\n%s", err, src)
		}
		// A point where f is moderate (finite differences are accurate
		// there) and away from the branch's boundary.
		machine := vm.New(p.Module, vm.Options{Stdout: io.Discard, AD: p.AD})
		var args []vm.Value
		for try := 0; try < 20 && args == nil; try++ {
			x, y := 3*r.Float64()-1.5, 3*r.Float64()-1.5
			a := []vm.Value{vm.Float(x), vm.Float(y)}
			var fv, mv vm.Value
			err := myia.Protect("vm", func() error {
				var err error
				if fv, err = machine.Call(p.Func("f"), a); err != nil {
					return err
				}
				mv, err = machine.Call(p.Func("margin"), a)
				return err
			})
			if err != nil {
				t.Fatalf("f(%v, %v): %s\nprogram:\n%s", x, y, adDescribe(p, err), src)
			}
			if fv.Kind() != vm.KFloat || mv.Kind() != vm.KFloat {
				t.Fatalf("f(%v, %v) = %s, margin %s: want floats\nprogram:\n%s", x, y, fv.Repr(), mv.Repr(), src)
			}
			f, m := fv.AsFloat(), mv.AsFloat()
			if math.Abs(f) < 1e4 && math.Abs(m) > 1e-3 && fdSmoothAt(p, machine, []float64{x, y}) {
				args = a
			}
		}
		if args == nil {
			continue // another program
		}
		// Reverse mode (grad) and forward mode (jvp, one tangent per
		// argument) against finite differences.
		for _, d := range []string{"df", "jf"} {
			if err := fdCompare(p, "f", d, args, []int{0, 1}); err != nil {
				t.Fatalf("%s: %v\nprogram:\n%s", d, err, src)
			}
		}
		return
	}
	t.Fatalf("seed %d: no program with a moderate value in 20 attempts", seed)
}

// fdSmoothAt reports whether finite differences of f (on the VM, not its
// gradient by myia) are a good oracle at x: the gradient is moderate, and
// the same with steps 1e-6 and 1e-5 (f does not oscillate too fast there,
// as cos(exp(exp(x))) does).
func fdSmoothAt(p *myia.Program, machine *vm.VM, x []float64) bool {
	bad := false
	f := func(v []float64) float64 {
		var r vm.Value
		err := myia.Protect("vm", func() error {
			var err error
			r, err = machine.Call(p.Func("f"), []vm.Value{vm.Float(v[0]), vm.Float(v[1])})
			return err
		})
		if err != nil || r.Kind() != vm.KFloat {
			bad = true
			return math.NaN()
		}
		return r.AsFloat()
	}
	g1 := fd.Gradient(nil, f, x, fdSettings)
	g2 := fd.Gradient(nil, f, x, &fd.Settings{Formula: fd.Central, Step: 1e-5})
	for i := range g1 {
		if bad || math.Abs(g1[i]) > 1e4 || !adNear(g1[i], g2[i], 1e-4) {
			return false
		}
	}
	return true
}

// progGen generates random expressions over the variables in scope.
type progGen struct {
	r *rand.Rand
}

var randConsts = []string{"0.5", "1.5", "2.0", "-0.75", "0.25", "3", "2", "1.0"}

// expr returns an expression over vars of at most the given depth; it
// uses at least one of vars, so that it is a float.
func (g *progGen) expr(vars []string, depth int) string {
	used := false
	e := g.sub(vars, depth, &used)
	if !used {
		e = fmt.Sprintf("(%s + %s)", e, vars[g.r.Intn(len(vars))])
	}
	return e
}

func (g *progGen) sub(vars []string, depth int, used *bool) string {
	if depth == 0 || g.r.Intn(4) == 0 {
		if g.r.Intn(10) < 7 {
			*used = true
			return vars[g.r.Intn(len(vars))]
		}
		return randConsts[g.r.Intn(len(randConsts))]
	}
	d := depth - 1
	switch g.r.Intn(11) {
	case 0, 1:
		return fmt.Sprintf("(%s + %s)", g.sub(vars, d, used), g.sub(vars, d, used))
	case 2:
		return fmt.Sprintf("(%s - %s)", g.sub(vars, d, used), g.sub(vars, d, used))
	case 3, 4:
		return fmt.Sprintf("(%s * %s)", g.sub(vars, d, used), g.sub(vars, d, used))
	case 5:
		den := g.sub(vars, d, used)
		return fmt.Sprintf("(%s / (1.0 + %s * %s))", g.sub(vars, d, used), den, den)
	case 6:
		return fmt.Sprintf("(-%s)", g.sub(vars, d, used))
	case 7:
		return fmt.Sprintf("math.sin(%s)", g.sub(vars, d, used))
	case 8:
		return fmt.Sprintf("math.cos(%s)", g.sub(vars, d, used))
	case 9:
		return fmt.Sprintf("math.exp(%s)", g.sub(vars, d, used))
	default:
		return fmt.Sprintf("math.tanh(%s)", g.sub(vars, d, used))
	}
}

// genProgram returns a program defining f(x, y), its gradient df(x, y)
// and margin(x, y), the difference of the two sides of f's branch
// condition.
func genProgram(r *rand.Rand) string {
	g := &progGen{r: r}
	xy := []string{"x", "y"}
	a := g.expr(xy, 3)
	b := g.expr([]string{"x", "y", "a"}, 3)
	sides := []string{"a", "b", "x", "y"}
	lhs := sides[r.Intn(len(sides))]
	var rhs string
	if r.Intn(2) == 0 {
		rhs = randConsts[r.Intn(len(randConsts))]
	} else {
		rhs = sides[r.Intn(len(sides))]
		if rhs == lhs {
			rhs = fmt.Sprintf("%s * 0.5 + 0.25", rhs)
		}
	}
	op := []string{"<", ">", "<=", ">="}[r.Intn(4)]
	abxy := []string{"x", "y", "a", "b"}
	c1 := g.expr(abxy, 3)
	c2 := g.expr(abxy, 3)
	local := []string{"a", "b", "c"}[r.Intn(3)]
	hz := g.expr([]string{"z", local}, 3)
	if !genUsesVar(hz, "z") {
		hz = fmt.Sprintf("(%s) * z", hz)
	}
	if !genUsesVar(hz, local) {
		hz = fmt.Sprintf("(%s) + %s", hz, local)
	}
	harg := g.expr([]string{"x", "y", "a", "b", "c"}, 2)
	ret := g.expr([]string{"x", "y", "a", "b", "c", "d"}, 3)
	if !genUsesVar(ret, "d") {
		ret = fmt.Sprintf("%s + d", ret)
	}
	var s strings.Builder
	s.WriteString("import math\nfrom myia import grad, jvp\n\n\n")
	fmt.Fprintf(&s, "def f(x, y):\n    a = %s\n    b = %s\n", a, b)
	fmt.Fprintf(&s, "    if %s %s %s:\n        c = %s\n    else:\n        c = %s\n", lhs, op, rhs, c1, c2)
	fmt.Fprintf(&s, "    def h(z):\n        return %s\n", hz)
	fmt.Fprintf(&s, "    d = h(%s)\n    return %s\n\n\n", harg, ret)
	fmt.Fprintf(&s, "def margin(x, y):\n    a = %s\n    b = %s\n    return (%s) - (%s)\n\n\n", a, b, lhs, rhs)
	s.WriteString("def df(x, y):\n    return grad(f, (0, 1))(x, y)\n\n\n")
	s.WriteString("def jf(x, y):\n    return (jvp(f, (x, y), (1.0, 0.0))[1], jvp(f, (x, y), (0.0, 1.0))[1])\n")
	return s.String()
}

// genUsesVar reports whether the expression e mentions the variable v.
func genUsesVar(e, v string) bool {
	return regexp.MustCompile(`\b` + v + `\b`).MatchString(e)
}
