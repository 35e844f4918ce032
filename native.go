package myia

// Running the typed entry natively: the C backend (backend/cgo) or the
// LLVM backend (backend/llvm, loaded by backend/cgo's loader). Values
// cross as Go values (int64, float64, bool, nil, []any for tuples);
// run-time errors come back as *ir.Error with the VM's messages,
// positions and call stack.

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/myia/myia/backend/cgo"
	"github.com/myia/myia/backend/llvm"
	"github.com/myia/myia/infer"
	"github.com/myia/myia/ir"
	types "github.com/myia/myia/ir/types"
	"github.com/myia/myia/vm"
)

// Backends are the names `myia run --backend` takes.
var Backends = []string{"vm", "c", "llvm"}

// NativeOptions configure native compilation beyond RunOptions.
type NativeOptions struct {
	// CacheDir holds compiled objects ("" is the user's cache directory).
	CacheDir string
	// NoCache compiles in a temporary directory and keeps nothing.
	NoCache bool
}

// Native is the typed entry compiled by a native backend and loaded.
type Native struct {
	Backend string
	Lib     *cgo.Library
	// Compile is the time the backend took, the C compiler or LLVM's
	// tools included (near zero when the object came from the cache).
	Compile time.Duration
	Cached  bool
}

// TypedEntry returns the typed, specialised graph of entry, or a user
// error saying why there is none. Only the entry inference started from
// (Config.Entry, default main) is typed.
func (p *Program) TypedEntry(entry string) (*ir.Graph, error) {
	g, err := p.Entry(entry)
	if err != nil {
		return nil, err
	}
	inferred := p.Config.Entry
	if inferred == "" {
		inferred = "main"
	}
	if entry != inferred {
		return nil, ir.Errorf(g.Pos, "entry %s is not typed: the native backends compile the function inference started from (%s)", entry, inferred)
	}
	if p.Typed == nil {
		e := ir.Errorf(g.Pos, "entry %s is not typed: give --sig or annotations", entry)
		if p.Untyped != nil {
			e.Notes = append(e.Notes, ir.Note{Pos: p.Untyped.Pos, Msg: p.Untyped.Msg})
		}
		return nil, e
	}
	return p.Typed, nil
}

// NativeGraph returns the typed graph the native backends compile for
// entry: the first of NativeGraphs.
func (p *Program) NativeGraph(entry string) (*ir.Graph, error) {
	gs, err := p.NativeGraphs(entry)
	if err != nil {
		return nil, err
	}
	return gs[0], nil
}

// NativeGraphs returns the typed graphs a native backend may compile for
// entry. Inference runs after the optimizer, so they are the optimized
// graphs (what the optimizer removed — the closures and environments of
// grad, the calls it inlined — is not compiled).
func (p *Program) NativeGraphs(entry string) ([]*ir.Graph, error) {
	typed, err := p.TypedEntry(entry)
	if err != nil {
		return nil, err
	}
	return []*ir.Graph{typed}, nil
}

// CompileNative compiles the typed entry with backend "c" or "llvm" and
// loads it; what it prints goes to opt.Stdout.
func (p *Program) CompileNative(backend, entry string, opt RunOptions, nopt NativeOptions) (*Native, error) {
	gs, err := p.NativeGraphs(entry)
	if err != nil {
		return nil, err
	}
	copts := cgo.Options{Stdout: opt.Stdout, MaxDepth: opt.MaxDepth, CacheDir: nopt.CacheDir, NoCache: nopt.NoCache}
	if copts.Stdout == nil {
		copts.Stdout = io.Discard
	}
	start := time.Now()
	var lib *cgo.Library
	err = Protect(backend, func() error {
		var first error
		for _, g := range gs {
			var err error
			switch backend {
			case "c":
				lib, err = cgo.Compile(p.Module, g, copts)
			case "llvm":
				lib, err = cgo.CompileLLVM(p.Module, g, copts)
			default:
				return fmt.Errorf("no native backend %q: the backends are c and llvm", backend)
			}
			var refusal *ir.Error
			if err == nil || !errors.As(err, &refusal) {
				return err // compiled, or not a refusal
			}
			if first == nil {
				first = err
			}
		}
		if e, ok := first.(*ir.Error); ok {
			e.Notes = append(e.Notes, ir.Note{Pos: gs[0].Pos, Msg: "the VM runs this program (--backend vm); docs/backends.md, \"Known limits\", lists what the native backends do not compile"})
		}
		return first
	})
	if err != nil {
		return nil, err
	}
	return &Native{Backend: backend, Lib: lib, Compile: time.Since(start), Cached: lib.Cached}, nil
}

