package tests

import (
	"runtime"
	"testing"

	"github.com/myia/myia"
	"github.com/myia/myia/backend/cgo"
	"github.com/myia/myia/vm"
)

// TestBackendLLVMGradientTape is TestBackendCGradientTape through the
// LLVM backend: the gradient of a loop over arrays keeps each
// iteration's backpropagator, a closure of the previous one, in a boxed
// record and the sensitivities of its free variables in environments.
// It agrees with the VM, and after the call no record and no array is
// live, however long the tape (records are released without recursion).
func TestBackendLLVMGradientTape(t *testing.T) {
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
	lib := compileWith(t, "llvm", src, "g", "ndarray[float, (2, 2)], ndarray[float, (1, 2)], int", cgo.Options{})
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
	want, err := p.Run("main", nil, myia.RunOptions{})
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
	if n := lib.LiveBoxes(); n != 0 {
		t.Errorf("%d boxed backpropagators live after a call", n)
	}
	if live := lib.LiveArrayBytes(); live != 0 {
		t.Errorf("%d bytes of arrays live after a call", live)
	}
	if _, err := lib.Call(w, x, int64(900)); err != nil {
		t.Fatal(err)
	}
	if n, live := lib.LiveBoxes(), lib.LiveArrayBytes(); n != 0 || live != 0 {
		t.Errorf("after 900 iterations: %d records and %d bytes of arrays live", n, live)
	}
	// A tape of 60,000 records (as deep as the backward pass may recurse) is freed without recursion.
	if _, err := lib.Call(w, x, int64(60000)); err != nil {
		t.Fatal(err)
	}
	if n, live := lib.LiveBoxes(), lib.LiveArrayBytes(); n != 0 || live != 0 {
		t.Errorf("after 60000 iterations: %d records and %d bytes of arrays live", n, live)
	}
}
