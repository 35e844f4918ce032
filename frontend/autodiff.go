package frontend

import (
	"fmt"
	"strings"

	"github.com/myia/myia/ir"
)

// adFuncs are the myia operators that make a function from a function.
var adFuncs = map[string]bool{
	"myia.grad": true, "myia.value_and_grad": true, "myia.jacrev": true, "myia.jacfwd": true,
	"myia.hessian": true, "myia.checkpoint": true,
}

// myiaOp returns the qualified name of the myia operator c calls, or "".
func (bk *block) myiaOp(c *Call) string {
	n, ok := c.Func.(*Name)
	if !ok {
		return ""
	}
	for fn := bk.fn; fn != nil; {
		if fn.locals[n.ID] {
			return ""
		}
		if fn.outer == nil {
			break
		}
		fn = fn.outer.fn
	}
	if imp := bk.fn.b.imports[n.ID]; adFuncs[imp] {
		if _, shadow := bk.fn.b.globals[n.ID]; !shadow {
			return imp
		}
	}
	return ""
}

// adFunc lowers grad(f, argnums=0) and value_and_grad(f, argnums=0) to a
// closure nested in bk.g:
//
//	graph grad_f(x1..xn) {
//	  t = J(f)(x1..xn); y = t[0]; b = t[1]
//	  d = b(grad_sens(y))         # grad_sens: 1.0, or an error if y is not a scalar float
//	  return fix_sens(xk, d[k+1])  # (y, ...) for value_and_grad; a tuple for several argnums
//	}
//
// arity is the number of arguments the gradient is called with, or -1 if
// it must come from f's definition, or from what the source says of the
// functions f may hold (arity.go).
func (bk *block) adFunc(name string, c *Call, arity int) ir.Node {
	n, _ := bk.adFuncArity(name, c, arity)
	return n
}

