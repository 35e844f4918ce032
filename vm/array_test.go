package vm

import (
	"encoding/json"
	"math"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/myia/myia/ir"
)

// Array values for the tables.

// fa makes a float array; fr an arange of floats reshaped.
func fa(shape []int, data ...float64) Value { return NewFloatArray(shape, data) }
func ia(shape []int, data ...int64) Value   { return NewIntArray(shape, data) }
func ba(shape []int, data ...bool) Value {
	out := make([]int64, len(data))
	for k, b := range data {
		out[k] = b2i(b)
	}
	return valueOf(intArray(dBool, shape, out))
}
func fr(shape ...int) Value {
	data := make([]float64, size(shape))
	for k := range data {
		data[k] = float64(k)
	}
	return fa(shape, data...)
}
func ir_(shape ...int) Value {
	data := make([]int64, size(shape))
	for k := range data {
		data[k] = int64(k)
	}
	return ia(shape, data...)
}
func sh(d ...int) []int { return d }
func sl(lo, hi, step Value) Value {
	v, err := makeSlice(lo, hi, step)
	if err != nil {
		panic(err)
	}
	return v
}

// arrayCase is a primitive applied to arguments, with the repr of the
// expected result (or "error: " and the message); py, if set, is a
// Python expression (with numpy as np) that computes the same, checked
// against numpy when it is installed.
type arrayCase struct {
	p    ir.Prim
	args []Value
	want string
	py   string
}

func ac(p ir.Prim, want, py string, args ...Value) arrayCase { return arrayCase{p, args, want, py} }

