package infer

import (
	"fmt"
	"sort"
	"strings"

	"github.com/myia/myia/ir"
)

// Differentiator expands J of functions known at inference time; an
// *ad.Transformer satisfies it (infer may not import ad).
type Differentiator interface {
	// Graph, EnvMap and Fprop are J's (reverse mode).
	ir.Transform
	// Forward returns JF, forward mode (nil: JF is an error).
	Forward() ir.Transform
}

// Aliaser is implemented by a Differentiator that must know which node a
// clone stands for: ad keys the environments of sensitivities by primal
// node, so J applied at run time to a specialised closure must find the
// keys the statically transformed code uses. Run calls Alias for every
// node it clones when Options.AD implements it.
type Aliaser interface {
	Alias(clone, orig ir.Node)
}

// Options configure Run.
type Options struct {
	// AD expands J of closures and primitive values met during inference.
	// Without it, J of a function value is an error.
	AD Differentiator
	// MaxSpecs bounds the specialisations of one recursive graph or
	// unrolled loop (default 200): past it, the types of a recursion keep
	// growing, or a loop has no number of iterations known at compile
	// time, and inference stops with an error.
	MaxSpecs int
	// Unused types the applies of statements whose value nothing uses
	// (ir.Graph.Unused) too, so that their type errors are reported
	// (unused.go). Only for graphs as the builder made them: no pass
	// keeps the lists up to date. ConvertJoins, the first inference of
	// the pipeline, always does.
	Unused bool
}

// Result is what inference made.
type Result struct {
	// Entry is the typed, specialised entry graph.
	Entry *ir.Graph
	// Graphs are every specialised graph, in creation order.
	Graphs []*ir.Graph
	// Specialisations counts the specialised functions (def, lambda,
	// stdlib and AD graphs), Blocks their branches, joins and loops.
	Specialisations, Blocks int
	// User counts the specialisations of the program's own defs and
	// lambdas (not their J transforms, not the stdlib).
	User int
	// Polymorphic lists the functions specialised more than once, with
	// the number of their specialisations.
	Polymorphic map[string]int
	// Conversions counts the ints and bools converted where they meet a
	// float (or a bool an int) at a join (convert.go): there the typed
	// graphs differ from Python, which keeps the int (s = 0 before a
	// loop adding floats to it is 0 after no iteration, not 0.0).
	Conversions int
}

// Run infers types from entry's argument types, specialising graphs; it
// returns the typed entry graph (a clone) or an ir.ErrorList of
// positioned errors.
func Run(m *ir.Module, entry *ir.Graph, args []Type, opt Options) (*ir.Graph, error) {
	r, err := Infer(m, entry, args, opt)
	if err != nil {
		return nil, err
	}
	return r.Entry, nil
}

// Infer is Run, returning what it made.
func Infer(m *ir.Module, entry *ir.Graph, args []Type, opt Options) (*Result, error) {
	if opt.MaxSpecs <= 0 {
		opt.MaxSpecs = 200
	}
	if len(args) != len(entry.Params) {
		return nil, ir.ErrorList{ir.Errorf(entry.Pos, "%s() takes %d argument%s, but %d were given",
			entry.Name, len(entry.Params), plural(len(entry.Params)), len(args))}
	}
	in, top, err := analyse(m, entry, args, opt)
	if err != nil {
		return nil, err
	}
	return in.specialise(top), nil
}

// analyse infers the types of what entry reaches from args, without
// specialising: the inferrer and the entry's frame, or the errors (an
// ir.Abort from the AD transform among them).
func analyse(m *ir.Module, entry *ir.Graph, args []Type, opt Options) (in *inferrer, top *frame, err error) {
	defer func() {
		if r := recover(); r != nil {
			a, ok := r.(ir.Abort)
			if !ok {
				panic(r)
			}
			in, top, err = nil, nil, ir.ErrorList{a.Err}
		}
	}()
	in = &inferrer{m: m, opt: opt, infos: map[*ir.Graph]*graphInfo{}, frames: map[string]*frame{},
		uses: map[string][]*frame{}, byValue: map[string][]*frame{}, specs: map[*ir.Graph]int{}, onStack: map[*ir.Graph]int{}}
	for {
		top = in.newFrame(in.info(entry), nil, args, "entry")
		in.eval(top)
		in.drain()
		if !in.restart {
			break
		}
		// A loop is unrolled from now on: what was inferred while it was
		// not is stale. Start again (the decision is kept in infos).
		in.restart = false
		in.frames, in.all, in.uses, in.queue = map[string]*frame{}, nil, map[string][]*frame{}, nil
		in.specs, in.onStack = map[*ir.Graph]int{}, map[*ir.Graph]int{}
	}
	if errs := in.errors(top); len(errs) > 0 {
		return nil, nil, errs.Err()
	}
	return in, top, nil
}

// graphInfo is what inference caches about a graph.
type graphInfo struct {
	g     *ir.Graph
	nodes []*ir.Apply // g.Nodes(): topological, ending with the return node
	// unused counts the nodes before the return node that are not in
	// the body: typed, never cloned (unused.go).
	unused int
	index  map[ir.Node]int // params 0..n-1, then nodes
	block  bool            // a branch, join, loop or loop body: one specialisation per context
	loop   bool            // a loop header: its arguments are widened
	// unroll: the loop changes the structure of a variable at each
	// iteration (a tuple grows); its header is specialised per iteration,
	// which ends if the number of iterations is known at compile time.
	unroll    bool
	unrollWhy *ir.Error
	// keepConsts: the function indexes a tuple whose elements have
	// different types with an argument: its calls keep int constants.
	keepConsts bool
	// recConsts: a recursive function whose result nests as deep as it
	// recurses: its calls keep int and bool constants (keepRecConstants).
	recConsts bool
	// recConstsOff: keeping the constants made too many
	// specialisations (a deep recursion): not again.
	recConstsOff bool
	scc          int         // Tarjan's: component, or -1 when not visited yet
	rec          bool        // calls itself, directly or not
	refs         []*ir.Graph // graphs its nodes hold as constants
	name         string      // for messages: f, <lambda>
}

