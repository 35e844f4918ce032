package vm

import (
	"fmt"
	"math"
	"unsafe"

	"github.com/myia/myia/ir"
)

// Kind is the kind of a run-time value.
type Kind uint8

// The kinds of values. KArray is numpy's ndarray (array.go), KEnv an AD
// environment (ad.go), KSlice a slice value, slice(lo, hi, step), as
// x[1:, j] indexes with.
const (
	KNone Kind = iota
	KBool
	KInt
	KFloat
	KStr
	KTuple
	KList
	KRange
	KFunc
	KArray
	KEnv
	KSlice
)

var kindNames = [...]string{
	KNone: "NoneType", KBool: "bool", KInt: "int", KFloat: "float", KStr: "str",
	KTuple: "tuple", KList: "list", KRange: "range", KFunc: "function",
	KArray: "ndarray", KEnv: "env", KSlice: "slice",
}

// String is the Python name of the kind's type: int, float, NoneType...
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind%d", k)
}

// Value is a run-time value: 16 bytes, copied by value. p points to a
// header whose first field is the value's kind; n is the payload of a
// scalar (an int64, the bits of a float64, 0 or 1 for a bool). Scalars
// point to static headers, so making one never allocates; other values
// point to a heap object that starts with its header. The zero Value is
// None.
type Value struct {
	p unsafe.Pointer
	n uint64
}

// header starts every object a Value points to.
type header struct {
	kind Kind
}

// Static headers of the scalar kinds: their addresses are the scalar
// tags, so a kind test of a scalar is one pointer comparison.
var (
	boolHdr  = header{KBool}
	intHdr   = header{KInt}
	floatHdr = header{KFloat}
)

// seqObj is a tuple or a list. Its elements are never modified once it
// is made. A tuple or list of up to maxInline elements is a seqN that
// holds them, elems pointing into it: one allocation, not two.
type seqObj struct {
	header
	elems []Value
}

// strObj is a Python string (UTF-8; lengths and indices count code
// points).
type strObj struct {
	header
	s string
}

// rangeObj is range(start, stop, step), step != 0.
type rangeObj struct {
	header
	start, stop, step int64
}

// funcObj is a function value: a primitive (prim != 0) or a closure, a
// graph with the values of its free variables. A closure of up to
// maxInline free variables is a funcN that holds their values.
type funcObj struct {
	header
	prim ir.Prim
	fn   *function
	env  []Value
}

// Small tuples, lists and closures are allocated with their values, an
// array of one of these sizes after the object, which its slice points
// into: the gradients of scalar code make a tuple or closure of a few
// values per step, and one allocation instead of two halves the work of
// the allocator and the collector. (For a tuple, each size is one of the
// allocator's size classes: 32 bytes plus 16 per element.)
type inline interface {
	[1]Value | [2]Value | [3]Value | [4]Value | [5]Value | [6]Value | [7]Value | [8]Value
}

const maxInline = 8

type seqN[A inline] struct {
	seqObj
	a A
}

type funcN[A inline] struct {
	funcObj
	a A
}

// newSeqN and newFuncN allocate a seqN or funcN; elems or env is its
// array. (Slicing the array needs a single array type, which the
// constraint does not have.)
func newSeqN[A inline](k Kind) *seqObj {
	o := &seqN[A]{}
	o.seqObj = seqObj{header{k}, unsafe.Slice((*Value)(unsafe.Pointer(&o.a)), len(o.a))}
	return &o.seqObj
}

func newFuncN[A inline](fn *function) *funcObj {
	o := &funcN[A]{}
	o.funcObj = funcObj{header: header{KFunc}, fn: fn, env: unsafe.Slice((*Value)(unsafe.Pointer(&o.a)), len(o.a))}
	return &o.funcObj
}

// Empty tuples and lists are shared: their elements are never modified.
var emptySeqs = [...]seqObj{KTuple: {header: header{KTuple}}, KList: {header: header{KList}}}

