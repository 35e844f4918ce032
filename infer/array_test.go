package infer_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/myia/myia/ad"
	"github.com/myia/myia/frontend"
	"github.com/myia/myia/infer"
	"github.com/myia/myia/ir"
	"github.com/myia/myia/stdlib"
)

// primProgram is a program whose functions may call the primitives by
// name (np_zeros, np_dot...), as the stdlib's do, but are specialised as
// the user's own functions are.
type primProgram struct {
	m     *ir.Module
	ad    *ad.Transformer
	funcs map[string]*ir.Graph
}

func compilePrims(t testing.TB, file, src string) *primProgram {
	t.Helper()
	m := ir.NewModule()
	builtins, err := stdlib.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	rules, _ := ad.RulesFrom(builtins)
	tr := ad.New(m, rules)
	m.Sources[file] = src
	f, err := frontend.Parse(file, []byte(src))
	if err != nil {
		t.Fatalf("parse:\n%s", m.Sources.Format(err))
	}
	gs, err := frontend.Build(m, f, frontend.BuildOptions{Builtins: builtins, Stdlib: true})
	if err != nil {
		t.Fatalf("build:\n%s", m.Sources.Format(err))
	}
	p := &primProgram{m: m, ad: tr, funcs: map[string]*ir.Graph{}}
	for _, g := range gs {
		g.Kind = ir.KindFunction
		p.funcs[g.Name] = g
	}
	m.Funcs = append(m.Funcs, gs...)
	if err := ad.Expand(m, tr); err != nil {
		t.Fatalf("grad:\n%s", m.Sources.Format(err))
	}
	return p
}

// inferF infers f of src (a def f(x, y, z) whose parameters take the types
// of sig, in ParseSig's spelling) and returns the type of its result.
func inferF(t *testing.T, sig, body string) (string, error, *primProgram) {
	t.Helper()
	args, err := infer.ParseSig(sig)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"x", "y", "z", "w"}[:len(args)]
	src := fmt.Sprintf("def f(%s):\n%s\n", strings.Join(names, ", "), indent(body))
	p := compilePrims(t, "f.py", src)
	g, err := infer.Run(p.m, p.funcs["f"], args, infer.Options{AD: p.ad})
	if err != nil {
		return "", err, p
	}
	if err := ir.Verify(p.m); err != nil {
		t.Fatalf("verify: %v", err)
	}
	return g.Return().Type().String(), nil, p
}

func indent(body string) string {
	lines := strings.Split(strings.TrimSpace(body), "\n")
	if len(lines) == 1 && !strings.HasPrefix(lines[0], "return") {
		lines[0] = "return " + lines[0]
	}
	for i, l := range lines {
		lines[i] = "    " + l
	}
	return strings.Join(lines, "\n")
}

