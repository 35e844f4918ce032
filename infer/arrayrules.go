package infer

import (
	"math"
	"strconv"

	"github.com/myia/myia/ir"
)

// The rules of the array primitives (their helpers are in array.go).

func makeSlice(c *call, a []Type) Type {
	for _, t := range a {
		if _, _, _, ok := sliceBound(t); !ok {
			return c.errorf("slice indices must be integers or None, not %s", TypeName(t))
		}
	}
	return &Slice{Lo: a[0], Hi: a[1], Step: a[2]}
}

func arrayFrom(c *call, a []Type) Type {
	if isNumber(a[0]) {
		return a[0]
	}
	dt, shape, why, ok := asArray(a[0])
	if !ok {
		return c.errorf("np.array: %s", why)
	}
	return mkArray(dt, shape)
}

func zerosOnes(c *call, a []Type) Type {
	shape, ok := c.newShape(a[0])
	if !ok {
		return Bottom{}
	}
	return mkArray(AnyFloat, shape)
}

func fullRule(c *call, a []Type) Type {
	shape, ok := c.newShape(a[0])
	if !ok {
		return Bottom{}
	}
	dt, vs, why, ok := asArray(a[1])
	if !ok {
		return c.errorf("np.full: %s", why)
	}
	if _, ok := broadcastTo(vs, shape); !ok {
		return c.shapeError(a[1:], "could not broadcast the fill value of shape %s to shape %s", fmtShape(vs), fmtShape(shape))
	}
	return mkArray(dt, shape)
}

func arangeRule(c *call, a []Type) Type {
	start, stop, step := a[0], a[1], a[2]
	if stop == None {
		start, stop = IntOf(0), start
	}
	if step == None {
		step = IntOf(1)
	}
	dt := AnyInt
	var ns [3]num
	known := true
	for i, t := range []Type{start, stop, step} {
		if !isNumber(t) {
			return c.errorf("np.arange: the arguments must be numbers, not %s", Describe(t))
		}
		if _, f := t.(Float); f {
			dt = AnyFloat
		}
		n, k := numOf(t)
		ns[i], known = n, known && k
	}
	if !known {
		return &Array{DType: dt, Shape: []int{-1}}
	}
	if ns[2].float() == 0 {
		return c.errorf("np.arange: the step cannot be zero")
	}
	var n float64
	if _, isInt := dt.(Int); isInt {
		lo, hi, st := ns[0].i, ns[1].i, ns[2].i
		if st > 0 && hi > lo {
			n = float64((hi - lo + st - 1) / st)
		} else if st < 0 && hi < lo {
			n = float64((lo - hi - st - 1) / -st)
		}
	} else {
		n = math.Max(0, math.Ceil((ns[1].float()-ns[0].float())/ns[2].float()))
	}
	if n > 1<<40 || n != n {
		return &Array{DType: dt, Shape: []int{-1}}
	}
	return &Array{DType: dt, Shape: []int{int(n)}}
}

// eyeRule types np_eye(n, m, k): an n x m array (n x n when m is None)
// of ones on diagonal k.
func eyeRule(c *call, a []Type) Type {
	out := make([]int, 2)
	for i, t := range a[:2] {
		if i == 1 && t == None {
			out[1] = out[0]
			continue
		}
		shape, ok := c.newShape(t)
		if !ok {
			return Bottom{}
		}
		if len(shape) != 1 {
			return c.errorf("np.eye takes an int, not %s", Describe(t))
		}
		out[i] = shape[0]
	}
	if _, _, ok := index(a[2]); !ok {
		return c.errorf("np.eye: the diagonal k must be an int, not %s", Describe(a[2]))
	}
	return &Array{DType: AnyFloat, Shape: out}
}

