package frontend

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/myia/myia/ir"
)

// The grammar of Python 3, close to CPython's LL(1) grammar (the
// Grammar/Grammar of 3.8), so that one token of lookahead decides every
// choice (participle.UseLookahead(1)).
//
// Participle reads the structure: the file, blocks (NEWLINE INDENT ...
// DEDENT) and every compound statement (if/elif/else, while, for, def
// with its parameters and decorators, and class, try, with, async and
// match, which are parsed only to be named). The expressions inside them
// (test, namedexpr_test, testlist_star_expr, exprlist) and the lines of
// simple statements are Parseable productions written by hand: a
// recursive-descent parser with precedence climbing (below, and
// parseSimple in parse.go) that reads the same token stream and returns
// AST nodes.
//
// Why the split: participle spends some 25 allocations per token it
// reads (a backtracking branch per alternative tried, reflection on every
// capture), and expressions and simple statements hold most tokens.
// BenchmarkParse (1,000 lines) took 67 ms with the whole grammar in
// participle, 37 ms with expressions written by hand, and about 10 ms
// with simple statements too and the tokens handed to participle without
// a copy (peekingLexer), on a shared two-core machine.
//
// Rules for the participle part: no alternative and no repetition may
// match the empty string (participle panics on the first and loops on the
// second); an alternative that is not the last starts with a literal or a
// guard, so that failing it is cheap.

var (
	parserOnce sync.Once
	theParser  *participle.Parser[gFile]
)

func pyParser() *participle.Parser[gFile] {
	parserOnce.Do(func() {
		theParser = participle.MustBuild[gFile](
			participle.Lexer(pyLexer{}),
			participle.UseLookahead(1),
		)
	})
	return theParser
}

// Expression productions: Parseable wrappers of an AST expression.
type (
	testNode       struct{ X Expr } // test: x, x if c else y, lambda
	namedTestNode  struct{ X Expr } // namedexpr_test: test or name := test
	starListNode   struct{ X Expr } // testlist_star_expr (a tuple if it has a comma) or yield
	targetListNode struct{ X Expr } // exprlist: for and del targets, stop before `in`
)

func (n *testNode) Parse(lex *lexer.PeekingLexer) error {
	return parseExpr(lex, &n.X, (*exprParser).test)
}

func (n *namedTestNode) Parse(lex *lexer.PeekingLexer) error {
	return parseExpr(lex, &n.X, (*exprParser).namedTest)
}

func (n *starListNode) Parse(lex *lexer.PeekingLexer) error {
	return parseExpr(lex, &n.X, (*exprParser).starList)
}

func (n *targetListNode) Parse(lex *lexer.PeekingLexer) error {
	return parseExpr(lex, &n.X, (*exprParser).exprList)
}

// exprOf is the expression of a production, nil if absent.
func exprOf[N testNode | namedTestNode | starListNode | targetListNode](n *N) Expr {
	if n == nil {
		return nil
	}
	switch n := any(n).(type) {
	case *testNode:
		return n.X
	case *namedTestNode:
		return n.X
	case *starListNode:
		return n.X
	case *targetListNode:
		return n.X
	}
	return nil
}

type gFile struct {
	Stmts []*gStmt `parser:"@@*"`
}

// gStmt is a compound statement or a run of lines of simple statements.
type gStmt struct {
	Simple   *gSimpleLines `parser:"@@"`
	Compound *gCompound    `parser:"| @@"`
}

// gCompound is a compound statement; its guard rejects any other
// statement at the cost of one token comparison.
type gCompound struct {
	Pos       lexer.Position
	Guard     compoundGuard `parser:"@@"`
	If        *gIf          `parser:"( @@"`
	Def       *gFuncDef     `parser:"| @@"`
	For       *gFor         `parser:"| @@"`
	While     *gWhile       `parser:"| @@"`
	Decorated *gDecorated   `parser:"| @@"`
	Class     *gClass       `parser:"| @@"`
	Try       *gTry         `parser:"| @@"`
	With      *gWith        `parser:"| @@"`
	Async     *gAsync       `parser:"| @@"`
	Match     *gMatch       `parser:"| @@ )"`
}