// adFuncArity is adFunc, returning also the arity of the function made.
func (bk *block) adFuncArity(name string, c *Call, arity int) (ir.Node, int) {
	b, m := bk.fn.b, bk.fn.b.m
	pos := c.Pos()
	op := displayBuiltin(name)
	fail := func(format string, args ...any) (ir.Node, int) {
		b.errorf(pos, format, args...)
		return m.Const(ir.None, pos), arity
	}
	if len(c.Args) < 1 || len(c.Args) > 2 {
		return fail("%s() takes a function and an optional argnums (%d arguments given)", op, len(c.Args))
	}
	var argnumsExpr Expr
	if len(c.Args) == 2 {
		argnumsExpr = c.Args[1]
	}
	for _, kw := range c.Keywords {
		if kw.Name != "argnums" || argnumsExpr != nil {
			return fail("%s() got an unexpected keyword argument '%s'", op, kw.Name)
		}
		argnumsExpr = kw.Value
	}
	// What f is: a def known here gives its parameters.
	var info *fnInfo
	fname := "f"
	if n, ok := c.Args[0].(*Name); ok {
		fname = n.ID
		if r, ok := bk.resolve(n.ID, n.Pos()); ok && r.graph != nil {
			info = b.info[r.graph]
		}
	}
	var f ir.Node
	nerrs := len(b.errs)
	if inner, ok := c.Args[0].(*Call); ok && bk.myiaOp(inner) != "" {
		// grad(grad(f)): the inner gradient has the arity of f.
		f, arity = bk.adFuncArity(bk.myiaOp(inner), inner, arity)
	} else {
		f = bk.expr(c.Args[0])
	}
	if fg := ir.GraphOf(f); fg != nil && info == nil {
		info = b.info[fg] // a lambda, or a gradient made here
	}
	if info != nil {
		arity = len(info.params)
	}
	if cst, ok := f.(*ir.Constant); ok {
		switch cst.Value.(type) {
		case *ir.Graph, ir.Prim:
		default:
			if len(b.errs) > nerrs {
				return cst, arity // f's own error says why (grad(checkpoint(3.0)))
			}
			return fail("%s() expects a function, got %s", op, ir.ConstString(cst.Value, nil))
		}
	}
	if arity < 0 && info == nil {
		if n, ok := bk.fn.callArity[c]; ok {
			arity = n
		}
	}
	dead := false
	if arity < 0 && info == nil {
		// def deriv(f): return grad(f): the functions deriv's callers pass.
		switch ns, unused := b.arityOf(c); {
		case unused:
			dead = true // never made: any arity that argnums allows
		case len(ns) == 1:
			arity = ns[0]
		case len(ns) > 1:
			s := make([]string, len(ns))
			for i, n := range ns {
				s[i] = itoa(n)
			}
			return fail("%s() of %s: %s may take %s arguments here, but the function %s() makes here takes one number of arguments: write one per arity", op, fname, fname, strings.Join(s, " or "), op)
		}
	}
	if arity < 0 && !dead {
		if info == nil {
			return fail("%s() of a function value needs to be called at once (%s(f)(x)), or assigned to a name that the function calls with one number of arguments (df = %s(f); df(x)), or to be of a parameter for which the callers pass functions the source names (a def, a lambda, math.sin), so that its arity is known", op, op, op)
		}
		arity = len(info.params)
	}
	// argnums: an int, a tuple of ints, or a parameter name.
	argnums, single := []int{0}, true
	if argnumsExpr != nil {
		var ok bool
		names := info
		if names == nil {
			// grad(make(), 'y'): the names of the parameters of the
			// functions the source says f may be.
			names = b.paramsOf(c.Args[0], c)
		}
		argnums, single, ok = bk.argnums(argnumsExpr, names, op, fname)
		if !ok {
			return m.Const(ir.None, pos), arity
		}
	}
	if len(argnums) == 0 {
		return fail("%s(): argnums must name at least one argument", op)
	}
	if dead {
		arity = 1
		for _, k := range argnums {
			arity = max(arity, k+1, -k)
		}
	}
	seen := map[int]bool{}
	for i, k := range argnums {
		// A negative argnums counts from the end, as in JAX.
		if k < -arity || k >= arity {
			return fail("%s(): argnums %d is out of range for %s, which takes %d argument%s", op, k, fname, arity, plural(arity))
		}
		if k < 0 {
			argnums[i] = k + arity
		}
		if seen[argnums[i]] {
			return fail("%s(): argnums names argument %d of %s more than once", op, argnums[i], fname)
		}
		seen[argnums[i]] = true
	}
	switch name {
	case "myia.checkpoint":
		return bk.checkpoint(f, fname, arity, pos), arity
	case "myia.jacrev", "myia.jacfwd", "myia.hessian":
		return bk.jacobian(name, f, fname, info, arity, argnums, single, pos), arity
	}
	g := m.NewGraph(fmt.Sprintf("%s_%s", op, fname), pos, bk.g, ir.KindLambda)
	xs := make([]ir.Node, arity)
	for i := range xs {
		pname := fmt.Sprintf("x%d", i)
		if info != nil && i < len(info.params) {
			pname = info.params[i].Name
		}
		xs[i] = m.AddParam(g, pname, pos)
	}
	// g may take forward mode, w.r.t. one argument or, where f itself
	// differentiates, each of several: Build's end decides (finishGrads),
	// once every function f may reach is built. The two are graphs
	// beside g, of g's parameters, not closures in it, so that J of g
	// (grad(grad(f))) is expanded at compile time.
	rev, gxs := g, xs
	if !b.opt.ReverseGrad {
		rev = m.NewGraph(fmt.Sprintf("%s_%s_reverse", op, fname), pos, bk.g, ir.KindLambda)
		xs = params(m, rev, arity, info, pos)
		b.gradSites = append(b.gradSites, gradSite{g: g, rev: rev, name: name, f: b.use(f, pos), info: info, xs: gxs, ks: argnums, single: single, pos: pos})
	}
	jf := m.ApplyPrim(rev, pos, ir.J, b.use(f, pos))
	t := m.Apply(rev, pos, append([]ir.Node{jf}, jargs(m, rev, xs, pos)...)...)
	y := m.ApplyPrim(rev, pos, ir.GetItem, t, m.Const(int64(0), pos))
	bp := m.ApplyPrim(rev, pos, ir.GetItem, t, m.Const(int64(1), pos))
	d := m.Apply(rev, pos, bp, m.ApplyPrim(rev, pos, ir.GradSens, y))
	var grads []ir.Node
	for _, k := range argnums {
		dk := m.ApplyPrim(rev, pos, ir.GetItem, d, m.Const(int64(k+1), pos))
		grads = append(grads, m.ApplyPrim(rev, pos, ir.FixSens, xs[k], dk))
	}
	out := grads[0]
	if !single {
		out = m.ApplyPrim(rev, pos, ir.MakeTuple, grads...)
	}
	if name == "myia.value_and_grad" {
		out = m.ApplyPrim(rev, pos, ir.MakeTuple, y, out)
	}
	m.SetOutput(rev, out)
	bk.register(g, info, arity, pos)
	return m.Const(g, pos), arity
}

