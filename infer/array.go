package infer

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/myia/myia/ir"
	"github.com/myia/myia/ir/types"
)

// Arrays. An array's type is its dtype (Int64, Float64 or Bool) and its
// shape, each dimension known or not (-1):
//
//	np_zeros((3, 4))                 Array[Float64, (3, 4)]
//	np_sum(x, (0,), False)           Array[Float64, (4,)]
//	np_sum(x, None, False)           Float64: no 0-d arrays, shape () is a scalar
//	np_dot(Array[.., (3, 4)], Array[.., (5, 2)])
//	                                 error: matmul: shapes (3, 4) and (5, 2) do not align: 4 != 5
//
// The rules follow numpy: broadcasting, dtype promotion (bool < int <
// float; arithmetic on bools gives ints, / gives floats, comparisons
// bools). A shape error is reported only when the dimensions involved are
// known; where they are not, the VM checks at run time. Where a rule
// cannot be precise it says "unknown" (-1), never a wrong dimension.
//
// Array-like values are arrays, scalars (shape ()) and tuples or lists of
// them (shape from the nesting), as numpy's functions take them.

// maxArraySpecs is the number of specialisations of a recursive function
// past which the arrays it is called with lose their dimensions.
const maxArraySpecs = 8

// widenDims forgets the dimensions of the arrays in t (their rank and
// dtype stay).
func widenDims(t Type) Type {
	switch t := t.(type) {
	case *Array:
		sh := make([]int, len(t.Shape))
		for i := range sh {
			sh[i] = -1
		}
		return &Array{DType: t.DType, Shape: sh}
	case *Tuple:
		out := make([]Type, len(t.Elems))
		for i, e := range t.Elems {
			out[i] = widenDims(e)
		}
		return &Tuple{Elems: out}
	case *List:
		return &List{Elem: widenDims(t.Elem), Len: t.Len}
	}
	return t
}

// maxDim bounds the dimensions inference computes: past it, unknown.
const maxDim = 1 << 40

// fmtShape prints a shape as numpy does, ? for an unknown dimension:
// (3, 4), (3,), ().
func fmtShape(shape []int) string { return types.FormatShape(shape) }

// dtypeRank orders the dtypes for promotion: bool < int < float.
func dtypeRank(t Type) int {
	switch t.(type) {
	case Bool:
		return 0
	case Int:
		return 1
	}
	return 2
}

// promote is the dtype of a value made of a and b (np.array, np.where,
// np.maximum, concatenate): the larger of the two.
func promote(a, b Type) Type {
	if dtypeRank(b) > dtypeRank(a) {
		return widen(b)
	}
	return widen(a)
}

// arithDType is the dtype of a binary arithmetic operation p on dtypes a
// and b: / gives floats, arithmetic on bools ints.
func arithDType(p ir.Prim, a, b Type) Type {
	if p == ir.TrueDiv {
		return AnyFloat
	}
	t := promote(a, b)
	if _, ok := t.(Bool); ok {
		return AnyInt
	}
	return t
}

// mkArray is the type of a value of dtype dt and the given shape: a
// scalar for shape ().
func mkArray(dt Type, shape []int) Type {
	if len(shape) == 0 {
		return widen(dt)
	}
	return &Array{DType: widen(dt), Shape: shape}
}

// asArray reads t as numpy reads an array-like: its dtype and shape. A
// scalar has shape (). A tuple or list gets its shape from the nesting;
// why says what is wrong when ok is false.
func asArray(t Type) (dt Type, shape []int, why string, ok bool) {
	switch t := t.(type) {
	case Int, Float, Bool:
		return widen(t), nil, "", true
	case *Array:
		return t.DType, t.Shape, "", true
	case *Tuple:
		if len(t.Elems) == 0 {
			return AnyFloat, []int{0}, "", true
		}
		var inner []int
		for i, e := range t.Elems {
			edt, es, why, ok := asArray(e)
			if !ok {
				return nil, nil, why, false
			}
			if i == 0 {
				dt, inner = edt, append([]int(nil), es...)
				continue
			}
			if len(es) != len(inner) {
				return nil, nil, "the elements of the sequence have different shapes (an inhomogeneous array)", false
			}
			for k, d := range es {
				if d != inner[k] {
					if d >= 0 && inner[k] >= 0 {
						return nil, nil, fmt.Sprintf("the elements of the sequence have different shapes (an inhomogeneous array): %s and %s", fmtShape(inner), fmtShape(es)), false
					}
					inner[k] = -1
				}
			}
			dt = promote(dt, edt)
		}
		return dt, append([]int{len(t.Elems)}, inner...), "", true
	case *List:
		if isBottom(t.Elem) {
			return AnyFloat, []int{max(t.Len, 0)}, "", true
		}
		edt, es, why, ok := asArray(t.Elem)
		if !ok {
			return nil, nil, why, false
		}
		return edt, append([]int{t.Len}, es...), "", true
	}
	return nil, nil, fmt.Sprintf("%s is not an array, a number or a sequence of them", Describe(t)), false
}

