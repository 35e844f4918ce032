package plan

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/myia/myia/ir"
	lattice "github.com/myia/myia/ir/types"
)

// Unsupported is a construct a backend refuses: the error names it.
type Unsupported struct{ What string }

func (u Unsupported) Error() string { return u.What }

// Callees resolves function values of a module to the one function each
// is.
type Callees struct {
	M      *ir.Module
	tracks map[int][]*ir.Graph
}

// Callee is the one function a function value of type t is: a graph
// without free variables or a primitive. A function value that may be
// several functions, or a closure, is refused.
func (cs *Callees) Callee(t *lattice.Func) (lattice.Fn, error) {
	if len(t.Fns) != 1 {
		return nil, Unsupported{"a function value that may be one of several functions (" + TypeString(t) + ")"}
	}
	switch fn := t.Fns[0].(type) {
	case lattice.PrimFn:
		return fn, nil
	case *lattice.GraphFn:
		g := fn.G
		if g != nil && (g.Output() == nil || g.Output().Type() == nil) {
			// A graph that was not typed (a type made before its
			// function was specialised): the typed graph of the same
			// constant, if there is one.
			if t := cs.byTrack(fn.Track); t != nil {
				g = t
				fn = &lattice.GraphFn{G: g, Track: fn.Track}
			}
		}
		if g == nil {
			g = cs.byTrack(fn.Track)
			if g == nil {
				return nil, Unsupported{fmt.Sprintf("a function value whose graph is not known (track %d)", fn.Track)}
			}
			fn = &lattice.GraphFn{G: g, Track: fn.Track}
		}
		return fn, nil
	}
	return nil, Unsupported{"a function value " + TypeString(t)}
}

// Graphs are the graphs a function value of type t may be, each once,
// by ID; a primitive or a graph that is not known is refused.
func (cs *Callees) Graphs(t *lattice.Func) ([]*ir.Graph, error) {
	gs, prims, err := cs.Members(t)
	if err == nil && len(prims) > 0 {
		err = Unsupported{"a function value that may be one of several functions, not all graphs (" + TypeString(t) + ")"}
	}
	return gs, err
}

// Members are the graphs (each once, by ID) and the primitives (each
// once, in the order of ir.Prim) a function value of type t may be: the
// order of the tags of a value that may be one of several (a union of
// graphs, KUnion; with primitives, KFnTag). A graph that is not known
// is refused.
func (cs *Callees) Members(t *lattice.Func) ([]*ir.Graph, []ir.Prim, error) {
	var gs []*ir.Graph
	var prims []ir.Prim
	for _, f := range t.Fns {
		fn, err := cs.Callee(&lattice.Func{Fns: []lattice.Fn{f}})
		if err != nil {
			return nil, nil, err
		}
		switch fn := fn.(type) {
		case *lattice.GraphFn:
			gs = appendOnce(gs, fn.G)
		case lattice.PrimFn:
			if !slices.Contains(prims, fn.P) {
				prims = append(prims, fn.P)
			}
		}
	}
	if len(gs)+len(prims) == 0 {
		return nil, nil, Unsupported{"a function value " + TypeString(t)}
	}
	sort.Slice(gs, func(i, j int) bool { return gs[i].ID() < gs[j].ID() })
	slices.Sort(prims)
	return gs, prims, nil
}

// byTrack finds the typed graph made by the constant whose ID is track.
// Inference leaves GraphFn.G nil in the types of parameters that hold a
// function specialised after the parameter's graph was cloned; the
// constants of the typed graphs that make the function carry the graph
// and the same Track. Several graphs (one closure specialised twice)
// give nil.
func (cs *Callees) byTrack(track int) *ir.Graph {
	if cs.tracks == nil {
		cs.tracks = map[int][]*ir.Graph{}
		for _, g := range cs.M.Graphs() {
			for _, c := range g.Constants() {
				ft, ok := c.Type().(*lattice.Func)
				if !ok || len(ft.Fns) != 1 {
					continue
				}
				if gf, ok := ft.Fns[0].(*lattice.GraphFn); ok && gf.G == g {
					cs.tracks[gf.Track] = appendOnce(cs.tracks[gf.Track], g)
				}
			}
		}
	}
	if gs := cs.tracks[track]; len(gs) == 1 {
		return gs[0]
	}
	return nil
}

func appendOnce(gs []*ir.Graph, g *ir.Graph) []*ir.Graph {
	for _, h := range gs {
		if h == g {
			return gs
		}
	}
	return append(gs, g)
}

// FVNames names the parameters among fv, or counts the values.
func FVNames(fv []ir.Node) string {
	var names []string
	for _, v := range fv {
		if p, ok := v.(*ir.Parameter); ok {
			names = append(names, p.Name)
		}
	}
	if len(names) == 0 {
		return fmt.Sprintf("%d values", len(fv))
	}
	return strings.Join(names, ", ")
}

