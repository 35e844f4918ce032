// Package frontend turns Python source into graphs. Parse reads a file
// into the AST of ast.go: a lexer makes NEWLINE, INDENT and DEDENT tokens
// as CPython's does, a participle grammar reads blocks and compound
// statements, and a hand-written recursive-descent parser reads
// expressions and simple statements (grammar.go says why). Build lowers
// the AST to IR.
//
// Parse reads all of Python 3's syntax, far enough to name what lies
// outside the subset (Unsupported statements, BadExpr expressions), and
// reports syntax errors with CPython's messages and positions:
//
//	x = (1 +    t.py:1:5: error: '(' was never closed
//	if x        t.py:1:5: error: expected ':'
//
// The AST of
//
//	def f(x, n=2):
//	    return -x ** n if x else f(x, n=n - 1)
//
// printed as s-expressions (the dump of parse_test.go) is
//
//	(def f (x n=2) body:
//	  (return (ifexp x (u- (** x n)) (call f x n=(- n 1))))
//	)
package frontend

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"unsafe"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/myia/myia/ir"
)

// noRecover disables Parse's last-resort recover, so that the fuzzer sees
// every panic.
var noRecover = false

// Parse parses one source file. Errors are an ir.ErrorList of positioned syntax errors.
func Parse(filename string, src []byte) (f *File, err error) {
	if !noRecover {
		defer func() {
			if r := recover(); r != nil {
				f = nil
				err = ir.ErrorList{ir.Errorf(ir.Pos{File: filename, Line: 1, Col: 1}, "internal error: parser panic: %v", r)}
			}
		}()
	}
	toks, errs, fatal := tokenize(filename, src)
	if fatal {
		return nil, errs.Err()
	}
	g, perr := pyParser().ParseFromLexer(peekingLexer(toks))
	if perr != nil {
		errs = append(errs, syntaxError(filename, perr))
		return nil, errs.Err()
	}
	c := &converter{file: filename}
	f = &File{Name: filename, Body: c.stmts(g.Stmts)}
	errs = append(errs, c.errs...)
	if len(errs) > 0 {
		return nil, errs.Err()
	}
	return f, nil
}

// tokensField is PeekingLexer.tokens, if participle still has it.
var tokensField = func() *reflect.StructField {
	f, ok := reflect.TypeOf(lexer.PeekingLexer{}).FieldByName("tokens")
	if !ok || f.Type != reflect.TypeOf([]lexer.Token(nil)) {
		return nil
	}
	return &f
}()

// peekingLexer makes a participle PeekingLexer over toks. lexer.Upgrade
// appends the tokens one by one to a new slice, a quarter of the parse
// time; where participle's layout is the one we know, we hand it the
// slice instead.
func peekingLexer(toks []lexer.Token) *lexer.PeekingLexer {
	if tokensField != nil {
		pl := &lexer.PeekingLexer{}
		*(*[]lexer.Token)(unsafe.Add(unsafe.Pointer(pl), tokensField.Offset)) = toks
		return pl
	}
	pl, err := lexer.Upgrade(&tokenList{toks: toks})
	if err != nil {
		panic(err) // tokenList never fails
	}
	return pl
}

// syntaxError turns a participle error into a Python-like one.
func syntaxError(file string, err error) *ir.Error {
	var perr participle.Error
	if !errors.As(err, &perr) {
		return ir.Errorf(ir.Pos{File: file, Line: 1, Col: 1}, "invalid syntax")
	}
	p := perr.Position()
	pos := ir.Pos{File: file, Line: p.Line, Col: p.Column}
	if e, ok := err.(*exprError); ok {
		return ir.Errorf(pos, "%s", e.msg)
	}
	var ute *participle.UnexpectedTokenError
	if !errors.As(err, &ute) {
		return ir.Errorf(pos, "invalid syntax")
	}
	expect := ""
	if m := ute.Message(); strings.HasSuffix(m, ")") {
		if i := strings.Index(m, " (expected "); i >= 0 {
			expect = m[i+len(" (expected ") : len(m)-1]
		}
	}
	switch {
	case ute.Unexpected.Type == tIndent:
		return ir.Errorf(pos, "unexpected indent")
	case strings.HasPrefix(expect, "<indent>"):
		return ir.Errorf(pos, "expected an indented block")
	case strings.HasPrefix(expect, `":"`):
		return ir.Errorf(pos, "expected ':'")
	case ute.Unexpected.Type == tDedent:
		return ir.Errorf(pos, "unexpected unindent")
	}
	return ir.Errorf(pos, "invalid syntax")
}

