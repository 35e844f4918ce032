package frontend

import (
	"bytes"
	"testing"

	"github.com/myia/myia/ir"
)

var fuzzSeeds = []string{
	"x = 1\n",
	"def f(x, y=2, *, z: int = 3) -> float:\n    return -x ** 2 + y * z\n",
	"@myia\ndef main():\n    a, b = 1, 2.5\n    for i, x in enumerate((a, b)):\n        if x < a <= b:\n            continue\n        elif not x:\n            break\n        else:\n            pass\n    return a\n",
	"while x:\n    x -= 1\nelse:\n    print(x)\n",
	"y = x[:, j] + x[a:b:s] + x[::2] + x.T.sum(axis=(0, 1), keepdims=True)\n",
	"f = lambda x, y=1: x if x > y else y\n",
	"assert x is not None and y not in z, 'message'\n",
	"s = 'a\\n' \"b\\t\" '''c\nd''' r'\\e' u'\\u00e9'\n",
	"n = 0x_ff + 0o17 + 0b1010 + 1_000 + 1.5e-3 + .5 + 1. + 1j\n",
	"x = (1 +\n     2) + \\\n    3  # comment\n",
	"import numpy as np, math\nfrom myia import grad, vjp as v\nfrom . import (a, b,)\n",
	"class A(B):\n    def f(self): pass\n",
	"try:\n    pass\nexcept E as e:\n    raise\nfinally:\n    del x\n",
	"with open(f) as g: yield g\nglobal a; nonlocal b\n",
	"async def f():\n    await g()\n    async for x in y: pass\n",
	"match p:\n    case [1, *rest] if rest:\n        pass\n    case _:\n        pass\n",
	"d = {1: 2, **e}; s = {1, *t}; l = [x for x in y if x]; g = (x async for x in y)\n",
	"x = a | b ^ c & d << e >> f // g % h @ i\nx **= 2; x //= 3; x @= y; x := 1\n",
	"if x:\n\ty = 1\n        z = 2\n",
	"def f(a, a, /, *b, **c): return *a, b\n",
	"x = f'{a}' b'b' ... {}\n",
	"if x\n  y = (]\n'unterminated\n",
}

// FuzzParse checks that Parse never panics (with the last-resort recover
// disabled), that errors and nodes carry positions inside the source,
// and that parsing is deterministic.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	noRecover = true
	defer func() { noRecover = false }()
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := Parse("f.py", src)
		c := &posChecker{t: t, src: src, lines: bytes.Count(src, []byte("\n")) + bytes.Count(src, []byte("\r")) + 1}
		if err != nil {
			if file != nil {
				t.Errorf("Parse returned a File and an error")
			}
			list, ok := err.(ir.ErrorList)
			if !ok || len(list) == 0 {
				t.Fatalf("error %T %v, want a non-empty ir.ErrorList", err, err)
			}
			for _, e := range list {
				c.pos(e.Pos, "error "+e.Msg)
				if e.Msg == "" {
					t.Errorf("empty message at %s", e.Pos)
				}
			}
			return
		}
		if file == nil {
			t.Fatal("no File and no error")
		}
		c.stmts(file.Body)
		again, err := Parse("f.py", src)
		if err != nil {
			t.Fatalf("second Parse: %v", err)
		}
		if d1, d2 := dumpFile(file, true), dumpFile(again, true); d1 != d2 {
			t.Errorf("Parse is not deterministic:\n%s\n%s", d1, d2)
		}
	})
}

// posChecker checks that every node is present and positioned in src.
type posChecker struct {
	t     *testing.T
	src   []byte
	lines int
}

func (c *posChecker) pos(p ir.Pos, what string) {
	c.t.Helper()
	if p.File != "f.py" || p.Line < 1 || p.Col < 1 || p.Line > c.lines+1 || p.Col > len(c.src)+1 {
		c.t.Errorf("%s: bad position %+v", what, p)
	}
}

func (c *posChecker) stmts(ss []Stmt) {
	for _, s := range ss {
		c.stmt(s)
	}
}

