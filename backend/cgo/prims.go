package cgo

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/myia/myia/backend/llvm/plan"
	"github.com/myia/myia/ir"
)

// lowering writes the C code of one primitive application: dst, of ctype
// res, from args. The table is indexed by primitive (rules as data);
// TestLoweringsCovered lists the primitives left out.
type lowering func(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node)

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
		ir.MakeTuple: lowerMakeTuple, ir.MakeList: lowerMakeTuple, ir.GetItem: lowerGetItem, ir.Len: lowerLen,
		ir.Contains: lowerContains, ir.Slice: lowerSlice, ir.Switch: lowerSwitch,
		ir.StopGradient: lowerIdentity,
	}
	lowerings[ir.Unpack] = lowerUnpack
}

func isIntLike(t *ctype) bool { return t.kind == kInt || t.kind == kBool }
func isNumber(t *ctype) bool  { return t.kind == kInt || t.kind == kBool || t.kind == kFloat }

var opSyms = map[ir.Prim]string{ir.Add: "+", ir.Sub: "-", ir.Mul: "*", ir.TrueDiv: "/",
	ir.Eq: "==", ir.Ne: "!=", ir.Lt: "<", ir.Le: "<=", ir.Gt: ">", ir.Ge: ">="}

func arith(p ir.Prim) lowering {
	return func(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
		pos := a.Pos()
		x, tx := e.val(args[0])
		y, ty := e.val(args[1])
		if p == ir.Add && res.kind == kTuple && tx.kind == kTuple && ty.kind == kTuple {
			var parts []string
			for i, el := range tx.elems {
				parts = append(parts, e.conv(pos, fmt.Sprintf("%s.f%d", x, i), el, res.elems[len(parts)]))
			}
			for i, el := range ty.elems {
				parts = append(parts, e.conv(pos, fmt.Sprintf("%s.f%d", y, i), el, res.elems[len(parts)]))
			}
			e.line("%s = %s;", dst, e.tupleLit(res, parts))
			return
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
					parts = append(parts, e.conv(pos, fmt.Sprintf("%s.f%d", x, i), el, res.elems[len(parts)]))
				}
			}
			e.line("%s = %s;", dst, e.tupleLit(res, parts))
			return
		}
		if !isNumber(tx) || !isNumber(ty) {
			refuse(pos, "%s of a %s and a %s", p, tx, ty)
		}
		overflow := e.fail(pos, `"integer overflow"`)
		switch res.kind {
		case kInt:
			xi, yi := e.conv(pos, x, tx, tInt), e.conv(pos, y, ty, tInt)
			switch p {
			case ir.Add, ir.Sub, ir.Mul:
				op := map[ir.Prim]string{ir.Add: "add", ir.Sub: "sub", ir.Mul: "mul"}[p]
				e.line("if (MYIA_UNLIKELY(__builtin_%s_overflow(%s, %s, &%s))) %s", op, xi, yi, dst, overflow)
			case ir.FloorDiv:
				e.line("if (MYIA_UNLIKELY(%s == 0)) %s", yi, e.fail(pos, `"integer division or modulo by zero"`))
				e.line("if (MYIA_UNLIKELY(%s == INT64_MIN && %s == -1)) %s", xi, yi, overflow)
				e.line("%s = myia_floordiv_i(%s, %s);", dst, xi, yi)
			case ir.Mod:
				e.line("if (MYIA_UNLIKELY(%s == 0)) %s", yi, e.fail(pos, `"integer division or modulo by zero"`))
				e.line("%s = myia_mod_i(%s, %s);", dst, xi, yi)
			case ir.Pow:
				e.line("if (MYIA_UNLIKELY(%s < 0)) %s", yi, e.fail(pos, `"negative exponent: int ** int needs a non-negative exponent (use a float)"`))
				e.line("if (MYIA_UNLIKELY(myia_pow_i(%s, %s, &%s))) %s", xi, yi, dst, overflow)
			default:
				refuse(pos, "%s with an int result", p)
			}
		case kFloat:
			if p == ir.TrueDiv && isIntLike(tx) && isIntLike(ty) {
				xi, yi := e.conv(pos, x, tx, tInt), e.conv(pos, y, ty, tInt)
				e.line("if (MYIA_UNLIKELY(%s == 0)) %s", yi, e.fail(pos, `"division by zero"`))
				e.line("%s = myia_truediv_i(%s, %s);", dst, xi, yi)
				return
			}
			xf, yf := e.conv(pos, x, tx, tFloat), e.conv(pos, y, ty, tFloat)
			switch p {
			case ir.Add, ir.Sub, ir.Mul:
				e.line("%s = %s %s %s;", dst, xf, opSyms[p], yf)
			case ir.TrueDiv:
				e.line("if (MYIA_UNLIKELY(%s == 0.0)) %s", yf, e.fail(pos, `"float division by zero"`))
				e.line("%s = %s / %s;", dst, xf, yf)
			case ir.FloorDiv:
				e.line("if (MYIA_UNLIKELY(%s == 0.0)) %s", yf, e.fail(pos, `"float floor division by zero"`))
				e.line("%s = myia_floordiv_f(%s, %s);", dst, xf, yf)
			case ir.Mod:
				e.line("if (MYIA_UNLIKELY(%s == 0.0)) %s", yf, e.fail(pos, `"float modulo by zero"`))
				e.line("%s = myia_mod_f(%s, %s);", dst, xf, yf)
			case ir.Pow:
				e.line("{ const char *m = myia_pow_f(%s, %s, &%s); if (MYIA_UNLIKELY(m != 0)) %s }", xf, yf, dst, e.fail(pos, "m"))
			}
		default:
			refuse(pos, "%s with a %s result", p, res)
		}
	}
}

