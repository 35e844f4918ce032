package plan

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/myia/myia/ir"
	lattice "github.com/myia/myia/ir/types"
)

// Kind is what a value is in a native backend.
type Kind uint8

const (
	KUnit     Kind = iota // None, Bottom and functions known at compile time: no data
	KInt                  // a 64-bit integer
	KFloat                // a double
	KBool                 // a boolean
	KTuple                // a struct with one field an element
	KArray                // a myia_array * of the array runtime, reference counted
	KSlice                // a slice value (bounds, None flags)
	KClosure              // a closure of a known graph: a struct of its free variables
	KStr                  // a str whose value is not known at compile time (one of the program's constants)
	KList                 // a myia_list * (rt.inc): a list whose length is not known at compile time, reference counted; Elems[0] is the element type
	KUnion                // a function value that may be one of several graphs (and primitives), or a closure that captures itself: a boxed struct of a tag and each graph's value (Elems, with Graph set; then a unit per primitive, with Prim set)
	KEnv                  // a non-empty environment of sensitivities whose keys inference knows: a struct of a presence flag and a value (Elems) for each key of EnvKeys
	KRange                // a range value: a struct of start, stop and step (int64 each; step is never 0), no heap
	KOptional             // a value that may be None: a struct of a presence flag and the value (Elems[0]), zero when None
	KFnTag                // a function value that may be one of several functions without data (primitives, graphs without free variables): an int64 tag, the index of the function among Elems (KUnit members with Prim or Graph set)
)

// Desc describes a backend type independently of how the backend
// spells it: what TypeMap hands to the backend's Make hook.
type Desc[T any] struct {
	Kind      Kind
	Elems     []T         // KTuple, KClosure; KList: the element type
	None      bool        // KUnit that prints as None
	Str       *string     // KUnit: a string known at compile time (print and assert arguments)
	Env       bool        // KUnit: an empty environment of sensitivities (AD)
	List      bool        // KTuple: a list of known length (printed [a, b], never equal to a tuple)
	Key       string      // two types with the same key are the same backend type (the backend may refine it: KSlice)
	Struct    int         // KTuple, KClosure: the number of the struct among the ordered ones
	DType     int         // KArray: 0 bool, 1 int64, 2 float64
	Rank      int         // KArray: the number of dimensions
	Shape     []int       // KArray: the inferred shape (-1 unknown)
	SliceNone [3]bool     // KSlice: which of lo, hi, step are None
	Graph     *ir.Graph   // KClosure, and KUnit of a function without free variables: the function's graph
	Prim      ir.Prim     // KUnit of one primitive (IsPrim): the primitive
	IsPrim    bool        // KUnit: the value is the primitive Prim
	EnvKeys   []ir.EnvKey // KEnv: the keys, sorted, one for each of Elems
}

// TypeMap maps inferred types to a backend's types T and keeps the
// structs (tuples, lists of known length, closures) in the order they
// were first needed (each struct's fields before it).
type TypeMap[T comparable] struct {
	M       *ir.Module
	Make    func(Desc[T]) T    // the backend's type for a description (scalars: the same value each time)
	KeyOf   func(T) string     // the key of a type Make returned
	Ordered []T                // the structs, in order
	Arrays  bool               // an array type was made: link the array runtime
	structs map[string]T       // by key: the structs and the lists of unknown length
	making  map[*ir.Graph]bool // closures being made (a closure that captures itself is boxed)
	callees Callees
	// Fill sets the members of a KUnion, made without them (a union may
	// contain itself). A function value that may be one of several
	// graphs is a KUnion; one of one graph without free variables is a
	// KUnit whose Graph is set (key "g<ID>").
	Fill    func(T, []T)
	unions  int
	boxed   map[*ir.Graph]bool // graphs whose closures capture themselves: boxed
	pending []pendingUnion[T]
}

