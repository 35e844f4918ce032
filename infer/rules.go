package infer

import (
	"fmt"
	"math"
	"strings"

	"github.com/myia/myia/ir"
	"github.com/myia/myia/ir/types"
)

// A rule types one application of a primitive: given the types of the
// arguments (none of them Bottom), it returns the type of the result, or
// reports an error through c and returns Bottom.
type rule func(c *call, args []Type) Type

// call is the application a rule types.
type call struct {
	in *inferrer
	f  *frame
	a  *ir.Apply
	p  ir.Prim
}

func (c *call) errorf(format string, args ...any) Type {
	return c.in.errorf(c.f, c.a.Pos(), format, args...)
}

// rules holds the typing rule of every primitive, indexed by ir.Prim (a
// test checks that none is missing).
var rules [ir.NumPrims]rule

// callPrim types an application of p.
func (in *inferrer) callPrim(f *frame, a *ir.Apply, p ir.Prim, args []Type) Type {
	if p == ir.Depend {
		return args[0] // the effect's type does not matter
	}
	for _, t := range args {
		if isBottom(t) {
			return Bottom{}
		}
	}
	r := rules[p]
	if r == nil {
		panic(fmt.Sprintf("infer: no rule for primitive %s", p))
	}
	return r(&call{in: in, f: f, a: a, p: p}, args)
}

// primName is how the user spells a primitive used as a function.
func primName(p ir.Prim) string {
	switch p {
	case ir.ToInt:
		return "int"
	case ir.ToFloat:
		return "float"
	case ir.Truth:
		return "bool"
	case ir.ScalarMin:
		return "min"
	case ir.ScalarMax:
		return "max"
	case ir.Exp, ir.Log, ir.Sqrt, ir.Sin, ir.Cos, ir.Tan, ir.Tanh:
		return "math." + p.String()
	case ir.NpExp, ir.NpLog, ir.NpSqrt, ir.NpSin, ir.NpCos, ir.NpTan, ir.Log1p, ir.Expm1:
		return "np." + strings.TrimPrefix(p.String(), "np_")
	}
	return p.String()
}

var opSymbol = map[ir.Prim]string{
	ir.Add: "+", ir.Sub: "-", ir.Mul: "*", ir.TrueDiv: "/", ir.FloorDiv: "//", ir.Mod: "%", ir.Pow: "**",
	ir.Lt: "<", ir.Le: "<=", ir.Gt: ">", ir.Ge: ">=", ir.Eq: "==", ir.Ne: "!=",
	ir.Neg: "-", ir.UPos: "+", ir.Abs: "abs()",
}

func init() {
	rules = [ir.NumPrims]rule{
		ir.Return:    func(c *call, a []Type) Type { return a[0] },
		ir.Switch:    switchRule,
		ir.Depend:    func(c *call, a []Type) Type { return a[0] },
		ir.MakeTuple: func(c *call, a []Type) Type { return &Tuple{Elems: append([]Type(nil), a...)} },
		ir.MakeList:  makeList,
		ir.GetItem:   getItem,
		ir.Slice:     sliceRule,
		ir.Len:       lenRule,
		ir.MakeRange: makeRange,
		ir.Contains:  contains,
		ir.Add:       arith,
		ir.Sub:       arith,
		ir.Mul:       arith,
		ir.TrueDiv:   arith,
		ir.FloorDiv:  arith,
		ir.Mod:       arith,
		ir.Pow:       arith,
		ir.Neg:       unary,
		ir.UPos:      unary,
		ir.Abs:       unary,
		ir.Eq:        compare,
		ir.Ne:        compare,
		ir.Lt:        compare,
		ir.Le:        compare,
		ir.Gt:        compare,
		ir.Ge:        compare,
		ir.Not:       notRule,
		ir.Truth:     truthRule,
		ir.IsNone: func(c *call, a []Type) Type {
			if _, ok := a[0].(*Optional); ok {
				return AnyBool
			}
			return BoolOf(a[0] == None)
		},
		ir.NotNone:   notNoneRule,
		ir.ToInt:     toInt,
		ir.ToFloat:   toFloat,
		ir.ScalarMin: minMax,
		ir.ScalarMax: minMax,
		ir.Exp:       mathRule,
		ir.Log:       mathRule,
		ir.Sqrt:      mathRule,
		ir.Sin:       mathRule,
		ir.Cos:       mathRule,
		ir.Tan:       mathRule,
		ir.Tanh:      mathRule,
		ir.Print:     func(c *call, a []Type) Type { return None },
		ir.Assert:    assertRule,
		ir.Check:     checkRule,
		ir.Unpack:    unpackRule,

		ir.J:            jRule,
		ir.JF:           jfRule,
		ir.ZerosLike:    func(c *call, a []Type) Type { return zerosOf(a[0]) },
		ir.OnesLike:     onesLike,
		ir.Gadd:         gaddRule,
		ir.NewEnv:       func(c *call, a []Type) Type { return &Env{} },
		ir.EnvSetItem:   envSetItem,
		ir.EnvGetItem:   envGetItem,
		ir.TupleSetItem: tupleSetItem,
		ir.GradSens:     gradSens,
		ir.FixSens: func(c *call, a []Type) Type {
			if t, ok := fixSens(a[0], a[1]); ok {
				return t
			}
			return c.errorf("cannot differentiate with respect to a function value")
		},
		ir.CheckSens:    checkSens,
		ir.StopGradient: func(c *call, a []Type) Type { return a[0] },
		ir.ListPush: func(c *call, a []Type) Type {
			l, ok := a[0].(*List)
			if !ok {
				return c.errorf("list_push of a %s", TypeName(a[0]))
			}
			elem, ok := Join(l.Elem, a[1])
			if !ok {
				return c.errorf("the elements of a list must have the same type, got %s and %s", Describe(l.Elem), Describe(a[1]))
			}
			return &List{Elem: elem, Len: -1}
		},
		ir.IsSeq: func(c *call, a []Type) Type {
			switch a[0].(type) {
			case *Tuple, *List:
				return BoolOf(true)
			}
			return BoolOf(false)
		},
		ir.GradForward: func(c *call, a []Type) Type {
			_, ok := a[0].(Float)
			return BoolOf(ok && !types.HoldsFunc(a[1]))
		},

		// Arrays (array.go).
		ir.MakeSlice:   makeSlice,
		ir.ArrayFrom:   arrayFrom,
		ir.Zeros:       zerosOnes,
		ir.Ones:        zerosOnes,
		ir.Full:        fullRule,
		ir.Arange:      arangeRule,
		ir.Eye:         eyeRule,
		ir.Log1p:       floatFn,
		ir.Expm1:       floatFn,
		ir.NpExp:       floatFn,
		ir.NpLog:       floatFn,
		ir.NpSqrt:      floatFn,
		ir.NpSin:       floatFn,
		ir.NpCos:       floatFn,
		ir.NpTan:       floatFn,
		ir.Maximum:     maxMinRule,
		ir.Minimum:     maxMinRule,
		ir.Where:       whereRule,
		ir.MatDot:      dotRule,
		ir.Outer:       outerRule,
		ir.ReduceSum:   reduceRule,
		ir.ReduceMean:  reduceRule,
		ir.ReduceMax:   reduceRule,
		ir.ReduceMin:   reduceRule,
		ir.ReduceProd:  reduceRule,
		ir.Reshape:     reshapeRule,
		ir.Transpose:   transposeRule,
		ir.Concatenate: concatenateRule,
		ir.Stack:       stackRule,
		ir.Shape:       shapeRule,
		ir.NDim:        ndimRule,
		ir.BroadcastTo: broadcastToRule,
		ir.SplitLike:   splitLike,
		ir.SumToLike:   sumToLike,
		ir.AttrCheck:   attrCheckRule,
		ir.MatmulCheck: matmulCheckRule,
	}
}

