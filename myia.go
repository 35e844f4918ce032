// Package myia is the compiler's pipeline: the one list of passes that
// takes a source file to graphs that run. Read Passes top to bottom.
//
//	src.py --parse--> AST --build--> graphs (with the stdlib) --verify--> VM
package myia

import (
	"fmt"
	"io"
	"runtime/debug"

	"github.com/myia/myia/ad"
	"github.com/myia/myia/backend/cgo"
	"github.com/myia/myia/frontend"
	"github.com/myia/myia/infer"
	"github.com/myia/myia/ir"
	"github.com/myia/myia/opt"
	"github.com/myia/myia/stdlib"
	"github.com/myia/myia/vm"
)

// Config configures a compilation.
type Config struct {
	// Verify runs the IR verifier after every pass (always on in tests).
	Verify bool
	// Until stops the pipeline after the pass of that name ("" runs all).
	Until string
	// Entry is the function inference starts from ("" is main) and
	// ArgTypes the types of its arguments, from `--sig` or `--args` (see
	// ArgTypes in run.go). The parameters ArgTypes leaves out take the
	// types of their Python annotations (def f(x: float, n: int)), or of
	// their default values; an entry with a parameter none of these types
	// is not inferred, and State.Untyped says why.
	Entry    string
	ArgTypes []infer.Type
	// Opt is the optimization level of the opt pass (-O): 0, the zero
	// value, optimizes nothing; 1 and 2 run opt.Pipeline (see opt.Options).
	Opt int
	// ReverseGrad makes every grad and value_and_grad reverse mode. By
	// default, a derivative w.r.t. one float argument is forward mode
	// where that gives the same result (docs/ad.md, "Which mode").
	ReverseGrad bool
	// OptObserve, if set, is called after each optimization pass that
	// changed the module, and once before the first ("start", round 0):
	// of the untyped optimizer (opt) with typed nil, then of the typed one
	// (typed-opt) with the typed entry it optimizes.
	OptObserve func(m *ir.Module, typed *ir.Graph, pass string, round int)
}

// State is what the passes read and write.
type State struct {
	File   string
	Src    []byte
	AST    *frontend.File
	Module *ir.Module
	// Funcs are the user's top-level functions, in source order.
	Funcs []*ir.Graph
	// AD applies the J transform, on demand, to the module's graphs.
	AD *ad.Transformer
	// Config is the compilation's configuration.
	Config Config
	// Typed is the typed, specialised entry made by inference, or nil.
	Typed *ir.Graph
	// Untyped says why the entry, which exists, was not inferred (a
	// parameter without a type), or is nil. `myia check` shows it as a
	// note.
	Untyped *ir.Error
	// Conversions counts the ints inference converted to floats where
	// they meet at a join in the optimized graphs (infer.Result); the
	// joins pass converted most of them in the untyped graphs already.
	Conversions int
	// JoinsConverted counts the places of the untyped graphs where the
	// joins pass converted an int to a float (convertJoins).
	JoinsConverted int
	// noNestedForward builds the gradients whose function reaches another
	// differentiation in reverse mode (Compile's second try), and
	// nestedForward says that the build made one of them forward mode.
	noNestedForward, nestedForward bool
	noForwardOver                  map[ir.Pos]bool
}

// Pass is one step of the pipeline. Its error is for user errors only;
// compiler bugs panic and are reported with the pass name.
type Pass struct {
	Name string
	Run  func(*State) error
	// IR says whether the pass produces graphs (so the verifier runs and
	// `myia ir --stage NAME` can show them).
	IR bool
}

// Passes is the pipeline. If a pass is not in this list, it does not run.
var Passes = []Pass{
	{Name: "parse", Run: parse},
	{Name: "build", Run: build, IR: true},
	{Name: "grad", Run: grad, IR: true},
	{Name: "joins", Run: convertJoins, IR: true},
	{Name: "opt", Run: optimize, IR: true},
	{Name: "infer", Run: inferTypes, IR: true},
	{Name: "typed-opt", Run: optimizeTyped, IR: true},
	{Name: "vm-opt", Run: optimizeVM, IR: true},
}

// StageNames lists the passes that produce IR, for `myia ir --stage`.
func StageNames() []string {
	var out []string
	for _, p := range Passes {
		if p.IR {
			out = append(out, p.Name)
		}
	}
	return out
}

func parse(s *State) error {
	f, err := frontend.Parse(s.File, s.Src)
	s.AST = f
	return err
}

