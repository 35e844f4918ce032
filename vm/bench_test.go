package vm

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// On the development machine (2 vCPUs, AMD EPYC, shared), best of
// several runs, against CPython 3.11.7 running the same programs:
//
//	BenchmarkFib27       ~10 ms   CPython ~23 ms
//	BenchmarkWhile10M    ~75 ms   CPython ~430 ms
//	corpus bench_closure ~83 ms   CPython ~227 ms
//	corpus bench_fib     ~11 ms   CPython ~31 ms
//	corpus bench_while  ~139 ms   CPython ~768 ms

// BenchmarkFib27 runs recursive fib(27) (196418), hand-built in the
// frontend's shape: the if's branches are graphs nested in fib.
func BenchmarkFib27(b *testing.B) {
	bl, fib := fibModule()
	vm := New(bl.m, Options{})
	for i := 0; i < b.N; i++ {
		v, err := vm.Call(fib, []Value{Int(27)})
		if err != nil || v.AsInt() != 196418 {
			b.Fatalf("fib(27) = %v, %v", v, err)
		}
	}
}

// BenchmarkWhile10M runs `i = 0; s = 0.0; while i < 10000000: s += 1.5;
// i += 1` in the frontend's loop shape.
func BenchmarkWhile10M(b *testing.B) {
	bl, main := whileModule(10000000)
	vm := New(bl.m, Options{})
	for i := 0; i < b.N; i++ {
		v, err := vm.Call(main, nil)
		if err != nil || v.AsFloat() != 15000000 {
			b.Fatalf("while = %v, %v", v, err)
		}
	}
}

// BenchmarkCorpus runs main() of each benchmark program of the shared
// corpus (tests/corpus/bench_*.py), built by the frontend.
func BenchmarkCorpus(b *testing.B) {
	files, _ := filepath.Glob("../tests/corpus/bench_*.py")
	if len(files) == 0 {
		b.Skip("no corpus (run from the vm directory)")
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(strings.TrimSuffix(filepath.Base(file), ".py"), func(b *testing.B) {
			p := compilePy(b, string(src), Options{})
			for i := 0; i < b.N; i++ {
				if _, err := p.call(b, "main"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