func unary(p ir.Prim) lowering {
	return func(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
		pos := a.Pos()
		x, tx := e.val(args[0])
		switch {
		case res.kind == kInt && isIntLike(tx):
			xi := e.conv(pos, x, tx, tInt)
			switch p {
			case ir.UPos:
				e.line("%s = %s;", dst, xi)
			case ir.Neg:
				e.line("if (MYIA_UNLIKELY(%s == INT64_MIN)) %s", xi, e.fail(pos, `"integer overflow"`))
				e.line("%s = -%s;", dst, xi)
			case ir.Abs:
				e.line("if (MYIA_UNLIKELY(%s == INT64_MIN)) %s", xi, e.fail(pos, `"integer overflow"`))
				e.line("%s = %s < 0 ? -%s : %s;", dst, xi, xi, xi)
			}
		case res.kind == kFloat && tx.kind == kFloat:
			switch p {
			case ir.UPos:
				e.line("%s = %s;", dst, x)
			case ir.Neg:
				e.line("%s = -%s;", dst, x)
			case ir.Abs:
				e.line("%s = fabs(%s);", dst, x)
			}
		default:
			refuse(pos, "%s of a %s", p, tx)
		}
	}
}

// compare is the C expression of x OP y (p Eq, Ne, Lt, Le, Gt or Ge)
// with Python's semantics: ints and floats compared exactly, NaN
// unordered, tuples element by element, values of different kinds
// unequal.
func (e *fnEmitter) compare(pos ir.Pos, p ir.Prim, x string, tx *ctype, y string, ty *ctype) string {
	op := opSyms[p]
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
			return fmt.Sprintf("((int64_t)%s %s (int64_t)%s)", x, op, y)
		case tx.kind == kFloat && ty.kind == kFloat:
			return fmt.Sprintf("(%s %s %s)", x, op, y)
		case p == ir.Ne:
			return "(!" + e.compare(pos, ir.Eq, x, tx, y, ty) + ")"
		case tx.kind == kFloat:
			return fmt.Sprintf("(!isnan(%s) && -myia_cmp_if((int64_t)%s, %s) %s 0)", x, y, x, op)
		default:
			return fmt.Sprintf("(!isnan(%s) && myia_cmp_if((int64_t)%s, %s) %s 0)", y, x, y, op)
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
			parts := []string{"1"}
			for i := range tx.elems {
				parts = append(parts, e.compare(pos, ir.Eq, fmt.Sprintf("%s.f%d", x, i), tx.elems[i], fmt.Sprintf("%s.f%d", y, i), ty.elems[i]))
			}
			eq := "(" + strings.Join(parts, " && ") + ")"
			if p == ir.Ne {
				return "(!" + eq + ")"
			}
			return eq
		}
		// Lexicographic: the first elements that differ decide, else the lengths.
		expr := fmt.Sprintf("(%d %s %d)", len(tx.elems), op, len(ty.elems))
		for i := min(len(tx.elems), len(ty.elems)) - 1; i >= 0; i-- {
			xi, yi := fmt.Sprintf("%s.f%d", x, i), fmt.Sprintf("%s.f%d", y, i)
			expr = fmt.Sprintf("(%s ? %s : %s)", e.compare(pos, ir.Eq, xi, tx.elems[i], yi, ty.elems[i]), expr, e.compare(pos, p, xi, tx.elems[i], yi, ty.elems[i]))
		}
		return expr
	case tx.kind == kUnit && ty.kind == kUnit && tx.none && ty.none && !order:
		return b2s(p == ir.Eq)
	case tx.kind == kRange && ty.kind == kRange && !order:
		eq := fmt.Sprintf("myia_range_eq(%s, %s)", rangeArgs(x), rangeArgs(y))
		if p == ir.Ne {
			return "(!" + eq + ")"
		}
		return eq
	case (tx.kind == kStr || tx.str != nil) && (ty.kind == kStr || ty.str != nil) && (tx.kind == kStr || ty.kind == kStr):
		xs, ys := x, y
		if tx.str != nil {
			xs = cstr(*tx.str)
		}
		if ty.str != nil {
			ys = cstr(*ty.str)
		}
		return fmt.Sprintf("(strcmp(%s, %s) %s 0)", xs, ys, op)
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

