// Package plan holds what the two native backends (backend/cgo, C, and
// backend/llvm, LLVM IR) share and what does not depend on the output
// language: the planner (which graphs of a typed module become functions
// and which are inlined as blocks), the resolution of callees, the
// classification of what is refused, and naming helpers.
//
// Planning: which graphs become functions of the output (a C or an LLVM
// function) and which are inlined into another function as a block (a
// label reached by goto).
//
// Every graph a program calls is either
//   - a function: its own output function, taking its parameters and then
//     its free variables (lambda lifting); top-level graphs, the entry,
//     graphs called through function values, and the blocks below that
//     cannot be inlined; or
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
// continuation, so a loop is a cycle of gotos and never grows the stack.
package plan

import (
	"fmt"
	"slices"

	"github.com/myia/myia/ir"
	lattice "github.com/myia/myia/ir/types"
)

// CallKind says what an application calls.
type CallKind uint8

const (
	PrimCall   CallKind = iota // a primitive
	GraphCall                  // a graph known at compile time
	SwitchCall                 // switch(c, @a, @b)(): one of two graphs
	MultiCall                  // a function value that may be one of several graphs (Gs) or primitives (Prims): FnNode
)

// Call is what an application calls.
type Call struct {
	Kind      CallKind
	Prim      ir.Prim
	G         *ir.Graph   // GraphCall
	Cond      ir.Node     // SwitchCall
	Then, Els *ir.Graph   // SwitchCall
	ViaValue  bool        // GraphCall through a function value: G must be a function
	FnNode    ir.Node     // ViaValue, MultiCall: the function value (a closure holds G's free variables)
	Gs        []*ir.Graph // MultiCall: the graphs, by ID (the tags of the value)
	// Prims are the primitives a MultiCall may call (tags after Gs's: the
	// value is a KFnTag), applied inline.
	Prims []ir.Prim
}

// CallSite is a call of a graph: caller, application, tail position.
type CallSite struct {
	Caller  *ir.Graph
	A       *ir.Apply
	Tail    bool
	Targets []*ir.Graph
}

// Plan is the plan of a module from its entry.
type Plan struct {
	M       *ir.Module
	Backend string // "C" or "LLVM", for refusals
	Entry   *ir.Graph
	Graphs  []*ir.Graph // every graph called, entry first, in discovery order
	Nodes   map[*ir.Graph][]*ir.Apply
	Calls   map[*ir.Apply]Call
	Sites   map[*ir.Graph][]CallSite // by caller
	Fn      map[*ir.Graph]bool
	Host    map[*ir.Graph]*ir.Graph
	Cont    map[*ir.Graph]*ir.Apply // nil: return from the host
	Hosted  map[*ir.Graph][]*ir.Graph
	callees Callees
	leaf    map[*ir.Graph]bool
}

// Leaf reports whether each function of gs (the graphs a call may reach)
// calls no function: its code (with the blocks it hosts) is primitives
// and gotos, so a call of it cannot recurse and needs no depth count,
// only the check for an error.
func (p *Plan) Leaf(gs ...*ir.Graph) bool {
	for _, g := range gs {
		if !p.leaf1(g) {
			return false
		}
	}
	return true
}

func (p *Plan) leaf1(g *ir.Graph) bool {
	if l, ok := p.leaf[g]; ok {
		return l
	}
	leaf := true
	for _, k := range p.Hosted[g] {
		for _, s := range p.Sites[k] {
			for _, t := range s.Targets {
				if p.Fn[t] && !(t == g && s.Tail && p.Cont[k] == nil) {
					leaf = false
				}
			}
		}
	}
	if p.leaf == nil {
		p.leaf = map[*ir.Graph]bool{}
	}
	p.leaf[g] = leaf
	return leaf
}

// Refuse stops code generation with a positioned error naming the
// backend ("C", "LLVM").
func Refuse(backend string, pos ir.Pos, format string, args ...any) {
	panic(ir.Errorf(pos, "the "+backend+" backend cannot compile this: "+format, args...))
}

func (p *Plan) refuse(pos ir.Pos, format string, args ...any) {
	Refuse(p.Backend, pos, format, args...)
}