// truthValue is the truth of t when it is known at compile time.
func truthValue(t Type) (v, known bool) {
	switch t := t.(type) {
	case Bool:
		return t.V, t.Known
	case Int:
		return t.V != 0, t.Known
	case Float:
		return t.V != 0, t.Known
	case Str:
		return t.V != "", t.Known
	case NoneType:
		return false, true
	case *Tuple:
		return len(t.Elems) > 0, true
	case *List:
		return t.Len > 0, t.Len >= 0
	case *Func:
		return true, true
	}
	return false, false
}

// switchRule: switch(c, a, b) is a when c is known true, b when known
// false (the other branch is not inferred, and is folded away), else the
// join of both.
func switchRule(c *call, a []Type) Type {
	if !arrayTruth(c, a[0]) {
		return Bottom{}
	}
	if v, ok := truthValue(a[0]); ok {
		if c.f.folded == nil {
			c.f.folded = map[*ir.Apply]int{}
		}
		if v {
			c.f.folded[c.a] = 2
			return a[1]
		}
		c.f.folded[c.a] = 3
		return a[2]
	}
	j, ok := Join(a[1], a[2])
	if !ok {
		return c.errorf("the two values of this condition have different types: %s and %s", Describe(a[1]), Describe(a[2]))
	}
	return j
}

func makeList(c *call, a []Type) Type {
	var elem Type = Bottom{}
	for _, t := range a {
		j, ok := Join(elem, t)
		if !ok {
			return c.errorf("the elements of a list must have the same type, got %s and %s", Describe(elem), Describe(t))
		}
		elem = j
	}
	return &List{Elem: elem, Len: len(a)}
}

// index reads an index argument: known, its value.
func index(t Type) (v int64, known, ok bool) {
	switch t := t.(type) {
	case Int:
		return t.V, t.Known, true
	case Bool:
		if t.V {
			v = 1
		}
		return v, t.Known, true
	}
	return 0, false, false
}

func getItem(c *call, a []Type) Type {
	seq := a[0]
	if sl, ok := a[1].(*Slice); ok {
		switch seq.(type) {
		case *Tuple, *List, Str, Range:
			return sliceRule(c, []Type{seq, sl.Lo, sl.Hi, sl.Step})
		}
	}
	i, known, ok := index(a[1])
	switch s := seq.(type) {
	case *Tuple:
		if !ok {
			return c.errorf("tuple indices must be integers, not %s", TypeName(a[1]))
		}
		n := int64(len(s.Elems))
		if known {
			if i < 0 {
				i += n
			}
			if i >= 0 && i < n {
				return s.Elems[i]
			}
			if n == 0 {
				return c.errorf("tuple index out of range: index %d of a tuple of length %d", rawIndex(a[1]), n)
			}
			// Otherwise an IndexError when the code runs, as in
			// Python (what runs before it prints first; the code may
			// be dead), if the elements have a common type (below).
		}
		if n == 0 {
			// Indexing an empty tuple never returns: the code is dead
			// (the body of a loop over ()) or fails at run time.
			return Bottom{}
		}
		var t Type = Bottom{}
		for _, e := range s.Elems {
			j, ok := Join(t, e)
			if !ok && known {
				return c.errorf("tuple index out of range: index %d of a tuple of length %d", rawIndex(a[1]), n)
			}
			if !ok {
				e := ir.Errorf(c.a.Pos(), "the index of a tuple whose elements have different types (%s) must be known at compile time", Describe(s))
				if c.in.remedyIndex(c.f, e) {
					return Bottom{}
				}
				c.f.errs = append(c.f.errs, e)
				return Bottom{}
			}
			t = j
		}
		return widen(t)
	case *List:
		if !ok {
			return c.errorf("list indices must be integers, not %s", TypeName(a[1]))
		}
		// An index known out of range is an IndexError when the code
		// runs, as in Python.
		return s.Elem
	case Range:
		if !ok {
			return c.errorf("range indices must be integers, not %s", TypeName(a[1]))
		}
		return AnyInt
	case Str:
		if !ok {
			return c.errorf("string indices must be integers, not %s", TypeName(a[1]))
		}
		return Str{}
	case *Array:
		return getItemArray(c, s, a[1], a)
	}
	return c.errorf("'%s' object is not subscriptable", TypeName(seq))
}