// TestArrayTypes: the type of f(x, y, z) = BODY (an expression, or
// statements ending with a return) for arguments of the given types.
func TestArrayTypes(t *testing.T) {
	const (
		m34  = "ndarray[float, (3, 4)]"
		m45  = "ndarray[float, (4, 5)]"
		v4   = "ndarray[float, (4,)]"
		v3   = "ndarray[float, (3,)]"
		vi4  = "ndarray[int, (4,)]"
		vb4  = "ndarray[bool, (4,)]"
		mu4  = "ndarray[float, (?, 4)]"
		vu   = "ndarray[float, (?,)]"
		t234 = "ndarray[float, (2, 3, 4)]"
	)
	for _, c := range []struct{ sig, body, want string }{
		// Constructors: shapes from constant arguments.
		{"()", "np_zeros((3, 4))", "Array[Float64, (3, 4)]"},
		{"()", "np_ones(5)", "Array[Float64, (5,)]"},
		{"()", "np_zeros(())", "Float64"},
		{"(int)", "np_zeros((x, 2))", "Array[Float64, (?, 2)]"},
		{"()", "n = 2 + 1\nreturn np_ones((n, n * 2))", "Array[Float64, (3, 6)]"},
		{"()", "np_full((2, 2), 7)", "Array[Int64, (2, 2)]"},
		{"()", "np_full(3, True)", "Array[Bool, (3,)]"},
		{"()", "np_arange(5, None, None)", "Array[Int64, (5,)]"},
		{"()", "np_arange(1, 10, 3)", "Array[Int64, (3,)]"},
		{"()", "np_arange(10, 0, -3)", "Array[Int64, (4,)]"},
		{"()", "np_arange(0.0, 1.0, 0.25)", "Array[Float64, (4,)]"},
		{"()", "np_arange(5, 2, 1)", "Array[Int64, (0,)]"},
		{"(int)", "np_arange(x, None, None)", "Array[Int64, (?,)]"},
		{"()", "np_eye(3, None, 0)", "Array[Float64, (3, 3)]"},
		{"()", "np_eye(2, 3, -1)", "Array[Float64, (2, 3)]"},
		{"(int)", "np_eye(2, x, 1)", "Array[Float64, (2, ?)]"},
		{"()", "np_array(((1, 2.0), (3, 4)))", "Array[Float64, (2, 2)]"},
		{"()", "np_array([[1, 2, 3], [4, 5, 6]])", "Array[Int64, (2, 3)]"},
		{"()", "np_array((True, False))", "Array[Bool, (2,)]"},
		{"()", "np_array(())", "Array[Float64, (0,)]"},
		{"(float)", "np_array(x)", "Float64"},
		{"(" + v4 + ")", "np_array((x, x))", "Array[Float64, (2, 4)]"},
		{"(list[float])", "np_array(x)", "Array[Float64, (?,)]"},

		// Elementwise: broadcasting and dtypes.
		{"(" + m34 + ", " + v4 + ")", "x + y", "Array[Float64, (3, 4)]"},
		{"(" + m34 + ")", "x * 2", "Array[Float64, (3, 4)]"},
		{"(" + m34 + ")", "2 - x", "Array[Float64, (3, 4)]"},
		{"(" + vi4 + ")", "x + 1", "Array[Int64, (4,)]"},
		{"(" + vi4 + ")", "x + 1.5", "Array[Float64, (4,)]"},
		{"(" + vi4 + ")", "x / 2", "Array[Float64, (4,)]"},
		{"(" + vi4 + ")", "x // 2", "Array[Int64, (4,)]"},
		{"(" + vi4 + ")", "x ** 2", "Array[Int64, (4,)]"},
		{"(" + vb4 + ", " + vb4 + ")", "x + y", "Array[Bool, (4,)]"},
		{"(" + vb4 + ")", "x * True", "Array[Bool, (4,)]"},
		{"(" + vb4 + ")", "x * 2", "Array[Int64, (4,)]"},
		{"(" + vb4 + ", " + vb4 + ")", "x // y", "Array[Int64, (4,)]"},
		{"(" + vb4 + ")", "+x", "Array[Bool, (4,)]"},
		{"(" + vb4 + ")", "abs(x)", "Array[Bool, (4,)]"},
		{"(" + vb4 + ")", "x - 1", "Array[Int64, (4,)]"},
		{"(" + vi4 + ")", "abs(x)", "Array[Int64, (4,)]"},
		{"(" + vi4 + ", " + v4 + ")", "x < y", "Array[Bool, (4,)]"},
		{"(" + vi4 + ")", "x == 1", "Array[Bool, (4,)]"},
		{"(" + vi4 + ")", "exp(x)", "Array[Float64, (4,)]"},
		{"(" + m34 + ")", "tanh(sqrt(x))", "Array[Float64, (3, 4)]"},
		{"(" + vi4 + ")", "np_log1p(x)", "Array[Float64, (4,)]"},
		{"(float)", "np_expm1(x)", "Float64"},
		{"(" + vi4 + ")", "np_maximum(x, 0)", "Array[Int64, (4,)]"},
		{"(" + vi4 + ")", "np_minimum(x, 0.5)", "Array[Float64, (4,)]"},
		{"(" + vb4 + ", " + m34 + ")", "np_where(x, 1, 0)", "Array[Int64, (4,)]"},
		{"(" + vb4 + ", " + m34 + ")", "np_where(y > 0, y, 0)", "Array[Float64, (3, 4)]"},
		{"(" + mu4 + ", " + v4 + ")", "x + y", "Array[Float64, (?, 4)]"},
		{"(" + mu4 + ", " + m34 + ")", "x + y", "Array[Float64, (3, 4)]"},
		{"(" + vu + ", " + m34 + ")", "x * y", "Array[Float64, (3, 4)]"},
		{"(ndarray[float, (3, 1)], " + v4 + ")", "x - y", "Array[Float64, (3, 4)]"},
		{"(" + v4 + ")", "x + (1, 2, 3, 4)", "Array[Float64, (4,)]"},

		// Products.
		{"(" + m34 + ", " + m45 + ")", "np_dot(x, y)", "Array[Float64, (3, 5)]"},
		{"(" + m34 + ", " + v4 + ")", "np_dot(x, y)", "Array[Float64, (3,)]"},
		{"(" + v3 + ", " + m34 + ")", "np_dot(x, y)", "Array[Float64, (4,)]"},
		{"(" + v4 + ", " + v4 + ")", "np_dot(x, y)", "Float64"},
		{"(" + vi4 + ", " + vi4 + ")", "np_dot(x, y)", "Int64"},
		{"(" + m34 + ")", "np_dot(x, 2.0)", "Array[Float64, (3, 4)]"},
		{"(" + mu4 + ", " + m45 + ")", "np_dot(x, y)", "Array[Float64, (?, 5)]"},
		{"(" + t234 + ", " + m45 + ")", "np_dot(x, y)", "Array[Float64, (2, 3, 5)]"},
		{"(" + v3 + ", " + v4 + ")", "np_outer(x, y)", "Array[Float64, (3, 4)]"},
		{"(" + m34 + ", " + v4 + ")", "np_outer(x, y)", "Array[Float64, (12, 4)]"},

		// Reductions.
		{"(" + m34 + ")", "np_sum(x, None, False)", "Float64"},
		{"(" + m34 + ")", "np_sum(x, None, True)", "Array[Float64, (1, 1)]"},
		{"(" + m34 + ")", "np_sum(x, (0,), False)", "Array[Float64, (4,)]"},
		{"(" + m34 + ")", "np_sum(x, 1, False)", "Array[Float64, (3,)]"},
		{"(" + m34 + ")", "np_mean(x, (-1,), True)", "Array[Float64, (3, 1)]"},
		{"(" + t234 + ")", "np_max(x, (0, 2), False)", "Array[Float64, (3,)]"},
		{"(" + t234 + ")", "np_min(x, (0, 1, 2), False)", "Float64"},
		{"(" + vi4 + ")", "np_mean(x, None, False)", "Float64"},
		{"(" + vb4 + ")", "np_sum(x, None, False)", "Int64"},
		{"(" + vb4 + ")", "np_max(x, None, False)", "Bool"},
		{"(" + vi4 + ")", "np_prod(x, (0,), False)", "Int64"},
		{"(" + t234 + ", int)", "np_sum(x, y, False)", "Array[Float64, (?, ?)]"},
		{"()", "np_prod((2, 3, 4), None, False)", "Int64(24)"},
		{"(" + t234 + ")", "np_prod(np_shape(x), None, False)", "Int64(24)"},
		{"(tuple[int, int])", "np_prod(x, None, False)", "Int64"},
		{"(float)", "np_sum(x, None, False)", "Float64"},
		{"(tuple[float, float])", "np_sum(x, None, False)", "Float64"},

		// Shapes.
		{"(" + m34 + ")", "np_shape(x)", "Tuple[Int64(3), Int64(4)]"},
		{"(" + mu4 + ")", "np_shape(x)", "Tuple[Int64, Int64(4)]"},
		{"(float)", "np_shape(x)", "Tuple[]"},
		{"(" + t234 + ")", "np_ndim(x)", "Int64(3)"},
		{"(int)", "np_ndim(x)", "Int64(0)"},
		{"(" + m34 + ")", "np_shape(x)[1]", "Int64(4)"},
		{"(" + m34 + ")", "len(x)", "Int64(3)"},
		{"(" + mu4 + ")", "len(x)", "Int64"},
		{"(" + m34 + ")", "np_reshape(x, (6, 2))", "Array[Float64, (6, 2)]"},
		{"(" + m34 + ")", "np_reshape(x, (2, -1))", "Array[Float64, (2, 6)]"},
		{"(" + m34 + ")", "np_reshape(x, -1)", "Array[Float64, (12,)]"},
		{"(" + mu4 + ")", "np_reshape(x, (2, -1))", "Array[Float64, (2, ?)]"},
		{"(ndarray[float, (1, 1)])", "np_reshape(x, ())", "Float64"},
		{"(" + t234 + ")", "np_transpose(x, None)", "Array[Float64, (4, 3, 2)]"},
		{"(" + t234 + ")", "np_transpose(x, (1, 0, -1))", "Array[Float64, (3, 2, 4)]"},
		{"(" + m34 + ", " + m34 + ")", "np_concatenate((x, y), 0)", "Array[Float64, (6, 4)]"},
		{"(" + m34 + ", " + mu4 + ")", "np_concatenate((x, y), 0)", "Array[Float64, (?, 4)]"},
		{"(" + m34 + ", ndarray[int, (3, 2)])", "np_concatenate([x, x], -1)", "Array[Float64, (3, 8)]"},
		{"(" + m34 + ", ndarray[int, (3, 2)])", "np_concatenate((x, y), 1)", "Array[Float64, (3, 6)]"},
		{"(" + m34 + ")", "np_concatenate((x, x), None)", "Array[Float64, (24,)]"},
		{"(" + v4 + ")", "np_stack((x, x, x), 0)", "Array[Float64, (3, 4)]"},
		{"(" + v4 + ")", "np_stack((x, x, x), 1)", "Array[Float64, (4, 3)]"},
		{"(" + v4 + ")", "np_stack([x, x], -1)", "Array[Float64, (4, 2)]"},
		{"(float)", "np_stack((x, x), 0)", "Array[Float64, (2,)]"},
		{"(" + v4 + ")", "np_broadcast_to(x, (3, 4))", "Array[Float64, (3, 4)]"},
		{"(float)", "np_broadcast_to(x, (2,))", "Array[Float64, (2,)]"},
		{"(float)", "np_broadcast_to(x, ())", "Float64"},
		{"(" + m34 + ", " + m34 + ")", "np_split_like(np_concatenate((x, y), 0), (x, y), 0)", "Tuple[Array[Float64, (3, 4)], Array[Float64, (3, 4)]]"},
		{"(" + vi4 + ", " + m34 + ")", "np_split_like(y, (x, x, x), 0)", "Tuple[Array[Float64, (4,)], Array[Float64, (4,)], Array[Float64, (4,)]]"},
		{"(" + m34 + ", " + v4 + ")", "sum_to_like(x, y)", "Array[Float64, (4,)]"},
		{"(" + m34 + ", int)", "sum_to_like(x, y)", "Float64"},
		{"(" + vi4 + ", " + v4 + ")", "sum_to_like(x, y)", "Array[Float64, (4,)]"},
		{"(float, int)", "sum_to_like(x, y)", "Float64"},

		// Indexing.
		{"(" + m34 + ")", "x[1]", "Array[Float64, (4,)]"},
		{"(" + m34 + ")", "x[1, 2]", "Float64"},
		{"(" + m34 + ")", "x[-1, -4]", "Float64"},
		{"(" + m34 + ")", "x[make_slice(None, None, None), 2]", "Array[Float64, (3,)]"},
		{"(" + m34 + ")", "x[make_slice(1, None, None)]", "Array[Float64, (2, 4)]"},
		{"(" + m34 + ")", "x[make_slice(None, None, 2), make_slice(1, 3, None)]", "Array[Float64, (2, 2)]"},
		{"(" + m34 + ", int)", "x[make_slice(y, None, None)]", "Array[Float64, (?, 4)]"},
		{"(" + mu4 + ")", "x[5]", "Array[Float64, (4,)]"},
		{"(" + m34 + ")", "x[1:]", "Array[Float64, (2, 4)]"},
		{"(" + m34 + ")", "x[::-1]", "Array[Float64, (3, 4)]"},
		{"(" + vi4 + ")", "x[2]", "Int64"},
		{"(" + m34 + ")", "tuple_setitem(x, (0, make_slice(None, None, None)), 1.0)", "Array[Float64, (3, 4)]"},
		{"(" + m34 + ", " + v4 + ")", "tuple_setitem(x, 1, y)", "Array[Float64, (3, 4)]"},
		{"()", "tuple_setitem((1, 2.0, 3, 4), make_slice(1, 3, None), (True, 5))", "Tuple[Int64(1), Bool(True), Int64(5), Int64(4)]"},
		{"()", "tuple_setitem((1, 2, 3, 4), make_slice(None, None, 2), (0.5, 0.5))", "Tuple[Float64(0.5), Int64(2), Float64(0.5), Int64(4)]"},
		{"()", "(1, 2.5, 3)[make_slice(1, None, None)]", "Tuple[Float64(2.5), Int64(3)]"},
		{"(int)", "make_slice(x, None, 2)", "Slice[Int64, None, Int64(2)]"},

		// The sensitivities.
		{"(" + m34 + ")", "zeros_like(x)", "Array[Float64, (3, 4)]"},
		{"(" + m34 + ")", "ones_like(x)", "Array[Float64, (3, 4)]"},
		{"(" + m34 + ", " + v4 + ")", "gadd(x, y)", "Array[Float64, (3, 4)]"},
		{"(" + m34 + ")", "gadd(x, 1.0)", "Array[Float64, (3, 4)]"},
		{"(" + m34 + ")", "gadd(x, None)", "Array[Float64, (3, 4)]"},
		{"(" + vi4 + ", " + v4 + ")", "fix_sens(x, y)", "Array[Int64, (4,)]"},
		{"(" + v4 + ", " + v4 + ")", "fix_sens(x, y)", "Array[Float64, (4,)]"},

		// Conditions.
		{"(ndarray[float, (1,)])", "1 if x else 2", "Int64"},
		{"(" + vu + ")", "not x", "Bool"},
		{"(ndarray[float, (1, 1)])", "float(x)", "Float64"},

		// Joins: what a loop does not change keeps its shape.
		{"(" + m34 + ")", "s = np_zeros((3, 4))\nfor i in range(5):\n    s = s + x\nreturn s", "Array[Float64, (3, 4)]"},
		{"(" + v4 + ", bool)", "if y:\n    r = x\nelse:\n    r = np_concatenate((x, x), 0)\nreturn r", "Array[Float64, (?,)]"},
		{"(" + v4 + ")", "s = x\nfor i in range(3):\n    s = np_concatenate((s, x), 0)\nreturn s", "Array[Float64, (?,)]"},
		{"(" + m34 + ")", "n = np_shape(x)[0]\ns = 0.0\nfor i in range(n):\n    s = s + np_sum(x[i], None, False)\nreturn s", "Float64"},
	} {
		t.Run(c.body, func(t *testing.T) {
			got, err, p := inferF(t, c.sig, c.body)
			if err != nil {
				t.Fatalf("f%s = %s: %s", c.sig, c.body, p.m.Sources.Format(err))
			}
			if got != c.want {
				t.Errorf("f%s = %s has type %s, want %s", c.sig, c.body, got, c.want)
			}
		})
	}
}

