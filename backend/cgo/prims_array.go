package cgo

import (
	"fmt"
	"strings"

	"github.com/myia/myia/backend/llvm/plan"
	"github.com/myia/myia/ir"
	lattice "github.com/myia/myia/ir/types"
)

// Lowerings of the array primitives: calls into the array runtime
// (rtarray/rtarray.h). A value of array type is a myia_array * that its
// variable owns (gen.go's function: retained, released when assigned
// again and when the function ends); numbers passed where arrays are
// expected are 0-d arrays on the C stack; a result the types say is a
// number is taken out of the 0-d array the runtime returns.

var binOps = map[ir.Prim]string{
	ir.Add: "MYIA_OP_ADD", ir.Sub: "MYIA_OP_SUB", ir.Mul: "MYIA_OP_MUL", ir.TrueDiv: "MYIA_OP_TRUEDIV",
	ir.FloorDiv: "MYIA_OP_FLOORDIV", ir.Mod: "MYIA_OP_MOD", ir.Pow: "MYIA_OP_POW", ir.Eq: "MYIA_OP_EQ",
	ir.Ne: "MYIA_OP_NE", ir.Lt: "MYIA_OP_LT", ir.Le: "MYIA_OP_LE", ir.Gt: "MYIA_OP_GT", ir.Ge: "MYIA_OP_GE",
	ir.Maximum: "MYIA_OP_MAXIMUM", ir.Minimum: "MYIA_OP_MINIMUM",
}

var unOps = map[ir.Prim]string{
	ir.Neg: "MYIA_OP_NEG", ir.UPos: "MYIA_OP_POS", ir.Abs: "MYIA_OP_ABS", ir.Exp: "MYIA_OP_EXP",
	ir.Log: "MYIA_OP_LOG", ir.Sqrt: "MYIA_OP_SQRT", ir.Sin: "MYIA_OP_SIN", ir.Cos: "MYIA_OP_COS",
	ir.Tan: "MYIA_OP_TAN", ir.Tanh: "MYIA_OP_TANH", ir.Log1p: "MYIA_OP_LOG1P", ir.Expm1: "MYIA_OP_EXPM1",
	ir.NpExp: "MYIA_OP_EXP", ir.NpLog: "MYIA_OP_LOG", ir.NpSqrt: "MYIA_OP_SQRT", ir.NpSin: "MYIA_OP_SIN",
	ir.NpCos: "MYIA_OP_COS", ir.NpTan: "MYIA_OP_TAN",
}

// npMathFns are numpy's math functions, by the C function that computes
// one of a number.
var npMathFns = map[ir.Prim]string{
	ir.NpExp: "exp", ir.NpLog: "log", ir.NpSqrt: "sqrt", ir.NpSin: "sin", ir.NpCos: "cos",
	ir.NpTan: "tan", ir.Log1p: "log1p", ir.Expm1: "expm1",
}

var redOps = map[ir.Prim]string{
	ir.ReduceSum: "MYIA_RED_SUM", ir.ReduceMean: "MYIA_RED_MEAN", ir.ReduceMax: "MYIA_RED_MAX",
	ir.ReduceMin: "MYIA_RED_MIN", ir.ReduceProd: "MYIA_RED_PROD",
}