func b2s(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

func cmpOp(p ir.Prim) lowering {
	return func(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
		x, tx := e.val(args[0])
		y, ty := e.val(args[1])
		e.line("%s = %s;", dst, e.conv(a.Pos(), e.compare(a.Pos(), p, x, tx, y, ty), tBool, res))
	}
}

func lowerNot(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	x, tx := e.val(args[0])
	e.line("%s = %s;", dst, e.conv(a.Pos(), "(!"+e.truthOf(a.Pos(), x, tx)+")", tBool, res))
}

func lowerTruth(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	x, tx := e.val(args[0])
	e.line("%s = %s;", dst, e.conv(a.Pos(), e.truthOf(a.Pos(), x, tx), tBool, res))
}

func lowerIsNone(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	x, tx := e.val(args[0])
	if tx.kind == kOptional {
		e.line("%s = %s;", dst, e.conv(a.Pos(), "(!"+x+".h)", tBool, res))
		return
	}
	e.line("%s = %s;", dst, e.conv(a.Pos(), b2s(tx.none), tBool, res))
}

func lowerToInt(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	x, tx := e.val(args[0])
	switch {
	case isIntLike(tx):
		e.line("%s = %s;", dst, e.conv(a.Pos(), e.conv(a.Pos(), x, tx, tInt), tInt, res))
	case tx.kind == kFloat:
		v := e.temp("ti")
		e.line("int64_t %s; { const char *m = myia_to_int(%s, &%s); if (MYIA_UNLIKELY(m != 0)) %s }", v, x, v, e.fail(a.Pos(), "m"))
		e.line("%s = %s;", dst, e.conv(a.Pos(), v, tInt, res))
	default:
		refuse(a.Pos(), "int() of a %s", tx)
	}
}

func lowerToFloat(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	x, tx := e.val(args[0])
	if !isNumber(tx) {
		refuse(a.Pos(), "float() of a %s", tx)
	}
	e.line("%s = %s;", dst, e.conv(a.Pos(), e.conv(a.Pos(), x, tx, tFloat), tFloat, res))
}

func minMax(p ir.Prim) lowering {
	return func(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
		x, tx := e.val(args[0])
		y, ty := e.val(args[1])
		better := e.compare(a.Pos(), p, y, ty, x, tx)
		e.line("%s = %s ? %s : %s;", dst, better, e.conv(a.Pos(), y, ty, res), e.conv(a.Pos(), x, tx, res))
	}
}

func mathFn(name string) lowering {
	return func(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
		x, tx := e.val(args[0])
		if !isNumber(tx) || res.kind != kFloat {
			refuse(a.Pos(), "math.%s of a %s", name, tx)
		}
		e.line("{ double v = %s; %s = %s(v); const char *m = myia_math(v, %s); if (MYIA_UNLIKELY(m != 0)) %s }",
			e.conv(a.Pos(), x, tx, tFloat), dst, name, dst, e.fail(a.Pos(), "m"))
	}
}

// npMathFn lowers one of numpy's math functions of a number: the C
// library's, whose infinity or NaN is the result (where mathFn fails).
func npMathFn(name string) lowering {
	return func(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
		x, tx := e.val(args[0])
		if !isNumber(tx) || res.kind != kFloat {
			refuse(a.Pos(), "np.%s of a %s", name, tx)
		}
		e.line("%s = %s(%s);", dst, name, e.conv(a.Pos(), x, tx, tFloat))
	}
}

func lowerPrint(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	for i, x := range args {
		if i > 0 {
			e.line(`myia_write(ctx, " ", 1);`)
		}
		v, t := e.val(x)
		e.printValue(x.Pos(), v, t, false)
	}
	e.line("myia_endline(ctx);")
	e.line("%s = 0;", dst)
}

// printValue writes Python's str of x (repr when repr is set, for the
// elements of a tuple).
func (e *fnEmitter) printValue(pos ir.Pos, x string, t *ctype, repr bool) {
	e.line("%s", e.printStmt(pos, x, t, repr))
}

func (g *gen) printStmt(pos ir.Pos, x string, t *ctype, repr bool) string {
	switch t.kind {
	case kInt:
		return fmt.Sprintf("myia_print_int(ctx, %s);", x)
	case kFloat:
		return fmt.Sprintf("myia_print_float(ctx, %s);", x)
	case kBool:
		return fmt.Sprintf("myia_print_bool(ctx, %s);", x)
	case kTuple:
		return fmt.Sprintf("%s(ctx, %s);", g.tuplePrinter(pos, t), x)
	case kArray:
		return fmt.Sprintf("myia_print_array(ctx, %s, %d);", x, b2i(repr))
	case kList:
		return fmt.Sprintf("%s(ctx, %s);", g.listPrinter(pos, t), x)
	case kStr:
		if repr {
			return fmt.Sprintf("myia_print_strrepr(ctx, %s);", x)
		}
		return fmt.Sprintf("myia_puts(ctx, %s);", x)
	case kRange:
		return fmt.Sprintf("myia_print_range(ctx, %s);", rangeArgs(x))
	case kOptional:
		return fmt.Sprintf(`if (%s.h) { %s } else myia_puts(ctx, "None");`, x, g.printStmt(pos, x+".f0", t.elems[0], repr))
	case kSlice:
		refuse(pos, "printing a slice value")
	}
	switch {
	case t.key == plan.NeverKey:
		return ";" // a value that never exists: this print is never reached
	case t.none:
		return `myia_puts(ctx, "None");`
	case t.str != nil && repr:
		return fmt.Sprintf("myia_puts(ctx, %s);", cstr(pyQuote(*t.str)))
	case t.str != nil:
		return fmt.Sprintf("myia_write(ctx, %s, %d);", cstr(*t.str), len(*t.str))
	}
	refuse(pos, "printing a function")
	return ""
}

// tuplePrinter is the name of the C function that prints tuples of ctype t.
func (g *gen) tuplePrinter(pos ir.Pos, t *ctype) string {
	name := "myia_print_" + t.name
	if g.printers[name] {
		return name
	}
	g.printers[name] = true
	var b strings.Builder
	open, close := "(", ")"
	if t.list {
		open, close = "[", "]"
	}
	fmt.Fprintf(&b, "static void %s(myia_ctx *ctx, %s v) {\n\tmyia_puts(ctx, \"%s\");\n", name, t.name, open)
	for i, el := range t.elems {
		if i > 0 {
			b.WriteString("\tmyia_puts(ctx, \", \");\n")
		}
		fmt.Fprintf(&b, "\t%s\n", g.printStmt(pos, fmt.Sprintf("v.f%d", i), el, true))
	}
	if len(t.elems) == 1 && !t.list {
		b.WriteString("\tmyia_puts(ctx, \",\");\n")
	}
	fmt.Fprintf(&b, "\tmyia_puts(ctx, \"%s\");\n\t(void)v;\n}\n", close)
	g.printDefs.WriteString(b.String())
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

func lowerAssert(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	e.guard(a, args, "assertion failed", ": ")
	e.line("%s = 0;", dst)
}

func lowerCheck(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	e.guard(a, args, "", "")
	e.line("%s = %s;", dst, e.arg(args[2], res))
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
	e.line("if (MYIA_UNLIKELY(!%s)) %s", e.truthOf(a.Pos(), c, tc), e.fail(a.Pos(), cstr(msg)))
}

func lowerMakeTuple(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	if res.kind != kTuple || len(res.elems) != len(args) {
		refuse(a.Pos(), "a tuple of type %s", res)
	}
	parts := make([]string, len(args))
	for i, x := range args {
		parts[i] = e.arg(x, res.elems[i])
	}
	e.line("%s = %s;", dst, e.tupleLit(res, parts))
}

func lowerGetItem(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	pos := e.posOf(a)
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
			e.line("%s", e.fail(pos, strconv.Quote(plan.IndexError(args[0]))))
			return
		}
		e.line("%s = %s;", dst, e.conv(pos, fmt.Sprintf("%s.f%d", x, i), tx.elems[i], res))
		return
	}
	i, ti := e.val(args[1])
	if !isIntLike(ti) {
		refuse(pos, "a tuple index of type %s", ti)
	}
	// The conversions first: one may write statements (a boxed union).
	vals := make([]string, n)
	for k, el := range tx.elems {
		vals[k] = e.conv(pos, fmt.Sprintf("%s.f%d", x, k), el, res)
	}
	e.line("{ int64_t i = %s; if (i < 0) i += %d; switch (i) {", i, n)
	for k := range tx.elems {
		e.line("case %d: %s = %s; break;", k, dst, vals[k])
	}
	e.line("default: %s } }", e.fail(pos, strconv.Quote(plan.IndexError(args[0]))))
}

