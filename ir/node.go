package ir

// Node is a node of the graph IR: *Apply, *Parameter or *Constant.
type Node interface {
	// ID is dense and unique within the node's Module.
	ID() int
	// Graph is the graph the node belongs to; nil for a Constant.
	Graph() *Graph
	Pos() Pos
	// Type is the node's inferred type, or nil before inference.
	Type() Type
	SetType(Type)
	node()
}

// Type is an abstract type assigned by inference. It is an interface here
// so that ir stays free of the lattice's details.
type Type interface{ String() string }

type nodeBase struct {
	id  int
	g   *Graph
	pos Pos
	typ Type
}

func (n *nodeBase) ID() int        { return n.id }
func (n *nodeBase) Graph() *Graph  { return n.g }
func (n *nodeBase) Pos() Pos       { return n.pos }
func (n *nodeBase) Type() Type     { return n.typ }
func (n *nodeBase) SetType(t Type) { n.typ = t }
func (n *nodeBase) node()          {}

// Apply is an application: Inputs[0] is the callee, Inputs[1:] the
// arguments. Only the Module writes Inputs.
//
// Printed form: %3 = add(x, %2)
type Apply struct {
	nodeBase
	Inputs []Node
	// seq orders the applies of a graph that the data leaves unordered
	// (Seq): the ID the apply was made with, or the seq of an older
	// apply it replaced.
	seq int
}

// Seq is a's place in the evaluation order the source gives: the
// frontend makes applies in that order, and an apply that replaces
// another (Module.Replace: a rewrite, a constant folded) takes the
// replaced one's place. Schedules run, of the applies ready, the one of
// least Seq first, so that a failing operation stays after the prints
// and asserts the source puts before it.
func (a *Apply) Seq() int { return a.seq }

// Callee is Inputs[0].
func (a *Apply) Callee() Node { return a.Inputs[0] }

// Args is Inputs[1:].
func (a *Apply) Args() []Node { return a.Inputs[1:] }

// Parameter is a parameter of one graph.
//
// Printed form: its name, as in graph f(x, y)
type Parameter struct {
	nodeBase
	Name string
}

// Constant is a value known at compile time: int64, float64, bool,
// string, None, Prim or *Graph. A Constant belongs to no graph; each use
// site gets its own Constant node.
//
// Printed form: 1, 2.5, True, "s", None, add, @g
type Constant struct {
	nodeBase
	Value any
}

// EnvKey names a free variable in an environment of sensitivities: the ID
// of the primal node it stands for. Printed: $12.
type EnvKey int

// NoneType is the type of the None constant.
type NoneType struct{}

// None is Python's None.
var None = NoneType{}

func (NoneType) String() string { return "None" }

// UndefinedType is the type of the Undefined constant.
type UndefinedType struct{}

// Undefined is the value of a variable that may be unbound where paths
// meet (assigned in a loop that may run no iteration, or on one branch
// only): a placeholder passed along with a Bool that says whether the
// variable is bound, and never read unless it is (see Check). Inference
// types it Bottom, so it joins any type; typed graphs hold it as a
// constant of the type of the parameter it is passed to, and the VM and
// native code give it a zero value.
var Undefined = UndefinedType{}

func (UndefinedType) String() string { return "undefined" }

// IsPrim reports whether n is the constant primitive p.
func IsPrim(n Node, p Prim) bool {
	c, ok := n.(*Constant)
	if !ok {
		return false
	}
	q, ok := c.Value.(Prim)
	return ok && q == p
}

// IsApplyOf reports whether n is an application of primitive p.
func IsApplyOf(n Node, p Prim) bool {
	a, ok := n.(*Apply)
	return ok && len(a.Inputs) > 0 && IsPrim(a.Inputs[0], p)
}

// GraphOf returns the graph held by constant n, or nil.
func GraphOf(n Node) *Graph {
	if c, ok := n.(*Constant); ok {
		if g, ok := c.Value.(*Graph); ok {
			return g
		}
	}
	return nil
}
