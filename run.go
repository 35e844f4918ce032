package myia

// What `myia run` needs beyond Compile and Program.Run: arguments from
// JSON or from a NAME_inputs() function, repeated timed calls on one VM,
// JSON output, warnings, and a guard that turns panics into
// InternalErrors. The CLI stays a thin layer over these.

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/myia/myia/infer"
	"github.com/myia/myia/ir"
	"github.com/myia/myia/vm"
)

// ParseArgs decodes a JSON array of arguments, as given to
// `myia run --args`: numbers with a fraction or an exponent are floats,
// other numbers ints, arrays tuples, null None.
func ParseArgs(text string) ([]vm.Value, error) {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var x any
	if err := dec.Decode(&x); err != nil {
		return nil, fmt.Errorf("--args: not JSON: %v", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("--args: unexpected text after the JSON array")
	}
	list, ok := x.([]any)
	if !ok {
		return nil, fmt.Errorf("--args: want a JSON array of arguments, like [1, 2.5], got %s", strings.TrimSpace(text))
	}
	args := make([]vm.Value, len(list))
	for i, e := range list {
		v, err := vm.FromJSON(e)
		if err != nil {
			return nil, fmt.Errorf("--args: argument %d: %v", i+1, err)
		}
		args[i] = v
	}
	return args, nil
}

// Entry signatures. The types of the entry's arguments come, first, from
// --sig, then from the values of --args, then from the entry's
// annotations (which the infer pass reads itself). When --sig and --args
// are both given, each argument must be of its --sig type or widen to it
// as Python's numbers do (bool to int, int to float; a tuple to a list of
// its elements), and it is converted: the VM then runs with the values
// the types describe.

// ParseSig reads the --sig flag: "float, int, tuple[float, float]", with
// or without parentheses (see infer.ParseSig).
func ParseSig(sig string) ([]infer.Type, error) {
	ts, err := infer.ParseSig(sig)
	if err != nil {
		return nil, fmt.Errorf("--sig: %v", err)
	}
	if ts == nil {
		ts = []infer.Type{} // "()": no arguments, which is not "no --sig"
	}
	return ts, nil
}

// ArgTypes returns Config.ArgTypes for a run: sig if it is not nil (after
// checking that args, if not nil, fit it), else the types of args, else
// nil (the entry's annotations give them).
func ArgTypes(sig []infer.Type, args []vm.Value) ([]infer.Type, error) {
	if sig != nil {
		if args != nil {
			if _, err := CoerceArgs(args, sig); err != nil {
				return nil, err
			}
		}
		return sig, nil
	}
	if args == nil {
		return nil, nil
	}
	ts := make([]infer.Type, len(args))
	for i, a := range args {
		t, err := TypeOf(a)
		if err != nil {
			return nil, fmt.Errorf("--args: argument %d: %v", i+1, err)
		}
		ts[i] = t
	}
	return ts, nil
}

// TypeOf is the type of an argument value: int, float, bool, None, str,
// and tuples and lists of these.
func TypeOf(v vm.Value) (infer.Type, error) {
	switch v.Kind() {
	case vm.KNone:
		return infer.None, nil
	case vm.KBool:
		return infer.AnyBool, nil
	case vm.KInt:
		return infer.AnyInt, nil
	case vm.KFloat:
		return infer.AnyFloat, nil
	case vm.KStr:
		return infer.Str{}, nil
	case vm.KTuple, vm.KList:
		elems := make([]infer.Type, len(v.Elems()))
		for i, e := range v.Elems() {
			t, err := TypeOf(e)
			if err != nil {
				return nil, err
			}
			elems[i] = t
		}
		if v.Kind() == vm.KTuple {
			return &infer.Tuple{Elems: elems}, nil
		}
		var elem infer.Type = infer.Bottom{}
		for _, t := range elems {
			j, ok := infer.Join(elem, t)
			if !ok {
				return nil, fmt.Errorf("a list of %s and %s", infer.Describe(elem), infer.Describe(t))
			}
			elem = j
		}
		return &infer.List{Elem: elem, Len: len(elems)}, nil
	}
	return nil, fmt.Errorf("an argument of type %s has no signature type", v.Kind())
}

// CoerceArgs checks that args fit the types of --sig and converts them
// (bool to int, int to float, a tuple to a list), or says where they
// disagree.
func CoerceArgs(args []vm.Value, sig []infer.Type) ([]vm.Value, error) {
	if len(args) != len(sig) {
		return nil, fmt.Errorf("--sig and the arguments disagree: --sig gives %d type%s, got %d argument%s",
			len(sig), plural(len(sig)), len(args), plural(len(args)))
	}
	out := make([]vm.Value, len(args))
	for i, a := range args {
		v, ok := coerce(a, sig[i])
		if !ok {
			have := a.Kind().String()
			if t, err := TypeOf(a); err == nil {
				have = infer.Describe(t)
			}
			return nil, fmt.Errorf("--sig and the arguments disagree: argument %d is %s %s, --sig says %s",
				i+1, have, a.Repr(), infer.Describe(sig[i]))
		}
		out[i] = v
	}
	return out, nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// coerce converts v to type t, or reports that it does not fit.
func coerce(v vm.Value, t infer.Type) (vm.Value, bool) {
	switch t := t.(type) {
	case infer.Int:
		switch v.Kind() {
		case vm.KInt:
			return v, true
		case vm.KBool:
			return vm.Int(v.AsInt()), true
		}
	case infer.Float:
		switch v.Kind() {
		case vm.KFloat:
			return v, true
		case vm.KInt, vm.KBool:
			return vm.Float(v.AsFloat()), true
		}
	case infer.Bool:
		return v, v.Kind() == vm.KBool
	case infer.Str:
		return v, v.Kind() == vm.KStr
	case infer.NoneType:
		return v, v.IsNone()
	case *infer.Tuple:
		if v.Kind() != vm.KTuple || len(v.Elems()) != len(t.Elems) {
			return v, false
		}
		elems := make([]vm.Value, len(t.Elems))
		for i, e := range v.Elems() {
			var ok bool
			if elems[i], ok = coerce(e, t.Elems[i]); !ok {
				return v, false
			}
		}
		return vm.Tuple(elems), true
	case *infer.List:
		if v.Kind() != vm.KTuple && v.Kind() != vm.KList {
			return v, false
		}
		elems := make([]vm.Value, len(v.Elems()))
		for i, e := range v.Elems() {
			var ok bool
			if elems[i], ok = coerce(e, t.Elem); !ok {
				return v, false
			}
		}
		return vm.List(elems), true
	case *infer.Array:
		return coerceArray(v, t)
	}
	return v, false
}

// coerceArray converts nested tuples of numbers (JSON arrays) to an array
// of t's dtype and shape, or checks the shape of an array.
func coerceArray(v vm.Value, t *infer.Array) (vm.Value, bool) {
	fits := func(shape []int) bool {
		if len(shape) != len(t.Shape) {
			return false
		}
		for i, d := range t.Shape {
			if d >= 0 && d != shape[i] {
				return false
			}
		}
		return true
	}
	if shape, _, ok := v.ArrayShape(); ok {
		return v, fits(shape)
	}
	var shape []int
	for x := v; x.Kind() == vm.KTuple || x.Kind() == vm.KList; x = x.Elems()[0] {
		shape = append(shape, len(x.Elems()))
		if len(x.Elems()) == 0 {
			break
		}
	}
	if !fits(shape) {
		return v, false
	}
	var floats []float64
	var ints []int64
	var flatten func(x vm.Value, depth int) bool
	flatten = func(x vm.Value, depth int) bool {
		if depth == len(shape) {
			switch t.DType.(type) {
			case infer.Float:
				if k := x.Kind(); k != vm.KFloat && k != vm.KInt && k != vm.KBool {
					return false
				}
				floats = append(floats, x.AsFloat())
			case infer.Int:
				if k := x.Kind(); k != vm.KInt && k != vm.KBool {
					return false
				}
				ints = append(ints, x.AsInt())
			default:
				return false // no bool arrays from JSON yet
			}
			return true
		}
		if k := x.Kind(); (k != vm.KTuple && k != vm.KList) || len(x.Elems()) != shape[depth] {
			return false
		}
		for _, e := range x.Elems() {
			if !flatten(e, depth+1) {
				return false
			}
		}
		return true
	}
	if !flatten(v, 0) {
		return v, false
	}
	if _, ok := t.DType.(infer.Int); ok {
		return vm.NewIntArray(shape, ints), true
	}
	return vm.NewFloatArray(shape, floats), true
}

// EncodeJSON renders v as one line of JSON, as Python's json.dumps does:
// tuples and lists as arrays, None as null, floats as their repr (2.0,
// 1e-05), ", " between elements, non-ASCII characters escaped.
func EncodeJSON(v vm.Value) string {
	var b strings.Builder
	encodeJSON(&b, v.JSON())
	return b.String()
}

func encodeJSON(b *strings.Builder, x any) {
	switch x := x.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	case int:
		b.WriteString(strconv.Itoa(x))
	case float64:
		b.WriteString(ir.FloatRepr(x))
	case string:
		quoteJSON(b, x)
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			encodeJSON(b, e)
		}
		b.WriteByte(']')
	default:
		data, err := json.Marshal(x)
		if err != nil {
			quoteJSON(b, fmt.Sprint(x))
			return
		}
		b.Write(data)
	}
}

