package opt

// Reverse turns the forward pass of a loop's gradient, a recursion that
// returns a chain of backpropagators, into a loop that records a tape,
// and the backward pass into a loop over the tape, backwards.
//
// The J transform of a loop (a tail-recursive graph F) gives a forward
// pass that is no longer tail-recursive: each iteration calls the next
// one and returns a closure B that captures the next iteration's
// backpropagator r, and B calls r first:
//
//	graph F(p..., tape) {                graph F(p...) {
//	  switch(c, @Body, @Exit)()            switch(c, @Body, @Exit)()
//	graph Body() in F {                  graph Body() in F {
//	  ...                                  ...
//	  F(q..., list_push(tape, @B))  <-     r = F(q...)
//	                                       return @B
//	graph B(dout, t) in Body {           graph B(dout) in Body {
//	  ... t ...                            ... r(dout) ...
//	graph Exit() in F {                  graph Exit() in F {
//	  return (tape, E)                     return E
//
// (or, when F returns (value, backpropagator), the same at the
// backpropagator's index of the tuple). F is now a loop (the native
// backends make tail calls gotos) that pushes each iteration's B, a
// closure record of the values the iteration's backward step reads, on
// a list; nothing but a push reads a tape before the loop is done, so
// native code appends in place. A caller's backpropagator,
// F(a...)(d), becomes
//
//	tape, E = F(a..., [])
//	t = E(d)
//	for j from len(tape)-1 down to 0: t = tape[j](d, t)
//
// which is B's chain of calls, in the order it made them: each B
// called r(dout) with its own dout, so every step gets d, and t is
// what r returned. No recursion is left on either side, no record is
// boxed, and the tape's length is bounded by memory, not by the native
// stack.
//
// It runs late, when the rest has made the forward pass as simple as it
// gets, on the typed graphs (typed-opt), and on the untyped ones the VM
// runs only once inference has cloned them (Options.ReverseUntyped: the
// last stage, vm-opt), so that inference never sees a tape; and only
// when every use of F is one it rewrites: its own call in Body and calls
// whose backpropagator is only called.

import (
	"github.com/myia/myia/ir"
	lattice "github.com/myia/myia/ir/types"
)

// Reverse is the loop-reversal pass.
func Reverse(u *Unit) bool {
	if !u.typed && !u.reverseUntyped {
		return false
	}
	changed := false
	for _, f := range u.analysis().graphs {
		an := u.analysis()
		if !an.live[f] {
			continue
		}
		if m := u.matchLoop(an, f); m != nil {
			u.reverseLoop(m)
			changed = true
		}
	}
	return changed
}

// loopMatch is a forward pass Reverse rewrites.
type loopMatch struct {
	f, body, exit, b *ir.Graph
	rec              *ir.Apply // Body's call F(q...)
	chain            *ir.Apply // r: rec, or getitem(rec, k)
	step             *ir.Apply // B's call r(dout)
	k                int       // the backpropagator's index in F's result; -1: F returns it alone
	bConst           *ir.Constant
	exitOut          ir.Node // E: Exit's backpropagator
	exitRes          ir.Type // E(d)'s type
	calls            []*ir.Apply
}

// liveUsers are the live uses of n.
func liveUsers(u *Unit, an *analysis, n ir.Node) []ir.Use {
	var out []ir.Use
	for _, us := range u.M.Users(n) {
		if an.isLive(us.User) {
			out = append(out, us)
		}
	}
	return out
}

// onlyGraph is the one graph a function value of type t is, or nil.
func onlyGraph(t ir.Type) *ir.Graph {
	ft, ok := t.(*lattice.Func)
	if !ok || len(ft.Fns) != 1 {
		return nil
	}
	if gf, ok := ft.Fns[0].(*lattice.GraphFn); ok {
		return gf.G
	}
	return nil
}

// constIndex is the value of an int constant, as an index.
func constIndex(n ir.Node) (int, bool) {
	v, ok := intConst(n)
	return int(v), ok
}