func lowerLen(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	_, tx := e.val(args[0])
	switch {
	case tx.kind == kTuple:
		e.line("%s = %d;", dst, len(tx.elems))
	case tx.str != nil:
		e.line("%s = %d;", dst, len([]rune(*tx.str)))
	case tx.kind == kStr:
		x, _ := e.val(args[0])
		e.line("%s = myia_str_len(%s);", dst, x)
	default:
		refuse(a.Pos(), "len of a %s", tx)
	}
}

func lowerContains(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	s, ts := e.val(args[0])
	x, tx := e.val(args[1])
	if ts.kind != kTuple {
		refuse(a.Pos(), "`in` of a %s", ts)
	}
	parts := []string{"0"}
	for i, el := range ts.elems {
		parts = append(parts, e.compare(a.Pos(), ir.Eq, fmt.Sprintf("%s.f%d", s, i), el, x, tx))
	}
	e.line("%s = %s;", dst, strings.Join(parts, " || "))
}

// lowerSlice takes a tuple slice whose bounds are known at compile time.
func lowerSlice(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
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
		parts = append(parts, e.conv(pos, fmt.Sprintf("%s.f%d", x, i), tx.elems[i], res.elems[len(parts)]))
	}
	if len(parts) != len(res.elems) {
		refuse(pos, "a tuple slice of type %s", res)
	}
	e.line("%s = %s;", dst, e.tupleLit(res, parts))
}

