package cgo

import (
	"fmt"

	"github.com/myia/myia/ir"
)

// Values that may be None (Optional[T]: a function that returns a tuple
// on one path and None on another) are a struct of a flag h, set when
// the value is not None, and the value f0, zero when it is None (so
// releasing it is a no-op, as an environment's absent values). What the
// language accepts of them: `is None` tests, == and !=, truth, print,
// and passing, returning and storing them.

// toOptional converts x of ctype from (None, a value, or a value that
// may be None of another type) to the optional type to.
func (e *fnEmitter) toOptional(pos ir.Pos, x string, from, to *ctype) string {
	switch {
	case from.kind == kOptional:
		return fmt.Sprintf("((%s){%s.h, %s})", to.name, x, e.conv(pos, x+".f0", from.elems[0], to.elems[0]))
	case from.kind == kUnit && from.none:
		return fmt.Sprintf("((%s){0})", to.name)
	}
	return fmt.Sprintf("((%s){1, %s})", to.name, e.conv(pos, x, from, to.elems[0]))
}

// compareOptional is the C expression of x == y or x != y where x or y
// may be None: two values that may be None are equal when both are
// None or both are values that are equal.
func (e *fnEmitter) compareOptional(pos ir.Pos, p ir.Prim, x string, tx *ctype, y string, ty *ctype) string {
	if p != ir.Eq && p != ir.Ne {
		refuse(pos, "%s of a %s and a %s", p, tx, ty)
	}
	if tx.kind != kOptional {
		x, tx, y, ty = y, ty, x, tx
	}
	var eq string
	switch {
	case ty.kind == kOptional:
		eq = fmt.Sprintf("(%s.h == %s.h && (!%s.h || %s))", x, y, x, e.compare(pos, ir.Eq, x+".f0", tx.elems[0], y+".f0", ty.elems[0]))
	case ty.kind == kUnit && ty.none:
		eq = fmt.Sprintf("(!%s.h)", x)
	default:
		eq = fmt.Sprintf("(%s.h && %s)", x, e.compare(pos, ir.Eq, x+".f0", tx.elems[0], y, ty))
	}
	if p == ir.Ne {
		return "(!" + eq + ")"
	}
	return eq
}