func build(s *State) error {
	builtins, err := stdlib.Load(s.Module)
	if err != nil {
		return err
	}
	rules, missing := ad.RulesFrom(builtins)
	if len(missing) > 0 {
		panic(fmt.Sprintf("stdlib: no backpropagator for %v", missing))
	}
	s.AD = ad.New(s.Module, rules)
	tangents, missing := ad.TangentsFrom(builtins)
	if len(missing) > 0 {
		panic(fmt.Sprintf("stdlib: no tangent rule for %v", missing))
	}
	s.AD.SetTangents(tangents)
	opts := frontend.BuildOptions{Builtins: builtins, ReverseGrad: s.Config.ReverseGrad,
		NestedForward: !s.noNestedForward, NoForwardOver: s.noForwardOver, Report: &frontend.BuildReport{}}
	gs, err := frontend.Build(s.Module, s.AST, opts)
	s.nestedForward = opts.Report.NestedForward
	s.Funcs = gs
	s.Module.Funcs = append(s.Module.Funcs, gs...)
	return err
}

func grad(s *State) error { return ad.Expand(s.Module, s.AD) }

// convertJoins converts, in the untyped graphs, the ints that join a
// float (LANGUAGE.md: they join to a float), so that the VM, the
// optimizer and native code agree: relu(-1.0) with relu(x) = x if x > 0
// else 0 is 0.0 at every level and on every backend. It infers the
// entry's types once for that (infer.ConvertJoins); a program inference
// cannot type runs as Python would.
func convertJoins(s *State) (err error) {
	g := s.entryGraph()
	if g == nil {
		return nil
	}
	args, why, err := entryTypes(s, g)
	if err != nil || why != nil {
		return nil // inferTypes reports it
	}
	defer func() {
		if r := recover(); r != nil {
			err = nil // inferTypes reports it
		}
	}()
	if s.AD != nil {
		// Inference transforms the functions it meets under J, before
		// this pass edits them: they must be transformed again.
		defer s.AD.Mark()()
	}
	// A type error here is the one inference reports at -O0, where it
	// runs on these same graphs: it is reported now, so that every level
	// rejects what -O0 rejects, even when the optimizer would drop the
	// code (grad of a function with an int output, with respect to an
	// int only: the sensitivity that grad_sens checks is never read).
	s.JoinsConverted, err = infer.ConvertJoins(s.Module, g, args, infer.Options{AD: s.AD})
	return err
}

// inferTypes infers the types of everything the entry runs, specialising
// graphs per signature, and reports type errors before anything runs.
// It runs after the optimizer, so the typed clones are of the optimized
// graphs: the native backends compile the typed ones, and the VM runs
// them too where the C backend takes them (Program.VMGraph), else the
// untyped graphs.
func inferTypes(s *State) (err error) {
	g := s.entryGraph()
	if g == nil {
		return nil // nothing to start from
	}
	args, why, err := entryTypes(s, g)
	if err != nil || why != nil {
		s.Untyped = why
		return err
	}
	defer func() {
		// Inference is new: if it breaks on a program, say so and run the
		// program untyped rather than refuse it.
		r := recover()
		if a, ok := r.(ir.Abort); ok {
			err = a.Err
			return
		}
		if r != nil {
			s.Module.Warnings = append(s.Module.Warnings, ir.Errorf(g.Pos, "type inference failed (a bug, please report it): %v; running without types", r))
			err = nil
		}
	}()
	r, err := infer.Infer(s.Module, g, args, infer.Options{AD: s.AD})
	if r != nil {
		s.Typed, s.Conversions = r.Entry, r.Conversions
	}
	return err
}

