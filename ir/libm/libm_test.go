package libm

import (
	"math"
	"testing"
)

// TestAgainstPython checks values CPython 3 prints (repr) for
// arguments where Go's math package rounds the other way.
func TestAgainstPython(t *testing.T) {
	if !Exact {
		t.Skip("built without cgo: Go's math functions")
	}
	cases := []struct {
		name string
		got  float64
		want float64
	}{
		// Arguments where Go's math package gives the neighbouring
		// float; the values are CPython's repr.
		{"sin(0.8)", Sin(0.8), 0.7173560908995228},
		{"cos(0.1)", Cos(0.1), 0.9950041652780258},
		{"tan(0.9)", Tan(0.9), 1.2601582175503392},
		{"exp(1.5)", Exp(1.5), 4.4816890703380645},
		{"log(1.4)", Log(1.4), 0.3364722366212129},
		{"tanh(0.7)", Tanh(0.7), 0.6043677771171636},
		{"0.1 ** 1.7", Pow(0.1, 1.7), 0.0199526231496888},
	}
	for _, c := range cases {
		if c.got != c.want {
			// Not a tolerance: repr prints every digit.
			t.Errorf("%s = %v, CPython %v", c.name, c.got, c.want)
		}
	}
}

// TestEdges checks the special values the callers test for: NaN and
// infinities come back as the C library gives them.
func TestEdges(t *testing.T) {
	if !math.IsInf(Log(0), -1) || !math.IsNaN(Log(-1)) || !math.IsInf(Exp(1000), 1) || Pow(0, 0) != 1 {
		t.Errorf("log(0) %v, log(-1) %v, exp(1000) %v, pow(0, 0) %v", Log(0), Log(-1), Exp(1000), Pow(0, 0))
	}
}
