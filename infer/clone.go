package infer

import (
	"strings"

	"github.com/myia/myia/ir"
)

// specialise clones every frame reachable from top into a typed,
// monomorphic graph:
//
//	graph sq(x) {              graph sq[Int64](x) {          graph sq[Float64](x) {
//	  %1 = mul(x, x)     ->      %1 = mul(x, x) : Int64        %1 = mul(x, x) : Float64
//	  return %1                  return %1 : Int64             return %1 : Float64
//	}                          }                             }
//
// A frame's clone is nested in the clone of its context. A constant that
// holds a graph is replaced by the clone of the frame that value was
// called as; a switch whose condition is known becomes the branch it
// selects. Closures that are made but never called are cloned without
// types (they run only under J, which transforms them at run time).
func (in *inferrer) specialise(top *frame) *Result {
	frames := in.reachable(top)
	live := make(map[*frame]bool, len(frames))
	for _, f := range frames {
		live[f] = true
	}
	al, _ := in.opt.AD.(Aliaser)
	s := &specialiser{in: in, alias: al, live: live, families: map[*ir.Graph][]*ir.Graph{}, direct: map[*frame]map[*ir.Constant]*frame{}, fams: map[string][]*frame{}, tables: map[string]*sigTable{}}
	for _, f := range frames {
		s.directCalls(f)
	}
	s.noTables(frames)
	// Before any edit (which makes the module recompute free variables):
	// the node lists of the closures cloned without types.
	for _, f := range frames {
		for _, a := range f.gi.nodes {
			for i, x := range a.Inputs {
				if s.skipped(f, a, i) {
					continue
				}
				if c, ok := x.(*ir.Constant); ok {
					if h, ok := c.Value.(*ir.Graph); ok && h.Parent != nil && s.target(f, c, h) == nil {
						s.family(h)
					}
				}
			}
		}
	}
	r := &Result{Polymorphic: map[string]int{}}
	m := in.m
	for _, f := range frames {
		parent := f.g.Parent
		if f.parent != nil {
			parent = f.parent.g
			if f.parent.gi != nil {
				parent = f.parent.clone
			}
		}
		f.clone = m.NewGraph(s.name(f), f.g.Pos, parent, f.g.Kind)
		f.clone.VJP = f.g.VJP
		f.cmap = make(map[ir.Node]ir.Node, len(f.gi.index))
		for _, p := range f.g.Params {
			np := m.AddParam(f.clone, p.Name, p.Pos())
			f.cmap[p] = np
			s.aliasOf(np, p)
		}
		r.Graphs = append(r.Graphs, f.clone)
		switch k := f.g.Kind; {
		case f.gi.block:
			r.Blocks++
		case (k == ir.KindFunction || k == ir.KindLambda) && !strings.HasPrefix(f.g.Name, "fprop_"):
			r.User++
			fallthrough
		default:
			r.Specialisations++
		}
	}
	// Once every frame has its clone: a parameter's type may name any.
	for _, f := range frames {
		for i, np := range f.clone.Params {
			np.SetType(s.relabel(f.types[i]))
		}
	}
	s.branchOutputs(frames)
	for _, f := range frames {
		s.fill(f)
		if len(f.g.Defaults) > 0 {
			ds := make([]ir.Node, len(f.g.Defaults))
			for i, d := range f.g.Defaults {
				ds[i] = s.outer(f, d)
			}
			m.SetDefaults(f.clone, ds)
		}
	}
	count := map[*ir.Graph]int{}
	for _, f := range frames {
		if !f.gi.block {
			count[f.g]++
		}
	}
	for g, n := range count {
		if n > 1 {
			r.Polymorphic[g.Name] = n
		}
	}
	r.Entry = top.clone
	r.Conversions = s.conversions
	return r
}

type specialiser struct {
	in       *inferrer
	alias    Aliaser
	live     map[*frame]bool
	families map[*ir.Graph][]*ir.Graph
	// direct maps the graph constants that a frame calls directly (@g(x),
	// depend(@g, tok)(x), switch(c, @then, @else)()) to the frame called.
	direct map[*frame]map[*ir.Constant]*frame
	// outType is the type a block's output is converted to (convert.go).
	outType map[*frame]Type
	// conversions counts the numeric conversions made (Result).
	conversions int
	// fams and tables memoise valueFrames and table (siblings.go);
	// untabled are the values that have no table.
	fams     map[string][]*frame
	tables   map[string]*sigTable
	untabled map[string]bool
}