// matchLoop reports whether f is the forward pass of a loop that
// Reverse takes, and how.
func (u *Unit) matchLoop(an *analysis, f *ir.Graph) *loopMatch {
	if u.typed != isTyped(f) || u.root[f] || len(f.Defaults) > 0 || f.VJP != nil || an.holdsProtected[f] {
		return nil
	}
	out, ok := f.Output().(*ir.Apply)
	if !ok || len(out.Inputs) != 1 || out.Graph() != f {
		return nil
	}
	sw, ok := out.Inputs[0].(*ir.Apply)
	if !ok || !ir.IsApplyOf(sw, ir.Switch) || sw.Graph() != f {
		return nil
	}
	m := &loopMatch{f: f, k: -1}
	for arm := 1; arm <= 2; arm++ {
		g := ir.GraphOf(sw.Args()[arm])
		if g == nil || g.Parent != f || len(g.Params) != 0 || len(an.uses[g]) != 1 {
			return nil
		}
		var recs []*ir.Apply
		for _, us := range an.uses[f] {
			if us.User.Graph() == g && us.Index == 0 {
				recs = append(recs, us.User)
			}
		}
		switch {
		case len(recs) == 1 && m.body == nil:
			m.body, m.rec = g, recs[0]
		case len(recs) == 0 && m.exit == nil:
			m.exit = g
		default:
			return nil
		}
	}
	if m.body == nil || m.exit == nil || len(m.rec.Args()) != len(f.Params) {
		return nil
	}
	// Every other use of F is a call from outside its family whose
	// backpropagator is only called.
	for _, us := range an.uses[f] {
		a := us.User
		if a == m.rec {
			continue
		}
		if us.Index != 0 || len(a.Args()) != len(f.Params) || f.IsAncestorOf(a.Graph()) || a.Graph() == f {
			return nil
		}
		m.calls = append(m.calls, a)
	}
	if len(m.calls) == 0 {
		return nil
	}
	// Body returns @B, or a tuple of the next iteration's values and @B.
	bodyOut := m.body.Output()
	if g := ir.GraphOf(bodyOut); g != nil {
		m.b, m.bConst, m.chain = g, bodyOut.(*ir.Constant), m.rec
	} else if mt, ok := bodyOut.(*ir.Apply); ok && ir.IsApplyOf(mt, ir.MakeTuple) && mt.Graph() == m.body {
		for i, e := range mt.Args() {
			if g := ir.GraphOf(e); g != nil {
				if m.b != nil {
					return nil
				}
				m.b, m.bConst, m.k = g, e.(*ir.Constant), i
				continue
			}
			gi, ok := e.(*ir.Apply)
			if !ok || !ir.IsApplyOf(gi, ir.GetItem) || gi.Args()[0] != m.rec {
				return nil
			}
			if j, ok := constIndex(gi.Args()[1]); !ok || j != i {
				return nil
			}
		}
		if m.b == nil {
			return nil
		}
		for _, us := range liveUsers(u, an, m.rec) {
			gi := us.User
			if !ir.IsApplyOf(gi, ir.GetItem) || us.Index != 1 {
				return nil
			}
			j, ok := constIndex(gi.Args()[1])
			if !ok {
				return nil
			}
			if j == m.k {
				if m.chain != nil {
					return nil
				}
				m.chain = gi
				continue
			}
			// The next iteration's values only pass through: after the
			// rewrite, nothing may read the call Body no longer makes.
			for _, gu := range liveUsers(u, an, gi) {
				if gu.User != mt || gu.Index != j+1 {
					return nil
				}
			}
		}
		if m.chain == nil {
			return nil
		}
	} else {
		return nil
	}
	if m.b.Parent != m.body || len(m.b.Params) != 1 || len(an.uses[m.b]) != 1 {
		return nil
	}
	// B calls r once, first thing it needs, with its own dout.
	uses := liveUsers(u, an, m.chain)
	if len(uses) != 1 || uses[0].Index != 0 || uses[0].User.Graph() != m.b {
		return nil
	}
	m.step = uses[0].User
	if len(m.step.Args()) != 1 || m.step.Args()[0] != m.b.Params[0] {
		return nil
	}
	if m.k < 0 {
		if len(liveUsers(u, an, m.rec)) != 1 {
			return nil
		}
	}
	// Exit returns E, or a tuple with E at index k.
	m.exitOut = m.exit.Output()
	if m.k >= 0 {
		mt, ok := m.exitOut.(*ir.Apply)
		if !ok || !ir.IsApplyOf(mt, ir.MakeTuple) || len(mt.Args()) <= m.k {
			return nil
		}
		m.exitOut = mt.Args()[m.k]
	}
	if u.typed {
		eg := onlyGraph(m.exitOut.Type())
		if eg == nil || len(eg.Params) != 1 || eg.Output() == nil || eg.Output().Type() == nil || m.step.Type() == nil {
			return nil
		}
		m.exitRes = eg.Output().Type()
		if _, ok := f.Return().Type().(*lattice.Tuple); m.k >= 0 && !ok {
			return nil
		}
	}
	// The callers' backpropagators are only called, with one argument.
	for _, a := range m.calls {
		for _, bp := range u.backpropsOf(an, a, m.k) {
			if bp == nil {
				return nil
			}
			for _, us := range liveUsers(u, an, bp) {
				if us.Index != 0 || len(us.User.Inputs) != 2 {
					return nil
				}
			}
		}
	}
	return m
}

