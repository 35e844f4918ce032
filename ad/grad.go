// Package ad differentiates graphs by source transformation: the J
// transform of Myia and of Pearlmutter and Siskind's "Lambda, the
// ultimate backpropagator".
//
// J maps a graph g(x1..xn) to fprop_g(x1..xn), which returns a pair
// (value, bprop_g). The backpropagator bprop_g(dout) returns a tuple
// (env, dx1, ..., dxn): env holds the sensitivities of g's free
// variables, keyed by node (ir.EnvKey), so that the graph that built the
// closure adds them to its own nodes. Every call y = f(x...) in g becomes
// t = J(f)(J(x)...); y = t[0]; b = t[1], and bprop_g calls the collected
// b's in reverse order, summing the sensitivities of values used more than
// once with gadd.
//
// For f(x, y) = x * y:
//
//	graph fprop_f(x, y) {
//	  %1 = @fprop_mul(x, y)
//	  %2 = getitem(%1, 0)
//	  %3 = getitem(%1, 1)
//	  return make_tuple(%2, @bprop_f)
//	}
//	graph bprop_f(dout) in fprop_f {
//	  %1 = fprop_f.%3(dout)
//	  return make_tuple(newenv(), getitem(%1, 1), getitem(%1, 2))
//	}
//
// The backpropagators of primitives are written in the language itself
// (stdlib/adjoints.py) and handed to this package as Rules, so ad never
// imports the frontend. Transformed graphs are memoised, and J is also a
// primitive on function values at run time (the VM calls Transformer.Graph).
package ad

import (
	"fmt"
	"sort"

	"github.com/myia/myia/ir"
)

// Rules holds, per primitive, its backpropagator bprop_<name>(x1..xn,
// out, dout) returning the tuple (dx1, ..., dxn). Variadic structural
// primitives (make_tuple, make_list, print) are generated per arity.
type Rules [ir.NumPrims]*ir.Graph

// Transformer applies J to the graphs of one module, memoising.
type Transformer struct {
	m      *ir.Module
	rules  *Rules
	jg     map[*ir.Graph]*ir.Graph
	fprops map[fpropKey]*ir.Graph
	// origin maps a J-world node to the primal node it stands for.
	origin map[ir.Node]ir.Node
	sc     *scope // of the transform under way
	// order is how many J transforms made a graph (absent: 0, the
	// user's); see MaxOrder.
	order map[*ir.Graph]int
	// fwd is the forward-mode transform (JF); see SetTangents.
	fwd *Forward
}

// MaxOrder bounds the nesting of derivatives: J of a graph that is
// already the MaxOrder-th transform of one of the user's is an error
// (ir.Abort), not a transform. Each order multiplies the size of the
// code, and a recursion that takes derivatives without a bound known at
// compile time (nth(deriv(f), n - 1, x)) would otherwise transform until
// memory runs out.
const MaxOrder = 5

type fpropKey struct {
	p     ir.Prim
	arity int
}

// New makes a transformer for m.
func New(m *ir.Module, rules *Rules) *Transformer {
	return &Transformer{m: m, rules: rules, jg: map[*ir.Graph]*ir.Graph{},
		fprops: map[fpropKey]*ir.Graph{}, origin: map[ir.Node]ir.Node{}, order: map[*ir.Graph]int{}}
}

// Forget drops the memoised transforms of graphs, so that the next J of
// a graph transforms it as it is now. The optimizer calls it after it has
// rewritten graphs in place: a J(g) made before then may no longer match
// g's free variables. Graphs already made stay valid where they are used.
func (t *Transformer) Forget() {
	t.jg = map[*ir.Graph]*ir.Graph{}
	if t.fwd != nil {
		t.fwd.fg = map[*ir.Graph]*ir.Graph{}
	}
}

// Mark returns a function that forgets the transforms made since Mark
// was called, and only those: the joins pass infers types (which
// transforms the functions met under J) and then edits graphs, so what
// it transformed must be transformed again when next met, while what
// the grad pass made stays shared.
func (t *Transformer) Mark() (forget func()) {
	memos := func() []map[*ir.Graph]*ir.Graph {
		if t.fwd == nil {
			return []map[*ir.Graph]*ir.Graph{t.jg}
		}
		return []map[*ir.Graph]*ir.Graph{t.jg, t.fwd.fg}
	}
	var before [2]map[*ir.Graph]bool
	for i, memo := range memos() {
		before[i] = map[*ir.Graph]bool{}
		for g := range memo {
			before[i][g] = true
		}
	}
	return func() {
		for i, memo := range memos() {
			for g := range memo {
				if !before[i][g] {
					delete(memo, g)
				}
			}
		}
	}
}

