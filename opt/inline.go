package opt

// Inline replaces calls of known graphs by the callee's body: graphs
// called once (their only use), small graphs (at most inlineSmall
// applies, within the unit's budget), and J of a primitive at every
// call, whatever its size (see isPrimFprop). A small graph's body is copied
// with the graphs nested in it, nested in the caller. A graph called
// once dies: its applies are copied, and the graphs nested in it are
// moved into the caller (re-parented, their uses of its nodes
// redirected), which keeps a chain of nested closures from being copied
// once per level; a graph the J transform may hand out again at run
// time (see external) is copied instead.
//
//	graph f(x) {                       graph f(x) {
//	  %1 = @fprop_mul(x, x)              %1 = mul(x, x)
//	  return %1                 ->       %2 = make_tuple(%1, @bprop_mul~2)
//	}                                    return %2
//	                                   }
//
// Never inlined: a graph into itself or a graph nested in it; a graph
// on a cycle of references (recursion, loops), so inlining always ends,
// unless it is called once, by a sibling (same enclosing graph), and
// dies there (the join point of a recursive function's branch: each
// such inlining removes a graph);
// a graph that may print or assert (so effects are never duplicated or
// reordered); a custom_vjp function (a run-time J of its caller must
// still see the call to use the rule). A call through depend(@g, tok)
// keeps the order tok imposes (see replaceCall), unless tok is pure.
//
// It runs first: calls of fprop_ and bprop_ graphs hide the tuples and
// closures the other passes cancel.

import (
	"slices"
	"strings"

	"github.com/myia/myia/ir"
)

// inlineSmall is the size (live applies of a graph and its nested
// graphs, return nodes included) up to which a graph called from
// several places is copied into each.
const inlineSmall = 40

// Inline is the inlining pass. Graphs called once go first, from the
// roots down, and the calls in the code copied too, so that a chain of
// calls is inlined in one run, each body copied once. Then the small
// graphs, callees first, so that a graph has the size it will have
// when its callers consider copying it. The callee of a call is
// resolved on the way: the local rules are applied to the expression
// that computes it (a switch on a condition that folds, a getitem of a
// tuple just inlined).
func Inline(u *Unit) bool {
	an := u.analysis()
	u.ensureKinds()
	changed := false
	gone := map[*ir.Graph]bool{} // inlined at their only call: dead now
	nest := &nesting{m: u.M, kids: map[*ir.Graph][]*ir.Graph{}}
	grown := map[*ir.Graph]bool{}
	live := func(a *ir.Apply) bool {
		if len(a.Inputs) == 0 || len(u.M.Users(a)) == 0 || an.isProtected(a) || inGone(a.Graph(), gone) {
			return false // inlined already, dead, or its identity matters
		}
		if a.ID() < len(an.liveApply) && !an.isLive(a) {
			// Dead when the pass began (an apply of a dead graph nested
			// in one moved here): calledOnce does not count it.
			return false
		}
		_, isPrim := applyPrim(a)
		return !isPrim
	}
	// callee resolves a's callee, or replaces a by what a switch of
	// trivial arms returns; nil if there is nothing to inline.
	callee := func(a *ir.Apply, once bool) *ir.Graph {
		u.resolveCallee(an, a)
		if n := u.trivialSwitchCall(an, a); n != nil {
			u.replaceCall(an, a, n)
			changed = true
			return nil
		}
		g := calleeGraph(a)
		if g == nil || gone[g] || !u.canInline(an, g, a, once) {
			return nil
		}
		return g
	}
	inline := func(a *ir.Apply, g *ir.Graph) *cloner {
		cl := u.inlineCall(an, a, g)
		changed = true
		for k := a.Graph(); k != nil; k = k.Parent {
			grown[k] = true
		}
		u.cancelTuples(an, cl.order)
		return cl
	}
	// Graphs called once, from the roots down.
	var work []*ir.Apply
	for _, h := range an.graphs {
		work = append(work, an.nodes[h]...)
	}
	for len(work) > 0 {
		a := work[0]
		work = work[1:]
		if !live(a) {
			continue
		}
		g := callee(a, true)
		if g == nil || u.root[g] || !u.calledOnce(an, g, gone) {
			continue
		}
		gone[g] = true
		if u.external(g) || u.namedByDeadJ(g, a) {
			work = append(work, inline(a, g).order...)
			continue
		}
		// g dies: move the graphs nested in it rather than copy them.
		cl := u.moveInline(an, a, g, nest)
		changed = true
		u.cancelTuples(an, cl.order)
		work = append(work, cl.order...)
	}
	// Small graphs, callees first. Typed graphs that make closures are
	// not copied: a closure's type names the graph it is of.
	makesClosures := map[*ir.Graph]bool{}
	if u.typed {
		for _, g := range an.graphs {
			if g.Parent != nil {
				makesClosures[g.Parent] = true
			}
		}
	}
	for i := len(an.graphs) - 1; i >= 0; i-- {
		h := an.graphs[i]
		if inGone(h, gone) {
			continue
		}
		for _, a := range an.nodes[h] {
			if !live(a) {
				continue
			}
			g := callee(a, false)
			if g == nil || makesClosures[g] {
				continue
			}
			limit := u.budget
			if !isPrimFprop(g) {
				limit = min(limit, inlineSmall)
			}
			size, ok := 0, false
			if grown[g] {
				size, ok = familySizeUpTo(g, limit)
			} else {
				size, ok = an.familySizeUpTo(g, limit)
			}
			if !ok {
				continue
			}
			u.budget -= size
			inline(a, g)
		}
	}
	return changed
}