func rawIndex(t Type) int64 {
	v, _, _ := index(t)
	return v
}

// sliceBound reads a bound of a slice: None, or an int known or not.
func sliceBound(t Type) (v int64, none, known, ok bool) {
	if t == None {
		return 0, true, true, true
	}
	v, known, ok = index(t)
	return v, false, known, ok
}

// pySlice computes the indices of seq[lo:hi:step] for a sequence of
// length n, as Python's slice.indices does.
func pySlice(n int64, lo, hi, step int64, loNone, hiNone, stepNone bool) []int64 {
	if stepNone {
		step = 1
	}
	var start, stop int64
	if step > 0 {
		start, stop = 0, n
	} else {
		start, stop = n-1, -1
	}
	clamp := func(x int64, lower, upper int64) int64 {
		if x < 0 {
			x += n
			if x < lower {
				x = lower
			}
		} else if x > upper {
			x = upper
		}
		return x
	}
	if step > 0 {
		if !loNone {
			start = clamp(lo, 0, n)
		}
		if !hiNone {
			stop = clamp(hi, 0, n)
		}
	} else {
		if !loNone {
			start = clamp(lo, -1, n-1)
		}
		if !hiNone {
			stop = clamp(hi, -1, n-1)
		}
	}
	var out []int64
	for i := start; (step > 0 && i < stop) || (step < 0 && i > stop); i += step {
		out = append(out, i)
	}
	return out
}

func sliceRule(c *call, a []Type) Type {
	var v [3]int64
	var none [3]bool
	allKnown := true
	for k := 0; k < 3; k++ {
		x, n, known, ok := sliceBound(a[k+1])
		if !ok {
			return c.errorf("slice indices must be integers or None, not %s", TypeName(a[k+1]))
		}
		v[k], none[k] = x, n
		allKnown = allKnown && known
	}
	if allKnown && !none[2] && v[2] == 0 {
		return c.errorf("slice step cannot be zero")
	}
	switch s := a[0].(type) {
	case *Tuple:
		if !allKnown {
			e := ir.Errorf(c.a.Pos(), "the bounds of a tuple slice must be known at compile time")
			if c.in.remedyIndex(c.f, e) {
				return Bottom{}
			}
			c.f.errs = append(c.f.errs, e)
			return Bottom{}
		}
		idx := pySlice(int64(len(s.Elems)), v[0], v[1], v[2], none[0], none[1], none[2])
		out := make([]Type, len(idx))
		for i, k := range idx {
			out[i] = s.Elems[k]
		}
		return &Tuple{Elems: out}
	case *List:
		n := -1
		if allKnown && s.Len >= 0 {
			n = len(pySlice(int64(s.Len), v[0], v[1], v[2], none[0], none[1], none[2]))
		}
		return &List{Elem: s.Elem, Len: n}
	case Str:
		return Str{}
	case Range:
		return Range{}
	case *Array:
		sh := append([]int(nil), s.Shape...)
		if len(sh) > 0 {
			sh[0] = -1
			if allKnown && s.Shape[0] >= 0 {
				sh[0] = len(pySlice(int64(s.Shape[0]), v[0], v[1], v[2], none[0], none[1], none[2]))
			}
		}
		return &Array{DType: s.DType, Shape: sh}
	}
	return c.errorf("'%s' object is not subscriptable", TypeName(a[0]))
}

func lenRule(c *call, a []Type) Type {
	switch s := a[0].(type) {
	case *Tuple:
		return IntOf(int64(len(s.Elems)))
	case *List:
		if s.Len >= 0 {
			return IntOf(int64(s.Len))
		}
		return AnyInt
	case Str:
		if s.Known {
			return IntOf(int64(len([]rune(s.V))))
		}
		return AnyInt
	case Range:
		return AnyInt
	case *Array:
		if len(s.Shape) == 0 {
			return c.errorf("len() of a 0-d array")
		}
		if s.Shape[0] >= 0 {
			return IntOf(int64(s.Shape[0]))
		}
		return AnyInt
	}
	return c.errorf("object of type '%s' has no len()", TypeName(a[0]))
}

// unpackRule: unpack(x, n), the right side of a1, ..., an = x, whose
// number of values must be n where x's type tells it (a tuple, a list
// or an array of known length); else the VM and native code check it.
func unpackRule(c *call, a []Type) Type {
	n, ok := a[1].(Int)
	if !ok || !n.Known {
		return c.errorf("unpack of %s values", Describe(a[1]))
	}
	have := -1
	switch x := a[0].(type) {
	case *Tuple:
		have = len(x.Elems)
	case *List:
		have = x.Len
	case *Array:
		if len(x.Shape) > 0 {
			have = x.Shape[0]
		}
	case Str:
		if x.Known {
			have = len([]rune(x.V))
		}
	case Int, Float, Bool, NoneType, *Func:
		return c.errorf("cannot unpack non-iterable %s object", pyTypeName(x))
	}
	switch {
	case have < 0 || int64(have) == n.V:
		return a[0]
	case int64(have) > n.V:
		return c.errorf("too many values to unpack (expected %d)", n.V)
	}
	return c.errorf("not enough values to unpack (expected %d, got %d)", n.V, have)
}

