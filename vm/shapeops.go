package vm

import (
	"math"
	"strings"

	"github.com/myia/myia/ir"
)

// Array construction and the operations on shapes: np.array, zeros,
// ones, full, arange, eye, reshape, transpose, concatenate, stack,
// broadcast_to, shape, ndim, and the two that reverse broadcasting and
// concatenation for the adjoints: np_split_like and sum_to_like.

// arrayFrom is np.array(x): a copy of an array, an array of a (nested)
// sequence; a number stays a number.
func arrayFrom(x Value) (Value, error) {
	switch x.Kind() {
	case KArray:
		return x.arr().clone().value(), nil
	case KInt, KFloat, KBool:
		return x, nil
	}
	a, err := toArray(x)
	if err != nil {
		return None, err
	}
	return valueOf(a), nil
}

// filled is an array of shape filled with v (np.zeros, ones, full).
func filled(shapeV Value, v Value) (Value, error) {
	shape, err := shapeArg(shapeV, false)
	if err != nil {
		return None, err
	}
	if v.Kind() == KArray || v.Kind() == KTuple || v.Kind() == KList {
		a, err := toArray(v)
		if err != nil {
			return None, err
		}
		b, err := a.broadcastTo(shape)
		if err != nil {
			return None, err
		}
		if b == a {
			b = a.clone()
		}
		return valueOf(b), nil
	}
	if !v.isNumber() {
		return None, errorf("np.full of %s", v.typeName())
	}
	out := newArray(scalarDtype(v), shape)
	if out.dt == dFloat {
		if f := v.float(); f != 0 || math.Signbit(f) { // -0.0 too
			for k := range out.f {
				out.f[k] = f
			}
		}
	} else if v.n != 0 {
		for k := range out.i {
			out.i[k] = int64(v.n)
		}
	}
	return valueOf(out), nil
}

// arange is np.arange(start, stop, step); np.arange(n) may come as
// (n, None, None).
func arange(start, stop, step Value) (Value, error) {
	if stop.IsNone() {
		start, stop = Int(0), start
	}
	if step.IsNone() {
		step = Int(1)
	}
	for _, v := range []Value{start, stop, step} {
		if !v.isNumber() {
			return None, errorf("np.arange: arguments must be numbers, not %s", v.typeName())
		}
	}
	if start.isIntLike() && stop.isIntLike() && step.isIntLike() {
		a, b, s := int64(start.n), int64(stop.n), int64(step.n)
		if s == 0 {
			return None, errorf("Maximum allowed size exceeded")
		}
		if math.Abs(float64(b)-float64(a)) > maxArray*math.Abs(float64(s)) {
			return None, errorf("array is too big: np.arange(%d, %d, %d)", a, b, s)
		}
		var n int64
		if s > 0 && a < b {
			n = (b - a + s - 1) / s
		} else if s < 0 && a > b {
			n = (a - b - s - 1) / -s
		}
		if n > maxArray {
			return None, errorf("array is too big: %d elements", n)
		}
		out := newArray(dInt, []int{int(n)})
		for k := range out.i {
			out.i[k] = a + int64(k)*s
		}
		return out.value(), nil
	}
	a, b, s := start.AsFloat(), stop.AsFloat(), step.AsFloat()
	if s == 0 {
		return None, errorf("Maximum allowed size exceeded")
	}
	n := math.Ceil((b - a) / s)
	if math.IsNaN(n) {
		return None, errorf("arange: cannot compute length")
	}
	if n < 0 {
		n = 0
	}
	if n > maxArray {
		return None, errorf("array is too big: %g elements", n)
	}
	out := newArray(dFloat, []int{int(n)})
	for k := range out.f {
		out.f[k] = a + float64(k)*s
	}
	return out.value(), nil
}

// eye is np.eye(n).
func eye(nv, mv, kv Value) (Value, error) {
	if mv.Kind() == KNone {
		mv = nv
	}
	for _, v := range []Value{nv, mv, kv} {
		if !v.isIntLike() {
			return None, errorf("'%s' object cannot be interpreted as an integer", v.typeName())
		}
	}
	n, m, k := int64(nv.n), int64(mv.n), int64(kv.n)
	if n < 0 || m < 0 {
		return None, errorf("negative dimensions are not allowed")
	}
	if m > 0 && n > maxArray/m {
		return None, errorf("array is too big: %d elements", uint64(n)*uint64(m))
	}
	out := newArray(dFloat, []int{int(n), int(m)})
	for i := max(0, -k); i < n && i+k < m; i++ {
		out.f[i*m+i+k] = 1
	}
	return out.value(), nil
}

