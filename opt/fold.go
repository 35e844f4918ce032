package opt

// Fold evaluates applications of pure primitives to constants, with the
// VM's semantics (Python's, on 64-bit numbers): what would fail at run
// time (int overflow, a division by zero, a math domain error) is left
// for the run to report.
//
//	%1 = sub(3, 1)          ->   (uses of %3 use 6.0)
//	%2 = to_float(%1)
//	%3 = mul(%2, 3.0)
//
// Constants of AD: zeros_like(2.0) is 0.0, grad_sens(2.0) is 1.0, J
// and stop_gradient of a number are the number, depend(x, c) of a
// constant c is x. It sits after inlining, which binds parameters to
// constants, and before switch, which takes the branches that folded
// conditions select.

import (
	"math"
	"strconv"
	"strings"

	"github.com/myia/myia/ir"
	"github.com/myia/myia/ir/libm"
	lattice "github.com/myia/myia/ir/types"
)

// Fold is the constant-folding pass.
func Fold(u *Unit) bool { return rewrite(u, &foldRules) }

var foldRules ruleTable

func init() {
	var ps []ir.Prim
	for p := ir.Prim(1); p < ir.NumPrims; p++ {
		if _, ok := folders[p]; ok && p != ir.ZerosLike {
			ps = append(ps, p)
		}
	}
	foldRules.add(foldConst, ps...)
	// zeros_like stays symbolic until the pipeline is done (zeros.go).
	finalRules.add(foldConst, ir.ZerosLike)
	foldRules.add(foldDepend, ir.Depend)
	foldRules.add(foldKnown, ir.Len, ir.IsSeq, ir.GradForward)
	foldRules.add(foldCheck, ir.Check, ir.Assert)
	foldRules.add(foldChecked, ir.Unpack, ir.AttrCheck, ir.MatmulCheck, ir.CheckSens)
}

// foldChecked drops a check of values that passes: unpack of a
// make_tuple of as many values or, in a typed graph, of a tuple, or of a
// list or an array of that length; attr_check and matmul_check of
// arrays, and in a typed graph, where inference has rejected what they
// reject, as check_sens, whose check only inference makes.
func foldChecked(u *Unit, a *ir.Apply) ir.Node {
	x := arg(a, 0)
	switch {
	case ir.IsApplyOf(a, ir.CheckSens):
		if u.typed {
			return arg(a, 1)
		}
		return nil
	case ir.IsApplyOf(a, ir.AttrCheck):
		if u.typed || u.kindOf(x) == kArray {
			return x
		}
		return nil
	case ir.IsApplyOf(a, ir.MatmulCheck):
		if u.typed || u.kindOf(x) == kArray && u.kindOf(arg(a, 1)) == kArray {
			return x
		}
		return nil
	}
	n, ok := intConst(arg(a, 1))
	if !ok {
		return nil
	}
	if t := applyOf(x, ir.MakeTuple); t != nil && int64(len(t.Args())) == n {
		return x
	}
	if !u.typed {
		return nil
	}
	have := -1
	switch t := x.Type().(type) {
	case *lattice.Tuple:
		have = len(t.Elems)
	case *lattice.List:
		have = t.Len
	case *lattice.Array:
		if len(t.Shape) > 0 {
			have = t.Shape[0]
		}
	}
	if int64(have) == n {
		return x
	}
	return nil
}

// foldCheck drops a check whose flag is a constant True (its value is
// its operand's) and an assert of a constant True (its value is None).
func foldCheck(u *Unit, a *ir.Apply) ir.Node {
	flag := arg(a, 0)
	if v, ok := constOf(flag); !ok || v != true {
		// In a typed graph, a parameter may be known True (the flag
		// of a check inside fprop_check, specialised for it).
		if b, ok := flag.Type().(lattice.Bool); !u.typed || !ok || !b.Known || !b.V {
			return nil
		}
	}
	if ir.IsApplyOf(a, ir.Check) {
		return arg(a, 2)
	}
	return u.constant(ir.None, a.Pos(), a.Type())
}

// foldKnown replaces, in a typed graph, the length of a tuple and
// is_seq by the constant their type says (Int64(3)): a slice of a tuple
// by len(x) (the adjoint of a tuple's +) then has constant bounds, which
// the native backends need, and the tuple is no longer captured.
func foldKnown(u *Unit, a *ir.Apply) ir.Node {
	if !u.typed {
		return nil
	}
	switch t := a.Type().(type) {
	case lattice.Int:
		if t.Known {
			return u.constant(t.V, a.Pos(), t)
		}
	case lattice.Bool:
		if t.Known {
			return u.constant(t.V, a.Pos(), t)
		}
	}
	return nil
}

// folder evaluates a primitive on constant arguments; ok is false if it
// would fail at run time or its result is not a scalar constant.
type folder func(args []any) (v any, ok bool)