// NewTypeMap is a TypeMap of m's types made by make, whose keys keyOf
// reads, and whose unions fill completes.
func NewTypeMap[T comparable](m *ir.Module, make func(Desc[T]) T, keyOf func(T) string, fill func(T, []T)) *TypeMap[T] {
	return &TypeMap[T]{M: m, Make: make, KeyOf: keyOf, Fill: fill, structs: map[string]T{}, callees: Callees{M: m}}
}

// scalar makes the type of a value of kind k without elements.
func (ts *TypeMap[T]) scalar(k Kind, key string) T {
	return ts.Make(Desc[T]{Kind: k, Key: key})
}

// known is the type of a str known at compile time.
func (ts *TypeMap[T]) known(v string) T {
	return ts.Make(Desc[T]{Kind: KUnit, Str: &v, Key: "s" + strconv.Quote(v)})
}

// structOf is the struct of d, made once a key.
func (ts *TypeMap[T]) structOf(d Desc[T], elems []T) T {
	keys := make([]string, len(elems))
	for i, e := range elems {
		keys[i] = ts.KeyOf(e)
	}
	switch {
	case d.Kind == KClosure || d.Kind == KUnion:
		d.Key = d.Key + "(" + strings.Join(keys, ",") + ")"
	case d.Kind == KOptional:
		d.Key = "O<" + keys[0] + ">"
	case d.Kind == KEnv:
		for i, k := range d.EnvKeys {
			keys[i] = fmt.Sprintf("%d:%s", k, keys[i])
		}
		d.Key = "E{" + strings.Join(keys, ",") + "}"
	case d.List:
		d.Key = "[" + strings.Join(keys, ",") + "]"
	default:
		d.Key = "(" + strings.Join(keys, ",") + ")"
	}
	if c, ok := ts.structs[d.Key]; ok {
		return c
	}
	d.Elems, d.Struct = elems, len(ts.Ordered)
	c := ts.Make(d)
	ts.structs[d.Key] = c
	ts.Ordered = append(ts.Ordered, c)
	return c
}