// reshape is np.reshape(x, shape): a view of x's data.
func reshape(x, shapeV Value) (Value, error) {
	a, err := toArray(x)
	if err != nil {
		return None, err
	}
	shape, err := shapeArg(shapeV, true)
	if err != nil {
		return None, err
	}
	unknown, known := -1, 1
	for k, d := range shape {
		if d == -1 {
			if unknown >= 0 {
				return None, errorf("can only specify one unknown dimension")
			}
			unknown = k
		} else {
			known *= d
		}
	}
	n := a.size()
	if unknown >= 0 && known != 0 && n%known == 0 {
		shape[unknown] = n / known
		known *= shape[unknown]
	}
	if known != n || unknown >= 0 && shape[unknown] == -1 {
		return None, errorf("cannot reshape array of size %d into shape %s", n, shapeStrNeg(shape))
	}
	return valueOf(a.withShape(shape)), nil
}

// shapeStrNeg prints a requested shape, -1 included.
func shapeStrNeg(shape []int) string { return shapeStr(shape) }

// transposeArray permutes a's axes (a copy; perm is a permutation).
func transposeArray(a *arrayObj, perm []int) *arrayObj {
	nd := a.ndim()
	shape := make([]int, nd)
	st := strides(a.shape)
	pst := make([]int, nd)
	for k, p := range perm {
		shape[k] = a.shape[p]
		pst[k] = st[p]
	}
	out := newArray(a.dt, shape)
	if nd == 2 && perm[0] == 1 {
		// The common case, by blocks for the cache.
		m, n := a.shape[0], a.shape[1]
		const bs = 32
		for i0 := 0; i0 < m; i0 += bs {
			for j0 := 0; j0 < n; j0 += bs {
				for i := i0; i < min(i0+bs, m); i++ {
					for j := j0; j < min(j0+bs, n); j++ {
						if a.dt == dFloat {
							out.f[j*m+i] = a.f[i*n+j]
						} else {
							out.i[j*m+i] = a.i[i*n+j]
						}
					}
				}
			}
		}
		return out
	}
	if a.dt == dFloat {
		gather(out.f, a.f, shape, pst, 0)
	} else {
		gather(out.i, a.i, shape, pst, 0)
	}
	return out
}

// transpose is np.transpose(x, axes).
func transpose(x, axesV Value) (Value, error) {
	a, err := toArray(x)
	if err != nil {
		return None, err
	}
	nd := a.ndim()
	perm := make([]int, nd)
	if axesV.IsNone() {
		for k := range perm {
			perm[k] = nd - 1 - k
		}
	} else {
		axes, _, err := axesArg(axesV, nd)
		if err != nil {
			if strings.HasPrefix(err.Error(), "duplicate") {
				return None, errorf("repeated axis in transpose")
			}
			return None, err
		}
		if len(axes) != nd {
			return None, errorf("axes don't match array")
		}
		perm = axes
	}
	identity := true
	for k, p := range perm {
		identity = identity && k == p
	}
	if identity || nd < 2 {
		return valueOf(a), nil
	}
	return transposeArray(a, perm).value(), nil
}

// arraySeq reads the sequence argument of concatenate or stack.
func arraySeq(seq Value, what string) ([]*arrayObj, error) {
	var elems []Value
	switch seq.Kind() {
	case KTuple, KList:
		elems = seq.seq().elems
	case KArray:
		a := seq.arr()
		for k := 0; k < a.shape[0]; k++ {
			v, _ := indexArray(a, Int(int64(k)))
			elems = append(elems, v)
		}
	default:
		return nil, errorf("%s: expected a tuple or list of arrays, got %s", what, seq.typeName())
	}
	if len(elems) == 0 {
		return nil, errorf("need at least one array to %s", what)
	}
	out := make([]*arrayObj, len(elems))
	for k, e := range elems {
		a, err := toArray(e)
		if err != nil {
			return nil, err
		}
		out[k] = a
	}
	return out, nil
}

