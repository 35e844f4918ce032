package opt

import (
	"slices"

	"github.com/myia/myia/ir"
	lattice "github.com/myia/myia/ir/types"
)

// Narrow drops the elements of returned tuples that no caller reads.
// A backpropagator returns the sensitivities of its function's
// environment and of every parameter, and a gradient reads one of them:
// the others, and the code that computes them, are dead once the tuple
// is not built. It runs on typed graphs, whose function types say which
// graphs each call may reach:
//
//	graph bprop(dout) {                       graph bprop(dout) {
//	  %1 = k(mul(dout, 0.5))                     %1 = k(mul(dout, 0.5))
//	  %2 = add(getitem(%1, 2), 1)       ->       return %1
//	  return make_tuple(newenv(), %1, %2)     }
//	}
//	... getitem(%3(dout), 1) ...              ... %3(dout) ...
//
// The graphs that may be called at one call site (those of its callee's
// type) must return alike, and so must a graph and those it tail-calls:
// they form a group. A group narrows when every live use of a call of it
// is getitem with a constant index, a member's return or an ordering
// (depend(x, call)), and no value of it escapes to code that is not
// typed or to a primitive that calls it (J). Which indices are read is
// a liveness analysis: an index a group's own members read only to
// return it again is not read. The result is one element, not a tuple,
// when only one is read. A dropped element that may print or assert
// keeps the group whole.
func Narrow(u *Unit) bool {
	if !u.typed {
		return false
	}
	nw := &narrower{u: u, an: u.analysis(), up: map[*ir.Graph]*ir.Graph{}, sites: map[*ir.Apply][]*ir.Graph{}}
	if !nw.findSites() {
		return false
	}
	nw.groupUp()
	// A group that stays whole (a dropped element would print, or no
	// element is read) reads all it returns: the groups it calls need
	// more than the first liveness saw.
	for {
		nw.liveness()
		if !nw.keepWhole() {
			break
		}
	}
	return nw.rewrite()
}

// keepWhole marks full the groups that rewrite would leave whole though
// liveness found elements they need not return, and reports whether
// there were any.
func (nw *narrower) keepWhole() bool {
	more := false
	for _, a := range nw.order {
		r := nw.find(nw.sites[a][0])
		if nw.full[r] {
			continue
		}
		keep := nw.kept(r)
		if len(keep) == 0 || !nw.dropsPure(r, keep) {
			nw.full[r] = true
			more = true
		}
	}
	return more
}

// kept is the indices of the results of group r that are read.
func (nw *narrower) kept(r *ir.Graph) []int {
	var keep []int
	for k, needed := range nw.need[r] {
		if needed {
			keep = append(keep, k)
		}
	}
	return keep
}

type narrower struct {
	u  *Unit
	an *analysis
	// up is the union-find forest of groups.
	up map[*ir.Graph]*ir.Graph
	// sites are the live calls of graphs, with the graphs each may call.
	sites map[*ir.Apply][]*ir.Graph
	order []*ir.Apply
	// whole are graphs whose results must stay whole (until groupUp,
	// then groups, by their root).
	whole []*ir.Graph
	full  map[*ir.Graph]bool
	// arity of each group's results (-1: not all tuples of one length).
	arity map[*ir.Graph]int
	need  map[*ir.Graph][]bool
	// members of each group, marked: the live graphs liveness reached.
	members map[*ir.Graph][]*ir.Graph
	marked  map[*ir.Graph]bool
	seen    []bool // by node ID
	stack   []ir.Node
	tracks  map[int][]*ir.Graph
}

func (nw *narrower) find(g *ir.Graph) *ir.Graph {
	for {
		p, ok := nw.up[g]
		if !ok || p == g {
			return g
		}
		if pp, ok := nw.up[p]; ok && pp != p {
			nw.up[g] = pp
		}
		g = p
	}
}

func (nw *narrower) union(a, b *ir.Graph) {
	a, b = nw.find(a), nw.find(b)
	if a != b {
		nw.up[a] = b
	}
}

// resolve is the live typed graph a GraphFn is, or nil. A type made
// before its graph was specialised names the graph that was not typed;
// the typed clone is found by the constant that made it (Track).
func (nw *narrower) resolve(gf *lattice.GraphFn) *ir.Graph {
	if g := gf.G; g != nil && isTyped(g) && nw.an.live[g] {
		return g
	}
	if nw.tracks == nil {
		nw.tracks = map[int][]*ir.Graph{}
		for _, g := range nw.an.graphs {
			for _, c := range g.Constants() {
				ft, ok := c.Type().(*lattice.Func)
				if !ok || len(ft.Fns) != 1 {
					continue
				}
				if f, ok := ft.Fns[0].(*lattice.GraphFn); ok && f.G == g && !slices.Contains(nw.tracks[f.Track], g) {
					nw.tracks[f.Track] = append(nw.tracks[f.Track], g)
				}
			}
		}
	}
	if gs := nw.tracks[gf.Track]; len(gs) == 1 {
		return gs[0]
	}
	return nil
}

