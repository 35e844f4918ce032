package ir

import "fmt"

// Use is one edge: User.Inputs[Index] is the used node.
type Use struct {
	User  *Apply
	Index int
}

// Module owns graphs and nodes. It is the only writer of Apply inputs and
// keeps the users of every node exact.
type Module struct {
	nodes  []Node
	users  [][]Use
	graphs []*Graph
	// Funcs are the top-level functions by source name, in source order.
	Funcs []*Graph
	// Sources are the texts of the files the module was built from.
	Sources Sources
	// Warnings are non-fatal diagnostics found while building.
	Warnings ErrorList
	edits    int
	// defaultOf maps a node's ID to the graphs whose Defaults hold it
	// (SetDefaults), so that Replace replaces it there too.
	defaultOf map[int][]*Graph
	fv        [][]Node
	fvDirty   map[*Graph]bool
}

// NewModule makes an empty module.
func NewModule() *Module { return &Module{Sources: Sources{}} }

// Graphs returns every graph of the module, in creation order.
func (m *Module) Graphs() []*Graph { return m.graphs }

// Func returns the top-level function called name, or nil.
func (m *Module) Func(name string) *Graph {
	for _, g := range m.Funcs {
		if g.Name == name {
			return g
		}
	}
	return nil
}

// NumNodes is one more than the largest node ID: the length of a slice
// indexed by node ID.
func (m *Module) NumNodes() int { return len(m.nodes) }

// Node returns the node with the given ID.
func (m *Module) Node(id int) Node { return m.nodes[id] }

// Edits counts the changes to the module; caches compare it.
func (m *Module) Edits() int { return m.edits }

// NewGraph makes a graph with no parameters and no return node yet.
func (m *Module) NewGraph(name string, pos Pos, parent *Graph, kind GraphKind) *Graph {
	g := &Graph{id: len(m.graphs), Name: name, Pos: pos, Parent: parent, Kind: kind, m: m}
	m.graphs = append(m.graphs, g)
	m.touch(g)
	return g
}

func (m *Module) register(n Node, b *nodeBase) {
	b.id = len(m.nodes)
	m.nodes = append(m.nodes, n)
	m.users = append(m.users, nil)
}

// AddParam appends a parameter to g.
func (m *Module) AddParam(g *Graph, name string, pos Pos) *Parameter {
	p := &Parameter{Name: name}
	p.g, p.pos = g, pos
	m.register(p, &p.nodeBase)
	g.Params = append(g.Params, p)
	m.touch(g)
	return p
}

// Const makes a constant node holding v (int64, float64, bool, string,
// NoneType, UndefinedType, Prim or *Graph).
func (m *Module) Const(v any, pos Pos) *Constant {
	switch v.(type) {
	case int64, float64, bool, string, NoneType, UndefinedType, Prim, *Graph, EnvKey:
	default:
		panic(fmt.Sprintf("ir: bad constant value %T", v))
	}
	c := &Constant{Value: v}
	c.pos = pos
	m.register(c, &c.nodeBase)
	if g, ok := v.(*Graph); ok {
		g.consts = append(g.consts, c)
	}
	return c
}

// Apply makes an application in g of inputs[0] to inputs[1:].
func (m *Module) Apply(g *Graph, pos Pos, inputs ...Node) *Apply {
	a := &Apply{Inputs: append([]Node(nil), inputs...)}
	a.g, a.pos = g, pos
	m.register(a, &a.nodeBase)
	a.seq = a.id
	for i, in := range a.Inputs {
		if in == nil {
			panic(fmt.Sprintf("ir: nil input %d of apply at %s", i, pos))
		}
		m.users[in.ID()] = append(m.users[in.ID()], Use{a, i})
	}
	m.touch(g)
	return a
}

// ApplyPrim makes an application of primitive p in g.
func (m *Module) ApplyPrim(g *Graph, pos Pos, p Prim, args ...Node) *Apply {
	in := make([]Node, 0, len(args)+1)
	in = append(in, m.Const(p, pos))
	return m.Apply(g, pos, append(in, args...)...)
}

