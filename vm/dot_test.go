package vm

import (
	"math"
	"strings"
	"testing"

	"github.com/myia/myia/ir"
)

// seqArray is an array of shape with distinct, irregular elements.
func seqArray(dt dtype, shape ...int) Value {
	a := newArray(dt, shape)
	for k := range size(shape) {
		x := (k*7919)%23 - 11
		if dt == dFloat {
			a.f[k] = float64(x) / 4
		} else {
			a.i[k] = int64(x)
		}
	}
	return valueOf(a)
}

func closeValues(t *testing.T, what string, got, want Value) {
	t.Helper()
	gs, gd, gok := got.ArrayShape()
	ws, wd, wok := want.ArrayShape()
	if !gok || !wok {
		if got.Repr() != want.Repr() {
			t.Errorf("%s = %s, want %s", what, got.Repr(), want.Repr())
		}
		return
	}
	if !sameShape(gs, ws) || got.arr().dt != want.arr().dt {
		t.Fatalf("%s: shape %s %s, want %s %s", what, shapeStr(gs), got.arr().dt, shapeStr(ws), want.arr().dt)
	}
	for k := range gd {
		if math.Abs(gd[k]-wd[k]) > 1e-9*(1+math.Abs(wd[k])) {
			t.Fatalf("%s: element %d = %v, want %v", what, k, gd[k], wd[k])
		}
	}
}

// TestDotT checks the products with transposed operands (BLAS transpose
// flags, views, copies) against the products of transposed copies.
func TestDotT(t *testing.T) {
	shapes := [][]int{{}, {1}, {5}, {1, 1}, {1, 5}, {5, 1}, {3, 5}, {5, 3}, {5, 5}, {4, 6}, {6, 4}, {2, 3, 4}, {4, 3, 2}}
	for _, dx := range []dtype{dFloat, dInt} {
		for _, sx := range shapes {
			for _, sy := range shapes {
				x := seqArray(dx, sx...)
				y := seqArray(dFloat, sy...)
				if len(sx) == 0 {
					x = Float(1.5)
				}
				if len(sy) == 0 {
					y = Float(-2)
				}
				for flags := 1; flags < 4; flags++ {
					tx, ty := flags&1 != 0, flags&2 != 0
					xx, yy := x, y
					if tx && x.Kind() == KArray {
						xx, _ = transpose(x, None)
					}
					if ty && y.Kind() == KArray {
						yy, _ = transpose(y, None)
					}
					want, werr := dot(xx, yy)
					got, gerr := dotT(x, y, tx, ty)
					what := "dotT(" + shapeStr(sx) + ", " + shapeStr(sy) + ")"
					if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
						t.Fatalf("%s flags %d: error %v, want %v", what, flags, gerr, werr)
					}
					if werr == nil {
						closeValues(t, what, got, want)
					}
				}
			}
		}
	}
}

// TestFusedTranspose checks that a transpose used only by products is
// not computed (the products take transpose flags) and one used
// elsewhere is.
func TestFusedTranspose(t *testing.T) {
	b := newBuilder()
	g, ps := b.graph("g", nil, "x", "y")
	x, y := ps[0], ps[1]
	xt := b.op(g, ir.Transpose, x, nil)
	yt := b.op(g, ir.Transpose, y, nil)
	p1 := b.op(g, ir.MatDot, xt, y)  // x.T @ y: fused
	p2 := b.op(g, ir.MatDot, yt, yt) // y.T @ y.T: fused twice
	xt2 := b.op(g, ir.Transpose, x, nil)
	p3 := b.op(g, ir.MatDot, xt2, x) // xt2 is also returned: copied
	b.ret(g, b.op(g, ir.MakeTuple, p1, p2, p3, xt2))
	xv, yv := seqArray(dFloat, 4, 4), seqArray(dFloat, 4, 4)
	got := b.mustRun(t, g, xv, yv)
	xtv, _ := transpose(xv, None)
	ytv, _ := transpose(yv, None)
	w1, _ := dot(xtv, yv)
	w2, _ := dot(ytv, ytv)
	w3, _ := dot(xtv, xv)
	for k, want := range []Value{w1, w2, w3, xtv} {
		closeValues(t, "g(x, y)["+string(rune('0'+k))+"]", got.Elems()[k], want)
	}
	machine := New(b.m, Options{})
	c, err := machine.compile(g)
	if err != nil {
		t.Fatal(err)
	}
	code := c.String()
	if n := strings.Count(code, "np_transpose"); n != 1 {
		t.Errorf("code has %d np_transpose, want 1 (xt2's):\n%s", n, code)
	}
	if n := strings.Count(code, "np_dot(r0, r1, r") + strings.Count(code, "np_dot(r1, r1, r"); n != 2 {
		t.Errorf("code has %d fused products, want 2:\n%s", n, code)
	}
}