// dotRule types np.dot as numpy does: a product with a scalar is
// elementwise, of two vectors a scalar, otherwise the sum over the last
// axis of a and the second-to-last of b (the only one of a vector).
func dotRule(c *call, a []Type) Type {
	adt, as, why, ok := asArray(a[0])
	if !ok {
		return c.errorf("np.dot: %s", why)
	}
	bdt, bs, why, ok := asArray(a[1])
	if !ok {
		return c.errorf("np.dot: %s", why)
	}
	dt := arithDType(ir.Mul, adt, bdt)
	if _, ok := promote(adt, bdt).(Bool); ok {
		// numpy's product of bools is a bool: x * y, or the or of the
		// ands along the contracted axis.
		dt = Bool{}
	}
	if len(as) == 0 || len(bs) == 0 {
		out, _ := broadcast(as, bs)
		return mkArray(dt, out)
	}
	ka := as[len(as)-1]
	bi := max(len(bs)-2, 0)
	kb := bs[bi]
	if ka >= 0 && kb >= 0 && ka != kb {
		return c.shapeError(a, "matmul: shapes %s and %s do not align: %d != %d", fmtShape(as), fmtShape(bs), ka, kb)
	}
	out := append([]int(nil), as[:len(as)-1]...)
	out = append(out, bs[:bi]...)
	if len(bs) >= 2 {
		out = append(out, bs[len(bs)-1])
	}
	return mkArray(dt, out)
}

// attrCheckRule: attr_check(x, name), the receiver of x.name, an
// array's attribute or method: Python has no such attribute on a
// number, a tuple or a list.
func attrCheckRule(c *call, a []Type) Type {
	switch x := a[0].(type) {
	case *Array:
		return x
	case *Optional: // what narrows it, or not, is not this rule's business
		if _, ok := x.T.(*Array); ok {
			return x
		}
	}
	name := "?"
	if s, ok := a[1].(Str); ok && s.Known {
		name = s.V
	}
	return c.errorf("'%s' object has no attribute '%s'", pyTypeName(a[0]), name)
}

// matmulCheckRule: matmul_check(a, b, op), the operands of a @ b or
// np.matmul(a, b) before np_dot multiplies them: numpy's matmul takes no
// number (np.dot does), and @ needs an array (a tuple has no @).
func matmulCheckRule(c *call, a []Type) Type {
	x, y := a[0], a[1]
	_, xa := x.(*Array)
	_, ya := y.(*Array)
	if op, ok := a[2].(Str); ok && op.V == "@" && !xa && !ya {
		return c.errorf("unsupported operand types for @: %s and %s", TypeName(x), TypeName(y))
	}
	for i, t := range []Type{x, y} {
		if isNumber(t) {
			return c.errorf("matmul: input operand %d does not have enough dimensions (has 0, requires 1)", i)
		}
	}
	return x
}

func outerRule(c *call, a []Type) Type {
	adt, as, why, ok := asArray(a[0])
	if !ok {
		return c.errorf("np.outer: %s", why)
	}
	bdt, bs, why, ok := asArray(a[1])
	if !ok {
		return c.errorf("np.outer: %s", why)
	}
	na, ka := size(as)
	nb, kb := size(bs)
	if !ka {
		na = -1
	}
	if !kb {
		nb = -1
	}
	return &Array{DType: arithDType(ir.Mul, adt, bdt), Shape: []int{na, nb}}
}

// axes reads an axis argument for an array of rank n: nil for None (all
// axes), else the axes normalised; unknown counts the axes whose value is
// not known. ok is false after an error.
func (c *call) axes(t Type, n int, args []Type) (axes []int, all bool, unknown int, ok bool) {
	if t == None {
		return nil, true, 0, true
	}
	var elems []Type
	switch t := t.(type) {
	case Int, Bool:
		elems = []Type{t}
	case *Tuple:
		elems = t.Elems
	default:
		c.errorf("axis must be None, an int or a tuple of ints, not %s", Describe(t))
		return nil, false, 0, false
	}
	seen := map[int]bool{}
	for _, e := range elems {
		v, known, isInt := index(e)
		if !isInt {
			c.errorf("axis must be None, an int or a tuple of ints, not %s", Describe(t))
			return nil, false, 0, false
		}
		if !known {
			unknown++
			continue
		}
		k := int(v)
		if v < 0 {
			k += n
		}
		if k < 0 || k >= n {
			c.shapeError(args, "axis %d is out of bounds for array of dimension %d", v, n)
			return nil, false, 0, false
		}
		if seen[k] {
			c.errorf("duplicate value in 'axis': %d", v)
			return nil, false, 0, false
		}
		seen[k] = true
		axes = append(axes, k)
	}
	return axes, false, unknown, true
}

