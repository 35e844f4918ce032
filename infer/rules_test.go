package infer

import (
	"testing"

	"github.com/myia/myia/ir"
)

// TestRulesComplete: every primitive has a typing rule.
func TestRulesComplete(t *testing.T) {
	for p := ir.Prim(1); p < ir.NumPrims; p++ {
		if rules[p] == nil {
			t.Errorf("primitive %s has no typing rule in infer's table", p)
		}
	}
}
