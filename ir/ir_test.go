package ir

import (
	"strings"
	"testing"
)

// build makes f(x) = add(x, 1) with a nested closure g() = mul(x, x).
func build() (*Module, *Graph, *Graph) {
	m := NewModule()
	f := m.NewGraph("f", Pos{"t.py", 1, 1}, nil, KindFunction)
	x := m.AddParam(f, "x", Pos{"t.py", 1, 7})
	g := m.NewGraph("g", Pos{"t.py", 2, 5}, f, KindFunction)
	sq := m.ApplyPrim(g, Pos{}, Mul, x, x)
	m.SetOutput(g, sq)
	call := m.Apply(f, Pos{}, m.Const(g, Pos{}))
	sum := m.ApplyPrim(f, Pos{}, Add, call, m.Const(int64(1), Pos{}))
	m.SetOutput(f, sum)
	return m, f, g
}

func TestPrintAndFreeVariables(t *testing.T) {
	m, f, g := build()
	if err := Verify(m); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	Fprint(&b, f)
	want := `graph f(x) @1:1 {
  %1 = @g()
  %2 = add(%1, 1)
  return %2
}
graph g() @2:5 in f {
  # free: f.x
  %1 = mul(f.x, f.x)
  return %1
}
`
	if b.String() != want {
		t.Errorf("Fprint:\n%s\nwant:\n%s", b.String(), want)
	}
	if fv := m.FreeVariables(f); len(fv) != 0 {
		t.Errorf("FreeVariables(f) = %v, want none", fv)
	}
	if fv := m.FreeVariables(g); len(fv) != 1 || fv[0] != f.Params[0] {
		t.Errorf("FreeVariables(g) = %v, want [x]", fv)
	}
}

func TestReplaceKeepsUsers(t *testing.T) {
	m, f, _ := build()
	x := f.Params[0]
	two := m.Const(int64(2), Pos{})
	m.Replace(x, two)
	if err := Verify(m); err != nil {
		t.Fatal(err)
	}
	if n := len(m.Users(x)); n != 0 {
		t.Errorf("users of x after Replace = %d, want 0", n)
	}
	if n := len(m.Users(two)); n != 2 {
		t.Errorf("users of 2 after Replace = %d, want 2", n)
	}
}

func TestVerifyCatchesCorruption(t *testing.T) {
	cases := []struct {
		name    string
		corrupt func(m *Module, f, g *Graph)
		want    string
	}{
		{"scope", func(m *Module, f, g *Graph) {
			// f uses a node of its child g: not an ancestor.
			m.SetInput(f.Return(), 1, g.Output())
		}, "not an ancestor"},
		{"arity", func(m *Module, f, g *Graph) {
			a := g.Output().(*Apply)
			a.Inputs = a.Inputs[:2] // bypasses the manager on purpose
		}, "arguments, want 2"},
		{"users", func(m *Module, f, g *Graph) {
			a := f.Output().(*Apply)
			a.Inputs[2] = f.Params[0] // bypasses the manager on purpose
		}, "missing from its users"},
		{"return", func(m *Module, f, g *Graph) { g.ret = nil }, "no return node"},
	}
	for _, c := range cases {
		m, f, g := build()
		c.corrupt(m, f, g)
		err := Verify(m)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Verify = %v, want an error containing %q", c.name, err, c.want)
		}
	}
}

func TestFloatRepr(t *testing.T) {
	for f, want := range map[float64]string{
		0.1: "0.1", 2: "2.0", 1e16: "1e+16", 1e15: "1000000000000000.0", 1e-5: "1e-05",
		0.0001: "0.0001", -1.5: "-1.5", 123456789.125: "123456789.125", 1.0 / 3: "0.3333333333333333",
	} {
		if got := FloatRepr(f); got != want {
			t.Errorf("FloatRepr(%v) = %q, want %q", f, got, want)
		}
	}
}

func TestPrimTableComplete(t *testing.T) {
	for p := Prim(1); p < NumPrims; p++ {
		if Prims[p].Name == "" {
			t.Errorf("primitive %d has no row in Prims", p)
		}
		if q, ok := PrimByName(Prims[p].Name); !ok || q != p {
			t.Errorf("PrimByName(%q) = %v, want %v", Prims[p].Name, q, p)
		}
	}
}

// A node used only by a closure is part of its graph's body.
func TestNodesIncludeCapturedOnly(t *testing.T) {
	m := NewModule()
	f := m.NewGraph("f", Pos{}, nil, KindFunction)
	x := m.AddParam(f, "x", Pos{})
	y := m.ApplyPrim(f, Pos{}, Mul, x, m.Const(int64(2), Pos{})) // used only by h
	h := m.NewGraph("h", Pos{}, f, KindFunction)
	k := m.NewGraph("k", Pos{}, h, KindFunction)
	m.SetOutput(k, m.ApplyPrim(k, Pos{}, Add, y, y))
	m.SetOutput(h, m.Apply(h, Pos{}, m.Const(k, Pos{})))
	m.SetOutput(f, m.Const(h, Pos{}))
	if err := Verify(m); err != nil {
		t.Fatal(err)
	}
	nodes := f.Nodes()
	if len(nodes) != 2 || nodes[0] != y {
		t.Errorf("f.Nodes() = %v, want [y, return]", nodes)
	}
	if fv := m.FreeVariables(h); len(fv) != 1 || fv[0] != y {
		t.Errorf("FreeVariables(h) = %v, want [y]", fv)
	}
	if fv := m.FreeVariables(f); len(fv) != 0 {
		t.Errorf("FreeVariables(f) = %v, want none", fv)
	}
}
