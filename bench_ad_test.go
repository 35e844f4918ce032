package myia_test

import (
	"io"
	"testing"

	"github.com/myia/myia"
	"github.com/myia/myia/vm"
)

// The gradient benchmarks of the AD issue. Each program has a function
// f, its gradient g, vg, value_and_grad of f, and jf, jvp of f (forward
// mode: value and derivative); BenchmarkAD/NAME/f, BenchmarkAD/NAME/grad,
// BenchmarkAD/NAME/vgrad and BenchmarkAD/NAME/jvp run them side by side,
// so time(grad)/time(f) and the others are ratios of the lines.
var adPrograms = []struct {
	name, src string
	args      []vm.Value
}{
	{"loop1000", `
from myia import grad, value_and_grad, jvp

def f(x):
    s = 0.0
    i = 0
    while i < 1000:
        s = s * 0.5 + x * i
        i += 1
    return s

def g(x):
    return grad(f)(x)

def vg(x):
    return value_and_grad(f)(x)

def jf(x):
    return jvp(f, (x,), (1.0,))
`, []vm.Value{vm.Float(0.7)}},
	{"fib20", `
from myia import grad, value_and_grad, jvp

def fib(x, n):
    if n < 2:
        return x
    return fib(x, n - 1) + fib(x, n - 2) * 0.5

def f(x):
    return fib(x, 20)

def g(x):
    return grad(f)(x)

def vg(x):
    return value_and_grad(f)(x)

def jf(x):
    return jvp(f, (x,), (1.0,))
`, []vm.Value{vm.Float(1.1)}},
	{"closures", `
import math
from myia import grad, value_and_grad, jvp

def compose(f, h):
    return lambda x: f(h(x))

def f(x):
    s = 0.0
    for i in range(200):
        k = compose(math.sin, lambda y: y * i)
        s = s + k(x)
    return s

def g(x):
    return grad(f)(x)

def vg(x):
    return value_and_grad(f)(x)

def jf(x):
    return jvp(f, (x,), (1.0,))
`, []vm.Value{vm.Float(0.3)}},
}

func BenchmarkAD(b *testing.B) {
	for _, pr := range adPrograms {
		p, err := myia.Compile(pr.name+".py", []byte(pr.src), myia.Config{})
		if err != nil {
			b.Fatalf("%s: %v", pr.name, err)
		}
		for _, entry := range []string{"f", "g", "vg", "jf"} {
			name := benchLabel(entry)
			b.Run(pr.name+"/"+name, func(b *testing.B) {
				machine := vm.New(p.Module, vm.Options{Stdout: io.Discard, AD: p.AD})
				g := p.Func(entry)
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

// TestADBenchmarksAgree checks the benchmark gradients against finite
// differences, so the benchmarks measure correct programs.
func TestADBenchmarksAgree(t *testing.T) {
	for _, pr := range adPrograms {
		p, err := myia.Compile(pr.name+".py", []byte(pr.src), myia.Config{Verify: true})
		if err != nil {
			t.Fatalf("%s: %v", pr.name, err)
		}
		call := func(name string, x float64) float64 {
			v, err := p.Run(name, []vm.Value{vm.Float(x)}, myia.RunOptions{Stdout: io.Discard})
			if err != nil {
				t.Fatalf("%s %s: %v", pr.name, name, err)
			}
			return v.AsFloat()
		}
		x, h := pr.args[0].AsFloat(), 1e-6
		want := (call("f", x+h) - call("f", x-h)) / (2 * h)
		got := call("g", x)
		if d := got - want; d > 1e-5*max(1, abs(want)) || -d > 1e-5*max(1, abs(want)) {
			t.Errorf("%s: grad f(%v) = %v, want %v (finite differences)", pr.name, x, got, want)
		}
		vg, err := p.Run("vg", pr.args, myia.RunOptions{Stdout: io.Discard})
		if err != nil {
			t.Fatalf("%s vg: %v", pr.name, err)
		}
		if v, d := vg.Elems()[0].AsFloat(), vg.Elems()[1].AsFloat(); v != call("f", x) || d != got {
			t.Errorf("%s: value_and_grad(f)(%v) = (%v, %v), want (%v, %v): f and grad f", pr.name, x, v, d, call("f", x), got)
		}
		jf, err := p.Run("jf", pr.args, myia.RunOptions{Stdout: io.Discard})
		if err != nil {
			t.Fatalf("%s jf: %v", pr.name, err)
		}
		if v, d := jf.Elems()[0].AsFloat(), jf.Elems()[1].AsFloat(); v != call("f", x) || abs(d-want) > 1e-5*max(1, abs(want)) {
			t.Errorf("%s: jvp(f)(%v) = (%v, %v), want (%v, %v): f and finite differences", pr.name, x, v, d, call("f", x), want)
		}
	}
}

// benchLabel names a benchmark program's entry in the benchmarks.
func benchLabel(entry string) string {
	switch entry {
	case "g":
		return "grad"
	case "vg":
		return "vgrad"
	case "jf":
		return "jvp"
	}
	return entry
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
