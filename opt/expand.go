package opt

// Expand transforms J of a closure that captures nothing now, as the
// grad pass (ad.Expand) does for top-level functions, so that the
// optimizer sees the derivative code instead of a J applied at run
// time:
//
//	%1 = J(@grad_f)       ->    (uses of %1 use @fprop_grad_f)
//	%2 = %1(x)                  %2 = @fprop_grad_f(x)
//
// This is what second-order gradients need: grad(grad(f)) applies J to
// the inner gradient, a closure of the function that makes it. The J
// graph is made by the unit's differentiator (Options.AD; without one
// the pass does nothing) and is a top-level graph, since the closure
// uses nothing of its parent. It runs first, at -O2, so that the graphs
// it makes are optimized with the rest.

import (
	"github.com/myia/myia/ir"
)

// expandMax is the largest J graph (with the graphs it reaches) Expand
// puts in place of a J: past it, optimizing the J graph costs more
// compile time than it saves at run time (third-order gradients).
const expandMax = 3000

// Differentiator applies J to graphs; *ad.Transformer is one (opt may
// not import ad).
type Differentiator interface {
	// Graph returns J(g).
	Graph(g *ir.Graph) *ir.Graph
}

// Expand is the pass that transforms J of closures now.
func Expand(u *Unit) bool {
	if u.ad == nil {
		return false
	}
	an := u.analysis()
	changed := false
	for _, h := range an.graphs {
		for _, a := range an.nodes[h] {
			if !ir.IsApplyOf(a, ir.J) || len(u.M.Users(a)) == 0 || an.isProtected(a) {
				continue
			}
			g := ir.GraphOf(arg(a, 0))
			if g == nil || g.Parent == nil || !an.live[g] || an.holdsProtected[g] {
				continue
			}
			if fam := family(g); len(fam.fvs) > 0 || len(fam.closures) > 0 {
				continue
			}
			if !changed {
				u.cleanDeadNested(an) // the J transform reads ir.Graph.Nodes
			}
			jg := u.ad.Graph(g)
			if jfam := family(jg); len(jfam.fvs) > 0 || len(jfam.closures) > 0 {
				continue // it needs something of the stub the J transform made
			}
			if n := newWalk(nil).run(jg).size(); n > expandMax {
				continue // third order and beyond: left to run time
			}
			jg.Parent = nil // it uses nothing of the stub the J transform made for it
			u.expanded[jg] = g
			u.M.Replace(a, u.constant(jg, a.Pos(), a.Type()))
			changed = true
		}
	}
	return changed
}