// TestArrayErrors: shape errors known at compile time, with their
// position (line:col in f's source, whose body starts on line 2, column
// 5) and message; none where a dimension is unknown.
func TestArrayErrors(t *testing.T) {
	const (
		m34 = "ndarray[float, (3, 4)]"
		m52 = "ndarray[float, (5, 2)]"
		v3  = "ndarray[float, (3,)]"
		v4  = "ndarray[float, (4,)]"
		mu4 = "ndarray[float, (?, 4)]"
	)
	for _, c := range []struct{ sig, body, want string }{
		{"(" + m34 + ", " + m52 + ")", "np_dot(x, y)", "2:12: matmul: shapes (3, 4) and (5, 2) do not align: 4 != 5"},
		{"(" + v3 + ", " + v4 + ")", "x + y", "2:12: operands could not be broadcast together with shapes (3,) (4,)"},
		{"(" + v3 + ", " + v4 + ")", "z = x * 2.0\nreturn np_maximum(z, y)", "3:12: operands could not be broadcast together with shapes (3,) (4,)"},
		{"(" + m34 + ")", "np_reshape(x, (5, 2))", "2:12: cannot reshape array of size 12 into shape (5, 2)"},
		{"(" + m34 + ")", "np_reshape(x, (5, -1))", "2:12: cannot reshape array of size 12 into shape (5, -1)"},
		{"(" + m34 + ")", "np_reshape(x, (-1, -1))", "2:12: can only specify one unknown dimension"},
		{"(" + m34 + ")", "np_sum(x, (2,), False)", "2:12: axis 2 is out of bounds for array of dimension 2"},
		{"(" + m34 + ")", "np_sum(x, (-3,), False)", "2:12: axis -3 is out of bounds for array of dimension 2"},
		{"(" + m34 + ")", "np_sum(x, (0, -2), False)", "2:12: duplicate value in 'axis'"},
		{"(" + m34 + ", bool)", "np_sum(x, None, y)", "2:12: keepdims must be a bool known at compile time"},
		{"(" + m34 + ")", "x[3]", "2:12: index 3 is out of bounds for axis 0 with size 3"},
		{"(" + m34 + ")", "x[0, -5]", "2:12: index -5 is out of bounds for axis 1 with size 4"},
		{"(" + m34 + ")", "x[0, 0, 0]", "2:12: too many indices for array: array is 2-dimensional, but 3 were indexed"},
		{"(" + m34 + ")", "np_transpose(x, (0, 2))", "2:12: axis 2 is out of bounds"},
		{"(" + m34 + ")", "np_transpose(x, (0,))", "2:12: axes don't match array"},
		{"(ndarray[bool, (4,)])", "-x", "2:12: the numpy boolean negative, the - operator, is not supported"},
		{"(ndarray[bool, (4,)])", "x - True", "2:12: numpy boolean subtract, the - operator, is not supported"},
		{"(float)", "unpack((x, x), 3)", "2:12: not enough values to unpack (expected 3, got 2)"},
		{"(" + v3 + ")", "unpack(x, 2)", "2:12: too many values to unpack (expected 2)"},
		{"(float)", "attr_check(x, 'ndim')", "2:12: 'float' object has no attribute 'ndim'"},
		{"(" + v3 + ")", "matmul_check(x, 2.0, '@')", "2:12: matmul: input operand 1 does not have enough dimensions (has 0, requires 1)"},
		{"(float)", "matmul_check(x, 2, '@')", "2:12: unsupported operand types for @: float and int"},
		{"(" + m34 + ", " + m52 + ")", "np_concatenate((x, y), 0)", "2:12: all the input array dimensions except for the concatenation axis must match exactly"},
		{"(" + m34 + ", " + v4 + ")", "np_concatenate((x, y), 0)", "2:12: all the input arrays must have the same number of dimensions"},
		{"(" + v3 + ", " + v4 + ")", "np_stack((x, y), 0)", "2:12: all input arrays must have the same shape"},
		{"(" + m34 + ")", "np_broadcast_to(x, (4, 3))", "2:12: cannot broadcast an array of shape (3, 4) to shape (4, 3)"},
		{"()", "np_zeros((2, -1))", "2:12: negative dimensions are not allowed"},
		{"()", "np_array(((1, 2), (3,)))", "2:12: np.array: the elements of the sequence have different shapes"},
		{"(" + m34 + ")", "1 if x * 2.0 else 2", "2:17: the truth value of an array with more than one element is ambiguous"},
		{"(" + m34 + ")", "if x > 0:\n    return 1\nreturn 2", "2:5: the truth value of an array with more than one element is ambiguous"},
		{"(" + m34 + ")", "float(x)", "2:12: only arrays of one element can be converted to Python scalars"},
		{"(" + m34 + ")", "tuple_setitem(x, 0, np_zeros(3))", "2:12: could not broadcast a value of shape (3,) into shape (4,)"},
		{"(" + m34 + ", int)", "s = x\nfor i in range(y):\n    s = np_sum(s, (0,), False)\nreturn s", "changes type in the loop"},
		{"(" + m34 + ")", "s = x\nfor i in range(3):\n    s = np_sum(s, (0,), False)\nreturn s", "4:13: axis 0 is out of bounds for array of dimension 0"},
	} {
		t.Run(c.body, func(t *testing.T) {
			_, err, p := inferF(t, c.sig, c.body)
			if err == nil {
				t.Fatalf("f%s = %s: no error, want %q", c.sig, c.body, c.want)
			}
			e := err.(ir.ErrorList)[0]
			got := fmt.Sprintf("%d:%d: %s", e.Pos.Line, e.Pos.Col, e.Msg)
			if !strings.HasPrefix(got, c.want) && !strings.Contains(e.Msg, c.want) {
				t.Errorf("f%s = %s: error\n%s\nwant %q", c.sig, c.body, p.m.Sources.Format(err), c.want)
			}
		})
	}
	// Unknown dimensions: the VM checks at run time.
	for _, c := range []struct{ sig, body string }{
		{"(" + mu4 + ", ndarray[float, (5, 2)])", "np_dot(y, x)"},
		{"(ndarray[float, (?,)], " + v3 + ")", "x + y"},
		{"(" + mu4 + ")", "np_reshape(x, (5, 3))"},
		{"(" + mu4 + ")", "x[7]"},
		{"(ndarray[float, (?,)])", "1 if x else 2"},
	} {
		if _, err, p := inferF(t, c.sig, c.body); err != nil {
			t.Errorf("f%s = %s: %s", c.sig, c.body, p.m.Sources.Format(err))
		}
	}
}

