package frontend

// names is a set of variable names.
type names map[string]bool

// liveness says, for the statements whose paths meet in a graph (if,
// while, for), which names may be read there before they are assigned
// again: after an if, and at the top of each iteration of a loop (which
// includes after the loop, since any iteration may be the last). Only
// those names are passed to the graph where the paths meet; the others
// are dead there. A name that is live where it may be unbound (assigned
// in a loop that may run no iteration, or on one branch only) is passed
// with a flag that says whether it is bound, and its reads check the
// flag, as CPython raises UnboundLocalError at such a read.
type liveness struct {
	after  map[*If]names
	header map[Stmt]names // *While and *For
}

// loopExits are the names live where break and continue go.
type loopExits struct{ brk, cont names }

// computeLiveness analyses a function body, backwards.
func computeLiveness(body []Stmt) *liveness {
	l := &liveness{after: map[*If]names{}, header: map[Stmt]names{}}
	l.stmts(body, names{}, nil)
	return l
}

// stmts returns the names live before ss, given those live after them.
func (l *liveness) stmts(ss []Stmt, out names, lp *loopExits) names {
	live := out
	for i := len(ss) - 1; i >= 0; i-- {
		live = l.stmt(ss[i], live, lp)
	}
	return live
}

func (l *liveness) stmt(s Stmt, out names, lp *loopExits) names {
	switch s := s.(type) {
	case *Assign:
		in := minus(out, s.Targets...)
		for _, t := range s.Targets {
			if _, ok := t.(*Name); !ok {
				readNames(t, in) // the (rejected) item and attribute targets
			}
		}
		readNames(s.Value, in)
		return in
	case *AnnAssign:
		if s.Value == nil {
			return out
		}
		in := minus(out, s.Target)
		readNames(s.Value, in)
		return in
	case *AugAssign:
		in := union(out)
		readNames(s.Target, in)
		readNames(s.Value, in)
		return in
	case *Return:
		in := names{}
		readNames(s.Value, in)
		return in
	case *Break:
		if lp == nil {
			return out
		}
		return lp.brk
	case *Continue:
		if lp == nil {
			return out
		}
		return lp.cont
	case *If:
		l.after[s] = out
		in := union(l.stmts(s.Body, out, lp), l.stmts(s.Else, out, lp))
		readNames(s.Cond, in)
		return in
	case *While:
		// The names live at the header: the condition's, the body's
		// (which falls through to the header) and those after the loop;
		// to a fixpoint, since the body's depend on the header's.
		h := names{}
		for {
			nh := union(out, l.stmts(s.Body, h, &loopExits{brk: out, cont: h}))
			readNames(s.Cond, nh)
			if len(nh) == len(h) {
				l.header[s] = nh
				return nh
			}
			h = nh
		}
	case *For:
		// The target is assigned at the top of every iteration; the
		// iterable is evaluated once, before the loop.
		h := names{}
		for {
			nh := union(out, minus(l.stmts(s.Body, h, &loopExits{brk: out, cont: h}), s.Target))
			if len(nh) == len(h) {
				l.header[s] = nh
				in := union(nh)
				readNames(s.Iter, in)
				return in
			}
			h = nh
		}
	case *ExprStmt:
		in := union(out)
		readNames(s.X, in)
		return in
	case *Assert:
		in := union(out)
		readNames(s.Cond, in)
		readNames(s.Msg, in)
		return in
	case *FuncDef:
		// A nested def reads its free variables where it stands (myia
		// captures them there); every name its body reads counts.
		in := union(out)
		delete(in, s.Name)
		for _, p := range s.Params {
			readNames(p.Default, in)
		}
		for _, d := range s.Decorators {
			readNames(d, in)
		}
		stmtReads(s.Body, in)
		return in
	}
	return out
}

// union is a new set holding the names of every set.
func union(sets ...names) names {
	out := names{}
	for _, s := range sets {
		for n := range s {
			out[n] = true
		}
	}
	return out
}