// Of returns the backend type of t, or an Unsupported error naming t.
func (ts *TypeMap[T]) Of(t ir.Type) (T, error) {
	var zero T
	switch t := t.(type) {
	case nil:
		return zero, Unsupported{What: "a value without a type (code inference did not reach)"}
	case lattice.Int:
		return ts.scalar(KInt, "i"), nil
	case lattice.Float:
		return ts.scalar(KFloat, "f"), nil
	case lattice.Bool:
		return ts.scalar(KBool, "b"), nil
	case lattice.NoneType:
		return ts.Make(Desc[T]{Kind: KUnit, None: true, Key: "n"}), nil
	case lattice.Bottom, lattice.Undef:
		// No value: code that never runs, or a variable never bound
		// where it is (its reads raise before they use it).
		return ts.scalar(KUnit, NeverKey), nil
	case *lattice.Tuple:
		elems := make([]T, len(t.Elems))
		for i, e := range t.Elems {
			c, err := ts.Of(e)
			if err != nil {
				return zero, err
			}
			elems[i] = c
		}
		return ts.structOf(Desc[T]{Kind: KTuple}, elems), nil
	case *lattice.Func:
		return ts.funcType(t)
	case lattice.Str:
		if t.Known {
			return ts.known(t.V), nil
		}
		return ts.scalar(KStr, "S"), nil
	case *lattice.List:
		// A list whose length inference knows is a struct, as a tuple
		// (lists are immutable values).
		if t.Len < 0 {
			el, err := ts.Of(t.Elem)
			if err != nil {
				return zero, err
			}
			key := "L<" + ts.KeyOf(el) + ">"
			if c, ok := ts.structs[key]; ok {
				return c, nil
			}
			c := ts.Make(Desc[T]{Kind: KList, Elems: []T{el}, Key: key})
			ts.structs[key] = c
			return c, nil
		}
		elems := make([]T, t.Len)
		if t.Len > 0 {
			c, err := ts.Of(t.Elem)
			if err != nil {
				return zero, err
			}
			for i := range elems {
				elems[i] = c
			}
		}
		return ts.structOf(Desc[T]{Kind: KTuple, List: true}, elems), nil
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
			return zero, Unsupported{What: "an array (" + t.String() + ")"}
		}
		ts.Arrays = true
		return ts.Make(Desc[T]{Kind: KArray, Key: fmt.Sprintf("A%d.%d", dt, len(t.Shape)), DType: dt, Rank: len(t.Shape), Shape: t.Shape}), nil
	case lattice.Range:
		return ts.scalar(KRange, "r"), nil
	case *lattice.Optional:
		el, err := ts.Of(t.T)
		if err != nil {
			return zero, err
		}
		return ts.structOf(Desc[T]{Kind: KOptional}, []T{el}), nil
	case *lattice.Env:
		if len(t.Entries) == 0 && !t.Any {
			return ts.Make(Desc[T]{Kind: KUnit, Env: true, Key: "e"}), nil // empty: no data
		}
		if !t.Any {
			elems := make([]T, len(t.Entries))
			keys := make([]ir.EnvKey, len(t.Entries))
			for i, e := range t.Entries {
				c, err := ts.Of(e.Type)
				if err != nil {
					return zero, err
				}
				elems[i], keys[i] = c, e.Key
			}
			return ts.structOf(Desc[T]{Kind: KEnv, EnvKeys: keys}, elems), nil
		}
		return zero, Unsupported{What: "an environment of sensitivities (AD) holding " + TypeString(t)}
	case *lattice.Slice:
		d := Desc[T]{Kind: KSlice}
		for i, b := range []ir.Type{t.Lo, t.Hi, t.Step} {
			switch b.(type) {
			case lattice.NoneType:
				d.SliceNone[i] = true
			case lattice.Int:
			default:
				return zero, Unsupported{What: "a slice value with a bound of type " + TypeString(b)}
			}
		}
		d.Key = fmt.Sprintf("S%v", d.SliceNone)
		ts.Arrays = true // the array runtime declares slices (myia_index)
		return ts.Make(d), nil
	}
	return zero, Unsupported{What: "a value of type " + TypeString(t)}
}

// Closure is the type of closures of g: a struct of its free
// variables' values, in the order of FreeVariables (the trailing
// parameters of g's function).
func (ts *TypeMap[T]) Closure(g *ir.Graph) (T, error) {
	var zero T
	if ts.making[g] {
		return zero, Unsupported{What: fmt.Sprintf("a closure (%s) that captures itself", ShortName(g))}
	}
	if ts.making == nil {
		ts.making = map[*ir.Graph]bool{}
	}
	ts.making[g] = true
	fv := ts.M.FreeVariables(g)
	elems := make([]T, len(fv))
	for i, v := range fv {
		c, err := ts.Of(v.Type())
		if err != nil {
			delete(ts.making, g)
			return zero, Unsupported{What: fmt.Sprintf("a closure (%s) capturing %s: %v", ShortName(g), FVNames(fv[i:i+1]), err)}
		}
		elems[i] = c
	}
	c := ts.structOf(Desc[T]{Kind: KClosure, Key: fmt.Sprintf("C%d", g.ID()), Graph: g}, elems)
	delete(ts.making, g)
	for len(ts.making) == 0 && len(ts.pending) > 0 {
		u := ts.pending[0]
		ts.pending = ts.pending[1:]
		if err := ts.fillUnion(u.c, u.gs, u.prims); err != nil {
			ts.pending = nil
			return zero, err
		}
	}
	return c, nil
}

