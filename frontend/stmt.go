package frontend

import (
	"fmt"
	"maps"
	"slices"

	"github.com/myia/myia/ir"
)

// stmts lowers ss in bk and returns the block where control continues, or
// nil if it does not fall through (return, break, continue).
func (fb *fnBuilder) stmts(bk *block, ss []Stmt) *block {
	for i := 0; i < len(ss); i++ {
		if bk == nil {
			return nil // unreachable code after return/break/continue
		}
		// Consecutive defs are bound together, so they may call each other.
		if _, ok := ss[i].(*FuncDef); ok {
			j := i
			for j < len(ss) {
				if _, ok := ss[j].(*FuncDef); !ok {
					break
				}
				j++
			}
			fb.defs(bk, ss[i:j])
			i = j - 1
			continue
		}
		bk = fb.stmt(bk, ss[i])
	}
	return bk
}

func (fb *fnBuilder) stmt(bk *block, s Stmt) *block {
	b := fb.b
	switch s := s.(type) {
	case *ExprStmt:
		if _, ok := s.X.(*Str); ok {
			return bk // docstring
		}
		bk.statementValue(bk.expr(s.X))
	case *Assign:
		if l, ok := s.Value.(*Lambda); ok && len(s.Targets) == 1 {
			if n, ok := s.Targets[0].(*Name); ok && recursiveLambda(l, n.ID) {
				fb.recLambda(bk, n, l)
				return bk
			}
		}
		if c, ok := s.Value.(*Call); ok && len(s.Targets) == 1 {
			if n, ok := s.Targets[0].(*Name); ok {
				// df = grad(f) of a function value f: the calls of df
				// give the gradient's arity.
				fb.callArity[c] = callArity(fb.body, n.ID)
			}
		}
		v := bk.statementValue(bk.expr(s.Value))
		for _, t := range s.Targets {
			bk.bind(t, v, s.Pos())
		}
	case *AnnAssign:
		if s.Value != nil {
			bk.bind(s.Target, bk.statementValue(bk.expr(s.Value)), s.Pos())
		}
	case *AugAssign:
		switch t := s.Target.(type) {
		case *Name:
			old := bk.lookup(t.ID, t.Pos())
			v := bk.statementValue(bk.binop(s.Op, old, bk.expr(s.Value), s.Pos()))
			bk.bind(t, v, s.Pos())
		case *Subscript:
			b.errorf(s.Pos(), "item assignment is not supported: values are immutable in myia")
		case *Attribute:
			b.errorf(s.Pos(), "attribute assignment is not supported: values are immutable in myia")
		default:
			b.errorf(s.Pos(), "cannot assign to this expression")
		}
	case *Assert:
		cond := bk.truth(bk.expr(s.Cond))
		var msg ir.Node = b.m.Const(ir.None, s.Pos())
		if s.Msg != nil {
			msg = bk.expr(s.Msg)
		}
		bk.effect(b.m.Const(ir.Assert, s.Pos()), s.Pos(), cond, msg)
		bk.narrowHere(narrowings(s.Cond, true))
	case *Pass:
	case *Return:
		var v ir.Node
		if s.Value != nil {
			v = bk.expr(s.Value)
		} else {
			v = b.m.Const(ir.None, s.Pos())
		}
		bk.ret(v)
		return nil
	case *If:
		return fb.ifStmt(bk, s)
	case *While:
		if len(s.Else) > 0 {
			b.errorf(s.Pos(), "while ... else is not supported")
		}
		return fb.whileStmt(bk, s)
	case *For:
		if len(s.Else) > 0 {
			b.errorf(s.Pos(), "for ... else is not supported")
		}
		return fb.forStmt(bk, s)
	case *Break:
		if bk.loop == nil {
			b.errorf(s.Pos(), "'break' outside loop")
			return bk
		}
		bk.jump(bk.loop.after, nil, bk.loop.vars, bk.loop.maybe, s.Pos())
		return nil
	case *Continue:
		if bk.loop == nil {
			b.errorf(s.Pos(), "'continue' not properly in loop")
			return bk
		}
		bk.jump(bk.loop.header, bk.loop.next(bk), bk.loop.vars, bk.loop.maybe, s.Pos())
		return nil
	case *FuncDef:
		fb.defs(bk, []Stmt{s})
	case *Import, *ImportFrom:
		b.errorf(s.Pos(), "imports are only allowed at top level")
	case *Unsupported:
		b.unsupported(s)
	default:
		b.errorf(s.Pos(), "unsupported statement")
	}
	return bk
}