// gradSite is a grad or value_and_grad, g(xs...), w.r.t. the arguments
// ks (one, an int, where single), whose reverse mode is built in
// rev(xs...), beside g.
type gradSite struct {
	g, rev *ir.Graph
	name   string
	f      ir.Node
	info   *fnInfo // f's parameters, for names
	xs     []ir.Node
	ks     []int
	single bool
	pos    ir.Pos
}

// finishGrads gives each gradient its output. One forward pass gives
// the derivative w.r.t. a float, with no backpropagator to build and
// nothing stored, so g branches on grad_forward(xk, rest), which
// inference decides from the types:
//
//	graph g(x1..xn) = switch(grad_forward(xk, (x1..xn but xk, fvs of f...)), forward, rev)(x1..xn)
//
// A gradient w.r.t. several arguments takes one forward pass for each,
// a switch for each, where f itself differentiates: forward over
// reverse, as hessian, rather than reverse over reverse, whose
// environments of sensitivities nest with each step of a loop (the
// native backends do not compile those). Otherwise it is reverse mode,
// one backward pass for all.
//
// Forward mode is only taken where it gives what reverse mode gives and
// J and JF never meet a function value at run time: f is a primitive or
// a function that reaches (through the functions it names) no custom_vjp
// function and differentiates only constants and its gradients' own
// arguments (with BuildOptions.NestedForward; see forwardable), and
// neither the other arguments nor f's free variables hold a function.
// Otherwise g is rev().
func (b *Builder) finishGrads() {
	m := b.m
	// The reverse graphs of the sites not finished yet: f may reach a
	// site whose g has no output yet, whose code is rev's (or the
	// forward pass of the same function).
	pending := map[*ir.Graph]*ir.Graph{}
	for _, s := range b.gradSites {
		pending[s.g] = s.rev
	}
	for _, s := range b.gradSites {
		delete(pending, s.g)
		if hoistClosed(s.f) {
			// g and its two ways capture nothing: top-level graphs, so
			// that J of g (grad(grad(f))) has no closure to make.
			s.g.Parent, s.rev.Parent = nil, nil
		}
		fvs, ok, nested := b.forwardable(s.f, pending)
		if !s.single && !nested {
			ok = false
		}
		if nested && ok && b.opt.Report != nil {
			b.opt.Report.NestedForward = true
		}
		if !ok {
			m.SetOutput(s.g, m.Apply(s.g, s.pos, append([]ir.Node{m.Const(s.rev, s.pos)}, s.xs...)...))
			continue
		}
		fwd := m.NewGraph(strings.TrimSuffix(s.rev.Name, "_reverse")+"_forward", s.pos, s.rev.Parent, ir.KindLambda)
		if s.name == "myia.jacrev" {
			b.jacfwdInto(fwd, s.f, s.info, len(s.xs), s.ks, s.single, s.pos)
			b.forwardSwitch(s, fwd, fvs)
			continue
		}
		xs := params(m, fwd, len(s.xs), s.info, s.pos)
		var y ir.Node
		var grads []ir.Node
		for _, k := range s.ks {
			var d ir.Node
			y, d = b.forwardGrad(fwd, s.f, xs, k, s.pos)
			grads = append(grads, d)
		}
		out := grads[0]
		if !s.single {
			out = m.ApplyPrim(fwd, s.pos, ir.MakeTuple, grads...)
		}
		if s.name == "myia.value_and_grad" {
			out = m.ApplyPrim(fwd, s.pos, ir.MakeTuple, y, out)
		}
		m.SetOutput(fwd, out)
		b.forwardSwitch(s, fwd, fvs)
	}
}

// forwardSwitch sets s.g's output to a call of fwd where each argument
// of s.ks is a float and the others and fvs hold no function, of s.rev
// otherwise.
func (b *Builder) forwardSwitch(s gradSite, fwd *ir.Graph, fvs []ir.Node) {
	m := b.m
	var br ir.Node = m.Const(fwd, s.pos)
	for _, k := range s.ks {
		rest := append(append([]ir.Node{}, s.xs[:k]...), s.xs[k+1:]...)
		rest = append(rest, fvs...)
		cond := m.ApplyPrim(s.g, s.pos, ir.GradForward, s.xs[k], m.ApplyPrim(s.g, s.pos, ir.MakeTuple, rest...))
		br = m.ApplyPrim(s.g, s.pos, ir.Switch, cond, br, m.Const(s.rev, s.pos))
	}
	m.SetOutput(s.g, m.Apply(s.g, s.pos, append([]ir.Node{br}, s.xs...)...))
}