// funcType is the type of a function value when unions are on: a
// primitive is a unit, one graph its closure (or a unit naming it), several
// graphs a union of each one's type.
func (ts *TypeMap[T]) funcType(t *lattice.Func) (T, error) {
	var zero T
	if len(t.Fns) == 1 {
		if p, ok := t.Fns[0].(lattice.PrimFn); ok {
			return ts.PrimValue(p.P), nil
		}
	}
	gs, prims, err := ts.callees.Members(t)
	if err != nil {
		return zero, err
	}
	if len(prims) > 0 && !ts.holdsData(gs) {
		return ts.fnTag(gs, prims)
	}
	if len(gs) == 1 && len(prims) == 0 {
		// A closure that captures itself, directly or not (the
		// backpropagator of a loop that captures the previous
		// iteration's), is boxed as a union of one graph.
		g := gs[0]
		if !ts.making[g] && !ts.boxed[g] {
			c, err := ts.GraphValue(g)
			if err != nil || !ts.boxed[g] {
				return c, err
			}
		}
		if ts.boxed == nil {
			ts.boxed = map[*ir.Graph]bool{}
		}
		ts.boxed[g] = true
	}
	// A union is named by its graphs (a closure of a graph has one type)
	// and primitives: it may be recursive (a backpropagator capturing the
	// one of the previous iteration), so it is made before its members.
	// Its primitives (units, after the graphs) are applied inline.
	ids := make([]string, 0, len(gs)+len(prims))
	for _, g := range gs {
		ids = append(ids, strconv.Itoa(g.ID()))
	}
	for _, p := range prims {
		ids = append(ids, p.String())
	}
	key := "U" + strings.Join(ids, ",")
	if c, ok := ts.structs[key]; ok {
		return c, nil
	}
	c := ts.Make(Desc[T]{Kind: KUnion, Key: key, Struct: ts.unions})
	ts.unions++
	ts.structs[key] = c
	for _, g := range gs {
		if ts.making[g] {
			ts.pending = append(ts.pending, pendingUnion[T]{c, gs, prims})
			return c, nil
		}
	}
	if err := ts.fillUnion(c, gs, prims); err != nil {
		delete(ts.structs, key)
		return zero, err
	}
	return c, nil
}

// PrimValue is the type of the function value of the primitive p: a
// unit that names it.
func (ts *TypeMap[T]) PrimValue(p ir.Prim) T {
	return ts.Make(Desc[T]{Kind: KUnit, Prim: p, IsPrim: true, Key: "p" + p.String()})
}

// holdsData reports whether a value of one of gs holds data: a closure
// (GraphValue), or a graph whose closure is boxed.
func (ts *TypeMap[T]) holdsData(gs []*ir.Graph) bool {
	for _, g := range gs {
		if fv := ts.M.FreeVariables(g); len(fv) > 0 && (g.Return() == nil || g.Return().Type() != nil) || ts.boxed[g] {
			return true
		}
	}
	return false
}

// fnTag is the type of a function value that may be one of the graphs
// gs, which hold no data, or the primitives prims (Callees.Members): a
// tag, the index of the function among gs then prims.
func (ts *TypeMap[T]) fnTag(gs []*ir.Graph, prims []ir.Prim) (T, error) {
	var zero T
	elems := make([]T, 0, len(gs)+len(prims))
	keys := make([]string, 0, len(gs)+len(prims))
	for _, g := range gs {
		c, err := ts.GraphValue(g)
		if err != nil {
			return zero, err
		}
		elems, keys = append(elems, c), append(keys, ts.KeyOf(c))
	}
	for _, p := range prims {
		c := ts.PrimValue(p)
		elems, keys = append(elems, c), append(keys, ts.KeyOf(c))
	}
	key := "T{" + strings.Join(keys, ",") + "}"
	if c, ok := ts.structs[key]; ok {
		return c, nil
	}
	c := ts.Make(Desc[T]{Kind: KFnTag, Elems: elems, Key: key})
	ts.structs[key] = c
	return c, nil
}

