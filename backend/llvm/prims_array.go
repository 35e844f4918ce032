package llvm

import (
	"fmt"
	"strings"

	"github.com/myia/myia/backend/llvm/plan"
	"github.com/myia/myia/ir"
	lattice "github.com/myia/myia/ir/types"
)

// Lowerings of the array primitives: calls into the array runtime
// (backend/cgo/rtarray, linked into the library), as backend/cgo's
// prims_array.go. An array is an i8* (a myia_array *) that its slot owns
// (gen.go: retained, released when stored again and when the function
// ends); a number passed where an array is expected is a 0-d array in a
// stack slot of the entry block; a result the types say is a number is
// taken out of the 0-d array the runtime returns.

var binOps = map[ir.Prim]int{
	ir.Add: 0, ir.Sub: 1, ir.Mul: 2, ir.TrueDiv: 3, ir.FloorDiv: 4, ir.Mod: 5, ir.Pow: 6,
	ir.Eq: 7, ir.Ne: 8, ir.Lt: 9, ir.Le: 10, ir.Gt: 11, ir.Ge: 12, ir.Maximum: 13, ir.Minimum: 14,
}

var unOps = map[ir.Prim]int{
	ir.Neg: 0, ir.UPos: 1, ir.Abs: 2, ir.Exp: 3, ir.Log: 4, ir.Sqrt: 5, ir.Sin: 6, ir.Cos: 7,
	ir.Tan: 8, ir.Tanh: 9, ir.Log1p: 10, ir.Expm1: 11,
	ir.NpExp: 3, ir.NpLog: 4, ir.NpSqrt: 5, ir.NpSin: 6, ir.NpCos: 7, ir.NpTan: 8,
}

// npMathFns are numpy's math functions, by the C function that computes
// one of a number.
var npMathFns = map[ir.Prim]string{
	ir.NpExp: "exp", ir.NpLog: "log", ir.NpSqrt: "sqrt", ir.NpSin: "sin", ir.NpCos: "cos",
	ir.NpTan: "tan", ir.Log1p: "log1p", ir.Expm1: "expm1",
}

var redOps = map[ir.Prim]int{ir.ReduceSum: 0, ir.ReduceMean: 1, ir.ReduceMax: 2, ir.ReduceMin: 3, ir.ReduceProd: 4}

// arrayDecls are the runtime's functions, by name.
var arrayDecls = map[string]string{
	"myia_binary":       "i8* @myia_binary(%myia_ctx*, i32, i8*, i8*, i32)",
	"myia_unary":        "i8* @myia_unary(%myia_ctx*, i32, i8*, i32)",
	"myia_reduce":       "i8* @myia_reduce(%myia_ctx*, i32, i8*, i32, i64*, i32, i32)",
	"myia_where":        "i8* @myia_where(%myia_ctx*, i8*, i8*, i8*, i32)",
	"myia_dot":          "i8* @myia_dot(%myia_ctx*, i8*, i8*, i32)",
	"myia_dot_t":        "i8* @myia_dot_t(%myia_ctx*, i8*, i8*, i32, i32, i32)",
	"myia_outer":        "i8* @myia_outer(%myia_ctx*, i8*, i8*, i32)",
	"myia_reshape":      "i8* @myia_reshape(%myia_ctx*, i8*, i32, i64*, i32)",
	"myia_broadcast_to": "i8* @myia_broadcast_to(%myia_ctx*, i8*, i32, i64*, i32)",
	"myia_transpose":    "i8* @myia_transpose(%myia_ctx*, i8*, i32, i64*, i32)",
	"myia_concatenate":  "i8* @myia_concatenate(%myia_ctx*, i32, i8**, i64, i32, i32)",
	"myia_stack":        "i8* @myia_stack(%myia_ctx*, i32, i8**, i64, i32)",
	"myia_split_like":   "i32 @myia_split_like(%myia_ctx*, i8*, i32, i8**, i64, i32, i8**, i32)",
	"myia_getitem":      "i8* @myia_getitem(%myia_ctx*, i8*, i32, %myia_index*, i32)",
	"myia_slice":        "i8* @myia_slice(%myia_ctx*, i8*, i64, i64, i64, i32, i32)",
	"myia_setitem":      "i8* @myia_setitem(%myia_ctx*, i8*, i32, %myia_index*, i8*, i32)",
	"myia_len":          "i64 @myia_len(%myia_ctx*, i8*, i32)",
	"myia_truth":        "i32 @myia_truth(%myia_ctx*, i8*, i32)",
	"myia_check_scalar": "i32 @myia_check_scalar(%myia_ctx*, i8*, i32)",
	"myia_zeros_like":   "i8* @myia_zeros_like(%myia_ctx*, i8*, i32)",
	"myia_ones_like":    "i8* @myia_ones_like(%myia_ctx*, i8*, i32)",
	"myia_gadd":         "i8* @myia_gadd(%myia_ctx*, i8*, i8*, i32)",
	"myia_sum_to_like":  "i8* @myia_sum_to_like(%myia_ctx*, i8*, i8*, i32)",
	"myia_astype":       "i8* @myia_astype(%myia_ctx*, i8*, i32, i32)",
	"myia_zeros":        "i8* @myia_zeros(%myia_ctx*, i32, i64*, i32)",
	"myia_ones":         "i8* @myia_ones(%myia_ctx*, i32, i64*, i32)",
	"myia_full_f":       "i8* @myia_full_f(%myia_ctx*, i32, i64*, double, i32)",
	"myia_full_i":       "i8* @myia_full_i(%myia_ctx*, i32, i64*, i64, i32)",
	"myia_full_b":       "i8* @myia_full_b(%myia_ctx*, i32, i64*, i32, i32)",
	"myia_full_a":       "i8* @myia_full_a(%myia_ctx*, i32, i64*, i8*, i32)",
	"myia_arange_i":     "i8* @myia_arange_i(%myia_ctx*, i64, i64, i64, i32)",
	"myia_arange_f":     "i8* @myia_arange_f(%myia_ctx*, double, double, double, i32)",
	"myia_eye":          "i8* @myia_eye(%myia_ctx*, i64, i64, i64, i32)",
	"myia_copy":         "i8* @myia_copy(%myia_ctx*, i8*, i32)",
	"myia_from_f":       "i8* @myia_from_f(%myia_ctx*, i32, i64*, double*, i32)",
	"myia_from_i":       "i8* @myia_from_i(%myia_ctx*, i32, i64*, i64*, i32)",
	"myia_from_b":       "i8* @myia_from_b(%myia_ctx*, i32, i64*, i64*, i32)",
	"myia_scalar_f":     "void @myia_scalar_f(i8*, double)",
	"myia_scalar_i":     "void @myia_scalar_i(i8*, i64)",
	"myia_scalar_b":     "void @myia_scalar_b(i8*, i32)",
	"myia_take_f":       "double @myia_take_f(i8*)",
	"myia_take_i":       "i64 @myia_take_i(i8*)",
	"myia_take_b":       "i32 @myia_take_b(i8*)",
	"myia_print_array":  "void @myia_print_array(%myia_ctx*, i8*, i32)",
	"myia_unpin":        "i8* @myia_unpin(%myia_ctx*, i8*, i32)",
	"myia_a_dim":        "i64 @myia_a_dim(i8*, i32)",
	"myia_a_ndim":       "i64 @myia_a_ndim(i8*)",
	"myia_a_elem_f":     "double @myia_a_elem_f(i8*)",
	"myia_a_elem_i":     "i64 @myia_a_elem_i(i8*)",
	"myia_a_isfloat":    "i32 @myia_a_isfloat(i8*)",
	"myia_zeros_of":     "i8* @myia_zeros_of(%myia_ctx*, i8*, i32)",
	"myia_import":       "i8* @myia_import(%myia_ctx*, i8*, i32)",
}

