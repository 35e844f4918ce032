package llvm

import (
	"fmt"

	"github.com/myia/myia/backend/llvm/plan"
	"github.com/myia/myia/ir"
)

// kind is what a value is in LLVM (the kinds of the shared type map).
type kind = plan.Kind

const (
	kUnit     = plan.KUnit     // None, Bottom and functions known at compile time: no data (LLVM: i8 0)
	kInt      = plan.KInt      // i64
	kFloat    = plan.KFloat    // double
	kBool     = plan.KBool     // i1
	kTuple    = plan.KTuple    // a literal-named struct %tN
	kArray    = plan.KArray    // i8*: a myia_array * of the array runtime, reference counted
	kSlice    = plan.KSlice    // %myia_index (a slice value)
	kClosure  = plan.KClosure  // a closure of a known graph: a struct %tN of its free variables
	kStr      = plan.KStr      // i8*: a str whose value is not known at compile time (one of the program's constants)
	kList     = plan.KList     // i8*: a myia_list * (rt.inc) of a list whose length is not known at compile time; elems[0] is the element type
	kEnv      = plan.KEnv      // a non-empty environment of sensitivities (AD): a struct %tN of the value of each key of keys (fields 0..n-1, zero when absent) then a flag per key (fields n..2n-1: the key is set)
	kUnion    = plan.KUnion    // i8*: a function value that may be one of several graphs, boxed: a reference-counted record %uN (rec) { myia_box, i64 tag, each graph's value } (rt.inc's myia_box)
	kRange    = plan.KRange    // %myia_range { i64 start, i64 stop, i64 step } (rt.inc's myia_range) by value
	kOptional = plan.KOptional // a value that may be None: a struct %tN { the value (zero when None), i1 flag (not None) }
	kFnTag    = plan.KFnTag    // i64: a function value that may be one of several functions without data (primitives, graphs without free variables), the index of the function among elems (units with prim or graph set)
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
	rec   string // kUnion: the LLVM struct of the record the value points to
	// graph: kClosure, and kUnit of one known function: the graph (a
	// member of a kUnion).
	graph *ir.Graph
	// prim: kUnit of a primitive (isPrim), a member of a kFnTag.
	prim   ir.Prim
	isPrim bool
	keys   []ir.EnvKey // kEnv: the key of each of elems
}

// hasArrays reports whether values of t hold reference-counted values (plan.HasArrays).
func (t *ltype) hasArrays() bool { return plan.HasArrays(t) }

// Describe is what t is, for the shared helpers of plan.
func (t *ltype) Describe() plan.Desc[*ltype] {
	return plan.Desc[*ltype]{Kind: t.kind, Elems: t.elems, None: t.none, List: t.list, DType: t.dtype}
}

var (
	tUnit  = &ltype{kind: kUnit, key: "u", name: "i8"}
	tNone  = &ltype{kind: kUnit, none: true, key: "n", name: "i8"}
	tInt   = &ltype{kind: kInt, key: "i", name: "i64"}
	tFloat = &ltype{kind: kFloat, key: "f", name: "double"}
	tBool  = &ltype{kind: kBool, key: "b", name: "i1"}
	tEnv   = &ltype{kind: kUnit, env: true, key: "e", name: "i8"}
	tStr   = &ltype{kind: kStr, key: "S", name: "i8*"}
	tRange = &ltype{kind: kRange, key: "r", name: "%myia_range"}
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

func (t *ltype) String() string { return plan.DescString(t) }

// unsupported is a construct the backend refuses: the error names it.
type unsupported = plan.Unsupported

// backendName names this backend in refusals.
const backendName = "LLVM"

// refuse stops code generation with a positioned error.
func refuse(pos ir.Pos, format string, args ...any) {
	plan.Refuse(backendName, pos, format, args...)
}

// types maps inferred types to ltypes (plan.TypeMap, with makeLtype
// naming them) and keeps the structs in the order they were first
// needed (each struct's fields before it).
type types = plan.TypeMap[*ltype]

func newTypes(m *ir.Module) *types {
	return plan.NewTypeMap(m, makeLtype, func(t *ltype) string { return t.key }, func(t *ltype, elems []*ltype) { t.elems = elems })
}

// makeLtype is the ltype of a description: the LLVM spelling. All
// slices are one type %myia_index (key "S").
func makeLtype(d plan.Desc[*ltype]) *ltype {
	switch d.Kind {
	case kUnit:
		switch {
		case d.Str != nil:
			return &ltype{kind: kUnit, str: d.Str, key: d.Key, name: "i8"}
		case d.None:
			return tNone
		case d.Env:
			return tEnv
		case d.Graph != nil:
			return &ltype{kind: kUnit, key: d.Key, name: "i8", graph: d.Graph}
		case d.IsPrim:
			return &ltype{kind: kUnit, key: d.Key, name: "i8", prim: d.Prim, isPrim: true}
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
		return &ltype{kind: kFnTag, elems: d.Elems, key: d.Key, name: "i64"}
	case kList:
		return &ltype{kind: kList, elems: d.Elems, key: d.Key, name: "i8*"}
	case kArray:
		return &ltype{kind: kArray, key: d.Key, name: "i8*", dtype: d.DType, rank: d.Rank, shape: d.Shape}
	case kSlice:
		return &ltype{kind: kSlice, key: "S", name: "%myia_index"}
	}
	if d.Kind == kUnion {
		return &ltype{kind: kUnion, key: d.Key, name: "i8*", rec: fmt.Sprintf("%%u%d", d.Struct)}
	}
	// kTuple, kClosure, kEnv: a struct
	return &ltype{kind: d.Kind, list: d.List, elems: d.Elems, key: d.Key, name: fmt.Sprintf("%%t%d", d.Struct), graph: d.Graph, keys: d.EnvKeys}
}