func init() {
	for p, name := range npMathFns {
		lowerings[p] = npMathFn(name)
	}
	// Elementwise primitives: the scalar lowering on numbers, the
	// runtime's on arrays.
	for p, op := range binOps {
		op := op
		lowerings[p] = onArrays(lowerings[p], func(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
			e.open()
			x, y := e.operand(args[0]), e.operand(args[1])
			e.result(a.Pos(), dst, res, fmt.Sprintf("myia_binary(ctx, %s, %s, %s, %d)", op, x, y, e.site(a.Pos(), e.cur)))
			e.close()
		}, p == ir.Maximum || p == ir.Minimum)
	}
	for p, op := range unOps {
		op := op
		lowerings[p] = onArrays(lowerings[p], func(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
			e.open()
			x := e.operand(args[0])
			e.result(a.Pos(), dst, res, fmt.Sprintf("myia_unary(ctx, %s, %s, %d)", op, x, e.site(a.Pos(), e.cur)))
			e.close()
		}, false)
	}
	for p, op := range redOps {
		op := op
		lowerings[p] = func(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
			if _, t := e.val(args[0]); t.kind == kTuple || t.kind == kList {
				e.reduceTuple(a, op, dst, res, args)
				return
			}
			e.open()
			x := e.operand(args[0])
			n, axes := e.intList(a.Pos(), args[1], true)
			keep, tk := e.val(args[2])
			e.result(a.Pos(), dst, res, fmt.Sprintf("myia_reduce(ctx, %s, %s, %s, %s, %s, %d)", op, x, n, axes, e.truthOf(a.Pos(), keep, tk), e.site(a.Pos(), e.cur)))
			e.close()
		}
	}
	simple := func(f string, nargs int) lowering {
		return func(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
			e.open()
			ops := []string{"ctx"}
			for _, x := range args[:nargs] {
				ops = append(ops, e.operand(x))
			}
			ops = append(ops, fmt.Sprint(e.site(a.Pos(), e.cur)))
			e.result(a.Pos(), dst, res, fmt.Sprintf("%s(%s)", f, strings.Join(ops, ", ")))
			e.close()
		}
	}
	withShape := func(f string) lowering {
		return func(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
			e.open()
			x := e.operand(args[0])
			n, sh := e.intList(a.Pos(), args[1], false)
			e.result(a.Pos(), dst, res, fmt.Sprintf("%s(ctx, %s, %s, %s, %d)", f, x, n, sh, e.site(a.Pos(), e.cur)))
			e.close()
		}
	}
	for p, l := range map[ir.Prim]lowering{
		ir.Where: simple("myia_where", 3), ir.MatDot: lowerDot, ir.Outer: simple("myia_outer", 2),
		ir.Reshape: withShape("myia_reshape"), ir.BroadcastTo: withShape("myia_broadcast_to"),
		ir.Transpose: func(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
			if fusedTranspose(e.M, a) {
				return // the products read its operand with BLAS's transpose flag
			}
			e.open()
			x := e.operand(args[0])
			n, axes := e.intList(a.Pos(), args[1], true)
			e.result(a.Pos(), dst, res, fmt.Sprintf("myia_transpose(ctx, %s, %s, %s, %d)", x, n, axes, e.site(a.Pos(), e.cur)))
			e.close()
		},
		ir.Concatenate: lowerConcat("myia_concatenate"), ir.Stack: lowerConcat("myia_stack"),
		ir.SplitLike: lowerSplitLike, ir.Shape: lowerShape, ir.NDim: lowerNDim,
		ir.MakeSlice: lowerMakeSlice, ir.ArrayFrom: lowerArrayFrom, ir.Eye: lowerEye,
		ir.Zeros: lowerFill("myia_zeros"), ir.Ones: lowerFill("myia_ones"), ir.Full: lowerFull,
		ir.Arange: lowerArange, ir.TupleSetItem: lowerTupleSetItem,
		ir.AttrCheck: lowerIdentity, ir.MatmulCheck: lowerIdentity, // inference checked them
	} {
		lowerings[p] = l
	}
	lowerings[ir.GetItem] = onArrayArg(lowerings[ir.GetItem], lowerArrayGetItem)
	lowerings[ir.Slice] = onArrayArg(lowerings[ir.Slice], lowerArraySlice)
	lowerings[ir.Len] = onArrayArg(lowerings[ir.Len], func(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
		x, _ := e.val(args[0])
		e.line("%s = myia_len(ctx, %s, %d); if (%s < 0) goto fail;", dst, x, e.site(a.Pos(), e.cur), dst)
	})
	lowerings[ir.ToInt] = onArrayArg(lowerings[ir.ToInt], func(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
		x, _ := e.val(args[0])
		s := e.site(a.Pos(), e.cur)
		e.line("if (myia_check_scalar(ctx, %s, %d) < 0) goto fail;", x, s)
		e.line("if (%s->dtype == MYIA_FLOAT) { const char *m = myia_to_int(MYIA_F(%s)[0], &%s); if (MYIA_UNLIKELY(m != 0)) %s } else %s = MYIA_I(%s)[0];",
			x, x, dst, e.fail(a.Pos(), "m"), dst, x)
	})
	lowerings[ir.ToFloat] = onArrayArg(lowerings[ir.ToFloat], func(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
		x, _ := e.val(args[0])
		e.line("if (myia_check_scalar(ctx, %s, %d) < 0) goto fail;", x, e.site(a.Pos(), e.cur))
		e.line("%s = %s->dtype == MYIA_FLOAT ? MYIA_F(%s)[0] : (double)MYIA_I(%s)[0];", dst, x, x, x)
	})
}

// onArrays uses arr when the result or an argument is an array (always
// when always is set), else scalar.
func onArrays(scalar, arr lowering, always bool) lowering {
	return func(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
		if always || scalar == nil || res.kind == kArray || anyArray(e, args) {
			arr(e, a, dst, res, args)
			return
		}
		scalar(e, a, dst, res, args)
	}
}

// onArrayArg uses arr when the first argument is an array.
func onArrayArg(other, arr lowering) lowering {
	return func(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
		if _, t := e.val(args[0]); t.kind == kArray {
			arr(e, a, dst, res, args)
			return
		}
		other(e, a, dst, res, args)
	}
}

func anyArray(e *fnEmitter, args []ir.Node) bool {
	for _, x := range args {
		if _, t := e.val(x); t.kind == kArray {
			return true
		}
	}
	return false
}

func (e *fnEmitter) open()  { e.line("{"); e.stackScalars = 0 }
func (e *fnEmitter) close() { e.line("}") }

func (g *gen) temp(prefix string) string {
	g.tmp++
	return fmt.Sprintf("%s%d", prefix, g.tmp)
}

// operand is a const myia_array * expression for n, an array or a
// number (a 0-d array on the stack, declared in the open C block).
func (e *fnEmitter) operand(n ir.Node) string {
	x, t := e.val(n)
	return e.operandOf(n.Pos(), x, t)
}

