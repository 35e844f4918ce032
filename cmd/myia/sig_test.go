package main

import (
	"strings"
	"testing"
)

const sigCLIProg = `def f(x, n):
    return x ** n + 1


def g(t: tuple[float, tuple[float, float]]):
    print("ran")
    return t[2]


def k(x, n):
    print(x, n)
    return x * n


def k_inputs():
    return (2, 3)
`

// TestSigCLI runs the entry signature flags: --sig on run, ir and check,
// --entry on check and ir, and the note of check for an entry it cannot
// type.
func TestSigCLI(t *testing.T) {
	file := write(t, "sig.py", sigCLIProg)
	for _, tc := range []struct {
		args           []string
		code           int
		stdout, stderr string // stdout exactly; stderr a substring, or empty
	}{
		{args: []string{"run", file, "--entry", "f", "--args", "[2.0, 3]"}, stdout: "9.0\n"},
		// A type error through the annotations, before anything runs.
		{args: []string{"run", file, "--entry", "g", "--args", "[[1.0, [2.0, 3.0]]]", "--sig", "tuple[float, tuple[float, float]]"}, code: 1,
			stderr: "sig.py:7:12: error: tuple index out of range"},
		{args: []string{"check", file, "--entry", "g"}, code: 1, stderr: "sig.py:7:12: error: tuple index out of range"},
		{args: []string{"check", file, "--entry", "g", "--sig", "tuple[float, tuple[float, float], float]"}},
		{args: []string{"check", file, "--entry", "f"},
			stderr: "sig.py:1:7: note: f is not type-checked: parameter x has no type"},
		{args: []string{"check", file, "--entry", "f", "--sig", "float, int"}},
		{args: []string{"check", file, "--entry", "f", "--sig", "float, tuple[int]"}, code: 1,
			stderr: "unsupported operand types for **: float and tuple"},
		{args: []string{"check", file, "--entry", "nosuch"}, code: 1, stderr: "no function nosuch in"},
		{args: []string{"ir", file, "--fn", "f", "--stage", "infer", "--sig", "float, int"},
			stdout: "graph f[Float64, Int64](x, n) @1:1 {\n  %1 = pow(x, n) : Float64\n  %2 = add(%1, 1) : Float64\n  return %2 : Float64\n}\n"},
		{args: []string{"ir", file, "--fn", "f", "--stage", "infer"}, stdout: "graph f(x, n) @1:1 {\n  %1 = pow(x, n)\n  %2 = add(%1, 1)\n  return %2\n}\n",
			stderr: "note: f is not type-checked"},
		// --sig converts the arguments, from --args or NAME_inputs().
		{args: []string{"run", file, "--entry", "k", "--sig", "float, int"}, stdout: "2.0 3\n6.0\n"},
		{args: []string{"run", file, "--entry", "k", "--args", "[2, 3]", "--sig", "float, float"}, stdout: "2.0 3.0\n6.0\n"},
		{args: []string{"run", file, "--entry", "k", "--args", "[2, [3]]", "--sig", "float, int"}, code: 1,
			stderr: "myia: --sig and the arguments disagree: argument 2 is tuple[int] (3,), --sig says int\n"},
		{args: []string{"run", file, "--entry", "k", "--sig", "float, flot"}, code: 1, stderr: "myia: --sig: "},
	} {
		out, errOut, code := runCLI(t, "", tc.args...)
		okErr := strings.Contains(errOut, tc.stderr) && (tc.stderr != "" || errOut == "")
		if code != tc.code || out != tc.stdout || !okErr {
			t.Errorf("myia %s = %q, stderr %q, status %d; want %q, stderr containing %q, status %d",
				strings.Join(tc.args, " "), out, errOut, code, tc.stdout, tc.stderr, tc.code)
		}
		if strings.Contains(out, "ran") {
			t.Errorf("myia %s ran the program despite a type error", strings.Join(tc.args, " "))
		}
	}
}