// graphsIn appends the graphs the function types in t may be; ok is
// false if one is not known.
func (nw *narrower) graphsIn(t ir.Type, out []*ir.Graph) ([]*ir.Graph, bool) {
	switch t := t.(type) {
	case *lattice.Func:
		for _, f := range t.Fns {
			switch f := f.(type) {
			case *lattice.GraphFn:
				g := nw.resolve(f)
				if g == nil {
					return out, false
				}
				out = append(out, g)
			case *lattice.PartialFn:
				var ok bool
				if out, ok = nw.graphsIn(&lattice.Func{Fns: []lattice.Fn{f.Fn}}, out); !ok {
					return out, false
				}
				for _, a := range f.Args {
					if out, ok = nw.graphsIn(a, out); !ok {
						return out, false
					}
				}
			}
		}
	case *lattice.Tuple:
		for _, e := range t.Elems {
			var ok bool
			if out, ok = nw.graphsIn(e, out); !ok {
				return out, false
			}
		}
	case *lattice.List:
		return nw.graphsIn(t.Elem, out)
	case *lattice.Optional:
		return nw.graphsIn(t.T, out)
	case *lattice.Env:
		for _, e := range t.Entries {
			var ok bool
			if out, ok = nw.graphsIn(e.Type, out); !ok {
				return out, false
			}
		}
	}
	return out, true
}

// findSites finds the calls of graphs and the graphs that must return
// whole; false if a function type names a graph it cannot find (then
// no call of a function value is known to reach all its callees).
func (nw *narrower) findSites() bool {
	an := nw.an
	for _, g := range an.graphs {
		if nw.u.root[g] {
			nw.whole = append(nw.whole, g)
			var ok bool
			if nw.whole, ok = nw.graphsIn(g.Output().Type(), nw.whole); !ok {
				return false
			}
		}
		for _, d := range g.Defaults {
			if h := ir.GraphOf(d); h != nil {
				nw.whole = append(nw.whole, h)
			}
		}
		if g.VJP != nil {
			nw.whole = append(nw.whole, g.VJP.Fwd, g.VJP.Bwd)
		}
		for _, a := range an.nodes[g] {
			f := strip(a.Inputs[0])
			var callees []*ir.Graph
			calls := true
			if h := ir.GraphOf(f); h != nil {
				callees = []*ir.Graph{h}
				calls = isTyped(h) && an.live[h]
			} else if p, ok := primOf(f); ok {
				calls = false
				if p != ir.J && p != ir.JF {
					continue // primitives other than J and JF call no function
				}
				// A J left to run time makes the graph its type
				// names from the untyped code: what it returns,
				// and what the closures it returns do, stay whole.
				var ok bool
				if nw.whole, ok = nw.returnedWhole(a.Type(), nw.whole); !ok {
					return false
				}
			} else {
				ft, ok := f.Type().(*lattice.Func)
				if !ok {
					return false
				}
				for _, fn := range ft.Fns {
					gf, ok := fn.(*lattice.GraphFn)
					if !ok {
						calls = false // a primitive may answer: its result is whole
						continue
					}
					h := nw.resolve(gf)
					if h == nil {
						return false
					}
					callees = append(callees, h)
				}
			}
			if calls && len(callees) > 0 {
				nw.sites[a] = callees
				nw.order = append(nw.order, a)
			} else {
				// Code that is not typed, J or a primitive may call
				// these, or return what they do.
				nw.whole = append(nw.whole, callees...)
				var ok bool
				for _, in := range a.Inputs[1:] {
					if nw.whole, ok = nw.graphsIn(in.Type(), nw.whole); !ok {
						return false
					}
				}
			}
		}
	}
	return true
}

// returnedWhole appends the graphs the function types in t may be, and
// those that the closures they return may be, transitively.
func (nw *narrower) returnedWhole(t ir.Type, out []*ir.Graph) ([]*ir.Graph, bool) {
	start := len(out)
	out, ok := nw.graphsIn(t, out)
	seen := map[*ir.Graph]bool{}
	for i := start; ok && i < len(out); i++ {
		g := out[i]
		if seen[g] || g.Return() == nil {
			continue
		}
		seen[g] = true
		out, ok = nw.graphsIn(g.Output().Type(), out)
	}
	return out, ok
}

