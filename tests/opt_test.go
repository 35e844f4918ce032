package tests

// The optimizer's end-to-end checks: every corpus program prints at -O2
// what its .out file says (exactly for corpus/*.py, within the file's
// tolerance for corpus/ad/*.py), every gradient of the AD corpus agrees
// with finite differences at -O2, with the verifier after every
// optimization pass; the golden files of testdata/opt/O2/*.txtar show
// the optimized IR; TestNodeCounts prints the table of
// docs/performance.md.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/myia/myia"
	"github.com/myia/myia/ir"
	"github.com/myia/myia/opt"
	"github.com/myia/myia/vm"
	"golang.org/x/tools/txtar"
)

// optLevel is the level the tests of this file compile at.
const optLevel = 2

func compileO2(file string, src []byte, cfg myia.Config) (*myia.Program, error) {
	cfg.Verify, cfg.Opt = true, optLevel
	p, err := myia.Compile(file, src, cfg)
	if err != nil {
		return p, fmt.Errorf("compile -O%d:\n%s", optLevel, adDescribe(p, err))
	}
	return p, nil
}

// compileO2WithTimeout compiles within adRunTimeout, so that an
// optimizer that does not end fails its test rather than hang them all.
func compileO2WithTimeout(file string, src []byte, cfg myia.Config) (p *myia.Program, err error) {
	err = adWithTimeout(adRunTimeout, func() error {
		var err error
		p, err = compileO2(file, src, cfg)
		return err
	})
	if errors.Is(err, errADTimeout) {
		return nil, fmt.Errorf("compile -O%d: %v", optLevel, err)
	}
	return p, err
}

// TestCorpusO2 runs main() of every corpus program at -O2.
func TestCorpusO2(t *testing.T) {
	for _, file := range corpus(t) {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".py"), func(t *testing.T) {
			t.Parallel()
			want := readOut(t, file)
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			p, err := compileO2WithTimeout(file, src, myia.Config{})
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			err = myia.Protect("vm", func() error {
				_, err := p.Run("main", nil, myia.RunOptions{Stdout: &out})
				return err
			})
			failInternal(t, err)
			if err != nil {
				t.Errorf("run:\n%s", p.Module.Sources.Format(err))
			}
			if got := out.String(); got != want {
				t.Errorf("%s at -O2: output differs from %s.out (-want +got):\n%s", file, strings.TrimSuffix(filepath.Base(file), ".py"), cmp.Diff(want, got))
			}
		})
	}
}

// TestADCorpusO2 is TestADCorpus at -O2.
func TestADCorpusO2(t *testing.T) { eachADProgram(t, checkADOutputO2) }

// TestADCorpusReverse is TestADCorpusO2 with every grad and
// value_and_grad in reverse mode (Config.ReverseGrad): by default, those
// of one float argument are forward mode, so this is where the corpus
// checks the J transform's code for them.
func TestADCorpusReverse(t *testing.T) {
	eachADProgram(t, func(af *adFile, want string) error { return checkADOutputAt(af, want, optLevel, true) })
}

func checkADOutputO2(af *adFile, want string) error {
	return checkADOutputAt(af, want, optLevel, false)
}

// checkADOutputAt runs af's main at -O level, in reverse mode only if
// reverse, and compares its output with want.
func checkADOutputAt(af *adFile, want string, level int, reverse bool) error {
	var p *myia.Program
	err := adWithTimeout(adRunTimeout, func() error {
		var err error
		p, err = myia.Compile(af.path, af.src, myia.Config{Verify: true, Opt: level, ReverseGrad: reverse})
		if err != nil {
			return fmt.Errorf("compile -O%d (reverse %v):\n%s", level, reverse, adDescribe(p, err))
		}
		return nil
	})
	if err != nil {
		return err
	}
	var out bytes.Buffer
	err = adWithTimeout(adRunTimeout, func() error {
		return myia.Protect("vm", func() error {
			_, err := p.Run("main", nil, myia.RunOptions{Stdout: &out})
			return err
		})
	})
	if err != nil {
		return fmt.Errorf("run -O%d:\n%s\noutput before the error:\n%s", level, adDescribe(p, err), out.String())
	}
	if msg := adCompareOutput(want, out.String(), af.tol); msg != "" {
		return fmt.Errorf("%s at -O%d: output differs from %s.out: %s\n--- want\n%s--- got\n%s", af.path, level, af.name, msg, want, out.String())
	}
	return nil
}