// TestArrayErrorNotes: a shape error points to the operands' shapes.
func TestArrayErrorNotes(t *testing.T) {
	_, err, p := inferF(t, "(ndarray[float, (3, 4)], ndarray[float, (5, 2)])", "a = x * 2.0\nb = y + 1.0\nreturn np_dot(a, b)")
	if err == nil {
		t.Fatal("no error")
	}
	got := p.m.Sources.Format(err)
	for _, want := range []string{
		"f.py:4:12: error: matmul: shapes (3, 4) and (5, 2) do not align: 4 != 5",
		"f.py:2:9: note: this operand has shape (3, 4)",
		"f.py:3:9: note: this operand has shape (5, 2)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}

// TestArrayGrad: the adjoints of the array primitives type-check, and
// the gradient of an array has its shape.
func TestArrayGrad(t *testing.T) {
	for _, c := range []struct{ sig, body, want string }{
		{"(ndarray[float, (3, 4)], ndarray[float, (4,)])",
			"def g(a, b):\n    return np_sum(tanh(np_dot(a, b)) * 2.0 + b[0], None, False)\nreturn grad(g, (0, 1))(x, y)",
			"Tuple[Array[Float64, (3, 4)], Array[Float64, (4,)]]"},
		{"(ndarray[float, (3, 4)])",
			"def g(a):\n    return np_mean(np_reshape(np_transpose(a, None), -1) ** 2, None, False)\nreturn grad(g)(x)",
			"Array[Float64, (3, 4)]"},
		{"(ndarray[float, (3, 4)])",
			"def g(a):\n    return np_max(np_concatenate((a, a * 2.0), 0), (0,), False)[1]\nreturn grad(g)(x)",
			"Array[Float64, (3, 4)]"},
	} {
		t.Run(c.body, func(t *testing.T) {
			src := c.body
			got, err, p := inferFImport(t, c.sig, src)
			if err != nil {
				t.Fatalf("%s", p.m.Sources.Format(err))
			}
			if got != c.want {
				t.Errorf("got %s, want %s", got, c.want)
			}
		})
	}
}

// inferFImport is inferF for a body that uses myia's operators.
func inferFImport(t *testing.T, sig, body string) (string, error, *primProgram) {
	t.Helper()
	args, err := infer.ParseSig(sig)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"x", "y", "z", "w"}[:len(args)]
	src := fmt.Sprintf("from myia import grad\n\n\ndef f(%s):\n%s\n", strings.Join(names, ", "), indent(body))
	p := compilePrims(t, "f.py", src)
	g, err := infer.Run(p.m, p.funcs["f"], args, infer.Options{AD: p.ad})
	if err != nil {
		return "", err, p
	}
	if err := ir.Verify(p.m); err != nil {
		t.Fatalf("verify: %v", err)
	}
	return g.Return().Type().String(), nil, p
}
