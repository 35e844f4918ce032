package tests

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/myia/myia"
)

// TestExamples runs main() of every examples/*.py on the VM at -O2 and
// under CPython (with numpy and the reference myia module, whose
// gradients are finite differences), and compares what they print within
// 1e-6.
func TestExamples(t *testing.T) {
	files, err := filepath.Glob("../examples/*.py")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Skip("no examples")
	}
	npython := pythonWithNumpy()
	pypath, err := filepath.Abs("../python")
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".py"), func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			p, err := myia.Compile(file, src, myia.Config{Opt: 2})
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if _, err := p.Run("main", nil, myia.RunOptions{Stdout: &out}); err != nil {
				t.Fatalf("run: %v\noutput before the error:\n%s", err, out.String())
			}
			if npython == "" {
				t.Skip("no python3 with numpy: the VM ran, CPython did not")
			}
			want, err := runCPython(npython, pypath, file)
			if err != nil {
				t.Fatal(err)
			}
			if msg := adCompareOutput(want, out.String(), 1e-6); msg != "" {
				t.Errorf("the VM and CPython differ: %s\n--- CPython\n%s--- VM\n%s", msg, want, out.String())
			}
		})
	}
}