// defs binds a run of nested defs: all names first, then the bodies.
func (fb *fnBuilder) defs(bk *block, ss []Stmt) {
	var inner []*fnBuilder
	for _, s := range ss {
		d := s.(*FuncDef)
		g := fb.b.m.NewGraph(d.Name, d.Pos(), bk.g, ir.KindFunction)
		bk.set(d.Name, fb.b.m.Const(g, d.Pos()), d.Pos())
		inner = append(inner, &fnBuilder{b: fb.b, g: g, name: d.Name, outer: bk})
	}
	for i, s := range ss {
		d := s.(*FuncDef)
		inner[i].build(d.Params, d.Body, d.VarArgs, d.Decorators)
	}
}

// recursiveLambda reports whether lambda l, assigned to name, calls
// itself by that name: its body reads name, which is none of its
// parameters, and no default reads it (a default is the name's
// previous value).
func recursiveLambda(l *Lambda, name string) bool {
	body, defaults := names{}, names{}
	readNames(l.Body, body)
	for _, p := range l.Params {
		if p.Name == name {
			return false
		}
		readNames(p.Default, defaults)
	}
	return body[name] && !defaults[name]
}

// recLambda lowers name = lambda ...: name(...) as a def: the name is
// bound to the lambda before its body is built, so that the body calls
// the lambda itself, as it does in CPython.
func (fb *fnBuilder) recLambda(bk *block, n *Name, l *Lambda) {
	m := fb.b.m
	g := m.NewGraph(fb.b.lambdaName(fb.name, l.Pos()), l.Pos(), bk.g, ir.KindLambda)
	bk.set(n.ID, m.Const(g, l.Pos()), n.Pos())
	inner := &fnBuilder{b: fb.b, g: g, name: g.Name, outer: bk}
	inner.build(l.Params, []Stmt{&Return{At: At{P: l.Body.Pos()}, Value: l.Body}}, nil, nil)
}

// ifStmt: switch(cond, @then, @else)() in tail position; the branches
// that fall through tail-call a join graph that continues the block.
func (fb *fnBuilder) ifStmt(bk *block, s *If) *block {
	b, m := fb.b, fb.b.m
	cond := bk.truth(bk.expr(s.Cond))
	line := s.Pos().Line
	gt := m.NewGraph(fmt.Sprintf("%s.then%d", fb.name, line), s.Pos(), bk.g, ir.KindBranch)
	gf := m.NewGraph(fmt.Sprintf("%s.else%d", fb.name, line), s.Pos(), bk.g, ir.KindBranch)
	factsT, factsF := narrowings(s.Cond, true), narrowings(s.Cond, false)
	tb, eb := b.newBlock(fb, gt, bk), b.newBlock(fb, gf, bk)
	tb.narrow(factsT)
	eb.narrow(factsF)
	endT := fb.stmts(tb, s.Body)
	endF := fb.stmts(eb, s.Else)
	sw := m.ApplyPrim(bk.g, s.Pos(), ir.Switch, cond, m.Const(gt, s.Pos()), m.Const(gf, s.Pos()))
	bk.ret(bk.call(sw, s.Pos()))
	var ends []*block
	for _, e := range []*block{endT, endF} {
		if e != nil {
			ends = append(ends, e)
		}
	}
	if len(ends) == 0 {
		return nil
	}
	// Join on the names the branches assign that are read after the if:
	// those bound on every path, and those bound on some paths only,
	// with their flags.
	var vars, maybe []string
	undef := map[string]bool{}
	live := fb.live.after[s]
	names := assigned(s.Body, s.Else)
	isAssigned := map[string]bool{}
	for _, name := range names {
		isAssigned[name] = true
	}
	// A variable narrowed on every path that reaches the join
	// (`if v is None: return`) is narrowed after the if.
	vars = narrowedAfter(bk, ends, append(factsT, factsF...), isAssigned, live)
	for _, name := range names {
		if !fb.locals[name] {
			continue
		}
		all, some := true, false
		for _, e := range ends {
			_, _, st := e.find(name)
			all = all && st == bound
			some = some || st != unbound
		}
		switch {
		case !live[name] || !some:
			undef[name] = true
		case all:
			vars = append(vars, name)
		default:
			maybe = append(maybe, name)
		}
	}
	join := m.NewGraph(fmt.Sprintf("%s.join%d", fb.name, line), s.Pos(), bk.g, ir.KindJoin)
	for _, e := range ends {
		e.jump(join, nil, vars, maybe, s.Pos())
	}
	jb := b.newBlock(fb, join, bk)
	fb.bindParams(jb, vars, maybe, s.Pos())
	jb.undef = undef
	return jb
}

