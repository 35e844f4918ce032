package llvm

import (
	"fmt"

	"github.com/myia/myia/ir"
)

// Range values: %myia_range { i64 start, i64 stop, i64 step } by value,
// as backend/cgo's prims_range.go: range(start, stop, step), len,
// indexing with a negative index and a bounds check, slicing, `in`, ==,
// truth and printing, through rt.inc's myia_range_* functions. A for
// loop over a range value reaches the backend as len and getitem.

func init() {
	for name, decl := range map[string]string{
		"myia_range_len":   "i64 @myia_range_len(%myia_ctx*, i64, i64, i64, i32)",
		"myia_range_item":  "i32 @myia_range_item(%myia_ctx*, i64, i64, i64, i64, i64*, i32)",
		"myia_range_has":   "i32 @myia_range_has(i64, i64, i64, i64)",
		"myia_range_has_f": "i32 @myia_range_has_f(i64, i64, i64, double)",
		"myia_range_eq":    "i32 @myia_range_eq(i64, i64, i64, i64, i64, i64)",
		"myia_range_slice": "i32 @myia_range_slice(%myia_ctx*, i64, i64, i64, i64, i64, i64, i32, i64*, i32)",
		"myia_print_range": "void @myia_print_range(%myia_ctx*, i64, i64, i64)",
	} {
		arrayDecls[name] = decl
	}
	lowerings[ir.MakeRange] = lowerMakeRange
	lowerings[ir.Len] = onRange(lowerings[ir.Len], lowerRangeLen)
	lowerings[ir.GetItem] = onRange(lowerings[ir.GetItem], lowerRangeGetItem)
	lowerings[ir.Slice] = onRange(lowerings[ir.Slice], lowerRangeSlice)
	lowerings[ir.Contains] = onRange(lowerings[ir.Contains], lowerRangeContains)
}

func onRange(other, rng lowering) lowering {
	return func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
		if _, t := e.val(args[0]); t.kind == kRange {
			return rng(e, a, res, args)
		}
		return other(e, a, res, args)
	}
}

// rangeFields is the start, stop and step of the range x.
func (e *fnEmitter) rangeFields(x string) (start, stop, step string) {
	return e.field(x, tRange, 0), e.field(x, tRange, 1), e.field(x, tRange, 2)
}

// rangeArgs is the typed operands start, stop, step of the range x.
func (e *fnEmitter) rangeArgs(x string) string {
	start, stop, step := e.rangeFields(x)
	return fmt.Sprintf("i64 %s, i64 %s, i64 %s", start, stop, step)
}

// intArg is n as an i64 operand, or refuses it (what names the use in
// the refusal).
func (e *fnEmitter) intArg(pos ir.Pos, n ir.Node, what string) string {
	x, t := e.val(n)
	if !isIntLike(t) {
		refuse(pos, "%s of type %s", what, t)
	}
	return e.conv(pos, x, t, tInt)
}

func lowerMakeRange(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	pos := e.posOf(a)
	if res.kind != kRange {
		refuse(pos, "a range of type %s", res)
	}
	start, stop, step := e.intArg(pos, args[0], "a range bound"), e.intArg(pos, args[1], "a range bound"), e.intArg(pos, args[2], "a range step")
	e.checkStr(e.def("icmp eq i64 %s, 0", step), pos, "range() arg 3 must not be zero")
	r := e.def("insertvalue %%myia_range undef, i64 %s, 0", start)
	r = e.def("insertvalue %%myia_range %s, i64 %s, 1", r, stop)
	return e.def("insertvalue %%myia_range %s, i64 %s, 2", r, step)
}

func lowerRangeLen(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	x, _ := e.val(args[0])
	n := e.rcall("myia_range_len", e.ctxArg(), e.rangeArgs(x), e.siteArg(e.posOf(a)))
	e.failIf(e.def("icmp slt i64 %s, 0", n))
	return e.conv(a.Pos(), n, tInt, res)
}

func lowerRangeGetItem(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	pos := e.posOf(a)
	x, _ := e.val(args[0])
	i, ti := e.val(args[1])
	if ti.kind == kSlice {
		// r[s] of a slice value: its bounds and None flags
		// (%myia_index: kind, none, i, lo, hi, step).
		f := func(k int, t string) string { return t + " " + e.def("extractvalue %%myia_index %s, %d", i, k) }
		return e.rangeSlice(pos, res, x, f(3, "i64"), f(4, "i64"), f(5, "i64"), f(1, "i32"))
	}
	if !isIntLike(ti) {
		refuse(pos, "a range index of type %s", ti)
	}
	out := e.slot("i64")
	r := e.rcall("myia_range_item", e.ctxArg(), e.rangeArgs(x), "i64 "+e.conv(pos, i, ti, tInt), "i64* "+out, e.siteArg(pos))
	e.failIf(e.def("icmp ne i32 %s, 0", r))
	return e.conv(pos, e.def("load i64, i64* %s", out), tInt, res)
}

// lowerRangeSlice is slice(r, lo, hi, step), each bound an int or None.
func lowerRangeSlice(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	pos := e.posOf(a)
	x, _ := e.val(args[0])
	vals := make([]string, 3)
	none := 0
	for k, b := range args[1:4] {
		v, t := e.val(b)
		switch {
		case t.none:
			none |= 1 << k
			vals[k] = "i64 0"
		case isIntLike(t):
			vals[k] = "i64 " + e.conv(pos, v, t, tInt)
		default:
			refuse(pos, "a slice bound of type %s", t)
		}
	}
	return e.rangeSlice(pos, res, x, vals[0], vals[1], vals[2], fmt.Sprintf("i32 %d", none))
}

// rangeSlice is the slice of the range x by the typed operands lo, hi,
// st and none (myia_range_slice's).
func (e *fnEmitter) rangeSlice(pos ir.Pos, res *ltype, x, lo, hi, st, none string) string {
	if res.kind != kRange {
		refuse(pos, "a range slice of type %s", res)
	}
	out := e.slot("%myia_range")
	p := e.def("getelementptr %%myia_range, %%myia_range* %s, i32 0, i32 0", out)
	r := e.rcall("myia_range_slice", e.ctxArg(), e.rangeArgs(x), lo, hi, st, none, "i64* "+p, e.siteArg(pos))
	e.failIf(e.def("icmp ne i32 %s, 0", r))
	return e.def("load %%myia_range, %%myia_range* %s", out)
}

func lowerRangeContains(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	s, _ := e.val(args[0])
	x, tx := e.val(args[1])
	var c string
	switch {
	case isIntLike(tx):
		c = e.rcall("myia_range_has", e.rangeArgs(s), "i64 "+e.conv(a.Pos(), x, tx, tInt))
	case tx.kind == kFloat:
		c = e.rcall("myia_range_has_f", e.rangeArgs(s), "double "+x)
	default:
		return e.toRes(a.Pos(), "false", res) // a range holds ints only
	}
	return e.toRes(a.Pos(), e.def("icmp ne i32 %s, 0", c), res)
}