// isArray reports whether t is an array.
func isArray(t Type) bool {
	_, ok := t.(*Array)
	return ok
}

// size is the number of elements of a shape, if known.
func size(shape []int) (int, bool) {
	n := 1
	for _, d := range shape {
		if d < 0 {
			return 0, false
		}
		n *= d
	}
	return n, true
}

// broadcast is numpy's broadcast of shapes; ok is false when two known
// dimensions differ and neither is 1.
func broadcast(shapes ...[]int) ([]int, bool) {
	n := 0
	for _, s := range shapes {
		n = max(n, len(s))
	}
	out := make([]int, n)
	for i := range out {
		out[i] = 1
	}
	for _, s := range shapes {
		off := n - len(s)
		for i, d := range s {
			o := out[off+i]
			switch {
			case d == 1:
			case o == 1:
				out[off+i] = d
			case d == -1:
				// o > 1 (or unknown): d must be o or 1 at run time.
			case o == -1:
				out[off+i] = d
			case d != o:
				return nil, false
			}
		}
	}
	return out, true
}

// shapeNotes point to the array operands of a, with their shapes.
func (c *call) shapeNotes(args []Type) []ir.Note {
	var notes []ir.Note
	for i, t := range args {
		if _, s, _, ok := asArray(t); ok && i+1 < len(c.a.Inputs) {
			if _, isConst := c.a.Inputs[i+1].(*ir.Constant); isConst {
				continue
			}
			notes = append(notes, ir.Note{Pos: c.a.Inputs[i+1].Pos(), Msg: "this operand has shape " + fmtShape(s)})
		}
	}
	return notes
}

// shapeError reports a shape error at the call, with notes on the shapes
// of its array operands.
func (c *call) shapeError(args []Type, format string, a ...any) Type {
	e := ir.Errorf(c.a.Pos(), format, a...)
	for _, n := range c.shapeNotes(args) {
		if n.Pos != e.Pos {
			e.Notes = append(e.Notes, n)
		}
	}
	c.f.errs = append(c.f.errs, e)
	return Bottom{}
}

// elementwise types an elementwise operation of array-likes (one at
// least an array): the broadcast shape, with dtype dt of their dtypes
// (Bottom if dt reports an error).
func (c *call) elementwise(args []Type, dt func(dts []Type) Type) Type {
	dts := make([]Type, len(args))
	shapes := make([][]int, len(args))
	for i, t := range args {
		d, s, why, ok := asArray(t)
		if !ok {
			name := opSymbol[c.p]
			if name == "" {
				name = primName(c.p)
			}
			return c.errorf("unsupported operand for %s: %s", name, why)
		}
		dts[i], shapes[i] = d, s
	}
	out, ok := broadcast(shapes...)
	if !ok {
		parts := make([]string, len(shapes))
		for i, s := range shapes {
			parts[i] = fmtShape(s)
		}
		return c.shapeError(args, "operands could not be broadcast together with shapes %s", strings.Join(parts, " "))
	}
	r := dt(dts)
	if _, ok := r.(Bottom); ok { // dt reported an error
		return r
	}
	return mkArray(r, out)
}

func anyArray(args []Type) bool {
	for _, t := range args {
		if isArray(t) {
			return true
		}
	}
	return false
}

// arrayArith: x op y where one of them is an array. As in numpy, + and
// * of bools are bools (or, and), - of bools is an error; other
// arithmetic on bools gives ints.
func arrayArith(c *call, a []Type) Type {
	return c.elementwise(a, func(d []Type) Type {
		_, b0 := d[0].(Bool)
		_, b1 := d[1].(Bool)
		switch {
		case b0 && b1 && (c.p == ir.Add || c.p == ir.Mul):
			return AnyBool
		case b0 && b1 && c.p == ir.Sub:
			return c.errorf("%s", ir.MsgBoolSubtract)
		}
		return arithDType(c.p, d[0], d[1])
	})
}