// Simple statements.

// gSimple is a line of simple statements, `small (; small)* ;? NEWLINE`,
// parsed by hand like expressions; gSimpleLines is a run of such lines.
// Where a block may hold statements, one participle step takes the whole
// run.
type (
	gSimple      struct{ Stmts []Stmt }
	gSimpleLines struct{ Stmts []Stmt }
)

var simpleKws = wordSet("return", "pass", "break", "continue", "assert", "import", "from",
	"global", "nonlocal", "del", "raise", "yield")

var augOps = wordSet("+=", "-=", "*=", "/=", "//=", "%=", "**=", "@=", "&=", "|=", "^=", "<<=", ">>=")

func (g *gSimple) Parse(lex *lexer.PeekingLexer) error {
	return parseSimple(lex, &g.Stmts, false)
}

func (g *gSimpleLines) Parse(lex *lexer.PeekingLexer) error {
	return parseSimple(lex, &g.Stmts, true)
}

func startsSimple(t *lexer.Token) bool { return startsItem(t) || isOp(t, simpleKws) }

// parseSimple parses a line of simple statements, or as many lines as
// follow each other if many is set.
func parseSimple(lex *lexer.PeekingLexer, stmts *[]Stmt, many bool) (err error) {
	if !startsSimple(lex.Peek()) {
		return participle.NextMatch
	}
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok {
				panic(r)
			}
			err = b.err
		}
	}()
	p := &exprParser{lex: lex}
	for {
		for {
			*stmts = append(*stmts, p.smallStmt())
			if !p.got(";") || p.tok().Type == tNewline {
				break
			}
		}
		if p.tok().Type != tNewline {
			p.fail(p.tok(), "invalid syntax")
		}
		p.next()
		if !many || !startsSimple(p.tok()) {
			return nil
		}
	}
}

func (p *exprParser) smallStmt() Stmt {
	t := p.tok()
	at := At{tokPos(t)}
	if t.Type != tKeyword {
		return p.exprStmt(at)
	}
	switch t.Value {
	case "pass":
		p.next()
		return &Pass{At: at}
	case "break":
		p.next()
		return &Break{At: at}
	case "continue":
		p.next()
		return &Continue{At: at}
	case "return":
		p.next()
		s := &Return{At: at}
		if startsItem(p.tok()) || p.is("yield") {
			s.Value = p.starList()
		}
		return s
	case "assert":
		p.next()
		s := &Assert{At: at, Cond: p.test()}
		if p.got(",") {
			s.Msg = p.test()
		}
		return s
	case "import":
		p.next()
		s := &Import{At: at}
		for {
			a := p.alias(true)
			s.Names = append(s.Names, a)
			if !p.got(",") {
				return s
			}
		}
	case "from":
		return p.importFrom(at)
	case "global", "nonlocal":
		p.next()
		for {
			p.name()
			if !p.got(",") {
				return &Unsupported{At: at, What: t.Value + " statements"}
			}
		}
	case "del":
		p.next()
		p.exprList()
		return &Unsupported{At: at, What: "del statements"}
	case "raise":
		p.next()
		if startsExpr(p.tok()) {
			p.test()
			if p.got("from") {
				p.test()
			}
		}
		return &Unsupported{At: at, What: "raise statements"}
	}
	return p.exprStmt(at)
}