// Call runs the compiled entry with args.
func (n *Native) Call(args []vm.Value) (vm.Value, error) {
	in := make([]any, len(args))
	for i, a := range args {
		x, err := toGo(a)
		if err != nil {
			return vm.None, fmt.Errorf("argument %d: %v", i+1, err)
		}
		in[i] = x
	}
	var out any
	err := Protect(n.Backend, func() error {
		var err error
		out, err = n.Lib.Call(in...)
		return err
	})
	if err != nil {
		return vm.None, err
	}
	return fromGo(out)
}

// Close unloads the library.
func (n *Native) Close() error { return n.Lib.Close() }

// RunNative calls entry with args natively: backend is "c" or "llvm"
// ("vm" runs Program.Run). The entry must be the typed one.
func (p *Program) RunNative(backend, entry string, args []vm.Value, opt RunOptions) (vm.Value, error) {
	if backend == "vm" || backend == "" {
		return p.Run(entry, args, opt)
	}
	q, err := p.retype(entry, args)
	if err != nil {
		return vm.None, err
	}
	n, err := q.CompileNative(backend, entry, opt, NativeOptions{})
	if err != nil {
		return vm.None, err
	}
	defer n.Close()
	return n.Call(args)
}

// BenchNative is Bench on a native backend: a warm-up call whose prints
// go to opt.Stdout, then n timed calls (lib.Call only) whose prints are
// dropped. It returns the compiled library's compile time and whether
// it came from the cache.
func (p *Program) BenchNative(backend, entry string, args []vm.Value, n int, opt RunOptions) (vm.Value, []time.Duration, *Native, error) {
	g, err := p.Entry(entry)
	if err != nil {
		return vm.None, nil, nil, err
	}
	if err := CheckArgs(g, len(args)); err != nil {
		return vm.None, nil, nil, err
	}
	out := &switchWriter{opt.Stdout}
	opt.Stdout = out
	start := time.Now()
	q, err := p.retype(entry, args)
	if err != nil {
		return vm.None, nil, nil, err
	}
	nat, err := q.CompileNative(backend, entry, opt, NativeOptions{})
	if err != nil {
		return vm.None, nil, nil, err
	}
	nat.Compile = time.Since(start)
	defer nat.Close()
	result, err := nat.Call(args)
	if err != nil {
		return result, nil, nat, err
	}
	out.w = io.Discard
	in := make([]any, len(args))
	for i, a := range args {
		if in[i], err = toGo(a); err != nil {
			return result, nil, nat, err
		}
	}
	// The arguments are marshalled into C memory once: what is timed is
	// the native call, as a C caller with its data in memory makes it.
	call, err := nat.Lib.Prepare(in...)
	if err != nil {
		return result, nil, nat, err
	}
	defer call.Free()
	times := make([]time.Duration, 0, n)
	err = Protect(backend, func() error {
		for i := 0; i < n; i++ {
			t := time.Now()
			if err := call.Run(); err != nil {
				return err
			}
			times = append(times, time.Since(t))
		}
		return nil
	})
	return result, times, nat, err
}

// NativeBenchLine is the last line `myia run --bench` prints on a native
// backend: compile_ms includes the C compiler (or LLVM's tools), cached
// says whether the object came from the cache.
func NativeBenchLine(backend string, compile time.Duration, cached bool, runs []time.Duration) string {
	return fmt.Sprintf("%s backend=%s cached=%v", BenchLine(compile, runs), backend, cached)
}

// retype returns p, or, when entry is not typed and args are given (as
// NAME_inputs() gives them), p compiled again with the types of args
// (arrays with their dtype and shape): the native backends need a typed
// entry.
func (p *Program) retype(entry string, args []vm.Value) (*Program, error) {
	if p.Typed != nil || len(args) == 0 {
		return p, nil
	}
	ts := make([]infer.Type, len(args))
	for i, a := range args {
		t, err := nativeTypeOf(a)
		if err != nil {
			return p, nil // TypedEntry says why the entry is not typed
		}
		ts[i] = t
	}
	cfg := p.Config
	cfg.Entry, cfg.ArgTypes = entry, ts
	q, err := Compile(p.File, p.Src, cfg)
	if err != nil {
		return nil, err
	}
	return q, nil
}

