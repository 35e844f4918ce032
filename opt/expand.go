package opt

// Expand transforms J of a closure that captures nothing now, as the
// grad pass (ad.Expand) does for top-level functions, so that the
// optimizer sees the derivative code instead of a J applied at run
// time:
//
//	%1 = J(@grad_f)       ->    (uses of %1 use @fprop_grad_f)
//	%2 = %1(x)                  %2 = @fprop_grad_f(x)
//
// This is what second-order gradients need: grad(grad(f)) applies J to
// the inner gradient, a closure of the function that makes it. The J
// graph is made by the unit's differentiator (Options.AD; without one
// the pass does nothing) and is a top-level graph, since the closure
// uses nothing of its parent. It runs first, at -O2, so that the graphs
// it makes are optimized with the rest. It also transforms J of a
// top-level graph that the optimizer exposed (vjp of a gradient: J of
// the fprop_ graph the grad pass made, once the pullback is inlined).

import (
	"slices"

	"github.com/myia/myia/ir"
	lattice "github.com/myia/myia/ir/types"
)

// expandMax is the largest J graph (with the graphs it reaches) Expand
// puts in place of a J: past it, optimizing the J graph costs more
// compile time than it saves at run time (third-order gradients).
const expandMax = 3000

// Differentiator applies J to graphs; *ad.Transformer is one (opt may
// not import ad).
type Differentiator interface {
	// Graph, EnvMap and Fprop are J's: free variable i of J(g) is J of
	// free variable EnvMap(g)[i] of g.
	ir.Transform
	// Forward returns JF, forward mode, which Expand applies the same
	// way (nil: JF of closures stays a run-time JF).
	Forward() ir.Transform
}

// Expand is the pass that transforms J of closures now.
func Expand(u *Unit) bool {
	if u.typed {
		return u.resolveJ()
	}
	if u.ad == nil {
		return false
	}
	an := u.analysis()
	changed := false
	for _, h := range an.graphs {
		for _, a := range an.nodes[h] {
			prim := ir.J
			var tr ir.Transform = u.ad
			if ir.IsApplyOf(a, ir.JF) {
				prim, tr = ir.JF, u.ad.Forward()
			}
			if !ir.IsApplyOf(a, prim) || tr == nil || len(u.M.Users(a)) == 0 || an.isProtected(a) {
				continue
			}
			g := ir.GraphOf(arg(a, 0))
			if g != nil && g.Parent == nil && g.Return() != nil {
				// A top-level graph the optimizer exposed (vjp of a
				// gradient: J of the fprop the grad pass made).
				if !changed {
					u.cleanDeadNested(an)
				}
				jg := tr.Graph(g)
				if n := newWalk(nil).run(jg).size(); n > expandMax {
					continue
				}
				u.M.Replace(a, u.constant(jg, a.Pos(), a.Type()))
				changed = true
				continue
			}
			if g == nil || g.Parent == nil || !an.live[g] {
				continue
			}
			fam := family(g)
			if len(fam.closures) > 0 {
				continue
			}
			// A closure without free variables but holding nodes a run-time
			// J reads keys from stays; one with free variables is copied
			// from its J transform, which leaves g and its nodes as they are.
			if len(fam.fvs) == 0 && an.holdsProtected[g] {
				continue
			}
			if !changed {
				u.cleanDeadNested(an) // the J transform reads ir.Graph.Nodes
			}
			var jg *ir.Graph
			if len(fam.fvs) == 0 {
				jg = tr.Graph(g)
				if jfam := family(jg); len(jfam.fvs) > 0 || len(jfam.closures) > 0 {
					continue // it needs something of the stub the J transform made
				}
				if n := newWalk(nil).run(jg).size(); n > expandMax {
					continue // third order and beyond: left to run time
				}
				jg.Parent = nil // it uses nothing of the stub the J transform made for it
			} else if jg = u.expandClosure(a, g, tr, prim); jg == nil {
				continue
			}
			u.expanded[jg] = g
			u.M.Replace(a, u.constant(jg, a.Pos(), a.Type()))
			changed = true
		}
	}
	return changed
}