// exprStmt parses an expression statement or an assignment.
func (p *exprParser) exprStmt(at At) Stmt {
	x := p.starList()
	t := p.tok()
	switch {
	case t.Type == tOp && augOps[t.Value]:
		p.next()
		return &AugAssign{At: at, Target: x, Op: strings.TrimSuffix(t.Value, "="), Value: p.starList()}
	case p.got(":"):
		s := &AnnAssign{At: at, Target: x, Annotation: p.test()}
		if p.got("=") {
			s.Value = p.starList()
		}
		return s
	case p.is("="):
		s := &Assign{At: at}
		for p.got("=") {
			s.Targets = append(s.Targets, x)
			x = p.starList()
		}
		s.Value = x
		return s
	}
	return &ExprStmt{At: at, X: x}
}

// name parses a name.
func (p *exprParser) name() *lexer.Token {
	t := p.tok()
	if t.Type != tIdent {
		p.fail(t, "invalid syntax")
	}
	return p.next()
}

// alias parses `name as asname`; the name is dotted in an import.
func (p *exprParser) alias(dotted bool) *Alias {
	t := p.name()
	a := &Alias{At: At{tokPos(t)}, Name: t.Value}
	for dotted && p.got(".") {
		a.Name += "." + p.name().Value
	}
	if p.got("as") {
		a.AsName = p.name().Value
	}
	return a
}

func (p *exprParser) importFrom(at At) Stmt {
	p.next()
	s := &ImportFrom{At: at}
	for p.is(".") || p.is("...") {
		s.Module += p.next().Value
	}
	if s.Module == "" || p.tok().Type == tIdent {
		s.Module += p.name().Value
		for p.got(".") {
			s.Module += "." + p.name().Value
		}
	}
	p.want("import", "")
	if t := p.tok(); p.got("*") {
		s.Names = []*Alias{{At: At{tokPos(t)}, Name: "*"}}
		return s
	}
	paren := p.got("(")
	for {
		s.Names = append(s.Names, p.alias(false))
		if !p.got(",") {
			break
		}
		if paren && p.is(")") {
			break
		}
		if !paren && p.tok().Type != tIdent {
			p.fail(p.tok(), "trailing comma not allowed without surrounding parentheses")
		}
	}
	if paren {
		p.want(")", "")
	}
	return s
}

// converter converts grammar structs to the AST, checking what the grammar
// captures more loosely than Python allows.
type converter struct {
	file string
	errs ir.ErrorList
}

func (c *converter) pos(p lexer.Position) ir.Pos {
	return ir.Pos{File: c.file, Line: p.Line, Col: p.Column}
}

func (c *converter) at(p lexer.Position) At { return At{c.pos(p)} }

func (c *converter) errorf(p ir.Pos, format string, args ...any) {
	c.errs.Add(p, format, args...)
}

// Statements.

func (c *converter) stmts(gs []*gStmt) []Stmt {
	var out []Stmt
	for _, g := range gs {
		out = c.stmt(out, g)
	}
	return out
}

func (c *converter) suite(g *gSuite) []Stmt {
	if g == nil {
		return nil
	}
	if g.Simple != nil {
		return c.simple(nil, g.Simple.Stmts)
	}
	return c.stmts(g.Stmts)
}

