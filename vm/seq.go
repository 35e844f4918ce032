package vm

import (
	"strings"
	"unicode/utf8"

	"github.com/myia/myia/ir"
)

// Sequences: tuples, lists, strings (indexed by code point) and ranges,
// with Python's indexing, slicing and membership.

// rangeLen is the number of elements of r.
func rangeLen(r *rangeObj) int64 {
	if r.step > 0 && r.start < r.stop {
		return int64((uint64(r.stop)-uint64(r.start)-1)/uint64(r.step) + 1)
	}
	if r.step < 0 && r.start > r.stop {
		return int64((uint64(r.start)-uint64(r.stop)-1)/uint64(-r.step) + 1)
	}
	return 0
}

// seqLen is len(x), or -1 if x has no length.
func seqLen(x Value) int64 {
	switch x.Kind() {
	case KTuple, KList:
		return int64(len(x.seq().elems))
	case KStr:
		return int64(utf8.RuneCountInString(x.str().s))
	case KRange:
		return rangeLen(x.rng())
	case KArray:
		return int64(x.arr().shape[0])
	}
	return -1
}

func length(x Value) (Value, error) {
	n := seqLen(x)
	if n < 0 {
		return None, errorf("object of type '%s' has no len()", x.typeName())
	}
	return Int(n), nil
}

// unpack is unpack(x, n): x, if it holds n values (a1, ..., an = x).
func unpack(x, n Value) (Value, error) {
	have := seqLen(x)
	switch want := int64(n.n); {
	case have < 0:
		return None, errorf("cannot unpack non-iterable %s object", x.typeName())
	case have > want:
		return None, errorf("too many values to unpack (expected %d)", want)
	case have < want:
		return None, errorf("not enough values to unpack (expected %d, got %d)", want, have)
	}
	return x, nil
}

// getItem is x[i].
func getItem(x, i Value) (Value, error) {
	k := x.Kind()
	switch {
	case k == KArray:
		return indexArray(x.arr(), i)
	case i.Kind() == KSlice && k != KNone:
		s := i.slc()
		return slice(x, s.lo, s.hi, s.step)
	}
	n := seqLen(x)
	if n < 0 {
		return None, errorf("'%s' object is not subscriptable", x.typeName())
	}
	if !i.isIntLike() {
		if k == KStr {
			return None, errorf("string indices must be integers, not '%s'", i.typeName())
		}
		return None, errorf("%s indices must be integers or slices, not %s", k, i.typeName())
	}
	j := int64(i.n)
	if j < 0 {
		j += n
	}
	if j < 0 || j >= n {
		switch k {
		case KStr:
			return None, errorf("string index out of range")
		case KRange:
			return None, errorf("range object index out of range")
		}
		return None, errorf("%s index out of range", k)
	}
	switch k {
	case KTuple, KList:
		return x.seq().elems[j], nil
	case KRange:
		r := x.rng()
		return Int(r.start + j*r.step), nil
	}
	s := x.str().s
	if int64(len(s)) == n { // ASCII
		return Str(s[j : j+1]), nil
	}
	return Str(string([]rune(s)[j])), nil
}

// sliceIndex reads a slice bound: an int, or None (ok false).
func sliceIndex(v Value) (i int64, ok bool, err error) {
	if v.IsNone() {
		return 0, false, nil
	}
	if !v.isIntLike() {
		return 0, false, errorf("slice indices must be integers or None")
	}
	return int64(v.n), true, nil
}

