package vm

import (
	"math"
	"strings"
	"testing"

	"github.com/myia/myia/ir"
)

// Short constructors for the tables.
var (
	I = Int
	F = Float
	S = Str
	B = Bool
	N = None
)

func T(vs ...Value) Value { return Tuple(vs) }
func L(vs ...Value) Value { return List(vs) }

type primCase struct {
	p    ir.Prim
	args []Value
	want string // the result's repr, or "error: " and the message
}

func c(p ir.Prim, want string, args ...Value) primCase { return primCase{p, args, want} }

const (
	maxInt = math.MaxInt64
	minInt = math.MinInt64
)

var primCases = []primCase{
	c(ir.Add, "3", I(1), I(2)),
	c(ir.Add, "3.5", F(1.5), I(2)),
	c(ir.Add, "3.5", I(2), F(1.5)),
	c(ir.Add, "2", B(true), I(1)),
	c(ir.Add, "(1, 2)", T(I(1)), T(I(2))),
	c(ir.Add, "[1, 2]", L(I(1)), L(I(2))),
	c(ir.Add, "'ab'", S("a"), S("b")),
	c(ir.Add, "error: cannot add int and str (+)", I(1), S("a")),
	c(ir.Add, "error: cannot add tuple and list (+)", T(I(1)), L(I(2))),
	c(ir.Add, "error: integer overflow", I(maxInt), I(1)),
	c(ir.Add, "error: integer overflow", I(minInt), I(-1)),
	c(ir.Sub, "-2", I(5), I(7)),
	c(ir.Sub, "error: integer overflow", I(minInt), I(1)),
	c(ir.Sub, "error: integer overflow", I(0), I(minInt)),
	c(ir.Sub, "0.25", F(0.5), F(0.25)),
	c(ir.Mul, "12", I(3), I(4)),
	c(ir.Mul, "error: integer overflow", I(maxInt), I(2)),
	c(ir.Mul, "error: integer overflow", I(minInt), I(-1)),
	c(ir.Mul, "error: integer overflow", I(-1), I(minInt)),
	c(ir.Mul, "error: integer overflow", I(3037000500), I(3037000500)),
	c(ir.Mul, "9223372030926249001", I(3037000499), I(3037000499)),
	c(ir.Mul, "-9223372036854775808", I(-4611686018427387904), I(2)),
	c(ir.Mul, "(1, 2, 1, 2)", T(I(1), I(2)), I(2)),
	c(ir.Mul, "(1, 1)", I(2), T(I(1))),
	c(ir.Mul, "'ababab'", S("ab"), I(3)),
	c(ir.Mul, "[]", L(I(1)), I(-1)),
	c(ir.Mul, "5.0", F(2.5), I(2)),
	c(ir.Mul, "error: cannot multiply tuple and float (*)", T(I(1)), F(2)),
	c(ir.TrueDiv, "0.5", I(1), I(2)),
	c(ir.TrueDiv, "2.0", I(4), I(2)),
	c(ir.TrueDiv, "error: division by zero", I(1), I(0)),
	c(ir.TrueDiv, "error: float division by zero", F(1), I(0)),
	c(ir.TrueDiv, "error: float division by zero", I(1), F(0)),
	c(ir.TrueDiv, "9007199254740992.0", I(9007199254740993), I(1)),
	c(ir.TrueDiv, "3.0744573456182584e+18", I(maxInt), I(3)),
	c(ir.FloorDiv, "3", I(7), I(2)),
	c(ir.FloorDiv, "-4", I(-7), I(2)),
	c(ir.FloorDiv, "-4", I(7), I(-2)),
	c(ir.FloorDiv, "3", I(-7), I(-2)),
	c(ir.FloorDiv, "error: integer division or modulo by zero", I(7), I(0)),
	c(ir.FloorDiv, "error: integer overflow", I(minInt), I(-1)),
	c(ir.FloorDiv, "3.0", F(7.5), I(2)),
	c(ir.FloorDiv, "-4.0", F(-7.5), I(2)),
	c(ir.FloorDiv, "error: float floor division by zero", F(7), F(0)),
	c(ir.FloorDiv, "error: float floor division by zero", I(1), F(0)),
	c(ir.Mod, "1", I(7), I(3)),
	c(ir.Mod, "2", I(-7), I(3)),
	c(ir.Mod, "-2", I(7), I(-3)),
	c(ir.Mod, "-1", I(-7), I(-3)),
	c(ir.Mod, "0", I(minInt), I(-1)),
	c(ir.Mod, "error: integer division or modulo by zero", I(7), I(0)),
	c(ir.Mod, "1.5", F(7.5), I(2)),
	c(ir.Mod, "0.5", F(-7.5), I(2)),
	c(ir.Mod, "-0.5", F(7.5), I(-2)),
	c(ir.Mod, "-0.0", F(0), F(-1)),
	c(ir.Mod, "error: float modulo by zero", F(1), F(0)),
	c(ir.Pow, "1024", I(2), I(10)),
	c(ir.Pow, "1", I(0), I(0)),
	c(ir.Pow, "1", B(true), I(2)),
	c(ir.Pow, "-9223372036854775808", I(-2), I(63)),
	c(ir.Pow, "error: integer overflow", I(2), I(63)),
	c(ir.Pow, "error: negative exponent: int ** int needs a non-negative exponent (use a float)", I(2), I(-1)),
	c(ir.Pow, "0.5", F(2), I(-1)),
	c(ir.Pow, "1.4142135623730951", I(2), F(0.5)),
	c(ir.Pow, "64.0", I(-8), F(2)),
	c(ir.Pow, "-8.0", F(-2), I(3)),
	c(ir.Pow, "1.0", F(0), F(0)),
	c(ir.Pow, "error: zero to a negative power: 0.0 cannot be raised to a negative power", F(0), I(-1)),
	c(ir.Pow, "error: negative number cannot be raised to a fractional power", F(-8), F(1.0/3)),
	c(ir.Pow, "error: numerical result out of range", F(10), F(400)),
	c(ir.Neg, "-5", I(5)),
	c(ir.Neg, "-1.5", F(1.5)),
	c(ir.Neg, "-1", B(true)),
	c(ir.Neg, "error: integer overflow", I(minInt)),
	c(ir.Neg, "error: bad operand type for unary -: 'str'", S("a")),
	c(ir.UPos, "5", I(5)),
	c(ir.UPos, "1", B(true)),
	c(ir.UPos, "error: bad operand type for unary +: 'tuple'", T()),
	c(ir.Abs, "3", I(-3)),
	c(ir.Abs, "2.5", F(-2.5)),
	c(ir.Abs, "error: integer overflow", I(minInt)),
	c(ir.Abs, "error: bad operand type for abs(): 'str'", S("a")),
	c(ir.Eq, "True", I(1), F(1)),
	c(ir.Eq, "False", I(1), S("1")),
	c(ir.Eq, "True", T(I(1), I(2)), T(I(1), F(2))),
	c(ir.Eq, "False", T(I(1), I(2)), L(I(1), I(2))),
	c(ir.Eq, "True", N, N),
	c(ir.Eq, "True", B(true), I(1)),
	c(ir.Eq, "False", F(math.NaN()), F(math.NaN())),
	c(ir.Eq, "False", I(9007199254740993), F(9007199254740992)),
	c(ir.Eq, "True", S("é"), S("é")),
	c(ir.Eq, "True", Range(0, 0, 1), Range(5, 2, 1)),
	c(ir.Eq, "True", PrimFunc(ir.Abs), PrimFunc(ir.Abs)),
	c(ir.Ne, "True", I(1), I(2)),
	c(ir.Ne, "False", I(1), F(1)),
	c(ir.Ne, "True", S("a"), N),
	c(ir.Lt, "True", I(1), I(2)),
	c(ir.Lt, "True", I(1), F(1.5)),
	c(ir.Lt, "True", S("a"), S("b")),
	c(ir.Lt, "True", T(I(1), I(2)), T(I(1), I(3))),
	c(ir.Lt, "True", T(I(1), I(2)), T(I(1), I(2), I(0))),
	c(ir.Lt, "False", T(I(1), I(2)), T(I(1), I(2))),
	c(ir.Lt, "True", L(I(1)), L(I(2))),
	c(ir.Lt, "False", F(math.NaN()), I(1)),
	c(ir.Lt, "error: '<' not supported between instances of 'int' and 'str'", I(1), S("a")),
	c(ir.Lt, "error: '<' not supported between instances of 'NoneType' and 'NoneType'", N, N),
	c(ir.Lt, "error: '<' not supported between instances of 'tuple' and 'list'", T(), L()),
	c(ir.Gt, "True", I(9007199254740993), F(9007199254740992)),
	c(ir.Gt, "False", I(1), I(1)),
	c(ir.Gt, "True", F(2.5), I(2)),
	c(ir.Le, "True", I(1), I(1)),
	c(ir.Le, "True", F(1), I(1)),
	c(ir.Le, "False", S("b"), S("a")),
	c(ir.Ge, "True", T(I(2)), T(I(1), I(5))),
	c(ir.Ge, "False", F(math.Inf(-1)), I(minInt)),
	c(ir.Not, "True", I(0)),
	c(ir.Not, "False", T(I(1))),
	c(ir.Not, "True", S("")),
	c(ir.Not, "True", N),
	c(ir.Truth, "False", F(0)),
	c(ir.Truth, "False", Range(3, 3, 1)),
	c(ir.Truth, "True", L(I(0))),
	c(ir.Truth, "True", PrimFunc(ir.Abs)),
	c(ir.IsNone, "True", N),
	c(ir.IsNone, "False", I(0)),
	c(ir.NotNone, "1.5", F(1.5)),
	c(ir.ToInt, "2", F(2.7)),
	c(ir.ToInt, "-2", F(-2.7)),
	c(ir.ToInt, "1", B(true)),
	c(ir.ToInt, "42", S("42")),
	c(ir.ToInt, "-7", S(" -7 ")),
	c(ir.ToInt, "error: cannot convert float NaN to integer", F(math.NaN())),
	c(ir.ToInt, "error: cannot convert float infinity to integer", F(math.Inf(1))),
	c(ir.ToInt, "error: integer overflow", F(1e19)),
	c(ir.ToInt, "error: invalid literal for int() with base 10: 'x'", S("x")),
	c(ir.ToFloat, "2.0", I(2)),
	c(ir.ToFloat, "1.5", S("1.5")),
	c(ir.ToFloat, "inf", S("inf")),
	c(ir.ToFloat, "error: could not convert string to float: 'x'", S("x")),
	c(ir.ScalarMin, "1", I(1), I(2)),
	c(ir.ScalarMin, "1.5", I(2), F(1.5)),
	c(ir.ScalarMin, "1.0", I(1), F(1)),
	c(ir.ScalarMin, "(1, 2)", T(I(1), I(2)), T(I(1), I(3))),
	c(ir.ScalarMin, "'a'", S("b"), S("a")),
	c(ir.ScalarMin, "error: '<' not supported between instances of 'str' and 'int'", I(1), S("a")),
	c(ir.ScalarMax, "3.0", I(3), F(2.5)),
	c(ir.ScalarMax, "2", I(1), I(2)),
	c(ir.ScalarMax, "-0.0", F(math.Copysign(0, -1)), F(0)),
	c(ir.Exp, "1.0", I(0)),
	c(ir.Exp, "2.718281828459045", F(1)),
	c(ir.Exp, "error: math range error", F(1000)),
	c(ir.Exp, "0.0", F(math.Inf(-1))),
	c(ir.Log, "0.0", I(1)),
	c(ir.Log, "1.0", F(math.E)),
	c(ir.Log, "error: math domain error", I(0)),
	c(ir.Log, "error: math domain error", F(-1)),
	c(ir.Log, "error: must be real number, not str", S("e")),
	c(ir.Sqrt, "2.0", I(4)),
	c(ir.Sqrt, "error: math domain error", F(-1)),
	c(ir.Sin, "0.0", F(0)),
	c(ir.Sin, "error: math domain error", F(math.Inf(1))),
	c(ir.Cos, "1.0", I(0)),
	c(ir.Tan, "0.0", I(0)),
	c(ir.Tanh, "0.7615941559557649", F(1)),
	c(ir.MakeTuple, "(1, 'a')", I(1), S("a")),
	c(ir.MakeTuple, "()"),
	c(ir.MakeList, "[1, 2]", I(1), I(2)),
	c(ir.GetItem, "1", T(I(1), I(2), I(3)), I(0)),
	c(ir.GetItem, "3", T(I(1), I(2), I(3)), I(-1)),
	c(ir.GetItem, "2", T(I(1), I(2)), B(true)),
	c(ir.GetItem, "error: tuple index out of range", T(I(1), I(2), I(3)), I(3)),
	c(ir.GetItem, "error: tuple index out of range", T(I(1)), I(-2)),
	c(ir.GetItem, "error: list index out of range", L(I(1), I(2)), I(5)),
	c(ir.GetItem, "'b'", S("abc"), I(1)),
	c(ir.GetItem, "'é'", S("héllo"), I(1)),
	c(ir.GetItem, "error: string index out of range", S("abc"), I(-4)),
	c(ir.GetItem, "6", Range(0, 10, 2), I(3)),
	c(ir.GetItem, "error: range object index out of range", Range(0, 5, 1), I(5)),
	c(ir.GetItem, "error: tuple indices must be integers or slices, not float", T(I(1)), F(1)),
	c(ir.GetItem, "error: 'int' object is not subscriptable", I(5), I(0)),
	c(ir.Slice, "(2, 3, 4)", T(I(1), I(2), I(3), I(4)), I(1), N, N),
	c(ir.Slice, "(1, 3)", T(I(1), I(2), I(3), I(4)), N, N, I(2)),
	c(ir.Slice, "(4, 3, 2, 1)", T(I(1), I(2), I(3), I(4)), N, N, I(-1)),
	c(ir.Slice, "(3, 4)", T(I(1), I(2), I(3), I(4)), I(-2), N, N),
	c(ir.Slice, "()", T(I(1), I(2)), I(10), N, N),
	c(ir.Slice, "(2, 1)", T(I(1), I(2), I(3)), I(-2), I(-10), I(-1)),
	c(ir.Slice, "'el'", S("hello"), I(1), I(3), N),
	c(ir.Slice, "'olleh'", S("hello"), N, N, I(-1)),
	c(ir.Slice, "'éo'", S("héllo"), I(1), N, I(3)),
	c(ir.Slice, "[1, 2]", L(I(1), I(2), I(3)), I(0), I(2), N),
	c(ir.Slice, "range(2, 8, 2)", Range(0, 10, 1), I(2), I(8), I(2)),
	c(ir.Slice, "range(9, -1, -1)", Range(0, 10, 1), N, N, I(-1)),
	c(ir.Slice, "error: slice step cannot be zero", T(), N, N, I(0)),
	c(ir.Slice, "error: slice indices must be integers or None", T(I(1), I(2)), F(1.5), N, N),
	c(ir.Len, "2", T(I(1), I(2))),
	c(ir.Len, "5", S("héllo")),
	c(ir.Len, "4", Range(0, 10, 3)),
	c(ir.Len, "0", Range(10, 0, 1)),
	c(ir.Len, "4", Range(10, 0, -3)),
	c(ir.Len, "error: object of type 'int' has no len()", I(5)),
	c(ir.MakeRange, "range(0, 5)", I(0), I(5), I(1)),
	c(ir.MakeRange, "range(0, 10, 2)", I(0), I(10), I(2)),
	c(ir.MakeRange, "error: range() arg 3 must not be zero", I(0), I(5), I(0)),
	c(ir.MakeRange, "error: 'float' object cannot be interpreted as an integer", F(1.5), I(5), I(1)),
	c(ir.Contains, "True", T(I(1), I(2)), I(2)),
	c(ir.Contains, "True", T(I(1), I(2)), F(2)),
	c(ir.Contains, "False", L(I(1), I(2)), I(3)),
	c(ir.Contains, "True", S("hello"), S("ell")),
	c(ir.Contains, "error: 'in <string>' requires string as left operand, not int", S("abc"), I(1)),
	c(ir.Contains, "True", Range(0, 10, 2), I(4)),
	c(ir.Contains, "False", Range(0, 10, 2), I(5)),
	c(ir.Contains, "True", Range(10, 0, -1), F(3)),
	c(ir.Contains, "False", Range(10, 0, -1), I(0)),
	c(ir.Contains, "error: argument of type 'int' is not iterable", I(5), I(1)),
	c(ir.Print, "None", I(1), S("a"), T(S("b"), F(2))),
	c(ir.Assert, "None", B(true), N),
	c(ir.Assert, "error: assertion failed: boom", B(false), S("boom")),
	c(ir.Assert, "error: assertion failed", I(0), N),
	c(ir.Switch, "1", B(true), I(1), I(2)),
	c(ir.Switch, "2", B(false), I(1), I(2)),
	c(ir.Depend, "1", I(1), I(2)),
}