// rcall calls the runtime function name with args (typed operands),
// declaring it; it returns the result operand ("" for void).
func (e *fnEmitter) rcall(name string, args ...string) string {
	decl, ok := arrayDecls[name]
	if !ok {
		panic("llvm: no declaration of " + name)
	}
	e.declare(name, decl)
	ret := strings.Fields(decl)[0]
	if ret == "void" {
		e.inst("call void @%s(%s)", name, strings.Join(args, ", "))
		return ""
	}
	return e.def("call %s @%s(%s)", ret, name, strings.Join(args, ", "))
}

func (e *fnEmitter) ctxArg() string { return "%myia_ctx* %ctx" }

func (e *fnEmitter) siteArg(pos ir.Pos) string { return fmt.Sprintf("i32 %d", e.site(pos, e.cur)) }

// failIf branches to the function's fail block (the runtime recorded
// the error) when cond holds.
func (e *fnEmitter) failIf(cond string) {
	ok := e.newLabel()
	e.term("br i1 %s, label %%fail, label %%%s, !prof !0", cond, ok)
	e.label(ok)
}

func init() {
	for p, name := range npMathFns {
		lowerings[p] = npMathFn(name)
	}
	for p, op := range binOps {
		op := op
		lowerings[p] = onArrays(lowerings[p], func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
			x, y := e.operand(args[0]), e.operand(args[1])
			return e.result(a.Pos(), res, "myia_binary", e.ctxArg(), fmt.Sprintf("i32 %d", op), "i8* "+x, "i8* "+y, e.siteArg(a.Pos()))
		}, p == ir.Maximum || p == ir.Minimum)
	}
	for p, op := range unOps {
		op := op
		lowerings[p] = onArrays(lowerings[p], func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
			x := e.operand(args[0])
			return e.result(a.Pos(), res, "myia_unary", e.ctxArg(), fmt.Sprintf("i32 %d", op), "i8* "+x, e.siteArg(a.Pos()))
		}, false)
	}
	for p, op := range redOps {
		op := op
		lowerings[p] = func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
			if k := e.typeOf(args[0]).kind; k == kTuple || k == kList {
				return e.reduceTuple(a, op, res, args)
			}
			x := e.operand(args[0])
			n, axes := e.intList(a.Pos(), args[1], true)
			keep, tk := e.val(args[2])
			k := e.def("zext i1 %s to i32", e.truthOf(a.Pos(), keep, tk))
			return e.result(a.Pos(), res, "myia_reduce", e.ctxArg(), fmt.Sprintf("i32 %d", op), "i8* "+x, "i32 "+n, "i64* "+axes, "i32 "+k, e.siteArg(a.Pos()))
		}
	}
	simple := func(f string, nargs int) lowering {
		return func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
			ops := []string{e.ctxArg()}
			for _, x := range args[:nargs] {
				ops = append(ops, "i8* "+e.operand(x))
			}
			ops = append(ops, e.siteArg(a.Pos()))
			return e.result(a.Pos(), res, f, ops...)
		}
	}
	withShape := func(f string, none bool) lowering {
		return func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
			x := e.operand(args[0])
			n, sh := e.intList(a.Pos(), args[1], none)
			return e.result(a.Pos(), res, f, e.ctxArg(), "i8* "+x, "i32 "+n, "i64* "+sh, e.siteArg(a.Pos()))
		}
	}
	for p, l := range map[ir.Prim]lowering{
		ir.Where: simple("myia_where", 3), ir.MatDot: lowerDot, ir.Outer: simple("myia_outer", 2),
		ir.Reshape: withShape("myia_reshape", false), ir.BroadcastTo: withShape("myia_broadcast_to", false),
		ir.Transpose: func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
			if fusedTranspose(e.M, a) {
				return "null" // the products read its operand with BLAS's transpose flag
			}
			return withShape("myia_transpose", true)(e, a, res, args)
		},
		ir.Concatenate: lowerConcat("myia_concatenate"), ir.Stack: lowerConcat("myia_stack"),
		ir.SplitLike: lowerSplitLike, ir.Shape: lowerShape, ir.NDim: lowerNDim,
		ir.MakeSlice: lowerMakeSlice, ir.ArrayFrom: lowerArrayFrom, ir.Eye: lowerEye,
		ir.Zeros: lowerFill("myia_zeros"), ir.Ones: lowerFill("myia_ones"), ir.Full: lowerFull,
		ir.Arange: lowerArange, ir.TupleSetItem: lowerTupleSetItem,
		ir.AttrCheck: lowerIdentity, ir.MatmulCheck: lowerIdentity, // inference checked them
		ir.MakeList: lowerMakeTuple,
	} {
		lowerings[p] = l
	}
	lowerings[ir.GetItem] = onArrayArg(lowerings[ir.GetItem], func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
		x, _ := e.val(args[0])
		n, ix := e.indexArg(a.Pos(), args[1])
		return e.result(a.Pos(), res, "myia_getitem", e.ctxArg(), "i8* "+x, "i32 "+n, "%myia_index* "+ix, e.siteArg(a.Pos()))
	})
	lowerings[ir.Slice] = onArrayArg(lowerings[ir.Slice], lowerArraySlice)
	lowerings[ir.Len] = onArrayArg(lowerings[ir.Len], func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
		x, _ := e.val(args[0])
		n := e.rcall("myia_len", e.ctxArg(), "i8* "+x, e.siteArg(a.Pos()))
		e.failIf(e.def("icmp slt i64 %s, 0", n))
		return n
	})
	lowerings[ir.ToInt] = onArrayArg(lowerings[ir.ToInt], func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
		x, _ := e.val(args[0])
		e.failIf(e.def("icmp slt i32 %s, 0", e.rcall("myia_check_scalar", e.ctxArg(), "i8* "+x, e.siteArg(a.Pos()))))
		isf := e.def("icmp ne i32 %s, 0", e.rcall("myia_a_isfloat", "i8* "+x))
		fl, in, join := e.newLabel(), e.newLabel(), e.newLabel()
		out := e.slot("i64")
		e.term("br i1 %s, label %%%s, label %%%s", isf, fl, in)
		e.label(fl)
		f := e.rcall("myia_a_elem_f", "i8* "+x)
		m := e.def("call i8* @myia_to_int(double %s, i64* %s)", f, out)
		e.checkMsg(m, a.Pos())
		e.term("br label %%%s", join)
		e.label(in)
		e.inst("store i64 %s, i64* %s", e.rcall("myia_a_elem_i", "i8* "+x), out)
		e.term("br label %%%s", join)
		e.label(join)
		return e.def("load i64, i64* %s", out)
	})
	lowerings[ir.ToFloat] = onArrayArg(lowerings[ir.ToFloat], func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
		x, _ := e.val(args[0])
		e.failIf(e.def("icmp slt i32 %s, 0", e.rcall("myia_check_scalar", e.ctxArg(), "i8* "+x, e.siteArg(a.Pos()))))
		return e.rcall("myia_a_elem_f", "i8* "+x)
	})
}