var arrayCases = []arrayCase{
	// Construction and dtypes.
	ac(ir.ArrayFrom, "array([1, 2])", "np.array([1, 2])", L(I(1), I(2))),
	ac(ir.ArrayFrom, "array([1., 2.])", "np.array([1, 2.0])", L(I(1), F(2))),
	ac(ir.ArrayFrom, "array([ True, False])", "np.array([True, False])", T(B(true), B(false))),
	ac(ir.ArrayFrom, "array([[1, 2],\n       [3, 4]])", "np.array([[1, 2], [3, 4]])", T(T(I(1), I(2)), T(I(3), I(4)))),
	ac(ir.ArrayFrom, "5", "", I(5)),
	ac(ir.ArrayFrom, "array([], dtype=float64)", "np.array([])", T()),
	ac(ir.ArrayFrom, "array([[0., 1.],\n       [2., 3.]])", "np.array([np.arange(2.), np.arange(2.)+2])", T(fr(2), fa(sh(2), 2, 3))),
	ac(ir.ArrayFrom, "error: setting an array element with a sequence. The requested array has an inhomogeneous shape after 1 dimensions. The detected shape was (2,) + inhomogeneous part", "", T(T(I(1)), T(I(1), I(2)))),
	ac(ir.Zeros, "array([0., 0., 0.])", "np.zeros(3)", I(3)),
	ac(ir.Zeros, "array([[0., 0., 0.],\n       [0., 0., 0.]])", "np.zeros((2, 3))", T(I(2), I(3))),
	ac(ir.Zeros, "error: negative dimensions are not allowed", "", I(-1)),
	ac(ir.Ones, "array([1., 1.])", "np.ones((2,))", T(I(2))),
	ac(ir.Full, "array([7, 7])", "np.full(2, 7)", I(2), I(7)),
	ac(ir.Full, "array([[0.5, 0.5]])", "np.full((1, 2), 0.5)", T(I(1), I(2)), F(0.5)),
	ac(ir.Arange, "array([0, 1, 2, 3, 4])", "np.arange(5)", I(0), I(5), I(1)),
	ac(ir.Arange, "array([0, 1, 2])", "np.arange(3)", I(3), N, N),
	ac(ir.Arange, "array([5, 3, 1])", "np.arange(5, 0, -2)", I(5), I(0), I(-2)),
	ac(ir.Arange, "array([0. , 0.5, 1. , 1.5])", "np.arange(0, 2, 0.5)", I(0), I(2), F(0.5)),
	ac(ir.Arange, "array([], dtype=int64)", "np.arange(0)", I(0), I(0), I(1)),
	ac(ir.Eye, "array([[1., 0.],\n       [0., 1.]])", "np.eye(2)", I(2), N, I(0)),
	ac(ir.Eye, "array([[0., 1., 0.],\n       [0., 0., 1.]])", "np.eye(2, 3, 1)", I(2), I(3), I(1)),
	ac(ir.Eye, "array([[0., 0.],\n       [1., 0.],\n       [0., 1.]])", "np.eye(3, 2, -1)", I(3), I(2), I(-1)),
	ac(ir.Eye, "array([[0., 0.],\n       [0., 0.]])", "np.eye(2, k=5)", I(2), N, I(5)),

	// Elementwise arithmetic, broadcasting and dtypes.
	ac(ir.Add, "array([1. , 2.5, 4. ])", "np.arange(3.) + np.array([1, 1.5, 2])", fr(3), fa(sh(3), 1, 1.5, 2)),
	ac(ir.Add, "array([2, 3, 4])", "np.arange(3) + 2", ir_(3), I(2)),
	ac(ir.Add, "array([2.5, 3.5])", "np.arange(2) + 2.5", ir_(2), F(2.5)),
	ac(ir.Add, "array([ True,  True])", "np.array([True, False]) + np.array([True, True])", ba(sh(2), true, false), ba(sh(2), true, true)),
	ac(ir.Mul, "array([ True, False])", "np.array([True, False]) * np.array([True, True])", ba(sh(2), true, false), ba(sh(2), true, true)),
	ac(ir.Add, "array([2, 1])", "np.array([True, False]) + 1", ba(sh(2), true, false), I(1)),
	ac(ir.Add, "array([[0., 2., 4.],\n       [3., 5., 7.]])", "np.arange(6.).reshape(2, 3) + np.arange(3.)", fr(2, 3), fr(3)),
	ac(ir.Add, "array([[0., 1., 2.],\n       [4., 5., 6.]])", "np.arange(6.).reshape(2, 3) + np.arange(2.).reshape(2, 1)", fr(2, 3), fr(2, 1)),
	ac(ir.Add, "array([[0., 1., 2.],\n       [1., 2., 3.]])", "np.arange(3.) + np.arange(2.).reshape(2, 1)", fr(3), fr(2, 1)),
	ac(ir.Add, "array([[[0., 2.],\n        [1., 3.]],\n\n       [[4., 6.],\n        [5., 7.]]])", "np.arange(8.).reshape(2, 2, 2) + np.arange(2.).reshape(2, 1) * -1 + np.array([0., 1.])", fr(2, 2, 2), fa(sh(2, 2), 0, 1, -1, 0)),
	ac(ir.Add, "error: operands could not be broadcast together with shapes (3,) (4,)", "", fr(3), fr(4)),
	ac(ir.Add, "error: cannot add ndarray and str (+)", "", fr(3), S("a")),
	ac(ir.Sub, "array([-1., -2.])", "1 - np.array([2., 3.])", I(1), fa(sh(2), 2, 3)),
	ac(ir.Mul, "array([0, 2, 4])", "np.arange(3) * 2", ir_(3), I(2)),
	ac(ir.Mul, "array([0., 1., 4.])", "np.arange(3.) * np.arange(3)", fr(3), ir_(3)),
	ac(ir.TrueDiv, "array([0. , 0.5, 1. ])", "np.arange(3) / 2", ir_(3), I(2)),
	ac(ir.TrueDiv, "array([nan, inf])", "np.array([0., 1.]) / 0.", fa(sh(2), 0, 1), F(0)),
	ac(ir.FloorDiv, "array([-2, -1,  0,  0])", "np.array([-3, -1, 0, 1]) // 2", ia(sh(4), -3, -1, 0, 1), I(2)),
	ac(ir.FloorDiv, "array([0, 0])", "", ia(sh(2), 1, 2), I(0)),
	ac(ir.Mod, "array([1, 1, 0, 1])", "np.array([-3, -1, 0, 1]) % 2", ia(sh(4), -3, -1, 0, 1), I(2)),
	ac(ir.Mod, "array([0.5, 1.5])", "np.array([-1.5, 1.5]) % 2", fa(sh(2), -1.5, 1.5), I(2)),
	ac(ir.Pow, "array([0, 1, 4])", "np.arange(3) ** 2", ir_(3), I(2)),
	ac(ir.Pow, "array([1. , 0.5])", "2.0 ** np.array([0, -1])", F(2), ia(sh(2), 0, -1)),
	ac(ir.Pow, "error: Integers to negative integer powers are not allowed.", "", ir_(3), I(-1)),
	ac(ir.Neg, "array([-0., -1.])", "-np.arange(2.)", fr(2)),
	ac(ir.Neg, "array([ 0, -1])", "-np.arange(2)", ir_(2)),
	ac(ir.Abs, "array([1.5, 2. ])", "abs(np.array([-1.5, 2.]))", fa(sh(2), -1.5, 2)),
	ac(ir.UPos, "array([0, 1])", "+np.arange(2)", ir_(2)),
	ac(ir.UPos, "array([ True, False])", "", ba(sh(2), true, false)),
	ac(ir.Abs, "array([ True, False])", "abs(np.array([True, False]))", ba(sh(2), true, false)),
	ac(ir.Neg, "error: "+ir.MsgBoolNegative, "", ba(sh(2), true, false)),
	ac(ir.Sub, "error: "+ir.MsgBoolSubtract, "", ba(sh(2), true, false), ba(sh(2), false, false)),
	ac(ir.Sub, "error: "+ir.MsgBoolSubtract, "", B(true), ba(sh(2), false, false)),
	ac(ir.Sub, "array([ 0, -1])", "np.array([True, False]) - 1", ba(sh(2), true, false), I(1)),
	ac(ir.Lt, "array([ True, False, False])", "np.arange(3) < 1", ir_(3), I(1)),
	ac(ir.Eq, "array([[ True, False],\n       [False, False]])", "np.arange(4.).reshape(2, 2) == np.array([0, 2])", fr(2, 2), ia(sh(2), 0, 2)),
	ac(ir.Ge, "array([False,  True])", "np.array([0.5, 1.5]) >= 1", fa(sh(2), 0.5, 1.5), I(1)),
	ac(ir.Ne, "array([False,  True])", "np.array([1, 2]) != 1.0", ia(sh(2), 1, 2), F(1)),
	ac(ir.NpExp, "array([1.        , 2.71828183])", "np.exp(np.arange(2))", ir_(2)),
	ac(ir.NpLog, "array([-inf,   0.])", "np.log(np.array([0., 1.]))", fa(sh(2), 0, 1)),
	ac(ir.NpSqrt, "array([0.        , 1.        , 1.41421356])", "np.sqrt(np.arange(3.))", fr(3)),
	ac(ir.NpExp, "inf", "np.exp(1000.0)", F(1000)),
	ac(ir.NpLog, "-inf", "np.log(0.0)", F(0)),
	ac(ir.NpLog, "nan", "np.log(-1)", I(-1)),
	ac(ir.NpSqrt, "nan", "np.sqrt(-1.0)", F(-1)),
	ac(ir.NpSin, "nan", "np.sin(np.inf)", F(math.Inf(1))),
	ac(ir.NpCos, "nan", "np.cos(-np.inf)", F(math.Inf(-1))),
	ac(ir.NpTan, "0.0", "np.tan(0)", I(0)),
	ac(ir.Log1p, "-inf", "np.log1p(-1.0)", F(-1)),
	ac(ir.Expm1, "inf", "np.expm1(1000.0)", F(1000)),
	ac(ir.Tanh, "array([0.        , 0.76159416])", "np.tanh(np.arange(2.))", fr(2)),
	ac(ir.Log1p, "array([0.        , 0.69314718])", "np.log1p(np.arange(2.))", fr(2)),
	ac(ir.Expm1, "0.6487212707001282", "np.expm1(0.5)", F(0.5)),
	ac(ir.Maximum, "array([1., 1., 2.])", "np.maximum(np.arange(3.), 1)", fr(3), I(1)),
	ac(ir.Maximum, "array([nan,  1.])", "np.maximum(np.array([np.nan, 0.]), 1)", fa(sh(2), math.NaN(), 0), I(1)),
	ac(ir.Maximum, "3.5", "np.maximum(3, 3.5)", I(3), F(3.5)),
	ac(ir.Maximum, "array([ True, False,  True])", "np.maximum(np.array([True, False, True]), np.array([False, False, True]))", ba(sh(3), true, false, true), ba(sh(3), false, false, true)),
	ac(ir.Minimum, "array([False, False,  True])", "np.minimum(np.array([True, False, True]), np.array([False, False, True]))", ba(sh(3), true, false, true), ba(sh(3), false, false, true)),
	ac(ir.Maximum, "array([ True, False])", "np.maximum(np.array([True, False]), np.array([True, False]))", ba(sh(2), true, false), ba(sh(2), true, false)),
	ac(ir.Minimum, "array([[0, 1],\n       [0, 1]])", "np.minimum(np.arange(4).reshape(2, 2), np.array([0, 1]))", ir_(2, 2), ia(sh(2), 0, 1)),
	ac(ir.Where, "array([ 0., -1.,  2.])", "np.where(np.array([True, False, True]), np.arange(3.), -1)", ba(sh(3), true, false, true), fr(3), I(-1)),
	ac(ir.Where, "2", "np.where(False, 1, 2)", B(false), I(1), I(2)),

	// Products.
	ac(ir.MatDot, "5.0", "np.dot(np.arange(3.), np.arange(3.))", fr(3), fr(3)),
	ac(ir.MatDot, "5", "np.dot(np.arange(3), np.arange(3))", ir_(3), ir_(3)),
	ac(ir.MatDot, "array([[ 3.,  4.,  5.],\n       [ 9., 14., 19.]])", "np.arange(4.).reshape(2, 2) @ np.arange(6.).reshape(2, 3)", fr(2, 2), fr(2, 3)),
	ac(ir.MatDot, "array([ 5., 14.])", "np.arange(6.).reshape(2, 3) @ np.arange(3.)", fr(2, 3), fr(3)),
	ac(ir.MatDot, "array([3., 4., 5.])", "np.arange(2.) @ np.arange(6.).reshape(2, 3)", fr(2), fr(2, 3)),
	ac(ir.MatDot, "array([[ 3,  4,  5],\n       [ 9, 14, 19]])", "np.arange(4).reshape(2, 2) @ np.arange(6).reshape(2, 3)", ir_(2, 2), ir_(2, 3)),
	ac(ir.MatDot, "array([0., 2., 4.])", "np.dot(np.arange(3.), 2)", fr(3), I(2)),
	ac(ir.MatDot, "error: matmul: shapes (3, 4) and (5, 2) do not align: 4 != 5", "", fr(3, 4), fr(5, 2)),
	ac(ir.MatDot, "error: matmul: shapes (3,) and (4,) do not align: 3 != 4", "", fr(3), fr(4)),
	ac(ir.Outer, "array([[0., 0., 0.],\n       [0., 1., 2.]])", "np.outer(np.arange(2.), np.arange(3.))", fr(2), fr(3)),

	// Reductions.
	ac(ir.ReduceSum, "15.0", "np.sum(np.arange(6.).reshape(2, 3))", fr(2, 3), N, B(false)),
	ac(ir.ReduceSum, "array([3., 5., 7.])", "np.sum(np.arange(6.).reshape(2, 3), axis=0)", fr(2, 3), T(I(0)), B(false)),
	ac(ir.ReduceSum, "array([[ 3.],\n       [12.]])", "np.sum(np.arange(6.).reshape(2, 3), axis=-1, keepdims=True)", fr(2, 3), T(I(-1)), B(true)),
	ac(ir.ReduceSum, "array([[[15.]]])", "np.sum(np.arange(6.).reshape(1, 2, 3), keepdims=True)", fr(1, 2, 3), N, B(true)),
	ac(ir.ReduceSum, "array([10, 18])", "np.sum(np.arange(8).reshape(2, 2, 2), axis=(0, 2))", ir_(2, 2, 2), T(I(0), I(2)), B(false)),
	ac(ir.ReduceSum, "2", "np.sum(np.array([True, False, True]))", ba(sh(3), true, false, true), N, B(false)),
	ac(ir.ReduceSum, "error: axis 2 is out of bounds for array of dimension 2", "", fr(2, 3), T(I(2)), B(false)),
	ac(ir.ReduceSum, "error: duplicate value in 'axis'", "", fr(2, 3), T(I(0), I(-2)), B(false)),
	ac(ir.ReduceMean, "2.5", "np.mean(np.arange(6))", ir_(6), N, B(false)),
	ac(ir.ReduceMean, "array([1., 4.])", "np.mean(np.arange(6.).reshape(2, 3), axis=1)", fr(2, 3), T(I(1)), B(false)),
	ac(ir.ReduceMax, "array([3, 4, 5])", "np.max(np.arange(6).reshape(2, 3), axis=0)", ir_(2, 3), T(I(0)), B(false)),
	ac(ir.ReduceMax, "nan", "np.max(np.array([1., np.nan]))", fa(sh(2), 1, math.NaN()), N, B(false)),
	ac(ir.ReduceMax, "error: zero-size array to reduction operation maximum which has no identity", "", fr(0), N, B(false)),
	ac(ir.ReduceMin, "-1.5", "np.min(np.array([0., -1.5, 3.]))", fa(sh(3), 0, -1.5, 3), N, B(false)),
	ac(ir.ReduceProd, "6", "np.prod((2, 3))", T(I(2), I(3)), N, B(false)),
	ac(ir.ReduceProd, "1.0", "np.prod(())", T(), N, B(false)),
	ac(ir.ReduceProd, "array([ 0, 60])", "np.prod(np.arange(6).reshape(2, 3), axis=1)", ir_(2, 3), T(I(1)), B(false)),
	ac(ir.ReduceSum, "3.5", "np.sum(3.5)", F(3.5), N, B(false)),

	// Shapes.
	ac(ir.Reshape, "array([[0., 1., 2.],\n       [3., 4., 5.]])", "np.arange(6.).reshape(2, 3)", fr(6), T(I(2), I(3))),
	ac(ir.Reshape, "array([[0., 1.],\n       [2., 3.],\n       [4., 5.]])", "np.arange(6.).reshape(-1, 2)", fr(6), T(I(-1), I(2))),
	ac(ir.Reshape, "array([0, 1, 2, 3])", "np.arange(4).reshape(2, 2).reshape(4)", ir_(2, 2), I(4)),
	ac(ir.Reshape, "error: cannot reshape array of size 6 into shape (4,)", "", fr(6), T(I(4))),
	ac(ir.Reshape, "error: can only specify one unknown dimension", "", fr(6), T(I(-1), I(-1))),
	ac(ir.Transpose, "array([[0., 3.],\n       [1., 4.],\n       [2., 5.]])", "np.arange(6.).reshape(2, 3).T", fr(2, 3), N),
	ac(ir.Transpose, "array([[[0, 2],\n        [4, 6]],\n\n       [[1, 3],\n        [5, 7]]])", "np.transpose(np.arange(8).reshape(2, 2, 2), (2, 0, 1))", ir_(2, 2, 2), T(I(2), I(0), I(1))),
	ac(ir.Transpose, "error: axes don't match array", "", fr(2, 3), T(I(0))),
	ac(ir.Concatenate, "array([0., 1., 0., 1., 2.])", "np.concatenate((np.arange(2.), np.arange(3.)), 0)", T(fr(2), fr(3)), I(0)),
	ac(ir.Concatenate, "array([[0., 1., 0.],\n       [2., 3., 1.]])", "np.concatenate([np.arange(4.).reshape(2, 2), np.arange(2.).reshape(2, 1)], axis=1)", L(fr(2, 2), fr(2, 1)), I(1)),
	ac(ir.Concatenate, "error: all the input array dimensions except for the concatenation axis must match exactly, but along dimension 1, the array at index 0 has size 2 and the array at index 1 has size 1", "", T(fr(2, 2), fr(2, 1)), I(0)),
	ac(ir.Stack, "array([[0., 1.],\n       [0., 1.]])", "np.stack((np.arange(2.), np.arange(2.)))", T(fr(2), fr(2)), I(0)),
	ac(ir.Stack, "array([[0, 0],\n       [1, 1]])", "np.stack((np.arange(2), np.arange(2)), axis=-1)", T(ir_(2), ir_(2)), I(-1)),
	ac(ir.Stack, "array([1., 2.])", "np.stack((1, 2.0))", T(I(1), F(2)), I(0)),
	ac(ir.Shape, "(2, 3)", "np.shape(np.zeros((2, 3)))", fr(2, 3)),
	ac(ir.Shape, "()", "np.shape(1.0)", F(1)),
	ac(ir.NDim, "3", "np.ndim(np.zeros((1, 2, 3)))", fr(1, 2, 3)),
	ac(ir.NDim, "0", "np.ndim(2)", I(2)),
	ac(ir.BroadcastTo, "array([[0., 1.],\n       [0., 1.]])", "np.broadcast_to(np.arange(2.), (2, 2))", fr(2), T(I(2), I(2))),
	ac(ir.BroadcastTo, "2.0", "", F(2), T()),
	ac(ir.BroadcastTo, "error: cannot broadcast an array of shape (3,) to shape (4,)", "", fr(3), T(I(4))),
	ac(ir.SplitLike, "(array([0., 1.]), array([2., 3., 4.]))", "(np.arange(5.)[:2], np.arange(5.)[2:])", fr(5), T(fr(2), fr(3)), I(0)),
	ac(ir.SplitLike, "(array([[0.],\n       [2.]]), array([[1.],\n       [3.]]))", "(np.arange(4.).reshape(2,2)[:, :1], np.arange(4.).reshape(2,2)[:, 1:])", fr(2, 2), T(fr(2, 1), fr(2, 1)), I(1)),
	ac(ir.SplitLike, "(array([0., 2.]), array([1., 3.]))", "", fr(2, 2), T(fr(2), fr(2)), I(1)),
	ac(ir.SplitLike, "(1.0, 2.0)", "", fa(sh(2), 1, 2), T(F(0), F(0)), I(0)),
	ac(ir.SumToLike, "array([3., 5., 7.])", "", fr(2, 3), fr(3)),
	ac(ir.SumToLike, "array([[ 3.],\n       [12.]])", "", fr(2, 3), fr(2, 1)),
	ac(ir.SumToLike, "15.0", "", fr(2, 3), F(1)),
	ac(ir.SumToLike, "2.0", "", F(2), F(1)),
	ac(ir.SumToLike, "array([2., 2.])", "", F(2), fr(2)),

	// Indexing.
	ac(ir.GetItem, "array([3., 4., 5.])", "np.arange(6.).reshape(2, 3)[1]", fr(2, 3), I(1)),
	ac(ir.GetItem, "2.0", "np.arange(6.).reshape(2, 3)[0, -1]", fr(2, 3), T(I(0), I(-1))),
	ac(ir.GetItem, "array([1., 4.])", "np.arange(6.).reshape(2, 3)[:, 1]", fr(2, 3), T(sl(N, N, N), I(1))),
	ac(ir.GetItem, "array([[ 4.,  6.],\n       [ 8., 10.]])", "np.arange(12.).reshape(3, 4)[1:3, ::2]", fr(3, 4), T(sl(I(1), I(3), N), sl(N, N, I(2)))),
	ac(ir.GetItem, "array([4, 3])", "np.arange(5)[:2:-1]", ir_(5), sl(N, I(2), I(-1))),
	ac(ir.GetItem, "error: index 5 is out of bounds for axis 0 with size 3", "", fr(3), I(5)),
	ac(ir.GetItem, "error: index -4 is out of bounds for axis 0 with size 3", "", fr(3), I(-4)),
	ac(ir.GetItem, "error: too many indices for array: array is 1-dimensional, but 2 were indexed", "", fr(3), T(I(0), I(0))),
	ac(ir.GetItem, "(2, 3)", "(1, 2, 3)[1:]", T(I(1), I(2), I(3)), sl(I(1), N, N)),
	ac(ir.Slice, "array([[2., 3.]])", "np.arange(4.).reshape(2, 2)[1:]", fr(2, 2), I(1), N, N),
	ac(ir.Len, "2", "len(np.zeros((2, 3)))", fr(2, 3)),
	ac(ir.TupleSetItem, "array([0., 9., 2.])", "", fr(3), I(1), F(9)),
	ac(ir.TupleSetItem, "array([[0., 7., 2.],\n       [3., 7., 5.]])", "", fr(2, 3), T(sl(N, N, N), I(1)), I(7)),
	ac(ir.TupleSetItem, "array([[1., 1., 1.],\n       [3., 4., 5.]])", "", fr(2, 3), I(0), F(1)),
	ac(ir.TupleSetItem, "array([0, 1, 0, 1])", "", ia(sh(4), 0, 0, 0, 0), sl(I(1), N, I(2)), I(1)),
	ac(ir.TupleSetItem, "error: could not broadcast input array from shape (3,) into shape (2,)", "", fr(2, 2), I(0), fr(3)),
	ac(ir.TupleSetItem, "(1, 7, 8)", "", T(I(1), I(2), I(3)), sl(I(1), N, N), T(I(7), I(8))),
	ac(ir.TupleSetItem, "[7, 2, 8]", "", L(I(1), I(2), I(3)), sl(N, N, I(2)), T(I(7), I(8))),
	ac(ir.MakeSlice, "slice(1, None, None)", "slice(1, None, None)", I(1), N, N),
	ac(ir.MakeSlice, "error: slice step cannot be zero", "", N, N, I(0)),

	// Truth.
	ac(ir.Truth, "error: The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()", "", fr(2)),
	ac(ir.Truth, "True", "bool(np.array([2.]))", fa(sh(1), 2)),
	ac(ir.Not, "True", "not np.array([0])", ia(sh(1), 0)),
	ac(ir.Switch, "error: The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()", "", ba(sh(2), true, true), I(1), I(2)),

	// AD.
	ac(ir.ZerosLike, "array([0, 0])", "", ir_(2)),
	ac(ir.ZerosLike, "(array([0., 0.]), 0.0)", "", T(fr(2), F(1))),
	ac(ir.OnesLike, "array([[1., 1.]])", "", fr(1, 2)),
	ac(ir.OnesLike, "array([ True,  True])", "", ba(sh(2), false, false)),
	ac(ir.Gadd, "array([[0., 2.],\n       [2., 4.]])", "", fr(2, 2), fr(2)),
	ac(ir.Gadd, "array([1., 2.])", "", N, fa(sh(2), 1, 2)),
	ac(ir.Gadd, "slice(1, None, None)", "", sl(I(1), N, N), sl(I(1), N, N)),
	ac(ir.FixSens, "array([0, 0])", "", ir_(2), fr(2)), // an int array's gradient: int zeros
	ac(ir.FixSens, "array([0., 1.])", "", fr(2), ir_(2)),
	ac(ir.FixSens, "array([0., 0., 0.])", "", fr(3), N),
	ac(ir.GradSens, "error: grad needs a function whose output is a scalar float, got ndarray", "", fr(2)),
	ac(ir.J, "array([0., 1.])", "", fr(2)),
}

