package vm

import (
	"strings"
	"testing"
)

// TestMultiResults checks multi.go: a function that returns a tuple it
// builds returns its elements in slots to the calls that take the tuple
// apart, and the tuple to every other caller: the entry, a call of it as
// a function value, a tail call from a function that returns one value,
// a caller that keeps the tuple, a negative index.
func TestMultiResults(t *testing.T) {
	src := `
def pair(x, n):
    if n == 0:
        return (x, x * 2.0)
    return (x + 1.0, n * 1.0)

def rec(n, acc):
    if n == 0:
        return (acc, -acc)
    return rec(n - 1, acc + n)

def tree(n):
    if n < 2:
        return (1, n)
    a, b = tree(n - 1)
    c, d = tree(n - 2)
    return (a + c, b + d + 1)

def maybe(x, t):
    if x > 0.0:
        return pair(x, 1)
    return t

def main():
    a, b = pair(1.5, 0)
    c = pair(1.5, 3)[-1]
    f = pair
    d = f(2.0, 0)
    t = pair(3.0, 0)
    e = rec(10, 0.5)
    print(a, b, c, d, t, t[1], e[0], e[1])
    print(tree(10), tree(10)[1])
    print(maybe(1.0, (0.0, 0.0)), maybe(-1.0, (7.0, 8.0)))
    return pair(4.0, 0)
`
	p := compilePy(t, src, Options{})
	v, err := p.call(t, "main")
	if err != nil {
		t.Fatal(err)
	}
	want := "1.5 3.0 3.0 (2.0, 4.0) (3.0, 6.0) 6.0 55.5 -55.5\n(89, 143) 143\n(2.0, 1.0) (7.0, 8.0)\n"
	if got := p.out.String(); got != want {
		t.Errorf("printed:\n%s\nwant:\n%s", got, want)
	}
	if v.Repr() != "(4.0, 8.0)" {
		t.Errorf("main() = %s, want (4.0, 8.0): the entry gets the tuple", v.Repr())
	}
	for name, want := range map[string][]string{
		"pair": {"retn"},
		"rec":  {"retn"},
		"tree": {"callm @tree", "retn"},
		"main": {"callm @pair", "callm @rec", "callm @tree"},
	} {
		code, err := p.vm.Disassemble(p.funcs[name])
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range want {
			if !strings.Contains(code, w) {
				t.Errorf("the code of %s has no %q:\n%s", name, w, code)
			}
		}
		if name == "tree" && strings.Contains(code, "tuple(") {
			t.Errorf("tree builds a tuple:\n%s", code)
		}
	}
}
