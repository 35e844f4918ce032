package frontend

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/google/go-cmp/cmp"
	"github.com/myia/myia/ir"
)

// TESTS

// dump prints an AST as compact s-expressions, one statement per line,
// nested blocks indented by two spaces. With pos, every node is followed
// by @LINE:COL.
type dumper struct {
	b   strings.Builder
	pos bool
}

func dumpFile(f *File, pos bool) string {
	d := &dumper{pos: pos}
	d.stmts(f.Body, 0)
	return d.b.String()
}

func dumpExpr(e Expr, pos bool) string {
	d := &dumper{pos: pos}
	d.expr(e)
	return d.b.String()
}

func (d *dumper) at(p ir.Pos) {
	if d.pos {
		fmt.Fprintf(&d.b, "@%d:%d", p.Line, p.Col)
	}
}

func (d *dumper) w(format string, args ...any) { fmt.Fprintf(&d.b, format, args...) }

func (d *dumper) stmts(ss []Stmt, depth int) {
	for _, s := range ss {
		d.b.WriteString(strings.Repeat("  ", depth))
		d.stmt(s, depth)
		d.b.WriteString("\n")
	}
}

// block prints a nested block: on the same line if it is one simple
// statement, else indented on the following lines.
func (d *dumper) block(name string, ss []Stmt, depth int) {
	d.w(" %s:", name)
	d.b.WriteString("\n")
	d.stmts(ss, depth+1)
	d.b.WriteString(strings.Repeat("  ", depth))
}

func (d *dumper) stmt(s Stmt, depth int) {
	switch s := s.(type) {
	case *FuncDef:
		d.w("(def")
		d.at(s.P)
		d.w(" %s (", s.Name)
		d.params(s.Params)
		d.w(")")
		if s.Returns != nil {
			d.w(" -> ")
			d.expr(s.Returns)
		}
		for _, dec := range s.Decorators {
			d.w(" @")
			d.expr(dec)
		}
		if s.VarArgs != nil {
			d.w(" varargs@%d:%d", s.VarArgs.Line, s.VarArgs.Col)
		}
		d.block("body", s.Body, depth)
		d.w(")")
	case *Return:
		d.w("(return")
		d.at(s.P)
		d.opt(s.Value)
		d.w(")")
	case *Assign:
		d.w("(=")
		d.at(s.P)
		for _, t := range s.Targets {
			d.w(" ")
			d.expr(t)
		}
		d.w(" ")
		d.expr(s.Value)
		d.w(")")
	case *AnnAssign:
		d.w("(ann")
		d.at(s.P)
		d.w(" ")
		d.expr(s.Target)
		d.w(" ")
		d.expr(s.Annotation)
		d.opt(s.Value)
		d.w(")")
	case *AugAssign:
		d.w("(%s=", s.Op)
		d.at(s.P)
		d.w(" ")
		d.expr(s.Target)
		d.w(" ")
		d.expr(s.Value)
		d.w(")")
	case *If:
		d.w("(if")
		d.at(s.P)
		d.w(" ")
		d.expr(s.Cond)
		d.block("then", s.Body, depth)
		if s.Else != nil {
			d.block("else", s.Else, depth)
		}
		d.w(")")
	case *While:
		d.w("(while")
		d.at(s.P)
		d.w(" ")
		d.expr(s.Cond)
		d.block("do", s.Body, depth)
		if s.Else != nil {
			d.block("else", s.Else, depth)
		}
		d.w(")")
	case *For:
		d.w("(for")
		d.at(s.P)
		d.w(" ")
		d.expr(s.Target)
		d.w(" ")
		d.expr(s.Iter)
		d.block("do", s.Body, depth)
		if s.Else != nil {
			d.block("else", s.Else, depth)
		}
		d.w(")")
	case *Break:
		d.w("(break")
		d.at(s.P)
		d.w(")")
	case *Continue:
		d.w("(continue")
		d.at(s.P)
		d.w(")")
	case *Pass:
		d.w("(pass")
		d.at(s.P)
		d.w(")")
	case *ExprStmt:
		d.w("(expr")
		d.at(s.P)
		d.w(" ")
		d.expr(s.X)
		d.w(")")
	case *Assert:
		d.w("(assert")
		d.at(s.P)
		d.w(" ")
		d.expr(s.Cond)
		d.opt(s.Msg)
		d.w(")")
	case *Import:
		d.w("(import")
		d.at(s.P)
		d.aliases(s.Names)
		d.w(")")
	case *ImportFrom:
		d.w("(from")
		d.at(s.P)
		d.w(" %s", s.Module)
		d.aliases(s.Names)
		d.w(")")
	case *Unsupported:
		d.w("(unsupported")
		d.at(s.P)
		d.w(" %q)", s.What)
	default:
		d.w("(?%T)", s)
	}
}

func (d *dumper) aliases(as []*Alias) {
	for _, a := range as {
		d.w(" %s", a.Name)
		d.at(a.P)
		if a.AsName != "" {
			d.w(" as %s", a.AsName)
		}
	}
}

func (d *dumper) opt(e Expr) {
	if e != nil {
		d.w(" ")
		d.expr(e)
	}
}

func (d *dumper) params(ps []*Param) {
	for i, p := range ps {
		if i > 0 {
			d.w(" ")
		}
		d.w("%s", p.Name)
		d.at(p.P)
		if p.Annotation != nil {
			d.w(":")
			d.expr(p.Annotation)
		}
		if p.Default != nil {
			d.w("=")
			d.expr(p.Default)
		}
	}
}

func (d *dumper) list(head string, p ir.Pos, es []Expr) {
	d.w("(%s", head)
	d.at(p)
	for _, e := range es {
		d.w(" ")
		d.expr(e)
	}
	d.w(")")
}