// ConstInt is the value of n if it is an int constant, or a node whose
// type says which int it is (a parameter always passed the same index).
func ConstInt(n ir.Node) (int64, bool) {
	if c, ok := n.(*ir.Constant); ok {
		v, ok := c.Value.(int64)
		return v, ok
	}
	if t, ok := n.Type().(lattice.Int); ok && t.Known {
		return t.V, true
	}
	return 0, false
}

// KnownInts is the ints of t, a tuple type whose elements are ints
// inference knows (np.shape of a tuple: its dims).
func KnownInts(t ir.Type) ([]int64, bool) {
	tt, ok := t.(*lattice.Tuple)
	if !ok {
		return nil, false
	}
	out := make([]int64, len(tt.Elems))
	for i, e := range tt.Elems {
		k, ok := e.(lattice.Int)
		if !ok || !k.Known {
			return nil, false
		}
		out[i] = k.V
	}
	return out, true
}

// ShapeOfTuple is np.shape of a tuple x, n dims, as a gives them: the
// ints inference knows of a's result, else the shape of the array numpy
// makes of x's type, nested tuples of numbers (ok false if ragged).
func ShapeOfTuple(a *ir.Apply, x ir.Node, n int) ([]int64, bool) {
	if dims, ok := KnownInts(a.Type()); ok && len(dims) == n {
		return dims, true
	}
	dims, ok := tupleDims(x.Type())
	return dims, ok && len(dims) == n
}

func tupleDims(t ir.Type) ([]int64, bool) {
	switch t := t.(type) {
	case lattice.Int, lattice.Float, lattice.Bool:
		return nil, true
	case *lattice.Tuple:
		var inner []int64
		for i, el := range t.Elems {
			d, ok := tupleDims(el)
			if !ok || i > 0 && !slices.Equal(d, inner) {
				return nil, false
			}
			inner = d
		}
		return append([]int64{int64(len(t.Elems))}, inner...), true
	}
	return nil, false
}

// StripDepend is x without the depend applications around it.
func StripDepend(x ir.Node) ir.Node {
	for ir.IsApplyOf(x, ir.Depend) {
		x = x.(*ir.Apply).Inputs[1]
	}
	return x
}

// MemberArgs is what a call a of a function value passes to g, one of
// the graphs the value may be: a's arguments, then the defaults of the
// parameters a leaves out. A default is a constant (max as a value is
// max_value(a, b=None, ...)) or a value computed where the def stands,
// which the closure holds among its free variables (DefaultField). ok
// is false if g cannot take a's arguments so.
func MemberArgs(m *ir.Module, a *ir.Apply, g *ir.Graph) (args []ir.Node, ok bool) {
	args = a.Args()
	first := len(g.Params) - len(g.Defaults)
	if len(args) > len(g.Params) || len(args) < first {
		return nil, false
	}
	args = append([]ir.Node(nil), args...)
	for _, d := range g.Defaults[len(args)-first:] {
		if _, isConst := d.(*ir.Constant); !isConst && DefaultField(m, g, d) < 0 {
			return nil, false
		}
		args = append(args, d)
	}
	return args, true
}

// DefaultField is the index, among g's free variables (the fields of a
// closure of g), of d, a default value of g computed where g's def
// stands; -1 if d is not one (a constant, or a node g does not hold).
// A call through a closure passes that field for the parameter.
func DefaultField(m *ir.Module, g *ir.Graph, d ir.Node) int {
	if _, isConst := d.(*ir.Constant); isConst {
		return -1
	}
	for i, v := range m.FreeVariables(g) {
		if v == d {
			return i
		}
	}
	return -1
}

