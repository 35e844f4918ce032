package infer

import "github.com/myia/myia/ir"

// ConvertJoins makes the untyped graphs join numbers as the typed ones
// do (LANGUAGE.md: an int and a float join to a float). It infers types
// from entry without specialising, finds the places where the
// specialiser would convert an int or a bool (convert.go), and converts
// there in the untyped graphs themselves:
//
//	graph relu(x) {                       graph relu(x) {
//	  %1 = switch(%c, x, 0)        ->       %1 = switch(%c, x, to_float(0))
//
// so that the VM, the optimizer's constant folding and the native code
// all compute relu(-1.0) as 0.0. It runs before the untyped optimizer:
// folding a switch on a constant must not bring an int back where the
// join said float.
//
// A place is converted only where every specialisation of its graph
// converts it, to the same type: a function called with an int here and a
// float there keeps, untyped, what each call gives (its typed clones
// still convert). It returns the number of places converted; inference
// errors are left to the inference that follows the optimizer.
func ConvertJoins(m *ir.Module, entry *ir.Graph, args []Type, opt Options) (n int, err error) {
	if opt.MaxSpecs <= 0 {
		opt.MaxSpecs = 200
	}
	if len(args) != len(entry.Params) {
		return 0, nil
	}
	opt.Unused = true // the graphs are the builder's still
	in, top, err := analyse(m, entry, args, opt)
	if err != nil {
		return 0, err
	}
	frames := in.reachable(top)
	live := make(map[*frame]bool, len(frames))
	for _, f := range frames {
		live[f] = true
	}
	s := &specialiser{in: in, live: live}
	s.branchOutputs(frames)
	j := &joins{sites: map[site]*siteTypes{}, frames: map[*ir.Graph]int{}}
	for _, f := range frames {
		j.frames[f.g]++
		j.frame(s, f)
	}
	return j.convert(m), nil
}

// site is input i of apply a, or with i == -1 the value a computes.
type site struct {
	a *ir.Apply
	i int
}

// siteTypes is what the frames that reach a site say of it: the type its
// value joins to (the same in every frame, or mixed), and whether some
// frame brings a value of another type there.
type siteTypes struct {
	to    Type
	mixed bool
	needs bool
	// by are the frames that reach the site: a site that some frame of
	// its graph does not convert (the getitem of a loop over a list, in
	// a function also called with a tuple of an int and a float) is not
	// converted in the untyped graph.
	by map[*frame]bool
}

type joins struct {
	sites map[site]*siteTypes
	order []site
	// frames counts the live frames of each graph.
	frames map[*ir.Graph]int
}

func (j *joins) note(f *frame, a *ir.Apply, i int, from, to Type) {
	k := site{a, i}
	st, ok := j.sites[k]
	if !ok {
		st = &siteTypes{to: to, by: map[*frame]bool{}}
		j.sites[k] = st
		j.order = append(j.order, k)
	} else if !st.mixed && !sameType(st.to, to) {
		st.mixed = true
	}
	st.by[f] = true
	if needsConv(from, to) {
		st.needs = true
	}
}

func sameType(a, b Type) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.String() == b.String()
}

// frame notes the places of f where the specialiser converts (fill):
// joinSites, and f's output.
func (j *joins) frame(s *specialiser, f *frame) {
	np := len(f.g.Params)
	nodes := f.gi.nodes
	for i, a := range nodes[:len(nodes)-1] {
		if _, ok := f.folded[a]; ok {
			continue
		}
		s.joinSites(f, a, f.types[np+i], func(k int, from, to Type) { j.note(f, a, k, from, to) })
	}
	res := f.result
	if t, ok := s.outType[f]; ok {
		res = t
	}
	out := f.g.Output()
	j.note(f, f.g.Return(), 1, s.in.typeOf(f, out), res)
}

// convert edits the untyped graphs at the sites every frame converts
// alike.
func (j *joins) convert(m *ir.Module) int {
	n := 0
	for _, k := range j.order {
		st := j.sites[k]
		if st.mixed || !st.needs || !convertible(st.to) || len(st.by) < j.frames[k.a.Graph()] {
			continue
		}
		g := k.a.Graph()
		if k.i < 0 {
			uses := append([]ir.Use(nil), m.Users(k.a)...)
			c := untypedConv(m, g, k.a, st.to)
			for _, u := range uses {
				m.SetInput(u.User, u.Index, c)
			}
		} else if k.a == g.Return() {
			m.SetOutput(g, untypedConv(m, g, g.Output(), st.to))
		} else {
			m.SetInput(k.a, k.i, untypedConv(m, g, k.a.Inputs[k.i], st.to))
		}
		n++
	}
	return n
}

// convertible says whether untypedConv can make a value of type t: a
// float, an int, an array, or a tuple of them and other values.
func convertible(t Type) bool {
	switch t := t.(type) {
	case Float, Int, *Array:
		return true
	case *Tuple:
		for _, e := range t.Elems {
			if convertible(e) {
				return true
			}
		}
	}
	return false
}

// untypedConv makes x, in g, a value of type to: to_float of a number
// that must be a float, to_int of one that must be an int, x * 1.0
// (x * 1) of an array that must be of floats (ints), a tuple element by
// element. (to_float of a float is the float itself, x * 1.0 of a float
// array the array's values.)
func untypedConv(m *ir.Module, g *ir.Graph, x ir.Node, to Type) ir.Node {
	pos := x.Pos()
	switch to := to.(type) {
	case Float:
		return m.ApplyPrim(g, pos, ir.ToFloat, x)
	case Int:
		return m.ApplyPrim(g, pos, ir.ToInt, x)
	case *Array:
		return m.ApplyPrim(g, pos, ir.Mul, x, m.Const(arrayOne(to), pos))
	case *Tuple:
		if !convertible(to) {
			return x
		}
		elems := make([]ir.Node, len(to.Elems))
		for i, e := range to.Elems {
			elems[i] = untypedConv(m, g, m.ApplyPrim(g, pos, ir.GetItem, x, m.Const(int64(i), pos)), e)
		}
		return m.ApplyPrim(g, pos, ir.MakeTuple, elems...)
	}
	return x
}
