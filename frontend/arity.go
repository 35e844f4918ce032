package frontend

import (
	"sort"
	"strings"

	"github.com/myia/myia/ir"
)

// The arity of a function value, from the source: grad(f) of a function
// value f must know how many arguments the gradient takes. When the
// gradient is not called where it is made, arityOf looks for the
// functions f may hold in the source: for a parameter f of a def, the
// arguments its callers pass (deriv(math.sin), deriv(lambda x: x ** 3),
// deriv(deriv(math.sin)), whose argument is what deriv returns). A
// gradient is one graph, so all of them must agree.

// afn is a def or a lambda of the source.
type afn struct {
	name   string // the def's name, or that of the variable a lambda is assigned to; "" otherwise
	pos    ir.Pos // of the def or lambda
	lambda bool
	params []*Param
	body   []Stmt // a lambda's: the return of its expression
	outer  *afn   // nil for a top-level def
	locals map[string]bool
}

// arityIndex holds the file's functions and calls, for arityOf.
type arityIndex struct {
	b      *Builder
	top    map[string]*afn
	fns    map[any]*afn // by *FuncDef or *Lambda
	in     map[*Call]*afn
	calls  []*Call
	used   map[string]bool // the names read as values (not called) anywhere
	active map[arityKey]bool
	steps  int // left for the question being answered
}

// maxAritySteps bounds the expressions one question may look at: past
// it, the source says nothing.
const maxAritySteps = 10000

// arityKey is a question being answered: the arities of parameter i of
// fn, or (i = -1) of what fn returns.
type arityKey struct {
	fn *afn
	i  int
}

// arityOf returns, sorted, the numbers of arguments of the functions
// that grad-like call c may differentiate (its first argument), as far
// as the source says. dead says that it holds no function ever (a
// parameter of a function that nothing calls): the gradient is never
// made, and any arity does.
func (b *Builder) arityOf(c *Call) (ns []int, dead bool) {
	if b.src == nil || len(c.Args) == 0 {
		return nil, false
	}
	if b.arities == nil {
		b.arities = newArityIndex(b)
	}
	x := b.arities
	x.steps = maxAritySteps
	set := x.expr(c.Args[0], x.in[c])
	if len(set.ns) == 0 {
		return nil, !set.unknown
	}
	for n := range set.ns {
		ns = append(ns, n)
	}
	sort.Ints(ns)
	return ns, false
}

func newArityIndex(b *Builder) *arityIndex {
	x := &arityIndex{b: b, top: map[string]*afn{}, fns: map[any]*afn{}, in: map[*Call]*afn{}, used: map[string]bool{}, active: map[arityKey]bool{}}
	for _, s := range b.src.Body {
		if d, ok := s.(*FuncDef); ok {
			fn := x.def(d, nil)
			if _, dup := x.top[d.Name]; !dup {
				x.top[d.Name] = fn
			}
		}
	}
	return x
}

// def indexes d, standing in outer, and everything in it.
func (x *arityIndex) def(d *FuncDef, outer *afn) *afn {
	fn := &afn{name: d.Name, pos: d.Pos(), params: d.Params, body: d.Body, outer: outer, locals: locals(d.Params, d.Body)}
	x.fns[d] = fn
	for _, p := range d.Params {
		x.walkExpr(p.Default, outer, "")
	}
	x.walkStmts(d.Body, fn)
	return fn
}

func (x *arityIndex) walkStmts(ss []Stmt, in *afn) {
	for _, s := range ss {
		switch s := s.(type) {
		case *ExprStmt:
			x.walkExpr(s.X, in, "")
		case *Assign:
			name := ""
			if len(s.Targets) == 1 {
				if n, ok := s.Targets[0].(*Name); ok {
					name = n.ID
				}
			}
			x.walkExpr(s.Value, in, name)
		case *AnnAssign:
			x.walkExpr(s.Value, in, "")
		case *AugAssign:
			x.walkExpr(s.Value, in, "")
		case *Return:
			x.walkExpr(s.Value, in, "")
		case *Assert:
			x.walkExpr(s.Cond, in, "")
			x.walkExpr(s.Msg, in, "")
		case *If:
			x.walkExpr(s.Cond, in, "")
			x.walkStmts(s.Body, in)
			x.walkStmts(s.Else, in)
		case *While:
			x.walkExpr(s.Cond, in, "")
			x.walkStmts(s.Body, in)
		case *For:
			x.walkExpr(s.Iter, in, "")
			x.walkStmts(s.Body, in)
		case *FuncDef:
			x.def(s, in)
		}
	}
}