// TestArrayPrims checks each case called as a function value and applied
// in a graph (both must agree with the table).
func TestArrayPrims(t *testing.T) {
	for _, c := range arrayCases {
		name := c.p.String() + outcome(Tuple(c.args), nil)
		b := newBuilder()
		vm := New(b.m, Options{Stdout: &strings.Builder{}})
		v, err := vm.CallValue(PrimFunc(c.p), c.args)
		if got := outcome(v, err); got != c.want {
			t.Errorf("%s = %s, want %s", name, got, c.want)
		}
		var names []string
		for i := range c.args {
			names = append(names, string(rune('a'+i)))
		}
		g, ps := b.graph("f", nil, names...)
		args := make([]any, len(ps))
		for i, p := range ps {
			args[i] = p
		}
		b.ret(g, b.op(g, c.p, args...))
		v, _, err = b.run(t, g, c.args...)
		if got := outcome(v, err); got != c.want {
			t.Errorf("applied %s = %s, want %s", name, got, c.want)
		}
	}
}

// python finds a python3 with numpy, or skips the test.
var python = sync.OnceValue(func() string {
	for _, p := range []string{"python3", "/usr/bin/python3"} {
		if exec.Command(p, "-c", "import numpy").Run() == nil {
			return p
		}
	}
	return ""
})

