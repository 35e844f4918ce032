package tests

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/myia/myia"
)

// TestCorpusO1 runs main() of every corpus program at -O1 (inlining and
// the local rules only) with the verifier on, and checks the .out file
// exactly: each optimization level must keep Python's values.
func TestCorpusO1(t *testing.T) {
	for _, file := range corpus(t) {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".py"), func(t *testing.T) {
			if isBench(file) {
				t.Skip("benchmark")
			}
			t.Parallel()
			want := readOut(t, file)
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			p, err := myia.Compile(file, src, myia.Config{Verify: true, Opt: 1})
			if err != nil {
				t.Fatalf("compile -O1: %v", err)
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
				t.Errorf("%s at -O1: output differs (-want +got):\n%s", file, cmp.Diff(want, got))
			}
		})
	}
}

// TestADCorpusO1 is TestADCorpus at -O1: inlining alone, without the
// passes of -O2 that copy graphs, meets other shapes of derivative code
// (tests/corpus/ad/checkpoint_vjp_jacrev.py failed at -O1 only).
func TestADCorpusO1(t *testing.T) {
	eachADProgram(t, func(af *adFile, want string) error { return checkADOutputAt(af, want, 1, false) })
}