// bindParams adds to bk's graph a parameter for each name of vars, then
// a parameter and its flag for each name of maybe, and binds them.
func (fb *fnBuilder) bindParams(bk *block, vars, maybe []string, pos ir.Pos) {
	m := fb.b.m
	for _, name := range vars {
		bk.vars[name] = m.AddParam(bk.g, name, pos)
	}
	for _, name := range maybe {
		v := m.AddParam(bk.g, name, pos)
		bk.bindMaybe(name, v, m.AddParam(bk.g, name+".bound", pos))
	}
}

// loopVars are the names a loop assigns (in its body, or as its targets)
// that are read at the top of an iteration or after the loop: they are
// carried from one iteration to the next, as maybe if they may be unbound
// before the loop. The others are dead after the loop.
func (fb *fnBuilder) loopVars(bk *block, s Stmt, body []Stmt, targets map[string]bool) (vars, maybe []string, undef map[string]bool) {
	undef = map[string]bool{}
	live := fb.live.header[s]
	all := append(assigned(body), slices.Collect(maps.Keys(targets))...)
	slices.Sort(all)
	for _, name := range slices.Compact(all) {
		switch {
		case !fb.locals[name]:
		case !live[name]:
			undef[name] = true
		case bk.bound(name):
			vars = append(vars, name)
		default:
			maybe = append(maybe, name)
		}
	}
	return vars, maybe, undef
}

// loop builds the graphs of a loop: header(counter?, vars...) tests cond
// and tail-calls body or exit; exit tail-calls after(vars...); the body
// is lowered by fill and, if it falls through, tail-calls the header with
// next(counter). It returns the block after the loop.
type loopSpec struct {
	pos   ir.Pos
	kind  string
	vars  []string
	maybe []string
	undef map[string]bool
	init  []ir.Node                          // initial counter value, if any
	cond  func(hb *block, i ir.Node) ir.Node // in the header; i is the counter
	bind  func(bb *block, i ir.Node)         // binds targets in the body
	next  func(bk *block, i ir.Node) ir.Node // the advanced counter, in any body block
	body  []Stmt
}

func (fb *fnBuilder) loop(bk *block, ls loopSpec) *block {
	b, m := fb.b, fb.b.m
	line := ls.pos.Line
	header := m.NewGraph(fmt.Sprintf("%s.%s%d", fb.name, ls.kind, line), ls.pos, bk.g, ir.KindLoop)
	after := m.NewGraph(fmt.Sprintf("%s.after%d", fb.name, line), ls.pos, bk.g, ir.KindAfter)
	bk.jump(header, ls.init, ls.vars, ls.maybe, ls.pos)

	hb := b.newBlock(fb, header, bk)
	var counter ir.Node
	if len(ls.init) > 0 {
		counter = m.AddParam(header, "$i", ls.pos)
	}
	fb.bindParams(hb, ls.vars, ls.maybe, ls.pos)
	cond := hb.truth(ls.cond(hb, counter))
	body := m.NewGraph(fmt.Sprintf("%s.body%d", fb.name, line), ls.pos, header, ir.KindLoopBody)
	exit := m.NewGraph(fmt.Sprintf("%s.exit%d", fb.name, line), ls.pos, header, ir.KindBranch)
	eb := b.newBlock(fb, exit, hb)
	eb.jump(after, nil, ls.vars, ls.maybe, ls.pos)
	sw := m.ApplyPrim(header, ls.pos, ir.Switch, cond, m.Const(body, ls.pos), m.Const(exit, ls.pos))
	hb.ret(hb.call(sw, ls.pos))

	bb := b.newBlock(fb, body, hb)
	next := func(bk *block) []ir.Node {
		if counter == nil {
			return nil
		}
		return []ir.Node{ls.next(bk, counter)}
	}
	bb.loop = &loopCtx{header: header, after: after, vars: ls.vars, maybe: ls.maybe, next: next}
	if ls.bind != nil {
		ls.bind(bb, counter)
	}
	if end := fb.stmts(bb, ls.body); end != nil {
		end.jump(header, next(end), ls.vars, ls.maybe, ls.pos)
	}

	ab := b.newBlock(fb, after, bk)
	fb.bindParams(ab, ls.vars, ls.maybe, ls.pos)
	ab.undef = ls.undef
	return ab
}

