package ad

import (
	"fmt"

	"github.com/myia/myia/ir"
)

// Forward mode: the JF transform (dual numbers, as in dF~ and in
// JAX's jvp). JF maps a graph g(x1..xn) to jvp_g(x1, dx1, ..., xn, dxn),
// which returns the pair (value, tangent). Every node n of g stands for
// two nodes of jvp_g: its value P(n) and its tangent T(n).
//
//   - A call of a primitive, y = p(x...), becomes y = p(P(x)...) and
//     T(y) = jvp_p(P(x)..., y, T(x)...), the tangent rule written in the
//     language (stdlib/tangents.py).
//   - Any other call, y = f(x...), becomes r = P(f)(P(x1), T(x1), ...),
//     P(y) = r[0], T(y) = r[1]: a function value in the JF world is its
//     JF transform, so P of a graph constant is its transform, and P of
//     a closure made inside the transformed graphs is the closure of its
//     transform, which captures the values and tangents of its free
//     variables directly.
//   - A constant's tangent, and that of a value from outside the
//     transformed graphs (a free variable of a closure transformed on
//     its own), is zeros_like of it: it does not depend on the inputs.
//
// For f(x, y) = x * y:
//
//	graph jvp_f(x, dx, y, dy) {
//	  %1 = mul(x, y)
//	  %2 = @jvp_mul(x, y, %1, dx, dy)
//	  return make_tuple(%1, %2)
//	}
//
// Unlike J, nothing is stored for later and no environment is built:
// a loop stays a loop, and jvp_g costs a small constant times g.
type Forward struct {
	t     *Transformer
	m     *ir.Module
	rules *Rules
	fg    map[*ir.Graph]*ir.Graph
	prims map[fpropKey]*ir.Graph
	// from maps a parameter of a stub (the JF of a free variable of a
	// closure transformed on its own) to that free variable.
	from map[ir.Node]ir.Node
	sc   *fscope
}

// ForwardGenerated says which primitives get their tangent from this
// package rather than from a rule.
var ForwardGenerated = map[ir.Prim]bool{ir.Return: true, ir.MakeTuple: true, ir.MakeList: true,
	ir.Print: true, ir.J: true, ir.JF: true}

// TangentsFrom picks the tangent rules jvp_<name>(x1..xn, out, dx1..dxn)
// out of the stdlib's functions and returns the names of the primitives
// that have none.
func TangentsFrom(funcs map[string]*ir.Graph) (*Rules, []string) {
	return rulesFrom(funcs, "jvp_", ForwardGenerated)
}

// SetTangents gives t the tangent rules of forward mode; without them,
// JF is an error.
func (t *Transformer) SetTangents(rules *Rules) {
	t.fwd = &Forward{t: t, m: t.m, rules: rules, fg: map[*ir.Graph]*ir.Graph{},
		prims: map[fpropKey]*ir.Graph{}, from: map[ir.Node]ir.Node{}}
}

// Forward returns the JF transform, or nil if t has no tangent rules.
func (t *Transformer) Forward() ir.Transform {
	if t.fwd == nil {
		return nil
	}
	return t.fwd
}

// fscope is the state of one JF transform.
type fscope struct {
	in   map[*ir.Graph]bool
	fg   map[*ir.Graph]*ir.Graph
	p, d map[ir.Node]ir.Node // primal node -> its value, its tangent
	stub *ir.Graph
	// site, if not nil, is the graph a JF of a closure stands in, which
	// the transform is nested in (ExpandIn): a free variable from outside
	// is JF of it, computed there.
	site    *ir.Graph
	outside map[ir.Node]ir.Node
	zeros   map[*ir.Graph]map[ir.Node]ir.Node // per graph: input -> its zero tangent there
}

// Graph returns JF(g), transforming g and the graphs nested in it on
// first use.
func (f *Forward) Graph(g *ir.Graph) *ir.Graph {
	if fg, ok := f.fg[g]; ok {
		return fg
	}
	sc := f.transform(g, nil)
	f.fg[g] = sc.fg[g]
	return f.fg[g]
}

// EnvMap says how the closure of JF(g) is made from one of g: free
// variable i of JF(g) is JF of free variable EnvMap(g)[i] of g.
func (f *Forward) EnvMap(g *ir.Graph) []int {
	fg := f.Graph(g)
	fv := f.m.FreeVariables(g)
	index := map[ir.Node]int{}
	for i, v := range fv {
		index[v] = i
	}
	ffv := f.m.FreeVariables(fg)
	out := make([]int, len(ffv))
	for i, v := range ffv {
		k, ok := index[f.from[v]]
		if !ok {
			panic(fmt.Sprintf("ad: free variable %d of %s has no primal counterpart", v.ID(), fg.Name))
		}
		out[i] = k
	}
	return out
}