func onArrays(scalar, arr lowering, always bool) lowering {
	return func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
		if always || scalar == nil || res.kind == kArray || anyArray(e, args) {
			return arr(e, a, res, args)
		}
		return scalar(e, a, res, args)
	}
}

func onArrayArg(other, arr lowering) lowering {
	return func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
		if e.typeOf(args[0]).kind == kArray {
			return arr(e, a, res, args)
		}
		return other(e, a, res, args)
	}
}

func anyArray(e *fnEmitter, args []ir.Node) bool {
	for _, x := range args {
		if e.typeOf(x).kind == kArray {
			return true
		}
	}
	return false
}

// scalarArray makes a 0-d array of x (ltype t) in a stack slot.
func (e *fnEmitter) scalarArray(pos ir.Pos, x string, t *ltype) string {
	e.ts.Arrays = true // numbers through the array runtime: it links it
	s := e.slot("[40 x i64]")
	p := e.def("bitcast [40 x i64]* %s to i8*", s)
	switch t.kind {
	case kFloat:
		e.rcall("myia_scalar_f", "i8* "+p, "double "+x)
	case kInt:
		e.rcall("myia_scalar_i", "i8* "+p, "i64 "+x)
	case kBool:
		e.rcall("myia_scalar_b", "i8* "+p, "i32 "+e.def("zext i1 %s to i32", x))
	default:
		refuse(pos, "a %s where an array or a number is expected", t)
	}
	return p
}

// operand is an i8* (myia_array *) operand for n, an array or a number.
func (e *fnEmitter) operand(n ir.Node) string {
	x, t := e.val(n)
	return e.operandOf(n.Pos(), x, t)
}

func (e *fnEmitter) operandOf(pos ir.Pos, x string, t *ltype) string {
	if t.kind == kArray {
		return x
	}
	return e.scalarArray(pos, x, t)
}

// result calls the runtime function f, which returns an array (NULL
// after an error), and gives the result of ltype res: the array (a new
// reference, never one that points into a stack scalar) or the number it
// holds.
func (e *fnEmitter) result(pos ir.Pos, res *ltype, f string, args ...string) string {
	r := e.rcall(f, args...)
	e.failIf(e.def("icmp eq i8* %s, null", r))
	return e.take(pos, res, r)
}

func (e *fnEmitter) take(pos ir.Pos, res *ltype, r string) string {
	switch res.kind {
	case kArray:
		r = e.rcall("myia_unpin", e.ctxArg(), "i8* "+r, e.siteArg(pos))
		e.failIf(e.def("icmp eq i8* %s, null", r))
		e.isOwned = true
		return r
	case kFloat:
		return e.rcall("myia_take_f", "i8* "+r)
	case kInt:
		return e.rcall("myia_take_i", "i8* "+r)
	case kBool:
		return e.def("icmp ne i32 %s, 0", e.rcall("myia_take_b", "i8* "+r))
	}
	refuse(pos, "an array operation whose result is a %s", res)
	return ""
}

