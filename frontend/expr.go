package frontend

import (
	"fmt"
	"math"
	"strings"

	"github.com/myia/myia/ir"
)

var binops = map[string]ir.Prim{
	"+": ir.Add, "-": ir.Sub, "*": ir.Mul, "/": ir.TrueDiv, "//": ir.FloorDiv, "%": ir.Mod, "**": ir.Pow,
}

var cmpops = map[string]ir.Prim{
	"<": ir.Lt, "<=": ir.Le, ">": ir.Gt, ">=": ir.Ge, "==": ir.Eq, "!=": ir.Ne,
}

var mathConst = map[string]float64{"math.pi": math.Pi, "math.e": math.E}

// mathFuncs are the math functions of one argument, by qualified name.
var mathFuncs = map[string]ir.Prim{
	"math.exp": ir.Exp, "math.log": ir.Log, "math.sqrt": ir.Sqrt, "math.sin": ir.Sin,
	"math.cos": ir.Cos, "math.tan": ir.Tan, "math.tanh": ir.Tanh,
}

// boolPrims always produce a Bool, so their result needs no truth().
var boolPrims = map[ir.Prim]bool{
	ir.Lt: true, ir.Le: true, ir.Gt: true, ir.Ge: true, ir.Eq: true, ir.Ne: true,
	ir.Not: true, ir.Truth: true, ir.IsNone: true, ir.Contains: true,
}

func (bk *block) exprs(es []Expr) []ir.Node {
	out := make([]ir.Node, len(es))
	for i, e := range es {
		out[i] = bk.expr(e)
	}
	return out
}

// truth converts n to a Bool for a condition.
func (bk *block) truth(n ir.Node) ir.Node {
	if c, ok := n.(*ir.Constant); ok {
		if _, ok := c.Value.(bool); ok {
			return n
		}
	}
	if a, ok := n.(*ir.Apply); ok {
		if c, ok := a.Inputs[0].(*ir.Constant); ok {
			if p, ok := c.Value.(ir.Prim); ok && boolPrims[p] {
				return n
			}
		}
	}
	return bk.fn.b.m.ApplyPrim(bk.g, n.Pos(), ir.Truth, n)
}

func (bk *block) binop(op string, l, r ir.Node, pos ir.Pos) ir.Node {
	b := bk.fn.b
	if p, ok := binops[op]; ok {
		return b.m.ApplyPrim(bk.g, pos, p, l, r)
	}
	if op == "@" {
		return matmul(b.m, bk.g, pos, "@", l, r)
	}
	b.errorf(pos, "bitwise operator %s is not supported", op)
	return b.m.Const(ir.None, pos)
}

// expr lowers an expression in bk.
func (bk *block) expr(e Expr) ir.Node {
	b := bk.fn.b
	m := b.m
	pos := e.Pos()
	switch e := e.(type) {
	case *Int:
		return m.Const(e.Value, pos)
	case *Float:
		return m.Const(e.Value, pos)
	case *Str:
		return m.Const(e.Value, pos)
	case *Bool:
		return m.Const(e.Value, pos)
	case *NoneLit:
		return m.Const(ir.None, pos)
	case *Name:
		return bk.lookup(e.ID, pos)
	case *Tuple:
		return m.ApplyPrim(bk.g, pos, ir.MakeTuple, bk.exprs(e.Elts)...)
	case *List:
		return m.ApplyPrim(bk.g, pos, ir.MakeList, bk.exprs(e.Elts)...)
	case *BinOp:
		return bk.binop(e.Op, bk.expr(e.L), bk.expr(e.R), pos)
	case *UnaryOp:
		x := bk.expr(e.X)
		switch e.Op {
		case "-":
			if c, ok := x.(*ir.Constant); ok {
				switch v := c.Value.(type) {
				case int64:
					return m.Const(-v, pos)
				case float64:
					return m.Const(-v, pos)
				}
			}
			return m.ApplyPrim(bk.g, pos, ir.Neg, x)
		case "+":
			return m.ApplyPrim(bk.g, pos, ir.UPos, x)
		case "not":
			return m.ApplyPrim(bk.g, pos, ir.Not, x)
		}
		b.errorf(pos, "bitwise operator %s is not supported", e.Op)
	case *BoolOp:
		return bk.boolop(e)
	case *Compare:
		return bk.compare(bk.expr(e.L), e.Ops, e.Rights, pos)
	case *IfExp:
		cond := bk.truth(bk.expr(e.Cond))
		return bk.branch(cond, pos, "ifexp",
			func(tb *block) ir.Node { tb.narrow(narrowings(e.Cond, true)); return tb.expr(e.Then) },
			func(eb *block) ir.Node { eb.narrow(narrowings(e.Cond, false)); return eb.expr(e.Else) })
	case *Call:
		return bk.callExpr(e)
	case *Attribute:
		return bk.attribute(e)
	case *Subscript:
		return bk.subscript(e)
	case *Lambda:
		g := m.NewGraph(b.lambdaName(bk.fn.name, pos), pos, bk.g, ir.KindLambda)
		fb := &fnBuilder{b: b, g: g, name: g.Name, outer: bk}
		fb.build(e.Params, []Stmt{&Return{At: At{e.Body.Pos()}, Value: e.Body}}, nil, nil)
		return m.Const(g, pos)
	case *Slice:
		b.errorf(pos, "a slice is only allowed inside [ ]")
	case *Starred:
		b.errorf(pos, "starred expressions are not supported")
	case *BadExpr:
		b.errorf(pos, "%s are not supported in myia", e.What)
	default:
		b.errorf(pos, "unsupported expression")
	}
	return m.Const(ir.None, pos)
}

