//go:build openblas

package vm

/*
#cgo LDFLAGS: -lopenblas
#include <cblas.h>
*/
import "C"

import "unsafe"

// OpenBLAS through cgo, selected by the build tag openblas (it needs
// libopenblas-dev); see blas.go for the contract of these functions.

const blasName = "openblas"

func dgemm(ta, tb bool, m, n, k int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int) {
	if m == 0 || n == 0 {
		return
	}
	if k == 0 {
		clear(c[:m*ldc])
		return
	}
	C.cblas_dgemm(C.CblasRowMajor, ctrans(ta), ctrans(tb), C.blasint(m), C.blasint(n), C.blasint(k),
		1, (*C.double)(unsafe.Pointer(&a[0])), C.blasint(lda),
		(*C.double)(unsafe.Pointer(&b[0])), C.blasint(ldb),
		0, (*C.double)(unsafe.Pointer(&c[0])), C.blasint(ldc))
}

func dgemv(ta bool, m, n int, a, x, y []float64) {
	if m == 0 || n == 0 {
		clear(y)
		return
	}
	C.cblas_dgemv(C.CblasRowMajor, ctrans(ta), C.blasint(m), C.blasint(n), 1,
		(*C.double)(unsafe.Pointer(&a[0])), C.blasint(n),
		(*C.double)(unsafe.Pointer(&x[0])), 1, 0,
		(*C.double)(unsafe.Pointer(&y[0])), 1)
}

func ctrans(t bool) C.enum_CBLAS_TRANSPOSE {
	if t {
		return C.CblasTrans
	}
	return C.CblasNoTrans
}
