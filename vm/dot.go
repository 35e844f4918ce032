package vm

import "github.com/myia/myia/ir"

// Matrix products: np.dot (also @, np.matmul and x.dot) for operands of
// up to two dimensions (the first may have more: its last axis is
// contracted), and np.outer. Float products go to BLAS (blas.go: gonum
// by default, OpenBLAS with the build tag openblas); int products are
// plain loops.

// dot is np.dot(x, y).
func dot(x, y Value) (Value, error) { return dotT(x, y, false, false) }

// dotT is np.dot(x.T, y) if tx, np.dot(x, y.T) if ty (both if both): the
// product of a fused np_transpose (emit.go). A transposed 2-d float
// operand goes to BLAS with its transpose flag instead of being copied;
// any other is transposed first, so dotT(x, y, tx, ty) is always
// dot(transpose(x) if tx else x, transpose(y) if ty else y).
func dotT(x, y Value, tx, ty bool) (Value, error) {
	a, err := toArray(x)
	if err != nil {
		return None, err
	}
	b, err := toArray(y)
	if err != nil {
		return None, err
	}
	var ta, tb bool
	if a.ndim() == 0 || b.ndim() == 0 {
		if tx && a.ndim() >= 2 {
			a = transposeArray(a, reversedAxes(a.ndim()))
		}
		if ty && b.ndim() >= 2 {
			b = transposeArray(b, reversedAxes(b.ndim()))
		}
		out, err := binaryArrays(ir.Mul, a, b)
		if err != nil {
			return None, err
		}
		return valueOf(out), nil
	}
	if tx {
		a, ta = transposed(a)
	}
	if ty {
		b, tb = transposed(b)
	}
	// The logical shapes: a stored transposed (ta) is as.
	as, bs := a.shape, b.shape
	if ta {
		as = []int{as[1], as[0]}
	}
	if tb {
		bs = []int{bs[1], bs[0]}
	}
	if len(bs) > 2 {
		return None, errorf("np.dot of a %d-d second operand is not supported", len(bs))
	}
	k, kb := as[len(as)-1], bs[0]
	if k != kb {
		return None, errorf("matmul: shapes %s and %s do not align: %d != %d", shapeStr(as), shapeStr(bs), k, kb)
	}
	m := size(as[:len(as)-1])
	n := 1
	if len(bs) == 2 {
		n = bs[1]
	}
	shape := append(append([]int{}, as[:len(as)-1]...), bs[1:]...)
	dt := max(a.dt, b.dt, dInt)
	out := newArray(dt, shape)
	if dt == dInt {
		ai, bi := a.astype(dInt).i, b.astype(dInt).i
		for i := 0; i < m; i++ {
			row := out.i[i*n : (i+1)*n]
			for l := 0; l < k; l++ {
				x := ai[i*k+l]
				if x == 0 {
					continue
				}
				for j, y := range bi[l*n : (l+1)*n] {
					row[j] += x * y
				}
			}
		}
		if a.dt == dBool && b.dt == dBool {
			// numpy's product of bools: the or of the ands.
			for j, v := range out.i {
				out.i[j] = min(v, 1)
			}
			out.dt = dBool
		}
		return valueOf(out), nil
	}
	af, bf := a.floats(), b.floats()
	lda, ldb := k, n // the row strides of a and b as stored
	if ta {
		lda = m
	}
	if tb {
		ldb = k
	}
	switch {
	case m == 1 && n == 1:
		s := 0.0
		for l := 0; l < k; l++ {
			s += af[l] * bf[l]
		}
		out.f[0] = s
	case n == 1 && len(bs) == 1:
		if ta {
			dgemv(true, k, m, af, bf, out.f)
		} else {
			dgemv(false, m, k, af, bf, out.f)
		}
	case m == 1 && len(as) == 1:
		if tb {
			dgemv(false, n, k, bf, af, out.f)
		} else {
			dgemv(true, k, n, bf, af, out.f)
		}
	default:
		dgemm(ta, tb, m, n, k, af, lda, bf, ldb, out.f, n)
	}
	return valueOf(out), nil
}

// transposed prepares the operand a.T of a product: a 2-d float array
// whose dimensions both exceed 1 stays as it is, with t set (the product
// passes BLAS a transpose flag); one with a dimension 1 is a view with
// the dimensions swapped (the same data); anything else is transposed
// (a copy; a 1-d array is itself).
func transposed(a *arrayObj) (_ *arrayObj, t bool) {
	if a.ndim() != 2 {
		if a.ndim() < 2 {
			return a, false
		}
		return transposeArray(a, reversedAxes(a.ndim())), false
	}
	r, c := a.shape[0], a.shape[1]
	switch {
	case r == 1 || c == 1:
		return a.withShape([]int{c, r}), false
	case a.dt == dFloat:
		return a, true
	}
	return transposeArray(a, []int{1, 0}), false
}

// reversedAxes is the permutation np.transpose(x) applies to nd axes.
func reversedAxes(nd int) []int {
	perm := make([]int, nd)
	for k := range perm {
		perm[k] = nd - 1 - k
	}
	return perm
}

// outer is np.outer(x, y) of the flattened operands.
func outer(x, y Value) (Value, error) {
	a, err := toArray(x)
	if err != nil {
		return None, err
	}
	b, err := toArray(y)
	if err != nil {
		return None, err
	}
	m, n := a.size(), b.size()
	a2 := a.withShape([]int{m, 1})
	b2 := b.withShape([]int{1, n})
	out, err := binaryArrays(ir.Mul, a2, b2)
	if err != nil {
		return None, err
	}
	return out.value(), nil
}
