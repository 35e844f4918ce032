package ir

import "sort"

// FreeVariables returns the free variables of g: the non-constant nodes
// of other graphs (g's lexical ancestors) that g, or a closure g builds,
// uses. A constant holding a nested graph h counts as a use of h's free
// variables that g does not own. The result is ordered by node ID.
//
// Free variables are computed lazily and kept until an edit touches a
// graph; then that graph, and the graphs whose closures refer to it, are
// computed again (a worklist to a fixpoint), not the whole module.
func (m *Module) FreeVariables(g *Graph) []Node {
	m.ensureFV()
	return m.fv[g.id]
}

// touch records that g changed, so its free variables are recomputed.
func (m *Module) touch(g *Graph) {
	m.edits++
	if g == nil {
		return
	}
	if m.fvDirty == nil {
		m.fvDirty = map[*Graph]bool{}
	}
	m.fvDirty[g] = true
}

func (m *Module) ensureFV() {
	for len(m.fv) < len(m.graphs) {
		m.fv = append(m.fv, nil)
	}
	if len(m.fvDirty) == 0 {
		return
	}
	work := make([]*Graph, 0, len(m.fvDirty))
	for g := range m.fvDirty {
		work = append(work, g)
	}
	sort.Slice(work, func(i, j int) bool { return work[i].id < work[j].id })
	queued := m.fvDirty
	m.fvDirty = nil
	for len(work) > 0 {
		g := work[0]
		work = work[1:]
		delete(queued, g)
		fv := m.computeFV(g)
		if sameNodes(fv, m.fv[g.id]) && m.fv[g.id] != nil {
			continue
		}
		m.fv[g.id] = fv
		// Graphs holding a closure of g see its free variables.
		for _, c := range g.consts {
			for _, u := range m.users[c.id] {
				if h := u.User.g; h != nil && !queued[h] {
					queued[h] = true
					work = append(work, h)
				}
			}
		}
	}
}

// computeFV is g's free variables given the current ones of the rest.
func (m *Module) computeFV(g *Graph) []Node {
	set := map[int]Node{}
	// A default value evaluated where the def stands is captured with
	// the closure.
	for _, d := range g.Defaults {
		if _, ok := d.(*Constant); !ok && d.Graph() != g {
			set[d.ID()] = d
		}
	}
	for _, a := range g.walk(m.fv) {
		for _, in := range a.Inputs {
			if c, ok := in.(*Constant); ok {
				if h, ok := c.Value.(*Graph); ok && h.Parent != nil {
					for _, v := range m.fv[h.id] {
						if v.Graph() != g {
							set[v.ID()] = v
						}
					}
				}
			} else if in.Graph() != g {
				set[in.ID()] = in
			}
		}
	}
	list := make([]Node, 0, len(set))
	for _, v := range set {
		list = append(list, v)
	}
	sort.Slice(list, func(a, b int) bool { return list[a].ID() < list[b].ID() })
	return list
}

func sameNodes(a, b []Node) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
