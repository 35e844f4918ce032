package ir

import (
	"fmt"
	"strings"
)

// Verify checks the invariants of the IR and returns an error describing
// every violation found. The invariants:
//
//  1. Every graph has a return node: an Apply of the Return primitive with
//     one argument, belonging to the graph.
//  2. Every Apply has a callee and no nil input; an application of a
//     primitive constant with a fixed arity has that many arguments.
//  3. Every node used by a graph's reachable applies belongs to that graph
//     or to one of its lexical ancestors (a free variable), or is a
//     Constant.
//  4. A constant holding a nested graph h is used only inside h's parent or
//     graphs nested in it (lexical scoping of closures).
//  5. User lists are exact: (a, i) is a use of n iff a.Inputs[i] == n.
//  6. Node IDs index the module's node table; parameters belong to the
//     graph that lists them; parent chains are acyclic.
//
// Verify is run after every pass in tests.
func Verify(m *Module) error {
	var errs []string
	bad := func(format string, args ...any) {
		if len(errs) < 20 {
			errs = append(errs, fmt.Sprintf(format, args...))
		}
	}
	for id, n := range m.nodes {
		if n.ID() != id {
			bad("node %d has ID %d", id, n.ID())
		}
	}
	for _, g := range m.graphs {
		depth := 0
		for p := g.Parent; p != nil; p = p.Parent {
			if depth++; depth > len(m.graphs) {
				bad("graph %s: cyclic parent chain", g.Name)
				break
			}
		}
		for _, p := range g.Params {
			if p.g != g {
				bad("graph %s: parameter %s belongs to another graph", g.Name, p.Name)
			}
		}
		if g.ret == nil {
			bad("graph %s: no return node", g.Name)
			continue
		}
		if !IsApplyOf(g.ret, Return) || len(g.ret.Inputs) != 2 || g.ret.g != g {
			bad("graph %s: malformed return node", g.Name)
			continue
		}
		for i, d := range g.Defaults {
			if _, ok := d.(*Constant); !ok && (d.Graph() == nil || d.Graph() == g || !d.Graph().IsAncestorOf(g)) {
				bad("graph %s: default value %d belongs to graph %s, not an ancestor", g.Name, i, graphName(d.Graph()))
			}
		}
		for _, a := range g.Nodes() {
			if len(a.Inputs) == 0 {
				bad("graph %s: %%%d has no callee", g.Name, a.id)
				continue
			}
			if c, ok := a.Inputs[0].(*Constant); ok {
				if p, ok := c.Value.(Prim); ok {
					if ar := p.Info().Arity; ar >= 0 && ar != len(a.Inputs)-1 {
						bad("graph %s: %%%d applies %s to %d arguments, want %d", g.Name, a.id, p, len(a.Inputs)-1, ar)
					}
				}
			}
			for i, in := range a.Inputs {
				if in == nil {
					bad("graph %s: %%%d input %d is nil", g.Name, a.id, i)
					continue
				}
				if c, ok := in.(*Constant); ok {
					if h, ok := c.Value.(*Graph); ok && h.Parent != nil && !h.Parent.IsAncestorOf(g) {
						bad("graph %s: %%%d uses closure @%s outside its parent %s", g.Name, a.id, h.Name, h.Parent.Name)
					}
				} else if o := in.Graph(); o == nil || !o.IsAncestorOf(g) {
					bad("graph %s: %%%d input %d belongs to graph %s, not an ancestor", g.Name, a.id, i, graphName(o))
				}
				if !hasUse(m.users[in.ID()], a, i) {
					bad("graph %s: %%%d input %d missing from its users", g.Name, a.id, i)
				}
			}
		}
	}
	for id, us := range m.users {
		for _, u := range us {
			if u.Index >= len(u.User.Inputs) || u.User.Inputs[u.Index].ID() != id {
				bad("node %d: stale use (%%%d, %d)", id, u.User.id, u.Index)
			}
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("ir: invalid module:\n  %s", strings.Join(errs, "\n  "))
	}
	return nil
}

func hasUse(us []Use, a *Apply, i int) bool {
	for _, u := range us {
		if u.User == a && u.Index == i {
			return true
		}
	}
	return false
}

func graphName(g *Graph) string {
	if g == nil {
		return "<none>"
	}
	return g.Name
}
