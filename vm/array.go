package vm

import (
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"unsafe"
)

// Arrays: numpy's ndarray, row-major and contiguous, of float64, int64
// or bool. An array value never has shape (): a result of shape () is a
// Python scalar instead (see valueOf). Arrays are immutable like every
// value, so an array may share its data with another (x[i], reshape):
// no primitive writes into an array it did not just allocate.

// dtype is an array's element type. The order is numpy's promotion
// order: the dtype of a mixed operation is the larger.
type dtype uint8

const (
	dBool dtype = iota
	dInt
	dFloat
)

var dtypeNames = [...]string{dBool: "bool", dInt: "int64", dFloat: "float64"}

func (d dtype) String() string { return dtypeNames[d] }

// arrayObj is an ndarray. Floats are in f; ints and bools (0 or 1) in i.
// Inside the VM's array code an arrayObj may have shape () (a scalar
// operand); such an object never becomes a Value. zero marks an array
// known to hold only zeros (zerosArray), which gadd need not add.
type arrayObj struct {
	header
	dt    dtype
	zero  bool
	shape []int
	f     []float64
	i     []int64
}

func (v Value) arr() *arrayObj { return (*arrayObj)(v.p) }

func (a *arrayObj) value() Value { return Value{p: unsafe.Pointer(a)} }

// size is the number of elements of shape.
func size(shape []int) int {
	n := 1
	for _, d := range shape {
		n *= d
	}
	return n
}

func (a *arrayObj) size() int {
	if a.dt == dFloat {
		return len(a.f)
	}
	return len(a.i)
}

func (a *arrayObj) ndim() int { return len(a.shape) }

// newArray allocates an array of zeros. The shape slice is kept.
func newArray(dt dtype, shape []int) *arrayObj {
	a := &arrayObj{header: header{KArray}, dt: dt, shape: shape}
	if dt == dFloat {
		a.f = make([]float64, size(shape))
	} else {
		a.i = make([]int64, size(shape))
	}
	return a
}

// zerosArray is an array of zeros, marked zero, whose data may be shared
// with other such arrays: a shared, never written store of zeros (up to
// maxSharedZeros elements), so that zeros_like of parameters in a
// gradient allocates nothing. Arrays are immutable, so sharing is safe.
func zerosArray(dt dtype, shape []int) *arrayObj {
	a := &arrayObj{header: header{KArray}, dt: dt, zero: true, shape: shape}
	n := size(shape)
	if dt == dFloat {
		a.f = sharedZeros(&zeroFloats, n)
	} else {
		a.i = sharedZeros(&zeroInts, n)
	}
	return a
}

// maxSharedZeros bounds the shared stores of zeros (elements); larger
// arrays of zeros are allocated.
const maxSharedZeros = 1 << 21

var (
	zeroFloats atomic.Pointer[[]float64]
	zeroInts   atomic.Pointer[[]int64]
)

// sharedZeros returns n zeros from the store p, growing it if needed (a
// slice with no spare capacity, so an append copies).
func sharedZeros[T any](p *atomic.Pointer[[]T], n int) []T {
	if n > maxSharedZeros {
		return make([]T, n)
	}
	if z := p.Load(); z != nil && len(*z) >= n {
		return (*z)[:n:n]
	}
	z := make([]T, max(n, 4096))
	p.Store(&z) // a concurrent grower may win: either store is zeros
	return z[:n:n]
}

// isZero reports whether v is an array known to hold only zeros.
func isZero(v Value) bool { return v.Kind() == KArray && v.arr().zero }

// floatArray makes a float array of data, kept.
func floatArray(shape []int, data []float64) *arrayObj {
	return &arrayObj{header: header{KArray}, dt: dFloat, shape: shape, f: data}
}

// intArray makes an int (or bool) array of data, kept.
func intArray(dt dtype, shape []int, data []int64) *arrayObj {
	return &arrayObj{header: header{KArray}, dt: dt, shape: shape, i: data}
}

// NewFloatArray makes a float64 array of the given shape and row-major
// data (both kept), for callers outside the VM: tests, the CLI, native
// code. A shape of () gives a float.
func NewFloatArray(shape []int, data []float64) Value {
	return valueOf(floatArray(shape, data))
}