// numpyRun evaluates Python expressions with numpy and returns, for
// each, its str and its repr (numpy scalars as Python numbers).
func numpyRun(t *testing.T, exprs []string) [][2]string {
	t.Helper()
	py := python()
	if py == "" {
		t.Skip("no python3 with numpy")
	}
	const prog = `
import json, sys
import numpy as np
def py(x):
    if isinstance(x, np.generic) or isinstance(x, np.ndarray) and x.ndim == 0:
        return x.item()
    if isinstance(x, tuple):
        return tuple(py(e) for e in x)
    return x
out = []
for e in json.load(sys.stdin):
    v = py(eval(e))
    out.append([str(v), repr(v)])
print(json.dumps(out))
`
	in, _ := json.Marshal(exprs)
	cmd := exec.Command(py, "-c", prog)
	cmd.Stdin = strings.NewReader(string(in))
	outb, err := cmd.Output()
	if err != nil {
		t.Fatalf("python: %v", err)
	}
	var out [][2]string
	if err := json.Unmarshal(outb, &out); err != nil {
		t.Fatalf("python output: %v", err)
	}
	return out
}

// TestArrayPrimsNumpy checks the table's expectations against numpy.
func TestArrayPrimsNumpy(t *testing.T) {
	var exprs []string
	var cases []arrayCase
	for _, c := range arrayCases {
		if c.py != "" {
			exprs = append(exprs, c.py)
			cases = append(cases, c)
		}
	}
	res := numpyRun(t, exprs)
	for k, c := range cases {
		if res[k][1] != c.want {
			t.Errorf("numpy: %s = %s, the table says %s", c.py, res[k][1], c.want)
		}
	}
}