// slice is x[lo:hi:step], with CPython's clamping of the bounds.
func slice(x, lo, hi, st Value) (Value, error) {
	k := x.Kind()
	if k == KArray {
		return sliceArray(x.arr(), lo, hi, st)
	}
	n := seqLen(x)
	if n < 0 {
		return None, errorf("'%s' object is not subscriptable", x.typeName())
	}
	step, ok, err := sliceIndex(st)
	if err != nil {
		return None, err
	}
	if !ok {
		step = 1
	}
	if step == 0 {
		return None, errorf("slice step cannot be zero")
	}
	lower, upper := int64(0), n
	if step < 0 {
		lower, upper = -1, n-1
	}
	bound := func(v Value, dflt int64) (int64, error) {
		i, ok, err := sliceIndex(v)
		if err != nil || !ok {
			return dflt, err
		}
		if i < 0 {
			i += n
			if i < lower {
				i = lower
			}
		} else if i > upper {
			i = upper
		}
		return i, nil
	}
	first, last := lower, upper // the default start and stop
	if step < 0 {
		first, last = upper, lower
	}
	start, err := bound(lo, first)
	if err != nil {
		return None, err
	}
	stop, err := bound(hi, last)
	if err != nil {
		return None, err
	}
	var count int64
	if step < 0 && stop < start {
		count = (start-stop-1)/(-step) + 1
	} else if step > 0 && start < stop {
		count = (stop-start-1)/step + 1
	}
	switch k {
	case KTuple, KList:
		src := x.seq().elems
		v, out := newSeq(k, int(count))
		for i := range out {
			out[i] = src[start+int64(i)*step]
		}
		return v, nil
	case KRange:
		r := x.rng()
		// CPython's: the stop is the slice's, not one past the last element.
		return Range(r.start+start*r.step, r.start+stop*r.step, r.step*step), nil
	}
	s := x.str().s
	if int64(len(s)) == n && step == 1 {
		return Str(s[start : start+count]), nil
	}
	rs := []rune(s)
	out := make([]rune, count)
	for i := range out {
		out[i] = rs[start+int64(i)*step]
	}
	return Str(string(out)), nil
}

// makeRange is range(start, stop, step).
func makeRange(start, stop, step Value) (Value, error) {
	for _, v := range []Value{start, stop, step} {
		if !v.isIntLike() {
			return None, errorf("'%s' object cannot be interpreted as an integer", v.typeName())
		}
	}
	if step.n == 0 {
		return None, errorf("range() arg 3 must not be zero")
	}
	return Range(int64(start.n), int64(stop.n), int64(step.n)), nil
}

// contains is x in seq.
func contains(seq, x Value) (Value, error) {
	switch seq.Kind() {
	case KTuple, KList:
		for _, e := range seq.seq().elems {
			if equal(e, x) {
				return Bool(true), nil
			}
		}
		return Bool(false), nil
	case KStr:
		if x.Kind() != KStr {
			return None, errorf("'in <string>' requires string as left operand, not %s", x.typeName())
		}
		return Bool(strings.Contains(seq.str().s, x.str().s)), nil
	case KRange:
		r := seq.rng()
		var i int64
		switch {
		case x.isIntLike():
			i = int64(x.n)
		case x.isFloat() && x.float() == float64(int64(x.float())):
			i = int64(x.float())
		default:
			return Bool(false), nil
		}
		if r.step > 0 && (i < r.start || i >= r.stop) || r.step < 0 && (i > r.start || i <= r.stop) {
			return Bool(false), nil
		}
		return Bool((i-r.start)%r.step == 0), nil
	}
	return None, errorf("argument of type '%s' is not iterable", seq.typeName())
}

// concat is x + y for sequences.
func concat(x, y Value) (Value, error) {
	k := x.Kind()
	if k != KTuple && k != KList && k != KStr || y.Kind() != k {
		return None, operandError(ir.Add, x, y)
	}
	if k == KStr {
		return Str(x.str().s + y.str().s), nil
	}
	a, b := x.seq().elems, y.seq().elems
	v, out := newSeq(k, len(a)+len(b))
	copy(out[copy(out, a):], b)
	return v, nil
}

// maxRepeat bounds the length of a repeated sequence.
const maxRepeat = 1 << 28

// repeat is seq * n.
func repeat(seq, nv Value, n int64) (Value, error) {
	k := seq.Kind()
	if k != KTuple && k != KList && k != KStr {
		return None, operandError(ir.Mul, seq, nv)
	}
	if n < 0 {
		n = 0
	}
	if k == KStr {
		s := seq.str().s
		if n > 0 && int64(len(s)) > maxRepeat/n {
			return None, errorf("repeated string is too long")
		}
		return Str(strings.Repeat(s, int(n))), nil
	}
	elems := seq.seq().elems
	if n > 0 && int64(len(elems)) > maxRepeat/n {
		return None, errorf("repeated %s is too long", k)
	}
	out := make([]Value, 0, int64(len(elems))*n)
	for i := int64(0); i < n; i++ {
		out = append(out, elems...)
	}
	return seqValue(k, out), nil
}