// truthOf is Python's bool(x), an i1; for an array, the runtime's (an
// error for more than one element).
func (e *fnEmitter) truthOf(pos ir.Pos, x string, t *ltype) string {
	switch t.kind {
	case kArray:
		v := e.rcall("myia_truth", e.ctxArg(), "i8* "+x, e.siteArg(pos))
		e.failIf(e.def("icmp slt i32 %s, 0", v))
		return e.def("icmp ne i32 %s, 0", v)
	case kSlice, kClosure:
		return "true"
	case kOptional:
		if t.elems[0].kind == kArray {
			refuse(pos, "the truth of a %s", t)
		}
	}
	return e.truth(x, t)
}

// intList stores the ints of n (an int or a tuple of ints; None when
// none is set) in a stack slot: their number and an i64* to them.
func (e *fnEmitter) intList(pos ir.Pos, n ir.Node, none bool) (string, string) {
	x, t := e.val(n)
	var items []string
	switch {
	case t.none && none:
		return "-1", "null"
	case isIntLike(t):
		items = []string{e.conv(pos, x, t, tInt)}
	case t.kind == kTuple:
		for i, el := range t.elems {
			if !isIntLike(el) {
				refuse(pos, "a shape or axes with a %s", el)
			}
			items = append(items, e.conv(pos, e.field(x, t, i), el, tInt))
		}
	default:
		refuse(pos, "a shape or axes of type %s", t)
	}
	return fmt.Sprint(len(items)), e.i64Array(items)
}

func (e *fnEmitter) i64Array(items []string) string {
	n := max(len(items), 1)
	s := e.slot(fmt.Sprintf("[%d x i64]", n))
	for i, v := range items {
		p := e.def("getelementptr [%d x i64], [%d x i64]* %s, i64 0, i64 %d", n, n, s, i)
		e.inst("store i64 %s, i64* %s", v, p)
	}
	return e.def("getelementptr [%d x i64], [%d x i64]* %s, i64 0, i64 0", n, n, s)
}

// seqOperands stores the arrays of a tuple in a stack slot: their
// number and an i8** to them.
func (e *fnEmitter) seqOperands(pos ir.Pos, n ir.Node) (int, string) {
	x, t := e.val(n)
	if t.kind != kTuple {
		refuse(pos, "a sequence of arrays of type %s (a tuple is needed)", t)
	}
	k := max(len(t.elems), 1)
	s := e.slot(fmt.Sprintf("[%d x i8*]", k))
	for i, el := range t.elems {
		if el.kind != kArray && !isNumber(el) {
			refuse(pos, "a sequence holding a %s", el)
		}
		v := e.operandOf(pos, e.field(x, t, i), el)
		p := e.def("getelementptr [%d x i8*], [%d x i8*]* %s, i64 0, i64 %d", k, k, s, i)
		e.inst("store i8* %s, i8** %s", v, p)
	}
	return len(t.elems), e.def("getelementptr [%d x i8*], [%d x i8*]* %s, i64 0, i64 0", k, k, s)
}

func (e *fnEmitter) axisArg(pos ir.Pos, n ir.Node) (string, string) {
	x, t := e.val(n)
	switch {
	case t.none:
		return "0", "1"
	case isIntLike(t):
		return e.conv(pos, x, t, tInt), "0"
	case t.kind == kTuple && len(t.elems) == 1 && isIntLike(t.elems[0]):
		return e.conv(pos, e.field(x, t, 0), t.elems[0], tInt), "0"
	}
	refuse(pos, "an axis of type %s", t)
	return "", ""
}

// seqOperandsN is seqOperands, also of a list of arrays (built by a
// loop, its length known at run time only): the number of operands as
// an i32 operand.
func (e *fnEmitter) seqOperandsN(pos ir.Pos, n ir.Node) (string, string) {
	if x, t := e.val(n); t.kind == kList && t.elems[0].kind == kArray {
		d := e.def("load i8*, i8** %s", e.def("bitcast i64* %s to i8**", e.listField(x, listOffData)))
		return e.def("trunc i64 %s to i32", e.listLen(x)), e.def("bitcast i8* %s to i8**", d)
	}
	k, sq := e.seqOperands(pos, n)
	return fmt.Sprint(k), sq
}

func lowerConcat(f string) lowering {
	return func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
		n, sq := e.seqOperandsN(a.Pos(), args[0])
		ax, none := e.axisArg(a.Pos(), args[1])
		if f == "myia_stack" {
			if none == "1" {
				refuse(a.Pos(), "np.stack with axis None")
			}
			return e.result(a.Pos(), res, f, e.ctxArg(), "i32 "+n, "i8** "+sq, "i64 "+ax, e.siteArg(a.Pos()))
		}
		return e.result(a.Pos(), res, f, e.ctxArg(), "i32 "+n, "i8** "+sq, "i64 "+ax, "i32 "+none, e.siteArg(a.Pos()))
	}
}

