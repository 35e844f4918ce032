package opt

// Eta reduces a graph that only passes its parameters on, in order, to
// a function it does not compute: uses of @g become uses of that
// function.
//
//	graph g(x, y) {            %1 = @g                 %1 = add
//	  %1 = add(x, y)     ->                       ->
//	  return %1
//	}
//
// The function is a primitive, a graph or a free variable of g (a value
// of an enclosing graph, visible wherever @g is). It runs after the
// local rules, which leave such wrappers behind (lambda x: f(x), the
// branches of a switch that only call), at -O2.

import (
	"github.com/myia/myia/ir"
)

// Eta is the eta-reduction pass.
func Eta(u *Unit) bool {
	an := u.analysis()
	changed := false
	for _, g := range an.graphs {
		f := u.etaTarget(an, g)
		if f == nil {
			continue
		}
		for _, c := range g.Constants() {
			for _, us := range append([]ir.Use(nil), u.M.Users(c)...) {
				if !an.isLive(us.User) || an.isProtected(us.User) {
					continue
				}
				if _, isPrim := primOf(f); isPrim && us.Index != 0 {
					continue // a primitive as a value: only where it is called
				}
				var to ir.Node = f
				if k, ok := f.(*ir.Constant); ok {
					to = u.constant(k.Value, c.Pos(), k.Type())
				}
				u.M.SetInput(us.User, us.Index, to)
				changed = true
			}
		}
	}
	return changed
}

// etaTarget returns the function g passes its parameters to, if g is
// an eta-expansion of it.
func (u *Unit) etaTarget(an *analysis, g *ir.Graph) ir.Node {
	if u.root[g] || an.escapes[g] || g.VJP != nil || len(g.Defaults) > 0 || an.holdsProtected[g] || len(an.nodes[g]) != 2 {
		return nil
	}
	a, ok := g.Output().(*ir.Apply)
	if !ok || a.Graph() != g || len(a.Inputs) != len(g.Params)+1 {
		return nil
	}
	for i, p := range g.Params {
		if a.Inputs[i+1] != ir.Node(p) {
			return nil
		}
	}
	switch f := a.Inputs[0].(type) {
	case *ir.Constant:
		if h, ok := f.Value.(*ir.Graph); ok && (h == g || g.IsAncestorOf(h) || h.VJP != nil) {
			return nil
		}
		if _, ok := f.Value.(ir.Prim); ok || ir.GraphOf(f) != nil {
			return f
		}
	case *ir.Apply, *ir.Parameter:
		if f.Graph() != g {
			return f
		}
	}
	return nil
}