// isPrimFprop reports whether g is J of a primitive as the J transform
// makes it (ad.Transformer.Fprop): the primitive applied to g's
// parameters, paired with the backpropagator closure nested in g.
//
//	graph fprop_np_dot(x0, x1) {
//	  %1 = np_dot(x0, x1)
//	  %2 = make_tuple(%1, @bprop_np_dot)
//	  return %2
//	}
//
// Inline copies it at every call, whatever the size the rule inlined
// into its closure has grown to: it is not recursive, and only once
// copied do the closure's result tuple and the sensitivities nobody
// uses (that of a layer's input) cancel at each site.
func isPrimFprop(g *ir.Graph) bool {
	if g.Parent != nil || g.Kind != ir.KindBackprop || !strings.HasPrefix(g.Name, "fprop_") {
		return false
	}
	t := applyOf(g.Output(), ir.MakeTuple)
	if t == nil || len(t.Inputs) != 3 {
		return false
	}
	out, ok := t.Inputs[1].(*ir.Apply)
	if !ok || out.Graph() != g || len(out.Inputs)-1 != len(g.Params) {
		return false
	}
	if _, ok := applyPrim(out); !ok {
		return false
	}
	for i, p := range g.Params {
		if out.Inputs[i+1] != ir.Node(p) {
			return false
		}
	}
	b := ir.GraphOf(t.Inputs[2])
	return b != nil && b.Parent == g
}

// cancelTuples takes apart at once the tuples a copied body made that
// are used by getitem: the backpropagator closures they held become
// known callees.
func (u *Unit) cancelTuples(an *analysis, made []*ir.Apply) {
	for _, n := range made {
		if !ir.IsApplyOf(n, ir.MakeTuple) {
			continue
		}
		for _, us := range append([]ir.Use(nil), u.M.Users(n)...) {
			if ir.IsApplyOf(us.User, ir.GetItem) && us.Index == 1 && !an.isProtected(us.User) {
				if x := getitemOfMakeTuple(u, us.User); x != nil {
					u.M.Replace(us.User, x)
				}
			}
		}
	}
}

// resolveCallee applies the local rules to the expression a's callee is
// computed by (through depends and switches), so that a known graph
// shows.
func (u *Unit) resolveCallee(an *analysis, a *ir.Apply) {
	f := a.Inputs[0]
	for ir.IsApplyOf(f, ir.Depend) {
		f = f.(*ir.Apply).Inputs[1]
	}
	if b, ok := f.(*ir.Apply); ok && b.Graph() == a.Graph() {
		u.simplifyNode(an, b, 3)
	}
}

