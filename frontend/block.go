package frontend

import (
	"fmt"

	"github.com/myia/myia/ir"
)

// ret makes v the block's result, after the block's last effect.
func (bk *block) ret(v ir.Node) {
	m := bk.fn.b.m
	if bk.tok != nil && bk.tok != v {
		v = m.ApplyPrim(bk.g, v.Pos(), ir.Depend, v, bk.tok)
	}
	m.SetOutput(bk.g, v)
}

// call applies callee to args as an effect: ordered after the block's
// previous effect, and before the next one.
func (bk *block) call(callee ir.Node, pos ir.Pos, args ...ir.Node) ir.Node {
	m := bk.fn.b.m
	if bk.tok != nil {
		callee = m.ApplyPrim(bk.g, pos, ir.Depend, callee, bk.tok)
	}
	a := m.Apply(bk.g, pos, append([]ir.Node{callee}, args...)...)
	bk.tok = a
	return a
}

// effect applies an effectful primitive (print, assert).
func (bk *block) effect(prim ir.Node, pos ir.Pos, args ...ir.Node) ir.Node {
	return bk.call(prim, pos, args...)
}

// jump tail-calls graph g with lead arguments, then the current values of
// vars, then the value and flag of each name of maybe, and ends the block.
func (bk *block) jump(g *ir.Graph, lead []ir.Node, vars, maybe []string, pos ir.Pos) {
	args := append([]ir.Node(nil), lead...)
	for _, name := range vars {
		args = append(args, bk.local(name, pos))
	}
	for _, name := range maybe {
		v, flag := bk.carry(name, pos)
		args = append(args, v, flag)
	}
	bk.ret(bk.call(bk.fn.b.m.Const(g, pos), pos, args...))
}

// carry is the value of local name, which may be unbound, and the Bool
// that says whether it is bound: a placeholder and False if it is not.
func (bk *block) carry(name string, pos ir.Pos) (v, flag ir.Node) {
	m := bk.fn.b.m
	v, flag, st := bk.find(name)
	switch st {
	case bound:
		return bk.fn.b.use(v, pos), m.Const(true, pos)
	case maybeBound:
		return bk.fn.b.use(v, pos), bk.fn.b.use(flag, pos)
	}
	return m.Const(ir.Undefined, pos), m.Const(false, pos)
}

// bindMaybe binds name in this block to v, bound at run time iff flag.
func (bk *block) bindMaybe(name string, v, flag ir.Node) {
	bk.vars[name] = v
	bk.flags[name] = flag
	delete(bk.notNone, name)
}

// set binds name in this block.
func (bk *block) set(name string, v ir.Node, pos ir.Pos) {
	if at, ok := bk.fn.captured[name]; ok {
		w := ir.Errorf(pos, "'%s' is rebound after a closure captured it: myia uses the value at capture time, CPython the value at call time", name)
		w.Notes = append(w.Notes, ir.Note{Pos: at, Msg: "captured here"})
		bk.fn.b.m.Warnings = append(bk.fn.b.m.Warnings, w)
		delete(bk.fn.captured, name)
	}
	bk.vars[name] = v
	delete(bk.flags, name)
	delete(bk.undef, name)
	delete(bk.notNone, name)
}

// binding is what a local name holds in a block.
type binding int

const (
	unbound    binding = iota
	maybeBound         // a value and a flag that says at run time whether it is bound
	bound
)

// find looks local name up in bk: its value and, if it may be unbound,
// its flag.
func (bk *block) find(name string) (v, flag ir.Node, st binding) {
	for b := bk; b != nil && b.fn == bk.fn; b = b.parent {
		if v, ok := b.vars[name]; ok {
			if f := b.flags[name]; f != nil {
				return v, f, maybeBound
			}
			return v, nil, bound
		}
		if v, ok := b.narrowed(name); ok {
			return v, nil, bound
		}
		if b.undef[name] {
			return nil, nil, unbound
		}
	}
	return nil, nil, unbound
}

// bound reports whether local name has a value in bk on every path.
func (bk *block) bound(name string) bool {
	_, _, st := bk.find(name)
	return st == bound
}

// local returns the value of a local variable known to be bound.
func (bk *block) local(name string, pos ir.Pos) ir.Node {
	v, _, st := bk.find(name)
	if st != bound {
		panic("frontend: unbound local " + name)
	}
	return bk.fn.b.use(v, pos)
}

