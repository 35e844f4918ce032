package opt

// Zeros removes the symbolic zeros of AD and the AD primitives whose
// operands are known: the places where the J transform's waste lives.
//
//	gadd(zeros_like(x), d)   ->  d        gadd(d, zeros_like(x))  ->  d
//	gadd(newenv(), e)        ->  e        gadd(e, newenv())       ->  e
//	gadd(0.0, d)             ->  d        d a float (0: an int or a float)
//	gadd(a, b)               ->  add(a, b)   a and b ints or floats
//	zeros_like(zeros_like(x))->  zeros_like(x)
//	mul(zeros_like(x), y)    ->  zeros_like(x)   (and truediv, neg; add
//	                             and sub drop it): AD's zero is strong
//	zeros_like(x)            ->  0.0 / 0 / False / newenv()   by x's kind,
//	                             once the pipeline is done
//	eq(zeros_like(x), c)     ->  0 == c   c a number (and ne): a rule's
//	                             test of a zero tangent (jvp_pow's dy == 0)
//	grad_sens(y)             ->  1.0      y a float (depend(1.0, y) if y
//	                             may print or assert: forward mode's
//	                             gradient reads nothing else of y)
//	fix_sens(x, d)           ->  d        x and d floats
//	fix_sens(x, d)           ->  0 / False   x an int / a bool
//	J(x), stop_gradient(x)   ->  x        x a number, None or a string
//
// A zero is dropped from a sum whatever its operand's value: the zero
// of AD stands for "no sensitivity", not for the number 0.0 (so
// gadd(zeros_like(x), -0.0) is -0.0, where the VM computes 0.0). It runs
// after tuple, which exposes the zeros bprop rules return.

import (
	"github.com/myia/myia/ir"
	lattice "github.com/myia/myia/ir/types"
)

// Zeros is the zeros pass.
func Zeros(u *Unit) bool { return rewrite(u, &zerosRules) }

var zerosRules ruleTable

// finalRules run once the pipeline is done (Optimize's cleanup): the
// symbolic zeros become constants, for the VM, once no rule needs to
// tell them from the number 0.
var finalRules ruleTable

func init() {
	zerosRules.add(gaddZero, ir.Gadd)
	zerosRules.add(gaddNumbers, ir.Gadd)
	zerosRules.add(zerosOfZeros, ir.ZerosLike)
	zerosRules.add(zerosOfFunc, ir.ZerosLike)
	zerosRules.add(mulZero, ir.Mul)
	zerosRules.add(divZero, ir.TrueDiv)
	zerosRules.add(negZero, ir.Neg)
	zerosRules.add(addZeroSym, ir.Add)
	zerosRules.add(subZeroSym, ir.Sub)
	zerosRules.add(cmpZero, ir.Eq, ir.Ne)
	finalRules.add(zerosOfKind, ir.ZerosLike)
	zerosRules.add(gradSensFloat, ir.GradSens)
	zerosRules.add(fixSensKnown, ir.FixSens)
	zerosRules.add(identityOfScalar, ir.J, ir.JF, ir.StopGradient)
}

// isZero reports whether n is a symbolic zero: zeros_like(...) or
// newenv().
func isZero(n ir.Node) bool {
	return ir.IsApplyOf(n, ir.ZerosLike) || ir.IsApplyOf(n, ir.NewEnv)
}

func gaddZero(u *Unit, a *ir.Apply) ir.Node {
	for i := 0; i < 2; i++ {
		z, d := arg(a, i), arg(a, 1-i)
		if isZero(z) {
			return d
		}
		if isNum(z, 0, "float") && u.kindOf(d) == kFloat ||
			isNum(z, 0, "int") && (u.kindOf(d) == kInt || u.kindOf(d) == kFloat) {
			return d
		}
	}
	return nil
}

// gadd(a, b) -> add(a, b) for two ints or floats.
func gaddNumbers(u *Unit, a *ir.Apply) ir.Node {
	x, y := u.kindOf(arg(a, 0)), u.kindOf(arg(a, 1))
	if (x == kInt || x == kFloat) && (y == kInt || y == kFloat) {
		return u.applyPrim(a.Graph(), a.Pos(), a.Type(), ir.Add, arg(a, 0), arg(a, 1))
	}
	return nil
}

// The zero of AD is a strong zero: a term it multiplies is zero too
// (where the kinds agree), whatever the other factor (inf or nan
// included): it stands for "no sensitivity".

// isSymZero reports whether n is zeros_like(...) of a number of kind k.
func (u *Unit) isSymZero(n ir.Node, k kind) bool {
	return ir.IsApplyOf(n, ir.ZerosLike) && u.kindOf(n) == k && (k == kFloat || k == kInt)
}

// mul(zeros_like(x), y) -> zeros_like(x), of the product's kind.
func mulZero(u *Unit, a *ir.Apply) ir.Node {
	k := u.kindOf(a)
	for i := 0; i < 2; i++ {
		if u.isSymZero(arg(a, i), k) {
			return arg(a, i)
		}
	}
	return nil
}

