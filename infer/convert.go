package infer

import "github.com/myia/myia/ir"

// Numeric joins made true. Where an int and a float meet, Join says
// float (and bool and int, int), as Numba does; the value that arrives
// is still an int. So that every node of the typed graphs holds a value
// of its type, the specialiser converts it where it arrives:
//
//	graph pick.then2() {                 graph pick[Bool].then2() {
//	  %1 = @pick.join2(1)          ->      %1 = to_float(1) : Float64
//	  return %1                            %2 = @pick[Bool].join2(%1) : Float64
//	}                                      return %2 : Float64
//	                                     }
//
// The places: the arguments of a block (join, loop header, code after a
// loop) whose parameter is the join of its arguments; the output of a
// branch whose caller joins the branches' results (3 if c else 0.5); the
// output of a frame whose result joined several evaluations; the values
// of a switch and the elements of a list. A tuple is converted element
// by element; an int array where the join says a float array (numpy's
// promotion) by mul(x, 1.0), which is numpy's x.astype(float). What a call of a function value that may be several
// functions returns is converted after the call (that call's own node
// keeps the joined type).

// needsConv reports whether a value of type from must be converted to be
// of type to: an int or a bool where a float is expected, a bool where
// an int is, an array of them where an array of floats (ints) is, or a
// tuple holding one.
func needsConv(from, to Type) bool {
	switch to := to.(type) {
	case Float:
		switch from.(type) {
		case Int, Bool:
			return true
		}
	case Int:
		_, ok := from.(Bool)
		return ok
	case *Array:
		// An int (bool) array where the join says a float (int) array.
		fa, ok := from.(*Array)
		return ok && needsConv(fa.DType, to.DType)
	case *Tuple:
		ft, ok := from.(*Tuple)
		if !ok || len(ft.Elems) != len(to.Elems) {
			return false
		}
		for i := range ft.Elems {
			if needsConv(ft.Elems[i], to.Elems[i]) {
				return true
			}
		}
	}
	return false
}

// needsConv is needsConv, and also where a function value whose type is
// a table (siblings.go) goes where another function type is expected.
func (s *specialiser) needsConv(from, to Type) bool {
	if ftb, ttb := s.table(from), s.table(to); ftb != nil || ttb != nil {
		_, isFunc := from.(*Func)
		return ftb != ttb && isFunc
	}
	ft, ok := from.(*Tuple)
	tt, ok2 := to.(*Tuple)
	if !ok || !ok2 || len(ft.Elems) != len(tt.Elems) {
		return needsConv(from, to)
	}
	for i := range ft.Elems {
		if s.needsConv(ft.Elems[i], tt.Elems[i]) {
			return true
		}
	}
	return false
}

// convert makes, in g, the value n of type from as a value of type to.
func (s *specialiser) convert(g *ir.Graph, n ir.Node, from, to Type) ir.Node {
	return s.conv(g, n, from, to, false)
}

// conv is convert; joined says n is typed to already but may hold a
// value of type from (see convertResult): the getitems that take a tuple
// apart are then of to's element types.
func (s *specialiser) conv(g *ir.Graph, n ir.Node, from, to Type, joined bool) ir.Node {
	if c, ok := n.(*ir.Constant); ok && c.Value == ir.Undefined {
		return s.undefined(c.Pos(), to)
	}
	if x, ok := s.tableConv(g, n, from, to); ok {
		return x
	}
	if !s.needsConv(from, to) {
		return n
	}
	s.conversions++
	m := s.in.m
	pos := n.Pos()
	apply := func(p ir.Prim, t Type, args ...ir.Node) ir.Node {
		c := m.Const(p, pos)
		c.SetType(primFuncs[p])
		a := m.Apply(g, pos, append([]ir.Node{c}, args...)...)
		a.SetType(t)
		return a
	}
	if c, ok := n.(*ir.Constant); ok {
		// A constant converts at compile time.
		switch v := c.Value.(type) {
		case int64:
			if _, ok := to.(Float); ok && v > -1<<53 && v < 1<<53 {
				k := m.Const(float64(v), pos)
				k.SetType(FloatOf(float64(v)))
				return k
			}
		case bool:
			var x int64
			if v {
				x = 1
			}
			var k *ir.Constant
			switch to.(type) {
			case Float:
				k = m.Const(float64(x), pos)
				k.SetType(FloatOf(float64(x)))
			case Int:
				k = m.Const(x, pos)
				k.SetType(IntOf(x))
			}
			if k != nil {
				return k
			}
		}
	}
	switch to := to.(type) {
	case Float:
		return apply(ir.ToFloat, to, n)
	case Int:
		return apply(ir.ToInt, to, n)
	case *Array:
		// x * 1.0 (x * 1): numpy's astype, exactly.
		one := arrayOne(to)
		k := m.Const(one, pos)
		k.SetType(s.in.constType(nil, k))
		return apply(ir.Mul, s.relabel(to), n, k)
	case *Tuple:
		ft := from.(*Tuple)
		elems := make([]ir.Node, len(to.Elems))
		for i := range elems {
			k := m.Const(int64(i), pos)
			k.SetType(IntOf(int64(i)))
			et := ft.Elems[i]
			if joined {
				et = to.Elems[i]
			}
			e := apply(ir.GetItem, s.relabel(et), n, k)
			elems[i] = s.conv(g, e, ft.Elems[i], to.Elems[i], joined)
		}
		return apply(ir.MakeTuple, s.relabel(to), elems...)
	}
	return n
}