// gSuite is a block: an indented block or statements on the header's line.
type gSuite struct {
	Stmts  []*gStmt `parser:"NEWLINE INDENT @@+ DEDENT"`
	Simple *gSimple `parser:"| @@"`
}

type gIf struct {
	Cond  *namedTestNode `parser:"'if' @@ ':'"`
	Body  *gSuite        `parser:"@@"`
	Elifs []*gElif       `parser:"@@*"`
	Else  *gSuite        `parser:"( 'else' ':' @@ )?"`
}

type gElif struct {
	Pos  lexer.Position
	Cond *namedTestNode `parser:"'elif' @@ ':'"`
	Body *gSuite        `parser:"@@"`
}

type gWhile struct {
	Cond *namedTestNode `parser:"'while' @@ ':'"`
	Body *gSuite        `parser:"@@"`
	Else *gSuite        `parser:"( 'else' ':' @@ )?"`
}

type gFor struct {
	Target *targetListNode `parser:"'for' @@ 'in'"`
	Iter   *starListNode   `parser:"@@ ':'"`
	Body   *gSuite         `parser:"@@"`
	Else   *gSuite         `parser:"( 'else' ':' @@ )?"`
}

type gFuncDef struct {
	Pos     lexer.Position
	Name    string    `parser:"'def' @Ident '('"`
	Params  []*gParam `parser:"( @@ ( ',' @@ )* ','? )? ')'"`
	Returns *testNode `parser:"( '->' @@ )? ':'"`
	Body    *gSuite   `parser:"@@"`
}

type gParam struct {
	Pos      lexer.Position
	Name     string    `parser:"@Ident"`
	Ann      *testNode `parser:"( ':' @@ )?"`
	Default  *testNode `parser:"( '=' @@ )?"`
	Star     string    `parser:"| @( '*' | '**' )"`
	StarName string    `parser:"@Ident?"`
	StarAnn  *testNode `parser:"( ':' @@ )?"`
	Slash    bool      `parser:"| @'/'"`
}

type gDecorated struct {
	Decorators []*gDecorator `parser:"@@+"`
	Def        *gFuncDef     `parser:"( @@"`
	Class      *gClass       `parser:"| @@"`
	Async      *gAsync       `parser:"| @@ )"`
}

type gDecorator struct {
	X *namedTestNode `parser:"'@' @@ NEWLINE"`
}

type gClass struct {
	Pos    lexer.Position
	Name   string       `parser:"'class' @Ident"`
	Header []*gBalanced `parser:"@@* ':'"`
	Body   *gSuite      `parser:"@@"`
}

type gTry struct {
	Body     *gSuite    `parser:"'try' ':' @@"`
	Handlers []*gExcept `parser:"@@*"`
	Else     *gSuite    `parser:"( 'else' ':' @@ )?"`
	Finally  *gSuite    `parser:"( 'finally' ':' @@ )?"`
}

type gExcept struct {
	Star bool      `parser:"'except' @'*'?"`
	Type *testNode `parser:"( @@"`
	Name string    `parser:"( 'as' @Ident )? )? ':'"`
	Body *gSuite   `parser:"@@"`
}

type gWith struct {
	Items []*gBalanced `parser:"'with' @@+ ':'"`
	Body  *gSuite      `parser:"@@"`
}

type gAsync struct {
	Pos  lexer.Position
	Def  *gFuncDef `parser:"'async' ( @@"`
	For  *gFor     `parser:"| @@"`
	With *gWith    `parser:"| @@ )"`
}

type gMatch struct {
	Subject []*gBalanced `parser:"'match':Keyword @@+ ':' NEWLINE INDENT"`
	Cases   []*gCase     `parser:"@@+ DEDENT"`
}

type gCase struct {
	Pattern []*gBalanced `parser:"'case' @@+ ':'"`
	Body    *gSuite      `parser:"@@"`
}

