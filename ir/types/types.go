// Package types is the lattice of abstract values that inference computes
// and that the later stages read: the type of every node of a typed graph.
// It lives under ir because several stages share it (infer makes the
// types, the backends compile from them).
package types

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/myia/myia/ir"
)

// Type is an abstract value: the lattice inference computes over. Every
// Type implements ir.Type, so it can be set on nodes and printed by
// ir.Fprint. Scalars may carry a known constant value.
//
//	Bottom                      no value yet (recursion in progress) or never returns
//	Int, Float, Bool, Str       Int64, Int64(3), Float64, Bool(True), Str("s")
//	None                        None
//	Tuple                       Tuple[Int64, Float64]
//	List                        List[Float64] (length unknown), List[Int64; 3]
//	Array                       Array[Float64, (3, ?)], Array[Int64, (5,)]: dtype and shape
//	Slice                       Slice[Int64(1), None, None]: the value of make_slice
//	Range                       Range
//	Func                        Func{@f, abs}: the set of possible callees
//	Env                         Env{$12: Float64}: sensitivities of free variables (AD)
type Type interface {
	String() string
	isType()
}

// Bottom is the type of a value not known yet: the result of a call whose
// callee is still being inferred, or of code that never returns.
type Bottom struct{}

// Undef is the type of ir.Undefined, the placeholder of a variable that
// may be unbound. It joins any type to that type; a variable that is
// Undef where it is read is never bound there (the read fails at run
// time). Backends hold it as None.
type Undef struct{}

// Int is a 64-bit int; Known says whether V is its value.
type Int struct {
	Known bool
	V     int64
}

// Float is a 64-bit float; Known says whether V is its value.
type Float struct {
	Known bool
	V     float64
}

// Bool is a bool; Known says whether V is its value.
type Bool struct {
	Known bool
	V     bool
}

// Str is a string (they appear as assert messages and constants).
type Str struct {
	Known bool
	V     string
}

// NoneType is the type of None.
type NoneType struct{}

// Tuple is a heterogeneous tuple of known length.
type Tuple struct{ Elems []Type }

// List is a homogeneous list; Len is -1 when unknown. Elem is Bottom for
// an empty list.
type List struct {
	Elem Type
	Len  int
}

// Array is a numpy array: a dtype (Int, Float or Bool, without value)
// and a shape whose dimensions are -1 when unknown. Its rank is always
// known and at least 1: an operation whose result has shape () gives a
// scalar (array.go). Printed Array[Float64, (3, 4)], Array[Int64, (?,)].
type Array struct {
	DType Type
	Shape []int
}

// Slice is a slice value, make_slice(lo, hi, step): each bound None or
// an Int (known or not). It indexes arrays (x[1:, j]) and tuples.
type Slice struct{ Lo, Hi, Step Type }

// Range is the value of range(...).
type Range struct{}

// Optional is a value that may be None (a function that returns None on
// one path and a tuple on another), as Numba's Optional. Only None tests,
// comparisons and print accept it, and not_none, where a test has shown
// it is not None (its type is then T).
type Optional struct{ T Type }

// Env is an environment of sensitivities, keyed by ir.EnvKey: the
// sensitivity type of each free variable it may hold, sorted by key.
// An Env nested deeper than maxEnvDepth in another (the sensitivity of a
// closure that captures the closure of the previous iteration of a loop)
// becomes Any: some environment, whose entries have the types of their
// defaults.
type Env struct {
	Entries []EnvEntry
	Any     bool
}

// maxEnvDepth is deep enough for the second derivative of a function
// with a branch (whose environments nest 4 deep), and for reverse mode
// over a gradient w.r.t. a float beside a function value (7 deep,
// tests/corpus/ad/order2_fn_value_inside.py), which the native backends
// then compile: they take no Env{Any}.
const maxEnvDepth = 8

