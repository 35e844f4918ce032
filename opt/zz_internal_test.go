package opt

import (
	"fmt"
	"os"
	"testing"

	"github.com/myia/myia/ir"
)

var ZZHook func() (*ir.Module, []*ir.Graph, Differentiator)

func TestZZInternal(t *testing.T) {
	if ZZHook == nil || os.Getenv("MYIA_ZZ") == "" {
		t.Skip()
	}
	m, roots, ad := ZZHook()
	Optimize(m, roots, Options{Level: 2, AD: ad})
	u := NewUnit(m, roots)
	an := u.analysis()
	for _, g := range an.graphs {
		fmt.Printf("%s: uses=%d escapes=%v value=%v impure=%v rec=%v prot=%v ext=%v size=%d\n", g.Name, len(an.uses[g]), an.escapes[g], an.valueUse[g], an.impure[g], an.rec[g], an.holdsProtected[g], u.external(g), an.familySize(g))
	}
}
