package opt

// CSE merges equal computations by structural hashing: two pure
// applications of the same function to the same inputs (the same nodes,
// or equal constants) are one. A node of a graph nested in g may be
// replaced by an equal node of g: g computes it before any closure that
// uses it is made.
//
//	%1 = mul(x, y)
//	%2 = mul(x, y)      ->    %3 = add(%1, %1)
//	%3 = add(%1, %2)
//
// Only applications of pure primitives are merged: prints and asserts
// never, and calls of graphs neither (two calls that make closures make
// two functions, which == tells apart). It runs after the local rules, which make equal things look
// equal (inlining copies the same backpropagator rule into each use).

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/myia/myia/ir"
)

// CSE is the common-subexpression pass.
func CSE(u *Unit) bool {
	an := u.analysis()
	graphs := append([]*ir.Graph(nil), an.graphs...)
	sort.SliceStable(graphs, func(i, j int) bool { return graphs[i].Depth() < graphs[j].Depth() })
	tables := map[*ir.Graph]map[string]*ir.Apply{}
	changed := false
	var b strings.Builder
	for _, g := range graphs {
		table := map[string]*ir.Apply{}
		tables[g] = table
		for _, a := range an.nodes[g] {
			if a == g.Return() || len(u.M.Users(a)) == 0 || !u.cseable(an, a) || an.isProtected(a) {
				continue
			}
			b.Reset()
			for _, in := range a.Inputs {
				writeKey(&b, in)
				b.WriteByte('|')
			}
			if t := a.Type(); t != nil {
				// Equal inputs may still be of different types: two
				// make_list() of different element types are two lists.
				b.WriteString(t.String())
			}
			key := b.String()
			var old *ir.Apply
			for h := g; h != nil && old == nil; h = h.Parent {
				old = tables[h][key]
			}
			if old != nil {
				u.M.Replace(a, old)
				changed = true
				continue
			}
			table[key] = a
		}
	}
	return changed
}

// cseable reports whether a may be merged with an equal apply.
func (u *Unit) cseable(an *analysis, a *ir.Apply) bool {
	switch f := a.Inputs[0].(type) {
	case *ir.Constant:
		switch v := f.Value.(type) {
		case ir.Prim:
			return v.Info().Pure && v != ir.Return
		}
	}
	return false
}

// writeKey writes what identifies n as an input: a node by its ID, a
// constant by its type and value (0.0 and -0.0 apart).
func writeKey(b *strings.Builder, n ir.Node) {
	c, ok := n.(*ir.Constant)
	if !ok {
		b.WriteByte('n')
		b.WriteString(strconv.Itoa(n.ID()))
		return
	}
	switch v := c.Value.(type) {
	case int64:
		b.WriteString("i" + strconv.FormatInt(v, 10))
	case float64:
		b.WriteString("f" + strconv.FormatUint(math.Float64bits(v), 16))
	case bool:
		b.WriteString("b" + strconv.FormatBool(v))
	case string:
		b.WriteString("s" + strconv.Quote(v))
	case ir.NoneType:
		b.WriteString("None")
	case ir.Prim:
		b.WriteString("p" + strconv.Itoa(int(v)))
	case ir.EnvKey:
		b.WriteString("k" + strconv.Itoa(int(v)))
	case *ir.Graph:
		b.WriteString("g" + strconv.Itoa(v.ID()))
	default:
		b.WriteString("?" + strconv.Itoa(n.ID()))
	}
}
