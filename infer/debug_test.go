package infer_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/myia/myia"
	"github.com/myia/myia/infer"
	"github.com/myia/myia/ir"
	"github.com/myia/myia/vm"
)

// TestDebugRun infers main() of MYIA_INFER_RUN and runs the specialised
// graphs on the VM, printing the typed IR first when MYIA_INFER_IR is set.
func TestDebugRun(t *testing.T) {
	file := os.Getenv("MYIA_INFER_RUN")
	if file == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(file)
	p, err := myia.Compile(file, src, myia.Config{Until: "grad"})
	if err != nil {
		t.Fatal(p.Module.Sources.Format(err))
	}
	r, err := infer.Infer(p.Module, p.Func("main"), nil, infer.Options{AD: p.AD})
	if err != nil {
		t.Fatal(p.Module.Sources.Format(err))
	}
	if os.Getenv("MYIA_INFER_IR") != "" {
		for _, g := range ir.Reach(r.Entry, func(h *ir.Graph) bool { return h.Kind != ir.KindStdlib }) {
			ir.Fprint(os.Stdout, g)
		}
	}
	fmt.Println("specs", r.Specialisations, r.Blocks)
	_, err = vm.New(p.Module, vm.Options{Stdout: os.Stdout, AD: p.AD}).Call(r.Entry, nil)
	if err != nil {
		t.Fatal(p.Module.Sources.Format(err))
	}
}