// hoistClosed reports whether f is a primitive or a top-level function,
// after making a lambda or def that captures nothing (and has only
// constant defaults) top-level: grad(grad(lambda x: ...)) is then
// expanded at compile time like a top-level function's.
func hoistClosed(f ir.Node) bool {
	c, ok := f.(*ir.Constant)
	if !ok {
		return false
	}
	if _, ok := c.Value.(ir.Prim); ok {
		return true
	}
	g := ir.GraphOf(c)
	if g == nil {
		return false
	}
	if g.Parent == nil {
		return true
	}
	if len(g.Module().FreeVariables(g)) > 0 {
		return false
	}
	for _, d := range g.Defaults {
		if _, ok := d.(*ir.Constant); !ok {
			return false
		}
	}
	g.Parent = nil
	return true
}

// forwardable reports whether forward mode may differentiate f (see
// finishGrads), and returns f's free variables, which must hold no
// function at run time. nested says that f reaches another
// differentiation (J or JF), which only BuildOptions.NestedForward lets
// forward mode take. pending maps the graphs of the gradients not
// finished yet to their reverse graphs, which stand for them.
func (b *Builder) forwardable(f ir.Node, pending map[*ir.Graph]*ir.Graph) (fvs []ir.Node, ok, nested bool) {
	c, ok := f.(*ir.Constant)
	if !ok {
		return nil, false, false // a function value: J may have made it
	}
	if p, ok := c.Value.(ir.Prim); ok {
		return nil, p != ir.J && p != ir.JF, false
	}
	fg := ir.GraphOf(f)
	if fg == nil {
		return nil, false, false
	}
	seen := map[*ir.Graph]bool{}
	work := []*ir.Graph{fg}
	visit := func(n ir.Node) {
		if h := ir.GraphOf(n); h != nil && !seen[h] {
			seen[h] = true
			work = append(work, h)
		}
	}
	seen[fg] = true
	for len(work) > 0 {
		h := work[len(work)-1]
		work = work[:len(work)-1]
		if r := pending[h]; r != nil && h.Output() == nil {
			if !seen[r] {
				seen[r] = true
				work = append(work, r)
			}
			continue
		}
		if b.custom[h] != (ir.Pos{}) || h.Output() == nil {
			return nil, false, nested
		}
		for _, d := range h.Defaults {
			if isTransform(d) {
				return nil, false, nested
			}
			visit(d)
		}
		for _, a := range h.Nodes() {
			for i, in := range a.Inputs {
				if isTransform(in) {
					// J or JF of a function made at run time, which
					// forward mode cannot take (ad.ErrForwardOverJ),
					// nor the native backends: reverse mode. J or JF
					// of a gradient's own argument (a float when its
					// forward mode is taken) is data, or inference
					// says it is not (and Compile tries again).
					nested = true
					x := a.Inputs[len(a.Inputs)-1]
					_, isConst := x.(*ir.Constant)
					own := x.Graph() == h && isParam(h, x)
					if i != 0 || len(a.Inputs) != 2 || !isConst && !own || !b.opt.NestedForward || b.opt.NoForwardOver[a.Pos()] {
						return nil, false, nested
					}
				}
				visit(in)
			}
		}
	}
	return b.m.FreeVariables(fg), true, nested
}

// isTransform reports whether n is the primitive J or JF.
func isTransform(n ir.Node) bool {
	p, ok := primOf(n)
	return ok && (p == ir.J || p == ir.JF)
}

// isParam reports whether x is a parameter of g.
func isParam(g *ir.Graph, x ir.Node) bool {
	for _, p := range g.Params {
		if p == x {
			return true
		}
	}
	return false
}

