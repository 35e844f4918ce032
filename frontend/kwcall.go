package frontend

import (
	"fmt"
	"strings"

	"github.com/myia/myia/ir"
)

// Keyword arguments in a call of a function value: f(x, y=1.0) where f
// is a parameter, make()(x, y=1.0), fs[0](x, y=1.0).
//
// The keywords are matched here, with Python's rules and messages, to
// the parameters of each def or lambda the source says the value may
// be (arity.go follows function values through parameters, variables,
// tuples and lists, and the results of calls), and the call becomes a
// positional one:
//
//	def g(x, y=0.0, z=1.0): ...       apply(g, 2.0) makes, in apply,
//	def apply(f, x):           ->       %1 = f(x, 1.0, 3.0)
//	    return f(x, z=3.0, y=1.0)
//
// so that inference, the J transform (which differentiates a call by
// the positions of its arguments, before inference runs) and the
// backends see an ordinary call. Every function the value may be must
// take the keywords, and in the same places; a parameter the keywords
// skip gets its default, which must then be a literal (the default of a
// closure is computed where its def stands, which the call does not
// see); the trailing parameters left out are left to the callee's
// defaults, as in any call of a function value. Where the source does
// not say which functions the value may be, the call is an error.

// kwSlot is what a call passes for one parameter: argument arg (the
// positional ones, then the keywords in source order), or, with arg -1,
// the literal default lit.
type kwSlot struct {
	arg int
	lit Expr
}

// keywordCall lowers c, a call of the function value callee with
// keywords. ad says that callee is a gradient made for as many
// arguments as c passes (grad(f)(x, y=1.0)): the keywords may then skip
// no parameter.
func (bk *block) keywordCall(callee ir.Node, c *Call, ad bool) ir.Node {
	b := bk.fn.b
	none := b.m.Const(ir.None, c.Pos())
	for _, kw := range c.Keywords {
		if kw.Name == "" {
			b.errorf(kw.Pos(), "**kwargs in calls are not supported")
			return none
		}
	}
	fns, known := b.calleesOf(c)
	if !known {
		b.errorf(c.Pos(), "keyword arguments in a call of a function value need the functions it may be to be known from the source (defs or lambdas, passed or assigned where the source says)")
		return none
	}
	var slots []kwSlot
	for i, fn := range fns {
		s, msg := matchKeywords(fn, c)
		if msg != "" {
			b.errorf(c.Pos(), "%s", msg)
			return none
		}
		if i > 0 {
			switch k := diffSlots(slots, s); {
			case k == -2:
				b.errorf(c.Pos(), "the functions this call may call take its keyword arguments in different places: %s and %s", signature(fns[0]), signature(fn))
				return none
			case k >= 0:
				b.errorf(c.Pos(), "the functions this call may call have different defaults for parameter '%s', which its keyword arguments skip: %s and %s",
					fn.params[k].Name, signature(fns[0]), signature(fn))
				return none
			}
		}
		slots = s
	}
	if len(fns) == 0 {
		// No function ever reaches the call: it never runs.
		for i := range len(c.Args) + len(c.Keywords) {
			slots = append(slots, kwSlot{arg: i})
		}
	}
	if ad && len(slots) != len(c.Args)+len(c.Keywords) {
		b.errorf(c.Pos(), "keyword arguments of a gradient of a function value may not skip a parameter that has a default")
		return none
	}
	vals := bk.exprs(c.Args)
	for _, kw := range c.Keywords {
		vals = append(vals, bk.expr(kw.Value))
	}
	args := make([]ir.Node, len(slots))
	for i, s := range slots {
		if s.arg >= 0 {
			args[i] = vals[s.arg]
		} else {
			args[i] = bk.expr(s.lit)
		}
	}
	return bk.call(callee, c.Pos(), args...)
}