// result assigns the array the runtime call returns to dst (a new
// reference), or the number it holds when res is a number.
func (e *fnEmitter) result(pos ir.Pos, dst string, res *ctype, call string) {
	switch res.kind {
	case kArray:
		e.line("%s = %s; if (!%s) goto fail;", dst, call, dst)
		if e.stackScalars > 0 {
			// Never a view of a 0-d array on the stack.
			e.line("%s = myia_unpin(ctx, %s, %d); if (!%s) goto fail;", dst, dst, e.site(pos, e.cur), dst)
		}
		e.isOwned = true
	case kFloat, kInt, kBool:
		f := map[kind]string{kFloat: "f", kInt: "i", kBool: "b"}[res.kind]
		e.line("{ myia_array *r = %s; if (!r) goto fail; %s = myia_take_%s(r); }", call, dst, f)
	default:
		refuse(pos, "an array operation whose result is a %s", res)
	}
}

// truthOf is Python's bool(x) of a value of ctype t; for an array, a
// temporary set by the runtime (an error for more than one element).
func (e *fnEmitter) truthOf(pos ir.Pos, x string, t *ctype) string {
	if t.kind == kArray {
		v := e.temp("tv")
		e.line("int %s = myia_truth(ctx, %s, %d); if (%s < 0) goto fail;", v, x, e.site(pos, e.cur), v)
		return v
	}
	if t.kind == kSlice {
		return "1"
	}
	if t.kind == kOptional && t.elems[0].kind == kArray {
		refuse(pos, "the truth of a %s", t)
	}
	return truth(x, t)
}

// intList declares an int64_t array of the ints of n (an int or a tuple
// of ints; None when none is set) in the open block and returns its
// length and its name ("-1", "NULL" for None).
func (e *fnEmitter) intList(pos ir.Pos, n ir.Node, none bool) (string, string) {
	x, t := e.val(n)
	var items []string
	switch {
	case t.none && none:
		return "-1", "NULL"
	case isIntLike(t):
		items = []string{x}
	case t.kind == kTuple:
		for i, el := range t.elems {
			if !isIntLike(el) {
				refuse(pos, "a shape or axes with a %s", el)
			}
			items = append(items, fmt.Sprintf("%s.f%d", x, i))
		}
	default:
		refuse(pos, "a shape or axes of type %s", t)
	}
	v := e.temp("sh")
	if len(items) == 0 {
		e.line("int64_t %s[1] = {0};", v)
	} else {
		e.line("int64_t %s[%d] = {%s};", v, len(items), strings.Join(items, ", "))
	}
	return fmt.Sprint(len(items)), v
}

// seqOperands declares an array of the operands of a tuple in the open
// block: its length and name.
func (e *fnEmitter) seqOperands(pos ir.Pos, n ir.Node) (int, string) {
	x, t := e.val(n)
	if t.kind != kTuple {
		refuse(pos, "a sequence of arrays of type %s (a tuple is needed)", t)
	}
	var items []string
	for i, el := range t.elems {
		f := fmt.Sprintf("%s.f%d", x, i)
		switch el.kind {
		case kArray:
			items = append(items, f)
		case kFloat, kInt, kBool:
			s := e.temp("s")
			k := map[kind]string{kFloat: "f", kInt: "i", kBool: "b"}[el.kind]
			e.line("myia_array %s; myia_scalar_%s(&%s, %s);", s, k, s, f)
			e.stackScalars++
			items = append(items, "&"+s)
		default:
			refuse(pos, "a sequence holding a %s", el)
		}
	}
	v := e.temp("sq")
	if len(items) == 0 {
		e.line("const myia_array *%s[1] = {0};", v)
	} else {
		e.line("const myia_array *%s[%d] = {%s};", v, len(items), strings.Join(items, ", "))
	}
	return len(items), v
}

// axisArg is an axis that may be None: the int and the None flag.
func (e *fnEmitter) axisArg(pos ir.Pos, n ir.Node) (string, string) {
	x, t := e.val(n)
	switch {
	case t.none:
		return "0", "1"
	case isIntLike(t):
		return x, "0"
	case t.kind == kTuple && len(t.elems) == 1 && isIntLike(t.elems[0]):
		return x + ".f0", "0"
	}
	refuse(pos, "an axis of type %s", t)
	return "", ""
}

// seqOperandsN is seqOperands, also of a list of arrays (built by a
// loop, its length known at run time only): the number of operands as
// a C expression.
func (e *fnEmitter) seqOperandsN(pos ir.Pos, n ir.Node) (string, string) {
	if x, t := e.val(n); t.kind == kList && t.elems[0].kind == kArray {
		return fmt.Sprintf("(int)%s->len", x), fmt.Sprintf("((const myia_array *const *)MYIA_LDATA(%s))", x)
	}
	k, sq := e.seqOperands(pos, n)
	return fmt.Sprint(k), sq
}