// HoldsFunc reports whether a value of type t is or may hold a function
// (an environment of sensitivities may hold closures' sensitivities).
func HoldsFunc(t Type) bool {
	switch t := t.(type) {
	case *Func:
		return true
	case *Tuple:
		for _, e := range t.Elems {
			if HoldsFunc(e) {
				return true
			}
		}
	case *List:
		return HoldsFunc(t.Elem)
	case *Optional:
		return HoldsFunc(t.T)
	case *Env:
		return true
	}
	return false
}

// Graphs calls f with each graph that a function type within t names:
// the graphs a value of type t may be or hold.
func Graphs(t Type, f func(*ir.Graph)) {
	switch t := t.(type) {
	case *Func:
		for _, fn := range t.Fns {
			if gf, ok := fn.(*GraphFn); ok && gf.G != nil {
				f(gf.G)
			}
		}
	case *Tuple:
		for _, e := range t.Elems {
			Graphs(e, f)
		}
	case *List:
		Graphs(t.Elem, f)
	case *Optional:
		Graphs(t.T, f)
	case *Env:
		for _, e := range t.Entries {
			Graphs(e.Type, f)
		}
	}
}

// capEnv replaces the environments nested deeper than maxEnvDepth in t
// by Env{Any}, so that loops over closures reach a fixpoint.
func CapEnv(t Type, depth int) Type {
	switch t := t.(type) {
	case *Env:
		if t.Any {
			return t
		}
		if depth >= maxEnvDepth {
			return &Env{Any: true}
		}
		out := &Env{Entries: make([]EnvEntry, len(t.Entries))}
		for i, e := range t.Entries {
			out.Entries[i] = EnvEntry{e.Key, CapEnv(e.Type, depth+1)}
		}
		return out
	case *Tuple:
		out := make([]Type, len(t.Elems))
		for i, e := range t.Elems {
			out[i] = CapEnv(e, depth)
		}
		return &Tuple{Elems: out}
	case *List:
		return &List{Elem: CapEnv(t.Elem, depth), Len: t.Len}
	}
	return t
}

// EnvEntry is one key of an Env.
type EnvEntry struct {
	Key  ir.EnvKey
	Type Type
}

// Func is a function value: the set of callees it may be, sorted by key
// and without duplicates. A Func of one element is a function known at
// compile time.
type Func struct{ Fns []Fn }

// Fn is one possible callee: *GraphFn (a graph with its closure), PrimFn
// (a primitive), *PartialFn (a function with leading arguments bound).
// J of a graph or closure is the GraphFn of its transformed graph, whose
// context holds the transformed free variables (see J in prims.go).
type Fn interface {
	Key() string
	String() string
}

// GraphFn is a graph with the context it was made in: the specialisation
// (frame) of its lexical parent, nil for a top-level graph. Track is the
// ID of the constant node that made the closure, so that closures made at
// different places are specialised apart.
type GraphFn struct {
	G     *ir.Graph
	Ctx   Frame
	Track int
	// From is the frame that evaluated the constant (nil once widened):
	// the same constant in two specialisations makes two values.
	From Frame
}

// Frame is the specialisation a closure was made in: opaque outside
// package infer, which makes them. A nil Frame is a top-level graph's.
type Frame interface{ FrameID() int }

// PrimFn is a primitive used as a value (abs, math.sin...).
type PrimFn struct{ P ir.Prim }

// PartialFn is Fn with leading arguments bound (functools.partial). The
// IR has no primitive that makes one yet; calls of it are supported.
type PartialFn struct {
	Fn   Fn
	Args []Type
}

func (Bottom) isType()    {}
func (Undef) isType()     {}
func (Int) isType()       {}
func (Float) isType()     {}
func (Bool) isType()      {}
func (Str) isType()       {}
func (NoneType) isType()  {}
func (*Tuple) isType()    {}
func (*List) isType()     {}
func (*Array) isType()    {}
func (*Slice) isType()    {}
func (Range) isType()     {}
func (*Optional) isType() {}
func (*Env) isType()      {}
func (*Func) isType()     {}

func (Bottom) String() string { return "Bottom" }

func (Undef) String() string { return "Undefined" }