// directCalls fills s.direct for f from the frames its applies called.
func (s *specialiser) directCalls(f *frame) {
	for _, a := range f.gi.nodes {
		called := f.calls[a]
		if len(called) == 0 {
			continue
		}
		var consts []*ir.Constant
		x := a.Inputs[0]
		for ir.IsApplyOf(x, ir.Depend) && x.Graph() == f.g {
			x = x.(*ir.Apply).Inputs[1]
		}
		switch {
		case ir.GraphOf(x) != nil:
			consts = append(consts, x.(*ir.Constant))
		case ir.IsApplyOf(x, ir.Switch) && x.Graph() == f.g:
			for _, y := range x.(*ir.Apply).Inputs[2:] {
				if ir.GraphOf(y) != nil {
					consts = append(consts, y.(*ir.Constant))
				}
			}
		}
		for _, c := range consts {
			h := ir.GraphOf(c)
			for _, fr := range called {
				if fr.g == h && s.live[fr] {
					if s.direct[f] == nil {
						s.direct[f] = map[*ir.Constant]*frame{}
					}
					s.direct[f][c] = fr
					break
				}
			}
		}
	}
}

// skipped reports whether input i of a is dropped from the clone: the
// branch a switch with a known condition does not take.
func (s *specialiser) skipped(f *frame, a *ir.Apply, i int) bool {
	k, ok := f.folded[a]
	return ok && i != k
}

// target is the frame a graph constant of f was called as (the first, if
// the same closure was called with several signatures), or nil.
func (s *specialiser) target(f *frame, c *ir.Constant, h *ir.Graph) *frame {
	if fr, ok := s.direct[f][c]; ok {
		return fr
	}
	ctx := s.in.ctxFor(f, h)
	for _, from := range []*frame{f, nil} {
		fn := &GraphFn{G: h, Ctx: asFrame(ctx), Track: c.ID(), From: asFrame(from)}
		for _, fr := range s.in.uses[fn.Key()] {
			if s.live[fr] {
				return fr
			}
		}
	}
	return nil
}

func (s *specialiser) family(h *ir.Graph) []*ir.Graph {
	if fam, ok := s.families[h]; ok {
		return fam
	}
	fam := ir.Family(h)
	for _, k := range fam {
		s.in.info(k)
	}
	s.families[h] = fam
	return fam
}

// name is the clone's name: f[Int64, Float64] for a function, and for a
// block its function's clone name with the block's suffix (f[Int64].then3).
func (s *specialiser) name(f *frame) string {
	if !f.gi.block {
		parts := make([]string, len(f.args))
		for i, t := range f.args {
			parts[i] = t.String()
		}
		sig := strings.Join(parts, ", ")
		if len(sig) > 80 {
			sig = sig[:77] + "..."
		}
		return f.g.Name + "[" + sig + "]"
	}
	fn := f.parent
	for fn != nil && fn.gi != nil && fn.gi.block {
		fn = fn.parent
	}
	if fn != nil && fn.gi != nil && fn.clone != nil && strings.HasPrefix(f.g.Name, fn.g.Name+".") {
		return fn.clone.Name + f.g.Name[len(fn.g.Name):]
	}
	return f.g.Name
}

// relabel rewrites the functions in t to name the specialised graphs. A
// function type whose values are called with several signatures becomes
// the tuple of one function type per signature (siblings.go).
func (s *specialiser) relabel(t Type) Type {
	switch t := t.(type) {
	case *Tuple:
		out := make([]Type, len(t.Elems))
		for i, e := range t.Elems {
			out[i] = s.relabel(e)
		}
		return &Tuple{Elems: out}
	case *List:
		return &List{Elem: s.relabel(t.Elem), Len: t.Len}
	case *Func:
		if tb := s.table(t); tb != nil {
			return tb.tuple()
		}
		fns := make([]Fn, len(t.Fns))
		for i, fn := range t.Fns {
			fns[i] = fn
			if g, ok := fn.(*GraphFn); ok {
				if fr := s.firstCalled(g); fr != nil {
					fns[i] = &GraphFn{G: fr.clone, Track: g.Track}
				}
			}
		}
		return &Func{Fns: fns}
	case nil:
		return Bottom{}
	}
	return t
}