func (c *posChecker) stmt(s Stmt) {
	if s == nil {
		c.t.Fatal("nil statement")
	}
	c.pos(s.Pos(), "statement")
	switch s := s.(type) {
	case *FuncDef:
		c.params(s.Params)
		c.opt(s.Returns)
		c.exprs(s.Decorators)
		if s.VarArgs != nil {
			c.pos(*s.VarArgs, "varargs")
		}
		c.stmts(s.Body)
	case *Return:
		c.opt(s.Value)
	case *Assign:
		c.exprs(s.Targets)
		c.expr(s.Value)
	case *AnnAssign:
		c.expr(s.Target)
		c.expr(s.Annotation)
		c.opt(s.Value)
	case *AugAssign:
		c.expr(s.Target)
		c.expr(s.Value)
	case *If:
		c.expr(s.Cond)
		c.stmts(s.Body)
		c.stmts(s.Else)
	case *While:
		c.expr(s.Cond)
		c.stmts(s.Body)
		c.stmts(s.Else)
	case *For:
		c.expr(s.Target)
		c.expr(s.Iter)
		c.stmts(s.Body)
		c.stmts(s.Else)
	case *ExprStmt:
		c.expr(s.X)
	case *Assert:
		c.expr(s.Cond)
		c.opt(s.Msg)
	case *Import:
		c.aliases(s.Names)
	case *ImportFrom:
		c.aliases(s.Names)
	case *Unsupported:
		if s.What == "" {
			c.t.Error("Unsupported without a name")
		}
	case *Break, *Continue, *Pass:
	default:
		c.t.Errorf("unknown statement %T", s)
	}
}

func (c *posChecker) aliases(as []*Alias) {
	if len(as) == 0 {
		c.t.Error("import without names")
	}
	for _, a := range as {
		c.pos(a.P, "alias")
	}
}

func (c *posChecker) params(ps []*Param) {
	for _, p := range ps {
		c.pos(p.P, "param")
		c.opt(p.Default)
		c.opt(p.Annotation)
	}
}

func (c *posChecker) opt(e Expr) {
	if e != nil {
		c.expr(e)
	}
}

func (c *posChecker) exprs(es []Expr) {
	for _, e := range es {
		c.expr(e)
	}
}

func (c *posChecker) expr(e Expr) {
	if e == nil {
		c.t.Fatal("nil expression")
	}
	c.pos(e.Pos(), "expression")
	switch e := e.(type) {
	case *Tuple:
		c.exprs(e.Elts)
	case *List:
		c.exprs(e.Elts)
	case *BinOp:
		c.expr(e.L)
		c.expr(e.R)
	case *UnaryOp:
		c.expr(e.X)
	case *BoolOp:
		if len(e.Values) < 2 {
			c.t.Errorf("BoolOp with %d values", len(e.Values))
		}
		c.exprs(e.Values)
	case *Compare:
		if len(e.Ops) == 0 || len(e.Ops) != len(e.Rights) {
			c.t.Errorf("Compare with %d ops and %d operands", len(e.Ops), len(e.Rights))
		}
		c.expr(e.L)
		c.exprs(e.Rights)
	case *Call:
		c.expr(e.Func)
		c.exprs(e.Args)
		for _, k := range e.Keywords {
			c.pos(k.P, "keyword")
			c.expr(k.Value)
		}
	case *Attribute:
		c.expr(e.X)
	case *Subscript:
		c.expr(e.X)
		c.expr(e.Index)
	case *Slice:
		c.opt(e.Lo)
		c.opt(e.Hi)
		c.opt(e.Step)
	case *Lambda:
		c.params(e.Params)
		c.expr(e.Body)
	case *IfExp:
		c.expr(e.Cond)
		c.expr(e.Then)
		c.expr(e.Else)
	case *Starred:
		c.expr(e.X)
	case *BadExpr:
		if e.What == "" {
			c.t.Error("BadExpr without a name")
		}
	case *Name, *Int, *Float, *Str, *Bool, *NoneLit:
	default:
		c.t.Errorf("unknown expression %T", e)
	}
}
