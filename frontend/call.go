package frontend

import (
	"strings"

	"github.com/myia/myia/ir"
)

// callExpr lowers a call: of a builtin or math function, of a def known
// statically (keywords and defaults resolved here), or of a function
// value (positional arguments only).
func (bk *block) callExpr(c *Call) ir.Node {
	b := bk.fn.b
	for _, a := range c.Args {
		if s, ok := a.(*Starred); ok {
			b.errorf(s.Pos(), "*args in calls are not supported")
			return b.m.Const(ir.None, c.Pos())
		}
	}
	switch f := c.Func.(type) {
	case *Name:
		r, ok := bk.resolve(f.ID, f.Pos())
		if !ok {
			return r.node
		}
		switch {
		case r.builtin != "":
			return bk.builtinCall(r.builtin, c)
		case r.module != "":
			b.errorf(c.Pos(), "module %s is not callable", r.module)
			return b.m.Const(ir.None, c.Pos())
		case r.graph != nil:
			return bk.staticCall(r.graph, r.node, c)
		}
		if p, ok := primOf(r.node); ok && p.Info().Pure && len(c.Keywords) == 0 {
			if n := p.Info().Arity; n >= 0 && n != len(c.Args) {
				b.errorf(c.Pos(), "%s() takes %d argument%s (%d given)", f.ID, n, plural(n), len(c.Args))
				return b.m.Const(ir.None, c.Pos())
			}
			return b.m.ApplyPrim(bk.g, c.Pos(), p, bk.exprs(c.Args)...)
		}
		return bk.dynamicCall(r.node, c)
	case *Attribute:
		if x, ok := f.X.(*Name); ok {
			if r, ok := bk.resolve(x.ID, x.Pos()); ok && r.module != "" {
				return bk.builtinCall(r.module+"."+f.Name, c)
			} else if !ok {
				return b.m.Const(ir.None, c.Pos())
			}
		}
		return bk.methodCall(f, c)
	}
	if inner, ok := c.Func.(*Call); ok {
		// grad(f)(x, y): the arity of the gradient is that of this call.
		if name := bk.myiaOp(inner); name != "" {
			f := bk.adFunc(name, inner, len(c.Args)+len(c.Keywords))
			if g := ir.GraphOf(f); g != nil && b.info[g] != nil {
				return bk.staticCall(g, f, c)
			}
			if len(c.Keywords) > 0 {
				return bk.keywordCall(f, c, true)
			}
			return bk.dynamicCall(f, c)
		}
	}
	return bk.dynamicCall(bk.expr(c.Func), c)
}

func primOf(n ir.Node) (ir.Prim, bool) {
	if c, ok := n.(*ir.Constant); ok {
		p, ok := c.Value.(ir.Prim)
		return p, ok
	}
	return 0, false
}

func (bk *block) dynamicCall(callee ir.Node, c *Call) ir.Node {
	if len(c.Keywords) > 0 {
		return bk.keywordCall(callee, c, false)
	}
	return bk.call(callee, c.Pos(), bk.exprs(c.Args)...)
}