// outcome formats a result as the tables do.
func outcome(v Value, err error) string {
	if err != nil {
		if e, ok := err.(*ir.Error); ok {
			return "error: " + e.Msg
		}
		return "error: " + err.Error()
	}
	return v.Repr()
}

// constNode returns v as an IR constant, if it can be one.
func (b *builder) constNode(v Value) (ir.Node, bool) {
	switch v.Kind() {
	case KInt:
		return b.m.Const(v.AsInt(), b.pos()), true
	case KFloat:
		return b.m.Const(v.AsFloat(), b.pos()), true
	case KBool:
		return b.m.Const(v.AsBool(), b.pos()), true
	case KStr:
		return b.m.Const(v.AsStr(), b.pos()), true
	case KNone:
		return b.m.Const(ir.None, b.pos()), true
	}
	return nil, false
}

// TestPrims runs every case four ways: the primitive applied to
// parameters (the opcodes with slot operands), to a parameter and a
// constant (the K opcodes), to constants only, and called as a function
// value (the table entry itself). All must agree with the table.
func TestPrims(t *testing.T) {
	for _, pc := range primCases {
		name := pc.p.String() + outcome(Tuple(pc.args), nil)
		check := func(how, got string) {
			if got != pc.want {
				t.Errorf("%s %s = %s, want %s", how, name, got, pc.want)
			}
		}
		// Applied to parameters.
		b := newBuilder()
		var names []string
		for i := range pc.args {
			names = append(names, string(rune('a'+i)))
		}
		g, ps := b.graph("f", nil, names...)
		args := make([]any, len(ps))
		for i, p := range ps {
			args[i] = p
		}
		b.ret(g, b.op(g, pc.p, args...))
		v, out, err := b.run(t, g, pc.args...)
		check("applied", outcome(v, err))
		if pc.p == ir.Print && out != "1 a ('b', 2.0)\n" {
			t.Errorf("print wrote %q", out)
		}
		// With constants where possible.
		allConst := true
		b2 := newBuilder()
		var kargs []any
		var params []Value
		g2, _ := b2.graph("g", nil)
		for i, a := range pc.args {
			if n, ok := b2.constNode(a); ok && i > 0 {
				kargs = append(kargs, n)
				continue
			}
			if n, ok := b2.constNode(a); ok && i == 0 && len(pc.args) == 1 {
				kargs = append(kargs, n)
				continue
			}
			allConst = allConst && i == 0 && func() bool { _, ok := b2.constNode(a); return ok }()
			kargs = append(kargs, b2.m.AddParam(g2, "x", b2.pos()))
			params = append(params, a)
		}
		_ = allConst
		b2.ret(g2, b2.op(g2, pc.p, kargs...))
		v, _, err = b2.run(t, g2, params...)
		check("with constants", outcome(v, err))
		// As a function value.
		vm := New(b.m, Options{Stdout: &strings.Builder{}})
		v, err = vm.CallValue(PrimFunc(pc.p), pc.args)
		check("called", outcome(v, err))
	}
}