func (t Int) String() string {
	if t.Known {
		return "Int64(" + strconv.FormatInt(t.V, 10) + ")"
	}
	return "Int64"
}

func (t Float) String() string {
	if t.Known {
		return "Float64(" + ir.FloatRepr(t.V) + ")"
	}
	return "Float64"
}

func (t Bool) String() string {
	if t.Known {
		return "Bool(" + ir.ConstString(t.V, nil) + ")"
	}
	return "Bool"
}

func (t Str) String() string {
	if t.Known {
		return "Str(" + strconv.Quote(t.V) + ")"
	}
	return "Str"
}

func (NoneType) String() string { return "None" }

func (t *Tuple) String() string { return "Tuple[" + join(t.Elems, ", ") + "]" }

func (t *List) String() string {
	if t.Len >= 0 {
		return fmt.Sprintf("List[%s; %d]", t.Elem, t.Len)
	}
	return "List[" + t.Elem.String() + "]"
}

func (t *Array) String() string {
	dims := make([]string, len(t.Shape))
	for i, d := range t.Shape {
		dims[i] = "?"
		if d >= 0 {
			dims[i] = strconv.Itoa(d)
		}
	}
	sh := strings.Join(dims, ", ")
	if len(dims) == 1 {
		sh += ","
	}
	return fmt.Sprintf("Array[%s, (%s)]", t.DType, sh)
}

func (t *Slice) String() string {
	return "Slice[" + t.Lo.String() + ", " + t.Hi.String() + ", " + t.Step.String() + "]"
}

func (Range) String() string { return "Range" }

func (t *Optional) String() string { return "Optional[" + t.T.String() + "]" }

func (t *Env) String() string {
	if t.Any {
		return "Env{...}"
	}
	if len(t.Entries) == 0 {
		return "Env"
	}
	parts := make([]string, len(t.Entries))
	for i, e := range t.Entries {
		parts[i] = fmt.Sprintf("$%d: %s", e.Key, e.Type)
	}
	return "Env{" + strings.Join(parts, ", ") + "}"
}

func (t *Func) String() string {
	parts := make([]string, len(t.Fns))
	for i, f := range t.Fns {
		parts[i] = f.String()
	}
	return "Func{" + strings.Join(parts, ", ") + "}"
}

func (f *GraphFn) String() string { return "@" + f.G.Name }
func (f *GraphFn) Key() string {
	c := 0
	if f.Ctx != nil {
		c = f.Ctx.FrameID()
	}
	from := 0
	if f.From != nil {
		from = f.From.FrameID()
	}
	return fmt.Sprintf("g%d/%d/%d/%d", f.G.ID(), c, f.Track, from)
}

func (f PrimFn) String() string { return f.P.String() }
func (f PrimFn) Key() string    { return "p" + strconv.Itoa(int(f.P)) }

func (f *PartialFn) String() string {
	return fmt.Sprintf("partial(%s, %s)", f.Fn, join(f.Args, ", "))
}
func (f *PartialFn) Key() string {
	parts := make([]string, len(f.Args))
	for i, a := range f.Args {
		parts[i] = Key(a)
	}
	return "partial(" + f.Fn.Key() + ";" + strings.Join(parts, ";") + ")"
}

func join(ts []Type, sep string) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = t.String()
	}
	return strings.Join(parts, sep)
}

// key is a string that identifies t exactly: equal keys, equal types.
// Unlike String it tells closures made in different contexts apart.
func Key(t Type) string {
	var b strings.Builder
	WriteKey(&b, t)
	return b.String()
}

