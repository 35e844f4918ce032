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
// branches and of graphs too big to inline. The copies are memoised per
// graph and index, so a recursive graph's copy calls itself. It runs
// after the local rules, which expose the getitems, at -O2.

import (
	"fmt"

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
	return changed
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
		return u.applyPrim(h, a.Pos(), nil, ir.Depend, x, arg(a, 1))
	case ir.IsApplyOf(a, ir.Switch):
		// Both arms first: make no copy unless both can be made.
		for _, k := range []int{1, 2} {
			if g := ir.GraphOf(arg(a, k)); g == nil || !u.canIncorporate(an, g, i) {
				return nil
			}
		}
		x := u.incorporateCallee(an, arg(a, 1), i, h, t)
		y := u.incorporateCallee(an, arg(a, 2), i, h, t)
		return u.applyPrim(h, a.Pos(), nil, ir.Switch, arg(a, 0), x, y)
	}
	return nil
}

func (u *Unit) canIncorporate(an *analysis, g *ir.Graph, i int64) bool {
	if _, ok := u.incorporated[incKey{g, i}]; ok {
		return true
	}
	return g.Return() != nil && g.VJP == nil && an.live[g] && !an.holdsProtected[g] &&
		an.familySize(g) <= min(incorporateMax, u.budget)
}

// incorporated1 returns the copy of g that returns getitem(g's result, i).
func (u *Unit) incorporated1(an *analysis, g *ir.Graph, i int64, t ir.Type) *ir.Graph {
	key := incKey{g, i}
	if gi, ok := u.incorporated[key]; ok {
		return gi
	}
	if !u.canIncorporate(an, g, i) {
		return nil
	}
	u.budget -= an.familySize(g)
	cl := newCloner(u)
	gi := cl.cloneGraph(g, g.Parent, fmt.Sprintf("%s[%d]", g.Name, i), nil)
	out := gi.Output()
	u.M.SetOutput(gi, u.applyPrim(gi, out.Pos(), t, ir.GetItem, out, u.constant(i, out.Pos(), nil)))
	gi.Return().SetType(t)
	u.incorporated[key] = gi
	u.copyOf[gi] = g
	return gi
}