// groupUp unions each call's callees, and each graph with the graphs it
// tail-calls, and finds each group's arity.
func (nw *narrower) groupUp() {
	for _, a := range nw.order {
		for _, h := range nw.sites[a][1:] {
			nw.union(nw.sites[a][0], h)
		}
	}
	for _, g := range nw.an.graphs {
		if a, ok := g.Output().(*ir.Apply); ok {
			if cs, ok := nw.sites[a]; ok {
				nw.union(g, cs[0])
			}
		}
	}
	nw.full = map[*ir.Graph]bool{}
	nw.arity = map[*ir.Graph]int{}
	nw.members = map[*ir.Graph][]*ir.Graph{}
	for _, g := range nw.whole {
		nw.full[nw.find(g)] = true
	}
	for _, g := range nw.an.graphs {
		r := nw.find(g)
		nw.members[r] = append(nw.members[r], g)
		n := -1
		if t, ok := g.Output().Type().(*lattice.Tuple); ok {
			n = len(t.Elems)
			if mt, ok := g.Output().(*ir.Apply); ok && ir.IsApplyOf(mt, ir.MakeTuple) && len(mt.Inputs) != n+1 {
				n = -1
			}
		}
		if k, ok := nw.arity[r]; ok && k != n {
			n = -1
		}
		nw.arity[r] = n
		if n < 0 {
			nw.full[r] = true
		}
	}
	for _, a := range nw.order {
		r := nw.find(nw.sites[a][0])
		if t, ok := a.Type().(*lattice.Tuple); !ok || len(t.Elems) != nw.arity[r] {
			nw.full[r] = true
		}
	}
}

// groupOf is the group a call site calls, if n is one.
func (nw *narrower) groupOf(n ir.Node) (*ir.Graph, bool) {
	a, ok := n.(*ir.Apply)
	if !ok {
		return nil, false
	}
	cs, ok := nw.sites[a]
	if !ok {
		return nil, false
	}
	return nw.find(cs[0]), true
}

// liveness marks the nodes the program's results need, from the
// roots: a getitem of a call needs only that index of the call's
// group; a group member's make_tuple return gives only the indices its
// group needs.
func (nw *narrower) liveness() {
	nw.need = map[*ir.Graph][]bool{}
	nw.marked = map[*ir.Graph]bool{}
	nw.seen = make([]bool, nw.u.M.NumNodes())
	for _, g := range nw.an.graphs {
		if nw.u.root[g] || len(g.Defaults) > 0 || g.VJP != nil {
			nw.markGraph(g)
		}
		for _, d := range g.Defaults {
			if h := ir.GraphOf(d); h != nil {
				nw.markGraph(h)
			}
		}
		if g.VJP != nil {
			nw.markGraph(g.VJP.Fwd)
			nw.markGraph(g.VJP.Bwd)
		}
	}
	for len(nw.stack) > 0 {
		n := nw.stack[len(nw.stack)-1]
		nw.stack = nw.stack[:len(nw.stack)-1]
		a, ok := n.(*ir.Apply)
		if !ok {
			continue
		}
		for i, in := range a.Inputs {
			if r, ok := nw.groupOf(in); ok {
				switch k, get := getIndex(a, i, nw.arity[r]); {
				case ir.IsApplyOf(a, ir.Depend) && i == 2:
					// depend(x, call) orders, and reads nothing.
				case get:
					nw.addNeed(r, k)
				default:
					nw.setFull(r)
				}
			}
			nw.push(in)
		}
	}
}

func (nw *narrower) push(n ir.Node) {
	if _, ok := n.(*ir.Apply); !ok {
		if h := ir.GraphOf(n); h != nil && nw.an.live[h] {
			nw.markGraph(h)
		}
		return
	}
	if id := n.ID(); id < len(nw.seen) && !nw.seen[id] {
		nw.seen[id] = true
		nw.stack = append(nw.stack, n)
	}
}

func (nw *narrower) markGraph(g *ir.Graph) {
	if nw.marked[g] || !nw.an.live[g] {
		return
	}
	nw.marked[g] = true
	r := nw.find(g)
	out := g.Output()
	mt, isTuple := out.(*ir.Apply)
	if nw.full[r] || !isTuple || !ir.IsApplyOf(mt, ir.MakeTuple) {
		nw.push(out)
		return
	}
	for k, needed := range nw.need[r] {
		if needed {
			nw.push(mt.Inputs[1+k])
		}
	}
}

