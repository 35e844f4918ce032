package cgo

import (
	"fmt"
	"strings"

	"github.com/myia/myia/backend/llvm/plan"
	"github.com/myia/myia/ir"
	lattice "github.com/myia/myia/ir/types"
)

// Lowerings of the primitives that the optimized gradient of a scalar
// program keeps (J of a number, grad_sens, fix_sens, gadd...): on
// numbers and tuples of them, each is a C expression of its type.

func init() {
	for p, l := range map[ir.Prim]lowering{
		ir.J: lowerJ, ir.JF: lowerJF, ir.GradSens: lowerGradSens, ir.FixSens: lowerFixSens,
		ir.CheckSens: lowerCheckSens,
		ir.SumToLike: lowerSumToLike, ir.Gadd: lowerGadd, ir.ZerosLike: lowerZerosLike,
		ir.OnesLike: lowerOnesLike, ir.IsSeq: lowerIsSeq, ir.GradForward: lowerGradForward,
	} {
		lowerings[p] = l
	}
}

// lowerJ: J of a number or a tuple of numbers is itself.
func lowerJ(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	lowerTransform(e, a, dst, res, args, false)
}

// lowerTransform is J, or with forward JF.
func lowerTransform(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node, forward bool) {
	x, tx := e.val(args[0])
	if tx.kind == kUnit && res.kind == kUnit && res.graph != nil {
		// J of a function without free variables (a graph, a primitive):
		// inference named the J graph, without free variables too (no data).
		e.line("%s = %s;", dst, e.zero(res))
		return
	}
	if tx.kind == kFnTag {
		e.jOfTag(a, dst, res, x, tx, forward)
		return
	}
	if tx.kind == kUnion && res.kind == kUnion {
		// One of several graphs, each without data: its tag.
		e.jOfTag(a, dst, res, x+"->tag", tx, forward)
		return
	}
	if !plan.JKeeps(tx, res, plainOrArrays) {
		refuse(a.Pos(), "J of a %s", tx)
	}
	e.line("%s = %s;", dst, e.conv(a.Pos(), x, tx, res))
}

// lowerJF is forward mode's JF: of data, the data; of a function without
// free variables, the transform inference named; of a function value
// that may be one of several without free variables, the union of their
// transforms (jOfTag).
func lowerJF(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	lowerTransform(e, a, dst, res, args, true)
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
	return t.none || t.env
}

// plainOrArrays reports whether t holds numbers, None, arrays and
// tuples of these only.
func plainOrArrays(t *ctype) bool {
	switch t.kind {
	case kInt, kFloat, kBool, kArray:
		return true
	case kTuple:
		for _, el := range t.elems {
			if !plainOrArrays(el) {
				return false
			}
		}
		return true
	}
	return t.none || t.env
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
	if t.kind == kTuple || t.kind == kClosure || t.kind == kEnv || t.kind == kRange || t.kind == kOptional || t.kind == kSlice {
		return "((" + t.name + "){0})"
	}
	return "0"
}

func lowerZerosLike(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	if res.kind == kEnv { // no sensitivity: the empty environment
		e.line("%s = %s;", dst, e.zero(res))
		e.isOwned = true
		return
	}
	if res.hasArrays() {
		x, tx := e.val(args[0])
		e.likeInto(a.Pos(), "myia_zeros_like", dst, res, x, tx)
		e.isOwned = true
		return
	}
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
	if res.hasArrays() {
		x, tx := e.val(args[0])
		e.likeInto(a.Pos(), "myia_ones_like", dst, res, x, tx)
		e.isOwned = true
		return
	}
	e.line("%s = %s;", dst, e.ones(a.Pos(), res))
}

func lowerIsSeq(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	_, tx := e.val(args[0])
	e.line("%s = %s;", dst, e.conv(a.Pos(), b2s(tx.kind == kTuple), tBool, res))
}