// frame is one specialisation: a graph in a context (the frame of its
// lexical parent) for one signature. An env frame (gi nil) is the
// context of a J-transformed closure: the types of its free variables.
type frame struct {
	id     int
	gi     *graphInfo
	g      *ir.Graph // gi.g, or the lexical parent of a transformed closure
	parent *frame
	env    map[ir.Node]Type
	args   []Type
	argPos []ir.Pos // block frames: where each argument's type was first set
	key    string

	types     []Type // per gi.index
	result    Type
	resultPos ir.Pos
	calls     map[*ir.Apply][]*frame // the frames each apply called, in the last evaluation
	folded    map[*ir.Apply]int      // switches with a known condition: the input selected
	errs      ir.ErrorList           // of the last evaluation
	sticky    ir.ErrorList           // result conflicts between evaluations

	callers map[*frame]bool // read result
	readers map[*frame]bool // read the types of nodes (nested frames)
	dirty   bool
	active  bool // on the evaluation stack
	evals   int

	clone *ir.Graph
	cmap  map[ir.Node]ir.Node
}

type inferrer struct {
	m      *ir.Module
	opt    Options
	infos  map[*ir.Graph]*graphInfo
	frames map[string]*frame
	all    []*frame
	// uses maps a GraphFn's key to the frames it was called as.
	uses map[string][]*frame
	// byValue maps the function values of a graph in a context
	// (valueKey) to the frames calls through such values made: the
	// specialisations one value may be called as (specialiser.siblings).
	byValue map[string][]*frame
	specs   map[*ir.Graph]int
	onStack map[*ir.Graph]int
	queue   []*frame
	evals   int
	restart bool
	// Tarjan's state.
	tIndex int
	tStack []*graphInfo
	tLow   map[*graphInfo]int
	tNum   map[*graphInfo]int
	tOn    map[*graphInfo]bool
	nscc   int
	// raisers are the graphs called where a function value does not
	// take a call's arguments (arity.go).
	raisers map[raiserKey]*ir.Graph
}

// maxEvals bounds the evaluations of frames, against a fixpoint that
// does not converge (a bug).
const maxEvals = 2_000_000

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func isBlock(k ir.GraphKind) bool {
	switch k {
	case ir.KindBranch, ir.KindJoin, ir.KindLoop, ir.KindLoopBody, ir.KindAfter:
		return true
	}
	return false
}

func (in *inferrer) info(g *ir.Graph) *graphInfo {
	if gi, ok := in.infos[g]; ok {
		return gi
	}
	nodes, unused := g.Nodes(), 0
	if in.opt.Unused && len(g.Unused) > 0 {
		nodes, unused = withUnused(in.m, g, nodes)
	}
	gi := &graphInfo{g: g, nodes: nodes, unused: unused, block: isBlock(g.Kind), loop: g.Kind == ir.KindLoop, scc: -1}
	gi.index = make(map[ir.Node]int, len(g.Params)+len(gi.nodes))
	for i, p := range g.Params {
		gi.index[p] = i
	}
	for i, a := range gi.nodes {
		gi.index[a] = len(g.Params) + i
	}
	seen := map[*ir.Graph]bool{}
	for _, a := range gi.nodes {
		for _, x := range a.Inputs {
			if h := ir.GraphOf(x); h != nil && !seen[h] {
				seen[h] = true
				gi.refs = append(gi.refs, h)
			}
		}
	}
	gi.name = g.Name
	if g.Kind == ir.KindLambda {
		gi.name = "<lambda>"
	} else if i := strings.LastIndexByte(g.Name, '.'); i >= 0 && g.Kind == ir.KindFunction {
		gi.name = g.Name[i+1:]
	}
	in.infos[g] = gi
	return gi
}

// recursive reports whether g may call itself: it is in a cycle of the
// graph of constant references (Tarjan's algorithm, run lazily from g).
func (in *inferrer) recursive(gi *graphInfo) bool {
	if gi.scc < 0 {
		if in.tLow == nil {
			in.tLow, in.tNum, in.tOn = map[*graphInfo]int{}, map[*graphInfo]int{}, map[*graphInfo]bool{}
		}
		in.strongConnect(gi)
	}
	return gi.rec
}

func (in *inferrer) strongConnect(v *graphInfo) {
	in.tNum[v] = in.tIndex
	in.tLow[v] = in.tIndex
	in.tIndex++
	in.tStack = append(in.tStack, v)
	in.tOn[v] = true
	self := false
	for _, h := range v.refs {
		w := in.info(h)
		if w == v {
			self = true
		}
		if _, seen := in.tNum[w]; !seen {
			in.strongConnect(w)
			in.tLow[v] = min(in.tLow[v], in.tLow[w])
		} else if in.tOn[w] {
			in.tLow[v] = min(in.tLow[v], in.tNum[w])
		}
	}
	if in.tLow[v] == in.tNum[v] {
		var comp []*graphInfo
		for {
			w := in.tStack[len(in.tStack)-1]
			in.tStack = in.tStack[:len(in.tStack)-1]
			in.tOn[w] = false
			comp = append(comp, w)
			if w == v {
				break
			}
		}
		in.nscc++
		for _, w := range comp {
			w.scc = in.nscc
			w.rec = len(comp) > 1
		}
		if self {
			v.rec = true
		}
	}
}