// Graph returns J(g). On first use it transforms g, the graphs nested in
// g, and the nested graphs they refer to (the branches, loops and
// closures of a function). Their free variables from outside that set
// become parameters of a stub graph that encloses the transformed ones:
// the J transform of a closure is only ever called with its environment
// (see EnvMap), so the enclosing function need not be transformed.
func (t *Transformer) Graph(g *ir.Graph) *ir.Graph {
	if jg, ok := t.jg[g]; ok {
		return jg
	}
	sc := t.transform(g, nil)
	t.jg[g] = sc.jg[g]
	return t.jg[g]
}

// Key is the environment key of a free variable: the primal node a
// J-world node stands for, so that J(f)'s environment and f's agree.
func (t *Transformer) Key(n ir.Node) ir.EnvKey {
	for {
		o, ok := t.origin[n]
		if !ok {
			return ir.EnvKey(n.ID())
		}
		n = o
	}
}

// Alias records that clone (a node of a graph copied by inference)
// stands for orig, so that environments keyed by orig's key reach it.
func (t *Transformer) Alias(clone, orig ir.Node) { t.origin[clone] = orig }

// EnvMap says how to build the environment of a closure of J(g) from one
// of g: free variable i of J(g) is free variable EnvMap(g)[i] of g.
func (t *Transformer) EnvMap(g *ir.Graph) []int {
	jg := t.Graph(g)
	fv := t.m.FreeVariables(g)
	index := map[ir.EnvKey]int{}
	for i, v := range fv {
		index[t.Key(v)] = i
	}
	jfv := t.m.FreeVariables(jg)
	out := make([]int, len(jfv))
	for i, v := range jfv {
		k, ok := index[t.Key(v)]
		if !ok {
			panic(fmt.Sprintf("ad: free variable %d of %s has no primal counterpart", v.ID(), jg.Name))
		}
		out[i] = k
	}
	return out
}

// scope is the state of one call of transform.
// Each transform has its own maps: a closure transformed on its own (with
// a stub) and the same graph transformed inside its function's J are two
// different graphs, whose nodes must not mix.
type scope struct {
	in   map[*ir.Graph]bool
	jg   map[*ir.Graph]*ir.Graph
	node map[ir.Node]ir.Node // primal node -> J node
	stub *ir.Graph
	// site, if not nil, is the graph a J of a closure stands in, which
	// the transform is nested in (ExpandIn).
	site    *ir.Graph
	outside map[ir.Node]ir.Node
}

func (t *Transformer) transform(g, site *ir.Graph) *scope {
	sc := &scope{jg: map[*ir.Graph]*ir.Graph{},
		node: map[ir.Node]ir.Node{}, outside: map[ir.Node]ir.Node{}, site: site}
	var set []*ir.Graph
	set, sc.in = transformSet(t.m, g)
	if t.fwd != nil && t.fwd.ExpandIn(set) {
		// J cannot differentiate a JF made at run time: the forward
		// transforms of the closures g differentiates are made first.
		set, sc.in = transformSet(t.m, g)
	}
	t.checkOrder(g)
	for _, h := range set {
		var parent *ir.Graph
		if h.Parent != nil {
			if sc.in[h.Parent] {
				parent = sc.jg[h.Parent]
			} else if site != nil {
				parent = site
			} else {
				parent = t.stub(sc, h)
			}
		}
		jh := t.m.NewGraph("fprop_"+h.Name, h.Pos, parent, h.Kind)
		for _, p := range h.Params {
			jp := t.m.AddParam(jh, p.Name, p.Pos())
			sc.node[p] = jp
			t.origin[jp] = p
		}
		sc.jg[h] = jh
		t.order[jh] = t.order[h] + 1
		if h.Parent == nil && site == nil {
			t.jg[h] = jh // before the bodies: recursion finds it
		}
	}
	prev := t.sc
	t.sc = sc
	defer func() {
		t.sc = prev
		if r := recover(); r != nil {
			abandon(t.m, set, sc.jg, t.jg)
			panic(r)
		}
	}()
	for _, h := range set {
		switch {
		case h.VJP != nil:
			t.custom(h)
		case h.Return() != nil:
			t.body(h)
		}
	}
	for _, h := range set {
		if len(h.Defaults) > 0 {
			ds := make([]ir.Node, len(h.Defaults))
			for i, d := range h.Defaults {
				ds[i] = t.input(d, -1)
			}
			t.m.SetDefaults(sc.jg[h], ds)
		}
	}
	return sc
}

