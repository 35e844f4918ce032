package opt_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/myia/myia"
	"github.com/myia/myia/ir"
	"github.com/myia/myia/opt"
	"github.com/myia/myia/vm"
)

// TestBisect is a debugging aid, not a test: with MYIA_BISECT=FILE.py
// it runs main() of FILE on the VM before optimizing and again after
// every pass, stops at the first pass after which it prints something
// else, and writes the IR before and after that pass to
// $TMPDIR/opt-before.txt and opt-after.txt.
//
//	MYIA_BISECT=$PWD/prog.py go test ./opt -run TestBisect
func TestBisect(t *testing.T) {
	file := os.Getenv("MYIA_BISECT")
	if file == "" {
		t.Skip("set MYIA_BISECT=FILE.py to bisect a miscompilation")
	}
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	p, err := myia.Compile(file, src, myia.Config{Until: "grad"})
	if err != nil {
		t.Fatal(err)
	}
	run := func() string {
		var out bytes.Buffer
		machine := vm.New(p.Module, vm.Options{Stdout: &out, AD: p.AD})
		if _, err := machine.Call(p.Func("main"), nil); err != nil {
			out.WriteString("ERROR: " + err.Error())
		}
		return out.String()
	}
	want := run()
	var prev bytes.Buffer
	dump(&prev, p)
	done := false
	opt.Optimize(p.Module, p.Funcs, opt.Options{Level: 2, Verify: true, Observe: func(pass string, round int) {
		if done {
			return
		}
		var cur bytes.Buffer
		dump(&cur, p)
		if got := run(); got != want {
			done = true
			dir := os.TempDir()
			os.WriteFile(dir+"/opt-before.txt", prev.Bytes(), 0o644)
			os.WriteFile(dir+"/opt-after.txt", cur.Bytes(), 0o644)
			t.Errorf("after %s (round %d) main() prints\n%s\nwant\n%s\n(IR in %s/opt-before.txt and opt-after.txt)", pass, round, got, want, dir)
		}
		prev = cur
	}})
}

// dump prints the user's functions and every graph they reach.
func dump(b *bytes.Buffer, p *myia.Program) {
	seen := map[*ir.Graph]bool{}
	for _, g := range p.Funcs {
		for _, h := range ir.Reach(g, func(*ir.Graph) bool { return true }) {
			if !seen[h] {
				seen[h] = true
				ir.Fprint(b, h)
			}
		}
	}
}
