package llvm

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/myia/myia/backend/llvm/plan"
	"github.com/myia/myia/ir"
)

// lowering writes the LLVM code of one primitive application and returns
// its operand, of ltype res. The table is indexed by primitive (rules as
// data), as backend/cgo's; TestLoweringsCovered lists the primitives left
// out.
type lowering func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string

var lowerings map[ir.Prim]lowering

func init() {
	lowerings = map[ir.Prim]lowering{
		ir.Add: arith(ir.Add), ir.Sub: arith(ir.Sub), ir.Mul: arith(ir.Mul),
		ir.TrueDiv: arith(ir.TrueDiv), ir.FloorDiv: arith(ir.FloorDiv),
		ir.Mod: arith(ir.Mod), ir.Pow: arith(ir.Pow),
		ir.Neg: unary(ir.Neg), ir.UPos: unary(ir.UPos), ir.Abs: unary(ir.Abs),
		ir.Eq: cmpOp(ir.Eq), ir.Ne: cmpOp(ir.Ne), ir.Lt: cmpOp(ir.Lt),
		ir.Le: cmpOp(ir.Le), ir.Gt: cmpOp(ir.Gt), ir.Ge: cmpOp(ir.Ge),
		ir.Not: lowerNot, ir.Truth: lowerTruth, ir.IsNone: lowerIsNone, ir.NotNone: lowerNotNone,
		ir.ToInt: lowerToInt, ir.ToFloat: lowerToFloat,
		ir.ScalarMin: minMax(ir.Lt), ir.ScalarMax: minMax(ir.Gt),
		ir.Exp: mathFn("exp"), ir.Log: mathFn("log"), ir.Sqrt: mathFn("sqrt"),
		ir.Sin: mathFn("sin"), ir.Cos: mathFn("cos"), ir.Tan: mathFn("tan"), ir.Tanh: mathFn("tanh"),
		ir.Print: lowerPrint, ir.Assert: lowerAssert, ir.Check: lowerCheck,
		ir.MakeTuple: lowerMakeTuple, ir.GetItem: lowerGetItem, ir.Len: lowerLen,
		ir.Contains: lowerContains, ir.Slice: lowerSlice, ir.Switch: lowerSwitch,
		ir.StopGradient: lowerIdentity,
	}
	lowerings[ir.Unpack] = lowerUnpack
}

func isIntLike(t *ltype) bool { return t.kind == kInt || t.kind == kBool }
func isNumber(t *ltype) bool  { return t.kind == kInt || t.kind == kBool || t.kind == kFloat }

