package cgo

import (
	"fmt"
	"strings"

	"github.com/myia/myia/backend/llvm/plan"
	"github.com/myia/myia/ir"
	lattice "github.com/myia/myia/ir/types"
)

// kind is what a value is in C.
type kind uint8

const (
	kUnit    kind = iota // None, Bottom and functions known at compile time: no data (C: myia_unit)
	kInt                 // int64_t
	kFloat               // double
	kBool                // _Bool
	kTuple               // a struct with fields f0, f1...
	kArray               // myia_array * (rtarray.h), reference counted
	kSlice               // myia_index (a slice value: bounds, None flags)
	kClosure             // a closure of a known graph: a struct of its free variables (fields f0, f1...)
	kStr                 // const char *: a str whose value is not known at compile time (one of the program's constants)
	kList                // myia_list * (rt.inc): a list whose length is not known at compile time, reference counted; elems[0] is the element type
)

// ctype is the C representation of an inferred type. Two ctypes with the
// same key are the same C type.
type ctype struct {
	kind  kind
	elems []*ctype // kTuple
	none  bool     // kUnit that prints as None
	str   *string  // kUnit: a string known at compile time (print and assert arguments)
	key   string
	name  string  // the C spelling
	dtype int     // kArray: MYIA_BOOL, MYIA_INT or MYIA_FLOAT
	rank  int     // kArray: the number of dimensions
	shape []int   // kArray: the inferred shape (-1 unknown)
	sl    [3]bool // kSlice: which of lo, hi, step are None
	env   bool    // kUnit: an empty environment of sensitivities (AD)
	list  bool    // kTuple: a list of known length (printed [a, b], never equal to a tuple)
}

// hasArrays reports whether values of t hold arrays (reference counted).
func (t *ctype) hasArrays() bool {
	switch t.kind {
	case kArray, kList:
		return true
	case kTuple, kClosure:
		for _, e := range t.elems {
			if e.hasArrays() {
				return true
			}
		}
	}
	return false
}

var (
	tUnit  = &ctype{kind: kUnit, key: "u", name: "myia_unit"}
	tNone  = &ctype{kind: kUnit, none: true, key: "n", name: "myia_unit"}
	tInt   = &ctype{kind: kInt, key: "i", name: "int64_t"}
	tFloat = &ctype{kind: kFloat, key: "f", name: "double"}
	tBool  = &ctype{kind: kBool, key: "b", name: "_Bool"}
	tEnv   = &ctype{kind: kUnit, env: true, key: "e", name: "myia_unit"} // an empty environment of sensitivities
	tStr   = &ctype{kind: kStr, key: "S", name: "const char *"}
)

// slots is the number of 64-bit words the value takes when marshalled.
func (t *ctype) slots() int {
	switch t.kind {
	case kUnit:
		return 0
	case kTuple:
		n := 0
		for _, e := range t.elems {
			n += e.slots()
		}
		return n
	case kSlice:
		return 0
	}
	return 1
}

var dtypeNames = [...]string{"bool", "int64", "float64"}

func (t *ctype) String() string {
	switch t.kind {
	case kUnit:
		if t.none {
			return "None"
		}
		return "unit"
	case kInt:
		return "int"
	case kFloat:
		return "float"
	case kBool:
		return "bool"
	case kArray:
		return "array[" + dtypeNames[t.dtype] + "]"
	case kList:
		return "list[" + t.elems[0].String() + "]"
	case kStr:
		return "str"
	case kSlice:
		return "slice"
	}
	parts := make([]string, len(t.elems))
	for i, e := range t.elems {
		parts[i] = e.String()
	}
	if t.list {
		return "list[" + strings.Join(parts, ", ") + "]"
	}
	if t.kind == kClosure {
		return "closure[" + strings.Join(parts, ", ") + "]"
	}
	return "tuple[" + strings.Join(parts, ", ") + "]"
}

// unsupported is a construct the backend refuses: the error names it.
type unsupported = plan.Unsupported

// backendName names this backend in refusals.
const backendName = "C"

// refuse stops code generation with a positioned error.
func refuse(pos ir.Pos, format string, args ...any) {
	plan.Refuse(backendName, pos, format, args...)
}

// types maps inferred types to ctypes and keeps the tuple structs in the
// order they were first needed (each struct's fields before it).
type types struct {
	m       *ir.Module
	tuples  map[string]*ctype
	ordered []*ctype
	arrays  bool // an array type was made: link the array runtime
	making  map[*ir.Graph]bool
	callees plan.Callees
}

func newTypes(m *ir.Module) *types {
	return &types{m: m, tuples: map[string]*ctype{}, callees: plan.Callees{M: m}}
}