// TestADFiniteDifferencesO2 is TestADFiniteDifferences at -O2.
func TestADFiniteDifferencesO2(t *testing.T) { eachFDProgram(t, compileO2WithTimeout) }

// TestGoldenO2 checks the golden files of testdata/opt/O2 (a directory
// of its own: TestGolden compiles testdata/*/*.txtar at -O0): txtar
// archives whose in.py is compiled at -O2, with sections
//
//	run              the stdout of main()
//	ir/STAGE/FN      ir.Fprint of FN after pass STAGE
//	nodes/FN         the most applies (return nodes not counted) FN and
//	                 the graphs nested in it may have after opt
//
// -update rewrites the run and ir sections.
func TestGoldenO2(t *testing.T) {
	files, err := filepath.Glob("testdata/opt/O2/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no golden files in testdata/opt/O2")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			t.Parallel()
			runGoldenO2(t, file)
		})
	}
}

func runGoldenO2(t *testing.T, file string) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if len(bytes.TrimSpace(ar.Comment)) == 0 {
		t.Errorf("%s: the archive comment must say what the case is about", file)
	}
	var src []byte
	for _, f := range ar.Files {
		if f.Name == "in.py" {
			src = f.Data
		}
	}
	if src == nil {
		t.Fatalf("%s: no in.py", file)
	}
	got := map[string]string{}
	reverse := goldenFlags(t, ar)
	p, err := myia.Compile("in.py", src, myia.Config{Verify: true, Opt: optLevel, ReverseGrad: reverse})
	if err != nil {
		t.Fatalf("compile -O%d:\n%s", optLevel, adDescribe(p, err))
	}
	for _, f := range ar.Files {
		parts := strings.Split(f.Name, "/")
		switch {
		case f.Name == "in.py", f.Name == "flags":
		case f.Name == "run":
			var out bytes.Buffer
			err := myia.Protect("vm", func() error {
				_, err := p.Run("main", nil, myia.RunOptions{Stdout: &out})
				return err
			})
			failInternal(t, err)
			if err != nil {
				t.Errorf("run:\n%s", p.Module.Sources.Format(err))
			}
			got[f.Name] = out.String()
		case len(parts) == 3 && parts[0] == "ir":
			q, err := myia.Compile("in.py", src, myia.Config{Verify: true, Opt: optLevel, Until: parts[1], ReverseGrad: reverse})
			failInternal(t, err)
			if err != nil {
				t.Fatalf("compile until %s:\n%s", parts[1], q.Module.Sources.Format(err))
			}
			g := q.Graph(parts[2])
			if g == nil {
				t.Errorf("%s: no function %s", f.Name, parts[2])
				continue
			}
			var b strings.Builder
			ir.Fprint(&b, g)
			got[f.Name] = b.String()
		case len(parts) == 2 && parts[0] == "nodes":
			limit, err := strconv.Atoi(strings.TrimSpace(string(f.Data)))
			if err != nil {
				t.Fatalf("%s: want a number, got %q", f.Name, f.Data)
			}
			g := p.Graph(parts[1])
			if g == nil {
				t.Fatalf("%s: no function %s", f.Name, parts[1])
			}
			if n := familyApplies(g); n > limit {
				var b strings.Builder
				ir.Fprint(&b, g)
				t.Errorf("%s has %d applies after opt, want at most %d:\n%s", parts[1], n, limit, b.String())
			}
		default:
			t.Errorf("%s: unknown section %q", file, f.Name)
		}
	}
	changed := false
	for i, f := range ar.Files {
		g, ok := got[f.Name]
		if !ok || g == string(f.Data) {
			continue
		}
		if *update {
			ar.Files[i].Data = []byte(g)
			changed = true
			continue
		}
		t.Errorf("%s: section %s differs (-want +got):\n%s", file, f.Name, cmp.Diff(string(f.Data), g))
	}
	if changed {
		if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("updated %s", file)
	}
}

