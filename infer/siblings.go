package infer

import (
	"fmt"
	"sort"
	"strings"

	"github.com/myia/myia/ir"
)

// Function values called at several types.
//
// A function value names, in its type, the graph it is a value of; the
// specialiser makes one clone per frame, that is per argument types. A
// value called with ints and then with floats (f = lambda x: x; f(2);
// f(1.5)), or max in a tuple called with ints and with floats, was
// called as two frames, but a typed value could name one clone: the VM
// ran the first clone with floats, and native code refused the call.
//
// Such a value is, in the typed graphs, the tuple of its clones, one per
// signature it is called with (its siblings), all made where the value
// is made (so each closure holds the free variables it needs). A call
// takes the element it calls, a primitive that takes a function (J) the
// first, and a join with another function type converts element by
// element:
//
//	graph main() {                               graph main[]() {
//	  %1 = @lambda                                  %1 = make_tuple(@lambda[Int64], @lambda[Float64])
//	  %2 = %1(2)                           ->       %2 = getitem(%1, 0)(2) : Int64
//	  %3 = %1(1.5)                                  %3 = getitem(%1, 1)(1.5) : Float64
//
// A function type of several graphs (a value that may be max or min)
// becomes the tuple whose element k is the function type of their
// clones for the k-th signature: calls pick the signature, the value
// (a tag, a closure) picks the graph at run time.

// noTables marks the values J and JF make (the transforms of function
// values): a primitive cannot make the tuple of a table, so they keep
// naming one clone per graph.
func (s *specialiser) noTables(frames []*frame) {
	s.untabled = map[string]bool{}
	for _, f := range frames {
		np := len(f.g.Params)
		for i, a := range f.gi.nodes[:len(f.gi.nodes)-1] {
			if !ir.IsApplyOf(a, ir.J) && !ir.IsApplyOf(a, ir.JF) {
				continue
			}
			if ft, ok := f.types[np+i].(*Func); ok {
				for _, fn := range ft.Fns {
					if g, ok := fn.(*GraphFn); ok {
						s.untabled[valueKey(g)] = true
					}
				}
			}
		}
	}
}

// valueKey is the key of the function values of g's graph in g's
// context, whatever constant made them in whatever frame: they share the
// frames calls of them make (keyed by graph, context and argument types).
func valueKey(g *GraphFn) string {
	c := 0
	if g.Ctx != nil {
		c = g.Ctx.FrameID()
	}
	return fmt.Sprintf("g%d/%d", g.G.ID(), c)
}

// valueFrames is the live frames calls through values of g's graph (in g's
// context) made, in the order made.
func (s *specialiser) valueFrames(g *GraphFn) []*frame {
	k := valueKey(g)
	if fam, ok := s.fams[k]; ok {
		return fam
	}
	var fam []*frame
	for _, fr := range s.in.byValue[k] {
		if s.live[fr] && fr.gi != nil && !fr.gi.block {
			fam = append(fam, fr)
		}
	}
	sort.Slice(fam, func(i, j int) bool { return fam[i].id < fam[j].id })
	s.fams[k] = fam
	return fam
}

// sigTable says how a function type becomes a tuple of specialisations.
type sigTable struct {
	sigs  []string // the argument types (argsKey) of each element
	elems []*Func  // element k: the type's members specialised for sigs[k]
	// first is the element the type named before tables: the first
	// frame each graph was called as (firstCalled), where it joins a
	// function type that is not a table.
	first int
}

func (tb *sigTable) tuple() *Tuple {
	es := make([]Type, len(tb.elems))
	for i, e := range tb.elems {
		es[i] = e
	}
	return &Tuple{Elems: es}
}

func (tb *sigTable) index(sig string) int {
	for i, x := range tb.sigs {
		if x == sig {
			return i
		}
	}
	return -1
}

// table is the sigTable of t, nil unless t is a function type whose
// values are called with several signatures: every member a graph (in
// a context) or a primitive, the graphs called through values.
func (s *specialiser) table(t Type) *sigTable {
	ft, ok := t.(*Func)
	if !ok {
		return nil
	}
	keys := make([]string, len(ft.Fns))
	for i, fn := range ft.Fns {
		switch fn := fn.(type) {
		case *GraphFn:
			keys[i] = valueKey(fn)
		case PrimFn:
			keys[i] = fn.Key()
		default:
			return nil
		}
	}
	key := strings.Join(keys, ",")
	if tb, ok := s.tables[key]; ok {
		return tb
	}
	for _, k := range keys {
		if s.untabled[k] {
			s.tables[key] = nil
			return nil
		}
	}
	tb := s.makeTable(ft)
	s.tables[key] = tb
	return tb
}

