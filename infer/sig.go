package infer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Entry signatures: the types of the entry's arguments come from the
// JSON arguments of `myia run --args`, from a --sig string, or from the
// entry's Python annotations.

// ParseSig reads a signature such as "(float, int, tuple[float, float])":
// a parenthesised, comma-separated list of types in Python's spelling
// (int, float, bool, None, str, tuple[T, ...], tuple[()], list[T],
// ndarray[float, (3, ?)] for an array of dtype float, int or bool whose
// second dimension is not known). The parentheses may be left out.
func ParseSig(s string) ([]Type, error) {
	p := &sigParser{s: s}
	p.skip()
	paren := p.eat("(")
	var out []Type
	p.skip()
	if !(paren && p.peek(")")) && !p.done() {
		for {
			t, err := p.typ()
			if err != nil {
				return nil, err
			}
			out = append(out, t)
			if !p.eat(",") {
				break
			}
			if paren && p.peek(")") {
				break
			}
		}
	}
	if paren && !p.eat(")") {
		return nil, p.errorf("expected )")
	}
	if !p.done() {
		return nil, p.errorf("unexpected %q", p.s[p.i:])
	}
	return out, nil
}

// ParseType reads one type, in ParseSig's spelling.
func ParseType(s string) (Type, error) {
	p := &sigParser{s: s}
	t, err := p.typ()
	if err != nil {
		return nil, err
	}
	if !p.done() {
		return nil, p.errorf("unexpected %q", p.s[p.i:])
	}
	return t, nil
}

type sigParser struct {
	s string
	i int
}

func (p *sigParser) errorf(format string, args ...any) error {
	return fmt.Errorf("signature %q, at offset %d: %s", p.s, p.i, fmt.Sprintf(format, args...))
}

func (p *sigParser) skip() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

func (p *sigParser) done() bool { p.skip(); return p.i == len(p.s) }

func (p *sigParser) peek(tok string) bool {
	p.skip()
	return strings.HasPrefix(p.s[p.i:], tok)
}

func (p *sigParser) eat(tok string) bool {
	if p.peek(tok) {
		p.i += len(tok)
		return true
	}
	return false
}

func (p *sigParser) ident() string {
	p.skip()
	j := p.i
	for j < len(p.s) && (p.s[j] == '_' || p.s[j] == '.' || 'a' <= p.s[j]|0x20 && p.s[j]|0x20 <= 'z' || '0' <= p.s[j] && p.s[j] <= '9') {
		j++
	}
	id := p.s[p.i:j]
	p.i = j
	return id
}

func (p *sigParser) typ() (Type, error) {
	name := p.ident()
	switch name {
	case "int":
		return AnyInt, nil
	case "float":
		return AnyFloat, nil
	case "bool":
		return AnyBool, nil
	case "None", "NoneType":
		return None, nil
	case "str":
		return Str{}, nil
	case "tuple", "Tuple":
		if !p.eat("[") {
			return nil, p.errorf("tuple needs its element types: tuple[float, int]")
		}
		var elems []Type
		if p.eat("(") {
			if !p.eat(")") {
				return nil, p.errorf("expected ) in tuple[()]")
			}
		} else {
			for {
				t, err := p.typ()
				if err != nil {
					return nil, err
				}
				elems = append(elems, t)
				if !p.eat(",") {
					break
				}
			}
		}
		if !p.eat("]") {
			return nil, p.errorf("expected ]")
		}
		return &Tuple{Elems: elems}, nil
	case "list", "List":
		if !p.eat("[") {
			return nil, p.errorf("list needs its element type: list[float]")
		}
		t, err := p.typ()
		if err != nil {
			return nil, err
		}
		if !p.eat("]") {
			return nil, p.errorf("expected ]")
		}
		return &List{Elem: t, Len: -1}, nil
	case "ndarray", "array", "Array":
		return p.array()
	case "":
		return nil, p.errorf("expected a type")
	}
	return nil, p.errorf("unknown type %s (the types are int, float, bool, None, str, tuple[...], list[...], ndarray[...])", name)
}