// TestEveryPrimImplemented fails if a primitive lacks a VM
// implementation.
func TestEveryPrimImplemented(t *testing.T) {
	for p := ir.Prim(1); p < ir.NumPrims; p++ {
		if prims[p] == nil && !compilerPrims[p] {
			t.Errorf("primitive %s has no VM implementation", p)
		}
	}
}

func TestPrimValueArity(t *testing.T) {
	vm := New(ir.NewModule(), Options{})
	_, err := vm.CallValue(PrimFunc(ir.Abs), []Value{I(1), I(2)})
	if got := outcome(None, err); got != "error: abs() takes exactly one argument (2 given)" {
		t.Errorf("abs(1, 2): %s", got)
	}
	_, err = vm.CallValue(PrimFunc(ir.ScalarMax), []Value{I(1)})
	if got := outcome(None, err); got != "error: max() takes exactly 2 arguments (1 given)" {
		t.Errorf("max(1): %s", got)
	}
	_, err = vm.CallValue(I(3), nil)
	if got := outcome(None, err); got != "error: 'int' object is not callable" {
		t.Errorf("3(): %s", got)
	}
}

// TestCompareBranch runs the comparison cases as the condition of an if,
// which compiles to the compare-and-branch opcodes (with a slot or a
// constant second operand).
func TestCompareBranch(t *testing.T) {
	for _, pc := range primCases {
		if _, ok := cmpJumps[pc.p]; !ok {
			continue
		}
		for _, konst := range []bool{false, true} {
			b := newBuilder()
			params, args := []string{"a", "b"}, pc.args
			if konst {
				params, args = params[:1], args[:1]
			}
			f, ps := b.graph("f", nil, params...)
			var y ir.Node
			if konst {
				n, ok := b.constNode(pc.args[1])
				if !ok {
					continue
				}
				y = n
			} else {
				y = ps[1]
			}
			yes, _ := b.graph("yes", f)
			b.ret(yes, true)
			no, _ := b.graph("no", f)
			b.ret(no, false)
			b.ret(f, b.branch(f, b.op(f, pc.p, ps[0], y), yes, no))
			code, _ := New(b.m, Options{}).Disassemble(f)
			if !strings.Contains(code, "  j"+pc.p.String()) {
				t.Fatalf("no compare-and-branch in\n%s", code)
			}
			v, _, err := b.run(t, f, args...)
			if got := outcome(v, err); got != pc.want {
				t.Errorf("if %s%s (constant %v) = %s, want %s", pc.p, outcome(Tuple(pc.args), nil), konst, got, pc.want)
			}
		}
	}
}

