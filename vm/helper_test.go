package vm

import (
	"strings"
	"testing"

	"github.com/myia/myia/ir"
)

// builder makes graphs by hand for tests. Every node gets its own
// position (line n of "t.py") so that error positions can be checked.
type builder struct {
	m    *ir.Module
	line int
}

func newBuilder() *builder { return &builder{m: ir.NewModule()} }

func (b *builder) pos() ir.Pos {
	b.line++
	return ir.Pos{File: "t.py", Line: b.line, Col: 1}
}

// graph makes a graph with named parameters.
func (b *builder) graph(name string, parent *ir.Graph, params ...string) (*ir.Graph, []ir.Node) {
	kind := ir.KindFunction
	if parent != nil {
		kind = ir.KindBranch
	}
	g := b.m.NewGraph(name, b.pos(), parent, kind)
	var ps []ir.Node
	for _, p := range params {
		ps = append(ps, b.m.AddParam(g, p, b.pos()))
	}
	if parent == nil {
		b.m.Funcs = append(b.m.Funcs, g)
	}
	return g, ps
}

// k makes a constant: int, float64, bool, string, nil (None), ir.Prim or
// *ir.Graph.
func (b *builder) k(v any) ir.Node {
	switch x := v.(type) {
	case int:
		v = int64(x)
	case nil:
		v = ir.None
	}
	return b.m.Const(v, b.pos())
}

// node turns a Go value into a node: nodes stay, others become constants.
func (b *builder) node(v any) ir.Node {
	if n, ok := v.(ir.Node); ok {
		return n
	}
	return b.k(v)
}

// op applies primitive p in g.
func (b *builder) op(g *ir.Graph, p ir.Prim, args ...any) *ir.Apply {
	in := []ir.Node{b.k(p)}
	for _, a := range args {
		in = append(in, b.node(a))
	}
	return b.m.Apply(g, b.pos(), in...)
}

// call applies callee (a node, graph or prim) in g.
func (b *builder) call(g *ir.Graph, callee any, args ...any) *ir.Apply {
	in := []ir.Node{b.node(callee)}
	for _, a := range args {
		in = append(in, b.node(a))
	}
	return b.m.Apply(g, b.pos(), in...)
}

// ret sets g's output.
func (b *builder) ret(g *ir.Graph, v any) { b.m.SetOutput(g, b.node(v)) }

// branch makes `switch(cond, @then, @else)()` in g: the if shape.
func (b *builder) branch(g *ir.Graph, cond any, then, els *ir.Graph) *ir.Apply {
	sw := b.op(g, ir.Switch, cond, then, els)
	return b.call(g, sw)
}

// run verifies the module, calls g with args and returns the result and
// what it printed.
func (b *builder) run(t *testing.T, g *ir.Graph, args ...Value) (Value, string, error) {
	t.Helper()
	if err := ir.Verify(b.m); err != nil {
		t.Fatalf("verify: %v", err)
	}
	var out strings.Builder
	v, err := New(b.m, Options{Stdout: &out}).Call(g, args)
	return v, out.String(), err
}

// mustRun is run that fails the test on an error.
func (b *builder) mustRun(t *testing.T, g *ir.Graph, args ...Value) Value {
	t.Helper()
	v, _, err := b.run(t, g, args...)
	if err != nil {
		t.Fatalf("%s: %v", g.Name, err)
	}
	return v
}

// fibModule builds recursive fib in the frontend's shape.
func fibModule() (*builder, *ir.Graph) {
	b := newBuilder()
	fib, ps := b.graph("fib", nil, "n")
	n := ps[0]
	then, _ := b.graph("fib_then", fib)
	b.ret(then, n)
	els, _ := b.graph("fib_else", fib)
	x := b.call(els, fib, b.op(els, ir.Sub, n, 1))
	y := b.call(els, fib, b.op(els, ir.Sub, n, 2))
	b.ret(els, b.op(els, ir.Add, x, y))
	b.ret(fib, b.branch(fib, b.op(fib, ir.Lt, n, 2), then, els))
	return b, fib
}

// whileModule builds `i = 0; s = 0.0; while i < n: s += 1.5; i += 1;
// return s` in the frontend's loop shape.
func whileModule(n int64) (*builder, *ir.Graph) {
	b := newBuilder()
	main, _ := b.graph("main", nil)
	after, aps := b.graph("main_after", main, "i", "s")
	b.ret(after, aps[1])
	header, hps := b.graph("main_while", main, "i", "s")
	body, _ := b.graph("main_body", header)
	s2 := b.op(body, ir.Add, hps[1], 1.5)
	i2 := b.op(body, ir.Add, hps[0], 1)
	b.ret(body, b.call(body, header, i2, s2))
	exit, _ := b.graph("main_exit", header)
	b.ret(exit, b.call(exit, after, hps[0], hps[1]))
	b.ret(header, b.branch(header, b.op(header, ir.Lt, hps[0], n), body, exit))
	b.ret(main, b.call(main, header, 0, 0.0))
	return b, main
}