func (f *Forward) transform(g, site *ir.Graph) *fscope {
	m := f.m
	sc := &fscope{fg: map[*ir.Graph]*ir.Graph{}, p: map[ir.Node]ir.Node{}, d: map[ir.Node]ir.Node{},
		outside: map[ir.Node]ir.Node{}, zeros: map[*ir.Graph]map[ir.Node]ir.Node{}, site: site}
	var set []*ir.Graph
	set, sc.in = transformSet(m, g)
	if f.t.ExpandIn(set) {
		// JF cannot differentiate through a J made at run time: the
		// reverse transforms of what g differentiates are made first.
		set, sc.in = transformSet(m, g)
	}
	f.t.checkOrder(g)
	for _, h := range set {
		var parent *ir.Graph
		if h.Parent != nil {
			if sc.in[h.Parent] {
				parent = sc.fg[h.Parent]
			} else if site != nil {
				parent = site
			} else {
				if sc.stub == nil {
					sc.stub = m.NewGraph("env_"+h.Name, h.Pos, nil, ir.KindBackprop)
					m.SetOutput(sc.stub, m.Const(ir.None, h.Pos))
				}
				parent = sc.stub
			}
		}
		fh := m.NewGraph("jvp_"+h.Name, h.Pos, parent, h.Kind)
		for _, p := range h.Params {
			sc.p[p] = m.AddParam(fh, p.Name, p.Pos())
			sc.d[p] = m.AddParam(fh, "d"+p.Name, p.Pos())
		}
		sc.fg[h] = fh
		f.t.order[fh] = f.t.order[h] + 1
		if h.Parent == nil {
			f.fg[h] = fh // before the bodies: recursion finds it
		}
	}
	prev := f.sc
	f.sc = sc
	defer func() {
		f.sc = prev
		if r := recover(); r != nil {
			abandon(m, set, sc.fg, f.fg)
			panic(r)
		}
	}()
	for _, h := range set {
		if h.Return() != nil {
			f.body(h)
		}
	}
	for _, h := range set {
		if len(h.Defaults) > 0 {
			fh := sc.fg[h]
			var ds []ir.Node
			for _, d := range h.Defaults {
				ds = append(ds, f.value(fh, d, -1), f.defaultTangent(d))
			}
			m.SetDefaults(fh, ds)
		}
	}
	return sc
}

// value returns P(n) for a use in fh: the JF-world value of n.
func (f *Forward) value(fh *ir.Graph, n ir.Node, arity int) ir.Node {
	m, sc := f.m, f.sc
	if c, ok := n.(*ir.Constant); ok {
		switch v := c.Value.(type) {
		case ir.Prim:
			return m.Const(f.Fprop(v, arity), c.Pos())
		case *ir.Graph:
			if fv, ok := sc.fg[v]; ok {
				return m.Const(fv, c.Pos())
			}
			if v.Parent != nil {
				panic(fmt.Sprintf("ad: closure %s used outside the graphs transformed with it", v.Name))
			}
			return m.Const(f.Graph(v), c.Pos())
		}
		return m.Const(c.Value, c.Pos())
	}
	if pn, ok := sc.p[n]; ok {
		return pn
	}
	if sc.in[n.Graph()] {
		panic(fmt.Sprintf("ad: node %d of %s used before it was transformed", n.ID(), n.Graph().Name))
	}
	// A free variable from outside the set: a parameter of the stub,
	// which the closure of JF(g) fills with JF of the variable.
	if pn, ok := sc.outside[n]; ok {
		return pn
	}
	if sc.site != nil {
		pn := m.ApplyPrim(sc.site, n.Pos(), ir.JF, n)
		sc.outside[n] = pn
		return pn
	}
	pn := m.AddParam(sc.stub, fmt.Sprintf("fv%d", n.ID()), n.Pos())
	f.from[pn] = n
	f.t.origin[pn] = n // JF(f)'s environment has the keys of f's (see Key)
	sc.outside[n] = pn
	return pn
}

