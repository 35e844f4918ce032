package vm

import (
	"fmt"
	"sort"
	"strings"
	"unsafe"

	"github.com/myia/myia/ir"
)

// The run-time side of automatic differentiation: the primitives the J
// transform (package ad) emits. Sensitivities mirror values: a number's
// is a number of its type, a tuple's a tuple, a closure's an environment
// (KEnv) mapping the keys of its free variables (ir.EnvKey, run-time
// ints) to their sensitivities. None stands for "no sensitivity" where
// there is nothing to differentiate (strings, ranges, None): gadd skips
// it.

// Differentiator transforms graphs for J at run time; *ad.Transformer
// implements it. The VM may not import package ad, so the caller passes
// one in Options.AD.
type Differentiator interface {
	// Graph, EnvMap and Fprop are J's (reverse mode): free variable i
	// of J(g) is J of free variable EnvMap(g)[i] of g.
	ir.Transform
	// Forward returns JF, forward mode (nil: JF is an error).
	Forward() ir.Transform
}

// envObj is an environment of sensitivities: an immutable map from keys
// to values, sorted by key. Setting a key copies it; environments hold
// one entry per free variable of a closure, so they stay small.
type envObj struct {
	header
	keys []int64
	vals []Value
}

var emptyEnv = envObj{header: header{KEnv}}

// NewEnv is the empty environment.
func NewEnv() Value { return Value{p: unsafe.Pointer(&emptyEnv)} }

func (v Value) env() *envObj { return (*envObj)(v.p) }

// find returns the index of key in e, or where it would go.
func (e *envObj) find(key int64) (int, bool) {
	i := sort.Search(len(e.keys), func(i int) bool { return e.keys[i] >= key })
	return i, i < len(e.keys) && e.keys[i] == key
}

func (e *envObj) set(key int64, v Value) Value {
	i, found := e.find(key)
	j := i // e's entries after key start at j
	if found {
		j++
	}
	n := newEnvObj(len(e.keys) - (j - i) + 1)
	n.keys = append(append(append(n.keys, e.keys[:i]...), key), e.keys[j:]...)
	n.vals = append(append(append(n.vals, e.vals[:i]...), v), e.vals[j:]...)
	return Value{p: unsafe.Pointer(n)}
}

// envN is an environment allocated with room for its n entries: the
// environments of the gradients of scalar code hold one or two, and
// set then allocates once rather than three times.
type envN[K [1]int64 | [2]int64 | [4]int64, V [1]Value | [2]Value | [4]Value] struct {
	envObj
	k K
	v V
}

// newEnvObj returns an empty environment with capacity for n entries.
func newEnvObj(n int) *envObj {
	switch {
	case n <= 1:
		o := &envN[[1]int64, [1]Value]{}
		o.envObj = envObj{header{KEnv}, o.k[:0], o.v[:0]}
		return &o.envObj
	case n <= 2:
		o := &envN[[2]int64, [2]Value]{}
		o.envObj = envObj{header{KEnv}, o.k[:0], o.v[:0]}
		return &o.envObj
	case n <= 4:
		o := &envN[[4]int64, [4]Value]{}
		o.envObj = envObj{header{KEnv}, o.k[:0], o.v[:0]}
		return &o.envObj
	}
	return &envObj{header{KEnv}, make([]int64, 0, n), make([]Value, 0, n)}
}

func (e *envObj) repr(b *strings.Builder) {
	b.WriteString("env(")
	for i, k := range e.keys {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(b, "$%d: ", k)
		e.vals[i].writeRepr(b)
	}
	b.WriteByte(')')
}

