package vm

// Basic indexing of arrays: x[i], x[a:b:s], x[i, j], x[:, j], and the
// functional assignment tuple_setitem(x, idx, v), a copy of x with x[idx]
// = v. An index is an int, a slice value or a tuple of them; an int
// removes its axis, a slice keeps it. A result whose leading indices are
// ints and whose first slice has step 1, followed by full axes (x[i],
// x[i, 2:5], x[a:b]), is a view of x's data, not a copy.

// axisIndex is the index of one axis: count elements from start by
// step; scalar if the index was an int (the axis disappears).
type axisIndex struct {
	start, step, count int
	scalar             bool
}

// parseIndex resolves an index for an array of the given shape: one
// axisIndex per axis (full slices for the axes not indexed).
func parseIndex(shape []int, idx Value) ([]axisIndex, error) {
	var items []Value
	if idx.Kind() == KTuple {
		items = idx.seq().elems
	} else {
		items = []Value{idx}
	}
	if len(items) > len(shape) {
		return nil, errorf("too many indices for array: array is %d-dimensional, but %d were indexed", len(shape), len(items))
	}
	out := make([]axisIndex, len(shape))
	for k, d := range shape {
		if k >= len(items) {
			out[k] = axisIndex{0, 1, d, false}
			continue
		}
		it := items[k]
		switch it.Kind() {
		case KInt, KBool:
			i := int64(it.n)
			if i < -int64(d) || i >= int64(d) {
				return nil, errorf("index %d is out of bounds for axis %d with size %d", i, k, d)
			}
			if i < 0 {
				i += int64(d)
			}
			out[k] = axisIndex{int(i), 1, 1, true}
		case KSlice:
			start, step, count, err := it.slc().indices(int64(d))
			if err != nil {
				return nil, err
			}
			out[k] = axisIndex{int(start), int(step), int(count), false}
		default:
			return nil, errorf("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices, not %s", it.typeName())
		}
	}
	return out, nil
}

// indexShape is the shape of the result of an index.
func indexShape(ix []axisIndex) []int {
	shape := []int{}
	for _, a := range ix {
		if !a.scalar {
			shape = append(shape, a.count)
		}
	}
	return shape
}

// indexArray is a[idx].
func indexArray(a *arrayObj, idx Value) (Value, error) {
	// The hot case: x[i] of a row.
	if idx.isInt() && a.ndim() > 0 {
		i, d := int64(idx.n), a.shape[0]
		if i < 0 {
			i += int64(d)
		}
		if i >= 0 && i < int64(d) {
			n := size(a.shape[1:])
			if len(a.shape) == 1 {
				return a.elem(int(i)), nil
			}
			return a.sub(int(i)*n, int(i+1)*n, a.shape[1:]).value(), nil
		}
	}
	ix, err := parseIndex(a.shape, idx)
	if err != nil {
		return None, err
	}
	shape := indexShape(ix)
	if size(shape) == 0 {
		return valueOf(newArray(a.dt, shape)), nil
	}
	st := strides(a.shape)
	off := 0
	for k, x := range ix {
		off += x.start * st[k]
	}
	if contiguous(a.shape, ix) {
		return valueOf(a.sub(off, off+size(shape), shape)), nil
	}
	rst := make([]int, 0, len(shape))
	for k, x := range ix {
		if !x.scalar {
			rst = append(rst, st[k]*x.step)
		}
	}
	out := newArray(a.dt, shape)
	if a.dt == dFloat {
		gather(out.f, a.f, shape, rst, off)
	} else {
		gather(out.i, a.i, shape, rst, off)
	}
	return valueOf(out), nil
}

// contiguous reports whether an index selects a contiguous block: ints,
// then at most one slice of step 1 (or any slice of at most one
// element), then full axes.
func contiguous(shape []int, ix []axisIndex) bool {
	k := 0
	for k < len(ix) && ix[k].scalar {
		k++
	}
	if k < len(ix) && (ix[k].step == 1 || ix[k].count <= 1) {
		k++
	}
	for ; k < len(ix); k++ {
		if ix[k].scalar || ix[k].start != 0 || ix[k].count != shape[k] || ix[k].step != 1 {
			return false
		}
	}
	return true
}

// sliceArray is x[lo:hi:step] of an array (along its first axis).
func sliceArray(a *arrayObj, lo, hi, step Value) (Value, error) {
	s, err := makeSlice(lo, hi, step)
	if err != nil {
		return None, err
	}
	return indexArray(a, s)
}

// setItemArray is tuple_setitem(x, idx, v) of an array: a copy of x with
// x[idx] = v, v broadcast to the shape of x[idx] and converted to x's
// dtype.
func setItemArray(a *arrayObj, idx, v Value) (Value, error) {
	ix, err := parseIndex(a.shape, idx)
	if err != nil {
		return None, err
	}
	shape := indexShape(ix)
	va, err := toArray(v)
	if err != nil {
		return None, err
	}
	vb, err := va.astype(a.dt).broadcastTo(shape)
	if err != nil {
		return None, errorf("could not broadcast input array from shape %s into shape %s", shapeStr(va.shape), shapeStr(shape))
	}
	out := a.clone()
	st := strides(a.shape)
	off := 0
	var rst []int
	for k, x := range ix {
		off += x.start * st[k]
		if !x.scalar {
			rst = append(rst, st[k]*x.step)
		}
	}
	if out.dt == dFloat {
		scatter(out.f, vb.f, shape, rst, off)
	} else {
		scatter(out.i, vb.i, shape, rst, off)
	}
	return out.value(), nil
}

// scatter is the inverse of gather: it writes src (row-major, of the
// given shape) into dst with strides st from offset off.
func scatter[T any](dst, src []T, shape, st []int, off int) {
	if len(src) == 0 {
		return
	}
	n := len(shape)
	if n == 0 {
		dst[off] = src[0]
		return
	}
	inner, is := shape[n-1], st[n-1]
	idx := make([]int, n-1)
	pos := off
	for o := 0; o < len(src); o += inner {
		p := pos
		for _, x := range src[o : o+inner] {
			dst[p] = x
			p += is
		}
		for k := n - 2; k >= 0; k-- {
			idx[k]++
			pos += st[k]
			if idx[k] < shape[k] {
				break
			}
			pos -= st[k] * shape[k]
			idx[k] = 0
		}
	}
}

// setSlice is tuple_setitem(t, s, v) of a tuple or list and a slice
// value: t with t[s] replaced by the elements of the sequence v. With
// step 1 the lengths may differ, as in Python's slice assignment.
func setSlice(t, s, v Value) (Value, error) {
	k := t.Kind()
	elems := t.seq().elems
	repl := v.Elems()
	if repl == nil && v.Kind() != KTuple && v.Kind() != KList {
		return None, errorf("can only assign an iterable")
	}
	start, step, count, err := s.slc().indices(int64(len(elems)))
	if err != nil {
		return None, err
	}
	if step == 1 {
		out := make([]Value, 0, len(elems)-int(count)+len(repl))
		out = append(out, elems[:start]...)
		out = append(out, repl...)
		out = append(out, elems[start+count:]...)
		return seqValue(k, out), nil
	}
	if int64(len(repl)) != count {
		return None, errorf("attempt to assign sequence of size %d to extended slice of size %d", len(repl), count)
	}
	out := append([]Value(nil), elems...)
	for i, x := range repl {
		out[start+int64(i)*step] = x
	}
	return seqValue(k, out), nil
}
