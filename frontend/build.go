package frontend

import (
	"fmt"
	"strings"

	"github.com/myia/myia/ir"
)

// BuildOptions configure Build.
type BuildOptions struct {
	// Builtins are functions already in the module (the stdlib) that
	// implement builtins by name: "sum", "min_of", "max_of"...
	Builtins map[string]*ir.Graph
	// Stdlib marks the file as part of the standard library.
	Stdlib bool
	// ReverseGrad makes grad and value_and_grad always reverse mode. By
	// default, their derivative w.r.t. one argument that is a float at
	// run time is computed by forward mode (see adFunc).
	ReverseGrad bool
	// NestedForward lets a gradient w.r.t. one float be forward mode when
	// its function reaches another differentiation (grad(grad(f)) is then
	// forward over forward). Forward mode cannot differentiate the J of a
	// function made at run time that such code may hold, and says so at
	// inference; the pipeline then builds again without it.
	NestedForward bool
	// NoForwardOver lists the differentiations (the positions of their
	// J and JF) that forward mode must not be taken over: where it met
	// the grad of a function value before.
	NoForwardOver map[ir.Pos]bool
	// Report, if not nil, receives what Build decided.
	Report *BuildReport
}

// BuildReport says what Build decided.
type BuildReport struct {
	// NestedForward is set when a gradient is forward mode thanks to
	// BuildOptions.NestedForward.
	NestedForward bool
	// NoForwardOver lists the differentiations (the positions of their
	// J and JF) that forward mode must not be taken over: where it met
	// the grad of a function value before.
	NoForwardOver map[ir.Pos]bool
}

// Builder lowers one file's AST into graphs of a module.
//
// Each def becomes a graph; its control flow becomes graphs nested in it,
// in continuation style: an if is switch(cond, @then, @else)() in tail
// position, and each branch ends by tail-calling a join graph whose
// parameters are the variables the branches assign; a loop is a header
// graph that tail-calls its body or the code after it, and the body
// tail-calls the header. Every call is in tail position but those of
// expressions, so a return anywhere returns from the function.
//
// Effects are ordered explicitly: each block threads a token through its
// print and assert applications and its calls of non-primitive callees,
// by making the callee depend(callee, token); the block's result depends
// on its last effect.
type Builder struct {
	m       *ir.Module
	opt     BuildOptions
	file    string
	errs    ir.ErrorList
	globals map[string]*ir.Graph
	consts  map[string]Expr
	imports map[string]string // local name -> "math", "numpy", "myia", "math.sin", "myia.grad"
	info    map[*ir.Graph]*fnInfo
	custom  map[*ir.Graph]ir.Pos // custom_vjp functions, by their decorator
	// gradSites are the gradients w.r.t. one argument, whose output
	// finishGrads sets.
	gradSites []gradSite
	// npGraphs are the functions made for numpy functions used as values.
	npGraphs map[string]*ir.Graph
	// src is the file built; arities, made from it when needed, says
	// how many arguments function values take (arity.go).
	src     *File
	arities *arityIndex
	// lambdas counts the lambdas named so far, by name: a second lambda
	// of a function on the same line is named by its column too (the
	// backends tell functions apart by name, plan.JGraphIndex).
	lambdas map[string]int
}

// fnInfo is what a static call needs to know about a def.
type fnInfo struct {
	name     string
	params   []*Param
	defaults []ir.Node // per param; nil where there is none; Constants are copied at use
	// defaultExprs holds, per param, a top-level def's default that is a
	// constant expression but no single value (a tuple, 2 * math.pi),
	// its constant names replaced by their values: static calls lower
	// it where they stand.
	defaultExprs []Expr
}