// gBalanced is a token of a header we do not read (class, with, match,
// case), or a bracketed group of them. It stops at the header's colon.
type gBalanced struct {
	Group *gGroup `parser:"@@"`
	Tok   string  `parser:"| @!( ':' | '(' | ')' | '[' | ']' | '{' | '}' | NEWLINE | INDENT | DEDENT )"`
}

type gGroup struct {
	Paren   []*gBalancedIn `parser:"'(' @@* ')'"`
	Bracket []*gBalancedIn `parser:"| '[' @@* ']'"`
	Brace   []*gBalancedIn `parser:"| '{' @@* '}'"`
}

type gBalancedIn struct {
	Group *gGroup `parser:"@@"`
	Tok   string  `parser:"| @!( '(' | ')' | '[' | ']' | '{' | '}' | NEWLINE | INDENT | DEDENT )"`
}

// Guards: Parseable types that match the empty string before a token of
// their set and nothing elsewhere.

var compoundKws = wordSet("if", "for", "while", "def", "class", "try", "with", "async", "match", "@")

func wordSet(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// isOp reports whether t is an operator or keyword token in ops.
func isOp(t *lexer.Token, ops map[string]bool) bool {
	return (t.Type == tOp || t.Type == tKeyword) && ops[t.Value]
}

type compoundGuard struct{}

func (*compoundGuard) Parse(lex *lexer.PeekingLexer) error {
	if isOp(lex.Peek(), compoundKws) {
		return nil
	}
	return participle.NextMatch
}

// Expressions.

// exprError is a syntax error found by the expression parser.
type exprError struct {
	pos lexer.Position
	msg string
}

func (e *exprError) Error() string            { return fmt.Sprintf("%s: %s", e.pos, e.msg) }
func (e *exprError) Message() string          { return e.msg }
func (e *exprError) Position() lexer.Position { return e.pos }

// bailout carries an exprError up the expression parser's stack.
type bailout struct{ err *exprError }

// exprParser parses expressions by recursive descent; binary operators
// by precedence climbing.
type exprParser struct {
	lex *lexer.PeekingLexer
}

// parseExpr runs an expression parser method as a participle production.
// It does not match (and consumes nothing) unless the next token can
// start an expression.
func parseExpr(lex *lexer.PeekingLexer, x *Expr, parse func(*exprParser) Expr) (err error) {
	t := lex.Peek()
	if !startsExpr(t) && !(t.Type == tOp && t.Value == "*") && !(t.Type == tKeyword && t.Value == "yield") {
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
	*x = parse(&exprParser{lex: lex})
	return nil
}

// Operator precedence, loosest first; prefix operators: not 3, - + ~ 11,
// await 13.
var binPrec = map[string]int{
	"or": 1, "and": 2,
	"<": 4, ">": 4, "==": 4, ">=": 4, "<=": 4, "!=": 4, "in": 4, "not in": 4, "is": 4, "is not": 4,
	"|": 5, "^": 6, "&": 7, "<<": 8, ">>": 8, "+": 9, "-": 9,
	"*": 10, "/": 10, "//": 10, "%": 10, "@": 10, "**": 12,
}

const (
	precOr    = 1
	precNot   = 3
	precCmp   = 4
	precBitOr = 5
	precUnary = 11
	precPow   = 12
	precAwait = 13
)

func tokPos(t *lexer.Token) ir.Pos {
	return ir.Pos{File: t.Pos.Filename, Line: t.Pos.Line, Col: t.Pos.Column}
}

func (p *exprParser) tok() *lexer.Token  { return p.lex.Peek() }
func (p *exprParser) next() *lexer.Token { return p.lex.Next() }

// is reports whether the next token is the operator or keyword v.
func (p *exprParser) is(v string) bool {
	t := p.lex.Peek()
	return (t.Type == tOp || t.Type == tKeyword) && t.Value == v
}

// got consumes the next token if it is the operator or keyword v.
func (p *exprParser) got(v string) bool {
	if p.is(v) {
		p.lex.Next()
		return true
	}
	return false
}

func (p *exprParser) fail(t *lexer.Token, format string, args ...any) {
	panic(bailout{&exprError{t.Pos, fmt.Sprintf(format, args...)}})
}

// close consumes the closing bracket v of a list whose last element
// started at last: if an expression follows instead, a comma is likely
// missing.
func (p *exprParser) close(v string, last *lexer.Token) {
	if !p.is(v) && last != nil && startsItem(p.tok()) {
		p.fail(last, "invalid syntax. Perhaps you forgot a comma?")
	}
	p.want(v, "")
}

// want consumes v or fails with msg ("invalid syntax" if empty).
func (p *exprParser) want(v, msg string) *lexer.Token {
	if !p.is(v) {
		if msg == "" {
			msg = "invalid syntax"
		}
		p.fail(p.tok(), "%s", msg)
	}
	return p.next()
}

// startsExpr reports whether t can start a test.
func startsExpr(t *lexer.Token) bool {
	switch t.Type {
	case tIdent, tNumber, tString:
		return true
	case tKeyword:
		switch t.Value {
		case "True", "False", "None", "not", "lambda", "await":
			return true
		}
	case tOp:
		switch t.Value {
		case "(", "[", "{", "-", "+", "~", "...":
			return true
		}
	}
	return false
}

// startsItem reports whether t can start a test or a starred expression.
func startsItem(t *lexer.Token) bool {
	return startsExpr(t) || t.Type == tOp && t.Value == "*"
}

// starList parses testlist_star_expr, or a yield expression. A lone
// starred expression is returned as is for the caller to reject.
func (p *exprParser) starList() Expr {
	if p.is("yield") {
		return p.yield()
	}
	return p.tuple(p.starItem, startsItem)
}

// exprList parses exprlist: targets, which stop before comparisons.
func (p *exprParser) exprList() Expr {
	return p.tuple(func() Expr {
		if t := p.tok(); p.got("*") {
			return &Starred{At: At{tokPos(t)}, X: p.binary(precBitOr)}
		}
		return p.binary(precBitOr)
	}, startsItem)
}

// tuple parses item (, item)* ,? as a tuple if it has a comma.
func (p *exprParser) tuple(item func() Expr, starts func(*lexer.Token) bool) Expr {
	first := p.tok()
	x := item()
	if !p.is(",") {
		return x
	}
	t := &Tuple{At: At{tokPos(first)}, Elts: []Expr{x}}
	for p.got(",") && starts(p.tok()) {
		t.Elts = append(t.Elts, item())
	}
	return t
}

// starItem parses a test or a starred expression.
func (p *exprParser) starItem() Expr {
	if t := p.tok(); p.got("*") {
		return &Starred{At: At{tokPos(t)}, X: p.binary(precBitOr)}
	}
	return p.test()
}

// starNamed parses a namedexpr_test or a starred expression.
func (p *exprParser) starNamed() Expr {
	if t := p.tok(); p.got("*") {
		return &Starred{At: At{tokPos(t)}, X: p.binary(precBitOr)}
	}
	return p.namedTest()
}

func (p *exprParser) test() Expr {
	if p.is("lambda") {
		return p.lambda()
	}
	if !startsExpr(p.tok()) {
		p.fail(p.tok(), "invalid syntax")
	}
	start := p.tok()
	x := p.binary(precOr)
	if !p.got("if") {
		return x
	}
	cond := p.binary(precOr)
	if !p.got("else") {
		p.fail(start, "expected 'else' after 'if' expression")
	}
	return &IfExp{At: At{tokPos(start)}, Cond: cond, Then: x, Else: p.test()}
}

func (p *exprParser) namedTest() Expr {
	start := p.tok()
	x := p.test()
	if !p.got(":=") {
		return x
	}
	if _, ok := x.(*Name); !ok {
		p.fail(start, "cannot use assignment expressions with %s", describeExpr(x))
	}
	p.test()
	return &BadExpr{At: At{tokPos(start)}, What: "assignment expressions"}
}

// binary parses an expression with binary operators of precedence
// minPrec and tighter; its operators take the position of their left
// operand's first token.
func (p *exprParser) binary(minPrec int) Expr {
	start := At{tokPos(p.tok())}
	x := p.unary(minPrec)
	for {
		t := p.tok()
		if t.Type != tOp && t.Type != tKeyword {
			return x
		}
		prec := binPrec[t.Value]
		if prec == 0 || prec < minPrec {
			return x
		}
		p.next()
		switch {
		case prec == precCmp:
			c := &Compare{At: start, L: x}
			for {
				c.Ops = append(c.Ops, t.Value)
				c.Rights = append(c.Rights, p.binary(precCmp+1))
				t = p.tok()
				if (t.Type != tOp && t.Type != tKeyword) || binPrec[t.Value] != precCmp {
					break
				}
				p.next()
			}
			x = c
		case t.Value == "and" || t.Value == "or":
			b := &BoolOp{At: start, Op: t.Value, Values: []Expr{x}}
			for {
				b.Values = append(b.Values, p.binary(prec+1))
				if !p.got(t.Value) {
					break
				}
			}
			x = b
		case prec == precPow: // right-associative; its right operand may be unary
			x = &BinOp{At: start, Op: t.Value, L: x, R: p.binary(precPow)}
		default:
			x = &BinOp{At: start, Op: t.Value, L: x, R: p.binary(prec + 1)}
		}
	}
}

// unary parses prefix operators, whose operands extend over tighter
// binary operators: -x**2 is -(x**2), not a == b is not (a == b).
func (p *exprParser) unary(minPrec int) Expr {
	t := p.tok()
	at := At{tokPos(t)}
	switch {
	case t.Type == tKeyword && t.Value == "not":
		if minPrec > precNot {
			p.fail(t, "invalid syntax")
		}
		p.next()
		return &UnaryOp{At: at, Op: "not", X: p.binary(precNot)}
	case t.Type == tOp && (t.Value == "-" || t.Value == "+" || t.Value == "~"):
		p.next()
		if n := p.tok(); t.Value == "-" && n.Type == tNumber && strings.ReplaceAll(n.Value, "_", "") == minInt64Digits {
			// -9223372036854775808, the smallest int: 2**63 alone
			// is too large.
			p.next()
			if p.is("**") || p.is("(") || p.is("[") || p.is(".") {
				p.fail(n, "integer literal too large")
			}
			return &Int{At: at, Value: math.MinInt64}
		}
		return &UnaryOp{At: at, Op: t.Value, X: p.binary(precUnary)}
	case t.Type == tKeyword && t.Value == "await":
		p.next()
		p.binary(precAwait)
		return &BadExpr{At: at, What: "await expressions"}
	}
	return p.primary()
}

// primary parses an atom and its trailers: calls, subscripts, attributes.
func (p *exprParser) primary() Expr {
	at := At{tokPos(p.tok())}
	x := p.atom()
	for {
		t := p.tok()
		if t.Type != tOp {
			return x
		}
		switch t.Value {
		case "(":
			p.next()
			x = p.call(at, x)
		case "[":
			p.next()
			x = &Subscript{At: at, X: x, Index: p.subscripts()}
			p.want("]", "")
		case ".":
			p.next()
			name := p.tok()
			if name.Type != tIdent {
				p.fail(name, "invalid syntax")
			}
			p.next()
			x = &Attribute{At: at, X: x, Name: name.Value}
		default:
			return x
		}
	}
}

func (p *exprParser) atom() Expr {
	t := p.tok()
	at := At{tokPos(t)}
	switch t.Type {
	case tIdent:
		p.next()
		return &Name{At: at, ID: t.Value}
	case tNumber:
		p.next()
		if strings.ReplaceAll(t.Value, "_", "") == minInt64Digits {
			p.fail(t, "integer literal too large") // but after a minus sign (unary)
		}
		return numberLiteral(at, t.Value)
	case tString:
		var pieces []string
		for p.tok().Type == tString {
			pieces = append(pieces, p.next().Value)
		}
		x, ok := strLiteral(at, pieces)
		if !ok {
			p.fail(t, "cannot mix bytes and nonbytes literals")
		}
		return x
	case tKeyword:
		switch t.Value {
		case "True", "False":
			p.next()
			return &Bool{At: at, Value: t.Value == "True"}
		case "None":
			p.next()
			return &NoneLit{At: at}
		}
	case tOp:
		switch t.Value {
		case "(":
			p.next()
			return p.paren(at)
		case "[":
			p.next()
			return p.list(at)
		case "{":
			p.next()
			return p.brace(at)
		case "...":
			p.next()
			return &BadExpr{At: at, What: "ellipsis literals"}
		}
	}
	p.fail(t, "invalid syntax")
	return nil
}

// paren parses what follows `(`: a parenthesised expression, a tuple, a
// yield or a generator expression.
func (p *exprParser) paren(at At) Expr {
	if p.got(")") {
		return &Tuple{At: at}
	}
	if p.is("yield") {
		y := p.yield()
		p.want(")", "")
		return y
	}
	first := p.tok()
	x := p.starNamed()
	if p.isCompFor() {
		p.comprehension(first, x)
		p.want(")", "")
		return &BadExpr{At: at, What: "generator expressions"}
	}
	if p.got(")") {
		if _, ok := x.(*Starred); ok {
			p.fail(first, "cannot use starred expression here")
		}
		return x
	}
	if !p.is(",") {
		p.close(")", first)
	}
	t := &Tuple{At: at, Elts: []Expr{x}}
	last := first
	for p.got(",") && !p.is(")") {
		last = p.tok()
		t.Elts = append(t.Elts, p.starNamed())
	}
	p.close(")", last)
	return t
}

func (p *exprParser) list(at At) Expr {
	l := &List{At: at}
	if p.got("]") {
		return l
	}
	first := p.tok()
	x := p.starNamed()
	if p.isCompFor() {
		p.comprehension(first, x)
		p.want("]", "")
		return &BadExpr{At: at, What: "list comprehensions"}
	}
	l.Elts = append(l.Elts, x)
	last := first
	for p.got(",") && !p.is("]") {
		last = p.tok()
		l.Elts = append(l.Elts, p.starNamed())
	}
	p.close("]", last)
	return l
}

// brace parses a dict or set display or comprehension, all outside the
// subset.
func (p *exprParser) brace(at At) Expr {
	if p.got("}") {
		return &BadExpr{At: at, What: "dict displays"}
	}
	first := p.tok()
	isDict, starred := false, false
	if p.got("**") {
		p.binary(precBitOr)
		isDict, starred = true, true
	} else {
		_, starred = p.starNamed().(*Starred)
		if p.is(":") {
			if starred {
				p.fail(p.tok(), "invalid syntax")
			}
			p.next()
			p.test()
			isDict = true
		}
	}
	if p.isCompFor() {
		switch {
		case starred && isDict:
			p.fail(first, "dict unpacking cannot be used in dict comprehension")
		case starred:
			p.fail(first, "iterable unpacking cannot be used in comprehension")
		}
		p.compFor()
		p.want("}", "")
		if isDict {
			return &BadExpr{At: at, What: "dict comprehensions"}
		}
		return &BadExpr{At: at, What: "set comprehensions"}
	}
	for p.got(",") && !p.is("}") {
		switch {
		case !isDict:
			p.starNamed()
		case p.got("**"):
			p.binary(precBitOr)
		default:
			k := p.tok()
			p.test()
			if !p.got(":") {
				p.fail(k, "':' expected after dictionary key")
			}
			p.test()
		}
	}
	p.want("}", "")
	if isDict {
		return &BadExpr{At: at, What: "dict displays"}
	}
	return &BadExpr{At: at, What: "set displays"}
}

// call parses the arguments of a call after `(`.
func (p *exprParser) call(at At, fn Expr) Expr {
	c := &Call{At: at, Func: fn}
	kw, dstar := false, false
	var t *lexer.Token
	for !p.is(")") {
		t = p.tok()
		switch {
		case p.got("*"):
			if dstar {
				p.fail(t, "iterable argument unpacking follows keyword argument unpacking")
			}
			c.Args = append(c.Args, &Starred{At: At{tokPos(t)}, X: p.test()})
		case p.got("**"):
			// As in CPython's ast, a keyword without a name.
			dstar = true
			c.Keywords = append(c.Keywords, &Keyword{At: At{tokPos(t)}, Value: p.test()})
		default:
			x := p.namedTest()
			switch {
			case p.is("="):
				n, ok := x.(*Name)
				if !ok || n.P != tokPos(t) {
					p.fail(t, `expression cannot contain assignment, perhaps you meant "=="?`)
				}
				for _, k := range c.Keywords {
					if k.Name == n.ID {
						p.fail(t, "keyword argument repeated: %s", n.ID)
					}
				}
				p.next()
				c.Keywords = append(c.Keywords, &Keyword{At: At{tokPos(t)}, Name: n.ID, Value: p.test()})
				kw = true
			case p.isCompFor():
				p.comprehension(t, x)
				if len(c.Args)+len(c.Keywords) > 0 || !p.is(")") {
					p.fail(t, "generator expression must be parenthesized")
				}
				c.Args = append(c.Args, &BadExpr{At: At{tokPos(t)}, What: "generator expressions"})
			case dstar:
				p.fail(t, "positional argument follows keyword argument unpacking")
			case kw:
				p.fail(t, "positional argument follows keyword argument")
			default:
				c.Args = append(c.Args, x)
			}
		}
		if !p.got(",") {
			break
		}
	}
	p.close(")", t)
	return c
}

// subscripts parses the index of a subscript: a tuple if it has a comma.
func (p *exprParser) subscripts() Expr {
	first := p.tok()
	x := p.subscript()
	if !p.is(",") {
		return x
	}
	t := &Tuple{At: At{tokPos(first)}, Elts: []Expr{x}}
	for p.got(",") && !p.is("]") {
		t.Elts = append(t.Elts, p.subscript())
	}
	return t
}

// subscript parses x, a slice lo:hi:step or *x.
func (p *exprParser) subscript() Expr {
	t := p.tok()
	var lo Expr
	if !p.is(":") {
		lo = p.starNamed()
		if _, ok := lo.(*Starred); ok || !p.is(":") {
			return lo
		}
	}
	p.next()
	s := &Slice{At: At{tokPos(t)}, Lo: lo}
	if !p.is(":") && !p.is(",") && !p.is("]") {
		s.Hi = p.test()
	}
	if p.got(":") && !p.is(",") && !p.is("]") {
		s.Step = p.test()
	}
	return s
}

func (p *exprParser) lambda() Expr {
	t := p.next()
	l := &Lambda{At: At{tokPos(t)}}
	star, defaults := false, false
	var variadic *lexer.Token // the first *args, **kwargs, * or /
	var bare *lexer.Token     // a bare * not yet followed by a named parameter
	for !p.is(":") {
		pt := p.tok()
		switch {
		case p.got("*") || p.got("**"):
			if variadic == nil {
				variadic = pt
			}
			switch {
			case p.tok().Type == tIdent:
				p.next()
			case pt.Value == "**":
				p.fail(p.tok(), "invalid syntax")
			default:
				bare = pt
			}
			star = star || pt.Value == "*"
		case p.got("/"):
			if len(l.Params) == 0 {
				p.fail(pt, "at least one argument must precede /")
			}
			if variadic == nil {
				variadic = pt
			}
		case pt.Type == tIdent:
			p.next()
			for _, q := range l.Params {
				if q.Name == pt.Value {
					p.fail(pt, "duplicate argument '%s' in function definition", pt.Value)
				}
			}
			q := &Param{At: At{tokPos(pt)}, Name: pt.Value}
			if p.got("=") {
				q.Default = p.test()
				defaults = true
			} else if defaults && !star {
				p.fail(pt, "parameter without a default follows parameter with a default")
			}
			l.Params = append(l.Params, q)
			bare = nil
		default:
			p.fail(pt, "invalid syntax")
		}
		if !p.got(",") {
			break
		}
	}
	if bare != nil {
		p.fail(bare, "named arguments must follow bare *")
	}
	p.want(":", "expected ':'")
	l.Body = p.test()
	if variadic != nil {
		// As FuncDef.VarArgs: at the first *, ** or /.
		return &BadExpr{At: At{tokPos(variadic)}, What: "*args and **kwargs parameters"}
	}
	return l
}

func (p *exprParser) yield() Expr {
	t := p.next()
	if p.got("from") {
		p.test()
	} else if startsItem(p.tok()) {
		p.tuple(p.starItem, startsItem)
	}
	return &BadExpr{At: At{tokPos(t)}, What: "yield expressions"}
}

func (p *exprParser) isCompFor() bool { return p.is("for") || p.is("async") }

// comprehension checks the element x (which started at t) of a
// comprehension and parses its loops.
func (p *exprParser) comprehension(t *lexer.Token, x Expr) {
	if _, ok := x.(*Starred); ok {
		p.fail(t, "iterable unpacking cannot be used in comprehension")
	}
	p.compFor()
}

// compFor parses the `for ... in ... if ...` clauses of a comprehension.
func (p *exprParser) compFor() {
	for {
		if p.got("async") {
			p.want("for", "")
		} else if !p.got("for") {
			return
		}
		p.exprList()
		p.want("in", "")
		p.binary(precOr)
		for p.got("if") {
			p.binary(precOr)
		}
	}
}

// Literals.

// minInt64Digits is 2**63, which the lexer lets through: after a minus
// sign, it is the smallest int.
const minInt64Digits = "9223372036854775808"

// numberLiteral converts a number token checked by the lexer.
func numberLiteral(at At, text string) Expr {
	if last := text[len(text)-1]; last == 'j' || last == 'J' {
		return &BadExpr{At: at, What: "complex numbers"}
	}
	digits := strings.ReplaceAll(text, "_", "")
	if len(digits) > 1 && digits[0] == '0' {
		base := 0
		switch digits[1] {
		case 'x', 'X':
			base = 16
		case 'o', 'O':
			base = 8
		case 'b', 'B':
			base = 2
		}
		if base != 0 {
			v, _ := strconv.ParseInt(digits[2:], base, 64)
			return &Int{At: at, Value: v}
		}
	}
	if strings.ContainsAny(digits, ".eE") {
		v, _ := strconv.ParseFloat(digits, 64) // out of range: ±Inf, as in Python
		return &Float{At: at, Value: v}
	}
	v, _ := strconv.ParseInt(digits, 10, 64)
	return &Int{At: at, Value: v}
}

// strLiteral concatenates adjacent string literals; it reports false if they
// mix bytes and str.
func strLiteral(at At, pieces []string) (Expr, bool) {
	var b strings.Builder
	var bytes, fstr bool
	for i, p := range pieces {
		prefix := strings.ToLower(p[:strings.IndexAny(p, `'"`)])
		if strings.Contains(prefix, "b") != bytes && i > 0 {
			return nil, false
		}
		switch {
		case strings.Contains(prefix, "b"):
			bytes = true
		case strings.Contains(prefix, "f"):
			fstr = true
		default:
			v, _, _ := decodeString(p)
			b.WriteString(v)
		}
	}
	switch {
	case bytes:
		return &BadExpr{At: at, What: "bytes literals"}, true
	case fstr:
		return &BadExpr{At: at, What: "f-strings"}, true
	}
	return &Str{At: at, Value: b.String()}, true
}