// entryTypes returns the types of g's arguments: Config.ArgTypes first,
// then, for the parameters it leaves out, their annotations in the
// source, then the types of their default values. why says which
// parameter has no type (and then g is not inferred); err is a bad
// annotation.
func entryTypes(s *State, g *ir.Graph) (args []infer.Type, why *ir.Error, err error) {
	args = append(args, s.Config.ArgTypes...)
	var params []*frontend.Param
	if s.AST != nil {
		for _, st := range s.AST.Body {
			if d, ok := st.(*frontend.FuncDef); ok && d.Name == g.Name {
				params = d.Params
			}
		}
	}
	firstDefault := len(g.Params) - len(g.Defaults)
	for i := len(args); i < len(g.Params); i++ {
		name, pos := g.Params[i].Name, g.Pos
		if i < len(params) {
			pos = params[i].Pos()
			if ann := params[i].Annotation; ann != nil {
				t, untypable, err := annotationType(ann)
				if err != nil {
					return nil, nil, err
				}
				if untypable != "" {
					return nil, ir.Errorf(ann.Pos(), "%s is not type-checked: the annotation of %s, %s, gives no type myia can infer from (give --sig or --args)", g.Name, name, untypable), nil
				}
				args = append(args, t)
				continue
			}
		}
		if i >= firstDefault {
			if c, ok := g.Defaults[i-firstDefault].(*ir.Constant); ok {
				if t := constantType(c.Value); t != nil {
					args = append(args, t)
					continue
				}
			}
		}
		return nil, ir.Errorf(pos, "%s is not type-checked: parameter %s has no type (annotate it, def %s(%s: float), or give --sig or --args)", g.Name, name, g.Name, name), nil
	}
	return args, nil, nil
}

// constantType is the type of a default value, or nil.
func constantType(v any) infer.Type {
	switch v.(type) {
	case int64:
		return infer.AnyInt
	case float64:
		return infer.AnyFloat
	case bool:
		return infer.AnyBool
	case string:
		return infer.Str{}
	case ir.NoneType:
		return infer.None
	}
	return nil
}

// annotationType reads a parameter's annotation as a type: int, float,
// bool, None, str, tuple[T, ...], tuple[()], list[T], typing's Tuple and
// List, and a string holding any of these. An annotation that is a type
// myia cannot infer from (np.ndarray, which gives no dtype or shape, or
// tuple[T, ...], of no fixed length) returns untypable, its spelling; an
// annotation that is no type is a positioned error.
func annotationType(e frontend.Expr) (t infer.Type, untypable string, err error) {
	switch e := e.(type) {
	case *frontend.NoneLit:
		return infer.None, "", nil
	case *frontend.Str:
		t, err := infer.ParseType(e.Value)
		if err != nil {
			return nil, "", ir.Errorf(e.Pos(), "annotation %q: %v", e.Value, err)
		}
		return t, "", nil
	case *frontend.Name, *frontend.Attribute:
		switch name := dotted(e); name {
		case "int", "np.int64", "numpy.int64":
			return infer.AnyInt, "", nil
		case "float", "np.float64", "numpy.float64":
			return infer.AnyFloat, "", nil
		case "bool", "np.bool_", "numpy.bool_":
			return infer.AnyBool, "", nil
		case "str":
			return infer.Str{}, "", nil
		case "None", "NoneType":
			return infer.None, "", nil
		case "np.ndarray", "numpy.ndarray":
			return nil, name, nil
		}
	case *frontend.Subscript:
		var elts []frontend.Expr
		if tup, ok := e.Index.(*frontend.Tuple); ok {
			elts = tup.Elts
		} else {
			elts = []frontend.Expr{e.Index}
		}
		switch name := dotted(e.X); name {
		case "tuple", "Tuple", "typing.Tuple":
			if len(elts) == 1 {
				if tup, ok := elts[0].(*frontend.Tuple); ok && len(tup.Elts) == 0 {
					return &infer.Tuple{}, "", nil // tuple[()]
				}
			}
			out := &infer.Tuple{}
			for _, x := range elts {
				if bad, ok := x.(*frontend.BadExpr); ok && bad.What == "ellipsis literals" {
					return nil, name + "[T, ...]", nil
				}
				t, untypable, err := annotationType(x)
				if err != nil || untypable != "" {
					return nil, untypable, err
				}
				out.Elems = append(out.Elems, t)
			}
			return out, "", nil
		case "list", "List", "typing.List":
			if len(elts) != 1 {
				return nil, "", ir.Errorf(e.Pos(), "annotation %s[...] takes one element type, got %d", name, len(elts))
			}
			t, untypable, err := annotationType(elts[0])
			if err != nil || untypable != "" {
				return nil, untypable, err
			}
			return &infer.List{Elem: t, Len: -1}, "", nil
		}
	}
	return nil, "", ir.Errorf(e.Pos(), "annotation is not a type myia knows: the types are int, float, bool, None, str, tuple[...], list[...] and np.ndarray")
}

// dotted spells a name or an attribute of one, a.b.c, or "".
func dotted(e frontend.Expr) string {
	switch e := e.(type) {
	case *frontend.Name:
		return e.ID
	case *frontend.Attribute:
		if x := dotted(e.X); x != "" {
			return x + "." + e.Name
		}
	}
	return ""
}