// pyTypeName is the name of t's class in Python's messages.
func pyTypeName(t Type) string {
	if t == None {
		return "NoneType"
	}
	return TypeName(t)
}

func makeRange(c *call, a []Type) Type {
	for _, t := range a {
		if _, _, ok := index(t); !ok {
			return c.errorf("'%s' object cannot be interpreted as an integer", TypeName(t))
		}
	}
	return Range{}
}

func contains(c *call, a []Type) Type {
	switch a[0].(type) {
	case *Tuple, *List, Range, Str, *Array:
		return AnyBool
	}
	return c.errorf("argument of type '%s' is not iterable", TypeName(a[0]))
}

// Numbers.

// num is a number's value when known: an int (bools are ints) or a float.
type num struct {
	isFloat bool
	i       int64
	f       float64
}

func numOf(t Type) (num, bool) {
	switch t := t.(type) {
	case Int:
		return num{i: t.V}, t.Known
	case Bool:
		if t.V {
			return num{i: 1}, t.Known
		}
		return num{}, t.Known
	case Float:
		return num{isFloat: true, f: t.V}, t.Known
	}
	return num{}, false
}

func (n num) float() float64 {
	if n.isFloat {
		return n.f
	}
	return float64(n.i)
}

// numericResult is the type of a binary arithmetic operation on numbers,
// without value: Python's rules (bools are ints; / is always a float).
func numericResult(p ir.Prim, x, y Type) Type {
	_, xf := x.(Float)
	_, yf := y.(Float)
	if xf || yf || p == ir.TrueDiv {
		return AnyFloat
	}
	return AnyInt
}

func arith(c *call, a []Type) Type {
	x, y := a[0], a[1]
	if anyArray(a) {
		return arrayArith(c, a)
	}
	if isNumber(x) && isNumber(y) {
		res := numericResult(c.p, x, y)
		nx, kx := numOf(x)
		ny, ky := numOf(y)
		if kx && ky {
			if v, ok := foldArith(c.p, nx, ny); ok {
				return v
			}
		}
		return res
	}
	switch c.p {
	case ir.Add:
		switch x := x.(type) {
		case *Tuple:
			if y, ok := y.(*Tuple); ok {
				return &Tuple{Elems: append(append([]Type(nil), x.Elems...), y.Elems...)}
			}
		case *List:
			if y, ok := y.(*List); ok {
				// No conversion is made here: arrays of different dtypes
				// do not join (their values would keep theirs).
				e, ok := Join(x.Elem, y.Elem)
				if !ok || promotesArray(x.Elem, e) || promotesArray(y.Elem, e) {
					return c.errorf("cannot concatenate %s and %s: their elements have different types", Describe(x), Describe(y))
				}
				n := -1
				if x.Len >= 0 && y.Len >= 0 {
					n = x.Len + y.Len
				}
				return &List{Elem: e, Len: n}
			}
		case Str:
			if y, ok := y.(Str); ok {
				if x.Known && y.Known {
					return Str{Known: true, V: x.V + y.V}
				}
				return Str{}
			}
		}
		return c.errorf("cannot add %s and %s", TypeName(x), TypeName(y))
	case ir.Mul:
		seq, n := x, y
		if isNumber(x) {
			seq, n = y, x
		}
		k, known, ok := index(n)
		if ok {
			switch s := seq.(type) {
			case *Tuple:
				if !known {
					// Known where the function keeps its constants
					// (zeros(n) called with n = 3), as a tuple index.
					e := ir.Errorf(c.a.Pos(), "the number of repetitions of a tuple must be known at compile time")
					if c.in.remedyIndex(c.f, e) {
						return Bottom{}
					}
					c.f.errs = append(c.f.errs, e)
					return Bottom{}
				}
				var out []Type
				for r := int64(0); r < k; r++ {
					out = append(out, s.Elems...)
				}
				return &Tuple{Elems: out}
			case *List:
				l := -1
				if known && s.Len >= 0 {
					l = s.Len * int(max(k, 0))
				}
				return &List{Elem: s.Elem, Len: l}
			case Str:
				return Str{}
			}
		}
	}
	return c.errorf("unsupported operand types for %s: %s and %s", opSymbol[c.p], TypeName(x), TypeName(y))
}

// foldArith computes x op y at compile time where that is exact and
// cannot fail; otherwise ok is false and the result is left to run time.
func foldArith(p ir.Prim, x, y num) (Type, bool) {
	if x.isFloat || y.isFloat {
		a, b := x.float(), y.float()
		switch p {
		case ir.Add:
			return FloatOf(a + b), true
		case ir.Sub:
			return FloatOf(a - b), true
		case ir.Mul:
			return FloatOf(a * b), true
		case ir.TrueDiv:
			if b != 0 && (x.isFloat || math.Abs(float64(x.i)) < 1<<53) && (y.isFloat || math.Abs(float64(y.i)) < 1<<53) {
				return FloatOf(a / b), true
			}
		}
		return nil, false
	}
	a, b := x.i, y.i
	const lim = 1 << 31 // small enough that + - * cannot overflow
	small := a > -lim && a < lim && b > -lim && b < lim
	switch p {
	case ir.Add:
		if small {
			return IntOf(a + b), true
		}
	case ir.Sub:
		if small {
			return IntOf(a - b), true
		}
	case ir.Mul:
		if small {
			return IntOf(a * b), true
		}
	case ir.FloorDiv:
		if b != 0 && small {
			q := a / b
			if (a%b != 0) && ((a < 0) != (b < 0)) {
				q--
			}
			return IntOf(q), true
		}
	case ir.Mod:
		if b != 0 && small {
			r := a % b
			if r != 0 && ((r < 0) != (b < 0)) {
				r += b
			}
			return IntOf(r), true
		}
	case ir.TrueDiv:
		if b != 0 && small {
			return FloatOf(float64(a) / float64(b)), true
		}
	case ir.Pow:
		if b >= 0 && b < 64 {
			r := int64(1)
			for k := int64(0); k < b; k++ {
				if r > lim || r < -lim || a > lim || a < -lim {
					return nil, false
				}
				r *= a
			}
			return IntOf(r), true
		}
	}
	return nil, false
}

