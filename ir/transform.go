package ir

// Transform is a source transformation of graphs made on demand: the J
// transform of reverse mode, or the JF transform of forward mode. The
// differentiator (package ad) implements it; inference, the optimizer
// and the VM use it to transform function values they meet.
type Transform interface {
	// Graph returns the transform of g. For a closure, the transform is
	// nested in a stub graph whose parameters are its free variables.
	Graph(g *Graph) *Graph
	// EnvMap says how the closure of Graph(g) is made from one of g:
	// free variable i of Graph(g) is the transform (J or JF) of free
	// variable EnvMap(g)[i] of g.
	EnvMap(g *Graph) []int
	// Fprop returns the transform of primitive p applied to arity
	// arguments.
	Fprop(p Prim, arity int) *Graph
}