// expandClosure is J of a closure g that captures values, made where
// the J stands (in a's graph, inside the scope of g's free variables):
// a copy of the J transform of g nested there, in which each parameter
// of the stub the transform made (J of a free variable of g) is J of
// that free variable, computed in a's graph:
//
//	graph body(x) {                    graph body(x) {
//	  %1 = J(@lambda)          ->        %1 = J(x)
//	  ...                                (uses of J(@lambda) use @fprop_lambda,
//	}                                     whose free variable is %1)
//	graph lambda(q) in body {          graph fprop_lambda(q) in body { ... }
//	  ... x ...
//	}
//
// This is the common grad(lambda p: loss(p, data)) of a loop or a
// function body: after it, the derivative is ordinary code that
// inference types and the native backends compile, where a J at run
// time would leave the closure's code without types. The copy is the
// code a run-time J would run (the same J graph, with the same
// environment keys), so g and its nodes stay as they are. It returns
// nil if the transform needs more than g's free variables.
func (u *Unit) expandClosure(a *ir.Apply, g *ir.Graph, tr ir.Transform, prim ir.Prim) (jg *ir.Graph) {
	defer func() {
		if r := recover(); r != nil {
			jg = nil // the transform could not map a free variable: left to run time
		}
	}()
	orig := tr.Graph(g)
	stub := orig.Parent
	if stub == nil {
		return nil
	}
	jfam := family(orig)
	if len(jfam.closures) > 0 || jfam.size() > expandMax {
		return nil
	}
	emap := tr.EnvMap(g)
	fv := u.M.FreeVariables(g)
	jfv := u.M.FreeVariables(orig)
	for _, v := range jfv {
		if p, ok := v.(*ir.Parameter); !ok || p.Graph() != stub {
			return nil
		}
	}
	cl := newCloner(u)
	h := a.Graph()
	for i, v := range jfv {
		cl.node[v] = u.applyPrim(h, v.Pos(), nil, prim, fv[emap[i]])
	}
	jg = cl.cloneGraph(orig, h, orig.Name, nil)
	u.copyOf[jg] = orig
	return jg
}

// resolveJ, in a typed unit, replaces J of a closure without types
// (J(@closure) of a closure inference only saw through J, left to run
// time by the untyped passes) by the typed J graph inference named in
// J's type: the same function, whose code the optimizer then sees (a
// native backend would otherwise compile it unoptimized, or not at all
// when it captures values). A J graph that captures nothing is used as
// it is; one that captures values is copied where the J stands
// (typedClosureJ), also for a closure the code calls besides (J of an
// fprop closure, in a gradient of Newton's method on a closure, which
// expandClosure leaves since the fprop holds its bprop closure).
func (u *Unit) resolveJ() bool {
	an := u.analysis()
	changed := false
	for _, h := range an.graphs {
		for _, a := range an.nodes[h] {
			if !ir.IsApplyOf(a, ir.J) && !ir.IsApplyOf(a, ir.JF) || an.isProtected(a) {
				continue
			}
			g := ir.GraphOf(arg(a, 0))
			if g == nil {
				if p, ok := arg(a, 0).(*ir.Parameter); ok && u.bindOnce(an, p, a.Type()) {
					changed = true
				}
				continue
			}
			ft, ok := a.Type().(*lattice.Func)
			if !ok || len(ft.Fns) != 1 {
				continue
			}
			gf, ok := ft.Fns[0].(*lattice.GraphFn)
			if !ok || gf.G == nil || !isTyped(gf.G) {
				continue
			}
			if len(u.M.FreeVariables(gf.G)) > 0 {
				if jg := u.typedClosureJ(a, g, gf.G); jg != nil {
					u.M.Replace(a, u.graphConst(jg, a.Pos()))
					changed = true
				}
				continue
			}
			if an.live[g] {
				continue // the closure's J graph is expanded from g's code
			}
			gf.G.Parent = nil // it uses nothing of the stub it is nested in
			u.M.Replace(a, u.constant(gf.G, a.Pos(), a.Type()))
			changed = true
		}
	}
	return changed
}

// typedJGraph is the typed J graph that the type of a, a J, names: the
// code a J left to run time calls (in the J transform's stub, for J of
// a closure).
func typedJGraph(a *ir.Apply) *ir.Graph {
	ft, ok := a.Type().(*lattice.Func)
	if !ok || len(ft.Fns) != 1 {
		return nil
	}
	gf, ok := ft.Fns[0].(*lattice.GraphFn)
	if !ok || gf.G == nil || !isTyped(gf.G) {
		return nil
	}
	return gf.G
}

// bindOnce replaces the parameter p by the constant its graph's only
// call passes (a typed unit), for J(p) of type jt: an unrolled loop
// that makes f = grad(f) passes each step's closure to the next step,
// called once. A closure passed whose J graph captures nothing is made
// a constant anywhere first: its free variables, parameters of the
// graphs around it, are bound the same way, and it moves to the top
// level. Then J(@closure) is resolved as any other. Nothing moves but
// the closure: the parameters only ever held those values. It reports
// whether p was bound; nothing changes when it is not.
func (u *Unit) bindOnce(an *analysis, p *ir.Parameter, jt ir.Type) bool {
	if ft, ok := jt.(*lattice.Func); !ok || len(ft.Fns) != 1 {
		return false
	} else if gf, ok := ft.Fns[0].(*lattice.GraphFn); !ok || gf.G == nil || len(u.M.FreeVariables(gf.G)) > 0 {
		return false
	}
	binds := map[*ir.Parameter]*ir.Constant{}
	var hoist []*ir.Graph
	if !u.canBind(an, p, 0, binds, &hoist) {
		return false
	}
	for _, h := range hoist {
		h.Parent = nil
	}
	for q, c := range binds {
		k := u.constant(c.Value, c.Pos(), q.Type())
		for _, us := range slices.Clone(u.M.Users(q)) {
			u.M.SetInput(us.User, us.Index, k)
		}
	}
	return true
}