// newSeq makes a tuple or list (k) of n elements, all None, and returns
// it with its elements, which the caller fills in before the value is
// used.
func newSeq(k Kind, n int) (Value, []Value) {
	var o *seqObj
	switch n {
	case 0:
		return Value{p: unsafe.Pointer(&emptySeqs[k])}, nil
	case 1:
		o = newSeqN[[1]Value](k)
	case 2:
		o = newSeqN[[2]Value](k)
	case 3:
		o = newSeqN[[3]Value](k)
	case 4:
		o = newSeqN[[4]Value](k)
	case 5:
		o = newSeqN[[5]Value](k)
	case 6:
		o = newSeqN[[6]Value](k)
	case 7:
		o = newSeqN[[7]Value](k)
	case 8:
		o = newSeqN[[8]Value](k)
	default:
		o = &seqObj{header{k}, make([]Value, n)}
	}
	return Value{p: unsafe.Pointer(o)}, o.elems
}

// copySeq makes a tuple or list (k) of a copy of elems.
func copySeq(k Kind, elems []Value) Value {
	v, out := newSeq(k, len(elems))
	copy(out, elems)
	return v
}

// newClosure makes a closure of fn with n free variables, all None, and
// returns it with its environment, which the caller fills in before the
// value is used.
func newClosure(fn *function, n int) (Value, []Value) {
	var o *funcObj
	switch n {
	case 0:
		o = &funcObj{header: header{KFunc}, fn: fn}
	case 1:
		o = newFuncN[[1]Value](fn)
	case 2:
		o = newFuncN[[2]Value](fn)
	case 3:
		o = newFuncN[[3]Value](fn)
	case 4:
		o = newFuncN[[4]Value](fn)
	case 5:
		o = newFuncN[[5]Value](fn)
	case 6:
		o = newFuncN[[6]Value](fn)
	case 7:
		o = newFuncN[[7]Value](fn)
	case 8:
		o = newFuncN[[8]Value](fn)
	default:
		o = &funcObj{header: header{KFunc}, fn: fn, env: make([]Value, n)}
	}
	return Value{p: unsafe.Pointer(o)}, o.env
}

// primFuncs are the function values of the primitives, made once.
var primFuncs [ir.NumPrims]funcObj

func init() {
	for p := range primFuncs {
		primFuncs[p] = funcObj{header: header{KFunc}, prim: ir.Prim(p)}
	}
}

// None is Python's None.
var None Value

// Int makes an int.
func Int(i int64) Value { return Value{unsafe.Pointer(&intHdr), uint64(i)} }

// Float makes a float.
func Float(f float64) Value { return Value{unsafe.Pointer(&floatHdr), floatBits(f)} }

// Bool makes a bool.
func Bool(b bool) Value {
	if b {
		return Value{unsafe.Pointer(&boolHdr), 1}
	}
	return Value{unsafe.Pointer(&boolHdr), 0}
}

// Str makes a string.
func Str(s string) Value {
	return Value{p: unsafe.Pointer(&strObj{header{KStr}, s})}
}

// Tuple makes a tuple of elems; the slice is kept, not copied.
func Tuple(elems []Value) Value {
	return Value{p: unsafe.Pointer(&seqObj{header{KTuple}, elems})}
}

// List makes a list of elems; the slice is kept, not copied.
func List(elems []Value) Value {
	return Value{p: unsafe.Pointer(&seqObj{header{KList}, elems})}
}

func seqValue(k Kind, elems []Value) Value {
	return Value{p: unsafe.Pointer(&seqObj{header{k}, elems})}
}

// Range makes range(start, stop, step); step must not be zero.
func Range(start, stop, step int64) Value {
	if step == 0 {
		panic("vm: range step 0")
	}
	return Value{p: unsafe.Pointer(&rangeObj{header{KRange}, start, stop, step})}
}

// PrimFunc makes the function value of primitive p.
func PrimFunc(p ir.Prim) Value { return Value{p: unsafe.Pointer(&primFuncs[p])} }

func closure(fn *function, env []Value) Value {
	return Value{p: unsafe.Pointer(&funcObj{header: header{KFunc}, fn: fn, env: env})}
}

// Kind returns v's kind.
func (v Value) Kind() Kind {
	if v.p == nil {
		return KNone
	}
	return (*header)(v.p).kind
}

func (v Value) isInt() bool   { return v.p == unsafe.Pointer(&intHdr) }
func (v Value) isFloat() bool { return v.p == unsafe.Pointer(&floatHdr) }
func (v Value) isBool() bool  { return v.p == unsafe.Pointer(&boolHdr) }