func (d *dumper) expr(e Expr) {
	switch e := e.(type) {
	case nil:
		d.w("_")
	case *Name:
		d.w("%s", e.ID)
		d.at(e.P)
	case *Int:
		d.w("%d", e.Value)
		d.at(e.P)
	case *Float:
		s := strconv.FormatFloat(e.Value, 'g', -1, 64)
		if !strings.ContainsAny(s, ".eIN") {
			s += ".0"
		}
		d.w("%s", s)
		d.at(e.P)
	case *Str:
		d.w("%s", strconv.Quote(e.Value))
		d.at(e.P)
	case *Bool:
		d.w("%v", map[bool]string{true: "True", false: "False"}[e.Value])
		d.at(e.P)
	case *NoneLit:
		d.w("None")
		d.at(e.P)
	case *Tuple:
		d.list("tuple", e.P, e.Elts)
	case *List:
		d.list("list", e.P, e.Elts)
	case *BinOp:
		d.list(e.Op, e.P, []Expr{e.L, e.R})
	case *UnaryOp:
		op := e.Op
		if op != "not" {
			op = "u" + op
		}
		d.list(op, e.P, []Expr{e.X})
	case *BoolOp:
		d.list(e.Op, e.P, e.Values)
	case *Compare:
		d.w("(cmp")
		d.at(e.P)
		d.w(" ")
		d.expr(e.L)
		for i, op := range e.Ops {
			d.w(" %s ", op)
			d.expr(e.Rights[i])
		}
		d.w(")")
	case *Call:
		d.w("(call")
		d.at(e.P)
		d.w(" ")
		d.expr(e.Func)
		for _, a := range e.Args {
			d.w(" ")
			d.expr(a)
		}
		for _, k := range e.Keywords {
			name := k.Name
			if name == "" {
				name = "**"
			}
			d.w(" %s", name)
			d.at(k.P)
			d.w("=")
			d.expr(k.Value)
		}
		d.w(")")
	case *Attribute:
		d.w("(.")
		d.at(e.P)
		d.w(" ")
		d.expr(e.X)
		d.w(" %s)", e.Name)
	case *Subscript:
		d.list("index", e.P, []Expr{e.X, e.Index})
	case *Slice:
		d.list("slice", e.P, []Expr{e.Lo, e.Hi, e.Step})
	case *Lambda:
		d.w("(lambda")
		d.at(e.P)
		d.w(" (")
		d.params(e.Params)
		d.w(") ")
		d.expr(e.Body)
		d.w(")")
	case *IfExp:
		d.list("ifexp", e.P, []Expr{e.Cond, e.Then, e.Else})
	case *Starred:
		d.list("*", e.P, []Expr{e.X})
	case *BadExpr:
		d.w("(bad")
		d.at(e.P)
		d.w(" %q)", e.What)
	default:
		d.w("(?%T)", e)
	}
}

// Helpers.

func mustParse(t *testing.T, src string) *File {
	t.Helper()
	f, err := Parse("t.py", []byte(src))
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	return f
}

// exprOfSrc parses src as one expression statement.
func exprOfSrc(t *testing.T, src string) Expr {
	t.Helper()
	f := mustParse(t, src)
	if len(f.Body) != 1 {
		t.Fatalf("Parse(%q): %d statements, want 1", src, len(f.Body))
	}
	s, ok := f.Body[0].(*ExprStmt)
	if !ok {
		t.Fatalf("Parse(%q): %T, want *ExprStmt", src, f.Body[0])
	}
	return s.X
}

// tokens dumps the token stream of src, one token a word.
func tokens(src string) (string, ir.ErrorList) {
	toks, errs, _ := tokenize("t.py", []byte(src))
	names := map[lexer.TokenType]string{}
	for name, typ := range tokenSymbols {
		names[typ] = name
	}
	var words []string
	for _, t := range toks {
		switch t.Type {
		case tNewline, tIndent, tDedent:
			words = append(words, names[t.Type])
		case lexer.EOF:
			words = append(words, "EOF")
		default:
			words = append(words, t.Value)
		}
	}
	return strings.Join(words, " "), errs
}

// Expressions.