// simplifyNode applies the local rules to a, its inputs first (depth
// levels down), and returns what replaces it.
func (u *Unit) simplifyNode(an *analysis, a *ir.Apply, depth int) ir.Node {
	if depth > 0 {
		for _, in := range a.Inputs[1:] {
			if b, ok := in.(*ir.Apply); ok && b.Graph() == a.Graph() && len(b.Inputs) > 0 {
				u.simplifyNode(an, b, depth-1)
			}
		}
	}
	t := simplifyRules()
	var n ir.Node = a
	for steps := 0; steps < 8; steps++ {
		b, ok := n.(*ir.Apply)
		if !ok || len(b.Inputs) == 0 || an.isProtected(b) {
			return n
		}
		p, ok := applyPrim(b)
		if !ok {
			return n
		}
		var r ir.Node
		for _, rule := range t[p] {
			if r = rule(u, b); r != nil && r != ir.Node(b) {
				break
			}
			r = nil
		}
		if r == nil {
			return n
		}
		u.M.Replace(b, r)
		n = r
	}
	return n
}

// calledOnce reports whether g has one live use, a call. Live: an
// apply live in the analysis, or made since, that has a use, and is not
// in a graph inlined since (gone) or nested in one. The rule of a
// custom_vjp function has another use, the function's J.
func (u *Unit) calledOnce(an *analysis, g *ir.Graph, gone map[*ir.Graph]bool) bool {
	if an.rule[g] {
		return false
	}
	n := 0
	for _, c := range g.Constants() {
		for _, us := range u.M.Users(c) {
			a := us.User
			if len(a.Inputs) == 0 || a != a.Graph().Return() && len(u.M.Users(a)) == 0 ||
				a.ID() < len(an.liveApply) && !an.isLive(a) || inGone(a.Graph(), gone) {
				continue
			}
			if n++; n > 1 || !u.isCallUse(us) {
				return false
			}
		}
	}
	return n == 1
}

// namedByDeadJ reports whether a graph the J transform made, dead now
// or inlined by this pass, but kept as it is (the J transform may hand
// it out at run time, and Privatise copies it for a later call), names
// g somewhere else than at the call a. Opt may have edited that graph
// while it lived (a call of an incorporated copy, g[0]), so g must
// outlive its only live call: it is copied there, not moved.
func (u *Unit) namedByDeadJ(g *ir.Graph, a *ir.Apply) bool {
	for _, c := range g.Constants() {
		for _, us := range u.M.Users(c) {
			if b := us.User; b != a && u.external(outermost(b.Graph())) {
				return true
			}
		}
	}
	return false
}

func inGone(g *ir.Graph, gone map[*ir.Graph]bool) bool {
	for ; g != nil; g = g.Parent {
		if gone[g] {
			return true
		}
	}
	return false
}

// isCallUse reports whether a use is a call (input 0, or the value of a
// depend that is only called).
func (u *Unit) isCallUse(us ir.Use) bool {
	switch {
	case us.Index == 0:
		return true
	case us.Index == 1 && ir.IsApplyOf(us.User, ir.Depend):
		for _, v := range u.M.Users(us.User) {
			if !u.isCallUse(v) {
				return false
			}
		}
		return len(u.M.Users(us.User)) > 0
	}
	return false
}

// canInline reports whether the call a of g may be replaced by g's body;
// once says the call is g's only use and g dies with it (see Inline).
func (u *Unit) canInline(an *analysis, g *ir.Graph, a *ir.Apply, once bool) bool {
	h := a.Graph()
	return an.live[g] && g.Return() != nil && len(a.Inputs)-1 == len(g.Params) &&
		!g.IsAncestorOf(h) && !an.impure[g] && g.VJP == nil && !an.holdsProtected[g] &&
		(g.Parent == nil || g.Parent.IsAncestorOf(h)) &&
		(!u.recursive(an, g) || once && g.Parent != nil && g.Parent == h.Parent && !u.external(g) && u.calledOnce(an, g, nil))
}