func (s *specialiser) makeTable(ft *Func) *sigTable {
	tb := &sigTable{}
	bySig := map[*GraphFn]map[string]*frame{}
	var firstSig string
	for _, fn := range ft.Fns {
		g, ok := fn.(*GraphFn)
		if !ok {
			continue
		}
		fam := s.valueFrames(g)
		if len(fam) == 0 {
			return nil // never called: the type names no clone to call
		}
		bySig[g] = map[string]*frame{}
		for _, fr := range fam {
			sig := argsKey(fr.args)
			bySig[g][sig] = fr
			if tb.index(sig) < 0 {
				tb.sigs = append(tb.sigs, sig)
			}
		}
		if firstSig == "" {
			if fr := s.firstCalled(g); fr != nil {
				firstSig = argsKey(fr.args)
			}
		}
	}
	if len(tb.sigs) < 2 {
		return nil
	}
	for _, sig := range tb.sigs {
		fns := make([]Fn, len(ft.Fns))
		for i, fn := range ft.Fns {
			fns[i] = fn
			if g, ok := fn.(*GraphFn); ok {
				fr, ok := bySig[g][sig]
				if !ok {
					// Never called so through a value of this type (a
					// call of it calls every member): any clone.
					fr = s.valueFrames(g)[0]
				}
				fns[i] = &GraphFn{G: fr.clone, Track: g.Track}
			}
		}
		tb.elems = append(tb.elems, &Func{Fns: fns})
	}
	tb.first = max(tb.index(firstSig), 0)
	return tb
}

// firstCalled is the first live frame g was called as: the graph the
// type of a value of g names, where the type is not a table.
func (s *specialiser) firstCalled(g *GraphFn) *frame {
	keys := []string{g.Key()}
	if g.From != nil {
		// The calls may have met the function value without where it
		// was made (a tuple of closures made in a loop, iterated by
		// another).
		keys = append(keys, (&GraphFn{G: g.G, Ctx: g.Ctx, Track: g.Track}).Key())
	}
	for _, k := range keys {
		for _, fr := range s.in.uses[k] {
			if s.live[fr] {
				return fr
			}
		}
	}
	return nil
}

// element is, in g, element k of x, a value of the table tb.
func (s *specialiser) element(g *ir.Graph, x ir.Node, tb *sigTable, k int) ir.Node {
	pos := x.Pos()
	kc := s.in.m.Const(int64(k), pos)
	kc.SetType(IntOf(int64(k)))
	return s.primApply(g, pos, ir.GetItem, tb.elems[k], x, kc)
}

// primApply is p(args...) in g, of type t.
func (s *specialiser) primApply(g *ir.Graph, pos ir.Pos, p ir.Prim, t Type, args ...ir.Node) *ir.Apply {
	m := s.in.m
	c := m.Const(p, pos)
	c.SetType(primFuncs[p])
	a := m.Apply(g, pos, append([]ir.Node{c}, args...)...)
	a.SetType(t)
	return a
}

// passesOn reports whether input i of primitive p is passed on as a
// value (stored, selected, returned) rather than used: a table's tuple
// may go there as it is; elsewhere (J, zeros_like) the primitive takes
// the first element.
func passesOn(p ir.Prim, i int) bool {
	switch p {
	case ir.MakeTuple, ir.MakeList, ir.Depend, ir.ListPush:
		return true
	case ir.GetItem:
		return i == 1
	case ir.Switch:
		return i >= 2
	case ir.TupleSetItem:
		return i == 1 || i == 3
	case ir.Check:
		return i == 3
	}
	return false
}

// tableInputs takes, at a call of a function value that is a table's
// tuple, the element of the signature the call calls, and at a
// primitive that uses a function value, the first.
func (s *specialiser) tableInputs(f *frame, a *ir.Apply, in []ir.Node) {
	var p ir.Prim
	c, isPrim := a.Inputs[0].(*ir.Constant)
	if isPrim {
		p, isPrim = c.Value.(ir.Prim)
	}
	for k, x := range a.Inputs {
		if k > 0 && (!isPrim || passesOn(p, k)) {
			continue
		}
		tb := s.table(s.in.typeOf(f, x))
		if tb == nil {
			continue
		}
		if _, ok := in[k].Type().(*Tuple); !ok {
			continue // called directly: the constant names the callee
		}
		i := tb.first
		if k == 0 {
			for _, fr := range f.calls[a] {
				if j := tb.index(argsKey(fr.args)); j >= 0 && fr.gi != nil && !fr.gi.block {
					i = j
					break
				}
			}
		}
		in[k] = s.element(f.clone, in[k], tb, i)
	}
}

// tableConv is n, of type from, where a value of type to is expected,
// when either is a table (ok false otherwise): the same tuple, a tuple
// of the elements of the same signatures, or the first element where
// to is not a table.
func (s *specialiser) tableConv(g *ir.Graph, n ir.Node, from, to Type) (ir.Node, bool) {
	ftb, ttb := s.table(from), s.table(to)
	switch {
	case ftb == nil && ttb == nil:
		return n, false
	case ftb == ttb:
		return n, true
	case ftb != nil:
		if _, ok := n.Type().(*Tuple); !ok {
			return n, true // a direct call's constant
		}
		if ttb == nil {
			return s.element(g, n, ftb, ftb.first), true
		}
		es := make([]ir.Node, len(ttb.sigs))
		for k, sig := range ttb.sigs {
			j := ftb.index(sig)
			if j < 0 {
				j = ftb.first
			}
			es[k] = s.element(g, n, ftb, j)
		}
		return s.primApply(g, n.Pos(), ir.MakeTuple, ttb.tuple(), es...), true
	default:
		if _, ok := from.(*Func); !ok {
			return n, true
		}
		// One graph's value, called as one signature, where a table is
		// expected: it is each element.
		es := make([]ir.Node, len(ttb.sigs))
		for k := range es {
			es[k] = n
		}
		return s.primApply(g, n.Pos(), ir.MakeTuple, ttb.tuple(), es...), true
	}
}