// IsNone reports whether v is None.
func (v Value) IsNone() bool { return v.p == nil }

func (v Value) seq() *seqObj     { return (*seqObj)(v.p) }
func (v Value) str() *strObj     { return (*strObj)(v.p) }
func (v Value) rng() *rangeObj   { return (*rangeObj)(v.p) }
func (v Value) funcv() *funcObj  { return (*funcObj)(v.p) }
func (v Value) int() int64       { return int64(v.n) }
func (v Value) float() float64   { return floatFrom(v.n) }
func floatBits(f float64) uint64 { return math.Float64bits(f) }
func floatFrom(n uint64) float64 { return math.Float64frombits(n) }

// Elems returns the elements of a tuple or list (nil for other kinds).
// The slice must not be modified.
func (v Value) Elems() []Value {
	if k := v.Kind(); k == KTuple || k == KList {
		return v.seq().elems
	}
	return nil
}

// AsInt returns an int's value (a bool's as 0 or 1). It panics for other
// kinds.
func (v Value) AsInt() int64 {
	if k := v.Kind(); k != KInt && k != KBool {
		panic("vm: AsInt of " + k.String())
	}
	return int64(v.n)
}

// AsFloat returns a float's value, or an int's or bool's converted. It
// panics for other kinds.
func (v Value) AsFloat() float64 {
	switch v.Kind() {
	case KFloat:
		return v.float()
	case KInt, KBool:
		return float64(int64(v.n))
	}
	panic("vm: AsFloat of " + v.Kind().String())
}

// AsBool returns a bool's value. It panics for other kinds; Truth gives
// any value's truthiness.
func (v Value) AsBool() bool {
	if v.Kind() != KBool {
		panic("vm: AsBool of " + v.Kind().String())
	}
	return v.n != 0
}

// AsStr returns a string's text. It panics for other kinds.
func (v Value) AsStr() string {
	if v.Kind() != KStr {
		panic("vm: AsStr of " + v.Kind().String())
	}
	return v.str().s
}

// AsRange returns a range's start, stop and step. It panics for other
// kinds.
func (v Value) AsRange() (start, stop, step int64) {
	if v.Kind() != KRange {
		panic("vm: AsRange of " + v.Kind().String())
	}
	r := v.rng()
	return r.start, r.stop, r.step
}

// PrimOf returns the primitive a function value is, if it is one.
func (v Value) PrimOf() (ir.Prim, bool) {
	if v.Kind() != KFunc || v.funcv().prim == 0 {
		return 0, false
	}
	return v.funcv().prim, true
}

// GraphOf returns the graph of a closure, or nil.
func (v Value) GraphOf() *ir.Graph {
	if v.Kind() != KFunc || v.funcv().fn == nil {
		return nil
	}
	return v.funcv().fn.g
}

// Truth is Python's bool(v). For an array of more than one element,
// which numpy refuses to test, it is false; the VM's conditions use
// truth, which reports that error.
func (v Value) Truth() bool {
	switch v.Kind() {
	case KNone:
		return false
	case KBool, KInt:
		return v.n != 0
	case KFloat:
		return v.float() != 0
	case KStr:
		return v.str().s != ""
	case KTuple, KList:
		return len(v.seq().elems) > 0
	case KRange:
		return rangeLen(v.rng()) > 0
	case KArray:
		t, _ := arrayTruth(v.arr())
		return t
	}
	return true
}

// typeName is the Python name of v's type, for error messages.
func (v Value) typeName() string {
	if v.Kind() == KFunc && v.funcv().prim != 0 {
		return "builtin_function_or_method"
	}
	return v.Kind().String()
}

// constValue converts an ir.Constant's value. Graphs are handled by the
// compiler, not here.
func constValue(x any) (Value, bool) {
	switch x := x.(type) {
	case int64:
		return Int(x), true
	case float64:
		return Float(x), true
	case bool:
		return Bool(x), true
	case string:
		return Str(x), true
	case ir.NoneType, ir.UndefinedType:
		// Undefined is never read (ir.Check guards it).
		return None, true
	case ir.Prim:
		if x <= 0 || x >= ir.NumPrims {
			return None, false
		}
		return PrimFunc(x), true
	case ir.EnvKey:
		return Int(int64(x)), true
	}
	return None, false
}
