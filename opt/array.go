package opt

// Arrays applies the identities of numpy's primitives that hold without
// knowing shapes, and the ones that make the adjoints of scalar code
// scalar again: the adjoints undo broadcasting with sum_to_like and test
// np_ndim, which are the identity and 0 on scalars.
//
//	sum_to_like(d, x)                  ->  d      d and x numbers; d zeros_like(x);
//	                                              d sum_to_like(_, x); d is x;
//	                                              d and x of one known array type
//	np_ndim(x)                         ->  0      x a number (the rank of a typed array;
//	                                              typed, the rank inference knows)
//	np_shape(x)                        ->  ()     x a number (the dims of a typed array;
//	                                              typed, the dims inference knows)
//	np_broadcast_to(x, ())             ->  x      x a number
//	np_broadcast_to(x, np_shape(x))    ->  x
//	np_transpose(np_transpose(x, p), q) -> x      x an array, q the inverse of p
//	                                              (None and None)
//	op(np_broadcast_to(x, s), y)       ->  op(x, y)   op + - * /, y a float array of
//	                                              a's known type, x a float array or
//	                                              number: broadcasting is op's own
//	                                              (likewise op(y, np_broadcast_to(x, s)))
//	fix_sens(x, d)                     ->  d      x a float array, d of a's known type
//	sum_to_like(neg(x), y)             ->  neg(sum_to_like(x, y))   negation is exact:
//	                                              the smaller array is negated
//	f(zeros_like(x), a...)             ->  zeros_like(f(x, a...))
//	                                              f np_sum, np_broadcast_to, np_reshape,
//	                                              np_transpose, sum_to_like: linear in
//	                                              their first operand, exactly (dtype and
//	                                              shape), so the zero of AD stays symbolic
//	                                              and gadd drops it
//
// No rule assumes a value of unknown kind is a scalar, and none folds
// an array: numpy's semantics are the VM's business. It runs with the
// other local rules (simplify), after inlining, which brings the
// adjoints' tests next to the kinds of their operands.

import (
	"strconv"
	"strings"

	"github.com/myia/myia/ir"
	lattice "github.com/myia/myia/ir/types"
)

// Arrays is the pass of the array identities.
func Arrays(u *Unit) bool { return rewrite(u, &arrayRules) }

var arrayRules ruleTable

func init() {
	arrayRules.add(sumToLikeSame, ir.SumToLike)
	arrayRules.add(ndimKnown, ir.NDim)
	arrayRules.add(shapeKnown, ir.Shape)
	arrayRules.add(broadcastSame, ir.BroadcastTo)
	arrayRules.add(transposeTwice, ir.Transpose)
	arrayRules.add(zerosCommute, ir.ReduceSum, ir.BroadcastTo, ir.Reshape, ir.Transpose, ir.SumToLike)
	arrayRules.add(broadcastOperand, ir.Add, ir.Sub, ir.Mul, ir.TrueDiv)
	arrayRules.add(fixSensArray, ir.FixSens)
	arrayRules.add(sumToLikeNeg, ir.SumToLike)
}

// op(np_broadcast_to(x, s), y) -> op(x, y) when y is already a float
// array of the result's type (all dims known): the operator broadcasts x
// itself, and the broadcast array, as big as y, is never made. It is
// where the adjoint of a reduction meets the product rule.
func broadcastOperand(u *Unit, a *ir.Apply) ir.Node {
	ta, ok := knownArrayType(a)
	if !ok || !strings.HasPrefix(ta, "Array[Float64,") {
		return nil
	}
	for i := 0; i < 2; i++ {
		b, y := applyOf(arg(a, i), ir.BroadcastTo), arg(a, 1-i)
		if b == nil {
			continue
		}
		if ty, ok := knownArrayType(y); !ok || ty != ta {
			continue
		}
		x := arg(b, 0)
		if dt, _, ok := arrayType(x); !(ok && dt == "Float64" || u.kindOf(x) == kFloat) {
			continue
		}
		in := []ir.Node{x, y}
		if i == 1 {
			in = []ir.Node{y, x}
		}
		return u.apply(a.Graph(), a.Pos(), a.Type(), append([]ir.Node{a.Inputs[0]}, in...)...)
	}
	return nil
}