// NewIntArray makes an int64 array.
func NewIntArray(shape []int, data []int64) Value { return valueOf(intArray(dInt, shape, data)) }

// NewBoolArray makes a bool array of data, 0 for False and 1 for True.
func NewBoolArray(shape []int, data []int64) Value {
	return valueOf(intArray(dBool, shape, data))
}

// ArrayShape returns an array's shape and its data as floats (converted
// for int and bool arrays); ok is false for other values.
func (v Value) ArrayShape() (shape []int, data []float64, ok bool) {
	if v.Kind() != KArray {
		return nil, nil, false
	}
	a := v.arr()
	return append([]int(nil), a.shape...), a.floats(), true
}

// valueOf is the value of an array: the array, or the scalar it holds if
// its shape is ().
func valueOf(a *arrayObj) Value {
	if len(a.shape) > 0 {
		return a.value()
	}
	return a.elem(0)
}

// elem is element k as a scalar value.
func (a *arrayObj) elem(k int) Value {
	switch a.dt {
	case dFloat:
		return Float(a.f[k])
	case dInt:
		return Int(a.i[k])
	}
	return Bool(a.i[k] != 0)
}

// scalarArray is a 0-d array holding a number (an operand, never a
// value).
func scalarArray(v Value) *arrayObj {
	switch {
	case v.isFloat():
		return floatArray(nil, []float64{v.float()})
	case v.isBool():
		return intArray(dBool, nil, []int64{int64(v.n)})
	}
	return intArray(dInt, nil, []int64{int64(v.n)})
}

// floats returns the data as floats: a's own slice for a float array, a
// converted copy otherwise.
func (a *arrayObj) floats() []float64 {
	if a.dt == dFloat {
		return a.f
	}
	out := make([]float64, len(a.i))
	for k, x := range a.i {
		out[k] = float64(x)
	}
	return out
}

// astype returns a with dtype dt (a itself if it has it). A conversion
// to int truncates; to bool tests for non-zero.
func (a *arrayObj) astype(dt dtype) *arrayObj {
	if a.dt == dt {
		return a
	}
	switch {
	case dt == dFloat:
		return floatArray(a.shape, a.floats())
	case a.dt == dFloat:
		out := make([]int64, len(a.f))
		for k, x := range a.f {
			if dt == dBool {
				if x != 0 {
					out[k] = 1
				}
			} else {
				out[k] = int64(x)
			}
		}
		return intArray(dt, a.shape, out)
	case dt == dBool:
		out := make([]int64, len(a.i))
		for k, x := range a.i {
			if x != 0 {
				out[k] = 1
			}
		}
		return intArray(dt, a.shape, out)
	}
	return intArray(dt, a.shape, a.i) // bool to int: the same 0s and 1s
}

// clone copies a (same dtype and shape).
func (a *arrayObj) clone() *arrayObj {
	if a.dt == dFloat {
		return floatArray(append([]int(nil), a.shape...), append([]float64(nil), a.f...))
	}
	return intArray(a.dt, append([]int(nil), a.shape...), append([]int64(nil), a.i...))
}

// withShape is a view of a's data with another shape of the same size.
func (a *arrayObj) withShape(shape []int) *arrayObj {
	return &arrayObj{header: header{KArray}, dt: a.dt, zero: a.zero, shape: shape, f: a.f, i: a.i}
}

// sub is the view of elements [lo, hi) of a's data with the given shape.
func (a *arrayObj) sub(lo, hi int, shape []int) *arrayObj {
	b := &arrayObj{header: header{KArray}, dt: a.dt, zero: a.zero, shape: shape}
	if a.dt == dFloat {
		b.f = a.f[lo:hi:hi]
	} else {
		b.i = a.i[lo:hi:hi]
	}
	return b
}

// toArray converts an operand to an array as numpy's asarray does: an
// array is itself, a number a 0-d array, a (nested) tuple or list an
// array of its elements.
func toArray(v Value) (*arrayObj, error) {
	switch v.Kind() {
	case KArray:
		return v.arr(), nil
	case KInt, KFloat, KBool:
		return scalarArray(v), nil
	case KTuple, KList:
		return fromSeq(v)
	}
	return nil, errorf("cannot convert %s to an array", v.typeName())
}

