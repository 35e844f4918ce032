package opt

// DCE removes dead code. In this IR a node no live node uses is never
// evaluated (a graph's body is what its return node reaches), so dead
// code is mostly a matter of dropping what makes nodes look used:
//
//   - depend(x, e) -> x when e is pure: evaluating e cannot print or
//     assert (purity is computed over graphs: a graph is pure if it
//     applies no effect primitive and calls only pure graphs), so the
//     order it imposes protects nothing. Calls of pure functions are
//     ordered by such depends in the builder's output.
//
//	%1 = @g(x)                        (g pure)
//	%2 = depend(@h, %1)        ->     %3 = @h(%1)
//	%3 = %2(%1)
//
// When the pipeline is done, Optimize cleans up (cleanup below): the
// applies of live graphs that their return node no longer reaches are
// detached from their inputs, so that use counts are exact, and a dead
// graph nested in a live one (a branch or a closure copied by inlining
// or incorporate) is emptied: it returns None. The J transform takes a
// function with every graph nested in it, dead ones too, and the dead
// ones may use nodes their parent no longer computes.
//
// It runs last in a round, to drop the depends the other passes made
// pure.

import (
	"github.com/myia/myia/ir"
	lattice "github.com/myia/myia/ir/types"
)

// DCE is the dead-code pass.
func DCE(u *Unit) bool {
	an := u.analysis()
	changed := false
	for _, g := range an.graphs {
		for _, a := range an.nodes[g] {
			if ir.IsApplyOf(a, ir.Depend) && len(a.Inputs) == 3 && an.pureNode(a.Inputs[2], g) && !an.isProtected(a) {
				u.M.Replace(a, a.Inputs[1])
				changed = true
			} else if x := neverInput(u, a); x != nil {
				u.M.Replace(a, x)
				changed = true
			} else if x := neverCall(u, an, a); x != nil {
				u.M.Replace(a, x)
				changed = true
			}
		}
	}
	return changed
}

// neverInput is, in typed graphs, the input of a pure primitive's
// application a that never has a value (its type is Bottom: a call
// that always raises, such as the read of a variable never bound on
// this path), if a is of type Bottom too: a never runs, and the input
// stands for it, so that no operation of the typed program takes a
// value that does not exist. So is a callee that never has a value,
// and, of depend(x, e), the effect e only.
func neverInput(u *Unit, a *ir.Apply) ir.Node {
	if !u.typed || !isBottom(a.Type()) {
		return nil
	}
	if f, ok := a.Inputs[0].(*ir.Apply); ok && isBottom(f.Type()) {
		// A call of a function that never exists (a switch on a
		// comparison of elements of a list of Bottom, merge_sort([])):
		// it never runs, nor do the effects of what it may call.
		return f
	}
	p, ok := primOf(a.Inputs[0])
	if !ok || !p.Info().Pure || p == ir.Return {
		return nil
	}
	if p == ir.Depend {
		// Only the effect: depend(x, e) keeps e's effects, which may
		// come before x raises (assert len(xs) > 0, then xs[0]).
		if e, ok := a.Inputs[2].(*ir.Apply); ok && isBottom(e.Type()) {
			return e
		}
		return nil
	}
	for _, x := range a.Inputs[1:] {
		if _, ok := x.(*ir.Apply); ok && isBottom(x.Type()) {
			return x
		}
	}
	return nil
}

// neverCall is, in typed graphs, what stands for a call a of a graph
// inference never entered, because an argument x never has a value
// (max_of([]): its loop, after the assert that fails, called with
// xs[0]): x, after the effects the callee waits for, so that the
// native backends need not compile a graph without types. The other
// arguments must be pure: their effects would be lost.
func neverCall(u *Unit, an *analysis, a *ir.Apply) ir.Node {
	if !u.typed || !isBottom(a.Type()) {
		return nil
	}
	if g := ir.GraphOf(strip(a.Inputs[0])); g == nil || isTyped(g) {
		return nil
	}
	var x ir.Node
	for _, in := range a.Inputs[1:] {
		if b, ok := in.(*ir.Apply); ok && isBottom(b.Type()) {
			if x == nil {
				x = b
			}
		} else if !an.pureNode(in, a.Graph()) {
			return nil
		}
	}
	if x == nil {
		return nil
	}
	return withEffects(u, a.Graph(), a.Inputs[0], x)
}

