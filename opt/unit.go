package opt

import (
	"slices"
	"strings"

	"github.com/myia/myia/ir"
	lattice "github.com/myia/myia/ir/types"
)

// Unit is what the passes rewrite: a module and the graphs reachable
// from its roots, with analyses computed on demand.
type Unit struct {
	M     *ir.Module
	Roots []*ir.Graph
	root  map[*ir.Graph]bool
	an    *analysis
	// liveHint is about the live applies the next analysis finds.
	liveHint int
	// budget is the number of nodes inlining and specialisation may
	// still add.
	budget int
	// kinds caches kindOf, per pass; kinfo holds the kinds of
	// parameters and outputs, per round (see kind.go).
	kinds      []kind // by node ID, kind+1 (0: not computed)
	kinfo      *kindInfo
	kinfoRound int
	round      int
	// intKeys are the environment keys of ints, per Env pass.
	intKeys map[ir.EnvKey]bool
	// zeros are symbolic zeros made by a rule pass, by graph and kind.
	zeros map[zeroKey]*ir.Apply
	// Memos of the passes that make graphs, so that the same request
	// gives the same graph (recursion then closes on itself).
	incorporated map[incKey]*ir.Graph
	specialised  map[string]*ir.Graph
	lifted       map[*ir.Graph]*ir.Graph
	private      map[*ir.Graph]*ir.Graph
	specCount    map[*ir.Graph]int
	// emptied are the graphs emptied since the unit began (forget), and
	// intact memoises, until the next ones, which memoised copies reach
	// none of them.
	emptied map[*ir.Graph]bool
	intact  map[*ir.Graph]bool
	// ad transforms graphs for Expand; nil without a differentiator.
	ad Differentiator
	// expanded maps the J graphs Expand made to their primal graphs.
	expanded map[*ir.Graph]*ir.Graph
	// copyOf maps the graphs incorporate and specialise made to the
	// graphs they copied: a copy of a recursive graph calls the
	// original, so it is recursive too, though no cycle shows.
	copyOf map[*ir.Graph]*ir.Graph
	// stands maps a node an inlining made (a copy of an apply, or the
	// argument bound to a parameter) to the nodes it stands for, in a
	// typed unit: a closure that captured one of those captures the
	// node now, and typedClosureJ finds its J graph's free variables by
	// their environment keys (standsKeys).
	stands map[ir.Node][]ir.Node
	// specKept maps a graph Specialise made to the indices of the
	// parameters of the copied graph that it keeps (siteSources).
	specKept map[*ir.Graph][]int
	// primal maps a backpropagator that a copy returning element 1 of
	// (value, @bprop) returns alone to the value (see primalOf).
	primal map[*ir.Graph]ir.Node
	// typed: the unit is of typed graphs (Options.Typed); constType
	// types the constants the passes make.
	typed     bool
	constType func(v any) ir.Type
	verify    bool // Options.Verify
	// reverseUntyped: Reverse runs on untyped graphs too (Options).
	reverseUntyped bool
}

// standsFor records that x stands for n (a typed unit).
func (u *Unit) standsFor(x, n ir.Node) {
	if u.typed && n != x {
		u.stands[x] = append(u.stands[x], n)
	}
}

// standsKeys calls f with the environment keys of the nodes x stands
// for, transitively.
func (u *Unit) standsKeys(k keyer, x ir.Node, f func(ir.EnvKey)) {
	seen := map[ir.Node]bool{x: true}
	todo := slices.Clone(u.stands[x])
	for len(todo) > 0 {
		n := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if seen[n] {
			continue
		}
		seen[n] = true
		f(k.Key(n))
		todo = append(todo, u.stands[n]...)
	}
}