// matchKeywords matches the arguments of c to the parameters of fn as
// Python does; msg is Python's error if they do not match.
func matchKeywords(fn *afn, c *Call) (slots []kwSlot, msg string) {
	name, params := fnName(fn), fn.params
	if len(c.Args) > len(params) {
		nd := 0
		for _, p := range params {
			if p.Default != nil {
				nd++
			}
		}
		return nil, ir.TooManyArgs(name, len(params), nd, len(c.Args))
	}
	given := make([]int, len(params))
	for i := range given {
		given[i] = -1
		if i < len(c.Args) {
			given[i] = i
		}
	}
	for k, kw := range c.Keywords {
		i := -1
		for j, p := range params {
			if p.Name == kw.Name {
				i = j
			}
		}
		switch {
		case i < 0:
			return nil, fmt.Sprintf("%s() got an unexpected keyword argument '%s'", name, kw.Name)
		case given[i] >= 0:
			return nil, fmt.Sprintf("%s() got multiple values for argument '%s'", name, kw.Name)
		}
		given[i] = len(c.Args) + k
	}
	var missing []string
	last := -1
	for i, p := range params {
		if given[i] >= 0 {
			last = i
		} else if p.Default == nil {
			missing = append(missing, p.Name)
		}
	}
	if len(missing) > 0 {
		return nil, ir.MissingArgs(name, missing)
	}
	for i := 0; i <= last; i++ {
		if given[i] >= 0 {
			slots = append(slots, kwSlot{arg: given[i]})
			continue
		}
		p := params[i]
		if !isLiteral(p.Default) {
			return nil, fmt.Sprintf("the keyword arguments of this call skip parameter '%s' of %s(), whose default is not a literal: "+
				"a call of a function value cannot compute it (pass %s too)", p.Name, name, p.Name)
		}
		slots = append(slots, kwSlot{arg: -1, lit: p.Default})
	}
	return slots, ""
}

func fnName(fn *afn) string {
	if fn.lambda || fn.name == "" {
		return "<lambda>"
	}
	return fn.name
}

// signature is fn's name and parameters, for messages: g(x, y).
func signature(fn *afn) string {
	names := make([]string, len(fn.params))
	for i, p := range fn.params {
		names[i] = p.Name
	}
	return fnName(fn) + "(" + strings.Join(names, ", ") + ")"
}

// diffSlots compares the slots two functions take a call's arguments
// in: -1 if they are the same, -2 if the arguments go to different
// places, else the first parameter skipped whose defaults differ.
func diffSlots(a, b []kwSlot) int {
	if len(a) != len(b) {
		return -2
	}
	for i := range a {
		if a[i].arg != b[i].arg {
			return -2
		}
	}
	for i := range a {
		if a[i].arg < 0 && literalKey(a[i].lit) != literalKey(b[i].lit) {
			return i
		}
	}
	return -1
}

// isLiteral reports whether e is a literal: a number, a string, a bool,
// None, or a tuple of literals (a top-level def's defaults have their
// constants inlined already).
func isLiteral(e Expr) bool {
	return literalKey(e) != ""
}

// literalKey spells literal e, or is "" if e is not one.
func literalKey(e Expr) string {
	switch e := e.(type) {
	case *Int:
		return fmt.Sprintf("i%v", e.Value)
	case *Float:
		return fmt.Sprintf("f%v", e.Value)
	case *Str:
		return fmt.Sprintf("s%q", e.Value)
	case *Bool:
		return fmt.Sprintf("b%v", e.Value)
	case *NoneLit:
		return "None"
	case *UnaryOp:
		if x := literalKey(e.X); x != "" && (e.Op == "-" || e.Op == "+") {
			if _, ok := e.X.(*Tuple); !ok {
				return e.Op + x
			}
		}
	case *Tuple:
		parts := make([]string, len(e.Elts))
		for i, x := range e.Elts {
			if parts[i] = literalKey(x); parts[i] == "" {
				return ""
			}
		}
		return "(" + strings.Join(parts, ",") + ")"
	}
	return ""
}