func lowerSplitLike(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	if res.kind != kTuple {
		refuse(a.Pos(), "np_split_like giving a %s", res)
	}
	for _, el := range res.elems {
		if el.kind != kArray && !isNumber(el) {
			refuse(a.Pos(), "np_split_like giving a %s", res)
		}
	}
	d := e.operand(args[0])
	n, sq := e.seqOperands(a.Pos(), args[1])
	if n != len(res.elems) {
		refuse(a.Pos(), "np_split_like of %d pieces giving %s", n, res)
	}
	ax, none := e.axisArg(a.Pos(), args[2])
	k := max(n, 1)
	o := e.slot(fmt.Sprintf("[%d x i8*]", k))
	op := e.def("getelementptr [%d x i8*], [%d x i8*]* %s, i64 0, i64 0", k, k, o)
	r := e.rcall("myia_split_like", e.ctxArg(), "i8* "+d, fmt.Sprintf("i32 %d", n), "i8** "+sq, "i64 "+ax, "i32 "+none, "i8** "+op, e.siteArg(a.Pos()))
	e.failIf(e.def("icmp slt i32 %s, 0", r))
	parts := make([]string, n)
	for i := range parts {
		p := e.def("getelementptr [%d x i8*], [%d x i8*]* %s, i64 0, i64 %d", k, k, o, i)
		parts[i] = e.def("load i8*, i8** %s", p)
		if el := res.elems[i]; el.kind != kArray {
			parts[i] = e.take(a.Pos(), el, parts[i]) // a piece of a stack of numbers
		}
	}
	e.isOwned = true
	return e.tupleLit(res, parts)
}

func lowerShape(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	x, t := e.val(args[0])
	if res.kind != kTuple {
		refuse(a.Pos(), "np.shape giving a %s", res)
	}
	switch {
	case t.kind == kArray && t.rank == len(res.elems):
		parts := make([]string, t.rank)
		for i := range parts {
			parts[i] = e.rcall("myia_a_dim", "i8* "+x, fmt.Sprintf("i32 %d", i))
		}
		return e.tupleLit(res, parts)
	case isNumber(t) && len(res.elems) == 0:
		return "zeroinitializer"
	case t.kind == kTuple:
		// np.shape of a tuple (of the array numpy makes of it, as the
		// adjoints of np.sum and np.prod of a tuple ask): the dims
		// inference knows.
		dims, ok := plan.ShapeOfTuple(a, args[0], len(res.elems))
		if ok {
			parts := make([]string, len(dims))
			for i, d := range dims {
				parts[i] = fmt.Sprint(d)
			}
			return e.tupleLit(res, parts)
		}
	}
	refuse(a.Pos(), "np.shape of a %s giving %s", t, res)
	return ""
}

func lowerNDim(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	x, t := e.val(args[0])
	switch {
	case t.kind == kArray:
		return e.rcall("myia_a_ndim", "i8* "+x)
	case isNumber(t):
		return "0"
	}
	refuse(a.Pos(), "np.ndim of a %s", t)
	return ""
}

// sliceBounds are the lo, hi, step operands (i64) of slice bounds and
// the None flags.
func (e *fnEmitter) sliceBounds(pos ir.Pos, args []ir.Node) ([]string, int) {
	none := 0
	vals := make([]string, 3)
	for i, x := range args[:3] {
		v, t := e.val(x)
		switch {
		case t.none:
			none |= 1 << i
			vals[i] = "0"
		case isIntLike(t):
			vals[i] = e.conv(pos, v, t, tInt)
		default:
			refuse(pos, "a slice bound of type %s", t)
		}
	}
	return vals, none
}

func (e *fnEmitter) indexLit(kind, none int, i, lo, hi, step string) string {
	x := "undef"
	for k, f := range []string{fmt.Sprintf("i32 %d", kind), fmt.Sprintf("i32 %d", none), "i64 " + i, "i64 " + lo, "i64 " + hi, "i64 " + step} {
		x = e.def("insertvalue %%myia_index %s, %s, %d", x, f, k)
	}
	return x
}

func lowerMakeSlice(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	if res.kind != kSlice {
		refuse(a.Pos(), "a slice of type %s", res)
	}
	vals, none := e.sliceBounds(a.Pos(), args)
	return e.indexLit(1, none, "0", vals[0], vals[1], vals[2])
}

func (e *fnEmitter) indexItems(pos ir.Pos, x string, t *ltype) []string {
	switch {
	case isIntLike(t):
		return []string{e.indexLit(0, 0, e.conv(pos, x, t, tInt), "0", "0", "0")}
	case t.kind == kSlice:
		return []string{x}
	case t.kind == kTuple:
		var items []string
		for i, el := range t.elems {
			if el.kind == kTuple {
				refuse(pos, "an index holding a tuple")
			}
			items = append(items, e.indexItems(pos, e.field(x, t, i), el)...)
		}
		return items
	}
	refuse(pos, "an array index of type %s", t)
	return nil
}

func (e *fnEmitter) indexArg(pos ir.Pos, n ir.Node) (string, string) {
	x, t := e.val(n)
	items := e.indexItems(pos, x, t)
	k := max(len(items), 1)
	s := e.slot(fmt.Sprintf("[%d x %%myia_index]", k))
	for i, it := range items {
		p := e.def("getelementptr [%d x %%myia_index], [%d x %%myia_index]* %s, i64 0, i64 %d", k, k, s, i)
		e.inst("store %%myia_index %s, %%myia_index* %s", it, p)
	}
	return fmt.Sprint(len(items)), e.def("getelementptr [%d x %%myia_index], [%d x %%myia_index]* %s, i64 0, i64 0", k, k, s)
}

func lowerArraySlice(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	x, _ := e.val(args[0])
	vals, none := e.sliceBounds(a.Pos(), args[1:4])
	return e.result(a.Pos(), res, "myia_slice", e.ctxArg(), "i8* "+x, "i64 "+vals[0], "i64 "+vals[1], "i64 "+vals[2], fmt.Sprintf("i32 %d", none), e.siteArg(a.Pos()))
}

