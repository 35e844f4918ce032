//go:build !openblas

package vm

import (
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// The BLAS the VM's float matrix products use: gonum's pure-Go blas64
// (this file), or OpenBLAS through cgo when built with -tags openblas
// (blas_openblas.go). Matrices are row-major.

// blasName names the implementation, for diagnostics.
const blasName = "gonum"

// dgemm computes c = op(a) op(b), with op(a) m×k and op(b) k×n; op
// transposes when ta (tb) is set; lda, ldb, ldc are row strides.
func dgemm(ta, tb bool, m, n, k int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int) {
	if m == 0 || n == 0 {
		return
	}
	if k == 0 {
		clear(c[:m*ldc])
		return
	}
	blas64.Implementation().Dgemm(trans(ta), trans(tb), m, n, k, 1, a, lda, b, ldb, 0, c, ldc)
}

// dgemv computes y = op(a) x, a m×n (row-major, contiguous).
func dgemv(ta bool, m, n int, a, x, y []float64) {
	if m == 0 || n == 0 {
		clear(y)
		return
	}
	blas64.Implementation().Dgemv(trans(ta), m, n, 1, a, n, x, 1, 0, y, 1)
}

func trans(t bool) blas.Transpose {
	if t {
		return blas.Trans
	}
	return blas.NoTrans
}
