package vm

import (
	"math"

	"github.com/myia/myia/ir"
)

// Elementwise operations on arrays, with numpy's broadcasting and dtype
// rules: an operation of ints (or bools, which count as ints: bool
// arithmetic gives ints, but for + and * of two bools, which are or and
// and) is an int64 array, one with a float a float64 array; / always
// gives floats; comparisons give bools. Int arithmetic
// wraps around on overflow and an int division by zero gives 0, as in
// numpy (which only warns); float arithmetic follows IEEE 754 (1/0 is
// inf, 0/0 nan). The loops run over []float64 or []int64 rows, with the
// hot operations (+ - * / of floats) written out for the same-shape and
// array-scalar cases.

// arrayOperand converts an operand of an elementwise operation: arrays,
// numbers, and tuples or lists of numbers (as numpy converts them).
func arrayOperand(v Value) (*arrayObj, bool) {
	switch v.Kind() {
	case KArray:
		return v.arr(), true
	case KInt, KFloat, KBool:
		return scalarArray(v), true
	case KTuple, KList:
		a, err := fromSeq(v)
		return a, err == nil
	}
	return nil, false
}

// arrayBinary applies an arithmetic or comparison primitive, or
// np.maximum or np.minimum, to operands at least one of which is an
// array (for Maximum and Minimum, numbers too).
func arrayBinary(p ir.Prim, x, y Value) (Value, error) {
	a, ok1 := arrayOperand(x)
	b, ok2 := arrayOperand(y)
	if !ok1 || !ok2 {
		switch p {
		case ir.Eq:
			return Bool(false), nil
		case ir.Ne:
			return Bool(true), nil
		case ir.Lt, ir.Le, ir.Gt, ir.Ge:
			return None, errorf("'%s' not supported between instances of '%s' and '%s'", opSymbols[p], x.typeName(), y.typeName())
		case ir.Maximum, ir.Minimum:
			return None, errorf("%s of %s and %s", p, x.typeName(), y.typeName())
		}
		return None, operandError(p, x, y)
	}
	out, err := binaryArrays(p, a, b)
	if err != nil {
		return None, err
	}
	return valueOf(out), nil
}

// binaryArrays applies p to two arrays (possibly 0-d).
func binaryArrays(p ir.Prim, a, b *arrayObj) (*arrayObj, error) {
	shape := a.shape
	if !sameShape(a.shape, b.shape) {
		var err error
		if shape, err = broadcastShapes(a.shape, b.shape); err != nil {
			return nil, err
		}
	}
	dt := max(a.dt, b.dt) // the type the operation computes in
	var rt dtype          // the type of the result
	// + and * of bools are or and and: computed in ints, then made bools.
	boolArith := dt == dBool && (p == ir.Add || p == ir.Mul)
	if dt == dBool && p == ir.Sub {
		return nil, errorf("%s", ir.MsgBoolSubtract)
	}
	switch p {
	case ir.Add, ir.Sub, ir.Mul, ir.FloorDiv, ir.Mod, ir.Pow:
		dt = max(dt, dInt)
		rt = dt
	case ir.TrueDiv:
		dt, rt = dFloat, dFloat
	case ir.Eq, ir.Ne, ir.Lt, ir.Le, ir.Gt, ir.Ge:
		rt = dBool
	case ir.Maximum, ir.Minimum:
		rt = dt
	default:
		return nil, errorf("bad elementwise primitive %s", p)
	}
	if p == ir.Pow && dt == dInt {
		for _, e := range b.i {
			if e < 0 {
				return nil, errorf("Integers to negative integer powers are not allowed.")
			}
		}
	}
	if boolArith {
		rt = dBool
	}
	out := newArray(rt, shape)
	var af, bf []float64
	if dt == dFloat {
		af, bf = a.floats(), b.floats()
	}
	if dt == dFloat && rt == dFloat && len(shape) >= 2 && shape[len(shape)-1] < 64 && !sameShape(a.shape, b.shape) {
		// Short rows (x.reshape(n, 1, d) - m.reshape(1, k, d)): blocks of
		// the last two axes, one call each.
		broadcastBlocks(shape, a.shape, b.shape, func(o, ia, sa, ra, ib, sb, rb, n, rows int) {
			for r := 0; r < rows; r++ {
				floatRow(p, out.f[o+r*n:o+(r+1)*n], af[ia+r*ra:], sa, bf[ib+r*rb:], sb)
			}
		})
		return out, nil
	}
	broadcastRows(shape, a.shape, b.shape, func(o, ia, sa, ib, sb, n int) {
		switch {
		case boolArith:
			intRow(p, out.i[o:o+n], a.i[ia:], sa, b.i[ib:], sb)
			for i, x := range out.i[o : o+n] {
				out.i[o+i] = b2i(x != 0)
			}
		case dt == dFloat && rt == dFloat:
			floatRow(p, out.f[o:o+n], af[ia:], sa, bf[ib:], sb)
		case dt == dFloat:
			apply2(out.i[o:o+n], af[ia:], sa, bf[ib:], sb, floatCmp(p))
		case rt == dBool && p != ir.Maximum && p != ir.Minimum:
			apply2(out.i[o:o+n], a.i[ia:], sa, b.i[ib:], sb, intCmp(p))
		default:
			intRow(p, out.i[o:o+n], a.i[ia:], sa, b.i[ib:], sb)
		}
	})
	return out, nil
}