// backpropsOf are the nodes that hold the backpropagator of call a (a
// itself, or the getitem(a, k) applies); a nil in the list: a use that
// is neither.
func (u *Unit) backpropsOf(an *analysis, a *ir.Apply, k int) []ir.Node {
	if k < 0 {
		return []ir.Node{a}
	}
	var out []ir.Node
	for _, us := range liveUsers(u, an, a) {
		gi := us.User
		if !ir.IsApplyOf(gi, ir.GetItem) || us.Index != 1 {
			return []ir.Node{nil}
		}
		j, ok := constIndex(gi.Args()[1])
		if !ok {
			return []ir.Node{nil}
		}
		if j == k {
			out = append(out, gi)
		}
	}
	return out
}

// graphConst is a constant holding g, typed (in a typed unit) as the
// closure it makes.
func (u *Unit) graphConst(g *ir.Graph, pos ir.Pos) *ir.Constant {
	c := u.M.Const(g, pos)
	if u.typed {
		c.SetType(lattice.NewFunc(&lattice.GraphFn{G: g, Track: c.ID()}))
	}
	return c
}

// loopTypes are the types of what reverseLoop makes (all nil in an
// untyped unit).
type loopTypes struct {
	elem, tape, empty, step, pair, out, exit, int, bool ir.Type
}

func (u *Unit) loopTypes(m *loopMatch) loopTypes {
	if !u.typed {
		return loopTypes{}
	}
	elem := m.bConst.Type().(lattice.Type)
	tape := &lattice.List{Elem: elem, Len: -1}
	pair := lattice.NewTuple(tape, m.exitOut.Type().(lattice.Type))
	var out ir.Type = pair
	if m.k >= 0 {
		old := m.f.Return().Type().(*lattice.Tuple)
		el := append([]lattice.Type(nil), old.Elems...)
		el[m.k] = pair
		out = lattice.NewTuple(el...)
	}
	return loopTypes{elem: elem, tape: tape, empty: &lattice.List{Elem: elem, Len: 0}, step: m.step.Type(),
		pair: pair, out: out, exit: m.exitOut.Type(), int: lattice.AnyInt, bool: lattice.AnyBool}
}