// forwardGrad builds, in g, f's output y and its derivative d w.r.t.
// argument k by forward mode, for a float xs[k]: the tangent of f's
// output along (0, ..., 1.0, ..., 0), with grad_sens's check that the
// output is a scalar float.
//
//	t = JF(f)(x1, zeros_like(x1), ..., xk, 1.0, ...)
//	y, d = t[0], t[1] * grad_sens(t[0])
func (b *Builder) forwardGrad(g *ir.Graph, f ir.Node, xs []ir.Node, k int, pos ir.Pos) (y, d ir.Node) {
	m := b.m
	args := []ir.Node{m.ApplyPrim(g, pos, ir.JF, b.use(f, pos))}
	for i, x := range xs {
		var dx ir.Node = m.Const(1.0, pos)
		if i != k {
			dx = m.ApplyPrim(g, pos, ir.ZerosLike, x)
		}
		args = append(args, m.ApplyPrim(g, pos, ir.JF, x), dx)
	}
	t := m.Apply(g, pos, args...)
	y = m.ApplyPrim(g, pos, ir.GetItem, t, m.Const(int64(0), pos))
	s := m.ApplyPrim(g, pos, ir.GradSens, y)
	dy := m.ApplyPrim(g, pos, ir.GetItem, t, m.Const(int64(1), pos))
	return y, m.ApplyPrim(g, pos, ir.Mul, dy, s)
}

// register records the parameters of a function made from f, with f's
// names and defaults, so that calls to it may use keywords.
func (bk *block) register(g *ir.Graph, info *fnInfo, arity int, pos ir.Pos) {
	if info == nil || len(info.params) != arity {
		return
	}
	bk.fn.b.info[g] = &fnInfo{name: g.Name, params: info.params, defaults: info.defaults, defaultExprs: info.defaultExprs}
}

// argnums reads the argnums of grad: an int, a tuple of ints or a
// parameter name, all constants.
func (bk *block) argnums(e Expr, info *fnInfo, op, fname string) ([]int, bool, bool) {
	b := bk.fn.b
	one := func(e Expr) (int, bool) {
		if v, ok := b.constValue(e); ok {
			switch v := v.(type) {
			case int64:
				return int(v), true
			case string:
				if info == nil {
					b.errorf(e.Pos(), "%s(): argnums by name needs a function known at compile time", op)
					return 0, false
				}
				for i, p := range info.params {
					if p.Name == v {
						return i, true
					}
				}
				b.errorf(e.Pos(), "%s(): %s has no parameter named '%s'", op, fname, v)
				return 0, false
			}
		}
		b.errorf(e.Pos(), "%s(): argnums must be an int, a tuple of ints or a parameter name, known at compile time", op)
		return 0, false
	}
	if n, ok := e.(*Name); ok {
		if c, ok := b.consts[n.ID]; ok {
			e = c // a top-level constant: ARGNUMS = (0, 1)
		}
	}
	if t, ok := e.(*Tuple); ok {
		var out []int
		for _, x := range t.Elts {
			k, ok := one(x)
			if !ok {
				return nil, false, false
			}
			out = append(out, k)
		}
		return out, false, true
	}
	k, ok := one(e)
	return []int{k}, true, ok
}

// vjp lowers vjp(f, x1..xn) to (out, pullback), where pullback(dout)
// returns the tuple of the cotangents of x1..xn. dout is checked to be
// of out's structure by check_sens, without a position: inference
// reports a mismatch at the user's call of the pullback.
func (bk *block) vjp(c *Call) ir.Node {
	b, m := bk.fn.b, bk.fn.b.m
	pos := c.Pos()
	if len(c.Args) < 1 || len(c.Keywords) > 0 {
		b.errorf(pos, "vjp() takes a function and its primal arguments")
		return m.Const(ir.None, pos)
	}
	f := bk.expr(c.Args[0])
	xs := bk.exprs(c.Args[1:])
	jf := m.ApplyPrim(bk.g, pos, ir.J, f)
	t := bk.call(jf, pos, jargs(m, bk.g, xs, pos)...)
	out := m.ApplyPrim(bk.g, pos, ir.GetItem, t, m.Const(int64(0), pos))
	bp := m.ApplyPrim(bk.g, pos, ir.GetItem, t, m.Const(int64(1), pos))
	// A function kind, not a lambda, so that messages name it as
	// CPython does: pullback() takes 1 positional argument.
	pb := m.NewGraph("pullback", pos, bk.g, ir.KindFunction)
	dout := m.AddParam(pb, "dout", pos)
	msg := "a pullback's cotangent must have the structure of the output of the function"
	d := m.ApplyPrim(pb, ir.Pos{}, ir.CheckSens, out, dout, m.Const(msg, pos))
	r := m.Apply(pb, pos, bp, d)
	var ds []ir.Node
	for i, x := range xs {
		di := m.ApplyPrim(pb, pos, ir.GetItem, r, m.Const(int64(i+1), pos))
		ds = append(ds, m.ApplyPrim(pb, pos, ir.FixSens, b.use(x, pos), di))
	}
	m.SetOutput(pb, m.ApplyPrim(pb, pos, ir.MakeTuple, ds...))
	return m.ApplyPrim(bk.g, pos, ir.MakeTuple, out, m.Const(pb, pos))
}