// abandon empties the graphs made (made[h], the transform of h, for the
// graphs h of set) by a transform that did not finish (a nested
// transform raised the nesting error, which inference may take as a
// reason to unroll a loop and try again) and forgets them in memo: they
// return None, so the module stays valid and no one calls them.
func abandon(m *ir.Module, set []*ir.Graph, made, memo map[*ir.Graph]*ir.Graph) {
	for _, h := range set {
		jh, ok := made[h]
		if !ok {
			continue
		}
		if memo[h] == jh {
			delete(memo, h)
		}
		m.SetOutput(jh, m.Const(ir.None, jh.Pos))
	}
}

// ExpandIn replaces, in the graphs of gs, J of a graph constant by its
// transform: the J graph of a top-level function or of a primitive, and
// for a closure, a transform of it nested in the graph where the J
// stands, whose free variables from outside are J of the closure's,
// computed there (the code a J at run time would run). Forward mode
// calls it before transforming graphs: JF cannot differentiate through
// a J made at run time. It reports whether it changed anything.
func (t *Transformer) ExpandIn(gs []*ir.Graph) bool {
	return expandConsts(t.m, gs, ir.J, func(v any, site *ir.Graph) *ir.Graph {
		switch v := v.(type) {
		case *ir.Graph:
			if v.Parent == nil {
				return t.Graph(v)
			}
			return t.transform(v, site).jg[v]
		case ir.Prim:
			if v.Info().Arity >= 0 {
				return t.Fprop(v, -1)
			}
		}
		return nil
	})
}

// expandConsts replaces, in the graphs of gs, each application of the
// transform prim (J or JF) to a constant by the graph expand gives for
// the constant's value where the application stands (nil: it stays).
// A graph without a body (a custom rule's) stays. It reports whether it
// changed anything.
func expandConsts(m *ir.Module, gs []*ir.Graph, prim ir.Prim, expand func(v any, site *ir.Graph) *ir.Graph) bool {
	changed := false
	for _, h := range gs {
		for _, a := range h.Nodes() {
			if !ir.IsApplyOf(a, prim) {
				continue
			}
			c, ok := a.Inputs[1].(*ir.Constant)
			if !ok {
				continue
			}
			if g, ok := c.Value.(*ir.Graph); ok && g.Return() == nil {
				continue
			}
			if g := expand(c.Value, h); g != nil {
				m.Replace(a, m.Const(g, a.Pos()))
				changed = true
			}
		}
	}
	return changed
}

// transformSet returns the graphs a transform of g transforms with it:
// g, the graphs nested in it, and the nested graphs they refer to (the
// branches, loops and closures of a function), parents first.
func transformSet(m *ir.Module, g *ir.Graph) ([]*ir.Graph, map[*ir.Graph]bool) {
	in := map[*ir.Graph]bool{}
	var set []*ir.Graph
	add := func(h *ir.Graph) {
		for _, k := range m.Graphs() {
			if h.IsAncestorOf(k) && !in[k] {
				in[k] = true
				set = append(set, k)
			}
		}
	}
	add(g)
	for i := 0; i < len(set); i++ {
		for _, a := range set[i].Nodes() {
			for _, x := range a.Inputs {
				if k := ir.GraphOf(x); k != nil && k.Parent != nil {
					add(k)
				}
			}
		}
	}
	sort.SliceStable(set, func(i, j int) bool { return set[i].Depth() < set[j].Depth() })
	return set, in
}

// checkOrder refuses to transform g again if it is already the
// MaxOrder-th transform (J or JF) of one of the user's graphs.
func (t *Transformer) checkOrder(g *ir.Graph) {
	if t.order[g] >= MaxOrder {
		panic(ir.Abort{Err: ir.Errorf(g.Pos, "derivatives nested more than %d deep (a recursion that differentiates without a bound known at compile time?)", MaxOrder)})
	}
}

