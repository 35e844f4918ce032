package infer

import (
	"strings"

	"github.com/myia/myia/ir"
	"github.com/myia/myia/ir/types"
)

// The lattice lives in ir/types, which the later stages read; inference
// uses it under its own names.
type (
	Type      = types.Type
	Bottom    = types.Bottom
	Undef     = types.Undef
	Int       = types.Int
	Float     = types.Float
	Bool      = types.Bool
	Str       = types.Str
	NoneType  = types.NoneType
	Tuple     = types.Tuple
	List      = types.List
	Array     = types.Array
	Slice     = types.Slice
	Range     = types.Range
	Optional  = types.Optional
	Env       = types.Env
	EnvEntry  = types.EnvEntry
	Func      = types.Func
	Fn        = types.Fn
	GraphFn   = types.GraphFn
	PrimFn    = types.PrimFn
	PartialFn = types.PartialFn
)

// Exported for the tests and callers that used them from here.
var (
	Equal    = types.Equal
	TypeName = types.TypeName
	Describe = types.Describe
	IntOf    = types.IntOf
	FloatOf  = types.FloatOf
	BoolOf   = types.BoolOf
	NewTuple = types.NewTuple

	AnyInt   = types.AnyInt
	AnyFloat = types.AnyFloat
	AnyBool  = types.AnyBool
	None     = types.None
)

func capEnv(t Type, depth int) Type       { return types.CapEnv(t, depth) }
func key(t Type) string                   { return types.Key(t) }
func writeKey(b *strings.Builder, t Type) { types.WriteKey(b, t) }
func newFunc(fns ...Fn) *Func             { return types.NewFunc(fns...) }
func isNumber(t Type) bool                { return types.IsNumber(t) }
func widen(t Type) Type                   { return types.Widen(t) }
func widenFloats(t Type) Type             { return types.WidenFloats(t) }
func widenIf(t Type, all bool) Type       { return types.WidenIf(t, all) }

// FrameID makes a frame a types.Frame: the context of a GraphFn.
func (f *frame) FrameID() int { return f.id }

// asFrame stores a frame in a GraphFn; nil stays a nil interface.
func asFrame(f *frame) types.Frame {
	if f == nil {
		return nil
	}
	return f
}

// frameOf reads a frame back from a GraphFn.
func frameOf(f types.Frame) *frame {
	if f == nil {
		return nil
	}
	return f.(*frame)
}

// Types that grow without bound: a recursion that builds a nested tuple
// (its result type deepens at each round of the fixpoint), a loop that
// wraps a closure in another (each iteration's closure is made in a new
// context). Inference stops them at these bounds, far past what a
// program writes by hand.
// A type is also past them when, written out, it has more than
// maxTypeSize parts: a recursion that builds a tree with three
// recursive calls nests as deep only after 3^40 parts.
const (
	maxTypeDepth       = 40
	maxClosureContexts = 32
	maxTypeSize        = 100_000
)

// unbounded reports whether t is past those bounds.
func unbounded(t Type) bool {
	return typeSize(t, map[Type]int{}) > maxTypeSize || typeDepth(t, 0) > maxTypeDepth
}

// typeSize is the number of parts of t written out (a tuple and its
// elements...), counting a part shared by several elements each time,
// up to maxTypeSize+1; memo holds those of the tuples, lists and
// optionals seen.
func typeSize(t Type, memo map[Type]int) int {
	switch t.(type) {
	case *Tuple, *List, *Optional:
	default:
		return 1
	}
	if n, ok := memo[t]; ok {
		return n
	}
	n := 1
	switch t := t.(type) {
	case *Tuple:
		for _, e := range t.Elems {
			n += typeSize(e, memo)
			if n > maxTypeSize {
				break
			}
		}
	case *List:
		n += typeSize(t.Elem, memo)
	case *Optional:
		n += typeSize(t.T, memo)
	}
	n = min(n, maxTypeSize+1)
	memo[t] = n
	return n
}

func typeDepth(t Type, d int) int {
	if d > maxTypeDepth {
		return d
	}
	switch t := t.(type) {
	case *Tuple:
		m := d
		for _, e := range t.Elems {
			m = max(m, typeDepth(e, d+1))
		}
		return m
	case *List:
		return typeDepth(t.Elem, d+1)
	case *Optional:
		return typeDepth(t.T, d+1)
	case *Func:
		var per map[*ir.Graph]int // counted only in unions that may be past the bound
		if len(t.Fns) > maxClosureContexts {
			per = map[*ir.Graph]int{}
		}
		m := d
		for _, fn := range t.Fns {
			switch fn := fn.(type) {
			case *GraphFn:
				if per == nil {
					continue
				}
				per[fn.G]++
				if per[fn.G] > maxClosureContexts {
					return maxTypeDepth + 1
				}
			case *PartialFn:
				for _, a := range fn.Args {
					m = max(m, typeDepth(a, d+1))
				}
			}
		}
		return m
	}
	return d
}

// describeShort is Describe cut to a line.
func describeShort(t Type) string {
	d := Describe(t)
	if len(d) > 72 {
		d = d[:72] + "..."
	}
	return d
}