func (in *inferrer) newFrame(gi *graphInfo, parent *frame, args []Type, key string) *frame {
	f := &frame{id: len(in.all) + 1, gi: gi, g: gi.g, parent: parent, args: args, key: key,
		result: Bottom{}, callers: map[*frame]bool{}, readers: map[*frame]bool{}}
	in.all = append(in.all, f)
	if key != "" {
		in.frames[key] = f
	}
	in.specs[gi.g]++
	return f
}

func (in *inferrer) markDirty(f *frame) {
	if !f.dirty && f.gi != nil {
		f.dirty = true
		in.queue = append(in.queue, f)
	}
}

// drain evaluates dirty frames until none is left: the fixpoint.
func (in *inferrer) drain() {
	for len(in.queue) > 0 && !in.restart {
		f := in.queue[0]
		in.queue = in.queue[1:]
		if f.dirty && !f.active {
			in.eval(f)
		}
	}
}

// eval (re)computes the types of f's nodes and its result.
func (in *inferrer) eval(f *frame) {
	in.evals++
	if in.evals > maxEvals {
		panic(fmt.Sprintf("infer: no fixpoint after %d evaluations (at %s)", maxEvals, f.g.Name))
	}
	f.dirty = false
	f.active = true
	f.evals++
	in.onStack[f.g]++
	gi := f.gi
	if in.restart {
		in.onStack[f.g]--
		f.active = false
		return
	}
	f.errs = nil
	f.calls = map[*ir.Apply][]*frame{}
	f.folded = nil
	old := f.types
	f.types = make([]Type, len(gi.index))
	copy(f.types, f.args)
	np := len(gi.g.Params)
	last := len(gi.nodes) - 1
	failed := -1 // the Seq of an assert that fails wherever it runs
	for i, a := range gi.nodes[:last] {
		if failed >= 0 && a.Seq() > failed {
			// After it: never runs (assert len(xs) > 0, then xs[0] of
			// an empty tuple, is the assert's error, not a type error).
			f.types[np+i] = Bottom{}
			continue
		}
		f.types[np+i] = in.apply(f, a)
		if _, ok := f.types[np+i].(Bottom); ok && ir.IsApplyOf(a, ir.Assert) {
			failed = a.Seq()
		}
	}
	out := gi.g.Output()
	res := in.typeOf(f, out)
	f.types[np+last] = res
	f.resultPos = in.resultPos(f, out, 0)
	if old != nil && !sameTypes(old, f.types) {
		// The frames that read this one's nodes (closures made here,
		// blocks nested here) are stale.
		for r := range f.readers {
			in.markDirty(r)
		}
	}
	if j, ok := Join(f.result, res); !ok {
		f.sticky = append(f.sticky[:0], ir.Errorf(f.resultPos, "%s returns %s here, but %s elsewhere",
			gi.name, Describe(res), Describe(f.result)))
	} else if unbounded(j) && !unbounded(f.result) {
		// A recursion building a structure as deep as its argument:
		// with that argument known (build(3)), its calls may keep their
		// constants and the depth becomes finite; else no type holds it.
		if !in.keepRecConstants(f) {
			name := gi.name
			if fn := enclosingFunction(f); fn != nil {
				name = fn.gi.name
			}
			f.sticky = append(f.sticky[:0], ir.Errorf(f.resultPos,
				"%s returns a value whose type grows without bound at each level of the recursion (now %s): "+
					"myia's types are finite, so a recursion that nests tuples must end at a depth known at compile time",
				name, describeShort(j)))
		}
	} else if !Equal(j, f.result) {
		f.result = j
		for c := range f.callers {
			in.markDirty(c)
		}
	}
	in.onStack[f.g]--
	f.active = false
}

// resultPos is where f's result comes from, following tail calls of one
// frame: what a conflict between two branches points to.
func (in *inferrer) resultPos(f *frame, n ir.Node, depth int) ir.Pos {
	for depth < 20 {
		a, ok := n.(*ir.Apply)
		if !ok || a.Graph() != f.g {
			break
		}
		if ir.IsApplyOf(a, ir.Depend) {
			n = a.Inputs[1]
			continue
		}
		callees := f.calls[a]
		if len(callees) != 1 || callees[0] == f || callees[0].gi == nil || !callees[0].gi.block {
			break
		}
		g := callees[0]
		return in.resultPos(g, g.g.Output(), depth+1)
	}
	return n.Pos()
}

// typeOf is the type of n in frame f.
func (in *inferrer) typeOf(f *frame, n ir.Node) Type {
	if c, ok := n.(*ir.Constant); ok {
		return in.constType(f, c)
	}
	owner := n.Graph()
	for fr := f; fr != nil; fr = fr.parent {
		if fr.env != nil {
			if t, ok := fr.env[n]; ok {
				fr.addReader(f)
				return t
			}
			continue
		}
		if fr.g == owner {
			fr.addReader(f)
			t := fr.types[fr.gi.index[n]]
			if t == nil {
				return Bottom{}
			}
			return t
		}
	}
	panic(fmt.Sprintf("infer: node %d of %s is not in the context of %s", n.ID(), owner.Name, f.g.Name))
}