// resolve says what a calls.
func (p *Plan) resolve(a *ir.Apply) Call {
	x := StripDepend(a.Inputs[0])
	switch c := x.(type) {
	case *ir.Constant:
		switch v := c.Value.(type) {
		case ir.Prim:
			return Call{Kind: PrimCall, Prim: v}
		case *ir.Graph:
			return Call{Kind: GraphCall, G: v}
		}
		p.refuse(a.Pos(), "a call of %s, which is not a function", ir.ConstString(c.Value, nil))
	case *ir.Apply:
		if ir.IsApplyOf(c, ir.Switch) {
			t, e := ir.GraphOf(StripDepend(c.Inputs[2])), ir.GraphOf(StripDepend(c.Inputs[3]))
			if t != nil && e != nil {
				return Call{Kind: SwitchCall, Cond: c.Inputs[1], Then: t, Els: e}
			}
		}
	}
	ft, ok := x.Type().(*lattice.Func)
	if !ok {
		p.refuse(a.Pos(), "a call of a value of type %s", TypeString(x.Type()))
	}
	if len(ft.Fns) > 1 {
		gs, prims, err := p.callees.Members(ft)
		if err != nil {
			p.refuse(a.Pos(), "a call of %v", err)
		}
		if len(prims) > 0 {
			// A tag: each primitive applied inline, each graph called.
			n := len(a.Inputs) - 1
			for _, g := range gs {
				if _, ok := MemberArgs(p.M, a, g); !ok {
					p.refuse(a.Pos(), "a call of a function value that may be one of several functions of different signatures (%s)", TypeString(ft))
				}
			}
			for _, q := range prims {
				if ar := q.Info().Arity; ar >= 0 && ar != n {
					p.refuse(a.Pos(), "a call of a function value that may be one of several functions of different signatures (%s)", TypeString(ft))
				}
			}
			return Call{Kind: MultiCall, Gs: gs, Prims: prims, ViaValue: true, FnNode: x}
		}
		if len(gs) > 1 {
			for _, g := range gs {
				if _, ok := MemberArgs(p.M, a, g); !ok {
					p.refuse(a.Pos(), "a call of a function value that may be one of several functions of different signatures (%s)", TypeString(ft))
				}
			}
			return Call{Kind: MultiCall, Gs: gs, ViaValue: true, FnNode: x}
		}
		return Call{Kind: GraphCall, G: gs[0], ViaValue: true, FnNode: x}
	}
	fn, err := p.callees.Callee(ft)
	if err != nil {
		p.refuse(a.Pos(), "a call of %v", err)
	}
	switch fn := fn.(type) {
	case lattice.PrimFn:
		return Call{Kind: PrimCall, Prim: fn.P}
	case *lattice.GraphFn:
		return Call{Kind: GraphCall, G: fn.G, ViaValue: true, FnNode: x}
	}
	p.refuse(a.Pos(), "a call of %s", TypeString(ft))
	return Call{}
}

// collect finds every graph the entry calls, and their call sites.
func (p *Plan) collect() {
	seen := map[*ir.Graph]bool{p.Entry: true}
	p.Graphs = []*ir.Graph{p.Entry}
	p.Fn[p.Entry] = true
	for i := 0; i < len(p.Graphs); i++ {
		g := p.Graphs[i]
		if g.Output() == nil {
			p.refuse(g.Pos, "%s has no body", g.Name)
		}
		nodes := g.Nodes()
		p.Nodes[g] = nodes
		out := g.Output()
		for _, a := range nodes[:len(nodes)-1] {
			if NoValue(a) {
				continue
			}
			c := p.resolve(a)
			p.Calls[a] = c
			var targets []*ir.Graph
			switch c.Kind {
			case GraphCall:
				targets = []*ir.Graph{c.G}
				if c.ViaValue || c.G.Parent == nil {
					p.Fn[c.G] = true
				}
			case SwitchCall:
				targets = []*ir.Graph{c.Then, c.Els}
			case MultiCall:
				targets = c.Gs
				for _, t := range targets {
					p.Fn[t] = true
				}
			default:
				continue
			}
			p.Sites[g] = append(p.Sites[g], CallSite{Caller: g, A: a, Tail: a == out, Targets: targets})
			for _, t := range targets {
				if t.Parent == nil {
					p.Fn[t] = true
				}
				if !seen[t] {
					seen[t] = true
					p.Graphs = append(p.Graphs, t)
				}
			}
		}
	}
}

