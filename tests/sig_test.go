package tests

// Entry signatures: the types inference starts from come from --sig,
// from the values of --args, or from the entry's annotations, in that
// order of precedence (myia.ArgTypes, and the infer pass for the
// annotations). The golden files testdata/infer/*.txtar show the typed
// graphs, one section per top-level graph that `myia ir --fn main
// --stage infer` prints; TestInferGoldenComplete checks that none is
// missing.

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/myia/myia"
	"github.com/myia/myia/infer"
	"github.com/myia/myia/ir"
	"github.com/myia/myia/vm"
	"golang.org/x/tools/txtar"
)

const sigProg = `import numpy as np


def f(x, n):
    return x ** n + 1


def g(x: float, n: int):
    return x * n


def h(t: tuple[float, float], n=3, s: list[float] = None):
    return t[0] * n


def k(a: "float", b: None, c: tuple[()], d: tuple[int, tuple[bool, str]]):
    return a


def arr(x: np.ndarray):
    return x


def var(t: tuple[float, ...]):
    return t[0]


def bad(x: flot):
    return x


def pair(x, n):
    return x, n
`

// compileSig compiles src with entry and argument types, failing on a
// compiler bug.
func compileSig(t *testing.T, src, entry string, types []infer.Type) (*myia.Program, error) {
	t.Helper()
	p, err := myia.Compile("in.py", []byte(src), myia.Config{Verify: true, Until: "infer", Entry: entry, ArgTypes: types})
	failInternal(t, err)
	return p, err
}

// typedName is the name of the typed entry, f[Float64, Int64], or ""
// with the reason it was not inferred.
func typedName(t *testing.T, p *myia.Program) string {
	t.Helper()
	if p.Typed == nil {
		if p.Untyped == nil {
			t.Fatalf("entry neither typed nor said why")
		}
		return ""
	}
	return p.Typed.Name
}

func mustSig(t *testing.T, s string) []infer.Type {
	t.Helper()
	ts, err := myia.ParseSig(s)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

func mustArgs(t *testing.T, s string) []vm.Value {
	t.Helper()
	vs, err := myia.ParseArgs(s)
	if err != nil {
		t.Fatal(err)
	}
	return vs
}

// TestSigSources types an entry from each source: --sig, --args,
// annotations (of every kind the converter reads), and defaults.
func TestSigSources(t *testing.T) {
	for _, tc := range []struct {
		entry, sig, args string
		want             string
	}{
		{"f", "float, int", "", "f[Float64, Int64]"},
		{"pair", "(tuple[float, float], list[int])", "", "pair[Tuple[Float64, Float64], List[Int64]]"},
		{"f", "", "[2.0, 3]", "f[Float64, Int64]"},
		{"pair", "", "[[1, 2.5], true]", "pair[Tuple[Int64, Float64], Bool]"},
		{"g", "", "", "g[Float64, Int64]"},
		{"h", "", "", "h[Tuple[Float64, Float64], Int64, List[Float64]]"},
		{"k", "", "", "k[Float64, None, Tuple[], Tuple[Int64, Tuple[Bool, Str]]]"},
		// Precedence: --sig over --args over annotations.
		{"g", "int, int", "", "g[Int64, Int64]"},
		{"g", "", "[2, 3]", "g[Int64, Int64]"},
		{"g", "float, float", "[2, 3]", "g[Float64, Float64]"},
		// --args gives the first arguments, the annotations the rest.
		{"h", "", "[[1.0, 2.0]]", "h[Tuple[Float64, Float64], Int64, List[Float64]]"},
	} {
		var sig []infer.Type
		var args []vm.Value
		if tc.sig != "" {
			sig = mustSig(t, tc.sig)
		}
		if tc.args != "" {
			args = mustArgs(t, tc.args)
		}
		types, err := myia.ArgTypes(sig, args)
		if err != nil {
			t.Errorf("ArgTypes(%q, %q): %v", tc.sig, tc.args, err)
			continue
		}
		p, err := compileSig(t, sigProg, tc.entry, types)
		if err != nil {
			t.Errorf("%s --sig %q --args %q:\n%s", tc.entry, tc.sig, tc.args, p.Module.Sources.Format(err))
			continue
		}
		if got := typedName(t, p); got != tc.want {
			t.Errorf("%s --sig %q --args %q: typed %q, want %q (untyped: %v)", tc.entry, tc.sig, tc.args, got, tc.want, p.Untyped)
		}
	}
}

// TestSigUntyped: an entry with a parameter of no known type is not
// inferred, and State.Untyped says why, at the parameter or annotation.
func TestSigUntyped(t *testing.T) {
	for _, tc := range []struct{ entry, want string }{
		{"f", "in.py:4:7: f is not type-checked: parameter x has no type"},
		{"arr", "in.py:20:12: arr is not type-checked: the annotation of x, np.ndarray, gives no type"},
		{"var", "in.py:24:12: var is not type-checked: the annotation of t, tuple[T, ...], gives no type"},
	} {
		p, err := compileSig(t, sigProg, tc.entry, nil)
		if err != nil {
			t.Errorf("%s: %v", tc.entry, err)
			continue
		}
		if p.Typed != nil || p.Untyped == nil {
			t.Errorf("%s: typed %v, untyped %v; want not inferred", tc.entry, p.Typed, p.Untyped)
			continue
		}
		if got := p.Untyped.Pos.String() + ": " + p.Untyped.Msg; !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s: untyped %q, want prefix %q", tc.entry, got, tc.want)
		}
	}
	// No entry at all is not a note: there is nothing to check.
	p, err := compileSig(t, sigProg, "", nil)
	if err != nil || p.Typed != nil || p.Untyped != nil {
		t.Errorf("no main: typed %v, untyped %v, err %v; want nothing", p.Typed, p.Untyped, err)
	}
}