// optimize runs the optimizer over the user's functions and the graphs
// they reach, before inference: inference then types what is left (fewer
// and first-order graphs), once, instead of after every rewrite.
func optimize(s *State) error {
	o := opt.Options{Level: s.Config.Opt, Verify: s.Config.Verify, AD: s.AD}
	if f := s.Config.OptObserve; f != nil {
		o.Observe = func(pass string, round int) { f(s.Module, nil, pass, round) }
	}
	opt.Optimize(s.Module, s.Funcs, o)
	if s.Config.Opt > 0 && s.AD != nil {
		// J at run time must see the graphs as the optimizer left them.
		s.AD.Forget()
	}
	return nil
}

// optimizeTyped runs the optimizer's typed passes over the typed graphs
// the native backends compile: inference's clones are specialised per
// signature, so what the untyped optimizer had to keep because it did
// not know a value's type (sum_to_like of a number, a branch on is_seq,
// the zero sensitivity of an int) now folds, and the closures of a
// gradient capture less. The VM runs these too (Program.VMGraph).
func optimizeTyped(s *State) error {
	if s.Typed == nil || s.Config.Opt <= 0 {
		return nil
	}
	o := opt.Options{Level: s.Config.Opt, Verify: s.Config.Verify, Typed: true, ConstType: infer.ConstType}
	if s.AD != nil {
		o.AD = s.AD // the keys of J graphs' free variables (opt.Unit.resolveJ)
	}
	if f := s.Config.OptObserve; f != nil {
		o.Observe = func(pass string, round int) { f(s.Module, s.Typed, pass, round) }
	}
	opt.Optimize(s.Module, []*ir.Graph{s.Typed}, o)
	return nil
}

// optimizeVM reverses the loops of gradients in the untyped graphs the
// VM runs (opt/reverse.go), now that inference has made its clones: a
// loop's forward pass records a tape instead of a chain of closures.
func optimizeVM(s *State) error {
	if s.Config.Opt < 2 {
		return nil
	}
	opt.Optimize(s.Module, s.Funcs, opt.Options{Level: s.Config.Opt, Verify: s.Config.Verify, AD: s.AD, ReverseUntyped: true,
		Passes: []string{"reverse", "inline", "simplify", "dce", "cse"}})
	if s.AD != nil {
		s.AD.Forget()
	}
	return nil
}

// Program is a compiled file.
type Program struct {
	*State
	// typedOK caches whether the C backend takes the typed graphs
	// (VMGraph).
	typedOK *bool
}

// Compile runs the pipeline over one source file.
//
// A gradient w.r.t. one float whose function reaches another
// differentiation (grad(grad(f))) is first built in forward mode over
// it, which costs least and compiles natively. Forward mode cannot take
// the grad of a function value made at run time, which inference then
// reports at that grad: the pipeline runs again with the gradients that
// reach it in reverse mode, and after any other error, with every such
// gradient in reverse mode; the last run's result stands.
func Compile(file string, src []byte, cfg Config) (*Program, error) {
	avoid := map[ir.Pos]bool{}
	for {
		p, err := compile(file, src, cfg, avoid, false)
		if err == nil || !p.nestedForward {
			return p, err
		}
		pos, ok := forwardOverJ(err)
		if !ok || avoid[pos] || len(avoid) >= maxForwardRetries {
			return compile(file, src, cfg, nil, true)
		}
		avoid[pos] = true
	}
}

// maxForwardRetries bounds the runs of Compile that each find one more
// grad forward mode cannot take.
const maxForwardRetries = 4

// forwardOverJ returns the position of the grad that forward mode met
// (ad.ErrForwardOverJ), if err is that error.
func forwardOverJ(err error) (ir.Pos, bool) {
	if es := positioned(err); len(es) == 1 && es[0].Msg == ad.ErrForwardOverJ {
		return es[0].Pos, true
	}
	return ir.Pos{}, false
}

func compile(file string, src []byte, cfg Config, avoid map[ir.Pos]bool, noNested bool) (*Program, error) {
	s := &State{File: file, Src: src, Module: ir.NewModule(), Config: cfg, noNestedForward: noNested, noForwardOver: avoid}
	s.Module.Sources[file] = string(src)
	for _, p := range Passes {
		if err := runPass(p, s, cfg); err != nil {
			return &Program{State: s}, err
		}
		if cfg.Until == p.Name {
			break
		}
	}
	return &Program{State: s}, nil
}