// TypeOfJSON is the type of an argument decoded from JSON as `myia run
// --args` reads it: numbers with a fraction or an exponent are floats,
// other numbers ints (decode with UseNumber to keep the difference; a
// float64 is a float), arrays tuples, null None.
func TypeOfJSON(v any) (Type, error) {
	switch v := v.(type) {
	case nil:
		return None, nil
	case bool:
		return AnyBool, nil
	case json.Number:
		if strings.ContainsAny(string(v), ".eE") {
			return AnyFloat, nil
		}
		if _, err := v.Int64(); err != nil {
			return nil, fmt.Errorf("integer %s does not fit in 64 bits", v)
		}
		return AnyInt, nil
	case float64, float32:
		return AnyFloat, nil
	case int, int64, int32:
		return AnyInt, nil
	case string:
		return Str{}, nil
	case []any:
		elems := make([]Type, len(v))
		for i, x := range v {
			t, err := TypeOfJSON(x)
			if err != nil {
				return nil, err
			}
			elems[i] = t
		}
		return &Tuple{Elems: elems}, nil
	}
	return nil, fmt.Errorf("arguments of type %T are not supported", v)
}

// ArgsOfJSON reads the types of a JSON array of arguments, as `myia run
// --args '[1, 2.5, [3, 4]]'` gives them.
func ArgsOfJSON(text string) ([]Type, error) {
	dec := json.NewDecoder(bytes.NewReader([]byte(text)))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("arguments: %v", err)
	}
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("arguments must be a JSON array, got %s", text)
	}
	t, err := TypeOfJSON(list)
	if err != nil {
		return nil, err
	}
	return t.(*Tuple).Elems, nil
}

// FromAnnotations reads the types of an entry's parameters from their
// Python annotations, given as source text (one per parameter, "" where
// there is none): def f(x: float, n: int, t: tuple[float, float]). The
// builder does not keep annotations in the IR yet; this is what it will
// call.
func FromAnnotations(names, annotations []string) ([]Type, error) {
	out := make([]Type, len(annotations))
	for i, a := range annotations {
		if strings.TrimSpace(a) == "" {
			return nil, fmt.Errorf("parameter %s has no annotation: give the entry's signature with --sig or --args", names[i])
		}
		t, err := ParseType(a)
		if err != nil {
			return nil, fmt.Errorf("parameter %s: %v", names[i], err)
		}
		out[i] = t
	}
	return out, nil
}

// array reads the rest of ndarray[DTYPE, (D1, D2, ...)]: a dtype (float,
// int or bool) and a shape of ints and ? (unknown); a shape of one
// dimension may be written (3,) or (3).
func (p *sigParser) array() (Type, error) {
	if !p.eat("[") {
		return nil, p.errorf("ndarray needs its dtype and shape: ndarray[float, (3, 4)]")
	}
	var dt Type
	switch d := p.ident(); d {
	case "float", "float64", "Float64":
		dt = AnyFloat
	case "int", "int64", "Int64":
		dt = AnyInt
	case "bool", "Bool":
		dt = AnyBool
	default:
		return nil, p.errorf("unknown dtype %q (float, int or bool)", d)
	}
	if !p.eat(",") || !p.eat("(") {
		return nil, p.errorf("expected the shape of the array: ndarray[float, (3, 4)]")
	}
	var shape []int
	for !p.eat(")") {
		switch {
		case p.eat("?"):
			shape = append(shape, -1)
		default:
			p.skip()
			j := p.i
			for j < len(p.s) && '0' <= p.s[j] && p.s[j] <= '9' {
				j++
			}
			if j == p.i {
				return nil, p.errorf("expected a dimension (an int or ?)")
			}
			n, err := strconv.Atoi(p.s[p.i:j])
			if err != nil {
				return nil, p.errorf("bad dimension %s", p.s[p.i:j])
			}
			p.i = j
			shape = append(shape, n)
		}
		if !p.eat(",") && !p.peek(")") {
			return nil, p.errorf("expected , or ) in the shape")
		}
	}
	if !p.eat("]") {
		return nil, p.errorf("expected ]")
	}
	if len(shape) == 0 {
		return dt, nil // no 0-d arrays: a scalar
	}
	return &Array{DType: dt, Shape: shape}, nil
}
