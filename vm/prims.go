package vm

import (
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/myia/myia/ir"
	"github.com/myia/myia/ir/libm"
)

// primFn implements a primitive. args is the VM's scratch buffer: a
// primitive that keeps its arguments must copy them. The arity is
// checked before the call (by ir.Verify for applications, by the VM for
// calls of a primitive as a function value).
type primFn func(vm *VM, args []Value) (Value, error)

// prims is the VM's implementation of every primitive, indexed by
// ir.Prim. The hot ones also have opcodes of their own (see code.go)
// whose fast paths handle ints and floats inline and fall back to these.
var prims [ir.NumPrims]primFn

// fastFn is the fast path of a primitive of at most three parameters,
// which takes its arguments by value (None for those it has not): ok is
// false where it does not apply, and the VM then calls the primitive's
// primFn. It spares the dispatch loop the copy of the arguments into the
// scratch buffer, which matters for the small primitives the gradients
// of scalar code call at every step (ad.go).
type fastFn func(x, y, z Value) (v Value, ok bool)

// fastPrims holds the primitives' fast paths, where they have one.
var fastPrims [ir.NumPrims]fastFn

// compilerPrims are the primitives the compiler handles itself and that
// cannot be called as values.
var compilerPrims = map[ir.Prim]bool{ir.Return: true}

func init() {
	bin := func(p ir.Prim) primFn {
		return func(_ *VM, a []Value) (Value, error) { return binary(p, a[0], a[1]) }
	}
	un := func(p ir.Prim) primFn {
		return func(_ *VM, a []Value) (Value, error) { return unary(p, a[0]) }
	}
	for _, p := range []ir.Prim{ir.Add, ir.Sub, ir.Mul, ir.TrueDiv, ir.FloorDiv, ir.Mod, ir.Pow,
		ir.Eq, ir.Ne, ir.Lt, ir.Le, ir.Gt, ir.Ge, ir.GetItem} {
		prims[p] = bin(p)
	}
	for _, p := range []ir.Prim{ir.Neg, ir.UPos, ir.Abs} {
		prims[p] = un(p)
	}
	prims[ir.Switch] = func(_ *VM, a []Value) (Value, error) {
		t, err := truth(a[0])
		if err != nil {
			return None, err
		}
		if t {
			return a[1], nil
		}
		return a[2], nil
	}
	prims[ir.Depend] = func(_ *VM, a []Value) (Value, error) { return a[0], nil }
	prims[ir.MakeTuple] = func(_ *VM, a []Value) (Value, error) {
		return copySeq(KTuple, a), nil
	}
	prims[ir.MakeList] = func(_ *VM, a []Value) (Value, error) {
		return copySeq(KList, a), nil
	}
	prims[ir.ListPush] = func(_ *VM, a []Value) (Value, error) {
		if a[0].Kind() != KList {
			return None, errorf("list_push of a %s", a[0].typeName())
		}
		v, _ := listPush(a[0], a[1], None)
		return v, nil
	}
	fastPrims[ir.ListPush] = listPush
	prims[ir.Slice] = func(_ *VM, a []Value) (Value, error) { return slice(a[0], a[1], a[2], a[3]) }
	prims[ir.Len] = func(_ *VM, a []Value) (Value, error) { return length(a[0]) }
	prims[ir.Unpack] = func(_ *VM, a []Value) (Value, error) { return unpack(a[0], a[1]) }
	fastPrims[ir.Unpack] = func(x, n, _ Value) (Value, bool) { return x, seqLen(x) == int64(n.n) }
	prims[ir.MakeRange] = func(_ *VM, a []Value) (Value, error) { return makeRange(a[0], a[1], a[2]) }
	prims[ir.Contains] = func(_ *VM, a []Value) (Value, error) { return contains(a[0], a[1]) }
	prims[ir.Not] = func(_ *VM, a []Value) (Value, error) {
		t, err := truth(a[0])
		return Bool(!t), err
	}
	prims[ir.Truth] = func(_ *VM, a []Value) (Value, error) {
		t, err := truth(a[0])
		return Bool(t), err
	}
	prims[ir.IsNone] = func(_ *VM, a []Value) (Value, error) { return Bool(a[0].IsNone()), nil }
	prims[ir.NotNone] = func(_ *VM, a []Value) (Value, error) { return a[0], nil }
	prims[ir.ToInt] = func(_ *VM, a []Value) (Value, error) { return toInt(a[0]) }
	prims[ir.ToFloat] = func(_ *VM, a []Value) (Value, error) { return toFloat(a[0]) }
	prims[ir.ScalarMin] = func(_ *VM, a []Value) (Value, error) { return minMax(ir.Lt, a[0], a[1]) }
	prims[ir.ScalarMax] = func(_ *VM, a []Value) (Value, error) { return minMax(ir.Gt, a[0], a[1]) }
	prims[ir.Exp] = mathFn(libm.Exp, math.Exp)
	prims[ir.Log] = mathFn(libm.Log, math.Log)
	prims[ir.Sqrt] = mathFn(math.Sqrt, math.Sqrt)
	prims[ir.Sin] = mathFn(libm.Sin, math.Sin)
	prims[ir.Cos] = mathFn(libm.Cos, math.Cos)
	prims[ir.Tan] = mathFn(libm.Tan, math.Tan)
	prims[ir.Tanh] = mathFn(libm.Tanh, math.Tanh)
	prims[ir.Print] = func(vm *VM, a []Value) (Value, error) { return None, vm.print(a) }
	prims[ir.Assert] = func(_ *VM, a []Value) (Value, error) {
		if t, err := truth(a[0]); err != nil || t {
			return None, err
		}
		if a[1].IsNone() {
			return None, errorf("assertion failed")
		}
		return None, errorf("assertion failed: %s", a[1].Str())
	}
	prims[ir.Check] = func(_ *VM, a []Value) (Value, error) {
		if t, err := truth(a[0]); err != nil || t {
			return a[2], err
		}
		return None, errorf("%s", a[1].Str())
	}
}