// tangent returns T(n) for a use in fh. A constant and a value from
// outside the transformed graphs have a zero tangent, made once per
// graph that uses it.
func (f *Forward) tangent(fh *ir.Graph, n ir.Node) ir.Node {
	if d, ok := f.sc.d[n]; ok {
		return d
	}
	zs := f.sc.zeros[fh]
	if zs == nil {
		zs = map[ir.Node]ir.Node{}
		f.sc.zeros[fh] = zs
	}
	if z, ok := zs[n]; ok {
		return z
	}
	var v ir.Node
	if c, ok := n.(*ir.Constant); ok {
		switch c.Value.(type) {
		case ir.Prim, *ir.Graph:
			// A function: its tangent is never read (calls use its value).
			v = f.m.Const(ir.None, n.Pos())
		case ir.UndefinedType:
			// A name not bound yet (read only where a flag says it is):
			// so is its tangent.
			return f.m.Const(ir.Undefined, n.Pos())
		default:
			v = f.m.Const(c.Value, c.Pos())
		}
	} else {
		v = f.value(fh, n, -1)
	}
	z := f.m.ApplyPrim(fh, n.Pos(), ir.ZerosLike, v)
	zs[n] = z
	return z
}

// ExpandIn replaces, in the graphs of gs, JF of a graph constant by its
// transform: the JF graph of a top-level function, and for a closure, a
// transform of it nested in the graph where the JF stands, whose free
// variables from outside are JF of the closure's, computed there:
//
//	graph main(y) {                     graph main(y) {
//	  %1 = JF(@lambda)          ->        %1 = JF(y)
//	}                                     (uses of JF(@lambda) use @jvp_lambda)
//	graph lambda(x) in main {...}       graph jvp_lambda(x, dx) in main {...}
//
// so that J, which cannot differentiate through a JF made at run time,
// and inference see ordinary code. It reports whether it changed
// anything.
func (f *Forward) ExpandIn(gs []*ir.Graph) bool {
	return expandConsts(f.m, gs, ir.JF, func(v any, site *ir.Graph) *ir.Graph {
		switch v := v.(type) {
		case *ir.Graph:
			if v.Parent == nil {
				return f.Graph(v)
			}
			return f.transform(v, site).fg[v]
		case ir.Prim:
			if v.Info().Arity >= 0 && v != ir.J {
				return f.Fprop(v, -1)
			}
		}
		return nil
	})
}

// defaultTangent is the tangent of a parameter's default value d: a
// value of the scope the graph is made in, as d is.
func (f *Forward) defaultTangent(d ir.Node) ir.Node {
	m, sc := f.m, f.sc
	if c, ok := d.(*ir.Constant); ok {
		var z any = ir.None
		switch c.Value.(type) {
		case int64:
			z = int64(0)
		case float64:
			z = 0.0
		case bool:
			z = false
		}
		return m.Const(z, c.Pos())
	}
	if t, ok := sc.d[d]; ok {
		return t
	}
	if sc.site != nil {
		return m.ApplyPrim(sc.site, d.Pos(), ir.ZerosLike, d)
	}
	panic(ir.Abort{Err: ir.Errorf(d.Pos(), "forward mode (jvp, jacfwd) of a closure made at run time whose default values are computed is not supported")})
}

// body fills JF(h).
func (f *Forward) body(h *ir.Graph) {
	m, sc := f.m, f.sc
	fh := sc.fg[h]
	nodes := h.Nodes()
	nodes = nodes[:len(nodes)-1] // the return node
	for _, a := range nodes {
		pos := a.Pos()
		args := a.Inputs[1:]
		if c, ok := a.Inputs[0].(*ir.Constant); ok {
			if p, ok := c.Value.(ir.Prim); ok {
				f.prim(fh, a, p)
				continue
			}
		}
		callee := a.Inputs[0]
		fn := f.value(fh, callee, len(args))
		in := []ir.Node{fn}
		for i, x := range args {
			arity := -1
			if i == 0 && ir.IsApplyOf(a, ir.Depend) {
				arity = f.t.calledArity(a)
			}
			in = append(in, f.value(fh, x, arity), f.tangent(fh, x))
		}
		r := m.Apply(fh, pos, in...)
		sc.p[a] = m.ApplyPrim(fh, pos, ir.GetItem, r, m.Const(int64(0), pos))
		sc.d[a] = m.ApplyPrim(fh, pos, ir.GetItem, r, m.Const(int64(1), pos))
	}
	out := h.Output()
	m.SetOutput(fh, m.ApplyPrim(fh, h.Pos, ir.MakeTuple, f.value(fh, out, -1), f.tangent(fh, out)))
}

