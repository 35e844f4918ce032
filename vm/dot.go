package vm

import "github.com/myia/myia/ir"

// Matrix products: np.dot (also @, np.matmul and x.dot) for operands of
// up to two dimensions (the first may have more: its last axis is
// contracted), and np.outer. Float products go to BLAS (blas.go: gonum
// by default, OpenBLAS with the build tag openblas); int products are
// plain loops.

// dot is np.dot(x, y).
func dot(x, y Value) (Value, error) {
	a, err := toArray(x)
	if err != nil {
		return None, err
	}
	b, err := toArray(y)
	if err != nil {
		return None, err
	}
	if a.ndim() == 0 || b.ndim() == 0 {
		out, err := binaryArrays(ir.Mul, a, b)
		if err != nil {
			return None, err
		}
		return valueOf(out), nil
	}
	if b.ndim() > 2 {
		return None, errorf("np.dot of a %d-d second operand is not supported", b.ndim())
	}
	k, kb := a.shape[a.ndim()-1], b.shape[0]
	if k != kb {
		return None, errorf("matmul: shapes %s and %s do not align: %d != %d", shapeStr(a.shape), shapeStr(b.shape), k, kb)
	}
	m := size(a.shape[:a.ndim()-1])
	n := 1
	if b.ndim() == 2 {
		n = b.shape[1]
	}
	shape := append(append([]int{}, a.shape[:a.ndim()-1]...), b.shape[1:]...)
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
		return valueOf(out), nil
	}
	af, bf := a.floats(), b.floats()
	switch {
	case m == 1 && n == 1:
		s := 0.0
		for l := 0; l < k; l++ {
			s += af[l] * bf[l]
		}
		out.f[0] = s
	case n == 1 && b.ndim() == 1:
		dgemv(false, m, k, af, bf, out.f)
	case m == 1 && a.ndim() == 1:
		dgemv(true, k, n, bf, af, out.f)
	default:
		dgemm(false, false, m, n, k, af, k, bf, n, out.f, n)
	}
	return valueOf(out), nil
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
