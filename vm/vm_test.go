package vm

import (
	"runtime/debug"
	"strings"
	"testing"

	"github.com/myia/myia/ir"
)

func TestFib(t *testing.T) {
	b, fib := fibModule()
	for n, want := range []int64{0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55} {
		if v := b.mustRun(t, fib, I(int64(n))); v.AsInt() != want {
			t.Errorf("fib(%d) = %v, want %d", n, v, want)
		}
	}
	if v := b.mustRun(t, fib, F(10)); v.Repr() != "55.0" {
		t.Errorf("fib(10.0) = %v, want 55.0", v)
	}
}

// The code of fib and of the while loop, as documented in doc.go: the
// blocks are contified, the loop is three instructions.
func TestDisassemble(t *testing.T) {
	b, fib := fibModule()
	got, err := New(b.m, Options{}).Disassemble(fib)
	if err != nil {
		t.Fatal(err)
	}
	want := `code fib: 1 params, 0 free, 0 consts, 6 slots
   0  jltk r0, 2, 1, 2
   1  ret r0
   2  r1 = subk r0, 1
   3  r2 = callg1 @fib(r1)
   4  r3 = subk r0, 2
   5  r4 = callg1 @fib(r3)
   6  r5 = add r2, r4
   7  ret r5
`
	if got != want {
		t.Errorf("fib:\n%s\nwant:\n%s", got, want)
	}
	b, main := whileModule(10)
	got, err = New(b.m, Options{}).Disassemble(main)
	if err != nil {
		t.Fatal(err)
	}
	want = `code main: 0 params, 0 free, 2 consts, 8 slots
  r0 = 0
  r1 = 0.0
   0  r2 = mov r0
   1  r3 = mov r1
   2  jltk r2, 10, 3, 6
   3  r3 = addk r3, 1.5
   4  r2 = addk r2, 1
   5  jltk r2, 10, 3, 6
   6  r6 = mov r2
   7  r7 = mov r3
   8  ret r7
`
	if got != want {
		t.Errorf("while:\n%s\nwant:\n%s", got, want)
	}
}

// TestLongLoop runs ten million iterations with the Go stack limited to
// 1 MB: the loop must run in constant Go and VM stack.
func TestLongLoop(t *testing.T) {
	if testing.Short() {
		t.Skip("10M iterations")
	}
	old := debug.SetMaxStack(1 << 20)
	defer debug.SetMaxStack(old)
	b, main := whileModule(10000000)
	vm := New(b.m, Options{})
	v, err := vm.Call(main, nil)
	if err != nil || v.AsFloat() != 15000000 {
		t.Fatalf("while = %v, %v", v, err)
	}
	if len(vm.stack) > 1024 || cap(vm.frames) > 16 {
		t.Errorf("the VM stack grew: %d slots, %d frames", len(vm.stack), cap(vm.frames))
	}
}