// quoteJSON writes s as a JSON string with Python's ensure_ascii escapes.
func quoteJSON(b *strings.Builder, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		default:
			switch {
			case r < 0x20 || (r >= 0x7f && r <= 0xffff) || r == utf8.RuneError:
				fmt.Fprintf(b, `\u%04x`, r)
			case r > 0xffff:
				r -= 0x10000
				fmt.Fprintf(b, `\u%04x\u%04x`, 0xd800+(r>>10), 0xdc00+(r&0x3ff))
			default:
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
}

// FormatWarnings renders warnings as Sources.Format renders errors, with
// "warning:" in place of "error:".
func FormatWarnings(src ir.Sources, ws ir.ErrorList) string {
	var b strings.Builder
	for _, w := range ws {
		b.WriteString(strings.Replace(src.Format(w), ": error: ", ": warning: ", 1))
	}
	return b.String()
}

// Protect runs f and turns a panic into an *InternalError of the named
// stage, so that no Go panic reaches a user.
func Protect(stage string, f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if a, ok := r.(ir.Abort); ok {
				err = a.Err
				return
			}
			err = &InternalError{Pass: stage, Value: r, Stack: string(debug.Stack())}
		}
	}()
	return f()
}

// Entry returns the top-level function name, or a user error that lists
// the functions there are.
func (p *Program) Entry(name string) (*ir.Graph, error) {
	if g := p.Func(name); g != nil {
		return g, nil
	}
	var names []string
	for _, g := range p.Funcs {
		names = append(names, g.Name)
	}
	have := "it defines no function"
	if len(names) > 0 {
		have = "it defines " + strings.Join(names, ", ")
	}
	return nil, ir.Errorf(ir.Pos{File: p.File}, "no function %s in %s: %s", name, p.File, have)
}