func arith(p ir.Prim) lowering {
	return func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
		pos := a.Pos()
		x, tx := e.val(args[0])
		y, ty := e.val(args[1])
		if p == ir.Add && res.kind == kTuple && tx.kind == kTuple && ty.kind == kTuple {
			var parts []string
			for i, el := range tx.elems {
				parts = append(parts, e.conv(pos, e.field(x, tx, i), el, res.elems[len(parts)]))
			}
			for i, el := range ty.elems {
				parts = append(parts, e.conv(pos, e.field(y, ty, i), el, res.elems[len(parts)]))
			}
			return e.tupleLit(res, parts)
		}
		if p == ir.Mul && res.kind == kTuple {
			// t * n or n * t of a tuple (or a list of known length):
			// its elements again, as many times as the type says.
			if tx.kind != kTuple {
				x, tx = y, ty
			}
			var parts []string
			for len(parts) < len(res.elems) {
				for i, el := range tx.elems {
					parts = append(parts, e.conv(pos, e.field(x, tx, i), el, res.elems[len(parts)]))
				}
			}
			return e.tupleLit(res, parts)
		}
		if !isNumber(tx) || !isNumber(ty) {
			refuse(pos, "%s of a %s and a %s", p, tx, ty)
		}
		switch res.kind {
		case kInt:
			xi, yi := e.conv(pos, x, tx, tInt), e.conv(pos, y, ty, tInt)
			switch p {
			case ir.Add, ir.Sub, ir.Mul:
				op := map[ir.Prim]string{ir.Add: "sadd", ir.Sub: "ssub", ir.Mul: "smul"}[p]
				r := e.def("call {i64, i1} @llvm.%s.with.overflow.i64(i64 %s, i64 %s)", op, xi, yi)
				e.checkStr(e.def("extractvalue {i64, i1} %s, 1", r), pos, "integer overflow")
				return e.def("extractvalue {i64, i1} %s, 0", r)
			case ir.FloorDiv:
				e.checkStr(e.def("icmp eq i64 %s, 0", yi), pos, "integer division or modulo by zero")
				c1 := e.def("icmp eq i64 %s, -9223372036854775808", xi)
				c2 := e.def("icmp eq i64 %s, -1", yi)
				e.checkStr(e.def("and i1 %s, %s", c1, c2), pos, "integer overflow")
				return e.def("call i64 @myia_floordiv_i(i64 %s, i64 %s)", xi, yi)
			case ir.Mod:
				e.checkStr(e.def("icmp eq i64 %s, 0", yi), pos, "integer division or modulo by zero")
				return e.def("call i64 @myia_mod_i(i64 %s, i64 %s)", xi, yi)
			case ir.Pow:
				e.checkStr(e.def("icmp slt i64 %s, 0", yi), pos, "negative exponent: int ** int needs a non-negative exponent (use a float)")
				slot := e.slot("i64")
				r := e.def("call i32 @myia_pow_i(i64 %s, i64 %s, i64* %s)", xi, yi, slot)
				e.checkStr(e.def("icmp ne i32 %s, 0", r), pos, "integer overflow")
				return e.def("load i64, i64* %s", slot)
			}
			refuse(pos, "%s with an int result", p)
		case kFloat:
			if p == ir.TrueDiv && isIntLike(tx) && isIntLike(ty) {
				xi, yi := e.conv(pos, x, tx, tInt), e.conv(pos, y, ty, tInt)
				e.checkStr(e.def("icmp eq i64 %s, 0", yi), pos, "division by zero")
				return e.def("call double @myia_truediv_i(i64 %s, i64 %s)", xi, yi)
			}
			xf, yf := e.conv(pos, x, tx, tFloat), e.conv(pos, y, ty, tFloat)
			zero := func(msg string) { e.checkStr(e.def("fcmp oeq double %s, 0.0", yf), pos, msg) }
			switch p {
			case ir.Add:
				return e.def("fadd double %s, %s", xf, yf)
			case ir.Sub:
				return e.def("fsub double %s, %s", xf, yf)
			case ir.Mul:
				return e.def("fmul double %s, %s", xf, yf)
			case ir.TrueDiv:
				zero("float division by zero")
				return e.def("fdiv double %s, %s", xf, yf)
			case ir.FloorDiv:
				zero("float floor division by zero")
				return e.def("call double @myia_floordiv_f(double %s, double %s)", xf, yf)
			case ir.Mod:
				zero("float modulo by zero")
				return e.def("call double @myia_mod_f(double %s, double %s)", xf, yf)
			case ir.Pow:
				slot := e.slot("double")
				m := e.def("call i8* @myia_pow_f(double %s, double %s, double* %s)", xf, yf, slot)
				e.checkMsg(m, pos)
				return e.def("load double, double* %s", slot)
			}
		}
		refuse(pos, "%s with a %s result", p, res)
		return ""
	}
}

func unary(p ir.Prim) lowering {
	return func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
		pos := a.Pos()
		x, tx := e.val(args[0])
		switch {
		case res.kind == kInt && isIntLike(tx):
			xi := e.conv(pos, x, tx, tInt)
			switch p {
			case ir.UPos:
				return xi
			case ir.Neg:
				e.checkStr(e.def("icmp eq i64 %s, -9223372036854775808", xi), pos, "integer overflow")
				return e.def("sub i64 0, %s", xi)
			case ir.Abs:
				e.checkStr(e.def("icmp eq i64 %s, -9223372036854775808", xi), pos, "integer overflow")
				neg := e.def("icmp slt i64 %s, 0", xi)
				m := e.def("sub i64 0, %s", xi)
				return e.def("select i1 %s, i64 %s, i64 %s", neg, m, xi)
			}
		case res.kind == kFloat && tx.kind == kFloat:
			switch p {
			case ir.UPos:
				return x
			case ir.Neg:
				return e.def("fneg double %s", x)
			case ir.Abs:
				return e.def("call double @llvm.fabs.f64(double %s)", x)
			}
		}
		refuse(pos, "%s of a %s", p, tx)
		return ""
	}
}