// stub returns the graph that holds, as parameters, the free variables
// from outside the transformed set.
func (t *Transformer) stub(sc *scope, h *ir.Graph) *ir.Graph {
	if sc.stub == nil {
		sc.stub = t.m.NewGraph("env_"+h.Name, h.Pos, nil, ir.KindBackprop)
		t.m.SetOutput(sc.stub, t.m.Const(ir.None, h.Pos))
	}
	return sc.stub
}

// input maps a primal input to its J-world counterpart: a primitive
// becomes the closure of its fprop, a graph its J graph, another constant
// itself, a node the node that computes its value in J(h).
func (t *Transformer) input(n ir.Node, arity int) ir.Node {
	if c, ok := n.(*ir.Constant); ok {
		switch v := c.Value.(type) {
		case ir.Prim:
			return t.m.Const(t.Fprop(v, arity), c.Pos())
		case *ir.Graph:
			if jv, ok := t.sc.jg[v]; ok {
				return t.m.Const(jv, c.Pos())
			}
			if v.Parent != nil {
				panic(fmt.Sprintf("ad: closure %s used outside the graphs transformed with it", v.Name))
			}
			return t.m.Const(t.Graph(v), c.Pos())
		}
		return t.m.Const(c.Value, c.Pos())
	}
	sc := t.sc
	if jn, ok := sc.node[n]; ok {
		return jn
	}
	if sc.in[n.Graph()] {
		panic(fmt.Sprintf("ad: node %d of %s used before it was transformed", n.ID(), n.Graph().Name))
	}
	// A free variable from outside the set: a parameter of the stub, or
	// J of it computed where the transform is made (ExpandIn).
	if jn, ok := sc.outside[n]; ok {
		return jn
	}
	if sc.site != nil {
		jn := t.m.ApplyPrim(sc.site, n.Pos(), ir.J, n)
		sc.outside[n] = jn
		return jn
	}
	jn := t.m.AddParam(sc.stub, fmt.Sprintf("fv%d", n.ID()), n.Pos())
	t.origin[jn] = n
	sc.outside[n] = jn
	return jn
}

// calledArity returns the number of arguments n is called with, if all its
// calls agree, or -1.
func (t *Transformer) calledArity(n ir.Node) int {
	arity := -1
	for _, u := range t.m.Users(n) {
		if u.Index != 0 {
			continue
		}
		k := len(u.User.Inputs) - 1
		if arity >= 0 && arity != k {
			return -1
		}
		arity = k
	}
	return arity
}

// Fprop returns J(p) for a primitive applied to arity arguments:
//
//	graph fprop_p(x1..xn) {
//	  out = p(x1..xn)
//	  return (out, bprop_p)   where bprop_p(dout) = (newenv(), *rule_p(x1..xn, out, dout))
//	}
func (t *Transformer) Fprop(p ir.Prim, arity int) *ir.Graph {
	if arity < 0 {
		arity = p.Info().Arity
	}
	if arity < 0 {
		panic(fmt.Sprintf("ad: %s used as a value cannot be differentiated", p))
	}
	key := fpropKey{p, arity}
	if g, ok := t.fprops[key]; ok {
		return g
	}
	m := t.m
	var pos ir.Pos
	g := m.NewGraph("fprop_"+p.String(), pos, nil, ir.KindBackprop)
	t.fprops[key] = g
	xs := make([]ir.Node, arity)
	for i := range xs {
		xs[i] = m.AddParam(g, fmt.Sprintf("x%d", i), pos)
	}
	out := m.ApplyPrim(g, pos, p, xs...)
	b := m.NewGraph("bprop_"+p.String(), pos, g, ir.KindBackprop)
	dout := m.AddParam(b, "dout", pos)
	res := []ir.Node{m.ApplyPrim(b, pos, ir.NewEnv)}
	switch p {
	case ir.MakeTuple, ir.MakeList:
		for i := range xs {
			res = append(res, m.ApplyPrim(b, pos, ir.GetItem, dout, m.Const(int64(i), pos)))
		}
	case ir.Print:
		for _, x := range xs {
			res = append(res, m.ApplyPrim(b, pos, ir.ZerosLike, x))
		}
	default:
		rule := t.rules[p]
		if rule == nil {
			panic(fmt.Sprintf("ad: primitive %s has no backpropagator", p))
		}
		args := append([]ir.Node{m.Const(rule, pos)}, xs...)
		r := m.Apply(b, pos, append(args, out, dout)...)
		for i := range xs {
			res = append(res, m.ApplyPrim(b, pos, ir.GetItem, r, m.Const(int64(i), pos)))
		}
	}
	m.SetOutput(b, m.ApplyPrim(b, pos, ir.MakeTuple, res...))
	m.SetOutput(g, m.ApplyPrim(g, pos, ir.MakeTuple, out, m.Const(b, pos)))
	return g
}

