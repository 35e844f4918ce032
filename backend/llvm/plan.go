package llvm

import (
	"fmt"

	"github.com/myia/myia/ir"
	lattice "github.com/myia/myia/ir/types"
)

// Planning: which graphs become LLVM functions and which are inlined into
// another LLVM function as a block (a label reached by goto).
//
// Every graph a program calls is either
//   - a function: its own LLVM function, taking its parameters and then its
//     free variables (lambda lifting); top-level graphs, the entry, graphs
//     called through function values, and the blocks below that cannot be
//     inlined; or
//   - a block, inlined in its host (a function) at a label, with one
//     continuation: "return from the host" or "store into the variable of
//     call site %k and go to the label after it". A tail call to a block
//     passes the caller's continuation on; a call that is not a tail call
//     makes the call site the continuation.
//
// A block whose call sites disagree on the host or the continuation, or
// whose free variables the host cannot see, becomes a function, and the
// plan is made again (a fixpoint: the set of functions only grows). Loop
// headers and bodies call each other in tail position with the same
// continuation, so a loop is a cycle of gotos and never grows the C stack.

// callKind says what an application calls.
type callKind uint8

const (
	primCall   callKind = iota // a primitive
	graphCall                  // a graph known at compile time
	switchCall                 // switch(c, @a, @b)(): one of two graphs
)

type call struct {
	kind      callKind
	prim      ir.Prim
	g         *ir.Graph // graphCall
	cond      ir.Node   // switchCall
	then, els *ir.Graph // switchCall
	viaValue  bool      // graphCall through a function value: g must be a function
	fnNode    ir.Node   // viaValue: the function value (a closure holds g's free variables)
}

// site is a call of a graph: caller, application, tail position.
type callSite struct {
	caller  *ir.Graph
	a       *ir.Apply
	tail    bool
	targets []*ir.Graph
}

type plan struct {
	m      *ir.Module
	ts     *types
	entry  *ir.Graph
	graphs []*ir.Graph // every graph called, entry first, in discovery order
	nodes  map[*ir.Graph][]*ir.Apply
	calls  map[*ir.Apply]call
	sites  map[*ir.Graph][]callSite // by caller
	fn     map[*ir.Graph]bool
	host   map[*ir.Graph]*ir.Graph
	cont   map[*ir.Graph]*ir.Apply // nil: return from the host
	hosted map[*ir.Graph][]*ir.Graph
}

// refuse stops code generation with a positioned error.
func refuse(pos ir.Pos, format string, args ...any) {
	panic(ir.Errorf(pos, "the LLVM backend cannot compile this: "+format, args...))
}

func stripDepend(x ir.Node) ir.Node {
	for ir.IsApplyOf(x, ir.Depend) {
		x = x.(*ir.Apply).Inputs[1]
	}
	return x
}

// resolve says what a calls.
func (p *plan) resolve(a *ir.Apply) call {
	x := stripDepend(a.Inputs[0])
	switch c := x.(type) {
	case *ir.Constant:
		switch v := c.Value.(type) {
		case ir.Prim:
			return call{kind: primCall, prim: v}
		case *ir.Graph:
			return call{kind: graphCall, g: v}
		}
		refuse(a.Pos(), "a call of %s, which is not a function", ir.ConstString(c.Value, nil))
	case *ir.Apply:
		if ir.IsApplyOf(c, ir.Switch) {
			t, e := ir.GraphOf(stripDepend(c.Inputs[2])), ir.GraphOf(stripDepend(c.Inputs[3]))
			if t != nil && e != nil {
				return call{kind: switchCall, cond: c.Inputs[1], then: t, els: e}
			}
		}
	}
	ft, ok := x.Type().(*lattice.Func)
	if !ok {
		refuse(a.Pos(), "a call of a value of type %s", typeString(x.Type()))
	}
	fn, err := p.ts.callee(ft)
	if err != nil {
		refuse(a.Pos(), "a call of %v", err)
	}
	switch fn := fn.(type) {
	case lattice.PrimFn:
		return call{kind: primCall, prim: fn.P}
	case *lattice.GraphFn:
		return call{kind: graphCall, g: fn.G, viaValue: true, fnNode: x}
	}
	refuse(a.Pos(), "a call of %s", typeString(ft))
	return call{}
}

