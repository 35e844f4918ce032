package infer_test

import (
	"testing"

	"github.com/myia/myia/infer"
	"github.com/myia/myia/ir"
	"golang.org/x/tools/txtar"
)

// TestNumericJoinsRun runs the typed main of testdata/golden/numeric_joins
// on the VM: where an int and a float join, the typed graphs hold floats
// (LANGUAGE.md: "int and float join to float"), and every node whose
// type is Float64 holds a float, so the ints print as floats.
func TestNumericJoinsRun(t *testing.T) {
	ar, err := txtar.ParseFile("testdata/golden/numeric_joins.txt")
	if err != nil {
		t.Fatal(err)
	}
	p := compile(t, "in.py", ar.Files[0].Data)
	r, err := inferMain(p)
	if err != nil {
		t.Fatal(p.Module.Sources.Format(err))
	}
	got, err := runVM(p, r.Entry)
	if err != nil {
		t.Fatal(p.Module.Sources.Format(err))
	}
	want := "1.0 2.5\n0.0 1.5\n3.0 [1.0, 2.5]\n(0.0, 0) (1.0, 2)\n"
	if got != want {
		t.Errorf("the typed main prints\n%s\nwant\n%s", got, want)
	}
	// Every to_float the specialiser inserted converts an int or a bool.
	for _, g := range r.Graphs {
		for _, a := range g.Nodes() {
			if ir.IsApplyOf(a, ir.ToFloat) {
				if s := a.Inputs[1].Type().String(); s[0] != 'I' && s[0] != 'B' {
					t.Errorf("%s: to_float of %s", g.Name, s)
				}
			}
		}
	}
}

// TestConvertJoins checks the joins pass (ConvertJoins) on the untyped
// graphs: the untyped main of numeric_joins then prints what the typed
// one prints; a place that is a float join in one specialisation and an
// int in another is left alone.
func TestConvertJoins(t *testing.T) {
	ar, err := txtar.ParseFile("testdata/golden/numeric_joins.txt")
	if err != nil {
		t.Fatal(err)
	}
	p := compile(t, "in.py", ar.Files[0].Data)
	n, err := infer.ConvertJoins(p.Module, p.Func("main"), nil, infer.Options{AD: p.AD})
	if err != nil || n == 0 {
		t.Fatalf("ConvertJoins: %d places, %v; want some", n, err)
	}
	if err := ir.Verify(p.Module); err != nil {
		t.Fatal(err)
	}
	got, err := runVM(p, p.Func("main"))
	if err != nil {
		t.Fatal(p.Module.Sources.Format(err))
	}
	if want := "1.0 2.5\n0.0 1.5\n3.0 [1.0, 2.5]\n(0.0, 0) (1.0, 2)\n"; got != want {
		t.Errorf("the untyped main prints\n%s\nwant\n%s", got, want)
	}

	const mixed = `
def relu(x):
    return x if x > 0 else 0

def main():
    print(relu(-1), relu(-1.0))
`
	p = compile(t, "mixed.py", []byte(mixed))
	if n, err := infer.ConvertJoins(p.Module, p.Func("main"), nil, infer.Options{AD: p.AD}); err != nil || n != 0 {
		t.Errorf("ConvertJoins of a polymorphic join: %d places, %v; want none", n, err)
	}
	got, err = runVM(p, p.Func("main"))
	if err != nil {
		t.Fatal(p.Module.Sources.Format(err))
	}
	if want := "0 0\n"; got != want {
		t.Errorf("prints %q, want %q", got, want)
	}
}