// nativeTypeOf is TypeOf, with arrays (their dtype and shape).
func nativeTypeOf(v vm.Value) (infer.Type, error) {
	switch v.Kind() {
	case vm.KArray:
		x, err := arrayToGo(v)
		if err != nil {
			return nil, err
		}
		a := x.(cgo.Array)
		var dt infer.Type = types.Float{}
		switch a.DType {
		case "int64":
			dt = types.Int{}
		case "bool":
			dt = types.Bool{}
		}
		return &types.Array{DType: dt, Shape: append([]int(nil), a.Shape...)}, nil
	case vm.KTuple:
		elems := make([]infer.Type, len(v.Elems()))
		for i, e := range v.Elems() {
			t, err := nativeTypeOf(e)
			if err != nil {
				return nil, err
			}
			elems[i] = t
		}
		return &infer.Tuple{Elems: elems}, nil
	}
	return TypeOf(v)
}

// toGo converts a VM value to the loader's Go values.
func toGo(v vm.Value) (any, error) {
	switch v.Kind() {
	case vm.KNone:
		return nil, nil
	case vm.KBool:
		return v.AsBool(), nil
	case vm.KInt:
		return v.AsInt(), nil
	case vm.KFloat:
		return v.AsFloat(), nil
	case vm.KStr:
		return v.AsStr(), nil
	case vm.KArray:
		return arrayToGo(v)
	case vm.KList:
		xs := make(cgo.List, len(v.Elems()))
		for i, e := range v.Elems() {
			x, err := toGo(e)
			if err != nil {
				return nil, err
			}
			xs[i] = x
		}
		return xs, nil
	case vm.KTuple:
		xs := make([]any, len(v.Elems()))
		for i, e := range v.Elems() {
			x, err := toGo(e)
			if err != nil {
				return nil, err
			}
			xs[i] = x
		}
		return xs, nil
	}
	return nil, fmt.Errorf("a %s cannot be passed to native code yet", v.Kind())
}

// arrayToGo converts a VM array to the loader's cgo.Array: the dtype and
// exact elements from the VM's JSON form (floats from ArrayShape).
func arrayToGo(v vm.Value) (any, error) {
	shape, fl, _ := v.ArrayShape()
	a := cgo.Array{Shape: shape}
	n := len(fl)
	if n == 0 {
		r := v.Repr()
		switch {
		case strings.Contains(r, "dtype=int64"):
			a.DType, a.I = "int64", []int64{}
		case strings.Contains(r, "dtype=bool"):
			a.DType, a.I = "bool", []int64{}
		default:
			a.DType, a.F = "float64", []float64{}
		}
		return a, nil
	}
	var leaves []any
	var walk func(x any)
	walk = func(x any) {
		if xs, ok := x.([]any); ok {
			for _, e := range xs {
				walk(e)
			}
			return
		}
		leaves = append(leaves, x)
	}
	walk(v.JSON())
	if len(leaves) != n {
		return nil, fmt.Errorf("an array of shape %v with %d elements", shape, len(leaves))
	}
	switch leaves[0].(type) {
	case bool:
		a.DType, a.I = "bool", make([]int64, n)
		for i, x := range leaves {
			if x.(bool) {
				a.I[i] = 1
			}
		}
	case int64:
		a.DType, a.I = "int64", make([]int64, n)
		for i, x := range leaves {
			a.I[i] = x.(int64)
		}
	default:
		a.DType, a.F = "float64", fl
	}
	return a, nil
}