func WriteKey(b *strings.Builder, t Type) {
	switch t := t.(type) {
	case *Tuple:
		b.WriteString("(")
		for i, e := range t.Elems {
			if i > 0 {
				b.WriteByte(',')
			}
			WriteKey(b, e)
		}
		b.WriteString(")")
	case *List:
		b.WriteString("[")
		WriteKey(b, t.Elem)
		fmt.Fprintf(b, ";%d]", t.Len)
	case *Array:
		b.WriteString(t.String())
	case *Optional:
		b.WriteString("opt(")
		WriteKey(b, t.T)
		b.WriteString(")")
	case *Env:
		if t.Any {
			b.WriteString("env*")
			return
		}
		b.WriteString("env{")
		for _, e := range t.Entries {
			fmt.Fprintf(b, "%d:", e.Key)
			WriteKey(b, e.Type)
			b.WriteByte(',')
		}
		b.WriteString("}")
	case *Func:
		b.WriteString("f{")
		for _, f := range t.Fns {
			b.WriteString(f.Key())
			b.WriteByte(',')
		}
		b.WriteString("}")
	case Float:
		if t.Known {
			// Distinguish 0.0 from -0.0 and NaNs by their bits.
			fmt.Fprintf(b, "Float64(%x)", t.V)
			return
		}
		b.WriteString("Float64")
	default:
		b.WriteString(t.String())
	}
}

// Equal reports whether a and b are the same type (and value).
func Equal(a, b Type) bool {
	switch a := a.(type) {
	case Int, Bool, Str, NoneType, Bottom, Undef, Range:
		return a == b
	case Float:
		bf, ok := b.(Float)
		return ok && a.Known == bf.Known && (!a.Known || a.V == bf.V || (a.V != a.V && bf.V != bf.V))
	case *Tuple:
		bt, ok := b.(*Tuple)
		if !ok || len(a.Elems) != len(bt.Elems) {
			return false
		}
		for i := range a.Elems {
			if !Equal(a.Elems[i], bt.Elems[i]) {
				return false
			}
		}
		return true
	case *List:
		bl, ok := b.(*List)
		return ok && a.Len == bl.Len && Equal(a.Elem, bl.Elem)
	case *Optional:
		bo, ok := b.(*Optional)
		return ok && Equal(a.T, bo.T)
	case *Slice:
		bs, ok := b.(*Slice)
		return ok && Equal(a.Lo, bs.Lo) && Equal(a.Hi, bs.Hi) && Equal(a.Step, bs.Step)
	case *Array:
		ba, ok := b.(*Array)
		if !ok || len(a.Shape) != len(ba.Shape) || !Equal(a.DType, ba.DType) {
			return false
		}
		for i := range a.Shape {
			if a.Shape[i] != ba.Shape[i] {
				return false
			}
		}
		return true
	case *Env:
		be, ok := b.(*Env)
		if !ok || a.Any != be.Any || len(a.Entries) != len(be.Entries) {
			return false
		}
		for i := range a.Entries {
			if a.Entries[i].Key != be.Entries[i].Key || !Equal(a.Entries[i].Type, be.Entries[i].Type) {
				return false
			}
		}
		return true
	case *Func:
		bf, ok := b.(*Func)
		if !ok || len(a.Fns) != len(bf.Fns) {
			return false
		}
		for i := range a.Fns {
			if a.Fns[i].Key() != bf.Fns[i].Key() {
				return false
			}
		}
		return true
	}
	return false
}

// Python-side names, for messages.

// TypeName is the Python name of t's type: int, float, tuple...
func TypeName(t Type) string {
	switch t.(type) {
	case Int:
		return "int"
	case Float:
		return "float"
	case Bool:
		return "bool"
	case Str:
		return "str"
	case NoneType:
		return "None"
	case Undef:
		return "an unbound variable"
	case *Tuple:
		return "tuple"
	case *List:
		return "list"
	case *Array:
		return "ndarray"
	case *Slice:
		return "slice"
	case Range:
		return "range"
	case *Func:
		return "function"
	case *Env:
		return "environment"
	case *Optional:
		return "None or " + TypeName(t.(*Optional).T)
	}
	return "nothing"
}

// Describe spells t as a person reads it: int, tuple[float, float],
// list[int], function.
func Describe(t Type) string {
	switch t := t.(type) {
	case *Tuple:
		parts := make([]string, len(t.Elems))
		for i, e := range t.Elems {
			parts[i] = Describe(e)
		}
		if len(parts) == 0 {
			return "tuple[()]"
		}
		return "tuple[" + strings.Join(parts, ", ") + "]"
	case *List:
		return "list[" + Describe(t.Elem) + "]"
	case *Array:
		return "ndarray[" + Describe(t.DType) + ", " + FormatShape(t.Shape) + "]"
	case *Optional:
		return "None or " + Describe(t.T)
	}
	return TypeName(t)
}

