package vm

import "github.com/myia/myia/ir"

// Reductions: np.sum, np.mean, np.max, np.min and np.prod over None (all
// axes) or a tuple of axes, with keepdims. The reduced axes are made
// contiguous (by a transposed copy if they are not), so that every
// reduction is over a [pre, red, post] block of memory. Float sums add
// in numpy's order, so that they agree with numpy to the last bit:
// along the last axis, pairwise summation in blocks of 8192 elements;
// along other axes, row by row.

var reduceNames = map[ir.Prim]string{
	ir.ReduceSum: "add", ir.ReduceMean: "add", ir.ReduceMax: "maximum",
	ir.ReduceMin: "minimum", ir.ReduceProd: "multiply",
}

// reduce is np.sum(x, axis, keepdims) and the others.
func reduce(p ir.Prim, x, axis, keepdims Value) (Value, error) {
	a, err := toArray(x)
	if err != nil {
		return None, err
	}
	if !keepdims.isIntLike() && !keepdims.IsNone() {
		return None, errorf("keepdims must be a bool, not %s", keepdims.typeName())
	}
	keep := keepdims.n != 0
	nd := a.ndim()
	axes, all, err := axesArg(axis, nd)
	if err != nil {
		return None, err
	}
	red := make([]bool, nd)
	if all {
		for k := range red {
			red[k] = true
		}
	}
	for _, ax := range axes {
		red[ax] = true
	}
	// The output shape, and the permutation that brings the reduced axes
	// together (the kept axes first, in order).
	var outShape, kept, perm []int
	count := 1
	for k, d := range a.shape {
		if red[k] {
			count *= d
			if keep {
				outShape = append(outShape, 1)
			}
		} else {
			outShape = append(outShape, d)
			kept = append(kept, d)
			perm = append(perm, k)
		}
	}
	if outShape == nil {
		outShape = []int{}
	}
	lo, hi := nd, 0 // the range of reduced axes
	for k := range red {
		if red[k] {
			lo, hi = min(lo, k), max(hi, k+1)
		}
	}
	pre, post := 1, 1
	src := a
	if lo < hi {
		contiguous := true
		for k := lo; k < hi; k++ {
			contiguous = contiguous && red[k]
		}
		if contiguous {
			pre, post = size(a.shape[:lo]), size(a.shape[hi:])
		} else {
			for k := range red {
				if red[k] {
					perm = append(perm, k)
				}
			}
			src = transposeArray(a, perm)
			pre = size(kept)
		}
	} else {
		pre = size(a.shape)
	}
	outSize := pre * post
	if count == 0 && outSize > 0 && (p == ir.ReduceMax || p == ir.ReduceMin) {
		return None, errorf("zero-size array to reduction operation %s which has no identity", reduceNames[p])
	}
	var out *arrayObj
	switch {
	case src.dt == dFloat || p == ir.ReduceMean:
		f := src.floats()
		out = newArray(dFloat, outShape)
		if post == 1 && count > 0 {
			reduceLast(p, out.f, f, count)
		} else {
			for i := 0; i < pre; i++ {
				block := f[i*count*post : (i+1)*count*post]
				reduceFloat(p, out.f[i*post:(i+1)*post], block, count, post)
			}
		}
		if p == ir.ReduceMean {
			for k := range out.f {
				out.f[k] /= float64(count)
			}
		}
	default:
		rt := dInt
		if p == ir.ReduceMax || p == ir.ReduceMin {
			rt = src.dt
		}
		out = newArray(rt, outShape)
		for i := 0; i < pre; i++ {
			block := src.i[i*count*post : (i+1)*count*post]
			reduceInt(p, out.i[i*post:(i+1)*post], block, count, post)
		}
	}
	return valueOf(out), nil
}