// branch lowers switch(cond, @then, @else)() in non-tail position: the
// arms are graphs nested in bk.g, lowered lazily by then and els.
func (bk *block) branch(cond ir.Node, pos ir.Pos, kind string, then, els func(*block) ir.Node) ir.Node {
	b, m := bk.fn.b, bk.fn.b.m
	gt := m.NewGraph(fmt.Sprintf("%s.%s%d", bk.fn.name, kind, pos.Line), pos, bk.g, ir.KindBranch)
	gf := m.NewGraph(fmt.Sprintf("%s.%s%d", bk.fn.name, kind, pos.Line), pos, bk.g, ir.KindBranch)
	tb := b.newBlock(bk.fn, gt, bk)
	tb.ret(then(tb))
	fb := b.newBlock(bk.fn, gf, bk)
	fb.ret(els(fb))
	sw := m.ApplyPrim(bk.g, pos, ir.Switch, cond, m.Const(gt, pos), m.Const(gf, pos))
	return bk.call(sw, pos)
}

// boolop: a and b is b if a is true else a; a or b is a if a is true
// else b; b is evaluated only when needed.
func (bk *block) boolop(e *BoolOp) ir.Node {
	left := bk.expr(e.Values[0])
	for i, v := range e.Values[1:] {
		l, v := left, v
		cond := bk.truth(l)
		// The right operand runs where the left ones are true (and)
		// or false (or): narrowed by them.
		facts := narrowings(&BoolOp{At: e.At, Op: e.Op, Values: e.Values[:i+1]}, e.Op == "and")
		rhs := func(blk *block) ir.Node { blk.narrow(facts); return blk.expr(v) }
		lhs := func(blk *block) ir.Node { return bk.fn.b.use(l, l.Pos()) }
		if e.Op == "and" {
			left = bk.branch(cond, e.Pos(), "and", rhs, lhs)
		} else {
			left = bk.branch(cond, e.Pos(), "or", lhs, rhs)
		}
	}
	return left
}

// compare lowers l op0 r0 op1 r1 ...: each right operand is evaluated
// once, and only if the comparisons before it held.
func (bk *block) compare(l ir.Node, ops []string, rights []Expr, pos ir.Pos) ir.Node {
	r := bk.expr(rights[0])
	t := bk.cmp(ops[0], l, r, pos)
	if len(ops) == 1 {
		return t
	}
	return bk.branch(t, pos, "cmp",
		func(tb *block) ir.Node { return tb.compare(bk.fn.b.use(r, r.Pos()), ops[1:], rights[1:], pos) },
		func(eb *block) ir.Node { return bk.fn.b.m.Const(false, pos) })
}

func (bk *block) cmp(op string, l, r ir.Node, pos ir.Pos) ir.Node {
	b, m := bk.fn.b, bk.fn.b.m
	if p, ok := cmpops[op]; ok {
		return m.ApplyPrim(bk.g, pos, p, l, r)
	}
	switch op {
	case "in":
		return m.ApplyPrim(bk.g, pos, ir.Contains, r, l)
	case "not in":
		return m.ApplyPrim(bk.g, pos, ir.Not, m.ApplyPrim(bk.g, pos, ir.Contains, r, l))
	case "is", "is not":
		var x ir.Node
		if isNone(r) {
			x = l
		} else if isNone(l) {
			x = r
		} else {
			b.errorf(pos, "'%s' is only supported with None", op)
			return m.Const(false, pos)
		}
		t := m.ApplyPrim(bk.g, pos, ir.IsNone, x)
		if op == "is not" {
			return m.ApplyPrim(bk.g, pos, ir.Not, t)
		}
		return t
	}
	b.errorf(pos, "comparison %s is not supported", op)
	return m.Const(false, pos)
}

func isNone(n ir.Node) bool {
	c, ok := n.(*ir.Constant)
	return ok && c.Value == ir.None
}

func (bk *block) attribute(e *Attribute) ir.Node {
	b := bk.fn.b
	if x, ok := e.X.(*Name); ok {
		if r, ok := bk.resolve(x.ID, x.Pos()); ok && r.module != "" {
			return bk.refValue(ref{builtin: r.module + "." + e.Name}, e.Name, e.Pos())
		} else if !ok {
			return b.m.Const(ir.None, e.Pos())
		}
	}
	if n, ok := bk.arrayAttr(e); ok {
		return n
	}
	bk.expr(e.X)
	b.errorf(e.Pos(), "attribute .%s is not supported (arrays have shape, T, ndim and size)", e.Name)
	return b.m.Const(ir.None, e.Pos())
}