// printCases are arrays to print, with the Python expression that makes
// the same array; the hard-coded str is checked without numpy.
var printCases = []struct {
	v   Value
	py  string
	str string
}{
	{fa(sh(3), 1, 2.5, 3), "np.array([1, 2.5, 3])", "[1.  2.5 3. ]"},
	{ba(sh(2), true, false), "np.array([True, False])", "[ True False]"},
	{ia(sh(3), -1, 10, 100), "np.array([-1, 10, 100])", "[ -1  10 100]"},
	{fa(sh(2), 1e-5, 1), "np.array([1e-5, 1])", "[1.e-05 1.e+00]"},
	{fa(sh(2), 1.5e10, 1), "np.array([1.5e10, 1])", "[1.5e+10 1.0e+00]"},
	{fa(sh(3), math.NaN(), 1, math.Inf(-1)), "np.array([np.nan, 1, -np.inf])", "[ nan   1. -inf]"},
	{fa(sh(2), 1.0/3, -2), "np.array([1/3, -2])", "[ 0.33333333 -2.        ]"},
	{fa(sh(1), 0.1), "np.array([0.1])", "[0.1]"},
	{fr(2, 2), "np.arange(4.).reshape(2, 2)", "[[0. 1.]\n [2. 3.]]"},
	{fr(0), "np.arange(0.)", "[]"},
	{fr(0, 3), "np.zeros((0, 3))", "[]"},
}