var icmps = map[ir.Prim]string{ir.Eq: "eq", ir.Ne: "ne", ir.Lt: "slt", ir.Le: "sle", ir.Gt: "sgt", ir.Ge: "sge"}
var fcmps = map[ir.Prim]string{ir.Eq: "oeq", ir.Ne: "une", ir.Lt: "olt", ir.Le: "ole", ir.Gt: "ogt", ir.Ge: "oge"}

func b2s(b bool) string { return strconv.FormatBool(b) }

// compare is the i1 operand of x OP y with Python's semantics: ints and
// floats compared exactly, NaN unordered, tuples element by element,
// values of different kinds unequal.
func (e *fnEmitter) compare(pos ir.Pos, p ir.Prim, x string, tx *ltype, y string, ty *ltype) string {
	order := p != ir.Eq && p != ir.Ne
	if tx.kind == kArray || ty.kind == kArray || tx.kind == kSlice || ty.kind == kSlice || tx.kind == kClosure || ty.kind == kClosure || tx.kind == kList || ty.kind == kList {
		refuse(pos, "%s of a %s and a %s inside a tuple or a test", p, tx, ty)
	}
	if tx.kind == kOptional || ty.kind == kOptional {
		return e.compareOptional(pos, p, x, tx, y, ty)
	}
	switch {
	case isNumber(tx) && isNumber(ty):
		switch {
		case tx.kind != kFloat && ty.kind != kFloat:
			return e.def("icmp %s i64 %s, %s", icmps[p], e.conv(pos, x, tx, tInt), e.conv(pos, y, ty, tInt))
		case tx.kind == kFloat && ty.kind == kFloat:
			return e.def("fcmp %s double %s, %s", fcmps[p], x, y)
		case p == ir.Ne:
			return e.def("xor i1 %s, true", e.compare(pos, ir.Eq, x, tx, y, ty))
		case tx.kind == kFloat:
			// -cmp(y, x) op 0
			notNaN := e.def("fcmp ord double %s, 0.0", x)
			c := e.def("call i32 @myia_cmp_if(i64 %s, double %s)", e.conv(pos, y, ty, tInt), x)
			nc := e.def("sub i32 0, %s", c)
			r := e.def("icmp %s i32 %s, 0", icmps[p], nc)
			return e.def("and i1 %s, %s", notNaN, r)
		default:
			notNaN := e.def("fcmp ord double %s, 0.0", y)
			c := e.def("call i32 @myia_cmp_if(i64 %s, double %s)", e.conv(pos, x, tx, tInt), y)
			r := e.def("icmp %s i32 %s, 0", icmps[p], c)
			return e.def("and i1 %s, %s", notNaN, r)
		}
	case tx.kind == kTuple && ty.kind == kTuple && tx.list != ty.list:
		if order {
			refuse(pos, "%s of a %s and a %s", p, tx, ty)
		}
		return b2s(p == ir.Ne)
	case tx.kind == kTuple && ty.kind == kTuple:
		if !order {
			if len(tx.elems) != len(ty.elems) {
				return b2s(p == ir.Ne)
			}
			eq := "true"
			for i := range tx.elems {
				c := e.compare(pos, ir.Eq, e.field(x, tx, i), tx.elems[i], e.field(y, ty, i), ty.elems[i])
				eq = e.def("and i1 %s, %s", eq, c)
			}
			if p == ir.Ne {
				return e.def("xor i1 %s, true", eq)
			}
			return eq
		}
		// Lexicographic: the first elements that differ decide, else the lengths.
		expr := b2s(map[ir.Prim]bool{ir.Lt: len(tx.elems) < len(ty.elems), ir.Le: len(tx.elems) <= len(ty.elems),
			ir.Gt: len(tx.elems) > len(ty.elems), ir.Ge: len(tx.elems) >= len(ty.elems)}[p])
		for i := min(len(tx.elems), len(ty.elems)) - 1; i >= 0; i-- {
			xi, yi := e.field(x, tx, i), e.field(y, ty, i)
			eq := e.compare(pos, ir.Eq, xi, tx.elems[i], yi, ty.elems[i])
			c := e.compare(pos, p, xi, tx.elems[i], yi, ty.elems[i])
			expr = e.def("select i1 %s, i1 %s, i1 %s", eq, expr, c)
		}
		return expr
	case tx.kind == kUnit && ty.kind == kUnit && tx.none && ty.none && !order:
		return b2s(p == ir.Eq)
	case tx.kind == kRange && ty.kind == kRange && !order:
		eq := e.def("icmp ne i32 %s, 0", e.rcall("myia_range_eq", e.rangeArgs(x)+", "+e.rangeArgs(y)))
		if p == ir.Ne {
			return e.def("xor i1 %s, true", eq)
		}
		return eq
	case (tx.kind == kStr || tx.str != nil) && (ty.kind == kStr || ty.str != nil) && (tx.kind == kStr || ty.kind == kStr):
		xs, ys := x, y
		if tx.str != nil {
			xs = e.cstring(*tx.str)
		}
		if ty.str != nil {
			ys = e.cstring(*ty.str)
		}
		c := e.rcall("strcmp", "i8* "+xs, "i8* "+ys)
		return e.def("icmp %s i32 %s, 0", icmps[p], c)
	case tx.str != nil && ty.str != nil:
		c := strings.Compare(*tx.str, *ty.str)
		r := map[ir.Prim]bool{ir.Eq: c == 0, ir.Ne: c != 0, ir.Lt: c < 0, ir.Le: c <= 0, ir.Gt: c > 0, ir.Ge: c >= 0}[p]
		return b2s(r)
	case !order && (tx.kind != ty.kind || tx.none != ty.none || (tx.str == nil) != (ty.str == nil)) && !(tx.kind == kUnit && !tx.none && tx.str == nil) && !(ty.kind == kUnit && !ty.none && ty.str == nil):
		return b2s(p == ir.Ne) // different kinds: never equal
	}
	refuse(pos, "%s of a %s and a %s", p, tx, ty)
	return ""
}

