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
	if !u.typed && differentiatesAtRunTime(u.analysis()) {
		// The VM's J would differentiate the tape too: reverse mode over
		// the loop's reverse pass, which the tape does not serve.
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

// differentiatesAtRunTime reports whether a live graph applies J or JF:
// untyped, the VM transforms the graph it takes when it runs.
func differentiatesAtRunTime(an *analysis) bool {
	for _, g := range an.graphs {
		for _, a := range an.nodes[g] {
			if ir.IsApplyOf(a, ir.J) || ir.IsApplyOf(a, ir.JF) {
				return true
			}
		}
	}
	return false
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
	// defun reports that the tape holds, for an iteration, record
	// instead of the closure @B: the values of B's free variables that
	// the loop makes (see defunctionalise); B then takes them after
	// (dout, t), followed by the values of inductions.
	defun  bool
	record []ir.Node
	// inductions are B's free variables that are parameters of F whose
	// value at iteration j the backward step computes from j and the
	// caller's argument: they are not recorded.
	inductions []induction
	// counter reports that the tape records nothing: it is an int, the
	// number of iterations, not a list.
	counter bool
}

// induction is a parameter of F that each iteration steps by a
// constant: at iteration j (from 0) it is init + j*step, init the
// caller's argument. A parameter passed through unchanged (step 0) is
// one of any type.
type induction struct {
	p    *ir.Parameter
	k    int   // p's index in F's parameters
	step int64 // 0: passed through
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
	if u.typed != isTyped(f) || u.root[f] || an.rule[f] || len(f.Defaults) > 0 || f.VJP != nil || an.holdsProtected[f] {
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
	if m.defun {
		elem = recordType(m.record)
	}
	var tape, empty lattice.Type = &lattice.List{Elem: elem, Len: -1}, &lattice.List{Elem: elem, Len: 0}
	if m.counter {
		tape, empty = lattice.AnyInt, lattice.AnyInt
	}
	pair := lattice.NewTuple(tape, m.exitOut.Type().(lattice.Type))
	var out ir.Type = pair
	if m.k >= 0 {
		old := m.f.Return().Type().(*lattice.Tuple)
		el := append([]lattice.Type(nil), old.Elems...)
		el[m.k] = pair
		out = lattice.NewTuple(el...)
	}
	return loopTypes{elem: elem, tape: tape, empty: empty, step: m.step.Type(),
		pair: pair, out: out, exit: m.exitOut.Type(), int: lattice.AnyInt, bool: lattice.AnyBool}
}

func (u *Unit) reverseLoop(m *loopMatch) {
	M := u.M
	f, pos := m.f, m.f.Pos
	// B takes what r(dout) returned; F takes the tape.
	t := M.AddParam(m.b, "t", m.step.Pos())
	t.SetType(m.step.Type())
	M.Replace(m.step, t)
	u.defunctionalise(m)
	ty := u.loopTypes(m)
	tapeT, pair, outT := ty.tape, ty.pair, ty.out
	tape := M.AddParam(f, "tape", pos)
	tape.SetType(tapeT)

	// Body pushes @B, or B's record, or counts, and goes on to the next
	// iteration.
	var push ir.Node
	if m.counter {
		push = u.applyPrim(m.body, m.rec.Pos(), tapeT, ir.Add, tape, u.constant(int64(1), pos, nil))
	} else {
		var elem ir.Node = m.bConst
		if m.defun {
			elem = u.recordOf(m.body, m.rec.Pos(), ty.elem, m.record)
		}
		push = u.applyPrim(m.body, m.rec.Pos(), tapeT, ir.ListPush, tape, elem)
	}
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
		var empty ir.Node
		if m.counter {
			empty = u.constant(int64(0), a.Pos(), ty.empty)
		} else {
			empty = u.applyPrim(g, a.Pos(), ty.empty, ir.MakeList)
		}
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
			run := u.backwardLoop(g, a.Pos(), tapeN, exitN, y.Args(), m, ty)
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
//
// (with a defunctionalised tape, Step calls B(d, t, tape[j]...,
// inductions...), an induction's value computed from j and args, the
// caller's arguments of F; with a counter, len(tape) is the tape). The
// loop carries t, the tuple B returns, as one parameter per element
// (see loopState), so that no tuple is made per step once B is
// inlined into Step.
func (u *Unit) backwardLoop(g *ir.Graph, pos ir.Pos, tape, exit ir.Node, args []ir.Node, m *loopMatch, ty loopTypes) *ir.Constant {
	M := u.M
	stepT, intT := ty.step, ty.int
	st := u.loopState(m, ty)
	name := m.f.Name + ".reversed"
	run := M.NewGraph(name, pos, g, ir.KindBackprop)
	d := M.AddParam(run, "d", pos)
	d.SetType(m.b.Params[0].Type())
	loop := M.NewGraph(name+".loop", pos, run, ir.KindLoop)
	j := M.AddParam(loop, "j", pos)
	j.SetType(intT)
	var ts []ir.Node
	if st == nil {
		t := M.AddParam(loop, "t", pos)
		t.SetType(stepT)
		ts = []ir.Node{t}
	} else {
		for _, sl := range st.slots {
			t := M.AddParam(loop, "t", pos)
			t.SetType(sl.t)
			ts = append(ts, t)
		}
	}
	step := M.NewGraph(name+".step", pos, loop, ir.KindLoopBody)
	done := M.NewGraph(name+".done", pos, loop, ir.KindAfter)

	one := func() ir.Node { return u.constant(int64(1), pos, nil) }
	n := tape
	if !m.counter {
		n = u.applyPrim(run, pos, intT, ir.Len, tape)
	}
	last := u.applyPrim(run, pos, intT, ir.Sub, n, one())
	t0 := u.apply(run, pos, m.exitRes, exit, d)
	in := []ir.Node{u.graphConst(loop, pos), last}
	M.SetOutput(run, u.apply(run, pos, stepT, append(in, st.unpack(u, run, pos, t0, m.exitRes)...)...))
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

	t := st.pack(u, step, pos, ts, stepT)
	var t1 ir.Node
	if !m.defun {
		b := u.applyPrim(step, pos, ty.elem, ir.GetItem, tape, j)
		t1 = u.apply(step, pos, stepT, b, d, t)
	} else {
		in := []ir.Node{u.graphConst(m.b, pos), d, t}
		if len(m.record) == 1 {
			in = append(in, u.applyPrim(step, pos, ty.elem, ir.GetItem, tape, j))
		} else if len(m.record) > 1 {
			b := u.applyPrim(step, pos, ty.elem, ir.GetItem, tape, j)
			for i, v := range m.record {
				in = append(in, u.applyPrim(step, pos, v.Type(), ir.GetItem, b, u.constant(int64(i), pos, nil)))
			}
		}
		for _, iv := range m.inductions {
			var x ir.Node = args[iv.k]
			if iv.step != 0 {
				dj := u.applyPrim(step, pos, intT, ir.Mul, j, u.constant(iv.step, pos, nil))
				x = u.applyPrim(step, pos, intT, ir.Add, x, dj)
			}
			in = append(in, x)
		}
		t1 = u.apply(step, pos, stepT, in...)
	}
	j1 := u.applyPrim(step, pos, intT, ir.Sub, j, one())
	in = []ir.Node{u.graphConst(loop, pos), j1}
	M.SetOutput(step, u.apply(step, pos, stepT, append(in, st.unpack(u, step, pos, t1, stepT)...)...))
	step.Return().SetType(stepT)

	M.SetOutput(done, st.pack(u, done, pos, ts, stepT))
	done.Return().SetType(stepT)
	return u.graphConst(run, pos)
}

// loopState is how the backward loop carries t, the tuple of
// sensitivities B returns (an environment, for the loop's free
// variables, then one per parameter of F): one parameter per element,
// and, in typed graphs, one per entry of an environment of numbers,
// absent entries holding zero (every reader of such an environment
// reads it with a zero default: the sensitivity of a float is 0.0 where
// nothing added to it, and an int's is 0). The loop's state is then numbers,
// which the VM keeps in its frame's slots.
type loopState struct {
	n     int // the elements of t
	slots []stateSlot
}

// stateSlot is a parameter of the backward loop: element comp of t or,
// if env, the entry key of that element.
type stateSlot struct {
	comp int
	env  bool
	key  ir.EnvKey
	t    ir.Type
}

// loopState is the layout of the backward loop's parameters, or nil to
// carry t as one parameter (B's result is not a tuple the pass knows
// the length of).
func (u *Unit) loopState(m *loopMatch, ty loopTypes) *loopState {
	st := &loopState{}
	if !u.typed {
		mt := applyOf(m.b.Output(), ir.MakeTuple)
		if mt == nil {
			return nil
		}
		st.n = len(mt.Args())
		for i := range st.n {
			st.slots = append(st.slots, stateSlot{comp: i})
		}
		return st
	}
	tt, ok := ty.step.(*lattice.Tuple)
	if !ok {
		return nil
	}
	st.n = len(tt.Elems)
	for i, e := range tt.Elems {
		if env, ok := e.(*lattice.Env); ok && !env.Any && len(env.Entries) > 0 && numberEntries(env) {
			for _, en := range env.Entries {
				st.slots = append(st.slots, stateSlot{comp: i, env: true, key: en.Key, t: en.Type})
			}
			continue
		}
		st.slots = append(st.slots, stateSlot{comp: i, t: e})
	}
	return st
}

// numberEntries reports whether every entry of env is a float or an
// int (whose zero its readers' defaults are: 0.0, 0).
func numberEntries(env *lattice.Env) bool {
	for _, en := range env.Entries {
		switch t := en.Type.(type) {
		case lattice.Float:
			if t.Known {
				return false
			}
		case lattice.Int:
			if t.Known {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// zeroOf is the zero of a number type, as a constant's value.
func zeroOf(t ir.Type) any {
	if _, ok := t.(lattice.Int); ok {
		return int64(0)
	}
	return 0.0
}

// unpack returns, in g, the loop's parameters from x, a value of t's
// shape (of type xT).
func (st *loopState) unpack(u *Unit, g *ir.Graph, pos ir.Pos, x ir.Node, xT ir.Type) []ir.Node {
	if st == nil {
		return []ir.Node{x}
	}
	var out []ir.Node
	comps := make([]ir.Node, st.n)
	for _, sl := range st.slots {
		if comps[sl.comp] == nil {
			var ct ir.Type
			if tt, ok := xT.(*lattice.Tuple); ok {
				ct = tt.Elems[sl.comp]
			}
			comps[sl.comp] = u.applyPrim(g, pos, ct, ir.GetItem, x, u.constant(int64(sl.comp), pos, nil))
		}
		if !sl.env {
			out = append(out, comps[sl.comp])
			continue
		}
		zero := u.constant(zeroOf(sl.t), pos, nil)
		out = append(out, u.applyPrim(g, pos, sl.t, ir.EnvGetItem, comps[sl.comp], u.constant(sl.key, pos, nil), zero))
	}
	return out
}

// pack makes, in g, the tuple t of type tT from the loop's parameters
// vals.
func (st *loopState) pack(u *Unit, g *ir.Graph, pos ir.Pos, vals []ir.Node, tT ir.Type) ir.Node {
	if st == nil {
		return vals[0]
	}
	comps := make([]ir.Node, st.n)
	var entries []lattice.EnvEntry
	for i, sl := range st.slots {
		if !sl.env {
			comps[sl.comp] = vals[i]
			continue
		}
		e := comps[sl.comp]
		if e == nil {
			entries = nil
			e = u.applyPrim(g, pos, envType(u, nil), ir.NewEnv)
		}
		entries = append(entries, lattice.EnvEntry{Key: sl.key, Type: sl.t.(lattice.Type)})
		comps[sl.comp] = u.applyPrim(g, pos, envType(u, entries), ir.EnvSetItem, e, u.constant(sl.key, pos, nil), vals[i])
	}
	return u.applyPrim(g, pos, tT, ir.MakeTuple, comps...)
}

// envType is the type of an environment of entries (nil untyped).
func envType(u *Unit, entries []lattice.EnvEntry) ir.Type {
	if !u.typed {
		return nil
	}
	return &lattice.Env{Entries: append([]lattice.EnvEntry(nil), entries...)}
}

// defunctionalise makes the tape hold, for each iteration, the values
// B reads that the loop makes (B's free variables owned by F or Body),
// not a closure of B: B moves out of the loop, next to F, and takes
// them as parameters after (dout, t). The backward step then calls B
// directly, which inlining dissolves, and an iteration records only
// the values its backward step reads and cannot compute: for
// `s = s * 0.5 + x * i`, nothing, since i is an induction (i + 1 each
// iteration: the step computes it from its index), and the tape is then
// a count of the iterations. B's free variables from outside the loop
// stay free: B is nested where F is, so they are in scope. It leaves B
// alone (m.defun false) when B's family makes closures of graphs outside it, which may
// capture what the loop makes too, or has default values.
func (u *Unit) defunctionalise(m *loopMatch) {
	b := m.b
	w := family(b)
	if len(w.closures) > 0 {
		return
	}
	for _, k := range w.graphs {
		if len(k.Defaults) > 0 {
			return
		}
	}
	var record, known []ir.Node
	var inds []induction
	for _, v := range w.fvs {
		if !m.f.IsAncestorOf(v.Graph()) {
			continue
		}
		if u.typed && v.Type() == nil {
			return
		}
		if iv, ok := u.inductionOf(m, v); ok {
			inds = append(inds, iv)
			known = append(known, v)
			continue
		}
		record = append(record, v)
	}
	record, remat := u.splitRecord(m.f, record, known)
	M := u.M
	b.Parent = m.f.Parent
	inB := map[ir.Node]ir.Node{}
	for _, v := range record {
		p := M.AddParam(b, fvName(v), v.Pos())
		p.SetType(v.Type())
		inB[v] = p
	}
	for _, iv := range inds {
		p := M.AddParam(b, fvName(iv.p), iv.p.Pos())
		p.SetType(iv.p.Type())
		inB[iv.p] = p
	}
	// B computes the values it rematerialises from what it reads.
	var build func(n ir.Node) ir.Node
	build = func(n ir.Node) ir.Node {
		if x, ok := inB[n]; ok {
			return x
		}
		a, ok := n.(*ir.Apply)
		if !ok || !m.f.IsAncestorOf(a.Graph()) {
			return n // a constant, or a value from outside the loop
		}
		in := make([]ir.Node, len(a.Inputs))
		for i, x := range a.Inputs {
			in[i] = build(x)
		}
		c := u.apply(b, a.Pos(), a.Type(), in...)
		inB[n] = c
		return c
	}
	for _, v := range remat {
		build(v)
	}
	for _, v := range append(append(append([]ir.Node(nil), record...), known...), remat...) {
		x, ok := inB[v]
		if !ok {
			continue
		}
		for _, us := range append([]ir.Use(nil), M.Users(v)...) {
			if us.User != x && b.IsAncestorOf(us.User.Graph()) {
				M.SetInput(us.User, us.Index, x)
			}
		}
	}
	m.defun, m.record, m.inductions, m.counter = true, record, inds, len(record) == 0
}

// inductionOf reports whether v, a value B reads, is a parameter of F
// that the backward step can compute rather than read from the tape:
// one F's own call passes unchanged, or, in typed graphs, an int that
// it steps by a constant (i + 1, i - 2). Its value at iteration j is
// then init + j*step exactly, init what the caller passed.
func (u *Unit) inductionOf(m *loopMatch, v ir.Node) (induction, bool) {
	p, ok := v.(*ir.Parameter)
	if !ok || p.Graph() != m.f {
		return induction{}, false
	}
	k := -1
	for i, q := range m.f.Params {
		if q == p {
			k = i
		}
	}
	if k < 0 || k >= len(m.rec.Args()) {
		return induction{}, false
	}
	next := m.rec.Args()[k]
	if next == v {
		return induction{p: p, k: k}, true
	}
	if _, ok := p.Type().(lattice.Int); !ok || !u.typed {
		return induction{}, false
	}
	a, ok := next.(*ir.Apply)
	if !ok || len(a.Args()) != 2 {
		return induction{}, false
	}
	x, y := a.Args()[0], a.Args()[1]
	switch {
	case ir.IsApplyOf(a, ir.Add) && x == v:
		if c, ok := intConst(y); ok && c != 0 {
			return induction{p: p, k: k, step: c}, true
		}
	case ir.IsApplyOf(a, ir.Add) && y == v:
		if c, ok := intConst(x); ok && c != 0 {
			return induction{p: p, k: k, step: c}, true
		}
	case ir.IsApplyOf(a, ir.Sub) && x == v:
		if c, ok := intConst(y); ok && c != 0 && c != -c {
			return induction{p: p, k: k, step: -c}, true
		}
	}
	return induction{}, false
}

// rematPrims are the primitives whose results a backward step
// recomputes rather than reads from the tape (see splitRecord).
var rematPrims = map[ir.Prim]bool{ir.Add: true, ir.Sub: true, ir.Mul: true, ir.Neg: true}

// maxRemat bounds the applies recomputed for one value.
const maxRemat = 8

// splitRecord splits the values a backward step reads from the loop
// (free) into those the tape records and those the step recomputes
// from them: in typed graphs, a number made by arithmetic (rematPrims)
// from values outside the loop, constants and recorded values. For
// the Euler step `v' = v + h * (-k * x - c * v)`, B reads v, x, -k and
// -k*x - c*v: the tape records v and x, and B computes the other two
// again, three multiplications instead of two more values per step
// (and for a step that reads i and x * i, the tape holds i, not a
// tuple).
func (u *Unit) splitRecord(f *ir.Graph, free, known []ir.Node) (record, remat []ir.Node) {
	if !u.typed {
		return free, nil
	}
	local := func(n ir.Node) bool { return f.IsAncestorOf(n.Graph()) }
	// cost is the applies n's recomputation makes, given the recorded
	// values base, or -1 if it cannot be recomputed.
	var cost func(n ir.Node, base map[ir.Node]bool, budget int) int
	cost = func(n ir.Node, base map[ir.Node]bool, budget int) int {
		if base[n] || !local(n) {
			return 0
		}
		a, ok := n.(*ir.Apply)
		if !ok || budget <= 0 || !scalarType(a.Type()) {
			return -1
		}
		p, ok := applyPrim(a)
		if !ok || !rematPrims[p] {
			return -1
		}
		total := 1
		for _, x := range a.Args() {
			c := cost(x, base, budget-total)
			if c < 0 {
				return -1
			}
			total += c
		}
		return total
	}
	// Every value is a candidate at first; one whose recomputation
	// needs a value that is not recorded is recorded, which may let
	// others be recomputed.
	base := map[ir.Node]bool{}
	for _, v := range known {
		base[v] = true
	}
	cand := map[ir.Node]bool{}
	for _, v := range free {
		cand[v] = true
	}
	for changed := true; changed; {
		changed = false
		for _, v := range free {
			if cand[v] && cost(v, base, maxRemat) < 0 {
				delete(cand, v)
				base[v] = true
				changed = true
			}
		}
	}
	for _, v := range free {
		if cand[v] {
			remat = append(remat, v)
		} else {
			record = append(record, v)
		}
	}
	return record, remat
}

// scalarType reports whether t is a number (not an array).
func scalarType(t ir.Type) bool {
	switch t.(type) {
	case lattice.Float, lattice.Int:
		return true
	}
	return false
}

// recordType is the type of the tape's element that holds record.
func recordType(record []ir.Node) lattice.Type {
	if len(record) == 1 {
		return record[0].Type().(lattice.Type)
	}
	el := make([]lattice.Type, len(record))
	for i, v := range record {
		el[i] = v.Type().(lattice.Type)
	}
	return lattice.NewTuple(el...)
}

// recordOf makes, in g, the tape element of record.
func (u *Unit) recordOf(g *ir.Graph, pos ir.Pos, t ir.Type, record []ir.Node) ir.Node {
	if len(record) == 1 {
		return record[0]
	}
	return u.applyPrim(g, pos, t, ir.MakeTuple, record...)
}
