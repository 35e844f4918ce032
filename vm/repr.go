package vm

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/myia/myia/ir"
)

// Repr is Python's repr(v): 2.0, 0.1, 1e-05, True, None, 'it”s' quoted
// as Python quotes it, (1,), (1, 2.5), [1, 2], range(0, 5).
func (v Value) Repr() string {
	var b strings.Builder
	v.writeRepr(&b)
	return b.String()
}

// Str is Python's str(v): like Repr, except that a string prints raw
// and an array as numpy's str ([1.  2.5]). Elements of a tuple or list
// print with Repr, as in Python (array([1. , 2.5])).
func (v Value) Str() string {
	switch v.Kind() {
	case KStr:
		return v.str().s
	case KArray:
		return arrayStr(v.arr())
	}
	return v.Repr()
}

// String is Str, for fmt.
func (v Value) String() string { return v.Str() }

func (v Value) writeRepr(b *strings.Builder) {
	switch v.Kind() {
	case KNone:
		b.WriteString("None")
	case KBool:
		if v.n != 0 {
			b.WriteString("True")
		} else {
			b.WriteString("False")
		}
	case KInt:
		b.WriteString(strconv.FormatInt(v.int(), 10))
	case KFloat:
		b.WriteString(ir.FloatRepr(v.float()))
	case KStr:
		writeQuoted(b, v.str().s)
	case KTuple:
		elems := v.seq().elems
		b.WriteByte('(')
		writeElems(b, elems)
		if len(elems) == 1 {
			b.WriteByte(',')
		}
		b.WriteByte(')')
	case KList:
		b.WriteByte('[')
		writeElems(b, v.seq().elems)
		b.WriteByte(']')
	case KRange:
		r := v.rng()
		if r.step == 1 {
			fmt.Fprintf(b, "range(%d, %d)", r.start, r.stop)
		} else {
			fmt.Fprintf(b, "range(%d, %d, %d)", r.start, r.stop, r.step)
		}
	case KFunc:
		f := v.funcv()
		if f.prim != 0 {
			fmt.Fprintf(b, "<built-in function %s>", f.prim)
		} else {
			fmt.Fprintf(b, "<function %s>", f.fn.g.Name)
		}
	case KEnv:
		v.env().repr(b)
	case KArray:
		b.WriteString(arrayRepr(v.arr()))
	case KSlice:
		v.slc().repr(b)
	default:
		fmt.Fprintf(b, "<%s>", v.Kind())
	}
}

func writeElems(b *strings.Builder, elems []Value) {
	for i, e := range elems {
		if i > 0 {
			b.WriteString(", ")
		}
		e.writeRepr(b)
	}
}

// writeQuoted quotes s as Python's repr of a str does: single quotes
// unless s holds a single quote and no double quote; backslash escapes
// for the quote, backslash, \t \n \r, and non-printable characters.
func writeQuoted(b *strings.Builder, s string) {
	quote := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		quote = '"'
	}
	b.WriteByte(quote)
	for _, r := range s {
		switch {
		case r == rune(quote) || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < ' ' || r == 0x7f:
			fmt.Fprintf(b, `\x%02x`, r)
		case r < 0x7f || unicode.IsPrint(r) && r != utf8.RuneError:
			b.WriteRune(r)
		case r <= 0xff:
			fmt.Fprintf(b, `\x%02x`, r)
		case r <= 0xffff:
			fmt.Fprintf(b, `\u%04x`, r)
		default:
			fmt.Fprintf(b, `\U%08x`, r)
		}
	}
	b.WriteByte(quote)
}

// FromJSON converts a value decoded by encoding/json (with UseNumber):
// a json.Number with '.', 'e' or 'E' is a float, any other an int;
// arrays are tuples; null is None. float64 and int values are accepted
// too.
func FromJSON(x any) (Value, error) {
	switch x := x.(type) {
	case nil:
		return None, nil
	case bool:
		return Bool(x), nil
	case string:
		return Str(x), nil
	case json.Number:
		s := string(x)
		if strings.ContainsAny(s, ".eE") {
			f, err := strconv.ParseFloat(s, 64)
			if err != nil {
				return None, fmt.Errorf("bad float %s: %v", s, err)
			}
			return Float(f), nil
		}
		i, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return None, fmt.Errorf("int %s does not fit in 64 bits", s)
		}
		return Int(i), nil
	case float64:
		return Float(x), nil
	case int:
		return Int(int64(x)), nil
	case int64:
		return Int(x), nil
	case []any:
		t, elems := newSeq(KTuple, len(x))
		for i, e := range x {
			v, err := FromJSON(e)
			if err != nil {
				return None, err
			}
			elems[i] = v
		}
		return t, nil
	}
	return None, fmt.Errorf("cannot convert JSON value of type %T", x)
}

// JSON converts v for json.Marshal: tuples, lists, ranges and arrays
// become []any (nested for arrays), None nil, ints int64, floats float64. A NaN or infinite float,
// which JSON cannot hold, becomes the string "nan", "inf" or "-inf"; a
// function becomes its repr.
func (v Value) JSON() any {
	switch v.Kind() {
	case KNone:
		return nil
	case KBool:
		return v.n != 0
	case KInt:
		return v.int()
	case KFloat:
		f := v.float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return ir.FloatRepr(f)
		}
		return f
	case KStr:
		return v.str().s
	case KTuple, KList:
		out := make([]any, len(v.seq().elems))
		for i, e := range v.seq().elems {
			out[i] = e.JSON()
		}
		return out
	case KRange:
		r := v.rng()
		n := rangeLen(r)
		out := make([]any, n)
		for i := int64(0); i < n; i++ {
			out[i] = r.start + i*r.step
		}
		return out
	case KArray:
		a := v.arr()
		if a.ndim() == 0 {
			return a.elem(0).JSON()
		}
		out := make([]any, a.shape[0])
		for i := range out {
			e, _ := indexArray(a, Int(int64(i)))
			out[i] = e.JSON()
		}
		return out
	}
	return v.Repr()
}