// NewUnit makes a unit of the graphs of m reachable from roots.
func NewUnit(m *ir.Module, roots []*ir.Graph) *Unit {
	u := &Unit{M: m, Roots: roots, root: map[*ir.Graph]bool{},
		incorporated: map[incKey]*ir.Graph{}, specialised: map[string]*ir.Graph{},
		lifted: map[*ir.Graph]*ir.Graph{}, private: map[*ir.Graph]*ir.Graph{}, specCount: map[*ir.Graph]int{}, copyOf: map[*ir.Graph]*ir.Graph{}, stands: map[ir.Node][]ir.Node{}, specKept: map[*ir.Graph][]int{},
		expanded: map[*ir.Graph]*ir.Graph{}, primal: map[*ir.Graph]ir.Node{}}
	for _, g := range roots {
		u.root[g] = true
	}
	return u
}

// analysis is what the passes know about the live graphs; it holds
// while the module's edit count is edits.
type analysis struct {
	edits int
	// graphs are the live graphs, in the order they were found (a graph
	// before the graphs it refers to).
	graphs []*ir.Graph
	live   map[*ir.Graph]bool
	nodes  map[*ir.Graph][]*ir.Apply
	// liveApply is indexed by node ID.
	liveApply []bool
	// uses are the live uses of the constants holding each graph.
	uses map[*ir.Graph][]ir.Use
	// escapes: the graph is used other than as a callee (its value
	// flows somewhere), or is a root; valueUse: the former.
	escapes, valueUse map[*ir.Graph]bool
	// rule marks the rules (VJP.Fwd, VJP.Bwd) of the live custom_vjp
	// functions: J of the function calls them, a use no node shows; and
	// in a typed unit, the J graphs that the types of J left to run time
	// name, which that J calls.
	rule map[*ir.Graph]bool
	// impure graphs may print or assert, directly or by a call.
	impure map[*ir.Graph]bool
	// effectful marks, by node ID, the applies whose evaluation may
	// print or assert, themselves or through their inputs in their
	// graph.
	effectful []bool
	// rec marks the graphs on a cycle of references (recursion, loops).
	rec map[*ir.Graph]bool
	// family caches familySize; bigFamily holds, for a graph whose
	// family is bigger than some limit, the largest such limit.
	family    map[*ir.Graph]int
	bigFamily map[*ir.Graph]int
	// protected marks, by node ID, the nodes whose identity a run-time
	// J may depend on; holdsProtected the graphs that own such nodes
	// and their ancestors (see protect).
	protected      []bool
	holdsProtected map[*ir.Graph]bool
}

// analysis returns the analyses of the current module, recomputing them
// after an edit.
func (u *Unit) analysis() *analysis {
	if u.an != nil && u.an.edits == u.M.Edits() {
		return u.an
	}
	an := &analysis{live: map[*ir.Graph]bool{}, nodes: map[*ir.Graph][]*ir.Apply{},
		uses: map[*ir.Graph][]ir.Use{}, escapes: map[*ir.Graph]bool{}, valueUse: map[*ir.Graph]bool{}, rule: map[*ir.Graph]bool{},
		family: map[*ir.Graph]int{}, bigFamily: map[*ir.Graph]int{}}
	var within func(*ir.Graph) bool
	if u.typed {
		within = isTyped
	}
	w := newWalk(within)
	w.order = make([]*ir.Apply, 0, u.liveHint)
	w.owner = make([]int32, 0, u.liveHint)
	// The walk follows defaults and custom rules too (walk.run).
	w.run(u.Roots...)
	an.graphs, an.live, an.nodes = w.graphs, w.in, w.nodes
	u.liveHint = 0
	for _, ns := range an.nodes {
		u.liveHint += len(ns)
	}
	u.liveHint += u.liveHint / 8
	for _, g := range an.graphs {
		for _, d := range g.Defaults {
			if h := ir.GraphOf(d); h != nil {
				an.escapes[h], an.valueUse[h] = true, true
			}
		}
		if g.VJP != nil {
			for _, r := range []*ir.Graph{g.VJP.Fwd, g.VJP.Bwd} {
				an.escapes[r], an.valueUse[r], an.rule[r] = true, true, true
			}
		}
	}
	an.liveApply = make([]bool, u.M.NumNodes())
	for _, g := range an.graphs {
		for _, a := range an.nodes[g] {
			an.liveApply[a.ID()] = true
		}
	}
	if u.typed {
		for _, g := range an.graphs {
			for _, a := range an.nodes[g] {
				if ir.IsApplyOf(a, ir.J) {
					if jg := typedJGraph(a); jg != nil && an.live[jg] {
						an.escapes[jg], an.valueUse[jg], an.rule[jg] = true, true, true // walk.visit
					}
				}
			}
		}
	}
	for _, g := range an.graphs {
		if u.root[g] || u.external(g) {
			an.escapes[g] = true
		}
		for _, c := range g.Constants() {
			for _, us := range u.M.Users(c) {
				if an.isLive(us.User) {
					an.uses[g] = append(an.uses[g], us)
					if !calleeUse(u.M, an, us) {
						an.escapes[g], an.valueUse[g] = true, true
					}
				}
			}
		}
	}
	an.purity(u.M)
	an.recursion()
	an.protect(u)
	an.edits = u.M.Edits()
	u.an = an
	return an
}