// walkExpr indexes the calls and lambdas of e, in function in; name is
// the variable e is assigned to.
func (x *arityIndex) walkExpr(e Expr, in *afn, name string) {
	if e == nil {
		return
	}
	if l, ok := e.(*Lambda); ok {
		for _, p := range l.Params {
			x.walkExpr(p.Default, in, "")
		}
		body := []Stmt{&Return{At: At{l.Body.Pos()}, Value: l.Body}}
		fn := &afn{name: name, pos: l.Pos(), lambda: true, params: l.Params, body: body, outer: in, locals: locals(l.Params, nil)}
		x.fns[l] = fn
		x.walkExpr(l.Body, fn, "")
		return
	}
	switch e := e.(type) {
	case *Call:
		x.in[e] = in
		x.calls = append(x.calls, e)
	case *Name:
		x.used[e.ID] = true
	}
	for _, sub := range children(e) {
		if c, ok := e.(*Call); ok && sub == c.Func {
			if _, ok := sub.(*Name); ok {
				continue // a call by name, which param sees
			}
		}
		x.walkExpr(sub, in, "")
	}
}

// children returns the expressions directly inside e, but a lambda's.
func children(e Expr) []Expr {
	switch e := e.(type) {
	case *Tuple:
		return e.Elts
	case *List:
		return e.Elts
	case *BinOp:
		return []Expr{e.L, e.R}
	case *UnaryOp:
		return []Expr{e.X}
	case *BoolOp:
		return e.Values
	case *Compare:
		return append([]Expr{e.L}, e.Rights...)
	case *Call:
		out := append([]Expr{e.Func}, e.Args...)
		for _, k := range e.Keywords {
			out = append(out, k.Value)
		}
		return out
	case *Attribute:
		return []Expr{e.X}
	case *Subscript:
		return []Expr{e.X, e.Index}
	case *Slice:
		return []Expr{e.Lo, e.Hi, e.Step}
	case *IfExp:
		return []Expr{e.Cond, e.Then, e.Else}
	case *Starred:
		return []Expr{e.X}
	}
	return nil
}

// arities is what the source says of the function values an expression
// may hold: the numbers of arguments they take, the defs and lambdas
// among them (fns: a call with keywords matches them to their
// parameters), whether some are builtins, whose parameters have no
// names here (unnamed), and whether some come from where the source
// does not say (unknown).
type arities struct {
	ns      map[int]bool
	fns     map[*afn]bool
	unnamed bool
	unknown bool
}

func (s *arities) add(t arities) {
	for n := range t.ns {
		if s.ns == nil {
			s.ns = map[int]bool{}
		}
		s.ns[n] = true
	}
	for fn := range t.fns {
		if s.fns == nil {
			s.fns = map[*afn]bool{}
		}
		s.fns[fn] = true
	}
	s.unnamed = s.unnamed || t.unnamed
	s.unknown = s.unknown || t.unknown
}

// one is a builtin's arity: its parameters have no names here.
func one(n int) arities { return arities{ns: map[int]bool{n: true}, unnamed: true} }

// fnArity is the value of def or lambda fn (nil: not indexed, unknown).
func fnArity(fn *afn) arities {
	if fn == nil {
		return unknownArity()
	}
	return arities{ns: map[int]bool{len(fn.params): true}, fns: map[*afn]bool{fn: true}}
}

func unknownArity() arities            { return arities{unknown: true} }
func noFunction() arities              { return arities{} }
func eitherArity(a, b arities) arities { a.add(b); return a }

// expr returns the arities of the function values e may hold, in in.
func (x *arityIndex) expr(e Expr, in *afn) arities {
	if x.steps--; x.steps < 0 {
		return unknownArity()
	}
	switch e := e.(type) {
	case *Lambda:
		return fnArity(x.fns[e])
	case *Name:
		return x.name(e.ID, in)
	case *Attribute:
		if m, ok := e.X.(*Name); ok && x.owner(m.ID, in) == nil {
			return x.builtin(x.b.imports[m.ID] + "." + e.Name)
		}
	case *IfExp:
		return eitherArity(x.expr(e.Then, in), x.expr(e.Else, in))
	case *Call:
		f, ok := e.Func.(*Name)
		if !ok {
			return unknownArity()
		}
		if x.owner(f.ID, in) == nil && adFuncs[x.b.imports[f.ID]] && len(e.Args) > 0 {
			// grad(g) and the like take g's arguments.
			return x.expr(e.Args[0], in)
		}
		if fn := x.fnNamed(f.ID, in); fn != nil {
			return x.result(fn)
		}
	case *Subscript:
		return x.elems(e.X, in)
	case *Int, *Float, *Str, *Bool, *NoneLit, *Tuple, *List, *BinOp, *UnaryOp, *Compare:
		return noFunction()
	}
	return unknownArity()
}

