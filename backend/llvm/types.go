package llvm

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
	kUnit    kind = iota // None, Bottom and functions known at compile time: no data (LLVM: i8 0)
	kInt                 // i64
	kFloat               // double
	kBool                // i1
	kTuple               // a literal-named struct %tN
	kArray               // i8*: a myia_array * of the array runtime, reference counted
	kSlice               // %myia_index (a slice value)
	kClosure             // a closure of a known graph: a struct %tN of its free variables
	kStr                 // i8*: a str whose value is not known at compile time (one of the program's constants)
	kList                // i8*: a myia_list * (rt.inc) of a list whose length is not known at compile time; elems[0] is the element type
)

// ltype is the LLVM representation of an inferred type. Two ctypes with the
// same key are the same C type.
type ltype struct {
	kind  kind
	elems []*ltype // kTuple
	none  bool     // kUnit that prints as None
	str   *string  // kUnit: a string known at compile time (print and assert arguments)
	key   string
	name  string // the LLVM spelling
	dtype int    // kArray: 0 bool, 1 int64, 2 float64
	rank  int    // kArray
	shape []int  // kArray: the inferred shape (-1 unknown)
	env   bool   // kUnit: an empty environment of sensitivities (AD)
	list  bool   // kTuple: a list of known length
}

// hasArrays reports whether values of t hold arrays (reference counted).
func (t *ltype) hasArrays() bool {
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

var dtypeNames = [...]string{"bool", "int64", "float64"}

var (
	tUnit  = &ltype{kind: kUnit, key: "u", name: "i8"}
	tNone  = &ltype{kind: kUnit, none: true, key: "n", name: "i8"}
	tInt   = &ltype{kind: kInt, key: "i", name: "i64"}
	tFloat = &ltype{kind: kFloat, key: "f", name: "double"}
	tBool  = &ltype{kind: kBool, key: "b", name: "i1"}
	tEnv   = &ltype{kind: kUnit, env: true, key: "e", name: "i8"}
	tStr   = &ltype{kind: kStr, key: "S", name: "i8*"}
)

// slots is the number of 64-bit words the value takes when marshalled.
func (t *ltype) slots() int {
	switch t.kind {
	case kUnit:
		return 0
	case kTuple:
		n := 0
		for _, e := range t.elems {
			n += e.slots()
		}
		return n
	}
	return 1
}

func (t *ltype) String() string {
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
	case kSlice:
		return "slice"
	case kStr:
		return "str"
	case kList:
		return "list[" + t.elems[0].String() + "]"
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
const backendName = "LLVM"

// refuse stops code generation with a positioned error.
func refuse(pos ir.Pos, format string, args ...any) {
	plan.Refuse(backendName, pos, format, args...)
}

// types maps inferred types to ctypes and keeps the tuple structs in the
// order they were first needed (each struct's fields before it).
type types struct {
	m       *ir.Module
	tuples  map[string]*ltype
	ordered []*ltype
	arrays  bool
	callees plan.Callees
	making  map[*ir.Graph]bool
}

func newTypes(m *ir.Module) *types {
	return &types{m: m, tuples: map[string]*ltype{}, callees: plan.Callees{M: m}}
}

// of returns the ltype of t, or an unsupported error naming t.
func (ts *types) of(t ir.Type) (*ltype, error) {
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
		elems := make([]*ltype, len(t.Elems))
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
		c := &ltype{kind: kTuple, elems: elems, key: key, name: fmt.Sprintf("%%t%d", len(ts.ordered))}
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
			return &ltype{kind: kUnit, str: &v, key: "s" + fmt.Sprintf("%q", v), name: "i8"}, nil
		}
		return tStr, nil
	case *lattice.List:
		if t.Len < 0 {
			el, err := ts.of(t.Elem)
			if err != nil {
				return nil, err
			}
			key := "L<" + el.key + ">"
			if c, ok := ts.tuples[key]; ok {
				return c, nil
			}
			c := &ltype{kind: kList, elems: []*ltype{el}, key: key, name: "i8*"}
			ts.tuples[key] = c
			return c, nil
		}
		elems := make([]*ltype, t.Len)
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
		c := &ltype{kind: kTuple, list: true, elems: elems, key: key, name: fmt.Sprintf("%%t%d", len(ts.ordered))}
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
		return &ltype{kind: kArray, key: fmt.Sprintf("A%d.%d", dt, len(t.Shape)), name: "i8*", dtype: dt, rank: len(t.Shape), shape: t.Shape}, nil
	case lattice.Range:
		return nil, unsupported{What: "a range value"}
	case *lattice.Optional:
		return nil, unsupported{What: "a value that may be None (" + t.String() + ")"}
	case *lattice.Env:
		if len(t.Entries) == 0 && !t.Any {
			return tEnv, nil
		}
		return nil, unsupported{What: "an environment of sensitivities (AD) holding " + plan.TypeString(t)}
	case *lattice.Slice:
		for _, b := range []ir.Type{t.Lo, t.Hi, t.Step} {
			switch b.(type) {
			case lattice.NoneType, lattice.Int:
			default:
				return nil, unsupported{What: "a slice value with a bound of type " + plan.TypeString(b)}
			}
		}
		return &ltype{kind: kSlice, key: "S", name: "%myia_index"}, nil
	}
	return nil, unsupported{What: "a value of type " + plan.TypeString(t)}
}

// closure is the ltype of closures of g: a struct of its free
// variables' values, in the order of FreeVariables.
func (ts *types) closure(g *ir.Graph) (*ltype, error) {
	if ts.making[g] {
		return nil, unsupported{What: fmt.Sprintf("a closure (%s) that captures itself", plan.ShortName(g))}
	}
	if ts.making == nil {
		ts.making = map[*ir.Graph]bool{}
	}
	ts.making[g] = true
	defer delete(ts.making, g)
	fv := ts.m.FreeVariables(g)
	elems := make([]*ltype, len(fv))
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
	c := &ltype{kind: kClosure, elems: elems, key: key, name: fmt.Sprintf("%%t%d", len(ts.ordered))}
	ts.tuples[key] = c
	ts.ordered = append(ts.ordered, c)
	return c, nil
}
