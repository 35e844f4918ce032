package frontend

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/myia/myia/ir"
)

// FuzzBuild runs the parser and the builder on any input: neither may
// panic, and whatever builds without an error must pass the verifier.
func FuzzBuild(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	for _, dir := range []string{"../tests/corpus", "../tests/corpus/ad", "../tests/corpus/arrays", "../tests/corpus/arrays/errors", "../tests/errors"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.py"))
		for i, name := range files {
			if i%4 != 0 { // a sample keeps the seed corpus quick
				continue
			}
			if src, err := os.ReadFile(name); err == nil {
				f.Add(src)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := Parse("f.py", src)
		if err != nil {
			return
		}
		m := ir.NewModule()
		if _, err := Build(m, file, BuildOptions{}); err != nil {
			if _, ok := err.(ir.ErrorList); !ok {
				t.Fatalf("Build error %T %v, want an ir.ErrorList", err, err)
			}
			return
		}
		if err := ir.Verify(m); err != nil {
			t.Fatalf("Build made invalid IR: %v\n%s", err, src)
		}
	})
}