// TestFastPrims checks that where a fast path applies, it gives what the
// primitive's primFn gives, on every combination of a few values.
func TestFastPrims(t *testing.T) {
	env := NewEnv().env().set(3, F(2))
	vals := []Value{N, I(0), I(-2), F(1.5), F(-0.0), B(true), S("s"), T(F(1), I(2)), T(), NewEnv(), env,
		fr(2)}
	for p, f := range fastPrims {
		if f == nil {
			continue
		}
		ar := ir.Prim(p).Info().Arity
		if ar < 0 || ar > 3 {
			t.Fatalf("%s: fast path for arity %d", ir.Prim(p), ar)
		}
		var args [3]Value
		var try func(i int)
		try = func(i int) {
			if i < ar {
				for _, v := range vals {
					args[i] = v
					try(i + 1)
				}
				return
			}
			got, ok := f(args[0], args[1], args[2])
			if !ok {
				return
			}
			want, err := prims[p](nil, append([]Value(nil), args[:ar]...))
			if g, w := outcome(got, nil), outcome(want, err); g != w {
				t.Errorf("%s%s: fast path %s, primitive %s", ir.Prim(p), outcome(T(args[:ar]...), nil), g, w)
			}
		}
		try(0)
	}
}

// TestInlineSeq checks tuples and closures of every size around the
// inline ones: their elements, and that they are separate objects.
func TestInlineSeq(t *testing.T) {
	for n := 0; n <= maxInline+2; n++ {
		elems := make([]Value, n)
		for i := range elems {
			elems[i] = I(int64(i))
		}
		v := copySeq(KTuple, elems)
		if w := T(elems...); !equal(v, w) || v.Repr() != w.Repr() {
			t.Errorf("tuple of %d = %s, want %s", n, v.Repr(), w.Repr())
		}
		if n > 0 {
			elems[0] = I(9) // a copy
			if got := v.Elems(); len(got) != n || got[0].AsInt() != 0 {
				t.Errorf("tuple of %d: %s", n, v.Repr())
			}
		}
		f, env := newClosure(nil, n)
		if len(env) != n || len(f.funcv().env) != n {
			t.Errorf("closure of %d free variables has %d", n, len(f.funcv().env))
		}
		if n > 0 {
			env[n-1] = F(1)
			if g, _ := newClosure(nil, n); g.funcv().env[n-1].IsNone() != true || !f.funcv().env[n-1].isFloat() {
				t.Errorf("closures of %d free variables share their environment", n)
			}
		}
	}
}