func lowerConcat(f string) lowering {
	return func(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
		e.open()
		n, sq := e.seqOperandsN(a.Pos(), args[0])
		ax, none := e.axisArg(a.Pos(), args[1])
		s := e.site(a.Pos(), e.cur)
		if f == "myia_stack" {
			if none == "1" {
				refuse(a.Pos(), "np.stack with axis None")
			}
			e.result(a.Pos(), dst, res, fmt.Sprintf("%s(ctx, %s, %s, %s, %d)", f, n, sq, ax, s))
		} else {
			e.result(a.Pos(), dst, res, fmt.Sprintf("%s(ctx, %s, %s, %s, %s, %d)", f, n, sq, ax, none, s))
		}
		e.close()
	}
}

func lowerSplitLike(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	if res.kind != kTuple {
		refuse(a.Pos(), "np_split_like giving a %s", res)
	}
	for _, el := range res.elems {
		if el.kind != kArray && !isNumber(el) {
			refuse(a.Pos(), "np_split_like giving a %s", res)
		}
	}
	e.open()
	d := e.operand(args[0])
	n, sq := e.seqOperands(a.Pos(), args[1])
	if n != len(res.elems) {
		refuse(a.Pos(), "np_split_like of %d pieces giving %s", n, res)
	}
	ax, none := e.axisArg(a.Pos(), args[2])
	o := e.temp("o")
	e.line("myia_array *%s[%d];", o, max(n, 1))
	e.line("if (myia_split_like(ctx, %s, %d, %s, %s, %s, %s, %d) < 0) goto fail;", d, n, sq, ax, none, o, e.site(a.Pos(), e.cur))
	parts := make([]string, n)
	for i := range parts {
		parts[i] = fmt.Sprintf("%s[%d]", o, i)
		if el := res.elems[i]; el.kind != kArray {
			// A piece of a stack of numbers: its one element.
			f := map[kind]string{kFloat: "f", kInt: "i", kBool: "b"}[el.kind]
			parts[i] = fmt.Sprintf("myia_take_%s(%s)", f, parts[i])
		}
	}
	e.line("%s = %s;", dst, e.tupleLit(res, parts))
	e.isOwned = true
	e.close()
}

func lowerShape(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	x, t := e.val(args[0])
	if res.kind != kTuple {
		refuse(a.Pos(), "np.shape giving a %s", res)
	}
	switch {
	case t.kind == kArray && t.rank == len(res.elems):
		parts := make([]string, t.rank)
		for i := range parts {
			parts[i] = fmt.Sprintf("%s->shape[%d]", x, i)
		}
		e.line("%s = %s;", dst, e.tupleLit(res, parts))
	case isNumber(t) && len(res.elems) == 0:
		e.line("%s = %s;", dst, e.tupleLit(res, nil))
	case t.kind == kTuple:
		// np.shape of a tuple (of the array numpy makes of it, as the
		// adjoints of np.sum and np.prod of a tuple ask): the dims
		// inference knows.
		var parts []string
		if dims, ok := plan.ShapeOfTuple(a, args[0], len(res.elems)); ok {
			for _, d := range dims {
				parts = append(parts, fmt.Sprintf("INT64_C(%d)", d))
			}
		}
		if parts == nil {
			refuse(a.Pos(), "np.shape of a %s giving %s", t, res)
		}
		e.line("%s = %s;", dst, e.tupleLit(res, parts))
	default:
		refuse(a.Pos(), "np.shape of a %s giving %s", t, res)
	}
}

func lowerNDim(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	x, t := e.val(args[0])
	switch {
	case t.kind == kArray:
		e.line("%s = %s->ndim;", dst, x)
	case isNumber(t):
		e.line("%s = 0;", dst)
	default:
		refuse(a.Pos(), "np.ndim of a %s", t)
	}
}

func lowerMakeSlice(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	if res.kind != kSlice {
		refuse(a.Pos(), "a slice of type %s", res)
	}
	flags := []string{"MYIA_LO_NONE", "MYIA_HI_NONE", "MYIA_STEP_NONE"}
	var none []string
	vals := make([]string, 3)
	for i, x := range args[:3] {
		v, t := e.val(x)
		switch {
		case t.none:
			none = append(none, flags[i])
			vals[i] = "0"
		case isIntLike(t):
			vals[i] = e.conv(a.Pos(), v, t, tInt)
		default:
			refuse(a.Pos(), "a slice bound of type %s", t)
		}
	}
	if len(none) == 0 {
		none = []string{"0"}
	}
	e.line("%s = (myia_index){MYIA_IDX_SLICE, %s, 0, %s, %s, %s};", dst, strings.Join(none, " | "), vals[0], vals[1], vals[2])
}

// indexItems are the myia_index items of an index of ctype t.
func (e *fnEmitter) indexItems(pos ir.Pos, x string, t *ctype) []string {
	switch {
	case isIntLike(t):
		return []string{fmt.Sprintf("(myia_index){MYIA_IDX_INT, 0, (int64_t)(%s), 0, 0, 0}", x)}
	case t.kind == kSlice:
		return []string{x}
	case t.kind == kTuple:
		var items []string
		for i, el := range t.elems {
			if el.kind == kTuple {
				refuse(pos, "an index holding a tuple")
			}
			items = append(items, e.indexItems(pos, fmt.Sprintf("%s.f%d", x, i), el)...)
		}
		return items
	}
	refuse(pos, "an array index of type %s", t)
	return nil
}