func lowerTupleSetItem(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	x, t := e.val(args[0])
	switch t.kind {
	case kArray:
		n, ix := e.indexArg(a.Pos(), args[1])
		v := e.operand(args[2])
		return e.result(a.Pos(), res, "myia_setitem", e.ctxArg(), "i8* "+x, "i32 "+n, "%myia_index* "+ix, "i8* "+v, e.siteArg(a.Pos()))
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
					parts[k] = e.conv(a.Pos(), e.field(x, t, k), t.elems[k], res.elems[k])
				} else {
					parts[k] = e.conv(a.Pos(), e.field(v, tv, j), tv.elems[j], res.elems[k])
				}
			}
			return e.tupleLit(res, parts)
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
				parts[k] = e.conv(a.Pos(), e.field(x, t, k), el, res.elems[k])
			}
		}
		return e.tupleLit(res, parts)
	}
	if t.kind == kTuple && res.kind == kTuple && len(res.elems) == len(t.elems) {
		// An index known at run time only.
		i, ti := e.val(args[1])
		if isIntLike(ti) {
			n := int64(len(t.elems))
			k := e.conv(a.Pos(), i, ti, tInt)
			k = e.def("select i1 %s, i64 %s, i64 %s", e.def("icmp slt i64 %s, 0", k), e.def("add i64 %s, %d", k, n), k)
			bad := e.def("or i1 %s, %s", e.def("icmp slt i64 %s, 0", k), e.def("icmp sge i64 %s, %d", k, n))
			e.checkStr(bad, a.Pos(), "tuple index out of range")
			parts := make([]string, n)
			for j, el := range t.elems {
				old := e.conv(a.Pos(), e.field(x, t, j), el, res.elems[j])
				v := e.arg(args[2], res.elems[j])
				parts[j] = e.def("select i1 %s, %s %s, %s %s", e.def("icmp eq i64 %s, %d", k, j), res.elems[j].name, v, res.elems[j].name, old)
			}
			return e.tupleLit(res, parts)
		}
	}
	refuse(a.Pos(), "tuple_setitem of a %s", t)
	return ""
}

// lowerEye is np_eye(n, m, k); m None is n.
func lowerEye(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	pos := a.Pos()
	arg := func(n ir.Node) string {
		x, t := e.val(n)
		if !isIntLike(t) {
			refuse(pos, "np.eye of a %s", t)
		}
		return "i64 " + e.conv(pos, x, t, tInt)
	}
	n, m := arg(args[0]), ""
	if t := e.typeOf(args[1]); t.none {
		m = n
	} else {
		m = arg(args[1])
	}
	return e.result(pos, res, "myia_eye", e.ctxArg(), n, m, arg(args[2]), e.siteArg(pos))
}

func lowerFill(f string) lowering {
	return func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
		n, sh := e.intList(a.Pos(), args[0], false)
		return e.result(a.Pos(), res, f, e.ctxArg(), "i32 "+n, "i64* "+sh, e.siteArg(a.Pos()))
	}
}

func lowerFull(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	n, sh := e.intList(a.Pos(), args[0], false)
	v, t := e.val(args[1])
	s := e.siteArg(a.Pos())
	switch t.kind {
	case kFloat:
		return e.result(a.Pos(), res, "myia_full_f", e.ctxArg(), "i32 "+n, "i64* "+sh, "double "+v, s)
	case kInt:
		return e.result(a.Pos(), res, "myia_full_i", e.ctxArg(), "i32 "+n, "i64* "+sh, "i64 "+v, s)
	case kBool:
		return e.result(a.Pos(), res, "myia_full_b", e.ctxArg(), "i32 "+n, "i64* "+sh, "i32 "+e.def("zext i1 %s to i32", v), s)
	case kArray:
		return e.result(a.Pos(), res, "myia_full_a", e.ctxArg(), "i32 "+n, "i64* "+sh, "i8* "+v, s)
	}
	refuse(a.Pos(), "np.full with a %s", t)
	return ""
}

func lowerArange(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	if res.kind != kArray {
		refuse(a.Pos(), "np.arange giving a %s", res)
	}
	to, f, lt := tFloat, "myia_arange_f", "double "
	if res.dtype == 1 {
		to, f, lt = tInt, "myia_arange_i", "i64 "
	}
	ops := []string{e.ctxArg()}
	for _, x := range args[:3] {
		v, t := e.val(x)
		if !isNumber(t) {
			refuse(a.Pos(), "np.arange of a %s", t)
		}
		ops = append(ops, lt+e.conv(a.Pos(), v, t, to))
	}
	return e.result(a.Pos(), res, f, append(ops, e.siteArg(a.Pos()))...)
}

func lowerArrayFrom(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	x, t := e.val(args[0])
	pos := a.Pos()
	switch {
	case t.kind == kArray:
		return e.result(pos, res, "myia_copy", e.ctxArg(), "i8* "+x, e.siteArg(pos))
	case isNumber(t) && isNumber(res):
		return e.conv(pos, x, t, res)
	case t.kind == kTuple && res.kind == kArray:
	case t.kind == kList && t.elems[0].kind == kArray && res.kind == kArray:
		// A list of arrays whose length is known at run time only.
		n, sq := e.seqOperandsN(pos, args[0])
		return e.result(pos, res, "myia_stack", e.ctxArg(), "i32 "+n, "i8** "+sq, "i64 0", e.siteArg(pos))
	case t.kind == kList && res.kind == kArray && res.rank == 1:
		// A list of numbers built by a loop.
		r := e.fromList(pos, x, t, res)
		if r == "" {
			refuse(pos, "np.array of a %s", t)
		}
		e.failIf(e.def("icmp eq i8* %s, null", r))
		return e.take(pos, res, r)
	default:
		refuse(pos, "np.array of a %s", t)
	}
	allArrays := len(t.elems) > 0
	for _, el := range t.elems {
		allArrays = allArrays && el.kind == kArray
	}
	if allArrays {
		n, sq := e.seqOperands(pos, args[0])
		return e.result(pos, res, "myia_stack", e.ctxArg(), fmt.Sprintf("i32 %d", n), "i8** "+sq, "i64 0", e.siteArg(pos))
	}
	if holdsArray(t) {
		// Arrays among sequences ((np.arange(2), [5, 6])): each element
		// made an array, then stacked.
		var owned []string
		n, sq := e.arrayItems(pos, x, t, res, &owned)
		r := e.rcall("myia_stack", e.ctxArg(), fmt.Sprintf("i32 %d", n), "i8** "+sq, "i64 0", e.siteArg(pos))
		e.releaseArrays(owned)
		e.failIf(e.def("icmp eq i8* %s, null", r))
		return e.take(pos, res, r)
	}
	if len(nestShape(t)) != res.rank {
		refuse(pos, "np.array of a %s giving %s", t, res)
	}
	r := e.fromNumbers(pos, x, t, res)
	e.failIf(e.def("icmp eq i8* %s, null", r))
	return e.take(pos, res, r)
}