// toRes converts an i1 to res (a bool, or an int for comparisons typed so).
func (e *fnEmitter) toRes(pos ir.Pos, x string, res *ltype) string {
	return e.conv(pos, x, tBool, res)
}

func cmpOp(p ir.Prim) lowering {
	return func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
		x, tx := e.val(args[0])
		y, ty := e.val(args[1])
		return e.toRes(a.Pos(), e.compare(a.Pos(), p, x, tx, y, ty), res)
	}
}

func lowerNot(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	x, tx := e.val(args[0])
	return e.toRes(a.Pos(), e.def("xor i1 %s, true", e.truthOf(a.Pos(), x, tx)), res)
}

func lowerTruth(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	x, tx := e.val(args[0])
	return e.toRes(a.Pos(), e.truthOf(a.Pos(), x, tx), res)
}

func lowerIsNone(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	x, tx := e.val(args[0])
	if tx.kind == kOptional {
		return e.toRes(a.Pos(), e.def("xor i1 %s, true", e.field(x, tx, 1)), res)
	}
	return e.toRes(a.Pos(), b2s(tx.none), res)
}

func lowerToInt(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	x, tx := e.val(args[0])
	switch {
	case isIntLike(tx):
		return e.conv(a.Pos(), e.conv(a.Pos(), x, tx, tInt), tInt, res)
	case tx.kind == kFloat:
		slot := e.slot("i64")
		m := e.def("call i8* @myia_to_int(double %s, i64* %s)", x, slot)
		e.checkMsg(m, a.Pos())
		return e.conv(a.Pos(), e.def("load i64, i64* %s", slot), tInt, res)
	}
	refuse(a.Pos(), "int() of a %s", tx)
	return ""
}

func lowerToFloat(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	x, tx := e.val(args[0])
	if !isNumber(tx) {
		refuse(a.Pos(), "float() of a %s", tx)
	}
	return e.conv(a.Pos(), e.conv(a.Pos(), x, tx, tFloat), tFloat, res)
}

func minMax(p ir.Prim) lowering {
	return func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
		x, tx := e.val(args[0])
		y, ty := e.val(args[1])
		better := e.compare(a.Pos(), p, y, ty, x, tx)
		yr, xr := e.conv(a.Pos(), y, ty, res), e.conv(a.Pos(), x, tx, res)
		return e.def("select i1 %s, %s %s, %s %s", better, res.name, yr, res.name, xr)
	}
}

