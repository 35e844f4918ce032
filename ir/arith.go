package ir

import (
	"math"
	"math/big"
	"math/bits"

	"github.com/myia/myia/ir/libm"
)

// Python's scalar arithmetic on int64 and float64, shared by the stages
// that compute it: the VM runs it, the optimizer folds constants with it.
// An operation Python would raise on returns the message of the error
// (what the VM reports); "" means the result is valid. Nothing here
// allocates on success.

// The messages of the arithmetic errors.
const (
	MsgOverflow = "integer overflow"
	// numpy's errors for - of bool arrays (or of a bool array and a bool).
	MsgBoolNegative = "the numpy boolean negative, the - operator, is not supported"
	MsgBoolSubtract = "numpy boolean subtract, the - operator, is not supported"
)

// IntArith computes a op b for ints (add sub mul truediv floordiv mod
// pow): an int i, or a float f when isFloat (true division).
func IntArith(p Prim, a, b int64) (i int64, f float64, isFloat bool, msg string) {
	switch p {
	case Add:
		s := a + b
		if (s^a)&(s^b) < 0 {
			return 0, 0, false, MsgOverflow
		}
		return s, 0, false, ""
	case Sub:
		s := a - b
		if (a^b)&(s^a) < 0 {
			return 0, 0, false, MsgOverflow
		}
		return s, 0, false, ""
	case Mul:
		r, ok := MulInt(a, b)
		if !ok {
			return 0, 0, false, MsgOverflow
		}
		return r, 0, false, ""
	case TrueDiv:
		if b == 0 {
			return 0, 0, true, "division by zero"
		}
		const exact = 1 << 53
		if -exact <= a && a <= exact && -exact <= b && b <= exact {
			return 0, float64(a) / float64(b), true, ""
		}
		q, _ := new(big.Rat).SetFrac(big.NewInt(a), big.NewInt(b)).Float64()
		return 0, q, true, ""
	case FloorDiv, Mod:
		if b == 0 {
			return 0, 0, false, "integer division or modulo by zero"
		}
		if p == FloorDiv {
			if a == math.MinInt64 && b == -1 {
				return 0, 0, false, MsgOverflow
			}
			q := a / b
			if a%b != 0 && (a < 0) != (b < 0) {
				q--
			}
			return q, 0, false, ""
		}
		r := a % b
		if r != 0 && (r < 0) != (b < 0) {
			r += b
		}
		return r, 0, false, ""
	case Pow:
		if b < 0 {
			return 0, 0, false, "negative exponent: int ** int needs a non-negative exponent (use a float)"
		}
		r := int64(1)
		for ok := true; b > 0; b >>= 1 {
			if b&1 != 0 {
				if r, ok = MulInt(r, a); !ok {
					return 0, 0, false, MsgOverflow
				}
			}
			if b > 1 {
				if a, ok = MulInt(a, a); !ok {
					return 0, 0, false, MsgOverflow
				}
			}
		}
		return r, 0, false, ""
	}
	return 0, 0, false, "bad arithmetic primitive " + p.String()
}

// MulInt multiplies, reporting whether the product fits in 64 bits.
func MulInt(a, b int64) (int64, bool) {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	// The high word of the signed product, then the overflow test: it
	// must be the sign extension of the low word.
	hi -= uint64(a>>63)&uint64(b) + uint64(b>>63)&uint64(a)
	return int64(lo), hi == uint64(int64(lo)>>63)
}

// FloatArith computes a op b for floats, as CPython does.
func FloatArith(p Prim, a, b float64) (float64, string) {
	switch p {
	case Add:
		return a + b, ""
	case Sub:
		return a - b, ""
	case Mul:
		return a * b, ""
	case TrueDiv:
		if b == 0 {
			return 0, "float division by zero"
		}
		return a / b, ""
	case FloorDiv:
		if b == 0 {
			return 0, "float floor division by zero"
		}
		return FloorDivFloat(a, b), ""
	case Mod:
		if b == 0 {
			return 0, "float modulo by zero"
		}
		return ModFloat(a, b), ""
	case Pow:
		return PowFloat(a, b)
	}
	return 0, "bad arithmetic primitive " + p.String()
}

// FloorDivFloat is CPython's float floor division (float_floor_div).
func FloorDivFloat(a, b float64) float64 {
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

// ModFloat is CPython's float remainder (float_rem).
func ModFloat(a, b float64) float64 {
	mod := math.Mod(a, b)
	if mod != 0 {
		if (b < 0) != (mod < 0) {
			mod += b
		}
		return mod
	}
	return math.Copysign(0, b)
}

// PowFloat is CPython's float_pow, except that a negative base with a
// fractional exponent (a complex result in CPython) is an error.
func PowFloat(a, b float64) (float64, string) {
	switch {
	case b == 0:
		return 1, ""
	case math.IsNaN(a) || math.IsNaN(b) || math.IsInf(a, 0) || math.IsInf(b, 0):
		return libm.Pow(a, b), ""
	case a == 0 && b < 0:
		return 0, "zero to a negative power: 0.0 cannot be raised to a negative power"
	case a < 0 && b != math.Floor(b):
		return 0, "negative number cannot be raised to a fractional power"
	}
	r := libm.Pow(a, b)
	if math.IsInf(r, 0) {
		return 0, "numerical result out of range"
	}
	return r, ""
}

// CmpIntFloat compares an int with a non-NaN float exactly: -1, 0 or 1.
func CmpIntFloat(i int64, f float64) int {
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