func init() {
	prims[ir.J] = func(vm *VM, a []Value) (Value, error) {
		if vm.ad == nil {
			return vm.applyJ(a[0], nil)
		}
		return vm.applyJ(a[0], vm.ad)
	}
	prims[ir.JF] = func(vm *VM, a []Value) (Value, error) {
		if vm.ad == nil {
			return vm.applyJ(a[0], nil)
		}
		return vm.applyJ(a[0], vm.ad.Forward())
	}
	prims[ir.ZerosLike] = func(_ *VM, a []Value) (Value, error) { return zerosLike(a[0]), nil }
	prims[ir.OnesLike] = func(_ *VM, a []Value) (Value, error) { return onesLike(a[0]) }
	prims[ir.Gadd] = func(_ *VM, a []Value) (Value, error) { return gadd(a[0], a[1]) }
	prims[ir.NewEnv] = func(_ *VM, a []Value) (Value, error) { return NewEnv(), nil }
	prims[ir.EnvSetItem] = func(_ *VM, a []Value) (Value, error) {
		if a[0].Kind() != KEnv || !a[1].isIntLike() {
			return None, errorf("env_setitem of %s with key %s", a[0].typeName(), a[1].typeName())
		}
		return a[0].env().set(int64(a[1].n), a[2]), nil
	}
	prims[ir.EnvGetItem] = func(_ *VM, a []Value) (Value, error) {
		if a[0].Kind() != KEnv || !a[1].isIntLike() {
			return None, errorf("env_getitem of %s with key %s", a[0].typeName(), a[1].typeName())
		}
		e := a[0].env()
		if i, ok := e.find(int64(a[1].n)); ok {
			return e.vals[i], nil
		}
		return a[2], nil
	}
	prims[ir.TupleSetItem] = func(_ *VM, a []Value) (Value, error) { return tupleSetItem(a[0], a[1], a[2]) }
	prims[ir.GradSens] = func(_ *VM, a []Value) (Value, error) {
		if a[0].Kind() != KFloat {
			return None, errorf("grad needs a function whose output is a scalar float, got %s", a[0].typeName())
		}
		return Float(1), nil
	}
	prims[ir.FixSens] = func(_ *VM, a []Value) (Value, error) { return fixSens(a[0], a[1]) }
	prims[ir.StopGradient] = func(_ *VM, a []Value) (Value, error) { return a[0], nil }
	prims[ir.CheckSens] = func(_ *VM, a []Value) (Value, error) { return a[1], nil } // checked by inference
	prims[ir.IsSeq] = func(_ *VM, a []Value) (Value, error) {
		k := a[0].Kind()
		return Bool(k == KTuple || k == KList), nil
	}
	prims[ir.GradForward] = func(_ *VM, a []Value) (Value, error) {
		return Bool(a[0].Kind() == KFloat && !holdsFunc(a[1])), nil
	}

	// The fast paths of the primitives a gradient's backward pass calls
	// at every step, for numbers and environments.
	fastPrims[ir.NewEnv] = func(_, _, _ Value) (Value, bool) { return NewEnv(), true }
	fastPrims[ir.EnvGetItem] = func(e, key, dflt Value) (Value, bool) {
		if e.Kind() != KEnv || !key.isIntLike() {
			return None, false
		}
		if i, ok := e.env().find(int64(key.n)); ok {
			return e.env().vals[i], true
		}
		return dflt, true
	}
	fastPrims[ir.EnvSetItem] = func(e, key, v Value) (Value, bool) {
		if e.Kind() != KEnv || !key.isIntLike() {
			return None, false
		}
		return e.env().set(int64(key.n), v), true
	}
	fastPrims[ir.Gadd] = func(x, y, _ Value) (Value, bool) {
		switch {
		case x.isFloat() && y.isFloat():
			return Float(x.float() + y.float()), true
		case x.IsNone():
			return y, true
		case y.IsNone():
			return x, true
		}
		return None, false
	}
	fastPrims[ir.SumToLike] = func(d, x, _ Value) (Value, bool) {
		if d.Kind() != KArray && x.Kind() != KArray {
			return d, true // a number's sensitivity, summed to a number
		}
		return None, false
	}
	fastPrims[ir.ZerosLike] = func(x, _, _ Value) (Value, bool) {
		if x.isFloat() || x.isInt() {
			return zerosLike(x), true
		}
		return None, false
	}
}

