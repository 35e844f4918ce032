package infer

import (
	"fmt"

	"github.com/myia/myia/ir"
)

// A call of a function value that may be one of several functions of
// different arities: [lambda x: x + 1, lambda x, y: x][0](1). Only the
// function called at run time must take the arguments, as in Python:
// the members the arguments fit are called; each other graph is called,
// for these argument types, as a raiser, a graph of as many parameters
// that fails at run time with Python's TypeError, positioned at the
// call:
//
//	graph lambda.arity3_10(x) in main {        (lambda x, y: x, called with one argument)
//	  %1 = check(False, "<lambda>() missing 1 required positional argument: 'y'", undefined)
//	  return %1 : Bottom
//	}
//
// The raiser is a frame of the value's graph as any other: the
// specialiser makes its clone where the value is made (the element of
// the list is a closure of the raiser), and a value called both ways is
// the tuple of both clones (siblings.go). When the arguments fit no
// member, the call is an error at compile time, as before.

// fits reports whether fn takes n arguments.
func fits(fn Fn, n int) bool {
	switch fn := fn.(type) {
	case PrimFn:
		ar := fn.P.Info().Arity
		return fn.P != ir.Return && (ar < 0 || ar == n)
	case *PartialFn:
		return fits(fn.Fn, n+len(fn.Args))
	case *GraphFn:
		np := len(fn.G.Params)
		return fn.G.Return() != nil && n <= np && n >= np-len(fn.G.Defaults)
	}
	return true
}

// someFit reports whether the arguments fit some members of ct but
// not all, and only graphs are left out: those are called as raisers.
func someFit(ct *Func, n int) bool {
	fit, unfit := false, false
	for _, fn := range ct.Fns {
		if fits(fn, n) {
			fit = true
			continue
		}
		if _, ok := fn.(*GraphFn); !ok {
			return false
		}
		unfit = true
	}
	return fit && unfit
}

// raiserKey names the raiser of a graph for a number of arguments at a
// call.
type raiserKey struct {
	g   *ir.Graph
	n   int
	pos ir.Pos
}

// callRaiser calls, at a, the raiser of fn for args: fn does not take
// as many arguments. It returns the raiser's frame.
func (in *inferrer) callRaiser(f *frame, a *ir.Apply, fn *GraphFn, args []Type) (Type, *frame) {
	k := raiserKey{fn.G, len(args), a.Pos()}
	r := in.raisers[k]
	if r == nil {
		r = in.newRaiser(fn.G, len(args), a.Pos())
		if in.raisers == nil {
			in.raisers = map[raiserKey]*ir.Graph{}
		}
		in.raisers[k] = r
	}
	gi := in.info(r)
	args = append([]Type(nil), args...)
	for i, t := range args {
		args[i] = widen(t)
	}
	key := frameKey('r', r, fn, args)
	fr := in.frames[key]
	if fr == nil {
		fr = in.newFrame(gi, frameOf(fn.Ctx), args, key)
		fr.dirty = true
	}
	return in.enter(f, a, fn, fr, true)
}

// newRaiser makes the raiser of g for n arguments, at pos: a graph
// nested where g is, of n parameters, that fails with the error
// Python raises.
func (in *inferrer) newRaiser(g *ir.Graph, n int, pos ir.Pos) *ir.Graph {
	m := in.m
	r := m.NewGraph(fmt.Sprintf("%s.arity%d_%d_%d", g.Name, n, pos.Line, pos.Col), pos, g.Parent, g.Kind)
	for i := range n {
		name := fmt.Sprintf("arg%d", i)
		if i < len(g.Params) {
			name = g.Params[i].Name
		}
		m.AddParam(r, name, pos)
	}
	msg := arityMessage(in.info(g), n)
	m.SetOutput(r, m.ApplyPrim(r, pos, ir.Check, m.Const(false, pos), m.Const(msg, pos), m.Const(ir.Undefined, pos)))
	return r
}

// arityMessage is Python's error for a call of gi's graph with n
// arguments, which it does not take (the VM's words, vm/errors.go).
func arityMessage(gi *graphInfo, n int) string {
	g := gi.g
	np, nd := len(g.Params), len(g.Defaults)
	if n > np {
		return ir.TooManyArgs(gi.name, np, nd, n)
	}
	var names []string
	for _, p := range g.Params[n : np-nd] {
		names = append(names, p.Name)
	}
	return ir.MissingArgs(gi.name, names)
}