// broadcastRows iterates over the output of a binary operation of
// operands of shapes as and bs broadcast to shape: f gets the output
// offset o, the offsets and steps (0 or 1) of the operands and a row
// length n. Same shapes and a scalar operand take one call.
func broadcastRows(shape, as, bs []int, f func(o, ia, sa, ib, sb, n int)) {
	n := size(shape)
	if n == 0 {
		return
	}
	switch {
	case sameShape(as, bs):
		f(0, 0, 1, 0, 1, n)
		return
	case size(bs) == 1 && sameShape(as, shape):
		f(0, 0, 1, 0, 0, n)
		return
	case size(as) == 1 && sameShape(bs, shape):
		f(0, 0, 0, 0, 1, n)
		return
	}
	sta, stb := bstrides(as, shape), bstrides(bs, shape)
	nd := len(shape)
	inner := shape[nd-1]
	idx := make([]int, nd-1)
	ia, ib := 0, 0
	for o := 0; o < n; o += inner {
		f(o, ia, sta[nd-1], ib, stb[nd-1], inner)
		for k := nd - 2; k >= 0; k-- {
			idx[k]++
			ia += sta[k]
			ib += stb[k]
			if idx[k] < shape[k] {
				break
			}
			ia -= sta[k] * shape[k]
			ib -= stb[k] * shape[k]
			idx[k] = 0
		}
	}
}

// broadcastBlocks is broadcastRows by blocks of the last two axes (at
// least two): f gets the output offset o of a block of rows rows of n
// elements, and for each operand its offset, its step along a row (0 or
// 1) and its step from one row to the next.
func broadcastBlocks(shape, as, bs []int, f func(o, ia, sa, ra, ib, sb, rb, n, rows int)) {
	total := size(shape)
	if total == 0 {
		return
	}
	sta, stb := bstrides(as, shape), bstrides(bs, shape)
	nd := len(shape)
	n, rows := shape[nd-1], shape[nd-2]
	idx := make([]int, nd-2)
	ia, ib := 0, 0
	for o := 0; o < total; o += n * rows {
		f(o, ia, sta[nd-1], sta[nd-2], ib, stb[nd-1], stb[nd-2], n, rows)
		for k := nd - 3; k >= 0; k-- {
			idx[k]++
			ia += sta[k]
			ib += stb[k]
			if idx[k] < shape[k] {
				break
			}
			ia -= sta[k] * shape[k]
			ib -= stb[k] * shape[k]
			idx[k] = 0
		}
	}
}

// apply2 is the generic row loop: dst[k] = f(a[k*sa], b[k*sb]).
func apply2[A, B, R any](dst []R, a []A, sa int, b []B, sb int, f func(A, B) R) {
	ia, ib := 0, 0
	for k := range dst {
		dst[k] = f(a[ia], b[ib])
		ia += sa
		ib += sb
	}
}