// fromSeq is np.array of a nested tuple or list: its shape is that of
// the nesting, which must be regular; its dtype the largest of the
// elements'.
func fromSeq(v Value) (*arrayObj, error) {
	var shape []int
	// The shape comes from the first element at each level.
	for x := v; ; {
		switch x.Kind() {
		case KTuple, KList:
			es := x.seq().elems
			shape = append(shape, len(es))
			if len(es) == 0 {
				goto done
			}
			x = es[0]
			continue
		case KArray:
			shape = append(shape, x.arr().shape...)
		}
		break
	}
done:
	dt := dBool
	if size(shape) == 0 {
		dt = dFloat // np.array([]) is float64
	}
	var leaves []Value
	var walk func(x Value, depth int) error
	inhomogeneous := func(depth int) error {
		return errorf("setting an array element with a sequence. The requested array has an inhomogeneous shape after %d dimensions. The detected shape was %s + inhomogeneous part", depth, shapeStr(shape[:depth]))
	}
	walk = func(x Value, depth int) error {
		switch x.Kind() {
		case KTuple, KList:
			es := x.seq().elems
			if depth >= len(shape) || len(es) != shape[depth] {
				return inhomogeneous(depth)
			}
			for _, e := range es {
				if err := walk(e, depth+1); err != nil {
					return err
				}
			}
			return nil
		case KArray:
			a := x.arr()
			if !sameShape(a.shape, shape[depth:]) {
				return inhomogeneous(depth)
			}
			dt = max(dt, a.dt)
			for k := 0; k < a.size(); k++ {
				leaves = append(leaves, a.elem(k))
			}
			return nil
		case KInt, KFloat, KBool:
			if depth != len(shape) {
				return inhomogeneous(depth)
			}
			dt = max(dt, scalarDtype(x))
			leaves = append(leaves, x)
			return nil
		}
		return errorf("cannot make an array of %s", x.typeName())
	}
	if err := walk(v, 0); err != nil {
		return nil, err
	}
	a := newArray(dt, shape)
	for k, x := range leaves {
		if dt == dFloat {
			a.f[k] = x.AsFloat()
		} else {
			a.i[k] = int64(x.n)
		}
	}
	return a, nil
}

func scalarDtype(v Value) dtype {
	switch {
	case v.isFloat():
		return dFloat
	case v.isBool():
		return dBool
	}
	return dInt
}

func sameShape(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if a[k] != b[k] {
			return false
		}
	}
	return true
}

// shapeStr prints a shape as Python prints the tuple: (3,), (2, 3), ().
func shapeStr(shape []int) string {
	var b strings.Builder
	b.WriteByte('(')
	for k, d := range shape {
		if k > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(d))
	}
	if len(shape) == 1 {
		b.WriteByte(',')
	}
	b.WriteByte(')')
	return b.String()
}

// shapeTuple is a shape as a tuple value.
func shapeTuple(shape []int) Value {
	out := make([]Value, len(shape))
	for k, d := range shape {
		out[k] = Int(int64(d))
	}
	return Tuple(out)
}

// shapeArg reads a shape argument: an int or a tuple (or list) of ints.
// With allowNeg, one -1 may be present (for reshape).
func shapeArg(v Value, allowNeg bool) ([]int, error) {
	var dims []Value
	switch v.Kind() {
	case KInt, KBool:
		dims = []Value{v}
	case KTuple, KList:
		dims = v.seq().elems
	case KArray:
		a := v.arr()
		if a.dt == dFloat || a.ndim() != 1 {
			return nil, errorf("a shape must be an int or a tuple of ints, not a %s array", a.dt)
		}
		for _, x := range a.i {
			dims = append(dims, Int(x))
		}
	default:
		return nil, errorf("a shape must be an int or a tuple of ints, not %s", v.typeName())
	}
	shape := make([]int, len(dims))
	for k, d := range dims {
		if !d.isIntLike() {
			return nil, errorf("'%s' object cannot be interpreted as an integer", d.typeName())
		}
		n := int64(d.n)
		if n < 0 && !(allowNeg && n == -1) {
			return nil, errorf("negative dimensions are not allowed")
		}
		if n > maxArray {
			return nil, errorf("array is too big: dimension %d", n)
		}
		shape[k] = int(n)
	}
	if s := bigSize(shape); s > maxArray {
		return nil, errorf("array is too big: shape %s", shapeStr(shape))
	}
	return shape, nil
}

