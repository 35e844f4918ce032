package opt

import (
	"io"
	"math"
	"testing"

	"github.com/myia/myia/ir"
	"github.com/myia/myia/vm"
)

// foldValues are the constants every folder is tried on, alone and in
// pairs: the edges of ints (overflow), floats (-0.0, inf, nan, huge),
// bools, None and strings.
var foldValues = []any{
	int64(0), int64(1), int64(-1), int64(2), int64(3), int64(-7), int64(1 << 40),
	int64(math.MaxInt64), int64(math.MinInt64),
	0.0, math.Copysign(0, -1), 1.0, -1.5, 2.5, 0.5, 3.0, 1e308, -1e308, 1e-310,
	math.Inf(1), math.Inf(-1), math.NaN(),
	true, false, ir.None, "ab", "",
}

// TestFoldersAgreeWithVM evaluates every folder on every constant (or
// pair) and checks it against the VM running the same application: a
// fold must give the VM's value, and decline where the VM fails.
func TestFoldersAgreeWithVM(t *testing.T) {
	for p, fold := range folders {
		ar := p.Info().Arity
		var cases [][]any
		switch ar {
		case 1:
			for _, x := range foldValues {
				cases = append(cases, []any{x})
			}
		case 2:
			for _, x := range foldValues {
				for _, y := range foldValues {
					cases = append(cases, []any{x, y})
				}
			}
		default:
			t.Errorf("%s: folder of arity %d", p, ar)
			continue
		}
		m := ir.NewModule()
		machine := vm.New(m, vm.Options{Stdout: io.Discard})
		folded := 0
		for _, args := range cases {
			got, ok := fold(args)
			g := m.NewGraph("t", ir.Pos{}, nil, ir.KindFunction)
			in := make([]ir.Node, len(args))
			for i, a := range args {
				in[i] = m.Const(a, ir.Pos{})
			}
			m.SetOutput(g, m.ApplyPrim(g, ir.Pos{}, p, in...))
			v, err := machine.Call(g, nil)
			if !ok {
				continue // declining is always allowed
			}
			folded++
			if err != nil {
				t.Errorf("%s%v folds to %v, the VM fails: %v", p, args, got, err)
			} else if !sameValue(v, got) {
				t.Errorf("%s%v folds to %v, the VM gives %s", p, args, got, v.Repr())
			}
		}
		if folded == 0 {
			t.Errorf("%s: no case folds", p)
		}
	}
}

// sameValue reports whether the VM value v is the constant c.
func sameValue(v vm.Value, c any) bool {
	switch c := c.(type) {
	case int64:
		return v.Kind() == vm.KInt && v.AsFloat() == float64(c) && v.Repr() == ir.ConstString(c, nil)
	case float64:
		f := v.AsFloat()
		return v.Kind() == vm.KFloat && (math.Float64bits(f) == math.Float64bits(c) || f != f && c != c)
	case bool:
		return v.Kind() == vm.KBool && v.Repr() == ir.ConstString(c, nil)
	case ir.NoneType:
		return v.IsNone()
	case string:
		return v.Kind() == vm.KStr && v.Str() == c
	}
	return false
}

// TestEveryPureScalarPrimFolds checks that the folders cover every pure
// primitive that computes a scalar from scalars, and that every other
// pure primitive says in noFold why it has none.
func TestEveryPureScalarPrimFolds(t *testing.T) {
	structural := map[ir.Prim]bool{
		ir.Return: true, ir.Switch: true, ir.Depend: true, ir.MakeTuple: true, ir.MakeList: true,
		ir.GetItem: true, ir.Slice: true, ir.MakeRange: true, ir.Contains: true, ir.NewEnv: true,
		ir.EnvSetItem: true, ir.EnvGetItem: true, ir.TupleSetItem: true, ir.Gadd: true, ir.ListPush: true,
		ir.PrimInvalid: true,
	}
	for p := ir.Prim(1); p < ir.NumPrims; p++ {
		if !p.Info().Pure || structural[p] {
			continue
		}
		_, fold := folders[p]
		_, no := noFold[p]
		switch {
		case !fold && !no:
			t.Errorf("primitive %s has no folder (nor a noFold entry)", p)
		case fold && no:
			t.Errorf("primitive %s has a folder and a noFold entry", p)
		}
	}
}