// minus is a new set: s without the names the targets assign.
func minus(s names, targets ...Expr) names {
	out := union(s)
	set := map[string]bool{}
	for _, t := range targets {
		targetNames(t, set)
	}
	for n := range set {
		delete(out, n)
	}
	return out
}

// readNames adds to set every name e reads, including in lambdas.
func readNames(e Expr, set names) {
	walkExpr(e, func(e Expr) {
		if n, ok := e.(*Name); ok {
			set[n.ID] = true
		}
	})
}

// stmtReads adds to set every name the statements read, including in
// nested defs.
func stmtReads(ss []Stmt, set names) {
	walkStmts(ss, func(e Expr) {
		if n, ok := e.(*Name); ok {
			set[n.ID] = true
		}
	})
}

// walkStmts calls visit on every expression the statements hold (as
// walkExpr does), nested defs included, but not the targets of
// assignments.
func walkStmts(ss []Stmt, visit func(Expr)) {
	for _, s := range ss {
		switch s := s.(type) {
		case *ExprStmt:
			walkExpr(s.X, visit)
		case *Assign:
			walkExpr(s.Value, visit)
		case *AnnAssign:
			walkExpr(s.Value, visit)
		case *AugAssign:
			walkExpr(s.Target, visit)
			walkExpr(s.Value, visit)
		case *Return:
			walkExpr(s.Value, visit)
		case *Assert:
			walkExpr(s.Cond, visit)
			walkExpr(s.Msg, visit)
		case *If:
			walkExpr(s.Cond, visit)
			walkStmts(s.Body, visit)
			walkStmts(s.Else, visit)
		case *While:
			walkExpr(s.Cond, visit)
			walkStmts(s.Body, visit)
		case *For:
			walkExpr(s.Iter, visit)
			walkStmts(s.Body, visit)
		case *FuncDef:
			for _, p := range s.Params {
				walkExpr(p.Default, visit)
			}
			walkStmts(s.Body, visit)
		}
	}
}

// walkExpr calls visit on e and every expression inside it, lambdas'
// bodies and parameter defaults included.
func walkExpr(e Expr, visit func(Expr)) {
	if e == nil {
		return
	}
	visit(e)
	all := func(es []Expr) {
		for _, x := range es {
			walkExpr(x, visit)
		}
	}
	switch e := e.(type) {
	case *Tuple:
		all(e.Elts)
	case *List:
		all(e.Elts)
	case *BinOp:
		walkExpr(e.L, visit)
		walkExpr(e.R, visit)
	case *UnaryOp:
		walkExpr(e.X, visit)
	case *BoolOp:
		all(e.Values)
	case *Compare:
		walkExpr(e.L, visit)
		all(e.Rights)
	case *Call:
		walkExpr(e.Func, visit)
		all(e.Args)
		for _, k := range e.Keywords {
			walkExpr(k.Value, visit)
		}
	case *Attribute:
		walkExpr(e.X, visit)
	case *Subscript:
		walkExpr(e.X, visit)
		walkExpr(e.Index, visit)
	case *Slice:
		walkExpr(e.Lo, visit)
		walkExpr(e.Hi, visit)
		walkExpr(e.Step, visit)
	case *Lambda:
		for _, p := range e.Params {
			walkExpr(p.Default, visit)
		}
		walkExpr(e.Body, visit)
	case *IfExp:
		walkExpr(e.Cond, visit)
		walkExpr(e.Then, visit)
		walkExpr(e.Else, visit)
	case *Starred:
		walkExpr(e.X, visit)
	}
}

// callArity is the number of arguments of the calls of name in body
// (nested defs and lambdas included), or -1 if there is none or they
// differ.
func callArity(body []Stmt, name string) int {
	arity := -1
	visit := func(e Expr) {
		c, ok := e.(*Call)
		if !ok {
			return
		}
		if f, ok := c.Func.(*Name); !ok || f.ID != name {
			return
		}
		switch n := len(c.Args) + len(c.Keywords); {
		case arity == -1:
			arity = n
		case arity != n:
			arity = -2
		}
	}
	walkStmts(body, visit)
	return max(arity, -1)
}
