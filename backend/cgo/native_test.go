package cgo_test

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/myia/myia"
	"github.com/myia/myia/backend/cgo"
	"github.com/myia/myia/backend/llvm"
	"github.com/myia/myia/ir"
)

// nativeCase is a program whose main() both native backends compile:
// what it prints, and the run-time error it ends with ("LINE:COL: MSG",
// or "" for none). The expected text is CPython's (the corpus, which
// cannot end with an error, covers the rest: tests/corpus).
type nativeCase struct {
	name, src, out, err string
}

var nativeCases = []nativeCase{
	{"range_index", `
def at(r, i):
    return r[i]


def main():
    r = range(1, 10, 4)
    print(at(r, -3), at(r, 2))
    print(at(r, -4))
`, "1 9\n", "3:12: range object index out of range"},
	{"range_index_past_end", `
def at(r, i):
    return r[i]


def main():
    for k in range(4):
        print(at(range(k), 2))
`, "", "3:12: range object index out of range"},
	{"range_step_zero", `
def main():
    for k in range(3):
        print(range(0, 5, 2 - k))
`, "range(0, 5, 2)\nrange(0, 5)\n", "4:15: range() arg 3 must not be zero"},
	{"range_slice_step_zero", `
def main():
    for k in range(3):
        print(range(9)[1:5:1 - k])
`, "range(1, 5)\n", "4:15: slice step cannot be zero"},
	{"range_huge", `
def main():
    x = 0
    for k in range(3):
        x = x + k
    r = range(-9223372036854775807 + x - 4, 9223372036854775807)
    print(r[-1], r[0], r[9223372036854775807], -5 in r, bool(r), 9223372036854775806 in r)
    print(range(-9223372036854775807, 9223372036854775807, 3)[x:-1], 9223372036854775805 in range(-9223372036854775807, 9223372036854775807, 3))
    print(len(r))
`, "9223372036854775806 -9223372036854775808 -1 True True True\nrange(-9223372036854775798, 9223372036854775805, 3) True\n",
		"9:11: Python int too large to convert to C ssize_t"},
	{"range_slice_overflow", `
def main():
    x = 0
    for k in range(3):
        x = x + k
    r = range(0, 9223372036854775807, 4611686018427387904 - x)
    print(r[1:2], r[::-1])
    print(r[1::x - 1])
`, "range(4611686018427387901, 9223372036854775802, 4611686018427387901) range(9223372036854775802, -4611686018427387901, -4611686018427387901)\n",
		"8:11: integer overflow"},
}

// TestNativeRuntime runs each of nativeCases on both backends.
func TestNativeRuntime(t *testing.T) {
	if _, err := cgo.FindCC(""); err != nil {
		t.Skip(err)
	}
	backends := []string{"c"}
	if _, err := llvm.FindTools(""); err == nil {
		backends = append(backends, "llvm")
	}
	cache := t.TempDir()
	for _, c := range nativeCases {
		for _, backend := range backends {
			t.Run(c.name+"/"+backend, func(t *testing.T) {
				p, err := myia.Compile(c.name+".py", []byte(c.src), myia.Config{Verify: true})
				if err != nil {
					t.Fatalf("compile: %v", err)
				}
				var out bytes.Buffer
				nat, err := p.CompileNative(backend, "main", myia.RunOptions{Stdout: &out}, myia.NativeOptions{CacheDir: cache})
				if err != nil {
					t.Fatalf("%s backend: %v", backend, err)
				}
				defer nat.Close()
				_, err = nat.Lib.Call()
				got := ""
				if err != nil {
					var e *ir.Error
					if !errors.As(err, &e) {
						t.Fatalf("an error without a position: %v", err)
					}
					got = fmt.Sprintf("%d:%d: %s", e.Pos.Line, e.Pos.Col, e.Msg)
				}
				if out.String() != c.out || got != c.err {
					t.Errorf("main() printed\n%s(error %q)\nwant\n%s(error %q)", out.String(), got, c.out, c.err)
				}
			})
		}
	}
}
