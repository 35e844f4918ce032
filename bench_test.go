package myia_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/myia/myia"
)

// program1000 generates a program of about 1,000 lines: many small
// functions with branches, for and while loops, closures and calls.
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
    return inner(x) + (f%d(y, x) if x > 1000000 else 0)


`, n, n, max(n-1, 0))
		lines += 17
	}
	b.WriteString("def main():\n    s = 0\n")
	for i := 0; i < n; i += n / 10 {
		fmt.Fprintf(&b, "    s += f%d(%d, 7)\n", i, i)
	}
	b.WriteString("    print(s)\n")
	return []byte(b.String())
}

func TestProgram1000Compiles(t *testing.T) {
	src := program1000()
	if n := strings.Count(string(src), "\n"); n < 1000 || n > 1100 {
		t.Fatalf("generated %d lines, want about 1000", n)
	}
	p, err := myia.Compile("gen.py", src, myia.Config{Verify: true})
	if err != nil {
		t.Fatalf("compile:\n%s", p.Module.Sources.Format(err))
	}
}

// BenchmarkCompile1000 compiles a 1,000-line program (target: under 50 ms).
// The verify variant also runs the IR verifier after every pass, as the
// tests do: "parse + build + verify" is what the foundation issue times.
func BenchmarkCompile1000(b *testing.B) {
	src := program1000()
	for _, verify := range []bool{false, true} {
		name := "plain"
		if verify {
			name = "verify"
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := myia.Compile("gen.py", src, myia.Config{Verify: verify}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