// constBool reads a flag that must be known at compile time.
func (c *call) constBool(t Type, what string) (v, ok bool) {
	switch t := t.(type) {
	case Bool:
		if t.Known {
			return t.V, true
		}
	case Int:
		if t.Known {
			return t.V != 0, true
		}
	}
	c.errorf("%s must be a bool known at compile time, got %s", what, Describe(t))
	return false, false
}

// reduceRule types np.sum, mean, max, min and prod over axis (None, an
// int or a tuple), keeping the reduced axes as 1s if keepdims.
func reduceRule(c *call, a []Type) Type {
	dt, shape, why, ok := asArray(a[0])
	if !ok {
		return c.errorf("%s: %s", primName(c.p), why)
	}
	keep, ok := c.constBool(a[2], "keepdims")
	if !ok {
		return Bottom{}
	}
	axes, all, unknown, ok := c.axes(a[1], len(shape), a[:1])
	if !ok {
		return Bottom{}
	}
	switch c.p {
	case ir.ReduceSum, ir.ReduceProd:
		dt = arithDType(ir.Add, dt, dt)
	case ir.ReduceMean:
		dt = AnyFloat
	}
	if all && !keep {
		if v, ok := foldReduce(c.p, a[0]); ok {
			return v
		}
	}
	var out []int
	switch {
	case all:
		if keep {
			out = make([]int, len(shape))
			for i := range out {
				out[i] = 1
			}
		}
	case unknown > 0:
		// Which axes go is not known: only how many.
		n := len(shape)
		if !keep {
			n -= len(axes) + unknown
		}
		if n < 0 {
			return c.shapeError(a[:1], "too many axes for an array of dimension %d", len(shape))
		}
		out = make([]int, n)
		for i := range out {
			out[i] = -1
		}
	default:
		red := map[int]bool{}
		for _, k := range axes {
			red[k] = true
		}
		for i, d := range shape {
			if !red[i] {
				out = append(out, d)
			} else if keep {
				out = append(out, 1)
			}
		}
	}
	return mkArray(dt, out)
}

// foldReduce computes the reduction of a tuple of known ints (the size
// of a shape: np.prod(x.shape)).
func foldReduce(p ir.Prim, t Type) (Type, bool) {
	tup, ok := t.(*Tuple)
	if !ok || len(tup.Elems) == 0 || p == ir.ReduceMean {
		return nil, false
	}
	var vs []int64
	for _, e := range tup.Elems {
		switch e.(type) {
		case Int, Bool:
		default:
			return nil, false
		}
		v, known, _ := index(e)
		if !known || v > 1<<20 || v < -(1<<20) {
			return nil, false
		}
		vs = append(vs, v)
	}
	r := vs[0]
	for _, v := range vs[1:] {
		switch p {
		case ir.ReduceSum:
			r += v
		case ir.ReduceProd:
			r *= v
			if r > 1<<40 || r < -(1<<40) {
				return nil, false
			}
		case ir.ReduceMax:
			r = max(r, v)
		case ir.ReduceMin:
			r = min(r, v)
		}
	}
	if p == ir.ReduceMax || p == ir.ReduceMin {
		// The dtype of a tuple of bools stays bool.
		if _, ok := promoteAll(tup.Elems).(Bool); ok {
			return BoolOf(r != 0), true
		}
	}
	return IntOf(r), true
}

func promoteAll(ts []Type) Type {
	var out Type = AnyBool
	for _, t := range ts {
		out = promote(out, t)
	}
	return out
}

func reshapeRule(c *call, a []Type) Type {
	dt, shape, why, ok := asArray(a[0])
	if !ok {
		return c.errorf("np.reshape: %s", why)
	}
	ds, ok := shapeArg(a[1])
	if !ok {
		return c.errorf("the new shape must be an int or a tuple of ints, not %s", Describe(a[1]))
	}
	n, nKnown := size(shape)
	out := make([]int, len(ds))
	infer, prod, allKnown := -1, 1, true
	for i, d := range ds {
		out[i] = -1
		switch {
		case !d.known:
			allKnown = false
		case d.v == -1:
			if infer >= 0 {
				return c.errorf("can only specify one unknown dimension (-1) in a new shape %s", fmtDims(ds))
			}
			infer = i
		case d.v < 0:
			return c.shapeError(a[:1], "cannot reshape array of size %s into shape %s", fmtSize(n, nKnown), fmtDims(ds))
		default:
			out[i] = int(d.v)
			prod *= int(d.v)
		}
	}
	if nKnown && allKnown {
		if infer >= 0 {
			if prod == 0 || n%prod != 0 {
				return c.shapeError(a[:1], "cannot reshape array of size %d into shape %s", n, fmtDims(ds))
			}
			out[infer] = n / prod
		} else if prod != n {
			return c.shapeError(a[:1], "cannot reshape array of size %d into shape %s", n, fmtDims(ds))
		}
	}
	return mkArray(dt, out)
}