func unary(c *call, a []Type) Type {
	x := a[0]
	if isArray(x) {
		return arrayUnary(c, a)
	}
	switch t := x.(type) {
	case Int:
		if t.Known && t.V != math.MinInt64 {
			switch c.p {
			case ir.Neg:
				return IntOf(-t.V)
			case ir.Abs:
				return IntOf(max(t.V, -t.V))
			}
			return t
		}
		return AnyInt
	case Bool:
		n, known := numOf(t)
		if known {
			if c.p == ir.Neg {
				return IntOf(-n.i)
			}
			return IntOf(n.i)
		}
		return AnyInt
	case Float:
		if t.Known {
			switch c.p {
			case ir.Neg:
				return FloatOf(-t.V)
			case ir.Abs:
				return FloatOf(math.Abs(t.V))
			}
			return t
		}
		return AnyFloat
	}
	if c.p == ir.Abs {
		return c.errorf("bad operand type for abs(): '%s'", TypeName(x))
	}
	return c.errorf("bad operand type for unary %s: '%s'", opSymbol[c.p], TypeName(x))
}

func compare(c *call, a []Type) Type {
	x, y := a[0], a[1]
	if anyArray(a) {
		return arrayCompare(c, a)
	}
	nx, kx := numOf(x)
	ny, ky := numOf(y)
	if isNumber(x) && isNumber(y) {
		if kx && ky {
			return BoolOf(compareNums(c.p, nx, ny))
		}
		return AnyBool
	}
	if c.p == ir.Eq || c.p == ir.Ne {
		if sx, ok := x.(Str); ok && sx.Known {
			if sy, ok := y.(Str); ok && sy.Known {
				return BoolOf((sx.V == sy.V) == (c.p == ir.Eq))
			}
		}
		if x == None && y == None {
			return BoolOf(c.p == ir.Eq)
		}
		return AnyBool
	}
	switch x.(type) {
	case Str:
		if _, ok := y.(Str); ok {
			return AnyBool
		}
	case *Tuple:
		if _, ok := y.(*Tuple); ok {
			return AnyBool
		}
	case *List:
		if _, ok := y.(*List); ok {
			return AnyBool
		}
	}
	return c.errorf("'%s' not supported between instances of '%s' and '%s'", opSymbol[c.p], TypeName(x), TypeName(y))
}

func compareNums(p ir.Prim, x, y num) bool {
	var cmp int
	if x.isFloat || y.isFloat {
		a, b := x.float(), y.float()
		if a != a || b != b { // NaN: every comparison but != is false
			return p == ir.Ne
		}
		switch {
		case a < b:
			cmp = -1
		case a > b:
			cmp = 1
		}
	} else {
		switch {
		case x.i < y.i:
			cmp = -1
		case x.i > y.i:
			cmp = 1
		}
	}
	switch p {
	case ir.Eq:
		return cmp == 0
	case ir.Ne:
		return cmp != 0
	case ir.Lt:
		return cmp < 0
	case ir.Le:
		return cmp <= 0
	case ir.Gt:
		return cmp > 0
	}
	return cmp >= 0
}

func notRule(c *call, a []Type) Type {
	if !arrayTruth(c, a[0]) {
		return Bottom{}
	}
	if v, ok := truthValue(a[0]); ok {
		return BoolOf(!v)
	}
	return AnyBool
}

func truthRule(c *call, a []Type) Type {
	if !arrayTruth(c, a[0]) {
		return Bottom{}
	}
	if v, ok := truthValue(a[0]); ok {
		return BoolOf(v)
	}
	return AnyBool
}

func toInt(c *call, a []Type) Type {
	switch t := a[0].(type) {
	case Int:
		return t
	case Bool:
		n, known := numOf(t)
		if known {
			return IntOf(n.i)
		}
		return AnyInt
	case Float:
		if t.Known && !math.IsNaN(t.V) && math.Abs(t.V) < 1<<62 {
			return IntOf(int64(t.V))
		}
		return AnyInt
	case Str:
		return AnyInt
	case *Array:
		return toScalar(c, t, AnyInt)
	}
	return c.errorf("int() argument must be a string or a number, not '%s'", TypeName(a[0]))
}

// notNoneRule narrows a value that may be None to its value, where a
// test has shown it is not None. Of None itself it never returns: its
// branch is not taken.
func notNoneRule(c *call, a []Type) Type {
	switch t := a[0].(type) {
	case *Optional:
		return t.T
	case NoneType:
		return Bottom{}
	}
	return a[0]
}

func toFloat(c *call, a []Type) Type {
	switch t := a[0].(type) {
	case Float:
		return t
	case Int, Bool:
		n, known := numOf(t)
		if known {
			return FloatOf(float64(n.i))
		}
		return AnyFloat
	case Str:
		return AnyFloat
	case *Array:
		return toScalar(c, t, AnyFloat)
	}
	return c.errorf("float() argument must be a string or a real number, not '%s'", TypeName(a[0]))
}

