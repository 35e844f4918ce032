package opt

// Privatise gives the program its own copy of each J graph that the J
// transform may also hand out at run time. The J transform memoises
// J(f) of a top-level function f: a closure transformed at run time
// that calls f calls the same fprop_f, with arguments opt cannot see, so
// opt must treat fprop_f's parameters as unknown. The copy is called
// only where the program calls it, and its parameters take the kinds of
// their arguments (a recursion's copy calls itself once its own calls
// are redirected, in the next round):
//
//	%2 = @fprop_fib(%1, 20)      ->    %2 = @fprop_fib[own](%1, 20)
//
// The original stays as the J transform made it. It runs first, at -O2.

import (
	"github.com/myia/myia/ir"
)

// outermost is the top-level graph g is nested in, or g.
func outermost(g *ir.Graph) *ir.Graph {
	for g.Parent != nil {
		g = g.Parent
	}
	return g
}

// Privatise is the pass that copies the J graphs the program calls.
func Privatise(u *Unit) bool {
	an := u.analysis()
	changed := false
	for _, g := range an.graphs {
		if !u.external(g) || g.Kind == ir.KindStdlib || g.Kind == ir.KindBackprop || g.VJP != nil ||
			an.holdsProtected[g] || len(an.uses[g]) == 0 {
			continue
		}
		own := u.private[g]
		if own == nil {
			size := an.familySize(g)
			if size > u.budget {
				continue
			}
			u.budget -= size
			own = newCloner(u).cloneGraph(g, g.Parent, g.Name+"[own]", nil)
			u.private[g] = own
			u.copyOf[own] = g
		}
		for _, us := range an.uses[g] {
			if an.isProtected(us.User) || u.external(outermost(us.User.Graph())) {
				continue // the J transform may hand that graph out again as it made it
			}
			c := us.User.Inputs[us.Index]
			u.M.SetInput(us.User, us.Index, u.constant(own, c.Pos(), c.Type()))
			changed = true
		}
	}
	return changed
}