// collect finds every graph the entry calls, and their call sites.
func (p *plan) collect() {
	seen := map[*ir.Graph]bool{p.entry: true}
	p.graphs = []*ir.Graph{p.entry}
	p.fn[p.entry] = true
	for i := 0; i < len(p.graphs); i++ {
		g := p.graphs[i]
		if g.Output() == nil {
			refuse(g.Pos, "%s has no body", g.Name)
		}
		nodes := g.Nodes()
		p.nodes[g] = nodes
		out := g.Output()
		for _, a := range nodes[:len(nodes)-1] {
			if noValue(a) {
				continue
			}
			c := p.resolve(a)
			p.calls[a] = c
			var targets []*ir.Graph
			switch c.kind {
			case graphCall:
				targets = []*ir.Graph{c.g}
				if c.viaValue || c.g.Parent == nil {
					p.fn[c.g] = true
				}
			case switchCall:
				targets = []*ir.Graph{c.then, c.els}
			default:
				continue
			}
			p.sites[g] = append(p.sites[g], callSite{caller: g, a: a, tail: a == out, targets: targets})
			for _, t := range targets {
				if t.Parent == nil {
					p.fn[t] = true
				}
				if !seen[t] {
					seen[t] = true
					p.graphs = append(p.graphs, t)
				}
			}
		}
	}
}

// place assigns hosts and continuations; it returns a block that must
// become a function, or nil when the plan holds.
func (p *plan) place() *ir.Graph {
	p.host = map[*ir.Graph]*ir.Graph{}
	p.cont = map[*ir.Graph]*ir.Apply{}
	var queue []*ir.Graph
	for _, g := range p.graphs {
		if p.fn[g] {
			p.host[g] = g
			queue = append(queue, g)
		}
	}
	for i := 0; i < len(queue); i++ {
		g := queue[i]
		for _, s := range p.sites[g] {
			k := s.a
			if s.tail {
				k = p.cont[g]
			}
			for _, t := range s.targets {
				if p.fn[t] {
					continue
				}
				h, ok := p.host[t]
				if !ok {
					p.host[t], p.cont[t] = p.host[g], k
					queue = append(queue, t)
					continue
				}
				if h != p.host[g] || p.cont[t] != k {
					return t
				}
			}
		}
	}
	for _, g := range p.graphs {
		if p.fn[g] {
			continue
		}
		if _, ok := p.host[g]; !ok {
			panic(fmt.Sprintf("llvm: block %s reached by no call", g.Name))
		}
		if !p.visible(p.host[g], p.m.FreeVariables(g)) {
			return g
		}
	}
	return nil
}

// visible reports whether every node of vs is a variable of host's C
// function: a node of a graph it hosts, or one of its free variables.
func (p *plan) visible(host *ir.Graph, vs []ir.Node) bool {
	fv := p.m.FreeVariables(host)
	for _, v := range vs {
		if p.host[v.Graph()] == host {
			continue
		}
		found := false
		for _, w := range fv {
			if w == v {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func makePlan(m *ir.Module, ts *types, entry *ir.Graph) *plan {
	p := &plan{m: m, ts: ts, entry: entry, nodes: map[*ir.Graph][]*ir.Apply{},
		calls: map[*ir.Apply]call{}, sites: map[*ir.Graph][]callSite{}, fn: map[*ir.Graph]bool{}}
	if fv := m.FreeVariables(entry); len(fv) > 0 {
		refuse(entry.Pos, "the entry %s is a closure", entry.Name)
	}
	p.collect()
	for {
		g := p.place()
		if g == nil {
			break
		}
		p.fn[g] = true
	}
	p.hosted = map[*ir.Graph][]*ir.Graph{}
	for _, g := range p.graphs {
		h := p.host[g]
		p.hosted[h] = append(p.hosted[h], g)
	}
	// A function's free variables are passed at each call: the caller's
	// LLVM function must see them.
	for _, g := range p.graphs {
		for _, s := range p.sites[g] {
			if c := p.calls[s.a]; c.viaValue {
				continue // a closure value holds the free variables
			}
			for _, t := range s.targets {
				if p.fn[t] && !p.visible(p.host[g], p.m.FreeVariables(t)) {
					refuse(s.a.Pos(), "a call of %s, whose free variables are out of reach", shortName(t))
				}
			}
		}
	}
	return p
}