// body fills J(h): the forward pass in J(h), the backward pass in its
// nested graph bprop_h.
func (t *Transformer) body(h *ir.Graph) {
	m := t.m
	jh := t.sc.jg[h]
	nodes := h.Nodes()
	nodes = nodes[:len(nodes)-1] // the return node
	bps := map[*ir.Apply]ir.Node{}
	for _, a := range nodes {
		in := make([]ir.Node, len(a.Inputs))
		in[0] = t.input(a.Inputs[0], len(a.Inputs)-1)
		for i, x := range a.Inputs[1:] {
			arity := -1
			if i == 0 && ir.IsApplyOf(a, ir.Depend) {
				// depend(print, tok)(args...): the effect ordering of the
				// builder puts a callee in a depend; its arity is that
				// of the call.
				arity = t.calledArity(a)
			}
			in[i+1] = t.input(x, arity)
		}
		tup := m.Apply(jh, a.Pos(), in...)
		v := m.ApplyPrim(jh, a.Pos(), ir.GetItem, tup, m.Const(int64(0), a.Pos()))
		bps[a] = m.ApplyPrim(jh, a.Pos(), ir.GetItem, tup, m.Const(int64(1), a.Pos()))
		t.sc.node[a] = v
		t.origin[v] = a
	}
	out := t.input(h.Output(), -1)

	b := m.NewGraph("bprop_"+h.Name, h.Pos, jh, ir.KindBackprop)
	dout := m.AddParam(b, "dout", h.Pos)
	sens := map[ir.Node][]ir.Node{}
	var add func(n ir.Node, v ir.Node)
	add = func(n ir.Node, v ir.Node) {
		switch n := n.(type) {
		case *ir.Constant:
			g, ok := n.Value.(*ir.Graph)
			if !ok || g.Parent == nil {
				return // constants have no sensitivity; top-level graphs no environment
			}
			// The sensitivity of a closure is an environment: spread it
			// over the free variables the closure captured.
			for _, fv := range m.FreeVariables(g) {
				key := m.Const(t.Key(fv), n.Pos())
				zero := m.ApplyPrim(b, n.Pos(), ir.ZerosLike, t.input(fv, -1))
				add(fv, m.ApplyPrim(b, n.Pos(), ir.EnvGetItem, v, key, zero))
			}
		default:
			sens[n] = append(sens[n], v)
		}
	}
	total := func(n ir.Node) ir.Node {
		vs := sens[n]
		if len(vs) == 0 {
			return nil
		}
		s := vs[0]
		for _, v := range vs[1:] {
			s = m.ApplyPrim(b, n.Pos(), ir.Gadd, s, v)
		}
		return s
	}
	add(h.Output(), dout)
	var defaulted map[int]bool
	if h.Kind != ir.KindBackprop { // a backpropagator calls backpropagators
		defaulted = defaultedArities(m)
	}
	for i := len(nodes) - 1; i >= 0; i-- {
		a := nodes[i]
		s := total(a)
		if s == nil {
			continue // no use of a needs a sensitivity
		}
		r := m.Apply(b, a.Pos(), bps[a], s)
		for k, x := range a.Inputs {
			add(x, m.ApplyPrim(b, a.Pos(), ir.GetItem, r, m.Const(int64(k), a.Pos())))
		}
		if nargs := len(a.Inputs) - 1; defaulted[nargs] && mayDefault(a.Inputs[0], nargs) {
			// The callee may have filled parameters from its defaults:
			// their sensitivities go to its environment (see defaultsKey).
			env := m.ApplyPrim(b, a.Pos(), ir.GetItem, r, m.Const(int64(0), a.Pos()))
			add(a.Inputs[0], m.ApplyPrim(b, a.Pos(), ir.EnvGetItem, env,
				m.Const(defaultsKey(nargs), a.Pos()), m.ApplyPrim(b, a.Pos(), ir.NewEnv)))
		}
	}
	var env ir.Node = m.ApplyPrim(b, h.Pos, ir.NewEnv)
	for _, fv := range m.FreeVariables(h) {
		if s := total(fv); s != nil {
			env = m.ApplyPrim(b, h.Pos, ir.EnvSetItem, env, m.Const(t.Key(fv), h.Pos), s)
		}
	}
	res := []ir.Node{env}
	ps := make([]ir.Node, len(h.Params))
	for i, p := range h.Params {
		s := total(p)
		ps[i] = s
		if s == nil {
			s = m.ApplyPrim(b, p.Pos(), ir.ZerosLike, t.sc.node[p])
		}
		res = append(res, s)
	}
	res[0] = t.defaultsEnv(b, h, ps, env)
	m.SetOutput(b, m.ApplyPrim(b, h.Pos, ir.MakeTuple, res...))
	m.SetOutput(jh, m.ApplyPrim(jh, h.Pos, ir.MakeTuple, out, m.Const(b, h.Pos)))
}

