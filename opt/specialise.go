package opt

// Specialise copies a graph for a call whose arguments include
// constants, with those constants in place of the parameters, when the
// graph is not inlined (too big, or recursive):
//
//	%1 = @map(@square, %t)     ->   %1 = @map[@square](%t)
//
// Constants specialised on: numbers, strings, None, primitives and
// graphs visible where the callee is (functions passed to higher-order
// functions, the constant exponents of the pow rules). A recursive
// graph is specialised only on functions, which its recursive calls
// pass on unchanged: then the copy's recursive call meets the same
// specialisation (memoised) and calls itself. At most specLimit copies
// of a graph are made. It runs at -O2, after inlining has taken what it
// can.

import (
	"fmt"
	"strings"

	"github.com/myia/myia/ir"
)

// specLimit bounds the specialisations of one graph, specMax the size
// of a graph copied.
const (
	specLimit = 4
	specMax   = 400
)

// Specialise is the specialisation pass.
func Specialise(u *Unit) bool {
	an := u.analysis()
	changed := false
	for _, h := range an.graphs {
		for _, a := range an.nodes[h] {
			if len(a.Inputs) == 0 || len(u.M.Users(a)) == 0 || an.isProtected(a) {
				continue
			}
			g := calleeGraph(a)
			if g == nil || !an.live[g] || g.VJP != nil || an.holdsProtected[g] || an.impure[g] ||
				len(a.Args()) != len(g.Params) || len(g.Defaults) > 0 || g.IsAncestorOf(h) {
				continue
			}
			rec := u.recursive(an, g)
			bind := map[*ir.Parameter]ir.Node{}
			var key strings.Builder
			fmt.Fprintf(&key, "%d", g.ID())
			for i, x := range a.Args() {
				c, ok := x.(*ir.Constant)
				if !ok || !specialisable(c, g, rec) {
					continue
				}
				bind[g.Params[i]] = c
				key.WriteString("|")
				key.WriteString(fmt.Sprint(i))
				writeKey(&key, c)
			}
			if len(bind) == 0 {
				continue
			}
			if size := an.familySize(g); !rec && size <= inlineSmall || size > specMax {
				continue // inlining takes it, or it is too big to copy
			}
			gs, ok := u.specialised[key.String()]
			if ok && !u.reusable(gs) {
				ok = false
			}
			if !ok {
				size := an.familySize(g)
				if u.specCount[g] >= specLimit || size > u.budget {
					continue
				}
				u.specCount[g]++
				u.budget -= size
				cl := newCloner(u)
				gs = cl.cloneGraph(g, g.Parent, g.Name+"[spec]", bind)
				u.specialised[key.String()] = gs
				u.copyOf[gs] = g
				var kept []int
				for i, p := range g.Params {
					if _, bound := bind[p]; !bound {
						kept = append(kept, i)
					}
				}
				u.specKept[gs] = kept
			}
			in := []ir.Node{u.replaceCallee(a.Inputs[0], gs)}
			for i, x := range a.Args() {
				if _, bound := bind[g.Params[i]]; !bound {
					in = append(in, x)
				}
			}
			u.M.Replace(a, u.apply(h, a.Pos(), a.Type(), in...))
			changed = true
		}
	}
	return changed
}

// specialisable reports whether a call of g may be specialised on the
// constant c.
func specialisable(c *ir.Constant, g *ir.Graph, rec bool) bool {
	switch v := c.Value.(type) {
	case ir.Prim:
		return v.Info().Arity >= 0
	case *ir.Graph:
		return v.Parent == nil || g.Parent != nil && v.Parent.IsAncestorOf(g.Parent)
	case int64, bool, string, ir.NoneType:
		return !rec // a float argument is data: copying for it pays little
	}
	return false
}

// replaceCallee rebuilds a callee expression (a graph constant, maybe
// wrapped in depends) with g in place of the graph.
func (u *Unit) replaceCallee(f ir.Node, g *ir.Graph) ir.Node {
	if d := applyOf(f, ir.Depend); d != nil {
		x := u.replaceCallee(arg(d, 0), g)
		return u.applyPrim(d.Graph(), d.Pos(), x.Type(), ir.Depend, x, arg(d, 1))
	}
	return u.constant(g, f.Pos(), nil)
}
