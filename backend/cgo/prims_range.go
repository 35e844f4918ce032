package cgo

import (
	"fmt"

	"github.com/myia/myia/ir"
)

// Range values: myia_range (rt.inc), three int64_t held by value, as
// the VM's (vm/seq.go): range(start, stop, step), len, indexing with a
// negative index and a bounds check, slicing (CPython's bounds, computed
// exactly), `in`, ==, truth and printing. A for loop over a range value
// reaches the backend as len and getitem.

func init() {
	lowerings[ir.MakeRange] = lowerMakeRange
	lowerings[ir.Len] = onRange(lowerings[ir.Len], lowerRangeLen)
	lowerings[ir.GetItem] = onRange(lowerings[ir.GetItem], lowerRangeGetItem)
	lowerings[ir.Slice] = onRange(lowerings[ir.Slice], lowerRangeSlice)
	lowerings[ir.Contains] = onRange(lowerings[ir.Contains], lowerRangeContains)
}

func onRange(other, rng lowering) lowering {
	return func(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
		if _, t := e.val(args[0]); t.kind == kRange {
			rng(e, a, dst, res, args)
			return
		}
		other(e, a, dst, res, args)
	}
}

// rangeArgs is the C arguments start, stop, step of the range x.
func rangeArgs(x string) string {
	return fmt.Sprintf("%s.start, %s.stop, %s.step", x, x, x)
}

// intArg is n as an int64_t expression, or refuses it (what names the
// use in the refusal).
func (e *fnEmitter) intArg(pos ir.Pos, n ir.Node, what string) string {
	x, t := e.val(n)
	if !isIntLike(t) {
		refuse(pos, "%s of type %s", what, t)
	}
	return e.conv(pos, x, t, tInt)
}

func lowerMakeRange(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	pos := e.posOf(a)
	if res.kind != kRange {
		refuse(pos, "a range of type %s", res)
	}
	start, stop, step := e.intArg(pos, args[0], "a range bound"), e.intArg(pos, args[1], "a range bound"), e.intArg(pos, args[2], "a range step")
	e.line("if (MYIA_UNLIKELY(%s == 0)) %s", step, e.fail(pos, `"range() arg 3 must not be zero"`))
	e.line("%s = (myia_range){%s, %s, %s};", dst, start, stop, step)
}

func lowerRangeLen(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	x, _ := e.val(args[0])
	v := e.temp("rl")
	e.line("int64_t %s = myia_range_len(ctx, %s, %d); if (%s < 0) goto fail;", v, rangeArgs(x), e.site(e.posOf(a), e.cur), v)
	e.line("%s = %s;", dst, e.conv(a.Pos(), v, tInt, res))
}

func lowerRangeGetItem(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	pos := e.posOf(a)
	x, _ := e.val(args[0])
	i, ti := e.val(args[1])
	if ti.kind == kSlice {
		// r[s] of a slice value: its bounds and None flags.
		e.rangeSlice(pos, dst, res, x, fmt.Sprintf("%s.lo, %s.hi, %s.step, %s.none", i, i, i, i))
		return
	}
	if !isIntLike(ti) {
		refuse(pos, "a range index of type %s", ti)
	}
	v := e.temp("ri")
	e.line("int64_t %s; if (myia_range_item(ctx, %s, %s, &%s, %d)) goto fail;", v, rangeArgs(x), e.conv(pos, i, ti, tInt), v, e.site(pos, e.cur))
	e.line("%s = %s;", dst, e.conv(pos, v, tInt, res))
}

// lowerRangeSlice is slice(r, lo, hi, step), each bound an int or None.
func lowerRangeSlice(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	pos := e.posOf(a)
	x, _ := e.val(args[0])
	e.rangeSlice(pos, dst, res, x, e.sliceBounds(pos, args[1:4]))
}

// sliceBounds is the C arguments lo, hi, st, none of myia_range_slice
// for the bounds bs of slice(x, lo, hi, step), each an int or None.
func (e *fnEmitter) sliceBounds(pos ir.Pos, bs []ir.Node) string {
	vals := make([]string, 3)
	none := 0
	for k, b := range bs {
		v, t := e.val(b)
		switch {
		case t.none:
			none |= 1 << k
			vals[k] = "0"
		case isIntLike(t):
			vals[k] = e.conv(pos, v, t, tInt)
		default:
			refuse(pos, "a slice bound of type %s", t)
		}
	}
	return fmt.Sprintf("%s, %s, %s, %d", vals[0], vals[1], vals[2], none)
}

// rangeSlice sets dst to the slice of the range x whose bounds and None
// flags bounds lists (myia_range_slice's lo, hi, st, none).
func (e *fnEmitter) rangeSlice(pos ir.Pos, dst string, res *ctype, x, bounds string) {
	if res.kind != kRange {
		refuse(pos, "a range slice of type %s", res)
	}
	e.line("if (myia_range_slice(ctx, %s, %s, &%s.start, %d)) goto fail;", rangeArgs(x), bounds, dst, e.site(pos, e.cur))
}

func lowerRangeContains(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	s, _ := e.val(args[0])
	x, tx := e.val(args[1])
	var c string
	switch {
	case isIntLike(tx):
		c = fmt.Sprintf("myia_range_has(%s, %s)", rangeArgs(s), e.conv(a.Pos(), x, tx, tInt))
	case tx.kind == kFloat:
		c = fmt.Sprintf("myia_range_has_f(%s, %s)", rangeArgs(s), x)
	default:
		c = "0" // a range holds ints only
	}
	e.line("%s = %s;", dst, e.conv(a.Pos(), c, tBool, res))
}
