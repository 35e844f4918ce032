package vm

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"

	"github.com/myia/myia/ir"
)

func TestRepr(t *testing.T) {
	cases := []struct {
		v         Value
		repr, str string
		kind      Kind
	}{
		{None, "None", "None", KNone},
		{Bool(true), "True", "True", KBool},
		{Bool(false), "False", "False", KBool},
		{Int(-42), "-42", "-42", KInt},
		{Float(2), "2.0", "2.0", KFloat},
		{Float(0.1), "0.1", "0.1", KFloat},
		{Float(1e-5), "1e-05", "1e-05", KFloat},
		{Float(1e16), "1e+16", "1e+16", KFloat},
		{Float(math.Copysign(0, -1)), "-0.0", "-0.0", KFloat},
		{Float(math.Inf(1)), "inf", "inf", KFloat},
		{Float(math.NaN()), "nan", "nan", KFloat},
		{Str("a"), "'a'", "a", KStr},
		{Str("a'b"), `"a'b"`, "a'b", KStr},
		{Str(`a'b"`), `'a\'b"'`, `a'b"`, KStr},
		{Str("t\tn\nr\r\\"), `'t\tn\nr\r\\'`, "t\tn\nr\r\\", KStr},
		{Str("\x00\x7fé€\u200b"), `'\x00\x7fé€\u200b'`, "\x00\x7fé€\u200b", KStr},
		{Tuple(nil), "()", "()", KTuple},
		{Tuple([]Value{Int(1)}), "(1,)", "(1,)", KTuple},
		{Tuple([]Value{Int(1), Float(2.5)}), "(1, 2.5)", "(1, 2.5)", KTuple},
		{Tuple([]Value{Str("x"), Tuple([]Value{None})}), "('x', (None,))", "('x', (None,))", KTuple},
		{List([]Value{Int(1), Int(2)}), "[1, 2]", "[1, 2]", KList},
		{List(nil), "[]", "[]", KList},
		{Range(0, 5, 1), "range(0, 5)", "range(0, 5)", KRange},
		{Range(0, 10, -2), "range(0, 10, -2)", "range(0, 10, -2)", KRange},
		{PrimFunc(ir.Abs), "<built-in function abs>", "<built-in function abs>", KFunc},
	}
	for _, c := range cases {
		if got := c.v.Repr(); got != c.repr {
			t.Errorf("Repr = %s, want %s", got, c.repr)
		}
		if got := c.v.Str(); got != c.str {
			t.Errorf("Str of %s = %q, want %q", c.repr, got, c.str)
		}
		if got := c.v.Kind(); got != c.kind {
			t.Errorf("Kind of %s = %v, want %v", c.repr, got, c.kind)
		}
	}
}

func TestAccessors(t *testing.T) {
	if Int(7).AsInt() != 7 || Bool(true).AsInt() != 1 || Float(1.5).AsFloat() != 1.5 || Int(3).AsFloat() != 3 {
		t.Error("numeric accessors")
	}
	if !Bool(true).AsBool() || Str("s").AsStr() != "s" {
		t.Error("bool/str accessors")
	}
	if e := Tuple([]Value{Int(1), Int(2)}).Elems(); len(e) != 2 || e[1].AsInt() != 2 {
		t.Error("Elems")
	}
	if Int(1).Elems() != nil {
		t.Error("Elems of an int")
	}
	if s, e, st := Range(1, 9, 2).AsRange(); s != 1 || e != 9 || st != 2 {
		t.Error("AsRange")
	}
	defer func() {
		if recover() == nil {
			t.Error("AsInt of a str did not panic")
		}
	}()
	Str("x").AsInt()
}

func TestScalarsDoNotAllocate(t *testing.T) {
	var sink Value
	n := testing.AllocsPerRun(100, func() {
		sink = Int(1)
		sink = Float(2.5)
		sink = Bool(true)
		sink = None
		v, _ := arith(ir.Add, Int(1), Float(2))
		sink = v
	})
	if n != 0 {
		t.Errorf("scalars allocate: %v allocations", n)
	}
	_ = sink
}

func TestJSON(t *testing.T) {
	dec := json.NewDecoder(bytes.NewReader([]byte(`[1, 2.0, 1e3, -7, true, null, "s", [[]], 3E-2]`)))
	dec.UseNumber()
	var x any
	if err := dec.Decode(&x); err != nil {
		t.Fatal(err)
	}
	v, err := FromJSON(x)
	if err != nil {
		t.Fatal(err)
	}
	if want := "(1, 2.0, 1000.0, -7, True, None, 's', ((),), 0.03)"; v.Repr() != want {
		t.Errorf("FromJSON = %s, want %s", v.Repr(), want)
	}
	out, err := json.Marshal(v.JSON())
	if err != nil {
		t.Fatal(err)
	}
	if want := `[1,2,1000,-7,true,null,"s",[[]],0.03]`; string(out) != want {
		t.Errorf("JSON = %s, want %s", out, want)
	}
	if got := Float(math.NaN()).JSON(); got != "nan" {
		t.Errorf("JSON of nan = %v", got)
	}
	if got := Range(0, 3, 1).JSON(); len(got.([]any)) != 3 {
		t.Errorf("JSON of range = %v", got)
	}
	if _, err := FromJSON(json.Number("99999999999999999999")); err == nil {
		t.Error("FromJSON of a too big int: no error")
	}
	if _, err := FromJSON(map[string]any{}); err == nil {
		t.Error("FromJSON of an object: no error")
	}
}
