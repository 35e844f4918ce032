package frontend

import (
	"strings"
	"testing"

	"github.com/myia/myia/ir"
)

// TestGradArity checks the number of parameters of the gradient grad(f)
// makes of a function value f, which arity.go finds in the source, or
// the error when the source does not say one number.
func TestGradArity(t *testing.T) {
	const head = "import math\nimport numpy as np\nfrom myia import grad, value_and_grad\n\n"
	const deriv = "def deriv(f):\n    return grad(f)\n\n"
	for _, tc := range []struct {
		name, src string
		want      int    // parameters of grad_f
		err       string // or a substring of the error
	}{
		{"math", deriv + "def main():\n    return deriv(math.sin)(0.3)\n", 1, ""},
		{"lambda", deriv + "def main():\n    return deriv(lambda x, y: x * y)(0.3, 1.0)\n", 2, ""},
		{"def", deriv + "def g(a, b, c):\n    return a\n\ndef main():\n    return deriv(g)\n", 3, ""},
		{"numpy", deriv + "def main():\n    return deriv(np.maximum)\n", 2, ""},
		{"nested", deriv + "def main():\n    return deriv(deriv(math.sin))(0.3)\n", 1, ""},
		{"through another def", deriv + "def twice(h):\n    return deriv(deriv(h))\n\ndef main():\n    return twice(lambda x, y: x)\n", 2, ""},
		{"named result", "def deriv(f):\n    d = grad(f)\n    return d\n\ndef main():\n    return deriv(abs)\n", 1, ""},
		{"keyword", deriv + "def main():\n    return deriv(f=lambda x, y: x)\n", 2, ""},
		{"default", "def main():\n    def d(f=math.exp):\n        return grad(f)\n    return d()\n", 1, ""},
		{"local lambda", "def main():\n    d = lambda f: grad(f)\n    return d(lambda a, b: a)\n", 2, ""},
		{"of a gradient", deriv + "def main():\n    return deriv(value_and_grad(lambda a, b: a))\n", 2, ""},
		{"tuple element", deriv + "def main():\n    fs = (abs, math.cos)\n    return deriv(fs[0])\n", 1, ""},
		{"loop variable", deriv + "def main():\n    for h in (abs, math.cos):\n        deriv(h)\n", 1, ""},
		{"never called", deriv + "def main():\n    return 1.0\n", 1, ""},
		{"two arities", deriv + "def main():\n    return deriv(abs), deriv(lambda x, y: x)\n", 0, "f may take 1 or 2 arguments here"},
		{"passed as a value", deriv + "def ap(d, f):\n    return d(f)\n\ndef main():\n    return ap(deriv, abs)\n", 0, "needs to be called at once"},
		{"from a parameter's element", deriv + "def run(fs):\n    return deriv(fs[0])\n\ndef main():\n    return run((abs,))\n", 0, "needs to be called at once"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := mustParse(t, head+tc.src)
			m := ir.NewModule()
			_, err := Build(m, f, BuildOptions{})
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one containing %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, g := range m.Graphs() {
				if g.Name == "grad_f" {
					found = true
					if len(g.Params) != tc.want {
						t.Errorf("grad_f takes %d parameters, want %d", len(g.Params), tc.want)
					}
				}
			}
			if !found {
				t.Fatal("no graph grad_f")
			}
		})
	}
}
