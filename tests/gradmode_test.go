package tests

import (
	"strings"
	"testing"

	"github.com/myia/myia"
	"github.com/myia/myia/ir"
)

// TestGradMode checks which mode inference picks for grad: forward mode
// (the JF transform, jvp_ graphs) for one float argument of a function
// that reaches no custom_vjp, no differentiation of a function value and
// no function value from outside; reverse mode (J, fprop_ graphs)
// otherwise.
func TestGradMode(t *testing.T) {
	const defs = `import math
from myia import grad, value_and_grad, custom_vjp


def f(x, y):
    return x * x * y + math.sin(x)


def g(fn, x):
    return fn(x) * x


@custom_vjp
def clip(x):
    return x


def clip_fwd(x):
    return x, None


def clip_bwd(r, d):
    return (min(d, 1.0),)


clip.defvjp(clip_fwd, clip_bwd)


def h(x):
    return clip(x * 3.0)


def deriv_at(fn, x):
    return grad(fn)(x)


def takes_fn(x):
    k = lambda t: t * x
    return grad(lambda y, fn: fn(y) * y)(x, k)

`
	for _, c := range []struct {
		name, body string
		reverse    bool // Config.ReverseGrad
		forward    bool // the gradient is forward mode
		fn         string
	}{
		{"one float", "return grad(f)(x, 2.0)", false, true, "f"},
		{"value_and_grad", "return value_and_grad(f, 1)(x, 2.0)", false, true, "f"},
		{"--reverse-grad", "return grad(f)(x, 2.0)", true, false, "f"},
		{"argnums tuple", "return grad(f, (0, 1))(x, 2.0)", false, false, "f"},
		{"an int argument", "return grad(f, 1)(x, 2)", false, false, "f"},
		{"a function argument", "return grad(g, 1)(math.sin, x)", false, false, "g"},
		{"custom_vjp reached", "return grad(h)(x)", false, false, "h"},
		{"a lambda capturing a float", "return grad(lambda t: t * x)(x)", false, true, "main.lambda"},
		{"a lambda capturing a function", "k = math.cos if x > 0.0 else math.sin\n    return grad(lambda t: k(t) * t)(x)", false, false, "main.lambda"},
		// Nested: forward over forward, unless forward mode would meet
		// the grad of a function value, statically (a parameter) or as
		// inference finds (Compile then builds again, in reverse mode).
		{"grad of grad", "return grad(grad(f))(x, 2.0)", false, true, "grad_f"},
		{"grad of a parameter inside", "return grad(lambda t: deriv_at(math.sin, t))(x)", false, false, "main.lambda"},
		{"grad w.r.t. a function inside", "return grad(takes_fn)(x)", false, false, "takes_fn"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := defs + "\ndef main(x: float):\n    " + c.body + "\n"
			p, err := myia.Compile("m.py", []byte(src), myia.Config{Verify: true, Until: "infer", ReverseGrad: c.reverse})
			if err != nil {
				t.Fatalf("compile:\n%s", p.Module.Sources.Format(err))
			}
			if p.Typed == nil {
				t.Fatal("main was not inferred")
			}
			var typed []string
			for _, g := range p.Module.Graphs() {
				if g.Output() != nil && strings.Contains(g.Name, "[") {
					typed = append(typed, g.Name)
				}
			}
			has := func(prefix string) bool {
				for _, n := range typed {
					if strings.HasPrefix(n, prefix+"_"+c.fn) {
						return true
					}
				}
				return false
			}
			if fwd, rev := has("jvp"), has("fprop"); fwd != c.forward || rev == c.forward {
				var b strings.Builder
				ir.Fprint(&b, p.Typed)
				t.Errorf("forward mode %v, reverse mode %v: want forward %v (typed graphs %v)\n%s", fwd, rev, c.forward, typed, b.String())
			}
		})
	}
}
