package vm

import (
	"strings"
	"testing"

	"github.com/myia/myia/ad"
	"github.com/myia/myia/frontend"
	"github.com/myia/myia/ir"
	"github.com/myia/myia/stdlib"
)

// pyProgram is a Python snippet built into a module with the stdlib, and
// a VM for it with the J transform wired in.
type pyProgram struct {
	m     *ir.Module
	funcs map[string]*ir.Graph
	out   strings.Builder
	vm    *VM
}

func compilePy(t testing.TB, src string, opt Options) *pyProgram {
	t.Helper()
	m := ir.NewModule()
	m.Sources["t.py"] = src
	builtins, err := stdlib.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	f, err := frontend.Parse("t.py", []byte(src))
	if err != nil {
		t.Fatalf("parse: %s", m.Sources.Format(err))
	}
	gs, err := frontend.Build(m, f, frontend.BuildOptions{Builtins: builtins})
	if err != nil {
		t.Fatalf("build: %s", m.Sources.Format(err))
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	p := &pyProgram{m: m, funcs: map[string]*ir.Graph{}}
	for _, g := range gs {
		p.funcs[g.Name] = g
	}
	var rules ad.Rules
	for i := range rules {
		rules[i] = builtins["bprop_"+ir.Prim(i).String()]
	}
	opt.Stdout = &p.out
	tr := ad.New(m, &rules)
	tangents, missing := ad.TangentsFrom(builtins)
	if len(missing) > 0 {
		t.Fatalf("no tangent rule for %v", missing)
	}
	tr.SetTangents(tangents) // grad of one float is forward mode
	opt.AD = tr
	p.vm = New(m, opt)
	return p
}

// call calls function name of the program.
func (p *pyProgram) call(t testing.TB, name string, args ...Value) (Value, error) {
	t.Helper()
	g := p.funcs[name]
	if g == nil {
		t.Fatalf("no function %s", name)
	}
	return p.vm.Call(g, args)
}

// runPy compiles src and returns the repr of main(args...), or the error
// as "error: LINE:COL: MSG".
func runPy(t *testing.T, src string, args ...Value) string {
	t.Helper()
	p := compilePy(t, src, Options{})
	v, err := p.call(t, "main", args...)
	return p.out.String() + result(v, err)
}

func result(v Value, err error) string {
	if err != nil {
		if e, ok := err.(*ir.Error); ok {
			return "error: " + posString(e.Pos) + ": " + e.Msg
		}
		return "error: " + err.Error()
	}
	return v.Repr()
}

func posString(p ir.Pos) string {
	return strings.TrimPrefix(p.String(), p.File+":")
}

func TestPython(t *testing.T) {
	cases := []struct {
		name, src string
		args      []Value
		want      string
	}{
		{"closures", `
def make_adder(n):
    def add(x):
        return x + n
    return add

def main():
    f = make_adder(3)
    g = make_adder(10)
    return (f(1), g(1), f(g(2)))
`, nil, "(4, 11, 15)"},
		{"higher_order_prims", `
import math

def apply(f, x):
    return f(x)

def apply2(f, x, y):
    return f(x, y)

def main():
    return (apply(abs, -3), apply(math.sin, 0.0), apply(lambda y: y * 2, 4),
            apply2(max, 3, 2.5), apply(float, 2), apply(len, (1, 2)))
`, nil, "(3, 0.0, 8, 3.0, 2.0, 2)"},
		{"defaults_dynamic", `
def f(x, y=2):
    return x * y

def call1(g, x):
    return g(x)

def call2(g, x, y):
    return g(x, y)

def main():
    return (f(3), f(3, 4), call1(f, 5), call2(f, 5, 5))
`, nil, "(6, 12, 10, 25)"},
		{"too_many_args", `
def f(x, y=2):
    return x * y

def call3(g):
    return g(1, 2, 3)

def main():
    return call3(f)
`, nil, "error: 6:12: f() takes from 1 to 2 positional arguments but 3 were given"},
		{"missing_args", `
def h(a, b, c):
    return a

def call1(g, x):
    return g(x)

def main():
    return call1(h, 1)
`, nil, "error: 6:12: h() missing 2 required positional arguments: 'b' and 'c'"},
		{"not_callable", `
def call1(g, x):
    return g(x)

def main():
    return call1(3, 1)
`, nil, "error: 3:12: 'int' object is not callable"},
		{"print", `
def main():
    print(1, 2.5, "a", (1, "b"), None, True, [0.1])
    print()
    return 0
`, nil, "1 2.5 a (1, 'b') None True [0.1]\n\n0"},
		{"assert", `
def main(x):
    assert x > 0, "x must be positive"
    return x
`, []Value{I(-1)}, "error: 3:5: assertion failed: x must be positive"},
		{"expressions", `
def main(a, b):
    y = (a if a > b else b) + 1
    z = a > 0 and b > 0
    w = a < 0 or b
    return (y, z, w, not a, -a, a ** 2, a / b, a // b, a % b)
`, []Value{I(7), I(2)}, "(8, True, 2, False, -7, 49, 3.5, 3, 1)"},
		{"loops", `
def main(n):
    s = 0
    i = 0
    while True:
        i += 1
        if i > n:
            break
        if i % 2 == 0:
            continue
        s += i
    t = 0
    for j in range(n):
        for k in range(j):
            t += k
    u = 0.0
    for x in (1.5, 2.5):
        u += x
    for i2, x in enumerate([10, 20]):
        u += i2 * x
    for a, b in zip((1, 2), (3, 4)):
        u += a * b
    return (s, t, u)
`, []Value{I(10)}, "(25, 120, 35.0)"},
		{"early_return_in_loop", `
def find(xs, v):
    i = 0
    while i < len(xs):
        if xs[i] == v:
            return i
        i += 1
    return -1

def main():
    return (find((4, 5, 6), 6), find((4, 5, 6), 7))
`, nil, "(2, -1)"},
		{"capture_at_creation", `
def main():
    fs = ()
    i = 0
    while i < 3:
        fs = fs + (lambda x: x + i,)
        i += 1
    return (fs[0](10), fs[1](10), fs[2](10))
`, nil, "(10, 11, 12)"},
		{"used_only_in_branch", `
def main(x):
    y = x * 2
    if x > 0:
        return y
    return 0
`, []Value{I(5)}, "10"},
		{"error_order", `
def main(x):
    a = 1 // x
    b = (1, 2)[x + 5]
    return (b, a)
`, []Value{I(0)}, "error: 3:9: integer division or modulo by zero"},
		{"mixed_arithmetic", `
def main(i, f):
    return (i * f, f * i, i + f, f - i, i / f, i < f, f <= i, i == f, i // f, i % f)
`, []Value{I(3), F(0.5)}, "(1.5, 1.5, 3.5, -2.5, 6.0, False, True, False, 6.0, 0.0)"},
		{"nested_recursion", `
def main(n):
    def fact(k):
        if k <= 1:
            return 1
        return k * fact(k - 1)
    return fact(n)
`, []Value{I(5)}, "120"},
		{"overflow", `
def main(n):
    p = 1
    while True:
        p = p * n
`, []Value{I(10)}, "error: 5:13: integer overflow"},
		{"strings_and_sequences", `
def main():
    s = "héllo"
    t = (1, 2, 3, 4)
    return (s[1], s[1:3], len(s), t[-1], t[1:], t[::-1], 3 in t, "ll" in s, [1, 2] + [3], (0,) * 3)
`, nil, "('é', 'él', 5, 4, (2, 3, 4), (4, 3, 2, 1), True, True, [1, 2, 3], (0, 0, 0))"},
		{"builtins", `
import math

def main():
    return (min(3, 2.5), max(1, 2), abs(-2.5), int(2.9), float(3), bool(0), sum((1, 2, 3)),
            math.sqrt(16.0), math.exp(0.0), math.pi)
`, nil, "(2.5, 2, 2.5, 2, 3.0, False, 6, 4.0, 1.0, 3.141592653589793)"},
		{"grad", `
from myia import grad, value_and_grad

def f(x, y):
    return x * y + x

def g(x):
    z = 0.0
    i = 0
    while i < 3:
        z = z + x * x
        i += 1
    return z

def main():
    return (grad(f)(3.0, 4.0), grad(f, 1)(3.0, 4.0), value_and_grad(g)(2.0))
`, nil, "(5.0, 3.0, (12.0, 12.0))"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := runPy(t, c.src, c.args...); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

// TestTraceback checks the call stack of a run-time error.
func TestTraceback(t *testing.T) {
	p := compilePy(t, `
def inner(x):
    return x // 0

def outer(x):
    return inner(x) + 1

def main():
    return outer(5)
`, Options{})
	_, err := p.call(t, "main")
	e, ok := err.(*ir.Error)
	if !ok {
		t.Fatalf("error %v is not an *ir.Error", err)
	}
	if got := posString(e.Pos) + " " + e.Msg; got != "3:12 integer division or modulo by zero" {
		t.Errorf("error = %s", got)
	}
	var trace []string
	for _, f := range e.Trace {
		trace = append(trace, f.Func+"@"+posString(f.Pos))
	}
	if got := strings.Join(trace, " "); got != "main@9:12 outer@6:12 inner@3:12" {
		t.Errorf("trace = %s", got)
	}
}

// TestRecursionDepth checks that deep non-tail recursion works up to the
// limit and fails cleanly beyond it.
func TestRecursionDepth(t *testing.T) {
	src := `
def down(n):
    if n == 0:
        return 0
    return 1 + down(n - 1)
`
	p := compilePy(t, src, Options{})
	if v, err := p.call(t, "down", I(100000)); err != nil || v.AsInt() != 100000 {
		t.Fatalf("down(100000) = %v, %v", v, err)
	}
	_, err := p.call(t, "down", I(1000000))
	if got := result(None, err); got != "error: 5:16: recursion too deep (depth 200000; myia run --max-depth raises the limit)" {
		t.Errorf("down(1000000): %s", got)
	}
	if e, ok := err.(*ir.Error); !ok || len(e.Trace) != maxTrace {
		t.Errorf("trace of down(1000000) has %d frames, want %d", len(e.Trace), maxTrace)
	}
	// The VM is usable after an error.
	if v, err := p.call(t, "down", I(10)); err != nil || v.AsInt() != 10 {
		t.Fatalf("down(10) after an error = %v, %v", v, err)
	}
	p = compilePy(t, src, Options{MaxDepth: 50})
	if _, err := p.call(t, "down", I(100)); result(None, err) != "error: 5:16: recursion too deep (depth 50; myia run --max-depth raises the limit)" {
		t.Errorf("MaxDepth 50: %v", err)
	}
}

// TestTailCalls checks that self and mutual tail calls run in constant
// VM stack.
func TestTailCalls(t *testing.T) {
	p := compilePy(t, `
def loop(i, s):
    if i == 0:
        return s
    return loop(i - 1, s + 1)

def even(n):
    if n == 0:
        return True
    return odd(n - 1)

def odd(n):
    if n == 0:
        return False
    return even(n - 1)
`, Options{})
	if v, err := p.call(t, "loop", I(1000000), I(0)); err != nil || v.AsInt() != 1000000 {
		t.Fatalf("loop = %v, %v", v, err)
	}
	if v, err := p.call(t, "even", I(1000001)); err != nil || v.AsBool() {
		t.Fatalf("even(1000001) = %v, %v", v, err)
	}
	if n := len(p.vm.stack); n > 4096 {
		t.Errorf("the slot stack grew to %d", n)
	}
	code, err := p.vm.Disassemble(p.funcs["loop"])
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(code, "call") {
		t.Errorf("loop's self tail call is not a jump:\n%s", code)
	}
}

// TestContification checks that the blocks of a function with a loop and
// branches are compiled into its frame: no calls, no closures.
func TestContification(t *testing.T) {
	p := compilePy(t, `
def main(n):
    s = 0.0
    i = 0
    while i < n:
        if i % 3 == 0:
            s += 1.0
        elif i % 3 == 1:
            s -= 0.5
        else:
            s = s * 1.0
        i += 1
    return s
`, Options{})
	code, err := p.vm.Disassemble(p.funcs["main"])
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"call", "closure"} {
		if strings.Contains(code, bad) {
			t.Errorf("main has a %s:\n%s", bad, code)
		}
	}
	if v, err := p.call(t, "main", I(100)); err != nil || v.AsFloat() != 34-16.5 {
		t.Errorf("main(100) = %v, %v", v, err)
	}
}
