package infer

import (
	"sort"

	"github.com/myia/myia/ir"
)

// Join is the least upper bound of a and b where the values of two paths
// meet (the branches of an if, the iterations of a loop, the returns of a
// function). It follows Python's numeric tower as Numba does: bool and
// int join to int, int and float to float; arrays of the same rank join
// their dtypes alike (an int64 and a float64 array to a float64 array),
// as numpy promotes them. Equal constants stay known;
// different ones are dropped. Any other disagreement has no join: ok is
// false.
func Join(a, b Type) (t Type, ok bool) {
	if _, isBot := a.(Bottom); isBot {
		return b, true
	}
	if _, isBot := b.(Bottom); isBot {
		return a, true
	}
	// The placeholder of a variable that may be unbound takes the type
	// of its values.
	if _, ok := a.(Undef); ok {
		return b, true
	}
	if _, ok := b.(Undef); ok {
		return a, true
	}
	if ox, ok := a.(*Optional); ok {
		if b == None {
			return a, true
		}
		if oy, ok := b.(*Optional); ok {
			b = oy.T
		}
		t, ok := Join(ox.T, b)
		if !ok {
			return nil, false
		}
		return &Optional{T: t}, true
	}
	if _, ok := b.(*Optional); ok {
		return Join(b, a)
	}
	if a == None && b != None {
		return &Optional{T: b}, true
	}
	if b == None && a != None {
		return &Optional{T: a}, true
	}
	switch x := a.(type) {
	case Int:
		switch y := b.(type) {
		case Int:
			if x == y {
				return x, true
			}
			return AnyInt, true
		case Bool:
			return AnyInt, true
		case Float:
			return AnyFloat, true
		}
	case Bool:
		switch y := b.(type) {
		case Bool:
			if x == y {
				return x, true
			}
			return AnyBool, true
		case Int:
			return AnyInt, true
		case Float:
			return AnyFloat, true
		}
	case Float:
		switch y := b.(type) {
		case Float:
			if Equal(x, y) {
				return x, true
			}
			return AnyFloat, true
		case Int, Bool:
			return AnyFloat, true
		}
	case Str:
		if y, ok := b.(Str); ok {
			if x == y {
				return x, true
			}
			return Str{}, true
		}
	case NoneType, Range:
		if a == b {
			return a, true
		}
	case *Tuple:
		y, ok := b.(*Tuple)
		if !ok || len(x.Elems) != len(y.Elems) {
			return nil, false
		}
		var out []Type
		for i := range x.Elems {
			e, ok := Join(x.Elems[i], y.Elems[i])
			if !ok {
				return nil, false
			}
			if out == nil && e != x.Elems[i] {
				out = append(make([]Type, 0, len(x.Elems)), x.Elems[:i]...)
			}
			if out != nil {
				out = append(out, e)
			}
		}
		if out == nil {
			return x, true
		}
		return &Tuple{Elems: out}, true
	case *List:
		y, ok := b.(*List)
		if !ok {
			return nil, false
		}
		e, ok := Join(x.Elem, y.Elem)
		if !ok {
			return nil, false
		}
		n := x.Len
		if n != y.Len {
			n = -1
		}
		if n == x.Len && Equal(e, x.Elem) {
			return x, true
		}
		return &List{Elem: e, Len: n}, true
	case *Array:
		// Arrays join as their elements do (numpy's promotion: an int
		// array and a float array to a float array), with the same rank.
		y, ok := b.(*Array)
		if !ok || len(x.Shape) != len(y.Shape) {
			return nil, false
		}
		dt := x.DType
		if !Equal(x.DType, y.DType) {
			if dt, ok = Join(x.DType, y.DType); !ok {
				return nil, false
			}
			dt = widen(dt)
		}
		out := &Array{DType: dt, Shape: append([]int(nil), x.Shape...)}
		for i, d := range y.Shape {
			if d != out.Shape[i] {
				out.Shape[i] = -1
			}
		}
		return out, true
	case *Slice:
		y, ok := b.(*Slice)
		if !ok {
			return nil, false
		}
		lo, ok1 := Join(x.Lo, y.Lo)
		hi, ok2 := Join(x.Hi, y.Hi)
		st, ok3 := Join(x.Step, y.Step)
		if !ok1 || !ok2 || !ok3 {
			return nil, false
		}
		if Equal(lo, x.Lo) && Equal(hi, x.Hi) && Equal(st, x.Step) {
			return x, true
		}
		return &Slice{Lo: lo, Hi: hi, Step: st}, true
	case *Func:
		y, ok := b.(*Func)
		if !ok {
			return nil, false
		}
		if Equal(x, y) {
			return x, true
		}
		return newFunc(append(append([]Fn(nil), x.Fns...), y.Fns...)...), true
	case *Env:
		y, ok := b.(*Env)
		if !ok {
			return nil, false
		}
		return joinEnv(x, y, Join)
	}
	return nil, false
}

// joinEnv merges two environments key by key, combining the types of a
// key present in both with f.
func joinEnv(x, y *Env, f func(a, b Type) (Type, bool)) (Type, bool) {
	if x.Any {
		return x, true
	}
	if y.Any {
		return y, true
	}
	m := map[ir.EnvKey]Type{}
	for _, e := range x.Entries {
		m[e.Key] = e.Type
	}
	for _, e := range y.Entries {
		if t, ok := m[e.Key]; ok {
			j, ok := f(t, e.Type)
			if !ok {
				return nil, false
			}
			m[e.Key] = j
		} else {
			m[e.Key] = e.Type
		}
	}
	out := &Env{}
	for k, t := range m {
		out.Entries = append(out.Entries, EnvEntry{Key: k, Type: t})
	}
	sort.Slice(out.Entries, func(i, j int) bool { return out.Entries[i].Key < out.Entries[j].Key })
	if Equal(out, x) {
		return x, true
	}
	return capEnv(out, 0), true
}

// promotesArray reports whether j, the join of t and another type, holds
// an array of another dtype where t holds an array: where a value of
// type t would have to be converted, at a place that converts nothing.
func promotesArray(t, j Type) bool {
	switch t := t.(type) {
	case *Array:
		ja, ok := j.(*Array)
		return ok && !Equal(t.DType, ja.DType)
	case *Tuple:
		jt, ok := j.(*Tuple)
		if !ok || len(jt.Elems) != len(t.Elems) {
			return false
		}
		for i, e := range t.Elems {
			if promotesArray(e, jt.Elems[i]) {
				return true
			}
		}
	case *List:
		jl, ok := j.(*List)
		return ok && promotesArray(t.Elem, jl.Elem)
	case *Optional:
		if jo, ok := j.(*Optional); ok {
			return promotesArray(t.T, jo.T)
		}
	}
	return false
}