// isLive reports whether a is a live apply.
func (an *analysis) isLive(a *ir.Apply) bool {
	id := a.ID()
	return id < len(an.liveApply) && an.liveApply[id]
}

// calleeUse reports whether the use is a call: input 0 of an apply, or
// the value of a depend or an arm of a switch whose results are only
// called.
func calleeUse(m *ir.Module, an *analysis, us ir.Use) bool {
	a := us.User
	switch {
	case us.Index == 0:
		return true
	case us.Index == 1 && ir.IsApplyOf(a, ir.Depend), us.Index >= 2 && ir.IsApplyOf(a, ir.Switch):
		for _, v := range m.Users(a) {
			if an.isLive(v.User) && !calleeUse(m, an, v) {
				return false
			}
		}
		return true
	}
	return false
}

// strip returns n without the depend applications around it.
func strip(n ir.Node) ir.Node {
	for ir.IsApplyOf(n, ir.Depend) {
		n = n.(*ir.Apply).Inputs[1]
	}
	return n
}

// primOf returns the primitive n is, if it is one.
func primOf(n ir.Node) (ir.Prim, bool) {
	if c, ok := n.(*ir.Constant); ok {
		p, ok := c.Value.(ir.Prim)
		return p, ok
	}
	return 0, false
}

// applyPrim returns the primitive a applies directly (not through a
// depend), if it does.
func applyPrim(a *ir.Apply) (ir.Prim, bool) {
	if len(a.Inputs) == 0 {
		return 0, false
	}
	return primOf(a.Inputs[0])
}

// calleeGraph returns the graph a calls, seen through depends.
func calleeGraph(a *ir.Apply) *ir.Graph {
	if len(a.Inputs) == 0 {
		return nil
	}
	return ir.GraphOf(strip(a.Inputs[0]))
}