// of returns the ctype of t, or an unsupported error naming t.
func (ts *types) of(t ir.Type) (*ctype, error) {
	switch t := t.(type) {
	case nil:
		return nil, unsupported{What: "a value without a type (code inference did not reach)"}
	case lattice.Int:
		return tInt, nil
	case lattice.Float:
		return tFloat, nil
	case lattice.Bool:
		return tBool, nil
	case lattice.NoneType:
		return tNone, nil
	case lattice.Bottom:
		return tUnit, nil
	case *lattice.Tuple:
		elems := make([]*ctype, len(t.Elems))
		keys := make([]string, len(t.Elems))
		for i, e := range t.Elems {
			c, err := ts.of(e)
			if err != nil {
				return nil, err
			}
			elems[i], keys[i] = c, c.key
		}
		key := "(" + strings.Join(keys, ",") + ")"
		if c, ok := ts.tuples[key]; ok {
			return c, nil
		}
		c := &ctype{kind: kTuple, elems: elems, key: key, name: fmt.Sprintf("myia_t%d", len(ts.ordered))}
		ts.tuples[key] = c
		ts.ordered = append(ts.ordered, c)
		return c, nil
	case *lattice.Func:
		fn, err := ts.callees.Callee(t)
		if err != nil {
			return nil, err
		}
		if gf, ok := fn.(*lattice.GraphFn); ok {
			if fv := ts.m.FreeVariables(gf.G); len(fv) > 0 {
				return ts.closure(gf.G)
			}
		}
		return tUnit, nil
	case lattice.Str:
		if t.Known {
			v := t.V
			return &ctype{kind: kUnit, str: &v, key: "s" + fmt.Sprintf("%q", v), name: "myia_unit"}, nil
		}
		return tStr, nil
	case *lattice.List:
		// A list whose length inference knows is a struct, as a tuple
		// (lists are immutable values).
		if t.Len < 0 {
			el, err := ts.of(t.Elem)
			if err != nil {
				return nil, err
			}
			key := "L<" + el.key + ">"
			if c, ok := ts.tuples[key]; ok {
				return c, nil
			}
			c := &ctype{kind: kList, elems: []*ctype{el}, key: key, name: "myia_list *"}
			ts.tuples[key] = c
			return c, nil
		}
		elems := make([]*ctype, t.Len)
		keys := make([]string, t.Len)
		if t.Len > 0 {
			c, err := ts.of(t.Elem)
			if err != nil {
				return nil, err
			}
			for i := range elems {
				elems[i], keys[i] = c, c.key
			}
		}
		key := "[" + strings.Join(keys, ",") + "]"
		if c, ok := ts.tuples[key]; ok {
			return c, nil
		}
		c := &ctype{kind: kTuple, list: true, elems: elems, key: key, name: fmt.Sprintf("myia_t%d", len(ts.ordered))}
		ts.tuples[key] = c
		ts.ordered = append(ts.ordered, c)
		return c, nil
	case *lattice.Array:
		dt := -1
		switch t.DType.(type) {
		case lattice.Bool:
			dt = 0
		case lattice.Int:
			dt = 1
		case lattice.Float:
			dt = 2
		}
		if dt < 0 || len(t.Shape) == 0 {
			return nil, unsupported{What: "an array (" + t.String() + ")"}
		}
		ts.arrays = true
		return &ctype{kind: kArray, key: fmt.Sprintf("A%d.%d", dt, len(t.Shape)), name: "myia_array *", dtype: dt, rank: len(t.Shape), shape: t.Shape}, nil
	case lattice.Range:
		return nil, unsupported{What: "a range value"}
	case *lattice.Optional:
		return nil, unsupported{What: "a value that may be None (" + t.String() + ")"}
	case *lattice.Env:
		if len(t.Entries) == 0 && !t.Any {
			return tEnv, nil // empty: no data
		}
		return nil, unsupported{What: "an environment of sensitivities (AD) holding " + plan.TypeString(t)}
	case *lattice.Slice:
		c := &ctype{kind: kSlice, name: "myia_index"}
		for i, b := range []ir.Type{t.Lo, t.Hi, t.Step} {
			switch b.(type) {
			case lattice.NoneType:
				c.sl[i] = true
			case lattice.Int:
			default:
				return nil, unsupported{What: "a slice value with a bound of type " + plan.TypeString(b)}
			}
		}
		c.key = fmt.Sprintf("S%v", c.sl)
		return c, nil
	}
	return nil, unsupported{What: "a value of type " + plan.TypeString(t)}
}

// closure is the ctype of closures of g: a struct of its free
// variables' values, in the order of FreeVariables (the trailing
// parameters of g's C function).
func (ts *types) closure(g *ir.Graph) (*ctype, error) {
	if ts.making[g] {
		return nil, unsupported{What: fmt.Sprintf("a closure (%s) that captures itself", plan.ShortName(g))}
	}
	if ts.making == nil {
		ts.making = map[*ir.Graph]bool{}
	}
	ts.making[g] = true
	defer delete(ts.making, g)
	fv := ts.m.FreeVariables(g)
	elems := make([]*ctype, len(fv))
	keys := make([]string, len(fv))
	for i, v := range fv {
		c, err := ts.of(v.Type())
		if err != nil {
			return nil, unsupported{What: fmt.Sprintf("a closure (%s) capturing %s: %v", plan.ShortName(g), plan.FVNames(fv[i:i+1]), err)}
		}
		elems[i], keys[i] = c, c.key
	}
	key := fmt.Sprintf("C%d(%s)", g.ID(), strings.Join(keys, ","))
	if c, ok := ts.tuples[key]; ok {
		return c, nil
	}
	c := &ctype{kind: kClosure, elems: elems, key: key, name: fmt.Sprintf("myia_t%d", len(ts.ordered))}
	ts.tuples[key] = c
	ts.ordered = append(ts.ordered, c)
	return c, nil
}