func minMax(c *call, a []Type) Type {
	x, y := a[0], a[1]
	if isNumber(x) && isNumber(y) {
		nx, kx := numOf(x)
		ny, ky := numOf(y)
		j, _ := Join(widen(x), widen(y))
		if kx && ky {
			better := compareNums(ir.Lt, ny, nx) // min: y < x picks y
			if c.p == ir.ScalarMax {
				better = compareNums(ir.Gt, ny, nx)
			}
			r := x
			if better {
				r = y
			}
			if _, isF := j.(Float); isF {
				n, _ := numOf(r)
				return FloatOf(n.float())
			}
			if _, isI := j.(Int); isI {
				n, _ := numOf(r)
				return IntOf(n.i)
			}
			return r
		}
		return j
	}
	if Equal(widen(x), widen(y)) {
		switch x.(type) {
		case Str, *Tuple, *List:
			return widen(x)
		}
	}
	return c.errorf("'%s' not supported between instances of '%s' and '%s'", "<", TypeName(x), TypeName(y))
}

func mathRule(c *call, a []Type) Type {
	if isArray(a[0]) {
		return arrayMath(c, a)
	}
	if !isNumber(a[0]) {
		return c.errorf("%s() must be a real number, not %s", primName(c.p), TypeName(a[0]))
	}
	return AnyFloat
}

// Automatic differentiation.

// jRule: J(f) of a function known here is the function its transform
// makes: the J graph of a graph (with the J of its closure's free
// variables as context), the fprop graph of a primitive. J of a tuple or
// list maps over it; J of any other value is itself.
func jRule(c *call, a []Type) Type {
	if c.in.opt.AD == nil {
		return c.in.jType(c, a[0], nil, "")
	}
	return c.in.jType(c, a[0], c.in.opt.AD, "env/")
}

// jfRule types JF, forward mode: as J, with the forward transform.
func jfRule(c *call, a []Type) Type {
	if c.in.opt.AD == nil || c.in.opt.AD.Forward() == nil {
		return c.in.jType(c, a[0], nil, "")
	}
	return c.in.jType(c, a[0], c.in.opt.AD.Forward(), "fenv/")
}

// jType is the type of the transform (J or JF: tr, whose closures'
// contexts are keyed by prefix) of a value of type t.
func (in *inferrer) jType(c *call, t Type, tr ir.Transform, prefix string) Type {
	switch t := t.(type) {
	case *Tuple:
		out := make([]Type, len(t.Elems))
		for i, e := range t.Elems {
			out[i] = in.jType(c, e, tr, prefix)
			if isBottom(out[i]) {
				return Bottom{}
			}
		}
		return &Tuple{Elems: out}
	case *List:
		e := in.jType(c, t.Elem, tr, prefix)
		if isBottom(e) && !isBottom(t.Elem) {
			return Bottom{}
		}
		return &List{Elem: e, Len: t.Len}
	case *Func:
		if tr == nil {
			return c.errorf("cannot differentiate this function: inference was run without a differentiator")
		}
		var fns []Fn
		for _, fn := range t.Fns {
			j := in.jFn(c, fn, tr, prefix)
			if j == nil {
				return Bottom{}
			}
			fns = append(fns, j)
		}
		return newFunc(fns...)
	}
	return t
}

func (in *inferrer) jFn(c *call, fn Fn, tr ir.Transform, prefix string) (out Fn) {
	defer func() {
		if r := recover(); r != nil {
			if a, ok := r.(ir.Abort); ok {
				// Derivatives nested too deep (ad.MaxOrder): in a loop
				// that differentiates its own function value (f =
				// grad(f)), the joined types of the iterations nest
				// without end; unrolled, a known number of iterations
				// ends.
				if strings.HasPrefix(a.Err.Msg, "derivatives nested more than") && in.unrollAround(c.f, a.Err) {
					out = nil
					return
				}
				panic(r) // the pipeline reports it: inference cannot go on
			}
			c.errorf("cannot differentiate %s: %v", fn, r)
			out = nil
		}
	}()
	switch fn := fn.(type) {
	case PrimFn:
		ar := fn.P.Info().Arity
		if ar < 0 {
			c.errorf("cannot differentiate %s used as a function value", primName(fn.P))
			return nil
		}
		return &GraphFn{G: tr.Fprop(fn.P, ar), Track: c.a.ID()}
	case *GraphFn:
		jg := tr.Graph(fn.G)
		if jg.Parent == nil {
			return &GraphFn{G: jg, Track: c.a.ID()}
		}
		// The context of J(closure): J of the closure's free variables.
		// It is keyed by the closure, and made before its types are
		// computed, so that closures that capture each other end.
		k := prefix + fn.Key()
		ef := in.frames[k]
		if ef == nil {
			ef = &frame{id: len(in.all) + 1, g: jg.Parent, env: map[ir.Node]Type{}, key: k, result: Bottom{},
				callers: map[*frame]bool{}, readers: map[*frame]bool{}}
			in.all = append(in.all, ef)
			in.frames[k] = ef
		}
		if !ef.active {
			ef.active = true
			emap := tr.EnvMap(fn.G)
			fv := in.m.FreeVariables(fn.G)
			jfv := in.m.FreeVariables(jg)
			changed := false
			for i, v := range jfv {
				t := in.jType(c, in.typeOf(frameOf(fn.Ctx), fv[emap[i]]), tr, prefix)
				if old, ok := ef.env[v]; !ok || !Equal(old, t) {
					ef.env[v] = t
					changed = true
				}
			}
			ef.active = false
			if changed {
				for r := range ef.readers {
					in.markDirty(r)
				}
			}
		}
		// Reading the closure's context from here: re-infer when it changes.
		if fn.Ctx != nil {
			frameOf(fn.Ctx).addReader(c.f)
		}
		return &GraphFn{G: jg, Ctx: asFrame(ef), Track: c.a.ID()}
	}
	c.errorf("cannot differentiate %s", fn)
	return nil
}

