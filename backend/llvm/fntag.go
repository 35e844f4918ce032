package llvm

import (
	"fmt"
	"strings"

	"github.com/myia/myia/backend/llvm/plan"
	"github.com/myia/myia/ir"
)

// Function values that may be one of several functions without data
// (primitives, and graphs without free variables) are a tag, an i64:
// the index of the function among the type's members (as
// backend/cgo's fntag.go). A call is a switch on the tag whose cases
// call the graph or apply the primitive inline.

// tagIndex is the index of the function f (a unit naming a primitive or
// a graph) among the members of the tag type t, or -1.
func tagIndex(t, f *ltype) int {
	for i, m := range t.elems {
		if f.isPrim && m.isPrim && m.prim == f.prim || f.graph != nil && m.graph == f.graph {
			return i
		}
	}
	return -1
}

// toTag converts x of ltype from (a function, or a tag of other
// members) to the tag type to; ok is false if from has a function to
// does not.
func (e *fnEmitter) toTag(x string, from, to *ltype) (string, bool) {
	switch from.kind {
	case kUnit:
		if i := tagIndex(to, from); i >= 0 {
			return fmt.Sprint(i), true
		}
	case kFnTag:
		r := "0"
		for i, m := range from.elems {
			j := tagIndex(to, m)
			if j < 0 {
				return "", false
			}
			r = e.def("select i1 %s, i64 %d, i64 %s", e.def("icmp eq i64 %s, %d", x, i), j, r)
		}
		return r, true
	}
	return "", false
}

// callTag writes a call of a function value whose type is a tag: a
// switch whose case i calls the member i (a graph) or applies it (a
// primitive, lowered into the call's slot as its own application would
// be).
func (e *fnEmitter) callTag(k *ir.Graph, a *ir.Apply, c plan.Call, tail bool) {
	f, ft := e.val(c.FnNode)
	args := a.Args()
	rt := e.typeOf(a)
	s := e.site(a.Pos(), k)
	labels := make([]string, len(ft.elems))
	var cases []string
	for i := range ft.elems {
		labels[i] = e.newLabel()
		if i < len(ft.elems)-1 {
			cases = append(cases, fmt.Sprintf("i64 %d, label %%%s", i, labels[i]))
		}
	}
	join := e.newLabel()
	e.term("switch i64 %s, label %%%s [ %s ]", f, labels[len(labels)-1], strings.Join(cases, " "))
	for i, m := range ft.elems {
		e.label(labels[i])
		switch {
		case m.isPrim:
			e.applyPrim(a, m.prim, rt, args)
		case m.graph != nil:
			t := m.graph
			targs, ok := plan.MemberArgs(e.M, a, t)
			if !ok {
				refuse(a.Pos(), "a call of %s with %d arguments, want %d", plan.ShortName(t), len(args), len(t.Params))
			}
			parts := []string{"%myia_ctx* %ctx"}
			for j, x := range targs {
				pt := e.typeOf(t.Params[j])
				parts = append(parts, pt.name+" "+e.arg(x, pt))
			}
			leaf := e.Leaf(t)
			e.enter(s, leaf)
			out := e.typeOf(t.Output())
			r := e.def("call %s @f%d(%s)", out.name, t.ID(), strings.Join(parts, ", "))
			e.leave(s, leaf)
			e.callInto(a, r, out)
		default:
			refuse(a.Pos(), "a call of a function value of type %s", ft)
		}
		e.term("br label %%%s", join)
	}
	e.label(join)
	if tail {
		e.ret(k, a.Pos(), e.def("load %s, %s* %%n%d", rt.name, rt.name, a.ID()), rt)
		return
	}
	e.label(fmt.Sprintf("ret_%d", a.ID()))
}

// applyPrim writes the primitive p applied to args, a call through a
// function value (a tag or a union), into the call's slot (of ltype
// rt), as the primitive's own application would be lowered.
func (e *fnEmitter) applyPrim(a *ir.Apply, p ir.Prim, rt *ltype, args []ir.Node) {
	lower, ok := lowerings[p]
	if !ok {
		refuse(a.Pos(), "the primitive %s is not supported by the LLVM backend yet", p)
	}
	e.isOwned = false
	x := lower(e, a, rt, args)
	e.put(a.ID(), rt, x, e.isOwned)
	e.isOwned = false
}

// jOfTag is J of a tag (x, or the tag of a union of graphs without
// free variables): the union res of its members' forward graphs
// (fprop_p of a primitive p, fprop_f of a graph f without free
// variables, which inference typed), boxed; with forward, JF's
// (jvp_p, jvp_f).
func (e *fnEmitter) jOfTag(a *ir.Apply, res *ltype, x string, tx *ltype, forward bool) string {
	if res.kind != kUnion {
		refuse(a.Pos(), "J of a %s giving a %s", tx, res)
	}
	js := make([]int, len(tx.elems))
	for i, m := range tx.elems {
		graphOf := func(t *ltype) *ir.Graph { return t.graph }
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
		js[i] = j
	}
	v := e.boxByTag(x, len(js), func(i int) string {
		return e.def("call i8* %s(i8 0)", e.unionMaker(res, js[i]))
	})
	e.isOwned = true
	return v
}

// boxByTag is the union record that box(i) makes in case i of a switch
// on tag, over n cases (the last one the default).
func (e *fnEmitter) boxByTag(tag string, n int, box func(i int) string) string {
	slot := e.slot("i8*")
	labels := make([]string, n)
	var cases []string
	for i := range labels {
		labels[i] = e.newLabel()
		if i < n-1 {
			cases = append(cases, fmt.Sprintf("i64 %d, label %%%s", i, labels[i]))
		}
	}
	join := e.newLabel()
	e.term("switch i64 %s, label %%%s [ %s ]", tag, labels[n-1], strings.Join(cases, " "))
	for i, l := range labels {
		e.label(l)
		e.inst("store i8* %s, i8** %s", box(i), slot)
		e.term("br label %%%s", join)
	}
	e.label(join)
	return e.def("load i8*, i8** %s", slot)
}
