package opt

// Lift lambda-lifts closures into first-order code: a def or lambda
// nested in another graph, only ever called (never passed, returned or
// stored), becomes a top-level graph that takes its free variables as
// extra parameters, and its calls pass them:
//
//	graph f(x) {                       graph f(x) {
//	  %1 = @f.g(2)                       %1 = @g(2, x)
//	  ...                                ...
//	graph f.g(y) in f {        ->      graph g(y, x) {
//	  %1 = mul(y, f.x)                   %1 = mul(y, x)
//
// No closure is made at run time, and the native backends get
// first-order code. Graphs that are blocks of control flow (branches,
// joins, loops) are left nested: the VM compiles them into their
// function's frame. A recursive closure, one made by the J transform
// (whose environment keys name its free variables) and one whose
// identity a run-time J depends on are left too. It runs at -O2, once
// inlining has taken what it could.

import (
	"github.com/myia/myia/ir"
)

// Lift is the lambda-lifting pass.
func Lift(u *Unit) bool {
	an := u.analysis()
	changed := false
	for _, k := range an.graphs {
		if !u.liftable(an, k) {
			continue
		}
		fvs := family(k).fvs
		kl := u.lifted[k]
		if kl == nil || !u.reusable(kl) {
			kl = u.liftGraph(k, fvs)
			u.lifted[k] = kl
			u.copyOf[kl] = k
		}
		for _, us := range append([]ir.Use(nil), an.uses[k]...) {
			sites, _ := callSites(u.M, an, us)
			for _, a := range sites {
				in := []ir.Node{u.replaceCallee(a.Inputs[0], kl)}
				in = append(in, a.Args()...)
				in = append(in, fvs...)
				u.M.Replace(a, u.apply(a.Graph(), a.Pos(), a.Type(), in...))
				changed = true
			}
		}
	}
	return changed
}

// liftable reports whether k may be lifted.
func (u *Unit) liftable(an *analysis, k *ir.Graph) bool {
	if k.Parent == nil || (k.Kind != ir.KindFunction && k.Kind != ir.KindLambda) || isJWorld(k) ||
		an.escapes[k] || len(an.uses[k]) == 0 || u.recursive(an, k) || an.holdsProtected[k] ||
		k.VJP != nil || len(k.Defaults) > 0 {
		return false
	}
	if len(family(k).closures) > 0 {
		return false // it makes closures of graphs outside it
	}
	for _, us := range an.uses[k] {
		sites, ok := callSites(u.M, an, us)
		if !ok || us.Index != 0 && !ir.IsApplyOf(us.User, ir.Depend) {
			return false // through a switch: the arms must stay alike
		}
		for _, a := range sites {
			if len(a.Args()) != len(k.Params) || an.isProtected(a) {
				return false
			}
		}
	}
	return true
}

// liftGraph makes the top-level copy of k that takes k's free
// variables fvs after its parameters.
func (u *Unit) liftGraph(k *ir.Graph, fvs []ir.Node) *ir.Graph {
	m := u.M
	cl := newCloner(u)
	kl := m.NewGraph(k.Name, k.Pos, nil, k.Kind)
	for _, p := range k.Params {
		np := m.AddParam(kl, p.Name, p.Pos())
		np.SetType(p.Type())
		cl.node[p] = np
	}
	for _, v := range fvs {
		np := m.AddParam(kl, fvName(v), v.Pos())
		np.SetType(v.Type())
		cl.node[v] = np
	}
	cl.parent[k] = kl
	fam := cl.nested(k)
	cl.applies(k, kl)
	cl.finish(fam)
	m.SetOutput(kl, cl.input(k.Output()))
	kl.Return().SetType(k.Return().Type())
	return kl
}

// fvName names the parameter a free variable becomes.
func fvName(v ir.Node) string {
	if p, ok := v.(*ir.Parameter); ok {
		return p.Name
	}
	return "fv"
}