func fmtSize(n int, known bool) string {
	if known {
		return strconv.Itoa(n)
	}
	return "?"
}

func transposeRule(c *call, a []Type) Type {
	dt, shape, why, ok := asArray(a[0])
	if !ok {
		return c.errorf("np.transpose: %s", why)
	}
	n := len(shape)
	out := make([]int, n)
	if a[1] == None {
		for i, d := range shape {
			out[n-1-i] = d
		}
		return mkArray(dt, out)
	}
	var elems []Type
	switch t := a[1].(type) {
	case *Tuple:
		elems = t.Elems
	case Int:
		elems = []Type{t}
	default:
		return c.errorf("the axes of a transpose must be None or a tuple of ints, not %s", Describe(a[1]))
	}
	if len(elems) != n {
		return c.shapeError(a[:1], "axes don't match array: %d axes for an array of dimension %d", len(elems), n)
	}
	seen := map[int]bool{}
	for i, e := range elems {
		v, known, isInt := index(e)
		if !isInt {
			return c.errorf("the axes of a transpose must be ints, not %s", Describe(e))
		}
		out[i] = -1
		if !known {
			continue
		}
		k := int(v)
		if v < 0 {
			k += n
		}
		if k < 0 || k >= n {
			return c.shapeError(a[:1], "axis %d is out of bounds for array of dimension %d", v, n)
		}
		if seen[k] {
			return c.errorf("repeated axis in transpose: %d", v)
		}
		seen[k] = true
		out[i] = shape[k]
	}
	return mkArray(dt, out)
}

// seqElems reads the sequence of arrays np.concatenate and np.stack
// take (argument 0): the types of its elements (one for a list) and
// their number (-1 if unknown). A list literal gives the types of its
// elements before they are joined: [a, b] of shapes (2, 3) and (2, 2) is
// List[Array[.., (2, ?)]; 2], which would hide the mismatch.
func (c *call) seqElems(t Type) ([]Type, int, bool) {
	if l, ok := t.(*List); ok && ir.IsApplyOf(c.a.Inputs[1], ir.MakeList) {
		lit := c.a.Inputs[1].(*ir.Apply).Inputs[1:]
		if len(lit) == l.Len && len(lit) > 0 {
			out := make([]Type, len(lit))
			for i, x := range lit {
				out[i] = c.in.typeOf(c.f, x)
			}
			return out, len(out), true
		}
	}
	switch t := t.(type) {
	case *Tuple:
		return t.Elems, len(t.Elems), true
	case *List:
		if isBottom(t.Elem) {
			return nil, t.Len, true
		}
		return []Type{t.Elem}, t.Len, true
	}
	return nil, 0, false
}

// normAxis normalises an axis for rank n; ok is false when it is out of
// range.
func normAxis(v int64, n int) (int, bool) {
	k := int(v)
	if v < 0 {
		k += n
	}
	return k, k >= 0 && k < n
}

