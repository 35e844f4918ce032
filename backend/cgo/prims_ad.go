package cgo

import (
	"fmt"

	"github.com/myia/myia/ir"
)

// Lowerings of the primitives that the optimized gradient of a scalar
// program keeps (J of a number, grad_sens, fix_sens, gadd...): on
// numbers and tuples of them, each is a C expression of its type.

func init() {
	for p, l := range map[ir.Prim]lowering{
		ir.J: lowerJ, ir.GradSens: lowerGradSens, ir.FixSens: lowerFixSens,
		ir.SumToLike: lowerSumToLike, ir.Gadd: lowerGadd, ir.ZerosLike: lowerZerosLike,
		ir.OnesLike: lowerOnesLike, ir.IsSeq: lowerIsSeq,
	} {
		lowerings[p] = l
	}
}

// lowerJ: J of a number or a tuple of numbers is itself.
func lowerJ(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	x, tx := e.val(args[0])
	if !plain(tx) {
		refuse(a.Pos(), "J of a %s", tx)
	}
	e.line("%s = %s;", dst, e.conv(a.Pos(), x, tx, res))
}

// plain reports whether t holds numbers, None and tuples of these only.
func plain(t *ctype) bool {
	switch t.kind {
	case kInt, kFloat, kBool:
		return true
	case kTuple:
		for _, el := range t.elems {
			if !plain(el) {
				return false
			}
		}
		return true
	}
	return t.none
}

func lowerGradSens(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	_, tx := e.val(args[0])
	if tx.kind != kFloat {
		refuse(a.Pos(), "grad of a function whose output is a %s, not a float", tx)
	}
	e.line("%s = %s;", dst, e.conv(a.Pos(), "1.0", tFloat, res))
}

// zero is the C zero of t.
func (e *fnEmitter) zero(t *ctype) string {
	if t.kind == kTuple {
		return "((" + t.name + "){0})"
	}
	return "0"
}

func lowerZerosLike(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	if !plain(res) {
		refuse(a.Pos(), "zeros_like of a %s", res)
	}
	e.line("%s = %s;", dst, e.zero(res))
}

func (e *fnEmitter) ones(pos ir.Pos, t *ctype) string {
	switch t.kind {
	case kInt, kBool:
		return "1"
	case kFloat:
		return "1.0"
	case kTuple:
		parts := make([]string, len(t.elems))
		for i, el := range t.elems {
			parts[i] = e.ones(pos, el)
		}
		return e.tupleLit(t, parts)
	}
	refuse(pos, "ones_like of a %s", t)
	return ""
}

func lowerOnesLike(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	e.line("%s = %s;", dst, e.ones(a.Pos(), res))
}

func lowerIsSeq(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	_, tx := e.val(args[0])
	e.line("%s = %s;", dst, e.conv(a.Pos(), b2s(tx.kind == kTuple), tBool, res))
}

// fixSens is the C expression of fix_sens(x, d) of type res, from the
// types of x and d.
func (e *fnEmitter) fixSens(pos ir.Pos, tx *ctype, d string, td, res *ctype) string {
	switch tx.kind {
	case kInt, kBool:
		return e.zero(res)
	case kFloat:
		if isNumber(td) {
			return e.conv(pos, d, td, res)
		}
		return e.conv(pos, "0.0", tFloat, res)
	case kTuple:
		if res.kind != kTuple || len(res.elems) != len(tx.elems) {
			break
		}
		parts := make([]string, len(tx.elems))
		for i, el := range tx.elems {
			if td.kind == kTuple && i < len(td.elems) {
				parts[i] = e.fixSens(pos, el, fmt.Sprintf("%s.f%d", d, i), td.elems[i], res.elems[i])
			} else {
				parts[i] = e.fixSens(pos, el, "0", tNone, res.elems[i])
			}
		}
		return e.tupleLit(res, parts)
	}
	if tx.none || tx.kind == kUnit {
		return e.zero(res)
	}
	refuse(pos, "fix_sens of a %s", tx)
	return ""
}

func lowerFixSens(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	_, tx := e.val(args[0])
	d, td := e.val(args[1])
	e.line("%s = %s;", dst, e.fixSens(a.Pos(), tx, d, td, res))
}

func lowerSumToLike(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	d, td := e.val(args[0])
	_, tx := e.val(args[1])
	if !isNumber(td) || !isNumber(tx) {
		refuse(a.Pos(), "sum_to_like of a %s and a %s", td, tx)
	}
	e.line("%s = %s;", dst, e.conv(a.Pos(), d, td, res))
}

// gadd is the C expression of gadd(x, y) of type res.
func (e *fnEmitter) gadd(pos ir.Pos, x string, tx *ctype, y string, ty *ctype, res *ctype) string {
	switch {
	case tx.none:
		return e.conv(pos, y, ty, res)
	case ty.none:
		return e.conv(pos, x, tx, res)
	case tx.kind == kBool && ty.kind == kBool:
		return e.conv(pos, x, tx, res)
	case isNumber(tx) && isNumber(ty) && res.kind == kFloat:
		return fmt.Sprintf("(%s + %s)", e.conv(pos, x, tx, tFloat), e.conv(pos, y, ty, tFloat))
	case isIntLike(tx) && isIntLike(ty) && res.kind == kInt:
		// Sensitivities of ints are zeros: no overflow to check in practice,
		// but wrap-free addition keeps Python's result when it fits.
		return fmt.Sprintf("(%s + %s)", e.conv(pos, x, tx, tInt), e.conv(pos, y, ty, tInt))
	case tx.kind == kTuple && ty.kind == kTuple && res.kind == kTuple && len(tx.elems) == len(ty.elems) && len(res.elems) == len(tx.elems):
		parts := make([]string, len(tx.elems))
		for i := range tx.elems {
			parts[i] = e.gadd(pos, fmt.Sprintf("%s.f%d", x, i), tx.elems[i], fmt.Sprintf("%s.f%d", y, i), ty.elems[i], res.elems[i])
		}
		return e.tupleLit(res, parts)
	}
	refuse(pos, "gadd of a %s and a %s", tx, ty)
	return ""
}

func lowerGadd(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	x, tx := e.val(args[0])
	y, ty := e.val(args[1])
	e.line("%s = %s;", dst, e.gadd(a.Pos(), x, tx, y, ty, res))
}