// fnBuilder builds one def or lambda.
type fnBuilder struct {
	b      *Builder
	g      *ir.Graph
	name   string
	locals map[string]bool
	outer  *block // where the def stands, for free variables; nil at top level
	body   []Stmt
	live   *liveness
	// callArity holds, for the call of an assignment NAME = CALL, the
	// number of arguments NAME is called with in the function (-1: not
	// one number), for grad(f) of a function value f.
	callArity map[*Call]int
	// captured: names of this function that closures captured, and where.
	captured map[string]ir.Pos
}

// Build lowers f into m and returns its top-level functions in source
// order. Errors are an ir.ErrorList; as many as can be found are reported.
func Build(m *ir.Module, f *File, opt BuildOptions) (graphs []*ir.Graph, err error) {
	b := &Builder{m: m, opt: opt, file: f.Name, globals: map[string]*ir.Graph{},
		consts: map[string]Expr{}, imports: map[string]string{}, info: map[*ir.Graph]*fnInfo{},
		custom: map[*ir.Graph]ir.Pos{}, src: f}
	defer func() {
		if r := recover(); r != nil {
			panic(fmt.Sprintf("frontend.Build %s: %v", f.Name, r))
		}
	}()
	var defs []*FuncDef
	var defvjps []*Call
	for _, s := range f.Body {
		switch s := s.(type) {
		case *FuncDef:
			if _, dup := b.globals[s.Name]; dup {
				b.errorf(s.Pos(), "function %s is defined twice", s.Name)
				continue
			}
			if _, dup := b.consts[s.Name]; dup {
				b.errorf(s.Pos(), "%s is defined both as a constant and as a function", s.Name)
				continue
			}
			kind := ir.KindFunction
			if opt.Stdlib {
				kind = ir.KindStdlib
			}
			b.topDefaults(s)
			g := m.NewGraph(s.Name, s.Pos(), nil, kind)
			b.globals[s.Name] = g
			graphs = append(graphs, g)
			defs = append(defs, s)
		case *Import:
			b.importStmt(s)
		case *ImportFrom:
			b.importFrom(s)
		case *Assign:
			b.topAssign(s)
		case *ExprStmt:
			if _, ok := s.X.(*Str); ok {
				continue // docstring
			}
			if c, ok := s.X.(*Call); ok {
				if a, ok := c.Func.(*Attribute); ok && a.Name == "defvjp" {
					defvjps = append(defvjps, c)
					continue
				}
			}
			b.errorf(s.Pos(), "expression statements are not allowed at top level: only imports, defs, constant assignments and docstrings are")
		case *Unsupported:
			b.unsupported(s)
		default:
			b.errorf(s.Pos(), "%s are not allowed at top level: only imports, defs, constant assignments and docstrings are", stmtKind(s))
		}
	}
	for i, d := range defs {
		fb := &fnBuilder{b: b, g: graphs[i], name: d.Name}
		fb.build(d.Params, d.Body, d.VarArgs, d.Decorators)
		for _, dec := range d.Decorators {
			if b.isDecorator(dec, "custom_vjp") {
				b.custom[graphs[i]] = dec.Pos()
			}
		}
	}
	ruled := map[*ir.Graph]bool{} // named by a defvjp, even a wrong one (reported)
	for _, c := range defvjps {
		ruled[b.defvjp(c)] = true
	}
	for g, pos := range b.custom {
		if g.VJP == nil && !ruled[g] {
			b.errorf(pos, "custom_vjp function %s has no rule: call %s.defvjp(fwd, bwd) at top level", g.Name, g.Name)
		}
	}
	b.finishGrads()
	return graphs, b.errs.Err()
}

func (b *Builder) errorf(pos ir.Pos, format string, args ...any) {
	b.errs.Add(pos, format, args...)
}

func (b *Builder) unsupported(s *Unsupported) {
	b.errorf(s.Pos(), "%s are not supported in myia", s.What)
}