func (e *fnEmitter) indexArg(pos ir.Pos, n ir.Node) (int, string) {
	x, t := e.val(n)
	items := e.indexItems(pos, x, t)
	v := e.temp("ix")
	if len(items) == 0 {
		e.line("myia_index %s[1];", v)
	} else {
		e.line("myia_index %s[%d] = {%s};", v, len(items), strings.Join(items, ", "))
	}
	return len(items), v
}

func lowerArrayGetItem(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	e.open()
	x, _ := e.val(args[0])
	n, ix := e.indexArg(a.Pos(), args[1])
	e.result(a.Pos(), dst, res, fmt.Sprintf("myia_getitem(ctx, %s, %d, %s, %d)", x, n, ix, e.site(a.Pos(), e.cur)))
	e.close()
}

func lowerArraySlice(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	x, _ := e.val(args[0])
	flags := []string{"MYIA_LO_NONE", "MYIA_HI_NONE", "MYIA_STEP_NONE"}
	none := []string{"0"}
	vals := make([]string, 3)
	for i, b := range args[1:4] {
		v, t := e.val(b)
		switch {
		case t.none:
			none = append(none, flags[i])
			vals[i] = "0"
		case isIntLike(t):
			vals[i] = e.conv(a.Pos(), v, t, tInt)
		default:
			refuse(a.Pos(), "a slice bound of type %s", t)
		}
	}
	e.result(a.Pos(), dst, res, fmt.Sprintf("myia_slice(ctx, %s, %s, %s, %s, %s, %d)", x, vals[0], vals[1], vals[2], strings.Join(none, " | "), e.site(a.Pos(), e.cur)))
}

func lowerTupleSetItem(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	x, t := e.val(args[0])
	switch t.kind {
	case kArray:
		e.open()
		n, ix := e.indexArg(a.Pos(), args[1])
		v := e.operand(args[2])
		e.result(a.Pos(), dst, res, fmt.Sprintf("myia_setitem(ctx, %s, %d, %s, %s, %d)", x, n, ix, v, e.site(a.Pos(), e.cur)))
		e.close()
		return
	case kTuple:
		if idx, ok := plan.SliceIndicesOf(args[1], int64(len(t.elems))); ok {
			// t[lo:hi:step] = v, as many elements as the slice takes.
			v, tv := e.val(args[2])
			if tv.kind != kTuple || len(tv.elems) != len(idx) || res.kind != kTuple || len(res.elems) != len(t.elems) {
				break
			}
			parts := make([]string, len(t.elems))
			for k, j := range plan.SliceSources(len(t.elems), idx) {
				if j < 0 {
					parts[k] = e.conv(a.Pos(), fmt.Sprintf("%s.f%d", x, k), t.elems[k], res.elems[k])
				} else {
					parts[k] = e.conv(a.Pos(), fmt.Sprintf("%s.f%d", v, j), tv.elems[j], res.elems[k])
				}
			}
			e.line("%s = %s;", dst, e.tupleLit(res, parts))
			return
		}
		i, ok := plan.ConstInt(args[1])
		if !ok || res.kind != kTuple || len(res.elems) != len(t.elems) {
			break
		}
		if i < 0 {
			i += int64(len(t.elems))
		}
		if i < 0 || i >= int64(len(t.elems)) {
			break
		}
		parts := make([]string, len(t.elems))
		for k, el := range t.elems {
			if int64(k) == i {
				parts[k] = e.arg(args[2], res.elems[k])
			} else {
				parts[k] = e.conv(a.Pos(), fmt.Sprintf("%s.f%d", x, k), el, res.elems[k])
			}
		}
		e.line("%s = %s;", dst, e.tupleLit(res, parts))
		return
	}
	if t.kind == kTuple && res.kind == kTuple && len(res.elems) == len(t.elems) {
		// An index known at run time only.
		i, ti := e.val(args[1])
		if isIntLike(ti) {
			n := len(t.elems)
			base := make([]string, n)
			for k, el := range t.elems {
				base[k] = e.conv(a.Pos(), fmt.Sprintf("%s.f%d", x, k), el, res.elems[k])
			}
			e.line("%s = %s;", dst, e.tupleLit(res, base))
			e.line("{ int64_t i = %s; if (i < 0) i += %d; switch (i) {", i, n)
			for k := range t.elems {
				e.line("case %d: %s.f%d = %s; break;", k, dst, k, e.arg(args[2], res.elems[k]))
			}
			e.line("default: %s } }", e.fail(a.Pos(), `"tuple index out of range"`))
			return
		}
	}
	refuse(a.Pos(), "tuple_setitem of a %s", t)
}

// lowerEye is np_eye(n, m, k); m None is n.
func lowerEye(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	pos := a.Pos()
	n := e.intArg(pos, args[0], "np.eye's N")
	m := n
	if _, t := e.val(args[1]); !t.none {
		m = e.intArg(pos, args[1], "np.eye's M")
	}
	k := e.intArg(pos, args[2], "np.eye's k")
	e.result(pos, dst, res, fmt.Sprintf("myia_eye(ctx, %s, %s, %s, %d)", n, m, k, e.site(pos, e.cur)))
}