// truediv(zeros_like(x), y) -> zeros_like(x), x a float.
func divZero(u *Unit, a *ir.Apply) ir.Node {
	if u.isSymZero(arg(a, 0), kFloat) {
		return arg(a, 0)
	}
	return nil
}

// neg(zeros_like(x)) -> zeros_like(x).
func negZero(u *Unit, a *ir.Apply) ir.Node {
	if k := u.kindOf(a); u.isSymZero(arg(a, 0), k) {
		return arg(a, 0)
	}
	return nil
}

// eq(zeros_like(x), c), eq(c, zeros_like(x)) -> 0 == c, and ne, for a
// zero of an int or a float and a number c.
func cmpZero(u *Unit, a *ir.Apply) ir.Node {
	for i := 0; i < 2; i++ {
		z := arg(a, i)
		if !u.isSymZero(z, u.kindOf(z)) {
			continue
		}
		if c, ok := constOf(arg(a, 1-i)); ok {
			var eq bool
			switch c := c.(type) {
			case int64:
				eq = c == 0
			case float64:
				eq = c == 0
			default:
				return nil
			}
			return u.constant(eq == ir.IsApplyOf(a, ir.Eq), a.Pos(), a.Type())
		}
	}
	return nil
}

// add(zeros_like(x), y), add(y, zeros_like(x)) -> y, of the sum's kind.
func addZeroSym(u *Unit, a *ir.Apply) ir.Node {
	k := u.kindOf(a)
	for i := 0; i < 2; i++ {
		if u.isSymZero(arg(a, i), u.kindOf(arg(a, i))) && u.kindOf(arg(a, 1-i)) == k {
			return arg(a, 1-i)
		}
	}
	return nil
}

// sub(y, zeros_like(x)) -> y; sub(zeros_like(x), y) -> neg(y).
func subZeroSym(u *Unit, a *ir.Apply) ir.Node {
	k := u.kindOf(a)
	if u.isSymZero(arg(a, 1), u.kindOf(arg(a, 1))) && u.kindOf(arg(a, 0)) == k {
		return arg(a, 0)
	}
	if u.isSymZero(arg(a, 0), u.kindOf(arg(a, 0))) && u.kindOf(arg(a, 1)) == k && (k == kFloat || k == kInt) {
		return u.applyPrim(a.Graph(), a.Pos(), a.Type(), ir.Neg, arg(a, 1))
	}
	return nil
}

// zeros_like(f) -> newenv() for a function or an environment: no rule
// needs to tell that zero from another, and the closure it named is no
// longer used as a value.
func zerosOfFunc(u *Unit, a *ir.Apply) ir.Node {
	if k := u.kindOf(arg(a, 0)); k == kFunc || k == kEnv {
		return u.applyPrim(a.Graph(), a.Pos(), a.Type(), ir.NewEnv)
	}
	return nil
}

func zerosOfKind(u *Unit, a *ir.Apply) ir.Node {
	if _, ok := a.Type().(lattice.Undef); ok {
		// The zero of a variable not bound yet (a loop's first step
		// before the body binds it): the placeholder itself.
		return u.constant(ir.Undefined, a.Pos(), a.Type())
	}
	var v any
	switch u.kindOf(arg(a, 0)) {
	case kFloat:
		v = 0.0
	case kInt:
		v = int64(0)
	case kBool:
		v = false
	case kFunc, kEnv:
		return u.applyPrim(a.Graph(), a.Pos(), a.Type(), ir.NewEnv)
	default:
		return nil
	}
	return u.constant(v, a.Pos(), a.Type())
}

func zerosOfZeros(u *Unit, a *ir.Apply) ir.Node {
	if z := applyOf(arg(a, 0), ir.ZerosLike); z != nil {
		return z
	}
	return nil
}

func gradSensFloat(u *Unit, a *ir.Apply) ir.Node {
	y := arg(a, 0)
	if u.kindOf(y) != kFloat {
		return nil
	}
	one := u.constant(1.0, a.Pos(), a.Type())
	if u.an != nil && u.an.pureNode(y, a.Graph()) {
		return one
	}
	// y, the output of the function differentiated, holds its prints
	// and asserts (the analysis of the pass's start says whether it
	// may): in forward mode, nothing else reads y.
	return u.applyPrim(a.Graph(), a.Pos(), a.Type(), ir.Depend, one, y)
}

func fixSensKnown(u *Unit, a *ir.Apply) ir.Node {
	switch u.kindOf(arg(a, 0)) {
	case kFloat:
		if u.kindOf(arg(a, 1)) == kFloat {
			return arg(a, 1)
		}
	case kInt:
		return u.constant(int64(0), a.Pos(), a.Type())
	case kBool:
		return u.constant(false, a.Pos(), a.Type())
	}
	return nil
}

func identityOfScalar(u *Unit, a *ir.Apply) ir.Node {
	if k := u.kindOf(arg(a, 0)); k.scalar() || k == kArray {
		return arg(a, 0)
	}
	return nil
}