// TestSigBadAnnotation: an annotation that is no type is a positioned
// error.
func TestSigBadAnnotation(t *testing.T) {
	p, err := compileSig(t, sigProg, "bad", nil)
	if err == nil {
		t.Fatalf("bad: no error")
	}
	got := p.Module.Sources.Format(err)
	want := "in.py:28:12: error: annotation is not a type myia knows"
	if !strings.HasPrefix(got, want) {
		t.Errorf("bad: got\n%s\nwant prefix %q", got, want)
	}
}

// TestSigConflict: --sig and --args must agree; the arguments are
// converted to the --sig types where Python's numbers widen.
func TestSigConflict(t *testing.T) {
	for _, tc := range []struct{ sig, args, want string }{
		{"float", "[[1, 2]]", "--sig and the arguments disagree: argument 1 is tuple[int, int] (1, 2), --sig says float"},
		{"float, int", "[1.5, 2.5]", "--sig and the arguments disagree: argument 2 is float 2.5, --sig says int"},
		{"float", "[1, 2]", "--sig and the arguments disagree: --sig gives 1 type, got 2 arguments"},
		{"tuple[float, float]", "[[1.0, 2.0, 3.0]]", "argument 1 is tuple[float, float, float] (1.0, 2.0, 3.0), --sig says tuple[float, float]"},
		{"ndarray[float, (2, 2)]", "[[[1, 2], [3]]]", "argument 1 is tuple[tuple[int, int], tuple[int]]"},
	} {
		_, err := myia.ArgTypes(mustSig(t, tc.sig), mustArgs(t, tc.args))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("--sig %q --args %q: error %v, want %q", tc.sig, tc.args, err, tc.want)
		}
	}
	for _, tc := range []struct{ sig, args, want string }{
		{"float, int", "[2, true]", "(2.0, 1)"},
		{"tuple[float, bool], list[float]", "[[1, false], [1, 2.5]]", "((1.0, False), [1.0, 2.5])"},
		{"ndarray[float, (2, ?)]", "[[[1, 2], [3, 4]]]", "(array([[1., 2.],\n       [3., 4.]]),)"},
	} {
		vs, err := myia.CoerceArgs(mustArgs(t, tc.args), mustSig(t, tc.sig))
		if err != nil {
			t.Errorf("CoerceArgs(%s, %s): %v", tc.args, tc.sig, err)
			continue
		}
		if got := vm.Tuple(vs).Repr(); got != tc.want {
			t.Errorf("CoerceArgs(%s, %s) = %s, want %s", tc.args, tc.sig, got, tc.want)
		}
	}
	if _, err := myia.ParseSig("float, flot"); err == nil || !strings.HasPrefix(err.Error(), "--sig: ") {
		t.Errorf(`ParseSig("float, flot") = %v, want a --sig error`, err)
	}
}

// TestSigTypeError: a type error found through an annotated entry is
// reported with its position before anything runs.
func TestSigTypeError(t *testing.T) {
	// An index past the end of a tuple whose elements have no common
	// type (of a tuple[float, float], it would be an IndexError at run
	// time, as in Python).
	src := "def f(t: tuple[float, tuple[float, float]]):\n    return t[2]\n"
	p, err := compileSig(t, src, "f", nil)
	if err == nil {
		t.Fatalf("f(t: tuple[float, tuple[float, float]]) returning t[2]: no error")
	}
	got := p.Module.Sources.Format(err)
	want := "in.py:2:12: error: tuple index out of range"
	if !strings.HasPrefix(got, want) {
		t.Errorf("got\n%s\nwant prefix %q", got, want)
	}
	// The same entry typed by --sig with a longer tuple is fine.
	if _, err := compileSig(t, src, "f", mustSig(t, "tuple[float, tuple[float, float], float]")); err != nil {
		t.Errorf("--sig tuple[float, tuple[float, float], float]: %v", err)
	}
}

// TestInferGoldenComplete checks that each golden file of testdata/infer
// has a section ir/infer/NAME for every top-level graph the typed main
// reaches (TestGolden compares their text), so that together they are
// what `myia ir in.py --fn main --stage infer` prints.
func TestInferGoldenComplete(t *testing.T) {
	files, _ := filepath.Glob("testdata/infer/*.txtar")
	if len(files) == 0 {
		t.Fatal("no golden files in testdata/infer")
	}
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var src []byte
		var have []string
		for _, f := range ar.Files {
			switch {
			case f.Name == "in.py":
				src = f.Data
			case strings.HasPrefix(f.Name, "ir/infer/"):
				have = append(have, strings.TrimPrefix(f.Name, "ir/infer/"))
			}
		}
		p, err := compileSig(t, string(src), "", nil)
		if err != nil {
			t.Errorf("%s:\n%s", file, p.Module.Sources.Format(err))
			continue
		}
		if p.Typed == nil {
			t.Errorf("%s: main not inferred: %v", file, p.Untyped)
			continue
		}
		want := []string{"main"}
		for _, g := range ir.Reach(p.Typed, func(h *ir.Graph) bool { return h.Kind != ir.KindStdlib }) {
			if g.Parent == nil && g != p.Typed {
				want = append(want, g.Name)
			}
		}
		sort.Strings(have)
		sort.Strings(want)
		if d := cmp.Diff(want, have); d != "" {
			t.Errorf("%s: ir/infer sections (-want +have):\n%s", file, d)
		}
	}
}