var primFuncs [ir.NumPrims]*Func

func init() {
	for p := ir.Prim(1); p < ir.NumPrims; p++ {
		primFuncs[p] = &Func{Fns: []Fn{PrimFn{P: p}}}
	}
}

// ConstType is the type of a constant of value v that is not a graph
// (nil for a graph, whose type depends on where it is made): for the
// constants the optimizer makes in typed graphs.
func ConstType(v any) ir.Type {
	switch v.(type) {
	case int64, float64, bool, string, ir.NoneType, ir.Prim, ir.EnvKey:
		return (*inferrer)(nil).constType(nil, &ir.Constant{Value: v})
	}
	return nil
}

// constType is the type of a constant used in f.
func (in *inferrer) constType(f *frame, c *ir.Constant) Type {
	switch v := c.Value.(type) {
	case int64:
		return Int{Known: true, V: v}
	case float64:
		return Float{Known: true, V: v}
	case bool:
		return Bool{Known: true, V: v}
	case string:
		return Str{Known: true, V: v}
	case ir.NoneType:
		return None
	case ir.UndefinedType:
		return Undef{}
	case ir.Prim:
		return primFuncs[v]
	case ir.EnvKey:
		return Int{Known: true, V: int64(v)}
	case *ir.Graph:
		return &Func{Fns: []Fn{&GraphFn{G: v, Ctx: asFrame(in.ctxFor(f, v)), Track: c.ID(), From: asFrame(f)}}}
	}
	panic(fmt.Sprintf("infer: constant of type %T", c.Value))
}

// ctxFor is the frame, in f's chain, of h's lexical parent.
func (in *inferrer) ctxFor(f *frame, h *ir.Graph) *frame {
	if h.Parent == nil {
		return nil
	}
	for fr := f; fr != nil; fr = fr.parent {
		if fr.g == h.Parent {
			return fr
		}
	}
	panic(fmt.Sprintf("infer: closure %s used outside its parent %s (in %s)", h.Name, h.Parent.Name, f.g.Name))
}

// apply infers one application.
func (in *inferrer) apply(f *frame, a *ir.Apply) Type {
	args := make([]Type, len(a.Inputs)-1)
	for i, x := range a.Inputs[1:] {
		args[i] = in.typeOf(f, x)
	}
	if c, ok := a.Inputs[0].(*ir.Constant); ok {
		if p, ok := c.Value.(ir.Prim); ok {
			return in.callPrim(f, a, p, args)
		}
	}
	return in.call(f, a, in.typeOf(f, a.Inputs[0]), args)
}

// call applies a value of type callee to args.
func (in *inferrer) call(f *frame, a *ir.Apply, callee Type, args []Type) Type {
	switch ct := callee.(type) {
	case Bottom:
		return Bottom{}
	case *Func:
		for _, t := range args {
			if _, ok := t.(Bottom); ok {
				return Bottom{}
			}
		}
		if len(ct.Fns) > 1 && f.gi.loop && f.gi.unroll && f.gi.unrollWhy != nil {
			// An unrolled loop whose condition is not known: its number
			// of iterations is not known at compile time, unless the
			// function around it keeps the constants of its arguments
			// (range(n) with n a parameter), or, recursive, those of its
			// calls (a list's length, which a recursion forgets: the
			// loop over a tuple of lists, unrolled, meets the lists).
			if in.keepConstants(f) || in.keepRecConstants(f) {
				return Bottom{}
			}
			e := *f.gi.unrollWhy
			e.Msg += ", and the number of iterations of the loop is not known at compile time"
			f.errs = append(f.errs, &e)
			return Bottom{}
		}
		var res Type = Bottom{}
		var from *frame
		bo := in.boolOp(f, a)
		raise := len(ct.Fns) > 1 && someFit(ct, len(args))
		for _, fn := range ct.Fns {
			var r Type
			var fr *frame
			if g, ok := fn.(*GraphFn); ok && raise && !fits(fn, len(args)) {
				r, fr = in.callRaiser(f, a, g, args)
			} else {
				r, fr = in.callFn(f, a, fn, args)
			}
			if bo != nil && fr != nil && fr.g == bo.rhs && !in.checkBoolOp(f, a, bo, r) {
				return Bottom{}
			}
			if b, ok := r.(Bool); ok && !b.Known && bo != nil && fr != nil && fr.g == bo.lhs {
				// x or y gives x only where x is true, x and y where x
				// is false: amount < 0 or len(coins) == 0 is known
				// true where coins is ().
				r = BoolOf(bo.op == "or")
			}
			j, ok := Join(res, r)
			if !ok {
				in.branchConflict(f, a, bo, res, from, r, fr)
				return Bottom{}
			}
			if _, bot := res.(Bottom); bot {
				from = fr
			}
			res = j
		}
		return res
	}
	return in.errorf(f, a.Pos(), "'%s' object is not callable", TypeName(callee))
}