// undefined is the placeholder of a variable that may be unbound (see
// ir.Undefined) where it joins values of type t: a zero for a number,
// so that native code and the VM hold a number; the Undefined constant,
// of type t, for other types.
func (s *specialiser) undefined(pos ir.Pos, t Type) ir.Node {
	var v any = ir.Undefined
	switch t.(type) {
	case Int:
		v = int64(0)
	case Float:
		v = 0.0
	case Bool:
		v = false
	}
	k := s.in.m.Const(v, pos)
	if v == ir.Undefined {
		k.SetType(s.relabel(t))
	} else {
		k.SetType(s.in.constType(nil, k))
	}
	return k
}

// branchOutputs finds the block frames whose output must be converted
// because their caller joins their results with others' (the branches of
// an if, of a conditional expression): s.outType says to what.
func (s *specialiser) branchOutputs(frames []*frame) {
	s.outType = map[*frame]Type{}
	for _, f := range frames {
		np := len(f.g.Params)
		for i, a := range f.gi.nodes[:len(f.gi.nodes)-1] {
			t := f.types[np+i]
			for _, fr := range f.calls[a] {
				if fr.gi.block && s.live[fr] && s.needsConv(fr.result, t) {
					s.outType[fr] = t
				}
			}
		}
	}
}

// joinSites calls visit for each place of a (in f, of type t) where a
// value of type from arrives where the join says to: input k of a (k >=
// 1), or with k == -1 what a returns. The places:
//   - the arguments of a call of a block, at its parameters' types;
//   - the values a switch selects, and the elements of a list;
//   - the tuple a getitem takes an element of at an index not known at
//     compile time (joinedElems), as a tuple of the join;
//   - what a call of a function value that is not a block returns, when
//     the call joins it with others (one visit per callee).
//
// The specialiser converts there (fill), and the joins pass converts the
// untyped graphs where every frame would (ConvertJoins).
func (s *specialiser) joinSites(f *frame, a *ir.Apply, t Type, visit func(k int, from, to Type)) {
	if callees := f.calls[a]; len(callees) == 1 && callees[0].gi != nil && callees[0].gi.block && s.live[callees[0]] {
		fr := callees[0]
		for k := 1; k < len(a.Inputs) && k-1 < len(fr.args); k++ {
			visit(k, s.in.typeOf(f, a.Inputs[k]), fr.args[k-1])
		}
	}
	switch {
	case ir.IsApplyOf(a, ir.Switch):
		for k := 2; k < len(a.Inputs) && k < 4; k++ {
			visit(k, s.in.typeOf(f, a.Inputs[k]), t)
		}
	case ir.IsApplyOf(a, ir.MakeList):
		if l, ok := t.(*List); ok {
			for k := 1; k < len(a.Inputs); k++ {
				visit(k, s.in.typeOf(f, a.Inputs[k]), l.Elem)
			}
		}
	}
	if es := s.joinedElems(f, a); es != nil {
		visit(1, &Tuple{Elems: es}, uniform(t, len(es)))
	}
	for _, fr := range f.calls[a] {
		if fr.gi != nil && !fr.gi.block && s.live[fr] {
			visit(-1, fr.result, t)
		}
	}
}

// joinedElems returns, for a getitem of a tuple at an index not known at
// compile time (the loop for x in (1, 2.5)), the types of the tuple's
// elements: the getitem's type is their join, and the element it gets
// must be converted to it, as the native backends do.
func (s *specialiser) joinedElems(f *frame, a *ir.Apply) []Type {
	if !ir.IsApplyOf(a, ir.GetItem) || len(a.Inputs) != 3 {
		return nil
	}
	t, ok := s.in.typeOf(f, a.Inputs[1]).(*Tuple)
	if !ok {
		return nil
	}
	if _, known, ok := index(s.in.typeOf(f, a.Inputs[2])); !ok || known {
		return nil
	}
	return t.Elems
}

// uniform is the tuple of n elements of type t.
func uniform(t Type, n int) *Tuple {
	es := make([]Type, n)
	for i := range es {
		es[i] = t
	}
	return &Tuple{Elems: es}
}

// arrayOne is the 1 that converts an array to the dtype of array type
// t by multiplication: 1.0 for a float array, 1 for an int one.
func arrayOne(t *Array) any {
	if _, ok := t.DType.(Float); ok {
		return 1.0
	}
	return int64(1)
}