// elems returns the arities of the function values the elements of the
// tuple or list e may hold: those of a literal, or of a variable
// assigned literals.
func (x *arityIndex) elems(e Expr, in *afn) arities {
	switch e := e.(type) {
	case *Tuple:
		return x.all(e.Elts, in)
	case *List:
		return x.all(e.Elts, in)
	case *Name:
		fn := x.owner(e.ID, in)
		if fn == nil || x.isParam(fn, e.ID) {
			return unknownArity()
		}
		out, found := noFunction(), false
		x.assignments(fn.body, func(t string, v Expr) {
			if t == e.ID {
				out.add(x.elems(v, fn))
				found = true
			}
		}, nil)
		if !found {
			return unknownArity()
		}
		return out
	}
	return unknownArity()
}

func (x *arityIndex) all(es []Expr, in *afn) arities {
	out := noFunction()
	for _, e := range es {
		out.add(x.expr(e, in))
	}
	return out
}

func (x *arityIndex) isParam(fn *afn, name string) bool {
	for _, p := range fn.params {
		if p.Name == name {
			return true
		}
	}
	return false
}

// owner returns the function of which name is a local, seen from in, or
// nil for a global or builtin name.
func (x *arityIndex) owner(name string, in *afn) *afn {
	for fn := in; fn != nil; fn = fn.outer {
		if fn.locals[name] {
			return fn
		}
	}
	return nil
}

// name returns the arities of the variable name, seen from in.
func (x *arityIndex) name(name string, in *afn) arities {
	fn := x.owner(name, in)
	if fn == nil {
		if d, ok := x.top[name]; ok {
			return fnArity(d)
		}
		if imp, ok := x.b.imports[name]; ok {
			return x.builtin(imp)
		}
		if _, ok := x.b.consts[name]; ok {
			return noFunction()
		}
		if builtinNames[name] {
			return x.builtin(name)
		}
		return unknownArity()
	}
	for i, p := range fn.params {
		if p.Name == name {
			return x.param(fn, i)
		}
	}
	if d := x.localDef(name, fn); d != nil {
		return fnArity(d)
	}
	out, found := noFunction(), false
	x.assignments(fn.body, func(t string, v Expr) {
		if t == name {
			out.add(x.expr(v, fn))
			found = true
		}
	}, func(t string, seq Expr) {
		if t == name {
			out.add(x.elems(seq, fn))
			found = true
		}
	})
	if !found {
		return unknownArity() // an unpacked tuple
	}
	return out
}

// builtin returns the arity of a builtin, math or numpy function used
// as a value ("abs", "math.sin", "numpy.exp").
func (x *arityIndex) builtin(name string) arities {
	if np, ok := isNumpy(name); ok {
		if f, ok := npFuncs[np]; ok {
			return one(len(f.params))
		}
		return unknownArity()
	}
	if name == "min" || name == "max" || name == "print" || strings.HasPrefix(name, "myia.") {
		return unknownArity() // several arities, or no function
	}
	if p, ok := builtinValues[name]; ok && p.Info().Arity >= 0 {
		return one(p.Info().Arity)
	}
	return unknownArity()
}

// localDef returns the nested def name of fn, if there is exactly one.
func (x *arityIndex) localDef(name string, fn *afn) *afn {
	var found []*afn
	eachStmt(fn.body, func(s Stmt) {
		if d, ok := s.(*FuncDef); ok && d.Name == name {
			found = append(found, x.fns[d])
		}
	})
	if len(found) == 1 && found[0] != nil {
		return found[0]
	}
	return nil
}

// assignments calls visit for each NAME = VALUE in ss, and loop (if
// not nil) for each for NAME in SEQ (not in nested functions).
func (x *arityIndex) assignments(ss []Stmt, visit, loop func(string, Expr)) {
	eachStmt(ss, func(s Stmt) {
		switch s := s.(type) {
		case *Assign:
			for _, t := range s.Targets {
				if n, ok := t.(*Name); ok {
					visit(n.ID, s.Value)
				}
			}
		case *For:
			if n, ok := s.Target.(*Name); ok && loop != nil {
				loop(n.ID, s.Iter)
			}
		}
	})
}

// fnNamed returns the def (or the lambda assigned to a variable) that
// name denotes in in, if there is one.
func (x *arityIndex) fnNamed(name string, in *afn) *afn {
	fn := x.owner(name, in)
	if fn == nil {
		return x.top[name]
	}
	if x.isParam(fn, name) {
		return nil
	}
	if d := x.localDef(name, fn); d != nil {
		return d
	}
	var found []*afn
	x.assignments(fn.body, func(t string, v Expr) {
		if t == name {
			l, _ := v.(*Lambda)
			found = append(found, x.fns[l])
		}
	}, nil)
	if len(found) == 1 {
		return found[0]
	}
	return nil
}

