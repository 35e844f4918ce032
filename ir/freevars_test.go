package ir

import (
	"fmt"
	"math/rand"
	"testing"
)

// loop builds f(x) { n = mul(x, x); return @while(0) } with a loop
// header while(i) { return switch(lt(i, 3), @body, @exit)() } and a body
// body() { return @while(add(while.i, n)) } nested in it: the header and
// the body refer to each other, as the frontend builds loops.
func loop() (m *Module, f, hdr, body *Graph, n, add *Apply) {
	m = NewModule()
	p := Pos{}
	f = m.NewGraph("f", p, nil, KindFunction)
	x := m.AddParam(f, "x", p)
	n = m.ApplyPrim(f, p, Mul, x, x)
	hdr = m.NewGraph("while", p, f, KindLoop)
	i := m.AddParam(hdr, "i", p)
	body = m.NewGraph("body", p, hdr, KindLoopBody)
	exit := m.NewGraph("exit", p, hdr, KindAfter)
	m.SetOutput(exit, i)
	add = m.ApplyPrim(body, p, Add, i, n)
	m.SetOutput(body, m.Apply(body, p, m.Const(hdr, p), add))
	sw := m.ApplyPrim(hdr, p, Switch, m.ApplyPrim(hdr, p, Lt, i, m.Const(int64(3), p)), m.Const(body, p), m.Const(exit, p))
	m.SetOutput(hdr, m.Apply(hdr, p, sw))
	m.SetOutput(f, m.Apply(f, p, m.Const(hdr, p), m.Const(int64(0), p)))
	return
}

func fvString(m *Module, g *Graph) string { return fmt.Sprint(ids(m.FreeVariables(g))) }

func ids(ns []Node) []int {
	out := make([]int, len(ns))
	for i, n := range ns {
		out[i] = n.ID()
	}
	return out
}

// TestFreeVariablesOfLoopAfterEdit: once the body no longer uses n,
// neither the body nor the header has n among its free variables, and
// f's nodes no longer include n: the cache must not keep n alive through
// the cycle header -> body -> header.
func TestFreeVariablesOfLoopAfterEdit(t *testing.T) {
	m, f, hdr, body, n, add := loop()
	i := hdr.Params[0]
	if got, want := fvString(m, hdr), fmt.Sprint([]int{n.ID()}); got != want {
		t.Fatalf("FreeVariables(while) = %s, want %s", got, want)
	}
	if got, want := fvString(m, body), fmt.Sprint([]int{n.ID(), i.ID()}); got != want { // by ID
		t.Fatalf("FreeVariables(body) = %s, want %s", got, want)
	}
	m.SetInput(add, 2, m.Const(int64(1), Pos{}))
	if got := fvString(m, hdr); got != "[]" {
		t.Errorf("after the edit, FreeVariables(while) = %s, want []", got)
	}
	if got, want := fvString(m, body), fmt.Sprint([]int{i.ID()}); got != want {
		t.Errorf("after the edit, FreeVariables(body) = %s, want %s", got, want)
	}
	for _, a := range f.Nodes() {
		if a == n {
			t.Errorf("f.Nodes() includes %%%d = mul(x, x), no longer used", n.ID())
		}
	}
	if err := Verify(m); err != nil {
		t.Error(err)
	}
}

// exactFV computes every graph's free variables from scratch: the least
// fixpoint, from empty sets.
func exactFV(m *Module) [][]Node {
	saved, dirty := m.fv, m.fvDirty
	m.fv, m.fvDirty = nil, map[*Graph]bool{}
	for _, g := range m.graphs {
		m.fvDirty[g] = true
	}
	m.ensureFV()
	exact := m.fv
	m.fv, m.fvDirty = saved, dirty
	return exact
}

// TestFreeVariablesIncremental makes random edits to nests of mutually
// recursive closures and checks, after each, that the cache agrees with
// a computation from scratch.
func TestFreeVariablesIncremental(t *testing.T) {
	for seed := int64(1); seed <= 200; seed++ {
		r := rand.New(rand.NewSource(seed))
		m := NewModule()
		p := Pos{}
		top := m.NewGraph("f", p, nil, KindFunction)
		graphs := []*Graph{top}
		var nodes []Node
		nodes = append(nodes, m.AddParam(top, "x", p))
		for k := 0; k < 6; k++ {
			parent := graphs[r.Intn(len(graphs))]
			g := m.NewGraph(fmt.Sprintf("g%d", k), p, parent, KindFunction)
			graphs = append(graphs, g)
			nodes = append(nodes, m.AddParam(g, "p", p))
		}
		// Each graph gets a few applies of nodes visible in it and of
		// closures of graphs visible in it (siblings, ancestors' nested
		// graphs, itself), then returns a tuple of them.
		visible := func(g *Graph) []Node {
			var out []Node
			for _, v := range nodes {
				if v.Graph().IsAncestorOf(g) {
					out = append(out, v)
				}
			}
			for _, h := range graphs {
				if h.Parent != nil && h.Parent.IsAncestorOf(g) {
					out = append(out, m.Const(h, p))
				}
			}
			return out
		}
		var applies []*Apply
		for _, g := range graphs {
			vis := visible(g)
			var outs []Node
			for k := 0; k < 3; k++ {
				a := m.ApplyPrim(g, p, Add, vis[r.Intn(len(vis))], vis[r.Intn(len(vis))])
				applies = append(applies, a)
				nodes = append(nodes, a)
				outs = append(outs, a)
			}
			m.SetOutput(g, m.ApplyPrim(g, p, MakeTuple, outs...))
		}
		check := func(step int) {
			exact := exactFV(m)
			for _, g := range graphs {
				got := m.FreeVariables(g)
				if !sameNodes(got, exact[g.id]) {
					t.Fatalf("seed %d, step %d: FreeVariables(%s) = %v, want %v", seed, step, g.Name, ids(got), ids(exact[g.id]))
				}
			}
		}
		check(0)
		for step := 1; step <= 20; step++ {
			a := applies[r.Intn(len(applies))]
			vis := visible(a.g)
			m.SetInput(a, 1+r.Intn(2), vis[r.Intn(len(vis))])
			if r.Intn(3) == 0 {
				continue // several edits before a read
			}
			check(step)
		}
	}
}
