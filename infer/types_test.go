package infer_test

import (
	"strings"
	"testing"

	"github.com/myia/myia/infer"
	"github.com/myia/myia/ir"
)

func TestJoin(t *testing.T) {
	tup := func(ts ...infer.Type) infer.Type { return infer.NewTuple(ts...) }
	for _, c := range []struct {
		a, b infer.Type
		want string // "" when there is no join
	}{
		{infer.AnyInt, infer.AnyFloat, "Float64"},
		{infer.AnyBool, infer.AnyInt, "Int64"},
		{infer.IntOf(2), infer.IntOf(2), "Int64(2)"},
		{infer.IntOf(2), infer.IntOf(3), "Int64"},
		{infer.FloatOf(1), infer.IntOf(1), "Float64"},
		{tup(infer.AnyInt, infer.AnyFloat), tup(infer.AnyFloat, infer.AnyFloat), "Tuple[Float64, Float64]"},
		{tup(infer.AnyInt), tup(infer.AnyInt, infer.AnyInt), ""},
		{infer.AnyFloat, tup(infer.AnyFloat), ""},
		{infer.None, infer.AnyInt, "Optional[Int64]"},
		{infer.Bottom{}, infer.AnyInt, "Int64"},
		{&infer.Array{DType: infer.AnyFloat, Shape: []int{3, 4}}, &infer.Array{DType: infer.AnyFloat, Shape: []int{3, 4}}, "Array[Float64, (3, 4)]"},
		{&infer.Array{DType: infer.AnyFloat, Shape: []int{3, 4}}, &infer.Array{DType: infer.AnyFloat, Shape: []int{2, 4}}, "Array[Float64, (?, 4)]"},
		{&infer.Array{DType: infer.AnyFloat, Shape: []int{3}}, &infer.Array{DType: infer.AnyFloat, Shape: []int{3, 1}}, ""},
		{&infer.Array{DType: infer.AnyFloat, Shape: []int{3}}, &infer.Array{DType: infer.AnyInt, Shape: []int{3}}, "Array[Float64, (3,)]"},
		{&infer.Array{DType: infer.AnyBool, Shape: []int{2}}, &infer.Array{DType: infer.AnyInt, Shape: []int{3}}, "Array[Int64, (?,)]"},
		{&infer.Array{DType: infer.AnyInt, Shape: []int{3}}, &infer.Array{DType: infer.AnyFloat, Shape: []int{3, 1}}, ""},
		{infer.None, &infer.Array{DType: infer.AnyInt, Shape: []int{3}}, "Optional[Array[Int64, (3,)]]"},
	} {
		got, ok := infer.Join(c.a, c.b)
		switch {
		case c.want == "" && ok:
			t.Errorf("Join(%s, %s) = %s, want no join", c.a, c.b, got)
		case c.want != "" && (!ok || got.String() != c.want):
			t.Errorf("Join(%s, %s) = %v, %v, want %s", c.a, c.b, got, ok, c.want)
		}
	}
}

func TestParseSig(t *testing.T) {
	for in, want := range map[string]string{
		"(float, int, tuple[float, float])": "Float64; Int64; Tuple[Float64, Float64]",
		"()":                                "",
		"float":                             "Float64",
		"(list[int], bool, None)":           "List[Int64]; Bool; None",
		"(tuple[()],)":                      "Tuple[]",
		"(tuple[int, tuple[float, bool]])":  "Tuple[Int64, Tuple[Float64, Bool]]",
		"(ndarray[float, (3, ?)], ndarray[int, (5,)])": "Array[Float64, (3, ?)]; Array[Int64, (5,)]",
		"(ndarray[bool, ()])":                          "Bool",
	} {
		ts, err := infer.ParseSig(in)
		if err != nil {
			t.Errorf("ParseSig(%q): %v", in, err)
			continue
		}
		var parts []string
		for _, x := range ts {
			parts = append(parts, x.String())
		}
		if got := strings.Join(parts, "; "); got != want {
			t.Errorf("ParseSig(%q) = %s, want %s", in, got, want)
		}
	}
	for _, bad := range []string{"(float", "(complex)", "tuple", "(int,, float)", "list[int"} {
		if _, err := infer.ParseSig(bad); err == nil {
			t.Errorf("ParseSig(%q): no error", bad)
		}
	}
}

func TestArgsOfJSON(t *testing.T) {
	ts, err := infer.ArgsOfJSON(`[1, 2.5, [3, 4e0], null, true]`)
	if err != nil {
		t.Fatal(err)
	}
	var parts []string
	for _, x := range ts {
		parts = append(parts, x.String())
	}
	if got, want := strings.Join(parts, "; "), "Int64; Float64; Tuple[Int64, Float64]; None; Bool"; got != want {
		t.Errorf("ArgsOfJSON = %s, want %s", got, want)
	}
	if _, err := infer.ArgsOfJSON(`{"a": 1}`); err == nil {
		t.Errorf("ArgsOfJSON of an object: no error")
	}
}

// TestEntrySignature infers an entry from argument types, as myia run
// --args or --sig give them.
func TestEntrySignature(t *testing.T) {
	src := []byte(`def f(x, n, t):
    s = 0.0
    for i in range(n):
        s = s + x * t[0] + t[1]
    return s
`)
	p := compile(t, "sig.py", src)
	args, err := infer.ParseSig("(float, int, tuple[float, int])")
	if err != nil {
		t.Fatal(err)
	}
	g, err := infer.Run(p.Module, p.Func("f"), args, infer.Options{AD: p.AD})
	if err != nil {
		t.Fatalf("infer:\n%s", p.Module.Sources.Format(err))
	}
	if got := g.Return().Type().String(); got != "Float64" {
		t.Errorf("f returns %s, want Float64", got)
	}
	if _, err := infer.Run(p.Module, p.Func("f"), args[:1], infer.Options{}); err == nil {
		t.Errorf("an entry called with too few arguments: no error")
	}
}

// TestSeveralErrors: independent errors in one file are all reported,
// sorted by position.
func TestSeveralErrors(t *testing.T) {
	src := []byte(`def a(t):
    return t + 1.0


def b(x):
    return len(x)


def c(f):
    return f(1)


def main():
    print(a((1, 2)), b(3), c(4))
`)
	p := compile(t, "several.py", src)
	_, err := inferMain(p)
	list, ok := err.(ir.ErrorList)
	if !ok || len(list) != 3 {
		t.Fatalf("got %v, want 3 errors", err)
	}
	for i, want := range []string{"several.py:2:12: error: cannot add tuple and float",
		"several.py:6:12: error: object of type 'int' has no len()",
		"several.py:10:12: error: 'int' object is not callable"} {
		if got := list[i].Error(); got != want {
			t.Errorf("error %d is %q, want %q", i, got, want)
		}
	}
}