// trivialSwitchCall returns what a call of switch(c, @x, @y) returns
// when x and y compute nothing and return the same value (a free
// variable, a constant or the same argument), with the depends of the
// callee kept; else nil.
func (u *Unit) trivialSwitchCall(an *analysis, a *ir.Apply) ir.Node {
	s := applyOf(strip(a.Inputs[0]), ir.Switch)
	if s == nil {
		return nil
	}
	var out ir.Node
	for _, k := range []int{1, 2} {
		g := ir.GraphOf(arg(s, k))
		if g == nil || g.Return() == nil || len(g.Params) != len(a.Args()) || g.Output() == nil || isApplyIn(g.Output(), g) {
			return nil
		}
		r := g.Output()
		for i, p := range g.Params {
			if r == ir.Node(p) {
				r = arg(a, i)
			}
		}
		if _, ok := r.(*ir.Constant); ok {
			if h := ir.GraphOf(r); h != nil && g.IsAncestorOf(h) {
				return nil // a closure of the arm itself
			}
			if out == nil {
				out = r
			} else if !sameNode(out, r) {
				return nil
			}
			continue
		}
		if r.Graph() == g || out != nil && out != r {
			return nil
		}
		out = r
	}
	if c, ok := out.(*ir.Constant); ok {
		out = u.constant(c.Value, c.Pos(), c.Type())
	}
	return out
}

// isApplyIn reports whether n is an apply of g.
func isApplyIn(n ir.Node, g *ir.Graph) bool {
	a, ok := n.(*ir.Apply)
	return ok && a.Graph() == g
}

// moveInline replaces the only call a of g by g's body: its applies
// are copied into a's graph, the graphs nested in it are moved there
// (re-parented, their uses of g's nodes redirected to the copies),
// since g dies. It returns the cloner, whose order lists the copies
// and the applies of the graphs moved.
func (u *Unit) moveInline(an *analysis, a *ir.Apply, g *ir.Graph, nest *nesting) *cloner {
	h := a.Graph()
	cl := newCloner(u)
	cl.at = userPos(a)
	for i, p := range g.Params {
		cl.node[p] = a.Args()[i]
		u.standsFor(a.Args()[i], p)
	}
	w := family(g)
	cl.w = w
	// The dead graphs nested in g may use g's nodes: empty them first.
	dead := map[*ir.Graph]bool{}
	for _, k := range nest.descendants(g) {
		if !w.in[k] && k.Return() != nil && !isConstOutput(k) {
			u.M.SetOutput(k, u.M.Const(ir.None, k.Pos))
			dead[k] = true
		}
	}
	u.forget(dead)
	cl.applies(g, h)
	out := cl.input(g.Output())
	for _, k := range w.graphs[1:] {
		for _, b := range w.nodes[k] {
			for i, in := range b.Inputs {
				if x, ok := cl.node[in]; ok {
					u.M.SetInput(b, i, x)
				}
			}
			cl.order = append(cl.order, b)
		}
		if len(k.Defaults) > 0 {
			// A default value of g's (a closure's captured i=i) moves too.
			ds := make([]ir.Node, len(k.Defaults))
			for i, d := range k.Defaults {
				ds[i] = d
				if x, ok := cl.node[d]; ok {
					ds[i] = x
				}
			}
			u.M.SetDefaults(k, ds)
		}
		if k.Parent == g {
			k.Parent = h
			nest.kids[h] = append(nest.kids[h], k)
		}
	}

	u.replaceCall(an, a, out)
	// g is dead and its nested graphs are elsewhere now: empty it, so
	// that it refers to none of them. If it was the program's copy of a
	// J graph, a later call of that graph gets a new copy (Privatise).
	if orig := u.copyOf[g]; orig != nil && u.private[orig] == g {
		delete(u.private, orig)
	}
	u.M.SetOutput(g, u.M.Const(ir.None, g.Pos))
	u.forget(map[*ir.Graph]bool{g: true})
	return cl
}