// maxArray bounds the number of elements of an array the VM makes.
const maxArray = 1 << 31

// bigSize is the product of non-negative dims, saturating past maxArray.
func bigSize(shape []int) uint64 {
	s := uint64(1)
	for _, d := range shape {
		if d < 0 {
			continue
		}
		s *= uint64(d)
		if s > maxArray {
			return maxArray + 1
		}
	}
	return s
}

// normAxis checks axis k of an array of ndim dimensions and makes it
// non-negative.
func normAxis(k int64, ndim int) (int, error) {
	if k < -int64(ndim) || k >= int64(ndim) {
		return 0, errorf("axis %d is out of bounds for array of dimension %d", k, ndim)
	}
	if k < 0 {
		k += int64(ndim)
	}
	return int(k), nil
}

// axesArg reads an axis argument: None (all axes, nil), an int or a
// tuple of ints; the axes are checked and made non-negative.
func axesArg(v Value, ndim int) ([]int, bool, error) {
	var elems []Value
	switch v.Kind() {
	case KNone:
		return nil, true, nil
	case KInt, KBool:
		elems = []Value{v}
	case KTuple, KList:
		elems = v.seq().elems
	default:
		return nil, false, errorf("an axis must be None, an int or a tuple of ints, not %s", v.typeName())
	}
	seen := make([]bool, ndim)
	axes := make([]int, len(elems))
	for k, e := range elems {
		if !e.isIntLike() {
			return nil, false, errorf("'%s' object cannot be interpreted as an integer", e.typeName())
		}
		ax, err := normAxis(int64(e.n), ndim)
		if err != nil {
			return nil, false, err
		}
		if seen[ax] {
			return nil, false, errorf("duplicate value in 'axis'")
		}
		seen[ax] = true
		axes[k] = ax
	}
	return axes, false, nil
}

// strides are the row-major strides (in elements) of shape.
func strides(shape []int) []int {
	st := make([]int, len(shape))
	s := 1
	for k := len(shape) - 1; k >= 0; k-- {
		st[k] = s
		s *= shape[k]
	}
	return st
}

// broadcastShapes is the shape of a and b broadcast together.
func broadcastShapes(a, b []int) ([]int, error) {
	n := max(len(a), len(b))
	out := make([]int, n)
	for k := 0; k < n; k++ {
		da, db := 1, 1
		if j := k - (n - len(a)); j >= 0 {
			da = a[j]
		}
		if j := k - (n - len(b)); j >= 0 {
			db = b[j]
		}
		switch {
		case da == db || db == 1:
			out[k] = da
		case da == 1:
			out[k] = db
		default:
			return nil, errorf("operands could not be broadcast together with shapes %s %s", shapeStr(a), shapeStr(b))
		}
	}
	return out, nil
}

// bstrides are the strides of an array of shape in to read it broadcast
// to shape out: 0 along the axes broadcasting adds or stretches.
func bstrides(in, out []int) []int {
	st := make([]int, len(out))
	s := 1
	for k := len(in) - 1; k >= 0; k-- {
		j := k + len(out) - len(in)
		if in[k] != 1 {
			st[j] = s
		}
		s *= in[k]
	}
	return st
}

// broadcastTo is a broadcast to shape, which must be compatible (a copy
// unless the shape is a's).
func (a *arrayObj) broadcastTo(shape []int) (*arrayObj, error) {
	if sameShape(a.shape, shape) {
		return a, nil
	}
	ok := len(a.shape) <= len(shape)
	for k := 0; ok && k < len(a.shape); k++ {
		d := a.shape[k]
		ok = d == 1 || d == shape[k+len(shape)-len(a.shape)]
	}
	if !ok {
		return nil, errorf("cannot broadcast an array of shape %s to shape %s", shapeStr(a.shape), shapeStr(shape))
	}
	out := newArray(a.dt, shape)
	st := bstrides(a.shape, shape)
	if a.dt == dFloat {
		gather(out.f, a.f, shape, st, 0)
	} else {
		gather(out.i, a.i, shape, st, 0)
	}
	return out, nil
}