func concatenateRule(c *call, a []Type) Type {
	elems, count, ok := c.seqElems(a[0])
	if !ok {
		return c.errorf("np.concatenate takes a tuple or a list of arrays, not %s", Describe(a[0]))
	}
	if count == 0 || len(elems) == 0 {
		return c.errorf("need at least one array to concatenate")
	}
	var dt Type
	var shapes [][]int
	for i, e := range elems {
		edt, s, why, ok := asArray(e)
		if !ok {
			return c.errorf("np.concatenate: %s", why)
		}
		if len(s) == 0 {
			return c.errorf("zero-dimensional arrays cannot be concatenated")
		}
		if i == 0 {
			dt = edt
		} else {
			dt = promote(dt, edt)
		}
		shapes = append(shapes, s)
	}
	if a[1] == None {
		total := 0
		for _, s := range shapes {
			n, known := size(s)
			if !known || total < 0 {
				total = -1
				continue
			}
			total += n
		}
		if count < 0 {
			total = -1
		} else if len(elems) == 1 && count > 1 && total >= 0 {
			total *= count
		}
		return &Array{DType: dt, Shape: []int{total}}
	}
	v, known, isInt := index(a[1])
	if !isInt {
		return c.errorf("the axis of np.concatenate must be an int or None, not %s", Describe(a[1]))
	}
	r := len(shapes[0])
	for i, s := range shapes[1:] {
		if len(s) != r {
			return c.errorf("all the input arrays must have the same number of dimensions, but the array at index 0 has %d dimension(s) and the array at index %d has %d dimension(s)", r, i+1, len(s))
		}
	}
	out := make([]int, r)
	if !known {
		for i := range out {
			out[i] = -1
		}
		return &Array{DType: dt, Shape: out}
	}
	ax, ok := normAxis(v, r)
	if !ok {
		return c.errorf("axis %d is out of bounds for array of dimension %d", v, r)
	}
	copy(out, shapes[0])
	for i, s := range shapes[1:] {
		for k, d := range s {
			if k == ax {
				continue
			}
			if d >= 0 && out[k] >= 0 && d != out[k] {
				return c.errorf("all the input array dimensions except for the concatenation axis must match exactly, but along dimension %d, the array at index 0 has size %d and the array at index %d has size %d", k, out[k], i+1, d)
			}
			if d != out[k] {
				out[k] = max(out[k], d) // a known size wins over an unknown one
			}
		}
	}
	sum := 0
	for _, s := range shapes {
		if s[ax] < 0 || sum < 0 || sum+s[ax] > maxDim {
			sum = -1
			continue
		}
		sum += s[ax]
	}
	if count < 0 || (len(elems) == 1 && sum > maxDim/max(count, 1)) {
		sum = -1
	} else if len(elems) == 1 && sum >= 0 {
		sum *= count
	}
	out[ax] = sum
	return &Array{DType: dt, Shape: out}
}

func stackRule(c *call, a []Type) Type {
	elems, count, ok := c.seqElems(a[0])
	if !ok {
		return c.errorf("np.stack takes a tuple or a list of arrays, not %s", Describe(a[0]))
	}
	if count == 0 || len(elems) == 0 {
		return c.errorf("need at least one array to stack")
	}
	var dt Type
	var shape []int
	for i, e := range elems {
		edt, s, why, ok := asArray(e)
		if !ok {
			return c.errorf("np.stack: %s", why)
		}
		if i == 0 {
			dt, shape = edt, append([]int(nil), s...)
			continue
		}
		dt = promote(dt, edt)
		same := len(s) == len(shape)
		for k := 0; same && k < len(s); k++ {
			if s[k] >= 0 && shape[k] >= 0 && s[k] != shape[k] {
				same = false
			} else if s[k] != shape[k] {
				shape[k] = max(s[k], shape[k])
			}
		}
		if !same {
			return c.errorf("all input arrays must have the same shape, but the array at index 0 has shape %s and the array at index %d has shape %s", fmtShape(shapes0(elems)), i, fmtShape(s))
		}
	}
	v, known, isInt := index(a[1])
	if !isInt {
		return c.errorf("the axis of np.stack must be an int, not %s", Describe(a[1]))
	}
	r := len(shape) + 1
	if !known {
		out := make([]int, r)
		for i := range out {
			out[i] = -1
		}
		return &Array{DType: dt, Shape: out}
	}
	ax, ok := normAxis(v, r)
	if !ok {
		return c.errorf("axis %d is out of bounds for array of dimension %d", v, r)
	}
	out := append(append(append([]int(nil), shape[:ax]...), count), shape[ax:]...)
	return &Array{DType: dt, Shape: out}
}

func shapes0(elems []Type) []int {
	_, s, _, _ := asArray(elems[0])
	return s
}

func shapeRule(c *call, a []Type) Type {
	_, shape, why, ok := asArray(a[0])
	if !ok {
		return c.errorf("np.shape: %s", why)
	}
	out := make([]Type, len(shape))
	for i, d := range shape {
		out[i] = AnyInt
		if d >= 0 {
			out[i] = IntOf(int64(d))
		}
	}
	return &Tuple{Elems: out}
}

