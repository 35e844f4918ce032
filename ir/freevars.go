package ir

import "sort"

// FreeVariables returns the free variables of g: the non-constant nodes
// of other graphs (g's lexical ancestors) that g, or a closure g builds,
// uses. A constant holding a nested graph h counts as a use of h's free
// variables that g does not own. The result is ordered by node ID and
// cached until the module changes.
func (m *Module) FreeVariables(g *Graph) []Node {
	m.ensureFV()
	return m.fv[g.id]
}

func (m *Module) ensureFV() {
	if m.fv == nil || m.fvEdits != m.edits || len(m.fv) != len(m.graphs) {
		m.computeFreeVariables()
	}
}

// computeFreeVariables finds every graph's free variables by a fixpoint:
// a graph's body includes the nodes its nested closures capture, whose
// own inputs may be free variables in turn.
func (m *Module) computeFreeVariables() {
	n := len(m.graphs)
	sets := make([]map[int]Node, n)
	for i := range sets {
		sets[i] = map[int]Node{}
	}
	m.fv = make([][]Node, n)
	for changed := true; changed; {
		changed = false
		for _, g := range m.graphs {
			for _, a := range g.walk(m.fv) {
				for _, in := range a.Inputs {
					var cands []Node
					if c, ok := in.(*Constant); ok {
						if h, ok := c.Value.(*Graph); ok && h.Parent != nil {
							cands = m.fv[h.id]
						}
					} else {
						cands = []Node{in}
					}
					for _, v := range cands {
						if v.Graph() == g {
							continue
						}
						if _, ok := sets[g.id][v.ID()]; !ok {
							sets[g.id][v.ID()] = v
							changed = true
						}
					}
				}
			}
		}
		for i, s := range sets {
			list := make([]Node, 0, len(s))
			for _, v := range s {
				list = append(list, v)
			}
			sort.Slice(list, func(a, b int) bool { return list[a].ID() < list[b].ID() })
			m.fv[i] = list
		}
	}
	m.fvEdits = m.edits
}