// Constructors.

// Known types of constants.
func IntOf(v int64) Type     { return Int{true, v} }
func FloatOf(v float64) Type { return Float{true, v} }
func BoolOf(v bool) Type     { return Bool{true, v} }

// Common types without values.
var (
	AnyInt   Type = Int{}
	AnyFloat Type = Float{}
	AnyBool  Type = Bool{}
	None     Type = NoneType{}
)

// NewTuple makes a tuple type.
func NewTuple(elems ...Type) *Tuple { return &Tuple{Elems: elems} }

func NewFunc(fns ...Fn) *Func {
	sort.Slice(fns, func(i, j int) bool { return fns[i].Key() < fns[j].Key() })
	out := fns[:0]
	for i, f := range fns {
		if i > 0 && f.Key() == fns[i-1].Key() {
			continue
		}
		out = append(out, f)
	}
	return &Func{Fns: out}
}

// isNumber reports whether t is an Int, Float or Bool.
func IsNumber(t Type) bool {
	switch t.(type) {
	case Int, Float, Bool:
		return true
	}
	return false
}

// Widening: constants are dropped where a value may vary.

// widen drops every scalar constant in t, and list lengths: what a loop
// variable or the argument of a recursive call keeps.
func Widen(t Type) Type { return WidenIf(t, true) }

// widenFloats drops float constants only: what the arguments of an
// ordinary call keep (ints, bools and strings may select branches and
// tuple elements).
func WidenFloats(t Type) Type { return WidenIf(t, false) }

func WidenIf(t Type, all bool) Type {
	switch t := t.(type) {
	case Int:
		if all {
			return AnyInt
		}
	case Bool:
		if all {
			return AnyBool
		}
	case Str:
		if all {
			return Str{}
		}
	case Float:
		return AnyFloat
	case *Tuple:
		var out []Type
		for i, e := range t.Elems {
			w := WidenIf(e, all)
			if out == nil && w != e {
				out = append(make([]Type, 0, len(t.Elems)), t.Elems[:i]...)
			}
			if out != nil {
				out = append(out, w)
			}
		}
		if out == nil {
			return t
		}
		return &Tuple{Elems: out}
	case *List:
		n := t.Len
		if all {
			n = -1
		}
		return &List{Elem: WidenIf(t.Elem, all), Len: n}
	case *Optional:
		return &Optional{T: WidenIf(t.T, all)}
	case *Slice:
		if all {
			return &Slice{Lo: Widen(t.Lo), Hi: Widen(t.Hi), Step: Widen(t.Step)}
		}
	case *Func:
		if !all {
			return t
		}
		fns := make([]Fn, len(t.Fns))
		for i, fn := range t.Fns {
			fns[i] = fn
			if g, ok := fn.(*GraphFn); ok && g.From != nil {
				fns[i] = &GraphFn{G: g.G, Ctx: g.Ctx, Track: g.Track}
			}
		}
		return NewFunc(fns...)
	case *Env:
		if t.Any {
			return t
		}
		out := &Env{Entries: make([]EnvEntry, len(t.Entries))}
		for i, e := range t.Entries {
			out.Entries[i] = EnvEntry{e.Key, Widen(e.Type)}
		}
		return out
	}
	return t
}

// FormatShape prints a shape as Python does, ? for an unknown dimension:
// (3, ?), (5,).
func FormatShape(shape []int) string {
	dims := make([]string, len(shape))
	for i, d := range shape {
		dims[i] = "?"
		if d >= 0 {
			dims[i] = strconv.Itoa(d)
		}
	}
	s := strings.Join(dims, ", ")
	if len(dims) == 1 {
		s += ","
	}
	return "(" + s + ")"
}