func ndimRule(c *call, a []Type) Type {
	_, shape, why, ok := asArray(a[0])
	if !ok {
		return c.errorf("np.ndim: %s", why)
	}
	return IntOf(int64(len(shape)))
}

// broadcastTo is the shape of an array of shape from broadcast to shape
// to: to, with its unknown dimensions taken from from where known.
func broadcastTo(from, to []int) ([]int, bool) {
	if len(from) > len(to) {
		return nil, false
	}
	out := append([]int(nil), to...)
	off := len(to) - len(from)
	for i, d := range from {
		t := to[off+i]
		switch {
		case d == 1 || d == t:
		case t == -1:
			if d > 1 {
				out[off+i] = d
			}
		case d == -1:
		default:
			return nil, false
		}
	}
	return out, true
}

func broadcastToRule(c *call, a []Type) Type {
	dt, from, why, ok := asArray(a[0])
	if !ok {
		return c.errorf("np.broadcast_to: %s", why)
	}
	to, ok := c.newShape(a[1])
	if !ok {
		return Bottom{}
	}
	out, ok := broadcastTo(from, to)
	if !ok {
		return c.shapeError(a[:1], "cannot broadcast an array of shape %s to shape %s", fmtShape(from), fmtShape(to))
	}
	if len(out) == 0 {
		return a[0]
	}
	return mkArray(dt, out)
}

// splitLike: np_split_like(d, seq, axis) is pieces of d (its dtype)
// shaped like the elements of seq, in a sequence shaped like seq.
func splitLike(c *call, a []Type) Type {
	dt, _, why, ok := asArray(a[0])
	if !ok {
		return c.errorf("np_split_like: %s", why)
	}
	piece := func(e Type) (Type, bool) {
		_, s, _, ok := asArray(e)
		if !ok {
			return nil, false
		}
		return mkArray(dt, s), true
	}
	switch s := a[1].(type) {
	case *Tuple:
		out := make([]Type, len(s.Elems))
		for i, e := range s.Elems {
			p, ok := piece(e)
			if !ok {
				return c.errorf("np_split_like of %s", Describe(a[1]))
			}
			out[i] = p
		}
		return &Tuple{Elems: out}
	case *List:
		if isBottom(s.Elem) {
			return s
		}
		p, ok := piece(s.Elem)
		if !ok {
			return c.errorf("np_split_like of %s", Describe(a[1]))
		}
		return &List{Elem: p, Len: s.Len}
	}
	return c.errorf("np_split_like of %s", Describe(a[1]))
}

// sumToLike: sum_to_like(d, x) has x's shape, and d's dtype if it is a
// float (else x's); d itself when both are scalars.
func sumToLike(c *call, a []Type) Type {
	d, x := a[0], a[1]
	if d == None {
		return None
	}
	if !isArray(d) && !isArray(x) {
		return d
	}
	ddt, _, _, okd := asArray(d)
	xdt, xs, _, okx := asArray(x)
	if !okd || !okx {
		return d
	}
	dt := xdt
	if _, f := ddt.(Float); f {
		dt = ddt
	}
	return mkArray(dt, xs)
}

// Indexing.

