//go:build !cgo

package libm

import "math"

// Exact reports whether the functions are the C library's.
const Exact = false

// Sin is math.Sin.
func Sin(x float64) float64 { return math.Sin(x) }

// Cos is math.Cos.
func Cos(x float64) float64 { return math.Cos(x) }

// Tan is math.Tan.
func Tan(x float64) float64 { return math.Tan(x) }

// Exp is math.Exp.
func Exp(x float64) float64 { return math.Exp(x) }

// Log is math.Log.
func Log(x float64) float64 { return math.Log(x) }

// Tanh is math.Tanh.
func Tanh(x float64) float64 { return math.Tanh(x) }

// Pow is math.Pow.
func Pow(x, y float64) float64 { return math.Pow(x, y) }