// params adds n parameters to g, named after f's where known.
func params(m *ir.Module, g *ir.Graph, n int, info *fnInfo, pos ir.Pos) []ir.Node {
	xs := make([]ir.Node, n)
	for i := range xs {
		name := fmt.Sprintf("x%d", i)
		if info != nil && i < len(info.params) {
			name = info.params[i].Name
		}
		xs[i] = m.AddParam(g, name, pos)
	}
	return xs
}

// linearize builds, in g, the forward pass of f at xs and the pullback
// along the arguments ks: it returns out and a closure pb(u) =
// b(u)[k+1] for one argument k, or the tuple of the b(u)[k+1] if not
// single.
func (bk *block) linearize(g *ir.Graph, f ir.Node, xs []ir.Node, ks []int, single bool, pos ir.Pos) (out, pb ir.Node) {
	m := bk.fn.b.m
	jf := m.ApplyPrim(g, pos, ir.J, bk.fn.b.use(f, pos))
	t := m.Apply(g, pos, append([]ir.Node{jf}, jargs(m, g, xs, pos)...)...)
	out = m.ApplyPrim(g, pos, ir.GetItem, t, m.Const(int64(0), pos))
	b := m.ApplyPrim(g, pos, ir.GetItem, t, m.Const(int64(1), pos))
	p := m.NewGraph("pullback", pos, g, ir.KindLambda)
	u := m.AddParam(p, "u", pos)
	r := m.Apply(p, pos, b, u)
	var ds []ir.Node
	for _, k := range ks {
		dk := m.ApplyPrim(p, pos, ir.GetItem, r, m.Const(int64(k+1), pos))
		ds = append(ds, m.ApplyPrim(p, pos, ir.FixSens, xs[k], dk))
	}
	if single {
		m.SetOutput(p, ds[0])
	} else {
		m.SetOutput(p, m.ApplyPrim(p, pos, ir.MakeTuple, ds...))
	}
	return out, m.Const(p, pos)
}

// jacobian lowers jacrev(f), jacfwd(f) and hessian(f) w.r.t. the
// arguments ks: one (single), or a tuple of them, as JAX's argnums=(0, 1):
// the Jacobian is then that w.r.t. the tuple of those arguments, each of
// its blocks a tuple with one Jacobian per argument. jacrev: rows
// pb(e_i). jacfwd: columns J e_j, each a Jacobian-vector product by
// forward mode (JF). hessian is jacfwd(jacrev(f)): forward over reverse.
func (bk *block) jacobian(name string, f ir.Node, fname string, info *fnInfo, arity int, ks []int, single bool, pos ir.Pos) ir.Node {
	b, m := bk.fn.b, bk.fn.b.m
	if name == "myia.hessian" {
		rev := bk.jacobian("myia.jacrev", f, fname, info, arity, ks, single, pos)
		return bk.jacobian("myia.jacfwd", rev, fname, info, arity, ks, single, pos)
	}
	op := displayBuiltin(name)
	helper := map[string]string{"myia.jacrev": "jac_rows", "myia.jacfwd": "jac_cols"}[name]
	if b.opt.Builtins[helper] == nil {
		b.errorf(pos, "%s() needs the standard library", op)
		return m.Const(ir.None, pos)
	}
	g := m.NewGraph(fmt.Sprintf("%s_%s", op, fname), pos, bk.g, ir.KindLambda)
	bk.register(g, info, arity, pos)
	if name == "myia.jacfwd" {
		b.jacfwdInto(g, f, info, arity, ks, single, pos)
		return m.Const(g, pos)
	}
	// jacrev: the rows, built in rev beside g; where f itself
	// differentiates, g may take jacfwd instead (finishGrads).
	rev := g
	xs := params(m, g, arity, info, pos)
	if !b.opt.ReverseGrad {
		rev = m.NewGraph(fmt.Sprintf("%s_%s_reverse", op, fname), pos, bk.g, ir.KindLambda)
		b.gradSites = append(b.gradSites, gradSite{g: g, rev: rev, name: name, f: b.use(f, pos), info: info, xs: xs, ks: ks, single: single, pos: pos})
		xs = params(m, rev, arity, info, pos)
	}
	out, pb := bk.linearize(rev, f, xs, ks, single, pos)
	m.SetOutput(rev, m.Apply(rev, pos, m.Const(b.opt.Builtins[helper], pos), out, pb))
	return m.Const(g, pos)
}