// gather copies src, read with strides st from offset off, into dst of
// the given shape (row-major).
func gather[T any](dst, src []T, shape, st []int, off int) {
	if len(dst) == 0 {
		return
	}
	if len(shape) == 0 {
		dst[0] = src[off]
		return
	}
	n := len(shape)
	inner, is := shape[n-1], st[n-1]
	idx := make([]int, n-1)
	pos := off
	for o := 0; o < len(dst); o += inner {
		row := dst[o : o+inner]
		switch is {
		case 1:
			copy(row, src[pos:pos+inner])
		case 0:
			x := src[pos]
			for j := range row {
				row[j] = x
			}
		default:
			p := pos
			for j := range row {
				row[j] = src[p]
				p += is
			}
		}
		// Advance the index of the outer axes.
		for k := n - 2; k >= 0; k-- {
			idx[k]++
			pos += st[k]
			if idx[k] < shape[k] {
				break
			}
			pos -= st[k] * shape[k]
			idx[k] = 0
		}
	}
}

// arrayTruth is bool(x) for an array: numpy's rule.
func arrayTruth(a *arrayObj) (bool, error) {
	switch a.size() {
	case 1:
		return a.elem(0).Truth(), nil
	case 0:
		return false, nil
	}
	return false, errorf("The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()")
}

// arrayScalar is the element of an array of size 1, for int(x) and
// float(x).
func arrayScalar(a *arrayObj) (Value, error) {
	if a.size() != 1 {
		return None, errorf("only size-1 arrays can be converted to Python scalars")
	}
	return a.elem(0), nil
}

// truth is bool(v), with numpy's error for an array of several
// elements.
func truth(v Value) (bool, error) {
	if v.Kind() == KArray {
		return arrayTruth(v.arr())
	}
	return v.Truth(), nil
}

// sliceObj is a slice value, slice(lo, hi, step): bounds are ints or
// None.
type sliceObj struct {
	header
	lo, hi, step Value
}

func (v Value) slc() *sliceObj { return (*sliceObj)(v.p) }

// makeSlice is make_slice(lo, hi, step).
func makeSlice(lo, hi, step Value) (Value, error) {
	for _, b := range []Value{lo, hi, step} {
		if !b.IsNone() && !b.isIntLike() {
			return None, errorf("slice indices must be integers or None")
		}
	}
	if !step.IsNone() && step.n == 0 {
		return None, errorf("slice step cannot be zero")
	}
	return Value{p: unsafe.Pointer(&sliceObj{header{KSlice}, lo, hi, step})}, nil
}

func (s *sliceObj) repr(b *strings.Builder) {
	fmt.Fprintf(b, "slice(%s, %s, %s)", s.lo.Repr(), s.hi.Repr(), s.step.Repr())
}

// indices resolves the slice for a sequence of length n, as Python's
// slice.indices: the start, the step and the number of elements.
func (s *sliceObj) indices(n int64) (start, step, count int64, err error) {
	step, ok, err := sliceIndex(s.step)
	if err != nil {
		return 0, 0, 0, err
	}
	if !ok {
		step = 1
	}
	if step == 0 {
		return 0, 0, 0, errorf("slice step cannot be zero")
	}
	lower, upper := int64(0), n
	if step < 0 {
		lower, upper = -1, n-1
	}
	bound := func(v Value, dflt int64) (int64, error) {
		i, ok, err := sliceIndex(v)
		if err != nil || !ok {
			return dflt, err
		}
		if i < 0 {
			i += n
			if i < lower {
				i = lower
			}
		} else if i > upper {
			i = upper
		}
		return i, nil
	}
	first, last := lower, upper
	if step < 0 {
		first, last = upper, lower
	}
	if start, err = bound(s.lo, first); err != nil {
		return 0, 0, 0, err
	}
	stop, err := bound(s.hi, last)
	if err != nil {
		return 0, 0, 0, err
	}
	if step < 0 && stop < start {
		count = (start-stop-1)/(-step) + 1
	} else if step > 0 && start < stop {
		count = (stop-start-1)/step + 1
	}
	return start, step, count, nil
}