// concatArrays joins arrays (of the same ndim >= 1) along axis ax.
func concatArrays(as []*arrayObj, ax int) (*arrayObj, error) {
	nd := as[0].ndim()
	dt := as[0].dt
	shape := append([]int(nil), as[0].shape...)
	shape[ax] = 0
	for k, a := range as {
		if a.ndim() != nd {
			return nil, errorf("all the input array dimensions except for the concatenation axis must match exactly, but along dimension 0, the array at index 0 has %d dimension(s) and the array at index %d has %d dimension(s)", nd, k, a.ndim())
		}
		for d := 0; d < nd; d++ {
			if d != ax && a.shape[d] != as[0].shape[d] {
				return nil, errorf("all the input array dimensions except for the concatenation axis must match exactly, but along dimension %d, the array at index 0 has size %d and the array at index %d has size %d", d, as[0].shape[d], k, a.shape[d])
			}
		}
		shape[ax] += a.shape[ax]
		dt = max(dt, a.dt)
	}
	out := newArray(dt, shape)
	pre := size(shape[:ax])
	post := size(shape[ax+1:])
	row := shape[ax] * post
	off := 0
	for _, a := range as {
		a = a.astype(dt)
		n := a.shape[ax] * post
		for p := 0; p < pre; p++ {
			if dt == dFloat {
				copy(out.f[p*row+off:p*row+off+n], a.f[p*n:(p+1)*n])
			} else {
				copy(out.i[p*row+off:p*row+off+n], a.i[p*n:(p+1)*n])
			}
		}
		off += n
	}
	return out, nil
}

// concatenate is np.concatenate(seq, axis); axis None flattens.
func concatenate(seq, axisV Value) (Value, error) {
	as, err := arraySeq(seq, "concatenate")
	if err != nil {
		return None, err
	}
	if axisV.IsNone() {
		for k, a := range as {
			as[k] = a.withShape([]int{a.size()})
		}
		axisV = Int(0)
	}
	if !axisV.isIntLike() {
		return None, errorf("an axis must be an int, not %s", axisV.typeName())
	}
	if as[0].ndim() == 0 {
		return None, errorf("zero-dimensional arrays cannot be concatenated")
	}
	ax, err := normAxis(int64(axisV.n), as[0].ndim())
	if err != nil {
		return None, err
	}
	out, err := concatArrays(as, ax)
	if err != nil {
		return None, err
	}
	return out.value(), nil
}

// stack is np.stack(seq, axis).
func stack(seq, axisV Value) (Value, error) {
	as, err := arraySeq(seq, "stack")
	if err != nil {
		return None, err
	}
	if !axisV.isIntLike() {
		return None, errorf("an axis must be an int, not %s", axisV.typeName())
	}
	for _, a := range as[1:] {
		if !sameShape(a.shape, as[0].shape) {
			return None, errorf("all input arrays must have the same shape")
		}
	}
	ax, err := normAxis(int64(axisV.n), as[0].ndim()+1)
	if err != nil {
		return None, err
	}
	for k, a := range as {
		shape := make([]int, 0, a.ndim()+1)
		shape = append(append(append(shape, a.shape[:ax]...), 1), a.shape[ax:]...)
		as[k] = a.withShape(shape)
	}
	out, err := concatArrays(as, ax)
	if err != nil {
		return None, err
	}
	return out.value(), nil
}

// ndimOf is np.ndim(x).
func ndimOf(x Value) (Value, error) {
	a, err := toArray(x)
	if err != nil {
		return None, err
	}
	return Int(int64(a.ndim())), nil
}

// shapeOf is np.shape(x).
func shapeOf(x Value) (Value, error) {
	a, err := toArray(x)
	if err != nil {
		return None, err
	}
	return shapeTuple(a.shape), nil
}

// broadcastToPrim is np.broadcast_to(x, shape).
func broadcastToPrim(x, shapeV Value) (Value, error) {
	a, err := toArray(x)
	if err != nil {
		return None, err
	}
	shape, err := shapeArg(shapeV, false)
	if err != nil {
		return None, err
	}
	b, err := a.broadcastTo(shape)
	if err != nil {
		return None, err
	}
	return valueOf(b), nil
}

// splitLike is np_split_like(d, seq, axis): the pieces of d shaped like
// seq's elements, the inverse of concatenate(seq, axis), or of
// stack(seq, axis) when d has one more dimension than seq's elements.
func splitLike(d, seq, axisV Value) (Value, error) {
	v, err := splitPieces(d, seq, axisV)
	if err == nil && seq.Kind() == KList {
		// The pieces of a list are a list, as inference types them (the
		// sensitivity of a list of arrays that a loop built).
		return List(v.Elems()), nil
	}
	return v, err
}