func lowerFill(f string) lowering {
	return func(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
		e.open()
		n, sh := e.intList(a.Pos(), args[0], false)
		e.result(a.Pos(), dst, res, fmt.Sprintf("%s(ctx, %s, %s, %d)", f, n, sh, e.site(a.Pos(), e.cur)))
		e.close()
	}
}

func lowerFull(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	e.open()
	n, sh := e.intList(a.Pos(), args[0], false)
	v, t := e.val(args[1])
	s := e.site(a.Pos(), e.cur)
	var call string
	switch t.kind {
	case kFloat:
		call = fmt.Sprintf("myia_full_f(ctx, %s, %s, %s, %d)", n, sh, v, s)
	case kInt:
		call = fmt.Sprintf("myia_full_i(ctx, %s, %s, %s, %d)", n, sh, v, s)
	case kBool:
		call = fmt.Sprintf("myia_full_b(ctx, %s, %s, %s, %d)", n, sh, v, s)
	case kArray:
		call = fmt.Sprintf("myia_full_a(ctx, %s, %s, %s, %d)", n, sh, v, s)
	default:
		refuse(a.Pos(), "np.full with a %s", t)
	}
	e.result(a.Pos(), dst, res, call)
	e.close()
}

func lowerArange(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	if res.kind != kArray {
		refuse(a.Pos(), "np.arange giving a %s", res)
	}
	var vs []string
	to := tFloat
	if res.dtype == 1 {
		to = tInt
	}
	for _, x := range args[:3] {
		v, t := e.val(x)
		if !isNumber(t) {
			refuse(a.Pos(), "np.arange of a %s", t)
		}
		vs = append(vs, e.conv(a.Pos(), v, t, to))
	}
	f := "myia_arange_f"
	if res.dtype == 1 {
		f = "myia_arange_i"
	}
	e.result(a.Pos(), dst, res, fmt.Sprintf("%s(ctx, %s, %s, %s, %d)", f, vs[0], vs[1], vs[2], e.site(a.Pos(), e.cur)))
}

// lowerArrayFrom is np.array(x): a copy of an array, a number, or an
// array made from nested tuples of numbers (or a stack of a tuple of
// arrays).
func lowerArrayFrom(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	x, t := e.val(args[0])
	pos := a.Pos()
	switch {
	case t.kind == kArray:
		e.result(pos, dst, res, fmt.Sprintf("myia_copy(ctx, %s, %d)", x, e.site(pos, e.cur)))
		return
	case isNumber(t) && isNumber(res):
		e.line("%s = %s;", dst, e.conv(pos, x, t, res))
		return
	case t.kind == kTuple && res.kind == kArray:
	case t.kind == kList && t.elems[0].kind == kArray && res.kind == kArray:
		// A list of arrays whose length is known at run time only.
		e.open()
		n, sq := e.seqOperandsN(pos, args[0])
		e.result(pos, dst, res, fmt.Sprintf("myia_stack(ctx, %s, %s, 0, %d)", n, sq, e.site(pos, e.cur)))
		e.close()
		return
	case t.kind == kList && res.kind == kArray && res.rank == 1:
		// A list of numbers built by a loop.
		e.open()
		if call := e.fromList(pos, x, t, res); call != "" {
			e.result(pos, dst, res, call)
			e.close()
			return
		}
		refuse(pos, "np.array of a %s", t)
	default:
		refuse(pos, "np.array of a %s", t)
	}
	allArrays := len(t.elems) > 0
	for _, el := range t.elems {
		allArrays = allArrays && el.kind == kArray
	}
	if allArrays {
		e.open()
		n, sq := e.seqOperands(pos, args[0])
		e.result(pos, dst, res, fmt.Sprintf("myia_stack(ctx, %d, %s, 0, %d)", n, sq, e.site(pos, e.cur)))
		e.close()
		return
	}
	e.open()
	if holdsArray(t) {
		// Arrays among sequences ((np.arange(2), [5, 6])): each element
		// made an array, then stacked.
		var owned []string
		n, sq := e.arrayItems(pos, x, t, res, &owned)
		v := e.temp("ma")
		e.line("myia_array *%s = myia_stack(ctx, %d, %s, 0, %d);", v, n, sq, e.site(pos, e.cur))
		for _, o := range owned {
			e.line("myia_release(%s);", o)
		}
		e.result(pos, dst, res, v)
	} else {
		if len(nestShape(t)) != res.rank {
			refuse(pos, "np.array of a %s giving %s", t, res)
		}
		e.result(pos, dst, res, e.fromNumbers(pos, x, t, res))
	}
	e.close()
}

// nestShape is the shape of the array numpy makes of nested tuples t,
// read from the first element at each depth (the caller checks that
// the nesting is regular).
func nestShape(t *ctype) []int {
	var shape []int
	for u := t; u.kind == kTuple; u = u.elems[0] {
		shape = append(shape, len(u.elems))
		if len(u.elems) == 0 {
			break
		}
	}
	return shape
}