// printExprs are Python expressions whose arrays the Go side builds with
// goPrint; they exercise wrapping and summarisation.
var printExprs = []struct {
	py string
	v  func() Value
}{
	{"np.arange(30.) * 1.1", func() Value { return mustArith(ir.Mul, fr(30), F(1.1)) }},
	{"np.arange(100)", func() Value { return ir_(100) }},
	{"np.arange(2000.)", func() Value { return fr(2000) }},
	{"np.arange(2000).reshape(40, 50)", func() Value { return ir_(40, 50) }},
	{"np.arange(3000.).reshape(10, 10, 30) / 7", func() Value { return mustArith(ir.TrueDiv, fr(10, 10, 30), I(7)) }},
	{"np.arange(24.).reshape(2, 3, 4) - 5", func() Value { return mustArith(ir.Sub, fr(2, 3, 4), I(5)) }},
	{"np.arange(12.).reshape(3, 4) ** 9", func() Value { return mustArith(ir.Pow, fr(3, 4), I(9)) }},
	{"np.exp(np.arange(20.))", func() Value { return mapFloat(fr(20).arr(), math.Exp) }},
	{"(np.arange(20.) - 10) / 3", func() Value { return mustArith(ir.TrueDiv, mustArith(ir.Sub, fr(20), I(10)), I(3)) }},
	{"np.arange(10) > 4", func() Value { return mustArith(ir.Gt, ir_(10), I(4)) }},
	{"np.arange(1, 6.) * 1e-3", func() Value { return mustArith(ir.Mul, mustArith(ir.Add, fr(5), I(1)), F(1e-3)) }},
	{"np.array([0., -0., 1e200])", func() Value { return fa(sh(3), 0, math.Copysign(0, -1), 1e200) }},
	{"np.array([np.inf, np.nan])", func() Value { return fa(sh(2), math.Inf(1), math.NaN()) }},
	{"np.array([123456789., 1.])", func() Value { return fa(sh(2), 123456789, 1) }},
	{"np.array([12345678.9, 1.])", func() Value { return fa(sh(2), 12345678.9, 1) }},
	{"np.zeros((2, 0))", func() Value { return fr(2, 0) }},
	{"np.zeros((1, 1, 1))", func() Value { return fa(sh(1, 1, 1), 0) }},
	{"(np.arange(7.)[:, None] * np.arange(15.)) / 9", func() Value {
		return mustArith(ir.TrueDiv, mustArith(ir.Mul, fr(7, 1), fr(15)), I(9))
	}},
}