// use returns v for a new use: constants are copied, so each use site
// has its own.
func (b *Builder) use(v ir.Node, pos ir.Pos) ir.Node {
	if c, ok := v.(*ir.Constant); ok {
		return b.m.Const(c.Value, pos)
	}
	return v
}

// ref is what a name refers to.
type ref struct {
	node    ir.Node   // a value (nil for modules and builtins)
	flag    ir.Node   // for a variable that may be unbound, the Bool that says whether it is
	graph   *ir.Graph // a def known statically, for calls with keywords and defaults
	module  string    // "math", "numpy", "myia"
	builtin string    // "abs", "math.sin", "myia.grad"...
}

var builtinNames = map[string]bool{
	"abs": true, "min": true, "max": true, "sum": true, "range": true, "len": true,
	"float": true, "int": true, "bool": true, "print": true, "enumerate": true, "zip": true,
}

// resolve finds what name means in bk: a local of the function, a
// variable of an enclosing function (captured), a top-level def,
// constant or import, or a builtin. A variable that may be unbound is
// checked here, where it is read: an error at run time if it is not
// bound, as CPython raises UnboundLocalError.
func (bk *block) resolve(name string, pos ir.Pos) (ref, bool) {
	r, ok := bk.lookupRef(name, pos)
	if !ok || r.flag == nil {
		return r, ok
	}
	b := bk.fn.b
	msg := fmt.Sprintf("cannot access local variable '%s' where it is not associated with a value", name)
	local := bk.fn.locals[name]
	if !local {
		msg = fmt.Sprintf("cannot access free variable '%s' where it is not associated with a value in enclosing scope", name)
	}
	// The value is the check's result: no operation sees the placeholder.
	r.node = bk.effect(b.m.Const(ir.Check, pos), pos, b.use(r.flag, pos), b.m.Const(msg, pos), r.node)
	if local {
		bk.vars[name] = r.node // checked: bound from here on in this block
	}
	r.flag = nil
	return r, true
}

// lookupRef is resolve without the check.
func (bk *block) lookupRef(name string, pos ir.Pos) (ref, bool) {
	return bk.lookupFrom(name, pos, false)
}

// lookupFrom is lookupRef; nested says that a function defined in bk
// reads name.
func (bk *block) lookupFrom(name string, pos ir.Pos, nested bool) (ref, bool) {
	b := bk.fn.b
	fn := bk.fn
	if fn.locals[name] {
		v, flag, st := bk.find(name)
		if st != unbound {
			r := ref{node: b.use(v, pos), flag: flag}
			if g := ir.GraphOf(v); g != nil && flag == nil {
				r.graph = g
			}
			return r, true
		}
		for blk := bk; blk != nil && blk.fn == fn; blk = blk.parent {
			if blk.undef[name] {
				b.errorf(pos, "'%s' may be undefined here: it is not assigned on every path that reaches this point", name)
				return ref{node: b.m.Const(ir.None, pos)}, false
			}
		}
		if nested {
			b.errorf(pos, "'%s' is read by a closure defined before '%s' is assigned in %s: "+
				"myia's closures capture the values variables have when the closure is made (CPython's, when it is called), so assign '%s' before the def",
				name, name, fn.name, name)
		} else {
			b.errorf(pos, "local variable '%s' referenced before assignment", name)
		}
		return ref{node: b.m.Const(ir.None, pos)}, false
	}
	if fn.outer != nil {
		r, ok := fn.outer.lookupFrom(name, pos, true)
		if ok && r.node != nil && r.graph == nil && fn.outer.fn.locals[name] {
			if fn.outer.fn.captured == nil {
				fn.outer.fn.captured = map[string]ir.Pos{}
			}
			if _, seen := fn.outer.fn.captured[name]; !seen {
				fn.outer.fn.captured[name] = fn.g.Pos
			}
		}
		return r, ok
	}
	if g, ok := b.globals[name]; ok {
		return ref{node: b.m.Const(g, pos), graph: g}, true
	}
	if e, ok := b.consts[name]; ok {
		return ref{node: bk.expr(e)}, true
	}
	if imp, ok := b.imports[name]; ok {
		if allowedModules[imp] {
			return ref{module: imp}, true
		}
		return ref{builtin: imp}, true
	}
	if builtinNames[name] {
		return ref{builtin: name}, true
	}
	if g, ok := b.opt.Builtins[name]; ok {
		return ref{node: b.m.Const(g, pos), graph: g}, true
	}
	if b.opt.Stdlib {
		// Inside the stdlib every primitive is callable by its name.
		if p, ok := ir.PrimByName(name); ok {
			return ref{node: b.m.Const(p, pos)}, true
		}
	}
	if pythonBuiltins[name] {
		b.errorf(pos, "the builtin %s() is not supported (the subset's builtins are abs min max sum range len float int bool print enumerate zip)", name)
		return ref{node: b.m.Const(ir.None, pos)}, false
	}
	b.errorf(pos, "undefined name '%s'", name)
	return ref{node: b.m.Const(ir.None, pos)}, false
}