// splitPieces is splitLike, giving a tuple.
func splitPieces(d, seq, axisV Value) (Value, error) {
	da, err := toArray(d)
	if err != nil {
		return None, err
	}
	elems := seq.Elems()
	if elems == nil && seq.Kind() != KTuple && seq.Kind() != KList {
		return None, errorf("np_split_like: expected a tuple or list, got %s", seq.typeName())
	}
	if !axisV.isIntLike() && !axisV.IsNone() {
		return None, errorf("an axis must be an int, not %s", axisV.typeName())
	}
	shapes := make([][]int, len(elems))
	for k, e := range elems {
		a, err := toArray(e)
		if err != nil {
			return None, err
		}
		shapes[k] = a.shape
	}
	out := make([]Value, len(elems))
	if len(elems) == 0 {
		return Tuple(out), nil
	}
	if axisV.IsNone() { // concatenate of the flattened elements
		off := 0
		for k, s := range shapes {
			n := size(s)
			if off+n > da.size() {
				return None, errorf("np_split_like: %s does not split into the pieces", shapeStr(da.shape))
			}
			out[k] = valueOf(da.sub(off, off+n, s))
			off += n
		}
		return Tuple(out), nil
	}
	nd := len(shapes[0])
	if da.ndim() == nd+1 { // the inverse of stack
		ax, err := normAxis(int64(axisV.n), nd+1)
		if err != nil {
			return None, err
		}
		if da.shape[ax] != len(elems) {
			return None, errorf("np_split_like: %d pieces of an array of shape %s along axis %d", len(elems), shapeStr(da.shape), ax)
		}
		perm := []int{ax}
		for k := 0; k <= nd; k++ {
			if k != ax {
				perm = append(perm, k)
			}
		}
		t := da
		if ax != 0 {
			t = transposeArray(da, perm)
		}
		n := size(t.shape[1:])
		for k := range elems {
			if !sameShape(shapes[k], t.shape[1:]) {
				return None, errorf("np_split_like: an array of shape %s does not unstack into pieces of shape %s along axis %d", shapeStr(da.shape), shapeStr(shapes[k]), ax)
			}
			out[k] = valueOf(t.sub(k*n, (k+1)*n, shapes[k]))
		}
		return Tuple(out), nil
	}
	ax, err := normAxis(int64(axisV.n), da.ndim())
	if err != nil {
		return None, err
	}
	pre := size(da.shape[:ax])
	post := size(da.shape[ax+1:])
	off := 0
	for k, s := range shapes {
		bad := len(s) != da.ndim() || off+s[ax] > da.shape[ax]
		for d := 0; !bad && d < len(s); d++ {
			bad = d != ax && s[d] != da.shape[d]
		}
		if bad {
			return None, errorf("np_split_like: an array of shape %s does not split into pieces of shape %s along axis %d", shapeStr(da.shape), shapeStr(s), ax)
		}
		piece := newArray(da.dt, s)
		n := s[ax] * post
		row := da.shape[ax] * post
		for p := 0; p < pre; p++ {
			if da.dt == dFloat {
				copy(piece.f[p*n:(p+1)*n], da.f[p*row+off*post:])
			} else {
				copy(piece.i[p*n:(p+1)*n], da.i[p*row+off*post:])
			}
		}
		off += s[ax]
		out[k] = valueOf(piece)
	}
	return Tuple(out), nil
}

// sumToLike is sum_to_like(d, x): d summed over the axes that
// broadcasting added or stretched to reach d's shape from x's.
func sumToLike(d, x Value) (Value, error) {
	if d.Kind() != KArray {
		if x.Kind() != KArray || d.IsNone() {
			return d, nil
		}
		return broadcastToPrim(d, shapeTuple(x.arr().shape))
	}
	if x.Kind() != KArray {
		return reduce(ir.ReduceSum, d, None, Bool(false))
	}
	da, xs := d.arr(), x.arr().shape
	if sameShape(da.shape, xs) {
		return d, nil
	}
	lead := da.ndim() - len(xs)
	if lead < 0 {
		return broadcastToPrim(d, shapeTuple(xs))
	}
	var axes []Value
	for k := 0; k < da.ndim(); k++ {
		if k < lead || xs[k-lead] == 1 && da.shape[k] != 1 {
			axes = append(axes, Int(int64(k)))
		}
	}
	s, err := reduce(ir.ReduceSum, d, Tuple(axes), Bool(false))
	if err != nil {
		return None, err
	}
	return reshape(s, shapeTuple(xs))
}