// fill clones f's body into f.clone, typed.
func (s *specialiser) fill(f *frame) {
	m := s.in.m
	np := len(f.g.Params)
	nodes := f.gi.nodes
	for i, a := range nodes[:len(nodes)-1] {
		if i >= len(nodes)-1-f.gi.unused {
			break // statements whose value is unused (unused.go)
		}
		if k, ok := f.folded[a]; ok {
			f.cmap[a] = s.input(f, a.Inputs[k])
			continue
		}
		in := make([]ir.Node, len(a.Inputs))
		for j, x := range a.Inputs {
			in[j] = s.input(f, x)
		}
		s.tableInputs(f, a, in)
		t := f.types[np+i]
		// Where a joins values of other types (convert.go): its inputs
		// are converted before it, what it returns after it.
		var resultFrom Type
		s.joinSites(f, a, t, func(k int, from, to Type) {
			switch {
			case k > 0:
				in[k] = s.convert(f.clone, in[k], from, to)
			case resultFrom == nil && s.needsConv(from, to):
				resultFrom = from
			}
		})
		na := m.Apply(f.clone, a.Pos(), in...)
		na.SetType(s.relabel(t))
		if ir.IsApplyOf(a, ir.Depend) && len(in) == 3 {
			if s.table(t) != nil {
				// depend(@g, tok) of a call of g: the graph called, not
				// the tuple the values of g are.
				na.SetType(in[1].Type())
			}
		}
		f.cmap[a] = na
		if resultFrom != nil {
			// The call's node is of the joined type t, and so are the
			// getitems that take its tuple apart: a native backend
			// converts each callee's result at the call already, and
			// only the values that arrive as ints on the VM are not what
			// their type says until converted.
			f.cmap[a] = s.conv(f.clone, na, resultFrom, t, true)
		}
		s.aliasOf(na, a)
	}
	res := f.result
	if t, ok := s.outType[f]; ok {
		res = t
	}
	out := f.g.Output()
	m.SetOutput(f.clone, s.convert(f.clone, s.input(f, out), s.in.typeOf(f, out), res))
	f.clone.Return().SetType(s.relabel(res))
}

// input maps a node used in f to its counterpart in f's clone.
func (s *specialiser) input(f *frame, x ir.Node) ir.Node {
	if c, ok := x.(*ir.Constant); ok {
		return s.constant(f, c, true)
	}
	for fr := f; fr != nil; fr = fr.parent {
		if fr.gi == nil {
			// A free variable of a transformed closure: its context is
			// not cloned, unless it is one function known by its type.
			if k := s.knownFunc(fr, x); k != nil {
				return k
			}
			return x
		}
		if fr.g == x.Graph() {
			if n, ok := fr.cmap[x]; ok {
				return n
			}
			break
		}
	}
	panic("infer: no clone of node " + x.Pos().String() + " in " + f.g.Name)
}

// knownFunc is a typed constant for x, a parameter of the context fr
// of a transformed closure (J of a closure: each parameter J of one of
// its free variables), if x's type there is one function that holds no
// data, a primitive or a top-level graph: in an unrolled loop that
// makes f = grad(f), the J of the closure the last step made calls the
// J of the function the step before made. Else nil.
func (s *specialiser) knownFunc(fr *frame, x ir.Node) ir.Node {
	p, ok := x.(*ir.Parameter)
	if !ok || p.Graph() != fr.g {
		return nil
	}
	ft, ok := fr.env[x].(*Func)
	if !ok || len(ft.Fns) != 1 || s.table(ft) != nil {
		return nil
	}
	var v any
	switch fn := ft.Fns[0].(type) {
	case PrimFn:
		v = fn.P
	case *GraphFn:
		if fn.G == nil || fn.G.Parent != nil || fn.Ctx != nil {
			return nil
		}
		// Its typed clone where one is called; else it is only
		// transformed (J of J of a function), which names the graph.
		v = fn.G
		if called := s.firstCalled(fn); called != nil {
			v = called.clone
		}
	default:
		return nil
	}
	n := s.in.m.Const(v, x.Pos())
	n.SetType(s.relabel(ft))
	return n
}