func mathFn(name string) lowering {
	return func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
		x, tx := e.val(args[0])
		if !isNumber(tx) || res.kind != kFloat {
			refuse(a.Pos(), "math.%s of a %s", name, tx)
		}
		v := e.conv(a.Pos(), x, tx, tFloat)
		r := e.def("call double @%s(double %s)", name, v)
		// myia_math's checks, inline: a NaN from a number, an infinity
		// from a finite number.
		rnan := e.def("fcmp uno double %s, 0.0", r)
		vnum := e.def("fcmp ord double %s, 0.0", v)
		rinf := e.def("fcmp oeq double %s, 0x7FF0000000000000", e.def("call double @llvm.fabs.f64(double %s)", r))
		vfin := e.def("fcmp one double %s, 0x7FF0000000000000", e.def("call double @llvm.fabs.f64(double %s)", v))
		bad := e.def("or i1 %s, %s", e.def("and i1 %s, %s", rnan, vnum), e.def("and i1 %s, %s", rinf, vfin))
		slow, ok := e.newLabel(), e.newLabel()
		e.term("br i1 %s, label %%%s, label %%%s, !prof !0", bad, slow, ok)
		e.label(slow)
		e.fail(a.Pos(), e.def("call i8* @myia_math(double %s, double %s)", v, r))
		e.label(ok)
		return r
	}
}

// npMathFn lowers one of numpy's math functions of a number: the C
// library's, whose infinity or NaN is the result (where mathFn fails).
func npMathFn(name string) lowering {
	return func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
		x, tx := e.val(args[0])
		if !isNumber(tx) || res.kind != kFloat {
			refuse(a.Pos(), "np.%s of a %s", name, tx)
		}
		return e.def("call double @%s(double %s)", name, e.conv(a.Pos(), x, tx, tFloat))
	}
}

func lowerPrint(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	for i, x := range args {
		if i > 0 {
			e.inst("call void @myia_write(%%myia_ctx* %%ctx, i8* %s, i64 1)", e.cstring(" "))
		}
		v, t := e.val(x)
		e.printValue(x.Pos(), v, t, false)
	}
	e.inst("call void @myia_endline(%%myia_ctx* %%ctx)")
	return "0"
}

// printValue writes Python's str of x (repr when repr is set, for the
// elements of a tuple).
func (e *fnEmitter) printValue(pos ir.Pos, x string, t *ltype, repr bool) {
	switch t.kind {
	case kInt:
		e.inst("call void @myia_print_int(%%myia_ctx* %%ctx, i64 %s)", x)
		return
	case kFloat:
		e.inst("call void @myia_print_float(%%myia_ctx* %%ctx, double %s)", x)
		return
	case kBool:
		e.inst("call void @myia_print_bool(%%myia_ctx* %%ctx, i32 %s)", e.def("zext i1 %s to i32", x))
		return
	case kTuple:
		e.inst("call void %s(%%myia_ctx* %%ctx, %s %s)", e.tuplePrinter(pos, t), t.name, x)
		return
	case kArray:
		e.rcall("myia_print_array", e.ctxArg(), "i8* "+x, fmt.Sprintf("i32 %d", b2i(repr)))
		return
	case kList:
		e.inst("call void %s(%%myia_ctx* %%ctx, i8* %s)", e.listPrinter(pos, t), x)
		return
	case kStr:
		if repr {
			e.rcall("myia_print_strrepr", e.ctxArg(), "i8* "+x)
		} else {
			e.inst("call void @myia_puts(%%myia_ctx* %%ctx, i8* %s)", x)
		}
		return
	case kRange:
		e.rcall("myia_print_range", e.ctxArg()+", "+e.rangeArgs(x))
		return
	case kOptional:
		some, none, join := e.newLabel(), e.newLabel(), e.newLabel()
		e.term("br i1 %s, label %%%s, label %%%s", e.field(x, t, 1), some, none)
		e.label(some)
		e.printValue(pos, e.field(x, t, 0), t.elems[0], repr)
		e.term("br label %%%s", join)
		e.label(none)
		e.inst("call void @myia_puts(%%myia_ctx* %%ctx, i8* %s)", e.cstring("None"))
		e.term("br label %%%s", join)
		e.label(join)
		return
	case kSlice, kClosure:
		refuse(pos, "printing a %s", t)
	}
	switch {
	case t.key == plan.NeverKey:
		// A value that never exists: this print is never reached.
	case t.none:
		e.inst("call void @myia_puts(%%myia_ctx* %%ctx, i8* %s)", e.cstring("None"))
	case t.str != nil && repr:
		e.inst("call void @myia_puts(%%myia_ctx* %%ctx, i8* %s)", e.cstring(pyQuote(*t.str)))
	case t.str != nil:
		e.inst("call void @myia_write(%%myia_ctx* %%ctx, i8* %s, i64 %d)", e.cstring(*t.str), len(*t.str))
	default:
		refuse(pos, "printing a function")
	}
}

