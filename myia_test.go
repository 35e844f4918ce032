package myia_test

import (
	"testing"

	"github.com/myia/myia/ad"
	"github.com/myia/myia/ir"
	"github.com/myia/myia/stdlib"
)

// Every primitive has a backpropagator in stdlib/adjoints.py, or is one
// whose backpropagator the ad package generates.
func TestEveryPrimHasRule(t *testing.T) {
	// bprop_<p>(x1..xn, out, dout) for a primitive of arity n.
	checkRules(t, ad.RulesFrom, "stdlib/adjoints.py", "bprop_", func(n int) int { return n + 2 }, "arguments, out, dout")
}

// Every primitive has a tangent rule in stdlib/tangents.py, or is one
// whose tangent the ad package generates (forward mode).
func TestEveryPrimHasTangent(t *testing.T) {
	// jvp_<p>(x1..xn, out, dx1..dxn) for a primitive of arity n.
	checkRules(t, ad.TangentsFrom, "stdlib/tangents.py", "jvp_", func(n int) int { return 2*n + 1 }, "arguments, out, tangents")
}

// checkRules checks that from finds a rule for every primitive it does
// not generate, and that each takes params(arity) parameters.
func checkRules(t *testing.T, from func(map[string]*ir.Graph) (*ad.Rules, []string), file, prefix string, params func(int) int, form string) {
	t.Helper()
	m := ir.NewModule()
	funcs, err := stdlib.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	rules, missing := from(funcs)
	if len(missing) > 0 {
		t.Errorf("primitives without a rule in %s: %v", file, missing)
	}
	for p := ir.Prim(1); p < ir.NumPrims; p++ {
		r := rules[p]
		if r == nil {
			continue
		}
		if ar := p.Info().Arity; ar >= 0 && len(r.Params) != params(ar) {
			t.Errorf("%s%s takes %d parameters, want %d (%s)", prefix, p, len(r.Params), params(ar), form)
		}
	}
}
