package opt

// Incorporate pushes a getitem into the graph whose result it takes
// (Myia's incorporate_getitem): when the only use of a call's result is
// getitem(result, i), the call is replaced by a call of a copy of the
// callee that returns element i, in which the tuple then cancels. A
// call of a switch's result is handled arm by arm.
//
//	%1 = switch(%c, @then, @else)         %1 = switch(%c, @then[0], @else[0])
//	%2 = %1()                       ->    %2 = %1()
//	%3 = getitem(%2, 0)
//
//	graph then() { return make_tuple(%v, %dv) }  ->  graph then[0]() { return %v }
//
// This is the step that dissolves the (value, backpropagator) tuples of
// branches and of graphs too big to inline.
//
// The same for a graph that wraps what a branch returns (Myia's
// incorporate_call through a switch): the J of a graph whose result is
// a branch's returns (r[0], @bprop) where bprop calls r[1]. The wrapping
// moves into a copy of each arm, so that the arm's own tuple cancels
// there and its backpropagator is inlined into the wrapper's: one
// closure and one tuple per call rather than two, and the branch
// becomes a tail call (a loop's fprop keeps one record per iteration).
//
//	%2 = switch(%c, @then, @else)        %2 = switch(%c, @then', @else')
//	%3 = %2()                      ->    %3 = %2()
//	return make_tuple(%3[0], @b)         return %3
//	    (@b uses %3[1])
//
//	graph then'() { %1 = @then(); return make_tuple(%1[0], @b') }
//	    (@b' is @b with %1[1] for %3[1])
//
// And, in the user's functions, a call of a loop's fprop whose value
// and backpropagator are both used becomes two calls, of the copy that
// returns the value (the loop itself, allocating nothing) and of the
// copy that returns the backpropagator (a closure per iteration, no
// tuple): see splitCall. The copies are memoised per
// graph and index, so a recursive graph's copy calls itself. It runs
// after the local rules, which expose the getitems, at -O2.

import (
	"fmt"
	"strings"

	"github.com/myia/myia/ir"
)

type incKey struct {
	g *ir.Graph
	i int64
}

// incorporateMax is the largest graph family Incorporate copies.
const incorporateMax = 400

// Incorporate is the incorporate-getitem pass.
func Incorporate(u *Unit) bool {
	an := u.analysis()
	changed := false
	for _, h := range an.graphs {
		for _, a := range an.nodes[h] {
			if !ir.IsApplyOf(a, ir.GetItem) || len(u.M.Users(a)) == 0 {
				continue
			}
			i, ok := intConst(arg(a, 1))
			if !ok || i < 0 || an.isProtected(a) {
				continue
			}
			c, ok := arg(a, 0).(*ir.Apply)
			if !ok || c.Graph() != h || !an.isLive(c) {
				continue
			}
			if _, isPrim := applyPrim(c); isPrim || !singleUse(u, an, c, a) {
				continue
			}
			f := u.incorporateCallee(an, c.Inputs[0], i, h, a.Type())
			if f == nil {
				continue
			}
			in := append([]ir.Node{f}, c.Args()...)
			u.M.Replace(a, u.apply(h, c.Pos(), a.Type(), in...))
			changed = true
		}
	}
	for _, h := range an.graphs {
		if u.incorporateWrap(an, h) {
			changed = true
		}
	}
	for _, h := range an.graphs {
		if !u.root[h] || u.recursive(an, h) {
			continue
		}
		for _, c := range an.nodes[h] {
			if u.splitCall(an, h, c) {
				changed = true
			}
		}
	}
	return changed
}

