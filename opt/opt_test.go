package opt_test

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/myia/myia"
	"github.com/myia/myia/ir"
	"github.com/myia/myia/opt"
	"github.com/myia/myia/vm"
)

// compile compiles src at level with the verifier after every pass.
func compile(t *testing.T, src string, level int) *myia.Program {
	t.Helper()
	return compileWith(t, src, myia.Config{Verify: true, Opt: level})
}

// compileWith is compile with a configuration.
func compileWith(t *testing.T, src string, cfg myia.Config) *myia.Program {
	t.Helper()
	level := cfg.Opt
	p, err := myia.Compile("t.py", []byte(src), cfg)
	if err != nil {
		var b strings.Builder
		if p != nil && p.Module != nil {
			b.WriteString(p.Module.Sources.Format(err))
		} else {
			b.WriteString(err.Error())
		}
		t.Fatalf("compile -O%d:\n%s", level, b.String())
	}
	return p
}

// body prints the applies of f after opt, one per line, without the
// graph header: "mul(x, x)", "return %1".
func body(t *testing.T, p *myia.Program, f string) string {
	t.Helper()
	g := p.Func(f)
	if g == nil {
		t.Fatalf("no function %s", f)
	}
	var b strings.Builder
	ir.Fprint(&b, g)
	var lines []string
	for _, l := range strings.Split(b.String(), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "graph ") || l == "}" || strings.HasPrefix(l, "#") {
			continue
		}
		if _, rhs, ok := strings.Cut(l, " = "); ok {
			l = rhs
		}
		lines = append(lines, l)
	}
	return strings.Join(lines, "; ")
}

// TestRules compiles small functions at -O2 and checks their IR: each
// case is a rule at work, or a rewrite that must not happen (IEEE
// semantics, effects).
func TestRules(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"mul one", "def f(x):\n    return float(x) * 1.0", "to_float(x); return %1"},
		{"one mul int", "def f(x):\n    return 1 * int(x)", "to_int(x); return %1"},
		{"x + 0.0 kept", "def f(x):\n    return float(x) + 0.0", "to_float(x); add(%1, 0.0); return %2"},
		{"x * 0.0 kept", "def f(x):\n    return float(x) * 0.0", "to_float(x); mul(%1, 0.0); return %2"},
		{"x - 0.0", "def f(x):\n    return float(x) - 0.0", "to_float(x); return %1"},
		{"int + 0", "def f(x):\n    return int(x) + 0", "to_int(x); return %1"},
		{"pow two", "def f(x):\n    return float(x) ** 2", "to_float(x); mul(%1, %1); return %2"},
		{"pow one", "def f(x):\n    return int(x) ** 1", "to_int(x); return %1"},
		{"neg neg", "def f(x):\n    return -(-float(x))", "to_float(x); return %1"},
		{"neg neg int kept", "def f(x):\n    return -(-int(x))", "to_int(x); neg(%1); neg(%2); return %3"},
		{"untyped kept", "def f(x):\n    return x * 1", "mul(x, 1); return %1"},
		{"fold", "def f():\n    return (3 - 1) * 2.5 + 2 ** 10", "return 1029.0"},
		{"fold overflow kept", "def f():\n    return 2 ** 63", "pow(2, 63); return %1"},
		{"fold div zero kept", "def f():\n    return 1 / 0", "truediv(1, 0); return %1"},
		{"tuple", "def f(x, y):\n    t = (x, y)\n    return t[1]", "return y"},
		{"switch const", "def f(x):\n    if 2 > 3:\n        return x\n    return x + 1", "add(x, 1); return %1"},
		{"inline", "def g(a):\n    return a * a\n\ndef f(x):\n    return g(x) + 1", "mul(x, x); add(%1, 1); return %2"},
		{"cse", "def f(x):\n    return x * 3 + x * 3", "mul(x, 3); add(%1, %1); return %2"},
		{"closure", "def f(x):\n    def g(y):\n        return y * x\n    return g(2) + g(3)", "mul(2, x); mul(3, x); add(%1, %2); return %3"},
		{"print kept in order",
			"def g(a):\n    print('g', a)\n    return a\n\ndef f(x):\n    print('f')\n    y = g(x)\n    print('after')\n    return y",
			"print(\"f\"); depend(@g, %1); %2(x); depend(print, %3); %4(\"after\"); depend(%3, %5); return %6"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := compile(t, c.src, 2)
			if got := body(t, p, "f"); got != c.want {
				t.Errorf("f at -O2:\n  got  %s\n  want %s", got, c.want)
			}
		})
	}
}