// SetOutput sets (or replaces) the value g returns.
func (m *Module) SetOutput(g *Graph, out Node) {
	if g.ret == nil {
		g.ret = m.ApplyPrim(g, out.Pos(), Return, out)
		return
	}
	m.SetInput(g.ret, 1, out)
}

// Users returns the uses of n. The slice must not be modified.
func (m *Module) Users(n Node) []Use { return m.users[n.ID()] }

// SetInput makes a.Inputs[i] be n, keeping user lists exact.
func (m *Module) SetInput(a *Apply, i int, n Node) {
	old := a.Inputs[i]
	if old == n {
		return
	}
	m.dropUse(old, a, i)
	a.Inputs[i] = n
	m.users[n.ID()] = append(m.users[n.ID()], Use{a, i})
	m.touch(a.g)
}

func (m *Module) dropUse(n Node, a *Apply, i int) {
	us := m.users[n.ID()]
	for k, u := range us {
		if u.User == a && u.Index == i {
			us[k] = us[len(us)-1]
			m.users[n.ID()] = us[:len(us)-1]
			return
		}
	}
	panic(fmt.Sprintf("ir: missing use of %%%d at input %d of %%%d", n.ID(), i, a.ID()))
}

// Replace makes every use of old a use of new, in O(uses).
func (m *Module) Replace(old, new Node) {
	if old == new {
		return
	}
	us := m.users[old.ID()]
	m.users[old.ID()] = nil
	for _, u := range us {
		u.User.Inputs[u.Index] = new
		m.touch(u.User.g)
	}
	m.users[new.ID()] = append(m.users[new.ID()], us...)
	if o, ok := old.(*Apply); ok {
		if n, ok := new.(*Apply); ok && n.g == o.g && o.seq < n.seq {
			n.seq = o.seq // new takes old's place in the evaluation order
		}
	}
	if gs := m.defaultOf[old.ID()]; len(gs) > 0 {
		// A default value is a use too: the closure captures it.
		delete(m.defaultOf, old.ID())
		for _, g := range gs {
			for i, d := range g.Defaults {
				if d == old {
					g.Defaults[i] = new
				}
			}
			m.touch(g)
			m.noteDefault(g, new)
		}
	}
	m.edits++
}

// Detach removes a's uses of its inputs, for an Apply that is dropped.
func (m *Module) Detach(a *Apply) {
	for i, in := range a.Inputs {
		m.dropUse(in, a, i)
	}
	a.Inputs = nil
	m.touch(a.g)
}

// SetDefaults sets the default values of g's trailing parameters.
func (m *Module) SetDefaults(g *Graph, defaults []Node) {
	g.Defaults = defaults
	for _, d := range defaults {
		m.noteDefault(g, d)
	}
	m.touch(g)
}

// IsDefault reports whether the Defaults of some graph hold n: a call
// that leaves the parameter out reads n, and so does the making of a
// closure of the graph, which captures it, with no application using
// it (Users does not list them).
func (m *Module) IsDefault(n Node) bool {
	for _, g := range m.defaultOf[n.ID()] {
		for _, d := range g.Defaults {
			if d == n {
				return true
			}
		}
	}
	return false
}

// DefaultHolders returns the graphs whose Defaults hold a node (not
// only constants): defaults computed where a def stands.
func (m *Module) DefaultHolders() []*Graph {
	seen := map[*Graph]bool{}
	var out []*Graph
	for id, gs := range m.defaultOf {
		for _, g := range gs {
			if seen[g] {
				continue
			}
			for _, d := range g.Defaults {
				if d.ID() == id && !seen[g] {
					if _, ok := d.(*Constant); !ok {
						seen[g] = true
						out = append(out, g)
					}
				}
			}
		}
	}
	return out
}

// noteDefault records that g's Defaults hold d (a node, not a constant).
func (m *Module) noteDefault(g *Graph, d Node) {
	if _, ok := d.(*Constant); ok {
		return
	}
	if m.defaultOf == nil {
		m.defaultOf = map[int][]*Graph{}
	}
	for _, h := range m.defaultOf[d.ID()] {
		if h == g {
			return
		}
	}
	m.defaultOf[d.ID()] = append(m.defaultOf[d.ID()], g)
}