// fromGo converts the loader's Go values to a VM value.
func fromGo(x any) (vm.Value, error) {
	switch x := x.(type) {
	case nil:
		return vm.None, nil
	case bool:
		return vm.Bool(x), nil
	case int64:
		return vm.Int(x), nil
	case float64:
		return vm.Float(x), nil
	case string:
		return vm.Str(x), nil
	case cgo.Array:
		switch x.DType {
		case "float64":
			return vm.NewFloatArray(x.Shape, x.F), nil
		case "int64":
			return vm.NewIntArray(x.Shape, x.I), nil
		case "bool":
			return vm.NewBoolArray(x.Shape, x.I), nil
		}
		return vm.None, fmt.Errorf("native code returned an array of dtype %s", x.DType)
	case cgo.List:
		vs := make([]vm.Value, len(x))
		for i, e := range x {
			v, err := fromGo(e)
			if err != nil {
				return vm.None, err
			}
			vs[i] = v
		}
		return vm.List(vs), nil
	case []any:
		vs := make([]vm.Value, len(x))
		for i, e := range x {
			v, err := fromGo(e)
			if err != nil {
				return vm.None, err
			}
			vs[i] = v
		}
		return vm.Tuple(vs), nil
	}
	return vm.None, fmt.Errorf("native code returned a %T", x)
}

// NativeSource is the code backend ("c" or "llvm") makes from the typed
// entry: the generated C without the runtime prepended to it, or the
// LLVM IR module.
func (p *Program) NativeSource(backend, entry string) (string, error) {
	g, err := p.NativeGraph(entry)
	if err != nil {
		return "", err
	}
	var src string
	err = Protect(backend, func() error {
		switch backend {
		case "c":
			u, err := cgo.Generate(p.Module, g)
			if err != nil {
				return err
			}
			src = u.Code
		case "llvm":
			u, err := llvm.Generate(p.Module, g)
			if err != nil {
				return err
			}
			src = u.Source
		default:
			return fmt.Errorf("no native backend %q: the backends are c and llvm", backend)
		}
		return nil
	})
	return src, err
}

// CompileOutput writes what `myia compile -o out` makes from the typed
// entry with the C backend: for out = DIR/libNAME.so, the shared library,
// DIR/libNAME.h (the C interface: backend/cgo's export.go) and
// DIR/NAME_example.c (a program calling it); for out without an
// extension, an executable that runs the entry (which takes no
// arguments) and prints its result as `myia run` does. It returns the
// files written.
func (p *Program) CompileOutput(entry, out string) ([]string, error) {
	g, err := p.NativeGraph(entry)
	if err != nil {
		return nil, err
	}
	base := filepath.Base(out)
	ext := filepath.Ext(base)
	if ext != "" && ext != ".so" {
		return nil, fmt.Errorf("-o %s: want libNAME.so (a shared library) or a name without an extension (an executable)", out)
	}
	var files []string
	err = Protect("compile", func() error {
		u, err := cgo.Generate(p.Module, g)
		if err != nil {
			return err
		}
		var names []string
		for _, prm := range g.Params {
			names = append(names, prm.Name)
		}
		it := u.Interface(names)
		if bad := u.ABIUnsupported(); ext != "" && bad != "" {
			return ir.Errorf(g.Pos, "the C backend cannot compile this: a library entry that takes or returns a %s (the C interface of `myia compile` describes numbers, arrays and tuples of them)", bad)
		}
		copts := cgo.Options{Arrays: u.Arrays}
		if ext == "" {
			main, err := it.MainProgram()
			if err != nil {
				return ir.Errorf(g.Pos, "%v", err)
			}
			if err := cgo.BuildShared(u.Source+it.Wrapper()+main, out, true, copts); err != nil {
				return err
			}
			files = append(files, out)
			return nil
		}
		lib := strings.TrimSuffix(base, ext)
		name := strings.TrimPrefix(lib, "lib")
		if !strings.HasPrefix(lib, "lib") || name == "" {
			return fmt.Errorf("-o %s: a shared library is named libNAME.so", out)
		}
		dir := filepath.Dir(out)
		if err := cgo.BuildShared(u.Source+it.Wrapper(), out, false, copts); err != nil {
			return err
		}
		header := filepath.Join(dir, lib+".h")
		example := filepath.Join(dir, name+"_example.c")
		if err := os.WriteFile(header, []byte(it.Header(lib, p.File)), 0o644); err != nil {
			return err
		}
		if err := os.WriteFile(example, []byte(it.Example(lib)), 0o644); err != nil {
			return err
		}
		files = append(files, out, header, example)
		return nil
	})
	return files, err
}
