package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// runCLI runs the command line in-process and returns what it printed and
// its exit status.
func runCLI(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = Main(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), code
}

// write writes a program to a temporary file and returns its path.
func write(t *testing.T, name, src string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

const prog = `def f(a, b, t):
    return (a + b, t[0] * 2, None)


def g(n, x):
    print("g", n)
    return n * x


def g_inputs():
    print("inputs")
    return (3, 2.5)


def main():
    print("hello", 1 + 1)
`

func TestRunMain(t *testing.T) {
	file := write(t, "prog.py", prog)
	out, errOut, code := runCLI(t, "", "run", file)
	if code != 0 || out != "hello 2\n" || errOut != "" {
		t.Errorf("run prog.py = %q, %q, status %d; want \"hello 2\\n\", \"\", 0", out, errOut, code)
	}
}

func TestRunArgs(t *testing.T) {
	file := write(t, "prog.py", prog)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--json"}, "[3.5, 6, null]\n"},
		{nil, "(3.5, 6, None)\n"},
	} {
		args := append([]string{"run", file, "--entry", "f", "--args", "[1, 2.5, [3, 4]]"}, tc.args...)
		out, errOut, code := runCLI(t, "", args...)
		if code != 0 || out != tc.want {
			t.Errorf("myia %s = %q (stderr %q), status %d; want %q", strings.Join(args, " "), out, errOut, code, tc.want)
		}
	}
	// A main that returns None prints nothing more with --json than null.
	out, _, code := runCLI(t, "", "run", file, "--json")
	if code != 0 || out != "hello 2\nnull\n" {
		t.Errorf("run --json = %q, status %d; want \"hello 2\\nnull\\n\"", out, code)
	}
	// Bad JSON is a usage error.
	_, errOut, code := runCLI(t, "", "run", file, "--entry", "f", "--args", "[1,")
	if code != 1 || !strings.Contains(errOut, "--args") {
		t.Errorf("run --args '[1,' = status %d, stderr %q; want 1 and a message about --args", code, errOut)
	}
}

func TestRunInputs(t *testing.T) {
	file := write(t, "prog.py", prog)
	out, errOut, code := runCLI(t, "", "run", file, "--entry", "g")
	if want := "inputs\ng 3\n7.5\n"; code != 0 || out != want {
		t.Errorf("run --entry g = %q (stderr %q), status %d; want %q", out, errOut, code, want)
	}
	// Without g_inputs, the message says how to pass arguments.
	_, errOut, code = runCLI(t, "", "run", file, "--entry", "f")
	if code != 1 || !strings.Contains(errOut, "f_inputs") {
		t.Errorf("run --entry f = status %d, stderr %q; want 1 and a hint about f_inputs", code, errOut)
	}
}