// canBind reports whether bindOnce can bind p, listing the parameters
// to bind with their constants, and the closures to move to the top
// level.
func (u *Unit) canBind(an *analysis, p *ir.Parameter, depth int, binds map[*ir.Parameter]*ir.Constant, hoist *[]*ir.Graph) bool {
	g := p.Graph()
	if depth > 16 || g == nil || !an.live[g] || u.root[g] || g.Return() == nil || !u.calledOnce(an, g, nil) {
		return false
	}
	i := slices.Index(g.Params, p)
	call := onlyCall(u, an, g)
	if i < 0 || call == nil || len(call.Args()) != len(g.Params) {
		return false
	}
	c, ok := call.Args()[i].(*ir.Constant)
	if !ok {
		return false
	}
	if h := ir.GraphOf(c); h != nil && h.Parent != nil {
		for _, v := range u.M.FreeVariables(h) {
			q, ok := v.(*ir.Parameter)
			if !ok || !u.canBind(an, q, depth+1, binds, hoist) {
				return false
			}
		}
		*hoist = append(*hoist, h)
	}
	binds[p] = c
	return true
}

// onlyCall is the live call of g, which calledOnce says is its only
// use, or nil.
func onlyCall(u *Unit, an *analysis, g *ir.Graph) *ir.Apply {
	for _, c := range g.Constants() {
		for _, us := range u.M.Users(c) {
			if a := us.User; us.Index == 0 && an.isLive(a) && len(a.Inputs) > 0 {
				return a
			}
		}
	}
	return nil
}

// keyer is a Differentiator that tells the node a free variable of a J
// graph stands for: *ad.Transformer keys environments by primal node,
// and a clone inference made has its original's key.
type keyer interface {
	Key(n ir.Node) ir.EnvKey
}

// typedClosureJ is expandClosure for a typed unit: J(@g) of a closure g
// that captures values, whose typed J graph jg (J's type) is nested in
// the stub the J transform made, each parameter of the stub standing
// for J of a free variable of g. jg moves where the J stands and
// captures g's free variables themselves (J of data is the data); the
// types of the code that uses the J's value, which name jg and the
// closures it makes, stay right. It returns nil if another J names jg,
// if a free variable holds a function (its J is a J graph of its own)
// or has no counterpart in g.
func (u *Unit) typedClosureJ(a *ir.Apply, g, jg *ir.Graph) *ir.Graph {
	k, ok := u.ad.(keyer)
	stub := jg.Parent
	if !ok || stub == nil || g.Parent == nil || !ir.IsApplyOf(a, ir.J) {
		return nil
	}
	an := u.analysis()
	for _, h := range an.graphs {
		for _, b := range an.nodes[h] {
			if b != a && ir.IsApplyOf(b, ir.J) && typedJGraph(b) == jg {
				return nil
			}
		}
	}
	byKey := map[ir.EnvKey]ir.Node{}
	for _, v := range u.M.FreeVariables(g) {
		byKey[k.Key(v)] = v
	}
	for _, v := range u.M.FreeVariables(g) {
		u.standsKeys(k, v, func(b ir.EnvKey) {
			if byKey[b] == nil {
				byKey[b] = v
			}
		})
	}
	bind := map[ir.Node]ir.Node{}
	for _, p := range u.M.FreeVariables(jg) {
		sp, ok := p.(*ir.Parameter)
		if !ok || sp.Graph() != stub {
			return nil
		}
		v := byKey[k.Key(p)]
		if v == nil {
			return nil
		}
		if t, ok := v.Type().(lattice.Type); !ok || lattice.HoldsFunc(t) {
			return nil
		}
		bind[p] = v
	}
	// The untyped J graph the transform made shares the stub: only
	// jg's uses change.
	for p, v := range bind {
		for _, us := range slices.Clone(u.M.Users(p)) {
			if jg.IsAncestorOf(us.User.Graph()) {
				u.M.SetInput(us.User, us.Index, v)
			}
		}
	}
	jg.Parent = a.Graph()
	return jg
}
