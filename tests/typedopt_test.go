package tests

import (
	"math"
	"os"
	"strings"
	"testing"

	"github.com/myia/myia"
	"github.com/myia/myia/infer"
	"github.com/myia/myia/ir"
	lattice "github.com/myia/myia/ir/types"
	"github.com/myia/myia/vm"
)

// TestTypedOpt checks what the typed passes (the typed-opt stage) do
// to the gradient of a loop: with the types known, sum_to_like of a
// number, J of a number, the zeros and the gadds of zeros fold, so the backpropagator of a step
// captures the values its arithmetic uses and not the ones it only
// asked the shape of; every node stays typed; the untyped graphs the
// VM runs are not touched.
func TestTypedOpt(t *testing.T) {
	src, err := os.ReadFile("../bench/ode_scalar.py")
	if err != nil {
		t.Fatal(err)
	}
	count := func(until string) (prims map[string]int, captures int, untyped []string, p *myia.Program) {
		p, err := myia.Compile("bench/ode_scalar.py", src, myia.Config{Entry: "euler_grad", Opt: 2, Verify: true, Until: until})
		if err != nil {
			t.Fatal(err)
		}
		prims = map[string]int{}
		for _, g := range family(p.Typed) {
			for _, a := range g.Nodes() {
				if a.Type() == nil {
					untyped = append(untyped, g.Name+" at "+a.Pos().String())
				}
				if c, ok := a.Inputs[0].(*ir.Constant); ok {
					if pr, ok := c.Value.(ir.Prim); ok {
						prims[pr.String()]++
					}
				}
			}
			if strings.HasPrefix(g.Name, "bprop_euler.for") {
				captures = max(captures, len(p.Module.FreeVariables(g)))
			}
		}
		return prims, captures, untyped, p
	}
	before, capBefore, _, _ := count("infer")
	after, capAfter, untyped, p := count("")
	t.Logf("before typed-opt: %v, a step's backpropagator captures %d values; after: %v, %d", before, capBefore, after, capAfter)
	if before["sum_to_like"] == 0 || before["zeros_like"] == 0 {
		t.Fatalf("the typed graphs had no sum_to_like or zeros_like to fold: %v (the test no longer tests anything)", before)
	}
	for _, prim := range []string{"sum_to_like", "zeros_like", "J", "gadd", "fix_sens"} {
		if after[prim] != 0 {
			t.Errorf("typed-opt left %d %s", after[prim], prim)
		}
	}
	if capAfter >= capBefore || capAfter > 7 {
		t.Errorf("a step's backpropagator captures %d values after typed-opt (%d before), want at most 7", capAfter, capBefore)
	}
	if len(untyped) > 0 {
		t.Errorf("typed-opt left nodes without a type: %v", untyped)
	}
	// The VM runs the untyped graphs, which still ask is_seq.
	vmPrims := 0
	for _, g := range family(p.Func("euler_grad")) {
		for _, a := range g.Nodes() {
			if ir.IsApplyOf(a, ir.IsSeq) {
				vmPrims++
			}
		}
	}
	if vmPrims == 0 {
		t.Errorf("the untyped graphs of euler_grad lost their is_seq: typed-opt edited the VM's graphs")
	}
}