func stmtKind(s Stmt) string {
	switch s.(type) {
	case *If:
		return "if statements"
	case *While:
		return "while loops"
	case *For:
		return "for loops"
	case *Return:
		return "return statements"
	case *AugAssign:
		return "augmented assignments"
	case *AnnAssign:
		return "annotated assignments"
	case *Assert:
		return "assert statements"
	case *Break, *Continue:
		return "break and continue statements"
	case *Pass:
		return "pass statements"
	}
	return "statements of this kind"
}

var allowedModules = map[string]bool{"math": true, "numpy": true, "myia": true}

func (b *Builder) importStmt(s *Import) {
	for _, a := range s.Names {
		if !allowedModules[a.Name] {
			b.errorf(s.Pos(), "import of %s is not supported: only numpy, math and myia can be imported", a.Name)
			continue
		}
		name := a.Name
		if a.AsName != "" {
			name = a.AsName
		}
		b.imports[name] = a.Name
	}
}

func (b *Builder) importFrom(s *ImportFrom) {
	if !allowedModules[s.Module] {
		b.errorf(s.Pos(), "import from %s is not supported: only numpy, math and myia can be imported", s.Module)
		return
	}
	for _, a := range s.Names {
		name := a.Name
		if a.AsName != "" {
			name = a.AsName
		}
		b.imports[name] = s.Module + "." + a.Name
	}
}

func (b *Builder) topAssign(s *Assign) {
	if !b.isConstExpr(s.Value) {
		what := "a name"
		if n, ok := s.Targets[0].(*Name); ok && len(s.Targets) == 1 {
			what = n.ID
		}
		b.errorf(s.Value.Pos(), "top-level assignment to %s must be a constant (numbers, strings, booleans, None, tuples of them and arithmetic on them)", what)
		return
	}
	// The names a constant reads are replaced by their values now: a
	// later assignment to them does not change it (N = N + 1 reads the
	// previous N).
	v := b.inlineConsts(s.Value)
	for _, t := range s.Targets {
		b.topBind(t, v, s)
	}
}

// topBind binds a target of a top-level assignment to constant v, whose
// names are inlined: a name, or a tuple of targets for a tuple literal.
func (b *Builder) topBind(t Expr, v Expr, s *Assign) {
	var elts []Expr
	switch t := t.(type) {
	case *Name:
		if _, ok := b.globals[t.ID]; ok {
			b.errorf(t.Pos(), "%s is defined both as a function and as a constant", t.ID)
			return
		}
		b.consts[t.ID] = v
		return
	case *Tuple:
		elts = t.Elts
	case *List:
		elts = t.Elts
	default:
		b.errorf(s.Pos(), "only assignments of constants to names are allowed at top level")
		return
	}
	tup, ok := v.(*Tuple)
	if !ok {
		b.errorf(s.Pos(), "cannot unpack a constant that is not a tuple")
		return
	}
	if len(tup.Elts) != len(elts) {
		if len(tup.Elts) > len(elts) {
			b.errorf(s.Pos(), "too many values to unpack (expected %d)", len(elts))
		} else {
			b.errorf(s.Pos(), "not enough values to unpack (expected %d, got %d)", len(elts), len(tup.Elts))
		}
		return
	}
	for i, e := range elts {
		b.topBind(e, tup.Elts[i], s)
	}
}

// isConstExpr reports whether e can be a top-level constant.
func (b *Builder) isConstExpr(e Expr) bool {
	switch e := e.(type) {
	case *Int, *Float, *Str, *Bool, *NoneLit:
		return true
	case *Name:
		_, ok := b.consts[e.ID]
		return ok
	case *Attribute:
		x, ok := e.X.(*Name)
		return ok && b.imports[x.ID] == "math" && (e.Name == "pi" || e.Name == "e")
	case *Tuple:
		for _, x := range e.Elts {
			if !b.isConstExpr(x) {
				return false
			}
		}
		return true
	case *UnaryOp:
		return e.Op != "not" && e.Op != "~" && b.isConstExpr(e.X)
	case *BinOp:
		return strings.Contains("+ - * / // % **", e.Op) && b.isConstExpr(e.L) && b.isConstExpr(e.R)
	}
	return false
}

