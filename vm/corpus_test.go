package vm

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCorpus runs main() of every program of the shared test corpus
// (tests/corpus/*.py, with the output CPython prints in *.out), with
// contification and without: every block then is a closure called
// through the general call paths, which must compute the same. Programs
// where myia joins an int and a float to a float (NAME.cpython.out is
// what CPython prints) are left to tests/: the pipeline's joins pass
// converts them, not the VM.
func TestCorpus(t *testing.T) {
	files, _ := filepath.Glob("../tests/corpus/*.py")
	if len(files) == 0 {
		t.Skip("no corpus")
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".py")
		if strings.HasPrefix(name, "bench_") && testing.Short() {
			continue
		}
		want, err := os.ReadFile(strings.TrimSuffix(file, ".py") + ".out")
		if err != nil {
			continue
		}
		if _, err := os.Stat(strings.TrimSuffix(file, ".py") + ".cpython.out"); err == nil {
			continue
		}
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, contify := range []bool{true, false} {
			if !contify && strings.HasPrefix(name, "bench_") {
				continue
			}
			p := compilePy(t, string(src), Options{})
			p.vm.noContify = !contify
			_, err := p.call(t, "main")
			got := p.out.String()
			if err != nil {
				got += p.m.Sources.Format(err)
			}
			if got != string(want) {
				t.Errorf("%s (contify %v):\n%s\nwant:\n%s", name, contify, got, want)
			}
		}
	}
}
