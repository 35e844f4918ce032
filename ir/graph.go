package ir

import "container/heap"

// Graph is a function: parameters, a return node, and a lexical parent
// (nil for a top-level function). Its body is every Apply reachable from
// the return node that belongs to it.
//
// Printed form:
//
//	graph f(x, y) @f.py:1:1 {
//	  ...
//	  return %4
//	}
type Graph struct {
	id     int
	Name   string
	Pos    Pos
	Params []*Parameter
	// Defaults holds one node per trailing parameter that has a default
	// value (len(Defaults) <= len(Params)): constants, or nodes of an
	// enclosing graph, evaluated where the def stands and captured with
	// the closure (they count among its free variables).
	Defaults []Node
	// Unused holds the applies of statements of g whose value may be
	// used by nothing (y = t + 1 with y never read, an expression
	// statement): they are not part of g's body unless it reaches them,
	// and never run then, but the first inference (the joins pass,
	// before the optimizer edits graphs) types them, so that their type
	// errors are reported as CPython raises them. Only the builder
	// sets them; no other pass reads or copies them.
	Unused []*Apply
	Parent *Graph
	// Kind says what source construct the graph came from.
	Kind GraphKind
	// VJP is the hand-written backward rule of a custom_vjp function.
	VJP    *CustomVJP
	ret    *Apply
	m      *Module
	consts []*Constant // constants that hold this graph
}

// CustomVJP pairs a function with its rule, as JAX's custom_vjp:
// Fwd(x...) returns (out, residuals) and Bwd(residuals, dout) returns the
// tuple of the arguments' cotangents.
type CustomVJP struct {
	Fwd, Bwd *Graph
}

// GraphKind says what made a graph: a def, a lambda, or a block of a
// function's control flow.
type GraphKind uint8

const (
	KindFunction GraphKind = iota // def
	KindLambda                    // lambda
	KindBranch                    // a branch of an if, or of a conditional expression
	KindJoin                      // the code after an if
	KindLoop                      // a loop header (tail-recursive)
	KindLoopBody                  // a loop body
	KindAfter                     // the code after a loop
	KindStdlib                    // written in stdlib/
	KindBackprop                  // made by the J transform
)

// ID is the graph's dense index in its Module.
func (g *Graph) ID() int { return g.id }

// Module is the manager that owns the graph.
func (g *Graph) Module() *Module { return g.m }

// Return is the graph's return node: return(value).
func (g *Graph) Return() *Apply { return g.ret }

// Output is the value the graph returns, or nil before it is set.
func (g *Graph) Output() Node {
	if g.ret == nil {
		return nil
	}
	return g.ret.Inputs[1]
}

// Constants lists the constants that hold g (some may be unused).
func (g *Graph) Constants() []*Constant { return g.consts }

// IsAncestorOf reports whether g is h or encloses h lexically.
func (g *Graph) IsAncestorOf(h *Graph) bool {
	for ; h != nil; h = h.Parent {
		if h == g {
			return true
		}
	}
	return false
}

// Depth is the number of lexical ancestors of g.
func (g *Graph) Depth() int {
	d := 0
	for p := g.Parent; p != nil; p = p.Parent {
		d++
	}
	return d
}

// Nodes returns the Apply nodes of g, in a topological order (inputs
// before users; of the applies whose inputs come before them, the one of
// least Seq first), ending with the return node. They are the applies of
// g reachable from its return node, where a constant holding a closure
// nested in g also reaches the nodes of g that the closure captures.
// Nodes of other graphs are not entered.
//
// Seq keeps the order in which the frontend made the applies, the
// source's evaluation order, through the passes that rewrite applies or
// copy graphs in this order: in print(...); return x // y, the print
// stays before the division, which may fail.
func (g *Graph) Nodes() []*Apply {
	if g.ret == nil {
		return nil
	}
	g.m.ensureFV()
	return g.walk(g.m.fv)
}

// walk is Nodes with the free variables of nested graphs given by fv.
func (g *Graph) walk(fv [][]Node) []*Apply {
	if g.ret == nil {
		return nil
	}
	var order []*Apply
	seen := make(map[int]bool)
	type item struct {
		a    *Apply
		deps []Node
		i    int
	}
	deps := func(a *Apply) []Node {
		out := a.Inputs
		for _, in := range a.Inputs {
			if h := GraphOf(in); h != nil && h.Parent != nil && h.id < len(fv) && len(fv[h.id]) > 0 {
				if len(out) == len(a.Inputs) {
					out = append([]Node(nil), a.Inputs...)
				}
				out = append(out, fv[h.id]...)
			}
		}
		return out
	}
	stack := []item{{g.ret, deps(g.ret), 0}}
	seen[g.ret.id] = true
	sorted := true // the DFS order is already by Seq
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.i == len(top.deps) {
			if n := len(order); n > 0 && order[n-1].seq > top.a.seq && top.a != g.ret {
				sorted = false
			}
			order = append(order, top.a)
			stack = stack[:len(stack)-1]
			continue
		}
		in := top.deps[top.i]
		top.i++
		if a, ok := in.(*Apply); ok && a.g == g && !seen[a.id] {
			seen[a.id] = true
			stack = append(stack, item{a, deps(a), 0})
		}
	}
	if sorted {
		return order
	}
	return bySeq(g, order, deps)
}

// bySeq reorders order, a topological order of g's applies, so that of
// the applies whose inputs come before them, the one of least Seq comes
// first (Kahn's algorithm with a heap).
func bySeq(g *Graph, order []*Apply, deps func(*Apply) []Node) []*Apply {
	pos := make(map[*Apply]int, len(order))
	for i, a := range order {
		pos[a] = i
	}
	waiting := make([]int, len(order))
	users := make([][]int, len(order))
	for i, a := range order {
		for _, in := range deps(a) {
			if b, ok := in.(*Apply); ok && b.g == g {
				if j, ok := pos[b]; ok && j != i {
					users[j] = append(users[j], i)
					waiting[i]++
				}
			}
		}
	}
	h := &seqHeap{order: order}
	for i := range order {
		if waiting[i] == 0 {
			heap.Push(h, i)
		}
	}
	out := make([]*Apply, 0, len(order))
	for h.Len() > 0 {
		i := heap.Pop(h).(int)
		out = append(out, order[i])
		for _, u := range users[i] {
			if waiting[u]--; waiting[u] == 0 {
				heap.Push(h, u)
			}
		}
	}
	if len(out) != len(order) {
		return order // a cycle through the free variables of closures: keep the DFS's order
	}
	return out
}

// seqHeap is a min-heap of indices into order, by Seq then ID. (The
// return node, which every other apply reaches, comes out last.)
type seqHeap struct {
	order []*Apply
	is    []int
}

func (h *seqHeap) Len() int { return len(h.is) }
func (h *seqHeap) Less(i, j int) bool {
	a, b := h.order[h.is[i]], h.order[h.is[j]]
	if a.seq != b.seq {
		return a.seq < b.seq
	}
	return a.id < b.id
}
func (h *seqHeap) Swap(i, j int) { h.is[i], h.is[j] = h.is[j], h.is[i] }
func (h *seqHeap) Push(x any)    { h.is = append(h.is, x.(int)) }
func (h *seqHeap) Pop() any {
	x := h.is[len(h.is)-1]
	h.is = h.is[:len(h.is)-1]
	return x
}
