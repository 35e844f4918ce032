package ad_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/myia/myia"
	"github.com/myia/myia/ir"
)

// Transforming every function of the corpora, and every closure on its
// own (as run-time J does), and then J of those (second order), gives
// IR that passes the verifier.
func TestTransformVerifies(t *testing.T) {
	var files []string
	for _, dir := range []string{"../tests/corpus", "../tests/corpus/ad"} {
		fs, err := filepath.Glob(filepath.Join(dir, "*.py"))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, fs...)
	}
	if len(files) < 100 {
		t.Fatalf("found %d corpus files, want the corpora", len(files))
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		p, err := myia.Compile(file, src, myia.Config{Until: "grad"})
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		var user []*ir.Graph
		for _, g := range p.Module.Graphs() {
			// Functions and lambdas are what J meets at run time; blocks
			// (branches, loops) are transformed with their function.
			if (g.Kind == ir.KindFunction || g.Kind == ir.KindLambda) && g.Return() != nil {
				user = append(user, g)
			}
		}
		for _, g := range user {
			jg := p.AD.Graph(g)
			if jg.Parent == nil && g.Parent == nil && strings.Contains(file, "/ad/") {
				p.AD.Graph(jg) // second order of the AD corpus' top-level functions
			}
			if g.Parent != nil && len(p.AD.EnvMap(g)) > len(p.Module.FreeVariables(g)) {
				t.Errorf("%s: EnvMap(%s) is longer than its free variables", file, g.Name)
			}
		}
		if err := ir.Verify(p.Module); err != nil {
			t.Errorf("%s: after J: %v", file, err)
		}
	}
}