var exprTests = []struct{ src, want string }{
	// Precedence.
	{"-2**2", "(u- (** 2 2))"},
	{"2**-1", "(** 2 (u- 1))"},
	{"a**b**c", "(** a (** b c))"},
	{"-a**-b", "(u- (** a (u- b)))"},
	{"2**-1*3", "(* (** 2 (u- 1)) 3)"},
	{"a+b*c", "(+ a (* b c))"},
	{"a*b+c", "(+ (* a b) c)"},
	{"a-b-c", "(- (- a b) c)"},
	{"a/b//c%d@e", "(@ (% (// (/ a b) c) d) e)"},
	{"(a+b)*c", "(* (+ a b) c)"},
	{"-a*b", "(* (u- a) b)"},
	{"- -a", "(u- (u- a))"},
	{"+a", "(u+ a)"},
	{"~a", "(u~ a)"},
	{"not a == b", "(not (cmp a == b))"},
	{"not a and b", "(and (not a) b)"},
	{"not not a", "(not (not a))"},
	{"a and not b", "(and a (not b))"},
	{"a or b and c", "(or a (and b c))"},
	{"a and b and c", "(and a b c)"},
	{"a or b or c and d", "(or a b (and c d))"},
	{"a and b or c", "(or (and a b) c)"},
	{"a < b < c", "(cmp a < b < c)"},
	{"a < b == c >= d <= e > f != g", "(cmp a < b == c >= d <= e > f != g)"},
	{"a in b", "(cmp a in b)"},
	{"a not in b", "(cmp a not in b)"},
	{"a is b", "(cmp a is b)"},
	{"a is not None", "(cmp a is not None)"},
	{"a < b | c", "(cmp a < (| b c))"},
	{"a | b ^ c & d << e + f", "(| a (^ b (& c (<< d (+ e f)))))"},
	{"a >> b << c", "(<< (>> a b) c)"},
	{"a == b and c != d", "(and (cmp a == b) (cmp c != d))"},
	{"x if c else y", "(ifexp c x y)"},
	{"a if b else c if d else e", "(ifexp b a (ifexp d c e))"},
	{"a or b if c or d else e", "(ifexp (or c d) (or a b) e)"},
	{"lambda: 0", "(lambda () 0)"},
	{"lambda x, y=1: x + y", "(lambda (x y=1) (+ x y))"},
	{"lambda x,: x", "(lambda (x) x)"},
	{"lambda x: lambda y: x", "(lambda (x) (lambda (y) x))"},
	{"lambda x: x if x else y", "(lambda (x) (ifexp x x y))"},
	{"-a.b(c)[d]", "(u- (index (call (. a b) c) d))"},
	{"-x ** 2 * y", "(* (u- (** x 2)) y)"},
	// Primaries.
	{"f()", "(call f)"},
	{"f(a, *c, b=1)", "(call f a (* c) b=1)"},
	{"f(a, b=1,)", "(call f a b=1)"},
	{"f(a=1, *c)", "(call f (* c) a=1)"},
	{"f(a)(b)", "(call (call f a) b)"},
	{"x.shape", "(. x shape)"},
	{"x.T.sum()", "(call (. (. x T) sum))"},
	{"x[1]", "(index x 1)"},
	{"x[1:]", "(index x (slice 1 _ _))"},
	{"x[:]", "(index x (slice _ _ _))"},
	{"x[:, j]", "(index x (tuple (slice _ _ _) j))"},
	{"x[a:b:s]", "(index x (slice a b s))"},
	{"x[::2]", "(index x (slice _ _ 2))"},
	{"x[a:b:]", "(index x (slice a b _))"},
	{"x[:-1]", "(index x (slice _ (u- 1) _))"},
	{"x[a, b]", "(index x (tuple a b))"},
	{"x[a,]", "(index x (tuple a))"},
	{"x[i][j]", "(index (index x i) j)"},
	{"np.sum(x, axis=(0, 1), keepdims=True)", "(call (. np sum) x axis=(tuple 0 1) keepdims=True)"},
	{"grad(f, 'x')", `(call grad f "x")`},
	{"(f)(x)", "(call f x)"},
	// Displays.
	{"()", "(tuple)"},
	{"(x,)", "(tuple x)"},
	{"(x)", "x"},
	{"((x))", "x"},
	{"(a, b)", "(tuple a b)"},
	{"(1, *a)", "(tuple 1 (* a))"},
	{"[]", "(list)"},
	{"[1, 2,]", "(list 1 2)"},
	{"[*a, b]", "(list (* a) b)"},
	{"(\n  1,\n  2\n)", "(tuple 1 2)"},
	{"True", "True"},
	{"False", "False"},
	{"None", "None"},
	// Numbers.
	{"0", "0"},
	{"00", "0"},
	{"123", "123"},
	{"1_000_000", "1000000"},
	{"0x_ff", "255"},
	{"0XFF", "255"},
	{"0o17", "15"},
	{"0O1_7", "15"},
	{"0b1010", "10"},
	{"0B_1_0", "2"},
	{"9223372036854775807", "9223372036854775807"},
	{"0x7fffffffffffffff", "9223372036854775807"},
	{"1.5", "1.5"},
	{"1.", "1.0"},
	{".5", "0.5"},
	{"0.0", "0.0"},
	{"1e-3", "0.001"},
	{"1E+3", "1000.0"},
	{"1_0.5_5", "10.55"},
	{"1e1_0", "1e+10"},
	{"1.e2", "100.0"},
	{"1e400", "+Inf"},
	{"1j", `(bad "complex numbers")`},
	{"1.5J", `(bad "complex numbers")`},
	// Strings.
	{`'a'`, `"a"`},
	{`"a"`, `"a"`},
	{`''`, `""`},
	{`"it's"`, `"it's"`},
	{`'a\nb'`, `"a\nb"`},
	{`'\t\\\'\"'`, `"\t\\'\""`},
	{`'\a\b\f\r\v'`, `"\a\b\f\r\v"`},
	{`'\x41\u00e9\U0001F600'`, `"Aé😀"`},
	{`'\101\0'`, `"A\x00"`},
	{`'\q'`, `"\\q"`},
	{"'a\\\nb'", `"ab"`},
	{`r'\n'`, `"\\n"`},
	{`R"\d\""`, `"\\d\\\""`},
	{`u"x"`, `"x"`},
	{"'''a\nb'''", `"a\nb"`},
	{`"""x"y"""`, `"x\"y"`},
	{"'''a\r\nb'''", `"a\nb"`},
	{`"a" 'b'`, `"ab"`},
	{"('a'\n 'b')", `"ab"`},
	{`'é'`, `"é"`},
	{`b"x"`, `(bad "bytes literals")`},
	{`rb'x'`, `(bad "bytes literals")`},
	{`f"{x}"`, `(bad "f-strings")`},
	{`F'x'`, `(bad "f-strings")`},
	{`"a" f"{b}"`, `(bad "f-strings")`},
	// Outside the subset.
	{"...", `(bad "ellipsis literals")`},
	{"{}", `(bad "dict displays")`},
	{"{1: 2, 3: 4,}", `(bad "dict displays")`},
	{"{**a, 'b': 1}", `(bad "dict displays")`},
	{"{1, 2}", `(bad "set displays")`},
	{"{*a}", `(bad "set displays")`},
	{"{x for x in y}", `(bad "set comprehensions")`},
	{"{k: v for k, v in y}", `(bad "dict comprehensions")`},
	{"[x for x in y]", `(bad "list comprehensions")`},
	{"[x for x in y if x for z in x if z if z]", `(bad "list comprehensions")`},
	{"[x async for x in y]", `(bad "list comprehensions")`},
	{"(x for x in y)", `(bad "generator expressions")`},
	{"[a if b else c for d in e]", `(bad "list comprehensions")`},
	{"f(x for x in y)", `(call f (bad "generator expressions"))`},
	{"f(**k)", "(call f **=k)"},
	{"f(a, *b, c=1, **d)", "(call f a (* b) c=1 **=d)"},
	{"(x := 5)", `(bad "assignment expressions")`},
	{"f(x := 5)", `(call f (bad "assignment expressions"))`},
	{"(yield)", `(bad "yield expressions")`},
	{"(yield x, y)", `(bad "yield expressions")`},
	{"yield", `(bad "yield expressions")`},
	{"yield from g()", `(bad "yield expressions")`},
	{"await x", `(bad "await expressions")`},
	{"-await x ** 2", `(u- (** (bad "await expressions") 2))`},
	{"lambda *a: 0", `(bad "*args and **kwargs parameters")`},
	{"lambda a, *, b: 0", `(bad "*args and **kwargs parameters")`},
	{"lambda **k: 0", `(bad "*args and **kwargs parameters")`},
	{"lambda a, /: 0", `(bad "*args and **kwargs parameters")`},
	// Bit operators parse; the builder rejects them.
	{"a & b | c", "(| (& a b) c)"},
}