// holdsArray reports whether t, a tuple, holds an array at some depth.
func holdsArray(t *ltype) bool {
	for _, el := range t.elems {
		if el.kind == kArray || el.kind == kList && el.elems[0].kind == kArray || el.kind == kTuple && holdsArray(el) {
			return true
		}
	}
	return false
}

// releaseArrays releases the arrays owned.
func (e *fnEmitter) releaseArrays(owned []string) {
	for _, o := range owned {
		e.refOp(&ltype{kind: kArray}, o, "release")
	}
}

// arrayItems stores in a stack slot the elements of x, a tuple of type
// t that holds arrays, each as an array of res's dtype (its arrays as
// they are): their number and an i8** to them. The arrays it makes are
// appended to owned, for the caller to release; it releases them itself
// if it fails.
func (e *fnEmitter) arrayItems(pos ir.Pos, x string, t, res *ltype, owned *[]string) (int, string) {
	items := make([]string, len(t.elems))
	for i, el := range t.elems {
		f := e.field(x, t, i)
		var r string
		switch {
		case el.kind == kArray:
			items[i] = f
			continue
		case el.kind == kList && el.elems[0].kind == kArray:
			d := e.def("load i8*, i8** %s", e.def("bitcast i64* %s to i8**", e.listField(f, listOffData)))
			n := e.def("trunc i64 %s to i32", e.listLen(f))
			r = e.rcall("myia_stack", e.ctxArg(), "i32 "+n, "i8** "+e.def("bitcast i8* %s to i8**", d), "i64 0", e.siteArg(pos))
		case el.kind == kTuple && holdsArray(el):
			n, sq := e.arrayItems(pos, f, el, res, owned)
			r = e.rcall("myia_stack", e.ctxArg(), fmt.Sprintf("i32 %d", n), "i8** "+sq, "i64 0", e.siteArg(pos))
		case el.kind == kTuple:
			r = e.fromNumbers(pos, f, el, res)
		default:
			refuse(pos, "np.array of a sequence holding an array and a %s", el)
		}
		bad, ok := e.newLabel(), e.newLabel()
		e.term("br i1 %s, label %%%s, label %%%s, !prof !0", e.def("icmp eq i8* %s, null", r), bad, ok)
		e.label(bad)
		e.releaseArrays(*owned)
		e.term("br label %%fail")
		e.label(ok)
		*owned = append(*owned, r)
		items[i] = r
	}
	k := max(len(items), 1)
	s := e.slot(fmt.Sprintf("[%d x i8*]", k))
	for i, v := range items {
		p := e.def("getelementptr [%d x i8*], [%d x i8*]* %s, i64 0, i64 %d", k, k, s, i)
		e.inst("store i8* %s, i8** %s", v, p)
	}
	return len(items), e.def("getelementptr [%d x i8*], [%d x i8*]* %s, i64 0, i64 0", k, k, s)
}

// nestShape is the shape of the array numpy makes of nested tuples t,
// read from the first element at each depth (the caller checks that
// the nesting is regular).
func nestShape(t *ltype) []int {
	var shape []int
	for u := t; u.kind == kTuple; u = u.elems[0] {
		shape = append(shape, len(u.elems))
		if len(u.elems) == 0 {
			break
		}
	}
	return shape
}

// fromNumbers calls the runtime to make an array of res's dtype of x,
// nested tuples of numbers of type t: the i8* it returns, null if it
// fails.
func (e *fnEmitter) fromNumbers(pos ir.Pos, x string, t, res *ltype) string {
	// The shape from the nesting, which must be regular.
	shape := nestShape(t)
	to := tInt
	if res.dtype == 2 {
		to = tFloat
	}
	var leaves []string
	var walk func(x string, u *ltype, depth int)
	walk = func(x string, u *ltype, depth int) {
		if depth == len(shape) {
			if !isNumber(u) {
				refuse(pos, "np.array of a %s", t)
			}
			leaves = append(leaves, e.conv(pos, x, u, to))
			return
		}
		if u.kind != kTuple || len(u.elems) != shape[depth] {
			refuse(pos, "np.array of a ragged %s", t)
		}
		for i, el := range u.elems {
			walk(e.field(x, u, i), el, depth+1)
		}
	}
	walk(x, t, 0)
	dims := make([]string, len(shape))
	for i, d := range shape {
		dims[i] = fmt.Sprint(d)
	}
	sh := e.i64Array(dims)
	k := max(len(leaves), 1)
	if to == tFloat {
		s := e.slot(fmt.Sprintf("[%d x double]", k))
		for i, v := range leaves {
			p := e.def("getelementptr [%d x double], [%d x double]* %s, i64 0, i64 %d", k, k, s, i)
			e.inst("store double %s, double* %s", v, p)
		}
		d := e.def("getelementptr [%d x double], [%d x double]* %s, i64 0, i64 0", k, k, s)
		return e.rcall("myia_from_f", e.ctxArg(), fmt.Sprintf("i32 %d", len(dims)), "i64* "+sh, "double* "+d, e.siteArg(pos))
	}
	d := e.i64Array(leaves)
	f := "myia_from_i"
	if res.dtype == 0 {
		f = "myia_from_b"
	}
	return e.rcall(f, e.ctxArg(), fmt.Sprintf("i32 %d", len(dims)), "i64* "+sh, "i64* "+d, e.siteArg(pos))
}

