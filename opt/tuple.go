package opt

// Tuple cancels the tuples the J transform makes: every call returns
// (value, backpropagator) and every backpropagator a tuple of
// sensitivities, each taken apart at once by getitem.
//
//	%1 = make_tuple(%v, @bprop_f)        (uses of %2 use %v,
//	%2 = getitem(%1, 0)             ->    uses of %3 use @bprop_f)
//	%3 = getitem(%1, 1)
//
// Also getitem of tuple_setitem and of zeros_like (bprop_getitem's
// result), tuple_setitem of make_tuple, len of make_tuple, and slices
// of make_tuple with constant bounds; is_seq, is_none and not_none of a
// value of known kind (is_none(make_tuple(1)) -> False, not_none(x) -> x
// for x never None). It runs after inlining, which
// brings a make_tuple and its getitems into one graph.

import (
	"github.com/myia/myia/ir"
	lattice "github.com/myia/myia/ir/types"
)

// Tuple is the tuple-cancellation pass.
func Tuple(u *Unit) bool { return rewrite(u, &tupleRules) }

var tupleRules ruleTable

func init() {
	tupleRules.add(getitemOfMakeTuple, ir.GetItem)
	tupleRules.add(getitemOfJ, ir.GetItem)
	tupleRules.add(getitemStatic, ir.GetItem)
	tupleRules.add(getitemOfSetItem, ir.GetItem)
	tupleRules.add(getitemOfGadd, ir.GetItem)
	tupleRules.add(getitemOfZeros, ir.GetItem)
	tupleRules.add(setitemOfZeros, ir.TupleSetItem)
	tupleRules.add(setitemOfMakeTuple, ir.TupleSetItem)
	tupleRules.add(lenOfMakeTuple, ir.Len)
	tupleRules.add(makeTupleOfGetitems, ir.MakeTuple)
	tupleRules.add(sliceOfMakeTuple, ir.Slice)
	tupleRules.add(isSeqOfKnown, ir.IsSeq)
	tupleRules.add(gradForwardOfKnown, ir.GradForward)
	tupleRules.add(isNoneOfKnown, ir.IsNone)
	tupleRules.add(notNoneOfKnown, ir.NotNone)
}

// index returns the constant index i of a sequence of length n,
// normalized (Python's negative indices), if it is in range.
func index(i ir.Node, n int) (int, bool) {
	k, ok := intConst(i)
	if !ok {
		if b, ok := constOf(i); ok {
			if bv, ok := b.(bool); ok {
				k, ok = b2i(bv), true
			}
		}
		if !ok {
			return 0, false
		}
	}
	if k < 0 {
		k += int64(n)
	}
	if k < 0 || k >= int64(n) {
		return 0, false
	}
	return int(k), true
}

// seqLiteral is n if it is a make_tuple or a make_list, else nil.
func seqLiteral(n ir.Node) *ir.Apply {
	if t := applyOf(n, ir.MakeTuple); t != nil {
		return t
	}
	return applyOf(n, ir.MakeList)
}

// getitem(make_tuple(x0, ..., xn), i) -> xi (tuples and lists).
func getitemOfMakeTuple(u *Unit, a *ir.Apply) ir.Node {
	t := seqLiteral(arg(a, 0))
	if t == nil {
		return nil
	}
	if i, ok := index(arg(a, 1), len(t.Inputs)-1); ok {
		return arg(t, i)
	}
	return nil
}

// getitem(J(make_tuple(x0, ..., xn)), i) -> J(xi), and the same of JF
// and of lists: J transforms a tuple element by element. A tuple of
// functions passed to a differentiated function (grad(f)((sin, cos), x))
// is J of the tuple; without the rule, the element J gives is a
// function value known only at run time, which the native backends
// cannot call.
func getitemOfJ(u *Unit, a *ir.Apply) ir.Node {
	j, ok := arg(a, 0).(*ir.Apply)
	if !ok || !ir.IsApplyOf(j, ir.J) && !ir.IsApplyOf(j, ir.JF) {
		return nil
	}
	t := seqLiteral(arg(j, 0))
	if t == nil {
		return nil
	}
	i, ok := index(arg(a, 1), len(t.Inputs)-1)
	if !ok {
		return nil
	}
	p, _ := applyPrim(j)
	return u.applyPrim(a.Graph(), j.Pos(), a.Type(), p, arg(t, i))
}

