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