// TestParallelMoves checks loops whose variables are permuted: the moves
// into the loop header's parameters must act at once.
func TestParallelMoves(t *testing.T) {
	got := runPy(t, `
def main(n):
    a = 0
    b = 1
    x = 1
    y = 2
    z = 3
    i = 0
    while i < n:
        a, b = b, a + b
        x, y, z = z, x, y
        i += 1
    return (a, b, x, y, z)
`, I(10))
	if want := "(55, 89, 3, 1, 2)"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestNonTailSwitch: a conditional expression is a switch called in
// non-tail position; its branches are contified and jump back.
func TestNonTailSwitch(t *testing.T) {
	b := newBuilder()
	f, ps := b.graph("f", nil, "x")
	x := ps[0]
	then, _ := b.graph("then", f)
	b.ret(then, b.op(then, ir.Mul, x, 10))
	els, _ := b.graph("else", f)
	b.ret(els, b.op(els, ir.Neg, x))
	r := b.branch(f, b.op(f, ir.Gt, x, 0), then, els)
	b.ret(f, b.op(f, ir.Add, r, 1))
	if v := b.mustRun(t, f, I(4)); v.AsInt() != 41 {
		t.Errorf("f(4) = %v, want 41", v)
	}
	if v := b.mustRun(t, f, I(-4)); v.AsInt() != 5 {
		t.Errorf("f(-4) = %v, want 5", v)
	}
	code, _ := New(b.m, Options{}).Disassemble(f)
	if strings.Contains(code, "call") {
		t.Errorf("the branches are called:\n%s", code)
	}
}

// TestSwitchValue: a switch whose result is used as a value selects.
func TestSwitchValue(t *testing.T) {
	b := newBuilder()
	f, ps := b.graph("f", nil, "c")
	b.ret(f, b.op(f, ir.Switch, ps[0], ir.Abs, ir.Neg))
	g, gps := b.graph("g", nil, "c", "x")
	fn := b.call(g, f, gps[0])
	b.ret(g, b.call(g, fn, gps[1]))
	if v := b.mustRun(t, g, B(true), I(-3)); v.AsInt() != 3 {
		t.Errorf("g(True, -3) = %v", v)
	}
	if v := b.mustRun(t, g, B(false), I(-3)); v.AsInt() != 3 {
		t.Errorf("g(False, -3) = %v", v)
	}
	if v := b.mustRun(t, f, B(true)); v.Repr() != "<built-in function abs>" {
		t.Errorf("f(True) = %v", v)
	}
}

// TestInternalError: a panic inside the VM (here, compiling a graph
// without a return node) is an error that says it is a bug.
func TestInternalError(t *testing.T) {
	b := newBuilder()
	g, _ := b.graph("g", nil)
	f, _ := b.graph("f", nil)
	b.ret(f, b.call(f, g))
	_, err := New(b.m, Options{}).Call(f, nil)
	if err == nil || !strings.Contains(err.Error(), "internal error") {
		t.Errorf("err = %v, want an internal error", err)
	}
}

// TestCallErrors: calling a graph with free variables, or with the wrong
// number of arguments, from Go.
func TestCallErrors(t *testing.T) {
	b, fib := fibModule()
	vm := New(b.m, Options{})
	if _, err := vm.Call(fib, nil); err == nil || !strings.Contains(err.Error(), "fib() missing 1 required positional argument: 'n'") {
		t.Errorf("fib(): %v", err)
	}
	if _, err := vm.Call(fib, []Value{I(1), I(2)}); err == nil || !strings.Contains(err.Error(), "fib() takes 1 positional argument but 2 were given") {
		t.Errorf("fib(1, 2): %v", err)
	}
	var then *ir.Graph
	for _, g := range b.m.Graphs() {
		if g.Name == "fib_then" {
			then = g
		}
	}
	if _, err := vm.Call(then, nil); err == nil || !strings.Contains(err.Error(), "free variables") {
		t.Errorf("fib_then(): %v", err)
	}
	if v, err := vm.Call(fib, []Value{S("x")}); err == nil {
		t.Errorf("fib('x') = %v, want an error", v)
	} else if got := outcome(None, err); got != "error: '<' not supported between instances of 'str' and 'int'" {
		t.Errorf("fib('x'): %s", got)
	}
}

func TestADPrims(t *testing.T) {
	env := NewEnv()
	cases := []primCase{
		c(ir.ZerosLike, "(0, 0.0, False, [0.0], None)", T(I(3), F(2), B(true), L(F(1)), S("s"))),
		c(ir.ZerosLike, "env()", PrimFunc(ir.Abs)),
		c(ir.OnesLike, "(1, 1.0)", T(I(3), F(2))),
		c(ir.Gadd, "(3, 2.5, None)", T(I(1), F(1), N), T(I(2), F(1.5), N)),
		c(ir.Gadd, "1.0", N, F(1)),
		c(ir.Gadd, "error: gadd of tuples of lengths 1 and 2", T(I(1)), T(I(1), I(2))),
		c(ir.NewEnv, "env()"),
		c(ir.EnvGetItem, "0.0", env, I(3), F(0)),
		c(ir.TupleSetItem, "(1, 9, 3)", T(I(1), I(2), I(3)), I(1), I(9)),
		c(ir.TupleSetItem, "[1, 2, 9]", L(I(1), I(2), I(3)), I(-1), I(9)),
		c(ir.TupleSetItem, "error: tuple assignment index out of range", T(), I(0), I(9)),
		c(ir.GradSens, "1.0", F(2)),
		c(ir.GradSens, "error: grad needs a function whose output is a scalar float, got tuple", T()),
		c(ir.FixSens, "(0, 2.0, 3.0)", T(I(1), F(1), F(1)), T(F(5), I(2), F(3))),
		c(ir.StopGradient, "2", I(2)),
		c(ir.IsSeq, "True", L()),
		c(ir.IsSeq, "False", S("ab")),
		c(ir.J, "error: cannot differentiate: the VM was made without a differentiator (Options.AD)", PrimFunc(ir.Abs)),
		c(ir.J, "(1, 2.0)", T(I(1), F(2))),
	}
	vm := New(ir.NewModule(), Options{})
	for _, pc := range cases {
		v, err := vm.CallValue(PrimFunc(pc.p), pc.args)
		if got := outcome(v, err); got != pc.want {
			t.Errorf("%s%s = %s, want %s", pc.p, outcome(Tuple(pc.args), nil), got, pc.want)
		}
	}
	e1 := env.env().set(3, F(1)).env().set(1, F(2))
	e2 := env.env().set(3, F(0.5)).env().set(7, T(F(1)))
	sum, err := gadd(e1, e2)
	if got := outcome(sum, err); got != "env($1: 2.0, $3: 1.5, $7: (1.0,))" {
		t.Errorf("gadd of envs = %s", got)
	}
	v, _ := vm.CallValue(PrimFunc(ir.EnvGetItem), []Value{sum, I(3), N})
	if v.Repr() != "1.5" {
		t.Errorf("env_getitem = %v", v)
	}
	if e1.Repr() != "env($1: 2.0, $3: 1.0)" || e1.env().set(1, F(9)).Repr() != "env($1: 9.0, $3: 1.0)" {
		t.Errorf("env_setitem: %v", e1)
	}
}

// TestSwitchOfPrims: switch(c, abs, max)(x) compiles the arm with the
// wrong arity to a call that fails when it runs.
func TestSwitchOfPrims(t *testing.T) {
	b := newBuilder()
	f, ps := b.graph("f", nil, "c", "x")
	sw := b.op(f, ir.Switch, ps[0], ir.Abs, ir.ScalarMax)
	b.ret(f, b.call(f, sw, ps[1]))
	if v := b.mustRun(t, f, B(true), I(-2)); v.AsInt() != 2 {
		t.Errorf("f(True, -2) = %v", v)
	}
	_, _, err := b.run(t, f, B(false), I(-2))
	if got := outcome(None, err); got != "error: max() takes exactly 2 arguments (1 given)" {
		t.Errorf("f(False, -2): %s", got)
	}
	vm := New(b.m, Options{})
	if _, err := vm.CallValue(PrimFunc(ir.Return), []Value{I(1)}); err == nil {
		t.Error("return(1): no error")
	}
}
