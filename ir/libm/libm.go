//go:build cgo

// Package libm gives the scalar functions of Python's math module as
// CPython computes them: through the C library. Go's math package
// rounds differently in the last bit for about a quarter of the
// arguments of sin, cos and pow, and repr prints all 17 digits, so a
// program that prints math.sin(0.3) must call the same code CPython
// calls for the VM and the optimizer's constant folding to print what
// CPython and the native backends (which call libm) print.
//
// Built without cgo, the functions are Go's (libm_nocgo.go), and
// results may differ from CPython's in the last bit.
package libm

/*
#cgo LDFLAGS: -lm
#include <math.h>
*/
import "C"

// Exact reports whether the functions are the C library's.
const Exact = true

// Sin is sin(3).
func Sin(x float64) float64 { return float64(C.sin(C.double(x))) }

// Cos is cos(3).
func Cos(x float64) float64 { return float64(C.cos(C.double(x))) }

// Tan is tan(3).
func Tan(x float64) float64 { return float64(C.tan(C.double(x))) }

// Exp is exp(3).
func Exp(x float64) float64 { return float64(C.exp(C.double(x))) }

// Log is log(3).
func Log(x float64) float64 { return float64(C.log(C.double(x))) }

// Tanh is tanh(3).
func Tanh(x float64) float64 { return float64(C.tanh(C.double(x))) }

// Pow is pow(3).
func Pow(x, y float64) float64 { return float64(C.pow(C.double(x), C.double(y))) }