func (bk *block) subscript(e *Subscript) ir.Node {
	m := bk.fn.b.m
	x := bk.expr(e.X)
	switch idx := e.Index.(type) {
	case *Slice:
		part := func(p Expr) ir.Node {
			if p == nil {
				return m.Const(ir.None, idx.Pos())
			}
			return bk.expr(p)
		}
		return m.ApplyPrim(bk.g, e.Pos(), ir.Slice, x, part(idx.Lo), part(idx.Hi), part(idx.Step))
	case *Tuple:
		parts := make([]ir.Node, len(idx.Elts))
		for i, p := range idx.Elts {
			parts[i] = bk.indexExpr(p)
		}
		return m.ApplyPrim(bk.g, e.Pos(), ir.GetItem, x, m.ApplyPrim(bk.g, idx.Pos(), ir.MakeTuple, parts...))
	}
	return m.ApplyPrim(bk.g, e.Pos(), ir.GetItem, x, bk.expr(e.Index))
}

// bind assigns value v to an assignment target.
func (bk *block) bind(t Expr, v ir.Node, pos ir.Pos) {
	switch t := t.(type) {
	case *Tuple:
		bk.unpack(t.Elts, v, pos)
	case *List:
		bk.unpack(t.Elts, v, pos)
	default:
		bk.bindElems(t, []ir.Node{v}, pos)
	}
}

func (bk *block) unpack(targets []Expr, v ir.Node, pos ir.Pos) {
	b, m := bk.fn.b, bk.fn.b.m
	for _, t := range targets {
		if s, ok := t.(*Starred); ok {
			b.errorf(s.Pos(), "starred assignment targets are not supported")
			// Bind the names all the same, so that their reads report
			// nothing more (nor does the count of values).
			for _, t := range targets {
				if s, ok := t.(*Starred); ok {
					t = s.X
				}
				bk.bind(t, m.Const(ir.None, pos), pos)
			}
			return
		}
	}
	if ir.IsApplyOf(v, ir.MakeTuple) || ir.IsApplyOf(v, ir.MakeList) {
		elems := v.(*ir.Apply).Args()
		if len(elems) != len(targets) {
			if len(elems) > len(targets) {
				b.errorf(pos, "too many values to unpack (expected %d)", len(targets))
			} else {
				b.errorf(pos, "not enough values to unpack (expected %d, got %d)", len(targets), len(elems))
			}
			// Bind the targets all the same, so that their reads
			// report nothing more.
			for _, t := range targets {
				bk.bind(t, m.Const(ir.None, pos), pos)
			}
			return
		}
		for i, t := range targets {
			bk.bind(t, b.use(elems[i], pos), pos)
		}
		return
	}
	// The number of values is checked, by inference where the type of
	// v tells it, else at run time.
	v = m.ApplyPrim(bk.g, pos, ir.Unpack, v, m.Const(int64(len(targets)), pos))
	for i, t := range targets {
		bk.bind(t, m.ApplyPrim(bk.g, pos, ir.GetItem, v, m.Const(int64(i), pos)), pos)
	}
}

// bindElems binds a target to a tuple given by its elements (or, for a
// single element and a non-tuple target, to that element).
func (bk *block) bindElems(t Expr, elems []ir.Node, pos ir.Pos) {
	b := bk.fn.b
	switch t := t.(type) {
	case *Name:
		v := elems[0]
		if len(elems) != 1 {
			v = b.m.ApplyPrim(bk.g, pos, ir.MakeTuple, elems...)
		}
		bk.set(t.ID, v, pos)
	case *Tuple, *List:
		if len(elems) == 1 {
			bk.bind(t, elems[0], pos)
			return
		}
		bk.bind(t, b.m.ApplyPrim(bk.g, pos, ir.MakeTuple, elems...), pos)
	case *Subscript:
		b.errorf(pos, "item assignment is not supported: values are immutable in myia")
	case *Attribute:
		b.errorf(pos, "attribute assignment is not supported: values are immutable in myia")
	case *Starred:
		b.errorf(t.Pos(), "starred assignment targets are not supported")
	default:
		b.errorf(t.Pos(), "cannot assign to %s", strings.TrimPrefix(fmt.Sprintf("%T", t), "*frontend."))
	}
}

// lambdaName names a lambda of the function fn: fn.lambdaL, L its line,
// or fn.lambdaL_C, C its column, for the second lambda on a line.
func (b *Builder) lambdaName(fn string, pos ir.Pos) string {
	name := fmt.Sprintf("%s.lambda%d", fn, pos.Line)
	if b.lambdas == nil {
		b.lambdas = map[string]int{}
	}
	b.lambdas[name]++
	if b.lambdas[name] > 1 {
		name = fmt.Sprintf("%s_%d", name, pos.Col)
	}
	return name
}