// holdsArray reports whether t, a tuple, holds an array at some depth.
func holdsArray(t *ctype) bool {
	for _, el := range t.elems {
		if el.kind == kArray || el.kind == kList && el.elems[0].kind == kArray || el.kind == kTuple && holdsArray(el) {
			return true
		}
	}
	return false
}

// arrayItems declares, in the open block, the elements of x, a tuple of
// ctype t that holds arrays, each as an array of res's dtype (its
// arrays as they are): their number and the name of their C array.
// The arrays it makes are appended to owned, for the caller to release;
// it releases them itself if it fails.
func (e *fnEmitter) arrayItems(pos ir.Pos, x string, t, res *ctype, owned *[]string) (int, string) {
	items := make([]string, len(t.elems))
	for i, el := range t.elems {
		f := fmt.Sprintf("%s.f%d", x, i)
		var call string
		switch {
		case el.kind == kArray:
			items[i] = f
			continue
		case el.kind == kList && el.elems[0].kind == kArray:
			call = fmt.Sprintf("myia_stack(ctx, (int)%s->len, (const myia_array *const *)MYIA_LDATA(%s), 0, %d)", f, f, e.site(pos, e.cur))
		case el.kind == kTuple && holdsArray(el):
			n, sq := e.arrayItems(pos, f, el, res, owned)
			call = fmt.Sprintf("myia_stack(ctx, %d, %s, 0, %d)", n, sq, e.site(pos, e.cur))
		case el.kind == kTuple:
			call = e.fromNumbers(pos, f, el, res)
		default:
			refuse(pos, "np.array of a sequence holding an array and a %s", el)
		}
		v := e.temp("ma")
		e.line("myia_array *%s = %s;", v, call)
		release := ""
		for _, o := range *owned {
			release += fmt.Sprintf("myia_release(%s); ", o)
		}
		e.line("if (!%s) { %sgoto fail; }", v, release)
		*owned = append(*owned, v)
		items[i] = v
	}
	sq := e.temp("sq")
	e.line("const myia_array *%s[%d] = {%s};", sq, max(len(items), 1), strings.Join(items, ", "))
	return len(items), sq
}

// fromNumbers declares, in the open block, the shape and the elements
// of x, nested tuples of numbers of ctype t, and returns the runtime
// call that makes of them an array of res's dtype.
func (e *fnEmitter) fromNumbers(pos ir.Pos, x string, t, res *ctype) string {
	// The shape from the nesting, which must be regular.
	shape := nestShape(t)
	var leaves []string
	var walk func(x string, u *ctype, depth int)
	walk = func(x string, u *ctype, depth int) {
		if depth == len(shape) {
			if !isNumber(u) {
				refuse(pos, "np.array of a %s", t)
			}
			if res.dtype == 2 {
				leaves = append(leaves, e.conv(pos, x, u, tFloat))
			} else {
				leaves = append(leaves, e.conv(pos, x, u, tInt))
			}
			return
		}
		if u.kind != kTuple || len(u.elems) != shape[depth] {
			refuse(pos, "np.array of a ragged %s", t)
		}
		for i, el := range u.elems {
			walk(fmt.Sprintf("%s.f%d", x, i), el, depth+1)
		}
	}
	walk(x, t, 0)
	dims := make([]string, len(shape))
	for i, d := range shape {
		dims[i] = fmt.Sprint(d)
	}
	ct, f := "double", "myia_from_f"
	switch res.dtype {
	case 1:
		ct, f = "int64_t", "myia_from_i"
	case 0:
		ct, f = "int64_t", "myia_from_b"
	}
	if len(leaves) == 0 {
		leaves = []string{"0"}
	}
	sh, d := e.temp("sh"), e.temp("d")
	e.line("int64_t %s[%d] = {%s}; %s %s[%d] = {%s};", sh, max(len(dims), 1), strings.Join(dims, ", "), ct, d, len(leaves), strings.Join(leaves, ", "))
	return fmt.Sprintf("%s(ctx, %d, %s, %s, %d)", f, len(dims), sh, d, e.site(pos, e.cur))
}

// fromList declares, in the open block, the shape of x, a list of
// floats or ints of ctype t (built by a loop), and returns the runtime
// call that makes of it a 1-d array of res's dtype, or "" for another
// list.
func (e *fnEmitter) fromList(pos ir.Pos, x string, t, res *ctype) string {
	el := t.elems[0]
	f := map[int]string{1: "myia_from_i", 2: "myia_from_f"}[res.dtype]
	if el.kind == kFloat && res.dtype != 2 || el.kind == kInt && res.dtype != 1 || el.kind != kFloat && el.kind != kInt {
		return ""
	}
	sh := e.temp("sh")
	e.line("int64_t %s[1] = {%s->len};", sh, x)
	return fmt.Sprintf("%s(ctx, 1, %s, %s, %d)", f, sh, elems(x, t), e.site(pos, e.cur))
}

