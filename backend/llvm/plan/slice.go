package plan

import (
	"github.com/myia/myia/ir"
	lattice "github.com/myia/myia/ir/types"
)

// SliceIndices is the indices x[lo:hi:step] takes from a tuple of n
// elements, in order, where bounds holds the constants lo, hi and step
// (an int or None each), as Python's PySlice_AdjustIndices computes
// them. It refuses (see Refuse) bounds that are not constants and a step
// of zero.
func SliceIndices(backend string, pos ir.Pos, n int64, bounds []ir.Node) []int64 {
	bound := func(x ir.Node) (int64, bool) {
		c, ok := x.(*ir.Constant)
		if !ok {
			// A parameter whose type is a constant (a typed clone's
			// bound, fprop_slice[T, Int64(1), None, None]).
			switch t := x.Type().(type) {
			case lattice.Int:
				if t.Known {
					return t.V, true
				}
			case lattice.NoneType:
				return 0, false
			}
			Refuse(backend, pos, "a tuple slice whose bounds are not constants")
		}
		switch v := c.Value.(type) {
		case int64:
			return v, true
		case ir.NoneType:
			return 0, false
		}
		Refuse(backend, pos, "a tuple slice bound %s", ir.ConstString(c.Value, nil))
		return 0, false
	}
	lo, hasLo := bound(bounds[0])
	hi, hasHi := bound(bounds[1])
	step, hasStep := bound(bounds[2])
	if hasStep && step == 0 {
		Refuse(backend, pos, "a slice step of zero")
	}
	return sliceIndices(n, lo, hasLo, hi, hasHi, step, hasStep)
}

// SliceIndicesOf is SliceIndices for a slice value whose type says its
// bounds (Slice[Int64(1), None, None]); ok is false if it does not.
func SliceIndicesOf(x ir.Node, n int64) (idx []int64, ok bool) {
	t, isSlice := x.Type().(*lattice.Slice)
	if !isSlice {
		return nil, false
	}
	var v [3]int64
	var has [3]bool
	for i, b := range []lattice.Type{t.Lo, t.Hi, t.Step} {
		switch b := b.(type) {
		case lattice.Int:
			if !b.Known {
				return nil, false
			}
			v[i], has[i] = b.V, true
		case lattice.NoneType:
		default:
			return nil, false
		}
	}
	if has[2] && v[2] == 0 {
		return nil, false
	}
	return sliceIndices(n, v[0], has[0], v[1], has[1], v[2], has[2]), true
}

func sliceIndices(n, lo int64, hasLo bool, hi int64, hasHi bool, step int64, hasStep bool) []int64 {
	if !hasStep {
		step = 1
	}
	adjust := func(v int64, has bool, def int64) int64 {
		if !has {
			return def
		}
		if v < 0 {
			v += n
			if v < 0 {
				if step < 0 {
					return -1
				}
				return 0
			}
		} else if v >= n {
			if step < 0 {
				return n - 1
			}
			return n
		}
		return v
	}
	var start, stop int64
	if step > 0 {
		start, stop = adjust(lo, hasLo, 0), adjust(hi, hasHi, n)
	} else {
		start, stop = adjust(lo, hasLo, n-1), adjust(hi, hasHi, -1)
	}
	var idx []int64
	for i := start; (step > 0 && i < stop) || (step < 0 && i > stop); i += step {
		idx = append(idx, i)
	}
	return idx
}

// SliceSources says, for each element of a tuple of n elements whose
// slice idx is assigned a tuple, which element of that tuple it takes
// (-1: it keeps its own).
func SliceSources(n int, idx []int64) []int {
	src := make([]int, n)
	for k := range src {
		src[k] = -1
	}
	for j, k := range idx {
		src[k] = j
	}
	return src
}