// print writes the str of each value, separated by spaces, and a
// newline.
func (vm *VM) print(args []Value) error {
	var b strings.Builder
	for i, v := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(v.Str())
	}
	b.WriteByte('\n')
	if _, err := io.WriteString(vm.out, b.String()); err != nil {
		return errorf("print: %v", err)
	}
	return nil
}

// toInt is int(x): floats are truncated toward zero, strings parsed.
func toInt(x Value) (Value, error) {
	switch x.Kind() {
	case KArray:
		e, err := arrayScalar(x.arr())
		if err != nil {
			return None, err
		}
		return toInt(e)
	case KInt, KBool:
		return Int(int64(x.n)), nil
	case KFloat:
		f := x.float()
		switch {
		case math.IsNaN(f):
			return None, errorf("cannot convert float NaN to integer")
		case math.IsInf(f, 0):
			return None, errorf("cannot convert float infinity to integer")
		case f >= 1<<63 || f <= -(1<<63)-1:
			return None, errOverflow
		}
		return Int(int64(f)), nil
	case KStr:
		s := strings.TrimSpace(x.str().s)
		i, err := strconv.ParseInt(strings.ReplaceAll(s, "_", ""), 10, 64)
		if err != nil {
			if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
				return None, errOverflow
			}
			return None, errorf("invalid literal for int() with base 10: %s", x.Repr())
		}
		return Int(i), nil
	}
	return None, errorf("int() argument must be a string or a number, not '%s'", x.typeName())
}

// toFloat is float(x).
func toFloat(x Value) (Value, error) {
	switch x.Kind() {
	case KArray:
		e, err := arrayScalar(x.arr())
		if err != nil {
			return None, err
		}
		return toFloat(e)
	case KInt, KBool:
		return Float(float64(int64(x.n))), nil
	case KFloat:
		return x, nil
	case KStr:
		s := strings.TrimSpace(x.str().s)
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			if ne, ok := err.(*strconv.NumError); !ok || ne.Err != strconv.ErrRange {
				return None, errorf("could not convert string to float: %s", x.Repr())
			}
		}
		return Float(f), nil
	}
	return None, errorf("float() argument must be a string or a real number, not '%s'", x.typeName())
}

// minMax is min(a, b) (p Lt) or max(a, b) (p Gt): the first of equal
// values, as Python chooses; if one is an int and the other a float, the
// result is a float (myia joins int and float).
func minMax(p ir.Prim, a, b Value) (Value, error) {
	better, err := order(p, b, a)
	if err != nil {
		return None, err
	}
	r, other := a, b
	if better {
		r, other = b, a
	}
	if r.isIntLike() && other.isFloat() {
		return Float(float64(int64(r.n))), nil
	}
	return r, nil
}

// mathFn makes a math function of one float: a domain error when a
// finite argument gives NaN, a range error when it gives an infinity.
// A number goes through f (the C library's, as CPython's math module
// computes it: ir/libm), an array's elements through elem (numpy's own
// loops round differently from both anyway, and a cgo call per element
// would cost more than the function).
func mathFn(f, elem func(float64) float64) primFn { return floatFn(f, elem, true) }

// npMathFn makes one of numpy's math functions of one float: as mathFn,
// but of a number it gives the IEEE result (an infinity or a NaN) where
// Python's math module raises, as numpy does (numpy's warning on stderr
// is not printed).
func npMathFn(f, elem func(float64) float64) primFn { return floatFn(f, elem, false) }

// floatFn is mathFn if raises, else npMathFn.
func floatFn(f, elem func(float64) float64, raises bool) primFn {
	return func(_ *VM, a []Value) (Value, error) {
		x := a[0]
		if x.Kind() == KArray {
			return mapFloat(x.arr(), elem), nil
		}
		if !x.isNumber() {
			return None, errorf("must be real number, not %s", x.typeName())
		}
		v := x.AsFloat()
		r := f(v)
		switch {
		case !raises:
		case math.IsNaN(r) && !math.IsNaN(v):
			return None, errorf("math domain error")
		case math.IsInf(r, 0) && !math.IsInf(v, 0):
			if v == 0 { // log(0)
				return None, errorf("math domain error")
			}
			return None, errorf("math range error")
		}
		return Float(r), nil
	}
}

// listPush is list_push(l, x) of a list l. Only opt's loop reversal
// pushes, on a tape that nothing reads once it has been pushed on (each
// push's result replaces it), so the push appends in place, amortised
// O(1) and without allocating; but the empty list is shared, and its
// first push makes a new list.
func listPush(l, x, _ Value) (Value, bool) {
	if l.Kind() != KList {
		return None, false
	}
	o := (*seqObj)(l.p)
	if len(o.elems) == 0 {
		return List(append(make([]Value, 0, 16), x)), true
	}
	o.elems = append(o.elems, x)
	return l, true
}
