package opt

import (
	"sort"
	"sync"

	"github.com/myia/myia/ir"
)

// walk is a set of graphs and their live applies, found from start
// graphs by following inputs from return nodes and default values, the
// graphs that constants hold and the rules of custom_vjp functions. It
// is what ir.Graph.Nodes computes for each graph, without the module's
// free-variable cache: the applies of a graph that only closures use
// are reached by walking those closures. Nodes of graphs outside the
// walk (the free variables of its graphs) are leaves.
type walk struct {
	// graphs in the order found (a graph before the graphs it refers
	// to, but for the ancestors reached through free variables).
	graphs []*ir.Graph
	in     map[*ir.Graph]bool
	// nodes of each graph, inputs before users, the return node last.
	nodes map[*ir.Graph][]*ir.Apply
	// fvs are the nodes of graphs outside the walk that it uses.
	fvs []ir.Node
	// seen marks the nodes and graphs visited while the walk runs (from
	// its first add to the end of run).
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
	// While the walk runs, the applies found, of all graphs, in the
	// order found, each with the index in owners of its graph (a graph
	// of the walk, or one without a return node whose applies it
	// reaches); run sorts them into nodes.
	order  []*ir.Apply
	owner  []int32
	owners []*ir.Graph
	// If bounded, the walk stops once it has found more than limit
	// applies (see familySizeUpTo): stopped says it did.
	bounded bool
	limit   int
	stopped bool
}

func newWalk(within func(*ir.Graph) bool) *walk {
	return &walk{in: map[*ir.Graph]bool{}, nodes: map[*ir.Graph][]*ir.Apply{}, within: within}
}

// marks is a set of node IDs (those whose mark is gen) and of graph IDs
// (likewise, with an index in the walk's owners and whether the graph
// is in the walk). Walks are many and most are small (family), so the
// slices are reused, not cleared: a new set is the next generation.
type marks struct {
	s   []uint32
	g   []graphMark
	gen uint32
}

type graphMark struct {
	gen   uint32
	owner int32
	in    bool
}

var markPool = sync.Pool{New: func() any { return &marks{} }}

func getMarks() *marks {
	mk := markPool.Get().(*marks)
	mk.gen++
	if mk.gen == 0 {
		clear(mk.s)
		clear(mk.g)
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

// graph returns g's mark, or nil if it has none yet.
func (mk *marks) graph(g *ir.Graph) *graphMark {
	id := g.ID()
	if id < len(mk.g) && mk.g[id].gen == mk.gen {
		return &mk.g[id]
	}
	return nil
}

// markGraph gives g a mark (of this generation), with no owner index.
func (mk *marks) markGraph(g *ir.Graph) *graphMark {
	id := g.ID()
	if id >= len(mk.g) {
		mk.g = append(mk.g, make([]graphMark, id+1-len(mk.g)+len(mk.g)/4)...)
	}
	mk.g[id] = graphMark{gen: mk.gen, owner: -1}
	return &mk.g[id]
}

// inWalk reports whether g is a graph of the walk.
func (w *walk) inWalk(g *ir.Graph) bool {
	m := w.seen.graph(g)
	return m != nil && m.in
}

func (w *walk) add(g *ir.Graph) {
	if g == nil {
		return
	}
	if w.seen == nil {
		w.seen = getMarks()
	}
	if w.inWalk(g) || g.Return() == nil || w.within != nil && !w.within(g) {
		return
	}
	m := w.seen.graph(g)
	if m == nil {
		m = w.seen.markGraph(g)
	}
	m.in = true
	w.in[g] = true
	w.graphs = append(w.graphs, g)
}

func (w *walk) run(start ...*ir.Graph) *walk {
	for _, g := range start {
		w.add(g)
	}
	if w.seen == nil {
		w.seen = getMarks()
	}
	for i := 0; i < len(w.graphs) && !w.stopped; i++ {
		g := w.graphs[i]
		w.visit(g.Return())
		// A default value (def f(y, i=i)) is computed where the def
		// stands: a use, which no return node reaches.
		for _, d := range g.Defaults {
			w.visit(d)
		}
		// A custom_vjp function's rule (checkpoint's, the user's
		// defvjp) is called by J of the function, which may be
		// applied at run time: a use no node shows.
		if g.VJP != nil {
			w.add(g.VJP.Fwd)
			w.add(g.VJP.Bwd)
		}
	}
	markPool.Put(w.seen)
	w.seen = nil
	// Sort the applies into their graphs (stably: each graph's in the
	// order found), in one array.
	count := make([]int, len(w.owners)+1)
	for _, o := range w.owner {
		count[o+1]++
	}
	for i := 1; i < len(count); i++ {
		count[i] += count[i-1]
	}
	all := make([]*ir.Apply, len(w.order))
	next := count[:len(w.owners)]
	for i, a := range w.order {
		o := w.owner[i]
		all[next[o]] = a
		next[o]++
	}
	start0 := 0
	for o, g := range w.owners {
		end := next[o]
		if end > start0 {
			w.nodes[g] = all[start0:end:end]
		}
		start0 = end
	}
	w.order, w.owner, w.owners = nil, nil, nil
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
	if w.stopped {
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
					if g := v.Graph(); w.inWalk(g) || w.within(g) {
						// A node of a graph of this walk (J of an untyped
						// closure in a typed loop body): live.
						w.visit(v)
					} else if !w.seen.has(v.ID()) {
						w.mark(v)
						w.fvs = append(w.fvs, v)
					}
				}
			}
		}
		return
	case *ir.Parameter:
		if w.seen.has(n.ID()) {
			return
		}
		if !w.inWalk(n.Graph()) {
			w.mark(n)
			w.fvs = append(w.fvs, n)
		}
		return
	case *ir.Apply:
		id := n.ID()
		if w.seen.has(id) {
			return
		}
		w.seen.set(id)
		g := n.Graph()
		m := w.seen.graph(g)
		if m == nil || !m.in {
			if w.within != nil && !w.within(g) {
				w.fvs = append(w.fvs, n)
				return
			}
			w.add(g)
			m = w.seen.graph(g)
			if m == nil {
				m = w.seen.markGraph(g) // no return node: not in the walk
			}
		}
		if m.owner < 0 {
			m.owner = int32(len(w.owners))
			w.owners = append(w.owners, g)
		}
		o := m.owner
		for _, in := range n.Inputs {
			w.visit(in)
		}
		if w.within != nil && ir.IsApplyOf(n, ir.J) {
			// J in typed code: the typed J graph its type names is
			// a use no node shows, until resolveJ puts it where the
			// J stands.
			if jg := typedJGraph(n); jg != nil {
				w.add(jg)
			}
		}
		w.order = append(w.order, n)
		w.owner = append(w.owner, o)
		if w.bounded && len(w.order) > w.limit {
			w.stopped = true
		}
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