// pendingUnion is a union made while one of its members was being made.
type pendingUnion[T any] struct {
	c     T
	gs    []*ir.Graph
	prims []ir.Prim
}

// fillUnion sets the members of the union c of gs and prims.
func (ts *TypeMap[T]) fillUnion(c T, gs []*ir.Graph, prims []ir.Prim) error {
	elems := make([]T, len(gs), len(gs)+len(prims))
	for i, g := range gs {
		var err error
		if elems[i], err = ts.GraphValue(g); err != nil {
			return err
		}
	}
	for _, p := range prims {
		elems = append(elems, ts.PrimValue(p))
	}
	ts.Fill(c, elems)
	ts.Ordered = append(ts.Ordered, c)
	return nil
}

// GraphValue is the type of the function value of g alone (unions on): its
// closure, or a unit naming it.
//
// A closure of a graph inference never typed (its return has no type)
// is one the program makes but never calls (the second of three
// closures in a tuple, of which it calls the first and the third): no
// code reads what it captures, and it is a unit too.
func (ts *TypeMap[T]) GraphValue(g *ir.Graph) (T, error) {
	if fv := ts.M.FreeVariables(g); len(fv) > 0 && (g.Return() == nil || g.Return().Type() != nil) {
		return ts.Closure(g)
	}
	return ts.Make(Desc[T]{Kind: KUnit, Key: fmt.Sprintf("g%d", g.ID()), Graph: g}), nil
}

// NeverKey is the key of the type of values that never exist (Bottom,
// Undef): a backend converts them to any type, as a zero.
const NeverKey = "u"

// Node is the type of n, or refuses n for the backend named backend
// (posOf positions the refusals of values that have a type).
func (ts *TypeMap[T]) Node(n ir.Node, backend string, posOf func(ir.Node) ir.Pos) T {
	if c, ok := n.(*ir.Constant); ok {
		switch v := c.Value.(type) {
		case int64, ir.EnvKey:
			// An environment key passed as a value (to the J of
			// env_setitem, in a second-order gradient) is its number.
			return ts.scalar(KInt, "i")
		case float64:
			return ts.scalar(KFloat, "f")
		case bool:
			return ts.scalar(KBool, "b")
		case ir.NoneType:
			return ts.Make(Desc[T]{Kind: KUnit, None: true, Key: "n"})
		case string:
			return ts.known(v)
		case ir.Prim:
			return ts.PrimValue(v)
		case *ir.Graph:
			t, err := ts.GraphValue(v)
			if err != nil {
				Refuse(backend, posOf(n), "%v", err)
			}
			return t
		}
		if _, ok := c.Value.(ir.UndefinedType); !ok {
			Refuse(backend, n.Pos(), "a constant %s", ir.ConstString(c.Value, nil))
		}
	}
	if a, ok := n.(*ir.Apply); ok && ir.IsApplyOf(a, ir.Depend) {
		return ts.Node(a.Inputs[1], backend, posOf)
	}
	t, err := ts.Of(n.Type())
	if err != nil {
		Refuse(backend, posOf(n), "%v", err)
	}
	return t
}

// Described is a backend type that describes itself (the kind,
// elements and flags its Make hook was given).
type Described[T any] interface {
	Describe() Desc[T]
}

// DTypeNames names the dtypes of arrays (Desc.DType).
var DTypeNames = [...]string{"bool", "int64", "float64"}