func TestExpr(t *testing.T) {
	for _, tt := range exprTests {
		got := dumpExpr(exprOfSrc(t, tt.src), false)
		if got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

// Statements.

var stmtTests = []struct{ src, want string }{
	{"x = 1", "(= x 1)"},
	{"a = b = 1", "(= a b 1)"},
	{"a, b = b, a", "(= (tuple a b) (tuple b a))"},
	{"a, = t", "(= (tuple a) t)"},
	{"[a, b] = t", "(= (list a b) t)"},
	{"(a, b), c = t", "(= (tuple (tuple a b) c) t)"},
	{"a, *b = t", "(= (tuple a (* b)) t)"},
	{"x = 1,", "(= x (tuple 1))"},
	{"x = *a, b", "(= x (tuple (* a) b))"},
	{"x[i] = v", "(= (index x i) v)"},
	{"o.a = v", "(= (. o a) v)"},
	{"x = yield y", `(= x (bad "yield expressions"))`},
	{"x: int = 1", "(ann x int 1)"},
	{"x: int", "(ann x int)"},
	{"x: tuple = 1, 2", "(ann x tuple (tuple 1 2))"},
	{"x += 1", "(+= x 1)"},
	{"x -= 1; x *= 1; x /= 1; x //= 1; x %= 1; x **= 1; x @= 1",
		"(-= x 1)\n(*= x 1)\n(/= x 1)\n(//= x 1)\n(%= x 1)\n(**= x 1)\n(@= x 1)"},
	{"x &= 1; x |= 1; x ^= 1; x <<= 1; x >>= 1",
		"(&= x 1)\n(|= x 1)\n(^= x 1)\n(<<= x 1)\n(>>= x 1)"},
	{"x[i] += 1", "(+= (index x i) 1)"},
	{"x += 1, 2", "(+= x (tuple 1 2))"},
	{"f(x)", "(expr (call f x))"},
	{"'''doc'''", `(expr "doc")`},
	{"return", "(return)"},
	{"return a, b", "(return (tuple a b))"},
	{"return *a, b", "(return (tuple (* a) b))"},
	{"pass; x = 1; break;", "(pass)\n(= x 1)\n(break)"},
	{"continue", "(continue)"},
	{"assert x, 'msg'", `(assert x "msg")`},
	{"assert x", "(assert x)"},
	{"import numpy as np, math", "(import numpy as np math)"},
	{"import a.b.c", "(import a.b.c)"},
	{"from myia import grad, vjp as v", "(from myia grad vjp as v)"},
	{"from . import x", "(from . x)"},
	{"from ..a.b import (c, d,)", "(from ..a.b c d)"},
	{"from ... import x", "(from ... x)"},
	{"from x import *", "(from x *)"},
	{"if x: return 1", "(if x then:\n  (return 1)\n)"},
	{"if x: a; b", "(if x then:\n  (expr a)\n  (expr b)\n)"},
	{"if x:\n    a\nelif y:\n    b\nelif z:\n    c\nelse:\n    d",
		"(if x then:\n  (expr a)\n else:\n  (if y then:\n    (expr b)\n   else:\n    (if z then:\n      (expr c)\n     else:\n      (expr d)\n    )\n  )\n)"},
	{"if (x := 1): pass", "(if (bad \"assignment expressions\") then:\n  (pass)\n)"},
	{"while x:\n    x -= 1\nelse:\n    pass", "(while x do:\n  (-= x 1)\n else:\n  (pass)\n)"},
	{"for i, x in enumerate(t):\n    pass", "(for (tuple i x) (call enumerate t) do:\n  (pass)\n)"},
	{"for x in a, b: pass", "(for x (tuple a b) do:\n  (pass)\n)"},
	{"for (a, b) in zip(x, y): pass", "(for (tuple a b) (call zip x y) do:\n  (pass)\n)"},
	{"for [a, b] in z: pass", "(for (list a b) z do:\n  (pass)\n)"},
	{"for x, in z: pass", "(for (tuple x) z do:\n  (pass)\n)"},
	{"for x.a in z: pass", "(for (. x a) z do:\n  (pass)\n)"},
	{"for x in y:\n    break\nelse:\n    pass", "(for x y do:\n  (break)\n else:\n  (pass)\n)"},
	{"def f(): pass", "(def f () body:\n  (pass)\n)"},
	{"def f(x, y=2, *, z: int = 3) -> float:\n    return x",
		"(def f (x y=2 z:int=3) -> float varargs@1:15 body:\n  (return x)\n)"},
	{"def f(a, b,): pass", "(def f (a b) body:\n  (pass)\n)"},
	{"def f(*args): pass", "(def f () varargs@1:7 body:\n  (pass)\n)"},
	{"def f(a, **kw): pass", "(def f (a) varargs@1:10 body:\n  (pass)\n)"},
	{"def f(a, /, b): pass", "(def f (a b) varargs@1:10 body:\n  (pass)\n)"},
	{"def f(*a: int, b, **c): pass", "(def f (b) varargs@1:7 body:\n  (pass)\n)"},
	{"@myia\ndef f(): pass", "(def f () @myia body:\n  (pass)\n)"},
	{"@a.b(c)\n@d\ndef f(): pass", "(def f () @(call (. a b) c) @d body:\n  (pass)\n)"},
	{"def f():\n    def g(x):\n        return x\n    return g",
		"(def f () body:\n  (def g (x) body:\n    (return x)\n  )\n  (return g)\n)"},
	// Outside the subset.
	{"class A(B, metaclass=M):\n    x = 1\n    def f(self): pass", `(unsupported "class definitions")`},
	{"class A: pass", `(unsupported "class definitions")`},
	{"@dataclass\nclass A: pass", `(unsupported "class definitions")`},
	{"global a, b", `(unsupported "global statements")`},
	{"nonlocal a", `(unsupported "nonlocal statements")`},
	{"try:\n    pass\nexcept (A, B) as e:\n    pass\nexcept C:\n    pass\nexcept:\n    pass\nelse:\n    pass\nfinally:\n    pass",
		`(unsupported "try statements")`},
	{"try: pass\nfinally: pass", `(unsupported "try statements")`},
	{"try: pass\nexcept* E: pass", `(unsupported "try statements")`},
	{"with open(f) as g, h: pass", `(unsupported "with statements")`},
	{"with (open(f) as g, h as i):\n    pass", `(unsupported "with statements")`},
	{"with a[1:2] as b: pass", `(unsupported "with statements")`},
	{"del x, y[1]", `(unsupported "del statements")`},
	{"raise", `(unsupported "raise statements")`},
	{"raise E('x') from e", `(unsupported "raise statements")`},
	{"async def f():\n    await g()", `(unsupported "async functions")`},
	{"@d\nasync def f(): pass", `(unsupported "async functions")`},
	{"async for x in y: pass", `(unsupported "async functions")`},
	{"async with x: pass", `(unsupported "async functions")`},
	{"match x:\n    case [1, *rest] if rest:\n        pass\n    case {'a': 1} | Point(x=0):\n        pass\n    case _:\n        pass",
		`(unsupported "match statements")`},
	{"yield x", `(expr (bad "yield expressions"))`},
	// Soft keywords stay names.
	{"match = 1\nmatch(x)\ncase = match[1:]", "(= match 1)\n(expr (call match x))\n(= case (index match (slice 1 _ _)))"},
}

func TestStmt(t *testing.T) {
	for _, tt := range stmtTests {
		if tt.want == "" {
			continue
		}
		got := strings.TrimSuffix(dumpFile(mustParse(t, tt.src), false), "\n")
		if got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

// TestPeekingLexer checks that the PeekingLexer built without copying
// the tokens parses as lexer.Upgrade's does.
func TestPeekingLexer(t *testing.T) {
	if tokensField == nil {
		t.Fatal("participle's PeekingLexer has no tokens field: peekingLexer falls back to lexer.Upgrade")
	}
	src := genProgram(100)
	toks, errs, _ := tokenize("t.py", src)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	up, err := lexer.Upgrade(&tokenList{toks: toks})
	if err != nil {
		t.Fatal(err)
	}
	want, err := pyParser().ParseFromLexer(up)
	if err != nil {
		t.Fatal(err)
	}
	got, err := pyParser().ParseFromLexer(peekingLexer(toks))
	if err != nil {
		t.Fatal(err)
	}
	c1, c2 := &converter{file: "t.py"}, &converter{file: "t.py"}
	if diff := cmp.Diff(c1.stmts(want.Stmts), c2.stmts(got.Stmts)); diff != "" {
		t.Errorf("AST differs (-Upgrade +peekingLexer):\n%s", diff)
	}
}

// Positions: every node is followed by @LINE:COL.

var posTests = []struct{ src, want string }{
	{"x = a + b * c", "(=@1:1 x@1:1 (+@1:5 a@1:5 (*@1:9 b@1:9 c@1:13)))"},
	{"(a + b) * c", "(expr@1:1 (*@1:1 (+@1:2 a@1:2 b@1:6) c@1:11))"},
	{"-a ** 2", "(expr@1:1 (u-@1:1 (**@1:2 a@1:2 2@1:7)))"},
	{"a < b < c", "(expr@1:1 (cmp@1:1 a@1:1 < b@1:5 < c@1:9))"},
	{"(a) and b or c", "(expr@1:1 (or@1:1 (and@1:1 a@1:2 b@1:9) c@1:14))"},
	{"x if c else y", "(expr@1:1 (ifexp@1:1 c@1:6 x@1:1 y@1:13))"},
	{"np.sum(x, axis=0)", "(expr@1:1 (call@1:1 (.@1:1 np@1:1 sum) x@1:8 axis@1:11=0@1:16))"},
	{"f(a)(b)[c].d", "(expr@1:1 (.@1:1 (index@1:1 (call@1:1 (call@1:1 f@1:1 a@1:3) b@1:6) c@1:9) d))"},
	{"(f)(x)", "(expr@1:1 (call@1:1 f@1:2 x@1:5))"},
	{"x[1:, :2]", "(expr@1:1 (index@1:1 x@1:1 (tuple@1:3 (slice@1:3 1@1:3 _ _) (slice@1:7 _ 2@1:8 _))))"},
	{"a, b = (1, 2)", "(=@1:1 (tuple@1:1 a@1:1 b@1:4) (tuple@1:8 1@1:9 2@1:12))"},
	{"f(*a)", "(expr@1:1 (call@1:1 f@1:1 (*@1:3 a@1:4)))"},
	{"lambda x=1: x", "(expr@1:1 (lambda@1:1 (x@1:8=1@1:10) x@1:13))"},
	{"lambda x, *y: x", `(expr@1:1 (bad@1:11 "*args and **kwargs parameters"))`},
	{"f(a, **k)", "(expr@1:1 (call@1:1 f@1:1 a@1:3 **@1:6=k@1:8))"},
	{"'a' 'b'", `(expr@1:1 "ab"@1:1)`},
	{"x = {}", `(=@1:1 x@1:1 (bad@1:5 "dict displays"))`},
	{"pass; x += 1", "(pass@1:1)\n(+=@1:7 x@1:7 1@1:12)"},
	{"if x:\n    y = 1\nelif z:\n  pass\nelse:\n\tpass",
		"(if@1:1 x@1:4 then:\n  (=@2:5 y@2:5 1@2:9)\n else:\n  (if@3:1 z@3:6 then:\n    (pass@4:3)\n   else:\n    (pass@6:2)\n  )\n)"},
	{"@dec\ndef f(a, b=1):\n    return a",
		"(def@2:1 f (a@2:7 b@2:10=1@2:12) @dec@1:2 body:\n  (return@3:5 a@3:12)\n)"},
	{"for i in range(3):\n    pass", "(for@1:1 i@1:5 (call@1:10 range@1:10 3@1:16) do:\n  (pass@2:5)\n)"},
	{"import a as b, c", "(import@1:1 a@1:8 as b c@1:16)"},
	{"from m import (a,\n    b)", "(from@1:1 m a@1:16 b@2:5)"},
	{"class A: pass\nx = 1", "(unsupported@1:1 \"class definitions\")\n(=@2:1 x@2:1 1@2:5)"},
	{"@d\nclass A: pass", `(unsupported@2:1 "class definitions")`},
	// Columns count bytes; a tab counts as one.
	{"é = 1; x = 2", "(=@1:1 é@1:1 1@1:6)\n(=@1:9 x@1:9 2@1:13)"},
	{"if a:\n\tb = 1", "(if@1:1 a@1:4 then:\n  (=@2:2 b@2:2 1@2:6)\n)"},
	// Lines after multi-line tokens and joined lines.
	{"x = '''a\nb''' + c\ny = (1,\n  2) + \\\n  d",
		"(=@1:1 x@1:1 (+@1:5 \"a\\nb\"@1:5 c@2:8))\n(=@3:1 y@3:1 (+@3:5 (tuple@3:5 1@3:6 2@4:3) d@5:3))"},
	{"x = 1\r\ny = 2\rz = 3", "(=@1:1 x@1:1 1@1:5)\n(=@2:1 y@2:1 2@2:5)\n(=@3:1 z@3:1 3@3:5)"},
	{"\ufeffx = 1", "(=@1:1 x@1:1 1@1:5)"}, // the BOM is not counted, as in CPython
}

func TestPos(t *testing.T) {
	for _, tt := range posTests {
		if tt.want == "" {
			continue
		}
		got := strings.TrimSuffix(dumpFile(mustParse(t, tt.src), true), "\n")
		if got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

// Blocks: INDENT and DEDENT, blank lines, comments, line joining.

var blockTests = []struct{ src, want string }{
	{"", ""},
	{"\n\n# comment\n   \n", ""},
	{"x = 1  # comment", "(= x 1)"},
	{"def f():\n    # comment\n\n    x = 1\n        # odd comment\n\n    return x\n# end\n",
		"(def f () body:\n  (= x 1)\n  (return x)\n)"},
	{"if a:\n    if b:\n        if c:\n            x\ny",
		"(if a then:\n  (if b then:\n    (if c then:\n      (expr x)\n    )\n  )\n)\n(expr y)"},
	{"if a:\n    if b:\n        x\n    y\nz",
		"(if a then:\n  (if b then:\n    (expr x)\n  )\n  (expr y)\n)\n(expr z)"},
	{"if a:\n  x\nelse:\n        y", "(if a then:\n  (expr x)\n else:\n  (expr y)\n)"},
	{"if a:\n\tif b:\n\t\tx\n\ty", "(if a then:\n  (if b then:\n    (expr x)\n  )\n  (expr y)\n)"},
	{"x = (1 +\n     2)", "(= x (+ 1 2))"},
	{"x = [1,\n# comment\n\n  2]", "(= x (list 1 2))"},
	{"f(a,\n  b=1,\n)", "(expr (call f a b=1))"},
	{"x = 1 + \\\n    2", "(= x (+ 1 2))"},
	{"if a and \\\n   b:\n    pass", "(if (and a b) then:\n  (pass)\n)"},
	{"x = 1", "(= x 1)"},
	{"def f():\n    return 1", "(def f () body:\n  (return 1)\n)"},
	{"def f():\n    return 1\n\n\n", "(def f () body:\n  (return 1)\n)"},
	{"if a:\n    x = (1,\n2)\n    y", "(if a then:\n  (= x (tuple 1 2))\n  (expr y)\n)"},
	{"x = '''\n  a\n'''\ny", "(= x \"\\n  a\\n\")\n(expr y)"},
}

func TestBlocks(t *testing.T) {
	for _, tt := range blockTests {
		got := strings.TrimSuffix(dumpFile(mustParse(t, tt.src), false), "\n")
		if got != tt.want {
			t.Errorf("%q\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

var tokenTests = []struct{ src, want string }{
	{"", "EOF"},
	{"x", "x NEWLINE EOF"},
	{"if a:\n  b\n\n  # c\nd\n", "if a : NEWLINE INDENT b NEWLINE DEDENT d NEWLINE EOF"},
	{"if a:\n  if b:\n    c\n", "if a : NEWLINE INDENT if b : NEWLINE INDENT c NEWLINE DEDENT DEDENT EOF"},
	{"(a,\n b)\n", "( a , b ) NEWLINE EOF"},
	{"a \\\n  b", "a b NEWLINE EOF"},
	{"a not in b is not c", "a not in b is not c NEWLINE EOF"},
	{"a not  # c\n", "a not NEWLINE EOF"},
	{"x **= 2 // 3 -> y := z ... @= 1", "x **= 2 // 3 -> y := z ... @= 1 NEWLINE EOF"},
	{"a<<=b>>=c!=d<=e>=f==g", "a <<= b >>= c != d <= e >= f == g NEWLINE EOF"},
	{"x.y .5 1.", "x . y .5 1. NEWLINE EOF"},
	{"r'a' rb'b' F\"c\" bR'd'", "r'a' rb'b' F\"c\" bR'd' NEWLINE EOF"},
	{"match x:\n  case 1: pass\nmatch = 1", "match x : NEWLINE INDENT case 1 : pass NEWLINE DEDENT match = 1 NEWLINE EOF"},
}

func TestTokens(t *testing.T) {
	for _, tt := range tokenTests {
		got, errs := tokens(tt.src)
		if len(errs) > 0 {
			t.Errorf("%q: %v", tt.src, errs)
		}
		if got != tt.want {
			t.Errorf("%q\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
	// `match` is a keyword only where it starts a match statement.
	toks, _, _ := tokenize("t.py", []byte("match x:\n  case 1: pass\nmatch = 1"))
	if toks[0].Type != tKeyword || toks[11].Value != "match" || toks[11].Type != tIdent {
		t.Errorf("match tokens: %v %v", toks[0], toks[11])
	}
}

// Errors: the first error, as "LINE:COL: MESSAGE".

var errorTests = []struct{ src, want string }{
	// Lexical errors.
	{"x = (1 +", "1:5: '(' was never closed"},
	{"x = [1, (2,\n 3]", "2:3: openingOf parenthesis ']' does not match opening parenthesis '(' on line 1"},
	{"x = (1]", "1:7: openingOf parenthesis ']' does not match opening parenthesis '('"},
	{"x = 1)", "1:6: unmatched ')'"},
	{"}", "1:1: unmatched '}'"},
	{"x = 'abc", "1:5: unterminated string literal (detected at line 1)"},
	{"x = 'abc\ny'", "1:5: unterminated string literal (detected at line 1)"},
	{"x = '''abc\n\n", "1:5: unterminated triple-quoted string literal (detected at line 2)"},
	{"x = r'\\'", "1:5: unterminated string literal (detected at line 1)"},
	{"x = 99999999999999999999", "1:5: integer literal too large"},
	{"x = 9223372036854775808", "1:5: integer literal too large"},
	{"x = -9223372036854775809", "1:6: integer literal too large"},
	{"x = -9223372036854775808 ** 2", "1:6: integer literal too large"},
	{"x = 0x8000000000000000", "1:5: integer literal too large"},
	{"x = 0x", "1:6: invalid hexadecimal literal"},
	{"x = 0xg", "1:6: invalid hexadecimal literal"},
	{"x = 0b2", "1:7: invalid digit '2' in binary literal"},
	{"x = 0o8", "1:7: invalid digit '8' in octal literal"},
	{"x = 012", "1:5: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers"},
	{"x = 1abc", "1:5: invalid decimal literal"},
	{"x = 1__0", "1:5: invalid decimal literal"},
	{"x = 1_", "1:5: invalid decimal literal"},
	{"x = 1e", "1:5: invalid decimal literal"},
	{"x = 1.5e+", "1:5: invalid decimal literal"},
	{"x = $", "1:5: invalid character '$' (U+0024)"},
	{"x = a ! b", "1:7: invalid syntax"},
	{"x = €", "1:5: invalid character '€' (U+20AC)"},
	{"x = \\ y", "1:5: unexpected character after line continuation character"},
	{"x = 1 +\\", "1:8: unexpected EOF while parsing"},
	{"x = 1\\\n", "1:6: unexpected EOF while parsing"},
	{"x = 1\n\\\n", "2:1: unexpected EOF while parsing"},
	{"x = 1\x00", "1:6: source code cannot contain null bytes"},
	{"x = '\xff'", "1:6: invalid UTF-8 byte 0xff"},
	{"x = '\\xZZ'", "1:6: truncated \\xXX escape"},
	{"x = 'ab\\u12'", "1:8: truncated \\uXXXX escape"},
	{"x = '\\U00110000'", "1:6: illegal Unicode character"},
	{"x = '''\n\\N{DASH}'''", "2:1: \\N{...} escapes are not supported"},
	// Indentation.
	{"  x = 1", "1:3: unexpected indent"},
	{"x = 1\n    y = 2", "2:5: unexpected indent"},
	{"if x:\npass", "2:1: expected an indented block"},
	{"def f():\n\nx = 1", "3:1: expected an indented block"},
	{"if x:", "1:6: expected an indented block"},
	{"if x:\n    a\n  b", "3:3: unindent does not match any outer indentation level"},
	{"if x:\n\ta\n        b", "3:1: inconsistent use of tabs and spaces in indentation"},
	{"if x:\n        a\n\tb", "3:1: inconsistent use of tabs and spaces in indentation"},
	{"if x:\n    a\n\tb", "3:1: inconsistent use of tabs and spaces in indentation"},
	{"if x:\n  a\n  \tb", "3:4: unexpected indent"},
	{"if a:\n        x\n\ty", "3:1: inconsistent use of tabs and spaces in indentation"},
	// Syntax.
	{"if x\n    pass", "1:5: expected ':'"},
	{"while x y:\n    pass", "1:9: expected ':'"},
	{"def f()\n    pass", "1:8: expected ':'"},
	{"for x y: pass", "1:7: invalid syntax"},
	{"x = a +", "1:8: invalid syntax"},
	{"x = a + # c", "1:8: invalid syntax"},
	{"x = 1 2", "1:7: invalid syntax"},
	{"x =", "1:4: invalid syntax"},
	{"f(a b)", "1:3: invalid syntax. Perhaps you forgot a comma?"},
	{"[a, b c]", "1:5: invalid syntax. Perhaps you forgot a comma?"},
	{"(a b)", "1:2: invalid syntax. Perhaps you forgot a comma?"},
	{"(a, b c)", "1:5: invalid syntax. Perhaps you forgot a comma?"},
	{"x = 'a' b'c'", "1:5: cannot mix bytes and nonbytes literals"},
	{"else: pass", "1:1: invalid syntax"},
	{"if x: pass\nelse pass", "2:6: expected ':'"},
	{"x = a if b", "1:5: expected 'else' after 'if' expression"},
	{"a == not b", "1:6: invalid syntax"},
	{"a is not not b", "1:10: invalid syntax"},
	{"a + not b", "1:5: invalid syntax"},
	{"-not a", "1:2: invalid syntax"},
	{"for not x in y: pass", "1:5: invalid syntax"},
	{"lambda x x", "1:10: expected ':'"},
	{"x = def", "1:5: invalid syntax"},
	{"class", "1:6: invalid syntax"},
	{"if x: if y: pass", "1:7: invalid syntax"},
	{"x.1", "1:2: invalid syntax"},
	{"return return", "1:8: invalid syntax"},
	{"import", "1:7: invalid syntax"},
	{"from x import a,", "1:17: trailing comma not allowed without surrounding parentheses"},
	{"match(x):\n    pass", "1:10: invalid syntax"},
	{"x := 1", "1:3: invalid syntax"},
	{"(a.b := 1)", "1:2: cannot use assignment expressions with attribute"},
	{"{1: 2, 3}", "1:8: ':' expected after dictionary key"},
	{"[*a for a in b]", "1:2: iterable unpacking cannot be used in comprehension"},
	{"{**a for a in b}", "1:2: dict unpacking cannot be used in dict comprehension"},
	{"(*a)", "1:2: cannot use starred expression here"},
	{"f(x for x in y, 1)", "1:3: generator expression must be parenthesized"},
	{"f(1, x for x in y)", "1:6: generator expression must be parenthesized"},
	{"f(a=1, b)", "1:8: positional argument follows keyword argument"},
	{"f(**a, b)", "1:8: positional argument follows keyword argument unpacking"},
	{"f(**a, *b)", "1:8: iterable argument unpacking follows keyword argument unpacking"},
	{"f(a.b=1)", `1:3: expression cannot contain assignment, perhaps you meant "=="?`},
	{"f((a)=1)", `1:3: expression cannot contain assignment, perhaps you meant "=="?`},
	{"f(a=1, a=2)", "1:8: keyword argument repeated: a"},
	{"lambda a, a: 0", "1:11: duplicate argument 'a' in function definition"},
	{"lambda a=1, b: 0", "1:13: parameter without a default follows parameter with a default"},
	{"lambda *: 0", "1:8: named arguments must follow bare *"},
	{"lambda *, **k: 0", "1:8: named arguments must follow bare *"},
	{"lambda /: 0", "1:8: at least one argument must precede /"},
	// Targets and parameters, found after parsing.
	{"1 = x", "1:1: cannot assign to literal here. Maybe you meant '==' instead of '='?"},
	{"f() = 1", "1:1: cannot assign to function call here. Maybe you meant '==' instead of '='?"},
	{"a + b = 1", "1:1: cannot assign to expression here. Maybe you meant '==' instead of '='?"},
	{"x, 1 = t", "1:4: cannot assign to literal here. Maybe you meant '==' instead of '='?"},
	{"a = b < c = d", "1:5: cannot assign to comparison here. Maybe you meant '==' instead of '='?"},
	{"None = 1", "1:1: cannot assign to None"},
	{"(a if b else c) = 1", "1:2: cannot assign to conditional expression here. Maybe you meant '==' instead of '='?"},
	{"[x for x in y] = 1", "1:1: cannot assign to list comprehension here. Maybe you meant '==' instead of '='?"},
	{"for 1 in x: pass", "1:5: cannot assign to literal"},
	{"for *a in x: pass", "1:5: starred assignment target must be in a list or tuple"},
	{"(a, b) += 1", "1:1: 'tuple' is an illegal expression for augmented assignment"},
	{"f() += 1", "1:1: 'function call' is an illegal expression for augmented assignment"},
	{"a, b: int", "1:1: only single target (not tuple) can be annotated"},
	{"*a = b", "1:1: starred assignment target must be in a list or tuple"},
	{"x = *a", "1:5: can't use starred expression here"},
	{"*a", "1:1: can't use starred expression here"},
	{"return *a", "1:8: can't use starred expression here"},
	{"def f(a=1, b): pass", "1:12: parameter without a default follows parameter with a default"},
	{"def f(a, a): pass", "1:10: duplicate argument 'a' in function definition"},
	{"def f(*a, *b): pass", "1:11: * argument may appear only once"},
	{"def f(**a, b): pass", "1:12: arguments cannot follow var-keyword argument"},
	{"def f(*): pass", "1:7: named arguments must follow bare *"},
	{"def f(/, a): pass", "1:7: at least one argument must precede /"},
	{"try:\n    pass", "1:1: expected 'except' or 'finally' block"},
	// Limits.
	{"x = " + strings.Repeat("(", 201) + strings.Repeat(")", 201), "1:205: too many nested parentheses"},
	{"x = " + strings.Repeat("-", 1000) + "1", "1:1004: too many nested expressions"},
	{"x = " + strings.Repeat("a ** ", 1000) + "1", fmt.Sprintf("1:%d: too many nested expressions", len("x = ")+5*999+3)},
}

func TestErrors(t *testing.T) {
	for _, tt := range errorTests {
		f, err := Parse("t.py", []byte(tt.src))
		if err == nil {
			t.Errorf("%q: no error, got\n%s", tt.src, dumpFile(f, false))
			continue
		}
		list, ok := err.(ir.ErrorList)
		if !ok || len(list) == 0 {
			t.Errorf("%q: error %T %v, want an ir.ErrorList", tt.src, err, err)
			continue
		}
		if f != nil {
			t.Errorf("%q: a File with an error", tt.src)
		}
		e := list[0]
		got := fmt.Sprintf("%d:%d: %s", e.Pos.Line, e.Pos.Col, e.Msg)
		if got != tt.want || e.Pos.File != "t.py" {
			t.Errorf("%q\n got %s (file %q)\nwant %s", tt.src, got, e.Pos.File, tt.want)
		}
	}
}

func TestIndentLimit(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 101; i++ {
		fmt.Fprintf(&b, "%sif x:\n", strings.Repeat(" ", i))
	}
	b.WriteString(strings.Repeat(" ", 101) + "pass\n")
	_, err := Parse("t.py", []byte(b.String()))
	if err == nil || !strings.Contains(err.Error(), "102:102: error: too many levels of indentation") {
		t.Errorf("101 nested blocks: %v", err)
	}
}

// TestErrorList checks that errors found after parsing are all reported,
// in order.
func TestErrorList(t *testing.T) {
	_, err := Parse("t.py", []byte("def f(a, a):\n    2 = b\n    x += *c, \n1 = d\n"))
	want := "t.py:1:10: error: duplicate argument 'a' in function definition\n" +
		"t.py:2:5: error: cannot assign to literal here. Maybe you meant '==' instead of '='?\n" +
		"t.py:4:1: error: cannot assign to literal here. Maybe you meant '==' instead of '='?\n"
	var got strings.Builder
	for _, e := range err.(ir.ErrorList) {
		got.WriteString(e.Error() + "\n")
	}
	if got.String() != want {
		t.Errorf("got\n%swant\n%s", got.String(), want)
	}
}

// TestPython checks the test snippets against CPython, when python3 is
// on the PATH: Python's parser accepts every snippet we accept, and
// compile() rejects every one we reject, but for the limits that are
// ours (64-bit ints, nesting).
func TestPython(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	const script = `
import ast, base64, json, sys
out = []
for mode, src in json.load(sys.stdin):
    src = base64.b64decode(src)
    try:
        if mode == "parse":
            ast.parse(src)
        else:
            compile(src, "t.py", "exec")
        out.append("")
    except (SyntaxError, ValueError) as e:
        out.append(str(e) or "error")
json.dump(out, sys.stdout)
`
	type job struct {
		mode, src, want string
	}
	var jobs []job
	for _, tt := range exprTests {
		jobs = append(jobs, job{"parse", tt.src, ""})
	}
	for _, tt := range stmtTests {
		jobs = append(jobs, job{"parse", tt.src, ""})
	}
	for _, tt := range posTests {
		jobs = append(jobs, job{"parse", tt.src, ""})
	}
	for _, tt := range blockTests {
		jobs = append(jobs, job{"parse", tt.src, ""})
	}
	jobs = append(jobs, job{"parse", string(genProgram(100)), ""})
	for _, tt := range errorTests {
		if strings.HasSuffix(tt.want, "integer literal too large") || strings.HasSuffix(tt.want, "too many nested expressions") {
			continue
		}
		jobs = append(jobs, job{"compile", tt.src, tt.want})
	}
	var in [][2]string
	for _, j := range jobs {
		in = append(in, [2]string{j.mode, base64.StdEncoding.EncodeToString([]byte(j.src))})
	}
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("python3", "-c", script)
	cmd.Stdin = bytes.NewReader(data)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	var res []string
	if err := json.Unmarshal(out, &res); err != nil || len(res) != len(jobs) {
		t.Fatalf("python3 output %q: %v", out, err)
	}
	for i, j := range jobs {
		switch {
		case j.want == "" && res[i] != "":
			t.Errorf("we accept %q, python3 says %s", j.src, res[i])
		case j.want != "" && res[i] == "":
			t.Errorf("we reject %q (%s), python3 accepts it", j.src, j.want)
		}
	}
}

// genProgram generates a program of about n lines: small functions with
// loops, branches, calls, subscripts and every kind of operator.
func genProgram(n int) []byte {
	var b strings.Builder
	b.WriteString("import numpy as np\nfrom myia import grad\n\n")
	for i, lines := 0, 3; lines < n; i++ {
		fmt.Fprintf(&b, `def f%d(x, y=2.5, *, z=None):
    """Docstring %d."""
    a, b = x * y + 1, -x ** 2
    for i, t in enumerate((a, b, x[1:, 0])):
        if t < a <= b and not z is None:
            a = a + np.sum(t, axis=0) / 3
        elif t == 0:
            continue
        else:
            b -= f(t, k=i) %% 7  # comment
    return a @ b if a > 0 else lambda q: q + [1, 2, 3][0]

`, i, i)
		lines += 12
	}
	return []byte(b.String())
}

// BenchmarkParse parses a 1,000-line program.
func BenchmarkParse(b *testing.B) {
	src := genProgram(1000)
	if _, err := Parse("bench.py", src); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("bench.py", src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTokenize lexes the same program.
func BenchmarkTokenize(b *testing.B) {
	src := genProgram(1000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		tokenize("bench.py", src)
	}
}

// TestDocExample checks the example of the package comment.
func TestDocExample(t *testing.T) {
	f := mustParse(t, "def f(x, n=2):\n    return -x ** n if x else f(x, n=n - 1)\n")
	want := "(def f (x n=2) body:\n  (return (ifexp x (u- (** x n)) (call f x n=(- n 1))))\n)\n"
	if got := dumpFile(f, false); got != want {
		t.Errorf("got\n%swant\n%s", got, want)
	}
}

// TestOperators checks that the lexer reads every operator alone and
// before a name.
func TestOperators(t *testing.T) {
	for _, op := range pyOperators {
		if op == "(" || op == ")" || op == "[" || op == "]" || op == "{" || op == "}" {
			continue
		}
		for _, src := range []string{op, op + "x", "x" + op + "x"} {
			toks, errs, _ := tokenize("t.py", []byte(src))
			var got []string
			for _, tk := range toks {
				if tk.Type == tOp {
					got = append(got, tk.Value)
				}
			}
			if len(errs) > 0 || len(got) != 1 || got[0] != op {
				t.Errorf("tokenize(%q): operators %q, errors %v", src, got, errs)
			}
		}
	}
}

// TestConcurrent parses from several goroutines: the parser is shared.
func TestConcurrent(t *testing.T) {
	src := genProgram(200)
	want := dumpFile(mustParse(t, string(src)), true)
	done := make(chan string)
	for i := 0; i < 4; i++ {
		go func() {
			f, err := Parse("t.py", src)
			if err != nil {
				done <- err.Error()
				return
			}
			done <- dumpFile(f, true)
		}()
	}
	for i := 0; i < 4; i++ {
		if got := <-done; got != want {
			t.Errorf("concurrent Parse differs")
		}
	}
}
