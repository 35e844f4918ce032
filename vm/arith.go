package vm

import (
	"math"
	"math/big"
	"math/bits"

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

var errOverflow = errorf("integer overflow")

func intArith(p ir.Prim, a, b int64) (Value, error) {
	switch p {
	case ir.Add:
		s := a + b
		if (s^a)&(s^b) < 0 {
			return None, errOverflow
		}
		return Int(s), nil
	case ir.Sub:
		s := a - b
		if (a^b)&(s^a) < 0 {
			return None, errOverflow
		}
		return Int(s), nil
	case ir.Mul:
		r, ok := mulInt(a, b)
		if !ok {
			return None, errOverflow
		}
		return Int(r), nil
	case ir.TrueDiv:
		if b == 0 {
			return None, errorf("division by zero")
		}
		const exact = 1 << 53
		if -exact <= a && a <= exact && -exact <= b && b <= exact {
			return Float(float64(a) / float64(b)), nil
		}
		f, _ := new(big.Rat).SetFrac(big.NewInt(a), big.NewInt(b)).Float64()
		return Float(f), nil
	case ir.FloorDiv, ir.Mod:
		if b == 0 {
			return None, errorf("integer division or modulo by zero")
		}
		if p == ir.FloorDiv {
			if a == math.MinInt64 && b == -1 {
				return None, errOverflow
			}
			q := a / b
			if a%b != 0 && (a < 0) != (b < 0) {
				q--
			}
			return Int(q), nil
		}
		r := a % b
		if r != 0 && (r < 0) != (b < 0) {
			r += b
		}
		return Int(r), nil
	case ir.Pow:
		if b < 0 {
			return None, errorf("negative exponent: int ** int needs a non-negative exponent (use a float)")
		}
		r := int64(1)
		for ok := true; b > 0; b >>= 1 {
			if b&1 != 0 {
				if r, ok = mulInt(r, a); !ok {
					return None, errOverflow
				}
			}
			if b > 1 {
				if a, ok = mulInt(a, a); !ok {
					return None, errOverflow
				}
			}
		}
		return Int(r), nil
	}
	return None, errorf("bad arithmetic primitive %s", p)
}

// mulInt multiplies, reporting whether the product fits in 64 bits.
func mulInt(a, b int64) (int64, bool) {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	// The high word of the signed product, then the overflow test: it
	// must be the sign extension of the low word.
	hi -= uint64(a>>63)&uint64(b) + uint64(b>>63)&uint64(a)
	return int64(lo), hi == uint64(int64(lo)>>63)
}

func floatArith(p ir.Prim, a, b float64) (Value, error) {
	switch p {
	case ir.Add:
		return Float(a + b), nil
	case ir.Sub:
		return Float(a - b), nil
	case ir.Mul:
		return Float(a * b), nil
	case ir.TrueDiv:
		if b == 0 {
			return None, errorf("float division by zero")
		}
		return Float(a / b), nil
	case ir.FloorDiv:
		if b == 0 {
			return None, errorf("float floor division by zero")
		}
		return Float(floorDiv(a, b)), nil
	case ir.Mod:
		if b == 0 {
			return None, errorf("float modulo by zero")
		}
		return Float(floatMod(a, b)), nil
	case ir.Pow:
		return floatPow(a, b)
	}
	return None, errorf("bad arithmetic primitive %s", p)
}

// floorDiv is CPython's float floor division (float_floor_div).
func floorDiv(a, b float64) float64 {
	mod := math.Mod(a, b)
	div := (a - mod) / b
	if mod != 0 {
		if (b < 0) != (mod < 0) {
			div -= 1
		}
	}
	if div == 0 {
		return math.Copysign(0, a/b)
	}
	fl := math.Floor(div)
	if div-fl > 0.5 {
		fl++
	}
	return fl
}

// floatMod is CPython's float remainder (float_rem).
func floatMod(a, b float64) float64 {
	mod := math.Mod(a, b)
	if mod != 0 {
		if (b < 0) != (mod < 0) {
			mod += b
		}
		return mod
	}
	return math.Copysign(0, b)
}

// floatPow is CPython's float_pow, except that a negative base with a
// fractional exponent (a complex result in CPython) is an error.
func floatPow(a, b float64) (Value, error) {
	switch {
	case b == 0:
		return Float(1), nil
	case math.IsNaN(a) || math.IsNaN(b) || math.IsInf(a, 0) || math.IsInf(b, 0):
		return Float(math.Pow(a, b)), nil
	case a == 0 && b < 0:
		return None, errorf("zero to a negative power: 0.0 cannot be raised to a negative power")
	case a < 0 && b != math.Floor(b):
		return None, errorf("negative number cannot be raised to a fractional power")
	}
	r := math.Pow(a, b)
	if math.IsInf(r, 0) {
		return None, errorf("numerical result out of range")
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
			return cmpIntFloat(int64(y.n), x.float()) == 0
		case y.isFloat():
			return cmpIntFloat(int64(x.n), y.float()) == 0
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

// cmpIntFloat compares an int with a non-NaN float exactly: -1, 0 or 1.
func cmpIntFloat(i int64, f float64) int {
	switch {
	case f >= 1<<63:
		return -1
	case f < -(1 << 63):
		return 1
	}
	t := math.Trunc(f)
	ti := int64(t)
	switch {
	case i < ti:
		return -1
	case i > ti:
		return 1
	case f > t:
		return -1
	case f < t:
		return 1
	}
	return 0
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
				c = cmpIntFloat(int64(x.n), y.float())
			case !y.isFloat():
				c = -cmpIntFloat(int64(y.n), x.float())
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
		return arrayUnary(p, x.arr()), nil
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