// folders is the table of constant evaluators, by primitive. A test
// compares it with the VM on a grid of arguments.
var folders = map[ir.Prim]folder{
	ir.Add:      binaryFolder(ir.Add),
	ir.Sub:      binaryFolder(ir.Sub),
	ir.Mul:      binaryFolder(ir.Mul),
	ir.TrueDiv:  binaryFolder(ir.TrueDiv),
	ir.FloorDiv: binaryFolder(ir.FloorDiv),
	ir.Mod:      binaryFolder(ir.Mod),
	ir.Pow:      binaryFolder(ir.Pow),
	ir.Neg:      unaryFolder(ir.Neg),
	ir.UPos:     unaryFolder(ir.UPos),
	ir.Abs:      unaryFolder(ir.Abs),
	ir.Eq:       func(a []any) (any, bool) { return foldEqual(a[0], a[1]) },
	ir.Ne: func(a []any) (any, bool) {
		v, ok := foldEqual(a[0], a[1])
		return !v, ok
	},
	ir.Lt: orderFolder(ir.Lt),
	ir.Le: orderFolder(ir.Le),
	ir.Gt: orderFolder(ir.Gt),
	ir.Ge: orderFolder(ir.Ge),
	ir.Not: func(a []any) (any, bool) {
		t, ok := truth(a[0])
		return !t, ok
	},
	ir.Truth:  func(a []any) (any, bool) { return truth(a[0]) },
	ir.IsNone: func(a []any) (any, bool) { _, ok := a[0].(ir.NoneType); return ok, true },
	ir.ToInt:  foldToInt,
	ir.ToFloat: func(a []any) (any, bool) {
		switch x := a[0].(type) {
		case int64:
			return float64(x), true
		case bool:
			return b2f(x), true
		case float64:
			return x, true
		case string:
			// float("inf"), as the VM parses it: the native
			// backends have no strings at run time.
			f, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
			if ne, ok := err.(*strconv.NumError); err != nil && (!ok || ne.Err != strconv.ErrRange) {
				return nil, false
			}
			return f, true
		}
		return nil, false
	},
	ir.ScalarMin: minMaxFolder(ir.Lt),
	ir.ScalarMax: minMaxFolder(ir.Gt),
	ir.Exp:       mathFolder(libm.Exp),
	ir.Log:       mathFolder(libm.Log),
	ir.Sqrt:      mathFolder(math.Sqrt),
	ir.Sin:       mathFolder(libm.Sin),
	ir.Cos:       mathFolder(libm.Cos),
	ir.Tan:       mathFolder(libm.Tan),
	ir.Tanh:      mathFolder(libm.Tanh),
	ir.NpExp:     npMathFolder(libm.Exp),
	ir.NpLog:     npMathFolder(libm.Log),
	ir.NpSqrt:    npMathFolder(math.Sqrt),
	ir.NpSin:     npMathFolder(libm.Sin),
	ir.NpCos:     npMathFolder(libm.Cos),
	ir.NpTan:     npMathFolder(libm.Tan),
	ir.Len: func(a []any) (any, bool) {
		if s, ok := a[0].(string); ok && isASCII(s) {
			return int64(len(s)), true
		}
		return nil, false
	},
	ir.ZerosLike: func(a []any) (any, bool) {
		switch a[0].(type) {
		case int64:
			return int64(0), true
		case float64:
			return 0.0, true
		case bool:
			return false, true
		case ir.NoneType, string:
			return ir.None, true
		}
		return nil, false
	},
	ir.OnesLike: func(a []any) (any, bool) {
		switch a[0].(type) {
		case int64:
			return int64(1), true
		case float64:
			return 1.0, true
		case bool:
			return true, true
		}
		return nil, false
	},
	ir.GradSens: func(a []any) (any, bool) {
		if _, ok := a[0].(float64); ok {
			return 1.0, true
		}
		return nil, false
	},
	ir.FixSens: func(a []any) (any, bool) {
		switch a[0].(type) {
		case int64:
			return int64(0), true
		case bool:
			return false, true
		case float64:
			switch d := a[1].(type) {
			case float64:
				return d, true
			case int64:
				return float64(d), true
			case bool:
				return b2f(d), true
			}
			return 0.0, true
		}
		return nil, false
	},
	ir.StopGradient: func(a []any) (any, bool) { return scalarConst(a[0]) },
	ir.NotNone:      foldNotNone,
	ir.J:            func(a []any) (any, bool) { return scalarConst(a[0]) },
	ir.JF:           func(a []any) (any, bool) { return scalarConst(a[0]) },
	ir.IsSeq: func(a []any) (any, bool) {
		if _, ok := scalarConst(a[0]); ok {
			return false, true
		}
		return nil, false
	},
	ir.NDim: func(a []any) (any, bool) {
		if _, ok := number(a[0]); ok {
			return int64(0), true
		}
		return nil, false
	},
}

