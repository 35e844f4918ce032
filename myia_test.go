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
	m := ir.NewModule()
	funcs, err := stdlib.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	rules, missing := ad.RulesFrom(funcs)
	if len(missing) > 0 {
		t.Errorf("primitives without a rule in stdlib/adjoints.py: %v", missing)
	}
	for p := ir.Prim(1); p < ir.NumPrims; p++ {
		r := rules[p]
		if r == nil {
			continue
		}
		// bprop_<p>(x1..xn, out, dout) for a primitive of arity n.
		if ar := p.Info().Arity; ar >= 0 && len(r.Params) != ar+2 {
			t.Errorf("bprop_%s takes %d parameters, want %d (arguments, out, dout)", p, len(r.Params), ar+2)
		}
	}
}

// Every primitive has a tangent rule in stdlib/tangents.py, or is one
// whose tangent the ad package generates (forward mode).
func TestEveryPrimHasTangent(t *testing.T) {
	m := ir.NewModule()
	funcs, err := stdlib.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	rules, missing := ad.TangentsFrom(funcs)
	if len(missing) > 0 {
		t.Errorf("primitives without a rule in stdlib/tangents.py: %v", missing)
	}
	for p := ir.Prim(1); p < ir.NumPrims; p++ {
		r := rules[p]
		if r == nil {
			continue
		}
		// jvp_<p>(x1..xn, out, dx1..dxn) for a primitive of arity n.
		if ar := p.Info().Arity; ar >= 0 && len(r.Params) != 2*ar+1 {
			t.Errorf("jvp_%s takes %d parameters, want %d (arguments, out, tangents)", p, len(r.Params), 2*ar+1)
		}
	}
}