// makeTupleOfGetitems rebuilds no tuple that is there already:
//
//	make_tuple(getitem(t, 0), ..., getitem(t, n-1))  ->  t
//
// where t is a tuple of n elements (typed graphs: its type says so).
// Forward mode's loops return (value, tangent) of their next
// iteration's call this way: without the rule, that call is not a tail
// call, and the loop recurses.
func makeTupleOfGetitems(u *Unit, a *ir.Apply) ir.Node {
	n := len(a.Inputs) - 1
	if n == 0 {
		return nil
	}
	var t ir.Node
	for i := 0; i < n; i++ {
		g, ok := arg(a, i).(*ir.Apply)
		if !ok || !ir.IsApplyOf(g, ir.GetItem) {
			return nil
		}
		if j, ok := intConst(arg(g, 1)); !ok || j != int64(i) {
			return nil
		}
		if i == 0 {
			t = arg(g, 0)
		} else if arg(g, 0) != t {
			return nil
		}
	}
	tt, ok := t.Type().(*lattice.Tuple)
	if !ok || len(tt.Elems) != n {
		return nil
	}
	if at, ok := a.Type().(*lattice.Tuple); !ok || !lattice.Equal(at, tt) {
		return nil
	}
	return t
}

// elem is element i of a tuple whose structure is known, found without
// evaluating anything: make_tuple(x0..xn) gives xi, tuple_setitem(t, j,
// v) gives v if j is i and else element i of t, zeros_like(t) the zero
// of element i of t. A zero is a constant when the element's kind is a
// number's, else a zeros_like application, made in g (made counts
// them); nil if the structure is not known, down to a make_tuple (whose
// length proves i in range).
func (u *Unit) elem(t ir.Node, i int, g *ir.Graph, made *int) ir.Node {
	switch {
	case ir.IsApplyOf(t, ir.MakeTuple):
		a := t.(*ir.Apply)
		if i < len(a.Inputs)-1 {
			return arg(a, i)
		}
	case ir.IsApplyOf(t, ir.TupleSetItem):
		a := t.(*ir.Apply)
		j, ok := intConst(arg(a, 1))
		if !ok || j < 0 {
			return nil
		}
		inner := u.elem(arg(a, 0), i, g, made)
		if inner == nil {
			return nil // element i of the original proves the index in range
		}
		if int(j) == i {
			return arg(a, 2)
		}
		return inner
	case ir.IsApplyOf(t, ir.ZerosLike):
		x := u.elem(arg(t.(*ir.Apply), 0), i, g, made)
		if x == nil {
			return nil
		}
		return u.zeroOf(x, g, t.Pos(), made)
	}
	return nil
}

// zeroOf is the symbolic zero of x: zeros_like(x), or one already made
// in g by this pass for a value of x's kind (numbers, functions); made
// counts the nodes made.
func (u *Unit) zeroOf(x ir.Node, g *ir.Graph, pos ir.Pos, made *int) ir.Node {
	k := u.kindOf(x)
	key := zeroKey{g, k}
	shared := k.numeric() || k == kFunc || k == kEnv
	if z, ok := u.zeros[key]; ok && shared && len(z.Inputs) > 0 {
		return z
	}
	*made++
	var z *ir.Apply
	if k == kFunc || k == kEnv {
		z = u.applyPrim(g, pos, nil, ir.NewEnv)
	} else {
		z = u.applyPrim(g, pos, nil, ir.ZerosLike, x)
	}
	if shared {
		u.zeros[key] = z
	}
	return z
}

type zeroKey struct {
	g *ir.Graph
	k kind
}

// killed counts the nodes a rewrite of a leaves dead: a, and those of
// its inputs (and theirs) a was the only user of.
func killed(u *Unit, a *ir.Apply, depth int) int {
	n := 1
	if depth == 0 {
		return n
	}
	for _, in := range a.Inputs[1:] {
		if b, ok := in.(*ir.Apply); ok && b.Graph() == a.Graph() && singleUser(u, b) {
			n += killed(u, b, depth-1)
		}
	}
	return n
}

// getitem(t, i) -> element i of t, t's structure known (elem): of
// tuple_setitem and zeros_like of tuples.
func getitemStatic(u *Unit, a *ir.Apply) ir.Node {
	t := arg(a, 0)
	if !ir.IsApplyOf(t, ir.TupleSetItem) && !ir.IsApplyOf(t, ir.ZerosLike) || a.Type() != nil {
		return nil
	}
	i, ok := intConst(arg(a, 1))
	if !ok || i < 0 {
		return nil
	}
	made := 0
	if x := u.elem(t, int(i), a.Graph(), &made); x != nil && made <= killed(u, a, 3)-1 {
		return x
	}
	return nil
}