// Defaults computed where a def stands (def f(x, w=w) in a function)
// are values the closure captures: ir.Graph.Defaults, among its free
// variables. A call that passes fewer arguments than the function
// takes has them filled in when it runs (the VM, the native call), so
// the sensitivity bprop_f returns for such a parameter has to reach
// the default node, through the environment of the closure, as it
// would had f's body read the node. Only the call knows how many
// arguments it passed, and only the callee which nodes its defaults
// are, so the callee's backpropagator puts in its environment, under
// defaultsKey(k) for each k at which defaulted parameters may start,
// the environment holding, under each default node's key, the
// sensitivity of the parameters from k on that take it; and a call
// with k arguments adds env_getitem(env, defaultsKey(k), newenv()) to
// the sensitivity of its callee. A call that passes a parameter
// explicitly reads no entry for it: it is not counted twice. A call
// reads nothing where its callee is known to have no such defaults,
// where no graph of the module has one for a call with that many
// arguments (defaultedArities), or in a backpropagator (which calls
// backpropagators); once types are known, the optimizer folds the rest
// away.

// defaultsKey is the environment key under which a backpropagator
// holds the sensitivities of the defaults of the parameters from k on
// (the parameters a call with k arguments leaves to them). Node IDs,
// the other keys, are not negative.
func defaultsKey(k int) ir.EnvKey { return ir.EnvKey(-1 - k) }

// defaultsEnv adds to env, the environment bprop_h returns, the
// environments of the defaults of h's parameters (see defaultsKey).
// ps holds the parameters' sensitivities, nil where there is none.
func (t *Transformer) defaultsEnv(b, h *ir.Graph, ps []ir.Node, env ir.Node) ir.Node {
	m := t.m
	first := len(h.Params) - len(h.Defaults)
	var suffix ir.Node // of the parameters from i on
	for i := len(h.Params) - 1; i >= first; i-- {
		d := h.Defaults[i-first]
		if _, ok := d.(*ir.Constant); !ok && ps[i] != nil {
			pos := h.Params[i].Pos()
			one := m.ApplyPrim(b, pos, ir.EnvSetItem, m.ApplyPrim(b, pos, ir.NewEnv), m.Const(t.Key(d), pos), ps[i])
			if suffix == nil {
				suffix = one
			} else {
				suffix = m.ApplyPrim(b, pos, ir.Gadd, one, suffix)
			}
		}
		if suffix != nil {
			env = m.ApplyPrim(b, h.Pos, ir.EnvSetItem, env, m.Const(defaultsKey(i), h.Pos), suffix)
		}
	}
	return env
}

// defaultedArities holds the numbers of arguments with which a call
// may leave a parameter to a default computed where its def stands:
// the calls whose callee's sensitivity must take the defaults' (see
// defaultsKey). A program without such defaults has none.
func defaultedArities(m *ir.Module) map[int]bool {
	out := map[int]bool{}
	for _, g := range m.DefaultHolders() {
		first := len(g.Params) - len(g.Defaults)
		last := -1 // the last parameter whose default is a node
		for i, d := range g.Defaults {
			if _, ok := d.(*ir.Constant); !ok {
				last = first + i
			}
		}
		for k := first; k <= last; k++ {
			out[k] = true
		}
	}
	return out
}