// applyJ is J(x) or JF(x), by tr: a function becomes its transform
// (J's returns (value, backpropagator), JF's (value, tangent)); the
// free variables of a closure, and the elements of tuples and lists,
// are transformed in turn; other values are themselves.
func (vm *VM) applyJ(x Value, tr ir.Transform) (v Value, err error) {
	switch x.Kind() {
	case KTuple, KList:
		elems := x.seq().elems
		v, out := newSeq(x.Kind(), len(elems))
		for i, e := range elems {
			if out[i], err = vm.applyJ(e, tr); err != nil {
				return None, err
			}
		}
		return v, nil
	case KFunc:
	default:
		return x, nil
	}
	if tr == nil {
		return None, errorf("cannot differentiate: the VM was made without a differentiator (Options.AD)")
	}
	defer func() {
		if r := recover(); r != nil {
			v, err = None, errorf("cannot differentiate: %v", r)
		}
	}()
	f := x.funcv()
	if f.prim != 0 {
		ar := f.prim.Info().Arity
		if ar < 0 {
			return None, errorf("cannot differentiate %s used as a function value", primName(f.prim))
		}
		return vm.function(tr.Fprop(f.prim, ar)).value(), nil
	}
	jg := tr.Graph(f.fn.g)
	emap := tr.EnvMap(f.fn.g)
	v, env := newClosure(vm.function(jg), len(emap))
	for i, k := range emap {
		if env[i], err = vm.applyJ(f.env[k], tr); err != nil {
			return None, err
		}
	}
	return v, nil
}

// zerosLike is the zero sensitivity of x: 0, 0.0 or False for numbers,
// zeros of the same structure for tuples and lists, an array of zeros of
// the same shape and dtype for an array, the empty environment for
// functions and environments, None for the rest (slice values too).
func zerosLike(x Value) Value {
	switch x.Kind() {
	case KInt:
		return Int(0)
	case KFloat:
		return Float(0)
	case KBool:
		return Bool(false)
	case KTuple, KList:
		elems := x.seq().elems
		v, out := newSeq(x.Kind(), len(elems))
		for i, e := range elems {
			out[i] = zerosLike(e)
		}
		return v
	case KFunc, KEnv:
		return NewEnv()
	case KArray:
		a := x.arr()
		return zerosArray(a.dt, a.shape).value()
	}
	return None
}

// onesLike is 1, 1.0 or True for numbers, mapped over tuples and lists.
func onesLike(x Value) (Value, error) {
	switch x.Kind() {
	case KInt:
		return Int(1), nil
	case KFloat:
		return Float(1), nil
	case KBool:
		return Bool(true), nil
	case KArray:
		a := x.arr()
		one := Float(1)
		if a.dt != dFloat {
			one = Int(1)
		}
		o, err := filled(shapeTuple(a.shape), one)
		if err != nil || a.dt != dBool {
			return o, err
		}
		return o.arr().astype(dBool).value(), nil
	case KTuple, KList:
		elems := x.seq().elems
		v, out := newSeq(x.Kind(), len(elems))
		for i, e := range elems {
			o, err := onesLike(e)
			if err != nil {
				return None, err
			}
			out[i] = o
		}
		return v, nil
	}
	return None, errorf("ones_like of %s", x.typeName())
}

// gadd adds two sensitivities of the same structure: numbers, arrays
// (with broadcasting, or an array and a number), element by element for
// tuples and lists, key by key for environments; None is the zero of
// anything; of two slice values, gadd returns the first.
func gadd(x, y Value) (Value, error) {
	switch {
	case x.IsNone():
		return y, nil
	case y.IsNone():
		return x, nil
	case x.Kind() == KArray || y.Kind() == KArray:
		if x.Kind() == KArray && y.Kind() == KArray && x.arr().dt == dBool && y.arr().dt == dBool {
			return x, nil
		}
		if r, ok := gaddZero(x, y); ok {
			return r, nil
		}
		return arrayBinary(ir.Add, x, y)
	case x.Kind() == KSlice && y.Kind() == KSlice:
		return x, nil
	case x.isNumber() && y.isNumber():
		if x.Kind() == KBool && y.Kind() == KBool {
			return x, nil // the sensitivity of a bool is always False
		}
		return arith(ir.Add, x, y)
	}
	k := x.Kind()
	if k != y.Kind() {
		return None, errorf("gadd of %s and %s", x.typeName(), y.typeName())
	}
	switch k {
	case KTuple, KList:
		a, b := x.seq().elems, y.seq().elems
		if len(a) != len(b) {
			return None, errorf("gadd of %ss of lengths %d and %d", k, len(a), len(b))
		}
		v, out := newSeq(k, len(a))
		for i := range a {
			s, err := gadd(a[i], b[i])
			if err != nil {
				return None, err
			}
			out[i] = s
		}
		return v, nil
	case KEnv:
		if len(x.env().keys) < len(y.env().keys) {
			x, y = y, x
		}
		out := x
		ye := y.env()
		for i, key := range ye.keys {
			e := out.env()
			if j, ok := e.find(key); ok {
				s, err := gadd(e.vals[j], ye.vals[i])
				if err != nil {
					return None, err
				}
				out = e.set(key, s)
			} else {
				out = e.set(key, ye.vals[i])
			}
		}
		return out, nil
	}
	return None, errorf("gadd of %s and %s", x.typeName(), y.typeName())
}