// inlineCall replaces the call a of g by a copy of g's body.
func (u *Unit) inlineCall(an *analysis, a *ir.Apply, g *ir.Graph) *cloner {
	cl := newCloner(u)
	cl.at = userPos(a)
	u.replaceCall(an, a, cl.inlineBody(g, a.Graph(), a.Args()))
	return cl
}

// userPos is the position of the call a if it is in the user's program,
// else the zero Pos.
func userPos(a *ir.Apply) ir.Pos {
	if p := a.Pos(); p.IsValid() && !p.InStdlib() {
		return p
	}
	return ir.Pos{}
}

// replaceCall replaces the call a, of a pure function, by out, its
// result computed without a call. The call was ordered after the
// tokens its callee depends on (depend(@g, tok)(...)), and the effects
// before it may be reachable only through it: uses of a as a token
// (depend(x, a)) become uses of those tokens; the other uses get out,
// or depend(out, tokens) if a is no token (then nothing else keeps the
// effects before it alive).
func (u *Unit) replaceCall(an *analysis, a *ir.Apply, out ir.Node) {
	h := a.Graph()
	var toks []ir.Node
	for f := a.Inputs[0]; ir.IsApplyOf(f, ir.Depend); f = f.(*ir.Apply).Inputs[1] {
		if tok := f.(*ir.Apply).Inputs[2]; !an.pureNode(tok, h) {
			toks = append(toks, tok)
		}
	}
	if len(toks) == 0 {
		u.M.Replace(a, out)
		return
	}
	var tok ir.Node = toks[0]
	for _, t := range toks[1:] {
		tok = u.applyPrim(h, a.Pos(), tok.Type(), ir.Depend, tok, t)
	}
	tokenUse := false
	for _, us := range u.M.Users(a) {
		if us.Index == 2 && ir.IsApplyOf(us.User, ir.Depend) && an.isLive(us.User) {
			tokenUse = true
		}
	}
	value := out
	if !tokenUse {
		value = u.applyPrim(h, a.Pos(), a.Type(), ir.Depend, out, tok)
	}
	for _, us := range append([]ir.Use(nil), u.M.Users(a)...) {
		if us.Index == 2 && ir.IsApplyOf(us.User, ir.Depend) {
			u.M.SetInput(us.User, 2, tok)
		} else {
			u.M.SetInput(us.User, us.Index, value)
		}
	}
}

// nesting indexes the graphs of a module by parent, for moveInline: a
// graph's descendants without a scan of every graph. The graphs made
// since the last look are indexed as they are found; a graph moved to
// a new parent is listed there too by whoever moves it, and is
// dropped from its old parent's list when that is read.
type nesting struct {
	m    *ir.Module
	n    int // the graphs of m indexed: m.Graphs()[:n]
	kids map[*ir.Graph][]*ir.Graph
}

// descendants returns the graphs nested in g, at any depth, in the
// order of m.Graphs().
func (nest *nesting) descendants(g *ir.Graph) []*ir.Graph {
	gs := nest.m.Graphs()
	for _, k := range gs[nest.n:] {
		if k.Parent != nil {
			nest.kids[k.Parent] = append(nest.kids[k.Parent], k)
		}
	}
	nest.n = len(gs)
	var out []*ir.Graph
	seen := map[*ir.Graph]bool{}
	var visit func(p *ir.Graph)
	visit = func(p *ir.Graph) {
		ks := nest.kids[p][:0]
		for _, k := range nest.kids[p] {
			if k.Parent != p || seen[k] {
				continue // moved since, or listed twice
			}
			seen[k] = true
			ks = append(ks, k)
			out = append(out, k)
			visit(k)
		}
		clear(nest.kids[p][len(ks):])
		nest.kids[p] = ks
	}
	visit(g)
	slices.SortFunc(out, func(a, b *ir.Graph) int { return a.ID() - b.ID() })
	return out
}