// prim transforms a = p(x...) into fh.
func (f *Forward) prim(fh *ir.Graph, a *ir.Apply, p ir.Prim) {
	m, sc := f.m, f.sc
	pos := a.Pos()
	args := a.Inputs[1:]
	vals := make([]ir.Node, len(args))
	for i, x := range args {
		arity := -1
		if i == 0 && p == ir.Depend {
			arity = f.t.calledArity(a)
		}
		vals[i] = f.value(fh, x, arity)
	}
	if p == ir.J {
		// J of a graph was expanded before (ExpandIn): this is J of a
		// value.
		x := args[0]
		sc.d[a] = f.tangent(fh, x)
		if _, inside := sc.p[x]; !inside && sc.site != nil {
			if _, isConst := x.(*ir.Constant); !isConst {
				// A value from outside, known where the transform is
				// made: its value in the JF world is JF(J(x)).
				sc.p[a] = m.ApplyPrim(sc.site, pos, ir.JF, m.ApplyPrim(sc.site, pos, ir.J, x))
				return
			}
		}
		// Inside, J of data is the data. J of a function made at run
		// time would be JF(J(h)), which JF(h), the value forward mode
		// has, does not give: an error, which inference reports where
		// the types say so (the pipeline then builds the gradients that
		// reach a differentiation in reverse mode).
		v := vals[0]
		isData := m.ApplyPrim(fh, pos, ir.GradForward, m.Const(0.0, pos), m.ApplyPrim(fh, pos, ir.MakeTuple, v))
		sc.p[a] = m.ApplyPrim(fh, pos, ir.Check, isData, m.Const(ErrForwardOverJ, pos), v)
		return
	}
	tans := make([]ir.Node, len(args))
	for i, x := range args {
		tans[i] = f.tangent(fh, x)
	}
	sc.p[a] = m.ApplyPrim(fh, pos, p, vals...)
	sc.d[a] = f.tangentOf(fh, pos, p, vals, sc.p[a], tans)
}

// ErrForwardOverJ is the error of forward mode meeting the J of a function
// made at run time (a grad of a function value, under jvp).
const ErrForwardOverJ = "forward mode (jvp, jacfwd) cannot differentiate through the grad of a function value made at run time"

// tangentOf makes, in g, the tangent of out = p(xs...) whose arguments
// have the tangents ds: the rule's, or the generated one of a
// structural primitive.
func (f *Forward) tangentOf(g *ir.Graph, pos ir.Pos, p ir.Prim, xs []ir.Node, out ir.Node, ds []ir.Node) ir.Node {
	m := f.m
	switch p {
	case ir.MakeTuple, ir.MakeList:
		return m.ApplyPrim(g, pos, p, ds...)
	case ir.Print:
		return m.Const(ir.None, pos)
	case ir.JF:
		// JF of data is the data, and so is its tangent; a function's
		// tangent is never read.
		return ds[0]
	}
	rule := f.rules[p]
	if rule == nil {
		panic(fmt.Sprintf("ad: primitive %s has no tangent rule", p))
	}
	in := append([]ir.Node{m.Const(rule, pos)}, xs...)
	in = append(in, out)
	return m.Apply(g, pos, append(in, ds...)...)
}

// Fprop returns JF(p) for a primitive applied to arity arguments, a
// function value:
//
//	graph jvp_p(x1, dx1, ..., xn, dxn) {
//	  out = p(x1..xn)
//	  return (out, rule_p(x1..xn, out, dx1..dxn))
//	}
func (f *Forward) Fprop(p ir.Prim, arity int) *ir.Graph {
	if arity < 0 {
		arity = p.Info().Arity
	}
	if arity < 0 || p == ir.J {
		panic(fmt.Sprintf("ad: %s used as a value cannot be differentiated in forward mode", p))
	}
	key := fpropKey{p, arity}
	if g, ok := f.prims[key]; ok {
		return g
	}
	m := f.m
	var pos ir.Pos
	g := m.NewGraph("jvp_"+p.String(), pos, nil, ir.KindBackprop)
	f.prims[key] = g
	xs := make([]ir.Node, arity)
	ds := make([]ir.Node, arity)
	for i := range xs {
		xs[i] = m.AddParam(g, fmt.Sprintf("x%d", i), pos)
		ds[i] = m.AddParam(g, fmt.Sprintf("dx%d", i), pos)
	}
	out := m.ApplyPrim(g, pos, p, xs...)
	d := f.tangentOf(g, pos, p, xs, out, ds)
	m.SetOutput(g, m.ApplyPrim(g, pos, ir.MakeTuple, out, d))
	return g
}