// valueOnlyReturned reports whether, in g and the graphs nested in it,
// the value (element 0) of each call of g, or of another recursive
// graph (a copy of g calls the original), is only returned, as element
// 0 of the tuple its graph returns: a loop's fprop, whose value is that
// of its last iteration. The copy of g that returns element 1 then
// computes no value, and neither do its recursive calls.
func (u *Unit) valueOnlyReturned(an *analysis, g *ir.Graph) bool {
	w := family(g)
	for _, k := range w.graphs {
		for _, a := range w.nodes[k] {
			if len(a.Inputs) == 0 {
				continue
			}
			if k := ir.GraphOf(strip(a.Inputs[0])); k == nil || k != g && !u.recursive(an, k) {
				continue
			}
			for _, us := range u.M.Users(a) {
				x := us.User
				if len(x.Inputs) == 0 || !an.isLive(x) {
					continue
				}
				if !ir.IsApplyOf(x, ir.GetItem) || us.Index != 1 {
					return false
				}
				i, ok := intConst(arg(x, 1))
				if !ok {
					return false
				}
				if i != 0 {
					continue
				}
				for _, v := range u.M.Users(x) {
					t := v.User
					if len(t.Inputs) == 0 || !an.isLive(t) {
						continue
					}
					if !ir.IsApplyOf(t, ir.MakeTuple) || v.Index != 1 || t.Graph().Output() != ir.Node(t) {
						return false
					}
				}
			}
		}
	}
	return true
}

// splitCall replaces the call c, whose result is only taken apart by
// getitems, by one call per element, each of a copy of the callee that
// computes only that element: the gradient's value and its
// backpropagator computed apart. The value's copy is the function
// itself (its backpropagators are dead there), and the
// backpropagator's keeps no value: a loop's fprop then builds one
// closure per iteration and no (value, closure) tuple. It costs what
// the value's copy computes again, so it is done only in the user's
// functions themselves, not recursive (a split in a loop body, a
// branch or a backpropagator, which run many times per call, would
// repeat at every level), of pure callees (nothing printed twice), and
// of loops: recursive graphs whose own calls' values are only returned
// (valueOnlyReturned). Where a backpropagator needs the values of the
// recursive calls (fib), the copy returning it would call the whole
// fprop again, and the split would only add the value's cost.
func (u *Unit) splitCall(an *analysis, h *ir.Graph, c *ir.Apply) bool {
	if len(c.Inputs) == 0 || !an.isLive(c) || an.isProtected(c) {
		return false
	}
	if _, isPrim := applyPrim(c); isPrim {
		return false
	}
	g := ir.GraphOf(c.Inputs[0])
	if g == nil || an.impure[g] || !an.live[g] || g.Return() == nil || !u.recursive(an, g) || !u.valueOnlyReturned(an, g) {
		return false
	}
	if strings.HasPrefix(g.Name, "jvp_") {
		// Forward mode's loop (JF): its tangent needs every value the
		// loop computes, so the copy returning the tangent would do all
		// the work of the one returning the value. (value, tangent)
		// tuples of numbers cost nothing to return.
		return false
	}
	size := an.familySize(g)
	var items []*ir.Apply
	seen := map[int64]bool{}
	for _, us := range u.M.Users(c) {
		a := us.User
		if len(a.Inputs) == 0 || !an.isLive(a) {
			continue
		}
		i, ok := int64(0), false
		if ir.IsApplyOf(a, ir.GetItem) && us.Index == 1 && a.Graph() == h && !an.isProtected(a) {
			i, ok = intConst(arg(a, 1))
		}
		if !ok || i < 0 {
			return false
		}
		seen[i] = true
		items = append(items, a)
	}
	if len(seen) < 2 || len(seen)*size > u.budget {
		return false
	}
	for i := range seen {
		if !u.canIncorporate(an, g, i) {
			return false
		}
	}
	done := false
	for _, a := range items {
		i, _ := intConst(arg(a, 1))
		f := u.incorporateCallee(an, c.Inputs[0], i, h, a.Type())
		if f == nil {
			continue // the budget ran out: c stays for the others
		}
		in := append([]ir.Node{f}, c.Args()...)
		u.M.Replace(a, u.apply(h, c.Pos(), a.Type(), in...))
		done = true
	}
	return done
}