// tuplePrinter is the name of the function that prints tuples of ltype t.
func (e *fnEmitter) tuplePrinter(pos ir.Pos, t *ltype) string {
	name := "@print_" + strings.TrimPrefix(t.name, "%")
	if e.printers[name] {
		return name
	}
	e.printers[name] = true
	var b strings.Builder
	p := &fnEmitter{gen: e.gen, b: &b, cur: e.cur, open: true}
	fmt.Fprintf(&b, "\ndefine internal void %s(%%myia_ctx* %%ctx, %s %%v) {\nentry:\n", name, t.name)
	open, close := "(", ")"
	if t.list {
		open, close = "[", "]"
	}
	p.inst("call void @myia_puts(%%myia_ctx* %%ctx, i8* %s)", p.cstring(open))
	for i, el := range t.elems {
		if i > 0 {
			p.inst("call void @myia_puts(%%myia_ctx* %%ctx, i8* %s)", p.cstring(", "))
		}
		p.printValue(pos, p.field("%v", t, i), el, true)
	}
	if len(t.elems) == 1 && !t.list {
		p.inst("call void @myia_puts(%%myia_ctx* %%ctx, i8* %s)", p.cstring(","))
	}
	p.inst("call void @myia_puts(%%myia_ctx* %%ctx, i8* %s)", p.cstring(close))
	p.term("ret void")
	b.WriteString("}\n")
	e.printDefs.WriteString(b.String())
	return name
}