// fromList is a new 1-d array (an i8*, null on failure) of res's dtype
// made of x, a list of floats or ints of ltype t (built by a loop), or
// "" for another list.
func (e *fnEmitter) fromList(pos ir.Pos, x string, t, res *ltype) string {
	el := t.elems[0]
	f := map[int]string{1: "myia_from_i", 2: "myia_from_f"}[res.dtype]
	if el.kind == kFloat && res.dtype != 2 || el.kind == kInt && res.dtype != 1 || el.kind != kFloat && el.kind != kInt {
		return ""
	}
	sh := e.i64Array([]string{e.listLen(x)})
	d := e.def("load i8*, i8** %s", e.def("bitcast i64* %s to i8**", e.listField(x, listOffData)))
	d = e.def("bitcast i8* %s to %s*", d, el.name)
	return e.rcall(f, e.ctxArg(), "i32 1", "i64* "+sh, el.name+"* "+d, e.siteArg(pos))
}

// reduceTuple is a reduction of a tuple (or list) of numbers over all
// its elements.
func (e *fnEmitter) reduceTuple(a *ir.Apply, op int, res *ltype, args []ir.Node) string {
	pos := a.Pos()
	e.ts.Arrays = true // numbers through the array runtime: it links it
	x, t := e.val(args[0])
	ta := e.typeOf(args[1])
	if plan.SeqOfArrays(t) {
		// numpy reduces the array it stacks of them (np.mean(xs,
		// axis=0) of a list of arrays built by a loop).
		n, sq := e.seqOperandsN(pos, args[0])
		v := e.rcall("myia_stack", e.ctxArg(), "i32 "+n, "i8** "+sq, "i64 0", e.siteArg(pos))
		e.failIf(e.def("icmp eq i8* %s, null", v))
		nn, axes := e.intList(pos, args[1], true)
		keep, tk := e.val(args[2])
		k := e.def("zext i1 %s to i32", e.truthOf(pos, keep, tk))
		r := e.rcall("myia_reduce", e.ctxArg(), fmt.Sprintf("i32 %d", op), "i8* "+v, "i32 "+nn, "i64* "+axes, "i32 "+k, e.siteArg(pos))
		e.refOp(&ltype{kind: kArray}, v, "release")
		e.failIf(e.def("icmp eq i8* %s, null", r))
		return e.take(pos, res, r)
	}
	if !ta.none || !isNumber(res) {
		refuse(pos, "a reduction of a %s along an axis", t)
	}
	if t.kind == kList {
		// A list of numbers built by a loop.
		dt := map[kind]int{kInt: 1, kFloat: 2}[t.elems[0].kind]
		v := e.fromList(pos, x, t, &ltype{kind: kArray, dtype: dt, rank: 1})
		if v == "" {
			refuse(pos, "a reduction of a %s", t)
		}
		return e.reduceArray(pos, op, res, v)
	}
	dt := 0
	for _, el := range t.elems {
		if !isNumber(el) {
			refuse(pos, "a reduction of a %s", t)
		}
		if el.kind == kInt && dt < 1 {
			dt = 1
		}
		if el.kind == kFloat {
			dt = 2
		}
	}
	if len(t.elems) == 0 {
		dt = 2
	}
	to := tInt
	if dt == 2 {
		to = tFloat
	}
	var leaves []string
	for i, el := range t.elems {
		leaves = append(leaves, e.conv(pos, e.field(x, t, i), el, to))
	}
	sh := e.i64Array([]string{fmt.Sprint(len(t.elems))})
	var v string
	if dt == 2 {
		k := max(len(leaves), 1)
		s := e.slot(fmt.Sprintf("[%d x double]", k))
		for i, l := range leaves {
			p := e.def("getelementptr [%d x double], [%d x double]* %s, i64 0, i64 %d", k, k, s, i)
			e.inst("store double %s, double* %s", l, p)
		}
		d := e.def("getelementptr [%d x double], [%d x double]* %s, i64 0, i64 0", k, k, s)
		v = e.rcall("myia_from_f", e.ctxArg(), "i32 1", "i64* "+sh, "double* "+d, e.siteArg(pos))
	} else {
		f := map[int]string{0: "myia_from_b", 1: "myia_from_i"}[dt]
		v = e.rcall(f, e.ctxArg(), "i32 1", "i64* "+sh, "i64* "+e.i64Array(leaves), e.siteArg(pos))
	}
	return e.reduceArray(pos, op, res, v)
}

// reduceArray is the reduction op, a number, over all the elements of
// v, a temporary 1-d array (null if making it failed), which it
// releases.
func (e *fnEmitter) reduceArray(pos ir.Pos, op int, res *ltype, v string) string {
	e.failIf(e.def("icmp eq i8* %s, null", v))
	r := e.rcall("myia_reduce", e.ctxArg(), fmt.Sprintf("i32 %d", op), "i8* "+v, "i32 -1", "i64* null", "i32 0", e.siteArg(pos))
	e.refOp(&ltype{kind: kArray}, v, "release")
	e.failIf(e.def("icmp eq i8* %s, null", r))
	return e.take(pos, res, r)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// fusedTranspose reports whether a is np_transpose(x, None) of an array
// used only as an operand of np_dot in its own graph: the products read
// x with a transpose flag (myia_dot_t, as the VM's dotT) and a is not
// computed (its slot holds null).
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

func lowerDot(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	var ops [2]string
	var flags [2]int
	for i, x := range args[:2] {
		if t, ok := x.(*ir.Apply); ok && fusedTranspose(e.M, t) {
			ops[i], flags[i] = e.operand(t.Inputs[1]), 1
			continue
		}
		ops[i] = e.operand(x)
	}
	return e.result(a.Pos(), res, "myia_dot_t", e.ctxArg(), "i8* "+ops[0], "i8* "+ops[1], fmt.Sprintf("i32 %d", flags[0]), fmt.Sprintf("i32 %d", flags[1]), e.siteArg(a.Pos()))
}