// fix_sens(x, d) -> d when x is a float array and d already of the
// result's type: the sensitivity needs no fixing.
func fixSensArray(u *Unit, a *ir.Apply) ir.Node {
	x, d := arg(a, 0), arg(a, 1)
	if dt, _, ok := arrayType(x); !ok || dt != "Float64" {
		return nil
	}
	ta, ok := knownArrayType(a)
	if td, ok2 := knownArrayType(d); !ok || !ok2 || td != ta {
		return nil
	}
	return d
}

// sum_to_like(neg(x), y) -> neg(sum_to_like(x, y)): the same numbers
// (negation commutes with rounding), with the negation on the reduced
// array; only when neg(x) has no other use, so that no node is added.
func sumToLikeNeg(u *Unit, a *ir.Apply) ir.Node {
	n := applyOf(arg(a, 0), ir.Neg)
	if n == nil || len(u.M.Users(n)) != 1 {
		return nil
	}
	if dt, _, ok := arrayType(n); !ok || dt != "Float64" {
		return nil
	}
	s := u.applyPrim(a.Graph(), a.Pos(), a.Type(), ir.SumToLike, arg(n, 0), arg(a, 1))
	return u.applyPrim(a.Graph(), a.Pos(), a.Type(), ir.Neg, s)
}

// arrayType reads the printed form of an inferred array type,
// "Array[Float64, (3, ?)]": its dtype and dims (-1 where unknown).
func arrayType(n ir.Node) (dtype string, dims []int, ok bool) {
	t := n.Type()
	if t == nil {
		return "", nil, false
	}
	s := t.String()
	rest, ok := strings.CutPrefix(s, "Array[")
	if !ok {
		return "", nil, false
	}
	dtype, rest, ok = strings.Cut(rest, ", (")
	if !ok {
		return "", nil, false
	}
	rest, ok = strings.CutSuffix(rest, ")]")
	if !ok {
		return "", nil, false
	}
	rest = strings.TrimSuffix(rest, ",")
	if rest == "" {
		return dtype, []int{}, true
	}
	for _, d := range strings.Split(rest, ", ") {
		if d == "?" {
			dims = append(dims, -1)
			continue
		}
		v, err := strconv.Atoi(d)
		if err != nil {
			return "", nil, false
		}
		dims = append(dims, v)
	}
	return dtype, dims, true
}

// knownArrayType returns n's array type if every dim is known.
func knownArrayType(n ir.Node) (string, bool) {
	_, dims, ok := arrayType(n)
	if !ok {
		return "", false
	}
	for _, d := range dims {
		if d < 0 {
			return "", false
		}
	}
	return n.Type().String(), true
}

// sum_to_like(d, x) -> d when d already has x's shape.
func sumToLikeSame(u *Unit, a *ir.Apply) ir.Node {
	d, x := arg(a, 0), arg(a, 1)
	if u.kindOf(d).number() && u.kindOf(x).number() || d == x {
		return d
	}
	if z := applyOf(d, ir.ZerosLike); z != nil && arg(z, 0) == x {
		return d
	}
	if s := applyOf(d, ir.SumToLike); s != nil && arg(s, 1) == x {
		return d
	}
	if td, ok := knownArrayType(d); ok {
		if tx, ok := knownArrayType(x); ok && td == tx {
			return d
		}
	}
	return nil
}

// np_ndim(x) -> 0 for a number; the rank of a typed array.
func ndimKnown(u *Unit, a *ir.Apply) ir.Node {
	x := arg(a, 0)
	if u.kindOf(x).number() {
		return u.constant(int64(0), a.Pos(), a.Type())
	}
	if _, dims, ok := arrayType(x); ok {
		return u.constant(int64(len(dims)), a.Pos(), a.Type())
	}
	if n, ok := a.Type().(lattice.Int); ok && n.Known && u.typed {
		// Of a tuple or a list, the nesting inference knows.
		return u.constant(n.V, a.Pos(), a.Type())
	}
	return nil
}