// ShortName is a graph's name without its specialisation: euler[Int64].for14 -> euler.for14.
func ShortName(g *ir.Graph) string {
	name := g.Name
	for {
		i := strings.IndexByte(name, '[')
		if i < 0 {
			return name
		}
		depth, j := 0, i
		for ; j < len(name); j++ {
			if name[j] == '[' {
				depth++
			} else if name[j] == ']' {
				depth--
				if depth == 0 {
					break
				}
			}
		}
		if j == len(name) {
			return name[:i]
		}
		name = name[:i] + name[j+1:]
	}
}

// FuncName is the Python name of the function a graph belongs to, for
// tracebacks: the top-level function's name for its blocks.
func FuncName(g *ir.Graph) string {
	for g.Parent != nil && g.Kind != ir.KindFunction && g.Kind != ir.KindLambda {
		g = g.Parent
	}
	name := ShortName(g)
	if g.Kind == ir.KindLambda {
		return "<lambda>"
	}
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	return name
}

// TypeString is t.String(), or a placeholder where a function type
// holds a graph inference left unknown (GraphFn.G nil).
func TypeString(t ir.Type) (s string) {
	defer func() {
		if recover() != nil {
			s = "a function of a graph not known"
		}
	}()
	return t.String()
}

// FpropIndex is the index among members of the forward graph of the
// primitive p (graphOf gives a member's graph, nil for none), or -1: J
// of a function value that may be one of several primitives is a union
// of their forward graphs, in another order. The forward graph of p
// returns (p(x0, ..., xn), bprop) of its parameters, as ad's Fprop makes
// it; one the typed optimizer rewrote is found by its name, fprop_p.
func FpropIndex[T any](members []T, p ir.Prim, graphOf func(T) *ir.Graph) int {
	for i, m := range members {
		if g := graphOf(m); g != nil && isFprop(g, p) {
			return i
		}
	}
	for i, m := range members {
		if g := graphOf(m); g != nil && strings.HasPrefix(g.Name, "fprop_"+p.String()+"[") {
			return i
		}
	}
	return -1
}

func isFprop(g *ir.Graph, p ir.Prim) bool {
	out, ok := g.Output().(*ir.Apply)
	if !ok || !ir.IsApplyOf(out, ir.MakeTuple) || len(out.Inputs) != 3 {
		return false
	}
	v, ok := out.Inputs[1].(*ir.Apply)
	if !ok || !ir.IsApplyOf(v, p) || len(v.Inputs)-1 != len(g.Params) {
		return false
	}
	for i, x := range v.Inputs[1:] {
		if x != ir.Node(g.Params[i]) {
			return false
		}
	}
	return true
}

// MemberMap maps each member of a union from to the index of the member
// of to with the same key, or is nil if one has none.
func MemberMap[T any](from, to []T, key func(T) string) []int {
	idx := make([]int, len(from))
	for i, m := range from {
		idx[i] = -1
		for j, n := range to {
			if key(n) == key(m) {
				idx[i] = j
				break
			}
		}
		if idx[i] < 0 {
			return nil
		}
	}
	return idx
}

// JGraphIndex is the index among members of J of the graph g, a
// function without free variables (graphOf gives a member's graph, nil
// for none), or -1 when no member or more than one may be it: J of a
// graph named f is named fprop_f (ad's J transform), specialised as g
// is.
func JGraphIndex[T any](members []T, g *ir.Graph, graphOf func(T) *ir.Graph) int {
	return transformIndex(members, "fprop_", g, len(g.Params), graphOf)
}

// JFGraphIndex is JGraphIndex for forward mode: JF of a graph named f
// is named jvp_f, and takes each argument with its tangent.
func JFGraphIndex[T any](members []T, g *ir.Graph, graphOf func(T) *ir.Graph) int {
	return transformIndex(members, "jvp_", g, 2*len(g.Params), graphOf)
}

// JFPrimIndex is the index among members of JF of the primitive p,
// named jvp_p (ad's forward rules), or -1.
func JFPrimIndex[T any](members []T, p ir.Prim, graphOf func(T) *ir.Graph) int {
	found := -1
	for i, m := range members {
		if h := graphOf(m); h != nil && ShortName(h) == "jvp_"+p.String() {
			if found >= 0 {
				return -1
			}
			found = i
		}
	}
	return found
}

func transformIndex[T any](members []T, prefix string, g *ir.Graph, params int, graphOf func(T) *ir.Graph) int {
	want := prefix + ShortName(g)
	found := -1
	for i, m := range members {
		if h := graphOf(m); h != nil && ShortName(h) == want && len(h.Params) == params {
			if found >= 0 {
				return -1
			}
			found = i
		}
	}
	return found
}
