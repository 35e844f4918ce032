package llvm

import (
	"testing"

	"github.com/myia/myia/ir"
)

// refused are the primitives the LLVM backend does not lower yet: list
// and range literals and setting a tuple item (J, gadd, fix_sens... are
// lowered in prims_ad.go, environments in prims_env.go). A new primitive
// must be added to lowerings or here.
var refused = map[ir.Prim]bool{
	ir.Return: true, ir.Switch: false, ir.Depend: true, // handled by the code generator
	ir.MakeList: true, ir.MakeRange: true,
	ir.TupleSetItem: true,
}

func TestLoweringsCovered(t *testing.T) {
	for p := ir.Prim(1); p < ir.NumPrims; p++ {
		if _, ok := lowerings[p]; ok || refused[p] {
			continue
		}
		if p >= ir.MakeSlice { // arrays: refused for now
			continue
		}
		t.Errorf("primitive %s: neither lowered nor listed as refused", p)
	}
}