// noFold lists the pure primitives that have no folder, and why: their
// results are not scalar constants, or folding them would need numpy's
// semantics exactly (array.go has their rules on known kinds).
var noFold = map[ir.Prim]string{
	ir.MakeSlice:   "a slice value is not a constant",
	ir.ArrayFrom:   "arrays",
	ir.Zeros:       "arrays",
	ir.Ones:        "arrays",
	ir.Full:        "arrays",
	ir.Arange:      "arrays",
	ir.Eye:         "arrays",
	ir.Log1p:       "numpy's float semantics (of a scalar: a numpy scalar)",
	ir.Expm1:       "numpy's float semantics (of a scalar: a numpy scalar)",
	ir.Maximum:     "numpy's semantics (nan propagation, dtypes)",
	ir.Minimum:     "numpy's semantics (nan propagation, dtypes)",
	ir.Where:       "numpy's semantics (a 0-d array of scalars)",
	ir.MatDot:      "arrays",
	ir.Outer:       "arrays",
	ir.ReduceSum:   "arrays",
	ir.ReduceMean:  "arrays",
	ir.ReduceMax:   "arrays",
	ir.ReduceMin:   "arrays",
	ir.ReduceProd:  "arrays",
	ir.Reshape:     "arrays",
	ir.Transpose:   "arrays",
	ir.Concatenate: "arrays",
	ir.Stack:       "arrays",
	ir.Shape:       "a tuple (array.go: () of a number)",
	ir.BroadcastTo: "arrays (array.go: a number to ())",
	ir.SplitLike:   "a tuple of arrays",
	ir.SumToLike:   "arrays (array.go: d of numbers)",
	ir.GradForward: "a property of types (tuple.go: of known kinds)",
	ir.Unpack:      "a check of its operand (foldChecked)",
	ir.AttrCheck:   "a check of its operand (foldChecked)",
	ir.MatmulCheck: "a check of its operands (foldChecked)",
	ir.CheckSens:   "a check of its operands by inference (foldChecked)",
}

// foldConst applies the folder of a's primitive if every argument is a
// constant.
func foldConst(u *Unit, a *ir.Apply) ir.Node {
	p, _ := applyPrim(a)
	args := make([]any, len(a.Inputs)-1)
	for i := range args {
		v, ok := constOf(arg(a, i))
		if !ok {
			return nil
		}
		args[i] = v
	}
	if ar := p.Info().Arity; ar >= 0 && ar != len(args) {
		return nil
	}
	v, ok := folders[p](args)
	if !ok {
		return nil
	}
	return u.constant(v, a.Pos(), a.Type())
}

// foldDepend drops depend(x, e) when e is a constant.
func foldDepend(u *Unit, a *ir.Apply) ir.Node {
	if _, ok := arg(a, 1).(*ir.Constant); ok {
		return arg(a, 0)
	}
	return nil
}

func scalarConst(v any) (any, bool) {
	switch v.(type) {
	case int64, float64, bool, string, ir.NoneType:
		return v, true
	}
	return nil, false
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func b2f(b bool) float64 { return float64(b2i(b)) }

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// intLike returns the int value of an int or a bool.
func intLike(v any) (int64, bool) {
	switch x := v.(type) {
	case int64:
		return x, true
	case bool:
		return b2i(x), true
	}
	return 0, false
}

// number returns the float value of an int, a float or a bool.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case bool:
		return b2f(x), true
	case float64:
		return x, true
	}
	return 0, false
}

func isFloat(v any) bool { _, ok := v.(float64); return ok }

func binaryFolder(p ir.Prim) folder {
	return func(a []any) (any, bool) {
		x, y := a[0], a[1]
		if i, ok := intLike(x); ok {
			if j, ok := intLike(y); ok {
				return foldIntArith(p, i, j)
			}
		}
		if isFloat(x) || isFloat(y) {
			f, ok1 := number(x)
			g, ok2 := number(y)
			if ok1 && ok2 {
				return foldFloatArith(p, f, g)
			}
		}
		return nil, false
	}
}

func foldIntArith(p ir.Prim, a, b int64) (any, bool) {
	i, f, isFloat, msg := ir.IntArith(p, a, b)
	switch {
	case msg != "":
		return nil, false
	case isFloat:
		return f, true
	}
	return i, true
}

func foldFloatArith(p ir.Prim, a, b float64) (any, bool) {
	r, msg := ir.FloatArith(p, a, b)
	return r, msg == ""
}