func zerosOf(t Type) Type {
	switch t := t.(type) {
	case Int:
		return IntOf(0)
	case Float:
		return FloatOf(0)
	case Bool:
		return BoolOf(false)
	case *Tuple:
		out := make([]Type, len(t.Elems))
		for i, e := range t.Elems {
			out[i] = zerosOf(e)
		}
		return &Tuple{Elems: out}
	case *List:
		return &List{Elem: zerosOf(t.Elem), Len: t.Len}
	case *Array:
		return t
	case *Func, *Env:
		return &Env{}
	case *Optional:
		// The zero of a value that may be None is its value's: None
		// adds nothing to a sensitivity (gadd), so where the value is
		// None the zero is never read as a number.
		return zerosOf(t.T)
	case Bottom, Undef:
		return t
	}
	return None
}

func onesLike(c *call, a []Type) Type {
	var ones func(t Type) Type
	ones = func(t Type) Type {
		switch t := t.(type) {
		case Int:
			return IntOf(1)
		case Float:
			return FloatOf(1)
		case Bool:
			return BoolOf(true)
		case *Tuple:
			out := make([]Type, len(t.Elems))
			for i, e := range t.Elems {
				if out[i] = ones(e); out[i] == nil {
					return nil
				}
			}
			return &Tuple{Elems: out}
		case *List:
			e := ones(t.Elem)
			if e == nil {
				return nil
			}
			return &List{Elem: e, Len: t.Len}
		case *Array:
			return t
		}
		return nil
	}
	if r := ones(a[0]); r != nil {
		return r
	}
	return c.errorf("ones_like of %s", Describe(a[0]))
}

// gaddType is the type of gadd(x, y): sensitivities add up, None is the
// zero of anything, bools stay bools.
func gaddType(x, y Type) (Type, bool) {
	if _, ok := x.(Undef); ok || x == None {
		return y, true
	}
	if _, ok := y.(Undef); ok || y == None {
		return x, true
	}
	if isNumber(x) && isNumber(y) {
		_, xb := x.(Bool)
		_, yb := y.(Bool)
		if xb && yb {
			return AnyBool, true
		}
		return numericResult(ir.Add, x, y), true
	}
	switch x := x.(type) {
	case *Tuple:
		y, ok := y.(*Tuple)
		if !ok || len(x.Elems) != len(y.Elems) {
			return nil, false
		}
		out := make([]Type, len(x.Elems))
		for i := range out {
			if out[i], ok = gaddType(x.Elems[i], y.Elems[i]); !ok {
				return nil, false
			}
		}
		return &Tuple{Elems: out}, true
	case *List:
		y, ok := y.(*List)
		if !ok {
			return nil, false
		}
		e, ok := gaddType(x.Elem, y.Elem)
		if !ok {
			return nil, false
		}
		n := x.Len
		if n != y.Len {
			n = -1
		}
		return &List{Elem: e, Len: n}, true
	case *Env:
		y, ok := y.(*Env)
		if !ok {
			return nil, false
		}
		return joinEnv(x, y, gaddType)
	case *Array:
		if isNumber(y) || isArray(y) {
			return gaddArrays(x, y)
		}
	}
	if isArray(y) && isNumber(x) {
		return gaddArrays(x, y)
	}
	return nil, false
}

// gaddArrays adds sensitivities of which one at least is an array: the
// broadcast shape, the larger dtype (bools stay bools).
func gaddArrays(x, y Type) (Type, bool) {
	xdt, xs, _, _ := asArray(x)
	ydt, ys, _, _ := asArray(y)
	out, ok := broadcast(xs, ys)
	if !ok {
		return nil, false
	}
	return mkArray(promote(xdt, ydt), out), true
}

// checkRule types check(cond, msg, x): x, or Bottom where x is a
// variable never bound (its read always raises).
// assertRule: an assert whose condition is known to be false never
// returns (assert False, "unreachable" after a loop that returns).
func assertRule(c *call, a []Type) Type {
	if f, ok := a[0].(Bool); ok && f.Known && !f.V {
		return Bottom{}
	}
	return None
}

func checkRule(c *call, a []Type) Type {
	if _, ok := a[2].(Undef); ok {
		return Bottom{}
	}
	// A check that fails wherever it runs (a read of a name that no
	// path to it binds) is a type error, as indexing past a tuple's end
	// is.
	if f, ok := a[0].(Bool); ok && f.Known && !f.V {
		if msg, ok := a[1].(Str); ok && msg.Known {
			return c.errorf("%s", msg.V)
		}
	}
	return a[2]
}

func gaddRule(c *call, a []Type) Type {
	t, ok := gaddType(a[0], a[1])
	if !ok {
		return c.errorf("cannot add the sensitivities %s and %s", Describe(a[0]), Describe(a[1]))
	}
	return t
}

func envKeyOf(c *call, t Type) (ir.EnvKey, bool) {
	if k, ok := t.(Int); ok && k.Known {
		return ir.EnvKey(k.V), true
	}
	return 0, false
}

