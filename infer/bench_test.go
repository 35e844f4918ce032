package infer_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/myia/myia"
	"github.com/myia/myia/infer"
)

// program1000 generates a program of about 1,000 lines: many small
// functions with branches, loops, closures, tuples and calls of each
// other, called from main with ints and floats (after the generator of
// ../bench_test.go).
func program1000() []byte {
	var b strings.Builder
	n := 0
	for lines := 0; lines < 980; n++ {
		fmt.Fprintf(&b, `def f%d(x, y):
    a = x + %d
    if a > y:
        b = a - y
    elif a == y:
        b = 0
    else:
        b = y - a
    for k in range(3):
        b += k
    while b > 100:
        b = b // 2
    def inner(z):
        return z * a + b
    t = (inner(x), b)
    return t[0] + t[1] + (f%d(y, x) if x > 1000000 else 0)


`, n, n, max(n-1, 0))
		lines += 18
	}
	b.WriteString("def main():\n    s = 0\n    u = 0.0\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "    s += f%d(s, %d)\n", i, i)
		if i%5 == 0 {
			fmt.Fprintf(&b, "    u += f%d(u, 0.5)\n", i)
		}
	}
	b.WriteString("    print(s, u)\n")
	return []byte(b.String())
}

func TestProgram1000(t *testing.T) {
	src := program1000()
	if n := strings.Count(string(src), "\n"); n < 1000 || n > 1200 {
		t.Fatalf("generated %d lines, want about 1000", n)
	}
	p := compile(t, "gen.py", src)
	r, err := inferMain(p)
	if err != nil {
		t.Fatalf("infer:\n%s", p.Module.Sources.Format(err))
	}
	t.Logf("%d function specialisations, %d blocks", r.Specialisations, r.Blocks)
}

// BenchmarkInfer1000 infers a 1,000-line program (target: under 200 ms).
// Each iteration compiles it first (not timed): inference edits the
// module.
func BenchmarkInfer1000(b *testing.B) {
	src := program1000()
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		p, err := myia.Compile("gen.py", src, myia.Config{Until: "grad"})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if _, err := infer.Infer(p.Module, p.Func("main"), nil, infer.Options{AD: p.AD}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkInferCorpus infers every corpus program (both corpora).
func BenchmarkInferCorpus(b *testing.B) {
	files, _ := filepath.Glob("../tests/corpus/*.py")
	ad, _ := filepath.Glob("../tests/corpus/ad/*.py")
	files = append(files, ad...)
	var srcs [][]byte
	for _, f := range files {
		src, _ := os.ReadFile(f)
		srcs = append(srcs, src)
	}
	for b.Loop() {
		for i, src := range srcs {
			b.StopTimer()
			p, err := myia.Compile(files[i], src, myia.Config{Until: "grad"})
			if err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			if _, err := infer.Infer(p.Module, p.Func("main"), nil, infer.Options{AD: p.AD}); err != nil {
				b.Fatal(err)
			}
		}
	}
}
