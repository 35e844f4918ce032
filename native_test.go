package myia_test

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/myia/myia"
	"github.com/myia/myia/backend/cgo"
	"github.com/myia/myia/backend/llvm"
	"github.com/myia/myia/ir"
	"github.com/myia/myia/vm"
)

const nativeSrc = `from myia import grad
import math


def f(x, n):
    s = 0.0
    for i in range(n):
        s = s + math.sin(x * i)
    return s


def g(x: float, n: int):
    print("g", x, n)
    return (f(x, n), grad(k)(x, x * n), n // 2)


def k(x, y):
    return x * math.cos(y) + x / y


def h(a, b):
    return a // b
`

// RunNative prints and returns what the VM does, on both backends.
func TestRunNative(t *testing.T) {
	if _, err := cgo.FindCC(""); err != nil {
		t.Skip(err)
	}
	p, err := myia.Compile("n.py", []byte(nativeSrc), myia.Config{Verify: true, Entry: "g", Opt: 2})
	if err != nil {
		t.Fatal(err)
	}
	args := []vm.Value{vm.Float(0.3), vm.Int(7)}
	var want bytes.Buffer
	res, err := p.Run("g", args, myia.RunOptions{Stdout: &want, Untyped: true})
	if err != nil {
		t.Fatal(err)
	}
	backends := []string{"c"}
	if _, err := llvm.FindTools(""); err == nil {
		backends = append(backends, "llvm")
	}
	for _, b := range backends {
		var out bytes.Buffer
		got, err := p.RunNative(b, "g", args, myia.RunOptions{Stdout: &out})
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		// Floats to 1e-12 relative: libm's sin and cos may differ from Go's
		// math in the last bit.
		if !close(got, res) || out.String() != want.String() {
			t.Errorf("%s: %s, printed %q; VM %s, printed %q", b, got.Repr(), out.String(), res.Repr(), want.String())
		}
	}
}

// An entry without types is refused with a clear error; run-time errors
// are positioned as the VM's.
func TestRunNativeErrors(t *testing.T) {
	if _, err := cgo.FindCC(""); err != nil {
		t.Skip(err)
	}
	p, err := myia.Compile("n.py", []byte(nativeSrc), myia.Config{Verify: true, Entry: "h"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.CompileNative("c", "h", myia.RunOptions{}, myia.NativeOptions{})
	var e *ir.Error
	if !errors.As(err, &e) || e.Msg != "entry h is not typed: give --sig or annotations" {
		t.Errorf("untyped entry: %v", err)
	}
	// RunNative types it from its arguments (as NAME_inputs() gives them).
	_, err = p.RunNative("c", "h", []vm.Value{vm.Int(7), vm.Int(2)}, myia.RunOptions{})
	if err != nil {
		t.Errorf("h(7, 2) typed from its arguments: %v", err)
	}
	sig, _ := myia.ParseSig("int, int")
	p, err = myia.Compile("n.py", []byte(nativeSrc), myia.Config{Verify: true, Entry: "h", ArgTypes: sig})
	if err != nil {
		t.Fatal(err)
	}
	_, vmErr := p.Run("h", []vm.Value{vm.Int(1), vm.Int(0)}, myia.RunOptions{Untyped: true})
	_, cErr := p.RunNative("c", "h", []vm.Value{vm.Int(1), vm.Int(0)}, myia.RunOptions{})
	if vmErr == nil || cErr == nil || p.Module.Sources.Format(vmErr) != p.Module.Sources.Format(cErr) {
		t.Errorf("h(1, 0): vm %v, c %v", vmErr, cErr)
	}
	if src, err := p.NativeSource("c", "h"); err != nil || !strings.Contains(src, "myia_floordiv_i") {
		t.Errorf("NativeSource: %v", err)
	}
}

func close(a, b vm.Value) bool {
	if a.Kind() != b.Kind() {
		return false
	}
	switch a.Kind() {
	case vm.KFloat:
		x, y := a.AsFloat(), b.AsFloat()
		return x == y || math.Abs(x-y) <= 1e-12*math.Max(math.Abs(x), math.Abs(y))
	case vm.KTuple:
		if len(a.Elems()) != len(b.Elems()) {
			return false
		}
		for i := range a.Elems() {
			if !close(a.Elems()[i], b.Elems()[i]) {
				return false
			}
		}
		return true
	}
	return a.Repr() == b.Repr()
}

// An entry that returns bool, int and float arrays gives the VM's
// values, dtypes included.
func TestRunNativeArrayDtypes(t *testing.T) {
	if _, err := cgo.FindCC(""); err != nil {
		t.Skip(err)
	}
	src := "import numpy as np\n\ndef f(n):\n    x = np.arange(n)\n    return x > 0, x * 2, x * 0.5, np.zeros((2, 2)) < 1.0\n"
	p, err := myia.Compile("a.py", []byte(src), myia.Config{Verify: true, Entry: "f", Opt: 2})
	if err != nil {
		t.Fatal(err)
	}
	args := []vm.Value{vm.Int(3)}
	res, err := p.Run("f", args, myia.RunOptions{Untyped: true})
	if err != nil {
		t.Fatal(err)
	}
	want := res.Repr()
	if !strings.Contains(want, "array([False,  True,  True])") {
		t.Fatalf("VM: %s", want)
	}
	backends := []string{"c"}
	if _, err := llvm.FindTools(""); err == nil {
		backends = append(backends, "llvm")
	}
	for _, b := range backends {
		got, err := p.RunNative(b, "f", args, myia.RunOptions{})
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if got.Repr() != want {
			t.Errorf("%s: %s, VM %s", b, got.Repr(), want)
		}
	}
}