func mustArith(p ir.Prim, x, y Value) Value {
	v, err := binary(p, x, y)
	if err != nil {
		panic(err)
	}
	return v
}

func TestArrayPrint(t *testing.T) {
	for _, c := range printCases {
		if got := c.v.Str(); got != c.str {
			t.Errorf("str(%s) = %q, want %q", c.py, got, c.str)
		}
	}
	var exprs []string
	for _, c := range printCases {
		exprs = append(exprs, c.py, "("+c.py+", 1)")
	}
	for _, c := range printExprs {
		exprs = append(exprs, c.py, "("+c.py+", 1)")
	}
	res := numpyRun(t, exprs)
	check := func(k int, py string, v Value) {
		if got := v.Str(); got != res[2*k][0] {
			t.Errorf("str(%s) =\n%s\nwant\n%s", py, got, res[2*k][0])
		}
		if got := v.Repr(); got != res[2*k][1] {
			t.Errorf("repr(%s) =\n%s\nwant\n%s", py, got, res[2*k][1])
		}
		tv := Tuple([]Value{v, Int(1)})
		if got := tv.Str(); got != res[2*k+1][0] {
			t.Errorf("str((%s, 1)) =\n%s\nwant\n%s", py, got, res[2*k+1][0])
		}
	}
	for k, c := range printCases {
		check(k, c.py, c.v)
	}
	for k, c := range printExprs {
		check(len(printCases)+k, c.py, c.v())
	}
}

// TestArraySum checks numpy's summation order on long float arrays, to
// the last bit.
func TestArraySum(t *testing.T) {
	data := make([]float64, 30000)
	x := uint64(12345)
	for k := range data {
		x = x*6364136223846793005 + 1442695040888963407
		data[k] = float64(x>>11) / (1 << 53) * math.Pow(10, float64(k%7-3))
	}
	a := fa(sh(30000), data...)
	m := fa(sh(300, 100), data...)
	var exprs []string
	var gots []Value
	src := make([]string, len(data))
	for k, f := range data {
		src[k] = ir.FloatRepr(f)
	}
	arr := "np.array([" + strings.Join(src, ",") + "])"
	for _, c := range []struct {
		py string
		v  Value
	}{
		{"np.sum(" + arr + ")", mustReduce(ir.ReduceSum, a, N)},
		{"np.mean(" + arr + ")", mustReduce(ir.ReduceMean, a, N)},
		{"np.sum(" + arr + ".reshape(300, 100), axis=0)[:5]", mustSlice(mustReduce(ir.ReduceSum, m, T(I(0))), 5)},
		{"np.sum(" + arr + ".reshape(300, 100), axis=1)[:5]", mustSlice(mustReduce(ir.ReduceSum, m, T(I(1))), 5)},
		{"np.sum(" + arr + ".reshape(300, 100))", mustReduce(ir.ReduceSum, m, N)},
	} {
		exprs = append(exprs, "list("+c.py+")" /* floats as Python reprs */)
		if c.v.Kind() != KArray {
			exprs[len(exprs)-1] = "[" + c.py + "]"
		}
		gots = append(gots, c.v)
	}
	res := numpyRun(t, exprs)
	for k, v := range gots {
		var parts []string
		if v.Kind() == KArray {
			for _, f := range v.arr().f {
				parts = append(parts, ir.FloatRepr(f))
			}
		} else {
			parts = append(parts, v.Repr())
		}
		if got := "[" + strings.Join(parts, ", ") + "]"; got != res[k][0] {
			t.Errorf("case %d: got %s, numpy %s", k, got, res[k][0])
		}
	}
}

func mustReduce(p ir.Prim, x, axis Value) Value {
	v, err := reduce(p, x, axis, Bool(false))
	if err != nil {
		panic(err)
	}
	return v
}

func mustSlice(x Value, n int) Value {
	v, err := slice(x, N, I(int64(n)), N)
	if err != nil {
		panic(err)
	}
	return v
}

// TestArrayRowView checks that x[i] shares x's data.
func TestArrayRowView(t *testing.T) {
	x := fr(3, 4)
	r, err := getItem(x, I(1))
	if err != nil {
		t.Fatal(err)
	}
	if &r.arr().f[0] != &x.arr().f[4] {
		t.Errorf("x[1] copied the row")
	}
}