// incorporateWrap moves the tuple h returns into the arms of the
// switch whose call's result the tuple takes apart, if the tuple's
// elements are getitems of that call, closures nested in h that use
// such getitems (copied into each arm), and values of h that do not
// depend on the call.
func (u *Unit) incorporateWrap(an *analysis, h *ir.Graph) bool {
	t := applyOf(h.Output(), ir.MakeTuple)
	if t == nil || t.Graph() != h || !singleUser(u, t) || an.isProtected(t) {
		return false
	}
	var c *ir.Apply
	for _, e := range t.Args() {
		if g := applyOf(e, ir.GetItem); g != nil {
			if x, ok := arg(g, 0).(*ir.Apply); ok && x.Graph() == h {
				c = x
				break
			}
		}
	}
	if c == nil || an.isProtected(c) || !an.isLive(c) {
		return false
	}
	sw := applyOf(c.Inputs[0], ir.Switch)
	if sw == nil || sw.Graph() != h || !singleUser(u, sw) || an.isProtected(sw) {
		return false
	}
	var arms [2]*ir.Graph
	for k := range arms {
		g := ir.GraphOf(arg(sw, k+1))
		if g == nil || g.Return() == nil || len(g.Params) != len(c.Args()) || !an.live[g] {
			return false
		}
		arms[k] = g
	}
	// The closures of the tuple that are copied into the arms.
	copied := map[*ir.Graph]bool{}
	size := 0
	for _, e := range t.Args() {
		b := ir.GraphOf(e)
		if b == nil || b.Parent != h {
			continue
		}
		if copied[b] || an.holdsProtected[b] || b.VJP != nil || b.Return() == nil {
			return false
		}
		for _, k := range b.Constants() {
			for _, us := range u.M.Users(k) {
				if len(us.User.Inputs) > 0 && us.User != t {
					return false // the closure is used elsewhere
				}
			}
		}
		copied[b] = true
		size += an.familySize(b)
	}
	if 2*size > u.budget {
		return false
	}
	// Every use of the call is a getitem used only by the tuple or
	// inside the closures copied.
	inCopied := func(g *ir.Graph) bool {
		for b := range copied {
			if b.IsAncestorOf(g) {
				return true
			}
		}
		return false
	}
	var items []*ir.Apply
	for _, us := range u.M.Users(c) {
		g := us.User
		if len(g.Inputs) == 0 || !an.isLive(g) {
			continue
		}
		if !ir.IsApplyOf(g, ir.GetItem) || us.Index != 1 || g.Graph() != h || an.isProtected(g) {
			return false
		}
		if _, ok := intConst(arg(g, 1)); !ok {
			return false
		}
		for _, v := range u.M.Users(g) {
			if len(v.User.Inputs) > 0 && v.User != t && !inCopied(v.User.Graph()) {
				return false
			}
		}
		items = append(items, g)
	}
	u.budget -= 2 * size
	var wrapped [2]ir.Node
	for k, x := range arms {
		xw := u.M.NewGraph(x.Name, x.Pos, h, x.Kind)
		in := []ir.Node{u.constant(x, sw.Pos(), nil)}
		for _, p := range x.Params {
			np := u.M.AddParam(xw, p.Name, p.Pos())
			np.SetType(p.Type())
			in = append(in, np)
		}
		r := u.apply(xw, c.Pos(), c.Type(), in...)
		sub := map[ir.Node]ir.Node{}
		for _, g := range items {
			sub[g] = u.applyPrim(xw, g.Pos(), g.Type(), ir.GetItem, r, u.constant(constValue(arg(g, 1)), g.Pos(), nil))
		}
		elems := make([]ir.Node, len(t.Args()))
		for i, e := range t.Args() {
			switch b := ir.GraphOf(e); {
			case sub[e] != nil:
				elems[i] = sub[e]
			case b != nil && copied[b]:
				cl := newCloner(u)
				for g, n := range sub {
					cl.node[g] = n
				}
				elems[i] = u.constant(cl.cloneGraph(b, xw, b.Name, nil), e.Pos(), e.Type())
			default:
				elems[i] = e
			}
		}
		u.M.SetOutput(xw, u.applyPrim(xw, t.Pos(), t.Type(), ir.MakeTuple, elems...))
		xw.Return().SetType(h.Return().Type())
		wrapped[k] = u.constant(xw, sw.Pos(), nil)
	}
	s := u.applyPrim(h, sw.Pos(), nil, ir.Switch, arg(sw, 0), wrapped[0], wrapped[1])
	u.M.Replace(t, u.apply(h, c.Pos(), t.Type(), append([]ir.Node{s}, c.Args()...)...))
	return true
}