// TestTypedOptLoopReversal checks opt/reverse.go on the gradient of the
// Euler loop: the forward pass becomes a loop (its one call of itself a
// tail call) that pushes each step's backpropagator on a tape, the
// backward pass a loop over the tape, and no step's backpropagator
// calls another.
func TestTypedOptLoopReversal(t *testing.T) {
	src, err := os.ReadFile("../bench/ode_scalar.py")
	if err != nil {
		t.Fatal(err)
	}
	p, err := myia.Compile("bench/ode_scalar.py", src, myia.Config{Entry: "euler_grad", Opt: 2, Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	fam := family(p.Typed)
	pushes, tapes, backward := 0, 0, 0
	for _, g := range fam {
		for _, a := range g.Nodes() {
			if ir.IsApplyOf(a, ir.ListPush) {
				pushes++
			}
			callee := ir.GraphOf(a.Inputs[0])
			if callee == nil || !callee.IsAncestorOf(g) && callee != g {
				continue
			}
			// A call of a graph from inside it: a loop's, in tail position.
			if a != g.Output() {
				t.Errorf("%s calls %s (which encloses it) other than in tail position: a recursion is left", g.Name, callee.Name)
			}
		}
		if len(g.Params) > 0 && g.Params[len(g.Params)-1].Name == "tape" {
			tapes++
		}
		if strings.HasSuffix(g.Name, ".reversed.loop") {
			backward++
		}
		if strings.HasPrefix(g.Name, "bprop_euler.for") {
			for _, a := range g.Nodes() {
				if _, ok := a.Inputs[0].(*ir.Parameter); ok {
					t.Errorf("%s calls its parameter %s: the backpropagators still chain", g.Name, a.Inputs[0].(*ir.Parameter).Name)
				}
				for _, v := range p.Module.FreeVariables(g) {
					if a.Inputs[0] == v {
						t.Errorf("%s calls a value it captures (%%%d of %s): the backpropagators still chain", g.Name, v.ID(), v.Graph().Name)
					}
				}
			}
		}
	}
	if pushes != 1 || tapes != 1 || backward != 1 {
		t.Errorf("euler_grad's typed graphs have %d list_push, %d forward loops taking a tape and %d backward loops; want 1 of each", pushes, tapes, backward)
	}
}

// TestVMLoopReversal runs, on the VM at -O2, the gradient of a loop of
// 300,000 iterations: reversed (the vm-opt stage), it needs no frame per
// iteration, where the chain of closures stopped at the depth limit
// (200,000). d/dx of the loop below is 0.001 (1 + 0.5 + 0.25 + ...).
func TestVMLoopReversal(t *testing.T) {
	src := []byte(`from myia import grad


def f(x, n):
    s = 0.0
    i = 0
    while i < n:
        s = s * 0.5 + x * 0.001
        i += 1
    return s


def main():
    return grad(f)(0.7, 300000)
`)
	p, err := myia.Compile("deep.py", src, myia.Config{Opt: 2, Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	v, err := p.Run("main", nil, myia.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := v.AsFloat(); math.Abs(got-0.002) > 1e-15 {
		t.Errorf("grad = %v, want 0.002", got)
	}
}

// family is g, the top-level graphs it reaches but the stdlib's, and
// the graphs nested in those.
func family(g *ir.Graph) []*ir.Graph {
	var out []*ir.Graph
	for _, h := range ir.Reach(g, func(k *ir.Graph) bool { return k.Kind != ir.KindStdlib }) {
		out = append(out, ir.Family(h)...)
	}
	return out
}

// TestTypedOptArrays checks the typed array rules on the gradient of a
// row-wise quadratic form, the GMM's inner term: the broadcast array the
// adjoint of np.sum makes is not materialised where a product
// broadcasts it anyway, a negation moves past the sum_to_like that
// reduces it, and the native result is the VM's.
func TestTypedOptArrays(t *testing.T) {
	src := []byte(`import numpy as np
from myia import grad


def f(a, b):
    q = a.reshape(4, 1, 3) - b.reshape(1, 2, 3)
    return np.sum(np.exp(-0.5 * np.sum(q * q, axis=2)))


def g(a, b):
    return grad(f, (0, 1))(a, b)
`)
	sig, err := infer.ParseSig("ndarray[float, (4, 3)], ndarray[float, (2, 3)]")
	if err != nil {
		t.Fatal(err)
	}
	count := func(until string) (broadcasts, negSums int, p *myia.Program) {
		p, err := myia.Compile("prog.py", src, myia.Config{Entry: "g", ArgTypes: sig, Opt: 2, Verify: true, Until: until})
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range family(p.Typed) {
			for _, a := range h.Nodes() {
				if ir.IsApplyOf(a, ir.BroadcastTo) {
					broadcasts++
				}
				if ir.IsApplyOf(a, ir.SumToLike) && ir.IsApplyOf(a.Inputs[1], ir.Neg) {
					negSums++
				}
			}
		}
		return broadcasts, negSums, p
	}
	bBefore, nBefore, _ := count("infer")
	bAfter, nAfter, p := count("")
	t.Logf("np_broadcast_to: %d before typed-opt, %d after; sum_to_like of a neg: %d before, %d after", bBefore, bAfter, nBefore, nAfter)
	if bAfter >= bBefore {
		t.Errorf("typed-opt kept every np_broadcast_to (%d)", bAfter)
	}
	if nBefore == 0 || nAfter != 0 {
		t.Errorf("sum_to_like of a neg: %d before typed-opt, %d after; want some, then none", nBefore, nAfter)
	}
	a := vm.NewFloatArray([]int{4, 3}, []float64{0.1, -0.2, 0.3, 0.4, 0.5, -0.6, 0.7, 0.8, 0.9, -1.0, 1.1, 1.2})
	b := vm.NewFloatArray([]int{2, 3}, []float64{0.3, 0.1, -0.4, 0.2, 0.6, 0.5})
	want, err := p.Run("g", []vm.Value{a, b}, myia.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, backend := range []string{"c", "llvm"} {
		got, err := p.RunNative(backend, "g", []vm.Value{a, b}, myia.RunOptions{})
		if err != nil {
			t.Fatalf("%s: %v", backend, err)
		}
		if got.Repr() != want.Repr() {
			t.Errorf("%s: %s, the VM: %s", backend, got.Repr(), want.Repr())
		}
	}
}

// TestTypedOptNarrow checks opt/narrow.go on the gradient of a tree
// recursion: the backpropagators return the one sensitivity the
// gradient reads (a float, not a tuple with the environment's and n's),
// and grad, which does not read fib's value, no longer computes it; with
// value_and_grad, the forward pass still returns (value, backpropagator).
func TestTypedOptNarrow(t *testing.T) {
	src := []byte(`
from myia import grad, value_and_grad

def fib(x, n):
    if n < 2:
        return x
    return fib(x, n - 1) + fib(x, n - 2) * 0.5

def g(x):
    return grad(fib)(x, 12)

def vg(x):
    return value_and_grad(fib)(x, 12)
`)
	for _, entry := range []string{"g", "vg"} {
		// Reverse mode: narrowing is of backpropagators.
		p, err := myia.Compile("fib.py", src, myia.Config{Entry: entry, Opt: 2, Verify: true, ArgTypes: []infer.Type{infer.AnyFloat}, ReverseGrad: true})
		if err != nil {
			t.Fatal(err)
		}
		bprops, fprops := 0, 0
		for _, g := range family(p.Typed) {
			switch {
			case strings.HasPrefix(g.Name, "bprop_fib"):
				bprops++
				if ty := g.Return().Type().String(); ty != "Float64" {
					t.Errorf("%s: %s returns %s, want Float64", entry, g.Name, ty)
				}
			case strings.HasPrefix(g.Name, "fprop_fib"):
				fprops++
				_, tuple := g.Output().Type().(*lattice.Tuple)
				if tuple != (entry == "vg") {
					t.Errorf("%s: %s returns %s", entry, g.Name, g.Output().Type())
				}
			}
			for _, a := range g.Nodes() {
				if a.Type() == nil {
					t.Errorf("%s: %s has a node without a type at %s", entry, g.Name, a.Pos())
				}
			}
		}
		if bprops == 0 || fprops == 0 {
			t.Fatalf("%s: %d backpropagators, %d forward graphs of fib: the test no longer tests narrowing", entry, bprops, fprops)
		}
		x, h := 0.9, 1e-6
		fd := (fibRef(x+h, 12) - fibRef(x-h, 12)) / (2 * h)
		v, err := p.Run(entry, []vm.Value{vm.Float(x)}, myia.RunOptions{})
		if err != nil {
			t.Fatal(err)
		}
		d := v
		if entry == "vg" {
			if got := v.Elems()[0].AsFloat(); got != fibRef(x, 12) {
				t.Errorf("vg: value %v, want %v", got, fibRef(x, 12))
			}
			d = v.Elems()[1]
		}
		if got := d.AsFloat(); math.Abs(got-fd) > 1e-6*math.Abs(fd) {
			t.Errorf("%s: gradient %v, finite differences %v", entry, got, fd)
		}
	}
}

func fibRef(x float64, n int) float64 {
	if n < 2 {
		return x
	}
	return fibRef(x, n-1) + fibRef(x, n-2)*0.5
}
