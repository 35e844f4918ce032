package vm

import (
	"math"

	"github.com/myia/myia/ir"
)

// Arithmetic and comparison with Python 3's semantics on 64-bit numbers:
// int operations that overflow are errors, / is always a float division,
// // and % round toward negative infinity (the result of % has the sign
// of the divisor), an int mixed with a float is a float, bools count as
// the ints 0 and 1.

var opSymbols = map[ir.Prim]string{
	ir.Add: "+", ir.Sub: "-", ir.Mul: "*", ir.TrueDiv: "/", ir.FloorDiv: "//",
	ir.Mod: "%", ir.Pow: "**", ir.Lt: "<", ir.Le: "<=", ir.Gt: ">", ir.Ge: ">=",
	ir.Eq: "==", ir.Ne: "!=",
}

// binary applies a binary primitive that has an opcode of its own: the
// slow path of those opcodes.
func binary(p ir.Prim, x, y Value) (Value, error) {
	if (x.Kind() == KArray || y.Kind() == KArray) && p != ir.GetItem {
		return arrayBinary(p, x, y)
	}
	switch p {
	case ir.Lt, ir.Le, ir.Gt, ir.Ge:
		b, err := order(p, x, y)
		return Bool(b), err
	case ir.Eq:
		return Bool(equal(x, y)), nil
	case ir.Ne:
		return Bool(!equal(x, y)), nil
	case ir.GetItem:
		return getItem(x, y)
	}
	return arith(p, x, y)
}

// isNumber reports whether v is an int, a float or a bool.
func (v Value) isNumber() bool {
	k := v.Kind()
	return k == KInt || k == KFloat || k == KBool
}

func (v Value) isIntLike() bool {
	k := v.Kind()
	return k == KInt || k == KBool
}

// arith applies Add, Sub, Mul, TrueDiv, FloorDiv, Mod or Pow.
func arith(p ir.Prim, x, y Value) (Value, error) {
	switch {
	case x.isIntLike() && y.isIntLike():
		return intArith(p, int64(x.n), int64(y.n))
	case x.isNumber() && y.isNumber():
		return floatArith(p, x.AsFloat(), y.AsFloat())
	case p == ir.Add:
		return concat(x, y)
	case p == ir.Mul && y.isIntLike():
		return repeat(x, y, int64(y.n))
	case p == ir.Mul && x.isIntLike():
		return repeat(y, x, int64(x.n))
	}
	return None, operandError(p, x, y)
}

// operandVerbs name the operations in "cannot add tuple and float".
var operandVerbs = map[ir.Prim]string{
	ir.Add: "add", ir.Sub: "subtract", ir.Mul: "multiply", ir.TrueDiv: "divide",
	ir.FloorDiv: "floor-divide", ir.Mod: "take the modulo of", ir.Pow: "raise",
}

func operandError(p ir.Prim, x, y Value) error {
	return errorf("cannot %s %s and %s (%s)", operandVerbs[p], x.typeName(), y.typeName(), opSymbols[p])
}

var errOverflow = errorf("%s", ir.MsgOverflow)

func intArith(p ir.Prim, a, b int64) (Value, error) {
	i, f, isFloat, msg := ir.IntArith(p, a, b)
	switch {
	case msg == ir.MsgOverflow:
		return None, errOverflow
	case msg != "":
		return None, errorf("%s", msg)
	case isFloat:
		return Float(f), nil
	}
	return Int(i), nil
}

func floatArith(p ir.Prim, a, b float64) (Value, error) {
	r, msg := ir.FloatArith(p, a, b)
	if msg != "" {
		return None, errorf("%s", msg)
	}
	return Float(r), nil
}

// equal is Python's ==: numbers by value (1 == 1.0), strings, tuples and
// lists element by element, ranges as sequences, functions by identity;
// values of different kinds are different.
func equal(x, y Value) bool {
	if x.isNumber() && y.isNumber() {
		switch {
		case x.isFloat() && y.isFloat():
			return x.float() == y.float()
		case x.isFloat():
			return ir.CmpIntFloat(int64(y.n), x.float()) == 0
		case y.isFloat():
			return ir.CmpIntFloat(int64(x.n), y.float()) == 0
		}
		return x.n == y.n
	}
	k := x.Kind()
	if k != y.Kind() {
		return false
	}
	switch k {
	case KNone:
		return true
	case KStr:
		return x.str().s == y.str().s
	case KTuple, KList:
		a, b := x.seq().elems, y.seq().elems
		if len(a) != len(b) {
			return false
		}
		for i := range a {
			if !equal(a[i], b[i]) {
				return false
			}
		}
		return true
	case KRange:
		a, b := x.rng(), y.rng()
		n := rangeLen(a)
		if n != rangeLen(b) {
			return false
		}
		return n == 0 || a.start == b.start && (n == 1 || a.step == b.step)
	}
	return x == y
}

// order evaluates x < y (or <=, >, >=): numbers, strings, and tuples or
// lists lexicographically. NaN compares false.
func order(p ir.Prim, x, y Value) (bool, error) {
	var c int
	switch {
	case x.isNumber() && y.isNumber():
		switch {
		case x.isFloat() || y.isFloat():
			if math.IsNaN(x.AsFloat()) || math.IsNaN(y.AsFloat()) {
				return false, nil
			}
			switch {
			case !x.isFloat():
				c = ir.CmpIntFloat(int64(x.n), y.float())
			case !y.isFloat():
				c = -ir.CmpIntFloat(int64(y.n), x.float())
			case x.float() < y.float():
				c = -1
			case x.float() > y.float():
				c = 1
			}
		case int64(x.n) < int64(y.n):
			c = -1
		case int64(x.n) > int64(y.n):
			c = 1
		}
	case x.Kind() == KStr && y.Kind() == KStr:
		switch a, b := x.str().s, y.str().s; {
		case a < b:
			c = -1
		case a > b:
			c = 1
		}
	case x.Kind() == y.Kind() && (x.Kind() == KTuple || x.Kind() == KList):
		a, b := x.seq().elems, y.seq().elems
		for i := 0; i < len(a) && i < len(b); i++ {
			if !equal(a[i], b[i]) {
				return order(p, a[i], b[i])
			}
		}
		c = len(a) - len(b)
	default:
		return false, errorf("'%s' not supported between instances of '%s' and '%s'", opSymbols[p], x.typeName(), y.typeName())
	}
	switch p {
	case ir.Lt:
		return c < 0, nil
	case ir.Le:
		return c <= 0, nil
	case ir.Gt:
		return c > 0, nil
	}
	return c >= 0, nil
}

// unary applies Neg, UPos or Abs.
func unary(p ir.Prim, x Value) (Value, error) {
	switch {
	case x.Kind() == KArray:
		return arrayUnary(p, x.arr())
	case x.isIntLike():
		i := int64(x.n)
		if p == ir.UPos || p == ir.Abs && i >= 0 {
			return Int(i), nil
		}
		if i == math.MinInt64 {
			return None, errOverflow
		}
		return Int(-i), nil
	case x.isFloat():
		switch p {
		case ir.Neg:
			return Float(-x.float()), nil
		case ir.Abs:
			return Float(math.Abs(x.float())), nil
		}
		return x, nil
	}
	if p == ir.Abs {
		return None, errorf("bad operand type for abs(): '%s'", x.typeName())
	}
	sym := "-"
	if p == ir.UPos {
		sym = "+"
	}
	return None, errorf("bad operand type for unary %s: '%s'", sym, x.typeName())
}