// lowerGradForward: inference knows grad_forward's value from its
// arguments' types.
func lowerGradForward(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	b, _ := a.Type().(lattice.Bool)
	e.line("%s = %s;", dst, e.conv(a.Pos(), b2s(b.Known && b.V), tBool, res))
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
	x, tx := e.val(args[0])
	d, td := e.val(args[1])
	if res.hasArrays() || td.hasArrays() {
		e.fixInto(a.Pos(), dst, res, x, tx, d, td)
		e.isOwned = true
		return
	}
	e.line("%s = %s;", dst, e.fixSens(a.Pos(), tx, d, td, res))
}

// lowerCheckSens is d: inference checked check_sens(x, d, msg).
func lowerCheckSens(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	lowerIdentity(e, a, dst, res, args[1:])
}

func lowerSumToLike(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	d, td := e.val(args[0])
	_, tx := e.val(args[1])
	if td.kind == kArray || tx.kind == kArray || res.kind == kArray {
		e.open()
		dd, xx := e.operand(args[0]), e.operand(args[1])
		e.result(a.Pos(), dst, res, fmt.Sprintf("myia_sum_to_like(ctx, %s, %s, %d)", dd, xx, e.site(a.Pos(), e.cur)))
		e.close()
		return
	}
	if !isNumber(td) || !isNumber(tx) {
		refuse(a.Pos(), "sum_to_like of a %s and a %s", td, tx)
	}
	e.line("%s = %s;", dst, e.conv(a.Pos(), d, td, res))
}

