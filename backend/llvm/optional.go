package llvm

import (
	"github.com/myia/myia/ir"
)

// Values that may be None (Optional[T]) are a struct %tN { T value, i1
// flag }: the flag is set when the value is not None, and the value is
// zero when it is None (as backend/cgo's optional.go). What reads the
// value (truth, ==) reads it only when the flag is set: a zero list or
// str is a null pointer.

// toOptional converts x of ltype from (None, a value, or a value that
// may be None of another type) to the optional type to.
func (e *fnEmitter) toOptional(pos ir.Pos, x string, from, to *ltype) string {
	var v, h string
	switch {
	case from.kind == kOptional:
		v, h = e.conv(pos, e.field(x, from, 0), from.elems[0], to.elems[0]), e.field(x, from, 1)
	case from.kind == kUnit && from.none:
		return "zeroinitializer"
	default:
		v, h = e.conv(pos, x, from, to.elems[0]), "true"
	}
	r := e.def("insertvalue %s undef, %s %s, 0", to.name, to.elems[0].name, v)
	return e.def("insertvalue %s %s, i1 %s, 1", to.name, r, h)
}

// whenSome is an i1 that is false when the flag h (an i1) is clear, and
// otherwise the i1 that then writes (reading the value only then); set
// is its value when h is clear.
func (e *fnEmitter) whenSome(h, set string, then func() string) string {
	slot := e.slot("i1")
	e.inst("store i1 %s, i1* %s", set, slot)
	some, join := e.newLabel(), e.newLabel()
	e.term("br i1 %s, label %%%s, label %%%s", h, some, join)
	e.label(some)
	e.inst("store i1 %s, i1* %s", then(), slot)
	e.term("br label %%%s", join)
	e.label(join)
	return e.def("load i1, i1* %s", slot)
}

// optionalTruth is bool(x) of x, of the optional type t: False for None.
func (e *fnEmitter) optionalTruth(x string, t *ltype) string {
	return e.whenSome(e.field(x, t, 1), "false", func() string { return e.truth(e.field(x, t, 0), t.elems[0]) })
}

// compareOptional is the i1 of x == y or x != y where x or y may be
// None: two values that may be None are equal when both are None or
// both are values that are equal.
func (e *fnEmitter) compareOptional(pos ir.Pos, p ir.Prim, x string, tx *ltype, y string, ty *ltype) string {
	if p != ir.Eq && p != ir.Ne {
		refuse(pos, "%s of a %s and a %s", p, tx, ty)
	}
	if tx.kind != kOptional {
		x, tx, y, ty = y, ty, x, tx
	}
	hx := e.field(x, tx, 1)
	var eq string
	switch {
	case ty.kind == kOptional:
		hy := e.field(y, ty, 1)
		same := e.def("icmp eq i1 %s, %s", hx, hy)
		bothNone := e.def("and i1 %s, %s", same, e.def("xor i1 %s, true", hx))
		eq = e.whenSome(e.def("and i1 %s, %s", same, hx), bothNone, func() string {
			return e.compare(pos, ir.Eq, e.field(x, tx, 0), tx.elems[0], e.field(y, ty, 0), ty.elems[0])
		})
	case ty.kind == kUnit && ty.none:
		eq = e.def("xor i1 %s, true", hx)
	default:
		eq = e.whenSome(hx, "false", func() string { return e.compare(pos, ir.Eq, e.field(x, tx, 0), tx.elems[0], y, ty) })
	}
	if p == ir.Ne {
		return e.def("xor i1 %s, true", eq)
	}
	return eq
}