// purity computes impure and effectful. A graph is impure if it applies
// print or assert, calls an impure graph, or calls a function value
// while some impure function escapes as a value (or an effect primitive
// is used as one): the call may reach it.
func (an *analysis) purity(m *ir.Module) {
	an.impure = map[*ir.Graph]bool{}
	// An effect primitive used as a value escapes; whether one is does
	// not change while impure grows. A graph with an apply of an effect
	// primitive is impure at once; the applies of a primitive or a
	// constant never make a graph impure later: the least fixpoint looks
	// only at the others again (dynamic, by graph).
	primEscapes := false
	dynamic := map[*ir.Graph][]*ir.Apply{}
	for _, g := range an.graphs {
		for _, a := range an.nodes[g] {
			for i, in := range a.Inputs {
				if p, ok := primOf(in); ok && !p.Info().Pure && p != ir.Return &&
					!calleeUse(m, an, ir.Use{User: a, Index: i}) {
					primEscapes = true
				}
			}
			if f := strip(a.Inputs[0]); !isStaticCallee(f) {
				dynamic[g] = append(dynamic[g], a)
			} else if calleeEffect(an, f, false) {
				an.impure[g] = true
			}
		}
	}
	escaping := false
	for {
		changed := false
		for _, g := range an.graphs {
			if an.impure[g] {
				continue
			}
			for _, a := range dynamic[g] {
				if an.applyEffect(a, escaping) {
					an.impure[g] = true
					changed = true
					break
				}
			}
		}
		if !escaping {
			escaping = primEscapes
			for _, g := range an.graphs {
				if an.impure[g] && an.valueUse[g] {
					escaping = true
				}
			}
			if escaping {
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	an.effectful = make([]bool, len(an.liveApply))
	for _, g := range an.graphs {
		for _, a := range an.nodes[g] {
			e := an.applyEffect(a, escaping)
			for _, in := range a.Inputs {
				if b, ok := in.(*ir.Apply); ok && b.Graph() == g && an.effectful[b.ID()] {
					e = true
				}
			}
			an.effectful[a.ID()] = e
		}
	}
}

// applyEffect reports whether applying a's callee may print or assert.
func (an *analysis) applyEffect(a *ir.Apply, escaping bool) bool {
	return calleeEffect(an, a.Inputs[0], escaping)
}

// isStaticCallee reports whether calleeEffect of f (stripped) depends
// on neither impure nor escaping: f is a constant, not a graph.
func isStaticCallee(f ir.Node) bool {
	c, ok := f.(*ir.Constant)
	if !ok {
		return false
	}
	_, isGraph := c.Value.(*ir.Graph)
	return !isGraph
}

func calleeEffect(an *analysis, f ir.Node, escaping bool) bool {
	f = strip(f)
	if p, ok := primOf(f); ok {
		return !p.Info().Pure && p != ir.Return
	}
	if g := ir.GraphOf(f); g != nil {
		return an.impure[g]
	}
	if ir.IsApplyOf(f, ir.Switch) {
		s := f.(*ir.Apply)
		return calleeEffect(an, s.Inputs[2], escaping) || calleeEffect(an, s.Inputs[3], escaping)
	}
	if _, ok := f.(*ir.Constant); ok {
		return false // not callable: an error, not an effect
	}
	return escaping
}

// pureNode reports whether evaluating n can print or assert: n is a
// constant, a parameter, a node of another graph (computed before any
// closure that uses it is made) or a live apply with no effect in its
// inputs within its graph.
func (an *analysis) pureNode(n ir.Node, g *ir.Graph) bool {
	a, ok := n.(*ir.Apply)
	if !ok || a.Graph() != g {
		return true
	}
	id := a.ID()
	if id >= len(an.effectful) || !an.isLive(a) {
		return false
	}
	return !an.effectful[id]
}

// recursion marks the graphs on a cycle of the reference graph (Tarjan).
func (an *analysis) recursion() {
	an.rec = map[*ir.Graph]bool{}
	n := 0
	for _, g := range an.graphs {
		n = max(n, g.ID()+1)
	}
	// By graph ID: index+1 (0: not seen yet), low link, on the stack.
	index := make([]int32, n)
	low := make([]int32, n)
	on := make([]bool, n)
	var stack []*ir.Graph
	next := int32(1)
	var visit func(g *ir.Graph)
	visit = func(g *ir.Graph) {
		gi := g.ID()
		index[gi], low[gi] = next, next
		next++
		stack = append(stack, g)
		on[gi] = true
		for _, a := range an.nodes[g] {
			for _, in := range a.Inputs {
				h := ir.GraphOf(in)
				if h == nil || !an.live[h] {
					continue
				}
				hi := h.ID()
				if h == g {
					an.rec[g] = true
				}
				if index[hi] == 0 {
					visit(h)
					low[gi] = min(low[gi], low[hi])
				} else if on[hi] {
					low[gi] = min(low[gi], index[hi])
				}
			}
		}
		if low[gi] == index[gi] {
			k := len(stack)
			for stack[k-1] != g {
				k--
			}
			scc := stack[k-1:]
			stack = stack[:k-1]
			for _, h := range scc {
				on[h.ID()] = false
				if len(scc) > 1 {
					an.rec[h] = true
				}
			}
		}
	}
	for _, g := range an.graphs {
		if index[g.ID()] == 0 {
			visit(g)
		}
	}
}

// recursive reports whether g is on a cycle of references, or a copy
// of a graph that is.
func (u *Unit) recursive(an *analysis, g *ir.Graph) bool {
	for ; g != nil; g = u.copyOf[g] {
		if an.rec[g] {
			return true
		}
	}
	return false
}

// liveUses counts the uses of n by applies that are live in the
// analysis or made since (the analysis is that of the pass's start).
func (u *Unit) liveUses(n ir.Node) int {
	an := u.an
	k := 0
	for _, us := range u.M.Users(n) {
		a := us.User
		if len(a.Inputs) == 0 {
			continue
		}
		if an == nil || a.ID() >= len(an.liveApply) || an.isLive(a) {
			k++
		}
	}
	return k
}

// familySize is the number of live applies of g and of the graphs
// nested in g that g's family refers to: what inlining g copies.
func (an *analysis) familySize(g *ir.Graph) int {
	if s, ok := an.family[g]; ok {
		return s
	}
	s := familySize(g)
	an.family[g] = s
	return s
}

// familySize computes the number of applies inlining g copies.
func familySize(g *ir.Graph) int { return family(g).size() }

// familySizeUpTo is familySize if it is at most limit (ok), else
// reports only that it is larger, having walked no more of g's family
// than that: most graphs are too big to copy, and walking them whole
// to say so was most of what inlining cost.
func (an *analysis) familySizeUpTo(g *ir.Graph, limit int) (int, bool) {
	if s, ok := an.family[g]; ok {
		return s, s <= limit
	}
	if limit <= an.bigFamily[g] {
		return 0, false
	}
	s, ok := familySizeUpTo(g, limit)
	if ok {
		an.family[g] = s
	} else {
		an.bigFamily[g] = limit
	}
	return s, ok
}

// familySizeUpTo is familySize(g) and true if that is at most limit,
// else false.
func familySizeUpTo(g *ir.Graph, limit int) (int, bool) {
	if limit < 0 {
		return 0, false
	}
	w := newWalk(func(h *ir.Graph) bool { return g.IsAncestorOf(h) })
	w.bounded, w.limit = true, limit
	w.run(g)
	if w.stopped {
		return 0, false
	}
	return w.size(), true
}

// NodeCount is the number of live applies, return nodes included.
func (u *Unit) NodeCount() int {
	an := u.analysis()
	n := 0
	for _, g := range an.graphs {
		n += len(an.nodes[g])
	}
	return n
}

// Graphs returns the live graphs.
func (u *Unit) Graphs() []*ir.Graph { return u.analysis().graphs }

// apply makes an application in g that stands for a value of type t
// (nil: untyped).
func (u *Unit) apply(g *ir.Graph, pos ir.Pos, t ir.Type, inputs ...ir.Node) *ir.Apply {
	a := u.M.Apply(g, pos, inputs...)
	if t != nil {
		a.SetType(t)
	}
	return a
}

// applyPrim makes an application of p in g of type t.
func (u *Unit) applyPrim(g *ir.Graph, pos ir.Pos, t ir.Type, p ir.Prim, args ...ir.Node) *ir.Apply {
	a := u.M.ApplyPrim(g, pos, p, args...)
	if t != nil {
		a.SetType(t)
	}
	return a
}

// constant makes a constant of value v and type t.
func (u *Unit) constant(v any, pos ir.Pos, t ir.Type) *ir.Constant {
	c := u.M.Const(v, pos)
	if t == nil && u.constType != nil {
		t = u.constType(v)
	}
	if t != nil {
		c.SetType(t)
	}
	return c
}

// isTyped reports whether g is one of inference's typed clones (or a
// copy of one): a typed unit leaves the others alone, the closures made
// without types for a run-time J and the top-level graphs the typed
// code holds as values, which the VM's graphs share.
func isTyped(g *ir.Graph) bool {
	r := g.Return()
	return r != nil && r.Type() != nil
}

// forget drops the memoised graphs that were emptied, and records them:
// a memoised copy that names one of them (a copy made before, of a body
// that called a graph only the copy calls now, which a dead-code pass
// then emptied) is stale (reusable).
func (u *Unit) forget(gone map[*ir.Graph]bool) {
	if len(gone) > 0 {
		if u.emptied == nil {
			u.emptied = map[*ir.Graph]bool{}
		}
		for g := range gone {
			u.emptied[g] = true
		}
		u.intact = nil
	}
	for k, g := range u.incorporated {
		if gone[g] {
			delete(u.incorporated, k)
		}
	}
	for k, g := range u.specialised {
		if gone[g] {
			delete(u.specialised, k)
		}
	}
	for k, g := range u.lifted {
		if gone[g] {
			delete(u.lifted, k)
		}
	}
	for k, g := range u.private {
		if gone[g] {
			delete(u.private, k)
		}
	}
}

// reusable reports whether the memoised copy g, and every graph it names
// (transitively), is still whole: none was emptied after the copy was
// made.
func (u *Unit) reusable(g *ir.Graph) bool {
	if len(u.emptied) == 0 {
		return true
	}
	if u.intact == nil {
		u.intact = map[*ir.Graph]bool{}
	}
	if ok, seen := u.intact[g]; seen {
		return ok
	}
	ok := true
	for _, h := range newWalk(nil).run(g).graphs {
		if u.emptied[h] {
			ok = false
			break
		}
	}
	u.intact[g] = ok
	return ok
}

// external reports whether a run-time J may call g with arguments opt
// cannot see: the backpropagators of primitives (stdlib), the fprop_
// graphs of primitives and of top-level functions, which the J
// transform memoises and hands out again when it transforms a closure
// at run time.
//
// J graphs Expand made are not: the J transform memoises J of a closure
// only for its own requests, and Expand replaced those. Nor are the
// copies opt makes.
func (u *Unit) external(g *ir.Graph) bool {
	if u.typed {
		return false // typed clones: no run-time J hands them out
	}
	if _, ok := u.expanded[g]; ok {
		return false
	}
	if _, ok := u.copyOf[g]; ok {
		return false // made by opt: nothing else knows it
	}
	return g.Parent == nil && (g.Kind == ir.KindStdlib || g.Kind == ir.KindBackprop ||
		strings.HasPrefix(g.Name, "fprop_") || strings.HasPrefix(g.Name, "jvp_"))
}

// isJWorld reports whether g was made by the J transform: fprop_ and
// bprop_ graphs, the graphs nested in them, and copies of those (the
// J transform's names, kept by every copy opt makes).
func isJWorld(g *ir.Graph) bool {
	for ; g != nil; g = g.Parent {
		if g.Kind == ir.KindBackprop || strings.HasPrefix(g.Name, "fprop_") {
			return true
		}
	}
	return false
}

// protect computes the nodes whose identity must be kept: the free
// variables of the closures that a run-time J inside J-world code may
// transform. The environment keys of such a closure's free variables
// are computed at run time from the nodes the closure captures
// (ad.Transformer.Key), while the code that reads them back was made
// at compile time with the keys of the nodes that were there then; a
// copy or a replacement of those nodes would break the match.
//
// A run-time J site is an application of J, or a call of fprop_J, in a
// J-world graph, to something that may be a closure. If it is a closure
// constant, the free variables of it and of the closures it makes are
// protected; otherwise those of every closure made by J-world code.
// Protected nodes are never replaced, and the graphs that hold them
// never copied.
func (an *analysis) protect(u *Unit) {
	an.protected = make([]bool, len(an.liveApply)+1)
	an.holdsProtected = map[*ir.Graph]bool{}
	var closures []*ir.Graph
	all := false
	keys := map[ir.EnvKey]bool{}
	mark := func(n ir.Node) {
		if n.ID() >= len(an.protected) {
			return
		}
		an.protected[n.ID()] = true
		for g := n.Graph(); g != nil; g = g.Parent {
			an.holdsProtected[g] = true
		}
	}
	for _, g := range an.graphs {
		if !isJWorld(g) {
			continue
		}
		for _, a := range an.nodes[g] {
			if len(a.Inputs) != 2 {
				continue
			}
			f := strip(a.Inputs[0])
			isJ := ir.IsPrim(f, ir.J)
			if h := ir.GraphOf(f); h != nil && h.Name == "fprop_J" {
				isJ = true
			}
			if !isJ {
				continue
			}
			x := strip(a.Inputs[1])
			if c, ok := x.(*ir.Constant); ok {
				switch v := c.Value.(type) {
				case *ir.Graph:
					if v.Parent != nil {
						closures = append(closures, v)
					}
				}
				continue
			}
			if k := u.kindOf(x); k.scalar() {
				continue
			}
			if t, ok := x.Type().(lattice.Type); u.typed && ok && !lattice.HoldsFunc(t) {
				continue // data (a tuple of arrays): J of it makes no closure
			}
			if !u.jKeys(x, keys) {
				all = true
			}
		}
	}
	if len(keys) > 0 && !all {
		// Typed: the nodes that stand for the free variables of the
		// closures J's argument may be.
		k := u.ad.(keyer)
		for _, g := range an.graphs {
			for _, p := range g.Params {
				if keys[k.Key(p)] {
					mark(p)
				}
			}
			for _, a := range an.nodes[g] {
				if keys[k.Key(a)] {
					mark(a)
				}
			}
		}
	}
	if all {
		for _, g := range an.graphs {
			if g.Parent != nil && isJWorld(g) && an.valueUse[g] {
				closures = append(closures, g)
			}
		}
	}
	seen := map[*ir.Graph]bool{}
	for _, c := range closures {
		for _, k := range family(c).graphs {
			if seen[k] || k != c && !an.valueUse[k] {
				continue
			}
			seen[k] = true
			for _, v := range family(k).fvs {
				mark(v)
			}
		}
	}
}

// jKeys adds to keys, in a typed unit, the keys (keyer) of the free
// variables of the closures J's argument x may be, by its type: the
// typed nodes that stand for them are those to keep. It reports false
// if it cannot tell (untyped, a value of a primitive or a partial
// application, no keyer): then every closure J-world code makes is
// kept.
func (u *Unit) jKeys(x ir.Node, keys map[ir.EnvKey]bool) bool {
	k, ok := u.ad.(keyer)
	ft, isFunc := x.Type().(*lattice.Func)
	if !u.typed || !ok || !isFunc {
		return false
	}
	for _, fn := range ft.Fns {
		gf, ok := fn.(*lattice.GraphFn)
		if !ok || gf.G == nil {
			return false
		}
		// Its free variables, and those of the closures it makes (a
		// run-time J of one of those reads them too).
		for _, c := range family(gf.G).graphs {
			for _, v := range family(c).fvs {
				keys[k.Key(v)] = true
			}
		}
	}
	return true
}

// isProtected reports whether n's identity must be kept.
func (an *analysis) isProtected(n ir.Node) bool {
	id := n.ID()
	return id < len(an.protected) && an.protected[id]
}