// singleUse reports whether the only live use of c is by a.
func singleUse(u *Unit, an *analysis, c, a *ir.Apply) bool {
	n := 0
	for _, us := range u.M.Users(c) {
		if an.isLive(us.User) {
			if us.User != a {
				return false
			}
			n++
		}
	}
	return n == 1
}

// incorporateCallee returns the callee that gives element i of what f
// returns, rebuilt with f's depends and switches, or nil.
func (u *Unit) incorporateCallee(an *analysis, f ir.Node, i int64, h *ir.Graph, t ir.Type) ir.Node {
	if c, ok := f.(*ir.Constant); ok {
		g, ok := c.Value.(*ir.Graph)
		if !ok {
			return nil
		}
		gi := u.incorporated1(an, g, i, t)
		if gi == nil {
			return nil
		}
		return u.constant(gi, c.Pos(), nil)
	}
	a, ok := f.(*ir.Apply)
	if !ok || a.Graph() != h || !singleUser(u, a) {
		return nil
	}
	switch {
	case ir.IsApplyOf(a, ir.Depend):
		x := u.incorporateCallee(an, arg(a, 0), i, h, t)
		if x == nil {
			return nil
		}
		return u.applyPrim(h, a.Pos(), x.Type(), ir.Depend, x, arg(a, 1))
	case ir.IsApplyOf(a, ir.Switch):
		// Both arms first: make no copy unless both can be made.
		for _, k := range []int{1, 2} {
			if g := ir.GraphOf(arg(a, k)); g == nil || !u.canIncorporate(an, g, i) {
				return nil
			}
		}
		x := u.incorporateCallee(an, arg(a, 1), i, h, t)
		y := u.incorporateCallee(an, arg(a, 2), i, h, t)
		if x == nil || y == nil {
			return nil // the budget ran out between the two
		}
		return u.applyPrim(h, a.Pos(), nil, ir.Switch, arg(a, 0), x, y)
	}
	return nil
}

func (u *Unit) canIncorporate(an *analysis, g *ir.Graph, i int64) bool {
	if gi, ok := u.incorporated[incKey{g, i}]; ok && u.reusable(gi) {
		return true
	}
	return g.Return() != nil && g.VJP == nil && an.live[g] && !an.holdsProtected[g] &&
		an.familySize(g) <= min(incorporateMax, u.budget)
}

// incorporated1 returns the copy of g that returns getitem(g's result, i).
func (u *Unit) incorporated1(an *analysis, g *ir.Graph, i int64, t ir.Type) *ir.Graph {
	key := incKey{g, i}
	if gi, ok := u.incorporated[key]; ok && u.reusable(gi) {
		return gi
	}
	if !u.canIncorporate(an, g, i) {
		return nil
	}
	u.budget -= an.familySize(g)
	cl := newCloner(u)
	gi := cl.cloneGraph(g, g.Parent, fmt.Sprintf("%s[%d]", g.Name, i), nil)
	out := gi.Output()
	if t := applyOf(out, ir.MakeTuple); t != nil && i == 1 && len(t.Inputs) == 3 {
		if b := ir.GraphOf(arg(t, 1)); b != nil {
			u.primal[b] = arg(t, 0) // the kinds of its sensitivity
		}
	}
	u.M.SetOutput(gi, u.applyPrim(gi, out.Pos(), t, ir.GetItem, out, u.constant(i, out.Pos(), nil)))
	gi.Return().SetType(t)
	u.incorporated[key] = gi
	u.copyOf[gi] = g
	return gi
}
