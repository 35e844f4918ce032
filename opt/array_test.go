package opt_test

import "testing"

// TestArrayRules compiles small numpy functions at -O2 and checks their
// IR: the array identities of array.go at work, and the rewrites that
// must not happen because a value of unknown kind may be an array.
func TestArrayRules(t *testing.T) {
	const np = "import numpy as np\n\n\n"
	for _, c := range []struct{ name, src, want string }{
		{"ndim of float", "def f(x):\n    return np.ndim(float(x))", "return 0"},
		{"ndim of unknown kept", "def f(x):\n    return np.ndim(x)", "np_ndim(x); return %1"},
		{"shape of float", "def f(x):\n    return np.shape(float(x))", "make_tuple(); return %1"},
		{"broadcast float to its shape", "def f(x):\n    y = float(x)\n    return np.broadcast_to(y, np.shape(y))", "to_float(x); return %1"},
		{"broadcast to own shape", "def f(x):\n    return np.broadcast_to(x, np.shape(x))", "return x"},
		{"transpose twice", "def f(n):\n    x = np.zeros((n, 2))\n    return x.T.T", "make_tuple(n, 2); np_zeros(%1); return %2"},
		{"transpose inverse perms", "def f(n):\n    x = np.zeros((n, 2, 3))\n    return np.transpose(np.transpose(x, (2, 0, 1)), (1, 2, 0))",
			"make_tuple(n, 2, 3); np_zeros(%1); return %2"},
		{"transpose same perms kept", "def f(n):\n    x = np.zeros((n, 2, 3))\n    return np.transpose(np.transpose(x, (2, 0, 1)), (2, 0, 1))",
			"make_tuple(n, 2, 3); np_zeros(%1); make_tuple(2, 0, 1); np_transpose(%2, %3); np_transpose(%4, %3); return %5"},
		{"transpose of unknown checked", "def f(x):\n    return x.T.T", `attr_check(x, "T"); return %1`},
		{"sum of zeros", "def f(n):\n    return np.sum(np.zeros_like(np.ones((n, 2))))",
			"make_tuple(n, 2); np_ones(%1); np_sum(%2, None, False); zeros_like(%3); return %4"},
		{"exp of unknown times one kept", "def f(x):\n    return np.exp(x) * 1.0", "np_exp(x); mul(%1, 1.0); return %2"},
		{"exp of float times one", "def f(x):\n    return np.exp(float(x)) * 1.0", "to_float(x); np_exp(%1); return %2"},
		{"compare of unknown not a bool", "def f(x):\n    return np.zeros_like(x < 1.0)", "lt(x, 1.0); zeros_like(%1); return %2"},
		{"compare of floats a bool", "def f(x):\n    return np.zeros_like(float(x) < 1.0)", "return False"},
		{"is None of a tuple", "def f(x):\n    return (x,) is None", "return False"},
		{"is None of arithmetic", "def f(x):\n    return x - 1 is None", "return False"},
		{"is None of unknown kept", "def f(x):\n    return x is None", "is_none(x); return %1"},
		{"is None of None", "def f(x):\n    y = None\n    return y is None", "return True"},
		{"array plus zero kept", "def f(n):\n    return np.zeros((n,)) + 0", "make_tuple(n); np_zeros(%1); add(%2, 0); return %3"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := compile(t, np+c.src, 2)
			if got := body(t, p, "f"); got != c.want {
				t.Errorf("f at -O2:\n  got  %s\n  want %s", got, c.want)
			}
		})
	}
}