func TestRunBench(t *testing.T) {
	file := write(t, "prog.py", prog)
	out, errOut, code := runCLI(t, "", "run", file, "--entry", "g", "--bench", "5")
	if code != 0 {
		t.Fatalf("run --bench: status %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	last := lines[len(lines)-1]
	if !regexp.MustCompile(`^bench: compile_ms=\d+\.\d+ median_us=\d+\.\d+ runs=5$`).MatchString(last) {
		t.Errorf("last line of run --bench = %q, want bench: compile_ms=X median_us=Y runs=5", last)
	}
	// The inputs and the warm-up print once; the timed runs print nothing.
	if got := strings.Join(lines[:len(lines)-1], "\n"); got != "inputs\ng 3\n7.5" {
		t.Errorf("output before the bench line = %q, want the inputs' and one run's prints and the result", got)
	}
}

func TestRunErrors(t *testing.T) {
	file := write(t, "bad.py", "def main():\n    return undefined_name + 1\n")
	out, errOut, code := runCLI(t, "", "run", file)
	if code != 1 || out != "" {
		t.Errorf("run bad.py: status %d, stdout %q; want 1 and nothing", code, out)
	}
	want := file + ":2:12: error: "
	if !strings.Contains(errOut, want) || !strings.Contains(errOut, "        return undefined_name + 1\n               ^\n") {
		t.Errorf("run bad.py: stderr\n%s\nwant %q with the line and a caret", errOut, want)
	}
	_, errOut, code = runCLI(t, "", "run", filepath.Join(t.TempDir(), "missing.py"))
	if code != 1 || !strings.Contains(errOut, "missing.py") {
		t.Errorf("run missing.py: status %d, stderr %q", code, errOut)
	}
	file = write(t, "prog.py", prog)
	_, errOut, code = runCLI(t, "", "run", file, "--entry", "nope")
	if code != 1 || !strings.Contains(errOut, "no function nope") {
		t.Errorf("run --entry nope: status %d, stderr %q", code, errOut)
	}
}

func TestCheck(t *testing.T) {
	good := write(t, "good.py", prog)
	out, errOut, code := runCLI(t, "", "check", good)
	if code != 0 || out != "" || errOut != "" {
		t.Errorf("check good.py = %q, %q, status %d; want nothing and 0", out, errOut, code)
	}
	bad := write(t, "bad.py", "def main():\n    x = 1\n    global y\n    return z\n")
	_, errOut, code = runCLI(t, "", "check", bad)
	if code != 1 {
		t.Errorf("check bad.py: status %d, want 1", code)
	}
	for _, want := range []string{bad + ":3:5: error: ", "        global y\n        ^\n", bad + ":4:12: error: "} {
		if !strings.Contains(errOut, want) {
			t.Errorf("check bad.py: stderr\n%s\nwant it to contain %q", errOut, want)
		}
	}
}

func TestIR(t *testing.T) {
	file := write(t, "prog.py", prog)
	out, errOut, code := runCLI(t, "", "ir", file, "--fn", "g", "--stage", "build")
	if code != 0 || !strings.HasPrefix(out, "graph g(n, x) @5:1 {\n") {
		t.Errorf("ir --fn g = %q (stderr %q), status %d; want graph g(n, x) @5:1 {...", out, errOut, code)
	}
	all, _, code := runCLI(t, "", "ir", file)
	if code != 0 || !strings.Contains(all, "graph f(") || !strings.Contains(all, "graph main(") {
		t.Errorf("ir without --fn = %q, status %d; want every function", all, code)
	}
	dot, errOut, code := runCLI(t, "", "ir", file, "--fn", "g", "--format", "dot")
	if code != 0 || !strings.HasPrefix(dot, "digraph \"g\" {") || !strings.Contains(dot, "subgraph cluster_0 {") || !strings.Contains(dot, "label=\"graph g(n, x) @5:1\"") {
		t.Errorf("ir --format dot = %q (stderr %q), status %d", dot, errOut, code)
	}
	_, errOut, code = runCLI(t, "", "ir", file, "--stage", "nope")
	if code != 1 || !strings.Contains(errOut, "build") {
		t.Errorf("ir --stage nope: status %d, stderr %q; want 1 and the list of stages", code, errOut)
	}
	_, errOut, code = runCLI(t, "", "ir", file, "--fn", "nope")
	if code != 1 || !strings.Contains(errOut, "no function nope") {
		t.Errorf("ir --fn nope: status %d, stderr %q", code, errOut)
	}
	svg, errOut, code := runCLI(t, "", "ir", file, "--fn", "g", "--format", "svg")
	if _, err := exec.LookPath("dot"); err != nil {
		if code != 1 || !strings.Contains(errOut, "graphviz") {
			t.Errorf("ir --format svg without dot: status %d, stderr %q; want 1 and a word about graphviz", code, errOut)
		}
	} else if code != 0 || !strings.Contains(svg, "<svg") {
		t.Errorf("ir --format svg: status %d, stderr %q, output starts %.80q", code, errOut, svg)
	}
}

// TestIRHTML checks the pass view of `myia ir --html`: a column per pass
// that changed the IR, the untyped optimizer's then the typed one's, each
// with the IR of the function after it; the gradient of a loop loses its
// closures on the way (the reverse pass records a tape instead: of s,
// which the backward step of sin(s) reads; i it computes from its index).
func TestIRHTML(t *testing.T) {
	file := write(t, "loop.py", `import math
from myia import grad

def f(x):
    s = 0.0
    for i in range(10):
        s = math.sin(s) + x * i
    return s

def g(x):
    return grad(f)(x)
`)
	page := filepath.Join(t.TempDir(), "g.html")
	// Reverse mode (grad of one float is forward mode by default): the
	// loop's tape is what the typed passes make.
	_, errOut, code := runCLI(t, "", "ir", file, "--fn", "g", "--sig", "float", "--html", page, "--reverse-grad")
	if code != 0 {
		t.Fatalf("ir --html: status %d, stderr %q", code, errOut)
	}
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	cols := regexp.MustCompile(`<th onclick="fold\((\d+)\)" id="h\d+">([^<]*)<br>(\d+) nodes</th>`).FindAllStringSubmatch(string(b), -1)
	var titles []string
	for _, c := range cols {
		titles = append(titles, c[2])
	}
	has := func(prefix string) bool {
		for _, s := range titles {
			if strings.HasPrefix(s, prefix) {
				return true
			}
		}
		return false
	}
	for _, want := range []string{"start", "inline", "typed: start", "typed: reverse"} {
		if !has(want) {
			t.Errorf("no column %q among %q", want, titles)
		}
	}
	tds := regexp.MustCompile(`(?s)<td id="c\d+"><pre>(.*?)</pre></td>`).FindAllStringSubmatch(string(b), -1)
	if len(tds) != len(cols) || len(tds) < 2 {
		t.Fatalf("%d columns of IR for %d titles", len(tds), len(cols))
	}
	first, last := tds[0][1], tds[len(tds)-1][1]
	if !strings.Contains(first, "bprop_") || strings.Contains(first, "list_push") {
		t.Errorf("the first column is not the gradient as the J transform makes it: %.300s", first)
	}
	if !strings.Contains(last, "list_push") || !strings.Contains(last, "reversed") {
		t.Errorf("the last column does not record a tape: %.2000s", last)
	}
}

func TestRepl(t *testing.T) {
	in := `def sq(x):
    return x * x

sq(3) + 1
print("hi", sq(2))
undefined_thing
def broken(x):
    return x +

N = 4
M = sq(N) + 1
(N, M)
for i in range(2):
    print(i)

:ir sq
def sq(x):
    return x * x * x

sq(2)
broken(1)
:quit
sq(100)
`
	out, errOut, code := runCLI(t, in, "repl")
	if code != 0 {
		t.Fatalf("repl: status %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"10\nhi 4\n", "(4, 17)\n0\n1\ngraph sq(x)", "}\n8\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("repl stdout\n%s\nwant it to contain %q", out, want)
		}
	}
	if strings.Contains(out, "1000000") || strings.Contains(out, ">>>") {
		t.Errorf("repl stdout\n%s\nhas a prompt, or went on after :quit", out)
	}
	for _, want := range []string{"undefined_thing", "broken"} {
		if !strings.Contains(errOut, want) || !strings.Contains(errOut, "error:") {
			t.Errorf("repl stderr\n%s\nwant an error about %s", errOut, want)
		}
	}
}

// TestReplKeepsArrays: a value that is not a top-level constant (an
// array) is kept by name for later inputs; a function value is refused.
func TestReplKeepsArrays(t *testing.T) {
	in := `import numpy as np
x = np.arange(6).reshape(2, 3)
x.T @ x
y = x * 2.0
np.sum(y, axis=1)
for r in x:
    print(r.sum())

f = lambda t: t + 1
x = 5
x + 1
`
	out, errOut, code := runCLI(t, in, "repl")
	if code != 0 {
		t.Fatalf("repl: status %d, stderr %q", code, errOut)
	}
	want := "array([[ 9, 12, 15],\n       [12, 17, 22],\n       [15, 22, 29]])\narray([ 6., 24.])\n3\n12\n6\n"
	if out != want {
		t.Errorf("repl stdout\n%s\nwant\n%s", out, want)
	}
	if !strings.Contains(errOut, "assignment to f") {
		t.Errorf("repl stderr\n%s\nwant an error about f", errOut)
	}
}

func TestVersion(t *testing.T) {
	out, _, code := runCLI(t, "", "version")
	if code != 0 || !strings.HasPrefix(out, "myia ") {
		t.Errorf("version = %q, status %d", out, code)
	}
}

func TestHelp(t *testing.T) {
	cmds := []*cobra.Command{newRoot()}
	cmds = append(cmds, newRoot().Commands()...)
	for _, c := range cmds {
		args := []string{"--help"}
		if c.Name() != "myia" {
			args = []string{c.Name(), "--help"}
		}
		out, _, code := runCLI(t, "", args...)
		if code != 0 || !strings.Contains(out, "Example") {
			t.Errorf("myia %s = status %d, output %q; want an Example", strings.Join(args, " "), code, out)
		}
	}
}

func TestPanicIsInternalError(t *testing.T) {
	cmd := newRunCmd()
	var errOut bytes.Buffer
	cmd.SetErr(&errOut)
	err := guard(cmd, func() error { panic("boom") })
	if e, ok := err.(exitError); !ok || e != 2 {
		t.Errorf("guard(panic) = %v, want exit status 2", err)
	}
	if !strings.Contains(errOut.String(), "internal compiler error") || !strings.Contains(errOut.String(), "boom") {
		t.Errorf("guard(panic) printed %q", errOut.String())
	}
}

func TestUsageError(t *testing.T) {
	_, errOut, code := runCLI(t, "", "run")
	if code != 1 || !strings.Contains(errOut, "arg") {
		t.Errorf("run without a file: status %d, stderr %q", code, errOut)
	}
	_, _, code = runCLI(t, "", "frobnicate")
	if code != 1 {
		t.Errorf("unknown command: status %d, want 1", code)
	}
}
