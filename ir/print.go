package ir

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Printing is deterministic and names things at print time: parameters by
// source name, applies %1, %2, ... in topological order within their
// graph, graphs by name (made unique across the module with a suffix).
// A node of an enclosing graph prints as graph.name, e.g. f.x or f.%2.

// Namer assigns print names to graphs and nodes of one module.
type Namer struct {
	graphs map[*Graph]string
	nodes  map[Node]string
}

// NewNamer names every graph of m.
func NewNamer(m *Module) *Namer {
	nm := &Namer{graphs: map[*Graph]string{}, nodes: map[Node]string{}}
	count := map[string]int{}
	for _, g := range m.graphs {
		count[g.Name]++
	}
	seen := map[string]int{}
	for _, g := range m.graphs {
		name := g.Name
		if count[name] > 1 {
			seen[name]++
			if seen[name] > 1 {
				name = fmt.Sprintf("%s~%d", name, seen[name])
			}
		}
		nm.graphs[g] = name
	}
	return nm
}

// Graph returns g's print name.
func (nm *Namer) Graph(g *Graph) string {
	if s, ok := nm.graphs[g]; ok {
		return s
	}
	return g.Name
}

func (nm *Namer) nameGraph(g *Graph) {
	if _, done := nm.nodes[g.ret]; done || g.ret == nil {
		return
	}
	used := map[string]int{}
	for _, p := range g.Params {
		name := p.Name
		if used[name] > 0 {
			name = fmt.Sprintf("%s.%d", name, used[name])
		}
		used[p.Name]++
		nm.nodes[p] = name
	}
	for i, a := range g.Nodes() {
		nm.nodes[a] = "%" + strconv.Itoa(i+1)
	}
}

// Ref returns how node n prints when used inside graph g.
func (nm *Namer) Ref(n Node, g *Graph) string {
	switch n := n.(type) {
	case *Constant:
		return ConstString(n.Value, nm)
	default:
		owner := n.Graph()
		if owner != nil {
			nm.nameGraph(owner)
		}
		s, ok := nm.nodes[n]
		if !ok {
			s = fmt.Sprintf("%%?%d", n.ID())
		}
		if owner != g && owner != nil {
			return nm.Graph(owner) + "." + s
		}
		return s
	}
}

// ConstString prints a constant value; nm may be nil.
func ConstString(v any, nm *Namer) string {
	switch v := v.(type) {
	case int64:
		return strconv.FormatInt(v, 10)
	case float64:
		return FloatRepr(v)
	case bool:
		if v {
			return "True"
		}
		return "False"
	case string:
		return strconv.Quote(v)
	case NoneType:
		return "None"
	case UndefinedType:
		return "undefined"
	case Prim:
		return v.String()
	case EnvKey:
		return "$" + strconv.Itoa(int(v))
	case *Graph:
		if nm != nil {
			return "@" + nm.Graph(v)
		}
		return "@" + v.Name
	}
	return fmt.Sprintf("?%v", v)
}

// FloatRepr formats f as Python's repr does: the shortest string that
// reads back as f, in fixed notation for exponents in [-4, 16) and with a
// ".0" for integral values.
func FloatRepr(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.IsNaN(f):
		return "nan"
	}
	s := strconv.FormatFloat(f, 'e', -1, 64) // d.ddde±XX
	mant, expS, _ := strings.Cut(s, "e")
	exp, _ := strconv.Atoi(expS)
	neg := strings.HasPrefix(mant, "-")
	mant = strings.TrimPrefix(mant, "-")
	digits := strings.Replace(mant, ".", "", 1)
	var out string
	if exp < -4 || exp >= 16 {
		out = digits[:1]
		if len(digits) > 1 {
			out += "." + digits[1:]
		}
		sign := "+"
		if exp < 0 {
			sign, exp = "-", -exp
		}
		out += fmt.Sprintf("e%s%02d", sign, exp)
	} else if exp < 0 {
		out = "0." + strings.Repeat("0", -exp-1) + digits
	} else if len(digits) <= exp+1 {
		out = digits + strings.Repeat("0", exp+1-len(digits)) + ".0"
	} else {
		out = digits[:exp+1] + "." + digits[exp+1:]
	}
	if neg {
		out = "-" + out
	}
	return out
}

// Fprint writes g and the graphs nested in it that it references,
// transitively, in a deterministic order.
func Fprint(w io.Writer, g *Graph) {
	nm := NewNamer(g.m)
	for _, h := range Family(g) {
		nm.PrintGraph(w, h)
	}
}

// Family returns g followed by the graphs lexically nested in g that g
// references, directly or through each other, in order of first
// reference.
func Family(g *Graph) []*Graph {
	out := []*Graph{g}
	seen := map[*Graph]bool{g: true}
	for i := 0; i < len(out); i++ {
		for _, a := range out[i].Nodes() {
			for _, in := range a.Inputs {
				if h := GraphOf(in); h != nil && !seen[h] && g.IsAncestorOf(h) {
					seen[h] = true
					out = append(out, h)
				}
			}
		}
	}
	return out
}

// PrintGraph writes one graph.
func (nm *Namer) PrintGraph(w io.Writer, g *Graph) {
	nm.nameGraph(g)
	var params []string
	for _, p := range g.Params {
		params = append(params, nm.Ref(p, g))
	}
	fmt.Fprintf(w, "graph %s(%s)", nm.Graph(g), strings.Join(params, ", "))
	if g.Pos.IsValid() {
		fmt.Fprintf(w, " @%d:%d", g.Pos.Line, g.Pos.Col)
	}
	if g.Parent != nil {
		fmt.Fprintf(w, " in %s", nm.Graph(g.Parent))
	}
	fmt.Fprintln(w, " {")
	if fvs := g.m.FreeVariables(g); len(fvs) > 0 {
		var names []string
		for _, v := range fvs {
			names = append(names, nm.Ref(v, g))
		}
		fmt.Fprintf(w, "  # free: %s\n", strings.Join(names, ", "))
	}
	for _, a := range g.Nodes() {
		var args []string
		for _, in := range a.Args() {
			args = append(args, nm.Ref(in, g))
		}
		typ := ""
		if a.typ != nil {
			typ = " : " + a.typ.String()
		}
		if a == g.ret {
			fmt.Fprintf(w, "  return %s%s\n", strings.Join(args, ", "), typ)
			continue
		}
		fmt.Fprintf(w, "  %s = %s(%s)%s\n", nm.Ref(a, g), nm.Ref(a.Inputs[0], g), strings.Join(args, ", "), typ)
	}
	fmt.Fprintln(w, "}")
}

// Reach returns g followed by the top-level graphs that g's family
// refers to, transitively, for which keep is true, in order of first
// reference: what to print to show a function with its callees.
func Reach(g *Graph, keep func(*Graph) bool) []*Graph {
	out := []*Graph{g}
	seen := map[*Graph]bool{g: true}
	for i := 0; i < len(out); i++ {
		for _, h := range Family(out[i]) {
			for _, a := range h.Nodes() {
				for _, in := range a.Inputs {
					k := GraphOf(in)
					for k != nil && k.Parent != nil {
						k = k.Parent
					}
					if k != nil && !seen[k] && keep(k) {
						seen[k] = true
						out = append(out, k)
					}
				}
			}
		}
	}
	return out
}
