package ir

import (
	"fmt"
	"io"
	"strings"
)

// Dot writes g and its Family as a Graphviz digraph: one cluster per
// graph, labelled with the graph's header line; one node per parameter
// (an ellipse) and per apply (a box labelled as in the text form,
// "%3 = add(x, %2)"; the return node "return %3"); an edge from each
// input to its user. A use of a node of an enclosing graph (a free
// variable) is a dashed edge; a use of a graph as a value is a dotted
// edge from that graph's return node, or from a small "@g" node when g
// is not drawn. Constants are written inside their user's label, as in
// the text form. The output is deterministic: graphs in Family order,
// nodes in Nodes order.
//
//	digraph "f" {
//	  compound=true;
//	  subgraph cluster_0 {
//	    label="graph f(x) @1:1";
//	    n3 [shape=ellipse, label="x"];
//	    n7 [label="%1 = add(x, 1)"];
//	    n9 [label="return %1", style=bold];
//	  }
//	  n3 -> n7;
//	  n7 -> n9;
//	}
func Dot(w io.Writer, g *Graph) {
	nm := NewNamer(g.m)
	fam := Family(g)
	drawn := map[*Graph]bool{}
	for _, h := range fam {
		drawn[h] = true
	}
	// Nodes are numbered in order of appearance, not by ID, so that the
	// output does not change when unrelated graphs are added.
	ids := map[Node]int{}
	id := func(n Node) int {
		if k, ok := ids[n]; ok {
			return k
		}
		ids[n] = len(ids) + 1
		return ids[n]
	}
	for _, h := range fam {
		for _, p := range h.Params {
			id(p)
		}
		for _, a := range h.Nodes() {
			id(a)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "digraph %s {\n", dotQuote(nm.Graph(g)))
	b.WriteString("  compound=true;\n  node [shape=box, fontname=\"monospace\"];\n  graph [fontname=\"monospace\"];\n")
	var edges []string
	outside := map[string]bool{} // extra nodes already written
	var extra []string
	for ci, h := range fam {
		nm.nameGraph(h)
		fmt.Fprintf(&b, "  subgraph cluster_%d {\n", ci)
		fmt.Fprintf(&b, "    label=%s;\n", dotQuote(dotHeader(nm, h)))
		for _, p := range h.Params {
			fmt.Fprintf(&b, "    n%d [shape=ellipse, label=%s];\n", id(p), dotQuote(nm.Ref(p, h)))
		}
		for _, a := range h.Nodes() {
			label, style := dotLabel(nm, h, a), ""
			if a == h.ret {
				style = ", style=bold"
			}
			fmt.Fprintf(&b, "    n%d [label=%s%s];\n", id(a), dotQuote(label), style)
			for i, in := range a.Inputs {
				switch in := in.(type) {
				case *Constant:
					sub, ok := in.Value.(*Graph)
					if !ok {
						continue
					}
					if drawn[sub] && sub.ret != nil {
						edges = append(edges, fmt.Sprintf("  n%d -> n%d [style=dotted, constraint=false, ltail=cluster_%d];\n",
							id(sub.ret), id(a), indexOf(fam, sub)))
						continue
					}
					gid := "g" + fmt.Sprint(sub.ID())
					if !outside[gid] {
						outside[gid] = true
						extra = append(extra, fmt.Sprintf("  %s [shape=plaintext, label=%s];\n", gid, dotQuote("@"+nm.Graph(sub))))
					}
					edges = append(edges, fmt.Sprintf("  %s -> n%d [style=dotted, constraint=false];\n", gid, id(a)))
				default:
					var attrs []string
					if in.Graph() != h {
						attrs = append(attrs, "style=dashed")
						if !drawn[in.Graph()] {
							nid := fmt.Sprintf("n%d", id(in))
							if !outside[nid] {
								outside[nid] = true
								extra = append(extra, fmt.Sprintf("  %s [shape=ellipse, style=dashed, label=%s];\n", nid, dotQuote(nm.Ref(in, nil))))
							}
						}
					}
					if len(a.Inputs) > 2 && i > 0 {
						attrs = append(attrs, fmt.Sprintf("headlabel=\"%d\"", i))
					}
					attr := ""
					if len(attrs) > 0 {
						attr = " [" + strings.Join(attrs, ", ") + "]"
					}
					edges = append(edges, fmt.Sprintf("  n%d -> n%d%s;\n", id(in), id(a), attr))
				}
			}
		}
		b.WriteString("  }\n")
	}
	for _, s := range extra {
		b.WriteString(s)
	}
	for _, s := range edges {
		b.WriteString(s)
	}
	b.WriteString("}\n")
	io.WriteString(w, b.String())
}

// dotHeader is a graph's first line in the text form, without the brace.
func dotHeader(nm *Namer, g *Graph) string {
	var params []string
	for _, p := range g.Params {
		params = append(params, nm.Ref(p, g))
	}
	s := fmt.Sprintf("graph %s(%s)", nm.Graph(g), strings.Join(params, ", "))
	if g.Pos.IsValid() {
		s += fmt.Sprintf(" @%d:%d", g.Pos.Line, g.Pos.Col)
	}
	if g.Parent != nil {
		s += " in " + nm.Graph(g.Parent)
	}
	return s
}

// dotLabel is an apply's line in the text form.
func dotLabel(nm *Namer, g *Graph, a *Apply) string {
	var args []string
	for _, in := range a.Args() {
		args = append(args, nm.Ref(in, g))
	}
	typ := ""
	if a.typ != nil {
		typ = " : " + a.typ.String()
	}
	if a == g.ret {
		return "return " + strings.Join(args, ", ") + typ
	}
	return fmt.Sprintf("%s = %s(%s)%s", nm.Ref(a, g), nm.Ref(a.Inputs[0], g), strings.Join(args, ", "), typ)
}

func indexOf(gs []*Graph, g *Graph) int {
	for i, h := range gs {
		if h == g {
			return i
		}
	}
	return -1
}

// dotQuote quotes s as a DOT string.
func dotQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