func envSetItem(c *call, a []Type) Type {
	env, ok := a[0].(*Env)
	k, kok := envKeyOf(c, a[1])
	if !ok || !kok {
		return c.errorf("env_setitem of %s with key %s", Describe(a[0]), a[1])
	}
	if env.Any {
		return env
	}
	out := &Env{}
	v := widen(a[2])
	done := false
	for _, e := range env.Entries {
		if e.Key == k {
			e.Type, done = v, true
		} else if e.Key > k && !done {
			out.Entries = append(out.Entries, EnvEntry{Key: k, Type: v})
			done = true
		}
		out.Entries = append(out.Entries, e)
	}
	if !done {
		out.Entries = append(out.Entries, EnvEntry{Key: k, Type: v})
	}
	return capEnv(out, 0)
}

func envGetItem(c *call, a []Type) Type {
	env, ok := a[0].(*Env)
	k, kok := envKeyOf(c, a[1])
	if !ok || !kok {
		return c.errorf("env_getitem of %s with key %s", Describe(a[0]), a[1])
	}
	def := widen(a[2])
	for _, e := range env.Entries {
		if e.Key == k {
			if j, ok := Join(e.Type, def); ok {
				return j
			}
			return e.Type
		}
	}
	return def
}

func tupleSetItem(c *call, a []Type) Type {
	if s, ok := a[0].(*Array); ok {
		return setItemArray(c, s, a[1], a[2], a)
	}
	if sl, ok := a[1].(*Slice); ok {
		return setItemSlice(c, a[0], sl, a[2])
	}
	i, known, ok := index(a[1])
	if !ok {
		return c.errorf("tuple indices must be integers, not %s", TypeName(a[1]))
	}
	v := a[2]
	switch s := a[0].(type) {
	case *Tuple:
		n := int64(len(s.Elems))
		out := append([]Type(nil), s.Elems...)
		if known {
			if i < 0 {
				i += n
			}
			if i < 0 || i >= n {
				return c.errorf("tuple assignment index out of range")
			}
			out[i] = v
			return &Tuple{Elems: out}
		}
		for k := range out {
			j, ok := Join(out[k], v)
			if !ok {
				return c.errorf("cannot set an element of %s to %s at an index unknown at compile time", Describe(s), Describe(v))
			}
			out[k] = widen(j)
		}
		return &Tuple{Elems: out}
	case *List:
		e, ok := Join(s.Elem, v)
		if !ok {
			return c.errorf("cannot set an element of %s to %s", Describe(s), Describe(v))
		}
		return &List{Elem: widen(e), Len: s.Len}
	}
	return c.errorf("tuple_setitem of %s", Describe(a[0]))
}

// gradSens is 1.0 for the scalar float output of a function grad
// differentiates; anything else is the user's error, at the grad call.
func gradSens(c *call, a []Type) Type {
	if _, ok := a[0].(Float); ok {
		return FloatOf(1)
	}
	return c.errorf("grad needs a function whose output is a scalar float, got %s", Describe(a[0]))
}

// fixSens is the type of fix_sens(x, d): zeros of x's type where x is an
// int or a bool, floats where x is a float, mapped over sequences.
func fixSens(x, d Type) (Type, bool) {
	switch x := x.(type) {
	case Int, Bool:
		return zerosOf(x), true
	case Float:
		return AnyFloat, true
	case *Func:
		return nil, false
	case *Array:
		if _, isF := x.DType.(Float); isF {
			return x, true
		}
		return zerosOf(x), true
	case *Tuple:
		var ds []Type
		if dt, ok := d.(*Tuple); ok {
			ds = dt.Elems
		}
		out := make([]Type, len(x.Elems))
		for i, e := range x.Elems {
			var di Type = None
			if i < len(ds) {
				di = ds[i]
			}
			var ok bool
			if out[i], ok = fixSens(e, di); !ok {
				return nil, false
			}
		}
		return &Tuple{Elems: out}, true
	case *List:
		var de Type = None
		if dl, ok := d.(*List); ok {
			de = dl.Elem
		}
		e, ok := fixSens(x.Elem, de)
		if !ok {
			return nil, false
		}
		return &List{Elem: e, Len: x.Len}, true
	}
	if d == None {
		return zerosOf(x), true
	}
	return d, true
}

// checkSens is the type of check_sens(x, d, msg): d, if it is a
// sensitivity of x's structure (sensOf), else an error at the call:
// msg, then x's type and d's.
func checkSens(c *call, a []Type) Type {
	if sensOf(a[0], a[1]) {
		return a[1]
	}
	msg, _ := a[2].(Str)
	return c.errorf("%s (%s), got %s", msg.V, Describe(a[0]), Describe(a[1]))
}

// sensOf reports whether d may be a sensitivity of a value of type x:
// None (a zero) anywhere; where x is a tuple, a tuple of as many
// elements, each one of its element's; a list where x is a list, an
// array where x is an array and a number where x is a number. What
// has no structure of its own to match (None, a function, an
// environment, a value that may be None) takes any d.
func sensOf(x, d Type) bool {
	if _, ok := d.(Bottom); ok || d == None {
		return true // None, or an empty list's elements
	}
	switch x := x.(type) {
	case *Tuple:
		dt, ok := d.(*Tuple)
		if !ok || len(dt.Elems) != len(x.Elems) {
			return false
		}
		for i, e := range x.Elems {
			if !sensOf(e, dt.Elems[i]) {
				return false
			}
		}
		return true
	case *List:
		dl, ok := d.(*List)
		return ok && (x.Len < 0 || dl.Len < 0 || x.Len == dl.Len) && sensOf(x.Elem, dl.Elem)
	case *Array:
		_, ok := d.(*Array)
		return ok
	case Int, Float, Bool:
		return isNumber(d)
	}
	return true
}
