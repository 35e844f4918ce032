package opt

// Algebra applies algebraic identities that hold exactly, IEEE floats
// included, for the kinds of values they are listed for:
//
//	x * 1, 1 * x          ->  x     x an int or a float (1.0: x a float)
//	x + 0, 0 + x          ->  x     x an int (for floats, -0.0 + 0 is 0.0)
//	x - 0                 ->  x     x an int or a float
//	x / 1.0               ->  x     x a float
//	x ** 1                ->  x     x an int or a float
//	x ** 2                ->  x * x x an int, a float or a bool
//	-(-x)                 ->  x     x a float (for ints, -(-2**63) overflows)
//	+x                    ->  x     x an int or a float
//	x * -1, -1 * x        ->  -x    x a float
//	to_float(x)           ->  x     x a float
//	to_int(x)             ->  x     x an int
//
// x * 0 is not 0: for x = inf or nan it is nan. x ** 2 is x * x but
// where x * x overflows: float ** raises an overflow error there, the
// product is inf (the one place the optimized program may differ from
// the source: it computes where the source would fail). It runs after
// fold and tuple, which expose the constants and operands.

import (
	"github.com/myia/myia/ir"
)

// Algebra is the algebraic-identities pass.
func Algebra(u *Unit) bool { return rewrite(u, &algebraRules) }

var algebraRules ruleTable

func init() {
	algebraRules.add(mulOne, ir.Mul)
	algebraRules.add(mulMinusOne, ir.Mul)
	algebraRules.add(addZero, ir.Add)
	algebraRules.add(subZero, ir.Sub)
	algebraRules.add(divOne, ir.TrueDiv)
	algebraRules.add(powOne, ir.Pow)
	algebraRules.add(powTwo, ir.Pow)
	algebraRules.add(negNeg, ir.Neg)
	algebraRules.add(posX, ir.UPos)
	algebraRules.add(toFloatOfFloat, ir.ToFloat)
	algebraRules.add(toIntOfInt, ir.ToInt)
}

// identity returns x if x's kind is one of ks.
func identity(u *Unit, x ir.Node, ks ...kind) ir.Node {
	k := u.kindOf(x)
	for _, want := range ks {
		if k == want {
			return x
		}
	}
	return nil
}

func mulOne(u *Unit, a *ir.Apply) ir.Node {
	for i := 0; i < 2; i++ {
		x, c := arg(a, i), arg(a, 1-i)
		switch {
		case isNum(c, 1, "int"):
			if n := identity(u, x, kInt, kFloat); n != nil {
				return n
			}
		case isNum(c, 1, "float"):
			if n := identity(u, x, kFloat); n != nil {
				return n
			}
		}
	}
	return nil
}

func mulMinusOne(u *Unit, a *ir.Apply) ir.Node {
	for i := 0; i < 2; i++ {
		x, c := arg(a, i), arg(a, 1-i)
		if isNum(c, -1, "") && u.kindOf(x) == kFloat {
			return u.applyPrim(a.Graph(), a.Pos(), a.Type(), ir.Neg, x)
		}
	}
	return nil
}

func addZero(u *Unit, a *ir.Apply) ir.Node {
	for i := 0; i < 2; i++ {
		x, c := arg(a, i), arg(a, 1-i)
		if isNum(c, 0, "int") {
			if n := identity(u, x, kInt); n != nil {
				return n
			}
		}
		// x + -0.0 is x for every float x.
		if v, ok := constOf(c); ok {
			if f, ok := v.(float64); ok && isNegZero(f) {
				if n := identity(u, x, kFloat); n != nil {
					return n
				}
			}
		}
	}
	return nil
}

func subZero(u *Unit, a *ir.Apply) ir.Node {
	x, c := arg(a, 0), arg(a, 1)
	switch {
	case isNum(c, 0, "int"):
		return identity(u, x, kInt, kFloat)
	case isNum(c, 0, "float"):
		return identity(u, x, kFloat)
	}
	return nil
}

func divOne(u *Unit, a *ir.Apply) ir.Node {
	if isNum(arg(a, 1), 1, "") {
		return identity(u, arg(a, 0), kFloat)
	}
	return nil
}

func powOne(u *Unit, a *ir.Apply) ir.Node {
	if isNum(arg(a, 1), 1, "int") {
		return identity(u, arg(a, 0), kInt, kFloat)
	}
	if isNum(arg(a, 1), 1, "float") {
		return identity(u, arg(a, 0), kFloat)
	}
	return nil
}

func powTwo(u *Unit, a *ir.Apply) ir.Node {
	x := arg(a, 0)
	k := u.kindOf(x)
	switch {
	case isNum(arg(a, 1), 2, "int") && k.number(),
		isNum(arg(a, 1), 2, "float") && k == kFloat:
		return u.applyPrim(a.Graph(), a.Pos(), a.Type(), ir.Mul, x, x)
	}
	return nil
}

func negNeg(u *Unit, a *ir.Apply) ir.Node {
	if n := applyOf(arg(a, 0), ir.Neg); n != nil {
		return identity(u, arg(n, 0), kFloat)
	}
	return nil
}

func posX(u *Unit, a *ir.Apply) ir.Node { return identity(u, arg(a, 0), kInt, kFloat) }

func toFloatOfFloat(u *Unit, a *ir.Apply) ir.Node { return convIdentity(u, arg(a, 0), kFloat) }

func toIntOfInt(u *Unit, a *ir.Apply) ir.Node { return convIdentity(u, arg(a, 0), kInt) }

// convIdentity is identity for a conversion to kind k. The call of a
// function value that may be several functions is typed with the join
// of their results, but holds what the function called returns (an int
// where the join is a float): inference converts after the call
// (infer/convert.go), a conversion that only the kind of what the
// callees return may remove, not the call's type.
func convIdentity(u *Unit, x ir.Node, k kind) ir.Node {
	if c, ok := x.(*ir.Apply); ok && len(c.Inputs) > 0 {
		if _, isPrim := applyPrim(c); !isPrim {
			if u.calleeKind(strip(c.Inputs[0])) == k {
				return x
			}
			return nil
		}
	}
	return identity(u, x, k)
}
