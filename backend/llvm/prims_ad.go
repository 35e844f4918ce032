package llvm

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/myia/myia/backend/llvm/plan"
	"github.com/myia/myia/ir"
	lattice "github.com/myia/myia/ir/types"
)

// Lowerings of the primitives that the optimized gradient of a scalar
// program keeps (J of a number, grad_sens, fix_sens, gadd...), on
// numbers and tuples of them, as backend/cgo's prims_ad.go.

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

func plain(t *ltype) bool {
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
func plainOrArrays(t *ltype) bool {
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

func lowerJ(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	return lowerTransform(e, a, res, args, false)
}

// lowerTransform is J, or with forward JF.
func lowerTransform(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node, forward bool) string {
	x, tx := e.val(args[0])
	if tx.kind == kUnit && res.kind == kUnit && res.graph != nil {
		// J of a function without free variables (a graph, a primitive):
		// inference named the J graph, without free variables too (no data).
		return zero(res)
	}
	if tx.kind == kFnTag {
		return e.jOfTag(a, res, x, tx, forward)
	}
	if tx.kind == kUnion && res.kind == kUnion {
		// One of several graphs, each without data: its tag.
		r := e.def("bitcast i8* %s to %s*", x, tx.rec)
		return e.jOfTag(a, res, e.def("load i64, i64* %s", e.recField(r, tx, recTag)), tx, forward)
	}
	if !plan.JKeeps(tx, res, plainOrArrays) {
		refuse(e.posOf(a), "J of a %s", tx)
	}
	return e.conv(a.Pos(), x, tx, res)
}

// lowerJF is forward mode's JF: of data, the data; of a function without
// free variables, the transform inference named; of a function value
// that may be one of several without free variables, the union of their
// transforms (jOfTag).
func lowerJF(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	return lowerTransform(e, a, res, args, true)
}

func lowerGradSens(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	_, tx := e.val(args[0])
	if tx.kind != kFloat {
		refuse(a.Pos(), "grad of a function whose output is a %s, not a float", tx)
	}
	return e.conv(a.Pos(), "1.0", tFloat, res)
}

func zero(t *ltype) string {
	switch t.kind {
	case kTuple, kClosure, kEnv, kSlice, kRange, kOptional:
		return "zeroinitializer"
	case kArray, kList, kStr, kUnion:
		return "null"
	case kFloat:
		return "0.0"
	case kBool:
		return "false"
	}
	return "0"
}

func lowerZerosLike(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	if res.kind == kEnv { // no sensitivity: the empty environment
		e.isOwned = true
		return zero(res)
	}
	if res.hasArrays() {
		x, tx := e.val(args[0])
		e.isOwned = true
		return e.like(a.Pos(), "myia_zeros_like", res, x, tx)
	}
	if !plain(res) {
		refuse(a.Pos(), "zeros_like of a %s", res)
	}
	return zero(res)
}

func (e *fnEmitter) ones(pos ir.Pos, t *ltype) string {
	switch t.kind {
	case kInt:
		return "1"
	case kBool:
		return "true"
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

func lowerOnesLike(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	if res.hasArrays() {
		x, tx := e.val(args[0])
		e.isOwned = true
		return e.like(a.Pos(), "myia_ones_like", res, x, tx)
	}
	return e.ones(a.Pos(), res)
}

func lowerIsSeq(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	_, tx := e.val(args[0])
	return e.toRes(a.Pos(), b2s(tx.kind == kTuple), res)
}

// lowerGradForward: inference knows grad_forward's value from its
// arguments' types.
func lowerGradForward(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	b, _ := a.Type().(lattice.Bool)
	return e.toRes(a.Pos(), b2s(b.Known && b.V), res)
}

func (e *fnEmitter) fixSens(pos ir.Pos, tx *ltype, d string, td, res *ltype) string {
	switch tx.kind {
	case kInt, kBool:
		return zero(res)
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
				parts[i] = e.fixSens(pos, el, e.field(d, td, i), td.elems[i], res.elems[i])
			} else {
				parts[i] = e.fixSens(pos, el, "0", tNone, res.elems[i])
			}
		}
		return e.tupleLit(res, parts)
	}
	if tx.none || tx.kind == kUnit {
		return zero(res)
	}
	refuse(pos, "fix_sens of a %s", tx)
	return ""
}

func lowerFixSens(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	x, tx := e.val(args[0])
	d, td := e.val(args[1])
	if res.hasArrays() || td.hasArrays() {
		e.isOwned = true
		return e.fixArrays(a.Pos(), res, x, tx, d, td)
	}
	return e.fixSens(a.Pos(), tx, d, td, res)
}

// lowerCheckSens is d: inference checked check_sens(x, d, msg).
func lowerCheckSens(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	return lowerIdentity(e, a, res, args[1:])
}

func lowerSumToLike(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	d, td := e.val(args[0])
	_, tx := e.val(args[1])
	if td.kind == kArray || tx.kind == kArray || res.kind == kArray {
		dd, xx := e.operand(args[0]), e.operand(args[1])
		return e.result(a.Pos(), res, "myia_sum_to_like", e.ctxArg(), "i8* "+dd, "i8* "+xx, e.siteArg(a.Pos()))
	}
	if !isNumber(td) || !isNumber(tx) {
		refuse(a.Pos(), "sum_to_like of a %s and a %s", td, tx)
	}
	return e.conv(a.Pos(), d, td, res)
}

func (e *fnEmitter) gadd(pos ir.Pos, x string, tx *ltype, y string, ty *ltype, res *ltype) string {
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
		return e.def("fadd double %s, %s", e.conv(pos, x, tx, tFloat), e.conv(pos, y, ty, tFloat))
	case isIntLike(tx) && isIntLike(ty) && res.kind == kInt:
		return e.def("add i64 %s, %s", e.conv(pos, x, tx, tInt), e.conv(pos, y, ty, tInt))
	case tx.kind == kTuple && ty.kind == kTuple && res.kind == kTuple && len(tx.elems) == len(ty.elems) && len(res.elems) == len(tx.elems):
		parts := make([]string, len(tx.elems))
		for i := range tx.elems {
			parts[i] = e.gadd(pos, e.field(x, tx, i), tx.elems[i], e.field(y, ty, i), ty.elems[i], res.elems[i])
		}
		return e.tupleLit(res, parts)
	}
	refuse(pos, "gadd of a %s and a %s", tx, ty)
	return ""
}

func lowerGadd(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	x, tx := e.val(args[0])
	y, ty := e.val(args[1])
	if res.hasArrays() || tx.hasArrays() || ty.hasArrays() || plan.HoldsEnv(res) {
		e.isOwned = true
		return e.gaddArrays(a.Pos(), res, x, tx, y, ty)
	}
	return e.gadd(a.Pos(), x, tx, y, ty, res)
}

// isListLike reports whether t is a list, of known length or not.
func isListLike(t *ltype) bool { return t.kind == kList || t.kind == kTuple && t.list }

// gaddLists is a new list of the sums of the elements of x and y, lists
// of known length or not, which must be equally long.
func (e *fnEmitter) gaddLists(pos ir.Pos, res *ltype, x string, tx *ltype, y string, ty *ltype) string {
	length := func(v string, t *ltype) string {
		if t.kind == kList {
			return e.listLen(v)
		}
		return strconv.Itoa(len(t.elems))
	}
	nx, ny := length(x, tx), length(y, ty)
	e.checkStr(e.def("icmp ne i64 %s, %s", nx, ny), pos, "gadd of lists of different lengths")
	el := res.elems[0]
	l := e.rcall("myia_list_new", "i64 "+nx, "i64 "+sizeOf(el), e.elemsFn(res, "release"))
	at := func(v string, t *ltype, k string, i int) (string, *ltype) {
		if t.kind == kList {
			return e.def("load %s, %s* %s", t.elems[0].name, t.elems[0].name, e.elemPtr(v, t, k)), t.elems[0]
		}
		return e.field(v, t, i), t.elems[i]
	}
	store := func(k string, i int) {
		xi, txi := at(x, tx, k, i)
		yi, tyi := at(y, ty, k, i)
		v := e.gaddArrays(pos, el, xi, txi, yi, tyi)
		e.inst("store %s %s, %s* %s", el.name, v, el.name, e.elemPtr(l, res, k))
	}
	if tx.kind == kList && ty.kind == kList {
		e.loop(nx, func(k string) { store(k, 0) })
		return l
	}
	n := len(tx.elems)
	if tx.kind == kList {
		n = len(ty.elems)
	}
	for i := 0; i < n; i++ {
		store(strconv.Itoa(i), i)
	}
	return l
}

// The AD helpers on values holding arrays: each result holds a new
// reference to every array in it.

func (e *fnEmitter) like(pos ir.Pos, f string, res *ltype, x string, tx *ltype) string {
	switch {
	case res.kind == kArray && tx.kind == kArray:
		r := e.rcall(f, e.ctxArg(), "i8* "+x, e.siteArg(pos))
		e.failIf(e.def("icmp eq i8* %s, null", r))
		return r
	case res.kind == kTuple && tx.kind == kTuple && len(res.elems) == len(tx.elems):
		parts := make([]string, len(res.elems))
		for i := range res.elems {
			parts[i] = e.like(pos, f, res.elems[i], e.field(x, tx, i), tx.elems[i])
		}
		return e.tupleLit(res, parts)
	case res.kind == kList && tx.kind == kList && plain(res.elems[0]) && f == "myia_zeros_like":
		return e.rcall("myia_list_zeros", "i64 "+e.listLen(x), "i64 "+sizeOf(res.elems[0]))
	case res.kind == kList && tx.kind == kList:
		n := e.listLen(x)
		l := e.rcall("myia_list_new", "i64 "+n, "i64 "+sizeOf(res.elems[0]), e.elemsFn(res, "release"))
		e.loop(n, func(k string) {
			el := e.def("load %s, %s* %s", tx.elems[0].name, tx.elems[0].name, e.elemPtr(x, tx, k))
			v := e.like(pos, f, res.elems[0], el, tx.elems[0])
			e.inst("store %s %s, %s* %s", res.elems[0].name, v, res.elems[0].name, e.elemPtr(l, res, k))
		})
		return l
	case res.kind == kList && tx.kind == kTuple && tx.list:
		l := e.rcall("myia_list_new", fmt.Sprintf("i64 %d", len(tx.elems)), "i64 "+sizeOf(res.elems[0]), e.elemsFn(res, "release"))
		for i, el := range tx.elems {
			v := e.like(pos, f, res.elems[0], e.field(x, tx, i), el)
			e.inst("store %s %s, %s* %s", res.elems[0].name, v, res.elems[0].name, e.elemPtr(l, res, strconv.Itoa(i)))
		}
		return l
	case (plain(res) || res.kind == kEnv) && f == "myia_zeros_like":
		return zero(res)
	case plain(res):
		return e.ones(pos, res)
	}
	refuse(pos, "%s of a %s giving %s", strings.TrimPrefix(f, "myia_"), tx, res)
	return ""
}

func (e *fnEmitter) gaddArrays(pos ir.Pos, res *ltype, x string, tx *ltype, y string, ty *ltype) string {
	switch {
	case tx.env && ty.env:
		return zero(res)
	case res.kind == kEnv:
		return e.envGadd(pos, res, x, tx, y, ty)
	case tx.none || (tx.kind == kUnit && !ty.none && ty.kind != kUnit):
		r := e.conv(pos, y, ty, res)
		e.refOp(res, r, "retain")
		return r
	case ty.none || ty.kind == kUnit:
		r := e.conv(pos, x, tx, res)
		e.refOp(res, r, "retain")
		return r
	case tx.kind == kArray || ty.kind == kArray:
		if res.kind != kArray && !isNumber(res) {
			refuse(pos, "gadd of a %s and a %s giving %s", tx, ty, res)
		}
		xa, ya := e.operandOf(pos, x, tx), e.operandOf(pos, y, ty)
		return e.result(pos, res, "myia_gadd", e.ctxArg(), "i8* "+xa, "i8* "+ya, e.siteArg(pos))
	case res.kind == kList && isListLike(tx) && isListLike(ty):
		return e.gaddLists(pos, res, x, tx, y, ty)
	case tx.kind == kTuple && ty.kind == kTuple && res.kind == kTuple && len(tx.elems) == len(ty.elems) && len(res.elems) == len(tx.elems):
		parts := make([]string, len(tx.elems))
		for i := range tx.elems {
			parts[i] = e.gaddArrays(pos, res.elems[i], e.field(x, tx, i), tx.elems[i], e.field(y, ty, i), ty.elems[i])
		}
		return e.tupleLit(res, parts)
	}
	return e.gadd(pos, x, tx, y, ty, res)
}

func (e *fnEmitter) fixArrays(pos ir.Pos, res *ltype, x string, tx *ltype, d string, td *ltype) string {
	switch {
	case tx.kind == kArray:
		if res.kind != kArray {
			break
		}
		switch {
		case tx.dtype == 2 && td.kind == kArray:
			return e.result(pos, res, "myia_astype", e.ctxArg(), "i8* "+d, "i32 2", e.siteArg(pos))
		case tx.dtype != 2 || td.none || td.kind == kUnit:
			return e.result(pos, res, "myia_zeros_of", e.ctxArg(), "i8* "+x, e.siteArg(pos))
		}
	case tx.kind == kFloat && td.kind == kArray && res.kind == kFloat:
		return e.result(pos, res, "myia_reduce", e.ctxArg(), "i32 0", "i8* "+d, "i32 -1", "i64* null", "i32 0", e.siteArg(pos))
	case tx.kind == kTuple && td.kind == kArray && td.rank > 0 && res.kind == kTuple && len(res.elems) == len(tx.elems):
		// The sensitivity of a tuple that an array operation took as an
		// array (np.sum((a, b))): its rows, as the VM's fix_sens.
		row := *td
		row.rank--
		parts := make([]string, len(tx.elems))
		for i, el := range tx.elems {
			ix := e.slot("%myia_index")
			e.inst("store %%myia_index %s, %%myia_index* %s", e.indexLit(0, 0, strconv.Itoa(i), "0", "0", "0"), ix)
			r := e.rcall("myia_getitem", e.ctxArg(), "i8* "+d, "i32 1", "%myia_index* "+ix, e.siteArg(pos))
			e.failIf(e.def("icmp eq i8* %s, null", r))
			parts[i] = e.fixArrays(pos, res.elems[i], e.field(x, tx, i), el, r, &row)
			e.refOp(&row, r, "release")
		}
		return e.tupleLit(res, parts)
	case tx.kind == kTuple && res.kind == kTuple && len(res.elems) == len(tx.elems):
		parts := make([]string, len(tx.elems))
		if td.kind == kList && tx.list {
			// A list of known length whose sensitivity is a list (the
			// backward pass of a loop over it).
			e.checkStr(e.def("icmp ne i64 %s, %d", e.listLen(d), len(tx.elems)), pos, "fix_sens of lists of different lengths")
		}
		for i, el := range tx.elems {
			if td.kind == kList && tx.list {
				v := e.def("load %s, %s* %s", td.elems[0].name, td.elems[0].name, e.elemPtr(d, td, strconv.Itoa(i)))
				parts[i] = e.fixArrays(pos, res.elems[i], e.field(x, tx, i), el, v, td.elems[0])
			} else if td.kind == kTuple && i < len(td.elems) {
				parts[i] = e.fixArrays(pos, res.elems[i], e.field(x, tx, i), el, e.field(d, td, i), td.elems[i])
			} else {
				parts[i] = e.fixArrays(pos, res.elems[i], e.field(x, tx, i), el, "0", tNone)
			}
		}
		return e.tupleLit(res, parts)
	case !res.hasArrays() && !td.hasArrays():
		return e.fixSens(pos, tx, d, td, res)
	}
	refuse(pos, "fix_sens of a %s and a %s", tx, td)
	return ""
}