// InputsSuffix names the function that supplies an entry's arguments:
// the arguments of f are the tuple f_inputs() returns.
const InputsSuffix = "_inputs"

// EntryArgs returns the arguments for calling entry when none are given:
// none if every parameter of entry has a default, else the elements of
// the tuple that entry_inputs() returns (its prints go to opt.Stdout).
func (p *Program) EntryArgs(entry string, opt RunOptions) ([]vm.Value, error) {
	g, err := p.Entry(entry)
	if err != nil {
		return nil, err
	}
	if len(g.Params)-len(g.Defaults) == 0 {
		return nil, nil
	}
	name := entry + InputsSuffix
	in := p.Func(name)
	if in == nil {
		return nil, ir.Errorf(g.Pos, "%s takes %d arguments: pass them with --args '[...]' or define %s() returning their tuple",
			entry, len(g.Params), name)
	}
	if len(in.Params) != len(in.Defaults) {
		return nil, ir.Errorf(in.Pos, "%s must take no arguments", name)
	}
	v, err := p.Run(name, nil, opt)
	if err != nil {
		return nil, err
	}
	if v.Kind() != vm.KTuple {
		return nil, ir.Errorf(in.Pos, "%s must return a tuple of the arguments of %s, got %s", name, entry, v.Kind())
	}
	return append([]vm.Value(nil), v.Elems()...), nil
}

// CheckArgs reports a call of g with n arguments that does not fit its
// parameters.
func CheckArgs(g *ir.Graph, n int) error {
	max, min := len(g.Params), len(g.Params)-len(g.Defaults)
	if n >= min && n <= max {
		return nil
	}
	want := strconv.Itoa(max)
	if min != max {
		want = fmt.Sprintf("%d to %d", min, max)
	}
	return ir.Errorf(g.Pos, "%s takes %s arguments, got %d", g.Name, want, n)
}

// Bench calls entry with args n+1 times on one VM: a warm-up call whose
// prints go to opt.Stdout, then n timed calls whose prints are dropped.
// It returns the warm-up's result and the n durations.
func (p *Program) Bench(entry string, args []vm.Value, n int, opt RunOptions) (vm.Value, []time.Duration, error) {
	g, err := p.Entry(entry)
	if err != nil {
		return vm.None, nil, err
	}
	if err := CheckArgs(g, len(args)); err != nil {
		return vm.None, nil, err
	}
	if !opt.Untyped {
		g = p.VMGraph(g, args)
	}
	out := &switchWriter{opt.Stdout}
	machine := vm.New(p.Module, vm.Options{Stdout: out, MaxDepth: opt.MaxDepth, AD: p.AD})
	var result vm.Value
	err = Protect("vm", func() error {
		var err error
		result, err = machine.Call(g, args)
		return err
	})
	if err != nil {
		return result, nil, err
	}
	out.w = io.Discard
	times := make([]time.Duration, 0, n)
	err = Protect("vm", func() error {
		for i := 0; i < n; i++ {
			t := time.Now()
			if _, err := machine.Call(g, args); err != nil {
				return err
			}
			times = append(times, time.Since(t))
		}
		return nil
	})
	return result, times, err
}

// switchWriter writes to w, which may be changed between calls.
type switchWriter struct{ w io.Writer }

func (s *switchWriter) Write(b []byte) (int, error) {
	if s.w == nil {
		return len(b), nil
	}
	return s.w.Write(b)
}

// Median returns the median of ds (0 for none).
func Median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// BenchLine is the last line `myia run --bench` prints.
func BenchLine(compile time.Duration, runs []time.Duration) string {
	return fmt.Sprintf("bench: compile_ms=%.3f median_us=%.3f runs=%d",
		float64(compile)/float64(time.Millisecond), float64(Median(runs))/float64(time.Microsecond), len(runs))
}