func (c *converter) stmt(out []Stmt, g *gStmt) []Stmt {
	if g.Simple != nil {
		return c.simple(out, g.Simple.Stmts)
	}
	at := c.at(g.Compound.Pos)
	switch g := g.Compound; {
	case g.If != nil:
		return append(out, c.ifStmt(at, g.If.Cond.X, g.If.Body, g.If.Elifs, g.If.Else))
	case g.For != nil:
		c.checkTarget(g.For.Target.X, true)
		return append(out, &For{
			At:     at,
			Target: g.For.Target.X,
			Iter:   c.value(g.For.Iter.X),
			Body:   c.suite(g.For.Body),
			Else:   c.suite(g.For.Else),
		})
	case g.While != nil:
		w := g.While
		return append(out, &While{At: at, Cond: w.Cond.X, Body: c.suite(w.Body), Else: c.suite(w.Else)})
	case g.Def != nil:
		return append(out, c.funcDef(g.Def, nil))
	case g.Decorated != nil:
		d := g.Decorated
		switch {
		case d.Def != nil:
			var decs []Expr
			for _, dec := range d.Decorators {
				decs = append(decs, dec.X.X)
			}
			return append(out, c.funcDef(d.Def, decs))
		case d.Class != nil:
			return append(out, &Unsupported{At: c.at(d.Class.Pos), What: "class definitions"})
		default:
			return append(out, &Unsupported{At: c.at(d.Async.Pos), What: "async functions"})
		}
	case g.Class != nil:
		return append(out, &Unsupported{At: at, What: "class definitions"})
	case g.Try != nil:
		if len(g.Try.Handlers) == 0 && g.Try.Finally == nil {
			c.errorf(at.P, "expected 'except' or 'finally' block")
		}
		return append(out, &Unsupported{At: at, What: "try statements"})
	case g.With != nil:
		return append(out, &Unsupported{At: at, What: "with statements"})
	case g.Async != nil:
		return append(out, &Unsupported{At: at, What: "async functions"})
	case g.Match != nil:
		return append(out, &Unsupported{At: at, What: "match statements"})
	}
	panic(fmt.Sprintf("frontend: empty statement at %s", at.P))
}

// ifStmt converts if/elif/else; each elif is an If alone in the Else of
// the one before. It builds the chain from its end: no recursion.
func (c *converter) ifStmt(at At, cond Expr, body *gSuite, elifs []*gElif, els *gSuite) *If {
	tail := c.suite(els)
	for i := len(elifs) - 1; i >= 0; i-- {
		e := elifs[i]
		tail = []Stmt{&If{At: c.at(e.Pos), Cond: e.Cond.X, Body: c.suite(e.Body), Else: tail}}
	}
	return &If{At: at, Cond: cond, Body: c.suite(body), Else: tail}
}

func (c *converter) funcDef(g *gFuncDef, decorators []Expr) *FuncDef {
	f := &FuncDef{At: c.at(g.Pos), Name: g.Name, Returns: exprOf(g.Returns), Decorators: decorators, Body: c.suite(g.Body)}
	seen := map[string]bool{}
	name := func(p lexer.Position, n string) {
		if seen[n] {
			c.errorf(c.pos(p), "duplicate argument '%s' in function definition", n)
		}
		seen[n] = true
	}
	defaults, star, slash := false, false, false
	for i, p := range g.Params {
		switch {
		case p.Slash:
			switch {
			case i == 0:
				c.errorf(c.pos(p.Pos), "at least one argument must precede /")
			case star || slash:
				c.errorf(c.pos(p.Pos), "/ must be ahead of *")
			}
			slash = true
			f.setVarArgs(c.pos(p.Pos))
		case p.Star != "":
			switch {
			case p.Star == "*" && star:
				c.errorf(c.pos(p.Pos), "* argument may appear only once")
			case p.Star == "**" && i != len(g.Params)-1:
				c.errorf(c.pos(g.Params[i+1].Pos), "arguments cannot follow var-keyword argument")
			case p.Star == "*" && p.StarName == "" && (i == len(g.Params)-1 || g.Params[i+1].Star == "**"):
				c.errorf(c.pos(p.Pos), "named arguments must follow bare *")
			case p.Star == "**" && p.StarName == "":
				c.errorf(c.pos(p.Pos), "invalid syntax")
			}
			star = star || p.Star == "*"
			if p.StarName != "" {
				name(p.Pos, p.StarName)
			}
			f.setVarArgs(c.pos(p.Pos))
		default:
			name(p.Pos, p.Name)
			q := &Param{At: c.at(p.Pos), Name: p.Name, Annotation: exprOf(p.Ann), Default: exprOf(p.Default)}
			if p.Default != nil {
				defaults = true
			} else if defaults && !star {
				c.errorf(q.P, "parameter without a default follows parameter with a default")
			}
			f.Params = append(f.Params, q)
		}
	}
	return f
}

