package ad

import "github.com/myia/myia/ir"

// Expand replaces J(@g) of a top-level graph g (or of a primitive) by the
// constant J graph, so that gradients of functions known at compile time
// are transformed before inference and optimization, and show in the IR:
//
//	%1 = J(@f)        ->    (uses of %1 use @fprop_f)
//	%2 = %1(x)              %2 = @fprop_f(x)
//
// J of a closure stays a run-time J: its environment is known only then.
// JF, forward mode, is expanded first, for closures too (see
// Forward.ExpandIn), and both again in the graphs the transforms make,
// until none is left to expand. It runs after the builder, where grad,
// value_and_grad and vjp become J, and jvp and jacfwd JF.
func Expand(m *ir.Module, t *Transformer) error {
	for changed := true; changed; {
		changed = false
		if t.fwd != nil && t.fwd.ExpandIn(m.Graphs()) {
			changed = true
		}
		// J of a top-level graph or of a primitive; J of a closure
		// stays a run-time J (or opt's Expand makes it where it stands).
		var gs []*ir.Graph
		for _, g := range m.Graphs() {
			if g.Kind != ir.KindBackprop && g.Return() != nil {
				gs = append(gs, g)
			}
		}
		if expandConsts(m, gs, ir.J, func(v any, _ *ir.Graph) *ir.Graph {
			switch v := v.(type) {
			case *ir.Graph:
				if v.Parent == nil {
					return t.Graph(v)
				}
			case ir.Prim:
				if v.Info().Arity >= 0 {
					return t.Fprop(v, -1)
				}
			}
			return nil
		}) {
			changed = true
		}
	}
	return nil
}