// floatRow computes a row of a float operation.
func floatRow(p ir.Prim, dst, a []float64, sa int, b []float64, sb int) {
	n := len(dst)
	switch {
	case sa == 1 && sb == 1:
		a, b := a[:n], b[:n]
		switch p {
		case ir.Add:
			for k := range dst {
				dst[k] = a[k] + b[k]
			}
			return
		case ir.Sub:
			for k := range dst {
				dst[k] = a[k] - b[k]
			}
			return
		case ir.Mul:
			for k := range dst {
				dst[k] = a[k] * b[k]
			}
			return
		case ir.TrueDiv:
			for k := range dst {
				dst[k] = a[k] / b[k]
			}
			return
		}
	case sa == 1 && sb == 0:
		a, y := a[:n], b[0]
		switch p {
		case ir.Add:
			for k := range dst {
				dst[k] = a[k] + y
			}
			return
		case ir.Sub:
			for k := range dst {
				dst[k] = a[k] - y
			}
			return
		case ir.Mul:
			for k := range dst {
				dst[k] = a[k] * y
			}
			return
		case ir.TrueDiv:
			for k := range dst {
				dst[k] = a[k] / y
			}
			return
		}
	case sa == 0 && sb == 1:
		x, b := a[0], b[:n]
		switch p {
		case ir.Add:
			for k := range dst {
				dst[k] = x + b[k]
			}
			return
		case ir.Sub:
			for k := range dst {
				dst[k] = x - b[k]
			}
			return
		case ir.Mul:
			for k := range dst {
				dst[k] = x * b[k]
			}
			return
		case ir.TrueDiv:
			for k := range dst {
				dst[k] = x / b[k]
			}
			return
		}
	}
	apply2(dst, a, sa, b, sb, floatOp(p))
}