// InternalError is a compiler bug, caught at the pipeline.
type InternalError struct {
	Pass  string
	Value any
	Stack string
}

func (e *InternalError) Error() string {
	return fmt.Sprintf("internal compiler error in pass %s: %v (please report this bug)", e.Pass, e.Value)
}

func runPass(p Pass, s *State, cfg Config) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if a, ok := r.(ir.Abort); ok {
				err = a.Err
				return
			}
			err = &InternalError{Pass: p.Name, Value: r, Stack: string(debug.Stack())}
		}
	}()
	if err := p.Run(s); err != nil {
		return err
	}
	if cfg.Verify && p.IR {
		if err := ir.Verify(s.Module); err != nil {
			panic(err)
		}
	}
	return nil
}

// Func returns the user's top-level function name, or nil.
func (p *Program) Func(name string) *ir.Graph {
	for _, g := range p.Funcs {
		if g.Name == name {
			return g
		}
	}
	return nil
}

// RunOptions configure a run.
type RunOptions struct {
	Stdout   io.Writer
	MaxDepth int
	// Untyped runs the untyped graphs even where the VM would run the
	// typed ones (see VMGraph): the tests check the typed code, native
	// and on the VM, against them.
	Untyped bool
}

// Run calls entry with args on the VM.
func (p *Program) Run(entry string, args []vm.Value, opt RunOptions) (vm.Value, error) {
	g := p.Func(entry)
	if g == nil {
		return vm.None, fmt.Errorf("no function %s in %s", entry, p.File)
	}
	if !opt.Untyped {
		g = p.VMGraph(g, args)
	}
	machine := vm.New(p.Module, vm.Options{Stdout: opt.Stdout, MaxDepth: opt.MaxDepth, AD: p.AD})
	return machine.Call(g, args)
}

// VMGraph is the graph the VM runs for a call of the user's function g
// with args: g's typed clone, when g is the entry inference started
// from, args have the types it was inferred for, the program is
// optimized (-O1 or more) and the C backend takes the typed graphs;
// else g itself. (Both join an int and a float to a float: the joins
// pass converts the untyped graphs as inference does the typed ones.)
//
// The typed graphs are what the native backends compile, after the
// typed passes (typed-opt) that only types make possible: sum_to_like
// of a number goes, a loop's backward pass carries numbers instead of
// environments and tuples (opt/reverse.go). Where the C backend refuses
// them (a run-time J of a closure inference did not type, an Env{...}),
// they may hold what only the untyped graphs run right, so the VM
// runs those: a program runs the same either way, typed code only
// faster.
func (p *Program) VMGraph(g *ir.Graph, args []vm.Value) *ir.Graph {
	if p.Typed == nil || p.Config.Opt < 1 || g.Name != p.entryName() || len(args) != len(p.Typed.Params) {
		return g
	}
	for i, a := range args {
		t, err := TypeOf(a)
		if err != nil || t.String() != p.Typed.Params[i].Type().String() {
			return g
		}
	}
	if p.typedOK == nil {
		// A bug of the C backend's (a panic) is not the VM's to report:
		// the VM then runs the untyped graphs.
		ok := Protect("c", func() error {
			_, err := cgo.Generate(p.Module, p.Typed)
			return err
		}) == nil
		p.typedOK = &ok
	}
	if !*p.typedOK {
		return g
	}
	return p.Typed
}

// entryGraph is the user's function inference starts from, or nil.
func (s *State) entryGraph() *ir.Graph {
	var g *ir.Graph
	for _, f := range s.Funcs {
		if f.Name == s.entryName() {
			g = f
		}
	}
	return g
}

// entryName is the function inference starts from.
func (s *State) entryName() string {
	if s.Config.Entry == "" {
		return "main"
	}
	return s.Config.Entry
}

// Graph returns the user's top-level function name or, failing that, a
// top-level graph the compiler made (fprop_f, bprop_f...), or nil.
//
// After inference, the entry's name gives its typed, specialised clone.
func (p *Program) Graph(name string) *ir.Graph {
	entry := p.entryName()
	if p.Typed != nil && name == entry {
		return p.Typed
	}
	if g := p.Func(name); g != nil {
		return g
	}
	for _, g := range p.Module.Graphs() {
		if g.Name == name && g.Parent == nil && g.Kind != ir.KindStdlib {
			return g
		}
	}
	return nil
}
