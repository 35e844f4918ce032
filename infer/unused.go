package infer

import "github.com/myia/myia/ir"

// Statements whose value nothing uses: y = t + 1, with y never read.
// The graph's body does not reach them (and so they never run), but
// CPython evaluates them, and raises where their types do not fit. The
// builder lists them in ir.Graph.Unused; the first inference
// (ConvertJoins, before the optimizer edits graphs) types them with the
// rest of the graph, so that their type errors are reported at compile
// time, positioned, as any other. A call among them is on the effect
// chain, and so in the body already: only pure operations are added.
//
//	graph main() {                  evaluated by inference:
//	  %1 = make_tuple(1, 2)           %1, %2 (the body), then
//	  %2 = print(3)                   add(%1, 1): cannot add tuple and int
//	  return %2                     (main.Unused = [add(%1, 1)])
//	}

// withUnused is nodes, the body of g, with the applies of g that g's
// Unused applies reach and the body does not, inserted before the
// return node (their inputs first), and their number. The specialiser
// does not clone them.
func withUnused(m *ir.Module, g *ir.Graph, nodes []*ir.Apply) ([]*ir.Apply, int) {
	seen := make(map[*ir.Apply]bool, len(nodes))
	for _, a := range nodes {
		seen[a] = true
	}
	var extra []*ir.Apply
	var visit func(n ir.Node)
	visit = func(n ir.Node) {
		if h := ir.GraphOf(n); h != nil {
			// A closure nested in g: the nodes of g it captures.
			if h.Parent != nil && g.IsAncestorOf(h) {
				for _, v := range m.FreeVariables(h) {
					visit(v)
				}
			}
			return
		}
		a, ok := n.(*ir.Apply)
		if !ok || a.Graph() != g || seen[a] {
			return
		}
		seen[a] = true
		for _, x := range a.Inputs {
			visit(x)
		}
		extra = append(extra, a)
	}
	for _, a := range g.Unused {
		visit(a)
	}
	if len(extra) == 0 || len(nodes) == 0 {
		return nodes, 0
	}
	out := make([]*ir.Apply, 0, len(nodes)+len(extra))
	out = append(out, nodes[:len(nodes)-1]...)
	out = append(out, extra...)
	return append(out, nodes[len(nodes)-1]), len(extra)
}