func (nw *narrower) addNeed(r *ir.Graph, k int) {
	if nw.full[r] {
		return
	}
	if nw.need[r] == nil {
		nw.need[r] = make([]bool, nw.arity[r])
	}
	if nw.need[r][k] {
		return
	}
	nw.need[r][k] = true
	for _, g := range nw.members[r] {
		if out := g.Output(); nw.marked[g] && ir.IsApplyOf(out, ir.MakeTuple) {
			nw.push(out.(*ir.Apply).Inputs[1+k])
		}
	}
}

func (nw *narrower) setFull(r *ir.Graph) {
	if nw.full[r] {
		return
	}
	nw.full[r] = true
	for _, g := range nw.members[r] {
		if nw.marked[g] {
			nw.push(g.Output())
		}
	}
}

// rewrite narrows the groups that read fewer indices than they return.
func (nw *narrower) rewrite() bool {
	u := nw.u
	changed := false
	bySite := map[*ir.Graph][]*ir.Apply{}
	for _, a := range nw.order {
		r := nw.find(nw.sites[a][0])
		bySite[r] = append(bySite[r], a)
	}
	for _, a := range nw.order {
		r := nw.find(nw.sites[a][0])
		sites := bySite[r]
		if sites == nil || nw.full[r] {
			continue
		}
		delete(bySite, r)
		keep := nw.kept(r)
		if len(keep) == 0 || len(keep) == nw.arity[r] && len(keep) > 1 || !nw.dropsPure(r, keep) {
			continue
		}
		for _, g := range nw.members[r] {
			out := g.Output()
			tt := out.Type().(*lattice.Tuple)
			t := narrowType(tt, keep)
			g.Return().SetType(t)
			if _, tail := nw.groupOf(out); tail {
				continue
			}
			pos := out.Pos()
			var elems []ir.Node
			if mt, ok := out.(*ir.Apply); ok && ir.IsApplyOf(mt, ir.MakeTuple) {
				for _, k := range keep {
					elems = append(elems, mt.Inputs[1+k])
				}
			} else {
				for _, k := range keep {
					elems = append(elems, u.applyPrim(g, pos, tt.Elems[k], ir.GetItem, out, u.constant(int64(k), pos, nil)))
				}
			}
			if len(elems) == 1 {
				u.M.SetOutput(g, elems[0])
			} else {
				u.M.SetOutput(g, u.applyPrim(g, pos, t, ir.MakeTuple, elems...))
			}
		}
		for _, s := range sites {
			tt := s.Type().(*lattice.Tuple)
			s.SetType(narrowType(tt, keep))
			for _, us := range slices.Clone(u.M.Users(s)) {
				gi := us.User
				k, ok := getIndex(gi, us.Index, len(tt.Elems))
				if !ok {
					continue // dead: the rewrite leaves only the uses above live
				}
				i := slices.Index(keep, k)
				switch {
				case i < 0:
					// dead
				case len(keep) == 1:
					u.M.Replace(gi, s)
				default:
					u.M.Replace(gi, u.applyPrim(gi.Graph(), gi.Pos(), tt.Elems[k], ir.GetItem, s, u.constant(int64(i), gi.Pos(), nil)))
				}
			}
		}
		changed = true
	}
	return changed
}

// getIndex reports whether a takes element k of its input i, a tuple of
// n elements: a is getitem(x, k) with x input i (1) and k a constant
// index in range (negative ones counted from the end).
func getIndex(a *ir.Apply, i, n int) (int, bool) {
	if i != 1 || !ir.IsApplyOf(a, ir.GetItem) || len(a.Inputs) != 3 {
		return 0, false
	}
	k, ok := constIndex(a.Inputs[2])
	if k < 0 {
		k += n
	}
	return k, ok && 0 <= k && k < n
}

// narrowType is the type of the elements keep of a tuple of type tt:
// the one element's if there is one.
func narrowType(tt *lattice.Tuple, keep []int) ir.Type {
	if len(keep) == 1 {
		return tt.Elems[keep[0]]
	}
	es := make([]lattice.Type, len(keep))
	for i, k := range keep {
		es[i] = tt.Elems[k]
	}
	return &lattice.Tuple{Elems: es}
}

// dropsPure reports whether every element of a make_tuple the group
// r's members return that keep drops is pure: dropping it drops no
// print. (Another return stays whole, under the getitems.)
func (nw *narrower) dropsPure(r *ir.Graph, keep []int) bool {
	for _, g := range nw.members[r] {
		mt, ok := g.Output().(*ir.Apply)
		if !ok || !ir.IsApplyOf(mt, ir.MakeTuple) {
			continue
		}
		for k, in := range mt.Inputs[1:] {
			if !slices.Contains(keep, k) && !nw.an.pureNode(in, g) {
				return false
			}
		}
	}
	return true
}