func (in *inferrer) branchConflict(f *frame, a *ir.Apply, bo *boolOp, t1 Type, f1 *frame, t2 Type, f2 *frame) {
	if bo != nil {
		in.errorf(f, a.Pos(), "operands of %s must have the same type, got %s and %s", bo.op, Describe(t1), Describe(t2))
		return
	}
	if f1 == nil || f2 == nil {
		in.errorf(f, a.Pos(), "this call may return %s or %s: the functions it may call must return the same type", Describe(t1), Describe(t2))
		return
	}
	what := "the branches of this if"
	if strings.Contains(f2.g.Name, ".ifexp") {
		what = "the branches of this conditional expression"
	} else if f1.gi != nil && !f1.gi.block {
		what = "the functions this call may call"
	}
	e := ir.Errorf(f2.resultPos, "%s have different types: %s here, %s in the other", what, Describe(t2), Describe(t1))
	e.Notes = append(e.Notes, ir.Note{Pos: f1.resultPos, Msg: "the other is " + Describe(t1) + " here"})
	if f2.resultPos == f1.resultPos {
		e.Pos = a.Pos()
	}
	// A function value may be one function per iteration of a loop
	// around a caller (for f in (g, h): apply(f, x)): unrolled, each
	// iteration calls one.
	fns := f1.gi != nil && !f1.gi.block
	if !in.remedy(f, e) && !(fns && in.unrollAround(f, e)) {
		f.errs = append(f.errs, e)
	}
}

// errorf records an error of f's current evaluation and returns Bottom.
func (in *inferrer) errorf(f *frame, pos ir.Pos, format string, args ...any) Type {
	f.errs = append(f.errs, ir.Errorf(pos, format, args...))
	return Bottom{}
}

// callFn applies one possible callee; it returns the frame called, if
// any.
func (in *inferrer) callFn(f *frame, a *ir.Apply, fn Fn, args []Type) (Type, *frame) {
	switch fn := fn.(type) {
	case PrimFn:
		ar := fn.P.Info().Arity
		if fn.P == ir.Return || (ar >= 0 && ar != len(args)) {
			return in.errorf(f, a.Pos(), "%s() takes %d argument%s (%d given)", primName(fn.P), ar, plural(ar), len(args)), nil
		}
		return in.callPrim(f, a, fn.P, args), nil
	case *PartialFn:
		return in.callFn(f, a, fn.Fn, append(append([]Type(nil), fn.Args...), args...))
	case *GraphFn:
		return in.callGraph(f, a, fn, args)
	}
	panic(fmt.Sprintf("infer: callee %T", fn))
}

// callGraph finds or makes the frame of fn for args, evaluates it if it
// is new or stale, and returns its result.
func (in *inferrer) callGraph(f *frame, a *ir.Apply, fn *GraphFn, args []Type) (Type, *frame) {
	g := fn.G
	gi := in.info(g)
	if g.Return() == nil {
		return in.errorf(f, a.Pos(), "%s has no body", gi.name), nil
	}
	np := len(g.Params)
	if len(args) != np {
		nd := len(g.Defaults)
		if len(args) > np || len(args) < np-nd {
			return in.arityError(f, a, gi, len(args)), nil
		}
		// Defaults are evaluated where the def stands: in the closure's
		// context.
		for _, d := range g.Defaults[len(args)-(np-nd):] {
			if _, ok := d.(*ir.Constant); ok || fn.Ctx == nil {
				args = append(args, in.typeOf(f, d))
				continue
			}
			args = append(args, in.typeOf(frameOf(fn.Ctx), d))
			frameOf(fn.Ctx).addReader(f)
		}
	}
	var fr *frame
	unrolled := gi.unroll || (g.Kind == ir.KindAfter && in.afterUnrolled(f, frameOf(fn.Ctx)))
	if gi.block && !unrolled {
		fr = in.blockFrame(f, a, gi, frameOf(fn.Ctx), args)
	} else {
		if unrolled {
			// Keep the constants: the counter must stay known.
		} else if in.recursive(gi) || in.onStack[g] > 0 {
			if !gi.rec {
				gi.rec = true // recursion through function values
			}
			for i, t := range args {
				args[i] = widenIf(t, !gi.recConsts)
				if in.specs[g] >= maxArraySpecs {
					// A recursion whose arrays change shape at each
					// call (concatenate, then recurse): forget the shapes.
					args[i] = widenDims(args[i])
				}
			}
		} else if gi.keepConsts || (g.Kind != ir.KindFunction && g.Kind != ir.KindLambda) {
			// The stdlib and the AD rules keep ints and bools (tuple
			// indices); so does a function that needs them.
			for i, t := range args {
				args[i] = widenFloats(t)
			}
		} else {
			for i, t := range args {
				args[i] = widen(t)
			}
		}
		k := frameKey('g', g, fn, args)
		fr = in.frames[k]
		if fr == nil {
			if in.specs[g] >= in.opt.MaxSpecs && (gi.rec || unrolled) {
				if gi.unroll && gi.unrollWhy != nil {
					e := *gi.unrollWhy
					e.Msg += fmt.Sprintf(", and the loop does not end after a number of iterations known at compile time (at most %d)", in.opt.MaxSpecs)
					f.errs = append(f.errs, &e)
					return Bottom{}, nil
				}
				if gi.recConsts && !gi.recConstsOff {
					// The constants a type conflict made it keep
					// (remedy) recurse too deep: report the conflict.
					gi.recConsts, gi.recConstsOff = false, true
					in.restart = true
					return Bottom{}, nil
				}
				return in.errorf(f, a.Pos(), "too many specialisations of %s: the types of its arguments keep changing (now %s)",
					gi.name, describeArgs(args)), nil
			}
			fr = in.newFrame(gi, frameOf(fn.Ctx), args, k)
			fr.dirty = true
		}
	}
	return in.enter(f, a, fn, fr, !calledDirectly(a))
}