// TestFigure1 checks Myia's Figure 1: the gradient of x**3 * y**4 with
// respect to x is 3 * x**2 * y**4, in a few nodes, by forward mode (the
// default for one float argument) and by reverse mode.
func TestFigure1(t *testing.T) {
	src := `from myia import grad


def f(x, y):
    return x ** 3 * y ** 4


def df(x, y):
    return grad(f)(float(x), float(y))
`
	for _, c := range []struct {
		reverse bool
		want    string
	}{
		{false, "to_float(x); to_float(y); pow(%2, 4); mul(%1, %1); mul(3.0, %4); mul(%5, %3); return %6"},
		{true, "to_float(x); to_float(y); pow(%2, 4); mul(%3, 3); mul(%1, %1); mul(%4, %5); return %6"},
	} {
		p := compileWith(t, src, myia.Config{Verify: true, Opt: 2, ReverseGrad: c.reverse})
		if got := body(t, p, "df"); got != c.want {
			t.Errorf("df at -O2 (reverse %v):\n  got  %s\n  want %s", c.reverse, got, c.want)
		}
		v, err := p.Run("df", []vm.Value{vm.Float(2), vm.Float(3)}, myia.RunOptions{Stdout: io.Discard})
		if err != nil || v.AsFloat() != 3*4*81 {
			t.Errorf("df(2.0, 3.0) = %v (%v), want 972.0 (reverse %v)", v.Repr(), err, c.reverse)
		}
	}
}

// TestEffects runs programs whose prints and asserts sit in functions
// that are inlined, and checks that they print the same, in the same
// order, at every level.
func TestEffects(t *testing.T) {
	for _, src := range []string{
		`def noisy(tag, v):
    print("enter", tag)
    return v


def pure(v):
    return v * 2


def main():
    a = noisy("a", 1)
    b = pure(a)
    c = pure(3)
    print(b, c)
    noisy("unused", 0)
    pure(noisy("arg", 5))
    print("done")
`,
		`def check(x):
    assert x > 0, "positive"
    return x


def main():
    print(check(1))
    f = lambda y: check(y) + 1
    print(f(2))
    print("before")
    check(-1)
    print("never")
`,
		`def main():
    k = 0
    while k < 3:
        print("loop", k)
        k += 1
    print("end")
`,
	} {
		var outs []string
		for _, level := range []int{0, 1, 2} {
			p := compile(t, src, level)
			var out bytes.Buffer
			_, err := p.Run("main", nil, myia.RunOptions{Stdout: &out})
			if err != nil {
				out.WriteString("error: " + err.Error())
			}
			outs = append(outs, out.String())
		}
		if outs[1] != outs[0] || outs[2] != outs[0] {
			t.Errorf("program prints\n-O0: %q\n-O1: %q\n-O2: %q\nprogram:\n%s", outs[0], outs[1], outs[2], src)
		}
	}
}

// TestRecursionNotUnrolled checks that inlining never unrolls a
// recursion or a loop: the optimizer ends, and the IR stays small.
func TestRecursionNotUnrolled(t *testing.T) {
	src := `from myia import grad


def fib(x, n):
    if n < 2:
        return x
    return fib(x, n - 1) + fib(x, n - 2)


def loop(x, n):
    s = 0.0
    i = 0
    while i < n:
        s = s + x * i
        i += 1
    return s


def main():
    print(grad(fib)(1.5, 10), grad(loop)(0.5, 1000))
`
	p0 := compile(t, src, 0)
	before := opt.NewUnit(p0.Module, p0.Funcs).NodeCount()
	p := compile(t, src, 2)
	after := opt.NewUnit(p.Module, p.Funcs).NodeCount()
	if after > before {
		t.Errorf("%d nodes after opt, %d before", after, before)
	}
	var out bytes.Buffer
	if _, err := p.Run("main", nil, myia.RunOptions{Stdout: &out}); err != nil || out.String() != "89.0 499500.0\n" {
		t.Errorf("main() printed %q (%v)", out.String(), err)
	}
}

// TestLevels checks that -O0 changes nothing and that the passes of
// level 2 are not run at level 1.
func TestLevels(t *testing.T) {
	src := "def g(a):\n    return a * 1\n\ndef f(x):\n    return g(x)\n"
	if got := body(t, compile(t, src, 0), "f"); got != "@g(x); return %1" {
		t.Errorf("f at -O0: %s", got)
	}
	if got := body(t, compile(t, src, 1), "f"); got != "mul(x, 1); return %1" {
		t.Errorf("f at -O1: %s", got)
	}
	for _, p := range opt.Pipeline {
		if p.Level < 1 || p.Level > 2 {
			t.Errorf("pass %s has level %d", p.Name, p.Level)
		}
	}
}