// tupleSetItem is t with element i replaced by v (tuples and lists).
func tupleSetItem(t, i, v Value) (Value, error) {
	k := t.Kind()
	switch {
	case k == KArray:
		return setItemArray(t.arr(), i, v)
	case k != KTuple && k != KList:
		return None, errorf("tuple_setitem of %s", t.typeName())
	case i.Kind() == KSlice:
		return setSlice(t, i, v)
	}
	if !i.isIntLike() {
		return None, errorf("%s indices must be integers or slices, not %s", k, i.typeName())
	}
	elems := t.seq().elems
	j := int64(i.n)
	if j < 0 {
		j += int64(len(elems))
	}
	if j < 0 || j >= int64(len(elems)) {
		return None, errorf("%s assignment index out of range", k)
	}
	r, out := newSeq(k, len(elems))
	copy(out, elems)
	out[j] = v
	return r, nil
}

// fixSens is d, the sensitivity of x, with zeros of x's type where x is
// an int or a bool (their gradients are zero), floats where x is a float,
// mapped over tuples and lists. For an int or bool array x it is float
// zeros of x's shape; for a float array, d as floats.
func fixSens(x, d Value) (Value, error) {
	switch x.Kind() {
	case KInt, KBool:
		return zerosLike(x), nil
	case KFloat:
		if d.isNumber() {
			return Float(d.AsFloat()), nil
		}
		if d.Kind() == KArray { // a float broadcast against an array
			return reduce(ir.ReduceSum, d.arr().astype(dFloat).value(), None, Bool(false))
		}
		return Float(0), nil
	case KTuple, KList:
		elems := x.seq().elems
		ds := d.Elems()
		if d.Kind() == KArray && len(d.arr().shape) > 0 {
			// The sensitivity of a tuple an array operation took as an
			// array (np.sum((a, b))): its rows.
			ds = make([]Value, d.arr().shape[0])
			for i := range ds {
				var err error
				if ds[i], err = indexArray(d.arr(), Int(int64(i))); err != nil {
					return None, err
				}
			}
		}
		v, out := newSeq(x.Kind(), len(elems))
		for i, e := range elems {
			di := None
			if i < len(ds) {
				di = ds[i]
			}
			var err error
			if out[i], err = fixSens(e, di); err != nil {
				return None, err
			}
		}
		return v, nil
	case KFunc:
		return None, errorf("cannot differentiate with respect to a function value")
	case KArray:
		a := x.arr()
		if a.dt != dFloat { // an int or bool array's gradient is zeros of its dtype
			return zerosLike(x), nil
		}
		switch {
		case d.IsNone():
			return zerosLike(x), nil
		case d.Kind() == KArray && d.arr().dt != dFloat:
			return d.arr().astype(dFloat).value(), nil
		case d.isIntLike():
			return Float(d.AsFloat()), nil
		}
		return d, nil
	}
	if d.IsNone() {
		return zerosLike(x), nil
	}
	return d, nil
}

// holdsFunc reports whether x is a function or a sequence holding one.
func holdsFunc(x Value) bool {
	switch x.Kind() {
	case KFunc, KEnv:
		return true
	case KTuple, KList:
		for _, e := range x.seq().elems {
			if holdsFunc(e) {
				return true
			}
		}
	}
	return false
}