// jacfwdInto builds jacfwd(f) w.r.t. the arguments ks in g (without
// parameters yet): the columns jv(e_j), jv(t) = JF(f)(x1, 0, ..., xk, t,
// ...)[1] (t[i] for the i-th of several arguments ks).
func (b *Builder) jacfwdInto(g *ir.Graph, f ir.Node, info *fnInfo, arity int, ks []int, single bool, pos ir.Pos) {
	m := b.m
	xs := params(m, g, arity, info, pos)
	jf := m.ApplyPrim(g, pos, ir.JF, b.use(f, pos))
	jv := m.NewGraph("jvp", pos, g, ir.KindLambda)
	tan := m.AddParam(jv, "t", pos)
	at := map[int]int{}
	for i, k := range ks {
		at[k] = i
	}
	args := []ir.Node{jf}
	for i, x := range xs {
		var dx ir.Node
		switch j, ok := at[i]; {
		case !ok:
			dx = m.ApplyPrim(jv, pos, ir.ZerosLike, x)
		case single:
			dx = tan
		default:
			dx = m.ApplyPrim(jv, pos, ir.GetItem, tan, m.Const(int64(j), pos))
		}
		args = append(args, m.ApplyPrim(jv, pos, ir.JF, x), dx)
	}
	r := m.Apply(jv, pos, args...)
	// The column is the tangent; the output's value, which it does not
	// read, holds f's prints and asserts.
	y := m.ApplyPrim(jv, pos, ir.GetItem, r, m.Const(int64(0), pos))
	dy := m.ApplyPrim(jv, pos, ir.GetItem, r, m.Const(int64(1), pos))
	m.SetOutput(jv, m.ApplyPrim(jv, pos, ir.Depend, dy, y))
	x := xs[ks[0]]
	if !single {
		sel := make([]ir.Node, len(ks))
		for i, k := range ks {
			sel[i] = xs[k]
		}
		x = m.ApplyPrim(g, pos, ir.MakeTuple, sel...)
	}
	m.SetOutput(g, m.Apply(g, pos, m.Const(b.opt.Builtins["jac_cols"], pos), x, m.Const(jv, pos)))
}

// jvp lowers jvp(f, primals, tangents) to JF(f)(x1, t1, ..., xn, tn),
// forward mode, which returns (out, J t). primals and tangents are
// tuples (or, as in JAX, lists) of f's arguments and their tangents:
// written out, or values of as many elements as f takes arguments.
func (bk *block) jvp(c *Call) ir.Node {
	b, m := bk.fn.b, bk.fn.b.m
	pos := c.Pos()
	if len(c.Args) != 3 || len(c.Keywords) > 0 {
		b.errorf(pos, "jvp() takes a function, a tuple of primals and a tuple of tangents")
		return m.Const(ir.None, pos)
	}
	f := bk.expr(c.Args[0])
	literal := func(e Expr) ([]Expr, bool) {
		switch t := e.(type) {
		case *Tuple:
			return t.Elts, true
		case *List:
			return t.Elts, true
		}
		return nil, false
	}
	// items returns the n elements of the tuple or list e, checked to
	// have n of them at run time (inference decides a tuple's length).
	items := func(e Expr, n int, msg string) []ir.Node {
		v := bk.expr(e)
		ok := m.ApplyPrim(bk.g, e.Pos(), ir.Eq, m.ApplyPrim(bk.g, e.Pos(), ir.Len, v), m.Const(int64(n), e.Pos()))
		v = bk.effect(m.Const(ir.Check, e.Pos()), e.Pos(), ok, m.Const(msg, e.Pos()), v)
		out := make([]ir.Node, n)
		for i := range out {
			out[i] = m.ApplyPrim(bk.g, e.Pos(), ir.GetItem, v, m.Const(int64(i), e.Pos()))
		}
		return out
	}
	var xs []ir.Node
	if elts, ok := literal(c.Args[1]); ok {
		xs = bk.exprs(elts)
	} else {
		n := -1
		if g := ir.GraphOf(f); g != nil && b.info[g] != nil {
			n = len(b.info[g].params)
		} else if ns, _ := b.arityOf(c); len(ns) == 1 {
			n = ns[0]
		}
		if n < 0 {
			b.errorf(c.Args[1].Pos(), "jvp(): write the primals as a tuple, e.g. jvp(f, (x, y), (tx, ty)), or differentiate a function whose number of arguments is known here")
			return m.Const(ir.None, pos)
		}
		xs = items(c.Args[1], n, fmt.Sprintf("jvp(): the primals must hold %d value%s, one per argument of the function", n, plural(n)))
	}
	var ts []ir.Node
	if elts, ok := literal(c.Args[2]); ok {
		if len(elts) != len(xs) {
			b.errorf(c.Args[2].Pos(), "jvp(): %d primals but %d tangents: give one tangent per primal", len(xs), len(elts))
			return m.Const(ir.None, pos)
		}
		ts = bk.exprs(elts)
	} else {
		ts = items(c.Args[2], len(xs), fmt.Sprintf("jvp(): %d primals, so the tangents must hold %d value%s, one per primal", len(xs), len(xs), plural(len(xs))))
	}
	// Arguments enter the JF world as J's do: a function becomes its
	// transform, data stays as it is.
	args := []ir.Node{m.ApplyPrim(bk.g, pos, ir.JF, f)}
	for i, x := range xs {
		args = append(args, m.ApplyPrim(bk.g, pos, ir.JF, x), ts[i])
	}
	return bk.call(args[0], pos, args[1:]...)
}

