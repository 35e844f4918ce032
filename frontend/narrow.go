package frontend

import "github.com/myia/myia/ir"

// Narrowing by None tests. Where a condition has shown that a local
// variable is or is not None, the branch it selects rebinds the
// variable: to None where it is None, to not_none(x) where it is not,
// which inference types T when x may be None (Optional[T]):
//
//	v = maybe(k)                      graph main.then9() {
//	if v is not None:         ->        %1 = not_none(v)
//	    print(v + 1)                    %2 = add(%1, 1)
//
// The tests read are `x is None`, `x is not None` (either way round),
// `not` of a test, and `and` / `or` of tests: `a and b` true says what
// a and b true say, `a or b` false what a and b false say. They narrow
// the branches of an if statement and of a conditional expression, and
// the right operand of `and` and `or`, which runs only when the left
// one is true (false), and the code after an assert. After an if whose only branch that falls through
// narrowed a variable (`if v is None: return 0`), the code that follows
// sees the narrowed variable too (ifStmt joins it). Only the locals of
// the function are narrowed; a variable of an enclosing function keeps
// its type.

// narrowing is what a test says of a name: that it is None, or not.
type narrowing struct {
	name string
	none bool
	pos  ir.Pos
}

// narrowings are the facts that hold where e's truth is truth.
func narrowings(e Expr, truth bool) []narrowing {
	switch e := e.(type) {
	case *Compare:
		if len(e.Ops) != 1 || (e.Ops[0] != "is" && e.Ops[0] != "is not") {
			return nil
		}
		x := e.L
		if _, ok := x.(*NoneLit); ok {
			x = e.Rights[0]
		} else if _, ok := e.Rights[0].(*NoneLit); !ok {
			return nil
		}
		n, ok := x.(*Name)
		if !ok {
			return nil
		}
		none := e.Ops[0] == "is"
		return []narrowing{{name: n.ID, none: none == truth, pos: e.Pos()}}
	case *UnaryOp:
		if e.Op == "not" {
			return narrowings(e.X, !truth)
		}
	case *BoolOp:
		// a and b is true only if both are; a or b false only if both are.
		if (e.Op == "and") != truth {
			return nil
		}
		var out []narrowing
		for _, v := range e.Values {
			out = append(out, narrowings(v, truth)...)
		}
		return out
	}
	return nil
}

// narrow records in bk, a block entered only where the facts hold, the
// rebinding of each local they name that is bound: None at once, and
// not_none(x) the first time it is read (find), so that a branch that
// does not read it holds no node for it.
func (bk *block) narrow(facts []narrowing) {
	for _, f := range facts {
		if !bk.fn.locals[f.name] || bk.vars[f.name] != nil {
			continue
		}
		if _, _, st := bk.find(f.name); st != bound {
			continue
		}
		if f.none {
			bk.vars[f.name] = bk.fn.b.m.Const(ir.None, f.pos)
			continue
		}
		if bk.notNone == nil {
			bk.notNone = map[string]ir.Pos{}
		}
		bk.notNone[f.name] = f.pos
	}
}

// narrowHere rebinds in bk, from here on, each local the facts name:
// what an assert that passed has shown.
func (bk *block) narrowHere(facts []narrowing) {
	b := bk.fn.b
	for _, f := range facts {
		if !bk.fn.locals[f.name] {
			continue
		}
		v, _, st := bk.find(f.name)
		if st != bound {
			continue
		}
		if f.none {
			bk.vars[f.name] = b.m.Const(ir.None, f.pos)
		} else {
			bk.vars[f.name] = b.m.ApplyPrim(bk.g, f.pos, ir.NotNone, b.use(v, f.pos))
		}
		delete(bk.notNone, f.name)
	}
}

// narrowed makes the pending not_none of name in b, if there is one:
// the value of name where b starts, narrowed.
func (bk *block) narrowed(name string) (ir.Node, bool) {
	pos, ok := bk.notNone[name]
	if !ok || bk.parent == nil {
		return nil, false
	}
	delete(bk.notNone, name)
	v, _, st := bk.parent.find(name)
	if st != bound {
		return nil, false
	}
	b := bk.fn.b
	n := b.m.ApplyPrim(bk.g, pos, ir.NotNone, b.use(v, pos))
	bk.vars[name] = n
	return n, true
}

// narrowedAfter are the names narrowed in the branches of an if (facts)
// that the code after it must see narrowed: each not assigned in the
// branches and live after it, that every end that falls through holds
// narrowed alike (not_none, or None only where one end falls through).
func narrowedAfter(bk *block, ends []*block, facts []narrowing, assigned map[string]bool, live names) []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range facts {
		name := f.name
		if seen[name] || assigned[name] || !live[name] || !bk.fn.locals[name] {
			continue
		}
		seen[name] = true
		orig, _, st := bk.find(name)
		if st != bound {
			continue
		}
		ok := true
		for _, e := range ends {
			v, _, st := e.find(name)
			if st != bound || v == orig || (len(ends) > 1 && isNone(v)) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, name)
		}
	}
	return out
}