// familyApplies counts the applies of g and its nested graphs, return
// nodes excluded.
func familyApplies(g *ir.Graph) int {
	n := 0
	for _, h := range ir.Family(g) {
		n += len(h.Nodes()) - 1
	}
	return n
}

// TestNodeCounts prints, for every program of the AD corpus, the
// number of applies (return nodes included) of the graphs main()
// reaches after the J transform, with the second-order J graphs the
// optimizer makes at compile time (opt's expand pass), and after -O2:
// the table of docs/performance.md (go test ./tests -run TestNodeCounts -v).
func TestNodeCounts(t *testing.T) {
	var b strings.Builder
	b.WriteString("| program | nodes before | nodes after | after / before |\n| --- | --- | --- | --- |\n")
	total := [2]int{}
	for _, file := range adCorpus(t) {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var n [2]int
		for i, passes := range [][]string{{"expand"}, nil} {
			p, err := myia.Compile(file, src, myia.Config{Until: "grad"})
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			roots := []*ir.Graph{p.Func("main")}
			opt.Optimize(p.Module, roots, opt.Options{Level: optLevel, AD: p.AD, Passes: passes})
			n[i] = opt.NewUnit(p.Module, roots).NodeCount()
			total[i] += n[i]
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %.2f |\n", strings.TrimSuffix(filepath.Base(file), ".py"), n[0], n[1], float64(n[1])/float64(n[0]))
	}
	fmt.Fprintf(&b, "| **total** | %d | %d | %.2f |\n", total[0], total[1], float64(total[1])/float64(total[0]))
	t.Log("\n" + b.String())
	// What the table shows must hold: -O2 shrinks the corpus's gradients
	// (by a third when the table was written).
	if total[1] >= total[0]*4/5 {
		t.Errorf("-O2 left %d of %d applies: the optimizer should remove at least a fifth", total[1], total[0])
	}
}

// TestRandomProgramsO2 compiles the random programs of
// TestRandomPrograms at -O0 and -O2 and checks that f and its gradient
// df agree at a few points (the -O0 gradient is checked against finite
// differences by TestRandomPrograms).
func TestRandomProgramsO2(t *testing.T) {
	const programs = 100
	for seed := int64(1); seed <= programs; seed++ {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			t.Parallel()
			r := rand.New(rand.NewSource(seed))
			src := genProgram(r)
			var ps [2]*myia.Program
			for i, level := range []int{0, optLevel} {
				p, err := myia.Compile("random.py", []byte(src), myia.Config{Verify: true, Opt: level})
				if err != nil {
					t.Fatalf("-O%d: %s\nprogram:\n%s", level, adDescribe(p, err), src)
				}
				ps[i] = p
			}
			for k := 0; k < 3; k++ {
				args := []vm.Value{vm.Float(3*r.Float64() - 1.5), vm.Float(3*r.Float64() - 1.5)}
				for _, fn := range []string{"f", "df"} {
					var got [2]string
					for i, p := range ps {
						v, err := p.Run(fn, args, myia.RunOptions{Stdout: io.Discard})
						if err != nil {
							got[i] = "error: " + err.Error()
						} else {
							got[i] = v.Repr()
						}
					}
					if msg := adCompareOutput(got[0], got[1], 1e-9); msg != "" {
						t.Fatalf("%s(%s, %s) = %s at -O0, %s at -O2\nprogram:\n%s", fn, args[0].Repr(), args[1].Repr(), got[0], got[1], src)
					}
				}
			}
		})
	}
}