func (fb *fnBuilder) whileStmt(bk *block, s *While) *block {
	vars, maybe, undef := fb.loopVars(bk, s, s.Body, nil)
	return fb.loop(bk, loopSpec{
		pos: s.Pos(), kind: "while", vars: vars, maybe: maybe, undef: undef, body: s.Body,
		cond: func(hb *block, _ ir.Node) ir.Node { return hb.expr(s.Cond) },
	})
}

// forStmt lowers for loops over range(...), enumerate(...), zip(...) and
// any sequence (tuple, list, range value, string) by a counter.
func (fb *fnBuilder) forStmt(bk *block, s *For) *block {
	m := fb.b.m
	pos := s.Pos()
	ls := loopSpec{pos: pos, kind: "for", body: s.Body}
	inc := func(b *block, i ir.Node) ir.Node { return m.ApplyPrim(b.g, pos, ir.Add, i, m.Const(int64(1), pos)) }
	// carry decides the loop-carried variables, once the iterable is
	// evaluated: as in Python, a target bound before the loop keeps, after
	// it, the last value the loop gave it.
	carry := func() {
		targets := map[string]bool{}
		targetNames(s.Target, targets)
		ls.vars, ls.maybe, ls.undef = fb.loopVars(bk, s, s.Body, targets)
	}

	call, _ := s.Iter.(*Call)
	builtin := ""
	if call != nil {
		if n, ok := call.Func.(*Name); ok && bk.isBuiltin(n.ID) {
			builtin = n.ID
		}
		if len(call.Keywords) > 0 && builtin != "" && builtin != "enumerate" {
			fb.b.errorf(call.Pos(), "%s() takes no keyword arguments", builtin)
		}
	}
	switch builtin {
	case "range":
		args := bk.exprs(call.Args)
		if len(args) < 1 || len(args) > 3 {
			fb.b.errorf(call.Pos(), "range expected 1 to 3 arguments, got %d", len(args))
			return bk
		}
		start, stop, step := ir.Node(m.Const(int64(0), pos)), args[0], ir.Node(m.Const(int64(1), pos))
		if len(args) >= 2 {
			start, stop = args[0], args[1]
		}
		if len(args) == 3 {
			step = args[2]
		}
		carry()
		// range's own check of its arguments (ints), which inference
		// makes: the loop starts once it is done. Int literals need none.
		ls.init = []ir.Node{start}
		if !allIntConsts(start, stop, step) {
			ls.init[0] = m.ApplyPrim(bk.g, pos, ir.Depend, start, m.ApplyPrim(bk.g, call.Pos(), ir.MakeRange, start, stop, step))
		}
		if _, ok := step.(*ir.Constant); !ok {
			// A step known at run time only: range's ValueError, as an
			// effect (make_range is pure: the optimizer may drop the
			// depend above, and the check with it).
			nz := m.ApplyPrim(bk.g, call.Pos(), ir.Ne, step, m.Const(int64(0), pos))
			ls.init[0] = bk.effect(m.Const(ir.Check, call.Pos()), call.Pos(), nz, m.Const("range() arg 3 must not be zero", pos), ls.init[0])
		}
		ls.cond = func(hb *block, i ir.Node) ir.Node {
			if c, ok := step.(*ir.Constant); ok {
				if v, ok := c.Value.(int64); ok {
					if v == 0 {
						fb.b.errorf(call.Pos(), "range() arg 3 must not be zero")
					}
					if v > 0 {
						return m.ApplyPrim(hb.g, pos, ir.Lt, i, stop)
					}
					return m.ApplyPrim(hb.g, pos, ir.Gt, i, stop)
				}
			}
			up := m.ApplyPrim(hb.g, pos, ir.Gt, step, m.Const(int64(0), pos))
			return m.ApplyPrim(hb.g, pos, ir.Switch, up,
				m.ApplyPrim(hb.g, pos, ir.Lt, i, stop), m.ApplyPrim(hb.g, pos, ir.Gt, i, stop))
		}
		ls.bind = func(bb *block, i ir.Node) { bb.bind(s.Target, i, pos) }
		ls.next = func(b *block, i ir.Node) ir.Node { return m.ApplyPrim(b.g, pos, ir.Add, i, step) }
		return fb.loop(bk, ls)
	}
	// Sequences, enumerate(...) and zip(...) of them, nested: a counter
	// from 0 to the length, and the element at the counter.
	n, elem, ok := bk.iterView(s.Iter)
	if !ok {
		return bk
	}
	carry()
	ls.init = []ir.Node{m.Const(int64(0), pos)}
	ls.cond = func(hb *block, i ir.Node) ir.Node { return m.ApplyPrim(hb.g, pos, ir.Lt, i, n) }
	ls.bind = func(bb *block, i ir.Node) { bb.bind(s.Target, elem(bb, i), pos) }
	ls.next = inc
	return fb.loop(bk, ls)
}