// enter records that f's call a of fn uses frame fr (and, for a call of
// a function value, that the value's frames include fr), and evaluates
// fr if it is out of date: the result a gives, and fr.
func (in *inferrer) enter(f *frame, a *ir.Apply, fn *GraphFn, fr *frame, byValue bool) (Type, *frame) {
	fk := fn.Key()
	if us := in.uses[fk]; !containsFrame(us, fr) {
		in.uses[fk] = append(us, fr)
	}
	if vk := valueKey(fn); byValue && !containsFrame(in.byValue[vk], fr) {
		in.byValue[vk] = append(in.byValue[vk], fr)
	}
	fr.callers[f] = true
	f.calls[a] = append(f.calls[a], fr)
	if fr.dirty && !fr.active {
		in.eval(fr)
	}
	return fr.result, fr
}

// calledDirectly reports whether a calls a graph constant (through
// depend, or a switch of two), not a function value.
func calledDirectly(a *ir.Apply) bool {
	x := a.Inputs[0]
	for ir.IsApplyOf(x, ir.Depend) {
		x = x.(*ir.Apply).Inputs[1]
	}
	_, isConst := x.(*ir.Constant)
	return isConst || ir.IsApplyOf(x, ir.Switch)
}

func containsFrame(fs []*frame, f *frame) bool {
	for _, x := range fs {
		if x == f {
			return true
		}
	}
	return false
}

func argsKey(args []Type) string {
	var b strings.Builder
	for i, t := range args {
		if i > 0 {
			b.WriteByte(';')
		}
		writeKey(&b, t)
	}
	return b.String()
}