// withEffects is x after the effects of the depends of callee f
// (depend(depend(@g, e1), e2) gives depend(depend(x, e1), e2)).
func withEffects(u *Unit, g *ir.Graph, f, x ir.Node) ir.Node {
	d, ok := f.(*ir.Apply)
	if !ok || !ir.IsApplyOf(d, ir.Depend) {
		return x
	}
	y := u.M.ApplyPrim(g, d.Pos(), ir.Depend, withEffects(u, g, d.Inputs[1], x), d.Inputs[2])
	y.SetType(x.Type())
	return y
}

func isBottom(t ir.Type) bool {
	_, ok := t.(lattice.Bottom)
	return ok
}

// cleanup detaches the dead applies of live graphs and empties the dead graphs nested in
// live ones.
func (u *Unit) cleanup() {
	if rewrite(u, &finalRules) {
		CSE(u)
	}
	an := u.analysis()
	m := u.M
	gut := u.cleanDeadNested(an)
	an = u.analysis()
	var dead []*ir.Apply
	for id := 0; id < m.NumNodes(); id++ {
		a, ok := m.Node(id).(*ir.Apply)
		if !ok || len(a.Inputs) == 0 {
			continue
		}
		if g := a.Graph(); an.live[g] && !an.isLive(a) || gut[g] && a != g.Return() {
			dead = append(dead, a)
		}
	}
	for _, a := range dead {
		m.Detach(a)
	}
}

// cleanDeadNested empties the dead graphs nested in live ones, before
// the J transform reads a live graph (it takes a function with every
// graph nested in it), and returns them.
//
// A closure a live apply names is not dead, even where the walk does
// not enter it: in a typed unit, an untyped closure that inference only
// saw through J(@closure), or as a value that reaches J (J(t[i]) of a
// tuple of functions), which the VM transforms at run time, and what
// such a closure names, transitively.
func (u *Unit) cleanDeadNested(an *analysis) map[*ir.Graph]bool {
	m := u.M
	named := map[*ir.Graph]bool{}
	var todo []*ir.Graph
	name := func(a *ir.Apply) {
		for _, x := range a.Inputs {
			if h := ir.GraphOf(x); h != nil && !an.live[h] && !named[h] {
				named[h] = true
				todo = append(todo, h)
			}
		}
	}
	for _, g := range an.graphs {
		for _, a := range an.nodes[g] {
			name(a)
			if t, ok := a.Type().(lattice.Type); ok && u.typed {
				// A function value's type names the graphs a call of
				// it may run (a loop's tape of backpropagators), which
				// no node of the walk may name any more.
				lattice.Graphs(t, func(h *ir.Graph) {
					if !an.live[h] && !named[h] && h.Return() != nil {
						named[h] = true
						todo = append(todo, h)
					}
				})
			}
		}
	}
	// What a named closure names lives too (grad(g) of a lambda g, its
	// J(@g) in the untyped closure the VM transforms).
	for len(todo) > 0 {
		h := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for _, k := range ir.Family(h) {
			for _, a := range k.Nodes() {
				name(a)
			}
		}
	}
	gut := map[*ir.Graph]bool{}
	for _, g := range m.Graphs() {
		if an.live[g] || g.Return() == nil {
			continue
		}
		for p := g; p != nil; p = p.Parent {
			if named[p] {
				break
			}
			if p != g && an.live[p] {
				gut[g] = true
				break
			}
		}
	}
	for _, g := range m.Graphs() {
		if gut[g] && !isConstOutput(g) {
			m.SetOutput(g, m.Const(ir.None, g.Pos))
		}
	}
	u.forget(gut)
	return gut
}

// isConstOutput reports whether g returns a constant and computes
// nothing.
func isConstOutput(g *ir.Graph) bool {
	_, ok := g.Output().(*ir.Constant)
	return ok
}
