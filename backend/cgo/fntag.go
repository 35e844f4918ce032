package cgo

import (
	"fmt"
	"strings"

	"github.com/myia/myia/backend/llvm/plan"
	"github.com/myia/myia/ir"
)

// Function values that may be one of several functions without data
// (primitives, and graphs without free variables: `for f in (np.exp,
// np.log): f(x)`) are a tag, an int64_t: the index of the function among
// the type's members (plan.Callees.Members: the graphs by ID, then the
// primitives). A call is a switch on the tag whose cases call the graph
// or apply the primitive inline, as a primitive call would.

// tagIndex is the index of the function f (a unit naming a primitive or
// a graph) among the members of the tag type t, or -1.
func tagIndex(t, f *ctype) int {
	for i, m := range t.elems {
		if f.isPrim && m.isPrim && m.prim == f.prim || f.graph != nil && m.graph == f.graph {
			return i
		}
	}
	return -1
}

// toTag converts x of ctype from (a function, or a tag of other
// members) to the tag type to; ok is false if from has a function to
// does not.
func (e *fnEmitter) toTag(x string, from, to *ctype) (string, bool) {
	switch from.kind {
	case kUnit:
		if i := tagIndex(to, from); i >= 0 {
			return fmt.Sprintf("INT64_C(%d)", i), true
		}
	case kFnTag:
		idx := make([]string, len(from.elems))
		for i, m := range from.elems {
			j := tagIndex(to, m)
			if j < 0 {
				return "", false
			}
			idx[i] = fmt.Sprint(j)
		}
		return fmt.Sprintf("((const int64_t[]){%s})[%s]", strings.Join(idx, ", "), x), true
	}
	return "", false
}

// callTag writes a call of a function value whose type is a tag: a
// switch whose case i calls the member i (a graph) or applies it (a
// primitive, lowered into the call's variable as its own application
// would be).
func (e *fnEmitter) callTag(k *ir.Graph, a *ir.Apply, c plan.Call, tail bool) {
	f, ft := e.val(c.FnNode)
	args := a.Args()
	dst, rt := fmt.Sprintf("n%d", a.ID()), e.typeOf(a)
	s := e.site(a.Pos(), k)
	if rt.hasArrays() {
		e.line("%s", e.release(rt, dst))
	}
	e.line("switch (%s) {", f)
	for i, m := range ft.elems {
		branch := "default"
		if i < len(ft.elems)-1 {
			branch = fmt.Sprintf("case %d", i)
		}
		e.line("%s: {", branch)
		switch {
		case m.isPrim:
			e.applyPrim(a, m.prim, rt, args)
		case m.graph != nil:
			t := m.graph
			targs, ok := plan.MemberArgs(e.M, a, t)
			if !ok {
				refuse(a.Pos(), "a call of %s with %d arguments, want %d", plan.ShortName(t), len(args), len(t.Params))
			}
			parts := []string{"ctx"}
			for j, x := range targs {
				parts = append(parts, e.arg(x, e.typeOf(t.Params[j])))
			}
			enter, leave := "MYIA_ENTER", "MYIA_LEAVE"
			if e.Leaf(t) {
				enter, leave = "MYIA_ENTER_LEAF", "MYIA_LEAVE_LEAF"
			}
			e.line("%s(%d);", enter, s)
			e.callInto(a, fmt.Sprintf("f%d(%s)", t.ID(), strings.Join(parts, ", ")), e.typeOf(t.Output()))
			e.line("%s(%d);", leave, s)
		default:
			refuse(a.Pos(), "a call of a function value of type %s", ft)
		}
		e.line("break; }")
	}
	e.line("}")
	if tail {
		e.ret(k, a.Pos(), dst, rt)
		return
	}
	fmt.Fprintf(e.b, "ret_%d: ;\n", a.ID())
}

// applyPrim writes the primitive p applied to args, a call through a
// function value (a tag or a union), into the call's variable (of ctype
// rt, released before the switch), as the primitive's own application
// would be lowered.
func (e *fnEmitter) applyPrim(a *ir.Apply, p ir.Prim, rt *ctype, args []ir.Node) {
	lower, ok := lowerings[p]
	if !ok {
		refuse(a.Pos(), "the primitive %s is not supported by the C backend yet", p)
	}
	dst := fmt.Sprintf("n%d", a.ID())
	e.isOwned = false
	lower(e, a, dst, rt, args)
	if rt.hasArrays() && !e.isOwned {
		e.line("%s", e.retain(rt, dst))
	}
	e.isOwned = false
}

// jOfTag is J of a tag (x, or the tag of a union of graphs without
// free variables): the union res of its members' forward graphs
// (fprop_p of a primitive p, fprop_f of a graph f without free
// variables, which inference typed), boxed; with forward, JF's
// (jvp_p, jvp_f).
func (e *fnEmitter) jOfTag(a *ir.Apply, dst string, res *ctype, x string, tx *ctype, forward bool) {
	if res.kind != kUnion {
		refuse(a.Pos(), "J of a %s giving a %s", tx, res)
	}
	e.line("switch (%s) {", x)
	for i, m := range tx.elems {
		graphOf := func(t *ctype) *ir.Graph { return t.graph }
		j := -1
		switch {
		case m.isPrim && forward:
			j = plan.JFPrimIndex(res.elems, m.prim, graphOf)
		case m.isPrim:
			j = plan.FpropIndex(res.elems, m.prim, graphOf)
		case m.graph != nil && forward:
			j = plan.JFGraphIndex(res.elems, m.graph, graphOf)
		case m.graph != nil:
			j = plan.JGraphIndex(res.elems, m.graph, graphOf)
		}
		if j < 0 || res.elems[j].kind != kUnit || m.kind != kUnit {
			refuse(a.Pos(), "J of a function value that may be one of several functions (%s)", tx)
		}
		branch := "default"
		if i < len(tx.elems)-1 {
			branch = fmt.Sprintf("case %d", i)
		}
		e.line("%s: %s = %s(0); break;", branch, dst, e.unionMaker(res, j))
	}
	e.line("}")
	e.isOwned = true
}