// floatOp is a float operation on two elements, as numpy computes it.
func floatOp(p ir.Prim) func(x, y float64) float64 {
	switch p {
	case ir.Add:
		return func(x, y float64) float64 { return x + y }
	case ir.Sub:
		return func(x, y float64) float64 { return x - y }
	case ir.Mul:
		return func(x, y float64) float64 { return x * y }
	case ir.TrueDiv:
		return func(x, y float64) float64 { return x / y }
	case ir.FloorDiv:
		return func(x, y float64) float64 {
			if y == 0 {
				return x / y
			}
			return ir.FloorDivFloat(x, y)
		}
	case ir.Mod:
		return ir.ModFloat
	case ir.Pow:
		return math.Pow
	case ir.Maximum:
		return func(x, y float64) float64 {
			if x >= y || x != x {
				return x
			}
			return y
		}
	case ir.Minimum:
		return func(x, y float64) float64 {
			if x <= y || x != x {
				return x
			}
			return y
		}
	}
	panic("vm: floatOp of " + p.String())
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// floatCmp is a comparison of floats giving 0 or 1.
func floatCmp(p ir.Prim) func(x, y float64) int64 {
	switch p {
	case ir.Eq:
		return func(x, y float64) int64 { return b2i(x == y) }
	case ir.Ne:
		return func(x, y float64) int64 { return b2i(x != y) }
	case ir.Lt:
		return func(x, y float64) int64 { return b2i(x < y) }
	case ir.Le:
		return func(x, y float64) int64 { return b2i(x <= y) }
	case ir.Gt:
		return func(x, y float64) int64 { return b2i(x > y) }
	}
	return func(x, y float64) int64 { return b2i(x >= y) }
}

func intCmp(p ir.Prim) func(x, y int64) int64 {
	switch p {
	case ir.Eq:
		return func(x, y int64) int64 { return b2i(x == y) }
	case ir.Ne:
		return func(x, y int64) int64 { return b2i(x != y) }
	case ir.Lt:
		return func(x, y int64) int64 { return b2i(x < y) }
	case ir.Le:
		return func(x, y int64) int64 { return b2i(x <= y) }
	case ir.Gt:
		return func(x, y int64) int64 { return b2i(x > y) }
	}
	return func(x, y int64) int64 { return b2i(x >= y) }
}

// intRow computes a row of an int operation (wrapping on overflow).
func intRow(p ir.Prim, dst, a []int64, sa int, b []int64, sb int) {
	if p == ir.Add && sa == 1 && sb == 1 {
		a, b := a[:len(dst)], b[:len(dst)]
		for k := range dst {
			dst[k] = a[k] + b[k]
		}
		return
	}
	apply2(dst, a, sa, b, sb, intOp(p))
}

func intOp(p ir.Prim) func(x, y int64) int64 {
	switch p {
	case ir.Add:
		return func(x, y int64) int64 { return x + y }
	case ir.Sub:
		return func(x, y int64) int64 { return x - y }
	case ir.Mul:
		return func(x, y int64) int64 { return x * y }
	case ir.FloorDiv:
		return func(x, y int64) int64 {
			if y == 0 {
				return 0
			}
			q := x / y
			if x%y != 0 && (x < 0) != (y < 0) {
				q--
			}
			return q
		}
	case ir.Mod:
		return func(x, y int64) int64 {
			if y == 0 {
				return 0
			}
			r := x % y
			if r != 0 && (r < 0) != (y < 0) {
				r += y
			}
			return r
		}
	case ir.Pow:
		return func(x, y int64) int64 {
			r := int64(1)
			for ; y > 0; y >>= 1 {
				if y&1 != 0 {
					r *= x
				}
				x *= x
			}
			return r
		}
	case ir.Maximum:
		return func(x, y int64) int64 { return max(x, y) }
	case ir.Minimum:
		return func(x, y int64) int64 { return min(x, y) }
	}
	panic("vm: intOp of " + p.String())
}

// arrayUnary is -x, +x or abs(x) of an array; as in numpy, +x and abs(x)
// of a bool array are bools, and -x an error.
func arrayUnary(p ir.Prim, a *arrayObj) (Value, error) {
	switch {
	case a.dt == dBool:
		// numpy: +x and abs(x) of bools are bools, -x an error.
		if p == ir.Neg {
			return None, errorf("%s", ir.MsgBoolNegative)
		}
		return a.value(), nil
	case a.dt == dFloat:
		if p == ir.UPos {
			return a.value(), nil
		}
		out := newArray(dFloat, a.shape)
		for k, x := range a.f {
			if p == ir.Neg {
				out.f[k] = -x
			} else {
				out.f[k] = math.Abs(x)
			}
		}
		return out.value(), nil
	case p == ir.UPos:
		return a.astype(dInt).value(), nil
	}
	out := newArray(dInt, a.shape)
	for k, x := range a.i {
		if p == ir.Neg || x < 0 {
			x = -x
		}
		out.i[k] = x
	}
	return out.value(), nil
}

// mapFloat applies f to each element of a, as floats.
func mapFloat(a *arrayObj, f func(float64) float64) Value {
	out := newArray(dFloat, a.shape)
	if a.dt == dFloat {
		for k, x := range a.f {
			out.f[k] = f(x)
		}
	} else {
		for k, x := range a.i {
			out.f[k] = f(float64(x))
		}
	}
	return out.value()
}

// where is np.where(c, x, y), broadcasting the three.
func where(c, x, y Value) (Value, error) {
	ca, ok1 := arrayOperand(c)
	xa, ok2 := arrayOperand(x)
	ya, ok3 := arrayOperand(y)
	if !ok1 || !ok2 || !ok3 {
		return None, errorf("np.where of %s, %s and %s", c.typeName(), x.typeName(), y.typeName())
	}
	shape, err := broadcastShapes(ca.shape, xa.shape)
	if err == nil {
		shape, err = broadcastShapes(shape, ya.shape)
	}
	if err != nil {
		return None, errorf("operands could not be broadcast together with shapes %s %s %s", shapeStr(ca.shape), shapeStr(xa.shape), shapeStr(ya.shape))
	}
	dt := max(xa.dt, ya.dt)
	cb, _ := ca.astype(dBool).broadcastTo(shape)
	xb, _ := xa.astype(dt).broadcastTo(shape)
	yb, _ := ya.astype(dt).broadcastTo(shape)
	out := newArray(dt, shape)
	for k, t := range cb.i {
		if dt == dFloat {
			if t != 0 {
				out.f[k] = xb.f[k]
			} else {
				out.f[k] = yb.f[k]
			}
		} else if t != 0 {
			out.i[k] = xb.i[k]
		} else {
			out.i[k] = yb.i[k]
		}
	}
	return valueOf(out), nil
}

// maxMin is np.maximum or np.minimum: on numbers, a number.
func maxMin(p ir.Prim, x, y Value) (Value, error) {
	return arrayBinary(p, x, y)
}

// gaddZero is gadd(x, y) when one of them is an array known to be zeros
// (zeros_like's) and the other an array of the sum's shape and dtype:
// that other array, without a pass over the data. (0.0 + -0.0 is 0.0,
// so a -0.0 element of a sensitivity stays -0.0 here: the same number.)
func gaddZero(x, y Value) (Value, bool) {
	if isZero(y) {
		x, y = y, x
	}
	if !isZero(x) || y.Kind() != KArray {
		return None, false
	}
	a, b := x.arr(), y.arr()
	if b.dt != max(a.dt, b.dt, dInt) || len(a.shape) > len(b.shape) {
		return None, false
	}
	for k, d := range a.shape {
		if e := b.shape[k+len(b.shape)-len(a.shape)]; d != e && d != 1 {
			return None, false
		}
	}
	return y, true
}
