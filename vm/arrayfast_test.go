package vm

import (
	"math"
	"testing"

	"github.com/myia/myia/ir"
)

// The fast paths of the array code against the general ones.

// TestZerosShared checks that zeros_like arrays share a store of zeros
// that no operation writes, and that gadd skips them only when the sum
// would be the other operand.
func TestZerosShared(t *testing.T) {
	x := seqArray(dFloat, 3, 4)
	z1, z2 := zerosLike(x), zerosLike(seqArray(dFloat, 2, 6))
	if !isZero(z1) || &z1.arr().f[0] != &z2.arr().f[0] {
		t.Fatalf("zeros_like arrays do not share their zeros")
	}
	// Writing into a copy (x[1, 2] = 5 in an adjoint) leaves the store.
	s, err := tupleSetItem(z1, Tuple([]Value{Int(1), Int(2)}), Float(5))
	if err != nil {
		t.Fatal(err)
	}
	if s.arr().f[6] != 5 || z2.arr().f[6] != 0 || isZero(s) {
		t.Fatalf("tuple_setitem of zeros wrote into the shared zeros: %s, %s", s.Repr(), z2.Repr())
	}
	y := seqArray(dFloat, 3, 4)
	for _, c := range []struct {
		x, y Value
		same bool // gadd returns y itself
	}{
		{z1, y, true},
		{y, z1, true},
		{zerosLike(seqArray(dFloat, 4)), y, true},                        // broadcast into y's shape
		{zerosLike(seqArray(dFloat, 1, 4)), y, true},                     // likewise
		{zerosLike(seqArray(dFloat, 2, 3, 4)), y, false},                 // the sum is bigger
		{zerosLike(seqArray(dFloat, 3, 4)), seqArray(dInt, 3, 4), false}, // the sum is float
		{zerosLike(seqArray(dInt, 3, 4)), y, true},
		{zerosLike(seqArray(dFloat, 3, 4)), Float(2), false},
	} {
		got, err := gadd(c.x, c.y)
		if err != nil {
			t.Fatal(err)
		}
		want, err := arrayBinary(ir.Add, c.x, c.y)
		if err != nil {
			t.Fatal(err)
		}
		if got.Repr() != want.Repr() {
			t.Errorf("gadd(%s, %s) = %s, want %s", c.x.Repr(), c.y.Repr(), got.Repr(), want.Repr())
		}
		if same := got.p == c.y.p || got.p == c.x.p; same != c.same {
			t.Errorf("gadd(%s, %s) returned an operand: %v, want %v", c.x.Repr(), c.y.Repr(), same, c.same)
		}
	}
	if z := zerosLike(seqArray(dFloat, maxSharedZeros+1)); len(z.arr().f) != maxSharedZeros+1 || !isZero(z) {
		t.Errorf("a big zeros_like is wrong")
	}
}

// TestReduceLast checks the reductions along the last axis against
// reduceFloat, NaN included.
func TestReduceLast(t *testing.T) {
	nan := math.NaN()
	for _, row := range [][]float64{
		{1, 5, 2}, {-1, -5, -2}, {nan, 1, 2}, {1, nan, 2}, {1, 2, nan}, {3}, {0, -0.0},
		{1e16, 1, -1e16, 3, 2, 7, 1, 9, 4, 2, 1e-3},
	} {
		for _, p := range []ir.Prim{ir.ReduceSum, ir.ReduceMax, ir.ReduceMin, ir.ReduceProd} {
			f := append(append([]float64(nil), row...), row...) // two rows
			got := make([]float64, 2)
			reduceLast(p, got, f, len(row))
			want := make([]float64, 1)
			reduceFloat(p, want, row, len(row), 1)
			for _, g := range got {
				if math.Float64bits(g) != math.Float64bits(want[0]) && !(g != g && want[0] != want[0]) {
					t.Errorf("%s of %v = %v, want %v", p, row, g, want[0])
				}
			}
		}
	}
}

// TestBroadcastBlocks checks broadcasting operations with short rows
// (done by blocks of the last two axes) against the same operation of
// the operands broadcast first.
func TestBroadcastBlocks(t *testing.T) {
	for _, c := range [][2][]int{
		{{4, 1, 3}, {1, 5, 3}}, {{2, 5, 1, 3}, {5, 3, 3}}, {{3, 1}, {1, 4}}, {{2, 3, 4}, {4}},
		{{2, 1, 3, 1}, {1, 4, 1, 5}}, {{6, 2}, {6, 1}}, {{0, 3}, {1, 3}}, {{3, 2, 2}, {1}},
	} {
		shape, err := broadcastShapes(c[0], c[1])
		if err != nil {
			t.Fatal(err)
		}
		x, y := seqArray(dFloat, c[0]...), seqArray(dFloat, c[1]...)
		xb, _ := x.arr().broadcastTo(shape)
		yb, _ := y.arr().broadcastTo(shape)
		for _, p := range []ir.Prim{ir.Add, ir.Sub, ir.Mul, ir.TrueDiv, ir.Maximum, ir.Pow} {
			got, err := binaryArrays(p, x.arr(), y.arr())
			if err != nil {
				t.Fatal(err)
			}
			want, _ := binaryArrays(p, xb, yb)
			if got.value().Repr() != want.value().Repr() {
				t.Errorf("%s of shapes %v and %v = %s, want %s", p, c[0], c[1], got.value().Repr(), want.value().Repr())
			}
		}
	}
}