// result returns the arities of the function values fn returns.
func (x *arityIndex) result(fn *afn) arities {
	k := arityKey{fn, -1}
	if fn == nil {
		return unknownArity()
	}
	if x.active[k] {
		return noFunction() // a recursion adds no value of its own
	}
	x.active[k] = true
	defer delete(x.active, k)
	out := noFunction()
	eachStmt(fn.body, func(s Stmt) {
		if r, ok := s.(*Return); ok && r.Value != nil {
			out.add(x.expr(r.Value, fn))
		}
	})
	return out
}

// param returns the arities of the function values the callers of fn
// pass for its parameter i. A top-level def that nothing calls may be
// an entry point, whose arguments are no functions.
func (x *arityIndex) param(fn *afn, i int) arities {
	k := arityKey{fn, i}
	if fn.name == "" || x.used[fn.name] {
		return unknownArity() // called where the source does not say
	}
	if x.active[k] {
		return noFunction()
	}
	x.active[k] = true
	defer delete(x.active, k)
	out := noFunction()
	p := fn.params[i]
	for _, c := range x.calls {
		f, ok := c.Func.(*Name)
		if !ok || f.ID != fn.name || x.fnNamed(f.ID, x.in[c]) != fn {
			continue
		}
		switch arg, ok := argFor(c, i, p.Name); {
		case !ok:
			out.add(unknownArity())
		case arg != nil:
			out.add(x.expr(arg, x.in[c]))
		case p.Default != nil:
			out.add(x.expr(p.Default, fn.outer))
		}
	}
	return out
}

// argFor returns the argument c passes for parameter i, named name, or
// nil if it passes none; ok is false if it cannot say (*args, **kwargs).
func argFor(c *Call, i int, name string) (arg Expr, ok bool) {
	for _, a := range c.Args {
		if _, ok := a.(*Starred); ok {
			return nil, false
		}
	}
	if i < len(c.Args) {
		return c.Args[i], true
	}
	for _, kw := range c.Keywords {
		if kw.Name == "" {
			return nil, false
		}
		if kw.Name == name {
			return kw.Value, true
		}
	}
	return nil, true
}

// eachStmt calls visit on each statement of ss and of the blocks of its
// if, while and for statements, in order, not entering nested defs.
func eachStmt(ss []Stmt, visit func(Stmt)) {
	for _, s := range ss {
		visit(s)
		switch s := s.(type) {
		case *If:
			eachStmt(s.Body, visit)
			eachStmt(s.Else, visit)
		case *While:
			eachStmt(s.Body, visit)
		case *For:
			eachStmt(s.Body, visit)
		}
	}
}

// calleesOf returns, in source order, the defs and lambdas that the
// callee of c, a function value, may be, as far as the source says: ok
// is false if it does not say (a value from where the source does not
// tell, or a builtin, whose parameters have no names here).
func (b *Builder) calleesOf(c *Call) (fns []*afn, ok bool) {
	return b.fnsOf(c.Func, c)
}

// fnsOf is calleesOf for e, the callee or an argument of call c.
func (b *Builder) fnsOf(e Expr, c *Call) (fns []*afn, ok bool) {
	if b.src == nil {
		return nil, false
	}
	if b.arities == nil {
		b.arities = newArityIndex(b)
	}
	x := b.arities
	x.steps = maxAritySteps
	in, indexed := x.in[c]
	if !indexed {
		return nil, false
	}
	set := x.expr(e, in)
	if set.unknown || set.unnamed {
		return nil, false
	}
	for fn := range set.fns {
		fns = append(fns, fn)
	}
	sort.Slice(fns, func(i, j int) bool {
		if fns[i].pos.Line != fns[j].pos.Line {
			return fns[i].pos.Line < fns[j].pos.Line
		}
		return fns[i].pos.Col < fns[j].pos.Col
	})
	return fns, true
}

// paramsOf is what the source says of the parameters of the function
// value e, an argument of c (grad(make(), 'y')): those of the defs and
// lambdas it may be, if they all have the same names; else nil.
func (b *Builder) paramsOf(e Expr, c *Call) *fnInfo {
	fns, ok := b.fnsOf(e, c)
	if !ok || len(fns) == 0 {
		return nil
	}
	for _, fn := range fns[1:] {
		if len(fn.params) != len(fns[0].params) {
			return nil
		}
		for i, p := range fn.params {
			if p.Name != fns[0].params[i].Name {
				return nil
			}
		}
	}
	return &fnInfo{name: fnName(fns[0]), params: fns[0].params}
}