// gadd is the C expression of gadd(x, y) of type res.
func (e *fnEmitter) gadd(pos ir.Pos, x string, tx *ctype, y string, ty *ctype, res *ctype) string {
	switch {
	case tx.env && ty.env:
		return "0"
	case tx.none || (tx.kind == kUnit && !ty.none && ty.kind != kUnit):
		return e.conv(pos, y, ty, res)
	case ty.none || ty.kind == kUnit:
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
	if res.hasArrays() || tx.hasArrays() || ty.hasArrays() || plan.HoldsEnv(res) {
		e.gaddInto(a.Pos(), dst, res, x, tx, y, ty)
		e.isOwned = true
		return
	}
	e.line("%s = %s;", dst, e.gadd(a.Pos(), x, tx, y, ty, res))
}

// Statement forms of the AD helpers on values holding arrays: each
// writes a new reference to every array of dst.

// likeInto sets dst (of ctype res) to zeros_like or ones_like (f) of x.
func (e *fnEmitter) likeInto(pos ir.Pos, f, dst string, res *ctype, x string, tx *ctype) {
	switch {
	case res.kind == kArray && tx.kind == kArray:
		e.line("%s = %s(ctx, %s, %d); if (!%s) goto fail;", dst, f, x, e.site(pos, e.cur), dst)
	case res.kind == kTuple && tx.kind == kTuple && len(res.elems) == len(tx.elems):
		for i := range res.elems {
			e.likeInto(pos, f, fmt.Sprintf("%s.f%d", dst, i), res.elems[i], fmt.Sprintf("%s.f%d", x, i), tx.elems[i])
		}
	case res.kind == kList && tx.kind == kList:
		e.newList(dst, res, x+"->len")
		k := e.temp("k")
		e.line("for (int64_t %s = 0; %s < %s->len; %s++) {", k, k, x, k)
		e.likeInto(pos, f, fmt.Sprintf("%s[%s]", elems(dst, res), k), res.elems[0], fmt.Sprintf("%s[%s]", elems(x, tx), k), tx.elems[0])
		e.line("}")
	case res.kind == kList && tx.kind == kTuple && tx.list:
		e.newList(dst, res, fmt.Sprint(len(tx.elems)))
		for i, el := range tx.elems {
			e.likeInto(pos, f, fmt.Sprintf("%s[%d]", elems(dst, res), i), res.elems[0], fmt.Sprintf("%s.f%d", x, i), el)
		}
	case res.kind == kTuple && tx.kind == kList:
		refuse(pos, "%s of a %s giving %s", strings.TrimPrefix(f, "myia_"), tx, res)
	case (plain(res) || res.kind == kEnv) && f == "myia_zeros_like":
		e.line("%s = %s;", dst, e.zero(res))
	case plain(res):
		e.line("%s = %s;", dst, e.ones(pos, res))
	default:
		refuse(pos, "%s of a %s giving %s", strings.TrimPrefix(f, "myia_"), tx, res)
	}
}

// gaddInto sets dst to gadd(x, y).
func (e *fnEmitter) gaddInto(pos ir.Pos, dst string, res *ctype, x string, tx *ctype, y string, ty *ctype) {
	switch {
	case tx.env && ty.env:
		e.line("%s = %s;", dst, e.zero(res))
	case res.kind == kEnv:
		e.envGaddInto(pos, dst, res, x, tx, y, ty)
	case tx.none || (tx.kind == kUnit && !ty.none && ty.kind != kUnit):
		e.line("%s = %s; %s", dst, e.conv(pos, y, ty, res), e.retain(res, dst))
	case ty.none || ty.kind == kUnit:
		e.line("%s = %s; %s", dst, e.conv(pos, x, tx, res), e.retain(res, dst))
	case tx.kind == kArray || ty.kind == kArray:
		if res.kind != kArray && !isNumber(res) {
			refuse(pos, "gadd of a %s and a %s giving %s", tx, ty, res)
		}
		e.open()
		xa, ya := e.operandOf(pos, x, tx), e.operandOf(pos, y, ty)
		e.result(pos, dst, res, fmt.Sprintf("myia_gadd(ctx, %s, %s, %d)", xa, ya, e.site(pos, e.cur)))
		e.close()
	case tx.kind == kTuple && ty.kind == kTuple && res.kind == kTuple && len(tx.elems) == len(ty.elems) && len(res.elems) == len(tx.elems):
		for i := range tx.elems {
			e.gaddInto(pos, fmt.Sprintf("%s.f%d", dst, i), res.elems[i], fmt.Sprintf("%s.f%d", x, i), tx.elems[i], fmt.Sprintf("%s.f%d", y, i), ty.elems[i])
		}
	case res.kind == kList && isListLike(tx) && isListLike(ty):
		e.gaddLists(pos, dst, res, x, tx, y, ty)
	default:
		e.line("%s = %s;", dst, e.gadd(pos, x, tx, y, ty, res))
	}
}

// isListLike reports whether t is a list, of known length or not.
func isListLike(t *ctype) bool { return t.kind == kList || t.kind == kTuple && t.list }

// gaddLists sets dst, a new list, to the sums of the elements of x and
// y, lists of known length or not, which must be equally long.
func (e *fnEmitter) gaddLists(pos ir.Pos, dst string, res *ctype, x string, tx *ctype, y string, ty *ctype) {
	length := func(v string, t *ctype) string {
		if t.kind == kList {
			return v + "->len"
		}
		return fmt.Sprint(len(t.elems))
	}
	nx, ny := length(x, tx), length(y, ty)
	e.line("if (%s != %s) %s", nx, ny, e.fail(pos, `"gadd of lists of different lengths"`))
	e.newList(dst, res, nx)
	el := res.elems[0]
	if tx.kind == kList && ty.kind == kList {
		k := e.temp("k")
		e.line("for (int64_t %s = 0; %s < %s; %s++) {", k, k, nx, k)
		e.gaddInto(pos, fmt.Sprintf("%s[%s]", elems(dst, res), k), el, fmt.Sprintf("%s[%s]", elems(x, tx), k), tx.elems[0], fmt.Sprintf("%s[%s]", elems(y, ty), k), ty.elems[0])
		e.line("}")
		return
	}
	n := len(tx.elems)
	if tx.kind == kList {
		n = len(ty.elems)
	}
	at := func(v string, t *ctype, i int) (string, *ctype) {
		if t.kind == kList {
			return fmt.Sprintf("%s[%d]", elems(v, t), i), t.elems[0]
		}
		return fmt.Sprintf("%s.f%d", v, i), t.elems[i]
	}
	for i := 0; i < n; i++ {
		xi, txi := at(x, tx, i)
		yi, tyi := at(y, ty, i)
		e.gaddInto(pos, fmt.Sprintf("%s[%d]", elems(dst, res), i), el, xi, txi, yi, tyi)
	}
}

// operandOf is operand for a C expression of ctype t.
func (e *fnEmitter) operandOf(pos ir.Pos, x string, t *ctype) string {
	switch t.kind {
	case kArray:
		return x
	case kFloat, kInt, kBool:
		e.ts.Arrays = true // numbers through the array runtime: it links it
		s := e.temp("s")
		f := map[kind]string{kFloat: "f", kInt: "i", kBool: "b"}[t.kind]
		e.line("myia_array %s; myia_scalar_%s(&%s, %s);", s, f, s, x)
		e.stackScalars++
		return "&" + s
	}
	refuse(pos, "a %s where an array or a number is expected", t)
	return ""
}

// fixInto sets dst to fix_sens(x, d).
func (e *fnEmitter) fixInto(pos ir.Pos, dst string, res *ctype, x string, tx *ctype, d string, td *ctype) {
	s := e.site(pos, e.cur)
	switch {
	case tx.kind == kArray:
		if res.kind != kArray {
			break
		}
		switch {
		case tx.dtype == 2 && td.kind == kArray:
			e.line("%s = myia_astype(ctx, %s, MYIA_FLOAT, %d); if (!%s) goto fail;", dst, d, s, dst)
		case tx.dtype != 2 || td.none || td.kind == kUnit:
			e.line("%s = myia_zeros_of(ctx, %s, %d); if (!%s) goto fail;", dst, x, s, dst)
		default:
			refuse(pos, "fix_sens of a %s and a %s", tx, td)
		}
		return
	case tx.kind == kFloat && td.kind == kArray && res.kind == kFloat:
		e.line("{ myia_array *r = myia_sum(ctx, %s, -1, NULL, 0, %d); if (!r) goto fail; %s = myia_take_f(r); }", d, s, dst)
		return
	case tx.kind == kTuple && td.kind == kArray && td.rank > 0 && res.kind == kTuple && len(res.elems) == len(tx.elems):
		// The sensitivity of a tuple that an array operation took as an
		// array (np.sum((a, b))): its rows, as the VM's fix_sens.
		row := *td
		row.rank--
		for i, el := range tx.elems {
			r := e.temp("row")
			e.line("myia_array *%s; { myia_index ix = {.kind = MYIA_IDX_INT, .i = %d}; %s = myia_getitem(ctx, %s, 1, &ix, %d); } if (!%s) goto fail;", r, i, r, d, s, r)
			e.fixInto(pos, fmt.Sprintf("%s.f%d", dst, i), res.elems[i], fmt.Sprintf("%s.f%d", x, i), el, r, &row)
			e.line("myia_release(%s);", r)
		}
		return
	case tx.kind == kTuple && res.kind == kTuple && len(res.elems) == len(tx.elems):
		if td.kind == kList && tx.list {
			// A list of known length whose sensitivity is a list (the
			// backward pass of a loop over it).
			e.line("if (%s->len != %d) %s", d, len(tx.elems), e.fail(pos, `"fix_sens of lists of different lengths"`))
		}
		for i, el := range tx.elems {
			if td.kind == kList && tx.list {
				e.fixInto(pos, fmt.Sprintf("%s.f%d", dst, i), res.elems[i], fmt.Sprintf("%s.f%d", x, i), el, fmt.Sprintf("%s[%d]", elems(d, td), i), td.elems[0])
			} else if td.kind == kTuple && i < len(td.elems) {
				e.fixInto(pos, fmt.Sprintf("%s.f%d", dst, i), res.elems[i], fmt.Sprintf("%s.f%d", x, i), el, fmt.Sprintf("%s.f%d", d, i), td.elems[i])
			} else {
				e.fixInto(pos, fmt.Sprintf("%s.f%d", dst, i), res.elems[i], fmt.Sprintf("%s.f%d", x, i), el, "0", tNone)
			}
		}
		return
	case !res.hasArrays() && !td.hasArrays():
		e.line("%s = %s;", dst, e.fixSens(pos, tx, d, td, res))
		return
	}
	refuse(pos, "fix_sens of a %s and a %s", tx, td)
}
