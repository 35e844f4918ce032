package opt

import (
	"sort"
	"sync"

	"github.com/myia/myia/ir"
)

// walk is a set of graphs and their live applies, found from start
// graphs by following inputs from return nodes, and the graphs that
// constants hold. It is what ir.Graph.Nodes computes for each graph,
// without the module's free-variable cache: the applies of a graph that
// only closures use are reached by walking those closures. Nodes of
// graphs outside the walk (the free variables of its graphs) are
// leaves.
type walk struct {
	// graphs in the order found (a graph before the graphs it refers
	// to, but for the ancestors reached through free variables).
	graphs []*ir.Graph
	in     map[*ir.Graph]bool
	// nodes of each graph, inputs before users, the return node last.
	nodes map[*ir.Graph][]*ir.Apply
	// fvs are the nodes of graphs outside the walk that it uses.
	fvs []ir.Node
	// seen marks the nodes visited, by ID, while run runs.
	seen *marks
	// within says which graphs the walk may enter; nil: all.
	within func(*ir.Graph) bool
	// closures are the graphs outside the walk whose closures it makes.
	closures map[*ir.Graph]bool
	// active are the closures whose walks, for their free variables,
	// are under way (shared with those walks): closures that make each
	// other (mutual recursion) would otherwise walk each other forever.
	// The walk that met the cycle first collects every free variable.
	active map[*ir.Graph]bool
}

func newWalk(within func(*ir.Graph) bool) *walk {
	return &walk{in: map[*ir.Graph]bool{}, nodes: map[*ir.Graph][]*ir.Apply{}, within: within}
}

// marks is a set of node IDs: those whose mark is gen. Walks are many
// and most are small (family), so the slice is reused, not cleared: a
// new set is the next generation.
type marks struct {
	s   []uint32
	gen uint32
}

var markPool = sync.Pool{New: func() any { return &marks{} }}

func getMarks() *marks {
	mk := markPool.Get().(*marks)
	mk.gen++
	if mk.gen == 0 {
		clear(mk.s)
		mk.gen = 1
	}
	return mk
}

func (mk *marks) has(id int) bool { return id < len(mk.s) && mk.s[id] == mk.gen }

func (mk *marks) set(id int) {
	if id >= len(mk.s) {
		mk.s = append(mk.s, make([]uint32, id+1-len(mk.s)+len(mk.s)/4)...)
	}
	mk.s[id] = mk.gen
}

func (w *walk) add(g *ir.Graph) {
	if g == nil || w.in[g] || g.Return() == nil || w.within != nil && !w.within(g) {
		return
	}
	w.in[g] = true
	w.graphs = append(w.graphs, g)
}

func (w *walk) run(start ...*ir.Graph) *walk {
	for _, g := range start {
		w.add(g)
	}
	w.seen = getMarks()
	for i := 0; i < len(w.graphs); i++ {
		w.visit(w.graphs[i].Return())
	}
	markPool.Put(w.seen)
	w.seen = nil
	for _, g := range w.graphs {
		ns := w.nodes[g]
		ret := g.Return()
		for i, a := range ns {
			if a == ret && i != len(ns)-1 {
				copy(ns[i:], ns[i+1:])
				ns[len(ns)-1] = ret
				break
			}
		}
	}
	sort.Slice(w.fvs, func(i, j int) bool { return w.fvs[i].ID() < w.fvs[j].ID() })
	return w
}

func (w *walk) mark(n ir.Node) { w.seen.set(n.ID()) }

func (w *walk) visit(n ir.Node) {
	if w.seen.has(n.ID()) {
		return
	}
	switch n := n.(type) {
	case *ir.Constant:
		if h, ok := n.Value.(*ir.Graph); ok {
			if w.within == nil || w.within(h) {
				w.add(h)
			} else if h.Parent != nil && !w.closures[h] {
				// A closure made outside: its free variables are uses
				// of this walk's too.
				if w.closures == nil {
					w.closures = map[*ir.Graph]bool{}
				}
				w.closures[h] = true
				if w.active[h] {
					return
				}
				if w.active == nil {
					w.active = map[*ir.Graph]bool{}
				}
				w.active[h] = true
				fw := newWalk(func(k *ir.Graph) bool { return h.IsAncestorOf(k) })
				fw.active = w.active
				fw.run(h)
				delete(w.active, h)
				for _, v := range fw.fvs {
					if !w.in[v.Graph()] && !w.seen.has(v.ID()) {
						w.mark(v)
						w.fvs = append(w.fvs, v)
					}
				}
			}
		}
		return
	case *ir.Parameter:
		if !w.in[n.Graph()] {
			w.mark(n)
			w.fvs = append(w.fvs, n)
		}
		return
	case *ir.Apply:
		w.mark(n)
		g := n.Graph()
		if !w.in[g] {
			if w.within != nil && !w.within(g) {
				w.fvs = append(w.fvs, n)
				return
			}
			w.add(g)
		}
		for _, in := range n.Inputs {
			w.visit(in)
		}
		w.nodes[g] = append(w.nodes[g], n)
	}
}

// family walks g and the graphs nested in it that it refers to: what
// inlining g copies, and g's free variables.
func family(g *ir.Graph) *walk {
	return newWalk(func(h *ir.Graph) bool { return g.IsAncestorOf(h) }).run(g)
}

// size is the number of applies of the walk, return nodes included.
func (w *walk) size() int {
	n := 0
	for _, ns := range w.nodes {
		n += len(ns)
	}
	return n
}