// np_shape(x) -> () for a number; the dims of a typed array; in a
// typed graph, the dims inference knows of anything else (a tuple, as
// the adjoints of np.sum and np.prod of a tuple read it).
func shapeKnown(u *Unit, a *ir.Apply) ir.Node {
	x := arg(a, 0)
	if u.kindOf(x).number() {
		return u.applyPrim(a.Graph(), a.Pos(), a.Type(), ir.MakeTuple)
	}
	var dims []int
	if _, ok := knownArrayType(x); ok {
		_, dims, _ = arrayType(x)
	} else if t, ok := a.Type().(*lattice.Tuple); ok && u.typed {
		for _, e := range t.Elems {
			d, ok := e.(lattice.Int)
			if !ok || !d.Known {
				return nil
			}
			dims = append(dims, int(d.V))
		}
	} else {
		return nil
	}
	in := make([]ir.Node, len(dims))
	for i, d := range dims {
		in[i] = u.constant(int64(d), a.Pos(), nil)
	}
	return u.applyPrim(a.Graph(), a.Pos(), a.Type(), ir.MakeTuple, in...)
}

// np_broadcast_to(x, ()) -> x for a number; np_broadcast_to(x,
// np_shape(x)) -> x.
func broadcastSame(u *Unit, a *ir.Apply) ir.Node {
	x, s := arg(a, 0), arg(a, 1)
	if t := applyOf(s, ir.MakeTuple); t != nil && len(t.Inputs) == 1 && u.kindOf(x).number() {
		return x
	}
	if sh := applyOf(s, ir.Shape); sh != nil && arg(sh, 0) == x {
		return x
	}
	return nil
}

// np_transpose(np_transpose(x, p), q) -> x, x an array, when q undoes
// p: both None, or constant permutations inverse of each other.
func transposeTwice(u *Unit, a *ir.Apply) ir.Node {
	in := applyOf(arg(a, 0), ir.Transpose)
	if in == nil || u.kindOf(arg(in, 0)) != kArray {
		return nil
	}
	p, q := arg(in, 1), arg(a, 1)
	if isNone(p) && isNone(q) {
		return arg(in, 0)
	}
	pp, ok1 := intTuple(p)
	qq, ok2 := intTuple(q)
	if !ok1 || !ok2 || len(pp) != len(qq) {
		return nil
	}
	// transpose(transpose(x, p), q) has axis i = axis p[q[i]] of x.
	for i, j := range qq {
		if j < 0 || j >= int64(len(pp)) || pp[j] != int64(i) {
			return nil
		}
	}
	return arg(in, 0)
}

func isNone(n ir.Node) bool { return isConst(n, ir.None) }

// isConst reports whether n is the constant v (a bool or None).
func isConst(n ir.Node, v any) bool {
	c, ok := constOf(n)
	return ok && c == v
}

// intTuple returns the values of make_tuple of int constants.
func intTuple(n ir.Node) ([]int64, bool) {
	t := applyOf(n, ir.MakeTuple)
	if t == nil {
		return nil, false
	}
	out := make([]int64, len(t.Inputs)-1)
	for i := range out {
		v, ok := intConst(arg(t, i))
		if !ok {
			return nil, false
		}
		out[i] = v
	}
	return out, true
}

// f(zeros_like(x), a...) -> zeros_like(f(x, a...)) for the primitives
// linear in their first operand; the zeros_like single-used, so that
// the rewrite adds nothing.
func zerosCommute(u *Unit, a *ir.Apply) ir.Node {
	z := applyOf(arg(a, 0), ir.ZerosLike)
	if z == nil || !singleUser(u, z) || z.Graph() != a.Graph() {
		return nil
	}
	in := append([]ir.Node(nil), a.Inputs...)
	in[1] = arg(z, 0)
	f := u.apply(a.Graph(), a.Pos(), a.Type(), in...)
	return u.applyPrim(a.Graph(), a.Pos(), a.Type(), ir.ZerosLike, f)
}