// mayDefault reports whether a call of callee with nargs arguments may
// leave parameters to defaults computed where the callee's def stands:
// unless callee is a primitive or a graph known to have none.
func mayDefault(callee ir.Node, nargs int) bool {
	switch {
	case ir.IsApplyOf(callee, ir.Switch):
		a := callee.(*ir.Apply)
		return mayDefault(a.Inputs[2], nargs) || mayDefault(a.Inputs[3], nargs)
	case ir.IsApplyOf(callee, ir.Depend):
		return mayDefault(callee.(*ir.Apply).Inputs[1], nargs)
	}
	c, ok := callee.(*ir.Constant)
	if !ok {
		return true
	}
	g, ok := c.Value.(*ir.Graph)
	if !ok {
		return false
	}
	first := len(g.Params) - len(g.Defaults)
	for i, d := range g.Defaults {
		if _, ok := d.(*ir.Constant); !ok && first+i >= nargs {
			return true
		}
	}
	return false
}

// custom builds J(h) from h's custom_vjp rule:
//
//	graph fprop_f(x...) {
//	  r = @f_fwd(x...)
//	  return (r[0], bprop_f)   where bprop_f(dout) = (newenv(), *f_bwd(r[1], dout))
//	}
//
// r is checked to be a pair, and f_bwd's result a tuple of one
// cotangent per argument of f, each of the structure of its argument
// (check_sens), each check an error at the rule's def (inference
// reports it when the types decide it, as they do for tuples).
func (t *Transformer) custom(h *ir.Graph) {
	m := t.m
	jh := t.sc.jg[h]
	pos := h.Pos
	fwd, bwd := h.VJP.Fwd, h.VJP.Bwd
	// checked is v, checked to be a tuple (or list) of n elements.
	checked := func(g *ir.Graph, v ir.Node, n int, at ir.Pos, msg string) ir.Node {
		v = m.ApplyPrim(g, at, ir.Check, m.ApplyPrim(g, at, ir.IsSeq, v), m.Const(msg, at), v)
		ok := m.ApplyPrim(g, at, ir.Eq, m.ApplyPrim(g, at, ir.Len, v), m.Const(int64(n), at))
		return m.ApplyPrim(g, at, ir.Check, ok, m.Const(msg, at), v)
	}
	args := []ir.Node{m.Const(fwd, pos)}
	for _, p := range jh.Params {
		args = append(args, p)
	}
	r := checked(jh, m.Apply(jh, pos, args...), 2, fwd.Pos,
		fmt.Sprintf("custom_vjp: %s must return a pair (output of %s, residuals)", fwd.Name, h.Name))
	out := m.ApplyPrim(jh, pos, ir.GetItem, r, m.Const(int64(0), pos))
	res := m.ApplyPrim(jh, pos, ir.GetItem, r, m.Const(int64(1), pos))
	b := m.NewGraph("bprop_"+h.Name, pos, jh, ir.KindBackprop)
	dout := m.AddParam(b, "dout", pos)
	n, cot := len(h.Params), "cotangents"
	if n == 1 {
		cot = "cotangent"
	}
	d := checked(b, m.Apply(b, pos, m.Const(bwd, pos), res, dout), n, bwd.Pos,
		fmt.Sprintf("custom_vjp: %s must return a tuple of %d %s, one per argument of %s", bwd.Name, n, cot, h.Name))
	tup := []ir.Node{m.ApplyPrim(b, pos, ir.NewEnv)}
	for i, p := range h.Params {
		di := m.ApplyPrim(b, pos, ir.GetItem, d, m.Const(int64(i), pos))
		// A cotangent has its argument's structure, at every depth (or
		// is None, a zero).
		msg := fmt.Sprintf("custom_vjp: %s must return, for the argument %s of %s, a cotangent of the same structure", bwd.Name, p.Name, h.Name)
		tup = append(tup, m.ApplyPrim(b, bwd.Pos, ir.CheckSens, jh.Params[i], di, m.Const(msg, bwd.Pos)))
	}
	m.SetOutput(b, m.ApplyPrim(b, pos, ir.MakeTuple, tup...))
	m.SetOutput(jh, m.ApplyPrim(jh, pos, ir.MakeTuple, out, m.Const(b, pos)))
}
