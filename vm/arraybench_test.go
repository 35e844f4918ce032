package vm

import (
	"testing"

	"github.com/myia/myia/ir"
)

// BenchmarkMLP is the loss and gradient of a 784-256-10 tanh MLP on a
// batch of 128, written with the primitives as the stdlib's adjoints
// would apply them.
func BenchmarkMLP(b *testing.B) {
	rnd := func(shape ...int) Value {
		v := fr(shape...)
		a := v.arr()
		for k := range a.f {
			a.f[k] = float64((k*7919)%1000)/1000 - 0.5
		}
		return v
	}
	x, w1, b1, w2, b2 := rnd(128, 784), rnd(784, 256), rnd(256), rnd(256, 10), rnd(10)
	y := rnd(128, 10)
	call := func(p ir.Prim, args ...Value) Value {
		v, err := prims[p](nil, args)
		if err != nil {
			b.Fatal(err)
		}
		return v
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		z1 := call(ir.Add, call(ir.MatDot, x, w1), b1)
		h := call(ir.Tanh, z1)
		out := call(ir.Add, call(ir.MatDot, h, w2), b2)
		diff := call(ir.Sub, out, y)
		loss := call(ir.ReduceMean, call(ir.Mul, diff, diff), None, Bool(false))
		_ = loss
		// Backward.
		dout := call(ir.Mul, diff, Float(2.0/(128*10)))
		dw2 := call(ir.MatDot, call(ir.Transpose, h, None), dout)
		db2 := call(ir.SumToLike, dout, b2)
		dh := call(ir.MatDot, dout, call(ir.Transpose, w2, None))
		dz1 := call(ir.Mul, dh, call(ir.Sub, Float(1), call(ir.Mul, h, h)))
		dw1 := call(ir.MatDot, call(ir.Transpose, x, None), dz1)
		db1 := call(ir.SumToLike, dz1, b1)
		_, _, _, _ = dw2, db2, dw1, db1
	}
}