// build lowers a def's parameters and body into fb.g.
func (fb *fnBuilder) build(params []*Param, body []Stmt, varargs *ir.Pos, decorators []Expr) {
	b := fb.b
	if varargs != nil {
		b.errorf(*varargs, "*args and **kwargs parameters are not supported")
	}
	for _, d := range decorators {
		if !fb.b.isMyiaDecorator(d) {
			b.errorf(d.Pos(), "decorators other than @myia and @custom_vjp are not supported")
		}
	}
	fb.callArity = map[*Call]int{}
	entry := b.newBlock(fb, fb.g, fb.outer)
	entry.loop = nil
	info := &fnInfo{name: fb.name, params: params, defaults: make([]ir.Node, len(params)), defaultExprs: make([]Expr, len(params))}
	seen := map[string]bool{}
	for i, p := range params {
		if seen[p.Name] {
			b.errorf(p.Pos(), "duplicate parameter %s", p.Name)
		}
		seen[p.Name] = true
		entry.vars[p.Name] = b.m.AddParam(fb.g, p.Name, p.Pos())
		if p.Default != nil {
			info.defaults[i] = fb.defaultValue(p.Default)
			if info.defaults[i] == nil {
				info.defaultExprs[i] = b.inlineConsts(p.Default)
			}
		} else if i > 0 && (info.defaults[i-1] != nil || info.defaultExprs[i-1] != nil) {
			b.errorf(p.Pos(), "parameter %s without a default follows one with a default", p.Name)
		}
	}
	// The trailing defaults, for calls through a function value; static
	// calls use info.defaults, and lower info.defaultExprs where they
	// stand. A call through a value passes None for those, which the
	// body replaces (defaultsPrologue).
	defaults := make([]ir.Node, len(params))
	for i, p := range params {
		defaults[i] = info.defaults[i]
		if info.defaultExprs[i] != nil {
			defaults[i] = b.m.Const(ir.None, p.Default.Pos())
		}
	}
	first := len(params)
	for first > 0 && defaults[first-1] != nil {
		first--
	}
	b.m.SetDefaults(fb.g, defaults[first:])
	b.info[fb.g] = info
	body = append(defaultsPrologue(params, info), body...)
	fb.locals = locals(params, body)
	fb.body = body
	fb.live = computeLiveness(body)
	if end := fb.stmts(entry, body); end != nil {
		end.ret(b.m.Const(ir.None, fb.g.Pos))
	}
}

// defaultsPrologue is, for each parameter p of a top-level def whose
// default is a constant expression but no single value (a tuple, an
// array, 2 * math.pi: info.defaultExprs), `if p is None: p = default`.
// A call through a function value passes None there (g.Defaults), as
// the graph's defaults can only be constants; a static call passes the
// value, so the test is known at compile time either way. Python would
// keep an explicit None.
func defaultsPrologue(params []*Param, info *fnInfo) []Stmt {
	var pro []Stmt
	for i, p := range params {
		e := info.defaultExprs[i]
		if e == nil {
			continue
		}
		at := At{P: e.Pos()}
		pro = append(pro, &If{At: at,
			Cond: &Compare{At: at, L: &Name{At: at, ID: p.Name}, Ops: []string{"is"}, Rights: []Expr{&NoneLit{At: at}}},
			Body: []Stmt{&Assign{At: at, Targets: []Expr{&Name{At: at, ID: p.Name}}, Value: e}},
		})
	}
	return pro
}