// getitem(gadd(s, t), i) -> gadd(element i of s, element i of t); a
// symbolic zero is dropped from the sum.
func getitemOfGadd(u *Unit, a *ir.Apply) ir.Node {
	s := applyOf(arg(a, 0), ir.Gadd)
	i, ok := intConst(arg(a, 1))
	if s == nil || !ok || i < 0 || a.Type() != nil {
		return nil
	}
	made := 0
	x := u.elem(arg(s, 0), int(i), a.Graph(), &made)
	y := u.elem(arg(s, 1), int(i), a.Graph(), &made)
	if x == nil || y == nil {
		return nil
	}
	var r ir.Node
	switch {
	case isZero(x):
		r = y
	case isZero(y):
		r = x
	default:
		made++
		r = u.applyPrim(a.Graph(), a.Pos(), nil, ir.Gadd, x, y)
	}
	if made > killed(u, a, 3) {
		return nil // the nodes made stay unused
	}
	return r
}

// tuple_setitem(zeros_like(make_tuple(x0..xn)), i, v) ->
// make_tuple(zero(x0), .., v, .., zero(xn)): bprop_getitem's result,
// when the zeros are constants.
func setitemOfZeros(u *Unit, a *ir.Apply) ir.Node {
	z := applyOf(arg(a, 0), ir.ZerosLike)
	if z == nil || a.Type() != nil {
		return nil
	}
	t := applyOf(arg(z, 0), ir.MakeTuple)
	j, ok := intConst(arg(a, 1))
	if t == nil || !ok || j < 0 || int(j) >= len(t.Inputs)-1 {
		return nil
	}
	budget := killed(u, a, 1) - 1 // the make_tuple made replaces a
	made := 0
	in := []ir.Node{t.Inputs[0]}
	for k, x := range t.Args() {
		if k == int(j) {
			in = append(in, arg(a, 2))
			continue
		}
		if k := u.kindOf(x); !(k.numeric() || k == kFunc || k == kEnv) {
			if made++; made > budget {
				return nil
			}
		}
	}
	made = 0
	for k, x := range t.Args() {
		if k != int(j) {
			in = append(in[:k+1], append([]ir.Node{u.zeroOf(x, a.Graph(), a.Pos(), &made)}, in[k+1:]...)...)
		}
	}
	return u.apply(a.Graph(), a.Pos(), nil, in...)
}

// getitem(tuple_setitem(t, i, v), i) -> v; with j != i, getitem(t, j).
func getitemOfSetItem(u *Unit, a *ir.Apply) ir.Node {
	s := applyOf(arg(a, 0), ir.TupleSetItem)
	if s == nil {
		return nil
	}
	i, ok1 := intConst(arg(s, 1))
	j, ok2 := intConst(arg(a, 1))
	if !ok1 || !ok2 || i < 0 || j < 0 {
		return nil
	}
	if i == j {
		// tuple_setitem checks i is in range; only the getitem of the
		// original tuple, if it also takes element i, proves it.
		return nil
	}
	return u.applyPrim(a.Graph(), a.Pos(), a.Type(), ir.GetItem, arg(s, 0), arg(a, 1))
}

// getitem(zeros_like(t), i) -> zeros_like(getitem(t, i)).
func getitemOfZeros(u *Unit, a *ir.Apply) ir.Node {
	z := applyOf(arg(a, 0), ir.ZerosLike)
	if z == nil || !singleUser(u, z) {
		return nil // the rewrite would add a node unless z dies
	}
	if _, ok := intConst(arg(a, 1)); !ok {
		return nil
	}
	if a.Type() != nil {
		return nil // the type of getitem(t, i) is not at hand
	}
	g := u.applyPrim(a.Graph(), a.Pos(), nil, ir.GetItem, arg(z, 0), arg(a, 1))
	return u.applyPrim(a.Graph(), a.Pos(), nil, ir.ZerosLike, g)
}

// tuple_setitem(make_tuple(x0..xn), i, v) -> make_tuple(x0..v..xn).
func setitemOfMakeTuple(u *Unit, a *ir.Apply) ir.Node {
	t := seqLiteral(arg(a, 0))
	if t == nil {
		return nil
	}
	i, ok := index(arg(a, 1), len(t.Inputs)-1)
	if !ok {
		return nil
	}
	if _, isInt := intConst(arg(a, 1)); !isInt {
		return nil
	}
	in := append([]ir.Node(nil), t.Inputs...)
	in[i+1] = arg(a, 2)
	return u.apply(a.Graph(), a.Pos(), a.Type(), in...)
}

