package opt

import (
	"sort"

	"github.com/myia/myia/ir"
)

// cloner copies the code of graphs: the applies of a graph and the
// graphs nested in it that its family refers to, mapping nodes and
// graphs as it goes. Nodes of graphs outside what is copied (free
// variables from enclosing graphs) are used as they are. Types are
// copied.
type cloner struct {
	u    *Unit
	w    *walk // the family of the graph copied
	node map[ir.Node]ir.Node
	// graph maps the nested graphs copied to their copies; parent maps
	// the graph whose body is copied to where its nested graphs go (a
	// reference to that graph itself, a recursion, is not remapped).
	graph  map[*ir.Graph]*ir.Graph
	parent map[*ir.Graph]*ir.Graph
	// order lists the applies made, in the order made.
	order []*ir.Apply
	// at, if valid, is the user's call whose callee's body is copied:
	// its applies that have no place in the user's program (the
	// standard library's, the AD transform's) take it, so that an
	// error they raise points at the call (math.log under grad).
	at ir.Pos
}

func newCloner(u *Unit) *cloner {
	return &cloner{u: u, node: map[ir.Node]ir.Node{}, graph: map[*ir.Graph]*ir.Graph{}, parent: map[*ir.Graph]*ir.Graph{}}
}

// input maps an input of a copied apply.
func (cl *cloner) input(n ir.Node) ir.Node {
	if x, ok := cl.node[n]; ok {
		return x
	}
	if c, ok := n.(*ir.Constant); ok {
		v := c.Value
		if g, ok := v.(*ir.Graph); ok {
			if h, ok := cl.graph[g]; ok {
				v = h
			}
		}
		return cl.u.constant(v, c.Pos(), c.Type())
	}
	return n
}

// nested makes, for each graph nested in g that g's family refers to,
// an empty copy whose parent is the copy of its parent (cl.parent must
// map g already), and returns them in an order where parents come first.
func (cl *cloner) nested(g *ir.Graph) []*ir.Graph {
	cl.w = family(g)
	fam := append([]*ir.Graph(nil), cl.w.graphs[1:]...)
	sort.SliceStable(fam, func(i, j int) bool { return fam[i].Depth() < fam[j].Depth() })
	for _, k := range fam {
		parent := k.Parent
		if p, ok := cl.graph[parent]; ok {
			parent = p
		} else if p, ok := cl.parent[parent]; ok {
			parent = p
		}
		nk := cl.u.M.NewGraph(k.Name, k.Pos, parent, k.Kind)
		nk.VJP = k.VJP
		for _, p := range k.Params {
			np := cl.u.M.AddParam(nk, p.Name, p.Pos())
			np.SetType(p.Type())
			cl.node[p] = np
		}
		cl.graph[k] = nk
	}
	return fam
}

// applies copies the applies of g, but its return node, into h.
func (cl *cloner) applies(g, h *ir.Graph) {
	ns := cl.w.nodes[g]
	for _, a := range ns[:len(ns)-1] {
		in := make([]ir.Node, len(a.Inputs))
		for i, x := range a.Inputs {
			in[i] = cl.input(x)
		}
		pos := a.Pos()
		if cl.at.IsValid() && (!pos.IsValid() || pos.InStdlib()) {
			pos = cl.at
		}
		b := cl.u.apply(h, pos, a.Type(), in...)
		cl.u.standsFor(b, a)
		cl.node[a] = b
		cl.order = append(cl.order, b)
	}
}

// finish copies the bodies of the nested graphs made by nested.
func (cl *cloner) finish(fam []*ir.Graph) {
	for _, k := range fam {
		nk := cl.graph[k]
		cl.applies(k, nk)
		cl.u.M.SetOutput(nk, cl.input(k.Output()))
		nk.Return().SetType(k.Return().Type())
	}
	// Defaults last: one may be a node of another copied graph (a
	// lambda's i=i in a loop body), copied above.
	for _, k := range fam {
		if len(k.Defaults) > 0 {
			ds := make([]ir.Node, len(k.Defaults))
			for i, d := range k.Defaults {
				ds[i] = cl.input(d)
			}
			cl.u.M.SetDefaults(cl.graph[k], ds)
		}
	}
}

// inlineBody copies g's body into h, with g's parameters bound to args,
// and returns the node of h that is g's result. Graphs nested in g are
// copied, nested in h.
func (cl *cloner) inlineBody(g, h *ir.Graph, args []ir.Node) ir.Node {
	for i, p := range g.Params {
		cl.node[p] = args[i]
		cl.u.standsFor(args[i], p)
	}
	cl.parent[g] = h
	fam := cl.nested(g)
	cl.applies(g, h)
	cl.finish(fam)
	return cl.input(g.Output())
}

// cloneGraph copies g into a new graph nested in parent, named name,
// with the parameters for which bind has a node replaced by it (and
// dropped from the copy's parameters), and extra parameters appended.
// Graphs nested in g are copied too. It returns the copy.
func (cl *cloner) cloneGraph(g, parent *ir.Graph, name string, bind map[*ir.Parameter]ir.Node) *ir.Graph {
	m := cl.u.M
	ng := m.NewGraph(name, g.Pos, parent, g.Kind)
	ng.VJP = g.VJP
	kept := 0
	for _, p := range g.Params {
		if x, ok := bind[p]; ok {
			cl.node[p] = x
			continue
		}
		np := m.AddParam(ng, p.Name, p.Pos())
		np.SetType(p.Type())
		cl.node[p] = np
		kept++
	}
	cl.parent[g] = ng
	fam := cl.nested(g)
	// Defaults belong to trailing parameters; keep them only if no
	// parameter was bound.
	if kept == len(g.Params) && len(g.Defaults) > 0 {
		ds := make([]ir.Node, len(g.Defaults))
		for i, d := range g.Defaults {
			ds[i] = cl.input(d)
		}
		m.SetDefaults(ng, ds)
	}
	cl.applies(g, ng)
	cl.finish(fam)
	m.SetOutput(ng, cl.input(g.Output()))
	ng.Return().SetType(g.Return().Type())
	return ng
}