// arrayIndex is the shape that indexing an array of shape with idx (an
// int, a slice, or a tuple of them) leaves; ok is false after an error.
func (c *call) arrayIndex(shape []int, idx Type, args []Type) ([]int, bool) {
	var elems []Type
	if t, ok := idx.(*Tuple); ok {
		elems = t.Elems
	} else {
		elems = []Type{idx}
	}
	if len(elems) > len(shape) {
		c.shapeError(args, "too many indices for array: array is %d-dimensional, but %d were indexed", len(shape), len(elems))
		return nil, false
	}
	var out []int
	for k, e := range elems {
		d := shape[k]
		if _, ok := e.(Bool); ok {
			// numpy reads a bool as a mask (x[True] is x[None], x[False]
			// is empty), not as the int it is for a tuple.
			c.errorf("a bool is not a valid index of an array (numpy reads it as a mask, which myia does not support)")
			return nil, false
		}
		if v, known, ok := index(e); ok {
			if known && d >= 0 && (v >= int64(d) || v < -int64(d)) {
				c.shapeError(args, "index %d is out of bounds for axis %d with size %d", v, k, d)
				return nil, false
			}
			continue
		}
		s, ok := e.(*Slice)
		if !ok {
			c.errorf("only integers and slices (`:`) are valid indices of an array, not %s", Describe(e))
			return nil, false
		}
		var v [3]int64
		var none [3]bool
		allKnown := true
		for j, b := range []Type{s.Lo, s.Hi, s.Step} {
			x, n, known, ok := sliceBound(b)
			if !ok {
				c.errorf("slice indices must be integers or None, not %s", TypeName(b))
				return nil, false
			}
			v[j], none[j], allKnown = x, n, allKnown && known
		}
		if allKnown && !none[2] && v[2] == 0 {
			c.errorf("slice step cannot be zero")
			return nil, false
		}
		n := -1
		if allKnown && d >= 0 {
			n = len(pySlice(int64(d), v[0], v[1], v[2], none[0], none[1], none[2]))
		}
		out = append(out, n)
	}
	return append(out, shape[len(elems):]...), true
}

// getItemArray: x[idx] of an array.
func getItemArray(c *call, s *Array, idx Type, args []Type) Type {
	out, ok := c.arrayIndex(s.Shape, idx, args)
	if !ok {
		return Bottom{}
	}
	return mkArray(s.DType, out)
}

// setItemArray: tuple_setitem(x, idx, v) of an array: x with the indexed
// elements replaced by v (broadcast), of x's type (numpy casts v).
func setItemArray(c *call, s *Array, idx, v Type, args []Type) Type {
	sub, ok := c.arrayIndex(s.Shape, idx, args[:1])
	if !ok {
		return Bottom{}
	}
	_, vs, why, ok := asArray(v)
	if !ok {
		return c.errorf("cannot set elements of an array to %s: %s", Describe(v), why)
	}
	if _, ok := broadcastTo(vs, sub); !ok {
		return c.shapeError([]Type{args[0], nil, v}, "could not broadcast a value of shape %s into shape %s", fmtShape(vs), fmtShape(sub))
	}
	return s
}

// setItemSlice: tuple_setitem(t, make_slice(lo, hi, step), v) of a tuple
// or list: the sliced elements replaced by v's.
func setItemSlice(c *call, seq Type, s *Slice, v Type) Type {
	switch t := seq.(type) {
	case *Tuple:
		var b [3]int64
		var none [3]bool
		for j, x := range []Type{s.Lo, s.Hi, s.Step} {
			val, n, known, ok := sliceBound(x)
			if !ok || !known {
				return c.errorf("the bounds of a tuple slice must be known at compile time")
			}
			b[j], none[j] = val, n
		}
		if !none[2] && b[2] == 0 {
			return c.errorf("slice step cannot be zero")
		}
		idx := pySlice(int64(len(t.Elems)), b[0], b[1], b[2], none[0], none[1], none[2])
		vt, ok := v.(*Tuple)
		if !ok {
			return c.errorf("can only assign a tuple to a slice of a tuple, not %s", Describe(v))
		}
		if len(vt.Elems) != len(idx) {
			return c.errorf("attempt to assign a sequence of size %d to a slice of size %d", len(vt.Elems), len(idx))
		}
		out := append([]Type(nil), t.Elems...)
		for k, i := range idx {
			out[i] = vt.Elems[k]
		}
		return &Tuple{Elems: out}
	case *List:
		var ve Type
		switch v := v.(type) {
		case *List:
			ve = v.Elem
		case *Tuple:
			ve = Bottom{}
			for _, e := range v.Elems {
				j, ok := Join(ve, e)
				if !ok {
					return c.errorf("cannot set a slice of %s to %s", Describe(t), Describe(v))
				}
				ve = j
			}
		default:
			return c.errorf("can only assign a sequence to a slice of a list, not %s", Describe(v))
		}
		e, ok := Join(t.Elem, ve)
		if !ok {
			return c.errorf("cannot set a slice of %s to %s", Describe(t), Describe(v))
		}
		return &List{Elem: widen(e), Len: t.Len}
	}
	return c.errorf("tuple_setitem of %s", Describe(seq))
}