// jargs maps arguments into the J world: J(x) is x for data and the
// transformed function for a function value.
func jargs(m *ir.Module, g *ir.Graph, xs []ir.Node, pos ir.Pos) []ir.Node {
	out := make([]ir.Node, len(xs))
	for i, x := range xs {
		out[i] = m.ApplyPrim(g, pos, ir.J, x)
	}
	return out
}

// checkpoint lowers checkpoint(f) for a top-level def f: a function with
// f's values whose J stores only its arguments and, in the reverse pass,
// runs J(f) again on them:
//
//	graph ckpt_f(x...) = f(x...)   with the custom VJP
//	graph ckpt_f_fwd(x...) = (f(x...), (x...))
//	graph ckpt_f_bwd(r, g) = J(f)(r...)[1](g)[1:]
//
// f has no free variables, so dropping the environment its backpropagator
// returns loses nothing. A closure (or a function value) is differentiated
// as it is: its reverse pass keeps what its forward pass computed.
func (bk *block) checkpoint(f ir.Node, fname string, arity int, pos ir.Pos) ir.Node {
	m := bk.fn.b.m
	fg := ir.GraphOf(f)
	if fg == nil || fg.Parent != nil || fg.VJP != nil {
		return f
	}
	params := func(g *ir.Graph, n int) []ir.Node {
		out := make([]ir.Node, n)
		for i := range out {
			out[i] = m.AddParam(g, fmt.Sprintf("x%d", i), pos)
		}
		return out
	}
	fwd := m.NewGraph("ckpt_"+fname+"_fwd", pos, nil, ir.KindLambda)
	xs := params(fwd, arity)
	out := m.Apply(fwd, pos, append([]ir.Node{m.Const(fg, pos)}, xs...)...)
	m.SetOutput(fwd, m.ApplyPrim(fwd, pos, ir.MakeTuple, out, m.ApplyPrim(fwd, pos, ir.MakeTuple, xs...)))

	bwd := m.NewGraph("ckpt_"+fname+"_bwd", pos, nil, ir.KindLambda)
	r := m.AddParam(bwd, "r", pos)
	g := m.AddParam(bwd, "g", pos)
	args := []ir.Node{m.ApplyPrim(bwd, pos, ir.J, m.Const(fg, pos))}
	for i := 0; i < arity; i++ {
		args = append(args, m.ApplyPrim(bwd, pos, ir.GetItem, r, m.Const(int64(i), pos)))
	}
	pair := m.Apply(bwd, pos, args...)
	pb := m.ApplyPrim(bwd, pos, ir.GetItem, pair, m.Const(int64(1), pos))
	d := m.Apply(bwd, pos, pb, g)
	ds := make([]ir.Node, arity)
	for i := range ds {
		ds[i] = m.ApplyPrim(bwd, pos, ir.GetItem, d, m.Const(int64(i+1), pos))
	}
	m.SetOutput(bwd, m.ApplyPrim(bwd, pos, ir.MakeTuple, ds...))

	ck := m.NewGraph("ckpt_"+fname, pos, nil, ir.KindLambda)
	ys := params(ck, arity)
	m.SetOutput(ck, m.Apply(ck, pos, append([]ir.Node{m.Const(fg, pos)}, ys...)...))
	ck.VJP = &ir.CustomVJP{Fwd: fwd, Bwd: bwd}
	return m.Const(ck, pos)
}