// DescString is how a backend type prints in messages: int, tuple[int,
// float], list[int], array[float64], closure[...].
func DescString[T Described[T]](t T) string {
	d := t.Describe()
	switch d.Kind {
	case KUnit:
		if d.None {
			return "None"
		}
		return "unit"
	case KInt:
		return "int"
	case KFloat:
		return "float"
	case KBool:
		return "bool"
	case KArray:
		return "array[" + DTypeNames[d.DType] + "]"
	case KList:
		return "list[" + DescString(d.Elems[0]) + "]"
	case KStr:
		return "str"
	case KSlice:
		return "slice"
	case KRange:
		return "range"
	case KOptional:
		return "None or " + DescString(d.Elems[0])
	}
	if d.Kind == KUnion || d.Kind == KFnTag {
		return fmt.Sprintf("function value (one of %d)", len(d.Elems))
	}
	parts := make([]string, len(d.Elems))
	for i, e := range d.Elems {
		parts[i] = DescString(e)
	}
	if d.List {
		return "list[" + strings.Join(parts, ", ") + "]"
	}
	if d.Kind == KClosure {
		return "closure[" + strings.Join(parts, ", ") + "]"
	}
	return "tuple[" + strings.Join(parts, ", ") + "]"
}

// HasArrays reports whether values of t hold reference-counted values:
// arrays, lists of unknown length, or boxed function values (KUnion).
// Every retain and release path of the backends keys on it.
func HasArrays[T Described[T]](t T) bool {
	d := t.Describe()
	switch d.Kind {
	case KArray, KList, KUnion:
		return true
	case KTuple, KClosure, KEnv, KOptional:
		for _, e := range d.Elems {
			if HasArrays(e) {
				return true
			}
		}
	}
	return false
}

// HoldsEnv reports whether t is, or is a tuple holding, a non-empty
// environment of sensitivities (KEnv): gadd of those is a statement.
func HoldsEnv[T Described[T]](t T) bool {
	d := t.Describe()
	switch d.Kind {
	case KEnv:
		return true
	case KTuple:
		for _, e := range d.Elems {
			if HoldsEnv(e) {
				return true
			}
		}
	}
	return false
}

// SeqOfArrays reports whether t is a list of arrays or a tuple of
// arrays (one at least).
func SeqOfArrays[T Described[T]](t T) bool {
	d := t.Describe()
	switch d.Kind {
	case KList:
		return d.Elems[0].Describe().Kind == KArray
	case KTuple:
		for _, e := range d.Elems {
			if e.Describe().Kind != KArray {
				return false
			}
		}
		return len(d.Elems) > 0
	}
	return false
}

// NoKey is no environment key: conversions of environments that drop
// none (keys are node IDs, never negative).
const NoKey ir.EnvKey = -1

// EnvIndex is the index of key k among keys (an environment's, KEnv),
// or -1.
func EnvIndex(keys []ir.EnvKey, k ir.EnvKey) int {
	for i, tk := range keys {
		if tk == k {
			return i
		}
	}
	return -1
}

// EnvKeyOf is the key that n holds, a constant (the key argument of
// env_setitem and env_getitem); it refuses anything else.
func EnvKeyOf(backend string, pos ir.Pos, n ir.Node) ir.EnvKey {
	if c, ok := n.(*ir.Constant); ok {
		if k, ok := c.Value.(ir.EnvKey); ok {
			return k
		}
	}
	if t, ok := n.Type().(lattice.Int); ok && t.Known {
		return ir.EnvKey(t.V) // a parameter that receives a key
	}
	Refuse(backend, pos, "an environment key that is not a constant")
	return 0
}

// JKeeps reports whether J of a value of type tx, giving a res, is the
// value converted: what data reports (numbers, None, arrays), and
// functions without free variables (units, whose J, a unit too, holds
// no data either), in tuples (a tuple of functions passed to a
// differentiated function).
func JKeeps[T Described[T]](tx, res T, data func(T) bool) bool {
	dx, dr := tx.Describe(), res.Describe()
	switch {
	case dx.Kind == KUnit && dr.Kind == KUnit:
		return true
	case dx.Kind == KTuple && dr.Kind == KTuple && len(dx.Elems) == len(dr.Elems):
		for i := range dx.Elems {
			if !JKeeps(dx.Elems[i], dr.Elems[i], data) {
				return false
			}
		}
		return true
	}
	return data(tx)
}