func arrayCompare(c *call, a []Type) Type {
	return c.elementwise(a, func([]Type) Type { return AnyBool })
}

// arrayUnary: -x, +x, abs(x) of an array. As in numpy, +x and abs(x) of
// bools are bools, -x of bools an error.
func arrayUnary(c *call, a []Type) Type {
	return c.elementwise(a, func(d []Type) Type {
		if _, ok := d[0].(Bool); ok {
			if c.p == ir.Neg {
				return c.errorf("%s", ir.MsgBoolNegative)
			}
			return AnyBool
		}
		return d[0]
	})
}

func arrayMath(c *call, a []Type) Type {
	return c.elementwise(a, func([]Type) Type { return AnyFloat })
}

// floatFn: numpy's math functions (np.log, np.log1p...) of a scalar or an
// array.
func floatFn(c *call, a []Type) Type {
	if isNumber(a[0]) {
		return AnyFloat
	}
	if !isArray(a[0]) {
		return c.errorf("%s() of %s: want a number or an array", primName(c.p), Describe(a[0]))
	}
	return arrayMath(c, a)
}

// maxMinRule: np.maximum, np.minimum (the larger dtype; bools stay bools).
func maxMinRule(c *call, a []Type) Type {
	return c.elementwise(a, func(d []Type) Type { return promote(d[0], d[1]) })
}

// whereRule: np.where(cond, a, b), broadcast over the three.
func whereRule(c *call, a []Type) Type {
	return c.elementwise(a, func(d []Type) Type { return promote(d[1], d[2]) })
}

// arrayTruth checks the condition of an if, not, bool() or switch on an
// array: only an array of one element has a truth value.
func arrayTruth(c *call, t Type) bool {
	s, ok := t.(*Array)
	if !ok {
		return true
	}
	if n, known := size(s.Shape); known && n != 1 {
		if n == 0 {
			c.errorf("the truth value of an empty array is ambiguous")
		} else {
			c.errorf("the truth value of an array with more than one element is ambiguous (shape %s): use a.any() or a.all()", fmtShape(s.Shape))
		}
		return false
	}
	return true
}

// toScalar: int(x) and float(x) of an array of one element.
func toScalar(c *call, s *Array, out Type) Type {
	if n, known := size(s.Shape); known && n != 1 {
		return c.errorf("only arrays of one element can be converted to Python scalars, got shape %s", fmtShape(s.Shape))
	}
	return out
}

// Shapes as arguments.

// dimArg is one dimension given as an argument: its value, if known.
type dimArg struct {
	v     int64
	known bool
}

// shapeArg reads a shape argument: an int or a tuple of ints (a list of
// known length too).
func shapeArg(t Type) ([]dimArg, bool) {
	if v, known, ok := index(t); ok {
		return []dimArg{{v, known}}, true
	}
	switch t := t.(type) {
	case *Tuple:
		out := make([]dimArg, len(t.Elems))
		for i, e := range t.Elems {
			v, known, ok := index(e)
			if !ok {
				return nil, false
			}
			out[i] = dimArg{v, known}
		}
		return out, true
	case *List:
		if t.Len < 0 {
			return nil, false
		}
		if _, _, ok := index(t.Elem); !ok && t.Len > 0 {
			return nil, false
		}
		return make([]dimArg, t.Len), true
	}
	return nil, false
}

func fmtDims(ds []dimArg) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = "?"
		if d.known {
			parts[i] = strconv.FormatInt(d.v, 10)
		}
	}
	s := strings.Join(parts, ", ")
	if len(parts) == 1 {
		s += ","
	}
	return "(" + s + ")"
}

// newShape reads the shape of a new array (np.zeros, np.ones...).
func (c *call) newShape(t Type) ([]int, bool) {
	ds, ok := shapeArg(t)
	if !ok {
		c.errorf("the shape of an array must be an int or a tuple of ints, not %s", Describe(t))
		return nil, false
	}
	out := make([]int, len(ds))
	for i, d := range ds {
		out[i] = -1
		if d.known {
			if d.v < 0 {
				c.errorf("negative dimensions are not allowed: shape %s", fmtDims(ds))
				return nil, false
			}
			out[i] = int(d.v)
		}
	}
	return out, true
}