func (f *FuncDef) setVarArgs(p ir.Pos) {
	if f.VarArgs == nil {
		f.VarArgs = &p
	}
}

func (c *converter) simple(out []Stmt, stmts []Stmt) []Stmt {
	for _, s := range stmts {
		switch s := s.(type) {
		case *ExprStmt:
			c.value(s.X)
		case *Return:
			c.value(s.Value)
		case *AugAssign:
			c.checkSingleTarget(s.Target, "augmented assignment")
			c.value(s.Value)
		case *AnnAssign:
			c.checkSingleTarget(s.Target, "annotation")
			c.value(s.Value)
		case *Assign:
			for _, t := range s.Targets {
				c.checkAssignTarget(t)
			}
			c.value(s.Value)
		}
		out = append(out, s)
	}
	return out
}

// value checks an expression list used as a value: a lone starred
// expression is not one.
func (c *converter) value(x Expr) Expr {
	if s, ok := x.(*Starred); ok && s != nil {
		c.errorf(s.P, "can't use starred expression here")
	}
	return x
}

// checkSingleTarget checks the target of an augmented or annotated
// assignment: a name, an attribute or a subscript.
func (c *converter) checkSingleTarget(t Expr, what string) {
	switch t.(type) {
	case *Name, *Attribute, *Subscript:
		return
	case *Tuple:
		if what == "annotation" {
			c.errorf(t.Pos(), "only single target (not tuple) can be annotated")
			return
		}
	case *List:
		if what == "annotation" {
			c.errorf(t.Pos(), "only single target (not list) can be annotated")
			return
		}
	}
	c.errorf(t.Pos(), "'%s' is an illegal expression for %s", describeExpr(t), what)
}

// checkAssignTarget checks the target of an assignment statement, with
// CPython's hint for a mistyped comparison.
func (c *converter) checkAssignTarget(t Expr) {
	n := len(c.errs)
	c.checkTarget(t, true)
	for _, e := range c.errs[n:] {
		if w := strings.TrimPrefix(e.Msg, "cannot assign to "); w != e.Msg && w != "None" && w != "True" && w != "False" {
			e.Msg += " here. Maybe you meant '==' instead of '='?"
		}
	}
}

// checkTarget checks an assignment or for-loop target; top is false
// inside a tuple or list.
func (c *converter) checkTarget(t Expr, top bool) {
	switch t := t.(type) {
	case *Name, *Attribute, *Subscript:
	case *Starred:
		if top {
			c.errorf(t.P, "starred assignment target must be in a list or tuple")
		}
		c.checkTarget(t.X, false)
	case *Tuple:
		for _, e := range t.Elts {
			c.checkTarget(e, false)
		}
	case *List:
		for _, e := range t.Elts {
			c.checkTarget(e, false)
		}
	default:
		c.errorf(t.Pos(), "cannot assign to %s", describeExpr(t))
	}
}

// describeExpr names an expression as Python's error messages do.
func describeExpr(e Expr) string {
	switch e := e.(type) {
	case *Int, *Float, *Str:
		return "literal"
	case *Bool:
		if e.Value {
			return "True"
		}
		return "False"
	case *NoneLit:
		return "None"
	case *Call:
		return "function call"
	case *BinOp, *UnaryOp:
		return "expression"
	case *BoolOp:
		return "expression"
	case *Compare:
		return "comparison"
	case *IfExp:
		return "conditional expression"
	case *Lambda:
		return "lambda"
	case *Tuple:
		return "tuple"
	case *List:
		return "list"
	case *Starred:
		return "starred"
	case *Slice:
		return "slice"
	case *Name:
		return "name"
	case *Attribute:
		return "attribute"
	case *Subscript:
		return "subscript"
	case *BadExpr:
		w := strings.TrimSuffix(e.What, "s")
		if w == "ellipsis literal" {
			return "ellipsis"
		}
		return w
	}
	return "expression"
}
