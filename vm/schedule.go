package vm

import "github.com/myia/myia/ir"

// The VM's view of which nodes a graph evaluates, and in which order.
//
// ir.Graph.Nodes is a "deep" topological order: it includes the nodes of
// g used only by graphs nested in g (their free variables), such as y in
//
//	def f(x):
//	    y = x * 2          # %1 = mul(x, 2): used only by f_then
//	    if x > 0:
//	        return y
//	    return 0
//
// so f computes y before it calls f_then. The VM caches each graph's
// schedule on first use. It compiles each graph once, so a graph must not
// be edited after a VM ran it; adding graphs (as J does at run time) is
// fine.

// analysis caches the schedules of graphs and which applies are live (in
// their graph's schedule).
type analysis struct {
	m     *ir.Module
	sched map[*ir.Graph][]*ir.Apply
	live  map[*ir.Graph]map[*ir.Apply]bool
}

func newAnalysis(m *ir.Module) *analysis {
	return &analysis{m: m, sched: map[*ir.Graph][]*ir.Apply{}, live: map[*ir.Graph]map[*ir.Apply]bool{}}
}

// schedule returns g's applies in the order g.Nodes gives: a deep
// topological order that follows the order in which they were made
// (ir.Apply.Seq), ending with the return node. The builder makes nodes
// in the source's evaluation order, so that of two failing operations,
// the one CPython evaluates first fails first; it also puts a loop
// variable's update after the other uses of its old value, so that the
// update can write it in place.
func (an *analysis) schedule(g *ir.Graph) []*ir.Apply {
	if s, ok := an.sched[g]; ok {
		return s
	}
	order := g.Nodes()
	an.sched[g] = order
	return order
}

// fv returns g's free variables, ordered by node ID: the layout of the
// environment of g's closures.
func (an *analysis) fv(g *ir.Graph) []ir.Node { return an.m.FreeVariables(g) }

// isLive reports whether a is in its graph's schedule: an apply that is
// not is never evaluated, and its uses do not count.
func (an *analysis) isLive(a *ir.Apply) bool {
	g := a.Graph()
	set, ok := an.live[g]
	if !ok {
		set = map[*ir.Apply]bool{}
		for _, b := range an.schedule(g) {
			set[b] = true
		}
		an.live[g] = set
	}
	return set[a]
}

// strip returns n without the depend applications around it: depend(x, e)
// is x once e is evaluated, and e comes earlier in the schedule.
func strip(n ir.Node) ir.Node {
	for ir.IsApplyOf(n, ir.Depend) {
		n = n.(*ir.Apply).Inputs[1]
	}
	return n
}

// primOf returns the primitive n (after strip) is, if it is one.
func primOf(n ir.Node) (ir.Prim, bool) {
	if c, ok := strip(n).(*ir.Constant); ok {
		p, ok := c.Value.(ir.Prim)
		return p, ok
	}
	return 0, false
}

// isCall reports whether a applies something other than a primitive
// constant: a graph, a closure, a switch's result.
func isCall(a *ir.Apply) bool {
	_, ok := primOf(a.Inputs[0])
	return !ok
}

// tailCall returns the call g returns the result of directly (through
// depends), whose only users are that return chain; nil if there is none.
// Evaluating it last and returning its result is then a tail call.
func tailCall(m *ir.Module, g *ir.Graph) *ir.Apply {
	chain := map[*ir.Apply]bool{g.Return(): true}
	out := g.Output()
	for ir.IsApplyOf(out, ir.Depend) && out.Graph() == g {
		chain[out.(*ir.Apply)] = true
		out = out.(*ir.Apply).Inputs[1]
	}
	a, ok := out.(*ir.Apply)
	if !ok || a.Graph() != g || !isCall(a) {
		return nil
	}
	for _, u := range m.Users(a) {
		if !chain[u.User] || u.Index != 1 {
			return nil
		}
	}
	return a
}

// callSites returns the applications that call n (directly or through
// depends) if calling is n's only use; ok is false if n is used
// otherwise. The calls of an apply n must be in n's own graph. Uses by
// dead applies are ignored.
func (an *analysis) callSites(m *ir.Module, n ir.Node) (sites []*ir.Apply, ok bool) {
	g := n.Graph() // nil for a constant
	for _, u := range m.Users(n) {
		if !an.isLive(u.User) {
			continue
		}
		if g != nil && u.User.Graph() != g {
			return nil, false
		}
		switch {
		case u.Index == 0:
			sites = append(sites, u.User)
		case u.Index == 1 && ir.IsApplyOf(u.User, ir.Depend):
			more, ok := an.callSites(m, u.User)
			if !ok {
				return nil, false
			}
			sites = append(sites, more...)
		default:
			return nil, false
		}
	}
	return sites, true
}

// callOnlySwitch reports whether n is a switch whose result is only
// called, in its own graph: the call then branches instead of selecting
// a function value.
func (an *analysis) callOnlySwitch(m *ir.Module, n ir.Node) bool {
	if !ir.IsApplyOf(n, ir.Switch) {
		return false
	}
	_, ok := an.callSites(m, n)
	return ok
}
