package tests

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/myia/myia"
)

var cpythonBench = flag.Bool("cpython-bench", false, "also run the corpus's bench_*.py files under CPython")

// corpus lists the corpus programs: every corpus/*.py has a main() and a
// .out file with what main() prints. Files named bench_*.py are
// benchmarks; they run on the VM in every test (they must stay under a few
// seconds there) and under CPython only with -cpython-bench.
func corpus(t *testing.T) []string {
	files, err := filepath.Glob("corpus/*.py")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Skip("no corpus/*.py yet")
	}
	return files
}

func isBench(file string) bool { return strings.HasPrefix(filepath.Base(file), "bench_") }

func readOut(t *testing.T, file string) string {
	t.Helper()
	want, err := os.ReadFile(strings.TrimSuffix(file, ".py") + ".out")
	if err != nil {
		t.Fatalf("%s has no expected output: %v", file, err)
	}
	return string(want)
}

// TestCorpus runs main() of every corpus program on the VM and compares
// what it prints with the .out file.
func TestCorpus(t *testing.T) {
	for _, file := range corpus(t) {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".py"), func(t *testing.T) {
			t.Parallel()
			want := readOut(t, file)
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			p, err := myia.Compile(file, src, myia.Config{Verify: true})
			failInternal(t, err)
			if err != nil {
				t.Fatalf("compile:\n%s", p.Module.Sources.Format(err))
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
				t.Errorf("%s: output differs from %s.out (-want +got):\n%s", file, strings.TrimSuffix(filepath.Base(file), ".py"), cmp.Diff(want, got))
			}
		})
	}
}

// TestCorpusCPython runs every corpus program with CPython and the
// reference myia module (../python), so that the .out files stay what
// Python prints. Where myia differs from CPython on purpose (LANGUAGE.md:
// an int and a float join to a float), NAME.cpython.out holds what
// CPython prints, and the .out file must differ from it.
func TestCorpusCPython(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not found")
	}
	pypath, err := filepath.Abs("../python")
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range corpus(t) {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".py"), func(t *testing.T) {
			if isBench(file) && !*cpythonBench {
				t.Skip("benchmark: run with -cpython-bench")
			}
			t.Parallel()
			want := readOut(t, file)
			if py, err := os.ReadFile(strings.TrimSuffix(file, ".py") + ".cpython.out"); err == nil {
				if string(py) == want {
					t.Errorf("%s: the .cpython.out file is the .out file: remove it", file)
				}
				want = string(py)
			}
			got, err := runCPython(python, pypath, file)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("%s: CPython's output differs from the .out file (-want +got):\n%s", file, cmp.Diff(want, got))
			}
		})
	}
}