// reduceLast reduces each row of count elements of f (the last axis,
// keepdims or not) into out: one call for all rows, the common case
// (np.max(z, axis=1, keepdims=True) of a softmax, np.sum(x, axis=-1)).
func reduceLast(p ir.Prim, out, f []float64, count int) {
	switch p {
	case ir.ReduceSum, ir.ReduceMean:
		for i := range out {
			out[i] = sumFloats(f[i*count : (i+1)*count])
		}
	case ir.ReduceMax, ir.ReduceMin:
		for i := range out {
			row := f[i*count : (i+1)*count]
			m := row[0]
			for _, x := range row[1:] {
				// numpy's maximum and minimum: NaN propagates.
				if p == ir.ReduceMax && !(m >= x || m != m) || p == ir.ReduceMin && !(m <= x || m != m) {
					m = x
				}
			}
			out[i] = m
		}
	default:
		for i := range out {
			reduceFloat(p, out[i:i+1], f[i*count:(i+1)*count], count, 1)
		}
	}
}

// reduceFloat reduces block, count rows of len(out) elements, into out.
func reduceFloat(p ir.Prim, out, block []float64, count, post int) {
	switch p {
	case ir.ReduceSum, ir.ReduceMean:
		if post == 1 {
			out[0] = sumFloats(block)
			return
		}
		for r := 0; r < count; r++ {
			row := block[r*post : (r+1)*post]
			for q := range out {
				out[q] += row[q]
			}
		}
	case ir.ReduceProd:
		for q := range out {
			out[q] = 1
		}
		for r := 0; r < count; r++ {
			row := block[r*post : (r+1)*post]
			for q := range out {
				out[q] *= row[q]
			}
		}
	case ir.ReduceMax, ir.ReduceMin:
		copy(out, block[:post])
		f := floatOp(ir.Maximum)
		if p == ir.ReduceMin {
			f = floatOp(ir.Minimum)
		}
		for r := 1; r < count; r++ {
			row := block[r*post : (r+1)*post]
			for q := range out {
				out[q] = f(out[q], row[q])
			}
		}
	}
}

func reduceInt(p ir.Prim, out, block []int64, count, post int) {
	switch p {
	case ir.ReduceSum:
		for r := 0; r < count; r++ {
			row := block[r*post : (r+1)*post]
			for q := range out {
				out[q] += row[q]
			}
		}
	case ir.ReduceProd:
		for q := range out {
			out[q] = 1
		}
		for r := 0; r < count; r++ {
			row := block[r*post : (r+1)*post]
			for q := range out {
				out[q] *= row[q]
			}
		}
	case ir.ReduceMax, ir.ReduceMin:
		copy(out, block[:post])
		for r := 1; r < count; r++ {
			row := block[r*post : (r+1)*post]
			for q := range out {
				if p == ir.ReduceMax {
					out[q] = max(out[q], row[q])
				} else {
					out[q] = min(out[q], row[q])
				}
			}
		}
	}
}

// sumFloats is numpy's sum of contiguous floats: pairwise in blocks of
// 8192 (its buffer size), the blocks added in turn.
func sumFloats(a []float64) float64 {
	const block = 8192
	s := 0.0
	for len(a) > block {
		s += pairwiseSum(a[:block])
		a = a[block:]
	}
	return s + pairwiseSum(a)
}

// pairwiseSum is numpy's pairwise_sum: eight accumulators for up to 128
// elements, halving above.
func pairwiseSum(a []float64) float64 {
	n := len(a)
	switch {
	case n < 8:
		s := 0.0
		for _, x := range a {
			s += x
		}
		return s
	case n <= 128:
		var r [8]float64
		copy(r[:], a[:8])
		i := 8
		for ; i < n-n%8; i += 8 {
			b := a[i : i+8 : i+8]
			r[0] += b[0]
			r[1] += b[1]
			r[2] += b[2]
			r[3] += b[3]
			r[4] += b[4]
			r[5] += b[5]
			r[6] += b[6]
			r[7] += b[7]
		}
		s := ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
		for ; i < n; i++ {
			s += a[i]
		}
		return s
	}
	n2 := n / 2
	n2 -= n2 % 8
	return pairwiseSum(a[:n2]) + pairwiseSum(a[n2:])
}