func lowerSwitch(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	c, tc := e.val(args[0])
	e.line("%s = %s ? %s : %s;", dst, e.truthOf(a.Pos(), c, tc), e.arg(args[1], res), e.arg(args[2], res))
}

func lowerIdentity(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	e.line("%s = %s;", dst, e.arg(args[0], res))
}

// lowerUnpack checks the number of values of a list, an array or a
// range (inference has checked a tuple's).
func lowerUnpack(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	if _, t := e.val(args[0]); t.kind != kTuple {
		n, ok := plan.ConstInt(args[1])
		if !ok {
			refuse(a.Pos(), "unpack of a number of values not known at compile time")
		}
		l := e.temp("len")
		e.line("{ int64_t %s;", l)
		lowerings[ir.Len](e, a, l, tInt, args[:1])
		e.line("if (MYIA_UNLIKELY(myia_unpack(ctx, %d, %s, %d))) goto fail; }", e.site(a.Pos(), e.cur), l, n)
	}
	lowerIdentity(e, a, dst, res, args)
}

// lowerNotNone is the value of a value that may be None, where a test
// has shown it is not (inference narrowed its type): its field f0.
func lowerNotNone(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	x, tx := e.val(args[0])
	if tx.kind == kOptional {
		e.line("%s = %s;", dst, e.conv(a.Pos(), x+".f0", tx.elems[0], res))
		return
	}
	e.line("%s = %s;", dst, e.conv(a.Pos(), x, tx, res))
}