// pythonBuiltins are the builtins of Python outside the subset
// (LANGUAGE.md lists those of builtinNames): naming one is an error that
// says so, not an undefined name.
var pythonBuiltins = map[string]bool{
	"str": true, "repr": true, "format": true, "round": true, "list": true, "tuple": true,
	"dict": true, "set": true, "frozenset": true, "isinstance": true, "type": true, "map": true,
	"filter": true, "sorted": true, "reversed": true, "any": true, "all": true, "divmod": true,
	"pow": true, "complex": true, "iter": true, "next": true, "hash": true, "id": true,
	"input": true, "open": true, "ord": true, "chr": true, "hex": true, "oct": true, "bin": true,
	"slice": true, "getattr": true, "setattr": true, "hasattr": true, "callable": true,
	"vars": true, "dir": true, "eval": true, "exec": true, "object": true, "bytes": true,
}

// isBuiltin reports whether name, in bk, is the builtin of that name.
func (bk *block) isBuiltin(name string) bool {
	for fn, blk := bk.fn, bk; ; {
		if fn.locals[name] {
			return false
		}
		if fn.outer == nil {
			break
		}
		blk = fn.outer
		fn = blk.fn
	}
	b := bk.fn.b
	_, g := b.globals[name]
	_, c := b.consts[name]
	_, i := b.imports[name]
	return builtinNames[name] && !g && !c && !i
}

// lookup returns the value of name as a node.
func (bk *block) lookup(name string, pos ir.Pos) ir.Node {
	r, ok := bk.resolve(name, pos)
	if !ok {
		return r.node
	}
	return bk.refValue(r, name, pos)
}

// builtinValues are the builtins that may be used as function values.
var builtinValues = map[string]ir.Prim{
	"abs": ir.Abs, "len": ir.Len, "float": ir.ToFloat, "int": ir.ToInt, "bool": ir.Truth,
	"print": ir.Print, "min": ir.ScalarMin, "max": ir.ScalarMax,
	"math.exp": ir.Exp, "math.log": ir.Log, "math.sqrt": ir.Sqrt, "math.sin": ir.Sin,
	"math.cos": ir.Cos, "math.tan": ir.Tan, "math.tanh": ir.Tanh,
	"myia.stop_gradient": ir.StopGradient,
}

func (bk *block) refValue(r ref, name string, pos ir.Pos) ir.Node {
	b := bk.fn.b
	switch {
	case r.node != nil:
		return r.node
	case r.module != "":
		b.errorf(pos, "module %s is not a value", r.module)
	case r.builtin != "":
		if np, ok := isNumpy(r.builtin); ok {
			return bk.npValue(np, pos)
		}
		// min and max as values take a sequence or several numbers.
		if g, ok := b.opt.Builtins[map[string]string{"sum": "sum", "min": "min_value", "max": "max_value"}[r.builtin]]; ok {
			return b.m.Const(g, pos)
		}
		if p, ok := builtinValues[r.builtin]; ok {
			return b.m.Const(p, pos)
		}
		if v, ok := mathConst[r.builtin]; ok {
			return b.m.Const(v, pos)
		}
		b.errorf(pos, "%s cannot be used as a value", displayBuiltin(r.builtin))
	}
	return b.m.Const(ir.None, pos)
}

func displayBuiltin(name string) string {
	if len(name) > 5 && name[:5] == "myia." {
		return name[5:]
	}
	return name
}