// pyQuote is Python's repr of a str.
func pyQuote(s string) string {
	q := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		q = '"'
	}
	var b strings.Builder
	b.WriteByte(q)
	for _, r := range s {
		switch {
		case r == rune(q) || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte(q)
	return b.String()
}

func lowerAssert(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	e.guard(a, args, "assertion failed", ": ")
	return "0"
}

func lowerCheck(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	e.guard(a, args, "", "")
	return e.arg(args[2], res)
}

// guard fails with the message prefix+sep+args[1] (or prefix, if
// args[1] is None) if args[0] is false.
func (e *fnEmitter) guard(a *ir.Apply, args []ir.Node, prefix, sep string) {
	c, tc := e.val(args[0])
	_, tm := e.val(args[1])
	msg := prefix
	switch {
	case tm.none:
	case tm.str != nil:
		msg += sep + *tm.str
	default:
		refuse(a.Pos(), "an assert message that is not a string known at compile time")
	}
	e.checkStr(e.def("xor i1 %s, true", e.truthOf(a.Pos(), c, tc)), a.Pos(), msg)
}

func lowerMakeTuple(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	if res.kind != kTuple || len(res.elems) != len(args) {
		refuse(a.Pos(), "a tuple of type %s", res)
	}
	parts := make([]string, len(args))
	for i, x := range args {
		parts[i] = e.arg(x, res.elems[i])
	}
	return e.tupleLit(res, parts)
}

func lowerGetItem(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	pos := a.Pos()
	x, tx := e.val(args[0])
	if tx.kind != kTuple {
		refuse(pos, "indexing a %s", tx)
	}
	n := len(tx.elems)
	if i, ok := plan.ConstInt(args[1]); ok {
		if i < 0 {
			i += int64(n)
		}
		if i < 0 || i >= int64(n) {
			e.failStr(pos, plan.IndexError(args[0]))
			return "zeroinitializer"
		}
		return e.conv(pos, e.field(x, tx, int(i)), tx.elems[i], res)
	}
	iv, ti := e.val(args[1])
	if !isIntLike(ti) {
		refuse(pos, "a tuple index of type %s", ti)
	}
	i := e.conv(pos, iv, ti, tInt)
	neg := e.def("icmp slt i64 %s, 0", i)
	j := e.def("select i1 %s, i64 %s, i64 %s", neg, e.def("add i64 %s, %d", i, n), i)
	slot := e.slot(res.name)
	def, join := e.newLabel(), e.newLabel()
	cases := make([]string, n)
	labels := make([]string, n)
	for k := range tx.elems {
		labels[k] = e.newLabel()
		cases[k] = fmt.Sprintf("i64 %d, label %%%s", k, labels[k])
	}
	e.term("switch i64 %s, label %%%s [ %s ]", j, def, strings.Join(cases, " "))
	for k, el := range tx.elems {
		e.label(labels[k])
		e.inst("store %s %s, %s* %s", res.name, e.conv(pos, e.field(x, tx, k), el, res), res.name, slot)
		e.term("br label %%%s", join)
	}
	e.label(def)
	e.failStr(pos, plan.IndexError(args[0]))
	e.label(join)
	return e.def("load %s, %s* %s", res.name, res.name, slot)
}

func lowerLen(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	_, tx := e.val(args[0])
	switch {
	case tx.kind == kTuple:
		return strconv.Itoa(len(tx.elems))
	case tx.str != nil:
		return strconv.Itoa(len([]rune(*tx.str)))
	}
	refuse(a.Pos(), "len of a %s", tx)
	return ""
}

func lowerContains(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	s, ts := e.val(args[0])
	x, tx := e.val(args[1])
	if ts.kind != kTuple {
		refuse(a.Pos(), "`in` of a %s", ts)
	}
	r := "false"
	for i, el := range ts.elems {
		r = e.def("or i1 %s, %s", r, e.compare(a.Pos(), ir.Eq, e.field(s, ts, i), el, x, tx))
	}
	return e.toRes(a.Pos(), r, res)
}

// lowerSlice takes a tuple slice whose bounds are known at compile time.
func lowerSlice(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	pos := a.Pos()
	x, tx := e.val(args[0])
	if tx.kind != kTuple || res.kind != kTuple {
		refuse(pos, "slicing a %s", tx)
	}
	idx := plan.SliceIndices(backendName, pos, int64(len(tx.elems)), args[1:4])
	var parts []string
	for _, i := range idx {
		if len(parts) >= len(res.elems) {
			refuse(pos, "a tuple slice of type %s", res)
		}
		parts = append(parts, e.conv(pos, e.field(x, tx, int(i)), tx.elems[i], res.elems[len(parts)]))
	}
	if len(parts) != len(res.elems) {
		refuse(pos, "a tuple slice of type %s", res)
	}
	return e.tupleLit(res, parts)
}

func lowerSwitch(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	c, tc := e.val(args[0])
	cond := e.truthOf(a.Pos(), c, tc)
	x, y := e.arg(args[1], res), e.arg(args[2], res)
	return e.def("select i1 %s, %s %s, %s %s", cond, res.name, x, res.name, y)
}

func lowerIdentity(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	return e.arg(args[0], res)
}

// lowerUnpack checks the number of values of a list, an array or a
// range (inference has checked a tuple's).
func lowerUnpack(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	if _, t := e.val(args[0]); t.kind != kTuple {
		n, ok := plan.ConstInt(args[1])
		if !ok {
			refuse(a.Pos(), "unpack of a number of values not known at compile time")
		}
		l := lowerings[ir.Len](e, a, tInt, args[:1])
		r := e.def("call i32 @myia_unpack(%%myia_ctx* %%ctx, %s, i64 %s, i64 %d)", e.siteArg(a.Pos()), l, n)
		e.failIf(e.def("icmp ne i32 %s, 0", r))
	}
	return lowerIdentity(e, a, res, args)
}

// lowerNotNone is the value of a value that may be None, where a test
// has shown it is not (inference narrowed its type): its field 0.
func lowerNotNone(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	x, tx := e.val(args[0])
	if tx.kind == kOptional {
		return e.conv(a.Pos(), e.field(x, tx, 0), tx.elems[0], res)
	}
	return e.conv(a.Pos(), x, tx, res)
}
