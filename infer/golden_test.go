package infer_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/myia/myia/ir"
	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the expected sections of the golden files")

// TestGolden checks the typed IR of testdata/golden/*.txt, txtar
// archives (named .txt, as they were when they lived in tests/testdata/,
// so that the pipeline's golden harness does not read them). Sections:
//
//	in.py    the program
//	infer    ir.Fprint of the specialised main and of every specialised
//	         graph it reaches (not the stdlib's)
//	errors   the diagnostics, as Sources.Format prints them
//
// -update rewrites the expected sections.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/golden/*.txt")
	if len(files) == 0 {
		t.Skip("no golden files")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txt"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var src []byte
			for _, f := range ar.Files {
				if f.Name == "in.py" {
					src = f.Data
				}
			}
			p := compile(t, "in.py", src)
			got := map[string]string{}
			r, err := inferMain(p)
			if err != nil {
				got["errors"] = p.Module.Sources.Format(err)
			} else {
				if err := ir.Verify(p.Module); err != nil {
					t.Fatalf("verify: %v", err)
				}
				var b strings.Builder
				for _, g := range ir.Reach(r.Entry, func(h *ir.Graph) bool { return h.Kind != ir.KindStdlib }) {
					ir.Fprint(&b, g)
				}
				got["infer"] = b.String()
			}
			changed := false
			for i, f := range ar.Files {
				if f.Name == "in.py" {
					continue
				}
				g := got[f.Name]
				if g == string(f.Data) {
					continue
				}
				if *update {
					ar.Files[i].Data = []byte(g)
					changed = true
					continue
				}
				t.Errorf("section %s differs (-want +got):\n%s", f.Name, cmp.Diff(string(f.Data), g))
			}
			if changed {
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}