// iterView describes what a for loop iterates over: its length, computed
// before the loop, and its element at index i, computed in the body.
// enumerate(x, start) and zip(x, y, ...) are views over the views of
// their arguments, so they nest: for i, (a, b) in enumerate(zip(xs, ys)).
func (bk *block) iterView(e Expr) (n ir.Node, elem func(*block, ir.Node) ir.Node, ok bool) {
	b, m := bk.fn.b, bk.fn.b.m
	pos := e.Pos()
	if call, isCall := e.(*Call); isCall {
		name := ""
		if f, isName := call.Func.(*Name); isName && bk.isBuiltin(f.ID) {
			name = f.ID
		}
		switch name {
		case "enumerate":
			if len(call.Args) < 1 || len(call.Args) > 2 {
				b.errorf(call.Pos(), "enumerate expected 1 or 2 arguments, got %d", len(call.Args))
				return nil, nil, false
			}
			n, inner, ok := bk.iterView(call.Args[0])
			if !ok {
				return nil, nil, false
			}
			var start ir.Node = m.Const(int64(0), pos)
			if len(call.Args) == 2 {
				start = bk.expr(call.Args[1])
			}
			for _, kw := range call.Keywords {
				if kw.Name != "start" || len(call.Args) == 2 {
					b.errorf(call.Pos(), "enumerate() got an unexpected keyword argument '%s'", kw.Name)
					return nil, nil, false
				}
				start = bk.expr(kw.Value)
			}
			return n, func(bb *block, i ir.Node) ir.Node {
				k := m.ApplyPrim(bb.g, pos, ir.Add, i, b.use(start, pos))
				return m.ApplyPrim(bb.g, pos, ir.MakeTuple, k, inner(bb, i))
			}, true
		case "zip":
			if len(call.Args) < 1 {
				b.errorf(call.Pos(), "zip needs at least one sequence")
				return nil, nil, false
			}
			if len(call.Keywords) > 0 {
				b.errorf(call.Pos(), "zip() takes no keyword arguments")
				return nil, nil, false
			}
			var elems []func(*block, ir.Node) ir.Node
			for _, a := range call.Args {
				ln, el, ok := bk.iterView(a)
				if !ok {
					return nil, nil, false
				}
				if n == nil {
					n = ln
				} else {
					n = m.ApplyPrim(bk.g, pos, ir.ScalarMin, n, ln)
				}
				elems = append(elems, el)
			}
			return n, func(bb *block, i ir.Node) ir.Node {
				parts := make([]ir.Node, len(elems))
				for k, el := range elems {
					parts[k] = el(bb, i)
				}
				return m.ApplyPrim(bb.g, pos, ir.MakeTuple, parts...)
			}, true
		}
	}
	seq := bk.expr(e)
	n = m.ApplyPrim(bk.g, pos, ir.Len, seq)
	return n, func(bb *block, i ir.Node) ir.Node {
		return m.ApplyPrim(bb.g, pos, ir.GetItem, b.use(seq, pos), i)
	}, true
}

// allIntConsts reports whether every node is an int constant.
func allIntConsts(ns ...ir.Node) bool {
	for _, n := range ns {
		c, ok := n.(*ir.Constant)
		if !ok {
			return false
		}
		if _, ok := c.Value.(int64); !ok {
			return false
		}
	}
	return true
}

// statementValue notes v, the value an assignment or an expression
// statement computes, among its graph's Unused applies, and returns it:
// if nothing uses it (y = t + 1, y never read), the graph's body does
// not reach it and it never runs, but inference types it, so that a
// type error there is reported as CPython raises it.
func (bk *block) statementValue(v ir.Node) ir.Node {
	if a, ok := v.(*ir.Apply); ok && a.Graph() == bk.g {
		bk.g.Unused = append(bk.g.Unused, a)
	}
	return v
}
