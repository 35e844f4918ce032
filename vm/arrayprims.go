package vm

import (
	"math"

	"github.com/myia/myia/ir"
	"github.com/myia/myia/ir/libm"
)

// The VM's table entries of the array primitives (ir/prim.go, MakeSlice
// to SumToLike). The existing primitives take arrays in arith.go,
// seq.go, prims.go and ad.go, which call into array.go and its
// neighbours.

func init() {
	prims[ir.MakeSlice] = func(_ *VM, a []Value) (Value, error) { return makeSlice(a[0], a[1], a[2]) }
	prims[ir.ArrayFrom] = func(_ *VM, a []Value) (Value, error) { return arrayFrom(a[0]) }
	prims[ir.Zeros] = func(_ *VM, a []Value) (Value, error) { return filled(a[0], Float(0)) }
	prims[ir.Ones] = func(_ *VM, a []Value) (Value, error) { return filled(a[0], Float(1)) }
	prims[ir.Full] = func(_ *VM, a []Value) (Value, error) { return filled(a[0], a[1]) }
	prims[ir.Arange] = func(_ *VM, a []Value) (Value, error) { return arange(a[0], a[1], a[2]) }
	prims[ir.Eye] = func(_ *VM, a []Value) (Value, error) { return eye(a[0], a[1], a[2]) }
	prims[ir.Log1p] = npMathFn(math.Log1p, math.Log1p)
	prims[ir.Expm1] = npMathFn(math.Expm1, math.Expm1)
	prims[ir.NpExp] = npMathFn(libm.Exp, math.Exp)
	prims[ir.NpLog] = npMathFn(libm.Log, math.Log)
	prims[ir.NpSqrt] = npMathFn(math.Sqrt, math.Sqrt)
	prims[ir.NpSin] = npMathFn(libm.Sin, math.Sin)
	prims[ir.NpCos] = npMathFn(libm.Cos, math.Cos)
	prims[ir.NpTan] = npMathFn(libm.Tan, math.Tan)
	prims[ir.Maximum] = func(_ *VM, a []Value) (Value, error) { return arrayBinary(ir.Maximum, a[0], a[1]) }
	prims[ir.Minimum] = func(_ *VM, a []Value) (Value, error) { return arrayBinary(ir.Minimum, a[0], a[1]) }
	prims[ir.Where] = func(_ *VM, a []Value) (Value, error) { return where(a[0], a[1], a[2]) }
	prims[ir.MatDot] = func(_ *VM, a []Value) (Value, error) {
		if len(a) == 3 { // a fused transpose (emit.go): a[2] has bit 0 for x.T, bit 1 for y.T
			return dotT(a[0], a[1], a[2].n&1 != 0, a[2].n&2 != 0)
		}
		return dot(a[0], a[1])
	}
	prims[ir.Outer] = func(_ *VM, a []Value) (Value, error) { return outer(a[0], a[1]) }
	for _, p := range []ir.Prim{ir.ReduceSum, ir.ReduceMean, ir.ReduceMax, ir.ReduceMin, ir.ReduceProd} {
		prims[p] = func(_ *VM, a []Value) (Value, error) { return reduce(p, a[0], a[1], a[2]) }
	}
	prims[ir.Reshape] = func(_ *VM, a []Value) (Value, error) { return reshape(a[0], a[1]) }
	prims[ir.Transpose] = func(_ *VM, a []Value) (Value, error) { return transpose(a[0], a[1]) }
	prims[ir.Concatenate] = func(_ *VM, a []Value) (Value, error) { return concatenate(a[0], a[1]) }
	prims[ir.Stack] = func(_ *VM, a []Value) (Value, error) { return stack(a[0], a[1]) }
	prims[ir.Shape] = func(_ *VM, a []Value) (Value, error) { return shapeOf(a[0]) }
	prims[ir.NDim] = func(_ *VM, a []Value) (Value, error) { return ndimOf(a[0]) }
	prims[ir.BroadcastTo] = func(_ *VM, a []Value) (Value, error) { return broadcastToPrim(a[0], a[1]) }
	prims[ir.SplitLike] = func(_ *VM, a []Value) (Value, error) { return splitLike(a[0], a[1], a[2]) }
	prims[ir.SumToLike] = func(_ *VM, a []Value) (Value, error) { return sumToLike(a[0], a[1]) }
	prims[ir.AttrCheck] = func(_ *VM, a []Value) (Value, error) {
		if a[0].Kind() != KArray {
			return None, errorf("'%s' object has no attribute %s", a[0].typeName(), a[1].Repr())
		}
		return a[0], nil
	}
	prims[ir.MatmulCheck] = func(_ *VM, a []Value) (Value, error) { return matmulCheck(a[0], a[1], a[2]) }
}

// matmulCheck is matmul_check(x, y, op): x, if numpy's matmul (op "@" or
// "np.matmul") takes x and y (see ir.MatmulCheck).
func matmulCheck(x, y, op Value) (Value, error) {
	if op.Kind() == KStr && op.AsStr() == "@" && x.Kind() != KArray && y.Kind() != KArray {
		return None, errorf("unsupported operand types for @: %s and %s", x.typeName(), y.typeName())
	}
	for i, v := range []Value{x, y} {
		if v.isNumber() {
			return None, errorf("matmul: input operand %d does not have enough dimensions (has 0, requires 1)", i)
		}
	}
	return x, nil
}