// place assigns hosts and continuations; it returns a block that must
// become a function, or nil when the plan holds.
func (p *Plan) place() *ir.Graph {
	p.Host = map[*ir.Graph]*ir.Graph{}
	p.Cont = map[*ir.Graph]*ir.Apply{}
	var queue []*ir.Graph
	for _, g := range p.Graphs {
		if p.Fn[g] {
			p.Host[g] = g
			queue = append(queue, g)
		}
	}
	for i := 0; i < len(queue); i++ {
		g := queue[i]
		for _, s := range p.Sites[g] {
			k := s.A
			if s.Tail {
				k = p.Cont[g]
			}
			for _, t := range s.Targets {
				if p.Fn[t] {
					continue
				}
				h, ok := p.Host[t]
				if !ok {
					p.Host[t], p.Cont[t] = p.Host[g], k
					queue = append(queue, t)
					continue
				}
				if h != p.Host[g] || p.Cont[t] != k {
					return t
				}
			}
		}
	}
	for _, g := range p.Graphs {
		if p.Fn[g] {
			continue
		}
		if _, ok := p.Host[g]; !ok {
			panic(fmt.Sprintf("plan: block %s reached by no call (%s backend)", g.Name, p.Backend))
		}
		if !p.Visible(p.Host[g], p.M.FreeVariables(g)) {
			return g
		}
	}
	return nil
}

// Visible reports whether every node of vs is a variable of host's
// output function: a node of a graph it hosts, or one of its free
// variables.
func (p *Plan) Visible(host *ir.Graph, vs []ir.Node) bool {
	fv := p.M.FreeVariables(host)
	for _, v := range vs {
		if p.Host[v.Graph()] == host {
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

// Make plans m from entry for the backend named backend ("C", "LLVM"); it
// panics with a positioned error (see Refuse) on what it cannot compile.
func Make(m *ir.Module, entry *ir.Graph, backend string) *Plan {
	p := &Plan{M: m, Backend: backend, Entry: entry, Nodes: map[*ir.Graph][]*ir.Apply{},
		Calls: map[*ir.Apply]Call{}, Sites: map[*ir.Graph][]CallSite{}, Fn: map[*ir.Graph]bool{},
		callees: Callees{M: m}}
	if fv := m.FreeVariables(entry); len(fv) > 0 {
		p.refuse(entry.Pos, "the entry %s is a closure", entry.Name)
	}
	p.collect()
	for {
		g := p.place()
		if g == nil {
			break
		}
		p.Fn[g] = true
	}
	p.Hosted = map[*ir.Graph][]*ir.Graph{}
	for _, g := range p.Graphs {
		h := p.Host[g]
		p.Hosted[h] = append(p.Hosted[h], g)
	}
	// A function's free variables are passed at each call: the caller's
	// output function must see them.
	for _, g := range p.Graphs {
		for _, s := range p.Sites[g] {
			if c := p.Calls[s.A]; c.ViaValue {
				continue // a closure value holds the free variables
			}
			for _, t := range s.Targets {
				if p.Fn[t] && !p.Visible(p.Host[g], p.M.FreeVariables(t)) {
					p.refuse(s.A.Pos(), "a call of %s, whose free variables are out of reach", ShortName(t))
				}
			}
		}
	}
	return p
}

// NoValue reports whether a is only a callee: a depend or switch of
// function type, resolved where it is called.
func NoValue(a *ir.Apply) bool {
	if ir.IsApplyOf(a, ir.Depend) || ir.IsApplyOf(a, ir.Switch) {
		ft, isFunc := a.Type().(*lattice.Func)
		if isFunc && ir.IsApplyOf(a, ir.Switch) && len(ft.Fns) == 1 {
			// One nested graph: perhaps a closure, a value with data.
			if gf, ok := ft.Fns[0].(*lattice.GraphFn); ok && (gf.G == nil || gf.G.Parent != nil) {
				return false
			}
		}
		return isFunc
	}
	return false
}

// IndexError is the message of an index of n, a tuple or a list (both
// tuples in native code), out of range: Python's, which names which.
func IndexError(n ir.Node) string {
	if _, ok := n.Type().(*lattice.List); ok {
		return "list index out of range"
	}
	return "tuple index out of range"
}