// len(make_tuple(x0..xn)) -> n+1.
func lenOfMakeTuple(u *Unit, a *ir.Apply) ir.Node {
	t := seqLiteral(arg(a, 0))
	if t == nil {
		return nil
	}
	return u.constant(int64(len(t.Inputs)-1), a.Pos(), a.Type())
}

// slice(make_tuple(x0..xn), lo, hi, None) with constant bounds ->
// make_tuple(xlo..xhi-1).
func sliceOfMakeTuple(u *Unit, a *ir.Apply) ir.Node {
	t, ok := arg(a, 0).(*ir.Apply)
	if !ok || !ir.IsApplyOf(t, ir.MakeTuple) {
		return nil
	}
	n := int64(len(t.Inputs) - 1)
	bound := func(x ir.Node, def int64) (int64, bool) {
		v, ok := constOf(x)
		if !ok {
			return 0, false
		}
		switch v := v.(type) {
		case ir.NoneType:
			return def, true
		case int64:
			if v < 0 {
				v += n
			}
			return max(0, min(v, n)), true
		}
		return 0, false
	}
	lo, ok1 := bound(arg(a, 1), 0)
	hi, ok2 := bound(arg(a, 2), n)
	step, ok3 := constOf(arg(a, 3))
	if !ok1 || !ok2 || !ok3 || step != ir.None {
		return nil
	}
	in := []ir.Node{t.Inputs[0]}
	for i := lo; i < hi; i++ {
		in = append(in, t.Inputs[i+1])
	}
	return u.apply(a.Graph(), a.Pos(), a.Type(), in...)
}

// is_seq(x) -> True or False when x's kind is known.
func isSeqOfKnown(u *Unit, a *ir.Apply) ir.Node {
	switch k := u.kindOf(arg(a, 0)); {
	case k == kTuple || k == kList:
		return u.constant(true, a.Pos(), a.Type())
	case k.scalar() || k == kFunc || k == kEnv || k == kArray || k == kNumArr:
		return u.constant(false, a.Pos(), a.Type())
	}
	return nil
}

// grad_forward(x, rest) -> True or False when x's kind is known and, for
// a float x, rest is a make_tuple whose elements are known to hold no
// function: a gradient's choice of forward mode, in untyped code.
func gradForwardOfKnown(u *Unit, a *ir.Apply) ir.Node {
	switch k := u.kindOf(arg(a, 0)); {
	case k == kFloat:
		if holds, known := holdsFunc(u, arg(a, 1)); known {
			return u.constant(!holds, a.Pos(), a.Type())
		}
	case k == kInt || k == kBool || k == kNone || k == kStr || k == kTuple || k == kList ||
		k == kFunc || k == kEnv || k == kArray:
		return u.constant(false, a.Pos(), a.Type())
	}
	return nil
}

// holdsFunc reports whether n is or holds a function, if that is known.
func holdsFunc(u *Unit, n ir.Node) (holds, known bool) {
	if t, ok := n.(*ir.Apply); ok && ir.IsApplyOf(t, ir.MakeTuple) {
		known = true
		for _, e := range t.Inputs[1:] {
			h, k := holdsFunc(u, e)
			if h {
				return true, true
			}
			known = known && k
		}
		return false, known
	}
	switch k := u.kindOf(n); {
	case k == kFunc || k == kEnv:
		return true, true
	case k.scalar() || k == kArray || k == kNumArr:
		return false, true
	}
	return false, false
}

// is_none(x) -> True if x is None, False if x is of a kind that is
// never None (a tuple, a list, a number, an array, the result of
// arithmetic...): _unreduce's `if axis is None` on make_tuple(1).
func isNoneOfKnown(u *Unit, a *ir.Apply) ir.Node {
	switch k := u.kindOf(arg(a, 0)); k {
	case kNone:
		return u.constant(true, a.Pos(), a.Type())
	case kBottom, kUnknown:
		return nil
	}
	return u.constant(false, a.Pos(), a.Type())
}

// not_none(x) -> x if x is of a kind that is never None: the narrowing
// of a variable tested `is not None` that was never None.
func notNoneOfKnown(u *Unit, a *ir.Apply) ir.Node {
	switch u.kindOf(arg(a, 0)) {
	case kNone, kBottom, kUnknown:
		return nil
	}
	return arg(a, 0)
}