// defaultValue evaluates a default where the def stands: constants at top
// level, any expression of the enclosing block for nested defs.
func (fb *fnBuilder) defaultValue(e Expr) ir.Node {
	if fb.outer == nil {
		if v := fb.b.topFuncValue(e); v != nil {
			return v
		}
		if !fb.b.isConstExpr(e) && !fb.b.isArrayDefault(e) {
			fb.b.errorf(e.Pos(), "default values of top-level functions must be constants or functions")
			return fb.b.m.Const(ir.None, e.Pos())
		}
		if v, ok := fb.b.constValue(e); ok {
			return fb.b.m.Const(v, e.Pos())
		}
		return nil
	}
	return fb.outer.expr(e)
}

// topDefaults evaluates the defaults of top-level def d where it
// stands, as Python does: the constants they name are inlined with
// their values there, and a name not yet bound is an error.
func (b *Builder) topDefaults(d *FuncDef) {
	for _, p := range d.Params {
		if p.Default == nil {
			continue
		}
		if n := b.unboundName(p.Default); n != nil {
			b.errorf(n.Pos(), "undefined name '%s'", n.ID)
			p.Default = &NoneLit{At: At{P: p.Default.Pos()}}
			continue
		}
		if b.isConstExpr(p.Default) || b.isArrayDefault(p.Default) {
			p.Default = b.inlineConsts(p.Default)
		}
	}
}

// unboundName is the first name in top-level expression e that nothing
// binds yet, or nil.
func (b *Builder) unboundName(e Expr) *Name {
	switch e := e.(type) {
	case *Name:
		_, c := b.consts[e.ID]
		_, g := b.globals[e.ID]
		_, i := b.imports[e.ID]
		if !c && !g && !i && !builtinNames[e.ID] {
			return e
		}
	case *Attribute:
		return b.unboundName(e.X)
	case *Tuple:
		for _, x := range e.Elts {
			if n := b.unboundName(x); n != nil {
				return n
			}
		}
	case *UnaryOp:
		return b.unboundName(e.X)
	case *BinOp:
		if n := b.unboundName(e.L); n != nil {
			return n
		}
		return b.unboundName(e.R)
	case *List:
		return b.unboundName(&Tuple{Elts: e.Elts})
	case *Call:
		elts := append([]Expr{e.Func}, e.Args...)
		for _, kw := range e.Keywords {
			elts = append(elts, kw.Value)
		}
		return b.unboundName(&Tuple{Elts: elts})
	}
	return nil
}

// topFuncValue is the value of e, a default of a top-level def, if e
// names a function where the def stands: a top-level def, a builtin
// (abs) or a function of an imported module (math.sqrt, np.exp). Else
// nil.
func (b *Builder) topFuncValue(e Expr) ir.Node {
	switch e := e.(type) {
	case *Name:
		if _, ok := b.consts[e.ID]; ok {
			return nil
		}
		if _, ok := b.globals[e.ID]; !ok && !builtinNames[e.ID] {
			if _, ok := b.imports[e.ID]; !ok {
				return nil
			}
		}
	case *Attribute:
		x, ok := e.X.(*Name)
		if !ok || !allowedModules[b.imports[x.ID]] {
			return nil
		}
	default:
		return nil
	}
	// Looked up in a block of no function: the module's scope.
	mod := b.newBlock(&fnBuilder{b: b, locals: map[string]bool{}}, nil, nil)
	return mod.expr(e)
}