func unaryFolder(p ir.Prim) folder {
	return func(a []any) (any, bool) {
		if i, ok := intLike(a[0]); ok {
			if p == ir.UPos || p == ir.Abs && i >= 0 {
				return i, true
			}
			if i == math.MinInt64 {
				return nil, false
			}
			return -i, true
		}
		if f, ok := a[0].(float64); ok {
			switch p {
			case ir.Neg:
				return -f, true
			case ir.Abs:
				return math.Abs(f), true
			}
			return f, true
		}
		return nil, false
	}
}

// foldEqual is Python's == on scalars.
func foldEqual(x, y any) (bool, bool) {
	if f, ok := number(x); ok {
		g, ok := number(y)
		if !ok {
			_, ok := scalarConst(y)
			return false, ok
		}
		switch {
		case isFloat(x) && isFloat(y):
			return f == g, true
		case math.IsNaN(f) || math.IsNaN(g):
			return false, false // int == nan: left to the VM
		case isFloat(x):
			j, _ := intLike(y)
			return ir.CmpIntFloat(j, f) == 0, true
		case isFloat(y):
			i, _ := intLike(x)
			return ir.CmpIntFloat(i, g) == 0, true
		}
		i, _ := intLike(x)
		j, _ := intLike(y)
		return i == j, true
	}
	switch x := x.(type) {
	case string:
		if s, ok := y.(string); ok {
			return x == s, true
		}
	case ir.NoneType:
		_, ok := y.(ir.NoneType)
		return ok, true
	default:
		return false, false
	}
	_, ok := scalarConst(y)
	return false, ok
}

// foldOrder is x < y (<=, >, >=) on numbers and strings.
func foldOrder(p ir.Prim, x, y any) (bool, bool) {
	var c int
	if f, ok := number(x); ok {
		g, ok := number(y)
		if !ok {
			return false, false
		}
		switch {
		case isFloat(x) || isFloat(y):
			if math.IsNaN(f) || math.IsNaN(g) {
				return false, true
			}
			switch {
			case !isFloat(x):
				i, _ := intLike(x)
				c = ir.CmpIntFloat(i, g)
			case !isFloat(y):
				j, _ := intLike(y)
				c = -ir.CmpIntFloat(j, f)
			case f < g:
				c = -1
			case f > g:
				c = 1
			}
		default:
			i, _ := intLike(x)
			j, _ := intLike(y)
			switch {
			case i < j:
				c = -1
			case i > j:
				c = 1
			}
		}
	} else if s, ok := x.(string); ok {
		t, ok := y.(string)
		if !ok {
			return false, false
		}
		switch {
		case s < t:
			c = -1
		case s > t:
			c = 1
		}
	} else {
		return false, false
	}
	switch p {
	case ir.Lt:
		return c < 0, true
	case ir.Le:
		return c <= 0, true
	case ir.Gt:
		return c > 0, true
	}
	return c >= 0, true
}

func orderFolder(p ir.Prim) folder {
	return func(a []any) (any, bool) { return foldOrder(p, a[0], a[1]) }
}

func minMaxFolder(p ir.Prim) folder {
	return func(a []any) (any, bool) {
		better, ok := foldOrder(p, a[1], a[0])
		if !ok {
			return nil, false
		}
		r, other := a[0], a[1]
		if better {
			r, other = a[1], a[0]
		}
		if i, ok := intLike(r); ok && isFloat(other) {
			return float64(i), true
		}
		return r, true
	}
}

func truth(v any) (bool, bool) {
	switch x := v.(type) {
	case int64:
		return x != 0, true
	case float64:
		return x != 0, true
	case bool:
		return x, true
	case string:
		return x != "", true
	case ir.NoneType:
		return false, true
	}
	return false, false
}

func foldToInt(a []any) (any, bool) {
	switch x := a[0].(type) {
	case int64:
		return x, true
	case bool:
		return b2i(x), true
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) || x >= 1<<63 || x <= -(1<<63)-1 {
			return nil, false
		}
		return int64(x), true
	}
	return nil, false
}

func mathFolder(f func(float64) float64) folder {
	return func(a []any) (any, bool) {
		v, ok := number(a[0])
		if !ok {
			return nil, false
		}
		r := f(v)
		if math.IsNaN(r) && !math.IsNaN(v) || math.IsInf(r, 0) && !math.IsInf(v, 0) {
			return nil, false
		}
		return r, true
	}
}

// npMathFolder folds one of numpy's math functions of a number: never an
// error, an infinity or a NaN where Python's math module raises.
func npMathFolder(f func(float64) float64) folder {
	return func(a []any) (any, bool) {
		v, ok := number(a[0])
		if !ok {
			return nil, false
		}
		return f(v), true
	}
}

// foldNotNone: not_none of a constant is the constant (of None, its
// branch is not taken: left alone).
func foldNotNone(a []any) (any, bool) {
	if _, ok := a[0].(ir.NoneType); ok {
		return nil, false
	}
	return scalarConst(a[0])
}