func describeArgs(args []Type) string {
	parts := make([]string, len(args))
	for i, t := range args {
		parts[i] = Describe(t)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func (in *inferrer) arityError(f *frame, a *ir.Apply, gi *graphInfo, n int) Type {
	return in.errorf(f, a.Pos(), "%s", arityMessage(gi, n))
}

// blockFrame is the one frame of a block in its context; its parameters
// are the join of the arguments of every call (widened for a loop).
func (in *inferrer) blockFrame(f *frame, a *ir.Apply, gi *graphInfo, ctx *frame, args []Type) *frame {
	if gi.loop {
		for i, t := range args {
			args[i] = widen(t)
		}
	}
	ctxID := 0
	if ctx != nil {
		ctxID = ctx.id
	}
	k := fmt.Sprintf("b%d/%d", gi.g.ID(), ctxID)
	fr := in.frames[k]
	if fr == nil {
		fr = in.newFrame(gi, ctx, args, k)
		fr.dirty = true
		fr.argPos = make([]ir.Pos, len(args))
		for i := range args {
			fr.argPos[i] = a.Inputs[i+1].Pos()
		}
		return fr
	}
	changed := false
	for i, t := range args {
		j, ok := Join(fr.args[i], t)
		if !ok {
			// Unroll the loop around (its counter may then select the
			// branch, a known number of iterations fix the lengths).
			if e := in.joinConflict(f, a, fr, i, t); !in.remedy(f, e) {
				f.errs = append(f.errs, e)
			}
			continue
		}
		if unbounded(j) && !unbounded(fr.args[i]) {
			e := ir.Errorf(a.Inputs[i+1].Pos(), "'%s' changes type at every iteration of the loop (now %s): "+
				"each iteration's value is built from the previous one's (a closure wrapping it, a tuple nesting it), "+
				"which no finite type holds",
				fr.g.Params[i].Name, describeShort(j))
			if !in.unrollLoop(f, e) {
				f.errs = append(f.errs, e)
			}
			continue
		}
		if !Equal(j, fr.args[i]) {
			if _, bot := fr.args[i].(Bottom); bot {
				fr.argPos[i] = a.Inputs[i+1].Pos()
			}
			fr.args[i] = j
			changed = true
		}
	}
	if changed {
		in.markDirty(fr)
	}
	return fr
}

func (in *inferrer) joinConflict(f *frame, a *ir.Apply, fr *frame, i int, t Type) *ir.Error {
	name := fr.g.Params[i].Name
	old := fr.args[i]
	pos := a.Inputs[i+1].Pos()
	var e *ir.Error
	switch fr.g.Kind {
	case ir.KindLoop:
		e = ir.Errorf(pos, "'%s' changes type in the loop: %s here, %s before", name, Describe(t), Describe(old))
	default:
		e = ir.Errorf(pos, "'%s' has different types where the branches meet: %s here, %s on another path", name, Describe(t), Describe(old))
	}
	e.Notes = append(e.Notes, ir.Note{Pos: fr.argPos[i], Msg: fmt.Sprintf("'%s' is %s here", name, Describe(old))})
	if fr.argPos[i] == pos {
		e.Notes = nil
	}
	return e
}

// errors collects the errors of the frames reachable from top, without
// duplicates; one raised in the standard library is placed at the
// user's call that reached it (ir.Error.AtCall).
func (in *inferrer) errors(top *frame) ir.ErrorList {
	var out ir.ErrorList
	seen := map[string]int{}
	var sites map[*frame]ir.Pos // computed on the first error that needs it
	for _, f := range in.reachable(top) {
		for _, list := range []ir.ErrorList{f.errs, f.sticky} {
			for _, e := range list {
				if !e.Pos.IsValid() || e.Pos.InStdlib() {
					if sites == nil {
						sites = in.userCalls(top)
					}
					e = e.AtCall(sites[f])
				}
				// One error per position: the same construct reached
				// with other types (a loop unrolled, a function
				// specialised per call) would repeat it. The shortest
				// message is kept: that of the simplest types.
				k := e.Pos.String()
				if !e.Pos.IsValid() {
					k = e.Error()
				}
				if i, ok := seen[k]; !ok {
					seen[k] = len(out)
					out = append(out, e)
				} else if len(e.Msg) < len(out[i].Msg) {
					out[i] = e
				}
			}
		}
	}
	return out
}

// userCalls maps each frame reachable from top to the position of the
// innermost call from the user's program that reached it (the first
// found): the call of a stdlib function, or, in code the AD transform
// made without positions, the user's call around it.
func (in *inferrer) userCalls(top *frame) map[*frame]ir.Pos {
	sites := map[*frame]ir.Pos{}
	seen := map[*frame]bool{}
	var visit func(f *frame, site ir.Pos)
	visit = func(f *frame, site ir.Pos) {
		if f == nil || seen[f] {
			return
		}
		seen[f] = true
		visit(f.parent, site)
		if f.gi == nil {
			return
		}
		sites[f] = site
		user := !f.gi.g.Pos.InStdlib()
		for _, a := range f.gi.nodes {
			s := site
			if p := a.Pos(); user && p.IsValid() && !p.InStdlib() {
				s = p
			}
			for _, c := range f.calls[a] {
				visit(c, s)
			}
		}
	}
	visit(top, ir.Pos{})
	return sites
}

// reachable lists the frames that top calls, transitively, in the last
// evaluation of each, with the frames of their contexts.
func (in *inferrer) reachable(top *frame) []*frame {
	var out []*frame
	seen := map[*frame]bool{}
	var visit func(f *frame)
	visit = func(f *frame) {
		if f == nil || seen[f] {
			return
		}
		seen[f] = true
		if f.parent != nil {
			visit(f.parent)
		}
		if f.gi == nil {
			return // an env frame
		}
		out = append(out, f)
		for _, a := range f.gi.nodes {
			for _, c := range f.calls[a] {
				visit(c)
			}
		}
	}
	visit(top)
	return out
}

// boolOp is an and/or: switch(cond, @rhs, @lhs)() for and,
// switch(cond, @lhs, @rhs)() for or. The builder names the branch graphs
// NAME.andLINE and NAME.orLINE.
type boolOp struct {
	op       string
	lhs, rhs *ir.Graph
}

// boolOp recognises the call of an and/or at a.
func (in *inferrer) boolOp(f *frame, a *ir.Apply) *boolOp {
	x := a.Inputs[0]
	if ir.IsApplyOf(x, ir.Depend) {
		x = x.(*ir.Apply).Inputs[1]
	}
	if !ir.IsApplyOf(x, ir.Switch) {
		return nil
	}
	sw := x.(*ir.Apply)
	t, e := ir.GraphOf(sw.Inputs[2]), ir.GraphOf(sw.Inputs[3])
	if t == nil || e == nil || t.Kind != ir.KindBranch {
		return nil
	}
	switch branchKind(t.Name) {
	case "and":
		return &boolOp{"and", e, t}
	case "or":
		return &boolOp{"or", t, e}
	}
	return nil
}

// branchKind is "and" for a graph named f.and12, "or" for f.or3...
func branchKind(name string) string {
	i := strings.LastIndexByte(name, '.')
	if i < 0 {
		return ""
	}
	s := name[i+1:]
	for _, k := range []string{"and", "or"} {
		if rest, ok := strings.CutPrefix(s, k); ok && rest != "" && strings.Trim(rest, "0123456789") == "" {
			return k
		}
	}
	return ""
}

// checkBoolOp reports operands of and/or of different types: the value
// of the right operand, when it is taken, must have the type of the
// left one (LANGUAGE.md).
func (in *inferrer) checkBoolOp(f *frame, a *ir.Apply, bo *boolOp, rhs Type) bool {
	out := bo.lhs.Output()
	if out == nil || out.Graph() == bo.lhs {
		return true
	}
	lhs := in.typeOf(f, out)
	if isBottom(lhs) || isBottom(rhs) || Equal(widen(lhs), widen(rhs)) {
		return true
	}
	in.errorf(f, a.Pos(), "operands of %s must have the same type, got %s and %s", bo.op, Describe(lhs), Describe(rhs))
	return false
}

func isBottom(t Type) bool {
	_, ok := t.(Bottom)
	return ok
}

// unrollLoop marks the innermost loop around f that is not unrolled yet
// to be unrolled (why says what made it necessary), and restarts
// inference; it reports whether there was one.
func (in *inferrer) unrollLoop(f *frame, why *ir.Error) bool {
	for fr := f; fr != nil && fr.gi != nil && fr.gi.block; fr = fr.parent {
		if fr.gi.loop && !fr.gi.unroll {
			fr.gi.unroll, fr.gi.unrollWhy = true, why
			in.restart = true
			return true
		}
	}
	return false
}

// unrollAround unrolls the loops not unrolled yet around f and around
// the frames that call it, or else has the functions around unrolled
// loops keep their constants (range(n) with n a parameter), and
// restarts inference; it reports whether it did. All of them: the
// counter of one may come from another (the optimizer may have copied
// a loop's first iteration, which calls the loop).
func (in *inferrer) unrollAround(f *frame, why *ir.Error) bool {
	seen := map[*frame]bool{}
	done := false
	for todo := []*frame{f}; len(todo) > 0 && len(seen) < 64; {
		fr := todo[0]
		todo = todo[1:]
		if fr == nil || seen[fr] {
			continue
		}
		seen[fr] = true
		if in.unrollLoop(fr, why) {
			done = true
		} else if !done && fr.gi != nil && fr.gi.loop && fr.gi.unroll && in.keepConstants(fr) {
			return true
		}
		callers := make([]*frame, 0, len(fr.callers))
		for c := range fr.callers {
			callers = append(callers, c)
		}
		sort.Slice(callers, func(i, j int) bool { return callers[i].id < callers[j].id })
		todo = append(todo, fr.parent)
		todo = append(todo, callers...)
	}
	return done
}

// afterUnrolled reports whether a call from f of an after-loop block in
// ctx leaves an unrolled loop: then the code after the loop is
// specialised for each exit, as the iterations are.
func (in *inferrer) afterUnrolled(f *frame, ctx *frame) bool {
	for fr := f; fr != nil && fr != ctx; fr = fr.parent {
		if fr.gi != nil && fr.gi.unroll && fr.parent == ctx {
			return true
		}
	}
	return false
}

func sameTypes(a, b []Type) bool {
	for i := range a {
		if (a[i] == nil) != (b[i] == nil) || (a[i] != nil && !Equal(a[i], b[i])) {
			return false
		}
	}
	return true
}

// addReader records that r read the types of f's nodes.
func (f *frame) addReader(r *frame) {
	if r != f {
		f.readers[r] = true
	}
}

// keepConstants makes the functions around f, and those that call them,
// keep the int constants of their arguments (a tuple index must be known),
// and restarts inference; it reports whether anything changed.
func (in *inferrer) keepConstants(f *frame) bool {
	fn := f
	for fn != nil && fn.gi != nil && fn.gi.block {
		fn = fn.parent
	}
	if fn == nil || fn.gi == nil || fn.gi.rec {
		return false
	}
	changed := false
	mark := func(gi *graphInfo) {
		if !gi.keepConsts && !gi.rec {
			gi.keepConsts, changed = true, true
		}
	}
	mark(fn.gi)
	if !changed {
		for c := range fn.callers {
			for c != nil && c.gi != nil && c.gi.block {
				c = c.parent
			}
			if c != nil && c.gi != nil {
				mark(c.gi)
			}
		}
	}
	if changed {
		in.restart = true
	}
	return changed
}

// keepRecConstants makes the recursive function around f keep the
// constants of its calls, once, and restarts inference.
func (in *inferrer) keepRecConstants(f *frame) bool {
	fn := enclosingFunction(f)
	if fn == nil || !fn.gi.rec || fn.gi.recConsts || fn.gi.recConstsOff {
		return false
	}
	fn.gi.recConsts = true
	in.restart = true
	return true
}

// enclosingFunction is the frame of the function whose branch, join or
// loop f is (f itself if it is a function's), or nil.
func enclosingFunction(f *frame) *frame {
	for f != nil && f.gi != nil && f.gi.block {
		f = f.parent
	}
	if f == nil || f.gi == nil {
		return nil
	}
	return f
}

// remedy tries what may make a type conflict at f go away, from the
// cheapest: unroll the loop around it (a counter known at each
// iteration), then keep the constants of the function around it and of
// its callers (a condition known at compile time), or of the recursive
// function around it (a tree of tuples tagged by an int: if e[0] == 0:
// return e[1]). Each restarts inference; it reports whether one
// applied.
func (in *inferrer) remedy(f *frame, e *ir.Error) bool {
	return in.unrollLoop(f, e) || in.keepConstants(f) || in.keepRecConstants(f)
}

// remedyIndex is remedy for a tuple indexed with an int not known at
// compile time, and then, once the function that indexes keeps its
// constants (and so the functions that call it), unrolls a loop around
// a call of it, or of a function that calls it: get(t, i) in a loop
// over i, or t[i] in a loop under grad, where getitem is a call of its
// fprop.
func (in *inferrer) remedyIndex(f *frame, e *ir.Error) bool {
	if in.remedy(f, e) {
		return true
	}
	seen := map[*frame]bool{}
	fns := []*frame{enclosingFunction(f)}
	for depth := 0; depth < 8 && len(fns) > 0; depth++ {
		var next []*frame
		for _, fn := range fns {
			if fn == nil || seen[fn] || !fn.gi.keepConsts {
				continue
			}
			seen[fn] = true
			callers := make([]*frame, 0, len(fn.callers))
			for c := range fn.callers {
				callers = append(callers, c)
			}
			sort.Slice(callers, func(i, j int) bool { return callers[i].id < callers[j].id })
			for _, c := range callers {
				if in.unrollLoop(c, e) {
					return true
				}
				// The int may come from further up: a parameter of a
				// user's function that the stdlib's receives (the axis
				// of np.concatenate(a, axis=k)).
				cf := enclosingFunction(c)
				if cf != nil && !cf.gi.keepConsts && in.keepConstants(cf) {
					return true
				}
				next = append(next, cf)
			}
		}
		fns = next
	}
	return false
}

// frameKey names the frame of graph g called as fn (whose context it
// takes) with args; kind tells graphs ('g') from raisers ('r').
func frameKey(kind byte, g *ir.Graph, fn *GraphFn, args []Type) string {
	ctxID := 0
	if fn.Ctx != nil {
		ctxID = frameOf(fn.Ctx).id
	}
	return fmt.Sprintf("%c%d/%d|%s", kind, g.ID(), ctxID, argsKey(args))
}