// inlineConsts returns constant expression e with the top-level
// constants it names replaced by their expressions, so that it means the
// same in any block (a local variable may have a constant's name).
func (b *Builder) inlineConsts(e Expr) Expr {
	switch e := e.(type) {
	case *Name:
		if c, ok := b.consts[e.ID]; ok {
			return b.inlineConsts(c)
		}
	case *Tuple:
		elts := make([]Expr, len(e.Elts))
		for i, x := range e.Elts {
			elts[i] = b.inlineConsts(x)
		}
		return &Tuple{At: e.At, Elts: elts}
	case *UnaryOp:
		return &UnaryOp{At: e.At, Op: e.Op, X: b.inlineConsts(e.X)}
	case *BinOp:
		return &BinOp{At: e.At, Op: e.Op, L: b.inlineConsts(e.L), R: b.inlineConsts(e.R)}
	case *List:
		elts := make([]Expr, len(e.Elts))
		for i, x := range e.Elts {
			elts[i] = b.inlineConsts(x)
		}
		return &List{At: e.At, Elts: elts}
	case *Call:
		// np.ones(N): the function is a module's, never a constant.
		args := make([]Expr, len(e.Args))
		for i, x := range e.Args {
			args[i] = b.inlineConsts(x)
		}
		kws := make([]*Keyword, len(e.Keywords))
		for i, kw := range e.Keywords {
			kws[i] = &Keyword{At: kw.At, Name: kw.Name, Value: b.inlineConsts(kw.Value)}
		}
		return &Call{At: e.At, Func: e.Func, Args: args, Keywords: kws}
	}
	return e
}

// constValue folds a literal (possibly negated) to a Go value.
func (b *Builder) constValue(e Expr) (any, bool) {
	switch e := e.(type) {
	case *Int:
		return e.Value, true
	case *Float:
		return e.Value, true
	case *Str:
		return e.Value, true
	case *Bool:
		return e.Value, true
	case *NoneLit:
		return ir.None, true
	case *Name:
		if c, ok := b.consts[e.ID]; ok {
			return b.constValue(c)
		}
	case *UnaryOp:
		if v, ok := b.constValue(e.X); ok && e.Op == "-" {
			switch v := v.(type) {
			case int64:
				return -v, true
			case float64:
				return -v, true
			}
		}
	}
	return nil, false
}

func (b *Builder) isMyiaDecorator(d Expr) bool {
	return b.isDecorator(d, "myia") || b.isDecorator(d, "custom_vjp")
}

// isDecorator reports whether d names myia's decorator name.
func (b *Builder) isDecorator(d Expr, name string) bool {
	switch d := d.(type) {
	case *Name:
		return b.imports[d.ID] == "myia."+name
	case *Attribute:
		x, ok := d.X.(*Name)
		return ok && b.imports[x.ID] == "myia" && d.Name == name
	}
	return false
}

// defvjp reads f.defvjp(fwd, bwd) at top level; it returns f's graph
// (nil if f is not a function of the file).
func (b *Builder) defvjp(c *Call) *ir.Graph {
	a := c.Func.(*Attribute)
	lookup := func(e Expr) *ir.Graph {
		if n, ok := e.(*Name); ok {
			return b.globals[n.ID]
		}
		return nil
	}
	get := func(e Expr) *ir.Graph {
		g := lookup(e)
		if g == nil {
			b.errorf(e.Pos(), "defvjp takes top-level functions defined in this file")
		}
		return g
	}
	if len(c.Args) != 2 || len(c.Keywords) > 0 {
		b.errorf(c.Pos(), "defvjp takes two arguments: the forward and the backward functions")
		return lookup(a.X)
	}
	f := get(a.X)
	fwd, bwd := get(c.Args[0]), get(c.Args[1])
	if f == nil || fwd == nil || bwd == nil {
		return f
	}
	if _, ok := b.custom[f]; !ok {
		b.errorf(c.Pos(), "%s.defvjp: %s is not decorated with @custom_vjp", f.Name, f.Name)
		return f
	}
	if len(fwd.Params) != len(f.Params) {
		b.errorf(c.Args[0].Pos(), "%s takes %d arguments, but %s takes %d", fwd.Name, len(fwd.Params), f.Name, len(f.Params))
		return f
	}
	if len(bwd.Params) != 2 {
		b.errorf(c.Args[1].Pos(), "%s must take two arguments (residuals, cotangent), it takes %d", bwd.Name, len(bwd.Params))
		return f
	}
	f.VJP = &ir.CustomVJP{Fwd: fwd, Bwd: bwd}
	return f
}
