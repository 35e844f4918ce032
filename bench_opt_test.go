package myia_test

import (
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/myia/myia"
	"github.com/myia/myia/infer"
	"github.com/myia/myia/opt"
	"github.com/myia/myia/vm"
)

// BenchmarkADOpt is BenchmarkAD with the programs compiled at -O2:
// BenchmarkADOpt/NAME/f and BenchmarkADOpt/NAME/grad side by side give
// time(grad)/time(f) after optimization. Each entry is compiled as
// `myia run FILE --entry NAME --args '[x]'` compiles it, with inference
// starting from it, and runs on the graphs the VM picks (the typed ones,
// Program.VMGraph); BenchmarkADOpt/NAME/untyped-* runs the untyped
// graphs.
func BenchmarkADOpt(b *testing.B) {
	for _, pr := range adPrograms {
		// vg-rev is value_and_grad in reverse mode (by default, of one
		// float argument, it is forward mode).
		for _, entry := range []string{"f", "g", "vg", "jf", "vg-rev"} {
			reverse := entry == "vg-rev"
			name := benchLabel(entry)
			if reverse {
				entry, name = "vg", "vgrad-rev"
			}
			p, err := myia.Compile(pr.name+".py", []byte(pr.src), myia.Config{Opt: 2, Entry: entry, ArgTypes: []infer.Type{infer.AnyFloat}, ReverseGrad: reverse})
			if err != nil {
				b.Fatalf("%s: %v", pr.name, err)
			}
			for _, untyped := range []bool{false, true} {
				g := p.Func(entry)
				label := name
				if untyped {
					label = "untyped-" + name
				} else if g = p.VMGraph(g, pr.args); g != p.Typed {
					b.Fatalf("%s: the VM does not run the typed %s", pr.name, entry)
				}
				b.Run(pr.name+"/"+label, func(b *testing.B) {
					machine := vm.New(p.Module, vm.Options{Stdout: io.Discard, AD: p.AD})
					if _, err := machine.Call(g, pr.args); err != nil { // warm-up: compiles
						b.Fatal(err)
					}
					b.ResetTimer()
					for i := 0; i < b.N; i++ {
						if _, err := machine.Call(g, pr.args); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}

// TestADOptBenchmarksAgree checks the -O2 benchmark derivatives (g, vg:
// value_and_grad, and jf: jvp) against the -O0 ones, run as BenchmarkADOpt runs
// them: on the typed graphs (the entry inferred from its argument's
// type), and on the untyped.
func TestADOptBenchmarksAgree(t *testing.T) {
	for _, pr := range adPrograms {
		p0, err := myia.Compile(pr.name+".py", []byte(pr.src), myia.Config{Verify: true})
		if err != nil {
			t.Fatalf("%s -O0: %v", pr.name, err)
		}
		for _, entry := range []string{"g", "vg", "jf"} {
			want, err := p0.Run(entry, pr.args, myia.RunOptions{Stdout: io.Discard})
			if err != nil {
				t.Fatalf("%s %s -O0: %v", pr.name, entry, err)
			}
			p, err := myia.Compile(pr.name+".py", []byte(pr.src), myia.Config{Verify: true, Opt: 2, Entry: entry, ArgTypes: []infer.Type{infer.AnyFloat}})
			if err != nil {
				t.Fatalf("%s %s -O2: %v", pr.name, entry, err)
			}
			if p.VMGraph(p.Func(entry), pr.args) != p.Typed {
				t.Errorf("%s: the VM does not run the typed %s", pr.name, entry)
			}
			for _, untyped := range []bool{false, true} {
				v, err := p.Run(entry, pr.args, myia.RunOptions{Stdout: io.Discard, Untyped: untyped})
				if err != nil {
					t.Fatalf("%s %s -O2 (untyped %v): %v", pr.name, entry, untyped, err)
				}
				gots, wants := []vm.Value{v}, []vm.Value{want}
				if entry == "vg" || entry == "jf" {
					gots, wants = v.Elems(), want.Elems()
				}
				for i := range wants {
					got, w := gots[i].AsFloat(), wants[i].AsFloat()
					if d := got - w; d > 1e-9*max(1, abs(w)) || -d > 1e-9*max(1, abs(w)) {
						t.Errorf("%s: %s at -O2 (untyped %v) = %v, at -O0 %v", pr.name, entry, untyped, v, want)
					}
				}
			}
		}
	}
}

// TestVMGraphIntJoin checks that a program where an int meets a float
// at a join prints floats there (LANGUAGE.md), on the untyped graphs, the
// typed ones and at every level: the joins pass converts the untyped
// graphs before the optimizer, so constant folding keeps the float too.
func TestVMGraphIntJoin(t *testing.T) {
	src := `
def f(n):
    s = 0
    for i in range(n):
        s = s + 1.5
    return s

def relu(x):
    return x if x > 0 else 0

def main():
    print(f(0), f(2), relu(-1.0))
`
	for _, level := range []int{0, 1, 2} {
		p, err := myia.Compile("join.py", []byte(src), myia.Config{Verify: true, Opt: level})
		if err != nil {
			t.Fatal(err)
		}
		if p.Typed == nil || p.JoinsConverted == 0 {
			t.Fatalf("-O%d: typed %v, %d places converted; want a typed main and a conversion", level, p.Typed, p.JoinsConverted)
		}
		if level > 0 && p.VMGraph(p.Func("main"), nil) != p.Typed {
			t.Errorf("-O%d: the VM runs the untyped main, want the typed one", level)
		}
		for _, untyped := range []bool{false, true} {
			var out strings.Builder
			if _, err := p.Run("main", nil, myia.RunOptions{Stdout: &out, Untyped: untyped}); err != nil {
				t.Fatal(err)
			}
			if got, want := out.String(), "0.0 3.0 0.0\n"; got != want {
				t.Errorf("-O%d, untyped %v: prints %q, want %q", level, untyped, got, want)
			}
		}
	}
}

// TestVMGraphRefused checks that the VM runs the untyped graphs of a
// program whose typed graphs the C backend refuses (a second derivative
// through a loop, whose environments of sensitivities nest as deep as
// the loop runs), and that it runs them right.
func TestVMGraphRefused(t *testing.T) {
	src, err := os.ReadFile("tests/corpus/ad/order2_while.py")
	if err != nil {
		t.Fatal(err)
	}
	// Reverse over reverse (by default the inner grad is forward mode,
	// whose typed code the VM runs).
	p, err := myia.Compile("order2_while.py", src, myia.Config{Verify: true, Opt: 2, ReverseGrad: true})
	if err != nil {
		t.Fatal(err)
	}
	if p.Typed == nil {
		t.Fatal("main was not inferred")
	}
	if g := p.VMGraph(p.Func("main"), nil); g != p.Func("main") {
		t.Fatalf("the VM runs %s, want the untyped main", g.Name)
	}
	var out strings.Builder
	if _, err := p.Run("main", nil, myia.RunOptions{Stdout: &out}); err != nil {
		t.Fatal(err)
	}
	// f(x) = x^4 + x^2 + 2x + 3, so f''(x) = 12x^2 + 2,
	// printed next to the closed form.
	want := "14.0 14.0\n7.879999999999999 7.879999999999999\n50.0 50.0\n"
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("output (-want +got):\n%s", diff)
	}
}

// program200 generates a differentiable program of about 200 lines:
// float functions with branches, loops, closures, math functions and
// calls of each other, and main() printing the gradient of the last
// (which calls every other).
func program200() []byte {
	var b strings.Builder
	b.WriteString("import math\nfrom myia import grad\n\n\n")
	n := 0
	for lines := 4; lines < 196; n++ {
		call := ""
		if n > 0 {
			call = fmt.Sprintf(" + f%d(y, x)", n-1)
		}
		fmt.Fprintf(&b, `def f%d(x, y):
    a = x * %d.5 + y
    if a > y:
        b = a * a - y
    else:
        b = y - a
    s = 0.0
    for k in range(3):
        s = s + b * x
    def inner(z):
        return z * a + b
    return inner(x) + math.sin(s)%s


`, n, n, call)
		lines += 14
	}
	fmt.Fprintf(&b, "def main():\n    print(grad(f%d)(0.3, 0.2))\n", n-1)
	return []byte(b.String())
}

func TestProgram200(t *testing.T) {
	src := program200()
	if n := strings.Count(string(src), "\n"); n < 190 || n > 220 {
		t.Fatalf("generated %d lines, want about 200", n)
	}
	var outs [2]string
	for i, level := range []int{0, 2} {
		p, err := myia.Compile("gen200.py", src, myia.Config{Verify: true, Opt: level})
		if err != nil {
			t.Fatalf("compile -O%d:\n%s", level, p.Module.Sources.Format(err))
		}
		var out strings.Builder
		if _, err := p.Run("main", nil, myia.RunOptions{Stdout: &out}); err != nil {
			t.Fatalf("run -O%d: %v", level, err)
		}
		outs[i] = out.String()
	}
	if outs[0] != outs[1] {
		t.Errorf("-O0 prints %q, -O2 %q", outs[0], outs[1])
	}
}

// BenchmarkOptimize200 times the optimizer alone (-O2) on the gradient
// of a 200-line program (target: under 200 ms).
func BenchmarkOptimize200(b *testing.B) {
	src := program200()
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		p, err := myia.Compile("gen200.py", src, myia.Config{Until: "grad"})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		st := opt.Optimize(p.Module, p.Funcs, opt.Options{Level: 2, AD: p.AD})
		b.ReportMetric(float64(st.NodesBefore), "nodes-before")
		b.ReportMetric(float64(st.NodesAfter), "nodes-after")
		b.ReportMetric(float64(st.Rounds), "rounds")
	}
}
