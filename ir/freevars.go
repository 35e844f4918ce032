package ir

import "sort"

// FreeVariables returns the free variables of g: the non-constant nodes
// of other graphs (g's lexical ancestors) that g, or a closure g builds,
// uses. A constant holding a nested graph h counts as a use of h's free
// variables that g does not own. The result is ordered by node ID.
//
// Free variables are computed lazily and kept until an edit touches a
// graph. Then that graph and the graphs that hold its closures, and
// theirs (its dependents), are computed again, not the whole module:
// from empty sets up to a fixpoint. Starting from empty sets matters:
// a loop's header holds a closure of its body and the body one of the
// header, so from their old sets a free variable neither uses any more
// would keep itself alive (a fixpoint, but not the least one).
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
	// The dirty graphs and their dependents, transitively.
	work := make([]*Graph, 0, len(m.fvDirty))
	for g := range m.fvDirty {
		work = append(work, g)
	}
	sort.Slice(work, func(i, j int) bool { return work[i].id < work[j].id })
	affected := m.fvDirty
	m.fvDirty = nil
	for i := 0; i < len(work); i++ {
		m.dependents(work[i], func(h *Graph) {
			if !affected[h] {
				affected[h] = true
				work = append(work, h)
			}
		})
	}
	for _, g := range work {
		m.fv[g.id] = nil
	}
	// Up from empty sets: computeFV is monotone in the sets of the
	// closures, so this ends, at the least fixpoint.
	queued := make(map[*Graph]bool, len(work))
	for _, g := range work {
		queued[g] = true
	}
	for len(work) > 0 {
		g := work[0]
		work = work[1:]
		delete(queued, g)
		fv := m.computeFV(g)
		same := sameNodes(fv, m.fv[g.id])
		m.fv[g.id] = fv
		if same {
			continue
		}
		m.dependents(g, func(h *Graph) {
			if !queued[h] {
				queued[h] = true
				work = append(work, h)
			}
		})
	}
}

// dependents calls f on each graph that holds a closure of g (a use of a
// constant of g, g nested): the graphs whose free variables include g's.
func (m *Module) dependents(g *Graph, f func(*Graph)) {
	if g.Parent == nil {
		return
	}
	for _, c := range g.consts {
		for _, u := range m.users[c.id] {
			if h := u.User.g; h != nil {
				f(h)
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