// staticCall matches arguments to the parameters of a known def, with
// Python's rules and messages.
func (bk *block) staticCall(g *ir.Graph, callee ir.Node, c *Call) ir.Node {
	b := bk.fn.b
	info := b.info[g]
	if info == nil { // a def whose parameters are not built yet cannot happen; be safe
		return bk.dynamicCall(callee, c)
	}
	name, params := info.name, info.params
	args := make([]ir.Node, len(params))
	if len(c.Args) > len(params) {
		nd := 0
		for i, d := range info.defaults {
			if d != nil || i < len(info.defaultExprs) && info.defaultExprs[i] != nil {
				nd++
			}
		}
		b.errorf(c.Pos(), "%s", ir.TooManyArgs(name, len(params), nd, len(c.Args)))
		return b.m.Const(ir.None, c.Pos())
	}
	for i, a := range c.Args {
		args[i] = bk.expr(a)
	}
	for _, kw := range c.Keywords {
		k := -1
		for i, p := range params {
			if p.Name == kw.Name {
				k = i
			}
		}
		switch {
		case kw.Name == "":
			b.errorf(kw.Pos(), "**kwargs in calls are not supported")
		case k < 0:
			b.errorf(c.Pos(), "%s() got an unexpected keyword argument '%s'", name, kw.Name)
		case args[k] != nil:
			b.errorf(c.Pos(), "%s() got multiple values for argument '%s'", name, kw.Name)
		default:
			args[k] = bk.expr(kw.Value)
		}
	}
	var missing []string
	for i, a := range args {
		if a != nil {
			continue
		}
		if d := info.defaults[i]; d != nil {
			args[i] = b.use(d, c.Pos())
			continue
		}
		if i < len(info.defaultExprs) && info.defaultExprs[i] != nil {
			args[i] = bk.expr(info.defaultExprs[i])
			continue
		}
		missing = append(missing, params[i].Name)
	}
	if len(missing) > 0 {
		b.errorf(c.Pos(), "%s", ir.MissingArgs(name, missing))
		return b.m.Const(ir.None, c.Pos())
	}
	return bk.call(callee, c.Pos(), args...)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// builtinCall lowers a call of a builtin, math or myia function.
func (bk *block) builtinCall(name string, c *Call) ir.Node {
	b, m := bk.fn.b, bk.fn.b.m
	pos := c.Pos()
	if np, ok := isNumpy(name); ok {
		return bk.npCall(np, c, nil)
	}
	switch {
	case adFuncs[name]:
		return bk.adFunc(name, c, -1)
	case name == "myia.vjp":
		return bk.vjp(c)
	case name == "myia.jvp":
		return bk.jvp(c)
	}
	if len(c.Keywords) > 0 && name != "sum" {
		b.errorf(c.Pos(), "%s() takes no keyword arguments", displayBuiltin(name))
		return m.Const(ir.None, pos)
	}
	args := bk.exprs(c.Args)
	arity := func(lo, hi int) bool {
		if len(args) >= lo && len(args) <= hi {
			return true
		}
		want := "exactly " + itoa(lo)
		if hi > lo {
			want = "from " + itoa(lo) + " to " + itoa(hi)
		}
		b.errorf(pos, "%s() takes %s argument%s (%d given)", displayBuiltin(name), want, plural(hi), len(args))
		return false
	}
	prim := func(p ir.Prim) ir.Node { return m.ApplyPrim(bk.g, pos, p, args...) }
	if p, ok := mathFuncs[name]; ok {
		if name == "math.log" && len(args) == 2 {
			return m.ApplyPrim(bk.g, pos, ir.TrueDiv, m.ApplyPrim(bk.g, pos, ir.Log, args[0]), m.ApplyPrim(bk.g, pos, ir.Log, args[1]))
		}
		if arity(1, 1) {
			return prim(p)
		}
		return m.Const(ir.None, pos)
	}
	switch name {
	case "print":
		return bk.effect(m.Const(ir.Print, pos), pos, args...)
	case "abs", "len":
		if arity(1, 1) {
			return prim(builtinValues[name])
		}
	case "float", "int", "bool":
		if len(args) == 0 {
			return m.Const(map[string]any{"float": 0.0, "int": int64(0), "bool": false}[name], pos)
		}
		if arity(0, 1) {
			return prim(builtinValues[name])
		}
	case "min", "max":
		if len(args) == 0 {
			b.errorf(pos, "%s expected at least 1 argument, got 0", name)
			break
		}
		if len(args) == 1 {
			if g, ok := b.opt.Builtins[name+"_of"]; ok {
				return bk.call(m.Const(g, pos), pos, args[0])
			}
			b.errorf(pos, "%s() of a sequence needs the standard library", name)
			break
		}
		acc := args[0]
		for _, a := range args[1:] {
			acc = m.ApplyPrim(bk.g, pos, builtinValues[name], acc, a)
		}
		return acc
	case "sum":
		g, ok := b.opt.Builtins["sum"]
		if !ok {
			b.errorf(pos, "sum() needs the standard library")
			break
		}
		for _, kw := range c.Keywords {
			if kw.Name != "start" || len(args) != 1 {
				b.errorf(c.Pos(), "sum() got an unexpected keyword argument '%s'", kw.Name)
				return m.Const(ir.None, pos)
			}
			args = append(args, bk.expr(kw.Value))
		}
		if !arity(1, 2) {
			break
		}
		if len(args) == 1 {
			args = append(args, m.Const(int64(0), pos))
		}
		return bk.call(m.Const(g, pos), pos, args...)
	case "range":
		if !arity(1, 3) {
			break
		}
		switch len(args) {
		case 1:
			args = []ir.Node{m.Const(int64(0), pos), args[0], m.Const(int64(1), pos)}
		case 2:
			args = append(args, m.Const(int64(1), pos))
		}
		return prim(ir.MakeRange)
	case "enumerate", "zip":
		b.errorf(pos, "%s() is only supported as the iterable of a for loop", name)
	default:
		switch {
		case name == "myia.stop_gradient":
			if arity(1, 1) {
				return prim(ir.StopGradient)
			}
		case strings.HasPrefix(name, "myia."):
			b.errorf(pos, "%s is not supported yet", displayBuiltin(name))
		case strings.HasPrefix(name, "math."):
			b.errorf(pos, "math.%s is not supported", strings.TrimPrefix(name, "math."))
		default:
			b.errorf(pos, "%s() is not supported", name)
		}
	}
	return m.Const(ir.None, pos)
}

func itoa(n int) string {
	const digits = "0123456789"
	if n < 10 {
		return digits[n : n+1]
	}
	return itoa(n/10) + digits[n%10:n%10+1]
}
