package ir

import "sort"

// FreeVariables returns the free variables of g: the non-constant nodes
// of other graphs (g's lexical ancestors) that g, or a closure g builds,
// uses. A constant holding a nested graph h counts as a use of h's free
// variables that g does not own. The result is ordered by node ID and
// cached until the module changes.
func (m *Module) FreeVariables(g *Graph) []Node {
	if m.fv == nil || m.fvEdits != m.edits {
		m.computeFreeVariables()
	}
	return m.fv[g.id]
}

func (m *Module) computeFreeVariables() {
	n := len(m.graphs)
	sets := make([]map[int]Node, n)
	// direct[g]: nodes of other graphs used by g's applies; refs[g]: nested
	// graphs whose constants g uses.
	refs := make([][]*Graph, n)
	for i := range sets {
		sets[i] = map[int]Node{}
	}
	for _, g := range m.graphs {
		for _, a := range g.Nodes() {
			for _, in := range a.Inputs {
				switch in := in.(type) {
				case *Constant:
					if h, ok := in.Value.(*Graph); ok && h.Parent != nil {
						refs[g.id] = append(refs[g.id], h)
					}
				default:
					if in.Graph() != g {
						sets[g.id][in.ID()] = in
					}
				}
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for gi, hs := range refs {
			g := m.graphs[gi]
			for _, h := range hs {
				for id, v := range sets[h.id] {
					if v.Graph() == g {
						continue
					}
					if _, ok := sets[gi][id]; !ok {
						sets[gi][id] = v
						changed = true
					}
				}
			}
		}
	}
	m.fv = make([][]Node, n)
	for i, s := range sets {
		list := make([]Node, 0, len(s))
		for _, v := range s {
			list = append(list, v)
		}
		sort.Slice(list, func(a, b int) bool { return list[a].ID() < list[b].ID() })
		m.fv[i] = list
	}
	m.fvEdits = m.edits
}