func (s *specialiser) constant(f *frame, c *ir.Constant, typed bool) ir.Node {
	m := s.in.m
	h, ok := c.Value.(*ir.Graph)
	if !ok {
		n := m.Const(c.Value, c.Pos())
		n.SetType(s.in.constType(f, c))
		return n
	}
	if fr := s.target(f, c, h); fr != nil {
		if _, called := s.direct[f][c]; typed && !called {
			// A function value: the tuple of its specialisations if
			// it is called with several signatures (siblings.go), each
			// made here.
			g := &GraphFn{G: h, Ctx: asFrame(s.in.ctxFor(f, h)), Track: c.ID()}
			if tb := s.table(&Func{Fns: []Fn{g}}); tb != nil {
				t := tb.tuple()
				es := make([]ir.Node, len(tb.elems))
				for i, e := range tb.elems {
					k := m.Const(e.Fns[0].(*GraphFn).G, c.Pos())
					k.SetType(e)
					es[i] = k
				}
				return s.primApply(f.clone, c.Pos(), ir.MakeTuple, t, es...)
			}
		}
		n := m.Const(fr.clone, c.Pos())
		n.SetType(&Func{Fns: []Fn{&GraphFn{G: fr.clone, Track: c.ID()}}})
		return n
	}
	if h.Parent == nil {
		return m.Const(h, c.Pos())
	}
	n := m.Const(s.cloneFamily(f, h), c.Pos())
	if typed {
		// A closure only a run-time J takes: its type names the clone,
		// with the track of the types that name h (a backend finds it
		// by the track, plan.Callees).
		n.SetType(&Func{Fns: []Fn{&GraphFn{G: n.Value.(*ir.Graph), Track: c.ID()}}})
	}
	return n
}

// cloneFamily clones, without types, a closure h made in f and never
// called, with the graphs nested in it.
func (s *specialiser) cloneFamily(f *frame, h *ir.Graph) *ir.Graph {
	m := s.in.m
	fam := s.family(h)
	gmap := map[*ir.Graph]*ir.Graph{}
	nmap := map[ir.Node]ir.Node{}
	for _, k := range fam {
		parent := gmap[k.Parent]
		if k == h {
			parent = s.parentClone(f, h)
		}
		ck := m.NewGraph(k.Name, k.Pos, parent, k.Kind)
		gmap[k] = ck
		for _, p := range k.Params {
			nmap[p] = m.AddParam(ck, p.Name, p.Pos())
			s.aliasOf(nmap[p], p)
		}
	}
	mapIn := func(x ir.Node) ir.Node {
		if c, ok := x.(*ir.Constant); ok {
			if g, ok := c.Value.(*ir.Graph); ok {
				if cg, ok := gmap[g]; ok {
					return m.Const(cg, c.Pos())
				}
				return s.constant(f, c, false)
			}
			return m.Const(c.Value, c.Pos())
		}
		if n, ok := nmap[x]; ok {
			return n
		}
		return s.input(f, x)
	}
	for _, k := range fam {
		nodes := s.in.info(k).nodes
		for _, a := range nodes[:len(nodes)-1] {
			in := make([]ir.Node, len(a.Inputs))
			for j, x := range a.Inputs {
				in[j] = mapIn(x)
			}
			nmap[a] = m.Apply(gmap[k], a.Pos(), in...)
			s.aliasOf(nmap[a], a)
		}
		m.SetOutput(gmap[k], mapIn(k.Output()))
	}
	// Defaults last: one may be a node of another graph of the family
	// (a lambda's w=w in a loop body), cloned above.
	for _, k := range fam {
		if len(k.Defaults) > 0 {
			ds := make([]ir.Node, len(k.Defaults))
			for i, d := range k.Defaults {
				ds[i] = mapIn(d)
			}
			m.SetDefaults(gmap[k], ds)
		}
	}
	return gmap[h]
}

// parentClone is the clone, in f's chain, of h's lexical parent.
func (s *specialiser) parentClone(f *frame, h *ir.Graph) *ir.Graph {
	for fr := f; fr != nil; fr = fr.parent {
		if fr.g == h.Parent {
			if fr.gi == nil {
				return fr.g
			}
			return fr.clone
		}
	}
	return h.Parent
}

// outer maps a node evaluated where f's def stands (a default value) to
// its counterpart in the clone of f's context.
func (s *specialiser) outer(f *frame, d ir.Node) ir.Node {
	if f.parent == nil || f.parent.gi == nil {
		return d // constants, or nodes of a transformed closure's context
	}
	return s.input(f.parent, d)
}

func (s *specialiser) aliasOf(clone, orig ir.Node) {
	if s.alias != nil {
		s.alias.Alias(clone, orig)
	}
}