// TestArrayTruthBranch runs `if x < y` on arrays through the
// compare-and-branch opcodes.
func TestArrayTruthBranch(t *testing.T) {
	b := newBuilder()
	f, ps := b.graph("f", nil, "a", "b")
	yes, _ := b.graph("yes", f)
	b.ret(yes, true)
	no, _ := b.graph("no", f)
	b.ret(no, false)
	b.ret(f, b.branch(f, b.op(f, ir.Lt, ps[0], ps[1]), yes, no))
	v, _, err := b.run(t, f, fr(2), F(1))
	want := "error: The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()"
	if got := outcome(v, err); got != want {
		t.Errorf("if arange(2.) < 1 = %s, want %s", got, want)
	}
	v, _, err = b.run(t, f, fr(1), F(1))
	if got := outcome(v, err); got != "True" {
		t.Errorf("if arange(1.) < 1 = %s, want True", got)
	}
}

// TestArrayPrintRandom compares the printing of pseudo-random arrays of
// many magnitudes and shapes with numpy's.
func TestArrayPrintRandom(t *testing.T) {
	x := uint64(7)
	next := func() float64 {
		x = x*6364136223846793005 + 1442695040888963407
		return float64(x>>11) / (1 << 53)
	}
	shapes := [][]int{{5}, {3, 4}, {2, 3, 4}, {40}, {1001}, {7, 200}, {12, 1}, {1, 30}}
	scales := []float64{1, 1e-3, 1e5, 1e9, 1e-7, 123.456}
	var vals []Value
	var exprs []string
	for si, s := range shapes {
		for ci, c := range scales {
			n := size(s)
			data := make([]float64, n)
			src := make([]string, n)
			for k := range data {
				data[k] = math.Round((next()-0.3)*c*1e4) / 1e4
				if (si+ci)%3 == 0 {
					data[k] = (next() - 0.3) * c
				}
				if (si+ci)%4 == 1 {
					data[k] = math.Round(next() * 20)
				}
				src[k] = ir.FloatRepr(data[k])
			}
			shp := make([]string, len(s))
			for k, d := range s {
				shp[k] = strings.TrimSpace(strings.Repeat(" ", 0) + I(int64(d)).Repr())
			}
			py := "np.array([" + strings.Join(src, ",") + "]).reshape(" + strings.Join(shp, ",") + ")"
			v := fa(s, data...)
			vals = append(vals, v)
			exprs = append(exprs, py)
			iv := v.arr().astype(dInt).value()
			vals = append(vals, iv)
			exprs = append(exprs, py+".astype(np.int64)")
		}
	}
	res := numpyRun(t, exprs)
	for k, v := range vals {
		if got := v.Str(); got != res[k][0] {
			t.Errorf("str of case %d =\n%s\nwant\n%s", k, got, res[k][0])
		}
		if got := v.Repr(); got != res[k][1] {
			t.Errorf("repr of case %d =\n%s\nwant\n%s", k, got, res[k][1])
		}
	}
}

// TestArrayPrimsNoPanic applies the array primitives, and the old ones
// that take arrays, to every combination of awkward arguments: each must
// return a value or an error, never panic.
func TestArrayPrimsNoPanic(t *testing.T) {
	vals := []Value{None, I(0), I(-1), I(2), F(1.5), B(true), S("a"), T(), T(I(1)), L(I(1), I(2)),
		T(I(-1)), T(I(0), I(5)), T(I(2), I(-1)), fr(0), fr(3), fr(2, 3), ir_(2, 2), fr(0, 3), fr(1, 1),
		ba(sh(2), true, false), sl(N, N, N), sl(I(-1), N, I(-2)), T(sl(N, N, N), I(1)), T(fr(2), fr(3)),
		PrimFunc(ir.Add)}
	ps := []ir.Prim{ir.Add, ir.Sub, ir.Mul, ir.TrueDiv, ir.FloorDiv, ir.Mod, ir.Pow, ir.Neg, ir.UPos, ir.Abs,
		ir.Eq, ir.Lt, ir.Not, ir.Truth, ir.ToInt, ir.ToFloat, ir.Exp, ir.Log, ir.GetItem, ir.Slice, ir.Len,
		ir.TupleSetItem, ir.ZerosLike, ir.OnesLike, ir.Gadd, ir.FixSens, ir.GradSens, ir.Switch, ir.Contains}
	for p := ir.MakeSlice; p <= ir.SumToLike; p++ {
		ps = append(ps, p)
	}
	for _, p := range ps {
		n := p.Info().Arity
		args := make([]Value, n)
		var rec func(k int)
		rec = func(k int) {
			if k == n {
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Errorf("%s%s panicked: %v", p, outcome(Tuple(args), nil), r)
						}
					}()
					v, err := prims[p](nil, append([]Value(nil), args...))
					if err == nil {
						_ = v.Repr() + v.Str()
					}
				}()
				return
			}
			for _, v := range vals {
				args[k] = v
				rec(k + 1)
			}
		}
		rec(0)
	}
}

func TestArrayConversions(t *testing.T) {
	for _, c := range []struct {
		p    ir.Prim
		args []Value
		want string
	}{
		{ir.ToFloat, []Value{ia(sh(1), 3)}, "3.0"},
		{ir.ToInt, []Value{fa(sh(1, 1), 2.7)}, "2"},
		{ir.ToFloat, []Value{fr(2)}, "error: only size-1 arrays can be converted to Python scalars"},
		{ir.FixSens, []Value{F(1), fr(3)}, "3.0"},
		{ir.Arange, []Value{I(minInt), I(maxInt), I(1)}, "error: array is too big: np.arange(-9223372036854775808, 9223372036854775807, 1)"},
		{ir.Zeros, []Value{T(I(1<<20), I(1<<20))}, "error: array is too big: shape (1048576, 1048576)"},
	} {
		v, err := prims[c.p](nil, c.args)
		if got := outcome(v, err); got != c.want {
			t.Errorf("%s%s = %s, want %s", c.p, outcome(Tuple(c.args), nil), got, c.want)
		}
	}
}
