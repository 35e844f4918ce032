package cgo

import (
	"fmt"

	"github.com/myia/myia/backend/llvm/plan"
	"github.com/myia/myia/ir"
)

// kind is what a value is in C (the kinds of the shared type map).
type kind = plan.Kind

const (
	kUnit     = plan.KUnit     // None, Bottom and functions known at compile time: no data (C: myia_unit)
	kInt      = plan.KInt      // int64_t
	kFloat    = plan.KFloat    // double
	kBool     = plan.KBool     // _Bool
	kTuple    = plan.KTuple    // a struct with fields f0, f1...
	kArray    = plan.KArray    // myia_array * (rtarray.h), reference counted
	kSlice    = plan.KSlice    // myia_index (a slice value: bounds, None flags)
	kClosure  = plan.KClosure  // a closure of a known graph: a struct of its free variables (fields f0, f1...)
	kStr      = plan.KStr      // const char *: a str whose value is not known at compile time (one of the program's constants)
	kList     = plan.KList     // myia_list * (rt.inc): a list whose length is not known at compile time, reference counted; elems[0] is the element type
	kEnv      = plan.KEnv      // a non-empty environment of sensitivities (AD): a struct of, for each key of keys, a flag h<i> (the key is set) and its value f<i>; absent values are zero
	kUnion    = plan.KUnion    // a function value that may be one of several graphs: a struct of a tag (the index of the graph in elems) and each graph's value (fields f0, f1...; the others zero)
	kRange    = plan.KRange    // myia_range (rt.inc): start, stop, step by value
	kOptional = plan.KOptional // a value that may be None: a struct of a flag h (not None) and the value f0 (zero when None)
	kFnTag    = plan.KFnTag    // int64_t: a function value that may be one of several functions without data (primitives, graphs without free variables), the index of the function among elems (units with prim or graph set)
)

// ctype is the C representation of an inferred type. Two ctypes with the
// same key are the same C type.
type ctype struct {
	kind   kind
	elems  []*ctype // kTuple
	none   bool     // kUnit that prints as None
	str    *string  // kUnit: a string known at compile time (print and assert arguments)
	key    string
	name   string    // the C spelling
	dtype  int       // kArray: MYIA_BOOL, MYIA_INT or MYIA_FLOAT
	rank   int       // kArray: the number of dimensions
	shape  []int     // kArray: the inferred shape (-1 unknown)
	sl     [3]bool   // kSlice: which of lo, hi, step are None
	env    bool      // kUnit: an empty environment of sensitivities (AD)
	list   bool      // kTuple: a list of known length (printed [a, b], never equal to a tuple)
	rec    string    // kUnion: the C struct the value points to (name is rec *)
	graph  *ir.Graph // kClosure, and kUnit of one known function: the graph (a member of a kUnion)
	prim   ir.Prim   // kUnit of a primitive (isPrim): the primitive (a member of a kFnTag)
	isPrim bool
	keys   []ir.EnvKey // kEnv: the key of each of elems
}

// hasArrays reports whether values of t hold reference-counted values (plan.HasArrays).
func (t *ctype) hasArrays() bool { return plan.HasArrays(t) }

// Describe is what t is, for the shared helpers of plan.
func (t *ctype) Describe() plan.Desc[*ctype] {
	return plan.Desc[*ctype]{Kind: t.kind, Elems: t.elems, None: t.none, List: t.list, DType: t.dtype}
}

var (
	tUnit  = &ctype{kind: kUnit, key: "u", name: "myia_unit"}
	tNone  = &ctype{kind: kUnit, none: true, key: "n", name: "myia_unit"}
	tInt   = &ctype{kind: kInt, key: "i", name: "int64_t"}
	tFloat = &ctype{kind: kFloat, key: "f", name: "double"}
	tBool  = &ctype{kind: kBool, key: "b", name: "_Bool"}
	tEnv   = &ctype{kind: kUnit, env: true, key: "e", name: "myia_unit"} // an empty environment of sensitivities
	tStr   = &ctype{kind: kStr, key: "S", name: "const char *"}
	tRange = &ctype{kind: kRange, key: "r", name: "myia_range"}
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

// dtypeNames names the dtypes of arrays (MYIA_BOOL, MYIA_INT, MYIA_FLOAT).
var dtypeNames = plan.DTypeNames

func (t *ctype) String() string { return plan.DescString(t) }

// unsupported is a construct the backend refuses: the error names it.
type unsupported = plan.Unsupported

// backendName names this backend in refusals.
const backendName = "C"

// refuse stops code generation with a positioned error.
func refuse(pos ir.Pos, format string, args ...any) {
	plan.Refuse(backendName, pos, format, args...)
}

// types maps inferred types to ctypes (plan.TypeMap, with makeCtype
// naming them) and keeps the structs in the order they were first
// needed (each struct's fields before it).
type types = plan.TypeMap[*ctype]

func newTypes(m *ir.Module) *types {
	return plan.NewTypeMap(m, makeCtype, func(t *ctype) string { return t.key }, func(t *ctype, elems []*ctype) { t.elems = elems })
}

// makeCtype is the ctype of a description: the C spelling. Slices are
// told apart by which bounds are None.
func makeCtype(d plan.Desc[*ctype]) *ctype {
	switch d.Kind {
	case kUnit:
		switch {
		case d.Str != nil:
			return &ctype{kind: kUnit, str: d.Str, key: d.Key, name: "myia_unit"}
		case d.None:
			return tNone
		case d.Env:
			return tEnv
		case d.Graph != nil:
			return &ctype{kind: kUnit, key: d.Key, name: "myia_unit", graph: d.Graph}
		case d.IsPrim:
			return &ctype{kind: kUnit, key: d.Key, name: "myia_unit", prim: d.Prim, isPrim: true}
		}
		return tUnit
	case kInt:
		return tInt
	case kFloat:
		return tFloat
	case kBool:
		return tBool
	case kStr:
		return tStr
	case kRange:
		return tRange
	case kFnTag:
		return &ctype{kind: kFnTag, elems: d.Elems, key: d.Key, name: "int64_t"}
	case kList:
		return &ctype{kind: kList, elems: d.Elems, key: d.Key, name: "myia_list *"}
	case kArray:
		return &ctype{kind: kArray, key: d.Key, name: "myia_array *", dtype: d.DType, rank: d.Rank, shape: d.Shape}
	case kSlice:
		return &ctype{kind: kSlice, key: d.Key, name: "myia_index", sl: d.SliceNone}
	}
	if d.Kind == kUnion {
		rec := fmt.Sprintf("myia_u%d", d.Struct)
		return &ctype{kind: kUnion, key: d.Key, name: rec + " *", rec: rec}
	}
	// kTuple, kClosure, kEnv: a struct
	return &ctype{kind: d.Kind, list: d.List, elems: d.Elems, key: d.Key, name: fmt.Sprintf("myia_t%d", d.Struct), graph: d.Graph, keys: d.EnvKeys}
}