// reduceTuple is a reduction of a tuple (or list) of numbers over all
// its elements (np.prod(x.shape)): through a temporary 1-d array.
func (e *fnEmitter) reduceTuple(a *ir.Apply, op, dst string, res *ctype, args []ir.Node) {
	pos := a.Pos()
	e.ts.Arrays = true // numbers through the array runtime: it links it
	x, t := e.val(args[0])
	_, ta := e.val(args[1])
	keep, tk := e.val(args[2])
	if plan.SeqOfArrays(t) {
		// numpy reduces the array it stacks of them (np.mean(xs,
		// axis=0) of a list of arrays built by a loop).
		e.open()
		n, sq := e.seqOperandsN(pos, args[0])
		nn, axes := e.intList(pos, args[1], true)
		s := e.site(pos, e.cur)
		e.line("myia_array *sv = myia_stack(ctx, %s, %s, 0, %d); if (!sv) goto fail;", n, sq, s)
		e.line("myia_array *sr = myia_reduce(ctx, %s, sv, %s, %s, %s, %d); myia_release(sv);", op, nn, axes, e.truthOf(pos, keep, tk), s)
		e.result(pos, dst, res, "sr")
		e.close()
		return
	}
	if !ta.none || !isNumber(res) {
		refuse(pos, "a reduction of a %s along an axis", t)
	}
	if t.kind == kList {
		// A list of numbers built by a loop.
		dt := map[kind]int{kInt: 1, kFloat: 2}[t.elems[0].kind]
		e.open()
		call := e.fromList(pos, x, t, &ctype{kind: kArray, dtype: dt, rank: 1})
		if call == "" {
			refuse(pos, "a reduction of a %s", t)
		}
		e.reduceArray(pos, op, dst, res, call, e.truthOf(pos, keep, tk))
		e.close()
		return
	}
	dt, ct, f := 0, "int64_t", "myia_from_b"
	for _, el := range t.elems {
		if !isNumber(el) {
			refuse(pos, "a reduction of a %s", t)
		}
		if el.kind == kInt && dt < 1 {
			dt, f = 1, "myia_from_i"
		}
		if el.kind == kFloat {
			dt, ct, f = 2, "double", "myia_from_f"
		}
	}
	if len(t.elems) == 0 {
		dt, ct, f = 2, "double", "myia_from_f"
	}
	to := map[int]*ctype{0: tInt, 1: tInt, 2: tFloat}[dt]
	leaves := []string{"0"}
	if len(t.elems) > 0 {
		leaves = nil
		for i, el := range t.elems {
			leaves = append(leaves, e.conv(pos, fmt.Sprintf("%s.f%d", x, i), el, to))
		}
	}
	e.open()
	e.line("int64_t sh[1] = {%d}; %s d[%d] = {%s};", len(t.elems), ct, len(leaves), strings.Join(leaves, ", "))
	e.reduceArray(pos, op, dst, res, fmt.Sprintf("%s(ctx, 1, sh, d, %d)", f, e.site(pos, e.cur)), e.truthOf(pos, keep, tk))
	e.close()
}

// reduceArray sets dst, a number, to the reduction op over all the
// elements of the temporary 1-d array that call makes.
func (e *fnEmitter) reduceArray(pos ir.Pos, op, dst string, res *ctype, call, keep string) {
	s := e.site(pos, e.cur)
	e.line("myia_array *v = %s; if (!v) goto fail;", call)
	e.line("myia_array *r = myia_reduce(ctx, %s, v, -1, NULL, %s, %d); myia_release(v); if (!r) goto fail;", op, keep, s)
	kf := map[kind]string{kFloat: "f", kInt: "i", kBool: "b"}[res.kind]
	e.line("%s = myia_take_%s(r);", dst, kf)
}

// fusedTranspose reports whether a is np_transpose(x, None) of an array
// used only as an operand of np_dot in its own graph (the backward pass
// of a product): the products then read x with a transpose flag
// (myia_dot_t, as the VM's dotT) and a is not computed.
func fusedTranspose(m *ir.Module, a *ir.Apply) bool {
	if !ir.IsApplyOf(a, ir.Transpose) || len(a.Inputs) != 3 {
		return false
	}
	if k, ok := plan.StripDepend(a.Inputs[2]).(*ir.Constant); !ok || k.Value != ir.None {
		return false
	}
	if _, ok := a.Inputs[1].Type().(*lattice.Array); !ok {
		return false
	}
	n := 0
	for _, u := range m.Users(a) {
		if u.Index != 1 && u.Index != 2 || u.User.Graph() != a.Graph() || !ir.IsApplyOf(u.User, ir.MatDot) || len(u.User.Inputs) != 3 {
			return false
		}
		n++
	}
	return n > 0
}

func lowerDot(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	e.open()
	var ops [2]string
	var flags [2]int
	for i, x := range args[:2] {
		if t, ok := x.(*ir.Apply); ok && fusedTranspose(e.M, t) {
			ops[i], flags[i] = e.operand(t.Inputs[1]), 1
			continue
		}
		ops[i] = e.operand(x)
	}
	e.result(a.Pos(), dst, res, fmt.Sprintf("myia_dot_t(ctx, %s, %s, %d, %d, %d)", ops[0], ops[1], flags[0], flags[1], e.site(a.Pos(), e.cur)))
	e.close()
}