func (u *Unit) reverseLoop(m *loopMatch) {
	M := u.M
	f, pos := m.f, m.f.Pos
	ty := u.loopTypes(m)
	tapeT, stepT, pair, outT := ty.tape, ty.step, ty.pair, ty.out

	// F takes the tape; B takes what r(dout) returned.
	tape := M.AddParam(f, "tape", pos)
	tape.SetType(tapeT)
	t := M.AddParam(m.b, "t", m.step.Pos())
	t.SetType(stepT)
	M.Replace(m.step, t)

	// Body pushes @B and goes on to the next iteration.
	push := u.applyPrim(m.body, m.rec.Pos(), tapeT, ir.ListPush, tape, m.bConst)
	next := u.apply(m.body, m.rec.Pos(), outT, append(append([]ir.Node(nil), m.rec.Inputs...), push)...)
	M.SetOutput(m.body, next)
	m.body.Return().SetType(outT)

	// Exit returns the tape with E.
	var exitOut ir.Node = u.applyPrim(m.exit, pos, pair, ir.MakeTuple, tape, m.exitOut)
	if m.k >= 0 {
		mt := m.exit.Output().(*ir.Apply)
		in := append([]ir.Node(nil), mt.Args()...)
		in[m.k] = exitOut
		exitOut = u.applyPrim(m.exit, mt.Pos(), outT, ir.MakeTuple, in...)
	}
	M.SetOutput(m.exit, exitOut)
	m.exit.Return().SetType(outT)
	f.Output().SetType(outT)
	f.Return().SetType(outT)

	for _, a := range m.calls {
		an := u.analysis()
		g := a.Graph()
		bps := u.backpropsOf(an, a, m.k)
		empty := u.applyPrim(g, a.Pos(), ty.empty, ir.MakeList)
		y := u.apply(g, a.Pos(), outT, append(append([]ir.Node(nil), a.Inputs...), empty)...)
		M.Replace(a, y)
		for _, bp := range bps {
			var tp ir.Node = y
			if m.k >= 0 {
				tp = bp // now getitem(y, k)
				if pair != nil {
					bp.SetType(pair)
				}
			}
			tapeN := u.applyPrim(g, a.Pos(), tapeT, ir.GetItem, tp, u.constant(int64(0), pos, nil))
			exitN := u.applyPrim(g, a.Pos(), ty.exit, ir.GetItem, tp, u.constant(int64(1), pos, nil))
			// The calls of the backpropagator call the backward loop.
			run := u.backwardLoop(g, a.Pos(), tapeN, exitN, m, ty)
			for _, us := range append([]ir.Use(nil), M.Users(tp)...) {
				if us.User != tapeN && us.User != exitN {
					M.SetInput(us.User, us.Index, run)
				}
			}
		}
	}
}

// backwardLoop makes, nested in g, the backpropagator that runs the
// tape backwards, and returns the constant that makes it:
//
//	graph Run(d) in g {                 graph Loop(j, t) in Run {
//	  return Loop(len(tape)-1, E(d))      return switch(ge(j, 0), @Step, @Done)()
//	graph Step() in Loop {              graph Done() in Loop {
//	  return Loop(j-1, tape[j](d, t))     return t
func (u *Unit) backwardLoop(g *ir.Graph, pos ir.Pos, tape, exit ir.Node, m *loopMatch, ty loopTypes) *ir.Constant {
	M := u.M
	stepT, intT := ty.step, ty.int
	name := m.f.Name + ".reversed"
	run := M.NewGraph(name, pos, g, ir.KindBackprop)
	d := M.AddParam(run, "d", pos)
	d.SetType(m.b.Params[0].Type())
	loop := M.NewGraph(name+".loop", pos, run, ir.KindLoop)
	j := M.AddParam(loop, "j", pos)
	j.SetType(intT)
	t := M.AddParam(loop, "t", pos)
	t.SetType(stepT)
	step := M.NewGraph(name+".step", pos, loop, ir.KindLoopBody)
	done := M.NewGraph(name+".done", pos, loop, ir.KindAfter)

	one := func() ir.Node { return u.constant(int64(1), pos, nil) }
	n := u.applyPrim(run, pos, intT, ir.Len, tape)
	last := u.applyPrim(run, pos, intT, ir.Sub, n, one())
	t0 := u.apply(run, pos, m.exitRes, exit, d)
	M.SetOutput(run, u.apply(run, pos, stepT, u.graphConst(loop, pos), last, t0))
	run.Return().SetType(stepT)

	more := u.applyPrim(loop, pos, ty.bool, ir.Ge, j, u.constant(int64(0), pos, nil))
	sc, dc := u.graphConst(step, pos), u.graphConst(done, pos)
	var swT ir.Type
	if u.typed {
		swT = lattice.NewFunc(sc.Type().(*lattice.Func).Fns[0], dc.Type().(*lattice.Func).Fns[0])
	}
	sw := u.applyPrim(loop, pos, swT, ir.Switch, more, sc, dc)
	M.SetOutput(loop, u.apply(loop, pos, stepT, sw))
	loop.Return().SetType(stepT)

	b := u.applyPrim(step, pos, ty.elem, ir.GetItem, tape, j)
	t1 := u.apply(step, pos, stepT, b, d, t)
	j1 := u.applyPrim(step, pos, intT, ir.Sub, j, one())
	M.SetOutput(step, u.apply(step, pos, stepT, u.graphConst(loop, pos), j1, t1))
	step.Return().SetType(stepT)

	M.SetOutput(done, t)
	done.Return().SetType(stepT)
	return u.graphConst(run, pos)
}
